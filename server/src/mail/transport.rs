//! How a message leaves the shop: over SMTP to `SHOP_SMTP_URL`, or, without
//! one, as an `.eml` file in the data folder's `mail/`, so the shop runs
//! with nothing outside it and a developer can read what it would send.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use lettre::message::{header::ContentType, Mailbox, MultiPart, SinglePart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Tokio1Executor};

use super::{Letterhead, Rendered};
use crate::core::config::Config;

/// Longest one SMTP command may take before the attempt counts as failed.
const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// Sends the shop's mail.
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    /// The shop's name, address and currency, for the templates.
    pub letterhead: Letterhead,
}

enum Transport {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        /// The server, for the log (no password).
        server: String,
    },
    Files {
        dir: PathBuf,
    },
}

/// Why a message was not sent.
#[derive(Debug)]
pub struct SendError {
    pub message: String,
    /// The mail server refused it for good (a 5xx answer, a bad address):
    /// trying again is unlikely to help.
    pub permanent: bool,
}

impl Mailer {
    /// The mail server `SHOP_SMTP_URL` names, or the data folder's `mail/`.
    /// A URL that cannot be used stops the shop from starting.
    pub fn from_config(config: &Config) -> anyhow::Result<Mailer> {
        let from: Mailbox = config.mail_from.trim().parse().with_context(|| {
            format!(
                "SHOP_MAIL_FROM must be an address like 'Parts Garage <shop@example.com>', not '{}'",
                config.mail_from
            )
        })?;
        let transport = match config.smtp_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => smtp(url)?,
            _ => Transport::Files {
                dir: config.data_dir.join("mail"),
            },
        };
        Ok(Mailer {
            transport,
            from,
            letterhead: Letterhead::from_config(config),
        })
    }

    /// Where mail goes, for the log at start.
    pub fn destination(&self) -> String {
        match &self.transport {
            Transport::Smtp { server, .. } => server.clone(),
            Transport::Files { dir } => dir.display().to_string(),
        }
    }

    /// Whether mail is written to files rather than sent.
    pub fn writes_files(&self) -> bool {
        matches!(self.transport, Transport::Files { .. })
    }

    /// Sends `rendered` to `to` as outbox message `id`; answers where it
    /// went (the server, or the file written).
    pub async fn send(&self, id: i64, to: &str, rendered: &Rendered) -> Result<String, SendError> {
        let to: Mailbox = to.parse().map_err(|e| SendError {
            message: format!("not an address: {e}"),
            permanent: true,
        })?;
        let email = lettre::Message::builder()
            .from(self.from.clone())
            .to(to)
            .message_id(Some(message_id(id, &self.from)))
            .subject(rendered.subject.clone())
            .multipart(
                MultiPart::alternative()
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_PLAIN)
                            .body(rendered.text.clone()),
                    )
                    .singlepart(
                        SinglePart::builder()
                            .header(ContentType::TEXT_HTML)
                            .body(rendered.html.clone()),
                    ),
            )
            .map_err(|e| SendError {
                message: format!("cannot make the message: {e}"),
                permanent: true,
            })?;
        match &self.transport {
            Transport::Smtp { transport, server } => match transport.send(email).await {
                Ok(_) => Ok(server.clone()),
                Err(e) => Err(SendError {
                    message: error_chain(&e),
                    permanent: e.is_permanent(),
                }),
            },
            Transport::Files { dir } => write_file(dir, id, &email.formatted())
                .await
                .map(|path| path.display().to_string())
                .map_err(|e| SendError {
                    message: format!("cannot write the message into {}: {e}", dir.display()),
                    permanent: false,
                }),
        }
    }
}

/// A `Message-ID` (RFC 5322 §3.6.4) for outbox message `id`: the id, so a
/// message in a receiver's log can be found in the outbox, a random part, so
/// no two shops (or two attempts) ever share one, and the sender's domain.
fn message_id(id: i64, from: &Mailbox) -> String {
    let nonce: u64 = rand::random();
    format!("<{id}.{nonce:016x}@{}>", from.email.domain())
}

/// The SMTP transport for `url`: `smtp://[user:pass@]host:port` upgrades to
/// TLS with STARTTLS when the server offers it (certificate checked), except
/// on the machine itself (127.0.0.1, ::1, localhost), where it speaks plain
/// SMTP; `?tls=required` insists on STARTTLS; `smtps://` is TLS from the start.
fn smtp(url: &str) -> anyhow::Result<Transport> {
    let parsed = url::Url::parse(url).map_err(|e| {
        anyhow::anyhow!("SHOP_SMTP_URL is not a URL ({e}): use smtp://[user:pass@]host:port")
    })?;
    let host = parsed.host_str().unwrap_or_default().to_owned();
    if host.is_empty() || !matches!(parsed.scheme(), "smtp" | "smtps") {
        anyhow::bail!("SHOP_SMTP_URL must look like smtp://[user:pass@]host:port or smtps://…");
    }
    let loopback = matches!(host.as_str(), "127.0.0.1" | "[::1]" | "::1" | "localhost");
    let names_tls = parsed.query_pairs().any(|(k, _)| k == "tls");
    let mut url = parsed.clone();
    if parsed.scheme() == "smtp" && !names_tls && !loopback {
        url.query_pairs_mut().append_pair("tls", "opportunistic");
    }
    let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.as_str())
        .context("SHOP_SMTP_URL cannot be used")?
        .timeout(Some(SMTP_TIMEOUT))
        .build();
    let port = parsed.port().map(|p| format!(":{p}")).unwrap_or_default();
    Ok(Transport::Smtp {
        transport,
        server: format!("{}://{host}{port}", parsed.scheme()),
    })
}

/// An error with its causes, on one line.
fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Writes message `id` into `dir` (made readable by the shop's user only:
/// messages hold sign-in links) as `<time>-<id>.eml`, whole or not at all.
async fn write_file(dir: &Path, id: i64, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let dir = dir.to_owned();
    let bytes = bytes.to_vec();
    tokio::task::spawn_blocking(move || {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&dir)?;
        let stamp: String = crate::core::db::now()
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .collect();
        let name = format!("{stamp}-{id}.eml");
        let partial = dir.join(format!(".{name}.part"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&partial)?;
        std::io::Write::write_all(&mut file, &bytes)?;
        let path = dir.join(name);
        std::fs::rename(&partial, &path)?;
        Ok(path)
    })
    .await
    .map_err(std::io::Error::other)?
}
