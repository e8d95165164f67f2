use std::fs;

use super::*;

/// A folder with the given files (`name` → content; a name ending in `/` is a folder).
fn folder(entries: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in entries {
        let path = dir.path().join(name);
        if name.ends_with('/') {
            fs::create_dir_all(&path).unwrap();
        } else {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, content).unwrap();
        }
    }
    dir
}

fn gather_dir(dir: &Path) -> Intake {
    gather(&[dir.as_os_str().to_owned()], &[]).unwrap()
}

fn names(intake: &Intake) -> Vec<&str> {
    intake.bots.iter().map(|b| b.name.as_str()).collect()
}

fn skipped(intake: &Intake) -> Vec<(String, String)> {
    intake
        .skipped
        .iter()
        .map(|s| (s.file.clone(), s.reason.to_string()))
        .collect()
}

#[test]
fn any_case_of_the_extension_is_a_module() {
    let dir = folder(&[("Ana.WASM", b"x"), ("bo.Wat", b"x"), ("cy.wasm", b"x")]);
    let intake = gather_dir(dir.path());
    assert_eq!(names(&intake), ["Ana", "bo", "cy"]);
    assert_eq!(intake.bots[0].file, "Ana.WASM");
    assert!(intake.skipped.is_empty());
}

#[test]
fn a_student_folder_with_one_module_is_named_after_the_folder() {
    let dir = folder(&[
        ("Ana Petrova_4411_assignsubmission_file_/bot.wasm", b"x"),
        ("Ana Petrova_4411_assignsubmission_file_/notes.txt", b"x"),
        ("bo/strategy.wat", b"x"),
        ("Cy Lee_12_assignsubmission_file_/a.wasm", b"x"),
        ("Cy Lee_12_assignsubmission_file_/b.wat", b"x"),
        ("Di_7_assignsubmission_onlinetext_/", b""),
        ("ed/deeper/x.wasm", b"x"),
        ("ed/x.wasm", b"x"),
        ("fy/notes.txt", b"x"),
        ("fy/src/main.c", b"x"),
    ]);
    let intake = gather_dir(dir.path());
    assert_eq!(names(&intake), ["Ana Petrova", "bo", "ed"]);
    assert_eq!(
        intake.bots[0].file,
        "Ana Petrova_4411_assignsubmission_file_/bot.wasm"
    );
    assert_eq!(
        skipped(&intake),
        [
            (
                "Ana Petrova_4411_assignsubmission_file_/notes.txt".to_string(),
                "not a .wasm, .wat or .py file".to_string()
            ),
            (
                "Cy Lee_12_assignsubmission_file_/".to_string(),
                "the folder holds 2 modules (a.wasm, b.wat): a student's folder must hold exactly one"
                    .to_string()
            ),
            (
                "Di_7_assignsubmission_onlinetext_/".to_string(),
                "the folder holds no .wasm, .wat or .py file".to_string()
            ),
            (
                "ed/deeper".to_string(),
                "a folder inside a submission folder (arena looks only one level deep)".to_string()
            ),
            (
                "fy/".to_string(),
                "the folder holds no .wasm, .wat or .py file, only: notes.txt, src/".to_string()
            ),
        ]
    );
}

#[test]
fn moodle_names() {
    assert_eq!(
        folder_name("Ana Petrova_4411_assignsubmission_file_"),
        ("Ana Petrova".to_string(), Some("4411".to_string()))
    );
    assert_eq!(
        folder_name("Mary_Ann Lee_9_assignsubmission_file_"),
        ("Mary_Ann Lee".to_string(), Some("9".to_string()))
    );
    assert_eq!(folder_name("team_blue"), ("team_blue".to_string(), None));
    assert_eq!(
        folder_name("x_abc_assignsubmission_file_"),
        ("x_abc_assignsubmission_file_".to_string(), None)
    );
}

#[test]
fn clashing_names_are_all_skipped_but_moodle_namesakes_keep_their_ids() {
    let dir = folder(&[
        ("ana.wasm", b"x"),
        ("ana.wat", b"x"),
        ("Bo Li_1_assignsubmission_file_/x.wasm", b"x"),
        ("Bo Li_2_assignsubmission_file_/y.wasm", b"x"),
        ("cy.wasm", b"x"),
    ]);
    let intake = gather_dir(dir.path());
    assert_eq!(names(&intake), ["Bo Li_1", "Bo Li_2", "cy"]);
    assert_eq!(
        skipped(&intake),
        [
            (
                "ana.wasm".to_string(),
                "its bot name `ana` is also the name of ana.wat: rename one".to_string()
            ),
            (
                "ana.wat".to_string(),
                "its bot name `ana` is also the name of ana.wasm: rename one".to_string()
            ),
        ]
    );
}

#[test]
fn a_module_named_like_a_builtin_is_skipped_and_builtins_are_not_repeated() {
    let dir = folder(&[("builtin:greedy.wasm", b"x"), ("ok.wasm", b"x")]);
    let intake = gather(
        &[dir.path().as_os_str().to_owned(), "builtin:greedy".into()],
        &[],
    )
    .unwrap();
    assert_eq!(names(&intake), ["builtin:greedy", "ok"]);
    assert!(matches!(
        intake.skipped[0].reason,
        SkipReason::BuiltinName(_)
    ));
    let err = gather(&["builtin:random".into(), "builtin:random".into()], &[]).unwrap_err();
    assert!(err.to_string().contains("both named"), "{err}");
}

