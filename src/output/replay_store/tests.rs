use super::*;

fn text(id: u64) -> String {
    format!("arena-replay 1\ngame nim\ngame_id {id}\n")
}

/// A folder whose journals hold games 1..=n, spread over two workers.
fn journaled(n: u64) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join(DIR)).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let journals = Journals::new(dir.path(), 2);
    pool.install(|| {
        use rayon::prelude::*;
        (1..=n)
            .into_par_iter()
            .for_each(|id| journals.append(id, &text(id)).unwrap());
    });
    dir
}

fn journal_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir.join(DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("journal-")
        })
        .collect();
    v.sort();
    v
}

#[test]
fn journals_fold_into_one_file_in_game_order_whatever_the_workers() {
    let a = journaled(50);
    let folded = fold(a.path(), |_| true).unwrap();
    assert_eq!(
        folded.ids().collect::<Vec<_>>(),
        (1..=50).collect::<Vec<_>>()
    );
    assert!(journal_files(a.path()).is_empty(), "journals removed");
    // The same games written by one worker give the same bytes.
    let b = tempfile::tempdir().unwrap();
    fs::create_dir_all(b.path().join(DIR)).unwrap();
    let one = Journals::new(b.path(), 1);
    for id in (1..=50).rev() {
        one.append(id, &text(id)).unwrap();
    }
    fold(b.path(), |_| true).unwrap();
    assert_eq!(
        fs::read(path(a.path())).unwrap(),
        fs::read(path(b.path())).unwrap()
    );
    let names: Vec<_> = fs::read_dir(a.path().join(DIR)).unwrap().collect();
    assert_eq!(names.len(), 1, "one file for 50 games");
    let store = Store::open(a.path()).unwrap();
    assert_eq!(store.text(7).unwrap(), Some(text(7)));
    assert_eq!(store.text(51).unwrap(), None);
}

#[test]
fn a_torn_journal_tail_is_dropped_and_the_rest_kept() {
    let dir = journaled(6);
    for journal in journal_files(dir.path()) {
        let bytes = fs::read(&journal).unwrap();
        // Cut inside the last record's text, then inside its header.
        for cut in [bytes.len() - 3, bytes.len() - text(1).len() - 4] {
            fs::write(&journal, &bytes[..cut]).unwrap();
            let store = Store::open(dir.path()).unwrap();
            assert!(store.ids().count() < 6, "the torn record is dropped");
        }
        fs::write(&journal, &bytes).unwrap();
    }
    // A journal cut inside its first line holds nothing, and is no error.
    let journal = &journal_files(dir.path())[0];
    fs::write(journal, "arena-rep").unwrap();
    Store::open(dir.path()).unwrap();
    // Folding keeps only what `keep` accepts.
    let kept = fold(dir.path(), |id| id % 2 == 0).unwrap();
    assert!(kept.ids().all(|id| id % 2 == 0));
}

fn error_of(dir: &Path) -> String {
    Store::open(dir).unwrap_err().to_string()
}

#[test]
fn a_truncated_store_is_an_error_naming_the_file() {
    let dir = journaled(4);
    fold(dir.path(), |_| true).unwrap();
    let bytes = fs::read(path(dir.path())).unwrap();
    fs::write(path(dir.path()), &bytes[..bytes.len() - 5]).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("replays.txt") && e.contains("game 4 is cut short"),
        "{e}"
    );
    fs::write(path(dir.path()), &bytes[..bytes.len() - text(4).len() - 3]).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("replays.txt") && e.contains("inside a record's header"),
        "{e}"
    );
    fs::write(path(dir.path()), "arena-repl").unwrap();
    assert!(error_of(dir.path()).contains("first line"));
    fs::write(path(dir.path()), "not a store\n").unwrap();
    assert!(error_of(dir.path()).contains("is not `arena-replays 1`"));
}

