//! The *Get Dickey* scorecard: its thirteen boxes ([`Category`]), what a hand scores in each
//! (G3–G6: points, jokers, the upper and Dickey bonuses) and a seat's [`Scorecard`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{GameError, DICE, DICKEY_BONUS, DICKEY_POINTS, SIDES, UPPER_BONUS, UPPER_BONUS_AT};

/// What the five dice show, each face 1–6, in die order.
pub type Hand = [u8; DICE];

/// The thirteen boxes of the scorecard, in scorecard order (G3, G4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Ones,
    Twos,
    Threes,
    Fours,
    Fives,
    Sixes,
    ThreeOfAKind,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Dickey,
    Chance,
}

impl Category {
    pub const ALL: [Category; 13] = [
        Category::Ones,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Dickey,
        Category::Chance,
    ];
    pub const UPPER: [Category; 6] = [
        Category::Ones,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
    ];

    /// The position on the scorecard, 0 for Ones to 12 for Chance.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The upper box of a face (1–6).
    pub fn upper(face: u8) -> Option<Category> {
        Category::UPPER
            .get(usize::from(face).checked_sub(1)?)
            .copied()
    }

    /// The face an upper box counts, or `None` for a lower box.
    pub fn upper_face(self) -> Option<u8> {
        self.is_upper().then_some(self as u8 + 1)
    }

    pub fn is_upper(self) -> bool {
        self.index() < 6
    }

    /// The box's English name, as every English message says it (`gd-box-*`).
    pub fn name(self) -> &'static str {
        match self {
            Category::Ones => "Ones",
            Category::Twos => "Twos",
            Category::Threes => "Threes",
            Category::Fours => "Fours",
            Category::Fives => "Fives",
            Category::Sixes => "Sixes",
            Category::ThreeOfAKind => "3 of a kind",
            Category::FourOfAKind => "4 of a kind",
            Category::FullHouse => "Full house",
            Category::SmallStraight => "Small straight",
            Category::LargeStraight => "Large straight",
            Category::Dickey => "Dickey",
            Category::Chance => "Chance",
        }
    }

    /// A stable ASCII key (as in the event log: `three_of_a_kind`), for component ids and menus.
    pub fn key(self) -> &'static str {
        match self {
            Category::Ones => "ones",
            Category::Twos => "twos",
            Category::Threes => "threes",
            Category::Fours => "fours",
            Category::Fives => "fives",
            Category::Sixes => "sixes",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::FourOfAKind => "four_of_a_kind",
            Category::FullHouse => "full_house",
            Category::SmallStraight => "small_straight",
            Category::LargeStraight => "large_straight",
            Category::Dickey => "dickey",
            Category::Chance => "chance",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that is no [`Category::key`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a Get Dickey box")]
pub struct NoCategory(pub String);

impl FromStr for Category {
    type Err = NoCategory;
    /// Parses a [`Category::key`].
    fn from_str(s: &str) -> Result<Category, NoCategory> {
        Category::ALL
            .into_iter()
            .find(|c| c.key() == s)
            .ok_or_else(|| NoCategory(s.to_string()))
    }
}

/// How many dice show each face: `counts(hand)[face]`, index 0 unused.
fn counts(hand: &Hand) -> [u8; 7] {
    let mut counts = [0u8; 7];
    for &face in hand {
        if let Some(n) = counts.get_mut(usize::from(face)) {
            *n += 1;
        }
    }
    counts
}

/// The sum of the five dice.
pub fn sum(hand: &Hand) -> u32 {
    hand.iter().map(|&f| u32::from(f)).sum()
}

/// The face of five alike, if the hand is five alike.
pub fn five_alike(hand: &Hand) -> Option<u8> {
    hand.iter()
        .all(|&f| f == hand[0])
        .then_some(hand[0])
        .filter(|f| (1..=SIDES).contains(f))
}

/// What `hand` scores in `category` by the ordinary rules (G3, G4), without a joker: 0 where the
/// hand does not meet the box (G5).
pub fn points(category: Category, hand: &Hand) -> u32 {
    let counts = counts(hand);
    let most_alike = counts.iter().copied().max().unwrap_or(0);
    let run = |from: usize, len: usize| (from..from + len).all(|face| counts[face] > 0);
    let when = |met: bool, score: u32| if met { score } else { 0 };
    match category {
        Category::Ones
        | Category::Twos
        | Category::Threes
        | Category::Fours
        | Category::Fives
        | Category::Sixes => {
            let face = category.index() + 1;
            face as u32 * u32::from(counts[face])
        }
        Category::ThreeOfAKind => when(most_alike >= 3, sum(hand)),
        Category::FourOfAKind => when(most_alike >= 4, sum(hand)),
        // Three of one face and two of another: five alike is not a Full House (without a joker).
        Category::FullHouse => when(counts.contains(&3) && counts.contains(&2), 25),
        Category::SmallStraight => when((1..=3).any(|from| run(from, 4)), 30),
        Category::LargeStraight => when((1..=2).any(|from| run(from, 5)), 40),
        Category::Dickey => when(most_alike == 5, DICKEY_POINTS),
        Category::Chance => sum(hand),
    }
}

/// What a joker (five alike, G6) scores in `category`: Full House 25, Small Straight 30, Large
/// Straight 40; every other box as usual (an upper box of another face 0, Three or Four of a Kind
/// and Chance the sum).
pub fn joker_points(category: Category, hand: &Hand) -> u32 {
    match category {
        Category::FullHouse => 25,
        Category::SmallStraight => 30,
        Category::LargeStraight => 40,
        _ => points(category, hand),
    }
}

/// A box the roll could fill now, and what filling it would score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreOption {
    pub category: Category,
    /// Points written in the box.
    pub points: u32,
    /// The Dickey bonus scoring this roll also earns (G6): 100 or 0, the same for every box.
    pub dickey_bonus: u32,
    /// True when the roll is scored as a joker (G6).
    pub joker: bool,
}

/// One seat's scorecard: the thirteen boxes and the Dickey bonuses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scorecard {
    /// Points in each box, by [`Category::index`]; `None` while the box is open.
    pub boxes: [Option<u32>; 13],
    /// How many Dickey bonuses (G6) were earned.
    pub dickey_bonuses: u32,
}

