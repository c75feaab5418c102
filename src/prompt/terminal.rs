//! The real prompter on the terminal: [`Terminal`], the line reader and the
//! menu it draws ([`super::layout`] measures them).
//!
//! Longer than most modules: the line reader and the menu are one piece,
//! since each redraw must know the rows the last one drew.

use std::fmt;
use std::io::{self, Write};

use anyhow::{Result, bail};
use console::{Key, Term};
use dialoguer::theme::{ColorfulTheme, Theme};

use super::layout::{fit, rows, scrolled};
use super::{Check, Prompter};
use crate::narrate::prompt as say;
use crate::text::wrap;

/// Prompts on the real terminal (stderr), in dialoguer's colourful look.
///
/// dialoguer's own prompts count the lines they drew by their newlines, so a
/// prompt or a refusal wider than the terminal left stale half-lines and cut
/// off the end of a refusal, where it says what is legal; its text input
/// cannot report Esc either. So the theme only formats, and this module
/// draws: every line is wrapped between words to the terminal's width
/// ([`crate::text::wrap`]), a prompt redraws its whole [`Block`] in place after each key,
/// and a [`Menu`] shortens items that would not fit rather than let them wrap.
/// Colours are console's: off under NO_COLOR or on a terminal without them.
pub struct Terminal {
    theme: ColorfulTheme,
    term: Term,
}

impl Terminal {
    pub fn new() -> Terminal {
        restore_cursor_on_interrupt();
        Terminal {
            theme: ColorfulTheme::default(),
            term: Term::stderr(),
        }
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
        let mut menu = Menu::new(&self.theme, prompt, items, default, back);
        self.term.hide_cursor()?;
        let picked = ask(&self.term, &mut menu);
        self.term.show_cursor()?;
        picked
    }

    fn read(
        &self,
        prompt: &str,
        default: Option<&str>,
        check: Check,
        back: bool,
    ) -> Result<Option<String>> {
        let mut question = Question::new(&self.theme, prompt, default, check, back);
        ask(&self.term, &mut question)
    }
}

/// Ctrl-C at a prompt ends bridgepad at once (every answer is already saved),
/// but the prompt had hidden the cursor and no destructor runs on a signal:
/// show it again, then exit as an interrupted program does. signal-hook
/// hands the signal to a thread of its own, which may do anything, where a
/// handler may only make async-signal-safe calls. Installed once, however
/// many prompters are made.
fn restore_cursor_on_interrupt() {
    #[cfg(unix)]
    {
        static INSTALLED: std::sync::Once = std::sync::Once::new();
        INSTALLED.call_once(|| {
            use signal_hook::consts::SIGINT;
            use signal_hook::iterator::Signals;
            let Ok(mut signals) = Signals::new([SIGINT]) else {
                return;
            };
            let spawned = std::thread::Builder::new()
                .name("interrupt".into())
                .spawn(move || {
                    if signals.forever().next().is_some() {
                        interrupted();
                    }
                });
            drop(spawned);
        });
    }
}

/// Shows the cursor and exits with 130, as a program ended by SIGINT, by
/// `_exit`, as the signal would have ended it: nothing a normal exit runs
/// (flushing, destructors) runs while a prompt is mid-way. The prompt that
/// read Ctrl-C as a key and the thread that receives the signal may both
/// come here: the first one does it, the other waits for the end.
#[cfg(unix)]
fn interrupted() -> ! {
    use std::sync::atomic::{AtomicBool, Ordering};
    static ENDING: AtomicBool = AtomicBool::new(false);
    if !ENDING.swap(true, Ordering::SeqCst) {
        let _ = io::stderr().write_all(b"\x1b[?25h\n");
        signal_hook::low_level::exit(130);
    }
    loop {
        std::thread::park();
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
        let _ = self.term.show_cursor();
    }
}

impl Prompter for Terminal {
    fn select(&mut self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
        let picked = self.pick(prompt, items, default, false)?;
        Ok(picked.expect("a menu without a way back always picks"))
    }

