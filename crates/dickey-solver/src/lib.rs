//! The optimal solitaire strategy of Get Dickey (the Yahtzee family): the policy that maximizes the
//! expected final score of one scorecard — upper bonus, Dickey bonuses and the G6 joker included —
//! and its values, by dynamic programming.
//!
//! This crate is pure arithmetic on dice and has no rules text of its own: what a hand scores in a
//! box comes from the caller (the game engine) as a [`Scoring`]. What it knows is the card's
//! structure as `docs/RULES.md` gives it: thirteen boxes in scorecard order, the six upper
//! boxes (box `i` counts face `i + 1`) with 35 when they add up to 63 or more (G3), the Dickey box
//! (box 11), and G6: five alike with the Dickey box filled earns 100 when that box holds 50, and is
//! a joker that must fill the upper box of its face while it is open, else any open box, scored by
//! the joker column of the [`Scoring`].
//!
//! It is its own crate so that it can be compiled optimized in debug builds and tests (see the
//! workspace's `Cargo.toml`): the full solve is billions of additions.
//!
//! # States
//!
//! Between turns, all that matters for the rest of a scorecard is a [`State`]: which boxes are
//! filled, the upper subtotal capped at 63 (past 63 only "bonus earned" matters, and the bonus is
//! counted when the subtotal crosses 63), and whether the Dickey box holds 50 (for G6's bonus).
//! That is 2¹³ × 64 × 2 states, of which those with a subtotal the filled upper boxes can reach
//! are solved (about 536,000). A state's value is the expected score still to come under optimal
//! play. Every turn fills one box, so values are computed from the full card (worth 0) backwards,
//! one number of filled boxes at a time, the states of one level in parallel.
//!
//! # A turn
//!
//! For a state, with `h` a hand of five dice (252 of them, as multisets) and `K` a keep (the dice
//! held: 0 to 5 dice, 462 multisets):
//!
//! - `F3[h]`: the value of scoring `h` now — the best open box's points and bonuses plus the value
//!   of the state that leaves;
//! - `E3[K] = Σ P(K → h) · F3[h]`: the value of holding `K` and rolling the rest for the last time;
//! - `F2[h] = max(F3[h], max_{K ⊊ h} E3[K])`: the value of the hand after the second roll;
//! - `E2`, `F1` likewise, and the state's value is `Σ P(h) · F1[h]` over the first roll.
//!
//! `max_{K ⊆ h}` is taken on the lattice of keeps: a keep's best value with its sub-keeps is the max
//! of its own and of those of the keeps with one die fewer, so each level costs 462 × ≤ 6 steps;
//! each `E` is a sparse product with 4,368 terms.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

pub mod win;

/// The boxes of a scorecard.
pub const BOXES: usize = 13;
/// The upper boxes are the first six: box `i` counts the dice showing `i + 1`.
pub const UPPER_BOXES: usize = 6;
/// The Dickey box (five alike, 50).
pub const DICKEY: usize = 11;
/// Distinct hands of five dice.
pub const HANDS: usize = 252;
/// Distinct keeps (multisets of 0 to 5 dice).
pub const KEEPS: usize = 462;

const FULL_CARD: u16 = (1 << BOXES) - 1;
const UPPER_CAP: u8 = 63;
const UPPER_BONUS: u32 = 35;
const DICKEY_POINTS: u32 = 50;
const DICKEY_BONUS: u32 = 100;
/// States are indexed `filled << 7 | upper << 1 | dickey50`.
const STATES: usize = 1 << (BOXES + 7);
const MAGIC: &[u8; 16] = b"getdickey-opt-v3";

/// Dice counted by face: `counts[f - 1]` dice show `f`.
pub type Counts = [u8; 6];

/// The number of dice in `counts`.
pub fn size(counts: &Counts) -> u8 {
    counts.iter().sum()
}

/// The counts of some dice faces (1–6); `None` if a face is out of range or there are more than five.
pub fn counts_of(faces: &[u8]) -> Option<Counts> {
    if faces.len() > 5 {
        return None;
    }
    let mut counts = [0u8; 6];
    for &f in faces {
        *counts.get_mut(usize::from(f).checked_sub(1)?)? += 1;
    }
    Some(counts)
}

/// The faces of `counts`, ascending.
pub fn faces_of(counts: &Counts) -> Vec<u8> {
    (1..=6u8)
        .flat_map(|f| std::iter::repeat_n(f, usize::from(counts[usize::from(f - 1)])))
        .collect()
}

