//! The games as the bot sees them ([`BotGame`]): their slash commands, beside what their tables
//! and daily deals do; and the bot's own ([`built_in`]).

use super::commands::{game_command, Command};
use crate::daily::DealKind;
use crate::host::{Entry, Games, Hosted, Visit};

/// A game as the bot sees it: its slash command, beside what its tables and daily deals do.
/// Written once, for every game ([`Entry`]); a bot is handed its games as these
/// ([`BotOptions::games`](super::BotOptions::games)).
pub trait BotGame: DealKind {
    /// Its slash command.
    #[allow(private_interfaces)]
    fn command(&self) -> Command;
}

impl<R: Hosted> BotGame for Entry<R> {
    #[allow(private_interfaces)]
    fn command(&self) -> Command {
        game_command::<R>()
    }
}

/// Makes a bot's list of games.
#[derive(Default)]
struct Bots(Vec<&'static dyn BotGame>);

impl Visit for Bots {
    fn game<R: Hosted>(&mut self) {
        self.0.push(&Entry::<R>::NEW);
    }
}

/// The bot's own games ([`crate::games::built_in`]), as the bot sees them: what a service offers.
/// Made once.
pub fn built_in() -> Games<dyn BotGame> {
    static BUILT: std::sync::OnceLock<Games<dyn BotGame>> = std::sync::OnceLock::new();
    *BUILT.get_or_init(|| {
        let mut bots = Bots::default();
        crate::games::built_in(&mut bots);
        Games::new(Vec::leak(bots.0)).expect("the bot's games' names differ")
    })
}
