//! A [`WasmBot`]: one fresh instance of a module playing one game.
//!
//! Under arena's metering (`metering/`) a call that the rewrite's counter cannot pay for
//! is not judged by it: the bot is played again on wasmtime's fuel, the engine of
//! record, from a fresh instance with the same seed through every call it was asked so
//! far, and that call's verdict (and from then on every call's) is wasmtime's. Every
//! call the counter pays for is one wasmtime's fuel lets finish, with the same fuel
//! (`fuel.rs`), so the replayed calls end as they did.

use wasmtime::{Instance, Memory, Store, TypedFunc, UpdateDeadline};

use super::asked::Asked;
use super::fuel;
use super::host::range;
use super::limits::Limits;
use super::metering::Metering;
use super::module::{Exports, ModuleInput, WasmModule};
use super::state::BotState;
use super::stop::{Form, Stop};
use crate::bot::{Bot, Fault, Reply};

/// One instance's store and the handles a move needs.
struct Run {
    store: Store<BotState>,
    memory: Memory,
    alloc: TypedFunc<i32, i32>,
    choose: TypedFunc<(i32, i32), i32>,
    /// Fuel its instantiation used.
    instantiation_fuel: u64,
}

/// One bot in one game: its own `Store`, memory and globals, never shared with another
/// game. Calls run under the per-move fuel budget, the memory and stack caps and the
/// CPU-time safety net of the sandbox's [`Limits`] (see `guard.rs`).
pub struct WasmBot {
    module: WasmModule,
    seed: u64,
    run: Run,
    /// Which form `run` is of.
    form: Form,
    /// What was asked so far, while the bot may be played again on the engine of record.
    asked: Option<Asked>,
    fuel_per_move: u64,
    timeout_secs: u64,
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
        let (run, form) = self
            .judged(|form| self.fresh(form, seed))
            .map_err(|f| self.advised(f))?;
        Ok(WasmBot {
            module: self.clone(),
            seed,
            run,
            form,
            asked: (form == Form::Own && self.inner.exact.is_some()).then(Asked::reused),
            fuel_per_move: limits.fuel_per_move,
            timeout_secs: limits.timeout_secs,
            wants_legal_moves: self.inner.wants_legal_moves,
            moves_fuel: Vec::new(),
            scratch: Vec::new(),
            fault: None,
        })
    }

    /// `fault` as this module's reasons say it: without the advice to rebuild with
    /// function names for a module that runs an input (arena's Python interpreter, which
    /// the bot's author did not build).
    fn advised(&self, fault: Fault) -> Fault {
        if self.inner.input.is_some() {
            fault.without_names_advice()
        } else {
            fault
        }
    }

    /// `attempt` on the sandbox's own form; when the rewrite's counter could not pay for
    /// it, again on the engine of record, whose verdict stands. Returns the result and
    /// the form it came from.
    ///
    /// # Errors
    /// The fault of the attempt that stands.
    pub(super) fn judged<T>(
        &self,
        attempt: impl Fn(Form) -> Result<T, Stop>,
    ) -> Result<(T, Form), Fault> {
        match attempt(Form::Own) {
            Err(stop) if stop.counter_ran_out && self.inner.exact.is_some() => {
                Ok((attempt(Form::Exact)?, Form::Exact))
            }
            other => Ok((other?, Form::Own)),
        }
    }

    /// A fresh instance of `form`, its input read, ready for moves.
    ///
    /// # Errors
    /// The [`Stop`] of instantiation, its fault a [`Fault::Instantiation`].
    fn fresh(&self, form: Form, seed: u64) -> Result<Run, Stop> {
        let limits: &Limits = &self.inner.shared.limits;
        let budget = limits.fuel_instantiate;
        let fail = |store: &mut Store<BotState>, e: wasmtime::Error| {
            instantiation_stop(store, &e, budget, limits.timeout_secs)
        };
        let (mut store, instance, memory, exports) = self.started(form, budget, seed)?;
        if let Some(input) = &self.inner.input {
            read_input(
                &mut store,
                &instance,
                memory,
                input,
                (budget, limits.timeout_secs),
            )?;
        }
        let alloc = exports
            .alloc
            .typed::<i32, i32>(&mut store, &instance)
            .map_err(|e| fail(&mut store, e))?;
        let choose = exports
            .choose
            .typed::<(i32, i32), i32>(&mut store, &instance)
            .map_err(|e| fail(&mut store, e))?;
        let left = fuel::left_after(&mut store)
            .map_err(|e| fail(&mut store, e))?
            .ok_or_else(|| Stop::ran_out(budget).in_instantiation())?;
        Ok(Run {
            store,
            memory,
            alloc,
            choose,
            instantiation_fuel: budget.saturating_sub(left),
        })
    }

    /// A fresh instance under the sandbox's guards, played again on the engine of record
    /// when the rewrite's counter cannot pay for its instantiation: see
    /// [`WasmModule::start_on`].
    ///
    /// # Errors
    /// [`Fault::Instantiation`] with the reason.
    pub(super) fn start_instance(
        &self,
        fuel: u64,
        seed: u64,
    ) -> Result<(Store<BotState>, Instance, Memory), Fault> {
        Ok(self.judged(|form| self.start_on(form, fuel, seed))?.0)
    }

    /// A fresh instance of `form` under the sandbox's guards: its own store with the
    /// memory and stack caps, `fuel` for instantiation and what follows, the CPU-time net
    /// armed for it, `random_get` seeded with `seed`; `_initialize` run if exported.
    /// Returns the store, the instance and its `memory`.
    ///
    /// # Errors
    /// The [`Stop`], its fault a [`Fault::Instantiation`] with the reason (a trap, out of
    /// fuel, a cap reached, no `memory`; the engine of record's form that cannot be
    /// compiled).
    pub(super) fn start_on(
        &self,
        form: Form,
        fuel: u64,
        seed: u64,
    ) -> Result<(Store<BotState>, Instance, Memory), Stop> {
        let (store, instance, memory, _) = self.started(form, fuel, seed)?;
        Ok((store, instance, memory))
    }

    /// [`WasmModule::start_on`], with the exports to look up in the instance.
    ///
    /// # Errors
    /// As for [`WasmModule::start_on`].
    fn started(
        &self,
        form: Form,
        fuel: u64,
        seed: u64,
    ) -> Result<(Store<BotState>, Instance, Memory, &Exports), Stop> {
        let shared = &self.inner.shared;
        let limits = &shared.limits;
        let fail = |store: &mut Store<BotState>, e: wasmtime::Error| {
            instantiation_stop(store, &e, fuel, limits.timeout_secs)
        };
        let (engine, pre, metering) = match (form, &self.inner.exact, &shared.exact) {
            (Form::Exact, Some(form), Some(exact)) => {
                let pre = form.pre(shared).map_err(Stop::plain)?;
                (&exact.engine, pre, Metering::Wasmtime)
            }
            _ => {
                // The module compiled and passed every check when it was loaded (and a
                // tournament's workers each loaded it before the first game): a thread
                // that cannot load it now has a machine problem (no descriptor or memory
                // left), never the bot's.
                let (local, pre) = self.thread_form().map_err(|why| {
                    Stop::plain(Fault::Harness(format!(
                        "arena cannot load the module on this thread: {why}"
                    )))
                })?;
                (&local.engine, pre, shared.metering)
            }
        };
        let mut store = Store::new(engine, BotState::new(limits, seed, metering));
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
        let (instance, exports) = pre
            .instantiate(&mut store)
            .map_err(|e| fail(&mut store, e))?;
        fuel::attach(&mut store, &instance, &exports.fuel);
        fuel::set(&mut store, fuel).map_err(|e| fail(&mut store, e))?;
        if let Some(start) = exports.start.func(&mut store, &instance) {
            start
                .typed::<(), ()>(&store)
                .and_then(|start| start.call(&mut store, ()))
                .map_err(|e| fail(&mut store, e))?;
        }
        if self.inner.has_initialize {
            exports
                .initialize
                .typed::<(), ()>(&mut store, &instance)
                .and_then(|init| init.call(&mut store, ()))
                .map_err(|e| fail(&mut store, e))?;
        }
        let memory = exports
            .memory
            .memory(&mut store, &instance)
            .ok_or_else(|| {
                Stop::plain(Fault::Instantiation(
                    "the instance has no `memory`".to_string(),
                ))
            })?;
        Ok((store, instance, memory, exports))
    }
}

