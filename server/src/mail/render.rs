//! A message made into what is sent: its subject, a plain-text part and an
//! HTML part, from the templates `templates/mail/message.txt` and
//! `message.html`. The templates are compiled with the shop (askama): each
//! `match`es every `Message` variant, so a variant without its text, or a
//! template naming a field a message does not have, does not build. The
//! HTML part escapes every value; the text part is plain text.

use askama::Template;

use super::Message;
use crate::core::config::Config;
use crate::core::money::Currency;

/// What every message says about the shop: its name, its address and the
/// currency its amounts are in.
#[derive(Debug, Clone)]
pub struct Letterhead {
    pub name: String,
    /// The shop's public address, without a trailing slash.
    pub url: String,
    pub currency: Currency,
}

impl Letterhead {
    pub fn from_config(config: &Config) -> Self {
        Letterhead {
            name: config.shop_name.trim().to_owned(),
            url: super::public_base(config),
            currency: Currency::from_config(config),
        }
    }

    /// An amount in cents as the shop shows it: `12.50 USD`.
    pub fn money(&self, cents: impl Whole) -> String {
        self.currency.with_code(cents.whole())
    }

    /// Where a buyer sees their orders.
    pub fn orders_link(&self) -> String {
        format!("{}/dashboard/order", self.url)
    }

    /// Where a buyer pays for an order.
    pub fn pay_link(&self, order: impl Whole) -> String {
        format!("{}/dashboard/payment/{}", self.url, order.whole())
    }

    /// Why an order was cancelled, in a sentence.
    pub fn cancel_reason(&self, reason: &str) -> &'static str {
        match reason {
            "buyer" => "You cancelled it.",
            "expired" => "It was not paid in time, so the parts it held went back on the shelf.",
            _ => "The shop cancelled it.",
        }
    }
}

/// A whole number, however many references deep the templates hold it.
pub trait Whole {
    fn whole(&self) -> i64;
}

impl Whole for i64 {
    fn whole(&self) -> i64 {
        *self
    }
}

impl<T: Whole + ?Sized> Whole for &T {
    fn whole(&self) -> i64 {
        (**self).whole()
    }
}

/// A message as it is sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

#[derive(Template)]
#[template(path = "mail/message.txt")]
struct Text<'a> {
    m: &'a Message,
    shop: &'a Letterhead,
}

#[derive(Template)]
#[template(path = "mail/message.html")]
struct Html<'a> {
    m: &'a Message,
    shop: &'a Letterhead,
}

/// Makes `message` into its subject, text and HTML for `shop`.
pub fn render(message: &Message, shop: &Letterhead) -> Rendered {
    let text = Text { m: message, shop }
        .render()
        .expect("the text template renders: it only writes strings and numbers");
    let html = Html { m: message, shop }
        .render()
        .expect("the HTML template renders: it only writes strings and numbers");
    Rendered {
        subject: message.subject(),
        text: tidy(&text),
        html,
    }
}

