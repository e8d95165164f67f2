//! The linear scan of a module's code made before compiling: it refuses the shapes that
//! make Cranelift's work grow faster than the module (deep block nesting, huge function
//! bodies, thousands of locals, long constant expressions), so that what is compiled
//! costs time and memory in proportion to its size.

use wasmparser::{
    ConstExpr, DataKind, ElementItems, ElementKind, FunctionBody, Operator, Parser, Payload,
};

use super::limits::Limits;
use super::load_error::LoadError;

/// Reads every function body and constant expression of `binary` once.
///
/// # Errors
/// [`LoadError::CodeLimit`] naming the first limit passed and where,
/// [`LoadError::NotWasm`] for a malformed module.
pub(crate) fn check_code(binary: &[u8], limits: &Limits) -> Result<(), LoadError> {
    let not_wasm = |e: wasmparser::BinaryReaderError| super::precheck::malformed(&e);
    let mut body_index = 0u64;
    // Operators of the constant expressions longer than one operator, added up.
    let mut extended = 0u64;
    let mut const_expr = |expr: &ConstExpr<'_>, place: &dyn Fn() -> String| {
        let count = const_expr(expr, limits, place)?;
        if count > 1 {
            extended += count;
            let limit = u64::from(limits.max_const_ops_total);
            if extended > limit {
                return Err(past(
                    "number of operators in constant expressions of more than one operator",
                    extended,
                    limit,
                    format!("the module, at {}", place()),
                ));
            }
        }
        Ok(())
    };
    for payload in Parser::new(0).parse_all(binary) {
        match payload.map_err(not_wasm)? {
            Payload::GlobalSection(s) => {
                for (i, global) in s.into_iter().enumerate() {
                    let global = global.map_err(not_wasm)?;
                    const_expr(&global.init_expr, &|| format!("global {i}"))?;
                }
            }
            Payload::ElementSection(s) => {
                for (i, element) in s.into_iter().enumerate() {
                    let element = element.map_err(not_wasm)?;
                    if let ElementKind::Active { offset_expr, .. } = &element.kind {
                        const_expr(offset_expr, &|| format!("element segment {i}"))?;
                    }
                    if let ElementItems::Expressions(_, items) = element.items {
                        for item in items {
                            let item = item.map_err(not_wasm)?;
                            const_expr(&item, &|| format!("element segment {i}"))?;
                        }
                    }
                }
            }
            Payload::DataSection(s) => {
                for (i, data) in s.into_iter().enumerate() {
                    let data = data.map_err(not_wasm)?;
                    if let DataKind::Active { offset_expr, .. } = &data.kind {
                        const_expr(offset_expr, &|| format!("data segment {i}"))?;
                    }
                }
            }
            Payload::CodeSectionEntry(body) => {
                function_body(&body, body_index, limits)?;
                body_index += 1;
            }
            _ => {}
        }
    }
    Ok(())
}

/// The error for `found` past `limit`.
fn past(what: &'static str, found: u64, limit: u64, place: String) -> LoadError {
    LoadError::CodeLimit {
        what,
        found,
        limit,
        place,
    }
}

