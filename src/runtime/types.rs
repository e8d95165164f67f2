//! WebAssembly types written the way `docs/ABI.md` and the error messages write them.

use wasmtime::{ExternType, FuncType, Mutability};

/// A function type as `(i32, i32) -> i32`; no result is `()`, several are `(i32, i64)`.
pub fn func_signature(ty: &FuncType) -> String {
    let params: Vec<String> = ty.params().map(|p| p.to_string()).collect();
    let results: Vec<String> = ty.results().map(|r| r.to_string()).collect();
    let results = match results.len() {
        1 => results[0].clone(),
        _ => format!("({})", results.join(", ")),
    };
    format!("({}) -> {results}", params.join(", "))
}

/// The kind of an import or export: `function`, `memory`, `table`, `global` or `tag`.
pub fn kind(ty: &ExternType) -> &'static str {
    match ty {
        ExternType::Func(_) => "function",
        ExternType::Memory(_) => "memory",
        ExternType::Table(_) => "table",
        ExternType::Global(_) => "global",
        ExternType::Tag(_) => "tag",
    }
}

/// An import's or export's kind and type in one line, for `arena check`:
/// `function (i32) -> i32`, `memory of 17 pages (no maximum)`, `global i32 (mutable)`.
pub fn describe(ty: &ExternType) -> String {
    match ty {
        ExternType::Func(f) => format!("function {}", func_signature(f)),
        ExternType::Memory(m) => format!(
            "memory of {} pages ({})",
            m.minimum(),
            m.maximum()
                .map_or("no maximum".to_string(), |max| format!("at most {max}"))
        ),
        ExternType::Table(t) => format!("table of {} {} elements", t.minimum(), t.element()),
        ExternType::Global(g) => format!(
            "global {}{}",
            g.content(),
            match g.mutability() {
                Mutability::Var => " (mutable)",
                Mutability::Const => "",
            }
        ),
        ExternType::Tag(_) => "tag".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::{Engine, ValType};

    #[test]
    fn signatures_read_like_the_docs() {
        let e = Engine::default();
        let f = FuncType::new(&e, [ValType::I32, ValType::I32], [ValType::I32]);
        assert_eq!(func_signature(&f), "(i32, i32) -> i32");
        let g = FuncType::new(&e, [ValType::I32], []);
        assert_eq!(func_signature(&g), "(i32) -> ()");
        let h = FuncType::new(&e, [], [ValType::I32, ValType::I64]);
        assert_eq!(func_signature(&h), "() -> (i32, i64)");
    }
}
