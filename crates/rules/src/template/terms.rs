//! The words of a template file that name one family's choices (which
//! contract game, how duplicate scores compare, …): plain enums, so that
//! the raw template can hold them without importing the families, whose
//! methods on them live with each family (`contract::kind`, `duplicate::movement`, …).

/// Which contract game (a template's `contract_game`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Phase 1 at no-trump, then an auction and a contract.
    Memory,
    /// One auction per deal, declarer picks a dummy.
    SingleDummy,
    /// Exchange phase, then an auction (no doubles, one raise), above/below the line.
    Buddy,
    /// Four players in two partnerships, best of three games.
    Rubber,
    /// Four players in two partnerships, rounds of four deals.
    Chicago,
}

/// Chicago: who is vulnerable on the second and third deals of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MiddleDeals {
    /// The dealer's side (the ACBL's rule).
    Dealer,
    /// The side not dealing.
    NonDealer,
}

/// How many come in at a change of players (the template's `cut_in`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CutIn {
    /// One player: the one who has sat out longest (docs/rulings.md#five-or-six-at-the-table).
    #[default]
    One,
    /// Everyone sitting out, replacing as many who played longest (the
    /// Laws' "one or two candidates" at a table of six).
    All,
}

/// Which movement a session uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MovementKind {
    Howell,
    Mitchell,
    Teams,
    Traveller,
}

/// How results on a board are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// 2 per pair beaten, 1 per tie (Neuberg for boards played fewer times).
    Matchpoints,
    /// IMPs: in a team match per board between the two tables, and VPs;
    /// for pairs against a datum, the mean of all the board's scores.
    Imps,
    /// Each score IMPed against every other, averaged over the comparisons.
    CrossImps,
    /// Each score IMPed against a datum that drops the top and bottom.
    Butler,
}
