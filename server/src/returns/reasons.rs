//! The words of a return: why it is sent back, where it stands, and the
//! state the staff found it in. Each is stored and sent as its API name.

use serde_json::{json, Value};

use crate::core::input::rules::Rule;
use crate::core::input::Form;

/// A list of names a field takes, one of them.
pub trait Named: Sized + Copy + PartialEq + 'static {
    const ALL: &'static [Self];
    fn as_str(self) -> &'static str;

    fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.as_str() == text)
    }

    /// "a, b or c".
    fn listed() -> String {
        let names: Vec<&str> = Self::ALL.iter().map(|v| v.as_str()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

/// Why a buyer sends parts back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    DoesNotFit,
    Faulty,
    DamagedInTransit,
    WrongPartSent,
    NoLongerNeeded,
    OrderedByMistake,
    /// The old part, sent back for the deposit (core charge) on the new one.
    Core,
}

impl Named for Reason {
    const ALL: &'static [Reason] = &[
        Reason::DoesNotFit,
        Reason::Faulty,
        Reason::DamagedInTransit,
        Reason::WrongPartSent,
        Reason::NoLongerNeeded,
        Reason::OrderedByMistake,
        Reason::Core,
    ];
    fn as_str(self) -> &'static str {
        match self {
            Reason::DoesNotFit => "doesNotFit",
            Reason::Faulty => "faulty",
            Reason::DamagedInTransit => "damagedInTransit",
            Reason::WrongPartSent => "wrongPartSent",
            Reason::NoLongerNeeded => "noLongerNeeded",
            Reason::OrderedByMistake => "orderedByMistake",
            Reason::Core => "core",
        }
    }
}

impl Reason {
    /// Whether the seller was at fault: the delivery is refunded and the
    /// restocking fee waived.
    pub fn sellers_fault(self) -> bool {
        matches!(
            self,
            Reason::Faulty | Reason::DamagedInTransit | Reason::WrongPartSent
        )
    }

    /// In a sentence's words, for mail.
    pub fn words(self) -> &'static str {
        match self {
            Reason::DoesNotFit => "doesn't fit",
            Reason::Faulty => "faulty",
            Reason::DamagedInTransit => "damaged in transit",
            Reason::WrongPartSent => "wrong part sent",
            Reason::NoLongerNeeded => "no longer needed",
            Reason::OrderedByMistake => "ordered by mistake",
            Reason::Core => "old part (core) for its deposit",
        }
    }
}

/// Where a return stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Requested,
    Approved,
    Rejected,
    Received,
    Refunded,
    Closed,
}

impl Named for State {
    const ALL: &'static [State] = &[
        State::Requested,
        State::Approved,
        State::Rejected,
        State::Received,
        State::Refunded,
        State::Closed,
    ];
    fn as_str(self) -> &'static str {
        match self {
            State::Requested => "requested",
            State::Approved => "approved",
            State::Rejected => "rejected",
            State::Received => "received",
            State::Refunded => "refunded",
            State::Closed => "closed",
        }
    }
}

/// What the staff found when the parts came back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// As new: its units go back on the shelf.
    Resalable,
    Damaged,
    NotAsSent,
}

impl Named for Condition {
    const ALL: &'static [Condition] = &[
        Condition::Resalable,
        Condition::Damaged,
        Condition::NotAsSent,
    ];
    fn as_str(self) -> &'static str {
        match self {
            Condition::Resalable => "resalable",
            Condition::Damaged => "damaged",
            Condition::NotAsSent => "notAsSent",
        }
    }
}

/// A staff move of a return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Approve,
    Reject,
    Receive,
    Refund,
    Close,
}

impl Named for Action {
    const ALL: &'static [Action] = &[
        Action::Approve,
        Action::Reject,
        Action::Receive,
        Action::Refund,
        Action::Close,
    ];
    fn as_str(self) -> &'static str {
        match self {
            Action::Approve => "approve",
            Action::Reject => "reject",
            Action::Receive => "receive",
            Action::Refund => "refund",
            Action::Close => "close",
        }
    }
}

impl Action {
    /// The states the move starts from, and the state it leads to.
    pub fn moves(self) -> (&'static [State], State) {
        match self {
            Action::Approve => (&[State::Requested], State::Approved),
            Action::Reject => (&[State::Requested], State::Rejected),
            Action::Receive => (&[State::Approved], State::Received),
            Action::Refund => (&[State::Received], State::Refunded),
            Action::Close => (
                &[State::Rejected, State::Received, State::Refunded],
                State::Closed,
            ),
        }
    }

    /// Why the move cannot be made from `from` (409).
    pub fn refused(self, from: State) -> String {
        let article = match from {
            State::Approved => "An",
            _ => "A",
        };
        format!(
            "{article} {} return cannot be {}",
            from.as_str(),
            match self {
                Action::Approve => "approved",
                Action::Reject => "rejected",
                Action::Receive => "received",
                Action::Refund => "refunded",
                Action::Close => "closed",
            }
        )
    }

    /// Its name in the audit log.
    pub fn audit_name(self) -> &'static str {
        match self {
            Action::Approve => crate::audit::RETURN_APPROVED,
            Action::Reject => crate::audit::RETURN_REJECTED,
            Action::Receive => crate::audit::RETURN_RECEIVED,
            Action::Refund => crate::audit::RETURN_REFUNDED,
            Action::Close => crate::audit::RETURN_CLOSED,
        }
    }
}

/// A field that is one of `T`'s names.
pub struct OneOf<T>(std::marker::PhantomData<T>);

impl<T: Named> Rule for OneOf<T> {
    type Out = T;
    fn read(form: &mut Form, name: &str, label: &str) -> T {
        match form.value(name) {
            Some(Value::String(s)) if T::parse(s).is_some() => T::parse(s).unwrap_or(T::ALL[0]),
            None => {
                form.fail(name, format!("{label} is Required"));
                T::ALL[0]
            }
            Some(_) => {
                form.fail(name, format!("{label} must be one of {}", T::listed()));
                T::ALL[0]
            }
        }
    }
    fn schema() -> Value {
        let names: Vec<&str> = T::ALL.iter().map(|v| v.as_str()).collect();
        json!({"type": "string", "enum": names})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_move_starts_where_the_docs_say() {
        assert_eq!(Action::Approve.moves().1, State::Approved);
        assert!(Action::Close.moves().0.contains(&State::Received));
        assert!(!Action::Refund.moves().0.contains(&State::Approved));
        assert_eq!(
            Action::Refund.refused(State::Approved),
            "An approved return cannot be refunded"
        );
        assert_eq!(
            Action::Approve.refused(State::Closed),
            "A closed return cannot be approved"
        );
        assert_eq!(Condition::listed(), "resalable, damaged or notAsSent");
        assert_eq!(Reason::parse("faulty"), Some(Reason::Faulty));
        assert!(Reason::WrongPartSent.sellers_fault());
        assert!(!Reason::DoesNotFit.sellers_fault());
    }
}
