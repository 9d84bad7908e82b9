//! Configuration: environment variables (the README's configuration table),
//! mirrored by flags.

use std::path::PathBuf;
use std::time::Duration;

use clap::builder::BoolishValueParser;
use clap::{ArgAction, Args, FromArgMatches, Parser, Subcommand};

use crate::core::client::{IpBlock, TrustedProxies};
use crate::core::db::PoolLimits;

/// Where the build put the VIN decoder's tables (`.cargo/config.toml` sets
/// `CORGI_CACHE_DIR` for the build).
const DEFAULT_VIN_DATA_DIR: &str = match option_env!("CORGI_CACHE_DIR") {
    Some(dir) => dir,
    None => "vin-tables",
};

/// The `shop` command line.
#[derive(Debug, Parser)]
#[command(
    name = "shop",
    version,
    about = "Parts Garage: an online shop for car parts"
)]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start the shop (the default).
    Serve,
    /// Make an existing user an admin.
    MakeAdmin {
        /// The user's e-mail address.
        email: String,
    },
    /// Copy the SQLite database to FILE while the shop runs (PostgreSQL: use pg_dump).
    Backup {
        /// Where to write the copy; it must not exist yet.
        file: PathBuf,
    },
    /// Put a backup taken with `shop backup` in place of the SQLite database, keeping the
    /// database it replaces beside it; refused while a shop runs on the data folder.
    Restore {
        /// The backup to restore.
        file: PathBuf,
    },
    /// Import a catalogue CSV file (the columns of `POST /api/admin/parts/import`) in one
    /// transaction, for a first load of many parts; refused while a shop runs on the data folder.
    Import {
        /// The file: checked first, nothing written when a row is wrong.
        file: PathBuf,
    },
    /// Print the API's OpenAPI document (what `GET /api/openapi.json` answers).
    Openapi,
}

