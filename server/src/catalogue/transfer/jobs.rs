//! A checked catalogue file applied as a job (D44): a batch of rows at a
//! time, each batch in its own write transaction together with the job's
//! progress, so orders wait behind one batch at most, never behind a whole
//! import, and a shop that stops midway goes on from the next batch when it
//! starts again. Applying a row is the same whether or not it was applied
//! before (a part number the shop has is updated to the row, its stock never
//! written), so a batch written twice would change nothing; the progress
//! committed with each batch means none is.
//!
//! The file waits in the data folder's `imports/` while its job runs. The
//! process that holds it runs the job; a job whose process stopped answering
//! (no batch for `ABANDONED_AFTER`) and whose file no process here holds is
//! told as cut.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sea_query::{Expr, Iden, Order, Query};
use serde::Serialize;
use serde_json::json;
use tokio::sync::oneshot;
use utoipa::ToSchema;

use super::import::{field_changes, row_conflict, ImportResult, ImportedPart};
use super::*;
use crate::app::state::AppState;
use crate::audit::{self, Actor, Entry};
use crate::core::caller::{still_admin, CurrentUser};
use crate::core::db::{self, Db};
use crate::core::error::{ApiError, ApiResult};

/// Most rows written in one transaction.
pub const BATCH: usize = 200;

/// Longest a batch holds the write turn before it commits what it has
/// written (at least one row): an order waiting for the turn behind it
/// waits about this long, however slow the rows are to write.
pub const BATCH_TIME: Duration = Duration::from_millis(100);

/// A running job whose progress has not moved for this long has lost the
/// process that ran it.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(60);

/// Most jobs `GET /api/admin/parts/imports` lists.
pub const LISTED: u64 = 20;

#[derive(Iden, Clone, Copy)]
pub enum CatalogueImports {
    Table,
    Id,
    State,
    DryRun,
    FileName,
    ByUserId,
    ByEmail,
    RowsTotal,
    RowsDone,
    Added,
    Updated,
    Unchanged,
    AddedParts,
    UpdatedParts,
    Error,
    StartedAt,
    UpdatedAt,
    FinishedAt,
}

crate::stored_row! {
    /// An import's job as stored.
    #[derive(Debug, Clone)]
    pub struct JobRow, columns COLUMNS: CatalogueImports {
        id: i64 = Id,
        state: String = State,
        dry_run: i64 = DryRun,
        file_name: String = FileName,
        by_user_id: i64 = ByUserId,
        by_email: String = ByEmail,
        rows_total: i64 = RowsTotal,
        rows_done: i64 = RowsDone,
        added: i64 = Added,
        updated: i64 = Updated,
        unchanged: i64 = Unchanged,
        added_parts: String = AddedParts,
        updated_parts: String = UpdatedParts,
        error: Option<String> = Error,
        started_at: String = StartedAt,
        updated_at: String = UpdatedAt,
        finished_at: Option<String> = FinishedAt,
    }
}

/// A job's states.
pub const RUNNING: &str = "running";
pub const DONE: &str = "done";
pub const FAILED: &str = "failed";
pub const CUT: &str = "cut";

/// An import as the admin sees it while it runs and after.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportJob {
    #[serde(rename = "_id")]
    #[schema(example = "7")]
    pub id: String,
    /// `running`, then `done`; `failed` when a batch could not be written
    /// (`error` says why; the rows before `rowsDone` were imported); `cut`
    /// when the shop running it stopped and its file is gone.
    #[schema(example = "running")]
    pub state: String,
    /// True: only checked and counted, nothing is written.
    pub dry_run: bool,
    /// The file's rows.
    #[schema(example = 80000)]
    pub rows: i64,
    /// Rows applied (on a dry run: counted) so far.
    #[schema(example = 12600)]
    pub rows_done: i64,
    pub added: i64,
    pub updated: i64,
    pub unchanged: i64,
    /// The parts added, in file order (the first 100).
    pub added_parts: Vec<ImportedPart>,
    /// The known parts whose fields changed (the first 100).
    pub updated_parts: Vec<ImportedPart>,
    pub error: Option<String>,
    /// The admin who started it.
    #[schema(example = "admin@example.com")]
    pub by: String,
    pub started_at: String,
    /// When it last moved.
    pub updated_at: String,
    pub finished_at: Option<String>,
}

