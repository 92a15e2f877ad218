//! The games the bot hosts, each a folder of its own (`games::forgetit`, `games::getdickey`,
//! `games::pig`): its rules (pure, `impl Rules`), its views, its bot seats, and one `impl
//! Hosted` that says everything else the bot needs of it, with defaults for what a game may lack.
//! The list of them is [`built_in`], one line per game; what the layers do for each game they
//! are handed (its kind and codes, its slash command, the table that runs it, its statistics,
//! its texts, its strategy) is written once for any `Hosted` game, so nothing outside a game's
//! folder names it but that line. Adding a game: see docs/architecture.md, "Adding a game".

pub mod forgetit;
pub mod getdickey;
pub mod pig;

use crate::host::{Games, Hosts, Visit};

/// Every game the bot hosts, one line each, in the order the bot lists them (its commands, its
/// statistics): whoever makes the bot's games (`discord::built_in`, the config's checks) visits
/// them. Its kind, commands, table, texts and strategy follow from its `impl Hosted`.
pub fn built_in(games: &mut impl Visit) {
    games.game::<forgetit::ForGetIt>();
    games.game::<getdickey::GetDickey>();
    games.game::<pig::Pig>();
}

/// The bot's games as the host sees them: for what needs no more of them (the config's checks,
/// the command line's tools). Made once.
pub fn hosted() -> Games {
    static HOSTED: std::sync::OnceLock<Games> = std::sync::OnceLock::new();
    *HOSTED.get_or_init(|| Hosts::of(built_in).expect("the bot's games' names differ"))
}
