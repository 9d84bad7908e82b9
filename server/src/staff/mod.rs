//! The shop's staff: the list of users as admins see it, making and
//! removing admins (never the last one, never oneself), the admin check,
//! and the mail that tells a user their role changed, stored in the
//! transaction that changes it. The accounts themselves are `users`.

mod routes;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::users;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_users))
        .routes(routes!(routes::make_admin, routes::remove_admin))
        .routes(routes!(routes::is_admin))
}

/// Makes `email` an admin, recorded in the audit log as done `by`, and
/// mails them, all in one transaction; None when they were one already.
pub async fn make_admin(
    db: &crate::core::db::Db,
    email: &str,
    by: crate::audit::Actor<'_>,
) -> Result<Option<users::UserRow>, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    let made = users::make_admin_on(db, &mut tx, email, by).await?;
    if let Some(user) = &made {
        routes::tell(&mut tx, user, true).await?;
    }
    tx.commit().await?;
    Ok(made)
}

#[derive(Serialize, ToSchema)]
pub struct AdminCheck {
    pub admin: bool,
}
