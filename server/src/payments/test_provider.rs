//! The built-in test provider: it behaves like the card provider's test
//! mode, and keeps its intents in the `payments` table, so a restart loses
//! nothing. Each order has one intent: a refused card leaves it open for
//! another try, and confirming it again once it succeeded changes nothing.

use rand::distributions::Alphanumeric;
use rand::Rng;

use super::card::CardDetails;
use super::check_payable;
use super::store::{self, PaymentRow, RefundRow, OPEN, SUCCEEDED};
use crate::core::caller::CurrentUser;
use crate::core::db::Db;
use crate::core::error::{ApiError, ApiResult};
use crate::orders::{self, BookingRow, Fulfilment};

/// The order's intent: the one it has, or a new one.
pub async fn open_intent(db: &Db, booking: &BookingRow, currency: &str) -> ApiResult<PaymentRow> {
    let (_turn, mut tx) = db.begin_write().await?;
    // Two requests at once for one order must not open two intents.
    let booking = orders::lock(db, &mut *tx, booking.id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order"))?;
    check_payable(&booking)?;
    if let Some(payment) = store::latest_for(db, &mut *tx, &booking, currency).await? {
        return Ok(payment);
    }
    let id = format!("pi_{}", random(24));
    let payment = PaymentRow {
        client_secret: format!("{id}_secret_{}", random(24)),
        id,
        booking_id: booking.id,
        amount_cents: booking.total_cents,
        currency: currency.to_owned(),
        status: OPEN.into(),
    };
    store::save(db, &mut *tx, &payment).await?;
    tx.commit().await?;
    Ok(payment)
}

/// Pays the intent `client_secret` names with `card`, for its order's buyer
/// only: anyone else hears that there is no such payment. The order is
/// locked meanwhile, so it cannot be cancelled between the check that it
/// is payable and the payment (a cancel that comes after sees the payment).
pub async fn confirm(
    db: &Db,
    user: &CurrentUser,
    client_secret: &str,
    card: &CardDetails,
) -> ApiResult<PaymentRow> {
    let not_found = || ApiError::not_found("Payment");
    let payment = store::find_by_secret(db, client_secret)
        .await?
        .ok_or_else(not_found)?;
    if payment.status == SUCCEEDED {
        // Confirming again answers the same payment while its order stands
        // paid (the page may ask twice); an order refunded or cancelled
        // since is 409, as for any other payment of it.
        let booking = orders::find(db, payment.booking_id)
            .await?
            .filter(|b| b.buyer_id == user.id)
            .ok_or_else(not_found)?;
        if booking.state().fulfilment == Fulfilment::Cancelled {
            check_payable(&booking)?;
        }
        return Ok(payment);
    }
    let (_turn, mut tx) = db.begin_write().await?;
    let booking = orders::lock(db, &mut *tx, payment.booking_id)
        .await?
        .filter(|b| b.buyer_id == user.id)
        .ok_or_else(not_found)?;
    check_payable(&booking)?;
    let today = time::OffsetDateTime::now_utc();
    if let Err(decline) =
        card.outcome((i64::from(today.year()), i64::from(u8::from(today.month()))))
    {
        store::settle(db, &mut *tx, &payment.id, Err(decline.code)).await?;
        tx.commit().await?;
        tracing::info!(order = booking.id, intent = ?payment.id, code = decline.code, "test card refused");
        return Err(decline.into());
    }
    store::settle(db, &mut *tx, &payment.id, Ok(card.last4())).await?;
    tx.commit().await?;
    tracing::info!(order = booking.id, intent = ?payment.id, "test payment succeeded");
    Ok(PaymentRow {
        status: SUCCEEDED.into(),
        ..payment
    })
}

/// Refunds the order's succeeded payment `transaction_id` in full. The
/// refund is recorded by the caller; one already recorded is kept.
pub async fn refund(
    db: &Db,
    booking: &BookingRow,
    transaction_id: &str,
    currency: &str,
) -> ApiResult<RefundRow> {
    if !store::succeeded(db, transaction_id, booking, currency).await? {
        tracing::error!(order = booking.id, intent = ?transaction_id, "refund: no succeeded payment of this order");
        return Err(ApiError::Conflict(
            "This order has no payment to refund".into(),
        ));
    }
    tracing::info!(order = booking.id, intent = ?transaction_id, "test payment refunded");
    Ok(RefundRow {
        id: format!("re_{}", random(24)),
        booking_id: booking.id,
        payment_id: transaction_id.to_owned(),
        amount_cents: booking.total_cents,
        currency: currency.to_owned(),
        status: SUCCEEDED.into(),
    })
}

/// Gives back `amount_cents` of the order's succeeded payment
/// `transaction_id`, at most what is left of it once the order's returns
/// have been refunded (`refunded_cents`).
pub async fn refund_part(
    db: &Db,
    booking: &BookingRow,
    transaction_id: &str,
    amount_cents: i64,
    currency: &str,
) -> ApiResult<String> {
    let left = booking.total_cents - booking.refunded_cents;
    if amount_cents <= 0
        || amount_cents > left
        || !store::succeeded(db, transaction_id, booking, currency).await?
    {
        tracing::error!(order = booking.id, intent = ?transaction_id, amount_cents, "refund: not a refundable part of this order's payment");
        return Err(ApiError::Unavailable(
            "The card provider did not refund this return; nothing was changed".into(),
        ));
    }
    tracing::info!(order = booking.id, intent = ?transaction_id, amount_cents, "test payment partly refunded");
    Ok(format!("re_{}", random(24)))
}

fn random(len: usize) -> String {
    rand::thread_rng()
        .sample_iter(&Alphanumeric)
        .take(len)
        .map(char::from)
        .collect()
}
