//! The docs and the code's comments are a reference for today's code, readable from the
//! clone alone:
//! - nothing is dated by the work that produced it (no numbered or ordinal "sessions",
//!   no "work periods", no numbered "periods" or "stops");
//! - nothing points at texts that are not in the repository (the course's specification
//!   files, its numbered seeds, their game numbers such as `G1.5`, their numbered
//!   sections such as `§2.4`, the issue tracker);
//! - every citation of a section of a doc (`docs/X.md`, "Title", or `X.md` § Title)
//!   names a heading that doc has.
//!
//! Every Markdown file and every source file of the repository is read (the build's
//! output and binary files aside), so pages added later are covered too.

use crate::common::root;

use std::path::PathBuf;

/// This file: it spells out the patterns it refuses.
const SELF: &str = "tests/docs/doc_references.rs";

/// Files read: Markdown and the sources of every language in the tree.
const EXTENSIONS: [&str; 16] = [
    "md", "rs", "c", "h", "cpp", "hpp", "zig", "ts", "js", "py", "wat", "sh", "toml", "yaml",
    "sbatch", "html",
];

/// Folders never read: build output, dependencies, version control, and `results/`, the
/// default results folder, whose contents are a user's tournaments.
const SKIPPED: [&str; 6] = [
    "target",
    ".git",
    "node_modules",
    "zig-cache",
    "dist",
    "results",
];

/// Third-party source kept as published (CPython's library for arena's Python bots).
const VENDORED: &str = "bots/python/lib/";

/// Every text file of the tree worth reading, by path relative to the root.
fn files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![root()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if !SKIPPED.contains(&name.as_str()) && !name.starts_with('.') {
                    stack.push(path);
                }
                continue;
            }
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !kind.is_file() || !EXTENSIONS.contains(&ext) {
                continue;
            }
            let rel = path
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            // Python's own library, vendored as it is into the interpreter: not arena's text.
            if rel == SELF || rel.starts_with(VENDORED) {
                continue;
            }
            if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((rel, text));
            }
        }
    }
    assert!(out.len() > 100, "only {} files found", out.len());
    out
}

/// Ordinal words up to the fortieth, the tens and units as they compound.
fn is_ordinal(word: &str) -> bool {
    const UNITS: [&str; 19] = [
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "eleventh",
        "twelfth",
        "thirteenth",
        "fourteenth",
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
    ];
    const TENS: [&str; 3] = ["twentieth", "thirtieth", "fortieth"];
    if UNITS.contains(&word) || TENS.contains(&word) {
        return true;
    }
    if let Some((tens, unit)) = word.split_once('-') {
        return ["twenty", "thirty"].contains(&tens) && UNITS[..9].contains(&unit);
    }
    let digits = word.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && ["st", "nd", "rd", "th"].contains(&&word[digits.len()..])
}

/// Where `text` dates itself by a work period: the words around each `session` that make
/// it one (an ordinal or `this`/`that`/`next`/`previous`/`last` among the two words
/// before it, or a number after it), every `work period`, and a `period` or `stop` with a
/// number after it (`period 12`, `stops 3 and 4`).
fn work_periods(text: &str) -> Vec<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let mut found = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if *w == "session" || *w == "sessions" {
            let before = &words[i.saturating_sub(2)..i];
            let after = words.get(i + 1).copied().unwrap_or("");
            let dated = before
                .iter()
                .any(|b| is_ordinal(b) || ["this", "that", "next", "previous", "last"].contains(b))
                || (!after.is_empty() && after.chars().all(|c| c.is_ascii_digit()));
            if dated {
                found.push(format!("{} {w} {after}", before.join(" ")));
            }
        }
        if *w == "period" && i > 0 && words[i - 1] == "work" {
            found.push("work period".to_string());
        }
        if ["period", "periods", "stop", "stops"].contains(w) {
            let after = words.get(i + 1).copied().unwrap_or("");
            if !after.is_empty() && after.chars().all(|c| c.is_ascii_digit()) {
                found.push(format!("{w} {after}"));
            }
        }
    }
    found
}

