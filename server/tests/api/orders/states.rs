//! Running the orders: an order's payment and fulfilment, the table of
//! allowed moves (every allowed and every refused move from every state an
//! order can reach), who may make them, stock given back exactly once even
//! when moves race, refunds through both payment providers, and the admin's
//! order list.

use futures::future::join_all;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::*;
use crate::orders::id_of;

const STOCK: i64 = 1000;
const UNITS: i64 = 3;

/// The states an order can reach, as `payment/fulfilment`, with the moves
/// that reach them from a new order.
const STATES: [(&str, &[&str]); 6] = [
    ("unpaid/pending", &[]),
    ("paid/pending", &["pay"]),
    ("paid/shipped", &["pay", "ship"]),
    ("paid/delivered", &["pay", "ship", "deliver"]),
    ("unpaid/cancelled", &["cancel"]),
    ("refunded/cancelled", &["pay", "refund"]),
];

/// The moves, each with the route that makes it: paying and the buyer's
/// cancel are the buyer's own routes, the rest the admin's.
const MOVES: [&str; 6] = ["pay", "ship", "deliver", "cancel", "buyer-cancel", "refund"];

/// The contract's table: (from, move) → to, and whether stock comes back.
fn allowed(from: &str, action: &str) -> Option<(&'static str, bool)> {
    match (from, action) {
        ("unpaid/pending", "pay") => Some(("paid/pending", false)),
        ("paid/pending", "ship") => Some(("paid/shipped", false)),
        ("paid/shipped", "deliver") => Some(("paid/delivered", false)),
        ("unpaid/pending", "cancel" | "buyer-cancel") => Some(("unpaid/cancelled", true)),
        ("paid/pending", "refund") => Some(("refunded/cancelled", true)),
        _ => None,
    }
}

/// The message a refused move answers with.
fn refusal(from: &str, action: &str) -> &'static str {
    if from.ends_with("/cancelled") {
        return "This order was cancelled";
    }
    match (action, from) {
        ("pay", _) => "This order is already paid",
        ("ship", "paid/shipped") => "This order has already been shipped",
        ("ship" | "deliver", "paid/delivered") => "This order has already been delivered",
        ("ship", _) => "Only a paid order can be shipped",
        ("deliver", _) => "Only a shipped order can be delivered",
        ("cancel" | "buyer-cancel", "paid/shipped") => "A shipped order cannot be cancelled",
        ("cancel" | "buyer-cancel", "paid/delivered") => "A delivered order cannot be cancelled",
        ("cancel" | "buyer-cancel", _) => "A paid order cannot be cancelled; refund it instead",
        ("refund", _) => "Only a paid order that has not shipped can be refunded",
        _ => unreachable!("{action} from {from}"),
    }
}

/// The `status` and `paid` the API derives from each state.
fn derived(state: &str) -> (&'static str, bool) {
    match state {
        "unpaid/pending" => ("unpaid", false),
        "paid/pending" => ("paid", true),
        "paid/shipped" | "paid/delivered" => ("shipped", true),
        "unpaid/cancelled" | "refunded/cancelled" => ("cancelled", false),
        _ => unreachable!("{state}"),
    }
}

fn state_of(order: &Value) -> String {
    format!(
        "{}/{}",
        order["paymentStatus"].as_str().unwrap(),
        order["fulfilmentStatus"].as_str().unwrap()
    )
}

/// A shop with one part in plenty, its admin and a buyer.
struct Shop {
    app: TestApp,
    admin: User,
    buyer: User,
    part_id: String,
}

async fn shop() -> Shop {
    shop_on(spawn_app().await).await
}

async fn shop_on(app: TestApp) -> Shop {
    let admin = app.admin().await;
    let part_id = app.add_part(&admin, STOCK, 1, "12.50").await;
    let buyer = app.new_user().await;
    Shop {
        app,
        admin,
        buyer,
        part_id,
    }
}

impl TestApp {
    /// `POST /api/admin/orders/{id}/{action}`.
    pub async fn admin_move(&self, token: Option<&str>, id: &str, action: &str) -> Response {
        self.request(
            Method::POST,
            &format!("/api/admin/orders/{id}/{action}"),
            token,
        )
        .send()
        .await
        .expect("request sent")
    }

