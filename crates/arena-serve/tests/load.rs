//! The load test of docs/PERFORMANCE.md, "The course ladder under load": 200 simulated
//! students sign in and browse (leaderboard, their bots, their games, the leaderboard's
//! JSON) while games run, and twenty of them upload, over loopback against the real
//! server. It measures page times and games per minute and checks that nothing is lost.
//! Ignored by default (it takes minutes):
//! `cargo test --release -p arena-serve --test load -- --ignored --nocapture`.

mod common;

use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::*;

const STUDENTS: usize = 200;
const UPLOADERS: usize = 20;
const ROUNDS: usize = 25;

#[test]
#[ignore = "minutes long: run with --ignored to measure"]
fn two_hundred_students_browse_and_upload_while_games_run() {
    let dir = course("workers = 1\nuploads_per_hour = 100");
    let mut roster = String::from("id,name,role\n");
    for i in 0..STUDENTS {
        roster.push_str(&format!("s{i},Student {i},student\n"));
    }
    roster.push_str("ta,Assistant,instructor\n");
    std::fs::write(dir.path().join("roster.csv"), roster).unwrap();
    let tokens = Arc::new(tokens(dir.path()));
    let server = Server::start(dir.path());
    let bots = [
        "greedy",
        "random",
        "alphabeta",
        "c_greedy",
        "cpp_greedy",
        "zig_greedy",
        "as_greedy",
        "first_legal",
    ];
    let games_at_start = count(dir.path(), "SELECT count(*) FROM games");
    let start = Instant::now();
    let times: Arc<Mutex<Vec<f64>>> = Arc::default();
    let errors: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut threads = Vec::new();
    for i in 0..STUDENTS {
        let (url, tokens, times, errors) = (
            server.url.clone(),
            Arc::clone(&tokens),
            Arc::clone(&times),
            Arc::clone(&errors),
        );
        let bot_file = bot(bots[i % bots.len()]);
        threads.push(std::thread::spawn(move || {
            let mut c = Client::new(&url);
            if c.sign_in(&tokens[&format!("s{i}")]).status != 303 {
                errors.lock().unwrap().push(format!("s{i}: sign-in"));
                return;
            }
            if i < UPLOADERS {
                let out = Command::new(SERVE)
                    .args(["submit", "--server", &url])
                    .arg(&bot_file)
                    .env("ARENA_TOKEN", &tokens[&format!("s{i}")])
                    .output()
                    .unwrap();
                if !out.status.success() {
                    errors.lock().unwrap().push(format!(
                        "s{i}: upload: {}",
                        String::from_utf8_lossy(&out.stdout)
                    ));
                }
            }
            for _ in 0..ROUNDS {
                for page in ["/", "/me", "/games", "/api/leaderboard"] {
                    let t = Instant::now();
                    let a = c.get(page);
                    let ms = t.elapsed().as_secs_f64() * 1000.0;
                    if a.status != 200 {
                        errors
                            .lock()
                            .unwrap()
                            .push(format!("s{i}: {page}: {}", a.status));
                    }
                    times.lock().unwrap().push(ms);
                }
                std::thread::sleep(Duration::from_millis(200));
            }
        }));
    }
    for t in threads {
        t.join().unwrap();
    }
    let elapsed = start.elapsed();
    let games = count(dir.path(), "SELECT count(*) FROM games") - games_at_start;
    drop(server);
    let mut times = times.lock().unwrap().clone();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 - 1.0) * q) as usize];
    let errors = errors.lock().unwrap();
    println!(
        "{STUDENTS} students, {} page requests in {:.1} s: median {:.1} ms, p95 {:.1} ms, max {:.1} ms; {games} games ({:.0} a minute, 1 worker); errors {}",
        times.len(),
        elapsed.as_secs_f64(),
        at(0.5),
        at(0.95),
        at(1.0),
        games as f64 / elapsed.as_secs_f64() * 60.0,
        errors.len()
    );
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(times.len(), STUDENTS * ROUNDS * 4);
    // Nothing lost: every upload is one version, every recorded job has its two games.
    assert_eq!(
        count(
            dir.path(),
            "SELECT count(*) FROM versions WHERE owner IS NOT NULL"
        ),
        UPLOADERS as i64
    );
    assert_eq!(
        count(dir.path(), "SELECT count(*) FROM jobs j WHERE state = 'done' AND (SELECT count(*) FROM games g WHERE g.job = j.id) != 2"),
        0
    );
}
