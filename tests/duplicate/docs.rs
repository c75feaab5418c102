//! docs/duplicate.md, run as written: every ```console block in order on
//! one data folder, each `$ bridgepad …` line a command whose stdout must be
//! exactly the lines after it.

use crate::common::Bp;

/// The words of a command line: spaces split, double quotes group.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

#[test]
fn the_duplicate_walk_through_prints_what_it_says() {
    let page = include_str!("../../docs/duplicate.md");
    let bp = Bp::new();
    let mut commands = 0;
    let mut in_block = false;
    let mut current: Option<(Vec<String>, Vec<String>)> = None;
    let check = |current: &mut Option<(Vec<String>, Vec<String>)>| {
        if let Some((args, expected)) = current.take() {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = bp.ok(&args);
            let got: Vec<&str> = out.lines().collect();
            assert_eq!(got, expected, "bridgepad {}", args.join(" "));
        }
    };
    for line in page.lines() {
        if line.starts_with("```console") {
            in_block = true;
            continue;
        }
        if in_block && line.starts_with("```") {
            check(&mut current);
            in_block = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ bridgepad ") {
            check(&mut current);
            commands += 1;
            current = Some((words(command), Vec::new()));
        } else if let Some((_, expected)) = current.as_mut() {
            expected.push(line.to_string());
        }
    }
    assert!(commands >= 10, "only {commands} commands in the page");
}
