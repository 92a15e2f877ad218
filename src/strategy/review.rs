//! Reviews of a finished game: how one seat's play compares with the optimal policy. Pure: the
//! game's event log is replayed with the engine, and at each of the seat's decisions the action
//! taken is compared with the best one by the game's solver. Each game writes its own review
//! (`games::<game>::review`) with the [`Builder`] here; this module is what they share.
//!
//! # What is measured
//!
//! A *value* is what is still to come under optimal play from a situation, in the game's unit:
//! expected points, or (where the game is played to win, not for points) percentage points of
//! the chance of winning. Each game's review says what its value is.
//!
//! Each step of a turn moves the value:
//!
//! - a **decision** moves it from the best action's value to the chosen action's: the difference
//!   is what the decision **lost** (0 for an optimal one; a move that is the only one allowed is
//!   no decision);
//! - a **roll of the dice** moves it from the value before the roll (of the action that rolled)
//!   to the value of what the dice show: the difference is **luck** (positive when the dice were
//!   better than average);
//! - a turn whose deadline passed, or that its player left, is not the player's decision: what it
//!   gave up against the value it had is counted apart, as **forfeited**.
//!
//! So, exactly, for every seat: `points = expected + luck − lost − forfeited` ([`adds_up`]), where
//! `expected` is the value at the start of each of the seat's turns, or of its game; `points` is
//! in the same unit.
//!
//! In a review in chances throughout (Pig: [`Unit::Chance`]), the chance also moves between the
//! seat's turns (the others' dice and decisions) and at the game's end (won, lost, or shared): that
//! is luck too, the part [`Review::others`], and the review ends at [`Review::end`] (100 won, 0
//! lost, 100 / n for a win shared by n). So, exactly, `end = expected + luck − lost − forfeited`.
//!
//! # Mistakes
//!
//! Every decision's cost counts in the totals; only those of at least [`Unit::mistake`] (1 point;
//! 0.5 percentage point of the chance of winning) are listed as mistakes ([`Review::mistakes`]):
//! below that, the difference is too small to learn from, and would read as noise.
//!
//! # Two currencies
//!
//! Where the bot seats play to win rather than for points (For Get It's last turn and its race to
//! the target), a round is judged by the chance of winning, like the bot seat: its
//! [`TurnReview::unit`] is [`Unit::Chance`] in a review whose [`Review::unit`] is
//! [`Unit::Points`]. Such a round's values are percentage points of the chance of winning, and
//! they are **not** added into the review's totals (which stay in points, over the rounds judged
//! in points): the identity holds per currency. Over the rounds in the review's unit,
//! `points of those rounds = expected + luck − lost − forfeited`; in each round judged in
//! chances, `chance_before + luck − lost − forfeited = chance_after` (the chance the model gives
//! where the turn ended). [`adds_up`] checks both.

use crate::engine::table::{Event, Phase, Rules, TableEvent};
use crate::engine::Player;

/// Below this many expected points, a decision that differs from the best one costs nothing
/// (values are sums of floating-point terms; an exact tie shows as a difference of ~1e-13).
pub const NEGLIGIBLE: f64 = 1e-9;

/// The least a decision judged in points costs to be listed as a mistake: 1 expected point.
pub const MISTAKE_POINTS: f64 = 1.0;

/// The least a decision judged in chances costs to be listed as a mistake: 0.5 percentage point
/// of the chance of winning.
pub const MISTAKE_CHANCE: f64 = 0.5;

/// One seat's review of a finished game; `A` is the game's decisions (each game's own type).
#[derive(Clone, Debug, PartialEq)]
pub struct Review<A> {
    /// The reviewed seat.
    pub seat: usize,
    /// The seat's name.
    pub name: String,
    /// The seat's turns, in order.
    pub turns: Vec<TurnReview>,
    /// Every decision that lost at least [`Unit::mistake`] (in its round's unit), in the order
    /// they were made. Smaller costs count in `lost` all the same.
    pub mistakes: Vec<Mistake<A>>,
    /// The seat's final total.
    pub points: u32,
    /// What optimal play expects from the start of each turn, or of the game (each game says
    /// which; see [`Unit`]). This and the three totals below count the rounds judged in
    /// [`Review::unit`] only.
    pub expected: f64,
    /// Value lost by the seat's decisions.
    pub lost: f64,
    /// Value given up by turns that timed out or were left.
    pub forfeited: f64,
    /// The dice: the sum over the seat's rolls of the value after the roll minus before it; in a
    /// review in chances, with [`Review::others`].
    pub luck: f64,
    /// What the totals' values are.
    pub unit: Unit,
    /// In a review in chances, the part of `luck` that is not the seat's dice: what the other
    /// seats' turns (their dice, their decisions, their leaving) and the game's end moved the
    /// seat's chance by, between its turns and after its last. 0 in a review in points.
    pub others: f64,
    /// In a review in chances, the seat's chance once the game ended: 100 won, 0 lost (or left),
    /// 100 / n for a win shared by n seats. `expected + luck − lost − forfeited = end`.
    pub end: Option<f64>,
}

