//! Duplicate: merging two copies of one evening result by result.
//!
//! The tables of an evening enter their results on laptops of their own, so
//! two copies may both hold new results without either holding the other.
//! Results do not follow from one another as hands do: each is one table's
//! score on one board, so two copies merge result by result. With the
//! version both copies started from (git's common ancestor), the merge is
//! three-way, as git merges lines: a result taken back (`undo`) on one side
//! and untouched on the other stays taken back, one added on either side is
//! added, and only a pair's board entered differently on both sides, or
//! changed on one and taken back on the other, is a conflict. Without it
//! (the copies a sync tool leaves), nothing says whether a result one copy
//! lacks was taken back there or added on the other, so the merge is the
//! union, a taken-back result coming back.

use super::same_game;
use crate::session::{ResultEntry, Session, SessionFile};

/// Duplicate: one session holding the results of both copies, when they
/// went different ways without contradicting each other (two laptops
/// entering different boards or tables of one evening). `None` when the
/// copies are not of one duplicate game, or when they hold different
/// results for one pair on one board: a conflict the table settles with
/// `bridgepad resolve`. The later of the two saves is the merge's. The rule
/// for copies without the version they started from: the sync tools'
/// copies (`copies/union.rs`), and git's merge driver when git has no
/// common ancestor.
pub fn union(a: &Session, b: &Session) -> Option<Session> {
    if !a.play.unites_copies() || !same_game(a, b) {
        return None;
    }
    let (mut merged, fb) = (a.to_file(), b.to_file());
    for result in fb.results {
        if merged.results.contains(&result) {
            continue;
        }
        if merged.results.iter().any(|m| clash(m, &result)) {
            return None;
        }
        merged.results.push(result);
    }
    merged.updated = merged.updated.max(fb.updated);
    Session::from_file(&merged).ok()
}

/// What the three-way merge of two copies of an evening gives.
#[derive(Debug, Clone)]
pub enum ThreeWay {
    /// Both sides' changes, without contradicting each other (boxed: a
    /// session is large beside the other answer).
    Merged(Box<Session>),
    /// Both sides changed one pair's result on one board, differently (or
    /// one changed it and the other took it back): the table picks.
    Conflict,
}

/// Duplicate: copies `ours` and `theirs` merged with the version `base`
/// both went on from, result by result. Our copy's order is kept (a result
/// changed in place stays in its place), the results only theirs added
/// follow; the later of the two saves is the merge's. `None` when the three
/// are not copies of one duplicate game, for the caller to merge them as
/// two copies without an ancestor.
pub fn three_way(base: &Session, ours: &Session, theirs: &Session) -> Option<ThreeWay> {
    if !ours.play.unites_copies() || !same_game(base, ours) || !same_game(base, theirs) {
        return None;
    }
    let (fo, fa, fb) = (base.to_file(), ours.to_file(), theirs.to_file());
    let Some(results) = merged(&fo.results, &fa.results, &fb.results) else {
        return Some(ThreeWay::Conflict);
    };
    let file = SessionFile {
        results,
        updated: fa.updated.max(fb.updated),
        ..fa
    };
    Some(match Session::from_file(&file) {
        Ok(session) => ThreeWay::Merged(Box::new(session)),
        // Results each side could hold that the rules refuse together.
        Err(_) => ThreeWay::Conflict,
    })
}

/// The results of `ours` and `theirs` merged with `base`'s: a base result
/// stays unless either side took it back (or changed it), and every result
/// either side added is in, once. `None` on a conflict: two results in the
/// merge for one pair on one board, or a base result that both sides took
/// away where only one put another in its place (changed on one side,
/// taken back on the other).
fn merged(
    base: &[ResultEntry],
    ours: &[ResultEntry],
    theirs: &[ResultEntry],
) -> Option<Vec<ResultEntry>> {
    let added = |side: &'_ [ResultEntry]| -> Vec<ResultEntry> {
        side.iter().filter(|r| !base.contains(r)).cloned().collect()
    };
    let (ours_added, theirs_added) = (added(ours), added(theirs));
    for gone in base
        .iter()
        .filter(|r| !ours.contains(r) && !theirs.contains(r))
    {
        let replaced = |added: &[ResultEntry]| added.iter().any(|r| clash(r, gone));
        if replaced(&ours_added) != replaced(&theirs_added) {
            return None;
        }
    }
    let mut results: Vec<ResultEntry> = ours
        .iter()
        .filter(|r| !base.contains(r) || theirs.contains(r))
        .cloned()
        .collect();
    for result in theirs_added {
        if results.contains(&result) {
            continue;
        }
        if results.iter().any(|r| clash(r, &result)) {
            return None;
        }
        results.push(result);
    }
    Some(results)
}

