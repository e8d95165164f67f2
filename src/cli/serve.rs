//! `arena serve …` and `arena submit …`: run `arena-serve` (the course ladder's own
//! binary, crates/arena-serve) from this executable's folder, so that its web server and
//! database never grow the `arena` binary.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;

/// What `arena serve --help` adds: the commands of `arena-serve` and their flags (each
/// command's own `--help`, after its name, is arena-serve's).
pub const SERVE_HELP: &str = "Commands (run by arena-serve: cargo build --release -p arena-serve; docs/LADDER.md):
  arena serve COURSE_DIR [--listen ADDR] [--secure-cookies]     serve the ladder
  arena serve tokens COURSE_DIR [--out FILE] [--base-url URL] [--only ID]...
                                                                issue sign-in tokens
  arena serve export COURSE_DIR --out DIR                       the graded tournament's submissions and roster
  arena serve backup COURSE_DIR --out DIR                       a consistent copy while it runs
Flags: --listen --secure-cookies --out --base-url --only
Each command's flags: arena serve COMMAND --help";

/// What `arena submit --help` adds.
pub const SUBMIT_HELP: &str = "Usage: arena submit --server URL [--token-file FILE] BOT
  BOT is a .wasm, .wat or .py file; the token is $ARENA_TOKEN or the first line of --token-file.
  Exit 0: ready; 1: not ready (the report says why); 2: refused or unreachable (docs/LADDER.md).";

/// Every argument, passed on as given.
#[derive(Args, Debug)]
pub struct PassArgs {
    /// The arguments of `arena-serve` (`--help` lists them).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<OsString>,
}

/// Replaces this process with `arena-serve FIRST… ARGS…` (returns only when it cannot).
pub fn run(first: &[&str], args: PassArgs) -> anyhow::Result<ExitCode> {
    let exe = std::env::current_exe().context("cannot find the arena executable")?;
    let serve = exe.with_file_name("arena-serve");
    anyhow::ensure!(
        serve.is_file(),
        "the course ladder is a binary of its own, not found at {}: build it with `cargo build --release -p arena-serve` (docs/LADDER.md)",
        serve.display()
    );
    let mut command = std::process::Command::new(&serve);
    command.args(first).args(&args.args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let e = command.exec();
        Err(e).with_context(|| format!("cannot run {}", serve.display()))
    }
    #[cfg(not(unix))]
    {
        let status = command
            .status()
            .with_context(|| format!("cannot run {}", serve.display()))?;
        Ok(ExitCode::from(
            status.code().unwrap_or(2).clamp(0, 255) as u8
        ))
    }
}
