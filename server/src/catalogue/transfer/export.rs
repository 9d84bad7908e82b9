//! The catalogue exported: streamed a page of parts at a time, each part a
//! row, recorded in the audit log before the file starts.

use axum::body::{Body as HttpBody, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, StreamExt, TryStreamExt};
use serde_json::json;

use super::*;
use crate::app::state::AppState;
use crate::audit::{self, Entry};
use crate::core::answers::grams_to_kg;
use crate::core::caller::Admin;
use crate::core::db::Db;
use crate::core::error::{ApiResult, ErrorBody};

/// Parts read and written per page of an export.
pub(super) const PAGE: u64 = 500;

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
    let header =
        stream::once(async { Ok::<_, std::io::Error>(Bytes::from(csv_line(&exported_columns()))) });
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
pub(super) async fn record_export(db: &Db, by: &crate::core::caller::CurrentUser) -> ApiResult<()> {
    let (_turn, mut tx) = db.begin_write().await?;
    let parts = store::count_on(db, &mut tx).await?;
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
pub(super) async fn export_page(db: &Db, after: i64) -> Result<(Bytes, Option<i64>), sqlx::Error> {
    let rows = store::page_after(db, after, PAGE).await?;
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

/// A part's cells, in the order of `exported_columns`.
pub(super) fn export_cells(row: &PartRow, details: &Details) -> [String; 14] {
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
        crate::core::money::decimal(row.core_charge_cents),
    ]
}
