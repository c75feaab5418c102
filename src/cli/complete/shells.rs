//! How each shell asks for completions and takes them back: clap_complete's
//! adapters (`clap_complete::env`), with what they leave out.
//!
//! - A shell hands over the words as they were typed, quotes and
//!   backslashes included (`'O'\''Brien'`, `Mar\ F`): every word is read as
//!   the shell would read it before a completer sees it, so `--player
//!   "Mar<Tab>` offers Margaret Featherstone and a `--session 'x'` earlier
//!   on the line names `x`. fish reads the words before the cursor itself;
//!   only its word under the cursor comes raw.
//! - bash puts what it is given on the line as it is: clap's script would
//!   insert `Margaret Featherstone` as two words and `A|B` as a pipe. Each
//!   value is escaped here for the quote the word under the cursor leaves
//!   open (none, `'` or `"`). zsh and fish escape what they insert.
//! - zsh: the script works both sourced (`source <(bridgepad completions
//!   zsh)`) and autoloaded from a folder on `$fpath` as `_bridgepad`, where
//!   its first run is the first Tab: it completes that Tab too, instead of
//!   only registering itself for the next.

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;

use clap_complete::env::{EnvCompleter, Shells};

/// The shells `bridgepad completions` writes a script for: clap's elvish and
/// PowerShell as they are, bash, fish and zsh as below.
pub const SHELLS: Shells<'static> = Shells(&[
    &Bash,
    &clap_complete::env::Elvish,
    &Fish,
    &clap_complete::env::Powershell,
    &Zsh,
]);

/// The words of the line being completed, as the shell reads them: what
/// the completers look in for `--data-dir`, `--session` or `--players`.
static LINE: OnceLock<Vec<OsString>> = OnceLock::new();

/// The words of the line being completed, unquoted: the ones a shell
/// adapter read, else the program's own arguments (a direct call).
pub fn line() -> Vec<OsString> {
    match LINE.get() {
        Some(words) => words.clone(),
        None => std::env::args_os().skip(1).collect(),
    }
}

/// Which quote a word leaves open at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Open {
    Nothing,
    Single,
    Double,
}

/// The quoting rules of the shell a word comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    /// bash and zsh: `\` escapes anything outside quotes, nothing inside
    /// `'…'`, and only `\ " $` and a backquote inside `"…"`.
    Posix,
    /// fish: `\` also escapes `\` and `'` inside `'…'`.
    Fish,
}

/// `word` as the shell reads it, and the quote it leaves open (the word
/// under the cursor may be half typed: `"Mar`, `Mar\`).
fn unquote(word: &str, dialect: Dialect) -> (String, Open) {
    let mut out = String::with_capacity(word.len());
    let mut open = Open::Nothing;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match (open, c) {
            (Open::Nothing, '\\') => out.extend(chars.next()),
            (Open::Nothing, '\'') => open = Open::Single,
            (Open::Nothing, '"') => open = Open::Double,
            (Open::Single, '\'') | (Open::Double, '"') => open = Open::Nothing,
            (Open::Single, '\\') if dialect == Dialect::Fish => {
                match chars.next_if(|n| matches!(n, '\\' | '\'')) {
                    Some(n) => out.push(n),
                    None => out.push('\\'),
                }
            }
            (Open::Double, '\\') => match chars.next_if(|n| matches!(n, '\\' | '"' | '$' | '`')) {
                Some(n) => out.push(n),
                None => out.push('\\'),
            },
            (_, c) => out.push(c),
        }
    }
    (out, open)
}

/// `value` escaped for bash to put on the line where the word under the
/// cursor leaves `open` open (bash closes that quote after a lone match).
pub fn escape_for_bash(value: &str, open: Open) -> String {
    let mut out = String::with_capacity(value.len() + 4);
    for c in value.chars() {
        match open {
            Open::Nothing => {
                // Letters of any script, digits and the marks no shell
                // reads as syntax go as they are.
                let plain = !c.is_ascii() && !c.is_control()
                    || c.is_ascii_alphanumeric()
                    || matches!(c, '-' | '_' | '.' | '/' | ',' | ':' | '=' | '+' | '@' | '%');
                if !plain {
                    out.push('\\');
                }
                out.push(c);
            }
            Open::Double => {
                if matches!(c, '\\' | '"' | '$' | '`') {
                    out.push('\\');
                }
                out.push(c);
            }
            Open::Single if c == '\'' => out.push_str("'\\''"),
            Open::Single => out.push(c),
        }
    }
    out
}

/// The words read as `dialect` reads them, kept for [`line`]; with the
/// word under the cursor (the last for fish, else at `index`) and what it
/// leaves open.
fn read_words(
    args: &[OsString],
    index: usize,
    dialect: Dialect,
    raw_current: Option<&str>,
) -> (Vec<OsString>, Open) {
    let mut open = Open::Nothing;
    let words = args
        .iter()
        .enumerate()
        .map(|(i, word)| {
            // fish has read every word but the one under the cursor.
            if dialect == Dialect::Fish && i != index {
                return word.clone();
            }
            let Some(text) = word.to_str() else {
                return word.clone();
            };
            let mut text = text.to_string();
            if i == index {
                // bash gives the word under the cursor without the quote
                // that opens it (`"Mar` as `Mar`); its raw word still has it.
                if let Some(q) = raw_current
                    .and_then(|raw| raw.chars().next())
                    .filter(|q| matches!(q, '\'' | '"') && !text.starts_with(*q))
                {
                    text.insert(0, q);
                }
            }
            let (read, left_open) = unquote(&text, dialect);
            if i == index {
                open = left_open;
            }
            OsString::from(read)
        })
        .collect();
    (words, open)
}

