//! `report.html`: the results page, one self-contained file (inline CSS, script, SVG and
//! WebAssembly; no network), and the replay viewer inside it.
//!
//! The tables' data is always embedded. A replay is embedded as its setup, moves and logs
//! (see [`checked`]), re-played under the rules first; the browser draws its positions
//! when it is opened, with the games' own drawing code built to WebAssembly
//! (`viewer.wasm`, from `crates/arena-viewer`, embedded in base64: see [`VIEWER`]).
//! Replays are embedded for as many games as fit [`INLINE_BYTES`]; further games go to
//! sidecar files `report/replays/partNNNN.js` (at most [`SIDECAR_BYTES`] each, see
//! [`sidecar_name`]) that the page loads with a `<script>` tag when one is picked (which
//! works from `file://`). Games with a fault come first, then game-id order. The page
//! stays a few megabytes whatever the field (documented in `docs/RESULTS.md`).

pub mod checked;
pub mod data;
pub mod grading;
mod replay_json;
pub mod table;
mod variant;

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use arena_games::registry::find_table_game;
use rayon::prelude::*;
use serde::Serialize;

use super::grades_csv::Unplayable;
use super::manifest::Manifest;
use super::{atomic, replay_store, OutputError};
use crate::grading::bands::Bands;
use crate::grading::roster::Roster;
use crate::ratings::FieldRatings;
use crate::record::{EndKind, GameRow, ResultCode};
use crate::standings::{SeriesOutcome, Standing};
use variant::Variant;

/// The file name inside the results folder.
pub const FILE: &str = "report.html";

/// The folder of the sidecar replay files, inside the results folder.
pub const SIDECAR_DIR: &str = "report/replays";

/// The version of the page's embedded data (2: each replay carries its setup and moves,
/// a move as an array, and no drawn positions, which the viewer draws).
pub const VERSION: u32 = 2;

/// The most bytes of replays embedded in `report.html` itself.
pub const INLINE_BYTES: usize = 3 << 20;

/// The name of sidecar file `k` in [`SIDECAR_DIR`].
pub fn sidecar_name(k: u32) -> String {
    format!("part{k:04}.js")
}

/// The most bytes of replays in one sidecar file.
pub const SIDECAR_BYTES: usize = 2 << 20;

/// The replay viewer: `viewer.wasm` (arena-view built to WebAssembly by `bots/build.sh`)
/// in base64 (by `build.rs`), as the page's `arena-viewer` element holds it.
pub const VIEWER: &str = include_str!(concat!(env!("OUT_DIR"), "/viewer.b64"));

const TEMPLATE: &str = include_str!("page.html");
const CSS: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The typed results a report is drawn from.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    /// The run's manifest.
    pub manifest: &'a Manifest,
    /// The ranked standings.
    pub standings: &'a [Standing],
    /// Every series.
    pub series: &'a [SeriesOutcome],
    /// The bots in schedule order.
    pub names: &'a [String],
    /// Every game, in game-id order.
    pub rows: &'a [GameRow],
    /// The roster, if the run has one.
    pub roster: Option<&'a Roster>,
    /// The grade bands, if given.
    pub bands: Option<&'a Bands>,
    /// The skipped entries of each roster student with no module in the field.
    pub unplayable: &'a Unplayable,
    /// Every game's replay.
    pub store: &'a replay_store::Store,
    /// The ratings, if the games were rated (the page shows the first-move advantage and
    /// draw parameter).
    pub ratings: Option<&'a FieldRatings>,
}

/// What a written report holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Bytes of `report.html`.
    pub html_bytes: usize,
    /// Games whose replays are inside `report.html`.
    pub inline: usize,
    /// Sidecar files written.
    pub sidecars: usize,
}

/// One game's replay as the viewer receives it: its own fields, followed in the JSON by
/// its checked moves' ([`replay_json::view_json`]).
#[derive(Serialize)]
struct ReplayView<'a> {
    id: u64,
    bots: &'a [String; 2],
    board_seed: u64,
    bot_seeds: [u64; 2],
    result: ResultCode,
    end: EndKind,
    culprit: Option<u8>,
    reason: &'a str,
    scores: [i64; 2],
}

