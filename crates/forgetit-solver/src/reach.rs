//! The chance that one turn, played for it, banks at least `n` points: `Q(n)`, for every `n` up to
//! a cap at once.
//!
//! To bank `n` or more, a player never banks less (that scores nothing towards it) and banks as
//! soon as the turn is worth `n` (rolling on can only lose it). Once the point number `p` is
//! chosen with `k` point dice aside, the turn must set aside `d = need(p, n) − k` more point dice,
//! `need(p, n)` being the fewest point dice whose score (F9) reaches `n`, and every move is forced:
//! roll until `d` more are aside or FORGET IT. So the chance from there is `G(d, hand, words)`, which
//! depends on neither `p` nor `n`:
//!
//! `G(d ≤ 0, …) = 1`; `G(d, hand, words) = Σ chance · G(d − points, left, words ∪ shown)` over the
//! rolls of the hand (FORGET IT worth 0; a roll that sets nothing aside is the fixed point
//! `x = r / (1 − s)`, as in every solver here; an empty hand rolls all nine in a new set, F8).
//!
//! Before the number is chosen the player picks, on the roll that first shows a pair, the number
//! with the best `G`; that choice depends on `n`, so the opening rolls are summed once per `n`,
//! over the distinct outcomes of the rolls (grouped once: many rolls of nine dice keep the same
//! numbers with the same dice).
//!
//! Turns above the cap count as the cap: `Q(n) = 0` for `n` beyond it is the approximation (the
//! callers cap at 1,000 points, which one turn banks with a chance under 1 in 10,000).

use std::collections::{BTreeMap, HashMap};

use crate::rolls::{hand_index, open_rolls, roll_on, Hand, Keep, ALL_WORDS, FULL};
use crate::utility::Multiplier;

/// `Q(n)` for `n` from 0 to the cap.
#[derive(Clone, Debug)]
pub struct Reach {
    chance: Vec<f64>,
}

/// One distinct outcome of an opening roll: the words it shows, the hand once its words are set
/// aside, the numbers it lets the player keep (number, point dice, hand left), and its chance.
struct Opening {
    chance: f64,
    shown: u8,
    after_words: Hand,
    keeps: Vec<Keep>,
}

impl Reach {
    /// `Q(n)` for every `n` up to `cap`, with the point multiplier `mult` (F9).
    pub fn solve(cap: u32, mult: Multiplier) -> Reach {
        // need[p][n]: the fewest point dice of the number p that score n or more.
        let need: Vec<Vec<u32>> = (1..=5u32)
            .map(|p| {
                let mut k = 0;
                (0..=cap)
                    .map(|n| {
                        while p * k * mult(k) < n {
                            k += 1;
                        }
                        k
                    })
                    .collect()
            })
            .collect();
        let d_max = need[0][cap as usize];
        let mut g = Gather {
            memo: vec![vec![f64::NAN; 64 * 8]; d_max as usize + 1],
        };
        let mut open = Open {
            n_count: cap as usize + 1,
            need: &need,
            memo: HashMap::new(),
        };
        let chance = open.value(FULL, 0, &mut g);
        Reach { chance }
    }

    /// The chance that one turn banks `n` points or more under the best play for it (1 for
    /// `n ≤ 0`, 0 beyond the cap).
    pub fn chance(&self, n: i64) -> f64 {
        if n <= 0 {
            1.0
        } else {
            self.chance.get(n as usize).copied().unwrap_or(0.0)
        }
    }

    /// The chance that a last turn ends above a lead of `lead` points, a tie counted as half a
    /// win: `(Q(lead) + Q(lead + 1)) / 2`, the tie's chance taken as `Q(lead) − Q(lead + 1)`.
    pub fn beats(&self, lead: i64) -> f64 {
        (self.chance(lead) + self.chance(lead + 1)) / 2.0
    }
}

/// `G(d, hand, words)`, filled on demand.
struct Gather {
    memo: Vec<Vec<f64>>,
}

impl Gather {
    fn value(&mut self, d: i64, hand: Hand, words: u8) -> f64 {
        if d <= 0 {
            return 1.0;
        }
        let (hand, words) = if hand == [0, 0, 0] {
            (FULL, 0)
        } else {
            (hand, words)
        };
        let index = hand_index(hand) * 8 + usize::from(words);
        let known = self.memo[d as usize][index];
        if !known.is_nan() {
            return known;
        }
        let value = roll_on(hand, words, 0.0, |roll, now| {
            self.value(d - i64::from(roll.points), roll.left, now)
        });
        self.memo[d as usize][index] = value;
        value
    }
}

/// The opening rolls, `Q` by `n` from each (hand, words) before the number is chosen.
struct Open<'a> {
    n_count: usize,
    need: &'a [Vec<u32>],
    memo: HashMap<(Hand, u8), Vec<f64>>,
}

impl Open<'_> {
    fn value(&mut self, hand: Hand, words: u8, g: &mut Gather) -> Vec<f64> {
        if let Some(v) = self.memo.get(&(hand, words)) {
            return v.clone();
        }
        let mut total = vec![0.0; self.n_count];
        let mut same = 0.0;
        for o in openings(hand) {
            let now = words | o.shown;
            if now == ALL_WORDS {
                continue;
            }
            if o.keeps.is_empty() {
                if o.shown == 0 {
                    same += o.chance;
                } else {
                    let after = self.value(o.after_words, now, g);
                    for (t, a) in total.iter_mut().zip(after) {
                        *t += o.chance * a;
                    }
                }
                continue;
            }
            for (n, t) in total.iter_mut().enumerate() {
                let best = o
                    .keeps
                    .iter()
                    .map(|&(p, k, left)| {
                        let d = i64::from(self.need[usize::from(p - 1)][n]) - i64::from(k);
                        g.value(d, left, now)
                    })
                    .fold(0.0, f64::max);
                *t += o.chance * best;
            }
        }
        for t in &mut total {
            *t /= 1.0 - same;
        }
        self.memo.insert((hand, words), total.clone());
        total
    }
}

/// The distinct outcomes of rolling `hand` before the number is chosen: rolls that show the same
/// words and keep the same numbers with the same dice are one outcome.
fn openings(hand: Hand) -> Vec<Opening> {
    let mut grouped: BTreeMap<(u8, Hand, Vec<Keep>), f64> = BTreeMap::new();
    for roll in open_rolls(hand) {
        *grouped
            .entry((roll.shown, roll.after_words, roll.keeps.clone()))
            .or_default() += roll.chance;
    }
    grouped
        .into_iter()
        .map(|((shown, after_words, keeps), chance)| Opening {
            chance,
            shown,
            after_words,
            keeps,
        })
        .collect()
}
