//! A bot's fuel tank, whichever [`Metering`] the sandbox uses: wasmtime's own fuel, or
//! the counter global of arena's rewrite (`metering/`) and the reserve behind it.
//!
//! Under arena's metering a call's budget is split: at most [`REFUEL_SLICE`] in the
//! module's counter, the rest in the store's reserve. When a function's entry, a loop's
//! header or a bulk operator finds the counter below zero, the rewritten code calls
//! [`refuel`] (the function it imports as `arena.metering` `refuel`), which moves the
//! next slice from the reserve into the counter and looks at the CPU-time safety net, or
//! stops the call out of fuel when the reserve cannot cover the debt; an `if`'s arms only
//! subtract, and what the counter owes when a call returns is looked at by the host
//! ([`exhausted`], [`left_after`]). Fuel used is the budget less the counter and the
//! reserve, so the slices change no count.
//!
//! One unit of each budget is withheld from the counter and the reserve: the counter
//! runs ahead of wasmtime's count (it charges each region on entry), and wasmtime stops
//! a call at a check where its count has *reached* the budget, so a call that never
//! takes the counter past the budget less one unit is one wasmtime lets finish. A call
//! stopped out of fuel here is played again on wasmtime's fuel (`wasm_bot.rs`).

use wasmtime::{AsContext, AsContextMut, Caller, Global, Instance, Trap, Val};

use super::fault::classify as classify_error;
use super::metering::{Metering, REFUEL_SLICE};
use super::module::Export;
use super::state::BotState;
use crate::bot::Fault;

/// Which tank a store's bot draws on.
#[derive(Clone, Copy)]
enum Tank {
    /// wasmtime's own fuel.
    Wasmtime,
    /// The rewrite's counter global (and the store's reserve).
    Counter(Global),
    /// None yet: a rewritten module before [`attach`] found its counter.
    Unattached,
}

/// The tank of `store`'s bot.
fn tank(store: &impl AsContext<Data = BotState>) -> Tank {
    let state = store.as_context().data();
    match (state.metering, state.counter) {
        (Metering::Wasmtime, _) => Tank::Wasmtime,
        (_, Some(counter)) => Tank::Counter(counter),
        (_, None) => Tank::Unattached,
    }
}

/// Fills the tank with `fuel` (for the rewrite: once [`attach`] found the counter).
///
/// # Errors
/// What wasmtime reports (a store of another engine).
pub(crate) fn set(
    mut store: impl AsContextMut<Data = BotState>,
    fuel: u64,
) -> wasmtime::Result<()> {
    match tank(&store) {
        Tank::Wasmtime => store.as_context_mut().set_fuel(fuel),
        Tank::Counter(counter) => {
            let usable = fuel.saturating_sub(1);
            let slice = usable.min(REFUEL_SLICE);
            let mut ctx = store.as_context_mut();
            let state = ctx.data_mut();
            state.reserve = usable - slice;
            state.withheld = fuel - usable;
            state.ran_out = false;
            counter.set(&mut store, Val::I64(slice as i64))
        }
        Tank::Unattached => Ok(()),
    }
}

/// Fuel left in the tank (0 once out of fuel, or once the counter owes more than the
/// reserve holds).
///
/// # Errors
/// What wasmtime reports.
pub(crate) fn get(store: impl AsContextMut<Data = BotState>) -> wasmtime::Result<u64> {
    Ok(left_after(store)?.unwrap_or(0))
}

/// After a call returned: the fuel left in the tank, or `None` when the rewrite's counter
/// could not pay for the call ([`exhausted`]). One read of the counter, for the end of
/// every move.
///
/// # Errors
/// What wasmtime reports.
pub(crate) fn left_after(
    mut store: impl AsContextMut<Data = BotState>,
) -> wasmtime::Result<Option<u64>> {
    match tank(&store) {
        Tank::Wasmtime => store.as_context().get_fuel().map(Some),
        Tank::Counter(counter) => {
            let left = counter_value(&mut store, counter);
            let state = store.as_context().data();
            Ok((!cannot_pay(state, left)).then(|| in_tank(state, left)))
        }
        Tank::Unattached => Ok(Some(0)),
    }
}

/// What is left in the tank with the counter at `left`: the counter, the reserve and the
/// withheld unit (0 when the counter owes more than that).
fn in_tank(state: &BotState, left: i64) -> u64 {
    let total = i128::from(left) + i128::from(state.reserve) + i128::from(state.withheld);
    u64::try_from(total.max(0)).unwrap_or(u64::MAX)
}

/// Whether a counter standing at `left` could not pay: a refuel or a host call found the
/// reserve short, or the counter owes more than the reserve holds.
fn cannot_pay(state: &BotState, left: i64) -> bool {
    state.ran_out || (left < 0 && left.unsigned_abs() > state.reserve)
}

/// The counter's value.
fn counter_value(mut store: impl AsContextMut<Data = BotState>, counter: Global) -> i64 {
    counter.get(&mut store).i64().unwrap_or(-1)
}

/// Whether the rewrite's counter could not pay for the call: a refuel or a host call
/// found the reserve short (the call was stopped), or the call ended owing more than
/// the reserve holds (an `if`'s arms do not look at the counter: see `metering/emit.rs`).
/// Such a call is judged again on wasmtime's fuel (`wasm_bot.rs`).
pub(crate) fn exhausted(store: impl AsContextMut<Data = BotState>) -> bool {
    matches!(left_after(store), Ok(None))
}

