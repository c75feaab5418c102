//! The prompter of plain mode: whole lines, never a redraw.
//!
//! A screen reader re-reads a prompt that is drawn again in place after
//! every key, so in plain mode each question is written once, on a line of
//! its own, and answered with a line (read by the terminal's own line
//! editing); a refusal is a new line and the question is asked again below
//! it. A menu is a numbered list: the answer is its number, or the
//! beginning of one item's text. Esc then Enter, or `back` at a menu, steps
//! back where a question allows it. Symbols are said in words
//! (`text::plain::words`).

use std::io::{self, BufRead, Write};

use anyhow::{Result, bail};

use super::{Check, Prompter};
use crate::narrate::prompt as say;
use crate::text::plain::words;

/// Asks on stderr and reads answers from stdin, a line at a time.
#[derive(Default)]
pub struct Lines;

impl Lines {
    pub fn new() -> Lines {
        Lines
    }

    fn line(&self, text: &str) {
        eprintln!("{}", words(text));
    }

    /// Writes `prompt` and reads one line; `None` at the end of input.
    fn answer(&self, prompt: &str) -> Result<String> {
        let mut err = io::stderr().lock();
        write!(err, "{}", words(prompt))?;
        err.flush()?;
        drop(err);
        let mut line = String::new();
        if io::stdin().lock().read_line(&mut line)? == 0 {
            eprintln!();
            bail!(say::INPUT_ENDED);
        }
        Ok(line.trim_end_matches(['\n', '\r']).to_string())
    }

    fn pick(
        &self,
        prompt: &str,
        items: &[String],
        default: usize,
        back: bool,
    ) -> Result<Option<usize>> {
        if items.is_empty() {
            bail!(say::nothing_to_choose(prompt));
        }
        self.line(prompt);
        for (i, item) in items.iter().enumerate() {
            self.line(&format!("{}. {item}", i + 1));
        }
        let back_word = if back { say::OR_BACK } else { "" };
        loop {
            let asked = say::choose(items.len(), back_word, default + 1);
            let typed = self.answer(&asked)?;
            match chosen(&typed, items, default, back) {
                Ok(choice) => return Ok(choice),
                Err(why) => self.line(&format!("error: {why}")),
            }
        }
    }

    fn read(
        &self,
        prompt: &str,
        default: Option<&str>,
        check: Check,
        back: bool,
    ) -> Result<Option<String>> {
        let asked = match default {
            Some(d) if !d.is_empty() => say::with_default(prompt, d),
            _ => format!("{prompt}: "),
        };
        loop {
            let typed = self.answer(&asked)?;
            if back && typed.trim() == "\u{1b}" {
                return Ok(None);
            }
            let typed = match default {
                Some(d) if typed.trim().is_empty() => d.to_string(),
                _ => typed,
            };
            match check(&typed) {
                Ok(()) => return Ok(Some(typed)),
                Err(why) => self.line(&format!("error: {why}")),
            }
        }
    }
}

/// The item `typed` picks: its number, Enter for the default, or the
/// beginning of exactly one item's text; `None` for back.
fn chosen(
    typed: &str,
    items: &[String],
    default: usize,
    back: bool,
) -> Result<Option<usize>, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(Some(default));
    }
    if back && (typed == "\u{1b}" || typed.eq_ignore_ascii_case("back")) {
        return Ok(None);
    }
    if let Ok(n) = typed.parse::<usize>() {
        if (1..=items.len()).contains(&n) {
            return Ok(Some(n - 1));
        }
        return Err(say::not_on_list(n, items.len()));
    }
    let lower = typed.to_lowercase();
    let matching: Vec<usize> = (0..items.len())
        .filter(|&i| words(&items[i]).to_lowercase().starts_with(&lower))
        .collect();
    match matching.as_slice() {
        [one] => Ok(Some(*one)),
        [] => Err(say::no_item_begins(typed, items.len())),
        _ => Err(say::items_begin(typed, items.len())),
    }
}

impl Prompter for Lines {
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
        let picked = self.pick(prompt, items, default, false)?;
        Ok(picked.unwrap_or(default))
    }

    fn input(&mut self, prompt: &str, default: Option<&str>, check: Check) -> Result<String> {
        let answer = self.read(prompt, default, check, false)?;
        Ok(answer.unwrap_or_default())
    }

    fn select_or_back(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<Option<usize>> {
        self.pick(prompt, items, default, true)
    }

    fn input_or_back(
        &mut self,
        prompt: &str,
        default: Option<&str>,
        check: Check,
    ) -> Result<Option<String>> {
        self.read(prompt, default, check, true)
    }

    fn say(&mut self, text: &str) {
        self.line(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_menu_answer_is_a_number_a_beginning_enter_or_back() {
        let items = ["Resume 2026-a".to_string(), "New session".to_string()];
        assert_eq!(chosen("", &items, 1, false), Ok(Some(1)));
        assert_eq!(chosen("1", &items, 1, false), Ok(Some(0)));
        assert_eq!(chosen("new", &items, 0, false), Ok(Some(1)));
        assert_eq!(chosen("back", &items, 0, true), Ok(None));
        assert!(chosen("back", &items, 0, false).is_err());
        assert!(chosen("3", &items, 0, false).is_err());
    }
}
