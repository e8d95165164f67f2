//! The pages: the leaderboard, a person's bots and games, a game with its replay, and
//! the instructor's page; and the forms behind them.
//!
//! Who sees what: a student sees the leaderboard (handles, or names when the course
//! says so), their own versions and reports, and the games their own versions played,
//! with their own bots' logs only. Any other id in an address answers 404, as an id that
//! does not exist does. Instructors see everything.

use std::fmt::Write;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::auth::{self, Session};
use super::html::{esc, page, script_json};
use super::{App, Failure, Reply};
use crate::course::Course;
use crate::db;
use crate::ladder::rating::Rating;

/// The report's replay viewer (crates/arena-viewer), served to the game page.
const VIEWER: &[u8] = include_bytes!("../../../../src/output/report/viewer.wasm");
/// The report's style: the viewer's colours.
const REPORT_CSS: &str = include_str!("../../../../src/output/report/page.css");

/// Unwraps a session or returns the redirect to sign in.
macro_rules! signed_in {
    ($app:expr, $headers:expr) => {
        match auth::required(&$app, &$headers).await {
            Ok(s) => s,
            Err(r) => return Ok(r),
        }
    };
}

/// 404 for an id that is not there or not the person's.
fn not_found() -> Failure {
    Failure(StatusCode::NOT_FOUND, "there is no such page".into())
}

/// One line of the leaderboard.
#[derive(Clone, Debug, Serialize)]
pub struct BoardRow {
    /// Place, from 1.
    pub place: usize,
    /// The handle, the full name (instructors, or when the course shows names), or the
    /// reference's name.
    pub name: String,
    /// A reference bot.
    pub reference: bool,
    /// The viewer's own bot.
    pub mine: bool,
    /// The version (for a challenge).
    pub version: i64,
    /// The rating's estimate.
    pub mu: f64,
    /// Its uncertainty.
    pub sigma: f64,
    /// `mu - 3 sigma`, the order.
    pub conservative: f64,
    /// Rated games.
    pub games: i64,
}

