//! *Get Dickey*, as `docs/RULES.md` (G1–G7) says it is played: the Yahtzee family, with five
//! ordinary dice, three rolls a turn and thirteen boxes.
//!
//! The game is a value, built like [`super::forgetit`]: [`Game::decide`] checks an [`Action`]
//! against the rules and, rolling any dice it needs from the caller's [`DiceSource`], returns the
//! [`Event`] that records what happened (with every die rolled). [`Game::evolve`] applies an event;
//! it needs no dice, so a game is rebuilt exactly by [`Game::replay`] of its event log. `decide`
//! never changes the game, so a caller can commit the event somewhere durable before it replaces
//! its state.
//!
//! Choices the rules leave open, made here:
//!
//! - **Seating (G1).** One to ten seats, a bot seat counting as a player; a person may play alone
//!   (solitaire). The host starts the game; turns go in seating order, which is join order, from
//!   the first seat — there is no roll-off.
//! - **Holds (G2).** Holding is an action of its own, [`Action::ToggleHold`], one die at a time
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

use super::dice::DiceSource;
use super::Player;

/// The game's names: in the database, in the ids of buttons, and its slash command.
pub const KEY: &str = "get_dickey";
pub const CODE: &str = "gd";
pub const COMMAND: &str = "getdickey";

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
/// A seat that lets its turn time out this many times in a row leaves the game.
pub const TIMEOUTS_BEFORE_LEAVING: u32 = 3;

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

    /// The box's name as the scorecard prints it.
    pub fn name(self) -> &'static str {
        match self {
            Category::Ones => "Ones",
            Category::Twos => "Twos",
            Category::Threes => "Threes",
            Category::Fours => "Fours",
            Category::Fives => "Fives",
            Category::Sixes => "Sixes",
            Category::ThreeOfAKind => "Three of a Kind",
            Category::FourOfAKind => "Four of a Kind",
            Category::FullHouse => "Full House",
            Category::SmallStraight => "Small Straight",
            Category::LargeStraight => "Large Straight",
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

impl FromStr for Category {
    type Err = String;
    /// Parses a [`Category::key`].
    fn from_str(s: &str) -> Result<Category, String> {
        Category::ALL
            .into_iter()
            .find(|c| c.key() == s)
            .ok_or_else(|| format!("{s:?} is not a Get Dickey box"))
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
    pub fn option(&self, category: Category, hand: &Hand) -> Result<ScoreOption, RuleError> {
        if !self.is_open(category) {
            return Err(RuleError::BoxFilled(category));
        }
        if let Some(forced) = self.forced(hand) {
            if forced != category {
                return Err(RuleError::JokerMustFillUpper(forced));
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    Playing,
    /// Left (or was removed) mid-game: skipped from then on, and cannot win.
    Left,
}

/// What a seat did this game; the store folds it into lifetime statistics. The game's score (the
/// "best" statistic of Get Dickey) is [`Seat::total`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Turns that filled a box (a turn left unfinished by leaving does not count).
    pub turns: u32,
    /// Turns scored with five alike, in the Dickey box or as a joker.
    pub dickeys: u32,
    pub timeouts_in_a_row: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub player: Player,
    pub name: String,
    pub card: Scorecard,
    pub status: SeatStatus,
    pub stats: SeatStats,
}

impl Seat {
    pub fn is_playing(&self) -> bool {
        self.status == SeatStatus::Playing
    }

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

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnEnd {
    Scored,
    /// The deadline passed: the bot scored the roll in the open box worth most.
    TimedOut,
    /// The player left the game during the turn: no box was filled.
    Left,
}

/// A finished turn: the turn as it ended, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Lobby,
    Playing {
        turn: Turn,
    },
    /// Seats with the highest total among those still playing; more than one share the win (G7).
    /// Empty when every seat left.
    Finished {
        winners: Vec<usize>,
    },
    Cancelled,
}

/// Something a player, or the table's clock, asks of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    Join {
        player: Player,
        name: String,
    },
    /// Leave the table: in the lobby the seat is freed; in a game the seat is skipped from then on.
    Leave {
        player: Player,
    },
    Start {
        by: Player,
    },
    /// Roll the dice not held (all five on the turn's first roll).
    Roll {
        by: Player,
    },
    /// Hold a die, or release it if held (die 0–4).
    ToggleHold {
        by: Player,
        die: u8,
    },
    /// Fill an open box with the roll.
    Score {
        by: Player,
        category: Category,
    },
    /// The turn's deadline passed.
    TimeOut,
    Cancel,
}

/// What happened: the game's log is a list of these, the first being `Created`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Created {
        settings: Settings,
        host: Player,
        name: String,
    },
    Joined {
        player: Player,
        name: String,
    },
    Left {
        player: Player,
    },
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
    Cancelled,
}

