//! What the returns routes read and answer: a return request and its lines,
//! a staff move's body, the return policy, and a return as shown.

use serde::Serialize;
use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use super::reasons::{Condition, OneOf, Reason};
use super::refund::Fee;
use crate::cart::{read_rows, rows_schema};
use crate::core::input::rules::{ImageUrl, MoneyOrZero, OptionalText, Rule, Sent, Text, Whole};
use crate::core::input::{Form, MAX_PRICE_CENTS, MAX_QUANTITY, SHORT_TEXT};
use crate::request;

/// Most characters of a buyer's note.
pub const NOTE_TEXT: usize = 1_000;
/// Most characters of the staff's instructions or reason.
pub const STAFF_TEXT: usize = 500;
/// Most lines one return names (an order has at most 100).
const MAX_RETURN_LINES: usize = 100;

request! {
    /// One line sent back: the order's line at `position` (1 for the
    /// first) and how many of it.
    #[derive(Default)]
    pub struct ReturnLineRequest {
        position: Whole<1, 100> = "position", "Line";
        quantity: Whole<1, MAX_QUANTITY> = "quantity", "Quantity";
    }
}

/// The lines of a return: 1 to 100.
pub struct ReturnLinesRule;

impl Rule for ReturnLinesRule {
    type Out = Vec<ReturnLineRequest>;
    fn read(form: &mut Form, name: &str, label: &str) -> Vec<ReturnLineRequest> {
        read_rows(
            form,
            name,
            label,
            (1, MAX_RETURN_LINES),
            &format!("A return holds 1 to {MAX_RETURN_LINES} lines"),
        )
    }
    fn schema() -> Value {
        rows_schema::<ReturnLineRequest>(1, MAX_RETURN_LINES)
    }
    fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((
            ReturnLineRequest::name().into_owned(),
            <ReturnLineRequest as utoipa::PartialSchema>::schema(),
        ));
    }
}

request! {
    /// A buyer's request to send lines of a delivered or collected order
    /// back.
    pub struct ReturnRequest {
        reason: OneOf<Reason> = "reason", "Reason";
        lines: ReturnLinesRule = "lines", "Lines";
        /// What the buyer wants the shop to know.
        note: OptionalText<NOTE_TEXT> = "note", "Note", example = "The bore is 5 mm too small.";
        /// A picture uploaded to the shop.
        image: Sent<ImageUrl> = "image", "Photo";
    }
}

request! {
    /// Approving: how to send the parts back (left out: the shop's words).
    pub struct ApproveRequest {
        instructions: OptionalText<STAFF_TEXT> = "instructions", "Instructions",
            example = "Send it to the counter's address with RMA-12 on the box.";
    }
}

request! {
    /// Rejecting: why, told to the buyer.
    pub struct RejectRequest {
        reason: Text<STAFF_TEXT> = "reason", "Reason", example = "Fitted and used: we cannot take it back.";
    }
}

request! {
    /// Receiving: the state the parts came back in. For a core (an old
    /// part returned for its deposit), `resalable` is a core that can be
    /// rebuilt, and `deduction` what is taken off its deposit when it
    /// cannot (left out: nothing).
    pub struct ReceiveRequest {
        condition: OneOf<Condition> = "condition", "Condition";
        deduction: Sent<MoneyOrZero> = "deduction", "Deduction";
    }
}

/// The restocking fee: `{kind: "none"}`, `{kind: "percent", amount}` (0 to
/// 100, at most two decimals) or `{kind: "fixed", amount}` (currency units).
pub struct FeeRule;

