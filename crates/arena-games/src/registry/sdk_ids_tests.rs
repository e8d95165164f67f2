//! The SDKs' game ids follow the registration list: `bots/c/arena.h`'s `ARENA_GAME_*`
//! block holds exactly every registered game, by name and id (`ARENA_BLESS=1` rewrites
//! the block from the list), and every `GAME_*` constant of the Zig and AssemblyScript
//! examples names a registered game with its id.

use std::path::{Path, PathBuf};

use super::table_games;

/// The first line of the generated block in `arena.h`.
const BEGIN: &str =
    "/* ---- Game ids (generated from arena-games' registration list; ARENA_BLESS=1";
/// The last line of the generated block.
const END: &str = "/* ---- End of the game ids */";

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The block the registration list gives, from [`BEGIN`] to [`END`].
fn expected_block() -> String {
    let mut block = format!(
        "{BEGIN}\n *      cargo test -p arena-games sdk_ids rewrites it; the test fails when it differs) */\n"
    );
    for kind in table_games() {
        let info = kind.info();
        block += &format!(
            "#define ARENA_GAME_{} {}\n",
            info.name.to_ascii_uppercase(),
            info.id
        );
    }
    block + END
}

/// `(NAME, id)` of every line `PREFIX<NAME> <sep> <id>` in `text`.
fn constants(text: &str, prefix: &str, sep: &str) -> Vec<(String, i32)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix(prefix)?;
            let (name, value) = rest.split_once(sep)?;
            let value = value
                .trim()
                .trim_end_matches(';')
                .split_whitespace()
                .next()?;
            Some((name.trim().to_string(), value.parse().ok()?))
        })
        .collect()
}

/// Checks that every constant names a registered game (upper-case name) with its id.
fn check_registered(constants: &[(String, i32)], file: &str) {
    for (name, id) in constants {
        let game = table_games()
            .iter()
            .find(|g| g.info().name.to_ascii_uppercase() == *name)
            .unwrap_or_else(|| panic!("{file}: GAME_{name} names no registered game"));
        assert_eq!(*id, game.info().id, "{file}: GAME_{name}");
    }
}

#[test]
fn sdk_ids_of_the_c_header_are_every_registered_game_and_no_other() {
    let path = repo().join("bots/c/arena.h");
    let header = std::fs::read_to_string(&path).unwrap();
    let begin = header
        .find(BEGIN)
        .unwrap_or_else(|| panic!("arena.h lacks the line {BEGIN}"));
    let end = header[begin..]
        .find(END)
        .map(|at| begin + at + END.len())
        .unwrap_or_else(|| panic!("arena.h lacks the line {END}"));
    let expected = expected_block();
    if header[begin..end] != expected && std::env::var("ARENA_BLESS").as_deref() == Ok("1") {
        let blessed = format!("{}{expected}{}", &header[..begin], &header[end..]);
        std::fs::write(&path, blessed).unwrap();
        return;
    }
    assert_eq!(
        header[begin..end],
        expected,
        "bots/c/arena.h's game ids differ from the registration list; ARENA_BLESS=1 cargo test -p arena-games sdk_ids rewrites them"
    );
    // No id outside the block, stale or repeated.
    let outside = format!("{}{}", &header[..begin], &header[end..]);
    assert_eq!(constants(&outside, "#define ARENA_GAME_", " "), vec![]);
    let inside = constants(&expected, "#define ARENA_GAME_", " ");
    assert_eq!(inside.len(), table_games().len());
    check_registered(&inside, "arena.h");
}

#[test]
fn sdk_ids_of_the_zig_and_assemblyscript_examples_are_registered_games() {
    let mut seen = 0;
    for (dir, ext) in [("bots/zig", "zig"), ("bots/assemblyscript", "ts")] {
        for entry in std::fs::read_dir(repo().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == ext) {
                let text = std::fs::read_to_string(&path).unwrap();
                let found = constants(&text, "const GAME_", "=");
                seen += found.len();
                check_registered(&found, &path.display().to_string());
            }
        }
    }
    assert!(seen >= 2, "the examples name their game's id");
    // The check can fail.
    let stale = std::panic::catch_unwind(|| {
        check_registered(&[("CHESS".to_string(), 99)], "test");
    });
    assert!(stale.is_err());
}
