//! `report.html` in a real browser: headless Chromium opens the page of a tournament (with
//! a bot whose name is an HTML injection attempt), on the standings and on a replay, and
//! the rendered page must hold every bot, the standings, the replay's moves, and no
//! script error. Skipped, with a note, where no Chromium is installed (`.ci/run` installs
//! it, so CI always runs it).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const HOSTILE_NAME: &str = "<img src=x onerror=alert(1)>";

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

/// The DOM of `url` after the page's scripts ran.
fn dump_dom(browser: &Path, url: &str) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
            "--dump-dom",
            url,
        ])
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
fn the_results_page_renders_the_standings_and_a_replay_without_script_errors() {
    let Some(browser) = chromium() else {
        eprintln!("note: no chromium on PATH: the browser test is skipped");
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("subs");
    fs::create_dir_all(&subs).unwrap();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hostile");
    fs::copy(fixtures.join("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(fixtures.join("chatty.wat"), subs.join("chatty.wat")).unwrap();
    fs::copy(
        fixtures.join("random.wat"),
        subs.join(format!("{HOSTILE_NAME}.wat")),
    )
    .unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_arena"))
        .current_dir(dir)
        .args(["tournament", "subs", "builtin:greedy", "--best-of", "3"])
        .args([
            "--rows", "5", "--cols", "5", "--seed", "3", "--out", "res", "--quiet",
        ])
        .status()
        .unwrap();
    assert!(status.success());
    let page = dir.join("res/report.html");
    let html = fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains(HOSTILE_NAME),
        "a bot name reached the page unescaped"
    );
    for remote in ["src=\"http", "href=\"http", "<link", "@import", "url(http"] {
        assert!(!html.contains(remote), "the page loads something: {remote}");
    }
    let url = format!("file://{}", page.display());

    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let table_start = dom
        .find("id=\"standings-table\"")
        .expect("the standings table");
    let table = &dom[table_start..];
    for bot in [
        "ana",
        "chatty",
        "builtin:greedy",
        "&lt;img src=x onerror=alert(1)&gt;",
    ] {
        assert!(table.contains(bot), "{bot} is not in the standings");
    }
    assert!(
        !dom.contains("<img src=\"x\""),
        "the bot name became an element"
    );

    // A replay: its moves are listed and its first position is drawn.
    let mut reader = csv::Reader::from_path(dir.join("res/games.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    let first = reader
        .records()
        .map(Result::unwrap)
        .find(|r| {
            r[headers.iter().position(|h| h == "moves").unwrap()]
                .parse::<u32>()
                .unwrap()
                >= 3
        })
        .expect("a game of a few moves");
    let column = |name: &str| &first[headers.iter().position(|h| h == name).unwrap()];
    let id: u64 = column("game_id").parse().unwrap();
    let recorded: usize = column("moves").parse().unwrap();
    let dom = dump_dom(&browser, &format!("{url}#game={id}"));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let list = &dom[dom.find("id=\"moves\"").expect("the move list")..];
    let list = &list[..list.find("</ol>").expect("the list ends")];
    let moves = list.matches("<li ").count();
    assert_eq!(moves, recorded, "the replay's moves are not all listed");
    assert!(
        dom.contains(&format!("Game {id}")),
        "the replay is not open"
    );
}
