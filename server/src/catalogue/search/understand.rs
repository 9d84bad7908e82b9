//! A search understood before it runs: misspelt words corrected from the
//! catalogue's own words (the trigram index of `search_words`), and words
//! naming a make, model or model year taken as a fitment filter.

use sea_query::{Alias, Cond, Expr, Func, Iden, Order, Query, SelectStatement, UnionType};

use super::*;
use crate::catalogue::fields::{words, FIRST_YEAR, LAST_FILTER_YEAR};
use crate::catalogue::store::FitmentVehicles;
use crate::core::db::{Backend, Db};

/// A search `q` read word by word.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Understood {
    /// Words to find at the start of words of the name, description or
    /// part number (misspellings corrected).
    pub words: Vec<String>,
    /// Makes and models (their keys) and a model year the part must fit,
    /// all in one fitment.
    pub makes: Vec<String>,
    pub models: Vec<String>,
    pub year: Option<i64>,
    /// The makes having any of `models`: named with them, the fitments are
    /// read from their index by make, model and years.
    pub model_makes: Vec<String>,
    /// The search as corrected, when a word of it was.
    pub corrected: Option<String>,
    /// PostgreSQL, for a search of at most [`LEVELLED_WORDS`] different
    /// words each starting at least one and at most
    /// [`LEVELLED_INDEX_WORDS`] words of the index: the words of the index
    /// each different word of `words` (as [`distinct_words`] lists them)
    /// starts. Such a search is read level by level along the index
    /// ([`postgres_levels`]).
    pub index_words: Option<Vec<Vec<String>>>,
    /// For a search alone that may be read level by level (on PostgreSQL
    /// along [`Self::index_words`]): whether some part has a word starting
    /// with each different word of `words` in its name. A level of the
    /// score counting a word in the name is not read for a word that none
    /// has there ([`postgres_levels`], [`sqlite_levels`]).
    pub in_names: Option<Vec<bool>>,
    /// SQLite, beside [`Self::in_names`] for a search scored part by part:
    /// whether some part has each different word in its part number. A
    /// word in no part number is in the name or the description of every
    /// part having it ([`relevance`]).
    pub in_numbers: Option<Vec<bool>>,
    /// PostgreSQL, for a search alone of several different words, one of
    /// them far more common than the rarest: how it is read by probes
    /// ([`Probed`]).
    pub probed: Option<Probed>,
}

/// A search read from its rarest word, the others probed part by part
/// ([`postgres_probed_matches`]): positions in the search's different words
/// as [`distinct_words`] lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probed {
    /// The word whose rows of the index are read: the rarest, by the
    /// planner's estimate.
    pub rarest: usize,
    /// Each other word, rarest first, with how it is probed.
    pub probes: Vec<(usize, Probe)>,
}

/// How a word of a search read by probes is looked for at a part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Probe {
    /// At each of these words of the index it starts (at most
    /// [`LEVELLED_INDEX_WORDS`]) and the part: a descent of the index each.
    IndexWords(Vec<String>),
    /// Among the part's own words, read from its row as the index was
    /// written (`parts_search_words`): a word starting more words of the
    /// index than that (`a`).
    OwnWords,
}

impl Understood {
    pub(super) fn names_a_vehicle(&self) -> bool {
        !self.makes.is_empty() || !self.models.is_empty() || self.year.is_some()
    }
}

#[derive(Iden)]
pub(super) enum SearchWords {
    Table,
    Word,
}

/// Words corrected or kept in the search index: letters only, three or more.
pub(super) fn is_indexed_word(word: &str) -> bool {
    word.chars().count() >= 3 && word.chars().all(char::is_alphabetic)
}

/// The words of a part kept in `search_words`: those of its name and
/// description and of the makes and models it fits.
pub fn index_words<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut found: Vec<String> = texts
        .into_iter()
        .flat_map(words)
        .filter(|w| is_indexed_word(w))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The statement adding `words` to `search_words` (those already there stay).
pub fn remember_words_statement(words: &[String]) -> Option<sea_query::InsertStatement> {
    if words.is_empty() {
        return None;
    }
    let mut insert = Query::insert()
        .into_table(SearchWords::Table)
        .columns([SearchWords::Word])
        .on_conflict(
            sea_query::OnConflict::column(SearchWords::Word)
                .do_nothing()
                .to_owned(),
        )
        .to_owned();
    for word in words {
        insert.values_panic([word.clone().into()]);
    }
    Some(insert)
}

