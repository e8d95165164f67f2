//! A recorded game drawn for the results page's replay viewer: the position before the
//! first move and after each move, as the game's own `render` draws it for a spectator
//! (hidden information shown), colours turned into HTML, and each move in the game's
//! notation.
//!
//! The crate is pure (no I/O) and knows games only through arena-games' table interface.
//! arena uses it natively to check that a replay can be drawn; `crates/arena-viewer`
//! builds it to WebAssembly, and `report.html` embeds that module so that the browser
//! draws a replay when it is opened, instead of the page carrying every position of every
//! game. A long replay is held instead ([`Positions`]) and drawn one position at a time,
//! as the page shows it.

pub mod ansi;
mod draw;
pub mod json;
mod lines;
mod notation;
mod positions;

pub use draw::{draw, walk, DrawError, Drawing, DrawnMove};
pub use notation::{colours, notation};
pub use positions::Positions;