/// The leaderboard as `s` sees it, by conservative estimate.
///
/// # Errors
/// The database's.
pub fn board(
    conn: &Connection,
    course: &Course,
    s: &Session,
) -> Result<Vec<BoardRow>, rusqlite::Error> {
    let mut stmt = conn.prepare_cached(
        "SELECT v.id, v.owner, v.reference_name, p.handle, p.name, v.mu, v.sigma, v.games FROM versions v
         LEFT JOIN people p ON p.id = v.owner
         WHERE v.verdict = 'ready' AND v.disabled = 0
           AND (v.owner IS NULL OR (p.active_version = v.id AND p.removed = 0))",
    )?;
    let names = course.show_names || s.instructor();
    let mut rows: Vec<BoardRow> = stmt
        .query_map([], |r| {
            let owner: Option<i64> = r.get(1)?;
            let reference: Option<String> = r.get(2)?;
            let handle: Option<String> = r.get(3)?;
            let full: Option<String> = r.get(4)?;
            let rating = Rating {
                mu: r.get(5)?,
                sigma: r.get(6)?,
            };
            let name = match (reference, names) {
                (Some(n), _) => format!("reference: {n}"),
                (None, true) => format!(
                    "{} ({})",
                    full.unwrap_or_default(),
                    handle.unwrap_or_default()
                ),
                (None, false) => handle.unwrap_or_default(),
            };
            Ok(BoardRow {
                place: 0,
                name,
                reference: owner.is_none(),
                mine: owner == Some(s.person),
                version: r.get(0)?,
                mu: rating.mu,
                sigma: rating.sigma,
                conservative: rating.conservative(),
                games: r.get(7)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    rows.sort_by(|a, b| {
        b.conservative
            .total_cmp(&a.conservative)
            .then(a.version.cmp(&b.version))
    });
    for (i, r) in rows.iter_mut().enumerate() {
        r.place = i + 1;
    }
    Ok(rows)
}

/// `GET /`: the leaderboard, with a challenge button by each bot.
pub async fn leaderboard(State(app): State<Arc<App>>, headers: HeaderMap) -> Reply {
    let s = signed_in!(app, headers);
    let course = Arc::clone(&app.course);
    let s2 = s.clone();
    let rows = app.db(move |conn| Ok(board(conn, &course, &s2)?)).await?;
    let mut body = String::from(
        "<p>Ordered by the conservative estimate (rating − 3 × uncertainty). A challenge plays one unrated pair of games between your active bot and the one you pick.</p>\
<table id=leaderboard><tr><th>#</th><th>Bot</th><th>Rating</th><th>±</th><th>Conservative</th><th>Games</th><th></th></tr>",
    );
    for r in &rows {
        let _ = write!(
            body,
            "<tr{}><td>{}</td><td>{}</td><td>{:.1}</td><td>{:.1}</td><td>{:.1}</td><td>{}</td><td>",
            if r.mine { " class=mine" } else { "" },
            r.place,
            esc(&r.name),
            r.mu,
            r.sigma,
            r.conservative,
            r.games
        );
        if !r.mine {
            let _ = write!(
                body,
                "<form class=inline method=post action=\"/challenge\"><input type=hidden name=csrf value=\"{}\"><input type=hidden name=opponent value={}><button>Challenge</button></form>",
                esc(&s.csrf),
                r.version
            );
        }
        body.push_str("</td></tr>");
    }
    body.push_str("</table>");
    Ok(Html(page("Leaderboard", s.nav(), &body)).into_response())
}

/// `GET /me`: the upload area, the person's versions and handle.
pub async fn me(State(app): State<Arc<App>>, headers: HeaderMap) -> Reply {
    let s = signed_in!(app, headers);
    let person = s.person;
    type V = (i64, String, String, i64, i64, f64, f64);
    let (handle, active, versions): (String, Option<i64>, Vec<V>) = app
        .db(move |conn| {
            let (handle, active) = conn.query_row(
                "SELECT handle, active_version FROM people WHERE id = ?1",
                [person],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let mut stmt = conn.prepare(
                "SELECT id, sha256, verdict, uploaded_at, games, mu, sigma FROM versions WHERE owner = ?1 ORDER BY id DESC",
            )?;
            let v = stmt
                .query_map([person], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)))?
                .collect::<Result<_, _>>()?;
            Ok((handle, active, v))
        })
        .await?;
    let csrf = esc(&s.csrf);
    let mut body = format!(
        "<h2>Upload a bot</h2><form id=upload method=post action=\"/upload\" enctype=\"multipart/form-data\">\
<input type=hidden name=csrf value=\"{csrf}\"><div id=drop>Drop a .wasm, .wat or .py file here, or \
<input type=file name=file id=file accept=\".wasm,.wat,.py\"></div><p><button id=send>Upload and check</button></p></form>\
<script>const d=document.getElementById('drop'),f=document.getElementById('file');\
d.addEventListener('dragover',e=>{{e.preventDefault();d.classList.add('over')}});\
d.addEventListener('dragleave',()=>d.classList.remove('over'));\
d.addEventListener('drop',e=>{{e.preventDefault();d.classList.remove('over');f.files=e.dataTransfer.files;document.getElementById('upload').submit()}});</script>\
<h2>Your handle</h2><form method=post action=\"/handle\"><input type=hidden name=csrf value=\"{csrf}\">\
<input name=handle value=\"{}\" pattern=\"[A-Za-z0-9_-]{{3,24}}\"> <button>Change</button></form>\
<h2>Your versions</h2><table id=versions><tr><th>Version</th><th>sha256</th><th>Verdict</th><th>Rating</th><th>Games</th><th></th></tr>",
        esc(&handle)
    );
    for (id, sha, verdict, _at, games, mu, sigma) in &versions {
        let _ = write!(
            body,
            "<tr><td><a href=\"/versions/{id}\">{id}</a></td><td><code>{}</code></td><td>{}</td><td>{mu:.1} ± {sigma:.1}</td><td>{games}</td><td>",
            esc(&sha[..12]),
            esc(verdict)
        );
        if Some(*id) == active {
            body.push_str("<b>active</b>");
        } else if verdict == "ready" {
            let _ = write!(
                body,
                "<form class=inline method=post action=\"/active\"><input type=hidden name=csrf value=\"{csrf}\"><input type=hidden name=version value={id}><button>Make active</button></form>"
            );
        }
        body.push_str("</td></tr>");
    }
    body.push_str("</table>");
    Ok(Html(page("My bots", s.nav(), &body)).into_response())
}

/// A line of the game list: id, seat 1, seat 2, result, the two scores, the end.
type GameLine = (i64, String, String, String, i64, i64, String);

/// The games `s` may see: of their own versions (instructors: all), newest first.
fn visible_games(
    conn: &Connection,
    s: &Session,
    limit: i64,
) -> Result<Vec<GameLine>, rusqlite::Error> {
    let sql = "SELECT g.id, coalesce(p1.handle, v1.reference_name), coalesce(p2.handle, v2.reference_name), g.result, g.score1, g.score2, g.end_reason
         FROM games g JOIN versions v1 ON v1.id = g.seat1 JOIN versions v2 ON v2.id = g.seat2
         LEFT JOIN people p1 ON p1.id = v1.owner LEFT JOIN people p2 ON p2.id = v2.owner
         WHERE ?1 OR v1.owner = ?2 OR v2.owner = ?2 ORDER BY g.id DESC LIMIT ?3";
    let mut stmt = conn.prepare_cached(sql)?;
    let rows = stmt.query_map(params![s.instructor(), s.person, limit], |r| {
        Ok((
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
            r.get(6)?,
        ))
    })?;
    rows.collect()
}

/// `GET /games`: the person's games.
pub async fn games(State(app): State<Arc<App>>, headers: HeaderMap) -> Reply {
    let s = signed_in!(app, headers);
    let s2 = s.clone();
    let rows = app
        .db(move |conn| Ok(visible_games(conn, &s2, 200)?))
        .await?;
    let mut body = String::from("<table id=games><tr><th>Game</th><th>Seat 1</th><th>Seat 2</th><th>Result</th><th>Score</th><th>End</th></tr>");
    for (id, a, b, result, s1, s2, reason) in &rows {
        let _ = write!(
            body,
            "<tr><td><a href=\"/games/{id}\">{id}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{s1}–{s2}</td><td>{}</td></tr>",
            esc(a),
            esc(b),
            esc(result),
            esc(if reason.is_empty() { "normal" } else { reason })
        );
    }
    body.push_str("</table>");
    Ok(Html(page("My games", s.nav(), &body)).into_response())
}

/// One game as its page shows it.
struct GameView {
    names: [String; 2],
    owners: [Option<i64>; 2],
    result: String,
    scores: [i64; 2],
    reason: String,
    setup: String,
    moves: String,
    logs: [String; 2],
    fuel: [i64; 2],
    board_seed: i64,
    rated: bool,
}

/// `GET /games/{id}`: the replay in the report's viewer, and the logs of the person's
/// own bots (every bot's for instructors).
pub async fn game(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Reply {
    let s = signed_in!(app, headers);
    let id: i64 = id.parse().map_err(|_| not_found())?;
    let g = app
        .db(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT coalesce(p1.handle, v1.reference_name), coalesce(p2.handle, v2.reference_name), v1.owner, v2.owner,
                        g.result, g.score1, g.score2, g.end_reason, g.setup, g.moves, g.log1, g.log2, g.fuel1, g.fuel2, g.board_seed, j.rated
                     FROM games g JOIN versions v1 ON v1.id = g.seat1 JOIN versions v2 ON v2.id = g.seat2
                     JOIN jobs j ON j.id = g.job
                     LEFT JOIN people p1 ON p1.id = v1.owner LEFT JOIN people p2 ON p2.id = v2.owner WHERE g.id = ?1",
                    [id],
                    |r| {
                        Ok(GameView {
                            names: [r.get(0)?, r.get(1)?],
                            owners: [r.get(2)?, r.get(3)?],
                            result: r.get(4)?,
                            scores: [r.get(5)?, r.get(6)?],
                            reason: r.get(7)?,
                            setup: r.get(8)?,
                            moves: r.get(9)?,
                            logs: [r.get(10)?, r.get(11)?],
                            fuel: [r.get(12)?, r.get(13)?],
                            board_seed: r.get(14)?,
                            rated: r.get::<_, i64>(15)? != 0,
                        })
                    },
                )
                .optional()?)
        })
        .await?
        .ok_or_else(not_found)?;
    let mine = |seat: usize| g.owners[seat] == Some(s.person);
    if !s.instructor() && !mine(0) && !mine(1) {
        return Err(not_found());
    }
    let data = serde_json::json!({
        "game": app.course.game_name,
        "setup": g.setup,
        "moves": g.moves,
    });
    let mut body = format!(
        "<p>Seat 1: <b>{}</b> — seat 2: <b>{}</b>. Result {} (score {}–{}){}; {}; board seed {}.</p>",
        esc(&g.names[0]),
        esc(&g.names[1]),
        esc(&g.result),
        g.scores[0],
        g.scores[1],
        if g.reason.is_empty() { String::new() } else { format!(", {}", esc(&g.reason)) },
        if g.rated { "rated" } else { "unrated challenge" },
        g.board_seed as u64
    );
    body.push_str(
        "<div class=controls><button id=prev>◀</button><input type=range id=ply min=0 value=0><button id=next>▶</button> <span id=where></span></div>\
<pre id=board class=board>loading the replay…</pre>",
    );
    for seat in 0..2 {
        if s.instructor() || mine(seat) {
            let _ = write!(
                body,
                "<h2>Log of seat {} ({}), fuel {}</h2><pre class=log id=log{}>{}</pre>",
                seat + 1,
                esc(&g.names[seat]),
                g.fuel[seat],
                seat + 1,
                esc(&g.logs[seat])
            );
        }
    }
    let _ = write!(
        body,
        "<script type=\"application/json\" id=data>{}</script><style>{REPORT_CSS}</style><script>{}</script>",
        script_json(&data),
        VIEWER_JS
    );
    Ok(Html(page(&format!("Game {id}"), s.nav(), &body)).into_response())
}

/// The game page's script: the viewer asked for every position (as report.html asks it),
/// one shown at a time.
const VIEWER_JS: &str = r#"(async () => {
  const D = JSON.parse(document.getElementById("data").textContent);
  const board = document.getElementById("board"), ply = document.getElementById("ply"), where = document.getElementById("where");
  try {
    const bytes = await (await fetch("/viewer.wasm")).arrayBuffer();
    const v = (await WebAssembly.instantiate(bytes, {})).instance.exports;
    const text = "all\n" + D.game + "\n" + D.setup + "\n" + D.moves;
    const request = new TextEncoder().encode(text);
    const at = v.arena_view_input(request.length);
    new Uint8Array(v.memory.buffer, at, request.length).set(request);
    const length = v.arena_view_draw();
    const from = v.arena_view_output();
    const d = JSON.parse(new TextDecoder().decode(new Uint8Array(v.memory.buffer, from, length)));
    if (d.error) { board.textContent = "This replay cannot be drawn: " + d.error; return; }
    ply.max = d.frames.length - 1;
    const show = (k) => {
      board.innerHTML = d.frames[k].map((i) => d.lines[i]).join("\n");
      const m = k > 0 ? d.moves[k - 1] : null;
      where.textContent = "position " + k + " of " + (d.frames.length - 1) + (m ? " — seat " + (m[0] + 1) + ": " + m[1] : "");
      board.dataset.ply = k;
    };
    ply.addEventListener("input", () => show(+ply.value));
    document.getElementById("prev").onclick = () => { ply.value = Math.max(0, +ply.value - 1); show(+ply.value); };
    document.getElementById("next").onclick = () => { ply.value = Math.min(+ply.max, +ply.value + 1); show(+ply.value); };
    show(0);
    board.dataset.drawn = "yes";
  } catch (e) { board.textContent = "The replay viewer failed (" + e + ")"; }
})();"#;

