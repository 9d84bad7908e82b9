//! Finding parts: the catalogue's filters as one query for both databases,
//! except for the word search, which uses each database's own index named
//! `parts_search` (SQLite's FTS5 table; on PostgreSQL a table of each
//! part's words, one b-tree of (word, part, where the part has it)). OEM numbers, superseded numbers and part numbers are
//! found by prefix on b-tree indexes of their normalised forms; fitments by
//! their index on (make, model, years), or with an engine on (make, model,
//! engine, years).
//!
//! A search `q` is first understood ([`understand`]): a word no part has
//! that looks like a misspelling of a word of the catalogue is corrected
//! (candidates from the trigram index of `search_words`: SQLite's FTS5
//! `trigram` table, PostgreSQL's pg_trgm GIN index), and words naming a
//! make, a model or a model year the parts fit become a fitment filter.
//!
//! `understand` reads the search; here are the filters and the statements
//! that list, count and sort the parts matching them.

#[cfg(test)]
mod tests;
mod understand;
mod vehicle_words;

use understand::CORRECTED_WORDS;
pub use understand::{
    best_correction, index_words, remember_words_statement, similar_words_statement, understand,
    where_words_are, Probe, Probed, Understood,
};
pub use vehicle_words::index_marked_parts;
use vehicle_words::{vehicle_query, OWN_WORDS};

use std::collections::BTreeMap;

use sea_query::{
    Cond, DynIden, Expr, ExprTrait, Func, Iden, IntoIden, Order, Query, SelectStatement,
    SimpleExpr, TableRef, UnionType,
};

use super::fields::{normalise, words, CATEGORIES};
use super::store::{
    vehicle_key, CategoryCounts, FitmentVehicles, PartBlocks, PartFitments, PartOemNumbers,
    PartReplacedNumbers, PartRow, Parts, BLOCK_IDS, COLUMNS,
};
use crate::core::db::{Backend, Db};

/// What `GET /api/part` filters on; all optional, all combined.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filters {
    pub q: Option<String>,
    pub category: Option<&'static str>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub year: Option<i64>,
    /// Parts whose fitment names this engine or no engine (compared as
    /// `fields::engine_key` writes it).
    pub engine: Option<String>,
    /// Parts whose fitment names this position or none.
    pub position: Option<Position>,
    /// `q` as [`understand`] read it; without it every word of `q` is
    /// searched for in the text.
    pub understood: Option<Understood>,
}

/// Where on the vehicle a part goes, as the vehicle filter asks for it:
/// an axle, a side, or both. A fitment that names no axle (or side) goes
/// on any.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Position {
    pub axle: Option<&'static str>,
    pub side: Option<&'static str>,
}

impl Position {
    /// The positions the filter takes, as written in the query string.
    pub const NAMES: [&'static str; 8] = [
        "front",
        "rear",
        "left",
        "right",
        "front-left",
        "front-right",
        "rear-left",
        "rear-right",
    ];

    /// A position of `NAMES`, in any case.
    pub fn parse(name: &str) -> Option<Position> {
        let name = name.to_ascii_lowercase();
        let (axle, side) = match name.split_once('-') {
            Some((axle, side)) => (Some(axle), Some(side)),
            None if super::fields::SIDES.contains(&name.as_str()) => (None, Some(name.as_str())),
            None => (Some(name.as_str()), None),
        };
        let axle = match axle {
            Some(a) => Some(super::fields::AXLES.into_iter().find(|x| *x == a)?),
            None => None,
        };
        let side = match side {
            Some(s) => Some(super::fields::SIDES.into_iter().find(|x| *x == s)?),
            None => None,
        };
        Some(Position { axle, side })
    }
}

/// The list's order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sort {
    #[default]
    Oldest,
    Newest,
    PriceAsc,
    PriceDesc,
    Name,
    /// Best match first: parts whose name has the searched words before
    /// those whose description has them; without `q`, oldest first.
    Relevance,
}

impl Sort {
    pub const NAMES: [&'static str; 6] = [
        "oldest",
        "newest",
        "price_asc",
        "price_desc",
        "name",
        "relevance",
    ];

    pub fn parse(name: &str) -> Option<Sort> {
        Some(match name {
            "oldest" => Sort::Oldest,
            "newest" => Sort::Newest,
            "price_asc" => Sort::PriceAsc,
            "price_desc" => Sort::PriceDesc,
            "name" => Sort::Name,
            "relevance" => Sort::Relevance,
            _ => return None,
        })
    }
}

/// PostgreSQL's word index (migration 0030): a row for each word a part
/// has, with where it has it (`places`: 1 the name, 2 the description, 4 the
/// part number, added together).
#[derive(Iden)]
enum PartsSearch {
    Table,
    Word,
    PartId,
    Places,
}

/// Above every character a word can hold: the words starting with `w`,
/// compared byte by byte, are those from `w` up to `w` and this.
const AFTER_EVERY_WORD: char = '\u{10FFFF}';

/// PostgreSQL: the rows of the word index for the words starting with
/// `word`: one range of its b-tree.
fn words_starting(word: &str) -> Cond {
    Cond::all()
        .add(Expr::col((PartsSearch::Table, PartsSearch::Word)).gte(word))
        .add(
            Expr::col((PartsSearch::Table, PartsSearch::Word))
                .lt(format!("{word}{AFTER_EVERY_WORD}")),
        )
}

/// PostgreSQL: the rows of the word index for the words starting with
/// `word` (a column `part_id`): one range of its b-tree.
fn rows_starting(word: &str) -> SelectStatement {
    Query::select()
        .column(PartsSearch::PartId)
        .from(PartsSearch::Table)
        .cond_where(words_starting(word))
        .to_owned()
}

/// PostgreSQL: whether any part has a word starting with `word`, read from
/// one range of the word index. Public to the module's tests.
pub(super) fn any_word_starting(word: &str) -> SelectStatement {
    rows_starting(word).limit(1).to_owned()
}

/// PostgreSQL: a word starting with `word` that some part has in its name
/// (a column `word`), if any: one range of the index of the word index's
/// names' rows (`parts_search_names`), whose condition is written here as
/// the index's own, so the planner can take it, and which answers from the
/// index alone (it holds `word`; `places` is only in its condition). Public
/// so the tests can read its query plan.
pub fn name_row_starting(word: &str) -> SelectStatement {
    Query::select()
        .column(PartsSearch::Word)
        .from(PartsSearch::Table)
        .cond_where(words_starting(word))
        .and_where(Expr::cust("places & 1 = 1"))
        .limit(1)
        .to_owned()
}

/// Each of `words` once, in the order they come, with how many times it
/// counts for the score: its places among the first eight words (0 for a
/// word that comes only after them, which must match but does not score).
fn distinct_words(words: &[String]) -> Vec<(&String, i64)> {
    let mut distinct: Vec<(&String, i64)> = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let counted = i64::from(i < CORRECTED_WORDS);
        match distinct.iter_mut().find(|(w, _)| *w == word) {
            Some((_, times)) => *times += counted,
            None => distinct.push((word, counted)),
        }
    }
    distinct
}

/// PostgreSQL: the first `most` different words of the index starting with
/// `word`, in order: one probe of the index's b-tree for each (a column
/// `word`).
pub(super) fn first_words_starting(word: &str, most: u64) -> sea_query::WithQuery {
    let upper = format!("{word}{AFTER_EVERY_WORD}");
    let found = sea_query::Alias::new("found");
    let first = Query::select()
        .column(PartsSearch::Word)
        .from(PartsSearch::Table)
        .and_where(Expr::col(PartsSearch::Word).gte(word))
        .and_where(Expr::col(PartsSearch::Word).lt(upper.clone()))
        .order_by(PartsSearch::Word, Order::Asc)
        .limit(1)
        .to_owned();
    // The next word after each one found, until none is left.
    let next = Query::select()
        .expr(SimpleExpr::SubQuery(
            None,
            Box::new(
                Query::select()
                    .column((PartsSearch::Table, PartsSearch::Word))
                    .from(PartsSearch::Table)
                    .and_where(
                        Expr::col((PartsSearch::Table, PartsSearch::Word))
                            .gt(Expr::col((found.clone(), PartsSearch::Word))),
                    )
                    .and_where(Expr::col((PartsSearch::Table, PartsSearch::Word)).lt(upper))
                    .order_by((PartsSearch::Table, PartsSearch::Word), Order::Asc)
                    .limit(1)
                    .to_owned()
                    .into_sub_query_statement(),
            ),
        ))
        .from(found.clone())
        .and_where(Expr::col((found.clone(), PartsSearch::Word)).is_not_null())
        .to_owned();
    // The first word is a subquery of its own: its order and limit are its.
    let mut words = Query::select()
        .column(PartsSearch::Word)
        .from_subquery(first, sea_query::Alias::new("first"))
        .to_owned();
    words.union(UnionType::All, next);
    let cte = sea_query::CommonTableExpression::new()
        .query(words)
        .column(PartsSearch::Word)
        .table_name(found.clone())
        .to_owned();
    Query::select()
        .column(PartsSearch::Word)
        .from(found)
        .and_where(Expr::col(PartsSearch::Word).is_not_null())
        .limit(most)
        .to_owned()
        .with(
            sea_query::WithClause::new()
                .recursive(true)
                .cte(cte)
                .to_owned(),
        )
}

