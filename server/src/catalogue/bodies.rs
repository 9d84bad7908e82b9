//! A part as the API shows it and takes it: the view, the bodies of a
//! `POST` and a `PUT`, and the fields they sent laid over a part (or over
//! the defaults, for a new one).

use serde::Serialize;
use utoipa::ToSchema;

use super::*;
use crate::core::answers::grams_to_kg;
use crate::core::input::rules::{ImageUrl, Money, MoneyOrZero, Sent, Text, Whole};
use crate::core::input::{LONG_TEXT, MAX_QUANTITY, SHORT_TEXT};
use crate::core::money::cents_to_units;
use crate::request;
use fields::{
    Category, Fitment, Fitments, OemNumbers, ReplacedNumbers, Sku, WeightKg, DEFAULT_CATEGORY,
    DEFAULT_REORDER_LEVEL,
};
use store::{Details, PartFields, PartRow, StockChange};

/// A part as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Part {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Address of the part's picture.
    pub img: String,
    /// Unit price in currency units.
    pub price: f64,
    pub available_quantity: i64,
    pub minimum_order: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The shop's part number, upper-case, unique.
    #[schema(example = "BRK-1042")]
    pub sku: String,
    /// The manufacturers' numbers the part replaces, as entered.
    #[schema(example = json!(["04465-33450"]))]
    pub oem_numbers: Vec<String>,
    #[schema(schema_with = fields::category_schema)]
    pub category: String,
    /// The vehicles the part fits.
    pub fitments: Vec<Fitment>,
    /// The stock at or below which the part counts as low.
    pub reorder_level: i64,
    /// Whether `availableQuantity <= reorderLevel`.
    pub low_stock: bool,
    /// What one unit weighs, in kilograms with up to three decimals (0: not given).
    #[schema(example = 1.25)]
    pub weight_kg: f64,
    /// The refundable deposit on one unit (a remanufactured part's core
    /// charge), in currency units; 0: none. Given back when the old part
    /// is returned (docs/api.md, "Core charges").
    #[schema(example = 45.0)]
    pub core_charge: f64,
    /// The older part numbers this part supersedes, as entered; a search
    /// for one of them finds this part. Always sent (documented as optional
    /// only so that clients written before it still type-check).
    #[schema(example = json!(["04465-02220"]), required = false)]
    pub replaces: Vec<String>,
    /// In a list searched with `q`: the superseded number `q` found the part
    /// by (the page can say "replaces 04465-02220"); otherwise null. Always
    /// sent, as `replaces` is.
    #[schema(example = "04465-02220", required = false)]
    pub matched_replaced: Option<String>,
}

impl Part {
    pub fn new(row: PartRow, details: Details) -> Self {
        Part {
            id: row.id.to_string(),
            name: row.name,
            description: row.description,
            img: row.img,
            price: cents_to_units(row.price_cents),
            available_quantity: row.available_quantity,
            minimum_order: row.minimum_order,
            created_at: row.created_at,
            updated_at: row.updated_at,
            sku: row.sku,
            oem_numbers: details.oem_numbers,
            category: row.category,
            fitments: details.fitments,
            reorder_level: row.reorder_level,
            low_stock: row.available_quantity <= row.reorder_level,
            weight_kg: grams_to_kg(row.weight_grams),
            core_charge: cents_to_units(row.core_charge_cents),
            replaces: details.replaces,
            matched_replaced: None,
        }
    }
}

request! {
    /// The fields of a new part (a `price`, quantities and the weight may be
    /// numeric strings). `sku`, `oemNumbers`, `category`, `fitments`,
    /// `reorderLevel`, `weightKg`, `coreCharge` and `replaces` are optional.
    pub struct PartRequest {
        name: Text<SHORT_TEXT> = "name", "Name";
        description: Text<LONG_TEXT> = "description", "Description";
        img: ImageUrl = "img", "Image";
        price: Money = "price", "Price";
        available_quantity: Whole<0, MAX_QUANTITY> = "availableQuantity", "Quantity";
        minimum_order: Whole<1, MAX_QUANTITY> = "minimumOrder", "Quantity";
        /// Left out or blank: the shop makes one from the id (`PG-000123`).
        sku: Sku = "sku", "Part number";
        oem_numbers: OemNumbers = "oemNumbers", "OEM numbers";
        /// Left out or blank: `Other`.
        category: Category = "category", "Category";
        fitments: Fitments = "fitments", "Fitments";
        /// Left out: 5.
        reorder_level: Sent<Whole<0, MAX_QUANTITY>> = "reorderLevel", "Reorder level";
        /// Kilograms per unit, at most three decimals. Left out: 0 (not given).
        weight_kg: Sent<WeightKg> = "weightKg", "Weight";
        /// The deposit on one unit, in currency units. Left out: 0 (none).
        core_charge: Sent<MoneyOrZero> = "coreCharge", "Core charge";
        /// Older part numbers this part supersedes.
        replaces: ReplacedNumbers = "replaces", "Replaced numbers";
    }
}

