//! What the buyer is told by mail as their order moves: placed, paid,
//! shipped, cancelled (by them, the staff or the expiry) and refunded. Each
//! message is stored in the transaction of the change it tells of
//! (`checkout::place`, `write_move`), so it goes out if and only if the
//! change is made. Delivering tells nothing: the parcel says it.

use super::state::Move;
use super::store::{BookingRow, LineRow};
use crate::addresses::Address;
use crate::mail::{Line, Message};

fn mail_lines(lines: &[LineRow]) -> Vec<Line> {
    lines
        .iter()
        .map(|line| Line {
            part: line.part_name.clone(),
            quantity: line.quantity,
            unit_price_cents: line.unit_price_cents,
            amount_cents: line.price_cents,
        })
        .collect()
}

/// The lines as charged: each part's line, then its deposit (core charge)
/// as a line of its own when it carries one.
fn charged_lines(lines: &[LineRow]) -> Vec<Line> {
    let mut charged = Vec::with_capacity(lines.len());
    for (line, shown) in lines.iter().zip(mail_lines(lines)) {
        charged.push(shown);
        if line.core_charge_cents > 0 {
            charged.push(Line {
                part: format!("Core deposit: {}", line.part_name),
                quantity: line.quantity,
                unit_price_cents: line.core_charge_cents,
                amount_cents: line.core_charge_cents * line.quantity,
            });
        }
    }
    charged
}

/// The order was placed: its lines, shipping, tax and total.
pub fn placed(booking: &BookingRow, lines: &[LineRow]) -> Message {
    Message::OrderPlaced {
        name: booking.buyer_name.clone(),
        order: booking.id,
        lines: charged_lines(lines),
        total_cents: booking.total_cents,
        shipping_cents: booking.shipping_cents,
        tax_cents: booking.tax_cents,
        delivery: booking.delivery_method.clone(),
        delivery_time: booking.delivery_time.clone(),
    }
}

/// Where a delivery goes, on one line ("Ann Driver, 12 Garage Lane,
/// Fresno CA 93650, US"): the address the order keeps, read as the API
/// reads it; None for counter pickup.
fn deliver_to(moved: &BookingRow) -> Option<String> {
    let json = moved.delivery_address.as_deref()?;
    serde_json::from_str::<Address>(json)
        .ok()
        .map(|address| address.one_line())
}

/// To the shop's own mailbox when an order is paid: what to pack, for
/// whom, how it travels and where to.
pub fn paid_for_staff(moved: &BookingRow, lines: &[LineRow]) -> Message {
    let deliver_to = deliver_to(moved);
    Message::OrderPaidForStaff {
        order: moved.id,
        buyer: moved.buyer_name.clone(),
        buyer_email: moved.buyer_email.clone(),
        lines: charged_lines(lines),
        total_cents: moved.total_cents,
        delivery: moved.delivery_method.clone(),
        deliver_to,
    }
}

/// The message for the move `action`, which left the order as `moved`
/// (with its `lines`).
pub fn after_move(moved: &BookingRow, lines: &[LineRow], action: Move) -> Option<Message> {
    let name = moved.buyer_name.clone();
    let order = moved.id;
    match action {
        Move::Pay => Some(Message::PaymentReceived {
            name,
            order,
            total_cents: moved.total_cents,
            transaction_id: moved.transaction_id.clone().unwrap_or_default(),
            lines: charged_lines(lines),
            delivery: moved.delivery_method.clone(),
            delivery_time: moved.delivery_time.clone(),
            deliver_to: deliver_to(moved),
            pickup: moved.delivery_method_id == "pickup",
        }),
        // A pickup order is not shipped: it is made ready at the counter (D37).
        Move::Ship if moved.delivery_method_id == "pickup" => Some(Message::ReadyToCollect {
            name,
            order,
            lines: mail_lines(lines),
        }),
        Move::Ship => Some(Message::OrderShipped {
            name,
            order,
            lines: mail_lines(lines),
            carrier: moved.carrier.clone(),
            tracking_number: moved.tracking_number.clone(),
        }),
        Move::Deliver => None,
        Move::Cancel => Some(Message::OrderCancelled {
            name,
            order,
            reason: moved
                .cancel_reason
                .clone()
                .unwrap_or_else(|| "admin".into()),
        }),
        Move::Refund => Some(Message::RefundIssued {
            name,
            order,
            amount_cents: moved.total_cents,
        }),
    }
}
