//! The checkout: an order of several lines, from the buyer's cart or from
//! the lines sent, priced with its delivery and tax and placed in one write
//! transaction (docs/decisions.md, D19). Every line's stock is taken there,
//! all or nothing: a line that cannot be had is named and nothing is taken.
//! `POST /api/booking` places its one-line orders through `place` too.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::Any;
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, BookingRow, Buyer, LineRow, NewLine, NewOrder, ToRecord};
use super::{holds, messages, Booking, OrderPlaced};
use crate::addresses::{self, Address, AddressRow};
use crate::app::state::AppState;
use crate::cart::{self, read_rows, rows_schema, CartLine, Item, PartRef, Priced};
use crate::catalogue::{self, PartInfo};
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult, ErrorBody, FieldErrors};
use crate::core::input::rules::{Money, OptionalPhone, Rule, Sent, Whole};
use crate::core::input::{parse_id, Body, Form, MAX_QUANTITY, SHORT_TEXT};
use crate::core::money::{cents_to_units, Currency};
use crate::mail;
use crate::request;
use crate::shipping::{self, DeliveryOption, MethodChoice, Tariffs};

/// Most lines an order holds.
pub const MAX_LINES: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(place_checkout))
        .routes(routes!(quote_checkout))
}

/// A line the buyer asks for: a part (None: the id names no part) and how
/// many units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wanted {
    pub part_id: Option<i64>,
    pub quantity: i64,
}

/// An order to place.
#[derive(Debug, Clone)]
pub struct Placing {
    /// The lines to order, in the buyer's order; None: the buyer's cart,
    /// whose ordered lines then leave it.
    pub lines: Option<Vec<Wanted>>,
    pub method: MethodChoice,
    /// The buyer's address a delivery goes to (not read for pickup);
    /// `Some(None)`: an id that names no address.
    pub address_id: Option<Option<i64>>,
    pub phone: Option<String>,
    /// The total the buyer was shown: the order is placed only at that total.
    pub expected_total_cents: Option<i64>,
}

/// Why an order was not placed; nothing was taken.
#[derive(Debug)]
pub enum Refused {
    /// Line `index` (0-based) names no part, or a part no longer sold.
    NoPart { index: usize },
    /// Line `index` asks for fewer units than its part's minimum order.
    BelowMinimum { index: usize, part: PartInfo },
    /// Line `index` asks for more units than its part has left after the
    /// order's earlier lines of that part: `left`. `part` as the order
    /// found it.
    Short {
        index: usize,
        part: PartInfo,
        left: i64,
    },
    /// Anything else: too many unpaid orders, an empty cart, an address or
    /// a delivery method that is not there, a total that changed.
    Other(ApiError),
}

impl From<ApiError> for Refused {
    fn from(e: ApiError) -> Self {
        Refused::Other(e)
    }
}

impl From<sqlx::Error> for Refused {
    fn from(e: sqlx::Error) -> Self {
        Refused::Other(e.into())
    }
}

/// Places an order for the holder of `bearer`: in one write transaction,
/// reads the buyer and checks that the token still holds (401 if not),
/// checks the limit on unpaid orders, takes every line's stock (each part
/// once, for all its lines), prices the order with its delivery and tax,
/// and records it with its lines, the message telling the buyer, and (from
/// the cart) the cart without the ordered lines. Any refusal undoes all of
/// it. Orders waiting at the same moment share that transaction (see
/// `group`); each is still checked and answered on its own.
pub async fn place(
    state: &AppState,
    bearer: Bearer,
    placing: Placing,
) -> Result<(BookingRow, Vec<LineRow>), Refused> {
    if let Some(index) = placing
        .lines
        .as_ref()
        .and_then(|lines| lines.iter().position(|l| l.part_id.is_none()))
    {
        return Err(Refused::NoPart { index });
    }
    super::group::place(state, bearer, placing).await
}

impl Refused {
    /// Whether the database failed, rather than the order being refused:
    /// the transaction it happened in may be unusable.
    pub(super) fn is_failure(&self) -> bool {
        matches!(self, Refused::Other(e) if e.status().is_server_error())
    }
}

