//! Pre-initialisation as bytes: a module rewritten so that its instances start where
//! one instance stood after some calls (what Wizer does, with arena's own wasmtime).
//!
//! Two pure steps around running the module (`runtime/preinit.rs`):
//! 1. [`instrument`] exports every global the module defines (as `arena.global.N`), so
//!    that their values can be read after the calls, mutable or not;
//! 2. [`rewrite`] writes the original module again with those values as the globals'
//!    initial values, the memory's contents as its data segments (runs of non-zero
//!    bytes), the memory's size as its initial size, and without the exports that must
//!    not run twice (`_initialize`, the initialisation calls) and without the `start`
//!    function. Every other section is copied byte for byte.
//!
//! The memory goes in as runs ([`MemoryImage::Runs`]), or compressed with a decoder the
//! rewrite adds as the module's `start` ([`MemoryImage::Compressed`]: `arena pack`'s
//! Python bots, whose interpreter heap would not fit the module cap as runs).
//!
//! Both are deterministic: the same module and state give the same bytes.

use std::ops::Range;

use thiserror::Error;
use wasm_encoder::{
    ConstExpr, DataCountSection, DataSection, ExportKind, ExportSection, GlobalSection, Ieee32,
    Ieee64, MemorySection, MemoryType, RawSection,
};
use wasmparser::{ExternalKind, Parser, Payload, TypeRef, ValType};

/// The export name under which [`instrument`] exposes defined global `index`.
pub(crate) fn global_export(index: u32) -> String {
    format!("arena.global.{index}")
}

/// Zero bytes shorter than this between two non-zero runs are kept inside one data
/// segment: a segment costs about 8 bytes of header.
const MERGE_GAP: usize = 16;

/// How [`rewrite`] writes the memory's contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryImage {
    /// One active data segment per run of non-zero bytes: instantiation maps them, at no
    /// fuel.
    Runs,
    /// The memory up to its last non-zero byte, LZ4-compressed (block format), in one
    /// active data segment placed after it; a function the rewrite adds, the module's
    /// `start`, decodes it into place and then zeroes the segment. An interpreter's heap
    /// (pointers, small numbers, zeros between objects) shrinks to about a third, for
    /// some fuel at every instantiation (one memory copy per LZ4 sequence) and the
    /// segment's pages of memory.
    Compressed,
}

/// Why a module cannot be pre-initialised.
#[derive(Debug, Error)]
pub enum SnapshotError {
    /// The module does not parse.
    #[error("the module does not parse: {0}")]
    Parse(#[from] wasmparser::BinaryReaderError),
    /// A shape the snapshot cannot carry over.
    #[error("the module cannot be pre-initialised: {0}")]
    Unsupported(String),
}

/// The value of one global after the calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalValue {
    /// An `i32`.
    I32(i32),
    /// An `i64`.
    I64(i64),
    /// An `f32`, as its bits.
    F32(u32),
    /// An `f64`, as its bits.
    F64(u64),
    /// A `v128`.
    V128(u128),
}

/// The state of an instance after the calls: every defined global, in order, and the
/// memory's bytes (its length is a whole number of 64 KiB pages).
pub struct InstanceState {
    /// The defined globals' values, in index order (imported globals excluded).
    pub globals: Vec<GlobalValue>,
    /// The memory's contents.
    pub memory: Vec<u8>,
}

/// How many globals `module` imports and defines.
fn global_counts(module: &[u8]) -> Result<(u32, u32), SnapshotError> {
    let (mut imported, mut defined) = (0, 0);
    for payload in Parser::new(0).parse_all(module) {
        match payload? {
            Payload::ImportSection(s) => {
                for import in s.into_imports() {
                    if matches!(import?.ty, TypeRef::Global(_)) {
                        imported += 1;
                    }
                }
            }
            Payload::GlobalSection(s) => defined = s.count(),
            _ => {}
        }
    }
    Ok((imported, defined))
}

