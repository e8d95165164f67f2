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
//! A Python exception, or a `choose` that returns something other than an `int` that
//! fits in 32 bits, is logged (one line starting with `panicked`, then the traceback)
//! and the module traps, so the referee's fault names it.

use std::cell::RefCell;

use arena_sdk::debug_log;
use arena_sdk::games::abi;
use arena_sdk::games::registry::{decode_for_bot, visit_game, ExtraStrategies, GameVisitor};
use rustpython_vm::builtins::PyBaseExceptionRef;
use rustpython_vm::compiler::Mode;
use rustpython_vm::scope::Scope;
use rustpython_vm::{Interpreter, PyObjectRef, Settings, VirtualMachine};

/// The Python view of a state (`State`, `Pawn`, `Cell`) and the import guard.
const PRELUDE: &str = include_str!("prelude.py");

/// Python's recursion limit: a `RecursionError` before the 512 KiB wasm stack (the
/// default `--stack-kib`) overflows, which happens between 200 and 400 nested calls of a
/// plain Python function.
const RECURSION_LIMIT: usize = 150;

/// The file name tracebacks give the script.
const SCRIPT_NAME: &str = "bot.py";

/// The interpreter and what the script defined.
struct Python {
    interpreter: Interpreter,
    /// The prelude's `_arena_state`.
    make_state: PyObjectRef,
    /// The script's globals.
    scope: Scope,
    /// The script's `choose`, once the script has loaded.
    choose: Option<PyObjectRef>,
}