fn code(counts: &Counts) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |acc, &n| acc * 6 + usize::from(n))
}

fn factorial(n: u8) -> f64 {
    (1..=u32::from(n)).map(f64::from).product()
}

/// The chance that rolling `size(counts)` dice shows exactly `counts`.
fn chance(counts: &Counts) -> f64 {
    let n = size(counts);
    factorial(n) / counts.iter().map(|&c| factorial(c)).product::<f64>()
        * (1.0f64 / 6.0).powi(i32::from(n))
}

/// Every keep and hand, and the sparse tables between them.
struct Dice {
    keeps: Vec<Counts>,
    /// Keep index by [`code`].
    index: Vec<u16>,
    /// The keep index of each hand.
    hand_keep: Vec<u16>,
    /// The hand index of each keep of five dice (`u16::MAX` for smaller keeps).
    keep_hand: Vec<u16>,
    /// The face of each hand that is five alike (0 for the others).
    five_alike: Vec<u8>,
    /// For each keep: the hands rolling the other dice can end in, with their chances.
    out_start: Vec<u32>,
    out_hand: Vec<u16>,
    out_chance: Vec<f64>,
    /// For each keep: the keeps with one die fewer.
    child_start: Vec<u32>,
    child: Vec<u16>,
}

impl Dice {
    fn new() -> Dice {
        // Every count vector of at most five dice, smallest keeps first (the lattice walks
        // children before parents).
        let mut keeps: Vec<Counts> = (0..6usize.pow(6))
            .map(|code| std::array::from_fn(|f| (code / 6usize.pow(f as u32) % 6) as u8))
            .filter(|c: &Counts| size(c) <= 5)
            .collect();
        keeps.sort_by_key(size);
        debug_assert_eq!(keeps.len(), KEEPS);
        let mut index = vec![u16::MAX; 6usize.pow(6)];
        for (i, k) in keeps.iter().enumerate() {
            index[code(k)] = i as u16;
        }
        let hand_keep: Vec<u16> = (0..KEEPS as u16)
            .filter(|&k| size(&keeps[usize::from(k)]) == 5)
            .collect();
        debug_assert_eq!(hand_keep.len(), HANDS);
        let mut keep_hand = vec![u16::MAX; KEEPS];
        for (h, &k) in hand_keep.iter().enumerate() {
            keep_hand[usize::from(k)] = h as u16;
        }
        let five_alike = hand_keep
            .iter()
            .map(|&k| {
                let c = &keeps[usize::from(k)];
                c.iter().position(|&n| n == 5).map_or(0, |f| f as u8 + 1)
            })
            .collect();
        let (mut out_start, mut out_hand, mut out_chance) = (vec![0u32], Vec::new(), Vec::new());
        let (mut child_start, mut child) = (vec![0u32], Vec::new());
        for keep in &keeps {
            let rolled = 5 - size(keep);
            for more in keeps.iter().filter(|m| size(m) == rolled) {
                let mut hand = *keep;
                for f in 0..6 {
                    hand[f] += more[f];
                }
                let h = keep_hand[usize::from(index[code(&hand)])];
                out_hand.push(h);
                out_chance.push(chance(more));
            }
            out_start.push(out_hand.len() as u32);
            for f in 0..6 {
                if keep[f] > 0 {
                    let mut less = *keep;
                    less[f] -= 1;
                    child.push(index[code(&less)]);
                }
            }
            child_start.push(child.len() as u32);
        }
        Dice {
            keeps,
            index,
            hand_keep,
            keep_hand,
            five_alike,
            out_start,
            out_hand,
            out_chance,
            child_start,
            child,
        }
    }

    fn keep_index(&self, counts: &Counts) -> usize {
        usize::from(self.index[code(counts)])
    }

    fn hand_index(&self, counts: &Counts) -> usize {
        usize::from(self.keep_hand[self.keep_index(counts)])
    }

    /// `e[K] = Σ P(K → h) f[h]` for every keep.
    fn expect(&self, f: &[f64], e: &mut [f64]) {
        for (k, slot) in e.iter_mut().enumerate() {
            let (a, b) = (self.out_start[k] as usize, self.out_start[k + 1] as usize);
            let mut sum = 0.0;
            for i in a..b {
                sum += self.out_chance[i] * f[usize::from(self.out_hand[i])];
            }
            *slot = sum;
        }
    }