/// Why an action is not allowed now. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("the game has not started yet")]
    NotStarted,
    #[error("the game is over")]
    GameOver,
    #[error("you are already seated at this table")]
    AlreadySeated,
    #[error("the table is full ({MAX_SEATS} seats)")]
    TableFull,
    #[error("you are not seated at this table")]
    NotSeated,
    #[error("only the host can do that")]
    NotHost,
    #[error("it is not your turn")]
    NotYourTurn,
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
    #[error("a seat needs a name")]
    EmptyName,
}

/// Why an event log does not rebuild a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("the event log is empty")]
    Empty,
    #[error("the first event should be `created`")]
    NotCreated,
    #[error("event {index} is not allowed: {error}")]
    Illegal { index: usize, error: RuleError },
    #[error("event {index} does not match what its action gives")]
    Mismatch { index: usize },
}

/// A game of Get Dickey, from lobby to game over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub settings: Settings,
    pub host: Player,
    pub seats: Vec<Seat>,
    pub phase: Phase,
    pub last_turn: Option<TurnResult>,
    /// How many events the game has applied: buttons carry it to spot stale clicks.
    pub version: u64,
}

impl Game {
    /// A new table in its lobby, with the host in the first seat.
    pub fn create(
        settings: Settings,
        host: Player,
        name: impl Into<String>,
    ) -> Result<(Game, Event), RuleError> {
        let name = clean_name(name.into())?;
        let event = Event::Created {
            settings,
            host,
            name,
        };
        let mut game = Game {
            settings: Settings::default(),
            host,
            seats: Vec::new(),
            phase: Phase::Lobby,
            last_turn: None,
            version: 0,
        };
        game.evolve(&event);
        Ok((game, event))
    }

    /// Rebuilds a game from its event log, checking every event against the rules: each event is
    /// decided again, with the dice it recorded, and must come out the same.
    pub fn replay(events: &[Event]) -> Result<Game, ReplayError> {
        let Some(Event::Created {
            settings,
            host,
            name,
        }) = events.first()
        else {
            return Err(if events.is_empty() {
                ReplayError::Empty
            } else {
                ReplayError::NotCreated
            });
        };
        let (mut game, _) = Game::create(settings.clone(), *host, name.clone())
            .map_err(|error| ReplayError::Illegal { index: 0, error })?;
        for (index, event) in events.iter().enumerate().skip(1) {
            let Some((action, faces)) = game.action_of(event) else {
                return Err(ReplayError::Mismatch { index });
            };
            let mut dice = ReplayDice {
                faces: faces.into_iter(),
                bad: false,
            };
            let again = game
                .decide(action, &mut dice)
                .map_err(|error| ReplayError::Illegal { index, error })?;
            if again != *event || dice.bad || dice.faces.next().is_some() {
                return Err(ReplayError::Mismatch { index });
            }
            game.evolve(event);
        }
        Ok(game)
    }

