//! The games as values: [`AnyGame`], what every layer asks of a game without naming it, written
//! once for every [`Hosted`] game ([`Entry`]); the list of the games the bot offers
//! ([`super::BUILT_IN`]); and the look-ups of a [`GameKind`] by its key, its code or its command.
//!
//! This is where the layers meet: each layer writes what it does for any game once, generically
//! (`tables`, `store`, `discord::commands`, `strategy::sim`), and [`AnyGame`] hands it the game.

use crate::sync::ReadWrite;
use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::RwLock;

use futures::future::BoxFuture;

use super::{Hold, Hosted, Preparing, SolveArgs, SolveError, Solved, Strategy, Target};
use crate::engine::table::Game;
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::ids::GameId;
use crate::render::stats::GameStats;
use crate::render::MessageView;
use crate::store::{Store, StoreError};
use crate::strategy::sim::{SimConfig, SimError, SimReport};

/// A game's strategy, as the service keeps it (its [`Hosted::Strategy`]).
pub type AnyStrategy = Box<dyn Any + Send + Sync>;

/// A game, as a value: what the layers need of it, in terms that name no game. Every [`Hosted`]
/// game is one through its [`Entry`].
pub trait AnyGame: Sync {
    fn kind(&self) -> GameKind;
    /// The fewest seats a game starts with, and the most a table has.
    fn seats(&self) -> (usize, usize);
    fn target(&self) -> Option<Target>;
    /// Its Fluent resources: (language code, text).
    fn locales(&self) -> &'static [(&'static str, &'static str)];
    /// Its rules card's fields.
    fn rules_fields(&self) -> &'static [&'static str];
    fn rules_view(&self, lang: Lang) -> MessageView;
    /// The message ids its views make at run time beyond those made from its names.
    fn message_ids(&self) -> Vec<String>;
    fn stats(&self) -> GameStats;
    /// Whether it reviews a seat's play (its end has a Review button).
    fn reviews(&self) -> bool;
    /// Its dice's pieces as text (keys of the config's `[emoji]`).
    fn pieces(&self) -> &'static [crate::render::dice::Pieces];
    /// Its dice's pictures: (file name, SVG source).
    fn dice(&self) -> &'static [(&'static str, &'static str)];
    /// `forgetit sim`'s policies, for help and errors.
    fn policies(&self) -> &'static str;
    /// `forgetit solve`.
    fn solve(
        &self,
        args: &SolveArgs,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Solved, SolveError>;
    /// `forgetit sim`.
    fn sim(
        &self,
        config: &SimConfig,
        cache: Option<&Path>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<SimReport, SimError>;
    /// Its strategy, made once per service.
    fn strategy(&self, cache: Option<&Path>) -> AnyStrategy;
    /// Starts preparing its strategy (made by [`AnyGame::strategy`]).
    fn warm(&self, strategy: &AnyStrategy, hold: Option<Hold>);
    /// Whether its strategy is still being prepared: then what resolves once it is ready.
    fn preparing(&self, strategy: &AnyStrategy) -> Option<Preparing>;
    /// What a table does with the game (opens, loads and reviews its games): the crate's own.
    #[allow(private_interfaces)]
    fn tables(&self) -> &'static dyn crate::tables::TableKind;
    /// Its slash command.
    fn command(&self) -> crate::discord::SlashCommand;
    /// The stored game `id` (of this game) rebuilt from its log, with its row and its events, as
    /// text: what a store holds of it, to compare two stores (tools, tests).
    fn stored_text<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<String, StoreError>>;
    /// Its open games rebuilt as a restart loads them, as text, one a game.
    fn open_text<'a>(&'a self, store: &'a Store) -> BoxFuture<'a, Result<Vec<String>, StoreError>>;
    /// What `forgetit migrate-db` checks of its open games: the crate's own.
    #[allow(private_interfaces)]
    fn migrate(&self) -> &'static dyn crate::store::OpenGames;
    /// Its daily deal's form, if it has one.
    fn daily(&self) -> Option<crate::daily::DailyForm>;
    /// A new daily deal for `player`, started with `seed`'s dice.
    fn deal(
        &self,
        player: crate::engine::Player,
        name: &str,
        seed: &crate::daily::Seed,
    ) -> Result<Box<dyn crate::daily::DealGame>, String>;
    /// A stored daily deal, replayed from its log.
    fn deal_load(&self, events: &str) -> Result<Box<dyn crate::daily::DealGame>, String>;
}

/// The [`AnyGame`] of the game `R`: `&Entry::<R>::NEW` is its line in the registry.
pub struct Entry<R>(PhantomData<fn() -> R>);

impl<R> Entry<R> {
    pub const NEW: Entry<R> = Entry(PhantomData);
}

impl<R: Hosted> Entry<R> {
    /// The game's strategy out of what the service keeps.
    pub fn strategy_of(strategy: &AnyStrategy) -> Option<&R::Strategy> {
        strategy.downcast_ref()
    }
}

impl<R: Hosted> AnyGame for Entry<R> {
    fn kind(&self) -> GameKind {
        R::KIND
    }

    fn seats(&self) -> (usize, usize) {
        (R::MIN_SEATS, R::MAX_SEATS)
    }

    fn target(&self) -> Option<Target> {
        R::TARGET
    }

    fn locales(&self) -> &'static [(&'static str, &'static str)] {
        R::LOCALES
    }

    fn rules_fields(&self) -> &'static [&'static str] {
        R::RULES
    }

    fn rules_view(&self, lang: Lang) -> MessageView {
        R::rules_view(lang)
    }

    fn message_ids(&self) -> Vec<String> {
        R::message_ids()
    }

    fn stats(&self) -> GameStats {
        R::STATS
    }

    fn reviews(&self) -> bool {
        R::REVIEWS
    }

    fn pieces(&self) -> &'static [crate::render::dice::Pieces] {
        R::PIECES
    }

    fn dice(&self) -> &'static [(&'static str, &'static str)] {
        R::DICE
    }

    fn policies(&self) -> &'static str {
        R::POLICIES
    }

    fn solve(
        &self,
        args: &SolveArgs,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Solved, SolveError> {
        R::solve(args, progress)
    }

    fn sim(
        &self,
        config: &SimConfig,
        cache: Option<&Path>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<SimReport, SimError> {
        crate::strategy::sim::run_game::<R>(config, cache, progress)
    }

    fn strategy(&self, cache: Option<&Path>) -> AnyStrategy {
        Box::new(R::Strategy::make(cache))
    }

    fn warm(&self, strategy: &AnyStrategy, hold: Option<Hold>) {
        if let Some(strategy) = Self::strategy_of(strategy) {
            strategy.warm(hold);
        }
    }

    fn preparing(&self, strategy: &AnyStrategy) -> Option<Preparing> {
        R::preparing(Self::strategy_of(strategy)?)
    }

    #[allow(private_interfaces)]
    fn tables(&self) -> &'static dyn crate::tables::TableKind {
        &Entry::<R>::NEW
    }

    fn command(&self) -> crate::discord::SlashCommand {
        crate::discord::game_command::<R>()
    }

    fn stored_text<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<String, StoreError>> {
        Box::pin(async move {
            let loaded = store.load::<Game<R>>(id).await?;
            let events = store.events::<Game<R>>(id).await?;
            let events = serde_json::to_string(&events).unwrap_or_default();
            Ok(format!("{loaded:?}\n{id} events {events}"))
        })
    }

    fn open_text<'a>(&'a self, store: &'a Store) -> BoxFuture<'a, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let open = store.load_open::<Game<R>>().await?;
            Ok(open.iter().map(|loaded| format!("{loaded:?}")).collect())
        })
    }

    #[allow(private_interfaces)]
    fn migrate(&self) -> &'static dyn crate::store::OpenGames {
        &Entry::<R>::NEW
    }

    fn daily(&self) -> Option<crate::daily::DailyForm> {
        R::DAILY
    }

    fn deal(
        &self,
        player: crate::engine::Player,
        name: &str,
        seed: &crate::daily::Seed,
    ) -> Result<Box<dyn crate::daily::DealGame>, String> {
        Ok(Box::new(crate::daily::Deal::<R>::new(player, name, seed)?))
    }

    fn deal_load(&self, events: &str) -> Result<Box<dyn crate::daily::DealGame>, String> {
        Ok(Box::new(crate::daily::Deal::<R>::load(events)?))
    }
}

