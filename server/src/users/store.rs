//! Queries on users.

use sea_query::{Expr, Func, Iden, OnConflict, Order, Query};
use sqlx::Any;

use crate::core::db::{self, Db};

#[derive(Iden)]
pub enum Users {
    Table,
    Id,
    Email,
    Name,
    PasswordHash,
    Role,
    CreatedAt,
    EmailVerifiedAt,
    TokensValidAfter,
    PasswordProvedAt,
    GoogleSubject,
}

pub use crate::core::caller::Role;
use crate::core::caller::Standing;

#[derive(Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub password_hash: Option<String>,
    pub role: String,
    /// When the address was proved to be the owner's; None: not yet.
    pub email_verified_at: Option<String>,
    /// Tokens issued before this (microseconds since 1970) no longer sign in.
    pub tokens_valid_after: Option<i64>,
    /// When the password was shown to be the address owner's (set through
    /// a mailed reset link, or the address verified while signed in with
    /// it); None: it may be a stranger's (docs/decisions.md, D21).
    pub password_proved_at: Option<String>,
    /// The Google account (the provider's subject id) that signs into it.
    pub google_subject: Option<String>,
}

impl UserRow {
    pub fn role(&self) -> Role {
        Role::of(&self.role)
    }

    /// What the check of a caller reads of the account.
    pub fn standing(&self) -> Standing {
        Standing {
            id: self.id,
            email: self.email.clone(),
            name: self.name.clone(),
            role: self.role.clone(),
            email_verified_at: self.email_verified_at.clone(),
            tokens_valid_after: self.tokens_valid_after,
        }
    }

    pub fn email_verified(&self) -> bool {
        self.email_verified_at.is_some()
    }

    /// Whether the account's password is known to be its owner's.
    pub fn password_proved(&self) -> bool {
        self.password_hash.is_some() && self.password_proved_at.is_some()
    }
}

/// The columns of a `UserRow`.
const COLUMNS: [Users; 9] = [
    Users::Id,
    Users::Email,
    Users::Name,
    Users::PasswordHash,
    Users::Role,
    Users::EmailVerifiedAt,
    Users::TokensValidAfter,
    Users::PasswordProvedAt,
    Users::GoogleSubject,
];

fn select() -> sea_query::SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(Users::Table)
        .to_owned()
}

pub async fn find_by_id(db: &Db, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    db.fetch_optional(&select().and_where(Expr::col(Users::Id).eq(id)).to_owned())
        .await
}

/// The user `id`, read on the caller's transaction.
pub async fn find_by_id_on<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
) -> Result<Option<UserRow>, sqlx::Error> {
    db.fetch_optional_on(
        executor,
        &select().and_where(Expr::col(Users::Id).eq(id)).to_owned(),
    )
    .await
}

pub async fn find_by_email(db: &Db, email: &str) -> Result<Option<UserRow>, sqlx::Error> {
    db.fetch_optional(
        &select()
            .and_where(Expr::col(Users::Email).eq(email))
            .to_owned(),
    )
    .await
}

/// The account with `email`, read on the caller's transaction and, on
/// PostgreSQL, locked until it ends: what is decided from the row holds
/// when the transaction writes.
pub async fn find_by_email_for_update<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    email: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    let mut statement = select()
        .and_where(Expr::col(Users::Email).eq(email))
        .to_owned();
    statement.lock(sea_query::LockType::Update);
    db.fetch_optional_on(executor, &statement).await
}

/// The account the Google account `subject` signs into, if any.
pub async fn find_by_google_subject<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    subject: &str,
) -> Result<Option<UserRow>, sqlx::Error> {
    db.fetch_optional_on(
        executor,
        &select()
            .and_where(Expr::col(Users::GoogleSubject).eq(subject))
            .to_owned(),
    )
    .await
}

pub async fn list(db: &Db) -> Result<Vec<UserRow>, sqlx::Error> {
    db.fetch_all(&select().order_by(Users::Id, Order::Asc).to_owned())
        .await
}

/// Outcome of creating an account.
pub enum Created {
    Yes(UserRow),
    /// Its e-mail (or its Google account) has an account already.
    EmailTaken,
}