request! {
    /// Changes to a part: any subset of its fields; a field left out or
    /// `null` stays as it is. `oemNumbers`, `fitments` and `replaces`, when
    /// sent, replace the part's whole lists.
    pub struct PartChanges {
        name: Sent<Text<SHORT_TEXT>> = "name", "Name";
        description: Sent<Text<LONG_TEXT>> = "description", "Description";
        img: Sent<ImageUrl> = "img", "Image";
        price: Sent<Money> = "price", "Price";
        available_quantity: Sent<Whole<0, MAX_QUANTITY>> = "availableQuantity", "Quantity";
        /// With `availableQuantity`: the stock the admin saw when choosing it.
        /// The stock is changed only if it is still this figure; otherwise 409.
        available_quantity_seen: Sent<Whole<0, MAX_QUANTITY>> = "availableQuantitySeen", "Stock seen";
        minimum_order: Sent<Whole<1, MAX_QUANTITY>> = "minimumOrder", "Quantity";
        sku: Sku = "sku", "Part number";
        oem_numbers: OemNumbers = "oemNumbers", "OEM numbers";
        category: Category = "category", "Category";
        fitments: Fitments = "fitments", "Fitments";
        reorder_level: Sent<Whole<0, MAX_QUANTITY>> = "reorderLevel", "Reorder level";
        /// Kilograms per unit, at most three decimals.
        weight_kg: Sent<WeightKg> = "weightKg", "Weight";
        /// The deposit on one unit, in currency units (0: none).
        core_charge: Sent<MoneyOrZero> = "coreCharge", "Core charge";
        replaces: ReplacedNumbers = "replaces", "Replaced numbers";
    }
}

/// The fields a request sent; None: not sent (or, for the optional
/// catalogue fields, blank).
#[derive(Debug, Default)]
pub(super) struct SentFields {
    pub(super) name: Option<String>,
    pub(super) description: Option<String>,
    pub(super) img: Option<String>,
    pub(super) price_cents: Option<i64>,
    pub(super) minimum_order: Option<i64>,
    pub(super) sku: Option<String>,
    pub(super) oem_numbers: Option<Vec<String>>,
    pub(super) category: Option<&'static str>,
    pub(super) fitments: Option<Vec<Fitment>>,
    pub(super) reorder_level: Option<i64>,
    pub(super) weight_grams: Option<i64>,
    pub(super) core_charge_cents: Option<i64>,
    pub(super) replaces: Option<Vec<String>>,
    pub(super) stock: Option<StockChange>,
}

impl SentFields {
    /// `base` with the sent fields written over it. The stock is not among
    /// them: it changes only through `StockChange`, in the store.
    pub(super) fn over(&self, base: &PartFields) -> PartFields {
        let mut part = base.clone();
        let set = |field: &mut String, sent: &Option<String>| {
            if let Some(value) = sent {
                field.clone_from(value);
            }
        };
        set(&mut part.name, &self.name);
        set(&mut part.description, &self.description);
        set(&mut part.img, &self.img);
        part.price_cents = self.price_cents.unwrap_or(part.price_cents);
        part.minimum_order = self.minimum_order.unwrap_or(part.minimum_order);
        if self.sku.is_some() {
            part.sku.clone_from(&self.sku);
        }
        if let Some(numbers) = &self.oem_numbers {
            part.details.oem_numbers.clone_from(numbers);
        }
        if let Some(category) = self.category {
            part.category = category.to_owned();
        }
        if let Some(fitments) = &self.fitments {
            part.details.fitments.clone_from(fitments);
        }
        part.reorder_level = self.reorder_level.unwrap_or(part.reorder_level);
        part.weight_grams = self.weight_grams.unwrap_or(part.weight_grams);
        part.core_charge_cents = self.core_charge_cents.unwrap_or(part.core_charge_cents);
        if let Some(replaces) = &self.replaces {
            part.details.replaces.clone_from(replaces);
        }
        part
    }
}

impl From<PartRequest> for SentFields {
    fn from(part: PartRequest) -> Self {
        SentFields {
            name: Some(part.name),
            description: Some(part.description),
            img: Some(part.img),
            price_cents: Some(part.price),
            minimum_order: Some(part.minimum_order),
            sku: part.sku,
            oem_numbers: part.oem_numbers,
            category: part.category,
            fitments: part.fitments,
            reorder_level: part.reorder_level,
            weight_grams: part.weight_kg,
            core_charge_cents: part.core_charge,
            replaces: part.replaces,
            stock: Some(StockChange {
                to: part.available_quantity,
                seen: None,
            }),
        }
    }
}

impl From<PartChanges> for SentFields {
    fn from(changes: PartChanges) -> Self {
        SentFields {
            name: changes.name,
            description: changes.description,
            img: changes.img,
            price_cents: changes.price,
            minimum_order: changes.minimum_order,
            sku: changes.sku,
            oem_numbers: changes.oem_numbers,
            category: changes.category,
            fitments: changes.fitments,
            reorder_level: changes.reorder_level,
            weight_grams: changes.weight_kg,
            core_charge_cents: changes.core_charge,
            replaces: changes.replaces,
            stock: changes.available_quantity.map(|to| StockChange {
                to,
                seen: changes.available_quantity_seen,
            }),
        }
    }
}

/// The fields of a new part: those sent over the defaults.
pub(super) fn new_part(sent: &SentFields) -> PartFields {
    let mut part = sent.over(&PartFields {
        name: String::new(),
        description: String::new(),
        img: String::new(),
        price_cents: 0,
        available_quantity: 0,
        minimum_order: 0,
        sku: None,
        category: DEFAULT_CATEGORY.to_owned(),
        reorder_level: DEFAULT_REORDER_LEVEL,
        weight_grams: 0,
        core_charge_cents: 0,
        details: Details::default(),
    });
    part.available_quantity = sent.stock.map_or(0, |s| s.to);
    part
}
