//! *Pig* (docs/RULES.md, P1–P5): one die, roll or hold, a 1 loses the turn. The third game, and
//! the proof that a game is one folder: nothing outside it names it but the list of games.
//!
//! - [`rules`]: the turn, pure (re-exported here);
//! - [`views`]: its messages;
//! - [`bot`]: the exact two-seat policy by value iteration, its bot seats and Odds;
//! - [`review`]: a seat's play against it, in percentage points of winning chance.

pub mod bot;
pub mod review;
pub mod rules;
pub mod views;

pub use rules::*;

use std::path::Path;

use crate::engine::Player;
use crate::games::{Hosted, SolveArgs, Solved, Target};
use crate::i18n::Lang;
use crate::render::review::Reviewed;
use crate::render::{MessageView, Notice};
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
    /// The solved tables, one per target, each solved on first use.
    type Strategy = bot::Tables;

    fn strategy(_cache: Option<&Path>) -> bot::Tables {
        bot::Tables::default()
    }

    fn settings(target: Option<u32>, default_target: u32) -> Settings {
        Settings {
            target: target.unwrap_or(default_target),
        }
    }

    fn target(settings: &Settings) -> Option<u32> {
        Some(settings.target)
    }

    crate::games::hosted_views!();

    /// The exact two-seat policy (P5).
    fn bot_move(game: &Game, tables: &bot::Tables) -> Option<Action> {
        bot::optimal(game, &tables.get(game.settings.target))
    }

    fn odds_view(
        game: &Game,
        tables: &bot::Tables,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView> {
        Some(match bot::odds(game, &tables.get(game.settings.target)) {
            Some(odds) => views::odds(game, &odds, lang, table_lang),
            None => crate::render::notice(Notice::NoTurn, lang),
        })
    }

    fn review_view(
        events: &[Event],
        player: Player,
        tables: &bot::Tables,
        game: Reviewed<'_>,
        lang: Lang,
    ) -> Result<MessageView, ReviewError> {
        let target = match events.first() {
            Some(crate::engine::table::Event::Table(TableEvent::Created { settings, .. })) => {
                settings.target
            }
            _ => DEFAULT_TARGET,
        };
        let review = review::review(events, player, &tables.get(target))?;
        Ok(crate::render::review::review(&review, game, lang))
    }

    const POLICIES: &'static str = "optimal, greedy (hold-at-20), hold-at-N";
    type Policy = Policy;

    fn policy(name: &str) -> Option<Policy> {
        match name {
            "optimal" => Some(Policy::Optimal),
            // The classic rule of thumb: hold at 20.
            "greedy" => Some(Policy::HoldAt(20)),
            _ => match name.strip_prefix("hold-at-")?.parse::<u32>() {
                Ok(n) if n > 0 => Some(Policy::HoldAt(n)),
                _ => None,
            },
        }
    }

    fn policy_move(policy: Policy, game: &Game, tables: &bot::Tables) -> Option<Action> {
        match policy {
            Policy::Optimal => bot::optimal(game, &tables.get(game.settings.target)),
            Policy::HoldAt(n) => bot::hold_at(game, n),
        }
    }

    /// The first player's chance of winning when both play optimally, to `target`.
    fn solve(args: &SolveArgs, _progress: &(dyn Fn(u64, u64) + Sync)) -> Result<Solved, String> {
        if args.cache_given {
            return Err("--cache is not for Pig (it keeps no table: it solves in a second)".into());
        }
        if args.policy.is_some() {
            return Err("--policy is not for Pig".into());
        }
        let target = args.target.unwrap_or(DEFAULT_TARGET);
        if !(MIN_TARGET..=MAX_TARGET).contains(&target) {
            return Err(format!(
                "target {target} is not between {MIN_TARGET} and {MAX_TARGET}"
            ));
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

/// How a seat plays in `forgetit sim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The exact two-seat policy (the bot seats').
    Optimal,
    /// Roll until the turn total reaches N, then hold.
    HoldAt(u32),
}
