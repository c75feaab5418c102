//! The walls between the code's folders, checked from the code itself.
//!
//! Every `use` and every `crate::…`/`super::…` path in the application
//! (`src/`) and the engine (`crates/rules/src/`) is read, outside the unit
//! tests (`#[cfg(test)]` modules, `*_tests.rs`, `tests.rs`,
//! `test_support.rs`). From them:
//! - **No import circle** between the modules of one folder: for each
//!   folder, module `a` imports `b` when any file in `a` (or under it)
//!   names something in `b`; that graph has no cycle. So a folder's files
//!   can be read in an order where each uses only those before it.
//! - **Nothing imports the crate root:** `lib.rs` runs the program and
//!   declares the modules; no module names one of its functions.
//! - **ARCHITECTURE.md's table of imports is the code's:** the block
//!   between its `imports` markers lists, for each top folder, the folders
//!   it imports, and must be what this test computes (it prints the block
//!   to paste when they differ).
//!
//! The reading is lexical, not the compiler's: a path is resolved to the
//! deepest module it names, which is all a wall needs.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type ModPath = Vec<String>;

/// The modules of a crate whose root folder is `src`, by path, with their files.
fn modules(src: &Path) -> BTreeMap<ModPath, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: ModPath = relative
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            let last = parts.last().unwrap().clone();
            if is_test_file(&last) || parts.iter().any(|p| p == "tests") || last == "main" {
                continue;
            }
            if last == "mod" || last == "lib" {
                parts.pop();
            }
            found.insert(parts, path);
        }
    }
    found
}

fn is_test_file(stem: &str) -> bool {
    stem.ends_with("_tests") || stem == "tests" || stem == "test_support"
}

