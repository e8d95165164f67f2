//! Compiling a checked module into wasmtime's artefact, bounded in time and memory.
//!
//! Compiling is outside wasmtime's security model: a hostile module can make Cranelift
//! run for hours or allocate gigabytes. The linear pre-compile scan
//! (`code_limits.rs`) refuses the shapes known to do that; [`Compiler::Process`] bounds
//! everything else by compiling in a child process (the `arena` executable itself, run
//! with the hidden subcommand [`COMPILE_SUBCOMMAND`]) under an address-space limit, a
//! CPU-time limit and a wall-clock kill, so one module costs the grader at most what
//! [`Limits::compile_secs`] and [`Limits::compile_memory_bytes`] say.

use std::borrow::Cow;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use wasmtime::Engine;

use super::limits::Limits;
use super::load_error::LoadError;
use super::metering::{Metering, METERING_ENV};
use super::module_text;
use crate::units::human_bytes;

/// The hidden subcommand of the `arena` executable that compiles one module: the wasm
/// binary on stdin, the serialized artefact on stdout, an error message on stderr
/// (exit 1 when the module does not compile, 3 when the child itself failed).
pub const COMPILE_SUBCOMMAND: &str = "__compile";

/// The compile child's exit code when wasmtime refuses the module: the module's problem.
const REFUSED_EXIT: u8 = 1;

/// The compile child's exit code when it failed for a reason of its own (its engine, its
/// pipes): the harness's problem, whatever the module.
const HARNESS_EXIT: u8 = 3;

/// The largest artefact read back from the child (artefacts are a few times the module).
const MAX_ARTEFACT: u64 = 1 << 30;

/// The most of the child's stderr kept for the message.
const MAX_STDERR: u64 = 16 << 10;

/// Where modules are compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Compiler {
    /// In this process, with no bound on time or memory beyond the pre-compile scan.
    /// Only for trusted modules: the example bots the bench embeds and the library's own
    /// tests. [`super::Sandbox::new`] uses it.
    InProcess,
    /// In a child process running this `arena` executable with [`COMPILE_SUBCOMMAND`],
    /// under the compile limits. The CLI passes its own executable
    /// (`std::env::current_exe`); integration tests pass `env!("CARGO_BIN_EXE_arena")`.
    Process(PathBuf),
}

/// The artefact of `binary` (already checked) for `engine`, compiled by `compiler`.
///
/// # Errors
/// [`LoadError::Invalid`] when wasmtime refuses the module,
/// [`LoadError::CompileLimit`] when compiling passed a bound, [`LoadError::Compiler`]
/// when the child process cannot be run.
pub(crate) fn artefact(
    compiler: &Compiler,
    engine: &Engine,
    metering: Metering,
    limits: &Limits,
    binary: &[u8],
) -> Result<Vec<u8>, LoadError> {
    match compiler {
        Compiler::InProcess => {
            let code = metered(metering, binary).map_err(|e| LoadError::invalid(&e))?;
            engine
                .precompile_module(&code)
                .map_err(|e| LoadError::invalid(&chain(&e)))
        }
        // The child rewrites the module too: the rewrite's time and memory grow with the
        // module's shape (branches times the blocks they leave), so they are bounded with
        // the compile's.
        Compiler::Process(exe) => in_child(exe, metering, limits, binary),
    }
}

/// `binary` as `metering` runs it: rewritten by arena's metering when it asks for it
/// (the rewrite's refusal in words otherwise).
fn metered(metering: Metering, binary: &[u8]) -> Result<Cow<'_, [u8]>, String> {
    if metering.rewrites() {
        super::metering::instrument(binary)
            .map(Cow::Owned)
            .map_err(|e| e.to_string())
    } else {
        Ok(Cow::Borrowed(binary))
    }
}

/// The error and its causes on one line.
pub(crate) fn chain(err: &wasmtime::Error) -> String {
    err.chain()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(": ")
}

/// The wall-clock bound of one compile: twice the CPU bound plus 5 s, so that a child
/// waiting for a busy machine is not killed before its CPU limit could stop it.
pub(crate) fn wall_secs(limits: &Limits) -> u64 {
    limits.compile_secs.saturating_mul(2).saturating_add(5)
}

