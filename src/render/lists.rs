//! The lists bridgepad prints as tables: the sessions (`list`), the trash
//! (`restore`), players' records (`stats`) and the variants (`variants`).
//! Each is laid out several ways, widest first, and `fit::listing` draws the
//! first that fits the terminal's width.

use std::path::Path;

use anyhow::Result;

use super::fit::{self, Line, Listing, keep, names, words};
use crate::catalog::{Catalog, Source};
use crate::report::stats::{PartnershipStats, PlayerStats};
use crate::report::summary::Tally;
use crate::session::SessionFile;
use crate::store::Trashed;
use crate::store::index::Listed;
use crate::text::fill;

/// `list`: the sessions as a table that fits `width`: in full when it fits, else
/// with the game's title under the id and the hands played under the
/// standing, then the update time under those too, then the players as
/// well. Ids and titles are never wrapped; players' names are cut to
/// `Ann, Bob, … +14`.
pub fn sessions(entries: &[Listed], width: Option<usize>) -> String {
    let mut full = Listing::new(&[
        "Session", "Updated", "Game", "Players", "Played", "Standing",
    ])
    .right(4);
    let mut titled = Listing::new(&["Session", "Updated", "Players", "Standing"]);
    let mut dated = Listing::new(&["Session", "Players", "Standing"]);
    let mut stacked = Listing::new(&["Session", "Standing"]);
    // With no width (piped) the table is drawn in full, so only that
    // arrangement is built: ten thousand sessions list in a blink.
    let fitted = width.is_some();
    for e in entries {
        // A conflict shows in the game's place, like a broken file.
        let conflict = e.conflict.map(|c| {
            (
                "CONFLICT".to_string(),
                format!("{} copies went different ways; see below", c.copies),
            )
        });
        let Ok(s) = &e.summary else {
            let (flag, reason) = conflict.unwrap_or_else(|| {
                (
                    "BROKEN".to_string(),
                    "cannot be read; see below".to_string(),
                )
            });
            let broken = || keep(&flag);
            let why = || words(&reason);
            full.row(vec![
                keep(&e.id),
                keep(""),
                broken(),
                keep(""),
                keep(""),
                why(),
            ]);
            if !fitted {
                continue;
            }
            titled.row(vec![keep(&e.id), keep(""), keep(""), why()]);
            dated.row(vec![keep(&e.id), keep(""), why()]);
            stacked.row(vec![keep(&e.id), why()]);
            continue;
        };
        let updated = crate::clock::local(s.updated)
            .format("%Y-%m-%d %H:%M")
            .to_string();
        // "15 hands", "3 deals", "12 results": each game counts its own.
        let hands = s.played.to_string();
        let (title, standing_text) =
            conflict.unwrap_or_else(|| (s.title.clone(), s.standing.clone()));
        let standing = || {
            vec![
                Line::Words(standing_text.clone()),
                Line::Keep(hands.clone()),
            ]
        };
        full.row(vec![
            keep(&e.id),
            keep(&updated),
            keep(&title),
            names(&s.players),
            keep(&hands),
            words(&standing_text),
        ]);
        if !fitted {
            continue;
        }
        let id_title = vec![Line::Keep(e.id.clone()), Line::Keep(title)];
        titled.row(vec![
            id_title.clone(),
            words(&updated),
            names(&s.players),
            standing(),
        ]);
        let mut id_dated = id_title;
        id_dated.push(Line::Words(format!("updated {updated}")));
        dated.row(vec![id_dated.clone(), names(&s.players), standing()]);
        let mut id_all = id_dated;
        id_all.push(Line::Names(s.players.clone()));
        stacked.row(vec![id_all, standing()]);
    }
    if width.is_none() {
        // Piped with no COLUMNS asking for a width: lines a program reads
        // (as clig.dev asks), whether plain mode is on or not.
        return super::plain::tab_separated(&full);
    }
    fit::listing(&[full, titled, dated, stacked], width).1
}