/// How many globals `module` defines (what [`instrument`] exports).
///
/// # Errors
/// [`SnapshotError`] when the module does not parse.
pub fn defined_globals(module: &[u8]) -> Result<u32, SnapshotError> {
    Ok(global_counts(module)?.1)
}

/// `module` with every defined global exported as `global_export(N)`, N counting
/// from 0 over the defined globals only.
///
/// # Errors
/// [`SnapshotError`] when the module does not parse.
pub fn instrument(module: &[u8]) -> Result<Vec<u8>, SnapshotError> {
    let (imported, defined) = global_counts(module)?;
    let add = |exports: &mut ExportSection| {
        for i in 0..defined {
            exports.export(&global_export(i), ExportKind::Global, imported + i);
        }
    };
    let mut out = wasm_encoder::Module::new();
    let mut had_exports = false;
    for_each_section(module, |payload, raw| {
        match payload {
            Payload::ExportSection(s) => {
                had_exports = true;
                let mut exports = ExportSection::new();
                for export in s.clone() {
                    let export = export?;
                    exports.export(export.name, export_kind(export.kind), export.index);
                }
                add(&mut exports);
                out.section(&exports);
            }
            _ => {
                out.section(&raw);
            }
        }
        Ok(())
    })?;
    if !had_exports {
        return Err(SnapshotError::Unsupported(
            "the module exports nothing".to_string(),
        ));
    }
    Ok(out.finish())
}

/// `module` rewritten to start in `state`: see the module documentation. `drop_exports`
/// names the exports to remove besides `_initialize`.
///
/// # Errors
/// [`SnapshotError`] for a module that does not parse, has no memory or more than one,
/// has passive data segments, a reference-typed mutable global, or a global count that
/// does not match `state`.
pub fn rewrite(
    module: &[u8],
    state: &InstanceState,
    drop_exports: &[&str],
    image: MemoryImage,
) -> Result<Vec<u8>, SnapshotError> {
    let unsupported = |why: &str| SnapshotError::Unsupported(why.to_string());
    let packed = match image {
        MemoryImage::Runs => None,
        MemoryImage::Compressed => Some(Inflater::new(module, &state.memory)?),
    };
    let memory_bytes = packed
        .as_ref()
        .map_or(state.memory.len(), |p| p.memory_bytes);
    let pages = u64::try_from(memory_bytes.div_ceil(1 << 16)).map_err(|_| unsupported("memory"))?;
    let segments = match &packed {
        None => data_runs(&state.memory),
        Some(_) => Vec::new(),
    };
    let data = || match &packed {
        None => data_section(&state.memory, &segments),
        Some(p) => p.data_section(),
    };
    let data_count = if packed.is_some() { 1 } else { segments.len() };
    let mut out = wasm_encoder::Module::new();
    let mut wrote_data = false;
    let mut memories = 0;
    for_each_section(module, |payload, raw| {
        match payload {
            Payload::GlobalSection(s) => {
                let mut globals = GlobalSection::new();
                let count = usize::try_from(s.count()).unwrap_or(usize::MAX);
                if count != state.globals.len() {
                    return Err(unsupported("the global count changed"));
                }
                for (global, value) in s.clone().into_iter().zip(&state.globals) {
                    let global = global?;
                    let ty = wasm_encoder::GlobalType {
                        val_type: val_type(global.ty.content_type)
                            .ok_or_else(|| unsupported("a reference-typed global"))?,
                        mutable: global.ty.mutable,
                        shared: global.ty.shared,
                    };
                    globals.global(ty, &const_expr(*value));
                }
                out.section(&globals);
            }
            Payload::MemorySection(s) => {
                let mut section = MemorySection::new();
                for memory in s.clone() {
                    let memory = memory?;
                    memories += 1;
                    if memory.memory64 || memory.shared {
                        return Err(unsupported("a 64-bit or shared memory"));
                    }
                    section.memory(MemoryType {
                        minimum: pages,
                        maximum: memory.maximum,
                        memory64: false,
                        shared: false,
                        page_size_log2: memory.page_size_log2,
                    });
                }
                out.section(&section);
            }
            Payload::ExportSection(s) => {
                let mut exports = ExportSection::new();
                for export in s.clone() {
                    let export = export?;
                    if export.name == "_initialize" || drop_exports.contains(&export.name) {
                        continue;
                    }
                    exports.export(export.name, export_kind(export.kind), export.index);
                }
                out.section(&exports);
                if let Some(p) = &packed {
                    out.section(&wasm_encoder::StartSection {
                        function_index: p.function_index,
                    });
                }
            }
            Payload::StartSection { .. } => {}
            Payload::TypeSection(_) if packed.is_some() => {
                out.section(&append_entry(&raw, &[0x60, 0x00, 0x00])?);
            }
            Payload::FunctionSection(_) if packed.is_some() => {
                let type_index = packed.as_ref().map_or(0, |p| p.type_index);
                let mut entry = Vec::new();
                wasm_encoder::Encode::encode(&type_index, &mut entry);
                out.section(&append_entry(&raw, &entry)?);
            }
            Payload::CodeSectionStart { .. } if packed.is_some() => {
                let body = packed.as_ref().map(Inflater::body).unwrap_or_default();
                out.section(&append_entry(&raw, &body)?);
            }
            Payload::DataCountSection { .. } => {
                out.section(&DataCountSection {
                    count: u32::try_from(data_count)
                        .map_err(|_| unsupported("too many data segments"))?,
                });
            }
            Payload::DataSection(s) => {
                for data in s.clone() {
                    if !matches!(data?.kind, wasmparser::DataKind::Active { .. }) {
                        return Err(unsupported("a passive data segment"));
                    }
                }
                out.section(&data());
                wrote_data = true;
            }
            _ => {
                out.section(&raw);
            }
        }
        Ok(())
    })?;
    if memories != 1 {
        return Err(unsupported("not exactly one memory"));
    }
    if !wrote_data && data_count > 0 {
        out.section(&data());
    }
    Ok(out.finish())
}

