//! The rewrite of one function body: its regions' costs and the refunds of its exits,
//! then the body with the charges, the refunds and the counter kept in a local (see the
//! parent module's documentation).

use wasm_encoder::reencode::{Reencode, RoundtripReencoder};
use wasm_encoder::{BlockType, Function, Instruction, ValType};
use wasmparser::{FunctionBody, Operator};

use super::copy::CopyLocals;
use super::emit::{Look, Scratch};
use super::{is_bulk, op_cost, Added, MeteringError, Shape, Shift};

/// What a control frame is, for the cost pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A `block` (and the function's body): its operators belong to the region around it.
    Block,
    /// A `loop`: a region of its own; a branch to it goes back to its header.
    Loop,
    /// An `if` (then `else`): each arm a region of its own.
    If,
}

/// One open control frame of the cost pass.
struct Frame {
    kind: Kind,
    /// The region the operators directly inside the frame are charged to.
    region: usize,
    /// The region the frame's construct lies in (the same as `region` for a block).
    outer: usize,
    /// The cost of `outer` up to and including the construct's opening operator.
    outer_at: u64,
    /// This frame's entry in the cost pass's `ends` (the cost of its region at its `end`).
    end: usize,
    /// Values a branch to the frame's label carries.
    arity: u32,
    /// Whether control can reach the current operator by falling through (an
    /// over-approximation: `false` only after an unconditional branch, a `return` or an
    /// `unreachable`, or after a construct whose `end` nothing reaches).
    reachable: bool,
    /// Whether control could enter the frame (for an `if`, whether its `else` arm can
    /// run, or without one, whether its `end` is reached past the `then` arm).
    entered: bool,
    /// For an `if` with an `else`: whether the `then` arm's end is reachable.
    then_reachable: Option<bool>,
}

/// Where a refunded stretch of a region ends.
#[derive(Clone, Copy)]
enum Upto {
    /// The region's end: what it costs in all.
    Rest(usize),
    /// A `block`'s `end` (an index of the cost pass's `ends`).
    End(usize),
}

/// The cost of one region's operators from `from` up to `upto`: paid on the region's
/// entry but skipped by a taken branch.
#[derive(Clone, Copy)]
struct Piece {
    from: u64,
    upto: Upto,
}

/// What a branch refunds when taken, before the pieces are priced.
enum PendingRefund {
    /// `br`, `br_if` or `return`: the pieces, the arity of the target's label, and the
    /// target's label (its index in the cost pass's `ends`) when it is a `br_if` to a
    /// `block`, whose refund may move to where it lands.
    Single(Vec<Piece>, u32, Option<usize>),
    /// `br_table`: the pieces of each target, the default's last, each with its label
    /// when it is a `block`.
    Table(Vec<(Vec<Piece>, Option<usize>)>),
}

/// What one taken branch gives back to the counter.
#[derive(Debug, PartialEq, Eq)]
enum Refund {
    /// `br`, `br_if` or `return`: the amount, and the arity of the target's label.
    Single(u64, u32),
    /// `br_table`: the amount for each target, the default's last.
    Table(Vec<u64>),
}

/// The priced regions and refunds of one body.
#[derive(Debug)]
struct Costs {
    /// The static cost of each region, in the order of their first operator (the body's
    /// entry first, then each `loop`, `if` and `else` in order).
    regions: Vec<u64>,
    /// For each branch operator in order (`br`, `br_if`, `br_table`, `return`), what it
    /// gives back when taken, before it branches.
    refunds: Vec<Refund>,
    /// For the body and each `block`, `loop` and `if` in order of their opening operator,
    /// what is given back just after its `end`: the refund of the one branch that
    /// reaches a `block`'s `end` when nothing else does.
    landings: Vec<u64>,
    /// Whether the body has a `memory.copy` (its function then gets the inline copy's
    /// locals).
    copies: bool,
}

