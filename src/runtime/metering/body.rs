//! The rewrite of one function body: its regions' costs, then the body with the charges
//! and the counter kept in a local (see the parent module's documentation).

use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{Function, Instruction, ValType};
use wasmparser::{FunctionBody, Operator};

use super::{bulk_shift, op_cost, MeteringError};

/// Arms of an `if` cheaper than this are paid by the region around them (whether taken
/// or not); dearer arms are regions of their own, charged on entry.
pub const ARM_SPLIT: u64 = 8;

/// What a control frame is, for the cost pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Frame {
    /// A `block`: its operators belong to the region around it.
    Block,
    /// A `loop`: a region of its own.
    Loop,
    /// An `if` (then `else`): each arm a region of its own, merged into the region
    /// around when cheaper than [`ARM_SPLIT`].
    If,
}

/// The static cost of each region of `body`, in the order of their first operator (the
/// body's entry first, then each `loop`, `if` and `else` in order); a region merged into
/// the one around it costs 0 (it is not charged).
fn region_costs(
    body: &FunctionBody<'_>,
    folded: &[Option<u64>],
) -> Result<Vec<u64>, MeteringError> {
    // wasmtime counts 1 for entering a function.
    let mut costs = vec![1u64];
    let mut regions = vec![0usize];
    let mut frames: Vec<Frame> = vec![Frame::Block];
    // Closes the arm on top of `regions`, merging it into the region around when cheap.
    let close_arm = |costs: &mut Vec<u64>, regions: &mut Vec<usize>| {
        let arm = regions.pop().ok_or_else(unbalanced)?;
        if costs[arm] < ARM_SPLIT {
            let around = *regions.last().ok_or_else(unbalanced)?;
            costs[around] = costs[around].saturating_add(costs[arm]);
            costs[arm] = 0;
        }
        Ok::<(), MeteringError>(())
    };
    let mut ops = body.get_operators_reader()?;
    while !ops.eof() {
        let op = ops.read()?;
        let region = *regions.last().ok_or_else(unbalanced)?;
        costs[region] = costs[region].saturating_add(op_cost(&op));
        match op {
            Operator::Call { function_index } => {
                let callee = folded.get(function_index as usize).copied().flatten();
                costs[region] = costs[region].saturating_add(callee.unwrap_or(0));
            }
            Operator::Block { .. } => frames.push(Frame::Block),
            Operator::Loop { .. } | Operator::If { .. } => {
                frames.push(if let Operator::Loop { .. } = op {
                    Frame::Loop
                } else {
                    Frame::If
                });
                regions.push(costs.len());
                costs.push(0);
            }
            Operator::Else => {
                close_arm(&mut costs, &mut regions)?;
                regions.push(costs.len());
                costs.push(0);
            }
            Operator::End => match frames.pop().ok_or_else(unbalanced)? {
                Frame::Block => {}
                Frame::Loop => {
                    regions.pop();
                }
                Frame::If => close_arm(&mut costs, &mut regions)?,
            },
            Operator::Try { .. }
            | Operator::TryTable { .. }
            | Operator::Delegate { .. }
            | Operator::Catch { .. }
            | Operator::CatchAll => {
                return Err(MeteringError::Unsupported(
                    "exception handling is not supported".into(),
                ))
            }
            _ => {}
        }
    }
    Ok(costs)
}

fn unbalanced() -> MeteringError {
    MeteringError::Invalid("unbalanced control frames".into())
}