thread_local! {
    static PYTHON: RefCell<Option<Python>> = const { RefCell::new(None) };
    /// Where the referee writes the state words (`arena_alloc`).
    static STATE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// Where arena writes the script before [`arena_py_load`].
    static SCRIPT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Logs `message` as the line the referee attaches to the trap, and traps.
fn fail(message: &str) -> ! {
    debug_log(&format!("panicked at {SCRIPT_NAME}: {message}"));
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

/// Builds the interpreter and runs the prelude: the first step of pre-initialisation.
/// Hashing is seeded with 0, so that the snapshot is the same on every run.
#[no_mangle]
pub extern "C" fn arena_py_init() {
    // A Rust panic (a capacity overflow) logs one `panicked at` line before the trap.
    arena_sdk::panics::install_hook();
    let mut settings = Settings::default();
    settings.hash_seed = Some(0);
    settings.import_site = false;
    settings.ignore_environment = true;
    settings.isolated = true;
    let interpreter = Interpreter::with_init(settings, |_| {});
    let made = interpreter.enter(|vm| {
        vm.recursion_limit.set(RECURSION_LIMIT);
        let prelude = vm.new_scope_with_builtins();
        let code = vm
            .compile(PRELUDE, Mode::Exec, "<arena prelude>".to_owned())
            .unwrap_or_else(|err| fail(&format!("the prelude does not compile: {err}")));
        let run = vm.run_code_obj(code, prelude.clone()).and_then(|_| {
            let guard = prelude.globals.get_item("_arena_guarded_import", vm)?;
            vm.builtins.set_attr("__import__", guard, vm)?;
            prelude.globals.get_item("_arena_state", vm)
        });
        let make_state = run.unwrap_or_else(|exc| fail(&describe(vm, &exc)));
        (make_state, vm.new_scope_with_builtins())
    });
    let (make_state, scope) = made;
    PYTHON.with_borrow_mut(|python| {
        *python = Some(Python {
            interpreter,
            make_state,
            scope,
            choose: None,
        })
    });
}

/// A buffer of `len` bytes where arena writes the script's UTF-8 text.
#[no_mangle]
pub extern "C" fn arena_py_script(len: i32) -> *mut u8 {
    SCRIPT.with_borrow_mut(|script| {
        script.clear();
        script.resize(len.max(0) as usize, 0);
        script.as_mut_ptr()
    })
}

/// Compiles and runs the script written at [`arena_py_script`] and finds its `choose`.
/// Returns 0 when the bot is ready; otherwise 1, after logging why (a syntax error, an
/// exception at the top level, no `choose` function), first line first.
#[no_mangle]
pub extern "C" fn arena_py_load() -> i32 {
    let source = SCRIPT.with_borrow_mut(std::mem::take);
    let Ok(source) = String::from_utf8(source) else {
        debug_log("the script is not UTF-8 text");
        return 1;
    };
    PYTHON.with_borrow_mut(|python| {
        let Some(python) = python.as_mut() else {
            debug_log("arena_py_init was not called");
            return 1;
        };
        let scope = python.scope.clone();
        let loaded = python.interpreter.enter(|vm| {
            let code = match vm.compile(&source, Mode::Exec, SCRIPT_NAME.to_owned()) {
                Ok(code) => code,
                Err(err) => return Err(format!("{SCRIPT_NAME} does not compile: {err}")),
            };
            if let Err(exc) = vm.run_code_obj(code, scope.clone()) {
                let (last, text) = exception_lines(vm, &exc);
                return Err(format!("{SCRIPT_NAME} raised {last}\n{text}"));
            }
            match scope.globals.get_item_opt("choose", vm) {
                Ok(Some(choose)) if choose.is_callable() => Ok(choose),
                Ok(Some(_)) => Err(format!("{SCRIPT_NAME}: `choose` is not a function")),
                _ => Err(format!(
                    "{SCRIPT_NAME} defines no `choose` function (def choose(state): ...)"
                )),
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

/// What arena-sdk knows about a state: the game's name and its legal moves, encoded.
struct Known {
    game: &'static str,
    legal_moves: Vec<i32>,
}

/// Decodes the words as the game they name and lists the legal moves.
struct Decode<'a>(&'a [i32]);

impl GameVisitor for Decode<'_> {
    type Output = Result<Known, String>;

    fn visit<G: ExtraStrategies>(self) -> Self::Output {
        let (_, state) = decode_for_bot::<G>(self.0).map_err(|err| err.to_string())?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        Ok(Known {
            game: G::INFO.name,
            legal_moves: moves.into_iter().map(|mv| state.encode_move(mv)).collect(),
        })
    }
}

/// `choose_move`: the script's `choose(state)` for the words at `ptr`.
#[no_mangle]
pub extern "C" fn choose_move(ptr: i32, len: i32) -> i32 {
    let words: Vec<i32> = STATE.with_borrow(|state| {
        if ptr as usize != state.as_ptr().addr() || len < 0 || len as usize > state.len() * 4 {
            fail("choose_move got a state that arena_alloc did not place");
        }
        state[..len as usize / 4]
            .iter()
            .map(|&w| w as i32)
            .collect()
    });
    let (header, body) = abi::split(&words).unwrap_or_else(|err| fail(&err.to_string()));
    let known = visit_game(header.game_id, Decode(&words))
        .unwrap_or_else(|| Err(format!("unknown game id {}", header.game_id)))
        .unwrap_or_else(|why| fail(&why));
    PYTHON.with_borrow(|python| {
        let Some(python) = python.as_ref() else {
            fail("the interpreter was not pre-initialised");
        };
        let Some(choose) = &python.choose else {
            fail("no script was loaded");
        };
        python.interpreter.enter(|vm| {
            let ctx = &vm.ctx;
            let body = ctx.new_list(body.iter().map(|&w| ctx.new_int(w).into()).collect());
            let legal = known.legal_moves.iter().map(|&mv| ctx.new_int(mv).into());
            let args: Vec<PyObjectRef> = vec![
                ctx.new_str(known.game).into(),
                ctx.new_int(header.seat.index()).into(),
                ctx.new_int(header.ply).into(),
                ctx.new_int(header.seed).into(),
                body.into(),
                ctx.new_list(legal.collect()).into(),
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
                    fail(&format!("choose raised {last}"));
                }
            };
            match mv.clone().try_into_value::<i32>(vm) {
                Ok(mv) => mv,
                Err(_) => fail(&format!(
                    "choose returned {}, expected an int move from state.legal_moves",
                    mv.repr(vm)
                        .map_or_else(|_| "?".to_owned(), |r| r.as_str().to_owned())
                )),
            }
        })
    })
}
