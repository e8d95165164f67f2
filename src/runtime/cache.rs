//! The compiled-module cache: wasmtime artefacts on disk, keyed by the module's bytes,
//! the wasmtime version and the engine's settings, so that reruns, resumes and `arena
//! check` do not compile a module twice.
//!
//! An artefact is machine code arena runs, so every read is proven to come from the user
//! running arena:
//! - the folder is created private (mode 0700), opened once without following a link,
//!   and refused when another user owns it or could write into it; every later lookup,
//!   write and deletion goes through that handle, never through the path again, so a
//!   folder renamed away and replaced while arena runs is never read;
//! - an entry is opened through the handle without following a link, and used only when
//!   it is a regular file of this user that no one else may write;
//! - an entry is authenticated: it holds its key and an HMAC-SHA-256 of the key and the
//!   artefact under a per-user secret (the folder's `key`, 32 random bytes made mode 0600
//!   when the folder is first used), checked before the artefact is handed to wasmtime.
//!   An entry someone else wrote, edited or truncated fails the check and is deleted
//!   unread by wasmtime, and the module is compiled again.
//!
//! The folder is kept under a bound: when it is opened, the entries least recently used go
//! first (`cache_trim.rs`).

use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::os::fd::{AsFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use hmac::{Hmac, Mac};
use rustix::fs::{FileType, Mode, OFlags, Stat};
use sha2::{Digest, Sha256};
use thiserror::Error;
use wasmtime::Engine;

/// The first bytes of every entry, with the format version.
const MAGIC: &[u8; 12] = b"arena-cache2";

/// Bytes before the artefact: magic, key, the entry's HMAC, the artefact's length.
const HEADER: usize = MAGIC.len() + 32 + 32 + 8;

/// The per-user secret's file in the folder.
const KEY_FILE: &str = "key";

/// Bytes of the per-user secret.
const KEY_BYTES: usize = 32;

/// The largest entry read (an artefact of the largest module arena compiles is far
/// smaller): anything larger is deleted unread.
const MAX_ENTRY_BYTES: u64 = 1 << 30;

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
    /// It could not be opened or its metadata read.
    #[error("{0}")]
    Metadata(std::io::Error),
    /// It is a symbolic link: the folder itself must be given.
    #[error("a symbolic link: give the folder it points to (a link could be redirected while arena runs)")]
    Link,
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
    /// Its `key` file cannot be made, or is not a private file of this user holding a
    /// secret.
    #[error("its key file: {0}; remove the folder to start a fresh cache")]
    Key(String),
}

/// What the cache did since it was opened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Artefacts found, checked and used.
    pub hits: u64,
    /// Lookups that found no entry.
    pub misses: u64,
    /// Entries found bad (not this user's regular file, wrong key, failed
    /// authentication, truncated, refused by wasmtime) and deleted.
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
    /// The folder, opened once: every entry is reached through it.
    handle: OwnedFd,
    /// The per-user secret entries are authenticated with.
    secret: Secret,
    /// The user running arena.
    me: u32,
    hits: AtomicU64,
    misses: AtomicU64,
    discarded: AtomicU64,
    stored: AtomicU64,
    evicted: u64,
}

