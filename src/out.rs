//! Everything bridgepad prints on stdout goes through here, so that a write
//! that fails (a full disk behind `> file`, a device that refuses it) is one
//! `error:` line and a non-zero exit instead of `println!`'s panic. A closed
//! pipe (`| head -1`) never gets here: `main` restores SIGPIPE's default,
//! which ends the program quietly as other Unix tools end.
//!
//! In plain mode (`text::plain`) what `out!` and `outln!` write passes
//! through `text::plain::words`: no symbol or box-drawing character reaches
//! a screen reader, whichever drawing made it. JSON goes out by [`raw`].

use std::fmt;
use std::io::{self, Write};

use anyhow::{Error, Result, anyhow};

use crate::text::plain;

/// Writes formatted text to stdout. Used through [`out!`](crate::out!) and
/// [`outln!`](crate::outln!).
pub fn write(args: fmt::Arguments<'_>) -> Result<()> {
    if plain::on() {
        let text = args.to_string();
        let said = plain::words(&text);
        return io::stdout()
            .lock()
            .write_all(said.as_bytes())
            .map_err(failed);
    }
    raw(args)
}

/// Writes formatted text to stdout as it is, in plain mode too: for what
/// programs read (JSON), where a symbol in a name must stay that symbol.
pub fn raw(args: fmt::Arguments<'_>) -> Result<()> {
    io::stdout().lock().write_fmt(args).map_err(failed)
}

/// Writes bytes to stdout as they are (a man page, a completion script).
pub fn bytes(bytes: &[u8]) -> Result<()> {
    io::stdout().lock().write_all(bytes).map_err(failed)
}

/// Flushes stdout: the last step of every command, so that text still
/// buffered is not lost without a word when the process ends.
pub fn flush() -> Result<()> {
    io::stdout().lock().flush().map_err(failed)
}

/// Runs `fill` with a buffered stdout and flushes it: for output written as
/// it is made (as it is, in plain mode too: JSON, exports, and sheets that
/// are drawn plain already). A write that fails inside `fill` (an `io::Error` as it is, or
/// one inside serde_json's error) becomes [`failed`]'s message; any other
/// error of `fill` passes unchanged.
pub fn to_stdout<T>(fill: impl FnOnce(&mut dyn Write) -> Result<T>) -> Result<T> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let value = fill(&mut out).map_err(as_written)?;
    out.flush().map_err(failed)?;
    Ok(value)
}

/// A write's own failure, said as one; anything else (a session that could
/// not be read, with its context) as it was.
fn as_written(error: Error) -> Error {
    if error.chain().count() > 1 {
        return error;
    }
    let error = match error.downcast::<serde_json::Error>() {
        Ok(json) if json.is_io() => return failed(io::Error::from(json)),
        Ok(json) => return json.into(),
        Err(error) => error,
    };
    match error.downcast::<io::Error>() {
        Ok(io) => failed(io),
        Err(error) => error,
    }
}

/// "could not write the output: No space left on device".
pub fn failed(error: io::Error) -> Error {
    anyhow!("could not write the output: {}", reason(&error))
}

/// An I/O error's words without the `(os error 28)` after them.
pub fn reason(error: &io::Error) -> String {
    let text = error.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// `print!` that returns the write's failure to the command (with `?`).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::out::write(format_args!($($arg)*))?
    };
}

/// `println!` that returns the write's failure to the command (with `?`).
#[macro_export]
macro_rules! outln {
    () => {
        $crate::out::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::out::write(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Full;
    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_reason_drops_the_os_error_number() {
        let full = io::Error::from_raw_os_error(28);
        assert_eq!(reason(&full), "No space left on device");
        assert_eq!(
            failed(full).to_string(),
            "could not write the output: No space left on device"
        );
        let json = serde_json::to_writer(Full, &[1]).unwrap_err();
        assert_eq!(
            as_written(json.into()).to_string(),
            "could not write the output: No space left on device"
        );
        let read =
            anyhow::Error::from(io::Error::from_raw_os_error(13)).context("could not read x");
        assert_eq!(
            format!("{:#}", as_written(read)),
            "could not read x: Permission denied (os error 13)"
        );
        let other = io::Error::other("odd (thing)");
        assert_eq!(reason(&other), "odd (thing)");
    }
}
