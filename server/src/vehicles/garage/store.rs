//! Every query of My Garage, and the one write transaction that adds,
//! merges or edits a vehicle.

use sea_query::{Expr, Iden, Order, Query};
use sqlx::Any;

use super::{Vehicle, MAX_VEHICLES};
use crate::core::db::{self, Backend, Db};
use crate::users;

#[derive(Iden)]
enum GarageVehicles {
    Table,
    Id,
    UserId,
    Nickname,
    Year,
    Make,
    Model,
    Engine,
    Trim,
    Vin,
    VehicleKey,
    IsCurrent,
    CreatedAt,
    UpdatedAt,
}

const COLUMNS: [GarageVehicles; 12] = [
    GarageVehicles::Id,
    GarageVehicles::UserId,
    GarageVehicles::Nickname,
    GarageVehicles::Year,
    GarageVehicles::Make,
    GarageVehicles::Model,
    GarageVehicles::Engine,
    GarageVehicles::Trim,
    GarageVehicles::Vin,
    GarageVehicles::IsCurrent,
    GarageVehicles::CreatedAt,
    GarageVehicles::UpdatedAt,
];

#[derive(sqlx::FromRow)]
pub(super) struct VehicleRow {
    pub(super) id: i64,
    #[allow(dead_code)]
    pub(super) user_id: i64,
    pub(super) nickname: Option<String>,
    pub(super) year: i64,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) engine: Option<String>,
    pub(super) trim: Option<String>,
    pub(super) vin: Option<String>,
    pub(super) is_current: i64,
    pub(super) created_at: String,
    pub(super) updated_at: String,
}

fn select(user_id: i64) -> sea_query::SelectStatement {
    Query::select()
        .columns(COLUMNS)
        .from(GarageVehicles::Table)
        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
        .to_owned()
}

/// What `save` is asked to do.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Saving {
    Add,
    Merge,
    Edit(i64),
}

/// How `save` ended.
pub(super) enum Saved {
    /// Added (or, for an edit, changed): the vehicle now.
    Added(VehicleRow),
    /// The garage already has this vehicle (another one, for an edit): that
    /// vehicle; a merge has made it current.
    Kept(VehicleRow),
    /// The garage is full.
    Full,
    /// The vehicle to edit is not in the garage.
    NotFound,
}

/// Adds, merges or edits a vehicle in one write transaction. On PostgreSQL
/// the account's row is locked first, so two requests at once cannot both
/// pass the count or both add the same vehicle.
pub(super) async fn save(
    db: &Db,
    user_id: i64,
    vehicle: &Vehicle,
    saving: Saving,
) -> Result<Saved, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    lock_garage(db, &mut tx, user_id).await?;
    let key = vehicle.key();
    let same: Option<VehicleRow> = db
        .fetch_optional_on(
            &mut *tx,
            &select(user_id)
                .and_where(Expr::col(GarageVehicles::VehicleKey).eq(key.clone()))
                .to_owned(),
        )
        .await?;
    let now = db::now();
    let fields = || {
        [
            (GarageVehicles::Nickname, vehicle.nickname.clone().into()),
            (GarageVehicles::Year, vehicle.year.into()),
            (GarageVehicles::Make, vehicle.make.clone().into()),
            (GarageVehicles::Model, vehicle.model.clone().into()),
            (GarageVehicles::Engine, vehicle.engine.clone().into()),
            (GarageVehicles::Trim, vehicle.trim.clone().into()),
            (GarageVehicles::Vin, vehicle.vin.clone().into()),
            (GarageVehicles::VehicleKey, key.clone().into()),
        ]
    };
    let id = match (saving, same) {
        (Saving::Edit(id), same) => {
            if same.as_ref().is_some_and(|s| s.id != id) {
                return Ok(Saved::Kept(same.expect("checked above")));
            }
            let mut values: Vec<(GarageVehicles, sea_query::SimpleExpr)> = fields().into();
            values.push((GarageVehicles::UpdatedAt, now.into()));
            let changed = db
                .execute_on(
                    &mut *tx,
                    &Query::update()
                        .table(GarageVehicles::Table)
                        .values(values)
                        .and_where(Expr::col(GarageVehicles::Id).eq(id))
                        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
                        .to_owned(),
                )
                .await?;
            if changed == 0 {
                return Ok(Saved::NotFound);
            }
            id
        }
        (Saving::Add, Some(same)) => return Ok(Saved::Kept(same)),
        (Saving::Merge, Some(same)) => {
            set_current(db, &mut tx, user_id, same.id).await?;
            let row = find_on(db, &mut tx, user_id, same.id)
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            tx.commit().await?;
            return Ok(Saved::Kept(row));
        }
        (Saving::Add | Saving::Merge, None) => {
            let (count, current): (i64, i64) = db
                .fetch_optional_on(
                    &mut *tx,
                    &Query::select()
                        .expr(Expr::col(GarageVehicles::Id).count())
                        .expr(Expr::cust("COALESCE(MAX(is_current), 0)"))
                        .from(GarageVehicles::Table)
                        .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
                        .to_owned(),
                )
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            if count >= MAX_VEHICLES {
                return Ok(Saved::Full);
            }
            let (columns, mut values): (Vec<_>, Vec<sea_query::SimpleExpr>) =
                fields().into_iter().unzip();
            values.extend([user_id.into(), now.clone().into(), now.into()]);
            let mut columns = columns;
            columns.extend([
                GarageVehicles::UserId,
                GarageVehicles::CreatedAt,
                GarageVehicles::UpdatedAt,
            ]);
            let (id,): (i64,) = db
                .fetch_optional_on(
                    &mut *tx,
                    &Query::insert()
                        .into_table(GarageVehicles::Table)
                        .columns(columns)
                        .values_panic(values)
                        .returning_col(GarageVehicles::Id)
                        .to_owned(),
                )
                .await?
                .ok_or(sqlx::Error::RowNotFound)?;
            if saving == Saving::Merge || current == 0 {
                set_current(db, &mut tx, user_id, id).await?;
            }
            id
        }
    };
    let row = find_on(db, &mut tx, user_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(Saved::Added(row))
}