/// The per-user secret of the cache (never printed).
struct Secret([u8; KEY_BYTES]);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
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
    /// [`CacheError`] when the folder cannot be created or opened, is a link, another
    /// user owns it or could write into it (an artefact from there would be run as
    /// trusted machine code), or its key file is not this user's private secret.
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
        let handle = open_private(&dir).map_err(fail)?;
        let me = effective_uid();
        let secret = read_or_make_secret(&handle, me).map_err(|why| fail(UnusableDir::Key(why)))?;
        let evicted =
            super::cache_trim::trim(handle.as_fd(), max_bytes, std::time::SystemTime::now());
        Ok(ModuleCache {
            evicted,
            dir,
            handle,
            secret,
            me,
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

    /// The entry's file name in the folder.
    fn name(key: &Key) -> String {
        format!("{}.module", hex::encode(key))
    }

    /// The artefact stored under `key`, read through the folder's handle from a regular
    /// file of this user that no one else may write, and authenticated; a bad entry is
    /// deleted and counts as discarded.
    pub(crate) fn get(&self, key: &Key) -> Option<Vec<u8>> {
        let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK;
        let fd = match rustix::fs::openat(&self.handle, Self::name(key), flags, Mode::empty()) {
            Ok(fd) => fd,
            Err(rustix::io::Errno::NOENT) => {
                self.misses.fetch_add(1, Ordering::Relaxed);
                return None;
            }
            // A link (ELOOP), or anything else that is no entry of ours.
            Err(_) => {
                self.discard(key);
                return None;
            }
        };
        let file = File::from(fd);
        let Some(bytes) = self.read_own(&file) else {
            self.discard(key);
            return None;
        };
        match unpack(&bytes, key, &self.secret) {
            Some(artefact) => {
                self.hits.fetch_add(1, Ordering::Relaxed);
                // Marks the entry used (its modification time), so trimming keeps it
                // longer; a failure only makes it look older.
                let _ = file.set_modified(std::time::SystemTime::now());
                Some(artefact.to_vec())
            }
            None => {
                self.discard(key);
                None
            }
        }
    }

    /// The bytes of an opened entry, if it is a regular file of this user that no one
    /// else may write, of at most [`MAX_ENTRY_BYTES`].
    fn read_own(&self, file: &File) -> Option<Vec<u8>> {
        let stat = rustix::fs::fstat(file).ok()?;
        if !private_file_of(&stat, self.me, 0o022) {
            return None;
        }
        let size = u64::try_from(stat.st_size).ok()?;
        if size > MAX_ENTRY_BYTES {
            return None;
        }
        let mut bytes = Vec::with_capacity(size as usize);
        let mut limited = file.take(size + 1);
        limited.read_to_end(&mut bytes).ok()?;
        (bytes.len() as u64 == size).then_some(bytes)
    }

    /// Deletes a bad entry.
    pub(crate) fn discard(&self, key: &Key) {
        let _ = rustix::fs::unlinkat(&self.handle, Self::name(key), rustix::fs::AtFlags::empty());
        self.discarded.fetch_add(1, Ordering::Relaxed);
    }

    /// Stores `artefact` under `key`: written to a new temporary file in the folder
    /// (mode 0600), then renamed, so a reader never sees half an entry. A failure only
    /// means no entry.
    pub(crate) fn put(&self, key: &Key, artefact: &[u8]) {
        let tmp = temporary_name();
        let written = create_new(&self.handle, &tmp, 0o600)
            .and_then(|mut f| {
                f.write_all(&pack(key, artefact, &self.secret))?;
                f.sync_all()
            })
            .and_then(|()| {
                rustix::fs::renameat(&self.handle, &tmp, &self.handle, Self::name(key))
                    .map_err(std::io::Error::from)
            });
        match written {
            Ok(()) => {
                self.stored.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                let _ = rustix::fs::unlinkat(&self.handle, &tmp, rustix::fs::AtFlags::empty());
            }
        }
    }
}

/// A fresh temporary name of this process in the folder (`cache_trim.rs` removes those
/// an interrupted write left behind).
fn temporary_name() -> String {
    static SEQ: AtomicU64 = AtomicU64::new(0);
    format!(
        ".tmp-{}-{}",
        std::process::id(),
        SEQ.fetch_add(1, Ordering::Relaxed)
    )
}

/// Creates the new file `name` in the folder `dir` with permission bits `mode`, never
/// through a link and never over an existing file.
fn create_new(dir: &OwnedFd, name: &str, mode: u32) -> std::io::Result<File> {
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(dir, name, flags, Mode::from_bits_truncate(mode))?;
    Ok(File::from(fd))
}

/// The user running arena.
fn effective_uid() -> u32 {
    // SAFETY: `geteuid` has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// Whether `stat` is a regular file owned by `me` with none of the permission bits in
/// `forbidden`.
fn private_file_of(stat: &Stat, me: u32, forbidden: u32) -> bool {
    FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile
        && stat.st_uid == me
        && stat.st_mode & forbidden == 0
}

/// The per-user secret in the folder's `key` file, made (32 bytes from the operating
/// system, mode 0600, published whole by a link so that two arenas starting together
/// agree) when there is none.
fn read_or_make_secret(dir: &OwnedFd, me: u32) -> Result<Secret, String> {
    for _ in 0..3 {
        match read_secret(dir, me)? {
            Some(secret) => return Ok(secret),
            None => {
                let mut bytes = [0u8; KEY_BYTES];
                getrandom::fill(&mut bytes)
                    .map_err(|e| format!("no random bytes from the operating system: {e}"))?;
                let tmp = temporary_name();
                let made = create_new(dir, &tmp, 0o600)
                    .and_then(|mut f| {
                        f.write_all(&bytes)?;
                        f.sync_all()
                    })
                    .and_then(|()| {
                        rustix::fs::linkat(dir, &tmp, dir, KEY_FILE, rustix::fs::AtFlags::empty())
                            .map_err(std::io::Error::from)
                    });
                let _ = rustix::fs::unlinkat(dir, &tmp, rustix::fs::AtFlags::empty());
                match made {
                    Ok(()) => return Ok(Secret(bytes)),
                    // Another arena made it first: read theirs.
                    Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(format!("cannot make it: {e}")),
                }
            }
        }
    }
    Err("it appeared and vanished while being read".to_string())
}

/// The secret in the folder's `key` file, `None` when there is none; refused unless it
/// is a regular file of this user that no one else may read or write, of 32 bytes.
fn read_secret(dir: &OwnedFd, me: u32) -> Result<Option<Secret>, String> {
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK;
    let fd = match rustix::fs::openat(dir, KEY_FILE, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::NOENT) => return Ok(None),
        Err(rustix::io::Errno::LOOP) => return Err("a symbolic link".to_string()),
        Err(e) => return Err(std::io::Error::from(e).to_string()),
    };
    let stat = rustix::fs::fstat(&fd).map_err(|e| std::io::Error::from(e).to_string())?;
    if !private_file_of(&stat, me, 0o077) {
        return Err(format!(
            "not a private file of the user running arena (owner {}, mode {:o})",
            stat.st_uid,
            stat.st_mode & 0o7777
        ));
    }
    let mut bytes = Vec::new();
    File::from(fd)
        .take(KEY_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    let bytes: [u8; KEY_BYTES] = bytes
        .try_into()
        .map_err(|b: Vec<u8>| format!("{} bytes, not {KEY_BYTES}", b.len()))?;
    Ok(Some(Secret(bytes)))
}

/// arena's version and wasmtime's major version. wasmtime also checks its exact
/// version when deserializing (an entry of another release is discarded); the key
/// includes it so that an upgrade usually misses instead.
fn wasmtime_version() -> &'static str {
    concat!("arena-", env!("CARGO_PKG_VERSION"), " wasmtime-48")
}

/// The HMAC of an entry: over the magic, the key, the artefact's length and the
/// artefact, under the per-user secret.
fn entry_mac(secret: &Secret, key: &Key, artefact: &[u8]) -> Hmac<Sha256> {
    let mut mac =
        <Hmac<Sha256> as Mac>::new_from_slice(&secret.0).expect("HMAC takes any key length");
    mac.update(MAGIC);
    mac.update(key);
    mac.update(&(artefact.len() as u64).to_le_bytes());
    mac.update(artefact);
    mac
}

/// An entry: magic, key, HMAC, length, artefact.
fn pack(key: &Key, artefact: &[u8], secret: &Secret) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + artefact.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(key);
    out.extend_from_slice(&entry_mac(secret, key, artefact).finalize().into_bytes());
    out.extend_from_slice(&(artefact.len() as u64).to_le_bytes());
    out.extend_from_slice(artefact);
    out
}