/// A section whose content is a count and its entries, with `entry` (encoded) appended.
///
/// # Errors
/// [`SnapshotError::Unsupported`] for a section that does not start with a count.
fn append_entry(raw: &RawSection<'_>, entry: &[u8]) -> Result<SectionBytes, SnapshotError> {
    let mut reader = wasmparser::BinaryReader::new(raw.data, 0);
    let count = reader.read_var_u32()?;
    let rest = &raw.data[reader.original_position()..];
    let mut data = Vec::with_capacity(raw.data.len() + entry.len() + 5);
    wasm_encoder::Encode::encode(&(count + 1), &mut data);
    data.extend_from_slice(rest);
    data.extend_from_slice(entry);
    Ok(SectionBytes { id: raw.id, data })
}

/// A section as its id and owned content.
struct SectionBytes {
    id: u8,
    data: Vec<u8>,
}

impl wasm_encoder::Encode for SectionBytes {
    fn encode(&self, sink: &mut Vec<u8>) {
        self.data.encode(sink);
    }
}

impl wasm_encoder::Section for SectionBytes {
    fn id(&self) -> u8 {
        self.id
    }
}

/// [`MemoryImage::Compressed`]: the compressed memory, where it goes, and the decoder's
/// place in the module.
struct Inflater {
    /// The memory up to its last non-zero byte, LZ4 block format.
    blob: Vec<u8>,
    /// Where the blob is placed: the first byte after the memory (a page boundary).
    blob_at: u32,
    /// The memory the module declares: the memory, then the blob.
    memory_bytes: usize,
    /// The decoder's type: `[] -> []`, appended to the type section.
    type_index: u32,
    /// The decoder: after every imported and defined function.
    function_index: u32,
}

