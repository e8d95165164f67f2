//! A recorded game as the report's replay viewer shows it: every position drawn by the
//! game itself (`render(true)`, colours as HTML), each move in the game's notation, the
//! end and why. Positions share their lines: a line is stored once per game and each
//! frame lists the lines it shows, which keeps a 60-move game to a few kilobytes.

use std::collections::HashMap;

use arena_games::GameKind;
use serde::Serialize;

use super::ansi::to_html_lines;
use crate::output::replay::Replay;

/// One move of a replay.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The seat that moved: 1 or 2.
    pub seat: u8,
    /// The move in the game's notation.
    pub text: String,
    /// The move's `i32` encoding, as the bot returned it.
    pub raw: i32,
    /// Fuel the move used, when the replay records it.
    pub fuel: Option<u64>,
    /// The lines of its seat's log (`logs[seat - 1]`, from, to) it printed, when recorded.
    pub log: Option<[u32; 2]>,
}

/// A game's frames and moves, for the viewer.
#[derive(Clone, Debug, Serialize)]
pub struct Frames {
    /// The game id.
    pub id: u64,
    /// Distinct HTML lines of all frames.
    pub lines: Vec<String>,
    /// Frame `k` (the position after `k` moves) as indices into `lines`.
    pub frames: Vec<Vec<u32>>,
    /// The moves, in order.
    pub moves: Vec<MoveView>,
    /// Each seat's captured debug output, as lines.
    pub logs: [Vec<String>; 2],
}

/// Why a replay's positions cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FramesError {
    /// The game refuses the setup line.
    #[error("game {game}: setup: {reason}")]
    Setup {
        /// The game's id.
        game: u64,
        /// The rules' reason.
        reason: String,
    },
    /// The rules refuse a move.
    #[error("game {game}: move {index}: {reason}")]
    Move {
        /// The game's id.
        game: u64,
        /// The move's number (from 1).
        index: usize,
        /// The rules' reason.
        reason: String,
    },
}

/// Re-plays `replay` under `kind`'s rules and draws every position.
///
/// # Errors
/// [`FramesError`] naming the setup or the move that the rules refuse.
pub fn frames(kind: &dyn GameKind, replay: &Replay) -> Result<Frames, FramesError> {
    let mut state = kind
        .start_from_setup(&replay.setup)
        .map_err(|e| FramesError::Setup {
            game: replay.game_id,
            reason: e.to_string(),
        })?;
    let mut lines: Vec<String> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut frame = |text: String, lines: &mut Vec<String>| -> Vec<u32> {
        to_html_lines(&text)
            .into_iter()
            .map(|l| {
                *index.entry(l.clone()).or_insert_with(|| {
                    lines.push(l);
                    (lines.len() - 1) as u32
                })
            })
            .collect()
    };
    let mut frames = vec![frame(state.render(true), &mut lines)];
    let mut moves = Vec::with_capacity(replay.moves.len());
    let mut printed = [0u32; 2];
    for (i, &m) in replay.moves.iter().enumerate() {
        let seat = state.to_move().number();
        let mark = replay.marks.get(i);
        let log = mark.map(|k| {
            let from = printed[usize::from(seat - 1)];
            printed[usize::from(seat - 1)] = k.lines.max(from);
            [from, k.lines.max(from)]
        });
        let text = state.describe_move(m).unwrap_or_else(|| m.to_string());
        state.play(m).map_err(|e| FramesError::Move {
            game: replay.game_id,
            index: i + 1,
            reason: e.to_string(),
        })?;
        moves.push(MoveView {
            seat,
            text,
            raw: m,
            fuel: mark.map(|k| k.fuel),
            log,
        });
        frames.push(frame(state.render(true), &mut lines));
    }
    Ok(Frames {
        id: replay.game_id,
        lines,
        frames,
        moves,
        logs: replay
            .outputs
            .clone()
            .map(|o| o.lines().map(str::to_string).collect()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{EndKind, ResultCode};
    use arena_games::{find_game, GameParams};

    #[test]
    fn frames_follow_the_moves_and_share_lines() {
        let kind = find_game("mathtricks").unwrap();
        let mut g = kind.new_game(&GameParams::sized(6, 6), 9).unwrap();
        let setup = g.setup();
        let mut moves = Vec::new();
        while !g.is_terminal() {
            let m = *g.legal_moves().last().unwrap();
            g.play(m).unwrap();
            moves.push(m);
        }
        let replay = Replay {
            game: "mathtricks".into(),
            game_id: 3,
            series_id: 1,
            round: 1,
            board_seed: 9,
            size: [6, 6],
            setup,
            bots: ["a".into(), "b".into()],
            bot_seeds: [1, 2],
            moves: moves.clone(),
            marks: Vec::new(),
            end: EndKind::Normal,
            culprit: None,
            reason: String::new(),
            result: ResultCode::of(g.outcome().unwrap()),
            scores: g.scores(),
            outputs: ["one\ntwo\n".into(), String::new()],
        };
        let f = frames(kind, &replay).unwrap();
        assert_eq!(f.frames.len(), moves.len() + 1);
        assert_eq!(f.moves.len(), moves.len());
        assert_eq!(f.moves[0].seat, 1);
        assert_eq!(f.logs[0], ["one", "two"]);
        let total: usize = f.frames.iter().map(Vec::len).sum();
        assert!(f.lines.len() < total / 2, "lines are shared between frames");
        // The last frame is the final position as the game draws it.
        let last: Vec<&str> = f.frames[moves.len()]
            .iter()
            .map(|&i| f.lines[i as usize].as_str())
            .collect();
        assert_eq!(last, to_html_lines(&g.render(true)));
        let mut bad = replay.clone();
        bad.moves[0] = -77;
        let err = frames(kind, &bad).unwrap_err();
        assert!(matches!(err, FramesError::Move { index: 1, .. }), "{err}");
        assert!(err.to_string().contains("move 1"), "{err}");
    }
}
