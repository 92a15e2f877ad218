//! Playing to win before the final round, when an opponent is near the target.
//!
//! # When
//!
//! An opponent is near the target when a turn played for expected points reaches it with a chance
//! of 1 in 20 or more ([`forgetit_solver::race::NEAR`]; about 200 points short or less). Then the
//! game may end within a round, and points count only for what they do to the chance of winning:
//! a seat far behind must take risks, a seat that can reach the target wants a lead its opponents'
//! last turns (F10) are unlikely to beat, and a seat that cannot should not throw away what keeps
//! its own last turn within reach.
//!
//! # How
//!
//! The seat plays the turn in progress for the greatest chance of winning under a model of the
//! rest of the game that is solved exactly: two seats racing to the target, the seat and its
//! strongest opponent, who both play for expected points until one reaches it, after which the
//! other plays its last turn to win (the model, its equations and its approximations are in
//! [`forgetit_solver::race`]). The model gives the chance of winning for each score the turn can
//! bank: above the target, that no other seat's last turn beats it; below, that the seat wins the
//! race from there. The turn is then played for that utility with the exact turn recursion
//! ([`forgetit_solver::UtilityTurn`], the same as the final round's, [`super::endgame`]). This is a
//! one-turn improvement on the expected-points policy, judged by the model; the model's tables
//! (`Q`, the turn's score distribution, the race) are computed once per process (a second or two).
//!
//! When every opponent is further from the target, or the model gives the seat no chance at all,
//! the seat plays for expected points.

use std::sync::OnceLock;

use forgetit_solver::race::{PolicyTables, B_MAX};
use forgetit_solver::{turn_scores, Race, Reach, UtilityTurn};

use crate::games::forgetit::{multiplier, Game};

use super::endgame::TURN_CAP;
use super::solver::Solver;

/// The race model's tables: `Q` ([`Reach`]), and the race between two seats ([`Race`]) built on
/// the expected-points policy's score distribution.
pub struct Model {
    pub reach: Reach,
    pub race: Race,
    /// The chance that a turn played for expected points banks each score.
    pub scores: Vec<f64>,
}

/// The model, computed on first use and kept for the process.
pub fn model() -> &'static Model {
    static MODEL: OnceLock<Model> = OnceLock::new();
    MODEL.get_or_init(|| {
        let reach = Reach::solve(TURN_CAP, multiplier);
        let scores = PointsPolicy::new(&mut Solver::new()).scores();
        let race = Race::solve(&scores, &reach);
        Model {
            reach,
            race,
            scores,
        }
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
/// seat order) and the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceKey {
    pub total: u32,
    pub others: Vec<u32>,
    pub target: u32,
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
        let others: Vec<u32> = game.opponents_totals(turn.seat).collect();
        // Within the race table's reach first, so that games far from their end never build it.
        let short = |o: u32| target.saturating_sub(o);
        if others.iter().all(|&o| short(o) > B_MAX) {
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
            })
    }

    /// The turn played for the chance of winning this race.
    pub fn turn(&self) -> UtilityTurn {
        let model = model();
        let utility = model.race.utility(
            &model.reach,
            self.total,
            &self.others,
            self.target,
            TURN_CAP,
        );
        UtilityTurn::new(utility, TURN_CAP, multiplier)
    }
}
