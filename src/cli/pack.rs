//! `arena pack`: a Python bot as an ordinary `.wasm` module.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use arena::python::{self, PythonError, SCRIPT_CAP};
use arena::runtime::{human_bytes, Limits, LoadError, Sandbox};

use super::PackArgs;

pub fn run(args: PackArgs) -> anyhow::Result<ExitCode> {
    if !python::is_script(&args.script) {
        bail!(
            "{}: arena pack takes a Python bot, a file ending in .py",
            args.script.display()
        );
    }
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| args.script.with_extension("wasm"));
    // A module is found by its `.wasm` name (in a submissions folder too), and the rule
    // keeps the script itself from being written over (`--out bot.py`).
    if out.extension().is_none_or(|e| e != "wasm") {
        bail!(
            "--out {}: the packed module's name must end in .wasm (it would not be taken \
             for a module otherwise, and the script must not be written over)",
            out.display()
        );
    }
    let script = arena::module_file::read(&args.script, SCRIPT_CAP)
        .map_err(|e| LoadError::from_read(&args.script, e))?;
    // arena's own interpreter, compiled in this process (trusted), cached as usual.
    let cache = super::common::open_cache()?;
    let sandbox = Sandbox::with_compiler(
        Limits::default(),
        arena::runtime::Compiler::InProcess,
        cache,
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let bytes = match python::pack(&sandbox, &python::script_name(&args.script), &script) {
        Ok(bytes) => bytes,
        Err(PythonError::Script(why)) => {
            eprintln!(
                "{}: the script does not load:\n{why}",
                args.script.display()
            );
            return Ok(ExitCode::from(1));
        }
        Err(e) => return Err(e.into()),
    };
    let cap = Limits::default().module_bytes;
    if bytes.len() as u64 > cap {
        bail!(
            "the packed module would be {}, more than the {} module cap, so no tournament \
             would load it: hand in {} itself",
            human_bytes(bytes.len() as u64),
            human_bytes(cap),
            args.script.display()
        );
    }
    write(&out, &bytes)?;
    println!(
        "wrote {} ({}): arena check {}",
        out.display(),
        human_bytes(bytes.len() as u64),
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes `bytes` to `path` through a temporary file renamed into place.
fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let tmp: PathBuf = path.with_extension("wasm.tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}
