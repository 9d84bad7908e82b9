//! The catalogue as a CSV file: exported as a stream, a page of parts at a
//! time, and imported from a stream, every row read with the same rules as
//! `POST /api/part` (`PartRequest`), then applied by a job a batch at a time
//! (`jobs`) only when no row has an error. An import never writes the stock of a
//! part that exists (D16, D28): `availableQuantity` is only the stock of a
//! new part.
//!
//! The columns (`HEADER`) are the part API's field names. A list is one
//! cell with its items separated by `;`; a fitment is
//! `make|model|yearFrom|yearTo|engine|trim|axle|side|note` (qualifiers
//! blank when the fitment has none), several separated by `;`. A `\` in a
//! cell makes the next character plain (`\;`, `\|`, `\\`).

pub mod bulk;
pub mod export;
pub mod import;
pub mod jobs;
mod rows;
#[cfg(test)]
mod tests;

pub use export::export_parts;
pub use import::{import_parts, ImportErrors, ImportResult, RowError, MAX_REPORTED_ERRORS};
use rows::{file_problem, ImportRow, Read1, Rows};

use super::fields::{MAX_FITMENTS, MAX_OEM_NUMBERS, MAX_REPLACED_NUMBERS};
use super::store::{self, Details, Edited, PartRow};
use super::{new_part, PartRequest, SentFields};

/// The columns of the file, in order.
pub const HEADER: [&str; 13] = [
    "sku",
    "name",
    "description",
    "img",
    "price",
    "availableQuantity",
    "minimumOrder",
    "reorderLevel",
    "category",
    "weightKg",
    "oemNumbers",
    "replaces",
    "fitments",
];

/// Columns a file may have beside `HEADER`, each after it when exported;
/// a file without one imports as if each of its cells were blank.
pub const OPTIONAL: [&str; 1] = ["coreCharge"];

/// The columns of an exported file: `HEADER`, then `OPTIONAL`.
pub fn exported_columns() -> Vec<&'static str> {
    HEADER.iter().chain(OPTIONAL.iter()).copied().collect()
}

/// Largest file an import takes.
pub const MAX_IMPORT_BYTES: usize = 20 * 1024 * 1024;

/// What a spreadsheet reads as the start of a formula (or of a cell it
/// would run as one).
fn starts_formula(c: char) -> bool {
    matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r')
}

/// An exported cell a spreadsheet would run as a formula, written with a
/// `'` before it, as spreadsheets themselves mark text; a cell that already
/// starts with `'` before such a character (or another `'`) gets one too, so
/// `unmark` on import gives back exactly what was exported.
fn mark(cell: String) -> String {
    let mut chars = cell.chars();
    let needs = match chars.next() {
        Some('\'') => chars.next().is_some_and(|c| c == '\'' || starts_formula(c)),
        Some(c) => starts_formula(c),
        None => false,
    };
    if needs {
        format!("'{cell}")
    } else {
        cell
    }
}

/// An imported cell without the `'` that `mark` put before it.
fn unmark(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(|c: char| c == '\'' || starts_formula(c)) => rest,
        _ => cell,
    }
}

/// One CSV record and its line end.
fn csv_line<S: AsRef<str>>(cells: &[S]) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer
        .write_record(cells.iter().map(AsRef::as_ref))
        .expect("writing to memory cannot fail");
    String::from_utf8(writer.into_inner().expect("writing to memory cannot fail"))
        .expect("the cells are text")
}

/// A list item or fitment field with `\`, `;` and `|` made plain.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | ';' | '|') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `text` split at each `sep` that is not made plain by `\`; the pieces
/// keep their escapes (a fitment is split again at `|`), `unescape` undoes
/// them. Past `most` pieces it stops: one more, empty, piece says there
/// were more, so a cell of millions of separators costs no more than the
/// limit it breaks.
fn split_escaped(text: &str, sep: char, most: usize) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let piece = pieces.last_mut().expect("there is always a piece");
        match c {
            '\\' => {
                piece.push('\\');
                piece.extend(chars.next());
            }
            c if c == sep => {
                if pieces.len() > most {
                    pieces.last_mut().expect("there is always a piece").clear();
                    break;
                }
                pieces.push(String::new());
            }
            c => piece.push(c),
        }
    }
    pieces
}

/// Undoes the escapes a list split kept.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}
