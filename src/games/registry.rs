//! The games as values: [`AnyGame`], what every layer asks of a game without naming it, written
//! once for every [`Hosted`] game ([`Entry`]); and [`Games`], the games a service offers, made
//! where the process starts and handed down, with the look-ups of a [`GameKind`] by its key, its
//! code or its command.
//!
//! This is where the layers meet: each layer writes what it does for any game once, generically
//! (`tables`, `store`, `discord::commands`, `strategy::sim`), and [`AnyGame`] hands it the game.

use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;

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

/// Why [`Games::new`] refused a list: two of its games share a key, a code or a command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game {game} has the key, the code or the command of {other}")]
pub struct Taken {
    pub game: &'static str,
    pub other: &'static str,
}

/// The games a service offers, as one value: made once where the process starts (`main`, the
/// command line, a test's bot) and handed down to every layer that does something for each game
/// (its commands, its tables, its stored games, its strategies); nothing below reaches for a list
/// of its own. The bot's are [`Games::built_in`]; a test's bot offers the tests' toy game too
/// ([`Games::with`]). Small and `Copy`: a slice of the games, in the order the bot lists them.
#[derive(Clone, Copy)]
pub struct Games {
    games: &'static [&'static dyn AnyGame],
    /// Their commands, in their order.
    commands: &'static [&'static str],
}

impl Games {
    /// The bot's own games ([`super::BUILT_IN`]), in its order.
    pub fn built_in() -> Games {
        static BUILT: std::sync::OnceLock<Games> = std::sync::OnceLock::new();
        *BUILT.get_or_init(|| Games::new(super::BUILT_IN).expect("the built-in games' names differ"))
    }

    /// The games `games`, in this order, their texts added to those every view reads
    /// ([`crate::i18n::add_texts`]); refused if two share a key, a code or a command.
    pub fn new(games: &'static [&'static dyn AnyGame]) -> Result<Games, Taken> {
        for (i, game) in games.iter().enumerate() {
            let kind = game.kind();
            let same = |other: &GameKind| {
                other.as_str() == kind.as_str()
                    || other.code() == kind.code()
                    || other.command() == kind.command()
            };
            if let Some(other) = games[..i].iter().map(|g| g.kind()).find(same) {
                return Err(Taken {
                    game: kind.as_str(),
                    other: other.as_str(),
                });
            }
        }
        for game in games {
            crate::i18n::add_texts(game.kind().command(), game.locales());
        }
        // Made once for a bot's games (the bot's own once for the process).
        let commands = Vec::leak(games.iter().map(|g| g.kind().command()).collect());
        Ok(Games { games, commands })
    }

    /// These games, then `more` (a game already here is not added twice).
    pub fn with(self, more: &[&'static dyn AnyGame]) -> Result<Games, Taken> {
        let mut games = self.games.to_vec();
        for game in more {
            if self.game(game.kind()).is_none() {
                games.push(*game);
            }
        }
        if games.len() == self.games.len() {
            return Ok(self);
        }
        // A list made once for a bot (a test's), a few pointers long.
        Games::new(Vec::leak(games))
    }

    /// Every game, in order.
    pub fn iter(self) -> impl Iterator<Item = &'static dyn AnyGame> {
        self.games.iter().copied()
    }

    /// Their slash commands (each game's [`GameKind::command`]), in order.
    pub fn commands(self) -> &'static [&'static str] {
        self.commands
    }

    /// Every game's kind, in order.
    pub fn kinds(self) -> Vec<GameKind> {
        self.iter().map(|g| g.kind()).collect()
    }

    /// The game of the kind `kind`, if it is one of these.
    pub fn game(self, kind: GameKind) -> Option<&'static dyn AnyGame> {
        self.iter().find(|g| g.kind() == kind)
    }

    /// The kind whose [`GameKind::as_str`] (its key in the database) is `s`.
    pub fn parse(self, s: &str) -> Option<GameKind> {
        self.iter().map(|g| g.kind()).find(|k| k.as_str() == s)
    }

    /// The kind whose [`GameKind::code`] (in the ids of buttons) is `s`.
    pub fn from_code(self, s: &str) -> Option<GameKind> {
        self.iter().map(|g| g.kind()).find(|k| k.code() == s)
    }

    /// The kind whose [`GameKind::command`] is `s`.
    pub fn from_command(self, s: &str) -> Option<GameKind> {
        self.iter().map(|g| g.kind()).find(|k| k.command() == s)
    }

    /// `forgetit sim` of the game `config.game`, one of these (refused in one line otherwise):
    /// see [`AnyGame::sim`].
    pub fn sim(
        self,
        config: &SimConfig,
        cache: Option<&Path>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<SimReport, SimError> {
        match self.game(config.game) {
            Some(game) => game.sim(config, cache, progress),
            None => Err(SimError::NoGame(config.game.as_str().to_string())),
        }
    }

    /// `forgetit migrate-db`: the database at `from` copied into the empty one at `to`, the open
    /// games of each of these rebuilt on both sides (see [`crate::store::MigrateReport`]).
    pub async fn migrate_db(
        self,
        from: &str,
        to: &str,
    ) -> Result<crate::store::MigrateReport, crate::store::MigrateError> {
        let open: Vec<_> = self.iter().map(|g| (g.kind(), g.migrate())).collect();
        crate::store::migrate_db(from, to, &open).await
    }

    /// Their dice's pieces as text (keys of the config's `[emoji]`), in order.
    pub fn pieces(self) -> Vec<crate::render::dice::Pieces> {
        self.iter().flat_map(|g| g.pieces().iter().copied()).collect()
    }

    /// Their dice's pictures: (file name, SVG source), in order.
    pub fn dice(self) -> Vec<(&'static str, &'static str)> {
        self.iter().flat_map(|g| g.dice().iter().copied()).collect()
    }

    /// Every message id the games' views read beyond their own files' names: the shared ones, and
    /// those made from each game's names and those its views make at run time (for the check that
    /// every id is in every language).
    pub fn message_ids(self) -> Vec<String> {
        let mut ids = crate::render::shared_message_ids();
        for game in self.iter() {
            ids.extend(crate::render::game_message_ids(
                game.kind(),
                game.rules_fields(),
                game.reviews(),
            ));
            ids.extend(game.message_ids());
        }
        ids
    }

    /// The target a server (and the config's `game.default_target`) sets: that of the game whose
    /// target is the server's ([`Target::server_default`]), if one's is.
    pub fn server_target(self) -> Option<Target> {
        self.iter()
            .filter_map(|g| g.target())
            .find(|t| t.server_default)
    }
}

impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter().map(|g| g.kind())).finish()
    }
}
