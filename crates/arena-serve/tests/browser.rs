//! The ladder in a real browser, driven as `tests/output/report_browser.rs` drives
//! report.html: headless Chromium follows a sign-in link, and then, with the same
//! profile (its session cookie), opens the leaderboard, the student's game (the replay
//! drawn by report.html's viewer) and another student's game (refused). Skipped, with a
//! note, where no Chromium is installed; a failure instead where `CI` or
//! `ARENA_REQUIRE_TOOLCHAINS=1` is set.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::*;

fn chromium() -> Option<PathBuf> {
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|paths| {
                std::env::split_paths(&paths)
                    .map(|p| p.join(name))
                    .find(|p| p.is_file())
            })
        })
}

/// The DOM of `url` after its scripts ran (and any navigation they started), in the
/// browser profile `profile`.
fn dump_dom(browser: &Path, profile: &Path, url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=8000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_browser_signs_in_sees_the_leaderboard_and_a_replay_and_not_anothers_game() {
    let Some(browser) = chromium() else {
        let required = std::env::var_os("CI").is_some_and(|v| !v.is_empty())
            || std::env::var_os("ARENA_REQUIRE_TOOLCHAINS").is_some_and(|v| v == "1");
        assert!(
            !required,
            "chromium is not on PATH (apt-get install chromium)"
        );
        eprintln!("note: skipped: no chromium on PATH (apt-get install chromium)");
        return;
    };
    let dir = course("workers = 1");
    let tokens = tokens(dir.path());
    let server = Server::start(dir.path());
    // Ana and Bo each upload over HTTP (a browser's file chooser is not scriptable here).
    let mut games = Vec::new();
    for (who, b) in [("s1", "greedy"), ("s2", "random")] {
        let mut c = Client::new(&server.url);
        c.sign_in(&tokens[who]);
        let csrf = c.csrf();
        assert_eq!(
            c.upload(
                &[("csrf", &csrf)],
                "bot.wasm",
                &std::fs::read(bot(b)).unwrap()
            )
            .status,
            200
        );
        games.push(c);
    }
    // A game of Bo's that Ana did not play.
    let login_version = |login: &str| -> i64 {
        db(dir.path())
            .query_row(
                "SELECT active_version FROM people WHERE login = ?1",
                [login],
                |r| r.get(0),
            )
            .unwrap()
    };
    let (ana, bo) = (login_version("s1"), login_version("s2"));
    let q = format!("SELECT id FROM games WHERE seat1 != {ana} AND seat2 != {ana} AND (seat1 = {bo} OR seat2 = {bo}) LIMIT 1");
    let bos_game = wait_for(Duration::from_secs(300), || {
        db(dir.path())
            .query_row(&q, [], |r| r.get::<_, i64>(0))
            .ok()
    });
    let q = format!("SELECT id FROM games WHERE seat1 = {ana} OR seat2 = {ana} LIMIT 1");
    let anas_game = wait_for(Duration::from_secs(300), || {
        db(dir.path())
            .query_row(&q, [], |r| r.get::<_, i64>(0))
            .ok()
    });

    let profile = tempfile::tempdir().unwrap();
    let me = dump_dom(
        &browser,
        profile.path(),
        &format!("{}/signin#{}", server.url, tokens["s1"]),
    );
    assert!(me.contains("<h1>My bots</h1>"), "the link signs in: {me}");
    assert!(me.contains("id=\"drop\""), "the drop area");
    let board = dump_dom(&browser, profile.path(), &format!("{}/", server.url));
    assert!(
        board.contains("id=\"leaderboard\"") && board.contains("player-1"),
        "{board}"
    );
    let replay = dump_dom(
        &browser,
        profile.path(),
        &format!("{}/games/{anas_game}", server.url),
    );
    assert!(
        replay.contains("data-drawn=\"yes\""),
        "the replay is drawn: {replay}"
    );
    assert!(replay.contains("position 0 of"), "{replay}");
    let refused = dump_dom(
        &browser,
        profile.path(),
        &format!("{}/games/{bos_game}", server.url),
    );
    assert!(
        refused.contains("no such page") && !refused.contains("Log of seat"),
        "{refused}"
    );
    drop(server);
}
