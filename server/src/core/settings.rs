//! The settings an admin keeps (the trade counter, the return policy):
//! each one JSON value under its key in the `settings` table, read and
//! written on the caller's connection, so a write can share the
//! transaction of what it goes with (its audit record).

use sea_query::{Expr, Iden, OnConflict, Query};
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::db::Db;

#[derive(Iden)]
enum Settings {
    Table,
    Key,
    Value,
}

/// The value kept under `key`. None when nothing is kept, or when what is
/// kept cannot be read as a `T` (said in the log): the caller's default
/// then applies.
pub async fn read_on<T: DeserializeOwned>(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    key: &str,
) -> Result<Option<T>, sqlx::Error> {
    let select = Query::select()
        .column(Settings::Value)
        .from(Settings::Table)
        .and_where(Expr::col(Settings::Key).eq(key))
        .to_owned();
    let stored: Option<(String,)> = db.fetch_optional_on(conn, &select).await?;
    Ok(stored.and_then(|(json,)| {
        serde_json::from_str(&json)
            .map_err(|e| tracing::error!(setting = key, error = %e, "a stored setting cannot be read; using the default"))
            .ok()
    }))
}

/// Keeps `value` under `key`, in place of what was kept.
pub async fn write_on<T: Serialize>(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
    key: &str,
    value: &T,
) -> Result<(), sqlx::Error> {
    let json = serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
    let upsert = Query::insert()
        .into_table(Settings::Table)
        .columns([Settings::Key, Settings::Value])
        .values_panic([key.into(), json.into()])
        .on_conflict(
            OnConflict::column(Settings::Key)
                .update_column(Settings::Value)
                .to_owned(),
        )
        .to_owned();
    db.execute_on(conn, &upsert).await?;
    Ok(())
}
