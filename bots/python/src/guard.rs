//! The import guard: the one place a script's `import` is decided, in Rust, where no
//! Python object leads.
//!
//! The offered modules are imported while the interpreter is pre-initialised
//! ([`install`]), with RustPython's own machinery. Then:
//!
//! - `builtins.__import__` becomes a native function holding the imported modules in its
//!   Rust closure. It has no `__globals__`, no Python frame and nothing to walk to: it
//!   hands out the offered modules, importing one with the machinery (held in the same
//!   closure) only when `arena pack` did not import it beforehand.
//! - `sys.modules` becomes a new dict of only the offered modules (and the few that the
//!   interpreter's own Rust code imports by name), so that a plain `import sys`, which
//!   RustPython answers from `sys.modules` without calling `__import__`, reaches the
//!   guard too.
//! - The interpreter is built without the native modules a bot must not have (`posix`,
//!   `time`, `marshal`, ...: [`NATIVE`] lists the ones it has), so that no path through
//!   `object.__subclasses__()`, frames or module globals, the import machinery included,
//!   can make a module that reads files, a clock or the host's randomness: the machinery
//!   can only load the frozen modules of `lib/` and [`NATIVE`].
//!
//! What the offered modules import for themselves (`sys`, `weakref`, `warnings`, ...) is
//! reachable as their attributes, as in any Python; an import from a module's own code
//! (its frame's globals are that module's) is served from the same set, so that the
//! standard library's lazy imports keep working.

use rustpython_vm::builtins::{PyDictRef, PyStrRef};
use rustpython_vm::function::{FuncArgs, OptionalArg};
use rustpython_vm::{AsObject, PyObjectRef, PyResult, VirtualMachine};

use crate::modules::{is_offered, offered_list, refusal_reason, OFFERED};

/// The native modules the interpreter is built with (RustPython's others, `posix`,
/// `time`, `marshal`, `atexit`, `errno`, `symtable`, ..., are left out): what it needs
/// to start (`_imp`, `_io` for `print`, `_codecs`, `_typing`, `_ast`, `_warnings`,
/// `_weakref`) and what the offered modules are built on.
pub const NATIVE: &[&str] = &[
    "_ast",
    "_codecs",
    "_collections",
    "_functools",
    "_imp",
    "_io",
    "_operator",
    "_random",
    "_sre",
    "_string",
    "_typing",
    "_warnings",
    "_weakref",
    "itertools",
    "math",
];

/// Modules that RustPython's Rust code imports by name while a script runs (`repr` of a
/// module, `copy` of an object): kept in the script's `sys.modules` so that those imports
/// never reach the guard. `_frozen_importlib` can only load what the interpreter holds:
/// the frozen modules of `lib/` and [`NATIVE`].
const ENGINE: &[&str] = &["_frozen_importlib", "copyreg", "__reducelib"];

/// The interpreter's real module table, which the import machinery keeps, and what the
/// guard needs to hand modules out.
pub struct Guard {
    /// `builtins.__import__` as RustPython made it: the import machinery.
    machinery: PyObjectRef,
    /// The machinery's `sys.modules`: every module imported so far.
    real: PyDictRef,
    /// The script's `sys.modules`: the offered modules imported so far, [`ENGINE`], the
    /// script itself.
    visible: PyDictRef,
}

impl Guard {
    /// The module `name` if it was imported (by the machinery, under its full name).
    pub fn loaded(&self, vm: &VirtualMachine, name: &str) -> Option<PyObjectRef> {
        self.real.get_item_opt(name, vm).ok().flatten()
    }

    /// Imports `name` with the machinery, which sees its own `sys.modules` while it
    /// runs, then shows the offered modules it brought to the script. A `random` it
    /// brought is seeded from the game's stream.
    fn import(
        &self,
        vm: &VirtualMachine,
        name: &PyStrRef,
        fromlist: Option<PyObjectRef>,
    ) -> PyResult {
        let fresh_random = self.loaded(vm, "random").is_none();
        // An import inside this one (the module's own imports) finds the real table
        // already there, and leaves it.
        let before = vm.sys_module.get_attr("modules", vm)?;
        vm.sys_module.set_attr("modules", self.real.clone(), vm)?;
        let imported = self.machinery.call(
            (
                name.clone(),
                vm.ctx.none(),
                vm.ctx.none(),
                fromlist.unwrap_or_else(|| vm.ctx.none()),
                0,
            ),
            vm,
        );
        vm.sys_module.set_attr("modules", before, vm)?;
        let module = imported?;
        for offered in OFFERED.iter().chain(ENGINE) {
            if let Some(module) = self.loaded(vm, offered) {
                self.visible.set_item(*offered, module, vm)?;
            }
        }
        if fresh_random {
            if let Some(random) = self.loaded(vm, "random") {
                crate::seed_random(vm, &random);
            }
        }
        Ok(module)
    }

    /// A relative import from a package of the standard library's own code, with the
    /// machinery and its `sys.modules` as in [`Guard::import`].
    fn import_relative(
        &self,
        vm: &VirtualMachine,
        name: &PyStrRef,
        globals: OptionalArg<PyObjectRef>,
        fromlist: OptionalArg<PyObjectRef>,
        level: i32,
    ) -> PyResult {
        let before = vm.sys_module.get_attr("modules", vm)?;
        vm.sys_module.set_attr("modules", self.real.clone(), vm)?;
        let imported = self.machinery.call(
            (
                name.clone(),
                globals.unwrap_or_else(|| vm.ctx.none()),
                vm.ctx.none(),
                fromlist.unwrap_or_else(|| vm.ctx.none()),
                level,
            ),
            vm,
        );
        vm.sys_module.set_attr("modules", before, vm)?;
        let module = imported?;
        for offered in OFFERED.iter().chain(ENGINE) {
            if let Some(module) = self.loaded(vm, offered) {
                self.visible.set_item(*offered, module, vm)?;
            }
        }
        Ok(module)
    }

