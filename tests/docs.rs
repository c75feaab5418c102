//! The README and the guide under `docs/`, checked as a reader uses them
//!: every link leads somewhere, and every example session prints
//! what the page says it prints.
//!
//! The rules, as docs/README.md tells the pages' writers:
//! - **Links.** Every relative link (`[text](target)`, outside code) in
//!   README.md and docs/*.md names a file or folder that exists, relative to
//!   the page; a `#anchor` (alone, or after a `.md` file) names a heading of
//!   that page, by GitHub's slug rules: the heading's text without its
//!   markdown (backticks, link targets), lowercased, spaces made `-`, every
//!   character other than a letter, digit, `-` or `_` dropped, and `-1`,
//!   `-2`, … after a slug already taken. Links with a scheme (`https:`,
//!   `mailto:`) are not followed.
//! - **Example sessions.** In a fenced block marked `console`, each line
//!   starting `$ bridgepad ` (after the fence's own indentation, in a list
//!   item) is a command; they run in the order the page
//!   gives them, across all its blocks, on one fresh data folder per page,
//!   in the tests' usual environment ([`Bp`]: the clock at [`common::NOW`],
//!   `TZ=UTC`, `BRIDGEPAD_SEED=1`, the device `laptop`, output piped). A
//!   `$` line that is not a bridgepad command is a mistake in the page. The
//!   arguments are split as a shell splits them, with `'…'` and `"…"`
//!   quoting and nothing else (no pipes, variables or `\` continuations).
//! - The lines after a command, up to the next `$` line or the end of the
//!   block, are exactly what it printed, stdout and stderr together in the
//!   order it wrote them (both go to one pipe, as both go to a terminal),
//!   each line with its trailing spaces dropped, and blank lines at the end of
//!   the output (and of the page's lines) dropped. A line of `…` alone
//!   stands for any number of lines printed there (none included), so a
//!   last `…` means "more follows, not compared". The exit status is not
//!   compared (a refusal shows its `error:` line).
//! - Paths print as a reader's would: the page's data folder as
//!   `/home/ann/.local/share/bridgepad`, its templates folder as
//!   `/home/ann/.config/bridgepad/templates` and its cache folder as
//!   `/home/ann/.cache/bridgepad`.
//! - Other blocks (`text`, `sh`, `toml`, …) are not run.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::common::Bp;

/// The folders a page's output shows, as a reader's machine has them.
const DATA: &str = "/home/ann/.local/share/bridgepad";
const TEMPLATES: &str = "/home/ann/.config/bridgepad/templates";
const CACHE: &str = "/home/ann/.cache/bridgepad";

/// The line that stands for any lines of a command's output.
const MORE: &str = "…";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every page under docs/, as paths from the repository's root.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("a docs/ folder")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .map(|p| PathBuf::from("docs").join(p.file_name().unwrap()))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

fn read(page: &Path) -> String {
    std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{}: {e}", page.display()))
}

/// A page's lines outside fenced code blocks, with their numbers (from 1).
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            lines.push((i + 1, line));
        }
    }
    lines
}

/// A line with its inline code spans taken out (a code span's `](x)` is
/// not a link).
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
        let fence = "`".repeat(ticks);
        let after = &rest[start + ticks..];
        match after.find(&fence) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The targets of a line's links: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

/// A heading's anchor, as GitHub makes it (before `-1`, `-2` for repeats).
pub fn slug(heading: &str) -> String {
    // Link targets go: `[text](url)` reads as `text`.
    let mut text = String::new();
    let mut rest = heading;
    while let Some(at) = rest.find("](") {
        text.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        rest = after.find(')').map_or("", |end| &after[end + 1..]);
    }
    text.push_str(rest);
    text.trim()
        .chars()
        .flat_map(char::to_lowercase)
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for (_, line) in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let mut anchor = base.clone();
        let mut n = 0;
        while seen.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        seen.insert(anchor);
    }
    seen
}