/// Everything the shop can be configured with.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address and port to listen on (`127.0.0.1:0` picks a free port and logs it).
    #[arg(
        long,
        env = "SHOP_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: String,
    /// Folder for the SQLite file, generated secrets and anything else kept on disk.
    #[arg(long, env = "SHOP_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; by default an SQLite file in the data folder.
    #[arg(long, env = "SHOP_DATABASE_URL", global = true)]
    pub database_url: Option<String>,
    /// Load demo parts and reviews into an empty database.
    #[arg(long, env = "SHOP_DEMO_DATA", default_value = "true", value_parser = BoolishValueParser::new(), action = ArgAction::Set, global = true)]
    pub demo_data: bool,
    /// E-mail of the admin account created at start if missing.
    #[arg(
        long,
        env = "SHOP_ADMIN_EMAIL",
        default_value = "admin@example.com",
        global = true
    )]
    pub admin_email: String,
    /// Password of that admin account; without one, one is generated and printed once.
    #[arg(
        long,
        env = "SHOP_ADMIN_PASSWORD",
        hide_env_values = true,
        global = true
    )]
    pub admin_password: Option<String>,
    /// Key that signs tokens; generated once and kept in the data folder when unset.
    #[arg(long, env = "SHOP_TOKEN_SECRET", hide_env_values = true, global = true)]
    pub token_secret: Option<String>,
    /// How long a token lasts (e.g. 24h, 30m).
    #[arg(long, env = "SHOP_TOKEN_TTL", default_value = "24h", value_parser = parse_duration, global = true)]
    pub token_ttl: Duration,
    /// Longest a session lasts from its sign-in, however often its token is refreshed (e.g. 30d).
    #[arg(long, env = "SHOP_SESSION_MAX", default_value = "30d", value_parser = parse_duration, global = true)]
    pub session_max: Duration,
    /// The shop's name, shown in the header.
    #[arg(long, env = "SHOP_NAME", default_value = "Parts Garage", global = true)]
    pub shop_name: String,
    /// Currency of all prices (ISO code).
    #[arg(long, env = "SHOP_CURRENCY", default_value = "USD", global = true)]
    pub currency: String,
    /// The address people reach the shop at.
    #[arg(
        long,
        env = "SHOP_PUBLIC_URL",
        default_value = "http://127.0.0.1:8080",
        global = true
    )]
    pub public_url: String,
    /// The mail server: `smtp://[user:pass@]host:port`, upgraded with STARTTLS when the server
    /// offers it (`?tls=required` insists; plain SMTP to 127.0.0.1 and localhost), or `smtps://…`.
    /// Unset: each message is written as an .eml file in the data folder's `mail/`.
    #[arg(long, env = "SHOP_SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,
    /// Who the shop's mail comes from.
    #[arg(
        long,
        env = "SHOP_MAIL_FROM",
        default_value = "Parts Garage <shop@localhost>",
        global = true
    )]
    pub mail_from: String,
    /// How long to wait before sending a message again after the mail server failed (e.g.
    /// 30s); the wait doubles with each failure, up to an hour.
    #[arg(long, env = "SHOP_MAIL_RETRY", default_value = "30s", value_parser = parse_mail_retry, global = true)]
    pub mail_retry: Duration,
    /// `test` (built in) or `stripe`. Unset: `test`, unless SHOP_PUBLIC_URL is https, where
    /// the shop refuses to start until a provider is named (the test provider takes no money).
    #[arg(long, env = "SHOP_PAYMENT_PROVIDER", default_value = "", hide_default_value = true,
        value_parser = parse_payment_provider, global = true)]
    pub payment_provider: String,
    #[arg(long, env = "STRIPE_SECRET_KEY", hide_env_values = true, global = true)]
    pub stripe_secret_key: Option<String>,
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY", global = true)]
    pub stripe_publishable_key: Option<String>,
    #[arg(
        long,
        env = "STRIPE_WEBHOOK_SECRET",
        hide_env_values = true,
        global = true
    )]
    pub stripe_webhook_secret: Option<String>,
    #[arg(
        long,
        env = "STRIPE_API_BASE",
        default_value = "https://api.stripe.com",
        global = true
    )]
    pub stripe_api_base: String,
    /// The OpenID Connect provider for "Sign in with Google" (any provider works).
    #[arg(
        long,
        env = "SHOP_OIDC_ISSUER",
        default_value = "https://accounts.google.com",
        global = true
    )]
    pub oidc_issuer: String,
    /// The shop's client id at that provider; with the secret, it turns Google sign-in on.
    #[arg(long, env = "SHOP_OIDC_CLIENT_ID", global = true)]
    pub oidc_client_id: Option<String>,
    /// The shop's client secret at that provider.
    #[arg(
        long,
        env = "SHOP_OIDC_CLIENT_SECRET",
        hide_env_values = true,
        global = true
    )]
    pub oidc_client_secret: Option<String>,
    /// Login and sign-up attempts allowed per minute per client address; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_AUTH_RATE_LIMIT",
        default_value_t = 20,
        global = true
    )]
    pub auth_rate_limit: u32,
    /// Password-reset and verification e-mails per hour to one address (four times as many
    /// per client address); 0 turns the limit off.
    #[arg(long, env = "SHOP_MAIL_RATE_LIMIT", default_value_t = 5, global = true)]
    pub mail_rate_limit: u32,
    /// Image uploads allowed per minute per client address; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_UPLOAD_RATE_LIMIT",
        default_value_t = 30,
        global = true
    )]
    pub upload_rate_limit: u32,
    /// How long the "Order #N placed … pay for it here" message waits before
    /// it is sent (e.g. 5m; 0s sends it at once). A buyer who pays or cancels
    /// meanwhile never gets it: the payment's receipt lists the order instead.
    #[arg(long, env = "SHOP_ORDER_MAIL_DELAY", default_value = "5m", value_parser = parse_duration, global = true)]
    pub order_mail_delay: Duration,
    /// How long an unpaid order holds its stock, counted from when it was
    /// placed or its payment last started (e.g. 30m); then the shop cancels it.
    #[arg(long, env = "SHOP_ORDER_HOLD", default_value = "30m", value_parser = parse_hold, global = true)]
    pub order_hold: Duration,
    /// Most unpaid orders one buyer may hold at once; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_MAX_UNPAID_ORDERS",
        default_value_t = 10,
        global = true
    )]
    pub max_unpaid_orders: u32,
    /// Most units one buyer's unpaid orders may hold together; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_MAX_UNPAID_UNITS",
        default_value_t = 100,
        global = true
    )]
    pub max_unpaid_units: u32,
    /// The longest an unpaid order holds its stock, however often its payment is
    /// started again, counted from when it was placed (e.g. 1h); twice the order hold
    /// when not set.
    #[arg(long, env = "SHOP_ORDER_HOLD_MAX", value_parser = parse_hold, global = true)]
    pub order_hold_max: Option<Duration>,
    /// Orders one buyer may cancel per hour; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_CANCEL_RATE_LIMIT",
        default_value_t = 10,
        global = true
    )]
    pub cancel_rate_limit: u32,
    /// Order e-mails sent per hour to one address that is not verified; the rest are
    /// not sent (the orders stand). 0 turns the budget off.
    #[arg(long, env = "SHOP_MAIL_BUDGET", default_value_t = 10, global = true)]
    pub mail_budget: u32,
    /// Messages one client may send with the contact form per hour; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_CONTACT_RATE_LIMIT",
        default_value_t = 5,
        global = true
    )]
    pub contact_rate_limit: u32,
    /// The shop's own mailbox: where contact-form messages and news of paid orders are mailed;
    /// left out: the address of `SHOP_MAIL_FROM`.
    #[arg(long, env = "SHOP_STAFF_EMAIL", global = true)]
    pub staff_email: Option<String>,
    /// Reviews one account may post per hour; 0 turns the limit off.
    #[arg(
        long,
        env = "SHOP_REVIEW_RATE_LIMIT",
        default_value_t = 10,
        global = true
    )]
    pub review_rate_limit: u32,
    /// Reverse proxies whose `X-Forwarded-For` names the client (comma-separated addresses or
    /// CIDR blocks, e.g. `127.0.0.1,10.0.0.0/8`); from anyone else the header is ignored.
    #[arg(
        long,
        env = "SHOP_TRUSTED_PROXIES",
        value_delimiter = ',',
        global = true
    )]
    pub trusted_proxies: Vec<IpBlock>,
    /// Most connections open at once; lowered at start to fit the open-file limit.
    /// Past it, new connections are answered 503 and closed.
    #[arg(long, env = "SHOP_MAX_CONNECTIONS", default_value_t = 4096,
        value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub max_connections: u32,
    /// Most connections open at once from one client address (IPv6: one /64); trusted
    /// proxies are exempt; 0 turns the cap off. Past it, new connections are answered 503.
    #[arg(
        long,
        env = "SHOP_MAX_CONNECTIONS_PER_CLIENT",
        default_value_t = 256,
        global = true
    )]
    pub max_connections_per_client: u32,
    /// Longest a request may take, body included, before it is answered 408 (e.g. 30s);
    /// a client that has not sent its request headers by then is disconnected.
    #[arg(long, env = "SHOP_REQUEST_TIMEOUT", default_value = "30s", value_parser = parse_duration, global = true)]
    pub request_timeout: Duration,
    /// On SIGTERM: how long the shop goes on answering, with `GET /api/ready` saying it is
    /// draining, before it stops taking connections, so a load balancer takes it out of turn
    /// first (e.g. 5s; 0s: at once).
    #[arg(long, env = "SHOP_DRAIN_DELAY", default_value = "0s", value_parser = parse_duration, global = true)]
    pub drain_delay: Duration,
    /// On SIGTERM, once it takes no more connections: the longest it waits for the requests in
    /// flight and the message being mailed to finish before it exits (e.g. 30s).
    #[arg(long, env = "SHOP_SHUTDOWN_GRACE", default_value = "30s", value_parser = parse_duration, global = true)]
    pub shutdown_grace: Duration,
    /// Most database connections open at once (default: 8 on SQLite, 16 on PostgreSQL);
    /// on SQLite one more is kept for the shop's write transactions.
    #[arg(long, env = "SHOP_DB_POOL_SIZE", value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub db_pool_size: Option<u32>,
    /// How long a request waits for a free database connection before it is answered 503 (e.g. 5s).
    #[arg(long, env = "SHOP_DB_ACQUIRE_TIMEOUT", default_value = "5s", value_parser = parse_duration, global = true)]
    pub db_acquire_timeout: Duration,
    /// SQLite: how long a request waits for a lock another program holds on the database
    /// file (a backup tool, the `sqlite3` shell) before it is answered 503 "busy" (e.g. 10s).
    #[arg(long, env = "SHOP_DB_BUSY_TIMEOUT", default_value = "10s", value_parser = parse_duration, global = true)]
    pub db_busy_timeout: Duration,
    /// Answer catalogue reads (`GET /api/part`, `GET /api/part/{id}`) from memory while
    /// nothing has been written; a write under /api that may change parts or stock makes
    /// them read again.
    #[arg(long, env = "SHOP_CATALOGUE_CACHE", default_value = "true", value_parser = BoolishValueParser::new(), action = ArgAction::Set, global = true)]
    pub catalogue_cache: bool,
    /// Most memory the catalogue cache may hold, in MiB.
    #[arg(
        long,
        env = "SHOP_CATALOGUE_CACHE_MB",
        default_value_t = 16,
        global = true
    )]
    pub catalogue_cache_mb: u32,
    /// Most passwords hashed or checked at once (each takes 19 MiB for a moment);
    /// by default the number of CPU cores.
    #[arg(long, env = "SHOP_PASSWORD_HASHES", value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub password_hashes: Option<u32>,
    /// Folder of the built web app, served for every path outside /api.
    #[arg(long, env = "SHOP_WEB_DIR", default_value = "web/dist", global = true)]
    pub web_dir: PathBuf,
    /// Folder of the VIN decoder's lookup tables (NHTSA's vPIC data), made when the
    /// shop is built (target/vin-tables); only read.
    #[arg(long, env = "SHOP_VIN_DATA_DIR", default_value = DEFAULT_VIN_DATA_DIR, global = true)]
    pub vin_data_dir: PathBuf,
    /// SQLite: take a backup this often (e.g. 6h) into the data folder's `backups/`, as
    /// `shop backup` does; unset: never.
    #[arg(long, env = "SHOP_BACKUP_EVERY", value_parser = parse_duration, global = true)]
    pub backup_every: Option<Duration>,
    /// How many of the scheduled backups to keep (the newest).
    #[arg(long, env = "SHOP_BACKUP_KEEP", default_value_t = 7,
        value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub backup_keep: u32,
    /// Turns on Prometheus metrics at `/metrics` for a scraper that sends
    /// `Authorization: Bearer <this token>`.
    #[arg(long, env = "SHOP_METRICS_TOKEN", global = true)]
    pub metrics_token: Option<String>,
    /// Turns on Prometheus metrics at `/metrics` for these client addresses (comma-separated
    /// addresses or CIDR blocks), without a token.
    #[arg(long, env = "SHOP_METRICS_ALLOW", value_delimiter = ',', global = true)]
    pub metrics_allow: Vec<IpBlock>,
    /// Log format: `text` or `json`.
    #[arg(long, env = "SHOP_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"], global = true)]
    pub log_format: String,
}

