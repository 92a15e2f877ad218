//! *Get Dickey*, as `docs/RULES.md` (G1–G7) says it is played: the Yahtzee family, with five
//! ordinary dice, three rolls a turn and thirteen boxes.
//!
//! The table's part (seats, lobby, start, timeouts, winners, replay) is [`crate::engine::table`]'s; this
//! module is the turn: rolls and holds, the scorecard, jokers and Dickey bonuses, and thirteen
//! rounds.
//!
//! Choices the rules leave open, made here:
//!
//! - **Seating (G1).** One to ten seats, a bot seat counting as a player; a person may play alone
//!   (solitaire). The host starts the game; turns go in seating order, which is join order, from
//!   the first seat — there is no roll-off.
//! - **Holds (G2).** Holding is a move of its own, [`Move::ToggleHold`], one die at a time
//!   (what five toggle buttons send). Holds may change only between rolls: after the first roll and
//!   while a roll is left. Held dice stay held for the rest of the turn until toggled off. A roll
//!   with all five dice held is refused rather than wasted.
//! - **Five alike with the Dickey box open** is an ordinary roll: 50 in Dickey, or any other box
//!   by its normal score. Full House then scores 0, since G4 asks for "three of one face and two of
//!   another"; only a joker (G6) makes five alike a Full House or a straight.
//! - **The Dickey bonus (G6)** comes with the box the roll fills: five alike that are rolled and
//!   then rolled again do not earn it. A timed-out turn that scores five alike earns it too.
//! - **Leaving** mid-game: the seat is skipped from then on and cannot win; leaving on one's own
//!   turn ends it without filling a box. The others play on (a single player left plays on alone,
//!   as G1 allows). When no seat is playing any more the game is finished, with no winner.
//! - **Timeouts.** When the turn's deadline passes the bot scores the roll in the open box worth
//!   most (joker applied; on equal points the first such box in scorecard order), rolling all five
//!   dice first if the player had not rolled. A seat whose turns time out
//!   [`TIMEOUTS_BEFORE_LEAVING`] times in a row leaves the game.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::engine::dice::DiceSource;
use crate::engine::intent::{numbered, MoveCode};
use crate::engine::table::{self, Names, Rules, Tally};
use crate::engine::Player;

/// Five ordinary dice (G1).
pub const DICE: usize = 5;
/// Faces of a die.
pub const SIDES: u8 = 6;
/// One to ten players (G1).
pub const MIN_SEATS: usize = 1;
pub const MAX_SEATS: usize = 10;
/// Thirteen rounds, one box filled a turn (G1, G7).
pub const ROUNDS: u32 = 13;
/// Roll all five, then up to two more times (G2).
pub const MAX_ROLLS: u32 = 3;
/// The upper bonus and what the upper boxes must add up to for it (G3).
pub const UPPER_BONUS: u32 = 35;
pub const UPPER_BONUS_AT: u32 = 63;
/// Five alike in the Dickey box (G4), and the bonus for each further one while it holds 50 (G6).
pub const DICKEY_POINTS: u32 = 50;
pub const DICKEY_BONUS: u32 = 100;

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
    fn fill(&mut self, option: &ScoreOption) {
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

/// One die of a roll: which of the five dice (0–4), and the face it showed (1–6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: u8,
    pub face: u8,
}

/// A table's choices. Get Dickey has none yet; the type keeps the shape of every game's `create`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// What a seat did this game; the store folds it into lifetime statistics. The game's score (the
/// "best" statistic of Get Dickey) is [`Score::total`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    /// Turns that filled a box (a turn left unfinished by leaving does not count).
    pub turns: u32,
    /// Turns scored with five alike, in the Dickey box or as a joker.
    pub dickeys: u32,
}

/// A seat's part of the game: its scorecard and what it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub card: Scorecard,
    pub stats: SeatStats,
}

impl Score {
    /// The seat's grand total so far (G7).
    pub fn total(&self) -> u32 {
        self.card.total()
    }
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: usize,
    /// 1 to 13 (G1).
    pub round: u32,
    /// 1 for the game's first turn.
    pub number: u32,
    /// What the dice show; `None` before the turn's first roll.
    pub dice: Option<Hand>,
    /// Which dice are held: a roll leaves them as they are (G2).
    pub held: [bool; DICE],
    /// Rolls made this turn, 0 to 3.
    pub rolls: u32,
    /// The dice the last roll rolled.
    pub last_roll: Vec<DieRoll>,
    /// Every roll of the turn so far: the hand it left, and which dice were held through it (G2).
    /// The turn's story, as its finished message tells it.
    pub rolled: Vec<(Hand, [bool; DICE])>,
}

