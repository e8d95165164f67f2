//! `docs/PERFORMANCE.md` is a reference, checked against the code: its table of figures
//! has exactly the rows `arena bench` prints, in order, each with the bench's target
//! (both read from `src/bench/rows.rs`, the one list the measurements make their figures
//! from), and the whole page stays under 4,000 words.

use crate::common;

use arena::bench::rows::ROWS;
use arena::bench::{num, Target};

fn page() -> String {
    let path = common::root().join("docs/PERFORMANCE.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The cells of each row of the first table after the heading `## The figures`.
fn figures_table(text: &str) -> Vec<Vec<String>> {
    let after = text
        .split("\n## The figures\n")
        .nth(1)
        .expect("a section `## The figures`");
    let section = after.split("\n## ").next().unwrap_or(after);
    let table: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    assert!(table.len() > 2, "no table in `## The figures`");
    assert!(
        table[1].chars().all(|c| matches!(c, '|' | '-' | ':' | ' ')),
        "the table's second line is not its separator: {}",
        table[1]
    );
    table[2..]
        .iter()
        .map(|line| {
            let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
            inner.split('|').map(|c| c.trim().to_string()).collect()
        })
        .collect()
}

/// A target as the table writes it: `≤ 0.500 µs`, `≥ 95.0 %`, or `—` without one.
fn written(target: Option<Target>, unit: &str) -> String {
    match target {
        None => "—".to_string(),
        Some(Target::AtMost(v)) => format!("≤ {} {unit}", num(v)),
        Some(Target::AtLeast(v)) => format!("≥ {} {unit}", num(v)),
    }
}

#[test]
fn the_table_has_the_rows_and_targets_the_bench_prints() {
    let rows = figures_table(&page());
    let keys: Vec<String> = rows.iter().map(|r| r[0].replace('`', "")).collect();
    let expected: Vec<&str> = ROWS.iter().map(|r| r.key).collect();
    assert_eq!(
        keys, expected,
        "the table's rows are not the bench's, in its order"
    );
    for (cells, row) in rows.iter().zip(ROWS.iter()) {
        assert!(
            cells.len() >= 3,
            "`{}`: no target and figure cells",
            row.key
        );
        assert_eq!(
            cells[1],
            written(row.target, row.unit),
            "`{}`: the table's target is not the bench's",
            row.key
        );
        assert!(
            !cells[2].is_empty(),
            "`{}`: the table gives no figure",
            row.key
        );
    }
}

#[test]
fn the_page_is_under_four_thousand_words() {
    let words = page().split_whitespace().count();
    assert!(words < 4000, "docs/PERFORMANCE.md has {words} words");
}

#[test]
fn targets_are_written_as_the_table_expects() {
    assert_eq!(written(Some(Target::AtMost(0.5)), "µs"), "≤ 0.500 µs");
    assert_eq!(written(Some(Target::AtLeast(95.0)), "%"), "≥ 95.0 %");
    assert_eq!(written(None, "x"), "—");
    // A table row left out, or a target changed, is found.
    let text = page().replace("| `threads 1 / 1` |", "| `threads one` |");
    let keys: Vec<String> = figures_table(&text)
        .iter()
        .map(|r| r[0].replace('`', ""))
        .collect();
    assert!(!keys.iter().any(|k| k == "threads 1 / 1"));
}
