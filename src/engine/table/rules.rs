//! What a game supplies to the table: its [`Rules`], its [`Names`], the [`Tally`] of a seat's score
//! and what its [`Turn`] must tell.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::{Action, Game};
use crate::engine::dice::DiceSource;
use crate::engine::intent::MoveCode;
use crate::engine::{GameKind, Player};

/// A game's own rules: everything that is not the table's.
pub trait Rules: Clone + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The table's choices, kept in its `created` event.
    type Settings: Clone
        + Debug
        + Default
        + PartialEq
        + Eq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// What a seat holds of the game: its score and statistics.
    type Score: Clone + Debug + Default + PartialEq + Eq + Send + Sync;
    /// The turn in progress.
    type Turn: Turn;
    /// A finished turn, as the game remembers the last one.
    type TurnResult: Clone + Debug + PartialEq + Eq + Send + Sync;
    /// A move of the player on turn.
    /// A move of the player on turn, written in buttons' custom_ids by its [`MoveCode`].
    type Move: Clone + Copy + Debug + PartialEq + Eq + Send + Sync + MoveCode;
    /// The game's own events (its start, its moves, a timed-out turn), tagged `event` in the log
    /// like the table's.
    type Event: Clone + Debug + PartialEq + Eq + Serialize + DeserializeOwned + Send + Sync;
    /// Why a move of this game is refused.
    type Error: Clone + Debug + PartialEq + Eq + std::error::Error + Send + Sync + 'static;

    /// Its names (its key in the database, its code in buttons, its command).
    const NAMES: Names;
    /// Which game this is.
    const KIND: GameKind = GameKind::of(&Self::NAMES);
    /// The fewest seats a game starts with, and the most a table has.
    const MIN_SEATS: usize;
    const MAX_SEATS: usize;

    /// Refuses settings the game cannot be played with.
    fn check(settings: &Self::Settings) -> Result<(), Self::Error>;
    /// The fewest seats a game with these settings starts with, and plays on with: [`MIN_SEATS`]
    /// unless the settings make a game alone (a daily deal's form).
    ///
    /// [`MIN_SEATS`]: Rules::MIN_SEATS
    fn min_seats(_settings: &Self::Settings) -> usize {
        Self::MIN_SEATS
    }
    /// The event that starts the game (the lobby is full enough and the host asked).
    fn start(game: &Game<Self>, dice: &mut dyn DiceSource) -> Result<Self::Event, Self::Error>;
    /// The event of a move by the player on turn.
    fn play(
        game: &Game<Self>,
        turn: &Self::Turn,
        mv: Self::Move,
        dice: &mut dyn DiceSource,
    ) -> Result<Self::Event, Self::Error>;
    /// The event of the turn's deadline passing.
    fn time_out(
        game: &Game<Self>,
        turn: &Self::Turn,
        dice: &mut dyn DiceSource,
    ) -> Result<Self::Event, Self::Error>;
    /// Applies one of the game's events.
    fn evolve(game: &mut Game<Self>, event: &Self::Event);
    /// The player on turn left the game: their turn ends.
    fn left_on_turn(game: &mut Game<Self>, turn: Self::Turn);
    /// The action that made `event` in this state, and the dice it rolled (for replay). `by` is
    /// the player on turn.
    fn action_of(
        game: &Game<Self>,
        by: Option<Player>,
        event: &Self::Event,
    ) -> Option<(Action<Self::Move>, Vec<u8>)>;
    /// The moves the player on turn may make now.
    fn legal_moves(game: &Game<Self>, turn: &Self::Turn) -> Vec<Self::Move>;
    /// True for events of the player on turn's own moves (not the start, not a timeout).
    fn is_move(event: &Self::Event) -> bool;
    /// A seat's total so far: the highest total wins.
    fn total(score: &Self::Score) -> u32;
    /// How two seats still playing compare at the end (`Greater`: `a` is ahead): by total, unless
    /// the game breaks ties (its tie-break round, its last column...). Seats it finds equal share
    /// a place, and share the win if they are ahead of every other.
    fn compare(game: &Game<Self>, a: usize, b: usize) -> std::cmp::Ordering {
        game.total(a).cmp(&game.total(b))
    }
    /// What a seat did, as lifetime statistics count it.
    fn tally(score: &Self::Score) -> Tally;
}

