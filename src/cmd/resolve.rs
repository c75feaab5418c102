//! `bridgepad resolve [ID] [--keep N|FILE]`: a session's copies that went
//! different ways (on two devices, through a sync tool or git), side by
//! side; the copy the table picks becomes the session and the others move
//! to the trash.
//!
//! Copies that one copy holds entirely never get here: they merge by
//! themselves whenever bridgepad finds them (`store/copies.rs`). In a
//! terminal the table picks from a menu; scripts give `--keep`. Without
//! either, the comparison is printed and the command fails with one error
//! line saying to rerun with `--keep`.

use anyhow::{Result, bail};

use super::Context;
use crate::cli::ResolveArgs;
use crate::narrate::commands as say;
use crate::prompt::{self, Prompter};
use crate::render::{self, compare};
use crate::store::check_id;
use crate::store::copies::{self, Copy, Pick};

pub fn run(args: ResolveArgs, cx: &Context) -> Result<()> {
    let Some(id) = chosen(args.id.as_deref(), cx)? else {
        return Ok(());
    };
    let files = copies::copy_files(cx.store.dir())?;
    let all = copies::gather(&cx.store, &id, &files);
    if all.len() < 2 {
        outln!("{}", say::one_copy(&id));
        return Ok(());
    }
    if let Some(keep) = &args.keep {
        let index = copies::picked(&all, &parse_pick(keep), &id)?;
        return kept(cx, &id, &all, index);
    }
    outln!("{}", comparison(&all, render::terminal_width()));
    if !prompt::interactive() {
        bail!(say::rerun_with_keep(&id, all.len()));
    }
    let mut terminal = prompt::for_terminal();
    match pick(terminal.as_mut(), &id, &all)? {
        Some(index) => kept(cx, &id, &all, index),
        None => {
            outln!("{}", say::nothing_changed(&id));
            Ok(())
        }
    }
}

/// The session to resolve: the one named (its copies settled on the way),
/// else the only session in conflict. `None` when there is nothing to do,
/// which has been said.
fn chosen(wanted: Option<&str>, cx: &Context) -> Result<Option<String>> {
    if let Some(wanted) = wanted {
        check_id(wanted)?;
        let resolved = cx.resolve(Some(wanted))?;
        if resolved.conflict.is_none() {
            outln!("{}", say::one_copy(&resolved.id));
            return Ok(None);
        }
        return Ok(Some(resolved.id));
    }
    let conflicts: Vec<String> = cx
        .listing()?
        .into_iter()
        .filter(|e| e.conflict.is_some())
        .map(|e| e.id)
        .collect();
    match conflicts.as_slice() {
        [] => {
            outln!("{}", say::no_conflicts(cx.store.dir().display()));
            Ok(None)
        }
        [one] => Ok(Some(one.clone())),
        many => bail!(say::name_one(many.len(), &many.join(", "))),
    }
}

/// `--keep 2` or `--keep FILE`.
fn parse_pick(text: &str) -> Pick {
    let text = text.trim();
    match text.parse::<usize>() {
        Ok(n) if text.bytes().all(|b| b.is_ascii_digit()) => Pick::Number(n),
        _ => Pick::File(text.into()),
    }
}

/// The copies side by side, with the legend under them.
pub fn comparison(all: &[Copy], width: Option<usize>) -> String {
    let columns: Vec<compare::Column> = all
        .iter()
        .zip(copies::names(all))
        .map(|(c, name)| compare::Column {
            name,
            file: file_name(c),
            session: c
                .session
                .as_ref()
                .map_err(|e| crate::text::one_line(&format!("{e:#}"))),
        })
        .collect();
    compare::copies(&columns, width)
}

fn file_name(copy: &Copy) -> String {
    let name = copy
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    crate::text::one_line(&name)
}