#[test]
fn command_line_mistakes_are_errors() {
    let err = gather(&["no/such/dir".into()], &[]).unwrap_err();
    assert_eq!(err.to_string(), "no/such/dir: no such file or folder");
    let err = gather(&["builtin:".into()], &[]).unwrap_err();
    assert!(err.to_string().contains("name a strategy"), "{err}");
}

#[test]
fn an_empty_folder_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let intake = gather_dir(dir.path());
    assert!(intake.bots.is_empty());
    assert_eq!(intake.skipped.len(), 1);
    assert!(matches!(
        &intake.skipped[0].reason,
        SkipReason::NoModule { others } if others.is_empty()
    ));
}

#[test]
fn references_are_marked() {
    let dir = folder(&[("a.wasm", b"x")]);
    let intake = gather(
        &[dir.path().as_os_str().to_owned()],
        &["builtin:greedy".into()],
    )
    .unwrap();
    let refs: Vec<bool> = intake.bots.iter().map(|b| b.reference).collect();
    assert_eq!(names(&intake), ["builtin:greedy", "a"]);
    assert_eq!(refs, [true, false]);
}

#[cfg(unix)]
#[test]
fn links_fifos_and_odd_names_are_accounted_for() {
    use std::os::unix::ffi::OsStrExt;
    let outside = folder(&[("secret.txt", b"password")]);
    let dir = folder(&[("ok.wasm", b"x")]);
    std::os::unix::fs::symlink(
        outside.path().join("secret.txt"),
        dir.path().join("link.wasm"),
    )
    .unwrap();
    std::os::unix::fs::symlink(outside.path(), dir.path().join("linked_folder")).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe.wasm"))
        .status()
        .unwrap();
    assert!(status.success());
    fs::write(dir.path().join(OsStr::from_bytes(b"new\nline.wasm")), "x").unwrap();
    fs::write(dir.path().join(OsStr::from_bytes(b"bad\xff.wasm")), "x").unwrap();
    let intake = gather_dir(dir.path());
    assert_eq!(names(&intake), ["bad\\xff", "new\\nline", "ok"]);
    let reasons = skipped(&intake);
    assert_eq!(
        reasons,
        [
            (
                "link.wasm".to_string(),
                "a symbolic link (arena never follows links: hand in the file itself)".to_string()
            ),
            (
                "linked_folder".to_string(),
                "a symbolic link (arena never follows links: hand in the file itself)".to_string()
            ),
            (
                "pipe.wasm".to_string(),
                "not a regular file but a FIFO (named pipe)".to_string()
            ),
        ]
    );
}

#[test]
fn identical_modules_are_grouped() {
    let groups = identical([("b", "11"), ("a", "11"), ("c", "22"), ("d", "")]);
    assert_eq!(groups, [vec!["a".to_string(), "b".to_string()]]);
}

#[test]
fn the_same_file_reached_twice_is_an_error_not_a_clash() {
    let dir = folder(&[("a.wasm", b"x"), ("b.wasm", b"x")]);
    let a = dir.path().join("a.wasm").into_os_string();
    let spelt_otherwise = dir.path().join(".").join("a.wasm").into_os_string();
    let folder_arg = dir.path().as_os_str().to_owned();
    for (subs, refs) in [
        (vec![a.clone(), a.clone()], vec![]),
        (vec![a.clone(), spelt_otherwise], vec![]),
        (vec![folder_arg.clone(), a.clone()], vec![]),
        (vec![folder_arg], vec![a.clone()]),
        (vec![], vec![a.clone(), a.clone()]),
    ] {
        let err = gather(&subs, &refs).unwrap_err();
        assert!(
            matches!(err, IntakeError::NamedTwice { .. }),
            "{subs:?} {refs:?}: {err}"
        );
        assert!(err.to_string().contains("is named twice"), "{err}");
    }
    let err = gather(&[dir.path().as_os_str().to_owned()], &[a]).unwrap_err();
    assert!(
        err.to_string()
            .contains("as a submission and as a --gauntlet reference"),
        "{err}"
    );
}

#[test]
fn a_skipped_reference_is_an_error_and_a_skipped_submission_a_note() {
    let subs = folder(&[("a.wasm", b"x"), ("notes.txt", b"x")]);
    let refs = folder(&[("a.wat", b"x"), ("r.wasm", b"x"), ("empty/", b"")]);
    let sub_arg = subs.path().as_os_str().to_owned();
    let intake = gather(
        std::slice::from_ref(&sub_arg),
        &[refs.path().join("r.wasm").into_os_string()],
    )
    .unwrap();
    assert_eq!(names(&intake), ["a", "r"]);
    assert_eq!(skipped(&intake).len(), 1, "a submission's skip is a note");
    for (reference, why) in [
        (
            refs.path().join("a.wat"),
            "its bot name `a` is also the name",
        ),
        (
            refs.path().join("empty"),
            "holds no .wasm, .wat or .py file",
        ),
        (
            subs.path().join("notes.txt"),
            "not a .wasm, .wat or .py file",
        ),
        (
            refs.path().to_path_buf(),
            "its bot name `a` is also the name",
        ),
    ] {
        let err = gather(
            std::slice::from_ref(&sub_arg),
            &[reference.clone().into_os_string()],
        )
        .unwrap_err();
        let IntakeError::ReferenceSkipped(refused) = &err else {
            panic!("{reference:?}: {err}");
        };
        assert!(refused.iter().all(|s| s.reference), "{err}");
        let text = err.to_string();
        assert!(
            text.starts_with("--gauntlet reference ") && text.contains(why),
            "{text}"
        );
        assert!(!text.contains("notes.txt") || reference.ends_with("notes.txt"));
    }
}
