//! The checkout: an order of several lines, from the buyer's cart or from
//! the lines sent, priced with its delivery and tax and placed in one write
//! transaction (docs/decisions.md, D19). Every line's stock is taken there,
//! all or nothing: a line that cannot be had is named and nothing is taken.
//! `POST /api/booking` places its one-line orders through `place` too.

mod bodies;
mod routes;
#[cfg(test)]
mod tests;

pub use bodies::{
    AddressId, CheckoutQuote, CheckoutQuoteRequest, CheckoutRequest, Delivery, OrderLines,
};

use std::collections::HashMap;

use axum::http::StatusCode;
use sqlx::Any;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::store::{self, BookingRow, Buyer, LineRow, NewLine, NewOrder, ToRecord};
use super::{holds, messages, Booking, OrderPlaced};
use crate::addresses::{self, Address, AddressRow};
use crate::app::state::AppState;
use crate::cart::{self};
use crate::catalogue::{self, PartInfo};
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::db::Db;
use crate::core::error::{ApiError, FieldErrors};
use crate::core::money::Currency;
use crate::mail;
use crate::shipping::{MethodChoice, Tariffs};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::place_checkout))
        .routes(routes!(routes::quote_checkout))
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
    /// The vehicle the buyer had chosen, as they name it, kept on every line.
    pub vehicle: Option<String>,
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

/// Reads ahead, for `check`, the tariffs the order will be priced with
/// (`Tariffs::read_ahead`): orders placed together read theirs before
/// their parts are locked.
pub(super) async fn read_tariffs(
    db: &Db,
    tx: &mut sqlx::Transaction<'static, Any>,
    tariffs: &mut Tariffs,
    asked: &Asked,
    placing: &Placing,
) -> Result<(), sqlx::Error> {
    tariffs
        .read_ahead(db, tx, placing.method, asked.address.as_ref())
        .await
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
                vehicle: placing.vehicle.clone(),
                core_charge_cents: part.core_charge_cents,
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
    // The parts' deposits are added untaxed, and count for no delivery
    // price (docs/decisions.md, D42).
    let core_charges: i64 = order_lines.iter().map(NewLine::core_charges_cents).sum();
    let total_cents = quote.total_cents.saturating_add(core_charges);
    if let Some(expected) = placing.expected_total_cents {
        if expected != total_cents {
            return Err(total_changed(currency, total_cents).into());
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
        total_cents,
        delivery_method_id: quote.method_id,
        delivery_method: quote.method_name,
        delivery_time: quote.method_time,
        shipping_tax_cents: quote.shipping_tax_cents,
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
    // "Pay for it here" waits a few minutes: a buyer who pays at once gets
    // the receipt alone (the message is withdrawn when the order is paid).
    mail::enqueue_all_after(tx, &messages, state.config.order_mail_delay).await?;
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