/// `GET /viewer.wasm`.
pub async fn viewer() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/wasm"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        VIEWER,
    )
        .into_response()
}

/// `GET /versions/{id}`: a version's check report (its owner's, or an instructor's).
pub async fn version(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Reply {
    let s = signed_in!(app, headers);
    let id: i64 = id.parse().map_err(|_| not_found())?;
    let v: Option<(Option<i64>, String, String)> = app
        .db(move |conn| {
            Ok(conn
                .query_row(
                    "SELECT owner, verdict, report FROM versions WHERE id = ?1",
                    [id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
                .optional()?)
        })
        .await?;
    let (owner, verdict, report) = v.ok_or_else(not_found)?;
    if !s.instructor() && owner != Some(s.person) {
        return Err(not_found());
    }
    let body = format!(
        "<p>Verdict: <b>{}</b></p><pre id=report>{}</pre>",
        esc(&verdict),
        esc(&report)
    );
    Ok(Html(page(&format!("Version {id}"), s.nav(), &body)).into_response())
}

/// A form naming a version.
#[derive(Deserialize)]
pub struct VersionForm {
    #[serde(default)]
    csrf: String,
    version: i64,
}

/// `POST /active`: makes one of the person's ready versions the active one.
pub async fn set_active(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(f): Form<VersionForm>,
) -> Reply {
    let s = signed_in!(app, headers);
    auth::check_form(&s, &headers, &f.csrf)?;
    let person = s.person;
    let changed = app
        .db(move |conn| {
            Ok(conn.execute(
                "UPDATE people SET active_version = ?2 WHERE id = ?1 AND EXISTS
                 (SELECT 1 FROM versions WHERE id = ?2 AND owner = ?1 AND verdict = 'ready')",
                params![person, f.version],
            )?)
        })
        .await?;
    if changed == 0 {
        return Err(not_found());
    }
    Ok(Redirect::to("/me").into_response())
}

/// The handle form.
#[derive(Deserialize)]
pub struct HandleForm {
    #[serde(default)]
    csrf: String,
    handle: String,
}

/// `POST /handle`: the name the leaderboard shows (3 to 24 letters, digits, `_`, `-`).
pub async fn set_handle(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(f): Form<HandleForm>,
) -> Reply {
    let s = signed_in!(app, headers);
    auth::check_form(&s, &headers, &f.csrf)?;
    let h = f.handle.trim().to_string();
    if !(3..=24).contains(&h.len())
        || !h
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(Failure(
            StatusCode::BAD_REQUEST,
            "a handle is 3 to 24 letters, digits, _ or -".into(),
        ));
    }
    let person = s.person;
    let taken = app
        .db(move |conn| {
            let r = conn.execute(
                "UPDATE people SET handle = ?2 WHERE id = ?1",
                params![person, h],
            );
            match r {
                Ok(_) => Ok(false),
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::ConstraintViolation =>
                {
                    Ok(true)
                }
                Err(e) => Err(e.into()),
            }
        })
        .await?;
    if taken {
        return Err(Failure(StatusCode::CONFLICT, "that handle is taken".into()));
    }
    Ok(Redirect::to("/me").into_response())
}

/// The challenge form.
#[derive(Deserialize)]
pub struct ChallengeForm {
    #[serde(default)]
    csrf: String,
    opponent: i64,
}

/// `POST /challenge`: one unrated pair of games between the person's active bot and an
/// active bot of the leaderboard, played before the rated queue.
pub async fn challenge(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(f): Form<ChallengeForm>,
) -> Reply {
    let s = signed_in!(app, headers);
    auth::check_form(&s, &headers, &f.csrf)?;
    let person = s.person;
    let queued = app
        .db(move |conn| {
            let mine: Option<i64> = conn
                .query_row("SELECT active_version FROM people WHERE id = ?1", [person], |r| r.get(0))?;
            let Some(mine) = mine else { return Ok(Err("you have no active bot yet")) };
            let active = crate::ladder::matchmaking::entrants(conn).map_err(Failure::from)?;
            if !active.iter().any(|e| e.version == f.opponent && e.owner != Some(person)) {
                return Ok(Err("that bot is not on the leaderboard"));
            }
            let open: i64 = conn.query_row(
                "SELECT count(*) FROM jobs j JOIN versions v ON v.id = j.a WHERE v.owner = ?1 AND j.rated = 0 AND j.state IN ('queued','claimed')",
                [person],
                |r| r.get(0),
            )?;
            if open >= 3 {
                return Ok(Err("three of your challenges are waiting already"));
            }
            conn.execute(
                "INSERT INTO jobs (a, b, rated, created_at) VALUES (?1, ?2, 0, ?3)",
                params![mine, f.opponent, db::now()],
            )?;
            Ok(Ok(()))
        })
        .await?;
    queued.map_err(|why| Failure(StatusCode::CONFLICT, why.into()))?;
    Ok(Redirect::to("/games").into_response())
}

/// Refuses anyone but an instructor (404, as for a page that is not there).
fn instructor_only(s: &Session) -> Result<(), Failure> {
    if s.instructor() {
        Ok(())
    } else {
        Err(not_found())
    }
}

/// `GET /admin`: every person with full name, their versions, and the forms to disable
/// a version or remove a student's data.
pub async fn admin(State(app): State<Arc<App>>, headers: HeaderMap) -> Reply {
    let s = signed_in!(app, headers);
    instructor_only(&s)?;
    type Row = (
        i64,
        String,
        String,
        String,
        String,
        Option<i64>,
        Option<i64>,
        Option<String>,
        Option<i64>,
        Option<i64>,
    );
    let rows: Vec<Row> = app
        .db(|conn| {
            let mut stmt = conn.prepare(
                "SELECT p.id, p.login, p.name, p.handle, p.role, p.active_version, v.id, v.verdict, v.disabled, v.games
                 FROM people p LEFT JOIN versions v ON v.owner = p.id WHERE p.removed = 0 ORDER BY p.login, v.id",
            )?;
            let rows = stmt
                .query_map([], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?))
                })?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
        .await?;
    let csrf = esc(&s.csrf);
    let mut body = String::from("<table id=people><tr><th>Id</th><th>Name</th><th>Handle</th><th>Role</th><th>Version</th><th>Verdict</th><th>Games</th><th></th></tr>");
    let mut last = None;
    for (pid, login, name, handle, role, active, v, verdict, disabled, games) in &rows {
        let first = last != Some(*pid);
        last = Some(*pid);
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td>",
            if first { esc(login) } else { String::new() },
            if first { esc(name) } else { String::new() },
            if first { esc(handle) } else { String::new() },
            if first { esc(role) } else { String::new() },
        );
        match v {
            Some(v) => {
                let _ = write!(
                    body,
                    "<td><a href=\"/versions/{v}\">{v}</a>{}</td><td>{}{}</td><td>{}</td><td>\
<form class=inline method=post action=\"/admin/disable\"><input type=hidden name=csrf value=\"{csrf}\"><input type=hidden name=version value={v}>\
<input type=hidden name=disabled value={}><button>{}</button></form>",
                    if *active == Some(*v) { " (active)" } else { "" },
                    esc(verdict.as_deref().unwrap_or("")),
                    if *disabled == Some(1) { ", disabled" } else { "" },
                    games.unwrap_or(0),
                    if *disabled == Some(1) { 0 } else { 1 },
                    if *disabled == Some(1) { "Enable" } else { "Disable" },
                );
            }
            None => body.push_str("<td></td><td></td><td></td><td>"),
        }
        if first && role == "student" {
            let _ = write!(
                body,
                " <form class=inline method=post action=\"/admin/remove\" onsubmit=\"return confirm('Remove every upload and game of {0}?')\">\
<input type=hidden name=csrf value=\"{csrf}\"><input type=hidden name=person value={pid}><button>Remove data</button></form>",
                esc(login)
            );
        }
        body.push_str("</td></tr>");
    }
    body.push_str("</table>");
    Ok(Html(page("Instructor", s.nav(), &body)).into_response())
}

