//! arena's Python bot: the RustPython interpreter in one `wasm32-wasip1` module that runs
//! a student's `bot.py` under the ordinary bot ABI (`docs/ABI.md`, `docs/PYTHON.md`).
//!
//! The module is never handed to the referee as it is built. arena pre-initialises it
//! (`src/python/` in the arena crate): it instantiates the module, calls
//! [`arena_py_init`] (the interpreter and the Python view of a state,
//! `src/prelude.py`), writes the script where [`arena_py_script`] points and calls
//! [`arena_py_load`] (the script's top level runs, `choose` is looked up), then writes a
//! new module whose memory and globals start where these calls left them. That snapshot
//! is the bot: its `choose_move` turns the state words into a Python `State` (decoded
//! and with its legal moves listed by arena-sdk) and calls `choose(state)`.
//!
//! The script's imports go through one guard, in Rust (`guard.rs`), over the modules
//! `modules.rs` offers: pure-Python ones compiled in (`frozen.rs`, `lib/`) and two native
//! ones (`math`, `_random`: `stdlib/`).
//!
//! A Python exception, or a `choose` that returns something other than an `int` that
//! fits in 32 bits, is logged (the traceback, then one line starting with
//! [`FAULT_MARKER`], which arena shows as the fault in Python's words) and the module
//! traps, so the referee's fault names it.

#![allow(clippy::module_inception)]

#[macro_use]
extern crate rustpython_derive;

mod frozen;
mod guard;
mod modules;
mod stdlib {
    pub(crate) mod math;
    pub(crate) mod random;
}

pub(crate) use rustpython_vm as vm;
pub(crate) use rustpython_vm::common;

use std::cell::{Cell, RefCell};

use arena_sdk::debug_log;
use arena_sdk::games::abi;
use arena_sdk::games::abi::{is_table_header, split_table, TableHeader};
use arena_sdk::games::game::Observed;
use arena_sdk::games::registry::{
    decode_for_bot, is_two_seat_game, table_seats, visit_game, visit_table_game,
    ExtraStrategies, GameVisitor, TableStrategies, TableVisitor,
};
use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{Interpreter, PyObjectRef, Settings, VirtualMachine};

/// A custom section that says what this module is, kept by pre-initialisation and by
/// `arena pack`: arena reads it (`arena::python::is_interpreter`) to speak of a packed
/// Python bot as one (its size is the interpreter's, not the student's).
#[used]
#[link_section = "arena.python"]
static MARKER: [u8; 26] = *b"arena's Python interpreter";

/// The Python view of a state (`State`, `Pawn`, `Cell`) and the import guard.
const PRELUDE: &str = include_str!("prelude.py");

/// Python's recursion limit: a `RecursionError` before the 512 KiB wasm stack (the
/// default `--stack-kib`) overflows, which happens between 200 and 400 nested calls of a
/// plain Python function.
const RECURSION_LIMIT: usize = 150;

/// The file name tracebacks give a script whose input names none.
const DEFAULT_NAME: &str = "bot.py";

/// How the line that says why a move failed starts: arena shows the rest as the fault
/// (`src/bot.rs`), without the wasm trap behind it.
const FAULT_MARKER: &str = "python: ";

/// How the line that says why the script did not load starts (arena's
/// `src/python/refusal.rs` reads it and words the reason itself).
const LOAD_MARKER: &str = "arena-python: ";

/// The interpreter and what the script defined.
struct Python {
    interpreter: Interpreter,
    /// The prelude's `_arena_state`.
    make_state: PyObjectRef,
    /// The script's globals.
    scope: Scope,
    /// The script's `choose`, once the script has loaded.
    choose: Option<PyObjectRef>,
    /// The script's file name, as tracebacks and messages give it.
    name: String,
    /// The import guard, which knows what was imported.
    guard: guard::Guard,
}

thread_local! {
    static PYTHON: RefCell<Option<Python>> = const { RefCell::new(None) };
    /// Where the referee writes the state words (`arena_alloc`).
    static STATE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// Where arena writes the script before [`arena_py_load`].
    static SCRIPT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// Set by [`arena_py_pack`]: `random` is seeded again at the first move, since a
    /// packed bot's script loaded once, when it was packed, not in each game.
    static RESEED_AT_FIRST_MOVE: Cell<bool> = const { Cell::new(false) };
}