/// PostgreSQL: the parts having a word starting with `word`, each once
/// with where it has any of them (columns `part_id` and `places`), read
/// from one range of the word index.
fn places_per_part(word: &str) -> SelectStatement {
    Query::select()
        .column(PartsSearch::PartId)
        .expr_as(Expr::cust("bit_or(places)"), PartsSearch::Places)
        .from(PartsSearch::Table)
        .cond_where(words_starting(word))
        .group_by_col(PartsSearch::PartId)
        .to_owned()
}

/// PostgreSQL: a searched word's part of a part's score, from the `places`
/// of its row of the word index (`alias`): 3 for the word in the name, 1 in
/// the description, each `times`.
fn places_score(alias: sea_query::Alias, times: i64) -> SimpleExpr {
    let places = Expr::col((alias, PartsSearch::Places));
    let in_name: SimpleExpr = Expr::case(places.clone().bit_and(1).eq(1), 3 * times)
        .finally(0)
        .into();
    let in_description: SimpleExpr = Expr::case(places.bit_and(2).eq(2), times).finally(0).into();
    in_name.add(in_description)
}

/// PostgreSQL: the parts having, for every one of `words`, a word starting
/// with it (a column `id`, each part once), read from the word index alone;
/// with `scored`, also their `score` (see [`relevance`]) from the same rows.
/// Only parts also found by `also` (a select of ids) when given.
fn postgres_word_matches(
    words: &[String],
    scored: bool,
    also: Option<SelectStatement>,
) -> SelectStatement {
    // A search repeating a word reads its range once, not once per repeat.
    let mut select = Query::select();
    let mut score: Option<SimpleExpr> = None;
    for (i, (word, times)) in distinct_words(words).into_iter().enumerate() {
        let alias = sea_query::Alias::new(format!("w{i}"));
        let found = places_per_part(word);
        if i == 0 {
            select
                .expr_as(Expr::col((alias.clone(), PartsSearch::PartId)), Ranked::Id)
                .from_subquery(found, alias.clone());
        } else {
            select.join_subquery(
                sea_query::JoinType::InnerJoin,
                found,
                alias.clone(),
                Expr::col((alias.clone(), PartsSearch::PartId))
                    .equals((sea_query::Alias::new("w0"), PartsSearch::PartId)),
            );
        }
        if times > 0 {
            let found = places_score(alias, times);
            score = Some(match score {
                Some(s) => s.add(found),
                None => found,
            });
        }
    }
    if let Some(also) = also {
        select.and_where(
            Expr::col((sea_query::Alias::new("w0"), PartsSearch::PartId)).in_subquery(also),
        );
    }
    if scored {
        select.expr_as(score.unwrap_or_else(|| Expr::val(0).into()), Ranked::Score);
    }
    select
}

/// PostgreSQL: the parts having every word of a search read by probes
/// ([`Probed`]), with `scored` their `score` too (see [`relevance`]): the
/// rarest word's rows of the index (one range of it), each part once with
/// where it has the word, only the parts `vehicle` selects when given; then,
/// part by part, each other word, rarest first, probed at the words of the
/// index it starts (a descent of the index's b-tree for each), where the
/// part has it. A part lacking a word is dropped before the next is
/// probed, so a word most parts have costs a probe for each part the rarer
/// words leave, never a read of its million rows. A column `id`, each part
/// once. None when `probed` does not fit the words.
fn postgres_probed_matches(
    words: &[String],
    probed: &Probed,
    vehicle: Option<&SelectStatement>,
    scored: bool,
) -> Option<SelectStatement> {
    let distinct = distinct_words(words);
    if probed.probes.len() + 1 != distinct.len() {
        return None;
    }
    let first = sea_query::Alias::new("w0");
    let (word, times) = distinct.get(probed.rarest)?;
    let mut rarest = places_per_part(word);
    if let Some(vehicle) = vehicle {
        rarest.and_where(Expr::col(PartsSearch::PartId).in_subquery(vehicle.clone()));
    }
    let mut select = Query::select()
        .expr_as(Expr::col((first.clone(), PartsSearch::PartId)), Ranked::Id)
        .from_subquery(rarest, first.clone())
        .to_owned();
    let mut score: SimpleExpr = Expr::val(0).into();
    if *times > 0 {
        score = score.add(places_score(first.clone(), *times));
    }
    for (k, (i, how)) in probed.probes.iter().enumerate() {
        let (word, times) = distinct.get(*i)?;
        let alias = sea_query::Alias::new(format!("w{}", k + 1));
        let probe = match how {
            Probe::IndexWords(index_words) => Query::select()
                .expr_as(Expr::cust("bit_or(places)"), PartsSearch::Places)
                .from(PartsSearch::Table)
                .and_where(
                    Expr::col((PartsSearch::Table, PartsSearch::Word)).is_in(index_words.clone()),
                )
                .and_where(
                    Expr::col((PartsSearch::Table, PartsSearch::PartId))
                        .equals((first.clone(), PartsSearch::PartId)),
                )
                .to_owned(),
            Probe::OwnWords => own_words_probe(word, &first),
        };
        select.join_lateral(
            sea_query::JoinType::InnerJoin,
            probe,
            alias.clone(),
            Expr::col((alias.clone(), PartsSearch::Places)).is_not_null(),
        );
        if *times > 0 {
            score = score.add(places_score(alias, *times));
        }
    }
    if scored {
        select.expr_as(score, Ranked::Score);
    }
    Some(select)
}

/// PostgreSQL: where the part whose id is `first`'s `part_id` has a word
/// starting with `word` (a column `places`, NULL when it has none), read
/// from its row: its words as the index was written from it
/// (`parts_search_words`, the function of the index's triggers), compared
/// as the index compares them, so the same words, however many words of
/// the index `word` starts.
fn own_words_probe(word: &str, first: &sea_query::Alias) -> SelectStatement {
    let own = sea_query::Alias::new("own");
    Query::select()
        .expr_as(Expr::cust("bit_or(own.places)"), PartsSearch::Places)
        .from(Parts::Table)
        .from_function(
            Func::cust(sea_query::Alias::new("parts_search_words")).args([
                SimpleExpr::from(Expr::col((Parts::Table, Parts::Name))),
                SimpleExpr::from(Expr::col((Parts::Table, Parts::Description))),
                SimpleExpr::from(Expr::col((Parts::Table, Parts::Sku))),
            ]),
            own.clone(),
        )
        .and_where(
            Expr::col((Parts::Table, Parts::Id)).equals((first.clone(), PartsSearch::PartId)),
        )
        // Compared byte by byte, as the index's own column (`COLLATE "C"`):
        // the function's words take the database's collation otherwise.
        .and_where(Expr::cust_with_values(
            r#""own"."word" COLLATE "C" >= $1 AND "own"."word" COLLATE "C" < $2"#,
            [word.to_owned(), format!("{word}{AFTER_EVERY_WORD}")],
        ))
        .to_owned()
}

/// PostgreSQL: the parts matching a search alone read by probes
/// ([`postgres_probed_matches`]), with their scores, and the parts found by
/// a number, scored 0 (D48); None when the search is not read by probes.
fn postgres_probed_scores(filters: &Filters) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let understood = filters.understood.as_ref()?;
    let vehicle = named_vehicle(Backend::Postgres, Some(understood));
    let found = postgres_probed_matches(
        &understood.words,
        understood.probed.as_ref()?,
        vehicle.as_ref(),
        true,
    )?;
    Some(postgres_with_numbers(q, found))
}

/// PostgreSQL: the parts of `found` (a select of `id` and `score`) and
/// those a number in `q` finds, scored 0 (D48): each part once, at its best
/// score.
fn postgres_with_numbers(q: &str, mut found: SelectStatement) -> SelectStatement {
    for numbers in number_selects(q) {
        found.union(
            UnionType::All,
            numbers
                .to_owned()
                .expr_as(Expr::val(0), Ranked::Score)
                .to_owned(),
        );
    }
    best_score_per_part(found)
}

/// SQLite: the ids (a column `id`) of the parts FTS5's `query` finds in
/// the word index.
pub(super) fn sqlite_word_ids(query: String) -> SelectStatement {
    Query::select()
        .expr_as(Expr::cust("rowid"), Ranked::Id)
        .from(sea_query::Alias::new("parts_search"))
        .and_where(Expr::cust_with_values("parts_search MATCH ?", [query]))
        .to_owned()
}

/// SQLite: the first id of [`sqlite_word_ids`] (NULL when FTS5's `query`
/// finds no part), as an expression. Written out rather than built as a
/// limited subquery, so that it binds only `query` (a built subquery binds
/// its `LIMIT` too) and a statement asking it of eight words stays within
/// the values a statement kept prepared may bind
/// (`db::MAX_KEPT_STATEMENT_VALUES`).
pub(super) fn sqlite_first_word_id(query: String) -> SimpleExpr {
    Expr::cust_with_values(
        "(SELECT rowid FROM parts_search WHERE parts_search MATCH ? LIMIT 1)",
        [query],
    )
}

/// SQLite: the FTS5 query for the parts having, for every one of `words`,
/// a word of the name, description or part number starting with it.
pub(super) fn sqlite_words_query(words: &[String]) -> String {
    let all = words
        .iter()
        .map(|w| format!("\"{w}\"*"))
        .collect::<Vec<_>>()
        .join(" ");
    format!("{OWN_WORDS}: ({all})")
}

/// The ids of the parts having, for every one of `words`, a word of the
/// name, description or part number starting with it.
fn word_matches(backend: Backend, words: &[String]) -> SelectStatement {
    match backend {
        Backend::Sqlite => sqlite_word_ids(sqlite_words_query(words)),
        Backend::Postgres => postgres_word_matches(words, false, None),
    }
}

