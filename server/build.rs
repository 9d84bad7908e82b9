//! Builds the server again when a database migration is added or changed:
//! `sqlx::migrate!` puts the files of `migrations/` into the binary, and
//! cargo cannot tell on its own that the crate reads them.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
