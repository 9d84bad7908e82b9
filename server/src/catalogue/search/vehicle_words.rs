//! SQLite: the vehicles a part fits as words of the word index (D61, D62),
//! in a column of their own (`vehicles`), so that a search naming a vehicle
//! is answered by FTS5 walking the word's list and the vehicle's together.
//! Each fitment gives five kinds of words: its make, its make and model,
//! and for each model year it fits, its make, model and year, its make and
//! year, and the year alone, written `ǂ<make>`, `ǂ<make>ǂ<model>`,
//! `ǂ<make>ǂ<model>ǂ<year>`, `ǂ<make>ǂǂ<year>` and `ǂǂ<year>` with the
//! make and model keys as SQLite's `hex()` writes their UTF-8 bytes (any key
//! is then one token, and `ǂ` keeps these words out of the lists of the
//! parts' own short starts). A key is never empty, so no two kinds spell a
//! word alike.
//!
//! A part's row of the index is written whole, once its fitments are
//! written: the triggers mark the parts written (`search_marked_parts`),
//! taking out the rows they had, and [`index_marked_parts`] writes their
//! rows before the transaction commits.

use super::understand::Understood;
use crate::core::db::{Backend, Db};

/// The columns of SQLite's word index holding a part's own words (its
/// name, description and part number), as FTS5's column filter names
/// them: a searched word is looked for there, never among the vehicles.
pub(super) const OWN_WORDS: &str = "{name description sku}";

/// A word of the `vehicles` column, as the index's writer
/// ([`WRITE_MARKED`]) spells it: a make's key, with a model's, with a model
/// year; or a model year with a make's key or alone.
pub(super) fn vehicle_word(make: Option<&str>, model: Option<&str>, year: Option<i64>) -> String {
    let hex = |key: &str| -> String { key.bytes().map(|b| format!("{b:02X}")).collect() };
    let mut word = match make {
        Some(make) => format!("ǂ{}", hex(make)),
        None => String::new(),
    };
    match (model, year) {
        (Some(model), year) => {
            word.push('ǂ');
            word.push_str(&hex(model));
            if let Some(year) = year {
                word.push('ǂ');
                word.push_str(&year.to_string());
            }
        }
        (None, Some(year)) => {
            word.push_str("ǂǂ");
            word.push_str(&year.to_string());
        }
        (None, None) => {}
    }
    word
}

/// The FTS5 query for the parts fitting the vehicle a search names, from
/// the words of the `vehicles` column: any of its models of its makes (a
/// model's makes when no make is named), or any of its makes, in the year
/// when one is named; or the year alone. None when no make has the models
/// named.
pub(super) fn vehicle_query(understood: &Understood) -> Option<String> {
    let makes = if understood.makes.is_empty() {
        &understood.model_makes
    } else {
        &understood.makes
    };
    let year = understood.year;
    let words: Vec<String> = if !understood.models.is_empty() {
        makes
            .iter()
            .flat_map(|make| {
                understood
                    .models
                    .iter()
                    .map(move |model| vehicle_word(Some(make), Some(model), year))
            })
            .collect()
    } else if !makes.is_empty() {
        makes
            .iter()
            .map(|make| vehicle_word(Some(make), None, year))
            .collect()
    } else {
        vec![vehicle_word(None, None, Some(year?))]
    };
    if words.is_empty() {
        return None;
    }
    let any: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    Some(format!("{{vehicles}}: ({})", any.join(" OR ")))
}

/// SQLite: the rows of the marked parts written, each from the part and
/// its fitments (the triggers marking a part took out its row), and the
/// marks cleared. A part's make and model keys are hex-written as
/// [`vehicle_word`] writes them (the migration making the column wrote
/// every part's the same way). `CROSS JOIN` keeps the marks the outer
/// loop, each part and its fitments read by their keys: left to itself,
/// SQLite scans every fitment and every part, looking each up among the
/// marks, for each batch of an import.
const WRITE_MARKED: [&str; 2] = [
    "WITH RECURSIVE spans (part_id, make_key, model_key, year, last) AS ( \
         SELECT f.part_id, f.make_key, f.model_key, f.year_from, f.year_to \
         FROM search_marked_parts AS s CROSS JOIN part_fitments AS f ON f.part_id = s.part_id \
         UNION ALL \
         SELECT part_id, make_key, model_key, year + 1, last FROM spans WHERE year < last \
     ), \
     words (part_id, word) AS ( \
         SELECT part_id, 'ǂ' || hex(make_key) FROM spans \
         UNION ALL \
         SELECT part_id, 'ǂ' || hex(make_key) || 'ǂ' || hex(model_key) FROM spans \
         UNION ALL \
         SELECT part_id, 'ǂ' || hex(make_key) || 'ǂ' || hex(model_key) || 'ǂ' || year FROM spans \
         UNION ALL \
         SELECT part_id, 'ǂ' || hex(make_key) || 'ǂǂ' || year FROM spans \
         UNION ALL \
         SELECT part_id, 'ǂǂ' || year FROM spans \
     ) \
     INSERT INTO parts_search (rowid, name, description, sku, vehicles) \
     SELECT p.id, p.name, p.description, p.sku, v.words \
     FROM search_marked_parts AS s CROSS JOIN parts AS p ON p.id = s.part_id \
     LEFT JOIN (SELECT part_id, group_concat(DISTINCT word) AS words FROM words GROUP BY part_id) AS v \
         ON v.part_id = p.id \
     ORDER BY s.part_id",
    "DELETE FROM search_marked_parts",
];

