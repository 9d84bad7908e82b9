//! The shop's e-mail (docs/decisions.md, D20). A message is stored in the
//! outbox (`enqueue`) on the transaction of what causes it, so it goes out
//! only if that commits and is never lost once it has; a worker in every
//! shop process (`run`) claims what is due and sends it over SMTP, or writes
//! it as an `.eml` file in the data folder when no mail server is set,
//! trying again with a growing wait while the mail server fails.
//!
//! A message is stored as the facts it tells (`Message`); its subject, text
//! and HTML are made from the templates in `server/templates/mail/` as it
//! is sent, with the shop's name, address and currency (`Letterhead`).

mod outbox;
mod render;
mod transport;
mod worker;

use serde::{Deserialize, Serialize};

pub use outbox::{due_statement, waiting};
pub use render::{render, Letterhead, Rendered};
pub use transport::Mailer;
pub use worker::{run, send_due, Rules};

use crate::app::state::AppState;
use crate::core::config::Config;

/// One message the shop sends; each variant has its own part of the
/// templates (subject, text and HTML). Amounts are in cents of the shop's
/// currency; `order` is the order's number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Message {
    /// A link that confirms the account's e-mail address.
    VerifyEmail { name: String, link: String },
    /// A link that sets a new password.
    PasswordReset { name: String, link: String },
    /// The account's password was changed (or reset).
    PasswordChanged { name: String },
    /// A Google account was linked to the account and now signs into it;
    /// `password_cleared` when the password it had was cleared because its
    /// owner never proved it (docs/decisions.md, D21).
    GoogleLinked {
        name: String,
        #[serde(default)]
        password_cleared: bool,
    },
    /// An order was placed and holds its parts until it is paid: its
    /// lines, how it travels (`delivery`, the method's name), shipping, tax
    /// and the total to pay.
    OrderPlaced {
        name: String,
        order: i64,
        lines: Vec<Line>,
        total_cents: i64,
        #[serde(default)]
        shipping_cents: i64,
        #[serde(default)]
        tax_cents: i64,
        #[serde(default)]
        delivery: String,
        /// When the parts come, as the method says; "" for pickup.
        #[serde(default)]
        delivery_time: String,
    },
    /// An order's payment went through: the receipt, with the order's
    /// lines and how it travels (a buyer who paid at once gets no "placed"
    /// message, so this one says all of it).
    PaymentReceived {
        name: String,
        order: i64,
        total_cents: i64,
        transaction_id: String,
        #[serde(default)]
        lines: Vec<Line>,
        #[serde(default)]
        delivery: String,
        /// When the parts come, as the method says; "" for pickup.
        #[serde(default)]
        delivery_time: String,
        /// The delivery address on one line; None for counter pickup.
        #[serde(default)]
        deliver_to: Option<String>,
        /// Collected at the trade counter: the next message is that it is
        /// ready to collect, not that it has shipped.
        #[serde(default)]
        pickup: bool,
    },
    /// An order left the shop, with how it travels when the staff said.
    OrderShipped {
        name: String,
        order: i64,
        lines: Vec<Line>,
        carrier: Option<String>,
        tracking_number: Option<String>,
    },
    /// A paid order to be collected at the trade counter is ready there.
    ReadyToCollect {
        name: String,
        order: i64,
        lines: Vec<Line>,
    },
    /// An unpaid order was cancelled: `reason` is `buyer`, `admin` or
    /// `expired` (not paid in time).
    OrderCancelled {
        name: String,
        order: i64,
        reason: String,
    },
    /// An admin gave the account the admin role (`admin`) or took it away;
    /// a removal also signed the account out everywhere (D31).
    RoleChanged { name: String, admin: bool },
    /// A return (`number`, "RMA-12") of order `order` moved to `state`:
    /// requested, approved (`detail`: how to send it back), rejected
    /// (`detail`: why), received, refunded (`amount_cents`) or closed.
    ReturnMoved {
        name: String,
        number: String,
        order: i64,
        state: String,
        #[serde(default)]
        detail: Option<String>,
        #[serde(default)]
        amount_cents: i64,
    },
    /// To the shop: a buyer asked to return lines of an order (return `id`,
    /// numbered `number`), for `reason` (in words), with their note.
    ReturnRequestedForStaff {
        id: i64,
        number: String,
        order: i64,
        buyer: String,
        buyer_email: String,
        reason: String,
        lines: Vec<Line>,
        note: String,
    },
    /// A paid order's money went back to the buyer, and the order was cancelled.
    RefundIssued {
        name: String,
        order: i64,
        amount_cents: i64,
    },
    /// To the shop: an order was paid and is to be packed (or made ready at
    /// the counter): who bought what, how it travels and where to.
    OrderPaidForStaff {
        order: i64,
        buyer: String,
        buyer_email: String,
        lines: Vec<Line>,
        total_cents: i64,
        delivery: String,
        /// The delivery address on one line; None for counter pickup.
        deliver_to: Option<String>,
    },
    /// To the shop: a message came through the contact form (number `id`)
    /// from the address `from`.
    ContactReceived {
        id: i64,
        from: String,
        subject: String,
        message: String,
    },
}