/// A new account.
pub struct NewUser<'a> {
    pub email: &'a str,
    pub name: &'a str,
    pub password_hash: Option<&'a str>,
    pub role: Role,
    /// Whether the address is already proved (a Google sign-in).
    pub email_verified: bool,
    /// The Google account it is made for, if any.
    pub google_subject: Option<&'a str>,
}

/// Creates a user; the e-mail's unique constraint settles races between two
/// sign-ups for the same address.
pub async fn create<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    user: NewUser<'_>,
) -> Result<Created, sqlx::Error> {
    let now = db::now();
    let verified_at = user.email_verified.then(|| now.clone());
    let statement = Query::insert()
        .into_table(Users::Table)
        .columns([
            Users::Email,
            Users::Name,
            Users::PasswordHash,
            Users::Role,
            Users::CreatedAt,
            Users::EmailVerifiedAt,
            Users::GoogleSubject,
        ])
        .values_panic([
            user.email.into(),
            user.name.into(),
            user.password_hash.map(str::to_owned).into(),
            user.role.as_str().into(),
            now.into(),
            verified_at.into(),
            user.google_subject.map(str::to_owned).into(),
        ])
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let created: Result<Option<UserRow>, sqlx::Error> =
        db.fetch_optional_on(executor, &statement).await;
    match created {
        Ok(Some(user)) => Ok(Created::Yes(user)),
        Ok(None) => Err(sqlx::Error::RowNotFound),
        Err(e)
            if db::is_unique_violation(&e, "users_email_key", "users.email")
                || db::is_unique_violation(
                    &e,
                    "users_google_subject_key",
                    "users.google_subject",
                ) =>
        {
            Ok(Created::EmailTaken)
        }
        Err(e) => Err(e),
    }
}

/// Creates the configured admin account unless the e-mail already exists
/// (several shop processes may start at once). Answers whether it was created.
/// Its address counts as verified and its password as proved: the shop's
/// operator named both.
pub async fn create_admin_if_missing(
    db: &Db,
    email: &str,
    password_hash: &str,
) -> Result<bool, sqlx::Error> {
    let statement = Query::insert()
        .into_table(Users::Table)
        .columns([
            Users::Email,
            Users::Name,
            Users::PasswordHash,
            Users::Role,
            Users::CreatedAt,
            Users::EmailVerifiedAt,
            Users::PasswordProvedAt,
        ])
        .values_panic([
            email.into(),
            "Shop Admin".into(),
            password_hash.into(),
            "admin".into(),
            db::now().into(),
            db::now().into(),
            db::now().into(),
        ])
        .on_conflict(OnConflict::column(Users::Email).do_nothing().to_owned())
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

/// Gives a user the admin role, recording in the audit log who did it (an
/// admin, or the operator at the command line) in the same transaction;
/// answers how many rows changed (0 when they already were an admin).
pub async fn make_admin_on(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    email: &str,
    by: crate::audit::Actor<'_>,
) -> Result<Option<UserRow>, sqlx::Error> {
    let statement = Query::update()
        .table(Users::Table)
        .value(Users::Role, "admin")
        .and_where(Expr::col(Users::Email).eq(email))
        .and_where(Expr::col(Users::Role).ne("admin"))
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let made: Option<UserRow> = db.fetch_optional_on(&mut *tx, &statement).await?;
    if made.is_some() {
        crate::audit::record(
            db,
            tx,
            crate::audit::Entry {
                by,
                action: crate::audit::USER_MADE_ADMIN,
                subject_type: "user",
                subject_id: email.to_owned(),
                before: Some(serde_json::json!({ "role": "user" })),
                after: Some(serde_json::json!({ "role": "admin" })),
            },
        )
        .await?;
    }
    Ok(made)
}

/// Outcome of taking the admin role away.
#[derive(Debug)]
pub enum Removed {
    /// The user was an admin and no longer is; their tokens have ended.
    Yes(UserRow),
    /// The user was not an admin: nothing changed.
    NotAdmin,
    /// The user is the shop's only admin.
    LastAdmin,
    /// The user is the admin who asks.
    Oneself,
}

/// Takes the admin role away from `email` and ends every token they were
/// issued before (docs/decisions.md, D21 and D31), recording it in the audit
/// log, on the caller's write transaction `tx`. Every admin row is locked
/// first, so two admins demoting each other at once cannot leave the shop
/// without an admin.
pub async fn remove_admin_on(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    email: &str,
    by: &crate::core::caller::CurrentUser,
) -> Result<Removed, sqlx::Error> {
    let lock_admins = Query::update()
        .table(Users::Table)
        .value(Users::Role, Expr::col(Users::Role))
        .and_where(Expr::col(Users::Role).eq("admin"))
        .to_owned();
    let admins = db.execute_on(&mut *tx, &lock_admins).await?;
    let target: Option<UserRow> = db
        .fetch_optional_on(
            &mut *tx,
            &select()
                .and_where(Expr::col(Users::Email).eq(email))
                .to_owned(),
        )
        .await?;
    let Some(target) = target.filter(|u| u.role() == Role::Admin) else {
        return Ok(Removed::NotAdmin);
    };
    if admins <= 1 {
        return Ok(Removed::LastAdmin);
    }
    if target.id == by.id {
        return Ok(Removed::Oneself);
    }
    let statement = Query::update()
        .table(Users::Table)
        .value(Users::Role, "user")
        .value(
            Users::TokensValidAfter,
            crate::core::tokens::end_tokens_now(),
        )
        .and_where(Expr::col(Users::Id).eq(target.id))
        .to_owned();
    db.execute_on(&mut *tx, &statement).await?;
    crate::audit::record(
        db,
        tx,
        crate::audit::Entry {
            by: by.into(),
            action: crate::audit::USER_ADMIN_REMOVED,
            subject_type: "user",
            subject_id: email.to_owned(),
            before: Some(serde_json::json!({ "role": "admin" })),
            after: Some(serde_json::json!({ "role": "user" })),
        },
    )
    .await?;
    Ok(Removed::Yes(target))
}

/// Locks a user's row for the rest of the transaction (a write that changes
/// nothing), so that checks on what the user holds are made one at a time.
pub async fn lock<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Users::Table)
        .value(Users::Email, Expr::col(Users::Email))
        .and_where(Expr::col(Users::Id).eq(id))
        .to_owned();
    db.execute_on(executor, &statement).await
}

