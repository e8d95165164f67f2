//! `report.html` in a real browser: headless Chromium opens the page of a tournament (with
//! a bot whose name is an HTML injection attempt), on the standings and on a replay, and
//! the rendered page must hold every bot, the standings, the replay's moves, and no
//! script error. Skipped, with a note, where no Chromium is installed; a failure instead
//! where `CI` or `ARENA_REQUIRE_TOOLCHAINS=1` is set (`.ci/run` installs Chromium and sets
//! both), so CI always runs it.

use crate::common;

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

/// Chromium and a temporary folder holding an empty `subs/`; `None`, with a note, where no
/// Chromium is installed (a failure where tools are required: `common::tools_required`).
fn browser_and_folder() -> Option<(PathBuf, tempfile::TempDir)> {
    let Some(browser) = chromium() else {
        crate::common::missing_tool("chromium (on PATH)", "apt-get install chromium");
        return None;
    };
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir_all(tmp.path().join("subs")).unwrap();
    Some((browser, tmp))
}

/// Runs `arena ARGS --out res --quiet` in `dir` (`args` split at spaces) and returns `res/report.html`, checked to
/// hold no bot name unescaped and to load nothing from elsewhere.
fn results_page(dir: &Path, args: &str) -> PathBuf {
    let status = Command::new(common::binary())
        .current_dir(dir)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .args(args.split(' '))
        .args(["--out", "res", "--quiet"])
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
    page
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
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    let subs = dir.join("subs");
    let fixtures = common::root().join("tests/fixtures/hostile");
    fs::copy(fixtures.join("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(fixtures.join("chatty.wat"), subs.join("chatty.wat")).unwrap();
    fs::copy(
        fixtures.join("random.wat"),
        subs.join(format!("{HOSTILE_NAME}.wat")),
    )
    .unwrap();
    let page = results_page(
        dir,
        "tournament subs builtin:greedy --best-of 3 --rows 5 --cols 5 --seed 3",
    );
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
    let (id, recorded) = recorded_games(dir)
        .into_iter()
        .find(|&(_, moves)| moves >= 3)
        .expect("a game of a few moves");
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
    // Drawn in the browser by the embedded viewer: MathTricks' board in its colours, and
    // each move in the game's notation (`row col`).
    let board = element(&dom, "board", "pre");
    assert!(board.contains("seat 1: total"), "no board drawn: {board}");
    assert!(board.contains("<span class=\""), "no colours: {board}");
    for item in list.split("</li>").filter(|i| i.contains("<li ")) {
        let text = &item[item.rfind('>').unwrap() + 1..];
        let cells: Vec<&str> = text.split(' ').collect();
        assert!(
            cells.len() == 2 && cells.iter().all(|c| c.parse::<u32>().is_ok()),
            "a move not in the game's notation: {text}"
        );
    }

    // An address naming an element that is not a tab (`#board`) shows the standings,
    // not a page with every tab hidden.
    let dom = dump_dom(&browser, &format!("{url}#board"));
    assert!(
        dom.contains("<section id=\"standings\" class=\"tab active\">"),
        "no tab shown for #board"
    );
}

#[test]
fn a_long_bot_name_keeps_its_start_in_the_ratings_plot() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    let long = format!("jsmith_{}", "assignment_three_final_".repeat(3));
    let fixtures = common::root().join("tests/fixtures/hostile");
    fs::copy(
        fixtures.join("first_legal.wat"),
        dir.join("subs").join(format!("{long}.wat")),
    )
    .unwrap();
    let page = results_page(
        dir,
        "tournament subs builtin:greedy --best-of 1 --rows 5 --cols 5 --seed 3",
    );
    let dom = dump_dom(&browser, &format!("file://{}#ratings", page.display()));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let plot = element(&dom, "ratings-plot", "svg");
    let label = plot
        .split("class=\"label\">")
        .skip(1)
        .map(|l| &l[..l.find("</text>").unwrap()])
        .find(|l| l.contains("jsmith"))
        .unwrap_or_else(|| panic!("no label starts with the name: {plot}"));
    // Drawn text: the label without its tooltip.
    let drawn = label.rsplit("</title>").next().unwrap();
    assert!(drawn.starts_with("jsmith_assignment"), "{label}");
    assert!(drawn.ends_with('\u{2026}'), "{label}");
    assert!(
        drawn.chars().count() * 72 <= 2600,
        "wider than the label column: {label}"
    );
    assert!(label.contains(&format!("<title>{long}</title>")), "{label}");
    assert!(
        plot.contains(">builtin:greedy</text>"),
        "a short name is cut: {plot}"
    );
}

#[test]
fn a_game_in_a_sidecar_opens_at_the_move_its_address_names() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    // Enough games that the last ones' replays go to sidecar files.
    let page = results_page(
        dir,
        concat!(
            "tournament builtin:greedy builtin:random builtin:alphabeta",
            " --best-of 1 --paired --rounds 1000 --rows 8 --cols 8 --seed 5"
        ),
    );
    let html = fs::read_to_string(&page).unwrap();
    assert!(dir.join("res/report/replays/part0000.js").is_file());
    let (id, moves) = *recorded_games(dir).last().unwrap();
    assert!(moves > 5);
    assert!(
        !html.contains(&format!("id=\"replay-{id}\"")),
        "game {id} is inline: no sidecar is tested"
    );
    let url = format!("file://{}#game={id}&ply=5", page.display());
    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    assert!(
        element(&dom, "replay-head", "div").contains(&format!("Game {id}")),
        "the replay is not open"
    );
    let at = element(&dom, "ply", "span");
    assert!(
        at.contains(&format!("move 5 of {moves}")),
        "not at move 5: {at}"
    );
    let list = element(&dom, "moves", "ol");
    let fifth = &list[list.find("data-ply=\"5\"").expect("move 5 listed")..];
    assert!(
        fifth[..fifth.find('>').unwrap()].contains(" cur"),
        "move 5 is not the current one: {list}"
    );
}

