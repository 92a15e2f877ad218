//! Dice as counts by face: hands of five, keeps of zero to five, and the tables between them (what
//! rolling the rest of a keep can end in, and with what chance; the keeps one die smaller).

use std::sync::OnceLock;

use rand::Rng;

use crate::{HANDS, KEEPS};

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

pub(crate) fn code(counts: &Counts) -> usize {
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
pub(crate) struct Dice {
    pub(crate) keeps: Vec<Counts>,
    /// Keep index by [`code`].
    pub(crate) index: Vec<u16>,
    /// The keep index of each hand.
    pub(crate) hand_keep: Vec<u16>,
    /// The hand index of each keep of five dice (`u16::MAX` for smaller keeps).
    pub(crate) keep_hand: Vec<u16>,
    /// The face of each hand that is five alike (0 for the others).
    pub(crate) five_alike: Vec<u8>,
    /// For each keep: the hands rolling the other dice can end in, with their chances.
    pub(crate) out_start: Vec<u32>,
    pub(crate) out_hand: Vec<u16>,
    pub(crate) out_chance: Vec<f64>,
    /// For each keep: the keeps with one die fewer.
    pub(crate) child_start: Vec<u32>,
    pub(crate) child: Vec<u16>,
}

impl Dice {
    pub(crate) fn new() -> Dice {
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

    pub(crate) fn keep_index(&self, counts: &Counts) -> usize {
        usize::from(self.index[code(counts)])
    }

    pub(crate) fn hand_index(&self, counts: &Counts) -> usize {
        usize::from(self.keep_hand[self.keep_index(counts)])
    }

    /// `e[K] = Σ P(K → h) f[h]` for every keep.
    pub(crate) fn expect(&self, f: &[f64], e: &mut [f64]) {
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
    pub(crate) fn best_below(&self, e: &[f64], m: &mut [f64]) {
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
    pub(crate) fn best_below_with(&self, e: &[f64], t: &[f64], m: &mut [f64], ms: &mut [f64]) {
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

pub(crate) fn dice() -> &'static Dice {
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

/// Rolls the dice not in `keep` and returns the hand.
pub fn roll(keep: Counts, rng: &mut impl Rng) -> Counts {
    let mut hand = keep;
    for _ in size(&keep)..5 {
        hand[rng.gen_range(0..6)] += 1;
    }
    hand
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
}