/// What a review's values are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unit {
    /// Expected points: `points = expected + luck − lost − forfeited` ([`adds_up`]).
    #[default]
    Points,
    /// Percentage points of the chance of winning; `expected` is the chance the seat had at
    /// its first turn.
    Chance,
}

impl Unit {
    /// The least a decision costs, in this unit, to be listed as a mistake ([`MISTAKE_POINTS`],
    /// [`MISTAKE_CHANCE`]); the same for a timeout to be listed.
    pub fn mistake(self) -> f64 {
        match self {
            Unit::Points => MISTAKE_POINTS,
            Unit::Chance => MISTAKE_CHANCE,
        }
    }
}

/// One turn of the reviewed seat.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// The turn's round, from 1, as the channel and the rules count them.
    pub number: u32,
    /// Points the turn added to the total (with any bonus it earned).
    pub points: u32,
    pub lost: f64,
    pub luck: f64,
    pub forfeited: f64,
    /// How the turn ended.
    pub end: Ended,
    /// How many of the turn's decisions are listed as mistakes (cost at least [`Unit::mistake`]).
    pub mistakes: usize,
    /// In a round judged in chances ([`Unit::Chance`]), the seat's chance of winning once the
    /// turn ended.
    pub chance_after: Option<f64>,
    /// How the round was judged: in a review in points, a round where the seat played to win is
    /// judged in chances, and its values are not in the review's totals.
    pub unit: Unit,
    /// In a round judged in chances, the seat's chance of winning at its start.
    pub chance_before: Option<f64>,
}

/// How a reviewed turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// By the player's own moves (banked, FORGET IT, a box filled).
    Played,
    /// Its deadline passed: the table banked or scored for the player.
    TimedOut,
    /// The player left the game during it.
    Left,
    /// The game ended during it (every other player left).
    Unfinished,
}

/// A decision that lost at least [`Unit::mistake`] in its round's unit.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake<A> {
    /// The round of the turn it was made in ([`TurnReview::number`]).
    pub turn: u32,
    pub chosen: A,
    /// What the optimal policy does there.
    pub best: A,
    /// Value lost: the best action's value minus the chosen one's.
    pub cost: f64,
    /// The values of the chosen action and of the best one, in the round's unit.
    pub chosen_value: f64,
    pub best_value: f64,
    /// The round's unit.
    pub unit: Unit,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("the event log does not replay: {0}")]
    Replay(String),
    #[error("that player has no seat in this game")]
    NotSeated,
}

/// Builds the review as the log is walked.
pub struct Builder<A> {
    pub review: Review<A>,
    /// The turn in progress of the seat, if any.
    pub open: Option<TurnReview>,
}

impl<A> Builder<A> {
    pub fn new(seat: usize, name: String) -> Builder<A> {
        Builder {
            review: Review {
                seat,
                name,
                turns: Vec::new(),
                mistakes: Vec::new(),
                points: 0,
                expected: 0.0,
                lost: 0.0,
                forfeited: 0.0,
                luck: 0.0,
                unit: Unit::Points,
                others: 0.0,
                end: None,
            },
            open: None,
        }
    }

    /// The turn in progress, opened (as a turn of round `round`, judged in the review's unit)
    /// if none is.
    pub fn turn(&mut self, round: u32) -> &mut TurnReview {
        let unit = self.review.unit;
        self.open_turn(round, unit, None)
    }

    /// The turn in progress, opened if none is as a turn of round `round` judged in `unit`, with
    /// (judged in chances) the seat's chance of winning at its start.
    pub fn open_turn(
        &mut self,
        round: u32,
        unit: Unit,
        chance_before: Option<f64>,
    ) -> &mut TurnReview {
        self.open.get_or_insert(TurnReview {
            number: round,
            points: 0,
            lost: 0.0,
            luck: 0.0,
            forfeited: 0.0,
            end: Ended::Played,
            mistakes: 0,
            chance_after: None,
            unit,
            chance_before,
        })
    }

    /// True when the turn in progress (or, between turns, the game) counts in the totals.
    fn in_totals(&self) -> bool {
        self.open
            .as_ref()
            .is_none_or(|turn| turn.unit == self.review.unit)
    }

