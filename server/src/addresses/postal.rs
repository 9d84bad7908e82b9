//! What every postal address of the shop has, an address of a buyer's
//! book and the trade counter alike: the length of its names and
//! postcode, its country code, and how it is written on one line.

use serde_json::{json, Value};

use crate::core::input::rules::Rule;
use crate::core::input::Form;

/// Longest name, city or region, in characters.
pub const NAME_TEXT: usize = 100;
/// Longest postcode, in characters.
pub const POSTCODE_TEXT: usize = 20;

/// A two-letter country code (ISO 3166-1 alpha-2) in any case, surrounding
/// spaces ignored; read upper-case.
pub struct CountryCode;

impl Rule for CountryCode {
    type Out = String;
    fn read(form: &mut Form, name: &str, label: &str) -> String {
        let wrong = format!("{label} must be a two-letter country code");
        match form.value(name) {
            None => {
                form.fail(name, format!("{label} is Required"));
                String::new()
            }
            Some(Value::String(s)) if s.trim().is_empty() => {
                form.fail(name, format!("{label} is Required"));
                String::new()
            }
            Some(Value::String(s))
                if s.trim().len() == 2 && s.trim().chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                s.trim().to_ascii_uppercase()
            }
            Some(_) => {
                form.fail(name, wrong);
                String::new()
            }
        }
    }
    fn schema() -> Value {
        json!({"type": "string", "pattern": "^[A-Za-z]{2}$", "example": "US"})
    }
}

/// The street and town of a postal address, blanks left out.
pub struct PostalAddress<'a> {
    pub line1: &'a str,
    pub line2: &'a str,
    pub city: &'a str,
    pub region: &'a str,
    pub postcode: &'a str,
}

impl PostalAddress<'_> {
    /// "1200 Harbor Blvd, Oakland CA 94607": the lines, then the city,
    /// region and postcode; "" when every part is blank.
    pub fn one_line(&self) -> String {
        let town = join([self.city, self.region, self.postcode], " ");
        join([self.line1, self.line2, town.as_str()], ", ")
    }
}

/// The parts that are not blank, joined by `with`.
fn join<const N: usize>(parts: [&str; N], with: &str) -> String {
    parts
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(with)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_on_one_line_leaves_blanks_out() {
        let at = |line2, region| PostalAddress {
            line1: "1200 Harbor Blvd",
            line2,
            city: "Oakland",
            region,
            postcode: "94607",
        };
        assert_eq!(
            at("", "CA").one_line(),
            "1200 Harbor Blvd, Oakland CA 94607"
        );
        assert_eq!(
            at("Unit 4", "").one_line(),
            "1200 Harbor Blvd, Unit 4, Oakland 94607"
        );
        let blank = PostalAddress {
            line1: "",
            line2: "",
            city: "",
            region: "",
            postcode: "",
        };
        assert_eq!(blank.one_line(), "");
    }
}
