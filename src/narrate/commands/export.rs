//! What `bridgepad export` says: which sessions it wrote or left out, and
//! why it refuses a choice of them.

use std::fmt::Display;

pub const BOM_IS_FOR_CSV: &str =
    "--bom is for --format csv (a spreadsheet's import); drop it for this format";

pub fn exported(count: usize, shown: &str) -> String {
    let count = match count {
        1 => "1 session".to_string(),
        n => format!("{n} sessions"),
    };
    format!("exported {count} to {shown}")
}

pub const ALL_OR_SESSION: &str =
    "--all exports every session and --session one; give one or the other";

pub const FILTERS_NEED_ALL: &str = "--game, --player, --since, --finished and --unfinished choose sessions for --all; add --all, or drop them to export one session";

pub fn skipped_file(path: impl Display, why: &str) -> String {
    format!("warning: skipped {path}: {why}")
}

pub fn nothing_to_export(dir: impl Display) -> String {
    format!("no sessions in `{dir}` to export; start one with `bridgepad new` or `bridgepad play`")
}

pub const NO_MATCH: &str = "no sessions match those filters; `bridgepad list` shows every session";

pub fn no_bridge_session(count: usize) -> String {
    format!(
        "PBN records bridge deals, and none of these {count} sessions is rubber bridge, Chicago or duplicate; choose another format, or play one with `bridgepad new rubber-bridge`"
    )
}

pub fn others_left_out(count: usize) -> String {
    format!(
        "note: PBN records bridge deals (rubber bridge, Chicago, duplicate): {count} other session(s) left out"
    )
}

pub const NONE_READ: &str = "none of the sessions could be read";

pub fn not_bridge(id: &str, title: &str) -> String {
    format!(
        "PBN records bridge deals; `{id}` is {title}: export it as csv, json, markdown or html, or choose a rubber-bridge, chicago or duplicate session"
    )
}
