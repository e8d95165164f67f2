//! The conformance suite over every registered game, at a spread of parameters taken from
//! each game's own facts ([`GameInfo::rows`], [`GameInfo::cols`], [`GameInfo::options`]):
//! a new game is covered by registering it, with no test list to edit.

use std::collections::BTreeMap;

use super::{check_game, check_random_playouts};
use crate::game::{GameInfo, GameParams};
use crate::registry::{games, visit_game, GameVisitor};
use crate::strategy::ExtraStrategies;

/// Plies after which a playout counts as endless; every game ends far sooner.
const MAX_PLIES: usize = 100_000;

/// The sizes to play: the smallest, the default and the largest of each dimension, in
/// step (smallest rows with smallest cols, and so on).
fn sizes(info: &GameInfo) -> Vec<(u32, u32)> {
    let rows = info.rows.samples(info.default_rows);
    let cols = info.cols.samples(info.default_cols);
    (0..rows.len().max(cols.len()))
        .map(|i| (rows[i.min(rows.len() - 1)], cols[i.min(cols.len() - 1)]))
        .collect()
}

/// The default size with each sample value of each option, one option at a time.
fn option_params(info: &GameInfo) -> Vec<GameParams> {
    info.options
        .iter()
        .flat_map(|o| {
            o.samples.iter().map(move |v| GameParams {
                rows: None,
                cols: None,
                options: BTreeMap::from([(o.name.to_string(), v.to_string())]),
            })
        })
        .collect()
}

struct Sweep;

impl GameVisitor for Sweep {
    type Output = ();
    fn visit<G: ExtraStrategies>(self) {
        let info = &G::INFO;
        // Every size: the contract along random playouts (cheap at any size).
        for (rows, cols) in sizes(info) {
            check_random_playouts::<G>(&GameParams::sized(rows, cols), 0..4, MAX_PLIES);
        }
        // The default size and every option sample: also the registry and every builtin
        // strategy at every step.
        check_game::<G>(&GameParams::default(), 0..4, MAX_PLIES);
        for params in option_params(info) {
            check_game::<G>(&params, 0..4, MAX_PLIES);
        }
    }
}

#[test]
fn every_registered_game_passes_the_suite_at_its_extreme_sizes_and_every_option_sample() {
    for kind in games() {
        let info = kind.info();
        assert!(
            visit_game(info.id, Sweep).is_some(),
            "{} is listed but not visitable",
            info.name
        );
    }
}

#[test]
fn option_samples_are_accepted_and_sizes_span_the_ranges() {
    for kind in games() {
        let info = kind.info();
        for params in option_params(info) {
            kind.new_game(&params, 0)
                .unwrap_or_else(|e| panic!("{}: sample {params:?} refused: {e}", info.name));
        }
        for (rows, cols) in sizes(info) {
            kind.new_game(&GameParams::sized(rows, cols), 0)
                .unwrap_or_else(|e| panic!("{}: size {rows}x{cols} refused: {e}", info.name));
        }
        if let crate::game::Dimension::Range { min, max } = info.rows {
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
        if let crate::game::Dimension::Range { min, max } = info.cols {
            assert!(
                min <= info.default_cols && info.default_cols <= max,
                "{}",
                info.name
            );
            assert!(
                kind.new_game(
                    &GameParams::sized(info.default_rows, min.saturating_sub(1)),
                    0
                )
                .is_err()
                    || min == 0,
                "{}: cols below the range accepted",
                info.name
            );
        }
    }
}