/// Checks one function body: its size, its locals and its deepest block nesting.
fn function_body(body: &FunctionBody<'_>, index: u64, limits: &Limits) -> Result<(), LoadError> {
    let not_wasm = |e: wasmparser::BinaryReaderError| super::precheck::malformed(&e);
    let place = || format!("function body {index} of the code section");
    let size = body.range().len() as u64;
    if size > limits.max_function_bytes {
        return Err(past(
            "function body size in bytes",
            size,
            limits.max_function_bytes,
            place(),
        ));
    }
    let mut locals = 0u64;
    for group in body.get_locals_reader().map_err(not_wasm)? {
        let (count, _) = group.map_err(not_wasm)?;
        locals = locals.saturating_add(u64::from(count));
    }
    if locals > u64::from(limits.max_locals) {
        return Err(past(
            "number of locals",
            locals,
            u64::from(limits.max_locals),
            place(),
        ));
    }
    let (mut depth, limit) = (0u64, u64::from(limits.max_nesting_depth));
    let mut ops = body.get_operators_reader().map_err(not_wasm)?;
    while !ops.eof() {
        match ops.read().map_err(not_wasm)? {
            Operator::Block { .. }
            | Operator::Loop { .. }
            | Operator::If { .. }
            | Operator::Try { .. }
            | Operator::TryTable { .. } => {
                depth += 1;
                if depth > limit {
                    return Err(past("block nesting depth", depth, limit, place()));
                }
            }
            Operator::End => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

/// Checks that a constant expression has at most the allowed number of operators, and
/// returns that number.
fn const_expr(
    expr: &ConstExpr<'_>,
    limits: &Limits,
    place: &dyn Fn() -> String,
) -> Result<u64, LoadError> {
    let not_wasm = |e: wasmparser::BinaryReaderError| super::precheck::malformed(&e);
    let limit = u64::from(limits.max_const_expr_ops);
    let mut ops = expr.get_operators_reader();
    let mut count = 0u64;
    while !ops.eof() {
        if !matches!(ops.read().map_err(not_wasm)?, Operator::End) {
            count += 1;
            if count > limit {
                return Err(past(
                    "number of operators in a constant expression",
                    count,
                    limit,
                    place(),
                ));
            }
        }
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(wat: &str, limits: &Limits) -> Result<(), String> {
        let binary = wat::parse_str(wat).unwrap();
        check_code(&binary, limits).map_err(|e| e.to_string())
    }

    fn nested_ifs(depth: usize) -> String {
        format!(
            "(module (func {} {}))",
            "(if (i32.const 0) (then ".repeat(depth),
            "))".repeat(depth)
        )
    }

    #[test]
    fn a_malformed_body_is_refused_without_quoting_its_bytes() {
        // One function whose body holds the byte 0xd7, no operator wasmparser knows.
        let mut binary = b"\0asm\x01\0\0\0".to_vec();
        binary.extend([0x01, 0x04, 0x01, 0x60, 0x00, 0x00]); // type () -> ()
        binary.extend([0x03, 0x02, 0x01, 0x00]); // one function of type 0
        binary.extend([0x0a, 0x05, 0x01, 0x03, 0x00, 0xd7, 0x0b]); // its body
        let err = check_code(&binary, &Limits::default())
            .unwrap_err()
            .to_string();
        assert!(err.contains("malformed binary (byte"), "{err}");
        assert!(!err.to_lowercase().contains("d7"), "{err}");
    }

    #[test]
    fn nesting_at_the_limit_passes_and_one_more_is_named() {
        let limits = Limits {
            max_nesting_depth: 50,
            ..Limits::default()
        };
        assert_eq!(check(&nested_ifs(50), &limits), Ok(()));
        let err = check(&nested_ifs(51), &limits).unwrap_err();
        assert_eq!(
            err,
            "block nesting depth 51 exceeds the limit of 50 (function body 0 of the code section)"
        );
        // Sequential blocks do not add up.
        let flat = format!("(module (func {}))", "(block)".repeat(200));
        assert_eq!(check(&flat, &limits), Ok(()));
    }

    #[test]
    fn locals_body_size_and_constant_expressions_are_bounded() {
        let limits = Limits {
            max_locals: 10,
            max_function_bytes: 100,
            max_const_expr_ops: 3,
            ..Limits::default()
        };
        let err = check(
            "(module (func (local i32 i64 i32 i32 i32 i32 i32 i32 i32 i32 i32)))",
            &limits,
        )
        .unwrap_err();
        assert!(
            err.starts_with("number of locals 11 exceeds the limit of 10"),
            "{err}"
        );
        let big = format!("(module (func {}))", "(nop)".repeat(200));
        let err = check(&big, &limits).unwrap_err();
        assert!(err.starts_with("function body size in bytes"), "{err}");
        let ok = "(module (global i32 (i32.add (i32.const 1) (i32.const 2))))";
        assert_eq!(check(ok, &limits), Ok(()));
        let long =
            "(module (global i32 (i32.add (i32.add (i32.const 1) (i32.const 2)) (i32.const 3))))";
        let err = check(long, &limits).unwrap_err();
        assert_eq!(
            err,
            "number of operators in a constant expression 4 exceeds the limit of 3 (global 0)"
        );
        let total = Limits {
            max_const_ops_total: 8,
            ..Limits::default()
        };
        let three = "(global i32 (i32.add (i32.const 1) (i32.const 2)))";
        let singles = format!("(module {})", "(global i32 (i32.const 1))".repeat(20));
        assert_eq!(check(&singles, &total), Ok(()));
        let err = check(&format!("(module {})", three.repeat(3)), &total).unwrap_err();
        assert_eq!(
            err,
            "number of operators in constant expressions of more than one operator 9 \
             exceeds the limit of 8 (the module, at global 2)"
        );
        let data = "(module (memory 1) (data (offset (i32.add (i32.add (i32.const 1) (i32.const 2)) (i32.const 3))) \"x\"))";
        assert!(check(data, &limits)
            .unwrap_err()
            .contains("(data segment 0)"));
    }
}
