//! The control: the same bot played by a referee that talks to it as a kept-alive child
//! process over pipes (the design of cutechess, CodinGame and Botzone), so that the
//! sandbox's cost is compared with the usual alternative in the same run.
//!
//! The child is this `arena` executable with the hidden subcommand [`CHILD_SUBCOMMAND`]
//! `pipe-bot`: it plays `builtin:random` at Nim. Each game starts with a message `G` and
//! the bot's seed (8 bytes, little-endian); each move is `M`, the number of state words
//! (4 bytes) and the words (4 bytes each), answered with the move (4 bytes). A process
//! is started once and kept for game after game (a pool, one per seat in play).

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};

use arena_games::find_game;

use super::BenchError;
use crate::bot::{Bot, Fault, Reply};
use crate::contestant::Builtin;
use crate::referee::{Entrant, Entry};

/// The hidden subcommand the bench's children run (`pipe-bot`, or `ceiling`).
pub const CHILD_SUBCOMMAND: &str = "__bench-child";

/// The most state words a message may carry.
const MAX_WORDS: u32 = 1 << 20;

fn io(e: std::io::Error) -> BenchError {
    BenchError::Setup(format!("pipe bot: {e}"))
}

/// The child's side: serves `builtin:random` at Nim on `input`/`output` until the input
/// ends.
///
/// # Errors
/// [`BenchError`] on a malformed message or a failed read or write.
pub fn serve(input: impl Read, output: impl Write) -> Result<(), BenchError> {
    let kind = find_game("nim").map_err(|e| BenchError::Setup(e.to_string()))?;
    let builtin =
        Builtin::new(kind, "random", None).map_err(|e| BenchError::Setup(e.to_string()))?;
    let (mut input, mut output) = (BufReader::new(input), BufWriter::new(output));
    let mut bot: Option<Box<dyn Bot>> = None;
    let mut words = Vec::new();
    loop {
        let mut tag = [0u8; 1];
        match input.read_exact(&mut tag) {
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(()),
            r => r.map_err(io)?,
        }
        match tag[0] {
            b'G' => {
                let mut seed = [0u8; 8];
                input.read_exact(&mut seed).map_err(io)?;
                bot = Some(
                    builtin
                        .enter(u64::from_le_bytes(seed))
                        .map_err(|e| BenchError::Setup(format!("pipe bot: no bot: {e:?}")))?,
                );
            }
            b'M' => {
                let mut n = [0u8; 4];
                input.read_exact(&mut n).map_err(io)?;
                let n = u32::from_le_bytes(n);
                if n > MAX_WORDS {
                    return Err(BenchError::Setup(format!("pipe bot: {n} words")));
                }
                let mut bytes = vec![0u8; n as usize * 4];
                input.read_exact(&mut bytes).map_err(io)?;
                words.clear();
                words.extend(
                    bytes
                        .chunks_exact(4)
                        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]])),
                );
                let bot = bot
                    .as_mut()
                    .ok_or_else(|| BenchError::Setup("pipe bot: a move before a game".into()))?;
                let reply = bot.choose_move(&words)?;
                output.write_all(&reply.raw.to_le_bytes()).map_err(io)?;
                output.flush().map_err(io)?;
            }
            other => return Err(BenchError::Setup(format!("pipe bot: message {other}"))),
        }
    }
}

/// One kept-alive child and its pipes.
struct Process {
    child: Child,
    to: BufWriter<ChildStdin>,
    from: ChildStdout,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Children waiting for their next game.
type Pool = Arc<Mutex<Vec<Process>>>;

/// An entrant whose bots are child processes over pipes.
pub struct PipeEntrant {
    exe: PathBuf,
    pool: Pool,
}

impl PipeEntrant {
    /// Children run `exe` (this `arena` executable).
    pub fn new(exe: &Path) -> PipeEntrant {
        PipeEntrant {
            exe: exe.to_path_buf(),
            pool: Arc::default(),
        }
    }

    fn spawn(&self) -> std::io::Result<Process> {
        let mut child = Command::new(&self.exe)
            .args([CHILD_SUBCOMMAND, "pipe-bot"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let (to, from) = (child.stdin.take(), child.stdout.take());
        match (to, from) {
            (Some(to), Some(from)) => Ok(Process {
                child,
                to: BufWriter::new(to),
                from,
            }),
            _ => Err(std::io::Error::other("no pipes")),
        }
    }
}

/// A bot playing one game in a child of the pool.
struct PipeBot {
    process: Option<Process>,
    pool: Pool,
}

impl Drop for PipeBot {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            self.pool.lock().unwrap_or_else(|e| e.into_inner()).push(p);
        }
    }
}

impl Bot for PipeBot {
    fn choose_move(&mut self, words: &[i32]) -> Result<Reply, Fault> {
        let fail = |e: std::io::Error| Fault::Trap(format!("pipe bot: {e}"));
        let p = self
            .process
            .as_mut()
            .ok_or_else(|| Fault::Trap("pipe bot: no process".into()))?;
        let mut msg = Vec::with_capacity(5 + words.len() * 4);
        msg.push(b'M');
        msg.extend_from_slice(&(words.len() as u32).to_le_bytes());
        for w in words {
            msg.extend_from_slice(&w.to_le_bytes());
        }
        p.to.write_all(&msg)
            .and_then(|()| p.to.flush())
            .map_err(fail)?;
        let mut raw = [0u8; 4];
        p.from.read_exact(&mut raw).map_err(fail)?;
        Ok(Reply {
            raw: i32::from_le_bytes(raw),
            fuel: 0,
        })
    }
}

impl Entrant for PipeEntrant {
    fn enter(&self, seed: u64) -> Result<Box<dyn Bot>, Entry> {
        let kept = self.pool.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut process = match kept {
            Some(p) => p,
            None => self
                .spawn()
                .map_err(|e| Entry::Disqualified(format!("pipe bot: {e}")))?,
        };
        let mut msg = vec![b'G'];
        msg.extend_from_slice(&seed.to_le_bytes());
        process
            .to
            .write_all(&msg)
            .map_err(|e| Entry::Fault(Fault::Trap(format!("pipe bot: {e}"))))?;
        Ok(Box::new(PipeBot {
            process: Some(process),
            pool: self.pool.clone(),
        }))
    }
}
