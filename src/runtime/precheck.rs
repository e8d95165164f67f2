//! The cheap checks made before compiling: format, size, and the counts that make
//! compiling or instantiating expensive.

use wasmparser::{Encoding, Parser, Payload};

use super::limits::Limits;
use super::load_error::LoadError;
use crate::units::human_bytes;

/// What a file built for another target than WebAssembly is, told by its first bytes,
/// with how to build a bot instead; `None` for anything else.
pub(crate) fn wrong_target(file: &[u8]) -> Option<String> {
    /// The first bytes of a Mach-O file (32 and 64 bits, either byte order, universal).
    const MACH_O: [[u8; 4]; 5] = [
        [0xfe, 0xed, 0xfa, 0xce],
        [0xfe, 0xed, 0xfa, 0xcf],
        [0xce, 0xfa, 0xed, 0xfe],
        [0xcf, 0xfa, 0xed, 0xfe],
        [0xca, 0xfe, 0xba, 0xbe],
    ];
    let native = if file.starts_with(b"\x7fELF") {
        "ELF, as Linux runs"
    } else if MACH_O.iter().any(|m| file.starts_with(m)) {
        "Mach-O, as macOS runs"
    } else if file.starts_with(b"MZ") {
        "PE, as Windows runs"
    } else if file.starts_with(b"!<arch>\n") {
        return Some(
            "a static library archive (a Rust `.rlib` or a C `.a`), not a module: a Rust bot \
             needs `crate-type = [\"cdylib\"]` under `[lib]` in Cargo.toml, and then \
             `cargo build --target wasm32-unknown-unknown` writes the `.wasm` (bots/rust/README.md)"
                .to_string(),
        );
    } else {
        return None;
    };
    Some(format!(
        "a native executable (or library) of this kind of machine ({native}), not WebAssembly: \
         build for wasm32 (Rust: `cargo build --target wasm32-unknown-unknown`; C: `clang \
         --target=wasm32`; bots/README.md)"
    ))
}

/// The bytes of the binary module in `file`, which is the binary or the text format.
///
/// # Errors
/// [`LoadError::TooLarge`] past the module cap (for the file and for the binary a text
/// file becomes), [`LoadError::NotWasm`] for anything else that is not a module.
pub(crate) fn to_binary(file: &[u8], limits: &Limits) -> Result<Vec<u8>, LoadError> {
    check_size(file.len() as u64, limits)?;
    if file.is_empty() {
        return Err(LoadError::NotWasm("the file is empty".to_string()));
    }
    if file.starts_with(b"\0asm") {
        return Ok(file.to_vec());
    }
    if let Some(what) = wrong_target(file) {
        return Err(LoadError::NotWasm(what));
    }
    if std::str::from_utf8(file).is_err() {
        return Err(LoadError::NotWasm(
            "no `\\0asm` magic number at the start, and not text (the `.wat` format) either"
                .to_string(),
        ));
    }
    let binary = text_to_binary(file).map_err(|(line, col)| {
        // Never the parser's message: it quotes the file, which may be anything (a
        // credentials file handed in as `.wasm`). The position is enough to find it.
        LoadError::NotWasm(format!(
            "no `\\0asm` magic number, and not valid text format (.wat) either: the first error is at line {line}, column {col}"
        ))
    })?;
    check_size(binary.len() as u64, limits)?;
    Ok(binary)
}

/// The binary module of WebAssembly text, or the line and column (from 1) of the first
/// error.
fn text_to_binary(file: &[u8]) -> Result<Vec<u8>, (usize, usize)> {
    let text = std::str::from_utf8(file).map_err(|_| (1, 1))?;
    let at = |e: wast::Error| {
        let (line, col) = e.span().linecol_in(text);
        (line + 1, col + 1)
    };
    let buf = wast::parser::ParseBuffer::new(text).map_err(at)?;
    let mut wat = wast::parser::parse::<wast::Wat>(&buf).map_err(at)?;
    wat.encode().map_err(at)
}

/// Refuses a file larger than the module cap.
///
/// # Errors
/// [`LoadError::TooLarge`].
pub(crate) fn check_size(bytes: u64, limits: &Limits) -> Result<(), LoadError> {
    if bytes > limits.module_bytes {
        return Err(LoadError::TooLarge {
            size: human_bytes(bytes),
            cap: human_bytes(limits.module_bytes),
        });
    }
    Ok(())
}