/// The pieces a branch to the frame `depth` levels out skips: the rest of every region
/// it leaves, and of the region it lands in, the stretch up to the `end` it lands on (a
/// branch to a `loop` leaves the loop's region too: its header charges it again).
fn pieces(
    frames: &[Frame],
    prefix: &[u64],
    depth: u32,
) -> Result<(Vec<Piece>, u32, Option<usize>), MeteringError> {
    let target = frames
        .len()
        .checked_sub(1 + depth as usize)
        .ok_or_else(unbalanced)?;
    let top = frames.last().ok_or_else(unbalanced)?;
    let mut from = prefix[top.region];
    let mut out = Vec::new();
    for frame in frames[target + 1..].iter().rev() {
        if frame.kind != Kind::Block {
            out.push(Piece {
                from,
                upto: Upto::Rest(frame.region),
            });
            from = frame.outer_at;
        }
    }
    let frame = &frames[target];
    // A `block`'s label, other than the function's own (a branch there returns).
    let label = (frame.kind == Kind::Block && target > 0).then_some(frame.end);
    out.push(match frame.kind {
        Kind::Block => Piece {
            from,
            upto: Upto::End(frame.end),
        },
        // The header of a loop charges its region again; the `end` of an `if` lies in
        // the region around it, with nothing of that region between the `if` and it.
        Kind::Loop | Kind::If => Piece {
            from,
            upto: Upto::Rest(frame.region),
        },
    });
    Ok((out, frame.arity, label))
}

