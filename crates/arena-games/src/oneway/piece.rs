//! What a piece of the one-way family must give: its facts, its move set, its goals and
//! its theory. The four pieces are in [`super::pieces`]; the board walk itself is shared
//! ([`super::OneWay`]).

use std::fmt;
use std::hash::Hash;

use super::Square;
use crate::game::GameInfo;

/// A piece of the one-way family: how it moves and where it wins.
pub trait Piece:
    Copy + Default + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// The registry's facts about the game played with this piece.
    const INFO: GameInfo;
    /// The letter drawn on the board.
    const SYMBOL: char;
    /// How the piece moves, completing "it moves ...".
    const RULE: &'static str;
    /// Its steps as (row change, column change); rows count up from the bottom.
    const STEPS: &'static [(i32, i32)];
    /// Whether a move may repeat its step any number of times (queen, rook).
    const SLIDES: bool;
    /// The goal squares in words (default: the corner the king, queen and rook head for).
    const GOAL: &'static str = "the bottom-left corner (0 0)";

    /// Whether reaching `sq` ends the game (the player who moved there wins). These are
    /// exactly the squares from which the piece has no move (tested for every board).
    /// Default: the bottom-left corner.
    fn is_goal(sq: Square) -> bool {
        sq.row == 0 && sq.col == 0
    }

    /// The theory: for each square in row-major order (row 0 at the bottom), whether the
    /// player to move from it loses against perfect play.
    fn losing_squares(rows: u32, cols: u32) -> Vec<bool>;
}
