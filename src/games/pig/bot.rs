//! Pig's bot seat and Odds (P5): the exact two-seat policy, which maximises the chance of
//! winning, by value iteration over (my score, the opponent's score, my turn total); with three
//! seats, the exact three-seat solution of the `pig-solver` crate (to [`THREE_MAX`]); with more,
//! that solution against the two leading opponents ([`Table::plan`], [`Standing`]).
//!
//! `P(i, j, k)` is the chance that the player on turn wins, with score `i`, the opponent's score
//! `j` and turn total `k`, both playing optimally. Holding gives `1 − P(j, i + k, 0)` (the
//! opponent is then on turn); rolling gives, for each face, a sixth of: `1 − P(j, i, 0)` for a 1
//! (the turn total is lost), 1 when `i + k + r` reaches the target (P3), else `P(i, j, k + r)`.
//! A turn starts with a roll (P2), so `P(i, j, 0)` is the roll's value.
//!
//! Only `P(i, j, 0)` is kept (target² values); a turn's values are worked out along its chain of
//! turn totals when needed. States are solved by layers of `i + j`, from the highest down: a
//! state's chain needs the opponent's `P(j, i + k, 0)` (a higher layer, for k ≥ 2) and
//! `P(j, i, 0)`, the same layer's mirror state. Each pair of mirror states is two unknowns, `x =
//! P(i, j, 0)` and `y = P(j, i, 0)`; for a fixed policy each is affine in the other, so the pair
//! is solved exactly (a 2×2 system), the policies re-chosen at the solution, and again until they
//! no longer change (policy iteration, a few rounds).

use crate::sync::Lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use pig_solver::Three;

use super::{Action, Game, Move};

/// The optimal policy's values for one target: the two-seat table, and (solved on first use by
/// a table of three) the exact three-seat solution where it fits ([`THREE_MAX`]).
#[derive(Clone, Debug)]
pub struct Table {
    target: u32,
    /// `P(i, j, 0)` at `i * target + j`.
    start: Vec<f64>,
    three: OnceLock<Option<Three>>,
}

/// Three seats are solved exactly up to this target (24 MB and about two seconds at 100, growing
/// with its cube); beyond, and with four seats or more, the model for several seats plays.
pub const THREE_MAX: u32 = 100;

/// A chain's value at turn total 0, as `a + b·y`, `y` being the mirror state's value.
#[derive(Clone, Copy, Debug)]
struct Affine {
    a: f64,
    b: f64,
}

impl Affine {
    fn at(self, y: f64) -> f64 {
        self.a + self.b * y
    }
}

/// A turn's chain of values, worked out for one `y`: at each turn total `k` its value, and
/// (k ≥ 1) its roll's value and its hold's, all affine in `y`.
#[derive(Clone, Debug)]
struct Chain {
    value: Vec<Affine>,
    roll: Vec<Affine>,
    hold: Vec<f64>,
    held: Vec<bool>,
    /// Turn totals below this are the chain's (from there on the turn has won).
    top: usize,
}

impl Chain {
    fn new(target: u32) -> Chain {
        let n = target as usize + 7;
        Chain {
            value: vec![Affine { a: 0.0, b: 0.0 }; n],
            roll: vec![Affine { a: 0.0, b: 0.0 }; n],
            hold: vec![0.0; n],
            held: vec![false; n],
            top: 0,
        }
    }

    /// True when every choice the chain made stays the best at `y`: then its values are exact
    /// there.
    fn holds_at(&self, y: f64) -> bool {
        (1..self.top).all(|k| (self.hold[k] >= self.roll[k].at(y)) == self.held[k])
    }
}

