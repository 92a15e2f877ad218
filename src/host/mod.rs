//! What a game gives the bot to be hosted, beside its [`Rules`] (the engine's): [`Hosted`], its
//! views, its bot seats, its strategy and its daily deal, with defaults for what a game may lack;
//! and a game as a value ([`Entry`], [`AnyHosted`]) in a list of games ([`Games`]), which `main`,
//! the command line or a test makes and hands down. Below the layers that do something for each
//! game (`store`, `tables`, `daily`, `discord`), each of which writes that once for any `Hosted`
//! game; above the engine, `render` and `strategy::review`, which know no game. The games
//! themselves (`crate::games`) implement it.

pub mod chart;
mod games;
pub mod sim;
mod stored;
mod strategies;

pub use games::{AnyHosted, AnyStrategy, Entry, Games, Hosts, Taken, Visit};
pub use stored::StoredKind;
pub use strategies::Strategies;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::engine::daily::{DailyForm, DailyMistake, DailyReview, DailyTurn, Measure};
use crate::engine::deal::Place;
use crate::engine::table::{Action, Event, Game, Rules};
use crate::engine::Player;
use crate::i18n::Lang;
use crate::render::dice::Pieces;
use crate::render::review::ActText;
use crate::render::review::Reviewed;
use crate::render::stats::GameStats;
use crate::render::{DiceStyle, ErrorText, MessageView};
use crate::strategy::review::Review;
use crate::strategy::review::ReviewError;

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

