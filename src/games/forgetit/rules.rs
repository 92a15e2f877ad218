//! *For Get It*, as `docs/RULES.md` (F1–F11) says it is played.
//!
//! The table's part (seats, lobby, start, timeouts, winners, replay) is [`crate::engine::table`]'s; this
//! module is the turn: rolling, the point number, FORGET IT, banking, the roll-off that picks the
//! first player (F2), and the final round once a total reaches the target (F10).

use serde::{Deserialize, Serialize};

use crate::engine::dice::DiceSource;
use crate::engine::intent::{numbered, MoveCode};
use crate::engine::table::{self, Names, Rules, Tally, MAX_ROLLOFF_ROUNDS};
use crate::engine::Player;

/// Nine dice: three FOR dice, three GET dice, three IT dice (F1).
pub const DICE: usize = 9;
/// A table seats 2 to 10 players (F2).
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 10;
/// The target unless a table chooses another (F10).
pub const DEFAULT_TARGET: u32 = 500;
pub const MAX_TARGET: u32 = 100_000;

/// The word on a die's sixth face (F1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Word {
    For,
    Get,
    It,
}

impl Word {
    pub const ALL: [Word; 3] = [Word::For, Word::Get, Word::It];

    /// Dice 0–2 are the FOR dice, 3–5 the GET dice, 6–8 the IT dice. A die keeps its word for the
    /// whole game (F1).
    pub fn of_die(die: usize) -> Word {
        Word::ALL[die / 3]
    }

    pub fn text(self) -> &'static str {
        match self {
            Word::For => "FOR",
            Word::Get => "GET",
            Word::It => "IT",
        }
    }
}

/// What a die shows: a number from 1 to 5, or its word. Stored as 1–6, 6 being the word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Face {
    Pip(u8),
    Word,
}

impl Face {
    fn from_roll(value: u8) -> Face {
        if value == 6 {
            Face::Word
        } else {
            Face::Pip(value)
        }
    }

    /// The roll-off value (F2): the number, and a word below every number.
    pub fn rolloff_value(self) -> u8 {
        match self {
            Face::Pip(n) => n,
            Face::Word => 0,
        }
    }
}

impl From<Face> for u8 {
    fn from(face: Face) -> u8 {
        match face {
            Face::Pip(n) => n,
            Face::Word => 6,
        }
    }
}

/// A number that is no face of a For Get It die (a stored roll's, read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a face of a For Get It die")]
pub struct NoFace(pub u8);

impl TryFrom<u8> for Face {
    type Error = NoFace;
    fn try_from(value: u8) -> Result<Face, NoFace> {
        match value {
            1..=6 => Ok(Face::from_roll(value)),
            _ => Err(NoFace(value)),
        }
    }
}

/// One die of a roll: which of the nine dice, and what it showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: u8,
    pub face: Face,
}

impl DieRoll {
    pub fn word(self) -> Word {
        Word::of_die(self.die as usize)
    }
}

/// Where a die of the current set is (F3, F4, F6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DieState {
    InHand,
    /// Set aside showing the point number.
    Point,
    /// Set aside showing its word.
    Word,
}

/// A table's choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub target: u32,
    /// A game alone of this many turns, scored by points (the daily deal's form): no target, no
    /// last round; absent from a table's settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            target: DEFAULT_TARGET,
            turns: None,
        }
    }
}

/// The most turns a game alone may have.
pub const MAX_TURNS_ALONE: u32 = 100;
/// The turns of the daily deal's game alone.
pub const DAILY_TURNS: u32 = 10;

/// What a seat did this game; the store folds it into lifetime statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    pub turns: u32,
    pub forget_its: u32,
    pub best_turn: u32,
}

/// A seat's part of the game: its total and what it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub total: u32,
    pub stats: SeatStats,
}

