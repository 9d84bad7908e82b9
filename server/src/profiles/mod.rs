//! One profile per user: a second POST updates the first and keeps its id.
//! Here: a profile as the API takes and shows it; `routes` the handlers,
//! `store` every query.

mod routes;
mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::input::rules::{ImageUrl, Phone, Text};
use crate::core::input::SHORT_TEXT;
use crate::request;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::save_profile, routes::own_profile))
        .routes(routes!(routes::get_profile))
}

/// A user's profile.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    #[serde(rename = "_id")]
    pub id: String,
    pub education: String,
    pub location: String,
    pub city: String,
    pub phone: String,
    pub linkedin: String,
    pub img: String,
    pub updated_at: String,
}

request! {
    pub struct ProfileRequest {
        education: Text<SHORT_TEXT> = "education", "Education";
        location: Text<SHORT_TEXT> = "location", "Location";
        city: Text<SHORT_TEXT> = "city", "City";
        phone: Phone = "phone", "Phone";
        linkedin: Text<SHORT_TEXT> = "linkedin", "LinkedIn";
        img: ImageUrl = "img", "Image";
    }
}
