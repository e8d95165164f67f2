//! The header of the state words a bot receives (see `docs/ABI.md`).
//!
//! Every call of a bot's `choose_move` gets little-endian `i32` words: this fixed header,
//! then the game's own words ([`crate::Game::write_state`]), always from the point of view
//! of the bot that must move.

use crate::game::{DecodeError, Player};

mod table;

pub use table::{
    begin_table, is_table_header, observation, split_table, TableHeader, TABLE_HEADER_WORDS,
};

/// The ABI version in word 0. Bumped only when the header or a game layout changes.
pub const ABI_VERSION: i32 = 1;

/// Number of header words before the game's words.
pub const HEADER_WORDS: usize = 8;

/// Word indices of the header.
pub mod word {
    /// ABI version ([`super::ABI_VERSION`]).
    pub const VERSION: usize = 0;
    /// The game's id (see the registry; MathTricks is 1).
    pub const GAME_ID: usize = 1;
    /// Header length in words (8), so that a later version can grow it.
    pub const HEADER_LEN: usize = 2;
    /// The mover's seat: 0 if it moved first in this game, 1 otherwise.
    pub const SEAT: usize = 3;
    /// Moves played so far in this game (both players).
    pub const PLY: usize = 4;
    /// Low 32 bits of the per-game seed for the bot's own randomness.
    pub const SEED_LO: usize = 5;
    /// High 32 bits of that seed.
    pub const SEED_HI: usize = 6;
    /// How many game words follow the header.
    pub const BODY_LEN: usize = 7;
}

/// The decoded header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game's id.
    pub game_id: i32,
    /// The mover's seat.
    pub seat: Player,
    /// Moves played so far.
    pub ply: u32,
    /// The bot's per-game seed.
    pub seed: u64,
}

/// Writes a header whose body length is filled in by [`finish`].
pub fn begin(out: &mut Vec<i32>, game_id: i32, seat: Player, ply: u32, seed: u64) {
    out.clear();
    out.extend_from_slice(&[
        ABI_VERSION,
        game_id,
        HEADER_WORDS as i32,
        seat.index() as i32,
        ply as i32,
        seed as u32 as i32,
        (seed >> 32) as u32 as i32,
        0,
    ]);
}

/// Records the body length once the game's words are written (after a header of the
/// length its word 2 states).
pub fn finish(out: &mut [i32]) {
    out[word::BODY_LEN] = (out.len() - out[word::HEADER_LEN] as usize) as i32;
}

/// Splits state words into header and body, checking the header.
///
/// # Errors
/// [`DecodeError`] when the words are too short, of another ABI version, or inconsistent.
pub fn split(words: &[i32]) -> Result<(Header, &[i32]), DecodeError> {
    let (raw, body) = split_lenient(words)?;
    let seat = usize::try_from(raw.seat)
        .ok()
        .and_then(Player::from_index)
        .ok_or_else(|| DecodeError(format!("seat {}", raw.seat)))?;
    Ok((
        Header {
            game_id: raw.game_id,
            seat,
            ply: raw.ply,
            seed: raw.seed,
        },
        body,
    ))
}

/// The header's words 0–7 as read, the seat not yet checked against a table.
pub(crate) struct RawHeader {
    pub game_id: i32,
    pub seat: i32,
    pub ply: u32,
    pub seed: u64,
}

/// Checks the version and the lengths and splits off the body.
pub(crate) fn split_lenient(words: &[i32]) -> Result<(RawHeader, &[i32]), DecodeError> {
    if words.len() < HEADER_WORDS {
        return Err(DecodeError(format!(
            "{} words, shorter than the {HEADER_WORDS}-word header",
            words.len()
        )));
    }
    if words[word::VERSION] != ABI_VERSION {
        return Err(DecodeError(format!(
            "ABI version {}, expected {ABI_VERSION}",
            words[word::VERSION]
        )));
    }
    let header_len = words[word::HEADER_LEN];
    if header_len < HEADER_WORDS as i32 || header_len as usize > words.len() {
        return Err(DecodeError(format!("header length {header_len}")));
    }
    let body = &words[header_len as usize..];
    if words[word::BODY_LEN] as usize != body.len() || words[word::BODY_LEN] < 0 {
        return Err(DecodeError(format!(
            "body length {} but {} words follow the header",
            words[word::BODY_LEN],
            body.len()
        )));
    }
    let seed = (words[word::SEED_LO] as u32 as u64) | ((words[word::SEED_HI] as u32 as u64) << 32);
    Ok((
        RawHeader {
            game_id: words[word::GAME_ID],
            seat: words[word::SEAT],
            ply: words[word::PLY].max(0) as u32,
            seed,
        },
        body,
    ))
}

/// Splits an `i64` into the two words (low, high) the layouts use.
pub fn i64_words(x: i64) -> [i32; 2] {
    [x as u64 as u32 as i32, ((x as u64) >> 32) as u32 as i32]
}

/// Joins two words (low, high) back into an `i64`.
pub fn words_i64(lo: i32, hi: i32) -> i64 {
    ((lo as u32 as u64) | ((hi as u32 as u64) << 32)) as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trip() {
        let mut w = Vec::new();
        begin(&mut w, 1, Player::Second, 17, 0xDEAD_BEEF_0123_4567);
        w.extend_from_slice(&[5, 6, 7]);
        finish(&mut w);
        let (h, body) = split(&w).unwrap();
        assert_eq!(
            h,
            Header {
                game_id: 1,
                seat: Player::Second,
                ply: 17,
                seed: 0xDEAD_BEEF_0123_4567
            }
        );
        assert_eq!(body, &[5, 6, 7]);
    }

    #[test]
    fn header_errors() {
        assert!(split(&[1, 1, 8]).is_err());
        let mut w = Vec::new();
        begin(&mut w, 1, Player::First, 0, 0);
        finish(&mut w);
        let mut bad = w.clone();
        bad[0] = 2;
        assert!(split(&bad).unwrap_err().0.contains("ABI version"));
        let mut bad = w.clone();
        bad[word::BODY_LEN] = 3;
        assert!(split(&bad).is_err());
        let mut bad = w;
        bad[word::SEAT] = 2;
        assert!(split(&bad).is_err());
    }

    #[test]
    fn i64_split_round_trip() {
        for x in [0, 1, -1, i64::MAX, i64::MIN, 1 << 40, -(1 << 33) + 5] {
            let [lo, hi] = i64_words(x);
            assert_eq!(words_i64(lo, hi), x);
        }
    }
}