impl Config {
    /// The shop's own mailbox (contact-form messages, paid orders):
    /// `staff_email`, or the address in `mail_from` ("Parts Garage
    /// <shop@example.com>" gives shop@example.com).
    pub fn staff_email(&self) -> String {
        if let Some(address) = self
            .staff_email
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
        {
            return address.to_owned();
        }
        // Read as the mailer reads it (which refuses to start on one it cannot).
        let from = self.mail_from.trim();
        from.parse::<lettre::message::Mailbox>()
            .map_or_else(|_| from.to_owned(), |mailbox| mailbox.email.to_string())
    }

    /// The shop's own defaults: each setting's `default_value` above, with
    /// nothing read from the command line or the environment.
    pub fn from_defaults() -> Self {
        let matches = defaults_command()
            .try_get_matches_from(["shop"])
            .expect("the defaults are valid settings");
        Config::from_arg_matches(&matches).expect("the defaults make a configuration")
    }

    /// What tests start from: the shop's own defaults (`from_defaults`) with
    /// the data kept in `data_dir` and the changes in `TEST_OVERRIDES`.
    pub fn defaults(data_dir: impl Into<PathBuf>) -> Self {
        let mut config = Config::from_defaults();
        config.data_dir = data_dir.into();
        for (_, change) in TEST_OVERRIDES {
            change(&mut config);
        }
        config
    }

