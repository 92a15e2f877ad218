//! *Get Dickey* (docs/RULES.md, G1–G7), of the Yahtzee family: five dice, three rolls a turn, a
//! scorecard of thirteen boxes.
//!
//! - [`rules`]: the turn and the scorecard, pure (re-exported here);
//! - [`views`]: its messages, with keycap dice, scorecards and the "Score in…" menu;
//! - [`bot`]: its bot seats and Odds, on the optimal solitaire table (`dickey-solver`);
//! - [`review`]: a seat's play against that table.

pub mod bot;
pub mod dice;
pub mod review;
pub mod rules;
pub mod views;

pub use rules::*;

/// Which game this is (its key, code and command are in its `impl Rules`).
pub const KIND: crate::engine::GameKind = <GetDickey as crate::engine::table::Rules>::KIND;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use tracing::{info, warn};

use crate::engine::daily::{DailyForm, DailyReview, Measure};
use crate::engine::deal::Place;
use crate::engine::Player;
use crate::host::chart::Marked;
use crate::host::{Hosted, Policy, SolveArgs, SolveError, Solved};
use crate::i18n::Lang;
use crate::render::review::Reviewed;
use crate::render::stats::GameStats;
use crate::render::{DiceStyle, MessageView, Notice};
use crate::strategy::review::ReviewError;

/// The optimal solitaire table, read from its cache file or solved once: in the background from
/// the service's start ([`Strategy::warm`]), or on first use where nothing warmed it (the
/// command-line tools).
#[derive(Clone)]
pub struct Strategy {
    table: Arc<OnceLock<dickey_solver::Table>>,
    cache: Option<PathBuf>,
    /// Whether the table is ready, to await.
    ready: tokio::sync::watch::Sender<bool>,
}

pub use crate::host::Hold;

impl crate::host::Strategy for Strategy {
    fn make(cache: Option<&Path>) -> Strategy {
        Strategy {
            table: Arc::new(OnceLock::new()),
            cache: cache.map(Path::to_path_buf),
            ready: tokio::sync::watch::Sender::new(false),
        }
    }

    fn warm(&self, hold: Option<Hold>) {
        Strategy::warm(self, hold)
    }
}

impl Strategy {
    /// The table; the first call reads or solves it (seconds) and other callers wait for it.
    pub fn table(&self) -> &dickey_solver::Table {
        self.table.get_or_init(|| {
            let started = Instant::now();
            let (table, source, unwritten) =
                bot::load_or_solve(self.cache.as_deref(), |_, _| {});
            info!(
                ?source,
                ms = started.elapsed().as_millis() as u64,
                "Get Dickey strategy table ready"
            );
            if let (Some(error), Some(path)) = (unwritten, &self.cache) {
                warn!(%error, path = %path.display(), "the Get Dickey strategy table could not be cached");
            }
            table
        });
        self.ready
            .send_if_modified(|ready| !std::mem::replace(ready, true));
        self.table.get().expect("just made")
    }

    /// Reads or solves the table on a thread of its own, now (after `hold`, if given), so that
    /// the first Odds, review or bot seat's move finds it ready.
    pub fn warm(&self, hold: Option<Hold>) {
        let strategy = self.clone();
        let spawned = std::thread::Builder::new()
            .name("strategy".into())
            .spawn(move || {
                if let Some(hold) = hold {
                    hold();
                }
                strategy.table();
            });
        if let Err(e) = spawned {
            warn!(error = %e, "could not start preparing the Get Dickey strategy table");
        }
    }

    /// Whether the table is ready: answers using it come at once.
    pub fn is_ready(&self) -> bool {
        self.table.get().is_some()
    }

    /// Waits (without a thread) until the table is ready.
    pub async fn ready(&self) {
        let mut ready = self.ready.subscribe();
        // The sender lives as long as `self`: the wait ends only with the table.
        let _ = ready.wait_for(|ready| *ready).await;
    }
}

