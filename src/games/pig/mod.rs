//! *Pig* (docs/RULES.md, P1–P5): one die, roll or hold, a 1 loses the turn. The third game, and
//! the proof that a game is one folder: nothing outside it names it but the list of games.
//!
//! - [`rules`]: the turn, pure (re-exported here);
//! - [`views`]: its messages;
//! - [`bot`]: the exact two-seat policy by value iteration, its bot seats and Odds;
//! - [`review`]: a seat's play against it, in percentage points of winning chance.

pub mod bot;
pub mod daily;
pub mod review;
pub mod rules;
pub mod views;

pub use rules::*;

/// Which game this is (its key, code and command are in its `impl Rules`).
pub const KIND: crate::engine::GameKind = <Pig as crate::engine::table::Rules>::KIND;

use std::path::Path;
use std::sync::Arc;

use crate::engine::daily::{DailyForm, DailyReview, Measure};
use crate::engine::deal::Place;
use crate::engine::Player;
use crate::host::chart::Marked;
use crate::host::{Hosted, Policy, SolveArgs, SolveError, Solved, Target};
use crate::i18n::Lang;
use crate::render::review::Reviewed;
use crate::render::stats::GameStats;
use crate::render::{DiceStyle, MessageView, Notice};
use crate::strategy::review::ReviewError;

impl Hosted for Pig {
    const TARGET: Option<Target> = Some(Target {
        min: MIN_TARGET,
        max: MAX_TARGET,
        default: DEFAULT_TARGET,
        server_default: false,
    });
    const LOCALES: &'static [(&'static str, &'static str)] = &[
        ("en-US", include_str!("../../../locales/en-US/pig.ftl")),
        ("fr", include_str!("../../../locales/fr/pig.ftl")),
    ];
    const RULES: &'static [&'static str] = views::RULES;
    const STATS: GameStats = views::STATS;
    const REVIEWS: bool = true;
    /// The solved tables, one per target, each solved on first use.
    type Strategy = bot::Solutions;

    fn settings(target: Option<u32>, default_target: u32) -> Settings {
        Settings {
            target: target.unwrap_or(default_target),
            ..Settings::default()
        }
    }

    fn target(settings: &Settings) -> Option<u32> {
        Some(settings.target)
    }

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

    fn moment(game: &Game, result: &TurnResult, round: u32, lang: Lang) -> Option<Marked> {
        views::moment(game, result, round, lang)
    }

    /// The exact two-seat policy (P5); with more seats, the turn played for the chance of
    /// winning against every other seat ([`bot::Standing`]).
    /// Alone, to 100 in as few turns as may be ([`daily`]).
    const DAILY: Option<DailyForm> = Some(DailyForm {
        measure: Measure::Turns,
        turns: None,
    });
    fn daily_settings() -> Settings {
        daily::settings()
    }
    fn daily_place(game: &Game, mv: Option<Move>) -> Place {
        daily::place(game, mv)
    }
    fn daily_score(game: &Game) -> i64 {
        daily::score(game)
    }
    fn daily_move(game: &Game, solutions: &bot::Solutions) -> Option<Move> {
        daily::best(game, solutions.alone())
    }
    fn daily_review(
        events: &[Event],
        player: Player,
        solutions: &bot::Solutions,
        lang: Lang,
    ) -> Option<Result<DailyReview, ReviewError>> {
        Some(daily::review(events, player, solutions.alone(), lang))
    }

    fn bot_move(game: &Game, solutions: &bot::Solutions) -> Option<Action> {
        bot::optimal(game, &solutions.get(game.settings.target))
    }

    fn odds_view(
        game: &Game,
        solutions: &bot::Solutions,
        asker: Player,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView> {
        Some(
            match bot::odds(game, &solutions.get(game.settings.target)) {
                Some(odds) => views::odds(game, &odds, asker, lang, table_lang),
                None => crate::render::notice(Notice::NoTurn, lang),
            },
        )
    }

    fn review_view(
        events: &[Event],
        player: Player,
        solutions: &bot::Solutions,
        game: Reviewed<'_>,
        lang: Lang,
    ) -> Option<Result<MessageView, ReviewError>> {
        let target = match events.first() {
            Some(crate::engine::table::Event::Table(TableEvent::Created { settings, .. })) => {
                settings.target
            }
            _ => DEFAULT_TARGET,
        };
        let review = review::review(events, player, &solutions.get(target));
        Some(review.map(|review| crate::render::review::review(&review, game, lang)))
    }

    const POLICIES: &'static str = "optimal, leader, greedy (hold-at-20), hold-at-N";
    const SIM_SEATS: &'static [&'static str] = &["optimal", "greedy"];
    fn policy(name: &str) -> Option<Policy<Pig>> {
        let hold_at = |n: u32| -> Policy<Pig> { Arc::new(move |game, _| bot::hold_at(game, n)) };
        match name {
            "optimal" => Some(Arc::new(Pig::bot_move)),
            // As the bots played before: the two-seat policy against the leading opponent.
            "leader" => Some(Arc::new(|game, solutions: &bot::Solutions| {
                bot::leader(game, &solutions.get(game.settings.target))
            })),
            // The classic rule of thumb: hold at 20.
            "greedy" => Some(hold_at(20)),
            _ => match name.strip_prefix("hold-at-")?.parse::<u32>() {
                Ok(n) if n > 0 => Some(hold_at(n)),
                _ => None,
            },
        }
    }

    /// The first player's chance of winning when both play optimally, to `target`.
    fn solve(
        args: &SolveArgs,
        _progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Solved, SolveError> {
        let not_for = |option, why| SolveError::NotFor {
            option,
            game: "Pig",
            why,
        };
        if args.cache_given {
            return Err(not_for(
                "cache",
                " (it keeps no table: it solves in a second)",
            ));
        }
        if args.policy.is_some() {
            return Err(not_for("policy", ""));
        }
        let target = args.target.unwrap_or(DEFAULT_TARGET);
        if !(MIN_TARGET..=MAX_TARGET).contains(&target) {
            return Err(SolveError::Target {
                target,
                min: MIN_TARGET,
                max: MAX_TARGET,
            });
        }
        let chance = bot::first_player_chance(target);
        Ok(Solved {
            lines: vec![format!(
                "Pig, target {target}: the first player's chance of winning under optimal play: {chance:.4}"
            )],
            note: None,
        })
    }
}

impl crate::host::Strategy for bot::Solutions {
    fn make(_cache: Option<&Path>) -> bot::Solutions {
        bot::Solutions::default()
    }
}
