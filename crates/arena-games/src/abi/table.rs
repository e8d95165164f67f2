//! The table header: what a bot of a game for one to four seats receives before the
//! game's words. It is the two-seat header grown additively (the header length in word 2
//! says where the body starts): words 0–7 mean what they always meant, with the seat in
//! word 3 now `0..seats`, then three more words.
//!
//! | word | meaning |
//! |---|---|
//! | 8 | the number of seats at the table |
//! | 9 | the bot's role: its number in the game's list of roles, −1 where seats do not differ |
//! | 10 | the bot's team: a number shared by teammates, −1 for a seat on its own |
//!
//! A two-seat game that existed before the table model ([`TableGame::TWO_SEAT_HEADER`])
//! keeps the 8-word header, so its bots receive exactly the words they always did.

use super::{finish, word, DecodeError, ABI_VERSION};
pub use crate::game::TableHeader;
use crate::game::{Seat, TableGame, MAX_SEATS};

/// Number of words of the table header.
pub const TABLE_HEADER_WORDS: usize = 11;

/// Word index of the seat count.
const SEATS: usize = 8;
/// Word index of the role.
const ROLE: usize = 9;
/// Word index of the team.
const TEAM: usize = 10;

/// Writes a table header whose body length is filled in by [`finish`].
pub fn begin_table(out: &mut Vec<i32>, h: &TableHeader) {
    out.clear();
    let opt = |v: Option<u8>| v.map_or(-1, i32::from);
    out.extend_from_slice(&[
        ABI_VERSION,
        h.game_id,
        TABLE_HEADER_WORDS as i32,
        h.seat.index() as i32,
        h.ply as i32,
        h.seed as u32 as i32,
        (h.seed >> 32) as u32 as i32,
        0,
        i32::from(h.seats),
        opt(h.role),
        opt(h.team),
    ]);
}

/// The words a bot receives in `state`, which has the bot to move: the header (the
/// 8-word one for a [`TableGame::TWO_SEAT_HEADER`] game), then the mover's observation.
pub fn observation<G: TableGame>(state: &G, ply: u32, seed: u64, out: &mut Vec<i32>) {
    let seat = state.to_move();
    if G::TWO_SEAT_HEADER {
        let player = crate::Player::from_index(seat.index()).expect("a two-seat game");
        super::begin(out, G::INFO.id, player, ply, seed);
    } else {
        let role = state
            .role(seat)
            .and_then(|r| G::ROLES.iter().position(|&known| known == r))
            .map(|i| i as u8);
        let header = TableHeader {
            game_id: G::INFO.id,
            seat,
            seats: state.seat_count(),
            role,
            team: state.team(seat),
            ply,
            seed,
        };
        begin_table(out, &header);
    }
    state.observe(out);
    finish(out);
}

/// Whether `words` begin with the table header (a header length word of at least
/// [`TABLE_HEADER_WORDS`]): the words of a game of the table model, not of a two-seat
/// game.
pub fn is_table_header(words: &[i32]) -> bool {
    words
        .get(super::word::HEADER_LEN)
        .is_some_and(|&len| len >= TABLE_HEADER_WORDS as i32)
}