/// The text of a file with comments, string literals and unit-test
/// modules taken out.
fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['/', '/']) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with(&['/', '*']) {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if chars[i] == 'r' && rest.get(1).is_some_and(|c| *c == '"' || *c == '#') {
            // A raw string: r"…" or r#"…"#.
            let hashes = rest[1..].iter().take_while(|c| **c == '#').count();
            if rest.get(1 + hashes) != Some(&'"') {
                out.push(chars[i]);
                i += 1;
                continue;
            }
            i += 2 + hashes;
            loop {
                if i >= chars.len() {
                    break;
                }
                if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|c| *c == '#') {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if chars[i] == '\'' && rest.get(2) == Some(&'\'') {
            // A char literal such as '{' or '"'.
            i += 3;
        } else if chars[i] == '\'' && rest.get(1) == Some(&'\\') {
            i += 2;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    without_test_modules(&out)
}

/// `#[cfg(test)] mod x;` and `#[cfg(test)] mod x { … }` removed.
fn without_test_modules(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let item = after
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub ");
        if let Some(module) = item.strip_prefix("mod ") {
            let end = module.find([';', '{']).unwrap();
            if module.as_bytes()[end] == b';' {
                rest = &module[end + 1..];
            } else {
                let mut depth = 0;
                let mut close = module.len();
                for (i, c) in module[end..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                close = end + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                rest = &module[close..];
            }
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Every path a file names: the expanded trees of its `use` items and the
/// `crate::`, `super::` and `self::` paths in its code.
fn paths(code: &str) -> Vec<ModPath> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let after = &rest[at + 3..];
        let Some(end) = after.find(';') else { break };
        // `a as b` kept as `a@b`, so that the renaming survives the spaces' removal.
        let tree: String = after[..end]
            .replace(" as ", "@")
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        expand(&tree, &mut Vec::new(), &mut found);
        rest = &after[end..];
    }
    let text = code;
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = text[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            if at > 0 && is_ident(text[..at].chars().next_back().unwrap()) {
                continue;
            }
            let path: String = text[at..]
                .chars()
                .take_while(|c| is_ident(*c) || *c == ':')
                .collect();
            let segments: ModPath = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            if segments.len() > 1 {
                found.push(segments);
            }
        }
    }
    found
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Where `word` stands alone as a keyword at the start of an item.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let at = from + at;
        from = at + word.len();
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        if before.is_none_or(|c| !is_ident(c)) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
    }
    None
}

/// A `use` tree without spaces (`crate::{a::b,c::{d,e}}`) as full paths.
fn expand(tree: &str, prefix: &mut ModPath, out: &mut Vec<ModPath>) {
    let tree = tree.trim_start_matches("::");
    if let Some(brace) = tree.find('{')
        && tree.ends_with('}')
        && !tree[..brace].contains(',')
    {
        let head: Vec<&str> = tree[..brace]
            .split("::")
            .filter(|s| !s.is_empty())
            .collect();
        let depth = prefix.len();
        prefix.extend(head.iter().map(|s| s.to_string()));
        for part in split_top(&tree[brace + 1..tree.len() - 1]) {
            expand(part, prefix, out);
        }
        prefix.truncate(depth);
        return;
    }
    let path = tree.split('@').next().unwrap_or(tree);
    let mut full = prefix.clone();
    full.extend(
        path.split("::")
            .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
            .map(str::to_string),
    );
    if !full.is_empty() {
        out.push(full);
    }
}

/// The items of a `use` group, split at its top-level commas.
fn split_top(group: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < group.len() {
        parts.push(&group[start..]);
    }
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

/// What a crate's modules import: for each module, the modules it names.
struct Crate {
    modules: BTreeMap<ModPath, PathBuf>,
    imports: BTreeMap<ModPath, BTreeSet<ModPath>>,
    /// Names of the crate root's own items (functions, types) that a module uses.
    root_items_used: Vec<(ModPath, String)>,
}

fn read_crate(src: &Path) -> Crate {
    let modules = modules(src);
    let root_text = code(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let root_items: BTreeSet<String> = root_text
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let line = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            ["fn ", "struct ", "enum ", "const ", "static ", "type "]
                .iter()
                .find_map(|k| line.strip_prefix(k))
                .map(|rest| rest.chars().take_while(|c| is_ident(*c)).collect())
        })
        .collect();
    let mut imports = BTreeMap::new();
    let mut root_items_used = Vec::new();
    for (module, file) in &modules {
        if module.is_empty() {
            continue;
        }
        let text = code(&fs::read_to_string(file).unwrap());
        let mut targets = BTreeSet::new();
        for path in paths(&text) {
            let Some(full) = absolute(module, &path, &modules) else {
                continue;
            };
            if full.len() == 1 && root_items.contains(&full[0]) {
                root_items_used.push((module.clone(), full[0].clone()));
            }
            let target = deepest(&full, &modules);
            if &target != module && !target.is_empty() {
                targets.insert(target);
            }
        }
        imports.insert(module.clone(), targets);
    }
    Crate {
        modules,
        imports,
        root_items_used,
    }
}

/// `path` as named in `module`, from the crate root; `None` for another crate's.
fn absolute(
    module: &[String],
    path: &[String],
    modules: &BTreeMap<ModPath, PathBuf>,
) -> Option<ModPath> {
    // The module whose items `self::` names; `super::` climbs from it
    // (a folder's `mod.rs` is the folder's module, like any other file's).
    let here: ModPath = module.to_vec();
    let (mut base, rest) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (here.clone(), &path[1..]),
        Some("super") => (here.clone(), path),
        Some(first) => {
            // A child module named without `self::` (edition 2018 paths).
            let mut child = here.clone();
            child.push(first.to_string());
            if modules.contains_key(&child) {
                (here.clone(), path)
            } else {
                return None;
            }
        }
        None => return None,
    };
    for segment in rest {
        if segment == "super" {
            base.pop()?;
        } else {
            base.push(segment.clone());
        }
    }
    Some(base)
}

/// The deepest module `path` names (a path names items inside modules).
fn deepest(path: &[String], modules: &BTreeMap<ModPath, PathBuf>) -> ModPath {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains_key(p))
        .unwrap_or_default()
}

