//! Playing a scorecard to win against other cards rather than for its expected score.
//!
//! Against others only winning counts (G7: the highest grand total wins, equal highest totals
//! share the win). A card's worth is then its chance of ending on top, and that depends on where
//! the others stand. The model:
//!
//! - **The others' final totals** ([`Finals`]): each other card is played by the optimal
//!   solitaire policy from where it stands (the bot seats' play when points were all that
//!   counted), independently of the others. A full card's total is known; with one box open, the
//!   distribution of its last turn under that policy is exact ([`Table::turn_gains`]); with more,
//!   it is a normal distribution with the policy's exact mean ([`Table::value`]) and variance
//!   ([`Table::variance`]), rounded to whole points.
//! - **A final total's share of the win** ([`Standings`]): with those distributions, the chance
//!   that every other card ends below `x`, a card level with it sharing the win
//!   (`1 / seats level at the top`), for every `x`.
//! - **The card played for that share** ([`Table::play_to_win`]): a turn is played for the share
//!   its end leads to, with the same turn recursion as the solitaire policy (hold, roll, score)
//!   but a utility of where the turn ends in place of points plus the expected rest. Where the
//!   turn leaves at most [`EXACT_AFTER`] boxes open, that utility is exact: the rest of the card
//!   is played out turn by turn for the share, by the same recursion, for every total it can have
//!   (the chance of reaching what wins, a tie counting its share, over the remaining boxes).
//!   Earlier, the rest of the card is taken as a normal distribution with the solitaire policy's
//!   mean and variance from where the turn leaves it, and the turn's utility is its expected
//!   share; so an early turn is played for points and for spread as much as either changes the
//!   chance of winning, one turn ahead.
//!
//! Alone (no other card), a card is played for points as before: the share of the win is 1
//! whatever it scores. The model's limits: the others are taken to play for points, not to
//! answer what this card does (so a later card in the last round is not modelled as chasing this
//! one), and a normal distribution is a poor fit for a card with several boxes left whose
//! outcomes are lumpy (a Dickey, 50 or 0). Its worth is measured by `forgetit sim` against the
//! solitaire policy (`docs/performance.md`).

use std::collections::HashMap;

use crate::{dice, hand_counts, Choice, Counts, State, Table, BOXES, HANDS, KEEPS};

/// Where a turn leaves at most this many boxes open, the rest of the card is played out exactly
/// for the share of the win (the last three rounds); before, it is the normal model's.
pub const EXACT_AFTER: u32 = 2;

/// A card's final total as a distribution: `pmf[i]` is the chance that it ends with `lo + i`.
#[derive(Clone, Debug, PartialEq)]
pub struct Finals {
    pub lo: u32,
    pub pmf: Vec<f64>,
}

impl Finals {
    /// A total known for certain.
    pub fn exactly(total: u32) -> Finals {
        Finals {
            lo: total,
            pmf: vec![1.0],
        }
    }

    /// The highest total it may end with.
    pub fn hi(&self) -> u32 {
        self.lo + self.pmf.len() as u32 - 1
    }

    /// The mean.
    pub fn mean(&self) -> f64 {
        self.pmf
            .iter()
            .enumerate()
            .map(|(i, p)| p * f64::from(self.lo + i as u32))
            .sum()
    }
}

/// The share of the win of every final total, against the others' [`Finals`] (G7).
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// `share[i]` for the total `lo + i`; below `lo` (every other card ends above) the share is
    /// 0, above the last 1.
    lo: u32,
    share: Vec<f64>,
}