/// The id and the number of moves of every game in `dir/res/games.csv`, in its order.
fn recorded_games(dir: &Path) -> Vec<(u64, usize)> {
    let mut reader = csv::Reader::from_path(dir.join("res/games.csv")).unwrap();
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (id, moves) = (column("game_id"), column("moves"));
    reader
        .records()
        .map(Result::unwrap)
        .map(|r| (r[id].parse().unwrap(), r[moves].parse().unwrap()))
        .collect()
}

/// The id and the number of moves of the longest game in `dir/res/games.csv`.
fn longest_game(dir: &Path) -> (u64, usize) {
    recorded_games(dir)
        .into_iter()
        .max_by_key(|&(_, moves)| moves)
        .unwrap()
}

/// The part of `dom` from the element with `id` to the end of its first `</END>`.
fn element<'a>(dom: &'a str, id: &str, end: &str) -> &'a str {
    let start = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id}"));
    let rest = &dom[start..];
    &rest[..rest.find(&format!("</{end}>")).expect("the element ends")]
}

#[test]
fn a_table_tournament_page_renders_its_standings_and_a_replay_of_every_seat() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    let subs = dir.join("subs");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    fs::copy(
        root.join("bots/games/tictactoe/tictactoe_first.wat"),
        subs.join(format!("{HOSTILE_NAME}.wat")),
    )
    .unwrap();
    let page = results_page(
        dir,
        concat!(
            "tournament subs builtin:greedy builtin:random",
            " --game tictactoe --option players=3 --rounds 2 --seed 3"
        ),
    );
    let url = format!("file://{}", page.display());
    let escaped = "&lt;img src=x onerror=alert(1)&gt;";
    let bots = ["builtin:greedy", "builtin:random", escaped];

    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let table = element(&dom, "standings-table", "table");
    for bot in bots {
        assert!(table.contains(bot), "{bot} is not in the standings");
    }
    for head in ["seat 3 games", "points", "rating (95%)"] {
        assert!(table.contains(head), "the standings lack {head}");
    }
    assert!(
        element(&dom, "fairness-table", "table")
            .matches("<tr>")
            .count()
            >= 3
    );
    let tabs = element(&dom, "tabs", "nav");
    for tab in [
        "Standings",
        "Seat fairness",
        "Faults",
        "Replays",
        "Settings",
    ] {
        assert!(tabs.contains(tab), "no {tab} tab");
    }
    for absent in ["Cross-table", "Ratings", "Roles"] {
        assert!(
            !tabs.contains(absent),
            "a {absent} tab on a game without it"
        );
    }
    assert!(
        !dom.contains("<img src=\"x\""),
        "the bot name became an element"
    );

    // The longest game: its moves are listed, every seat's bot named, the end shown.
    let (id, recorded) = longest_game(dir);
    assert!(recorded >= 3);
    let dom = dump_dom(&browser, &format!("{url}#game={id}&ply={recorded}"));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let moves = element(&dom, "moves", "ol").matches("<li ").count();
    assert_eq!(moves, recorded, "the replay's moves are not all listed");
    let head = element(&dom, "replay-head", "div");
    assert!(
        head.contains(&format!("Game {id}")),
        "the replay is not open"
    );
    for bot in bots {
        assert!(head.contains(bot), "{bot} is not named at the table");
    }
    let end = element(&dom, "replay-end", "ul");
    assert_eq!(
        end.matches("rank <b>").count(),
        3,
        "every seat's rank: {end}"
    );
    assert!(element(&dom, "move-info", "div").contains("fuel used"));
    assert!(
        !element(&dom, "board", "pre").trim_end().ends_with('>'),
        "a drawn board"
    );
}

