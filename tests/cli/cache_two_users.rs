//! The compiled-module cache on a machine with two users: a second, unprivileged user
//! (the intruder) forges a cache entry that runs other code than the module named, and
//! shows it is real by having their own arena run it. The user's arena never runs it:
//! not from a folder the intruder swapped in, not from an entry placed in the user's own
//! folder. (A folder swapped while arena runs: `runtime::cache`'s unit tests.)
//!
//! The tests run arena as the intruder with `setpriv`; as root (CI) they make the user.
//! Without root and without the user they are skipped, except under CI, where they fail.

use crate::common;

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use hmac::{Hmac, Mac};
use sha2::Sha256;

const INTRUDER: &str = "arena-intruder";

/// The intruder's uid and gid, the user made when the tests run as root.
fn second_user() -> Option<(u32, u32)> {
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, INTRUDER]).output().ok()?;
        String::from_utf8(out.stdout).ok()?.trim().parse().ok()
    };
    // SAFETY: `geteuid` has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    if id("-u").is_none() && me == 0 {
        let _ = Command::new("useradd")
            .args([
                "--system",
                "--no-create-home",
                "--shell",
                "/usr/sbin/nologin",
            ])
            .arg(INTRUDER)
            .output();
    }
    match (id("-u"), id("-g")) {
        (Some(uid), Some(gid)) if uid != me => Some((uid, gid)),
        _ if std::env::var_os("CI").is_some_and(|v| v == "true") => {
            panic!("CI: no second user `{INTRUDER}` to run as (the tests run as root to make one)")
        }
        _ => {
            eprintln!("skipped: no second user `{INTRUDER}` (run the tests as root to make one)");
            None
        }
    }
}

/// `arena check MODULE` with the cache in `cache`, as the intruder when `user` is given;
/// whether the module was found ready (exit 0; exit 1 is "not ready").
fn check(arena: &Path, module: &Path, cache: &Path, user: Option<(u32, u32)>) -> bool {
    let mut cmd = match user {
        Some((uid, gid)) => {
            let mut c = Command::new("setpriv");
            c.args(["--reuid", &uid.to_string(), "--regid", &gid.to_string()])
                .arg("--clear-groups")
                .arg(arena);
            c
        }
        None => Command::new(arena),
    };
    let out = cmd
        .arg("check")
        .arg(module)
        .env("ARENA_CACHE_DIR", cache)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    match out.status.code() {
        Some(0) => true,
        Some(1) => false,
        other => panic!(
            "arena check {}: exit {other:?}: {}",
            module.display(),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// Runs `script` with `sh` as `user`; whether it succeeded.
fn as_user((uid, gid): (u32, u32), script: &str) -> bool {
    Command::new("setpriv")
        .args(["--reuid", &uid.to_string(), "--regid", &gid.to_string()])
        .args(["--clear-groups", "sh", "-c", script])
        .status()
        .unwrap()
        .success()
}

/// The cache entries (`*.module`) of `dir`.
fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "module"))
        .collect();
    out.sort();
    out
}

/// Copies `from` to `to`, readable by everyone.
fn public_copy(from: &Path, to: &Path) {
    fs::copy(from, to).unwrap();
    fs::set_permissions(to, fs::Permissions::from_mode(0o755)).unwrap();
}

/// An entry of the cache's format (magic, key, HMAC-SHA-256 under `secret` of the magic,
/// key, length and artefact, length, artefact): what anyone who knows the format can
/// write, authenticated under their own secret.
fn entry(key: &[u8], artefact: &[u8], secret: &[u8]) -> Vec<u8> {
    const MAGIC: &[u8] = b"arena-cache2";
    let len = (artefact.len() as u64).to_le_bytes();
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret).unwrap();
    for part in [MAGIC, key, &len[..], artefact] {
        mac.update(part);
    }
    let mut out = Vec::new();
    for part in [
        MAGIC,
        key,
        &mac.finalize().into_bytes()[..],
        &len[..],
        artefact,
    ] {
        out.extend_from_slice(part);
    }
    out
}

