//! *For Get It* (docs/RULES.md, F1–F11): nine dice, push your luck, don't spell FORGET IT.
//!
//! - [`rules`]: the turn, pure (re-exported here);
//! - [`views`]: its messages;
//! - [`bot`]: its bot seats, on the exact turn [`solver`], playing to win at the end
//!   ([`endgame`], [`race`]);
//! - [`review`]: a seat's play against the solver;
//! - [`sim`]: its bot-only games (`forgetit sim`).

pub mod bot;
pub mod dice;
pub mod endgame;
pub mod race;
pub mod review;
pub mod rules;
pub mod solver;
pub mod views;

pub use rules::*;

/// Which game this is (its key, code and command are in its `impl Rules`).
pub const KIND: crate::engine::GameKind = <ForGetIt as crate::engine::table::Rules>::KIND;

use crate::sync::Lock;
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

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

/// The exact turn solver, its tables filled on first use and kept, shared by every table.
#[derive(Default)]
pub struct Strategy(Mutex<solver::Solver>);

impl Strategy {
    /// The solver, even if a thread panicked while holding it: it only keeps values once they
    /// are complete, so its tables are never half-written.
    pub fn solver(&self) -> MutexGuard<'_, solver::Solver> {
        self.0.locked()
    }
}

impl Hosted for ForGetIt {
    const TARGET: Option<Target> = Some(Target {
        min: 50,
        max: 10_000,
        default: DEFAULT_TARGET,
        server_default: true,
    });
    const LOCALES: &'static [(&'static str, &'static str)] = &[
        ("en-US", include_str!("../../../locales/en-US/forgetit.ftl")),
        ("fr", include_str!("../../../locales/fr/forgetit.ftl")),
    ];
    const RULES: &'static [&'static str] = views::RULES;
    const STATS: GameStats = views::STATS;
    const REVIEWS: bool = true;
    const PIECES: &'static [crate::render::dice::Pieces] = dice::PIECES;
    /// Its letter dice's pictures (`assets/dice/fgi_*.svg`), as application emoji.
    const DICE: &'static [(&'static str, &'static str)] = &[
        (
            "fgi_for_1",
            include_str!("../../../assets/dice/fgi_for_1.svg"),
        ),
        (
            "fgi_for_2",
            include_str!("../../../assets/dice/fgi_for_2.svg"),
        ),
        (
            "fgi_for_3",
            include_str!("../../../assets/dice/fgi_for_3.svg"),
        ),
        (
            "fgi_for_4",
            include_str!("../../../assets/dice/fgi_for_4.svg"),
        ),
        (
            "fgi_for_5",
            include_str!("../../../assets/dice/fgi_for_5.svg"),
        ),
        (
            "fgi_for_word",
            include_str!("../../../assets/dice/fgi_for_word.svg"),
        ),
        (
            "fgi_for_blank",
            include_str!("../../../assets/dice/fgi_for_blank.svg"),
        ),
        (
            "fgi_get_1",
            include_str!("../../../assets/dice/fgi_get_1.svg"),
        ),
        (
            "fgi_get_2",
            include_str!("../../../assets/dice/fgi_get_2.svg"),
        ),
        (
            "fgi_get_3",
            include_str!("../../../assets/dice/fgi_get_3.svg"),
        ),
        (
            "fgi_get_4",
            include_str!("../../../assets/dice/fgi_get_4.svg"),
        ),
        (
            "fgi_get_5",
            include_str!("../../../assets/dice/fgi_get_5.svg"),
        ),
        (
            "fgi_get_word",
            include_str!("../../../assets/dice/fgi_get_word.svg"),
        ),
        (
            "fgi_get_blank",
            include_str!("../../../assets/dice/fgi_get_blank.svg"),
        ),
        (
            "fgi_it_1",
            include_str!("../../../assets/dice/fgi_it_1.svg"),
        ),
        (
            "fgi_it_2",
            include_str!("../../../assets/dice/fgi_it_2.svg"),
        ),
        (
            "fgi_it_3",
            include_str!("../../../assets/dice/fgi_it_3.svg"),
        ),
        (
            "fgi_it_4",
            include_str!("../../../assets/dice/fgi_it_4.svg"),
        ),
        (
            "fgi_it_5",
            include_str!("../../../assets/dice/fgi_it_5.svg"),
        ),
        (
            "fgi_it_word",
            include_str!("../../../assets/dice/fgi_it_word.svg"),
        ),
        (
            "fgi_it_blank",
            include_str!("../../../assets/dice/fgi_it_blank.svg"),
        ),
    ];
    type Strategy = Strategy;

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

    /// Bot seats play the solver's optimal policy ([`bot::optimal`]).
    /// Ten turns alone, scored by points (F1–F9; no target, no last round).
    const DAILY: Option<DailyForm> = Some(DailyForm {
        measure: Measure::Points,
        turns: Some(DAILY_TURNS),
    });
    fn daily_settings() -> Settings {
        Settings {
            target: MAX_TARGET,
            turns: Some(DAILY_TURNS),
        }
    }
    /// A roll's place: the turn, the rolls before it in the turn, and the dice it rolls (0–8).
    fn daily_place(game: &Game, mv: Option<Move>) -> Place {
        match (&game.phase, mv) {
            (Phase::Playing { turn }, Some(Move::Roll)) => Place {
                turn: turn.number,
                roll: turn.rolls,
                slots: if turn.all_set_aside() {
                    (0..DICE as u32).collect()
                } else {
                    turn.in_hand().into_iter().map(|d| d as u32).collect()
                },
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
        let review = review::forgetit(events, player, &mut strategy.solver());
        Some(review.map(|review| crate::host::daily_in_points(&review, lang)))
    }

    fn bot_move(game: &Game, strategy: &Strategy) -> Option<Action> {
        bot::optimal(game, &mut strategy.solver())
    }

    fn odds_view(
        game: &Game,
        strategy: &Strategy,
        asker: Player,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView> {
        Some(match strategy.solver().odds(game) {
            Some(odds) => views::odds(game, &odds, asker, lang, table_lang),
            None => crate::render::notice(Notice::NoTurn, lang),
        })
    }

    /// By the exact turn solver ([`review::forgetit`]).
    fn review_view(
        events: &[Event],
        player: Player,
        strategy: &Strategy,
        game: Reviewed<'_>,
        lang: Lang,
    ) -> Option<Result<MessageView, ReviewError>> {
        let review = review::forgetit(events, player, &mut strategy.solver());
        Some(review.map(|review| crate::render::review::review(&review, game, lang)))
    }

    const POLICIES: &'static str = "optimal, leader, nearest, points, greedy, bank-at-N, two-words";
    const SIM_SEATS: &'static [&'static str] = &["optimal", "greedy"];
    fn policy(name: &str) -> Option<Policy<ForGetIt>> {
        let heuristic =
            |h: bot::Heuristic| -> Policy<ForGetIt> { Arc::new(move |game, _| h.play(game)) };
        Some(match name {
            "optimal" => Arc::new(ForGetIt::bot_move),
            "leader" => {
                Arc::new(|game, strategy: &Strategy| bot::leader(game, &mut strategy.solver()))
            }
            "nearest" => Arc::new(|game, strategy: &Strategy| {
                bot::play_by(game, &mut strategy.solver(), solver::Model::Nearest)
            }),
            "points" => {
                Arc::new(|game, strategy: &Strategy| bot::points(game, &mut strategy.solver()))
            }
            "greedy" => heuristic(bot::Heuristic::GREEDY),
            "two-words" => heuristic(bot::Heuristic::TWO_WORDS),
            _ => match name.strip_prefix("bank-at-")?.parse::<u32>() {
                Ok(n) if n > 0 => heuristic(bot::Heuristic::bank_at(n)),
                _ => return None,
            },
        })
    }

    /// One solver per worker thread, filled once and kept for all its games.
    fn worker_strategy(_strategy: &Strategy) -> Option<Strategy> {
        Some(Strategy::default())
    }

    /// The expected score of a turn under optimal play; with `policy`, the policy table.
    fn solve(
        args: &SolveArgs,
        _progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<Solved, SolveError> {
        let not_for = |option, why| SolveError::NotFor {
            option,
            game: "For Get It",
            why,
        };
        if args.cache_given {
            return Err(not_for(
                "cache",
                " (it keeps no table: it solves in well under a second)",
            ));
        }
        if args.target.is_some() {
            return Err(not_for(
                "target",
                " (its turn is worth the same whatever the target)",
            ));
        }
        let mut solver = solver::Solver::new();
        let value = solver.turn_value();
        let mut lines = vec![format!(
            "For Get It: expected score of a turn under optimal play: {value:.6}"
        )];
        if let Some(max_k) = args.policy {
            lines.extend(solver.policy_table(max_k));
        }
        Ok(Solved { lines, note: None })
    }
}

impl crate::host::Strategy for Strategy {
    fn make(_cache: Option<&Path>) -> Strategy {
        Strategy::default()
    }
}
