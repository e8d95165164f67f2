//! `src/lib.rs`'s crate doc is the map of the library: it names every module the crate
//! declares (`pub mod`), and every module it names (an intra-doc link such as [`bot`]) is
//! one the crate declares.

use crate::common::root;

use std::collections::BTreeSet;

/// The modules `lib.rs` declares, and the names its crate doc links to (`` [`name`] ``,
/// a plain identifier).
fn declared_and_named(lib: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    let declared = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .filter_map(|l| l.strip_suffix(';'))
        .map(str::to_string)
        .collect();
    let doc: String = lib
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let named = doc
        .split("[`")
        .skip(1)
        .filter_map(|rest| rest.split_once("`]").map(|(name, _)| name))
        .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .map(str::to_string)
        .collect();
    (declared, named)
}

#[test]
fn the_crate_doc_names_every_module() {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let (declared, named) = declared_and_named(&lib);
    assert!(declared.len() >= 10, "{declared:?}");
    let unnamed: Vec<&String> = declared.difference(&named).collect();
    let unknown: Vec<&String> = named.difference(&declared).collect();
    assert!(
        unnamed.is_empty() && unknown.is_empty(),
        "src/lib.rs's crate doc (its `//!` lines) is not the list of its `pub mod`s:\n  \
         declared but not named in the doc: {unnamed:?}\n  named in the doc but not \
         declared: {unknown:?}"
    );
}

#[test]
fn the_reader_finds_declarations_and_links() {
    let lib = "//! - [`a`] and [`b`]; [`Thing`] is no module\npub mod a;\npub mod c;\nmod d;\n";
    let (declared, named) = declared_and_named(lib);
    assert_eq!(declared, ["a", "c"].map(String::from).into());
    assert_eq!(named, ["a", "b"].map(String::from).into());
}
