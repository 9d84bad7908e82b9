//! Every query of returns: the return policy (a settings row), a return and
//! its lines, the moves (each one conditional UPDATE, so of two staff moves
//! at once one wins), and what an order's returns have asked for and
//! refunded so far.

use std::collections::HashMap;

use sea_query::{Expr, Iden, Order, Query, SelectStatement};

use super::reasons::{Named, Reason, State};
use super::refund::{Before, Fee};
use crate::core::db::{self, Db};
use crate::core::settings;
use crate::orders::REFUND_MARK_HOLDS;

#[derive(Iden, Clone, Copy)]
pub enum Returns {
    Table,
    Id,
    BookingId,
    BuyerId,
    State,
    Reason,
    Note,
    Image,
    Instructions,
    Rejection,
    Condition,
    GoodsCents,
    TaxCents,
    DeliveryCents,
    FeeCents,
    RefundCents,
    RefundId,
    RefundStartedAt,
    ExchangeOrderId,
    CoreCents,
    DeductionCents,
    CreatedAt,
    UpdatedAt,
}

crate::stored_row! {
    /// A return as stored.
    #[derive(Debug, Clone)]
    pub struct ReturnRow, columns COLUMNS: Returns {
        id: i64 = Id,
        booking_id: i64 = BookingId,
        buyer_id: i64 = BuyerId,
        state: String = State,
        reason: String = Reason,
        note: String = Note,
        image: Option<String> = Image,
        instructions: Option<String> = Instructions,
        rejection: Option<String> = Rejection,
        condition: Option<String> = Condition,
        goods_cents: i64 = GoodsCents,
        tax_cents: i64 = TaxCents,
        delivery_cents: i64 = DeliveryCents,
        fee_cents: i64 = FeeCents,
        refund_cents: i64 = RefundCents,
        refund_id: Option<String> = RefundId,
        refund_started_at: Option<String> = RefundStartedAt,
        exchange_order_id: Option<i64> = ExchangeOrderId,
        /// The deposits given back, once refunded.
        core_cents: i64 = CoreCents,
        /// A core return: what the staff took off its deposit on receipt.
        deduction_cents: i64 = DeductionCents,
        created_at: String = CreatedAt,
        updated_at: String = UpdatedAt,
    }
}

impl ReturnRow {
    pub fn state(&self) -> State {
        State::parse(&self.state).expect("the state column's CHECK holds it to the known states")
    }
}

#[derive(Iden, Clone, Copy)]
pub enum ReturnLines {
    Table,
    ReturnId,
    Position,
    Quantity,
}

/// One line of a return: the order's line at `position` (its place, from
/// 1), and how many of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct ReturnLineRow {
    pub return_id: i64,
    pub position: i64,
    pub quantity: i64,
}

/// A return about to be stored.
pub struct NewReturn<'a> {
    pub booking_id: i64,
    pub buyer_id: i64,
    pub reason: &'a str,
    pub note: &'a str,
    pub image: Option<&'a str>,
    /// (position, quantity), each position once.
    pub lines: &'a [(i64, i64)],
}

/// Stores a return as requested, with its lines, on `tx`.
pub async fn insert(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    new: &NewReturn<'_>,
) -> Result<ReturnRow, sqlx::Error> {
    let now = db::now();
    let insert = Query::insert()
        .into_table(Returns::Table)
        .columns([
            Returns::BookingId,
            Returns::BuyerId,
            Returns::State,
            Returns::Reason,
            Returns::Note,
            Returns::Image,
            Returns::CreatedAt,
            Returns::UpdatedAt,
        ])
        .values_panic([
            new.booking_id.into(),
            new.buyer_id.into(),
            State::Requested.as_str().into(),
            new.reason.into(),
            new.note.into(),
            new.image.map(str::to_owned).into(),
            now.clone().into(),
            now.into(),
        ])
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let row: ReturnRow = db
        .fetch_optional_on(&mut *tx, &insert)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let mut lines = Query::insert()
        .into_table(ReturnLines::Table)
        .columns([
            ReturnLines::ReturnId,
            ReturnLines::Position,
            ReturnLines::Quantity,
        ])
        .to_owned();
    for (position, quantity) in new.lines {
        lines.values_panic([row.id.into(), (*position).into(), (*quantity).into()]);
    }
    db.execute_on(&mut *tx, &lines).await?;
    Ok(row)
}

