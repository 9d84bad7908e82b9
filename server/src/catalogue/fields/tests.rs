//! Tests of the part fields' rules.

use super::*;
use serde_json::json;

#[test]
fn numbers_normalise_to_upper_case_letters_and_digits() {
    for sent in ["04465-33450", "0446533450", "04465 33450", " 04465.33450/"] {
        assert_eq!(normalise(sent), "0446533450", "{sent}");
    }
    assert_eq!(normalise("bp-1042a"), "BP1042A");
    assert_eq!(normalise("é-"), "");
}

#[test]
fn generated_part_numbers_have_at_least_six_digits() {
    assert_eq!(generated_sku(123), "PG-000123");
    assert_eq!(generated_sku(1_234_567), "PG-1234567");
}

#[test]
fn categories_are_found_in_any_case() {
    assert_eq!(category("wheels & TYRES"), Some("Wheels & Tyres"));
    assert_eq!(category("Wheels"), None);
}

#[test]
fn words_are_runs_of_letters_and_digits() {
    assert_eq!(
        words("Brake-pad, 280mm ÜBER"),
        ["brake", "pad", "280mm", "über"]
    );
    assert!(words("%-_ ").is_empty());
}

#[test]
fn engines_compare_in_any_case_and_spacing() {
    assert_eq!(engine_key(" 1.8L   L4 "), "1.8l l4");
    assert_eq!(engine_key("1.8l l4"), engine_key("1.8L L4"));
    assert_ne!(engine_key("1.8L L4"), engine_key("1.8L4"));
}

#[test]
fn qualifiers_are_read_in_any_case_and_blank_is_none() {
    let body = json!({"fitments": [
        {"make": "Toyota", "model": "Corolla", "yearFrom": 2014, "yearTo": 2019,
         "axle": " Front ", "side": "", "engine": " 1.8L  L4 "},
    ]});
    let mut form = Form::new(body.as_object().unwrap());
    let rows = Fitments::read(&mut form, "fitments", "Fitments").unwrap();
    assert_eq!(form.first_problem(), None);
    assert_eq!(
        (rows[0].axle, rows[0].side, rows[0].engine.as_deref()),
        (Some("front"), None, Some("1.8L L4"))
    );
}

#[test]
fn fitments_report_the_row_and_its_problem() {
    let body = json!({"fitments": [
        {"make": "Toyota", "model": "Corolla", "yearFrom": 2009, "yearTo": 2019},
        {"make": " ", "model": "Civic", "yearFrom": 2010, "yearTo": 2012},
        {"make": "Ford", "model": "Focus", "yearFrom": 2012, "yearTo": 2010},
    ]});
    let mut form = Form::new(body.as_object().unwrap());
    let rows = Fitments::read(&mut form, "fitments", "Fitments").unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(
        form.first_problem().as_deref(),
        Some("Fitment 2: Make is Required")
    );
}