/// The last imports, newest first.
#[derive(Serialize, ToSchema)]
pub struct ImportJobs {
    pub imports: Vec<ImportJob>,
}

impl JobRow {
    fn named(json: &str) -> Vec<ImportedPart> {
        serde_json::from_str(json).unwrap_or_default()
    }

    pub fn view(&self) -> ImportJob {
        ImportJob {
            id: self.id.to_string(),
            state: self.state.clone(),
            dry_run: self.dry_run != 0,
            rows: self.rows_total,
            rows_done: self.rows_done,
            added: self.added,
            updated: self.updated,
            unchanged: self.unchanged,
            added_parts: Self::named(&self.added_parts),
            updated_parts: Self::named(&self.updated_parts),
            error: self.error.clone(),
            by: self.by_email.clone(),
            started_at: self.started_at.clone(),
            updated_at: self.updated_at.clone(),
            finished_at: self.finished_at.clone(),
        }
    }

    fn result(&self, progress: &Progress) -> ImportResult {
        ImportResult {
            added: progress.added as u64,
            updated: progress.updated as u64,
            unchanged: progress.unchanged as u64,
            added_parts: progress.added_parts.clone(),
            updated_parts: progress.updated_parts.clone(),
            dry_run: self.dry_run != 0,
        }
    }
}

/// Where files wait while their jobs run.
pub fn folder(data_dir: &Path) -> PathBuf {
    data_dir.join("imports")
}

/// A job's counts so far, written with each batch.
#[derive(Clone, Default)]
pub(super) struct Progress {
    pub(super) rows_done: i64,
    pub(super) added: i64,
    pub(super) updated: i64,
    pub(super) unchanged: i64,
    pub(super) added_parts: Vec<ImportedPart>,
    pub(super) updated_parts: Vec<ImportedPart>,
}

impl Progress {
    /// The audit record of an import over, by `by`, naming what it came
    /// from (`source`: `job` or `file`, with its id or name).
    pub(super) fn imported<'a>(&self, by: Actor<'a>, source: &str, of: String) -> Entry<'a> {
        Entry {
            by,
            action: audit::PARTS_IMPORTED,
            subject_type: "catalogue",
            subject_id: "import".into(),
            before: None,
            after: Some(json!({
                source: of,
                "added": self.added,
                "updated": self.updated,
                "unchanged": self.unchanged,
                "addedSkus": self.added_parts.iter().map(|p| &p.sku).collect::<Vec<_>>(),
                "updatedSkus": self.updated_parts.iter().map(|p| &p.sku).collect::<Vec<_>>(),
            })),
        }
    }

    fn of(job: &JobRow) -> Progress {
        Progress {
            rows_done: job.rows_done,
            added: job.added,
            updated: job.updated,
            unchanged: job.unchanged,
            added_parts: JobRow::named(&job.added_parts),
            updated_parts: JobRow::named(&job.updated_parts),
        }
    }
}

/// Stores a job for a checked file of `rows` rows, kept as `file` in the
/// imports folder, started by `admin`, whose role is checked in the same
/// transaction.
pub async fn create(
    db: &Db,
    file_name: &str,
    rows: u64,
    dry_run: bool,
    admin: &CurrentUser,
) -> ApiResult<JobRow> {
    let now = db::now();
    let insert = Query::insert()
        .into_table(CatalogueImports::Table)
        .columns([
            CatalogueImports::State,
            CatalogueImports::DryRun,
            CatalogueImports::FileName,
            CatalogueImports::ByUserId,
            CatalogueImports::ByEmail,
            CatalogueImports::RowsTotal,
            CatalogueImports::StartedAt,
            CatalogueImports::UpdatedAt,
        ])
        .values_panic([
            RUNNING.into(),
            i64::from(dry_run).into(),
            file_name.into(),
            admin.id.into(),
            admin.email.clone().into(),
            (rows as i64).into(),
            now.clone().into(),
            now.into(),
        ])
        .returning(Query::returning().columns(COLUMNS))
        .to_owned();
    let (_turn, mut tx) = db.begin_write().await?;
    still_admin(db, &mut tx, admin).await?;
    let job: JobRow = db
        .fetch_optional_on(&mut *tx, &insert)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(job)
}

