//! The analysis as JSON, for programs:
//!
//! ```json
//! {"game": "kalah", "position": "...", "depth": 3, "seed": 0, "nodes": 259,
//!  "seat": 1, "value": 2, "value_text": "+2",
//!  "principal_variation": [{"move": 3, "text": "4"}, ...],
//!  "root": {"move": null, "text": null, "to_move": 1, "value": 2, "value_text": "+2",
//!           "best": false, "pv": true, "end": null, "children": [...]}}
//! ```
//! Seats are 1 and 2; `value` is for `seat`, the player to move at the root (a finished
//! game's value is near ±2^62: `value_text` says `win-3`, `loss+4`); `end` is `1-0`,
//! `0-1` or `1/2-1/2` where the game is over.

use arena_games::{Outcome, Player};
use serde::Serialize;

use super::{value_text, Analysis, Node};

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
    best: bool,
    pv: bool,
    end: Option<&'static str>,
    children: Vec<JsonNode<'a>>,
}

#[derive(Serialize)]
struct JsonAnalysis<'a> {
    game: &'a str,
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

fn node(n: &Node) -> JsonNode<'_> {
    JsonNode {
        raw: n.mv.as_ref().map(|(raw, _)| *raw),
        text: n.mv.as_ref().map(|(_, text)| text.as_str()),
        to_move: n.to_move.number(),
        value: n.value,
        value_text: value_text(n.value),
        best: n.best,
        pv: n.pv,
        end: end(n.end),
        children: n.children.iter().map(node).collect(),
    }
}

/// The analysis as one JSON document (pretty-printed, newline-terminated).
pub fn render(analysis: &Analysis) -> String {
    let doc = JsonAnalysis {
        game: analysis.game,
        position: &analysis.position,
        depth: analysis.depth,
        seed: analysis.seed,
        nodes: analysis.nodes,
        seat: analysis.seat().number(),
        value: analysis.value(),
        value_text: value_text(analysis.value()),
        principal_variation: analysis
            .principal_variation()
            .into_iter()
            .map(|(raw, text)| Move { raw: *raw, text })
            .collect(),
        root: node(&analysis.root),
    };
    let mut s = serde_json::to_string_pretty(&doc).expect("an analysis always serialises");
    s.push('\n');
    s
}