    /// The action that produced `event` in this state, and the dice it rolled.
    fn action_of(&self, event: &Event) -> Option<(Action, Vec<u8>)> {
        let by = self.current_player();
        let faces = |dice: &[DieRoll]| dice.iter().map(|d| d.face).collect();
        let action = match event {
            Event::Created { .. } => return None,
            Event::Joined { player, name } => Action::Join {
                player: *player,
                name: name.clone(),
            },
            Event::Left { player } => Action::Leave { player: *player },
            Event::Started => Action::Start { by: self.host },
            Event::Rolled { dice } => return Some((Action::Roll { by: by? }, faces(dice))),
            Event::HoldToggled { die } => Action::ToggleHold { by: by?, die: *die },
            Event::Scored { category } => Action::Score {
                by: by?,
                category: *category,
            },
            Event::TimedOut { dice, .. } => return Some((Action::TimeOut, faces(dice))),
            Event::Cancelled => Action::Cancel,
        };
        Some((action, Vec::new()))
    }

    /// Checks `action` against the rules and returns the event it makes, rolling dice from
    /// `dice` where the action rolls. The game itself does not change: apply the event with
    /// [`Game::evolve`] (once it is safely stored).
    pub fn decide(&self, action: Action, dice: &mut impl DiceSource) -> Result<Event, RuleError> {
        match action {
            Action::Join { player, name } => {
                self.lobby()?;
                if self.seat_of(player).is_some() {
                    return Err(RuleError::AlreadySeated);
                }
                if self.seats.len() >= MAX_SEATS {
                    return Err(RuleError::TableFull);
                }
                Ok(Event::Joined {
                    player,
                    name: clean_name(name)?,
                })
            }
            Action::Leave { player } => {
                self.open()?;
                match self.seat_of(player) {
                    Some(seat) if self.seats[seat].is_playing() => Ok(Event::Left { player }),
                    _ => Err(RuleError::NotSeated),
                }
            }
            Action::Start { by } => {
                self.lobby()?;
                if by != self.host {
                    return Err(RuleError::NotHost);
                }
                Ok(Event::Started)
            }
            Action::Roll { by } => {
                let turn = self.turn_of(by)?;
                if turn.rolls_left() == 0 {
                    return Err(RuleError::NoRollsLeft);
                }
                if !turn.can_roll() {
                    return Err(RuleError::AllHeld);
                }
                Ok(Event::Rolled {
                    dice: roll(&turn.free_dice(), dice),
                })
            }
            Action::ToggleHold { by, die } => {
                let turn = self.turn_of(by)?;
                if usize::from(die) >= DICE {
                    return Err(RuleError::NoSuchDie(die));
                }
                if turn.rolls == 0 {
                    return Err(RuleError::MustRollFirst);
                }
                if turn.rolls_left() == 0 {
                    return Err(RuleError::NoRollsLeft);
                }
                Ok(Event::HoldToggled { die })
            }
            Action::Score { by, category } => {
                let turn = self.turn_of(by)?;
                let hand = turn.dice.ok_or(RuleError::MustRollFirst)?;
                self.seats[turn.seat].card.option(category, &hand)?;
                Ok(Event::Scored { category })
            }
            Action::TimeOut => {
                let turn = self.turn()?;
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
                let best = self.seats[turn.seat]
                    .card
                    .best_option(&hand)
                    .ok_or(RuleError::CardFull)?;
                Ok(Event::TimedOut {
                    dice: rolled,
                    category: best.category,
                })
            }
            Action::Cancel => {
                self.open()?;
                Ok(Event::Cancelled)
            }
        }
    }

