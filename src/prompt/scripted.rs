//! The scripted prompter for tests: answers from a list, with the refused
//! answers and what was said kept for a test to assert on.

use std::collections::VecDeque;

use anyhow::{Result, bail};

use super::{Check, Prompter};
use crate::narrate::prompt as say;

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

    /// Whether the next answer is Esc (which it then takes).
    fn stepped_back(&mut self) -> bool {
        let back = self.answers.front().is_some_and(|a| a == ESC);
        if back {
            self.answers.pop_front();
        }
        back
    }

    fn next(&mut self, prompt: &str) -> Result<String> {
        match self.answers.pop_front() {
            Some(answer) => Ok(answer),
            None => bail!(say::script_ran_out(prompt)),
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
        if self.stepped_back() {
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
        if self.stepped_back() {
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
            _ => bail!(say::not_an_item(&answer, items, prompt)),
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
