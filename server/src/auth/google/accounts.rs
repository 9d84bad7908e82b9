//! The account a Google sign-in opens: the one linked to the Google account
//! (by the provider's subject id, which stays when the person's address
//! changes), else the one with its verified e-mail, which it then links;
//! or a new one made on the first sign-in (role user, no password, the
//! provider's name, the address verified). Decided in one write
//! transaction, with the unique e-mail and subject as the last word.

use crate::app::state::AppState;
use crate::core::error::{ApiError, ApiResult};
use crate::core::input::SHORT_TEXT;
use crate::core::tokens::end_tokens_now;
use crate::mail::{self, Message};
use crate::users::{self, AccountChange, Created, NewUser, Role, UserRow};

/// Who Google says is signing in.
pub struct GoogleUser<'a> {
    /// The provider's id for the person.
    pub subject: &'a str,
    /// Their address, verified by the provider.
    pub email: &'a str,
    pub name: Option<&'a str>,
}

/// What a Google sign-in found.
pub enum Found {
    /// The account it signs into; whether it was made now.
    Account(UserRow, bool),
    /// The address's account is linked to another Google account.
    LinkedElsewhere,
}

/// The account `person` signs into (see the module's comment). Two first
/// sign-ins at once, or one beside a sign-up, meet at the unique keys: the
/// loser looks again and finds the winner's account.
pub async fn find_or_create(state: &AppState, person: &GoogleUser<'_>) -> ApiResult<Found> {
    for _ in 0..2 {
        if let Some(found) = try_find_or_create(state, person).await? {
            return Ok(found);
        }
    }
    Err(ApiError::Internal(anyhow::anyhow!(
        "a Google sign-in met another at the unique keys twice"
    )))
}

/// One attempt of `find_or_create`; None when a unique key was taken
/// meanwhile (nothing was written).
async fn try_find_or_create(state: &AppState, person: &GoogleUser<'_>) -> ApiResult<Option<Found>> {
    let db = &state.db;
    let (_turn, mut tx) = db.begin_write().await?;
    if let Some(user) = users::find_by_google_subject(db, &mut *tx, person.subject).await? {
        tx.commit().await?;
        return Ok(Some(Found::Account(user, false)));
    }
    if let Some(user) = users::find_by_email_for_update(db, &mut *tx, person.email).await? {
        if user.google_subject.is_some() {
            // Another Google account was linked first; this one cannot
            // take the account over.
            return Ok(Some(Found::LinkedElsewhere));
        }
        let claimed = claim(state, &mut tx, user, person.subject).await?;
        tx.commit().await?;
        return Ok(Some(Found::Account(claimed, false)));
    }
    let name = display_name(person.name, person.email);
    let new = NewUser {
        email: person.email,
        name: &name,
        password_hash: None,
        role: Role::User,
        email_verified: true,
        google_subject: Some(person.subject),
    };
    match users::create(db, &mut *tx, new).await? {
        Created::Yes(user) => {
            tx.commit().await?;
            Ok(Some(Found::Account(user, true)))
        }
        // Made a moment ago by a sign-up or another sign-in.
        Created::EmailTaken => Ok(None),
    }
}

/// An existing account signed into for the first time by the person Google
/// says owns its address (docs/decisions.md, D21), in the caller's
/// transaction: it is linked to the Google account and its address marked
/// verified, and its owner is told by mail.
///
/// - A password its address's owner is known to have set (through a mailed
///   reset link, or with the address verified while signed in with it)
///   stays: the account gains Google sign-in.
/// - Any other password may be a stranger's who signed up with someone
///   else's address first (even if the owner later opened the
///   verification link, which needs no sign-in): it is cleared and every
///   token issued before ends, so the stranger loses their way in. The
///   owner can set a password again with "Forgot password?".
async fn claim(
    state: &AppState,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user: UserRow,
    subject: &str,
) -> ApiResult<UserRow> {
    let db = &state.db;
    let clears = user.password_hash.is_some() && !user.password_proved();
    let change = AccountChange {
        password_hash: clears.then_some(None),
        verify_email: true,
        end_tokens_before: clears.then(end_tokens_now),
        google_subject: Some(subject),
        ..AccountChange::default()
    };
    users::change(db, &mut **tx, user.id, change).await?;
    let message = Message::GoogleLinked {
        name: user.name.clone(),
        password_cleared: clears,
    };
    mail::enqueue(tx, &user.email, message).await?;
    if clears {
        tracing::warn!(user = ?user.email, "Google sign-in took over an account whose password its owner never proved: its password is cleared and its sessions ended");
    }
    users::find_by_id_on(db, &mut **tx, user.id)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("a claimed account is gone")))
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