    /// Applies an event that [`Game::decide`] returned for this state.
    pub fn evolve(&mut self, event: &Event) {
        self.version += 1;
        match event {
            Event::Created {
                settings,
                host,
                name,
            } => {
                self.settings = settings.clone();
                self.host = *host;
                self.seats = vec![new_seat(*host, name)];
            }
            Event::Joined { player, name } => self.seats.push(new_seat(*player, name)),
            Event::Left { player } => self.leave(*player),
            Event::Started => {
                self.phase = Phase::Playing {
                    turn: Turn::new(0, 1, 1),
                };
            }
            Event::Rolled { dice } => {
                if let Phase::Playing { turn } = &mut self.phase {
                    apply_roll(turn, dice);
                }
            }
            Event::HoldToggled { die } => {
                if let Phase::Playing { turn } = &mut self.phase {
                    if let Some(held) = turn.held.get_mut(usize::from(*die)) {
                        *held = !*held;
                    }
                }
            }
            Event::Scored { category } => self.score(*category, TurnEnd::Scored),
            Event::TimedOut { dice, category } => {
                if let Phase::Playing { turn } = &mut self.phase {
                    if !dice.is_empty() {
                        apply_roll(turn, dice);
                    }
                    self.score(*category, TurnEnd::TimedOut);
                }
            }
            Event::Cancelled => self.phase = Phase::Cancelled,
        }
    }

    /// `decide` then `evolve`: for callers with nothing to commit in between (tests, simulations).
    pub fn apply(
        &mut self,
        action: Action,
        dice: &mut impl DiceSource,
    ) -> Result<Event, RuleError> {
        let event = self.decide(action, dice)?;
        self.evolve(&event);
        Ok(event)
    }

    /// The actions that are legal now and need no outside player: the player on turn's choices
    /// (Roll, a ToggleHold per die, a Score per box the roll may fill), the host's Start in a
    /// lobby, the clock's TimeOut and Cancel. (Join is legal for anyone not seated while the lobby
    /// has room, Leave for anyone seated and playing.)
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        match &self.phase {
            Phase::Lobby => actions.push(Action::Start { by: self.host }),
            Phase::Playing { turn } => {
                let by = self.seats[turn.seat].player;
                if turn.can_roll() {
                    actions.push(Action::Roll { by });
                }
                if turn.can_hold() {
                    actions.extend((0..DICE as u8).map(|die| Action::ToggleHold { by, die }));
                }
                actions.extend(self.score_options().into_iter().map(|o| Action::Score {
                    by,
                    category: o.category,
                }));
                actions.push(Action::TimeOut);
            }
            Phase::Finished { .. } | Phase::Cancelled => return actions,
        }
        actions.push(Action::Cancel);
        actions
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

    pub fn seat_of(&self, player: Player) -> Option<usize> {
        self.seats.iter().position(|s| s.player == player)
    }

    /// The turn in progress, if the game is being played.
    pub fn turn(&self) -> Result<&Turn, RuleError> {
        match &self.phase {
            Phase::Playing { turn } => Ok(turn),
            Phase::Lobby => Err(RuleError::NotStarted),
            Phase::Finished { .. } | Phase::Cancelled => Err(RuleError::GameOver),
        }
    }

    /// The player whose turn it is.
    pub fn current_player(&self) -> Option<Player> {
        self.turn().ok().map(|t| self.seats[t.seat].player)
    }

