//! Values from outside the shop (query strings, headers, the identity
//! provider's answers, typed e-mails) are written to the log escaped, so a
//! line break in one cannot start a line of its own that reads like the shop's.

use std::io::Write;
use std::sync::{Arc, Mutex};

use reqwest::{StatusCode, Url};

use crate::helpers::*;

/// The shop's text log, as `shop serve` writes it, kept in memory for the
/// test's own thread (where `#[tokio::test]` runs the shop's tasks).
#[derive(Clone, Default)]
struct CapturedLog(Arc<Mutex<Vec<u8>>>);

impl Write for CapturedLog {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl CapturedLog {
    /// Captures this thread's log until the guard is dropped.
    fn start() -> (Self, tracing::subscriber::DefaultGuard) {
        let log = CapturedLog::default();
        let writer = log.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_ansi(false)
            .with_max_level(tracing::Level::INFO)
            .with_writer(move || writer.clone())
            .finish();
        let guard = tracing::subscriber::set_default(subscriber);
        // A log line another test's thread reached first, with no subscriber
        // of its own, may have been marked as wanted by nobody; asking again
        // now counts this thread's subscriber in.
        tracing::callsite::rebuild_interest_cache();
        (log, guard)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// Checks no line of the log starts with `forged` (after the spaces a
    /// line may begin with).
    fn assert_no_line_starts_with(&self, forged: &str) {
        let text = self.text();
        for line in text.lines() {
            assert!(
                !line.trim_start().starts_with(forged),
                "a forged line in the log: {line:?}\n{text}"
            );
        }
    }
}

/// A line as the shop writes it when someone signs in with Google.
const FORGED: &str =
    "2030-01-01T00:00:00.000000Z  INFO shop::auth::google::routes: signed in with Google";

#[tokio::test]
async fn a_providers_error_description_cannot_forge_a_log_line() {
    let (log, _capturing) = CapturedLog::start();
    let provider = StandInProvider::start(Defect::None).await;
    let app = spawn_app_with(google_settings(free_port(), &provider.issuer)).await;
    let browser = Browser::default();
    let at_provider = browser.start_at_provider(&app, "/").await;
    let state = query_param(&at_provider, "state").unwrap();

    let description =
        format!("denied\n{FORGED} user=admin@example.com\r\n{FORGED} user=ceo@example.com");
    let mut callback = Url::parse(&app.url(CALLBACK_PATH)).unwrap();
    callback
        .query_pairs_mut()
        .append_pair("error", "access_denied")
        .append_pair("error_description", &description)
        .append_pair("state", &state);
    assert_eq!(refusal(&browser.callback(&callback).await), "cancelled");

    assert!(
        log.text().contains("failed Google sign-in"),
        "the refusal is logged: {}",
        log.text()
    );
    log.assert_no_line_starts_with(FORGED);
    log.assert_no_line_starts_with("user=");
}

#[tokio::test]
async fn a_typed_email_and_a_redirect_cannot_forge_a_log_line() {
    let (log, _capturing) = CapturedLog::start();
    let provider = StandInProvider::start(Defect::None).await;
    let app = spawn_app_with(google_settings(free_port(), &provider.issuer)).await;

    // A failed login logs the e-mail as typed.
    let response = app
        .login(&format!("nobody@example.com\n{FORGED}"), PASSWORD)
        .await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // A refused return path is logged too.
    let response = Browser::default()
        .start(&app, &format!("https://evil.example/\n{FORGED}"))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);

    let text = log.text();
    assert!(text.contains("failed sign-in"), "{text}");
    assert!(text.contains("redirect outside the shop"), "{text}");
    log.assert_no_line_starts_with(FORGED);
}