/// An order as read in its write transaction, before its stock is looked
/// at: its lines `(part, units)` in the buyer's order and the address it
/// goes to.
pub(super) struct Asked {
    lines: Vec<(i64, i64)>,
    address: Option<AddressRow>,
}

impl Asked {
    pub(super) fn part_ids(&self) -> impl Iterator<Item = i64> + '_ {
        self.lines.iter().map(|(id, _)| *id)
    }

    /// The units the order asks for, all lines together.
    pub(super) fn units(&self) -> i64 {
        self.lines.iter().map(|(_, units)| *units).sum()
    }
}

/// The first step of placing an order, in its write transaction: the
/// buyer's room for unpaid orders (`holds::unpaid_room`, read in the same
/// transaction; no order left refuses the order), the lines (those sent, or
/// the cart's) and the address.
pub(super) async fn ask(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, Any>,
    user: &CurrentUser,
    placing: &Placing,
    room: holds::Room,
) -> Result<Asked, Refused> {
    let db = &state.db;
    if let Some(refused) = room.refusal(state, 0, 0, 0) {
        return Err(refused.into());
    }
    let lines: Vec<(i64, i64)> = match &placing.lines {
        Some(sent) => sent
            .iter()
            .filter_map(|l| l.part_id.map(|id| (id, l.quantity)))
            .collect(),
        None => cart::store::lines(db, tx, user.id)
            .await?
            .iter()
            .map(|r| (r.part_id, r.quantity))
            .collect(),
    };
    if lines.is_empty() {
        return Err(ApiError::field("lines", "Your cart is empty").into());
    }
    let address = match (placing.method, placing.address_id) {
        (MethodChoice::Delivery(_), Some(id)) => {
            let found = match id {
                Some(id) => addresses::find_for_user(db, tx, user.id, id).await?,
                None => None,
            };
            Some(found.ok_or_else(|| ApiError::not_found("Address"))?)
        }
        _ => None,
    };
    Ok(Asked { lines, address })
}

/// The second step, once the parts of every order in the transaction are
/// read and locked (`catalogue::lock_stock`): checks the order against `parts` as
/// the orders before it in the transaction left them, prices its lines
/// from them with its delivery and tax (the tariffs read once per
/// transaction), and takes its units from `parts`. A refused order takes
/// nothing. Its refusal names, of its lines, the first whose part is gone,
/// else the first below its part's minimum order, else the first that asks
/// for more than is left after the order's earlier lines of that part.
pub(super) async fn check(
    db: &Db,
    tx: &mut sqlx::Transaction<'static, Any>,
    tariffs: &mut Tariffs,
    parts: &mut HashMap<i64, PartInfo>,
    asked: &Asked,
    placing: &Placing,
    currency: &Currency,
) -> Result<NewOrder, Refused> {
    let lines = &asked.lines;
    if let Some(index) = lines.iter().position(|(id, _)| !parts.contains_key(id)) {
        return Err(Refused::NoPart { index });
    }
    for (index, (id, quantity)) in lines.iter().enumerate() {
        let part = &parts[id];
        if *quantity < part.minimum_order {
            let part = part.clone();
            return Err(Refused::BelowMinimum { index, part });
        }
    }
    let mut earlier: HashMap<i64, i64> = HashMap::new();
    for (index, (id, quantity)) in lines.iter().enumerate() {
        let part = &parts[id];
        let before = earlier.entry(*id).or_default();
        if *before + quantity > part.available_quantity {
            let left = (part.available_quantity - *before).max(0);
            let part = part.clone();
            return Err(Refused::Short { index, part, left });
        }
        *before += quantity;
    }

    let order_lines: Vec<NewLine> = lines
        .iter()
        .map(|(part_id, quantity)| {
            let part = &parts[part_id];
            NewLine {
                part_id: *part_id,
                part_name: part.name.clone(),
                sku: part.sku.clone(),
                unit_price_cents: part.price_cents,
                quantity: *quantity,
                weight_grams: part.weight_grams,
            }
        })
        .collect();
    let goods_cents: i64 = order_lines.iter().map(NewLine::price_cents).sum();
    let weight_grams: i64 = order_lines
        .iter()
        .map(|l| l.weight_grams * l.quantity)
        .sum();
    let address = asked.address.as_ref();
    let quote = tariffs
        .quote(db, tx, goods_cents, weight_grams, placing.method, address)
        .await?;
    if let Some(expected) = placing.expected_total_cents {
        if expected != quote.total_cents {
            return Err(total_changed(currency, quote.total_cents).into());
        }
    }
    let delivery_address = address
        .map(|a| serde_json::to_string(&Address::from(a.clone())))
        .transpose()
        .map_err(|e| ApiError::Internal(e.into()))?;
    for (id, units) in earlier {
        if let Some(part) = parts.get_mut(&id) {
            part.available_quantity -= units;
        }
    }
    Ok(NewOrder {
        lines: order_lines,
        shipping_cents: quote.shipping_cents,
        tax_cents: quote.tax_cents,
        total_cents: quote.total_cents,
        delivery_method_id: quote.method_id,
        delivery_method: quote.method_name,
        delivery_address,
    })
}