/// `restore`: the trash as a table that fits `width`: in full when it fits,
/// else with the trash file (when it is not simply `<id>.toml`) and the game
/// under the id, then the deletion time there too, then the players as well.
/// Ids, files and titles are never wrapped; players' names are cut to
/// `Ann, Bob, … +14`.
pub fn trash(entries: &[(&Trashed, Result<SessionFile>)], width: Option<usize>) -> String {
    let mut full = Listing::new(&["Session", "Trash file", "Deleted", "Game", "Players"]);
    let mut stacked = Listing::new(&["Session", "Deleted", "Players"]);
    let mut narrow = Listing::new(&["Session", "Players"]);
    let mut single = Listing::new(&["Session"]);
    for (t, file) in entries {
        let deleted = t
            .deleted
            .map(|d| crate::clock::local(d).format("%Y-%m-%d %H:%M").to_string())
            .unwrap_or_default();
        let (game, players) = match file {
            Ok(f) => (f.rules.title.clone(), names(&f.players)),
            Err(_) => ("BROKEN".to_string(), words("cannot be read; see below")),
        };
        full.row(vec![
            keep(&t.id),
            keep(&t.name),
            keep(&deleted),
            keep(&game),
            players.clone(),
        ]);
        // The id, the trash file (both typed to restore) and the game.
        let mut session = vec![Line::Keep(t.id.clone())];
        if t.name != format!("{}.toml", t.id) {
            session.push(Line::Keep(t.name.clone()));
        }
        session.push(Line::Keep(game));
        stacked.row(vec![session.clone(), words(&deleted), players.clone()]);
        if !deleted.is_empty() {
            session.push(Line::Words(format!("deleted {deleted}")));
        }
        narrow.row(vec![session.clone(), players.clone()]);
        // Long ids (`2026-11-21-mormon-bridge-elimination-k3f9.2.toml`)
        // leave no room beside them on a narrow terminal: the players too
        // go under the id.
        let mut all = session;
        all.extend(players);
        single.row(vec![all]);
    }
    fit::listing(&[full, stacked, narrow, single], width).1
}

/// One player's row of the `stats` table in full: name, sessions,
/// finished, wins, win rate, average score, exact bids, contracts.
pub fn player_cells(p: &PlayerStats) -> [String; 8] {
    let dash = || "–".to_string();
    let percent = |rate: Option<f64>| rate.map_or_else(dash, |r| format!("{:.0}%", r * 100.0));
    let exact = p.exact.map_or_else(dash, |(made, hands)| {
        if hands == 0 {
            "0 hands".to_string()
        } else {
            format!("{made}/{hands} ({})", percent(p.exact_rate()))
        }
    });
    let contracts = p
        .contracts
        .map_or_else(dash, |(declared, made, failed)| match declared {
            0 => "0".to_string(),
            _ => format!("{declared} ({made} made, {failed} failed)"),
        });
    [
        p.name.clone(),
        p.sessions.to_string(),
        p.finished.to_string(),
        p.wins.to_string(),
        percent(p.win_rate()),
        average_cell(p),
        exact,
        contracts,
    ]
}

/// A player's average final score: the average when every finished
/// session was one game; "by game" when there were several (an average
/// across games would set Chicago's thousands beside Devil's Bridge's
/// tens: [`averages`] lists them game by game).
fn average_cell(p: &PlayerStats) -> String {
    match p.games.as_slice() {
        [] => "–".to_string(),
        [one] => one
            .average()
            .map_or_else(|| "–".to_string(), |a| format!("{a:.1}")),
        _ => "by game".to_string(),
    }
}

/// `stats`: each player's average final score in each game they finished,
/// a column a game (in the order of their titles); `None` when nobody finished a session.
pub fn average_rows(players: &[PlayerStats]) -> Option<(Vec<String>, Vec<Vec<String>>)> {
    let mut games: Vec<&str> = Vec::new();
    for g in players.iter().flat_map(|p| &p.games) {
        if !games.contains(&g.game.as_str()) {
            games.push(&g.game);
        }
    }
    if games.is_empty() {
        return None;
    }
    games.sort_unstable();
    let mut header = vec!["Player".to_string()];
    header.extend(games.iter().map(|g| g.to_string()));
    let rows = players
        .iter()
        .filter(|p| !p.games.is_empty())
        .map(|p| {
            let mut row = vec![p.name.clone()];
            row.extend(games.iter().map(|game| {
                p.games
                    .iter()
                    .find(|g| g.game == *game)
                    .and_then(|g| Some(format!("{:.1} ({})", g.average()?, g.finished)))
                    .unwrap_or_else(|| "–".to_string())
            }));
            row
        })
        .collect();
    Some((header, rows))
}

/// What [`average_rows`] counts.
pub const AVERAGES_NOTE: &str = "Average final score in each game over the player's finished sessions of it (how many in brackets).";