/// A game as the bot hosts it, beside its [`Rules`] (pure: its turn): everything a table, the
/// slash commands, the statistics and the texts need of it. The table's lifecycle, storage and
/// Discord are written once, for any `Hosted` game. What a game must say has no default (its
/// texts, its rules card, its messages, its bot seat's move, its strategy's type: `()` for a game
/// that computes nothing); what it may lack has one: no settings beyond the table's, no target,
/// no Odds, no review (and so no Review button), no moments on its chart, no statistics beyond
/// the shared ones, no solver, the bot seat's move as its only `forgetit sim` policy.
pub trait Hosted: Rules<Error: ErrorText> {
    /// Its Fluent resources: (language code, text).
    const LOCALES: &'static [(&'static str, &'static str)];
    /// Its rules card's fields (`{code}-rules-{field}` and `{code}-rules-{field}-text`), in
    /// order; the card ends with the rule every game shares (turns that time out).
    const RULES: &'static [&'static str];
    /// Its target, if it has one (`start`'s `target` option).
    const TARGET: Option<Target> = None;
    /// Its statistics beyond the ones every game shows (games, wins, points).
    const STATS: GameStats = GameStats::SHARED;
    /// Its dice's pieces as text, if it has its own: each a key of the config's `[emoji]` table
    /// with its Unicode defaults, which its views look up in the [`DiceStyle`] they are given.
    const PIECES: &'static [Pieces] = &[];
    /// Its dice's pictures, if it has its own: (file name in `assets/dice/` without `.svg`, named
    /// `<family>_<piece>`, and its SVG source), uploaded as the bot's application emoji, which its
    /// views look up by file name ([`DiceStyle::app`]).
    const DICE: &'static [(&'static str, &'static str)] = &[];
    /// Whether it reviews a seat's play ([`Hosted::review_view`]): else its end has no Review
    /// button.
    const REVIEWS: bool = false;
    /// What its bot seats, Odds and reviews compute with, shared by every table of a service;
    /// `()` for a game whose bot seats compute nothing ahead.
    type Strategy: Strategy;

    /// The settings of a new table, from `start`'s `target` (checked to be within [`TARGET`])
    /// and the table's default.
    fn settings(_target: Option<u32>, _default_target: u32) -> Self::Settings {
        Self::Settings::default()
    }
    /// The `target` a table with these settings was started with (for its rematch).
    fn target(_settings: &Self::Settings) -> Option<u32> {
        None
    }

    // The views, in `lang`: the table's language for public messages, the asker's for
    // private ones. `style` holds the pieces and pictures its dice are drawn with (its own
    // [`Hosted::PIECES`] and [`Hosted::DICE`]; a game without dice ignores it).
    /// Its lobby: by default the shared one (`render::lobby::plain`: its `{code}-lobby-about`
    /// line if it has one, and once started the playing order in seating order).
    fn lobby_view(game: &Game<Self>, lang: Lang) -> MessageView {
        crate::render::lobby::plain(game, lang)
    }
    fn turn_view(game: &Game<Self>, style: &DiceStyle, lang: Lang) -> MessageView;
    /// The turn message once its turn ended: the turn's result.
    fn result_view(
        game: &Game<Self>,
        result: &Self::TurnResult,
        style: &DiceStyle,
        lang: Lang,
    ) -> MessageView;
    /// Its end (or where a cancelled game stood): by default the shared one, the seats ranked
    /// by the rules (`render::over::game_over`); while it is not over, its scores.
    fn over_view(game: &Game<Self>, lang: Lang) -> MessageView {
        let started = game.last_turn.is_some();
        crate::render::over::game_over(game, started, ("", Self::REVIEWS), lang)
            .unwrap_or_else(|| Self::scores_view(game, lang))
    }
    /// Its scores so far (the Scores button): by default the seats as the rules rank them.
    fn scores_view(game: &Game<Self>, lang: Lang) -> MessageView {
        MessageView::new(&crate::render::over::standings(game, &[], lang))
    }
    /// The message ids its views make at run time beyond those made from its names (for the
    /// check that every id is in every language); none by default.
    fn message_ids() -> Vec<String> {
        Vec::new()
    }
    /// The game's rules, in short: by default its rules card ([`Hosted::RULES`]), quoting the
    /// seats and the timeouts.
    fn rules_view(lang: Lang) -> MessageView {
        crate::render::rules_card::<Self>(Self::RULES, fluent_bundle::FluentArgs::new(), lang)
    }

    /// The bot seat's move, when a bot is on turn.
    fn bot_move(game: &Game<Self>, strategy: &Self::Strategy) -> Option<Action<Self::Move>>;
    /// Whether its strategy is still being prepared (a table read or solved after the start):
    /// then what resolves once it is ready. `None`: bot seats, Odds and reviews answer at once.
    fn preparing(_strategy: &Self::Strategy) -> Option<Preparing> {
        None
    }
    /// The answer to Odds (shown privately to whoever asked, `asker`, in `lang`: "your" turn to
    /// the player on turn, theirs by name to anyone else; the buttons it names as the table shows
    /// them, in `table_lang`); `None` when this game has no odds to show.
    fn odds_view(
        _game: &Game<Self>,
        _strategy: &Self::Strategy,
        _asker: Player,
        _lang: Lang,
        _table_lang: Lang,
    ) -> Option<MessageView> {
        None
    }
    /// A moment of the game worth marking on its chart, if the turn that just ended (`result`,
    /// in `round`; `game` as it is after it) was one, told in `lang`.
    fn moment(
        _game: &Game<Self>,
        _result: &Self::TurnResult,
        _round: u32,
        _lang: Lang,
    ) -> Option<chart::Marked> {
        None
    }
    /// The review of `player`'s play in the finished game `game_id`, from its event log, in
    /// `lang` (the asker's); `None` for a game that has no review ([`Hosted::REVIEWS`]).
    fn review_view(
        _events: &[Event<Self::Settings, Self::Event>],
        _player: Player,
        _strategy: &Self::Strategy,
        _game: Reviewed<'_>,
        _lang: Lang,
    ) -> Option<Result<MessageView, ReviewError>> {
        None
    }

    /// Its daily deal, if it has one: the form it is played in alone (its settings
    /// [`Hosted::daily_settings`], its score by [`DailyForm::measure`]); a game without one has
    /// no `daily` subcommand.
    const DAILY: Option<DailyForm> = None;
    /// The settings of a daily deal: the game alone, in its daily form.
    fn daily_settings() -> Self::Settings {
        Self::Settings::default()
    }
    /// Where the dice `mv` rolls fall in the deal (turn, roll, die slots); `None`: the start.
    fn daily_place(_game: &Game<Self>, _mv: Option<Self::Move>) -> Place {
        Place::default()
    }
    /// A deal's score so far: its points, or the turns it took ([`DailyForm::measure`]).
    fn daily_score(game: &Game<Self>) -> i64 {
        game.seats
            .first()
            .map_or(0, |seat| i64::from(Self::total(&seat.score)))
    }
    /// Exact play's move in a daily deal (its seat is a bot's): by default the bot seat's.
    fn daily_move(game: &Game<Self>, strategy: &Self::Strategy) -> Option<Self::Move> {
        match Self::bot_move(game, strategy)? {
            Action::Play { mv, .. } => Some(mv),
            _ => None,
        }
    }
    /// The review of a daily deal's play against exact play, its decisions told in `lang`.
    fn daily_review(
        _events: &[Event<Self::Settings, Self::Event>],
        _player: Player,
        _strategy: &Self::Strategy,
        _lang: Lang,
    ) -> Option<Result<DailyReview, ReviewError>> {
        None
    }

    /// `forgetit sim`'s policies for this game, named as typed: the list, for help and errors.
    const POLICIES: &'static str = "optimal";
    /// `forgetit sim`'s seats when `--seats` is not given, one policy each: by default two bot
    /// seats (a game that needs more seats says so).
    const SIM_SEATS: &'static [&'static str] = &["optimal", "optimal"];
    /// The policy named `name` ("optimal", "bank-at-25"), if the game has it. By default only
    /// `optimal`, the bot seats' move.
    fn policy(name: &str) -> Option<Policy<Self>> {
        (name == "optimal").then(|| Arc::new(Self::bot_move) as Policy<Self>)
    }
    /// The strategy one of `forgetit sim`'s worker threads plays with: its own, when sharing
    /// `strategy` would make the threads wait for each other; `None` shares it.
    fn worker_strategy(_strategy: &Self::Strategy) -> Option<Self::Strategy> {
        None
    }
    /// `forgetit solve`: what optimal play is worth, as lines for stdout, and a note for stderr
    /// (where a solved table came from). `progress(done, total)` follows a long solve. Options
    /// this game does not take are refused in one line. By default: nothing to solve.
    fn solve(
        _args: &SolveArgs,
        _progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Solved, SolveError> {
        Err(SolveError::Nothing(Self::NAMES.command))
    }
}