#[test]
fn a_checksum_mismatch_or_bad_header_is_an_error_naming_the_file_and_byte() {
    let dir = journaled(3);
    fold(dir.path(), |_| true).unwrap();
    let good = fs::read_to_string(path(dir.path())).unwrap();
    let flipped = good.replacen("game_id 2", "game_id 9", 1);
    fs::write(path(dir.path()), &flipped).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("replays.txt") && e.contains("game 2 fails its checksum"),
        "{e}"
    );
    assert!(e.contains("at byte"), "{e}");
    for header in ["@ x 3 ab", "@ 1 -1 ab", "@ 1 2", "record 1 2 3"] {
        let broken = good.replacen(good.lines().nth(1).unwrap(), header, 1);
        fs::write(path(dir.path()), &broken).unwrap();
        let e = error_of(dir.path());
        assert!(
            e.contains("replays.txt") && e.contains("at byte 16"),
            "{header}: {e}"
        );
    }
    // Arbitrary bytes never panic.
    for n in 0..good.len() {
        let mut bytes = good.clone().into_bytes();
        bytes[n] ^= 0x5a;
        fs::write(path(dir.path()), &bytes).unwrap();
        let _ = Store::open(dir.path());
    }
}

#[test]
fn a_game_recorded_twice_differently_is_an_error() {
    let dir = journaled(2);
    fold(dir.path(), |_| true).unwrap();
    let again = Journals::new(dir.path(), 1);
    again.append(1, "something else\n").unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("journal-0.txt") && e.contains("game 1 is recorded twice"),
        "{e}"
    );
    // The same record again (a fold killed before removing its journals) is no error.
    let dir = journaled(2);
    fold(dir.path(), |_| true).unwrap();
    Journals::new(dir.path(), 1).append(1, &text(1)).unwrap();
    assert_eq!(Store::open(dir.path()).unwrap().ids().count(), 2);
}

#[test]
fn per_game_files_of_older_folders_are_read_and_folded() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join(DIR)).unwrap();
    fs::write(dir.path().join(DIR).join("g0000003.txt"), text(3)).unwrap();
    fs::write(dir.path().join(DIR).join("notes.txt"), "mine").unwrap();
    assert_eq!(
        Store::open(dir.path()).unwrap().text(3).unwrap(),
        Some(text(3))
    );
    fold(dir.path(), |_| true).unwrap();
    assert!(!dir.path().join(DIR).join("g0000003.txt").exists());
    assert!(
        dir.path().join(DIR).join("notes.txt").exists(),
        "not ours: kept"
    );
    assert_eq!(
        Store::open(dir.path()).unwrap().text(3).unwrap(),
        Some(text(3))
    );
    assert!(is_store_name("journal-12.txt") && is_store_name(FILE));
    assert!(!is_store_name("journal-.txt") && !is_store_name("journal-1a.txt"));
}

#[test]
fn a_record_holding_another_games_replay_is_an_error_naming_both_games() {
    // Game 2's text under game 1's header (checksum recomputed): a swap the checksum
    // cannot see.
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = format!("{MAGIC}\n").into_bytes();
    bytes.extend(record(1, &text(1)));
    let at = bytes.len();
    bytes.extend(record(2, &text(3)));
    fs::create_dir_all(dir.path().join(DIR)).unwrap();
    fs::write(path(dir.path()), &bytes).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("replays.txt")
            && e.contains(&format!("at byte {at}"))
            && e.contains("the record of game 2 holds the replay of game `3`"),
        "{e}"
    );
    // The same in a journal, and a second `game_id` line further down.
    fs::remove_file(path(dir.path())).unwrap();
    Journals::new(dir.path(), 1)
        .append(4, &format!("{}game_id 5\n", text(4)))
        .unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("journal-0.txt") && e.contains("game 4 holds the replay of game `5`"),
        "{e}"
    );
    let copy = dir.path().join("copy.txt");
    fs::write(&copy, &bytes).unwrap();
    assert!(Store::open_file(&copy).is_err());
}

