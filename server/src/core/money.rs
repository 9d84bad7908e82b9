//! Money, in one place: the shop keeps whole cents of its one currency
//! (docs/decisions.md, D3 and D13), reads prices from text here, and writes
//! them here, as a JSON number in currency units, as a decimal, or for a
//! person in the shop's currency.

use crate::core::config::Config;

/// Parses "12", "12.5" or "12.50" into cents; refuses zero, negatives and
/// more than two decimals. The error completes "Price ...".
pub fn parse_cents(text: &str) -> Result<i64, &'static str> {
    if text.starts_with('-') {
        return Err("must be more than 0");
    }
    let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if units.is_empty()
        || !digits(units)
        || !digits(fraction)
        || (text.contains('.') && fraction.is_empty())
    {
        return Err("must be a number");
    }
    if fraction.len() > 2 {
        return Err("can have at most two decimals");
    }
    if units.len() > 12 {
        return Err("is too large");
    }
    let units: i64 = units.parse().map_err(|_| "must be a number")?;
    let cents: i64 = format!("{fraction:0<2}")
        .parse()
        .map_err(|_| "must be a number")?;
    let total = units * 100 + cents;
    if total == 0 {
        return Err("must be more than 0");
    }
    Ok(total)
}

/// Cents as a JSON number in currency units (1250 → 12.5).
pub fn cents_to_units(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Cents as a decimal with two places, no currency: `12.50`, `-0.05`.
pub fn decimal(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

/// The shop's currency (`SHOP_CURRENCY`), to write amounts for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Currency {
    /// Its ISO code, upper case (`USD`).
    code: String,
}

impl Currency {
    pub fn new(code: &str) -> Currency {
        Currency {
            code: code.trim().to_uppercase(),
        }
    }

    pub fn from_config(config: &Config) -> Currency {
        Currency::new(&config.currency)
    }

    /// Its ISO code, upper case.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// An amount as a sentence says it: with the currency's sign where it
    /// has one no other currency shares (`$12.50`, `€12.50`, `£12.50`), else
    /// with its code (`12.50 CHF`).
    pub fn shown(&self, cents: i64) -> String {
        let sign = match self.code.as_str() {
            "USD" => "$",
            "EUR" => "€",
            "GBP" => "£",
            _ => return self.with_code(cents),
        };
        let minus = if cents < 0 { "-" } else { "" };
        format!("{minus}{sign}{}", decimal(cents.abs()))
    }

    /// An amount with the currency's code after it, as the shop's mail
    /// writes amounts: `12.50 USD`.
    pub fn with_code(&self, cents: i64) -> String {
        format!("{} {}", decimal(cents), self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_become_cents_and_bad_ones_are_refused() {
        assert_eq!(parse_cents("12"), Ok(1200));
        assert_eq!(parse_cents("12.5"), Ok(1250));
        assert_eq!(parse_cents("0.01"), Ok(1));
        assert_eq!(parse_cents("12.345"), Err("can have at most two decimals"));
        assert_eq!(parse_cents("0"), Err("must be more than 0"));
        assert_eq!(parse_cents("-3"), Err("must be more than 0"));
        assert_eq!(parse_cents("abc"), Err("must be a number"));
        assert_eq!(parse_cents("1e5"), Err("must be a number"));
        assert_eq!(parse_cents("12."), Err("must be a number"));
    }

    #[test]
    fn amounts_are_written_in_the_shops_currency() {
        assert_eq!(cents_to_units(1250), 12.5);
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(-1250), "-12.50");
        let dollars = Currency::new("usd");
        assert_eq!(dollars.shown(5), "$0.05");
        assert_eq!(dollars.shown(-123456), "-$1234.56");
        assert_eq!(dollars.with_code(2500), "25.00 USD");
        assert_eq!(Currency::new("EUR").shown(1999), "€19.99");
        assert_eq!(Currency::new("gbp").shown(100), "£1.00");
        assert_eq!(Currency::new("CHF").shown(1250), "12.50 CHF");
    }
}
