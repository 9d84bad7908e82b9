//! Card payments. `Payments` is the interface the rest of the shop uses;
//! SHOP_PAYMENT_PROVIDER picks one of its two implementations: the built-in
//! `test` provider (`test_provider`) or the card provider's API (`stripe`).
//! Either way an order is paid only when the provider confirms, server-side,
//! that a payment of that order's amount succeeded (docs/decisions.md, D4).
//! An order's amount is its total: goods, shipping and tax
//! (docs/decisions.md, D19).

pub mod card;
mod routes;
pub mod store;
pub mod stripe;
pub mod test_provider;
pub mod webhook;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::core::config::Config;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult};
use crate::orders::{transition, BookingRow, Move};
use store::{PaymentRow, RefundRow};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::create_payment_intent))
        .routes(routes!(routes::confirm_test_payment))
        .routes(routes!(webhook::stripe_webhook))
}

/// The shop's payment provider and the currency it charges in.
pub struct Payments {
    /// Lower-case ISO code, as the card provider writes it (`usd`).
    pub currency: String,
    provider: Provider,
}

enum Provider {
    Test,
    Stripe(stripe::Stripe),
}

impl Payments {
    /// The provider SHOP_PAYMENT_PROVIDER names (see `Config::resolved_payment_provider`).
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let provider = match config.resolved_payment_provider()? {
            "stripe" => Provider::Stripe(stripe::Stripe::new(config)?),
            _ => Provider::Test,
        };
        Ok(Payments {
            currency: config.currency.to_lowercase(),
            provider,
        })
    }

    /// Whether the built-in test provider takes the payments.
    pub fn is_test(&self) -> bool {
        matches!(self.provider, Provider::Test)
    }

    /// The intent that pays `booking`: the one it already has, so that asking
    /// twice never opens a second payment, or a new one.
    pub async fn open_intent(&self, db: &Db, booking: &BookingRow) -> ApiResult<PaymentRow> {
        match &self.provider {
            Provider::Test => test_provider::open_intent(db, booking, &self.currency).await,
            Provider::Stripe(stripe) => stripe.open_intent(db, booking, &self.currency).await,
        }
    }

    /// Whether the provider confirms that `transaction_id` is a succeeded
    /// payment of exactly this order's amount, in the shop's currency.
    pub async fn confirms(
        &self,
        db: &Db,
        transaction_id: &str,
        booking: &BookingRow,
    ) -> ApiResult<bool> {
        match &self.provider {
            Provider::Test => {
                Ok(store::succeeded(db, transaction_id, booking, &self.currency).await?)
            }
            Provider::Stripe(stripe) => {
                stripe
                    .confirms(db, transaction_id, booking, &self.currency)
                    .await
            }
        }
    }

    /// The succeeded payment of `booking` for its amount in the shop's
    /// currency, if any, read on `conn` (the caller's transaction).
    pub async fn succeeded_for(
        &self,
        db: &Db,
        conn: &mut sqlx::AnyConnection,
        booking: &BookingRow,
    ) -> sqlx::Result<Option<PaymentRow>> {
        store::succeeded_for(db, conn, booking, &self.currency).await
    }

    /// The refund of order `booking_id`, if one was made.
    pub async fn refund_of(&self, db: &Db, booking_id: i64) -> sqlx::Result<Option<RefundRow>> {
        store::refund_of(db, booking_id).await
    }

    /// Asks the provider whether the order's latest payment has gone through
    /// without the shop hearing of it yet, and records it if so. The test
    /// provider records its payments as they happen, so it has nothing to ask.
    pub async fn catch_up(&self, db: &Db, booking: &BookingRow) -> ApiResult<()> {
        let Provider::Stripe(stripe) = &self.provider else {
            return Ok(());
        };
        match store::latest_for(db, &db.pool, booking, &self.currency).await? {
            Some(payment) if payment.status != store::SUCCEEDED => {
                // Records the intent when it has succeeded.
                stripe
                    .confirms(db, &payment.id, booking, &self.currency)
                    .await?;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Has the provider give the buyer back the whole payment of a paid
    /// order, and records the refund. Asking again for the same order
    /// answers the same refund: the provider never refunds an order twice.
    pub async fn refund(&self, db: &Db, booking: &BookingRow) -> ApiResult<RefundRow> {
        let Some(transaction_id) = booking.transaction_id.as_deref() else {
            return Err(ApiError::Conflict(
                "This order has no payment to refund".into(),
            ));
        };
        self.refund_payment(db, booking, transaction_id).await
    }

    /// Refunds the payment `transaction_id` of `booking` in full and records
    /// the refund, as `refund` does; also for a payment that went through
    /// after its order was cancelled, which the order never recorded.
    pub async fn refund_payment(
        &self,
        db: &Db,
        booking: &BookingRow,
        transaction_id: &str,
    ) -> ApiResult<RefundRow> {
        let refund = match &self.provider {
            Provider::Test => {
                test_provider::refund(db, booking, transaction_id, &self.currency).await?
            }
            Provider::Stripe(stripe) => stripe.refund(booking, transaction_id).await?,
        };
        Ok(store::save_refund(db, &refund).await?)
    }
}

impl Payments {
    /// Has the provider give back `amount_cents` of the paid order
    /// `booking` (a part of its payment, for a return), under the
    /// idempotency `key`: asked again with the same key, the provider makes
    /// no second refund. Answers the provider's refund id. The caller
    /// records it; the `refunds` table keeps whole-order refunds only.
    pub async fn refund_part(
        &self,
        db: &Db,
        booking: &BookingRow,
        amount_cents: i64,
        key: &str,
    ) -> ApiResult<String> {
        let Some(transaction_id) = booking.transaction_id.as_deref() else {
            return Err(ApiError::Conflict(
                "This order has no payment to refund".into(),
            ));
        };
        match &self.provider {
            Provider::Test => {
                test_provider::refund_part(
                    db,
                    booking,
                    transaction_id,
                    amount_cents,
                    &self.currency,
                )
                .await
            }
            Provider::Stripe(stripe) => {
                stripe
                    .refund_part(booking, transaction_id, amount_cents, key)
                    .await
            }
        }
    }
}

/// Refuses to take money for an order that the table of moves does not let
/// the buyer pay (paid or cancelled).
pub fn check_payable(booking: &BookingRow) -> Result<(), ApiError> {
    transition(booking.state(), Move::Pay)
        .map(|_| ())
        .map_err(|message| ApiError::Conflict(message.into()))
}
