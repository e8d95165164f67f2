//! Stage 1, bytes: bots that are the same program whatever their names. Three keys per
//! file, each a SHA-256: the bytes as they are; a module's sections without its custom
//! sections (the `name` section, `producers`, `target_features`, DWARF `.debug_*`, a
//! toolchain's own notes), read with `wasmparser`, the parser wasmtime itself uses, so
//! that arena and the sandbox agree on where a section ends; a Python script after
//! [`super::python_text::normalise`].

use sha2::{Digest, Sha256};
use wasmparser::{Parser, Payload};

/// How two files were found to be the same program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Sameness {
    /// Byte for byte the same file.
    IdenticalFile,
    /// The same module once names, custom sections, producers and debug information
    /// are stripped.
    SameModuleStripped,
    /// The same Python script once names, comments and layout are normalised.
    SameScriptNormalised,
}

impl Sameness {
    /// The sameness in words, for the report.
    pub fn words(self) -> &'static str {
        match self {
            Sameness::IdenticalFile => "identical files",
            Sameness::SameModuleStripped => {
                "the same module once names, custom sections and debug information are stripped"
            }
            Sameness::SameScriptNormalised => {
                "the same Python script once names, comments and layout are normalised"
            }
        }
    }
}

/// The keys of one bot file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keys {
    /// The SHA-256 of the bytes.
    pub file: [u8; 32],
    /// The SHA-256 of the module without custom sections (`None`: not a module that
    /// parses, or a script).
    pub stripped: Option<[u8; 32]>,
    /// The SHA-256 of the normalised script (`None`: not a script).
    pub script: Option<[u8; 32]>,
}

impl Keys {
    /// The keys of `bytes`; `script` says whether the file is a Python script.
    pub fn of(bytes: &[u8], script: bool) -> Keys {
        let file: [u8; 32] = Sha256::digest(bytes).into();
        if script {
            let text = String::from_utf8_lossy(bytes);
            let normal = super::python_text::normalise(&text);
            return Keys {
                file,
                stripped: None,
                script: Some(Sha256::digest(normal.as_bytes()).into()),
            };
        }
        Keys {
            file,
            stripped: stripped_hash(bytes),
            script: None,
        }
    }

    /// How `self` and `other` are the same program, the strongest sameness first, or
    /// `None` when the bytes tell nothing.
    pub fn sameness(&self, other: &Keys) -> Option<Sameness> {
        if self.file == other.file {
            return Some(Sameness::IdenticalFile);
        }
        if self.stripped.is_some() && self.stripped == other.stripped {
            return Some(Sameness::SameModuleStripped);
        }
        if self.script.is_some() && self.script == other.script {
            return Some(Sameness::SameScriptNormalised);
        }
        None
    }
}

/// The SHA-256 of the module's header and every section but the custom ones (each
/// section's id and its length-prefixed contents), or `None` when it does not parse.
pub fn stripped_hash(bytes: &[u8]) -> Option<[u8; 32]> {
    let mut hash = Sha256::new();
    for payload in Parser::new(0).parse_all(bytes) {
        let payload = payload.ok()?;
        match payload {
            Payload::Version { encoding, .. } => {
                hash.update([u8::from(encoding == wasmparser::Encoding::Module)]);
            }
            Payload::CustomSection(_) => {}
            // The code section's entries are hashed through the section itself.
            Payload::CodeSectionEntry(_) => {}
            other => {
                if let Some((id, range)) = other.as_section() {
                    let body = bytes.get(range)?;
                    hash.update([id]);
                    hash.update((body.len() as u64).to_le_bytes());
                    hash.update(body);
                }
            }
        }
    }
    Some(hash.finalize().into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_custom(name: &str, data: &[u8]) -> Vec<u8> {
        let mut module = wasm_encoder::Module::new();
        let mut types = wasm_encoder::TypeSection::new();
        types.ty().function([], [wasm_encoder::ValType::I32]);
        module.section(&types);
        let mut funcs = wasm_encoder::FunctionSection::new();
        funcs.function(0);
        module.section(&funcs);
        module.section(&wasm_encoder::CustomSection {
            name: name.into(),
            data: data.into(),
        });
        let mut code = wasm_encoder::CodeSection::new();
        let mut f = wasm_encoder::Function::new([]);
        f.instructions().i32_const(7).end();
        code.function(&f);
        module.section(&code);
        module.finish()
    }

    #[test]
    fn custom_sections_do_not_change_the_stripped_key() {
        let a = Keys::of(&with_custom("name", b"\x01alice"), false);
        let b = Keys::of(&with_custom("producers", b"rustc 9"), false);
        assert_ne!(a.file, b.file);
        assert_eq!(a.sameness(&b), Some(Sameness::SameModuleStripped));
    }

    #[test]
    fn a_module_that_does_not_parse_has_no_stripped_key() {
        assert_eq!(stripped_hash(b"\0asm\x01\0\0\0\x99"), None);
        let k = Keys::of(b"not wasm", false);
        assert_eq!(k.stripped, None);
    }
}
