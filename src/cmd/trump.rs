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
            Trump::FirstLed => crate::narrate::commands::trump_is(hand, None),
            _ if trump.symbol() == trump.name() => {
                crate::narrate::commands::trump_is(hand, Some((&trump.to_string(), None)))
            }
            _ => crate::narrate::commands::trump_is(
                hand,
                Some((&trump.to_string(), Some(trump.symbol()))),
            ),
        })
    })?;
    outln!("{said}");
    Ok(())
}
