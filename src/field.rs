//! The field: the bots of a command, each loaded once.
//!
//! Every command that plays bots loads them here: `tournament` and `verify` a whole field
//! ([`Field::load`]), `match` and `play` one bot per name ([`load_one`]), `check` one file
//! ([`read`], then [`compile`]), the bench its embedded examples ([`compile`]). A bot is a
//! builtin (`builtin:NAME[:DEPTH]`, [`crate::contestant::BotSpec`]) or a file: a `.wasm` or
//! `.wat` module, or a Python script (`.py`). A file is read through
//! [`crate::module_file::read`] (no links, FIFOs or devices; at most the cap read) and
//! compiled through [`crate::python::load_bot_bytes`] (a script becomes the sandbox's
//! pre-initialised interpreter with the script as its input), which goes through the
//! sandbox's module cache. A field's files are first read and hashed to find those with
//! the same bytes: each such group is compiled and tried once, and its other files share
//! the first one's module under their own names.

use std::path::{Path, PathBuf};

use arena_games::registry::TableKind;
use arena_games::{GameKind, GameParams};
use sha2::{Digest, Sha256};

use crate::bot::Fault;
use crate::bot_name::{escape_message, escape_path};
use crate::contestant::{
    module_name, BotSpec, BotSpecError, Builtin, BuiltinError, Disqualified, Wasm,
};
use crate::module_file::ReadError;
use crate::python::{is_script, SCRIPT_CAP};
use crate::referee::{one_line, Entrant};
use crate::runtime::{check_plays, human_bytes, LoadError, Sandbox, WasmModule};
use crate::submissions::{Candidate, Source};

/// One bot of a tournament's field.
pub struct Participant {
    /// Its name (unique).
    pub name: String,
    /// Where it came from, for the manifest.
    pub source: String,
    /// The module's SHA-256, empty for builtins.
    pub sha256: String,
    /// A gauntlet reference (plays every submission, is not ranked with them).
    pub reference: bool,
    /// Why it cannot play, if it cannot (it stays in the standings and forfeits).
    pub disqualified: Option<String>,
    /// The student, as a learning platform's download names them (for the manifest).
    pub lms: Option<crate::submissions::lms::Identity>,
    /// What fields its bots.
    pub entrant: Box<dyn Entrant>,
}

