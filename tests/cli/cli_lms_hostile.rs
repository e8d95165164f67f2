//! A hostile download: entries whose names leave the archive, links, a 10 GB zip bomb
//! (declared, and hidden behind a lying header), ten thousand entries. Each is refused
//! by name with nothing written outside the results folder, reading no more than the
//! caps, the arena process staying under 200 MB of memory (its peak resident size, as
//! the kernel reports it for the child: `wait4`).
//!
//! The archives are built here byte by byte, so that their headers can say what a real
//! zip writer never would; the bomb is one deflated block of zeros repeated, cheap to
//! make, that inflates to 10 GiB.

use crate::common;

use std::fs;
use std::path::Path;

/// One entry of a hand-made archive.
struct Raw {
    name: Vec<u8>,
    /// 0 stored, 8 deflated.
    method: u16,
    /// The size the headers declare.
    declared: u64,
    data: Vec<u8>,
    /// The Unix mode (file type and permissions).
    mode: u32,
}

impl Raw {
    fn file(name: &str, data: &[u8]) -> Raw {
        Raw {
            name: name.as_bytes().to_vec(),
            method: 0,
            declared: data.len() as u64,
            data: data.to_vec(),
            mode: 0o100644,
        }
    }
}

fn u16le(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}
fn u32le(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// A zip archive of `entries` as their fields say (a declared size past 4 GiB in a zip64
/// extra field), CRCs left at zero: nothing here is meant to be read whole.
fn archive(entries: &[Raw]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for e in entries {
        let offset = out.len() as u32;
        let big = e.declared > u32::MAX as u64;
        let mut extra = Vec::new();
        if big {
            u16le(&mut extra, 1);
            u16le(&mut extra, 16);
            extra.extend_from_slice(&e.declared.to_le_bytes());
            extra.extend_from_slice(&(e.data.len() as u64).to_le_bytes());
        }
        let (usize32, csize32) = if big {
            (u32::MAX, u32::MAX)
        } else {
            (e.declared as u32, e.data.len() as u32)
        };
        // Local header.
        u32le(&mut out, 0x04034b50);
        u16le(&mut out, if big { 45 } else { 20 });
        u16le(&mut out, 0);
        u16le(&mut out, e.method);
        u16le(&mut out, 0);
        u16le(&mut out, 0x21);
        u32le(&mut out, 0);
        u32le(&mut out, csize32);
        u32le(&mut out, usize32);
        u16le(&mut out, e.name.len() as u16);
        u16le(&mut out, extra.len() as u16);
        out.extend_from_slice(&e.name);
        out.extend_from_slice(&extra);
        out.extend_from_slice(&e.data);
        // Central header.
        u32le(&mut central, 0x02014b50);
        u16le(&mut central, (3 << 8) | if big { 45 } else { 20 });
        u16le(&mut central, if big { 45 } else { 20 });
        u16le(&mut central, 0);
        u16le(&mut central, e.method);
        u16le(&mut central, 0);
        u16le(&mut central, 0x21);
        u32le(&mut central, 0);
        u32le(&mut central, csize32);
        u32le(&mut central, usize32);
        u16le(&mut central, e.name.len() as u16);
        u16le(&mut central, extra.len() as u16);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u16le(&mut central, 0);
        u32le(&mut central, e.mode << 16);
        u32le(&mut central, offset);
        central.extend_from_slice(&e.name);
        central.extend_from_slice(&extra);
    }
    let cd_offset = out.len() as u32;
    out.extend_from_slice(&central);
    u32le(&mut out, 0x06054b50);
    u16le(&mut out, 0);
    u16le(&mut out, 0);
    u16le(&mut out, entries.len() as u16);
    u16le(&mut out, entries.len() as u16);
    u32le(&mut out, central.len() as u32);
    u32le(&mut out, cd_offset);
    u16le(&mut out, 0);
    out
}

/// A raw deflate stream that inflates to `gib` GiB of zeros: one mebibyte of zeros
/// compressed and flushed to a byte boundary, repeated, then an empty final block.
fn deflate_bomb(gib: u64) -> Vec<u8> {
    let mut c = flate2::Compress::new(flate2::Compression::best(), false);
    let zeros = vec![0u8; 1 << 20];
    let mut chunk = Vec::with_capacity(1 << 16);
    c.compress_vec(&zeros, &mut chunk, flate2::FlushCompress::Sync)
        .unwrap();
    assert!(chunk.len() < 8 << 10, "{}", chunk.len());
    let mut out = Vec::with_capacity(chunk.len() * (gib as usize) * 1024 + 2);
    for _ in 0..gib * 1024 {
        out.extend_from_slice(&chunk);
    }
    // A final fixed-Huffman block holding only its end code.
    out.extend_from_slice(&[0x03, 0x00]);
    out
}

/// Every file under `dir`, relative.
fn listing(dir: &Path) -> Vec<String> {
    common::files(dir).into_keys().collect()
}

const MAX_RSS_KIB: i64 = 200 * 1024;

#[test]
fn a_hostile_download_is_refused_entry_by_entry_within_the_caps() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bomb = deflate_bomb(10);
    let entries = vec![
        Raw::file("../../escaped.wasm", b"\0asm"),
        Raw::file("/tmp/absolute.wasm", b"\0asm"),
        Raw::file("sub\\..\\..\\win.wasm", b"\0asm"),
        Raw::file("evil\u{1b}[2J.wasm", b"\0asm"),
        Raw {
            mode: 0o120777,
            ..Raw::file("link.wasm", b"/etc/passwd")
        },
        Raw {
            mode: 0o010644,
            ..Raw::file("fifo.wasm", b"")
        },
        // 10 GiB declared: refused before a byte is read.
        Raw {
            method: 8,
            declared: 10 << 30,
            data: bomb.clone(),
            ..Raw::file("declared.wasm", b"")
        },
        // The same stream behind a header that declares 1000 bytes.
        Raw {
            method: 8,
            declared: 1000,
            data: bomb,
            ..Raw::file("liar.wasm", b"")
        },
    ];
    let zip = d.join("download.zip");
    fs::write(&zip, archive(&entries)).unwrap();
    let before = listing(d);
    let out = d.join("results");
    let (code, stderr, rss) = common::run_measured(
        &[
            "tournament".as_ref(),
            zip.as_os_str(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        d,
    );
    assert_eq!(code, 2, "{stderr}");
    for (entry, why) in [
        ("../../escaped.wasm", "leaves the archive"),
        ("/tmp/absolute.wasm", "leaves the archive"),
        ("win.wasm", "backslash"),
        ("evil\\x1b[2J.wasm", "control character"),
        ("link.wasm", "symbolic link"),
        ("fifo.wasm", "special file"),
        (
            "declared.wasm",
            "it declares 10240 MiB, more than the 8 MiB cap",
        ),
        (
            "liar.wasm",
            "decompresses to more than the 1000 bytes it declares",
        ),
    ] {
        let line = stderr
            .lines()
            .find(|l| l.contains(entry))
            .unwrap_or_else(|| panic!("{entry}: {stderr}"));
        assert!(
            line.starts_with("skipped: ") && line.contains(why),
            "{line}"
        );
    }
    assert!(!stderr.contains('\u{1b}'), "{stderr}");
    assert!(
        stderr.contains("needs at least two bots, got 0"),
        "{stderr}"
    );
    // Nothing written anywhere: not even the results folder, refused before it is made.
    assert_eq!(listing(d), before);
    assert!(!Path::new("/tmp/absolute.wasm").exists());
    assert!(rss < MAX_RSS_KIB, "peak resident size {rss} KiB");
}

#[test]
fn ten_thousand_entries_are_refused_before_any_is_listed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let entries: Vec<Raw> = (0..10_000)
        .map(|i| Raw::file(&format!("s{i}.wasm"), b""))
        .collect();
    let zip = d.join("many.zip");
    fs::write(&zip, archive(&entries)).unwrap();
    let out = d.join("results");
    let (code, stderr, rss) = common::run_measured(
        &[
            "tournament".as_ref(),
            zip.as_os_str(),
            "builtin:greedy".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ],
        d,
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("holds 10000 entries, more than the cap of 4096"),
        "{stderr}"
    );
    assert!(!out.exists());
    assert!(rss < MAX_RSS_KIB, "peak resident size {rss} KiB");
}

#[test]
fn good_entries_play_beside_hostile_ones_and_only_the_results_folder_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let greedy = fs::read(common::root().join("bots/greedy.wasm")).unwrap();
    let random = fs::read(common::root().join("bots/random.wasm")).unwrap();
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    use std::io::Write as _;
    zip.start_file("ana.wasm", options).unwrap();
    zip.write_all(&greedy).unwrap();
    zip.start_file("bo.wasm", options).unwrap();
    zip.write_all(&random).unwrap();
    zip.add_symlink("cy.wasm", "/etc/passwd", options).unwrap();
    let bytes = zip.finish().unwrap().into_inner();
    let path = d.join("subs.zip");
    fs::write(&path, bytes).unwrap();
    let before = listing(d);
    common::arena()
        .current_dir(d)
        .arg("tournament")
        .arg(&path)
        .args(["--best-of", "1", "--quiet", "--out", "results"])
        .assert()
        .success()
        .stderr(predicates::str::contains("skipped: "))
        .stderr(predicates::str::contains("cy.wasm: a symbolic link"));
    let after: Vec<String> = listing(d)
        .into_iter()
        .filter(|f| !f.starts_with("results/"))
        .collect();
    assert_eq!(after, before);
    let manifest = fs::read_to_string(d.join("results/tournament.json")).unwrap();
    assert!(
        manifest.contains("\"ana.wasm\"") && manifest.contains("\"bo.wasm\""),
        "{manifest}"
    );
    // verify takes the zip as the modules' source.
    common::arena()
        .arg("verify")
        .arg(d.join("results"))
        .arg(&path)
        .assert()
        .success();
}
