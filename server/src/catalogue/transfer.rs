//! The catalogue as a CSV file: exported as a stream, a page of parts at a
//! time, and imported from a stream, every row read with the same rules as
//! `POST /api/part` (`PartRequest`), then applied in one write transaction
//! only when no row has an error. An import never writes the stock of a
//! part that exists (D16, D28): `availableQuantity` is only the stock of a
//! new part.
//!
//! The columns (`HEADER`) are the part API's field names. A list is one
//! cell with its items separated by `;`; a fitment is
//! `make|model|yearFrom|yearTo|engine|trim|axle|side|note` (qualifiers
//! blank when the fitment has none), several separated by `;`. A `\` in a
//! cell makes the next character plain (`\;`, `\|`, `\\`).

use std::collections::HashMap;
use std::io::Read;

use axum::body::{Body as HttpBody, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::{self, StreamExt, TryStreamExt};
use sea_query::{Expr, Order, Query};
use serde::Serialize;
use serde_json::{json, Map, Value};
use utoipa::ToSchema;

use super::fields::{MAX_FITMENTS, MAX_OEM_NUMBERS, MAX_REPLACED_NUMBERS};
use super::store::{self, Details, Edited, PartRow, Parts, COLUMNS};
use super::{new_part, PartRequest, SentFields};
use crate::app::state::AppState;
use crate::audit::{self, Entry};
use crate::core::answers::grams_to_kg;
use crate::core::caller::Admin;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult, ErrorBody};
use crate::core::input::{Params, Request as _};

/// The columns of the file, in order.
pub const HEADER: [&str; 13] = [
    "sku",
    "name",
    "description",
    "img",
    "price",
    "availableQuantity",
    "minimumOrder",
    "reorderLevel",
    "category",
    "weightKg",
    "oemNumbers",
    "replaces",
    "fitments",
];

/// Largest file an import takes.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;

/// Parts read and written per page of an export.
const PAGE: u64 = 500;

/// The whole catalogue as CSV, streamed. Each export is recorded in the
/// audit log (`parts.exported`, with how many parts there were) before the
/// file starts: the catalogue is the shop's to give away.
#[utoipa::path(get, path = "/api/admin/parts/export", tag = "parts", security(("bearer" = [])),
    responses(
        (status = 200, description = "The catalogue, one part a row, by id (see the API guide for the columns)",
            content_type = "text/csv", body = String),
        (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)))]
pub async fn export_parts(
    State(state): State<AppState>,
    Admin(admin): Admin,
) -> ApiResult<Response> {
    record_export(&state.db, &admin).await?;
    tracing::info!(by = ?admin.email, "catalogue exported");
    let header = stream::once(async { Ok::<_, std::io::Error>(Bytes::from(csv_line(&HEADER))) });
    let pages = stream::try_unfold(Some(0i64), move |after| {
        let db = state.db.clone();
        async move {
            let Some(after) = after else {
                return Ok(None);
            };
            let (bytes, last) = export_page(&db, after)
                .await
                .map_err(std::io::Error::other)?;
            Ok(Some((bytes, last)))
        }
    })
    .try_filter(|bytes| std::future::ready(!bytes.is_empty()));
    let mut response = HttpBody::from_stream(header.chain(pages)).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"catalogue.csv\""),
    );
    Ok(response)
}

