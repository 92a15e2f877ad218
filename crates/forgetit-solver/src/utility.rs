//! A turn played for a utility of its banked score rather than for the score itself.
//!
//! The expected-points solver (the bot's `strategy::solver`) maximizes `E[score]`. When what
//! counts is winning, a turn's worth is `E[u(score)]` for a utility `u` of the banked score: the
//! chance of winning the game when the turn banks that much (FORGET IT banks 0). [`UtilityTurn`]
//! maximizes it with the same recursion: the value of a decision point `(p, k, hand, words)` (point
//! number, point dice set aside, dice in hand by kind, words out this set) is
//! `max(u(p·k·mult(k)), rolling)`; rolling sums the next roll's outcomes, and a roll that sets
//! nothing aside returns to the same point, so rolling is the fixed point `x = r / (1 − s)`
//! (`s` the chance of such a roll, `r` the chance-weighted value of the others). Before the number
//! is chosen the player must roll, and picks the number with the best value. `u` is not linear in
//! `p`, so values are kept per point number.
//!
//! The recursion is finite: once banking is worth the greatest utility, nothing is worth more, so
//! the seat banks; and from `cap` points in one turn it banks whatever the utility (the caller
//! picks a cap beyond which `u` no longer grows by anything that matters). Each number's table is
//! filled at once, from the most point dice down (a roll only adds point dice or takes dice out of
//! the hand), rather than by memoized recursion: several times faster, which the bots' race turns
//! need.

use std::sync::OnceLock;

use crate::rolls::{hand_index, open_on, roll_on, Hand, Opened, ALL_WORDS, FULL};

/// The point multiplier of F9: what `k` point dice multiply the score by.
pub type Multiplier = fn(u32) -> u32;

/// Decision points per count of point dice: hands (4 × 4 × 4) × words (8).
const PER_K: usize = 64 * 8;

fn index(hand: Hand, words: u8) -> usize {
    hand_index(hand) * 8 + usize::from(words)
}

/// One number's table: for each count of point dice `k`, the value of each decision point and of
/// rolling from it.
struct Table {
    /// From this `k` on the seat banks: every value is the bank's.
    k_stop: u32,
    /// `u` of banking `k` point dice, for `k` up to `k_stop + 9`.
    bank: Vec<f64>,
    /// Values by `k · PER_K + index(hand, words)`, for `k < k_stop`; NaN where no decision point.
    value: Vec<f64>,
    roll: Vec<f64>,
}

/// The decision points of one `k` in an order where each comes after every one it can reach
/// without a new point die: first those whose words out are exactly the kinds missing from the
/// hand (reached from nine dice by words alone, and never emptying the hand but by FORGET IT),
/// fewest dice first; then nine dice in hand; then every other, fewest dice first (an empty hand
/// starts a new set, whose value is known by then).
fn order() -> &'static [(Hand, u8)] {
    static ORDER: OnceLock<Vec<(Hand, u8)>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut states: Vec<(Hand, u8)> = (0..64u8)
            .map(|i| [i / 16, i / 4 % 4, i % 4])
            .filter(|&hand| hand != [0, 0, 0] && hand != FULL)
            .flat_map(|hand| (0..ALL_WORDS).map(move |words| (hand, words)))
            .filter(|&(hand, words)| (0..3).all(|i| words & (1 << i) == 0 || hand[i] < 3))
            .collect();
        let missing = |hand: Hand| (0..3).fold(0u8, |m, i| m | (u8::from(hand[i] < 3) << i));
        let size = |hand: Hand| hand.iter().sum::<u8>();
        states.sort_by_key(|&(hand, words)| (words != missing(hand), size(hand)));
        let first_other = states
            .iter()
            .position(|&(hand, words)| words != missing(hand))
            .unwrap_or(states.len());
        states.insert(first_other, (FULL, 0));
        states
    })
}

/// One turn's utility and the values found so far (each number's table filled on first use).
pub struct UtilityTurn {
    /// `u(s)` for banked scores `s` from 0; scores beyond the last are worth the last.
    utility: Vec<f64>,
    top: f64,
    cap: u32,
    mult: Multiplier,
    tables: [Option<Table>; 5],
    open_memo: Vec<f64>,
}

