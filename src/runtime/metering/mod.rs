//! arena's own fuel metering: a rewrite of a validated module that keeps a fuel counter in
//! a global of its own and charges it at a few places, instead of wasmtime's per-block
//! fuel (the default engine setting, see [`Metering`] and `docs/PERFORMANCE.md`).
//! It charges exactly what wasmtime's fuel counts (wasmtime 48's default operator costs).
//!
//! What the rewrite does:
//! - adds one mutable `i64` global, exported as [`FUEL_EXPORT`]; the host sets it before
//!   every call and reads it after;
//! - cuts every function body into *regions*: the body outside any loop, each loop's
//!   body outside the loops nested in it, and each arm of an `if`. At the start of each
//!   region (the function's entry, just after each `loop`, `if` or `else` opening one)
//!   it subtracts the region's static cost: the number of operators wasmtime's fuel
//!   counts (1 each, 0 for `nop`, `drop`, `block`, `loop`, `else`, `end`, `unreachable`,
//!   `return`) lying directly in the region, plus 1 at a function's entry as wasmtime
//!   counts too; a call to a *folded* function (`fold.rs`) adds that function's whole
//!   cost to the caller's region. When a function's entry, a loop's header or a bulk
//!   operator's length finds the counter below zero, the code calls the host's refuel
//!   function (the import [`METERING_MODULE`] [`REFUEL_IMPORT`], added as the module's
//!   last import: every defined function's index moves up by one), which refills it
//!   from the call's budget or stops the call (`fuel.rs`); an arm's charge only
//!   subtracts (`emit.rs`, `Look`);
//! - gives back, on every taken branch (`br`, `br_if`, `br_table`, `return`), the cost of
//!   the operators the branch skips in the regions it leaves or jumps over: the rest of
//!   each region it leaves, and the stretch up to the `end` it lands on. When the label
//!   is a `block` that no other branch operator targets and whose `end` nothing falls
//!   through to (a `switch`'s cases, most loop exits), the amount is given back just
//!   after that `end`, where only this branch arrives; otherwise a `br_if` that gives
//!   something back becomes an `if` that gives it back and branches, and a `br_table`
//!   first goes through a `br_table` of its own over one block per amount;
//! - before each `memory.copy`, `memory.fill`, `memory.init` subtracts the length in
//!   bytes, and before `table.copy`, `table.fill`, `table.init`, `table.grow` the length
//!   in elements, as wasmtime's default costs do; a `memory.copy` of 16 to 512 bytes in
//!   bounds (when longer than 64, one that can run forwards) is then copied inline, in
//!   the bot's code, instead of by wasmtime's call into the runtime (`copy.rs`: the same
//!   bytes moved, work bounded by the length already paid; the first
//!   `INLINE_SITES_MAX` copies of a module);
//! - removes the `start` section and exports the start function as [`START_EXPORT`], so
//!   that the host can set the counter before any of the module's code runs.
//!
//! Why the count is exact: within one execution of a region (from its entry to a branch
//! back to its own `loop`, or out of it) control only moves forward through the region's
//! own operators (nested loops and arms are regions charged on their own entries, an arm
//! is entered only through its `if` or `else`, calls enter functions charged on their
//! entries or folded into the call site, and a folded function is straight-line code),
//! so each operator directly in the region runs at most once per charge, and the ones it
//! does not run are exactly those a taken branch jumps over, which the branch gives back
//! (before it branches, or where it lands when nothing else arrives there: no operator
//! runs in between, and the counter is only lower meanwhile). When a move returns, the counter has been charged each operator it ran, once, as
//! wasmtime counts. While it runs, the counter is never behind that count, and ahead of it
//! by the rest of the regions still open (charged on entry, not yet run). So a call whose
//! counter never passes its budget less one unit is one that wasmtime's fuel lets finish
//! too (wasmtime stops a call at a function entry or loop header where its count has
//! reached the budget), with the same fuel; a call whose counter passes it is stopped and
//! played again on wasmtime's fuel (`fuel.rs`, `wasm_bot.rs`), so the verdict at the
//! edge of the budget is wasmtime's. `tests/runtime/runtime_metering.rs` compares the two
//! settings on every example bot and on generated programs, at budgets around each
//! call's exact cost.

