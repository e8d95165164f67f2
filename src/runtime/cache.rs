//! The compiled-module cache: wasmtime artefacts on disk, keyed by the module's bytes,
//! the wasmtime version and the engine's settings, so that reruns, resumes and `arena
//! check` do not compile a module twice.
//!
//! An entry is never trusted blindly: it holds its key and the SHA-256 of the artefact,
//! both checked before the artefact is handed to wasmtime; a bad entry (truncated,
//! edited, of another engine) is deleted and the module compiled again. The folder is
//! created private (mode 0700) and refused when someone else could write into it, and
//! kept under a bound: when it is opened, the entries least recently used go first
//! (`cache_trim.rs`).

use std::fs::{self, File};
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use sha2::{Digest, Sha256};
use thiserror::Error;
use wasmtime::Engine;

/// The first bytes of every entry, with the format version.
const MAGIC: &[u8; 12] = b"arena-cache1";

/// Bytes before the artefact: magic, key, the artefact's SHA-256, its length.
const HEADER: usize = MAGIC.len() + 32 + 32 + 8;

/// The cache folder cannot be used.
#[derive(Debug, Error)]
#[error("module cache {}: {reason}", dir.display())]
pub struct CacheError {
    /// The folder.
    pub dir: PathBuf,
    /// Why not.
    pub reason: UnusableDir,
}

/// Why a cache folder cannot be used.
#[derive(Debug, Error)]
pub enum UnusableDir {
    /// It could not be created.
    #[error("cannot create it: {0}")]
    Create(std::io::Error),
    /// Its metadata could not be read.
    #[error("{0}")]
    Metadata(std::io::Error),
    /// It is not a folder.
    #[error("not a folder")]
    NotAFolder,
    /// Another user owns it.
    #[error("owned by user {owner}, not by the user running arena ({me}); a compiled module from there would run unchecked")]
    NotOwned {
        /// The owner's uid.
        owner: u32,
        /// Ours.
        me: u32,
    },
    /// Group or others may write into it.
    #[error("others may write into it (mode {mode:o}); run `chmod go-w` on it")]
    Writable {
        /// Its permission bits.
        mode: u32,
    },
}

/// What the cache did since it was opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Artefacts found, checked and used.
    pub hits: u64,
    /// Lookups that found no entry.
    pub misses: u64,
    /// Entries found bad (wrong key, wrong checksum, truncated, refused by wasmtime) and
    /// deleted.
    pub discarded: u64,
    /// Artefacts written.
    pub stored: u64,
    /// Entries deleted when the cache was opened, the least recently used, to bring it
    /// under its bound.
    pub evicted: u64,
}

/// A folder of compiled modules. Shared by every thread of a sandbox.
#[derive(Debug)]
pub struct ModuleCache {
    dir: PathBuf,
    hits: AtomicU64,
    misses: AtomicU64,
    discarded: AtomicU64,
    stored: AtomicU64,
    evicted: u64,
}

/// The key of one module for one engine.
pub(crate) type Key = [u8; 32];

/// Feeds `Hash` output into a SHA-256 (a stable hasher, unlike `DefaultHasher`).
struct ShaHasher(Sha256);

