//! What an order costs to send and in tax. Every figure is whole cents;
//! rounding is half up on integers, so no binary fraction ever touches
//! money.
//!
//! - Pickup at the trade counter is free, and taxed where the counter is.
//! - A delivery method costs its base price plus its price per kilogram
//!   times the order's weight (rounded to the cent), or nothing when the
//!   goods come to its "free over" figure or more. It is taxed where the
//!   address is.
//! - The tax rate of a place is its region's (country and region, the
//!   region in any case, surrounding spaces ignored), else its country's
//!   (region ""), else none. Tax is that rate of the goods, plus of the
//!   delivery when the rate says so.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, MethodRow, TaxRateRow};
use super::{counter, methods};
use crate::addresses::AddressRow;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult};
use crate::core::money::cents_to_units;

/// What the trade counter's option is called, on orders too.
pub const PICKUP_NAME: &str = "Counter pickup";
/// The id of the trade counter's option.
pub const PICKUP_ID: &str = "pickup";

/// How an order travels: the trade counter, or one of the admin's delivery methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodChoice {
    Pickup,
    Delivery(i64),
}

impl MethodChoice {
    /// "pickup", or a delivery method's id as text. None: neither.
    pub fn parse(s: &str) -> Option<MethodChoice> {
        let s = s.trim();
        if s == PICKUP_ID {
            return Some(MethodChoice::Pickup);
        }
        crate::core::input::parse_id(s).map(MethodChoice::Delivery)
    }

    /// "pickup" or the id.
    pub fn id(&self) -> String {
        match self {
            MethodChoice::Pickup => PICKUP_ID.to_owned(),
            MethodChoice::Delivery(id) => id.to_string(),
        }
    }
}

/// An order's figures, in cents, with how it travels and the tax applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub goods_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    /// "pickup" or the delivery method's id.
    pub method_id: String,
    pub method_name: String,
    /// When the parts come, as the method says ("2–4 working days"); ""
    /// for pickup.
    pub method_time: String,
    /// The part of `tax_cents` charged on the delivery.
    pub shipping_tax_cents: i64,
    /// 0 when no rate applies.
    pub tax_rate_ppm: i64,
    /// "" when no rate applies.
    pub tax_name: String,
}

/// One way an order can travel, priced for it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOption {
    /// "pickup", or a delivery method's id.
    #[schema(example = "pickup")]
    pub id: String,
    #[schema(example = "Counter pickup")]
    pub name: String,
    pub description: String,
    /// What delivery costs for this order, in currency units.
    pub price: f64,
    /// The only places it delivers to ("US", "US-OH"); empty: everywhere
    /// (and for pickup).
    pub regions: Vec<String>,
}

/// `x / d` rounded half up, for `x >= 0` and `d > 0`.
pub fn round_half_up(x: i128, d: i128) -> i128 {
    (x * 2 + d) / (2 * d)
}

/// Cents from an i128 figure, capped at what an i64 holds.
fn cents(x: i128) -> i64 {
    i64::try_from(x).unwrap_or(i64::MAX)
}

/// What `method` charges for goods worth `goods_cents` weighing `weight_grams`.
pub fn shipping_cents(method: &MethodRow, goods_cents: i64, weight_grams: i64) -> i64 {
    if method
        .free_over_cents
        .is_some_and(|free_over| goods_cents >= free_over)
    {
        return 0;
    }
    let by_weight = round_half_up(
        i128::from(method.per_kg_cents.max(0)) * i128::from(weight_grams.max(0)),
        1000,
    );
    cents(i128::from(method.base_cents.max(0)) + by_weight)
}

/// The rate that applies at (`country`, `region`): the region's, else the
/// country's own, else none.
pub fn rate_for<'a>(
    rates: &'a [TaxRateRow],
    country: &str,
    region: &str,
) -> Option<&'a TaxRateRow> {
    let country = country.trim().to_ascii_uppercase();
    let region = region.trim().to_lowercase();
    let of_country = || {
        rates
            .iter()
            .filter(|r| r.country.to_ascii_uppercase() == country)
    };
    let regional = (!region.is_empty())
        .then(|| of_country().find(|r| r.region.trim().to_lowercase() == region))
        .flatten();
    regional.or_else(|| of_country().find(|r| r.region.trim().is_empty()))
}

