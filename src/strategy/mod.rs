//! What bot seats, Odds and reviews compute with. Each game keeps its own policies, solvers and
//! review in its folder (`games::<game>`); here is only what they share: the strategies of a
//! service ([`Strategies`], one per game, made once and shared by every table), the review's
//! types ([`review`]), and the simulator's seeding ([`sim`]).

pub mod review;
pub mod sim;

use std::path::PathBuf;

macro_rules! strategies {
    ([] $($kind:ident => $module:ident,)*) => {
        /// The strategies of every table of a service: each game's
        /// [`Hosted::Strategy`](crate::games::Hosted::Strategy), made when the service starts
        /// (a game solves what it needs on first use, or from the start: [`Strategies::warm`]).
        pub struct Strategies {
            $($module: <crate::games::$module::$kind as crate::games::Hosted>::Strategy,)*
        }

        impl Strategies {
            /// `cache`: a file a game may keep its solved table in (the config's
            /// `strategy.cache`).
            pub fn new(cache: Option<PathBuf>) -> Strategies {
                Strategies {
                    $($module: <crate::games::$module::$kind as crate::games::Hosted>::strategy(
                        cache.as_deref(),
                    ),)*
                }
            }
        }

        $(impl crate::games::StrategyOf for crate::games::$module::$kind {
            fn of(strategies: &Strategies) -> &Self::Strategy {
                &strategies.$module
            }
        })*
    };
}

crate::games::games!(strategies);

impl Strategies {
    /// Starts preparing what the games' strategies need (Get Dickey's table: read from its cache
    /// file, else solved) on a thread of its own, so that the first answer using it is as quick
    /// as the rest. `hold` runs on that thread first (tests hold the preparation with it).
    pub fn warm(&self, hold: Option<crate::games::getdickey::Hold>) {
        self.getdickey.warm(hold);
    }

    /// Waits until every game's strategy is ready (for tools and tests).
    pub async fn ready(&self) {
        self.getdickey.ready().await;
    }

    /// Whether the strategy of the game `R` is still being prepared: then what resolves once it
    /// is ready.
    pub fn preparing<R: crate::games::StrategyOf>(&self) -> Option<crate::games::Preparing>
    where
        R::Error: crate::render::ErrorText,
    {
        R::preparing(R::of(self))
    }

    /// The strategy of the game `R`.
    pub fn of<R: crate::games::StrategyOf>(&self) -> &R::Strategy
    where
        R::Error: crate::render::ErrorText,
    {
        R::of(self)
    }
}