/// Runs `exe __compile` with `binary` on stdin and returns what it wrote on stdout. The
/// child's engine is told its `metering` (whatever this process's environment says).
fn in_child(
    exe: &Path,
    metering: Metering,
    limits: &Limits,
    binary: &[u8],
) -> Result<Vec<u8>, LoadError> {
    let mut cmd = Command::new(exe);
    cmd.arg(COMPILE_SUBCOMMAND)
        .arg("--stack-bytes")
        .arg(limits.stack_bytes.to_string())
        .env("RUST_BACKTRACE", "0")
        .env(METERING_ENV, metering.name())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    bound(&mut cmd, limits.compile_secs, limits.compile_memory_bytes);
    let mut child = cmd.spawn().map_err(|e| {
        LoadError::CompilerUnavailable(format!("cannot run {}: {e}", exe.display()))
    })?;
    let (Some(mut stdin), Some(stdout), Some(stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(LoadError::CompilerUnavailable(
            "the child's pipes are missing".into(),
        ));
    };
    let input = binary.to_vec();
    // A child that dies early closes its stdin: the write error is expected then.
    let writer = std::thread::spawn(move || drop(stdin.write_all(&input)));
    let out = std::thread::spawn(move || read_capped(stdout, MAX_ARTEFACT));
    let err = std::thread::spawn(move || read_capped(stderr, MAX_STDERR));
    let deadline = Instant::now() + Duration::from_secs(wall_secs(limits));
    let mut pause = Duration::from_millis(1);
    let (end, killed) = loop {
        match try_reap(&mut child) {
            Ok(Some(end)) => break (end, false),
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                match reap(&mut child) {
                    // Unless it ended by itself just before the kill.
                    Ok(end) => break (end, was_killed(end.status)),
                    Err(e) => return Err(LoadError::Compiler(e.to_string())),
                }
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(20));
            }
            Err(e) => {
                let _ = child.kill();
                let _ = reap(&mut child);
                return Err(LoadError::Compiler(e.to_string()));
            }
        }
    };
    let _ = writer.join();
    let out = out.join().unwrap_or_default();
    let err = String::from_utf8_lossy(&err.join().unwrap_or_default())
        .trim()
        .to_string();
    judge(end, killed, out, &err, limits, MAX_ARTEFACT)
}

/// Reads at most `cap` bytes of `from` (a pipe), ignoring read errors after the start.
fn read_capped(from: impl Read, cap: u64) -> Vec<u8> {
    let mut buf = Vec::new();
    let _ = from.take(cap).read_to_end(&mut buf);
    buf
}

/// How the child ended: its status and, where the system reports it, the CPU time it
/// used (user and system, every thread).
#[derive(Clone, Copy, Debug)]
struct Ended {
    status: ExitStatus,
    cpu: Option<Duration>,
}

/// What the child's end means (`max_artefact`: the most of its output that was read).
/// What the child wrote on stderr (`err`) is wasmtime's message about the module, or a
/// panic's: it is shown only as [`module_text::compiler_message`] words it.
fn judge(
    end: Ended,
    killed: bool,
    out: Vec<u8>,
    err: &str,
    limits: &Limits,
    max_artefact: u64,
) -> Result<Vec<u8>, LoadError> {
    let shown = |text: &str| module_text::compiler_message(text);
    let memory = || {
        LoadError::CompileLimit(format!(
            "exceeded the {} memory limit",
            human_bytes(limits.compile_memory_bytes)
        ))
    };
    let out_of_memory = err.contains("memory allocation of")
        || err.contains("Cannot allocate memory")
        || err.contains("out of memory");
    if killed {
        // The CPU limit would have stopped a child that had the CPU time it asked for:
        // one still running at the wall-clock bound waited for a busy machine.
        return Err(LoadError::CompilerStarved {
            wall_secs: wall_secs(limits),
            cpu_secs: limits.compile_secs,
        });
    }
    let status = end.status;
    // The CPU limit's `SIGKILL` (at the hard limit, a second past the soft one) comes only
    // after the child used its CPU time: a `SIGKILL` before that was sent by someone else,
    // on Linux the out-of-memory killer when the machine runs short (the child's own
    // allocations stop at its address-space limit and fail as allocations).
    if let (Some(cpu), true) = (end.cpu, was_killed(status)) {
        if cpu < Duration::from_secs(limits.compile_secs) {
            return Err(LoadError::Compiler(format!(
                "the compiler process was killed (SIGKILL) after {:.1} s of CPU time, \
                 under its {} s limit: not by arena's bounds but by the system, which \
                 does this when the machine runs out of memory",
                cpu.as_secs_f64(),
                limits.compile_secs
            )));
        }
    }
    // As much as was read: the child wrote more, and exited or died writing the rest
    // into a pipe closed on it.
    if out.len() as u64 >= max_artefact {
        return Err(LoadError::CompileLimit(format!(
            "made compiled code of more than {}",
            human_bytes(max_artefact)
        )));
    }
    match status.code() {
        Some(0) => Ok(out),
        Some(_) if out_of_memory => Err(memory()),
        Some(code) if code == i32::from(REFUSED_EXIT) => Err(LoadError::invalid(err)),
        // A panic inside wasmtime or Cranelift, caused by this module.
        Some(101) => Err(LoadError::CompileLimit(format!(
            "crashed the compiler process: {}",
            shown(err.lines().next().unwrap_or_default())
        ))),
        Some(code) => Err(LoadError::Compiler(format!(
            "the compiler process exited with code {code}: {}",
            shown(err)
        ))),
        None => match signal(status) {
            Some(s) if is_cpu_signal(s) => Err(LoadError::CompileLimit(format!(
                "exceeded {} s of CPU time",
                limits.compile_secs
            ))),
            _ if out_of_memory => Err(memory()),
            Some(s) => Err(LoadError::CompileLimit(format!(
                "crashed the compiler process (signal {s}){}",
                if err.is_empty() {
                    String::new()
                } else {
                    format!(": {}", shown(err))
                }
            ))),
            None => Err(LoadError::Compiler("the compiler process vanished".into())),
        },
    }
}