impl Turn {
    fn new(seat: usize, round: u32, number: u32) -> Turn {
        Turn {
            seat,
            round,
            number,
            dice: None,
            held: [false; DICE],
            rolls: 0,
            last_roll: Vec::new(),
            rolled: Vec::new(),
        }
    }

    pub fn rolls_left(&self) -> u32 {
        MAX_ROLLS.saturating_sub(self.rolls)
    }

    /// The dice a roll would roll now: those not held, in die order.
    pub fn free_dice(&self) -> Vec<usize> {
        (0..DICE).filter(|&d| !self.held[d]).collect()
    }

    /// True when a roll is allowed: a roll left and a die not held.
    pub fn can_roll(&self) -> bool {
        self.rolls_left() > 0 && self.held.contains(&false)
    }

    /// True while holds may change: after the first roll, with a roll left.
    pub fn can_hold(&self) -> bool {
        self.rolls > 0 && self.rolls_left() > 0
    }

    /// True after the third roll: the only move left is to score (G2).
    pub fn must_score(&self) -> bool {
        self.rolls_left() == 0
    }
}

/// How a turn ends by its own moves: a box filled. (When its deadline passes the bot scores the
/// roll in the open box worth most, [`TurnEnd::TimedOut`]; a player who leaves fills none.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Scored,
}

/// A finished turn: the turn as it ended, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnResult {
    pub turn: Turn,
    pub end: TurnEnd,
    /// The box filled and its points, with the Dickey bonus earned; `None` when the player left.
    pub scored: Option<ScoreOption>,
}

impl TurnResult {
    /// The points the turn scored: the box's points and any Dickey bonus (the upper bonus belongs
    /// to the card as a whole, see [`Scorecard::upper_bonus`]).
    pub fn points(&self) -> u32 {
        self.scored.map_or(0, |o| o.points + o.dickey_bonus)
    }
}

/// A move of the player on turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Roll the dice not held (all five on the turn's first roll).
    Roll,
    /// Hold a die, or release it if held (die 0–4).
    ToggleHold(u8),
    /// Fill an open box with the roll.
    Score(Category),
}

impl Move {
    /// The code of the "Score in…" menu: the box is the option picked.
    pub const SCORE_MENU: &'static str = "score";
}

/// In custom_ids: `roll`, `hold:2`, and `score` for the "Score in…" menu, whose options' values
/// are the boxes' [`Category::key`]s.
impl MoveCode for Move {
    fn code(&self) -> String {
        match self {
            Move::Roll => "roll".into(),
            Move::ToggleHold(die) => format!("hold:{die}"),
            Move::Score(_) => Move::SCORE_MENU.into(),
        }
    }

    fn parse(code: &str, chosen: Option<&str>) -> Option<Move> {
        match code {
            "roll" => Some(Move::Roll),
            Move::SCORE_MENU => chosen?.parse().ok().map(Move::Score),
            code => numbered(code, "hold").map(Move::ToggleHold),
        }
    }
}

/// The game's own events; the table's (created, joined, left, cancelled) are [`TableEvent`]s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    Started,
    Rolled {
        dice: Vec<DieRoll>,
    },
    HoldToggled {
        die: u8,
    },
    Scored {
        category: Category,
    },
    /// The deadline passed: `dice` are the five dice rolled for the player if they had not rolled
    /// (else empty), `category` the box the roll filled.
    TimedOut {
        dice: Vec<DieRoll>,
        category: Category,
    },
}

/// Why a move is refused, beyond the table's reasons ([`RuleError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("roll the dice first")]
    MustRollFirst,
    #[error("you have rolled {MAX_ROLLS} times: score the roll in an open box")]
    NoRollsLeft,
    #[error("all five dice are held: release one to roll, or score the roll")]
    AllHeld,
    #[error("there is no die {0}: the dice are 0 to 4")]
    NoSuchDie(u8),
    #[error("the {0} box is already filled")]
    BoxFilled(Category),
    #[error(
        "five alike with the Dickey box filled is a joker: it must go in {0} while that is open"
    )]
    JokerMustFillUpper(Category),
    #[error("every box of the scorecard is filled")]
    CardFull,
}

/// Get Dickey's rules. A game keeps nothing beyond its seats and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GetDickey;

// Game, Seat, Phase, Action, Event, RuleError, ReplayError of Get Dickey.
pub type Game = table::Game<GetDickey>;
pub type Seat = table::Seat<Score>;
pub type Phase = table::Phase<Turn>;
pub type TurnEnd = table::TurnEnd<Ending>;
/// What the game's rules decide: an event of the game, or why not.
type Decided = std::result::Result<GameEvent, GameError>;
pub type Action = table::Action<Move>;
pub type Event = table::Event<Settings, GameEvent>;
pub type RuleError = table::RuleError<GameError>;
pub type ReplayError = table::ReplayError<GameError>;