/// What is wrong with the links of `text`, the page at `page` (a path from
/// `root`): one line per broken link, naming the page and line.
pub fn broken_links(root: &Path, page: &Path, text: &str) -> Vec<String> {
    let mut broken = Vec::new();
    let folder = page.parent().unwrap_or(Path::new(""));
    for (number, line) in prose(text) {
        for target in link_targets(line) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(anchor)),
                None => (target.as_str(), None),
            };
            let here = format!("{}:{number}: `{target}`", page.display());
            if file.is_empty() {
                if !anchors(text).contains(anchor.unwrap_or_default()) {
                    broken.push(format!("{here}: no such heading on this page"));
                }
                continue;
            }
            let linked = normalise(&folder.join(file));
            let path = root.join(&linked);
            if !path.exists() {
                broken.push(format!("{here}: no file `{}`", linked.display()));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            let Ok(linked_text) = std::fs::read_to_string(&path) else {
                broken.push(format!("{here}: an anchor into a file that is not text"));
                continue;
            };
            if !anchors(&linked_text).contains(anchor) {
                broken.push(format!(
                    "{here}: no heading `#{anchor}` in `{}`",
                    linked.display()
                ));
            }
        }
    }
    broken
}

/// `a/b/../c` as `a/c`, so a link is matched to the pages by name.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// One `$ bridgepad …` line of a console block and what the page says it prints.
#[derive(Debug)]
pub struct Example {
    /// The line of the page the command is on.
    pub line: usize,
    /// The words after `bridgepad`.
    pub args: Vec<String>,
    /// The lines under it, `…` lines included.
    pub printed: Vec<String>,
}

/// A page's example sessions, in order; a mistake in writing one (a `$`
/// line that is not bridgepad, an unclosed quote) is an `Err` naming it.
pub fn examples(page: &Path, text: &str) -> Result<Vec<Example>, String> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut fenced = false;
    // A block inside a list item is indented: its lines are read without
    // the fence's indentation.
    let mut indent = 0;
    let mut current: Option<Example> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            if fenced {
                examples.extend(current.take().map(finish));
            } else {
                in_console = trimmed.trim_start_matches('`').trim() == "console";
                indent = line.len() - trimmed.len();
            }
            fenced = !fenced;
            continue;
        }
        if !fenced || !in_console {
            continue;
        }
        let spaces = line.len() - line.trim_start_matches(' ').len();
        let line = &line[spaces.min(indent)..];
        if let Some(command) = line.strip_prefix("$ ") {
            examples.extend(current.take().map(finish));
            let words =
                split_words(command).map_err(|e| format!("{}:{number}: {e}", page.display()))?;
            if words.first().map(String::as_str) != Some("bridgepad") {
                return Err(format!(
                    "{}:{number}: only `$ bridgepad …` lines run in a console block: `{line}`",
                    page.display()
                ));
            }
            current = Some(Example {
                line: number,
                args: words[1..].to_vec(),
                printed: Vec::new(),
            });
        } else if let Some(example) = current.as_mut() {
            example.printed.push(line.trim_end().to_string());
        } else {
            return Err(format!(
                "{}:{number}: a console block's output comes after a `$ bridgepad …` line",
                page.display()
            ));
        }
    }
    examples.extend(current.take().map(finish));
    Ok(examples)
}

/// An example whose lines are all read: trailing blank lines dropped.
fn finish(mut example: Example) -> Example {
    while example.printed.last().is_some_and(|l| l.is_empty()) {
        example.printed.pop();
    }
    example
}

/// Whether `lines` are what `page` says, a `…` line standing for any
/// number of lines.
pub fn matches(page: &[String], lines: &[String]) -> bool {
    match page.split_first() {
        None => lines.is_empty(),
        Some((more, rest)) if more.trim() == MORE => {
            (0..=lines.len()).any(|skip| matches(rest, &lines[skip..]))
        }
        Some((line, rest)) => lines.first() == Some(line) && matches(rest, &lines[1..]),
    }
}

