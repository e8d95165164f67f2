//! The `arena` binary: parses the command line and reports errors; all work happens in
//! the library and in `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

/// mimalloc rather than the system allocator: a tournament allocates and frees many small
/// buffers on every worker thread (stores, replays, rows, the report's frames), where
/// glibc's per-thread arenas grow with `mprotect` and fault in fresh pages. Measured in
/// `docs/PERFORMANCE.md` (fifteenth session); no output depends on the allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("arena: error: {}", printable(&chain(&err)));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes, joined with `: ` as `{:#}` joins them, leaving out a cause
/// whose text the message already holds (an I/O error's message names it and also keeps
/// it as its source: `afile: Not a directory`, said once).
fn chain(err: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if message.is_empty() {
            message = text;
        } else if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
    }
    message
}

/// An error message on one line, with every control and invisible character escaped,
/// newlines included (`\n`), as `arena check` and the results files escape them: a
/// message can quote what it read from a damaged results file or a module, and none of
/// it may reach the terminal raw (a newline that forges a line of output, an escape
/// sequence, a bell, a bidirectional override).
fn printable(message: &str) -> String {
    arena::bot_name::escape_message(message)
}

/// Lets a closed pipe end the process quietly, as it does other command-line tools
/// (`arena games | head`): Rust ignores SIGPIPE, which would turn the next write into a
/// panic.
fn restore_sigpipe() {
    #[cfg(unix)]
    // SAFETY: resetting a signal's disposition to its default at start-up, before any
    // thread exists, has no preconditions.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
