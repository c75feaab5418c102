//! Settling a session's copies whenever a command finds them: the plan of
//! which copy holds which, the merges it allows, another game kept apart
//! under an id of its own, and what is said of each (through the command).

use anyhow::{Context as _, Result, bail};
use chrono::{DateTime, Utc};

use super::{
    Clean, Conflict, Copy, CopyFile, Origin, Recorded, copy_files, gather, has_markers, promote,
};
use crate::session::Session;
use crate::store::conflict::{self, Relation};
use crate::store::{Existing, Saved, Store, device};

/// How the copies of one session fall apart: the games they hold (the
/// first is the session's own, the one `<id>.toml` holds), and in each the
/// copy that holds every other one's facts, if one does.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) games: Vec<Group>,
}

/// The copies of one game, by index.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Group {
    pub(super) members: Vec<usize>,
    /// The copy that holds all the others (the first such, so the session
    /// file when it is one of them).
    pub(super) winner: Option<usize>,
    /// Copies another one holds, each with the first copy holding it that
    /// no other copy holds: these can go whatever the table picks.
    pub(super) held: Vec<(usize, usize)>,
}

/// How the copies fall apart; `None` when one cannot be read, since then
/// nothing can be said of what it holds.
pub(super) fn plan(copies: &[Copy]) -> Option<Plan> {
    let sessions: Vec<&Session> = copies
        .iter()
        .map(|c| c.session.as_ref().ok())
        .collect::<Option<_>>()?;
    let n = sessions.len();
    // relations[i][j]: how copy i relates to copy j.
    let mut relations = vec![vec![Relation::Same; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let r = conflict::relation(sessions[i], sessions[j]);
            relations[i][j] = r;
            relations[j][i] = match r {
                Relation::FirstExtends => Relation::SecondExtends,
                Relation::SecondExtends => Relation::FirstExtends,
                other => other,
            };
        }
    }
    // Whether copy `j` holds every fact of copy `i` (of two alike, the
    // earlier holds the later).
    let holds = |j: usize, i: usize| match relations[j][i] {
        Relation::FirstExtends => true,
        Relation::Same => j < i,
        _ => false,
    };
    let same_game = |a: usize, b: usize| relations[a][b] != Relation::Unrelated;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        match groups.iter_mut().find(|g| same_game(g[0], i)) {
            Some(group) => group.push(i),
            None => groups.push(vec![i]),
        }
    }
    let games = groups
        .into_iter()
        .map(|members| {
            let is_held = |i: usize| members.iter().any(|&j| j != i && holds(j, i));
            let held = members
                .iter()
                .copied()
                .filter(|&i| is_held(i))
                .filter_map(|i| {
                    let by = members.iter().copied().find(|&j| {
                        j != i
                            && !is_held(j)
                            && matches!(relations[j][i], Relation::Same | Relation::FirstExtends)
                    })?;
                    Some((i, by))
                })
                .collect();
            let winner = members.iter().copied().find(|&w| {
                members.iter().all(|&i| {
                    i == w || matches!(relations[w][i], Relation::Same | Relation::FirstExtends)
                })
            });
            Group {
                members,
                winner,
                held,
            }
        })
        .collect();
    Some(Plan { games })
}

/// What settling a session's copies left.
#[derive(Debug, Default)]
pub struct Settled {
    /// Set when copies that went different ways are left for the table.
    pub conflict: Option<Conflict>,
    /// Sessions started from copies of another game, under ids of their own.
    pub apart: Vec<String>,
}