/// The text part with the templates' blank lines folded: at most one empty
/// line in a row, none at the start, one line break at the end.
fn tidy(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut blank = 0;
    for line in text.lines().map(str::trim_end) {
        if line.is_empty() {
            blank += 1;
            continue;
        }
        if blank > 0 && !out.is_empty() {
            out.push('\n');
        }
        blank = 0;
        out.push_str(line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::{plain_name, Line};

    fn shop() -> Letterhead {
        Letterhead {
            name: "Parts Garage".into(),
            url: "https://shop.example".into(),
            currency: Currency::new("USD"),
        }
    }

    fn line() -> Line {
        Line {
            part: "Brake pads <front>".into(),
            quantity: 2,
            unit_price_cents: 1250,
            amount_cents: 2500,
        }
    }

    fn every_message() -> Vec<Message> {
        let name = "Ann O\u{2019}Driver-Smith Jr.".to_string();
        vec![
            Message::VerifyEmail {
                name: name.clone(),
                link: "https://shop.example/verify-email?token=abc&x=1".into(),
            },
            Message::PasswordReset {
                name: name.clone(),
                link: "https://shop.example/reset-password?token=abc".into(),
            },
            Message::PasswordChanged { name: name.clone() },
            Message::OrderPlaced {
                name: name.clone(),
                order: 12,
                lines: vec![line()],
                total_cents: 2500,
                shipping_cents: 0,
                tax_cents: 0,
                delivery: "Counter pickup".into(),
                delivery_time: String::new(),
            },
            Message::PaymentReceived {
                name: name.clone(),
                order: 12,
                total_cents: 2500,
                transaction_id: "pi_123".into(),
                lines: vec![line()],
                delivery: "Express".into(),
                delivery_time: "Next working day".into(),
                deliver_to: Some("Ann, 1 Elm St, Oakland CA 94607, US".into()),
                pickup: false,
            },
            Message::OrderShipped {
                name: name.clone(),
                order: 12,
                lines: vec![line()],
                carrier: Some("UPS".into()),
                tracking_number: Some("1Z999".into()),
            },
            Message::OrderCancelled {
                name: name.clone(),
                order: 12,
                reason: "expired".into(),
            },
            Message::RefundIssued {
                name: name.clone(),
                order: 12,
                amount_cents: 2500,
            },
            Message::GoogleLinked {
                name: name.clone(),
                password_cleared: true,
            },
            Message::ReadyToCollect {
                name: name.clone(),
                order: 12,
                lines: vec![line()],
            },
            Message::RoleChanged {
                name: name.clone(),
                admin: false,
            },
            Message::ReturnRequestedForStaff {
                id: 4,
                number: "RMA-4".into(),
                order: 12,
                buyer: "Ann".into(),
                buyer_email: "ann@example.com".into(),
                reason: "doesn't fit".into(),
                lines: vec![line()],
                note: String::new(),
            },
            Message::ReturnMoved {
                name: name.clone(),
                number: "RMA-4".into(),
                order: 12,
                state: "approved".into(),
                detail: Some("Bring it to the trade counter.".into()),
                amount_cents: 0,
            },
            Message::OrderPaidForStaff {
                order: 12,
                buyer: "Ann".into(),
                buyer_email: "ann@example.com".into(),
                lines: vec![line()],
                total_cents: 2500,
                delivery: "Express".into(),
                deliver_to: Some("Ann, 1 Elm St, Oakland CA 94607, US".into()),
            },
            Message::ContactReceived {
                id: 4,
                from: "ann@example.com".into(),
                subject: "A price\nfor 40 filters".into(),
                message: "Hello <b>shop</b>".into(),
            },
        ]
    }

    #[test]
    fn a_contact_message_reaches_the_shop_with_its_sender_and_words_escaped() {
        let contact = every_message().pop().unwrap();
        let r = render(&contact, &shop());
        assert_eq!(r.subject, "Contact form: A price for 40 filters");
        assert!(r.text.contains("From: ann@example.com"), "{}", r.text);
        assert!(r.text.contains("Hello <b>shop</b>"), "{}", r.text);
        assert!(
            r.html.contains("Hello &#60;b&#62;shop&#60;/b&#62;")
                || r.html.contains("Hello &lt;b&gt;shop&lt;/b&gt;"),
            "{}",
            r.html
        );
        assert!(
            r.text.contains("https://shop.example/dashboard/messages"),
            "{}",
            r.text
        );
    }

    #[test]
    fn every_message_has_a_subject_a_text_and_an_html_part_with_the_shop() {
        for message in every_message() {
            let r = render(&message, &shop());
            assert!(!r.subject.is_empty());
            for part in [&r.text, &r.html] {
                assert!(part.contains("Parts Garage"), "{}: {part}", message.kind());
                assert!(part.contains("https://shop.example"), "{part}");
            }
            // The account's name is repeated only in order mail.
            let greeting = match message.order() {
                Some(_) => "Hello Ann O\u{2019}Driver-Smith Jr.,",
                None => "Hello,",
            };
            assert!(r.text.starts_with(greeting), "{}", r.text);
            assert!(r.html.contains(greeting), "{}", r.html);
            assert!(!r.text.contains("\n\n\n"), "{}", r.text);
        }
    }

    #[test]
    fn a_name_is_repeated_only_when_it_reads_as_a_name() {
        assert_eq!(plain_name("  Ann \n Driver "), Some("Ann Driver".into()));
        assert_eq!(plain_name("J. R. Smith"), Some("J. R. Smith".into()));
        assert_eq!(
            plain_name("Zo\u{0308}e Ma\u{00EF}"),
            Some("Zo\u{0308}e Ma\u{00EF}".into())
        );
        let long = "Ann ".repeat(11);
        for sent in [
            "Ann\n\nYour card was charged $1,249.00",
            "visit https://evil.example",
            "evil.example",
            "ann@example.com",
            "Ann <Driver>",
            "Call 555 0100",
            "",
            "   ",
            long.as_str(),
        ] {
            assert_eq!(plain_name(sent), None, "{sent:?}");
        }
    }

    #[test]
    fn order_messages_tell_their_facts() {
        let all = every_message();
        let text = |i: usize| render(&all[i], &shop()).text;
        assert!(text(0).contains("https://shop.example/verify-email?token=abc&x=1"));
        assert!(text(1).contains("https://shop.example/reset-password?token=abc"));
        let placed = text(3);
        assert!(placed.contains("2 x Brake pads <front>"), "{placed}");
        assert!(placed.contains("25.00 USD"), "{placed}");
        assert!(
            placed.contains("https://shop.example/dashboard/payment/12"),
            "{placed}"
        );
        assert!(text(4).contains("pi_123"));
        let shipped = text(5);
        assert!(
            shipped.contains("UPS") && shipped.contains("1Z999"),
            "{shipped}"
        );
        // A carrier whose tracking page is known: a link to the parcel.
        assert!(
            shipped.contains("Follow the parcel: https://www.ups.com/track?tracknum=1Z999"),
            "{shipped}"
        );
        assert!(text(6).contains("not paid in time"));
        assert!(text(7).contains("25.00 USD"));
        assert!(text(8).contains("Forgot password?"), "{}", text(8));
        // Shipped without tracking says nothing of it.
        let untracked = Message::OrderShipped {
            name: "Ann".into(),
            order: 3,
            lines: vec![line()],
            carrier: None,
            tracking_number: None,
        };
        let r = render(&untracked, &shop());
        assert!(!r.text.contains("Tracking"), "{}", r.text);
        assert!(!r.html.contains("Tracking"), "{}", r.html);
        assert!(!r.text.contains("Follow the parcel"), "{}", r.text);
        // Another carrier: the number, and no link made up for it.
        let local = Message::OrderShipped {
            name: "Ann".into(),
            order: 3,
            lines: vec![line()],
            carrier: Some("Local courier".into()),
            tracking_number: Some("LC 12/3".into()),
        };
        assert_eq!(local.tracking_link(), None);
        let fedex = Message::OrderShipped {
            name: "Ann".into(),
            order: 3,
            lines: vec![line()],
            carrier: Some(" FedEx ".into()),
            tracking_number: Some("7489 & 1".into()),
        };
        assert_eq!(
            fedex.tracking_link().as_deref(),
            Some("https://www.fedex.com/fedextrack/?trknbr=7489+%26+1")
        );
    }

    #[test]
    fn a_placed_order_lists_its_lines_shipping_tax_and_total() {
        let disc = Line {
            part: "Front brake disc".into(),
            quantity: 1,
            unit_price_cents: 4999,
            amount_cents: 4999,
        };
        let placed = Message::OrderPlaced {
            name: "Ann".into(),
            order: 7,
            lines: vec![line(), disc],
            total_cents: 8624,
            shipping_cents: 1000,
            tax_cents: 625,
            delivery: "Courier".into(),
            delivery_time: "2–4 working days".into(),
        };
        assert_eq!(placed.goods_cents(), 7499);
        let r = render(&placed, &shop());
        assert!(r.text.contains("Goods: 74.99 USD"), "{}", r.text);
        assert!(
            r.text
                .contains("Shipping (Courier, 2–4 working days): 10.00 USD"),
            "{}",
            r.text
        );
        assert!(r.text.contains("Tax: 6.25 USD"), "{}", r.text);
        assert!(r.text.contains("Total: 86.24 USD"), "{}", r.text);
        assert!(
            r.text
                .contains("1 x Front brake disc at 49.99 USD: 49.99 USD"),
            "{}",
            r.text
        );
        for wanted in [
            "Front brake disc",
            "74.99 USD",
            "10.00 USD",
            "6.25 USD",
            "86.24 USD",
            "Courier",
        ] {
            assert!(r.html.contains(wanted), "{wanted}: {}", r.html);
        }
    }

    #[test]
    fn a_placed_message_stored_before_shipping_and_tax_still_reads() {
        let stored =
            r#"{"kind":"order_placed","name":"Ann","order":3,"lines":[],"total_cents":2500}"#;
        let message: Message = serde_json::from_str(stored).unwrap();
        assert_eq!(
            message,
            Message::OrderPlaced {
                name: "Ann".into(),
                order: 3,
                lines: vec![],
                total_cents: 2500,
                shipping_cents: 0,
                tax_cents: 0,
                delivery: String::new(),
                delivery_time: String::new(),
            }
        );
        let text = render(&message, &shop()).text;
        assert!(text.contains("Shipping: 0.00 USD"), "{text}");
        assert!(text.contains("Total: 25.00 USD"), "{text}");
    }

    #[test]
    fn amounts_show_two_decimals() {
        let shop = shop();
        assert_eq!(shop.money(5), "0.05 USD");
        assert_eq!(shop.money(123_456), "1234.56 USD");
        assert_eq!(shop.money(-250), "-2.50 USD");
    }
}
