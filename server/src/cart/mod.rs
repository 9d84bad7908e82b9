//! The cart: the parts a buyer means to order, before the checkout places
//! them as one order (docs/decisions.md, D19). A signed-in buyer's cart is
//! kept by the shop, one line per part; a visitor's cart is kept by the
//! browser, priced here on request without writing anything, and joins the
//! account's cart at sign-in. Every price comes from the shop's records: a
//! cart only remembers the price it showed, to point out a change.

pub mod store;

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::catalogue::{self, PartId, PartInfo};
use crate::core::answers::grams_to_kg;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Backend, Db};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::request::Request;
use crate::core::input::rules::{Money, Rule, Sent, Whole};
use crate::core::input::{parse_id, Body, Form, MAX_QUANTITY, SHORT_TEXT};
use crate::core::money::{cents_to_units, Currency};
use crate::core::schema;
use crate::request;
use crate::users;
use store::CartRow;

/// Most lines a cart holds.
pub const MAX_LINES: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_cart, clear_cart))
        .routes(routes!(add_line))
        .routes(routes!(set_line, remove_line))
        .routes(routes!(merge_cart))
        .routes(routes!(quote_cart))
}

/// What is wrong with a cart line, the first that applies in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The part is no longer sold.
    Deleted,
    /// Fewer units are left than the part's minimum order.
    OutOfStock,
    /// More units are asked for than are left.
    NotEnoughStock,
    /// Fewer units are asked for than the part's minimum order.
    BelowMinimum,
    /// The price is not the one the buyer saw: said, never a reason to refuse.
    PriceChanged,
}

impl Problem {
    pub const ALL: [Problem; 5] = [
        Problem::Deleted,
        Problem::OutOfStock,
        Problem::NotEnoughStock,
        Problem::BelowMinimum,
        Problem::PriceChanged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Problem::Deleted => "deleted",
            Problem::OutOfStock => "outOfStock",
            Problem::NotEnoughStock => "notEnoughStock",
            Problem::BelowMinimum => "belowMinimum",
            Problem::PriceChanged => "priceChanged",
        }
    }

    /// Whether a line with this problem can still be ordered.
    pub fn lets_order(self) -> bool {
        self == Problem::PriceChanged
    }
}

/// What is wrong with `quantity` units of `part` (None: the part is gone),
/// shown at `seen_price_cents`, and the sentence that says so, amounts in
/// `currency`.
pub fn problem(
    part: Option<&PartInfo>,
    quantity: i64,
    seen_price_cents: Option<i64>,
    currency: &Currency,
) -> Option<(Problem, String)> {
    let Some(part) = part else {
        return Some((Problem::Deleted, "This part is no longer sold".into()));
    };
    if part.available_quantity < part.minimum_order {
        return Some((Problem::OutOfStock, "Out of stock".into()));
    }
    if quantity > part.available_quantity {
        return Some((
            Problem::NotEnoughStock,
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    if quantity < part.minimum_order {
        return Some((
            Problem::BelowMinimum,
            format!("The minimum order for this part is {}", part.minimum_order),
        ));
    }
    match seen_price_cents {
        Some(seen) if seen != part.price_cents => Some((
            Problem::PriceChanged,
            format!(
                "The price changed from {} to {}",
                currency.shown(seen),
                currency.shown(part.price_cents)
            ),
        )),
        _ => None,
    }
}

/// A line of a cart, priced now, with what stands in the way of ordering it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub part_id: String,
    /// "" when the part is gone.
    pub part_name: String,
    pub sku: String,
    pub img: String,
    /// The part's price now, in currency units (0 when the part is gone).
    pub unit_price: f64,
    pub quantity: i64,
    /// `unitPrice × quantity`.
    pub line_total: f64,
    pub minimum_order: i64,
    pub available_quantity: i64,
    /// The weight of one unit, in kilograms.
    pub weight_kg: f64,
    /// The price the buyer was shown for this line, when known.
    pub seen_price: Option<f64>,
    #[schema(schema_with = problem_schema)]
    pub problem: Option<&'static str>,
    /// The problem in a sentence ("Only 3 in stock"); null without one.
    pub message: Option<String>,
}

fn problem_schema() -> utoipa::openapi::Object {
    schema::one_of_or_null(
        &Problem::ALL.map(Problem::as_str),
        "What stands in the way of ordering the line, the first that applies in this order: \
         `deleted` (the part is no longer sold), `outOfStock` (fewer left than the minimum \
         order), `notEnoughStock` (more asked for than are left), `belowMinimum`, \
         `priceChanged` (the price is not `seenPrice`; only pointed out, the line can be \
         ordered); null when nothing does.",
    )
}

/// A cart, priced now.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Cart {
    /// In the order they were added.
    pub lines: Vec<CartLine>,
    /// Units in all the lines.
    pub count: i64,
    /// The lines' totals added up, in currency units.
    pub subtotal: f64,
    /// Whether the cart can be ordered as it stands: it has a line, and no
    /// line has a problem other than `priceChanged`.
    pub ready: bool,
}

/// One line to price: the part as it is sent or kept (`part` None when it
/// names no part), how many, and the price shown for it.
pub struct Item<'a> {
    pub part_id: String,
    pub part: Option<&'a PartInfo>,
    pub quantity: i64,
    pub seen_price_cents: Option<i64>,
}

