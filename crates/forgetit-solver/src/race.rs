//! Playing to win near the end of a game: the race to the target, and the utility of a turn's
//! score that it gives (for [`crate::UtilityTurn`]).
//!
//! # The model
//!
//! A seat's chance of winning from here depends on the whole rest of the game; the bot estimates
//! it with a model of the end of the game, and then plays the turn in progress for the best
//! chance under that model (a one-turn look-ahead over it):
//!
//! - until someone reaches the target, every seat plays its turns for expected points: each turn
//!   banks `s` with the chance `D(s)` of the expected-points policy ([`turn_scores`]), `D(0)`
//!   being the chance of FORGET IT;
//! - once one reaches it, each other seat has one last turn (F10), in order, played to beat the
//!   best total before it ([`Bar`]).
//!
//! **Two seats** are solved exactly. With `a` and `b` the two seats' distances to the target,
//! `M(a, b)` the first seat's chance with it to move and `W(a, b)` with the other to move:
//!
//! - `M(a, b) = Σ D(s) · (s ≥ a ? 1 − beats(s − a + b) : W(a − s, b))`
//! - `W(a, b) = Σ D(s) · (s ≥ b ? beats(s − b + a) : M(a, b − s))`
//!
//! where `beats(m)` is the chance that a last turn ends above a lead of `m`, a tie counted half
//! ([`Bar::beats`]). The `s = 0` terms tie `M(a, b)` and `W(a, b)` together; the two equations
//! are solved for them exactly (`M = (A + D(0)·B) / (1 − D(0)²)` with `A`, `B` the other terms).
//! Every other term is at a smaller `a` or `b`, so one pass fills the table. Only distances
//! matter, not the target, so one table serves every target. Distances beyond the table count as
//! its edge ([`A_MAX`], 1,000 points: a seat that far behind has a chance near 0 either way).
//!
//! **More seats.** A turn that reaches the target starts the final round, and that is exact for
//! any number of seats ([`Bar::share`]: every other seat's last turn, in order). A turn that
//! stays short leaves a race between several seats, which the model does not solve exactly: it
//! combines the two-seat races of every pair of seats. For each pair `(i, j)`, `c(i, j)` is the
//! chance that `i` wins their two-seat race (`M` when `i` moves before `j`, `W` otherwise; every
//! other seat moves before the seat whose turn this is); a seat's strength is the product of its
//! chances against each other seat, `q(i) = Π_j c(i, j)`, and its chance of winning the game is
//! its share of the strengths, `q(i) / Σ_j q(j)`. With two seats this is the exact race; with
//! more it is the chance that a seat beats each of the others in their pairwise races, those
//! taken as independent and then normalized so that the seats' chances add up to 1 (the pairwise
//! comparisons' usual combination, as in the Bradley–Terry model). Its limits: the pairs are not
//! independent (a seat that does well beats everyone at once), and it knows nothing of a third
//! seat's last turn in a two-seat race; how much it is worth against the leader alone is measured
//! (`docs/performance.md`).
//!
//! Why every seat plays for points: that is the bot's own policy away from the end, and a model
//! of an opponent that banks as soon as its turn reaches the target was tried and played worse
//! (against the points player 49.9 % of 20,000 games against 50.6 % with this one; against
//! bank-at-50, 85.0 % of 10,000 against 85.7 %). The model is of a fixed policy, so its table is
//! not monotone everywhere: an opponent a few points short that plays on for points spells FORGET
//! IT more often than not, so the bot may rather stand just short of the target than reach it
//! with a lead its opponent's last turn would beat.

use crate::bar::Bar;
use crate::rolls::{hand_index, open_rolls, point_rolls, Hand, Keep, ALL_WORDS, FULL};
use crate::utility::Multiplier;

/// The greatest distance to the target the table keeps, for every seat.
pub const A_MAX: u32 = 1000;
/// The greatest distance to the target at which a seat can be near it ([`Race::near`]).
pub const NEAR_MAX: u32 = 300;
/// A seat is near the target when a turn played for points reaches it with this chance.
pub const NEAR: f64 = 0.05;

/// A policy that plays a turn for points, as tables by `k · 512 + hand_index(hand) · 8 + words`
/// (`k` point dice, dice in hand, words out this set) after the number is chosen: whether it
/// banks there (an empty hand: all nine aside), and the value per unit of the point number by
/// which it picks the number to keep (the first of the best). Past the tables it banks.
pub struct PolicyTables<'a> {
    pub banks: &'a [bool],
    pub values: &'a [f64],
}

