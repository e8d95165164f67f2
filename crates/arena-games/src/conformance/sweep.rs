//! The one conformance sweep: every registered game (the registration list in the crate
//! root, through [`table_games`], [`games`] and [`table_seats`], never a list of its own)
//! × every seat count it takes × its extreme sizes × every sample value of its options,
//! taken from each game's own facts ([`GameInfo::rows`], [`GameInfo::cols`],
//! [`GameInfo::options`], `SEATS`). A new game is covered by registering it.
//!
//! Every game goes through the same checks:
//! - its typed rules: [`check_random_playouts`] and [`check_registry_matches_typed`] for a
//!   two-seat game of the [`crate::Game`] model (and the same game at a table through
//!   [`TwoSeat`]), [`check_table_playouts`] and [`check_table_views`] for a game of the
//!   table model;
//! - the registry as the harness sees it ([`TableKind`], [`AnyTable`]): whole games at
//!   every seat count, size and option sample, every `builtin:NAME` either refused with a
//!   reason or playing legal moves from the words alone, the same game again from the
//!   same seed;
//! - a property test over seeds, seat counts and every size in the game's ranges.

use std::collections::BTreeMap;

use proptest::prelude::*;

use super::{check_game, check_random_playouts, check_table_playouts, check_table_views};
use crate::game::{Dimension, GameInfo, GameParams, SeatRange, TableGame, TwoSeat};
use crate::registry::{
    games, is_two_seat_game, table_games, table_seats, visit_game, visit_table_game, BuiltinError,
    GameVisitor, NativeBot, TableKind, TableStrategies, TableVisitor,
};
use crate::rng::GameRng;
use crate::strategy::ExtraStrategies;

/// Plies after which a playout counts as endless; every game ends far sooner.
const MAX_PLIES: usize = 100_000;

/// Plies checked of a table-model playout (pursuit's and path's largest boards end later;
/// their first moves are checked).
const TABLE_PLIES: usize = 3000;

/// The sizes to play: the smallest, the default and the largest of each dimension, in
/// step (smallest rows with smallest cols, and so on).
fn sizes(info: &GameInfo) -> Vec<(u32, u32)> {
    let rows = info.rows.samples(info.default_rows);
    let cols = info.cols.samples(info.default_cols);
    (0..rows.len().max(cols.len()))
        .map(|i| (rows[i.min(rows.len() - 1)], cols[i.min(cols.len() - 1)]))
        .collect()
}

/// The default size with each sample value of each option (but `players`), one option
/// at a time, and the default size alone.
fn option_samples(info: &GameInfo) -> Vec<BTreeMap<String, String>> {
    let mut all = vec![BTreeMap::new()];
    for o in info.options.iter().filter(|o| o.name != "players") {
        for v in o.samples {
            all.push(BTreeMap::from([(o.name.to_string(), v.to_string())]));
        }
    }
    all
}

/// `options` for a table of `seats` (the `players` option where the seat count varies).
fn at_table(
    range: SeatRange,
    seats: u8,
    size: Option<(u32, u32)>,
    options: &BTreeMap<String, String>,
) -> GameParams {
    let mut params = GameParams {
        rows: size.map(|s| s.0),
        cols: size.map(|s| s.1),
        options: options.clone(),
    };
    if range.min != range.max {
        params.options.insert("players".into(), seats.to_string());
    }
    params
}

/// Every parameter set of the sweep for a game of `range` seats: each seat count at each
/// extreme size, and at the default size with each option sample.
fn sweep_params(info: &GameInfo, range: SeatRange) -> Vec<(u8, GameParams, bool)> {
    let mut all = Vec::new();
    for seats in range.min..=range.max {
        for size in sizes(info) {
            all.push((
                seats,
                at_table(range, seats, Some(size), &BTreeMap::new()),
                false,
            ));
        }
        for options in option_samples(info) {
            all.push((seats, at_table(range, seats, None, &options), true));
        }
    }
    all
}

/// The two-seat games of the [`crate::Game`] model: their typed suite.
struct TwoSeatSweep;

impl GameVisitor for TwoSeatSweep {
    type Output = ();
    fn visit<G: ExtraStrategies>(self) {
        let info = &G::INFO;
        // Every size: the contract along random playouts (cheap at any size).
        for (rows, cols) in sizes(info) {
            check_random_playouts::<G>(&GameParams::sized(rows, cols), 0..4, MAX_PLIES);
        }
        // The default size and every option sample: also the registry and every builtin
        // strategy at every step.
        for options in option_samples(info) {
            let params = GameParams {
                options,
                ..GameParams::default()
            };
            check_game::<G>(&params, 0..4, MAX_PLIES);
            // At a table through the adapter, with the very words the game writes.
            check_table_playouts::<TwoSeat<G>>(&params, 0..4, MAX_PLIES);
            let game = G::new_random(&params, &mut GameRng::new(7)).unwrap();
            let (mut words, mut observed) = (Vec::new(), Vec::new());
            game.write_state(&mut words);
            TwoSeat(game).observe(&mut observed);
            assert_eq!(words, observed, "{}: the adapter's words", info.name);
        }
    }
}