/// For each of `words`, whether a part has a word (of its name,
/// description or part number) starting with it: the word index answers at
/// once (on PostgreSQL, one range of its b-tree, a statement for each
/// word). SQLite asks for every word in one statement ([`sqlite_found`]),
/// each first for the word itself, whose list of parts FTS5 reads from its
/// head; asked for the words starting with it, FTS5 gathers the lists of
/// all of them before the first part comes (at a million parts 0.8 ms for
/// `pads`, 41 ms for `the`, against 0.02 ms).
async fn words_exist(db: &Db, words: &[&String]) -> Result<Vec<bool>, sqlx::Error> {
    match db.backend {
        Backend::Sqlite => {
            let asks: Vec<Vec<String>> = words
                .iter()
                .map(|word| {
                    vec![
                        format!("{OWN_WORDS}: \"{word}\""),
                        sqlite_words_query(std::slice::from_ref(*word)),
                    ]
                })
                .collect();
            sqlite_found(db, &asks).await
        }
        Backend::Postgres => {
            let mut exist = Vec::with_capacity(words.len());
            for word in words {
                let found: Option<(i64,)> = db.fetch_optional(&any_word_starting(word)).await?;
                exist.push(found.is_some());
            }
            Ok(exist)
        }
    }
}

/// SQLite: for each entry of `asks` (FTS5 queries of the word index, in the
/// order to try them), whether one of its queries finds a part. One
/// statement for all: a row for each entry, its queries' first parts the
/// arguments of one `coalesce`, which SQLite evaluates in turn and stops at
/// the first to find one. Every statement is a round trip to SQLite's
/// thread, which cost a search's page more than the probes themselves.
async fn sqlite_found(db: &Db, asks: &[Vec<String>]) -> Result<Vec<bool>, sqlx::Error> {
    let first_part = |query: &String| sqlite_first_word_id(query.clone());
    let mut all: Option<SelectStatement> = None;
    for (i, queries) in asks.iter().enumerate() {
        let found = match queries.as_slice() {
            [] => continue,
            [only] => first_part(only),
            // SQLite's coalesce takes two arguments or more.
            more => Func::coalesce(more.iter().map(first_part)).into(),
        };
        let row = Query::select()
            .expr_as(Expr::cust(i.to_string()), Alias::new("ask"))
            .expr_as(found, Alias::new("id"))
            .to_owned();
        match &mut all {
            None => all = Some(row),
            Some(all) => {
                all.union(UnionType::All, row);
            }
        }
    }
    let mut found = vec![false; asks.len()];
    let Some(all) = all else {
        return Ok(found);
    };
    let rows: Vec<(i64, Option<i64>)> = db.fetch_all(&all).await?;
    for (i, id) in rows {
        if let Some(found) = usize::try_from(i).ok().and_then(|i| found.get_mut(i)) {
            *found = id.is_some();
        }
    }
    Ok(found)
}

/// PostgreSQL: the first words of the index starting with `word`, one more
/// than [`LEVELLED_INDEX_WORDS`] at most, so a caller can tell a word
/// starting too many from one starting just that many.
async fn index_words_starting(db: &Db, word: &str) -> Result<Vec<String>, sqlx::Error> {
    let starting: Vec<(String,)> = db
        .fetch_all_planned(&first_words_starting(word, LEVELLED_INDEX_WORDS + 1))
        .await?;
    Ok(starting.into_iter().map(|(w,)| w).collect())
}

/// PostgreSQL: the words of the index each different word of `words`
/// starts, when each starts at least one and at most
/// [`LEVELLED_INDEX_WORDS`] and there are at most [`LEVELLED_WORDS`] of
/// them (a probe of the index for each word found, and one more).
async fn levelled_index_words(
    db: &Db,
    words: &[String],
) -> Result<Option<Vec<Vec<String>>>, sqlx::Error> {
    let distinct = distinct_words(words);
    if distinct.is_empty() || distinct.len() > LEVELLED_WORDS {
        return Ok(None);
    }
    let mut found = Vec::new();
    for (word, _) in distinct {
        let starting = index_words_starting(db, word).await?;
        if starting.is_empty() || starting.len() as u64 > LEVELLED_INDEX_WORDS {
            return Ok(None);
        }
        found.push(starting);
    }
    Ok(Some(found))
}