    /// The database to use: SHOP_DATABASE_URL, or an SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) if !url.trim().is_empty() => url.trim().to_owned(),
            _ => format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("shop.db").display()
            ),
        }
    }

    /// The longest an unpaid order holds its stock from when it was placed,
    /// however often its payment is started: SHOP_ORDER_HOLD_MAX, or twice the
    /// hold (never less than the hold itself).
    pub fn order_hold_max(&self) -> Duration {
        self.order_hold_max
            .unwrap_or(self.order_hold.saturating_mul(2))
            .max(self.order_hold)
    }

    /// The database pool's size, acquire timeout and SQLite busy timeout.
    pub fn pool_limits(&self) -> PoolLimits {
        PoolLimits {
            max_connections: self.db_pool_size,
            acquire_timeout: self.db_acquire_timeout,
            busy_timeout: self.db_busy_timeout,
        }
    }

    /// The payment provider to use: SHOP_PAYMENT_PROVIDER, or `test` when it is
    /// unset and the shop is not on https. The built-in test provider accepts
    /// test cards and takes no money, so a shop on https must choose it on purpose.
    pub fn resolved_payment_provider(&self) -> anyhow::Result<&'static str> {
        match self.payment_provider.trim() {
            "stripe" => Ok("stripe"),
            "test" => Ok("test"),
            "" if !self
                .public_url
                .trim()
                .to_ascii_lowercase()
                .starts_with("https://") =>
            {
                Ok("test")
            }
            "" => anyhow::bail!(
                "SHOP_PAYMENT_PROVIDER is not set, and SHOP_PUBLIC_URL ({}) is https: set \
                 SHOP_PAYMENT_PROVIDER=stripe to take real payments, or SHOP_PAYMENT_PROVIDER=test \
                 to run the built-in test provider (test cards, no money) on purpose",
                self.public_url.trim()
            ),
            other => anyhow::bail!("SHOP_PAYMENT_PROVIDER must be test or stripe, not '{other}'"),
        }
    }

    /// The reverse proxies whose `X-Forwarded-For` is believed.
    pub fn trusted_proxies(&self) -> TrustedProxies {
        TrustedProxies::new(self.trusted_proxies.clone())
    }

    /// Whether `/metrics` answers anyone: a token or an address list is set.
    pub fn metrics_on(&self) -> bool {
        self.metrics_token.as_deref().is_some_and(|t| !t.is_empty())
            || !self.metrics_allow.is_empty()
    }

    /// Whether Google (OpenID Connect) sign-in is configured.
    pub fn google_sign_in(&self) -> bool {
        self.oidc_client().is_some()
    }

    /// The OpenID Connect client id and secret, when both are set.
    pub fn oidc_client(&self) -> Option<(&str, &str)> {
        let id = self.oidc_client_id.as_deref().map(str::trim)?;
        let secret = self.oidc_client_secret.as_deref()?;
        (!id.is_empty() && !secret.is_empty()).then_some((id, secret))
    }
}

