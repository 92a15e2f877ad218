//! Get Dickey's review: a seat's play judged as the bot seats play (see `strategy::review`), by
//! the turn's plan ([`super::bot::plan`]). Alone, its value is the expected points still to come
//! on the scorecard ([`Table`]: the optimal solitaire policy), and a card starts at
//! [`Table::expected_score`] (254.59): `expected` is that, once a game. Against other cards, the
//! review is in **percentage points of the chance of winning** ([`Unit::Chance`]), as the bot
//! seats play there: each turn from the seat's chance at its start to its chance where it ended
//! (the other cards' turns move it too, between the seat's turns); `expected` is the chance at
//! the seat's first turn.

use dickey_solver::{counts_of, faces_of, sub_keeps, Choice as DickeyChoice, Counts, Table};

use crate::engine::table::{Event, TableEvent};
use crate::engine::Player;
use crate::games::getdickey;
use crate::strategy::review::{
    start_and_seat, turn_of, Builder, Ended, Review, ReviewError, Unit, NEGLIGIBLE,
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

/// A Get Dickey turn's plan, as the bot seats play it ([`super::bot::plan`]), with its values in
/// the review's unit: expected points still to come (alone), or percentage points of the chance
/// of winning (against other cards).
struct Plan<'a> {
    table: &'a Table,
    state: dickey_solver::State,
    plan: super::bot::Plan<'a>,
}

