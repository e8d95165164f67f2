//! The four pieces of the one-way family: the registry facts, steps, goals and theory of
//! each ([`super::Piece`] says what a piece must give).

use super::theory;
use super::{Piece, Square, MAX_SIDE, MIN_SIDE};
use crate::game::{Dimension, GameInfo, GameOption};

/// Summary of the board sizes, shared by the four games.
const SIZE_DOC: &str = "board rows x cols; the piece starts on a random square of the top-right 3x3 area (option start=corner: on the top-right corner)";

/// The board sides the four games accept.
const SIDE: Dimension = Dimension::Range {
    min: MIN_SIDE,
    max: MAX_SIDE,
};

/// The options of the four games.
const OPTIONS: &[GameOption] = &[GameOption {
    name: "start",
    values: "random|corner",
    doc: "where the piece starts: a random square of the top-right 3x3 area, or the corner",
    samples: &["random", "corner"],
}];

/// The options of the four games at a table of two or three (`OneWayTable`).
pub(crate) const TABLE_OPTIONS: &[GameOption] = &[
    OPTIONS[0],
    GameOption {
        name: "players",
        values: "2|3",
        doc: "seats: two, or three who move in turn (default 2)",
        samples: &["2", "3"],
    },
];

/// Row-major flags of a closed-form test over the board's squares.
fn each_square(rows: u32, cols: u32, f: impl Fn(Square) -> bool) -> Vec<bool> {
    (0..rows)
        .flat_map(|row| (0..cols).map(move |col| Square { row, col }))
        .map(f)
        .collect()
}

/// The one-way king: one square left, down or down-left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct King;

/// The one-way queen: any distance left, down or down-left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Queen;

/// The one-way rook: any distance left or down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rook;

/// The one-way knight: the four knight moves that bring it closer to the
/// bottom-left corner (its row plus column always drops).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Knight;

impl Piece for King {
    const INFO: GameInfo = GameInfo {
        name: "king",
        id: 3,
        summary: "one-way king: move it one square left, down or down-left; whoever reaches the bottom-left corner wins",
        size_doc: SIZE_DOC,
        rows: SIDE,
        cols: SIDE,
        options: OPTIONS,
        default_rows: 8,
        default_cols: 8,
        default_depth: 10,
        max_depth: 27,
        always_paired: false,
    };
    const SYMBOL: char = 'K';
    const RULE: &'static str = "one square left, down, or diagonally down-left";
    const STEPS: &'static [(i32, i32)] = &[(0, -1), (-1, 0), (-1, -1)];
    const SLIDES: bool = false;
    fn losing_squares(rows: u32, cols: u32) -> Vec<bool> {
        each_square(rows, cols, theory::king_losing)
    }
}

impl Piece for Queen {
    const INFO: GameInfo = GameInfo {
        name: "queen",
        id: 4,
        summary: "one-way queen: move it any distance left, down or down-left; whoever reaches the bottom-left corner wins",
        size_doc: SIZE_DOC,
        rows: SIDE,
        cols: SIDE,
        options: OPTIONS,
        default_rows: 8,
        default_cols: 8,
        default_depth: 6,
        max_depth: 64,
        always_paired: false,
    };
    const SYMBOL: char = 'Q';
    const RULE: &'static str = "any number of squares left, down, or diagonally down-left";
    const STEPS: &'static [(i32, i32)] = &[(0, -1), (-1, 0), (-1, -1)];
    const SLIDES: bool = true;
    fn losing_squares(rows: u32, cols: u32) -> Vec<bool> {
        each_square(rows, cols, theory::queen_losing)
    }
}

impl Piece for Rook {
    const INFO: GameInfo = GameInfo {
        name: "rook",
        id: 5,
        summary: "one-way rook: move it any distance left or down; whoever reaches the bottom-left corner wins",
        size_doc: SIZE_DOC,
        rows: SIDE,
        cols: SIDE,
        options: OPTIONS,
        default_rows: 8,
        default_cols: 8,
        default_depth: 6,
        max_depth: 7,
        always_paired: false,
    };
    const SYMBOL: char = 'R';
    const RULE: &'static str = "any number of squares left or down";
    const STEPS: &'static [(i32, i32)] = &[(0, -1), (-1, 0)];
    const SLIDES: bool = true;
    fn losing_squares(rows: u32, cols: u32) -> Vec<bool> {
        each_square(rows, cols, theory::rook_losing)
    }
}

impl Piece for Knight {
    const INFO: GameInfo = GameInfo {
        name: "knight",
        id: 6,
        summary: "one-way knight: knight moves that bring it closer to the bottom-left; whoever reaches one of the four corner squares wins",
        size_doc: SIZE_DOC,
        rows: SIDE,
        cols: SIDE,
        options: OPTIONS,
        default_rows: 8,
        default_cols: 8,
        default_depth: 10,
        max_depth: 21,
        always_paired: false,
    };
    const SYMBOL: char = 'N';
    const RULE: &'static str = "as a chess knight, but only two left and one up or down, or two down and one left or right";
    const STEPS: &'static [(i32, i32)] = &[(1, -2), (-1, -2), (-2, -1), (-2, 1)];
    const SLIDES: bool = false;
    const GOAL: &'static str = "one of the corner squares (0 0), (0 1), (1 0), (1 1)";

    fn is_goal(sq: Square) -> bool {
        sq.row < 2 && sq.col < 2
    }

    fn losing_squares(rows: u32, cols: u32) -> Vec<bool> {
        theory::grundy_values::<Knight>(rows, cols)
            .iter()
            .map(|&g| g == 0)
            .collect()
    }
}