    /// `m[K] = max of e over K and its sub-keeps` (keeps come smallest first).
    fn best_below(&self, e: &[f64], m: &mut [f64]) {
        for k in 0..KEEPS {
            let mut best = e[k];
            for i in self.child_start[k] as usize..self.child_start[k + 1] as usize {
                best = best.max(m[usize::from(self.child[i])]);
            }
            m[k] = best;
        }
    }

    /// [`Dice::best_below`], with `ms[K]` the second moment `t` of the keep that gives `m[K]`
    /// (the keep itself on equal values, else the first sub-keep that is better).
    fn best_below_with(&self, e: &[f64], t: &[f64], m: &mut [f64], ms: &mut [f64]) {
        for k in 0..KEEPS {
            let (mut best, mut second) = (e[k], t[k]);
            for i in self.child_start[k] as usize..self.child_start[k + 1] as usize {
                let c = usize::from(self.child[i]);
                if m[c] > best {
                    (best, second) = (m[c], ms[c]);
                }
            }
            m[k] = best;
            ms[k] = second;
        }
    }
}

fn dice() -> &'static Dice {
    static DICE: OnceLock<Dice> = OnceLock::new();
    DICE.get_or_init(Dice::new)
}

/// The index of a hand of five dice among the [`HANDS`], `None` if `counts` is not five dice.
pub fn hand_index(counts: &Counts) -> Option<usize> {
    (size(counts) == 5).then(|| dice().hand_index(counts))
}

/// The counts of the hand with index `h`.
pub fn hand_counts(h: usize) -> Counts {
    let d = dice();
    d.keeps[usize::from(d.hand_keep[h])]
}

/// What every hand scores in every box, from the caller's rules: ordinary points, and points as a
/// joker (G6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    points: Vec<[u16; BOXES]>,
    joker: Vec<[u16; BOXES]>,
}

impl Scoring {
    /// Builds the tables from `score(box, faces, joker)`: what the five `faces` (ascending) score
    /// in `box` (0–12, scorecard order), as a joker or not.
    pub fn new(score: impl Fn(usize, [u8; 5], bool) -> u32) -> Scoring {
        let table = |joker: bool| {
            (0..HANDS)
                .map(|h| {
                    let faces: [u8; 5] = faces_of(&hand_counts(h)).try_into().expect("5 dice");
                    std::array::from_fn(|b| score(b, faces, joker) as u16)
                })
                .collect()
        };
        Scoring {
            points: table(false),
            joker: table(true),
        }
    }

    fn fingerprint(&self) -> u64 {
        // FNV-1a over the tables: a cache written for other rules is not read back.
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for row in self.points.iter().chain(&self.joker) {
            for &p in row {
                for byte in p.to_le_bytes() {
                    hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3);
                }
            }
        }
        hash
    }
}

/// Where a scorecard stands between turns: all the rest of the game depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct State {
    /// Bit `b` set when box `b` is filled.
    pub filled: u16,
    /// The upper boxes added up (any value; only up to 63 matters).
    pub upper: u32,
    /// True when the Dickey box holds 50.
    pub dickey50: bool,
}

impl State {
    /// An empty scorecard.
    pub const START: State = State {
        filled: 0,
        upper: 0,
        dickey50: false,
    };

    pub fn is_open(&self, b: usize) -> bool {
        self.filled & (1 << b) == 0
    }

    pub fn is_full(&self) -> bool {
        self.filled & FULL_CARD == FULL_CARD
    }

    fn capped(&self) -> u8 {
        self.upper.min(u32::from(UPPER_CAP)) as u8
    }

    fn index(&self) -> usize {
        usize::from(self.filled & FULL_CARD) << 7
            | usize::from(self.capped()) << 1
            | usize::from(self.dickey50)
    }
}

/// What the player does with a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Fill this box now.
    Score(usize),
    /// Hold these dice and roll the others.
    Keep(Counts),
}

/// The value of every state: the optimal policy, with the [`Scoring`] it was solved for; and the
/// variance of the score still to come under that policy, for its spread ([`Table::variance`]).
pub struct Table {
    values: Vec<f64>,
    /// The variance of `G`, the score still to come from each state under the optimal policy
    /// (single precision: 4 MB, and ample for a spread of tens of points).
    variances: Vec<f32>,
    scoring: Scoring,
}