impl Hasher for ShaHasher {
    fn finish(&self) -> u64 {
        0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

impl ModuleCache {
    /// The folder the CLI uses: `$ARENA_CACHE_DIR`, else `$XDG_CACHE_HOME/arena`, else
    /// `~/.cache/arena`; `None` when `ARENA_NO_CACHE` is set to anything but empty or
    /// `0`, or when no home is known.
    pub fn default_dir() -> Option<PathBuf> {
        let set = |name| std::env::var_os(name).filter(|v| !v.is_empty());
        if set("ARENA_NO_CACHE").is_some_and(|v| v != "0") {
            return None;
        }
        if let Some(dir) = set("ARENA_CACHE_DIR") {
            return Some(PathBuf::from(dir));
        }
        if let Some(dir) = set("XDG_CACHE_HOME") {
            return Some(PathBuf::from(dir).join("arena"));
        }
        set("HOME").map(|home| PathBuf::from(home).join(".cache").join("arena"))
    }

    /// Opens (creating it, private) the cache in `dir`, bounded to
    /// [`DEFAULT_CACHE_MAX_BYTES`](super::cache_trim::DEFAULT_CACHE_MAX_BYTES).
    ///
    /// # Errors
    /// As [`ModuleCache::open_bounded`].
    pub fn open(dir: impl Into<PathBuf>) -> Result<ModuleCache, CacheError> {
        Self::open_bounded(dir, super::cache_trim::DEFAULT_CACHE_MAX_BYTES)
    }

    /// Opens (creating it, private) the cache in `dir`; when its entries hold more than
    /// `max_bytes`, deletes the least recently used until they hold at most three
    /// quarters of it (a run then adds its own new entries).
    ///
    /// # Errors
    /// [`CacheError`] when the folder cannot be created, or another user could write
    /// into it (an artefact from there would be run as trusted machine code).
    pub fn open_bounded(
        dir: impl Into<PathBuf>,
        max_bytes: u64,
    ) -> Result<ModuleCache, CacheError> {
        let dir = dir.into();
        let fail = |reason: UnusableDir| CacheError {
            dir: dir.clone(),
            reason,
        };
        create_private(&dir).map_err(|e| fail(UnusableDir::Create(e)))?;
        check_private(&dir).map_err(fail)?;
        let evicted = super::cache_trim::trim(&dir, max_bytes, std::time::SystemTime::now());
        Ok(ModuleCache {
            evicted,
            dir,
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            discarded: AtomicU64::new(0),
            stored: AtomicU64::new(0),
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// What the cache did so far.
    pub fn stats(&self) -> CacheStats {
        CacheStats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            discarded: self.discarded.load(Ordering::Relaxed),
            stored: self.stored.load(Ordering::Relaxed),
            evicted: self.evicted,
        }
    }

    /// The key of the module `binary` for `engine`: the SHA-256 of the format, the
    /// wasmtime version, the engine's compatibility hash (target, compiler flags,
    /// tunables, features), the version of arena's metering rewrite when the artefact
    /// is of the rewritten module (`rewrite`; the key is then still taken on the module
    /// as handed in, so a warm load skips the rewrite) and the module's bytes.
    pub(crate) fn key(engine: &Engine, rewrite: Option<&str>, binary: &[u8]) -> Key {
        let mut h = ShaHasher(Sha256::new());
        h.write(MAGIC);
        h.write(wasmtime_version().as_bytes());
        engine.precompile_compatibility_hash().hash(&mut h);
        if let Some(version) = rewrite {
            h.write(b"rewrite ");
            h.write(version.as_bytes());
        }
        h.write(&Sha256::digest(binary));
        h.0.finalize().into()
    }

    /// The entry's file.
    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(format!("{}.module", hex::encode(key)))
    }

    /// The artefact stored under `key`, checked against the key and its checksum; a bad
    /// entry is deleted and counts as discarded.
    pub(crate) fn get(&self, key: &Key) -> Option<Vec<u8>> {
        let path = self.path(key);
        let Ok(bytes) = fs::read(&path) else {
            self.misses.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        match unpack(&bytes, key) {
            Some(artefact) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                super::cache_trim::mark_used(&path);
                Some(artefact.to_vec())
            }
            None => {
                self.discard(key);
                None
            }
        }
    }

    /// Deletes a bad entry.
    pub(crate) fn discard(&self, key: &Key) {
        let _ = fs::remove_file(self.path(key));
        self.discarded.fetch_add(1, Ordering::Relaxed);
    }

    /// Stores `artefact` under `key`: written to a temporary file in the folder, then
    /// renamed, so a reader never sees half an entry. A failure only means no entry.
    pub(crate) fn put(&self, key: &Key, artefact: &[u8]) {
        static SEQ: AtomicU64 = AtomicU64::new(0);
        let tmp = self.dir.join(format!(
            ".tmp-{}-{}",
            std::process::id(),
            SEQ.fetch_add(1, Ordering::Relaxed)
        ));
        let written = File::create(&tmp)
            .and_then(|mut f| {
                f.write_all(&pack(key, artefact))?;
                f.sync_all()
            })
            .and_then(|()| fs::rename(&tmp, self.path(key)));
        match written {
            Ok(()) => {
                self.stored.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                let _ = fs::remove_file(&tmp);
            }
        }
    }
}

/// arena's version and wasmtime's major version. wasmtime also checks its exact
/// version when deserializing (an entry of another release is discarded); the key
/// includes it so that an upgrade usually misses instead.
fn wasmtime_version() -> &'static str {
    concat!("arena-", env!("CARGO_PKG_VERSION"), " wasmtime-48")
}

/// An entry: magic, key, checksum, length, artefact.
fn pack(key: &Key, artefact: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + artefact.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(key);
    out.extend_from_slice(&Sha256::digest(artefact));
    out.extend_from_slice(&(artefact.len() as u64).to_le_bytes());
    out.extend_from_slice(artefact);
    out
}

/// The artefact of an entry whose magic, key, length and checksum all match.
fn unpack<'a>(bytes: &'a [u8], key: &Key) -> Option<&'a [u8]> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (stored_key, rest) = rest.split_first_chunk::<32>()?;
    let (sum, rest) = rest.split_first_chunk::<32>()?;
    let (len, artefact) = rest.split_first_chunk::<8>()?;
    let ok = stored_key == key
        && u64::from_le_bytes(*len) == artefact.len() as u64
        && Sha256::digest(artefact).as_slice() == sum;
    ok.then_some(artefact)
}

