//! The real server over HTTP: sign in, upload, verdict, leaderboard, replay; what a
//! student may not open; rejected requests that change nothing; a kill -9 and restart
//! that finds every upload and game exactly once; the export and the backup.

mod common;

use std::process::Command;
use std::time::Duration;

use common::*;

const LIMIT: Duration = Duration::from_secs(300);

/// Every count that a rejected request must leave as it was.
fn state(dir: &std::path::Path) -> (i64, i64, i64, Option<i64>) {
    (
        count(dir, "SELECT count(*) FROM versions"),
        count(dir, "SELECT count(*) FROM uploads"),
        count(dir, "SELECT count(*) FROM modules"),
        db(dir)
            .query_row(
                "SELECT active_version FROM people WHERE login = 's1'",
                [],
                |r| r.get(0),
            )
            .unwrap(),
    )
}

/// The first game id of `client`'s game list.
fn first_game(client: &Client) -> Option<i64> {
    let page = client.get("/games").body;
    let at = page.find("href=\"/games/")? + "href=\"/games/".len();
    page[at..].split('"').next()?.parse().ok()
}

#[test]
fn a_student_signs_in_uploads_sees_the_verdict_the_leaderboard_and_a_replay() {
    let dir = course("workers = 1");
    let tokens = tokens(dir.path());
    let server = Server::start(dir.path());
    let mut ana = Client::new(&server.url);
    assert_eq!(
        ana.get("/me").status,
        303,
        "signed out: to the sign-in page"
    );
    let bad = ana.sign_in(&"0".repeat(64));
    assert_eq!(bad.status, 401);
    assert!(bad.body.contains("not valid"));
    let ok = ana.sign_in(&tokens["s1"]);
    assert_eq!(ok.status, 303);
    let cookie = ok.set_cookie.unwrap();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    let csrf = ana.csrf();

    let greedy = std::fs::read(bot("greedy")).unwrap();
    let verdict = ana.upload(&[("csrf", &csrf)], "mine.wasm", &greedy);
    assert_eq!(verdict.status, 200, "{}", verdict.body);
    assert!(verdict.body.contains("READY"), "{}", verdict.body);
    // arena check's own words, under the student's id.
    assert!(verdict.body.contains("s1.wasm"), "{}", verdict.body);
    assert!(ana.get("/me").body.contains("<b>active</b>"));

    // The ladder plays it: it shows on the leaderboard with rated games.
    let row = wait_for(LIMIT, || {
        let rows: serde_json::Value =
            serde_json::from_str(&ana.get("/api/leaderboard").body).ok()?;
        rows.as_array()?
            .iter()
            .find(|r| r["mine"] == true && r["games"].as_i64() > Some(0))
            .cloned()
    });
    assert_eq!(row["name"], "player-1", "a handle, not the name");
    let board = ana.get("/").body;
    assert!(board.contains("reference: greedy") && !board.contains("Ana Lima"));

    let game = wait_for(LIMIT, || first_game(&ana));
    let page = ana.get(&format!("/games/{game}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=board") && page.body.contains("application/json"));
    assert!(page.body.contains("Log of seat"), "the student's own log");
    let viewer = ana.get("/viewer.wasm");
    assert_eq!(viewer.status, 200);

    // Bo cannot open Ana's game, version or log by changing ids.
    let mut bo = Client::new(&server.url);
    assert_eq!(bo.sign_in(&tokens["s2"]).status, 303);
    assert_eq!(bo.get(&format!("/games/{game}")).status, 404);
    let version: i64 = db(dir.path())
        .query_row(
            "SELECT active_version FROM people WHERE login = 's1'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(bo.get(&format!("/versions/{version}")).status, 404);
    assert_eq!(bo.get("/games/999999").status, 404);
    assert!(first_game(&bo).is_none(), "Bo has played no game");
    assert_eq!(bo.get("/admin").status, 404);
    // The instructor sees it all, with names.
    let mut ta = Client::new(&server.url);
    assert_eq!(ta.sign_in(&tokens["ta"]).status, 303);
    assert_eq!(ta.get(&format!("/games/{game}")).status, 200);
    assert!(ta.get("/admin").body.contains("Ana Lima"));
}

#[test]
fn rejected_requests_get_a_clear_status_and_change_nothing() {
    let dir = course("workers = 1\nuploads_per_hour = 3");
    let tokens = tokens(dir.path());
    let server = Server::start(dir.path());
    let mut ana = Client::new(&server.url);
    ana.sign_in(&tokens["s1"]);
    let csrf = ana.csrf();
    let greedy = std::fs::read(bot("greedy")).unwrap();
    let before = state(dir.path());

    // A forged form: no token, a wrong one, another origin.
    assert_eq!(ana.upload(&[], "a.wasm", &greedy).status, 403);
    assert_eq!(
        ana.upload(&[("csrf", &"f".repeat(64))], "a.wasm", &greedy)
            .status,
        403
    );
    assert_eq!(
        ana.post_form("/handle", &[("csrf", "x"), ("handle", "forged")])
            .status,
        403
    );
    // Oversized (the course's cap is 400000 bytes): refused while read.
    let big = vec![0u8; 450_000];
    let a = ana.upload(&[("csrf", &csrf)], "big.wasm", &big);
    assert_eq!(a.status, 413, "{a:?}");
    // Not a bot file by name.
    assert_eq!(
        ana.upload(&[("csrf", &csrf)], "bot.exe", &greedy).status,
        400
    );
    // A bad token on the submit endpoint.
    let submit = Command::new(SERVE)
        .args(["submit", "--server", &server.url])
        .arg(bot("greedy"))
        .env("ARENA_TOKEN", "0".repeat(64))
        .output()
        .unwrap();
    assert_eq!(submit.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&submit.stdout).contains("not valid"));
    assert_eq!(state(dir.path()), before, "nothing changed");

    // A hostile module: recorded with its verdict, never active, never played.
    let hostile = b"\0asm\x01\0\0\0\x05\x03\x01\0\xff\xff\xff\xff\x0f";
    let v = ana.upload(&[("csrf", &csrf)], "evil.wasm", hostile);
    assert_eq!(v.status, 422, "{}", v.body);
    assert!(v.body.contains("NOT READY"), "{}", v.body);
    assert_eq!(state(dir.path()).3, None, "not active");
    // The hourly limit (3): two more, then 429 with nothing stored.
    ana.upload(&[("csrf", &csrf)], "a.wasm", &greedy);
    ana.upload(
        &[("csrf", &csrf)],
        "b.wasm",
        &std::fs::read(bot("random")).unwrap(),
    );
    let after = state(dir.path());
    let limited = ana.upload(
        &[("csrf", &csrf)],
        "c.wasm",
        &std::fs::read(bot("first_legal")).unwrap(),
    );
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert_eq!(state(dir.path()), after);
    // The active version can be only one's own ready version.
    assert_eq!(
        ana.post_form("/active", &[("csrf", &csrf), ("version", "1")])
            .status,
        404
    );
}