impl Inflater {
    /// The compressed `memory` of `module`'s instance, and the indices the decoder gets.
    ///
    /// # Errors
    /// [`SnapshotError`] for a module that does not parse or uses GC type groups, or a
    /// memory past 4 GiB.
    fn new(module: &[u8], memory: &[u8]) -> Result<Inflater, SnapshotError> {
        let unsupported = |why: &str| SnapshotError::Unsupported(why.to_string());
        let (mut types, mut imported, mut defined) = (0u32, 0u32, 0u32);
        for payload in Parser::new(0).parse_all(module) {
            match payload? {
                Payload::TypeSection(s) => {
                    for group in s {
                        if group?.types().len() != 1 {
                            return Err(unsupported("a recursive type group"));
                        }
                        types += 1;
                    }
                }
                Payload::ImportSection(s) => {
                    for import in s.into_imports() {
                        if matches!(import?.ty, TypeRef::Func(_) | TypeRef::FuncExact(_)) {
                            imported += 1;
                        }
                    }
                }
                Payload::FunctionSection(s) => defined = s.count(),
                _ => {}
            }
        }
        let used = memory.iter().rposition(|&b| b != 0).map_or(0, |at| at + 1);
        let blob = lz4_flex::block::compress(&memory[..used]);
        let blob_at = u32::try_from(memory.len()).map_err(|_| unsupported("memory"))?;
        let memory_bytes = memory
            .len()
            .checked_add(blob.len())
            .filter(|&n| n <= 1 << 32)
            .ok_or_else(|| unsupported("memory"))?;
        Ok(Inflater {
            blob,
            blob_at,
            memory_bytes,
            type_index: types,
            function_index: imported + defined,
        })
    }

    /// The data section: the blob at [`Inflater::blob_at`].
    fn data_section(&self) -> DataSection {
        let mut data = DataSection::new();
        data.active(
            0,
            &ConstExpr::i32_const(self.blob_at as i32),
            self.blob.iter().copied(),
        );
        data
    }