mod body;
mod copy;
mod emit;
mod fold;
mod setting;

pub use setting::{rewrite_identity, Metering, METERING_ENV, REWRITE_VERSION};

use thiserror::Error;
use wasm_encoder::reencode::Reencode;
use wasm_encoder::{
    CodeSection, ConstExpr, ElementSection, EntityType, ExportKind, ExportSection, GlobalSection,
    GlobalType, ImportSection, RawSection, TypeSection, ValType,
};
use wasmparser::{Operator, Parser, Payload, TypeRef, Validator, WasmFeatures};

use body::rewrite_body;

/// The export under which the rewritten module exposes its fuel counter.
pub const FUEL_EXPORT: &str = "arena.fuel";
/// The export under which the rewritten module exposes its former `start` function.
pub const START_EXPORT: &str = "arena.start";
/// The module name of the one function the rewrite imports (refused in a bot's own
/// imports).
pub const METERING_MODULE: &str = "arena.metering";
/// The name of the refuel function the rewrite imports from [`METERING_MODULE`] (see
/// [`REFUEL_SLICE`]).
pub const REFUEL_IMPORT: &str = "refuel";
/// The most fuel the host puts in the counter at once: when a function's entry, a loop's
/// header or a bulk operator finds the counter below zero, the code calls the host's
/// refuel function, which moves up to this much more from the move's budget into the
/// counter (or stops the move out of fuel when the budget is spent) and looks at the
/// CPU-time safety net. So the net looks at least once per this much fuel plus one
/// function body's operators, with no check of its own in the compiled code.
pub const REFUEL_SLICE: u64 = 1 << 20;

/// Why a module cannot be rewritten.
#[derive(Debug, Error)]
pub enum MeteringError {
    /// The module does not validate.
    #[error("{0}")]
    Invalid(String),
    /// The module uses a name or construct the rewrite reserves or does not handle.
    #[error("{0}")]
    Unsupported(String),
    /// The environment variable names no setting (its value is not echoed).
    #[error("{METERING_ENV} must be `wasmtime` or `arena`")]
    Setting,
}

impl From<wasmparser::BinaryReaderError> for MeteringError {
    fn from(e: wasmparser::BinaryReaderError) -> Self {
        MeteringError::Invalid(e.to_string())
    }
}

impl<E: std::fmt::Debug> From<wasm_encoder::reencode::Error<E>> for MeteringError {
    fn from(e: wasm_encoder::reencode::Error<E>) -> Self {
        MeteringError::Invalid(format!("{e:?}"))
    }
}

/// The static cost wasmtime's fuel gives one operator.
fn op_cost(op: &Operator<'_>) -> u64 {
    match op {
        Operator::Nop
        | Operator::Drop
        | Operator::Block { .. }
        | Operator::Loop { .. }
        | Operator::Unreachable
        | Operator::Return
        | Operator::Else
        | Operator::End => 0,
        _ => 1,
    }
}

/// Whether `op` does work proportional to the i32 operand on top of the stack (bytes of
/// `memory.copy`, `memory.fill` and `memory.init`, elements of `table.copy`,
/// `table.fill`, `table.init` and `table.grow`): wasmtime's default operator costs
/// charge one unit per byte or element on top of the operator's own 1, and so does the
/// rewrite. (`memory.grow` costs nothing per page in wasmtime's defaults: its work is
/// bounded by the instance's memory cap.)
fn is_bulk(op: &Operator<'_>) -> bool {
    matches!(
        op,
        Operator::MemoryCopy { .. }
            | Operator::MemoryFill { .. }
            | Operator::MemoryInit { .. }
            | Operator::TableCopy { .. }
            | Operator::TableFill { .. }
            | Operator::TableInit { .. }
            | Operator::TableGrow { .. }
    )
}

/// What the first pass learns about the module.
#[derive(Default)]
struct Shape {
    /// Parameter count of each function type.
    type_params: Vec<u32>,
    /// Result count of each function type.
    type_results: Vec<u32>,
    /// Type index of each defined function.
    func_types: Vec<u32>,
    /// Imported functions.
    imported_funcs: u32,
    /// Imported and defined globals.
    globals: u32,

    /// The start function, if any.
    start: Option<u32>,
}

