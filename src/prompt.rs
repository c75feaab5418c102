//! Asking the table questions: the only module that uses dialoguer.
//!
//! `play` talks to a [`Prompter`], so its whole flow can be driven by a
//! [`Scripted`] prompter in tests; [`Terminal`] is the real one.

use std::collections::VecDeque;
use std::io::IsTerminal;

use anyhow::{Result, bail};
use dialoguer::theme::ColorfulTheme;
use dialoguer::{Input, Select};

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

/// Whether prompts can run: dialoguer needs stdin and stderr to be a terminal.
pub fn interactive() -> bool {
    std::io::stdin().is_terminal() && std::io::stderr().is_terminal()
}

/// Prompts on the real terminal.
pub struct Terminal {
    theme: ColorfulTheme,
}

impl Terminal {
    pub fn new() -> Terminal {
        restore_cursor_on_interrupt();
        Terminal {
            theme: ColorfulTheme::default(),
        }
    }
}

/// Ctrl-C at a prompt ends bridgepad at once (every answer is already saved),
/// but the prompt had hidden the cursor and no destructor runs on a signal:
/// show it again, then exit as an interrupted program does.
fn restore_cursor_on_interrupt() {
    #[cfg(unix)]
    {
        extern "C" fn on_interrupt(_: libc::c_int) {
            const SHOW_CURSOR: &[u8] = b"\x1b[?25h\n";
            // SAFETY: write and _exit are async-signal-safe.
            unsafe {
                libc::write(2, SHOW_CURSOR.as_ptr().cast(), SHOW_CURSOR.len());
                libc::_exit(130);
            }
        }
        // SAFETY: installs a handler that only calls async-signal-safe functions.
        unsafe {
            libc::signal(
                libc::SIGINT,
                on_interrupt as *const () as libc::sighandler_t,
            );
        }
    }
}

impl Default for Terminal {
    fn default() -> Self {
        Terminal::new()
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        // An interrupted prompt can leave the cursor hidden.
        let _ = console::Term::stderr().show_cursor();
    }
}

impl Prompter for Terminal {
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
        Ok(Select::with_theme(&self.theme)
            .with_prompt(prompt)
            .items(items)
            .default(default)
            .interact()?)
    }

    fn input(&mut self, prompt: &str, default: Option<&str>, check: Check) -> Result<String> {
        let mut input = Input::<String>::with_theme(&self.theme)
            .with_prompt(prompt)
            .allow_empty(true);
        if let Some(default) = default {
            input = input.default(default.to_string());
        }
        Ok(input
            .validate_with(|text: &String| check(text))
            .interact_text()?)
    }

    fn say(&mut self, text: &str) {
        eprintln!("{text}");
    }

    fn width(&self) -> Option<usize> {
        let term = console::Term::stderr();
        term.is_term().then(|| term.size().1 as usize)
    }
}

/// Answers from a list, for tests: refused answers are kept so a test can
/// assert on them, and the next answer is tried.
#[derive(Debug, Default)]
pub struct Scripted {
    answers: VecDeque<String>,
    pub said: Vec<String>,
    pub refused: Vec<String>,
}

impl Scripted {
    pub fn new<'a>(answers: impl IntoIterator<Item = &'a str>) -> Scripted {
        Scripted {
            answers: answers.into_iter().map(String::from).collect(),
            ..Scripted::default()
        }
    }

    fn next(&mut self, prompt: &str) -> Result<String> {
        match self.answers.pop_front() {
            Some(answer) => Ok(answer),
            None => bail!("the script ran out of answers at `{prompt}`"),
        }
    }
}

/// What a script types for Esc.
pub const ESC: &str = "<esc>";

impl Prompter for Scripted {
    fn select_or_back(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<Option<usize>> {
        if self.answers.front().is_some_and(|a| a == ESC) {
            self.answers.pop_front();
            return Ok(None);
        }
        self.select(prompt, items, default).map(Some)
    }

    fn input_or_back(
        &mut self,
        prompt: &str,
        default: Option<&str>,
        check: Check,
    ) -> Result<Option<String>> {
        if self.answers.front().is_some_and(|a| a == ESC) {
            self.answers.pop_front();
            return Ok(None);
        }
        self.input(prompt, default, check).map(Some)
    }

    fn select(&mut self, prompt: &str, items: &[String], _default: usize) -> Result<usize> {
        let answer = self.next(prompt)?;
        // An answer is the item's text (or its beginning), or its index.
        if let Some(i) = items.iter().position(|item| item.starts_with(&answer)) {
            return Ok(i);
        }
        match answer.parse::<usize>() {
            Ok(i) if i < items.len() => Ok(i),
            _ => bail!("`{answer}` is none of {items:?} at `{prompt}`"),
        }
    }

    fn input(&mut self, prompt: &str, default: Option<&str>, check: Check) -> Result<String> {
        loop {
            let mut answer = self.next(prompt)?;
            if answer.is_empty()
                && let Some(default) = default
            {
                answer = default.to_string();
            }
            match check(&answer) {
                Ok(()) => return Ok(answer),
                Err(message) => self.refused.push(message),
            }
        }
    }

    fn say(&mut self, text: &str) {
        self.said.push(text.to_string());
    }
}
