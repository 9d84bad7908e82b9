//! The staff handlers: the list of users, making and removing admins
//! (never the last one), and the admin check.

use axum::extract::{Path, State};
use axum::Json;

use super::AdminCheck;
use crate::app::state::AppState;
use crate::core::answers::ModifiedCount;
use crate::core::caller::{Admin, CurrentUser};
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::parse_email;
use crate::mail::{self, Message};
use crate::users::{self, Removed, Role, UserView};

/// Every user, oldest account first.
#[utoipa::path(get, path = "/api/user", tag = "users", security(("bearer" = [])),
    responses((status = 200, body = Vec<UserView>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn list_users(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<UserView>>> {
    let users = users::list(&state.db).await?;
    Ok(Json(users.into_iter().map(UserView::from).collect()))
}

/// Makes a user an admin.
#[utoipa::path(put, path = "/api/user/admin/{email}", tag = "users", security(("bearer" = [])),
    params(("email" = String, Path, description = "E-mail of the user to promote")),
    responses(
        (status = 200, body = ModifiedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No user with that e-mail", body = ErrorBody)))]
pub(super) async fn make_admin(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(email): Path<String>,
) -> ApiResult<Json<ModifiedCount>> {
    let email = parse_email(&email).ok_or_else(|| ApiError::not_found("User"))?;
    let db = &state.db;
    if users::find_by_email(db, &email).await?.is_none() {
        return Err(ApiError::not_found("User"));
    }
    let made = super::make_admin(db, &email, (&admin).into()).await?;
    let modified_count = u64::from(made.is_some());
    tracing::info!(user = ?email, by = ?admin.email, changed = modified_count, "role change: made admin");
    Ok(Json(ModifiedCount { modified_count }))
}

/// Takes the admin role away from a user, who keeps their account; every
/// token they were issued before ends (docs/decisions.md, D31). Never the
/// shop's last admin, never the admin who asks.
#[utoipa::path(delete, path = "/api/user/admin/{email}", tag = "users", security(("bearer" = [])),
    params(("email" = String, Path, description = "E-mail of the admin to make a user again")),
    responses(
        (status = 200, description = "`modifiedCount` 1, or 0 when they were not an admin", body = ModifiedCount),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, description = "No user with that e-mail", body = ErrorBody),
        (status = 409, description = "The admin who asks, or the shop's last admin", body = ErrorBody)))]
pub(super) async fn remove_admin(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(email): Path<String>,
) -> ApiResult<Json<ModifiedCount>> {
    let email = parse_email(&email).ok_or_else(|| ApiError::not_found("User"))?;
    let db = &state.db;
    if users::find_by_email(db, &email).await?.is_none() {
        return Err(ApiError::not_found("User"));
    }
    let (_turn, mut tx) = db.begin_write().await?;
    let modified_count = match users::remove_admin_on(db, &mut tx, &email, &admin).await? {
        Removed::Yes(user) => {
            tell(&mut tx, &user, false).await?;
            tx.commit().await?;
            1
        }
        Removed::NotAdmin => 0,
        Removed::LastAdmin => {
            return Err(ApiError::Conflict(
                "This is the shop's last admin: make another user an admin first.".into(),
            ))
        }
        Removed::Oneself => {
            return Err(ApiError::Conflict(
                "You cannot remove your own admin role. Another admin can do it.".into(),
            ))
        }
    };
    tracing::info!(user = ?email, by = ?admin.email, changed = modified_count, "role change: admin removed");
    Ok(Json(ModifiedCount { modified_count }))
}

/// Whether a user is an admin; asked by that user or by an admin.
#[utoipa::path(get, path = "/api/admin/{email}", tag = "users", security(("bearer" = [])),
    params(("email" = String, Path)),
    responses((status = 200, body = AdminCheck), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(super) async fn is_admin(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(email): Path<String>,
) -> ApiResult<Json<AdminCheck>> {
    let email = parse_email(&email);
    if email.as_deref() == Some(user.email.as_str()) {
        return Ok(Json(AdminCheck {
            admin: user.is_admin(),
        }));
    }
    if !user.is_admin() {
        return Err(ApiError::Forbidden(
            "You can only ask about your own account".into(),
        ));
    }
    let admin = match email {
        Some(email) => users::find_by_email(&state.db, &email)
            .await?
            .is_some_and(|u| u.role() == Role::Admin),
        None => false,
    };
    Ok(Json(AdminCheck { admin }))
}

/// Stores the mail that tells `user` they are now an admin (`admin`) or no
/// longer one, on the transaction that changes the role.
pub(super) async fn tell(
    tx: &mut sqlx::AnyConnection,
    user: &users::UserRow,
    admin: bool,
) -> Result<(), sqlx::Error> {
    let message = Message::RoleChanged {
        name: user.name.clone(),
        admin,
    };
    mail::enqueue(tx, &user.email, message).await
}