    /// A decision worth `chosen` where `best` was worth `best_value`: what it cost counts in the
    /// totals, and it is listed as a mistake when that is at least [`Unit::mistake`].
    pub fn decided(&mut self, chosen: A, best: A, chosen_value: f64, best_value: f64) {
        let cost = (best_value - chosen_value).max(0.0);
        let in_totals = self.in_totals();
        let Some(turn) = self.open.as_mut() else {
            return;
        };
        if cost <= NEGLIGIBLE {
            return;
        }
        turn.lost += cost;
        if in_totals {
            self.review.lost += cost;
        }
        if cost >= turn.unit.mistake() {
            turn.mistakes += 1;
            let (number, unit) = (turn.number, turn.unit);
            self.review.mistakes.push(Mistake {
                turn: number,
                chosen,
                best,
                cost,
                chosen_value,
                best_value,
                unit,
            });
        }
    }

    pub fn rolled(&mut self, before: f64, after: f64) {
        let in_totals = self.in_totals();
        if let Some(turn) = self.open.as_mut() {
            turn.luck += after - before;
        }
        if in_totals {
            self.review.luck += after - before;
        }
    }

    /// In a review in chances, the seat's chance moved by `delta` through no roll or decision of
    /// its own (the others' turns, their leaving, the game's end): luck, counted as
    /// [`Review::others`], and in the turn in progress's luck if one is.
    pub fn others(&mut self, delta: f64) {
        if let Some(turn) = self.open.as_mut() {
            turn.luck += delta;
        }
        self.review.luck += delta;
        self.review.others += delta;
    }

    /// In a review in chances, the game ended with the seat's chance at `end` (100, 0 or a share).
    pub fn finish_at(&mut self, end: f64) {
        self.review.end = Some(end);
    }

    pub fn forfeit(&mut self, value: f64, end: Ended) {
        let in_totals = self.in_totals();
        if let Some(turn) = self.open.as_mut() {
            turn.forfeited += value;
            turn.end = end;
        }
        if in_totals {
            self.review.forfeited += value;
        }
    }

    pub fn end_turn(&mut self, points: u32) {
        self.end_turn_at(points, None);
    }

    /// Ends the turn, which left the seat's chance of winning at `chance_after` (a review in
    /// chances).
    pub fn end_turn_at(&mut self, points: u32, chance_after: Option<f64>) {
        if let Some(mut turn) = self.open.take() {
            turn.points = points;
            turn.chance_after = chance_after;
            self.review.turns.push(turn);
        }
        self.review.points += points;
    }
}

/// The game as its log starts it (created, nobody else seated yet), and the reviewed seat and
/// its name: `player`'s seat in the game the whole log makes (checked by replaying it).
pub fn start_and_seat<R: Rules>(
    events: &[Event<R::Settings, R::Event>],
    player: Player,
) -> Result<(crate::engine::table::Game<R>, usize, String), ReviewError> {
    let game = crate::engine::table::Game::<R>::replay(events)
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    let seat = game.seat_of(player).ok_or(ReviewError::NotSeated)?;
    let name = game.seats[seat].name.clone();
    let Some(Event::Table(TableEvent::Created {
        settings,
        host,
        name: host_name,
    })) = events.first()
    else {
        return Err(ReviewError::Replay("no created event".into()));
    };
    let (start, _) = crate::engine::table::Game::<R>::create(settings.clone(), *host, host_name)
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    Ok((start, seat, name))
}

/// The turn in progress of `seat`, if it is on turn.
pub fn turn_of<R: Rules>(game: &crate::engine::table::Game<R>, seat: usize) -> Option<&R::Turn> {
    use crate::engine::table::Turn as _;
    match &game.phase {
        Phase::Playing { turn } if turn.seat() == seat => Some(turn),
        _ => None,
    }
}