impl Table {
    /// Solves the game to `target` (a fraction of a second at 100 in a debug build; seconds at
    /// 1,000 in a release build).
    pub fn solve(target: u32) -> Table {
        let t = target as usize;
        let mut table = Table {
            target,
            start: vec![0.0; t * t],
            three: OnceLock::new(),
        };
        let (mut mine, mut theirs) = (Chain::new(target), Chain::new(target));
        for sum in (0..=2 * (t - 1)).rev() {
            let low = sum.saturating_sub(t - 1);
            // Neighbouring pairs of a layer have close values: each starts from the last.
            let mut guess = (0.5, 0.5);
            for i in (low..=sum / 2).rev() {
                let j = sum - i;
                let (x, y) = table.solve_pair(i as u32, j as u32, guess, &mut mine, &mut theirs);
                table.start[i * t + j] = x;
                table.start[j * t + i] = y;
                guess = (x, y);
            }
        }
        table
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// `P(i, j, 0)`, 1 once `i` reached the target, 0 once `j` did.
    fn p0(&self, i: u32, j: u32) -> f64 {
        if i >= self.target {
            1.0
        } else if j >= self.target {
            0.0
        } else {
            self.start[(i * self.target + j) as usize]
        }
    }

    /// The value of holding at `i`, `j` with turn total `k` (k ≥ 1).
    pub fn hold_value(&self, i: u32, j: u32, k: u32) -> f64 {
        1.0 - self.p0(j, i + k)
    }

    /// Solves the mirror states `(i, j)` and `(j, i)` (`i ≤ j`): their `P(·, ·, 0)`, by policy
    /// iteration from `guess`.
    fn solve_pair(
        &self,
        i: u32,
        j: u32,
        guess: (f64, f64),
        mine: &mut Chain,
        theirs: &mut Chain,
    ) -> (f64, f64) {
        let (mut x, mut y) = guess;
        if i == j {
            // One unknown: x = a + b·x.
            for _ in 0..64 {
                let f = self.chain(i, j, x, mine);
                x = f.a / (1.0 - f.b);
                if mine.holds_at(x) {
                    break;
                }
            }
            return (x, x);
        }
        for _ in 0..64 {
            let f = self.chain(i, j, y, mine); // x = f.a + f.b·y
            let g = self.chain(j, i, x, theirs); // y = g.a + g.b·x
            x = (f.a + f.b * g.a) / (1.0 - f.b * g.b);
            y = g.at(x);
            if mine.holds_at(y) && theirs.holds_at(x) {
                break;
            }
        }
        (x, y)
    }

    /// The chain of `(i, j, k)`, k from the highest down to 0, with each choice made at the
    /// mirror value `y`: the value at 0 as `a + b·y`.
    fn chain(&self, i: u32, j: u32, y: f64, chain: &mut Chain) -> Affine {
        let top = (self.target - i) as usize; // k ≥ top has won
        chain.top = top;
        let won = Affine { a: 1.0, b: 0.0 };
        chain.value[top..top + 7].fill(won);
        // The holds' values: 1 − P(j, i + k, 0), a row of the table.
        let row = (j * self.target + i) as usize;
        let holds = &self.start[row..row + top];
        // The sum of the values at k + 2 ..= k + 6, slid down as k falls.
        let mut sum = Affine { a: 5.0, b: 0.0 };
        for k in (0..top).rev() {
            let roll = Affine {
                a: (1.0 + sum.a) / 6.0,
                b: (sum.b - 1.0) / 6.0,
            };
            let value = if k == 0 {
                roll
            } else {
                let hold = 1.0 - holds[k];
                chain.roll[k] = roll;
                chain.hold[k] = hold;
                let held = hold >= roll.at(y);
                chain.held[k] = held;
                if held {
                    Affine { a: hold, b: 0.0 }
                } else {
                    roll
                }
            };
            chain.value[k] = value;
            // The window for k − 1 is k + 1 ..= k + 5.
            let out = chain.value[k + 6];
            let into = chain.value[k + 1];
            sum.a += into.a - out.a;
            sum.b += into.b - out.b;
        }
        chain.value[0]
    }

    /// The chance of winning if the player rolls once more (then plays on optimally), with score
    /// `i`, the opponent's `j` and turn total `k`.
    pub fn roll_value(&self, i: u32, j: u32, k: u32) -> f64 {
        let mut chain = Chain::new(self.target);
        let y = self.p0(j, i);
        self.chain(i, j, y, &mut chain);
        let top = self.target - i;
        let mut value = (1.0 - y) / 6.0;
        for r in 2..=6 {
            value += if k + r >= top {
                1.0
            } else {
                chain.value[(k + r) as usize].at(y)
            } / 6.0;
        }
        value
    }

    /// `P(i, j, k)`: the chance of winning from there, playing optimally.
    pub fn win_chance(&self, i: u32, j: u32, k: u32) -> f64 {
        if i + k >= self.target {
            return 1.0;
        }
        let roll = self.roll_value(i, j, k);
        if k == 0 {
            roll
        } else {
            roll.max(self.hold_value(i, j, k))
        }
    }

    /// True when rolling is the optimal move (a turn's first roll always is).
    pub fn should_roll(&self, i: u32, j: u32, k: u32) -> bool {
        k == 0 || self.roll_value(i, j, k) > self.hold_value(i, j, k)
    }
}

/// The first player's chance of winning under optimal play, to `target`.
pub fn first_player_chance(target: u32) -> f64 {
    Table::solve(target).win_chance(0, 0, 0)
}

/// The solutions of a service: a solved table per target, each solved once on first use.
#[derive(Default)]
pub struct Solutions(
    Mutex<HashMap<u32, Arc<OnceLock<Arc<Table>>>>>,
    OnceLock<Arc<pig_solver::Alone>>,
);

impl Solutions {
    /// The fewest expected turns to the daily deal's target alone, solved on first use (a
    /// millisecond).
    pub fn alone(&self) -> &pig_solver::Alone {
        self.1
            .get_or_init(|| Arc::new(pig_solver::Alone::solve(super::daily::TARGET)))
    }

