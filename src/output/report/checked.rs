//! A recorded game as the page's data holds it: the setup line, each move (the seat that
//! made it, its number as the bot returned it, the fuel it used, the log lines it
//! printed), and each seat's log. The positions are not drawn here: the page's viewer
//! (`viewer.wasm`, arena-view built to WebAssembly) draws them in the browser from the
//! setup and the moves, with the games' own code. Every replay is re-played under the
//! rules first, so that the page only offers the browser games it can draw, and names
//! the setup or move the rules refuse for the others.

use arena_games::registry::TableKind;
use serde::Serialize;

use crate::output::replay::Replay;
use crate::output::table_replay::TableReplay;
use crate::record::MoveMark;

/// One move of a replay. In the page's JSON it is an array, the shortest of
/// `[seat, raw]`, `[seat, raw, fuel]` and `[seat, raw, fuel, log from, log to]` that
/// holds what is recorded (a page holds thousands of moves; the page's script names the
/// fields again as it reads them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The seat that moved, from 1.
    pub seat: u8,
    /// The move's `i32` encoding, as the bot returned it.
    pub raw: i32,
    /// Fuel the move used, when the replay records it.
    pub fuel: Option<u64>,
    /// The lines of its seat's log (`logs[seat - 1]`, from, to) it printed, when recorded.
    pub log: Option<[u32; 2]>,
}

impl Serialize for MoveView {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let len = match (self.fuel, self.log) {
            (None, _) => 2,
            (Some(_), None) => 3,
            (Some(_), Some(_)) => 5,
        };
        let mut seq = serializer.serialize_seq(Some(len))?;
        seq.serialize_element(&self.seat)?;
        seq.serialize_element(&self.raw)?;
        if let Some(fuel) = self.fuel {
            seq.serialize_element(&fuel)?;
            if let Some([from, to]) = self.log {
                seq.serialize_element(&from)?;
                seq.serialize_element(&to)?;
            }
        }
        seq.end()
    }
}

/// A replay checked under the rules, as the viewer receives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckedReplay {
    /// The setup line the game starts from (the game's own text).
    pub setup: String,
    /// The moves, in order.
    pub moves: Vec<MoveView>,
    /// Each seat's captured debug output, as lines.
    pub logs: Vec<Vec<String>>,
}

/// Why a replay cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
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