#[test]
fn a_pursuit_page_shows_each_role_and_a_minesweeper_page_its_leaderboard() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let pursuit = tmp.path().join("pursuit");
    fs::create_dir_all(&pursuit).unwrap();
    let page = results_page(
        &pursuit,
        "tournament builtin:greedy builtin:random --game pursuit --rounds 2 --seed 4",
    );
    let dom = dump_dom(&browser, &format!("file://{}#roles", page.display()));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    assert!(element(&dom, "tabs", "nav").contains("Roles"));
    let roles = element(&dom, "roles-table", "table");
    for text in [
        "as pursuer",
        "as evader",
        "captures",
        "escapes",
        "builtin:random",
    ] {
        assert!(roles.contains(text), "the roles lack {text}: {roles}");
    }
    assert!(element(&dom, "fairness-table", "table").contains("evader"));

    let mines = tmp.path().join("mines");
    fs::create_dir_all(&mines).unwrap();
    let page = results_page(
        &mines,
        "tournament builtin:greedy builtin:random --game minesweeper --rounds 3 --seed 4",
    );
    let dom = dump_dom(&browser, &format!("file://{}#game=2", page.display()));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let table = element(&dom, "standings-table", "table");
    assert!(table.contains("mean score (95%)") && !table.contains("points"));
    assert!(table.contains("builtin:greedy") && table.contains("builtin:random"));
    assert!(element(&dom, "replay-head", "div").contains("Game 2"));
    assert!(element(&dom, "replay-end", "ul").contains("score <b>"));
    // One seat: no opponent to pick, so its picker is not shown (the stylesheet's
    // `display` of a label would override a `hidden` attribute).
    let opponent = &dom[..dom.find("id=\"pick-opp\"").expect("the picker")];
    let label = &opponent[opponent.rfind("<label").expect("its label")..];
    assert!(
        label.contains("style=\"display: none;\""),
        "the opponent picker is shown: {label}"
    );
}

