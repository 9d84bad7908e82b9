//! Reading and writing the file's cells.

use super::rows::fitment_object;
use super::*;

#[test]
fn lists_and_fitments_split_at_unescaped_separators() {
    let cell = format!("{};{}", escape("a;b|c\\d"), escape("e"));
    let items: Vec<String> = split_escaped(&cell, ';', 20)
        .iter()
        .map(|i| unescape(i))
        .collect();
    assert_eq!(items, ["a;b|c\\d", "e"]);
    let fitment = format!("Toyota|{}|2014|2019|||front||", escape("Cor|olla;"));
    let fitments = split_escaped(&format!("{fitment};Ford|F|2000|2001"), ';', 100);
    assert_eq!(fitments.len(), 2);
    let object = fitment_object(&fitments[0]).unwrap();
    assert_eq!(object["model"], "Cor|olla;");
    assert_eq!(object["axle"], "front");
    assert_eq!(object.get("engine"), None);
    // Nine fields at most: a tenth (an unescaped | in a note) is refused, never cut off.
    assert!(fitment_object("Toyota|Corolla|2014|2019|||||Fits A|B only").is_err());
    assert!(fitment_object(&format!(
        "Toyota|Corolla|2014|2019|||||{}",
        escape("Fits A|B only")
    ))
    .is_ok());
}

#[test]
fn a_list_is_split_only_one_item_past_its_limit() {
    let cell = ";".repeat(1_000_000);
    let items = split_escaped(&cell, ';', 20);
    assert_eq!(items.len(), 21);
    assert!(items.iter().all(String::is_empty));
    assert_eq!(split_escaped("a;b;c", ';', 3), ["a", "b", "c"]);
    assert_eq!(split_escaped("a;b;c;d;e", ';', 3), ["a", "b", "c", ""]);
}

#[test]
fn cells_a_spreadsheet_would_run_are_marked_and_read_back_unchanged() {
    for (cell, written) in [
        ("=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"),
        ("+1", "'+1"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("'=kept", "''=kept"),
        ("''", "'''"),
        ("'quoted", "'quoted"),
        ("Brake pads", "Brake pads"),
        ("12.50", "12.50"),
        ("", ""),
    ] {
        assert_eq!(mark(cell.to_owned()), written, "{cell:?}");
        assert_eq!(unmark(written), cell, "{written:?}");
    }
}

#[test]
fn a_written_line_is_quoted_where_needed() {
    assert_eq!(csv_line(&["a", "b,c", "d\"e"]), "a,\"b,c\",\"d\"\"e\"\n");
}

#[test]
fn the_blocks_of_ids_are_counted_by_the_same_number_everywhere() {
    // The page far into the catalogue divides ids by `BLOCK_IDS`; the
    // migrations' triggers and the import command's recount must too.
    let by = format!("id / {}", store::BLOCK_IDS);
    for migration in [
        include_str!("../../../migrations/sqlite/0036_part_blocks.sql"),
        include_str!("../../../migrations/postgres/0036_part_blocks.sql"),
    ] {
        let divisions = migration.matches("id / ").count();
        assert!(divisions >= 3, "{migration}");
        assert_eq!(migration.matches(&by).count(), divisions, "{migration}");
    }
    let recount: Vec<&&str> = super::bulk::RECOUNTS
        .iter()
        .filter(|s| s.contains("part_blocks"))
        .collect();
    assert_eq!(recount.len(), 2);
    assert!(
        recount[1].contains(&format!("{by}, count(*)")),
        "{recount:?}"
    );
}
