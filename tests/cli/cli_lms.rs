//! From a learning platform's download and back: one zip per platform, built here from
//! the documented naming rules (docs/lms/), gives the tournament in one command and the
//! gradebook file in one more; every student of the fixture is accounted for (played,
//! skipped with the reason, or not submitted), and each gradebook file parses with the
//! columns its platform documents.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use common::arena;

/// A module of the example bots.
fn bot(name: &str) -> Vec<u8> {
    fs::read(common::example_bot(name)).unwrap()
}

/// A zip of `entries` (name → bytes), deflated, as a platform writes it.
fn zip_of(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    for (name, bytes) in entries {
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// Bands with points, in a file.
fn bands(dir: &Path) -> PathBuf {
    let path = dir.join("bands.toml");
    fs::write(
        &path,
        "measure = \"percentile\"\nbands = [\n  { grade = \"A\", min = 0.9, points = 10 },\n  { grade = \"B\", min = 0.3, points = 7.5 },\n  { grade = \"F\", min = 0.0, points = 0 },\n]\n",
    )
    .unwrap();
    path
}

/// The records of a CSV file (header first), with its separator.
fn records(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_path(path)
        .unwrap();
    r.records()
        .map(|rec| rec.unwrap().iter().map(String::from).collect())
        .collect()
}

/// `grades.csv` as `student_id -> (status, bot, explanation)`.
fn grades(out: &Path) -> BTreeMap<String, (String, String, String)> {
    let table = records(&out.join("grades.csv"));
    let col = |n: &str| table[0].iter().position(|h| h == n).unwrap();
    let (id, status, bot, why) = (
        col("student_id"),
        col("status"),
        col("bot"),
        col("explanation"),
    );
    table[1..]
        .iter()
        .map(|r| {
            (
                r[id].clone(),
                (r[status].clone(), r[bot].clone(), r[why].clone()),
            )
        })
        .collect()
}

/// Runs the tournament of `zip` with `roster` into `dir/results`; its stderr.
fn tournament(dir: &Path, zip: &Path, roster: &Path, extra: &[&str]) -> String {
    let out = dir.join("results");
    let assert = arena()
        .arg("tournament")
        .arg(zip)
        .args(["--best-of", "1", "--rows", "5", "--cols", "5", "--quiet"])
        .args(extra)
        .arg("--roster")
        .arg(roster)
        .arg("--bands")
        .arg(bands(dir))
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    String::from_utf8(assert.get_output().stderr.clone()).unwrap()
}

/// A file's content (`dir/name`) written, and its path.
fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn moodle_download_to_gradebook_and_feedback_zip() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let zipped_bot = zip_of(&[("build/bot.wasm", bot("random.wasm"))]);
    let download = zip_of(&[
        // Accents, spaces and an apostrophe; folders (Moodle 3.1 and later).
        (
            "Zoë O'Brien-Núñez_4411_assignsubmission_file_/greedy.wasm",
            bot("greedy.wasm"),
        ),
        // A student who zipped the bot.
        (
            "Ana Petrova_4412_assignsubmission_file_/bot.zip",
            zipped_bot,
        ),
        // Online text only.
        (
            "Jean Luc_4413_assignsubmission_onlinetext_/onlinetext.html",
            b"<p>my bot is great</p>".to_vec(),
        ),
        // An empty submission.
        ("Bo Li_4414_assignsubmission_file_/bot.wasm", Vec::new()),
        // The older flat form, with a file that is not a module beside the module.
        (
            "Chen Wei_4415_assignsubmission_file_first_legal.wasm",
            bot("first_legal.wasm"),
        ),
        (
            "Chen Wei_4415_assignsubmission_file_notes.pdf",
            b"%PDF".to_vec(),
        ),
        // Two modules: which one?
        (
            "Dana Kim_4416_assignsubmission_file_/a.wasm",
            bot("greedy.wasm"),
        ),
        (
            "Dana Kim_4416_assignsubmission_file_/b.wasm",
            bot("random.wasm"),
        ),
    ]);
    let zip = write(d, "Bots-Assignment.zip", &download);
    // The assignment's grading worksheet: one more student who handed nothing in.
    let roster = write(
        d,
        "worksheet.csv",
        "Identifier,Full name,Email address,Status,Grade,Maximum grade\n\
         Participant 4411,Zoë O'Brien-Núñez,zoe@uni.example,Submitted,,10\n\
         Participant 4412,Ana Petrova,ana@uni.example,Submitted,,10\n\
         Participant 4413,Jean Luc,jean@uni.example,Submitted,,10\n\
         Participant 4414,Bo Li,bo@uni.example,Submitted,,10\n\
         Participant 4415,Chen Wei,chen@uni.example,Submitted,,10\n\
         Participant 4416,Dana Kim,dana@uni.example,Submitted,,10\n\
         Participant 4417,Eve Adams,eve@uni.example,No submission,,10\n"
            .as_bytes(),
    );
    let stderr = tournament(d, &zip, &roster, &[]);
    assert!(stderr.contains("Moodle layout, 6 students"), "{stderr}");
    for why in [
        "a text-only submission",
        "an empty file (0 bytes)",
        "not a .wasm, .wat or .py file",
        "holds 2 modules",
    ] {
        assert!(stderr.contains(why), "{why}: {stderr}");
    }
    let out = d.join("results");
    let g = grades(&out);
    let status = |id: &str| g[id].0.as_str();
    assert_eq!(g.len(), 7, "{g:?}");
    assert_eq!(status("zoe@uni.example"), "played");
    assert_eq!(status("ana@uni.example"), "played");
    assert_eq!(status("chen@uni.example"), "played");
    for id in [
        "jean@uni.example",
        "bo@uni.example",
        "dana@uni.example",
        "eve@uni.example",
    ] {
        assert_eq!(status(id), "not_submitted", "{id}");
    }
    assert_eq!(g["zoe@uni.example"].1, "Zoë O'Brien-Núñez");
    // The manifest keeps the student with the bot.
    let manifest = fs::read_to_string(out.join("tournament.json")).unwrap();
    assert!(
        manifest.contains("\"layout\": \"moodle\"") && manifest.contains("\"4411\""),
        "{manifest}"
    );

    let import = d.join("moodle-import.csv");
    let feedback = d.join("feedback.zip");
    arena()
        .args(["grades"])
        .arg(&out)
        .args(["--lms", "moodle", "--column", "Bots", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--out")
        .arg(&import)
        .arg("--feedback")
        .arg(&feedback)
        .assert()
        .success();
    let table = records(&import);
    assert_eq!(table[0], ["Email address", "Bots", "Feedback"]);
    assert_eq!(table.len(), 8);
    for row in &table[1..] {
        let points: f64 = row[1].parse().unwrap();
        assert!([0.0, 7.5, 10.0].contains(&points), "{row:?}");
    }
    let eve = table.iter().find(|r| r[0] == "eve@uni.example").unwrap();
    assert_eq!(eve[1], "0");
    // Feedback files named as Moodle's bulk upload expects, for the students who played.
    let mut packed = zip::ZipArchive::new(fs::File::open(&feedback).unwrap()).unwrap();
    let mut names: Vec<String> = (0..packed.len())
        .map(|i| packed.by_index(i).unwrap().name().unwrap().to_string())
        .collect();
    names.sort();
    assert!(
        names.contains(&"Zoë O'Brien-Núñez_4411_assignsubmission_file_feedback.md".to_string()),
        "{names:?}"
    );
    assert!(
        names.iter().all(|n| n.contains("_assignsubmission_file_")),
        "{names:?}"
    );

    // With the gradebook's own export as the template: its rows and columns kept.
    let template = write(
        d,
        "export.csv",
        "First name,Last name,ID number,Institution,Department,Email address,Assignment: Bots (Real),Last downloaded from this course\n\
         Zoë,O'Brien-Núñez,,,,zoe@uni.example,-,1700000000\n\
         Eve,Adams,,,,eve@uni.example,-,1700000000\n"
            .as_bytes(),
    );
    let filled = d.join("filled.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "moodle", "--column", "Bots", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--template")
        .arg(&template)
        .arg("--out")
        .arg(&filled)
        .assert()
        .success()
        .stderr(predicates::str::contains("has no row in the template"));
    let table = records(&filled);
    assert_eq!(table[0].len(), 8);
    assert_eq!(table.len(), 3);
    assert_eq!(table[2][6], "0");
    assert_eq!(table[2][7], "1700000000");
}

#[test]
fn canvas_download_to_gradebook() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let download = zip_of(&[
        // "O'Brien, Zoë" as Canvas sorts it, handed in late.
        ("obrienzoë_LATE_1001_5001_greedy.wasm", bot("greedy.wasm")),
        // Handed in twice: the re-submission's display name gains -1.
        ("petrovaana_1002_5002_bot.wasm", bot("random.wasm")),
        ("petrovaana_1002_5107_bot-1.wasm", bot("first_legal.wasm")),
        // A zipped bot.
        (
            "kimdana_1003_5003_my bot.zip",
            zip_of(&[("bot.wasm", bot("greedy.wasm"))]),
        ),
        // A text entry.
        ("lucjean_1004_text.html", b"<p>see attached</p>".to_vec()),
        // An empty submission.
        ("libo_1005_5005_bot.wasm", Vec::new()),
        // Re-submitted under another name: the larger attachment id is the later upload.
        ("nguyenlan_1007_5010_alpha.wasm", bot("random.wasm")),
        (
            "nguyenlan_1007_5200_better bot.wasm",
            bot("first_legal.wasm"),
        ),
    ]);
    let zip = write(d, "course-bots_submissions.zip", &download);
    let roster = write(
        d,
        "gradebook.csv",
        "Student,ID,SIS User ID,SIS Login ID,Section,Bots (777)\n\
         Points Possible,,,,,10\n\
         \"O'Brien, Zoë\",1001,s1001,zoe,A,\n\
         \"Petrova, Ana\",1002,s1002,ana,A,\n\
         \"Kim, Dana\",1003,s1003,dana,A,\n\
         \"Luc, Jean\",1004,s1004,jean,A,\n\
         \"Li, Bo\",1005,s1005,bo,A,\n\
         \"Adams, Eve\",1006,s1006,eve,A,\n\
         \"Nguyen, Lan\",1007,s1007,lan,A,\n"
            .as_bytes(),
    );
    let stderr = tournament(d, &zip, &roster, &[]);
    assert!(stderr.contains("Canvas layout, 6 students"), "{stderr}");
    assert!(
        stderr.contains("the latest attempt (5107) counts"),
        "{stderr}"
    );
    assert!(
        stderr.contains("attempt 5010: the latest attempt (5200) counts"),
        "the renamed re-submission counts: {stderr}"
    );
    let out = d.join("results");
    let g = grades(&out);
    assert_eq!(g.len(), 7, "{g:?}");
    for id in ["1001", "1002", "1003", "1007"] {
        assert_eq!(g[id].0, "played", "{id}");
    }
    for id in ["1004", "1005", "1006"] {
        assert_eq!(g[id].0, "not_submitted", "{id}");
    }
    let manifest = fs::read_to_string(out.join("tournament.json")).unwrap();
    assert!(manifest.contains("\"late\": true"), "{manifest}");
    assert!(
        manifest.contains("bot-1.wasm"),
        "the re-submission plays: {manifest}"
    );
    let alpha = "\"source\": \"nguyenlan_1007_5010_alpha.wasm\"";
    let better = "\"source\": \"nguyenlan_1007_5200_better bot.wasm\"";
    assert!(
        manifest.contains(better) && !manifest.contains(alpha),
        "the renamed re-submission plays: {manifest}"
    );
    // `--attempt first` plays each student's first upload instead.
    let first = tempfile::tempdir().unwrap();
    let stderr = tournament(first.path(), &zip, &roster, &["--attempt", "first"]);
    assert!(
        stderr.contains("attempt 5200: the first attempt (5010) counts"),
        "{stderr}"
    );
    let manifest = fs::read_to_string(first.path().join("results/tournament.json")).unwrap();
    assert!(
        manifest.contains(alpha) && !manifest.contains(better),
        "{manifest}"
    );
    // standings, report and verify work from the same results, roster and zip.
    let before = common::files(&out);
    for command in ["standings", "report"] {
        arena()
            .arg(command)
            .arg(&out)
            .arg("--roster")
            .arg(&roster)
            .arg("--bands")
            .arg(d.join("bands.toml"))
            .assert()
            .success();
    }
    assert_eq!(common::files(&out), before, "recomputed alike");
    arena()
        .arg("verify")
        .arg(&out)
        .arg(&zip)
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(d.join("bands.toml"))
        .assert()
        .success();

    let import = d.join("canvas-import.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "canvas", "--column", "Bots (777)", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--template")
        .arg(&roster)
        .arg("--out")
        .arg(&import)
        .arg("--feedback")
        .arg(d.join("comments.zip"))
        .assert()
        .success();
    let table = records(&import);
    assert_eq!(
        table[0][..6],
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            "Bots (777)"
        ]
    );
    assert_eq!(table[1][0], "Points Possible");
    assert_eq!(table[1][5], "10");
    assert_eq!(table.len(), 9);
    for row in &table[2..] {
        assert!(row[5].parse::<f64>().is_ok(), "{row:?}");
    }
    // Without a template: the documented columns and the points-possible row.
    let plain = d.join("plain.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "canvas", "--column", "Bots", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--out")
        .arg(&plain)
        .assert()
        .success();
    let table = records(&plain);
    assert_eq!(
        table[0],
        [
            "Student",
            "ID",
            "SIS User ID",
            "SIS Login ID",
            "Section",
            "Bots"
        ]
    );
    assert_eq!(table[1][0], "Points Possible");
    let mut packed = zip::ZipArchive::new(fs::File::open(d.join("comments.zip")).unwrap()).unwrap();
    let names: Vec<String> = (0..packed.len())
        .map(|i| packed.by_index(i).unwrap().name().unwrap().to_string())
        .collect();
    assert!(
        names.contains(&"obrienzoë_LATE_1001_5001_feedback.md".to_string()),
        "{names:?}"
    );
}

#[test]
fn blackboard_download_to_gradebook_with_attempts() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let receipt = |name: &str, user: &str| {
        format!("Name: {name} ({user})\nAssignment: Bots 1\nDate Submitted: Sunday, 1 March 2026\nFiles:\n").into_bytes()
    };
    let a = "Bots 1";
    let download = zip_of(&[
        (
            &format!("{a}_zobrien_attempt_2026-03-01-10-00-00_greedy.wasm"),
            bot("greedy.wasm"),
        ),
        (
            &format!("{a}_zobrien_attempt_2026-03-01-10-00-00.txt"),
            receipt("Zoë O'Brien", "zobrien"),
        ),
        // Two attempts: the latest counts.
        (
            &format!("{a}_apetrova_attempt_2026-03-01-09-00-00_bot.wasm"),
            bot("random.wasm"),
        ),
        (
            &format!("{a}_apetrova_attempt_2026-03-01-09-00-00.txt"),
            receipt("Ana Petrova", "apetrova"),
        ),
        (
            &format!("{a}_apetrova_attempt_2026-03-02-09-00-00_bot.wasm"),
            bot("first_legal.wasm"),
        ),
        (
            &format!("{a}_apetrova_attempt_2026-03-02-09-00-00.txt"),
            receipt("Ana Petrova", "apetrova"),
        ),
        // A zipped bot.
        (
            &format!("{a}_dkim_attempt_2026-03-01-11-00-00_bot.zip"),
            zip_of(&[("src/bot.wasm", bot("greedy.wasm"))]),
        ),
        (
            &format!("{a}_dkim_attempt_2026-03-01-11-00-00.txt"),
            receipt("Dana Kim", "dkim"),
        ),
        // Text typed into the submission field only: a receipt, no file.
        (
            &format!("{a}_jluc_attempt_2026-03-01-12-00-00.txt"),
            receipt("Jean Luc", "jluc"),
        ),
        // An empty file.
        (
            &format!("{a}_bli_attempt_2026-03-01-13-00-00_bot.wasm"),
            Vec::new(),
        ),
    ]);
    let zip = write(d, "gradebook_BOTS101_Bots 1_2026-03-03.zip", &download);
    let roster = write(
        d,
        "grade-center.csv",
        "\"Last Name\",\"First Name\",\"Username\",\"Student ID\",\"Last Access\",\"Availability\",\"Bots 1 [Total Pts: 10 Score] |123456\"\n\
         \"O'Brien\",\"Zoë\",\"zobrien\",\"1\",\"\",\"Yes\",\"\"\n\
         \"Petrova\",\"Ana\",\"apetrova\",\"2\",\"\",\"Yes\",\"\"\n\
         \"Kim\",\"Dana\",\"dkim\",\"3\",\"\",\"Yes\",\"\"\n\
         \"Luc\",\"Jean\",\"jluc\",\"4\",\"\",\"Yes\",\"\"\n\
         \"Li\",\"Bo\",\"bli\",\"5\",\"\",\"Yes\",\"\"\n\
         \"Adams\",\"Eve\",\"eadams\",\"6\",\"\",\"Yes\",\"\"\n"
            .as_bytes(),
    );
    let stderr = tournament(d, &zip, &roster, &[]);
    assert!(stderr.contains("Blackboard layout, 5 students"), "{stderr}");
    assert!(
        stderr.contains(
            "attempt 2026-03-01-09-00-00: the latest attempt (2026-03-02-09-00-00) counts"
        ),
        "{stderr}"
    );
    assert!(stderr.contains("a text-only submission"), "{stderr}");
    let out = d.join("results");
    let g = grades(&out);
    assert_eq!(g.len(), 6, "{g:?}");
    for id in ["zobrien", "apetrova", "dkim"] {
        assert_eq!(g[id].0, "played", "{id}");
    }
    for id in ["jluc", "bli", "eadams"] {
        assert_eq!(g[id].0, "not_submitted", "{id}");
    }
    let manifest = fs::read_to_string(out.join("tournament.json")).unwrap();
    assert!(
        manifest.contains("\"name\": \"Zoë O'Brien\""),
        "the receipt's name: {manifest}"
    );

    // `--attempt first` plays the first attempt instead.
    let first = tempfile::tempdir().unwrap();
    let stderr = tournament(first.path(), &zip, &roster, &["--attempt", "first"]);
    assert!(
        stderr.contains("the first attempt (2026-03-01-09-00-00) counts"),
        "{stderr}"
    );

    let import = d.join("bb-upload.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "blackboard", "--column", "Bots 1", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--template")
        .arg(&roster)
        .arg("--out")
        .arg(&import)
        .assert()
        .success();
    let text = fs::read_to_string(&import).unwrap();
    assert!(
        text.starts_with("\"Last Name\",\"First Name\",\"Username\""),
        "{text}"
    );
    let table = records(&import);
    assert_eq!(table[0][6], "Bots 1 [Total Pts: 10 Score] |123456");
    assert_eq!(table.len(), 7);
    for row in &table[1..] {
        assert!(row[6].parse::<f64>().is_ok(), "{row:?}");
    }
    // Without a template: Username, the column, and the feedback the student sees.
    let plain = d.join("bb-plain.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "blackboard", "--column", "Bots 1", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--out")
        .arg(&plain)
        .assert()
        .success();
    let table = records(&plain);
    assert_eq!(table[0], BLACKBOARD_UPLOAD);
    assert_eq!(table.len(), 7, "{table:?}");
    blackboard_quoted_throughout(&plain);
    for row in &table[1..] {
        assert_eq!(row.len(), BLACKBOARD_UPLOAD.len(), "{row:?}");
        assert!(row[1].parse::<f64>().is_ok(), "{row:?}");
        assert_eq!(row[3], "SMART_TEXT", "{row:?}");
        assert!(!row[2].contains('<'), "markup written as entities: {row:?}");
    }
    let zoe = table.iter().find(|r| r[0] == "zobrien").unwrap();
    assert!(
        zoe[2].contains("bot `zobrien`"),
        "the feedback page: {zoe:?}"
    );

    // A single column downloaded with its comments: the comment columns Blackboard
    // writes after the grade column are kept, the feedback and its format filled, the
    // instructor's grading notes left as they were.
    let mut with_comments = String::from(
        "\"Last Name\",\"First Name\",\"Username\",\"Student ID\",\"Last Access\",\"Availability\",\"Bots 1 [Total Pts: 10 Score] |123456\",\"Grading Notes\",\"Notes Format\",\"Feedback to Learner\",\"Feedback Format\"\n",
    );
    for user in ["zobrien", "apetrova", "dkim", "jluc", "bli", "eadams"] {
        with_comments.push_str(&format!(
            "\"L\",\"F\",\"{user}\",\"\",\"\",\"Yes\",\"\",\"seen\",\"SMART_TEXT\",\"\",\"\"\n"
        ));
    }
    let template = write(d, "bots-1-with-comments.csv", with_comments.as_bytes());
    let upload = d.join("bb-comments.csv");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "blackboard", "--column", "Bots 1", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--template")
        .arg(&template)
        .arg("--out")
        .arg(&upload)
        .assert()
        .success();
    blackboard_quoted_throughout(&upload);
    let table = records(&upload);
    assert_eq!(table[0][6..], BLACKBOARD_COMMENTS);
    for row in &table[1..] {
        assert!(row[6].parse::<f64>().is_ok(), "{row:?}");
        assert_eq!(row[7..9], ["seen", "SMART_TEXT"], "{row:?}");
        assert!(!row[9].is_empty(), "{row:?}");
        assert_eq!(row[10], "SMART_TEXT", "{row:?}");
    }

    // The same column downloaded tab-delimited (`.xls`): UTF-16 with a byte-order mark.
    // The upload keeps the template's encoding and separator.
    let tabbed = with_comments.replace("\",\"", "\t").replace('"', "");
    let utf16: Vec<u8> = [0xff, 0xfe]
        .into_iter()
        .chain(tabbed.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let template = write(d, "bots-1-with-comments.xls", &utf16);
    let upload = d.join("bb-comments.xls");
    arena()
        .arg("grades")
        .arg(&out)
        .args(["--lms", "blackboard", "--column", "Bots 1", "--bands"])
        .arg(d.join("bands.toml"))
        .arg("--template")
        .arg(&template)
        .arg("--out")
        .arg(&upload)
        .assert()
        .success();
    let bytes = fs::read(&upload).unwrap();
    assert_eq!(
        bytes[..2],
        [0xff, 0xfe],
        "UTF-16LE with its byte-order mark"
    );
    let units: Vec<u16> = bytes[2..]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let text = String::from_utf16(&units).unwrap();
    let table: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .has_headers(false)
        .delimiter(b'\t')
        .from_reader(text.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    assert_eq!(table[0][6..], BLACKBOARD_COMMENTS);
    assert_eq!(table.len(), 7);
    for row in &table[1..] {
        assert!(row[6].parse::<f64>().is_ok(), "{row:?}");
        assert_eq!(row[10], "SMART_TEXT", "{row:?}");
    }
}

/// The columns of Blackboard's upload file without a template: the user name, the grade
/// column, and the comment columns Blackboard writes for the student (docs/lms/blackboard.md).
const BLACKBOARD_UPLOAD: [&str; 4] = [
    "Username",
    "Bots 1",
    "Feedback to Learner",
    "Feedback Format",
];

/// The grade column and the comment columns of a single column downloaded with its
/// comments, in Blackboard's order.
const BLACKBOARD_COMMENTS: [&str; 5] = [
    "Bots 1 [Total Pts: 10 Score] |123456",
    "Grading Notes",
    "Notes Format",
    "Feedback to Learner",
    "Feedback Format",
];

/// Checks that every field of the comma-delimited file at `path` is inside quotes, as
/// Blackboard requires of comma-delimited uploads: the file is exactly its records
/// written with every field quoted.
fn blackboard_quoted_throughout(path: &Path) {
    let raw = fs::read(path).unwrap();
    let mut w = csv::WriterBuilder::new()
        .quote_style(csv::QuoteStyle::Always)
        .flexible(true)
        .from_writer(Vec::new());
    for r in records(path) {
        w.write_record(&r).unwrap();
    }
    assert_eq!(
        String::from_utf8(w.into_inner().unwrap()).unwrap(),
        String::from_utf8(raw).unwrap()
    );
}

#[test]
fn under_blind_marking_no_name_reaches_a_published_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let download = zip_of(&[
        (
            "Participant_981_assignsubmission_file_/greedy.wasm",
            bot("greedy.wasm"),
        ),
        (
            "Participant_982_assignsubmission_file_/random.wasm",
            bot("random.wasm"),
        ),
    ]);
    let zip = write(d, "blind.zip", &download);
    let roster = write(
        d,
        "worksheet.csv",
        "Identifier,Full name,Email address,Status\n\
         Participant 981,Secretname Alpha,p981@uni.example,Submitted\n\
         Participant 982,Secretname Beta,p982@uni.example,Submitted\n"
            .as_bytes(),
    );
    tournament(d, &zip, &roster, &[]);
    for (name, bytes) in common::files(&d.join("results")) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("Secretname"), "{name} holds a name");
    }
    // And verify takes the same zip as the modules' source.
    arena()
        .arg("verify")
        .arg(d.join("results"))
        .arg(&zip)
        .arg("--roster")
        .arg(&roster)
        .arg("--bands")
        .arg(d.join("bands.toml"))
        .assert()
        .success();
}