    /// Whether the frame running now is the code of an imported module (its globals are
    /// that module's): the standard library's own import, not the script's.
    fn internal_caller(&self, vm: &VirtualMachine) -> bool {
        let Some(frame) = vm.current_frame() else {
            return false;
        };
        let globals = frame.globals.as_object();
        (&self.real)
            .into_iter()
            .filter_map(|(_, module)| module.dict())
            .any(|dict| dict.as_object().is(globals))
    }

    /// Registers the script's module in the script's `sys.modules`, as Python does for
    /// an imported module, so that `typing` and `dataclasses` find its classes. Never in
    /// the machinery's table: the script's code is not the standard library's
    /// ([`Guard::internal_caller`]).
    ///
    /// # Errors
    /// A Python exception (none is expected).
    pub fn register_script(
        &self,
        vm: &VirtualMachine,
        name: &str,
        module: PyObjectRef,
    ) -> PyResult<()> {
        self.visible.set_item(name, module, vm)
    }
}

/// Installs the guard (see the module documentation), after importing every offered
/// module when `preload` (the snapshot every `.py` bot of a run shares: nothing is
/// imported during a game); `arena pack` imports only what its script asks for, so that
/// the packed module carries no module the script does not use. Called once, by
/// `arena_py_init`, before any script exists.
///
/// # Errors
/// The Python exception of an offered module that does not import (a build problem).
pub fn install(vm: &VirtualMachine, preload: bool) -> PyResult<Guard> {
    let names = ENGINE.iter().chain(if preload { OFFERED } else { &[] });
    for name in names {
        vm.import(*name, 0)?;
    }
    let real = vm.sys_module.get_attr("modules", vm)?;
    let real: PyDictRef = real
        .downcast()
        .map_err(|_| vm.new_type_error("sys.modules is not a dict".to_owned()))?;
    let machinery = vm.builtins.get_attr("__import__", vm)?;
    let visible = vm.ctx.new_dict();
    let guard = Guard {
        machinery,
        real,
        visible,
    };
    for name in OFFERED.iter().chain(ENGINE) {
        if let Some(module) = guard.loaded(vm, name) {
            guard.visible.set_item(*name, module, vm)?;
        }
    }
    vm.sys_module
        .set_attr("modules", guard.visible.clone(), vm)?;
    let served = Guard {
        machinery: guard.machinery.clone(),
        real: guard.real.clone(),
        visible: guard.visible.clone(),
    };
    let import = vm.new_function("__import__", move |args: FuncArgs, vm: &VirtualMachine| {
        guarded_import(&served, args, vm)
    });
    vm.builtins.set_attr("__import__", import, vm)?;
    // `open` would fail in the sandbox anyway (a bot has no files): say so in Python's
    // words instead of with an operating-system error number.
    let open = vm.new_function("open", |_args: FuncArgs, vm: &VirtualMachine| -> PyResult {
        Err(vm.new_exception_msg(
            vm.ctx.exceptions.permission_error.to_owned(),
            "arena: a Python bot has no files to open; keep what it must remember in \
             module globals, and print() to write to its log"
                .to_owned(),
        ))
    });
    vm.builtins.set_attr("open", open, vm)?;
    Ok(guard)
}

/// `__import__(name, globals=None, locals=None, fromlist=(), level=0)`, guarded: an
/// offered module for anyone, any module the interpreter can make for the standard
/// library's own code, an `ImportError` with the module's reason otherwise.
fn guarded_import(guard: &Guard, args: FuncArgs, vm: &VirtualMachine) -> PyResult {
    type Args = (
        PyStrRef,
        OptionalArg<PyObjectRef>,
        OptionalArg<PyObjectRef>,
        OptionalArg<PyObjectRef>,
        OptionalArg<i32>,
    );
    let (name, globals, _locals, fromlist, level): Args = args.bind(vm)?;
    let level = level.unwrap_or(0);
    if level != 0 && guard.internal_caller(vm) {
        // A package of the standard library importing its own part
        // (`collections` imports `._defaultdict`): the machinery resolves it from the
        // package's globals.
        return guard.import_relative(vm, &name, globals, fromlist, level);
    }
    if level != 0 {
        return Err(vm.new_import_error(
            "arena: a relative import (`from . import x`) has nothing to import: a Python \
             bot is a single file"
                .to_owned(),
            name,
        ));
    }
    let full = name.as_str();
    if !is_offered(full) && !guard.internal_caller(vm) {
        return Err(vm.new_import_error(
            format!(
                "arena: module '{full}' is not available to a Python bot: {}. Offered: {}",
                refusal_reason(full),
                offered_list()
            ),
            name,
        ));
    }
    let fromlist = fromlist.into_option().filter(|list| !vm.is_none(list));
    let wants_names = match &fromlist {
        Some(list) => list.clone().try_to_bool(vm)?,
        None => false,
    };
    let module = match guard.loaded(vm, full) {
        Some(module) => module,
        None => guard.import(vm, &name, fromlist)?,
    };
    if wants_names || !full.contains('.') {
        return Ok(guard.loaded(vm, full).unwrap_or(module));
    }
    // `import collections.abc` binds `collections`.
    let top = full.split('.').next().unwrap_or(full);
    Ok(guard.loaded(vm, top).unwrap_or(module))
}
