//! Dependencies between top-level modules point one way: no import cycle among
//! the modules of `src/` (the library; the binary's `cli/` sits on top of it) or of
//! `crates/arena-games/src/`. A module's imports are the `crate::NAME` paths in its
//! non-test code (comments, `tests.rs` files and `#[cfg(test)] mod tests` left out).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// `module -> modules it names`, for the crate whose sources are in `src`.
fn graph(src: &Path, skip: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    let test_only = test_only_files(&files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let rel = file.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = first.trim_end_matches(".rs").to_string();
        let name = rel.file_name().unwrap().to_string_lossy();
        if ["lib", "main"].contains(&module.as_str()) || skip.contains(&module.as_str()) {
            continue;
        }
        if name == "tests.rs"
            || rel.components().any(|c| c.as_os_str() == "tests")
            || test_only.iter().any(|t| file.starts_with(t))
        {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let deps = graph.entry(module.clone()).or_default();
        for (i, _) in code.match_indices("crate::") {
            let before = code[..i].chars().last();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // `arena_crate::`, not a path of this crate
            }
            let rest = &code[i + "crate::".len()..];
            for target in leading_names(rest) {
                if target != module {
                    deps.insert(target);
                }
            }
        }
    }
    // Names that are not top-level modules (re-exported items at the root) are not edges.
    let modules: BTreeSet<String> = graph.keys().cloned().collect();
    for deps in graph.values_mut() {
        deps.retain(|d| modules.contains(d));
    }
    graph
}

/// The files (or folders) of modules declared under `#[cfg(test)]`.
fn test_only_files(files: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for file in files {
        let text = fs::read_to_string(file).unwrap();
        let stem = file.file_stem().unwrap().to_string_lossy();
        let dir = if ["mod", "lib", "main"].contains(&stem.as_ref()) {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for (i, _) in text.match_indices("#[cfg(test)]\n") {
            let next = text[i..].lines().nth(1).unwrap_or("").trim();
            let next = next.strip_prefix("pub(crate) ").unwrap_or(next);
            if let Some(name) = next.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) {
                out.push(dir.join(format!("{name}.rs")));
                out.push(dir.join(name));
            }
        }
    }
    out
}

/// The first names of the paths at the start of `rest` (what follows `crate::`): one for
/// `a::b`, each group member's for `{a::b, c}`.
fn leading_names(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return vec![ident(rest)]
            .into_iter()
            .filter(|n| !n.is_empty())
            .collect();
    };
    let (mut depth, mut start, mut names) = (0usize, 0usize, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                names.push(ident(&group[start..i]));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                names.push(ident(&group[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    names.retain(|n| !n.is_empty() && n != "self");
    names
}

#[test]
fn grouped_imports_name_each_module() {
    assert_eq!(leading_names("record::GameRow;"), ["record"]);
    assert_eq!(
        leading_names("{\n    bot::{Bot, Fault},\n    record::X,\n};"),
        ["bot", "record"]
    );
}

/// A cycle of `graph`, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|p| p == node) {
            let mut c = path[at..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, done, path) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut done, &mut Vec::new()))
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let edge = |a: &str, b: &[&str]| (a.to_string(), b.iter().map(|s| s.to_string()).collect());
    let g: BTreeMap<String, BTreeSet<String>> =
        [edge("a", &["b"]), edge("b", &["c"]), edge("c", &["a"])].into();
    assert_eq!(cycle(&g).unwrap(), ["a", "b", "c", "a"]);
    let g: BTreeMap<String, BTreeSet<String>> =
        [edge("a", &["b", "c"]), edge("b", &["c"]), edge("c", &[])].into();
    assert_eq!(cycle(&g), None);
}

#[test]
fn arena_modules_import_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let g = graph(&root.join("src"), &["cli"]);
    assert!(
        g.contains_key("record") && g["output"].contains("record"),
        "{g:?}"
    );
    assert_eq!(cycle(&g), None, "an import cycle between modules of src/");
}

#[test]
fn arena_games_modules_import_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let g = graph(&root.join("crates/arena-games/src"), &[]);
    assert!(g["registry"].contains("game"), "{g:?}");
    assert_eq!(
        cycle(&g),
        None,
        "an import cycle between modules of arena-games"
    );
}
