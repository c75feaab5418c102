//! `bridgepad trump SUIT`: note the turned trump on the current hand.

use anyhow::Result;

use super::Context;
use crate::cli::TrumpArgs;
use crate::rules::Trump;
use crate::session::parse_trump;

pub fn run(args: TrumpArgs, cx: &Context) -> Result<()> {
    let id = cx.session_id(&args.session)?;
    let (_, said) = cx.store.update(&id, cx.now, |session| {
        let game = session.exact_mut()?;
        let trump = parse_trump(game.variant(), &args.suit).map_err(anyhow::Error::msg)?;
        game.record_trump(trump)?;
        let hand = game.current().map_or(0, |h| h.deal.number.get());
        Ok(match trump {
            Trump::FirstLed => {
                format!("hand {hand}: the Rook was turned, so the first card led is trump.")
            }
            _ if trump.symbol() == trump.name() => format!("hand {hand}: trump is {trump}."),
            _ => format!("hand {hand}: trump is {trump} {}.", trump.symbol()),
        })
    })?;
    outln!("{said}");
    Ok(())
}
