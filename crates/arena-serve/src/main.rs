//! The `arena-serve` binary, which `arena serve …` and `arena submit …` run: the course
//! ladder's server and its instructor and student commands (docs/LADDER.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context as _;
use arena::runtime::{Compiler, Limits, ModuleCache, Sandbox};
use arena_serve::course::Course;
use arena_serve::{check, export, ladder, setup, submit, upload, web};
use clap::{Parser, Subcommand};

/// The course ladder: `arena serve COURSE_DIR` serves it.
#[derive(Parser, Debug)]
#[command(name = "arena serve", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(clap::Args, Debug)]
struct ServeArgs {
    /// The course folder (course.toml, the roster, the references; the state is kept
    /// there in ladder.sqlite and modules/).
    course: Option<PathBuf>,
    /// The address to listen on (keep it on loopback behind a reverse proxy for TLS).
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Mark the session cookie Secure (the proxy serves HTTPS).
    #[arg(long)]
    secure_cookies: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Issue every person of the roster a fresh sign-in token (the old ones stop
    /// working); writes a CSV (id, name, role, token, sign-in link) only the instructor
    /// should read.
    Tokens {
        /// The course folder.
        course: PathBuf,
        /// The CSV to write (must not exist) [default: COURSE/tokens.csv].
        #[arg(long)]
        out: Option<PathBuf>,
        /// The address students open, for the sign-in links.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        base_url: String,
        /// Only these roster ids (repeatable).
        #[arg(long = "only", value_name = "ID")]
        only: Vec<String>,
    },
    /// Write the submissions folder and roster that `arena tournament` grades: each
    /// student's active, ready version.
    Export {
        /// The course folder.
        course: PathBuf,
        /// The folder to write (must not exist).
        #[arg(long)]
        out: PathBuf,
    },
    /// A consistent copy of the course's state while the server runs (SQLite's online
    /// backup and the stored modules).
    Backup {
        /// The course folder.
        course: PathBuf,
        /// The folder to write (must not exist).
        #[arg(long)]
        out: PathBuf,
    },
    /// Send a bot to a course's ladder and print the verdict (exit 0 ready, 1 not).
    Submit {
        /// The server, e.g. https://ladder.example.edu.
        #[arg(long)]
        server: String,
        /// A file holding the token (default: $ARENA_TOKEN).
        #[arg(long)]
        token_file: Option<PathBuf>,
        /// The bot: .wasm, .wat or .py.
        file: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!(
                "arena serve: error: {}",
                arena::bot_name::escape_message(&format!("{e:#}"))
            );
            ExitCode::from(2)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        None => {
            let course = cli
                .serve
                .course
                .context("give the course folder: arena serve COURSE_DIR (see docs/LADDER.md)")?;
            serve(course, cli.serve.listen, cli.serve.secure_cookies)
        }
        Some(Command::Tokens {
            course,
            out,
            base_url,
            only,
        }) => {
            let out = out.unwrap_or_else(|| course.join("tokens.csv"));
            let course = Course::load(&course)?;
            let mut conn = setup::sync(&course)?;
            for id in &only {
                anyhow::ensure!(
                    course.roster.iter().any(|p| &p.id == id),
                    "--only {id}: not in the roster"
                );
            }
            anyhow::ensure!(
                !out.exists(),
                "{} exists already: give a new file with --out",
                out.display()
            );
            let issued = setup::issue_tokens(&mut conn, &only)?;
            setup::write_tokens(&out, &issued, &base_url)
                .with_context(|| format!("cannot write {}", out.display()))?;
            println!(
                "{} tokens written to {} (keep it private; only their hashes are stored)",
                issued.len(),
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Export { course, out }) => {
            let course = Course::load(&course)?;
            let conn = setup::sync(&course)?;
            let done = export::export(&conn, &course, &out)?;
            println!(
                "{} submissions written to {}/submissions, roster in {}/roster.csv",
                done.submitted,
                out.display(),
                out.display()
            );
            if !done.missing.is_empty() {
                println!("no ready bot from: {}", done.missing.join(", "));
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Backup { course, out }) => {
            let course = Course::load(&course)?;
            let conn = arena_serve::db::open(&course.database())?;
            let n = export::backup(&conn, &course, &out)?;
            println!(
                "backup written to {} (ladder.sqlite and {n} modules)",
                out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Submit {
            server,
            token_file,
            file,
        }) => {
            let token = submit::token(token_file.as_deref())?;
            let answer = submit::submit(&server, &token, &file, Limits::default().module_bytes)?;
            print!("{}", answer.text);
            if answer.status >= 400 && answer.status != 422 {
                eprintln!(
                    "arena submit: the server refused the upload (HTTP {})",
                    answer.status
                );
                return Ok(ExitCode::from(2));
            }
            Ok(if answer.ready {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}

/// The sandbox the ladder plays in: arena's limits with the course's module cap,
/// compiling in a child `arena` process with arena's module cache.
fn sandbox(course: &Course, exe: PathBuf) -> anyhow::Result<Sandbox> {
    let limits = Limits {
        module_bytes: course.limits.module_bytes,
        ..Limits::default()
    };
    let cache = match ModuleCache::default_dir() {
        Some(dir) => ModuleCache::open_bounded(dir, arena::runtime::cache_max_bytes_from_env()?)
            .map_err(|e| eprintln!("note: {e}; compiling without a cache"))
            .ok(),
        None => None,
    };
    Sandbox::with_compiler(limits, Compiler::Process(exe), cache)
        .map_err(|e| anyhow::anyhow!("{e}"))
}

fn serve(dir: PathBuf, listen: SocketAddr, secure_cookies: bool) -> anyhow::Result<ExitCode> {
    let course = Arc::new(Course::load(&dir)?);
    drop(setup::sync(&course)?);
    let exe = check::arena_exe();
    anyhow::ensure!(
        exe.is_file(),
        "cannot find the arena executable at {} (build it: cargo build --release; or set ARENA_BIN)",
        exe.display()
    );
    let sandbox = sandbox(&course, exe.clone())?;
    {
        // Versions taken before a restart, and new references, are checked now.
        let (course, exe) = (Arc::clone(&course), exe.clone());
        std::thread::spawn(move || {
            let checked = arena_serve::db::open(&course.database())
                .map_err(anyhow::Error::from)
                .and_then(|conn| Ok(upload::check_pending(&conn, &course, &exe)?));
            if let Err(e) = checked {
                eprintln!("arena serve: checking pending versions: {e:#}");
            }
        });
    }
    let ladder = ladder::Ladder::start(Arc::clone(&course), sandbox)?;
    let app = Arc::new(web::App::new(Arc::clone(&course), exe, secure_cookies));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let served = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .with_context(|| format!("cannot listen on {listen}"))?;
        let addr = listener.local_addr()?;
        println!(
            "arena serve: {} on http://{addr} (Ctrl-C stops)",
            course.game_name
        );
        use std::io::Write;
        let _ = std::io::stdout().flush();
        web::serve(app, listener).await.context("the server failed")
    });
    ladder.stop();
    served?;
    Ok(ExitCode::SUCCESS)
}