#[test]
fn a_layout_can_be_forced_and_a_roster_saved_by_a_spreadsheet_is_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let download = zip_of(&[
        ("ana.wasm", bot("greedy.wasm")),
        ("bo.wasm", bot("random.wasm")),
        (
            "Ana Petrova_1_assignsubmission_file_/x.wasm",
            bot("first_legal.wasm"),
        ),
    ]);
    let zip = write(d, "subs.zip", &download);
    let roster = write(d, "roster.csv", b"File;Student ID;Name\nana.wasm;s1;Ana\nbo;s2;Bo\nAna Petrova_1_assignsubmission_file_;s3;Ana P\n");
    let stderr = tournament(d, &zip, &roster, &["--layout", "plain"]);
    assert!(
        stderr.contains("plain layout (--layout), 3 students"),
        "{stderr}"
    );
    let g = grades(&d.join("results"));
    assert_eq!(g["s1"].0, "played");
    assert_eq!(g["s2"].0, "played");
    let other = tempfile::tempdir().unwrap();
    let stderr = tournament(other.path(), &zip, &roster, &[]);
    assert!(stderr.contains("plain layout, 3 students"), "{stderr}");
    // Forced to Moodle: the entries that do not follow it are skipped, each named.
    arena()
        .arg("tournament")
        .arg(&zip)
        .args(["--layout", "moodle", "--out"])
        .arg(d.join("moodle"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "ana.wasm: its name does not follow the Moodle layout",
        ));
    // A header that is no roster: what was found, how it was split, what is expected.
    let bad = write(d, "bad.csv", b"Datei;Matrikel;Name\nana;1;Ana\n");
    arena()
        .arg("tournament")
        .arg(&zip)
        .arg("--roster")
        .arg(&bad)
        .arg("--out")
        .arg(d.join("bad"))
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "it holds `Datei`, `Matrikel`, `Name` (separated by `;`)",
        ));
}
