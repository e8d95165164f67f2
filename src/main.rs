//! The `arena` binary: parses the command line and reports errors; all work happens in
//! the library and in `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("arena: error: {err:#}");
            ExitCode::from(2)
        }
    }
}
