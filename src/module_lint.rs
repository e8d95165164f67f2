//! Every ABI problem of a module at once, for `arena check`.
//!
//! The sandbox stops at the first reason to refuse a module, which is all a tournament
//! needs. A student fixing a bot wants the whole list: this reads the module's sections
//! (without compiling it) and names every problem the sandbox would refuse it for, in the
//! sandbox's own words ([`LoadError`]'s messages).

use wasmparser::{ExternalKind, Parser, Payload, TypeRef, ValType};

use crate::runtime::{
    check_header, human_bytes, malformed, to_binary, ImportInfo, Limits, LoadError,
};

/// The exports the ABI requires: name, and the function type (`None` for the memory).
const REQUIRED_EXPORTS: [(&str, Option<&str>); 3] = [
    ("memory", None),
    ("arena_alloc", Some("(i32) -> i32")),
    ("choose_move", Some("(i32, i32) -> i32")),
];

/// Every problem found in the module `file` (binary or text format), each as the
/// sandbox would word it; empty when the sections break no rule. `allowed` is the host's
/// list of importable functions ([`crate::runtime::Sandbox::allowed_imports`]). A file
/// that is not a module at all gives that one problem.
pub fn problems(file: &[u8], limits: &Limits, allowed: &[ImportInfo]) -> Vec<String> {
    let binary = if file.starts_with(b"\0asm") {
        file.to_vec()
    } else {
        // The sandbox's own reading of a file that is no binary module, in its words (so
        // that `arena check` lists the problem once); the size is checked below, with
        // the rest, whatever the format.
        let unbounded = Limits {
            module_bytes: u64::MAX,
            ..limits.clone()
        };
        match to_binary(file, &unbounded) {
            Ok(b) => b,
            Err(e) => return vec![e.to_string()],
        }
    };
    let mut out = Vec::new();
    if binary.len() as u64 > limits.module_bytes {
        out.push(
            LoadError::TooLarge {
                size: human_bytes(binary.len() as u64),
                cap: human_bytes(limits.module_bytes),
            }
            .to_string(),
        );
    }
    // The sandbox's own words for a binary it cannot read: never wasmparser's, which may
    // quote the file's bytes (`unknown binary version: 0x2`, `invalid leading byte`).
    if let Err(e) = check_header(&binary) {
        out.push(e.to_string());
        return out;
    }
    match read(&binary) {
        Ok(sections) => sections.check(limits, allowed, &mut out),
        Err(e) => out.push(malformed(&e).to_string()),
    }
    out
}

