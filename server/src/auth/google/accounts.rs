//! The account a Google sign-in opens: found by its verified e-mail, or made
//! on the first sign-in (role user, no password, the provider's name, the
//! address verified).

use crate::auth::recovery::end_tokens_now;
use crate::error::{ApiError, ApiResult};
use crate::input::SHORT_TEXT;
use crate::state::AppState;
use crate::users::store::{self as users, AccountChange, Created, NewUser, Role, UserRow};

/// The account with this verified e-mail, made (as a user, without a
/// password) on the first sign-in; answers whether it was made now.
pub async fn find_or_create(
    state: &AppState,
    email: &str,
    name: Option<&str>,
) -> ApiResult<(UserRow, bool)> {
    if let Some(user) = users::find_by_email(&state.db, email).await? {
        return Ok((claim(state, user).await?, false));
    }
    let name = display_name(name, email);
    let new = NewUser {
        email,
        name: &name,
        password_hash: None,
        role: Role::User,
        email_verified: true,
    };
    match users::create(&state.db, &state.db.pool, new).await? {
        Created::Yes(user) => Ok((user, true)),
        // Made a moment ago by a sign-up or another sign-in.
        Created::EmailTaken => match users::find_by_email(&state.db, email).await? {
            Some(user) => Ok((claim(state, user).await?, false)),
            None => Err(ApiError::Internal(anyhow::anyhow!(
                "a taken e-mail has no account"
            ))),
        },
    }
}

/// An existing account signed into by the person Google says owns its
/// address (docs/decisions.md, D21).
///
/// - Address already verified (a link mailed to it was opened, or Google
///   vouched before): the account is its owner's, password and all; it
///   keeps its password and gains Google sign-in.
/// - Address not verified: whoever signed up with it never proved they own
///   it, and may be a stranger who registered someone else's address first.
///   Google's owner takes the account: its password is cleared and every
///   token issued before ends, so the stranger loses their way in; the
///   address is marked verified. The owner can set a password again with
///   "Forgot password?".
async fn claim(state: &AppState, user: UserRow) -> ApiResult<UserRow> {
    if user.email_verified() {
        return Ok(user);
    }
    let had_password = user.password_hash.is_some();
    let change = AccountChange {
        password_hash: had_password.then_some(None),
        verify_email: true,
        end_tokens_before: had_password.then(end_tokens_now),
    };
    let (_turn, mut tx) = state.db.begin_write().await?;
    users::change(&state.db, &mut *tx, user.id, change).await?;
    let claimed = users::find_by_id_on(&state.db, &mut *tx, user.id).await?;
    tx.commit().await?;
    if had_password {
        tracing::warn!(user = ?user.email, "Google sign-in took over an account whose address was not verified: its password is cleared and its sessions ended");
    }
    claimed.ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a claimed account is gone")))
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