    /// `GET /api/admin/orders` with a query string such as `?status=paid`.
    pub async fn admin_orders(&self, token: Option<&str>, query: &str) -> Response {
        self.get(&format!("/api/admin/orders{query}"), token).await
    }

    /// How many refunds the shop has recorded for an order.
    pub async fn refunds_of(&self, order_id: &str) -> i64 {
        self.count_sql(&format!(
            "SELECT COUNT(*) FROM refunds WHERE booking_id = {order_id}"
        ))
        .await
    }
}

/// The order's page of the admin list (its whole JSON), read by the admin.
async fn admin_view(shop: &Shop, id: &str) -> Value {
    let response = shop.app.get_order(Some(&shop.admin.token), id).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn stock(shop: &Shop) -> i64 {
    shop.app.part(&shop.part_id).await["availableQuantity"]
        .as_i64()
        .unwrap()
}

/// Makes one move through its route; answers the response.
async fn make(shop: &Shop, id: &str, action: &str) -> Response {
    let app = &shop.app;
    match action {
        "pay" => {
            let order = admin_view(shop, id).await;
            if state_of(&order) == "unpaid/pending" {
                let transaction = app.pay_with_test_card(&shop.buyer, id).await;
                app.pay_order(Some(&shop.buyer.token), id, &transaction)
                    .await
            } else {
                // Any other payment than the one that paid it, if any.
                app.pay_order(Some(&shop.buyer.token), id, "pi_another")
                    .await
            }
        }
        "buyer-cancel" => app.cancel_order(Some(&shop.buyer.token), id).await,
        _ => app.admin_move(Some(&shop.admin.token), id, action).await,
    }
}

/// A new order of `UNITS` units brought to `state` through the routes.
async fn order_in(shop: &Shop, state: &str) -> String {
    let order = shop
        .app
        .place_order(&shop.buyer, &shop.part_id, UNITS)
        .await;
    let id = id_of(&order).to_owned();
    let path = STATES.iter().find(|(s, _)| *s == state).unwrap().1;
    for action in path {
        let response = make(shop, &id, action).await;
        assert_eq!(
            response.status(),
            StatusCode::OK,
            "{action} towards {state}"
        );
    }
    assert_eq!(state_of(&admin_view(shop, &id).await), state);
    id
}

/// What a move must leave alone when refused: the order, the stock, the
/// payments and refunds.
async fn snapshot(shop: &Shop, id: &str) -> (Value, i64, i64, i64) {
    (
        admin_view(shop, id).await,
        stock(shop).await,
        shop.app.payments_of(id).await,
        shop.app.refunds_of(id).await,
    )
}

#[tokio::test]
async fn every_move_from_every_state_is_made_or_refused_as_the_table_says() {
    let shop = shop().await;
    let mut tried = 0;
    for (from, _) in STATES {
        for action in MOVES {
            let id = order_in(&shop, from).await;
            let (before, stock_before, payments, refunds) = snapshot(&shop, &id).await;
            let response = make(&shop, &id, action).await;
            let case = format!("{action} from {from}");
            match allowed(from, action) {
                Some((to, gives_stock_back)) => {
                    assert_eq!(response.status(), StatusCode::OK, "{case}");
                    let answer: Value = response.json().await.unwrap();
                    let after = admin_view(&shop, &id).await;
                    assert_eq!(state_of(&after), to, "{case}");
                    if action == "buyer-cancel" {
                        assert_eq!(answer, json!({"deletedCount": 1}), "{case}");
                    } else {
                        assert_eq!(
                            answer, after,
                            "{case}: the answer is the order after the move"
                        );
                    }
                    let expected_stock = stock_before + if gives_stock_back { UNITS } else { 0 };
                    assert_eq!(stock(&shop).await, expected_stock, "{case}");
                    assert_eq!(
                        shop.app.refunds_of(&id).await,
                        i64::from(action == "refund"),
                        "{case}"
                    );
                    assert!(
                        after["updatedAt"].as_str().unwrap()
                            >= before["updatedAt"].as_str().unwrap()
                    );
                }
                None => {
                    expect_error(response, StatusCode::CONFLICT, refusal(from, action)).await;
                    assert_eq!(
                        snapshot(&shop, &id).await,
                        (before, stock_before, payments, refunds),
                        "{case} changes nothing"
                    );
                }
            }
            tried += 1;
        }
    }
    assert_eq!(tried, 36);
}

#[tokio::test]
async fn each_state_shows_its_derived_status_and_paid_everywhere() {
    let shop = shop().await;
    for (state, _) in STATES {
        let id = order_in(&shop, state).await;
        let (status, paid) = derived(state);
        let as_buyer = shop.app.order_of(&shop.buyer, &id).await;
        let listed = shop
            .app
            .orders_of(&shop.buyer)
            .await
            .into_iter()
            .find(|o| o["_id"] == id.as_str())
            .unwrap();
        let response = shop
            .app
            .admin_orders(Some(&shop.admin.token), "?limit=1")
            .await;
        let in_admin_list: Vec<Value> = response.json().await.unwrap();
        for order in [&as_buyer, &listed, &in_admin_list[0]] {
            assert_eq!(state_of(order), state);
            assert_eq!(order["status"], status, "{state}");
            assert_eq!(order["paid"], paid, "{state}");
            time::OffsetDateTime::parse(
                order["updatedAt"].as_str().unwrap(),
                &time::format_description::well_known::Rfc3339,
            )
            .expect("updatedAt is RFC 3339");
        }
        assert_eq!(as_buyer, listed);
        assert_eq!(as_buyer, in_admin_list[0]);
    }
}

#[tokio::test]
async fn a_new_order_is_unpaid_and_pending() {
    let shop = shop().await;
    let order = shop
        .app
        .place_order(&shop.buyer, &shop.part_id, UNITS)
        .await;
    assert_eq!(order["paymentStatus"], "unpaid");
    assert_eq!(order["fulfilmentStatus"], "pending");
    assert_eq!(order["updatedAt"], order["createdAt"]);
}

#[tokio::test]
async fn only_admins_run_orders_and_only_the_buyer_pays_or_cancels_their_own() {
    let shop = shop().await;
    let app = &shop.app;
    let other = app.new_user().await;
    let unpaid = order_in(&shop, "unpaid/pending").await;
    let paid = order_in(&shop, "paid/pending").await;
    let before = (snapshot(&shop, &unpaid).await, snapshot(&shop, &paid).await);

    for action in ["ship", "deliver", "cancel", "refund"] {
        for id in [&unpaid, &paid] {
            let response = app.admin_move(None, id, action).await;
            assert_eq!(response.status(), StatusCode::UNAUTHORIZED, "{action}");
            error_of(response).await;
            // Not even the order's own buyer.
            for buyer in [&shop.buyer, &other] {
                let response = app.admin_move(Some(&buyer.token), id, action).await;
                assert_eq!(response.status(), StatusCode::FORBIDDEN, "{action}");
                error_of(response).await;
            }
        }
        for missing in ["424242", "abc", "0"] {
            let response = app
                .admin_move(Some(&shop.admin.token), missing, action)
                .await;
            expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
        }
    }
    for query in ["", "?status=paid"] {
        let response = app.admin_orders(None, query).await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let response = app.admin_orders(Some(&shop.buyer.token), query).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN);
        error_of(response).await;
    }
    // Another buyer does not learn the order exists; the admin cannot pay
    // or cancel it through the buyer's routes.
    let response = app.cancel_order(Some(&other.token), &unpaid).await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let response = app.pay_order(Some(&other.token), &unpaid, "pi_x").await;
    expect_error(response, StatusCode::NOT_FOUND, "Order not found").await;
    let response = app.cancel_order(Some(&shop.admin.token), &unpaid).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let response = app
        .pay_order(Some(&shop.admin.token), &unpaid, "pi_x")
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    // No such move.
    let response = app.admin_move(Some(&shop.admin.token), &paid, "pay").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    let after = (snapshot(&shop, &unpaid).await, snapshot(&shop, &paid).await);
    assert_eq!(after, before, "nothing changed");
}