/// Writes `input` into a fresh instance and lets it read it (see [`ModuleInput`]), under
/// the instantiation's fuel budget and safety net (`budget`, `secs`).
///
/// # Errors
/// The [`Stop`], its fault a [`Fault::Instantiation`]: a call failed or left the counter
/// owing, or the module refused the input (the reason in its owner's words,
/// [`ModuleInput::refusal`]: for the Python interpreter, never quoting the script).
fn read_input(
    store: &mut Store<BotState>,
    instance: &wasmtime::Instance,
    memory: Memory,
    input: &ModuleInput,
    (budget, secs): (u64, u64),
) -> Result<(), Stop> {
    let fail = |store: &mut Store<BotState>, e: wasmtime::Error| {
        instantiation_stop(store, &e, budget, secs)
    };
    let owing =
        |store: &mut Store<BotState>| Stop::if_owing(store, budget).map_err(Stop::in_instantiation);
    let refused = |why: String| Stop::plain(Fault::Instantiation(why));
    let len = i32::try_from(input.bytes.len())
        .map_err(|_| refused("the input is larger than 2 GiB".to_string()))?;
    let buffer = instance
        .get_typed_func::<i32, i32>(&mut *store, input.buffer)
        .map_err(|e| fail(store, e))?;
    let ptr = buffer.call(&mut *store, len).map_err(|e| fail(store, e))?;
    owing(store)?;
    let size = memory.data_size(&*store);
    let r = range(ptr, len as u64, size).ok_or_else(|| {
        refused(format!(
            "`{}` returned no room for {len} bytes",
            input.buffer
        ))
    })?;
    memory.data_mut(&mut *store)[r].copy_from_slice(&input.bytes);
    let load = instance
        .get_typed_func::<(), i32>(&mut *store, input.load)
        .map_err(|e| fail(store, e))?;
    let status = load.call(&mut *store, ()).map_err(|e| fail(store, e))?;
    owing(store)?;
    if status != 0 {
        return Err(refused((input.refusal)(
            &input.label,
            &store.data().output.text(),
        )));
    }
    Ok(())
}