/// For the folder `parent`, which of its modules import which.
fn folder_graph(krate: &Crate, parent: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let under = |m: &ModPath| m.len() > parent.len() && m.starts_with(parent);
    let mut graph: BTreeMap<String, BTreeSet<String>> = krate
        .modules
        .keys()
        .filter(|m| under(m))
        .map(|m| (m[parent.len()].clone(), BTreeSet::new()))
        .collect();
    for (from, targets) in &krate.imports {
        if !under(from) {
            continue;
        }
        for to in targets.iter().filter(|t| under(t)) {
            let (a, b) = (&from[parent.len()], &to[parent.len()]);
            if a != b {
                graph.get_mut(a).unwrap().insert(b.clone());
            }
        }
    }
    graph
}

/// The circles of a graph: its strongly connected parts of two or more.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    // Two modules are in one circle when each reaches the other.
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in &graph[&node] {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|k| (k, reach(k))).collect();
    let mut placed = BTreeSet::new();
    let mut found = Vec::new();
    for a in graph.keys() {
        if placed.contains(a) || !reaches[a].contains(a) {
            continue;
        }
        let circle: Vec<String> = graph
            .keys()
            .filter(|b| reaches[a].contains(*b) && reaches[*b].contains(a))
            .cloned()
            .collect();
        placed.extend(circle.iter().cloned());
        found.push(circle);
    }
    found
}

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn crates() -> [(&'static str, Crate); 2] {
    let root = repository();
    [
        ("src", read_crate(&root.join("src"))),
        (
            "crates/rules/src",
            read_crate(&root.join("crates/rules/src")),
        ),
    ]
}

#[test]
fn no_folder_has_an_import_circle_and_nothing_imports_the_crate_root() {
    let mut problems = Vec::new();
    for (name, krate) in crates() {
        let folders: BTreeSet<ModPath> = krate
            .modules
            .keys()
            .filter(|m| !m.is_empty())
            .map(|m| m[..m.len() - 1].to_vec())
            .collect();
        for folder in folders {
            for circle in circles(&folder_graph(&krate, &folder)) {
                let place = if folder.is_empty() {
                    name.to_string()
                } else {
                    format!("{name}/{}", folder.join("/"))
                };
                problems.push(format!("{place}: {} import each other", circle.join(", ")));
            }
        }
        for (module, item) in &krate.root_items_used {
            problems.push(format!(
                "{name}/{}: uses `{item}` from the crate root",
                module.join("/")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_reads_groups_nested_paths_and_finds_a_circle() {
    let text = code(
        "use crate::{a::b, c::{d, e as f}};\n// use crate::comment;\nfn x() { super::g::h(); let s = \"crate::in_string\"; }\n#[cfg(test)]\nmod tests { use crate::z; }\n",
    );
    let found = paths(&text);
    let strings: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        strings,
        ["crate::a::b", "crate::c::d", "crate::c::e", "super::g::h"]
    );
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(str::to_string).collect()))
    .collect();
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}

/// The application's top folders and what each imports, as ARCHITECTURE.md lists them.
fn import_table() -> String {
    let [(_, app), _] = crates();
    let graph = folder_graph(&app, &[]);
    let mut lines = Vec::new();
    for (module, targets) in &graph {
        let mut targets: Vec<&str> = targets.iter().map(String::as_str).collect();
        let engine = app
            .modules
            .iter()
            .filter(|(m, _)| m.first() == Some(module))
            .any(|(_, file)| {
                let text = code(&fs::read_to_string(file).unwrap());
                text.contains("crate::rules") || text.contains("bridgepad_rules")
            });
        if engine {
            targets.push("(engine)");
        }
        let shown = if targets.is_empty() {
            "-".to_string()
        } else {
            targets.join(", ")
        };
        lines.push(format!("{module:<10} {shown}"));
    }
    lines.join("\n")
}

#[test]
fn architecture_lists_the_imports_the_code_has() {
    let page = fs::read_to_string(repository().join("ARCHITECTURE.md")).unwrap();
    let start = "<!-- imports: checked by tests/layers.rs -->\n```text\n";
    let from = page
        .find(start)
        .expect("ARCHITECTURE.md has the imports block")
        + start.len();
    let to = from + page[from..].find("\n```").unwrap();
    let expected = import_table();
    assert!(
        page[from..to] == expected,
        "ARCHITECTURE.md's imports block should read:\n{expected}"
    );
}