impl UtilityTurn {
    /// A turn worth `utility[s]` when it banks `s` (the last entry for any higher score), banking
    /// from `cap` points whatever the utility. `utility` must not be empty.
    pub fn new(utility: Vec<f64>, cap: u32, mult: Multiplier) -> UtilityTurn {
        assert!(!utility.is_empty(), "a utility needs a value for 0");
        let top = utility.iter().copied().fold(f64::MIN, f64::max);
        UtilityTurn {
            utility,
            top,
            cap,
            mult,
            tables: Default::default(),
            open_memo: vec![f64::NAN; PER_K],
        }
    }

    /// The utility of banking `score`.
    pub fn utility(&self, score: u32) -> f64 {
        let last = self.utility.len() - 1;
        self.utility[(score as usize).min(last)]
    }

    /// The score banking `k` point dice of the number `p` makes (F9).
    fn score(&self, p: u8, k: u32) -> u32 {
        u32::from(p) * k * (self.mult)(k)
    }

    /// The table of the number `p`, filled from the highest `k` down: a roll only adds point
    /// dice or takes dice out of the hand, so every value it needs is known by then ([`order`]).
    fn table(&mut self, p: u8) -> &Table {
        let slot = usize::from(p - 1);
        if self.tables[slot].is_none() {
            let stops = |k: u32| {
                let score = self.score(p, k);
                score >= self.cap || self.utility(score) >= self.top
            };
            let k_stop = (0..).find(|&k| stops(k)).expect("the cap is reached");
            let bank: Vec<f64> = (0..k_stop + 10)
                .map(|k| self.utility(self.score(p, k)))
                .collect();
            let forget_it = self.utility(0);
            let size = k_stop as usize * PER_K;
            let (mut value, mut roll) = (vec![f64::NAN; size], vec![f64::NAN; size]);
            let empty = index([0, 0, 0], 0);
            for k in (0..k_stop).rev() {
                for &(hand, words) in order() {
                    let rolled = roll_on(hand, words, forget_it, |r, now| {
                        let next = k + r.points;
                        if next >= k_stop {
                            bank[next as usize]
                        } else if r.left == [0, 0, 0] {
                            value[next as usize * PER_K + empty]
                        } else {
                            value[next as usize * PER_K + index(r.left, now)]
                        }
                    });
                    let at = k as usize * PER_K + index(hand, words);
                    roll[at] = rolled;
                    value[at] = bank[k as usize].max(roll[at]);
                    if hand == FULL {
                        // All nine aside: bank, or roll a new set (F8).
                        let at_empty = k as usize * PER_K + empty;
                        roll[at_empty] = roll[at];
                        value[at_empty] = value[at];
                    }
                }
            }
            self.tables[slot] = Some(Table {
                k_stop,
                bank,
                value,
                roll,
            });
        }
        self.tables[slot].as_ref().expect("just filled")
    }

    /// The value of a decision point after the number `p` is chosen: the better of banking and
    /// rolling (all nine again when `hand` is empty, F8).
    pub fn value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        let table = self.table(p);
        if k >= table.k_stop {
            return table.bank[k as usize];
        }
        let words = if hand == [0, 0, 0] { 0 } else { words };
        table.value[k as usize * PER_K + index(hand, words)]
    }

    /// The value of rolling from a decision point. Where the seat banks whatever happens (banking
    /// is worth the greatest utility, or the cap is reached), this is the bank's value.
    pub fn roll_value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        let (hand, words) = if hand == [0, 0, 0] {
            (FULL, 0)
        } else {
            (hand, words)
        };
        let table = self.table(p);
        if k >= table.k_stop {
            return table.bank[k as usize];
        }
        table.roll[k as usize * PER_K + index(hand, words)]
    }

    /// Before the number is chosen: the value of rolling from (hand, words) of the first set.
    pub fn open_value(&mut self, hand: Hand, words: u8) -> f64 {
        let at = index(hand, words);
        if !self.open_memo[at].is_nan() {
            return self.open_memo[at];
        }
        let forget_it = self.utility(0);
        let value = open_on(hand, words, forget_it, |next, now| match next {
            Opened::Keep((p, k, left)) => self.value(p, k, left, now),
            Opened::Words(left) => self.open_value(left, now),
        });
        self.open_memo[at] = value;
        value
    }

    /// At a decision point after the number is chosen: true when banking is worth at least as
    /// much as rolling.
    pub fn banks(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> bool {
        let table = self.table(p);
        k >= table.k_stop || table.bank[k as usize] >= self.roll_value(p, k, hand, words)
    }
}