#[test]
fn a_per_game_file_of_a_stored_game_must_hold_the_same_replay() {
    let dir = journaled(3);
    fold(dir.path(), |_| true).unwrap();
    let legacy = dir.path().join(DIR).join("g0000002.txt");
    // The same text: a leftover, removed by the next fold.
    fs::write(&legacy, text(2)).unwrap();
    assert_eq!(
        Store::open(dir.path()).unwrap().text(2).unwrap(),
        Some(text(2))
    );
    fold(dir.path(), |_| true).unwrap();
    assert!(!legacy.exists());
    // Another text of the game: refused, as a journal's would be, and nothing removed.
    fs::write(&legacy, format!("{}move 1\n", text(2))).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("g0000002.txt") && e.contains("game 2 is recorded twice, differently"),
        "{e}"
    );
    assert!(fold(dir.path(), |_| true).is_err());
    assert!(legacy.exists());
    // Another game's replay under this game's name: refused, stored or not.
    fs::write(&legacy, text(3)).unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("g0000002.txt") && e.contains("game 2 holds the replay of game `3`"),
        "{e}"
    );
    fs::remove_file(path(dir.path())).unwrap();
    let e = error_of(dir.path());
    assert!(e.contains("holds the replay of game `3`"), "{e}");
}

/// The record as the format documents it, formatted independently of `frame_with`.
fn documented_record(id: u64, text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!(
        "@ {id} {} {}\n{text}",
        text.len(),
        hex::encode(&digest[..8])
    )
}

#[test]
fn a_store_written_again_keeps_every_record_byte_for_byte() {
    // Games read from journals (their checksums checked and kept), games inserted
    // (hashed when written) and large ids and lengths all frame as documented.
    let a = journaled(12);
    let mut store = fold(a.path(), |_| true).unwrap();
    let long = format!("{}{}", text(u64::MAX), "x".repeat(100_003));
    store.insert(u64::MAX, long.clone());
    store.write(a.path()).unwrap();
    let mut expected = format!("{MAGIC}\n");
    for id in 1..=12 {
        expected.push_str(&documented_record(id, &text(id)));
    }
    expected.push_str(&documented_record(u64::MAX, &long));
    assert_eq!(
        String::from_utf8(fs::read(path(a.path())).unwrap()).unwrap(),
        expected
    );
    // Read back and written again: the same bytes.
    let mut again = Store::open(a.path()).unwrap();
    again.write(a.path()).unwrap();
    assert_eq!(
        String::from_utf8(fs::read(path(a.path())).unwrap()).unwrap(),
        expected
    );
}

#[test]
fn a_store_is_indexed_not_held_and_a_record_changed_since_is_refused() {
    let dir = journaled(3);
    let store = fold(dir.path(), |_| true).unwrap();
    // The texts stay in the file: the index holds where each record is.
    assert!(store
        .replays
        .values()
        .all(|e| matches!(e.place, Place::Record { file: 0, .. })));
    assert_eq!(store.text(2).unwrap(), Some(text(2)));
    // The same bytes' length, another text: caught by the hash kept when indexed.
    let bytes = fs::read(path(dir.path())).unwrap();
    let at = bytes.windows(9).rposition(|w| w == b"game_id 3").unwrap();
    let mut changed = bytes.clone();
    changed[at + 8] = b'4';
    fs::write(path(dir.path()), &changed).unwrap();
    // Written in place (the store holds the file open): the change is seen on reading.
    let e = store.text(3).unwrap_err().to_string();
    assert!(
        e.contains("replays.txt") && e.contains("game 3 changed while it was read"),
        "{e}"
    );
}

#[test]
fn a_record_longer_than_arena_writes_and_a_linked_store_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join(DIR)).unwrap();
    let huge = MAX_RECORD_BYTES + 1;
    fs::write(
        path(dir.path()),
        format!("{MAGIC}\n@ 1 {huge} 0000000000000000\nx"),
    )
    .unwrap();
    let e = error_of(dir.path());
    assert!(
        e.contains("replays.txt") && e.contains("longer than arena writes one"),
        "{e}"
    );
    fs::remove_file(path(dir.path())).unwrap();
    std::os::unix::fs::symlink("/dev/zero", path(dir.path())).unwrap();
    let e = error_of(dir.path());
    assert!(e.contains("replays.txt") && e.contains("not read"), "{e}");
    // A journal that is a FIFO is refused without blocking.
    fs::remove_file(path(dir.path())).unwrap();
    let fifo = dir.path().join(DIR).join("journal-0.txt");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let e = error_of(dir.path());
    assert!(
        e.contains("journal-0.txt") && e.contains("not a regular file"),
        "{e}"
    );
}
