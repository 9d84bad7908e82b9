//! The checkout's routes: placing an order, and quoting one.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;

use super::*;
use super::{Booking, OrderPlaced};
use crate::addresses::{self, AddressRow};
use crate::app::state::AppState;
use crate::cart::{self, Item, Priced};
use crate::core::caller::{Bearer, CurrentUser};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::Body;
use crate::core::money::cents_to_units;
use crate::shipping::{self, DeliveryOption, MethodChoice};

/// Places an order of several lines: from the lines sent, or else the
/// buyer's cart. Every line's stock is taken in one transaction, all or
/// nothing; a line that fails is named and nothing is taken.
#[utoipa::path(post, path = "/api/checkout", tag = "checkout", security(("bearer" = [])),
    request_body = CheckoutRequest,
    responses(
        (status = 201, body = OrderPlaced),
        (status = 400, description = "An empty cart, a line below its part's minimum order (`lines.N.quantity`), a delivery without an address or with no such method", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "A line's part is not sold (`lines.N.partId`), or no such address of the buyer's", body = ErrorBody),
        (status = 409, description = "A line asks for more than is in stock (`lines.N.quantity`), the total is not `expectedTotal`, or too many unpaid orders", body = ErrorBody)))]
pub(super) async fn place_checkout(
    State(state): State<AppState>,
    bearer: Bearer,
    Body(sent): Body<CheckoutRequest>,
) -> ApiResult<(StatusCode, Json<OrderPlaced>)> {
    let placing = Placing {
        lines: sent.lines.map(|lines| {
            lines
                .iter()
                .map(|l| Wanted {
                    part_id: l.part_id.id,
                    quantity: l.quantity,
                })
                .collect()
        }),
        method: sent.delivery_method,
        address_id: sent.address_id,
        phone: sent.phone,
        expected_total_cents: sent.expected_total,
        vehicle: sent.vehicle,
    };
    let (booking, lines) = place(&state, bearer, placing).await.map_err(line_error)?;
    Ok((
        StatusCode::CREATED,
        Json(OrderPlaced {
            success: true,
            inserted_id: booking.id.to_string(),
            booking: Booking::new(booking, lines),
        }),
    ))
}

/// What an order of the lines sent, or else of the buyer's cart, would
/// come to now: each line priced with its problems, the delivery chosen,
/// tax and total, and every way the order can travel. Nothing is written.
#[utoipa::path(post, path = "/api/checkout/quote", tag = "checkout", security(("bearer" = [])),
    request_body = CheckoutQuoteRequest,
    responses(
        (status = 200, body = CheckoutQuote),
        (status = 400, description = "A delivery without an address, or with no such method", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 404, description = "No such address of the buyer's", body = ErrorBody)))]
pub(super) async fn quote_checkout(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<CheckoutQuoteRequest>,
) -> ApiResult<Json<CheckoutQuote>> {
    let db = &state.db;
    let mut conn = db.pool.acquire().await?;
    let priced = match &sent.lines {
        Some(lines) => {
            let parts = cart::parts_of(db, &mut conn, lines.iter().map(|l| l.part_id.id)).await?;
            Priced::new(
                &state.currency,
                lines.iter().map(|l| Item {
                    part_id: l.part_id.text.clone(),
                    part: l.part_id.id.and_then(|id| parts.get(&id)),
                    quantity: l.quantity,
                    seen_price_cents: None,
                }),
            )
        }
        None => {
            cart::account_cart(db, &mut conn, user.id, &state.currency)
                .await?
                .1
        }
    };
    let address: Option<AddressRow> = match (sent.delivery_method, sent.address_id) {
        (MethodChoice::Delivery(_), Some(id)) => {
            let found = match id {
                Some(id) => addresses::find_for_user(db, &mut conn, user.id, id).await?,
                None => None,
            };
            Some(found.ok_or_else(|| ApiError::not_found("Address"))?)
        }
        _ => None,
    };
    let (goods, weight) = (priced.goods_cents, priced.weight_grams);
    let options = shipping::options(db, &mut conn, goods, weight, address.as_ref()).await?;
    let quote = shipping::quote(
        db,
        &mut conn,
        goods,
        weight,
        sent.delivery_method,
        address.as_ref(),
    )
    .await?;
    let (description, regions) = options
        .iter()
        .find(|o| o.id == quote.method_id)
        .map(|o| (o.description.clone(), o.regions.clone()))
        .unwrap_or_default();
    Ok(Json(CheckoutQuote {
        lines: priced.lines,
        price: cents_to_units(quote.goods_cents),
        shipping: cents_to_units(quote.shipping_cents),
        tax: cents_to_units(quote.tax_cents),
        core_charges: cents_to_units(priced.core_charges_cents),
        total: cents_to_units(quote.total_cents.saturating_add(priced.core_charges_cents)),
        tax_rate_percent: quote.tax_rate_ppm as f64 / 10_000.0,
        tax_name: quote.tax_name,
        delivery_method: DeliveryOption {
            id: quote.method_id,
            name: quote.method_name,
            description,
            price: cents_to_units(quote.shipping_cents),
            regions,
        },
        delivery_options: options,
        ready: priced.ready,
    }))
}
