//! The command line as clap types: the commands, their arguments and what
//! `--help` says of each. Nothing here runs: the value parsers are
//! `values.rs`, the completers `complete.rs`, the help's longer texts
//! `help.rs`, and what each command does lives in `cmd/`.

use std::path::PathBuf;

use chrono::NaiveDate;
use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};
use clap_complete::engine::ArgValueCompleter;

use super::complete::{
    complete_calls, complete_dealer, complete_dummy, complete_player_entries,
    complete_player_names, complete_sessions, complete_suits, complete_trash, complete_variants,
};
use super::help::{after_long_help, command_after_long_help};
use super::values::{Bids, bid_list, date, hand_cards, named_count, target};

/// Score keeper and referee for bridge-family card games played with real cards.
#[derive(Debug, Parser)]
#[command(
    name = "bridgepad",
    version,
    about,
    max_term_width = 100,
    after_long_help = after_long_help()
)]
pub struct Cli {
    /// Where session files live (default: the user's data directory)
    #[arg(
        long,
        global = true,
        env = "BRIDGEPAD_DATA_DIR",
        hide_env_values = true,
        help_heading = "Global options",
        value_name = "DIR",
        value_hint = ValueHint::DirPath
    )]
    pub data_dir: Option<PathBuf>,

    /// Where house-rule templates live (default: `templates` in the user's config directory)
    #[arg(
        long,
        global = true,
        env = "BRIDGEPAD_TEMPLATES_DIR",
        hide_env_values = true,
        help_heading = "Global options",
        value_name = "DIR",
        value_hint = ValueHint::DirPath
    )]
    pub templates_dir: Option<PathBuf>,

    /// Plain output for screen readers: lines and words, no boxes, symbols or redrawn prompts (also on when ACCESSIBLE or BRIDGEPAD_PLAIN is set)
    #[arg(long, global = true)]
    pub plain: bool,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Start a session
    #[command(after_long_help = command_after_long_help("new"))]
    New(NewArgs),
    /// Record the current hand's bids (exact-bid games)
    #[command(after_long_help = command_after_long_help("bid"))]
    Bid(BidArgs),
    /// Record the current deal's auction (contract games)
    #[command(after_long_help = command_after_long_help("auction"))]
    Auction(AuctionArgs),
    /// Record the tricks taken in the current hand or phase
    #[command(after_long_help = command_after_long_help("tricks"))]
    Tricks(TricksArgs),
    /// Record the turned trump for the current hand (optional)
    #[command(after_long_help = command_after_long_help("trump"))]
    Trump(TrumpArgs),
    /// Seat a player who arrives late, from the hand in play (exact-bid games)
    #[command(after_long_help = command_after_long_help("join"))]
    Join(JoinArgs),
    /// A player sits the hand in play out (exact-bid games)
    #[command(after_long_help = command_after_long_help("sit-out"))]
    SitOut(SitOutArgs),
    /// Record a table's result on a board (duplicate)
    #[command(after_long_help = command_after_long_help("result"))]
    Result(ResultArgs),
    /// The movement's rounds, table by table (duplicate)
    #[command(after_long_help = command_after_long_help("movement"))]
    Movement(SessionArg),
    /// Take back the last recorded entry
    #[command(after_long_help = command_after_long_help("undo"))]
    Undo(SessionArg),
    /// End a rubber or a Chicago session before its end (rubber bridge, Chicago)
    #[command(after_long_help = command_after_long_help("close"))]
    Close(SessionArg),
    /// Correct an earlier hand; everything after it is rescored
    #[command(after_long_help = command_after_long_help("edit"))]
    Edit(EditArgs),
    /// Show the score sheet
    #[command(after_long_help = command_after_long_help("show"))]
    Show(ShowArgs),
    /// List every session, newest first
    #[command(after_long_help = command_after_long_help("list"))]
    List(ListArgs),
    /// Each player's record across sessions: wins, average score, exact bids, contracts
    #[command(after_long_help = command_after_long_help("stats"))]
    Stats(StatsArgs),
    /// Export a session's history (or every session's) as CSV, JSON, Markdown, HTML or PBN
    #[command(after_long_help = command_after_long_help("export"))]
    Export(ExportArgs),
    /// Move a session to the trash (`bridgepad restore` brings it back)
    #[command(after_long_help = command_after_long_help("delete"))]
    Delete(DeleteArgs),
    /// List the trash, or bring a session back from it
    #[command(after_long_help = command_after_long_help("restore"))]
    Restore(RestoreArgs),
    /// Commit, pull, merge and push the data folder with a git remote (`--remote URL` the first time)
    #[command(after_long_help = command_after_long_help("sync"))]
    Sync(SyncArgs),
    /// Merge two versions of a session file for git; `bridgepad sync` sets it up
    #[command(hide = true)]
    MergeDriver(MergeDriverArgs),
    /// Compare a session's copies that went different ways (two devices, a sync tool) and keep one
    #[command(after_long_help = command_after_long_help("resolve"))]
    Resolve(ResolveArgs),
    /// The dealer's forbidden bid, given the others' bids (no session needed)
    #[command(after_long_help = command_after_long_help("check-dealer"))]
    CheckDealer(CheckDealerArgs),
    /// List the built-in and house-rule variants; make or explain one
    #[command(after_long_help = command_after_long_help("variants"))]
    Variants(VariantsArgs),
    /// Print a shell completion script to stdout
    #[command(after_long_help = command_after_long_help("completions"))]
    Completions(CompletionsArgs),
    /// Print the man page, or write one page per command into a folder
    #[command(after_long_help = command_after_long_help("man"))]
    Man(ManArgs),
    /// The interactive table companion
    #[command(after_long_help = command_after_long_help("play"))]
    Play(PlayArgs),
    /// Serve the live score sheet to the table's phones and TV (read-only)
    #[command(after_long_help = command_after_long_help("display"))]
    Display(DisplayArgs),
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct VariantsArgs {
    #[command(subcommand)]
    pub action: Option<VariantsAction>,
    /// Print the variants as JSON: name, title, family, players and settings
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Subcommand)]
pub enum VariantsAction {
    /// Start a house-rule template as a copy of a variant
    #[command(after_long_help = command_after_long_help("variants-new"))]
    New(VariantsNewArgs),
    /// Every setting of a variant: its value, what it means, and where it comes from
    #[command(after_long_help = command_after_long_help("variants-show"))]
    Show(VariantsShowArgs),
}

