//! Every roll of the dice in hand, with its chance, once for all: the tables the solvers sum over.
//!
//! Dice of one kind (FOR, GET, IT: F1) are interchangeable, so a hand is counted by kind, and a
//! roll by how many dice of each kind show the point number, their word, or anything else.

use std::sync::OnceLock;

/// The three word kinds set aside: bit 0 FOR, bit 1 GET, bit 2 IT.
pub const ALL_WORDS: u8 = 0b111;
pub const FULL: Hand = [3, 3, 3];

/// Dice in hand by kind: FOR, GET, IT.
pub type Hand = [u8; 3];

/// Keeping a number on a roll before the number is chosen: the number, its point dice and the
/// dice left in hand.
pub type Keep = (u8, u32, Hand);

/// For 0–3 dice of one kind: [`point_outcomes`].
type PointOutcomes = [Vec<(u8, u8, f64)>; 4];
/// For 0–3 dice of one kind: [`face_outcomes`].
type FaceOutcomes = [Vec<([u8; 6], f64)>; 4];

/// Chances that `n` dice of one kind, rolled after the point number is chosen, show `a` point
/// numbers and `b` words: `(a, b, chance)`.
fn point_outcomes(n: u8) -> Vec<(u8, u8, f64)> {
    let mut out = Vec::new();
    for a in 0..=n {
        for b in 0..=n - a {
            let c = n - a - b;
            let ways = factorial(n) / (factorial(a) * factorial(b) * factorial(c));
            let chance =
                ways * (1.0f64 / 6.0).powi(i32::from(a + b)) * (4.0f64 / 6.0).powi(i32::from(c));
            out.push((a, b, chance));
        }
    }
    out
}

/// Chances of every multiset of faces `n` dice of one kind can show before a number is chosen:
/// counts of the faces 1–5 and of the word, with the chance.
fn face_outcomes(n: u8) -> Vec<([u8; 6], f64)> {
    let mut out = Vec::new();
    let mut counts = [0u8; 6];
    fn go(face: usize, left: u8, counts: &mut [u8; 6], n: u8, out: &mut Vec<([u8; 6], f64)>) {
        if face == 5 {
            counts[5] = left;
            let ways = factorial(n) / counts.iter().map(|&c| factorial(c)).product::<f64>();
            out.push((*counts, ways * (1.0f64 / 6.0).powi(i32::from(n))));
            return;
        }
        for c in 0..=left {
            counts[face] = c;
            go(face + 1, left - c, counts, n, out);
        }
    }
    go(0, n, &mut counts, n, &mut out);
    out
}

fn factorial(n: u8) -> f64 {
    (1..=u32::from(n)).map(f64::from).product()
}

/// A roll from a decision point after the number is chosen: its chance, the point dice it sets
/// aside, the words it shows (bits), and the dice left in hand after it.
pub struct PointRoll {
    pub chance: f64,
    pub points: u32,
    pub shown: u8,
    pub left: Hand,
}

/// A roll before the number is chosen: its chance, the words it shows, the dice left once its
/// words are set aside, and each number it lets the player keep (a pair or more, F5): the
/// number, its point dice and the dice left in hand then.
pub struct OpenRoll {
    pub chance: f64,
    pub shown: u8,
    pub after_words: Hand,
    pub keeps: Vec<Keep>,
}

/// Every distinct roll of `hand` after the number is chosen (kept for each of the 64 hands).
pub fn point_rolls(hand: Hand) -> &'static [PointRoll] {
    static ROLLS: OnceLock<Vec<Vec<PointRoll>>> = OnceLock::new();
    let all = ROLLS.get_or_init(|| {
        let outcomes: PointOutcomes = [0, 1, 2, 3].map(point_outcomes);
        (0..64)
            .map(|i| {
                let hand = [(i / 16) as u8, (i / 4 % 4) as u8, (i % 4) as u8];
                let mut rolls = Vec::new();
                for &(a0, b0, c0) in &outcomes[usize::from(hand[0])] {
                    for &(a1, b1, c1) in &outcomes[usize::from(hand[1])] {
                        for &(a2, b2, c2) in &outcomes[usize::from(hand[2])] {
                            rolls.push(PointRoll {
                                chance: c0 * c1 * c2,
                                points: u32::from(a0 + a1 + a2),
                                shown: u8::from(b0 > 0)
                                    | u8::from(b1 > 0) << 1
                                    | u8::from(b2 > 0) << 2,
                                left: [hand[0] - a0 - b0, hand[1] - a1 - b1, hand[2] - a2 - b2],
                            });
                        }
                    }
                }
                rolls
            })
            .collect()
    });
    &all[hand_index(hand)]
}

