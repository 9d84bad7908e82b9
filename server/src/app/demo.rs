//! Demo data for a new shop: parts with pictures and weights, a few
//! reviews, a trade counter and two delivery methods, loaded once into an
//! empty database (SHOP_DEMO_DATA); and the admin account. Without demo
//! data a shop starts with no delivery methods and the default counter.

use anyhow::Context;
use include_dir::{include_dir, Dir};
use rand::distributions::{Alphanumeric, DistString};
use sea_query::{Iden, OnConflict, Query};
use serde::Deserialize;

use crate::auth::password;
use crate::catalogue::fields::{self, Fitment, DEFAULT_REORDER_LEVEL};
use crate::catalogue::store::{self as parts, Details, PartFields};
use crate::core::config::Config;
use crate::core::db::Db;
use crate::core::input::{parse_email, parse_thousandths};
use crate::core::money::parse_cents;
use crate::images;
use crate::reviews::{self, NewReview};
use crate::shipping::{self, Counter};
use crate::users::store as users;

static DEMO: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/demo");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoPart {
    name: String,
    description: String,
    price: String,
    available_quantity: i64,
    minimum_order: i64,
    image: String,
    sku: String,
    category: String,
    /// Kilograms per unit, as text ("0.35").
    weight_kg: String,
    /// The deposit on a remanufactured part or a battery, as text ("45.00").
    #[serde(default)]
    core_charge: Option<String>,
    #[serde(default)]
    oem_numbers: Vec<String>,
    #[serde(default)]
    fitments: Vec<DemoFitment>,
    #[serde(default)]
    replaces: Vec<String>,
}

/// A vehicle a demo part fits.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoFitment {
    make: String,
    model: String,
    year_from: i64,
    year_to: i64,
    engine: Option<String>,
    trim: Option<String>,
    axle: Option<String>,
    side: Option<String>,
    note: Option<String>,
}

