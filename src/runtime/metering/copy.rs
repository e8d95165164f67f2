//! Short `memory.copy`s copied inline. wasmtime compiles every `memory.copy` to a call
//! out of the bot's code into the runtime (a libcall), whose fixed cost is many times
//! that of copying a few dozen bytes; Rust's `clone_from` of a small `Vec` pays it at
//! every node of a search. The rewrite copies a length of 16 to [`INLINE_MAX`] bytes with
//! 16-byte loads and stores in the bot's own code when both ranges are in bounds, and
//! leaves every other copy to `memory.copy` itself, which traps as before.
//!
//! What is copied is exactly what `memory.copy` copies (`memmove`):
//! - up to 64 bytes: two or four 16-byte blocks covering the source (overlapping when
//!   the length is not a multiple of 16) are all read before any is written, so any
//!   overlap of the two ranges is safe;
//! - longer: only when the copy can run forwards (the destination below the source, or
//!   the ranges apart). The last 16 bytes of the source are read first; then 16-byte
//!   blocks from the start, each read before it is written and never reaching a byte of
//!   the source not yet read; then the last 16 bytes are written.
//!
//! The length has been charged before (one unit per byte, as wasmtime charges), and the
//! inline copy runs at most `INLINE_MAX / 16` loop iterations: work bounded by what was
//! paid.

use wasm_encoder::{BlockType, Function, Instruction, MemArg, ValType};

/// The longest copy done inline, in bytes. Longer ones go to `memory.copy`, whose
/// `memmove` is faster than a loop of 16-byte blocks once the call's cost is amortised.
pub(super) const INLINE_MAX: u32 = 512;

/// The most `memory.copy`s of one module rewritten inline (the first ones, in the order
/// of the code; the others stay `memory.copy`). Each adds about 300 bytes of code, so a
/// module made of copies gains at most about 300 KiB: what it costs the compiler stays
/// within what the module's own size allowed. (Rust's bots have a few dozen; the Python
/// interpreter 620 in its largest function.)
pub(super) const INLINE_SITES_MAX: u32 = 1024;

/// The shortest copy done inline: one 16-byte block.
const BLOCK: u32 = 16;

/// The scratch locals of the inline copy: destination, source, block offset, and four
/// 16-byte blocks.
#[derive(Clone, Copy)]
pub(super) struct CopyLocals {
    dst: u32,
    src: u32,
    at: u32,
    blocks: [u32; 4],
}

/// A 16-byte access at the address on the stack, no offset, no alignment promised.
const UNALIGNED: MemArg = MemArg {
    offset: 0,
    align: 0,
    memory_index: 0,
};

impl CopyLocals {
    /// The locals to declare after `first` (their index), in order.
    pub(super) fn declare(first: u32, locals: &mut Vec<(u32, ValType)>) -> CopyLocals {
        locals.push((3, ValType::I32));
        locals.push((4, ValType::V128));
        CopyLocals {
            dst: first,
            src: first + 1,
            at: first + 2,
            blocks: [first + 3, first + 4, first + 5, first + 6],
        }
    }