/// Words as a shell splits them, with `'…'` and `"…"` quoting only.
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => words.extend(word.take()),
            '\'' | '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some(q) if q == c => break,
                        Some(other) => word.push(other),
                        None => return Err(format!("an unclosed {c} in `{line}`")),
                    }
                }
            }
            '|' | '>' | '<' | '\\' | '$' | ';' | '&' => {
                return Err(format!(
                    "`{c}` in `{line}`: a console example runs one bridgepad command, not a shell line"
                ));
            }
            other => word.get_or_insert_with(String::new).push(other),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Runs bridgepad with stdout and stderr on one pipe, and returns what it
/// printed as the page shows it: in the order written, the test's folders
/// written as a reader's, trailing spaces and blank lines gone.
fn run_as_shown(bp: &Bp, args: &[String]) -> Vec<String> {
    let (mut reader, writer) = std::io::pipe().expect("a pipe");
    let mut command = bp.process();
    command
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(writer.try_clone().expect("a pipe"))
        .stderr(writer);
    let mut child = command.spawn().expect("bridgepad runs");
    // The command holds the pipe's writing ends: closed, the read ends
    // when bridgepad does.
    drop(command);
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes).expect("bridgepad's output");
    child.wait().expect("bridgepad ends");
    let mut text = String::from_utf8_lossy(&bytes).into_owned();
    for (folder, shown) in [
        (bp.data_dir(), DATA),
        (bp.templates_dir(), TEMPLATES),
        (bp.cache_dir(), CACHE),
    ] {
        text = text.replace(&folder.display().to_string(), shown);
    }
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Runs a page's examples on a fresh bridgepad; one line per example that
/// printed something else, with both texts.
pub fn wrong_examples(page: &Path, text: &str) -> Vec<String> {
    let examples = match examples(page, text) {
        Ok(examples) => examples,
        Err(e) => return vec![e],
    };
    if examples.is_empty() {
        return Vec::new();
    }
    let bp = Bp::new();
    let mut wrong = Vec::new();
    // BRIDGEPAD_DOCS_BLESS=1 writes what each example printed into its page
    // (examples without a `…` line only): for a writer after a change of
    // wording, who then reads the diff. The test still fails this once.
    let bless = std::env::var_os("BRIDGEPAD_DOCS_BLESS").is_some();
    let mut blessed: Vec<(usize, usize, Vec<String>)> = Vec::new();
    for example in examples {
        let shown = run_as_shown(&bp, &example.args);
        if !matches(&example.printed, &shown) {
            if bless && !example.printed.iter().any(|l| l.trim() == MORE) {
                blessed.push((example.line, example.printed.len(), shown.clone()));
            }
            wrong.push(format!(
                "{}:{}: `bridgepad {}` printed:\n{}\n--- the page says:\n{}",
                page.display(),
                example.line,
                example.args.join(" "),
                shown.join("\n"),
                example.printed.join("\n"),
            ));
        }
    }
    if !blessed.is_empty() {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for (line, count, shown) in blessed.into_iter().rev() {
            let command = &lines[line - 1];
            let indent = " ".repeat(command.len() - command.trim_start().len());
            let shown = shown
                .iter()
                .map(|l| format!("{indent}{l}").trim_end().to_string());
            lines.splice(line..line + count, shown);
        }
        std::fs::write(page, lines.join("\n") + "\n").expect("the page is written");
    }
    wrong
}

