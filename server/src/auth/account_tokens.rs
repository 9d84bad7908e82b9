//! One-time links mailed to an account: checking its address or choosing a
//! new password. The link carries 32 random bytes; the database keeps only
//! their SHA-256, so reading the table opens no account. A link works once
//! and until it expires.

use std::time::Duration;

use rand::RngCore;
use sea_query::{Expr, Iden, Query};
use sha2::{Digest, Sha256};
use sqlx::Any;

use crate::core::db::{self, Db};

#[derive(Iden)]
enum AccountTokens {
    Table,
    TokenHash,
    UserId,
    Purpose,
    Email,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

/// What a link is for, and how long it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    ResetPassword,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::ResetPassword => "reset_password",
        }
    }

    /// How long a link works.
    pub fn lifetime(self) -> Duration {
        match self {
            Purpose::VerifyEmail => Duration::from_secs(48 * 3600),
            Purpose::ResetPassword => Duration::from_secs(3600),
        }
    }

    /// The web app's page that opens the link.
    pub fn page(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "/verify-email",
            Purpose::ResetPassword => "/reset-password",
        }
    }
}

/// The account and address a used link was for.
#[derive(Debug, sqlx::FromRow)]
pub struct Redeemed {
    pub user_id: i64,
    pub email: String,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.trim().as_bytes()))
}

/// Makes a link for the user `user_id` at `email`, on the caller's
/// transaction; answers the token to put in the link.
pub async fn create<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    user_id: i64,
    email: &str,
    purpose: Purpose,
) -> Result<String, sqlx::Error> {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    let token = hex::encode(bytes);
    let statement = Query::insert()
        .into_table(AccountTokens::Table)
        .columns([
            AccountTokens::TokenHash,
            AccountTokens::UserId,
            AccountTokens::Purpose,
            AccountTokens::Email,
            AccountTokens::CreatedAt,
            AccountTokens::ExpiresAt,
        ])
        .values_panic([
            hash(&token).into(),
            user_id.into(),
            purpose.as_str().into(),
            email.into(),
            db::now().into(),
            db::from_now(purpose.lifetime()).into(),
        ])
        .to_owned();
    db.execute_on(executor, &statement).await?;
    Ok(token)
}

/// Whether `token` is an unused, unexpired link for `purpose` (a quick look
/// before slow work; `redeem` is what counts).
pub async fn is_open(db: &Db, token: &str, purpose: Purpose) -> Result<bool, sqlx::Error> {
    let statement = Query::select()
        .columns([AccountTokens::UserId, AccountTokens::Email])
        .from(AccountTokens::Table)
        .and_where(Expr::col(AccountTokens::TokenHash).eq(hash(token)))
        .and_where(Expr::col(AccountTokens::Purpose).eq(purpose.as_str()))
        .and_where(Expr::col(AccountTokens::UsedAt).is_null())
        .and_where(Expr::col(AccountTokens::ExpiresAt).gt(db::now()))
        .to_owned();
    Ok(db.fetch_optional::<Redeemed>(&statement).await?.is_some())
}

/// Uses `token` up, on the caller's transaction: answers whom it was for,
/// or None when it is unknown, expired, already used or for another purpose.
/// One statement marks it used, so two requests with the same link cannot
/// both succeed.
pub async fn redeem<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    token: &str,
    purpose: Purpose,
) -> Result<Option<Redeemed>, sqlx::Error> {
    let statement = Query::update()
        .table(AccountTokens::Table)
        .value(AccountTokens::UsedAt, db::now())
        .and_where(Expr::col(AccountTokens::TokenHash).eq(hash(token)))
        .and_where(Expr::col(AccountTokens::Purpose).eq(purpose.as_str()))
        .and_where(Expr::col(AccountTokens::UsedAt).is_null())
        .and_where(Expr::col(AccountTokens::ExpiresAt).gt(db::now()))
        .returning(Query::returning().columns([AccountTokens::UserId, AccountTokens::Email]))
        .to_owned();
    db.fetch_optional_on(executor, &statement).await
}

/// Marks every open link of the user for `purpose` used (a new password
/// makes older reset links worthless).
pub async fn use_up_all<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    user_id: i64,
    purpose: Purpose,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(AccountTokens::Table)
        .value(AccountTokens::UsedAt, db::now())
        .and_where(Expr::col(AccountTokens::UserId).eq(user_id))
        .and_where(Expr::col(AccountTokens::Purpose).eq(purpose.as_str()))
        .and_where(Expr::col(AccountTokens::UsedAt).is_null())
        .to_owned();
    db.execute_on(executor, &statement).await
}

/// Deletes links that can no longer be used: expired or used more than
/// `kept` ago. Until then a late click still finds its link and hears that it
/// was used or has expired.
pub async fn delete_spent(db: &Db, kept: Duration) -> Result<u64, sqlx::Error> {
    let before = db::ago(kept);
    let statement = Query::delete()
        .from_table(AccountTokens::Table)
        .cond_where(
            sea_query::Cond::any()
                .add(Expr::col(AccountTokens::ExpiresAt).lt(before.clone()))
                .add(Expr::col(AccountTokens::UsedAt).lt(before)),
        )
        .to_owned();
    db.execute(&statement).await
}
