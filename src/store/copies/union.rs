//! Duplicate: copies of one evening that went different ways without
//! contradicting each other (one laptop per table, its folder shared by a
//! sync tool) merge into one session holding every copy's results, by the
//! rule `bridgepad sync`'s merge driver follows when git knows no common
//! ancestor ([`conflict::union`]). A copy holding another result for a pair
//! on a board stays, a conflict for `bridgepad resolve`. A sync tool keeps
//! no version the copies started from, so a result taken back on one
//! laptop while another still held it comes back here (the guide says so,
//! and says to take it back again): a copy lacking a result cannot tell
//! "taken back here" from "never entered here".

use anyhow::{Context as _, Result};
use chrono::{DateTime, Utc};

use super::Copy;
use crate::store::conflict;
use crate::store::{Existing, Store};

/// Merges the copies `members` of session `id` (copies that read, none
/// holding all the others) into one session when they are copies of a
/// duplicate evening, under the caller's lock: the session file (or both
/// sides of git's markers in it) and every copy file whose results add to
/// it without contradicting it. The merge is saved as `<id>.toml` first,
/// then each copy file it took goes to the trash (a file with git's markers
/// too), at `now`, and `say` gets a line for each. Marks in `gone` the
/// copies the merge took, but for the one it started from, which stands
/// for the session file it saved. Does nothing when the session file cannot
/// be read, when its own copies contradict each other, or when no copy
/// file adds to them.
pub(super) fn unite(
    store: &Store,
    id: &str,
    copies: &[Copy],
    members: &[usize],
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
    gone: &mut [bool],
) -> Result<()> {
    let session = |i: usize| copies[i].session.as_ref().ok();
    // The session file is replaced only when every copy it holds is read.
    let unread = |(i, c): (usize, &Copy)| !c.is_file() && !members.contains(&i);
    if copies.iter().enumerate().any(unread) {
        return Ok(());
    }
    let (files, base): (Vec<usize>, Vec<usize>) =
        members.iter().copied().partition(|&m| copies[m].is_file());
    // The session file's copies first: all of them, or nothing is merged,
    // since the file holding them is replaced only once each is kept.
    let mut order = base.iter().chain(&files).copied();
    let Some(mut merged) = order.next().and_then(session).cloned() else {
        return Ok(());
    };
    if !merged.play.unites_copies() {
        return Ok(());
    }
    for &b in &base[base.len().min(1)..] {
        match session(b).and_then(|s| conflict::union(&merged, s)) {
            Some(next) => merged = next,
            None => return Ok(()),
        }
    }
    // Each copy file in turn: the results it adds are the ones the union
    // appends.
    let mut taken = Vec::new();
    for &f in &files[usize::from(base.is_empty())..] {
        if let Some(next) = session(f).and_then(|s| conflict::union(&merged, s)) {
            let had = merged.to_file().results.len();
            let boards = next.to_file().results[had..]
                .iter()
                .map(|r| r.board)
                .collect();
            merged = next;
            taken.push((f, boards));
        }
    }
    // Nothing to merge: one side of git's markers, or the session file
    // alone, and no copy file adding to it.
    if taken.is_empty() && base.len() < 2 {
        return Ok(());
    }
    let mut file = merged.to_file();
    file.written_by = store.written_by();
    let main = store.path(id);
    match base.first().map(|&b| copies[b].is_side()) {
        // The session file as it is: replaced, its comments kept.
        Some(false) => {
            store
                .write(file, Existing::Replace, Some(&copies[base[0]].text))
                .with_context(|| format!("could not save `{}`", main.display()))?;
        }
        // The file with git's markers: to the trash, once both sides are
        // in the merge, which takes its place.
        Some(true) => {
            store.trash_file(id, &main, now)?;
            store
                .write(file, Existing::Keep, None)
                .with_context(|| format!("could not save `{}`", main.display()))?;
            say(format!(
                "merged git's conflict in {id}: both sides' results are in the session; the file with the markers is in the trash"
            ));
        }
        // No session file: the first copy file's copy, merged, is it.
        None => {
            store
                .write(file, Existing::Keep, None)
                .with_context(|| format!("could not save `{}`", main.display()))?;
            store.trash_file(id, &copies[files[0]].path, now)?;
            say(format!(
                "merged {} of {id}{}: the session file itself was missing, so the session starts from this copy, the others' results merged in; it is in the trash",
                copies[files[0]].whose(),
                copies[files[0]].recorded.note()
            ));
        }
    }
    // The seed of the merge stands for the session file now; the other
    // side of git's markers is in it.
    for &b in base.iter().skip(1) {
        gone[b] = true;
    }
    for (f, boards) in taken {
        store.trash_file(id, &copies[f].path, now)?;
        gone[f] = true;
        say(format!(
            "merged {} of {id}{}: {}; it is in the trash",
            copies[f].whose(),
            copies[f].recorded.note(),
            adds(boards)
        ));
    }
    Ok(())
}

/// What a copy added to the merge, by the boards of the results the
/// session lacked: "its 2 results on boards 1, 3 are in the session now".
fn adds(mut boards: Vec<u32>) -> String {
    let n = boards.len();
    boards.sort_unstable();
    boards.dedup();
    let boards: Vec<String> = boards.iter().map(u32::to_string).collect();
    match (n, boards.as_slice()) {
        (0, _) => "the session holds every result it has".to_string(),
        (1, [board]) => format!("its result on board {board} is in the session now"),
        (n, [board]) => format!("its {n} results on board {board} are in the session now"),
        (n, boards) => format!(
            "its {n} results on boards {} are in the session now",
            boards.join(", ")
        ),
    }
}
