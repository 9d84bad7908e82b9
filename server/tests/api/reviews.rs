//! Reviews: everyone reads them, newest first; signed-in users write them,
//! with a whole rating from 1 to 5 (docs/decisions.md, D9), under their
//! account's name (D32).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn a_signed_in_user_adds_a_review_that_everyone_reads() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.post_review(Some(&user.token), &review_body()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let id = body["insertedId"].as_str().expect("insertedId is a string");

    let reviews = app.reviews().await;
    assert_eq!(reviews.len(), 1);
    let review = &reviews[0];
    assert_eq!(review["_id"], id);
    assert_eq!(review["name"], user.name);
    assert_eq!(review["description"], "The pads fitted first time.");
    assert_eq!(review["rating"], 5);
    assert_eq!(review["img"], "https://example.com/ann.png");
}

#[tokio::test]
async fn reviews_are_listed_newest_first() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for (words, rating) in [("First", 3), ("Second", 4), ("Third", 1)] {
        let body = json!({"name": "Ann", "description": words, "rating": rating, "img": "/api/image/a.jpg"});
        let response = app.post_review(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let reviews = app.reviews().await;
    let listed: Vec<(&str, i64)> = reviews
        .iter()
        .map(|r| {
            (
                r["description"].as_str().unwrap(),
                r["rating"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [("Third", 1), ("Second", 4), ("First", 3)]);
}

#[tokio::test]
async fn adding_a_review_needs_a_token() {
    let app = spawn_app().await;
    let response = app.post_review(None, &review_body()).await;
    expect_error(response, StatusCode::UNAUTHORIZED, "Please sign in first").await;
    assert!(app.reviews().await.is_empty());
}

#[tokio::test]
async fn every_whole_rating_from_one_to_five_is_accepted() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for rating in [json!(1), json!(2), json!(3), json!("4"), json!(5.0)] {
        let body = with(review_body(), "rating", Some(rating.clone()));
        let response = app.post_review(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{rating}");
    }
    let ratings: Vec<i64> = app
        .reviews()
        .await
        .iter()
        .map(|r| r["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(ratings, [5, 4, 3, 2, 1]);
}

#[tokio::test]
async fn a_rating_outside_one_to_five_or_not_whole_is_refused() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let cases = [
        (json!(0), "Rating must be at least 1"),
        (json!(6), "Rating must be at most 5"),
        (json!(-3), "Rating must be at least 1"),
        (json!(4.5), "Rating must be a whole number"),
        (json!("five"), "Rating must be a whole number"),
        (json!(true), "Rating must be a whole number"),
        (json!([5]), "Rating must be a whole number"),
        (json!(null), "Rating is Required"),
        (json!(""), "Rating is Required"),
    ];
    for (rating, message) in cases {
        let body = with(review_body(), "rating", Some(rating));
        let response = app.post_review(Some(&user.token), &body).await;
        expect_field_error(response, "rating", message).await;
    }
    assert!(app.reviews().await.is_empty());
}

#[tokio::test]
async fn a_review_names_each_missing_field_with_the_spec_message() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.post_review(Some(&user.token), &json!({})).await;
    let error = expect_error(response, StatusCode::BAD_REQUEST, "Name is Required").await;
    assert_eq!(
        error["fields"],
        json!({
            "name": "Name is Required", "description": "Description is Required",
            "rating": "Rating is Required", "img": "Image is Required"
        })
    );
    assert!(app.reviews().await.is_empty());
}

#[tokio::test]
async fn reviews_come_a_page_at_a_time_with_the_total() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for n in 1..=5 {
        let body = json!({"name": "Ann", "description": format!("Review {n}"), "rating": 4, "img": "/api/image/a.jpg"});
        let response = app.post_review(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }

    let response = app.get("/api/review?limit=2&offset=1", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["x-total-count"], "5");
    let page: Vec<Value> = response.json().await.unwrap();
    let words: Vec<&str> = page
        .iter()
        .map(|r| r["description"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["Review 4", "Review 3"]);
    // The plain call answers the newest reviews, here every one.
    assert_eq!(app.reviews().await.len(), 5);
    for bad in ["limit=0", "limit=101", "limit=two", "offset=-1"] {
        let response = app.get(&format!("/api/review?{bad}"), None).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

#[tokio::test]
async fn one_account_cannot_flood_the_reviews() {
    let app = spawn_app_with(|c| c.review_rate_limit = 3).await;
    let user = app.new_user().await;
    for _ in 0..3 {
        let response = app.post_review(Some(&user.token), &review_body()).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }

    let response = app.post_review(Some(&user.token), &review_body()).await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(response.headers().get("retry-after").is_some());
    expect_error(
        response,
        StatusCode::TOO_MANY_REQUESTS,
        "You have posted several reviews lately. Please wait a while before posting another.",
    )
    .await;
    assert_eq!(app.reviews().await.len(), 3);
    // Another account still can.
    let other = app.new_user().await;
    let response = app.post_review(Some(&other.token), &review_body()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn a_review_by_an_account_with_a_paid_order_is_from_a_verified_buyer() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, 10, 1, "9.99").await;
    let buyer = app.new_user().await;
    let browser = app.new_user().await;
    let order = app.place_order(&buyer, &part_id, 1).await;
    let id = order["_id"].as_str().unwrap();
    let body = |words: &str| json!({"name": "Ann", "description": words, "rating": 5, "img": "/api/image/a.jpg"});
    app.post_review(Some(&buyer.token), &body("Before paying"))
        .await;
    app.post_review(Some(&browser.token), &body("Never bought"))
        .await;
    let verified = |reviews: &[Value], words: &str| {
        reviews.iter().find(|r| r["description"] == words).unwrap()["verifiedBuyer"].clone()
    };
    let reviews = app.reviews().await;
    assert_eq!(verified(&reviews, "Before paying"), json!(false));

    let transaction = app.pay_with_test_card(&buyer, id).await;
    let response = app.pay_order(Some(&buyer.token), id, &transaction).await;
    assert_eq!(response.status(), StatusCode::OK);

    let reviews = app.reviews().await;
    assert_eq!(verified(&reviews, "Before paying"), json!(true));
    assert_eq!(verified(&reviews, "Never bought"), json!(false));
}

#[tokio::test]
async fn a_review_shows_its_authors_account_name_whatever_name_it_is_sent_with() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let body = with(review_body(), "name", Some(json!("Shop Admin")));
    let response = app.post_review(Some(&user.token), &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let reviews = app.reviews().await;
    assert_eq!(reviews[0]["name"], user.name);
    assert!(reviews.iter().all(|r| r["name"] != "Shop Admin"));
}

#[tokio::test]
async fn the_plain_call_answers_the_newest_hundred_reviews_and_counts_them_all() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for n in 1..=101 {
        let body = json!({"name": "Ann", "description": format!("Review {n}"), "rating": 4, "img": "/api/image/a.jpg"});
        let response = app.post_review(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let response = app.get("/api/review", None).await;
    assert_eq!(response.headers()["x-total-count"], "101");
    let reviews: Vec<Value> = response.json().await.unwrap();
    assert_eq!(reviews.len(), 100);
    assert_eq!(reviews[0]["description"], "Review 101");
    assert_eq!(reviews[99]["description"], "Review 2");
}