/// For one state: what each upper box is worth by count of its face, and each lower box (points
/// aside): its bonuses plus the value of the state it leads to.
struct Next {
    /// `upper[b][n]`: box `b` filled with `n` dice of its face: points, upper bonus, what follows.
    upper: [[f64; 6]; UPPER_BOXES],
    /// `lower[b]`: the value of the state after filling lower box `b` (not the Dickey box).
    lower: [f64; BOXES],
    /// The Dickey box filled with 0, or with 50.
    dickey: [f64; 2],
}

/// Working arrays for one state's turn; the `s` arrays carry the second moment of the same
/// choices.
struct Buffers {
    f3: Vec<f64>,
    e3: Vec<f64>,
    f2: Vec<f64>,
    e2: Vec<f64>,
    m: Vec<f64>,
    s3: Vec<f64>,
    t3: Vec<f64>,
    s2: Vec<f64>,
    t2: Vec<f64>,
    ms: Vec<f64>,
}

impl Buffers {
    fn new() -> Buffers {
        Buffers {
            f3: vec![0.0; HANDS],
            e3: vec![0.0; KEEPS],
            f2: vec![0.0; HANDS],
            e2: vec![0.0; KEEPS],
            m: vec![0.0; KEEPS],
            s3: vec![0.0; HANDS],
            t3: vec![0.0; KEEPS],
            s2: vec![0.0; HANDS],
            t2: vec![0.0; KEEPS],
            ms: vec![0.0; KEEPS],
        }
    }
}

/// Which capped upper subtotals the filled upper boxes `mask` (6 bits) can add up to, as bits.
fn reachable_upper() -> [u64; 64] {
    let mut reach = [0u64; 64];
    reach[0] = 1;
    for mask in 1..64usize {
        let b = mask.trailing_zeros() as usize;
        let rest = reach[mask & (mask - 1)];
        for u in (0..64).filter(|u| rest & (1 << u) != 0) {
            for n in 0..=5 {
                let v = (u + (b + 1) * n).min(usize::from(UPPER_CAP));
                reach[mask] |= 1 << v;
            }
        }
    }
    reach
}

/// The states to solve: every filled set, with the subtotals its upper boxes can reach and, when
/// the Dickey box is filled, both of its contents.
fn states_of(filled: u16, reach: &[u64; 64]) -> impl Iterator<Item = State> {
    let ups = reach[usize::from(filled & 63)];
    let dickey_filled = filled & (1 << DICKEY) != 0;
    (0..64u32)
        .filter(move |u| ups & (1 << u) != 0)
        .flat_map(move |upper| {
            let flags: &[bool] = if dickey_filled {
                &[false, true]
            } else {
                &[false]
            };
            flags.iter().map(move |&dickey50| State {
                filled,
                upper,
                dickey50,
            })
        })
}

impl Table {
    /// Solves every state. `progress(done, total)` is called as states are solved (from several
    /// threads).
    pub fn solve(scoring: Scoring, progress: impl Fn(u64, u64) + Sync) -> Table {
        let mut table = Table {
            values: vec![0.0; STATES],
            variances: vec![0.0; STATES],
            scoring,
        };
        let reach = reachable_upper();
        let total: u64 = (0..FULL_CARD)
            .map(|f| states_of(f, &reach).count() as u64)
            .sum();
        let done = AtomicU64::new(0);
        for level in (0..BOXES as u32).rev() {
            let masks: Vec<u16> = (0..FULL_CARD).filter(|m| m.count_ones() == level).collect();
            let solved: Vec<(usize, (f64, f64))> = masks
                .par_iter()
                .map_init(Buffers::new, |buf, &filled| {
                    let out: Vec<(usize, (f64, f64))> = states_of(filled, &reach)
                        .map(|s| (s.index(), table.turn_into(s, buf)))
                        .collect();
                    let now = done.fetch_add(out.len() as u64, Ordering::Relaxed);
                    progress(now + out.len() as u64, total);
                    out
                })
                .flatten()
                .collect();
            for (i, (value, second)) in solved {
                table.values[i] = value;
                table.variances[i] = (second - value * value).max(0.0) as f32;
            }
        }
        table
    }

    /// The expected final score of an empty scorecard under optimal play.
    pub fn expected_score(&self) -> f64 {
        self.value(State::START)
    }

