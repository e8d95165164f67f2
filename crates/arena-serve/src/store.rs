//! The content-addressed store of uploaded files: `modules/SHA256.KIND`, named by the
//! hash of the bytes and the kind the server chose, never by anything a user typed.

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// What kind of bot file an upload is (from its name's extension, one of three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A WebAssembly binary module.
    Wasm,
    /// WebAssembly text.
    Wat,
    /// A Python bot.
    Py,
}

impl Kind {
    /// The kind a file name's extension says (any case), if it is one of the three.
    pub fn of_name(name: &str) -> Option<Kind> {
        let ext = name.rsplit_once('.')?.1.to_ascii_lowercase();
        Kind::parse(&ext)
    }

    /// The kind named `ext` (`wasm`, `wat`, `py`).
    pub fn parse(ext: &str) -> Option<Kind> {
        match ext {
            "wasm" => Some(Kind::Wasm),
            "wat" => Some(Kind::Wat),
            "py" => Some(Kind::Py),
            _ => None,
        }
    }

    /// Its extension.
    pub fn ext(self) -> &'static str {
        match self {
            Kind::Wasm => "wasm",
            Kind::Wat => "wat",
            Kind::Py => "py",
        }
    }
}

/// The SHA-256 of `bytes`, hex.
pub fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The stored file of a hash and kind. `sha` is always 64 hex digits (made here).
pub fn path(store: &Path, sha: &str, kind: Kind) -> PathBuf {
    debug_assert!(sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit()));
    store.join(format!("{sha}.{}", kind.ext()))
}

/// Stores `bytes` (if not stored already) and returns its hash: written to a temporary
/// file, synced, then renamed into place, so that a crash leaves the whole file or none.
///
/// # Errors
/// When the file cannot be written.
pub fn put(store: &Path, bytes: &[u8], kind: Kind) -> std::io::Result<String> {
    let sha = sha256(bytes);
    let target = path(store, &sha, kind);
    if target.exists() {
        return Ok(sha);
    }
    std::fs::create_dir_all(store)?;
    let tmp = store.join(format!(".{sha}.{}.{}", kind.ext(), std::process::id()));
    {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, &target)?;
    std::fs::File::open(store)?.sync_all()?;
    Ok(sha)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_names() {
        assert_eq!(Kind::of_name("Bot.WASM"), Some(Kind::Wasm));
        assert_eq!(Kind::of_name("x.py"), Some(Kind::Py));
        assert_eq!(Kind::of_name("x.exe"), None);
        assert_eq!(Kind::of_name("wasm"), None);
    }

    #[test]
    fn put_is_content_addressed() {
        let dir = tempfile::tempdir().unwrap();
        let a = put(dir.path(), b"abc", Kind::Wat).unwrap();
        assert_eq!(a, put(dir.path(), b"abc", Kind::Wat).unwrap());
        assert_eq!(
            std::fs::read(path(dir.path(), &a, Kind::Wat)).unwrap(),
            b"abc"
        );
    }
}