/// Why [`register`] refused a game: its code or its command is another game's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game {game} has the code or the command of {other}")]
pub struct Taken {
    pub game: &'static str,
    pub other: &'static str,
}

/// The games added to [`super::BUILT_IN`] by [`register`]: none in the bot itself.
static REGISTERED: RwLock<&'static [&'static dyn AnyGame]> = RwLock::new(&[]);

/// The games the bot offers: [`super::BUILT_IN`], in its order.
pub fn all() -> &'static [&'static dyn AnyGame] {
    super::BUILT_IN
}

/// Makes a game that is not in [`super::BUILT_IN`] known to the look-ups of a [`GameKind`] (its
/// stored games, its buttons), for a service that offers it too (the tests' toy game, through
/// `BotOptions::games`); its kind. Registering a game twice is registering it once; a game whose
/// key, code or command is another's is refused.
pub fn register(game: &'static dyn AnyGame) -> Result<GameKind, Taken> {
    let kind = game.kind();
    let mut registered = REGISTERED.writing();
    let known = super::BUILT_IN.iter().chain(registered.iter());
    for other in known.map(|g| g.kind()) {
        if other == kind {
            return Ok(kind);
        }
        if other.code() == kind.code() || other.command() == kind.command() {
            return Err(Taken {
                game: kind.as_str(),
                other: other.as_str(),
            });
        }
    }
    crate::i18n::register_game_texts(kind.command(), game.locales());
    let mut games = registered.to_vec();
    games.push(game);
    // A handful of games, registered once each for the life of the process.
    *registered = Vec::leak(games);
    Ok(kind)
}