/// Lines priced now, with the figures an order of them starts from.
#[derive(Debug, Clone)]
pub struct Priced {
    pub lines: Vec<CartLine>,
    /// The lines' totals, in cents.
    pub goods_cents: i64,
    /// What the lines weigh, in grams.
    pub weight_grams: i64,
    pub count: i64,
    pub ready: bool,
}

impl Priced {
    /// The lines priced, each with its problem. Lines that name one part
    /// share its stock, as an order of them would: a line asking for more
    /// than the lines before it left is short too.
    pub fn new<'a>(currency: &Currency, items: impl IntoIterator<Item = Item<'a>>) -> Priced {
        let mut priced = Priced {
            lines: Vec::new(),
            goods_cents: 0,
            weight_grams: 0,
            count: 0,
            ready: true,
        };
        let mut earlier: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
        for item in items {
            let mut found = problem(item.part, item.quantity, item.seen_price_cents, currency);
            if let Some(part) = item.part {
                let before = earlier.entry(part.id).or_default();
                let shared = found
                    .as_ref()
                    .is_none_or(|(p, _)| *p == Problem::PriceChanged);
                if shared && *before + item.quantity > part.available_quantity {
                    found = Some(match part.available_quantity - *before {
                        left if left <= 0 => (Problem::OutOfStock, "Out of stock".into()),
                        left => (Problem::NotEnoughStock, format!("Only {left} in stock")),
                    });
                }
                *before += item.quantity;
            }
            let (price_cents, weight_grams) = item
                .part
                .map_or((0, 0), |p| (p.price_cents, p.weight_grams));
            let line_cents = price_cents * item.quantity;
            priced.goods_cents += line_cents;
            priced.weight_grams += weight_grams * item.quantity;
            priced.count += item.quantity;
            priced.ready &= found.as_ref().is_none_or(|(p, _)| p.lets_order());
            let (problem, message) = found.map_or((None, None), |(p, m)| (Some(p), Some(m)));
            priced.lines.push(CartLine {
                part_id: item.part_id,
                part_name: item.part.map(|p| p.name.clone()).unwrap_or_default(),
                sku: item.part.map(|p| p.sku.clone()).unwrap_or_default(),
                img: item.part.map(|p| p.img.clone()).unwrap_or_default(),
                unit_price: cents_to_units(price_cents),
                quantity: item.quantity,
                line_total: cents_to_units(line_cents),
                minimum_order: item.part.map_or(0, |p| p.minimum_order),
                available_quantity: item.part.map_or(0, |p| p.available_quantity),
                weight_kg: grams_to_kg(weight_grams),
                seen_price: item.seen_price_cents.map(cents_to_units),
                problem: problem.map(Problem::as_str),
                message,
            });
        }
        priced.ready &= !priced.lines.is_empty();
        priced
    }

    pub fn cart(self) -> Cart {
        Cart {
            lines: self.lines,
            count: self.count,
            subtotal: cents_to_units(self.goods_cents),
            ready: self.ready,
        }
    }
}

