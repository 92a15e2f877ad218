//! The crate's folders (its top-level modules) are layers: no import circle between them, and
//! the layers that do something for every game take the games they are handed, never the games
//! themselves: `render`, `i18n`, `store`, `strategy`, `tables`, `host` and the engine import
//! nothing from `games/` (docs/architecture.md, "The layers"). Test code is left out: a test may
//! reach anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` is in (`tables` for `src/tables/actor.rs`); `None` for
/// the crate's root files.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let first = file.strip_prefix(src).ok()?.components().next()?;
    let name = first.as_os_str().to_string_lossy();
    let name = name.strip_suffix(".rs").unwrap_or(&name).to_string();
    (name != "lib" && name != "main").then_some(name)
}

/// A file's code without its tests (from its first `#[cfg(test)]` on) and its comments.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level modules `code` names: `crate::m…`, and each of `crate::{m…, n…}`.
fn named(code: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            names.insert(ident(rest));
            continue;
        };
        // The group's items at its own depth: `a::{b, c}` names `a` once.
        let (mut depth, mut item) = (0, String::new());
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    names.insert(ident(&item));
                    item.clear();
                    continue;
                }
                _ => {}
            }
            item.push(c);
        }
        names.insert(ident(&item));
    }
    names
}

/// Which top-level modules each one imports (itself aside), with a file that does.
fn imports() -> BTreeMap<String, BTreeMap<String, PathBuf>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let modules: BTreeSet<String> = all.iter().filter_map(|f| module_of(&src, f)).collect();
    let mut graph: BTreeMap<String, BTreeMap<String, PathBuf>> = BTreeMap::new();
    for file in &all {
        let Some(from) = module_of(&src, file) else {
            continue;
        };
        // A module's tests in a file of their own (`config/tests.rs`) are tests.
        if file.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        let edges = graph.entry(from.clone()).or_default();
        for to in named(&code(&text)) {
            if to != from && modules.contains(&to) {
                edges.entry(to).or_insert_with(|| file.clone());
            }
        }
    }
    graph
}

/// A circle through `from`, if there is one: the modules on it, `from` first and last.
fn circle(graph: &BTreeMap<String, BTreeMap<String, PathBuf>>, from: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![from.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in graph.get(last).into_iter().flat_map(|e| e.keys()) {
            let mut longer = path.clone();
            longer.push(next.clone());
            if next == from {
                return Some(longer);
            }
            if seen.insert(next.clone()) {
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_folder_imports_one_that_imports_it_back() {
    let graph = imports();
    assert!(graph.len() > 15, "the scan finds the modules: {graph:?}");
    for module in graph.keys() {
        if let Some(circle) = circle(&graph, module) {
            let files: Vec<String> = circle
                .windows(2)
                .map(|w| format!("{} -> {} ({})", w[0], w[1], graph[&w[0]][&w[1]].display()))
                .collect();
            panic!("an import circle:\n{}", files.join("\n"));
        }
    }
}

#[test]
fn the_layers_take_the_games_they_are_handed() {
    let graph = imports();
    // The scan sees an import where there is one.
    assert!(
        graph["discord"].contains_key("games"),
        "{:?}",
        graph["discord"]
    );
    for layer in [
        "render", "i18n", "store", "strategy", "tables", "host", "engine", "daily",
    ] {
        let imports = &graph[layer];
        assert!(
            !imports.contains_key("games"),
            "{layer} imports games/ ({})",
            imports["games"].display()
        );
    }
}

#[test]
fn the_scan_reads_paths_and_groups() {
    let code = code(
        "use crate::a::b;\nuse crate::{c, d::{e, f}, g};\n// crate::h\nlet x = crate::i::j();\n\
         #[cfg(test)]\nuse crate::k;",
    );
    let names: Vec<String> = named(&code).into_iter().collect();
    assert_eq!(names, ["a", "c", "d", "g", "i"]);
}