    /// The decoder's body, size-prefixed as the code section holds it: LZ4 block
    /// sequences (a token, literals, a 2-byte offset and a match) written from address 0,
    /// matches copied in chunks that never overlap (each chunk as long as the distance
    /// copied so far, so that a run of one byte repeated takes a few copies), then the
    /// blob's bytes zeroed.
    fn body(&self) -> Vec<u8> {
        use wasm_encoder::{BlockType, Function, Instruction as I, MemArg};
        let (ip, end, op, token, lit, mlen, src, b, n) = (0, 1, 2, 3, 4, 5, 6, 7, 8);
        let byte = MemArg {
            offset: 0,
            align: 0,
            memory_index: 0,
        };
        let blob_at = self.blob_at as i32;
        let blob_len = self.blob.len() as i32;
        let mut f = Function::new([(9, wasm_encoder::ValType::I32)]);
        // Reads the length continuation bytes of LZ4 into `local` (after a 15).
        let extend = |f: &mut Function, local: u32| {
            f.instruction(&I::LocalGet(local))
                .instruction(&I::I32Const(15))
                .instruction(&I::I32Eq)
                .instruction(&I::If(BlockType::Empty))
                .instruction(&I::Loop(BlockType::Empty))
                .instruction(&I::LocalGet(ip))
                .instruction(&I::I32Load8U(byte))
                .instruction(&I::LocalSet(b))
                .instruction(&I::LocalGet(ip))
                .instruction(&I::I32Const(1))
                .instruction(&I::I32Add)
                .instruction(&I::LocalSet(ip))
                .instruction(&I::LocalGet(local))
                .instruction(&I::LocalGet(b))
                .instruction(&I::I32Add)
                .instruction(&I::LocalSet(local))
                .instruction(&I::LocalGet(b))
                .instruction(&I::I32Const(255))
                .instruction(&I::I32Eq)
                .instruction(&I::BrIf(0))
                .instruction(&I::End)
                .instruction(&I::End);
        };
        f.instruction(&I::I32Const(blob_at))
            .instruction(&I::LocalSet(ip))
            .instruction(&I::I32Const(blob_at.wrapping_add(blob_len)))
            .instruction(&I::LocalSet(end))
            .instruction(&I::Block(BlockType::Empty))
            .instruction(&I::Loop(BlockType::Empty))
            // token
            .instruction(&I::LocalGet(ip))
            .instruction(&I::I32Load8U(byte))
            .instruction(&I::LocalSet(token))
            .instruction(&I::LocalGet(ip))
            .instruction(&I::I32Const(1))
            .instruction(&I::I32Add)
            .instruction(&I::LocalSet(ip))
            .instruction(&I::LocalGet(token))
            .instruction(&I::I32Const(4))
            .instruction(&I::I32ShrU)
            .instruction(&I::LocalSet(lit));
        extend(&mut f, lit);
        // literals
        f.instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(ip))
            .instruction(&I::LocalGet(lit))
            .instruction(&I::MemoryCopy {
                src_mem: 0,
                dst_mem: 0,
            })
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(lit))
            .instruction(&I::I32Add)
            .instruction(&I::LocalSet(op))
            .instruction(&I::LocalGet(ip))
            .instruction(&I::LocalGet(lit))
            .instruction(&I::I32Add)
            .instruction(&I::LocalTee(ip))
            .instruction(&I::LocalGet(end))
            .instruction(&I::I32GeU)
            .instruction(&I::BrIf(1))
            // the match's source: 2-byte offset back from `op`
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(ip))
            .instruction(&I::I32Load16U(byte))
            .instruction(&I::I32Sub)
            .instruction(&I::LocalSet(src))
            .instruction(&I::LocalGet(ip))
            .instruction(&I::I32Const(2))
            .instruction(&I::I32Add)
            .instruction(&I::LocalSet(ip))
            .instruction(&I::LocalGet(token))
            .instruction(&I::I32Const(15))
            .instruction(&I::I32And)
            .instruction(&I::LocalSet(mlen));
        extend(&mut f, mlen);
        f.instruction(&I::LocalGet(mlen))
            .instruction(&I::I32Const(4))
            .instruction(&I::I32Add)
            .instruction(&I::LocalSet(mlen))
            // copy in chunks of min(mlen, op - src)
            .instruction(&I::Loop(BlockType::Empty))
            .instruction(&I::LocalGet(mlen))
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(src))
            .instruction(&I::I32Sub)
            .instruction(&I::LocalGet(mlen))
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(src))
            .instruction(&I::I32Sub)
            .instruction(&I::I32LtU)
            .instruction(&I::Select)
            .instruction(&I::LocalSet(n))
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(src))
            .instruction(&I::LocalGet(n))
            .instruction(&I::MemoryCopy {
                src_mem: 0,
                dst_mem: 0,
            })
            .instruction(&I::LocalGet(op))
            .instruction(&I::LocalGet(n))
            .instruction(&I::I32Add)
            .instruction(&I::LocalSet(op))
            .instruction(&I::LocalGet(mlen))
            .instruction(&I::LocalGet(n))
            .instruction(&I::I32Sub)
            .instruction(&I::LocalTee(mlen))
            .instruction(&I::BrIf(0))
            .instruction(&I::End)
            .instruction(&I::Br(0))
            .instruction(&I::End)
            .instruction(&I::End)
            // the blob's bytes back to zero, as the snapshot's memory holds them
            .instruction(&I::I32Const(blob_at))
            .instruction(&I::I32Const(0))
            .instruction(&I::I32Const(blob_len))
            .instruction(&I::MemoryFill(0))
            .instruction(&I::End);
        let mut body = Vec::new();
        wasm_encoder::Encode::encode(&f, &mut body);
        body
    }
}

/// Calls `each` with every section's payload and its bytes as a [`RawSection`], in
/// order (the function bodies, which are inside the code section, are not visited).
fn for_each_section<'a>(
    module: &'a [u8],
    mut each: impl FnMut(&Payload<'a>, RawSection<'a>) -> Result<(), SnapshotError>,
) -> Result<(), SnapshotError> {
    for payload in Parser::new(0).parse_all(module) {
        let payload = payload?;
        if let Some((id, range)) = payload.as_section() {
            each(
                &payload,
                RawSection {
                    id,
                    data: &module[range],
                },
            )?;
        }
    }
    Ok(())
}

