//! `bridgepad show --chart` at a real table size ("a chart people
//! can read"): the leaders' marks and every co-winner stay visible, fourteen
//! players draw the top ones and say so, and the chart fills the terminal's
//! height and fits its width, piped (80 × 24) or on a pseudo-terminal.

use crate::common::Bp;

/// Devil's Bridge, Ann to Eve, three hands scored: everyone but Ann makes
/// every bid, Eve once with a bid of 1. Ann 0, Bob, Cid and Dee 10, 20, 30,
/// Eve 10, 21, 31: Eve leads by a point over three players she shares every
/// cell with.
fn five_at_devils_bridge(bp: &Bp) -> String {
    let id = bp
        .ok(&[
            "new",
            "devils-bridge",
            "--players",
            "Ann,Bob,Cid,Dee,Eve",
            "--dealer",
            "Ann",
        ])
        .lines()
        .last()
        .unwrap()
        .to_string();
    for args in [
        &["bid", "Bob=0", "Cid=0", "Dee=0", "Eve=0", "Ann=0"][..],
        &["tricks", "Ann=1", "Bob=0", "Cid=0", "Dee=0", "Eve=0"],
        &["bid", "Cid=0", "Dee=0", "Eve=1", "Ann=0", "Bob=0"],
        &["tricks", "Ann=1", "Bob=0", "Cid=0", "Dee=0", "Eve=1"],
        &["bid", "Dee=0", "Eve=0", "Ann=0", "Bob=0", "Cid=0"],
        &["tricks", "Ann=3", "Bob=0", "Cid=0", "Dee=0", "Eve=0"],
    ] {
        let mut all = args.to_vec();
        all.extend_from_slice(&["--session", &id]);
        bp.ok(&all);
    }
    id
}

/// The plot's rows: the lines with a y label (` ┤`).
fn plot(chart: &str) -> Vec<&str> {
    chart.lines().filter(|l| l.contains(" ┤")).collect()
}

/// The plot row whose label is `value`.
fn row(chart: &str, value: i64) -> &str {
    plot(chart)
        .into_iter()
        .find(|l| l.split(" ┤").next().unwrap().trim() == value.to_string())
        .unwrap_or_else(|| panic!("no row {value}\n{chart}"))
}

fn assert_fits(chart: &str, width: usize, lines: usize) {
    for line in chart.lines() {
        assert!(
            line.chars().count() <= width,
            "wider than {width}: {line}\n{chart}"
        );
    }
    assert!(
        chart.lines().count() <= lines,
        "more than {lines} lines\n{chart}"
    );
}

#[test]
fn the_leader_keeps_the_last_column_and_every_tie_is_named() {
    let bp = Bp::new();
    let id = five_at_devils_bridge(&bp);
    let text = bp.ok(&["show", "--chart", "--session", &id]);
    // The old chart: `*` at every hand, no E anywhere in the plot.
    assert!(!text.contains('*'), "{text}");
    // Eve's mark at the last column, then where every line ends, best first.
    assert!(row(&text, 30).ends_with("·E EBCD"), "{text}");
    assert!(row(&text, 0).ends_with("A A"), "{text}");
    assert!(
        text.contains("E Eve (31) · B Bob (30) · C Cid (30) · D Dee (30) · A Ann (0)"),
        "{text}"
    );
    // Piped: 80 columns, and a 24-line terminal less the prompt's line.
    assert_fits(&text, 80, 23);
    assert!(plot(&text).len() > 9, "{text}");
    insta::assert_snapshot!(text);
}

/// Mormon Bridge (4-card), fourteen players, two hands: Ann and Bob make 2
/// then 1, Cid 0 then 2, everyone else 0 twice. Ann and Bob 23, Cid 22, the
/// other eleven 20.
#[test]
fn fourteen_players_draw_the_top_eight_and_both_co_leaders() {
    let bp = Bp::new();
    let players = [
        "Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou", "Max",
        "Ned",
    ];
    let id = bp
        .ok(&[
            "new",
            "mormon-bridge-4card",
            "--players",
            &players.join(","),
            "--dealer",
            "Ann",
        ])
        .lines()
        .last()
        .unwrap()
        .to_string();
    for (command, ann, bob, cid) in [
        ("bid", 2, 2, 0),
        ("tricks", 2, 2, 0),
        ("bid", 1, 1, 2),
        ("tricks", 1, 1, 2),
    ] {
        let mut args = vec![
            command.to_string(),
            format!("Ann={ann}"),
            format!("Bob={bob}"),
            format!("Cid={cid}"),
        ];
        args.extend(players[3..].iter().map(|p| format!("{p}=0")));
        args.extend(["--session".to_string(), id.clone()]);
        bp.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    }
    let text = bp.ok(&["show", "--chart", "--session", &id]);
    assert_fits(&text, 80, 23);
    assert_eq!(
        text.lines().last(),
        Some("Top 8 of 14 players drawn; `bridgepad show` lists all."),
        "{text}"
    );
    // Ann wins the cell she shares with Bob (and Cid, a point behind, on
    // the row of 22 at this scale); all are named where the lines end.
    assert!(row(&text, 22).ends_with("·A ABC"), "{text}");
    assert!(
        text.contains("A Ann (23) · B Bob (23) · C Cid (22) · D Dee (20)"),
        "{text}"
    );
    assert!(!text.contains("Ivy"), "{text}");
    insta::assert_snapshot!(text);
}

/// `show --chart` on a pseudo-terminal `cols` wide and `rows` high, with
/// colours off: what it printed.
#[cfg(unix)]
fn on_a_terminal(bp: &Bp, id: &str, cols: u16, rows: u16) -> String {
    let args = ["show", "--chart", "--session", id];
    crate::terminal::Pty::start(bp, cols, rows, &args, &[("NO_COLOR", "1")])
        .exited()
        .replace('\r', "")
}

#[cfg(unix)]
#[test]
fn on_a_terminal_the_chart_fills_its_height_and_fits_its_width() {
    let bp = Bp::new();
    let id = five_at_devils_bridge(&bp);
    for cols in [60, 80, 100] {
        let text = on_a_terminal(&bp, &id, cols, 40);
        assert!(
            text.starts_with("Devil's Bridge: running totals by hand\n"),
            "{text}"
        );
        // All of it on one screen with the prompt: at most 39 lines.
        assert_fits(&text, usize::from(cols), 39);
        // 0 to 31 in steps of 1: far more than the old 9 rows.
        assert_eq!(plot(&text).len(), 32, "{text}");
        assert!(row(&text, 31).ends_with("·E E"), "{text}");
        assert!(row(&text, 30).ends_with("·B BCD"), "{text}");
        if cols == 60 {
            insta::assert_snapshot!("devils_bridge_at_60_by_40", text);
        }
    }
    // A short terminal gets a shorter chart, still all on screen.
    let text = on_a_terminal(&bp, &id, 80, 16);
    assert_fits(&text, 80, 15);
    assert_eq!(plot(&text).len(), 8, "{text}");
}
