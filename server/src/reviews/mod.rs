//! Customer reviews: everyone reads them (a page at a time, the newest 100
//! unless asked for others), signed-in users write them, a few an hour at
//! most. A review shows its author's account name, never a name sent with
//! it (docs/decisions.md, D32), and one by an account with a paid order is
//! marked as from a verified buyer.

//!
//! Here: a review as the API takes and shows it; `routes` the handlers,
//! `store` every query.

mod routes;
pub mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::input::rules::{ImageUrl, Text, Whole};
use crate::core::input::{LONG_TEXT, SHORT_TEXT};
use crate::request;

pub use store::insert;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::list_reviews, routes::create_review))
}

/// A review as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Stars, 1 to 5.
    pub rating: i64,
    pub img: String,
    pub created_at: String,
    /// Whether the author has a paid order in this shop.
    pub verified_buyer: bool,
}

request! {
    pub struct ReviewRequest {
        /// Required, as the review form sends it; the review is shown under
        /// the author's account name, not this one.
        name: Text<SHORT_TEXT> = "name", "Name";
        description: Text<LONG_TEXT> = "description", "Description";
        /// Stars, 1 to 5.
        rating: Whole<1, 5> = "rating", "Rating";
        img: ImageUrl = "img", "Image";
    }
}

/// A new review to store.
pub struct NewReview {
    pub user_id: Option<i64>,
    pub name: String,
    pub description: String,
    pub rating: i64,
    pub img: String,
}

/// Most reviews answered when no `limit` is given: the newest this many.
pub const DEFAULT_REVIEWS: u64 = 100;
