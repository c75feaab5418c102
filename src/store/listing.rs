//! The session listing with its conflict copies settled: what `list` and
//! the commands that name sessions read. Above both the index (which lists
//! what the folder holds, copies included) and the copies (which settle
//! them), so that neither imports the other.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use super::Store;
use super::copies::{Conflict, CopyFile, Settled, gather, has_markers, settle};
use super::index::{self, Listed, Scan};
use crate::report::summary::Summary;

/// Settles every session with copies that [`index::read`] found, for the
/// session listing: those with conflict copy files beside them, and those
/// whose file could not be read because git's markers are in it. The
/// entries of the sessions settled are made again from their files as they
/// are now (a conflict shown with the summary of the first copy that
/// reads), and sessions kept apart are added. A failure to settle one
/// session is a warning, and it is listed as a conflict. Settles at `now`
/// and says through `say` what it merged and what it could not, a line
/// each, for the command to print. What killed saves left beside the
/// sessions is cleared here too, once stale.
///
/// [`index::read`]: crate::store::index::read
pub fn settle_listed(
    store: &Store,
    scan: Scan,
    now: DateTime<Utc>,
    say: &mut dyn FnMut(String),
) -> Vec<Listed> {
    let Scan {
        mut listed,
        copies: files,
        leftovers,
    } = scan;
    if leftovers {
        crate::store::folder::clear_stale_temps(store.dir());
    }
    let mut ids: BTreeMap<String, ()> = files.iter().map(|f| (f.id.clone(), ())).collect();
    for entry in &listed {
        if entry.summary.is_err()
            && crate::store::read_session_text(&entry.path).is_ok_and(|text| has_markers(&text))
        {
            ids.insert(entry.id.clone(), ());
        }
    }
    if ids.is_empty() {
        return listed;
    }
    for id in ids.into_keys() {
        let settled = match settle(store, &id, &files, now, say) {
            Ok(settled) => settled,
            Err(e) => {
                say(format!(
                    "warning: could not merge the copies of session {}: {}",
                    crate::text::one_line(&id),
                    crate::text::one_line(&format!("{e:#}"))
                ));
                let copies = gather(store, &id, &files).len();
                Settled {
                    conflict: Some(Conflict {
                        copies: copies.max(2),
                    }),
                    apart: Vec::new(),
                }
            }
        };
        listed.retain(|e| e.id != id);
        listed.extend(entry(store, &id, &files, settled.conflict));
        for apart in &settled.apart {
            listed.extend(entry(store, apart, &[], None));
        }
    }
    index::sort(&mut listed);
    listed
}

/// The listing's entry for session `id` as its files are now: the session
/// file's, or the first copy's when there is none; for a conflict the
/// summary of the first copy that reads.
fn entry(
    store: &Store,
    id: &str,
    files: &[CopyFile],
    conflict: Option<Conflict>,
) -> Option<Listed> {
    let mut copies = gather(store, id, files).into_iter();
    let first = copies.next()?;
    let path = first.path.clone();
    let summary = match first.session {
        Ok(session) => Ok(Summary::of(&session)),
        Err(e) if conflict.is_some() => copies
            .find_map(|c| c.session.ok())
            .map(|s| Summary::of(&s))
            .ok_or(e),
        Err(e) => Err(e),
    };
    Some(Listed::now(id, &path, summary, conflict))
}