/// A buyer's own cart, priced now.
pub async fn account_cart(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    currency: &Currency,
) -> ApiResult<(Vec<CartRow>, Priced)> {
    let rows = store::lines(db, conn, user_id).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.part_id).collect();
    let parts = catalogue::parts_by_id(db, conn, &ids).await?;
    let priced = Priced::new(
        currency,
        rows.iter().map(|r| Item {
            part_id: r.part_id.to_string(),
            part: parts.get(&r.part_id),
            quantity: r.quantity,
            seen_price_cents: Some(r.seen_price_cents),
        }),
    );
    Ok((rows, priced))
}

/// The parts that `ids` name, read in one query.
pub async fn parts_of(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: impl IntoIterator<Item = Option<i64>>,
) -> ApiResult<HashMap<i64, PartInfo>> {
    let ids: Vec<i64> = ids.into_iter().flatten().collect();
    Ok(catalogue::parts_by_id(db, conn, &ids).await?)
}

// Request bodies.

/// A part named in a line: its id as sent (echoed back on a line whose
/// part is gone) and as a number (None: no part has such an id).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PartRef {
    pub text: String,
    pub id: Option<i64>,
}

impl Rule for PartRef {
    type Out = PartRef;
    fn read(form: &mut Form, name: &str, label: &str) -> PartRef {
        match form.value(name) {
            // Ids are whole numbers from 1: anything else is refused, not priced
            // as a part that is gone.
            Some(Value::Number(n)) if n.is_f64() || n.as_i64().is_some_and(|id| id < 1) => {
                form.fail(name, format!("{label} must be a part's id"));
                PartRef::default()
            }
            Some(Value::String(s)) if !s.trim().is_empty() => {
                // Text as the document says: no NUL, at most SHORT_TEXT long.
                let text = form.text(name, label, SHORT_TEXT).trim().to_owned();
                PartRef {
                    id: parse_id(&text),
                    text,
                }
            }
            Some(Value::Number(n)) => PartRef {
                text: n.to_string(),
                id: n.as_i64().filter(|id| *id > 0),
            },
            None | Some(Value::String(_)) => {
                form.fail(name, format!("{label} is Required"));
                PartRef::default()
            }
            Some(_) => {
                form.fail(name, format!("{label} must be a part's id"));
                PartRef::default()
            }
        }
    }
    fn schema() -> Value {
        PartId::schema()
    }
}

/// A quantity in a browser's cart: any whole number, brought within
/// 1..MAX_QUANTITY (a browser's copy is not trusted to be in range).
pub struct Clamped;

impl Rule for Clamped {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        form.whole(name, label, i64::MIN, i64::MAX)
            .clamp(1, MAX_QUANTITY)
    }
    fn schema() -> Value {
        json!({
            "type": "integer",
            "description": format!("Brought within 1 to {MAX_QUANTITY}."),
        })
    }
}

request! {
    /// One line of a cart kept in the browser.
    #[derive(Default)]
    pub struct BrowserCartLine {
        part_id: PartRef = "partId", "Part";
        /// Units; brought within 1 to 1,000,000.
        quantity: Clamped = "quantity", "Quantity";
        /// The price the browser showed, to point out a change; never charged.
        seen_price: Sent<Money> = "seenPrice", "Seen price";
    }
}

/// Reads a list of rows, each an object of `T`'s fields: `min` to `max` of
/// them, a wrong field reported as `name.INDEX.field` ("lines.1.quantity").
pub fn read_rows<T: Request>(
    form: &mut Form,
    name: &str,
    label: &str,
    (min, max): (usize, usize),
    count_message: &str,
) -> Vec<T> {
    let items = match form.value(name) {
        None => {
            form.fail(name, format!("{label} is Required"));
            return Vec::new();
        }
        Some(Value::Array(items)) if items.len() < min || items.len() > max => {
            form.fail(name, count_message);
            return Vec::new();
        }
        Some(Value::Array(items)) => items,
        Some(_) => {
            form.fail(name, format!("{label} must be a list"));
            return Vec::new();
        }
    };
    let mut rows = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Value::Object(object) = item else {
            form.fail(
                &format!("{name}.{i}"),
                format!("Line {} must be an object", i + 1),
            );
            continue;
        };
        let mut row = Form::new(object);
        rows.push(T::read(&mut row));
        row.report_within(form, &format!("{name}.{i}"));
    }
    rows
}