/// The menu: which copy to keep, or none for now. Copies that cannot be read
/// are not offered.
pub fn pick(p: &mut dyn Prompter, id: &str, all: &[Copy]) -> Result<Option<usize>> {
    let offered: Vec<usize> = (0..all.len()).filter(|&i| all[i].session.is_ok()).collect();
    let names = copies::names(all);
    let mut items: Vec<String> = offered
        .iter()
        .map(|&i| {
            let c = &all[i];
            let session = c.session.as_ref().expect("offered copies read");
            say::keep_item(
                i + 1,
                &names[i],
                &hands(session),
                crate::clock::local(session.updated).format("%Y-%m-%d %H:%M"),
            )
        })
        .collect();
    items.push(say::DECIDE_LATER.to_string());
    // What each item keeps: a copy, or `None` (decide later).
    let choices: Vec<Option<usize>> = offered.iter().copied().map(Some).chain([None]).collect();
    let later = items.len() - 1;
    let prompt = say::which_copy(id);
    Ok(p.select_or_back(&prompt, &items, later)?
        .and_then(|pick| choices[pick]))
}

/// Keeps copy `index`, and says what became of the others.
fn kept(cx: &Context, id: &str, all: &[Copy], index: usize) -> Result<()> {
    let copy = &all[index];
    let done = copies::keep(&cx.store, id, index, &copy.text, cx.now)?;
    let what = match &copy.session {
        Ok(s) => say::hands_saved(
            &hands(s),
            crate::clock::local(s.updated).format("%Y-%m-%d %H:%M"),
        ),
        Err(_) => String::new(),
    };
    outln!(
        "{}",
        say::kept_copy(index + 1, &copies::names(all)[index], &what, id)
    );
    if done.trashed > 0 {
        outln!("{}", say::others_trashed(done.trashed));
    }
    Ok(())
}

/// "5 hands", "1 deal", "no result yet".
fn hands(session: &crate::session::Session) -> String {
    let count = session.count();
    match count.n {
        0 => say::none_yet(count.unit.word()),
        _ => count.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::prompt::{ESC, Scripted};
    use crate::rules::{ExactGame, Table};
    use crate::session::Session;
    use crate::store::conflict::Tool;
    use crate::store::copies::Origin;

    fn copies() -> Vec<Copy> {
        let v = crate::catalog::built_in("devils-bridge");
        let table = Table::new(&v, ["Ann", "Bob", "Cid"].map(String::from).to_vec(), 0).unwrap();
        let at = "2026-11-23T20:00:00Z".parse().unwrap();
        let session = Session {
            id: "s".into(),
            created: at,
            updated: at,
            play: ExactGame::new(v, table).into(),
        };
        let copy = |origin, session: anyhow::Result<Session>| Copy {
            origin,
            path: PathBuf::from("s.toml"),
            text: String::new(),
            session,
            recorded: copies::Recorded::Unknown,
        };
        vec![
            copy(Origin::Main, Ok(session.clone())),
            copy(
                Origin::File(Tool::Dropbox),
                Err(anyhow::anyhow!("line 1: nonsense")),
            ),
            copy(Origin::File(Tool::Syncthing), Ok(session)),
        ]
    }

    #[test]
    fn the_menu_offers_each_readable_copy_and_deciding_later() {
        let all = copies();
        let mut p = Scripted::new(["Keep 3"]);
        assert_eq!(pick(&mut p, "s", &all).unwrap(), Some(2));
        let mut p = Scripted::new(["Keep 1"]);
        assert_eq!(pick(&mut p, "s", &all).unwrap(), Some(0));
        // The copy that cannot be read is not offered.
        let mut p = Scripted::new(["Keep 2"]);
        assert!(pick(&mut p, "s", &all).is_err());
        for later in ["Decide later", ESC] {
            let mut p = Scripted::new([later]);
            assert_eq!(pick(&mut p, "s", &all).unwrap(), None, "{later}");
        }
    }

    #[test]
    fn a_pick_is_a_number_or_a_file() {
        assert!(matches!(parse_pick("2"), Pick::Number(2)));
        assert!(matches!(parse_pick(" 10 "), Pick::Number(10)));
        for file in ["+2", "2.toml", "x", ""] {
            assert!(matches!(parse_pick(file), Pick::File(_)), "{file}");
        }
    }
}