/// The games of the table model: their typed suite at every seat count they take.
struct TableSweep;

impl TableVisitor for TableSweep {
    type Output = ();
    fn visit<G: TableStrategies>(self) {
        let info = &G::INFO;
        let mut played = 0;
        for (seats, params, default_size) in sweep_params(info, G::SEATS) {
            if G::new_random(&params, &mut GameRng::new(0)).is_err() {
                continue; // an option sample that needs other seats (pursuit's teams)
            }
            played += 1;
            check_table_playouts::<G>(&params, 0..3, TABLE_PLIES);
            if default_size {
                check_table_views::<G>(&params, 0..3, 300);
            }
            assert_eq!(
                G::new_random(&params, &mut GameRng::new(1))
                    .unwrap()
                    .seat_count(),
                seats,
                "{}: {params:?}",
                info.name
            );
        }
        let tables = usize::from(G::SEATS.max - G::SEATS.min + 1);
        assert!(
            played >= tables,
            "{}: only {played} tables played",
            info.name
        );
    }
}

#[test]
fn every_two_seat_game_passes_its_suite_at_its_extreme_sizes_and_every_option_sample() {
    assert!(!games().is_empty());
    for kind in games() {
        let info = kind.info();
        assert!(
            visit_game(info.id, TwoSeatSweep).is_some(),
            "{} is listed but not visitable",
            info.name
        );
    }
}

#[test]
fn every_table_model_game_passes_its_suite_at_every_seat_count_size_and_option_sample() {
    assert!(!table_seats().is_empty());
    for &(id, _) in table_seats() {
        assert!(visit_table_game(id, TableSweep).is_some(), "id {id}");
    }
}

#[test]
fn every_registered_game_has_a_typed_suite() {
    for kind in table_games() {
        let id = kind.info().id;
        let typed = is_two_seat_game(id) || table_seats().iter().any(|&(t, _)| t == id);
        assert!(typed, "{} has no typed form", kind.info().name);
    }
}

/// Plays one game through the registry with `bots` (cycled over the seats), every move
/// from the words; checks the harness's contract at every step. Returns the moves.
fn play(
    kind: &dyn TableKind,
    params: &GameParams,
    bots: &mut [Box<dyn NativeBot>],
    seed: u64,
    max_plies: usize,
) -> Vec<i32> {
    let name = kind.info().name;
    let mut game = kind
        .new_game(params, seed)
        .unwrap_or_else(|e| panic!("{name} {params:?}: {e}"));
    let seats = game.seat_count();
    assert_eq!(Ok(seats), kind.seat_count(params), "{name} {params:?}");
    // The same game (a one-way piece's two-seat game lists no `players` option).
    assert_eq!(
        (game.info().name, game.info().id),
        (name, kind.info().id),
        "{name}"
    );
    let again = kind
        .start_from_setup(&game.setup())
        .unwrap_or_else(|e| panic!("{name} {params:?}: setup does not read back: {e}"));
    assert_eq!(again.setup(), game.setup(), "{name} {params:?}");
    let (mut words, mut moves) = (Vec::new(), Vec::new());
    while !game.is_terminal() && moves.len() < max_plies {
        let at = format!("{name} {params:?} seed {seed} ply {}", moves.len());
        let legal = game.legal_moves();
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "{at}: {legal:?}");
        assert!(game.results().is_none(), "{at}: results before the end");
        let seat = game.to_move();
        assert!(seat.index() < usize::from(seats), "{at}: {seat}");
        game.observation(moves.len() as u32, seed ^ seat.index() as u64, &mut words);
        let bot = &mut bots[seat.index() % bots.len()];
        let raw = bot
            .choose_move(&words)
            .unwrap_or_else(|e| panic!("{at}: the bot refused its words: {e}"));
        assert!(legal.contains(&raw), "{at}: {raw} not in {legal:?}");
        for probe in super::PROBES.into_iter().filter(|p| !legal.contains(p)) {
            let before = game.setup() + &game.render(crate::game::Viewer::All, false);
            assert!(game.play(probe).is_err(), "{at}: accepted {probe}");
            let after = game.setup() + &game.render(crate::game::Viewer::All, false);
            assert_eq!(before, after, "{at}: refusing {probe} changed the game");
        }
        game.play(raw).unwrap_or_else(|e| panic!("{at}: {e}"));
        moves.push(raw);
    }
    if game.is_terminal() {
        let results = game.results().unwrap();
        assert_eq!(results.len(), usize::from(seats), "{name} {params:?}");
        assert!(game.legal_moves().is_empty());
    }
    moves
}

