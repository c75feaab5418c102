//! The JSON bridgepad prints, as serde types: the sheet of `show --json`
//! (the fields of docs/reference.md#show---json, plus every hand or deal), a session of
//! `export --format json` (the stable shape of docs/history-and-exports.md's "Export"), and
//! the lists of `list`, `restore` and `stats --json`. The sheet and the
//! export are built from the same pieces, so the players and totals an
//! export gives are the ones `show --json` gives.
//!
//! serde_json keeps keys in the order they are written (`preserve_order`),
//! so a struct's field order is its key order: outside checks and snapshots
//! read these keys in that order. An optional key that is left out rather
//! than `null` is marked `skip_serializing_if`.
//!
//! The shapes of each family's sheet and of the export's rows are
//! `shapes/`'s (the families build them); here are the entry points that
//! pick the family ([`sheet`], `export.rs`'s sessions) and the lists
//! (`lists.rs`).

mod export;
mod lists;

pub use super::shapes::{
    ByName, ContractDeal, ContractJson, ContractNext, ContractSettings, ContractSheet,
    DuplicateSheet, ExactHand, ExactNext, ExactSettings, ExactSheet, ExportRow, FORMAT, Heading,
    Made, NextRebid, PairJson, Points, Rebid, SessionStatus, Sheet, duplicate_pairs,
    duplicate_rows, export_row, history_rows, players, totals,
};
pub use export::{
    EXPORT_FORMAT, EXPORT_SEPARATOR, EXPORT_TAIL, ExportSession, export_head, export_part,
    export_rows, export_session, write_export_part,
};
pub use lists::{
    ContractsJson, ExactBidsJson, ListedJson, PlayerJson, StatsJson, TrashedContent, TrashedJson,
    VariantJson, listed, stats, trash, variants,
};

use crate::session::Session;

/// `show --json` for a session.
pub fn sheet(session: &Session) -> Sheet<'_> {
    super::drawn::of(&session.play).json(session)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_name_keeps_the_order_given() {
        let points: ByName<i64> = [("Cid", 3), ("Ann", -1), ("Bob", 0)]
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect();
        assert_eq!(
            serde_json::to_string(&points).unwrap(),
            r#"{"Cid":3,"Ann":-1,"Bob":0}"#
        );
    }

    #[test]
    fn an_optional_key_is_left_out_or_null_as_the_interface_has_it() {
        let rebid = NextRebid {
            round: 2,
            step: "first-card-led",
            colours_tried: None,
        };
        assert_eq!(
            serde_json::to_string(&rebid).unwrap(),
            r#"{"round":2,"step":"first-card-led"}"#
        );
        let settings = ContractSettings {
            target: Some(500),
            undertrick_penalty: None,
            rubber: Some(true),
            game_below: Some(100),
            honours: None,
            unfinished_part_score: None,
            fourth_deal_bonus: None,
            vulnerable_second_third: None,
            rounds: None,
        };
        assert_eq!(
            serde_json::to_string(&settings).unwrap(),
            r#"{"target":500,"undertrick_penalty":null,"rubber":true,"game_below":100}"#
        );
        assert_eq!(
            serde_json::to_string(&SessionStatus::InProgress).unwrap(),
            r#""in_progress""#
        );
    }
}