pub async fn find(db: &Db, id: i64) -> Result<Option<JobRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(CatalogueImports::Table)
        .and_where(Expr::col(CatalogueImports::Id).eq(id))
        .to_owned();
    db.fetch_optional(&select).await
}

pub async fn latest(db: &Db) -> Result<Vec<JobRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(CatalogueImports::Table)
        .order_by(CatalogueImports::Id, Order::Desc)
        .limit(LISTED)
        .to_owned();
    db.fetch_all(&select).await
}

/// How a job's run ended.
pub enum Ended {
    Done(ImportResult),
    /// The shop is stopping: the job goes on at the next start.
    Stopped,
    /// Another process took the job over, or it was told as cut.
    NotOurs,
}

/// Runs `job` (from its first row not yet applied) and tells `done`, when
/// given, how it ended: the result, or the error that failed it. The file is
/// deleted once the job is over.
pub async fn run(
    state: AppState,
    job: JobRow,
    done: Option<oneshot::Sender<ApiResult<ImportResult>>>,
) {
    if let Err(e) = state.db.importing(true).await {
        tracing::warn!(job = job.id, error = %e, "cannot give the import its page cache");
    }
    let ended = apply(&state, &job).await;
    if let Err(e) = state.db.importing(false).await {
        tracing::warn!(job = job.id, error = %e, "cannot take back the import's page cache");
    }
    let answer = match ended {
        Ok(Ended::Done(result)) => {
            tracing::info!(job = job.id, by = %job.by_email, added = result.added,
                updated = result.updated, unchanged = result.unchanged,
                dry_run = result.dry_run, "catalogue imported");
            Some(Ok(result))
        }
        Ok(Ended::Stopped) => {
            tracing::info!(
                job = job.id,
                "catalogue import paused until the shop starts again"
            );
            return;
        }
        Ok(Ended::NotOurs) => None,
        Err(error) => {
            tracing::warn!(job = job.id, error = %error, "catalogue import failed");
            if let Err(e) = finish_failed(&state.db, &job, &error).await {
                tracing::error!(job = job.id, error = %e, "cannot record the import's failure");
            }
            Some(Err(error))
        }
    };
    forget_file(&state, &job.file_name).await;
    if let (Some(done), Some(answer)) = (done, answer) {
        let _ = done.send(answer);
    }
}

async fn forget_file(state: &AppState, file_name: &str) {
    let path = folder(&state.config.data_dir).join(file_name);
    if let Err(e) = tokio::fs::remove_file(&path).await {
        if e.kind() != std::io::ErrorKind::NotFound {
            tracing::warn!(file = %path.display(), error = %e, "cannot delete an import's file");
        }
    }
}

/// Errors worth waiting out: the database away or busy for a moment.
fn passing(error: &ApiError) -> bool {
    matches!(error, ApiError::Unavailable(_) | ApiError::Busy { .. })
}

/// How often a batch is tried again when the database is away or busy, a
/// second apart, before the job fails.
const PATIENCE: u32 = 30;

