//! An order written as placed: its row, its lines and its audit record, in
//! the transaction that took its stock.

use super::*;
use crate::core::db::bulk::{self, Rows};
use crate::core::db::{self, Db};
use crate::orders::state::OrderState;

/// A line of an order about to be placed, priced from the part as it
/// stands once its stock is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewLine {
    pub part_id: i64,
    pub part_name: String,
    pub sku: String,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub weight_grams: i64,
    /// The vehicle the buyer had chosen, as they named it.
    pub vehicle: Option<String>,
    /// The deposit on one unit (its core charge); 0: none.
    pub core_charge_cents: i64,
}

impl NewLine {
    pub fn price_cents(&self) -> i64 {
        self.unit_price_cents * self.quantity
    }

    /// The line's deposits: its core charge times its units.
    pub fn core_charges_cents(&self) -> i64 {
        self.core_charge_cents * self.quantity
    }
}

/// An order about to be placed: its lines (at least one) in the buyer's
/// order, and its figures as priced by the shop.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub lines: Vec<NewLine>,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    /// Goods, shipping, tax and core charges.
    pub total_cents: i64,
    pub delivery_method_id: String,
    pub delivery_method: String,
    /// When the parts come, as the method said; "" for pickup.
    pub delivery_time: String,
    /// The part of `tax_cents` charged on the delivery.
    pub shipping_tax_cents: i64,
    /// The delivery address as JSON; None for pickup.
    pub delivery_address: Option<String>,
}

impl NewOrder {
    /// The goods: the sum of the lines' prices.
    pub fn goods_cents(&self) -> i64 {
        self.lines.iter().map(NewLine::price_cents).sum()
    }

    /// The deposits of its lines.
    pub fn core_charges_cents(&self) -> i64 {
        self.lines.iter().map(NewLine::core_charges_cents).sum()
    }
}

/// An order to record: what it is, who places it, the phone they gave.
pub struct ToRecord<'a> {
    pub order: &'a NewOrder,
    pub buyer: Buyer<'a>,
    pub phone: Option<String>,
}

impl ToRecord<'_> {
    /// The order's row as `insert` writes it, and as reading it back would
    /// answer once it is numbered (its `id` is 0 until then); the columns not
    /// written take their defaults: no payment, cancel, carrier or delivery
    /// yet, nothing refunded.
    fn row(&self, now: &str, hold_until: &str) -> BookingRow {
        let ToRecord {
            order,
            buyer,
            phone,
        } = self;
        let first = order.lines.first().expect("an order has at least one line");
        BookingRow {
            id: 0,
            part_id: first.part_id,
            part_name: first.part_name.clone(),
            unit_price_cents: first.unit_price_cents,
            quantity: first.quantity,
            price_cents: order.goods_cents(),
            buyer_id: buyer.id,
            buyer_email: buyer.email.to_owned(),
            buyer_name: buyer.name.to_owned(),
            phone: phone.clone(),
            transaction_id: None,
            created_at: now.to_owned(),
            updated_at: now.to_owned(),
            payment_status: OrderState::NEW.payment.as_str().to_owned(),
            fulfilment_status: OrderState::NEW.fulfilment.as_str().to_owned(),
            hold_until: Some(hold_until.to_owned()),
            cancel_reason: None,
            carrier: None,
            tracking_number: None,
            shipping_cents: order.shipping_cents,
            tax_cents: order.tax_cents,
            total_cents: order.total_cents,
            delivery_method_id: order.delivery_method_id.clone(),
            delivery_method: order.delivery_method.clone(),
            delivery_address: order.delivery_address.clone(),
            delivery_time: order.delivery_time.clone(),
            delivered_at: None,
            shipping_tax_cents: order.shipping_tax_cents,
            refunded_cents: 0,
            core_charges_cents: order.core_charges_cents(),
        }
    }
}

