//! A last turn played to beat a bar: for every `n` up to a cap, the chance that the turn banks
//! `n` or more and the chance that it banks exactly `n − 1`, under the best play for beating
//! `n − 1` points (a win worth 1, a tie worth ½, anything less 0).
//!
//! In For Get It's final round (F10) each player still to play faces a bar: the best total before
//! them. They end above it by banking `n` or more (`n` the bar minus their total, plus 1) and tie
//! it by banking `n − 1`. For whoever plays before them what matters is how they can end: above,
//! level or below. [`Bar::solve`] gives both chances of the best play for every `n` at once, so
//! that a turn played against several later players is exact (`src/games/forgetit/endgame.rs`),
//! as is the race model's last turn ([`crate::race`]).
//!
//! # How
//!
//! To beat the bar a player never banks less than `n − 1` (that is worth what FORGET IT is) and
//! banks as soon as the turn is worth `n` (rolling on can only lose it). Once the point number `p`
//! is chosen with `k` point dice aside, the turn wins with `need(p, n)` point dice, the fewest
//! whose score (F9) reaches `n`; a score grows with every point die, so the only count that banks
//! exactly `n − 1` is `need(p, n) − 1`, and only when its score is `n − 1`. A state is then
//! `(d, tie, hand, words)`: `d = need(p, n) − k` point dice still to set aside, and whether
//! banking one short ties. Every move is forced (roll until `d` more are aside, or FORGET IT)
//! but one: at `d = 1` with a tie on offer, the player banks the tie when rolling on is worth no
//! more than ½. Its value is `above + level / 2`, and both chances are carried along under that
//! play: they sum over the same rolls (FORGET IT is worth neither; an empty hand rolls all nine in
//! a new set, F8), and a roll that sets nothing aside returns to the same state, the fixed point
//! `x = r / (1 − s)` of each, as in every solver here. None of this depends on `p` or `n` but
//! through `d` and `tie`.
//!
//! Before the number is chosen the player picks, on the first roll that shows a pair, the number
//! with the best value. That choice depends on `n`, so the opening rolls are summed once per `n`,
//! over the distinct outcomes of the rolls (grouped once: many rolls of nine dice keep the same
//! numbers with the same dice).
//!
//! With `n = 1` the player is level with the bar already: a FORGET IT, which banks 0, ends level.
//!
//! Turns above the cap count as the cap: both chances are 0 for `n` beyond it (the callers cap at
//! 1,000 points, which one turn banks with a chance under 1 in 10,000).

use std::collections::{BTreeMap, HashMap};

use crate::rolls::{hand_index, open_rolls, point_rolls, Hand, Keep, ALL_WORDS, FULL};
use crate::utility::Multiplier;

/// How a last turn played against a bar ends: above it, or level with it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ends {
    /// The chance that the turn banks `n` or more: it ends above the bar.
    pub above: f64,
    /// The chance that it banks exactly `n − 1`: it ties the bar.
    pub level: f64,
}

impl Ends {
    /// What the player playing it counts: a win, and half a tie.
    pub fn value(self) -> f64 {
        self.above + self.level / 2.0
    }

    /// The chance that it ends below the bar.
    pub fn below(self) -> f64 {
        (1.0 - self.above - self.level).max(0.0)
    }

    fn add(&mut self, chance: f64, other: Ends) {
        self.above += chance * other.above;
        self.level += chance * other.level;
    }

    fn scaled(self, factor: f64) -> Ends {
        Ends {
            above: self.above * factor,
            level: self.level * factor,
        }
    }
}

/// [`Ends`] for every `n` from 0 to the cap.
#[derive(Clone, Debug)]
pub struct Bar {
    ends: Vec<Ends>,
}

impl Bar {
    /// The ends of a last turn against every bar up to `cap` points, with the point multiplier
    /// `mult` (F9).
    pub fn solve(cap: u32, mult: Multiplier) -> Bar {
        // need[p][n]: the fewest point dice of the number p that score n or more; ties[p][n]:
        // whether need − 1 of them score exactly n − 1.
        let score = |p: u32, k: u32| p * k * mult(k);
        let mut need = Vec::new();
        let mut ties = Vec::new();
        for p in 1..=5u32 {
            let mut k = 0;
            let (mut need_p, mut ties_p) = (Vec::new(), Vec::new());
            for n in 0..=cap {
                while score(p, k) < n {
                    k += 1;
                }
                need_p.push(k);
                ties_p.push(n >= 1 && k >= 1 && score(p, k - 1) == n - 1);
            }
            need.push(need_p);
            ties.push(ties_p);
        }
        let d_max = need[0][cap as usize];
        let mut forced = Forced {
            memo: vec![[None; 2]; (d_max as usize + 1) * 64 * 8],
        };
        let mut open = Open {
            n_count: cap as usize + 1,
            need: &need,
            ties: &ties,
            memo: HashMap::new(),
        };
        let mut ends = open.value(FULL, 0, &mut forced);
        ends[0] = Ends {
            above: 1.0,
            level: 0.0,
        };
        // One point ends above: a FORGET IT, banking 0, ends level.
        ends[1].level = 1.0 - ends[1].above;
        Bar { ends }
    }

    /// How a last turn that must bank `n` to end above the bar ends (`n ≤ 0`: it is above
    /// already, since a turn never loses points; beyond the cap: never above, never level).
    pub fn ends(&self, n: i64) -> Ends {
        if n <= 0 {
            return Ends {
                above: 1.0,
                level: 0.0,
            };
        }
        self.ends.get(n as usize).copied().unwrap_or_default()
    }

    /// The chance that a last turn ends above a lead of `lead` points, a tie counted half.
    pub fn beats(&self, lead: i64) -> f64 {
        self.ends(lead + 1).value()
    }

