//! The analysis as JSON, for programs:
//!
//! ```json
//! {"game": "kalah", "position": "...", "depth": 3, "seed": 0, "nodes": 259,
//!  "seat": 1, "value": 2, "value_text": "+2",
//!  "principal_variation": [{"move": 3, "text": "4"}, ...],
//!  "root": {"move": null, "text": null, "to_move": 1, "value": 2, "value_text": "+2",
//!           "best": false, "pv": true, "end": null, "children": [...]}}
//! ```
//! Seats are numbered from 1; `value` is for `seat`, the player to move at the root (a
//! finished game's value is near ±2^62: `value_text` says `win-3`, `loss+4`); `end` is
//! `1-0`, `0-1` or `1/2-1/2` where a two-seat game is over.
//!
//! A max^n tree (every game but the two-seat games of the `Game` model) adds
//! `"search": "maxn"` and `"seats"` at the top, and to every node `values` and
//! `values_text` (every seat's value, by seat: `ranks+2-3`) and, where the game is over,
//! `ranks` and `scores` by seat (`end` is then `1-0`, `0-1` or `1/2-1/2` for two seats,
//! otherwise `null`).

use arena_games::{Outcome, Player};
use serde::Serialize;

use super::{outcome, Analysis, Node, Search};

#[derive(Serialize)]
struct Move<'a> {
    #[serde(rename = "move")]
    raw: i32,
    text: &'a str,
}

#[derive(Serialize)]
struct JsonNode<'a> {
    #[serde(rename = "move")]
    raw: Option<i32>,
    text: Option<&'a str>,
    to_move: u8,
    value: i64,
    value_text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<&'a [i64]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    values_text: Option<Vec<String>>,
    best: bool,
    pv: bool,
    end: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ranks: Option<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<Vec<String>>,
    children: Vec<JsonNode<'a>>,
}

#[derive(Serialize)]
struct JsonAnalysis<'a> {
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seats: Option<u8>,
    position: &'a str,
    depth: u32,
    seed: u64,
    nodes: usize,
    seat: u8,
    value: i64,
    value_text: String,
    principal_variation: Vec<Move<'a>>,
    root: JsonNode<'a>,
}

fn end(outcome: Option<Outcome>) -> Option<&'static str> {
    outcome.map(|o| match o {
        Outcome::Win(Player::First) => "1-0",
        Outcome::Win(Player::Second) => "0-1",
        Outcome::Draw => "1/2-1/2",
    })
}

fn node<'a>(a: &Analysis, n: &'a Node) -> JsonNode<'a> {
    let maxn = a.search == Search::MaxN;
    let results = n.end.as_deref();
    JsonNode {
        raw: n.mv.as_ref().map(|(raw, _)| *raw),
        text: n.mv.as_ref().map(|(_, text)| text.as_str()),
        to_move: n.to_move.number(),
        value: n.value,
        value_text: a.value_text(n.value),
        values: maxn.then_some(n.values.as_slice()),
        values_text: maxn.then(|| n.values.iter().map(|&v| a.value_text(v)).collect()),
        best: n.best,
        pv: n.pv,
        end: end(results.and_then(outcome)),
        ranks: results
            .filter(|_| maxn)
            .map(|r| r.iter().map(|s| s.rank).collect()),
        scores: results
            .filter(|_| maxn)
            .map(|r| r.iter().map(|s| s.score.to_string()).collect()),
        children: n.children.iter().map(|c| node(a, c)).collect(),
    }
}

/// The analysis as one JSON document (pretty-printed, newline-terminated).
pub fn render(analysis: &Analysis) -> String {
    let maxn = analysis.search == Search::MaxN;
    let doc = JsonAnalysis {
        game: analysis.game,
        search: maxn.then_some("maxn"),
        seats: maxn.then_some(analysis.seats),
        position: &analysis.position,
        depth: analysis.depth,
        seed: analysis.seed,
        nodes: analysis.nodes,
        seat: analysis.seat().number(),
        value: analysis.value(),
        value_text: analysis.value_text(analysis.value()),
        principal_variation: analysis
            .principal_variation()
            .into_iter()
            .map(|(raw, text)| Move { raw: *raw, text })
            .collect(),
        root: node(analysis, &analysis.root),
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("an analysis always serialises");
    s.push('\n');
    s
}
