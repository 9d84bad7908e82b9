//! Where an order stands, and the one table of the moves allowed between
//! states. Every route that changes an order looks its move up here; the
//! store then makes the move with one conditional UPDATE (the order must
//! still be in the move's `from` state), so two people racing cannot both win.

use std::fmt;

/// What happened to the buyer's money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Payment {
    Unpaid,
    Paid,
    Refunded,
}

/// What happened to the parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fulfilment {
    Pending,
    Shipped,
    Delivered,
    Cancelled,
}

impl Payment {
    pub const ALL: [Payment; 3] = [Payment::Unpaid, Payment::Paid, Payment::Refunded];

    pub fn as_str(self) -> &'static str {
        match self {
            Payment::Unpaid => "unpaid",
            Payment::Paid => "paid",
            Payment::Refunded => "refunded",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.as_str() == text)
    }
}

impl Fulfilment {
    pub const ALL: [Fulfilment; 4] = [
        Fulfilment::Pending,
        Fulfilment::Shipped,
        Fulfilment::Delivered,
        Fulfilment::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Fulfilment::Pending => "pending",
            Fulfilment::Shipped => "shipped",
            Fulfilment::Delivered => "delivered",
            Fulfilment::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.as_str() == text)
    }
}

/// The order statuses the API shows (`status`), derived from the payment and the fulfilment.
pub const STATUSES: [&str; 4] = ["unpaid", "paid", "shipped", "cancelled"];

/// An order's payment and fulfilment together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrderState {
    pub payment: Payment,
    pub fulfilment: Fulfilment,
}

const fn state(payment: Payment, fulfilment: Fulfilment) -> OrderState {
    OrderState {
        payment,
        fulfilment,
    }
}

impl OrderState {
    /// Where every order starts.
    pub const NEW: OrderState = state(Payment::Unpaid, Fulfilment::Pending);

    /// The status the API shows: `cancelled` when cancelled, `shipped`
    /// when shipped or delivered, else `paid` or `unpaid` from the payment.
    pub fn status(self) -> &'static str {
        match (self.fulfilment, self.payment) {
            (Fulfilment::Cancelled, _) => "cancelled",
            (Fulfilment::Shipped | Fulfilment::Delivered, _) => "shipped",
            (Fulfilment::Pending, Payment::Paid) => "paid",
            // A refund always cancels, so a pending order is never refunded.
            (Fulfilment::Pending, Payment::Unpaid | Payment::Refunded) => "unpaid",
        }
    }

    /// Whether the order counts as paid (`paid` in the order's JSON).
    pub fn paid(self) -> bool {
        self.payment == Payment::Paid
    }

    /// Every state an order can reach from `NEW` through the table.
    pub fn reachable() -> Vec<OrderState> {
        let mut seen = vec![OrderState::NEW];
        let mut next = 0;
        while next < seen.len() {
            let from = seen[next];
            for t in MOVES.iter().filter(|t| t.from == from) {
                if !seen.contains(&t.to) {
                    seen.push(t.to);
                }
            }
            next += 1;
        }
        seen
    }

    /// The reachable states whose derived status is `status`.
    pub fn with_status(status: &str) -> Vec<OrderState> {
        Self::reachable()
            .into_iter()
            .filter(|s| s.status() == status)
            .collect()
    }
}

impl fmt::Display for OrderState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.payment.as_str(), self.fulfilment.as_str())
    }
}

/// Something done to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Pay,
    Ship,
    Deliver,
    Cancel,
    Refund,
}

impl Move {
    pub const ALL: [Move; 5] = [
        Move::Pay,
        Move::Ship,
        Move::Deliver,
        Move::Cancel,
        Move::Refund,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Move::Pay => "pay",
            Move::Ship => "ship",
            Move::Deliver => "deliver",
            Move::Cancel => "cancel",
            Move::Refund => "refund",
        }
    }
}

/// An allowed move: from one state to another, and whether the order's
/// units go back into stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    pub action: Move,
    pub from: OrderState,
    pub to: OrderState,
    pub gives_stock_back: bool,
}

use Fulfilment::{Cancelled, Delivered, Pending, Shipped};
use Payment::{Paid, Refunded, Unpaid};

