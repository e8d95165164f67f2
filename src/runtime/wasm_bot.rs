//! A [`WasmBot`]: one fresh instance of a module playing one game.

use wasmtime::{Memory, Store, TypedFunc, UpdateDeadline};

use super::fault::classify;
use super::host::range;
use super::limits::Limits;
use super::module::{WasmModule, INITIALIZE};
use super::state::BotState;
use crate::bot::{Bot, Fault, Reply};

/// One bot in one game: its own `Store`, memory and globals, never shared with another
/// game. Calls run under the per-move fuel budget, the memory and stack caps and the
/// CPU-time safety net of the sandbox's [`Limits`] (see `guard.rs`).
pub struct WasmBot {
    store: Store<BotState>,
    memory: Memory,
    alloc: TypedFunc<i32, i32>,
    choose: TypedFunc<(i32, i32), i32>,
    fuel_per_move: u64,
    timeout_secs: u64,
    instantiation_fuel: u64,
    moves_fuel: Vec<u64>,
    scratch: Vec<u8>,
    fault: Option<Fault>,
}

impl WasmModule {
    /// A fresh instance for one game. `seed` seeds the bot's WASI `random_get` stream,
    /// so the same seed gives the same bytes.
    ///
    /// Instantiation (data segments, the `start` function, and `_initialize` if the
    /// module exports it as a WASI reactor does) runs under
    /// [`Limits::fuel_instantiate`] and the memory caps.
    ///
    /// # Errors
    /// [`Fault::Instantiation`] with the reason (a trap, out of fuel, a cap reached).
    pub fn instantiate(&self, seed: u64) -> Result<WasmBot, Fault> {
        let shared = &self.inner.shared;
        let limits: &Limits = &shared.limits;
        let budget = limits.fuel_instantiate;
        let fail = |e: wasmtime::Error| {
            Fault::Instantiation(classify(&e, budget, limits.timeout_secs).to_string())
        };
        let mut store = Store::new(&shared.engine, BotState::new(limits, seed));
        store.limiter(|state| &mut state.limiter);
        store.set_fuel(budget).map_err(fail)?;
        // Every tick, the net compares the call's CPU time with its allowance.
        store.epoch_deadline_callback(|mut ctx| {
            Ok(if ctx.data_mut().guard.exceeded() {
                UpdateDeadline::Interrupt
            } else {
                UpdateDeadline::Continue(1)
            })
        });
        store.data_mut().guard.arm(budget);
        store.set_epoch_deadline(1);
        let instance = self.inner.pre.instantiate(&mut store).map_err(fail)?;
        if self.inner.has_initialize {
            instance
                .get_typed_func::<(), ()>(&mut store, INITIALIZE)
                .and_then(|init| init.call(&mut store, ()))
                .map_err(fail)?;
        }
        let memory = instance
            .get_memory(&mut store, "memory")
            .ok_or_else(|| Fault::Instantiation("the instance has no `memory`".to_string()))?;
        let alloc = instance
            .get_typed_func::<i32, i32>(&mut store, "arena_alloc")
            .map_err(fail)?;
        let choose = instance
            .get_typed_func::<(i32, i32), i32>(&mut store, "choose_move")
            .map_err(fail)?;
        let left = store.get_fuel().map_err(fail)?;
        Ok(WasmBot {
            store,
            memory,
            alloc,
            choose,
            fuel_per_move: limits.fuel_per_move,
            timeout_secs: limits.timeout_secs,
            instantiation_fuel: budget.saturating_sub(left),
            moves_fuel: Vec::new(),
            scratch: Vec::new(),
            fault: None,
        })
    }
}

impl WasmBot {
    /// Fuel that instantiation used.
    pub fn instantiation_fuel(&self) -> u64 {
        self.instantiation_fuel
    }

    /// Fuel each successful move used, in order (for `arena check`'s max and mean).
    pub fn fuel_per_move(&self) -> &[u64] {
        &self.moves_fuel
    }

    /// The fault of a failed call.
    fn fault(&self, err: &wasmtime::Error) -> Fault {
        classify(err, self.fuel_per_move, self.timeout_secs)
    }

    /// One move: `arena_alloc(len_bytes)`, the words written at the pointer, then
    /// `choose_move(ptr, len_bytes)`, all on one fuel budget.
    fn play(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        let len_bytes = words
            .len()
            .checked_mul(4)
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| {
                Fault::Trap(format!(
                    "{} state words do not fit an i32 length",
                    words.len()
                ))
            })?;
        self.store
            .set_fuel(self.fuel_per_move)
            .map_err(|e| self.fault(&e))?;
        self.store.data_mut().guard.arm(self.fuel_per_move);
        self.store.set_epoch_deadline(1);
        let ptr = self
            .alloc
            .call(&mut self.store, len_bytes)
            .map_err(|e| self.fault(&e))?;
        let size = self.memory.data_size(&self.store);
        let Some(r) = range(ptr, len_bytes as u64, size) else {
            return Err(Fault::BadPointer(format!(
                "arena_alloc({len_bytes}) returned {}, but memory is {size} bytes: \
                 the {len_bytes} bytes of state would end at byte {}",
                ptr as u32,
                u64::from(ptr as u32) + len_bytes as u64
            )));
        };
        self.scratch.clear();
        self.scratch
            .extend(words.iter().flat_map(|w| w.to_le_bytes()));
        self.memory.data_mut(&mut self.store)[r].copy_from_slice(&self.scratch);
        let raw = self
            .choose
            .call(&mut self.store, (ptr, len_bytes))
            .map_err(|e| self.fault(&e))?;
        let left = self.store.get_fuel().map_err(|e| self.fault(&e))?;
        let fuel = self.fuel_per_move.saturating_sub(left);
        self.moves_fuel.push(fuel);
        Ok(Reply { raw, fuel })
    }
}

impl Bot for WasmBot {
    /// Plays one move. After a fault, every later call returns the same fault: the game
    /// is forfeited and the instance is not trusted again.
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let result = self.play(words);
        if let Err(fault) = &result {
            self.fault = Some(fault.clone());
        }
        result
    }

    fn output(&self) -> String {
        self.store.data().output.text()
    }

    fn output_lines(&self) -> usize {
        self.store.data().output.lines()
    }

    /// The memory's size now, which is its peak: WebAssembly memory never shrinks.
    fn memory_bytes(&self) -> u64 {
        self.memory.data_size(&self.store) as u64
    }
}