#[test]
fn a_cache_entry_forged_by_another_user_is_never_run() {
    let Some(intruder) = second_user() else {
        return;
    };
    // A folder everyone may write into, without the sticky bit, as a careless course
    // machine's shared folder is.
    let shared = tempfile::tempdir().unwrap();
    let root = shared.path();
    fs::set_permissions(root, fs::Permissions::from_mode(0o777)).unwrap();
    let arena = root.join("arena");
    public_copy(&common::binary(), &arena);
    let fixtures = common::root().join("tests/fixtures/hostile");
    let (good, trap) = (root.join("good.wat"), root.join("trap.wat"));
    public_copy(&fixtures.join("first_legal.wat"), &good);
    public_copy(&fixtures.join("unreachable.wat"), &trap);

    // The user's cache, with the good module compiled in it.
    let mine = root.join("cache");
    assert!(check(&arena, &good, &mine, None));
    let made = entries(&mine);
    assert_eq!(made.len(), 1, "one entry: {made:?}");
    let name = made[0].file_name().unwrap().to_owned();

    // The intruder compiles both modules in a cache of their own (the key of a module is
    // the same for everyone), then puts the trapping module's code under the good
    // module's key, authenticated under their own secret.
    let theirs = root.join("theirs");
    assert!(check(&arena, &good, &theirs, Some(intruder)));
    let before = entries(&theirs);
    assert!(!check(&arena, &trap, &theirs, Some(intruder)));
    let trap_entry = entries(&theirs)
        .into_iter()
        .find(|e| !before.contains(e))
        .expect("the trapping module's entry");
    assert_eq!(before, [theirs.join(&name)], "the same key as the user's");
    let bytes = fs::read(&trap_entry).unwrap();
    let artefact = &bytes[12 + 32 + 32 + 8..];
    let their_secret = fs::read(theirs.join("key")).unwrap();
    let key = hex::decode(name.to_str().unwrap().trim_end_matches(".module")).unwrap();
    let forged_path = root.join("forged");
    fs::write(&forged_path, entry(&key, artefact, &their_secret)).unwrap();
    fs::set_permissions(&forged_path, fs::Permissions::from_mode(0o644)).unwrap();
    let forged_name = theirs.join(&name);
    assert!(as_user(
        intruder,
        &format!("cp {} {}", forged_path.display(), forged_name.display())
    ));
    // The forgery is real: the intruder's own arena runs the trap for the good module.
    assert!(!check(&arena, &good, &theirs, Some(intruder)));

    // 1. The intruder cannot write into the user's folder.
    assert!(!as_user(
        intruder,
        &format!(
            "cp {} {}",
            forged_path.display(),
            mine.join(&name).display()
        )
    ));
    // 2. The forged entry in the user's own folder (as a copy of another user's cache
    //    would put it there) fails authentication: compiled again, never run.
    fs::copy(&forged_path, mine.join(&name)).unwrap();
    assert!(check(&arena, &good, &mine, None));
    assert_ne!(
        fs::read(mine.join(&name)).unwrap(),
        fs::read(&forged_path).unwrap()
    );
    // 3. The intruder renames the user's folder away (the shared folder lets them) and
    //    puts their own, forged entry and all, in its place: refused as another user's.
    assert!(as_user(
        intruder,
        &format!(
            "mv {mine} {away} && mv {theirs} {mine}",
            mine = mine.display(),
            away = root.join("away").display(),
            theirs = theirs.display()
        )
    ));
    let out = Command::new(&arena)
        .arg("check")
        .arg(&good)
        .env("ARENA_CACHE_DIR", &mine)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "the good module ran as itself");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("owned by user") && stderr.contains("compiling without a cache"),
        "{stderr}"
    );
    // 4. A link in place of the folder, to the intruder's: refused too.
    fs::remove_dir_all(root.join("away")).unwrap();
    std::os::unix::fs::symlink(&mine, root.join("link")).unwrap();
    let out = Command::new(&arena)
        .arg("check")
        .arg(&good)
        .env("ARENA_CACHE_DIR", root.join("link"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("symbolic link"), "{stderr}");
}