#[derive(Debug, Args)]
pub struct VariantsNewArgs {
    /// The new variant's name: lowercase letters, digits and `-`
    pub name: String,
    /// The variant to copy (`bridgepad variants` lists them)
    #[arg(long, value_name = "VARIANT", add = ArgValueCompleter::new(complete_variants))]
    pub from: String,
    /// The name people say at the table (default: the copied title plus NAME)
    #[arg(long, value_name = "TITLE")]
    pub title: Option<String>,
}

#[derive(Debug, Args)]
pub struct VariantsShowArgs {
    /// The variant to explain
    #[arg(add = ArgValueCompleter::new(complete_variants))]
    pub name: String,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one page per command into this folder instead of printing the main page
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct SessionArg {
    /// The session to act on: its id, a part of it only one id has, a game's name for its
    /// current session, or `last` (default: the most recently updated unfinished one)
    #[arg(long, value_name = "ID", add = ArgValueCompleter::new(complete_sessions))]
    pub session: Option<String>,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The variant to play (`bridgepad variants` lists them)
    #[arg(add = ArgValueCompleter::new(complete_variants))]
    pub variant: String,
    /// Players in clockwise seating order
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "pairs",
        value_name = "A,B,C"
    )]
    pub players: Vec<String>,
    /// Duplicate: the pairs, numbered from 1 in this order, e.g. "Ann & Bob,Cid & Dan"
    #[arg(
        long,
        value_delimiter = ',',
        value_name = "PAIR,PAIR",
        conflicts_with = "players"
    )]
    pub pairs: Vec<String>,
    /// Duplicate: the number of boards
    #[arg(long, value_name = "N")]
    pub boards: Option<String>,
    /// Duplicate: howell, mitchell, teams or traveller
    #[arg(long, value_name = "KIND")]
    pub movement: Option<String>,
    /// The first dealer (default: drawn at random and announced)
    #[arg(long, value_name = "NAME", add = ArgValueCompleter::new(complete_dealer))]
    pub dealer: Option<String>,
    /// End the game at the end of the hand in which someone reaches this score
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = target)]
    pub target: Option<i64>,
    /// Change a template setting for this session, e.g. `scoring=tricks-plus-ten`
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub settings: Vec<String>,
    /// Players waiting for a seat (elimination games)
    #[arg(long, value_delimiter = ',', value_name = "X,Y")]
    pub waiting: Vec<String>,
}

