//! The games as values: [`AnyHosted`], what a layer asks of a game without naming it, written
//! once for every [`Hosted`] game ([`Entry`]); and [`Games`], the games a service offers, made
//! where the process starts and handed down, with the look-ups of a [`GameKind`] by its key, its
//! code or its command.
//!
//! Each layer that does something for every game writes it once, for any game, in a trait of its
//! own that extends [`AnyHosted`] (`store::StoredKind`, `tables::TableKind`, `daily::DealKind`,
//! `discord::BotGame`) and is implemented for every [`Entry`]; it is handed a [`Games`] of its
//! trait's objects. A list of games is a function that visits them ([`Visit`]).

use std::any::Any;
use std::marker::PhantomData;
use std::path::Path;

use super::sim::{SimConfig, SimError, SimReport};
use super::{Hold, Hosted, Preparing, SolveArgs, SolveError, Solved, Strategy, Target};
use crate::engine::GameKind;
use crate::i18n::Lang;
use crate::render::stats::GameStats;
use crate::render::MessageView;

/// A game's strategy, as the service keeps it (its [`Hosted::Strategy`]).
pub type AnyStrategy = Box<dyn Any + Send + Sync>;

/// A game, as a value: what the host and the command line's tools need of it, in terms that
/// name no game. Every [`Hosted`] game is one through its [`Entry`].
pub trait AnyHosted: Sync {
    /// This game as the host sees it (for a layer's own trait, which extends this one).
    fn hosted(&self) -> &dyn AnyHosted;
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
    /// Starts preparing its strategy (made by [`AnyHosted::strategy`]).
    fn warm(&self, strategy: &AnyStrategy, hold: Option<Hold>);
    /// Whether its strategy is still being prepared: then what resolves once it is ready.
    fn preparing(&self, strategy: &AnyStrategy) -> Option<Preparing>;
    /// Its daily deal's form, if it has one.
    fn daily(&self) -> Option<crate::engine::daily::DailyForm>;
}

/// The [`AnyHosted`] of the game `R` (and every layer's trait of it): `&Entry::<R>::NEW`.
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

impl<R: Hosted> AnyHosted for Entry<R> {
    fn hosted(&self) -> &dyn AnyHosted {
        self
    }

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
        super::sim::run_game::<R>(config, cache, progress)
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

    fn daily(&self) -> Option<crate::engine::daily::DailyForm> {
        R::DAILY
    }
}

/// What is done for each game of a list: a list of games is a function that calls
/// [`Visit::game`] once per game, in its order (the bot's: `crate::games::built_in`).
pub trait Visit {
    fn game<R: Hosted>(&mut self);
}

/// Makes the [`Games`] of a list as the host sees them.
#[derive(Default)]
pub struct Hosts(Vec<&'static dyn AnyHosted>);

impl Visit for Hosts {
    fn game<R: Hosted>(&mut self) {
        self.0.push(&Entry::<R>::NEW);
    }
}

impl Hosts {
    /// The games of the list `list` (a function that visits them), as the host sees them.
    pub fn of(list: impl FnOnce(&mut Hosts)) -> Result<Games, Taken> {
        let mut hosts = Hosts::default();
        list(&mut hosts);
        Games::new(Vec::leak(hosts.0))
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
/// (its commands, its tables, its stored games, its strategies), each as that layer's trait `G`
/// (the host's own, [`AnyHosted`], by default); nothing below reaches for a list of its own. A
/// test's bot offers the tests' toy game beside the bot's ([`Games::with`]). Small and `Copy`: a
/// slice of the games, in the order the bot lists them.
pub struct Games<G: ?Sized + 'static = dyn AnyHosted> {
    games: &'static [&'static G],
    /// Their commands, in their order.
    commands: &'static [&'static str],
}

impl<G: ?Sized> Clone for Games<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: ?Sized> Copy for Games<G> {}

impl<G: ?Sized + AnyHosted> Games<G> {
    /// The games `games`, in this order, their texts added to those every view reads
    /// ([`crate::i18n::add_texts`]); refused if two share a key, a code or a command.
    pub fn new(games: &'static [&'static G]) -> Result<Games<G>, Taken> {
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

    /// The same games as another layer's trait `H` (`as_h`: each game as one, an upcast).
    pub fn each_as<H: ?Sized + AnyHosted>(
        self,
        as_h: impl Fn(&'static G) -> &'static H,
    ) -> Games<H> {
        Games {
            // Made once for a bot's games, as each layer takes them.
            games: Vec::leak(self.iter().map(as_h).collect()),
            commands: self.commands,
        }
    }

    /// These games, then `more` (a game already here is not added twice).
    pub fn with(self, more: &[&'static G]) -> Result<Games<G>, Taken> {
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
    pub fn iter(self) -> impl Iterator<Item = &'static G> {
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
    pub fn game(self, kind: GameKind) -> Option<&'static G> {
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
    /// see [`AnyHosted::sim`].
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

    /// Their dice's pieces as text (keys of the config's `[emoji]`), in order.
    pub fn pieces(self) -> Vec<crate::render::dice::Pieces> {
        self.iter()
            .flat_map(|g| g.pieces().iter().copied())
            .collect()
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

impl<G: ?Sized + AnyHosted> std::fmt::Debug for Games<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|g| g.kind()))
            .finish()
    }
}