    /// The table for `target`; the first call solves it and others for that target wait.
    pub fn get(&self, target: u32) -> Arc<Table> {
        let cell = self.0.locked().entry(target).or_default().clone();
        cell.get_or_init(|| Arc::new(Table::solve(target))).clone()
    }
}

/// Where the seat on turn stands against every other seat still playing (P5): its score, and
/// the others' in the order they play after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub score: u32,
    pub others: Vec<u32>,
}

impl Standing {
    /// The standing of `game`'s turn, `None` when no turn is in progress.
    pub fn of(game: &Game) -> Option<Standing> {
        let seat = game.turn().ok()?.seat;
        Some(Standing::of_seat(game, seat))
    }

    /// The standing of `seat`, the others in the order they play after it.
    pub fn of_seat(game: &Game, seat: usize) -> Standing {
        let n = game.seats.len();
        Standing {
            score: game.seats[seat].total,
            others: (1..n)
                .map(|step| &game.seats[(seat + step) % n])
                .filter(|s| s.is_playing())
                .map(|s| s.total)
                .collect(),
        }
    }

    /// The two opponents with the highest scores (the first in play order of equals), in the
    /// order they play after the seat.
    pub fn two_leading(&self) -> [u32; 2] {
        let mut by_score: Vec<usize> = (0..self.others.len()).collect();
        by_score.sort_by_key(|&i| std::cmp::Reverse(self.others[i]));
        let mut two = [by_score[0], by_score[1]];
        two.sort();
        two.map(|i| self.others[i])
    }

    /// The same seat as the bots counted it before: against the leading opponent alone.
    pub fn leader_only(&self) -> Standing {
        Standing {
            score: self.score,
            others: vec![self.others.iter().copied().max().unwrap_or(0)],
        }
    }
}

impl Table {
    /// The chance that a seat wins once its turn ends with `score`, the one other seat at
    /// `other` to move: `1 − P(other, score, 0)`.
    pub fn after_turn(&self, score: u32, other: u32) -> f64 {
        if score >= self.target {
            return 1.0;
        }
        1.0 - self.p0(other, score)
    }