/// A change to one account, made inside the caller's transaction.
#[derive(Default)]
pub struct AccountChange<'a> {
    /// A new password hash; `Some(None)` clears the password (and what
    /// proved it).
    pub password_hash: Option<Option<&'a str>>,
    /// Marks the password as proved to be the address owner's (`Some(true)`,
    /// now) or not (`Some(false)`); None leaves the mark, unless the
    /// password is cleared.
    pub prove_password: Option<bool>,
    /// Links the Google account with this subject id.
    pub google_subject: Option<&'a str>,
    /// Marks the address verified (keeping an earlier time).
    pub verify_email: bool,
    /// Ends every token issued before this moment (microseconds since 1970).
    pub end_tokens_before: Option<i64>,
}

/// Applies `change` to the user `id`; answers how many rows changed.
pub async fn change<'e>(
    db: &Db,
    executor: impl sqlx::Executor<'e, Database = Any>,
    id: i64,
    change: AccountChange<'_>,
) -> Result<u64, sqlx::Error> {
    let mut statement = Query::update();
    statement
        .table(Users::Table)
        // Keeps the statement valid when nothing else changes.
        .value(Users::Email, Expr::col(Users::Email))
        .and_where(Expr::col(Users::Id).eq(id));
    if let Some(hash) = change.password_hash {
        statement.value(Users::PasswordHash, hash.map(str::to_owned));
    }
    let proved = match (change.prove_password, change.password_hash) {
        (Some(true), _) => Some(Some(db::now())),
        (Some(false), _) | (None, Some(None)) => Some(None),
        (None, _) => None,
    };
    if let Some(proved) = proved {
        statement.value(Users::PasswordProvedAt, proved);
    }
    if let Some(subject) = change.google_subject {
        statement.value(Users::GoogleSubject, subject);
    }
    if change.verify_email {
        statement.value(
            Users::EmailVerifiedAt,
            Func::coalesce([
                Expr::col(Users::EmailVerifiedAt).into(),
                Expr::val(db::now()).into(),
            ]),
        );
    }
    if let Some(after) = change.end_tokens_before {
        statement.value(Users::TokensValidAfter, after);
    }
    db.execute_on(executor, &statement.to_owned()).await
}