/// Where tests depart from the shop's own defaults, each named by the
/// setting it changes (a unit test holds the names to the settings changed,
/// and finds any other difference).
const TEST_OVERRIDES: [Override; 14] = [
    // A free port for each shop, so tests run side by side.
    ("listen", |c| c.listen = "127.0.0.1:0".into()),
    // Tests start from an empty shop and add what they need.
    ("demo_data", |c| c.demo_data = false),
    // The tests' many sign-ups, logins, mails, uploads and reviews all come from
    // 127.0.0.1 within a minute; the limits' own tests turn them on.
    ("auth_rate_limit", |c| c.auth_rate_limit = 0),
    ("upload_rate_limit", |c| c.upload_rate_limit = 0),
    ("review_rate_limit", |c| c.review_rate_limit = 0),
    ("contact_rate_limit", |c| c.contact_rate_limit = 0),
    // Tests read "Order #N placed" as soon as the order is; the delay's own test sets it.
    ("order_mail_delay", |c| c.order_mail_delay = Duration::ZERO),
    ("mail_rate_limit", |c| c.mail_rate_limit = 0),
    // Tests place many unpaid orders for one buyer; the limits' own tests set them.
    ("max_unpaid_orders", |c| c.max_unpaid_orders = 0),
    ("max_unpaid_units", |c| c.max_unpaid_units = 0),
    ("cancel_rate_limit", |c| c.cancel_rate_limit = 0),
    // Tests count the mail of many orders to one unverified address; the
    // budget's own tests set it.
    ("mail_budget", |c| c.mail_budget = 0),
    // The tests' many clients all come from 127.0.0.1.
    ("max_connections_per_client", |c| {
        c.max_connections_per_client = 0
    }),
    // Mail tests stop and start their mail server within seconds.
    ("mail_retry", |c| c.mail_retry = Duration::from_millis(300)),
];

