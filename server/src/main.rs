//! The `shop` binary: parse the configuration, then start the shop or run
//! one of its admin commands.

use std::process::ExitCode;

use clap::Parser;
use shop::core::config::{Cli, Command};
use shop::{core::input::parse_email, users::store as users, Application, Db};
use tracing_subscriber::EnvFilter;

/// mimalloc: cheaper allocations on the request path, and memory given back
/// to the system soon after it is freed (see `tune_malloc` for what is still
/// allocated with glibc's malloc: SQLite's and other C code's memory).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    tune_malloc();
    let cli = Cli::parse();
    // The VIN decoder finds its tables through MAPS_DIR; set while the
    // process has one thread, before the runtime starts any.
    std::env::set_var("MAPS_DIR", &cli.config.vin_data_dir);
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(run(cli)),
        Err(e) => {
            eprintln!("shop: cannot start the async runtime: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> ExitCode {
    init_logging(&cli.config.log_format);
    let outcome = match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => serve(cli.config).await,
        Command::MakeAdmin { email } => make_admin(cli.config, &email).await,
        Command::Backup { file } => backup(cli.config, &file).await,
        Command::Restore { file } => restore(cli.config, &file).await,
        Command::Import { file } => import(cli.config, &file).await,
        Command::Openapi => print_openapi(),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shop: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: shop::Config) -> anyhow::Result<()> {
    let app = Application::build(config).await?;
    app.run_until_stopped(shutdown_signal()).await?;
    tracing::info!("shop stopped");
    Ok(())
}

async fn make_admin(config: shop::Config, email: &str) -> anyhow::Result<()> {
    let email = parse_email(email)
        .ok_or_else(|| anyhow::anyhow!("'{email}' is not a valid e-mail address"))?;
    let db = Db::connect_with(&config.database_url(), config.pool_limits()).await?;
    if users::find_by_email(&db, &email).await?.is_none() {
        anyhow::bail!("no user has the e-mail {email}; they must sign up first");
    }
    // Recorded in the audit log as done at the command line, and mailed to them.
    let made = shop::staff::make_admin(&db, &email, shop::audit::Actor::CommandLine).await?;
    let changed = u64::from(made.is_some());
    tracing::info!(user = ?email, by = "command line", "role change: made admin");
    println!(
        "{email} {}",
        if changed == 1 {
            "is now an admin"
        } else {
            "was already an admin"
        }
    );
    Ok(())
}

/// Prints the document as the web app keeps its copy: two-space indents and
/// a final newline.
fn print_openapi() -> anyhow::Result<()> {
    use std::io::Write;
    let document = serde_json::to_string_pretty(&shop::app::http::openapi_document())?;
    writeln!(std::io::stdout().lock(), "{document}")?;
    Ok(())
}

async fn backup(config: shop::Config, file: &std::path::Path) -> anyhow::Result<()> {
    shop::app::backup::backup(&config, file).await?;
    println!("backup written to {}", file.display());
    Ok(())
}

async fn restore(config: shop::Config, file: &std::path::Path) -> anyhow::Result<()> {
    let restored = shop::app::backup::restore(&config, file).await?;
    println!(
        "{} restored into {}",
        file.display(),
        restored.database.display()
    );
    if let Some(kept) = restored.replaced {
        println!("the database it replaced is kept as {}", kept.display());
    }
    Ok(())
}

async fn import(config: shop::Config, file: &std::path::Path) -> anyhow::Result<()> {
    let _lock = shop::app::backup::hold_data_dir_alone(
        &config.data_dir,
        "a running shop would not see the catalogue change",
    )?;
    let began = std::time::Instant::now();
    let db = Db::connect_with(&config.database_url(), config.pool_limits()).await?;
    let loaded = shop::catalogue::transfer::bulk::import_file(&db, file).await?;
    println!(
        "{}: {} parts added, {} updated, {} unchanged in {:.1} s ({} indexes built again in {:.1} s)",
        file.display(),
        loaded.added,
        loaded.updated,
        loaded.unchanged,
        began.elapsed().as_secs_f64(),
        loaded.indexes,
        loaded.indexing.as_secs_f64()
    );
    Ok(())
}

/// The allocators' settings, before the process allocates much.
///
/// mimalloc (Rust's allocations): by default it commits whole arenas up front
/// and gives freed pages back only 10 ms later, and only when the thread that
/// freed them allocates again, so the memory of a burst (a buyer's order
/// history of several megabytes, a password hash's 19 MiB) stayed with the
/// process. Committing on demand and giving pages back as soon as they are
/// free keeps it near what is in use.
///
/// glibc's allocator (SQLite's and other C code's memory): by default it
/// raises its mmap threshold to the size of any large block freed, so large
/// blocks would end up carved from the heap and kept. A fixed threshold keeps
/// them in their own mappings, given back to the system when freed, and fewer
/// arenas keep the rest compact.
fn tune_malloc() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes the allocator's settings, under its own lock.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 256 * 1024);
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// mimalloc's settings must be made before its first arena is, which is
/// before `main`: the C library runs this with the program's other
/// initialisers, before Rust's runtime allocates anything.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static TUNE_MIMALLOC: extern "C" fn() = tune_mimalloc;

#[cfg(target_os = "linux")]
extern "C" fn tune_mimalloc() {
    // The option numbers of mimalloc 2's `mi_option_e` (mimalloc.h).
    const MI_OPTION_ARENA_EAGER_COMMIT: std::ffi::c_int = 4;
    const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;
    extern "C" {
        fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    }
    // SAFETY: mi_option_set only stores the setting, for any option number.
    unsafe {
        mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0);
        mi_option_set(MI_OPTION_PURGE_DELAY, 0);
    }
}

fn init_logging(format: &str) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    if format == "json" {
        builder.json().init();
    } else {
        builder.init();
    }
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
