//! The replay viewer of `report.html`, as a WebAssembly module with three exports:
//!
//! - `arena_view_input(len) -> ptr`: makes room for a request of `len` bytes and returns
//!   where the page writes it;
//! - `arena_view_draw() -> len`: draws the request and returns the length of the answer;
//! - `arena_view_output() -> ptr`: where the answer is.
//!
//! A request is UTF-8 text of three lines: the game's name, the replay's setup line and
//! its moves as decimal numbers separated by commas (empty for none). The answer is
//! [`arena_view::json::drawing`]'s JSON, or `{"error":"…"}` naming what the rules refuse.
//! One buffer of each kind is kept and reused, so the page can draw any number of games.

use std::cell::RefCell;

use arena_games::registry::find_table_game;
use arena_view::json;

thread_local! {
    /// The request being written by the page, and the last answer.
    static BUFFERS: RefCell<(Vec<u8>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Answers one request (see the crate's documentation).
pub fn answer(request: &[u8]) -> Vec<u8> {
    let refuse = |reason: &str| {
        let mut out = b"{\"error\":".to_vec();
        json::push_str(&mut out, reason);
        out.push(b'}');
        out
    };
    let Ok(text) = std::str::from_utf8(request) else {
        return refuse("the request is not UTF-8");
    };
    let mut parts = text.splitn(3, '\n');
    let (Some(game), Some(setup), Some(moves)) = (parts.next(), parts.next(), parts.next()) else {
        return refuse("the request is not three lines");
    };
    let moves: Result<Vec<i32>, _> = moves
        .split(',')
        .filter(|m| !m.is_empty())
        .map(str::parse)
        .collect();
    let Ok(moves) = moves else {
        return refuse("a move is not a number");
    };
    let kind = match find_table_game(game) {
        Ok(kind) => kind,
        Err(e) => return refuse(&e.to_string()),
    };
    match arena_view::draw(kind, setup, &moves) {
        Ok(d) => json::drawing(&d),
        Err(e) => json::error(&e),
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

/// Draws the request written at [`arena_view_input`]'s pointer; returns the answer's
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
