//! Pig's review: a seat's play against the exact two-seat policy ([`Table`], P5; the bot seats'
//! own), priced in
//! **percentage points of the chance of winning** ([`Unit::Chance`]): a decision costs the
//! chance the best move had minus the chance of the one made; a roll's luck is the chance after
//! it minus before. With more than two seats, chances are by the bot seats' model against every
//! other seat ([`Table::plan`]). `expected` is the seat's chance at its first turn; unlike expected points
//! these do not add up to the score (the opponents' turns move the chance too).

use super::bot::{Standing, Table};
use super::{Event, GameEvent, Phase};
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
    let mut first = true;
    // The seat's chance of winning after the last event of its turn.
    let mut chance = 0.0;
    let pp = |p: f64| 100.0 * p;
    for event in &events[1..] {
        // Where the seat stands before the event, if it is on turn.
        let on_turn = match &game.phase {
            Phase::Playing { turn } if turn.seat == seat => Some(turn.clone()),
            _ => None,
        };
        if let Some(turn) = &on_turn {
            let plan = table.plan(&Standing::of_seat(&game, seat));
            let k = turn.total();
            if builder.open.is_none() {
                let start = pp(plan.win_chance(0));
                builder.open_turn(turn.round, Unit::Chance, Some(start));
                if first {
                    builder.review.expected = start;
                    first = false;
                }
            }
            let roll = pp(plan.roll_value(k));
            let hold = pp(plan.hold_value(k));
            // What the turn is worth now: a turn starts with a roll (P2).
            let now = if k == 0 { roll } else { roll.max(hold) };
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
                    chance = after;
                }
                LogEvent::Game(GameEvent::Held) => {
                    builder.decided(PigAct::Hold(k), PigAct::Roll { total: k }, hold, now);
                    chance = hold;
                }
                LogEvent::Game(GameEvent::TimedOut) => {
                    builder.forfeit(now - hold, Ended::TimedOut);
                    chance = hold;
                }
                LogEvent::Table(TableEvent::Left { player: left }) if *left == player => {
                    builder.forfeit(now, Ended::Left);
                    chance = 0.0;
                }
                _ => chance = now,
            }
        }
        game.evolve(event);
        // The seat's turn ended with this event.
        let ended = on_turn.as_ref().is_some_and(|before| {
            !matches!(&game.phase, Phase::Playing { turn } if turn.number == before.number)
        });
        if ended {
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
            // A game over is won or lost, whatever the table's chance said.
            let chance = match &game.phase {
                Phase::Finished { winners } => {
                    if winners.contains(&seat) {
                        100.0
                    } else {
                        0.0
                    }
                }
                _ => chance,
            };
            builder.end_turn_at(points, Some(chance));
        }
    }
    Ok(builder.review)
}