/// How many of each line of order `booking_id` its returns ask for or have
/// taken back, by position: every return but a rejected one.
pub async fn asked_for(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    booking_id: i64,
) -> Result<HashMap<i64, i64>, sqlx::Error> {
    let select = Query::select()
        .column((ReturnLines::Table, ReturnLines::Position))
        .column((ReturnLines::Table, ReturnLines::Quantity))
        .from(ReturnLines::Table)
        .inner_join(
            Returns::Table,
            Expr::col((Returns::Table, Returns::Id))
                .equals((ReturnLines::Table, ReturnLines::ReturnId)),
        )
        .and_where(Expr::col((Returns::Table, Returns::BookingId)).eq(booking_id))
        .and_where(Expr::col((Returns::Table, Returns::Rejection)).is_null())
        .to_owned();
    let rows: Vec<(i64, i64)> = db.fetch_all_on(conn, &select).await?;
    let mut asked = HashMap::new();
    for (position, quantity) in rows {
        *asked.entry(position).or_insert(0) += quantity;
    }
    Ok(asked)
}

/// What the earlier refunded returns of order `booking_id` gave back of its
/// tax on goods and its delivery.
pub async fn refunded_before(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    booking_id: i64,
) -> Result<Before, sqlx::Error> {
    let select = Query::select()
        .columns([Returns::TaxCents, Returns::DeliveryCents])
        .from(Returns::Table)
        .and_where(Expr::col(Returns::BookingId).eq(booking_id))
        .and_where(Expr::col(Returns::RefundId).is_not_null())
        .to_owned();
    let rows: Vec<(i64, i64)> = db.fetch_all_on(conn, &select).await?;
    Ok(Before {
        goods_tax_cents: rows.iter().map(|(tax, _)| tax).sum(),
        delivery_refunded: rows.iter().any(|(_, delivery)| *delivery > 0),
    })
}

fn select() -> SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Returns::Table)
        .to_owned()
}

pub async fn find(db: &Db, id: i64) -> Result<Option<ReturnRow>, sqlx::Error> {
    db.fetch_optional(&select().and_where(Expr::col(Returns::Id).eq(id)).to_owned())
        .await
}

/// Locks a return's row for the rest of the transaction; answers it as it
/// stands.
pub async fn lock(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    id: i64,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    let statement = Query::update()
        .table(Returns::Table)
        .value(Returns::UpdatedAt, Expr::col(Returns::UpdatedAt))
        .and_where(Expr::col(Returns::Id).eq(id))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(tx, &statement).await
}

/// Which returns a list shows.
#[derive(Debug, Default)]
pub struct Filter<'a> {
    /// Only this buyer's (None: everyone's, for an admin).
    pub buyer_id: Option<i64>,
    pub state: Option<&'a str>,
    pub reason: Option<&'a str>,
}

fn filtered(mut statement: SelectStatement, filter: &Filter<'_>) -> SelectStatement {
    if let Some(buyer) = filter.buyer_id {
        statement.and_where(Expr::col(Returns::BuyerId).eq(buyer));
    }
    if let Some(state) = filter.state {
        statement.and_where(Expr::col(Returns::State).eq(state));
    }
    if let Some(reason) = filter.reason {
        statement.and_where(Expr::col(Returns::Reason).eq(reason));
    }
    statement
}

/// One page of the returns `filter` lets through, newest first, and how
/// many there are in all.
pub async fn list(
    db: &Db,
    filter: &Filter<'_>,
    limit: u64,
    offset: u64,
) -> Result<(Vec<ReturnRow>, i64), sqlx::Error> {
    let page = filtered(select(), filter)
        .order_by(Returns::Id, Order::Desc)
        .limit(limit)
        .offset(offset)
        .to_owned();
    let rows: Vec<ReturnRow> = db.fetch_all(&page).await?;
    let count = filtered(
        Query::select()
            .expr(Expr::col(Returns::Id).count())
            .from(Returns::Table)
            .to_owned(),
        filter,
    );
    let total: Option<(i64,)> = db.fetch_optional(&count).await?;
    Ok((rows, total.map_or(0, |(n,)| n)))
}