impl Standings {
    /// Against `others`, each independent of the others: a total's share is the chance that no
    /// other card ends above it, a card level with it taking its part of the win.
    pub fn against(others: &[Finals]) -> Standings {
        let Some(lo) = others.iter().map(|f| f.lo).min() else {
            return Standings {
                lo: 0,
                share: vec![1.0],
            };
        };
        let hi = others.iter().map(Finals::hi).max().unwrap_or(lo);
        // Each other card's chance of ending below each total, summed once.
        let below: Vec<Vec<f64>> = others
            .iter()
            .map(|f| {
                let mut sum = 0.0;
                std::iter::once(0.0)
                    .chain(f.pmf.iter().map(|p| {
                        sum += p;
                        sum
                    }))
                    .collect()
            })
            .collect();
        let share = (lo..=hi + 1)
            .map(|x| {
                // ties[c]: the chance that c others end level with x and none above, so far.
                let mut ties = vec![1.0];
                for (other, below) in others.iter().zip(&below) {
                    let (below, level) = match x.checked_sub(other.lo) {
                        None => (0.0, 0.0),
                        Some(i) => {
                            let i = i as usize;
                            (
                                below[i.min(other.pmf.len())],
                                other.pmf.get(i).copied().unwrap_or(0.0),
                            )
                        }
                    };
                    let mut next = vec![0.0; ties.len() + 1];
                    for (c, &chance) in ties.iter().enumerate() {
                        next[c] += chance * below;
                        next[c + 1] += chance * level;
                    }
                    ties = next;
                }
                ties.iter()
                    .enumerate()
                    .map(|(c, chance)| chance / (1 + c) as f64)
                    .sum()
            })
            .collect();
        Standings { lo, share }
    }

    /// The share of the win of a final total `x`.
    pub fn share(&self, x: u32) -> f64 {
        if x < self.lo {
            return 0.0;
        }
        self.share
            .get((x - self.lo) as usize)
            .copied()
            .unwrap_or(1.0)
    }

    /// The expected share of a final total taken as normal with `mean` and `variance` (rounded to
    /// whole points): the normal read at 41 points from −4 to +4 standard deviations, weighted
    /// by its density, the share read at the nearest total.
    fn expected_share(&self, mean: f64, variance: f64) -> f64 {
        let sd = variance.sqrt();
        NORMAL_POINTS
            .iter()
            .map(|&(z, w)| w * self.share((mean + z * sd).round().max(0.0) as u32))
            .sum()
    }
}

/// [`Standings::expected_share`]'s points: `z` from −4 to 4 by 0.2, weights proportional to the
/// normal density, adding up to 1.
static NORMAL_POINTS: std::sync::LazyLock<Vec<(f64, f64)>> = std::sync::LazyLock::new(|| {
    let points: Vec<(f64, f64)> = (-20..=20)
        .map(|i| {
            let z = f64::from(i) / 5.0;
            (z, (-z * z / 2.0).exp())
        })
        .collect();
    let sum: f64 = points.iter().map(|(_, w)| w).sum();
    points.into_iter().map(|(z, w)| (z, w / sum)).collect()
});

/// A turn played for a utility of where it ends (the state after and the points it added), by the
/// solitaire policy's recursion: the best box for each hand, then the best hold before each roll.
pub struct PlayedFor {
    /// For each hand: the box it fills and what that is worth.
    scored: Vec<(usize, f64)>,
    /// For each hand: what filling each box is worth (NaN where it may not be filled).
    boxes: Vec<[f64; BOXES]>,
    /// What holding each keep is worth with one roll left, and with two.
    e3: Vec<f64>,
    e2: Vec<f64>,
    /// The turn's worth before its first roll.
    start: f64,
}

impl PlayedFor {
    /// The turn's worth before its first roll.
    pub fn value(&self) -> f64 {
        self.start
    }

    /// The box to fill with `hand`, the first in scorecard order on equal values.
    pub fn best_box(&self, hand: &Counts) -> usize {
        self.scored[crate::hand_index(hand).expect("five dice")].0
    }

    /// What scoring `hand` in its best box now is worth.
    pub fn score_value(&self, hand: &Counts) -> f64 {
        self.scored[crate::hand_index(hand).expect("five dice")].1
    }