    /// The round being played, 1 to 13.
    pub fn round(&self) -> Option<u32> {
        self.turn().ok().map(|t| t.round)
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. } | Phase::Cancelled)
    }

    fn lobby(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Playing { .. } => Err(RuleError::AlreadyStarted),
            Phase::Finished { .. } | Phase::Cancelled => Err(RuleError::GameOver),
        }
    }

    fn open(&self) -> Result<(), RuleError> {
        if self.is_over() {
            Err(RuleError::GameOver)
        } else {
            Ok(())
        }
    }

    fn turn_of(&self, by: Player) -> Result<&Turn, RuleError> {
        let turn = self.turn()?;
        if self.seats[turn.seat].player == by {
            return Ok(turn);
        }
        match self.seat_of(by) {
            Some(seat) if self.seats[seat].is_playing() => Err(RuleError::NotYourTurn),
            _ => Err(RuleError::NotSeated),
        }
    }

    /// Fills `category` with the roll on the table and ends the turn.
    fn score(&mut self, category: Category, end: TurnEnd) {
        let Phase::Playing { turn } = &self.phase else {
            return;
        };
        let Some(hand) = turn.dice else {
            return;
        };
        let turn = turn.clone();
        let seat = &mut self.seats[turn.seat];
        let Ok(option) = seat.card.option(category, &hand) else {
            return;
        };
        seat.card.fill(&option);
        seat.stats.turns += 1;
        if five_alike(&hand).is_some() {
            seat.stats.dickeys += 1;
        }
        match end {
            TurnEnd::TimedOut => {
                seat.stats.timeouts_in_a_row += 1;
                if seat.stats.timeouts_in_a_row >= TIMEOUTS_BEFORE_LEAVING {
                    seat.status = SeatStatus::Left;
                }
            }
            // A turn the player played to its end: they are not away.
            TurnEnd::Scored | TurnEnd::Left => seat.stats.timeouts_in_a_row = 0,
        }
        self.end_turn(turn, end, Some(option));
    }

    fn end_turn(&mut self, turn: Turn, end: TurnEnd, scored: Option<ScoreOption>) {
        let (from, round, number) = (turn.seat, turn.round, turn.number);
        self.last_turn = Some(TurnResult { turn, end, scored });
        self.pass_turn(from, round, number + 1);
    }

    /// Gives the turn to the next seat still playing after `from` in seating order, starting a new
    /// round past the last seat, or ends the game after round 13 or when no seat plays (G1, G7).
    fn pass_turn(&mut self, from: usize, round: u32, number: u32) {
        let n = self.seats.len();
        for step in 1..=n {
            let seat = (from + step) % n;
            if !self.seats[seat].is_playing() {
                continue;
            }
            let round = if seat <= from { round + 1 } else { round };
            if round > ROUNDS {
                break;
            }
            self.phase = Phase::Playing {
                turn: Turn::new(seat, round, number),
            };
            return;
        }
        self.finish();
    }

    /// G7: the highest grand total among the seats still playing wins; equal highest share.
    fn finish(&mut self) {
        let best = self
            .seats
            .iter()
            .filter(|s| s.is_playing())
            .map(Seat::total)
            .max();
        let winners = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_playing() && Some(self.seats[i].total()) == best)
            .collect();
        self.phase = Phase::Finished { winners };
    }

    fn leave(&mut self, player: Player) {
        let Some(seat) = self.seat_of(player) else {
            return;
        };
        match &self.phase {
            Phase::Lobby => {
                self.seats.remove(seat);
                if player == self.host {
                    match self
                        .seats
                        .iter()
                        .find(|s| matches!(s.player, Player::Person(_)))
                    {
                        Some(next) => self.host = next.player,
                        None => self.phase = Phase::Cancelled,
                    }
                }
            }
            Phase::Playing { turn } => {
                let turn = turn.clone();
                self.seats[seat].status = SeatStatus::Left;
                if turn.seat == seat {
                    self.end_turn(turn, TurnEnd::Left, None);
                }
                // Off turn the seat on turn still plays, so the game goes on.
            }
            Phase::Finished { .. } | Phase::Cancelled => {}
        }
    }
}

/// Rolls `dice` (die indices), one face each.
fn roll(dice_to_roll: &[usize], dice: &mut impl DiceSource) -> Vec<DieRoll> {
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
}

fn new_seat(player: Player, name: &str) -> Seat {
    Seat {
        player,
        name: name.to_string(),
        card: Scorecard::default(),
        status: SeatStatus::Playing,
        stats: SeatStats::default(),
    }
}

fn clean_name(name: String) -> Result<String, RuleError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RuleError::EmptyName);
    }
    Ok(name.chars().take(80).collect())
}

/// Dice that give back the faces an event recorded; running short, or a face that is not on the
/// die, is noted (the log does not match), not a panic.
struct ReplayDice {
    faces: std::vec::IntoIter<u8>,
    bad: bool,
}

impl DiceSource for ReplayDice {
    fn roll(&mut self, sides: u8) -> u8 {
        match self.faces.next() {
            Some(face) if (1..=sides).contains(&face) => face,
            _ => {
                self.bad = true;
                1
            }
        }
    }
}