/// The index bash and zsh scripts pass: the word under the cursor.
fn index_from_env() -> usize {
    std::env::var("_CLAP_COMPLETE_INDEX")
        .ok()
        .and_then(|i| i.parse().ok())
        .unwrap_or_default()
}

/// bash: clap's script, which also passes the raw word under the cursor,
/// and values escaped for the line.
#[derive(Debug, Clone, Copy)]
pub struct Bash;

impl EnvCompleter for Bash {
    fn name(&self) -> &'static str {
        "bash"
    }

    fn is(&self, name: &str) -> bool {
        name == "bash"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        // clap_complete 4.6.11's script, plus `_BRIDGEPAD_COMPLETE_WORD`.
        let script = r#"
_clap_complete_NAME() {
    local IFS=$'\013'
    local _CLAP_COMPLETE_INDEX=${COMP_CWORD}
    local _CLAP_COMPLETE_COMP_TYPE=${COMP_TYPE}
    if compopt +o nospace 2> /dev/null; then
        local _CLAP_COMPLETE_SPACE=false
    else
        local _CLAP_COMPLETE_SPACE=true
    fi
    local words=("${COMP_WORDS[@]}")
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        words[COMP_CWORD]="$2"
    fi
    COMPREPLY=( $( \
        _CLAP_IFS="$IFS" \
        _CLAP_COMPLETE_INDEX="$_CLAP_COMPLETE_INDEX" \
        _CLAP_COMPLETE_COMP_TYPE="$_CLAP_COMPLETE_COMP_TYPE" \
        _CLAP_COMPLETE_SPACE="$_CLAP_COMPLETE_SPACE" \
        _BRIDGEPAD_COMPLETE_WORD="${COMP_WORDS[COMP_CWORD]}" \
        VAR="bash" \
        "COMPLETER" -- "${words[@]}" \
    ) )
    if [[ $? != 0 ]]; then
        unset COMPREPLY
    elif [[ $_CLAP_COMPLETE_SPACE == false ]] && [[ "${COMPREPLY-}" =~ [=/:]$ ]]; then
        compopt -o nospace
    fi
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -o nospace -o bashdefault -o nosort -F _clap_complete_NAME BIN
else
    complete -o nospace -o bashdefault -F _clap_complete_NAME BIN
fi
"#
        .replace("NAME", &name.replace('-', "_"))
        .replace("BIN", bin)
        .replace("COMPLETER", &posix_quote(completer))
        .replace("VAR", var);
        writeln!(buf, "{script}")
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let index = index_from_env();
        let raw = std::env::var("_BRIDGEPAD_COMPLETE_WORD").ok();
        let (words, open) = read_words(&args, index, Dialect::Posix, raw.as_deref());
        let _ = LINE.set(words.clone());
        let ifs = std::env::var("_CLAP_IFS").ok();
        let candidates = clap_complete::engine::complete(cmd, words, index, current_dir)?;
        for (i, candidate) in candidates.iter().enumerate() {
            if i != 0 {
                write!(buf, "{}", ifs.as_deref().unwrap_or("\n"))?;
            }
            let value = candidate.get_value().to_string_lossy();
            write!(buf, "{}", escape_for_bash(&value, open))?;
        }
        Ok(())
    }
}

/// zsh: clap's script, made to work when autoloaded too; the words read
/// before clap's adapter answers (zsh quotes what it inserts itself).
#[derive(Debug, Clone, Copy)]
pub struct Zsh;