/// Most characters of a name a message repeats.
const PLAIN_NAME_CHARS: usize = 40;

/// `name` as a message may repeat it: runs of spaces and line breaks made
/// one space, and only when what is left reads as a person's name (letters,
/// spaces, apostrophes, hyphens, a full stop ending a word, at most 40
/// characters). Anything else (digits, links, `@`, `$`, markup, a dot inside
/// a word as in `example.com`) is not repeated at all: None.
pub fn plain_name(name: &str) -> Option<String> {
    let words: Vec<&str> = name
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect();
    let plain = words.join(" ");
    if plain.is_empty() || plain.chars().count() > PLAIN_NAME_CHARS {
        return None;
    }
    let chars: Vec<char> = plain.chars().collect();
    let allowed = chars.iter().enumerate().all(|(i, &c)| match c {
        ' ' | '\'' | '\u{2019}' | '-' => true,
        // "J. R. Smith", "Ann Driver Jr.": never "example.com".
        '.' => chars.get(i + 1).is_none_or(|next| *next == ' '),
        // Accents written as combining marks.
        '\u{0300}'..='\u{036F}' => true,
        c => c.is_alphabetic(),
    });
    allowed.then_some(plain)
}

/// One line of an order: what, how many, at what price.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub part: String,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub amount_cents: i64,
}

