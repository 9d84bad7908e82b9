//! Pricing an order's delivery and tax. Stand-in: counter pickup only, no
//! shipping charge and no tax; any delivery method is unknown.

use serde::Serialize;
use utoipa::ToSchema;

use crate::addresses::AddressRow;
use crate::db::Db;
use crate::error::{ApiError, ApiResult};

/// The id and name an order picked up at the trade counter records.
pub const PICKUP_ID: &str = "pickup";
pub const PICKUP_NAME: &str = "Counter pickup";

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
        crate::input::parse_id(s).map(MethodChoice::Delivery)
    }

    /// "pickup" or the id.
    pub fn id(&self) -> String {
        match self {
            MethodChoice::Pickup => PICKUP_ID.to_owned(),
            MethodChoice::Delivery(id) => id.to_string(),
        }
    }
}

/// An order's figures: goods, shipping, tax and their total, in cents, and
/// the method and tax rate they were priced with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    pub goods_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub method_id: String,
    pub method_name: String,
    /// 0 / "" when no rate applies.
    pub tax_rate_ppm: i64,
    pub tax_name: String,
}

/// A way an order can travel, priced for one cart.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOption {
    /// `pickup`, or the delivery method's id.
    pub id: String,
    pub name: String,
    pub description: String,
    /// The shipping charge for this cart, in currency units.
    pub price: f64,
}

/// Prices an order of `goods_cents` weighing `weight_grams`, sent by
/// `method` to `address` (None for pickup).
pub async fn quote(
    _db: &Db,
    _conn: &mut sqlx::AnyConnection,
    goods_cents: i64,
    _weight_grams: i64,
    method: MethodChoice,
    _address: Option<&AddressRow>,
) -> ApiResult<Quote> {
    match method {
        MethodChoice::Pickup => Ok(Quote {
            goods_cents,
            shipping_cents: 0,
            tax_cents: 0,
            total_cents: goods_cents,
            method_id: PICKUP_ID.to_owned(),
            method_name: PICKUP_NAME.to_owned(),
            tax_rate_ppm: 0,
            tax_name: String::new(),
        }),
        MethodChoice::Delivery(_) => {
            Err(ApiError::field("deliveryMethod", "No such delivery method"))
        }
    }
}

/// Pickup first, then every active delivery method, each priced for this cart.
pub async fn options(
    _db: &Db,
    _conn: &mut sqlx::AnyConnection,
    _goods_cents: i64,
    _weight_grams: i64,
) -> ApiResult<Vec<DeliveryOption>> {
    Ok(vec![DeliveryOption {
        id: PICKUP_ID.to_owned(),
        name: PICKUP_NAME.to_owned(),
        description: String::new(),
        price: 0.0,
    }])
}
