//! What the exact-bid engine refuses, and why: every message says what is
//! wrong and what would be legal.

use super::HandNumber;
use crate::text::plural;
use crate::trump::Trump;

/// A refused entry. Every message says what is wrong and what would be legal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// Anything recorded after the game ended.
    #[error(
        "the game is over ({winners} won); nothing more can be recorded (`bridgepad undo` takes back the last hand's tricks)"
    )]
    GameOver { winners: String },
    /// The same player twice in one entry.
    #[error("{player} is given twice; give each player once")]
    Duplicate { player: String },
    /// A bid larger than the hand.
    #[error("{player} cannot bid {bid}: hand {hand} has {cards} {cards_word}; legal: {legal}", cards_word = plural(*cards, "card", "cards"))]
    BidTooLarge {
        player: String,
        bid: u32,
        hand: HandNumber,
        cards: u32,
        /// What this player may bid, as [`super::list_range`] writes it.
        legal: String,
    },
    /// The dealer bidding before everyone else has, when the hook is on.
    #[error("{dealer} is the dealer and bids last; still to bid: {waiting}")]
    DealerBidsLast { dealer: String, waiting: String },
    /// The hook: the dealer's bid would make the bids total the hand size.
    #[error("{dealer} is the dealer and may not bid {bid}: the bids would total {cards} on {cards} {cards_word}; legal: {legal}", cards_word = plural(*cards, "card", "cards"))]
    DealerHook {
        dealer: String,
        bid: u32,
        cards: u32,
        legal: String,
    },
    /// A correction of another bid that makes the dealer's bid hit the hook.
    #[error("that correction makes the bids total {cards} on {cards} {cards_word}, which the dealer's hook forbids; correct {dealer}'s bid (the dealer) in the same command; legal: {legal}", cards_word = plural(*cards, "card", "cards"))]
    CorrectionHitsHook {
        dealer: String,
        cards: u32,
        legal: String,
    },
    /// Bids changed after tricks started coming in.
    #[error(
        "hand {hand}'s tricks are being recorded, so its bids are closed; `bridgepad undo` takes back the tricks first"
    )]
    BidsClosed { hand: HandNumber },
    /// Tricks before every bid is in.
    #[error("the tricks come after the bids; still to bid: {waiting}")]
    BidsFirst { waiting: String },
    /// More tricks for one player than the hand has.
    #[error("{player} cannot take {tricks} tricks: hand {hand} has {cards} {cards_word}", cards_word = plural(*cards, "card", "cards"))]
    TricksTooLarge {
        player: String,
        tricks: u32,
        hand: HandNumber,
        cards: u32,
    },
    /// Some players' tricks already add up to more than the hand.
    #[error("the tricks given add up to {total}, more than the {cards} in hand {hand}")]
    TricksOver {
        total: u32,
        hand: HandNumber,
        cards: u32,
    },
    /// Everyone's tricks are in and do not add up.
    #[error(
        "the tricks add up to {total} ({listing}), but hand {hand} has {cards}; the counts must total {cards}"
    )]
    TricksTotal {
        total: u32,
        listing: String,
        hand: HandNumber,
        cards: u32,
    },
    /// Edit with nothing recorded.
    #[error("nothing is recorded yet, so there is no hand to correct")]
    NothingToEdit,
    /// Undo with nothing recorded.
    #[error("nothing to undo: no bids or tricks are recorded yet")]
    NothingToUndo,
    /// Edit of a hand that has nothing recorded.
    #[error("hand {hand} has nothing recorded; hands 1 to {last} can be edited")]
    NoSuchHand { hand: HandNumber, last: usize },
    /// Edit of the tricks of a hand whose tricks are not in.
    #[error("hand {hand} has no tricks recorded yet; record them with `bridgepad tricks`")]
    NoTricksToEdit { hand: HandNumber },
    /// A hand left unfinished with later hands recorded after it.
    #[error(
        "this hand is unfinished (no {what} from {waiting}) but later hands are recorded; finish it or remove the later hands"
    )]
    Unfinished { what: &'static str, waiting: String },
    /// An entry for somebody who is not playing this hand.
    #[error("{player} is not playing hand {hand} ({why}); playing: {playing}")]
    NotPlaying {
        player: String,
        hand: HandNumber,
        why: String,
        playing: String,
    },
    /// A recorded round of re-bids that the rules did not call for.
    #[error(
        "a recorded re-bid ({bids}) was not needed: only two players bidding the whole hand between them bid again"
    )]
    RebidNotNeeded { bids: String },
    /// A trump colour turned again in a two-player re-bid.
    #[error(
        "{trump} was already tried in this deal (tried: {tried}); turn up another colour: {left}"
    )]
    ColourTried {
        trump: Trump,
        /// The colours noted as tried, as "red, green".
        tried: String,
        /// The colours not yet tried, as "yellow or black".
        left: String,
    },
    /// A join whose name the table cannot take.
    #[error("{0}")]
    JoinName(String),
    /// A latecomer given a place at a game whose latecomers wait for a seat.
    #[error(
        "{name} cannot choose a seat: in {title} a latecomer waits for a seat and takes the next one a player is eliminated from; join without --seat"
    )]
    JoinElimination { name: String, title: String },
    /// Sitting out a hand of an elimination game (it would dodge elimination).
    #[error(
        "{player} cannot sit out: nobody sits out a hand of {title}, so nobody can dodge elimination; every standing player plays hand {hand}"
    )]
    OutElimination {
        player: String,
        title: String,
        hand: HandNumber,
    },
    /// A join that would seat more players than the variant has rules for.
    #[error("{name} cannot join: {title} is for {range} players, and {seated} are seated")]
    JoinTooMany {
        name: String,
        title: String,
        range: String,
        seated: usize,
    },
    /// A join that would need more cards than the deck holds.
    #[error(
        "{name} cannot join: {players} players × {largest} cards{turned} = {needed}, more than the {deck}-card deck ({hands} still to come deal up to {largest} cards); at most {fit} players fit"
    )]
    JoinDeck {
        name: String,
        players: usize,
        largest: u32,
        /// " + 1 turned card", or what a no-trump hand needs instead.
        turned: &'static str,
        needed: u64,
        deck: u32,
        /// "hands 5 to 19", "hand 19", "the hands".
        hands: String,
        fit: u64,
    },
    /// A join after the hand in play has entries.
    #[error(
        "{name} can join once hand {hand} is over: its cards are dealt and entries are recorded; record its tricks, then join (or take its entries back with `bridgepad undo`)"
    )]
    JoinUnderway { name: String, hand: HandNumber },
    /// A join after a player who is not seated.
    #[error("{after} is not seated, so nobody can sit after them; seated: {seated}")]
    JoinAfter { after: String, seated: String },
    /// Sitting out a hand whose cards are dealt.
    #[error(
        "{player} cannot sit out hand {hand}: its cards are dealt and entries are recorded; take them back with `bridgepad undo` first"
    )]
    OutUnderway { player: String, hand: HandNumber },
    /// Sitting out twice.
    #[error("{player} already sits out hand {hand}")]
    AlreadyOut { player: String, hand: HandNumber },
    /// Sitting out that leaves too few to play.
    #[error(
        "{player} cannot sit out hand {hand}: at least {least} players must play it; playing: {playing}"
    )]
    OutTooFew {
        player: String,
        hand: HandNumber,
        least: usize,
        playing: String,
    },
    /// A trump for a hand the template plays at no trump.
    #[error(
        "hand {hand} is played at no trump, so no trump can be recorded; record its bids and tricks without one"
    )]
    NoTrumpHand { hand: HandNumber },
    /// Facts recorded for a hand after the game ended.
    #[error("the game ended with hand {ended}, so nothing can be recorded for a later hand")]
    AfterEnd { ended: usize },
}

/// A rule broken by a recorded hand, found while replaying.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("hand {hand}: {error}")]
pub struct ReplayError {
    pub hand: HandNumber,
    pub error: RuleError,
}
