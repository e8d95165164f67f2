//! The bounds of every numeric flag, in one place (listed in docs/TOURNAMENT.md). A value
//! outside is refused by clap before anything runs, naming the flag and the range; the
//! help text of each flag states its range (a test below keeps the two in step).
//!
//! Bounds exist so that a typo cannot make arena allocate gigabytes, start a hundred
//! thousand threads or search forever. They are generous for real use.

/// `--rounds`: series per pair of bots. 1000 rounds of a 20-bot field is 190 000 series.
pub const MAX_ROUNDS: u32 = 1000;

/// The most series one tournament may schedule (pairs × rounds, or submissions ×
/// references × rounds for a gauntlet): 200 bots over 5 rounds, or 20 bots over 1000.
/// Each series holds its schedule entry and its game rows until the summaries are
/// written, a few KiB at most, so this bounds a run's memory to well under a GiB.
pub const MAX_SERIES: u64 = 200_000;

/// `--threads` (tournament, bench): each worker holds a slot of the sandbox's memory
/// pool; beyond the machine's cores more only costs memory.
pub const MAX_THREADS: u32 = 256;

/// `match --games`.
pub const MAX_MATCH_GAMES: u32 = 100_000;

/// `check --games`.
pub const MAX_CHECK_GAMES: u32 = 1_000;

/// `--fuel`: per move. Ten billion is about 50 times the default, tens of seconds of a
/// fast bot's time.
pub const MAX_FUEL: u64 = 10_000_000_000;

/// `--memory-mib`: 4 GiB, all a 32-bit memory can address.
pub const MAX_MEMORY_MIB: u64 = 4096;

/// `--stack-kib`: at least 4 KiB, at most 256 MiB (what the sandbox accepts).
pub const MIN_STACK_KIB: u64 = 4;
/// See [`MIN_STACK_KIB`].
pub const MAX_STACK_KIB: u64 = 256 << 10;

/// `--timeout-secs`: the wall-clock safety net per call.
pub const MAX_TIMEOUT_SECS: u64 = 3600;

/// `--depth` and `builtin:NAME:DEPTH`: no game allows deeper (each game's own bound,
/// `max_depth`, is lower and checked once the game is known).
pub const MAX_DEPTH: u32 = arena::contestant::MAX_DEPTH;

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The help text of `--flag` of `command`.
    fn help(command: &str, flag: &str) -> String {
        let cli = super::super::Cli::command();
        let sub = cli
            .get_subcommands()
            .find(|c| c.get_name() == command)
            .unwrap_or_else(|| panic!("no command {command}"));
        let arg = sub
            .get_arguments()
            .find(|a| a.get_long() == Some(flag))
            .unwrap_or_else(|| panic!("no --{flag} in {command}"));
        arg.get_help().map(|h| h.to_string()).unwrap_or_default()
    }

    #[test]
    fn every_bound_is_in_the_help_of_its_flag() {
        let cases: [(&str, &str, String); 11] = [
            ("tournament", "rounds", format!("1 to {MAX_ROUNDS}")),
            ("tournament", "threads", format!("1 to {MAX_THREADS}")),
            ("match", "threads", format!("1 to {MAX_THREADS}")),
            ("bench", "threads", format!("1 to {MAX_THREADS}")),
            ("match", "games", format!("1 to {MAX_MATCH_GAMES}")),
            ("check", "games", format!("1 to {MAX_CHECK_GAMES}")),
            ("tournament", "fuel", format!("1 to {MAX_FUEL}")),
            ("tournament", "memory-mib", format!("1 to {MAX_MEMORY_MIB}")),
            (
                "tournament",
                "stack-kib",
                format!("{MIN_STACK_KIB} to {MAX_STACK_KIB}"),
            ),
            (
                "tournament",
                "timeout-secs",
                format!("1 to {MAX_TIMEOUT_SECS}"),
            ),
            ("tournament", "depth", format!("1 to {MAX_DEPTH}")),
        ];
        for (command, flag, range) in cases {
            let text = help(command, flag);
            assert!(text.contains(&range), "{command} --{flag}: {text}");
        }
    }

    #[test]
    fn the_bounds_fit_the_sandbox() {
        let limits = arena::runtime::Limits {
            fuel_per_move: MAX_FUEL,
            memory_bytes: MAX_MEMORY_MIB << 20,
            stack_bytes: (MAX_STACK_KIB << 10) as usize,
            timeout_secs: MAX_TIMEOUT_SECS,
            ..arena::runtime::Limits::default()
        };
        assert_eq!(limits.validate(), Ok(()));
        let limits = arena::runtime::Limits {
            stack_bytes: (MIN_STACK_KIB << 10) as usize,
            ..arena::runtime::Limits::default()
        };
        assert_eq!(limits.validate(), Ok(()));
    }
}
