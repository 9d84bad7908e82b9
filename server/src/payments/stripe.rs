//! The card provider's PaymentIntents API (https://docs.stripe.com/api/payment_intents):
//! intents are created with a form-encoded POST and read back with a GET,
//! both signed in with the secret key. The buyer's card never reaches the
//! shop: the browser confirms the intent with the provider directly, and
//! the shop believes only what it reads back from the provider itself.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::Context;
use reqwest::StatusCode;
use serde::Deserialize;

use super::store::{self, PaymentRow, RefundRow, SUCCEEDED};
use crate::core::config::Config;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult};
use crate::orders::BookingRow;

/// A client for the card provider's API.
pub struct Stripe {
    http: reqwest::Client,
    api_base: String,
    secret_key: Option<String>,
}

/// A PaymentIntent, as the provider describes it.
#[derive(Debug, Deserialize)]
pub struct Intent {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    pub status: String,
    pub client_secret: Option<String>,
    #[serde(default)]
    pub metadata: HashMap<String, String>,
}

/// A Refund, as the provider describes it.
#[derive(Debug, Deserialize)]
pub struct Refund {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    pub status: String,
    pub payment_intent: Option<String>,
}

impl Intent {
    /// Whether this intent is for this order: its id, amount and currency.
    pub fn is_for(&self, booking: &BookingRow, currency: &str) -> bool {
        self.metadata.get("order_id") == Some(&booking.id.to_string())
            && self.amount == booking.total_cents
            && self.currency == currency
    }

    /// Whether this intent paid this order in full.
    pub fn pays(&self, booking: &BookingRow, currency: &str) -> bool {
        self.status == SUCCEEDED && self.is_for(booking, currency)
    }

    /// The shop's record of this intent.
    pub fn row(&self, booking_id: i64) -> PaymentRow {
        PaymentRow {
            id: self.id.clone(),
            booking_id,
            // Its own id stands in when the provider leaves the secret out.
            client_secret: self
                .client_secret
                .clone()
                .unwrap_or_else(|| self.id.clone()),
            amount_cents: self.amount,
            currency: self.currency.clone(),
            status: self.status.clone(),
        }
    }
}

