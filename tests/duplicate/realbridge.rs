//! Published results: the RealBridge boards in endplay's test data
//! (`tests/pbn/example2.pbn` of github.com/dominicprice/endplay at commit
//! 908a5abd3ea425097b014868e2470da9fec27370, MIT licence), trimmed to the
//! tags read here in `tests/fixtures/realbridge/`: all its boards, 11 to
//! 20, each played at the 30 tables of a teams event (2021 Online
//! Qualification, Open, round 2; the file lacks table 12 of board 20). Two
//! tables with the home and visiting teams swapped are one match. Every
//! table's contract must score its `[Score]`, and every match, scored as
//! bridgepad scores a two-table team match (`--movement teams`, through
//! the engine's `Results`), must give both its tables' `[ScoreIMP]`.

use std::collections::BTreeMap;

use bridgepad::rules::duplicate::{Board, Movement, MovementKind, Outcome, Scoring};

use bridgepad::rules::game::duplicate::{Entry, Results};

/// The boards, a file each (the licence is `LICENCE` beside them).
const BOARDS: [&str; 10] = [
    include_str!("../fixtures/realbridge/board-11.pbn"),
    include_str!("../fixtures/realbridge/board-12.pbn"),
    include_str!("../fixtures/realbridge/board-13.pbn"),
    include_str!("../fixtures/realbridge/board-14.pbn"),
    include_str!("../fixtures/realbridge/board-15.pbn"),
    include_str!("../fixtures/realbridge/board-16.pbn"),
    include_str!("../fixtures/realbridge/board-17.pbn"),
    include_str!("../fixtures/realbridge/board-18.pbn"),
    include_str!("../fixtures/realbridge/board-19.pbn"),
    include_str!("../fixtures/realbridge/board-20.pbn"),
];

/// One table's tags, by name.
type Game = BTreeMap<String, String>;

/// Every game of the fixtures (`%` lines are their comments).
fn games() -> Vec<Game> {
    BOARDS
        .iter()
        .flat_map(|file| file.split("\n\n"))
        .map(|block| {
            block
                .lines()
                .filter(|l| !l.starts_with('%'))
                .map(|line| {
                    let inner = line
                        .trim()
                        .strip_prefix('[')
                        .unwrap()
                        .strip_suffix(']')
                        .unwrap();
                    let (name, value) = inner.split_once(' ').unwrap();
                    let value = value.strip_prefix('"').unwrap().strip_suffix('"').unwrap();
                    (name.to_string(), value.to_string())
                })
                .collect::<Game>()
        })
        .filter(|game| !game.is_empty())
        .collect()
}

fn board(game: &Game) -> Board {
    Board(game["Board"].parse().unwrap())
}

/// The table's result as `bridgepad result` takes it.
fn outcome(game: &Game) -> Outcome {
    if game["Contract"] == "Pass" {
        Outcome::parse("pass", None, None).unwrap()
    } else {
        let tricks = game["Result"].parse().unwrap();
        Outcome::parse(&game["Contract"], Some(&game["Declarer"]), Some(tricks)).unwrap()
    }
}

/// `NS 4 EW -4` → (4, −4); `NS -0 EW 0` → (0, 0).
fn score_imp(game: &Game) -> (f64, f64) {
    let words: Vec<&str> = game["ScoreIMP"].split(' ').collect();
    assert_eq!((words[0], words[2]), ("NS", "EW"), "{game:?}");
    (words[1].parse().unwrap(), words[3].parse().unwrap())
}

fn name(game: &Game) -> String {
    format!(
        "board {} table {} ({} v {})",
        game["Board"], game["Table"], game["HomeTeam"], game["VisitTeam"]
    )
}

#[test]
fn every_table_scores_its_published_score() {
    let games = games();
    assert_eq!(
        games.len(),
        299,
        "the fixture's tables: 30 a board, 29 on board 20"
    );
    for game in &games {
        let board = board(game);
        assert_eq!(board.dealer().letter(), game["Dealer"], "{}", name(game));
        assert_eq!(
            board.vulnerability().pbn(),
            game["Vulnerable"],
            "{}",
            name(game)
        );
        let score = outcome(game).ns_score(board.vulnerability());
        match game.get("Score") {
            Some(published) => {
                assert_eq!(format!("NS {score}"), *published, "{}", name(game));
            }
            // A table without players: passed out, nothing scored.
            None => assert_eq!(
                (game["Contract"].as_str(), score),
                ("Pass", 0),
                "{}",
                name(game)
            ),
        }
    }
}

#[test]
fn every_match_gives_both_its_tables_published_imps() {
    let games = games();
    let mut matches = 0;
    let mut alone = Vec::new();
    for home in &games {
        // Each match once, from the table where its first team is at home.
        let Some(away) = games.iter().find(|g| {
            g["Board"] == home["Board"]
                && g["HomeTeam"] == home["VisitTeam"]
                && g["VisitTeam"] == home["HomeTeam"]
        }) else {
            alone.push(name(home));
            continue;
        };
        let table = |g: &Game| g["Table"].parse::<u32>().unwrap();
        if table(home) > table(away) {
            continue;
        }
        matches += 1;
        // bridgepad's team match: team 1 (pairs 1, 2) is the home team of
        // `home`, N-S there (pair 1 v pair 3) and E-W at `away` (pair 4 v
        // pair 2). Boards come in two equal halves, so round up to even.
        let board = board(home);
        let boards = board.0.div_ceil(2) * 2;
        let movement = Movement::new(MovementKind::Teams, 4, boards).unwrap();
        let names = ["home N-S", "home E-W", "visitors E-W", "visitors N-S"];
        let mut game = Results::new(names.map(String::from).to_vec(), movement, Scoring::Imps);
        for (table, ns, ew) in [(home, 1, 3), (away, 4, 2)] {
            game.record(Entry {
                board,
                ns,
                ew,
                outcome: outcome(table),
            })
            .unwrap_or_else(|e| panic!("{}: {e}", name(table)));
        }
        let lines = game.traveller(board);
        for (line, table) in lines.iter().zip([home, away]) {
            assert_eq!(
                (line.ns_points, line.ew_points),
                score_imp(table),
                "{}: {} N-S against {} at the other table",
                name(table),
                line.score,
                lines.iter().find(|l| l != &line).unwrap().score
            );
        }
        let [(home_imps, _), (visitors_imps, _)] = game.teams().unwrap();
        assert_eq!(
            (home_imps, visitors_imps),
            score_imp(home),
            "{}: the match's IMPs",
            name(home)
        );
    }
    assert_eq!(
        matches, 149,
        "every table in a match: 15 a board, 14 on board 20"
    );
    // The file lacks board 20's table 12 (Switzerland at home to Turkey),
    // so table 6's IMPs have no other table to come from.
    assert_eq!(alone, ["board 20 table 6 (TURKEY v SWITZERLAND)"]);
}
