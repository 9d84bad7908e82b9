//! What the checkout's requests send, and what its quote answers: how the
//! order travels, the address it goes to, its lines.

use serde::Serialize;
use serde_json::{json, Value};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::cart::{self, read_rows, rows_schema, CartLine, PartRef};
use crate::core::input::rules::{Money, OptionalPhone, OptionalText, Rule, Sent, Whole};
use crate::core::input::{parse_id, Form, MAX_QUANTITY, SHORT_TEXT};
use crate::request;
use crate::shipping::{DeliveryOption, MethodChoice};

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
            (1, cart::MAX_LINES),
            &format!("An order holds 1 to {} lines", cart::MAX_LINES),
        )
    }
    fn schema() -> Value {
        rows_schema::<OrderLineRequest>(1, cart::MAX_LINES)
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
        /// The vehicle the buyer had chosen, as the shop showed it ("2014 Toyota Corolla 1.8L L4"):
        /// kept on every line of the order, for the staff and for a return. Left out or blank: none.
        vehicle: OptionalText<SHORT_TEXT> = "vehicle", "Vehicle";
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
    /// The lines' deposits (core charges), untaxed.
    pub core_charges: f64,
    /// `price + shipping + tax + coreCharges`: what the order would be charged.
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
