//! An order as the API shows it: its fields, lines and delivery, and the
//! documented values of its states.

use serde::Serialize;
use utoipa::ToSchema;

use super::*;
use crate::addresses::Address;
use crate::core::answers::grams_to_kg;
use crate::core::db::Db;
use crate::core::error::ApiResult;
use crate::core::money::cents_to_units;
use crate::core::schema;
use state::STATUSES;
use store::{CancelReason, LineRow};

/// An order as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    #[serde(rename = "_id")]
    pub id: String,
    /// The first line's part (an order placed with `POST /api/booking` has one line).
    pub part_id: String,
    pub part_name: String,
    /// The goods in currency units: the sum of the lines' prices.
    pub price: f64,
    /// The first line's unit price.
    pub unit_price: f64,
    /// The first line's quantity.
    pub quantity: i64,
    /// The same number as `quantity`, for clients that read it under this name.
    pub part_order: i64,
    /// Every line, in the order the buyer put them.
    pub lines: Vec<OrderLine>,
    /// The delivery charge in currency units (0 for counter pickup).
    pub shipping: f64,
    pub tax: f64,
    /// The deposits on its lines' parts (core charges) in currency units,
    /// untaxed: the order's own line beside the goods (0: none).
    pub core_charges: f64,
    /// What the buyer pays, and the card is charged:
    /// `price + shipping + tax + coreCharges`.
    pub total: f64,
    /// What returns of it have refunded so far (0: none); less than
    /// `total`, the order is partly refunded.
    pub refunded_amount: f64,
    /// When it was marked delivered or collected (RFC 3339); its return
    /// window starts then.
    pub delivered_at: Option<String>,
    /// How the order travels.
    pub delivery_method: OrderDelivery,
    /// Where a delivery goes, as the address stood when the order was placed; null for pickup.
    pub delivery_address: Option<Address>,
    pub buyer: String,
    pub buyer_name: String,
    pub phone: Option<String>,
    /// Whether `paymentStatus` is `paid`.
    pub paid: bool,
    pub transaction_id: Option<String>,
    #[schema(schema_with = status_schema)]
    pub status: String,
    #[schema(schema_with = payment_schema)]
    pub payment_status: String,
    #[schema(schema_with = fulfilment_schema)]
    pub fulfilment_status: String,
    pub created_at: String,
    /// When the order last changed (RFC 3339).
    pub updated_at: String,
    #[schema(schema_with = cancel_reason_schema)]
    pub cancel_reason: Option<String>,
    /// While the order is unpaid and open: when the shop cancels it unless it
    /// is paid (RFC 3339); null otherwise.
    pub hold_expires_at: Option<String>,
    /// Once shipped: who carries the parcel, when the shop said; null otherwise.
    pub carrier: Option<String>,
    /// Once shipped: the carrier's tracking number, when the shop gave it; null otherwise.
    pub tracking_number: Option<String>,
}

/// One line of an order, as it was ordered: a later change to the part
/// never changes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    pub part_id: String,
    pub part_name: String,
    pub sku: String,
    pub unit_price: f64,
    pub quantity: i64,
    /// `unitPrice × quantity`, in currency units.
    pub price: f64,
    /// The weight of one unit, in kilograms.
    pub weight_kg: f64,
    /// The vehicle the buyer had chosen when ordering, as they named it;
    /// null when none was.
    pub vehicle: Option<String>,
    /// The refundable deposit on one unit (its core charge) as ordered, in
    /// currency units; 0: none. A return of reason `core` gives it back.
    pub core_charge: f64,
}

/// How an order travels: `pickup` (the trade counter) or a delivery
/// method's id, with its name when the order was placed.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderDelivery {
    pub id: String,
    pub name: String,
}

// The documented values of an order's states.

pub(super) fn status_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &STATUSES,
        "Derived from the two states below: `cancelled` when cancelled, `shipped` when shipped \
         or delivered, else `paid` or `unpaid`.",
    )
}

pub(super) fn payment_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &state::Payment::ALL.map(state::Payment::as_str),
        "Where the order's money stands.",
    )
}

pub(super) fn fulfilment_schema() -> utoipa::openapi::Object {
    schema::one_of(
        &state::Fulfilment::ALL.map(state::Fulfilment::as_str),
        "Where the order's parts stand.",
    )
}

pub(super) fn cancel_reason_schema() -> utoipa::openapi::Object {
    schema::one_of_or_null(
        &CancelReason::ALL.map(CancelReason::as_str),
        "Why a cancelled order was cancelled: `buyer`, `admin` (the shop's staff) or `expired` \
         (not paid in time); null otherwise.",
    )
}

impl Booking {
    /// The order `r` with its `lines`, as the API shows it.
    pub fn new(r: BookingRow, lines: Vec<LineRow>) -> Self {
        let state = r.state();
        let delivery_address = r.delivery_address.as_deref().and_then(|json| {
            serde_json::from_str(json)
                .inspect_err(|e| tracing::error!(order = r.id, error = %e, "an order's delivery address is not readable"))
                .ok()
        });
        Booking {
            id: r.id.to_string(),
            part_id: r.part_id.to_string(),
            part_name: r.part_name,
            price: cents_to_units(r.price_cents),
            unit_price: cents_to_units(r.unit_price_cents),
            quantity: r.quantity,
            part_order: r.quantity,
            lines: lines
                .into_iter()
                .map(|l| OrderLine {
                    part_id: l.part_id.to_string(),
                    part_name: l.part_name,
                    sku: l.sku,
                    unit_price: cents_to_units(l.unit_price_cents),
                    quantity: l.quantity,
                    price: cents_to_units(l.price_cents),
                    weight_kg: grams_to_kg(l.weight_grams),
                    vehicle: l.vehicle,
                    core_charge: cents_to_units(l.core_charge_cents),
                })
                .collect(),
            shipping: cents_to_units(r.shipping_cents),
            tax: cents_to_units(r.tax_cents),
            core_charges: cents_to_units(r.core_charges_cents),
            total: cents_to_units(r.total_cents),
            refunded_amount: cents_to_units(r.refunded_cents),
            delivered_at: r.delivered_at.clone(),
            delivery_method: OrderDelivery {
                id: r.delivery_method_id,
                name: r.delivery_method,
            },
            delivery_address,
            buyer: r.buyer_email,
            buyer_name: r.buyer_name,
            phone: r.phone,
            paid: state.paid(),
            transaction_id: r.transaction_id,
            status: state.status().to_owned(),
            payment_status: r.payment_status,
            fulfilment_status: r.fulfilment_status,
            created_at: r.created_at,
            updated_at: r.updated_at,
            cancel_reason: r.cancel_reason,
            hold_expires_at: r.hold_until,
            carrier: r.carrier,
            tracking_number: r.tracking_number,
        }
    }
}

/// Orders as the API shows them, their lines read in one query.
pub(crate) async fn shown(db: &Db, rows: Vec<BookingRow>) -> ApiResult<Vec<Booking>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut conn = db.pool.acquire().await?;
    let mut lines = store::lines_of(db, &mut conn, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let own = lines.remove(&r.id).unwrap_or_default();
            Booking::new(r, own)
        })
        .collect())
}

/// One order as the API shows it, with its lines.
pub(crate) async fn shown_one(db: &Db, row: BookingRow) -> ApiResult<Booking> {
    Ok(shown(db, vec![row]).await?.remove(0))
}