/// What the player on turn must do next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Roll: at the start of the turn, or after a roll with no pair before a number was chosen (F5).
    Roll,
    /// Choose the point number among the numbers that showed on two or more dice (F5).
    ChoosePoint { options: Vec<u8> },
    /// Bank, or roll the dice in hand (all nine again if none is left, F7, F8).
    BankOrRoll,
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: usize,
    /// 1 for the game's first turn.
    pub number: u32,
    /// The round: 1 while the seats play their first turns, 2 from when the turn comes back round
    /// the table (to the seat that went first, or past it if that seat left), and so on.
    pub round: u32,
    pub point: Option<u8>,
    /// The nine dice of the current set.
    pub dice: [DieState; DICE],
    /// Point dice set aside in earlier sets of this turn (F8).
    pub earlier_point_dice: u32,
    /// 1 for the turn's first set (F3).
    pub set: u32,
    pub rolls: u32,
    pub last_roll: Vec<DieRoll>,
    /// Every roll of the turn so far, in order; a roll of nine dice after the first starts a
    /// new set (F8). The turn's story, as its finished message tells it.
    pub rolled: Vec<Vec<DieRoll>>,
    /// The roll (from 1) after which the point number was chosen (F5).
    pub point_roll: Option<u32>,
    pub step: Step,
}

impl Turn {
    fn new(seat: usize, number: u32, round: u32) -> Turn {
        Turn {
            seat,
            number,
            round,
            point: None,
            dice: [DieState::InHand; DICE],
            earlier_point_dice: 0,
            set: 1,
            rolls: 0,
            last_roll: Vec::new(),
            rolled: Vec::new(),
            point_roll: None,
            step: Step::Roll,
        }
    }

    /// The dice still in hand, by index.
    pub fn in_hand(&self) -> Vec<usize> {
        (0..DICE)
            .filter(|&d| self.dice[d] == DieState::InHand)
            .collect()
    }

    /// The words set aside in the current set, with repeats, in die order.
    pub fn words_this_set(&self) -> Vec<Word> {
        (0..DICE)
            .filter(|&d| self.dice[d] == DieState::Word)
            .map(Word::of_die)
            .collect()
    }

    /// FORGET IT is spelled when the current set's word dice cover all three words (F4, F8).
    pub fn spelled_forget_it(&self) -> bool {
        let words = self.words_this_set();
        Word::ALL.iter().all(|w| words.contains(w))
    }

    /// Point dice set aside in the whole turn (F9).
    pub fn point_dice(&self) -> u32 {
        self.earlier_point_dice + self.dice.iter().filter(|s| **s == DieState::Point).count() as u32
    }

    /// ×1 up to three point dice, ×2 for four, ×3 for five, ×4 for six or more (F9).
    pub fn multiplier(&self) -> u32 {
        multiplier(self.point_dice())
    }

    /// What banking now would score (F9); 0 before a number is chosen.
    pub fn score(&self) -> u32 {
        match self.point {
            Some(point) => self.point_dice() * u32::from(point) * self.multiplier(),
            None => 0,
        }
    }

    /// True when all nine dice of the set are set aside, so a roll starts a new set (F8).
    pub fn all_set_aside(&self) -> bool {
        self.dice.iter().all(|s| *s != DieState::InHand)
    }
}

/// The F9 multiplier for a number of point dice.
pub fn multiplier(point_dice: u32) -> u32 {
    match point_dice {
        0..=3 => 1,
        4 => 2,
        5 => 3,
        _ => 4,
    }
}

/// How a turn ends by its own moves: banked, or FORGET IT. (A turn whose deadline passed is
/// banked for the player if a number was chosen, else scores 0: [`TurnEnd::TimedOut`].)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Banked,
    ForgetIt,
}

/// A finished turn: the turn as it ended, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnResult {
    pub turn: Turn,
    pub end: TurnEnd,
    /// Points added to the seat's total.
    pub points: u32,
    /// Points the turn had and did not score (FORGET IT, or leaving).
    pub lost: u32,
}

/// One round of the roll-off: the seats that rolled and what each showed (F2).
pub type RollOffRound = Vec<(usize, Face)>;

/// A move of the player on turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Roll,
    /// Keep this number as the point number (F5).
    ChoosePoint(u8),
    Bank,
}

