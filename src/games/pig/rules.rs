//! *Pig*, as `docs/RULES.md` (P1–P5) says it is played: one die, roll or hold; a 1 loses the
//! turn's points; the first to reach the target wins at once.
//!
//! The table's part (seats, lobby, start, timeouts, winners, replay) is
//! [`crate::engine::table`]'s; this module is the turn and the roll-off that picks the first
//! player (P1).

use serde::{Deserialize, Serialize};

use crate::engine::dice::DiceSource;
use crate::engine::intent::MoveCode;
use crate::engine::table::{self, Names, Rules, Tally, MAX_ROLLOFF_ROUNDS};
use crate::engine::Player;

/// A table seats 2 to 10 players (P1).
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 10;
/// The target unless the table sets another, and the targets it may set (P3).
pub const DEFAULT_TARGET: u32 = 100;
pub const MIN_TARGET: u32 = 10;
pub const MAX_TARGET: u32 = 1_000;

/// The table's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub target: u32,
    /// A game alone, to the target in as few turns as may be (the daily deal's form); absent
    /// from a table's settings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alone: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            target: DEFAULT_TARGET,
            alone: false,
        }
    }
}

/// What a seat did, as its statistics count it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    pub turns: u32,
    /// The most points held in one turn.
    pub best_turn: u32,
}

/// A seat's part of the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub total: u32,
    pub stats: SeatStats,
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: usize,
    /// 1 for the game's first turn.
    pub number: u32,
    /// The round: 1 while the seats play their first turns, 2 from when the turn comes back round
    /// the table (to the seat that went first, or past it if that seat left), and so on.
    pub round: u32,
    /// Every roll of the turn so far, in order.
    pub rolled: Vec<u8>,
}

impl Turn {
    fn new(seat: usize, number: u32, round: u32) -> Turn {
        Turn {
            seat,
            number,
            round,
            rolled: Vec::new(),
        }
    }

    /// The turn total: its rolls so far (P2; a 1 ends the turn, so none is here).
    pub fn total(&self) -> u32 {
        self.rolled.iter().map(|&r| u32::from(r)).sum()
    }

    /// True once the player has rolled: holding is allowed (P2).
    pub fn may_hold(&self) -> bool {
        !self.rolled.is_empty()
    }
}

/// How a turn ended by the player's own moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Held: the turn total was added to the score.
    Held,
    /// Rolled a 1: the turn total was lost.
    Pigged,
    /// Reached the target: the game is won (P3).
    Won,
}

/// A finished turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnResult {
    pub turn: Turn,
    pub end: TurnEnd,
    /// Points added to the score.
    pub points: u32,
    /// Points the turn had and lost (a 1, or leaving).
    pub lost: u32,
}

/// A move of the player on turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Roll,
    Hold,
}

/// In custom_ids: `roll`, `hold`.
impl MoveCode for Move {
    fn code(&self) -> String {
        match self {
            Move::Roll => "roll".into(),
            Move::Hold => "hold".into(),
        }
    }

    fn parse(code: &str, _chosen: Option<&str>) -> Option<Move> {
        match code {
            "roll" => Some(Move::Roll),
            "hold" => Some(Move::Hold),
            _ => None,
        }
    }
}

/// One round of the roll-off: the seats that rolled and what each showed (P1).
pub type RollOffRound = Vec<(usize, u8)>;

/// The game's own events; the table's (created, joined, left, cancelled) are [`TableEvent`]s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    Started { rolloff: Vec<RollOffRound> },
    Rolled { die: u8 },
    Held,
    TimedOut,
}

/// Why a move is refused, beyond the table's reasons ([`RuleError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("roll first: a turn starts with a roll")]
    RollFirst,
    #[error("the target must be between {MIN_TARGET} and {MAX_TARGET}")]
    BadTarget(u32),
    #[error("the roll-off stayed tied for {MAX_ROLLOFF_ROUNDS} rounds")]
    RollOffUndecided,
}

/// Pig's rules, and what a game keeps beyond its seats and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pig {
    pub rolloff: Vec<RollOffRound>,
}

crate::game_types!(Pig, turn: Turn, ending: Ending);

pub use table::{HostAct, SeatStatus, TableEvent, TIMEOUTS_BEFORE_LEAVING};

impl Rules for Pig {
    type Settings = Settings;
    type Score = Score;
    type Turn = Turn;
    type TurnResult = TurnResult;
    type Move = Move;
    type Event = GameEvent;
    type Error = GameError;
    const MIN_SEATS: usize = MIN_SEATS;
    const MAX_SEATS: usize = MAX_SEATS;
    const NAMES: Names = Names::new("pig", "pig", "pig").emoji("🐷");

    fn min_seats(settings: &Settings) -> usize {
        if settings.alone {
            1
        } else {
            MIN_SEATS
        }
    }

    fn check(settings: &Settings) -> Result<(), GameError> {
        if (MIN_TARGET..=MAX_TARGET).contains(&settings.target) {
            Ok(())
        } else {
            Err(GameError::BadTarget(settings.target))
        }
    }

    fn start(game: &Game, dice: &mut dyn DiceSource) -> Decided {
        Ok(GameEvent::Started {
            rolloff: roll_off(game.seats.len(), dice)?,
        })
    }

    fn play(_game: &Game, turn: &Turn, mv: Move, dice: &mut dyn DiceSource) -> Decided {
        match mv {
            Move::Roll => Ok(GameEvent::Rolled { die: dice.roll(6) }),
            Move::Hold if turn.may_hold() => Ok(GameEvent::Held),
            Move::Hold => Err(GameError::RollFirst),
        }
    }