/// For a search that may be read level by level or scored part by part:
/// whether some part has a word starting with each different word in its
/// name (on PostgreSQL a probe of the index of the names' rows,
/// [`name_row_starting`], a statement for each word; on SQLite the word
/// index asked for every word in the name column in one statement,
/// [`sqlite_words_in`]). At most `most` different words.
async fn words_in_names(
    db: &Db,
    words: &[String],
    most: usize,
) -> Result<Option<Vec<bool>>, sqlx::Error> {
    let distinct = distinct_words(words);
    if distinct.is_empty()
        || distinct.len() > most
        || (db.backend == Backend::Sqlite && !words.iter().all(|w| read_alike_by_fts5(w)))
    {
        return Ok(None);
    }
    if db.backend == Backend::Sqlite {
        let words: Vec<&String> = distinct.iter().map(|(word, _)| *word).collect();
        return Ok(Some(sqlite_words_in(db, "name", &words).await?));
    }
    let mut in_names = Vec::new();
    for (word, _) in distinct {
        let named: Option<(String,)> = db.fetch_optional(&name_row_starting(word)).await?;
        in_names.push(named.is_some());
    }
    Ok(Some(in_names))
}

/// SQLite: for each of `words`, whether some part has a word starting with
/// it in `column` of the word index, all asked in one statement
/// ([`sqlite_found`]). A word of four letters or more is first asked for
/// itself, whose list FTS5 reads from its head; asked for the words
/// starting with it, FTS5 gathers all their lists first (D29). A word of
/// three letters or fewer has a list of the words it starts of its own
/// (D56), read from its head too.
async fn sqlite_words_in(
    db: &Db,
    column: &str,
    words: &[&String],
) -> Result<Vec<bool>, sqlx::Error> {
    let asks: Vec<Vec<String>> = words
        .iter()
        .map(|word| {
            let starting = format!("{{{column}}}: \"{word}\"*");
            if word.chars().count() > 3 {
                vec![format!("{{{column}}}: \"{word}\""), starting]
            } else {
                vec![starting]
            }
        })
        .collect();
    sqlite_found(db, &asks).await
}

/// SQLite, for a search scored part by part (more than [`LEVELLED_WORDS`]
/// different words): whether some part has each word in its part number.
/// A part having a word in no part number has it in its name or its
/// description.
async fn sqlite_words_in_numbers(
    db: &Db,
    words: &[String],
) -> Result<Option<Vec<bool>>, sqlx::Error> {
    let distinct = distinct_words(words);
    if distinct.len() <= LEVELLED_WORDS {
        return Ok(None);
    }
    let words: Vec<&String> = distinct.iter().map(|(word, _)| *word).collect();
    Ok(Some(sqlite_words_in(db, "sku", &words).await?))
}

/// How many different words a search may have to be read by probes.
const PROBED_WORDS: usize = 8;

/// How many rows of the index the rarest word of a search read by probes
/// may have, by the planner's estimate: each is a part to probe for the
/// other words (unless a vehicle named leaves it out first).
const PROBED_ROWS: f64 = 100_000.0;

/// How many times as common as the rarest another word of a search must be
/// (by the planner's estimates) for the search to be read by probes: then
/// reading that word's rows, in part order or hashed, costs more than a
/// probe of the index for each part the rarest word has.
const COMMON_TIMES: f64 = 10.0;

/// PostgreSQL: how a search of two to [`PROBED_WORDS`] different words is
/// read by probes, when one of them is at least [`COMMON_TIMES`] as common
/// as the rarest, the rarest has at most [`PROBED_ROWS`] rows of the index,
/// and each other word starts a word of the index; None otherwise. The rows
/// of each word are estimated by the planner from its statistics (a
/// planning of one range of the index per word), and the words of the
/// index each other word starts are read from it (a probe for each, and
/// one more): more than [`LEVELLED_INDEX_WORDS`] of them, the word is looked
/// for among each part's own words instead.
async fn probed_words(db: &Db, words: &[String]) -> Result<Option<Probed>, sqlx::Error> {
    let distinct = distinct_words(words);
    if distinct.len() < 2 || distinct.len() > PROBED_WORDS {
        return Ok(None);
    }
    let mut rows = Vec::new();
    for (i, (word, _)) in distinct.iter().enumerate() {
        match db.estimated_rows(&rows_starting(word)).await? {
            Some(estimate) => rows.push((estimate, i)),
            None => return Ok(None),
        }
    }
    rows.sort_by(|(a, _), (b, _)| a.total_cmp(b));
    let (fewest, rarest) = rows[0];
    let (most, _) = rows[rows.len() - 1];
    if fewest > PROBED_ROWS || most < COMMON_TIMES * fewest.max(1.0) {
        return Ok(None);
    }
    let mut probes = Vec::new();
    for (_, i) in &rows[1..] {
        let (word, _) = distinct[*i];
        let starting = index_words_starting(db, word).await?;
        let probe = match starting.len() as u64 {
            0 => return Ok(None),
            n if n > LEVELLED_INDEX_WORDS => Probe::OwnWords,
            _ => Probe::IndexWords(starting),
        };
        probes.push((*i, probe));
    }
    Ok(Some(Probed { rarest, probes }))
}

