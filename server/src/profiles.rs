//! One profile per user: a second POST updates the first and keeps its id.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use sea_query::{Expr, Iden, OnConflict, Query};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::answers::InsertedId;
use crate::core::caller::CurrentUser;
use crate::core::db;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::rules::{ImageUrl, Phone, Text};
use crate::core::input::{parse_id, Body, SHORT_TEXT};
use crate::request;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(save_profile, own_profile))
        .routes(routes!(get_profile))
}

#[derive(Iden)]
enum Profiles {
    Table,
    Id,
    UserId,
    Education,
    Location,
    City,
    Phone,
    Linkedin,
    Img,
    CreatedAt,
    UpdatedAt,
}

#[derive(sqlx::FromRow)]
struct ProfileRow {
    id: i64,
    user_id: i64,
    education: String,
    location: String,
    city: String,
    phone: String,
    linkedin: String,
    img: String,
    updated_at: String,
}

/// A user's profile.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[serde(rename = "_id")]
    pub id: String,
    pub education: String,
    pub location: String,
    pub city: String,
    pub phone: String,
    pub linkedin: String,
    pub img: String,
    pub updated_at: String,
}

impl From<ProfileRow> for Profile {
    fn from(r: ProfileRow) -> Self {
        Profile {
            id: r.id.to_string(),
            education: r.education,
            location: r.location,
            city: r.city,
            phone: r.phone,
            linkedin: r.linkedin,
            img: r.img,
            updated_at: r.updated_at,
        }
    }
}

request! {
    pub struct ProfileRequest {
        education: Text<SHORT_TEXT> = "education", "Education";
        location: Text<SHORT_TEXT> = "location", "Location";
        city: Text<SHORT_TEXT> = "city", "City";
        phone: Phone = "phone", "Phone";
        linkedin: Text<SHORT_TEXT> = "linkedin", "LinkedIn";
        img: ImageUrl = "img", "Image";
    }
}

const COLUMNS: [Profiles; 9] = [
    Profiles::Id,
    Profiles::UserId,
    Profiles::Education,
    Profiles::Location,
    Profiles::City,
    Profiles::Phone,
    Profiles::Linkedin,
    Profiles::Img,
    Profiles::UpdatedAt,
];

/// Saves the signed-in user's profile; each missing field is named in its own
/// message (docs/decisions.md, D7).
#[utoipa::path(post, path = "/api/profile", tag = "profiles", security(("bearer" = [])), request_body = ProfileRequest,
    responses((status = 201, body = InsertedId), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn save_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<ProfileRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let ProfileRequest {
        education,
        location,
        city,
        phone,
        linkedin,
        img,
    } = sent;

    let now = db::now();
    let statement = Query::insert()
        .into_table(Profiles::Table)
        .columns([
            Profiles::UserId,
            Profiles::Education,
            Profiles::Location,
            Profiles::City,
            Profiles::Phone,
            Profiles::Linkedin,
            Profiles::Img,
            Profiles::CreatedAt,
            Profiles::UpdatedAt,
        ])
        .values_panic([
            user.id.into(),
            education.into(),
            location.into(),
            city.into(),
            phone.into(),
            linkedin.into(),
            img.into(),
            now.clone().into(),
            now.into(),
        ])
        .on_conflict(
            OnConflict::column(Profiles::UserId)
                .update_columns([
                    Profiles::Education,
                    Profiles::Location,
                    Profiles::City,
                    Profiles::Phone,
                    Profiles::Linkedin,
                    Profiles::Img,
                    Profiles::UpdatedAt,
                ])
                .to_owned(),
        )
        .returning_col(Profiles::Id)
        .to_owned();
    let (id,): (i64,) = state.db.fetch_one(&statement).await?;
    Ok((
        StatusCode::CREATED,
        Json(InsertedId {
            inserted_id: id.to_string(),
        }),
    ))
}

/// The signed-in user's own profile.
#[utoipa::path(get, path = "/api/profile", tag = "profiles", security(("bearer" = [])),
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn own_profile(State(state): State<AppState>, user: CurrentUser) -> ApiResult<Json<Profile>> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(Profiles::Table)
        .and_where(Expr::col(Profiles::UserId).eq(user.id))
        .to_owned();
    let row: Option<ProfileRow> = state.db.fetch_optional(&select).await?;
    Ok(Json(
        row.ok_or_else(|| ApiError::not_found("Profile"))?.into(),
    ))
}

/// A profile by id, for its owner or an admin (404 for anyone else).
#[utoipa::path(get, path = "/api/profile/{id}", tag = "profiles", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn get_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Profile>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Profile"))?;
    let select = Query::select()
        .columns(COLUMNS)
        .from(Profiles::Table)
        .and_where(Expr::col(Profiles::Id).eq(id))
        .to_owned();
    let row: Option<ProfileRow> = state.db.fetch_optional(&select).await?;
    match row {
        Some(row) if row.user_id == user.id || user.is_admin() => Ok(Json(row.into())),
        _ => Err(ApiError::not_found("Profile")),
    }
}
