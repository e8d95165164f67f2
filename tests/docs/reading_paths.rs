//! The three reading paths stay short, words counted as `perf_doc.rs` counts them
//! (whitespace-separated):
//! - a newcomer's, the README and `docs/ARCHITECTURE.md`, under 3,000 words, the README
//!   keeping its two commands for a fresh machine (the main tournament of the example
//!   bots into `results/`, then the tests);
//! - a student's, `bots/README.md` (with the ABI in short) and one language's page
//!   `bots/LANG/README.md`, under 4,000 words for every language, the full ABI linked as
//!   the reference;
//! - an instructor's, `docs/COURSE.md`, under 1,500 words: the steps of a course, each
//!   linking out to the page that holds its detail instead of repeating it.

use crate::common::root;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn words(text: &str) -> usize {
    text.split_whitespace().count()
}

const NEWCOMER: usize = 3000;
const STUDENT: usize = 4000;
const INSTRUCTOR: usize = 1500;

#[test]
fn a_newcomers_path_is_under_three_thousand_words() {
    let (readme, architecture) = (read("README.md"), read("docs/ARCHITECTURE.md"));
    let total = words(&readme) + words(&architecture);
    assert!(
        total < NEWCOMER,
        "README.md ({}) + docs/ARCHITECTURE.md ({}) = {total} words, over the newcomer's \
         {NEWCOMER}: move reference detail to the page it belongs to and link to it",
        words(&readme),
        words(&architecture)
    );
}

/// The command lines (indented code) of the README's section on a fresh machine.
fn fresh_machine_commands(readme: &str) -> Vec<String> {
    let section = readme
        .split("\n## Two commands for a fresh machine\n")
        .nth(1)
        .expect("the README's section `## Two commands for a fresh machine`");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter(|l| l.starts_with("    ") && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn the_readme_starts_with_exactly_two_commands() {
    let commands = fresh_machine_commands(&read("README.md"));
    assert_eq!(commands.len(), 2, "{commands:?}");
    let tournament = &commands[0];
    assert!(
        tournament.starts_with("cargo run --release -- tournament bots/*.wasm ")
            && tournament.ends_with("--out results/"),
        "the first command is not the example bots' tournament into results/: {tournament}"
    );
    assert!(
        commands[1].starts_with("cargo test "),
        "the second command does not run the tests: {}",
        commands[1]
    );
}

/// The languages with a page of their own, `bots/LANG/README.md`.
fn languages() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(root().join("bots"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("README.md").is_file())
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn a_students_path_is_under_four_thousand_words_in_every_language() {
    let index = read("bots/README.md");
    assert!(
        index.contains("\n## The ABI in short\n") && index.contains("docs/ABI.md"),
        "bots/README.md has no `## The ABI in short` linking the full ABI, docs/ABI.md"
    );
    let languages = languages();
    assert!(languages.len() >= 5, "{languages:?}");
    let over: Vec<String> = languages
        .iter()
        .map(|lang| {
            (
                lang,
                words(&index) + words(&read(&format!("bots/{lang}/README.md"))),
            )
        })
        .filter(|(_, total)| *total >= STUDENT)
        .map(|(lang, total)| format!("bots/README.md + bots/{lang}/README.md = {total}"))
        .collect();
    assert!(
        over.is_empty(),
        "a student's path is over {STUDENT} words: {over:?} (the detail belongs in \
         docs/ABI.md or the language's tools' own docs)"
    );
}

#[test]
fn the_instructors_page_is_short_and_links_out() {
    let page = read("docs/COURSE.md");
    assert!(
        words(&page) < INSTRUCTOR,
        "docs/COURSE.md has {} words, over {INSTRUCTOR}: link to the reference pages",
        words(&page)
    );
    for linked in [
        "GRADING.md",
        "TOURNAMENT.md",
        "RESULTS.md",
        "REPORT.md",
        "docs/lms/",
    ] {
        assert!(
            page.contains(linked),
            "docs/COURSE.md does not link {linked}"
        );
    }
    for step in [
        "arena check",
        "--roster",
        "--bands",
        "arena tournament",
        "arena grades",
        "arena verify",
    ] {
        assert!(
            page.contains(step),
            "docs/COURSE.md does not cover `{step}`"
        );
    }
}

#[test]
fn words_are_counted_as_the_performance_page_counts_them() {
    assert_eq!(words("a  b\nc\t`d` | e |"), 7);
    let readme = "x\n## Two commands for a fresh machine\ntext\n\n    cargo run a\n\n    cargo \
                  test\n## Next\n    other\n";
    assert_eq!(
        fresh_machine_commands(readme),
        ["cargo run a", "cargo test"]
    );
}
