//! `play` driven by scripted answers: setup and the exact-bid games' table.
//! This module holds the helpers; the tests are in its modules by topic.

use chrono::TimeZone;
use tempfile::TempDir;

use super::*;
use crate::prompt::Prompter;
use crate::prompt::Scripted;
use crate::rules::template::ExactScoring;
use crate::rules::{ExactGame, Seat, Trump};
use crate::store::Store;

mod devils;
mod evening;
mod five;
mod mormon;
mod steps;

/// A context on `dir` with the clock fixed (also used by the contract games' tests).
pub(in crate::cmd::play) fn context(dir: &TempDir) -> Context {
    let now = chrono::Utc
        .with_ymd_and_hms(2026, 11, 21, 20, 0, 0)
        .unwrap();
    Context {
        store: Store::new(dir.path().to_path_buf()).with_seed(Some(1)),
        templates_dir: None,
        now,
    }
}

/// A [`Scripted`] prompter that also keeps every question asked (also
/// used by the contract games' tests).
pub(in crate::cmd::play) struct Asked {
    pub(in crate::cmd::play) script: Scripted,
    pub(in crate::cmd::play) prompts: Vec<String>,
}

impl Asked {
    pub(in crate::cmd::play) fn new<'a>(answers: impl IntoIterator<Item = &'a str>) -> Asked {
        Asked {
            script: Scripted::new(answers),
            prompts: Vec::new(),
        }
    }

    pub(in crate::cmd::play) fn said(&self, line: &str) -> bool {
        self.script.said.iter().any(|s| as_read(s) == line)
    }

    pub(in crate::cmd::play) fn assert_said(&self, lines: &[&str]) {
        for line in lines {
            assert!(self.said(line), "not said: {line}\n{:#?}", self.script.said);
        }
    }

    /// The questions asked after "Who deals first?".
    pub(in crate::cmd::play) fn table_prompts(&self) -> Vec<&str> {
        let skip = self
            .prompts
            .iter()
            .position(|q| q == "Who deals first?")
            .map_or(0, |i| i + 1);
        self.prompts[skip..].iter().map(String::as_str).collect()
    }
}

impl Prompter for Asked {
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
        self.prompts.push(prompt.to_string());
        self.script.select(prompt, items, default)
    }

    fn input(
        &mut self,
        prompt: &str,
        default: Option<&str>,
        check: crate::prompt::Check,
    ) -> Result<String> {
        self.prompts.push(prompt.to_string());
        self.script.input(prompt, default, check)
    }

    fn select_or_back(
        &mut self,
        prompt: &str,
        items: &[String],
        default: usize,
    ) -> Result<Option<usize>> {
        self.prompts.push(prompt.to_string());
        self.script.select_or_back(prompt, items, default)
    }

    fn input_or_back(
        &mut self,
        prompt: &str,
        default: Option<&str>,
        check: crate::prompt::Check,
    ) -> Result<Option<String>> {
        self.prompts.push(prompt.to_string());
        self.script.input_or_back(prompt, default, check)
    }

    fn say(&mut self, text: &str) {
        self.script.say(text);
    }
}

/// Answers that start a Devil's Bridge session for Ann, Bob and Cid, Ann dealing.
const START: [&str; 5] = ["Devil's Bridge", "bid-plus-ten", "", "Ann, Bob, Cid", "Ann"];

fn only_session(cx: &Context) -> ExactGame {
    let listed = crate::store::index::scan(&cx.store).unwrap();
    assert_eq!(listed.len(), 1);
    cx.store
        .load(&listed[0].id)
        .unwrap()
        .exact()
        .unwrap()
        .clone()
}

/// Hand 1 of regular Mormon Bridge for Ann, Bob, Cid and Dee, Ann dealing:
/// no scoring question (always tricks-plus-ten), no target.
const MORMON: [&str; 3] = ["Mormon Bridge (mormon-bridge,", "Ann, Bob, Cid, Dee", "Ann"];

/// Mormon Bridge (elimination) for Ann, Bob and Cid with Dee waiting, Ann dealing.
const ELIMINATION: [&str; 4] = ["Mormon Bridge (elimination)", "Ann, Bob, Cid", "Dee", "Ann"];

fn said(p: &Scripted, line: &str) -> bool {
    p.said.iter().any(|s| as_read(s) == line)
}

/// A line as a person reads it: a no-break space (which holds a score to
/// its name and mark) is a space.
fn as_read(line: &str) -> String {
    line.replace('\u{a0}', " ")
}
