//! Customer reviews: everyone reads them (a page at a time, the newest 100
//! unless asked for others), signed-in users write them, a few an hour at
//! most. A review shows its author's account name, never a name sent with
//! it (docs/decisions.md, D32), and one by an account with a paid order is
//! marked as from a verified buyer.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Alias, Expr, Iden, Order, Query};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::answers::InsertedId;
use crate::core::caller::CurrentUser;
use crate::core::db::{self, Db};
use crate::core::error::{ApiResult, ErrorBody};
use crate::core::input::rules::{ImageUrl, Text, Whole};
use crate::core::input::{Body, Paged, Params, LONG_TEXT, SHORT_TEXT};
use crate::orders::{Bookings, Payment};
use crate::request;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_reviews, create_review))
}

#[derive(Iden)]
enum Reviews {
    Table,
    Id,
    UserId,
    Name,
    Description,
    Rating,
    Img,
    CreatedAt,
}

#[derive(sqlx::FromRow)]
struct ReviewRow {
    id: i64,
    name: String,
    description: String,
    rating: i64,
    img: String,
    created_at: String,
    verified_buyer: i64,
}

/// A review as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub img: String,
    pub created_at: String,
    /// Whether the author has a paid order in this shop.
    pub verified_buyer: bool,
}

request! {
    pub struct ReviewRequest {
        /// Required, as the review form sends it; the review is shown under
        /// the author's account name, not this one.
        name: Text<SHORT_TEXT> = "name", "Name";
        description: Text<LONG_TEXT> = "description", "Description";
        /// Stars, 1 to 5.
        rating: Whole<1, 5> = "rating", "Rating";
        img: ImageUrl = "img", "Image";
    }
}

/// A new review to store.
pub struct NewReview {
    pub user_id: Option<i64>,
    pub name: String,
    pub description: String,
    pub rating: i64,
    pub img: String,
}

/// Most reviews answered when no `limit` is given: the newest this many.
pub const DEFAULT_REVIEWS: u64 = 100;

/// Reviews, newest first: the newest 100 unless `limit` is given
/// (`X-Total-Count` says how many there are).
#[utoipa::path(get, path = "/api/review", tag = "reviews",
    params(
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 100),
        ("offset" = Option<i64>, Query, minimum = 0)),
    responses(
        (status = 200, body = Vec<Review>, headers(("X-Total-Count" = i64, description = "Reviews in all"))),
        (status = 400, body = ErrorBody)))]
async fn list_reviews(
    State(state): State<AppState>,
    mut params: Params,
) -> ApiResult<Paged<Review>> {
    let page = params.page(Some(DEFAULT_REVIEWS));
    params.finish()?;
    // A paid order by the author: one indexed look-up per review shown.
    let paid_order = Query::select()
        .expr(Expr::val(1))
        .from(Bookings::Table)
        .and_where(
            Expr::col((Bookings::Table, Bookings::BuyerId))
                .equals((Reviews::Table, Reviews::UserId)),
        )
        .and_where(Expr::col((Bookings::Table, Bookings::PaymentStatus)).eq(Payment::Paid.as_str()))
        .to_owned();
    let select = Query::select()
        .columns([
            (Reviews::Table, Reviews::Id),
            (Reviews::Table, Reviews::Name),
            (Reviews::Table, Reviews::Description),
            (Reviews::Table, Reviews::Rating),
            (Reviews::Table, Reviews::Img),
            (Reviews::Table, Reviews::CreatedAt),
        ])
        .expr_as(
            Expr::case(Expr::exists(paid_order), 1i64).finally(0i64),
            Alias::new("verified_buyer"),
        )
        .from(Reviews::Table)
        .order_by((Reviews::Table, Reviews::Id), Order::Desc)
        .limit(page.sql_limit())
        .offset(page.offset)
        .to_owned();
    let rows: Vec<ReviewRow> = state.db.fetch_all(&select).await?;
    let (total,): (i64,) = state
        .db
        .fetch_one(
            &Query::select()
                .expr(Expr::col(Reviews::Id).count())
                .from(Reviews::Table)
                .to_owned(),
        )
        .await?;
    let reviews = rows
        .into_iter()
        .map(|r| Review {
            id: r.id.to_string(),
            name: r.name,
            description: r.description,
            rating: r.rating,
            img: r.img,
            created_at: r.created_at,
            verified_buyer: r.verified_buyer != 0,
        })
        .collect();
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
async fn create_review(
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
    let id = insert(
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

pub async fn insert(db: &Db, review: &NewReview) -> Result<i64, sqlx::Error> {
    let statement = Query::insert()
        .into_table(Reviews::Table)
        .columns([
            Reviews::UserId,
            Reviews::Name,
            Reviews::Description,
            Reviews::Rating,
            Reviews::Img,
            Reviews::CreatedAt,
        ])
        .values_panic([
            review.user_id.into(),
            review.name.clone().into(),
            review.description.clone().into(),
            review.rating.into(),
            review.img.clone().into(),
            db::now().into(),
        ])
        .returning_col(Reviews::Id)
        .to_owned();
    let (id,): (i64,) = db.fetch_one(&statement).await?;
    Ok(id)
}