    /// Pushes `base + length - back` (an address within a range already checked).
    fn from_end(f: &mut Function, base: u32, length: u32, back: u32) {
        f.instruction(&Instruction::LocalGet(base))
            .instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::I32Add)
            .instruction(&Instruction::I32Const(back as i32))
            .instruction(&Instruction::I32Sub);
    }

    /// Pushes `base + offset`.
    fn from_start(f: &mut Function, base: u32, offset: u32) {
        f.instruction(&Instruction::LocalGet(base));
        if offset > 0 {
            f.instruction(&Instruction::I32Const(offset as i32))
                .instruction(&Instruction::I32Add);
        }
    }

    /// Reads the blocks at `offsets` of the source into the block locals, then writes
    /// them at the same offsets of the destination, and leaves the copy (`br` to the
    /// label `done` levels out). An offset is from the start, or from the end when
    /// `Err(back)`.
    fn blocks(&self, f: &mut Function, length: u32, offsets: &[Result<u32, u32>], done: u32) {
        let at = |f: &mut Function, base, offset: Result<u32, u32>| match offset {
            Ok(offset) => Self::from_start(f, base, offset),
            Err(back) => Self::from_end(f, base, length, back),
        };
        for (&offset, &block) in offsets.iter().zip(&self.blocks) {
            at(f, self.src, offset);
            f.instruction(&Instruction::V128Load(UNALIGNED))
                .instruction(&Instruction::LocalSet(block));
        }
        for (&offset, &block) in offsets.iter().zip(&self.blocks) {
            at(f, self.dst, offset);
            f.instruction(&Instruction::LocalGet(block))
                .instruction(&Instruction::V128Store(UNALIGNED));
        }
        f.instruction(&Instruction::Br(done));
    }

    /// Replaces a `memory.copy 0 0` whose operands (destination, source, length) are on
    /// the stack and whose length is also in the local `length`.
    pub(super) fn emit(&self, f: &mut Function, length: u32) {
        f.instruction(&Instruction::Drop)
            .instruction(&Instruction::LocalSet(self.src))
            .instruction(&Instruction::LocalSet(self.dst))
            // block $copied; block $by_memory_copy
            .instruction(&Instruction::Block(BlockType::Empty))
            .instruction(&Instruction::Block(BlockType::Empty));
        // Not BLOCK..=INLINE_MAX bytes: memory.copy.
        f.instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::I32Const(BLOCK as i32))
            .instruction(&Instruction::I32Sub)
            .instruction(&Instruction::I32Const((INLINE_MAX - BLOCK) as i32))
            .instruction(&Instruction::I32GtU)
            .instruction(&Instruction::BrIf(0));
        // Either range out of bounds: memory.copy, which traps. The higher start plus
        // the length, in 64 bits (it may pass 2^32), against the memory's size.
        f.instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::I32GtU)
            .instruction(&Instruction::Select)
            .instruction(&Instruction::I64ExtendI32U)
            .instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::I64ExtendI32U)
            .instruction(&Instruction::I64Add)
            .instruction(&Instruction::MemorySize(0))
            .instruction(&Instruction::I64ExtendI32U)
            .instruction(&Instruction::I64Const(16))
            .instruction(&Instruction::I64Shl)
            .instruction(&Instruction::I64GtU)
            .instruction(&Instruction::BrIf(0));
        // Up to 32 bytes: the first and the last block; up to 64: the first two and the
        // last two.
        let short: [(u32, &[Result<u32, u32>]); 2] = [
            (2 * BLOCK, &[Ok(0), Err(BLOCK)]),
            (4 * BLOCK, &[Ok(0), Ok(BLOCK), Err(2 * BLOCK), Err(BLOCK)]),
        ];
        for (most, offsets) in short {
            f.instruction(&Instruction::LocalGet(length))
                .instruction(&Instruction::I32Const(most as i32))
                .instruction(&Instruction::I32LeU)
                .instruction(&Instruction::If(BlockType::Empty));
            self.blocks(f, length, offsets, 2);
            f.instruction(&Instruction::End);
        }
        // Longer, and the destination above the source within its length: backwards
        // would be needed, memory.copy.
        f.instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::I32GtU)
            .instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::I32Sub)
            .instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::I32LtU)
            .instruction(&Instruction::I32And)
            .instruction(&Instruction::BrIf(0));
        // Forwards: the source's last block first, then blocks while at < length - 16,
        // then the last block.
        let last = self.blocks[0];
        Self::from_end(f, self.src, length, BLOCK);
        f.instruction(&Instruction::V128Load(UNALIGNED))
            .instruction(&Instruction::LocalSet(last))
            .instruction(&Instruction::I32Const(0))
            .instruction(&Instruction::LocalSet(self.at))
            .instruction(&Instruction::Block(BlockType::Empty))
            .instruction(&Instruction::Loop(BlockType::Empty))
            .instruction(&Instruction::LocalGet(self.at))
            .instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::I32Const(BLOCK as i32))
            .instruction(&Instruction::I32Sub)
            .instruction(&Instruction::I32GeU)
            .instruction(&Instruction::BrIf(1))
            .instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.at))
            .instruction(&Instruction::I32Add)
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::LocalGet(self.at))
            .instruction(&Instruction::I32Add)
            .instruction(&Instruction::V128Load(UNALIGNED))
            .instruction(&Instruction::V128Store(UNALIGNED))
            .instruction(&Instruction::LocalGet(self.at))
            .instruction(&Instruction::I32Const(BLOCK as i32))
            .instruction(&Instruction::I32Add)
            .instruction(&Instruction::LocalSet(self.at))
            .instruction(&Instruction::Br(0))
            .instruction(&Instruction::End)
            .instruction(&Instruction::End);
        Self::from_end(f, self.dst, length, BLOCK);
        f.instruction(&Instruction::LocalGet(last))
            .instruction(&Instruction::V128Store(UNALIGNED))
            .instruction(&Instruction::Br(1))
            // end $by_memory_copy
            .instruction(&Instruction::End)
            .instruction(&Instruction::LocalGet(self.dst))
            .instruction(&Instruction::LocalGet(self.src))
            .instruction(&Instruction::LocalGet(length))
            .instruction(&Instruction::MemoryCopy {
                src_mem: 0,
                dst_mem: 0,
            })
            // end $copied
            .instruction(&Instruction::End);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use wasmtime::{Engine, Linker, Memory, Module, Store, TypedFunc, Val};

    use super::super::{instrument, FUEL_EXPORT, METERING_MODULE, REFUEL_IMPORT};

    /// The memory of the test module until it grows: one page.
    const SIZE: usize = 1 << 16;

    /// A rewritten module whose export `copy` is one `memory.copy`, instantiated with a
    /// counter that never runs out.
    struct Copier {
        store: Store<()>,
        copy: TypedFunc<(u32, u32, u32), ()>,
        grow: TypedFunc<u32, i32>,
        memory: Memory,
    }

    impl Copier {
        fn new() -> Copier {
            let bot = wat::parse_str(
                r#"(module (memory (export "memory") 1)
                   (func (export "copy") (param i32 i32 i32)
                     (memory.copy (local.get 0) (local.get 1) (local.get 2)))
                   (func (export "grow") (param i32) (result i32)
                     (memory.grow (local.get 0))))"#,
            )
            .unwrap();
            let rewritten = instrument(&bot).unwrap();
            let text = wasmprinter::print_bytes(&rewritten).unwrap();
            assert!(
                text.contains("v128.load"),
                "the inline copy is there: {text}"
            );
            let engine = Engine::default();
            let module = Module::new(&engine, &rewritten).unwrap();
            let mut linker = Linker::new(&engine);
            linker
                .func_wrap(METERING_MODULE, REFUEL_IMPORT, |owed: i64| owed + (1 << 40))
                .unwrap();
            let mut store = Store::new(&engine, ());
            let instance = linker.instantiate(&mut store, &module).unwrap();
            let fuel = instance.get_global(&mut store, FUEL_EXPORT).unwrap();
            fuel.set(&mut store, Val::I64(1 << 40)).unwrap();
            let copy = instance.get_typed_func(&mut store, "copy").unwrap();
            let grow = instance.get_typed_func(&mut store, "grow").unwrap();
            let memory = instance.get_memory(&mut store, "memory").unwrap();
            Copier {
                store,
                copy,
                grow,
                memory,
            }
        }

        /// Fills the memory with a pattern, copies, and returns the memory and whether
        /// the copy trapped.
        fn run(&mut self, dst: u32, src: u32, len: u32) -> (Vec<u8>, bool) {
            let pattern: Vec<u8> = (0..SIZE).map(|i| (i * 131 + i / 251) as u8).collect();
            self.memory.write(&mut self.store, 0, &pattern).unwrap();
            let trapped = self.copy.call(&mut self.store, (dst, src, len)).is_err();
            (self.memory.data(&self.store).to_vec(), trapped)
        }
    }

    /// Grows the memory to `pages` pages, fills the bytes from `window` on with the
    /// pattern, copies, and returns those bytes and whether the copy trapped.
    fn run_at(
        copier: &mut Copier,
        pages: u32,
        window: usize,
        op: (u32, u32, u32),
    ) -> (Vec<u8>, bool) {
        let now = copier.memory.size(&copier.store) as u32;
        if now < pages {
            assert!(copier.grow.call(&mut copier.store, pages - now).unwrap() >= 0);
        }
        let pattern: Vec<u8> = (0..SIZE).map(|i| (i * 131 + i / 251) as u8).collect();
        copier
            .memory
            .write(&mut copier.store, window, &pattern)
            .unwrap();
        let trapped = copier.copy.call(&mut copier.store, op).is_err();
        (
            copier.memory.data(&copier.store)[window..window + SIZE].to_vec(),
            trapped,
        )
    }

    #[test]
    fn the_bounds_follow_the_memory_as_it_grows_up_to_4_gib() {
        let mut copier = Copier::new();
        // Two pages: in bounds only because the memory grew; then past its new end.
        let at = SIZE as u32;
        check_grown(
            &mut copier,
            2,
            at,
            &[
                ((at + 100, at + 1000, 32), true),
                ((at + 100, at + 1000, 600), true),
                ((2 * at - 32, at, 32), true),
                ((2 * at - 31, at, 32), false),
                ((at, 2 * at - 20, 48), false),
            ],
        );
        // 65536 pages: the memory's size is 2^32 bytes, past what 32 bits hold.
        let last = u32::MAX - (SIZE as u32 - 1);
        check_grown(
            &mut copier,
            1 << 16,
            last,
            &[
                ((u32::MAX - 31, last + 7, 32), true),
                ((last + 9, u32::MAX - 63, 64), true),
                ((last, u32::MAX - 511, 512), true),
                ((u32::MAX - 30, last, 32), false),
                ((last, u32::MAX - 14, 16), false),
                ((last, u32::MAX - 100, 200), false),
            ],
        );
    }

    /// Each copy `(dst, src, len)` in a memory of `pages`, with both ranges within the
    /// page from `window` on when `in_bounds`, against `memmove` (else: a trap, nothing
    /// written).
    fn check_grown(
        copier: &mut Copier,
        pages: u32,
        window: u32,
        cases: &[((u32, u32, u32), bool)],
    ) {
        for &(op, in_bounds) in cases {
            let (dst, src, len) = op;
            let (after, trapped) = run_at(copier, pages, window as usize, op);
            let mut expected: Vec<u8> = (0..SIZE).map(|i| (i * 131 + i / 251) as u8).collect();
            if in_bounds {
                let (d, s) = ((dst - window) as usize, (src - window) as usize);
                expected.copy_within(s..s + len as usize, d);
            }
            assert_eq!(
                (after, trapped),
                (expected, !in_bounds),
                "{op:?} in {pages} pages"
            );
        }
    }

    #[test]
    fn only_the_first_copies_of_a_module_are_inline() {
        let copies = |n| "(memory.copy (local.get 0) (local.get 1) (local.get 2))".repeat(n);
        let bot = wat::parse_str(format!(
            r#"(module (memory 1)
               (func (param i32 i32 i32) {})
               (func (param i32 i32 i32) {}))"#,
            copies(1000),
            copies(100)
        ))
        .unwrap();
        let text = wasmprinter::print_bytes(instrument(&bot).unwrap()).unwrap();
        // Each inline copy compares its length with 512 - 16 once; every site keeps one
        // `memory.copy`, the inline ones for what they do not copy themselves.
        let inline = text.matches("i32.const 496").count();
        assert_eq!(inline, super::INLINE_SITES_MAX as usize);
        assert_eq!(text.matches("memory.copy").count(), 1100);
    }

    /// What `memory.copy` does: a trap with nothing written when either range leaves the
    /// memory, else `memmove`.
    fn expected(dst: u32, src: u32, len: u32) -> (Vec<u8>, bool) {
        let mut memory: Vec<u8> = (0..SIZE).map(|i| (i * 131 + i / 251) as u8).collect();
        let (dst, src, len) = (dst as usize, src as usize, len as usize);
        if dst + len > SIZE || src + len > SIZE {
            return (memory, true);
        }
        memory.copy_within(src..src + len, dst);
        (memory, false)
    }

    /// An address near a place where copies go wrong: the start, the end, past the end.
    fn address() -> impl Strategy<Value = u32> {
        prop_oneof![
            0u32..1024,
            (SIZE as u32 - 1024)..(SIZE as u32 + 64),
            any::<u32>(),
        ]
    }

    #[test]
    fn every_length_and_overlap_near_the_inline_bounds() {
        let mut copier = Copier::new();
        for len in [0, 1, 15, 16, 17, 31, 32, 33, 64, 100, 511, 512, 513, 1000] {
            for (dst, src) in [
                (0, 0),
                (100, 0),
                (0, 100),
                (1, 0),
                (0, 1),
                (15, 0),
                (16, 0),
                (17, 3),
                (3, 17),
                (40, 40 + len),
                (40 + len, 40),
                (SIZE as u32 - len, 0),
                (0, SIZE as u32 - len),
                (SIZE as u32 - len + 1, 0),
                (0, SIZE as u32 - len + 1),
                (u32::MAX - 4, 0),
                (0, u32::MAX - 4),
            ] {
                assert_eq!(
                    copier.run(dst, src, len),
                    expected(dst, src, len),
                    "memory.copy({dst}, {src}, {len})"
                );
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn the_rewritten_copy_is_memory_copy(
            dst in address(),
            src in address(),
            near in -600i64..600,
            overlap in any::<bool>(),
            len in prop_oneof![0u32..700, any::<u32>()],
        ) {
            // Half of the cases copy within a few hundred bytes of their own source.
            let dst = if overlap {
                (i64::from(src) + near).clamp(0, i64::from(u32::MAX)) as u32
            } else {
                dst
            };
            let mut copier = Copier::new();
            prop_assert_eq!(copier.run(dst, src, len), expected(dst, src, len));
        }
    }
}