/// Why a bot file cannot play (its words become a disqualification's reason).
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The file could not be read safely.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// The bytes do not compile or do not follow the ABI (or a script is too large).
    #[error("{0}")]
    Load(#[from] LoadError),
    /// A trial instance fails.
    #[error("cannot be instantiated: {0}")]
    Instantiate(Fault),
    /// The module does not declare the game of the table model it is loaded for.
    #[error("{0}")]
    Plays(#[from] crate::runtime::PlaysRefusal),
    /// arena could not load the module on a thread (the machine's problem, never the
    /// bot's): the whole load fails with [`FieldError::Harness`], nobody is disqualified.
    #[error("{0}")]
    Harness(String),
    /// A module inside a zip archive that cannot be read (refused, or too large).
    #[error("{0}")]
    Archive(#[from] crate::submissions::zipped::ArchivedReadError),
}

impl Refusal {
    /// What the machine could not do, when the refusal is the machine's problem and not
    /// the module's (a thread that cannot load it, a compiler that cannot be started, ran
    /// starved or failed by itself, the Python interpreter unprepared, a trial instance
    /// the harness could not make, no file descriptor or memory left to read the file):
    /// the field's load then fails instead of disqualifying anybody.
    pub fn machine_problem(&self) -> Option<String> {
        match self {
            Refusal::Harness(why) => Some(why.clone()),
            Refusal::Load(e) if e.is_machine_problem() => Some(e.to_string()),
            Refusal::Instantiate(fault)
            | Refusal::Plays(crate::runtime::PlaysRefusal::Fault { fault, .. }) => {
                fault.harness_problem().map(str::to_string)
            }
            Refusal::Read(e) if e.is_machine_problem() => Some(e.to_string()),
            _ => None,
        }
    }
}

/// A bot file compiled, or the reason it cannot play, with the SHA-256 of the bytes read
/// (empty when the file could not be read).
pub struct Compiled {
    /// The hash of the file's bytes, hex.
    pub sha256: String,
    /// The module, or why there is none.
    pub result: Result<WasmModule, Refusal>,
}

/// Reads the bot file at `path` once, through the one safe reader: a module up to the
/// sandbox's module cap, a Python script up to [`SCRIPT_CAP`].
///
/// # Errors
/// [`Refusal::Read`] when the file cannot be read safely, [`Refusal::Load`] with
/// [`LoadError::ScriptTooLarge`] for a script past its cap.
pub fn read(sandbox: &Sandbox, path: &Path) -> Result<Vec<u8>, Refusal> {
    if !is_script(path) {
        return Ok(crate::module_file::read(
            path,
            sandbox.limits().module_bytes,
        )?);
    }
    crate::module_file::read(path, SCRIPT_CAP).map_err(|e| match e {
        ReadError::TooLarge { size, cap } => Refusal::Load(LoadError::ScriptTooLarge {
            size: human_bytes(size),
            cap: human_bytes(cap),
        }),
        e => Refusal::Read(e),
    })
}

/// Compiles `bytes`, the content of the bot file at `path`, as the bot `name`: a Python
/// bot when `path` ends in `.py`, a module otherwise. The bytes are hashed once (by the
/// loader, or here when they are refused).
pub fn compile(sandbox: &Sandbox, name: &str, path: &Path, bytes: &[u8]) -> Compiled {
    let loaded = crate::python::load_bot_bytes(sandbox, name, path, bytes);
    let sha256 = match &loaded {
        Ok(module) => module.sha256().to_string(),
        Err(_) => hex::encode(Sha256::digest(bytes)),
    };
    Compiled {
        sha256,
        result: loaded.map_err(Refusal::from),
    }
}

/// [`read`], then [`compile`].
pub fn load_module(sandbox: &Sandbox, name: &str, path: &Path) -> Compiled {
    match read(sandbox, path) {
        Ok(bytes) => compile(sandbox, name, path, &bytes),
        Err(e) => Compiled {
            sha256: String::new(),
            result: Err(e),
        },
    }
}

/// The path a module source is compiled as (its extension says whether it is a script):
/// the file, or an archive entry's own file name.
fn kind_path(source: &Source) -> Option<&Path> {
    match source {
        Source::Module(path) => Some(path),
        Source::Archived(a) => Some(Path::new(&a.file_name)),
        Source::Builtin { .. } => None,
    }
}

/// The path messages show for a module source: the file, or `ARCHIVE/ENTRY`.
fn shown_path(source: &Source) -> Option<&Path> {
    match source {
        Source::Module(path) => Some(path),
        Source::Archived(a) => Some(&a.shown),
        Source::Builtin { .. } => None,
    }
}

/// Reads a module source once: a file through [`read`], an archive's entry through
/// [`crate::submissions::zipped::read`] under the same caps.
///
/// # Errors
/// As [`read`], and [`Refusal::Archive`] for an entry that cannot be read.
pub fn read_source(sandbox: &Sandbox, source: &Source) -> Result<Vec<u8>, Refusal> {
    match source {
        Source::Archived(a) => {
            let cap = if is_script(Path::new(&a.file_name)) {
                SCRIPT_CAP
            } else {
                sandbox.limits().module_bytes
            };
            Ok(crate::submissions::zipped::read(a, cap)?)
        }
        Source::Module(path) => read(sandbox, path),
        Source::Builtin { .. } => Ok(Vec::new()),
    }
}

/// [`read_source`], then [`compile`].
fn load_source(sandbox: &Sandbox, name: &str, source: &Source) -> Compiled {
    match (read_source(sandbox, source), kind_path(source)) {
        (Ok(bytes), Some(path)) => compile(sandbox, name, path, &bytes),
        (Err(e), _) => Compiled {
            sha256: String::new(),
            result: Err(e),
        },
        (Ok(_), None) => Compiled {
            sha256: String::new(),
            result: Err(Refusal::Harness("a builtin is not a module".into())),
        },
    }
}

/// Why a field cannot be loaded (a module that does not load is no such reason: it is
/// disqualified).
#[derive(Debug, thiserror::Error)]
pub enum FieldError {
    /// A builtin the game cannot field, with the name it was given.
    #[error("{name}: {why}")]
    Builtin {
        /// The bot's name.
        name: String,
        /// Why (said in the message, not repeated as the error's source).
        why: BuiltinError,
    },
    /// arena could not prepare a module ([`Refusal::machine_problem`]: its compiler could
    /// not be started, was starved or failed by itself, a thread could not load it, no
    /// file descriptor left, the memory image refused by the system): a problem of the
    /// machine, so nothing is played rather than the bot disqualified.
    #[error(
        "{name}: arena could not prepare this module ({why}); this is a problem of the \
         machine running arena, not of the bot: nothing was played"
    )]
    Harness {
        /// The bot's name.
        name: String,
        /// What the system refused.
        why: String,
    },
}