/// A game's strategy ([`Hosted::Strategy`]): made once per service.
pub trait Strategy: Send + Sync + 'static + Sized {
    /// Its strategy, made once per service (`cache`: a file it may keep a solved table in).
    fn make(cache: Option<&Path>) -> Self;
    /// Starts preparing what it needs on a thread of its own (after `hold`, which tests hold the
    /// preparation with), so that its first answer is as quick as the rest. By default there is
    /// nothing to prepare.
    fn warm(&self, _hold: Option<Hold>) {}
}

/// The strategy of a game whose bot seats compute nothing ahead.
impl Strategy for () {
    fn make(_cache: Option<&Path>) {}
}

/// A hook a strategy's warm-up runs on its thread before it prepares anything: tests hold it
/// there until they release it.
pub type Hold = Box<dyn FnOnce() + Send>;

/// How a seat plays in `forgetit sim`: its move, when a bot is on turn.
pub type Policy<R> = Arc<
    dyn Fn(&Game<R>, &<R as Hosted>::Strategy) -> Option<Action<<R as Rules>::Move>> + Send + Sync,
>;

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

/// Why `forgetit solve` solves nothing, in the one line it prints.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// An option the game does not take (`option`, without its dashes), and why (`why`, as
    /// " (…)", or "").
    #[error("--{option} is not for {game}{why}")]
    NotFor {
        option: &'static str,
        game: &'static str,
        why: &'static str,
    },
    /// A target out of the game's bounds.
    #[error("target {target} is not between {min} and {max}")]
    Target { target: u32, min: u32, max: u32 },
    /// A game without a solver (its command).
    #[error("{0} has nothing to solve")]
    Nothing(&'static str),
    /// A game that is neither built in nor registered (its key).
    #[error("no game {0}")]
    NoGame(String),
}

/// A daily deal's review from a review in expected points ([`Review`] of a game alone), its
/// decisions told in `lang`.
pub fn daily_in_points<A: ActText>(review: &Review<A>, lang: Lang) -> DailyReview {
    let turns = review
        .turns
        .iter()
        .map(|turn| DailyTurn {
            number: turn.number,
            points: turn.points,
            lost: turn.lost + turn.forfeited,
            mistakes: review
                .mistakes
                .iter()
                .filter(|m| m.turn == turn.number)
                .map(|m| DailyMistake {
                    chosen: m.chosen.text(lang),
                    best: m.best.text(lang),
                    cost: m.cost,
                })
                .collect(),
        })
        .collect();
    DailyReview {
        measure: Measure::Points,
        score: i64::from(review.points),
        expected: review.expected,
        lost: (review.lost + review.forfeited).max(0.0),
        turns,
    }
}