/// The lines of the returns `ids`, by return, in position order.
pub async fn lines_of(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: &[i64],
) -> Result<HashMap<i64, Vec<ReturnLineRow>>, sqlx::Error> {
    let mut all: HashMap<i64, Vec<ReturnLineRow>> = HashMap::new();
    for chunk in ids.chunks(500) {
        let select = Query::select()
            .columns([
                ReturnLines::ReturnId,
                ReturnLines::Position,
                ReturnLines::Quantity,
            ])
            .from(ReturnLines::Table)
            .and_where(Expr::col(ReturnLines::ReturnId).is_in(chunk.iter().copied()))
            .order_by(ReturnLines::ReturnId, Order::Asc)
            .order_by(ReturnLines::Position, Order::Asc)
            .to_owned();
        let rows: Vec<ReturnLineRow> = db.fetch_all_on(&mut *conn, &select).await?;
        for line in rows {
            all.entry(line.return_id).or_default().push(line);
        }
    }
    Ok(all)
}

/// What a move writes beside the new state.
#[derive(Debug, Default)]
pub struct Changes<'a> {
    pub instructions: Option<&'a str>,
    pub rejection: Option<&'a str>,
    pub condition: Option<&'a str>,
    /// Receiving a core: what is taken off its deposit.
    pub deduction_cents: Option<i64>,
    /// Refunding: the figures and the provider's refund id.
    pub refund: Option<(super::refund::Figures, &'a str)>,
}

/// Moves return `id` from one of `from` to `to`, writing `changes`, in one
/// UPDATE that holds only while it is still in one of `from`; answers it
/// after the move, or None when it was not (any more).
pub async fn move_to(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    id: i64,
    from: &[State],
    to: State,
    changes: &Changes<'_>,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    let mut update = Query::update();
    update
        .table(Returns::Table)
        .value(Returns::State, to.as_str())
        .value(Returns::UpdatedAt, db::now())
        .and_where(Expr::col(Returns::Id).eq(id))
        .and_where(Expr::col(Returns::State).is_in(from.iter().map(|s| s.as_str())))
        .returning(Query::returning().columns(COLUMNS));
    if let Some(text) = changes.instructions {
        update.value(Returns::Instructions, text);
    }
    if let Some(text) = changes.rejection {
        update.value(Returns::Rejection, text);
    }
    if let Some(text) = changes.condition {
        update.value(Returns::Condition, text);
    }
    if let Some(cents) = changes.deduction_cents {
        update.value(Returns::DeductionCents, cents);
    }
    if let Some((figures, refund_id)) = changes.refund {
        update
            .value(Returns::GoodsCents, figures.goods)
            .value(Returns::TaxCents, figures.tax)
            .value(Returns::DeliveryCents, figures.delivery)
            .value(Returns::CoreCents, figures.core)
            .value(Returns::FeeCents, figures.fee)
            .value(Returns::RefundCents, figures.total)
            .value(Returns::RefundId, refund_id)
            .value(Returns::RefundStartedAt, Option::<String>::None);
    }
    db.fetch_optional_on(tx, &update).await
}

/// The oldest mark of a refund still under way.
pub fn mark_holds_from() -> String {
    db::ago(REFUND_MARK_HOLDS)
}

/// Marks return `id` (of order `booking_id`) as being refunded, on the
/// caller's transaction, which holds the order's row locked: while it is
/// received, no refund of it is under way, and no other return of the order
/// is being refunded (so each refund reads what the earlier ones gave back).
/// Answers the mark, or None.
pub async fn start_refund_on(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    id: i64,
    booking_id: i64,
) -> Result<Option<String>, sqlx::Error> {
    let recent = mark_holds_from();
    let others = Query::select()
        .expr(Expr::col(Returns::Id).count())
        .from(Returns::Table)
        .and_where(Expr::col(Returns::BookingId).eq(booking_id))
        .and_where(Expr::col(Returns::Id).ne(id))
        .and_where(Expr::col(Returns::RefundStartedAt).gte(recent.clone()))
        .to_owned();
    let busy: Option<(i64,)> = db.fetch_optional_on(&mut *tx, &others).await?;
    if busy.is_some_and(|(n,)| n > 0) {
        return Ok(None);
    }
    let mark = db::now();
    let statement = Query::update()
        .table(Returns::Table)
        .value(Returns::RefundStartedAt, mark.clone())
        .and_where(Expr::col(Returns::Id).eq(id))
        .and_where(Expr::col(Returns::State).eq(State::Received.as_str()))
        .and_where(
            Expr::col(Returns::RefundStartedAt)
                .is_null()
                .or(Expr::col(Returns::RefundStartedAt).lt(recent)),
        )
        .to_owned();
    Ok((db.execute_on(tx, &statement).await? == 1).then_some(mark))
}