/// The binary format's magic number and the only version arena reads (a core module of
/// WebAssembly 1).
const MAGIC: &[u8; 4] = b"\0asm";
const MODULE_VERSION: [u8; 4] = [1, 0, 0, 0];
/// The version field of a component (version 0xd, layer 1), refused with its own reason.
const COMPONENT_VERSION: [u8; 4] = [0x0d, 0, 1, 0];

/// wasmparser's messages that are fixed words, passed on as they are. Any other message
/// may quote the file (`unknown binary version: 0x52434553` is the four bytes after the
/// magic number, `invalid leading byte (0x41)` a byte of it), so it is never passed on:
/// the reason says "malformed" and where.
const FIXED_MESSAGES: &[&str] = &[
    "unexpected end-of-file",
    "section out of order",
    "malformed section id",
    "malformed UTF-8 encoding",
    "string size out of bounds",
    "invalid memory limits flags",
    "invalid table resizable limits flags",
    "invalid custom page size",
    "malformed global flags",
    "invalid table encoding",
    "zero byte expected",
    "invalid var_u32: integer representation too long",
    "invalid var_u32: integer too large",
    "invalid var_u64: integer representation too long",
    "invalid var_u64: integer too large",
    "invalid var_i32: integer representation too long",
    "invalid var_i32: integer too large",
    "invalid var_s33: integer representation too long",
    "invalid var_i64: integer representation too long",
    "invalid var_i64: integer too large",
    "function and code section have inconsistent lengths",
    "data count and data section have inconsistent lengths",
    "data count is non-zero but data section is absent",
];

/// The reason for a binary wasmparser could not read, in words that never quote the file:
/// wasmparser's message when it is one of [`FIXED_MESSAGES`], "malformed" otherwise, and
/// the byte where it is.
pub(crate) fn malformed(e: &wasmparser::BinaryReaderError) -> LoadError {
    let what = FIXED_MESSAGES
        .iter()
        .find(|&&m| m == e.message())
        .copied()
        .unwrap_or("malformed binary");
    LoadError::NotWasm(format!("{what} (byte {})", e.offset()))
}

/// Checks the 8-byte header of a binary module: the magic number, then the version
/// (arena reads WebAssembly version 1; a component is told by the section reader).
///
/// # Errors
/// [`LoadError::NotWasm`] naming what is wrong and where, never the bytes.
pub(crate) fn check_header(binary: &[u8]) -> Result<(), LoadError> {
    if !binary.starts_with(MAGIC) {
        return Err(LoadError::NotWasm(
            "no `\\0asm` magic number at the start".to_string(),
        ));
    }
    match binary.get(4..8) {
        None => Err(LoadError::NotWasm(format!(
            "the file ends at byte {}, inside the 8-byte header",
            binary.len()
        ))),
        Some(v) if v == MODULE_VERSION || v == COMPONENT_VERSION => Ok(()),
        Some(_) => Err(LoadError::NotWasm(
            "unknown binary version (byte 4): arena reads WebAssembly version 1".to_string(),
        )),
    }
}