/// Records an export by `by` in the audit log, with how many parts the
/// catalogue holds as it starts.
async fn record_export(db: &Db, by: &crate::core::caller::CurrentUser) -> ApiResult<()> {
    let (_turn, mut tx) = db.begin_write().await?;
    let counted: Option<(i64,)> = db
        .fetch_optional_on(
            &mut *tx,
            &Query::select()
                .expr(Expr::col(Parts::Id).count())
                .from(Parts::Table)
                .to_owned(),
        )
        .await?;
    let parts = counted.map_or(0, |(n,)| n);
    audit::record(
        db,
        &mut tx,
        Entry {
            by: by.into(),
            action: audit::PARTS_EXPORTED,
            subject_type: "catalogue",
            subject_id: "export".into(),
            before: None,
            after: Some(json!({ "parts": parts })),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// The rows of the parts after id `after`, one page; and the id to go on
/// from, None after the last page.
async fn export_page(db: &Db, after: i64) -> Result<(Bytes, Option<i64>), sqlx::Error> {
    let rows: Vec<PartRow> = db
        .fetch_all(
            &Query::select()
                .columns(COLUMNS)
                .from(Parts::Table)
                .and_where(Expr::col(Parts::Id).gt(after))
                .order_by(Parts::Id, Order::Asc)
                .limit(PAGE)
                .to_owned(),
        )
        .await?;
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut details = store::details(db, &ids).await?;
    let mut out = Vec::new();
    for row in &rows {
        let d = details.remove(&row.id).unwrap_or_default();
        out.extend_from_slice(csv_line(&export_cells(row, &d).map(mark)).as_bytes());
    }
    let next = (rows.len() as u64 == PAGE).then(|| ids[ids.len() - 1]);
    Ok((Bytes::from(out), next))
}

/// A part's cells, in the order of `HEADER`.
fn export_cells(row: &PartRow, details: &Details) -> [String; 13] {
    let list = |items: &[String]| {
        items
            .iter()
            .map(|i| escape(i))
            .collect::<Vec<_>>()
            .join(";")
    };
    let fitments = details
        .fitments
        .iter()
        .map(|f| {
            [
                escape(&f.make),
                escape(&f.model),
                f.year_from.to_string(),
                f.year_to.to_string(),
                escape(f.engine.as_deref().unwrap_or("")),
                escape(f.trim.as_deref().unwrap_or("")),
                f.axle.unwrap_or("").to_owned(),
                f.side.unwrap_or("").to_owned(),
                escape(f.note.as_deref().unwrap_or("")),
            ]
            .join("|")
        })
        .collect::<Vec<_>>()
        .join(";");
    [
        row.sku.clone(),
        row.name.clone(),
        row.description.clone(),
        row.img.clone(),
        crate::core::money::decimal(row.price_cents),
        row.available_quantity.to_string(),
        row.minimum_order.to_string(),
        row.reorder_level.to_string(),
        row.category.clone(),
        grams_to_kg(row.weight_grams).to_string(),
        list(&details.oem_numbers),
        list(&details.replaces),
        fitments,
    ]
}

/// What a spreadsheet reads as the start of a formula (or of a cell it
/// would run as one).
fn starts_formula(c: char) -> bool {
    matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r')
}

/// An exported cell a spreadsheet would run as a formula, written with a
/// `'` before it, as spreadsheets themselves mark text; a cell that already
/// starts with `'` before such a character (or another `'`) gets one too, so
/// `unmark` on import gives back exactly what was exported.
fn mark(cell: String) -> String {
    let mut chars = cell.chars();
    let needs = match chars.next() {
        Some('\'') => chars.next().is_some_and(|c| c == '\'' || starts_formula(c)),
        Some(c) => starts_formula(c),
        None => false,
    };
    if needs {
        format!("'{cell}")
    } else {
        cell
    }
}

/// An imported cell without the `'` that `mark` put before it.
fn unmark(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(|c: char| c == '\'' || starts_formula(c)) => rest,
        _ => cell,
    }
}

/// One CSV record and its line end.
fn csv_line<S: AsRef<str>>(cells: &[S]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(cells.iter().map(AsRef::as_ref))
        .expect("writing to memory cannot fail");
    String::from_utf8(writer.into_inner().expect("writing to memory cannot fail"))
        .expect("the cells are text")
}

/// A list item or fitment field with `\`, `;` and `|` made plain.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ';' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` split at each `sep` that is not made plain by `\`; the pieces
/// keep their escapes (a fitment is split again at `|`), `unescape` undoes
/// them. Past `most` pieces it stops: one more, empty, piece says there
/// were more, so a cell of millions of separators costs no more than the
/// limit it breaks.
fn split_escaped(text: &str, sep: char, most: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let piece = pieces.last_mut().expect("there is always a piece");
        match c {
            '\\' => {
                piece.push('\\');
                piece.extend(chars.next());
            }
            c if c == sep => {
                if pieces.len() > most {
                    pieces.last_mut().expect("there is always a piece").clear();
                    break;
                }
                pieces.push(String::new());
            }
            c => piece.push(c),
        }
    }
    pieces
}

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
    /// True: only checked, nothing was written.
    pub dry_run: bool,
}

