//! What the buyer is told by mail as their order moves: placed, paid,
//! shipped, cancelled (by them, the staff or the expiry) and refunded. Each
//! message is stored in the transaction of the change it tells of
//! (`place_order`, `write_move`), so it goes out if and only if the change
//! is made. Delivering tells nothing: the parcel says it.

use super::state::Move;
use super::store::BookingRow;
use crate::mail::{Line, Message};

fn lines(booking: &BookingRow) -> Vec<Line> {
    vec![Line {
        part: booking.part_name.clone(),
        quantity: booking.quantity,
        unit_price_cents: booking.unit_price_cents,
        amount_cents: booking.price_cents,
    }]
}

/// The order was placed.
pub fn placed(booking: &BookingRow) -> Message {
    Message::OrderPlaced {
        name: booking.buyer_name.clone(),
        order: booking.id,
        lines: lines(booking),
        total_cents: booking.price_cents,
    }
}

/// The message for the move `action`, which left the order as `moved`.
pub fn after_move(moved: &BookingRow, action: Move) -> Option<Message> {
    let name = moved.buyer_name.clone();
    let order = moved.id;
    match action {
        Move::Pay => Some(Message::PaymentReceived {
            name,
            order,
            total_cents: moved.price_cents,
            transaction_id: moved.transaction_id.clone().unwrap_or_default(),
        }),
        Move::Ship => Some(Message::OrderShipped {
            name,
            order,
            lines: lines(moved),
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
            amount_cents: moved.price_cents,
        }),
    }
}