/// An admin who orders is that order's buyer (docs/decisions.md, D30): it is
/// in their own list, holds stock like any order, and they pay for it and
/// cancel it through the buyer's routes. Another buyer's order they still
/// neither pay for nor cancel there, not even with a payment that went through.
#[tokio::test]
async fn an_admin_settles_their_own_orders_and_no_one_elses() {
    let shop = shop().await;
    let app = &shop.app;
    let admin = &shop.admin;
    let start = stock(&shop).await;

    let to_pay = id_of(&app.place_order(admin, &shop.part_id, UNITS).await).to_owned();
    let to_cancel = id_of(&app.place_order(admin, &shop.part_id, UNITS).await).to_owned();
    assert_eq!(stock(&shop).await, start - 2 * UNITS);
    for buyer in [None, Some(admin.email.as_str())] {
        let response = app.list_orders(Some(&admin.token), buyer).await;
        assert_eq!(response.status(), StatusCode::OK);
        let listed: Vec<Value> = response.json().await.unwrap();
        let ids: Vec<&str> = listed.iter().map(id_of).collect();
        assert_eq!(ids, [to_cancel.as_str(), to_pay.as_str()], "newest first");
        assert!(listed.iter().all(|o| o["buyer"] == admin.email.as_str()));
    }

    // Paid with the test card, as any buyer pays.
    let transaction = app.pay_with_test_card(admin, &to_pay).await;
    let response = app
        .pay_order(Some(&admin.token), &to_pay, &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let paid: Value = response.json().await.unwrap();
    assert_eq!(state_of(&paid), "paid/pending");
    assert_eq!(paid["transactionId"], transaction.as_str());

    // Cancelled as its buyer: the stock comes back.
    let response = app.cancel_order(Some(&admin.token), &to_cancel).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"deletedCount": 1})
    );
    let cancelled = admin_view(&shop, &to_cancel).await;
    assert_eq!(state_of(&cancelled), "unpaid/cancelled");
    assert_eq!(cancelled["cancelReason"], "buyer");
    assert_eq!(stock(&shop).await, start - UNITS);
    // A paid order is no longer the buyer's to cancel, an admin's or not.
    let response = app.cancel_order(Some(&admin.token), &to_pay).await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A paid order cannot be cancelled; refund it instead",
    )
    .await;

    // A buyer's order, with its payment opened by its buyer.
    let theirs = order_in(&shop, "unpaid/pending").await;
    let intent = app.open_payment(&shop.buyer, &theirs).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let before = snapshot(&shop, &theirs).await;
    let only_the_buyer = "Only the buyer can pay for or cancel an order";
    let response = app.cancel_order(Some(&admin.token), &theirs).await;
    expect_error(response, StatusCode::FORBIDDEN, only_the_buyer).await;
    let response = app
        .pay_order(Some(&admin.token), &theirs, &transaction)
        .await;
    expect_error(response, StatusCode::FORBIDDEN, only_the_buyer).await;
    let response = app
        .create_intent(Some(&admin.token), &json!({"bookingId": theirs}))
        .await;
    expect_error(response, StatusCode::FORBIDDEN, only_the_buyer).await;
    let response = app.confirm_card(admin, secret, "4242424242424242").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    error_of(response).await;
    assert_eq!(snapshot(&shop, &theirs).await, before, "nothing changed");
}