impl Stripe {
    /// A client for STRIPE_API_BASE; a missing key is logged here and
    /// answered 503 when a payment needs it.
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        let secret_key = config
            .stripe_secret_key
            .clone()
            .filter(|k| !k.trim().is_empty());
        for (name, value) in [
            ("STRIPE_SECRET_KEY", &secret_key),
            ("STRIPE_PUBLISHABLE_KEY", &config.stripe_publishable_key),
        ] {
            if value.is_none() {
                tracing::warn!("SHOP_PAYMENT_PROVIDER is stripe but {name} is not set: card payments will fail");
            }
        }
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(20))
            .build()
            .context("cannot set up the HTTP client for the card provider")?;
        Ok(Stripe {
            http,
            api_base: config.stripe_api_base.trim_end_matches('/').to_owned(),
            secret_key,
        })
    }

    /// The order's open intent: the one recorded for it, or a new one.
    pub async fn open_intent(
        &self,
        db: &Db,
        booking: &BookingRow,
        currency: &str,
    ) -> ApiResult<PaymentRow> {
        if let Some(payment) = store::latest_for(db, &db.pool, booking, currency).await? {
            return Ok(payment);
        }
        let intent = self.create(booking, currency).await?;
        if !intent.is_for(booking, currency) || intent.client_secret.is_none() {
            return Err(anyhow::anyhow!(
                "the card provider answered an intent for something else: {intent:?}"
            )
            .into());
        }
        let payment = intent.row(booking.id);
        store::save(db, &db.pool, &payment).await?;
        Ok(payment)
    }

    /// Whether `transaction_id` is an intent the provider says paid this order;
    /// if so it is recorded as succeeded.
    pub async fn confirms(
        &self,
        db: &Db,
        transaction_id: &str,
        booking: &BookingRow,
        currency: &str,
    ) -> ApiResult<bool> {
        let Some(intent) = self.retrieve(transaction_id).await? else {
            return Ok(false);
        };
        if !intent.pays(booking, currency) {
            tracing::warn!(order = booking.id, intent = ?intent.id, status = ?intent.status,
                amount = intent.amount, currency = ?intent.currency, "intent does not pay this order");
            return Ok(false);
        }
        store::save(db, &db.pool, &intent.row(booking.id)).await?;
        Ok(true)
    }

    /// Creates an intent for the order's amount. The idempotency key names
    /// the order, so a retry gets the same intent back rather than a second one.
    async fn create(&self, booking: &BookingRow, currency: &str) -> ApiResult<Intent> {
        let form = [
            ("amount", booking.total_cents.to_string()),
            ("currency", currency.to_owned()),
            ("metadata[order_id]", booking.id.to_string()),
            ("payment_method_types[]", "card".to_owned()),
        ];
        let response = self
            .http
            .post(format!("{}/v1/payment_intents", self.api_base))
            .bearer_auth(self.secret_key()?)
            .header(
                "Idempotency-Key",
                format!("order-{}-{}", booking.id, booking.created_at),
            )
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        match response.status() {
            status if status.is_success() => response.json().await.map_err(unreachable),
            status => Err(refused(status, response).await),
        }
    }

    /// Reads an intent back; None when the provider knows no such intent.
    async fn retrieve(&self, id: &str) -> ApiResult<Option<Intent>> {
        // Only a well-formed id goes into the provider's URL.
        let well_formed = id.strip_prefix("pi_").is_some_and(|rest| {
            !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_alphanumeric())
        });
        if !well_formed {
            return Ok(None);
        }
        let response = self
            .http
            .get(format!("{}/v1/payment_intents/{id}", self.api_base))
            .bearer_auth(self.secret_key()?)
            .send()
            .await
            .map_err(unreachable)?;
        match response.status() {
            StatusCode::NOT_FOUND => Ok(None),
            status if status.is_success() => response.json().await.map(Some).map_err(unreachable),
            status => Err(refused(status, response).await),
        }
    }

    /// Refunds the intent `transaction_id` that paid `booking`, in full
    /// (https://docs.stripe.com/api/refunds/create). The idempotency key
    /// names the order, so a retried refund is the same refund, never a second.
    pub async fn refund(&self, booking: &BookingRow, transaction_id: &str) -> ApiResult<RefundRow> {
        let form = [
            ("payment_intent", transaction_id.to_owned()),
            ("amount", booking.total_cents.to_string()),
            ("metadata[order_id]", booking.id.to_string()),
        ];
        let response = self
            .http
            .post(format!("{}/v1/refunds", self.api_base))
            .bearer_auth(self.secret_key()?)
            .header(
                "Idempotency-Key",
                format!("refund-order-{}-{}", booking.id, booking.created_at),
            )
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        let refund: Refund = match response.status() {
            status if status.is_success() => response.json().await.map_err(unreachable)?,
            status => return Err(refused(status, response).await),
        };
        // `pending` refunds complete at the provider without the shop.
        let made = matches!(refund.status.as_str(), "succeeded" | "pending");
        if !made
            || refund.amount != booking.total_cents
            || refund.payment_intent.as_deref() != Some(transaction_id)
        {
            tracing::error!(order = booking.id, refund = ?refund, "the card provider did not refund the order");
            return Err(ApiError::Unavailable(
                "The card provider did not refund this order; nothing was changed".into(),
            ));
        }
        tracing::info!(order = booking.id, refund = ?refund.id, intent = ?transaction_id, "refund made (stripe)");
        Ok(RefundRow {
            id: refund.id,
            booking_id: booking.id,
            payment_id: transaction_id.to_owned(),
            amount_cents: refund.amount,
            currency: refund.currency,
            status: refund.status,
        })
    }

    /// Refunds `amount_cents` of the intent `transaction_id` that paid
    /// `booking` (a return), under the idempotency `key`, so that a retried
    /// refund is the same refund. Answers the provider's refund id.
    pub async fn refund_part(
        &self,
        booking: &BookingRow,
        transaction_id: &str,
        amount_cents: i64,
        key: &str,
    ) -> ApiResult<String> {
        let form = [
            ("payment_intent", transaction_id.to_owned()),
            ("amount", amount_cents.to_string()),
            ("metadata[order_id]", booking.id.to_string()),
            ("metadata[return]", key.to_owned()),
        ];
        let response = self
            .http
            .post(format!("{}/v1/refunds", self.api_base))
            .bearer_auth(self.secret_key()?)
            .header("Idempotency-Key", key)
            .form(&form)
            .send()
            .await
            .map_err(unreachable)?;
        let refund: Refund = match response.status() {
            status if status.is_success() => response.json().await.map_err(unreachable)?,
            status => {
                refused(status, response).await;
                return Err(ApiError::Unavailable(
                    "The card provider did not refund this return; nothing was changed".into(),
                ));
            }
        };
        let made = matches!(refund.status.as_str(), "succeeded" | "pending");
        if !made
            || refund.amount != amount_cents
            || refund.payment_intent.as_deref() != Some(transaction_id)
        {
            tracing::error!(order = booking.id, refund = ?refund, "the card provider did not refund the return");
            return Err(ApiError::Unavailable(
                "The card provider did not refund this return; nothing was changed".into(),
            ));
        }
        tracing::info!(order = booking.id, refund = ?refund.id, amount_cents, "return refunded (stripe)");
        Ok(refund.id)
    }

    fn secret_key(&self) -> ApiResult<&str> {
        self.secret_key.as_deref().ok_or_else(|| {
            tracing::error!("STRIPE_SECRET_KEY is not set");
            not_available()
        })
    }
}

fn not_available() -> ApiError {
    ApiError::Unavailable(
        "Card payments are not available right now. Please try again shortly.".into(),
    )
}

fn unreachable(err: reqwest::Error) -> ApiError {
    tracing::error!(error = ?err.to_string(), "the card provider could not be reached");
    not_available()
}

/// An error answer from the provider: the cause goes to the log.
async fn refused(status: StatusCode, response: reqwest::Response) -> ApiError {
    let body = response.text().await.unwrap_or_default();
    tracing::error!(%status, ?body, "the card provider refused a request");
    not_available()
}