/// Names of texts that are not in the repository: the course's specification files and
/// folders, its numbered seeds, their game numbers (`G1.5`), and the issue tracker.
fn outside_names(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for name in [
        "games-v2",
        "bot-abi.md",
        "spec/lms",
        "spec/mathtricks",
        "shared/spec",
        "shared/seeds",
        "/work/shared",
        "STYLE.md",
        "mathtricks.md spec",
    ] {
        if text.contains(name) {
            found.push(name.to_string());
        }
    }
    let bytes = text.as_bytes();
    // `seed 003`, `seeds 003 and 004`: a seed by its number (not `--seed 2026` nor
    // `board_seed 1234`).
    for word in ["eed ", "eeds "] {
        for (i, _) in text.match_indices(word) {
            let start = i.saturating_sub(1);
            let first = bytes[start];
            if !(first == b's' || first == b'S') {
                continue;
            }
            let before = if start == 0 { b' ' } else { bytes[start - 1] };
            let at = i + word.len();
            let n = bytes[at..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if n == 3 && !(before.is_ascii_alphanumeric() || before == b'_' || before == b'-') {
                found.push(text[start..at + 3].to_string());
            }
        }
    }
    // `§2.4`: a numbered section of a text outside (arena's docs cite a section by its
    // title: `X.md` § Title).
    for (i, _) in text.match_indices('§') {
        let rest = text[i + '§'.len_utf8()..].trim_start_matches(' ');
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            let number: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            found.push(format!("§{}", number.trim_end_matches('.')));
        }
    }
    // `issue #14`: the tracker, where the work was organised.
    for (i, _) in text.match_indices(" #") {
        let word = text[..i]
            .rsplit(|c: char| !c.is_alphabetic())
            .next()
            .unwrap_or("");
        let digit = bytes.get(i + 2).is_some_and(|b| b.is_ascii_digit());
        if digit && ["issue", "issues", "Issue", "Issues"].contains(&word) {
            found.push(format!("{word} #"));
        }
    }
    // `G1.5`, `G2.1–G2.5`: a game by the seed's number.
    for (i, _) in text.match_indices('G') {
        let before = if i == 0 { b' ' } else { bytes[i - 1] };
        let rest = &bytes[i + 1..];
        if rest.len() >= 3
            && rest[0].is_ascii_digit()
            && rest[1] == b'.'
            && rest[2].is_ascii_digit()
            && !(before.is_ascii_alphanumeric() || before == b'_')
            && !rest.get(3).is_some_and(|b| b.is_ascii_alphanumeric())
        {
            found.push(text[i..i + 4].to_string());
        }
    }
    found
}

#[test]
fn nothing_is_dated_by_work_period() {
    let mut bad = Vec::new();
    for (path, text) in files() {
        for hit in work_periods(&text) {
            bad.push(format!("{path}: `{hit}`"));
        }
    }
    assert!(bad.is_empty(), "dated by work period:\n{}", bad.join("\n"));
}

#[test]
fn nothing_points_at_texts_outside_the_repository() {
    let mut bad = Vec::new();
    for (path, text) in files() {
        for hit in outside_names(&text) {
            bad.push(format!("{path}: `{hit}`"));
        }
    }
    assert!(
        bad.is_empty(),
        "names a text that is not in the repository:\n{}",
        bad.join("\n")
    );
}

