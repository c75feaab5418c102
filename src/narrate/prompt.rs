//! What the prompters themselves say, whatever the question: how to answer
//! a menu in plain mode, why an answer is not on the list, why the asking
//! stopped.

/// Ends plain mode's menu line when the person may step back.
pub const OR_BACK: &str = ", or back";

/// The input ran out (plain mode, stdin closed) in the middle of a question.
pub const INPUT_ENDED: &str =
    "the input ended before an answer; everything answered so far is saved";

/// The prompts were asked for without a terminal to ask on.
pub const NEEDS_TERMINAL: &str = "prompts need a terminal";

/// A prompter returned an answer its check never accepted.
pub const UNCHECKED: &str = "the prompter returned an answer its check did not accept";

/// A menu with no items.
pub fn nothing_to_choose(prompt: &str) -> String {
    format!("nothing to choose from at `{prompt}`")
}

/// Plain mode's menu line: "Choose 1 to 3, or back (Enter for 1): ".
pub fn choose(items: usize, back_word: &str, default: usize) -> String {
    format!("Choose 1 to {items}{back_word} (Enter for {default}): ")
}

/// A number past the menu's end.
pub fn not_on_list(n: usize, items: usize) -> String {
    format!("{n} is not on the list; type 1 to {items}")
}

/// Typed text no item begins with.
pub fn no_item_begins(typed: &str, items: usize) -> String {
    format!("`{typed}` is not on the list; type a number from 1 to {items}")
}

/// Typed text more than one item begins with.
pub fn items_begin(typed: &str, items: usize) -> String {
    format!("`{typed}` begins more than one item; type its number, 1 to {items}")
}

/// A script (the tests' prompter) with no answer left for `prompt`.
pub fn script_ran_out(prompt: &str) -> String {
    format!("the script ran out of answers at `{prompt}`")
}

/// A script's answer that is none of a menu's items.
pub fn not_an_item(answer: &str, items: &[String], prompt: &str) -> String {
    format!("`{answer}` is none of {items:?} at `{prompt}`")
}

/// Plain mode's question with its default: "Target score (Enter for 500): ".
pub fn with_default(prompt: &str, default: &str) -> String {
    format!("{prompt} (Enter for {default}): ")
}
