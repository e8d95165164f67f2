//! The code the rewrite emits into a body: loading and storing the counter, charges
//! (looking at the counter or not), refunds, a `br_table`'s refunds and bulk lengths.

use wasm_encoder::{BlockType, Function, Instruction};

use super::Added;

/// Whether a charge looks at the counter (calling the host's refuel function when it is
/// below zero) or only subtracts. Every function's entry and every loop's header looks,
/// and so does the charge of a bulk operator's length; an `if`'s arms only subtract (an
/// arm runs at most once per entry of its function or iteration of its loop). So
/// between two looks at most one function body's operators run, besides folded helpers
/// (straight code of at most 64 operators per call site); the host also looks at what
/// the counter owes whenever a call returns (`fuel::exhausted`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Look {
    /// Looks (and refuels).
    Yes,
    /// Only subtracts.
    No,
}

/// What the rewrite added to the module, and the two scratch locals of one function.
pub(super) struct Scratch {
    /// What the rewrite adds to the module.
    pub(super) added: Added,
    /// A scratch `i32` local (a length, a `br_table` index).
    pub(super) length: u32,
    /// The local holding the counter while the function runs.
    pub(super) left: u32,
}

impl Scratch {
    /// Copies the counter into the function's local.
    pub(super) fn load(&self, f: &mut Function) {
        f.instruction(&Instruction::GlobalGet(self.added.counter))
            .instruction(&Instruction::LocalSet(self.left));
    }

    /// Copies the function's local back into the counter.
    pub(super) fn store(&self, f: &mut Function) {
        f.instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::GlobalSet(self.added.counter));
    }

    /// Subtracts the i64 on top of the stack from the local; when it goes negative, calls
    /// the host's refuel function with it, which returns it refilled from the move's
    /// budget (or stops the move: out of fuel, or the safety net).
    fn subtract(&self, f: &mut Function) {
        f.instruction(&Instruction::I64Sub)
            .instruction(&Instruction::LocalTee(self.left))
            .instruction(&Instruction::I64Const(0))
            .instruction(&Instruction::I64LtS)
            .instruction(&Instruction::If(BlockType::Empty))
            .instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::Call(self.added.refuel))
            .instruction(&Instruction::LocalSet(self.left))
            .instruction(&Instruction::End);
    }

    /// Charges `cost` (nothing when 0: a region of no cost holds no branch or call),
    /// looking at the counter or not.
    pub(super) fn charge(&self, f: &mut Function, cost: u64, look: Look) {
        if cost == 0 {
            return;
        }
        f.instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::I64Const(cost as i64));
        if look == Look::Yes {
            self.subtract(f);
        } else {
            f.instruction(&Instruction::I64Sub)
                .instruction(&Instruction::LocalSet(self.left));
        }
    }

    /// Gives `amount` back to the local (nothing when 0).
    pub(super) fn refund(&self, f: &mut Function, amount: u64) {
        if amount == 0 {
            return;
        }
        f.instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::I64Const(amount as i64))
            .instruction(&Instruction::I64Add)
            .instruction(&Instruction::LocalSet(self.left));
    }

    /// Before a `br_table` whose i32 index is on top of the stack: gives back what the
    /// target it will take skips (`amounts`: each target's, the default's last), leaving
    /// the index (and the values under it) as they were. The index goes through a first
    /// `br_table` over one empty block per distinct amount, each block's end refunding
    /// its amount; nothing is emitted when no target refunds anything.
    pub(super) fn table_refunds(&self, f: &mut Function, amounts: &[u64]) {
        let mut distinct: Vec<u64> = amounts.iter().copied().filter(|&a| a > 0).collect();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.is_empty() {
            return;
        }
        let k = distinct.len() as u32;
        let block_of = |amount: u64| match distinct.binary_search(&amount) {
            // The block of the j-th amount is j levels out of the innermost; `done`, k.
            Ok(j) if amount > 0 => j as u32,
            _ => k,
        };
        f.instruction(&Instruction::LocalSet(self.length));
        for _ in 0..=k {
            f.instruction(&Instruction::Block(BlockType::Empty));
        }
        let (rest, default) = amounts.split_at(amounts.len() - 1);
        let table: Vec<u32> = rest.iter().map(|&a| block_of(a)).collect();
        f.instruction(&Instruction::LocalGet(self.length))
            .instruction(&Instruction::BrTable(
                table.into(),
                block_of(default.first().copied().unwrap_or(0)),
            ));
        for (j, &amount) in distinct.iter().enumerate() {
            f.instruction(&Instruction::End);
            self.refund(f, amount);
            let to_done = k - 1 - j as u32;
            if to_done > 0 {
                f.instruction(&Instruction::Br(to_done));
            }
        }
        f.instruction(&Instruction::End)
            .instruction(&Instruction::LocalGet(self.length));
    }

    /// Charges the i32 length on top of the stack (one unit per byte or element),
    /// leaving it there.
    pub(super) fn charge_length(&self, f: &mut Function) {
        f.instruction(&Instruction::LocalTee(self.length))
            .instruction(&Instruction::LocalGet(self.left))
            .instruction(&Instruction::LocalGet(self.length))
            .instruction(&Instruction::I64ExtendI32U);
        self.subtract(f);
    }
}