/// In custom_ids: `roll`, `choose:3`, `bank`.
impl MoveCode for Move {
    fn code(&self) -> String {
        match self {
            Move::Roll => "roll".into(),
            Move::ChoosePoint(number) => format!("choose:{number}"),
            Move::Bank => "bank".into(),
        }
    }

    fn parse(code: &str, _chosen: Option<&str>) -> Option<Move> {
        match code {
            "roll" => Some(Move::Roll),
            "bank" => Some(Move::Bank),
            code => numbered(code, "choose").map(Move::ChoosePoint),
        }
    }
}

/// The game's own events; the table's (created, joined, left, cancelled) are [`TableEvent`]s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    Started { rolloff: Vec<RollOffRound> },
    Rolled { dice: Vec<DieRoll> },
    PointChosen { number: u8 },
    Banked,
    TimedOut,
}

/// Why a move is refused, beyond the table's reasons ([`RuleError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("choose your point number first")]
    MustChoosePoint,
    #[error(
        "you cannot bank before a point number is chosen: roll until a number shows on two dice"
    )]
    NoPointChosen,
    #[error("there is nothing to choose: roll first")]
    NothingToChoose,
    #[error("{0} is not a number you can choose: the point number is 1 to 5")]
    NotANumber(u8),
    #[error("{0} does not show on two or more dice of this roll")]
    NotRolledTwice(u8),
    #[error("the target must be between 1 and {MAX_TARGET}")]
    BadTarget(u32),
    #[error("a game alone has 1 to {MAX_TURNS_ALONE} turns")]
    BadTurns(u32),
    #[error("the roll-off stayed tied for {MAX_ROLLOFF_ROUNDS} rounds")]
    RollOffUndecided,
}

/// For Get It's rules, and what a game keeps beyond its seats and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForGetIt {
    pub rolloff: Vec<RollOffRound>,
    /// The seat whose total first reached the target (F10): the others get their last turns.
    pub final_round: Option<usize>,
}

crate::game_types!(ForGetIt, turn: Turn, ending: Ending);

pub use table::{HostAct, SeatStatus, TableEvent, TIMEOUTS_BEFORE_LEAVING};

impl Rules for ForGetIt {
    type Settings = Settings;
    type Score = Score;
    type Turn = Turn;
    type TurnResult = TurnResult;
    type Move = Move;
    type Event = GameEvent;
    type Error = GameError;
    const MIN_SEATS: usize = MIN_SEATS;
    const MAX_SEATS: usize = MAX_SEATS;
    const NAMES: Names = Names::new("for_get_it", "fgi", "forgetit");

    fn check(settings: &Settings) -> Result<(), GameError> {
        if !(1..=MAX_TARGET).contains(&settings.target) {
            Err(GameError::BadTarget(settings.target))
        } else if settings
            .turns
            .is_some_and(|turns| !(1..=MAX_TURNS_ALONE).contains(&turns))
        {
            Err(GameError::BadTurns(settings.turns.unwrap_or(0)))
        } else {
            Ok(())
        }
    }

    fn min_seats(settings: &Settings) -> usize {
        if settings.turns.is_some() {
            1
        } else {
            MIN_SEATS
        }
    }

    fn start(game: &Game, dice: &mut dyn DiceSource) -> Decided {
        Ok(GameEvent::Started {
            rolloff: roll_off(game.seats.len(), dice)?,
        })
    }

