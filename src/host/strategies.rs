//! The strategies of a service ([`Strategies`], one per game, made once and shared by every
//! table).

use std::path::PathBuf;

use super::{AnyHosted, AnyStrategy, Entry, Games, Hold, Hosted, Preparing};
use crate::engine::GameKind;

/// The strategies of every table of a service: each game's
/// [`Hosted::Strategy`], made when the service starts (a game
/// solves what it needs on first use, or from the start: [`Strategies::warm`]).
pub struct Strategies {
    games: Vec<(&'static dyn AnyHosted, AnyStrategy)>,
}

impl Strategies {
    /// The strategies of the games `games`; `cache`: a file a game may keep its solved table in
    /// (the config's `strategy.cache`).
    pub fn new<G: ?Sized + AnyHosted>(games: Games<G>, cache: Option<PathBuf>) -> Strategies {
        Strategies {
            games: games
                .iter()
                .map(|game| (game.hosted(), game.strategy(cache.as_deref())))
                .collect(),
        }
    }

    /// Starts preparing what the games' strategies need (a solved table: read from its cache
    /// file, else solved) on a thread of its own, so that the first answer using it is as quick
    /// as the rest. `hold` runs on that thread first (tests hold the preparation with it), in the
    /// first game that has something to prepare.
    pub fn warm(&self, mut hold: Option<Hold>) {
        for (game, strategy) in &self.games {
            if game.preparing(strategy).is_some() {
                game.warm(strategy, hold.take());
            }
        }
    }

    /// Waits until every game's strategy is ready (for tools and tests).
    pub async fn ready(&self) {
        for (game, strategy) in &self.games {
            if let Some(preparing) = game.preparing(strategy) {
                preparing.await;
            }
        }
    }

    /// Whether the strategy of the game `kind` is still being prepared: then what resolves once
    /// it is ready.
    pub fn preparing(&self, kind: GameKind) -> Option<Preparing> {
        let (game, strategy) = self.games.iter().find(|(g, _)| g.kind() == kind)?;
        game.preparing(strategy)
    }

    /// The strategy of the game `kind`, as the service keeps it; `None` for a game the service
    /// does not offer.
    pub fn any(&self, kind: GameKind) -> Option<&AnyStrategy> {
        self.games
            .iter()
            .find(|(g, _)| g.kind() == kind)
            .map(|(_, s)| s)
    }

    /// The strategy of the game `R`; `None` for a game the service does not offer.
    pub fn of<R: Hosted>(&self) -> Option<&R::Strategy> {
        let (_, strategy) = self.games.iter().find(|(g, _)| g.kind() == R::KIND)?;
        Entry::<R>::strategy_of(strategy)
    }
}