/// The schema of a list of `max` rows of `T` at most.
pub fn rows_schema<T: ToSchema>(min: usize, max: usize) -> Value {
    json!({
        "type": "array",
        "minItems": min,
        "maxItems": max,
        "items": {"$ref": format!("#/components/schemas/{}", T::name())},
    })
}

/// The lines of a cart kept in the browser: at most 100.
pub struct BrowserLines;

impl Rule for BrowserLines {
    type Out = Vec<BrowserCartLine>;
    fn read(form: &mut Form, name: &str, label: &str) -> Vec<BrowserCartLine> {
        read_rows(
            form,
            name,
            label,
            (0, MAX_LINES),
            &format!("A cart holds at most {MAX_LINES} lines"),
        )
    }
    fn schema() -> Value {
        rows_schema::<BrowserCartLine>(0, MAX_LINES)
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((
            BrowserCartLine::name().into_owned(),
            <BrowserCartLine as utoipa::PartialSchema>::schema(),
        ));
    }
}

request! {
    /// A cart kept in the browser.
    pub struct BrowserCart {
        lines: BrowserLines = "lines", "Lines";
    }
}

request! {
    /// Units of a part to add to the cart. The price comes from the shop;
    /// any sent is ignored.
    pub struct AddLineRequest {
        part_id: PartId = "partId", "Part";
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

request! {
    /// A cart line's new quantity.
    pub struct SetLineRequest {
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

// Routes.

/// Takes the buyer's turn to change their cart: on PostgreSQL their row is
/// locked for the transaction, so two changes at once cannot both pass the
/// limit on lines (SQLite's writers take turns anyway).
async fn lock_cart(
    state: &AppState,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
) -> ApiResult<()> {
    if state.db.backend == Backend::Postgres {
        users::lock(&state.db, &mut **tx, user_id).await?;
    }
    Ok(())
}

/// The signed-in buyer's cart, priced now.
#[utoipa::path(get, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, body = Cart), (status = 401, body = ErrorBody)))]
async fn get_cart(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<Cart>> {
    let mut conn = state.db.pool.acquire().await?;
    let (_, priced) = account_cart(&state.db, &mut conn, user.id, &state.currency).await?;
    Ok(Json(priced.cart()))
}

/// Empties the signed-in buyer's cart.
#[utoipa::path(delete, path = "/api/cart", tag = "cart", security(("bearer" = [])),
    responses((status = 200, description = "The empty cart", body = Cart), (status = 401, body = ErrorBody)))]
async fn clear_cart(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<Cart>> {
    let (_turn, mut tx) = state.db.begin_write().await?;
    store::clear(&state.db, &mut tx, user.id).await?;
    tx.commit().await?;
    Ok(Json(Priced::new(&state.currency, []).cart()))
}

/// Adds units of a part to the cart (a new line, or more of a line already
/// there); the line remembers the price shown now.
#[utoipa::path(post, path = "/api/cart/lines", tag = "cart", security(("bearer" = [])),
    request_body = AddLineRequest,
    responses(
        (status = 200, body = Cart),
        (status = 400, description = "The line's quantity would be above the stock or below the minimum order", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "The cart holds the most lines allowed", body = ErrorBody)))]
async fn add_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<AddLineRequest>,
) -> ApiResult<Json<Cart>> {
    let part_id = sent.part_id.ok_or_else(|| ApiError::not_found("Part"))?;
    change_line(&state, &user, part_id, |held| held + sent.quantity).await
}

/// Sets a cart line's quantity (adding the line when the part is not in the
/// cart); the line remembers the price shown now.
#[utoipa::path(put, path = "/api/cart/lines/{partId}", tag = "cart", security(("bearer" = [])),
    params(("partId" = String, Path)), request_body = SetLineRequest,
    responses(
        (status = 200, body = Cart),
        (status = 400, description = "Above the stock or below the minimum order", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such part", body = ErrorBody),
        (status = 409, description = "The cart holds the most lines allowed", body = ErrorBody)))]