    fn play(_game: &Game, turn: &Turn, mv: Move, dice: &mut dyn DiceSource) -> Decided {
        match mv {
            Move::Roll => {
                if let Step::ChoosePoint { .. } = turn.step {
                    return Err(GameError::MustChoosePoint);
                }
                let rolling = if turn.all_set_aside() {
                    (0..DICE).collect()
                } else {
                    turn.in_hand()
                };
                let dice = rolling
                    .into_iter()
                    .map(|die| DieRoll {
                        die: die as u8,
                        face: Face::from_roll(dice.roll(6)),
                    })
                    .collect();
                Ok(GameEvent::Rolled { dice })
            }
            Move::ChoosePoint(number) => match &turn.step {
                Step::ChoosePoint { options } => {
                    if !(1..=5).contains(&number) {
                        Err(GameError::NotANumber(number))
                    } else if !options.contains(&number) {
                        Err(GameError::NotRolledTwice(number))
                    } else {
                        Ok(GameEvent::PointChosen { number })
                    }
                }
                Step::Roll | Step::BankOrRoll => Err(GameError::NothingToChoose),
            },
            Move::Bank => match turn.step {
                Step::BankOrRoll => Ok(GameEvent::Banked),
                Step::ChoosePoint { .. } => Err(GameError::MustChoosePoint),
                Step::Roll => Err(GameError::NoPointChosen),
            },
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
            GameEvent::Rolled { dice } => rolled(game, dice),
            GameEvent::PointChosen { number } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    turn.point = Some(*number);
                    turn.point_roll = Some(turn.rolls);
                    for roll in &turn.last_roll {
                        if roll.face == Face::Pip(*number) {
                            turn.dice[roll.die as usize] = DieState::Point;
                        }
                    }
                    turn.step = Step::BankOrRoll;
                }
            }
            GameEvent::Banked => end_turn(game, TurnEnd::Played(Ending::Banked)),
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
                    .flat_map(|round| round.iter().map(|(_, face)| u8::from(*face)))
                    .collect();
                (Action::Start { by: game.host }, faces)
            }
            GameEvent::Rolled { dice } => {
                let faces = dice.iter().map(|d| u8::from(d.face)).collect();
                (play(Move::Roll)?, faces)
            }
            GameEvent::PointChosen { number } => (play(Move::ChoosePoint(*number))?, Vec::new()),
            GameEvent::Banked => (play(Move::Bank)?, Vec::new()),
            GameEvent::TimedOut => (Action::TimeOut, Vec::new()),
        })
    }

    fn legal_moves(_game: &Game, turn: &Turn) -> Vec<Move> {
        match &turn.step {
            Step::Roll => vec![Move::Roll],
            Step::ChoosePoint { options } => {
                options.iter().map(|&n| Move::ChoosePoint(n)).collect()
            }
            Step::BankOrRoll => vec![Move::Roll, Move::Bank],
        }
    }

    fn is_move(event: &GameEvent) -> bool {
        matches!(
            event,
            GameEvent::Rolled { .. } | GameEvent::PointChosen { .. } | GameEvent::Banked
        )
    }

    fn total(score: &Score) -> u32 {
        score.total
    }

    fn tally(score: &Score) -> Tally {
        Tally {
            points: score.total,
            best: score.stats.best_turn,
            feats: score.stats.forget_its,
            turns: score.stats.turns,
        }
    }
}

/// What the player on turn needs in their last turn (F10): the points to pass the best total of
/// the others, and to equal it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    pub win: u32,
    pub tie: u32,
}

impl table::Game<ForGetIt> {
    /// In the last turns (F10), what the player on turn needs; None before them.
    pub fn last_turn_need(&self) -> Option<Need> {
        self.state.final_round?;
        let seat = self.turn().ok()?.seat;
        let own = self.seats[seat].total;
        let best = self.opponents_totals(seat).max()?;
        let tie = best.saturating_sub(own);
        Some(Need { win: tie + 1, tie })
    }

    /// The totals of the seats other than `seat` that are still playing, in seat order: whom
    /// `seat` must beat (F10).
    pub fn opponents_totals(&self, seat: usize) -> impl Iterator<Item = u32> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter(move |(other, s)| *other != seat && s.is_playing())
            .map(|(_, s)| s.total)
    }

    /// The seat that won the roll-off and played the first turn (F2).
    pub fn first_seat(&self) -> Option<usize> {
        self.state
            .rolloff
            .last()
            .and_then(|round| round.iter().max_by_key(|(_, f)| f.rolloff_value()))
            .map(|(seat, _)| *seat)
    }
}

