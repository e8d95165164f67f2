//! Dependencies between top-level modules point one way: no import cycle among
//! the modules of `src/` (the library; the binary's `cli/` sits on top of it) or of
//! `crates/arena-games/src/`. A module's imports are the `crate::NAME` paths in its
//! non-test code (comments, `tests.rs` files and `#[cfg(test)] mod tests` left out).
//!
//! `docs/ARCHITECTURE.md` draws these dependencies, and the pictures are the code's:
//! under `## Inside arena`, every arrow between the top-level modules of `src/` (both
//! ways: no arrow missing, none that the code does not have, every module drawn); under
//! `## Crates`, every dependency between the workspace's own crates, as their
//! `Cargo.toml`s declare them. A picture is a code block of lines `NAME ─► A, B, C`
//! (indented lines continue the list above them) and lines of names that depend on
//! nothing; each name is drawn below everything it depends on.

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

/// A picture of `docs/ARCHITECTURE.md`: every name drawn, in order, with what its arrow
/// points at.
type Picture = Vec<(String, BTreeSet<String>)>;

/// The picture in the first code block after the line `heading` of `page`.
fn picture(page: &str, heading: &str) -> Picture {
    let after = page
        .split(&format!("\n{heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("docs/ARCHITECTURE.md has no section `{heading}`"));
    let section = after.split("\n## ").next().unwrap_or(after);
    let block = section
        .split("```")
        .nth(1)
        .unwrap_or_else(|| panic!("no code block (the picture) under `{heading}`"));
    let names = |list: &str| -> Vec<String> {
        list.split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect()
    };
    let mut out: Picture = Vec::new();
    for line in block.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        if line.starts_with(char::is_whitespace) {
            let (_, deps) = out
                .last_mut()
                .unwrap_or_else(|| panic!("`{heading}`: a continued line opens the picture"));
            deps.extend(names(line));
        } else if let Some((node, deps)) = line.split_once('─') {
            let deps = deps.trim_start_matches('─').trim_start_matches('►');
            out.push((node.trim().to_string(), names(deps).into_iter().collect()));
        } else {
            out.extend(
                line.split_whitespace()
                    .map(|n| (n.to_string(), BTreeSet::new())),
            );
        }
    }
    out
}

/// What is wrong with `drawn` as a picture of `real`, one line per problem (none when
/// they agree): names drawn that are not in the code and the reverse, arrows missing and
/// arrows the code does not have, and names drawn above something they depend on.
fn differences(drawn: &Picture, real: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for (node, deps) in drawn {
        if !seen.insert(node.clone()) {
            out.push(format!("`{node}` is drawn twice"));
        }
        for dep in deps {
            if !seen.contains(dep) && drawn.iter().any(|(n, _)| n == dep) {
                out.push(format!(
                    "`{node}` is drawn above `{dep}`, which it depends on"
                ));
            }
        }
        match real.get(node) {
            None => out.push(format!("`{node}` is drawn but is not in the code")),
            Some(actual) => {
                for dep in actual.difference(deps) {
                    out.push(format!("missing arrow: {node} ─► {dep}"));
                }
                for dep in deps.difference(actual) {
                    out.push(format!("extra arrow (not in the code): {node} ─► {dep}"));
                }
            }
        }
    }
    for (node, deps) in real {
        if !seen.contains(node) {
            let deps: Vec<&str> = deps.iter().map(String::as_str).collect();
            out.push(format!(
                "`{node}` is not drawn: add `{node} ─► {}`",
                deps.join(", ")
            ));
        }
    }
    out
}

fn architecture() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ARCHITECTURE.md");
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_module_picture_is_the_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let real = graph(&root.join("src"), &["cli"]);
    let drawn = picture(&architecture(), "## Inside arena");
    let wrong = differences(&drawn, &real);
    assert!(
        wrong.is_empty(),
        "docs/ARCHITECTURE.md, `## Inside arena`: the picture is not the imports between \
         the top-level modules of src/ (fix the picture):\n  {}",
        wrong.join("\n  ")
    );
}

/// The workspace's own crates (the root, `crates/*`, the SDK in `bots/sdk`), each with the
/// ones among them its `[dependencies]` name.
fn crate_graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut manifests = vec![root.join("Cargo.toml"), root.join("bots/sdk/Cargo.toml")];
    for entry in fs::read_dir(root.join("crates")).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        if manifest.is_file() {
            manifests.push(manifest);
        }
    }
    let parsed: Vec<toml::Table> = manifests
        .iter()
        .map(|m| {
            let text = fs::read_to_string(m).unwrap();
            text.parse()
                .unwrap_or_else(|e| panic!("{}: {e}", m.display()))
        })
        .collect();
    let name = |t: &toml::Table| t["package"]["name"].as_str().unwrap().to_string();
    let ours: BTreeSet<String> = parsed.iter().map(name).collect();
    parsed
        .iter()
        .map(|t| {
            let deps = t
                .get("dependencies")
                .and_then(|d| d.as_table())
                .map(|d| d.keys().filter(|k| ours.contains(*k)).cloned().collect())
                .unwrap_or_default();
            (name(t), deps)
        })
        .collect()
}

#[test]
fn the_crate_picture_is_the_manifests() {
    let real = crate_graph();
    assert!(real["arena"].contains("arena-games"), "{real:?}");
    let drawn = picture(&architecture(), "## Crates");
    let wrong = differences(&drawn, &real);
    assert!(
        wrong.is_empty(),
        "docs/ARCHITECTURE.md, `## Crates`: the picture is not the dependencies between \
         the workspace's crates (fix the picture):\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn a_wrong_picture_is_named_arrow_by_arrow() {
    let page = "# x\n## Inside\ntext\n```\nc  d\nb ─► c\na ─► b, d,\n     e\n```\n## Next\n";
    let drawn = picture(page, "## Inside");
    let set = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        drawn,
        vec![
            ("c".to_string(), set(&[])),
            ("d".to_string(), set(&[])),
            ("b".to_string(), set(&["c"])),
            ("a".to_string(), set(&["b", "d", "e"])),
        ]
    );
    let real: BTreeMap<String, BTreeSet<String>> = [
        ("a".to_string(), set(&["b", "c"])),
        ("b".to_string(), set(&["c"])),
        ("c".to_string(), set(&[])),
        ("f".to_string(), set(&["a"])),
    ]
    .into();
    let wrong = differences(&drawn, &real);
    assert_eq!(
        wrong,
        [
            "`d` is drawn but is not in the code",
            "missing arrow: a ─► c",
            "extra arrow (not in the code): a ─► d",
            "extra arrow (not in the code): a ─► e",
            "`f` is not drawn: add `f ─► a`",
        ]
    );
    let upside_down = picture("x\n## P\n```\na ─► b\nb\n```\n", "## P");
    let real: BTreeMap<String, BTreeSet<String>> =
        [("a".to_string(), set(&["b"])), ("b".to_string(), set(&[]))].into();
    assert_eq!(
        differences(&upside_down, &real),
        ["`a` is drawn above `b`, which it depends on"]
    );
}