/// `stats`: the average final score game by game, when players finished
/// sessions of more than one game.
pub fn averages(players: &[PlayerStats], width: Option<usize>) -> Option<String> {
    let (header, rows) = average_rows(players)?;
    if header.len() < 3 {
        return None;
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut columns = Listing::new(&header);
    for column in 1..header.len() {
        columns = columns.right(column);
    }
    let mut listed = Listing::new(&["Player", "Average score by game"]);
    for row in rows {
        let by_game: Vec<String> = header[1..]
            .iter()
            .zip(&row[1..])
            .filter(|(_, cell)| *cell != "–")
            .map(|(game, cell)| format!("{game} {cell}"))
            .collect();
        listed.row(vec![keep(&row[0]), words(by_game.join("; "))]);
        columns.row(row.iter().map(keep).collect());
    }
    let (_, table) = fit::listing(&[columns, listed], width);
    Some(format!(
        "Average score by game:\n{table}\n{}\n",
        fill(AVERAGES_NOTE, width)
    ))
}

/// `stats`: the table, then what the columns count: in full when it fits `width`;
/// else with short headings and contracts as made / declared; else with
/// wins as won / finished and no rates. Names are never cut.
pub fn stats(players: &[PlayerStats], width: Option<usize>) -> String {
    let mut full = Listing::new(&[
        "Player",
        "Sessions",
        "Finished",
        "Wins",
        "Win rate",
        "Avg score",
        "Exact bids",
        "Contracts",
    ]);
    let mut short = Listing::new(&[
        "Player",
        "Sess.",
        "Fin.",
        "Wins",
        "Win %",
        "Avg",
        "Exact bids",
        "Made",
    ]);
    let mut folded = Listing::new(&["Player", "Sess.", "Wins", "Avg", "Exact", "Made"]);
    for column in 1..8 {
        full = full.right(column);
    }
    for column in 1..8 {
        short = short.right(column);
    }
    for column in 1..6 {
        folded = folded.right(column);
    }
    let dash = || "–".to_string();
    for p in players {
        let cells = player_cells(p);
        let [_, _, _, _, _, average, exact, _] = &cells;
        let counts: Vec<Vec<Line>> = cells[..6].iter().map(keep).collect();
        full.row(cells.iter().map(keep).collect());
        // Every declared contract was made or failed.
        let made = p
            .contracts
            .map_or_else(dash, |(declared, made, _)| format!("{made}/{declared}"));
        let mut row = counts.to_vec();
        row.extend([keep(exact.as_str()), keep(&made)]);
        short.row(row);
        let exact_of = p
            .exact
            .map_or_else(dash, |(made, hands)| format!("{made}/{hands}"));
        folded.row(vec![
            keep(&p.name),
            keep(p.sessions.to_string()),
            keep(format!("{}/{}", p.wins, p.finished)),
            keep(average.as_str()),
            keep(exact_of),
            keep(made),
        ]);
    }
    // A column only where someone has a record of its kind: a duplicate
    // pair bids nothing exactly and declares nothing of its own.
    let exact = players.iter().any(|p| p.exact.is_some());
    let contracts = players.iter().any(|p| p.contracts.is_some());
    let [mut full, mut short, mut folded] = [full, short, folded];
    if !contracts {
        (full, short, folded) = (full.without(7), short.without(7), folded.without(5));
    }
    if !exact {
        (full, short, folded) = (full.without(6), short.without(6), folded.without(4));
    }
    let (chosen, table) = fit::listing(&[full, short, folded], width);
    let made = if contracts {
        "Made: contracts made / declared."
    } else {
        ""
    };
    let notes = match chosen {
        0 => "Win rate and average score: finished sessions only; a shared win is a win. \
              Exact bids: hands bid exactly / hands played. Contracts: declared (made, failed)."
            .to_string(),
        1 => format!(
            "Sess.: sessions; Fin.: finished. Win rate and average score: finished sessions only; a shared win is a win. \
             Exact bids: hands bid exactly / hands played. {made}"
        ),
        _ => format!(
            "Sess.: sessions. Wins: of finished sessions; Avg: average final score of finished sessions; a shared win is a win. \
             Exact: hands bid exactly / hands played. {made}"
        ),
    };
    // In full, the notes read one sentence a line.
    let notes = match chosen {
        0 => notes.replacen("a win. ", "a win.\n", 1),
        _ => notes,
    };
    let mut notes = notes;
    if !exact {
        for said in [
            "Exact bids: hands bid exactly / hands played. ",
            "Exact: hands bid exactly / hands played. ",
        ] {
            notes = notes.replace(said, "");
        }
    }
    if !contracts {
        notes = notes.replace("Contracts: declared (made, failed).", "");
    }
    let notes: Vec<String> = notes
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .map(|l| fill(l, width))
        .collect();
    let notes = notes.join("\n");
    format!("{table}\n{notes}\n")
}

/// `made/of (50%)`, or `–` with nothing counted.
pub fn tally_rate(t: Tally) -> String {
    match t.rate() {
        Some(r) => format!("{}/{} ({:.0}%)", t.made, t.of, r * 100.0),
        None => "–".to_string(),
    }
}

/// `made/of`, or `–` with nothing counted.
fn tally(t: Tally) -> String {
    match t.of {
        0 => "–".to_string(),
        _ => format!("{}/{}", t.made, t.of),
    }
}

/// `+0.50`, `-1.00`, `0.00`: average tricks minus bid.
pub fn bias(bias: Option<f64>) -> String {
    match bias {
        // Rounded first, so a tiny lean never reads `-0.00`.
        Some(b) if (b * 100.0).round() == 0.0 => "0.00".to_string(),
        Some(b) => format!("{b:+.2}"),
        None => "–".to_string(),
    }
}

/// `1:1/2 3:2/2`: bids made exactly / hands, by cards dealt.
pub fn by_cards(by_cards: &[(u32, Tally)]) -> String {
    let sizes: Vec<String> = by_cards
        .iter()
        .map(|(cards, t)| format!("{cards}:{}/{}", t.made, t.of))
        .collect();
    sizes.join(" ")
}

/// `stats`, exact-bid games: how each player who played them bid, in full
/// when it fits `width`, else with short headings and counts without
/// percentages; the hand sizes wrap. `None` when nobody played one.
pub fn bidding(players: &[PlayerStats], width: Option<usize>) -> Option<String> {
    let mut full = Listing::new(&[
        "Player",
        "Bias",
        "Zero bids made",
        "Hooked as dealer",
        "Exact when hooked",
        "Exact by cards dealt",
    ]);
    let mut short = Listing::new(&["Player", "Bias", "Zero", "Hooked", "Then", "By cards"]);
    for column in 1..5 {
        full = full.right(column);
        short = short.right(column);
    }
    let mut any = false;
    for p in players {
        let Some(b) = &p.bidding else {
            continue;
        };
        any = true;
        let dealt = Tally {
            made: b.hooked.of,
            of: b.dealt,
        };
        full.row(vec![
            keep(&p.name),
            keep(bias(b.bias())),
            keep(tally_rate(b.zero)),
            keep(tally_rate(dealt)),
            keep(tally_rate(b.hooked)),
            words(by_cards(&b.by_cards)),
        ]);
        short.row(vec![
            keep(&p.name),
            keep(bias(b.bias())),
            keep(tally(b.zero)),
            keep(tally(dealt)),
            keep(tally(b.hooked)),
            words(by_cards(&b.by_cards)),
        ]);
    }
    if !any {
        return None;
    }
    let (chosen, table) = fit::listing(&[full, short], width);
    let notes = match chosen {
        0 => [
            "Bias: average tricks taken minus the bid (above 0 underbids, below 0 overbids).",
            "Zero bids made: bids of 0 that took no trick / bids of 0.",
            "Hooked as dealer: hands where the dealer's hook restricted the player's bid / \
             hands dealt with the hook. Exact when hooked: of those, bid exactly.",
            "Exact by cards dealt: cards:bid exactly/hands.",
        ],
        _ => [
            "Bias: average tricks taken minus the bid (above 0 underbids, below 0 overbids).",
            "Zero: bids of 0 that took no trick / bids of 0.",
            "Hooked: hands where the dealer's hook restricted the player's bid / hands \
             dealt with the hook; Then: of those, bid exactly.",
            "By cards: cards dealt:bid exactly/hands.",
        ],
    };
    let notes: Vec<String> = notes.iter().map(|l| fill(l, width)).collect();
    let notes = notes.join("\n");
    Some(format!(
        "Exact-bid games, how each player bid:\n{table}\n{notes}\n"
    ))
}

/// `stats`, contract games: each declarer's contracts by level, made /
/// declared, in columns 1 to 7 when they fit `width`, else as a list of
/// the levels declared. `None` when no contract was declared.
pub fn levels(players: &[PlayerStats], width: Option<usize>) -> Option<String> {
    let mut columns = Listing::new(&["Player", "1", "2", "3", "4", "5", "6", "7"]);
    for column in 1..8 {
        columns = columns.right(column);
    }
    let mut listed = Listing::new(&["Player", "Contracts by level"]);
    for p in players {
        let Some(levels) = &p.levels else {
            continue;
        };
        if levels.iter().all(|t| t.of == 0) {
            continue;
        }
        let mut row = vec![keep(&p.name)];
        row.extend(levels.iter().map(|t| match t.of {
            0 => keep("–"),
            _ => keep(format!("{}/{}", t.made, t.of)),
        }));
        columns.row(row);
        let declared: Vec<String> = (1..)
            .zip(levels)
            .filter(|(_, t)| t.of > 0)
            .map(|(level, t)| format!("{level}:{}/{}", t.made, t.of))
            .collect();
        listed.row(vec![keep(&p.name), words(declared.join(" "))]);
    }
    if columns.rows.is_empty() {
        return None;
    }
    let (chosen, table) = fit::listing(&[columns, listed], width);
    let notes = match chosen {
        0 => "Contracts by level (1 to 7): made / declared.",
        _ => "Contracts by level: level:made/declared, for the levels declared.",
    };
    Some(format!(
        "Contract games, contracts by level:\n{table}\n{}\n",
        fill(notes, width)
    ))
}

/// `stats`, rubber bridge and Chicago: each partnership's record, in full
/// when it fits `width`, else with the counts folded.
pub fn partnerships(pairs: &[PartnershipStats], width: Option<usize>) -> String {
    let mut full = Listing::new(&[
        "Partnership",
        "Sessions",
        "Wins",
        "Contracts made",
        "Part scores to game",
    ]);
    let mut folded = Listing::new(&["Partnership", "Sess.", "Wins", "Made", "To game"]);
    for column in 1..5 {
        full = full.right(column);
        folded = folded.right(column);
    }
    let percent =
        |rate: Option<f64>| rate.map_or_else(String::new, |r| format!(" ({:.0}%)", r * 100.0));
    for p in pairs {
        let name = p.name();
        let wins = format!("{}/{}", p.wins, p.finished);
        let made = format!("{}/{}", p.made, p.declared);
        let converted = format!("{}/{}", p.converted, p.part_scores);
        full.row(vec![
            keep(&name),
            keep(p.sessions.to_string()),
            keep(&wins),
            keep(format!("{made}{}", percent(p.made_rate()))),
            keep(format!("{converted}{}", percent(p.converted_rate()))),
        ]);
        folded.row(vec![
            keep(&name),
            keep(p.sessions.to_string()),
            keep(wins),
            keep(made),
            keep(converted),
        ]);
    }
    let (_, table) = fit::listing(&[full, folded], width);
    let notes = fill(
        "Partnerships: the same two players in any seats. Wins: of finished sessions. \
         Contracts made / declared by either partner. Part scores to game: part scores \
         the pair completed to game under the same line / part scores made.",
        width,
    );
    format!("{table}\n{notes}\n")
}

/// `variants`: the templates as a table that fits `width`: in full when it fits, else
/// with each title under its name, then the players and where it comes
/// from under those too. Names, titles and paths are never wrapped; the
/// descriptions wrap between words.
pub fn variants(catalog: &Catalog, dir: Option<&Path>, width: Option<usize>) -> String {
    let mut full = Listing::new(&["Variant", "Game", "Players", "From", "About"]);
    let mut titled = Listing::new(&["Variant", "Players", "From", "About"]);
    let mut stacked = Listing::new(&["Variant", "About"]);
    for t in &catalog.templates {
        let v = &t.variant;
        let from = short_from(&t.source, dir);
        let seats = v.seats_column();
        full.row(vec![
            keep(&v.name),
            keep(&v.title),
            keep(&seats),
            keep(&from),
            words(&v.about),
        ]);
        let name_title = vec![Line::Keep(v.name.clone()), Line::Keep(v.title.clone())];
        titled.row(vec![
            name_title.clone(),
            keep(&seats),
            keep(&from),
            words(&v.about),
        ]);
        let mut all = name_title;
        all.push(Line::Words(format!("{}, {from}", v.seats())));
        stacked.row(vec![all, words(&v.about)]);
    }
    fit::listing(&[full, titled, stacked], width).1
}

/// Where a template comes from, for the table: `built-in`, or a house
/// rule's file (its name alone when it is in the templates folder, which
/// the line under the table names).
fn short_from(source: &Source, dir: Option<&Path>) -> String {
    match source {
        Source::User(path) if path.parent().is_some() && path.parent() == dir => path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| source_label(source)),
        _ => source_label(source),
    }
}

/// Where a template comes from: `built-in`, or its file.
pub fn source_label(source: &Source) -> String {
    match source {
        Source::BuiltIn => "built-in".to_string(),
        Source::User(path) => path.display().to_string(),
    }
}