/// The tax on goods and delivery at `rate` (none: 0).
pub fn tax_cents(goods_cents: i64, shipping_cents: i64, rate: Option<&TaxRateRow>) -> i64 {
    let Some(rate) = rate else {
        return 0;
    };
    let taxed = i128::from(goods_cents.max(0))
        + if rate.applies_to_shipping == 1 {
            i128::from(shipping_cents.max(0))
        } else {
            0
        };
    cents(round_half_up(
        taxed * i128::from(rate.rate_ppm.max(0)),
        1_000_000,
    ))
}

/// The figures of an order, once its delivery and tax place are known.
fn figures(
    goods_cents: i64,
    shipping_cents: i64,
    rate: Option<&TaxRateRow>,
    method_id: String,
    method_name: String,
    method_time: String,
) -> Quote {
    let tax_cents = tax_cents(goods_cents, shipping_cents, rate);
    let shipping_tax_cents = tax_cents - self::tax_cents(goods_cents, 0, rate);
    Quote {
        shipping_tax_cents,
        goods_cents,
        shipping_cents,
        tax_cents,
        total_cents: goods_cents
            .saturating_add(shipping_cents)
            .saturating_add(tax_cents),
        method_id,
        method_name,
        method_time,
        tax_rate_ppm: rate.map_or(0, |r| r.rate_ppm),
        tax_name: rate.map_or_else(String::new, |r| r.name.clone()),
    }
}

/// Prices an order of `goods_cents` weighing `weight_grams`, sent by `method` to `address`
/// (None for pickup). Reads methods, rates and the counter through `conn` (so it can run
/// inside the order's write transaction).
/// Errors: method id unknown or inactive -> 400 on `deliveryMethod`;
/// a delivery method without an address -> 400 on `addressId`.
pub async fn quote(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    goods_cents: i64,
    weight_grams: i64,
    method: MethodChoice,
    address: Option<&AddressRow>,
) -> ApiResult<Quote> {
    let mut tariffs = Tariffs::default();
    tariffs
        .quote(db, conn, goods_cents, weight_grams, method, address)
        .await
}

/// The counter, methods and tax rates as one transaction has read them:
/// orders placed together in one transaction read each of them once.
/// Keep one only for the length of a transaction (what it holds is what
/// that transaction sees).
#[derive(Default)]
pub struct Tariffs {
    counter: Option<counter::Counter>,
    methods: HashMap<i64, Option<MethodRow>>,
    rates: HashMap<String, Vec<TaxRateRow>>,
}

impl Tariffs {
    /// Reads ahead what `quote` will read for an order sent by `method` to
    /// `address` (the counter or the method, and the country's tax rates),
    /// so that pricing it later reads nothing. Orders placed together read
    /// their tariffs this way before their parts are locked, so a busy
    /// part's lock is not held across these reads. A method that does not
    /// exist is remembered as such, for `quote` to refuse.
    pub async fn read_ahead(
        &mut self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        method: MethodChoice,
        address: Option<&AddressRow>,
    ) -> Result<(), sqlx::Error> {
        let country = match method {
            MethodChoice::Pickup => Some(self.counter(db, conn).await?.country.clone()),
            MethodChoice::Delivery(id) => {
                self.method(db, conn, id).await?;
                address.map(|a| a.country.clone())
            }
        };
        if let Some(country) = country {
            self.rates(db, conn, &country).await?;
        }
        Ok(())
    }