impl Shape {
    /// The parameter and result counts of function type `ty`.
    fn function_arity(&self, ty: u32) -> Result<(u32, u32), MeteringError> {
        self.type_params
            .get(ty as usize)
            .zip(self.type_results.get(ty as usize))
            .map(|(p, r)| (*p, *r))
            .ok_or_else(|| MeteringError::Invalid("a function of an unknown type".into()))
    }

    /// The parameter and result counts of a block type.
    fn block_arity(&self, ty: wasmparser::BlockType) -> Result<(u32, u32), MeteringError> {
        match ty {
            wasmparser::BlockType::Empty => Ok((0, 0)),
            wasmparser::BlockType::Type(_) => Ok((0, 1)),
            wasmparser::BlockType::FuncType(t) => self.function_arity(t),
        }
    }
}

/// The features modules are validated with before the rewrite: a superset of what the
/// engine accepts (the engine validates the rewritten module again with its own).
fn features() -> WasmFeatures {
    WasmFeatures::default()
        & !(WasmFeatures::EXCEPTIONS
            | WasmFeatures::LEGACY_EXCEPTIONS
            | WasmFeatures::GC
            | WasmFeatures::FUNCTION_REFERENCES
            | WasmFeatures::TAIL_CALL
            | WasmFeatures::MEMORY64
            | WasmFeatures::MULTI_MEMORY
            | WasmFeatures::THREADS
            | WasmFeatures::STACK_SWITCHING)
}

/// What the rewrite adds to a module, by index.
#[derive(Clone, Copy)]
struct Added {
    /// The counter global.
    counter: u32,
    /// The imported refuel function (the last import; every defined function's index
    /// moves up by one, see [`Shift`]).
    refuel: u32,
}

/// The re-encoder of the rewrite: every index as it was, but those of defined functions
/// one more, to make room for the refuel import.
pub(super) struct Shift {
    /// Functions imported by the module itself.
    imported: u32,
}

impl Reencode for Shift {
    type Error = std::convert::Infallible;

    fn function_index(
        &mut self,
        func: u32,
    ) -> Result<u32, wasm_encoder::reencode::Error<Self::Error>> {
        Ok(if func >= self.imported {
            func + 1
        } else {
            func
        })
    }
}

/// The sections the rewrite appends to (creating them when the module has none), by id:
/// types, imports, globals, exports.
const EXTENDED: [u8; 4] = [1, 2, 6, 7];