/// The stop of `err`, raised while instantiating in `store` under `budget` with a
/// safety net of `secs`: its fault a [`Fault::Instantiation`] (a [`Fault::Harness`] stays
/// the machine's). A trap gets the bot's last log line attached ([`Fault::explained`]): a
/// `start` function or a Python script's top level that panics says why, as `choose_move`
/// would.
fn instantiation_stop(
    store: &mut Store<BotState>,
    err: &wasmtime::Error,
    budget: u64,
    secs: u64,
) -> Stop {
    let stop = Stop::of(store, err, budget, secs);
    let fault = stop.fault.explained(&store.data().output.text());
    Stop { fault, ..stop }.in_instantiation()
}

impl Run {
    /// `arena_alloc(len_bytes)`, the words written at the pointer, then
    /// `choose_move(ptr, len_bytes)`, all on one `budget`, with `legal` offered to
    /// `arena.legal_moves` (and given back after the call).
    fn call(
        &mut self,
        words: &[i32],
        legal: &mut Option<Vec<i32>>,
        budget: u64,
        timeout_secs: u64,
        scratch: &mut Vec<u8>,
    ) -> Result<Reply, Stop> {
        self.store.data_mut().legal_moves = legal.take();
        let result = self.call_inner(words, budget, timeout_secs, scratch);
        *legal = self.store.data_mut().legal_moves.take();
        result
    }

    /// [`Run::call`] once the legal moves are in place.
    fn call_inner(
        &mut self,
        words: &[i32],
        budget: u64,
        secs: u64,
        scratch: &mut Vec<u8>,
    ) -> Result<Reply, Stop> {
        let len_bytes = words
            .len()
            .checked_mul(4)
            .and_then(|n| i32::try_from(n).ok())
            .ok_or_else(|| {
                Stop::plain(Fault::Trap(format!(
                    "{} state words do not fit an i32 length",
                    words.len()
                )))
            })?;
        let store = &mut self.store;
        fuel::set(&mut *store, budget).map_err(|e| Stop::of(store, &e, budget, secs))?;
        store.data_mut().guard.arm(budget);
        store.set_epoch_deadline(1);
        let ptr = self
            .alloc
            .call(&mut *store, len_bytes)
            .map_err(|e| Stop::of(store, &e, budget, secs))?;
        let size = self.memory.data_size(&*store);
        let Some(r) = range(ptr, len_bytes as u64, size) else {
            // A pointer is only judged bad if the counter paid for finding it (an owing
            // allocation that returns a good one is caught after `choose_move`: the debt
            // stays until then).
            Stop::if_owing(store, budget)?;
            return Err(Stop::plain(Fault::BadPointer(format!(
                "arena_alloc({len_bytes}) returned {}, but memory is {size} bytes: \
                 the {len_bytes} bytes of state would end at byte {}",
                ptr as u32,
                u64::from(ptr as u32) + len_bytes as u64
            ))));
        };
        scratch.clear();
        scratch.extend(words.iter().flat_map(|w| w.to_le_bytes()));
        self.memory.data_mut(&mut *store)[r].copy_from_slice(scratch);
        let raw = self
            .choose
            .call(&mut *store, (ptr, len_bytes))
            .map_err(|e| Stop::of(store, &e, budget, secs))?;
        let left = fuel::left_after(&mut *store)
            .map_err(|e| Stop::of(store, &e, budget, secs))?
            .ok_or_else(|| Stop::ran_out(budget))?;
        Ok(Reply {
            raw,
            fuel: budget.saturating_sub(left),
        })
    }
}