    /// What filling box `b` with `hand` is worth; `None` where it may not be filled.
    pub fn box_value(&self, hand: &Counts, b: usize) -> Option<f64> {
        let value = *self.boxes[crate::hand_index(hand)?].get(b)?;
        (!value.is_nan()).then_some(value)
    }

    /// What holding `keep` and rolling the rest is worth, with `rolls_left` rolls left (1 or 2).
    pub fn keep_value(&self, keep: &Counts, rolls_left: u8) -> f64 {
        let k = dice().keep_index(keep);
        match rolls_left {
            2 => self.e2[k],
            _ => self.e3[k],
        }
    }

    /// What the best play with `hand` and `rolls_left` rolls left is worth.
    pub fn best_value(&self, hand: &Counts, rolls_left: u8) -> f64 {
        match self.choose(hand, rolls_left) {
            Choice::Score(_) => self.score_value(hand),
            Choice::Keep(keep) => self.keep_value(&keep, rolls_left),
        }
    }

    /// What to do with `hand` with `rolls_left` rolls left (0, 1 or 2): score now, or hold some
    /// dice and roll the rest. Scoring wins a tie, as in the solitaire policy.
    pub fn choose(&self, hand: &Counts, rolls_left: u8) -> Choice {
        let mut best = (Choice::Score(self.best_box(hand)), self.score_value(hand));
        if rolls_left == 0 {
            return best.0;
        }
        for keep in crate::sub_keeps(hand) {
            if keep == *hand {
                continue;
            }
            let value = self.keep_value(&keep, rolls_left);
            if value > best.1 + 1e-12 {
                best = (Choice::Keep(keep), value);
            }
        }
        best.0
    }
}

impl Table {
    /// The turn of `state` played for `terminal(after, gained)`, the utility of ending it in the
    /// state `after` having added `gained` points (box, upper bonus, Dickey bonus; G6's joker
    /// respected).
    pub fn turn_for(&self, state: State, mut terminal: impl FnMut(State, u32) -> f64) -> PlayedFor {
        let d = dice();
        let mut scored = vec![(usize::MAX, f64::NEG_INFINITY); HANDS];
        let mut boxes = vec![[f64::NAN; BOXES]; HANDS];
        let mut f3 = vec![0.0; HANDS];
        for (h, (slot, row)) in scored.iter_mut().zip(boxes.iter_mut()).enumerate() {
            let hand = hand_counts(h);
            for (b, cell) in row.iter_mut().enumerate() {
                if let Some((after, gained)) = self.fill(state, &hand, b) {
                    let value = terminal(after, gained);
                    *cell = value;
                    if value > slot.1 {
                        *slot = (b, value);
                    }
                }
            }
            f3[h] = slot.1;
        }
        let (mut e3, mut m) = (vec![0.0; KEEPS], vec![0.0; KEEPS]);
        d.expect(&f3, &mut e3);
        d.best_below(&e3, &mut m);
        let f2: Vec<f64> = (0..HANDS).map(|h| m[usize::from(d.hand_keep[h])]).collect();
        let mut e2 = vec![0.0; KEEPS];
        d.expect(&f2, &mut e2);
        d.best_below(&e2, &mut m);
        let (a, b) = (d.out_start[0] as usize, d.out_start[1] as usize);
        let start = (a..b)
            .map(|i| d.out_chance[i] * m[usize::from(d.hand_keep[usize::from(d.out_hand[i])])])
            .sum();
        PlayedFor {
            scored,
            boxes,
            e3,
            e2,
            start,
        }
    }