/// The ids of the parts with a fitment naming every make, model and year
/// the search named (any of several makes or models).
fn vehicle_matches(backend: Backend, understood: &Understood) -> SelectStatement {
    let mut fits = Cond::all();
    if !understood.makes.is_empty() {
        fits = fits.add(Expr::col(PartFitments::MakeKey).is_in(understood.makes.clone()));
    } else if !understood.model_makes.is_empty() {
        // Changes nothing found: only these makes have the models.
        fits = fits.add(Expr::col(PartFitments::MakeKey).is_in(understood.model_makes.clone()));
    }
    if !understood.models.is_empty() {
        fits = fits.add(Expr::col(PartFitments::ModelKey).is_in(understood.models.clone()));
    }
    if let Some(year) = understood.year {
        let makes = if understood.makes.is_empty() {
            &understood.model_makes
        } else {
            &understood.makes
        };
        let spans = (!makes.is_empty() && !understood.models.is_empty())
            .then(|| known_spans(backend, makes, &understood.models, year));
        fits = fits.add(fitting_year(year, spans));
    }
    Query::select()
        .expr_as(Expr::col(PartFitments::PartId), Ranked::Id)
        .from(PartFitments::Table)
        .cond_where(fits)
        .to_owned()
}

/// The fitments of `makes` and `models` fitting `year`, said so that the
/// vehicle index (make, model, category, years, part: D49) reads only them:
/// the categories a fitment can have (those the catalogue counts, D50) and
/// the first years of the vehicle's spans fitting `year` (kept beside the
/// fitments, D46), so the index is read at each category and first year,
/// its last years from `year` on, rather than along all of the model's
/// fitments, every category and year, checking each. Every fitment's
/// category and span are in those tables, kept in the transaction that
/// writes the fitment, so this finds what the years alone find.
///
/// On PostgreSQL both lists are arrays (`= ANY(ARRAY(…))`), which its
/// b-tree reads as keys of the index; a list from a subquery (`IN`) would
/// be a join of its own. How many fitments it expects to find there rests
/// on the statistics that know a model's make (D59).
fn known_spans(backend: Backend, makes: &[String], models: &[String], year: i64) -> Cond {
    let first_years = Query::select()
        .column(FitmentVehicles::YearFrom)
        .from(FitmentVehicles::Table)
        .and_where(Expr::col(FitmentVehicles::MakeKey).is_in(makes.iter().cloned()))
        .and_where(Expr::col(FitmentVehicles::ModelKey).is_in(models.iter().cloned()))
        .and_where(Expr::col(FitmentVehicles::YearFrom).lte(year))
        .and_where(Expr::col(FitmentVehicles::YearTo).gte(year))
        .to_owned();
    let categories = Query::select()
        .column(CategoryCounts::Category)
        .from(CategoryCounts::Table)
        .to_owned();
    match backend {
        Backend::Sqlite => Cond::all()
            .add(Expr::col(PartFitments::Category).in_subquery(categories))
            .add(Expr::col(PartFitments::YearFrom).in_subquery(first_years)),
        Backend::Postgres => Cond::all()
            .add(Expr::col(PartFitments::Category).eq(any_of(categories)))
            .add(Expr::col(PartFitments::YearFrom).eq(any_of(first_years))),
    }
}

/// PostgreSQL: `ANY(ARRAY(select))`, the values of a one-column select as
/// an array to compare with.
fn any_of(select: SelectStatement) -> SimpleExpr {
    let array = Func::cust(sea_query::Alias::new("ARRAY")).arg(SimpleExpr::SubQuery(
        None,
        Box::new(select.into_sub_query_statement()),
    ));
    Func::cust(sea_query::Alias::new("ANY")).arg(array).into()
}

/// The fitments whose years hold `year`, read at the vehicle's `spans`
/// when known ([`known_spans`]). Then the first year is not compared with
/// `year`: every first year of the spans is at most `year`, and given a
/// range of first years beside that list, PostgreSQL reads the vehicle
/// index along the range (every first year up to `year`, in each
/// category) rather than at each first year of the list, its last years
/// from `year` on, and so did SQLite 3.40 (4.4 ms against 0.6 for a
/// Corolla's 11,247 fitments for 2008 at a million parts; the SQLite the
/// shop is built with reads the list either way).
fn fitting_year(year: i64, spans: Option<Cond>) -> Cond {
    let last_year = Expr::col(PartFitments::YearTo).gte(year);
    match spans {
        Some(spans) => Cond::all().add(last_year).add(spans),
        None => Cond::all()
            .add(Expr::col(PartFitments::YearFrom).lte(year))
            .add(last_year),
    }
}

/// Each part of `found` (a select of `id` and `score`, a part perhaps found
/// more than once) once, at its best score.
fn best_score_per_part(found: SelectStatement) -> SelectStatement {
    Query::select()
        .column(Ranked::Id)
        .expr_as(Expr::col(Ranked::Score).max(), Ranked::Score)
        .from_subquery(found, Ranked::Matches)
        .group_by_col(Ranked::Id)
        .to_owned()
}

/// The ids of the parts fitting the vehicle a search's words name
/// ([`vehicle_matches`]); None when they name none.
fn named_vehicle(backend: Backend, understood: Option<&Understood>) -> Option<SelectStatement> {
    understood
        .filter(|u| u.names_a_vehicle())
        .map(|u| vehicle_matches(backend, u))
}

/// The names a search's ranked ids go by: the column of ids (`id`), their
/// score, and the subqueries holding them.
#[derive(Iden)]
enum Ranked {
    Id,
    Score,
    Before,
    Page,
    Matches,
    Levels,
    Found,
}

/// The ids of the parts matching `q` (a column named `id`, each id once):
/// each word of it starts a word of the name, description or part number,
/// or the whole of it, normalised, starts a normalised OEM number or part
/// number. None when nothing can match (only punctuation). Every id is a
/// part's: the word index, the numbers and the fitments are deleted with
/// their part.
fn text_ids(backend: Backend, q: &str, understood: Option<&Understood>) -> Option<SelectStatement> {
    text_matches(backend, q, understood, false)
}

/// The selects of the ids (each a column `id`) of the parts the whole of
/// `q`, normalised, starts a number of: an OEM number, a superseded number,
/// the part number. None when `q` has no letter or digit.
fn number_selects(q: &str) -> Vec<SelectStatement> {
    let number = normalise(q);
    if number.is_empty() {
        return Vec::new();
    }
    // Normalised numbers hold only 0-9 and A-Z, all below `[`: every
    // number starting with `number` sorts in [number, number + "[").
    let upper = format!("{number}[");
    let starting = |table: DynIden, id: DynIden, normalised: DynIden| {
        Query::select()
            .expr_as(Expr::col(id), Ranked::Id)
            .from(table)
            .and_where(Expr::col(normalised.clone()).gte(number.clone()))
            .and_where(Expr::col(normalised).lt(upper.clone()))
            .to_owned()
    };
    vec![
        starting(
            PartOemNumbers::Table.into_iden(),
            PartOemNumbers::PartId.into_iden(),
            PartOemNumbers::Normalised.into_iden(),
        ),
        starting(
            PartReplacedNumbers::Table.into_iden(),
            PartReplacedNumbers::PartId.into_iden(),
            PartReplacedNumbers::Normalised.into_iden(),
        ),
        starting(
            Parts::Table.into_iden(),
            Parts::Id.into_iden(),
            Parts::SkuNormalised.into_iden(),
        ),
    ]
}

/// The ids of the parts found by a number ([`number_selects`]), each once:
/// a column `id`. None when `q` has no letter or digit.
fn number_ids(q: &str) -> Option<SelectStatement> {
    let mut selects = number_selects(q).into_iter();
    let mut ids = selects.next()?;
    for numbers in selects {
        ids.union(UnionType::Distinct, numbers);
    }
    Some(ids)
}

/// [`text_ids`], with `scored` also each part's `score` (see [`relevance`]):
/// PostgreSQL's are read with the ids, from the word index; a part found by
/// a number or a vehicle alone scores 0. SQLite scores such a part by
/// whichever searched words its name and description do have, so a part
/// found by its number that has some of the words, not all, can rank
/// differently on the two databases (D48).
fn text_matches(
    backend: Backend,
    q: &str,
    understood: Option<&Understood>,
    scored: bool,
) -> Option<SelectStatement> {
    let words = match understood {
        Some(u) => u.words.clone(),
        None => words(q),
    };
    let vehicle = named_vehicle(backend, understood);
    if words.is_empty() && vehicle.is_none() {
        return None;
    }
    let zero = |mut select: SelectStatement| {
        if scored {
            select.expr_as(Expr::val(0), Ranked::Score);
        }
        select
    };
    let mut ids = match (words.is_empty(), vehicle) {
        (true, Some(vehicle)) => zero(vehicle),
        (true, None) => unreachable!("checked above"),
        (false, vehicle) if backend == Backend::Postgres => {
            let probed = understood
                .and_then(|u| u.probed.as_ref())
                .and_then(|probed| {
                    postgres_probed_matches(&words, probed, vehicle.as_ref(), scored)
                });
            match probed {
                Some(probed) => probed,
                None => postgres_word_matches(&words, scored, vehicle),
            }
        }
        (false, vehicle) => {
            let mut ids = word_matches(backend, &words);
            if let Some(vehicle) = vehicle {
                // Each from its own index. INTERSECT goes first, left to
                // right, before the UNIONs below on SQLite.
                ids.union(UnionType::Intersect, vehicle);
            }
            ids
        }
    };
    // Scored, a part found twice is counted once below, at its best score.
    let union = if scored {
        UnionType::All
    } else {
        UnionType::Distinct
    };
    for numbers in number_selects(q) {
        ids.union(union, zero(numbers));
    }
    if scored {
        return Some(best_score_per_part(ids));
    }
    Some(ids)
}