/// A test setting: the setting's name, and the change.
type Override = (&'static str, fn(&mut Config));

/// The settings as flags only: every environment variable is left unread.
fn defaults_command() -> clap::Command {
    Config::augment_args(clap::Command::new("shop")).mut_args(|arg| arg.env(None::<&'static str>))
}

/// An order hold: a duration of at least one second.
fn parse_hold(s: &str) -> Result<Duration, String> {
    let hold = parse_duration(s)?;
    if hold < Duration::from_secs(1) {
        return Err("an order hold must be at least 1s".into());
    }
    Ok(hold)
}

/// The first wait before sending a message again: at least 100 ms.
fn parse_mail_retry(s: &str) -> Result<Duration, String> {
    let wait = parse_duration(s)?;
    if wait < Duration::from_millis(100) {
        return Err("the mail retry must be at least 100ms".into());
    }
    Ok(wait)
}

fn parse_payment_provider(s: &str) -> Result<String, String> {
    match s.trim() {
        p @ ("" | "test" | "stripe") => Ok(p.to_owned()),
        _ => Err("must be test or stripe".into()),
    }
}

fn parse_duration(s: &str) -> Result<Duration, String> {
    humantime::parse_duration(s).map_err(|e| format!("not a duration like 24h or 30m: {e}"))
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::*;

    /// Each setting of `config` and how it reads (`{:#?}`, one entry per field).
    fn settings(config: &Config) -> BTreeMap<String, String> {
        let text = format!("{config:#?}");
        let mut settings = BTreeMap::new();
        let mut current: Option<String> = None;
        for line in text.lines().skip(1) {
            let field = line
                .strip_prefix("    ")
                .filter(|rest| !rest.starts_with(' '))
                .and_then(|rest| rest.split_once(": "));
            match field {
                Some((name, value)) => {
                    settings.insert(name.to_owned(), value.to_owned());
                    current = Some(name.to_owned());
                }
                None => {
                    if let Some(value) = current.as_ref().and_then(|n| settings.get_mut(n)) {
                        value.push_str(line.trim());
                    }
                }
            }
        }
        settings
    }

    /// The settings that read differently in `a` and `b`.
    fn differences(a: &Config, b: &Config) -> BTreeSet<String> {
        let (a, b) = (settings(a), settings(b));
        assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
        a.into_iter()
            .filter(|(name, value)| b[name] != *value)
            .map(|(name, _)| name)
            .collect()
    }

    #[test]
    fn the_defaults_read_no_environment_variable() {
        let command = defaults_command();
        let read = command
            .get_arguments()
            .filter_map(|arg| arg.get_env())
            .collect::<Vec<_>>();
        assert!(read.is_empty(), "{read:?}");
        // The shop's own command line does read them.
        let cli = Config::augment_args(clap::Command::new("shop"));
        assert!(cli.get_arguments().any(|arg| arg.get_env().is_some()));
    }

    #[test]
    fn tests_depart_from_the_defaults_only_where_they_say() {
        let shop = Config::from_defaults();
        let mut expected: BTreeSet<String> = TEST_OVERRIDES
            .iter()
            .map(|(name, _)| name.to_string())
            .collect();
        assert_eq!(
            expected.len(),
            TEST_OVERRIDES.len(),
            "a setting named twice"
        );
        // Each override changes the setting it names, and only that one.
        for (name, change) in TEST_OVERRIDES {
            let mut changed = shop.clone();
            change(&mut changed);
            assert_eq!(
                differences(&shop, &changed),
                BTreeSet::from([name.to_string()]),
                "the override named {name}"
            );
        }
        expected.insert("data_dir".into());
        let tests = Config::defaults("test-data");
        assert_eq!(differences(&shop, &tests), expected);
    }
}