/// A field loaded for play.
pub struct Field {
    /// The bots, in the candidates' order.
    pub participants: Vec<Participant>,
    /// Each disqualified module's path and reason (escaped, on one line), in order.
    pub disqualified: Vec<(PathBuf, String)>,
}

impl Field {
    /// Loads `candidates` for `game`: builtins checked first (search depth `depth` unless
    /// they name their own), then modules read, hashed and compiled in parallel before
    /// play starts (files with the same bytes once, when they load). A module that does
    /// not load, or whose trial instance (seed 0) fails (its `start` traps or runs out of
    /// fuel), is disqualified, as the ABI says: it stays in the standings and forfeits
    /// every game.
    ///
    /// # Errors
    /// [`FieldError`] for a builtin the game cannot field.
    pub fn load(
        candidates: &[Candidate],
        game: &'static dyn GameKind,
        depth: Option<u32>,
        sandbox: &Sandbox,
    ) -> Result<Field, FieldError> {
        Field::load_with(
            candidates,
            sandbox,
            |name, strategy, d| {
                Builtin::new(game, strategy, d.or(depth))
                    .map(|b| Box::new(b) as Box<dyn Entrant>)
                    .map_err(|why| FieldError::Builtin {
                        name: name.to_string(),
                        why,
                    })
            },
            |_| Ok(()),
        )
    }