/// SQLite: writes the word index's rows of the parts written on `conn`
/// (a write transaction's), and of any part marked and not yet written
/// (one changed by hand in SQL is indexed when the shop next adds or
/// edits a part).
/// Nothing on PostgreSQL, whose triggers write a part's words as it is
/// written.
pub async fn index_marked_parts(
    db: &Db,
    conn: &mut sqlx::AnyConnection,
) -> Result<(), sqlx::Error> {
    if db.backend != Backend::Sqlite {
        return Ok(());
    }
    for statement in WRITE_MARKED {
        sqlx::query(statement).execute(&mut *conn).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sqlx::Connection;

    /// The words the searches ask for are the words the index's writer
    /// writes: the same hex for any key, ASCII or not.
    #[tokio::test]
    async fn vehicle_words_are_written_as_sqlite_writes_them() {
        let mut conn = sqlx::SqliteConnection::connect("sqlite::memory:")
            .await
            .unwrap();
        for (make, model) in [
            ("toyota", "corolla"),
            ("citroën", "c4 picasso"),
            ("škoda", "f-150"),
        ] {
            let (written, make_year): (String, String) = sqlx::query_as(
                "SELECT 'ǂ' || hex(?1) || 'ǂ' || hex(?2) || 'ǂ' || 2008, 'ǂ' || hex(?1) || 'ǂǂ' || 2008",
            )
            .bind(make)
            .bind(model)
            .fetch_one(&mut conn)
            .await
            .unwrap();
            assert_eq!(written, vehicle_word(Some(make), Some(model), Some(2008)));
            assert_eq!(make_year, vehicle_word(Some(make), None, Some(2008)));
        }
        assert_eq!(vehicle_word(Some("bmw"), None, None), "ǂ626D77");
        assert_eq!(vehicle_word(Some("bmw"), Some("x3"), None), "ǂ626D77ǂ7833");
        assert_eq!(vehicle_word(None, None, Some(2008)), "ǂǂ2008");
    }

    /// Every vehicle a search can name is asked of the index's words,
    /// rather than checked against the fitments (which would find the same
    /// parts, slower): a make, a model, a year, and each with the others.
    #[test]
    fn every_vehicle_named_is_asked_by_its_words() {
        let named = |makes: &[&str], models: &[&str], year: Option<i64>| Understood {
            makes: makes.iter().map(|m| m.to_string()).collect(),
            model_makes: if models.is_empty() {
                Vec::new()
            } else {
                vec!["toyota".to_string()]
            },
            models: models.iter().map(|m| m.to_string()).collect(),
            year,
            ..Understood::default()
        };
        let toyota = vehicle_word(Some("toyota"), None, None);
        let corolla = vehicle_word(Some("toyota"), Some("corolla"), None);
        let corolla_2008 = vehicle_word(Some("toyota"), Some("corolla"), Some(2008));
        let toyota_2008 = vehicle_word(Some("toyota"), None, Some(2008));
        let honda_2008 = vehicle_word(Some("honda"), None, Some(2008));
        for (understood, words) in [
            (named(&["toyota"], &[], None), vec![toyota]),
            (named(&[], &["corolla"], None), vec![corolla]),
            (named(&[], &["corolla"], Some(2008)), vec![corolla_2008]),
            (
                named(&["toyota"], &[], Some(2008)),
                vec![toyota_2008.clone()],
            ),
            (
                named(&["toyota", "honda"], &[], Some(2008)),
                vec![toyota_2008, honda_2008],
            ),
            (named(&[], &[], Some(2008)), vec!["ǂǂ2008".to_string()]),
        ] {
            let any: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
            assert_eq!(
                vehicle_query(&understood),
                Some(format!("{{vehicles}}: ({})", any.join(" OR "))),
                "{understood:?}"
            );
        }
        assert_eq!(vehicle_query(&named(&[], &[], None)), None);
    }
}
