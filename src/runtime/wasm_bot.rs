//! A [`WasmBot`]: one fresh instance of a module playing one game.

use wasmtime::{Instance, Memory, Store, TypedFunc, UpdateDeadline};

use super::fuel::{self, classify};
use super::host::range;
use super::limits::Limits;
use super::metering::START_EXPORT;
use super::module::{ModuleInput, WasmModule, INITIALIZE};
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
    wants_legal_moves: bool,
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
        let limits: &Limits = &self.inner.shared.limits;
        let budget = limits.fuel_instantiate;
        let fail = |store: &mut Store<BotState>, e: wasmtime::Error| {
            Fault::Instantiation(classify(store, &e, budget, limits.timeout_secs).to_string())
        };
        let (mut store, instance, memory) = self.start_instance(budget, seed)?;
        if let Some(input) = &self.inner.input {
            read_input(&mut store, &instance, memory, input).map_err(|e| match e {
                InputError::Wasm(e) => fail(&mut store, e),
                InputError::Refused(why) => Fault::Instantiation(why),
            })?;
        }
        let alloc = instance
            .get_typed_func::<i32, i32>(&mut store, "arena_alloc")
            .map_err(|e| fail(&mut store, e))?;
        let choose = instance
            .get_typed_func::<(i32, i32), i32>(&mut store, "choose_move")
            .map_err(|e| fail(&mut store, e))?;
        let left = fuel::get(&mut store).map_err(|e| fail(&mut store, e))?;
        Ok(WasmBot {
            store,
            memory,
            alloc,
            choose,
            fuel_per_move: limits.fuel_per_move,
            timeout_secs: limits.timeout_secs,
            instantiation_fuel: budget.saturating_sub(left),
            wants_legal_moves: self.inner.wants_legal_moves,
            moves_fuel: Vec::new(),
            scratch: Vec::new(),
            fault: None,
        })
    }
}

impl WasmModule {
    /// A fresh instance under the sandbox's guards: its own store with the memory and
    /// stack caps, `fuel` for instantiation and what follows, the CPU-time net armed for
    /// it, `random_get` seeded with `seed`; `_initialize` run if exported. Returns the
    /// store, the instance and its `memory`.
    ///
    /// # Errors
    /// [`Fault::Instantiation`] with the reason (a trap, out of fuel, a cap reached, no
    /// `memory`).
    pub(super) fn start_instance(
        &self,
        fuel: u64,
        seed: u64,
    ) -> Result<(Store<BotState>, Instance, Memory), Fault> {
        let shared = &self.inner.shared;
        let limits = &shared.limits;
        let fail = |store: &mut Store<BotState>, e: wasmtime::Error| {
            Fault::Instantiation(classify(store, &e, fuel, limits.timeout_secs).to_string())
        };
        let mut store = Store::new(&shared.engine, BotState::new(limits, seed, shared.metering));
        store.limiter(|state| &mut state.limiter);
        fuel::set(&mut store, fuel).map_err(|e| fail(&mut store, e))?;
        // Every tick, the net compares the call's CPU time with its allowance.
        store.epoch_deadline_callback(|mut ctx| {
            Ok(if ctx.data_mut().guard.exceeded() {
                UpdateDeadline::Interrupt
            } else {
                UpdateDeadline::Continue(1)
            })
        });
        store.data_mut().guard.arm(fuel);
        store.set_epoch_deadline(1);
        let instance = self
            .inner
            .pre
            .instantiate(&mut store)
            .map_err(|e| fail(&mut store, e))?;
        fuel::attach(&mut store, &instance);
        fuel::set(&mut store, fuel).map_err(|e| fail(&mut store, e))?;
        if let Some(start) = instance.get_func(&mut store, START_EXPORT) {
            start
                .typed::<(), ()>(&store)
                .and_then(|start| start.call(&mut store, ()))
                .map_err(|e| fail(&mut store, e))?;
        }
        if self.inner.has_initialize {
            instance
                .get_typed_func::<(), ()>(&mut store, INITIALIZE)
                .and_then(|init| init.call(&mut store, ()))
                .map_err(|e| fail(&mut store, e))?;
        }
        let memory = instance
            .get_memory(&mut store, "memory")
            .ok_or_else(|| Fault::Instantiation("the instance has no `memory`".to_string()))?;
        Ok((store, instance, memory))
    }
}