/// One checked row: its number, part number and fields.
struct ImportRow {
    row: u64,
    sku: String,
    sent: SentFields,
}

/// Most problems an import lists: it stops reading the file at this many.
pub const MAX_REPORTED_ERRORS: usize = 100;

/// Rows applied to the database at a time.
const BATCH: usize = 500;

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
        (status = 413, body = ErrorBody)))]
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

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The file is too large ({} MB at most)",
        MAX_IMPORT_BYTES / 1024 / 1024
    ))
}

/// Writes the request's body into an unnamed file in `data_dir` (at most
/// `MAX_IMPORT_BYTES`: 413 past it) and answers it, rewound.
async fn keep_file(request: Request, data_dir: &std::path::Path) -> ApiResult<std::fs::File> {
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

/// The rows of a catalogue file, each read and checked with the part API's
/// rules: a header checked first, then one `Result` a row (blank rows
/// skipped).
struct Rows<R: Read> {
    records: csv::StringRecordsIntoIter<R>,
    columns: Vec<String>,
    /// The row number of the record read last.
    row: u64,
}

/// A file that cannot be read as a catalogue at all (row 1's column is
/// `file`), or a row's problems.
type Problems = Vec<RowError>;

fn file_problem(row: u64, message: String) -> Problems {
    vec![RowError {
        row,
        column: "file".into(),
        message,
    }]
}

impl<R: Read> Rows<R> {
    /// Reads and checks the header.
    fn open(input: R) -> Result<Self, Problems> {
        let reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(input);
        let mut records = reader.into_records();
        let header = match records.next() {
            None => {
                return Err(file_problem(
                    1,
                    "The file is empty: it needs the header".into(),
                ))
            }
            Some(Err(e)) => return Err(csv_problem(e)),
            Some(Ok(header)) => header,
        };
        let columns: Vec<String> = header
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_owned())
            .collect();
        let missing: Vec<&str> = HEADER
            .iter()
            .copied()
            .filter(|h| !columns.iter().any(|c| c == h))
            .collect();
        let unknown: Vec<&str> = columns
            .iter()
            .map(String::as_str)
            .filter(|c| !HEADER.contains(c))
            .collect();
        if !missing.is_empty() || !unknown.is_empty() {
            return Err(file_problem(
                1,
                format!(
                    "The header must name the columns {}{}{}",
                    HEADER.join(","),
                    if missing.is_empty() {
                        String::new()
                    } else {
                        format!("; missing: {}", missing.join(", "))
                    },
                    if unknown.is_empty() {
                        String::new()
                    } else {
                        format!("; unknown: {}", unknown.join(", "))
                    },
                ),
            ));
        }
        Ok(Rows {
            records,
            columns,
            row: 1,
        })
    }
}

/// What reading one row gave.
enum Read1 {
    Row(Box<ImportRow>),
    /// The row's problems.
    Wrong(Problems),
    /// The file stops being readable CSV here: nothing after it is read.
    Unreadable(Problems),
}

impl<R: Read> Iterator for Rows<R> {
    type Item = Read1;

