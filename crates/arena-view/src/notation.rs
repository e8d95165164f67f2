//! How each game's moves are written where people read them (the report's move list,
//! `arena replay`, `arena play`): the words a replay's legend gives, so that a reader
//! knows from which number rows, columns, heaps and pits are counted.
//!
//! The move text itself is the game's (`describe_move`, what `arena play` takes): the
//! grid games count rows and columns from 1 as their boards are labelled; MathTricks
//! counts from 0 because its rules fix it (`(row, column)`, 0-based, row 0 at
//! the top) and its board is labelled so; the one-way games count from 0 from the goal
//! corner at the bottom left, as their exercise's board is drawn.

/// The legend of game `game`'s moves (by its `--game` name), `None` for a game arena does
/// not know.
pub fn notation(game: &str) -> Option<&'static str> {
    Some(match game {
        "mathtricks" => {
            "a move is the cell moved to, as row and column counted from 0 (row 0 at the top), \
             as MathTricks' rules number cells and as its board is labelled"
        }
        "tictactoe" | "minesweeper" | "pursuit" | "path" => {
            "a move is the cell, as row and column counted from 1 (row 1 at the top), as the \
             board is labelled"
        }
        "king" | "queen" | "rook" | "knight" => {
            "a move is the square moved to, as row and column counted from 0 from the goal \
             corner (row 0 at the bottom, column 0 at the left)"
        }
        "determinant" => {
            "a move is the cell's row and column, counted from 1, then the number written"
        }
        "nim" => "a move is the heap, counted from 1, then the stones taken from it",
        "kalah" => "a move is the pit sown from, 1 to 6 from the mover's left",
        "beans" => "a move is what was taken: w a white bean, b a black bean, wb one of each",
        "cards24" => "a move is the value of the card taken",
        _ => return None,
    })
}

/// The colours of game `game`'s board (by its `--game` name) and what each means, as
/// `(classes, meaning)`: the classes are [`crate::ansi`]'s (`b44 f97` a bright white on
/// blue), so that a legend shows each colour as the board does. Empty for a game whose
/// board has no colours (bold aside).
pub fn colours(game: &str) -> &'static [(&'static str, &'static str)] {
    match game {
        // mathtricks/render.rs: P1_PAWN, P1_VISITED, P2_PAWN, P2_VISITED.
        "mathtricks" => &[
            ("f30 b104 bo", "seat 1's pawn"),
            ("f97 b44", "a cell seat 1 has visited"),
            ("f30 b103 bo", "seat 2's pawn"),
            ("f30 b42", "a cell seat 2 has visited"),
        ],
        // oneway/render.rs: PIECE, GOAL.
        "king" | "queen" | "rook" | "knight" => {
            &[("f93 bo", "the piece"), ("f32", "a goal square")]
        }
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_legend() {
        for kind in arena_games::games() {
            let name = kind.info().name;
            assert!(notation(name).is_some(), "no notation for {name}");
        }
        for kind in arena_games::registry::table_games() {
            let name = kind.info().name;
            assert!(notation(name).is_some(), "no notation for {name}");
        }
        assert_eq!(notation("no such game"), None);
    }

    /// Every colour a game's board is drawn in has a legend entry, and every entry is a
    /// colour that board uses: the classes are read from a drawn position.
    #[test]
    fn every_board_colour_has_a_legend() {
        for kind in arena_games::registry::table_games() {
            let info = kind.info();
            let params = arena_games::GameParams::sized(info.default_rows, info.default_cols);
            let Ok(mut game) = kind.new_game(&params, 3) else {
                continue;
            };
            let mut html =
                crate::ansi::to_html_lines(&game.render(arena_games::game::Viewer::All, true))
                    .join("\n");
            for _ in 0..4 {
                let Some(&m) = game.legal_moves().first() else {
                    break;
                };
                game.play(m).unwrap();
                html +=
                    &crate::ansi::to_html_lines(&game.render(arena_games::game::Viewer::All, true))
                        .join("\n");
            }
            let used: std::collections::BTreeSet<&str> = html
                .split("<span class=\"")
                .skip(1)
                .filter_map(|s| s.split('"').next())
                .filter(|classes| classes.split(' ').any(|c| c != "bo"))
                .collect();
            if info.name == "mathtricks" {
                assert_eq!(used.len(), 4, "the pawns and the visited cells: {used:?}");
            }
            let legend: std::collections::BTreeSet<&str> =
                colours(info.name).iter().map(|(c, _)| *c).collect();
            for classes in &used {
                assert!(
                    legend.contains(classes),
                    "{}: {classes} has no legend",
                    info.name
                );
            }
        }
    }
}