    /// The expected score still to come from `state`, at the start of a turn.
    pub fn value(&self, state: State) -> f64 {
        self.values[state.index()]
    }

    /// The variance of the score still to come from `state` under the optimal policy.
    pub fn variance(&self, state: State) -> f64 {
        f64::from(self.variances[state.index()])
    }

    fn next(&self, s: State) -> Next {
        let mut next = Next {
            upper: [[0.0; 6]; UPPER_BOXES],
            lower: [0.0; BOXES],
            dickey: [0.0; 2],
        };
        let up = s.capped();
        for b in (0..BOXES).filter(|&b| s.is_open(b)) {
            let filled = s.filled | (1 << b);
            if b < UPPER_BOXES {
                for n in 0..=5u8 {
                    let points = (b as u8 + 1) * n;
                    let bonus = if up < UPPER_CAP && up + points >= UPPER_CAP {
                        UPPER_BONUS
                    } else {
                        0
                    };
                    let after = State {
                        filled,
                        upper: u32::from(up + points),
                        dickey50: s.dickey50,
                    };
                    next.upper[b][usize::from(n)] =
                        f64::from(u32::from(points) + bonus) + self.value(after);
                }
            } else if b == DICKEY {
                for (flag, slot) in next.dickey.iter_mut().enumerate() {
                    *slot = self.value(State {
                        filled,
                        upper: u32::from(up),
                        dickey50: flag == 1,
                    });
                }
            } else {
                next.lower[b] = self.value(State {
                    filled,
                    upper: u32::from(up),
                    dickey50: s.dickey50,
                });
            }
        }
        next
    }

    /// The best box for hand `h` in state `s` and what scoring it there is worth (points, bonuses
    /// and the value of the state after). On equal values, the first box in scorecard order.
    fn finish(&self, s: State, next: &Next, h: usize) -> (usize, f64) {
        let five = dice().five_alike[h];
        let joker = five > 0 && !s.is_open(DICKEY);
        let (table, bonus) = if joker {
            let bonus = if s.dickey50 { DICKEY_BONUS } else { 0 };
            let own = usize::from(five - 1);
            if s.is_open(own) {
                // G6: the upper box of the face, while open, is the only choice.
                return (own, f64::from(bonus) + next.upper[own][5]);
            }
            (&self.scoring.joker[h], bonus)
        } else {
            (&self.scoring.points[h], 0)
        };
        let mut best = (usize::MAX, f64::NEG_INFINITY);
        for b in (0..BOXES).filter(|&b| s.is_open(b)) {
            let points = u32::from(table[b]);
            let value = if b < UPPER_BOXES {
                next.upper[b][(points / (b as u32 + 1)) as usize]
            } else if b == DICKEY {
                f64::from(points) + next.dickey[usize::from(points == DICKEY_POINTS)]
            } else {
                f64::from(points) + next.lower[b]
            };
            if value > best.1 {
                best = (b, value);
            }
        }
        (best.0, best.1 + f64::from(bonus))
    }

    /// The second moment of the score still to come when hand `h` fills box `b` in state `s`:
    /// `E[(g + G')²] = g² + 2g·V(s') + E[G'²]`, `g` what the box adds now and `s'` the state after.
    fn second_after(&self, s: State, h: usize, b: usize) -> f64 {
        let (after, gained) = self
            .fill(s, &hand_counts(h), b)
            .expect("the best box is one that may be filled");
        let g = f64::from(gained);
        let (mean, variance) = (self.value(after), self.variance(after));
        g * g + 2.0 * g * mean + variance + mean * mean
    }

    /// Fills `buf` with state `s`'s turn tables and returns the state's value and the second
    /// moment of the score still to come, both under the optimal policy (the second moment
    /// follows the choices the value makes).
    fn turn_into(&self, s: State, buf: &mut Buffers) -> (f64, f64) {
        let d = dice();
        let next = self.next(s);
        for h in 0..HANDS {
            let (b, value) = self.finish(s, &next, h);
            buf.f3[h] = value;
            buf.s3[h] = self.second_after(s, h, b);
        }
        d.expect(&buf.f3, &mut buf.e3);
        d.expect(&buf.s3, &mut buf.t3);
        d.best_below_with(&buf.e3, &buf.t3, &mut buf.m, &mut buf.ms);
        for h in 0..HANDS {
            let k = usize::from(d.hand_keep[h]);
            buf.f2[h] = buf.m[k];
            buf.s2[h] = buf.ms[k];
        }
        d.expect(&buf.f2, &mut buf.e2);
        d.expect(&buf.s2, &mut buf.t2);
        d.best_below_with(&buf.e2, &buf.t2, &mut buf.m, &mut buf.ms);
        // The first roll: the empty keep (index 0) rolls all five.
        let (a, b) = (d.out_start[0] as usize, d.out_start[1] as usize);
        (a..b)
            .map(|i| {
                let k = usize::from(d.hand_keep[usize::from(d.out_hand[i])]);
                (d.out_chance[i] * buf.m[k], d.out_chance[i] * buf.ms[k])
            })
            .fold((0.0, 0.0), |(v, m2), (a, b)| (v + a, m2 + b))
    }

