//! Which functions are *folded*: paid for by their callers, so that they neither charge
//! nor touch the counter themselves.
//!
//! A defined function is folded when it is straight-line code (no loop, no `if`, no
//! branch, no `return`: so it costs the same on every call), has no `call_indirect`, no
//! bulk memory or table operator (those charge by length), calls only folded functions (no import: a
//! host call charges the counter, which a folded function does not hold; no recursion),
//! cannot be reached but by a direct
//! `call` (it is not exported, not the start function, not in any element segment, never
//! named by `ref.func`), and its cost with everything it calls is at most [`FOLD_CAP`].
//! Such a function runs each of its operators exactly once per call (unless it traps),
//! and every call site adds the function's total cost to the cost of the region it lies
//! in.

use wasmparser::{ElementItems, ExternalKind, Operator, Parser, Payload};

use super::{is_bulk, op_cost, MeteringError, Shape};

/// The largest total cost of a folded function: a call site pays it whether or not the
/// function is called, so this bounds the over-charge a folded call adds to its region.
pub const FOLD_CAP: u64 = 64;

/// What one defined function's body holds, for folding.
struct Body {
    /// Its own static cost (operators, each once).
    cost: u64,
    /// Whether it has a loop, an indirect call or a branch (only a straight body costs
    /// the same on every call).
    unfoldable: bool,
    /// The function indices it calls directly, once per call site.
    calls: Vec<u32>,
}

/// For every function index (imports first): its total cost when folded, else `None`.
pub(super) fn folded(binary: &[u8], shape: &Shape) -> Result<Vec<Option<u64>>, MeteringError> {
    let imported = shape.imported_funcs as usize;
    let total = imported + shape.func_types.len();
    let mut escapes = vec![false; total];
    let mut mark = |index: u32| {
        if let Some(e) = escapes.get_mut(index as usize) {
            *e = true;
        }
    };
    let mut bodies = Vec::with_capacity(shape.func_types.len());
    for payload in Parser::new(0).parse_all(binary) {
        match payload? {
            Payload::ExportSection(s) => {
                for export in s {
                    let export = export?;
                    if export.kind == ExternalKind::Func {
                        mark(export.index);
                    }
                }
            }
            Payload::StartSection { func, .. } => mark(func),
            Payload::ElementSection(s) => {
                for element in s {
                    match element?.items {
                        ElementItems::Functions(funcs) => {
                            for f in funcs {
                                mark(f?);
                            }
                        }
                        ElementItems::Expressions(_, exprs) => {
                            for expr in exprs {
                                for op in expr?.get_operators_reader() {
                                    if let Operator::RefFunc { function_index } = op? {
                                        mark(function_index);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            Payload::GlobalSection(s) => {
                for global in s {
                    for op in global?.init_expr.get_operators_reader() {
                        if let Operator::RefFunc { function_index } = op? {
                            mark(function_index);
                        }
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                let mut info = Body {
                    // wasmtime counts 1 for entering a function.
                    cost: 1,
                    unfoldable: false,
                    calls: Vec::new(),
                };
                let mut ops = body.get_operators_reader()?;
                while !ops.eof() {
                    let op = ops.read()?;
                    info.cost = info.cost.saturating_add(op_cost(&op));
                    match op {
                        Operator::Loop { .. }
                        | Operator::CallIndirect { .. }
                        | Operator::If { .. }
                        | Operator::Br { .. }
                        | Operator::BrIf { .. }
                        | Operator::BrTable { .. }
                        | Operator::Return => {
                            info.unfoldable = true;
                        }
                        ref op if is_bulk(op) => info.unfoldable = true,
                        Operator::Call { function_index } => info.calls.push(function_index),
                        Operator::RefFunc { function_index } => mark(function_index),
                        _ => {}
                    }
                }
                bodies.push(info);
            }
            _ => {}
        }
    }
    let mut totals: Vec<State> = vec![State::Unknown; total];
    for index in imported..total {
        resolve(index, imported, &bodies, &escapes, &mut totals);
    }
    Ok(totals
        .into_iter()
        .map(|s| match s {
            State::Folded(cost) => Some(cost),
            _ => None,
        })
        .collect())
}

/// Where the resolution of one function stands.
#[derive(Clone, Copy)]
enum State {
    Unknown,
    Visiting,
    Folded(u64),
    NotFolded,
}

/// Resolves function `index` (a defined one) and what it calls, depth first; a function
/// met again while being resolved is on a cycle and not folded; so is one that calls an
/// import.
fn resolve(
    index: usize,
    imported: usize,
    bodies: &[Body],
    escapes: &[bool],
    totals: &mut [State],
) -> Option<u64> {
    // An explicit stack: call chains can be as deep as the module has functions.
    let mut stack: Vec<(usize, usize, u64)> = Vec::new();
    let start = |i: usize, totals: &mut [State], stack: &mut Vec<(usize, usize, u64)>| {
        let body = &bodies[i - imported];
        if body.unfoldable || escapes[i] || body.cost > FOLD_CAP {
            totals[i] = State::NotFolded;
        } else {
            totals[i] = State::Visiting;
            stack.push((i, 0, body.cost));
        }
    };
    match totals[index] {
        State::Unknown => start(index, totals, &mut stack),
        State::Folded(c) => return Some(c),
        _ => return None,
    }
    while let Some(&mut (i, ref mut next, ref mut sum)) = stack.last_mut() {
        let body = &bodies[i - imported];
        let mut failed = false;
        let mut descend = None;
        while *next < body.calls.len() {
            let callee = body.calls[*next] as usize;
            if callee < imported {
                // A host call charges the counter itself, which a folded function does
                // not hold: its caller keeps it in a local.
                failed = true;
                break;
            }
            match totals.get(callee).copied() {
                Some(State::Folded(c)) => {
                    *sum = sum.saturating_add(c);
                    *next += 1;
                    if *sum > FOLD_CAP {
                        failed = true;
                        break;
                    }
                }
                Some(State::Unknown) => {
                    descend = Some(callee);
                    break;
                }
                _ => {
                    failed = true;
                    break;
                }
            }
        }
        if let Some(callee) = descend {
            start(callee, totals, &mut stack);
            continue;
        }
        let sum = *sum;
        stack.pop();
        totals[i] = if failed {
            State::NotFolded
        } else {
            State::Folded(sum)
        };
    }
    match totals[index] {
        State::Folded(c) => Some(c),
        _ => None,
    }
}