impl PolicyTables<'_> {
    fn at(k: u32, hand: Hand, words: u8) -> usize {
        k as usize * 512 + hand_index(hand) * 8 + usize::from(words)
    }

    fn banks(&self, k: u32, hand: Hand, words: u8) -> bool {
        self.banks
            .get(Self::at(k, hand, words))
            .copied()
            .unwrap_or(true)
    }

    fn keep(&self, words: u8, keeps: &[Keep]) -> usize {
        let mut best = (0, f64::MIN);
        for (i, &(p, k, left)) in keeps.iter().enumerate() {
            let per_unit = self.values.get(Self::at(k, left, words)).copied();
            let value = f64::from(p) * per_unit.unwrap_or(f64::MAX);
            if value > best.1 {
                best = (i, value);
            }
        }
        best.0
    }
}

/// The distribution of one turn's banked score under `policy`: `scores[s]` is the chance of
/// banking `s` (`scores[0]`: FORGET IT).
pub fn turn_scores(mult: Multiplier, policy: &PolicyTables) -> Vec<f64> {
    let mut scores = vec![0.0];
    let add = |scores: &mut Vec<f64>, s: u32, mass: f64| {
        let s = s as usize;
        if scores.len() <= s {
            scores.resize(s + 1, 0.0);
        }
        scores[s] += mass;
    };
    // Before the number is chosen: mass by (hand, words), hands shrinking.
    let mut open = vec![0.0; 64 * 8];
    open[hand_index(FULL) * 8] = 1.0;
    // After: mass by number, point dice, then (hand, words).
    let mut kept: [Vec<Vec<f64>>; 5] = Default::default();
    let put = |kept: &mut [Vec<Vec<f64>>; 5], p: u8, k: u32, hand: Hand, words: u8, m: f64| {
        let level = &mut kept[usize::from(p - 1)];
        if level.len() <= k as usize {
            level.resize(k as usize + 1, vec![0.0; 64 * 8]);
        }
        let words = if hand == [0, 0, 0] { 0 } else { words };
        level[k as usize][hand_index(hand) * 8 + usize::from(words)] += m;
    };
    for hand in hands_largest_first() {
        for words in 0..ALL_WORDS {
            let mass = std::mem::take(&mut open[hand_index(hand) * 8 + usize::from(words)]);
            if mass == 0.0 {
                continue;
            }
            let rolls = open_rolls(hand);
            let same: f64 = rolls
                .iter()
                .filter(|r| r.keeps.is_empty() && r.shown == 0)
                .map(|r| r.chance)
                .sum();
            let mass = mass / (1.0 - same);
            for roll in rolls {
                let now = words | roll.shown;
                if now == ALL_WORDS {
                    add(&mut scores, 0, mass * roll.chance);
                } else if !roll.keeps.is_empty() {
                    let (p, k, left) = roll.keeps[policy.keep(now, &roll.keeps)];
                    put(&mut kept, p, k, left, now, mass * roll.chance);
                } else if roll.shown != 0 {
                    open[hand_index(roll.after_words) * 8 + usize::from(now)] += mass * roll.chance;
                }
            }
        }
    }
    for p in 1..=5u8 {
        let mut k = 0u32;
        while (k as usize) < kept[usize::from(p - 1)].len() {
            // Within one count of point dice, mass only moves to smaller hands, or from an empty
            // hand to a new set: sweep until none is left at this count.
            loop {
                let mut moved = false;
                for hand in std::iter::once([0, 0, 0]).chain(hands_largest_first()) {
                    for words in 0..ALL_WORDS {
                        let index = hand_index(hand) * 8 + usize::from(words);
                        let mass = std::mem::take(&mut kept[usize::from(p - 1)][k as usize][index]);
                        if mass == 0.0 {
                            continue;
                        }
                        moved = true;
                        if policy.banks(k, hand, words) {
                            add(&mut scores, u32::from(p) * k * mult(k), mass);
                            continue;
                        }
                        let (hand, words) = if hand == [0, 0, 0] {
                            (FULL, 0)
                        } else {
                            (hand, words)
                        };
                        let rolls = point_rolls(hand);
                        let same: f64 = rolls
                            .iter()
                            .filter(|r| r.points == 0 && r.shown == 0)
                            .map(|r| r.chance)
                            .sum();
                        let mass = mass / (1.0 - same);
                        for roll in rolls {
                            let now = words | roll.shown;
                            if now == ALL_WORDS {
                                add(&mut scores, 0, mass * roll.chance);
                            } else if roll.points != 0 || roll.shown != 0 {
                                let m = mass * roll.chance;
                                put(&mut kept, p, k + roll.points, roll.left, now, m);
                            }
                        }
                    }
                }
                if !moved {
                    break;
                }
            }
            k += 1;
        }
    }
    scores
}

/// Every hand but the empty one, the most dice first.
fn hands_largest_first() -> impl Iterator<Item = Hand> {
    (1..=9u8).rev().flat_map(|size| {
        (0..64u8)
            .map(|i| [i / 16, i / 4 % 4, i % 4])
            .filter(move |h| h.iter().sum::<u8>() == size)
    })
}