async fn set_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<String>,
    Body(sent): Body<SetLineRequest>,
) -> ApiResult<Json<Cart>> {
    let part_id = parse_id(&part_id).ok_or_else(|| ApiError::not_found("Part"))?;
    change_line(&state, &user, part_id, |_| sent.quantity).await
}

/// Sets the cart's line of `part_id` to `quantity(units held now)`, within
/// the part's stock and minimum order, at the part's price now.
async fn change_line(
    state: &AppState,
    user: &CurrentUser,
    part_id: i64,
    quantity: impl FnOnce(i64) -> i64,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (turn, mut tx) = db.begin_write().await?;
    lock_cart(state, &mut tx, user.id).await?;
    let part = catalogue::parts_by_id(db, &mut tx, &[part_id])
        .await?
        .remove(&part_id)
        .ok_or_else(|| ApiError::not_found("Part"))?;
    let rows = store::lines(db, &mut tx, user.id).await?;
    let held = rows.iter().find(|r| r.part_id == part_id);
    if held.is_none() && rows.len() >= MAX_LINES {
        return Err(ApiError::Conflict(format!(
            "A cart holds at most {MAX_LINES} lines"
        )));
    }
    let quantity = quantity(held.map_or(0, |r| r.quantity));
    if quantity > part.available_quantity {
        return Err(ApiError::field(
            "quantity",
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    if quantity < part.minimum_order {
        return Err(ApiError::field(
            "quantity",
            format!("The minimum order for this part is {}", part.minimum_order),
        ));
    }
    let line = CartRow {
        part_id,
        quantity,
        seen_price_cents: part.price_cents,
    };
    store::set(db, &mut tx, user.id, line, db::now()).await?;
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    drop(turn);
    Ok(Json(priced.cart()))
}

/// Takes a part out of the cart (nothing changes when it was not there).
#[utoipa::path(delete, path = "/api/cart/lines/{partId}", tag = "cart", security(("bearer" = [])),
    params(("partId" = String, Path)),
    responses((status = 200, body = Cart), (status = 401, body = ErrorBody)))]
async fn remove_line(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<String>,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    if let Some(part_id) = parse_id(&part_id) {
        store::remove(db, &mut tx, user.id, &[part_id]).await?;
    }
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    Ok(Json(priced.cart()))
}

/// Joins a cart kept in the browser to the signed-in buyer's cart, as at
/// sign-in: for each part the larger quantity wins (with its seen price,
/// when sent); parts the shop does not sell are left out; lines past the
/// cart's 100 are left out. Joining the same browser cart again changes
/// nothing.
#[utoipa::path(post, path = "/api/cart/merge", tag = "cart", security(("bearer" = [])),
    request_body = BrowserCart,
    responses((status = 200, description = "The buyer's cart after the join", body = Cart), (status = 401, body = ErrorBody)))]
async fn merge_cart(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<BrowserCart>,
) -> ApiResult<Json<Cart>> {
    let db = &state.db;
    let (turn, mut tx) = db.begin_write().await?;
    lock_cart(&state, &mut tx, user.id).await?;
    let parts = parts_of(db, &mut tx, sent.lines.iter().map(|l| l.part_id.id)).await?;
    let rows = store::lines(db, &mut tx, user.id).await?;
    let mut held: HashMap<i64, CartRow> = rows.iter().map(|r| (r.part_id, *r)).collect();
    let mut added = 0;
    for line in &sent.lines {
        let Some(part) = line.part_id.id.and_then(|id| parts.get(&id)) else {
            continue;
        };
        let new = match held.get(&part.id) {
            Some(kept) if kept.quantity >= line.quantity => continue,
            Some(kept) => CartRow {
                part_id: part.id,
                quantity: line.quantity,
                seen_price_cents: line.seen_price.unwrap_or(kept.seen_price_cents),
            },
            None if held.len() >= MAX_LINES => continue,
            None => CartRow {
                part_id: part.id,
                quantity: line.quantity,
                seen_price_cents: line.seen_price.unwrap_or(part.price_cents),
            },
        };
        // New lines keep the browser's order: each a microsecond after the last.
        let added_at = db::from_now(std::time::Duration::from_micros(added));
        added += 1;
        store::set(db, &mut tx, user.id, new, added_at).await?;
        held.insert(part.id, new);
    }
    let (_, priced) = account_cart(db, &mut tx, user.id, &state.currency).await?;
    tx.commit().await?;
    drop(turn);
    Ok(Json(priced.cart()))
}