/// `binary` (a module) with arena's metering: see the module documentation.
///
/// # Errors
/// [`MeteringError`] when the module does not validate (it is validated first, so that
/// none of its code can name what is added) or uses a reserved name.
pub fn instrument(binary: &[u8]) -> Result<Vec<u8>, MeteringError> {
    Validator::new_with_features(features()).validate_all(binary)?;
    let shape = shape(binary)?;
    let folded = fold::folded(binary, &shape)?;
    let added = Added {
        counter: shape.globals,
        refuel: shape.imported_funcs,
    };
    let mut shift = Shift {
        imported: shape.imported_funcs,
    };
    let mut module = wasm_encoder::Module::new();
    let mut extended = [false; EXTENDED.len()];
    let mut code: Option<(CodeSection, u32)> = None;
    let mut body_index = 0usize;
    let mut inline_copies = copy::INLINE_SITES_MAX;
    for payload in Parser::new(0).parse_all(binary) {
        let payload = payload?;
        if let Payload::CodeSectionEntry(body) = &payload {
            let index = shape.imported_funcs as usize + body_index;
            let ty = shape
                .func_types
                .get(body_index)
                .copied()
                .ok_or_else(|| MeteringError::Invalid("a body without a type".into()))?;
            body_index += 1;
            let (section, left) = code
                .as_mut()
                .ok_or_else(|| MeteringError::Invalid("a body outside the code section".into()))?;
            if folded.get(index).copied().flatten().is_some() {
                shift.parse_function_body(section, body.clone())?;
            } else {
                let f = rewrite_body(
                    body.clone(),
                    &shape,
                    ty,
                    added,
                    &folded,
                    &mut shift,
                    &mut inline_copies,
                )?;
                section.function(&f);
            }
            *left -= 1;
            if *left == 0 {
                if let Some((section, _)) = code.take() {
                    module.section(&section);
                }
            }
            continue;
        }
        // Sections the module lacks and the rewrite needs go where their id belongs.
        if let Some((id, _)) = payload.as_section() {
            for (k, &missing) in EXTENDED.iter().enumerate() {
                if rank(missing) < rank(id) && !extended[k] && missing != id {
                    extend(&mut module, missing, None, &shape, added, &mut shift)?;
                    extended[k] = true;
                }
            }
        }
        match payload {
            Payload::TypeSection(_)
            | Payload::ImportSection(_)
            | Payload::GlobalSection(_)
            | Payload::ExportSection(_) => {
                let id = payload.as_section().map_or(0, |(id, _)| id);
                extend(&mut module, id, Some(payload), &shape, added, &mut shift)?;
                if let Some(k) = EXTENDED.iter().position(|&e| e == id) {
                    extended[k] = true;
                }
            }
            Payload::ElementSection(s) => {
                let mut section = ElementSection::new();
                shift.parse_element_section(&mut section, s)?;
                module.section(&section);
            }
            Payload::CustomSection(s) => {
                // Only a name section can fail here (its indices are re-encoded); one
                // that does not parse is dropped, as wasmtime ignores it too.
                let _ = shift.parse_custom_section(&mut module, s);
            }
            Payload::StartSection { .. } => {}
            Payload::CodeSectionStart { count, .. } => {
                if count == 0 {
                    module.section(&CodeSection::new());
                } else {
                    code = Some((CodeSection::new(), count));
                }
            }
            Payload::End(_) => {
                for (k, &missing) in EXTENDED.iter().enumerate() {
                    if !extended[k] {
                        extend(&mut module, missing, None, &shape, added, &mut shift)?;
                    }
                }
            }
            other => {
                if let Some((id, range)) = other.as_section() {
                    module.section(&RawSection {
                        id,
                        data: &binary[range],
                    });
                }
            }
        }
    }
    Ok(module.finish())
}

/// Writes section `id` (types, imports, globals or exports): the module's own entries of
/// `payload` (none when the module has no such section), then what the rewrite adds.
fn extend(
    module: &mut wasm_encoder::Module,
    id: u8,
    payload: Option<Payload<'_>>,
    shape: &Shape,
    added: Added,
    shift: &mut Shift,
) -> Result<(), MeteringError> {
    match id {
        1 => {
            let mut section = TypeSection::new();
            if let Some(Payload::TypeSection(s)) = payload {
                shift.parse_type_section(&mut section, s)?;
            }
            section.ty().function([ValType::I64], [ValType::I64]);
            module.section(&section);
        }
        2 => {
            let mut section = ImportSection::new();
            if let Some(Payload::ImportSection(s)) = payload {
                for import in s.clone().into_imports() {
                    if import?.module == METERING_MODULE {
                        return Err(MeteringError::Unsupported(format!(
                            // No backticks: a load error's quoted text is hidden as the
                            // module's own (`module_text::compiler_message`); this name is
                            // arena's.
                            "the import module {METERING_MODULE} is reserved by arena"
                        )));
                    }
                }
                shift.parse_import_section(&mut section, s)?;
            }
            section.import(
                METERING_MODULE,
                REFUEL_IMPORT,
                EntityType::Function(shape.type_params.len() as u32),
            );
            module.section(&section);
        }
        6 => {
            let mut section = GlobalSection::new();
            if let Some(Payload::GlobalSection(s)) = payload {
                shift.parse_global_section(&mut section, s)?;
            }
            module.section(&fuel_global(section));
        }
        _ => {
            let mut section = ExportSection::new();
            if let Some(Payload::ExportSection(s)) = payload {
                for export in s.clone() {
                    let name = export?.name;
                    if [FUEL_EXPORT, START_EXPORT].contains(&name) {
                        return Err(MeteringError::Unsupported(format!(
                            // `name` is one of arena's two names (no backticks, as above).
                            "the export name {name} is reserved by arena"
                        )));
                    }
                }
                shift.parse_export_section(&mut section, s)?;
            }
            section.export(FUEL_EXPORT, ExportKind::Global, added.counter);
            if let Some(start) = shape.start {
                section.export(START_EXPORT, ExportKind::Func, shift.function_index(start)?);
            }
            module.section(&section);
        }
    }
    Ok(())
}