    /// The exact three-seat solution for this target, solved on first use; `None` beyond
    /// [`THREE_MAX`].
    pub fn three(&self) -> Option<&Three> {
        self.three
            .get_or_init(|| (self.target <= THREE_MAX).then(|| Three::solve(self.target)))
            .as_ref()
    }

    /// The turn of the seat at `standing`, played for its chance of winning: with two seats the
    /// exact policy; with three (to [`THREE_MAX`]) the exact three-seat solution; with four or
    /// more, that solution against the two leading opponents; beyond [`THREE_MAX`], the two-seat
    /// policy against the leading one. Each is what the bot seats play (measured against the
    /// others: docs/performance.md). Its values: every turn total's, its roll's and its hold's.
    pub fn plan(&self, standing: &Standing) -> Plan {
        // The three-seat table is asked for only with three seats or more: a two-seat table
        // never pays for its solve.
        match standing.others.as_slice() {
            [] => self.two_seat_plan(standing.score, 0),
            [other] => self.two_seat_plan(standing.score, *other),
            others => match self.three() {
                Some(three) => {
                    let [b, c] = standing.two_leading();
                    Plan::of_three(
                        &three.turn(standing.score, b, c),
                        self.target,
                        standing.score,
                    )
                }
                None => {
                    let leader = others.iter().copied().max().unwrap_or(0);
                    self.two_seat_plan(standing.score, leader)
                }
            },
        }
    }

    /// True when `standing`'s chances are not exact: four seats or more (against the two
    /// leading opponents), or three past [`THREE_MAX`] (against the leading one).
    pub fn is_model(&self, standing: &Standing) -> bool {
        standing.others.len() > 2 || (standing.others.len() == 2 && self.target > THREE_MAX)
    }

    /// The exact two-seat turn of a seat at `score` against one at `other`, along its chain of
    /// turn totals.
    fn two_seat_plan(&self, score: u32, other: u32) -> Plan {
        let i = score;
        let top = self.target.saturating_sub(i) as usize; // a turn total from here wins (P3)
        let mut plan = Plan {
            value: vec![1.0; top + 7],
            roll: vec![0.0; top + 1],
            hold: vec![0.0; top + 1],
        };
        let lost = self.after_turn(i, other);
        for k in (0..top).rev() {
            let ahead: f64 = (2..=6).map(|r| plan.value[k + r]).sum();
            plan.roll[k] = (lost + ahead) / 6.0;
            plan.hold[k] = self.after_turn(i + k as u32, other);
            // A turn starts with a roll (P2).
            plan.value[k] = if k == 0 {
                plan.roll[k]
            } else {
                plan.roll[k].max(plan.hold[k])
            };
        }
        plan
    }
}

/// A turn played for the chance of winning ([`Table::plan`]), by turn total.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    value: Vec<f64>,
    roll: Vec<f64>,
    hold: Vec<f64>,
}

impl Plan {
    /// The plan of a turn from the exact three-seat solution's values, the seat at `score`.
    fn of_three(turn: &pig_solver::Turn, target: u32, score: u32) -> Plan {
        let top = target.saturating_sub(score) as usize;
        let mut plan = Plan {
            value: vec![1.0; top + 7],
            roll: vec![0.0; top + 1],
            hold: vec![0.0; top + 1],
        };
        for k in 0..top {
            plan.roll[k] = turn.roll_value(k as u32);
            plan.hold[k] = turn.hold_value(k as u32);
            plan.value[k] = if k == 0 {
                plan.roll[k]
            } else {
                plan.roll[k].max(plan.hold[k])
            };
        }
        plan
    }

    /// The chance of winning with turn total `k`, playing on optimally (1 once it wins).
    pub fn win_chance(&self, k: u32) -> f64 {
        self.value.get(k as usize).copied().unwrap_or(1.0)
    }

    /// The chance of winning if the seat rolls once more, then plays on optimally.
    pub fn roll_value(&self, k: u32) -> f64 {
        self.roll.get(k as usize).copied().unwrap_or(1.0)
    }

