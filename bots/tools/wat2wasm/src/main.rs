//! `arena-wat2wasm IN.wat OUT.wasm`: assembles a hand-written bot for `bots/build.sh`.
//!
//! It uses the `wat` crate at the version `Cargo.lock` pins (the one wasmtime already
//! uses), so the bytes do not depend on which `wabt` a machine's package manager has.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output] = &args[..] else {
        eprintln!("usage: arena-wat2wasm IN.wat OUT.wasm");
        return ExitCode::from(2);
    };
    let bytes = match wat::parse_file(input) {
        Ok(bytes) => bytes,
        Err(err) => {
            eprintln!("arena-wat2wasm: {err}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(err) = std::fs::write(output, bytes) {
        eprintln!("arena-wat2wasm: cannot write {output}: {err}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
