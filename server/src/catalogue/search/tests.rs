//! Tests of reading a search.

use super::*;

#[test]
fn positions_name_an_axle_a_side_or_both() {
    let at = |axle, side| Some(Position { axle, side });
    assert_eq!(Position::parse("front"), at(Some("front"), None));
    assert_eq!(Position::parse("LEFT"), at(None, Some("left")));
    assert_eq!(
        Position::parse("Rear-Right"),
        at(Some("rear"), Some("right"))
    );
    for wrong in ["", " left", "middle", "left-front", "front-", "front-rear"] {
        assert_eq!(Position::parse(wrong), None, "{wrong}");
    }
    assert!(Position::NAMES.iter().all(|n| Position::parse(n).is_some()));
}

#[test]
fn the_superseded_number_a_search_found_is_named() {
    let replaces = ["BRK-1040".to_owned(), "04465-02220".to_owned()];
    assert_eq!(matched_replaced("04465 022", &replaces), Some(&replaces[1]));
    assert_eq!(matched_replaced("brk1040", &replaces), Some(&replaces[0]));
    assert_eq!(matched_replaced("pads", &replaces), None);
    assert_eq!(matched_replaced("--", &replaces), None);
}

#[test]
fn a_misspelt_word_is_read_as_the_nearest_word_with_its_first_letter() {
    let words = |list: &[&str]| {
        list.iter()
            .map(|w| (*w).to_owned())
            .collect::<Vec<String>>()
    };
    let catalogue = words(&[
        "brake", "rear", "break", "bearing", "corolla", "rake", "pads",
    ]);
    let best = |w: &str, among: &[String]| best_correction(w, among).cloned();
    // "rear" is as many edits from "break" as "brake", but less alike.
    assert_eq!(best("break", &catalogue[..2]), Some("brake".into()));
    assert_eq!(
        best("break", &catalogue),
        Some("break".into()),
        "a word itself"
    );
    assert_eq!(best("corola", &catalogue), Some("corolla".into()));
    assert_eq!(
        best("pdas", &catalogue),
        Some("pads".into()),
        "swapped letters"
    );
    // Another first letter, or too many edits for a short word: none.
    assert_eq!(best("rake", &words(&["brake"])), None);
    assert_eq!(best("bpad", &words(&["brake"])), None);
    assert_eq!(best("bark", &words(&["bearing"])), None);
    assert_eq!(best("", &catalogue), None);
}

#[test]
fn a_parts_words_are_its_words_of_three_letters_or_more_once() {
    assert_eq!(
        index_words(["Ceramic Brake Pads, 4x", "Pads for the F-150", "Toyota"]),
        ["brake", "ceramic", "for", "pads", "the", "toyota"]
    );
}

#[test]
fn a_word_no_part_has_in_its_name_scores_only_its_description() {
    // One word: in name and description, the name, the description, elsewhere.
    assert_eq!(
        possible_scores(&[(1, true)])
            .into_iter()
            .collect::<Vec<_>>(),
        [0, 1, 3, 4]
    );
    assert_eq!(
        possible_scores(&[(1, false)])
            .into_iter()
            .collect::<Vec<_>>(),
        [0, 1]
    );
    // `for the`, `for` never in a name: never 6, 7 or 8 (the name's levels).
    assert_eq!(
        possible_scores(&[(1, false), (1, true)])
            .into_iter()
            .collect::<Vec<_>>(),
        [0, 1, 2, 3, 4, 5]
    );
    // A word searched twice counts twice wherever it is.
    assert_eq!(
        possible_scores(&[(2, false)])
            .into_iter()
            .collect::<Vec<_>>(),
        [0, 2]
    );
}