    /// `quote`, reading each tariff at most once.
    pub async fn quote(
        &mut self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        goods_cents: i64,
        weight_grams: i64,
        method: MethodChoice,
        address: Option<&AddressRow>,
    ) -> ApiResult<Quote> {
        let (shipping, method_name, method_time, country, region) = match method {
            MethodChoice::Pickup => {
                let counter = self.counter(db, conn).await?;
                (
                    0,
                    PICKUP_NAME.to_owned(),
                    String::new(),
                    counter.country.clone(),
                    counter.region.clone(),
                )
            }
            MethodChoice::Delivery(id) => {
                let method = self
                    .method(db, conn, id)
                    .await?
                    .ok_or_else(|| ApiError::field("deliveryMethod", "No such delivery method"))?;
                let address = address.ok_or_else(|| {
                    ApiError::field("addressId", "A delivery address is Required")
                })?;
                if !methods::delivers_to(method, &address.country, &address.region) {
                    return Err(ApiError::field(
                        "deliveryMethod",
                        format!("{} does not deliver to this address", method.name),
                    ));
                }
                (
                    shipping_cents(method, goods_cents, weight_grams),
                    method.name.clone(),
                    method.description.clone(),
                    address.country.clone(),
                    address.region.clone(),
                )
            }
        };
        let rates = self.rates(db, conn, &country).await?;
        let rate = rate_for(rates, &country, &region);
        Ok(figures(
            goods_cents,
            shipping,
            rate,
            method.id(),
            method_name,
            method_time,
        ))
    }

    /// The trade counter, read the first time it is asked for.
    async fn counter(
        &mut self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
    ) -> Result<&counter::Counter, sqlx::Error> {
        if self.counter.is_none() {
            self.counter = Some(store::counter_on(db, conn).await?);
        }
        Ok(self.counter.as_ref().expect("read above"))
    }

    /// The active delivery method `id` (None: there is none), read the
    /// first time it is asked for.
    async fn method(
        &mut self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        id: i64,
    ) -> Result<Option<&MethodRow>, sqlx::Error> {
        let method = match self.methods.entry(id) {
            Entry::Occupied(read) => read.into_mut(),
            Entry::Vacant(unread) => unread.insert(store::method_on(db, conn, id, true).await?),
        };
        Ok(method.as_ref())
    }

    /// The tax rates of `country` (in any case), read the first time they
    /// are asked for.
    async fn rates(
        &mut self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        country: &str,
    ) -> Result<&[TaxRateRow], sqlx::Error> {
        let rates = match self.rates.entry(country.trim().to_ascii_uppercase()) {
            Entry::Occupied(read) => read.into_mut(),
            Entry::Vacant(unread) => {
                unread.insert(store::rates_of_country(db, conn, country).await?)
            }
        };
        Ok(rates)
    }
}

