//! The one-way pieces' builtin strategies at a table of two or three: the generic ones of
//! the table model, `maxn` within its work budget.

use super::{OneWayTable, Piece};
use crate::game::GameParams;
use crate::strategy::budget::Search;
use crate::strategy::named::{Built, TableStrategies};
use crate::strategy::table::full_information;

impl<P: Piece> TableStrategies for OneWayTable<P> {
    const NAMES: &'static [&'static str] = &["random", "greedy", "maxn"];

    fn strategy(name: &str, depth: Option<u32>, params: &GameParams) -> Built<Self> {
        if name == "maxn" {
            let (rows, cols) = params
                .size(&P::INFO)
                .map_err(|_| "the parameters are not a board of this piece")?;
            let depth = depth.unwrap_or(P::INFO.default_depth);
            oneway_maxn::<P>().check(rows, cols, depth)?;
        }
        Ok(full_information::<OneWayTable<P>>(name, depth))
    }
}

/// The one-way piece's `maxn` (for two or three seats) and its work a move
/// ([`super::maxn_work`]).
pub(crate) fn oneway_maxn<P: Piece>() -> Search<'static> {
    Search {
        game: P::INFO.name,
        name: "maxn",
        what: "the product over the depth of the most moves the piece can have that many moves from its start",
        min_side: super::MIN_SIDE,
        work: &super::maxn_work::<P>,
    }
}