    fn input(&mut self, prompt: &str, default: Option<&str>, check: Check) -> Result<String> {
        let answer = self.read(prompt, default, check, false)?;
        Ok(answer.expect("a question without a way back always answers"))
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

    /// Lines wider than the terminal are broken between words; lines that
    /// fit (a sheet drawn to [`Prompter::width`]) are written as they are.
    fn say(&mut self, text: &str) {
        let text = match self.width() {
            Some(cols) => text
                .split('\n')
                .flat_map(|line| wrap(line, cols, 0))
                .collect::<Vec<_>>()
                .join("\n"),
            None => text.to_string(),
        };
        eprintln!("{text}");
    }

    fn width(&self) -> Option<usize> {
        self.term.is_term().then(|| size(&self.term).1)
    }
}

/// The terminal's rows and columns (24 by 80 when it does not say).
fn size(term: &Term) -> (usize, usize) {
    let (rows, cols) = term.size_checked().unwrap_or((24, 80));
    (usize::from(rows).max(1), usize::from(cols).max(1))
}

/// What a theme formats, as a string.
fn styled(format: impl FnOnce(&mut String) -> fmt::Result) -> String {
    let mut text = String::new();
    format(&mut text).expect("formatting into a String cannot fail");
    text
}

/// What a key did to a prompt.
#[derive(Debug, PartialEq)]
enum Step<T> {
    /// Still asking: draw it again.
    Asking,
    /// Answered.
    Done(T),
    /// Esc (or q in a menu), where the prompt allows stepping back.
    Back,
}

/// A prompt as keys change it, apart from the terminal, so it can be tested.
trait Widget {
    type Answer;
    /// The lines to show while asking, each at most `cols` wide, on a
    /// terminal `rows` high.
    fn lines(&mut self, rows: usize, cols: usize) -> Vec<String>;
    fn key(&mut self, key: Key) -> Step<Self::Answer>;
    /// The lines that stay once `answer` is given.
    fn answered(&self, answer: &Self::Answer, cols: usize) -> Vec<String>;
}

/// Runs `widget` on `term`: draws, reads a key, draws again, until it is
/// answered (its answer stays on screen) or stepped back from (it goes).
fn ask<W: Widget>(term: &Term, widget: &mut W) -> Result<Option<W::Answer>> {
    // Keys read off a terminal that is not one are all `Key::Unknown`.
    if !term.is_term() {
        bail!(say::NEEDS_TERMINAL);
    }
    let mut block = Block::new(term);
    loop {
        let (rows, cols) = size(term);
        block.draw(&widget.lines(rows, cols))?;
        let key = match term.read_key() {
            // Ctrl-C read as a key: console raised SIGINT too, but the
            // thread that receives it may not run before this one goes on.
            #[cfg(unix)]
            Err(error) if error.kind() == io::ErrorKind::Interrupted => interrupted(),
            key => key?,
        };
        match widget.key(key) {
            Step::Asking => {}
            Step::Done(answer) => {
                block.end(&widget.answered(&answer, size(term).1))?;
                return Ok(Some(answer));
            }
            Step::Back => {
                block.erase()?;
                return Ok(None);
            }
        }
    }
}

/// A menu: arrows (or j/k, Tab) move, Enter or Space picks; where it allows
/// stepping back, Esc or q does. Items wider than the terminal are shortened
/// with an ellipsis (the whole item is shown once picked); a list taller than
/// the terminal scrolls.
struct Menu<'a> {
    theme: &'a ColorfulTheme,
    prompt: &'a str,
    items: &'a [String],
    chosen: usize,
    /// The first item shown.
    top: usize,
    back: bool,
}

impl<'a> Menu<'a> {
    fn new(
        theme: &'a ColorfulTheme,
        prompt: &'a str,
        items: &'a [String],
        default: usize,
        back: bool,
    ) -> Menu<'a> {
        Menu {
            theme,
            prompt,
            items,
            chosen: default.min(items.len().saturating_sub(1)),
            top: 0,
            back,
        }
    }
}