/// Whether nothing but a category narrows `filters`: the catalogue's
/// numbers then come from the counts the database keeps per category
/// (`category_counts`, kept by triggers as parts are written).
fn only_category(filters: &Filters) -> bool {
    filters.q.is_none() && filters.make.is_none() && filters.year.is_none()
}

/// Whether `filters` has a search and nothing else, so the parts matching
/// it are the ids of [`text_ids`] alone: counted and ranked without reading
/// a row of `parts`.
fn only_text(filters: &Filters) -> bool {
    filters.q.is_some()
        && filters.category.is_none()
        && filters.make.is_none()
        && filters.year.is_none()
}

/// The condition `q` puts on a part whose id is `id`: among [`text_ids`].
/// None without `q`.
fn searched(backend: Backend, filters: &Filters, id: SimpleExpr) -> Option<SimpleExpr> {
    let q = filters.q.as_deref()?;
    Some(match text_ids(backend, q, filters.understood.as_ref()) {
        Some(ids) => Expr::expr(id).in_subquery(ids),
        // Nothing searchable: nothing matches.
        None => Expr::val(1).eq(0),
    })
}

/// The parts matching every filter given.
fn matching(backend: Backend, filters: &Filters) -> SelectStatement {
    let mut select = Query::select().from(Parts::Table).to_owned();
    if let Some(condition) = searched(
        backend,
        filters,
        Expr::col((Parts::Table, Parts::Id)).into(),
    ) {
        select.and_where(condition);
    }
    if let Some(category) = filters.category {
        select.and_where(Expr::col((Parts::Table, Parts::Category)).eq(category));
    }
    if let Some(fits) = fitting(backend, filters, true) {
        select.and_where(
            Expr::col((Parts::Table, Parts::Id)).in_subquery(
                Query::select()
                    .column(PartFitments::PartId)
                    .from(PartFitments::Table)
                    .cond_where(fits)
                    .to_owned(),
            ),
        );
    }
    select
}

/// The fitments matching the vehicle filter (make, model, engine, year,
/// position); None without one. With `category`, only the fitments of
/// parts in the filter's category: each fitment carries its part's (D49),
/// so the fitments' index answers for both.
fn fitting(backend: Backend, filters: &Filters, category: bool) -> Option<Cond> {
    if filters.make.is_none() && filters.year.is_none() {
        return None;
    }
    let mut fits = Cond::all();
    if let Some(make) = &filters.make {
        fits = fits.add(Expr::col(PartFitments::MakeKey).eq(vehicle_key(make)));
    }
    if let Some(model) = &filters.model {
        fits = fits.add(Expr::col(PartFitments::ModelKey).eq(vehicle_key(model)));
    }
    if let Some(engine) = &filters.engine {
        fits = fits.add(Expr::col(PartFitments::EngineKey).is_in([String::new(), engine.clone()]));
    }
    if let Some(year) = filters.year {
        let by_category = category && filters.category.is_some();
        // A vehicle and a year without a category or an engine (whose
        // index has no category) read the vehicle index at its spans.
        let spans = match (&filters.make, &filters.model, &filters.engine) {
            (Some(make), Some(model), None) if !by_category => Some(known_spans(
                backend,
                &[vehicle_key(make)],
                &[vehicle_key(model)],
                year,
            )),
            _ => None,
        };
        fits = fits.add(fitting_year(year, spans));
    }
    if let Some(position) = filters.position {
        if let Some(axle) = position.axle {
            fits = fits.add(Expr::col(PartFitments::Axle).is_in(["", axle]));
        }
        if let Some(side) = position.side {
            fits = fits.add(Expr::col(PartFitments::Side).is_in(["", side]));
        }
    }
    if let (true, Some(category)) = (category, filters.category) {
        fits = fits.add(Expr::col(PartFitments::Category).eq(category));
    }
    Some(fits)
}

/// The fitments' part id, as the statements over the fitments alone count,
/// order and cut it. On SQLite it is written `+part_id`: the fitments' key
/// (part, position) is in part order, and without statistics SQLite would
/// rather read all of it in that order than sort the few fitments the
/// vehicle index finds; the `+` leaves it the vehicle index.
fn fitment_part(backend: Backend) -> SimpleExpr {
    match backend {
        Backend::Sqlite => Expr::cust("+\"part_id\""),
        Backend::Postgres => Expr::col(PartFitments::PartId).into(),
    }
}

/// With a vehicle filter, the fitments of the parts matching every filter
/// (the category's too with `category`), read without a row of `parts`:
/// the search's ids and the fitments' own index answer for all of them.
/// The statement has no columns yet; a part may have several such
/// fitments, so its ids are counted distinct.
fn fitments_matching(
    backend: Backend,
    filters: &Filters,
    category: bool,
) -> Option<SelectStatement> {
    let mut select = Query::select()
        .from(PartFitments::Table)
        .cond_where(fitting(backend, filters, category)?)
        .to_owned();
    if let Some(condition) = searched(backend, filters, Expr::col(PartFitments::PartId).into()) {
        select.and_where(condition);
    }
    Some(select)
}

/// A select of the columns a page answers, from `parts`.
fn part_rows() -> SelectStatement {
    let mut select = Query::select();
    for column in COLUMNS {
        select.column((Parts::Table, column));
    }
    select.from(Parts::Table).to_owned()
}

/// The words of the search, as understood (None without a search).
fn searched_words(filters: &Filters) -> Option<Vec<String>> {
    Some(match &filters.understood {
        Some(u) => u.words.clone(),
        None => words(filters.q.as_deref()?),
    })
}

/// How well a part matches the searched words: 3 for each word in its
/// name, 1 for each in its description, where a word is in the name when a
/// word of the name starts with it, as the search matches. Read from the
/// word index, not from the part's row, so the best matches of a million
/// parts are ranked from the index: here SQLite's, from its name and
/// description columns, for the part whose id is `id`; PostgreSQL's comes
/// with the ids ([`text_matches`]). Computed only for the parts that match.
///
/// What the search found out about its words is used (D57): a word no part
/// has in its name is never looked for in the name. For parts known to
/// have every word (`has_words`: found by the words, not by a number), a
/// word no part has in its part number is in the name or the description:
/// in the description when not in the name (1 point, looked for nowhere
/// more), and when in no name, 1 point without looking.
fn relevance(filters: &Filters, id: SimpleExpr, has_words: bool) -> Option<SimpleExpr> {
    let words = searched_words(filters)?;
    if words.is_empty() {
        return None;
    }
    let distinct = distinct_words(&words);
    let understood = filters.understood.as_ref();
    let known = |flags: Option<&Vec<bool>>, word: &String| -> bool {
        flags
            .filter(|flags| flags.len() == distinct.len())
            .and_then(|flags| {
                let i = distinct.iter().position(|(w, _)| *w == word)?;
                Some(flags[i])
            })
            .unwrap_or(true)
    };
    let mut score: Option<SimpleExpr> = None;
    for word in words.iter().take(CORRECTED_WORDS) {
        let in_names = known(understood.and_then(|u| u.in_names.as_ref()), word);
        let in_numbers = known(understood.and_then(|u| u.in_numbers.as_ref()), word);
        let has = |column: Parts| -> SimpleExpr {
            Expr::expr(id.clone()).in_subquery(
                Query::select()
                    .expr(Expr::cust("rowid"))
                    .from(sea_query::Alias::new("parts_search"))
                    .and_where(Expr::cust_with_values(
                        "parts_search MATCH ?",
                        [format!("{{{}}}: \"{word}\"*", column.to_string())],
                    ))
                    .to_owned(),
            )
        };
        let points = |column: Parts, weight: i64| -> SimpleExpr {
            Expr::case(has(column), weight).finally(0).into()
        };
        let found: SimpleExpr = match (has_words && !in_numbers, in_names) {
            // Found by its words, in no part number: in the name or the
            // description, so in the description when not in the name,
            // which is asked first (SQLite gathers the description's list
            // only if some part here has the word in its name).
            (true, true) => {
                let named = SimpleExpr::from(Expr::val(3)).add(points(Parts::Description, 1));
                Expr::case(has(Parts::Name), named).finally(1).into()
            }
            (true, false) => Expr::val(1).into(),
            (false, true) => points(Parts::Name, 3).add(points(Parts::Description, 1)),
            (false, false) => points(Parts::Description, 1),
        };
        score = Some(match score {
            Some(s) => s.add(found),
            None => found,
        });
    }
    score
}