#[test]
fn a_kill_9_and_restart_finds_every_upload_and_game_exactly_once() {
    let dir = course("workers = 2");
    let tokens = tokens(dir.path());
    let mut server = Server::start(dir.path());
    for (who, b) in [("s1", "greedy"), ("s2", "alphabeta")] {
        let out = Command::new(SERVE)
            .args(["submit", "--server", &server.url])
            .arg(bot(b))
            .env("ARENA_TOKEN", &tokens[who])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(String::from_utf8_lossy(&out.stdout).contains("READY"));
    }
    wait_for(LIMIT, || {
        (count(dir.path(), "SELECT count(*) FROM games") >= 6).then_some(())
    });
    server.kill9();
    let games_before = count(dir.path(), "SELECT count(*) FROM games");
    let invariant = |dir: &std::path::Path| {
        // Every recorded job has its two games; no game of an unrecorded job; each rated
        // game moved both its versions' game counts exactly once.
        assert_eq!(
            count(
                dir,
                "SELECT count(*) FROM games g JOIN jobs j ON j.id = g.job WHERE j.state != 'done'"
            ),
            0
        );
        assert_eq!(
            count(dir, "SELECT count(*) FROM jobs j WHERE state = 'done' AND (SELECT count(*) FROM games g WHERE g.job = j.id) != 2"),
            0
        );
        assert_eq!(
            count(dir, "SELECT coalesce(sum(games), 0) FROM versions"),
            2 * count(
                dir,
                "SELECT count(*) FROM games g JOIN jobs j ON j.id = g.job WHERE j.rated = 1"
            )
        );
        assert_eq!(
            count(dir, "SELECT count(*) FROM versions WHERE owner IS NOT NULL"),
            2
        );
    };
    invariant(dir.path());
    let server = Server::start(dir.path());
    assert_eq!(
        count(
            dir.path(),
            "SELECT count(*) FROM jobs WHERE state = 'claimed' AND worker IS NULL"
        ),
        0
    );
    wait_for(LIMIT, || {
        (count(dir.path(), "SELECT count(*) FROM games") > games_before + 2).then_some(())
    });
    drop(server);
    invariant(dir.path());
    // Each upload once, by content.
    assert_eq!(
        count(
            dir.path(),
            "SELECT count(DISTINCT sha256) FROM versions WHERE owner IS NOT NULL"
        ),
        2
    );
    // An upload stored but not yet checked when the process died (its verdict pending) is
    // checked when the server starts again.
    rusqlite::Connection::open(dir.path().join("ladder.sqlite"))
        .unwrap()
        .execute(
            "UPDATE versions SET verdict = 'pending', report = '' WHERE owner IS NOT NULL",
            [],
        )
        .unwrap();
    let server = Server::start(dir.path());
    let q = "SELECT count(*) FROM versions WHERE owner IS NOT NULL AND verdict = 'ready' AND report LIKE '%READY%'";
    wait_for(LIMIT, || (count(dir.path(), q) == 2).then_some(()));
    drop(server);
}