/// A replay too long to draw whole (a pursuit of 6 000 moves) is held by the viewer and
/// drawn one position at a time: the page opens it at the move its address names, with
/// every move listed and the board drawn.
#[test]
fn a_long_replay_is_drawn_one_position_at_a_time() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    let page = results_page(
        dir,
        concat!(
            "tournament builtin:random builtin:greedy --game pursuit --rows 24 --cols 24",
            " --option rounds=3000 --rounds 1 --seed 3"
        ),
    );
    let (id, moves) = longest_game(dir);
    assert!(moves > 1000, "the game is long enough to be held: {moves}");
    let at = moves - 3;
    let url = format!("file://{}#game={id}&ply={at}", page.display());
    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let ply = element(&dom, "ply", "span");
    assert!(
        ply.contains(&format!("move {at} of {moves}")),
        "not at move {at}: {ply}"
    );
    assert_eq!(element(&dom, "moves", "ol").matches("<li ").count(), moves);
    let board = element(&dom, "board", "pre");
    assert!(
        board.contains(" 24") && !board.contains("cannot"),
        "no board drawn: {board}"
    );
}

/// A one-seat leaderboard that separates nothing says so above the standings, and a
/// replay says what the colours of its moves mean, in the words the page's tables use
/// ("seat").
#[test]
fn a_tied_leaderboard_says_so_and_a_replay_has_a_colour_legend() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let page = results_page(
        tmp.path(),
        "tournament builtin:solver builtin:greedy builtin:random --game minesweeper --rounds 10 --seed 4",
    );
    let url = format!("file://{}", page.display());
    let dom = dump_dom(&browser, &url);
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let note = element(&dom, "standings-note", "p");
    assert!(
        note.contains("Note: the leaderboard does not separate builtin:greedy and builtin:solver (each 1.000)")
            || note.contains("Note: the leaderboard does not separate builtin:solver and builtin:greedy (each 1.000)"),
        "{note}"
    );
    let dom = dump_dom(&browser, &format!("{url}#game=1"));
    let legend = element(&dom, "moves-legend", "p");
    assert!(
        legend.contains("Numbered in the mover's colour: <span class=\"p1\">"),
        "{legend}"
    );
    assert!(legend.contains("</span> seat 1;"), "{legend}");
    let end = element(&dom, "replay-end", "ul");
    assert!(
        end.contains("(seat 1)") && !end.contains("player 1"),
        "{end}"
    );
}