/// Whether two results are for one pair on one board: at most one of them
/// can stand.
fn clash(a: &ResultEntry, b: &ResultEntry) -> bool {
    let pairs = [b.ns, b.ew];
    a.board == b.board && (pairs.contains(&a.ns) || pairs.contains(&a.ew))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::testing;

    const ID: &str = "2026-11-23-duplicate-psnc";
    const AT: &str = "2026-11-23T20:00:00Z";

    /// The evening with `results` (board, N-S, E-W, tricks in 4♠ by North),
    /// saved `minutes` after it started.
    fn evening(results: &[(u32, u32, u32, u32)], minutes: i64) -> Session {
        testing::evening(ID, AT, results, minutes)
    }

    /// Each result of a merge: (board, N-S, E-W, tricks), in its order.
    fn results(merge: Option<ThreeWay>) -> Vec<(u32, u32, u32, u32)> {
        match merge {
            Some(ThreeWay::Merged(session)) => session
                .to_file()
                .results
                .iter()
                .map(|r| (r.board, r.ns, r.ew, r.tricks.unwrap()))
                .collect(),
            other => panic!("not merged: {other:?}"),
        }
    }

    fn is_conflict(merge: Option<ThreeWay>) -> bool {
        matches!(merge, Some(ThreeWay::Conflict))
    }

    #[test]
    fn a_result_taken_back_on_one_side_stays_taken_back() {
        let base = evening(&[(1, 4, 1, 10)], 1);
        let undone = evening(&[], 2);
        let added = evening(&[(1, 4, 1, 10), (1, 2, 3, 11)], 3);
        // Either side may be ours; the other side's new result is in.
        assert_eq!(results(three_way(&base, &undone, &added)), [(1, 2, 3, 11)]);
        assert_eq!(results(three_way(&base, &added, &undone)), [(1, 2, 3, 11)]);
        // Untouched on the other side: the side that took it back is the merge.
        assert_eq!(results(three_way(&base, &undone, &base)), []);
        assert_eq!(results(three_way(&base, &base, &undone)), []);
        // Without the ancestor, the union brings it back.
        let union = union(&undone, &added).unwrap().to_file().results;
        assert_eq!(union.len(), 2);
    }

    #[test]
    fn results_added_on_both_sides_are_all_in_once() {
        let base = evening(&[(1, 4, 1, 10)], 1);
        let ours = evening(&[(1, 4, 1, 10), (1, 2, 3, 11), (2, 4, 1, 9)], 2);
        let theirs = evening(&[(1, 4, 1, 10), (2, 4, 1, 9), (2, 2, 3, 8)], 3);
        assert_eq!(
            results(three_way(&base, &ours, &theirs)),
            [(1, 4, 1, 10), (1, 2, 3, 11), (2, 4, 1, 9), (2, 2, 3, 8)]
        );
        // The later save's time.
        let Some(ThreeWay::Merged(merged)) = three_way(&base, &ours, &theirs) else {
            panic!("not merged");
        };
        assert_eq!(merged.updated, theirs.updated);
    }

    #[test]
    fn a_result_changed_on_one_side_is_the_change() {
        let base = evening(&[(1, 4, 1, 10), (1, 2, 3, 11)], 1);
        // Taken back and entered again with 9 tricks, now last.
        let changed = evening(&[(1, 2, 3, 11), (1, 4, 1, 9)], 2);
        let other = evening(&[(1, 4, 1, 10), (1, 2, 3, 11), (2, 4, 1, 8)], 3);
        assert_eq!(
            results(three_way(&base, &changed, &other)),
            [(1, 2, 3, 11), (1, 4, 1, 9), (2, 4, 1, 8)]
        );
        assert_eq!(
            results(three_way(&base, &other, &changed)),
            [(1, 2, 3, 11), (2, 4, 1, 8), (1, 4, 1, 9)]
        );
        assert_eq!(
            results(three_way(&base, &base, &changed)),
            [(1, 2, 3, 11), (1, 4, 1, 9)]
        );
        // Changed alike on both sides: once.
        assert_eq!(
            results(three_way(&base, &changed, &changed)),
            [(1, 2, 3, 11), (1, 4, 1, 9)]
        );
    }

    #[test]
    fn a_result_changed_differently_on_both_sides_is_a_conflict() {
        let base = evening(&[(1, 4, 1, 10)], 1);
        let nine = evening(&[(1, 4, 1, 9)], 2);
        let eleven = evening(&[(1, 4, 1, 11)], 3);
        assert!(is_conflict(three_way(&base, &nine, &eleven)));
        // Added differently on both sides, with no ancestor holding it.
        let start = evening(&[], 0);
        assert!(is_conflict(three_way(&start, &nine, &eleven)));
        // Changed on one side, taken back on the other.
        let undone = evening(&[], 4);
        assert!(is_conflict(three_way(&base, &nine, &undone)));
        assert!(is_conflict(three_way(&base, &undone, &nine)));
        // Taken back on both: gone.
        assert_eq!(results(three_way(&base, &undone, &undone)), []);
    }

    #[test]
    fn copies_of_another_game_have_no_three_way_merge() {
        let base = evening(&[], 0);
        let ours = evening(&[(1, 4, 1, 10)], 1);
        let other = testing::evening(ID, "2026-11-23T21:00:00Z", &[(1, 2, 3, 9)], 1);
        assert!(three_way(&base, &ours, &other).is_none());
        assert!(three_way(&other, &ours, &ours).is_none());
        let devils = testing::devils(ID, AT, ["Ann", "Bob", "Cid"]);
        assert!(three_way(&devils, &devils, &devils).is_none());
    }
}