/// Settles session `id`'s copies, among `files` (the conflict copy files
/// found beside the sessions), under the session's lock: see the module's
/// documentation. Moves what it trashes at `now` (the command's clock), and
/// says what it merged through `say`, a line each, for the command to print.
pub fn settle(
    store: &Store,
    id: &str,
    files: &[CopyFile],
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
) -> Result<Settled> {
    let _lock = store.lock()?;
    let copies = gather(store, id, files);
    let mut settled = Settled::default();
    if copies.len() == 1 && copies[0].origin == Origin::Main || copies.is_empty() {
        return Ok(settled);
    }
    let mut gone = vec![false; copies.len()];
    let mut say = |line: String| say(crate::text::one_line(&line));
    let Some(plan) = plan(&copies) else {
        // A copy that cannot be read cannot be compared: it stays, and the
        // table picks (or fixes the file). Duplicate results the others add
        // merge all the same.
        let read: Vec<usize> = (0..copies.len())
            .filter(|&i| copies[i].session.is_ok())
            .collect();
        super::union::unite(store, id, &copies, &read, now, &mut say, &mut gone)?;
        settled.conflict = conflict_of(gone.iter().filter(|g| !**g).count());
        return Ok(settled);
    };
    let main = store.path(id);

    // Other games first: each under an id of its own. A side of git's
    // markers is kept apart only when the file holding it is replaced now,
    // or it would be kept apart again next time.
    let replaced = plan.games[0].winner.is_some();
    for game in &plan.games[1..] {
        let Some(w) = game.winner else { continue };
        if !replaced && game.members.iter().any(|&m| copies[m].is_side()) {
            continue;
        }
        let session = copies[w].session.as_ref().expect("planned copies are read");
        let new_id = save_apart(store, session, &copies[w].recorded)?;
        let moved = if copies[w].is_file() {
            "it is in the trash"
        } else {
            "the file with git's markers is in the trash"
        };
        say(format!(
            "kept {} of {id}{} as session {new_id}: it is another game ({}, started {}); {moved}",
            copies[w].whose(),
            copies[w].recorded.note(),
            session.table().names().join(", "),
            crate::clock::local(session.created).format("%Y-%m-%d %H:%M"),
        ));
        for &m in &game.members {
            if copies[m].is_file() {
                store.trash_file(id, &copies[m].path, now)?;
            }
            gone[m] = true;
        }
        settled.apart.push(new_id);
    }

    let game = &plan.games[0];
    let session = |i: usize| copies[i].session.as_ref().expect("planned copies are read");
    match game.winner {
        Some(w) => {
            for &m in game.members.iter().filter(|&&m| m != w) {
                if copies[m].is_file() {
                    store.trash_file(id, &copies[m].path, now)?;
                    say(format!(
                        "merged {} of {id}{}: it {}; it is in the trash",
                        copies[m].whose(),
                        copies[m].recorded.note(),
                        stopped(session(m), session(w))
                    ));
                }
                gone[m] = true;
            }
            // The session file goes only once each side of its markers is
            // kept somewhere.
            let sides_kept = copies
                .iter()
                .enumerate()
                .all(|(i, c)| !c.is_side() || i == w || gone[i]);
            match &copies[w].origin {
                Origin::Main => {}
                Origin::File(_) => {
                    let replaced = copies.iter().position(|c| !c.is_file());
                    if let Some(old) = replaced {
                        if !sides_kept {
                            settled.conflict = conflict_of(gone.iter().filter(|g| !**g).count());
                            return Ok(settled);
                        }
                        store.trash_file(id, &main, now)?;
                        let what = if copies[old].is_side() {
                            "the file with git's markers".to_string()
                        } else {
                            copies[old].whose_recorded()
                        };
                        say(format!(
                            "merged {} of {id}{}: it went on from {what}, which {}; that file is in the trash",
                            copies[w].whose(),
                            copies[w].recorded.note(),
                            stopped(session(old), session(w))
                        ));
                    } else {
                        say(format!(
                            "merged {} of {id}{}: the session file itself was missing, so the copy is the session now",
                            copies[w].whose(),
                            copies[w].recorded.note()
                        ));
                    }
                    promote(store, id, &copies[w])?;
                }
                Origin::Side { .. } => {
                    if sides_kept {
                        let other = game
                            .members
                            .iter()
                            .copied()
                            .find(|&m| m != w && copies[m].is_side());
                        let how = match other {
                            Some(o) => format!(
                                "{} {}",
                                copies[o].whose_recorded(),
                                stopped(session(o), session(w))
                            ),
                            None => "the other side is kept apart".to_string(),
                        };
                        store.trash_file(id, &main, now)?;
                        store
                            .save_text(id, &copies[w].text, Existing::Keep)
                            .with_context(|| format!("could not save `{}`", main.display()))?;
                        say(format!(
                            "merged git's conflict in {id}: {how}; the file with the markers is in the trash"
                        ));
                    }
                }
            }
        }
        None => {
            // Duplicate: copies that only add results merge into one.
            super::union::unite(store, id, &copies, &game.members, now, &mut say, &mut gone)?;
            // Copies another one holds go; the rest wait for the table.
            for &(m, by) in &game.held {
                if copies[m].is_file() && !gone[m] && !gone[by] {
                    store.trash_file(id, &copies[m].path, now)?;
                    gone[m] = true;
                    say(format!(
                        "merged {} of {id}{}: {} holds all of it; it is in the trash",
                        copies[m].whose(),
                        copies[m].recorded.note(),
                        copies[by].whose_recorded()
                    ));
                }
            }
        }
    }
    let left = gone.iter().filter(|g| !**g).count();
    settled.conflict = conflict_of(left);
    Ok(settled)
}