/// The demo shop's trade counter and delivery methods.
#[derive(Deserialize)]
struct DemoShipping {
    counter: Counter,
    methods: Vec<DemoMethod>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DemoMethod {
    name: String,
    description: String,
    base_price: String,
    price_per_kg: String,
    free_over: Option<String>,
}

#[derive(Deserialize)]
struct DemoReview {
    name: String,
    description: String,
    rating: i64,
    image: String,
}

#[derive(Iden)]
enum Settings {
    Table,
    Key,
    Value,
}

/// Loads the demo parts, reviews, trade counter and delivery methods, unless the shop already has parts or
/// demo data was loaded before (an admin who deleted every part does not
/// get them back at the next start).
pub async fn load_if_empty(db: &Db) -> anyhow::Result<()> {
    if parts::count(db).await? > 0 {
        return Ok(());
    }
    // Claiming the flag first means one process loads, however many start.
    let claim = Query::insert()
        .into_table(Settings::Table)
        .columns([Settings::Key, Settings::Value])
        .values_panic(["demo_data".into(), "loaded".into()])
        .on_conflict(OnConflict::column(Settings::Key).do_nothing().to_owned())
        .to_owned();
    if db.execute(&claim).await? == 0 {
        return Ok(());
    }
    let demo_parts: Vec<DemoPart> = serde_json::from_str(file_text("parts.json")?)?;
    for p in &demo_parts {
        let img = demo_image(db, &p.image).await?;
        let price_cents =
            parse_cents(&p.price).map_err(|e| anyhow::anyhow!("demo price of {}: {e}", p.name))?;
        let fields = PartFields {
            name: p.name.clone(),
            description: p.description.clone(),
            img,
            price_cents,
            available_quantity: p.available_quantity,
            minimum_order: p.minimum_order,
            sku: Some(p.sku.to_ascii_uppercase()),
            category: fields::category(&p.category)
                .with_context(|| format!("demo category of {}", p.name))?
                .to_owned(),
            reorder_level: DEFAULT_REORDER_LEVEL,
            weight_grams: parse_thousandths(&p.weight_kg)
                .with_context(|| format!("demo weight of {}", p.name))?,
            core_charge_cents: p
                .core_charge
                .as_deref()
                .map(parse_cents)
                .transpose()
                .map_err(|e| anyhow::anyhow!("demo core charge of {}: {e}", p.name))?
                .unwrap_or(0),
            details: Details {
                oem_numbers: p.oem_numbers.clone(),
                fitments: p
                    .fitments
                    .iter()
                    .map(|f| demo_fitment(f, &p.name))
                    .collect::<anyhow::Result<_>>()?,
                replaces: p.replaces.clone(),
            },
        };
        let (_turn, mut tx) = db.begin_write().await?;
        parts::insert_on(db, &mut tx, &fields).await?;
        tx.commit().await?;
    }
    let demo_reviews: Vec<DemoReview> = serde_json::from_str(file_text("reviews.json")?)?;
    for r in &demo_reviews {
        let img = demo_image(db, &r.image).await?;
        let review = NewReview {
            user_id: None,
            name: r.name.clone(),
            description: r.description.clone(),
            rating: r.rating,
            img,
        };
        reviews::insert(db, &review).await?;
    }
    let demo_shipping: DemoShipping = serde_json::from_str(file_text("shipping.json")?)?;
    shipping::save_counter(db, &demo_shipping.counter).await?;
    for m in &demo_shipping.methods {
        let cents = |price: &str| {
            parse_cents(price).map_err(|e| anyhow::anyhow!("demo price of {}: {e}", m.name))
        };
        let free_over = m.free_over.as_deref().map(cents).transpose()?;
        shipping::insert_method(
            db,
            &m.name,
            &m.description,
            cents(&m.base_price)?,
            cents(&m.price_per_kg)?,
            free_over,
        )
        .await?;
    }
    tracing::info!(
        parts = demo_parts.len(),
        reviews = demo_reviews.len(),
        delivery_methods = demo_shipping.methods.len(),
        "demo data loaded"
    );
    Ok(())
}

/// A demo fitment as the shop keeps it; an axle or side must be one of the
/// shop's words.
fn demo_fitment(f: &DemoFitment, part: &str) -> anyhow::Result<Fitment> {
    let word = |given: &Option<String>, words: &[&'static str]| -> anyhow::Result<_> {
        given
            .as_deref()
            .map(|g| {
                words
                    .iter()
                    .copied()
                    .find(|w| *w == g)
                    .with_context(|| format!("demo fitment position {g} of {part}"))
            })
            .transpose()
    };
    Ok(Fitment {
        engine: f.engine.clone(),
        trim: f.trim.clone(),
        axle: word(&f.axle, &fields::AXLES)?,
        side: word(&f.side, &fields::SIDES)?,
        note: f.note.clone(),
        ..Fitment::new(&f.make, &f.model, f.year_from, f.year_to)
    })
}

fn file_text(path: &str) -> anyhow::Result<&'static str> {
    DEMO.get_file(path)
        .and_then(|f| f.contents_utf8())
        .with_context(|| format!("demo file {path} is missing"))
}

async fn demo_image(db: &Db, name: &str) -> anyhow::Result<String> {
    let file = DEMO
        .get_file(format!("images/{name}"))
        .with_context(|| format!("demo image {name} is missing"))?;
    images::save(db, file.contents().to_vec())
        .await
        .map_err(|e| anyhow::anyhow!("demo image {name}: {e}"))
}

/// Creates the configured admin account if it does not exist. Without a
/// configured password one is generated and printed this once.
pub async fn ensure_admin(db: &Db, config: &Config) -> anyhow::Result<()> {
    let email = parse_email(&config.admin_email)
        .context("SHOP_ADMIN_EMAIL is not a valid e-mail address")?;
    if users::find_by_email(db, &email).await?.is_some() {
        return Ok(());
    }
    let (password, generated) = match config.admin_password.as_deref().filter(|p| !p.is_empty()) {
        Some(p) => (p.to_owned(), false),
        None => (
            Alphanumeric.sample_string(&mut rand::thread_rng(), 16),
            true,
        ),
    };
    anyhow::ensure!(
        password.chars().count() >= 6,
        "SHOP_ADMIN_PASSWORD must be 6 characters or longer"
    );
    let hash = password::hash(password.clone()).await?;
    if users::create_admin_if_missing(db, &email, &hash).await? {
        tracing::info!(admin = ?email, "admin account created");
        if generated {
            println!(
                "Admin account created: {email} with password {password} (shown only this once)"
            );
        }
    }
    Ok(())
}