/// Pickup first, then every active delivery method, each priced for this
/// cart: those that deliver to `address` when there is one, else all.
pub async fn options(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    goods_cents: i64,
    weight_grams: i64,
    address: Option<&AddressRow>,
) -> ApiResult<Vec<DeliveryOption>> {
    let counter = store::counter_on(db, conn).await?;
    let methods = store::methods_on(db, conn, true).await?;
    let mut options = vec![DeliveryOption {
        id: PICKUP_ID.to_owned(),
        name: PICKUP_NAME.to_owned(),
        description: counter.summary(),
        price: 0.0,
        regions: Vec::new(),
    }];
    let goes =
        |m: &MethodRow| address.is_none_or(|a| methods::delivers_to(m, &a.country, &a.region));
    options.extend(methods.into_iter().filter(goes).map(|m| DeliveryOption {
        id: m.id.to_string(),
        price: cents_to_units(shipping_cents(&m, goods_cents, weight_grams)),
        regions: methods::places(&m),
        name: m.name,
        description: m.description,
    }));
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(base: i64, per_kg: i64, free_over: Option<i64>) -> MethodRow {
        MethodRow {
            id: 7,
            name: "Standard delivery".into(),
            description: String::new(),
            base_cents: base,
            per_kg_cents: per_kg,
            free_over_cents: free_over,
            active: 1,
            regions: "[]".into(),
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    fn rate(country: &str, region: &str, ppm: i64, on_shipping: bool) -> TaxRateRow {
        TaxRateRow {
            id: 1,
            country: country.into(),
            region: region.into(),
            name: format!("{country} {region} tax"),
            rate_ppm: ppm,
            applies_to_shipping: i64::from(on_shipping),
            created_at: String::new(),
            updated_at: String::new(),
        }
    }

    #[test]
    fn halves_round_up_and_the_rest_to_the_nearest() {
        assert_eq!(round_half_up(5, 10), 1);
        assert_eq!(round_half_up(4, 10), 0);
        assert_eq!(round_half_up(15, 10), 2);
        assert_eq!(round_half_up(14_999, 10_000), 1);
        assert_eq!(round_half_up(0, 7), 0);
        assert_eq!(round_half_up(2_500_000, 1_000_000), 3);
        assert_eq!(round_half_up(2_499_999, 1_000_000), 2);
    }

    #[test]
    fn delivery_is_the_base_price_plus_the_weight_rounded_to_the_cent() {
        let standard = method(595, 50, None);
        assert_eq!(shipping_cents(&standard, 1_000, 0), 595);
        assert_eq!(shipping_cents(&standard, 1_000, 2_000), 695);
        // 50 cents/kg × 1.001 kg = 50.05 cents: 50.
        assert_eq!(shipping_cents(&standard, 1_000, 1_001), 645);
        // 50 × 0.011 kg = 0.55 cents: 1; 50 × 0.009 kg = 0.45 cents: 0.
        assert_eq!(shipping_cents(&standard, 1_000, 11), 596);
        assert_eq!(shipping_cents(&standard, 1_000, 9), 595);
        // Odd grams: 120 cents/kg × 0.013 kg = 1.56 cents: 2.
        assert_eq!(shipping_cents(&method(0, 120, None), 1, 13), 2);
        // Exactly half a cent rounds up: 50 × 0.01 kg = 0.5 cents.
        assert_eq!(shipping_cents(&method(0, 50, None), 1, 10), 1);
    }

    #[test]
    fn delivery_is_free_from_the_threshold_itself() {
        let standard = method(595, 50, Some(15_000));
        assert_eq!(shipping_cents(&standard, 14_999, 1_000), 645);
        assert_eq!(shipping_cents(&standard, 15_000, 1_000), 0);
        assert_eq!(shipping_cents(&standard, 15_001, 1_000), 0);
    }

    #[test]
    fn huge_orders_do_not_overflow() {
        let heavy = method(100_000_000, 100_000_000, None);
        let cents = shipping_cents(&heavy, 1, 1_000_000_000_000);
        assert_eq!(cents, 100_000_000 + 100_000_000_000_000_000);
        let all = rate("US", "", 1_000_000, true);
        assert_eq!(tax_cents(i64::MAX, i64::MAX, Some(&all)), i64::MAX);
    }

    #[test]
    fn a_region_rate_wins_over_the_country_rate_in_any_case() {
        let rates = [
            rate("US", "", 10_000, true),
            rate("US", "CA", 72_500, true),
            rate("CA", "", 50_000, true),
            rate("US", " ny ", 40_000, true),
        ];
        assert_eq!(
            rate_for(&rates, "US", "CA").map(|r| r.rate_ppm),
            Some(72_500)
        );
        assert_eq!(
            rate_for(&rates, "us", " ca ").map(|r| r.rate_ppm),
            Some(72_500)
        );
        assert_eq!(
            rate_for(&rates, "US", "NY").map(|r| r.rate_ppm),
            Some(40_000)
        );
        // A region without a rate of its own: the country's.
        assert_eq!(
            rate_for(&rates, "US", "TX").map(|r| r.rate_ppm),
            Some(10_000)
        );
        assert_eq!(rate_for(&rates, "US", "").map(|r| r.rate_ppm), Some(10_000));
        // A country's code is not a region of another country.
        assert_eq!(
            rate_for(&rates, "CA", "ON").map(|r| r.rate_ppm),
            Some(50_000)
        );
        assert_eq!(rate_for(&rates, "GB", "CA"), None);
        // Only a region's rate: elsewhere in the country, none.
        let regional_only = [rate("US", "CA", 72_500, true)];
        assert_eq!(rate_for(&regional_only, "US", "NV"), None);
        assert_eq!(rate_for(&regional_only, "US", ""), None);
    }

    #[test]
    fn tax_is_the_rate_of_the_goods_and_of_delivery_when_it_says_so() {
        // 8.25% of $10.00 + $5.95 = 131.5875 cents: 132.
        let both = rate("US", "CA", 82_500, true);
        assert_eq!(tax_cents(1_000, 595, Some(&both)), 132);
        // Goods only: 8.25% of $10.00 = 82.5 cents: 83 (half up).
        let goods_only = rate("US", "CA", 82_500, false);
        assert_eq!(tax_cents(1_000, 595, Some(&goods_only)), 83);
        // 8.25% of $0.02 = 0.165 cents: 0.
        assert_eq!(tax_cents(2, 0, Some(&both)), 0);
        // 8.25% of $0.06 = 0.495 cents: 0; of $0.07 = 0.5775 cents: 1.
        assert_eq!(tax_cents(6, 0, Some(&both)), 0);
        assert_eq!(tax_cents(7, 0, Some(&both)), 1);
        // 0% and no rate: nothing; 100%: all of it.
        assert_eq!(tax_cents(1_000, 595, Some(&rate("US", "", 0, true))), 0);
        assert_eq!(tax_cents(1_000, 595, None), 0);
        let all = rate("US", "", 1_000_000, true);
        assert_eq!(tax_cents(1_000, 595, Some(&all)), 1_595);
        let all_goods = rate("US", "", 1_000_000, false);
        assert_eq!(tax_cents(1_000, 595, Some(&all_goods)), 1_000);
    }

    #[test]
    fn the_total_adds_goods_delivery_and_tax() {
        let ca = rate("US", "CA", 72_500, true);
        let quote = figures(
            12_999,
            745,
            Some(&ca),
            "3".into(),
            "Express".into(),
            String::new(),
        );
        // 7.25% of 137.44 = 996.44 cents: 996.
        assert_eq!(quote.tax_cents, 996);
        assert_eq!(quote.total_cents, 12_999 + 745 + 996);
        assert_eq!(quote.tax_rate_ppm, 72_500);
        assert_eq!(quote.tax_name, "US CA tax");
        let untaxed = figures(
            500,
            0,
            None,
            "pickup".into(),
            PICKUP_NAME.into(),
            String::new(),
        );
        assert_eq!((untaxed.tax_cents, untaxed.total_cents), (0, 500));
        assert_eq!((untaxed.tax_rate_ppm, untaxed.tax_name.as_str()), (0, ""));
    }

    #[test]
    fn a_method_delivers_to_the_places_it_lists_or_everywhere() {
        let everywhere = method(595, 0, None);
        assert!(methods::delivers_to(&everywhere, "FR", ""));
        let ohio = MethodRow {
            regions: r#"["US-OH","CA"]"#.into(),
            ..method(595, 0, None)
        };
        assert!(methods::delivers_to(&ohio, "us", " oh "));
        assert!(methods::delivers_to(&ohio, "US", "Oh"));
        assert!(!methods::delivers_to(&ohio, "US", "CA"));
        assert!(!methods::delivers_to(&ohio, "US", ""));
        // A country listed alone: all of it, any region.
        assert!(methods::delivers_to(&ohio, "CA", "ON"));
        assert!(methods::delivers_to(&ohio, "CA", ""));
    }

    #[test]
    fn a_choice_is_pickup_or_a_methods_id() {
        assert_eq!(MethodChoice::parse("pickup"), Some(MethodChoice::Pickup));
        assert_eq!(MethodChoice::parse("12"), Some(MethodChoice::Delivery(12)));
        assert_eq!(MethodChoice::parse("0"), None);
        assert_eq!(MethodChoice::parse("-3"), None);
        assert_eq!(MethodChoice::parse("express"), None);
        assert_eq!(MethodChoice::Pickup.id(), "pickup");
        assert_eq!(MethodChoice::Delivery(12).id(), "12");
    }
}