impl Message {
    /// The template's name, kept beside the message in the outbox.
    pub fn kind(&self) -> &'static str {
        match self {
            Message::VerifyEmail { .. } => "verify_email",
            Message::PasswordReset { .. } => "password_reset",
            Message::PasswordChanged { .. } => "password_changed",
            Message::GoogleLinked { .. } => "google_linked",
            Message::OrderPlaced { .. } => "order_placed",
            Message::PaymentReceived { .. } => "payment_received",
            Message::OrderShipped { .. } => "order_shipped",
            Message::ReadyToCollect { .. } => "ready_to_collect",
            Message::OrderCancelled { .. } => "order_cancelled",
            Message::RefundIssued { .. } => "refund_issued",
            Message::ReturnMoved { .. } => "return_moved",
            Message::ReturnRequestedForStaff { .. } => "return_requested_for_staff",
            Message::RoleChanged { .. } => "role_changed",
            Message::ContactReceived { .. } => "contact_received",
            Message::OrderPaidForStaff { .. } => "order_paid_for_staff",
        }
    }

    /// The name of the person it is written to.
    pub fn name(&self) -> &str {
        match self {
            Message::VerifyEmail { name, .. }
            | Message::PasswordReset { name, .. }
            | Message::PasswordChanged { name }
            | Message::RoleChanged { name, .. }
            | Message::GoogleLinked { name, .. }
            | Message::OrderPlaced { name, .. }
            | Message::PaymentReceived { name, .. }
            | Message::OrderShipped { name, .. }
            | Message::ReadyToCollect { name, .. }
            | Message::OrderCancelled { name, .. }
            | Message::RefundIssued { name, .. }
            | Message::ReturnMoved { name, .. } => name,
            // Written to the shop itself.
            Message::ContactReceived { .. }
            | Message::OrderPaidForStaff { .. }
            | Message::ReturnRequestedForStaff { .. } => "",
        }
    }

    /// How the message opens: `Hello Ann,` with the account's name where it
    /// is safe to repeat, else `Hello,`. Account mail (links and password
    /// news) never repeats it: it goes to an address nobody has proved yet,
    /// and the name is whatever the person who signed up typed. Order mail
    /// repeats only a plain name (see `plain_name`), so nobody can make the
    /// shop mail their text or links to someone else's address.
    pub fn greeting(&self) -> String {
        let name = match self {
            Message::VerifyEmail { .. }
            | Message::PasswordReset { .. }
            | Message::PasswordChanged { .. }
            | Message::GoogleLinked { .. }
            | Message::RoleChanged { .. }
            | Message::ContactReceived { .. }
            | Message::OrderPaidForStaff { .. }
            | Message::ReturnRequestedForStaff { .. } => None,
            _ => plain_name(self.name()),
        };
        match name {
            Some(name) => format!("Hello {name},"),
            None => "Hello,".to_owned(),
        }
    }

    /// The order it is about, if any.
    pub fn order(&self) -> Option<i64> {
        match self {
            Message::VerifyEmail { .. }
            | Message::PasswordReset { .. }
            | Message::PasswordChanged { .. }
            | Message::GoogleLinked { .. }
            | Message::RoleChanged { .. }
            | Message::ContactReceived { .. }
            | Message::OrderPaidForStaff { .. }
            | Message::ReturnRequestedForStaff { .. } => None,
            Message::OrderPlaced { order, .. }
            | Message::PaymentReceived { order, .. }
            | Message::OrderShipped { order, .. }
            | Message::ReadyToCollect { order, .. }
            | Message::OrderCancelled { order, .. }
            | Message::RefundIssued { order, .. }
            | Message::ReturnMoved { order, .. } => Some(*order),
        }
    }

    /// Where a shipped order's parcel can be followed, for the carriers whose
    /// tracking page takes the number in its address (UPS, FedEx, USPS, DHL;
    /// the carrier's name in any case, as the staff typed it); None for any
    /// other carrier or without a number.
    pub fn tracking_link(&self) -> Option<String> {
        let Message::OrderShipped {
            carrier: Some(carrier),
            tracking_number: Some(number),
            ..
        } = self
        else {
            return None;
        };
        let page = match carrier.trim().to_ascii_lowercase().as_str() {
            "ups" => "https://www.ups.com/track?tracknum=",
            "fedex" => "https://www.fedex.com/fedextrack/?trknbr=",
            "usps" => "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
            "dhl" | "dhl express" => {
                "https://www.dhl.com/global-en/home/tracking.html?tracking-id="
            }
            _ => return None,
        };
        let number: String =
            url::form_urlencoded::byte_serialize(number.trim().as_bytes()).collect();
        Some(format!("{page}{number}"))
    }

    /// An order's goods: the sum of its lines (0 for other messages).
    pub fn goods_cents(&self) -> i64 {
        match self {
            Message::OrderPlaced { lines, .. } => lines.iter().map(|l| l.amount_cents).sum(),
            _ => 0,
        }
    }

    /// The message's subject line.
    pub fn subject(&self) -> String {
        match self {
            Message::VerifyEmail { .. } => "Confirm your e-mail address".into(),
            Message::PasswordReset { .. } => "Reset your password".into(),
            Message::PasswordChanged { .. } => "Your password was changed".into(),
            Message::GoogleLinked { .. } => "Google sign-in was added to your account".into(),
            Message::RoleChanged { admin: true, .. } => "You are now an admin of the shop".into(),
            Message::RoleChanged { admin: false, .. } => "Your admin role was removed".into(),
            Message::OrderPlaced { order, .. } => format!("Order #{order} placed"),
            Message::PaymentReceived { order, .. } => {
                format!("Payment received for order #{order}")
            }
            Message::OrderShipped { order, .. } => format!("Order #{order} has shipped"),
            Message::ReadyToCollect { order, .. } => format!("Order #{order} is ready to collect"),
            Message::OrderCancelled { order, .. } => format!("Order #{order} was cancelled"),
            Message::RefundIssued { order, .. } => format!("Refund issued for order #{order}"),
            Message::ReturnMoved { number, state, .. } => match state.as_str() {
                "requested" => format!("Return {number} requested"),
                "approved" => format!("Return {number} approved: how to send it back"),
                "rejected" => format!("Return {number} was not accepted"),
                "received" => format!("Return {number} received"),
                "refunded" => format!("Return {number} refunded"),
                _ => format!("Return {number} closed"),
            },
            Message::OrderPaidForStaff { order, .. } => format!("New paid order #{order}"),
            Message::ReturnRequestedForStaff { number, order, .. } => {
                format!("New return {number} for order #{order}")
            }
            Message::ContactReceived { subject, .. } => {
                // One line, whatever the sender typed.
                let subject = subject.split_whitespace().collect::<Vec<_>>().join(" ");
                format!("Contact form: {subject}")
            }
        }
    }
}

