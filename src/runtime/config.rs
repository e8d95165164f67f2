//! The wasmtime configuration every bot runs under (and every module is compiled with):
//! fuel, epochs, a pool sized for the live bots, canonical NaNs, and only the proposals
//! compilers emit for ordinary bots.

use wasmtime::{
    Config, Enabled, InstanceAllocationStrategy, PoolingAllocationConfig, Strategy, WasmFeatures,
};

use super::limits::Limits;
use super::metering::Metering;

/// Bytes of each table slot reset in place after a game (tables of ordinary bots are a
/// few hundred entries; larger ones are reset by the kernel as before).
const TABLE_KEEP_RESIDENT: usize = 64 << 10;

/// Bytes of each linear memory that may stay mapped between games, when the kernel can
/// tell which pages a game dirtied: covers a Rust bot's 1 MiB stack, its data and a
/// modest heap. Only dirtied pages stay resident, so each thread's pool holds at most
/// `max_live_bots` times this (32 MiB with the default 16 slots), and in practice the
/// pages of the few bots a worker plays at a time.
const MEMORY_KEEP_RESIDENT: usize = 2 << 20;

/// The most bytes of an instance's own state (its `VMContext`) a worker's pool accepts.
const INSTANCE_BYTES_MAX: usize = 8 << 20;

/// The engine configuration: fuel, epochs, a pool sized for the live bots of one thread
/// (`pool`; the engines that only compile or load have none, as pooling changes nothing
/// in the compiled code),
/// canonical NaNs, and only the proposals compilers emit for ordinary bots.
pub(crate) fn config(limits: &Limits, pool: bool, metering: Metering) -> Config {
    let mut config = Config::new();
    config
        .strategy(Strategy::Cranelift)
        .consume_fuel(metering.wasmtime_fuel())
        .epoch_interruption(metering.epoch())
        .max_wasm_stack(limits.stack_bytes)
        .cranelift_nan_canonicalization(true)
        .parallel_compilation(true);
    // On: what Rust and clang emit by default (reference types only for the encoding of
    // `call_indirect`; there is no GC support compiled in) and SIMD, which is
    // deterministic once NaNs are canonical.
    config.wasm_features(
        WasmFeatures::MUTABLE_GLOBAL
            | WasmFeatures::SATURATING_FLOAT_TO_INT
            | WasmFeatures::SIGN_EXTENSION
            | WasmFeatures::MULTI_VALUE
            | WasmFeatures::BULK_MEMORY
            | WasmFeatures::REFERENCE_TYPES
            | WasmFeatures::EXTENDED_CONST
            | WasmFeatures::SIMD,
        true,
    );
    // Off: non-deterministic or needless for a bot.
    config.wasm_features(
        WasmFeatures::THREADS
            | WasmFeatures::SHARED_EVERYTHING_THREADS
            | WasmFeatures::RELAXED_SIMD
            | WasmFeatures::MULTI_MEMORY
            | WasmFeatures::MEMORY64
            | WasmFeatures::TAIL_CALL
            | WasmFeatures::EXCEPTIONS
            | WasmFeatures::LEGACY_EXCEPTIONS
            | WasmFeatures::GC
            | WasmFeatures::FUNCTION_REFERENCES
            | WasmFeatures::COMPONENT_MODEL
            | WasmFeatures::STACK_SWITCHING
            | WasmFeatures::CUSTOM_PAGE_SIZES
            | WasmFeatures::WIDE_ARITHMETIC,
        false,
    );
    if !pool {
        return config;
    }
    let bots = limits.max_live_bots;
    let mut pool = PoolingAllocationConfig::default();
    pool.total_core_instances(bots.saturating_mul(limits.instances))
        .total_memories(bots.saturating_mul(limits.memories))
        .total_tables(bots.saturating_mul(limits.tables))
        .max_memories_per_module(limits.memories)
        .max_tables_per_module(limits.tables)
        .table_elements(limits.table_elements as usize)
        .max_memory_size(usize::try_from(limits.memory_bytes).unwrap_or(usize::MAX))
        // Room for the largest instance a module within the loader's caps can ask for
        // (`max_functions` imports, functions and globals, every function escaping, and
        // the 100 000 data segments wasmparser accepts: 6.5 MiB with wasmtime 48;
        // `tests/runtime/runtime_hostile.rs` builds it), so that a
        // module that loaded always fits a worker's pool and a worker's failure to load
        // it is the machine's. Only a limit: each instance takes what it needs.
        .max_core_instance_size(INSTANCE_BYTES_MAX)
        // Tables are reset with a memset rather than `madvise`, which would send a TLB
        // shoot-down to every other worker thread after each game.
        .table_keep_resident(TABLE_KEEP_RESIDENT);
    if PoolingAllocationConfig::is_pagemap_scan_available() {
        // Linux 6.7+: after a game only the pages the bot dirtied are restored, with a
        // memset, and stay mapped; no `madvise`, no shoot-down, no page faults next
        // game. (Without the ioctl, keeping memory resident would memset the whole
        // window every game, so it is not turned on.)
        pool.pagemap_scan(Enabled::Yes)
            .linear_memory_keep_resident(MEMORY_KEEP_RESIDENT);
    }
    config.allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    config
}