async fn apply(state: &AppState, job: &JobRow) -> ApiResult<Ended> {
    let stopped =
        |e: tokio::task::JoinError| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}"));
    let path = folder(&state.config.data_dir).join(&job.file_name);
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            return Err(ApiError::Internal(anyhow::anyhow!(
                "the import's file {} cannot be read: {e}",
                path.display()
            )))
        }
    };
    let rows = tokio::task::spawn_blocking(move || Rows::open(file))
        .await
        .map_err(stopped)?
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("a checked file no longer reads")))?;
    let mut progress = Progress::of(job);
    let mut skip = job.rows_done as usize;
    let mut rows = Some(rows);
    // Rows read and not yet written.
    let mut pending: Vec<ImportRow> = Vec::new();
    loop {
        if state.background.stop.is_cancelled() {
            return Ok(Ended::Stopped);
        }
        let next_rows = if pending.is_empty() {
            rows.take()
        } else {
            None
        };
        if let Some(reading) = next_rows {
            let (batch, reading, left) =
                tokio::task::spawn_blocking(move || read_batch(reading, skip))
                    .await
                    .map_err(stopped)?;
            skip = left;
            pending = batch;
            rows = reading;
        }
        let read_all = rows.is_none();
        let mut tries = 0;
        let written = loop {
            match write_batch(&state.db, job, &pending, &progress, read_all).await {
                Ok(written) => break written,
                // A part number added meanwhile by someone else is known now.
                Err(e) if tries == 0 && matches!(e, ApiError::Conflict(_)) => tries += 1,
                Err(e) if tries < PATIENCE && passing(&e) => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                Err(e) => return Err(e),
            }
        };
        let Some((next, consumed)) = written else {
            return Ok(Ended::NotOurs);
        };
        pending.drain(..consumed);
        let wrote = next.added + next.updated > progress.added + progress.updated;
        progress = next;
        if wrote && job.dry_run == 0 {
            state.catalogue.invalidate().await;
        }
        if read_all && pending.is_empty() {
            break;
        }
    }
    Ok(Ended::Done(job.result(&progress)))
}

/// Reads the next `BATCH` rows of a checked file, past the first `skip`
/// (applied before the shop stopped): the rows, the rest of the file when
/// there is more, and how many rows are still to skip.
pub(super) fn read_batch(
    mut reading: Rows<std::fs::File>,
    mut skip: usize,
) -> (Vec<ImportRow>, Option<Rows<std::fs::File>>, usize) {
    let mut batch = Vec::with_capacity(BATCH);
    for read in reading.by_ref() {
        match read {
            Read1::Row(_) if skip > 0 => skip -= 1,
            Read1::Row(row) => batch.push(*row),
            // Checked before: nothing else is left to read.
            Read1::Wrong(_) | Read1::Unreadable(_) => {}
        }
        if batch.len() == BATCH {
            return (batch, Some(reading), skip);
        }
    }
    (batch, None, skip)
}

/// Applies the first rows of `batch` in one write transaction with the
/// job's progress after them (rolled back on a dry run, whose progress is
/// then written alone): as many as `BATCH_TIME` allows, at least one. The
/// last batch of the file (`read_all`, and every row of `batch` written)
/// marks the job done and writes its audit record. Answers the progress
/// after it and how many rows it wrote, or None when the job is no longer
/// this run's to write (its progress moved, or it was told as cut).
async fn write_batch(
    db: &Db,
    job: &JobRow,
    batch: &[ImportRow],
    before: &Progress,
    read_all: bool,
) -> ApiResult<Option<(Progress, usize)>> {
    let mut progress = before.clone();
    let (turn, mut tx) = db.begin_write().await?;
    let until = std::time::Instant::now() + BATCH_TIME;
    store::take_import_turn(db, &mut tx).await?;
    let consumed = apply_rows(db, &mut tx, batch, &mut progress, Some(until)).await?;
    let last = read_all && consumed == batch.len();
    if job.dry_run != 0 {
        tx.rollback().await?;
        drop(turn);
        let (_turn, mut tx) = db.begin_write().await?;
        if !record_progress(db, &mut tx, job, before, &progress, last).await? {
            return Ok(None);
        }
        tx.commit().await?;
        return Ok(Some((progress, consumed)));
    }
    if !record_progress(db, &mut tx, job, before, &progress, last).await? {
        return Ok(None);
    }
    if last {
        let by = Actor::StartedBy {
            id: job.by_user_id,
            email: &job.by_email,
        };
        let entry = progress.imported(by, "job", job.id.to_string());
        audit::record(db, &mut tx, entry).await?;
    }
    tx.commit().await?;
    Ok(Some((progress, consumed)))
}