/// Forgets a refund the provider did not make: the mark `start_refund`
/// answered, and no later one.
pub async fn abandon_refund(db: &Db, id: i64, mark: &str) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Returns::Table)
        .value(Returns::RefundStartedAt, Option::<String>::None)
        .and_where(Expr::col(Returns::Id).eq(id))
        .and_where(Expr::col(Returns::RefundStartedAt).eq(mark))
        .to_owned();
    db.execute(&statement).await
}

/// The key the return policy is kept under in `settings`, as JSON.
const POLICY_KEY: &str = "return_policy";

/// The return policy as stored: the windows in days and the fee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredPolicy {
    pub return_days: i64,
    pub fee: Fee,
    /// The window for returning an old part for its deposit; a policy kept
    /// before core charges has the default.
    #[serde(default = "default_core_return_days")]
    pub core_return_days: i64,
}

fn default_core_return_days() -> i64 {
    90
}

impl Default for StoredPolicy {
    fn default() -> Self {
        StoredPolicy {
            return_days: 30,
            fee: Fee::None,
            core_return_days: default_core_return_days(),
        }
    }
}

/// The policy as an admin set it, or the default.
pub async fn policy_on(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
) -> Result<StoredPolicy, sqlx::Error> {
    Ok(settings::read_on(db, conn, POLICY_KEY)
        .await?
        .unwrap_or_default())
}

/// Keeps `policy`, on `tx`.
pub async fn save_policy(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    policy: &StoredPolicy,
) -> Result<(), sqlx::Error> {
    settings::write_on(db, tx, POLICY_KEY, policy).await
}

/// Per reason, over the returns asked for since `since`: how many, how
/// many of them were refunded, and the cents refunded.
pub async fn by_reason(db: &Db, since: &str) -> Result<Vec<(String, i64, i64, i64)>, sqlx::Error> {
    // Whole numbers on both databases (PostgreSQL's sum of BIGINT is NUMERIC).
    let refunded = "CASE WHEN refund_id IS NULL THEN 0 ELSE";
    let select = Query::select()
        .column(Returns::Reason)
        .expr(Expr::cust("CAST(COUNT(id) AS BIGINT)"))
        .expr(Expr::cust(format!(
            "CAST(COALESCE(SUM({refunded} 1 END), 0) AS BIGINT)"
        )))
        .expr(Expr::cust(format!(
            "CAST(COALESCE(SUM({refunded} refund_cents END), 0) AS BIGINT)"
        )))
        .from(Returns::Table)
        .and_where(Expr::col(Returns::CreatedAt).gte(since))
        .group_by_col(Returns::Reason)
        .order_by(Returns::Reason, Order::Asc)
        .to_owned();
    db.fetch_all(&select).await
}

/// The old parts (cores) received back in the core returns asked for
/// since `since`, in units.
pub async fn cores_received(db: &Db, since: &str) -> Result<i64, sqlx::Error> {
    let select = Query::select()
        .expr(Expr::cust(
            "CAST(COALESCE(SUM(return_lines.quantity), 0) AS BIGINT)",
        ))
        .from(ReturnLines::Table)
        .inner_join(
            Returns::Table,
            Expr::col((Returns::Table, Returns::Id))
                .equals((ReturnLines::Table, ReturnLines::ReturnId)),
        )
        .and_where(Expr::col((Returns::Table, Returns::Reason)).eq(Reason::Core.as_str()))
        .and_where(Expr::col((Returns::Table, Returns::Condition)).is_not_null())
        .and_where(Expr::col((Returns::Table, Returns::CreatedAt)).gte(since))
        .to_owned();
    let found: Option<(i64,)> = db.fetch_optional(&select).await?;
    Ok(found.map_or(0, |(n,)| n))
}

/// Links order `order_id` to return `id` as the order that replaces its
/// part, on `tx`, while it has none; answers the return, or None.
pub async fn link_exchange(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    id: i64,
    order_id: i64,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    let update = Query::update()
        .table(Returns::Table)
        .value(Returns::ExchangeOrderId, order_id)
        .value(Returns::UpdatedAt, db::now())
        .and_where(Expr::col(Returns::Id).eq(id))
        .and_where(Expr::col(Returns::ExchangeOrderId).is_null())
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    db.fetch_optional_on(tx, &update).await
}

/// The return order `order_id` replaces the part of, if any.
pub async fn exchanged_by(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    order_id: i64,
) -> Result<Option<ReturnRow>, sqlx::Error> {
    let select = select()
        .and_where(Expr::col(Returns::ExchangeOrderId).eq(order_id))
        .to_owned();
    db.fetch_optional_on(tx, &select).await
}
