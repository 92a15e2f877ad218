//! *For Get It*, as `docs/RULES.md` (F1–F11) says it is played.
//!
//! The game is a value. [`Game::decide`] checks an [`Action`] against the rules and, rolling any
//! dice it needs from the caller's [`DiceSource`], returns the [`Event`] that records what happened
//! (with every die rolled). [`Game::evolve`] applies an event; it needs no dice, so a game is
//! rebuilt exactly by [`Game::replay`] of its event log. `decide` never changes the game, so a
//! caller can commit the event somewhere durable before it replaces its state.

use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use super::Player;

/// The game's names: in the database, in the ids of buttons, and its slash command.
pub const KEY: &str = "for_get_it";
pub const CODE: &str = "fgi";
pub const COMMAND: &str = "forgetit";

/// Nine dice: three FOR dice, three GET dice, three IT dice (F1).
pub const DICE: usize = 9;
/// A table seats 2 to 10 players (F2).
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 10;
/// The target unless a table chooses another (F10).
pub const DEFAULT_TARGET: u32 = 500;
pub const MAX_TARGET: u32 = 100_000;
/// A seat that lets its turn time out this many times in a row leaves the game.
pub const TIMEOUTS_BEFORE_LEAVING: u32 = 3;
/// A roll-off tied this many times in a row is given up (fair dice never get near it).
const MAX_ROLLOFF_ROUNDS: usize = 100;

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

impl TryFrom<u8> for Face {
    type Error = String;
    fn try_from(value: u8) -> Result<Face, String> {
        match value {
            1..=6 => Ok(Face::from_roll(value)),
            _ => Err(format!("{value} is not a face of a For Get It die")),
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
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            target: DEFAULT_TARGET,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    Playing,
    /// Left (or was removed) mid-game: skipped from then on, and cannot win.
    Left,
}

/// What a seat did this game; the store folds it into lifetime statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    pub turns: u32,
    pub forget_its: u32,
    pub best_turn: u32,
    pub timeouts_in_a_row: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    pub player: Player,
    pub name: String,
    pub total: u32,
    pub status: SeatStatus,
    pub stats: SeatStats,
}

impl Seat {
    pub fn is_playing(&self) -> bool {
        self.status == SeatStatus::Playing
    }
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
    pub point: Option<u8>,
    /// The nine dice of the current set.
    pub dice: [DieState; DICE],
    /// Point dice set aside in earlier sets of this turn (F8).
    pub earlier_point_dice: u32,
    /// 1 for the turn's first set (F3).
    pub set: u32,
    pub rolls: u32,
    pub last_roll: Vec<DieRoll>,
    pub step: Step,
}

impl Turn {
    fn new(seat: usize, number: u32) -> Turn {
        Turn {
            seat,
            number,
            point: None,
            dice: [DieState::InHand; DICE],
            earlier_point_dice: 0,
            set: 1,
            rolls: 0,
            last_roll: Vec::new(),
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

/// How a turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnEnd {
    Banked,
    ForgetIt,
    /// The deadline passed: banked for the player if a number was chosen, else 0.
    TimedOut,
    /// The player left the game during the turn.
    Left,
}

/// A finished turn: the turn as it ended, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnResult {
    pub turn: Turn,
    pub end: TurnEnd,
    /// Points added to the seat's total.
    pub points: u32,
    /// Points the turn had and did not score (FORGET IT, or leaving).
    pub lost: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    Lobby,
    Playing {
        turn: Turn,
    },
    /// Seats with the highest total among those still playing; more than one share the win.
    Finished {
        winners: Vec<usize>,
    },
    Cancelled,
}

/// One round of the roll-off: the seats that rolled and what each showed (F2).
pub type RollOffRound = Vec<(usize, Face)>;

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
    Roll {
        by: Player,
    },
    ChoosePoint {
        by: Player,
        number: u8,
    },
    Bank {
        by: Player,
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
    Started {
        rolloff: Vec<RollOffRound>,
    },
    Rolled {
        dice: Vec<DieRoll>,
    },
    PointChosen {
        number: u8,
    },
    Banked,
    TimedOut,
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
    #[error("at least {MIN_SEATS} players are needed to start")]
    TooFewPlayers,
    #[error("it is not your turn")]
    NotYourTurn,
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
    #[error("a seat needs a name")]
    EmptyName,
    #[error("the roll-off stayed tied for {MAX_ROLLOFF_ROUNDS} rounds")]
    RollOffUndecided,
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

/// A game of For Get It, from lobby to game over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub settings: Settings,
    pub host: Player,
    pub seats: Vec<Seat>,
    pub phase: Phase,
    pub rolloff: Vec<RollOffRound>,
    /// The seat whose total first reached the target (F10): the others get their last turns.
    pub final_round: Option<usize>,
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
        if !(1..=MAX_TARGET).contains(&settings.target) {
            return Err(RuleError::BadTarget(settings.target));
        }
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
            rolloff: Vec::new(),
            final_round: None,
            last_turn: None,
            version: 0,
        };
        game.evolve(&event);
        Ok((game, event))
    }