impl WasmBot {
    /// One answer; after a fault, every later call returns the same fault: the game is
    /// forfeited and the instance is not trusted again.
    fn answer(&mut self, words: &[i32], legal: Option<Vec<i32>>) -> Result<Reply, Fault> {
        if let Some(fault) = &self.fault {
            return Err(fault.clone());
        }
        let result = self.play(words, legal).map_err(|f| self.module.advised(f));
        match &result {
            Ok(reply) => self.moves_fuel.push(reply.fuel),
            Err(fault) => self.fault = Some(fault.clone()),
        }
        result
    }

    /// Fuel that instantiation used.
    pub fn instantiation_fuel(&self) -> u64 {
        self.run.instantiation_fuel
    }

    /// Fuel each successful move used, in order (for `arena check`'s max and mean).
    pub fn fuel_per_move(&self) -> &[u64] {
        &self.moves_fuel
    }

    /// One move with `legal` (the position's legal moves, when known) offered to
    /// `arena.legal_moves` for its length only; played again on the engine of record
    /// when the rewrite's counter cannot pay for it.
    fn play(&mut self, words: &[i32], mut legal: Option<Vec<i32>>) -> Result<Reply, Fault> {
        let (budget, secs) = (self.fuel_per_move, self.timeout_secs);
        match self
            .run
            .call(words, &mut legal, budget, secs, &mut self.scratch)
        {
            Ok(reply) => {
                if let Some(asked) = &mut self.asked {
                    asked.push(words, legal, reply.raw);
                }
                Ok(reply)
            }
            Err(stop) if stop.counter_ran_out && self.form == Form::Own => {
                self.play_exactly(words, legal)
            }
            Err(stop) => Err(stop.fault),
        }
    }

    /// The move the rewrite's counter could not pay for, judged by the engine of record:
    /// a fresh instance of its form, with the same seed, asked every earlier move again
    /// (each must end as it did), then this one. The bot goes on on that instance.
    ///
    /// # Errors
    /// The move's fault on the engine of record; the engine of record's own fault if an
    /// earlier move fails there (a stack overflow: its compiled frames are not the
    /// rewrite's; the safety net); a trap naming a bug in arena if an earlier move
    /// answers otherwise.
    fn play_exactly(&mut self, words: &[i32], mut legal: Option<Vec<i32>>) -> Result<Reply, Fault> {
        let (budget, secs) = (self.fuel_per_move, self.timeout_secs);
        let mut run = self.module.fresh(Form::Exact, self.seed)?;
        let mut asked = self.asked.take().unwrap_or_default();
        let replayed = asked.replay(&self.moves_fuel, |words, legal, raw, fuel| {
            let reply = run.call(words, legal, budget, secs, &mut self.scratch)?;
            if (reply.raw, reply.fuel) != (raw, fuel) {
                return Err(Stop::plain(Fault::Trap(
                    "arena: a move played again on wasmtime's fuel answered otherwise than \
                     under arena's metering (a bug in arena: please report it)"
                        .to_string(),
                )));
            }
            Ok(())
        });
        asked.recycle();
        replayed?;
        self.run = run;
        self.form = Form::Exact;
        Ok(self
            .run
            .call(words, &mut legal, budget, secs, &mut self.scratch)?)
    }
}

impl Drop for WasmBot {
    fn drop(&mut self) {
        if let Some(asked) = self.asked.take() {
            asked.recycle();
        }
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
        self.run.store.data().output.text()
    }

    fn output_lines(&self) -> usize {
        self.run.store.data().output.lines()
    }

    /// The memory's size now, which is its peak: WebAssembly memory never shrinks.
    fn memory_bytes(&self) -> u64 {
        self.run.memory.data_size(&self.run.store) as u64
    }
}
