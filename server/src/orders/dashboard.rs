//! The sales dashboard: the last 30 days of orders and revenue, day by day,
//! how many orders wait to be paid or shipped, the parts that sell best,
//! the parts that need restocking and the refunds. Every figure is one
//! query of the database, answered from its indexes (`store::dashboard`,
//! checked with EXPLAIN in the tests).

use std::collections::HashMap;

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

pub use super::store::dashboard::Statements;
use super::store::{self, Filter};
use crate::app::state::AppState;
use crate::core::caller::Admin;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::money::cents_to_units;

/// Days the dashboard shows, today (UTC) the last of them.
pub const DAYS: i64 = 30;

/// One UTC day of the dashboard.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayFigures {
    /// `YYYY-MM-DD`, UTC.
    #[schema(example = "2026-01-31")]
    pub date: String,
    /// Orders placed that day.
    pub orders: i64,
    /// The totals of the orders placed that day that are paid, in currency units.
    pub revenue: f64,
}

/// How many orders are in each derived status now.
#[derive(Serialize, ToSchema)]
pub struct StatusCounts {
    /// Paid, not yet shipped.
    pub paid: i64,
    /// Not paid (and not cancelled).
    pub unpaid: i64,
    /// Shipped or delivered.
    pub shipped: i64,
}

/// A part as the top lists show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopPart {
    pub part_id: String,
    /// As on its latest line sold.
    pub sku: String,
    pub name: String,
    /// Units sold on paid orders in the 30 days.
    pub units: i64,
    /// What those lines came to, in currency units.
    pub revenue: f64,
}

/// A part at or below its reorder level.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LowStockPart {
    #[serde(rename = "_id")]
    pub id: String,
    pub sku: String,
    pub name: String,
    pub available_quantity: i64,
    pub reorder_level: i64,
}

/// Refunds made in the 30 days.
#[derive(Serialize, ToSchema)]
pub struct RefundFigures {
    pub count: i64,
    /// In currency units.
    pub amount: f64,
}

/// The sales dashboard.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// The last 30 UTC days, oldest first, every day present (zeros included).
    pub days: Vec<DayFigures>,
    /// Orders by derived status now, whenever placed.
    pub orders: StatusCounts,
    /// The 10 parts sold in the most units on paid orders placed in the 30 days.
    pub top_by_units: Vec<TopPart>,
    /// The 10 parts that brought in the most on paid orders placed in the 30 days.
    pub top_by_revenue: Vec<TopPart>,
    /// Parts whose stock is at or below their reorder level, lowest first (at most 50).
    pub low_stock: Vec<LowStockPart>,
    /// How many parts are at or below their reorder level.
    pub low_stock_count: i64,
    /// Refunds made in the 30 days.
    pub refunds: RefundFigures,
}

/// The dashboard's figures, from the database.
#[utoipa::path(get, path = "/api/admin/dashboard", tag = "orders", security(("bearer" = [])),
    responses(
        (status = 200, body = Dashboard),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub async fn dashboard(State(state): State<AppState>, _admin: Admin) -> ApiResult<Json<Dashboard>> {
    let db = &state.db;
    let today = time::OffsetDateTime::now_utc().date();
    let first = today - time::Duration::days(DAYS - 1);
    let since = format!("{first}T00:00:00.000000Z");
    let read = store::dashboard::read(db, &since).await?;

    let per_day: HashMap<String, (i64, i64)> = read
        .per_day
        .into_iter()
        .map(|(day, orders, cents)| (day, (orders, cents)))
        .collect();
    let days = (0..DAYS)
        .map(|n| {
            let date = (first + time::Duration::days(n)).to_string();
            let (orders, cents) = per_day.get(&date).copied().unwrap_or((0, 0));
            DayFigures {
                date,
                orders,
                revenue: cents_to_units(cents),
            }
        })
        .collect();

    let count = |status: &'static str| {
        let filter = Filter {
            payment: None,
            fulfilment: None,
            status: Some(status),
        };
        async move { store::count(db, &filter).await }
    };
    let orders = StatusCounts {
        paid: count("paid").await?,
        unpaid: count("unpaid").await?,
        shipped: count("shipped").await?,
    };

    let top = |rows: Vec<(i64, String, String, i64, i64)>| {
        rows.into_iter()
            .map(|(id, sku, name, units, cents)| TopPart {
                part_id: id.to_string(),
                sku,
                name,
                units,
                revenue: cents_to_units(cents),
            })
            .collect()
    };
    let top_by_units = top(read.top_by_units);
    let top_by_revenue = top(read.top_by_revenue);

    let low_stock = read
        .low_stock
        .into_iter()
        .map(
            |(id, sku, name, available_quantity, reorder_level)| LowStockPart {
                id: id.to_string(),
                sku,
                name,
                available_quantity,
                reorder_level,
            },
        )
        .collect();
    let (refund_count, refund_cents) = read.refunds;

    Ok(Json(Dashboard {
        days,
        orders,
        top_by_units,
        top_by_revenue,
        low_stock,
        low_stock_count: read.low_stock_count,
        refunds: RefundFigures {
            count: refund_count,
            amount: cents_to_units(refund_cents),
        },
    }))
}
