//! The dashboard's queries: each figure one statement, answered from an
//! index (the tests read their plans).

use sea_query::{Alias, Expr, Order, Query, SelectStatement, SimpleExpr};

use super::{BookingLines, Bookings};
use crate::catalogue::Parts;
use crate::core::db::Db;

/// Parts in each top list.
pub const TOP: u64 = 10;
/// Low-stock parts listed at most (`lowStockCount` counts them all).
pub const LOW_STOCK_LISTED: u64 = 50;

#[derive(sea_query::Iden)]
enum Refunds {
    Table,
    AmountCents,
    CreatedAt,
}

/// A part of a top list: id, part number, name, units and cents.
pub type TopRow = (i64, String, String, i64, i64);
/// A part low on stock: id, part number, name, stock and reorder level.
pub type LowRow = (i64, String, String, i64, i64);

/// The dashboard's figures as the database answers them.
pub struct Read {
    /// Each day with orders: `YYYY-MM-DD`, orders placed, cents paid.
    pub per_day: Vec<(String, i64, i64)>,
    pub top_by_units: Vec<TopRow>,
    pub top_by_revenue: Vec<TopRow>,
    pub low_stock: Vec<LowRow>,
    pub low_stock_count: i64,
    /// How many refunds, and their cents.
    pub refunds: (i64, i64),
}

/// Reads every figure of orders placed from `since` on.
pub async fn read(db: &Db, since: &str) -> Result<Read, sqlx::Error> {
    let q = Statements::new(since);
    let (low_stock_count,): (i64,) = db.fetch_one(&q.low_stock_count).await?;
    Ok(Read {
        per_day: db.fetch_all(&q.per_day).await?,
        top_by_units: db.fetch_all(&q.top_by_units).await?,
        top_by_revenue: db.fetch_all(&q.top_by_revenue).await?,
        low_stock: db.fetch_all(&q.low_stock).await?,
        low_stock_count,
        refunds: db.fetch_one(&q.refunds).await?,
    })
}

/// The dashboard's queries, for orders placed from `since` on (an RFC 3339
/// UTC time in the shop's stored form).
pub struct Statements {
    pub per_day: SelectStatement,
    pub top_by_units: SelectStatement,
    pub top_by_revenue: SelectStatement,
    pub low_stock: SelectStatement,
    pub low_stock_count: SelectStatement,
    pub refunds: SelectStatement,
}

/// A sum that is a whole number on both databases (PostgreSQL's sum of
/// BIGINT is NUMERIC), 0 when there is nothing to add.
fn sum(expr: &str) -> SimpleExpr {
    Expr::cust(format!("CAST(COALESCE(SUM({expr}), 0) AS BIGINT)"))
}

impl Statements {
    pub fn new(since: &str) -> Self {
        let paid = || Expr::col((Bookings::Table, Bookings::PaymentStatus)).eq("paid");
        let recent = || Expr::col((Bookings::Table, Bookings::CreatedAt)).gte(since.to_owned());
        // The day of an order: the date part of its UTC timestamp.
        let per_day = Query::select()
            .expr_as(Expr::cust("substr(created_at, 1, 10)"), Alias::new("day"))
            .expr(Expr::col(Bookings::Id).count())
            // Deposits (core charges) are money held, not takings (D42).
            .expr(sum(
                "CASE WHEN payment_status = 'paid' THEN total_cents - core_charges_cents ELSE 0 END",
            ))
            .from(Bookings::Table)
            .and_where(Expr::col(Bookings::CreatedAt).gte(since.to_owned()))
            .group_by_col(Alias::new("day"))
            .to_owned();
        let top = |order: &str| {
            Query::select()
                .column((BookingLines::Table, BookingLines::PartId))
                .expr(Expr::cust("MAX(booking_lines.sku)"))
                .expr(Expr::cust("MAX(booking_lines.part_name)"))
                .expr_as(sum("booking_lines.quantity"), Alias::new("units"))
                .expr_as(sum("booking_lines.price_cents"), Alias::new("cents"))
                .from(Bookings::Table)
                .inner_join(
                    BookingLines::Table,
                    Expr::col((BookingLines::Table, BookingLines::BookingId))
                        .equals((Bookings::Table, Bookings::Id)),
                )
                .and_where(recent())
                .and_where(paid())
                .group_by_col((BookingLines::Table, BookingLines::PartId))
                .order_by(Alias::new(order), Order::Desc)
                .order_by((BookingLines::Table, BookingLines::PartId), Order::Asc)
                .limit(TOP)
                .to_owned()
        };
        // The low parts are found from parts_low_stock_idx, which holds the
        // parts whose generated `low_stock` is true, and sorted by shortfall.
        let shortfall = || Expr::cust("available_quantity - reorder_level");
        let low = || SimpleExpr::from(Expr::col(Parts::LowStock));
        let low_stock = Query::select()
            .columns([
                Parts::Id,
                Parts::Sku,
                Parts::Name,
                Parts::AvailableQuantity,
                Parts::ReorderLevel,
            ])
            .from(Parts::Table)
            .and_where(low())
            .order_by_expr(shortfall(), Order::Asc)
            .order_by(Parts::Id, Order::Asc)
            .limit(LOW_STOCK_LISTED)
            .to_owned();
        let low_stock_count = Query::select()
            .expr(Expr::col(Parts::Id).count())
            .from(Parts::Table)
            .and_where(low())
            .to_owned();
        let refunds = Query::select()
            .expr(Expr::col(Refunds::AmountCents).count())
            .expr(sum("amount_cents"))
            .from(Refunds::Table)
            .and_where(Expr::col(Refunds::CreatedAt).gte(since.to_owned()))
            .to_owned();
        Statements {
            per_day,
            top_by_units: top("units"),
            top_by_revenue: top("cents"),
            low_stock,
            low_stock_count,
            refunds,
        }
    }

    /// Every statement, for query plans.
    pub fn all(&self) -> [&SelectStatement; 6] {
        [
            &self.per_day,
            &self.top_by_units,
            &self.top_by_revenue,
            &self.low_stock,
            &self.low_stock_count,
            &self.refunds,
        ]
    }
}
