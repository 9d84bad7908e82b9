//! One helper per endpoint of the shop's API, and the few composite steps
//! (a new user, the admin, a part, an order) that most tests begin with.

use reqwest::multipart::{Form, Part};
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use super::{part_body, unique_email, TestApp, User, ADMIN_EMAIL, ADMIN_PASSWORD, PASSWORD};

impl TestApp {
    // System.

    pub async fn health(&self) -> Response {
        self.get("/api/health", None).await
    }

    pub async fn config(&self) -> Value {
        let response = self.get("/api/config", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn openapi(&self) -> Value {
        let response = self.get("/api/openapi.json", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    // Accounts.

    pub async fn signup(&self, name: &str, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/auth/signup",
            None,
            &json!({"name": name, "email": email, "password": password}),
        )
        .await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post_json(
            "/api/auth/login",
            None,
            &json!({"email": email, "password": password}),
        )
        .await
    }

    /// Signs up a new buyer with a unique e-mail.
    pub async fn new_user(&self) -> User {
        let email = unique_email("buyer");
        let name = "Test Buyer".to_owned();
        let response = self.signup(&name, &email, PASSWORD).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        User {
            email,
            name,
            token: body["token"].as_str().unwrap().to_owned(),
        }
    }

    /// Signs in as the admin account the shop creates at start.
    pub async fn admin(&self) -> User {
        let response = self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        User {
            email: ADMIN_EMAIL.into(),
            name: "Shop Admin".into(),
            token: body["token"].as_str().unwrap().to_owned(),
        }
    }

    pub async fn me(&self, token: Option<&str>) -> Response {
        self.get("/api/me", token).await
    }

    /// Who `token` signs in, as `/api/me` answers (panics on any error).
    pub async fn whoami(&self, token: &str) -> Value {
        let response = self.me(Some(token)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// `PUT /api/user/{email}`: a fresh token for that same user.
    pub async fn refresh_token(&self, token: Option<&str>, email: &str) -> Response {
        self.request(Method::PUT, &format!("/api/user/{email}"), token)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn users(&self, token: Option<&str>) -> Response {
        self.get("/api/user", token).await
    }

    pub async fn make_admin(&self, token: Option<&str>, email: &str) -> Response {
        self.request(Method::PUT, &format!("/api/user/admin/{email}"), token)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn remove_admin(&self, token: Option<&str>, email: &str) -> Response {
        self.delete(&format!("/api/user/admin/{email}"), token)
            .await
    }

    pub async fn is_admin(&self, token: Option<&str>, email: &str) -> Response {
        self.get(&format!("/api/admin/{email}"), token).await
    }

    // Parts.

    /// `GET /api/part` with a query string such as `?q=brake&limit=2`.
    pub async fn list_parts(&self, query: &str) -> Response {
        self.get(&format!("/api/part{query}"), None).await
    }

    /// The parts `query` finds and the `X-Total-Count` header.
    pub async fn parts(&self, query: &str) -> (Vec<Value>, i64) {
        let response = self.list_parts(query).await;
        assert_eq!(response.status(), StatusCode::OK);
        let total = response
            .headers()
            .get("x-total-count")
            .expect("an X-Total-Count header")
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        (response.json().await.unwrap(), total)
    }

    pub async fn get_part(&self, id: &str) -> Response {
        self.get(&format!("/api/part/{id}"), None).await
    }

    /// A part as everyone sees it (panics on any error).
    pub async fn part(&self, id: &str) -> Value {
        let response = self.get_part(id).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn post_part(&self, token: Option<&str>, body: &Value) -> Response {
        self.post_json("/api/part", token, body).await
    }

    /// Adds a part with the given fields over `part_body()`; answers its id.
    pub async fn add_part_with(&self, admin: &User, fields: Value) -> String {
        let mut body = part_body();
        for (field, value) in fields.as_object().unwrap() {
            body[field] = value.clone();
        }
        let response = self.post_part(Some(&admin.token), &body).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        body["insertedId"].as_str().unwrap().to_owned()
    }

    /// Adds a part as the admin; answers its id.
    pub async fn add_part(&self, admin: &User, stock: i64, minimum: i64, price: &str) -> String {
        let fields = json!({"availableQuantity": stock, "minimumOrder": minimum, "price": price});
        self.add_part_with(admin, fields).await
    }

    pub async fn put_part(&self, token: Option<&str>, id: &str, body: &Value) -> Response {
        self.put_json(&format!("/api/part/{id}"), token, body).await
    }

    pub async fn delete_part(&self, token: Option<&str>, id: &str) -> Response {
        self.delete(&format!("/api/part/{id}"), token).await
    }

    // Reviews.

    pub async fn reviews(&self) -> Vec<Value> {
        let response = self.get("/api/review", None).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn post_review(&self, token: Option<&str>, body: &Value) -> Response {
        self.post_json("/api/review", token, body).await
    }

    // Orders.

    /// Orders `quantity` units of a part as `user`.
    pub async fn order(&self, user: &User, part_id: &str, quantity: i64) -> Response {
        self.post_json(
            "/api/booking",
            Some(&user.token),
            &json!({"partId": part_id, "partOrder": quantity}),
        )
        .await
    }

    /// Places an order that must succeed; answers the order.
    pub async fn place_order(&self, user: &User, part_id: &str, quantity: i64) -> Value {
        let response = self.order(user, part_id, quantity).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let body: Value = response.json().await.unwrap();
        body["booking"].clone()
    }

    /// `GET /api/booking`, for `buyer` when given.
    pub async fn list_orders(&self, token: Option<&str>, buyer: Option<&str>) -> Response {
        match buyer {
            Some(buyer) => {
                self.get(&format!("/api/booking?buyer={buyer}"), token)
                    .await
            }
            None => self.get("/api/booking", token).await,
        }
    }

    /// The signed-in user's own orders, as `?buyer=` with their e-mail gives them.
    pub async fn orders_of(&self, user: &User) -> Vec<Value> {
        let response = self.list_orders(Some(&user.token), Some(&user.email)).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn get_order(&self, token: Option<&str>, id: &str) -> Response {
        self.get(&format!("/api/booking/{id}"), token).await
    }

    /// An order as its buyer sees it (panics on any error).
    pub async fn order_of(&self, user: &User, id: &str) -> Value {
        let response = self.get_order(Some(&user.token), id).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    /// `PATCH /api/booking/{id}` with `{transactionId}`.
    pub async fn pay_order(&self, token: Option<&str>, id: &str, transaction_id: &str) -> Response {
        self.send_json(
            Method::PATCH,
            &format!("/api/booking/{id}"),
            token,
            &json!({"transactionId": transaction_id}),
        )
        .await
    }

    /// Tries to mark the buyer's order paid with each of `transactions`:
    /// every try must be refused with 402, and the order must stay unpaid.
    pub async fn expect_payments_refused(&self, buyer: &User, id: &str, transactions: &[&str]) {
        for transaction in transactions {
            let response = self.pay_order(Some(&buyer.token), id, transaction).await;
            super::expect_error(
                response,
                StatusCode::PAYMENT_REQUIRED,
                "The payment for this order has not succeeded",
            )
            .await;
        }
        let order = self.order_of(buyer, id).await;
        assert_eq!(
            (&order["status"], &order["paid"], &order["transactionId"]),
            (&json!("unpaid"), &json!(false), &Value::Null)
        );
    }

    pub async fn cancel_order(&self, token: Option<&str>, id: &str) -> Response {
        self.delete(&format!("/api/booking/{id}"), token).await
    }

    // Profiles.

    pub async fn post_profile(&self, token: Option<&str>, body: &Value) -> Response {
        self.post_json("/api/profile", token, body).await
    }

    pub async fn profile(&self, token: Option<&str>) -> Response {
        self.get("/api/profile", token).await
    }

    pub async fn profile_by_id(&self, token: Option<&str>, id: &str) -> Response {
        self.get(&format!("/api/profile/{id}"), token).await
    }

    // Images.

    /// Uploads `bytes` as the file field `image`.
    pub async fn upload_image(
        &self,
        token: Option<&str>,
        bytes: Vec<u8>,
        file_name: &str,
        mime: &str,
    ) -> Response {
        let file = Part::bytes(bytes)
            .file_name(file_name.to_owned())
            .mime_str(mime)
            .unwrap();
        self.upload_form(token, Form::new().part("image", file))
            .await
    }

    pub async fn upload_form(&self, token: Option<&str>, form: Form) -> Response {
        self.request(Method::POST, "/api/image", token)
            .multipart(form)
            .send()
            .await
            .expect("request sent")
    }

    /// Uploads an image that must be accepted; answers its URL.
    pub async fn uploaded(
        &self,
        user: &User,
        bytes: Vec<u8>,
        file_name: &str,
        mime: &str,
    ) -> String {
        let response = self
            .upload_image(Some(&user.token), bytes, file_name, mime)
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["success"], true, "{body}");
        body["data"]["url"].as_str().unwrap().to_owned()
    }
}