#[link(wasm_import_module = "wasi_snapshot_preview1")]
extern "C" {
    /// WASI's `random_get`: in arena, the bytes of a stream seeded by the game's bot seed
    /// (never the host's randomness), so a game draws the same numbers on every run.
    #[link_name = "random_get"]
    fn wasi_random_get(buf: *mut u8, len: usize) -> i32;
}

/// 64 bits of the game's random stream (`random_get`).
fn game_seed() -> u64 {
    let mut bytes = [0u8; 8];
    // SAFETY: the buffer is 8 writable bytes; `random_get` writes at most `len` bytes.
    let errno = unsafe { wasi_random_get(bytes.as_mut_ptr(), bytes.len()) };
    if errno != 0 {
        harness_fail("random_get failed");
    }
    u64::from_le_bytes(bytes)
}

/// Logs `message` as the line the referee attaches to the trap, and traps: a fault of
/// the script, in Python's words.
fn fail(message: &str) -> ! {
    debug_log(&format!("{FAULT_MARKER}{message}"));
    std::process::abort()
}

/// The panic hook: a request for more memory than can exist (`[0] * 10**9`, which
/// RustPython answers with Rust's `capacity overflow` panic) is Python's `MemoryError`
/// to the student; any other panic is the interpreter's, logged as arena-sdk logs it.
fn panic_hook(info: &std::panic::PanicHookInfo<'_>) {
    match info.payload_as_str() {
        Some(message) if message.contains("capacity overflow") => debug_log(&format!(
            "{FAULT_MARKER}MemoryError: a request for more memory than can exist \
             ({message})"
        )),
        _ => arena_sdk::panics::report(info),
    }
}

/// Logs `message` as a Rust panic would, and traps: a fault of the state arena handed
/// over or of the interpreter, not of the script.
fn harness_fail(message: &str) -> ! {
    debug_log(&format!(
        "panicked at arena's Python interpreter: {message}"
    ));
    std::process::abort()
}