/// Reaps the child if it has ended, with the CPU time it used (`wait4`, which reports
/// it, in place of `Child::try_wait`).
#[cfg(unix)]
fn try_reap(child: &mut std::process::Child) -> std::io::Result<Option<Ended>> {
    wait4(child, libc::WNOHANG)
}

/// Waits for the child to end and reaps it, with the CPU time it used.
#[cfg(unix)]
fn reap(child: &mut std::process::Child) -> std::io::Result<Ended> {
    loop {
        if let Some(end) = wait4(child, 0)? {
            return Ok(end);
        }
    }
}

/// One `wait4` for the child with `options`; `None` when it has not ended (`WNOHANG`).
#[cfg(unix)]
fn wait4(child: &mut std::process::Child, options: i32) -> std::io::Result<Option<Ended>> {
    use std::os::unix::process::ExitStatusExt;
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `wait4` writes only the status and the usage we pass; `pid` is our own
        // child, not yet reaped (std never reaps it: every wait goes through here).
        let got = unsafe { libc::wait4(pid, &mut status, options, &mut usage) };
        if got == pid {
            let time = |t: libc::timeval| {
                Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
                    + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
            };
            return Ok(Some(Ended {
                status: ExitStatus::from_raw(status),
                cpu: Some(time(usage.ru_utime) + time(usage.ru_stime)),
            }));
        }
        if got == 0 {
            return Ok(None);
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

#[cfg(not(unix))]
fn try_reap(child: &mut std::process::Child) -> std::io::Result<Option<Ended>> {
    Ok(child.try_wait()?.map(|status| Ended { status, cpu: None }))
}

#[cfg(not(unix))]
fn reap(child: &mut std::process::Child) -> std::io::Result<Ended> {
    Ok(Ended {
        status: child.wait()?,
        cpu: None,
    })
}

/// The signal that ended the process, where there are signals.
#[cfg(unix)]
fn signal(status: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

#[cfg(not(unix))]
fn signal(_status: ExitStatus) -> Option<i32> {
    None
}

/// Whether the child ended by the kill (`SIGKILL`), not by itself.
#[cfg(unix)]
fn was_killed(status: ExitStatus) -> bool {
    signal(status) == Some(libc::SIGKILL)
}

#[cfg(not(unix))]
fn was_killed(_status: ExitStatus) -> bool {
    true
}

/// Whether the signal is the one the CPU limit sends (`SIGXCPU` at the soft limit,
/// `SIGKILL` at the hard one).
#[cfg(unix)]
fn is_cpu_signal(signal: i32) -> bool {
    signal == libc::SIGXCPU || signal == libc::SIGKILL
}

#[cfg(not(unix))]
fn is_cpu_signal(_signal: i32) -> bool {
    false
}

/// Puts the child under the CPU-time, address-space and core-file limits.
#[cfg(unix)]
fn bound(cmd: &mut Command, cpu_secs: u64, memory_bytes: u64) {
    use std::os::unix::process::CommandExt;
    let set = |resource, soft: u64, hard: u64| {
        let limit = libc::rlimit {
            rlim_cur: soft as libc::rlim_t,
            rlim_max: hard as libc::rlim_t,
        };
        // SAFETY: `setrlimit` reads the struct we pass and nothing else.
        if unsafe { libc::setrlimit(resource, &limit) } == 0 {
            Ok(())
        } else {
            Err(std::io::Error::last_os_error())
        }
    };
    // SAFETY: the closure runs in the forked child before `exec`; it only calls
    // `setrlimit`, which is async-signal-safe, and allocates nothing.
    unsafe {
        cmd.pre_exec(move || {
            set(libc::RLIMIT_CORE, 0, 0)?;
            set(libc::RLIMIT_CPU, cpu_secs, cpu_secs.saturating_add(1))?;
            set(libc::RLIMIT_AS, memory_bytes, memory_bytes)
        });
    }
}

#[cfg(not(unix))]
fn bound(_cmd: &mut Command, _cpu_secs: u64, _memory_bytes: u64) {}

/// The child's side of [`COMPILE_SUBCOMMAND`]: reads a wasm binary from `input`,
/// compiles it with the engine configuration of a sandbox whose wasm stack is
/// `stack_bytes` (the only limit that configures the engine's compiler), and writes the
/// serialized artefact to `output`.
///
/// # Errors
/// [`ServeCompileError`], for stderr: the module does not compile, or the pipes failed.
pub fn serve_compile(
    stack_bytes: usize,
    input: &mut dyn Read,
    output: &mut dyn Write,
) -> Result<(), ServeCompileError> {
    let limits = Limits {
        stack_bytes,
        ..Limits::default()
    };
    limits.validate()?;
    let metering = super::metering::Metering::from_env()
        .map_err(|e| ServeCompileError::Engine(e.to_string()))?;
    let engine = Engine::new(&super::config::config(&limits, false, metering))
        .map_err(|e| ServeCompileError::Engine(chain(&e)))?;
    let mut binary = Vec::new();
    input
        .take(Limits::MAX_MEMORY_BYTES)
        .read_to_end(&mut binary)
        .map_err(ServeCompileError::Read)?;
    let code = metered(metering, &binary).map_err(ServeCompileError::Compile)?;
    let artefact = engine
        .precompile_module(&code)
        .map_err(|e| ServeCompileError::Compile(chain(&e)))?;
    output
        .write_all(&artefact)
        .and_then(|()| output.flush())
        .map_err(ServeCompileError::Write)
}

/// Why the compile child could not deliver an artefact.
#[derive(Debug, thiserror::Error)]
pub enum ServeCompileError {
    /// The stack size it was given is unusable.
    #[error(transparent)]
    Limits(#[from] super::limits::LimitsError),
    /// wasmtime refused the configuration.
    #[error("{0}")]
    Engine(String),
    /// The module could not be read from the pipe.
    #[error("cannot read the module: {0}")]
    Read(std::io::Error),
    /// The module does not compile (wasmtime's message chain).
    #[error("{0}")]
    Compile(String),
    /// The artefact could not be written to the pipe.
    #[error("cannot write the artefact: {0}")]
    Write(std::io::Error),
}

impl ServeCompileError {
    /// The child's exit code for it: 1 (`REFUSED_EXIT`) when wasmtime refused the module,
    /// 3 (`HARNESS_EXIT`) for the child's own failures.
    pub fn exit_code(&self) -> u8 {
        match self {
            ServeCompileError::Compile(_) => REFUSED_EXIT,
            _ => HARNESS_EXIT,
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::process::ExitStatusExt;

    use super::*;

    fn exited(code: i32) -> ExitStatus {
        ExitStatus::from_raw(code << 8)
    }

    fn judged(
        status: ExitStatus,
        killed: bool,
        out: &[u8],
        err: &str,
    ) -> Result<Vec<u8>, LoadError> {
        let end = Ended { status, cpu: None };
        judge(end, killed, out.to_vec(), err, &Limits::default(), 8)
    }

    fn killed_after(cpu_secs: u64) -> Result<Vec<u8>, LoadError> {
        let end = Ended {
            status: ExitStatus::from_raw(libc::SIGKILL),
            cpu: Some(Duration::from_secs(cpu_secs)),
        };
        judge(end, false, Vec::new(), "", &Limits::default(), 8)
    }

    /// A shell script standing in for `arena` as the compile child.
    fn child_script(body: &str) -> (tempfile::TempDir, PathBuf) {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("child.sh");
        std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        (dir, path)
    }

    #[test]
    fn a_sigkill_before_the_cpu_limit_is_the_machines() {
        // Sent by the system (the out-of-memory killer) while the child was within its
        // bounds: the machine's problem, not the module's.
        assert!(matches!(
            killed_after(1),
            Err(LoadError::Compiler(e)) if e.contains("killed (SIGKILL) after 1.0 s")
        ));
        // The CPU limit's own SIGKILL comes at the hard limit, past the soft one.
        assert!(matches!(
            killed_after(61),
            Err(LoadError::CompileLimit(e)) if e.contains("CPU time")
        ));
    }

    #[test]
    fn a_child_killed_by_another_process_stops_the_load_as_the_machines_problem() {
        let (_dir, exe) = child_script("kill -9 $$");
        let got = in_child(&exe, Metering::Wasmtime, &Limits::default(), b"\0asm");
        assert!(
            matches!(&got, Err(e @ LoadError::Compiler(m)) if m.contains("SIGKILL") && e.is_machine_problem()),
            "{got:?}"
        );
    }

    #[test]
    fn a_child_spinning_past_its_cpu_limit_is_the_modules_problem() {
        let (_dir, exe) = child_script("while :; do :; done");
        let limits = Limits {
            compile_secs: 1,
            ..Limits::default()
        };
        let got = in_child(&exe, Metering::Wasmtime, &limits, b"\0asm");
        assert!(
            matches!(&got, Err(LoadError::CompileLimit(m)) if m.contains("1 s of CPU time")),
            "{got:?}"
        );
    }

    #[test]
    fn the_childs_end_is_the_modules_problem_or_the_machines() {
        assert_eq!(judged(exited(0), false, b"code", "").unwrap(), b"code");
        // The module's: refused, out of a bound, a crash it caused, too much code.
        assert!(matches!(
            judged(exited(i32::from(REFUSED_EXIT)), false, b"", "type mismatch"),
            Err(LoadError::Invalid(e)) if e == "type mismatch"
        ));
        assert!(matches!(
            judged(ExitStatus::from_raw(libc::SIGXCPU), false, b"", ""),
            Err(LoadError::CompileLimit(e)) if e.contains("CPU time")
        ));
        assert!(matches!(
            judged(exited(101), false, b"", "thread panicked"),
            Err(LoadError::CompileLimit(e)) if e.contains("crashed")
        ));
        assert!(matches!(
            judged(exited(1), false, b"", "memory allocation of 8 bytes failed"),
            Err(LoadError::CompileLimit(e)) if e.contains("memory limit")
        ));
        for status in [exited(0), ExitStatus::from_raw(libc::SIGPIPE)] {
            assert!(matches!(
                judged(status, false, b"12345678", ""),
                Err(LoadError::CompileLimit(e)) if e.contains("more than 8 bytes")
            ));
        }
        assert!(was_killed(ExitStatus::from_raw(libc::SIGKILL)));
        assert!(!was_killed(ExitStatus::from_raw(libc::SIGXCPU)) && !was_killed(exited(0)));
        // The machine's: the child's own failure, or a child the machine starved.
        assert!(matches!(
            judged(
                exited(i32::from(HARNESS_EXIT)),
                false,
                b"",
                "cannot read the module"
            ),
            Err(LoadError::Compiler(_))
        ));
        assert!(matches!(
            judged(ExitStatus::from_raw(libc::SIGKILL), true, b"", ""),
            Err(LoadError::CompilerStarved {
                wall_secs: 125,
                cpu_secs: 60
            })
        ));
    }

    #[test]
    fn only_a_refused_module_exits_as_the_modules_problem() {
        assert_eq!(
            ServeCompileError::Compile("bad".into()).exit_code(),
            REFUSED_EXIT
        );
        for error in [
            ServeCompileError::Engine("no".into()),
            ServeCompileError::Read(std::io::Error::other("pipe")),
            ServeCompileError::Write(std::io::Error::other("pipe")),
        ] {
            assert_eq!(error.exit_code(), HARNESS_EXIT, "{error}");
        }
    }
}