/// With a roster and bands the page knows the grading: a Grades tab listing every student
/// of the roster (one who handed in nothing and one whose folder was skipped among
/// them, with the reason), the skipped entries, and a grade column in the standings;
/// for a game of three seats too.
#[test]
fn a_graded_page_shows_every_student_with_grades_and_skipped_entries() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    let subs = dir.join("subs");
    let fixtures = common::root().join("tests/fixtures/hostile");
    fs::copy(fixtures.join("first_legal.wat"), subs.join("ana.wat")).unwrap();
    fs::copy(fixtures.join("random.wat"), subs.join("bo.wat")).unwrap();
    let two = subs.join("cy");
    fs::create_dir_all(&two).unwrap();
    fs::copy(fixtures.join("first_legal.wat"), two.join("a.wat")).unwrap();
    fs::copy(fixtures.join("random.wat"), two.join("b.wat")).unwrap();
    fs::write(
        dir.join("roster.csv"),
        format!("file,student_id,name\nana,s1,Ana\nbo,s2,Bo\ncy,s3,Cy\ndi,s4,{HOSTILE_NAME}\n"),
    )
    .unwrap();
    fs::write(
        dir.join("bands.toml"),
        "measure = \"percentile\"\nbands = [{ grade = \"A\", min = 0.6 }, { grade = \"F\", min = 0.0 }]\n",
    )
    .unwrap();
    let tables = common::root().join("bots/games/tictactoe");
    fs::create_dir_all(dir.join("t")).unwrap();
    fs::copy(tables.join("tictactoe.wasm"), dir.join("t/ana.wasm")).unwrap();
    fs::create_dir_all(dir.join("t/cy")).unwrap();
    let graded = "--roster roster.csv --bands bands.toml --seed 3";
    for (run, name) in [
        (format!("tournament subs builtin:greedy --best-of 1 --rows 5 --cols 5 {graded}"), "pair"),
        (format!("tournament t builtin:random builtin:greedy --game tictactoe --option players=3 {graded}"), "table"),
    ] {
        let page = results_page(dir, &run);
        let shot = dir.join(format!("{name}.png"));
        let url = format!("file://{}#grading", page.display());
        let dom = dump_dom(&browser, &url);
        assert!(
            dom.contains("data-arena-ready=\"true\"") && !dom.contains("data-arena-errors=\""),
            "script errors:\n{dom}"
        );
        assert!(
            dom.contains("<section id=\"grading\" class=\"tab active\">"),
            "{name}: the Grades tab is not shown for #grading"
        );
        let grading = element(&dom, "grading-table", "table");
        for text in ["s1", "s2", "s3", "s4", "not submitted", "&lt;img src=x onerror=alert(1)&gt;"] {
            assert!(grading.contains(text), "{name}: {text} is not in {grading}");
        }
        let skipped = element(&dom, "skipped-table", "table");
        assert!(skipped.contains("cy/") && skipped.contains("Cy (s3)"), "{name}: {skipped}");
        let standings = element(&dom, "standings-table", "table");
        assert!(standings.contains("<th class=\"l\">grade</th>"), "{name}: {standings}");
        assert!(!dom.contains("<img src=\"x\""), "the name became an element");
        // For a person to look at: the tab as drawn.
        let status = Command::new(&browser)
            .args(["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000"])
            .arg("--window-size=1300,800")
            .arg(format!("--screenshot={}", shot.display()))
            .arg(&url)
            .output()
            .unwrap()
            .status;
        assert!(status.success() && shot.is_file());
        if let Ok(keep) = std::env::var("ARENA_KEEP_SCREENSHOTS") {
            fs::copy(&shot, Path::new(&keep).join(format!("grading-{name}.png"))).unwrap();
        }
        fs::remove_dir_all(dir.join("res")).unwrap();
    }
}

/// The texts of the moves listed in `dom`'s move list.
fn listed_moves(dom: &str) -> Vec<String> {
    let list = element(dom, "moves", "ol");
    list.split("</li>")
        .filter(|i| i.contains("<li "))
        .map(|item| item[item.rfind('>').unwrap() + 1..].to_string())
        .collect()
}

/// The column labels above a drawn board (`board` from its element's `id` on).
fn column_labels(board: &str) -> Vec<&str> {
    let text = &board[board.find('>').unwrap() + 1..];
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap();
    first.split_whitespace().collect()
}

/// The numbers of a move written `row col`.
fn cell(text: &str) -> Vec<u32> {
    text.split(' ')
        .map(|n| {
            n.parse()
                .unwrap_or_else(|_| panic!("not `row col`: {text}"))
        })
        .collect()
}