/// Reads the section headers of a binary module (not the code) and refuses a component,
/// too many functions or imports, and memories or tables beyond their caps. No reason
/// quotes the file: not its bytes, not the names it holds ([`malformed`]).
///
/// # Errors
/// [`LoadError::NotWasm`], [`LoadError::TooMany`] or [`LoadError::TooBigInitially`].
pub(crate) fn check_shape(binary: &[u8], limits: &Limits) -> Result<(), LoadError> {
    check_header(binary)?;
    let not_wasm = |e: wasmparser::BinaryReaderError| malformed(&e);
    let too_many = |what, count: u64, cap: u64| {
        if count > cap {
            Err(LoadError::TooMany { what, count, cap })
        } else {
            Ok(())
        }
    };
    let (mut memories, mut tables) = (0u64, 0u64);
    for payload in Parser::new(0).parse_all(binary) {
        match payload.map_err(not_wasm)? {
            Payload::Version {
                encoding: Encoding::Component,
                ..
            } => {
                return Err(LoadError::NotWasm(
                    "this is a WebAssembly component; a bot must be a core module".to_string(),
                ))
            }
            Payload::ImportSection(s) => {
                // Import groups: each holds one or more imports, all checked after compiling.
                too_many(
                    "import groups",
                    u64::from(s.count()),
                    u64::from(limits.max_functions),
                )?;
                let mut imports = 0u64;
                for import in s.into_imports() {
                    import.map_err(not_wasm)?;
                    imports += 1;
                }
                too_many("imports", imports, u64::from(limits.max_functions))?;
            }
            Payload::GlobalSection(s) => {
                // Each global takes room in every instance (see `config.rs`).
                too_many(
                    "globals",
                    u64::from(s.count()),
                    u64::from(limits.max_functions),
                )?;
            }
            Payload::FunctionSection(s) => {
                too_many(
                    "functions",
                    u64::from(s.count()),
                    u64::from(limits.max_functions),
                )?;
            }
            Payload::MemorySection(s) => {
                for ty in s {
                    let ty = ty.map_err(not_wasm)?;
                    memories += 1;
                    let bytes = ty.initial.saturating_mul(1 << 16);
                    if bytes > limits.memory_bytes {
                        return Err(LoadError::TooBigInitially {
                            what: "memory",
                            size: human_bytes(bytes),
                            cap: human_bytes(limits.memory_bytes),
                        });
                    }
                }
                too_many("memories", memories, u64::from(limits.memories))?;
            }
            Payload::TableSection(s) => {
                for table in s {
                    let table = table.map_err(not_wasm)?;
                    tables += 1;
                    if table.ty.initial > u64::from(limits.table_elements) {
                        return Err(LoadError::TooBigInitially {
                            what: "table",
                            size: format!("{} elements", table.ty.initial),
                            cap: format!("{}-element", limits.table_elements),
                        });
                    }
                }
                too_many("tables", tables, u64::from(limits.tables))?;
            }
            // Everything that matters here comes before the code.
            Payload::CodeSectionStart { .. } | Payload::End(_) => break,
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_converted_and_garbage_refused() {
        let l = Limits::default();
        let bin = to_binary(b"(module)", &l).unwrap();
        assert!(bin.starts_with(b"\0asm"));
        assert!(matches!(to_binary(b"", &l), Err(LoadError::NotWasm(_))));
        assert!(matches!(
            to_binary(b"\x7fELF", &l),
            Err(LoadError::NotWasm(_))
        ));
    }

    #[test]
    fn a_text_file_is_refused_without_quoting_it() {
        let l = Limits::default();
        let err = to_binary(b"TOKEN=hunter2\n", &l).unwrap_err().to_string();
        assert!(!err.contains("hunter2") && !err.contains("TOKEN"), "{err}");
        assert!(err.ends_with("at line 1, column 1"), "{err}");
        let err = to_binary(b"(module)\n(module (func (i32.bogus $secret)))", &l)
            .unwrap_err()
            .to_string();
        assert!(!err.contains("secret") && !err.contains("bogus"), "{err}");
        assert!(err.contains("line 2"), "{err}");
    }

    #[test]
    fn a_malformed_binary_is_refused_without_quoting_its_bytes() {
        let l = Limits::default();
        let refused = |bytes: &[u8]| match check_shape(bytes, &l) {
            Err(LoadError::NotWasm(why)) => why,
            other => panic!("{other:?}"),
        };
        let why = refused(b"\0asmSECRET");
        assert_eq!(
            why,
            "unknown binary version (byte 4): arena reads WebAssembly version 1"
        );
        assert_eq!(
            refused(b"\0asm\x01\0"),
            "the file ends at byte 6, inside the 8-byte header"
        );
        // An import section whose import kind byte is 'S' (0x53): wasmparser's message
        // names the byte, arena's only where it is.
        let mut module = b"\0asm\x01\0\0\0".to_vec();
        module.extend_from_slice(&[2, 8, 1, 1, b'S', 2, b'E', b'C', b'S', 0]);
        let why = refused(&module);
        assert_eq!(why, "malformed binary (byte 16)");
        // A fixed message is kept.
        let why = refused(b"\0asm\x01\0\0\0\x02\x08\x01");
        assert_eq!(why, "unexpected end-of-file (byte 10)");
    }

    #[test]
    fn shapes_past_the_caps_are_refused() {
        let l = Limits {
            max_functions: 2,
            ..Limits::default()
        };
        let three = wat::parse_str("(module (func) (func) (func))").unwrap();
        let err = check_shape(&three, &l).unwrap_err().to_string();
        assert_eq!(err, "the module has 3 functions, more than the cap of 2");
        let big = wat::parse_str("(module (memory 2000))").unwrap();
        let err = check_shape(&big, &l).unwrap_err().to_string();
        assert!(err.contains("memory starts at 125 MiB"), "{err}");
    }
}
