//! A bot's fuel tank, whichever [`Metering`] the sandbox uses: wasmtime's own fuel, or
//! the counter global of arena's rewrite (`metering.rs`), or none.

use wasmtime::{AsContextMut, Global, Instance, Trap, Val};

use super::fault::classify as classify_error;
use super::metering::{Metering, FUEL_EXPORT};
use super::state::BotState;
use crate::bot::Fault;

/// Fills the tank with `fuel` (for the rewrite: once [`attach`] found the counter).
///
/// # Errors
/// What wasmtime reports (a store of another engine).
pub(crate) fn set(
    mut store: impl AsContextMut<Data = BotState>,
    fuel: u64,
) -> wasmtime::Result<()> {
    let (metering, counter) = {
        let state = store.as_context().data();
        (state.metering, state.counter)
    };
    match (metering, counter) {
        (Metering::Wasmtime, _) => store.as_context_mut().set_fuel(fuel),
        (_, Some(counter)) => counter.set(
            &mut store,
            Val::I64(i64::try_from(fuel).unwrap_or(i64::MAX)),
        ),
        _ => Ok(()),
    }
}

/// Fuel left in the tank (0 once out of fuel).
///
/// # Errors
/// What wasmtime reports.
pub(crate) fn get(mut store: impl AsContextMut<Data = BotState>) -> wasmtime::Result<u64> {
    let (metering, counter) = {
        let state = store.as_context().data();
        (state.metering, state.counter)
    };
    match (metering, counter) {
        (Metering::Wasmtime, _) => store.as_context().get_fuel(),
        (_, Some(counter)) => Ok(counter_value(&mut store, counter).max(0) as u64),
        _ => Ok(0),
    }
}

/// The counter's value (negative once out of fuel).
fn counter_value(mut store: impl AsContextMut<Data = BotState>, counter: Global) -> i64 {
    counter.get(&mut store).i64().unwrap_or(-1)
}

/// Whether the rewrite's counter went negative: the `unreachable` that followed was the
/// charge's, not the bot's.
pub(crate) fn exhausted(mut store: impl AsContextMut<Data = BotState>) -> bool {
    let (metering, counter) = {
        let state = store.as_context().data();
        (state.metering, state.counter)
    };
    match counter {
        Some(counter) if metering.rewrites() => counter_value(&mut store, counter) < 0,
        _ => false,
    }
}

/// Finds the rewrite's counter in a new `instance` and keeps it in the store.
pub(crate) fn attach(mut store: impl AsContextMut<Data = BotState>, instance: &Instance) {
    if store.as_context().data().metering.rewrites() {
        let counter = instance.get_global(&mut store, FUEL_EXPORT);
        store.as_context_mut().data_mut().counter = counter;
    }
}

/// Takes `amount` from the tank for a host call; when there is less, empties it and
/// fails with [`Trap::OutOfFuel`].
///
/// # Errors
/// [`Trap::OutOfFuel`], or what wasmtime reports.
pub(crate) fn charge(
    mut store: impl AsContextMut<Data = BotState>,
    amount: u64,
) -> wasmtime::Result<()> {
    let (metering, counter) = {
        let state = store.as_context().data();
        (state.metering, state.counter)
    };
    match (metering, counter) {
        (Metering::Wasmtime, _) => {
            let mut ctx = store.as_context_mut();
            let fuel = ctx.get_fuel()?;
            if fuel < amount {
                ctx.set_fuel(0)?;
                return Err(wasmtime::Error::new(Trap::OutOfFuel));
            }
            ctx.set_fuel(fuel - amount)
        }
        (_, Some(counter)) => {
            let fuel = counter_value(&mut store, counter);
            let left = fuel.saturating_sub(i64::try_from(amount).unwrap_or(i64::MAX));
            counter.set(&mut store, Val::I64(left.min(fuel).max(-1)))?;
            if left < 0 {
                return Err(wasmtime::Error::new(Trap::OutOfFuel));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The fault of `err`, raised in `store` under a budget of `budget` fuel: out of fuel
/// when the rewrite's counter went negative, else by the error's type.
pub(crate) fn classify(
    store: impl AsContextMut<Data = BotState>,
    err: &wasmtime::Error,
    budget: u64,
    timeout_secs: u64,
) -> Fault {
    if exhausted(store) {
        return Fault::OutOfFuel { budget };
    }
    classify_error(err, budget, timeout_secs)
}
