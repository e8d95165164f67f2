//! The numbers that bound what one bot may use, with their documented defaults.

use thiserror::Error;

/// One mebibyte.
const MIB: u64 = 1 << 20;

/// Every limit the sandbox enforces. All fields are public; start from
/// [`Limits::default`] and change what a tournament needs (the CLI maps its flags
/// `--fuel`, `--memory-mib`, `--stack-kib` and `--timeout-secs` onto these fields).
///
/// Every limit except [`Limits::timeout_secs`] and the compile bounds
/// ([`Limits::compile_secs`], [`Limits::compile_memory_bytes`]) is deterministic: the
/// same bot with the same inputs hits it at the same instruction on every machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Fuel (roughly one unit per WebAssembly instruction) for one move: the calls of
    /// `arena_alloc` and `choose_move` together, host calls included. Default 200 000 000:
    /// the reference depth-6 alpha-beta (`arena-games`' own, compiled to `wasm32` with
    /// optimisations) used at most 14.1 million fuel per move, 2.6 million on average,
    /// over four full games on 8x8 boards, so the default leaves a margin of about 14x for
    /// slower code (an unoptimised build, a heavier evaluation), while a runaway loop is
    /// stopped in well under a second. Flag `--fuel`.
    pub fuel_per_move: u64,
    /// Fuel for instantiation: data initialisation, the `start` function and a WASI
    /// reactor's `_initialize`. Default 100 000 000.
    pub fuel_instantiate: u64,
    /// Linear memory cap in bytes; growing past it faults the bot. Default 64 MiB.
    /// Flag `--memory-mib`.
    pub memory_bytes: u64,
    /// WebAssembly stack cap in bytes (`max_wasm_stack`). Default 512 KiB, wasmtime's own
    /// default, plenty for recursive searches of depth well beyond 100. Flag `--stack-kib`.
    /// The threads that run bots need a native stack of at least
    /// [`Limits::host_thread_stack`] bytes.
    pub stack_bytes: usize,
    /// Largest table a bot may have or grow to, in elements. Default 65 536 (a table holds
    /// one entry per function whose address is taken; real bots have a few thousand).
    pub table_elements: u32,
    /// Instances per bot. Default 1: a bot is one core module.
    pub instances: u32,
    /// Tables per bot. Default 4 (compilers emit one).
    pub tables: u32,
    /// Memories per bot. Default 1 (multi-memory is off).
    pub memories: u32,
    /// Largest module file in bytes, checked before anything is compiled: compiling is
    /// outside wasmtime's security model, so huge inputs are refused unread. Default 8 MiB
    /// (an optimised Rust or C bot is tens to hundreds of KiB).
    pub module_bytes: u64,
    /// Most functions (imported and defined) a module may have, checked by a cheap
    /// pre-parse before compiling. Default 50 000.
    pub max_functions: u32,
    /// Deepest nesting of blocks (`block`, `loop`, `if`) in one function, checked by a
    /// linear scan before compiling: Cranelift's time grows with the square of the
    /// depth. Default 10 000 (a Rust `match` of N arms nests about N blocks).
    pub max_nesting_depth: u32,
    /// Largest function body in bytes, checked before compiling. Default 1 MiB (the
    /// largest function of the example bots is a few KiB).
    pub max_function_bytes: u64,
    /// Most locals one function may declare, checked before compiling. Default 10 000.
    pub max_locals: u32,
    /// Most operators in one constant expression (a global's initialiser, a segment's
    /// offset or element), checked before compiling. Default 100 (compilers emit 1–3).
    pub max_const_expr_ops: u32,
    /// Most operators in all the module's constant expressions of more than one
    /// operator, added up: wasmtime compiles those into one initialisation function, whose
    /// compile time grows faster than its size. Default 10 000.
    pub max_const_ops_total: u32,
    /// CPU time one module's compilation may take, in seconds, when it is compiled in a
    /// child process (see [`super::Compiler`]); its wall-clock time is bounded by twice
    /// this plus 5 s. Default 60.
    pub compile_secs: u64,
    /// Address space of the child process that compiles one module, in bytes. Default
    /// 2 GiB (the example bots need under 200 MiB).
    pub compile_memory_bytes: u64,
    /// Captured output (debug log and WASI stdout/stderr together) kept per bot per game,
    /// in bytes; the rest is dropped and a `[truncated]` marker added. Default 64 KiB.
    pub output_bytes: usize,
    /// Safety net per call, in seconds of the calling thread's CPU time: a call is
    /// stopped (recorded as [`crate::bot::Fault::Timeout`]) once its CPU time passes this
    /// plus 1 µs per unit of its fuel budget (210 s for a move with the defaults). Fuel
    /// is the real limit and is reached long before; the net is defence in depth and,
    /// being CPU time rather than wall-clock time, never depends on the machine's load
    /// or the number of threads. Default 10. Flag `--timeout-secs`.
    pub timeout_secs: u64,
    /// How many bots one thread may hold alive at once: the slots of the instance pool
    /// of that thread's engine (every thread that plays bots has its own, so that workers
    /// never trade slots). Default 16 — a worker plays one game at a time, of at most
    /// four seats, and the margin covers bots not yet dropped. Not a limit on a bot: a
    /// full pool is a harness configuration problem, reported as such.
    pub max_live_bots: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            fuel_per_move: 200_000_000,
            fuel_instantiate: 100_000_000,
            memory_bytes: 64 * MIB,
            stack_bytes: 512 << 10,
            table_elements: 65_536,
            instances: 1,
            tables: 4,
            memories: 1,
            module_bytes: 8 * MIB,
            max_functions: 50_000,
            max_nesting_depth: 10_000,
            max_function_bytes: MIB,
            max_locals: 10_000,
            max_const_expr_ops: 100,
            max_const_ops_total: 10_000,
            compile_secs: 60,
            compile_memory_bytes: 2 << 30,
            output_bytes: 64 << 10,
            timeout_secs: 10,
            max_live_bots: 16,
        }
    }
}