/// The command that shows a recorded game in the terminal, move by move, `{id}` standing
/// for the game. The page names no path, so that it is the same wherever the folder is.
const REPLAY_COMMAND: &str = "arena replay RESULTS_DIR {id} --step";

/// JSON safe inside a `<script>` element: `<` escaped, so that no string can close it.
fn script_json(value: &impl Serialize) -> String {
    String::from_utf8(script_json_bytes(value, 4096)).expect("serde_json writes UTF-8")
}

/// [`script_json`] as bytes, in a buffer of at least `capacity` bytes.
fn script_json_bytes(value: &impl Serialize, capacity: usize) -> Vec<u8> {
    let mut out = serde_json::Serializer::with_formatter(Vec::with_capacity(capacity), ScriptSafe);
    value
        .serialize(&mut out)
        .expect("report data always serialises");
    out.into_inner()
}

/// serde_json's compact output with `<` written as the escape `\u003c` inside strings
/// (the only place JSON text can hold a `<`), as the text is produced: the JSON is never
/// copied a second time to replace it.
struct ScriptSafe;

impl serde_json::ser::Formatter for ScriptSafe {
    fn write_string_fragment<W>(&mut self, writer: &mut W, fragment: &str) -> std::io::Result<()>
    where
        W: ?Sized + std::io::Write,
    {
        // A byte loop: fragments are short (serde_json cuts strings at every quote), so
        // a search's set-up would cost more than the scan.
        let mut rest = fragment.as_bytes();
        while let Some(at) = rest.iter().position(|&b| b == b'<') {
            writer.write_all(&rest[..at])?;
            writer.write_all(b"\\u003c")?;
            rest = &rest[at + 1..];
        }
        writer.write_all(rest)
    }
}

