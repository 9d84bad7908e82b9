//! The messages a shop wrote into its data folder (`<data>/mail/*.eml`), as
//! it does when no SMTP server is configured, and the links in them.

use std::time::{Duration, Instant};

use super::TestApp;

/// One message as written.
#[derive(Debug, Clone)]
pub struct WrittenMail {
    pub to: String,
    pub subject: String,
    /// Everything after the headers, quoted-printable decoded.
    pub body: String,
}

impl WrittenMail {
    /// The first link to `page` (`/verify-email`, `/reset-password`) in the message.
    pub fn link(&self, page: &str) -> Option<String> {
        let marker = format!("{page}?token=");
        let at = self.body.find(&marker)?;
        let start = self.body[..at].rfind("http")?;
        let token_start = at + marker.len();
        let token_len = self.body[token_start..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(self.body.len() - token_start);
        Some(self.body[start..token_start + token_len].to_owned())
    }
}

/// Undoes quoted-printable: soft line breaks and `=XX` escapes.
fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "").replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escape = (bytes[i] == b'=' && i + 2 < bytes.len())
            .then(|| std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok())
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escape {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The address of a `To` header: `ann@example.com` or `Ann <ann@example.com>`.
fn address(to: &str) -> &str {
    match (to.rfind('<'), to.rfind('>')) {
        (Some(open), Some(close)) if open < close => &to[open + 1..close],
        _ => to.trim(),
    }
}

fn parse(text: &str) -> WrittenMail {
    let (head, body) = text
        .split_once("\r\n\r\n")
        .or_else(|| text.split_once("\n\n"))
        .unwrap_or((text, ""));
    let header = |name: &str| {
        head.lines()
            .find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_owned())
            })
            .unwrap_or_default()
    };
    let body = if text.to_ascii_lowercase().contains("quoted-printable") {
        quoted_printable(body)
    } else {
        body.to_owned()
    };
    WrittenMail {
        to: header("To"),
        subject: header("Subject"),
        body,
    }
}

impl TestApp {
    /// Every message written so far to `email`, oldest first.
    pub fn mails_to(&self, email: &str) -> Vec<WrittenMail> {
        let folder = self.config.data_dir.join("mail");
        let Ok(entries) = std::fs::read_dir(&folder) else {
            return Vec::new();
        };
        let mut names: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        names.sort();
        names
            .iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .map(|text| parse(&text))
            .filter(|mail| address(&mail.to).eq_ignore_ascii_case(email))
            .collect()
    }

    /// The message to `email` with `subject`, once it is written (it may be
    /// written a moment after the answer that sends it).
    pub async fn mail_with_subject(&self, email: &str, subject: &str) -> WrittenMail {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(mail) = self
                .mails_to(email)
                .into_iter()
                .find(|m| m.subject == subject)
            {
                return mail;
            }
            assert!(Instant::now() < deadline, "no mail {subject}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The messages to `email` with a link to `page`, once there are at least
    /// `count` of them (messages may be written a moment after the answer).
    pub async fn links_to(&self, email: &str, page: &str, count: usize) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let links: Vec<String> = self
                .mails_to(email)
                .iter()
                .filter_map(|mail| mail.link(page))
                .collect();
            if links.len() >= count {
                return links;
            }
            assert!(
                Instant::now() < deadline,
                "{count} links to {page} for {email} never came; messages: {:?}",
                self.mails_to(email)
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The newest link to `page` (`/verify-email` or `/reset-password`) mailed to
/// `email`, waiting for one to be written.
pub async fn last_link(app: &TestApp, email: &str, page: &str) -> String {
    let links = app.links_to(email, page, 1).await;
    links.last().cloned().expect("a link")
}

/// The `token` of a mailed link.
pub fn token_of(link: &str) -> String {
    let url = reqwest::Url::parse(link).expect("a link is a URL");
    url.query_pairs()
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned())
        .expect("a token in the link")
}