/// An order that passed its checks, to be written.
pub(super) struct Accepted<'a> {
    pub order: NewOrder,
    pub user: &'a CurrentUser,
    pub phone: Option<String>,
    pub from_cart: bool,
}

/// The last step, in the same transaction: takes the stock of every
/// accepted order (each part once, for all of them), writes the orders
/// with their lines and the messages telling their buyers, and takes the
/// ordered lines out of the carts they came from. Answers each order as
/// written, in the order given.
pub(super) async fn record(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, Any>,
    accepted: &[Accepted<'_>],
) -> Result<Vec<(BookingRow, Vec<LineRow>)>, sqlx::Error> {
    let db = &state.db;
    let units = catalogue::units_per_part(
        accepted
            .iter()
            .flat_map(|a| a.order.lines.iter().map(|l| (l.part_id, l.quantity))),
    );
    catalogue::take_stock(db, tx, &units).await?;
    let to_record: Vec<ToRecord> = accepted
        .iter()
        .map(|a| ToRecord {
            order: &a.order,
            buyer: Buyer {
                id: a.user.id,
                email: &a.user.email,
                name: &a.user.name,
            },
            phone: a.phone.clone(),
        })
        .collect();
    let hold_until = holds::hold_until(state);
    let placed = store::insert(db, tx, &to_record, &hold_until).await?;
    store::insert_lines(db, tx, placed.iter().flat_map(|(_, lines)| lines)).await?;
    let messages: Vec<(&str, mail::Message)> = placed
        .iter()
        .map(|(booking, lines)| {
            let message = messages::placed(booking, lines);
            (booking.buyer_email.as_str(), message)
        })
        .collect();
    mail::enqueue_all(tx, &messages).await?;
    for (a, (_, lines)) in accepted.iter().zip(&placed) {
        if a.from_cart {
            let ordered: Vec<i64> = lines.iter().map(|l| l.part_id).collect();
            cart::store::remove(db, tx, a.user.id, &ordered).await?;
        }
    }
    Ok(placed)
}

/// A refusal as the checkout answers it: naming the line (1-based in the
/// message, 0-based in `fields`, in the order sent or the cart's order).
fn line_error(refused: Refused) -> ApiError {
    let (status, index, field, message, name) = match refused {
        Refused::Other(e) => return e,
        Refused::NoPart { index } => (
            StatusCode::NOT_FOUND,
            index,
            "partId",
            "Part not found".to_owned(),
            None,
        ),
        Refused::BelowMinimum { index, part } => (
            StatusCode::BAD_REQUEST,
            index,
            "quantity",
            format!("The minimum order for this part is {}", part.minimum_order),
            Some(part.name),
        ),
        Refused::Short { index, part, left } => (
            StatusCode::CONFLICT,
            index,
            "quantity",
            match left {
                0 => "Out of stock".to_owned(),
                n => format!("Only {n} in stock"),
            },
            Some(part.name),
        ),
    };
    let mut fields = FieldErrors::new();
    fields.insert(format!("lines.{index}.{field}"), message.clone());
    let n = index + 1;
    let message = match name {
        Some(name) => format!("Line {n} ({name}): {message}"),
        None => format!("Line {n}: {}", message.to_lowercase()),
    };
    if status == StatusCode::BAD_REQUEST {
        ApiError::BadRequest { message, fields }
    } else {
        ApiError::Refused {
            status,
            message,
            fields,
        }
    }
}

fn total_changed(currency: &Currency, total_cents: i64) -> ApiError {
    ApiError::Conflict(format!(
        "The total changed to {}; check the order again",
        currency.shown(total_cents)
    ))
}

// Request bodies.

/// How the order travels: `pickup` (left out: pickup) or a delivery
/// method's id.
pub struct Delivery;

impl Rule for Delivery {
    type Out = MethodChoice;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> MethodChoice {
        let choice = match form.value(name) {
            None => return MethodChoice::Pickup,
            Some(Value::String(s)) if s.trim().is_empty() => return MethodChoice::Pickup,
            Some(Value::String(s)) => MethodChoice::parse(s.trim()),
            Some(Value::Number(n)) => n.as_i64().filter(|id| *id > 0).map(MethodChoice::Delivery),
            Some(_) => {
                form.fail(
                    name,
                    format!("{label} must be \"pickup\" or a delivery method's id"),
                );
                return MethodChoice::Pickup;
            }
        };
        choice.unwrap_or_else(|| {
            form.fail(name, "No such delivery method");
            MethodChoice::Pickup
        })
    }
    fn schema() -> Value {
        json!({
            "oneOf": [
                {"type": "null"},
                {"type": "string", "maxLength": SHORT_TEXT, "example": "pickup"},
                {"type": "integer", "minimum": 1},
            ],
        })
    }
}

/// One of the buyer's addresses: its id as text or a number. `Some(None)`:
/// an id no address has (404).
pub struct AddressId;

impl Rule for AddressId {
    type Out = Option<Option<i64>>;
    const REQUIRED: bool = false;
    fn read(form: &mut Form, name: &str, label: &str) -> Option<Option<i64>> {
        match form.value(name)? {
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(_) => {
                // Text as documented: no NUL, at most SHORT_TEXT long.
                let text = form.text(name, label, SHORT_TEXT);
                Some(parse_id(text.trim()))
            }
            // Ids are whole numbers from 1 (a larger one than any id is no address's).
            Value::Number(n) if !n.is_f64() && n.as_i64().is_none_or(|id| id > 0) => {
                Some(n.as_i64())
            }
            _ => {
                form.fail(name, format!("{label} must be an address's id"));
                None
            }
        }
    }
    fn schema() -> Value {
        json!({
            "oneOf": [
                {"type": "null"},
                {"type": "string", "maxLength": SHORT_TEXT},
                {"type": "integer", "minimum": 1},
            ],
        })
    }
}

request! {
    /// One line of an order.
    #[derive(Default)]
    pub struct OrderLineRequest {
        part_id: PartRef = "partId", "Part";
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

/// The lines of an order: 1 to 100; two lines may name one part.
pub struct OrderLines;

impl Rule for OrderLines {
    type Out = Vec<OrderLineRequest>;
    fn read(form: &mut Form, name: &str, label: &str) -> Vec<OrderLineRequest> {
        read_rows(
            form,
            name,
            label,
            (1, MAX_LINES),
            &format!("An order holds 1 to {MAX_LINES} lines"),
        )
    }
    fn schema() -> Value {
        rows_schema::<OrderLineRequest>(1, MAX_LINES)
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((
            OrderLineRequest::name().into_owned(),
            <OrderLineRequest as utoipa::PartialSchema>::schema(),
        ));
    }
}

request! {
    /// An order to place: the lines sent, or else the buyer's cart. Prices,
    /// shipping, tax and the total come from the shop; any sent are ignored.
    pub struct CheckoutRequest {
        /// `pickup` (the default) or a delivery method's id.
        delivery_method: Delivery = "deliveryMethod", "Delivery method";
        /// The buyer's address the delivery goes to: needed for delivery, not read for pickup.
        address_id: AddressId = "addressId", "Address";
        phone: OptionalPhone = "phone", "Phone";
        /// The total the buyer was shown; when the order's total now is another, nothing is placed (409).
        expected_total: Sent<Money> = "expectedTotal", "Expected total";
        /// The lines to order, and only those (the cart is left alone). Left out: the cart is ordered,
        /// and the ordered lines leave it.
        lines: Sent<OrderLines> = "lines", "Lines";
    }
}

request! {
    /// What an order would come to: the lines sent, or else the buyer's cart.
    pub struct CheckoutQuoteRequest {
        /// `pickup` (the default) or a delivery method's id.
        delivery_method: Delivery = "deliveryMethod", "Delivery method";
        /// The buyer's address the delivery goes to: needed for delivery, not read for pickup.
        address_id: AddressId = "addressId", "Address";
        /// The lines to price; left out: the cart.
        lines: Sent<OrderLines> = "lines", "Lines";
    }
}

/// What an order of the lines would come to, with each way it can travel.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutQuote {
    pub lines: Vec<CartLine>,
    /// The goods, in currency units.
    pub price: f64,
    pub shipping: f64,
    pub tax: f64,
    /// `price + shipping + tax`: what the order would be charged.
    pub total: f64,
    /// The tax rate that applies, in percent (0 when none does).
    pub tax_rate_percent: f64,
    /// The tax's name ("" when none applies).
    pub tax_name: String,
    /// The way chosen, priced for these lines.
    pub delivery_method: DeliveryOption,
    /// Counter pickup first, then every delivery method, each priced for these lines.
    pub delivery_options: Vec<DeliveryOption>,
    /// Whether the lines can be ordered as they stand.
    pub ready: bool,
}

// Routes.

/// Places an order of several lines: from the lines sent, or else the
/// buyer's cart. Every line's stock is taken in one transaction, all or
/// nothing; a line that fails is named and nothing is taken.
#[utoipa::path(post, path = "/api/checkout", tag = "checkout", security(("bearer" = [])),
    request_body = CheckoutRequest,
    responses(
        (status = 201, body = OrderPlaced),
        (status = 400, description = "An empty cart, a line below its part's minimum order (`lines.N.quantity`), a delivery without an address or with no such method", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "A line's part is not sold (`lines.N.partId`), or no such address of the buyer's", body = ErrorBody),
        (status = 409, description = "A line asks for more than is in stock (`lines.N.quantity`), the total is not `expectedTotal`, or too many unpaid orders", body = ErrorBody)))]
