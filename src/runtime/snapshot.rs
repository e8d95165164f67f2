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
) -> Result<Vec<u8>, SnapshotError> {
    let unsupported = |why: &str| SnapshotError::Unsupported(why.to_string());
    let pages = u64::try_from(state.memory.len() >> 16).map_err(|_| unsupported("memory"))?;
    let segments = data_runs(&state.memory);
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
            }
            Payload::StartSection { .. } => {}
            Payload::DataCountSection { .. } => {
                out.section(&DataCountSection {
                    count: u32::try_from(segments.len())
                        .map_err(|_| unsupported("too many data segments"))?,
                });
            }
            Payload::DataSection(s) => {
                for data in s.clone() {
                    if !matches!(data?.kind, wasmparser::DataKind::Active { .. }) {
                        return Err(unsupported("a passive data segment"));
                    }
                }
                out.section(&data_section(&state.memory, &segments));
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
    if !wrote_data && !segments.is_empty() {
        out.section(&data_section(&state.memory, &segments));
    }
    Ok(out.finish())
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
        let snapshot = rewrite(&module, &state, &[]).unwrap();
        wasmparser::Validator::new()
            .validate_all(&snapshot)
            .unwrap();
        let text = wasmprinter_like(&snapshot);
        assert!(text.contains("memory 2"), "{text}");
        assert!(!text.contains("_initialize"), "{text}");
        assert_eq!(
            snapshot,
            rewrite(&module, &state, &[]).unwrap(),
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