/// Re-plays `moves` from `setup` under `kind`'s rules and returns them as the viewer
/// takes them, with each move's fuel and log lines from `marks` (every seat's log in
/// `outputs`).
fn check(
    kind: &dyn TableKind,
    game: u64,
    setup: &str,
    moves: &[i32],
    marks: &[MoveMark],
    outputs: Vec<&str>,
) -> Result<CheckedReplay, CheckError> {
    let seats = arena_view::walk(kind, setup, moves).map_err(|e| match e {
        arena_view::DrawError::Setup(reason) => CheckError::Setup { game, reason },
        arena_view::DrawError::Move { index, reason } => CheckError::Move {
            game,
            index,
            reason,
        },
    })?;
    let mut printed = vec![0u32; outputs.len()];
    let views = moves
        .iter()
        .zip(seats)
        .enumerate()
        .map(|(i, (&raw, seat))| {
            let mark = marks.get(i);
            let log = mark.and_then(|k| {
                let before = printed.get_mut(usize::from(seat).checked_sub(1)?)?;
                let from = *before;
                *before = k.lines.max(from);
                Some([from, k.lines.max(from)])
            });
            MoveView {
                seat,
                raw,
                fuel: mark.map(|k| k.fuel),
                log,
            }
        })
        .collect();
    Ok(CheckedReplay {
        setup: setup.to_string(),
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
/// interface).
///
/// # Errors
/// [`CheckError`] naming the setup or the move that the rules refuse.
pub fn checked(kind: &dyn TableKind, replay: &Replay) -> Result<CheckedReplay, CheckError> {
    let outputs = replay.outputs.iter().map(String::as_str).collect();
    let (id, setup) = (replay.game_id, &replay.setup);
    check(kind, id, setup, &replay.moves, &replay.marks, outputs)
}

/// Re-plays a table game's `replay` under `kind`'s rules. The replay is checked whole
/// ([`TableReplay::verify`]: every move by the seat to move, the end and every seat's
/// rank and score as the rules give them), so that the end shown is the rules'.
///
/// # Errors
/// [`CheckError`] naming the setup, the move or the result that the rules refuse.
pub fn table_checked(
    kind: &dyn TableKind,
    replay: &TableReplay,
) -> Result<CheckedReplay, CheckError> {
    replay.verify(kind).map_err(|e| CheckError::Check {
        game: replay.game_id,
        reason: e.to_string(),
    })?;
    let moves: Vec<i32> = replay.moves.iter().map(|&(_, m)| m).collect();
    let outputs = replay.seats.iter().map(|s| s.output.as_str()).collect();
    let (id, setup) = (replay.game_id, &replay.setup);
    check(kind, id, setup, &moves, &replay.marks, outputs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{EndKind, ResultCode};
    use arena_games::{find_game, GameParams};

    #[test]
    fn moves_keep_their_seat_number_fuel_and_log_lines() {
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
            setup: setup.clone(),
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
        let c = checked(table, &replay).unwrap();
        assert_eq!(c.setup, setup);
        let raws: Vec<i32> = c.moves.iter().map(|m| m.raw).collect();
        assert_eq!(raws, moves);
        let seats: Vec<u8> = c.moves.iter().map(|m| m.seat).collect();
        let expected: Vec<u8> = (0..moves.len()).map(|k| k as u8 % 2 + 1).collect();
        assert_eq!(seats, expected, "MathTricks alternates, first player first");
        assert!(c.moves.iter().all(|m| m.fuel.is_none() && m.log.is_none()));
        assert_eq!(c.logs[0], ["one", "two"]);
        let mut odd = replay.clone();
        odd.outputs[1] = "\x1b[31mred\tcol\u{202e}txt\n".into();
        assert_eq!(
            checked(table, &odd).unwrap().logs[1],
            ["\\x1b[31mred\tcol\\u{202e}txt"],
            "a bot's escapes and overrides are shown escaped, tabs kept"
        );
        let mut bad = replay.clone();
        bad.moves[0] = -77;
        let err = checked(table, &bad).unwrap_err();
        assert!(matches!(err, CheckError::Move { index: 1, .. }), "{err}");
        assert!(err.to_string().starts_with("game 3: move 1: "), "{err}");
        let mut bad = replay.clone();
        bad.setup = "nonsense".into();
        let err = checked(table, &bad).unwrap_err();
        assert!(err.to_string().starts_with("game 3: setup: "), "{err}");
    }

    #[test]
    fn each_move_of_every_table_game_has_its_seat_and_its_own_log_lines() {
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
            let (mut moves, mut movers) = (Vec::new(), Vec::new());
            while !g.is_terminal() && moves.len() < 30 {
                let legal = g.legal_moves();
                let m = legal[moves.len() * 5 % legal.len()];
                movers.push(g.to_move().number());
                g.play(m).unwrap();
                moves.push(m);
            }
            let marks: Vec<MoveMark> = (1..=moves.len() as u32)
                .map(|k| MoveMark {
                    fuel: u64::from(k),
                    lines: k,
                })
                .collect();
            let logs: Vec<String> = (0..seats).map(|k| format!("{k}\n").repeat(40)).collect();
            let c = check(
                &**kind,
                1,
                &setup,
                &moves,
                &marks,
                logs.iter().map(String::as_str).collect(),
            )
            .unwrap();
            assert_eq!(c.logs.len(), seats, "{}", info.name);
            for (k, mv) in c.moves.iter().enumerate() {
                assert_eq!(mv.seat, movers[k], "{} move {}", info.name, k + 1);
                assert_eq!(mv.raw, moves[k]);
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
    }
}