    /// The chance of winning if the seat holds with turn total `k`.
    pub fn hold_value(&self, k: u32) -> f64 {
        self.hold.get(k as usize).copied().unwrap_or(1.0)
    }

    /// True when rolling is the best move (a turn's first roll always is).
    pub fn should_roll(&self, k: u32) -> bool {
        k == 0 || self.roll_value(k) > self.hold_value(k)
    }
}

/// The optimal bot seat's move (P5), or `None` when no bot seat is on turn.
pub fn optimal(game: &Game, table: &Table) -> Option<Action> {
    play(game, table, false)
}

/// The bot seat's move as the bots played before, against the leading opponent alone (to
/// compare with, in simulations), or `None` when no bot seat is on turn.
pub fn leader(game: &Game, table: &Table) -> Option<Action> {
    play(game, table, true)
}

fn play(game: &Game, table: &Table, leader_only: bool) -> Option<Action> {
    let turn = game.turn().ok()?;
    let by = game.seats[turn.seat].player;
    if !by.is_bot() {
        return None;
    }
    let mut standing = Standing::of(game)?;
    if leader_only {
        standing = standing.leader_only();
    }
    let mv = if table.plan(&standing).should_roll(turn.total()) {
        Move::Roll
    } else {
        Move::Hold
    };
    Some(Action::Play { by, mv })
}

/// Rolls until the turn total reaches `n` (or the target), then holds: a simple policy for
/// `forgetit sim`. `None` when no bot seat is on turn.
pub fn hold_at(game: &Game, n: u32) -> Option<Action> {
    let turn = game.turn().ok()?;
    let by = game.seats[turn.seat].player;
    if !by.is_bot() {
        return None;
    }
    let k = turn.total();
    let mv = if turn.may_hold() && k >= n {
        Move::Hold
    } else {
        Move::Roll
    };
    Some(Action::Play { by, mv })
}

/// The Odds of the player on turn: their chance of winning if they hold now and if they roll
/// once more (then play on optimally), against every other seat ([`Table::plan`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds {
    /// `None` before the turn's first roll (holding is not allowed yet).
    pub hold: Option<f64>,
    pub roll: f64,
    /// The turn total.
    pub total: u32,
    /// The chances are the model's for several seats, not exact (four seats or more, or three
    /// past [`THREE_MAX`]).
    pub model: bool,
    /// The seats still playing.
    pub seats: usize,
}

impl Odds {
    /// The move the Odds recommend: the bot seat's ([`optimal`], [`Plan::should_roll`]): hold
    /// when holding is worth at least rolling on, roll otherwise (and always before the turn's
    /// first roll).
    pub fn best(&self) -> Move {
        match self.hold {
            Some(hold) if hold >= self.roll => Move::Hold,
            _ => Move::Roll,
        }
    }
}

/// The Odds of the player on turn, or `None` when no turn is in progress.
pub fn odds(game: &Game, table: &Table) -> Option<Odds> {
    let turn = game.turn().ok()?;
    let standing = Standing::of(game)?;
    let plan = table.plan(&standing);
    let k = turn.total();
    Some(Odds {
        hold: turn.may_hold().then(|| plan.hold_value(k)),
        roll: plan.roll_value(k),
        total: k,
        model: table.is_model(&standing),
        seats: standing.others.len() + 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-seat table never solves the three-seat one (a second of work and 24 MB it does not
    /// need); a table of three does, once.
    #[test]
    fn only_three_seats_solve_the_three_seat_table() {
        let table = Table::solve(30);
        for standing in [
            Standing {
                score: 0,
                others: vec![],
            },
            Standing {
                score: 12,
                others: vec![20],
            },
        ] {
            table.plan(&standing);
        }
        assert!(
            table.three.get().is_none(),
            "two seats solved the three-seat table"
        );
        table.plan(&Standing {
            score: 12,
            others: vec![20, 5],
        });
        assert!(matches!(table.three.get(), Some(Some(_))));
    }
}