#[test]
fn every_link_in_the_readme_and_the_guide_leads_somewhere() {
    let broken: Vec<String> = pages()
        .iter()
        .flat_map(|page| broken_links(&root(), page, &read(page)))
        .collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_example_session_prints_what_its_page_says() {
    let mut ran = 0;
    let mut wrong = Vec::new();
    for page in pages() {
        let text = read(&page);
        ran += examples(&page, &text).map_or(0, |e| e.len());
        wrong.extend(wrong_examples(&page, &text));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    // The README's own session and the guide's are among them.
    assert!(ran >= 10, "only {ran} example commands found");
}

#[test]
fn the_readme_is_read_in_five_minutes() {
    let lines = read(Path::new("README.md")).lines().count();
    assert!(
        lines < 300,
        "README.md has {lines} lines; the guide under docs/ takes the rest"
    );
}

#[test]
fn every_page_starts_with_a_title_a_paragraph_and_its_contents() {
    for page in pages() {
        let text = read(&page);
        let mut lines = text.lines();
        let title = lines.next().unwrap_or("");
        assert!(
            title.starts_with("# "),
            "{}: no `# Title` first",
            page.display()
        );
        let sections: Vec<String> = prose(&text)
            .into_iter()
            .filter_map(|(_, l)| l.strip_prefix("## "))
            .map(slug)
            .collect();
        for section in sections {
            assert!(
                text.contains(&format!("](#{section})")),
                "{}: `## …` section `#{section}` is not in the page's contents",
                page.display()
            );
        }
    }
}

#[test]
fn headings_are_slugged_as_github_slugs_them() {
    assert_eq!(
        slug(" With git: `bridgepad sync`"),
        "with-git-bridgepad-sync"
    );
    assert_eq!(
        slug(" Devil's Bridge as bridgepad plays it"),
        "devils-bridge-as-bridgepad-plays-it"
    );
    assert_eq!(slug(" `show --json`"), "show---json");
    assert_eq!(
        slug(" See [the guide](docs/README.md) now"),
        "see-the-guide-now"
    );
    let text = "# A\n## Notes\n```\n## not a heading\n```\n## Notes\n";
    let found = anchors(text);
    assert!(
        found.contains("notes") && found.contains("notes-1"),
        "{found:?}"
    );
    assert!(!found.contains("not-a-heading"), "{found:?}");
}

/// The checker catches what it is for: a missing file, a missing anchor, an
/// example that prints something else, and a `$` line that is not bridgepad.
#[test]
fn the_checker_fails_a_broken_link_and_a_wrong_example() {
    let dir = crate::common::temp_dir();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(
        dir.path().join("docs/there.md"),
        "# There\n\n## Here it is\n",
    )
    .unwrap();
    let page = Path::new("docs/page.md");
    let text = "# Page\n\nSee [there](there.md#here-it-is), [the top](#page), \
                `[code](nowhere.md)` and [the web](https://example.org).\n\
                Then [gone](gone.md), [no such part](there.md#here) and [no anchor](#nope).\n";
    let broken = broken_links(dir.path(), page, text);
    assert_eq!(broken.len(), 3, "{broken:#?}");
    assert!(
        broken[0].contains("docs/page.md:4: `gone.md`: no file `docs/gone.md`"),
        "{broken:#?}"
    );
    assert!(
        broken[1].contains("no heading `#here` in `docs/there.md`"),
        "{broken:#?}"
    );
    assert!(
        broken[2].contains("`#nope`: no such heading on this page"),
        "{broken:#?}"
    );

    let right = "```console\n$ bridgepad check-dealer --cards 1 --bids 0,0\n…\n```\n";
    assert_eq!(wrong_examples(page, right), Vec::<String>::new());
    let wrong = "# P\n\n```console\n$ bridgepad check-dealer --cards 1 --bids 0,0\nthe dealer may bid anything\n```\n";
    let found = wrong_examples(page, wrong);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(
        found[0]
            .starts_with("docs/page.md:4: `bridgepad check-dealer --cards 1 --bids 0,0` printed:"),
        "{}",
        found[0]
    );
    let short = "```console\n$ bridgepad variants\nno variants at all\n…\n```\n";
    assert_eq!(wrong_examples(page, short).len(), 1);
    let middle =
        "```console\n$ bridgepad check-dealer --cards 1 --bids 0,0\n…\nno such line\n…\n```\n";
    assert_eq!(wrong_examples(page, middle).len(), 1);
    let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(matches(
        &lines(&["a", "…", "d"]),
        &lines(&["a", "b", "c", "d"])
    ));
    assert!(matches(&lines(&["a", "…"]), &lines(&["a"])));
    assert!(!matches(&lines(&["a", "…", "c"]), &lines(&["a", "c", "d"])));
    assert!(!matches(&lines(&["a"]), &lines(&["a", "b"])));
    let indented = "- a list item:\n\n  ```console\n  $ bridgepad check-dealer --cards 1 --bids 0,0\n  …\n  ```\n";
    assert_eq!(examples(page, indented).unwrap().len(), 1);
    assert_eq!(wrong_examples(page, indented), Vec::<String>::new());
    let shell = "```console\n$ ls /\nbin\n```\n";
    assert!(wrong_examples(page, shell)[0].contains("only `$ bridgepad …` lines run"));
    assert!(split_words("show | less").is_err());
    assert_eq!(
        split_words("new x --set 'exact=10 + bid' --players \"A,B\"").unwrap(),
        ["new", "x", "--set", "exact=10 + bid", "--players", "A,B"]
    );
}

// ---------------------------------------------------------------------------
// References that leave the repository
// ---------------------------------------------------------------------------

/// Files that once held the rulings, the scriptable interface, the crate
/// notes and the style, kept beside the project but never in it: a reader
/// of the repository cannot open them. Built from pieces so that this file
/// does not name them itself.
fn outside_files() -> [String; 5] {
    [
        ["RULES", ".md"].concat(),
        ["INTERFACE", ".md"].concat(),
        ["CRATES", ".md"].concat(),
        ["STYLE", ".md"].concat(),
        ["..", "/shared"].concat(),
    ]
}

/// The repository's tracked text files, as paths from `root`, as
/// `git ls-files` lists them: what a clone holds, and nothing a build or an
/// editor left beside it. Files that are not UTF-8 (fuzz corpora, images)
/// hold no prose to check.
fn tracked_text_files(root: &Path) -> Vec<PathBuf> {
    let out = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
        .expect("git runs: the check reads what the repository tracks");
    assert!(
        out.status.success(),
        "git ls-files: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<PathBuf> = String::from_utf8_lossy(&out.stdout)
        .split('\0')
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .filter(|p| {
            std::fs::read(root.join(p)).is_ok_and(|bytes| std::str::from_utf8(&bytes).is_ok())
        })
        .collect();
    files.sort();
    files
}

/// Where `line` points to a numbered issue of a tracker the reader cannot
/// see: the word `issue` or `issues`, then a number (after a space, a `#`,
/// both or neither), or a number alone in parentheses after a `#`. The word
/// must stand alone (a `reissue` is not one), and a number split onto the
/// next line is caught by joining the two (`next` is that line).
fn numbered_issue(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    let bytes = lower.as_bytes();
    for (at, _) in lower.match_indices("issue") {
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let mut rest = &lower[at + "issue".len()..];
        rest = rest.strip_prefix('s').unwrap_or(rest);
        rest = rest.trim_start_matches(' ');
        rest = rest.strip_prefix('#').unwrap_or(rest);
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return true;
        }
        // `issue` last on the line, its number first on the next one.
        if rest.trim().is_empty() {
            let continued = next
                .unwrap_or("")
                .trim_start()
                .trim_start_matches(['/', '!', '#', '*', '-'])
                .trim_start();
            if continued.starts_with(|c: char| c.is_ascii_digit()) {
                return true;
            }
        }
    }
    lower.match_indices("(#").any(|(at, _)| {
        let digits: String = lower[at + 2..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        !digits.is_empty() && lower[at + 2 + digits.len()..].starts_with(')')
    })
}

/// What in `text` (the file at `path`) leads outside the repository: one
/// line per reference, naming the file and line.
pub fn stray_references(path: &Path, text: &str) -> Vec<String> {
    let outside = outside_files();
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        let here = format!("{}:{}", path.display(), at + 1);
        for name in outside.iter().filter(|name| line.contains(name.as_str())) {
            found.push(format!("{here}: `{name}` is not in the repository"));
        }
        if numbered_issue(line, lines.get(at + 1).copied()) {
            found.push(format!(
                "{here}: a numbered issue a reader cannot see: say what it asked instead"
            ));
        }
    }
    found
}

/// Where `text` (the file at `path`) names a page of the guide by its path
/// from the root, `docs/page.md` or `docs/page.md#anchor`, as comments cite
/// the rulings: the page must exist and have that heading, or the comment
/// points nowhere. Links inside the guide are relative and checked by
/// [`broken_links`] instead.
pub fn dangling_guide_references(root: &Path, path: &Path, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (at, line) in text.lines().enumerate() {
        for (start, _) in line.match_indices("docs/") {
            if start > 0 && !line[..start].ends_with([' ', '(', '`', '[', '"', '\'', ':']) {
                continue;
            }
            let cited: String = line[start..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || "/._-#".contains(*c))
                .collect();
            let cited = cited.trim_end_matches(['.', '-']);
            let (file, anchor) = cited.split_once('#').unwrap_or((cited, ""));
            if !file.ends_with(".md") {
                continue;
            }
            let here = format!("{}:{}: `{cited}`", path.display(), at + 1);
            let Ok(page) = std::fs::read_to_string(root.join(file)) else {
                found.push(format!("{here}: no file `{file}`"));
                continue;
            };
            if !anchor.is_empty() && !anchors(&page).contains(anchor) {
                found.push(format!("{here}: no heading `#{anchor}` in `{file}`"));
            }
        }
    }
    found
}

#[test]
fn every_reference_in_code_and_docs_resolves_inside_the_repository() {
    let root = root();
    let files = tracked_text_files(&root);
    assert!(
        files.iter().any(|f| f == Path::new("docs/rulings.md")),
        "the file list misses the guide: {files:?}"
    );
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        wrong.extend(stray_references(file, &text));
        // This file's own fixtures name guide pages that exist only in the
        // temporary folders its checker tests make.
        if file != Path::new("tests/docs.rs") {
            wrong.extend(dangling_guide_references(&root, file, &text));
        }
    }
    assert!(
        wrong.is_empty(),
        "references a reader of the repository cannot follow:\n{}",
        wrong.join("\n")
    );
}

/// The reference checker catches what it is for, and lets board numbers,
/// colours and HTML entities be.
#[test]
fn the_reference_checker_fails_a_planted_reference() {
    let page = Path::new("src/planted.rs");
    let outside = ["// scored as ", "RULES", ".md says\n"].concat();
    let found = stray_references(page, &outside);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(
        stray_references(page, &outside.replace("RULES", "CRATES")).len(),
        1
    );
    assert!(found[0].starts_with("src/planted.rs:1: `"), "{found:#?}");
    let shared = ["// see ", "..", "/shared/notes\n"].concat();
    assert_eq!(stray_references(page, &shared).len(), 1);
    // Planted from pieces, so that this file does not trip its own check.
    for (before, after) in [
        ("// Issue", " 24, tested as a person would see it"),
        ("// (see issues", " #3 and #4)"),
        ("// fixed in (#", "13)."),
        ("// bug 2 of issue", "12"),
        ("// as the issue\n//", " 16 table says"),
    ] {
        let issue = [before, after].concat();
        assert_eq!(stray_references(page, &issue).len(), 1, "{issue:?}");
    }
    for fine in [
        "// board 13 is vulnerable; tissue 4 is not an issue",
        "color: #111; &#13; Devil's Bridge #2",
        "// the issue's rubber, worked out by hand",
        "// an issue for (#x) the table",
    ] {
        assert_eq!(
            stray_references(page, fine),
            Vec::<String>::new(),
            "{fine:?}"
        );
    }

    let dir = crate::common::temp_dir();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(
        dir.path().join("docs/rulings.md"),
        "# Rulings\n\n## The hook\n",
    )
    .unwrap();
    let cited = "// (docs/rulings.md#the-hook), docs/rulings.md and `docs/gone.md`\n\
                 // docs/rulings.md#no-such-ruling.\n";
    let found = dangling_guide_references(dir.path(), page, cited);
    assert_eq!(found.len(), 2, "{found:#?}");
    assert!(
        found[0].contains("src/planted.rs:1: `docs/gone.md`: no file"),
        "{found:#?}"
    );
    assert!(
        found[1].contains("src/planted.rs:2: `docs/rulings.md#no-such-ruling`: no heading"),
        "{found:#?}"
    );
}