/// The artefact of an entry whose magic, key and length match and whose HMAC verifies
/// under `secret` (compared in constant time).
fn unpack<'a>(bytes: &'a [u8], key: &Key, secret: &Secret) -> Option<&'a [u8]> {
    let rest = bytes.strip_prefix(MAGIC)?;
    let (stored_key, rest) = rest.split_first_chunk::<32>()?;
    let (mac, rest) = rest.split_first_chunk::<32>()?;
    let (len, artefact) = rest.split_first_chunk::<8>()?;
    let ok = stored_key == key
        && u64::from_le_bytes(*len) == artefact.len() as u64
        && entry_mac(secret, key, artefact).verify_slice(mac).is_ok();
    ok.then_some(artefact)
}

/// Creates `dir` and its parents; the folder itself gets mode 0700.
fn create_private(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// Opens `dir` without following a link and refuses a folder that is not ours or that
/// others may write into. The handle is the folder checked, whatever later happens to
/// its path.
fn open_private(dir: &Path) -> Result<OwnedFd, UnusableDir> {
    let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let handle = match rustix::fs::openat(rustix::fs::CWD, dir, flags, Mode::empty()) {
        Ok(fd) => fd,
        Err(rustix::io::Errno::LOOP) => return Err(UnusableDir::Link),
        // O_DIRECTORY is checked before O_NOFOLLOW: a link says "not a folder" too.
        Err(rustix::io::Errno::NOTDIR) => {
            let link = std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink());
            return Err(if link {
                UnusableDir::Link
            } else {
                UnusableDir::NotAFolder
            });
        }
        Err(e) => return Err(UnusableDir::Metadata(e.into())),
    };
    let stat = rustix::fs::fstat(&handle).map_err(|e| UnusableDir::Metadata(e.into()))?;
    if FileType::from_raw_mode(stat.st_mode) != FileType::Directory {
        return Err(UnusableDir::NotAFolder);
    }
    let me = effective_uid();
    if stat.st_uid != me {
        return Err(UnusableDir::NotOwned {
            owner: stat.st_uid,
            me,
        });
    }
    let mode = stat.st_mode & 0o777;
    if mode & 0o022 != 0 {
        return Err(UnusableDir::Writable { mode });
    }
    Ok(handle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
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
        let path = cache.dir().join(ModuleCache::name(&key));
        let good = fs::read(&path).unwrap();
        // Truncated, one byte flipped, or another key's entry under this name.
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        let other = pack(&[7; 32], b"artefact", &cache.secret);
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
        let path = cache.dir().join(ModuleCache::name(&key));
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

    /// A well-formed entry of `artefact` under `key`, authenticated under `secret`.
    fn forged(key: &Key, artefact: &[u8], secret: [u8; KEY_BYTES]) -> Vec<u8> {
        pack(key, artefact, &Secret(secret))
    }

    #[test]
    fn an_entry_not_authenticated_under_the_users_secret_is_never_returned() {
        let dir = tempfile::tempdir().unwrap();
        let cache = ModuleCache::open(dir.path().join("c")).unwrap();
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        let path = cache.dir().join(ModuleCache::name(&key));
        // Anyone can compute the key and a checksum; only the user has the secret.
        let mut checksummed = Vec::new();
        checksummed.extend_from_slice(MAGIC);
        checksummed.extend_from_slice(&key);
        checksummed.extend_from_slice(&Sha256::digest(b"forged"));
        checksummed.extend_from_slice(&6u64.to_le_bytes());
        checksummed.extend_from_slice(b"forged");
        for bad in [checksummed, forged(&key, b"forged", [9; KEY_BYTES])] {
            fs::write(&path, bad).unwrap();
            assert_eq!(cache.get(&key), None);
            assert!(!path.exists(), "a forged entry is deleted");
        }
        // The same entry under the user's own secret is used: the check is the secret.
        fs::write(&path, forged(&key, b"forged", cache.secret.0)).unwrap();
        assert_eq!(cache.get(&key).as_deref(), Some(&b"forged"[..]));
    }

    #[test]
    fn the_secret_is_a_private_file_kept_between_runs() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("c");
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        ModuleCache::open(&folder).unwrap().put(&key, b"artefact");
        let key_file = folder.join(KEY_FILE);
        let meta = fs::symlink_metadata(&key_file).unwrap();
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(meta.len(), KEY_BYTES as u64);
        // Another run reads the same secret, so the entry is used.
        assert_eq!(
            ModuleCache::open(&folder).unwrap().get(&key).as_deref(),
            Some(&b"artefact"[..])
        );
        // A secret others may read is no secret: the cache is refused.
        fs::set_permissions(&key_file, fs::Permissions::from_mode(0o644)).unwrap();
        let err = ModuleCache::open(&folder).unwrap_err().to_string();
        assert!(
            err.contains("key file") && err.contains("mode 644"),
            "{err}"
        );
        // Nor is a link to one.
        fs::remove_file(&key_file).unwrap();
        let elsewhere = dir.path().join("secret");
        fs::write(&elsewhere, [1u8; KEY_BYTES]).unwrap();
        fs::set_permissions(&elsewhere, fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &key_file).unwrap();
        let err = ModuleCache::open(&folder).unwrap_err().to_string();
        assert!(err.contains("symbolic link"), "{err}");
    }

    #[test]
    fn links_are_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("c");
        let cache = ModuleCache::open(&folder).unwrap();
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        cache.put(&key, b"artefact");
        // A good entry moved out and linked back is not read.
        let path = folder.join(ModuleCache::name(&key));
        let outside = dir.path().join("entry");
        fs::rename(&path, &outside).unwrap();
        std::os::unix::fs::symlink(&outside, &path).unwrap();
        assert_eq!(cache.get(&key), None);
        assert!(outside.exists(), "the link's target is left alone");
        // A link in place of the folder is refused.
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&folder, &link).unwrap();
        let err = ModuleCache::open(&link).unwrap_err().to_string();
        assert!(err.contains("symbolic link"), "{err}");
    }

    /// An unprivileged second user for the tests that need one: made (`useradd`) when the
    /// tests run as root, as CI's do. `None` (the test says it is skipped) when there is
    /// none and none can be made, except under CI, where that fails the test.
    pub(crate) fn second_user() -> Option<(u32, u32)> {
        const NAME: &str = "arena-intruder";
        let id = |flag: &str| -> Option<u32> {
            let out = std::process::Command::new("id")
                .args([flag, NAME])
                .output()
                .ok()?;
            String::from_utf8(out.stdout).ok()?.trim().parse().ok()
        };
        if id("-u").is_none() && effective_uid() == 0 {
            // Another test binary may make it at the same moment: looked up again below.
            let _ = std::process::Command::new("useradd")
                .args([
                    "--system",
                    "--no-create-home",
                    "--shell",
                    "/usr/sbin/nologin",
                    NAME,
                ])
                .output();
        }
        match (id("-u"), id("-g")) {
            (Some(uid), Some(gid)) if uid != effective_uid() => Some((uid, gid)),
            _ if std::env::var_os("CI").is_some_and(|v| v == "true") => {
                panic!("CI: no second user `{NAME}` to run as (the tests run as root to make one)")
            }
            _ => {
                eprintln!("skipped: no second user `{NAME}` (run the tests as root to make one)");
                None
            }
        }
    }

    /// Runs `script` with `sh` as the user `(uid, gid)`; whether it succeeded.
    pub(crate) fn as_user((uid, gid): (u32, u32), script: &str) -> bool {
        std::process::Command::new("setpriv")
            .args(["--reuid", &uid.to_string(), "--regid", &gid.to_string()])
            .args(["--clear-groups", "sh", "-c", script])
            .status()
            .expect("setpriv runs")
            .success()
    }

    #[test]
    fn a_folder_another_user_swaps_while_arena_runs_is_never_read() {
        use std::os::unix::fs::PermissionsExt;
        let Some(intruder) = second_user() else {
            return;
        };
        // A shared folder everyone may write into, without the sticky bit: the intruder
        // may rename what others put there.
        let shared = tempfile::tempdir().unwrap();
        fs::set_permissions(shared.path(), fs::Permissions::from_mode(0o777)).unwrap();
        let folder = shared.path().join("cache");
        let cache = ModuleCache::open(&folder).unwrap();
        let key = ModuleCache::key(&engine(true), None, b"\0asm\x01\0\0\0");
        cache.put(&key, b"genuine");
        let name = ModuleCache::name(&key);
        let (path, away) = (folder.display(), shared.path().join("away"));
        let away = away.display();
        // The intruder cannot write into the user's folder...
        assert!(!as_user(intruder, &format!("echo x > {path}/{name}")));
        // ...so renames it away and puts a folder of their own, with a forged entry, in
        // its place.
        assert!(as_user(
            intruder,
            &format!("mv {path} {away} && mkdir {path} && echo forged > {path}/{name}")
        ));
        // The running cache reads and writes the folder it checked, through its handle.
        assert_eq!(cache.get(&key).as_deref(), Some(&b"genuine"[..]));
        let other = ModuleCache::key(&engine(false), None, b"\0asm\x01\0\0\0");
        cache.put(&other, b"new");
        assert!(shared
            .path()
            .join("away")
            .join(ModuleCache::name(&other))
            .exists());
        assert!(!folder.join(ModuleCache::name(&other)).exists());
        assert_eq!(fs::read(folder.join(&name)).unwrap(), b"forged\n");
        // A run starting now refuses the intruder's folder.
        let err = ModuleCache::open(&folder).unwrap_err().to_string();
        assert!(err.contains("owned by user"), "{err}");
    }
}
