//! The solved [`Table`]: every state's value and variance by dynamic programming, one level of
//! filled boxes at a time; its turns, its simulated games, and its file.

use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::dice::dice;
use crate::{
    hand_counts, hand_index, roll, Choice, Counts, Scoring, State, Turn, BOXES, DICKEY,
    DICKEY_BONUS, DICKEY_POINTS, FULL_CARD, HANDS, KEEPS, UPPER_BONUS, UPPER_BOXES, UPPER_CAP,
};

/// States are indexed `filled << 7 | upper << 1 | dickey50`.
const STATES: usize = 1 << (BOXES + 7);
const MAGIC: &[u8; 16] = b"getdickey-opt-v3";

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
pub(crate) struct Next {
    /// `upper[b][n]`: box `b` filled with `n` dice of its face: points, upper bonus, what follows.
    upper: [[f64; 6]; UPPER_BOXES],
    /// `lower[b]`: the value of the state after filling lower box `b` (not the Dickey box).
    lower: [f64; BOXES],
    /// The Dickey box filled with 0, or with 50.
    dickey: [f64; 2],
}

/// Working arrays for one state's turn; the `s` arrays carry the second moment of the same
/// choices.
pub(crate) struct Buffers {
    pub(crate) f3: Vec<f64>,
    pub(crate) e3: Vec<f64>,
    pub(crate) f2: Vec<f64>,
    pub(crate) e2: Vec<f64>,
    pub(crate) m: Vec<f64>,
    pub(crate) s3: Vec<f64>,
    pub(crate) t3: Vec<f64>,
    pub(crate) s2: Vec<f64>,
    pub(crate) t2: Vec<f64>,
    pub(crate) ms: Vec<f64>,
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
    pub(crate) fn finish(&self, s: State, next: &Next, h: usize) -> (usize, f64) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reachable_subtotals() {
        let reach = reachable_upper();
        // Only Sixes filled: 0, 6, 12, 18, 24, 30.
        assert_eq!(reach[1 << 5], (0..=5).fold(0u64, |a, n| a | 1 << (6 * n)));
        // Everything filled can be 63 (capped).
        assert!(reach[63] & 1 << 63 != 0);
    }
}
