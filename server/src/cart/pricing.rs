//! A cart priced now: each line with what stands in the way of ordering it
//! (`problem`), the goods and their weight, and whether it can be ordered.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::*;
use crate::catalogue::{self, PartInfo};
use crate::core::answers::grams_to_kg;
use crate::core::db::Db;
use crate::core::error::ApiResult;
use crate::core::money::{cents_to_units, Currency};
use crate::core::schema;
use store::CartRow;

/// What is wrong with a cart line, the first that applies in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// The part is no longer sold.
    Deleted,
    /// Fewer units are left than the part's minimum order.
    OutOfStock,
    /// More units are asked for than are left.
    NotEnoughStock,
    /// Fewer units are asked for than the part's minimum order.
    BelowMinimum,
    /// The price is not the one the buyer saw: said, never a reason to refuse.
    PriceChanged,
}

impl Problem {
    pub const ALL: [Problem; 5] = [
        Problem::Deleted,
        Problem::OutOfStock,
        Problem::NotEnoughStock,
        Problem::BelowMinimum,
        Problem::PriceChanged,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Problem::Deleted => "deleted",
            Problem::OutOfStock => "outOfStock",
            Problem::NotEnoughStock => "notEnoughStock",
            Problem::BelowMinimum => "belowMinimum",
            Problem::PriceChanged => "priceChanged",
        }
    }

    /// Whether a line with this problem can still be ordered.
    pub fn lets_order(self) -> bool {
        self == Problem::PriceChanged
    }
}

/// What is wrong with `quantity` units of `part` (None: the part is gone),
/// shown at `seen_price_cents`, and the sentence that says so, amounts in
/// `currency`.
pub fn problem(
    part: Option<&PartInfo>,
    quantity: i64,
    seen_price_cents: Option<i64>,
    currency: &Currency,
) -> Option<(Problem, String)> {
    let Some(part) = part else {
        return Some((Problem::Deleted, "This part is no longer sold".into()));
    };
    if part.available_quantity < part.minimum_order {
        return Some((Problem::OutOfStock, "Out of stock".into()));
    }
    if quantity > part.available_quantity {
        return Some((
            Problem::NotEnoughStock,
            format!("Only {} in stock", part.available_quantity),
        ));
    }
    if quantity < part.minimum_order {
        return Some((
            Problem::BelowMinimum,
            format!("The minimum order for this part is {}", part.minimum_order),
        ));
    }
    match seen_price_cents {
        Some(seen) if seen != part.price_cents => Some((
            Problem::PriceChanged,
            format!(
                "The price changed from {} to {}",
                currency.shown(seen),
                currency.shown(part.price_cents)
            ),
        )),
        _ => None,
    }
}

/// A line of a cart, priced now, with what stands in the way of ordering it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub part_id: String,
    /// "" when the part is gone.
    pub part_name: String,
    pub sku: String,
    pub img: String,
    /// The part's price now, in currency units (0 when the part is gone).
    pub unit_price: f64,
    pub quantity: i64,
    /// `unitPrice × quantity`.
    pub line_total: f64,
    pub minimum_order: i64,
    pub available_quantity: i64,
    /// The weight of one unit, in kilograms.
    pub weight_kg: f64,
    /// The refundable deposit on one unit (its core charge), in currency
    /// units; 0: none. Charged beside the price, untaxed.
    pub core_charge: f64,
    /// The price the buyer was shown for this line, when known.
    pub seen_price: Option<f64>,
    #[schema(schema_with = problem_schema)]
    pub problem: Option<&'static str>,
    /// The problem in a sentence ("Only 3 in stock"); null without one.
    pub message: Option<String>,
}

pub(super) fn problem_schema() -> utoipa::openapi::Object {
    schema::one_of_or_null(
        &Problem::ALL.map(Problem::as_str),
        "What stands in the way of ordering the line, the first that applies in this order: \
         `deleted` (the part is no longer sold), `outOfStock` (fewer left than the minimum \
         order), `notEnoughStock` (more asked for than are left), `belowMinimum`, \
         `priceChanged` (the price is not `seenPrice`; only pointed out, the line can be \
         ordered); null when nothing does.",
    )
}

/// A cart, priced now.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cart {
    /// In the order they were added.
    pub lines: Vec<CartLine>,
    /// Units in all the lines.
    pub count: i64,
    /// The lines' totals added up, in currency units.
    pub subtotal: f64,
    /// The lines' deposits (core charge × quantity) added up: charged
    /// beside the subtotal, untaxed, given back when the old parts return.
    pub core_charges: f64,
    /// Whether the cart can be ordered as it stands: it has a line, and no
    /// line has a problem other than `priceChanged`.
    pub ready: bool,
}

