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
            eprintln!("arena: error: {err:#}");
            ExitCode::from(2)
        }
    }
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