pub use table::{HostAct, SeatStatus, TableEvent, TIMEOUTS_BEFORE_LEAVING};

impl table::Turn for Turn {
    fn seat(&self) -> usize {
        self.seat
    }

    fn number(&self) -> u32 {
        self.number
    }

    fn round(&self) -> u32 {
        self.round
    }
}

impl Rules for GetDickey {
    type Settings = Settings;
    type Score = Score;
    type Turn = Turn;
    type TurnResult = TurnResult;
    type Move = Move;
    type Event = GameEvent;
    type Error = GameError;
    const MIN_SEATS: usize = MIN_SEATS;
    const MAX_SEATS: usize = MAX_SEATS;
    const NAMES: Names = Names::new("get_dickey", "gd", "getdickey");

    fn check(_settings: &Settings) -> Result<(), GameError> {
        Ok(())
    }

    fn start(_game: &Game, _dice: &mut dyn DiceSource) -> Decided {
        Ok(GameEvent::Started)
    }

    fn play(game: &Game, turn: &Turn, mv: Move, dice: &mut dyn DiceSource) -> Decided {
        match mv {
            Move::Roll => {
                if turn.rolls_left() == 0 {
                    return Err(GameError::NoRollsLeft);
                }
                if !turn.can_roll() {
                    return Err(GameError::AllHeld);
                }
                Ok(GameEvent::Rolled {
                    dice: roll(&turn.free_dice(), dice),
                })
            }
            Move::ToggleHold(die) => {
                if usize::from(die) >= DICE {
                    return Err(GameError::NoSuchDie(die));
                }
                if turn.rolls == 0 {
                    return Err(GameError::MustRollFirst);
                }
                if turn.rolls_left() == 0 {
                    return Err(GameError::NoRollsLeft);
                }
                Ok(GameEvent::HoldToggled { die })
            }
            Move::Score(category) => {
                let hand = turn.dice.ok_or(GameError::MustRollFirst)?;
                game.seats[turn.seat].card.option(category, &hand)?;
                Ok(GameEvent::Scored { category })
            }
        }
    }

    fn time_out(game: &Game, turn: &Turn, dice: &mut dyn DiceSource) -> Decided {
        let (rolled, hand) = match turn.dice {
            Some(hand) => (Vec::new(), hand),
            None => {
                let rolled = roll(&turn.free_dice(), dice);
                let mut hand = [0; DICE];
                for r in &rolled {
                    hand[usize::from(r.die)] = r.face;
                }
                (rolled, hand)
            }
        };
        let best = game.seats[turn.seat]
            .card
            .best_option(&hand)
            .ok_or(GameError::CardFull)?;
        Ok(GameEvent::TimedOut {
            dice: rolled,
            category: best.category,
        })
    }

    fn evolve(game: &mut Game, event: &GameEvent) {
        match event {
            GameEvent::Started => {
                game.phase = Phase::Playing {
                    turn: Turn::new(0, 1, 1),
                };
            }
            GameEvent::Rolled { dice } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    apply_roll(turn, dice);
                }
            }
            GameEvent::HoldToggled { die } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    if let Some(held) = turn.held.get_mut(usize::from(*die)) {
                        *held = !*held;
                    }
                }
            }
            GameEvent::Scored { category } => {
                score(game, *category, TurnEnd::Played(Ending::Scored))
            }
            GameEvent::TimedOut { dice, category } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    if !dice.is_empty() {
                        apply_roll(turn, dice);
                    }
                    score(game, *category, TurnEnd::TimedOut);
                }
            }
        }
    }

    fn left_on_turn(game: &mut Game, turn: Turn) {
        end_turn(game, turn, TurnEnd::Left, None);
    }

    fn action_of(game: &Game, by: Option<Player>, event: &GameEvent) -> Option<(Action, Vec<u8>)> {
        let faces = |dice: &[DieRoll]| dice.iter().map(|d| d.face).collect();
        let play = |mv| Some(Action::Play { by: by?, mv });
        Some(match event {
            GameEvent::Started => (Action::Start { by: game.host }, Vec::new()),
            GameEvent::Rolled { dice } => (play(Move::Roll)?, faces(dice)),
            GameEvent::HoldToggled { die } => (play(Move::ToggleHold(*die))?, Vec::new()),
            GameEvent::Scored { category } => (play(Move::Score(*category))?, Vec::new()),
            GameEvent::TimedOut { dice, .. } => (Action::TimeOut, faces(dice)),
        })
    }

    fn legal_moves(game: &Game, turn: &Turn) -> Vec<Move> {
        let mut moves = Vec::new();
        if turn.can_roll() {
            moves.push(Move::Roll);
        }
        if turn.can_hold() {
            moves.extend((0..DICE as u8).map(Move::ToggleHold));
        }
        moves.extend(
            game.score_options()
                .into_iter()
                .map(|o| Move::Score(o.category)),
        );
        moves
    }

    fn is_move(event: &GameEvent) -> bool {
        matches!(
            event,
            GameEvent::Rolled { .. } | GameEvent::HoldToggled { .. } | GameEvent::Scored { .. }
        )
    }

    fn total(score: &Score) -> u32 {
        score.total()
    }

    fn tally(score: &Score) -> Tally {
        Tally {
            points: score.total(),
            // The best statistic of Get Dickey is the best game.
            best: score.total(),
            feats: score.stats.dickeys,
            turns: score.stats.turns,
        }
    }
}

