//! What bot seats, Odds and reviews compute with. Each game keeps its own policies, solvers and
//! review in its folder (`games::<game>`); here is only what they share: the strategies of a
//! service ([`Strategies`], one per game, made once and shared by every table), the review's
//! types ([`review`]), and the simulator's seeding ([`sim`]).

pub mod review;
pub mod sim;

use std::path::PathBuf;

use crate::engine::GameKind;
use crate::games::{AnyGame, AnyStrategy, Entry, Games, Hold, Hosted, Preparing};

/// The strategies of every table of a service: each game's
/// [`Hosted::Strategy`](crate::games::Hosted::Strategy), made when the service starts (a game
/// solves what it needs on first use, or from the start: [`Strategies::warm`]).
pub struct Strategies {
    games: Vec<(&'static dyn AnyGame, AnyStrategy)>,
}

impl Strategies {
    /// The strategies of the games `games`; `cache`: a file a game may keep its solved table in
    /// (the config's `strategy.cache`).
    pub fn new(games: Games, cache: Option<PathBuf>) -> Strategies {
        Strategies {
            games: games
                .iter()
                .map(|game| (game, game.strategy(cache.as_deref())))
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