/// SQLite: the parts a search alone finds, each with its score
/// ([`relevance`]): those having its words (and fitting the vehicle it
/// names), scored knowing they have them, and those a number finds,
/// scored as ever; a part found both ways at its best score, the same both
/// ways. None for a search naming only a vehicle.
fn sqlite_scored_matches(filters: &Filters) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let words = searched_words(filters)?;
    if words.is_empty() {
        return None;
    }
    let mut ids = word_matches(Backend::Sqlite, &words);
    if let Some(vehicle) = named_vehicle(Backend::Sqlite, filters.understood.as_ref()) {
        ids.union(UnionType::Intersect, vehicle);
    }
    let scored = |ids: SelectStatement, has_words: bool| -> Option<SelectStatement> {
        Some(
            Query::select()
                .column(Ranked::Id)
                .expr_as(
                    relevance(filters, Expr::col(Ranked::Id).into(), has_words)?,
                    Ranked::Score,
                )
                .from_subquery(ids, Ranked::Matches)
                .to_owned(),
        )
    };
    let mut found = scored(ids, true)?;
    match number_ids(q) {
        Some(numbers) => {
            found.union(UnionType::All, scored(numbers, false)?);
            Some(best_score_per_part(found))
        }
        None => Some(found),
    }
}

/// How many different scored words a search may have for its page to be
/// read level by level ([`sqlite_levels`], [`postgres_levels`]); a search of
/// more is scored part by part as before. Two words make 16 combinations of
/// where each is found; three would make 64, each a query of SQLite's index.
const LEVELLED_WORDS: usize = 2;

/// How far into a search's matches (the page's end: its offset and limit) a
/// page is read level by level; a page further in is scored part by part as
/// before, reading every match either way.
const LEVELLED_ROWS: u64 = 10_000;

/// The page's end, when a page of `limit` from `offset` is read level by
/// level (see [`LEVELLED_ROWS`]).
fn levelled_end(limit: Option<u64>, offset: u64) -> Option<u64> {
    limit?
        .checked_add(offset)
        .filter(|end| *end <= LEVELLED_ROWS)
}

/// SQLite: whether FTS5 reads `word` as the shop's own words do, one token
/// of letters and digits. The shop's words are runs of what Unicode calls
/// alphanumeric, which takes in some combining marks that FTS5's tokenizer
/// splits words at (or reads as nothing); such a search is scored part by
/// part as before, where an empty word is dropped the same way in its page
/// and its count. Letters and digits up to the combining accents (U+0300),
/// and Greek and Cyrillic letters, are read alike.
fn read_alike_by_fts5(word: &str) -> bool {
    word.chars().all(|c| {
        c.is_alphanumeric() && (u32::from(c) < 0x300 || (0x370..0x483).contains(&u32::from(c)))
    })
}

/// Where a part has a searched word, as its score counts it (D47).
#[derive(Debug, Clone, Copy)]
enum FoundIn {
    NameAndDescription,
    Name,
    Description,
    /// Only in the part number.
    Elsewhere,
}

impl FoundIn {
    const ALL: [FoundIn; 4] = [
        FoundIn::NameAndDescription,
        FoundIn::Name,
        FoundIn::Description,
        FoundIn::Elsewhere,
    ];

    /// Where a word is found, for a word some part has in its name or
    /// (`in_names` false) for one none has there.
    fn possible(in_names: bool) -> &'static [FoundIn] {
        if in_names {
            &FoundIn::ALL
        } else {
            &[FoundIn::Description, FoundIn::Elsewhere]
        }
    }

    /// The word's part of the score: 3 in the name, 1 in the description.
    fn points(self) -> i64 {
        match self {
            FoundIn::NameAndDescription => 4,
            FoundIn::Name => 3,
            FoundIn::Description => 1,
            FoundIn::Elsewhere => 0,
        }
    }

    /// SQLite's FTS5 query for the parts having a word starting with `word`
    /// there and nowhere else the score counts.
    fn query(self, word: &str) -> String {
        let w = format!("\"{word}\"*");
        match self {
            FoundIn::NameAndDescription => format!("({{name}}: {w} AND {{description}}: {w})"),
            FoundIn::Name => format!("({{name}}: {w} NOT {{description}}: {w})"),
            FoundIn::Description => format!("({{description}}: {w} NOT {{name}}: {w})"),
            FoundIn::Elsewhere => format!("({{sku}}: {w} NOT {{name description}}: {w})"),
        }
    }
}

/// SQLite: how a search's vehicle is checked: by the words of the index's
/// `vehicles` column (an FTS5 query, D61, D62), or, where those cannot say
/// it (models named that no make has), against the parts a select of the
/// fitments gives.
enum SqliteVehicle {
    Words(String),
    Parts(Box<SelectStatement>),
}

impl SqliteVehicle {
    /// `query`, an FTS5 query of the word index, also asking for the
    /// vehicle's words when it is checked by them.
    fn narrow(&self, query: String) -> String {
        match self {
            SqliteVehicle::Words(fitting) => format!("({query}) AND {fitting}"),
            SqliteVehicle::Parts(_) => query,
        }
    }

    /// `select`, of the word index's rows, kept to the vehicle's parts when
    /// it is checked against them. `+rowid`: checked as the index reads its
    /// matches, never a query of the index per fitting part.
    fn check(&self, select: &mut SelectStatement) {
        if let SqliteVehicle::Parts(parts) = self {
            select.and_where(Expr::expr(Expr::cust("+rowid")).in_subquery((**parts).clone()));
        }
    }
}

/// SQLite: the vehicle a search's words name, as it is checked; None when
/// they name none.
fn sqlite_vehicle(understood: Option<&Understood>) -> Option<SqliteVehicle> {
    let understood = understood.filter(|u| u.names_a_vehicle())?;
    Some(match vehicle_query(understood) {
        Some(words) => SqliteVehicle::Words(words),
        None => SqliteVehicle::Parts(Box::new(vehicle_matches(Backend::Sqlite, understood))),
    })
}

/// SQLite: the best `n` parts having every one of `words` (and fitting
/// `vehicle`, when given), with their scores (a
/// column `id` and a column `score`), read level by level: every way the
/// scored words can be found (in the name and the description, the name
/// alone, the description alone, only the part number) gives a score, the
/// parts found each way are one query of the word index, and the queries
/// of one score together are one level, its parts oldest first. The levels
/// run best first, each cut at `n`, and the whole at `n`: the rows come in
/// the ranking's own order, so once `n` have come no further level is read,
/// and a common word costs a page of the index rather than a score for each
/// of its matches. A word that `in_names` says no part has in its name
/// (one flag per different word, when known) is never found there: the
/// ways finding it there are not asked, and a level made only of such ways
/// is not read. None for a search of more than [`LEVELLED_WORDS`] scored
/// words.
fn sqlite_levels(
    words: &[String],
    in_names: Option<&[bool]>,
    vehicle: Option<&SqliteVehicle>,
    n: u64,
) -> Option<SelectStatement> {
    let distinct = distinct_words(words);
    let in_names = names_known(in_names, distinct.len());
    let (scored, unscored): (Vec<_>, Vec<_>) = distinct
        .into_iter()
        .zip(in_names)
        .map(|((word, times), in_name)| (word, times, in_name))
        .partition(|(_, times, _)| *times > 0);
    if scored.is_empty()
        || scored.len() > LEVELLED_WORDS
        || !words.iter().all(|w| read_alike_by_fts5(w))
    {
        return None;
    }
    // Words after the eighth must be there, wherever they are.
    let unscored: String = unscored
        .iter()
        .map(|(word, _, _)| format!(" AND {OWN_WORDS}: \"{word}\"*"))
        .collect();
    let mut ways: Vec<(i64, Vec<String>)> = vec![(0, Vec::new())];
    for (word, times, in_name) in &scored {
        ways = ways
            .into_iter()
            .flat_map(|(points, queries)| {
                FoundIn::possible(*in_name).iter().map(move |found| {
                    let mut queries = queries.clone();
                    queries.push(found.query(word));
                    (points + times * found.points(), queries)
                })
            })
            .collect();
    }
    let mut levels: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for (points, queries) in ways {
        levels
            .entry(points)
            .or_default()
            .push(format!("({}{unscored})", queries.join(" AND ")));
    }
    let mut best_first = Vec::new();
    for (points, queries) in levels.into_iter().rev() {
        let mut query = queries.join(" OR ");
        if let Some(vehicle) = vehicle {
            query = vehicle.narrow(query);
        }
        let mut level = Query::select()
            .expr_as(Expr::cust("rowid"), Ranked::Id)
            .expr_as(Expr::val(points), Ranked::Score)
            .from(sea_query::Alias::new("parts_search"))
            .and_where(Expr::cust_with_values("parts_search MATCH ?", [query]))
            .order_by_expr(Expr::cust("rowid"), Order::Asc)
            .limit(n)
            .to_owned();
        if let Some(vehicle) = vehicle {
            vehicle.check(&mut level);
        }
        best_first.push((points, level));
    }
    // The order the levels come in is the order SQLite runs them, one
    // limit counted across them all: once it is reached, the levels left are
    // not run. Each level keeps its own order and cut (a subquery with a
    // limit is never merged into its compound), and FTS5 gives its rows in
    // rowid order.
    levels_best_first(best_first, n)
}

/// Whether some part has each of a search's `n` different words in its
/// name, as [`Understood::in_names`] says: for each word, true (it may be)
/// when that was not asked.
fn names_known(in_names: Option<&[bool]>, n: usize) -> Vec<bool> {
    match in_names {
        Some(known) if known.len() == n => known.to_vec(),
        _ => vec![true; n],
    }
}