/// Applies the first rows of `rows` in `tx`: a known part number's fields
/// updated (never its stock), the new part numbers added together after
/// them; from the second row on it stops once `until` has passed. Counts
/// each row in `progress` and answers how many rows it applied.
pub(super) async fn apply_rows(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    rows: &[ImportRow],
    progress: &mut Progress,
    until: Option<std::time::Instant>,
) -> ApiResult<usize> {
    let skus: Vec<String> = rows.iter().map(|r| r.sku.clone()).collect();
    let known = store::ids_by_sku_on(db, tx, skus).await?;
    let mut consumed = 0;
    // New parts are added together after the updates, a handful of
    // statements for all of them (the check refused a file naming a part
    // number twice, so none of them is among the updates).
    let mut adding: Vec<&ImportRow> = Vec::new();
    for row in rows {
        if consumed > 0 && until.is_some_and(|until| std::time::Instant::now() >= until) {
            break;
        }
        consumed += 1;
        match known.get(&row.sku) {
            Some(&id) => {
                // Never the stock: it moves only through events (D16).
                let (edited, change) =
                    store::update_on(db, tx, id, |current| row.sent.over(current), None)
                        .await
                        .map_err(|e| row_conflict(e, row))?;
                if edited == (Edited::Done { modified: true }) {
                    progress.updated += 1;
                    if let (Some((before, after)), true) = (
                        change,
                        progress.updated_parts.len() < import::MAX_NAMED_PARTS,
                    ) {
                        progress.updated_parts.push(ImportedPart {
                            sku: row.sku.clone(),
                            name: after.name.clone(),
                            changes: field_changes(&before, &after),
                        });
                    }
                } else {
                    progress.unchanged += 1;
                }
            }
            None => adding.push(row),
        }
    }
    add_together(db, tx, adding, progress).await?;
    progress.rows_done += consumed as i64;
    Ok(consumed)
}

/// Adds the new parts of `adding` in one go, counting (and naming, up to
/// the first 100) each as added.
async fn add_together(
    db: &Db,
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    adding: Vec<&ImportRow>,
    progress: &mut Progress,
) -> ApiResult<()> {
    let (Some(first), Some(last)) = (adding.first(), adding.last()) else {
        return Ok(());
    };
    let parts: Vec<_> = adding.iter().map(|row| new_part(&row.sent)).collect();
    if let Err(e) = store::insert_many_on(db, tx, &parts).await {
        if adding.len() > 1 && store::is_sku_taken(&e) {
            // Added meanwhile by someone else: the batch is tried again,
            // and then knows it.
            return Err(ApiError::Conflict(format!(
                "Rows {} to {}: another part already has one of their part numbers",
                first.row, last.row
            )));
        }
        return Err(row_conflict(e, first));
    }
    for (row, part) in adding.iter().zip(parts) {
        progress.added += 1;
        if progress.added_parts.len() < import::MAX_NAMED_PARTS {
            progress.added_parts.push(ImportedPart {
                sku: row.sku.clone(),
                name: part.name,
                changes: Vec::new(),
            });
        }
    }
    Ok(())
}

/// Writes the job's progress after a batch, only if it is still running and
/// where `before` left it (so two runs of one job never both write a batch);
/// the last batch marks it done. Answers whether it was written.
async fn record_progress(
    db: &Db,
    tx: &mut sqlx::AnyConnection,
    job: &JobRow,
    before: &Progress,
    after: &Progress,
    last: bool,
) -> ApiResult<bool> {
    let now = db::now();
    let named = |parts: &Vec<ImportedPart>| serde_json::to_string(parts).unwrap_or_default();
    let mut update = Query::update()
        .table(CatalogueImports::Table)
        .values([
            (CatalogueImports::RowsDone, after.rows_done.into()),
            (CatalogueImports::Added, after.added.into()),
            (CatalogueImports::Updated, after.updated.into()),
            (CatalogueImports::Unchanged, after.unchanged.into()),
            (
                CatalogueImports::AddedParts,
                named(&after.added_parts).into(),
            ),
            (
                CatalogueImports::UpdatedParts,
                named(&after.updated_parts).into(),
            ),
            (CatalogueImports::UpdatedAt, now.clone().into()),
        ])
        .and_where(Expr::col(CatalogueImports::Id).eq(job.id))
        .and_where(Expr::col(CatalogueImports::State).eq(RUNNING))
        .and_where(Expr::col(CatalogueImports::RowsDone).eq(before.rows_done))
        .to_owned();
    if last {
        update.values([
            (CatalogueImports::State, DONE.into()),
            (CatalogueImports::FinishedAt, now.into()),
        ]);
    }
    Ok(db.execute_on(&mut *tx, &update).await? == 1)
}