/// Every allowed move. Anything else is refused (409) and changes nothing.
pub const MOVES: [Transition; 5] = [
    // The buyer, once the payment provider confirms the payment (docs/decisions.md, D4).
    Transition {
        action: Move::Pay,
        from: state(Unpaid, Pending),
        to: state(Paid, Pending),
        gives_stock_back: false,
    },
    // An admin.
    Transition {
        action: Move::Ship,
        from: state(Paid, Pending),
        to: state(Paid, Shipped),
        gives_stock_back: false,
    },
    // An admin.
    Transition {
        action: Move::Deliver,
        from: state(Paid, Shipped),
        to: state(Paid, Delivered),
        gives_stock_back: false,
    },
    // The buyer (DELETE /api/booking/{id}) or an admin.
    Transition {
        action: Move::Cancel,
        from: state(Unpaid, Pending),
        to: state(Unpaid, Cancelled),
        gives_stock_back: true,
    },
    // An admin, once the payment provider has refunded the payment.
    Transition {
        action: Move::Refund,
        from: state(Paid, Pending),
        to: state(Refunded, Cancelled),
        gives_stock_back: true,
    },
];

/// Message for an order being refunded while another move is tried.
pub const REFUND_UNDER_WAY: &str = "A refund of this order is under way";

/// The move `action` from `from`, or why it is refused.
pub fn transition(from: OrderState, action: Move) -> Result<Transition, &'static str> {
    MOVES
        .iter()
        .find(|t| t.action == action && t.from == from)
        .copied()
        .ok_or_else(|| refusal(from, action))
}

/// Why `action` cannot be done from `from` (a state the table has no such move from).
fn refusal(from: OrderState, action: Move) -> &'static str {
    if from.fulfilment == Cancelled {
        return "This order was cancelled";
    }
    match action {
        Move::Pay => "This order is already paid",
        Move::Ship => match from.fulfilment {
            Shipped => "This order has already been shipped",
            Delivered => "This order has already been delivered",
            _ => "Only a paid order can be shipped",
        },
        Move::Deliver => match from.fulfilment {
            Delivered => "This order has already been delivered",
            _ => "Only a shipped order can be delivered",
        },
        Move::Cancel => match from.fulfilment {
            Shipped => "A shipped order cannot be cancelled",
            Delivered => "A delivered order cannot be cancelled",
            _ => "A paid order cannot be cancelled; refund it instead",
        },
        Move::Refund => "Only a paid order that has not shipped can be refunded",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_states() -> Vec<OrderState> {
        Payment::ALL
            .into_iter()
            .flat_map(|p| Fulfilment::ALL.into_iter().map(move |f| state(p, f)))
            .collect()
    }

    #[test]
    fn six_states_are_reachable() {
        let reachable = OrderState::reachable();
        assert_eq!(
            reachable,
            vec![
                state(Unpaid, Pending),
                state(Paid, Pending),
                state(Unpaid, Cancelled),
                state(Paid, Shipped),
                state(Refunded, Cancelled),
                state(Paid, Delivered),
            ]
        );
    }

    #[test]
    fn each_state_and_move_has_one_answer() {
        for from in all_states() {
            for action in Move::ALL {
                let allowed = MOVES
                    .iter()
                    .filter(|t| t.from == from && t.action == action)
                    .count();
                assert!(allowed <= 1, "{from} {action:?}");
                match transition(from, action) {
                    Ok(t) => assert_eq!((t.from, t.action), (from, action)),
                    Err(message) => assert!(!message.is_empty()),
                }
            }
        }
    }

    #[test]
    fn a_cancelled_order_is_final() {
        for from in all_states()
            .into_iter()
            .filter(|s| s.fulfilment == Cancelled)
        {
            for action in Move::ALL {
                assert_eq!(transition(from, action), Err("This order was cancelled"));
            }
        }
    }

    #[test]
    fn the_derived_status_and_paid_of_every_reachable_state() {
        let expected = [
            (state(Unpaid, Pending), "unpaid", false),
            (state(Paid, Pending), "paid", true),
            (state(Paid, Shipped), "shipped", true),
            (state(Paid, Delivered), "shipped", true),
            (state(Unpaid, Cancelled), "cancelled", false),
            (state(Refunded, Cancelled), "cancelled", false),
        ];
        for (s, status, paid) in expected {
            assert_eq!((s.status(), s.paid()), (status, paid), "{s}");
        }
        assert_eq!(
            OrderState::with_status("shipped"),
            vec![state(Paid, Shipped), state(Paid, Delivered)]
        );
        for status in STATUSES {
            assert!(!OrderState::with_status(status).is_empty());
        }
    }

    #[test]
    fn stock_goes_back_exactly_when_an_order_ends_cancelled() {
        for t in MOVES {
            assert_eq!(t.gives_stock_back, t.to.fulfilment == Cancelled, "{t:?}");
        }
    }
}