/// The exception's traceback, as Python prints it.
fn describe(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> String {
    let mut text = String::new();
    if vm.write_exception(&mut text, exc).is_err() {
        text = "an exception that cannot be printed".to_owned();
    }
    text
}

/// The last line of a traceback (`ValueError: ...`), then the whole traceback.
fn exception_lines(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> (String, String) {
    let text = describe(vm, exc);
    let last = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    (last.trim().to_owned(), text)
}

/// Where in `name` the traceback `text` ends (`alice.py, line 12, in choose`): its last
/// frame in the script, if any.
fn script_frame(text: &str, name: &str) -> Option<String> {
    let prefix = format!("File \"{name}\", ");
    text.lines()
        .rev()
        .find_map(|l| l.trim_start().strip_prefix(&prefix))
        .map(|rest| format!("{name}, {rest}"))
}

/// Seeds the offered `random` module from the game's random stream.
pub(crate) fn seed_random(vm: &VirtualMachine, random: &PyObjectRef) {
    let seeded = random
        .get_attr("seed", vm)
        .and_then(|seed| seed.call((vm.ctx.new_int(game_seed()),), vm));
    if let Err(exc) = seeded {
        harness_fail(&format!("random.seed failed: {}", describe(vm, &exc)));
    }
}

/// Builds the interpreter, imports the offered modules, installs the import guard and
/// runs the prelude: the first step of pre-initialisation, for the snapshot every `.py`
/// bot of a run shares. Hashing is seeded with 0, so that the snapshot is the same on
/// every run.
#[no_mangle]
pub extern "C" fn arena_py_init() {
    init(true);
}

/// [`arena_py_init`] without importing the offered modules beforehand (`arena pack`:
/// the packed module carries only the modules its script imports).
#[no_mangle]
pub extern "C" fn arena_py_init_lean() {
    init(false);
}

/// [`arena_py_init`], importing the offered modules first when `preload`.
fn init(preload: bool) {
    // A Rust panic logs one line before the trap (`panic_hook`).
    std::panic::set_hook(Box::new(panic_hook));
    let mut settings = Settings::default();
    settings.hash_seed = Some(0);
    settings.import_site = false;
    settings.ignore_environment = true;
    settings.isolated = true;
    settings.allow_external_library = false;
    let interpreter = Interpreter::with_init(settings, |vm| {
        // Only the native modules of guard::NATIVE exist: no `posix`, `time`, `marshal`.
        let state = rustpython_vm::common::rc::PyRc::get_mut(&mut vm.state)
            .unwrap_or_else(|| harness_fail("the interpreter's state is shared"));
        state
            .module_inits
            .retain(|name, _| guard::NATIVE.contains(&name.as_ref()));
        vm.add_native_module("math".to_owned(), Box::new(stdlib::math::make_module));
        vm.add_native_module("_random".to_owned(), Box::new(stdlib::random::make_module));
        vm.add_frozen(frozen::modules());
    });
    let made = interpreter.enter(|vm| {
        vm.recursion_limit.set(RECURSION_LIMIT);
        let prelude = vm.new_scope_with_builtins();
        let code = vm
            .compile(PRELUDE, Mode::Exec, "<arena prelude>".to_owned())
            .unwrap_or_else(|err| harness_fail(&format!("the prelude does not compile: {err}")));
        let run = vm
            .run_code_obj(code, prelude.clone())
            .and_then(|_| guard::install(vm, preload))
            .and_then(|guard| {
                let make_state = prelude.globals.get_item("_arena_state", vm)?;
                Ok((make_state, guard))
            });
        let (make_state, guard) = run.unwrap_or_else(|exc| harness_fail(&describe(vm, &exc)));
        (make_state, guard, vm.new_scope_with_builtins())
    });
    let (make_state, guard, scope) = made;
    PYTHON.with_borrow_mut(|python| {
        *python = Some(Python {
            interpreter,
            make_state,
            scope,
            choose: None,
            name: DEFAULT_NAME.to_owned(),
            guard,
        })
    });
}

/// Called by `arena pack` after the script loaded, before the snapshot: `random` is
/// seeded from the game's stream again at a packed bot's first move.
#[no_mangle]
pub extern "C" fn arena_py_pack() {
    RESEED_AT_FIRST_MOVE.set(true);
}

/// A buffer of `len` bytes where arena writes the script's file name, a NUL byte and the
/// script's UTF-8 text (the name alone may be missing: no NUL, then the script is named
/// `bot.py`).
#[no_mangle]
pub extern "C" fn arena_py_script(len: i32) -> *mut u8 {
    SCRIPT.with_borrow_mut(|script| {
        script.clear();
        script.resize(len.max(0) as usize, 0);
        script.as_mut_ptr()
    })
}

/// The module name a script named `file` runs as (`alice.py` runs as `alice`, as
/// Python names an imported file), `bot` when its stem is no identifier or names a module
/// of the interpreter's.
fn module_name(vm: &VirtualMachine, file: &str) -> String {
    let stem = file.strip_suffix(".py").unwrap_or(file);
    let identifier = stem
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && stem.chars().all(|c| c.is_alphanumeric() || c == '_');
    let taken = vm
        .sys_module
        .get_attr("modules", vm)
        .and_then(|m| m.get_item(stem, vm))
        .is_ok();
    if identifier && !taken {
        stem.to_owned()
    } else {
        "bot".to_owned()
    }
}

/// Compiles and runs the script written at [`arena_py_script`] and finds its `choose`.
/// Returns 0 when the bot is ready; otherwise 1, after logging why (a syntax error, an
/// exception at the top level, no `choose` function) on a line starting with
/// [`LOAD_MARKER`], after the traceback's first line.
#[no_mangle]
pub extern "C" fn arena_py_load() -> i32 {
    let input = SCRIPT.with_borrow_mut(std::mem::take);
    let (name, source) = match input.iter().position(|&b| b == 0) {
        Some(at) => (
            String::from_utf8_lossy(&input[..at]).into_owned(),
            input[at + 1..].to_vec(),
        ),
        None => (DEFAULT_NAME.to_owned(), input),
    };
    let Ok(source) = String::from_utf8(source) else {
        debug_log(&format!("{LOAD_MARKER}the script is not UTF-8 text"));
        return 1;
    };
    PYTHON.with_borrow_mut(|python| {
        let Some(python) = python.as_mut() else {
            debug_log("arena_py_init was not called");
            return 1;
        };
        python.name = name.clone();
        let scope = python.scope.clone();
        let guard = &python.guard;
        let loaded = python.interpreter.enter(|vm| {
            // Each game's instance loads the script: the game's own random numbers (a
            // `random` imported later is seeded when the guard imports it).
            if let Some(random) = guard.loaded(vm, "random") {
                seed_random(vm, &random);
            }
            let module = module_name(vm, &name);
            let registered = scope
                .globals
                .set_item("__name__", vm.ctx.new_str(module.as_str()).into(), vm)
                .and_then(|()| {
                    let object = vm.new_module(&module, scope.globals.clone(), None);
                    guard.register_script(vm, &module, object.into())
                });
            if let Err(exc) = registered {
                harness_fail(&describe(vm, &exc));
            }
            let code = match vm.compile(&source, Mode::Exec, name.clone()) {
                Ok(code) => code,
                Err(err) => return Err(format!("{LOAD_MARKER}does not compile: {err}")),
            };
            if let Err(exc) = vm.run_code_obj(code, scope.clone()) {
                let (last, text) = exception_lines(vm, &exc);
                return Err(format!("{LOAD_MARKER}raised {last}\n{text}"));
            }
            match scope.globals.get_item_opt("choose", vm) {
                Ok(Some(choose)) if choose.is_callable() => Ok(choose),
                Ok(Some(_)) => Err(format!("{LOAD_MARKER}`choose` is not a function")),
                _ => Err(format!("{LOAD_MARKER}defines no `choose` function")),
            }
        });
        match loaded {
            Ok(choose) => {
                python.choose = Some(choose);
                0
            }
            Err(why) => {
                debug_log(&why);
                1
            }
        }
    })
}

/// `arena_alloc`: a buffer of at least `len` bytes for the state words.
#[no_mangle]
pub extern "C" fn arena_alloc(len: i32) -> *mut u8 {
    STATE.with_borrow_mut(|state| {
        let words = (len.max(0) as usize).div_ceil(4).max(1);
        if state.len() < words {
            state.resize(words, 0);
        }
        state.as_mut_ptr().cast()
    })
}

/// What arena-sdk knows about a state: the game's name, its legal moves (encoded), the
/// header's facts and the body.
struct Known {
    game: &'static str,
    legal_moves: Vec<i32>,
    seat: usize,
    seats: u8,
    role: Option<u8>,
    team: Option<u8>,
    ply: u32,
    seed: u64,
    body: Vec<i32>,
}

/// `arena_plays` (docs/ABI.md): a script plays every game arena-sdk decodes, every
/// two-seat game with two seats and every table game with each seat count it takes, as
/// `state` describes any of them (what the script does with them is the script's).
#[no_mangle]
pub extern "C" fn arena_plays(game_id: i32, seats: i32) -> i32 {
    let Ok(seats) = u8::try_from(seats) else {
        return 0;
    };
    let two_seat = seats == 2 && is_two_seat_game(game_id);
    let table = table_seats()
        .iter()
        .any(|&(id, range)| id == game_id && range.contains(seats));
    i32::from(two_seat || table)
}

/// The view a table game's words describe, and the moves it allows.
fn table_known<G: Observed>(header: &TableHeader, body: &[i32]) -> Result<Known, String> {
    let view = G::read_view(header, body).map_err(|err| err.to_string())?;
    let mut moves = Vec::new();
    G::view_moves(&view, &mut moves);
    Ok(Known {
        game: G::INFO.name,
        legal_moves: moves
            .into_iter()
            .map(|mv| G::encode_view_move(&view, mv))
            .collect(),
        seat: header.seat.index(),
        seats: header.seats,
        role: header.role,
        team: header.team,
        ply: header.ply,
        seed: header.seed,
        body: body.to_vec(),
    })
}

/// Decodes the words of a table game (their header has the table's 11 words), as the
/// game of the registration list their id names.
fn decode_table(words: &[i32]) -> Result<Known, String> {
    let (header, body) = split_table(words).map_err(|err| err.to_string())?;
    let id = header.game_id;
    visit_table_game(id, TableDecode(&header, body))
        .unwrap_or_else(|| Err(format!("unknown table game id {id}")))
}

/// Decodes a table game's header and body as the game the visit names.
struct TableDecode<'a>(&'a TableHeader, &'a [i32]);

impl TableVisitor for TableDecode<'_> {
    type Output = Result<Known, String>;

    fn visit<G: TableStrategies>(self) -> Self::Output {
        table_known::<G>(self.0, self.1)
    }
}

/// Decodes the words as the game they name and lists the legal moves.
struct Decode<'a>(&'a [i32]);