/// Limits the sandbox cannot work with.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid limit `{field}`: {reason}")]
pub struct LimitsError {
    /// The field.
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl Limits {
    /// The largest memory cap accepted: 4 GiB, all a 32-bit memory can address.
    pub const MAX_MEMORY_BYTES: u64 = 4 << 30;

    /// The native stack a thread that runs bots should have: the wasm stack cap plus
    /// 2 MiB for the host's own frames. Rust threads (and rayon's) get 2 MiB unless told
    /// otherwise, which is enough for the default 512 KiB cap; give larger caps threads
    /// built with `std::thread::Builder::stack_size` or `rayon::ThreadPoolBuilder::stack_size`.
    pub fn host_thread_stack(&self) -> usize {
        self.stack_bytes.saturating_add(2 << 20)
    }

    /// Checks that every limit is usable.
    ///
    /// # Errors
    /// [`LimitsError`] naming the first field that is zero or out of range.
    pub fn validate(&self) -> Result<(), LimitsError> {
        let bad = |field, reason: &str| {
            Err(LimitsError {
                field,
                reason: reason.to_string(),
            })
        };
        if self.fuel_per_move == 0 {
            return bad("fuel_per_move", "must be at least 1");
        }
        if self.fuel_instantiate == 0 {
            return bad("fuel_instantiate", "must be at least 1");
        }
        if self.memory_bytes == 0 || self.memory_bytes > Self::MAX_MEMORY_BYTES {
            return bad("memory_bytes", "must be between 1 byte and 4 GiB");
        }
        if self.stack_bytes < 4096 || self.stack_bytes > 256 << 20 {
            return bad("stack_bytes", "must be between 4 KiB and 256 MiB");
        }
        if self.instances == 0 || self.memories == 0 {
            return bad(
                "instances/memories",
                "a bot needs one instance and one memory",
            );
        }
        if self.module_bytes == 0 || self.max_functions == 0 {
            return bad("module_bytes/max_functions", "must be at least 1");
        }
        if self.max_nesting_depth == 0
            || self.max_function_bytes == 0
            || self.max_locals == 0
            || self.max_const_expr_ops == 0
            || self.max_const_ops_total == 0
        {
            return bad(
                "max_nesting_depth/max_function_bytes/max_locals/max_const_expr_ops",
                "must be at least 1",
            );
        }
        if self.compile_secs == 0 || self.compile_secs > 86_400 {
            return bad("compile_secs", "must be between 1 and 86 400 seconds");
        }
        if self.compile_memory_bytes < 64 * MIB {
            return bad("compile_memory_bytes", "must be at least 64 MiB");
        }
        if self.timeout_secs == 0 || self.timeout_secs > 1_000_000 {
            return bad("timeout_secs", "must be between 1 and 1 000 000 seconds");
        }
        if self.max_live_bots < 2 {
            return bad("max_live_bots", "a game needs two live bots");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_documented_values() {
        let l = Limits::default();
        assert_eq!(l.validate(), Ok(()));
        assert_eq!(l.fuel_per_move, 200_000_000);
        assert_eq!(l.memory_bytes, 64 << 20);
        assert_eq!(l.stack_bytes, 512 << 10);
        assert_eq!(l.max_live_bots, 16);
    }

    #[test]
    fn bad_limits_are_named() {
        let l = Limits {
            fuel_per_move: 0,
            ..Limits::default()
        };
        assert_eq!(l.validate().unwrap_err().field, "fuel_per_move");
        let l = Limits {
            memory_bytes: 5 << 30,
            ..Limits::default()
        };
        assert_eq!(l.validate().unwrap_err().field, "memory_bytes");
    }
}
