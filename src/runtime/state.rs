//! What a bot's `Store` holds besides the instance: its limiter, output and random stream.

use std::fmt;

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use wasmtime::{Global, ResourceLimiter, StoreLimits, StoreLimitsBuilder};

use super::guard::CpuGuard;
use super::limits::Limits;
use super::metering::Metering;
use super::output::Output;
use crate::units::human_bytes;

/// The data of one bot's `Store` (one bot, one game).
pub(crate) struct BotState {
    /// Enforces the memory and table caps.
    pub(crate) limiter: CapLimiter,
    /// Captured debug log and WASI stdout/stderr.
    pub(crate) output: Output,
    /// The stream `random_get` draws from, seeded by the game's seed.
    pub(crate) rng: ChaCha20Rng,
    /// The safety net of the call in progress.
    pub(crate) guard: CpuGuard,
    /// The legal moves of the position the bot is being asked about, for
    /// `arena.legal_moves`: set for the length of one move when the caller gave them,
    /// `None` otherwise (during instantiation, or from a caller that knows no position).
    pub(crate) legal_moves: Option<Vec<i32>>,
    /// How fuel is metered.
    pub(crate) metering: Metering,
    /// The fuel counter of a module rewritten by arena's metering, once instantiated.
    pub(crate) counter: Option<Global>,
    /// Under arena's metering: the part of the call's budget not yet moved into the
    /// counter (see `metering::REFUEL_SLICE`).
    pub(crate) reserve: u64,
    /// Under arena's metering: the unit of the call's budget kept out of the counter and
    /// the reserve (1, or 0 for a budget of 0; see `fuel.rs`).
    pub(crate) withheld: u64,
    /// Under arena's metering: a refuel or a host call found the reserve short during
    /// the current call (see `fuel.rs`).
    pub(crate) ran_out: bool,
}

impl BotState {
    /// Fresh state for one bot in one game.
    pub(crate) fn new(limits: &Limits, seed: u64, metering: Metering) -> BotState {
        BotState {
            limiter: CapLimiter::new(limits),
            output: Output::new(limits.output_bytes),
            rng: ChaCha20Rng::seed_from_u64(seed),
            guard: CpuGuard::new(limits.timeout_secs),
            legal_moves: None,
            metering,
            counter: None,
            reserve: 0,
            withheld: 0,
            ran_out: false,
        }
    }
}

/// The error a grow past a cap raises, so that faults are classified by type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CapReached(pub(crate) String);

impl fmt::Display for CapReached {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CapReached {}

/// wasmtime's [`StoreLimits`] (with `trap_on_grow_failure`), turning every refused or
/// failed growth into a [`CapReached`] that names the numbers.
pub(crate) struct CapLimiter {
    inner: StoreLimits,
    memory_cap: u64,
    table_cap: u32,
}

impl CapLimiter {
    fn new(limits: &Limits) -> CapLimiter {
        let inner = StoreLimitsBuilder::new()
            .memory_size(usize::try_from(limits.memory_bytes).unwrap_or(usize::MAX))
            .table_elements(limits.table_elements as usize)
            .instances(limits.instances as usize)
            .tables(limits.tables as usize)
            .memories(limits.memories as usize)
            .trap_on_grow_failure(true)
            .build();
        CapLimiter {
            inner,
            memory_cap: limits.memory_bytes,
            table_cap: limits.table_elements,
        }
    }
}

impl ResourceLimiter for CapLimiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        match self.inner.memory_growing(current, desired, maximum) {
            Ok(true) => Ok(true),
            _ => Err(wasmtime::Error::new(CapReached(format!(
                "memory grows from {} to {}, past the {} cap{}",
                human_bytes(current as u64),
                human_bytes(desired as u64),
                human_bytes(self.memory_cap),
                match maximum {
                    Some(m) if (m as u64) < self.memory_cap => {
                        format!(" (or its own maximum of {})", human_bytes(m as u64))
                    }
                    _ => String::new(),
                }
            )))),
        }
    }

    fn memory_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(wasmtime::Error::new(CapReached(format!(
            "memory growth failed: {error}"
        ))))
    }

    fn table_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        match self.inner.table_growing(current, desired, maximum) {
            Ok(true) => Ok(true),
            _ => Err(wasmtime::Error::new(CapReached(format!(
                "table grows from {current} to {desired} elements, past the cap of {} elements",
                self.table_cap
            )))),
        }
    }

    fn table_grow_failed(&mut self, error: wasmtime::Error) -> wasmtime::Result<()> {
        Err(wasmtime::Error::new(CapReached(format!(
            "table growth failed: {error}"
        ))))
    }

    fn instances(&self) -> usize {
        self.inner.instances()
    }

    fn tables(&self) -> usize {
        self.inner.tables()
    }

    fn memories(&self) -> usize {
        self.inner.memories()
    }
}
