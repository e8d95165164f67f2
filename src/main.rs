//! The `arena` binary: parses the command line and reports errors; all work happens in
//! the library and in `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

/// mimalloc rather than the system allocator: a tournament allocates and frees many small
/// buffers on every worker thread (stores, replays, rows, the report's frames), where
/// glibc's per-thread arenas grow with `mprotect` and fault in fresh pages. Measured in
/// `docs/PERFORMANCE.md`, "mimalloc" and "No transparent huge pages"; no output depends on the
/// allocator. The process refuses transparent huge pages ([`refuse_huge_pages`]), which
/// mimalloc would otherwise ask for.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    refuse_huge_pages();
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

/// Asks the kernel never to back this process's memory with transparent huge pages.
///
/// A huge page is zeroed whole (2 MiB) on its first touch, and where the kernel must
/// first compact memory to find one, the fault stalls. A tournament touches a few
/// kilobytes here and there of many fresh regions: with huge pages the same run was at
/// best a tenth faster, but usually slower (by up to a half), and held a fifth to a
/// third more memory (`docs/PERFORMANCE.md`, "No transparent huge pages"). No output depends on
/// it. Best effort: a kernel without the setting changes nothing.
fn refuse_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: `PR_SET_THP_DISABLE` only sets a flag of this process's memory map; it
    // takes no pointers and has no preconditions.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