async fn find_on(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
    id: i64,
) -> Result<Option<VehicleRow>, sqlx::Error> {
    db.fetch_optional_on(
        &mut **tx,
        &select(user_id)
            .and_where(Expr::col(GarageVehicles::Id).eq(id))
            .to_owned(),
    )
    .await
}

/// Takes the account's garage for the rest of the write transaction: on
/// PostgreSQL the account's row is locked (SQLite writes one transaction at
/// a time already), so two changes to one garage at once are made one after
/// the other. Without it two switches of the current vehicle at once each
/// cleared the vehicle current when they began and set their own, and the
/// second met the one-current-vehicle index (a 500).
async fn lock_garage(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
) -> Result<(), sqlx::Error> {
    if db.backend == Backend::Postgres {
        users::lock(db, &mut **tx, user_id).await?;
    }
    Ok(())
}

/// Makes `id` the account's current vehicle: the one before it stops being
/// current first, so at no moment are two current. The caller has taken the
/// garage (`lock_garage`).
async fn set_current(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: i64,
    id: i64,
) -> Result<(), sqlx::Error> {
    db.execute_on(
        &mut **tx,
        &Query::update()
            .table(GarageVehicles::Table)
            .value(GarageVehicles::IsCurrent, 0)
            .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
            .and_where(Expr::col(GarageVehicles::IsCurrent).eq(1))
            .and_where(Expr::col(GarageVehicles::Id).ne(id))
            .to_owned(),
    )
    .await?;
    db.execute_on(
        &mut **tx,
        &Query::update()
            .table(GarageVehicles::Table)
            .value(GarageVehicles::IsCurrent, 1)
            .and_where(Expr::col(GarageVehicles::Id).eq(id))
            .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
            .to_owned(),
    )
    .await?;
    Ok(())
}

/// The account's vehicles, oldest first.
pub(super) async fn list_of_user(db: &Db, user_id: i64) -> Result<Vec<VehicleRow>, sqlx::Error> {
    db.fetch_all(
        &select(user_id)
            .order_by(GarageVehicles::Id, Order::Asc)
            .to_owned(),
    )
    .await
}

/// Removes the account's vehicle `id`, answering how many went (0 or 1);
/// when it was current, no vehicle is.
pub(super) async fn delete(db: &Db, user_id: i64, id: i64) -> Result<u64, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    lock_garage(db, &mut tx, user_id).await?;
    let deleted_count = db
        .execute_on(
            &mut *tx,
            &Query::delete()
                .from_table(GarageVehicles::Table)
                .and_where(Expr::col(GarageVehicles::Id).eq(id))
                .and_where(Expr::col(GarageVehicles::UserId).eq(user_id))
                .to_owned(),
        )
        .await?;
    if deleted_count > 0 {
        tx.commit().await?;
    }
    Ok(deleted_count)
}

/// Makes the account's vehicle `id` the current one (and no other),
/// answering it; None: the account has no such vehicle.
pub(super) async fn make_current(
    db: &Db,
    user_id: i64,
    id: i64,
) -> Result<Option<VehicleRow>, sqlx::Error> {
    let (_turn, mut tx) = db.begin_write().await?;
    lock_garage(db, &mut tx, user_id).await?;
    if find_on(db, &mut tx, user_id, id).await?.is_none() {
        return Ok(None);
    }
    set_current(db, &mut tx, user_id, id).await?;
    let row = find_on(db, &mut tx, user_id, id).await?;
    tx.commit().await?;
    Ok(row)
}