#[derive(Debug, Args)]
pub struct ResultArgs {
    /// The board's number
    #[arg(value_name = "BOARD", allow_hyphen_values = true)]
    pub board: String,
    /// The pair sitting North-South, by number
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub ns: String,
    /// The pair sitting East-West, by number
    #[arg(long, value_name = "M", allow_hyphen_values = true)]
    pub ew: String,
    /// The contract (`4S`, `4SX`, `3NTXX`) or `pass`
    #[arg(value_name = "CONTRACT")]
    pub contract: String,
    /// Declarer: N, E, S or W (not after `pass`)
    #[arg(value_name = "DECLARER")]
    pub declarer: Option<String>,
    /// Declarer's tricks, 0 to 13 (not after `pass`)
    #[arg(value_name = "TRICKS", allow_hyphen_values = true)]
    pub tricks: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct BidArgs {
    /// Bids as NAME=N, e.g. `Ann=2 Bob=0`
    #[arg(
        required = true,
        value_name = "NAME=N",
        value_parser = named_count,
        add = ArgValueCompleter::new(complete_player_entries)
    )]
    pub bids: Vec<String>,
    /// The turned trump suit, if you want it on the sheet
    #[arg(long, value_name = "SUIT", add = ArgValueCompleter::new(complete_suits))]
    pub trump: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct TricksArgs {
    /// Tricks as NAME=N; the last player's count is filled in from the rest
    /// (in a contract, declarer's count alone is enough)
    #[arg(
        required = true,
        value_name = "NAME=N",
        value_parser = named_count,
        add = ArgValueCompleter::new(complete_player_entries)
    )]
    pub tricks: Vec<String>,
    /// Single Dummy Bridge: the dummy declarer took, `revealed` or `hidden`
    #[arg(long, value_name = "WHICH", add = ArgValueCompleter::new(complete_dummy))]
    pub dummy: Option<String>,
    /// Rubber bridge and Chicago: honours held in one hand, as NAME=100 or
    /// NAME=150 (the points go to NAME's side)
    #[arg(long, value_name = "NAME=POINTS", value_parser = named_count)]
    pub honours: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct AuctionArgs {
    /// Calls in order from the first caller: 1C…7NT (also 3N, 2♥), pass or p,
    /// X or double, XX or redouble
    #[arg(
        required_unless_present = "contract",
        value_name = "CALL",
        add = ArgValueCompleter::new(complete_calls)
    )]
    pub calls: Vec<String>,
    /// The final contract instead of the calls, as a table that does not
    /// record its auctions gives it: "4S Ann X" (level and strain,
    /// declarer, X or XX if doubled), or "pass" for a deal passed out
    #[arg(long, value_name = "CONTRACT", conflicts_with = "calls")]
    pub contract: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct JoinArgs {
    /// The new player's name
    pub name: String,
    /// The player the new one sits after (to the left of); default: after
    /// the last player in the list
    #[arg(long, value_name = "AFTER")]
    pub seat: Option<String>,
    /// The total they start on: the lowest of the seated players' totals,
    /// zero, or their average rounded down
    #[arg(long, value_enum, default_value_t = JoinStart::Lowest)]
    pub start: JoinStart,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum JoinStart {
    /// The lowest total at the table
    Lowest,
    /// Nothing
    Zero,
    /// The average of the totals, rounded down
    Average,
}

#[derive(Debug, Args)]
pub struct SitOutArgs {
    /// The player who sits the hand in play out
    pub name: String,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct TrumpArgs {
    /// clubs, diamonds, hearts or spades (C, D, H, S, ♣, ♦, ♥, ♠)
    #[arg(add = ArgValueCompleter::new(complete_suits))]
    pub suit: String,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EditWhat {
    /// Replace bids
    #[value(alias = "bids")]
    Bid,
    /// Replace tricks
    #[value(alias = "trick")]
    Tricks,
    // Contract games. Hidden from the list of values clap prints, which
    // scripts of the exact-bid games rely on; the help of WHAT names them.
    /// Replace a contract deal's first-phase tricks
    #[value(hide = true, aliases = ["first", "exchange", "phase-1", "phase1"])]
    FirstPhase,
    /// Replace a contract deal's whole auction
    #[value(hide = true, alias = "calls")]
    Auction,
    /// Replace the dummy Single Dummy Bridge's declarer took
    #[value(hide = true)]
    Dummy,
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// The hand to correct (1 is the first hand), or a contract game's deal
    #[arg(value_name = "HAND")]
    pub hand: String,
    /// What to correct: bid or tricks; in a contract game first-phase,
    /// auction, tricks or dummy
    pub what: EditWhat,
    /// The corrected entries as NAME=N; for an auction its calls in order
    /// from the first caller; for a dummy revealed or hidden
    #[arg(
        required = true,
        value_name = "NAME=N",
        add = ArgValueCompleter::new(complete_player_entries)
    )]
    pub entries: Vec<String>,
    /// With `tricks`, rubber bridge and Chicago: the honours held in one
    /// hand, as NAME=100 or NAME=150 (the points go to NAME's side), or
    /// `none`; left out, the recorded honours stay
    #[arg(long, value_name = "NAME=POINTS")]
    pub honours: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Print the sheet as JSON
    #[arg(long)]
    pub json: bool,
    /// Draw each player's running total by hand (or deal) as a text chart
    #[arg(long, conflicts_with = "json")]
    pub chart: bool,
    /// Say why each score of hand (or deal) N is what it is, worked out as
    /// the rules scored it; with --json, as JSON. A Chicago deal may be
    /// named as the sheet names it: 1·3 or 1.3 (round 1, deal 3)
    #[arg(long, value_name = "HAND", conflicts_with = "chart")]
    pub explain: Option<String>,
    #[command(flatten)]
    pub session: SessionArg,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print the list as JSON
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub filters: Filters,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Print the statistics as JSON
    #[arg(long)]
    pub json: bool,
    /// Write the statistics as one self-contained HTML page
    #[arg(long, conflicts_with = "json")]
    pub html: bool,
    /// Write to this file (replaced atomically) instead of stdout; `-` is stdout
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    // `--player NAME` also shows only that player's row.
    #[command(flatten)]
    pub filters: Filters,
}

/// Which sessions a history command looks at.
#[derive(Debug, Clone, Default, Args)]
pub struct Filters {
    /// Only sessions of this variant (`bridgepad variants` lists them)
    #[arg(long, value_name = "VARIANT", add = ArgValueCompleter::new(complete_variants))]
    pub game: Option<String>,
    /// Only sessions this player sat in (names compared ignoring case)
    #[arg(long, value_name = "NAME", add = ArgValueCompleter::new(complete_player_names))]
    pub player: Option<String>,
    /// Only sessions started on or after this date (YYYY-MM-DD)
    #[arg(long, value_name = "DATE", value_parser = date)]
    pub since: Option<NaiveDate>,
    /// Only finished sessions
    #[arg(long, conflicts_with = "unfinished")]
    pub finished: bool,
    /// Only sessions still being played
    #[arg(long)]
    pub unfinished: bool,
}

/// What `export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// One row per player per scored hand or phase (RFC 4180)
    Csv,
    /// Every session with its totals and rows
    Json,
    /// A score sheet per session, ready to paste
    #[value(alias = "md")]
    Markdown,
    /// A self-contained printable page with a chart of the running totals
    Html,
    /// Rubber bridge and Chicago: every deal as Portable Bridge Notation
    Pbn,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The output format
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: ExportFormat,
    /// Export every session (narrowed by the filters below), oldest first
    #[arg(long)]
    pub all: bool,
    /// Write to this file (replaced atomically) instead of stdout; `-` is stdout
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// CSV: write a UTF-8 byte order mark first, so a spreadsheet's default import reads names
    /// such as `Zoë` right
    #[arg(long)]
    pub bom: bool,
    #[command(flatten)]
    pub session: SessionArg,
    #[command(flatten)]
    pub filters: Filters,
}