/// Finds the rewrite's counter in a new `instance` (`counter`: its module's
/// [`super::metering::FUEL_EXPORT`]) and keeps it in the store.
pub(crate) fn attach(
    mut store: impl AsContextMut<Data = BotState>,
    instance: &Instance,
    counter: &Export,
) {
    if store.as_context().data().metering.rewrites() {
        let counter = counter.global(&mut store, instance);
        store.as_context_mut().data_mut().counter = counter;
    }
}

/// Moves at least `debt` (what a charge took the counter below zero) and up to
/// [`REFUEL_SLICE`] beyond it from the reserve, returning what is left after the debt;
/// `None` when the reserve cannot cover the debt (the reserve is then emptied).
fn draw(state: &mut BotState, debt: u64) -> Option<u64> {
    if state.reserve < debt {
        state.reserve = 0;
        return None;
    }
    let moved = debt.saturating_add(REFUEL_SLICE).min(state.reserve);
    state.reserve -= moved;
    Some(moved - debt)
}

/// What a refuel gives the code back: the refilled counter, or why the call stops.
#[derive(Debug, PartialEq, Eq)]
enum Refill {
    /// The counter, refilled.
    Counter(i64),
    /// The call has used more CPU time than the safety net allows.
    Timeout,
    /// The reserve cannot cover the debt.
    OutOfFuel,
}

/// A refuel of a counter that a charge took down to `left` (below zero): the safety net
/// looks first, then the reserve pays.
fn refill(state: &mut BotState, left: i64) -> Refill {
    if state.guard.exceeded() {
        return Refill::Timeout;
    }
    match draw(state, left.unsigned_abs()) {
        Some(refilled) => Refill::Counter(i64::try_from(refilled).unwrap_or(i64::MAX)),
        None => Refill::OutOfFuel,
    }
}

/// The refuel function the rewritten code calls with its counter when a charge took it
/// below zero: see [`refill`]. Out of fuel, the store remembers it ([`exhausted`]).
pub(crate) fn refuel(mut caller: Caller<'_, BotState>, left: i64) -> wasmtime::Result<i64> {
    match refill(caller.data_mut(), left) {
        Refill::Counter(counter) => Ok(counter),
        Refill::Timeout => Err(wasmtime::Error::new(Trap::Interrupt)),
        Refill::OutOfFuel => {
            caller.data_mut().ran_out = true;
            Err(wasmtime::Error::new(Trap::OutOfFuel))
        }
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
    match tank(&store) {
        Tank::Wasmtime => {
            let mut ctx = store.as_context_mut();
            let fuel = ctx.get_fuel()?;
            if fuel < amount {
                ctx.set_fuel(0)?;
                return Err(wasmtime::Error::new(Trap::OutOfFuel));
            }
            ctx.set_fuel(fuel - amount)
        }
        Tank::Counter(counter) => {
            let fuel = counter_value(&mut store, counter);
            let left = fuel.saturating_sub(i64::try_from(amount).unwrap_or(i64::MAX));
            let left = if left < 0 {
                draw(store.as_context_mut().data_mut(), left.unsigned_abs()).map(|l| l as i64)
            } else {
                Some(left)
            };
            match left {
                Some(left) => counter.set(&mut store, Val::I64(left)),
                None => {
                    store.as_context_mut().data_mut().ran_out = true;
                    Err(wasmtime::Error::new(Trap::OutOfFuel))
                }
            }
        }
        Tank::Unattached => Ok(()),
    }
}

/// The fault of `err`, raised in `store` under a budget of `budget` fuel: out of fuel
/// when the rewrite's counter could not pay ([`exhausted`]), else by the error's type.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Limits;

    fn state(reserve: u64) -> BotState {
        let mut s = BotState::new(&Limits::default(), 0, Metering::Arena);
        s.reserve = reserve;
        s
    }

    #[test]
    fn a_draw_pays_the_debt_and_moves_at_most_a_slice_more() {
        let mut s = state(10 * REFUEL_SLICE);
        assert_eq!(draw(&mut s, 5), Some(REFUEL_SLICE));
        assert_eq!(s.reserve, 9 * REFUEL_SLICE - 5);
        let mut s = state(100);
        assert_eq!(draw(&mut s, 40), Some(60), "the last of the reserve");
        assert_eq!(s.reserve, 0);
        let mut s = state(100);
        assert_eq!(draw(&mut s, 101), None, "a debt beyond the reserve");
        assert_eq!(s.reserve, 0);
        let mut s = state(100);
        assert_eq!(
            draw(&mut s, 100),
            Some(0),
            "exactly spent is not out of fuel"
        );
    }

    #[test]
    fn a_refill_stops_the_call_when_the_safety_net_says_so() {
        let mut s = state(10 * REFUEL_SLICE);
        s.guard = crate::runtime::guard::CpuGuard::new(0);
        s.guard.arm(0);
        assert_eq!(refill(&mut s, -3), Refill::Counter(REFUEL_SLICE as i64));
        let start = crate::runtime::guard::thread_cpu_time();
        while crate::runtime::guard::thread_cpu_time() - start < std::time::Duration::from_millis(3)
        {
        }
        assert_eq!(refill(&mut s, -3), Refill::Timeout);
        let mut s = state(2);
        assert_eq!(refill(&mut s, -3), Refill::OutOfFuel);
    }
}
