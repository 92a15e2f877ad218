//! Pig's review: a seat's play against the exact two-seat policy ([`Table`], P5; the bot seats'
//! own), priced in
//! **percentage points of the chance of winning** ([`Unit::Chance`]): a decision costs the
//! chance the best move had minus the chance of the one made; a roll's luck is the chance after
//! it minus before. With more than two seats, chances are the bot seats' against every other
//! seat ([`Table::plan`]). `expected` is the seat's chance at its first turn; the
//! opponents' turns move the chance too, and so does the game's end (won or lost, whatever the
//! chance was): that is luck as well ([`Review::others`]), so that the chance at the first turn,
//! plus luck, less decisions and timeouts, is the chance at the end, 100 or 0
//! (`strategy::review::adds_up`).

use super::bot::{Plan, Standing, Table};
use super::{Event, Game, GameEvent, Phase, Turn};
use crate::engine::table::{Event as LogEvent, TableEvent};
use crate::engine::Player;
use crate::strategy::review::{start_and_seat, Builder, Ended, Review, ReviewError, Unit};

/// A Pig decision, with the turn total it was made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PigAct {
    /// Roll on, with this turn total.
    Roll { total: u32 },
    /// Hold this turn total.
    Hold(u32),
}

/// The review of `player`'s play in a Pig game, from its event log.
pub fn review(
    events: &[Event],
    player: Player,
    table: &Table,
) -> Result<Review<PigAct>, ReviewError> {
    let (mut game, seat, name) = start_and_seat::<super::Pig>(events, player)?;
    let mut builder = Builder::new(seat, name);
    builder.review.unit = Unit::Chance;
    // The seat's chance of winning after the last event it was judged at (None before its first
    // turn): what moves it between two of those without a roll or decision of the seat's is
    // the others' doing.
    let mut chance: Option<f64> = None;
    for event in &events[1..] {
        // Where the seat stands before the event, if it is on turn.
        let on_turn = match &game.phase {
            Phase::Playing { turn } if turn.seat == seat => Some(turn.clone()),
            _ => None,
        };
        if let Some(turn) = &on_turn {
            let plan = table.plan(&Standing::of_seat(&game, seat));
            chance = Some(turn_event(&mut builder, &plan, turn, event, player, chance));
        } else if let (Some(last), LogEvent::Table(TableEvent::Left { player: left })) =
            (chance, event)
        {
            // Leaving between one's turns gives up the chance one had after one's last.
            if *left == player {
                builder.forfeit(last, Ended::Left);
                chance = Some(0.0);
            }
        }
        game.evolve(event);
        let result = game_over(&mut builder, &game, seat, &mut chance);
        // The seat's turn ended with this event.
        let ended = on_turn.as_ref().is_some_and(|before| {
            !matches!(&game.phase, Phase::Playing { turn } if turn.number == before.number)
        });
        if ended {
            end_turn(&mut builder, &game, seat, event, chance);
        }
        if let Some(result) = result {
            builder.finish_at(result);
            break;
        }
    }
    Ok(builder.review)
}

/// Judges `event`, made during the seat's `turn` (`plan` its chances), from `chance`, the seat's
/// chance when it was last judged (None before its first turn). The seat's chance after it.
fn turn_event(
    builder: &mut Builder<PigAct>,
    plan: &Plan,
    turn: &Turn,
    event: &Event,
    player: Player,
    chance: Option<f64>,
) -> f64 {
    let pp = |p: f64| 100.0 * p;
    let k = turn.total();
    let roll = pp(plan.roll_value(k));
    let hold = pp(plan.hold_value(k));
    // What the turn is worth now: a turn starts with a roll (P2).
    let now = if k == 0 { roll } else { roll.max(hold) };
    // Since the seat was last judged, the others' turns (or leaving) moved its chance.
    match chance {
        Some(last) => builder.others(now - last),
        None => builder.review.expected = now,
    }
    builder.open_turn(turn.round, Unit::Chance, Some(now));
    match event {
        LogEvent::Game(GameEvent::Rolled { die }) => {
            if k > 0 {
                builder.decided(PigAct::Roll { total: k }, PigAct::Hold(k), roll, now);
            }
            let after = if *die == 1 {
                pp(plan.hold_value(0))
            } else {
                pp(plan.win_chance(k + u32::from(*die)))
            };
            builder.rolled(roll, after);
            after
        }
        LogEvent::Game(GameEvent::Held) => {
            builder.decided(PigAct::Hold(k), PigAct::Roll { total: k }, hold, now);
            hold
        }
        LogEvent::Game(GameEvent::TimedOut) => {
            builder.forfeit(now - hold, Ended::TimedOut);
            hold
        }
        LogEvent::Table(TableEvent::Left { player: left }) if *left == player => {
            builder.forfeit(now, Ended::Left);
            0.0
        }
        _ => now,
    }
}

/// A game over is won, shared or lost, whatever the table's chance said: the others' doing, if
/// not the seat's own. The seat's result (100, 100 / n or 0) once the game is over, `chance` then
/// moved to it.
fn game_over(
    builder: &mut Builder<PigAct>,
    game: &Game,
    seat: usize,
    chance: &mut Option<f64>,
) -> Option<f64> {
    let result = match &game.phase {
        Phase::Finished { winners } if winners.contains(&seat) => {
            Some(100.0 / winners.len() as f64)
        }
        Phase::Finished { .. } => Some(0.0),
        _ => None,
    };
    match (result, *chance) {
        (Some(result), Some(last)) => {
            builder.others(result - last);
            *chance = Some(result);
        }
        // Over before the seat's first turn (everyone else left): nothing was at stake.
        (Some(result), None) => builder.review.expected = result,
        _ => {}
    }
    result
}

/// Ends the seat's turn, which `event` ended, with its points; a turn the game ended under it
/// (not by a move of the game's) is unfinished.
fn end_turn(
    builder: &mut Builder<PigAct>,
    game: &Game,
    seat: usize,
    event: &Event,
    chance: Option<f64>,
) {
    if game.is_over() && !matches!(event, LogEvent::Game(_)) {
        if let Some(open) = builder.open.as_mut() {
            if open.end == Ended::Played {
                open.end = Ended::Unfinished;
            }
        }
    }
    let points = game
        .last_turn
        .as_ref()
        .filter(|r| r.turn.seat == seat)
        .map_or(0, |r| r.points);
    builder.end_turn_at(points, chance);
}
