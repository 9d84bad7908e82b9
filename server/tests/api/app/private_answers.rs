//! Answers that depend on who asks are never kept by browsers or proxies:
//! every one carries `Cache-Control: no-store`.

use reqwest::{Method, Response};
use serde_json::json;

use crate::helpers::*;
use crate::orders::id_of;

fn cache_control(response: &Response) -> Option<&str> {
    response
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
}

#[tokio::test]
async fn every_private_answer_says_no_store() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 1).await;
    let order_path = format!("/api/booking/{}", id_of(&order));
    app.post_profile(Some(&buyer.token), &profile_body()).await;
    let email = buyer.email.clone();

    let answers = vec![
        (
            "signup",
            app.signup("New Person", &unique_email("fresh"), PASSWORD)
                .await,
        ),
        ("login", app.login(&email, PASSWORD).await),
        ("failed login", app.login(&email, "wrong-password").await),
        (
            "refresh",
            app.refresh_token(Some(&buyer.token), &email).await,
        ),
        ("me", app.me(Some(&buyer.token)).await),
        ("orders", app.list_orders(Some(&buyer.token), None).await),
        ("order", app.get(&order_path, Some(&buyer.token)).await),
        ("profile", app.profile(Some(&buyer.token)).await),
        ("users", app.users(Some(&admin.token)).await),
        (
            "admin orders",
            app.get("/api/admin/orders", Some(&admin.token)).await,
        ),
        ("is admin", app.is_admin(Some(&buyer.token), &email).await),
        (
            "payment",
            app.create_intent(Some(&buyer.token), &json!({"bookingId": id_of(&order)}))
                .await,
        ),
        (
            "no token",
            app.request(Method::GET, "/api/me", None)
                .send()
                .await
                .unwrap(),
        ),
    ];
    for (name, response) in &answers {
        assert_eq!(cache_control(response), Some("no-store"), "{name}");
    }
}

#[tokio::test]
async fn public_catalogue_answers_stay_cacheable_with_a_check() {
    let app = spawn_app().await;
    let response = app.list_parts("").await;
    assert_eq!(cache_control(&response), Some("no-cache"));
    assert!(response.headers().get("etag").is_some());
}
