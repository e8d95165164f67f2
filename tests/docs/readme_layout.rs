//! The README's layout is the tree: every path its table names exists (a folder where it
//! ends in `/`, a file otherwise), and every top-level folder of `src/` and every crate of
//! `crates/` is named in it.

use crate::common::root;

use std::collections::BTreeSet;

/// The paths named (in code spans) in the first cell of each row of the table under
/// `## Layout` in `text`.
fn layout_paths(text: &str) -> Vec<String> {
    let section = text
        .split("\n## Layout\n")
        .nth(1)
        .expect("the README has a section `## Layout`");
    let section = section.split("\n## ").next().unwrap_or(section);
    let rows: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and its separator
        .collect();
    rows.iter()
        .flat_map(|row| {
            let cell = row.trim_start_matches('|').split('|').next().unwrap_or("");
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The names of the folders directly in `dir`, as `PREFIX/NAME/`.
fn folders(dir: &str) -> BTreeSet<String> {
    std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| format!("{dir}/{}/", e.file_name().to_string_lossy()))
        .collect()
}

#[test]
fn the_readme_layout_names_what_is_in_the_tree() {
    let text = std::fs::read_to_string(root().join("README.md")).unwrap();
    let listed = layout_paths(&text);
    assert!(listed.len() >= 10, "the layout names only {listed:?}");
    let absent: Vec<&String> = listed
        .iter()
        .filter(|p| {
            let path = root().join(p.trim_end_matches('/'));
            if p.ends_with('/') {
                !path.is_dir()
            } else {
                !path.is_file()
            }
        })
        .collect();
    let listed: BTreeSet<&str> = listed.iter().map(String::as_str).collect();
    let unlisted: Vec<String> = folders("src")
        .into_iter()
        .chain(folders("crates"))
        .filter(|f| !listed.contains(f.as_str()))
        .collect();
    assert!(
        absent.is_empty() && unlisted.is_empty(),
        "README.md's `## Layout` is not the tree:\n  named but absent (a folder ends in `/`, a \
         file does not): {absent:?}\n  in the tree but not named: {unlisted:?}"
    );
}

#[test]
fn the_layout_reader_reads_the_first_cell_only() {
    let text = "# x\n## Layout\n| path | what |\n|---|---|\n| `a/`, `b.rs` | see `c/` |\n\
                | `d/` | d |\n\n## Next\n| `e/` | e |\n";
    assert_eq!(layout_paths(text), ["a/", "b.rs", "d/"]);
}
