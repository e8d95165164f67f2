//! A recorded game as the report's replay viewer shows it: every position drawn by the
//! game itself (`render(true)`, colours as HTML), each move in the game's notation, the
//! end and why. Positions share their lines: a line is stored once per game and each
//! frame lists the lines it shows, which keeps a 60-move game to a few kilobytes.

use std::ops::Range;

use arena_games::game::Viewer;
use arena_games::registry::TableKind;
use rustc_hash::FxHashMap;
use serde::Serialize;

use super::ansi::{line_to_html, Style};
use crate::output::replay::Replay;
use crate::output::table_replay::TableReplay;
use crate::record::MoveMark;

/// One move of a replay.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The seat that moved, from 1.
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
    pub logs: Vec<Vec<String>>,
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
    /// A table game's replay does not re-check under the rules (its moves or its result).
    #[error("game {game}: {reason}")]
    Check {
        /// The game's id.
        game: u64,
        /// What disagrees.
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

/// The distinct HTML lines of one game's frames. A line's HTML depends only on its text
/// and the style in force where it starts, so a line that is the previous frame's line
/// at the same place (most of a position is the previous one) costs a comparison
/// instead of a conversion; lines are numbered in order of first appearance of their
/// HTML, exactly as converting every frame whole would number them.
#[derive(Default)]
struct Lines {
    /// Distinct HTML lines, in order of first appearance.
    html: Vec<String>,
    /// Each HTML line's index in `html` (the hasher only places keys: numbering follows
    /// `html`).
    index: FxHashMap<String, u32>,
    /// The previous frame's text, and for each of its lines where it lies in that text,
    /// the style at its start and what it converted to.
    previous: (String, Vec<(Range<usize>, Style, Converted)>),
    /// Scratch space for converting one line.
    buffer: String,
}

/// A line of text converted: its HTML's index and the style in force at its end.
type Converted = (u32, Style);

impl Lines {
    /// One position's text (`render(true)`) as indices into [`Lines::html`].
    fn frame(&mut self, text: String) -> Vec<u32> {
        let mut style = Style::default();
        let mut ids = Vec::with_capacity(self.previous.1.len());
        let mut placed = Vec::with_capacity(self.previous.1.len());
        for (k, line) in text.lines().enumerate() {
            let start = line.as_ptr() as usize - text.as_ptr() as usize;
            let same = self.previous.1.get(k).filter(|(range, before, _)| {
                *before == style && self.previous.0.get(range.clone()) == Some(line)
            });
            let (id, after) = match same {
                Some(&(_, _, known)) => known,
                None => self.convert(style, line),
            };
            placed.push((start..start + line.len(), style, (id, after)));
            ids.push(id);
            style = after;
        }
        self.previous = (text, placed);
        ids
    }

    /// A line of text starting in `style`, converted and numbered.
    fn convert(&mut self, style: Style, line: &str) -> Converted {
        let mut after = style;
        self.buffer.clear();
        line_to_html(&mut after, line, &mut self.buffer);
        let id = match self.index.get(self.buffer.as_str()) {
            Some(&id) => id,
            None => {
                let id = self.html.len() as u32;
                self.html.push(self.buffer.clone());
                self.index.insert(self.buffer.clone(), id);
                id
            }
        };
        (id, after)
    }
}

/// Draws the position `setup` starts from and the position after each of `moves` under
/// `kind`'s rules, as a spectator sees them
/// ([`Viewer::All`]: hidden information shown), with each move's fuel and log lines from
/// `marks` (every seat's log in `outputs`).
fn draw(
    kind: &dyn TableKind,
    game: u64,
    setup: &str,
    moves: &[i32],
    marks: &[MoveMark],
    outputs: Vec<&str>,
) -> Result<Frames, FramesError> {
    let mut state = kind
        .start_from_setup(setup)
        .map_err(|e| FramesError::Setup {
            game,
            reason: e.to_string(),
        })?;
    let mut lines = Lines::default();
    let mut frames = vec![lines.frame(state.render(Viewer::All, true))];
    let mut views = Vec::with_capacity(moves.len());
    let mut printed = vec![0u32; outputs.len()];
    for (i, &m) in moves.iter().enumerate() {
        let seat = state.to_move().number();
        let text = state.describe_move(m).unwrap_or_else(|| m.to_string());
        state.play(m).map_err(|e| FramesError::Move {
            game,
            index: i + 1,
            reason: e.to_string(),
        })?;
        let mark = marks.get(i);
        let log = mark.and_then(|k| {
            let before = printed.get_mut(usize::from(seat).checked_sub(1)?)?;
            let from = *before;
            *before = k.lines.max(from);
            Some([from, k.lines.max(from)])
        });
        views.push(MoveView {
            seat,
            text,
            raw: m,
            fuel: mark.map(|k| k.fuel),
            log,
        });
        frames.push(lines.frame(state.render(Viewer::All, true)));
    }
    Ok(Frames {
        id: game,
        lines: lines.html,
        frames,
        moves: views,
        logs: outputs
            .into_iter()
            .map(|o| o.lines().map(log_line).collect())
            .collect(),
    })
}

/// A line of a bot's output as the viewer shows it: control and invisible characters
/// written as escapes (`\x1b`, `\u{202e}`), as in the replay file and in `arena replay`,
/// tabs kept; the page never shows a raw escape sequence as a blank box, nor lets a
/// bidirectional override reorder what a bot printed.
fn log_line(line: &str) -> String {
    line.split('\t')
        .map(crate::bot_name::escape_message)
        .collect::<Vec<_>>()
        .join("\t")
}

/// Re-plays a two-seat game's `replay` under `kind`'s rules (the game behind the table
/// interface, drawn exactly as its own `render`) and draws every position.
///
/// # Errors
/// [`FramesError`] naming the setup or the move that the rules refuse.
pub fn frames(kind: &dyn TableKind, replay: &Replay) -> Result<Frames, FramesError> {
    let outputs = replay.outputs.iter().map(String::as_str).collect();
    let (id, setup) = (replay.game_id, &replay.setup);
    draw(kind, id, setup, &replay.moves, &replay.marks, outputs)
}

/// Re-plays a table game's `replay` under `kind`'s rules and draws every position as a
/// spectator sees it ([`Viewer::All`]: hidden information shown). The replay is checked
/// first ([`TableReplay::verify`]: every move by the seat to move, the end and every
/// seat's rank and score as the rules give them), so that the end shown is the rules'.
///
/// # Errors
/// [`FramesError`] naming the setup, the move or the result that the rules refuse.
pub fn table_frames(kind: &dyn TableKind, replay: &TableReplay) -> Result<Frames, FramesError> {
    replay.verify(kind).map_err(|e| FramesError::Check {
        game: replay.game_id,
        reason: e.to_string(),
    })?;
    let moves: Vec<i32> = replay.moves.iter().map(|&(_, m)| m).collect();
    let outputs = replay.seats.iter().map(|s| s.output.as_str()).collect();
    let (id, setup) = (replay.game_id, &replay.setup);
    draw(kind, id, setup, &moves, &replay.marks, outputs)
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
        let table = arena_games::registry::find_table_game("mathtricks").unwrap();
        let f = frames(table, &replay).unwrap();
        assert_eq!(f.frames.len(), moves.len() + 1);
        assert_eq!(f.moves.len(), moves.len());
        assert_eq!(f.moves[0].seat, 1);
        assert_eq!(f.logs[0], ["one", "two"]);
        let mut odd = replay.clone();
        odd.outputs[1] = "\x1b[31mred\tcol\u{202e}txt\n".into();
        assert_eq!(
            frames(table, &odd).unwrap().logs[1],
            ["\\x1b[31mred\tcol\\u{202e}txt"],
            "a bot's escapes and overrides are shown escaped, tabs kept"
        );
        let total: usize = f.frames.iter().map(Vec::len).sum();
        assert!(f.lines.len() < total / 2, "lines are shared between frames");
        // The last frame is the final position as the game draws it.
        let last: Vec<&str> = f.frames[moves.len()]
            .iter()
            .map(|&i| f.lines[i as usize].as_str())
            .collect();
        assert_eq!(last, super::super::ansi::to_html_lines(&g.render(true)));
        let mut bad = replay.clone();
        bad.moves[0] = -77;
        let err = frames(table, &bad).unwrap_err();
        assert!(matches!(err, FramesError::Move { index: 1, .. }), "{err}");
        assert!(err.to_string().contains("move 1"), "{err}");
    }

    /// Frame `k` of `f` shows `drawn[k]`, line for line.
    fn assert_frames_are(f: &Frames, drawn: &[Vec<String>], game: &str) {
        assert_eq!(f.frames.len(), drawn.len(), "{game}");
        for (k, lines) in drawn.iter().enumerate() {
            let shown: Vec<&str> = f.frames[k]
                .iter()
                .map(|&i| f.lines[i as usize].as_str())
                .collect();
            assert_eq!(shown, *lines, "{game} frame {k}");
        }
    }

    #[test]
    fn every_frame_of_every_game_is_its_position_converted_whole() {
        use super::super::ansi::to_html_lines;
        for kind in arena_games::games() {
            let info = kind.info();
            let params = GameParams::sized(info.default_rows, info.default_cols);
            for seed in 1..=3 {
                let mut g = kind.new_game(&params, seed).unwrap();
                let setup = g.setup();
                let mut drawn = vec![to_html_lines(&g.render(true))];
                let mut moves = Vec::new();
                while !g.is_terminal() && moves.len() < 40 {
                    let legal = g.legal_moves();
                    let m = legal[(seed as usize * 7 + moves.len()) % legal.len()];
                    g.play(m).unwrap();
                    moves.push(m);
                    drawn.push(to_html_lines(&g.render(true)));
                }
                let replay = Replay {
                    game: info.name.into(),
                    game_id: seed,
                    series_id: 1,
                    round: 1,
                    board_seed: seed,
                    size: [info.default_rows, info.default_cols],
                    setup,
                    bots: ["a".into(), "b".into()],
                    bot_seeds: [1, 2],
                    moves,
                    marks: Vec::new(),
                    end: EndKind::Normal,
                    culprit: None,
                    reason: String::new(),
                    result: ResultCode::of(g.outcome().unwrap_or(arena_games::Outcome::Draw)),
                    scores: g.scores(),
                    outputs: [String::new(), String::new()],
                };
                let table = arena_games::registry::find_table_game(info.name).unwrap();
                let f = frames(table, &replay).unwrap();
                // Numbered in order of first appearance, as converting whole frames would.
                let mut expected: Vec<String> = Vec::new();
                for lines in &drawn {
                    for l in lines {
                        if !expected.contains(l) {
                            expected.push(l.clone());
                        }
                    }
                }
                assert_eq!(f.lines, expected, "{}", info.name);
                assert_frames_are(&f, &drawn, info.name);
            }
        }
    }

    #[test]
    fn table_games_are_drawn_for_a_spectator_with_every_seat_and_its_log() {
        use super::super::ansi::to_html_lines;
        use arena_games::game::Seat;
        let mut hidden_shown = 0;
        for kind in arena_games::registry::table_games() {
            let info = kind.info();
            let mut params = GameParams::sized(info.default_rows, info.default_cols);
            if kind.seats().max >= 3 {
                params
                    .options
                    .insert("players".into(), kind.seats().max.to_string());
            }
            let mut g = kind.new_game(&params, 7).unwrap();
            let seats = usize::from(g.seat_count());
            let setup = g.setup();
            let spectator = to_html_lines(&g.render(Viewer::All, true));
            if spectator != to_html_lines(&g.render(Viewer::Seat(Seat::new(0).unwrap()), true)) {
                hidden_shown += 1;
            }
            let mut drawn = vec![spectator];
            let (mut moves, mut movers) = (Vec::new(), Vec::new());
            while !g.is_terminal() && moves.len() < 30 {
                let legal = g.legal_moves();
                let m = legal[moves.len() * 5 % legal.len()];
                movers.push(g.to_move().number());
                g.play(m).unwrap();
                moves.push(m);
                drawn.push(to_html_lines(&g.render(Viewer::All, true)));
            }
            let marks: Vec<MoveMark> = (1..=moves.len() as u32)
                .map(|k| MoveMark {
                    fuel: u64::from(k),
                    lines: k,
                })
                .collect();
            let logs: Vec<String> = (0..seats).map(|k| format!("{k}\n").repeat(40)).collect();
            let f = draw(
                &**kind,
                1,
                &setup,
                &moves,
                &marks,
                logs.iter().map(String::as_str).collect(),
            )
            .unwrap();
            assert_eq!(f.logs.len(), seats, "{}", info.name);
            assert_frames_are(&f, &drawn, info.name);
            for (k, mv) in f.moves.iter().enumerate() {
                assert_eq!(mv.seat, movers[k], "{} move {}", info.name, k + 1);
                assert_eq!(mv.fuel, Some(k as u64 + 1));
                // A seat's lines run from its previous mark to this one.
                let previous = movers[..k]
                    .iter()
                    .rposition(|&s| s == mv.seat)
                    .map_or(0, |p| p as u32 + 1);
                assert_eq!(
                    mv.log,
                    Some([previous, k as u32 + 1]),
                    "{} move {}",
                    info.name,
                    k + 1
                );
            }
        }
        assert!(
            hidden_shown >= 1,
            "a game with hidden information is drawn whole"
        );
    }
}