/// The value of rolling `hand` from a decision point after the number is chosen, `words` out this
/// set: a FORGET IT is worth `forget_it`; a roll that sets nothing aside returns to the same point,
/// so with `s` its chance and `r` the chance-weighted value of the other rolls the value is the
/// fixed point `x = s·x + r`, that is `r / (1 − s)`; every other roll is worth `next(roll, words
/// out after it)`.
pub fn roll_on(
    hand: Hand,
    words: u8,
    forget_it: f64,
    mut next: impl FnMut(&PointRoll, u8) -> f64,
) -> f64 {
    let (mut rest, mut same) = (0.0, 0.0);
    for roll in point_rolls(hand) {
        let now = words | roll.shown;
        if now == ALL_WORDS {
            rest += roll.chance * forget_it;
        } else if roll.points == 0 && roll.shown == 0 {
            same += roll.chance;
        } else {
            rest += roll.chance * next(roll, now);
        }
    }
    rest / (1.0 - same)
}

/// Where an opening roll (before the number is chosen) leads: keeping a number, or, when no
/// number shows twice but words do, rolling the hand left once they are set aside.
pub enum Opened {
    Keep(Keep),
    Words(Hand),
}

/// The value of rolling `hand` before the number is chosen, `words` out: a FORGET IT is worth
/// `forget_it`; a roll with numbers to keep is worth the best `next(Opened::Keep(..), words out)`;
/// one with words but no pair, `next(Opened::Words(hand left), words out)`; one with neither
/// returns to the same point (the fixed point of [`roll_on`]).
pub fn open_on(
    hand: Hand,
    words: u8,
    forget_it: f64,
    mut next: impl FnMut(Opened, u8) -> f64,
) -> f64 {
    let (mut rest, mut same) = (0.0, 0.0);
    for roll in open_rolls(hand) {
        let now = words | roll.shown;
        if now == ALL_WORDS {
            rest += roll.chance * forget_it;
            continue;
        }
        let best = roll
            .keeps
            .iter()
            .map(|&keep| next(Opened::Keep(keep), now))
            .reduce(f64::max);
        match best {
            Some(value) => rest += roll.chance * value,
            None if roll.shown == 0 => same += roll.chance,
            None => rest += roll.chance * next(Opened::Words(roll.after_words), now),
        }
    }
    rest / (1.0 - same)
}

/// Every roll of `hand` before the number is chosen (kept for each of the 64 hands).
pub fn open_rolls(hand: Hand) -> &'static [OpenRoll] {
    static ROLLS: OnceLock<Vec<Vec<OpenRoll>>> = OnceLock::new();
    let all = ROLLS.get_or_init(|| {
        let faces: FaceOutcomes = [0, 1, 2, 3].map(face_outcomes);
        (0..64)
            .map(|i| {
                let hand = [(i / 16) as u8, (i / 4 % 4) as u8, (i % 4) as u8];
                let mut rolls = Vec::new();
                for (f0, c0) in &faces[usize::from(hand[0])] {
                    for (f1, c1) in &faces[usize::from(hand[1])] {
                        for (f2, c2) in &faces[usize::from(hand[2])] {
                            let kinds = [f0, f1, f2];
                            let after_words = [hand[0] - f0[5], hand[1] - f1[5], hand[2] - f2[5]];
                            let keeps = (1..=5u8)
                                .filter_map(|p| {
                                    let set = kinds.map(|f| f[usize::from(p - 1)]);
                                    let k = set.iter().sum::<u8>();
                                    let left = [0, 1, 2].map(|i| after_words[i] - set[i]);
                                    (k >= 2).then_some((p, u32::from(k), left))
                                })
                                .collect();
                            rolls.push(OpenRoll {
                                chance: c0 * c1 * c2,
                                shown: u8::from(f0[5] > 0)
                                    | u8::from(f1[5] > 0) << 1
                                    | u8::from(f2[5] > 0) << 2,
                                after_words,
                                keeps,
                            });
                        }
                    }
                }
                rolls
            })
            .collect()
    });
    &all[hand_index(hand)]
}

pub fn hand_index(hand: Hand) -> usize {
    usize::from(hand[0]) * 16 + usize::from(hand[1]) * 4 + usize::from(hand[2])
}

/// The chance that the next roll from a decision point spells FORGET IT (F4, F8): every word kind
/// not yet out this set must show its word on at least one of its dice in hand, each die showing
/// its word with chance 1/6 whatever the point number. With no die in hand the roll starts a new
/// set of nine dice with no word out. Exact (a product of independent per-kind chances).
pub fn forget_it_chance(hand: Hand, words: u8) -> f64 {
    let (hand, words) = if hand == [0, 0, 0] {
        (FULL, 0)
    } else {
        (hand, words)
    };
    (0..3)
        .map(|kind| {
            if words & (1 << kind) != 0 {
                1.0
            } else {
                1.0 - (5.0f64 / 6.0).powi(i32::from(hand[kind]))
            }
        })
        .product()
}
