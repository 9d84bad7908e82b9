//! The reviews' handlers.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;

use super::{store, NewReview, Review, ReviewRequest, DEFAULT_REVIEWS};
use crate::app::state::AppState;
use crate::core::answers::InsertedId;
use crate::core::caller::CurrentUser;
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::input::{Body, Paged, Params};

/// Reviews, newest first: the newest 100 unless `limit` is given
/// (`X-Total-Count` says how many there are).
#[utoipa::path(get, path = "/api/review", tag = "reviews",
    params(
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<Review>, headers(("X-Total-Count" = i64, description = "Reviews in all"))),
        (status = 400, body = ErrorBody)))]
pub(super) async fn list_reviews(
    State(state): State<AppState>,
    mut params: Params,
) -> ApiResult<Paged<Review>> {
    let page = params.page(Some(DEFAULT_REVIEWS));
    params.finish()?;
    let (rows, total) = store::page(&state.db, &page).await?;
    let reviews = rows.into_iter().map(Review::from).collect();
    Ok(Paged {
        items: reviews,
        total,
    })
}

/// Adds a review; the rating is a whole number from 1 to 5 (docs/decisions.md, D9).
#[utoipa::path(post, path = "/api/review", tag = "reviews", security(("bearer" = [])), request_body = ReviewRequest,
    responses(
        (status = 201, body = InsertedId),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 429, description = "The account has posted too many reviews lately", body = ErrorBody)))]
pub(super) async fn create_review(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<ReviewRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    state.check_review_rate(user.id).await?;
    // The `name` sent is required, as the review form has always sent it,
    // but the review is shown under the account's own name: a name typed
    // with it could claim to be anyone, the shop's staff included.
    let ReviewRequest {
        name: _,
        description,
        rating,
        img,
    } = sent;
    let id = store::insert(
        &state.db,
        &NewReview {
            user_id: Some(user.id),
            name: user.name,
            description,
            rating,
            img,
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}