/// The cost pass: each region's static cost (what wasmtime's fuel counts for the
/// operators directly in it, a call to a folded function adding that function's total)
/// and each branch's refund.
fn costs(
    body: &FunctionBody<'_>,
    shape: &Shape,
    results: u32,
    folded: &[Option<u64>],
) -> Result<Costs, MeteringError> {
    // wasmtime counts 1 for entering a function.
    let mut prefix = vec![1u64];
    let mut ends = vec![0u64];
    let mut frames = vec![Frame {
        kind: Kind::Block,
        region: 0,
        outer: 0,
        outer_at: 0,
        end: 0,
        arity: results,
        reachable: true,
        entered: true,
        then_reachable: None,
    }];
    // For each label (an index of `ends`): the branch operators (indices of `pending`)
    // that target it, and whether its `end` is reached by falling through.
    let mut sites: Vec<Vec<usize>> = vec![Vec::new()];
    let mut falls = vec![true];
    let mut pending = Vec::new();
    let mut copies = false;
    let mut ops = body.get_operators_reader()?;
    while !ops.eof() {
        let op = ops.read()?;
        let top = frames.last().ok_or_else(unbalanced)?;
        let (region, reachable) = (top.region, top.reachable);
        prefix[region] = prefix[region].saturating_add(op_cost(&op));
        copies |= matches!(op, Operator::MemoryCopy { .. });
        let site = pending.len();
        match op {
            Operator::Call { function_index } => {
                let callee = folded.get(function_index as usize).copied().flatten();
                prefix[region] = prefix[region].saturating_add(callee.unwrap_or(0));
            }
            Operator::Block { blockty } | Operator::Loop { blockty } | Operator::If { blockty } => {
                let (params, results) = shape.block_arity(blockty)?;
                let (kind, arity) = match op {
                    Operator::Block { .. } => (Kind::Block, results),
                    Operator::Loop { .. } => (Kind::Loop, params),
                    _ => (Kind::If, results),
                };
                let inner = if kind == Kind::Block {
                    region
                } else {
                    prefix.push(0);
                    prefix.len() - 1
                };
                ends.push(0);
                sites.push(Vec::new());
                falls.push(true);
                frames.push(Frame {
                    kind,
                    region: inner,
                    outer: region,
                    outer_at: prefix[region],
                    end: ends.len() - 1,
                    arity,
                    reachable,
                    entered: reachable,
                    then_reachable: None,
                });
            }
            Operator::Else => {
                prefix.push(0);
                let arm = prefix.len() - 1;
                let frame = frames.last_mut().ok_or_else(unbalanced)?;
                frame.region = arm;
                frame.then_reachable = Some(frame.reachable);
                frame.reachable = frame.entered;
            }
            Operator::End => {
                let frame = frames.pop().ok_or_else(unbalanced)?;
                let at = if frame.kind == Kind::Block {
                    frame.region
                } else {
                    frame.outer
                };
                ends[frame.end] = prefix[at];
                falls[frame.end] = frame.reachable;
                // Whether control goes on past the `end`.
                let past = frame.reachable
                    || match frame.kind {
                        Kind::Block => !sites[frame.end].is_empty(),
                        Kind::Loop => false,
                        Kind::If => {
                            !sites[frame.end].is_empty()
                                || frame.then_reachable.unwrap_or(frame.entered)
                        }
                    };
                if let Some(outer) = frames.last_mut() {
                    outer.reachable = past;
                }
            }
            Operator::Br { relative_depth } | Operator::BrIf { relative_depth } => {
                let (p, arity, label) = pieces(&frames, &prefix, relative_depth)?;
                mark(&mut sites, &frames, relative_depth, site)?;
                let movable = matches!(op, Operator::BrIf { .. })
                    .then_some(label)
                    .flatten();
                pending.push(PendingRefund::Single(p, arity, movable));
            }
            Operator::Return => {
                let depth = frames.len().saturating_sub(1) as u32;
                let (p, arity, _) = pieces(&frames, &prefix, depth)?;
                pending.push(PendingRefund::Single(p, arity, None));
            }
            Operator::BrTable { ref targets } => {
                let mut all = Vec::new();
                for depth in targets.targets() {
                    let depth = depth?;
                    let (p, _, label) = pieces(&frames, &prefix, depth)?;
                    mark(&mut sites, &frames, depth, site)?;
                    all.push((p, label));
                }
                let (p, _, label) = pieces(&frames, &prefix, targets.default())?;
                mark(&mut sites, &frames, targets.default(), site)?;
                all.push((p, label));
                pending.push(PendingRefund::Table(all));
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
        if matches!(
            op,
            Operator::Br { .. }
                | Operator::BrTable { .. }
                | Operator::Return
                | Operator::Unreachable
        ) {
            frames.last_mut().ok_or_else(unbalanced)?.reachable = false;
        }
    }
    let price = |pieces: &[Piece]| {
        pieces.iter().fold(0u64, |sum, p| {
            let upto = match p.upto {
                Upto::Rest(region) => prefix[region],
                Upto::End(end) => ends[end],
            };
            sum.saturating_add(upto.saturating_sub(p.from))
        })
    };
    // A label only one branch operator targets, whose `end` nothing falls through to,
    // is reached only by that branch: its refund is given back just after the `end`
    // instead of before the branch (no extra `if` or `br_table` on the way).
    let alone = |label: Option<usize>, site: usize| {
        label.filter(|&l| !falls[l] && sites[l].len() == 1 && sites[l][0] == site)
    };
    let mut landings = vec![0u64; ends.len()];
    let refunds = pending
        .iter()
        .enumerate()
        .map(|(site, p)| match p {
            PendingRefund::Single(pieces, arity, label) => {
                let amount = price(pieces);
                match alone(*label, site) {
                    Some(l) => {
                        landings[l] = amount;
                        Refund::Single(0, *arity)
                    }
                    None => Refund::Single(amount, *arity),
                }
            }
            PendingRefund::Table(all) => Refund::Table(
                all.iter()
                    .map(|(pieces, label)| {
                        let amount = price(pieces);
                        match alone(*label, site) {
                            Some(l) => {
                                landings[l] = amount;
                                0
                            }
                            None => amount,
                        }
                    })
                    .collect(),
            ),
        })
        .collect();
    Ok(Costs {
        regions: prefix,
        refunds,
        landings,
        copies,
    })
}

/// Notes that the branch operator `site` targets the label `depth` levels out.
fn mark(
    sites: &mut [Vec<usize>],
    frames: &[Frame],
    depth: u32,
    site: usize,
) -> Result<(), MeteringError> {
    let target = frames
        .len()
        .checked_sub(1 + depth as usize)
        .ok_or_else(unbalanced)?;
    let label = &mut sites[frames[target].end];
    if label.last() != Some(&site) {
        label.push(site);
    }
    Ok(())
}

fn unbalanced() -> MeteringError {
    MeteringError::Invalid("unbalanced control frames".into())
}

/// `body` with its charges and refunds (see the module documentation). The counter lives
/// in a local of the function while it runs: loaded at entry and after every call that
/// may charge (imports and functions that are not folded), stored before such calls and
/// wherever the function returns. A charge that looks ([`Look`]) and finds it below zero
/// calls the refuel import with it and goes on with what that returns. While
/// `inline_copies` is not 0, each `memory.copy` becomes the inline copy (`copy.rs`) and
/// takes one from it.
pub(super) fn rewrite_body(
    body: FunctionBody<'_>,
    shape: &Shape,
    ty: u32,
    added: Added,
    folded: &[Option<u64>],
    shift: &mut Shift,
    inline_copies: &mut u32,
) -> Result<Function, MeteringError> {
    let (params, results) = shape.function_arity(ty)?;
    let costs = costs(&body, shape, results, folded)?;
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
    let copy = (costs.copies && *inline_copies > 0)
        .then(|| CopyLocals::declare(left.saturating_add(1), &mut locals));
    let mut f = Function::new(locals);
    let scratch = Scratch {
        added,
        length,
        left,
    };
    scratch.load(&mut f);
    scratch.charge(&mut f, costs.regions[0], Look::Yes);
    let mut next_region = 1usize;
    let mut refunds = costs.refunds.iter();
    let mut depth = 0u32;
    // The labels (indices of `costs.landings`) of the open frames, and the next one.
    let mut labels: Vec<usize> = Vec::new();
    let mut next_label = 1usize;
    let mut ops = body.get_operators_reader()?;
    while !ops.eof() {
        let op = ops.read()?;
        let same = shift.instruction(op.clone())?;
        if is_bulk(&op) {
            scratch.charge_length(&mut f);
        }
        if let (Operator::MemoryCopy { .. }, Some(copy)) = (&op, copy) {
            if *inline_copies > 0 {
                copy.emit(&mut f, length);
                *inline_copies -= 1;
                continue;
            }
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
                f.instruction(&same);
                scratch.load(&mut f);
                continue;
            }
            Operator::CallIndirect { .. } => {
                scratch.store(&mut f);
                f.instruction(&same);
                scratch.load(&mut f);
                continue;
            }
            Operator::Return | Operator::Br { .. } => {
                let Some(Refund::Single(amount, _)) = refunds.next() else {
                    return Err(unbalanced());
                };
                scratch.refund(&mut f, *amount);
                let leaves = match op {
                    Operator::Br { relative_depth } => relative_depth == depth,
                    _ => true,
                };
                if leaves {
                    scratch.store(&mut f);
                }
            }
            Operator::BrIf { relative_depth } => {
                let Some(Refund::Single(amount, arity)) = refunds.next() else {
                    return Err(unbalanced());
                };
                let leaves = *relative_depth == depth;
                if *amount > 0 && *arity == 0 {
                    // Taken: refund, (store), branch one level further out.
                    f.instruction(&Instruction::If(BlockType::Empty));
                    scratch.refund(&mut f, *amount);
                    if leaves {
                        scratch.store(&mut f);
                    }
                    f.instruction(&Instruction::Br(relative_depth + 1))
                        .instruction(&Instruction::End);
                    continue;
                }
                if *amount > 0 {
                    // The carried values stay on the stack under the condition's test.
                    f.instruction(&Instruction::LocalTee(length))
                        .instruction(&Instruction::If(BlockType::Empty));
                    scratch.refund(&mut f, *amount);
                    f.instruction(&Instruction::End)
                        .instruction(&Instruction::LocalGet(length));
                }
                if leaves {
                    scratch.store(&mut f);
                }
            }
            Operator::BrTable { targets } => {
                let Some(Refund::Table(amounts)) = refunds.next() else {
                    return Err(unbalanced());
                };
                scratch.table_refunds(&mut f, amounts);
                let mut leaves = targets.default() == depth;
                for target in targets.targets() {
                    leaves |= target? == depth;
                }
                if leaves {
                    scratch.store(&mut f);
                }
            }
            Operator::End if depth == 0 => scratch.store(&mut f),
            _ => {}
        }
        f.instruction(&same);
        if matches!(
            op,
            Operator::Block { .. } | Operator::Loop { .. } | Operator::If { .. }
        ) {
            labels.push(next_label);
            next_label += 1;
        }
        if matches!(op, Operator::End) {
            // Control arrives here only by the branch whose refund this is, if any.
            if let Some(label) = labels.pop() {
                let amount = costs.landings.get(label).copied().unwrap_or(0);
                if amount > 0 {
                    scratch.refund(&mut f, amount);
                }
            }
        }
        match op {
            Operator::Block { .. } => depth += 1,
            Operator::Loop { .. } | Operator::If { .. } | Operator::Else => {
                if !matches!(op, Operator::Else) {
                    depth += 1;
                }
                let cost = costs
                    .regions
                    .get(next_region)
                    .copied()
                    .ok_or_else(unbalanced)?;
                next_region += 1;
                // An arm runs at most once per entry of its function or iteration of its
                // loop, both of which look: an arm's charge need not.
                let look = if matches!(op, Operator::Loop { .. }) {
                    Look::Yes
                } else {
                    Look::No
                };
                scratch.charge(&mut f, cost, look);
            }
            Operator::End => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(f)
}
