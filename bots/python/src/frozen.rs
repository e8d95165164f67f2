//! The pure-Python standard modules the interpreter carries, compiled to bytecode when it
//! is built (`py_compile!`) and imported from memory: `lib/`, from RustPython 0.4's copy of
//! CPython's library (PSF licence, `lib/PSF-LICENSE`), the few lines arena changed marked
//! `# arena:`. Listed one by one, in a fixed order, so that the module's bytes do not
//! depend on the order a folder is read in.

use rustpython_vm::frozen::FrozenModule;

/// One module: its import name, its file, whether it is a package.
macro_rules! module {
    ($name:tt, $file:tt, $package:tt) => {
        (
            $name,
            FrozenModule {
                code: rustpython_vm::py_compile!(file = $file, module_name = $name),
                package: $package,
            },
        )
    };
}

/// Every module of `lib/`, by import name.
pub fn modules() -> Vec<(&'static str, FrozenModule)> {
    vec![
        module!("__future__", "lib/__future__.py", false),
        module!("_collections_abc", "lib/_collections_abc.py", false),
        module!("_py_abc", "lib/_py_abc.py", false),
        module!("_weakrefset", "lib/_weakrefset.py", false),
        module!("abc", "lib/abc.py", false),
        module!("bisect", "lib/bisect.py", false),
        module!("collections", "lib/collections/__init__.py", true),
        module!(
            "collections._defaultdict",
            "lib/collections/_defaultdict.py",
            false
        ),
        module!("collections.abc", "lib/collections/abc.py", false),
        module!("contextlib", "lib/contextlib.py", false),
        module!("copy", "lib/copy.py", false),
        module!("dataclasses", "lib/dataclasses.py", false),
        module!("enum", "lib/enum.py", false),
        module!("functools", "lib/functools.py", false),
        module!("heapq", "lib/heapq.py", false),
        module!("keyword", "lib/keyword.py", false),
        module!("operator", "lib/operator.py", false),
        module!("random", "lib/random.py", false),
        module!("re", "lib/re/__init__.py", true),
        module!("re._casefix", "lib/re/_casefix.py", false),
        module!("re._compiler", "lib/re/_compiler.py", false),
        module!("re._constants", "lib/re/_constants.py", false),
        module!("re._parser", "lib/re/_parser.py", false),
        module!("reprlib", "lib/reprlib.py", false),
        module!("string", "lib/string.py", false),
        module!("types", "lib/types.py", false),
        module!("typing", "lib/typing.py", false),
        module!("warnings", "lib/warnings.py", false),
        module!("weakref", "lib/weakref.py", false),
    ]
}
