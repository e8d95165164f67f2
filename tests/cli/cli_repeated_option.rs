//! A game option given twice is refused, naming both values, rather than the last one
//! silently winning: for two-seat games and games of the table model alike.

use crate::common;

#[test]
fn an_option_given_twice_is_refused_naming_both_values() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let runs: [Vec<&str>; 4] = [
        vec![
            "tournament",
            "--option",
            "k=3",
            "--option",
            "k=4",
            "--game",
            "tictactoe",
        ],
        vec![
            "check",
            "--option",
            "mines=5",
            "--option",
            "mines=9",
            "--game",
            "minesweeper",
        ],
        vec![
            "match",
            "--option",
            "heaps=3",
            "--option",
            "heaps=4",
            "--game",
            "nim",
            "builtin:greedy",
            "builtin:random",
        ],
        vec![
            "board", "--option", "seeds=3", "--option", "seeds=4", "--game", "kalah",
        ],
    ];
    for args in runs {
        let mut cmd = common::arena();
        cmd.args(&args);
        if args[0] == "tournament" {
            cmd.args(["builtin:random", "builtin:greedy", "--out"])
                .arg(&out);
        }
        if args[0] == "check" {
            cmd.arg("bots/games/minesweeper/minesweeper.wasm")
                .current_dir(env!("CARGO_MANIFEST_DIR"));
        }
        let output = cmd.assert().code(2).get_output().clone();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let (first, second) = (args[2], args[4]);
        let name = first.split('=').next().unwrap();
        assert!(
            stderr.contains(&format!(
                "--option {name}: given twice ({first} and {second})"
            )),
            "{args:?}: {stderr}"
        );
        assert!(!out.exists(), "nothing was started");
    }
}