    /// The distribution of the points one turn of `state` adds under the optimal solitaire policy
    /// (`gains[g]`: the chance of adding `g`).
    pub fn turn_gains(&self, state: State) -> Vec<f64> {
        let d = dice();
        let turn = self.turn(state);
        let mut gains = Vec::new();
        let mut add = |g: u32, p: f64| {
            let g = g as usize;
            if gains.len() <= g {
                gains.resize(g + 1, 0.0);
            }
            gains[g] += p;
        };
        // The hands after the first roll, then after each later roll, with their chances.
        let mut hands = vec![0.0; HANDS];
        let (a, b) = (d.out_start[0] as usize, d.out_start[1] as usize);
        for i in a..b {
            hands[usize::from(d.out_hand[i])] += d.out_chance[i];
        }
        for rolls_left in [2u8, 1, 0] {
            let mut next = vec![0.0; HANDS];
            for (h, &p) in hands.iter().enumerate().filter(|(_, p)| **p > 0.0) {
                let hand = hand_counts(h);
                match turn.choose(&hand, rolls_left) {
                    Choice::Score(b) => {
                        let (_, gained) = self.fill(state, &hand, b).expect("a legal box");
                        add(gained, p);
                    }
                    Choice::Keep(keep) => {
                        let k = d.keep_index(&keep);
                        for i in d.out_start[k] as usize..d.out_start[k + 1] as usize {
                            next[usize::from(d.out_hand[i])] += p * d.out_chance[i];
                        }
                    }
                }
            }
            hands = next;
        }
        gains
    }

    /// The final total of a card at `state` with `total` points so far, played by the optimal
    /// solitaire policy: certain when it is full, exact with one box open, else normal with the
    /// policy's mean and variance (module docs).
    pub fn finals(&self, state: State, total: u32) -> Finals {
        let open = BOXES as u32 - state.filled.count_ones();
        match open {
            0 => Finals::exactly(total),
            1 => Finals {
                lo: total,
                pmf: self.turn_gains(state),
            },
            _ => {
                let mean = f64::from(total) + self.value(state);
                let sd = self.variance(state).sqrt().max(0.5);
                let lo = (mean - 6.0 * sd).floor().max(f64::from(total)) as u32;
                let hi = (mean + 6.0 * sd).ceil() as u32;
                let cdf = |x: f64| 0.5 * (1.0 + erf((x - mean) / (sd * std::f64::consts::SQRT_2)));
                let mut pmf: Vec<f64> = (lo..=hi)
                    .map(|x| cdf(f64::from(x) + 0.5) - cdf(f64::from(x) - 0.5))
                    .collect();
                let sum: f64 = pmf.iter().sum();
                pmf.iter_mut().for_each(|p| *p /= sum);
                Finals { lo, pmf }
            }
        }
    }

    /// The turn of a card at `state`, `total` points so far, played for its share of the win by
    /// `standings` (module docs).
    pub fn play_to_win(&self, state: State, total: u32, standings: &Standings) -> PlayedFor {
        let mut rest = Rest {
            table: self,
            standings,
            memo: HashMap::new(),
        };
        self.turn_for(state, |after, gained| rest.worth(after, total + gained))
    }
}

/// The worth of the rest of a card, by where a turn leaves it (memoized for one decision).
struct Rest<'a> {
    table: &'a Table,
    standings: &'a Standings,
    memo: HashMap<(State, u32), f64>,
}

impl Rest<'_> {
    /// The share of the win of a card at `state` with `total`, played on for it: exact with at
    /// most [`EXACT_AFTER`] boxes open, else by the normal model.
    fn worth(&mut self, state: State, total: u32) -> f64 {
        let open = BOXES as u32 - state.filled.count_ones();
        if open == 0 {
            return self.standings.share(total);
        }
        if open > EXACT_AFTER {
            let mean = f64::from(total) + self.table.value(state);
            return self
                .standings
                .expected_share(mean, self.table.variance(state));
        }
        if let Some(&known) = self.memo.get(&(state, total)) {
            return known;
        }
        let table = self.table;
        let value = table
            .turn_for(state, |after, gained| self.worth(after, total + gained))
            .value();
        self.memo.insert((state, total), value);
        value
    }
}

/// The error function (Abramowitz and Stegun 7.1.26, to 1.5·10⁻⁷).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}
