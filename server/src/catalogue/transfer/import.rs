//! The catalogue imported: the file kept in the data folder, checked (at most
//! 100 problems listed), then applied a batch of rows at a time in one
//! transaction, never writing the stock of a part that exists (D28).

use std::collections::HashMap;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::StreamExt;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

use super::*;
use crate::app::state::AppState;
use crate::audit::{self, Entry};
use crate::core::caller::Admin;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::Params;

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
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportedPart {
    #[schema(example = "BRK-0042")]
    pub sku: String,
    #[schema(example = "Front brake pads")]
    pub name: String,
    /// Empty for a part added.
    pub changes: Vec<FieldChange>,
}

/// One field an import changed.
#[derive(Debug, Serialize, ToSchema)]
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
fn field_changes(before: &store::PartFields, after: &store::PartFields) -> Vec<FieldChange> {
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

/// Rows applied to the database at a time.
pub(super) const BATCH: usize = 500;

/// Imports a catalogue file: checks every row, then, when no row has an
/// error, adds the new part numbers and updates the known ones in one
/// transaction. The stock of a part that exists is never written.
///
/// The file is kept in an unnamed file in the data folder (gone when it is
/// closed, also if the shop stops) and read twice: once to check it, with
/// at most `MAX_REPORTED_ERRORS` problems listed before it stops, and once
/// to apply it, `BATCH` rows at a time. So memory does not grow with the
/// file beyond its part numbers, whatever it holds.
#[utoipa::path(post, path = "/api/admin/parts/import", tag = "parts", security(("bearer" = [])),
    params(("dryRun" = Option<bool>, Query, description = "`true`: check the file and count what would change, writing nothing")),
    request_body(content = String, content_type = "text/csv",
        description = "The catalogue as CSV with the documented header (at most 20 MB)"),
    responses(
        (status = 200, body = ImportResult),
        (status = 400, description = "Rows with errors (up to 100 are listed, in file order; nothing was written), or a file that is not CSV with the header", body = ImportErrors),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody),
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
    let file = keep_file(request, &state.config.data_dir).await?;
    let checked = tokio::task::spawn_blocking(move || check_file(file))
        .await
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}")))?;
    let file = match checked {
        Ok(file) => file,
        Err(report) => return Ok((StatusCode::BAD_REQUEST, Json(report)).into_response()),
    };
    let result = apply(&state.db, file, dry_run, &admin).await?;
    tracing::info!(by = ?admin.email, added = result.added, updated = result.updated,
        unchanged = result.unchanged, dry_run, "catalogue imported");
    Ok(Json(result).into_response())
}

pub(super) fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The file is too large ({} MB at most)",
        MAX_IMPORT_BYTES / 1024 / 1024
    ))
}

/// Writes the request's body into an unnamed file in `data_dir` (at most
/// `MAX_IMPORT_BYTES`: 413 past it) and answers it, rewound.
pub(super) async fn keep_file(
    request: Request,
    data_dir: &std::path::Path,
) -> ApiResult<std::fs::File> {
    use std::io::Seek;
    use tokio::io::AsyncWriteExt;
    let kept = |e: std::io::Error| {
        ApiError::Internal(anyhow::anyhow!("cannot keep the imported file: {e}"))
    };
    let dir = data_dir.to_owned();
    let file = tokio::task::spawn_blocking(move || {
        std::fs::create_dir_all(&dir)?;
        tempfile::tempfile_in(&dir)
    })
    .await
    .map_err(|e| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}")))?
    .map_err(kept)?;
    let mut out = tokio::fs::File::from_std(file);
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
    let mut file = out.into_std().await;
    file.rewind().map_err(kept)?;
    Ok(file)
}

