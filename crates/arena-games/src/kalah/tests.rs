//! Kalah: one test per rule and decision, a cross-check of `rules=standard` against an
//! independent implementation, property tests, the conformance suite for both rule sets.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::*;
use crate::conformance::check_game;

fn at(rules: Rules, board: [u32; HOLES], to_move: Player) -> Kalah {
    let total: u32 = board.iter().sum();
    Kalah {
        board,
        to_move,
        rules,
        stones: total / 12,
    }
}

fn params(rules: &str, stones: Option<u32>) -> GameParams {
    let mut options = BTreeMap::new();
    options.insert("rules".to_string(), rules.to_string());
    if let Some(s) = stones {
        options.insert("stones".to_string(), s.to_string());
    }
    GameParams {
        options,
        ..GameParams::default()
    }
}

fn moves(g: &Kalah) -> Vec<Pit> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    out
}

#[test]
fn both_rule_sets_pass_the_conformance_suite() {
    for stones in [None, Some(3), Some(6)] {
        check_game::<Kalah>(&params("seed", stones), 0..16, 10_000);
        check_game::<Kalah>(&params("standard", stones), 0..16, 10_000);
    }
}

#[test]
fn options_are_checked_and_stones_default_to_three_to_six() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let g = Kalah::new_random(&GameParams::default(), &mut GameRng::new(seed)).unwrap();
        assert_eq!(g.rules(), Rules::Seed);
        seen.insert(g.stones);
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![3, 4, 5, 6]);
    let mut rng = GameRng::new(0);
    assert!(Kalah::new_random(&params("chess", None), &mut rng).is_err());
    assert!(Kalah::new_random(&params("seed", Some(7)), &mut rng).is_err());
    assert!(Kalah::new_random(&params("seed", Some(2)), &mut rng).is_err());
    let g = Kalah::new_random(&params("standard", Some(4)), &mut rng).unwrap();
    assert_eq!(g.board, [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(g.setup(), "standard 4");
    assert_eq!(Kalah::from_setup("standard 4").unwrap(), g);
}

#[test]
fn sowing_skips_only_the_opponents_kalah_and_refills_the_emptied_pit() {
    // 13 stones from pit 0: 1..=12 skipping 13, then 0 again and 1.
    let mut b = [0; HOLES];
    b[0] = 13;
    b[12] = 35;
    let mut g = at(Rules::Standard, b, Player::First);
    let (last, into) = g.sow(0, Player::First);
    assert!(into);
    assert_eq!(last, 0);
    assert_eq!(g.board[13], 0);
    assert_eq!(g.board[0], 1);
    assert_eq!(g.board[6], 1);
}

#[test]
fn seed_relay_continues_from_a_non_empty_own_pit_after_a_lap_through_the_opponent() {
    // Pit 5 holds 9: sows 6, 7..12, 0, 1 → last in pit 1 (had 2 → 3), the lap went through
    // opponent pits: relay from pit 1 (3 stones → 2, 3, 4; pit 4 had 0 → stops).
    let mut b = [0, 2, 0, 0, 0, 9, 0, 1, 1, 1, 1, 1, 1, 30];
    b[13] = 48 - b.iter().take(13).sum::<u32>();
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.board[..7], [1, 0, 1, 1, 1, 0, 1]);
    assert_eq!(g.board[7..13], [2, 2, 2, 2, 2, 2]);
    assert_eq!(g.to_move, Player::Second);
}

#[test]
fn seed_relay_needs_this_lap_to_have_reached_the_opponent() {
    // (decision) Pit 0 holds 2: sows 1, 2; pit 2 was not empty, but this lap stayed home.
    let b = [2, 0, 5, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 17];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(0));
    assert_eq!(g.board[..7], [0, 1, 6, 0, 0, 0, 0]);
    assert_eq!(g.to_move, Player::Second);
}

#[test]
fn seed_captures_two_or_three_then_walks_back_clockwise() {
    // Pit 5 holds 4: 6, 7, 8, 9. Holes 9 (1→2), 8 (2→3), 7 (1→2) are captured, then 6 is
    // the mover's kalah and the walk stops.
    let b = [1, 0, 0, 0, 0, 4, 0, 1, 2, 1, 4, 4, 4, 15];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.board[6], 1 + 2 + 3 + 2);
    assert_eq!(g.board[7..10], [0, 0, 0]);
    // A 4 stops the walk.
    let b = [1, 0, 0, 0, 0, 3, 0, 3, 1, 4, 4, 4, 4, 12];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.board[6], 1 + 2);
    assert_eq!(g.board[7], 4);
}