impl Widget for Menu<'_> {
    type Answer = usize;

    fn lines(&mut self, rows: usize, cols: usize) -> Vec<String> {
        let count = self.items.len();
        let mut heading = styled(|f| self.theme.format_select_prompt(f, self.prompt));
        let mut lines = wrap(&heading, cols, 2);
        // As many items as fit under the heading, leaving the last row free.
        let room = |heading: &[String]| rows.saturating_sub(heading.len() + 1).max(1);
        let mut shown = count.min(room(&lines));
        if shown < count {
            let at = format!("({} of {count})", self.chosen + 1);
            heading = format!("{heading} {}", self.theme.hint_style.apply_to(at));
            lines = wrap(&heading, cols, 2);
            shown = room(&lines);
        }
        self.top = scrolled(self.top, self.chosen, shown);
        for (i, item) in self.items.iter().enumerate().skip(self.top).take(shown) {
            // The theme puts 2 columns before the item.
            let item = fit(item, cols.saturating_sub(2));
            lines.push(styled(|f| {
                self.theme
                    .format_select_prompt_item(f, &item, i == self.chosen)
            }));
        }
        lines
    }

    fn key(&mut self, key: Key) -> Step<usize> {
        let count = self.items.len();
        match key {
            Key::ArrowDown | Key::Tab | Key::Char('j') => self.chosen = (self.chosen + 1) % count,
            Key::ArrowUp | Key::BackTab | Key::Char('k') => {
                self.chosen = (self.chosen + count - 1) % count;
            }
            Key::Home => self.chosen = 0,
            Key::End => self.chosen = count - 1,
            Key::Enter | Key::Char(' ') => return Step::Done(self.chosen),
            Key::Escape | Key::Char('q') if self.back => return Step::Back,
            _ => {}
        }
        Step::Asking
    }

    fn answered(&self, &chosen: &usize, cols: usize) -> Vec<String> {
        let done = styled(|f| {
            self.theme
                .format_select_prompt_selection(f, self.prompt, &self.items[chosen])
        });
        wrap(&done, cols, 2)
    }
}

/// A line of text, until `check` accepts it: Enter on nothing takes the
/// default; a refusal shows above the prompt, in place of the last one;
/// where it allows stepping back, Esc does. Keys: characters, Backspace,
/// Ctrl-U (empties the line), Enter, Esc.
struct Question<'a> {
    theme: &'a ColorfulTheme,
    prompt: &'a str,
    default: Option<&'a str>,
    check: Check<'a>,
    back: bool,
    typed: String,
    refusal: Option<String>,
}

impl<'a> Question<'a> {
    fn new(
        theme: &'a ColorfulTheme,
        prompt: &'a str,
        default: Option<&'a str>,
        check: Check<'a>,
        back: bool,
    ) -> Question<'a> {
        Question {
            theme,
            prompt,
            default,
            check,
            back,
            typed: String::new(),
            refusal: None,
        }
    }
}

impl Widget for Question<'_> {
    type Answer = String;

    fn lines(&mut self, _rows: usize, cols: usize) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(message) = &self.refusal {
            let shown = styled(|f| self.theme.format_error(f, message));
            lines.extend(wrap(&shown, cols, 2));
        }
        let asking = styled(|f| self.theme.format_input_prompt(f, self.prompt, self.default));
        lines.extend(wrap(&format!("{asking}{}", self.typed), cols, 2));
        lines
    }

    fn key(&mut self, key: Key) -> Step<String> {
        match key {
            Key::Enter => {
                let answer = match self.default {
                    Some(default) if self.typed.is_empty() => default.to_string(),
                    _ => self.typed.clone(),
                };
                match (self.check)(&answer) {
                    Ok(()) => return Step::Done(answer),
                    Err(message) => {
                        self.refusal = Some(message);
                        self.typed.clear();
                    }
                }
            }
            Key::Escape if self.back => return Step::Back,
            Key::Backspace => {
                self.typed.pop();
            }
            Key::Char('\u{15}') => self.typed.clear(),
            Key::Char(c) if !c.is_control() => self.typed.push(c),
            _ => {}
        }
        Step::Asking
    }

    fn answered(&self, answer: &String, cols: usize) -> Vec<String> {
        let done = styled(|f| {
            self.theme
                .format_input_prompt_selection(f, self.prompt, answer)
        });
        wrap(&done, cols, 2)
    }
}

