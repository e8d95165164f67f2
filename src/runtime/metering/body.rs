//! The rewrite of one function body: its regions' costs, then the body with the charges
//! and the counter kept in a local (see the parent module's documentation).

use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{Function, Instruction, ValType};
use wasmparser::{FunctionBody, Operator};

use super::{bulk_shift, op_cost, MeteringError};

/// The static cost of each region of `body`, in the order of their first operator (the
/// body's entry first, then each `loop` in order).
fn region_costs(
    body: &FunctionBody<'_>,
    folded: &[Option<u64>],
) -> Result<Vec<u64>, MeteringError> {
    // wasmtime counts 1 for entering a function.
    let mut costs = vec![1u64];
    let mut regions = vec![0usize];
    let mut frames: Vec<bool> = vec![false];
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
            Operator::Block { .. } | Operator::If { .. } => frames.push(false),
            Operator::Loop { .. } => {
                frames.push(true);
                regions.push(costs.len());
                costs.push(0);
            }
            Operator::End => {
                let closes_loop = frames.pop().ok_or_else(unbalanced)?;
                if closes_loop {
                    regions.pop();
                }
            }
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
            Operator::Block { .. } | Operator::If { .. } => depth += 1,
            Operator::Loop { .. } => {
                depth += 1;
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