fn rolled(game: &mut Game, dice: &[DieRoll]) {
    let Phase::Playing { turn } = &mut game.phase else {
        return;
    };
    if turn.all_set_aside() {
        // F8: a new set. Its word dice start afresh; the point dice so far are kept.
        turn.earlier_point_dice = turn.point_dice();
        turn.dice = [DieState::InHand; DICE];
        turn.set += 1;
    }
    turn.rolls += 1;
    turn.last_roll = dice.to_vec();
    turn.rolled.push(dice.to_vec());
    // F4: every word is set aside.
    for roll in dice {
        if roll.face == Face::Word {
            turn.dice[roll.die as usize] = DieState::Word;
        }
    }
    if turn.spelled_forget_it() {
        end_turn(game, TurnEnd::Played(Ending::ForgetIt));
        return;
    }
    match turn.point {
        // F5: the first roll with a pair must choose; without one, roll again.
        None => {
            let options: Vec<u8> = (1..=5u8)
                .filter(|n| dice.iter().filter(|d| d.face == Face::Pip(*n)).count() >= 2)
                .collect();
            turn.step = if options.is_empty() {
                Step::Roll
            } else {
                Step::ChoosePoint { options }
            };
        }
        // F6: the point number's dice are set aside, and nothing else.
        Some(point) => {
            for roll in dice {
                if roll.face == Face::Pip(point) {
                    turn.dice[roll.die as usize] = DieState::Point;
                }
            }
            turn.step = Step::BankOrRoll;
        }
    }
}

/// Ends the current turn, scores it, and passes the turn on or ends the game (F9, F10).
fn end_turn(game: &mut Game, end: TurnEnd) {
    let Phase::Playing { turn } = &game.phase else {
        return;
    };
    let turn = turn.clone();
    let would_score = turn.score();
    let points = match end {
        TurnEnd::Played(Ending::Banked) | TurnEnd::TimedOut => would_score,
        TurnEnd::Played(Ending::ForgetIt) | TurnEnd::Left => 0,
    };
    if matches!(
        end,
        TurnEnd::Played(Ending::Banked) | TurnEnd::Played(Ending::ForgetIt)
    ) {
        game.played(turn.seat);
    }
    let seat = &mut game.seats[turn.seat];
    seat.total += points;
    seat.stats.turns += 1;
    seat.stats.best_turn = seat.stats.best_turn.max(points);
    if end == TurnEnd::Played(Ending::ForgetIt) {
        seat.stats.forget_its += 1;
    }
    let alone = game.settings.turns.is_some();
    if !alone && game.state.final_round.is_none() && seat.total >= game.settings.target {
        game.state.final_round = Some(turn.seat);
    }
    let (from, number, round) = (turn.seat, turn.number, turn.round);
    game.last_turn = Some(TurnResult {
        turn,
        end,
        points,
        lost: would_score - points,
    });
    pass_turn(game, from, number + 1, round);
}

/// Gives the turn to the next seat still playing after `from`, or ends the game when the last
/// turns are over (F10) or fewer than two seats still play. `number` is the new turn's; the
/// round goes on from `round` unless the turn came back round the table.
fn pass_turn(game: &mut Game, from: usize, number: u32, round: u32) {
    if game.playing() < ForGetIt::min_seats(&game.settings)
        || game.settings.turns.is_some_and(|turns| number > turns)
    {
        game.finish();
        return;
    }
    // Rounds count from the seat that went first (F2).
    let first = game.first_seat().unwrap_or(0);
    match game.next_seat(from, first, round, game.state.final_round) {
        Some((seat, round)) => {
            game.phase = Phase::Playing {
                turn: Turn::new(seat, number, round),
            }
        }
        None => game.finish(),
    }
}

/// F2: every seat rolls one die; the highest number goes first, any number beats a word, and
/// the seats tied for highest roll again among themselves ([`table::roll_off`]).
fn roll_off(seats: usize, dice: &mut dyn DiceSource) -> Result<Vec<RollOffRound>, GameError> {
    let rank = |face: u8| Face::from_roll(face).rolloff_value();
    let rounds = table::roll_off(seats, dice, rank).ok_or(GameError::RollOffUndecided)?;
    Ok(rounds
        .into_iter()
        .map(|round| {
            round
                .into_iter()
                .map(|(seat, face)| (seat, Face::from_roll(face)))
                .collect()
        })
        .collect())
}
