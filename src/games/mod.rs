//! The games the bot hosts, each a folder of its own (`games::forgetit`, `games::getdickey`,
//! `games::pig`): its rules (pure, `rules.rs`), its views (pure, `views.rs`), its bot seats and
//! Odds, its review, and one `impl Hosted`. Everything that is "for each game" — its kind and
//! codes, the slash commands, the table that runs it, its statistics, its texts — is expanded
//! from the list below; nothing outside a game's folder names it. Adding a game: see
//! docs/architecture.md, "Adding a game".

pub mod forgetit;
pub mod getdickey;
pub mod pig;
pub mod story;

use std::path::{Path, PathBuf};

use crate::engine::table::{Action, Event, Game, Rules};
use crate::engine::Player;
use crate::i18n::Lang;
use crate::render::review::Reviewed;
use crate::render::{DiceStyle, ErrorText, MessageView};
use crate::strategy::review::ReviewError;
use crate::strategy::Strategies;

/// A game's points to reach, when it has one: what `start`'s `target` option takes, and the
/// target of a table started without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub min: u32,
    pub max: u32,
    pub default: u32,
    /// Whether a server's `config set target` (and the config's `game.default_target`) sets it.
    pub server_default: bool,
}

/// A game as the bot hosts it: its [`Rules`] (pure) and everything else a table, the slash
/// commands, the statistics and the texts need of it. The table's lifecycle, storage and Discord
/// are written once, for any `Hosted` game.
pub trait Hosted: Rules
where
    Self::Error: ErrorText,
{
    /// Its target, if it has one (`start`'s `target` option).
    const TARGET: Option<Target>;
    /// Its Fluent resources: (language code, text).
    const LOCALES: &'static [(&'static str, &'static str)];
    /// What its bot seats, Odds and reviews compute with, shared by every table of a service.
    type Strategy: Send + Sync + 'static;

    /// Its strategy, made once per service (`cache`: a file it may keep a solved table in).
    fn strategy(cache: Option<&Path>) -> Self::Strategy;
    /// The settings of a new table, from `start`'s `target` (checked to be within [`TARGET`])
    /// and the table's default.
    fn settings(target: Option<u32>, default_target: u32) -> Self::Settings;
    /// The `target` a table with these settings was started with (for its rematch).
    fn target(settings: &Self::Settings) -> Option<u32>;

    // The views, in `lang`: the table's language for public messages, the asker's for
    // private ones.
    fn lobby_view(game: &Game<Self>, lang: Lang) -> MessageView;
    fn turn_view(game: &Game<Self>, style: &DiceStyle, lang: Lang) -> MessageView;
    /// The turn message once its turn ended: the turn's result.
    fn result_view(
        game: &Game<Self>,
        result: &Self::TurnResult,
        style: &DiceStyle,
        lang: Lang,
    ) -> MessageView;
    fn over_view(game: &Game<Self>, lang: Lang) -> MessageView;
    fn scores_view(game: &Game<Self>, lang: Lang) -> MessageView;
    /// The game's rules, in short.
    fn rules_view(lang: Lang) -> MessageView;

    /// Whether its strategy is still being prepared (a table read or solved after the start):
    /// then what resolves once it is ready. `None`: bot seats, Odds and reviews answer at once.
    fn preparing(_strategy: &Self::Strategy) -> Option<Preparing> {
        None
    }
    /// The bot seat's move, when a bot is on turn.
    fn bot_move(game: &Game<Self>, strategy: &Self::Strategy) -> Option<Action<Self::Move>>;
    /// The answer to Odds (shown privately to whoever asked, in `lang`; the buttons it names as
    /// the table shows them, in `table_lang`); `None` when this game has no odds to show.
    fn odds_view(
        _game: &Game<Self>,
        _strategy: &Self::Strategy,
        _lang: Lang,
        _table_lang: Lang,
    ) -> Option<MessageView> {
        None
    }
    /// A moment of the game worth marking on its chart, if the turn that just ended (`result`,
    /// in `round`; `game` as it is after it) was one, told in `lang`.
    fn moment(
        game: &Game<Self>,
        result: &Self::TurnResult,
        round: u32,
        lang: Lang,
    ) -> Option<story::Marked>;
    /// The review of `player`'s play in the finished game `game_id`, from its event log, in
    /// `lang` (the asker's).
    fn review_view(
        events: &[Event<Self::Settings, Self::Event>],
        player: Player,
        strategy: &Self::Strategy,
        game: Reviewed<'_>,
        lang: Lang,
    ) -> Result<MessageView, ReviewError>;

    /// `forgetit sim`'s policies for this game, named as typed: the list, for help and errors.
    /// Every game has `optimal` (its bot seats') and `greedy` (a simple rule of thumb).
    const POLICIES: &'static str;
    /// A policy `forgetit sim` pits against others.
    type Policy: Copy + Send + Sync + 'static;
    /// The policy named `name` ("optimal", "bank-at-25"), if the game has it.
    fn policy(name: &str) -> Option<Self::Policy>;
    /// The move of `policy` for the bot seat on turn; `None` when no bot seat is on turn.
    fn policy_move(
        policy: Self::Policy,
        game: &Game<Self>,
        strategy: &Self::Strategy,
    ) -> Option<Action<Self::Move>>;
    /// The strategy one of `forgetit sim`'s worker threads plays with: its own, when sharing
    /// `strategy` would make the threads wait for each other; `None` shares it.
    fn worker_strategy(_strategy: &Self::Strategy) -> Option<Self::Strategy> {
        None
    }
    /// `forgetit solve`: what optimal play is worth, as lines for stdout, and a note for stderr
    /// (where a solved table came from). `progress(done, total)` follows a long solve. Options
    /// this game does not take are refused in one line.
    fn solve(args: &SolveArgs, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Solved, String>;
}

/// Resolves once a game's strategy is ready ([`Hosted::preparing`]).
pub type Preparing = std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send + 'static>>;

/// What `forgetit solve` was asked.
#[derive(Clone, Debug, Default)]
pub struct SolveArgs {
    pub target: Option<u32>,
    /// Also print the policy table, up to this much (For Get It: point dice).
    pub policy: Option<u32>,
    /// Where a solved table is cached (`--cache`; the config's `strategy.cache` when not given).
    pub cache: Option<PathBuf>,
    /// Whether `--cache` was given.
    pub cache_given: bool,
}

/// What `forgetit solve` prints.
#[derive(Clone, Debug, Default)]
pub struct Solved {
    pub lines: Vec<String>,
    pub note: Option<String>,
}

/// The views of a game's `impl Hosted`, each the function of the same name in the game's
/// `views` module: `lobby`, `turn`, `turn_result`, `game_over`, `scores`, `rules` and `moment`.
macro_rules! hosted_views {
    () => {
        fn lobby_view(
            game: &$crate::engine::table::Game<Self>,
            lang: $crate::i18n::Lang,
        ) -> $crate::render::MessageView {
            views::lobby(game, lang)
        }

        fn turn_view(
            game: &$crate::engine::table::Game<Self>,
            style: &$crate::render::DiceStyle,
            lang: $crate::i18n::Lang,
        ) -> $crate::render::MessageView {
            views::turn(game, style, lang)
        }

        fn result_view(
            game: &$crate::engine::table::Game<Self>,
            result: &<Self as $crate::engine::table::Rules>::TurnResult,
            style: &$crate::render::DiceStyle,
            lang: $crate::i18n::Lang,
        ) -> $crate::render::MessageView {
            views::turn_result(game, result, style, lang)
        }

        fn over_view(
            game: &$crate::engine::table::Game<Self>,
            lang: $crate::i18n::Lang,
        ) -> $crate::render::MessageView {
            views::game_over(game, lang)
        }

        fn scores_view(
            game: &$crate::engine::table::Game<Self>,
            lang: $crate::i18n::Lang,
        ) -> $crate::render::MessageView {
            views::scores(game, lang)
        }

        fn rules_view(lang: $crate::i18n::Lang) -> $crate::render::MessageView {
            views::rules(lang)
        }

        fn moment(
            game: &$crate::engine::table::Game<Self>,
            result: &<Self as $crate::engine::table::Rules>::TurnResult,
            round: u32,
            lang: $crate::i18n::Lang,
        ) -> Option<$crate::games::story::Marked> {
            views::moment(game, result, round, lang)
        }
    };
}
pub(crate) use hosted_views;

/// The strategy of the game `R` among a service's.
pub trait StrategyOf: Hosted
where
    Self::Error: ErrorText,
{
    fn of(strategies: &Strategies) -> &Self::Strategy;
}

/// Calls the macro `$expand` with the list of games, `Kind => module,` each, after the extra
/// tokens given in brackets: `games!(m, a, b)` calls `m! { [a, b] ForGetIt => forgetit, ... }`.
/// `Kind` names the game's rules in its engine module (`games::forgetit::ForGetIt`).
macro_rules! games {
    ($expand:ident $(, $($args:tt)*)?) => {
        $expand! {
            [$($($args)*)?]
            ForGetIt => forgetit,
            GetDickey => getdickey,
            Pig => pig,
        }
    };
}
pub(crate) use games;

/// The arms of [`with_game!`]: one per game.
macro_rules! game_arms {
    ([$kind:expr, $rules:ident, $body:expr] $($k:ident => $module:ident,)*) => {
        match $kind {
            $($crate::engine::GameKind::$k => {
                #[allow(unused)]
                type $rules = $crate::games::$module::$k;
                $body
            })*
        }
    };
}
pub(crate) use game_arms;

/// Runs `$body` with the type `$rules` naming the rules of the game `$kind`:
/// `with_game!(kind, R => R::NAMES.command)`.
macro_rules! with_game {
    ($kind:expr, $rules:ident => $body:expr) => {{
        use $crate::games::game_arms;
        $crate::games::games!(game_arms, $kind, $rules, $body)
    }};
}
pub(crate) use with_game;

macro_rules! server_target {
    ([] $($kind:ident => $module:ident,)*) => {
        /// The target a server (and the config's `game.default_target`) sets: that of the games
        /// whose target is the server's ([`Target::server_default`]).
        pub fn server_target() -> Option<Target> {
            [$(<$module::$kind as Hosted>::TARGET,)*]
                .into_iter()
                .flatten()
                .find(|t| t.server_default)
        }
    };
}

games!(server_target);