/// The scores a search of `scored` words (each with how many times it
/// counts, and whether some part has it in its name) can give a part:
/// every sum of 4, 3, 1 or 0 points a word ([`FoundIn`]), each that many
/// times; 1 or 0 for a word no part has in its name.
fn possible_scores(scored: &[(i64, bool)]) -> std::collections::BTreeSet<i64> {
    let mut scores = std::collections::BTreeSet::from([0]);
    for (times, in_names) in scored {
        scores = scores
            .iter()
            .flat_map(|s| {
                FoundIn::possible(*in_names)
                    .iter()
                    .map(move |f| s + times * f.points())
            })
            .collect();
    }
    scores
}

/// How many words of the index one searched word may start for a
/// PostgreSQL search to be read level by level: each is a scan of its own,
/// merged in part order ([`merged_index_rows`]).
const LEVELLED_INDEX_WORDS: u64 = 8;

/// PostgreSQL: the rows of the word index for `first` and `others` (the
/// words of the index one searched word starts), one row a part, in part order: a column
/// `part_id` and, when `places`, a column `places` holding where the part
/// has any of them. Each word's rows are read in part order and merged,
/// never hashed: each is a subquery with its order (PostgreSQL merges
/// ordered subqueries of a `UNION ALL`, not the bare scans), and the parts
/// are grouped by an aggregate with an order of its own or by
/// `DISTINCT ON`, which PostgreSQL never hashes; a hash of its rows, which
/// the planner would otherwise choose (it cannot tell how many parts a
/// union of scans holds), reads every row before the first comes out.
fn merged_index_rows(first: &str, others: &[String], places: bool) -> SelectStatement {
    let rows_of = |i: usize, word: &str| {
        let one = Query::select()
            .columns([PartsSearch::PartId, PartsSearch::Places])
            .from(PartsSearch::Table)
            .and_where(Expr::col(PartsSearch::Word).eq(word))
            .order_by(PartsSearch::PartId, Order::Asc)
            .to_owned();
        Query::select()
            .columns([PartsSearch::PartId, PartsSearch::Places])
            .from_subquery(one, sea_query::Alias::new(format!("word{i}")))
            .to_owned()
    };
    let mut rows = rows_of(0, first);
    for (i, word) in others.iter().enumerate() {
        rows.union(UnionType::All, rows_of(i + 1, word));
    }
    let mut merged = Query::select();
    merged
        .column(PartsSearch::PartId)
        .from_subquery(rows, sea_query::Alias::new("rows"))
        .order_by(PartsSearch::PartId, Order::Asc);
    if places {
        merged
            .expr_as(
                Expr::cust("bit_or(places ORDER BY places)"),
                PartsSearch::Places,
            )
            .group_by_col(PartsSearch::PartId);
    } else {
        merged.distinct_on([PartsSearch::PartId]);
    }
    merged
}

/// PostgreSQL: the parts having every word of a search whose words each
/// start a few words of the index (`index_words`, the words each of
/// `distinct` starts), read from those words' rows of the index, which
/// come in part order: the first word's rows, each joined to the other
/// word's rows of the same part. Also the score of each (a column `score`),
/// and only the parts `vehicle` selects when given. A statement without
/// columns for the id yet: the first word's rows are `w0`. With `scored`
/// false, the score is not needed and not read.
fn postgres_index_rows(
    distinct: &[(&String, i64)],
    index_words: &[Vec<String>],
    vehicle: Option<&SelectStatement>,
    scored: bool,
) -> Option<(SelectStatement, SimpleExpr)> {
    let mut select = Query::select();
    let mut score: SimpleExpr = Expr::val(0).into();
    let first = sea_query::Alias::new("w0");
    for (i, ((_, times), words)) in distinct.iter().zip(index_words).enumerate() {
        let alias = sea_query::Alias::new(format!("w{i}"));
        let same_part = Expr::col((alias.clone(), PartsSearch::PartId))
            .equals((first.clone(), PartsSearch::PartId));
        // One word of the index: its rows; several: their rows merged.
        let (rows, this_word) = match words.as_slice() {
            [] => return None,
            [word] => (
                TableRef::TableAlias(PartsSearch::Table.into_iden(), alias.clone().into_iden()),
                Some(Expr::col((alias.clone(), PartsSearch::Word)).eq(word.as_str())),
            ),
            [first_word, others @ ..] => (
                TableRef::SubQuery(
                    merged_index_rows(first_word, others, scored),
                    alias.clone().into_iden(),
                ),
                None,
            ),
        };
        if i == 0 {
            select.from(rows).and_where_option(this_word);
        } else {
            select.join(
                sea_query::JoinType::InnerJoin,
                rows,
                Cond::all().add_option(this_word).add(same_part),
            );
        }
        if *times > 0 {
            score = score.add(places_score(alias, *times));
        }
    }
    if let Some(vehicle) = vehicle {
        select.and_where(Expr::col((first, PartsSearch::PartId)).in_subquery(vehicle.clone()));
    }
    Some((select, score))
}

/// PostgreSQL: the best `n` parts having every word of a search read along
/// the index ([`postgres_index_rows`]), with their scores, level by level
/// as on SQLite ([`sqlite_levels`]): each possible score is one level, the
/// parts scoring it in part order and cut at `n`; the levels run best first
/// and the whole is cut at `n`, so once `n` have come no further level is
/// read. A score is possible by what `in_names` says of each word (whether
/// some part has it in its name; any score when not asked, [`names_known`]):
/// a level that would count a word in the name that no part has there holds
/// no part, yet would read every row of the word to find that out.
fn postgres_levels(
    words: &[String],
    index_words: &[Vec<String>],
    in_names: Option<&[bool]>,
    vehicle: Option<&SelectStatement>,
    n: u64,
) -> Option<SelectStatement> {
    let distinct = distinct_words(words);
    if distinct.len() != index_words.len() {
        return None;
    }
    let scored: Vec<_> = distinct
        .iter()
        .zip(names_known(in_names, distinct.len()))
        .filter(|((_, times), _)| *times > 0)
        .map(|((_, times), in_name)| (*times, in_name))
        .collect();
    let mut best_first = Vec::new();
    for points in possible_scores(&scored).into_iter().rev() {
        let (mut level, score) = postgres_index_rows(&distinct, index_words, vehicle, true)?;
        let id = Expr::col((sea_query::Alias::new("w0"), PartsSearch::PartId));
        level
            .expr_as(id.clone(), Ranked::Id)
            .expr_as(Expr::val(points), Ranked::Score)
            .and_where(score.eq(points))
            .order_by_expr(id.into(), Order::Asc)
            .limit(n);
        best_first.push((points, level));
    }
    // PostgreSQL runs a limited UNION ALL as an Append under the Limit,
    // its levels in order, and stops pulling rows once the limit is reached.
    levels_best_first(best_first, n)
}

/// The levels of a search (each its score and its select of `id` and
/// `score`, in id order and cut at `n`), best first, as one select cut at
/// `n` that runs them in that order. None without a level.
fn levels_best_first(levels: Vec<(i64, SelectStatement)>, n: u64) -> Option<SelectStatement> {
    let mut joined: Option<SelectStatement> = None;
    for (points, level) in levels {
        // A level is a subquery of its own: its order and its cut are kept.
        let level = Query::select()
            .columns([Ranked::Id, Ranked::Score])
            .from_subquery(level, sea_query::Alias::new(format!("level{points}")))
            .to_owned();
        match &mut joined {
            None => joined = Some(level),
            Some(levels) => {
                levels.union(UnionType::All, level);
            }
        }
    }
    let mut joined = joined?;
    joined.limit(n);
    Some(
        Query::select()
            .columns([Ranked::Id, Ranked::Score])
            .from_subquery(joined, Ranked::Levels)
            .to_owned(),
    )
}

/// The words of the index a search's words stand for on PostgreSQL, when
/// the search is read along the index ([`Understood::index_words`]).
fn understood_index_words(filters: &Filters) -> Option<&[Vec<String>]> {
    filters.understood.as_ref()?.index_words.as_deref()
}

/// PostgreSQL: [`sqlite_levelled_matches`] for a search whose words each
/// start a few words of the index: the best `n` parts by their words, level
/// by level, and the parts found by a number, scored 0 (D48).
fn postgres_levelled_matches(filters: &Filters, n: u64) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let vehicle = named_vehicle(Backend::Postgres, filters.understood.as_ref());
    let found = postgres_levels(
        &searched_words(filters)?,
        understood_index_words(filters)?,
        filters.understood.as_ref()?.in_names.as_deref(),
        vehicle.as_ref(),
        n,
    )?;
    Some(postgres_with_numbers(q, found))
}

/// PostgreSQL: [`sqlite_text_count`] for a search whose words each start
/// a few words of the index: those words' rows of the index counted in part
/// order, and the parts found by a number that are not among them.
fn postgres_text_count(filters: &Filters) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let words = searched_words(filters)?;
    if let Some(probed) = filters.understood.as_ref().and_then(|u| u.probed.as_ref()) {
        let vehicle = named_vehicle(Backend::Postgres, filters.understood.as_ref());
        let having = postgres_probed_matches(&words, probed, vehicle.as_ref(), false)?;
        return Some(count_with_numbers(q, having));
    }
    let distinct = distinct_words(&words);
    let index_words = understood_index_words(filters)?;
    if distinct.is_empty() || distinct.len() != index_words.len() {
        return None;
    }
    let vehicle = named_vehicle(Backend::Postgres, filters.understood.as_ref());
    let (mut having, _) = postgres_index_rows(&distinct, index_words, vehicle.as_ref(), false)?;
    having.expr_as(
        Expr::col((sea_query::Alias::new("w0"), PartsSearch::PartId)),
        Ranked::Id,
    );
    Some(count_with_numbers(q, having))
}