/// A MathTricks replay and a pursuit replay say how their cells are numbered, and their
/// moves and boards are numbered so (MathTricks from 0, as its rules fix it;
/// pursuit from 1, as its board is labelled); both name seats as "seat N", as the tables
/// do; and every colour of the page's replay has a legend: the movers' colours, the
/// highlighted move, MathTricks' four board colours (pursuit's board has none).
#[test]
fn replays_say_how_cells_are_numbered_name_seats_and_explain_every_colour() {
    let Some((browser, tmp)) = browser_and_folder() else {
        return;
    };
    let dir = tmp.path();
    fs::create_dir_all(dir.join("mt")).unwrap();
    let page = results_page(
        &dir.join("mt"),
        "tournament builtin:greedy builtin:random --game mathtricks --rows 6 --cols 6 --seed 5",
    );
    let dom = dump_dom(&browser, &format!("file://{}#game=1", page.display()));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let legend = element(&dom, "moves-legend", "p");
    assert!(
        legend.contains("</span> seat 1, <span class=\"p2\">")
            && legend.contains("</span> seat 2;"),
        "{legend}"
    );
    assert!(
        legend.contains("counted from 0 (row 0 at the top)"),
        "{legend}"
    );
    assert!(
        legend.contains("<span class=\"cur-swatch\">highlighted</span>"),
        "{legend}"
    );
    // Seat 1 starts on the top-left cell: its first move, counted from 0, is within
    // rows and columns 0 and 1 (counted from 1 it would name a 2).
    let moves = listed_moves(&dom);
    assert!(moves.len() >= 2, "{moves:?}");
    assert!(cell(&moves[0]).iter().all(|&n| n <= 1), "{moves:?}");
    // Seat 2 starts on the bottom-right cell, (5 5) counted from 0.
    assert!(
        cell(&moves[1]).iter().all(|&n| (4..=5).contains(&n)),
        "{moves:?}"
    );
    let board = element(&dom, "board", "pre");
    assert_eq!(
        column_labels(board),
        ["0", "1", "2", "3", "4", "5"],
        "{board}"
    );
    let colours = element(&dom, "board-legend", "p");
    assert_eq!(colours.matches("class=\"swatch ").count(), 4, "{colours}");
    for meaning in [
        "seat 1's pawn",
        "a cell seat 1 has visited",
        "seat 2's pawn",
        "a cell seat 2 has visited",
    ] {
        assert!(colours.contains(meaning), "{colours}");
    }
    // Every colour the board is drawn in is one the legend shows.
    for classes in board.split("<span class=\"").skip(1) {
        let classes = &classes[..classes.find('"').unwrap()];
        if classes != "bo" {
            assert!(
                colours.contains(&format!("swatch {classes}\"")),
                "{classes} has no legend: {colours}"
            );
        }
    }
    let head = element(&dom, "replay-head", "h3");
    assert!(
        head.contains("(seat 1, moves first)") && head.contains("(seat 2)"),
        "{head}"
    );
    for id in ["replay-head", "moves-legend", "replay-end"] {
        let part = element(&dom, id, "p");
        assert!(!part.contains("player"), "{id}: {part}");
    }
    assert!(
        element(&dom, "list-legend", "div").contains("<span class=\"bad\">red</span>"),
        "the game list's colour has no legend"
    );

    fs::create_dir_all(dir.join("pu")).unwrap();
    let page = results_page(
        &dir.join("pu"),
        "tournament builtin:greedy builtin:random --game pursuit --rows 6 --cols 6 --seed 5",
    );
    let dom = dump_dom(&browser, &format!("file://{}#game=1", page.display()));
    assert!(
        dom.contains("data-arena-ready=\"true\""),
        "script errors:\n{dom}"
    );
    let legend = element(&dom, "moves-legend", "p");
    assert!(
        legend.contains("counted from 1 (row 1 at the top)"),
        "{legend}"
    );
    assert!(legend.contains("</span> seat 2;"), "{legend}");
    let moves = listed_moves(&dom);
    assert!(!moves.is_empty());
    for text in &moves {
        assert!(
            cell(text).iter().all(|&n| (1..=6).contains(&n)),
            "{moves:?}"
        );
    }
    let board = element(&dom, "board", "pre");
    assert_eq!(
        column_labels(board),
        ["1", "2", "3", "4", "5", "6"],
        "{board}"
    );
    let colours = element(&dom, "board-legend", "p");
    assert!(!colours.contains("swatch"), "{colours}");
    let head = element(&dom, "replay-head", "h3");
    assert!(
        head.contains("(seat 1, ") && head.contains("(seat 2, ") && !head.contains("player"),
        "{head}"
    );
}