    /// Rebuilds a game from its event log, checking every event against the rules.
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
                short: false,
            };
            let again = game
                .decide(action, &mut dice)
                .map_err(|error| ReplayError::Illegal { index, error })?;
            if again != *event || dice.short || dice.faces.next().is_some() {
                return Err(ReplayError::Mismatch { index });
            }
            game.evolve(event);
        }
        Ok(game)
    }

    /// The action that produced `event` in this state, and the dice it rolled.
    fn action_of(&self, event: &Event) -> Option<(Action, Vec<u8>)> {
        let on_turn = self.current_player();
        let by = || on_turn.ok_or(());
        let action = match event {
            Event::Created { .. } => return None,
            Event::Joined { player, name } => Action::Join {
                player: *player,
                name: name.clone(),
            },
            Event::Left { player } => Action::Leave { player: *player },
            Event::Started { rolloff } => {
                let faces = rolloff
                    .iter()
                    .flat_map(|round| round.iter().map(|(_, face)| u8::from(*face)))
                    .collect();
                return Some((Action::Start { by: self.host }, faces));
            }
            Event::Rolled { dice } => {
                let faces = dice.iter().map(|d| u8::from(d.face)).collect();
                return Some((Action::Roll { by: by().ok()? }, faces));
            }
            Event::PointChosen { number } => Action::ChoosePoint {
                by: by().ok()?,
                number: *number,
            },
            Event::Banked => Action::Bank { by: by().ok()? },
            Event::TimedOut => Action::TimeOut,
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
                if self.seats.len() < MIN_SEATS {
                    return Err(RuleError::TooFewPlayers);
                }
                Ok(Event::Started {
                    rolloff: roll_off(self.seats.len(), dice)?,
                })
            }
            Action::Roll { by } => {
                let turn = self.turn_of(by)?;
                if let Step::ChoosePoint { .. } = turn.step {
                    return Err(RuleError::MustChoosePoint);
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
                Ok(Event::Rolled { dice })
            }
            Action::ChoosePoint { by, number } => {
                let turn = self.turn_of(by)?;
                match &turn.step {
                    Step::ChoosePoint { options } => {
                        if !(1..=5).contains(&number) {
                            Err(RuleError::NotANumber(number))
                        } else if !options.contains(&number) {
                            Err(RuleError::NotRolledTwice(number))
                        } else {
                            Ok(Event::PointChosen { number })
                        }
                    }
                    Step::Roll | Step::BankOrRoll => Err(RuleError::NothingToChoose),
                }
            }
            Action::Bank { by } => {
                let turn = self.turn_of(by)?;
                match turn.step {
                    Step::BankOrRoll => Ok(Event::Banked),
                    Step::ChoosePoint { .. } => Err(RuleError::MustChoosePoint),
                    Step::Roll => Err(RuleError::NoPointChosen),
                }
            }
            Action::TimeOut => {
                self.turn()?;
                Ok(Event::TimedOut)
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
            Event::Started { rolloff } => {
                self.rolloff = rolloff.clone();
                let first = self.first_seat().unwrap_or(0);
                self.phase = Phase::Playing {
                    turn: Turn::new(first, 1),
                };
            }
            Event::Rolled { dice } => self.rolled(dice),
            Event::PointChosen { number } => {
                if let Phase::Playing { turn } = &mut self.phase {
                    turn.point = Some(*number);
                    for roll in &turn.last_roll {
                        if roll.face == Face::Pip(*number) {
                            turn.dice[roll.die as usize] = DieState::Point;
                        }
                    }
                    turn.step = Step::BankOrRoll;
                }
            }
            Event::Banked => self.end_turn(TurnEnd::Banked),
            Event::TimedOut => {
                if let Phase::Playing { turn } = &self.phase {
                    let seat = &mut self.seats[turn.seat];
                    seat.stats.timeouts_in_a_row += 1;
                    if seat.stats.timeouts_in_a_row >= TIMEOUTS_BEFORE_LEAVING {
                        seat.status = SeatStatus::Left;
                    }
                    self.end_turn(TurnEnd::TimedOut);
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

    /// The actions that are legal now and need no outside player: the player on turn's choices,
    /// the host's Start in a lobby with enough seats, the clock's TimeOut and Cancel. (Join is
    /// legal for anyone not seated while the lobby has room, Leave for anyone seated.)
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        match &self.phase {
            Phase::Lobby => {
                if self.seats.len() >= MIN_SEATS {
                    actions.push(Action::Start { by: self.host });
                }
            }
            Phase::Playing { turn } => {
                let by = self.seats[turn.seat].player;
                match &turn.step {
                    Step::Roll => actions.push(Action::Roll { by }),
                    Step::ChoosePoint { options } => actions.extend(
                        options
                            .iter()
                            .map(|&number| Action::ChoosePoint { by, number }),
                    ),
                    Step::BankOrRoll => {
                        actions.push(Action::Roll { by });
                        actions.push(Action::Bank { by });
                    }
                }
                actions.push(Action::TimeOut);
            }
            Phase::Finished { .. } | Phase::Cancelled => return actions,
        }
        actions.push(Action::Cancel);
        actions
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

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Finished { .. } | Phase::Cancelled)
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
        self.rolloff
            .last()
            .and_then(|round| round.iter().max_by_key(|(_, f)| f.rolloff_value()))
            .map(|(seat, _)| *seat)
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

    fn rolled(&mut self, dice: &[DieRoll]) {
        let Phase::Playing { turn } = &mut self.phase else {
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
        // F4: every word is set aside.
        for roll in dice {
            if roll.face == Face::Word {
                turn.dice[roll.die as usize] = DieState::Word;
            }
        }
        if turn.spelled_forget_it() {
            self.end_turn(TurnEnd::ForgetIt);
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
    fn end_turn(&mut self, end: TurnEnd) {
        let Phase::Playing { turn } = &self.phase else {
            return;
        };
        let turn = turn.clone();
        let would_score = turn.score();
        let points = match end {
            TurnEnd::Banked | TurnEnd::TimedOut => would_score,
            TurnEnd::ForgetIt | TurnEnd::Left => 0,
        };
        let seat = &mut self.seats[turn.seat];
        seat.total += points;
        seat.stats.turns += 1;
        seat.stats.best_turn = seat.stats.best_turn.max(points);
        if end == TurnEnd::ForgetIt {
            seat.stats.forget_its += 1;
        }
        if matches!(end, TurnEnd::Banked | TurnEnd::ForgetIt) {
            // A turn the player played to its end: they are not away.
            seat.stats.timeouts_in_a_row = 0;
        }
        if self.final_round.is_none() && seat.total >= self.settings.target {
            self.final_round = Some(turn.seat);
        }
        let number = turn.number;
        let from = turn.seat;
        self.last_turn = Some(TurnResult {
            turn,
            end,
            points,
            lost: would_score - points,
        });
        self.pass_turn(from, number + 1);
    }

    /// Gives the turn to the next seat still playing after `from`, or ends the game when the last
    /// turns are over (F10) or fewer than two seats still play.
    fn pass_turn(&mut self, from: usize, number: u32) {
        let playing = self.seats.iter().filter(|s| s.is_playing()).count();
        if playing < MIN_SEATS {
            self.finish();
            return;
        }
        let n = self.seats.len();
        for step in 1..=n {
            let seat = (from + step) % n;
            if Some(seat) == self.final_round {
                self.finish();
                return;
            }
            if self.seats[seat].is_playing() {
                self.phase = Phase::Playing {
                    turn: Turn::new(seat, number),
                };
                return;
            }
        }
        self.finish();
    }

    fn finish(&mut self) {
        let best = self
            .seats
            .iter()
            .filter(|s| s.is_playing())
            .map(|s| s.total)
            .max();
        let winners = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_playing() && Some(self.seats[i].total) == best)
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
                let on_turn = turn.seat == seat;
                self.seats[seat].status = SeatStatus::Left;
                if on_turn {
                    self.end_turn(TurnEnd::Left);
                } else if self.seats.iter().filter(|s| s.is_playing()).count() < MIN_SEATS {
                    self.finish();
                }
            }
            Phase::Finished { .. } | Phase::Cancelled => {}
        }
    }
}

fn new_seat(player: Player, name: &str) -> Seat {
    Seat {
        player,
        name: name.to_string(),
        total: 0,
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

/// F2: every seat rolls one die; the highest number goes first, any number beats a word, and
/// the seats tied for highest roll again among themselves.
fn roll_off(seats: usize, dice: &mut impl DiceSource) -> Result<Vec<RollOffRound>, RuleError> {
    let mut contenders: Vec<usize> = (0..seats).collect();
    let mut rounds = Vec::new();
    while rounds.len() < MAX_ROLLOFF_ROUNDS {
        let round: RollOffRound = contenders
            .iter()
            .map(|&seat| (seat, Face::from_roll(dice.roll(6))))
            .collect();
        let best = round.iter().map(|(_, f)| f.rolloff_value()).max();
        contenders = round
            .iter()
            .filter(|(_, f)| Some(f.rolloff_value()) == best)
            .map(|(seat, _)| *seat)
            .collect();
        rounds.push(round);
        if contenders.len() == 1 {
            return Ok(rounds);
        }
    }
    Err(RuleError::RollOffUndecided)
}

/// Dice that give back the faces an event recorded; running short is noted, not a panic.
struct ReplayDice {
    faces: std::vec::IntoIter<u8>,
    short: bool,
}

impl DiceSource for ReplayDice {
    fn roll(&mut self, _sides: u8) -> u8 {
        self.faces.next().unwrap_or_else(|| {
            self.short = true;
            1
        })
    }
}
