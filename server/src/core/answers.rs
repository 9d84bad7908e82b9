//! The shapes of answers several features share, and how a weight is
//! written in an answer.

use serde::Serialize;
use utoipa::ToSchema;

/// What adding a record answers: its id.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsertedId {
    pub inserted_id: String,
}

/// What changing a record answers: whether it was found, and changed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateResult {
    pub matched_count: u64,
    pub modified_count: u64,
}

/// What deleting answers: how many records went (0 or 1).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedCount {
    pub deleted_count: u64,
}

/// What a change of role answers: how many accounts changed (0 or 1).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModifiedCount {
    pub modified_count: u64,
}

/// Grams as a JSON number in kilograms (1250 → 1.25).
pub fn grams_to_kg(grams: i64) -> f64 {
    grams as f64 / 1000.0
}