#[test]
fn export_writes_the_tournaments_submissions_and_backup_a_consistent_copy() {
    let dir = course("workers = 1");
    let tokens = tokens(dir.path());
    let server = Server::start(dir.path());
    let out = Command::new(SERVE)
        .args(["submit", "--server", &server.url])
        .arg(bot("greedy"))
        .env("ARENA_TOKEN", &tokens["s1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let export0 = dir.path().join("export0");
    let run = Command::new(SERVE)
        .arg("export")
        .arg(dir.path())
        .arg("--out")
        .arg(&export0)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(String::from_utf8_lossy(&run.stdout).contains("no ready bot from: s2"));
    let tokens_file = dir.path().join("bo.token");
    std::fs::write(&tokens_file, format!("{}\n", tokens["s2"])).unwrap();
    let out = Command::new(SERVE)
        .args(["submit", "--server", &server.url, "--token-file"])
        .arg(&tokens_file)
        .arg(bot("random"))
        .env_remove("ARENA_TOKEN")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let export = dir.path().join("export");
    let run = Command::new(SERVE)
        .arg("export")
        .arg(dir.path())
        .arg("--out")
        .arg(&export)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(!String::from_utf8_lossy(&run.stdout).contains("no ready bot"));
    assert_eq!(
        std::fs::read(export.join("submissions/s1.wasm")).unwrap(),
        std::fs::read(bot("greedy")).unwrap()
    );
    let roster = std::fs::read_to_string(export.join("roster.csv")).unwrap();
    assert_eq!(
        roster,
        "file,student_id,name\ns1.wasm,s1,Ana Lima\ns2.wasm,s2,Bo Chen\n"
    );
    // The graded tournament takes it as it is.
    let t = Command::new(arena())
        .arg("tournament")
        .arg(export.join("submissions"))
        .arg("--roster")
        .arg(export.join("roster.csv"))
        .arg("--out")
        .arg(dir.path().join("results"))
        .args(["--quiet", "--best-of", "1"])
        .env("ARENA_CACHE_DIR", CACHE_DIR)
        .output()
        .unwrap();
    assert!(t.status.success(), "{}", String::from_utf8_lossy(&t.stderr));
    let again = Command::new(SERVE)
        .arg("export")
        .arg(dir.path())
        .arg("--out")
        .arg(&export)
        .output()
        .unwrap();
    assert_eq!(
        again.status.code(),
        Some(2),
        "an existing folder is refused"
    );

    let backup = dir.path().join("backup");
    let b = Command::new(SERVE)
        .arg("backup")
        .arg(dir.path())
        .arg("--out")
        .arg(&backup)
        .output()
        .unwrap();
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let copy = rusqlite::Connection::open(backup.join("ladder.sqlite")).unwrap();
    let n: i64 = copy
        .query_row(
            "SELECT count(*) FROM versions WHERE owner IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(n, 2);
    assert_eq!(
        std::fs::read_dir(backup.join("modules")).unwrap().count(),
        2,
        "greedy and random, stored once each"
    );
    drop(server);
}

#[test]
fn challenges_are_unrated_and_the_instructor_disables_a_bot_and_removes_a_students_data() {
    let dir = course("workers = 1");
    let tokens = tokens(dir.path());
    let server = Server::start(dir.path());
    let mut ana = Client::new(&server.url);
    ana.sign_in(&tokens["s1"]);
    let mut bo = Client::new(&server.url);
    bo.sign_in(&tokens["s2"]);
    let (ca, cb) = (ana.csrf(), bo.csrf());
    assert_eq!(
        ana.upload(
            &[("csrf", &ca)],
            "a.wasm",
            &std::fs::read(bot("greedy")).unwrap()
        )
        .status,
        200
    );
    assert_eq!(
        bo.upload(
            &[("csrf", &cb)],
            "b.wasm",
            &std::fs::read(bot("c_greedy")).unwrap()
        )
        .status,
        200
    );
    let version = |login: &str| -> i64 {
        db(dir.path())
            .query_row(
                "SELECT active_version FROM people WHERE login = ?1",
                [login],
                |r| r.get(0),
            )
            .unwrap()
    };
    let (va, vb) = (version("s1"), version("s2"));

    // Ana challenges Bo: one unrated pair, which Ana and Bo both see.
    let c = ana.post_form(
        "/challenge",
        &[("csrf", &ca), ("opponent", &vb.to_string())],
    );
    assert_eq!(c.status, 303, "{}", c.body);
    let q = "SELECT count(*) FROM games g JOIN jobs j ON j.id = g.job WHERE j.rated = 0";
    wait_for(LIMIT, || (count(dir.path(), q) == 2).then_some(()));
    let unrated: i64 = db(dir.path())
        .query_row(
            "SELECT g.id FROM games g JOIN jobs j ON j.id = g.job WHERE j.rated = 0 LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(ana
        .get(&format!("/games/{unrated}"))
        .body
        .contains("unrated challenge"));
    assert_eq!(bo.get(&format!("/games/{unrated}")).status, 200);
    // A challenge of one's own bot, or of a bot not on the board, is refused.
    assert_eq!(
        ana.post_form(
            "/challenge",
            &[("csrf", &ca), ("opponent", &va.to_string())]
        )
        .status,
        409
    );

    let mut ta = Client::new(&server.url);
    ta.sign_in(&tokens["ta"]);
    let ct = ta.csrf();
    // A student cannot use the instructor's forms, even with their own valid token.
    assert_eq!(
        ana.post_form(
            "/admin/disable",
            &[
                ("csrf", &ca),
                ("version", &vb.to_string()),
                ("disabled", "1")
            ]
        )
        .status,
        404
    );
    assert_eq!(
        ta.post_form(
            "/admin/disable",
            &[
                ("csrf", &ct),
                ("version", &vb.to_string()),
                ("disabled", "1")
            ]
        )
        .status,
        303
    );
    let on_board = |c: &Client, v: i64| {
        c.get("/api/leaderboard")
            .body
            .contains(&format!("\"version\":{v},"))
    };
    assert!(!on_board(&ana, vb) && on_board(&ana, va));
    // Its queued games are dropped, not played: none after the one under way.
    let last = count(dir.path(), "SELECT coalesce(max(id), 0) FROM games");
    wait_for(LIMIT, || {
        (count(dir.path(), "SELECT count(*) FROM games") > last + 6).then_some(())
    });
    let after = format!(
        "SELECT count(*) FROM games WHERE id > {last} + 4 AND (seat1 = {vb} OR seat2 = {vb})"
    );
    assert_eq!(count(dir.path(), &after), 0);

    let bos_files: Vec<String> = {
        let conn = db(dir.path());
        let mut s = conn.prepare("SELECT sha256 FROM versions WHERE owner = (SELECT id FROM people WHERE login = 's2')").unwrap();
        s.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    let bo_id: i64 = db(dir.path())
        .query_row("SELECT id FROM people WHERE login = 's2'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(
        ta.post_form(
            "/admin/remove",
            &[("csrf", &ct), ("person", &bo_id.to_string())]
        )
        .status,
        303
    );
    assert_eq!(count(dir.path(), "SELECT count(*) FROM versions WHERE owner = (SELECT id FROM people WHERE login = 's2')"), 0);
    assert_eq!(
        count(
            dir.path(),
            &format!("SELECT count(*) FROM games WHERE seat1 = {vb} OR seat2 = {vb}")
        ),
        0
    );
    for sha in bos_files {
        assert!(
            !dir.path().join(format!("modules/{sha}.wasm")).exists(),
            "Bo's file is gone"
        );
    }
    // Bo is signed out for good: the session and the token no longer work.
    assert_eq!(bo.get("/me").status, 303);
    assert_eq!(Client::new(&server.url).sign_in(&tokens["s2"]).status, 401);
    drop(server);
}

#[test]
fn arena_serve_and_arena_submit_run_the_ladders_binary() {
    let help = Command::new(arena())
        .args(["serve", "tokens", "--help"])
        .output()
        .unwrap();
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("--base-url") && text.contains("--only"),
        "arena-serve's own help: {text}"
    );
    let submit = Command::new(arena())
        .args(["submit", "--server", "http://127.0.0.1:9"])
        .arg(bot("greedy"))
        .env_remove("ARENA_TOKEN")
        .output()
        .unwrap();
    assert_eq!(submit.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&submit.stderr).contains("no token"),
        "{}",
        String::from_utf8_lossy(&submit.stderr)
    );
    // A course folder with a problem is named with it.
    let dir = course("workers = 0");
    let bad = Command::new(arena())
        .arg("serve")
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("limits.workers = 0"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
