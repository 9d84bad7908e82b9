//! The profiles' handlers.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;

use super::{store, Profile, ProfileRequest};
use crate::app::state::AppState;
use crate::core::answers::InsertedId;
use crate::core::caller::CurrentUser;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Body};

/// Saves the signed-in user's profile; each missing field is named in its own
/// message (docs/decisions.md, D7).
#[utoipa::path(post, path = "/api/profile", tag = "profiles", security(("bearer" = [])), request_body = ProfileRequest,
    responses((status = 201, body = InsertedId), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(super) async fn save_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Body(sent): Body<ProfileRequest>,
) -> ApiResult<(StatusCode, Json<InsertedId>)> {
    let id = store::save(&state.db, user.id, sent).await?;
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
pub(super) async fn own_profile(
    State(state): State<AppState>,
    user: CurrentUser,
) -> ApiResult<Json<Profile>> {
    let row = store::of_user(&state.db, user.id).await?;
    Ok(Json(
        row.ok_or_else(|| ApiError::not_found("Profile"))?.into(),
    ))
}

/// A profile by id, for its owner or an admin (404 for anyone else).
#[utoipa::path(get, path = "/api/profile/{id}", tag = "profiles", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(super) async fn get_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Profile>> {
    let id = parse_id(&id).ok_or_else(|| ApiError::not_found("Profile"))?;
    let row = store::by_id(&state.db, id).await?;
    match row {
        Some(row) if row.user_id == user.id || user.is_admin() => Ok(Json(row.into())),
        _ => Err(ApiError::not_found("Profile")),
    }
}