/// A game's names: what stored games, posted buttons and slash commands know it by (they never
/// change once a game is released).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// In the database (`games.kind`).
    pub key: &'static str,
    /// In the ids of buttons, and as the prefix of its message ids.
    pub code: &'static str,
    /// Its slash command, also its name in logs.
    pub command: &'static str,
    /// The emoji its shared texts start with (`$emoji`: its lobby's and its end's titles): 🎲
    /// unless it says otherwise ([`Names::emoji`]).
    pub emoji: &'static str,
}

impl Names {
    pub const fn new(key: &'static str, code: &'static str, command: &'static str) -> Names {
        Names {
            key,
            code,
            command,
            emoji: "🎲",
        }
    }

    /// These names, with `emoji` as the game's emoji.
    pub const fn emoji(self, emoji: &'static str) -> Names {
        Names { emoji, ..self }
    }
}

/// What a seat did in one game, as lifetime statistics count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The seat's points.
    pub points: u32,
    /// Its best: of a turn, or the game's score (each game says which).
    pub best: u32,
    /// The game's feat, if it has one (FORGET ITs spelled, five alike scored); else 0.
    pub feats: u32,
    pub turns: u32,
}

/// What the table needs to know of a turn.
pub trait Turn: Clone + Debug + PartialEq + Eq + Send + Sync {
    /// The seat on turn.
    fn seat(&self) -> usize;
    /// 1 for the game's first turn.
    fn number(&self) -> u32;
    /// Its round: 1 while the seats play their first turns, counted from the seat that went
    /// first.
    fn round(&self) -> u32;
}

/// What every game's rules write the same way, said once: the names its code uses for the
/// engine's types of it (`Game`, `Seat`, `Phase`, `Action`, `Event`, `RuleError`,
/// `ReplayError`, `Decided` what its rules decide, and `TurnEnd` with its endings, if it has
/// them) and its turn's place at the
/// table (`impl Turn` for a turn with `seat`, `number` and `round` fields).
///
/// ```ignore
/// forgetit::game_types!(Pig, turn: Turn, ending: Ending);
/// ```
#[macro_export]
macro_rules! game_types {
    ($rules:ty, turn: $turn:ty, ending: $ending:ty) => {
        $crate::game_types!($rules, turn: $turn);
        pub type TurnEnd = $crate::engine::table::TurnEnd<$ending>;
    };
    ($rules:ty, turn: $turn:ty) => {
        pub type Game = $crate::engine::table::Game<$rules>;
        pub type Seat =
            $crate::engine::table::Seat<<$rules as $crate::engine::table::Rules>::Score>;
        pub type Phase = $crate::engine::table::Phase<$turn>;
        pub type Action =
            $crate::engine::table::Action<<$rules as $crate::engine::table::Rules>::Move>;
        pub type Event = $crate::engine::table::Event<
            <$rules as $crate::engine::table::Rules>::Settings,
            <$rules as $crate::engine::table::Rules>::Event,
        >;
        pub type RuleError =
            $crate::engine::table::RuleError<<$rules as $crate::engine::table::Rules>::Error>;
        pub type ReplayError =
            $crate::engine::table::ReplayError<<$rules as $crate::engine::table::Rules>::Error>;
        /// What the game's rules decide: an event of the game, or why not.
        #[allow(dead_code)]
        type Decided = std::result::Result<
            <$rules as $crate::engine::table::Rules>::Event,
            <$rules as $crate::engine::table::Rules>::Error,
        >;

        impl $crate::engine::table::Turn for $turn {
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
    };
}
