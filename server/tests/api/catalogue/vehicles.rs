//! The vehicles list (`GET /api/vehicle`) is read from the distinct vehicle
//! spans the database keeps beside the fitments: these check that the spans
//! stay exactly what the fitments say through edits, deletes and edits sent
//! at the same moment.

use super::*;

/// Rows of the kept spans that the fitments do not give, and spans the
/// fitments give that are not kept (with the same counts): 0 when they agree.
const DISAGREEING: &str = "SELECT count(*) FROM (
    SELECT make_key, model_key, make, model, year_from, year_to, fitments FROM fitment_vehicles
    EXCEPT
    SELECT make_key, model_key, make, model, year_from, year_to, count(*) FROM part_fitments
        GROUP BY make_key, model_key, make, model, year_from, year_to
) AS kept_only";
const MISSING: &str = "SELECT count(*) FROM (
    SELECT make_key, model_key, make, model, year_from, year_to, count(*) FROM part_fitments
        GROUP BY make_key, model_key, make, model, year_from, year_to
    EXCEPT
    SELECT make_key, model_key, make, model, year_from, year_to, fitments FROM fitment_vehicles
) AS fitted_only";

async fn assert_spans_agree(app: &TestApp) {
    assert_eq!(
        app.count_sql(DISAGREEING).await,
        0,
        "a kept span no fitment gives"
    );
    assert_eq!(app.count_sql(MISSING).await, 0, "a fitted span not kept");
}

#[tokio::test]
async fn edits_and_deletes_keep_the_vehicles_exact() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let corolla = fitment("Toyota", "Corolla", 2014, 2019);
    let civic = fitment("Honda", "Civic", 2006, 2011);
    let first = app
        .add_part_with(&admin, json!({"fitments": [corolla, civic]}))
        .await;
    let second = app
        .add_part_with(&admin, json!({"fitments": [corolla]}))
        .await;
    assert_spans_agree(&app).await;
    assert_eq!(
        app.count_sql(
            "SELECT CAST(fitments AS BIGINT) FROM fitment_vehicles WHERE model_key = 'corolla'"
        )
        .await,
        2
    );

    // The first part now fits only a Focus: the Civic goes, the Corolla stays
    // for the second part.
    let response = app
        .put_part(
            Some(&admin.token),
            &first,
            &json!({"fitments": [fitment("Ford", "Focus", 2012, 2018)]}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_spans_agree(&app).await;
    let makes: Vec<Value> = get_json(&app, "/api/vehicle")
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["make"].clone())
        .collect();
    assert_eq!(makes, [json!("Ford"), json!("Toyota")]);

    assert_eq!(
        app.delete_part(Some(&admin.token), &second).await.status(),
        StatusCode::OK
    );
    assert_spans_agree(&app).await;
    assert_eq!(
        get_json(&app, "/api/vehicle").await,
        json!([{"make": "Ford", "models": [{"model": "Focus", "yearFrom": 2012, "yearTo": 2018}]}])
    );
}

#[tokio::test]
async fn edits_sent_together_over_the_same_vehicles_leave_them_exact() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let spans = [
        fitment("Toyota", "Corolla", 2014, 2019),
        fitment("Honda", "Civic", 2006, 2011),
        fitment("Ford", "Focus", 2012, 2018),
    ];
    let mut parts = Vec::new();
    for n in 0..8 {
        let fitments = if n % 2 == 0 {
            json!([spans[0], spans[1]])
        } else {
            json!([spans[1], spans[0]])
        };
        parts.push(
            app.add_part_with(&admin, json!({"fitments": fitments}))
                .await,
        );
    }
    // Every part moves to the same spans in an order of its own, all at once,
    // while two parts are deleted: each edit ends in one named outcome.
    let edits = parts.iter().skip(2).enumerate().map(|(n, id)| {
        let fitments = if n % 2 == 0 {
            json!([spans[2], spans[1]])
        } else {
            json!([spans[1], spans[2], spans[0]])
        };
        let (app, admin) = (&app, &admin);
        async move {
            app.put_part(Some(&admin.token), id, &json!({"fitments": fitments}))
                .await
                .status()
        }
    });
    let deletes = parts[..2].iter().map(|id| {
        let (app, admin) = (&app, &admin);
        async move { app.delete_part(Some(&admin.token), id).await.status() }
    });
    let (edits, deletes) = tokio::join!(join_all(edits), join_all(deletes));
    for status in edits.iter().chain(&deletes) {
        assert!(
            *status == StatusCode::OK || *status == StatusCode::SERVICE_UNAVAILABLE,
            "an edit answered {status}"
        );
    }
    assert_spans_agree(&app).await;
    let vehicles = get_json(&app, "/api/vehicle").await;
    let expected = app
        .count_sql("SELECT count(DISTINCT model_key) FROM part_fitments")
        .await;
    let listed: usize = vehicles
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["models"].as_array().unwrap().len())
        .sum();
    assert_eq!(listed as i64, expected);
}
