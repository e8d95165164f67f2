//! Running a trusted module to pre-initialise it: one instance, calls named by the
//! caller, then its state read back for [`super::snapshot::rewrite`].
//!
//! The instance is an ordinary sandboxed one (the host functions, seed 0 for
//! `random_get`, the memory and stack caps) with a fuel budget of the caller's choosing:
//! pre-initialisation is the expensive start-up that no bot move could afford. Reading
//! the globals needs the module [`super::snapshot::instrument`]ed first.

use wasmtime::{Instance, Memory, Store, Val};

use super::fuel::{self, classify};
use super::host::range;
use super::module::WasmModule;
use super::snapshot::{global_export, GlobalValue, InstanceState};
use super::state::BotState;
use crate::bot::Fault;

/// One instance being pre-initialised.
pub struct PreinitInstance {
    store: Store<BotState>,
    instance: Instance,
    memory: Memory,
    budget: u64,
    timeout_secs: u64,
}

impl WasmModule {
    /// A fresh instance with `fuel` for instantiation and every later call together,
    /// `_initialize` run if exported, `random_get` seeded with 0.
    ///
    /// # Errors
    /// [`Fault::Instantiation`] with the reason.
    pub fn preinit_instance(&self, fuel: u64) -> Result<PreinitInstance, Fault> {
        let (store, instance, memory) = self.start_instance(fuel, 0)?;
        Ok(PreinitInstance {
            store,
            instance,
            memory,
            budget: fuel,
            timeout_secs: self.inner.shared.limits.timeout_secs,
        })
    }
}

impl PreinitInstance {
    /// The result of a call that just returned: its fault if it failed, out of fuel if it
    /// left arena's counter owing more than its budget holds (see `fuel::exhausted`).
    fn finish<T>(&mut self, result: wasmtime::Result<T>) -> Result<T, Fault> {
        let value = result.map_err(|e| self.fault(&e))?;
        if fuel::exhausted(&mut self.store) {
            return Err(Fault::OutOfFuel {
                budget: self.budget,
            });
        }
        Ok(value)
    }

    /// The fault of a failed call.
    fn fault(&mut self, err: &wasmtime::Error) -> Fault {
        classify(&mut self.store, err, self.budget, self.timeout_secs)
    }

    /// Calls the export `name` of type `() -> ()`.
    ///
    /// # Errors
    /// The [`Fault`] of the call.
    pub fn call(&mut self, name: &str) -> Result<(), Fault> {
        let func = self
            .instance
            .get_typed_func::<(), ()>(&mut self.store, name)
            .map_err(|e| self.fault(&e))?;
        let result = func.call(&mut self.store, ());
        self.finish(result)
    }

    /// Calls the export `name` of type `(i32) -> i32`.
    ///
    /// # Errors
    /// The [`Fault`] of the call.
    pub fn call_i32(&mut self, name: &str, arg: i32) -> Result<i32, Fault> {
        let func = self
            .instance
            .get_typed_func::<i32, i32>(&mut self.store, name)
            .map_err(|e| self.fault(&e))?;
        let result = func.call(&mut self.store, arg);
        self.finish(result)
    }

    /// Calls the export `name` of type `() -> i32`.
    ///
    /// # Errors
    /// The [`Fault`] of the call.
    pub fn call_status(&mut self, name: &str) -> Result<i32, Fault> {
        let func = self
            .instance
            .get_typed_func::<(), i32>(&mut self.store, name)
            .map_err(|e| self.fault(&e))?;
        let result = func.call(&mut self.store, ());
        self.finish(result)
    }

    /// Writes `bytes` into memory at `ptr`.
    ///
    /// # Errors
    /// [`Fault::BadPointer`] when they do not fit there.
    pub fn write(&mut self, ptr: i32, bytes: &[u8]) -> Result<(), Fault> {
        let size = self.memory.data_size(&self.store);
        let r = range(ptr, bytes.len() as u64, size).ok_or_else(|| {
            Fault::BadPointer(format!(
                "{} bytes do not fit at {}",
                bytes.len(),
                ptr as u32
            ))
        })?;
        self.memory.data_mut(&mut self.store)[r].copy_from_slice(bytes);
        Ok(())
    }

    /// What the instance printed so far.
    pub fn output(&self) -> String {
        self.store.data().output.text()
    }

    /// Fuel used so far.
    pub fn fuel_used(&mut self) -> u64 {
        self.budget
            .saturating_sub(fuel::get(&mut self.store).unwrap_or(self.budget))
    }

    /// The memory and the `count` instrumented globals as they stand.
    ///
    /// # Errors
    /// [`Fault::Trap`] naming a global the module did not export as instrumented.
    pub fn state(&mut self, count: u32) -> Result<InstanceState, Fault> {
        let mut globals = Vec::new();
        for i in 0..count {
            let name = global_export(i);
            let global = self
                .instance
                .get_global(&mut self.store, &name)
                .ok_or_else(|| Fault::Trap(format!("no export `{name}`: not instrumented")))?;
            globals.push(match global.get(&mut self.store) {
                Val::I32(v) => GlobalValue::I32(v),
                Val::I64(v) => GlobalValue::I64(v),
                Val::F32(bits) => GlobalValue::F32(bits),
                Val::F64(bits) => GlobalValue::F64(bits),
                Val::V128(v) => GlobalValue::V128(v.as_u128()),
                _ => return Err(Fault::Trap(format!("`{name}` is a reference"))),
            });
        }
        Ok(InstanceState {
            globals,
            memory: self.memory.data(&self.store).to_vec(),
        })
    }
}
