//! The cluster scripts of `docs/cluster/` run here: the Slurm array job's command once per
//! task (as Slurm would run them, one after the other), then the merge job's; the merged
//! folder equals a single-machine run of the same tournament byte for byte.

use crate::common::{self, root};

use std::fs;
use std::process::Command;

#[test]
fn the_slurm_scripts_shard_and_merge_to_the_single_machine_run() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let subs = dir.join("submissions");
    fs::create_dir_all(&subs).unwrap();
    for (name, fixture) in [
        ("ana", "first_legal.wat"),
        ("bea", "random.wat"),
        ("cy", "counter.wat"),
    ] {
        fs::copy(
            root().join("tests/fixtures/hostile").join(fixture),
            subs.join(format!("{name}.wat")),
        )
        .unwrap();
    }
    let arena = &common::binary();
    let args = "--best-of 3 --rounds 2 --seed 2026 --rows 5..7 --cols 5..7";
    for task in 1..=3 {
        let status = Command::new("bash")
            .arg(root().join("docs/cluster/arena-shard.sbatch"))
            .current_dir(dir)
            .env("SLURM_ARRAY_TASK_ID", task.to_string())
            .env("SLURM_CPUS_PER_TASK", "2")
            .env("SHARDS", "3")
            .env("ARENA", arena)
            .env("ARENA_CACHE_DIR", common::CACHE_DIR)
            .env("ARENA_ARGS", args)
            .status()
            .unwrap();
        assert!(status.success(), "shard task {task}");
    }
    let status = Command::new("bash")
        .arg(root().join("docs/cluster/arena-merge.sbatch"))
        .current_dir(dir)
        .env("ARENA", arena)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .status()
        .unwrap();
    assert!(status.success(), "merge");
    let single = Command::new(arena)
        .env("ARENA_CACHE_DIR", common::CACHE_DIR)
        .current_dir(dir)
        .args(["tournament", "submissions"])
        .args(args.split(' '))
        .args(["--out", "single", "--quiet"])
        .status()
        .unwrap();
    assert!(single.success());
    assert_eq!(
        common::files(&dir.join("results")),
        common::files(&dir.join("single"))
    );
    // The task needs its array index.
    let out = Command::new("bash")
        .arg(root().join("docs/cluster/arena-shard.sbatch"))
        .current_dir(dir)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env("ARENA", arena)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("array job"));
}
