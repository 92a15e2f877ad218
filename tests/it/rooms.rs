//! Rooms a reader can hold: no source file of the bot or its crates over 800 lines, no function
//! over 100 (benches aside: a benchmark's setup may be long). A file that grows past it becomes a
//! folder of modules; a function, named steps.

use std::path::{Path, PathBuf};

const MAX_FILE_LINES: usize = 800;
const MAX_FN_LINES: usize = 100;

/// Every `.rs` file under `dir`, benches aside.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "benches" && name != "target" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// Whether `line` opens a function with a body: `fn`, after its qualifiers, and no `;` at its end.
fn opens_fn(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    for qualifier in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "async ",
        "const ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(qualifier).unwrap_or(rest);
        rest = rest.strip_prefix("async ").unwrap_or(rest);
    }
    let name = rest.strip_prefix("fn ")?;
    (!line.trim_end().ends_with(';')).then(|| name.split(['(', '<']).next().unwrap_or(name))
}

/// The functions of `text` longer than [`MAX_FN_LINES`]: (name, first line, lines), a function
/// running from its `fn` line to the first line at its indentation that closes it.
fn long_functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = opens_fn(line) else {
            continue;
        };
        let indent = &line[..line.len() - line.trim_start().len()];
        let end = lines[i + 1..]
            .iter()
            .position(|l| l.starts_with(indent) && l[indent.len()..].starts_with('}'))
            .map_or(lines.len(), |k| i + 1 + k);
        let length = end - i + 1;
        if length > MAX_FN_LINES {
            long.push((name.to_string(), i + 1, length));
        }
    }
    long
}

#[test]
fn no_source_file_over_800_lines_and_no_function_over_100() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("crates"), &mut files);
    assert!(
        files.len() > 100,
        "the scan finds the sources: {}",
        files.len()
    );
    let mut too_big = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let shown = file.strip_prefix(root).unwrap().display();
        let lines = text.lines().count();
        if lines > MAX_FILE_LINES {
            too_big.push(format!("{shown}: {lines} lines"));
        }
        for (name, at, length) in long_functions(&text) {
            too_big.push(format!("{shown}:{at}: fn {name}, {length} lines"));
        }
    }
    assert!(
        too_big.is_empty(),
        "too big to hold:\n{}",
        too_big.join("\n")
    );
}

/// The scan finds a long function, and the end of a short one.
#[test]
fn the_scan_measures_a_function_from_its_fn_to_its_closing_brace() {
    let body = "    x += 1;\n".repeat(MAX_FN_LINES);
    let text = format!("fn short() {{\n}}\n\npub(crate) async fn long(x: u8) {{\n{body}}}\n");
    assert_eq!(
        long_functions(&text),
        [("long".to_string(), 4, MAX_FN_LINES + 2)]
    );
}
