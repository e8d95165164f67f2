//! A course folder and the real `arena-serve` binary on a free loopback port, with a
//! small HTTP client (ureq) that keeps one person's session cookie.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The arena-serve binary under test.
pub const SERVE: &str = env!("CARGO_BIN_EXE_arena-serve");
/// The module cache the tests share.
pub const CACHE_DIR: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/arena-serve-cache");

/// The repository's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An example bot's file.
pub fn bot(name: &str) -> PathBuf {
    root().join("bots").join(format!("{name}.wasm"))
}

/// The `arena` binary beside arena-serve (built by the workspace's build).
pub fn arena() -> PathBuf {
    let p = Path::new(SERVE).with_file_name("arena");
    assert!(
        p.is_file(),
        "{} is missing: cargo build --release first",
        p.display()
    );
    p
}

/// A course folder: mathtricks, references random and greedy, students s1 and s2, the
/// instructor ta; `extra` is appended to `[limits]`.
pub fn course(limits: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let refs = format!(
        "[\"{}\", \"{}\"]",
        bot("random").display(),
        bot("greedy").display()
    );
    std::fs::write(
        dir.path().join("course.toml"),
        format!(
            "game = \"mathtricks\"\nroster = \"roster.csv\"\nopens = \"2020-01-01T00:00:00Z\"\ncloses = \"2100-01-01T00:00:00Z\"\n\
references = {refs}\nseed = 3\n[limits]\nmodule_bytes = 400000\n{limits}\n"
        ),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("roster.csv"),
        "id,name,role\ns1,Ana Lima,student\ns2,Bo Chen,student\nta,Tom Assistant,instructor\n",
    )
    .unwrap();
    dir
}

/// Issues tokens: roster id → token.
pub fn tokens(dir: &Path) -> std::collections::HashMap<String, String> {
    let out = dir.join(format!("tokens-{}.csv", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let status = Command::new(SERVE)
        .args(["tokens"])
        .arg(dir)
        .arg("--out")
        .arg(&out)
        .env("ARENA_BIN", arena())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let mut r = csv::Reader::from_path(&out).unwrap();
    let map = r
        .records()
        .map(|r| {
            let r = r.unwrap();
            (r[0].to_string(), r[3].to_string())
        })
        .collect();
    std::fs::remove_file(&out).unwrap();
    map
}

/// A running server, killed (SIGKILL) when dropped.
pub struct Server {
    pub child: Child,
    pub url: String,
}

impl Server {
    /// Starts `arena-serve DIR --listen 127.0.0.1:0` and waits for its address.
    pub fn start(dir: &Path) -> Server {
        let mut child = Command::new(SERVE)
            .arg(dir)
            .args(["--listen", "127.0.0.1:0"])
            .env("ARENA_BIN", arena())
            .env("ARENA_CACHE_DIR", CACHE_DIR)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, url }
    }

    /// Kills the process at once (SIGKILL) and waits for it.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// An answer: status, headers we look at, body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub location: Option<String>,
    pub set_cookie: Option<String>,
    pub body: String,
}

/// A client; `cookie` is the session after [`Client::sign_in`]. Each request takes a
/// connection of its own (the server closes one whose body it refused unread).
pub struct Client {
    agent: ureq::Agent,
    pub base: String,
    pub cookie: Option<String>,
}

impl Client {
    pub fn new(base: &str) -> Client {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .max_redirects(0)
            .max_idle_connections(0)
            .max_idle_connections_per_host(0)
            .build()
            .into();
        Client {
            agent,
            base: base.to_string(),
            cookie: None,
        }
    }

    fn answer(mut r: ureq::http::Response<ureq::Body>) -> Answer {
        let h = |n: &str| {
            r.headers()
                .get(n)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string)
        };
        let (location, set_cookie) = (h("location"), h("set-cookie"));
        let status = r.status().as_u16();
        let body = r
            .body_mut()
            .with_config()
            .limit(64 << 20)
            .read_to_string()
            .unwrap_or_default();
        Answer {
            status,
            location,
            set_cookie,
            body,
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        let mut req = self.agent.get(&format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("Cookie", c);
        }
        Client::answer(req.call().unwrap())
    }

    pub fn post_form(&self, path: &str, form: &[(&str, &str)]) -> Answer {
        let mut req = self.agent.post(&format!("{}{path}", self.base));
        if let Some(c) = &self.cookie {
            req = req.header("Cookie", c);
        }
        Client::answer(req.send_form(form.iter().copied()).unwrap())
    }

    /// A multipart upload: the fields in order, then the file.
    pub fn upload(&self, fields: &[(&str, &str)], file_name: &str, bytes: &[u8]) -> Answer {
        let boundary = "----arenaTestBoundary7MA4YWxkTrZu0gW";
        let mut body = Vec::new();
        for (k, v) in fields {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n"
                )
                .as_bytes(),
            );
        }
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        let mut req = self.agent.post(&format!("{}/upload", self.base)).header(
            "Content-Type",
            &format!("multipart/form-data; boundary={boundary}"),
        );
        if let Some(c) = &self.cookie {
            req = req.header("Cookie", c);
        }
        match req.send(&body[..]) {
            Ok(r) => Client::answer(r),
            // The server may close the connection on an oversized body before reading it.
            Err(e) => Answer {
                status: 0,
                location: None,
                set_cookie: None,
                body: e.to_string(),
            },
        }
    }

    /// Signs in with `token`; the answer (303 to /me with a cookie, or a refusal).
    pub fn sign_in(&mut self, token: &str) -> Answer {
        let a = self.post_form("/signin", &[("token", token)]);
        if let Some(c) = &a.set_cookie {
            self.cookie = Some(c.split(';').next().unwrap().to_string());
        }
        a
    }

    /// The session's CSRF token, read from a page's form.
    pub fn csrf(&self) -> String {
        let page = self.get("/me").body;
        let at = page.find("name=csrf value=\"").expect("a form") + "name=csrf value=\"".len();
        page[at..at + 64].to_string()
    }
}

/// Polls `f` until it gives `Some`, for at most `limit` (a bound, not an assertion on
/// time: the test fails only if nothing comes at all).
pub fn wait_for<T>(limit: Duration, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(t) = f() {
            return t;
        }
        assert!(start.elapsed() < limit, "nothing came in {limit:?}");
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The database, read-only.
pub fn db(dir: &Path) -> rusqlite::Connection {
    let c = rusqlite::Connection::open_with_flags(
        dir.join("ladder.sqlite"),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .unwrap();
    c.busy_timeout(Duration::from_secs(30)).unwrap();
    c
}

/// A count from the database.
pub fn count(dir: &Path, sql: &str) -> i64 {
    db(dir).query_row(sql, [], |r| r.get(0)).unwrap()
}