impl table::Game<GetDickey> {
    /// In the last round (G1), where the player on turn stands against the best total among the
    /// others still playing: the points to pass it (`Ok`), or their lead (`Err`). None before
    /// the last round, and alone at the table.
    pub fn last_round_need(&self) -> Option<Result<u32, u32>> {
        let turn = self.turn().ok()?;
        if turn.round < ROUNDS {
            return None;
        }
        let own = self.seats[turn.seat].total();
        let best = self
            .seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != turn.seat && s.is_playing())
            .map(|(_, s)| s.total())
            .max()?;
        Some(if own > best {
            Err(own - best)
        } else {
            Ok(best - own + 1)
        })
    }

    /// The boxes the player on turn may fill with the dice as they show, in scorecard order, with
    /// the points each would score now (joker applied, G6): what a "Score in…" menu lists. Empty
    /// before the turn's first roll and when no game is being played.
    pub fn score_options(&self) -> Vec<ScoreOption> {
        match self.turn() {
            Ok(Turn {
                seat,
                dice: Some(hand),
                ..
            }) => self.seats[*seat].card.options(hand),
            _ => Vec::new(),
        }
    }

    /// A seat's scorecard totals (upper, upper bonus, lower, Dickey bonus, total).
    pub fn scorecard(&self, seat: usize) -> Option<Summary> {
        self.seats.get(seat).map(|s| s.card.summary())
    }

    /// The round being played, 1 to 13.
    pub fn round(&self) -> Option<u32> {
        self.turn().ok().map(|t| t.round)
    }
}

/// Fills `category` with the roll on the table and ends the turn.
fn score(game: &mut Game, category: Category, end: TurnEnd) {
    let Phase::Playing { turn } = &game.phase else {
        return;
    };
    let Some(hand) = turn.dice else {
        return;
    };
    let turn = turn.clone();
    let seat = &mut game.seats[turn.seat];
    let Ok(option) = seat.card.option(category, &hand) else {
        return;
    };
    seat.card.fill(&option);
    seat.stats.turns += 1;
    if five_alike(&hand).is_some() {
        seat.stats.dickeys += 1;
    }
    match end {
        TurnEnd::TimedOut => game.count_timeout(turn.seat),
        TurnEnd::Played(Ending::Scored) | TurnEnd::Left => game.played(turn.seat),
    }
    end_turn(game, turn, end, Some(option));
}

fn end_turn(game: &mut Game, turn: Turn, end: TurnEnd, scored: Option<ScoreOption>) {
    let (from, round, number) = (turn.seat, turn.round, turn.number);
    game.last_turn = Some(TurnResult { turn, end, scored });
    pass_turn(game, from, round, number + 1);
}

/// Gives the turn to the next seat still playing after `from` in seating order, starting a new
/// round past the last seat, or ends the game after round 13 or when no seat plays (G1, G7).
fn pass_turn(game: &mut Game, from: usize, round: u32, number: u32) {
    let n = game.seats.len();
    for step in 1..=n {
        let seat = (from + step) % n;
        if !game.seats[seat].is_playing() {
            continue;
        }
        let round = if seat <= from { round + 1 } else { round };
        if round > ROUNDS {
            break;
        }
        game.phase = Phase::Playing {
            turn: Turn::new(seat, round, number),
        };
        return;
    }
    game.finish();
}
/// Rolls `dice` (die indices), one face each.
fn roll(dice_to_roll: &[usize], dice: &mut dyn DiceSource) -> Vec<DieRoll> {
    dice_to_roll
        .iter()
        .map(|&die| DieRoll {
            die: die as u8,
            face: dice.roll(SIDES),
        })
        .collect()
}

fn apply_roll(turn: &mut Turn, rolled: &[DieRoll]) {
    let mut hand = turn.dice.unwrap_or([0; DICE]);
    for r in rolled {
        if let Some(face) = hand.get_mut(usize::from(r.die)) {
            *face = r.face;
        }
    }
    turn.dice = Some(hand);
    turn.rolls += 1;
    turn.last_roll = rolled.to_vec();
    turn.rolled.push((hand, turn.held));
}