/// The template with each `{{KEY}}` replaced by its value, as the pieces of the page in
/// order (slices of the template and of the values, never copied); only the template is
/// scanned, never the values (which hold bot names and output).
fn fill<'a>(template: &'a str, values: &[(&str, &'a str)]) -> Vec<&'a str> {
    let mut out = Vec::with_capacity(2 * values.len() + 1);
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push(&rest[..at]);
        let after = &rest[at + 2..];
        match after.find("}}").map(|end| (&after[..end], end)) {
            Some((key, end)) if values.iter().any(|v| v.0 == key) => {
                out.push(values.iter().find(|v| v.0 == key).map_or("", |v| v.1));
                rest = &after[end + 2..];
            }
            _ => {
                out.push("{{");
                rest = after;
            }
        }
    }
    out.push(rest);
    out
}

/// Every game, in the order their replays are placed: faults first (inline while room
/// lasts), then by game id.
fn chosen(rows: &[GameRow]) -> Vec<u64> {
    let faulted = rows.iter().filter(|r| r.culprit.is_some());
    let clean = rows.iter().filter(|r| r.culprit.is_none());
    faulted.chain(clean).map(|r| r.game_id).collect()
}

/// The first-move advantage and draw parameter, as `ratings_model.csv` has them (none
/// without ratings).
fn model(ratings: Option<&FieldRatings>) -> Vec<(String, [String; 3])> {
    ratings.map_or_else(Vec::new, |r| {
        super::ratings_csv::model_rows(r)
            .into_iter()
            .map(|(name, cells)| (name.to_string(), cells))
            .collect()
    })
}

/// Games whose replays are turned into the viewer's JSON at once (in parallel) before
/// they are placed: the page's memory stays a few batches whatever the number of games.
const BATCH: usize = 256;

/// Every game's replay as the viewer's JSON, placed in the order of `ids` ([`Placer`]):
/// `view` turns a game's stored replay into it, or says why it cannot (the page then
/// shows the reason), or finds the folder damaged.
///
/// Before anything is written, every replay must be of `game` ([`check_games`]), so
/// that a damaged folder leaves its earlier page, sidecar files included, as it was.
///
/// # Errors
/// [`OutputError`] when the replay store lacks the record of a game in `ids`, holds a
/// replay of another game, or `view` finds a replay that no page can show (a damaged or
/// missing store is never drawn around: the folder needs repair, not a page); of
/// several, the first in the order of `ids`, whatever the threads. Also when a sidecar
/// file cannot be written.
fn place_replays<F>(
    dir: &Path,
    store: &replay_store::Store,
    ids: &[u64],
    game: &str,
    view: F,
) -> Result<Placed, OutputError>
where
    F: Fn(&replay_store::Store, u64) -> Result<Result<String, String>, OutputError> + Sync,
{
    store.require(dir, ids.iter().copied())?;
    check_games(dir, store, ids, game)?;
    let mut placer = Placer::new(dir)?;
    let mut batch = Vec::with_capacity(BATCH);
    for ids in ids.chunks(BATCH) {
        ids.par_iter()
            .map(|&id| view(store, id))
            .collect_into_vec(&mut batch);
        for (&id, json) in ids.iter().zip(batch.drain(..)) {
            let json =
                json?.unwrap_or_else(|e| script_json(&serde_json::json!({"id": id, "error": e})));
            placer.push(id, &json)?;
        }
    }
    placer.finish()
}

/// The game a stored replay names: its last `game` line, as [`Replay::parse`] and
/// [`TableReplay::parse`] read it (empty without one).
///
/// [`Replay::parse`]: crate::output::replay::Replay::parse
/// [`TableReplay::parse`]: crate::output::table_replay::TableReplay::parse
fn named_game(text: &str) -> &str {
    text.lines()
        .rev()
        .find_map(|line| {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            (key == "game").then_some(rest)
        })
        .unwrap_or("")
}

/// Checks that every replay in `ids` is of `game`.
///
/// # Errors
/// [`same_game`]'s, for the first replay in the order of `ids` of another game.
fn check_games(
    dir: &Path,
    store: &replay_store::Store,
    ids: &[u64],
    game: &str,
) -> Result<(), OutputError> {
    // One record read at a time per thread: the store is never read whole.
    let named = |id: u64| -> Result<Option<String>, OutputError> {
        Ok(store.text(id)?.map(|text| named_game(&text).to_string()))
    };
    let first = ids
        .par_iter()
        .map(|&id| (id, named(id)))
        .find_first(|(_, named)| match named {
            Ok(Some(named)) => named != game,
            Ok(None) => false,
            Err(_) => true,
        });
    match first {
        Some((id, named)) => same_game(dir, id, &named?.unwrap_or_default(), game),
        None => Ok(()),
    }
}

/// Checks that game `id`'s replay is of the tournament's game: a replay of another game
/// (a `tournament.json` naming another game than the folder's replays) is damage, never
/// a page of replays that cannot be shown.
///
/// # Errors
/// [`OutputError`] naming the store, the game and both names.
fn same_game(dir: &Path, id: u64, replay_game: &str, game: &str) -> Result<(), OutputError> {
    if replay_game == game {
        return Ok(());
    }
    Err(OutputError::corrupt(
        &replay_store::path(dir),
        format!(
            "game {id}: the replay is of `{replay_game}`, but {} names `{game}` \
             (the results folder is damaged)",
            super::manifest::FILE
        ),
    ))
}

/// Where every game's replay went: the page's inline `<script>` elements, and per game
/// 1 (inline) or 2 + k (sidecar file k).
struct Placed {
    inline: String,
    at: HashMap<u64, u32>,
    sidecars: u32,
}

/// Places games' JSON, in the order given, inline while the page has room, then in
/// sidecar files of at most [`SIDECAR_BYTES`] each (replacing earlier ones), which the
/// page loads with a `<script>` element when one of their games is picked.
struct Placer {
    sidecar_dir: std::path::PathBuf,
    placed: Placed,
    chunk: String,
}

impl Placer {
    /// A placer for the page of `dir`: removes the sidecar files of an earlier page.
    fn new(dir: &Path) -> Result<Placer, OutputError> {
        let sidecar_dir = dir.join(SIDECAR_DIR);
        if sidecar_dir.exists() {
            fs::remove_dir_all(&sidecar_dir).map_err(|e| OutputError::io(&sidecar_dir, e))?;
            // `report/` too when the sidecars were all it held (`remove_dir` removes only
            // an empty folder): a page without sidecars leaves no empty folder behind.
            if let Some(parent) = sidecar_dir.parent() {
                let _ = fs::remove_dir(parent);
            }
        }
        Ok(Placer {
            sidecar_dir,
            // Both hold up to their bound (one game may overflow it): reserved once
            // rather than grown by copying (a page of the reserve never written is never
            // touched).
            placed: Placed {
                inline: String::with_capacity(INLINE_BYTES),
                at: HashMap::new(),
                sidecars: 0,
            },
            chunk: String::with_capacity(SIDECAR_BYTES),
        })
    }

    /// Places game `id`'s JSON after the games placed before it.
    fn push(&mut self, id: u64, json: &str) -> Result<(), OutputError> {
        let placed = &mut self.placed;
        if placed.sidecars == 0
            && self.chunk.is_empty()
            && placed.inline.len() + json.len() <= INLINE_BYTES
        {
            placed
                .inline
                .push_str("<script type=\"application/json\" id=\"replay-");
            placed.inline.push_str(&id.to_string());
            placed.inline.push_str("\">");
            placed.inline.push_str(json);
            placed.inline.push_str("</script>\n");
            placed.at.insert(id, 1);
            return Ok(());
        }
        if !self.chunk.is_empty() && self.chunk.len() + json.len() > SIDECAR_BYTES {
            self.flush()?;
        }
        self.chunk.push_str("arenaReplay(");
        self.chunk.push_str(json);
        self.chunk.push_str(");\n");
        self.placed.at.insert(id, 2 + self.placed.sidecars);
        Ok(())
    }

    /// Writes the sidecar file being filled, if it holds a game.
    fn flush(&mut self) -> Result<(), OutputError> {
        if self.chunk.is_empty() {
            return Ok(());
        }
        if self.placed.sidecars == 0 {
            fs::create_dir_all(&self.sidecar_dir)
                .map_err(|e| OutputError::io(&self.sidecar_dir, e))?;
        }
        let path = self.sidecar_dir.join(sidecar_name(self.placed.sidecars));
        atomic::write_fast(&path, self.chunk.as_bytes())?;
        self.chunk.clear();
        self.placed.sidecars += 1;
        Ok(())
    }

    /// Writes the last sidecar file; returns where every game went.
    fn finish(mut self) -> Result<Placed, OutputError> {
        self.flush()?;
        Ok(self.placed)
    }
}

impl Placed {
    /// Where game `id`'s replay is: 0 nowhere, 1 inline, 2 + k in sidecar file k.
    fn of(&self, id: u64) -> u32 {
        self.at.get(&id).copied().unwrap_or(0)
    }
}

/// Writes `dir/report.html` (atomically): `variant`'s page with `data`, the placed
/// replays and the grading piece (empty without a roster: [`grading::piece`]).
fn write_page(
    dir: &Path,
    variant: Variant,
    manifest: &Manifest,
    data: &impl Serialize,
    placed: &Placed,
    grading: &str,
) -> Result<Written, OutputError> {
    let title = format!(
        "arena: {} tournament, seed {}",
        manifest.game, manifest.seed
    );
    let mut title_html = String::new();
    for c in title.chars() {
        match c {
            '<' => title_html.push_str("&lt;"),
            '&' => title_html.push_str("&amp;"),
            c => title_html.push(c),
        }
    }
    let (template, css, script) = (
        variant::select(TEMPLATE, variant),
        variant::select(CSS, variant),
        variant::select(SCRIPT, variant),
    );
    let data = script_json(data);
    let pieces = fill(
        &template,
        &[
            ("TITLE", &title_html),
            ("CSS", &css),
            ("SCRIPT", &script),
            ("DATA", &data),
            ("REPLAYS", &placed.inline),
            ("VIEWER", VIEWER),
            ("GRADING", grading),
        ],
    );
    let parts: Vec<&[u8]> = pieces.iter().map(|p| p.as_bytes()).collect();
    atomic::write_parts(&dir.join(FILE), &parts)?;
    Ok(Written {
        html_bytes: pieces.iter().map(|p| p.len()).sum(),
        inline: placed.at.values().filter(|&&k| k == 1).count(),
        sidecars: placed.sidecars as usize,
    })
}

/// Writes `dir/report.html` (atomically) and its sidecar replays, replacing any earlier
/// ones.
///
/// # Errors
/// [`OutputError`] when a file cannot be written, or the replay store cannot be read or
/// holds a replay of another game. A replay that cannot be read or does not re-check is
/// shown in the page with the reason instead of its replay.
pub fn write(dir: &Path, input: &Input<'_>) -> Result<Written, OutputError> {
    let kind = find_table_game(&input.manifest.game)
        .map_err(|e| OutputError::corrupt(&dir.join(super::manifest::FILE), e.to_string()))?;
    let game = &input.manifest.game;
    let placed = place_replays(dir, input.store, &chosen(input.rows), game, |store, id| {
        let r = match store.replay(dir, id) {
            Ok(r) => r,
            Err(e) => return Ok(Err(e.to_string())),
        };
        same_game(dir, id, &r.game, game)?;
        let checked = match checked::checked(kind, &r) {
            Ok(c) => c,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let view = ReplayView {
            id,
            bots: &r.bots,
            board_seed: r.board_seed,
            bot_seeds: r.bot_seeds,
            result: r.result,
            end: r.end,
            culprit: r.culprit.map(|p| p.number()),
            reason: &r.reason,
            scores: r.scores,
        };
        Ok(Ok(replay_json::view_json(&view, &checked)))
    })?;
    let mut data = data::page_data(input, model(input.ratings), |id| placed.of(id));
    data.replay_command = REPLAY_COMMAND.to_string();
    let ranked: Vec<grading::Ranked> = input
        .standings
        .iter()
        .map(|s| grading::Ranked {
            bot: &s.name,
            reference: s.reference,
            rank: s.rank,
            status: s.status(),
            graded: input
                .bands
                .map(|b| super::grades_csv::graded_of(b, s, input.standings)),
        })
        .collect();
    let grading = grading::piece(
        &ranked,
        input.roster,
        input.bands,
        input.unplayable,
        &input.manifest.skipped,
    );
    write_page(dir, Variant::Pair, input.manifest, &data, &placed, &grading)
}

/// `report.html`: the results page, written with the other summary outputs.
pub struct ReportHtml;

impl super::SummaryWriter for ReportHtml {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        let manifest = Manifest::read(dir)?.ok_or_else(|| {
            OutputError::corrupt(
                &dir.join(super::manifest::FILE),
                "missing: not a results folder",
            )
        })?;
        let input = Input {
            manifest: &manifest,
            standings: results.standings,
            series: results.series,
            names: results.names,
            rows: results.rows,
            roster: results.roster,
            bands: results.bands,
            unplayable: results.unplayable,
            store: results.store,
            ratings: results.ratings,
        };
        write(dir, &input).map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of every size, more than a few batches of them: each lands inline while
    /// the page has room, then in sidecar files of at most `SIDECAR_BYTES`, in order, and
    /// a game that cannot be viewed is placed with its reason.
    /// A replay of another game anywhere among the games stops the page before any
    /// sidecar file is touched, naming the first such game in placement order.
    #[test]
    fn a_replay_of_another_game_stops_the_page_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let sidecars = dir.path().join(SIDECAR_DIR);
        fs::create_dir_all(&sidecars).unwrap();
        fs::write(sidecars.join(sidecar_name(0)), "earlier").unwrap();
        let mut store = replay_store::Store::default();
        let ids: Vec<u64> = (1..=2 * BATCH as u64).collect();
        for &id in &ids {
            let game = if id % 100 == 77 { "tictactoe" } else { "nim" };
            store.insert(id, format!("game nim\ngame {game}\ngame_id {id}\n"));
        }
        let e = place_replays(dir.path(), &store, &ids, "nim", |_, _| Ok(Ok("{}".into())))
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("game 77: the replay is of `tictactoe`"), "{e}");
        assert_eq!(
            fs::read_to_string(sidecars.join(sidecar_name(0))).unwrap(),
            "earlier"
        );
    }

    #[test]
    fn a_page_without_sidecars_leaves_no_empty_report_folder() {
        let dir = tempfile::tempdir().unwrap();
        let sidecars = dir.path().join(SIDECAR_DIR);
        fs::create_dir_all(&sidecars).unwrap();
        fs::write(sidecars.join(sidecar_name(0)), "earlier").unwrap();
        let mut store = replay_store::Store::default();
        store.insert(1, "game nim\ngame_id 1\n".to_string());
        let placed =
            place_replays(dir.path(), &store, &[1], "nim", |_, _| Ok(Ok("{}".into()))).unwrap();
        assert_eq!((placed.of(1), placed.sidecars), (1, 0));
        assert!(!dir.path().join("report").exists());
        // A folder of the user's own inside `report/` is left, and so is `report/`.
        fs::create_dir_all(dir.path().join("report/notes")).unwrap();
        fs::create_dir_all(&sidecars).unwrap();
        place_replays(dir.path(), &store, &[1], "nim", |_, _| Ok(Ok("{}".into()))).unwrap();
        assert!(dir.path().join("report/notes").is_dir());
        assert!(!sidecars.exists());
    }

    #[test]
    fn replays_are_placed_in_order_inline_then_in_bounded_sidecars() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = replay_store::Store::default();
        let ids: Vec<u64> = (1..=3 * BATCH as u64 + 7).collect();
        for &id in &ids {
            store.insert(id, format!("game nim\ngame_id {id}\n"));
        }
        // Sizes from a few bytes to 40 KB, so that both limits are reached.
        let json = |id: u64| {
            format!(
                "{{\"id\":{id},\"pad\":\"{}\"}}",
                "x".repeat((id as usize * 7919) % 40_000)
            )
        };
        let placed = place_replays(dir.path(), &store, &ids, "nim", |store, id| {
            assert!(store.contains(id));
            if id == 5 {
                return Ok(Err("cannot be drawn".into()));
            }
            Ok(Ok(json(id)))
        })
        .unwrap();
        // The same placement, worked out here one game at a time.
        let (mut inline, mut files, mut chunk) =
            (String::new(), Vec::<String>::new(), String::new());
        for &id in &ids {
            let j = if id == 5 {
                script_json(&serde_json::json!({"id": 5, "error": "cannot be drawn"}))
            } else {
                json(id)
            };
            if files.is_empty() && chunk.is_empty() && inline.len() + j.len() <= INLINE_BYTES {
                inline.push_str(&format!(
                    "<script type=\"application/json\" id=\"replay-{id}\">{j}</script>\n"
                ));
                assert_eq!(placed.of(id), 1);
                continue;
            }
            if !chunk.is_empty() && chunk.len() + j.len() > SIDECAR_BYTES {
                files.push(std::mem::take(&mut chunk));
            }
            chunk.push_str(&format!("arenaReplay({j});\n"));
            assert_eq!(placed.of(id), 2 + files.len() as u32, "game {id}");
        }
        files.push(chunk);
        assert_eq!(placed.inline, inline);
        assert!(files.len() >= 2, "the test reaches the sidecars");
        assert_eq!(placed.sidecars as usize, files.len());
        for (k, expected) in files.iter().enumerate() {
            let path = dir.path().join(SIDECAR_DIR).join(sidecar_name(k as u32));
            let written = fs::read_to_string(path).unwrap();
            assert!(written.len() <= SIDECAR_BYTES);
            assert_eq!(&written, expected, "sidecar {k}");
        }
    }

    #[test]
    fn script_json_escapes_every_lt_and_nothing_else() {
        let value = serde_json::json!({
            "a<b": ["</script>", "<<", "x\"<\u{1}", 1.5, null],
            "plain": "é > & \\",
        });
        let old = serde_json::to_string(&value)
            .unwrap()
            .replace('<', "\\u003c");
        assert_eq!(script_json(&value), old);
        assert!(!script_json(&value).contains('<'));
    }

    #[test]
    fn fill_gives_the_page_in_pieces_and_never_scans_a_value() {
        let template = "<h1>{{TITLE}}</h1>{{NOPE}}{{DATA}}{{ end";
        let pieces = fill(template, &[("TITLE", "{{DATA}}"), ("DATA", "[1]")]);
        assert_eq!(pieces.concat(), "<h1>{{DATA}}</h1>{{NOPE}}[1]{{ end");
    }
}