impl Hosted for GetDickey {
    const LOCALES: &'static [(&'static str, &'static str)] = &[
        (
            "en-US",
            include_str!("../../../locales/en-US/getdickey.ftl"),
        ),
        ("fr", include_str!("../../../locales/fr/getdickey.ftl")),
    ];
    const RULES: &'static [&'static str] = views::RULES;
    const STATS: GameStats = views::STATS;
    const REVIEWS: bool = true;
    const PIECES: &'static [crate::render::dice::Pieces] = dice::PIECES;
    /// Its six-sided dice's pictures, plain and held (`assets/dice/gd_*.svg`), as application emoji.
    const DICE: &'static [(&'static str, &'static str)] = &[
        ("gd_1", include_str!("../../../assets/dice/gd_1.svg")),
        ("gd_2", include_str!("../../../assets/dice/gd_2.svg")),
        ("gd_3", include_str!("../../../assets/dice/gd_3.svg")),
        ("gd_4", include_str!("../../../assets/dice/gd_4.svg")),
        ("gd_5", include_str!("../../../assets/dice/gd_5.svg")),
        ("gd_6", include_str!("../../../assets/dice/gd_6.svg")),
        (
            "gd_1_held",
            include_str!("../../../assets/dice/gd_1_held.svg"),
        ),
        (
            "gd_2_held",
            include_str!("../../../assets/dice/gd_2_held.svg"),
        ),
        (
            "gd_3_held",
            include_str!("../../../assets/dice/gd_3_held.svg"),
        ),
        (
            "gd_4_held",
            include_str!("../../../assets/dice/gd_4_held.svg"),
        ),
        (
            "gd_5_held",
            include_str!("../../../assets/dice/gd_5_held.svg"),
        ),
        (
            "gd_6_held",
            include_str!("../../../assets/dice/gd_6_held.svg"),
        ),
    ];
    type Strategy = Strategy;

    fn lobby_view(game: &Game, lang: Lang) -> MessageView {
        views::lobby(game, lang)
    }

    fn turn_view(game: &Game, style: &DiceStyle, lang: Lang) -> MessageView {
        views::turn(game, style, lang)
    }

    fn result_view(game: &Game, result: &TurnResult, style: &DiceStyle, lang: Lang) -> MessageView {
        views::turn_result(game, result, style, lang)
    }

    fn over_view(game: &Game, lang: Lang) -> MessageView {
        views::game_over(game, lang)
    }

    fn scores_view(game: &Game, lang: Lang) -> MessageView {
        views::scores(game, lang)
    }

    fn rules_view(lang: Lang) -> MessageView {
        views::rules(lang)
    }

    /// Each box's one name (on the scorecard and everywhere else).
    fn message_ids() -> Vec<String> {
        Category::ALL
            .iter()
            .map(|category| format!("gd-box-{}", category.key().replace('_', "-")))
            .collect()
    }

    fn moment(game: &Game, result: &TurnResult, round: u32, lang: Lang) -> Option<Marked> {
        views::moment(game, result, round, lang)
    }

    fn preparing(strategy: &Strategy) -> Option<crate::host::Preparing> {
        if strategy.is_ready() {
            return None;
        }
        let strategy = strategy.clone();
        Some(Box::pin(async move { strategy.ready().await }))
    }

    /// Bot seats play the optimal solitaire policy ([`bot::optimal`]).
    /// A whole game alone, 13 rounds (G1–G7), as a game alone is played.
    const DAILY: Option<DailyForm> = Some(DailyForm {
        measure: Measure::Points,
        turns: Some(13),
    });
    /// A roll's place: the round, the rolls before it in the round, and the dice it rolls (0–4).
    fn daily_place(game: &Game, mv: Option<Move>) -> Place {
        match (&game.phase, mv) {
            (Phase::Playing { turn }, Some(Move::Roll)) => Place {
                turn: turn.number,
                roll: turn.rolls,
                slots: turn.free_dice().into_iter().map(|d| d as u32).collect(),
            },
            _ => Place::default(),
        }
    }
    fn daily_review(
        events: &[Event],
        player: Player,
        strategy: &Strategy,
        lang: Lang,
    ) -> Option<Result<DailyReview, ReviewError>> {
        let review = review::getdickey(events, player, strategy.table());
        Some(review.map(|review| crate::host::daily_in_points(&review, lang)))
    }

    fn bot_move(game: &Game, strategy: &Strategy) -> Option<Action> {
        bot::optimal(game, strategy.table())
    }

    /// By the optimal solitaire table ([`bot::odds`]).
    fn odds_view(
        game: &Game,
        strategy: &Strategy,
        asker: Player,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView> {
        Some(match bot::odds(game, strategy.table()) {
            Some(odds) => views::odds(game, &odds, asker, lang, table_lang),
            None => crate::render::notice(Notice::NoTurn, lang),
        })
    }

    /// By the optimal solitaire table ([`review::getdickey`]).
    fn review_view(
        events: &[Event],
        player: Player,
        strategy: &Strategy,
        game: Reviewed<'_>,
        lang: Lang,
    ) -> Option<Result<MessageView, ReviewError>> {
        let review = review::getdickey(events, player, strategy.table());
        Some(review.map(|review| crate::render::review::review(&review, game, lang)))
    }

    const POLICIES: &'static str = "optimal, points, greedy, first-roll";
    const SIM_SEATS: &'static [&'static str] = &["optimal", "greedy"];
    fn policy(name: &str) -> Option<Policy<GetDickey>> {
        Some(match name {
            "optimal" => Arc::new(GetDickey::bot_move),
            // The optimal solitaire policy whatever the table: the bots before they played to win.
            "points" => {
                Arc::new(|game, strategy: &Strategy| bot::solitaire(game, strategy.table()))
            }
            "greedy" => Arc::new(|game, _| bot::simple(game)),
            "first-roll" => Arc::new(|game, _| bot::first_roll(game)),
            _ => return None,
        })
    }

    /// The expected final score of a solitaire game under optimal play, from the table read
    /// from its cache or solved.
    fn solve(args: &SolveArgs, progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Solved, SolveError> {
        let not_for = |option, why| SolveError::NotFor {
            option,
            game: "Get Dickey",
            why,
        };
        if args.policy.is_some() {
            return Err(not_for("policy", " (its policy is too big to print)"));
        }
        if args.target.is_some() {
            return Err(not_for("target", " (it has no target)"));
        }
        let started = Instant::now();
        let (table, source, unwritten) = bot::load_or_solve(args.cache.as_deref(), progress);
        let seconds = started.elapsed().as_secs_f64();
        let place = args.cache.as_ref().map(|p| p.display().to_string());
        let note = match (source, place, unwritten) {
            (bot::Source::Cache, Some(place), _) => format!("strategy table read from {place}"),
            (_, Some(place), Some(error)) => {
                format!("solved in {seconds:.1} s; not cached in {place}: {error}")
            }
            (_, Some(place), None) => format!("solved in {seconds:.1} s; cached in {place}"),
            (_, None, _) => format!("solved in {seconds:.1} s"),
        };
        let value = table.expected_score();
        Ok(Solved {
            lines: vec![format!(
                "Get Dickey: expected final score under optimal solitaire play: {value:.6}"
            )],
            note: Some(note),
        })
    }
}
