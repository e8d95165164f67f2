//! Cells of a rows × cols grid in the notation the table games share: a move is the cell
//! `row * cols + col` (from 0), people type `row col` from 1, and boards are drawn with
//! 1-based row and column labels.

use std::fmt::Write;

use super::{parse_row_col, MoveTextError};

/// The cell a person typed as `row col`, from 1, on a `rows` × `cols` grid; `hint` says
/// what to type when the text is not two numbers.
///
/// # Errors
/// [`MoveTextError`] for text that is not two numbers or a cell off the grid.
pub fn parse_cell(rows: u32, cols: u32, text: &str, hint: &str) -> Result<u32, MoveTextError> {
    let (row, col) = parse_row_col(text, hint)?;
    let inside = |n: i64, max: u32| (1..=i64::from(max)).contains(&n);
    if !inside(row, rows) || !inside(col, cols) {
        return Err(MoveTextError::Outside {
            got: format!("({row} {col})"),
            problem: "is off the board",
            allowed: format!("rows are 1..={rows}, columns 1..={cols}"),
        });
    }
    Ok((row as u32 - 1) * cols + col as u32 - 1)
}

/// The cell written as people type it: `row col`, from 1.
pub fn describe_cell(cols: u32, cell: u32) -> String {
    format!("{} {}", cell / cols + 1, cell % cols + 1)
}

/// The cell an `i32` names on a grid of `cells` cells, if any.
pub fn decode_cell(cells: u32, raw: i32) -> Option<u32> {
    u32::try_from(raw).ok().filter(|&c| c < cells)
}

/// The grid drawn with 1-based labels, `shown(cell)` in each cell.
pub fn draw_grid(rows: u32, cols: u32, shown: impl Fn(u32) -> char) -> String {
    let mut out = String::from("   ");
    for c in 1..=cols {
        let _ = write!(out, "{c:>3}");
    }
    out.push('\n');
    for r in 0..rows {
        let _ = write!(out, "{:>3}", r + 1);
        for c in 0..cols {
            let _ = write!(out, "{:>3}", shown(r * cols + c));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_typed_from_one_and_numbered_from_zero() {
        assert_eq!(parse_cell(3, 4, "2 3", "hint"), Ok(6));
        assert_eq!(describe_cell(4, 6), "2 3");
        assert!(parse_cell(3, 4, "0 1", "hint").is_err());
        assert!(parse_cell(3, 4, "3 5", "hint").is_err());
        assert_eq!(decode_cell(12, 11), Some(11));
        assert_eq!(decode_cell(12, 12), None);
        assert_eq!(decode_cell(12, -1), None);
        assert_eq!(
            draw_grid(2, 2, |c| char::from(b'a' + c as u8)),
            "     1  2\n  1  a  b\n  2  c  d\n"
        );
    }
}