    fn time_out(_game: &Game, _turn: &Turn, _dice: &mut dyn DiceSource) -> Decided {
        Ok(GameEvent::TimedOut)
    }

    fn evolve(game: &mut Game, event: &GameEvent) {
        match event {
            GameEvent::Started { rolloff } => {
                game.state.rolloff = rolloff.clone();
                let first = game.first_seat().unwrap_or(0);
                game.phase = Phase::Playing {
                    turn: Turn::new(first, 1, 1),
                };
            }
            GameEvent::Rolled { die } => {
                let Phase::Playing { turn } = &mut game.phase else {
                    return;
                };
                turn.rolled.push(*die);
                let reached = game.seats[turn.seat].total + turn.total() >= game.settings.target;
                if *die == 1 {
                    end_turn(game, TurnEnd::Played(Ending::Pigged));
                } else if reached {
                    end_turn(game, TurnEnd::Played(Ending::Won));
                }
            }
            GameEvent::Held => end_turn(game, TurnEnd::Played(Ending::Held)),
            GameEvent::TimedOut => {
                if let Phase::Playing { turn } = &game.phase {
                    game.count_timeout(turn.seat);
                    end_turn(game, TurnEnd::TimedOut);
                }
            }
        }
    }

    fn left_on_turn(game: &mut Game, _turn: Turn) {
        end_turn(game, TurnEnd::Left);
    }

    fn action_of(game: &Game, by: Option<Player>, event: &GameEvent) -> Option<(Action, Vec<u8>)> {
        let play = |mv| Some(Action::Play { by: by?, mv });
        Some(match event {
            GameEvent::Started { rolloff } => {
                let faces = rolloff
                    .iter()
                    .flat_map(|round| round.iter().map(|(_, face)| *face))
                    .collect();
                (Action::Start { by: game.host }, faces)
            }
            GameEvent::Rolled { die } => (play(Move::Roll)?, vec![*die]),
            GameEvent::Held => (play(Move::Hold)?, Vec::new()),
            GameEvent::TimedOut => (Action::TimeOut, Vec::new()),
        })
    }

    fn legal_moves(_game: &Game, turn: &Turn) -> Vec<Move> {
        if turn.may_hold() {
            vec![Move::Roll, Move::Hold]
        } else {
            vec![Move::Roll]
        }
    }

    fn is_move(event: &GameEvent) -> bool {
        matches!(event, GameEvent::Rolled { .. } | GameEvent::Held)
    }

    fn total(score: &Score) -> u32 {
        score.total
    }

    fn tally(score: &Score) -> Tally {
        Tally {
            points: score.total,
            best: score.stats.best_turn,
            feats: 0,
            turns: score.stats.turns,
        }
    }
}

impl table::Game<Pig> {
    /// The seat that won the roll-off and played the first turn (P1).
    pub fn first_seat(&self) -> Option<usize> {
        self.state
            .rolloff
            .last()
            .and_then(|round| round.iter().max_by_key(|(_, face)| *face))
            .map(|(seat, _)| *seat)
    }

    /// The highest total among the seats other than `seat` still playing: whom `seat` races
    /// (P5).
    pub fn leading_opponent(&self, seat: usize) -> u32 {
        self.seats
            .iter()
            .enumerate()
            .filter(|(other, s)| *other != seat && s.is_playing())
            .map(|(_, s)| s.total)
            .max()
            .unwrap_or(0)
    }
}

/// Ends the current turn, scores it, and passes the turn on, or ends the game (P2, P3).
fn end_turn(game: &mut Game, end: TurnEnd) {
    let Phase::Playing { turn } = &game.phase else {
        return;
    };
    let turn = turn.clone();
    let total = turn.total();
    let points = match end {
        TurnEnd::Played(Ending::Held | Ending::Won) | TurnEnd::TimedOut => total,
        TurnEnd::Played(Ending::Pigged) | TurnEnd::Left => 0,
    };
    if matches!(end, TurnEnd::Played(_)) {
        game.played(turn.seat);
    }
    let seat = &mut game.seats[turn.seat];
    seat.total += points;
    seat.stats.turns += 1;
    seat.stats.best_turn = seat.stats.best_turn.max(points);
    let won = seat.total >= game.settings.target;
    let lost = match end {
        TurnEnd::Played(Ending::Pigged) => total - 1,
        TurnEnd::Left => total,
        _ => 0,
    };
    let (from, number, round) = (turn.seat, turn.number, turn.round);
    game.last_turn = Some(TurnResult {
        turn,
        end,
        points,
        lost,
    });
    if won {
        // P3: no last round.
        game.finish();
        return;
    }
    pass_turn(game, from, number + 1, round);
}

/// Gives the turn to the next seat still playing after `from`, or ends the game when fewer than
/// two seats still play.
fn pass_turn(game: &mut Game, from: usize, number: u32, round: u32) {
    if game.playing() < Pig::min_seats(&game.settings) {
        game.finish();
        return;
    }
    // Rounds count from the seat that went first (P1).
    let first = game.first_seat().unwrap_or(0);
    match game.next_seat(from, first, round, None) {
        Some((seat, round)) => {
            game.phase = Phase::Playing {
                turn: Turn::new(seat, number, round),
            }
        }
        None => game.finish(),
    }
}

/// P1: every seat rolls the die; the highest goes first, and the seats tied for highest roll
/// again among themselves ([`table::roll_off`]).
fn roll_off(seats: usize, dice: &mut dyn DiceSource) -> Result<Vec<RollOffRound>, GameError> {
    table::roll_off(seats, dice, |face| face).ok_or(GameError::RollOffUndecided)
}
