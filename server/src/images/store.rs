//! Every query of the images.

use sea_query::{Expr, Iden, OnConflict, Query};

use crate::core::db::{self, Db};

#[derive(Iden)]
enum Images {
    Table,
    Name,
    ContentType,
    Bytes,
    CreatedAt,
}

#[derive(sqlx::FromRow)]
pub(super) struct ImageRow {
    pub(super) content_type: String,
    pub(super) bytes: Vec<u8>,
}

/// Keeps an encoded image under `name` (its content's hash: the same
/// image stored twice is kept once).
pub(super) async fn insert(
    db: &Db,
    name: &str,
    content_type: &str,
    encoded: Vec<u8>,
) -> Result<(), sqlx::Error> {
    let statement = Query::insert()
        .into_table(Images::Table)
        .columns([
            Images::Name,
            Images::ContentType,
            Images::Bytes,
            Images::CreatedAt,
        ])
        .values_panic([
            name.into(),
            content_type.into(),
            encoded.into(),
            db::now().into(),
        ])
        .on_conflict(OnConflict::column(Images::Name).do_nothing().to_owned())
        .to_owned();
    db.execute(&statement).await?;
    Ok(())
}

/// The image called `name`.
pub(super) async fn find(db: &Db, name: &str) -> Result<Option<ImageRow>, sqlx::Error> {
    let select = Query::select()
        .columns([Images::ContentType, Images::Bytes])
        .from(Images::Table)
        .and_where(Expr::col(Images::Name).eq(name))
        .to_owned();
    db.fetch_optional(&select).await
}
