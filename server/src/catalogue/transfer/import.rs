//! The catalogue imported: the file kept in the data folder, checked (at most
//! 100 problems listed), then applied by a job a batch of rows at a time
//! (`jobs`, D44), never writing the stock of a part that exists (D28).

use std::collections::HashMap;

use axum::extract::{Path, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::*;
use crate::app::state::AppState;
use crate::core::caller::Admin;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{parse_id, Params};

/// A wrong cell of an imported file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct RowError {
    /// The record's number in the file, the header being 1 (so the first
    /// part is row 2, as a spreadsheet numbers it).
    pub row: u64,
    /// The column's name in the header (`file` for the file as a whole).
    #[schema(example = "price")]
    pub column: String,
    #[schema(example = "Price must be a number")]
    pub message: String,
}

/// The report of an import whose file has errors: nothing was written.
#[derive(Serialize, ToSchema)]
pub struct ImportErrors {
    #[schema(example = "3 rows of the file have errors; nothing was imported")]
    pub error: String,
    /// Every wrong cell, by row and column (empty when the query string,
    /// not the file, is wrong).
    pub errors: Vec<RowError>,
    /// The wrong query parameters, when the query string is wrong.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    pub fields: Option<crate::core::error::FieldErrors>,
}

/// What an import did (or, with `dryRun`, would do).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    /// New part numbers added.
    pub added: u64,
    /// Known part numbers whose fields changed.
    pub updated: u64,
    /// Known part numbers already as the file says.
    pub unchanged: u64,
    /// The parts added, in file order (the first 100).
    pub added_parts: Vec<ImportedPart>,
    /// The known parts whose fields changed, each with what changed, in
    /// file order (the first 100).
    pub updated_parts: Vec<ImportedPart>,
    /// True: only checked, nothing was written.
    pub dry_run: bool,
}

/// A part an import added or changed: its part number and name, and for a
/// change each field before and after, as the audit log shows a part (the
/// price in cents, the weight in grams).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ImportedPart {
    #[schema(example = "BRK-0042")]
    pub sku: String,
    #[schema(example = "Front brake pads")]
    pub name: String,
    /// Empty for a part added.
    pub changes: Vec<FieldChange>,
}

/// One field an import changed.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct FieldChange {
    #[schema(example = "priceCents")]
    pub field: String,
    #[schema(value_type = Object)]
    pub before: serde_json::Value,
    #[schema(value_type = Object)]
    pub after: serde_json::Value,
}

/// Most parts an import's answer names as added, and as changed.
pub const MAX_NAMED_PARTS: usize = 100;

/// The fields that differ between `before` and `after`, in the order the
/// part has them.
pub(super) fn field_changes(
    before: &store::PartFields,
    after: &store::PartFields,
) -> Vec<FieldChange> {
    let (serde_json::Value::Object(old), serde_json::Value::Object(new)) =
        (before.audit_json(), after.audit_json())
    else {
        return Vec::new();
    };
    new.into_iter()
        .filter(|(field, value)| field != "availableQuantity" && old.get(field) != Some(value))
        .map(|(field, after)| FieldChange {
            before: old.get(&field).cloned().unwrap_or_default(),
            field,
            after,
        })
        .collect()
}

/// Most problems an import lists: it stops reading the file at this many.
pub const MAX_REPORTED_ERRORS: usize = 100;

/// How long `POST /api/admin/parts/import` waits for its job before it
/// answers 202 with the job instead of the result (at most two thirds of
/// the request timeout).
pub const WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// Imports a catalogue file: checks every row, then, when no row has an
/// error, adds the new part numbers and updates the known ones, a batch at
/// a time (`jobs`). The stock of a part that exists is never written.
///
/// The file is kept in the data folder's `imports/` while it is checked
/// (at most `MAX_REPORTED_ERRORS` problems listed before reading stops) and
/// while its job applies it. The answer is the result when the job is over
/// within `WAIT` (and the request did not say `Prefer: respond-async`), else
/// 202 with the job, which goes on after the answer.
#[utoipa::path(post, path = "/api/admin/parts/import", tag = "parts", security(("bearer" = [])),
    params(
        ("dryRun" = Option<bool>, Query, description = "`true`: check the file and count what would change, writing nothing"),
        ("Prefer" = Option<String>, Header, description = "`respond-async`: answer 202 with the job at once rather than wait for its result")),
    request_body(content = String, content_type = "text/csv",
        description = "The catalogue as CSV with the documented header (at most 20 MB)"),
    responses(
        (status = 200, description = "The import is over", body = ImportResult),
        (status = 202, description = "The import goes on as a job: follow it at the `Location` given", body = jobs::ImportJob,
            headers(("Location" = String, description = "The job, `/api/admin/parts/imports/{id}`"))),
        (status = 400, description = "Rows with errors (up to 100 are listed, in file order; nothing was written), or a file that is not CSV with the header", body = ImportErrors),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 409, description = "A row's part number was taken by another part at once", body = ErrorBody),
        (status = 413, body = ErrorBody),
        (status = 415, description = "A body that is not sent as text/csv", body = ErrorBody)))]
