//! Distinct modules for the scale bench: a built bot "rebuilt with one constant changed".
//!
//! [`variant`] re-encodes a module unchanged but for one more immutable `i32` global,
//! initialised to the variant's number. Every variant is a valid module that plays as
//! the original does (nothing reads the new global), yet its bytes, its SHA-256 and so
//! its compiled artefact differ from every other variant's: the field compiles, loads
//! and holds each one separately, as it would a class of distinct students' modules.
//! Copies of one file, by contrast, are compiled once and share their code
//! ([`crate::field`]).

use thiserror::Error;
use wasm_encoder::reencode::{self, Reencode};
use wasm_encoder::{ConstExpr, GlobalSection, GlobalType, ValType};

/// A module could not be rewritten into a variant.
#[derive(Debug, Error)]
pub enum VariantError {
    /// The module does not parse, or re-encoding it failed.
    #[error("cannot rewrite the module: {0}")]
    Rewrite(String),
    /// The module has no global section to add the constant to.
    #[error("the module has no global section to add a constant to")]
    NoGlobals,
}

/// Adds one immutable `i32` global holding `value` at the end of the global section.
struct AddConstant {
    value: i32,
    added: bool,
}

impl Reencode for AddConstant {
    type Error = std::convert::Infallible;

    fn parse_global_section(
        &mut self,
        globals: &mut GlobalSection,
        section: wasmparser::GlobalSectionReader<'_>,
    ) -> Result<(), reencode::Error<Self::Error>> {
        reencode::utils::parse_global_section(self, globals, section)?;
        globals.global(
            GlobalType {
                val_type: ValType::I32,
                mutable: false,
                shared: false,
            },
            &ConstExpr::i32_const(self.value),
        );
        self.added = true;
        Ok(())
    }
}

/// `module` with one more constant, `value` (see the module documentation): distinct
/// bytes for every distinct `value`, the same behaviour.
///
/// # Errors
/// [`VariantError`] when `module` does not parse or has no global section.
pub fn variant(module: &[u8], value: i32) -> Result<Vec<u8>, VariantError> {
    let mut rewrite = AddConstant {
        value,
        added: false,
    };
    let mut out = wasm_encoder::Module::new();
    rewrite
        .parse_core_module(&mut out, wasmparser::Parser::new(0), module)
        .map_err(|e| VariantError::Rewrite(e.to_string()))?;
    if !rewrite.added {
        return Err(VariantError::NoGlobals);
    }
    Ok(out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::EXAMPLES;

    #[test]
    fn variants_differ_and_validate() {
        for (name, bytes) in EXAMPLES {
            let a = variant(bytes, 1).unwrap_or_else(|e| panic!("{name}: {e}"));
            let b = variant(bytes, 2).unwrap();
            assert_ne!(a, b, "{name}");
            assert_ne!(a.as_slice(), bytes, "{name}");
            wasmparser::Validator::new_with_features(wasmparser::WasmFeatures::all())
                .validate_all(&a)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn a_module_without_globals_is_refused() {
        let bytes = wat::parse_str("(module (memory (export \"memory\") 1))").unwrap();
        assert!(matches!(variant(&bytes, 1), Err(VariantError::NoGlobals)));
        assert!(matches!(
            variant(b"not wasm", 1),
            Err(VariantError::Rewrite(_))
        ));
    }
}
