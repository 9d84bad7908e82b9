//! The rows of a catalogue file, each read with the part API's rules: the
//! header checked first, then a part, or its problems, a row.

use std::collections::HashMap;
use std::io::Read;

use serde_json::{json, Map, Value};

use super::*;
use crate::core::error::ApiError;
use crate::core::input::Request as _;

/// One checked row: its number, part number and fields.
pub(super) struct ImportRow {
    pub(super) row: u64,
    pub(super) sku: String,
    pub(super) sent: SentFields,
}

/// The rows of a catalogue file, each read and checked with the part API's
/// rules: a header checked first, then one `Result` a row (blank rows
/// skipped).
pub(super) struct Rows<R: Read> {
    records: csv::StringRecordsIntoIter<R>,
    columns: Vec<String>,
    /// The row number of the record read last.
    row: u64,
}

/// A file that cannot be read as a catalogue at all (row 1's column is
/// `file`), or a row's problems.
pub(super) type Problems = Vec<RowError>;

pub(super) fn file_problem(row: u64, message: String) -> Problems {
    vec![RowError {
        row,
        column: "file".into(),
        message,
    }]
}

impl<R: Read> Rows<R> {
    /// Reads and checks the header.
    pub(super) fn open(input: R) -> Result<Self, Problems> {
        let reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(input);
        let mut records = reader.into_records();
        let header = match records.next() {
            None => {
                return Err(file_problem(
                    1,
                    "The file is empty: it needs the header".into(),
                ))
            }
            Some(Err(e)) => return Err(csv_problem(e)),
            Some(Ok(header)) => header,
        };
        let columns: Vec<String> = header
            .iter()
            .map(|h| h.trim_start_matches('\u{feff}').trim().to_owned())
            .collect();
        let missing: Vec<&str> = HEADER
            .iter()
            .copied()
            .filter(|h| !columns.iter().any(|c| c == h))
            .collect();
        let unknown: Vec<&str> = columns
            .iter()
            .map(String::as_str)
            .filter(|c| !HEADER.contains(c) && !OPTIONAL.contains(c))
            .collect();
        let mut twice: Vec<&str> = columns
            .iter()
            .enumerate()
            .filter(|(i, c)| columns[..*i].contains(c))
            .map(|(_, c)| c.as_str())
            .collect();
        twice.dedup();
        if !missing.is_empty() || !unknown.is_empty() || !twice.is_empty() {
            return Err(file_problem(
                1,
                format!(
                    "The header must name the columns {} once each{}{}{}",
                    HEADER.join(","),
                    if missing.is_empty() {
                        String::new()
                    } else {
                        format!("; missing: {}", missing.join(", "))
                    },
                    if unknown.is_empty() {
                        String::new()
                    } else {
                        format!("; unknown: {}", unknown.join(", "))
                    },
                    if twice.is_empty() {
                        String::new()
                    } else {
                        format!("; more than once: {}", twice.join(", "))
                    },
                ),
            ));
        }
        Ok(Rows {
            records,
            columns,
            row: 1,
        })
    }
}

/// What reading one row gave.
pub(super) enum Read1 {
    Row(Box<ImportRow>),
    /// The row's problems.
    Wrong(Problems),
    /// The file stops being readable CSV here: nothing after it is read.
    Unreadable(Problems),
}

impl<R: Read> Iterator for Rows<R> {
    type Item = Read1;

    fn next(&mut self) -> Option<Read1> {
        loop {
            let record = self.records.next()?;
            self.row += 1;
            let row = self.row;
            let record = match record {
                Ok(record) => record,
                Err(e) => return Some(Read1::Unreadable(csv_problem(e))),
            };
            if record.iter().all(|cell| cell.trim().is_empty()) {
                continue;
            }
            if record.len() != self.columns.len() {
                let message = format!(
                    "The row has {} cells; the header has {}",
                    record.len(),
                    self.columns.len()
                );
                return Some(Read1::Wrong(file_problem(row, message)));
            }
            let cells: HashMap<&str, &str> = self
                .columns
                .iter()
                .map(String::as_str)
                .zip(record.iter().map(unmark))
                .collect();
            return Some(match read_row(&cells) {
                Ok(sent) => match sent.sku.clone() {
                    Some(sku) => Read1::Row(Box::new(ImportRow { row, sku, sent })),
                    None => Read1::Wrong(vec![RowError {
                        row,
                        column: "sku".into(),
                        message: "Part number is Required".into(),
                    }]),
                },
                Err(fields) => {
                    let mut fields: Vec<(String, String)> = fields.into_iter().collect();
                    let order = exported_columns();
                    fields.sort_by_key(|(name, _)| order.iter().position(|h| h == name));
                    Read1::Wrong(
                        fields
                            .into_iter()
                            .map(|(column, message)| RowError {
                                row,
                                column,
                                message,
                            })
                            .collect(),
                    )
                }
            });
        }
    }
}