/// What the checks need from a module's sections.
#[derive(Default)]
struct Sections {
    types: Vec<String>,
    /// Imports: module, name, and the function type's index (None: not a function).
    imports: Vec<(String, String, Result<u32, &'static str>)>,
    /// The type index of every function the module defines.
    functions: Vec<u32>,
    memories: Vec<u64>,
    tables: Vec<u64>,
    exports: Vec<(String, ExternalKind, u32)>,
    component: bool,
}

fn read(binary: &[u8]) -> Result<Sections, wasmparser::BinaryReaderError> {
    let mut s = Sections::default();
    for payload in Parser::new(0).parse_all(binary) {
        match payload? {
            Payload::Version {
                encoding: wasmparser::Encoding::Component,
                ..
            } => {
                s.component = true;
                return Ok(s);
            }
            Payload::TypeSection(r) => {
                for ty in r.into_iter_err_on_gc_types() {
                    let f = ty?;
                    s.types.push(signature(f.params(), f.results()));
                }
            }
            Payload::ImportSection(r) => {
                for imp in r.into_imports() {
                    let imp = imp?;
                    let ty = match imp.ty {
                        TypeRef::Func(i) => Ok(i),
                        TypeRef::Memory(_) => Err("memory"),
                        TypeRef::Table(_) => Err("table"),
                        TypeRef::Global(_) => Err("global"),
                        _ => Err("tag"),
                    };
                    s.imports
                        .push((imp.module.to_string(), imp.name.to_string(), ty));
                }
            }
            Payload::FunctionSection(r) => {
                for f in r {
                    s.functions.push(f?);
                }
            }
            Payload::MemorySection(r) => {
                for m in r {
                    s.memories.push(m?.initial);
                }
            }
            Payload::TableSection(r) => {
                for t in r {
                    s.tables.push(t?.ty.initial);
                }
            }
            Payload::ExportSection(r) => {
                for e in r {
                    let e = e?;
                    s.exports.push((e.name.to_string(), e.kind, e.index));
                }
            }
            Payload::CodeSectionStart { .. } | Payload::End(_) => break,
            _ => {}
        }
    }
    Ok(s)
}

impl Sections {
    fn check(&self, limits: &Limits, allowed: &[ImportInfo], out: &mut Vec<String>) {
        if self.component {
            out.push(
                LoadError::NotWasm(
                    "this is a WebAssembly component; a bot must be a core module".into(),
                )
                .to_string(),
            );
            return;
        }
        let mut too_many = |what, count: usize, cap: u32| {
            if count as u64 > u64::from(cap) {
                out.push(
                    LoadError::TooMany {
                        what,
                        count: count as u64,
                        cap: u64::from(cap),
                    }
                    .to_string(),
                );
            }
        };
        too_many("functions", self.functions.len(), limits.max_functions);
        too_many("memories", self.memories.len(), limits.memories);
        too_many("tables", self.tables.len(), limits.tables);
        for &pages in &self.memories {
            let bytes = pages.saturating_mul(1 << 16);
            if bytes > limits.memory_bytes {
                out.push(
                    LoadError::TooBigInitially {
                        what: "memory",
                        size: human_bytes(bytes),
                        cap: human_bytes(limits.memory_bytes),
                    }
                    .to_string(),
                );
            }
        }
        for &elements in &self.tables {
            if elements > u64::from(limits.table_elements) {
                out.push(
                    LoadError::TooBigInitially {
                        what: "table",
                        size: format!("{elements} elements"),
                        cap: format!("{}-element", limits.table_elements),
                    }
                    .to_string(),
                );
            }
        }
        for (module, name, ty) in &self.imports {
            out.extend(self.import_problem(module, name, ty, allowed));
        }
        let has = |name: &str| self.exports.iter().any(|(n, _, _)| n == name);
        if has("_start") && !has("choose_move") {
            out.push(LoadError::Program.to_string());
        }
        for (name, want) in REQUIRED_EXPORTS {
            out.extend(self.export_problem(name, want));
        }
        let (plays, want) = crate::runtime::PLAYS_EXPORT;
        if self.exports.iter().any(|(n, _, _)| n == plays) {
            out.extend(self.export_problem(plays, Some(want)));
        }
    }

    fn type_of(&self, index: u32) -> String {
        self.types
            .get(index as usize)
            .cloned()
            .unwrap_or_else(|| "(unknown type)".into())
    }

    fn import_problem(
        &self,
        module: &str,
        name: &str,
        ty: &Result<u32, &'static str>,
        allowed: &[ImportInfo],
    ) -> Option<String> {
        let in_module: Vec<&ImportInfo> = allowed.iter().filter(|a| a.module == module).collect();
        let forbidden = |detail: String| LoadError::ForbiddenImport {
            module: module.to_string(),
            name: name.to_string(),
            detail,
        };
        if in_module.is_empty() {
            return Some(forbidden(String::new()).to_string());
        }
        let index = match ty {
            Ok(i) => *i,
            Err(kind) => return Some(forbidden(format!(" (it is a {kind})")).to_string()),
        };
        let Some(host) = in_module.iter().find(|a| a.name == name) else {
            let known: Vec<&str> = in_module.iter().map(|a| a.name.as_str()).collect();
            return Some(
                LoadError::UnknownImport {
                    module: module.to_string(),
                    name: name.to_string(),
                    known: known.join(", "),
                }
                .to_string(),
            );
        };
        let found = self.type_of(index);
        let expected = host.ty.strip_prefix("function ").unwrap_or(&host.ty);
        (found != expected).then(|| {
            LoadError::ImportType {
                module: module.to_string(),
                name: name.to_string(),
                found,
                expected: expected.to_string(),
            }
            .to_string()
        })
    }

