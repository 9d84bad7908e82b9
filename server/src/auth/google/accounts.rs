//! The account a Google sign-in opens: found by its verified e-mail, or made
//! on the first sign-in (role user, no password, the provider's name).

use crate::error::{ApiError, ApiResult};
use crate::input::SHORT_TEXT;
use crate::state::AppState;
use crate::users::store::{self as users, Created, Role, UserRow};

/// The account with this verified e-mail, made (as a user, without a
/// password) on the first sign-in; answers whether it was made now.
pub async fn find_or_create(
    state: &AppState,
    email: &str,
    name: Option<&str>,
) -> ApiResult<(UserRow, bool)> {
    if let Some(user) = users::find_by_email(&state.db, email).await? {
        return Ok((user, false));
    }
    let name = display_name(name, email);
    match users::create(&state.db, email, &name, None, Role::User).await? {
        Created::Yes(user) => Ok((user, true)),
        // Made a moment ago by a sign-up or another sign-in.
        Created::EmailTaken => users::find_by_email(&state.db, email)
            .await?
            .map(|user| (user, false))
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a taken e-mail has no account"))),
    }
}

/// The provider's name for the person, within the shop's limits; the
/// e-mail's local part when it gives none.
fn display_name(name: Option<&str>, email: &str) -> String {
    let name: String = name
        .unwrap_or("")
        .chars()
        .filter(|c| !c.is_control())
        .take(SHORT_TEXT)
        .collect();
    match name.trim() {
        "" => email.split('@').next().unwrap_or(email).to_owned(),
        trimmed => trimmed.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::display_name;

    #[test]
    fn the_display_name_is_the_providers_or_the_emails_local_part() {
        assert_eq!(
            display_name(Some(" Ann Driver "), "ann@example.com"),
            "Ann Driver"
        );
        assert_eq!(display_name(Some("  "), "ann@example.com"), "ann");
        assert_eq!(display_name(None, "ann@example.com"), "ann");
        assert_eq!(display_name(Some("A\u{0}nn"), "ann@example.com"), "Ann");
        assert_eq!(
            display_name(Some(&"x".repeat(500)), "a@b.co")
                .chars()
                .count(),
            200
        );
    }
}