    /// [`Field::load`] for any game: `builtin(name, strategy, depth)` fields a builtin (or
    /// says why the game cannot), and `accepts` is asked of every module that loaded and
    /// passed its trial instance (a game of the table model asks the module's
    /// declaration): a module it refuses is disqualified with the reason.
    ///
    /// # Errors
    /// The first builtin's error; [`FieldError::Harness`] when a module cannot be loaded
    /// on a thread.
    pub fn load_with(
        candidates: &[Candidate],
        sandbox: &Sandbox,
        builtin: impl Fn(&str, &str, Option<u32>) -> Result<Box<dyn Entrant>, FieldError>,
        accepts: impl Fn(&WasmModule) -> Result<(), Refusal> + Sync,
    ) -> Result<Field, FieldError> {
        let mut builtins = Vec::new();
        for c in candidates {
            if let Source::Builtin { strategy, depth: d } = &c.source {
                builtins.push(builtin(c.name.as_str(), strategy, *d)?);
            }
        }
        let modules = load_modules(candidates, sandbox, &accepts);
        let mut builtins = builtins.into_iter();
        let mut field = Field {
            participants: Vec::new(),
            disqualified: Vec::new(),
        };
        for (c, compiled) in candidates.iter().zip(modules) {
            let (entrant, sha256, disqualified): (Box<dyn Entrant>, String, Option<String>) =
                match (shown_path(&c.source), compiled) {
                    (Some(path), Some(compiled)) => match compiled.result {
                        Ok(module) => (Box::new(Wasm(module)), compiled.sha256, None),
                        Err(refusal) => {
                            if let Some(why) = refusal.machine_problem() {
                                return Err(FieldError::Harness {
                                    name: c.name.as_str().to_string(),
                                    why,
                                });
                            }
                            let reason = escape_message(&one_line(&refusal.to_string()));
                            field
                                .disqualified
                                .push((path.to_path_buf(), reason.clone()));
                            (
                                Box::new(Disqualified(reason.clone())),
                                compiled.sha256,
                                Some(reason),
                            )
                        }
                    },
                    _ => {
                        let builtin = builtins.next().expect("one per builtin candidate");
                        (builtin, String::new(), None)
                    }
                };
            field.participants.push(Participant {
                name: c.name.as_str().to_string(),
                source: c.file.clone(),
                sha256,
                reference: c.reference,
                disqualified,
                lms: c.source.identity().cloned(),
                entrant,
            });
        }
        Ok(field)
    }
}

/// Every module candidate compiled and tried (`None` for builtins), in order, each
/// refused when `accepts` refuses it. Files with the same bytes (students who hand in the
/// template unchanged) are compiled and tried once: the first of them loads, and the
/// others share its module under their own names.
fn load_modules(
    candidates: &[Candidate],
    sandbox: &Sandbox,
    accepts: &(impl Fn(&WasmModule) -> Result<(), Refusal> + Sync),
) -> Vec<Option<Compiled>> {
    use rayon::prelude::*;
    let load = |c: &Candidate| match &c.source {
        Source::Module(_) | Source::Archived(_) => {
            let compiled = trial(load_source(sandbox, c.name.as_str(), &c.source));
            Some(Compiled {
                result: compiled
                    .result
                    .and_then(|module| accepts(&module).map(|()| module)),
                ..compiled
            })
        }
        Source::Builtin { .. } => None,
    };
    let keys: Vec<Option<ContentKey>> = candidates
        .par_iter()
        .map(|c| content_key(sandbox, c))
        .collect();
    let leads = first_of_each(&keys);
    let firsts: Vec<Option<Compiled>> = candidates
        .par_iter()
        .enumerate()
        .map(|(i, c)| if leads[i] == i { load(c) } else { None })
        .collect();
    let others: Vec<Option<Compiled>> = candidates
        .par_iter()
        .enumerate()
        .map(|(i, c)| {
            if leads[i] == i {
                return None;
            }
            // A refused (or since changed) first file: this one loads by itself, and is
            // refused in its own words.
            shared_copy(&firsts[leads[i]], keys[i].as_ref(), c.name.as_str()).or_else(|| load(c))
        })
        .collect();
    firsts
        .into_iter()
        .zip(others)
        .map(|(a, b)| a.or(b))
        .collect()
}

/// A copy named `name`, with content `key`, of the group's first file `lead`: `lead`'s
/// module under that name when it loaded from the same bytes (the file may have changed
/// between the two reads), `None` when the copy must load by itself.
fn shared_copy(lead: &Option<Compiled>, key: Option<&ContentKey>, name: &str) -> Option<Compiled> {
    match lead {
        Some(Compiled {
            sha256,
            result: Ok(module),
        }) if key.is_some_and(|k| &k.sha256 == sha256) => Some(Compiled {
            sha256: sha256.clone(),
            result: Ok(module.renamed(name)),
        }),
        _ => None,
    }
}