/// How long sent (or given-up) mail stays in the outbox, for questions
/// about a message, before housekeeping deletes it.
pub const KEEP_DONE: std::time::Duration = std::time::Duration::from_secs(30 * 24 * 3600);

/// Deletes outbox rows done with for longer than `KEEP_DONE`.
pub async fn forget_done(db: &crate::core::db::Db) -> sqlx::Result<u64> {
    outbox::delete_done(db, KEEP_DONE).await
}

/// Stores `message` for `to` in the outbox, on the caller's connection or
/// transaction, so it is sent only if what caused it commits. The worker
/// sends it later, with retries.
pub async fn enqueue(
    conn: &mut sqlx::AnyConnection,
    to: &str,
    message: Message,
) -> sqlx::Result<()> {
    outbox::insert(conn, to, &message).await
}

/// `enqueue_all`, the messages due `after` from now.
pub async fn enqueue_all_after(
    conn: &mut sqlx::AnyConnection,
    messages: &[(&str, Message)],
    after: std::time::Duration,
) -> sqlx::Result<()> {
    let messages: Vec<(&str, &Message)> = messages.iter().map(|(to, m)| (*to, m)).collect();
    outbox::insert_all_after(conn, &messages, after).await
}

/// Gives up the "Order #N placed" message to `to` if it is still waiting
/// for its time: the order was paid or cancelled before it was due, and
/// what the buyer is told then (the receipt, the cancel) says all of it.
pub async fn withdraw_placed(
    conn: &mut sqlx::AnyConnection,
    to: &str,
    order: i64,
    why: &str,
) -> sqlx::Result<u64> {
    let subject = format!("Order #{order} placed");
    outbox::withdraw(conn, to, "order_placed", &subject, why).await
}

/// `enqueue` for many messages at once, each `(to, message)`.
pub async fn enqueue_all(
    conn: &mut sqlx::AnyConnection,
    messages: &[(&str, Message)],
) -> sqlx::Result<()> {
    let messages: Vec<(&str, &Message)> = messages.iter().map(|(to, m)| (*to, m)).collect();
    outbox::insert_all(conn, &messages).await
}

/// The shop's public address for links in messages (config `public_url`,
/// falling back to the listen address), followed by `path_and_query`.
pub fn link(state: &AppState, path_and_query: &str) -> String {
    let base = public_base(&state.config);
    if path_and_query.starts_with('/') {
        format!("{base}{path_and_query}")
    } else {
        format!("{base}/{path_and_query}")
    }
}

/// `SHOP_PUBLIC_URL` without a trailing slash, or `http://` and the listen
/// address when it is blank.
pub fn public_base(config: &Config) -> String {
    let public = config.public_url.trim().trim_end_matches('/');
    if public.is_empty() {
        format!("http://{}", config.listen.trim())
    } else {
        public.to_owned()
    }
}