/// Records orders' rows in the caller's transaction, in one statement on
/// PostgreSQL and a few on SQLite (whose texts do not change with the
/// number of orders, see `db::bulk`), each
/// holding its stock until `hold_until`, and answers each with the lines it
/// is to have (which `insert_lines` writes), in the order given. Every
/// price was computed by the shop from its own records, never taken from
/// the client.
pub async fn insert(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    orders: &[ToRecord<'_>],
    hold_until: &str,
) -> Result<Vec<(BookingRow, Vec<LineRow>)>, sqlx::Error> {
    let now = db::now();
    let mut rows = Rows::new([
        Bookings::PartId,
        Bookings::PartName,
        Bookings::UnitPriceCents,
        Bookings::Quantity,
        Bookings::PriceCents,
        Bookings::BuyerId,
        Bookings::BuyerEmail,
        Bookings::BuyerName,
        Bookings::Phone,
        Bookings::Status,
        Bookings::PaymentStatus,
        Bookings::FulfilmentStatus,
        Bookings::CreatedAt,
        Bookings::UpdatedAt,
        Bookings::HoldUntil,
        Bookings::ShippingCents,
        Bookings::TaxCents,
        Bookings::TotalCents,
        Bookings::DeliveryMethodId,
        Bookings::DeliveryMethod,
        Bookings::DeliveryAddress,
        Bookings::DeliveryTime,
        Bookings::ShippingTaxCents,
        Bookings::CoreChargesCents,
    ]);
    // The values written are the row's own, so the answer is what was written.
    let written: Vec<BookingRow> = orders.iter().map(|to| to.row(&now, hold_until)).collect();
    for row in &written {
        rows.push([
            row.part_id.into(),
            row.part_name.as_str().into(),
            row.unit_price_cents.into(),
            row.quantity.into(),
            row.price_cents.into(),
            row.buyer_id.into(),
            row.buyer_email.as_str().into(),
            row.buyer_name.as_str().into(),
            row.phone.clone().into(),
            OrderState::NEW.status().into(),
            row.payment_status.as_str().into(),
            row.fulfilment_status.as_str().into(),
            row.created_at.as_str().into(),
            row.updated_at.as_str().into(),
            row.hold_until.clone().into(),
            row.shipping_cents.into(),
            row.tax_cents.into(),
            row.total_cents.into(),
            row.delivery_method_id.as_str().into(),
            row.delivery_method.as_str().into(),
            row.delivery_address.clone().into(),
            row.delivery_time.as_str().into(),
            row.shipping_tax_cents.into(),
            row.core_charges_cents.into(),
        ]);
    }
    let ids = bulk::insert_numbered(db.backend, &mut *conn, Bookings::Table, rows).await?;
    if ids.len() != orders.len() {
        return Err(sqlx::Error::RowNotFound);
    }
    let mut recorded = Vec::with_capacity(orders.len());
    for ((id, to), mut row) in ids.into_iter().zip(orders).zip(written) {
        row.id = id;
        let lines = to
            .order
            .lines
            .iter()
            .enumerate()
            .map(|(position, line)| LineRow {
                booking_id: id,
                position: position as i64,
                part_id: line.part_id,
                part_name: line.part_name.clone(),
                sku: line.sku.clone(),
                unit_price_cents: line.unit_price_cents,
                quantity: line.quantity,
                price_cents: line.price_cents(),
                weight_grams: line.weight_grams,
                vehicle: line.vehicle.clone(),
                core_charge_cents: line.core_charge_cents,
            })
            .collect();
        recorded.push((row, lines));
    }
    Ok(recorded)
}

/// Writes order lines, of one order or of many placed together, in one
/// statement on PostgreSQL and a few on SQLite (see `db::bulk`).
pub async fn insert_lines<'a>(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    lines: impl IntoIterator<Item = &'a LineRow>,
) -> Result<(), sqlx::Error> {
    let mut rows = Rows::new(LINE_COLUMNS);
    for line in lines {
        rows.push([
            line.booking_id.into(),
            line.position.into(),
            line.part_id.into(),
            line.part_name.as_str().into(),
            line.sku.as_str().into(),
            line.unit_price_cents.into(),
            line.quantity.into(),
            line.price_cents.into(),
            line.weight_grams.into(),
            line.vehicle.clone().into(),
            line.core_charge_cents.into(),
        ]);
    }
    bulk::insert(db.backend, conn, BookingLines::Table, rows).await?;
    Ok(())
}