/// What makes two module files the same bot: the SHA-256 of their bytes, and whether
/// they are a Python script (the same bytes compile differently as a script).
#[derive(Clone, PartialEq, Eq, Hash)]
struct ContentKey {
    sha256: String,
    script: bool,
}

/// The content key of a module candidate, read through the one safe reader (`None` for
/// a builtin, or a file that cannot be read: it then loads, and is refused, by itself).
/// The bytes are not kept: a field's files are read again one at a time to compile.
fn content_key(sandbox: &Sandbox, candidate: &Candidate) -> Option<ContentKey> {
    let path = kind_path(&candidate.source)?;
    let bytes = read_source(sandbox, &candidate.source).ok()?;
    Some(ContentKey {
        sha256: hex::encode(Sha256::digest(&bytes)),
        script: is_script(path),
    })
}

/// For each position, the first position with the same key (itself when it has none).
fn first_of_each(keys: &[Option<ContentKey>]) -> Vec<usize> {
    let mut first: std::collections::HashMap<&ContentKey, usize> = std::collections::HashMap::new();
    keys.iter()
        .enumerate()
        .map(|(i, key)| match key {
            Some(key) => *first.entry(key).or_insert(i),
            None => i,
        })
        .collect()
}

/// `compiled`, refused when its trial instance (seed 0) fails, or when this thread
/// cannot load it ([`Refusal::Harness`]: not the bot's doing).
fn trial(compiled: Compiled) -> Compiled {
    let result = compiled.result.and_then(|module| {
        module.load_on_this_thread().map_err(Refusal::Harness)?;
        module
            .instantiate(0)
            .map(|_| module)
            .map_err(Refusal::Instantiate)
    });
    Compiled { result, ..compiled }
}

/// One bot named on the command line, ready to enter games, with its display name.
pub struct Named {
    /// The builtin's name as typed, or the module's file stem.
    pub name: String,
    /// What fields its bots.
    pub entrant: Box<dyn Entrant>,
}

