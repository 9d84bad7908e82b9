//! An address as the API takes it and answers it (and as an order keeps
//! it).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::postal::{CountryCode, PostalAddress, NAME_TEXT, POSTCODE_TEXT};
use super::store::AddressRow;
use crate::core::input::rules::{Flag, OptionalPhone, OptionalText, Sent, Text};
use crate::core::input::SHORT_TEXT;
use crate::request;

/// An address as the API shows it (and as an order keeps it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    #[serde(rename = "_id")]
    pub id: String,
    /// Who receives the goods.
    #[schema(example = "Ann Driver")]
    pub name: String,
    #[schema(example = "1200 Harbor Blvd")]
    pub line1: String,
    /// "" when not given.
    pub line2: String,
    #[schema(example = "Oakland")]
    pub city: String,
    /// State, province or county; "" when not given.
    #[schema(example = "CA")]
    pub region: String,
    #[schema(example = "94607")]
    pub postcode: String,
    /// Two-letter country code (ISO 3166-1 alpha-2), upper-case.
    #[schema(example = "US")]
    pub country: String,
    pub phone: Option<String>,
    /// Whether this is the buyer's default address.
    pub is_default: bool,
}

impl Address {
    /// The whole address on one line, blanks left out: "Ann Driver, 12
    /// Garage Lane, Fresno CA 93650, US".
    pub fn one_line(&self) -> String {
        let street = PostalAddress {
            line1: &self.line1,
            line2: &self.line2,
            city: &self.city,
            region: &self.region,
            postcode: &self.postcode,
        }
        .one_line();
        [self.name.as_str(), street.as_str(), self.country.as_str()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl From<AddressRow> for Address {
    fn from(row: AddressRow) -> Self {
        Address {
            id: row.id.to_string(),
            name: row.name,
            line1: row.line1,
            line2: row.line2,
            city: row.city,
            region: row.region,
            postcode: row.postcode,
            country: row.country,
            phone: row.phone,
            is_default: row.is_default == 1,
        }
    }
}

request! {
    /// An address: who receives the goods and where. `line2`, `region`,
    /// `phone` and `isDefault` are optional.
    pub struct AddressRequest {
        name: Text<NAME_TEXT> = "name", "Name", example = "Ann Driver";
        line1: Text<SHORT_TEXT> = "line1", "Address line 1", example = "1200 Harbor Blvd";
        line2: OptionalText<SHORT_TEXT> = "line2", "Address line 2";
        city: Text<NAME_TEXT> = "city", "City", example = "Oakland";
        /// State, province or county.
        region: OptionalText<NAME_TEXT> = "region", "Region", example = "CA";
        postcode: Text<POSTCODE_TEXT> = "postcode", "Postcode", example = "94607";
        /// Two-letter country code, any case (stored upper-case).
        country: CountryCode = "country", "Country";
        phone: OptionalPhone = "phone", "Phone";
        /// True: this becomes the default address (the others lose it). The
        /// first address is the default whatever this says, and the default
        /// stays the default until another one is made so.
        is_default: Sent<Flag> = "isDefault", "Default";
    }
}