/// The review's end result: whether, over the rounds judged in the review's unit,
/// `points = expected + luck − lost − forfeited`, and in each round judged otherwise (in
/// chances), `chance_before + luck − lost − forfeited = chance_after` (to within floating-point
/// sums). A review in chances throughout ([`Unit::Chance`]: Pig) checks each round's identity and
/// the game's: `end = expected + luck − lost − forfeited` (its luck counts the others' turns).
pub fn adds_up<A>(review: &Review<A>) -> bool {
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let rounds = review.turns.iter().all(|t| match t.unit {
        Unit::Points => true,
        Unit::Chance => match (t.chance_before, t.chance_after) {
            (Some(before), Some(after)) => close(before + t.luck - t.lost - t.forfeited, after),
            _ => review.unit == Unit::Chance,
        },
    });
    let totals = match review.unit {
        Unit::Chance => review.end.is_none_or(|end| {
            close(
                review.expected + review.luck - review.lost - review.forfeited,
                end,
            )
        }),
        Unit::Points => {
            let other: u32 = review
                .turns
                .iter()
                .filter(|t| t.unit != review.unit)
                .map(|t| t.points)
                .sum();
            let sum = review.expected + review.luck - review.lost - review.forfeited;
            close(f64::from(review.points - other), sum)
        }
    };
    rounds && totals
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A review in points with a round judged in chances: the round's values stay out of the
    /// totals, its decisions carry their unit, and both identities are checked.
    #[test]
    fn a_round_judged_in_chances_stays_out_of_the_totals_in_points() {
        let mut b: Builder<&str> = Builder::new(0, "ann".into());
        // Round 1, in points: worth 50, a roll to 60, a bank of 40 where 60 was the best.
        b.review.expected += 50.0;
        b.turn(1);
        b.rolled(50.0, 60.0);
        b.decided("bank 40", "roll", 40.0, 60.0);
        b.end_turn(40);
        // Round 2, played to win: 30% at its start, a roll to 20%, a bank worth 5% where
        // rolling on kept 20%.
        b.open_turn(2, Unit::Chance, Some(30.0));
        b.rolled(30.0, 20.0);
        b.decided("bank 12", "roll", 5.0, 20.0);
        b.end_turn_at(12, Some(5.0));
        let review = b.review;
        assert_eq!(review.points, 52);
        assert_eq!(
            (review.expected, review.luck, review.lost),
            (50.0, 10.0, 20.0)
        );
        assert_eq!(review.turns[1].unit, Unit::Chance);
        assert_eq!((review.turns[1].luck, review.turns[1].lost), (-10.0, 15.0));
        let units: Vec<Unit> = review.mistakes.iter().map(|m| m.unit).collect();
        assert_eq!(units, [Unit::Points, Unit::Chance]);
        assert_eq!(review.mistakes[1].chosen_value, 5.0);
        assert!(adds_up(&review), "{review:?}");
        // A chance round whose identity fails, or points that do not add up, are caught.
        let mut broken = review.clone();
        broken.turns[1].chance_after = Some(6.0);
        assert!(!adds_up(&broken));
        let mut broken = review;
        broken.lost += 1.0;
        assert!(!adds_up(&broken));
    }

    /// A decision is listed as a mistake from 1 point (in points) or 0.5 percentage point (in
    /// chances); a smaller cost is not, but counts in the turn's and the review's totals.
    #[test]
    fn small_costs_count_in_the_totals_but_are_not_listed() {
        let mut b: Builder<&str> = Builder::new(0, "ann".into());
        b.turn(1);
        b.decided("a", "best", 9.1, 10.0);
        b.decided("b", "best", 9.0, 10.0);
        b.end_turn(0);
        b.open_turn(2, Unit::Chance, Some(40.0));
        b.decided("c", "best", 39.6, 40.0);
        b.decided("d", "best", 39.5, 40.0);
        b.end_turn_at(0, Some(39.1));
        let review = b.review;
        let listed: Vec<&str> = review.mistakes.iter().map(|m| m.chosen).collect();
        assert_eq!(listed, ["b", "d"]);
        assert_eq!((review.turns[0].mistakes, review.turns[1].mistakes), (1, 1));
        assert!((review.turns[0].lost - 1.9).abs() < 1e-9);
        assert!((review.turns[1].lost - 0.9).abs() < 1e-9);
        assert!((review.lost - 1.9).abs() < 1e-9, "in points only");
        // A tie is no cost at all.
        let mut b: Builder<&str> = Builder::new(0, "ann".into());
        b.turn(1);
        b.decided("a", "best", 10.0 - 1e-12, 10.0);
        assert_eq!(b.open.as_ref().unwrap().lost, 0.0);
    }

    /// A review in chances throughout ends at the game's result: the others' turns and the end
    /// are luck, so that the chance at the first turn + luck − lost − forfeited is the end.
    #[test]
    fn a_review_in_chances_adds_up_to_the_games_end() {
        let mut b: Builder<&str> = Builder::new(0, "ann".into());
        b.review.unit = Unit::Chance;
        b.review.expected = 50.0;
        b.open_turn(1, Unit::Chance, Some(50.0));
        b.rolled(50.0, 60.0);
        b.decided("hold", "roll", 58.0, 60.0);
        b.end_turn_at(5, Some(58.0));
        // The others' turn, then the game's end: lost.
        b.others(-20.0);
        b.others(-38.0);
        b.finish_at(0.0);
        let review = b.review;
        assert_eq!(review.others, -58.0);
        assert_eq!(review.luck, -48.0);
        assert!(adds_up(&review), "{review:?}");
        let mut broken = review;
        broken.end = Some(100.0);
        assert!(!adds_up(&broken));
    }
}