#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// The session to move to the trash: its id, a part of it only one id has, a game's name
    /// for its current session, or `last`. Always given: `delete` never picks the current
    /// session by itself
    #[arg(value_name = "SESSION", add = ArgValueCompleter::new(complete_sessions))]
    pub session: String,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// What to bring back: a session's id (or the start of it) for its newest copy in the
    /// trash, or a trash file name as the list shows it (`ID.2.toml`) for that copy.
    /// Without it, list the trash
    #[arg(value_name = "ID", add = ArgValueCompleter::new(complete_trash))]
    pub id: Option<String>,
    /// List the trash as JSON
    #[arg(long, conflicts_with = "id")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SyncArgs {
    /// The git repository to sync with, the first time or to change it: a path (a bare
    /// repository on a USB stick or a NAS), `user@host:path`, `ssh://…` or `https://…`
    #[arg(long, value_name = "URL")]
    pub remote: Option<String>,
}

/// git runs `bridgepad merge-driver %O %A %B %P` for each session file changed on both sides.
#[derive(Debug, Args)]
pub struct MergeDriverArgs {
    /// The common ancestor's version (%O)
    pub base: PathBuf,
    /// This side's version (%A); the merged file is written here
    pub ours: PathBuf,
    /// The other side's version (%B)
    pub theirs: PathBuf,
    /// The file's path in the data folder (%P)
    pub path: String,
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The session whose copies to compare: its id or a part of it only one id has, a game's
    /// name or `last` (default: the one session with copies that went different ways)
    #[arg(value_name = "ID", add = ArgValueCompleter::new(complete_sessions))]
    pub id: Option<String>,
    /// Keep this copy without asking: its number as the comparison shows it (1, 2, …) or its
    /// file; every other copy moves to the trash
    #[arg(long, value_name = "N|FILE")]
    pub keep: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckDealerArgs {
    /// Cards in the hand
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = hand_cards)]
    pub cards: u32,
    /// The other players' bids, e.g. `1,0,2`
    #[arg(long, value_name = "B1,B2,…", allow_negative_numbers = true, value_parser = bid_list)]
    pub bids: Bids,
    /// Print `{"forbidden": N}` or `{"forbidden": null}` (with the rules of a variant or
    /// session, also `"hook": "on"`, `"waived"` or `"off"`)
    #[arg(long)]
    pub json: bool,
    /// Judge by this variant's hook settings and table sizes (default: the hook on every
    /// hand, any table a game with the hook seats)
    #[arg(long, value_name = "NAME", conflicts_with = "session", add = ArgValueCompleter::new(complete_variants))]
    pub variant: Option<String>,
    /// Change a setting of `--variant` for this question, e.g. `hook_from_cards=2`
    #[arg(long = "set", value_name = "KEY=VALUE", requires = "variant")]
    pub settings: Vec<String>,
    /// Judge by the rules a session was started with (its id, a part of it, a game's name or
    /// `last`, as --session takes them elsewhere)
    #[arg(long, value_name = "ID", add = ArgValueCompleter::new(complete_sessions))]
    pub session: Option<String>,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub session: SessionArg,
    /// Serve the live sheet while playing, as `bridgepad display` does
    #[arg(long)]
    pub display: bool,
    /// With --display: serve it on the local network, behind a secret address
    #[arg(long, requires = "display")]
    pub lan: bool,
}

#[derive(Debug, Args)]
pub struct DisplayArgs {
    #[command(flatten)]
    pub session: SessionArg,
    /// The port to listen on; 0 for any free one (default: 8080, or any free one if it is taken)
    #[arg(long, value_name = "N")]
    pub port: Option<u16>,
    /// Serve on the local network (every interface), behind an address with a secret token
    #[arg(long)]
    pub lan: bool,
    /// Start with the standings hidden (h and Enter shows or hides them)
    #[arg(long)]
    pub hide_standings: bool,
}