/// The position of a section with `id` in a module's section order (custom sections
/// anywhere).
fn rank(id: u8) -> u32 {
    match id {
        0 => 0,
        1..=5 => u32::from(id) * 10,
        13 => 55,
        6..=9 => u32::from(id) * 10,
        12 => 95,
        10 | 11 => u32::from(id) * 10 + 1,
        _ => 200,
    }
}

/// `section` with the counter appended.
fn fuel_global(mut section: GlobalSection) -> GlobalSection {
    section.global(
        GlobalType {
            val_type: ValType::I64,
            mutable: true,
            shared: false,
        },
        &ConstExpr::i64_const(0),
    );
    section
}

/// The first pass: types, functions, globals, start.
fn shape(binary: &[u8]) -> Result<Shape, MeteringError> {
    let mut shape = Shape::default();
    for payload in Parser::new(0).parse_all(binary) {
        match payload? {
            Payload::TypeSection(s) => {
                for ty in s.into_iter_err_on_gc_types() {
                    let ty = ty?;
                    shape.type_params.push(ty.params().len() as u32);
                    shape.type_results.push(ty.results().len() as u32);
                }
            }
            Payload::ImportSection(s) => {
                for import in s.into_imports() {
                    match import?.ty {
                        TypeRef::Func(_) => shape.imported_funcs += 1,
                        TypeRef::Global(_) => shape.globals += 1,
                        _ => {}
                    }
                }
            }
            Payload::FunctionSection(s) => {
                for ty in s {
                    shape.func_types.push(ty?);
                }
            }
            Payload::GlobalSection(s) => shape.globals += s.count(),
            Payload::StartSection { func, .. } => shape.start = Some(func),
            _ => {}
        }
    }
    Ok(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(text: &str) -> Vec<u8> {
        wat::parse_str(text).unwrap()
    }

    #[test]
    fn the_start_function_is_exported_instead_and_the_result_validates() {
        let out = instrument(&module(
            r#"(module (memory (export "memory") 1) (global $g (mut i32) (i32.const 0))
               (func $s (global.set $g (i32.const 1))) (start $s))"#,
        ))
        .unwrap();
        Validator::new_with_features(features())
            .validate_all(&out)
            .unwrap();
        let mut exports = Vec::new();
        let mut start = false;
        for payload in Parser::new(0).parse_all(&out) {
            match payload.unwrap() {
                Payload::ExportSection(s) => {
                    for e in s {
                        let e = e.unwrap();
                        exports.push((e.name.to_string(), e.index));
                    }
                }
                Payload::StartSection { .. } => start = true,
                _ => {}
            }
        }
        assert!(!start, "no start section left");
        assert_eq!(
            exports,
            [
                ("memory".to_string(), 0),
                (FUEL_EXPORT.to_string(), 1),
                // The refuel import is function 0 now.
                (START_EXPORT.to_string(), 1)
            ]
        );
    }

    #[test]
    fn a_module_without_globals_or_exports_gets_both_sections_in_order() {
        let out = instrument(&module("(module (func (loop (br 0))))")).unwrap();
        Validator::new_with_features(features())
            .validate_all(&out)
            .unwrap();
    }

    #[test]
    fn defined_functions_move_up_by_one_everywhere_they_are_named() {
        // Called, exported, in an element segment, named by `ref.func` in a global and in
        // code, named in the name section: each index must follow its function.
        let out = instrument(&module(
            r#"(module (import "arena" "debug_log" (func $log (param i32 i32)))
               (table 2 funcref) (elem (i32.const 0) $a $b)
               (global funcref (ref.func $b))
               (func $a (export "a") (result i32) (call $b) (drop (ref.func $a)))
               (func $b (result i32) (i32.const 7)))"#,
        ))
        .unwrap();
        Validator::new_with_features(features())
            .validate_all(&out)
            .unwrap();
        let text = wasmprinter::print_bytes(&out).unwrap();
        for expected in [
            r#"(import "arena.metering" "refuel" (func (;1;)"#,
            "(func $a (;2;)",
            "(func $b (;3;)",
            "call $b",
            "ref.func $a",
            "(global (;0;) funcref ref.func $b)",
            r#"(export "a" (func $a))"#,
            "func $a $b",
        ] {
            assert!(text.contains(expected), "{expected} in {text}");
        }
    }

    /// A label only one branch reaches, and that nothing falls through to, gets its
    /// refund after its `end`: the switch keeps its one `br_table` (no dispatch over the
    /// refunds first) and the loop's exit stays a `br_if` (not an `if` around a `br`).
    /// `tests/runtime/runtime_metering.rs` checks that the count stays wasmtime's.
    #[test]
    fn a_branch_alone_at_its_label_is_refunded_where_it_lands() {
        let out = instrument(&module(
            r#"(module
               (func (export "switch") (param i32) (result i32)
                 (block $d (block $c1 (block $c0
                   (br_table $c0 $c1 $d (local.get 0)))
                   (return (i32.const 1)))
                   (return (i32.const 2)))
                 (i32.const 3))
               (func (export "exit") (param i32) (result i32) (local i32)
                 (block (loop
                   (br_if 1 (i32.gt_u (local.get 1) (local.get 0)))
                   (local.set 1 (i32.add (local.get 1) (i32.const 1)))
                   (br 0)))
                 (local.get 1))
               (func (export "shared") (param i32) (result i32) (local i32)
                 (block (loop
                   (br_if 1 (i32.gt_u (local.get 1) (local.get 0)))
                   (local.set 1 (i32.add (local.get 1) (i32.const 1)))
                   (br_if 0 (local.get 0))))
                 (local.get 1)))"#,
        ))
        .unwrap();
        Validator::new_with_features(features())
            .validate_all(&out)
            .unwrap();
        let text = wasmprinter::print_bytes(&out).unwrap();
        // The three defined functions' text, in order (the import is not one).
        let funcs: Vec<&str> = text.split("\n  (func").skip(1).collect();
        assert_eq!(funcs.len(), 3, "{text}");
        assert_eq!(funcs[0].matches("br_table").count(), 1, "{}", funcs[0]);
        assert!(funcs[1].contains("br_if 1"), "{}", funcs[1]);
        // Here the loop's end falls through to the exit's: the exit's refund stays on
        // the branch, in an `if` around a `br`.
        assert!(!funcs[2].contains("br_if 1"), "{}", funcs[2]);
    }

    #[test]
    fn a_malformed_name_section_is_dropped_not_refused() {
        let mut bot = module(r#"(module (func (export "f")))"#);
        // A custom section `name` whose function-names subsection claims 5 bytes and
        // holds 1.
        bot.extend_from_slice(&[0, 8, 4, b'n', b'a', b'm', b'e', 1, 5, 1]);
        Validator::new_with_features(features())
            .validate_all(&bot)
            .expect("wasmtime and the validator ignore a bad name section");
        let out = instrument(&bot).unwrap();
        Validator::new_with_features(features())
            .validate_all(&out)
            .unwrap();
        assert!(!wasmprinter::print_bytes(&out).unwrap().contains("name"));
    }

    #[test]
    fn a_bots_own_import_of_the_metering_module_is_refused() {
        let bot = module(
            r#"(module (import "arena.metering" "refuel" (func (param i64) (result i64))))"#,
        );
        assert!(matches!(
            instrument(&bot),
            Err(MeteringError::Unsupported(m)) if m.contains("arena.metering")
        ));
    }

    #[test]
    fn reserved_names_and_invalid_modules_are_refused() {
        let start = module(r#"(module (func (export "arena.start")))"#);
        assert!(matches!(
            instrument(&start),
            Err(MeteringError::Unsupported(m)) if m.contains("arena.start")
        ));
        // Valid bytes up to a `global.get` of an index the module does not have: the
        // index the counter would take must never reach the rewrite.
        let mut bad =
            module("(module (func (result i64) (global.get 0)) (global i64 (i64.const 0)))");
        // Point the function's `global.get 0` at global 1 (the counter's future index).
        let at = bad
            .windows(2)
            .rposition(|w| w == [0x23, 0x00])
            .expect("the global.get");
        bad[at + 1] = 0x01;
        assert!(matches!(instrument(&bad), Err(MeteringError::Invalid(_))));
    }
}