/// The ranges of `memory` worth a data segment: non-zero runs, merged across short gaps.
fn data_runs(memory: &[u8]) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut i = 0;
    while i < memory.len() {
        if memory[i] == 0 {
            i += 1;
            continue;
        }
        let start = i;
        while i < memory.len() && memory[i] != 0 {
            i += 1;
        }
        match runs.last_mut() {
            Some(last) if start - last.end < MERGE_GAP => last.end = i,
            _ => runs.push(start..i),
        }
    }
    runs
}

/// One active segment per run, at its offset in memory 0.
fn data_section(memory: &[u8], runs: &[Range<usize>]) -> DataSection {
    let mut data = DataSection::new();
    for run in runs {
        // Offsets fit an i32 as the memory is 32-bit (at most 4 GiB); wrap as wasm does.
        let offset = ConstExpr::i32_const(run.start as u32 as i32);
        data.active(0, &offset, memory[run.clone()].iter().copied());
    }
    data
}

/// The constant expression of a global's value.
fn const_expr(value: GlobalValue) -> ConstExpr {
    match value {
        GlobalValue::I32(v) => ConstExpr::i32_const(v),
        GlobalValue::I64(v) => ConstExpr::i64_const(v),
        GlobalValue::F32(bits) => ConstExpr::f32_const(Ieee32::new(bits)),
        GlobalValue::F64(bits) => ConstExpr::f64_const(Ieee64::new(bits)),
        GlobalValue::V128(v) => ConstExpr::v128_const(v as i128),
    }
}

/// The encoder's value type for a numeric or vector type (`None` for references).
fn val_type(ty: ValType) -> Option<wasm_encoder::ValType> {
    Some(match ty {
        ValType::I32 => wasm_encoder::ValType::I32,
        ValType::I64 => wasm_encoder::ValType::I64,
        ValType::F32 => wasm_encoder::ValType::F32,
        ValType::F64 => wasm_encoder::ValType::F64,
        ValType::V128 => wasm_encoder::ValType::V128,
        ValType::Ref(_) => return None,
    })
}