#[test]
fn seed_has_no_extra_turn_and_no_own_side_capture() {
    // Pit 5 holds 1: last stone in own kalah, the turn passes.
    let b = [4, 4, 4, 4, 4, 1, 0, 4, 4, 4, 4, 4, 4, 3];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.to_move, Player::Second);
    // Last stone in own empty pit facing stones: nothing is taken.
    let b = [1, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 3];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(0));
    assert_eq!(g.board[1], 1);
    assert_eq!(g.board[11], 4);
    assert_eq!(g.board[6], 0);
}

#[test]
fn seed_wins_on_more_than_half_and_never_draws() {
    let b = [0, 0, 0, 0, 0, 1, 24, 4, 4, 4, 4, 4, 0, 3];
    let mut g = at(Rules::Seed, b, Player::First);
    assert!(!g.is_terminal());
    g.apply(Pit(5));
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert!(moves(&g).is_empty());
    // Exactly half is not enough.
    let b = [0, 0, 0, 0, 0, 1, 23, 4, 4, 4, 4, 4, 1, 3];
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.outcome(), None);
}

#[test]
fn seed_mover_sweeps_and_wins_when_the_opponent_is_empty_even_level() {
    // Pit 4 holds 1 → pit 5; the opponent's pits are empty: the mover sweeps and wins
    // though the kalahs end level (no draw).
    let b = [1, 0, 0, 0, 1, 0, 22, 0, 0, 0, 0, 0, 0, 24];
    let mut g = at(Rules::Seed, b, Player::First);
    assert!(!g.is_terminal());
    g.apply(Pit(4));
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(g.board[6], 24);
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn standard_extra_move_capture_and_end() {
    let mut g = Kalah::new(Rules::Standard, 4).unwrap();
    g.apply(Pit(2)); // 3,4,5,6: last in own kalah.
    assert_eq!(g.to_move, Player::First);
    // Capture: own empty pit 1 facing pit 11.
    let b = [1, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 3];
    let mut g = at(Rules::Standard, b, Player::First);
    g.apply(Pit(0));
    assert_eq!(g.board[6], 5);
    assert_eq!(g.board[1] + g.board[11], 0);
    assert_eq!(g.to_move, Player::Second);
    // End: remainders to their owners, equal is a draw.
    let b = [0, 0, 0, 0, 0, 1, 23, 0, 0, 0, 0, 0, 1, 23];
    let mut g = at(Rules::Standard, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.board[13], 24);
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

/// Kalah(6, s) written again from the rules text, on its own layout: `side[p][0..6]`
/// pits, `store[p]`, sowing around the loop pits of p, store of p, pits of the other.
#[derive(Clone, Debug)]
struct Reference {
    side: [[u32; 6]; 2],
    store: [u32; 2],
    turn: usize,
    over: bool,
}

impl Reference {
    fn moves(&self) -> Vec<i32> {
        if self.over {
            return vec![];
        }
        (0..6)
            .filter(|&i| self.side[self.turn][i] > 0)
            .map(|i| i as i32)
            .collect()
    }

    fn play(&mut self, pit: usize) {
        let me = self.turn;
        let mut hand = self.side[me][pit];
        self.side[me][pit] = 0;
        // Position: (owner, index) with index 6 = store.
        let (mut owner, mut idx) = (me, pit);
        while hand > 0 {
            idx += 1;
            if idx == 7 || (idx == 6 && owner != me) {
                owner = 1 - owner;
                idx = 0;
            }
            if idx == 6 {
                self.store[me] += 1;
            } else {
                self.side[owner][idx] += 1;
            }
            hand -= 1;
        }
        let mut again = false;
        if owner == me && idx == 6 {
            again = true;
        } else if owner == me && self.side[me][idx] == 1 && self.side[1 - me][5 - idx] > 0 {
            self.store[me] += 1 + self.side[1 - me][5 - idx];
            self.side[me][idx] = 0;
            self.side[1 - me][5 - idx] = 0;
        }
        if self.side.iter().any(|s| s.iter().all(|&x| x == 0)) {
            for p in 0..2 {
                self.store[p] += self.side[p].iter().sum::<u32>();
                self.side[p] = [0; 6];
            }
            self.over = true;
        }
        if !again {
            self.turn = 1 - me;
        }
    }

    fn result(&self) -> Option<Outcome> {
        self.over.then(|| match self.store[0].cmp(&self.store[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::First),
            std::cmp::Ordering::Less => Outcome::Win(Player::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

#[test]
fn standard_rules_agree_with_an_independent_implementation() {
    for seed in 0..3000u64 {
        let mut rng = GameRng::new(seed);
        let mut g = Kalah::new(Rules::Standard, 4).unwrap();
        let mut r = Reference {
            side: [[4; 6]; 2],
            store: [0; 2],
            turn: 0,
            over: false,
        };
        loop {
            let ours: Vec<i32> = moves(&g).iter().map(|&m| g.encode_move(m)).collect();
            assert_eq!(ours, r.moves(), "seed {seed}");
            if !ours.is_empty() {
                assert_eq!(g.to_move.index(), r.turn, "seed {seed}");
            }
            assert_eq!(g.board[0..6], r.side[0]);
            assert_eq!(g.board[7..13], r.side[1]);
            assert_eq!([g.board[6], g.board[13]], r.store);
            assert_eq!(g.outcome(), r.result(), "seed {seed}");
            if ours.is_empty() {
                break;
            }
            let mv = ours[rng.below(ours.len() as u64) as usize];
            g.apply(Pit(mv as u8));
            r.play(mv as usize);
        }
    }
}

fn playout(rules: Rules, stones: u32, seed: u64) -> (Kalah, usize) {
    let mut g = Kalah::new(rules, stones).unwrap();
    let mut rng = GameRng::new(seed);
    let mut plies = 0;
    loop {
        let total: u32 = g.board.iter().sum();
        assert_eq!(total, 12 * stones, "stones are conserved");
        let m = moves(&g);
        assert_eq!(m.is_empty(), g.outcome().is_some());
        if m.is_empty() {
            return (g, plies);
        }
        g.apply(m[rng.below(m.len() as u64) as usize]);
        plies += 1;
        assert!(plies <= 2000, "game too long");
    }
}

proptest! {
    #[test]
    fn playouts_conserve_stones_and_end(seed in any::<u64>(), stones in 3u32..=6, standard: bool) {
        let rules = if standard { Rules::Standard } else { Rules::Seed };
        let (g, _) = playout(rules, stones, seed);
        if rules == Rules::Seed {
            prop_assert_ne!(g.outcome(), Some(Outcome::Draw));
        }
        let s = g.scores();
        prop_assert_eq!(s[0], -s[1]);
    }
}

#[test]
fn seed_relay_counts_only_the_lap_just_made() {
    // (decision) Pit 5 holds 9: 6, 7..12, 0, 1 — this lap reached the opponent and ends in
    // pit 1 (1 → 2): relay. The second lap sows pit 1's 2 stones into pits 2 and 3 and ends
    // in pit 3, which was not empty; but this lap stayed home, so the move ends there even
    // though the move as a whole did reach the opponent.
    let b = [0, 1, 0, 1, 0, 9, 15, 0, 0, 0, 0, 0, 0, 16];
    let mut b = b;
    b[7..13].fill(1);
    b[13] = 48 - b.iter().take(13).sum::<u32>();
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(5));
    assert_eq!(g.board[..7], [1, 0, 1, 2, 0, 0, 16]);
    assert_eq!(g.board[7..13], [2; 6]);
    assert_eq!(g.to_move, Player::Second);
}

#[test]
fn seed_relay_never_starts_from_the_emptied_pit() {
    // Pit 0 holds 13: a full lap comes round and the 13th stone lands in pit 0 itself,
    // which was emptied by this sowing: it was empty before the stone, so no relay.
    let mut b = [0; HOLES];
    b[0] = 13;
    b[6] = 10;
    b[7] = 1;
    b[13] = 24;
    let mut g = at(Rules::Seed, b, Player::First);
    g.apply(Pit(0));
    assert_eq!(g.board[0], 1);
    assert_eq!(g.board[1..6], [1; 5]);
    assert_eq!(g.board[6], 11);
    assert_eq!(g.board[13], 24, "the opponent's kalah is skipped");
    assert_eq!(g.to_move, Player::Second);
}

#[test]
fn seed_sowing_by_player_2_skips_player_1s_kalah() {
    // Player 2's pit 12 (its move 5) holds 8: 13, 0..5, skip 6, then 7.
    let b = [0, 0, 0, 0, 0, 0, 20, 1, 4, 4, 3, 0, 8, 8];
    let mut g = at(Rules::Seed, b, Player::Second);
    g.apply(Pit(5));
    assert_eq!(g.board[6], 20);
    assert_eq!(g.board[13], 9);
    assert_eq!(g.board[..6], [1; 6]);
    // The last stone landed in seat 2's own pit 7 (1 → 2) and this lap reached player
    // 1's pits: relay from pit 7 (2 stones into 8 and 9; pit 9 was not empty, but that lap
    // stayed home).
    assert_eq!(g.board[7..13], [0, 5, 5, 3, 0, 0]);
    assert_eq!(g.to_move, Player::First);
}

#[test]
fn seed_sweep_wins_from_behind_and_the_score_cannot_be_negative() {
    // Player 1's kalah holds 10, seat 2's 24 (exactly half: not a win). Player 2's pits
    // are empty after seat 1's move, so seat 1 sweeps its 14 stones into its kalah
    // and wins although it was behind.
    // After the sweep every stone is in a kalah and the opponent's holds at most half, so
    // the winner's kalah difference is never negative (the rules would allow it;
    // arithmetic rules it out).
    let b = [0, 0, 0, 2, 6, 6, 10, 0, 0, 0, 0, 0, 0, 24];
    let mut g = at(Rules::Seed, b, Player::First);
    assert!(!g.is_terminal());
    g.apply(Pit(3));
    assert_eq!(g.board[..6], [0; 6]);
    assert_eq!(g.board[6], 24);
    assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(g.scores(), [0, 0]);
}

#[test]
fn render_draws_two_rows_with_the_kalahs_at_the_ends() {
    let b = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 0];
    let g = at(Rules::Seed, b, Player::First);
    let text = g.render(false);
    let lines: Vec<&str> = text.lines().collect();
    // Player 2's pits right to left on top, seat 1's left to right below.
    assert!(lines[1].contains("  0 12 11 10  9  8"), "{text}");
    assert!(lines[2].trim_start().starts_with('0') && lines[2].trim_end().ends_with('7'));
    assert!(lines[3].contains("  1  2  3  4  5  6"), "{text}");
    assert!(text.contains("seat 1 to move"), "{text}");
    assert!(g.render(true).contains("\x1b[1m"));
    let done = at(
        Rules::Standard,
        [0, 0, 0, 0, 0, 0, 30, 0, 0, 0, 0, 0, 0, 18],
        Player::Second,
    );
    assert!(done
        .render(false)
        .contains("seat 1 wins (kalah difference 12)"));
}

/// Plays `games` games of depth-6 alpha-beta against random play from fixed seeds,
/// alternating seats, stones drawn from each seed; returns alpha-beta's wins.
fn alphabeta_wins(rules: &str, games: u64) -> u64 {
    let kind = crate::find_game("kalah").unwrap();
    let mut wins = 0;
    for seed in 0..games {
        let mut game = kind.new_game(&params(rules, None), seed).unwrap();
        let mut bots = [
            kind.builtin("alphabeta", Some(6)).unwrap(),
            kind.builtin("random", None).unwrap(),
        ];
        let ab_seat = if seed % 2 == 0 {
            Player::First
        } else {
            bots.swap(0, 1);
            Player::Second
        };
        let mut words = Vec::new();
        let mut ply = 0;
        while !game.is_terminal() {
            game.observation(ply, seed.wrapping_mul(7919) + 1, &mut words);
            let mv = bots[game.to_move().index()].choose_move(&words).unwrap();
            game.play(mv).unwrap();
            ply += 1;
        }
        if game.outcome() == Some(Outcome::Win(ab_seat)) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn alphabeta_at_depth_6_beats_random_in_95_percent_of_games() {
    const GAMES: u64 = 100;
    for rules in ["seed", "standard"] {
        let wins = alphabeta_wins(rules, GAMES);
        assert!(
            wins * 100 >= GAMES * 95,
            "rules={rules}: alphabeta won {wins} of {GAMES}"
        );
    }
}

#[test]
fn builtin_alphabeta_breaks_ties_from_the_bots_seed() {
    // At the standard start, depth 1 values pits 1 to 3 alike (their stones stay on the
    // mover's side or reach its kalah: the difference of kalah plus pits stays 0) and pits
    // 4 to 6 lower (stones cross to the opponent): the bot's seed chooses among 1 to 3.
    let kind = crate::find_game("kalah").unwrap();
    let game = kind.new_game(&params("standard", Some(4)), 0).unwrap();
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let mut words = Vec::new();
        game.observation(0, seed, &mut words);
        let mut bot = kind.builtin("alphabeta", Some(1)).unwrap();
        let mv = bot.choose_move(&words).unwrap();
        let mut again = kind.builtin("alphabeta", Some(1)).unwrap();
        assert_eq!(
            again.choose_move(&words).unwrap(),
            mv,
            "same seed, same move"
        );
        chosen.insert(mv);
    }
    assert_eq!(chosen.into_iter().collect::<Vec<_>>(), [0, 1, 2]);
}

proptest! {
    #[test]
    fn seed_winners_never_have_a_negative_score(seed in any::<u64>(), stones in 3u32..=6) {
        let (g, _) = playout(Rules::Seed, stones, seed);
        if let Some(Outcome::Win(p)) = g.outcome() {
            prop_assert!(g.scores()[p.index()] >= 0);
        }
    }
}