/// Runs `moves` on order `id` all at once; answers each move's status.
async fn race(shop: &Shop, id: &str, moves: &[&'static str]) -> Vec<(&'static str, StatusCode)> {
    let attempts = moves.iter().map(|action| async move {
        let response = make(shop, id, action).await;
        (*action, response.status())
    });
    join_all(attempts).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_moves_let_one_win_and_give_the_stock_back_once() {
    let shop = shop().await;
    for round in 0..4 {
        // An unpaid order: the buyer and two admins cancel while one ships
        // and one refunds; exactly one cancel wins.
        let id = order_in(&shop, "unpaid/pending").await;
        let stock_before = stock(&shop).await;
        let results = race(
            &shop,
            &id,
            &[
                "buyer-cancel",
                "cancel",
                "cancel",
                "ship",
                "refund",
                "deliver",
            ],
        )
        .await;
        let won: Vec<_> = results
            .iter()
            .filter(|(_, s)| *s == StatusCode::OK)
            .collect();
        assert_eq!(won.len(), 1, "round {round}: {results:?}");
        assert!(won[0].0.contains("cancel"), "{results:?}");
        assert!(results
            .iter()
            .all(|(_, s)| *s == StatusCode::OK || *s == StatusCode::CONFLICT));
        assert_eq!(state_of(&admin_view(&shop, &id).await), "unpaid/cancelled");
        assert_eq!(stock(&shop).await, stock_before + UNITS, "{results:?}");

        // A paid order: two refunds race a ship and a cancel; either the
        // refund wins (stock back once, one refund) or the ship does (no
        // stock back, no refund).
        let id = order_in(&shop, "paid/pending").await;
        let stock_before = stock(&shop).await;
        let results = race(
            &shop,
            &id,
            &["refund", "ship", "refund", "cancel", "buyer-cancel"],
        )
        .await;
        let after = admin_view(&shop, &id).await;
        let refunded = results
            .iter()
            .filter(|(a, s)| *a == "refund" && *s == StatusCode::OK)
            .count();
        let shipped = results
            .iter()
            .filter(|(a, s)| *a == "ship" && *s == StatusCode::OK)
            .count();
        assert_eq!(refunded + shipped, 1, "round {round}: {results:?}");
        assert!(results
            .iter()
            .all(|(_, s)| *s == StatusCode::OK || *s == StatusCode::CONFLICT));
        if refunded == 1 {
            assert_eq!(state_of(&after), "refunded/cancelled");
            assert_eq!(stock(&shop).await, stock_before + UNITS);
            assert_eq!(shop.app.refunds_of(&id).await, 1);
        } else {
            assert_eq!(state_of(&after), "paid/shipped");
            assert_eq!(stock(&shop).await, stock_before);
            assert_eq!(shop.app.refunds_of(&id).await, 0);
        }
    }
}

#[tokio::test]
async fn a_refund_through_the_test_provider_is_recorded_and_cancels_the_order() {
    let shop = shop().await;
    let id = order_in(&shop, "paid/pending").await;
    let paid = admin_view(&shop, &id).await;
    let stock_before = stock(&shop).await;
    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let order: Value = response.json().await.unwrap();
    assert_eq!(
        (
            &order["paymentStatus"],
            &order["fulfilmentStatus"],
            &order["status"],
            &order["paid"]
        ),
        (
            &json!("refunded"),
            &json!("cancelled"),
            &json!("cancelled"),
            &json!(false)
        )
    );
    // The payment that was refunded stays on the order.
    assert_eq!(order["transactionId"], paid["transactionId"]);
    assert_eq!(stock(&shop).await, stock_before + UNITS);
    let transaction = paid["transactionId"].as_str().unwrap();
    assert_eq!(
        shop.app
            .count_sql(&format!(
                "SELECT COUNT(*) FROM refunds WHERE booking_id = {id} AND payment_id = '{transaction}' \
                 AND amount_cents = 3750 AND currency = 'usd' AND status = 'succeeded'"
            ))
            .await,
        1
    );
    // Refunding again is refused and refunds nothing more.
    let again = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    expect_error(again, StatusCode::CONFLICT, "This order was cancelled").await;
    assert_eq!(shop.app.refunds_of(&id).await, 1);
    assert_eq!(stock(&shop).await, stock_before + UNITS);
}

/// A shop taking payments through the Stripe stand-in.
async fn stripe_shop() -> (Shop, StripeStandIn) {
    let (app, stand_in) = spawn_stripe_app_with(|_| {}).await;
    (shop_on(app).await, stand_in)
}

/// An order paid through the stand-in: the browser confirms the intent with
/// the provider, then the buyer tells the shop.
async fn paid_through_stripe(shop: &Shop, stand_in: &StripeStandIn) -> (String, String) {
    let order = shop
        .app
        .place_order(&shop.buyer, &shop.part_id, UNITS)
        .await;
    let id = id_of(&order).to_owned();
    let intent = shop.app.open_payment(&shop.buyer, &id).await;
    let secret = intent["clientSecret"].as_str().unwrap();
    let transaction = secret.split("_secret_").next().unwrap().to_owned();
    stand_in.set(&transaction, "status", json!("succeeded"));
    let response = shop
        .app
        .pay_order(Some(&shop.buyer.token), &id, &transaction)
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    (id, transaction)
}

#[tokio::test]
async fn a_refund_through_stripe_asks_the_refunds_api_first() {
    let (shop, stand_in) = stripe_shop().await;
    let (id, transaction) = paid_through_stripe(&shop, &stand_in).await;
    let stock_before = stock(&shop).await;
    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let order: Value = response.json().await.unwrap();
    assert_eq!(state_of(&order), "refunded/cancelled");
    assert_eq!(stock(&shop).await, stock_before + UNITS);

    let requests = stand_in.requests();
    let refund = requests.last().unwrap();
    assert_eq!(
        (&refund.method, refund.path.as_str()),
        (&Method::POST, "/v1/refunds")
    );
    assert_eq!(
        refund.header("authorization"),
        Some(format!("Bearer {STRIPE_SECRET_KEY}").as_str())
    );
    assert!(refund
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/x-www-form-urlencoded")));
    assert_eq!(refund.field("payment_intent"), Some(transaction.as_str()));
    assert_eq!(refund.field("amount"), Some("3750"));
    assert_eq!(refund.field("metadata[order_id]"), Some(id.as_str()));
    let key = refund
        .header("idempotency-key")
        .expect("an Idempotency-Key");
    assert!(key.starts_with(&format!("refund-order-{id}-")), "{key}");
    let made = stand_in.refunds();
    assert_eq!(made.len(), 1);
    assert_eq!(made[0]["payment_intent"], transaction.as_str());
    assert_eq!(made[0]["amount"], 3750);
    assert_eq!(
        shop.app
            .count_sql(&format!(
                "SELECT COUNT(*) FROM refunds WHERE booking_id = {id} AND id = '{}'",
                made[0]["id"].as_str().unwrap()
            ))
            .await,
        1
    );

    // Refunding again asks the provider nothing.
    let again = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    expect_error(again, StatusCode::CONFLICT, "This order was cancelled").await;
    assert_eq!(stand_in.requests().len(), requests.len());
    assert_eq!(stand_in.refunds().len(), 1);
}

#[tokio::test]
async fn a_refund_the_provider_refuses_changes_nothing_and_the_order_can_still_ship() {
    let (shop, stand_in) = stripe_shop().await;
    let (id, _) = paid_through_stripe(&shop, &stand_in).await;
    let before = snapshot(&shop, &id).await;
    stand_in.refuse_refunds("charge_disputed");
    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    error_of(response).await;
    assert_eq!(snapshot(&shop, &id).await, before);
    assert!(stand_in.refunds().is_empty());

    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "ship")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(state_of(&response.json().await.unwrap()), "paid/shipped");
}

#[tokio::test]
async fn a_paid_order_is_not_shipped_while_its_refund_is_under_way() {
    let shop = shop().await;
    let id = order_in(&shop, "paid/pending").await;
    // As the shop leaves it while the provider is being asked.
    shop.app
        .execute_sql(&format!(
            "UPDATE bookings SET refund_started_at = '2026-01-01T00:00:00.000000Z' WHERE id = {id}"
        ))
        .await;
    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "ship")
        .await;
    expect_error(
        response,
        StatusCode::CONFLICT,
        "A refund of this order is under way",
    )
    .await;
    assert_eq!(state_of(&admin_view(&shop, &id).await), "paid/pending");
    // A refund that stopped half way can be asked for again.
    let response = shop
        .app
        .admin_move(Some(&shop.admin.token), &id, "refund")
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(shop.app.refunds_of(&id).await, 1);
}

/// Which states a filter keeps.
type Keep<'a> = &'a dyn Fn(&str) -> bool;

/// The admin list for `query`: the orders' ids and `X-Total-Count`.
async fn admin_list(shop: &Shop, query: &str) -> (Vec<String>, i64) {
    let response = shop.app.admin_orders(Some(&shop.admin.token), query).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    let total = response
        .headers()
        .get("x-total-count")
        .expect("an X-Total-Count header")
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    let orders: Vec<Value> = response.json().await.unwrap();
    let ids = orders
        .iter()
        .map(|o| o["_id"].as_str().unwrap().to_owned())
        .collect();
    (ids, total)
}

#[tokio::test]
async fn the_admin_lists_every_buyers_orders_newest_first_by_state() {
    let shop = shop().await;
    let other = Shop {
        buyer: shop.app.new_user().await,
        app: shop.app.restart_with(|_| {}).await,
        admin: shop.admin.clone(),
        part_id: shop.part_id.clone(),
    };
    // Two orders in each state, one from each of two buyers; oldest first.
    let mut placed: Vec<(String, &str)> = Vec::new();
    for (state, _) in STATES {
        placed.push((order_in(&shop, state).await, state));
        placed.push((order_in(&other, state).await, state));
    }
    let newest_first = |keep: &dyn Fn(&str) -> bool| -> Vec<String> {
        placed
            .iter()
            .rev()
            .filter(|(_, s)| keep(s))
            .map(|(id, _)| id.clone())
            .collect()
    };

    let (all, total) = admin_list(&shop, "").await;
    assert_eq!((all.clone(), total), (newest_first(&|_| true), 12));
    let cases: [(&str, Keep); 10] = [
        ("?payment=unpaid", &|s| s.starts_with("unpaid/")),
        ("?payment=paid", &|s| s.starts_with("paid/")),
        ("?payment=refunded", &|s| s.starts_with("refunded/")),
        ("?fulfilment=pending", &|s| s.ends_with("/pending")),
        ("?fulfilment=shipped", &|s| s.ends_with("/shipped")),
        ("?fulfilment=delivered", &|s| s.ends_with("/delivered")),
        ("?fulfilment=cancelled", &|s| s.ends_with("/cancelled")),
        ("?status=shipped", &|s| derived(s).0 == "shipped"),
        ("?status=cancelled&payment=unpaid", &|s| {
            s == "unpaid/cancelled"
        }),
        ("?payment=paid&fulfilment=pending", &|s| s == "paid/pending"),
    ];
    for (query, keep) in cases {
        let expected = newest_first(keep);
        assert!(!expected.is_empty(), "{query}");
        let (ids, total) = admin_list(&shop, query).await;
        assert_eq!(ids, expected, "{query}");
        assert_eq!(total, expected.len() as i64, "{query}");
    }
    for status in ["unpaid", "paid", "shipped", "cancelled"] {
        let (ids, total) = admin_list(&shop, &format!("?status={status}")).await;
        assert_eq!(ids, newest_first(&|s| derived(s).0 == status), "{status}");
        assert_eq!(total, ids.len() as i64);
    }
    let (ids, total) = admin_list(&shop, "?payment=refunded&fulfilment=pending").await;
    assert_eq!((ids.len(), total), (0, 0));

    // Pages.
    let (page, total) = admin_list(&shop, "?limit=5").await;
    assert_eq!((page, total), (all[..5].to_vec(), 12));
    let (page, total) = admin_list(&shop, "?limit=5&offset=10").await;
    assert_eq!((page, total), (all[10..].to_vec(), 12));
    let (page, total) = admin_list(&shop, "?offset=12").await;
    assert_eq!((page.len(), total), (0, 12));
    let (page, _) = admin_list(&shop, "?limit=100").await;
    assert_eq!(page, all);
    let (page, total) = admin_list(&shop, "?status=paid&limit=1&offset=1").await;
    assert_eq!(
        (page, total),
        (vec![newest_first(&|s| s == "paid/pending")[1].clone()], 2)
    );
}

#[tokio::test]
async fn the_admin_list_shows_fifty_orders_unless_asked() {
    let shop = shop().await;
    for _ in 0..52 {
        shop.app.place_order(&shop.buyer, &shop.part_id, 1).await;
    }
    let (page, total) = admin_list(&shop, "").await;
    assert_eq!((page.len(), total), (50, 52));
    let (page, _) = admin_list(&shop, "?limit=100").await;
    assert_eq!(page.len(), 52);
}

#[tokio::test]
async fn bad_filters_and_pages_answer_400_naming_the_field() {
    let shop = shop().await;
    let cases = [
        (
            "?limit=0",
            "limit",
            "limit must be a whole number from 1 to 100",
        ),
        (
            "?limit=101",
            "limit",
            "limit must be a whole number from 1 to 100",
        ),
        (
            "?limit=ten",
            "limit",
            "limit must be a whole number from 1 to 100",
        ),
        (
            "?limit=-1",
            "limit",
            "limit must be a whole number from 1 to 100",
        ),
        (
            "?limit=",
            "limit",
            "limit must be a whole number from 1 to 100",
        ),
        (
            "?offset=-1",
            "offset",
            "offset must be a whole number of 0 or more",
        ),
        (
            "?offset=two",
            "offset",
            "offset must be a whole number of 0 or more",
        ),
        (
            "?payment=free",
            "payment",
            "payment must be unpaid, paid or refunded",
        ),
        (
            "?payment=PAID",
            "payment",
            "payment must be unpaid, paid or refunded",
        ),
        (
            "?fulfilment=lost",
            "fulfilment",
            "fulfilment must be pending, shipped, delivered or cancelled",
        ),
        (
            "?status=refunded",
            "status",
            "status must be unpaid, paid, shipped or cancelled",
        ),
        (
            "?status=delivered",
            "status",
            "status must be unpaid, paid, shipped or cancelled",
        ),
    ];
    for (query, field, message) in cases {
        let response = shop.app.admin_orders(Some(&shop.admin.token), query).await;
        expect_field_error(response, field, message).await;
    }
    // Every wrong field is named at once.
    let response = shop
        .app
        .admin_orders(Some(&shop.admin.token), "?payment=x&limit=0")
        .await;
    let body = error_of(response).await;
    assert_eq!(body["fields"].as_object().unwrap().len(), 2, "{body}");
}

#[tokio::test]
async fn orders_placed_before_the_states_existed_get_theirs_from_their_status() {
    use sqlx::Executor;
    sqlx::any::install_default_drivers();
    let folder = tempfile::tempdir().unwrap();
    let postgres = if on_postgres() {
        Some(PostgresDatabase::create().await)
    } else {
        None
    };
    let (url, dialect) = match &postgres {
        Some(db) => (db.url.clone(), "postgres"),
        None => (
            format!(
                "sqlite://{}?mode=rwc",
                folder.path().join("old.db").display()
            ),
            "sqlite",
        ),
    };
    // The database as it was before this migration.
    let mut before = sqlx::migrate::Migrator::new(std::path::PathBuf::from(format!(
        "{}/migrations/{dialect}",
        env!("CARGO_MANIFEST_DIR")
    )))
    .await
    .unwrap();
    before.migrations = before
        .migrations
        .iter()
        .filter(|m| m.version < 5)
        .cloned()
        .collect::<Vec<_>>()
        .into();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    before.run(&pool).await.unwrap();
    for (status, transaction) in [
        ("unpaid", "NULL"),
        ("paid", "'pi_paid'"),
        ("shipped", "'pi_shipped'"),
        ("cancelled", "NULL"),
    ] {
        pool.execute(
            format!(
                "INSERT INTO bookings (part_id, part_name, unit_price_cents, quantity, price_cents, \
                 buyer_id, buyer_email, buyer_name, status, transaction_id, created_at, updated_at) \
                 VALUES (1, 'Old part', 100, 1, 100, 1, 'old@example.com', 'Old Buyer', '{status}', \
                 {transaction}, '2025-01-01T00:00:00.000000Z', '2025-01-01T00:00:00.000000Z')"
            )
            .as_str(),
        )
        .await
        .unwrap();
    }
    pool.close().await;

    let db = shop::Db::connect(&url).await.expect("the migrations apply");
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT status, payment_status, fulfilment_status FROM bookings ORDER BY id",
    )
    .fetch_all(&db.pool)
    .await
    .unwrap();
    db.pool.close().await;
    let expected = [
        ("unpaid", "unpaid", "pending"),
        ("paid", "paid", "pending"),
        ("shipped", "paid", "shipped"),
        ("cancelled", "unpaid", "cancelled"),
    ]
    .map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned()));
    assert_eq!(rows, expected);
}