    /// A final round's share of the win for a seat that ends it with `x` (F10: the highest total
    /// wins, equal highest totals share the win): `best` is the best total of the other seats
    /// that play no more, and how many have it (`(0, 0)` for none); `later` the totals of the
    /// seats still to play their last turn after it, each playing to beat the best total before
    /// it ([`Bar::ends`]). While `x` is the best, every later seat faces `x`: it ends above (the
    /// seat wins nothing), level (one more to share with) or below, independently of the others;
    /// the share is the chance-weighted `1 / (seats level at the top)`.
    pub fn share(&self, x: u32, best: (u32, usize), later: &[u32]) -> f64 {
        let level_before = match best {
            (top, _) if x < top => return 0.0,
            (top, count) if x == top => count,
            _ => 0,
        };
        // ties[c]: the chance that c later seats end level with x and none above it, so far.
        let mut ties = vec![1.0];
        for &total in later {
            let ends = self.ends(i64::from(x) - i64::from(total) + 1);
            let mut next = vec![0.0; ties.len() + 1];
            for (c, &chance) in ties.iter().enumerate() {
                next[c] += chance * ends.below();
                next[c + 1] += chance * ends.level;
            }
            ties = next;
        }
        ties.iter()
            .enumerate()
            .map(|(c, chance)| chance / (1 + level_before + c) as f64)
            .sum()
    }

    /// [`Bar::share`] with no later seat: 1 above `best`, the share of a tie level with it, 0
    /// below (it needs no table).
    pub fn share_alone(x: u32, best: (u32, usize)) -> f64 {
        let (top, count) = best;
        match x.cmp(&top) {
            std::cmp::Ordering::Less => 0.0,
            std::cmp::Ordering::Equal => 1.0 / (1 + count) as f64,
            std::cmp::Ordering::Greater => 1.0,
        }
    }

    /// The greatest `n` kept.
    pub fn cap(&self) -> u32 {
        (self.ends.len() - 1) as u32
    }
}

/// `(d, tie, hand, words)` after the number is chosen, filled on demand.
struct Forced {
    memo: Vec<[Option<Ends>; 2]>,
}

impl Forced {
    fn value(&mut self, d: i64, tie: bool, hand: Hand, words: u8) -> Ends {
        if d <= 0 {
            return Ends {
                above: 1.0,
                level: 0.0,
            };
        }
        let (hand, words) = if hand == [0, 0, 0] {
            (FULL, 0)
        } else {
            (hand, words)
        };
        let at = d as usize * 512 + hand_index(hand) * 8 + usize::from(words);
        if let Some(known) = self.memo[at][usize::from(tie)] {
            return known;
        }
        let rolled = self.roll(d, tie, hand, words);
        let ends = if d == 1 && tie && 0.5 >= rolled.value() {
            Ends {
                above: 0.0,
                level: 1.0,
            }
        } else {
            rolled
        };
        self.memo[at][usize::from(tie)] = Some(ends);
        ends
    }

    /// Rolling on from a state: both chances summed over the same rolls, a FORGET IT worth
    /// neither, and a roll that sets nothing aside the fixed point `x = r / (1 − s)` of each.
    fn roll(&mut self, d: i64, tie: bool, hand: Hand, words: u8) -> Ends {
        let (mut rest, mut same) = (Ends::default(), 0.0);
        for roll in point_rolls(hand) {
            let now = words | roll.shown;
            if now == ALL_WORDS {
                continue;
            }
            if roll.points == 0 && roll.shown == 0 {
                same += roll.chance;
                continue;
            }
            let next = self.value(d - i64::from(roll.points), tie, roll.left, now);
            rest.add(roll.chance, next);
        }
        rest.scaled(1.0 / (1.0 - same))
    }
}

/// The opening rolls: the ends by `n` from each (hand, words) before the number is chosen.
struct Open<'a> {
    n_count: usize,
    need: &'a [Vec<u32>],
    ties: &'a [Vec<bool>],
    memo: HashMap<(Hand, u8), Vec<Ends>>,
}

impl Open<'_> {
    fn value(&mut self, hand: Hand, words: u8, forced: &mut Forced) -> Vec<Ends> {
        if let Some(v) = self.memo.get(&(hand, words)) {
            return v.clone();
        }
        let mut total = vec![Ends::default(); self.n_count];
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
                    let after = self.value(o.after_words, now, forced);
                    for (t, a) in total.iter_mut().zip(after) {
                        t.add(o.chance, a);
                    }
                }
                continue;
            }
            for (n, t) in total.iter_mut().enumerate() {
                // The number with the best value; the first of equals.
                let mut best: Option<Ends> = None;
                for &(p, k, left) in &o.keeps {
                    let p = usize::from(p - 1);
                    let d = i64::from(self.need[p][n]) - i64::from(k);
                    let ends = forced.value(d, self.ties[p][n], left, now);
                    if best.is_none_or(|b| ends.value() > b.value()) {
                        best = Some(ends);
                    }
                }
                t.add(o.chance, best.expect("a roll with keeps keeps something"));
            }
        }
        let total: Vec<Ends> = total
            .into_iter()
            .map(|t| t.scaled(1.0 / (1.0 - same)))
            .collect();
        self.memo.insert((hand, words), total.clone());
        total
    }
}

/// One distinct outcome of an opening roll: the words it shows, the hand once its words are set
/// aside, the numbers it lets the player keep (number, point dice, hand left), and its chance.
struct Opening {
    chance: f64,
    shown: u8,
    after_words: Hand,
    keeps: Vec<Keep>,
}

/// The distinct outcomes of rolling `hand` before the number is chosen: rolls that show the same
/// words and keep the same numbers with the same dice are one outcome (many rolls of nine dice do).
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