/// Marks a running job as ended with `state` and `error`.
async fn end(db: &Db, id: i64, state: &str, error: &str) -> Result<u64, sqlx::Error> {
    let now = db::now();
    let update = Query::update()
        .table(CatalogueImports::Table)
        .values([
            (CatalogueImports::State, state.into()),
            (CatalogueImports::Error, error.into()),
            (CatalogueImports::UpdatedAt, now.clone().into()),
            (CatalogueImports::FinishedAt, now.into()),
        ])
        .and_where(Expr::col(CatalogueImports::Id).eq(id))
        .and_where(Expr::col(CatalogueImports::State).eq(RUNNING))
        .to_owned();
    db.execute(&update).await
}

async fn finish_failed(db: &Db, job: &JobRow, error: &ApiError) -> Result<(), sqlx::Error> {
    let done = find(db, job.id).await?.map_or(0, |job| job.rows_done);
    let why = match error {
        ApiError::Internal(_) => "the shop could not write it".to_owned(),
        other => other.to_string(),
    };
    let message = format!(
        "The import stopped after {} of {} rows: {why}. Those rows were imported; import the file again to finish it.",
        group(done),
        group(job.rows_total),
    );
    end(db, job.id, FAILED, &message).await.map(|_| ())
}

/// A count with thousands separated by `,`, as the admin pages write it.
fn group(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn cut_message(job: &JobRow) -> String {
    format!(
        "The shop stopped during this import after {} of {} rows and its file is gone; import the file again to finish it.",
        group(job.rows_done),
        group(job.rows_total)
    )
}

/// At start: goes on with every running job whose file is in this data
/// folder, and deletes files no running job names (left by a stop between
/// keeping a file and storing its job).
pub async fn resume(state: &AppState) {
    let dir = folder(&state.config.data_dir);
    let running = match running(&state.db).await {
        Ok(jobs) => jobs,
        Err(e) => {
            tracing::error!(error = %e, "cannot look for catalogue imports to resume");
            return;
        }
    };
    if let Ok(mut files) = tokio::fs::read_dir(&dir).await {
        while let Ok(Some(entry)) = files.next_entry().await {
            let name = entry.file_name().to_string_lossy().into_owned();
            let named = running.iter().any(|job| job.file_name == name);
            // Files still being received are `.part`; a job's file has its own name.
            if !named && name.ends_with(".csv") {
                let _ = tokio::fs::remove_file(entry.path()).await;
            }
        }
    }
    for job in running {
        if dir.join(&job.file_name).is_file() {
            tracing::info!(
                job = job.id,
                done = job.rows_done,
                rows = job.rows_total,
                "resuming a catalogue import"
            );
            state.background.spawn(run(state.clone(), job, None));
        }
    }
    cut_abandoned(state).await;
}

async fn running(db: &Db) -> Result<Vec<JobRow>, sqlx::Error> {
    let select = Query::select()
        .columns(COLUMNS)
        .from(CatalogueImports::Table)
        .and_where(Expr::col(CatalogueImports::State).eq(RUNNING))
        .to_owned();
    db.fetch_all(&select).await
}

/// Tells as cut every running job that has not moved for `ABANDONED_AFTER`
/// and whose file is not in this data folder: the process that ran it is
/// gone, and with it the file. (A job whose file is here is this process's:
/// `resume` started it.)
pub async fn cut_abandoned(state: &AppState) {
    let dir = folder(&state.config.data_dir);
    let Ok(jobs) = running(&state.db).await else {
        return;
    };
    let limit = db::ago(ABANDONED_AFTER);
    for job in jobs {
        if job.updated_at < limit && !dir.join(&job.file_name).is_file() {
            if let Ok(1) = end(&state.db, job.id, CUT, &cut_message(&job)).await {
                tracing::warn!(
                    job = job.id,
                    "a catalogue import's process stopped: told as cut"
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(super::group(7), "7");
        assert_eq!(super::group(1_000), "1,000");
        assert_eq!(super::group(80_001), "80,001");
        assert_eq!(super::group(1_234_567), "1,234,567");
    }
}
