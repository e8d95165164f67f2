//! The `arena` binary: parses the command line and reports errors; all work happens in
//! the library and in `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    restore_sigpipe();
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("arena: error: {}", printable(&format!("{err:#}")));
            ExitCode::from(2)
        }
    }
}

/// An error message with every control and invisible character escaped, line by line: a
/// message can quote what it read from a damaged results file or a module, and none of
/// it may reach the terminal raw (an escape sequence, a bell, a bidirectional override).
fn printable(message: &str) -> String {
    message
        .split('\n')
        .map(arena::bot_name::escape_message)
        .collect::<Vec<_>>()
        .join("\n")
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