    fn next(&mut self) -> Option<Read1> {
        loop {
            let record = self.records.next()?;
            self.row += 1;
            let row = self.row;
            let record = match record {
                Ok(record) => record,
                Err(e) => return Some(Read1::Unreadable(csv_problem(e))),
            };
            if record.iter().all(|cell| cell.trim().is_empty()) {
                continue;
            }
            if record.len() != self.columns.len() {
                let message = format!(
                    "The row has {} cells; the header has {}",
                    record.len(),
                    self.columns.len()
                );
                return Some(Read1::Wrong(file_problem(row, message)));
            }
            let cells: HashMap<&str, &str> = self
                .columns
                .iter()
                .map(String::as_str)
                .zip(record.iter().map(unmark))
                .collect();
            return Some(match read_row(&cells) {
                Ok(sent) => match sent.sku.clone() {
                    Some(sku) => Read1::Row(Box::new(ImportRow { row, sku, sent })),
                    None => Read1::Wrong(vec![RowError {
                        row,
                        column: "sku".into(),
                        message: "Part number is Required".into(),
                    }]),
                },
                Err(fields) => {
                    let mut fields: Vec<(String, String)> = fields.into_iter().collect();
                    fields.sort_by_key(|(name, _)| HEADER.iter().position(|h| h == name));
                    Read1::Wrong(
                        fields
                            .into_iter()
                            .map(|(column, message)| RowError {
                                row,
                                column,
                                message,
                            })
                            .collect(),
                    )
                }
            });
        }
    }
}