    /// The turn tables of `state`: what to keep and where to score.
    pub fn turn(&self, state: State) -> Turn<'_> {
        let mut buf = Buffers::new();
        self.turn_into(state, &mut buf);
        Turn {
            table: self,
            state,
            next: self.next(state),
            buf,
        }
    }

    /// What filling box `b` with `hand` does in `state`: the state after and the points it adds
    /// (box points, upper bonus, Dickey bonus). `None` if the box may not be filled (filled, or G6
    /// forces the joker elsewhere).
    pub fn fill(&self, state: State, hand: &Counts, b: usize) -> Option<(State, u32)> {
        let h = hand_index(hand)?;
        if b >= BOXES || !state.is_open(b) {
            return None;
        }
        let five = dice().five_alike[h];
        let joker = five > 0 && !state.is_open(DICKEY);
        if joker && state.is_open(usize::from(five - 1)) && b != usize::from(five - 1) {
            return None;
        }
        let points = u32::from(if joker {
            self.scoring.joker[h][b]
        } else {
            self.scoring.points[h][b]
        });
        let mut gained = points;
        if joker && state.dickey50 {
            gained += DICKEY_BONUS;
        }
        let mut after = State {
            filled: state.filled | (1 << b),
            ..state
        };
        if b < UPPER_BOXES {
            after.upper = state.upper + points;
            if state.upper < u32::from(UPPER_CAP) && after.upper >= u32::from(UPPER_CAP) {
                gained += UPPER_BONUS;
            }
        }
        if b == DICKEY && points == DICKEY_POINTS {
            after.dickey50 = true;
        }
        Some((after, gained))
    }

    /// Plays one solitaire game with the optimal policy; returns the final score.
    pub fn play(&self, rng: &mut impl Rng) -> u32 {
        let (mut state, mut score) = (State::START, 0);
        while !state.is_full() {
            let turn = self.turn(state);
            let mut hand = roll([0; 6], rng);
            for rolls_left in [2, 1] {
                match turn.choose(&hand, rolls_left) {
                    Choice::Score(_) => break,
                    Choice::Keep(keep) => hand = roll(keep, rng),
                }
            }
            let b = turn.best_box(&hand);
            let (after, gained) = self.fill(state, &hand, b).expect("a legal box");
            state = after;
            score += gained;
        }
        score
    }

    /// Plays `games` solitaire games with the optimal policy, in parallel, game `i` with dice
    /// seeded from `seed` and `i` (the same scores for the same seed); returns the final scores.
    pub fn simulate(&self, games: u64, seed: u64) -> Vec<u32> {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let mut rng =
                    rand::rngs::StdRng::seed_from_u64(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                self.play(&mut rng)
            })
            .collect()
    }

    /// Writes the table (with a fingerprint of its [`Scoring`]) for [`Table::read_from`].
    pub fn write_to(&self, w: &mut impl Write) -> io::Result<()> {
        w.write_all(MAGIC)?;
        w.write_all(&self.scoring.fingerprint().to_le_bytes())?;
        let mut bytes = Vec::with_capacity(STATES * 12);
        for v in &self.values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        for v in &self.variances {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        w.write_all(&bytes)
    }

    /// Reads a table written by [`Table::write_to`] for the same `scoring`; an error if it is not
    /// one, or was solved for other rules.
    pub fn read_from(r: &mut impl Read, scoring: Scoring) -> io::Result<Table> {
        let invalid = |what: &str| io::Error::new(io::ErrorKind::InvalidData, what.to_string());
        let mut magic = [0u8; 16];
        r.read_exact(&mut magic)?;
        if &magic != MAGIC {
            return Err(invalid("not a Get Dickey strategy table"));
        }
        let mut fingerprint = [0u8; 8];
        r.read_exact(&mut fingerprint)?;
        if u64::from_le_bytes(fingerprint) != scoring.fingerprint() {
            return Err(invalid("the table was solved for other scoring rules"));
        }
        let mut bytes = Vec::with_capacity(STATES * 12);
        r.read_to_end(&mut bytes)?;
        if bytes.len() != STATES * 12 {
            return Err(invalid("the table is truncated"));
        }
        let (values, variances) = bytes.split_at(STATES * 8);
        let values = values
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let variances = variances
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect();
        Ok(Table {
            values,
            variances,
            scoring,
        })
    }
}

