//! `arena.debug_log`: a bounded line of text the referee keeps in the game's replay.

/// Writes `message` to the referee's debug log for this game (the import
/// `arena.debug_log(ptr, len)`). The referee bounds what it keeps, so log sparingly.
///
/// On targets other than `wasm32` this does nothing, so bot code also builds and runs
/// natively, in unit tests for example.
pub fn debug_log(message: &str) {
    #[cfg(target_arch = "wasm32")]
    {
        #[link(wasm_import_module = "arena")]
        unsafe extern "C" {
            #[link_name = "debug_log"]
            fn arena_debug_log(ptr: i32, len: i32);
        }
        // SAFETY: the host only reads `len` bytes at `ptr`, which `message` owns.
        unsafe { arena_debug_log(message.as_ptr() as i32, message.len() as i32) }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = message;
}