/// The lines a prompt has drawn last, which it redraws whole: a new refusal
/// replaces the last one, and a line that got shorter leaves nothing behind.
struct Block<'a> {
    term: &'a Term,
    /// Rows from the block's first row down to the cursor's.
    cursor_row: usize,
}

impl<'a> Block<'a> {
    /// A block starting at the cursor, which is at the start of a line.
    fn new(term: &'a Term) -> Block<'a> {
        Block {
            term,
            cursor_row: 0,
        }
    }

    /// Draws `lines` in place of the block, the cursor left at the end of the last.
    fn draw(&mut self, lines: &[String]) -> io::Result<()> {
        let mut out = self.erasing();
        out.push_str(&lines.join("\n"));
        self.write(&out)?;
        self.cursor_row = rows(lines, size(self.term).1) - 1;
        Ok(())
    }

    /// Draws `lines` a last time and moves below them: the block is done.
    fn end(mut self, lines: &[String]) -> io::Result<()> {
        self.draw(lines)?;
        self.write("\n")
    }

    /// Takes the block off the screen, the cursor back where it started.
    fn erase(self) -> io::Result<()> {
        self.write(&self.erasing())
    }

    /// Up to the block's first row, and clear from there down.
    fn erasing(&self) -> String {
        let up = match self.cursor_row {
            0 => String::new(),
            n => format!("\x1b[{n}A"),
        };
        format!("{up}\r\x1b[J")
    }

    fn write(&self, text: &str) -> io::Result<()> {
        let mut term = self.term;
        term.write_all(text.as_bytes())?;
        term.flush()
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use console::measure_text_width;

    /// Lines as a person reads them, whatever the colour settings.
    fn plain(lines: &[String]) -> Vec<String> {
        lines
            .iter()
            .map(|l| console::strip_ansi_codes(l).into_owned())
            .collect()
    }

    fn keys(text: &str) -> Vec<Key> {
        text.chars().map(Key::Char).collect()
    }

    /// A dealer's bid: 1 is forbidden, more than 2 too large.
    fn dealer_check(text: &str) -> Result<(), String> {
        match text {
            "0" | "2" => Ok(()),
            "1" => Err(
                "Bartholomew is the dealer and may not bid 1: the bids would total \
                        2 on 2 cards; legal: 0 or 2"
                    .to_string(),
            ),
            _ => Err(format!("`{text}` is not a bid from 0 to 2")),
        }
    }

    #[test]
    fn a_question_shows_the_last_refusal_only_whole_and_above_the_prompt() {
        let theme = ColorfulTheme::default();
        let mut q = Question::new(&theme, "Bartholomew's bid", None, &dealer_check, false);
        assert_eq!(plain(&q.lines(24, 40)), ["? Bartholomew's bid › "]);
        for key in keys("1") {
            assert_eq!(q.key(key), Step::Asking);
        }
        assert_eq!(plain(&q.lines(24, 40)), ["? Bartholomew's bid › 1"]);
        assert_eq!(q.key(Key::Enter), Step::Asking);
        assert_eq!(
            plain(&q.lines(24, 40)),
            [
                "✘ Bartholomew is the dealer and may not",
                "  bid 1: the bids would total 2 on 2",
                "  cards; legal: 0 or 2",
                "? Bartholomew's bid › ",
            ]
        );
        for key in keys("7") {
            q.key(key);
        }
        assert_eq!(q.key(Key::Enter), Step::Asking);
        assert_eq!(
            plain(&q.lines(24, 40)),
            ["✘ `7` is not a bid from 0 to 2", "? Bartholomew's bid › "]
        );
        // Esc does nothing where there is no stepping back; Backspace takes
        // back a key.
        for key in [Key::Char('9'), Key::Escape, Key::Backspace, Key::Char('2')] {
            assert_eq!(q.key(key), Step::Asking);
        }
        assert_eq!(q.key(Key::Enter), Step::Done("2".to_string()));
        assert_eq!(
            plain(&q.answered(&"2".to_string(), 40)),
            ["✔ Bartholomew's bid · 2"]
        );
    }

    #[test]
    fn a_question_takes_its_default_on_enter_and_steps_back_on_esc() {
        let theme = ColorfulTheme::default();
        let any = |_: &str| Ok(());
        let mut q = Question::new(&theme, "Target score", Some("500"), &any, true);
        assert_eq!(plain(&q.lines(24, 80)), ["? Target score (500) › "]);
        assert_eq!(q.key(Key::Enter), Step::Done("500".to_string()));

        let mut q = Question::new(&theme, "Target score", Some("500"), &any, true);
        q.key(Key::Char('3'));
        assert_eq!(q.key(Key::Escape), Step::Back);

        // Ctrl-U empties the line.
        let mut q = Question::new(&theme, "Players", None, &any, false);
        for key in keys("Ann,Bo\u{15}Cid") {
            q.key(key);
        }
        assert_eq!(q.key(Key::Enter), Step::Done("Cid".to_string()));
    }

    fn resume_items() -> Vec<String> {
        let mut items = vec!["Start a new session".to_string()];
        items.extend((1..=14).map(|n| {
            format!(
                "Resume 2026-11-{n:02}-devils-bridge: Devil's Bridge, \
                 Annabelle-Marguerite, Bartholomew, Cid (hand {n})"
            )
        }));
        items
    }

    #[test]
    fn a_menu_shortens_items_that_would_wrap_and_shows_them_whole_once_picked() {
        let theme = ColorfulTheme::default();
        let items = resume_items();
        let mut menu = Menu::new(
            &theme,
            "Resume a game or start a new one?",
            &items[..3],
            1,
            false,
        );
        let lines = plain(&menu.lines(24, 60));
        assert_eq!(
            lines,
            [
                "? Resume a game or start a new one? ›",
                "  Start a new session",
                "❯ Resume 2026-11-01-devils-bridge: Devil's Bridge, Annabell…",
                "  Resume 2026-11-02-devils-bridge: Devil's Bridge, Annabell…",
            ]
        );
        assert_eq!(menu.key(Key::ArrowDown), Step::Asking);
        assert_eq!(menu.key(Key::Enter), Step::Done(2));
        assert_eq!(
            plain(&menu.answered(&2, 60)),
            [
                "✔ Resume a game or start a new one? · Resume",
                "  2026-11-02-devils-bridge: Devil's Bridge,",
                "  Annabelle-Marguerite, Bartholomew, Cid (hand 2)",
            ]
        );
    }

    #[test]
    fn a_menu_taller_than_the_terminal_scrolls_to_the_choice() {
        let theme = ColorfulTheme::default();
        let items = resume_items();
        let mut menu = Menu::new(&theme, "Resume?", &items, 0, false);
        // 10 rows: the heading, 8 items, the last row free.
        let lines = plain(&menu.lines(10, 30));
        assert_eq!(lines.len(), 9);
        assert_eq!(lines[0], "? Resume? › (1 of 15)");
        assert_eq!(lines[1], "❯ Start a new session");
        // Up from the first goes round to the last.
        menu.key(Key::ArrowUp);
        let lines = plain(&menu.lines(10, 30));
        assert_eq!(lines[0], "? Resume? › (15 of 15)");
        assert_eq!(lines[8], "❯ Resume 2026-11-14-devils-br…");
        assert!(
            lines.iter().all(|l| measure_text_width(l) <= 30),
            "{lines:#?}"
        );
        // q and Esc do nothing in a menu without stepping back.
        assert_eq!(menu.key(Key::Char('q')), Step::Asking);
        assert_eq!(menu.key(Key::Escape), Step::Asking);
        assert_eq!(menu.key(Key::Char(' ')), Step::Done(14));
    }

    #[test]
    fn a_menu_that_allows_it_steps_back_on_esc_or_q() {
        let theme = ColorfulTheme::default();
        let items = resume_items();
        for key in [Key::Escape, Key::Char('q')] {
            let mut menu = Menu::new(&theme, "Who deals first?", &items, 0, true);
            menu.key(Key::ArrowDown);
            assert_eq!(menu.key(key), Step::Back);
        }
    }
}
