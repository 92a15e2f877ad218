//! Playing to win before the final round, when a seat is near the target.
//!
//! # When
//!
//! Another seat is near the target when a turn played for expected points reaches it with a
//! chance of 1 in 20 or more ([`forgetit_solver::race::NEAR`]; about 200 points short or less).
//! Then the game may end within a round, and points count only for what they do to the chance of
//! winning: a seat far behind must take risks, a seat that can reach the target wants a lead the
//! others' last turns (F10) are unlikely to beat, and a seat that cannot should not throw away
//! what keeps its own last turn within reach.
//!
//! # How
//!
//! The seat plays the turn in progress for the greatest chance of winning under a model of the
//! rest of the game, against every other seat still playing ([`forgetit_solver::race`]: every seat
//! plays for expected points until one reaches the target, then each other plays its last turn to
//! beat the best total before it). The model gives the chance of winning for each score the turn
//! can bank: at or above the target, the share of the win the final round leaves the seat, exact
//! ([`forgetit_solver::Bar::share`]); below, the seat's chance in the race that goes on (exact with
//! two seats; with more, each pair's two-seat race combined, as the model's docs say). The turn is
//! then played for that utility with the exact turn recursion ([`forgetit_solver::UtilityTurn`],
//! the same as the final round's, [`super::endgame`]). This is a one-turn improvement on the
//! expected-points policy, judged by the model; the model's tables (the last turns' [`Bar`], the
//! turn's score distribution, the race) are computed once per process (a few seconds).
//!
//! When every other seat is further from the target, or the model gives the seat no chance at
//! all, the seat plays for expected points. `forgetit sim`'s policy `leader` plays the model the
//! bots played before, against the leader alone ([`RaceKey::leader_only`]), to compare with.

use std::sync::OnceLock;

use forgetit_solver::race::{PolicyTables, NEAR_MAX};
use forgetit_solver::{turn_scores, Bar, Race, UtilityTurn};

use crate::games::forgetit::{multiplier, Game};

use super::endgame::TURN_CAP;
use super::solver::Solver;

/// How a last turn played to beat a bar ends, for every bar ([`Bar`]): computed on first use
/// and kept for the process (a second or two).
pub fn bar() -> &'static Bar {
    static BAR: OnceLock<Bar> = OnceLock::new();
    BAR.get_or_init(|| Bar::solve(TURN_CAP, multiplier))
}

/// The race model's tables: the race between two seats ([`Race`]) built on the expected-points
/// policy's score distribution and the last turns' [`bar`].
pub struct Model {
    pub race: Race,
    /// The chance that a turn played for expected points banks each score.
    pub scores: Vec<f64>,
}

/// The model, computed on first use and kept for the process.
pub fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        let scores = PointsPolicy::new(&mut Solver::new()).scores();
        let race = Race::solve(&scores, bar());
        Model { race, scores }
    })
}

/// The expected-points policy's choices as plain tables, read many times over.
pub struct PointsPolicy {
    /// [`PolicyTables`]: banks, and the value per unit of the point number.
    banks: Vec<bool>,
    values: Vec<f64>,
}

/// Point dice the tables cover: past the cut-off with all nine aside a turn banks (K_BANK), so
/// no turn of the policy sets more aside than nine more.
const K_TABLE: u32 = super::solver::K_BANK + 10;

impl PointsPolicy {
    /// The choices of `solver` (`Solver::best_move`): bank when banking is worth at least rolling,
    /// keep the first of the best numbers.
    pub fn new(solver: &mut Solver) -> PointsPolicy {
        let mut banks = Vec::new();
        let mut values = Vec::new();
        for k in 0..K_TABLE {
            for i in 0..64u8 {
                let hand = [i / 16, i / 4 % 4, i % 4];
                for words in 0..8u8 {
                    let live = hand != [3, 3, 3] && words != 0b111;
                    banks.push(live && solver.should_bank(k, hand, words));
                    values.push(if live {
                        solver.value(k, hand, words)
                    } else {
                        0.0
                    });
                }
            }
        }
        PointsPolicy { banks, values }
    }

    /// The distribution of a turn's score under the policy.
    pub fn scores(&self) -> Vec<f64> {
        let tables = PolicyTables {
            banks: &self.banks,
            values: &self.values,
        };
        turn_scores(multiplier, &tables)
    }
}

/// What the race of a turn depends on: the seat's total, the other playing seats' totals (in
/// the order they play after the seat) and the target; and whether it is played against the
/// leader alone, as the bots played before ([`RaceKey::leader_only`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceKey {
    pub total: u32,
    pub others: Vec<u32>,
    pub target: u32,
    pub leader_only: bool,
    /// Short of the target, the two-seat race against the seat nearest it, not every seat's.
    pub nearest: bool,
}

impl RaceKey {
    /// The race of `game`'s turn: `Some` when a turn is being played before the final round and
    /// another playing seat is near the target.
    pub fn of(game: &Game) -> Option<RaceKey> {
        if game.state.final_round.is_some() {
            return None;
        }
        let turn = game.turn().ok()?;
        let target = game.settings.target;
        let n = game.seats.len();
        let others: Vec<u32> = (1..n)
            .map(|step| &game.seats[(turn.seat + step) % n])
            .filter(|s| s.is_playing())
            .map(|s| s.total)
            .collect();
        // Within the race table's reach first, so that games far from their end never build it.
        let short = |o: u32| target.saturating_sub(o);
        if others.iter().all(|&o| short(o) > NEAR_MAX) {
            return None;
        }
        let race = &model().race;
        others
            .iter()
            .any(|&o| race.near(short(o)))
            .then(|| RaceKey {
                total: game.seats[turn.seat].total,
                others,
                target,
                leader_only: false,
                nearest: false,
            })
    }

    /// Reaching the target judged exactly against every seat (the final round), staying short
    /// by the two-seat race against the seat nearest the target.
    pub fn nearest(self) -> RaceKey {
        RaceKey {
            nearest: true,
            ..self
        }
    }

    /// The same race as the bots played it before: a turn that reaches the target wins unless a
    /// later seat's last turn beats it, each taken alone (the product of their chances not to);
    /// one that stays short is the two-seat race against the seat nearest the target.
    pub fn leader_only(self) -> RaceKey {
        RaceKey {
            leader_only: true,
            ..self
        }
    }

    /// The turn played for the chance of winning this race.
    pub fn turn(&self) -> UtilityTurn {
        let model = model();
        let utility = if self.leader_only {
            let nearest = self.others.iter().copied().max().unwrap_or(0);
            (0..=TURN_CAP)
                .map(|s| {
                    let x = self.total + s;
                    if x >= self.target {
                        self.others
                            .iter()
                            .map(|&o| 1.0 - bar().beats(i64::from(x) - i64::from(o)))
                            .product()
                    } else {
                        let short = |t: u32| self.target - t;
                        model.race.waiting(short(x), short(nearest))
                    }
                })
                .collect()
        } else if self.nearest {
            let nearest = self.others.iter().copied().max().unwrap_or(0);
            (0..=TURN_CAP)
                .map(|s| {
                    let x = self.total + s;
                    if x >= self.target {
                        bar().share(x, (0, 0), &self.others)
                    } else {
                        let short = |t: u32| self.target - t;
                        model.race.waiting(short(x), short(nearest))
                    }
                })
                .collect()
        } else {
            model
                .race
                .utility(bar(), self.total, &self.others, self.target, TURN_CAP)
        };
        UtilityTurn::new(utility, TURN_CAP, multiplier)
    }
}