/// `body` with its charges (see the module documentation). The counter lives in a local
/// of the function while it runs: loaded at entry and after every call that may charge
/// (imports and functions that are not folded), stored before such calls and wherever
/// the function returns, and before the trap of a failed charge.
pub(super) fn rewrite_body(
    binary: &[u8],
    body: FunctionBody<'_>,
    params: u32,
    counter: u32,
    folded: &[Option<u64>],
) -> Result<Function, MeteringError> {
    let costs = region_costs(&body, folded)?;
    let mut locals = Vec::new();
    let mut declared = 0u32;
    for local in body.get_locals_reader()? {
        let (count, ty) = local?;
        declared = declared.saturating_add(count);
        locals.push((count, RoundtripReencoder.val_type(ty)?));
    }
    let length = params.saturating_add(declared);
    let left = length.saturating_add(1);
    locals.push((1, ValType::I32));
    locals.push((1, ValType::I64));
    let mut f = Function::new(locals);
    let scratch = Scratch {
        counter,
        length,
        left,
    };
    scratch.load(&mut f);
    scratch.charge(&mut f, costs[0]);
    let mut next_region = 1usize;
    let mut depth = 0u32;
    let mut ops = body.get_operators_reader()?;
    while !ops.eof() {
        let start = ops.original_position();
        let op = ops.read()?;
        let end = ops.original_position();
        let bytes = binary[start..end].iter().copied();
        if let Some(shift) = bulk_shift(&op) {
            scratch.charge_length(&mut f, shift);
        }
        match &op {
            Operator::Call { function_index }
                if folded
                    .get(*function_index as usize)
                    .copied()
                    .flatten()
                    .is_none() =>
            {
                scratch.store(&mut f);
                f.raw(bytes);
                scratch.load(&mut f);
                continue;
            }
            Operator::CallIndirect { .. } => {
                scratch.store(&mut f);
                f.raw(bytes);
                scratch.load(&mut f);
                continue;
            }
            Operator::Return => scratch.store(&mut f),
            Operator::Br { relative_depth } | Operator::BrIf { relative_depth }
                if *relative_depth == depth =>
            {
                scratch.store(&mut f)
            }
            Operator::BrTable { targets } => {
                let mut out = targets.default() == depth;
                for target in targets.targets() {
                    out |= target? == depth;
                }
                if out {
                    scratch.store(&mut f);
                }
            }
            Operator::End if depth == 0 => scratch.store(&mut f),
            _ => {}
        }
        f.raw(bytes);
        match op {
            Operator::Block { .. } => depth += 1,
            Operator::Loop { .. } | Operator::If { .. } | Operator::Else => {
                if !matches!(op, Operator::Else) {
                    depth += 1;
                }
                let cost = costs.get(next_region).copied().ok_or_else(unbalanced)?;
                next_region += 1;
                scratch.charge(&mut f, cost);
            }
            Operator::End => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(f)
}

/// The counter and the two scratch locals of one function.
struct Scratch {
    counter: u32,
    length: u32,
    left: u32,
}

impl Scratch {
    /// Copies the counter into the function's local.
    fn load(&self, f: &mut Function) {
        f.instruction(&Instruction::GlobalGet(self.counter))
            .instruction(&Instruction::LocalSet(self.left));
    }

    /// Copies the function's local back into the counter.
    fn store(&self, f: &mut Function) {
        f.instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::GlobalSet(self.counter));
    }

    /// Subtracts the i64 on top of the stack from the local; when it goes negative,
    /// stores it and traps.
    fn subtract(&self, f: &mut Function) {
        f.instruction(&Instruction::I64Sub)
            .instruction(&Instruction::LocalTee(self.left))
            .instruction(&Instruction::I64Const(0))
            .instruction(&Instruction::I64LtS)
            .instruction(&Instruction::If(wasm_encoder::BlockType::Empty));
        self.store(f);
        f.instruction(&Instruction::Unreachable)
            .instruction(&Instruction::End);
    }

    /// Charges `cost` (nothing when 0: a region of no cost holds no branch or call).
    fn charge(&self, f: &mut Function, cost: u64) {
        if cost == 0 {
            return;
        }
        f.instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::I64Const(cost as i64));
        self.subtract(f);
    }

    /// Charges the i32 length on top of the stack, shifted right by `shift`, leaving it
    /// there.
    fn charge_length(&self, f: &mut Function, shift: i64) {
        f.instruction(&Instruction::LocalTee(self.length))
            .instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::LocalGet(self.length))
            .instruction(&Instruction::I64ExtendI32U);
        if shift > 0 {
            f.instruction(&Instruction::I64Const(shift))
                .instruction(&Instruction::I64ShrU);
        }
        self.subtract(f);
    }
}
