//! Sign-ins in progress (`oidc_flows`) and finished ones waiting for the web
//! app to collect their token (`oidc_handoffs`). Each row is taken with one
//! `DELETE ... RETURNING`, so of two requests naming the same state or code
//! only one gets the row: states and codes work once.

use sea_query::{Expr, Iden, Query};

use crate::core::db::Db;

#[derive(Iden)]
enum OidcFlows {
    Table,
    State,
    BrowserHash,
    Nonce,
    PkceVerifier,
    Redirect,
    ExpiresAt,
}

#[derive(Iden)]
enum OidcHandoffs {
    Table,
    CodeHash,
    BrowserHash,
    UserId,
    Redirect,
    ExpiresAt,
}

/// A sign-in sent to the provider: what its answer is checked against.
#[derive(Debug, sqlx::FromRow)]
pub struct Flow {
    pub state: String,
    pub browser_hash: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub redirect: String,
    pub expires_at: i64,
}

/// A finished sign-in: whose it is and where the web app goes next.
#[derive(Debug, sqlx::FromRow)]
pub struct Handoff {
    pub browser_hash: String,
    pub user_id: i64,
    pub redirect: String,
    pub expires_at: i64,
}

/// Seconds since the Unix epoch.
pub fn unix_now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

pub async fn insert_flow(db: &Db, flow: &Flow) -> Result<(), sqlx::Error> {
    let statement = Query::insert()
        .into_table(OidcFlows::Table)
        .columns([
            OidcFlows::State,
            OidcFlows::BrowserHash,
            OidcFlows::Nonce,
            OidcFlows::PkceVerifier,
            OidcFlows::Redirect,
            OidcFlows::ExpiresAt,
        ])
        .values_panic([
            flow.state.clone().into(),
            flow.browser_hash.clone().into(),
            flow.nonce.clone().into(),
            flow.pkce_verifier.clone().into(),
            flow.redirect.clone().into(),
            flow.expires_at.into(),
        ])
        .to_owned();
    db.execute(&statement).await.map(|_| ())
}

/// Removes and answers the flow `state` names, expired or not.
pub async fn take_flow(db: &Db, state: &str) -> Result<Option<Flow>, sqlx::Error> {
    let statement = Query::delete()
        .from_table(OidcFlows::Table)
        .and_where(Expr::col(OidcFlows::State).eq(state))
        .returning(Query::returning().columns([
            OidcFlows::State,
            OidcFlows::BrowserHash,
            OidcFlows::Nonce,
            OidcFlows::PkceVerifier,
            OidcFlows::Redirect,
            OidcFlows::ExpiresAt,
        ]))
        .to_owned();
    db.fetch_optional(&statement).await
}

pub async fn insert_handoff(
    db: &Db,
    code_hash: &str,
    handoff: &Handoff,
) -> Result<(), sqlx::Error> {
    let statement = Query::insert()
        .into_table(OidcHandoffs::Table)
        .columns([
            OidcHandoffs::CodeHash,
            OidcHandoffs::BrowserHash,
            OidcHandoffs::UserId,
            OidcHandoffs::Redirect,
            OidcHandoffs::ExpiresAt,
        ])
        .values_panic([
            code_hash.into(),
            handoff.browser_hash.clone().into(),
            handoff.user_id.into(),
            handoff.redirect.clone().into(),
            handoff.expires_at.into(),
        ])
        .to_owned();
    db.execute(&statement).await.map(|_| ())
}

/// Removes and answers the hand-off whose code hashes to `code_hash`.
pub async fn take_handoff(db: &Db, code_hash: &str) -> Result<Option<Handoff>, sqlx::Error> {
    let statement = Query::delete()
        .from_table(OidcHandoffs::Table)
        .and_where(Expr::col(OidcHandoffs::CodeHash).eq(code_hash))
        .returning(Query::returning().columns([
            OidcHandoffs::BrowserHash,
            OidcHandoffs::UserId,
            OidcHandoffs::Redirect,
            OidcHandoffs::ExpiresAt,
        ]))
        .to_owned();
    db.fetch_optional(&statement).await
}

/// Forgets sign-ins that were abandoned at the provider or never collected.
pub async fn delete_expired(db: &Db) -> Result<u64, sqlx::Error> {
    let now = unix_now();
    let flows = Query::delete()
        .from_table(OidcFlows::Table)
        .and_where(Expr::col(OidcFlows::ExpiresAt).lt(now))
        .to_owned();
    let handoffs = Query::delete()
        .from_table(OidcHandoffs::Table)
        .and_where(Expr::col(OidcHandoffs::ExpiresAt).lt(now))
        .to_owned();
    Ok(db.execute(&flows).await? + db.execute(&handoffs).await?)
}
