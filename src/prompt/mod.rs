//! Asking the table questions: the only module that uses dialoguer (for its
//! look) and reads keys.
//!
//! `play` talks to a [`Prompter`], so its whole flow can be driven by a
//! [`Scripted`] prompter in tests ([`scripted`]); [`Terminal`] is the real
//! one ([`terminal`], with the columns and rows measured in [`layout`]);
//! [`Lines`] ([`plain`]) is plain mode's, a line at a time for screen
//! readers. Whatever it shows fits the terminal's width: nothing
//! is cut off, and a prompt drawn again leaves nothing of its last drawing
//! behind.

use std::cell::RefCell;
use std::io::IsTerminal;

use anyhow::Result;

mod layout;
mod plain;
mod scripted;
mod terminal;

pub use plain::Lines;
pub use scripted::{ESC, Scripted};
pub use terminal::Terminal;

/// The prompter for a real terminal: [`Terminal`], or in plain mode
/// (`text::plain`) [`Lines`], which never redraws.
pub fn for_terminal() -> Box<dyn Prompter> {
    if crate::text::plain::on() {
        Box::new(Lines::new())
    } else {
        Box::new(Terminal::new())
    }
}

/// A check on a typed answer: `Err` carries the message shown before asking again.
pub type Check<'a> = &'a dyn Fn(&str) -> Result<(), String>;

pub trait Prompter {
    /// Picks one of `items`; returns its index.
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize>;
    /// Asks for text until `check` accepts it.
    fn input(&mut self, prompt: &str, default: Option<&str>, check: Check) -> Result<String>;
    /// Tells the table something.
    fn say(&mut self, text: &str);
    /// [`Prompter::select`], where the person may step back (Esc): `None`.
    fn select_or_back(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<Option<usize>> {
        self.select(prompt, items, default).map(Some)
    }
    /// [`Prompter::input`], where the person may step back (Esc): `None`.
    fn input_or_back(
        &mut self,
        prompt: &str,
        default: Option<&str>,
        check: Check,
    ) -> Result<Option<String>> {
        self.input(prompt, default, check).map(Some)
    }
    /// The width to draw sheets in, when known.
    fn width(&self) -> Option<usize> {
        None
    }
}

/// [`Prompter::input`] for an answer that means something: `parse` checks
/// the answer and makes it into a value, which comes back as it is, so the
/// answer is parsed once and nothing is parsed again after the check.
pub fn ask<T>(
    p: &mut dyn Prompter,
    prompt: &str,
    default: Option<&str>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<T> {
    let parsed = RefCell::new(None);
    let check = |text: &str| keep(&parsed, parse(text));
    p.input(prompt, default, &check)?;
    taken(parsed)
}

/// [`ask`], where the person may step back (Esc): `None`.
pub fn ask_or_back<T>(
    p: &mut dyn Prompter,
    prompt: &str,
    default: Option<&str>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>> {
    let parsed = RefCell::new(None);
    let check = |text: &str| keep(&parsed, parse(text));
    match p.input_or_back(prompt, default, &check)? {
        Some(_) => taken(parsed).map(Some),
        None => Ok(None),
    }
}

/// Keeps what the check made of an answer: a prompter returns the answer
/// its check accepted last, so the value kept last is the answer's.
fn keep<T>(parsed: &RefCell<Option<T>>, value: Result<T, String>) -> Result<(), String> {
    *parsed.borrow_mut() = Some(value?);
    Ok(())
}

fn taken<T>(parsed: RefCell<Option<T>>) -> Result<T> {
    parsed
        .into_inner()
        .ok_or_else(|| anyhow::Error::msg(crate::narrate::prompt::UNCHECKED))
}

/// Whether prompts can run: they need stdin and stderr to be a terminal.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}
