//! Reviews: everyone reads them, newest first; signed-in users write them,
//! with a whole rating from 1 to 5 (D9).

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
    assert_eq!(review["name"], "Ann Driver");
    assert_eq!(review["description"], "The pads fitted first time.");
    assert_eq!(review["rating"], 5);
    assert_eq!(review["img"], "https://example.com/ann.png");
}

#[tokio::test]
async fn reviews_are_listed_newest_first() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    for (name, rating) in [("First", 3), ("Second", 4), ("Third", 1)] {
        let body = json!({"name": name, "description": "Fine.", "rating": rating, "img": "/api/image/a.jpg"});
        let response = app.post_review(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
    }
    let reviews = app.reviews().await;
    let listed: Vec<(&str, i64)> = reviews
        .iter()
        .map(|r| (r["name"].as_str().unwrap(), r["rating"].as_i64().unwrap()))
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