async fn place_checkout(
    State(state): State<AppState>,
    bearer: Bearer,
    Body(sent): Body<CheckoutRequest>,
) -> ApiResult<(StatusCode, Json<OrderPlaced>)> {
    let placing = Placing {
        lines: sent.lines.map(|lines| {
            lines
                .iter()
                .map(|l| Wanted {
                    part_id: l.part_id.id,
                    quantity: l.quantity,
                })
                .collect()
        }),
        method: sent.delivery_method,
        address_id: sent.address_id,
        phone: sent.phone,
        expected_total_cents: sent.expected_total,
    };
    let (booking, lines) = place(&state, bearer, placing).await.map_err(line_error)?;
    Ok((
        StatusCode::CREATED,
        Json(OrderPlaced {
            success: true,
            inserted_id: booking.id.to_string(),
            booking: Booking::new(booking, lines),
        }),
    ))
}

/// What an order of the lines sent, or else of the buyer's cart, would
/// come to now: each line priced with its problems, the delivery chosen,
/// tax and total, and every way the order can travel. Nothing is written.
#[utoipa::path(post, path = "/api/checkout/quote", tag = "checkout", security(("bearer" = [])),
    request_body = CheckoutQuoteRequest,
    responses(
        (status = 200, body = CheckoutQuote),
        (status = 400, description = "A delivery without an address, or with no such method", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such address of the buyer's", body = ErrorBody)))]
async fn quote_checkout(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<CheckoutQuoteRequest>,
) -> ApiResult<Json<CheckoutQuote>> {
    let db = &state.db;
    let mut conn = db.pool.acquire().await?;
    let priced = match &sent.lines {
        Some(lines) => {
            let parts = cart::parts_of(db, &mut conn, lines.iter().map(|l| l.part_id.id)).await?;
            Priced::new(
                &state.currency,
                lines.iter().map(|l| Item {
                    part_id: l.part_id.text.clone(),
                    part: l.part_id.id.and_then(|id| parts.get(&id)),
                    quantity: l.quantity,
                    seen_price_cents: None,
                }),
            )
        }
        None => {
            cart::account_cart(db, &mut conn, user.id, &state.currency)
                .await?
                .1
        }
    };
    let address: Option<AddressRow> = match (sent.delivery_method, sent.address_id) {
        (MethodChoice::Delivery(_), Some(id)) => {
            let found = match id {
                Some(id) => addresses::find_for_user(db, &mut conn, user.id, id).await?,
                None => None,
            };
            Some(found.ok_or_else(|| ApiError::not_found("Address"))?)
        }
        _ => None,
    };
    let (goods, weight) = (priced.goods_cents, priced.weight_grams);
    let options = shipping::options(db, &mut conn, goods, weight).await?;
    let quote = shipping::quote(
        db,
        &mut conn,
        goods,
        weight,
        sent.delivery_method,
        address.as_ref(),
    )
    .await?;
    let description = options
        .iter()
        .find(|o| o.id == quote.method_id)
        .map(|o| o.description.clone())
        .unwrap_or_default();
    Ok(Json(CheckoutQuote {
        lines: priced.lines,
        price: cents_to_units(quote.goods_cents),
        shipping: cents_to_units(quote.shipping_cents),
        tax: cents_to_units(quote.tax_cents),
        total: cents_to_units(quote.total_cents),
        tax_rate_percent: quote.tax_rate_ppm as f64 / 10_000.0,
        tax_name: quote.tax_name,
        delivery_method: DeliveryOption {
            id: quote.method_id,
            name: quote.method_name,
            description,
            price: cents_to_units(quote.shipping_cents),
        },
        delivery_options: options,
        ready: priced.ready,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part() -> PartInfo {
        PartInfo {
            id: 4,
            name: "Front brake disc".into(),
            sku: "PG-000004".into(),
            img: String::new(),
            price_cents: 4999,
            available_quantity: 1,
            minimum_order: 1,
            weight_grams: 0,
        }
    }

    fn answer(e: ApiError) -> (StatusCode, String, FieldErrors) {
        match e {
            ApiError::BadRequest { message, fields } => (StatusCode::BAD_REQUEST, message, fields),
            ApiError::Refused {
                status,
                message,
                fields,
            } => (status, message, fields),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_refused_line_is_named_in_the_message_and_the_fields() {
        let (status, message, fields) = answer(line_error(Refused::Short {
            index: 1,
            part: part(),
            left: 1,
        }));
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(message, "Line 2 (Front brake disc): Only 1 in stock");
        assert_eq!(fields["lines.1.quantity"], "Only 1 in stock");

        let (status, message, fields) = answer(line_error(Refused::NoPart { index: 1 }));
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(message, "Line 2: part not found");
        assert_eq!(fields["lines.1.partId"], "Part not found");

        let mut high = part();
        high.minimum_order = 3;
        let (status, message, fields) = answer(line_error(Refused::BelowMinimum {
            index: 0,
            part: high,
        }));
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            message,
            "Line 1 (Front brake disc): The minimum order for this part is 3"
        );
        assert_eq!(
            fields["lines.0.quantity"],
            "The minimum order for this part is 3"
        );

        let (_, message, _) = answer(line_error(Refused::Short {
            index: 0,
            part: part(),
            left: 0,
        }));
        assert_eq!(message, "Line 1 (Front brake disc): Out of stock");
    }
}
