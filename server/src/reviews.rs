//! Customer reviews: everyone reads them, signed-in users write them.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Iden, Order, Query};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::error::{ApiResult, ErrorBody};
use crate::input::{Form, JsonObject, LONG_TEXT, SHORT_TEXT};
use crate::parts::InsertedId;
use crate::state::AppState;

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
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ReviewRequest {
    #[schema(max_length = 200)]
    name: String,
    #[schema(max_length = 5000)]
    description: String,
    #[schema(minimum = 1, maximum = 5)]
    rating: i64,
    img: String,
}

/// A new review to store.
pub struct NewReview {
    pub user_id: Option<i64>,
    pub name: String,
    pub description: String,
    pub rating: i64,
    pub img: String,
}

/// Every review, newest first.
#[utoipa::path(get, path = "/api/review", tag = "reviews", responses((status = 200, body = Vec<Review>)))]
async fn list_reviews(State(state): State<AppState>) -> ApiResult<Json<Vec<Review>>> {
    let select = Query::select()
        .columns([
            Reviews::Id,
            Reviews::Name,
            Reviews::Description,
            Reviews::Rating,
            Reviews::Img,
            Reviews::CreatedAt,
        ])
        .from(Reviews::Table)
        .order_by(Reviews::Id, Order::Desc)
        .to_owned();
    let rows: Vec<ReviewRow> = state.db.fetch_all(&select).await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| Review {
                id: r.id.to_string(),
                name: r.name,
                description: r.description,
                rating: r.rating,
                img: r.img,
                created_at: r.created_at,
            })
            .collect(),
    ))
}

/// Adds a review (D9: the rating is a whole number from 1 to 5).
#[utoipa::path(post, path = "/api/review", tag = "reviews", security(("bearer" = [])), request_body = ReviewRequest,
    responses((status = 201, body = InsertedId), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn create_review(
    State(state): State<AppState>,
    user: CurrentUser,
    JsonObject(body): JsonObject,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let mut form = Form::new(&body);
    let name = form.text("name", "Name", SHORT_TEXT);
    let description = form.text("description", "Description", LONG_TEXT);
    let rating = form.whole("rating", "Rating", 1, 5);
    let img = form.image_url("img");
    form.finish()?;
    let id = insert(
        &state.db,
        &NewReview {
            user_id: Some(user.id),
            name,
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