/// Rolls the dice not in `keep` and returns the hand.
pub fn roll(keep: Counts, rng: &mut impl Rng) -> Counts {
    let mut hand = keep;
    for _ in size(&keep)..5 {
        hand[rng.gen_range(0..6)] += 1;
    }
    hand
}

/// One state's turn under the optimal policy.
pub struct Turn<'a> {
    table: &'a Table,
    state: State,
    next: Next,
    buf: Buffers,
}

impl Turn<'_> {
    /// The box to fill with `hand` (G6 respected), the first in scorecard order on equal values.
    pub fn best_box(&self, hand: &Counts) -> usize {
        let h = hand_index(hand).expect("five dice");
        self.table.finish(self.state, &self.next, h).0
    }

    /// The expected score still to come (this turn's points included) when `hand` is scored in the
    /// best box now.
    pub fn score_value(&self, hand: &Counts) -> f64 {
        let h = hand_index(hand).expect("five dice");
        self.table.finish(self.state, &self.next, h).1
    }

    /// The expected score still to come when `keep` is held and the rest rolled, with
    /// `rolls_left` rolls left (1 or 2) before it.
    pub fn keep_value(&self, keep: &Counts, rolls_left: u8) -> f64 {
        let k = dice().keep_index(keep);
        match rolls_left {
            2 => self.buf.e2[k],
            _ => self.buf.e3[k],
        }
    }

    /// What to do with `hand` with `rolls_left` rolls left (0, 1 or 2): score now, or hold some
    /// dice and roll the rest (holding fewer dice than the hand). Scoring wins a tie.
    pub fn choose(&self, hand: &Counts, rolls_left: u8) -> Choice {
        let mut best = (Choice::Score(self.best_box(hand)), self.score_value(hand));
        if rolls_left == 0 {
            return best.0;
        }
        for keep in sub_keeps(hand) {
            if keep == *hand {
                continue;
            }
            let value = self.keep_value(&keep, rolls_left);
            if value > best.1 + 1e-9 {
                best = (Choice::Keep(keep), value);
            }
        }
        best.0
    }
}

/// Every keep inside `hand` (itself included).
pub fn sub_keeps(hand: &Counts) -> Vec<Counts> {
    let mut out = vec![[0u8; 6]];
    for f in 0..6 {
        let mut more = Vec::new();
        for keep in &out {
            for n in 1..=hand[f] {
                let mut k = *keep;
                k[f] = n;
                more.push(k);
            }
        }
        out.extend(more);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dice_tables_add_up() {
        let d = dice();
        assert_eq!(d.keeps.len(), KEEPS);
        assert_eq!(d.hand_keep.len(), HANDS);
        assert_eq!(d.out_hand.len(), 4368);
        for k in 0..KEEPS {
            let total: f64 = (d.out_start[k]..d.out_start[k + 1])
                .map(|i| d.out_chance[i as usize])
                .sum();
            assert!((total - 1.0).abs() < 1e-12, "keep {k}: {total}");
        }
        assert_eq!(sub_keeps(&[1, 1, 1, 1, 1, 0]).len(), 32);
        assert_eq!(sub_keeps(&[0, 0, 5, 0, 0, 0]).len(), 6);
    }

    #[test]
    fn reachable_subtotals() {
        let reach = reachable_upper();
        // Only Sixes filled: 0, 6, 12, 18, 24, 30.
        assert_eq!(reach[1 << 5], (0..=5).fold(0u64, |a, n| a | 1 << (6 * n)));
        // Everything filled can be 63 (capped).
        assert!(reach[63] & 1 << 63 != 0);
    }
}
