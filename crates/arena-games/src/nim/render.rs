//! The heaps for people, numbered from 1, one `|` per stone (counts only above 40).
//!
//! The report draws every position of every game, so the text is built with
//! `push_str` into one buffer sized beforehand, not through `format!`'s padding.

use super::Nim;
use crate::game::{Game, Outcome, Player};
use crate::text::{decimal_len, push_right_aligned};

const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";
/// Heaps larger than this are shown by their count alone.
const MAX_GLYPHS: u32 = 40;
/// The glyphs of the largest heap drawn in full.
const GLYPHS: &str = "||||||||||||||||||||||||||||||||||||||||";

/// Draws every heap, then whose turn it is or who won.
pub fn render(game: &Nim, color: bool) -> String {
    let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
    let heaps = game.heaps();
    let label = decimal_len(heaps.len() as u64);
    let glyphs: usize = heaps
        .iter()
        .filter(|&&h| h <= MAX_GLYPHS)
        .map(|&h| h as usize)
        .sum();
    let line = "heap ".len() + label + ": ".len() + on.len() + 10 + off.len() + " \n".len();
    let mut s = String::with_capacity(heaps.len() * line + glyphs + 48);
    for (i, &h) in heaps.iter().enumerate() {
        s.push_str("heap ");
        push_right_aligned(&mut s, i as u64 + 1, label);
        s.push_str(": ");
        s.push_str(on);
        push_right_aligned(&mut s, u64::from(h), 4);
        s.push_str(off);
        s.push(' ');
        if h <= MAX_GLYPHS {
            s.push_str(&GLYPHS[..h as usize]);
        }
        s.push('\n');
    }
    match game.outcome() {
        None => {
            push_player(&mut s, game.to_move());
            s.push_str(" to move\n");
        }
        Some(Outcome::Win(p)) => {
            s.push_str("game over: ");
            push_player(&mut s, p);
            s.push_str(" took the last stone and wins\n");
        }
        Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
    }
    s
}

/// `seat N`, as [`Player`]'s `Display` writes it.
fn push_player(s: &mut String, p: Player) {
    s.push_str("seat ");
    s.push(char::from(b'0' + p.number()));
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use proptest::prelude::*;

    use super::*;

    /// The drawing as `format!` writes it: what `render` must equal, byte for byte.
    fn reference(game: &Nim, color: bool) -> String {
        let (on, off) = if color { (BOLD, RESET) } else { ("", "") };
        let label = game.heaps().len().to_string().len();
        let mut s = String::new();
        for (i, &h) in game.heaps().iter().enumerate() {
            let _ = write!(s, "heap {:>label$}: {on}{h:>4}{off} ", i + 1);
            if h <= MAX_GLYPHS {
                s.push_str(&"|".repeat(h as usize));
            }
            s.push('\n');
        }
        match game.outcome() {
            None => {
                let _ = writeln!(s, "{} to move", game.to_move());
            }
            Some(Outcome::Win(p)) => {
                let _ = writeln!(s, "game over: {p} took the last stone and wins");
            }
            Some(Outcome::Draw) => s.push_str("game over: a draw\n"),
        }
        s
    }

    #[test]
    fn the_glyphs_cover_the_largest_heap_drawn() {
        assert_eq!(GLYPHS.len(), MAX_GLYPHS as usize);
        assert!(GLYPHS.bytes().all(|b| b == b'|'));
    }

    proptest! {
        /// Positions of random games, heaps of every size (counts past the glyphs' limit
        /// up to the largest allowed, labels of one and two digits), in both styles: every
        /// position to the end with small heaps, the first 30 with large ones.
        #[test]
        fn render_equals_the_formatted_drawing(
            large in proptest::collection::vec(0u32..=1000, 1..=16),
            small in proptest::collection::vec(0u32..45, 1..=16),
            pick in any::<u64>(),
        ) {
            for heaps in [large, small] {
                let Ok(mut game) = Nim::new(heaps, Player::First) else { continue };
                let mut moves = Vec::new();
                for step in 0..400u64 {
                    for color in [false, true] {
                        prop_assert_eq!(render(&game, color), reference(&game, color));
                    }
                    moves.clear();
                    game.legal_moves(&mut moves);
                    if moves.is_empty() || step == 30 && moves.len() > 1000 {
                        break;
                    }
                    let mv = moves[(pick.wrapping_mul(step + 1) as usize) % moves.len()];
                    game.play(mv).expect("a legal move");
                }
            }
        }
    }
}