impl EnvCompleter for Zsh {
    fn name(&self) -> &'static str {
        "zsh"
    }

    fn is(&self, name: &str) -> bool {
        name == "zsh"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        // clap_complete 4.6.11's script, but for its last line: autoloaded
        // from `$fpath`, the file is the body of `_bridgepad`, run at the
        // first Tab, which it must answer as well as register the
        // completer for the next ones. Sourced or evaluated, it registers.
        let script = r#"#compdef BIN
function _clap_dynamic_completer_NAME() {
    local _CLAP_COMPLETE_INDEX=$(expr $CURRENT - 1)
    local _CLAP_IFS=$'\n'

    local completions=("${(@f)$( \
        _CLAP_IFS="$_CLAP_IFS" \
        _CLAP_COMPLETE_INDEX="$_CLAP_COMPLETE_INDEX" \
        VAR="zsh" \
        COMPLETER -- "${words[@]}" 2>/dev/null \
    )}")

    if [[ -n $completions ]]; then
        local -a dirs=()
        local -a other=()
        local completion
        for completion in $completions; do
            local value="${completion%%:*}"
            if [[ "$value" == */ ]]; then
                local dir_no_slash="${value%/}"
                if [[ "$completion" == *:* ]]; then
                    local desc="${completion#*:}"
                    dirs+=("$dir_no_slash:$desc")
                else
                    dirs+=("$dir_no_slash")
                fi
            else
                other+=("$completion")
            fi
        done
        [[ -n $dirs ]] && _describe -V 'values' dirs -S '/' -r '/'
        [[ -n $other ]] && _describe -V 'values' other
    fi
}

compdef _clap_dynamic_completer_NAME BIN
if [[ ${zsh_eval_context[-1]} == (loadautofunc|shfunc) ]]; then
    _clap_dynamic_completer_NAME "$@"
fi"#
        .replace("NAME", &name.replace('-', "_"))
        .replace("COMPLETER", &posix_quote(completer))
        .replace("BIN", &posix_quote(bin))
        .replace("VAR", var);
        writeln!(buf, "{script}")
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let (words, _) = read_words(&args, index_from_env(), Dialect::Posix, None);
        let _ = LINE.set(words.clone());
        clap_complete::env::Zsh.write_complete(cmd, words, current_dir, buf)
    }
}

/// fish: clap's script; the word under the cursor (the last) read before
/// clap's adapter answers.
#[derive(Debug, Clone, Copy)]
pub struct Fish;

impl EnvCompleter for Fish {
    fn name(&self) -> &'static str {
        "fish"
    }

    fn is(&self, name: &str) -> bool {
        name == "fish"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        clap_complete::env::Fish.write_registration(var, name, bin, completer, buf)
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let last = args.len().saturating_sub(1);
        let (words, _) = read_words(&args, last, Dialect::Fish, None);
        let _ = LINE.set(words.clone());
        clap_complete::env::Fish.write_complete(cmd, words, current_dir, buf)
    }
}

/// `text` as one word for bash and zsh: as it is when nothing in it needs
/// quoting, else in single quotes.
fn posix_quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '-' | '_' | '.' | '/' | ',' | ':' | '=' | '+' | '@' | '%')
        });
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_read_as_the_shell_reads_them() {
        let posix = |w| unquote(w, Dialect::Posix);
        assert_eq!(posix(r"Mar\ F"), ("Mar F".into(), Open::Nothing));
        assert_eq!(posix(r"'O'\''Brien'"), ("O'Brien".into(), Open::Nothing));
        assert_eq!(posix(r#""A|B""#), ("A|B".into(), Open::Nothing));
        assert_eq!(posix(r#""Mar"#), ("Mar".into(), Open::Double));
        assert_eq!(posix("'Mar"), ("Mar".into(), Open::Single));
        assert_eq!(posix(r#""a\"b\c"#), (r#"a"b\c"#.into(), Open::Double));
        assert_eq!(posix(r"'a\b'"), (r"a\b".into(), Open::Nothing));
        // A backslash typed last escapes what comes next: nothing yet.
        assert_eq!(posix(r"Mar\"), ("Mar".into(), Open::Nothing));
        assert_eq!(
            unquote(r"'O\'Br", Dialect::Fish),
            ("O'Br".into(), Open::Single)
        );
    }

    #[test]
    fn values_are_escaped_for_the_quote_left_open() {
        let name = r#"Zoë "Z" O'Brien A|B $x"#;
        assert_eq!(
            escape_for_bash(name, Open::Nothing),
            r#"Zoë\ \"Z\"\ O\'Brien\ A\|B\ \$x"#
        );
        assert_eq!(
            escape_for_bash(name, Open::Double),
            r#"Zoë \"Z\" O'Brien A|B \$x"#
        );
        assert_eq!(
            escape_for_bash(name, Open::Single),
            r#"Zoë "Z" O'\''Brien A|B $x"#
        );
        // What the completers offer most goes as it is.
        for plain in [
            "2026-11-21-devils-bridge-psnc",
            "Ann=",
            "/tmp/games/",
            "7NT",
        ] {
            assert_eq!(escape_for_bash(plain, Open::Nothing), plain);
        }
        // Read back, every escape is the value again.
        for open in [Open::Nothing, Open::Double, Open::Single] {
            let opening = match open {
                Open::Nothing => "",
                Open::Single => "'",
                Open::Double => "\"",
            };
            let typed = format!("{opening}{}{opening}", escape_for_bash(name, open));
            assert_eq!(unquote(&typed, Dialect::Posix).0, name, "{typed}");
        }
    }

    #[test]
    fn bash_gives_the_word_under_the_cursor_without_its_opening_quote() {
        let args: Vec<OsString> = ["bridgepad", "--session", "'x y'", "list", "Mar"]
            .map(OsString::from)
            .into();
        let (words, open) = read_words(&args, 4, Dialect::Posix, Some("\"Mar"));
        assert_eq!(words[2], "x y");
        assert_eq!(words[4], "Mar");
        assert_eq!(open, Open::Double);
        let (_, open) = read_words(&args, 4, Dialect::Posix, Some("Mar"));
        assert_eq!(open, Open::Nothing);
    }
}
