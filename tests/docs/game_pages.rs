//! Every registered game has its page in `docs/games/`, and the page is self-contained:
//! it gives the game's ABI id, has its rules section, and states the rules in arena's
//! own words instead of deferring to a text that is not in the repository (a
//! specification, an assignment's or a course's text).

use crate::common::root;

use arena_games::registry::table_games;

/// Every page of `docs/games/`, by file name, with its text.
fn pages() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(root().join("docs/games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// The words of `text`: runs of letters, digits and `_`.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The page of game `name`: `NAME.md`, or the page whose title names it (a page for a
/// family of games, `king, queen, rook, knight — …`).
fn page_of<'a>(name: &str, pages: &'a [(String, String)]) -> Option<&'a (String, String)> {
    pages
        .iter()
        .find(|(file, _)| *file == format!("{name}.md"))
        .or_else(|| {
            pages.iter().find(|(_, text)| {
                let title = text.lines().next().unwrap_or("");
                title.starts_with("# ") && words(title).contains(&name)
            })
        })
}

/// The headings of `text` (outside code blocks), lower-cased, without their `#`s.
fn headings(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(line.trim_start_matches('#').trim().to_lowercase());
        }
    }
    out
}

/// Phrases by which a page would leave a rule to a text that is not in the repository.
const DEFERRING: [&str; 8] = [
    "spec",
    "specs",
    "specification",
    "see the assignment",
    "as the assignment says",
    "the assignment's text",
    "the course's text",
    "the original text",
];

/// The deferring phrases of `text`, matched as whole words, in any case.
fn deferrals(text: &str) -> Vec<&'static str> {
    let lower = text.to_lowercase();
    let spaced = format!(" {} ", words(&lower).join(" "));
    DEFERRING
        .iter()
        .copied()
        .filter(|p| spaced.contains(&format!(" {} ", words(p).join(" "))))
        .collect()
}

#[test]
fn every_registered_game_has_a_self_contained_page() {
    let pages = pages();
    let mut wrong = Vec::new();
    let games = table_games();
    assert!(games.len() >= 10, "only {} games registered", games.len());
    for game in games {
        let (name, id) = (game.info().name, game.info().id);
        let Some((file, text)) = page_of(name, &pages) else {
            wrong.push(format!(
                "`{name}` has no page: docs/games/{name}.md, or a page whose title names it"
            ));
            continue;
        };
        let opening: Vec<&str> = text.lines().take(3).flat_map(words).collect();
        let id_text = id.to_string();
        if !(opening.iter().any(|w| *w == "id" || *w == "ids") && opening.contains(&&*id_text)) {
            wrong.push(format!(
                "docs/games/{file}: its title or first lines do not give `{name}`'s id {id}"
            ));
        }
        let heads = headings(text);
        if !heads
            .iter()
            .any(|h| h.contains("rules") || words(h).first() == Some(&name))
        {
            wrong.push(format!(
                "docs/games/{file}: no rules section for `{name}` (a heading with \"Rules\", \
                 or one that opens with the game's name)"
            ));
        }
    }
    for (file, text) in &pages {
        for phrase in deferrals(text) {
            wrong.push(format!(
                "docs/games/{file}: defers to an outside text (\"{phrase}\"): state the rule"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the games' pages:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn the_page_checks_find_what_they_refuse() {
    let pages = vec![
        ("nim.md".to_string(), "# nim (id 7)\n## Rules\n".to_string()),
        (
            "oneway.md".to_string(),
            "# king, queen — pieces (ids 3, 4)\n".to_string(),
        ),
    ];
    assert_eq!(page_of("nim", &pages).unwrap().0, "nim.md");
    assert_eq!(page_of("queen", &pages).unwrap().0, "oneway.md");
    assert!(page_of("kalah", &pages).is_none());
    assert_eq!(
        headings("# T\n```\n# no\n```\n## The Rules"),
        ["t", "the rules"]
    );
    assert_eq!(deferrals("As the Spec says."), ["spec"]);
    assert_eq!(
        deferrals("see the\nassignment for the rest"),
        ["see the assignment"]
    );
    assert!(deferrals("a special case; spectators; the assignments").is_empty());
}
