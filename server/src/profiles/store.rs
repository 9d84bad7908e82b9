//! Every query of the profiles.

use sea_query::{Expr, Iden, OnConflict, Query};

use super::{Profile, ProfileRequest};
use crate::core::db::{self, Db};

#[derive(Iden)]
enum Profiles {
    Table,
    Id,
    UserId,
    Education,
    Location,
    City,
    Phone,
    Linkedin,
    Img,
    CreatedAt,
    UpdatedAt,
}

#[derive(sqlx::FromRow)]
pub(super) struct ProfileRow {
    id: i64,
    pub(super) user_id: i64,
    education: String,
    location: String,
    city: String,
    phone: String,
    linkedin: String,
    img: String,
    updated_at: String,
}

impl From<ProfileRow> for Profile {
    fn from(r: ProfileRow) -> Self {
        Profile {
            id: r.id.to_string(),
            education: r.education,
            location: r.location,
            city: r.city,
            phone: r.phone,
            linkedin: r.linkedin,
            img: r.img,
            updated_at: r.updated_at,
        }
    }
}

const COLUMNS: [Profiles; 9] = [
    Profiles::Id,
    Profiles::UserId,
    Profiles::Education,
    Profiles::Location,
    Profiles::City,
    Profiles::Phone,
    Profiles::Linkedin,
    Profiles::Img,
    Profiles::UpdatedAt,
];

/// Saves the user's profile (a second save replaces the first's fields),
/// answering its id.
pub(super) async fn save(db: &Db, user_id: i64, sent: ProfileRequest) -> Result<i64, sqlx::Error> {
    let ProfileRequest {
        education,
        location,
        city,
        phone,
        linkedin,
        img,
    } = sent;

    let now = db::now();
    let statement = Query::insert()
        .into_table(Profiles::Table)
        .columns([
            Profiles::UserId,
            Profiles::Education,
            Profiles::Location,
            Profiles::City,
            Profiles::Phone,
            Profiles::Linkedin,
            Profiles::Img,
            Profiles::CreatedAt,
            Profiles::UpdatedAt,
        ])
        .values_panic([
            user_id.into(),
            education.into(),
            location.into(),
            city.into(),
            phone.into(),
            linkedin.into(),
            img.into(),
            now.clone().into(),
            now.into(),
        ])
        .on_conflict(
            OnConflict::column(Profiles::UserId)
                .update_columns([
                    Profiles::Education,
                    Profiles::Location,
                    Profiles::City,
                    Profiles::Phone,
                    Profiles::Linkedin,
                    Profiles::Img,
                    Profiles::UpdatedAt,
                ])
                .to_owned(),
        )
        .returning_col(Profiles::Id)
        .to_owned();
    let (id,): (i64,) = db.fetch_one(&statement).await?;
    Ok(id)
}

/// The user's profile, if they saved one.
pub(super) async fn of_user(db: &Db, user_id: i64) -> Result<Option<ProfileRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(Profiles::Table)
        .and_where(Expr::col(Profiles::UserId).eq(user_id))
        .to_owned();
    db.fetch_optional(&select).await
}

/// The profile `id`.
pub(super) async fn by_id(db: &Db, id: i64) -> Result<Option<ProfileRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(Profiles::Table)
        .and_where(Expr::col(Profiles::Id).eq(id))
        .to_owned();
    db.fetch_optional(&select).await
}