/// One line to price: the part as it is sent or kept (`part` None when it
/// names no part), how many, and the price shown for it.
pub struct Item<'a> {
    pub part_id: String,
    pub part: Option<&'a PartInfo>,
    pub quantity: i64,
    pub seen_price_cents: Option<i64>,
}

/// Lines priced now, with the figures an order of them starts from.
#[derive(Debug, Clone)]
pub struct Priced {
    pub lines: Vec<CartLine>,
    /// The lines' totals, in cents.
    pub goods_cents: i64,
    /// What the lines weigh, in grams.
    pub weight_grams: i64,
    /// The lines' deposits, in cents.
    pub core_charges_cents: i64,
    pub count: i64,
    pub ready: bool,
}

impl Priced {
    /// The lines priced, each with its problem. Lines that name one part
    /// share its stock, as an order of them would: a line asking for more
    /// than the lines before it left is short too.
    pub fn new<'a>(currency: &Currency, items: impl IntoIterator<Item = Item<'a>>) -> Priced {
        let mut priced = Priced {
            lines: Vec::new(),
            goods_cents: 0,
            weight_grams: 0,
            core_charges_cents: 0,
            count: 0,
            ready: true,
        };
        let mut earlier: std::collections::HashMap<i64, i64> = std::collections::HashMap::new();
        for item in items {
            let mut found = problem(item.part, item.quantity, item.seen_price_cents, currency);
            if let Some(part) = item.part {
                let before = earlier.entry(part.id).or_default();
                let shared = found
                    .as_ref()
                    .is_none_or(|(p, _)| *p == Problem::PriceChanged);
                if shared && *before + item.quantity > part.available_quantity {
                    found = Some(match part.available_quantity - *before {
                        left if left <= 0 => (Problem::OutOfStock, "Out of stock".into()),
                        left => (Problem::NotEnoughStock, format!("Only {left} in stock")),
                    });
                }
                *before += item.quantity;
            }
            let (price_cents, weight_grams, core_cents) = item.part.map_or((0, 0, 0), |p| {
                (p.price_cents, p.weight_grams, p.core_charge_cents)
            });
            let line_cents = price_cents * item.quantity;
            priced.goods_cents += line_cents;
            priced.core_charges_cents += core_cents * item.quantity;
            priced.weight_grams += weight_grams * item.quantity;
            priced.count += item.quantity;
            priced.ready &= found.as_ref().is_none_or(|(p, _)| p.lets_order());
            let (problem, message) = found.map_or((None, None), |(p, m)| (Some(p), Some(m)));
            priced.lines.push(CartLine {
                part_id: item.part_id,
                part_name: item.part.map(|p| p.name.clone()).unwrap_or_default(),
                sku: item.part.map(|p| p.sku.clone()).unwrap_or_default(),
                img: item.part.map(|p| p.img.clone()).unwrap_or_default(),
                unit_price: cents_to_units(price_cents),
                quantity: item.quantity,
                line_total: cents_to_units(line_cents),
                minimum_order: item.part.map_or(0, |p| p.minimum_order),
                available_quantity: item.part.map_or(0, |p| p.available_quantity),
                weight_kg: grams_to_kg(weight_grams),
                core_charge: cents_to_units(core_cents),
                seen_price: item.seen_price_cents.map(cents_to_units),
                problem: problem.map(Problem::as_str),
                message,
            });
        }
        priced.ready &= !priced.lines.is_empty();
        priced
    }

    pub fn cart(self) -> Cart {
        Cart {
            lines: self.lines,
            count: self.count,
            subtotal: cents_to_units(self.goods_cents),
            core_charges: cents_to_units(self.core_charges_cents),
            ready: self.ready,
        }
    }
}

/// A buyer's own cart, priced now.
pub async fn account_cart(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    currency: &Currency,
) -> ApiResult<(Vec<CartRow>, Priced)> {
    let rows = store::lines(db, conn, user_id).await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.part_id).collect();
    let parts = catalogue::parts_by_id(db, conn, &ids).await?;
    let priced = Priced::new(
        currency,
        rows.iter().map(|r| Item {
            part_id: r.part_id.to_string(),
            part: parts.get(&r.part_id),
            quantity: r.quantity,
            seen_price_cents: Some(r.seen_price_cents),
        }),
    );
    Ok((rows, priced))
}

/// The parts that `ids` name, read in one query.
pub async fn parts_of(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    ids: impl IntoIterator<Item = Option<i64>>,
) -> ApiResult<HashMap<i64, PartInfo>> {
    let ids: Vec<i64> = ids.into_iter().flatten().collect();
    Ok(catalogue::parts_by_id(db, conn, &ids).await?)
}
