//! The games' random generator: arena's one pinned generator (crate `arena-rng`), under
//! the name the games use.

/// A seeded, portable random generator for starting positions and strategies.
pub type GameRng = arena_rng::SeededRng;
