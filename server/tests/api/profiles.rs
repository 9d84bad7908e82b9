//! Profiles: one per user, saved with POST, read by its owner or an admin.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;

/// Saves `body` as `user`'s profile; answers its id.
async fn save(app: &TestApp, user: &User, body: &Value) -> String {
    let response = app.post_profile(Some(&user.token), body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["insertedId"]
        .as_str()
        .expect("insertedId is a string")
        .to_owned()
}

async fn own_profile(app: &TestApp, user: &User) -> Value {
    let response = app.profile(Some(&user.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_user_saves_a_profile_and_reads_it_back() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let id = save(&app, &user, &profile_body()).await;

    let profile = own_profile(&app, &user).await;
    assert_eq!(profile["_id"], id);
    for (field, value) in profile_body().as_object().unwrap() {
        assert_eq!(&profile[field], value, "{field}");
    }
    let response = app.profile_by_id(Some(&user.token), &id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap(), profile);
}

#[tokio::test]
async fn a_second_post_updates_the_profile_and_keeps_its_id() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let first = save(&app, &user, &profile_body()).await;
    let changed = with(profile_body(), "city", Some(json!("York")));
    let second = save(&app, &user, &changed).await;
    assert_eq!(second, first);
    let profile = own_profile(&app, &user).await;
    assert_eq!(profile["city"], "York");
    assert_eq!(profile["_id"], first);
}

#[tokio::test]
async fn each_user_has_a_profile_of_their_own() {
    let app = spawn_app().await;
    let ann = app.new_user().await;
    let bob = app.new_user().await;
    let ann_id = save(&app, &ann, &profile_body()).await;
    let bob_body = with(profile_body(), "city", Some(json!("Bristol")));
    let bob_id = save(&app, &bob, &bob_body).await;
    assert_ne!(ann_id, bob_id);
    assert_eq!(own_profile(&app, &ann).await["city"], "Leeds");
    assert_eq!(own_profile(&app, &bob).await["city"], "Bristol");
}

#[tokio::test]
async fn a_user_without_a_profile_gets_404() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.profile(Some(&user.token)).await;
    expect_error(response, StatusCode::NOT_FOUND, "Profile not found").await;
}

#[tokio::test]
async fn a_profile_is_shown_to_its_owner_and_an_admin_only() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let owner = app.new_user().await;
    let other = app.new_user().await;
    let id = save(&app, &owner, &profile_body()).await;

    let response = app.profile_by_id(Some(&admin.token), &id).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["city"], "Leeds");
    let response = app.profile_by_id(Some(&other.token), &id).await;
    expect_error(response, StatusCode::NOT_FOUND, "Profile not found").await;
    let response = app.profile_by_id(None, &id).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = app.profile_by_id(Some(&admin.token), "424242").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn profiles_need_a_token() {
    let app = spawn_app().await;
    let response = app.post_profile(None, &profile_body()).await;
    expect_error(response, StatusCode::UNAUTHORIZED, "Please sign in first").await;
    assert_eq!(app.profile(None).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_profile_names_each_missing_field_with_its_own_message() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let response = app.post_profile(Some(&user.token), &json!({})).await;
    let error = expect_error(response, StatusCode::BAD_REQUEST, "Education is Required").await;
    assert_eq!(
        error["fields"],
        json!({
            "education": "Education is Required", "location": "Location is Required",
            "city": "City is Required", "phone": "Phone is Required",
            "linkedin": "LinkedIn is Required", "img": "Image is Required"
        })
    );
    assert_eq!(
        app.profile(Some(&user.token)).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_phone_may_be_a_number_but_not_words() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let body = with(profile_body(), "phone", Some(json!(1134960000)));
    save(&app, &user, &body).await;
    assert_eq!(own_profile(&app, &user).await["phone"], "1134960000");

    for phone in [json!("call me"), json!("12"), json!(true)] {
        let body = with(profile_body(), "phone", Some(phone.clone()));
        let response = app.post_profile(Some(&user.token), &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{phone}");
        let error = error_of(response).await;
        assert!(error["fields"].get("phone").is_some(), "{error}");
    }
    assert_eq!(own_profile(&app, &user).await["phone"], "1134960000");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saving_a_profile_twice_at_once_keeps_one_profile() {
    let app = spawn_app().await;
    let user = app.new_user().await;
    let (leeds, york) = (
        profile_body(),
        with(profile_body(), "city", Some(json!("York"))),
    );
    let (first, second) = tokio::join!(save(&app, &user, &leeds), save(&app, &user, &york));
    assert_eq!(first, second);
    assert_eq!(own_profile(&app, &user).await["_id"], first);
}
