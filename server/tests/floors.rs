//! The server's floors (docs/floors.md), read from its own source: `core`
//! imports nothing above it; a feature imports only features on lower
//! floors, and only what their `mod.rs` re-exports (never one of their
//! files); `app` puts everything together. The one tie upward allowed is
//! the state every handler is given (`app::state`'s `AppState`, and its weak
//! handle `WeakState`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Each room of the server and its floor; a room may use rooms on lower
/// floors only. `core` is the ground, `app` the top.
const FLOORS: [(&str, u32); 19] = [
    ("core", 0),
    ("audit", 1),
    ("images", 1),
    ("profiles", 1),
    ("users", 2),
    ("catalogue", 2),
    ("mail", 3),
    ("addresses", 3),
    ("vehicles", 3),
    ("cart", 3),
    ("auth", 4),
    ("shipping", 4),
    ("contact", 4),
    ("staff", 4),
    ("orders", 5),
    ("payments", 6),
    ("reviews", 6),
    ("returns", 6),
    ("app", 7),
];

/// What may be named from `app::state` by any room.
const STATE: [&str; 2] = ["AppState", "WeakState"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The room a file is in: the first folder or file under `src/`.
fn room_of(relative: &Path) -> String {
    let first = relative.components().next().expect("a path");
    let first = first.as_os_str().to_string_lossy();
    first.trim_end_matches(".rs").to_owned()
}

/// The code of a file without its comments (line comments and doc
/// comments; the server has no block comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every path the code names from the crate's root, as `room::rest`:
/// `crate::x::y`, and each name of a `use crate::{x, y::{z, w}}` group.
fn crate_paths(code: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let end = after
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(after.len());
        let path = after[..end].trim_end_matches(':');
        if after[end..].starts_with('{') {
            let group = &after[end + 1..];
            let close = matching_brace(group);
            expand(path, &group[..close], &mut paths);
            rest = &group[close..];
        } else {
            paths.push(path.to_owned());
            rest = &after[end..];
        }
    }
    paths
}

/// The names of a `use` group under `prefix`, nested groups included,
/// without `self` and `as` endings.
fn expand(prefix: &str, group: &str, out: &mut Vec<String>) {
    let join = |name: &str| match (prefix.is_empty(), name.is_empty()) {
        (true, _) => name.to_owned(),
        (false, true) => prefix.to_owned(),
        (false, false) => format!("{prefix}::{name}"),
    };
    let mut depth = 0;
    let mut start = 0;
    let mut items = Vec::new();
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    for item in items {
        let item: String = item.split_whitespace().collect::<Vec<_>>().join(" ");
        let item = item.split(" as ").next().unwrap_or("").replace(' ', "");
        if item.is_empty() {
            continue;
        }
        match item.find('{') {
            Some(open) => {
                let inner_prefix = join(item[..open].trim_end_matches(':'));
                let inner = &item[open + 1..item.len() - 1];
                expand(&inner_prefix, inner, out);
            }
            None if item == "self" => out.push(join("")),
            None => out.push(join(item.trim_end_matches("::self"))),
        }
    }
}

/// Where the brace that closes a group opened just before `text` is.
fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return i,
            '}' => depth -= 1,
            _ => {}
        }
    }
    text.len()
}

/// The macros `core` exports, which Rust names at the crate's root.
const CORE_MACROS: [&str; 2] = ["request", "stored_row"];

/// Why `path`, named in room `from`, breaks the floors; None when it keeps
/// to them.
fn breaks(from: &str, path: &str, floors: &BTreeMap<&str, u32>, src: &Path) -> Option<String> {
    let mut segments = path.split("::");
    let to = segments.next()?;
    let next = segments.next();
    if to == from || to == "core" || CORE_MACROS.contains(&to) {
        return None;
    }
    if to == "app" {
        if from == "app" {
            return None;
        }
        let name = path.rsplit("::").next().unwrap_or("");
        return (next != Some("state") || !STATE.contains(&name))
            .then(|| format!("reaches up into the app: {path}"));
    }
    let (Some(&own), Some(&theirs)) = (floors.get(from), floors.get(to)) else {
        return Some(format!("names a room with no floor: {path}"));
    };
    if theirs >= own {
        return Some(format!(
            "reaches {to} (floor {theirs}) from floor {own}: {path}"
        ));
    }
    // Only what the room's mod.rs re-exports: none of its own files.
    if from != "app" {
        if let Some(next) = next {
            let folder = src.join(to);
            if folder.join(format!("{next}.rs")).exists() || folder.join(next).is_dir() {
                return Some(format!(
                    "reaches into {to}'s file {next} rather than through its mod.rs: {path}"
                ));
            }
        }
    }
    None
}

#[test]
fn every_room_uses_only_rooms_below_it_through_their_table_of_contents() {
    let src = src();
    let floors: BTreeMap<&str, u32> = FLOORS.into_iter().collect();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut broken = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(&src).expect("under src");
        let from = room_of(relative);
        if from == "lib" || from == "main" {
            continue;
        }
        assert!(
            floors.contains_key(from.as_str()),
            "{} is in a room with no floor: give {from} one in FLOORS",
            relative.display()
        );
        let text = std::fs::read_to_string(file).expect("a source file");
        for path in crate_paths(&code(&text)) {
            if let Some(why) = breaks(&from, &path, &floors, &src) {
                broken.push(format!("{}: {why}", relative.display()));
            }
        }
    }
    broken.sort();
    broken.dedup();
    assert!(
        broken.is_empty(),
        "{} imports break the floors:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_reader_finds_every_kind_of_path_and_the_rules_judge_them() {
    let text = "use crate::a::b;\nuse crate::{c, d::e as f, g::{h, i}};\n\
                let x = crate::j::k(1);\nuse crate::l::{self, m};";
    let mut found = crate_paths(text);
    found.sort();
    assert_eq!(
        found,
        ["a::b", "c", "d::e", "g::h", "g::i", "j::k", "l", "l::m"]
    );
    let floors: BTreeMap<&str, u32> = FLOORS.into_iter().collect();
    let src = src();
    assert!(breaks("core", "orders::BookingRow", &floors, &src).is_some());
    assert!(breaks("orders", "payments::Payments", &floors, &src).is_some());
    assert!(breaks("orders", "users::store::lock", &floors, &src).is_some());
    assert!(breaks("orders", "users::lock", &floors, &src).is_none());
    assert!(breaks("orders", "app::state::AppState", &floors, &src).is_none());
    assert!(breaks("orders", "app::http::service", &floors, &src).is_some());
    assert!(breaks("app", "orders::store::find", &floors, &src).is_none());
}
