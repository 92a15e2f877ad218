//! Pig's daily deal: alone, to 100 in as few turns as may be, judged against the play that makes
//! the expected number of turns least ([`pig_solver::Alone`]; 12.545 turns from 0). A decision
//! costs the expected turns it adds.

use pig_solver::Alone;

use super::review::PigAct;
use super::{Event, Game, GameEvent, Move, Phase, Pig, Settings};
use crate::engine::daily::{DailyMistake, DailyReview, DailyTurn, Measure};
use crate::engine::deal::Place;
use crate::engine::table::{Event as LogEvent, TableEvent};
use crate::engine::Player;
use crate::i18n::Lang;
use crate::render::review::ActText;
use crate::strategy::review::{start_and_seat, ReviewError};

/// The deal's target.
pub const TARGET: u32 = 100;

pub fn settings() -> Settings {
    Settings {
        target: TARGET,
        alone: true,
    }
}

/// A roll's place: the turn, the rolls before it in the turn, the one die.
pub fn place(game: &Game, mv: Option<Move>) -> Place {
    match (&game.phase, mv) {
        (Phase::Playing { turn }, Some(Move::Roll)) => Place {
            turn: turn.number,
            roll: turn.rolled.len() as u32,
            slots: vec![0],
        },
        _ => Place::default(),
    }
}

/// Turns taken: the turn in progress counts.
pub fn score(game: &Game) -> i64 {
    let turns = match &game.phase {
        Phase::Playing { turn } => turn.number,
        _ => game.last_turn.as_ref().map_or(0, |r| r.turn.number),
    };
    i64::from(turns)
}

/// The move that makes the expected turns least.
pub fn best(game: &Game, alone: &Alone) -> Option<Move> {
    let Phase::Playing { turn } = &game.phase else {
        return None;
    };
    let score = game.seats[turn.seat].total;
    Some(if alone.rolls(score, turn.total()) {
        Move::Roll
    } else {
        Move::Hold
    })
}

/// `player`'s deal judged in expected turns.
pub fn review(
    events: &[Event],
    player: Player,
    alone: &Alone,
    lang: Lang,
) -> Result<DailyReview, ReviewError> {
    let (mut game, seat, _) = start_and_seat::<Pig>(events, player)?;
    let (small, _) = Measure::Turns.thresholds();
    let mut turns: Vec<DailyTurn> = Vec::new();
    for event in &events[1..] {
        if let Phase::Playing { turn } = &game.phase {
            if turn.seat == seat {
                if turns.last().is_none_or(|t| t.number != turn.number) {
                    turns.push(DailyTurn {
                        number: turn.number,
                        points: 0,
                        lost: 0.0,
                        mistakes: Vec::new(),
                    });
                }
                let (s, k) = (game.seats[seat].total, turn.total());
                let roll = alone.roll_value(s, k);
                let hold = alone.hold_value(s, k);
                let chosen = match event {
                    LogEvent::Game(GameEvent::Rolled { .. }) if k > 0 => {
                        Some((PigAct::Roll { total: k }, roll, PigAct::Hold(k), hold))
                    }
                    LogEvent::Game(GameEvent::Held | GameEvent::TimedOut) => {
                        Some((PigAct::Hold(k), hold, PigAct::Roll { total: k }, roll))
                    }
                    LogEvent::Table(TableEvent::Left { .. }) => None,
                    _ => None,
                };
                if let (Some((chosen, value, other, other_value)), Some(open)) =
                    (chosen, turns.last_mut())
                {
                    let cost = (value - value.min(other_value)).max(0.0);
                    open.lost += cost;
                    if cost >= small {
                        open.mistakes.push(DailyMistake {
                            chosen: chosen.text(lang),
                            best: other.text(lang),
                            cost,
                        });
                    }
                }
            }
        }
        game.evolve(event);
    }
    if let Some(last) = game.last_turn.as_ref().filter(|r| r.turn.seat == seat) {
        if let Some(open) = turns.iter_mut().find(|t| t.number == last.turn.number) {
            open.points = last.points;
        }
    }
    let lost = turns.iter().map(|t| t.lost).sum();
    Ok(DailyReview {
        measure: Measure::Turns,
        score: score(&game),
        expected: alone.turns(0),
        lost,
        turns,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::table::Rules;

    #[test]
    fn settings_are_a_game_alone() {
        assert!(Pig::check(&settings()).is_ok());
        assert_eq!(Pig::min_seats(&settings()), 1);
    }
}