/// The disable form.
#[derive(Deserialize)]
pub struct DisableForm {
    #[serde(default)]
    csrf: String,
    version: i64,
    disabled: i64,
}

/// `POST /admin/disable`: takes a version off the ladder (or puts it back).
pub async fn disable(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(f): Form<DisableForm>,
) -> Reply {
    let s = signed_in!(app, headers);
    instructor_only(&s)?;
    auth::check_form(&s, &headers, &f.csrf)?;
    let n = app
        .db(move |conn| {
            Ok(conn.execute(
                "UPDATE versions SET disabled = ?2 WHERE id = ?1",
                params![f.version, i64::from(f.disabled != 0)],
            )?)
        })
        .await?;
    if n == 0 {
        return Err(not_found());
    }
    Ok(Redirect::to("/admin").into_response())
}

/// The remove form.
#[derive(Deserialize)]
pub struct RemoveForm {
    #[serde(default)]
    csrf: String,
    person: i64,
}

/// `POST /admin/remove`: deletes a student's versions, games, queued jobs, uploads and
/// sessions, and their stored files no one else's version holds; their roster line
/// stays (marked removed, with no token).
pub async fn remove(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Form(f): Form<RemoveForm>,
) -> Reply {
    let s = signed_in!(app, headers);
    instructor_only(&s)?;
    auth::check_form(&s, &headers, &f.csrf)?;
    let course = Arc::clone(&app.course);
    let removed = app
        .db(move |conn| Ok(crate::remove::student(conn, &course, f.person)?))
        .await?;
    if !removed {
        return Err(not_found());
    }
    Ok(Redirect::to("/admin").into_response())
}