/// The encoder's export kind.
fn export_kind(kind: ExternalKind) -> ExportKind {
    match kind {
        ExternalKind::Func | ExternalKind::FuncExact => ExportKind::Func,
        ExternalKind::Table => ExportKind::Table,
        ExternalKind::Memory => ExportKind::Memory,
        ExternalKind::Global => ExportKind::Global,
        ExternalKind::Tag => ExportKind::Tag,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_short_gaps_and_skip_zeros() {
        let mut memory = vec![0u8; 100];
        memory[3] = 1;
        memory[4] = 2;
        memory[10] = 3; // 5 zero bytes after the first run: merged
        memory[60] = 4; // far: a run of its own
        assert_eq!(data_runs(&memory), vec![3..11, 60..61]);
        assert!(data_runs(&[0; 64]).is_empty());
    }

    #[test]
    fn instrument_then_rewrite_carries_globals_and_memory() {
        let wat = r#"(module
            (memory (export "memory") 1)
            (global $g (mut i32) (i32.const 7))
            (global $h i64 (i64.const 9))
            (func (export "_initialize") (global.set $g (i32.const 42))
                (i32.store (i32.const 100) (i32.const 5)))
            (data (i32.const 8) "ab"))"#;
        let module = wat::parse_str(wat).unwrap();
        let instrumented = instrument(&module).unwrap();
        let names: Vec<String> = Parser::new(0)
            .parse_all(&instrumented)
            .filter_map(|p| match p.unwrap() {
                Payload::ExportSection(s) => Some(
                    s.into_iter()
                        .map(|e| e.unwrap().name.to_string())
                        .collect::<Vec<_>>(),
                ),
                _ => None,
            })
            .flatten()
            .collect();
        assert_eq!(
            names,
            ["memory", "_initialize", "arena.global.0", "arena.global.1"]
        );
        let mut memory = vec![0u8; 1 << 17];
        memory[8] = b'a';
        memory[9] = b'b';
        memory[100] = 5;
        let state = InstanceState {
            globals: vec![GlobalValue::I32(42), GlobalValue::I64(9)],
            memory,
        };
        let snapshot = rewrite(&module, &state, &[], MemoryImage::Runs).unwrap();
        wasmparser::Validator::new()
            .validate_all(&snapshot)
            .unwrap();
        let text = wasmprinter_like(&snapshot);
        assert!(text.contains("memory 2"), "{text}");
        assert!(!text.contains("_initialize"), "{text}");
        assert_eq!(
            snapshot,
            rewrite(&module, &state, &[], MemoryImage::Runs).unwrap(),
            "deterministic"
        );
    }

    /// A compressed image decodes at instantiation to exactly the memory it was taken
    /// from (random bytes, runs of one byte, zeros, a last byte at the very end of the
    /// memory), the blob's pages zeroed after it.
    #[test]
    fn a_compressed_image_decodes_to_the_same_memory() {
        let wat = r#"(module
            (memory (export "memory") 1)
            (global $g (mut i32) (i32.const 7))
            (func (export "_initialize") (global.set $g (i32.const 1)))
            (func (export "get") (result i32) (global.get $g)))"#;
        let module = wat::parse_str(wat).unwrap();
        let mut memory = vec![0u8; 3 << 16];
        let mut x: u32 = 12345;
        for (i, byte) in memory.iter_mut().enumerate() {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            *byte = match i {
                0..=9_999 => (x >> 24) as u8,
                10_000..=49_999 => 0xab,
                50_000..=69_999 => 0,
                _ => ((x >> 28) as u8) & (i as u8),
            };
        }
        let last = memory.len() - 1;
        memory[last] = 9;
        let state = InstanceState {
            globals: vec![GlobalValue::I32(42)],
            memory: memory.clone(),
        };
        let packed = rewrite(&module, &state, &[], MemoryImage::Compressed).unwrap();
        wasmparser::Validator::new().validate_all(&packed).unwrap();
        assert!(
            packed.len() < memory.len() * 2 / 3,
            "{} bytes",
            packed.len()
        );
        let engine = wasmtime::Engine::default();
        let compiled = wasmtime::Module::new(&engine, &packed).unwrap();
        let mut store = wasmtime::Store::new(&engine, ());
        let instance = wasmtime::Instance::new(&mut store, &compiled, &[]).unwrap();
        let mem = instance.get_memory(&mut store, "memory").unwrap();
        let data = mem.data(&store);
        assert_eq!(&data[..memory.len()], &memory[..], "the memory decoded");
        assert!(
            data[memory.len()..].iter().all(|&b| b == 0),
            "the blob zeroed"
        );
        let get = instance
            .get_typed_func::<(), i32>(&mut store, "get")
            .unwrap();
        assert_eq!(get.call(&mut store, ()).unwrap(), 42);
        assert_eq!(
            packed,
            rewrite(&module, &state, &[], MemoryImage::Compressed).unwrap(),
            "deterministic"
        );
    }

    /// A few facts of a module, as text, for assertions.
    fn wasmprinter_like(module: &[u8]) -> String {
        let mut text = String::new();
        for payload in Parser::new(0).parse_all(module) {
            match payload.unwrap() {
                Payload::MemorySection(s) => {
                    for m in s {
                        text.push_str(&format!("memory {}\n", m.unwrap().initial));
                    }
                }
                Payload::ExportSection(s) => {
                    for e in s {
                        text.push_str(&format!("export {}\n", e.unwrap().name));
                    }
                }
                _ => {}
            }
        }
        text
    }
}