/// Creates `dir` and its parents; the folder itself gets mode 0700.
fn create_private(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
    }
    #[cfg(not(unix))]
    {
        fs::create_dir_all(dir)
    }
}

/// Refuses a folder that is not ours or that others may write into.
fn check_private(dir: &Path) -> Result<(), UnusableDir> {
    let meta = fs::metadata(dir).map_err(UnusableDir::Metadata)?;
    if !meta.is_dir() {
        return Err(UnusableDir::NotAFolder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        // SAFETY: `geteuid` has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me {
            return Err(UnusableDir::NotOwned {
                owner: meta.uid(),
                me,
            });
        }
        if meta.permissions().mode() & 0o022 != 0 {
            return Err(UnusableDir::Writable {
                mode: meta.permissions().mode() & 0o777,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasmtime::Config;

    fn engine(fuel: bool) -> Engine {
        let mut c = Config::new();
        c.consume_fuel(fuel);
        Engine::new(&c).unwrap()
    }

    #[test]
    fn entries_round_trip_and_bad_ones_are_discarded() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ModuleCache::open(dir.path().join("c")).unwrap();
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        assert_eq!(cache.get(&key), None);
        cache.put(&key, b"artefact");
        assert_eq!(cache.get(&key).as_deref(), Some(&b"artefact"[..]));
        let path = cache.path(&key);
        let good = fs::read(&path).unwrap();
        // Truncated, one byte flipped, or another key's entry under this name.
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        let other = pack(&[7; 32], b"artefact");
        for bad in [&good[..good.len() - 1], &flipped[..], &other[..], b"junk"] {
            fs::write(&path, bad).unwrap();
            assert_eq!(cache.get(&key), None);
            assert!(!path.exists(), "a bad entry is deleted");
        }
        assert_eq!(
            cache.stats(),
            CacheStats {
                hits: 1,
                misses: 1,
                discarded: 4,
                stored: 1,
                evicted: 0,
            }
        );
    }

    #[test]
    fn a_hit_marks_its_entry_used() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ModuleCache::open(dir.path().join("c")).unwrap();
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        cache.put(&key, b"artefact");
        let path = cache.path(&key);
        let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
        File::options()
            .append(true)
            .open(&path)
            .unwrap()
            .set_modified(long_ago)
            .unwrap();
        assert!(cache.get(&key).is_some());
        let used = fs::metadata(&path).unwrap().modified().unwrap();
        assert!(
            used > long_ago + std::time::Duration::from_secs(3600),
            "{used:?}"
        );
    }

    #[test]
    fn keys_depend_on_the_module_and_the_engine() {
        let (a, b) = (engine(true), engine(false));
        let m = b"\0asm\x01\0\0\0";
        assert_eq!(
            ModuleCache::key(&a, None, m),
            ModuleCache::key(&engine(true), None, m)
        );
        assert_ne!(ModuleCache::key(&a, None, m), ModuleCache::key(&b, None, m));
        assert_ne!(
            ModuleCache::key(&a, None, m),
            ModuleCache::key(&a, None, b"\0asm\x01\0\0\x01")
        );
        // The rewritten module's artefact, keyed on the module as handed in: another key
        // for each version of the rewrite.
        assert_ne!(
            ModuleCache::key(&a, None, m),
            ModuleCache::key(&a, Some("v1"), m)
        );
        assert_ne!(
            ModuleCache::key(&a, Some("v1"), m),
            ModuleCache::key(&a, Some("v2"), m)
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_others_may_write_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
        let err = ModuleCache::open(dir.path()).unwrap_err().to_string();
        assert!(err.contains("others may write into it"), "{err}");
    }
}