/// Prices a cart kept in the browser, for anyone: the lines as sent, with
/// the shop's prices and stock now. Parts the shop does not sell come back
/// as `deleted` lines. Nothing is written.
#[utoipa::path(post, path = "/api/cart/quote", tag = "cart", request_body = BrowserCart,
    responses((status = 200, body = Cart)))]
async fn quote_cart(
    State(state): State<AppState>,
    Body(sent): Body<BrowserCart>,
) -> ApiResult<Json<Cart>> {
    let mut conn = state.db.pool.acquire().await?;
    let parts = parts_of(
        &state.db,
        &mut conn,
        sent.lines.iter().map(|l| l.part_id.id),
    )
    .await?;
    let priced = Priced::new(
        &state.currency,
        sent.lines.into_iter().map(|l| Item {
            part: l.part_id.id.and_then(|id| parts.get(&id)),
            part_id: l.part_id.text,
            quantity: l.quantity,
            seen_price_cents: l.seen_price,
        }),
    );
    Ok(Json(priced.cart()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(price_cents: i64, available: i64, minimum: i64) -> PartInfo {
        PartInfo {
            id: 1,
            name: "Front brake disc".into(),
            sku: "PG-000001".into(),
            img: String::new(),
            price_cents,
            available_quantity: available,
            minimum_order: minimum,
            weight_grams: 1250,
        }
    }

    #[test]
    fn the_first_problem_that_applies_is_the_one_shown() {
        let usd = Currency::new("USD");
        let kind = |p: Option<&PartInfo>, q, seen| problem(p, q, seen, &usd).map(|(k, _)| k);
        assert_eq!(kind(None, 1, None), Some(Problem::Deleted));
        assert_eq!(
            kind(Some(&part(100, 1, 2)), 5, Some(90)),
            Some(Problem::OutOfStock)
        );
        assert_eq!(
            kind(Some(&part(100, 3, 1)), 5, Some(90)),
            Some(Problem::NotEnoughStock)
        );
        assert_eq!(
            kind(Some(&part(100, 9, 2)), 1, Some(90)),
            Some(Problem::BelowMinimum)
        );
        assert_eq!(
            kind(Some(&part(100, 9, 2)), 2, Some(90)),
            Some(Problem::PriceChanged)
        );
        assert_eq!(kind(Some(&part(100, 9, 2)), 2, Some(100)), None);
        assert_eq!(kind(Some(&part(100, 9, 2)), 2, None), None);
        assert_eq!(
            problem(Some(&part(1250, 9, 1)), 1, Some(999), &usd).map(|(_, m)| m),
            Some("The price changed from $9.99 to $12.50".to_owned())
        );
    }

    #[test]
    fn a_cart_is_ready_with_lines_that_only_changed_price() {
        let changed = part(1250, 9, 1);
        let short = part(500, 1, 1);
        let item = |p, q, seen| Item {
            part_id: "1".into(),
            part: p,
            quantity: q,
            seen_price_cents: seen,
        };
        let usd = Currency::new("USD");
        let priced = Priced::new(&usd, [item(Some(&changed), 2, Some(1000))]);
        assert!(priced.ready);
        assert_eq!((priced.goods_cents, priced.weight_grams), (2500, 2500));
        let priced = Priced::new(
            &usd,
            [item(Some(&changed), 2, None), item(Some(&short), 3, None)],
        );
        assert!(!priced.ready);
        assert_eq!((priced.goods_cents, priced.count), (4000, 5));
        let priced = Priced::new(&usd, [item(None, 2, Some(100))]);
        assert!(!priced.ready);
        assert_eq!(priced.lines[0].unit_price, 0.0);
        assert!(!Priced::new(&usd, []).ready);
    }

    #[test]
    fn dollars_have_two_decimals() {
        let usd = Currency::new("USD");
        assert_eq!(usd.shown(5), "$0.05");
        assert_eq!(usd.shown(123_456), "$1234.56");
    }
}
