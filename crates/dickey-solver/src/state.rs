//! What the solver is given and what it reasons about: the [`Scoring`] of every hand in every box,
//! a scorecard's [`State`] between turns, and a [`Choice`] of what to do with a hand.

use crate::{faces_of, hand_counts, Counts, BOXES, FULL_CARD, HANDS, UPPER_CAP};

/// What every hand scores in every box, from the caller's rules: ordinary points, and points as a
/// joker (G6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub(crate) points: Vec<[u16; BOXES]>,
    pub(crate) joker: Vec<[u16; BOXES]>,
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

    pub(crate) fn fingerprint(&self) -> u64 {
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

    pub(crate) fn capped(&self) -> u8 {
        self.upper.min(u32::from(UPPER_CAP)) as u8
    }

    pub(crate) fn index(&self) -> usize {
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