/// A conflict of `copies` copies, if there are two or more.
fn conflict_of(copies: usize) -> Option<Conflict> {
    (copies > 1).then_some(Conflict { copies })
}

/// How far the shorter of two copies went: "was the same, up to hand 5",
/// "stopped at hand 3 of the 5", "stopped earlier in hand 5". Hands are
/// counted as the files hold them, the one in progress included.
fn stopped(shorter: &Session, longer: &Session) -> String {
    if shorter.play.as_duplicate().is_some() {
        return lacked(shorter, longer);
    }
    let (word, s, l) = match (shorter.play.as_exact(), longer.play.as_exact()) {
        (Some(a), Some(b)) => ("hand", a.facts().len(), b.facts().len()),
        _ => ("deal", deals(shorter), deals(longer)),
    };
    if conflict::relation(shorter, longer) == Relation::Same {
        return match l {
            0 => "was the same, with nothing recorded yet".to_string(),
            l => format!("was the same, up to {word} {l}"),
        };
    }
    match s {
        _ if s == l => format!("stopped earlier in {word} {l}"),
        0 => format!("stopped before {word} 1 of the {l}"),
        s => format!("stopped at {word} {s} of the {l}"),
    }
}

/// Duplicate: the results the shorter copy lacks, by board, "lacked 1 of
/// the session's 3 results, on board 2, which stay in the session". An
/// evening's results are entered at every table at once, so there is no
/// "further"; and a copy lacking a result may be one where it was taken
/// back (without the version both started from, nothing tells), so the
/// boards are named for the table to see it is back.
fn lacked(shorter: &Session, longer: &Session) -> String {
    let (have, all) = (shorter.to_file().results, longer.to_file().results);
    let mut boards: Vec<u32> = all
        .iter()
        .filter(|r| !have.contains(r))
        .map(|r| r.board)
        .collect();
    let n = boards.len();
    let results = |n: usize| if n == 1 { "result" } else { "results" };
    if n == 0 {
        return match all.len() {
            0 => "was the same, with no results yet".to_string(),
            l => format!("was the same, with {l} {}", results(l)),
        };
    }
    boards.sort_unstable();
    boards.dedup();
    let boards: Vec<String> = boards.iter().map(u32::to_string).collect();
    let on = if boards.len() == 1 { "board" } else { "boards" };
    format!(
        "lacked {n} of the session's {} {}, on {on} {}, which stay in the session",
        all.len(),
        results(all.len()),
        boards.join(", ")
    )
}

/// Deals with something recorded in a contract game's file.
fn deals(session: &Session) -> usize {
    session.to_file().deals.len()
}

/// Saves `session`, another game found under a copy's id, under a fresh
/// id of its own; returns that id. Its file names the device that recorded
/// the copy, when the copy's did (`recorded`), not this one: nothing was
/// recorded here.
fn save_apart(store: &Store, session: &Session, recorded: &Recorded) -> Result<String> {
    let variant = session.variant().name.clone();
    for _ in 0..100 {
        let mut apart = session.clone();
        apart.id = store.new_id(&variant, session.created);
        let mut file = apart.to_file();
        if let Recorded::Here(name) | Recorded::There(name) = recorded {
            file.written_by = device::written_by(name);
        }
        let saved = store
            .write(file, Existing::Keep, None)
            .with_context(|| format!("could not save `{}`", store.path(&apart.id).display()))?;
        if saved == Saved::Done {
            return Ok(apart.id);
        }
    }
    bail!(
        "no free id for another game found among the copies of `{}`",
        session.id
    )
}

/// Settles session `id`'s copies when it has any: conflict copy files
/// beside it, or git's markers in its file. For a command that names the
/// session, so it is cheap: the folder's names are listed only when the
/// folder changed since it was last found to hold no copy ([`Clean`]), and
/// no other file is read. Settles at `now` and says what it merged through
/// `say`, as [`settle`] does.
pub fn settle_named(
    store: &Store,
    id: &str,
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
) -> Result<Option<Conflict>> {
    let files: Vec<CopyFile> = if Clean::known(store, Clean::folder_time(store)) {
        Vec::new()
    } else {
        copy_files(store.dir())?
            .into_iter()
            .filter(|f| f.id == id)
            .collect()
    };
    let marked = files.is_empty()
        && crate::store::read_session_text(&store.path(id)).is_ok_and(|text| has_markers(&text));
    if files.is_empty() && !marked {
        return Ok(None);
    }
    Ok(settle(store, id, &files, now, say)?.conflict)
}