/// Splits state words into header and body. The 8-word header reads as two seats
/// without roles or teams.
///
/// # Errors
/// [`DecodeError`] when the words are too short, of another ABI version, or inconsistent
/// (a seat outside the table, a seat count outside 1..=4, a negative role or team other
/// than −1).
pub fn split_table(words: &[i32]) -> Result<(TableHeader, &[i32]), DecodeError> {
    let (two, body) = super::split_lenient(words)?;
    let header_len = words[word::HEADER_LEN] as usize;
    if header_len < TABLE_HEADER_WORDS {
        return Ok((
            TableHeader {
                game_id: two.game_id,
                seat: Seat::new(two.seat as u8)
                    .filter(|s| s.index() < 2)
                    .ok_or_else(|| DecodeError(format!("seat {}", two.seat)))?,
                seats: 2,
                role: None,
                team: None,
                ply: two.ply,
                seed: two.seed,
            },
            body,
        ));
    }
    let seats = u8::try_from(words[SEATS])
        .ok()
        .filter(|n| (1..=MAX_SEATS).contains(n))
        .ok_or_else(|| DecodeError(format!("seat count {}", words[SEATS])))?;
    let seat = u8::try_from(two.seat)
        .ok()
        .filter(|&s| s < seats)
        .and_then(Seat::new)
        .ok_or_else(|| DecodeError(format!("seat {} at a table of {seats}", two.seat)))?;
    let opt = |w: i32, what: &str| match w {
        -1 => Ok(None),
        w => u8::try_from(w)
            .map(Some)
            .map_err(|_| DecodeError(format!("{what} {w}"))),
    };
    Ok((
        TableHeader {
            game_id: two.game_id,
            seat,
            seats,
            role: opt(words[ROLE], "role")?,
            team: opt(words[TEAM], "team")?,
            ply: two.ply,
            seed: two.seed,
        },
        body,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::HEADER_WORDS;
    use super::*;
    use crate::game::{GameParams, TwoSeat};
    use crate::pursuit::Pursuit;
    use crate::rng::GameRng;

    #[test]
    fn a_two_seat_game_keeps_its_eight_word_header_and_reads_as_two_seats() {
        let game = TwoSeat(
            <crate::nim::Nim as crate::Game>::new_random(
                &GameParams::default(),
                &mut GameRng::new(3),
            )
            .unwrap(),
        );
        let mut words = Vec::new();
        observation(&game, 5, 0xABCD_0123_4567_89EF, &mut words);
        let mut old = Vec::new();
        super::super::begin(&mut old, 7, crate::Player::First, 5, 0xABCD_0123_4567_89EF);
        crate::Game::write_state(&game.0, &mut old);
        finish(&mut old);
        assert_eq!(words, old);
        assert_eq!(words[word::HEADER_LEN], HEADER_WORDS as i32);
        let (h, body) = split_table(&words).unwrap();
        assert_eq!(
            (h.seats, h.role, h.team, h.seat),
            (2, None, None, Seat::FIRST)
        );
        assert_eq!(body, &old[HEADER_WORDS..]);
    }

    #[test]
    fn the_table_header_carries_seats_role_and_team() {
        let mut params = GameParams::default();
        params.options.insert("players".into(), "3".into());
        params.options.insert("team".into(), "1".into());
        let game = Pursuit::new_random(&params, &mut GameRng::new(1)).unwrap();
        let mut words = Vec::new();
        observation(&game, 0, 42, &mut words);
        let (h, body) = split_table(&words).unwrap();
        assert_eq!(h.seats, 3);
        assert_eq!(h.seat, Seat::FIRST);
        assert_eq!(h.role, Some(0), "A is a pursuer, role 0");
        assert_eq!(h.team, Some(0));
        assert_eq!(h.seed, 42);
        let mut observed = Vec::new();
        game.observe(&mut observed);
        assert_eq!(body, observed);
        // A later, longer header is read at its stated length.
        let mut longer = words[..TABLE_HEADER_WORDS].to_vec();
        longer[word::HEADER_LEN] = 13;
        longer.extend([0, 0]);
        longer.extend_from_slice(body);
        assert_eq!(split_table(&longer).unwrap().1, body);
    }

    #[test]
    fn an_inconsistent_table_header_is_refused() {
        let header = TableHeader {
            game_id: 11,
            seat: Seat::new(2).unwrap(),
            seats: 3,
            role: None,
            team: None,
            ply: 0,
            seed: 0,
        };
        let mut w = Vec::new();
        begin_table(&mut w, &header);
        finish(&mut w);
        assert!(split_table(&w).is_ok());
        for (at, value) in [
            (SEATS, 2),
            (SEATS, 0),
            (SEATS, 5),
            (ROLE, -2),
            (TEAM, 300),
            (word::SEAT, 3),
        ] {
            let mut bad = w.clone();
            bad[at] = value;
            assert!(split_table(&bad).is_err(), "word {at} = {value}");
        }
    }
}