impl Rule for FeeRule {
    type Out = Fee;
    fn read(form: &mut Form, name: &str, label: &str) -> Fee {
        let Some(Value::Object(object)) = form.value(name).cloned() else {
            form.fail(name, format!("{label} is Required"));
            return Fee::None;
        };
        let mut inner = Form::new(&object);
        let fee = match object.get("kind").and_then(Value::as_str) {
            Some("none") => Fee::None,
            Some("percent") => match object.get("amount") {
                Some(Value::Number(n))
                    if n.as_f64().is_some_and(|x| {
                        (0.0..=100.0).contains(&x) && ((x * 100.0).round() - x * 100.0).abs() < 1e-6
                    }) =>
                {
                    Fee::Percent {
                        basis_points: (n.as_f64().unwrap_or(0.0) * 100.0).round() as i64,
                    }
                }
                _ => {
                    inner.fail(
                        "amount",
                        "Amount must be a percentage from 0 to 100 with at most two decimals",
                    );
                    Fee::None
                }
            },
            Some("fixed") => Fee::Fixed {
                cents: inner.money("amount", "Amount"),
            },
            _ => {
                inner.fail("kind", "Kind must be one of none, percent or fixed");
                Fee::None
            }
        };
        inner.report_within(form, name);
        fee
    }
    fn schema() -> Value {
        let max = MAX_PRICE_CENTS / 100;
        json!({
            "oneOf": [
                {"type": "object", "required": ["kind"],
                 "properties": {"kind": {"type": "string", "enum": ["none"]}}},
                {"type": "object", "required": ["kind", "amount"],
                 "properties": {"kind": {"type": "string", "enum": ["percent"]},
                    "amount": {"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.01}}},
                {"type": "object", "required": ["kind", "amount"],
                 "properties": {"kind": {"type": "string", "enum": ["fixed"]},
                    "amount": {"type": "number", "minimum": 0.01, "maximum": max, "multipleOf": 0.01}}},
            ],
            "example": {"kind": "percent", "amount": 15},
        })
    }
}

request! {
    /// The shop's return policy.
    pub struct ReturnPolicyRequest {
        /// Days from delivery or collection a buyer may ask to return parts.
        return_days: Whole<1, 365> = "returnDays", "Return window";
        restocking_fee: FeeRule = "restockingFee", "Restocking fee";
        /// Days from delivery or collection a buyer may return an old part
        /// for its deposit (core charge). Left out: as it is (90 at first).
        core_return_days: Sent<Whole<1, 730>> = "coreReturnDays", "Core return window";
    }
}

/// The restocking fee, as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RestockingFee {
    /// `none`, `percent` (of the goods returned) or `fixed` (per return).
    #[schema(example = "percent")]
    pub kind: String,
    /// The percentage, or the amount in currency units; 0 for `none`.
    #[schema(example = 15)]
    pub amount: f64,
}

/// The shop's return policy (docs/api.md, "Returns").
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnPolicy {
    /// Days from delivery or collection a buyer may ask to return parts.
    #[schema(example = 30)]
    pub return_days: i64,
    /// Charged on the goods of a return, unless the seller was at fault.
    pub restocking_fee: RestockingFee,
    /// Days from delivery or collection an old part may be returned for
    /// its deposit (a return of reason `core`).
    #[schema(example = 90)]
    pub core_return_days: i64,
}

/// One line of a return, with what the order says of it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLineView {
    /// The line's place on the order, 1 for the first.
    pub position: i64,
    pub part_id: String,
    pub part_name: String,
    pub quantity: i64,
    /// The unit price paid, in currency units.
    pub unit_price: f64,
    /// The vehicle the buyer had chosen when ordering.
    pub vehicle: Option<String>,
    /// The deposit on one unit (its core charge) as ordered; 0: none.
    pub core_charge: f64,
}

/// What a return refunds (or, before it is refunded, would refund now), in
/// currency units: `total = goods + tax + delivery + core - fee`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReturnRefund {
    /// The goods at the price paid (0 for a core return).
    pub goods: f64,
    pub tax: f64,
    /// The delivery and its tax, when the seller was at fault.
    pub delivery: f64,
    /// The deposits (core charges) of the units sent back, untaxed.
    pub core: f64,
    /// The restocking fee; for a core return, the deduction the staff said.
    pub fee: f64,
    pub total: f64,
}

/// A return (RMA) as the buyer and the staff see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnView {
    #[serde(rename = "_id")]
    pub id: String,
    /// What to write on the parcel.
    #[schema(example = "RMA-12")]
    pub number: String,
    pub booking_id: String,
    pub buyer_email: String,
    pub buyer_name: String,
    #[schema(example = "requested")]
    pub state: String,
    #[schema(example = "doesNotFit")]
    pub reason: String,
    pub note: String,
    pub image: Option<String>,
    pub lines: Vec<ReturnLineView>,
    /// How to send it back, once approved.
    pub instructions: Option<String>,
    /// Why it was not accepted.
    pub rejection: Option<String>,
    /// What the staff found when it came back.
    pub condition: Option<String>,
    /// A core return: what the staff took off the deposit on receipt, in
    /// currency units (0: none).
    pub deduction: f64,
    pub refund: ReturnRefund,
    /// The card provider's refund, once refunded.
    pub refund_id: Option<String>,
    /// The order that replaces a part that did not fit, once the buyer
    /// linked one.
    pub exchange_order_id: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

/// Returns of one reason in the 30 days.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonFigures {
    #[schema(example = "doesNotFit")]
    pub reason: String,
    /// Returns asked for.
    pub returns: i64,
    /// Of them, refunded.
    pub refunded: i64,
    /// What they refunded, in currency units.
    pub amount: f64,
}

/// Returns asked for in the last 30 days, by reason.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnFigures {
    /// Every reason, in the order the API lists them, zeros included.
    pub by_reason: Vec<ReasonFigures>,
    /// Old parts (cores) received back in those returns, in units: what the
    /// seller has to send on to the rebuilder.
    pub cores_received: i64,
}

request! {
    /// The order that replaces the returned part: one of the buyer's,
    /// placed after the return was asked for.
    pub struct ReturnExchangeRequest {
        order_id: Text<SHORT_TEXT> = "orderId", "Order", example = "42";
    }
}
