//! The replay viewer of `report.html`, as a WebAssembly module with three exports:
//!
//! - `arena_view_input(len) -> ptr`: makes room for a request of `len` bytes and returns
//!   where the page writes it;
//! - `arena_view_draw() -> len`: answers the request and returns the answer's length;
//! - `arena_view_output() -> ptr`: where the answer is.
//!
//! A request is UTF-8 text, one of:
//!
//! - `all\nGAME\nSETUP\nMOVES`: every position of a replay (the game's name, the
//!   replay's setup line, its moves as decimal numbers separated by commas, empty for
//!   none), answered with [`arena_view::json::drawing`]'s JSON;
//! - `hold\nGAME\nSETUP\nMOVES`: the replay re-played once and held, answered with its
//!   moves ([`arena_view::json::moves`]), for a replay too long to draw whole;
//! - `frame\nK`: the position after `K` moves of the held replay
//!   ([`arena_view::json::frame`]).
//!
//! What the rules refuse, or a request that is none of these, is answered
//! `{"error":"…"}`. One buffer of each kind and one held replay are kept and reused, so
//! the page can draw any number of games.

use std::cell::RefCell;

use arena_games::registry::find_table_game;
use arena_view::{json, Positions};

/// Moves between two kept positions of a held replay: a position is drawn after at most
/// this many moves re-played from a kept one.
pub const STRIDE: usize = 256;

thread_local! {
    /// The request being written by the page, and the last answer.
    static BUFFERS: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    /// The held replay.
    static HELD: RefCell<Option<Positions>> = const { RefCell::new(None) };
}

/// `{"error":"…"}`.
fn refuse(reason: &str) -> Vec<u8> {
    let mut out = b"{\"error\":".to_vec();
    json::push_str(&mut out, reason);
    out.push(b'}');
    out
}

/// A replay's part of a request: game, setup and moves.
fn replay(
    text: &str,
) -> Result<
    (
        &'static dyn arena_games::registry::TableKind,
        &str,
        Vec<i32>,
    ),
    String,
> {
    let mut parts = text.splitn(3, '\n');
    let (Some(game), Some(setup), Some(moves)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("the request is not a game, a setup and moves".into());
    };
    let moves: Result<Vec<i32>, _> = moves
        .split(',')
        .filter(|m| !m.is_empty())
        .map(str::parse)
        .collect();
    let moves = moves.map_err(|_| "a move is not a number".to_string())?;
    let kind = find_table_game(game).map_err(|e| e.to_string())?;
    Ok((kind, setup, moves))
}

/// Answers one request (see the crate's documentation).
pub fn answer(request: &[u8]) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(request) else {
        return refuse("the request is not UTF-8");
    };
    let (what, rest) = text.split_once('\n').unwrap_or((text, ""));
    match what {
        "all" => match replay(rest) {
            Ok((kind, setup, moves)) => match arena_view::draw(kind, setup, &moves) {
                Ok(d) => json::drawing(&d),
                Err(e) => json::error(&e),
            },
            Err(reason) => refuse(&reason),
        },
        "hold" => {
            HELD.with(|h| *h.borrow_mut() = None);
            match replay(rest) {
                Ok((kind, setup, moves)) => match Positions::new(kind, setup, &moves, STRIDE) {
                    Ok((positions, drawn)) => {
                        HELD.with(|h| *h.borrow_mut() = Some(positions));
                        json::moves(&drawn)
                    }
                    Err(e) => json::error(&e),
                },
                Err(reason) => refuse(&reason),
            }
        }
        "frame" => {
            let Ok(k) = rest.parse::<usize>() else {
                return refuse("the position is not a number");
            };
            HELD.with(|h| match &*h.borrow() {
                None => refuse("no replay is held"),
                Some(p) => match p.html(k) {
                    Some(lines) => json::frame(&lines),
                    None => refuse("no such position"),
                },
            })
        }
        _ => refuse("the request is not all, hold or frame"),
    }
}

/// Makes room for a request of `len` bytes and returns where to write it.
#[no_mangle]
pub extern "C" fn arena_view_input(len: u32) -> *mut u8 {
    BUFFERS.with(|b| {
        let input = &mut b.borrow_mut().0;
        input.clear();
        input.resize(len as usize, 0);
        input.as_mut_ptr()
    })
}

/// Answers the request written at [`arena_view_input`]'s pointer; returns the answer's
/// length.
#[no_mangle]
pub extern "C" fn arena_view_draw() -> u32 {
    BUFFERS.with(|b| {
        let (input, output) = &mut *b.borrow_mut();
        *output = answer(input);
        output.len() as u32
    })
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn arena_view_output() -> *const u8 {
    BUFFERS.with(|b| b.borrow().1.as_ptr())
}