/// Every game known: the built-in ones, then those registered.
pub fn known() -> impl Iterator<Item = &'static dyn AnyGame> {
    let registered: &'static [&'static dyn AnyGame] = *REGISTERED.reading();
    super::BUILT_IN.iter().chain(registered).copied()
}

/// The game of the kind `kind`: `None` only for a game neither built in nor registered.
pub fn game(kind: GameKind) -> Option<&'static dyn AnyGame> {
    known().find(|g| g.kind() == kind)
}

impl GameKind {
    /// Every game the bot offers, in the registry's order.
    pub fn all() -> Vec<GameKind> {
        all().iter().map(|g| g.kind()).collect()
    }

    /// The kind whose [`GameKind::as_str`] is `s`.
    pub fn parse(s: &str) -> Option<GameKind> {
        known().map(|g| g.kind()).find(|k| k.as_str() == s)
    }

    /// The kind whose [`GameKind::code`] is `s`.
    pub fn from_code(s: &str) -> Option<GameKind> {
        known().map(|g| g.kind()).find(|k| k.code() == s)
    }

    /// The kind whose [`GameKind::command`] is `s`.
    pub fn from_command(s: &str) -> Option<GameKind> {
        known().map(|g| g.kind()).find(|k| k.command() == s)
    }

    /// The game of this kind: `None` only for a game neither built in nor registered.
    pub fn game(self) -> Option<&'static dyn AnyGame> {
        game(self)
    }
}

/// The target a server (and the config's `game.default_target`) sets: that of the game whose
/// target is the server's ([`Target::server_default`]), if one's is.
pub fn server_target() -> Option<Target> {
    all()
        .iter()
        .filter_map(|g| g.target())
        .find(|t| t.server_default)
}
