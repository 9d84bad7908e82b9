//! The sales dashboard: the last 30 days of orders and revenue, day by day,
//! how many orders wait to be paid or shipped, the parts that sell best,
//! the parts that need restocking and the refunds. Every figure is one
//! query of the database, answered from its indexes (`statements`, checked
//! with EXPLAIN in the tests).

use std::collections::HashMap;

use axum::extract::State;
use axum::Json;
use sea_query::{Alias, Expr, Order, Query, SelectStatement, SimpleExpr};
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, BookingLines, Bookings, Filter};
use crate::app::state::AppState;
use crate::catalogue::Parts;
use crate::core::caller::Admin;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::money::cents_to_units;

/// Days the dashboard shows, today (UTC) the last of them.
pub const DAYS: i64 = 30;
/// Parts in each top list.
pub const TOP: u64 = 10;
/// Low-stock parts listed at most (`lowStockCount` counts them all).
pub const LOW_STOCK_LISTED: u64 = 50;

#[derive(sea_query::Iden)]
enum Refunds {
    Table,
    AmountCents,
    CreatedAt,
}

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
    let q = Statements::new(&since);

    let per_day: Vec<(String, i64, i64)> = db.fetch_all(&q.per_day).await?;
    let per_day: HashMap<String, (i64, i64)> = per_day
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
    let top_by_units = top(db.fetch_all(&q.top_by_units).await?);
    let top_by_revenue = top(db.fetch_all(&q.top_by_revenue).await?);

    let low: Vec<(i64, String, String, i64, i64)> = db.fetch_all(&q.low_stock).await?;
    let low_stock = low
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
    let (low_stock_count,): (i64,) = db.fetch_one(&q.low_stock_count).await?;
    let (refund_count, refund_cents): (i64, i64) = db.fetch_one(&q.refunds).await?;

    Ok(Json(Dashboard {
        days,
        orders,
        top_by_units,
        top_by_revenue,
        low_stock,
        low_stock_count,
        refunds: RefundFigures {
            count: refund_count,
            amount: cents_to_units(refund_cents),
        },
    }))
}

/// The dashboard's queries, for orders placed from `since` on (an RFC 3339
/// UTC time in the shop's stored form).
pub struct Statements {
    pub per_day: SelectStatement,
    pub top_by_units: SelectStatement,
    pub top_by_revenue: SelectStatement,
    pub low_stock: SelectStatement,
    pub low_stock_count: SelectStatement,
    pub refunds: SelectStatement,
}

/// A sum that is a whole number on both databases (PostgreSQL's sum of
/// BIGINT is NUMERIC), 0 when there is nothing to add.
fn sum(expr: &str) -> SimpleExpr {
    Expr::cust(format!("CAST(COALESCE(SUM({expr}), 0) AS BIGINT)"))
}

impl Statements {
    pub fn new(since: &str) -> Self {
        let paid = || Expr::col((Bookings::Table, Bookings::PaymentStatus)).eq("paid");
        let recent = || Expr::col((Bookings::Table, Bookings::CreatedAt)).gte(since.to_owned());
        // The day of an order: the date part of its UTC timestamp.
        let per_day = Query::select()
            .expr_as(Expr::cust("substr(created_at, 1, 10)"), Alias::new("day"))
            .expr(Expr::col(Bookings::Id).count())
            .expr(sum(
                "CASE WHEN payment_status = 'paid' THEN total_cents ELSE 0 END",
            ))
            .from(Bookings::Table)
            .and_where(Expr::col(Bookings::CreatedAt).gte(since.to_owned()))
            .group_by_col(Alias::new("day"))
            .to_owned();
        let top = |order: &str| {
            Query::select()
                .column((BookingLines::Table, BookingLines::PartId))
                .expr(Expr::cust("MAX(booking_lines.sku)"))
                .expr(Expr::cust("MAX(booking_lines.part_name)"))
                .expr_as(sum("booking_lines.quantity"), Alias::new("units"))
                .expr_as(sum("booking_lines.price_cents"), Alias::new("cents"))
                .from(Bookings::Table)
                .inner_join(
                    BookingLines::Table,
                    Expr::col((BookingLines::Table, BookingLines::BookingId))
                        .equals((Bookings::Table, Bookings::Id)),
                )
                .and_where(recent())
                .and_where(paid())
                .group_by_col((BookingLines::Table, BookingLines::PartId))
                .order_by(Alias::new(order), Order::Desc)
                .order_by((BookingLines::Table, BookingLines::PartId), Order::Asc)
                .limit(TOP)
                .to_owned()
        };
        // The low parts are found from parts_low_stock_idx, which holds the
        // parts whose generated `low_stock` is true, and sorted by shortfall.
        let shortfall = || Expr::cust("available_quantity - reorder_level");
        let low = || SimpleExpr::from(Expr::col(Parts::LowStock));
        let low_stock = Query::select()
            .columns([
                Parts::Id,
                Parts::Sku,
                Parts::Name,
                Parts::AvailableQuantity,
                Parts::ReorderLevel,
            ])
            .from(Parts::Table)
            .and_where(low())
            .order_by_expr(shortfall(), Order::Asc)
            .order_by(Parts::Id, Order::Asc)
            .limit(LOW_STOCK_LISTED)
            .to_owned();
        let low_stock_count = Query::select()
            .expr(Expr::col(Parts::Id).count())
            .from(Parts::Table)
            .and_where(low())
            .to_owned();
        let refunds = Query::select()
            .expr(Expr::col(Refunds::AmountCents).count())
            .expr(sum("amount_cents"))
            .from(Refunds::Table)
            .and_where(Expr::col(Refunds::CreatedAt).gte(since.to_owned()))
            .to_owned();
        Statements {
            per_day,
            top_by_units: top("units"),
            top_by_revenue: top("cents"),
            low_stock,
            low_stock_count,
            refunds,
        }
    }

    /// Every statement, for query plans.
    pub fn all(&self) -> [&SelectStatement; 6] {
        [
            &self.per_day,
            &self.top_by_units,
            &self.top_by_revenue,
            &self.low_stock,
            &self.low_stock_count,
            &self.refunds,
        ]
    }
}