impl GameVisitor for Decode<'_> {
    type Output = Result<Known, String>;

    fn visit<G: ExtraStrategies>(self) -> Self::Output {
        let (_, state) = decode_for_bot::<G>(self.0).map_err(|err| err.to_string())?;
        let (header, body) = abi::split(self.0).map_err(|err| err.to_string())?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        Ok(Known {
            game: G::INFO.name,
            legal_moves: moves.into_iter().map(|mv| state.encode_move(mv)).collect(),
            seat: header.seat.index(),
            seats: 2,
            role: None,
            team: None,
            ply: header.ply,
            seed: header.seed,
            body: body.to_vec(),
        })
    }
}

/// `choose_move`: the script's `choose(state)` for the words at `ptr`.
#[no_mangle]
pub extern "C" fn choose_move(ptr: i32, len: i32) -> i32 {
    let words: Vec<i32> = STATE.with_borrow(|state| {
        if ptr as usize != state.as_ptr().addr() || len < 0 || len as usize > state.len() * 4 {
            harness_fail("choose_move got a state that arena_alloc did not place");
        }
        state[..len as usize / 4]
            .iter()
            .map(|&w| w as i32)
            .collect()
    });
    let known = if is_table_header(&words) {
        decode_table(&words)
    } else {
        abi::split(&words)
            .map_err(|err| err.to_string())
            .and_then(|(header, _)| {
                visit_game(header.game_id, Decode(&words))
                    .unwrap_or_else(|| Err(format!("unknown game id {}", header.game_id)))
            })
    }
    .unwrap_or_else(|why| harness_fail(&why));
    PYTHON.with_borrow(|python| {
        let Some(python) = python.as_ref() else {
            harness_fail("the interpreter was not pre-initialised");
        };
        let Some(choose) = &python.choose else {
            harness_fail("no script was loaded");
        };
        python.interpreter.enter(|vm| {
            if RESEED_AT_FIRST_MOVE.replace(false) {
                if let Some(random) = python.guard.loaded(vm, "random") {
                    seed_random(vm, &random);
                }
            }
            let ctx = &vm.ctx;
            let body = ctx.new_list(known.body.iter().map(|&w| ctx.new_int(w).into()).collect());
            let legal = known.legal_moves.iter().map(|&mv| ctx.new_int(mv).into());
            let optional = |value: Option<u8>| -> PyObjectRef {
                value.map_or_else(|| ctx.none(), |v| ctx.new_int(v).into())
            };
            let args: Vec<PyObjectRef> = vec![
                ctx.new_str(known.game).into(),
                ctx.new_int(known.seat).into(),
                ctx.new_int(known.ply).into(),
                ctx.new_int(known.seed).into(),
                body.into(),
                ctx.new_list(legal.collect()).into(),
                ctx.new_int(known.seats).into(),
                optional(known.role),
                optional(known.team),
            ];
            let result = python
                .make_state
                .call(args, vm)
                .and_then(|state| choose.call((state,), vm));
            let mv = match result {
                Ok(mv) => mv,
                Err(exc) => {
                    let (last, text) = exception_lines(vm, &exc);
                    debug_log(&text);
                    match script_frame(&text, &python.name) {
                        Some(at) => fail(&format!("{last} ({at})")),
                        None => fail(&format!("choose raised {last}")),
                    }
                }
            };
            match mv.clone().try_into_value::<i32>(vm) {
                Ok(mv) => mv,
                Err(_) => fail(&format!(
                    "{}: choose returned {}, expected an int move from state.legal_moves",
                    python.name,
                    mv.repr(vm)
                        .map_or_else(|_| "?".to_owned(), |r| r.as_str().to_owned())
                )),
            }
        })
    })
}