/// A scorecard's totals, for rendering (G3, G7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// The six upper boxes added up.
    pub upper: u32,
    /// 35 once `upper` is 63 or more, else 0.
    pub upper_bonus: u32,
    /// The seven lower boxes added up (the Dickey box's 50 included).
    pub lower: u32,
    /// 100 for each Dickey bonus.
    pub dickey_bonus: u32,
    /// The grand total: upper + upper bonus + lower + Dickey bonuses.
    pub total: u32,
}

impl Scorecard {
    /// The points in a box, `None` while it is open.
    pub fn get(&self, category: Category) -> Option<u32> {
        self.boxes[category.index()]
    }

    pub fn is_open(&self, category: Category) -> bool {
        self.get(category).is_none()
    }

    /// The open boxes, in scorecard order.
    pub fn open(&self) -> impl Iterator<Item = Category> + '_ {
        Category::ALL.into_iter().filter(|c| self.is_open(*c))
    }

    pub fn filled(&self) -> usize {
        self.boxes.iter().filter(|b| b.is_some()).count()
    }

    pub fn is_full(&self) -> bool {
        self.filled() == Category::ALL.len()
    }

    /// True when `hand` is a joker: five alike with the Dickey box already filled (G6).
    pub fn is_joker(&self, hand: &Hand) -> bool {
        five_alike(hand).is_some() && !self.is_open(Category::Dickey)
    }

    /// The box a joker must fill: the upper box of its face, while that is open (G6).
    pub fn forced(&self, hand: &Hand) -> Option<Category> {
        if !self.is_joker(hand) {
            return None;
        }
        Category::upper(five_alike(hand)?).filter(|c| self.is_open(*c))
    }

    /// The Dickey bonus scoring `hand` earns: 100 for five alike while the Dickey box holds 50 (G6).
    pub fn dickey_bonus_for(&self, hand: &Hand) -> u32 {
        if five_alike(hand).is_some() && self.get(Category::Dickey) == Some(DICKEY_POINTS) {
            DICKEY_BONUS
        } else {
            0
        }
    }

    /// What filling `category` with `hand` would score, or why it may not be filled.
    pub fn option(&self, category: Category, hand: &Hand) -> Result<ScoreOption, GameError> {
        if !self.is_open(category) {
            return Err(GameError::BoxFilled(category));
        }
        if let Some(forced) = self.forced(hand) {
            if forced != category {
                return Err(GameError::JokerMustFillUpper(forced));
            }
        }
        let joker = self.is_joker(hand);
        Ok(ScoreOption {
            category,
            points: if joker {
                joker_points(category, hand)
            } else {
                points(category, hand)
            },
            dickey_bonus: self.dickey_bonus_for(hand),
            joker,
        })
    }

    /// Every box `hand` may fill now, in scorecard order, with what it would score (G5, G6): the
    /// open boxes, or only the forced upper box of a joker.
    pub fn options(&self, hand: &Hand) -> Vec<ScoreOption> {
        self.open()
            .filter_map(|c| self.option(c, hand).ok())
            .collect()
    }

    /// The option worth most; on equal points the first in scorecard order. `None` when the card
    /// is full.
    pub fn best_option(&self, hand: &Hand) -> Option<ScoreOption> {
        self.options(hand)
            .into_iter()
            .fold(None, |best: Option<ScoreOption>, o| match best {
                Some(b) if b.points >= o.points => Some(b),
                _ => Some(o),
            })
    }

    /// Writes an option into the card.
    pub(super) fn fill(&mut self, option: &ScoreOption) {
        self.boxes[option.category.index()] = Some(option.points);
        if option.dickey_bonus > 0 {
            self.dickey_bonuses += 1;
        }
    }

    /// The six upper boxes added up (G3).
    pub fn upper_subtotal(&self) -> u32 {
        Category::UPPER.iter().filter_map(|c| self.get(*c)).sum()
    }

    /// 35 when the upper boxes add up to 63 or more (G3).
    pub fn upper_bonus(&self) -> u32 {
        if self.upper_subtotal() >= UPPER_BONUS_AT {
            UPPER_BONUS
        } else {
            0
        }
    }

    /// The seven lower boxes added up (G4).
    pub fn lower_total(&self) -> u32 {
        Category::ALL[6..].iter().filter_map(|c| self.get(*c)).sum()
    }

    /// 100 for each Dickey bonus (G6).
    pub fn dickey_bonus(&self) -> u32 {
        self.dickey_bonuses * DICKEY_BONUS
    }

    /// The grand total (G7).
    pub fn total(&self) -> u32 {
        self.upper_subtotal() + self.upper_bonus() + self.lower_total() + self.dickey_bonus()
    }

    pub fn summary(&self) -> Summary {
        Summary {
            upper: self.upper_subtotal(),
            upper_bonus: self.upper_bonus(),
            lower: self.lower_total(),
            dickey_bonus: self.dickey_bonus(),
            total: self.total(),
        }
    }
}
