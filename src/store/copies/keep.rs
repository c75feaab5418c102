//! Keeping the copy the table picks (`bridgepad resolve --keep`): every
//! other copy goes to the trash, under the folder's lock.

use std::path::PathBuf;

use anyhow::{Context as _, Result, bail};
use chrono::{DateTime, Utc};

use super::{Copy, Origin, copy_files, gather, promote};
use crate::store::{Existing, Store};

/// Which copy the table keeps: its number as `resolve` shows it (from 1),
/// or its file.
pub enum Pick {
    Number(usize),
    File(PathBuf),
}

/// Finds the copy `pick` names among `copies`; the error says what would
/// name one.
pub fn picked(copies: &[Copy], pick: &Pick, id: &str) -> Result<usize> {
    let n = copies.len();
    match pick {
        Pick::Number(k) if (1..=n).contains(k) => Ok(k - 1),
        Pick::Number(k) => bail!(
            "there is no copy {k} of session `{id}`: `--keep` takes 1 to {n}, as `bridgepad resolve {id}` numbers them"
        ),
        Pick::File(file) => {
            let named = |c: &&Copy| {
                c.path == *file
                    || c.path
                        .file_name()
                        .is_some_and(|name| name == file.as_os_str())
            };
            let found: Vec<usize> = (0..n).filter(|&i| named(&&copies[i])).collect();
            match found.as_slice() {
                [one] => Ok(*one),
                [] => bail!(
                    "`{}` is none of the copies of session `{id}`: give a copy's number (1 to {n}) or its file as `bridgepad resolve {id}` shows them",
                    crate::text::one_line(&file.display().to_string())
                ),
                _ => bail!(
                    "`{}` holds both sides of git's conflict: give the number of the side to keep ({})",
                    crate::text::one_line(&file.display().to_string()),
                    found
                        .iter()
                        .map(|i| (i + 1).to_string())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
            }
        }
    }
}

/// What [`keep`] did.
pub struct Kept {
    /// The copies moved to the trash.
    pub trashed: usize,
}

/// Keeps copy `index` of session `id` (as [`gather`] numbers them, from 0)
/// and moves every other copy to the trash, under the session's lock.
/// `shown` is the copy's text as the table saw it: if the copies changed
/// meanwhile, nothing is done.
pub fn keep(
    store: &Store,
    id: &str,
    index: usize,
    shown: &str,
    now: DateTime<Utc>,
) -> Result<Kept> {
    let _lock = store.lock()?;
    let files = copy_files(store.dir())?;
    let copies = gather(store, id, &files);
    let Some(kept) = copies.get(index).filter(|c| c.text == shown) else {
        bail!(
            "the copies of session `{id}` changed while you chose; run `bridgepad resolve {id}` again"
        );
    };
    if let Err(e) = &kept.session {
        bail!(
            "copy {} of session `{id}` cannot be read, so it cannot be kept: {}",
            index + 1,
            crate::text::one_line(&format!("{e:#}"))
        );
    }
    let main = store.path(id);
    let mut trashed = 0;
    for (i, copy) in copies.iter().enumerate() {
        if i != index && copy.is_file() {
            store.trash_file(id, &copy.path, now)?;
            trashed += 1;
        }
    }
    match kept.origin {
        Origin::Main => {}
        Origin::Side { .. } => {
            store.trash_file(id, &main, now)?;
            trashed += 1;
            store
                .save_text(id, &kept.text, Existing::Keep)
                .with_context(|| format!("could not save `{}`", main.display()))?;
        }
        Origin::File(_) => {
            if copies.iter().any(|c| !c.is_file()) {
                store.trash_file(id, &main, now)?;
                trashed += 1;
            }
            promote(store, id, kept)?;
        }
    }
    Ok(Kept { trashed })
}
