//! A child process run to completion and measured as the kernel counts it: wall time,
//! CPU time and peak resident size, the child's own and its waited-for children's
//! (`wait4`'s resource usage). The scale bench runs whole tournaments this way, so that
//! the peak memory it prints is the tournament's, not the bench's.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What a finished child did and used.
#[derive(Clone, Debug)]
pub struct Measured {
    /// Its exit code; `None` when a signal ended it.
    pub code: Option<i32>,
    /// What it wrote on stdout (lossily decoded).
    pub stdout: String,
    /// What it wrote on stderr (lossily decoded).
    pub stderr: String,
    /// From start to exit.
    pub wall: Duration,
    /// User and system CPU time, its children's included.
    pub cpu: Duration,
    /// Peak resident set size, in KiB.
    pub peak_rss_kib: u64,
}

fn duration(t: libc::timeval) -> Duration {
    Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
        + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
}

fn drain(mut from: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Runs `command` (stdin closed, stdout and stderr captured) until it exits.
///
/// # Errors
/// When it cannot be started or waited for.
// The child is reaped by `wait4` (which also gives its resource usage), not `wait()`.
#[allow(clippy::zombie_processes)]
pub fn run(command: &mut Command) -> std::io::Result<Measured> {
    let start = Instant::now();
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value of the plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = loop {
        // SAFETY: `pid` is this process's own child, not yet waited for; the pointers are
        // to live locals.
        let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if waited == -1 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
        {
            continue;
        }
        break waited;
    };
    let wall = start.elapsed();
    if waited != pid {
        return Err(std::io::Error::last_os_error());
    }
    let text = |h: Option<std::thread::JoinHandle<String>>| {
        h.map(|h| h.join().unwrap_or_default()).unwrap_or_default()
    };
    Ok(Measured {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        stdout: text(stdout),
        stderr: text(stderr),
        wall,
        cpu: duration(usage.ru_utime) + duration(usage.ru_stime),
        peak_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_output_exit_code_and_memory() {
        let m = run(Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"])).unwrap();
        assert_eq!(m.code, Some(3));
        assert_eq!(m.stdout, "out\n");
        assert_eq!(m.stderr, "err\n");
        assert!(m.peak_rss_kib > 0);
    }

    #[test]
    fn a_missing_program_is_an_error() {
        assert!(run(&mut Command::new("/nonexistent/arena-bench-child")).is_err());
    }
}