/// The statement answering words of the catalogue sharing trigrams with
/// `word` (or its first two letters), most alike first. Public so the tests
/// can read its query plan.
pub fn similar_words_statement(backend: Backend, word: &str) -> SelectStatement {
    match backend {
        Backend::Sqlite => {
            let padded: Vec<char> = format!(" {word} ").chars().collect();
            let trigrams = padded
                .windows(3)
                .map(|t| format!("\"{}\"", t.iter().collect::<String>()))
                .collect::<Vec<_>>()
                .join(" OR ");
            Query::select()
                .column(SearchWords::Word)
                .from(SearchWords::Table)
                .and_where(
                    Expr::col(sea_query::Alias::new("rowid")).in_subquery(
                        Query::select()
                            .expr(Expr::cust("rowid"))
                            .from(sea_query::Alias::new("search_words_trigram"))
                            .and_where(Expr::cust_with_values(
                                "search_words_trigram MATCH ?",
                                [trigrams],
                            ))
                            .order_by_expr(Expr::cust("rank"), Order::Asc)
                            .limit(SIMILAR_WORDS)
                            .to_owned(),
                    ),
                )
                .to_owned()
        }
        Backend::Postgres => {
            let start: String = word.chars().take(2).collect();
            Query::select()
                .column(SearchWords::Word)
                .from(SearchWords::Table)
                .and_where(Expr::cust_with_values(
                    "(word % $1 OR word LIKE $2)",
                    [word.to_owned(), format!("{start}%")],
                ))
                .order_by_expr(
                    Expr::cust_with_values("similarity(word, $1)", [word.to_owned()]),
                    Order::Desc,
                )
                .limit(SIMILAR_WORDS)
                .to_owned()
        }
    }
}

/// How many candidates a misspelt word is compared with.
pub(super) const SIMILAR_WORDS: u64 = 50;

/// How many words of a search are looked at for misspellings.
pub(super) const CORRECTED_WORDS: usize = 8;

/// The word of `candidates` that `word` most likely misspells: the same
/// first letter, at most one edit away (two from a word of five letters
/// or more), fewest edits first, then the most alike (Jaro-Winkler).
pub fn best_correction<'a>(word: &str, candidates: &'a [String]) -> Option<&'a String> {
    let first = word.chars().next()?;
    let most = if word.chars().count() >= 5 { 2 } else { 1 };
    candidates
        .iter()
        .filter(|c| c.starts_with(first))
        .map(|c| (strsim::damerau_levenshtein(word, c), c))
        .filter(|(edits, _)| *edits <= most)
        .min_by(|(a, x), (b, y)| {
            a.cmp(b).then(
                strsim::jaro_winkler(word, y)
                    .partial_cmp(&strsim::jaro_winkler(word, x))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        })
        .map(|(_, c)| c)
}

