//! Get Dickey's review: a seat's play against the optimal solitaire table (see
//! `strategy::review`). Its value is the expected points still to come on the seat's scorecard
//! ([`Table`]: the optimal solitaire policy; the other seats do not change what a scorecard is
//! worth). A card starts at [`Table::expected_score`] (254.59): `expected` is that, once a game.

use dickey_solver::{counts_of, faces_of, sub_keeps, Choice as DickeyChoice, Counts, Table};

use crate::engine::table::{Event, TableEvent};
use crate::engine::Player;
use crate::games::getdickey;
use crate::strategy::review::{
    start_and_seat, turn_of, Builder, Ended, Review, ReviewError, NEGLIGIBLE,
};

/// A Get Dickey decision, with the dice it was made on (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DickeyAct {
    /// Hold `keep` (sorted faces; possibly none) and roll the rest.
    Reroll { hand: Vec<u8>, keep: Vec<u8> },
    /// Fill `category`, for `points` (with any bonus it earns).
    Score {
        hand: Vec<u8>,
        category: getdickey::Category,
        points: u32,
    },
}

/// A Get Dickey turn's plan: the solver's tables for one scorecard state.
struct Plan<'a> {
    table: &'a Table,
    state: dickey_solver::State,
    turn: dickey_solver::Turn<'a>,
}

impl<'a> Plan<'a> {
    fn new(table: &'a Table, card: &getdickey::Scorecard) -> Plan<'a> {
        let state = super::bot::state_of(card);
        Plan {
            table,
            state,
            turn: table.turn(state),
        }
    }

    /// The value of `hand` with `rolls_left` rolls left, and the optimal decision there.
    fn best(&self, hand: &Counts, rolls_left: u8) -> (f64, DickeyChoice) {
        let mut best = (
            self.turn.score_value(hand),
            DickeyChoice::Score(self.turn.best_box(hand)),
        );
        if rolls_left > 0 {
            for keep in sub_keeps(hand) {
                if keep == *hand {
                    continue;
                }
                let value = self.turn.keep_value(&keep, rolls_left);
                if value > best.0 + NEGLIGIBLE {
                    best = (value, DickeyChoice::Keep(keep));
                }
            }
        }
        best
    }

    /// Filling box `b` with `hand`: the points it adds and the value of the card after.
    fn fill(&self, hand: &Counts, b: usize) -> Option<(u32, f64)> {
        let (after, gained) = self.table.fill(self.state, hand, b)?;
        Some((gained, f64::from(gained) + self.table.value(after)))
    }

    fn act(&self, hand: &Counts, choice: DickeyChoice) -> DickeyAct {
        let sorted = faces_of(hand);
        match choice {
            DickeyChoice::Keep(keep) => DickeyAct::Reroll {
                hand: sorted,
                keep: faces_of(&keep),
            },
            DickeyChoice::Score(b) => DickeyAct::Score {
                hand: sorted,
                category: getdickey::Category::ALL[b],
                points: self.fill(hand, b).map_or(0, |(points, _)| points),
            },
        }
    }
}

/// The review of `player`'s play in a Get Dickey game, from its event log.
pub fn getdickey(
    events: &[getdickey::Event],
    player: Player,
    table: &Table,
) -> Result<Review<DickeyAct>, ReviewError> {
    let (mut game, seat, name) = start_and_seat::<getdickey::GetDickey>(events, player)?;
    let mut review = Builder::new(seat, name);
    review.review.expected = table.expected_score();
    let mut left = false;
    for event in &events[1..] {
        let before = turn_of(&game, seat).cloned();
        let Some(turn) = before else {
            if matches!(event, Event::Table(TableEvent::Left { player: who }) if *who == player)
                && game.status() == crate::engine::Status::Playing
            {
                // Leaving between turns gives up the rest of the card.
                let card = &game.seats[seat].card;
                let value = table.value(super::bot::state_of(card));
                review.review.forfeited += value;
                left = true;
            }
            game.evolve(event);
            continue;
        };
        let plan = Plan::new(table, &game.seats[seat].card);
        let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
        let hand = turn.dice.and_then(|dice| counts_of(&dice));
        // The value where the turn stands: before its first roll, the card's.
        let value = match &hand {
            Some(hand) => plan.best(hand, rolls_left).0,
            None => table.value(plan.state),
        };
        review.turn(turn.round);
        match event {
            Event::Game(getdickey::GameEvent::Rolled { dice }) => {
                let chosen = match &hand {
                    Some(hand) => {
                        let mut keep = [0u8; 6];
                        let faces = turn.dice.unwrap_or_default();
                        for (die, held) in turn.held.iter().enumerate() {
                            if *held {
                                keep[usize::from(faces[die]) - 1] += 1;
                            }
                        }
                        let chosen = plan.turn.keep_value(&keep, rolls_left);
                        let (best_value, best) = plan.best(hand, rolls_left);
                        let act = DickeyAct::Reroll {
                            hand: faces_of(hand),
                            keep: faces_of(&keep),
                        };
                        review.decided(act, plan.act(hand, best), chosen, best_value);
                        chosen
                    }
                    None => value,
                };
                let after = rolled_hand(&turn, dice);
                let after = plan.best(&after, rolls_left.saturating_sub(1).min(2)).0;
                review.rolled(chosen, after);
            }
            Event::Game(getdickey::GameEvent::Scored { category }) => {
                if let Some(hand) = &hand {
                    let (points, chosen) = plan.fill(hand, category.index()).unwrap_or((0, 0.0));
                    let (best_value, best) = plan.best(hand, rolls_left);
                    let act = DickeyAct::Score {
                        hand: faces_of(hand),
                        category: *category,
                        points,
                    };
                    review.decided(act, plan.act(hand, best), chosen, best_value);
                    review.end_turn(points);
                }
            }
            Event::Game(getdickey::GameEvent::TimedOut { dice, category }) => {
                // The table rolls if need be, then fills the box worth most now.
                let (hand, value) = match &hand {
                    Some(hand) => (*hand, value),
                    None => {
                        let hand = rolled_hand(&turn, dice);
                        let after = plan.best(&hand, 2).0;
                        review.rolled(value, after);
                        (hand, after)
                    }
                };
                let (points, chosen) = plan.fill(&hand, category.index()).unwrap_or((0, 0.0));
                review.forfeit(value - chosen, Ended::TimedOut);
                review.end_turn(points);
            }
            Event::Table(TableEvent::Left { player: who }) if *who == player => {
                review.forfeit(value, Ended::Left);
                review.end_turn(0);
                left = true;
            }
            _ => {}
        }
        game.evolve(event);
    }
    if !left && review.open.is_none() {
        // A card the game ended before it was full (it cannot be, in Get Dickey: kept for
        // the identity) gives up its rest.
        let card = &game.seats[seat].card;
        if !card.is_full() && game.seats[seat].is_playing() {
            review.review.forfeited += table.value(super::bot::state_of(card));
        }
    }
    Ok(review.review)
}

/// The five dice after a roll of the turn's free dice (or of all five on its first roll).
fn rolled_hand(turn: &getdickey::Turn, dice: &[getdickey::DieRoll]) -> Counts {
    let mut faces = turn.dice.unwrap_or_default();
    for roll in dice {
        faces[usize::from(roll.die)] = roll.face;
    }
    counts_of(&faces).unwrap_or_default()
}