/// Checks every row of `file` (the first pass); answers it rewound when
/// no row has an error, else the report: every problem up to
/// `MAX_REPORTED_ERRORS`, where reading stops.
fn check_file(mut file: std::fs::File) -> Result<std::fs::File, ImportErrors> {
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
fn report(errors: Vec<RowError>, bad_rows: usize, stopped: bool) -> ImportErrors {
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

fn csv_problem(e: csv::Error) -> Problems {
    let row = e.position().map_or(1, |p| p.record() + 1);
    file_problem(row, format!("The file is not readable CSV: {e}"))
}
/// A row's cells as the part API's request, read with its rules; the
/// problems by column otherwise.
fn read_row(cells: &HashMap<&str, &str>) -> Result<SentFields, crate::core::error::FieldErrors> {
    let mut body = Map::new();
    for name in [
        "sku",
        "name",
        "description",
        "img",
        "price",
        "availableQuantity",
        "minimumOrder",
    ] {
        body.insert(name.into(), Value::String(cells[name].to_owned()));
    }
    // Left blank: as the API leaves them out (the default for a new part,
    // as it is for a known one).
    for name in ["reorderLevel", "category", "weightKg"] {
        if !cells[name].trim().is_empty() {
            body.insert(name.into(), Value::String(cells[name].to_owned()));
        }
    }
    // Lists are always sent: blank is none. A list longer than its limit
    // is split only one item past it, which the rules then refuse.
    let list = |cell: &str, most: usize| -> Value {
        if cell.trim().is_empty() {
            return json!([]);
        }
        split_escaped(cell, ';', most)
            .into_iter()
            .map(|item| Value::String(unescape(&item)))
            .collect()
    };
    body.insert(
        "oemNumbers".into(),
        list(cells["oemNumbers"], MAX_OEM_NUMBERS),
    );
    body.insert(
        "replaces".into(),
        list(cells["replaces"], MAX_REPLACED_NUMBERS),
    );
    let fitments: Vec<Value> = if cells["fitments"].trim().is_empty() {
        Vec::new()
    } else {
        split_escaped(cells["fitments"], ';', MAX_FITMENTS)
            .iter()
            .map(|fitment| fitment_object(fitment))
            .collect()
    };
    body.insert("fitments".into(), Value::Array(fitments));
    let mut form = crate::core::input::Form::new(&body);
    let part = PartRequest::read(&mut form);
    match form.finish() {
        Ok(()) => Ok(SentFields::from(part)),
        Err(ApiError::BadRequest { fields, .. }) => Err(fields),
        Err(other) => Err([("file".to_owned(), other.to_string())].into()),
    }
}

/// A fitment cell as the object the part API takes.
fn fitment_object(text: &str) -> Value {
    const FIELDS: [&str; 9] = [
        "make", "model", "yearFrom", "yearTo", "engine", "trim", "axle", "side", "note",
    ];
    let parts = split_escaped(text, '|', FIELDS.len());
    let mut object = Map::new();
    for (name, value) in FIELDS.iter().zip(parts) {
        if !value.is_empty() {
            object.insert((*name).into(), Value::String(unescape(&value)));
        }
    }
    Value::Object(object)
}

/// Undoes the escapes a list split kept.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Applies the rows of a checked file in one write transaction (rolled
/// back on a dry run), reading them again `BATCH` at a time: new part
/// numbers added with their stock, known ones updated without it.
/// Recorded in the audit log in the same transaction.
async fn apply(
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
    // Imports take turns, as SQLite's writes do: on PostgreSQL a second
    // import waits for the first, then finds its part numbers known and
    // updates them, instead of meeting them at the unique key.
    if db.backend == crate::core::db::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(7366837116)")
            .execute(&mut *tx)
            .await?;
    }
    let mut result = ImportResult {
        added: 0,
        updated: 0,
        unchanged: 0,
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
        let found: Vec<(i64, String)> = db
            .fetch_all_on(
                &mut *tx,
                &Query::select()
                    .columns([Parts::Id, Parts::Sku])
                    .from(Parts::Table)
                    .and_where(Expr::col(Parts::Sku).is_in(skus))
                    .to_owned(),
            )
            .await?;
        let known: HashMap<String, i64> = found.into_iter().map(|(id, sku)| (sku, id)).collect();
        for row in batch {
            match known.get(&row.sku) {
                Some(&id) => {
                    // Never the stock: it moves only through events (D16).
                    let (edited, _) =
                        store::update_on(db, &mut tx, id, |current| row.sent.over(current), None)
                            .await
                            .map_err(|e| row_conflict(e, &row))?;
                    if edited == (Edited::Done { modified: true }) {
                        result.updated += 1;
                        updated.push(row.sku);
                    } else {
                        result.unchanged += 1;
                    }
                }
                None => {
                    store::insert_on(db, &mut tx, &new_part(&row.sent))
                        .await
                        .map_err(|e| row_conflict(e, &row))?;
                    result.added += 1;
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
fn row_conflict(err: sqlx::Error, row: &ImportRow) -> ApiError {
    if store::is_sku_taken(&err) {
        ApiError::Conflict(format!(
            "Row {}: another part already has the part number {}",
            row.row, row.sku
        ))
    } else {
        err.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_fitments_split_at_unescaped_separators() {
        let cell = format!("{};{}", escape("a;b|c\\d"), escape("e"));
        let items: Vec<String> = split_escaped(&cell, ';', 20)
            .iter()
            .map(|i| unescape(i))
            .collect();
        assert_eq!(items, ["a;b|c\\d", "e"]);
        let fitment = format!("Toyota|{}|2014|2019|||front||", escape("Cor|olla;"));
        let fitments = split_escaped(&format!("{fitment};Ford|F|2000|2001"), ';', 100);
        assert_eq!(fitments.len(), 2);
        let object = fitment_object(&fitments[0]);
        assert_eq!(object["model"], "Cor|olla;");
        assert_eq!(object["axle"], "front");
        assert_eq!(object.get("engine"), None);
    }

    #[test]
    fn a_list_is_split_only_one_item_past_its_limit() {
        let cell = ";".repeat(1_000_000);
        let items = split_escaped(&cell, ';', 20);
        assert_eq!(items.len(), 21);
        assert!(items.iter().all(String::is_empty));
        assert_eq!(split_escaped("a;b;c", ';', 3), ["a", "b", "c"]);
        assert_eq!(split_escaped("a;b;c;d;e", ';', 3), ["a", "b", "c", ""]);
    }

    #[test]
    fn cells_a_spreadsheet_would_run_are_marked_and_read_back_unchanged() {
        for (cell, written) in [
            ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
            ("+1", "'+1"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tx", "'\tx"),
            ("'=kept", "''=kept"),
            ("''", "'''"),
            ("'quoted", "'quoted"),
            ("Brake pads", "Brake pads"),
            ("12.50", "12.50"),
            ("", ""),
        ] {
            assert_eq!(mark(cell.to_owned()), written, "{cell:?}");
            assert_eq!(unmark(written), cell, "{written:?}");
        }
    }

    #[test]
    fn a_written_line_is_quoted_where_needed() {
        assert_eq!(csv_line(&["a", "b,c", "d\"e"]), "a,\"b,c\",\"d\"\"e\"\n");
    }
}
