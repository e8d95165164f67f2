//! A results or shard folder is read the way submissions are: `tournament.json` or
//! `games.csv` replaced by a link to `/dev/zero` or by a FIFO makes `standings`,
//! `verify`, `report` and `merge` stop with a message naming the file (exit 2), never
//! read it whole, never block on it. (A hang would show as the kill below, after a
//! minute, never as a pass.)

use std::fs;
use std::path::Path;
use std::time::Duration;

use crate::common;

/// Replaces `dir/file` with a link to `/dev/zero` (`fifo` false) or a FIFO.
fn spoil(dir: &Path, file: &str, fifo: bool) {
    let path = dir.join(file);
    fs::remove_file(&path).unwrap();
    if fifo {
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    } else {
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    }
}

/// A finished folder (or the two parts of a sharded run) of a small two-seat tournament.
fn tournament(out: &Path, shard: Option<&str>) {
    let mut cmd = common::arena();
    cmd.args([
        "tournament",
        "builtin:greedy",
        "builtin:random",
        "builtin:alphabeta:2",
        "--best-of",
        "1",
        "-q",
    ])
    .arg("--out")
    .arg(out);
    if let Some(s) = shard {
        cmd.args(["--shard", s]);
    }
    cmd.assert().success();
}

#[test]
fn a_results_file_that_is_a_link_to_dev_zero_or_a_fifo_is_named_never_read() {
    let tmp = tempfile::tempdir().unwrap();
    let whole = tmp.path().join("whole");
    tournament(&whole, None);
    let (s1, s2) = (tmp.path().join("s1"), tmp.path().join("s2"));
    tournament(&s1, Some("1/2"));
    tournament(&s2, Some("2/2"));
    for file in ["tournament.json", "games.csv"] {
        for fifo in [false, true] {
            let case = tmp.path().join(format!("{file}-{fifo}"));
            let copy = |from: &Path, to: &Path| {
                fs::create_dir_all(to.join("replays")).unwrap();
                for (name, bytes) in common::files(from) {
                    fs::write(to.join(name), bytes).unwrap();
                }
            };
            let (folder, part) = (case.join("whole"), case.join("s1"));
            copy(&whole, &folder);
            copy(&s1, &part);
            spoil(&folder, file, fifo);
            spoil(&part, file, fifo);
            let merged = case.join("merged");
            let runs: [Vec<&std::ffi::OsStr>; 4] = [
                vec!["standings".as_ref(), folder.as_os_str()],
                vec!["report".as_ref(), folder.as_os_str()],
                vec!["verify".as_ref(), folder.as_os_str()],
                vec![
                    "merge".as_ref(),
                    part.as_os_str(),
                    s2.as_os_str(),
                    "--out".as_ref(),
                    merged.as_os_str(),
                ],
            ];
            for args in runs {
                let out = common::arena()
                    .args(&args)
                    .timeout(Duration::from_secs(60))
                    .assert()
                    .code(2)
                    .get_output()
                    .clone();
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(
                    stderr.contains(file)
                        && (stderr.contains("symbolic link")
                            || stderr.contains("not a regular file")),
                    "{args:?}: {stderr}"
                );
            }
        }
    }
}

/// A student id too long for a file name (300 letters; 90 Chinese characters, 810 bytes
/// once escaped) gets a page of a shortened name with a hash suffix, the full id inside:
/// the run finishes with every summary.
#[test]
fn a_long_or_non_latin_student_id_gets_its_page() {
    let tmp = tempfile::tempdir().unwrap();
    let subs = tmp.path().join("subs");
    fs::create_dir_all(&subs).unwrap();
    let greedy = common::root().join("bots/greedy.wasm");
    let ids = ["s".repeat(300), "李".repeat(90)];
    let mut roster = String::from("file,student_id,name\n");
    for (i, id) in ids.iter().enumerate() {
        fs::copy(&greedy, subs.join(format!("b{i}.wasm"))).unwrap();
        roster.push_str(&format!("b{i}.wasm,{id},Student {i}\n"));
    }
    fs::write(tmp.path().join("roster.csv"), roster).unwrap();
    let out = tmp.path().join("r");
    common::arena()
        .args(["tournament", "--best-of", "1", "-q"])
        .arg(&subs)
        .arg("--roster")
        .arg(tmp.path().join("roster.csv"))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    assert!(out.join("standings.csv").is_file());
    let pages: Vec<String> = fs::read_dir(out.join("feedback"))
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(pages.len(), 2);
    for id in &ids {
        assert!(pages.iter().any(|p| p.contains(id.as_str())), "{id}");
    }
    for e in fs::read_dir(out.join("feedback")).unwrap() {
        let name = e.unwrap().file_name();
        assert!(name.len() < 255 && name.to_string_lossy().contains('~'));
    }
}
