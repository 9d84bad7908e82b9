//! Cards as the built-in test provider reads them, and what it does with
//! the card provider's well-known test numbers (the README's "Card
//! payments"). A malformed field is a 400 naming it
//! (`card.number`); a well-formed card the provider refuses is a 402 with
//! the provider's message and code.

use serde_json::{json, Value};

use crate::core::error::ApiError;
use crate::core::input::rules::{Nested, OptionalEmail, OptionalText, Rule, Sent, Text, Whole};
use crate::core::input::{Form, SHORT_TEXT};
use crate::request;

request! {
    /// A card payment for the intent `clientSecret` names.
    pub struct ConfirmRequest {
        client_secret: Text<SHORT_TEXT> = "clientSecret", "Client secret";
        card: Nested<CardDetails> = "card", "Card";
        billing_details: Sent<Nested<BillingDetails>> = "billingDetails", "Billing details";
    }
}

request! {
    /// A card, as the buyer typed it. Its fields are well formed once read;
    /// its number may still be invalid.
    #[derive(Default, PartialEq, Eq)]
    pub struct CardDetails {
        /// 12 to 19 digits; spaces between them are allowed.
        number: CardNumber = "number", "Card number";
        exp_month: Whole<1, 12> = "expMonth", "Expiry month";
        /// Four digits, or two (`30` is 2030).
        exp_year: ExpiryYear = "expYear", "Expiry year";
        /// 3 or 4 digits.
        cvc: Cvc = "cvc", "CVC";
    }
}

request! {
    /// Who pays; both optional, an e-mail must be valid.
    #[derive(Default)]
    pub struct BillingDetails {
        name: OptionalText<SHORT_TEXT> = "name", "Name";
        email: OptionalEmail = "email", "Email";
    }
}

/// A refusal: the provider's message and code.
#[derive(Debug, PartialEq, Eq)]
pub struct Decline {
    pub message: &'static str,
    pub code: &'static str,
}

const DECLINED: Decline = Decline {
    message: "Your card was declined.",
    code: "card_declined",
};
const INSUFFICIENT_FUNDS: Decline = Decline {
    message: "Your card has insufficient funds.",
    code: "insufficient_funds",
};
const EXPIRED: Decline = Decline {
    message: "Your card has expired.",
    code: "expired_card",
};
const INCORRECT_CVC: Decline = Decline {
    message: "Your card's security code is incorrect.",
    code: "incorrect_cvc",
};
const INVALID_NUMBER: Decline = Decline {
    message: "Your card number is invalid.",
    code: "invalid_number",
};
// Like the card provider's test mode, a real card is refused.
const NOT_A_TEST_CARD: Decline = Decline {
    message:
        "Your card was declined. This shop takes test cards only, such as 4242 4242 4242 4242.",
    code: "card_declined",
};

/// The card provider's test numbers that succeed, one or two per brand.
const SUCCEEDING: [&str; 10] = [
    "4242424242424242",
    "4000056655665556",
    "5555555555554444",
    "2223003122003222",
    "5200828282828210",
    "378282246310005",
    "6011111111111117",
    "3056930009020004",
    "3566002020360505",
    "6200000000000005",
];

impl From<Decline> for ApiError {
    fn from(decline: Decline) -> Self {
        ApiError::CardDeclined {
            message: decline.message.into(),
            code: decline.code.into(),
        }
    }
}

impl CardDetails {
    /// What the test provider does with this card in the month `today`
    /// (year, month): Ok when the payment succeeds.
    pub fn outcome(&self, today: (i64, i64)) -> Result<(), Decline> {
        if !passes_luhn(&self.number) {
            return Err(INVALID_NUMBER);
        }
        // A card is good until the end of its expiry month.
        if (self.exp_year, self.exp_month) < today {
            return Err(EXPIRED);
        }
        match self.number.as_str() {
            "4000000000000002" => Err(DECLINED),
            "4000000000009995" => Err(INSUFFICIENT_FUNDS),
            "4000000000000069" => Err(EXPIRED),
            "4000000000000127" => Err(INCORRECT_CVC),
            n if SUCCEEDING.contains(&n) => Ok(()),
            _ => Err(NOT_A_TEST_CARD),
        }
    }

    /// The last four digits, kept with a succeeded payment.
    pub fn last4(&self) -> &str {
        &self.number[self.number.len() - 4..]
    }
}

/// Digits as text or a number; spaces between them are allowed. None:
/// left out or blank.
fn digits(value: Option<&Value>) -> Option<Result<String, ()>> {
    match value {
        None => None,
        Some(Value::Number(n)) => Some(n.as_u64().map(|n| n.to_string()).ok_or(())),
        Some(Value::String(s)) => {
            let digits: String = s.chars().filter(|c| *c != ' ').collect();
            if digits.is_empty() {
                None
            } else if digits.chars().all(|c| c.is_ascii_digit()) {
                Some(Ok(digits))
            } else {
                Some(Err(()))
            }
        }
        Some(_) => Some(Err(())),
    }
}

/// Digits, with spaces allowed between them, `min` to `max` digits long.
fn spaced_digits(min: usize, max: usize) -> Value {
    json!({"type": "string", "pattern": format!(r"^ *([0-9] *){{{min},{max}}}$")})
}