/// `builtin:NAME` of `kind` for `params`, one per seat; `None` when the strategy says why
/// it cannot play them.
fn builtins(
    kind: &dyn TableKind,
    name: &str,
    params: &GameParams,
) -> Option<Vec<Box<dyn NativeBot>>> {
    let seats = kind.seat_count(params).unwrap();
    let mut bots = Vec::new();
    for _ in 0..seats {
        match kind.builtin(name, Some(super::BOT_DEPTH), params) {
            Ok(bot) => bots.push(bot),
            Err(BuiltinError::NotHere { reason, .. }) => {
                assert!(!reason.is_empty());
                return None;
            }
            Err(BuiltinError::TooMuchWork(_)) => return None,
            Err(e) => panic!("{}: listed strategy {name}: {e}", kind.info().name),
        }
    }
    Some(bots)
}

#[test]
fn every_game_plays_through_the_registry_with_every_builtin_at_every_seat_count() {
    for kind in table_games() {
        let kind: &dyn TableKind = &**kind;
        let info = kind.info();
        let names = kind.strategy_names();
        assert!(names.contains(&"random"), "{}: {names:?}", info.name);
        for (_, params, default_size) in sweep_params(info, kind.seats()) {
            if kind.new_game(&params, 0).is_err() {
                continue;
            }
            // Every strategy at the default size; `random` at the extreme sizes.
            let strategies: &[&str] = if default_size { &names } else { &["random"] };
            for &strategy in strategies {
                let Some(mut bots) = builtins(kind, strategy, &params) else {
                    assert_ne!(strategy, "random", "{}: random refused", info.name);
                    continue;
                };
                let moves = play(kind, &params, &mut bots, 1, TABLE_PLIES);
                let mut again = builtins(kind, strategy, &params).unwrap();
                assert_eq!(
                    play(kind, &params, &mut again, 1, TABLE_PLIES),
                    moves,
                    "{} {strategy} {params:?}: the same seed plays the same game",
                    info.name
                );
            }
        }
    }
}

#[test]
fn option_samples_are_accepted_and_sizes_span_the_ranges() {
    for kind in table_games() {
        let info = kind.info();
        let mut accepted = 0;
        for (_, params, _) in sweep_params(info, kind.seats()) {
            accepted += usize::from(kind.new_game(&params, 0).is_ok());
        }
        assert!(accepted > sizes(info).len(), "{}", info.name);
        for seats in kind.seats().min..=kind.seats().max {
            for size in sizes(info) {
                let params = at_table(kind.seats(), seats, Some(size), &BTreeMap::new());
                kind.new_game(&params, 0)
                    .unwrap_or_else(|e| panic!("{}: {params:?} refused: {e}", info.name));
            }
        }
        if let Dimension::Range { min, max } = info.rows {
            assert!(
                min <= info.default_rows && info.default_rows <= max,
                "{}",
                info.name
            );
            assert!(
                kind.new_game(&GameParams::sized(max + 1, info.default_cols), 0)
                    .is_err(),
                "{}: rows above the range accepted",
                info.name
            );
        }
        if let Dimension::Range { min, max } = info.cols {
            assert!(
                min <= info.default_cols && info.default_cols <= max,
                "{}",
                info.name
            );
            assert!(
                min == 0
                    || kind
                        .new_game(&GameParams::sized(info.default_rows, min - 1), 0)
                        .is_err(),
                "{}: cols below the range accepted",
                info.name
            );
        }
    }
}

/// A dimension's value from a fraction of its range.
fn pick(dimension: Dimension, default: u32, at: f64) -> Option<u32> {
    match dimension {
        Dimension::Range { min, max } => Some(min + ((max - min) as f64 * at) as u32),
        Dimension::Ignored => Some(default),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any registered game, any seat count it takes, any size in its ranges, any seed:
    /// random bots play it through the registry under the same checks.
    #[test]
    fn any_game_at_any_size_and_seat_count_keeps_the_contract(
        game in 0usize..64,
        seats in 0u8..8,
        rows in 0.0f64..=1.0,
        cols in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        let all = table_games();
        let kind: &dyn TableKind = &*all[game % all.len()];
        let info = kind.info();
        let range = kind.seats();
        let seats = range.min + seats % (range.max - range.min + 1);
        let size = pick(info.rows, info.default_rows, rows).zip(pick(info.cols, info.default_cols, cols));
        let params = at_table(range, seats, size, &BTreeMap::new());
        let mut bots = builtins(kind, "random", &params).unwrap();
        let moves = play(kind, &params, &mut bots, seed, 400);
        let mut again = builtins(kind, "random", &params).unwrap();
        prop_assert_eq!(play(kind, &params, &mut again, seed, 400), moves);
    }
}