/// A file's text with each line's comment markers and indentation taken off and the
/// lines joined by spaces, so that a citation broken over lines reads as one.
fn flattened(text: &str) -> String {
    text.lines()
        .map(|l| {
            l.trim_start()
                .trim_start_matches("//!")
                .trim_start_matches("///")
                .trim_start_matches("//")
                .trim_start_matches('#')
                .trim_start_matches(';')
                .trim_start_matches('*')
                .trim()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The headings of a Markdown page, without their `#`s, and the titles of its paragraphs
/// that open with one in bold (`**Names are data.** ...`), without the stars and the stop.
fn headings(page: &str) -> Vec<String> {
    let mut inside_code = false;
    let mut out = Vec::new();
    for line in page.lines() {
        if line.starts_with("```") {
            inside_code = !inside_code;
        }
        if inside_code {
            continue;
        }
        if line.starts_with('#') {
            out.push(line.trim_start_matches('#').trim().to_string());
        } else if let Some(rest) = line.strip_prefix("**") {
            if let Some((title, _)) = rest.split_once("**") {
                out.push(title.trim_end_matches(['.', ':']).to_string());
            }
        }
    }
    out
}

/// Whether `title` names `heading`: the whole of it, or its part before a colon or a
/// parenthesis (`"Submission folders"` for `Submission folders: every entry is ...`).
fn names(title: &str, heading: &str) -> bool {
    let (title, heading) = (title.replace('`', ""), heading.replace('`', ""));
    heading == title
        || heading
            .strip_prefix(title.as_str())
            .is_some_and(|rest| rest.starts_with(':') || rest.starts_with(" ("))
}

/// The doc a citation names: `docs/X.md`, `X.md` (in `docs/` or `docs/games/`) or
/// `README.md`.
fn cited_page(name: &str) -> Option<PathBuf> {
    let name = name.trim_start_matches("docs/");
    [
        root().join("docs").join(name),
        root().join("docs/games").join(name),
        root().join(name),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

/// Every `(page, title)` cited in `text`: `X.md`, "Title" (or `section "Title"`, and
/// further titles joined by `and` or a comma), and `X.md` § Title (to the end of the
/// sentence or clause).
fn citations(text: &str) -> Vec<(String, String)> {
    let flat = flattened(text);
    let mut out = Vec::new();
    for (i, _) in flat.match_indices(".md") {
        let start = flat[..i]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || matches!(c, '/' | '_' | '-' | '.')))
            .map_or(0, |(s, c)| s + c.len_utf8());
        let name = &flat[start..i + 3];
        if name.is_empty() || name.starts_with('.') {
            continue;
        }
        let mut rest = flat[i + 3..].trim_start_matches('`');
        if let Some(r) = rest.strip_prefix(" §") {
            let title: String = r
                .trim_start()
                .chars()
                .take_while(|c| !matches!(c, ')' | ';' | ',' | ':'))
                .collect();
            out.push((
                name.to_string(),
                title.trim_end_matches('.').trim().to_string(),
            ));
            continue;
        }
        let Some(r) = rest.strip_prefix(',') else {
            continue;
        };
        rest = r.trim_start();
        rest = rest.strip_prefix("section ").unwrap_or(rest);
        while let Some(r) = rest.strip_prefix('"') {
            let Some(end) = r.find('"') else {
                break;
            };
            out.push((name.to_string(), r[..end].to_string()));
            let after = &r[end + 1..];
            rest = after
                .strip_prefix(" and ")
                .or_else(|| after.strip_prefix(", "))
                .unwrap_or("")
                .trim_start();
        }
    }
    out
}

#[test]
fn every_cited_section_is_a_heading_of_its_doc() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for (path, text) in files() {
        for (name, title) in citations(&text) {
            let Some(page) = cited_page(&name) else {
                continue;
            };
            let page_text = std::fs::read_to_string(&page).unwrap();
            checked += 1;
            if !headings(&page_text).iter().any(|h| names(&title, h)) {
                bad.push(format!("{path}: {name}, \"{title}\""));
            }
        }
    }
    assert!(checked >= 10, "only {checked} citations found");
    assert!(
        bad.is_empty(),
        "cites a section its doc does not have:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checks_find_what_they_refuse() {
    assert_eq!(
        work_periods("as measured in the Twentieth session.").len(),
        1
    );
    assert_eq!(work_periods("The 3rd session's figure").len(), 1);
    assert_eq!(work_periods("the seventh and eighth sessions").len(), 1);
    assert_eq!(work_periods("see session 12").len(), 1);
    assert_eq!(work_periods("written in this session").len(), 1);
    assert_eq!(work_periods("a work period").len(), 1);
    assert!(work_periods("a store session; a sign-in session").is_empty());
    assert_eq!(outside_names("see seed 003 and G1.5").len(), 2);
    assert_eq!(outside_names("the players of seeds 003 and 004").len(), 1);
    assert_eq!(outside_names("as §2.4 says; § 3").len(), 2);
    assert!(outside_names("RESULTS.md § Replays; seeds 12345").is_empty());
    assert_eq!(
        work_periods("measured in period 12, before stops 3").len(),
        2
    );
    assert!(work_periods("a stop flag; the period of a cycle; stop at 1").is_empty());
    assert_eq!(outside_names("rules in `games-v2.md` §3").len(), 2);
    assert_eq!(
        outside_names("seats (issue #14), issues #14 and #15").len(),
        2
    );
    assert!(outside_names("see #14 and the issue above").is_empty());
    assert!(outside_names("--seed 2026, board_seed 123, GG1.5x").is_empty());
    let found = citations("//! (`docs/PERFORMANCE.md`,\n//! \"mimalloc\" and \"No huge\")");
    assert_eq!(
        found,
        vec![
            ("docs/PERFORMANCE.md".to_string(), "mimalloc".to_string()),
            ("docs/PERFORMANCE.md".to_string(), "No huge".to_string()),
        ]
    );
    assert_eq!(
        citations("see RESULTS.md § Replays.")[0],
        ("RESULTS.md".to_string(), "Replays".to_string())
    );
    assert_eq!(
        headings("# A\n```\n# not\n```\n## B\n**Bold lead.** text"),
        ["A", "B", "Bold lead"]
    );
    assert!(names(
        "Submission folders",
        "Submission folders: every entry"
    ));
    assert!(names(
        "Table tournaments",
        "Table tournaments (games of one to four seats)"
    ));
    assert!(!names("Table", "Table tournaments"));
}
