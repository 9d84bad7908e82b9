//! The trade counter: the shop's own place, where buyers collect orders
//! (pickup, always free). Its address is also where a collected order is
//! taxed. It is kept in the `settings` table as JSON under `counter`
//! (`store::counter_on`); a shop that never set it has the defaults.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::addresses::{CountryCode, PostalAddress, NAME_TEXT};
use crate::core::input::rules::{OptionalText, Text};
use crate::core::input::SHORT_TEXT;
use crate::request;

/// The trade counter, where buyers collect their orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Counter {
    #[schema(example = "Parts Garage trade counter")]
    pub name: String,
    #[schema(example = "1200 Harbor Blvd")]
    pub line1: String,
    pub line2: String,
    #[schema(example = "Oakland")]
    pub city: String,
    #[schema(example = "CA")]
    pub region: String,
    #[schema(example = "94607")]
    pub postcode: String,
    /// Two-letter country code, upper-case.
    #[schema(example = "US")]
    pub country: String,
    /// Opening hours, as the shop writes them.
    #[schema(example = "Mon–Fri 7:30–17:30, Sat 8:00–12:00")]
    pub hours: String,
    pub phone: String,
}

impl Default for Counter {
    fn default() -> Self {
        Counter {
            name: "Trade counter".into(),
            line1: String::new(),
            line2: String::new(),
            city: String::new(),
            region: String::new(),
            postcode: String::new(),
            country: "US".into(),
            hours: String::new(),
            phone: String::new(),
        }
    }
}

impl Counter {
    /// Where and when to collect, in one line: "Collect from Trade counter,
    /// 1200 Harbor Blvd, Oakland CA 94607. Mon–Fri 7:30–17:30".
    pub fn summary(&self) -> String {
        let street = PostalAddress {
            line1: &self.line1,
            line2: &self.line2,
            city: &self.city,
            region: &self.region,
            postcode: &self.postcode,
        }
        .one_line();
        let place = [self.name.as_str(), street.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(", ");
        let mut summary = format!("Collect from {place}");
        if !self.hours.is_empty() {
            summary.push_str(". ");
            summary.push_str(&self.hours);
        }
        summary
    }
}

request! {
    /// The trade counter: its name and country are required, the rest may
    /// be left out (blank).
    pub struct CounterRequest {
        name: Text<NAME_TEXT> = "name", "Name", example = "Parts Garage trade counter";
        line1: OptionalText<SHORT_TEXT> = "line1", "Address line 1";
        line2: OptionalText<SHORT_TEXT> = "line2", "Address line 2";
        city: OptionalText<SHORT_TEXT> = "city", "City";
        region: OptionalText<SHORT_TEXT> = "region", "Region";
        postcode: OptionalText<SHORT_TEXT> = "postcode", "Postcode";
        /// Two-letter country code, any case (stored upper-case).
        country: CountryCode = "country", "Country";
        /// Opening hours, as buyers should read them.
        hours: OptionalText<SHORT_TEXT> = "hours", "Hours";
        phone: OptionalText<SHORT_TEXT> = "phone", "Phone";
    }
}

impl From<CounterRequest> for Counter {
    fn from(sent: CounterRequest) -> Self {
        let text = |s: Option<String>| s.as_deref().map(str::trim).unwrap_or("").to_owned();
        Counter {
            name: sent.name.trim().to_owned(),
            line1: text(sent.line1),
            line2: text(sent.line2),
            city: text(sent.city),
            region: text(sent.region),
            postcode: text(sent.postcode),
            country: sent.country,
            hours: text(sent.hours),
            phone: text(sent.phone),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_the_place_and_its_hours() {
        assert_eq!(Counter::default().summary(), "Collect from Trade counter");
        let counter = Counter {
            name: "Parts Garage".into(),
            line1: "1200 Harbor Blvd".into(),
            city: "Oakland".into(),
            region: "CA".into(),
            postcode: "94607".into(),
            hours: "Mon–Fri 7:30–17:30".into(),
            ..Counter::default()
        };
        assert_eq!(
            counter.summary(),
            "Collect from Parts Garage, 1200 Harbor Blvd, Oakland CA 94607. Mon–Fri 7:30–17:30"
        );
    }

    #[test]
    fn a_counter_stored_with_fields_missing_gets_the_defaults_for_them() {
        let counter: Counter = serde_json::from_str(r#"{"name": "Depot"}"#).unwrap();
        assert_eq!(counter.name, "Depot");
        assert_eq!(counter.country, "US");
    }
}