/// The two-seat race table, `M` and `W` by distances to the target (module docs).
#[derive(Clone, Debug)]
pub struct Race {
    /// `M(a, b)` at `a · (A_MAX + 1) + b`; row and column 0 are unused. Kept in single precision
    /// (8 MB for both; solved in double).
    to_move: Vec<f32>,
    /// `W(a, b)`, the same way.
    waiting: Vec<f32>,
    /// `tail[n]`: the chance that a turn for points banks `n` or more.
    tail: Vec<f64>,
}

fn at(a: u32, b: u32) -> usize {
    a as usize * (A_MAX as usize + 1) + b as usize
}

impl Race {
    /// Solves the race: `points` is the chance of each score of a turn played for points
    /// ([`turn_scores`]); last turns end as `bar` says.
    pub fn solve(points: &[f64], bar: &Bar) -> Race {
        let lost = points[0];
        let turn: Vec<(u32, f64)> = (1..points.len())
            .filter(|&s| points[s] > 0.0)
            .map(|s| (s as u32, points[s]))
            .collect();
        let size = (A_MAX as usize + 1) * (A_MAX as usize + 1);
        let (mut to_move, mut waiting) = (vec![0.0; size], vec![0.0; size]);
        for a in 1..=A_MAX {
            for b in 1..=A_MAX {
                let (mut seat, mut other) = (0.0, 0.0);
                for &(s, chance) in &turn {
                    seat += chance
                        * if s >= a {
                            1.0 - bar.beats(i64::from(s) - i64::from(a) + i64::from(b))
                        } else {
                            waiting[at(a - s, b)]
                        };
                    other += chance
                        * if s >= b {
                            bar.beats(i64::from(s) - i64::from(b) + i64::from(a))
                        } else {
                            to_move[at(a, b - s)]
                        };
                }
                let loop_gain = 1.0 - lost * lost;
                to_move[at(a, b)] = (seat + lost * other) / loop_gain;
                waiting[at(a, b)] = (other + lost * seat) / loop_gain;
            }
        }
        let mut tail = points.to_vec();
        for s in (0..tail.len().saturating_sub(1)).rev() {
            tail[s] += tail[s + 1];
        }
        let single = |v: Vec<f64>| v.into_iter().map(|x| x as f32).collect();
        Race {
            to_move: single(to_move),
            waiting: single(waiting),
            tail,
        }
    }

    /// `M(a, b)`: the first seat's chance, `a` points short, the other `b` short, the first to
    /// move.
    pub fn to_move(&self, a: u32, b: u32) -> f64 {
        f64::from(self.to_move[at(a.clamp(1, A_MAX), b.clamp(1, A_MAX))])
    }

    /// `W(a, b)`: the same with the other seat to move.
    pub fn waiting(&self, a: u32, b: u32) -> f64 {
        f64::from(self.waiting[at(a.clamp(1, A_MAX), b.clamp(1, A_MAX))])
    }

    /// The chance that a turn played for points banks `n` or more.
    pub fn reaches(&self, n: u32) -> f64 {
        self.tail.get(n as usize).copied().unwrap_or(0.0)
    }

    /// True when a seat `short` points from the target reaches it in one turn for points with
    /// chance [`NEAR`] or more: the race is on.
    pub fn near(&self, short: u32) -> bool {
        short <= NEAR_MAX && self.reaches(short) >= NEAR
    }

    /// The chance of winning of each seat, none of which has reached the target, by the model
    /// for several seats (module docs): `short` is each seat's distance to the target, in the
    /// order they play from now (the first moves next). With two seats, the exact race.
    pub fn field(&self, short: &[u32]) -> Vec<f64> {
        let strength: Vec<f64> = (0..short.len())
            .map(|i| {
                (0..short.len())
                    .filter(|&j| j != i)
                    .map(|j| {
                        if i < j {
                            self.to_move(short[i], short[j])
                        } else {
                            self.waiting(short[i], short[j])
                        }
                    })
                    .product()
            })
            .collect();
        let sum: f64 = strength.iter().sum();
        if sum <= 0.0 {
            return vec![1.0 / short.len() as f64; short.len()];
        }
        strength.iter().map(|q| q / sum).collect()
    }

    /// The utility of the turn in progress by banked score up to `cap` (module docs): the seat
    /// has `total`, the other seats still playing have `others`, in the order they play after it,
    /// the game ends at `target`, and no final round has begun.
    pub fn utility(
        &self,
        bar: &Bar,
        total: u32,
        others: &[u32],
        target: u32,
        cap: u32,
    ) -> Vec<f64> {
        (0..=cap)
            .map(|s| {
                let x = total + s;
                if x >= target {
                    bar.share(x, (0, 0), others)
                } else {
                    // Everyone else moves before the seat moves again: it is last in the order.
                    let short: Vec<u32> = others
                        .iter()
                        .map(|&o| target - o)
                        .chain([target - x])
                        .collect();
                    self.field(&short)[others.len()]
                }
            })
            .collect()
    }
}