    fn export_problem(&self, name: &'static str, want: Option<&str>) -> Option<String> {
        let Some((_, kind, index)) = self.exports.iter().find(|(n, _, _)| n == name) else {
            return Some(LoadError::MissingExport { name }.to_string());
        };
        match (kind, want) {
            (ExternalKind::Memory, None) => None,
            (ExternalKind::Func, Some(want)) => {
                let imported = self.imports.iter().filter(|i| i.2.is_ok()).count();
                let found = match (*index as usize).checked_sub(imported) {
                    None => self
                        .imports
                        .iter()
                        .filter_map(|i| i.2.ok())
                        .nth(*index as usize)
                        .map(|t| self.type_of(t)),
                    Some(local) => self.functions.get(local).map(|&t| self.type_of(t)),
                }
                .unwrap_or_else(|| "(unknown type)".into());
                (found != want).then(|| {
                    LoadError::ExportType {
                        name,
                        found,
                        expected: want.to_string(),
                    }
                    .to_string()
                })
            }
            (other, want) => Some(
                LoadError::ExportKind {
                    name,
                    found: kind_name(*other).to_string(),
                    expected: if want.is_some() { "function" } else { "memory" },
                }
                .to_string(),
            ),
        }
    }
}

fn kind_name(kind: ExternalKind) -> &'static str {
    match kind {
        ExternalKind::Func | ExternalKind::FuncExact => "function",
        ExternalKind::Table => "table",
        ExternalKind::Memory => "memory",
        ExternalKind::Global => "global",
        ExternalKind::Tag => "tag",
    }
}

/// A function type as the sandbox writes it: `(i32, i32) -> i32`, `(i32) -> ()`.
fn signature(params: &[ValType], results: &[ValType]) -> String {
    let list = |v: &[ValType]| v.iter().map(|t| t.to_string()).collect::<Vec<_>>();
    let results = match results.len() {
        1 => list(results)[0].clone(),
        _ => format!("({})", list(results).join(", ")),
    };
    format!("({}) -> {results}", list(params).join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::Sandbox;

    fn lint(wat: &str) -> Vec<String> {
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        problems(wat.as_bytes(), sandbox.limits(), &sandbox.allowed_imports())
    }

    #[test]
    fn a_good_bot_has_no_problem() {
        let ok = r#"(module
            (import "arena" "debug_log" (func (param i32 i32)))
            (memory (export "memory") 1)
            (func (export "arena_alloc") (param i32) (result i32) i32.const 0)
            (func (export "choose_move") (param i32 i32) (result i32) i32.const 0))"#;
        assert_eq!(lint(ok), Vec::<String>::new());
    }

    #[test]
    fn every_problem_is_listed() {
        let bad = r#"(module
            (import "env" "abort" (func (param i32)))
            (import "arena" "debug_log" (func (param i32)))
            (import "arena" "print" (func))
            (import "wasi_snapshot_preview1" "mem" (memory 1))
            (global (export "memory") i32 (i32.const 0))
            (func (export "choose_move") (param i32) (result i32) i32.const 0))"#;
        let p = lint(bad);
        let expected = [
            "import `env.abort` is not allowed",
            "import `arena.debug_log` has type (i32) -> (), expected (i32, i32) -> ()",
            "import `arena.print` does not exist: arena provides debug_log",
            "import `wasi_snapshot_preview1.mem` is not allowed",
            "export `memory` is a global, expected a memory",
            "missing export `arena_alloc`",
            "export `choose_move` has type (i32) -> i32, expected (i32, i32) -> i32",
        ];
        assert_eq!(p.len(), expected.len(), "{p:#?}");
        for (got, want) in p.iter().zip(expected) {
            assert!(got.starts_with(want), "{got} / {want}");
        }
    }

    #[test]
    fn garbage_is_one_problem() {
        assert_eq!(lint("not a module").len(), 1);
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let p = problems(b"\0asm\x01\0\0\0\xff", sandbox.limits(), &[]);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].starts_with("not a WebAssembly module"), "{p:?}");
    }
}