/// SQLite: the best `n` parts having a search's words (as [`text_ids`]
/// finds them), with their scores, read level by level
/// ([`sqlite_levels`]), and every part found by a number, scored one by one
/// ([`relevance`]) as ever: among them, the best `n` of all the search
/// finds. None when the search cannot be read by levels.
fn sqlite_levelled_matches(filters: &Filters, n: u64) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let vehicle = sqlite_vehicle(filters.understood.as_ref());
    let in_names = filters.understood.as_ref()?.in_names.as_deref();
    let mut found = sqlite_levels(&searched_words(filters)?, in_names, vehicle.as_ref(), n)?;
    if let Some(numbers) = number_ids(q) {
        found.union(
            UnionType::All,
            Query::select()
                .column(Ranked::Id)
                .expr_as(
                    relevance(filters, Expr::col(Ranked::Id).into(), false)?,
                    Ranked::Score,
                )
                .from_subquery(numbers, Ranked::Matches)
                .to_owned(),
        );
    }
    // A part found both ways has the same score both ways.
    Some(best_score_per_part(found))
}

/// SQLite: the count of the parts matching a search alone: those having
/// its words (and fitting the vehicle it names), counted straight from the
/// word index, and those found by a number that are not among them. None
/// for a search naming only a vehicle.
fn sqlite_text_count(filters: &Filters) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let words = searched_words(filters)?;
    if words.is_empty() {
        return None;
    }
    let query = sqlite_words_query(&words);
    let having = match sqlite_vehicle(filters.understood.as_ref()) {
        Some(vehicle) => {
            let mut having = sqlite_word_ids(vehicle.narrow(query));
            vehicle.check(&mut having);
            having
        }
        None => sqlite_word_ids(query),
    };
    Some(count_with_numbers(q, having))
}

/// The statement counting the parts of `having` (a select of the ids, a
/// column `id`, each part once) and those a number in `q` finds that are
/// not among them.
fn count_with_numbers(q: &str, having: SelectStatement) -> SelectStatement {
    let count = |select: SelectStatement| {
        SimpleExpr::SubQuery(
            None,
            Box::new(
                Query::select()
                    .expr(Expr::cust("count(*)"))
                    .from_subquery(select, Ranked::Matches)
                    .to_owned()
                    .into_sub_query_statement(),
            ),
        )
    };
    let mut total = count(having.clone());
    if let Some(numbers) = number_ids(q) {
        let numbers = Query::select()
            .column(Ranked::Id)
            .from_subquery(numbers, Ranked::Found)
            .and_where(Expr::col(Ranked::Id).not_in_subquery(having))
            .to_owned();
        total = total.add(count(numbers));
    }
    Query::select().expr(total).to_owned()
}

/// The statement for one page of matching parts in the given order. Public
/// so the tests can read its query plan.
pub fn page_statement(
    backend: Backend,
    filters: &Filters,
    sort: Sort,
    limit: Option<u64>,
    offset: u64,
) -> SelectStatement {
    if sort == Sort::Relevance {
        if let Some(page) = ranked_page(backend, filters, limit, offset) {
            return page;
        }
    }
    if let Some(order) = by_age(sort) {
        return age_page(backend, filters, order, limit, offset, None);
    }
    let mut select = matching(backend, filters);
    for column in COLUMNS {
        select.column((Parts::Table, column));
    }
    match sort {
        // Paged by age above.
        Sort::Oldest | Sort::Relevance | Sort::Newest => {}
        Sort::PriceAsc => {
            select.order_by((Parts::Table, Parts::PriceCents), Order::Asc);
        }
        Sort::PriceDesc => {
            select.order_by((Parts::Table, Parts::PriceCents), Order::Desc);
        }
        Sort::Name => {
            select.order_by_expr(
                Func::lower(Expr::col((Parts::Table, Parts::Name))).into(),
                Order::Asc,
            );
        }
    }
    // Ties (and the default) go oldest first.
    select
        .order_by((Parts::Table, Parts::Id), Order::Asc)
        // SQLite takes an OFFSET only after a LIMIT: no limit is the largest one.
        .limit(limit.unwrap_or(i64::MAX as u64))
        .offset(offset)
        .to_owned()
}

/// The order of ids a sort pages by, when it pages by age (relevance
/// without a search to rank by is oldest first).
fn by_age(sort: Sort) -> Option<Order> {
    match sort {
        Sort::Newest => Some(Order::Desc),
        Sort::Oldest | Sort::Relevance => Some(Order::Asc),
        _ => None,
    }
}

/// One page, oldest or newest first, of the parts matching `filters`: the
/// page's ids are cut first from the narrowest index that has them in order
/// (with a vehicle filter the fitments' index, see [`fitments_matching`];
/// otherwise the ids alone, or a category's), so an offset walks past ids
/// rather than whole rows, and only the page's rows of `parts` are read.
/// With `from`, the walk starts at that id (the first of the page's block,
/// or the last newest first: see [`far_start`]) rather than at the end.
fn age_page(
    backend: Backend,
    filters: &Filters,
    order: Order,
    limit: Option<u64>,
    offset: u64,
    from: Option<i64>,
) -> SelectStatement {
    let mut ids = match fitments_matching(backend, filters, true) {
        Some(mut fitments) => fitments
            .distinct()
            .expr(fitment_part(backend))
            .order_by_expr(fitment_part(backend), order.clone())
            .to_owned(),
        None => matching(backend, filters)
            .column((Parts::Table, Parts::Id))
            .order_by((Parts::Table, Parts::Id), order.clone())
            .to_owned(),
    };
    if let Some(from) = from {
        let id = Expr::col((Parts::Table, Parts::Id));
        ids.and_where(match order {
            Order::Desc => id.lte(from),
            _ => id.gte(from),
        });
    }
    ids.limit(limit.unwrap_or(i64::MAX as u64)).offset(offset);
    part_rows()
        .and_where(Expr::col((Parts::Table, Parts::Id)).in_subquery(ids))
        .order_by((Parts::Table, Parts::Id), order)
        .to_owned()
}

/// One page of the parts matching a search, best match first: the ids
/// matching are ranked and cut to the page first, and only the page's rows
/// are read in full (a search with no other filter is ranked from the word
/// index alone; a search of one or two words reads its best matches level
/// by level, [`sqlite_levels`] and [`postgres_levels`]).
/// None without searched words to rank by.
fn ranked_page(
    backend: Backend,
    filters: &Filters,
    limit: Option<u64>,
    offset: u64,
) -> Option<SelectStatement> {
    let q = filters.q.as_deref()?;
    let understood = filters.understood.as_ref();
    let mut ranked = match backend {
        Backend::Sqlite => {
            if only_text(filters) {
                // Level by level, or else every match scored; none for a
                // search naming only a vehicle.
                let found = levelled_end(limit, offset)
                    .and_then(|end| sqlite_levelled_matches(filters, end))
                    .or_else(|| sqlite_scored_matches(filters))?;
                Query::select()
                    .columns([Ranked::Id, Ranked::Score])
                    .from_subquery(found, Ranked::Matches)
                    .to_owned()
            } else {
                let id: SimpleExpr = Expr::col((Parts::Table, Parts::Id)).into();
                let mut ranked = matching(backend, filters);
                ranked
                    .expr_as(id.clone(), Ranked::Id)
                    .expr_as(relevance(filters, id, false)?, Ranked::Score);
                ranked
            }
        }
        Backend::Postgres => {
            if searched_words(filters)?.is_empty() {
                return None;
            }
            let probed = only_text(filters)
                .then(|| postgres_probed_scores(filters))
                .flatten();
            let levelled = levelled_end(limit, offset)
                .filter(|_| only_text(filters) && probed.is_none())
                .and_then(|end| postgres_levelled_matches(filters, end));
            if let Some(probed) = probed {
                Query::select()
                    .columns([Ranked::Id, Ranked::Score])
                    .from_subquery(probed, Ranked::Matches)
                    .to_owned()
            } else if let Some(levelled) = levelled {
                Query::select()
                    .columns([Ranked::Id, Ranked::Score])
                    .from_subquery(levelled, Ranked::Matches)
                    .to_owned()
            } else if only_text(filters) {
                let scored = text_matches(backend, q, understood, true)?;
                Query::select()
                    .columns([Ranked::Id, Ranked::Score])
                    .from_subquery(scored, Ranked::Matches)
                    .to_owned()
            } else {
                let scored = text_matches(backend, q, understood, true)?;
                // The other filters on the part, joined to its score.
                let others = Filters {
                    q: None,
                    understood: None,
                    ..filters.clone()
                };
                matching(backend, &others)
                    .expr_as(Expr::col((Parts::Table, Parts::Id)), Ranked::Id)
                    .expr_as(Expr::col((Ranked::Matches, Ranked::Score)), Ranked::Score)
                    .join_subquery(
                        sea_query::JoinType::InnerJoin,
                        scored,
                        Ranked::Matches,
                        Expr::col((Ranked::Matches, Ranked::Id)).equals((Parts::Table, Parts::Id)),
                    )
                    .to_owned()
            }
        }
    };
    ranked
        .order_by(Ranked::Score, Order::Desc)
        .order_by(Ranked::Id, Order::Asc)
        .limit(limit.unwrap_or(i64::MAX as u64))
        .offset(offset);
    let select = part_rows()
        .join_subquery(
            sea_query::JoinType::InnerJoin,
            ranked.to_owned(),
            Ranked::Page,
            Expr::col((Ranked::Page, Ranked::Id)).equals((Parts::Table, Parts::Id)),
        )
        .order_by((Ranked::Page, Ranked::Score), Order::Desc)
        .order_by((Parts::Table, Parts::Id), Order::Asc)
        .to_owned();
    Some(select)
}

