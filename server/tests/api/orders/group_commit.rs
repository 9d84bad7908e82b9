//! Orders placed at the same moment share one write transaction (group
//! commit), on either database. Each order is still checked on its own: a
//! refused one takes nothing, even when it took some stock before it was
//! refused; and when the database fails for one order, the others are
//! placed all the same and only that buyer hears of the failure.

use std::time::Duration;

use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::{Connection, Executor};

use crate::helpers::*;

/// Another program holding, until `release`, what the shop needs to place
/// an order of `part_id`: the write lock on SQLite, the part's row on
/// PostgreSQL. Orders arriving meanwhile wait for the shop's order desk,
/// which then places them together.
struct Held(sqlx::AnyConnection);

impl Held {
    async fn take(app: &TestApp, part_id: &str) -> Held {
        let mut conn = app.write_transaction().await;
        if on_postgres() {
            conn.execute(format!("SELECT id FROM parts WHERE id = {part_id} FOR UPDATE").as_str())
                .await
                .expect("the part's row");
        }
        Held(conn)
    }

    async fn release(mut self) {
        self.0.execute("ROLLBACK").await.expect("let go");
        self.0.close().await.expect("closed");
    }
}

fn lines(parts: &[(&str, i64)]) -> Value {
    json!({"lines": parts.iter().map(|(p, q)| json!({"partId": p, "quantity": q})).collect::<Vec<_>>()})
}

/// Sends every `(buyer, body)` checkout at once while `held` keeps the
/// shop waiting, lets go after a moment, and answers each (status, body)
/// in the order sent.
async fn checkouts_while_held(
    app: &TestApp,
    held: Held,
    orders: &[(&User, Value)],
) -> Vec<(StatusCode, Value)> {
    let sent = join_all(orders.iter().map(|(buyer, body)| async move {
        let response = app
            .post_json("/api/checkout", Some(&buyer.token), body)
            .await;
        (response.status(), response.json::<Value>().await.unwrap())
    }));
    let release = async {
        tokio::time::sleep(Duration::from_millis(700)).await;
        held.release().await;
    };
    let (answers, ()) = tokio::join!(sent, release);
    answers
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn orders_placed_together_are_each_checked_and_a_refused_one_takes_nothing() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let plenty = app.add_part(&admin, 1000, 1, "10.00").await;
    let scarce = app.add_part(&admin, 1, 1, "20.00").await;
    let bulk = app.add_part(&admin, 1000, 5, "1.00").await;
    let buyers = join_all((0..30).map(|_| app.new_user())).await;
    // A third want the one scarce unit besides one plenty; a third ask for
    // bulk below its minimum (refused once their plenty units are taken);
    // a third order plenty only.
    let orders: Vec<(&User, Value)> = buyers
        .iter()
        .enumerate()
        .map(|(i, buyer)| {
            let body = match i % 3 {
                0 => lines(&[(&plenty, 1), (&scarce, 1)]),
                1 => lines(&[(&plenty, 2), (&bulk, 2)]),
                _ => lines(&[(&plenty, 1)]),
            };
            (buyer, body)
        })
        .collect();

    let held = Held::take(&app, &plenty).await;
    let answers = checkouts_while_held(&app, held, &orders).await;

    let mut scarce_won = 0;
    for (i, (status, body)) in answers.iter().enumerate() {
        match i % 3 {
            0 if *status == StatusCode::CREATED => scarce_won += 1,
            0 => {
                assert_eq!(*status, StatusCode::CONFLICT, "{body}");
                assert_eq!(body["fields"]["lines.1.quantity"], "Out of stock", "{body}");
            }
            1 => {
                assert_eq!(*status, StatusCode::BAD_REQUEST, "{body}");
                assert_eq!(
                    body["fields"]["lines.1.quantity"],
                    "The minimum order for this part is 5"
                );
            }
            _ => {
                assert_eq!(*status, StatusCode::CREATED, "{body}");
                assert_eq!(body["booking"]["total"], json!(10.0));
            }
        }
    }
    assert_eq!(scarce_won, 1, "one buyer gets the one unit: {answers:?}");
    // Plenty: 1 to the scarce unit's winner and 1 to each of ten others;
    // the refused orders gave back what they had taken.
    assert_eq!(app.stock_of(&plenty).await, 1000 - 11);
    assert_eq!(app.stock_of(&scarce).await, 0);
    assert_eq!(app.stock_of(&bulk).await, 1000);
    assert_eq!(app.count_sql("SELECT COUNT(*) FROM bookings").await, 11);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM booking_lines").await,
        12
    );
    // Each placed order has its own number and its own message to its buyer.
    let mut ids: Vec<&str> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, b)| b["insertedId"].as_str().unwrap())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 11);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order_placed'")
            .await,
        11
    );
}