/// Reads `filters.q`: corrects misspelt words, and takes the words naming
/// a make, model or model year of the parts' fitments as a fitment filter.
pub async fn understand(db: &Db, mut filters: Filters) -> Result<Filters, sqlx::Error> {
    let Some(q) = filters.q.as_deref() else {
        return Ok(filters);
    };
    let mut found = words(q);
    if found.is_empty() {
        return Ok(filters);
    }
    let mut corrected = false;
    // The words a misspelling is looked for in, asked about all at once.
    let indexed: Vec<usize> = (0..found.len().min(CORRECTED_WORDS))
        .filter(|&i| is_indexed_word(&found[i]))
        .collect();
    let asked: Vec<&String> = indexed.iter().map(|&i| &found[i]).collect();
    let exist = words_exist(db, &asked).await?;
    for (i, exists) in indexed.into_iter().zip(exist) {
        if exists {
            continue;
        }
        let word = &mut found[i];
        let candidates: Vec<(String,)> = db
            .fetch_all(&similar_words_statement(db.backend, word))
            .await?;
        let candidates: Vec<String> = candidates.into_iter().map(|(w,)| w).collect();
        if let Some(better) = best_correction(word, &candidates) {
            if better != word {
                *word = better.clone();
                corrected = true;
            }
        }
    }
    // Makes and models the words (or two words together: "3 series",
    // "cr-v", "land rover", "mercedes benz") may name.
    let mut keys: Vec<String> = found.clone();
    for pair in found.windows(2) {
        for joint in [" ", "-", ""] {
            keys.push(pair.join(joint));
        }
    }
    // From the distinct vehicle spans, not the fitments: a make names a
    // great share of a big catalogue's fitments.
    let vehicles: Vec<(String, String)> = db
        .fetch_all(
            &Query::select()
                .distinct()
                .columns([FitmentVehicles::MakeKey, FitmentVehicles::ModelKey])
                .from(FitmentVehicles::Table)
                .cond_where(
                    Cond::any()
                        .add(Expr::col(FitmentVehicles::MakeKey).is_in(keys.clone()))
                        .add(Expr::col(FitmentVehicles::ModelKey).is_in(keys)),
                )
                .to_owned(),
        )
        .await?;
    let is_make = |k: &str| vehicles.iter().any(|(make, _)| make == k);
    let is_model = |k: &str| vehicles.iter().any(|(_, model)| model == k);
    let mut understood = Understood::default();
    let mut i = 0;
    while i < found.len() {
        let word = &found[i];
        if let Some(next) = found.get(i + 1) {
            let joints = [" ", "-", ""].map(|j| format!("{word}{j}{next}"));
            if let Some(model) = joints.iter().find(|k| is_model(k)) {
                understood.models.push(model.clone());
                i += 2;
                continue;
            }
            if let Some(make) = joints.iter().find(|k| is_make(k)) {
                understood.makes.push(make.clone());
                i += 2;
                continue;
            }
        }
        if is_make(word) {
            understood.makes.push(word.clone());
        } else if is_model(word) {
            understood.models.push(word.clone());
        } else if let Some(year) = word
            .parse::<i64>()
            .ok()
            .filter(|y| word.len() == 4 && (FIRST_YEAR..=LAST_FILTER_YEAR).contains(y))
            .filter(|_| understood.year.is_none())
        {
            understood.year = Some(year);
        } else {
            understood.words.push(word.clone());
        }
        i += 1;
    }
    let mut model_makes: Vec<String> = vehicles
        .iter()
        .filter(|(_, model)| understood.models.contains(model))
        .map(|(make, _)| make.clone())
        .collect();
    model_makes.sort();
    model_makes.dedup();
    understood.model_makes = model_makes;
    if corrected {
        understood.corrected = Some(found.join(" "));
    }
    // Only a search alone is read by probes or level by level (its page
    // and count).
    if db.backend == Backend::Postgres && only_text(&filters) {
        understood.probed = probed_words(db, &understood.words).await?;
        if understood.probed.is_none() {
            understood.index_words = levelled_index_words(db, &understood.words).await?;
        }
    }
    filters.understood = Some(understood);
    Ok(filters)
}

/// For a page of a search alone ranked best match first, after
/// [`understand`]: where its words can be, as far as the ranking uses it
/// ([`Understood::in_names`], [`Understood::in_numbers`], D57). A count,
/// the category counts and a page in another order never ask.
pub async fn where_words_are(db: &Db, mut filters: Filters) -> Result<Filters, sqlx::Error> {
    if !only_text(&filters) {
        return Ok(filters);
    }
    let Some(mut understood) = filters.understood.take() else {
        return Ok(filters);
    };
    match db.backend {
        Backend::Postgres => {
            if understood.index_words.is_some() {
                understood.in_names = words_in_names(db, &understood.words, LEVELLED_WORDS).await?;
            }
        }
        Backend::Sqlite => {
            understood.in_names = words_in_names(db, &understood.words, CORRECTED_WORDS).await?;
            // Asked only where the names were (the same words, read alike).
            if understood.in_names.is_some() {
                understood.in_numbers = sqlite_words_in_numbers(db, &understood.words).await?;
            }
        }
    }
    filters.understood = Some(understood);
    Ok(filters)
}