/// A card number: 12 to 19 digits, kept without the spaces.
pub struct CardNumber;

impl Rule for CardNumber {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        match digits(form.value(name)) {
            None => form.fail(name, format!("{label} is Required")),
            Some(Ok(n)) if (12..=19).contains(&n.len()) => return n,
            Some(_) => form.fail(name, format!("{label} must be 12 to 19 digits")),
        }
        String::new()
    }
    fn schema() -> Value {
        let mut schema = spaced_digits(12, 19);
        schema["example"] = json!("4242 4242 4242 4242");
        schema
    }
}

/// A card's security code: 3 or 4 digits.
pub struct Cvc;

impl Rule for Cvc {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        match digits(form.value(name)) {
            None => form.fail(name, format!("{label} is Required")),
            Some(Ok(c)) if (3..=4).contains(&c.len()) => return c,
            Some(_) => form.fail(name, format!("{label} must be 3 or 4 digits")),
        }
        String::new()
    }
    fn schema() -> Value {
        spaced_digits(3, 4)
    }
}

/// The expiry year, four digits or two (`30` is 2030), as four digits.
pub struct ExpiryYear;

impl Rule for ExpiryYear {
    type Out = i64;
    fn read(form: &mut Form, name: &str, label: &str) -> i64 {
        let year = form.whole(name, label, 0, 9999);
        let year = if year < 100 { 2000 + year } else { year };
        if !(2000..=2100).contains(&year) {
            form.fail(name, format!("{label} must be a year such as 2030"));
        }
        year
    }
    fn schema() -> Value {
        json!({"oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 99},
            {"type": "integer", "minimum": 2000, "maximum": 2100},
        ]})
    }
}

/// The Luhn checksum every card number carries in its last digit.
fn passes_luhn(number: &str) -> bool {
    let sum: u32 = number
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            match (i % 2, d * 2) {
                (0, _) => d,
                (_, doubled) if doubled > 9 => doubled - 9,
                (_, doubled) => doubled,
            }
        })
        .sum();
    !number.is_empty() && sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::input::request::read;

    fn card(number: &str, exp_month: i64, exp_year: i64) -> CardDetails {
        CardDetails {
            number: number.into(),
            exp_month,
            exp_year,
            cvc: "123".into(),
        }
    }

    const TODAY: (i64, i64) = (2025, 6);

    #[test]
    fn the_test_numbers_give_their_documented_outcomes() {
        let outcome = |n: &str| card(n, 12, 2030).outcome(TODAY).map_err(|d| d.code);
        assert_eq!(outcome("4242424242424242"), Ok(()));
        assert_eq!(outcome("4000000000000002"), Err("card_declined"));
        assert_eq!(outcome("4000000000009995"), Err("insufficient_funds"));
        assert_eq!(outcome("4000000000000069"), Err("expired_card"));
        assert_eq!(outcome("4000000000000127"), Err("incorrect_cvc"));
        assert_eq!(outcome("4242424242424241"), Err("invalid_number"));
        assert_eq!(outcome("4111111111111111"), Err("card_declined"));
        for n in SUCCEEDING {
            assert!(passes_luhn(n), "{n}");
        }
    }

    #[test]
    fn a_card_is_good_until_the_end_of_its_expiry_month() {
        let outcome = |m, y| card("4242424242424242", m, y).outcome(TODAY);
        assert_eq!(outcome(6, 2025), Ok(()));
        assert_eq!(outcome(5, 2025), Err(EXPIRED));
        assert_eq!(outcome(12, 2024), Err(EXPIRED));
    }

    #[test]
    fn fields_are_read_with_spaces_and_short_years() {
        let body = json!({"clientSecret": "pi_1_secret", "card": {"number": "4242 4242 4242 4242", "expMonth": "4", "expYear": 31, "cvc": "123"}});
        let read = read::<ConfirmRequest>(body.as_object().unwrap()).unwrap();
        assert_eq!(read.card, card("4242424242424242", 4, 2031));
        assert_eq!(read.card.last4(), "4242");
    }

    #[test]
    fn each_wrong_field_is_named_with_its_dotted_path() {
        let body = json!({
            "card": {"number": "4242-4242", "expMonth": 13, "expYear": 1999, "cvc": "12"},
            "billingDetails": {"email": "nope"}
        });
        let Err(ApiError::BadRequest { fields, .. }) =
            read::<ConfirmRequest>(body.as_object().unwrap())
        else {
            panic!("expected a 400")
        };
        assert_eq!(fields["card.number"], "Card number must be 12 to 19 digits");
        assert_eq!(fields["card.expMonth"], "Expiry month must be at most 12");
        assert_eq!(
            fields["card.expYear"],
            "Expiry year must be a year such as 2030"
        );
        assert_eq!(fields["card.cvc"], "CVC must be 3 or 4 digits");
        assert_eq!(fields["billingDetails.email"], "Provide a valid Email");
        assert_eq!(fields["clientSecret"], "Client secret is Required");
        assert_eq!(fields.len(), 6);
    }
}