pub async fn import_parts(
    State(state): State<AppState>,
    Admin(admin): Admin,
    mut params: Params,
    request: Request,
) -> ApiResult<Response> {
    let dry_run = params
        .choice(
            "dryRun",
            |v| match v {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            },
            "true or false",
        )
        .unwrap_or(false);
    // A wrong query answers in the report's shape too, so every 400 of
    // this route reads the same way.
    match params.finish() {
        Ok(()) => {}
        Err(ApiError::BadRequest { message, fields }) => {
            let report = ImportErrors {
                error: message,
                errors: Vec::new(),
                fields: Some(fields),
            };
            return Ok((StatusCode::BAD_REQUEST, Json(report)).into_response());
        }
        Err(other) => return Err(other),
    }
    // The file is CSV, said so: anything else is not read at all.
    let csv = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("text/csv"));
    if !csv {
        return Err(ApiError::UnsupportedMediaType(
            "Send the catalogue as a CSV file (Content-Type: text/csv)".into(),
        ));
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_IMPORT_BYTES) {
        return Err(too_large());
    }
    let respond_async = request
        .headers()
        .get_all("prefer")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|v| v.trim().eq_ignore_ascii_case("respond-async"));
    let folder = jobs::folder(&state.config.data_dir);
    let kept = keep_file(request, &folder).await?;
    let checked = tokio::task::spawn_blocking(move || {
        let mut kept = kept;
        check_file(kept.as_file_mut()).map(|rows| (kept, rows))
    })
    .await
    .map_err(|e| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}")))?;
    let (kept, rows) = match checked {
        Ok(checked) => checked,
        Err(report) => return Ok((StatusCode::BAD_REQUEST, Json(report)).into_response()),
    };
    // Named and kept before the job is stored, so a stored job always has
    // its file (a file without a job is deleted at the next start).
    let path = kept
        .into_temp_path()
        .keep()
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("cannot keep the imported file: {e}")))?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let job = match jobs::create(&state.db, &file_name, rows, dry_run, &admin).await {
        Ok(job) => job,
        Err(e) => {
            let _ = tokio::fs::remove_file(&path).await;
            return Err(e);
        }
    };
    let id = job.id;
    let (done, result) = tokio::sync::oneshot::channel();
    state
        .background
        .spawn(jobs::run(state.clone(), job, Some(done)));
    if !respond_async {
        let wait = WAIT.min(state.config.request_timeout * 2 / 3);
        match tokio::time::timeout(wait, result).await {
            Ok(Ok(Ok(result))) => return Ok(Json(result).into_response()),
            Ok(Ok(Err(error))) => return Err(error),
            // Still running, or the shop is stopping: it goes on later.
            Ok(Err(_)) | Err(_) => {}
        }
    }
    let job = jobs::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Import"))?;
    Ok((
        StatusCode::ACCEPTED,
        [(header::LOCATION, format!("/api/admin/parts/imports/{id}"))],
        Json(job.view()),
    )
        .into_response())
}

/// One import's job: how far it is, and once over what it did.
#[utoipa::path(get, path = "/api/admin/parts/imports/{id}", tag = "parts", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses(
        (status = 200, body = jobs::ImportJob),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn get_import(
    State(state): State<AppState>,
    _admin: Admin,
    Path(id): Path<String>,
) -> ApiResult<Json<jobs::ImportJob>> {
    let not_found = || ApiError::not_found("Import");
    let job = jobs::find(&state.db, parse_id(&id).ok_or_else(not_found)?)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(job.view()))
}

