//! Cards as the built-in test provider reads them, and what it does with
//! the card provider's well-known test numbers (the README's "Card
//! payments"). A malformed field is a 400 naming it
//! (`card.number`); a well-formed card the provider refuses is a 402 with
//! the provider's message and code.

use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::input::{parse_email, Form, SHORT_TEXT};

/// A card whose fields are well formed; its number may still be invalid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// Digits only.
    number: String,
    exp_month: u8,
    /// Four digits.
    exp_year: i32,
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

impl Card {
    /// What the test provider does with this card in the month `today`
    /// (year, month): Ok when the payment succeeds.
    pub fn outcome(&self, today: (i32, u8)) -> Result<(), Decline> {
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

/// Reads `card` and `billingDetails` from a confirm request; problems are
/// recorded on `form` under their dotted names (`card.number`).
pub fn read(form: &mut Form, body: &Map<String, Value>) -> Card {
    let card = match body.get("card") {
        Some(Value::Object(card)) => Some(read_card(form, card)),
        None | Some(Value::Null) => {
            form.fail("card", "Card is Required");
            None
        }
        Some(_) => {
            form.fail(
                "card",
                "Card must be an object with number, expMonth, expYear and cvc",
            );
            None
        }
    };
    match body.get("billingDetails") {
        Some(Value::Object(billing)) => {
            let mut fields = Form::new(billing);
            fields.optional_text("name", "Name", SHORT_TEXT);
            if let Some(email) = fields.optional_text("email", "Email", SHORT_TEXT) {
                if parse_email(&email).is_none() {
                    fields.fail("email", "Provide a valid Email");
                }
            }
            nest(form, "billingDetails", fields);
        }
        None | Some(Value::Null) => {}
        Some(_) => form.fail("billingDetails", "Billing details must be an object"),
    }
    card.unwrap_or(Card {
        number: String::new(),
        exp_month: 1,
        exp_year: 2000,
    })
}

fn read_card(form: &mut Form, card: &Map<String, Value>) -> Card {
    let mut fields = Form::new(card);
    let number = number(&mut fields, card);
    let exp_month = fields.whole("expMonth", "Expiry month", 1, 12) as u8;
    let exp_year = expiry_year(&mut fields);
    cvc(&mut fields, card);
    nest(form, "card", fields);
    Card {
        number,
        exp_month,
        exp_year,
    }
}

/// Copies the problems of a nested object's fields onto `form`, as `prefix.field`.
fn nest(form: &mut Form, prefix: &str, fields: Form) {
    if let Err(ApiError::BadRequest { fields, .. }) = fields.finish() {
        for (name, message) in fields {
            form.fail(&format!("{prefix}.{name}"), message);
        }
    }
}

/// Digits as text or a number; spaces between them are allowed.
fn digits(value: Option<&Value>) -> Option<Result<String, ()>> {
    match value {
        None | Some(Value::Null) => None,
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

fn number(fields: &mut Form, card: &Map<String, Value>) -> String {
    match digits(card.get("number")) {
        None => fields.fail("number", "Card number is Required"),
        Some(Ok(n)) if (12..=19).contains(&n.len()) => return n,
        Some(_) => fields.fail("number", "Card number must be 12 to 19 digits"),
    }
    String::new()
}

fn cvc(fields: &mut Form, card: &Map<String, Value>) {
    match digits(card.get("cvc")) {
        None => fields.fail("cvc", "CVC is Required"),
        Some(Ok(c)) if (3..=4).contains(&c.len()) => {}
        Some(_) => fields.fail("cvc", "CVC must be 3 or 4 digits"),
    }
}

/// The expiry year, four digits or two (`30` is 2030).
fn expiry_year(fields: &mut Form) -> i32 {
    let year = fields.whole("expYear", "Expiry year", 0, 9999) as i32;
    let year = if year < 100 { 2000 + year } else { year };
    if !(2000..=2100).contains(&year) {
        fields.fail("expYear", "Expiry year must be a year such as 2030");
    }
    year
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
    use serde_json::json;

    fn card(number: &str, exp_month: u8, exp_year: i32) -> Card {
        Card {
            number: number.into(),
            exp_month,
            exp_year,
        }
    }

    const TODAY: (i32, u8) = (2025, 6);

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
        let body = json!({"card": {"number": "4242 4242 4242 4242", "expMonth": "4", "expYear": 31, "cvc": "123"}});
        let mut form = Form::new(body.as_object().unwrap());
        let read = read(&mut form, body.as_object().unwrap());
        assert!(form.finish().is_ok());
        assert_eq!(read, card("4242424242424242", 4, 2031));
        assert_eq!(read.last4(), "4242");
    }

    #[test]
    fn each_wrong_field_is_named_with_its_dotted_path() {
        let body = json!({
            "card": {"number": "4242-4242", "expMonth": 13, "expYear": 1999, "cvc": "12"},
            "billingDetails": {"email": "nope"}
        });
        let mut form = Form::new(body.as_object().unwrap());
        read(&mut form, body.as_object().unwrap());
        let Err(ApiError::BadRequest { fields, .. }) = form.finish() else {
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
        assert_eq!(fields.len(), 5);
    }
}