/// A batch writes its orders, lines, stock and messages in a statement
/// each, whatever its size; every order comes back exactly as it was sent
/// and priced, quotes, backslashes and letters beyond ASCII included. The
/// order each buyer is answered with (built by the shop from what it wrote,
/// not read back) is the order as stored, its number included.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_batch_of_many_parts_keeps_each_orders_text_and_figures_exactly() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let shared = app.add_part(&admin, 1000, 1, "2.50").await;
    let mut parts = Vec::new();
    for i in 0..40 {
        let name = format!(r#"Pad "R{i}" \ l'étrier — Ø{i} {{x}}"#);
        let id = app
            .add_part_with(
                &admin,
                json!({"name": name, "availableQuantity": 5, "minimumOrder": 1, "price": format!("{i}.25")}),
            )
            .await;
        parts.push((id, name));
    }
    let buyers = join_all((0..40).map(|_| app.new_user())).await;
    let orders: Vec<(&User, Value)> = buyers
        .iter()
        .zip(&parts)
        .enumerate()
        .map(|(i, (buyer, (part, _)))| {
            let mut body = lines(&[(part, 1 + i as i64 % 3), (&shared, 1)]);
            body["vehicle"] = json!(format!(r#"{} "Sport" \ Ü"#, 2000 + i));
            body["phone"] = json!(format!("+44 20 7946 {:04}", i));
            (buyer, body)
        })
        .collect();

    let held = Held::take(&app, &shared).await;
    let answers = checkouts_while_held(&app, held, &orders).await;

    for (i, ((status, body), (buyer, (part, name)))) in
        answers.iter().zip(buyers.iter().zip(&parts)).enumerate()
    {
        assert_eq!(*status, StatusCode::CREATED, "{body}");
        let units = 1 + i as i64 % 3;
        let id = body["insertedId"].as_str().unwrap();
        let order = app.order_of(buyer, id).await;
        assert_eq!(body["booking"], order, "the answer is the order stored");
        let vehicle = json!(format!(r#"{} "Sport" \ Ü"#, 2000 + i));
        assert_eq!(order["phone"], json!(format!("+44 20 7946 {:04}", i)));
        assert_eq!(order["partName"], json!(name));
        assert_eq!(order["lines"][0]["partId"], json!(part));
        assert_eq!(order["lines"][0]["partName"], json!(name));
        assert_eq!(order["lines"][0]["quantity"], json!(units));
        assert_eq!(order["lines"][0]["unitPrice"], json!(i as f64 + 0.25));
        assert_eq!(order["lines"][0]["vehicle"], vehicle);
        assert_eq!(order["lines"][1]["partId"], json!(shared));
        assert_eq!(order["lines"][1]["vehicle"], vehicle);
        assert_eq!(
            order["total"],
            json!((i as f64 + 0.25) * units as f64 + 2.5),
            "{order}"
        );
        assert_eq!(app.stock_of(part).await, 5 - units);
    }
    assert_eq!(app.stock_of(&shared).await, 1000 - 40);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'order_placed'")
            .await,
        40
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn when_the_database_fails_for_one_order_only_its_buyer_hears_of_it() {
    let app = spawn_app().await;
    let admin = app.admin().await;
    let part = app.add_part(&admin, 100, 1, "3.00").await;
    let buyers = join_all((0..12).map(|_| app.new_user())).await;
    // The database itself refuses one order's row (as a full disk or a
    // broken constraint would), partway through the shared transaction.
    let refusing_phone = "+1 555 010 9999";
    if app.config.database_url().starts_with("sqlite:") {
        app.execute_sql(&format!(
            "CREATE TRIGGER refuse_one BEFORE INSERT ON bookings WHEN NEW.phone = '{refusing_phone}' \
             BEGIN SELECT RAISE(ABORT, 'refused by the database'); END"
        ))
        .await;
    } else {
        app.execute_sql(&format!(
            "CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             IF NEW.phone = '{refusing_phone}' THEN RAISE EXCEPTION 'refused by the database'; END IF; \
             RETURN NEW; END $$"
        ))
        .await;
        app.execute_sql("CREATE TRIGGER refuse_one BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION refuse_one()")
            .await;
    }
    let orders: Vec<(&User, Value)> = buyers
        .iter()
        .enumerate()
        .map(|(i, buyer)| {
            let mut body = lines(&[(&part, 2)]);
            if i == 5 {
                body["phone"] = json!(refusing_phone);
            }
            (buyer, body)
        })
        .collect();

    let held = Held::take(&app, &part).await;
    let answers = checkouts_while_held(&app, held, &orders).await;

    for (i, (status, body)) in answers.iter().enumerate() {
        if i == 5 {
            assert_eq!(*status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        } else {
            assert_eq!(*status, StatusCode::CREATED, "{body}");
        }
    }
    assert_eq!(app.stock_of(&part).await, 100 - 2 * 11);
    assert_eq!(app.count_sql("SELECT COUNT(*) FROM bookings").await, 11);
    assert_eq!(
        app.count_sql("SELECT COUNT(*) FROM booking_lines").await,
        11
    );
}