pub(super) fn csv_problem(e: csv::Error) -> Problems {
    let row = e.position().map_or(1, |p| p.record() + 1);
    file_problem(row, format!("The file is not readable CSV: {e}"))
}
/// A row's cells as the part API's request, read with its rules; the
/// problems by column otherwise.
pub(super) fn read_row(
    cells: &HashMap<&str, &str>,
) -> Result<SentFields, crate::core::error::FieldErrors> {
    let mut body = Map::new();
    for name in [
        "sku",
        "name",
        "description",
        "img",
        "price",
        "availableQuantity",
        "minimumOrder",
    ] {
        body.insert(name.into(), Value::String(cells[name].to_owned()));
    }
    // A blank picture is allowed: a known part keeps its own, a new one has
    // none (the web app shows a drawing in its place). Any address written
    // is read by the API's rule.
    let no_picture = cells["img"].trim().is_empty();
    if no_picture {
        body.insert("img".into(), Value::String(PICTURE_CHECKED_LATER.into()));
    }
    // Left blank: as the API leaves them out (the default for a new part,
    // as it is for a known one).
    for name in ["reorderLevel", "category", "weightKg", "coreCharge"] {
        if let Some(cell) = cells.get(name).filter(|c| !c.trim().is_empty()) {
            body.insert(name.into(), Value::String((*cell).to_owned()));
        }
    }
    // Lists are always sent: blank is none. A list longer than its limit
    // is split only one item past it, which the rules then refuse.
    let list = |cell: &str, most: usize| -> Value {
        if cell.trim().is_empty() {
            return json!([]);
        }
        split_escaped(cell, ';', most)
            .into_iter()
            .map(|item| Value::String(unescape(&item)))
            .collect()
    };
    body.insert(
        "oemNumbers".into(),
        list(cells["oemNumbers"], MAX_OEM_NUMBERS),
    );
    body.insert(
        "replaces".into(),
        list(cells["replaces"], MAX_REPLACED_NUMBERS),
    );
    let mut fitment_problem = None;
    let fitments: Vec<Value> = if cells["fitments"].trim().is_empty() {
        Vec::new()
    } else {
        split_escaped(cells["fitments"], ';', MAX_FITMENTS)
            .iter()
            .enumerate()
            .map(|(i, fitment)| {
                fitment_object(fitment).unwrap_or_else(|message| {
                    fitment_problem.get_or_insert(format!("Fitment {}: {message}", i + 1));
                    Value::Object(Map::new())
                })
            })
            .collect()
    };
    body.insert("fitments".into(), Value::Array(fitments));
    let mut form = crate::core::input::Form::new(&body);
    let part = PartRequest::read(&mut form);
    let mut problems = match form.finish() {
        Ok(()) => crate::core::error::FieldErrors::new(),
        Err(ApiError::BadRequest { fields, .. }) => fields,
        Err(other) => [("file".to_owned(), other.to_string())].into(),
    };
    if let Some(message) = fitment_problem {
        problems.insert("fitments".into(), message);
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut sent = SentFields::from(part);
    if no_picture {
        sent.img = None;
    }
    Ok(sent)
}

/// What a blank picture cell is read as, to check the rest of the row by
/// the API's rules; it is never stored.
const PICTURE_CHECKED_LATER: &str = "/api/image/none";

/// A fitment cell as the object the part API takes, or why it cannot be
/// one: more than its 9 fields (an unescaped `|` in a note, say) is refused
/// rather than cut.
pub(super) fn fitment_object(text: &str) -> Result<Value, String> {
    const FIELDS: [&str; 9] = [
        "make", "model", "yearFrom", "yearTo", "engine", "trim", "axle", "side", "note",
    ];
    let parts = split_escaped(text, '|', FIELDS.len());
    if parts.len() > FIELDS.len() {
        return Err(format!(
            "a fitment has at most {} fields ({}); write a | inside one as \\|",
            FIELDS.len(),
            FIELDS.join("|")
        ));
    }
    let mut object = Map::new();
    for (name, value) in FIELDS.iter().zip(parts) {
        if !value.is_empty() {
            object.insert((*name).into(), Value::String(unescape(&value)));
        }
    }
    Ok(Value::Object(object))
}