/// Checks every row of `file` (the first pass); answers it rewound when
/// no row has an error, else the report: every problem up to
/// `MAX_REPORTED_ERRORS`, where reading stops.
pub(super) fn check_file(mut file: std::fs::File) -> Result<std::fs::File, ImportErrors> {
    use std::io::Seek;
    let mut errors: Vec<RowError> = Vec::new();
    let mut bad_rows = 0usize;
    let mut stopped = false;
    {
        let rows = Rows::open(&mut file).map_err(|errors| report(errors, 1, false))?;
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
    }
    if !errors.is_empty() {
        return Err(report(errors, bad_rows, stopped));
    }
    file.rewind().map_err(|e| {
        report(
            file_problem(1, format!("The file could not be read again: {e}")),
            1,
            false,
        )
    })?;
    Ok(file)
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

/// Applies the rows of a checked file in one write transaction (rolled
/// back on a dry run), reading them again `BATCH` at a time: new part
/// numbers added with their stock, known ones updated without it.
/// Recorded in the audit log in the same transaction.
pub(super) async fn apply(
    db: &Db,
    file: std::fs::File,
    dry_run: bool,
    by: &crate::core::caller::CurrentUser,
) -> ApiResult<ImportResult> {
    let stopped =
        |e: tokio::task::JoinError| ApiError::Internal(anyhow::anyhow!("the import stopped: {e}"));
    let rows = tokio::task::spawn_blocking(move || Rows::open(file))
        .await
        .map_err(stopped)?
        .map_err(|_| ApiError::Internal(anyhow::anyhow!("a checked file no longer reads")))?;
    let (_turn, mut tx) = db.begin_write().await?;
    store::take_import_turn(db, &mut tx).await?;
    let mut result = ImportResult {
        added: 0,
        updated: 0,
        unchanged: 0,
        added_parts: Vec::new(),
        updated_parts: Vec::new(),
        dry_run,
    };
    let (mut added, mut updated) = (Vec::new(), Vec::new());
    let mut rows = Some(rows);
    while let Some(mut reading) = rows.take() {
        let (batch, reading) = tokio::task::spawn_blocking(move || {
            let mut batch = Vec::with_capacity(BATCH);
            for read in reading.by_ref() {
                match read {
                    Read1::Row(row) => batch.push(*row),
                    // Checked a moment ago: nothing else is left to read.
                    Read1::Wrong(_) | Read1::Unreadable(_) => {}
                }
                if batch.len() == BATCH {
                    return (batch, Some(reading));
                }
            }
            (batch, None)
        })
        .await
        .map_err(stopped)?;
        rows = reading;
        let skus: Vec<String> = batch.iter().map(|r| r.sku.clone()).collect();
        let known = store::ids_by_sku_on(db, &mut tx, skus).await?;
        for row in batch {
            match known.get(&row.sku) {
                Some(&id) => {
                    // Never the stock: it moves only through events (D16).
                    let (edited, change) =
                        store::update_on(db, &mut tx, id, |current| row.sent.over(current), None)
                            .await
                            .map_err(|e| row_conflict(e, &row))?;
                    if edited == (Edited::Done { modified: true }) {
                        result.updated += 1;
                        if let (Some((before, after)), true) =
                            (change, result.updated_parts.len() < MAX_NAMED_PARTS)
                        {
                            result.updated_parts.push(ImportedPart {
                                sku: row.sku.clone(),
                                name: after.name.clone(),
                                changes: field_changes(&before, &after),
                            });
                        }
                        updated.push(row.sku);
                    } else {
                        result.unchanged += 1;
                    }
                }
                None => {
                    let part = new_part(&row.sent);
                    store::insert_on(db, &mut tx, &part)
                        .await
                        .map_err(|e| row_conflict(e, &row))?;
                    result.added += 1;
                    if result.added_parts.len() < MAX_NAMED_PARTS {
                        result.added_parts.push(ImportedPart {
                            sku: row.sku.clone(),
                            name: part.name,
                            changes: Vec::new(),
                        });
                    }
                    added.push(row.sku);
                }
            }
        }
    }
    if dry_run {
        return Ok(result);
    }
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PARTS_IMPORTED,
            subject_type: "catalogue",
            subject_id: "import".into(),
            before: None,
            after: Some(json!({
                "added": result.added,
                "updated": result.updated,
                "unchanged": result.unchanged,
                "addedSkus": added,
                "updatedSkus": updated,
            })),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(result)
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
