//! Queries on users.

use sea_query::{Expr, Iden, OnConflict, Order, Query};
use serde::Serialize;
use sqlx::Any;

use crate::db::{self, Db};

#[derive(Iden)]
pub enum Users {
    Table,
    Id,
    Email,
    Name,
    PasswordHash,
    Role,
    CreatedAt,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
        }
    }
}

#[derive(Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub password_hash: Option<String>,
    pub role: String,
}

impl UserRow {
    pub fn role(&self) -> Role {
        if self.role == "admin" {
            Role::Admin
        } else {
            Role::User
        }
    }
}

fn select() -> sea_query::SelectStatement {
    Query::select()
        .columns([
            Users::Id,
            Users::Email,
            Users::Name,
            Users::PasswordHash,
            Users::Role,
        ])
        .from(Users::Table)
        .to_owned()
}

pub async fn find_by_id(db: &Db, id: i64) -> Result<Option<UserRow>, sqlx::Error> {
    db.fetch_optional(&select().and_where(Expr::col(Users::Id).eq(id)).to_owned())
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

pub async fn list(db: &Db) -> Result<Vec<UserRow>, sqlx::Error> {
    db.fetch_all(&select().order_by(Users::Id, Order::Asc).to_owned())
        .await
}

/// Outcome of creating an account.
pub enum Created {
    Yes(UserRow),
    EmailTaken,
}

/// Creates a user; the e-mail's unique constraint settles races between two
/// sign-ups for the same address.
pub async fn create(
    db: &Db,
    email: &str,
    name: &str,
    password_hash: Option<&str>,
    role: Role,
) -> Result<Created, sqlx::Error> {
    let statement = Query::insert()
        .into_table(Users::Table)
        .columns([
            Users::Email,
            Users::Name,
            Users::PasswordHash,
            Users::Role,
            Users::CreatedAt,
        ])
        .values_panic([
            email.into(),
            name.into(),
            password_hash.map(str::to_owned).into(),
            role.as_str().into(),
            db::now().into(),
        ])
        .returning(Query::returning().columns([
            Users::Id,
            Users::Email,
            Users::Name,
            Users::PasswordHash,
            Users::Role,
        ]))
        .to_owned();
    match db.fetch_one::<UserRow>(&statement).await {
        Ok(user) => Ok(Created::Yes(user)),
        Err(e) if db::is_unique_violation(&e, "users_email_key", "users.email") => {
            Ok(Created::EmailTaken)
        }
        Err(e) => Err(e),
    }
}

/// Creates the configured admin account unless the e-mail already exists
/// (several shop processes may start at once). Answers whether it was created.
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
        ])
        .values_panic([
            email.into(),
            "Shop Admin".into(),
            password_hash.into(),
            "admin".into(),
            db::now().into(),
        ])
        .on_conflict(OnConflict::column(Users::Email).do_nothing().to_owned())
        .to_owned();
    Ok(db.execute(&statement).await? == 1)
}

/// Gives a user the admin role; answers how many rows changed (0 when they
/// already were an admin).
pub async fn make_admin(db: &Db, email: &str) -> Result<u64, sqlx::Error> {
    let statement = Query::update()
        .table(Users::Table)
        .value(Users::Role, "admin")
        .and_where(Expr::col(Users::Email).eq(email))
        .and_where(Expr::col(Users::Role).ne("admin"))
        .to_owned();
    db.execute(&statement).await
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