/// The last imports, newest first: the admin page finds a running one here.
#[utoipa::path(get, path = "/api/admin/parts/imports", tag = "parts", security(("bearer" = [])),
    responses(
        (status = 200, body = jobs::ImportJobs),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub async fn list_imports(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<jobs::ImportJobs>> {
    let imports = jobs::latest(&state.db)
        .await?
        .iter()
        .map(jobs::JobRow::view)
        .collect();
    Ok(Json(jobs::ImportJobs { imports }))
}

pub(super) fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The file is too large ({} MB at most)",
        MAX_IMPORT_BYTES / 1024 / 1024
    ))
}

/// Writes the request's body into a new file in `folder` (at most
/// `MAX_IMPORT_BYTES`: 413 past it), deleted when dropped unless kept.
pub(super) async fn keep_file(
    request: Request,
    folder: &std::path::Path,
) -> ApiResult<tempfile::NamedTempFile> {
    use tokio::io::AsyncWriteExt;
    let kept = |e: std::io::Error| {
        ApiError::Internal(anyhow::anyhow!("cannot keep the imported file: {e}"))
    };
    let dir = folder.to_owned();
    let named = tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&dir)?;
        tempfile::Builder::new()
            .prefix("import-")
            .suffix(".csv")
            .tempfile_in(&dir)
    })
    .await
    .map_err(|e| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}")))?
    .map_err(kept)?;
    let mut out = tokio::fs::File::from_std(named.reopen().map_err(kept)?);
    let mut body = request.into_body().into_data_stream();
    let mut seen = 0usize;
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|e| ApiError::BadRequest {
            message: format!("The file could not be read: {e}"),
            fields: Default::default(),
        })?;
        seen += chunk.len();
        if seen > MAX_IMPORT_BYTES {
            return Err(too_large());
        }
        out.write_all(&chunk).await.map_err(kept)?;
    }
    out.flush().await.map_err(kept)?;
    Ok(named)
}

/// Checks every row of `file` (from its start); answers how many rows it
/// has when none has an error, else the report: every problem up to
/// `MAX_REPORTED_ERRORS`, where reading stops.
pub(super) fn check_file(file: &mut std::fs::File) -> Result<u64, ImportErrors> {
    use std::io::Seek;
    file.rewind().map_err(|e| {
        report(
            file_problem(1, format!("The file could not be read: {e}")),
            1,
            false,
        )
    })?;
    let mut errors: Vec<RowError> = Vec::new();
    let mut bad_rows = 0usize;
    let mut stopped = false;
    let rows = Rows::open(file).map_err(|errors| report(errors, 1, false))?;
    // Each part number's first row, to name repeats.
    let mut skus: HashMap<Box<str>, u64> = HashMap::new();
    for read in rows {
        let problems = match read {
            Read1::Row(row) => match skus.get(row.sku.as_str()) {
                None => {
                    skus.insert(row.sku.into(), row.row);
                    continue;
                }
                Some(first) => vec![RowError {
                    row: row.row,
                    column: "sku".into(),
                    message: format!("Part number {} is also on row {first}", row.sku),
                }],
            },
            Read1::Wrong(problems) => problems,
            Read1::Unreadable(problems) => {
                // Only what the file held before the break is known.
                return Err(report(problems, 1, false));
            }
        };
        bad_rows += 1;
        for problem in problems {
            if errors.len() == MAX_REPORTED_ERRORS {
                stopped = true;
                break;
            }
            errors.push(problem);
        }
        if stopped {
            break;
        }
    }
    if !errors.is_empty() {
        return Err(report(errors, bad_rows, stopped));
    }
    Ok(skus.len() as u64)
}

/// The report of a file with `errors` on `bad_rows` rows; `stopped` when
/// reading stopped at `MAX_REPORTED_ERRORS`.
pub(super) fn report(errors: Vec<RowError>, bad_rows: usize, stopped: bool) -> ImportErrors {
    let error = if stopped {
        format!(
            "{bad_rows} or more rows of the file have errors (reading stopped there); the first {MAX_REPORTED_ERRORS} problems are listed; nothing was imported"
        )
    } else {
        match bad_rows {
            1 => "1 row of the file has errors; nothing was imported".to_owned(),
            n => format!("{n} rows of the file have errors; nothing was imported"),
        }
    };
    ImportErrors {
        error,
        errors,
        fields: None,
    }
}

/// A row's part number taken meanwhile (another admin at once): 409.
pub(super) fn row_conflict(err: sqlx::Error, row: &ImportRow) -> ApiError {
    if store::is_sku_taken(&err) {
        ApiError::Conflict(format!(
            "Row {}: another part already has the part number {}",
            row.row, row.sku
        ))
    } else {
        err.into()
    }
}