/// Why a module's input was not read.
enum InputError {
    /// A call failed.
    Wasm(wasmtime::Error),
    /// The module refused the input, with the first line it logged.
    Refused(String),
}

/// Writes `input` into a fresh instance and lets it read it (see [`ModuleInput`]).
fn read_input(
    store: &mut Store<BotState>,
    instance: &wasmtime::Instance,
    memory: Memory,
    input: &ModuleInput,
) -> Result<(), InputError> {
    let len = i32::try_from(input.bytes.len())
        .map_err(|_| InputError::Refused("the input is larger than 2 GiB".to_string()))?;
    let buffer = instance
        .get_typed_func::<i32, i32>(&mut *store, input.buffer)
        .map_err(InputError::Wasm)?;
    let ptr = buffer.call(&mut *store, len).map_err(InputError::Wasm)?;
    let size = memory.data_size(&*store);
    let r = range(ptr, len as u64, size).ok_or_else(|| {
        InputError::Refused(format!(
            "`{}` returned no room for {len} bytes",
            input.buffer
        ))
    })?;
    memory.data_mut(&mut *store)[r].copy_from_slice(&input.bytes);
    let load = instance
        .get_typed_func::<(), i32>(&mut *store, input.load)
        .map_err(InputError::Wasm)?;
    if load.call(&mut *store, ()).map_err(InputError::Wasm)? != 0 {
        let text = store.data().output.text();
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        return Err(InputError::Refused(if first.is_empty() {
            format!("`{}` refused the input", input.load)
        } else {
            first.chars().take(300).collect()
        }));
    }
    Ok(())
}

impl WasmBot {
    /// One answer; after a fault, every later call returns the same fault: the game is
    /// forfeited and the instance is not trusted again.
    fn answer(&mut self, words: &[i32], legal: Option<Vec<i32>>) -> Result<Reply, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let result = self.play(words, legal);
        if let Err(fault) = &result {
            self.fault = Some(fault.clone());
        }
        result
    }

    /// Fuel that instantiation used.
    pub fn instantiation_fuel(&self) -> u64 {
        self.instantiation_fuel
    }

    /// Fuel each successful move used, in order (for `arena check`'s max and mean).
    pub fn fuel_per_move(&self) -> &[u64] {
        &self.moves_fuel
    }

    /// The fault of a failed call.
    fn fault(&mut self, err: &wasmtime::Error) -> Fault {
        classify(&mut self.store, err, self.fuel_per_move, self.timeout_secs)
    }

    /// One move with `legal` (the position's legal moves, when known) offered to
    /// `arena.legal_moves` for its length only.
    fn play(&mut self, words: &[i32], legal: Option<Vec<i32>>) -> Result<Reply, Fault> {
        self.store.data_mut().legal_moves = legal;
        let result = self.call(words);
        self.store.data_mut().legal_moves = None;
        result
    }

    /// `arena_alloc(len_bytes)`, the words written at the pointer, then
    /// `choose_move(ptr, len_bytes)`, all on one fuel budget.
    fn call(&mut self, words: &[i32]) -> Result<Reply, Fault> {
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
        fuel::set(&mut self.store, self.fuel_per_move).map_err(|e| self.fault(&e))?;
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
        let left = fuel::get(&mut self.store).map_err(|e| self.fault(&e))?;
        let fuel = self.fuel_per_move.saturating_sub(left);
        self.moves_fuel.push(fuel);
        Ok(Reply { raw, fuel })
    }
}

impl Bot for WasmBot {
    /// Plays one move. After a fault, every later call returns the same fault: the game
    /// is forfeited and the instance is not trusted again. A module importing
    /// `arena.legal_moves` asked this way gets a trap from it (there is no position to
    /// list): ask it with [`Bot::choose_move_with`].
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        self.answer(words, None)
    }

    /// Computes the legal moves only for a module that imports `arena.legal_moves`.
    fn choose_move_with(
        &mut self,
        words: &[i32],
        legal: &dyn Fn() -> Vec<i32>,
    ) -> Result<Reply, Fault> {
        let moves = self.wants_legal_moves.then(legal);
        self.answer(words, moves)
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