/// The statement counting the matching parts (for `X-Total-Count`).
/// A search alone counts its ids without reading `parts`.
pub fn count_statement(backend: Backend, filters: &Filters) -> SelectStatement {
    if only_category(filters) {
        let mut counted = Query::select()
            .expr(Expr::cust("CAST(COALESCE(SUM(parts), 0) AS BIGINT)"))
            .from(CategoryCounts::Table)
            .to_owned();
        if let Some(category) = filters.category {
            counted.and_where(Expr::col(CategoryCounts::Category).eq(category));
        }
        return counted;
    }
    if only_text(filters) {
        let counted = match backend {
            Backend::Sqlite => sqlite_text_count(filters),
            Backend::Postgres => postgres_text_count(filters),
        };
        if let Some(count) = counted {
            return count;
        }
        if let Some(ids) = filters
            .q
            .as_deref()
            .and_then(|q| text_ids(backend, q, filters.understood.as_ref()))
        {
            return Query::select()
                .expr(Expr::col(Ranked::Id).count())
                .from_subquery(ids, Ranked::Matches)
                .to_owned();
        }
    }
    if let Some(mut fitments) = fitments_matching(backend, filters, true) {
        return fitments
            .expr(Func::count_distinct(fitment_part(backend)))
            .to_owned();
    }
    matching(backend, filters)
        .expr(Expr::col((Parts::Table, Parts::Id)).count())
        .to_owned()
}

/// How many parts match `filters`.
pub async fn count_matching(db: &Db, filters: &Filters) -> Result<i64, sqlx::Error> {
    let counted: Vec<(i64,)> = db
        .fetch_all_planned(&count_statement(db.backend, filters))
        .await?;
    let (total,) = counted.into_iter().next().ok_or(sqlx::Error::RowNotFound)?;
    Ok(total)
}

/// One page of matching parts, and how many match in all. The page and
/// the count are two statements on two connections, run side by side: a
/// request waits for the longer of them rather than for both (each was
/// always read on its own, so they see the catalogue as alike as before).
/// A page of the whole catalogue by age, far into it, first finds the
/// block of ids where it starts ([`far_start`]).
pub async fn list(
    db: &Db,
    filters: &Filters,
    sort: Sort,
    limit: Option<u64>,
    offset: u64,
) -> Result<(Vec<PartRow>, i64), sqlx::Error> {
    let page = async {
        let far = match by_age(sort) {
            Some(order) if no_filter(filters) && offset >= FAR_OFFSET => {
                let start = far_start(db, &order, offset).await?;
                Some((order, start))
            }
            _ => None,
        };
        let page = match far {
            Some((order, (from, skip))) => {
                age_page(db.backend, filters, order, limit, skip, Some(from))
            }
            None => page_statement(db.backend, filters, sort, limit, offset),
        };
        db.fetch_all_planned(&page).await
    };
    tokio::try_join!(page, count_matching(db, filters))
}

/// From how many parts into the whole catalogue a page by age starts from
/// its block of ids ([`far_start`]); a page nearer the start walks there
/// from the first id (or the last), at most as far as within a block.
const FAR_OFFSET: u64 = BLOCK_IDS as u64;

/// Whether nothing narrows `filters`: the list is the whole catalogue.
fn no_filter(filters: &Filters) -> bool {
    only_category(filters) && filters.category.is_none()
}

/// Where a page of the whole catalogue starts when `offset` parts come
/// before it in `order`: the first id of the block of ids it starts in
/// (the last, newest first) and how many parts of that block, from there,
/// come before it. Read from the parts each block holds (`part_blocks`,
/// kept by the database's triggers), added up in the page's order: a row
/// per 1,024 ids, rather than every id before the page. Past the last
/// part, an id past every part with nothing to skip.
async fn far_start(db: &Db, order: &Order, offset: u64) -> Result<(i64, u64), sqlx::Error> {
    let direction = match order {
        Order::Desc => "DESC",
        _ => "ASC",
    };
    let blocks = Query::select()
        .column(PartBlocks::Block)
        .column(PartBlocks::Parts)
        .expr_as(
            Expr::cust(format!(
                "CAST(SUM(parts) OVER (ORDER BY block {direction}) AS BIGINT) - parts"
            )),
            Ranked::Before,
        )
        .from(PartBlocks::Table)
        .to_owned();
    let offset = i64::try_from(offset).unwrap_or(i64::MAX);
    let found: Option<(i64, i64)> = db
        .fetch_optional(
            &Query::select()
                .columns([PartBlocks::Block.into_iden(), Ranked::Before.into_iden()])
                .from_subquery(blocks, Ranked::Found)
                .and_where(Expr::col(Ranked::Before).lte(offset))
                .and_where(
                    Expr::col(Ranked::Before)
                        .add(Expr::col(PartBlocks::Parts))
                        .gt(offset),
                )
                .to_owned(),
        )
        .await?;
    Ok(match (found, order) {
        (Some((block, before)), Order::Desc) => {
            ((block + 1) * BLOCK_IDS - 1, offset.abs_diff(before))
        }
        (Some((block, before)), _) => (block * BLOCK_IDS, offset.abs_diff(before)),
        (None, Order::Desc) => (0, 0),
        (None, _) => (i64::MAX, 0),
    })
}

/// The superseded number of a part that a text search `q` found it by: the
/// first of `replaces` that the whole of `q`, normalised, starts.
pub fn matched_replaced<'a>(q: &str, replaces: &'a [String]) -> Option<&'a String> {
    let number = normalise(q);
    if number.is_empty() {
        return None;
    }
    replaces
        .iter()
        .find(|replaced| normalise(replaced).starts_with(&number))
}

/// Every category of the list, in its order, with its number of parts
/// matching `filters` (its category aside).
pub async fn categories(
    db: &Db,
    filters: &Filters,
) -> Result<Vec<(&'static str, i64)>, sqlx::Error> {
    let counts: Vec<(String, i64)> = db
        .fetch_all_planned(&categories_statement(db.backend, filters))
        .await?;
    let counts: BTreeMap<String, i64> = counts.into_iter().collect();
    Ok(CATEGORIES
        .into_iter()
        .map(|c| (c, counts.get(c).copied().unwrap_or(0)))
        .collect())
}

/// The statement counting the parts of each category that match `filters`
/// (its category aside). Public so the tests can read its query plan.
pub fn categories_statement(backend: Backend, filters: &Filters) -> SelectStatement {
    if only_category(filters) {
        return Query::select()
            .columns([CategoryCounts::Category, CategoryCounts::Parts])
            .from(CategoryCounts::Table)
            .to_owned();
    }
    if let Some(mut fitments) = fitments_matching(backend, filters, false) {
        return fitments
            .column(PartFitments::Category)
            .expr(Func::count_distinct(fitment_part(backend)))
            .group_by_col(PartFitments::Category)
            .to_owned();
    }
    let filters = Filters {
        category: None,
        ..filters.clone()
    };
    matching(backend, &filters)
        .column((Parts::Table, Parts::Category))
        .expr(Expr::col((Parts::Table, Parts::Id)).count())
        .group_by_col((Parts::Table, Parts::Category))
        .to_owned()
}

/// A model of a make, with the widest span of years any part fits it in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleModel {
    pub model: String,
    pub year_from: i64,
    pub year_to: i64,
}

/// The makes with their models that parts fit, makes and models A-Z (by
/// their case-insensitive keys; each spelled as its first spelling A-Z).
/// Read from the distinct vehicle spans the database keeps beside the
/// fitments, so the work grows with the vehicles, not with the parts.
pub async fn vehicles(db: &Db) -> Result<Vec<(String, Vec<VehicleModel>)>, sqlx::Error> {
    let rows: Vec<(String, String, String, String, i64, i64)> = db
        .fetch_all(
            &Query::select()
                .columns([
                    FitmentVehicles::MakeKey,
                    FitmentVehicles::ModelKey,
                    FitmentVehicles::Make,
                    FitmentVehicles::Model,
                ])
                .expr(Expr::col(FitmentVehicles::YearFrom).min())
                .expr(Expr::col(FitmentVehicles::YearTo).max())
                .from(FitmentVehicles::Table)
                .group_by_columns([
                    FitmentVehicles::MakeKey,
                    FitmentVehicles::ModelKey,
                    FitmentVehicles::Make,
                    FitmentVehicles::Model,
                ])
                .to_owned(),
        )
        .await?;
    let mut makes: BTreeMap<String, (String, BTreeMap<String, VehicleModel>)> = BTreeMap::new();
    for (make_key, model_key, make, model, year_from, year_to) in rows {
        let (spelling, models) = makes
            .entry(make_key)
            .or_insert_with(|| (make.clone(), BTreeMap::new()));
        if make < *spelling {
            *spelling = make;
        }
        let entry = models.entry(model_key).or_insert_with(|| VehicleModel {
            model: model.clone(),
            year_from,
            year_to,
        });
        if model < entry.model {
            entry.model = model;
        }
        entry.year_from = entry.year_from.min(year_from);
        entry.year_to = entry.year_to.max(year_to);
    }
    Ok(makes
        .into_values()
        .map(|(make, models)| (make, models.into_values().collect()))
        .collect())
}