/// Why a bot named on the command line cannot play.
#[derive(Debug, thiserror::Error)]
pub enum NamedError {
    /// The name names no bot.
    #[error(transparent)]
    Spec(#[from] BotSpecError),
    /// A builtin the game cannot field.
    #[error(transparent)]
    Builtin(#[from] BuiltinError),
    /// A file that cannot play, with its path.
    #[error("{}: {refusal}", escape_path(path))]
    Module {
        /// The file.
        path: PathBuf,
        /// Why.
        refusal: Refusal,
    },
}

/// Loads the bot `spec` names (`builtin:NAME[:DEPTH]` or a file) for `game`, a builtin
/// searching `depth` deep unless it names its own. A module is not tried here: a module
/// whose instances fail forfeits its games.
///
/// # Errors
/// [`NamedError`] naming what is wrong.
pub fn load_one(
    spec: &str,
    game: &'static dyn GameKind,
    depth: Option<u32>,
    sandbox: &Sandbox,
) -> Result<Named, NamedError> {
    match spec.parse::<BotSpec>()? {
        BotSpec::Builtin { strategy, depth: d } => Ok(Named {
            name: spec.to_string(),
            entrant: Box::new(Builtin::new(game, &strategy, d.or(depth))?),
        }),
        BotSpec::Path(path) => {
            let name = module_name(&path);
            match load_module(sandbox, &path.display().to_string(), &path).result {
                Ok(module) => Ok(Named {
                    name,
                    entrant: Box::new(Wasm(module)),
                }),
                Err(refusal) => Err(NamedError::Module { path, refusal }),
            }
        }
    }
}

/// [`load_one`] for a game of the table model: a builtin checked against `params`, a
/// module asked whether it plays the game with `seats` seats (`arena_plays`).
///
/// # Errors
/// [`NamedError`] naming what is wrong.
pub fn load_one_table(
    spec: &str,
    game: &'static dyn TableKind,
    params: &GameParams,
    seats: u8,
    sandbox: &Sandbox,
) -> Result<Named, NamedError> {
    match spec.parse::<BotSpec>()? {
        BotSpec::Builtin { strategy, depth } => Ok(Named {
            name: spec.to_string(),
            entrant: Box::new(Builtin::at_table(
                game,
                &strategy,
                depth,
                std::slice::from_ref(params),
            )?),
        }),
        BotSpec::Path(path) => {
            let name = module_name(&path);
            let info = game.info();
            let loaded = load_module(sandbox, &path.display().to_string(), &path)
                .result
                .and_then(|module| {
                    check_plays(&module, info.id, info.name, seats)?;
                    Ok(module)
                });
            match loaded {
                Ok(module) => Ok(Named {
                    name,
                    entrant: Box::new(Wasm(module)),
                }),
                Err(refusal) => Err(NamedError::Module { path, refusal }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot_name::BotName;
    use crate::runtime::Limits;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
    }

    fn candidate(name: &str, source: Source) -> Candidate {
        Candidate {
            name: BotName::from_text(name),
            file: name.to_string(),
            source,
            reference: false,
        }
    }

    fn game() -> &'static dyn GameKind {
        arena_games::find_game("mathtricks").unwrap()
    }

    #[test]
    fn only_the_machines_problems_are_machine_problems() {
        let io = |code| Refusal::Read(ReadError::Io(std::io::Error::from_raw_os_error(code)));
        let machine = [
            Refusal::Harness("no descriptor".into()),
            Refusal::Load(LoadError::CompilerUnavailable("no process".into())),
            Refusal::Load(LoadError::CompilerStarved {
                wall_secs: 125,
                cpu_secs: 60,
            }),
            Refusal::Load(LoadError::Compiler("exited with code 3".into())),
            Refusal::Instantiate(Fault::Harness("the pool is full".into())),
            Refusal::Plays(crate::runtime::PlaysRefusal::Fault {
                game: "tictactoe".into(),
                fault: Fault::Harness("the pool is full".into()),
            }),
            io(libc::EMFILE),
            io(libc::ENFILE),
            io(libc::ENOMEM),
        ];
        for refusal in &machine {
            assert!(refusal.machine_problem().is_some(), "{refusal}");
        }
        let the_modules = [
            Refusal::Load(LoadError::Invalid("type mismatch".into())),
            Refusal::Load(LoadError::CompileLimit("exceeded 60 s of CPU time".into())),
            Refusal::Instantiate(Fault::Instantiation("start trapped".into())),
            Refusal::Instantiate(Fault::OutOfFuel { budget: 1 }),
            Refusal::Plays(crate::runtime::PlaysRefusal::Fault {
                game: "tictactoe".into(),
                fault: Fault::Trap("unreachable".into()),
            }),
            Refusal::Read(ReadError::NotFound),
            Refusal::Read(ReadError::Symlink),
            io(libc::EACCES),
        ];
        for refusal in &the_modules {
            assert_eq!(refusal.machine_problem(), None, "{refusal}");
        }
    }

    #[test]
    fn a_field_loads_each_file_once_and_disqualifies_what_cannot_play() {
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let greedy = fixture("bots/greedy.wasm");
        let candidates = [
            candidate(
                "builtin:random",
                Source::Builtin {
                    strategy: "random".into(),
                    depth: None,
                },
            ),
            candidate("greedy", Source::Module(greedy.clone())),
            candidate(
                "loop_in_start",
                Source::Module(fixture("tests/fixtures/hostile/loop_in_start.wat")),
            ),
            candidate("gone", Source::Module(fixture("no/such.wasm"))),
        ];
        let field = Field::load(&candidates, game(), None, &sandbox).unwrap();
        let p = &field.participants;
        assert_eq!(p.len(), 4);
        assert_eq!((p[0].sha256.as_str(), &p[0].disqualified), ("", &None));
        let bytes = std::fs::read(&greedy).unwrap();
        assert_eq!(p[1].sha256, hex::encode(Sha256::digest(&bytes)));
        assert_eq!(p[1].disqualified, None);
        // Loads, but its trial instance runs out of fuel: hashed, and disqualified.
        assert!(!p[2].sha256.is_empty());
        assert!(p[2]
            .disqualified
            .as_ref()
            .unwrap()
            .starts_with("cannot be instantiated"));
        assert_eq!(p[3].sha256, "");
        assert_eq!(p[3].disqualified.as_deref(), Some("no such file"));
        let paths: Vec<&PathBuf> = field.disqualified.iter().map(|(p, _)| p).collect();
        assert_eq!(paths.len(), 2);
        assert!(paths[0].ends_with("loop_in_start.wat") && paths[1].ends_with("such.wasm"));
    }

    /// Candidates named `names`, each a copy of `from` in `dir` (its extension kept).
    fn copied(dir: &Path, from: &Path, names: &[&str]) -> Vec<Candidate> {
        let ext = from.extension().unwrap().to_str().unwrap();
        names
            .iter()
            .map(|name| {
                let to = dir.join(format!("{name}.{ext}"));
                std::fs::copy(from, &to).unwrap();
                candidate(name, Source::Module(to))
            })
            .collect()
    }

    #[test]
    fn files_with_the_same_bytes_are_compiled_once_and_keep_their_names() {
        let dir = tempfile::tempdir().unwrap();
        let mut candidates = copied(dir.path(), &fixture("bots/greedy.wasm"), &["a", "b", "c"]);
        candidates.extend(copied(dir.path(), &fixture("bots/random.wasm"), &["d"]));
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let modules: Vec<WasmModule> = load_modules(&candidates, &sandbox, &|_| Ok(()))
            .into_iter()
            .map(|c| c.unwrap().result.unwrap())
            .collect();
        let names: Vec<&str> = modules.iter().map(WasmModule::name).collect();
        assert_eq!(names, ["a", "b", "c", "d"]);
        assert!(modules[0].shares_code_with(&modules[1]));
        assert!(modules[0].shares_code_with(&modules[2]));
        assert!(!modules[0].shares_code_with(&modules[3]));
        assert_eq!(modules[1].sha256(), modules[0].sha256());
        assert_ne!(modules[3].sha256(), modules[0].sha256());
        // Each plays its own games, from a fresh instance.
        for module in &modules[..3] {
            assert!(module.instantiate(1).is_ok(), "{}", module.name());
        }
    }

    #[test]
    fn a_copy_loads_by_itself_when_its_first_file_was_refused_or_has_changed() {
        let dir = tempfile::tempdir().unwrap();
        let candidates = copied(dir.path(), &fixture("bots/greedy.wasm"), &["x", "y"]);
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        // A refusal that depends on the name: the copy is asked for itself, and accepted.
        let only_x = |m: &WasmModule| {
            if m.name() == "x" {
                Err(Refusal::Harness("not x".into()))
            } else {
                Ok(())
            }
        };
        let loaded = load_modules(&candidates, &sandbox, &only_x);
        assert!(loaded[0].as_ref().unwrap().result.is_err());
        assert_eq!(
            loaded[1].as_ref().unwrap().result.as_ref().unwrap().name(),
            "y"
        );
        // A copy whose bytes were not the ones the first file compiled from.
        let lead = load_modules(&candidates[..1], &sandbox, &|_| Ok(())).remove(0);
        let sha256 = lead.as_ref().unwrap().sha256.clone();
        let key = |sha256: &str| ContentKey {
            sha256: sha256.to_string(),
            script: false,
        };
        assert!(shared_copy(&lead, Some(&key("0badc0de")), "y").is_none());
        assert!(shared_copy(&lead, None, "y").is_none());
        let copy = shared_copy(&lead, Some(&key(&sha256)), "y").unwrap();
        assert_eq!(copy.sha256, sha256);
        let copy = copy.result.unwrap();
        assert_eq!(copy.name(), "y");
        assert!(copy.shares_code_with(lead.unwrap().result.as_ref().unwrap()));
    }

    #[test]
    fn copies_of_a_python_bot_each_play_their_script() {
        let dir = tempfile::tempdir().unwrap();
        let candidates = copied(dir.path(), &fixture("bots/py_greedy.py"), &["p", "q"]);
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let field = Field::load(&candidates, game(), None, &sandbox).unwrap();
        let [p, q] = &field.participants[..] else {
            panic!("two participants");
        };
        assert_eq!(
            (p.disqualified.as_ref(), q.disqualified.as_ref()),
            (None, None)
        );
        assert_eq!(p.sha256, q.sha256);
        // The copy was never tried by itself: it must still read its script, and play.
        let start = crate::referee::at_table(game())
            .new_game(&GameParams::sized(5, 5), 1)
            .unwrap();
        let record = crate::referee::play(start, &[&*p.entrant, &*q.entrant], &[1, 2]);
        assert_eq!(record.culprit(), None, "{}", record.end.reason());
        assert!(record.moves.len() > 2);
    }

    #[test]
    fn a_refused_file_refuses_each_of_its_copies_in_its_own_words() {
        let dir = tempfile::tempdir().unwrap();
        let loops = fixture("tests/fixtures/hostile/loop_in_start.wat");
        let candidates = copied(dir.path(), &loops, &["x", "y"]);
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let field = Field::load(&candidates, game(), None, &sandbox).unwrap();
        let reasons: Vec<&str> = field
            .participants
            .iter()
            .map(|p| p.disqualified.as_deref().unwrap())
            .collect();
        assert!(
            reasons[0].starts_with("cannot be instantiated"),
            "{reasons:?}"
        );
        assert_eq!(reasons[0], reasons[1]);
        assert_eq!(field.disqualified.len(), 2);
    }

    #[test]
    fn a_script_and_a_module_with_the_same_bytes_are_different_bots() {
        let key = |script| ContentKey {
            sha256: "ab".into(),
            script,
        };
        let keys = [
            Some(key(false)),
            None,
            Some(key(true)),
            Some(key(false)),
            None,
        ];
        assert_eq!(first_of_each(&keys), [0, 1, 2, 0, 4]);
    }

    #[test]
    fn a_builtin_the_game_lacks_stops_the_field_before_any_compile() {
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let candidates = [candidate(
            "builtin:nosuch",
            Source::Builtin {
                strategy: "nosuch".into(),
                depth: None,
            },
        )];
        let Err(err) = Field::load(&candidates, game(), None, &sandbox) else {
            panic!("an unknown builtin loaded");
        };
        assert!(err.to_string().starts_with("builtin:nosuch: "), "{err}");
    }

    #[test]
    fn one_bot_is_named_by_its_file_stem_or_as_typed() {
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let spec = fixture("bots/greedy.wasm").display().to_string();
        assert_eq!(
            load_one(&spec, game(), None, &sandbox).unwrap().name,
            "greedy"
        );
        let b = load_one("builtin:alphabeta:2", game(), None, &sandbox).unwrap();
        assert_eq!(b.name, "builtin:alphabeta:2");
        let err = load_one("no/such.wasm", game(), None, &sandbox)
            .err()
            .unwrap();
        assert_eq!(err.to_string(), "no/such.wasm: no such file");
        assert!(load_one("builtin:", game(), None, &sandbox).is_err());
    }

    #[test]
    fn a_script_is_read_under_the_script_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.py");
        std::fs::write(&path, vec![b'#'; SCRIPT_CAP as usize + 1]).unwrap();
        let sandbox = Sandbox::new(Limits::default()).unwrap();
        let err = read(&sandbox, &path).unwrap_err();
        assert!(err.to_string().contains("cap of a Python bot"), "{err}");
    }
}
