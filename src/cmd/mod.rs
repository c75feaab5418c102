//! One module per subcommand: glue between the command line, the store and
//! the rules engine. Rules live in `rules/`, files in `store`, text in
//! `narrate` and `render`.

mod auction;
mod bid;
mod check_dealer;
mod close;
mod delete;
mod display;
mod edit;
mod export;
mod export_output;
mod join;
mod list;
pub(crate) mod manual;
mod merge_driver;
mod movement;
mod named;
mod new;
mod play;
mod resolve;
mod restore;
mod result;
mod show;
mod stats;
mod sync;
mod tricks;
mod trump;
mod undo;
mod variants;

use std::path::PathBuf;

use crate::rules::ExactGame;

use anyhow::Result;
use chrono::{DateTime, Utc};

use crate::catalog::Catalog;
use crate::cli::{Command, SessionArg};
use crate::rules::{Seat, Table};
use crate::store::index::{self, Listed};
use crate::store::{Resolved, Store};
pub use named::Named;

/// Everything a command needs from outside: where files are, and the time.
pub struct Context {
    pub store: Store,
    pub templates_dir: Option<PathBuf>,
    pub now: DateTime<Utc>,
}

impl Context {
    pub fn catalog(&self) -> Catalog {
        Catalog::load(self.templates_dir.as_deref())
    }

    /// The session a command acts on; says which on stderr when it was not
    /// named. A session whose copies went different ways is refused until
    /// `bridgepad resolve` has kept one.
    pub fn session_id(&self, arg: &SessionArg) -> Result<String> {
        let resolved = self.resolve(arg.session.as_deref())?.undivided()?;
        if resolved.implicit {
            eprintln!(
                "{}",
                crate::narrate::commands::using_session(&crate::text::one_line(&resolved.id))
            );
        }
        Ok(resolved.id)
    }

    /// [`Store::resolve`] at the context's time, saying on stderr what was
    /// settled on the way (copies merged), a line each.
    pub fn resolve(&self, wanted: Option<&str>) -> Result<Resolved> {
        self.store.resolve(wanted, self.now, &mut say)
    }

    /// Every session, newest first, as `list` shows them: the copies found
    /// beside them settled at the context's time, what was merged said on
    /// stderr, a line each (`store/copies.rs`).
    pub fn listing(&self) -> Result<Vec<Listed>> {
        let scan = index::read(&self.store)?;
        Ok(crate::store::listing::settle_listed(
            &self.store,
            scan,
            self.now,
            &mut say,
        ))
    }
}

/// Says on stderr what the store did on a command's way (a copy merged, a
/// file upgraded), one line each.
pub fn say(line: String) {
    eprintln!("{}", crate::text::one_line(&line));
}

/// The exit status of a `bridgepad sync` that did its work but left a
/// session in conflict (its copies went different ways, and the table has
/// to pick one with `bridgepad resolve ID`): scripts can tell it from done
/// (0), refused or failed (1) and a usage error (2).
pub const EXIT_CONFLICT: u8 = 3;

/// A command that did what it was asked and has said on stdout what is
/// left to do, ending with an exit status of its own rather than 0; it is
/// no error, so no `error:` line is printed.
#[derive(Debug)]
pub struct Finished(pub u8);

impl std::fmt::Display for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", crate::narrate::commands::finished_with(self.0))
    }
}

impl std::error::Error for Finished {}

pub fn run(command: Command, cx: &Context) -> Result<()> {
    match command {
        Command::New(args) => new::run(args, cx),
        Command::Bid(args) => bid::run(args, cx),
        Command::Auction(args) => auction::run(args, cx),
        Command::Tricks(args) => tricks::run(args, cx),
        Command::Trump(args) => trump::run(args, cx),
        Command::Join(args) => join::run(args, cx),
        Command::SitOut(args) => join::sit_out(args, cx),
        Command::Undo(args) => undo::run(args, cx),
        Command::Close(args) => close::run(args, cx),
        Command::Result(args) => result::run(args, cx),
        Command::Movement(args) => movement::run(args, cx),
        Command::Edit(args) => edit::run(args, cx),
        Command::Show(args) => show::run(args, cx),
        Command::List(args) => list::run(args, cx),
        Command::Stats(args) => stats::run(args, cx),
        Command::Export(args) => export::run(args, cx),
        Command::Delete(args) => delete::run(args, cx),
        Command::Restore(args) => restore::run(args, cx),
        Command::Sync(args) => sync::run(args, cx),
        Command::MergeDriver(args) => merge_driver::run(args, cx),
        Command::Resolve(args) => resolve::run(args, cx),
        Command::CheckDealer(args) => check_dealer::run(args, cx),
        Command::Variants(args) => variants::run(args, cx),
        Command::Completions(args) => manual::completions(args),
        Command::Man(args) => manual::man(args),
        Command::Play(args) => play::run(args, cx),
        Command::Display(args) => display::run(args, cx),
    }
}

/// Reads `NAME=N` arguments against the game's table, counts judged
/// against the hand in play. `what` is "bid" or "tricks", for messages.
pub fn parse_entries(game: &ExactGame, raw: &[String], what: &str) -> Result<Vec<(Seat, u32)>> {
    let cards = game.current().map(|h| h.deal.cards);
    parse_named(game.table(), cards, raw, what)
}

/// Reads `NAME=N` arguments against a table; `most` is the largest count
/// that could be right, for messages.
pub fn parse_named(
    table: &Table,
    most: Option<u32>,
    raw: &[String],
    what: &str,
) -> Result<Vec<(Seat, u32)>> {
    Named::command(table, what, most)
        .args(raw)
        .map_err(anyhow::Error::msg)
}

/// [`parse_named`] at a contract table; at five or six, a player sitting
/// out the rubber in play is refused as such, naming the four who play.
pub fn parse_at_table(
    game: &crate::rules::game::contract::ContractGame,
    most: Option<u32>,
    raw: &[String],
    what: &str,
) -> Result<Vec<(Seat, u32)>> {
    parse_named(game.table(), most, raw, what).map_err(|e| {
        let out = game.circle().map(|c| c.sitting_out()).unwrap_or_default();
        let named = raw
            .iter()
            .map(|entry| entry.split('=').next().unwrap_or_default().trim())
            .find(|name| out.iter().any(|o| o.eq_ignore_ascii_case(name)));
        match named {
            Some(name) => anyhow::anyhow!(crate::narrate::commands::sits_out_rubber(
                what,
                name,
                &crate::text::or_list(game.table().names())
            )),
            None => e,
        }
    })
}

/// Puts entries in the hand's bidding order, so a batch is stored the way the table bid.
pub fn in_bidding_order(game: &ExactGame, mut entries: Vec<(Seat, u32)>) -> Vec<(Seat, u32)> {
    if let Some(hand) = game.current() {
        let order = &hand.deal.order;
        entries.sort_by_key(|(s, _)| order.iter().position(|o| o == s));
    }
    entries
}

/// The sessions `--game`, `--player`, `--since` and `--finished` or
/// `--unfinished` pick (`list`, `stats`, `export --all`), checked against
/// the catalog.
fn filter(flags: &crate::cli::Filters, cx: &Context) -> Result<crate::filter::Filter> {
    let finished = if flags.finished {
        Some(true)
    } else if flags.unfinished {
        Some(false)
    } else {
        None
    };
    crate::filter::Filter::new(
        flags.game.as_deref(),
        flags.player.as_deref(),
        flags.since,
        finished,
        &cx.catalog(),
    )
}