impl<'a> Plan<'a> {
    /// Judged by the plan itself, also where no play can win (every choice then worth 0: the
    /// bot seats' play for points costs nothing).
    fn new(table: &'a Table, game: &getdickey::Game, seat: usize) -> Plan<'a> {
        Plan {
            table,
            state: super::bot::state_of(&game.seats[seat].card),
            plan: super::bot::plan(game, table, seat),
        }
    }

    /// Values in chances are percentage points.
    fn scale(&self) -> f64 {
        if self.plan.to_win() {
            100.0
        } else {
            1.0
        }
    }

    /// The value of the turn before its first roll.
    fn start(&self) -> f64 {
        match &self.plan {
            super::bot::Plan::Points(_) => self.table.value(self.state),
            super::bot::Plan::ToWin(turn) => 100.0 * turn.value(),
        }
    }

    fn keep_value(&self, keep: &Counts, rolls_left: u8) -> f64 {
        self.scale() * self.plan.keep_value(keep, rolls_left)
    }

    /// The value of `hand` with `rolls_left` rolls left, and the optimal decision there.
    fn best(&self, hand: &Counts, rolls_left: u8) -> (f64, DickeyChoice) {
        let b = self.plan.best_box(hand);
        let mut best = (
            self.fill(hand, b).map_or(0.0, |(_, value)| value),
            DickeyChoice::Score(b),
        );
        if rolls_left > 0 {
            for keep in sub_keeps(hand) {
                if keep == *hand {
                    continue;
                }
                let value = self.keep_value(&keep, rolls_left);
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
        let value = match &self.plan {
            super::bot::Plan::Points(_) => f64::from(gained) + self.table.value(after),
            super::bot::Plan::ToWin(turn) => 100.0 * turn.box_value(hand, b)?,
        };
        Some((gained, value))
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
    let mut judging = Judging {
        review: Builder::new(seat, name),
        player,
        first: true,
        left: false,
        chance: None,
        points: 0,
    };
    judging.review.review.expected = table.expected_score();
    for event in &events[1..] {
        let before = turn_of(&game, seat).cloned();
        if let Some(turn) = &before {
            judging.turn_event(&Plan::new(table, &game, seat), turn, event);
        } else if leaves(event, player) && game.status() == crate::engine::Status::Playing {
            judging.left_between_turns(|| Plan::new(table, &game, seat).start());
        }
        game.evolve(event);
        let result = judging.game_over(&game, seat);
        // The seat's turn ended with this event.
        let ended = before.as_ref().is_some_and(|before| {
            !matches!(&game.phase, getdickey::Phase::Playing { turn } if turn.number == before.number)
        });
        if ended {
            let points = std::mem::take(&mut judging.points);
            judging.review.end_turn_at(points, judging.chance);
        }
        if let Some(result) = result {
            judging.review.finish_at(result);
            break;
        }
    }
    if !judging.left && judging.review.open.is_none() {
        judging.unfinished_card(&game, seat, table);
    }
    Ok(judging.review.review)
}

/// Whether `event` is `player` leaving the game.
fn leaves(event: &getdickey::Event, player: Player) -> bool {
    matches!(event, Event::Table(TableEvent::Left { player: who }) if *who == player)
}

/// One seat's review in the making, as the game's events go by.
struct Judging {
    review: Builder<DickeyAct>,
    player: Player,
    /// The seat's first turn is still to come (it sets the review's unit: judged in chances from
    /// the seat's first turn against other cards).
    first: bool,
    /// The seat left the game.
    left: bool,
    /// In chances: the seat's chance after the last event it was judged at; what moves it
    /// between two of those without a roll or decision of the seat's is the others' doing.
    chance: Option<f64>,
    /// The points of the seat's turn in progress (box, upper bonus and Dickey bonus).
    points: u32,
}

impl Judging {
    /// Judges `event`, made during the seat's `turn` (whose plan is `plan`).
    fn turn_event(&mut self, plan: &Plan, turn: &getdickey::Turn, event: &getdickey::Event) {
        let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
        let hand = turn.dice.and_then(|dice| counts_of(&dice));
        // The value where the turn stands: before its first roll, the card's.
        let value = match &hand {
            Some(hand) => plan.best(hand, rolls_left).0,
            None => plan.start(),
        };
        let unit = if plan.plan.to_win() {
            Unit::Chance
        } else {
            Unit::Points
        };
        self.open(turn, unit, value);
        let after = match event {
            Event::Game(getdickey::GameEvent::Rolled { dice }) => {
                self.rolled(plan, turn, hand.as_ref(), rolls_left, value, dice)
            }
            Event::Game(getdickey::GameEvent::Scored { category }) => match &hand {
                Some(hand) => self.scored(plan, hand, rolls_left, *category),
                None => value,
            },
            Event::Game(getdickey::GameEvent::TimedOut { dice, category }) => {
                self.timed_out(plan, turn, hand, value, dice, *category)
            }
            _ if leaves(event, self.player) => {
                self.review.forfeit(value, Ended::Left);
                self.left = true;
                0.0
            }
            _ => value,
        };
        self.chance = (unit == Unit::Chance).then_some(after);
    }

    /// Opens the seat's turn at `value` in `unit` (the first turn sets the review's unit), what
    /// moved its chance since the seat was last judged counted as the others' doing.
    fn open(&mut self, turn: &getdickey::Turn, unit: Unit, value: f64) {
        if self.first {
            self.first = false;
            self.review.review.unit = unit;
            if unit == Unit::Chance {
                self.review.review.expected = value;
            }
        }
        if unit == Unit::Chance {
            if let Some(last) = self.chance {
                self.review.others(value - last);
            }
        }
        self.review
            .open_turn(turn.round, unit, (unit == Unit::Chance).then_some(value));
    }

    /// A roll: the hold it was made with judged (after the first roll), then the roll's luck. The
    /// value after it.
    fn rolled(
        &mut self,
        plan: &Plan,
        turn: &getdickey::Turn,
        hand: Option<&Counts>,
        rolls_left: u8,
        value: f64,
        dice: &[getdickey::DieRoll],
    ) -> f64 {
        let chosen = match hand {
            Some(hand) => {
                let mut keep = [0u8; 6];
                let faces = turn.dice.unwrap_or_default();
                for (die, held) in turn.held.iter().enumerate() {
                    if *held {
                        keep[usize::from(faces[die]) - 1] += 1;
                    }
                }
                let chosen = plan.keep_value(&keep, rolls_left);
                let (best_value, best) = plan.best(hand, rolls_left);
                let act = DickeyAct::Reroll {
                    hand: faces_of(hand),
                    keep: faces_of(&keep),
                };
                self.review
                    .decided(act, plan.act(hand, best), chosen, best_value);
                chosen
            }
            None => value,
        };
        let after = rolled_hand(turn, dice);
        let after = plan.best(&after, rolls_left.saturating_sub(1).min(2)).0;
        self.review.rolled(chosen, after);
        after
    }

    /// `hand` scored in `category`, judged. The value after it.
    fn scored(
        &mut self,
        plan: &Plan,
        hand: &Counts,
        rolls_left: u8,
        category: getdickey::Category,
    ) -> f64 {
        let (gained, chosen) = plan.fill(hand, category.index()).unwrap_or((0, 0.0));
        self.points = gained;
        let (best_value, best) = plan.best(hand, rolls_left);
        let act = DickeyAct::Score {
            hand: faces_of(hand),
            category,
            points: gained,
        };
        self.review
            .decided(act, plan.act(hand, best), chosen, best_value);
        chosen
    }

    /// A timeout: the table rolls if need be, then fills the box worth most now; what that gives
    /// up is forfeited. The value after it.
    fn timed_out(
        &mut self,
        plan: &Plan,
        turn: &getdickey::Turn,
        hand: Option<Counts>,
        value: f64,
        dice: &[getdickey::DieRoll],
        category: getdickey::Category,
    ) -> f64 {
        let (hand, value) = match hand {
            Some(hand) => (hand, value),
            None => {
                let hand = rolled_hand(turn, dice);
                let after = plan.best(&hand, 2).0;
                self.review.rolled(value, after);
                (hand, after)
            }
        };
        let (gained, chosen) = plan.fill(&hand, category.index()).unwrap_or((0, 0.0));
        self.points = gained;
        self.review.forfeit(value - chosen, Ended::TimedOut);
        chosen
    }

    /// Leaving between turns gives up the rest of the card: in chances, the chance it had after
    /// the seat's last turn; else the card's value where it stands (`start`).
    fn left_between_turns(&mut self, start: impl FnOnce() -> f64) {
        let given_up = match self.chance {
            Some(last) => last,
            None => start(),
        };
        self.review.review.forfeited += given_up;
        if self.chance.is_some() {
            self.chance = Some(0.0);
        }
        self.left = true;
    }

    /// In chances, once the game is over: won, shared or lost (100, 100 / n or 0), whatever the
    /// model's chance said: the others' doing, if not the seat's own. `None` before the end, and
    /// in points.
    fn game_over(&mut self, game: &getdickey::Game, seat: usize) -> Option<f64> {
        let (getdickey::Phase::Finished { winners }, Some(last)) = (&game.phase, self.chance)
        else {
            return None;
        };
        let result = if winners.contains(&seat) {
            100.0 / winners.len() as f64
        } else {
            0.0
        };
        self.review.others(result - last);
        self.chance = Some(result);
        Some(result)
    }

    /// A card the game ended before it was full (it cannot be, in Get Dickey: kept for the
    /// identity) gives up its rest.
    fn unfinished_card(&mut self, game: &getdickey::Game, seat: usize, table: &Table) {
        let card = &game.seats[seat].card;
        if !card.is_full()
            && game.seats[seat].is_playing()
            && self.review.review.unit == Unit::Points
        {
            self.review.review.forfeited += table.value(super::bot::state_of(card));
        }
    }
}

/// The five dice after a roll of the turn's free dice (or of all five on its first roll).
fn rolled_hand(turn: &getdickey::Turn, dice: &[getdickey::DieRoll]) -> Counts {
    let mut faces = turn.dice.unwrap_or_default();
    for roll in dice {
        faces[usize::from(roll.die)] = roll.face;
    }
    counts_of(&faces).unwrap_or_default()
}
