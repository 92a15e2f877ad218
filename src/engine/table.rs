//! What every game shares, written once: the seats and the host, the lobby (join, leave, kick,
//! start, cancel), who may do what, turn timeouts, the end of the game and its winners, and the
//! replay of a game from its event log. A game supplies only its turn rules, through [`Rules`]:
//! its settings, what a seat and a turn hold, its moves and its events.
//!
//! A game is a value. [`Game::decide`] checks an [`Action`] against the rules and, rolling any
//! dice it needs from the caller's [`DiceSource`], returns the [`Event`] that records what happened
//! (with every die rolled). [`Game::evolve`] applies an event; it needs no dice, so a game is
//! rebuilt exactly by [`Game::replay`] of its event log. `decide` never changes the game, so a
//! caller can commit the event somewhere durable before it replaces its state.

use std::fmt::Debug;
use std::ops::{Deref, DerefMut};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use super::intent::MoveCode;
use super::{GameKind, Player, Status};

/// A seat that lets its turn time out this many times in a row leaves the game.
pub const TIMEOUTS_BEFORE_LEAVING: u32 = 3;
/// How many characters of a name a seat keeps.
const NAME_CHARS: usize = 80;

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
}

impl Names {
    pub const fn new(key: &'static str, code: &'static str, command: &'static str) -> Names {
        Names { key, code, command }
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatStatus {
    Playing,
    /// Left (or was removed) mid-game: skipped from then on, and cannot win.
    Left,
}

/// A seat: who sits in it, and (through `Deref`) the game's part of it, its [`Rules::Score`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat<S> {
    pub player: Player,
    pub name: String,
    pub status: SeatStatus,
    /// Turns that timed out since the seat last played a turn to its end.
    pub timeouts_in_a_row: u32,
    pub score: S,
}

impl<S> Seat<S> {
    pub fn is_playing(&self) -> bool {
        self.status == SeatStatus::Playing
    }
}

impl<S> Deref for Seat<S> {
    type Target = S;
    fn deref(&self) -> &S {
        &self.score
    }
}

impl<S> DerefMut for Seat<S> {
    fn deref_mut(&mut self) -> &mut S {
        &mut self.score
    }
}

/// How a turn ended: by the game's own moves (`E`, the game's endings), or by the table: its
/// deadline passed, or its player left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEnd<E> {
    Played(E),
    TimedOut,
    Left,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase<T> {
    Lobby,
    Playing {
        turn: T,
    },
    /// Seats with the highest total among those still playing; more than one share the win.
    /// Empty when every seat left.
    Finished {
        winners: Vec<usize>,
    },
    Cancelled,
}

/// Something a player, or the table's clock, asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action<M> {
    Join {
        player: Player,
        name: String,
    },
    /// Leave the table, or remove a player from it: in the lobby the seat is freed; in a game the
    /// seat is skipped from then on.
    Leave {
        player: Player,
    },
    Start {
        by: Player,
    },
    /// A move of the player on turn.
    Play {
        by: Player,
        mv: M,
    },
    /// The turn's deadline passed.
    TimeOut,
    Cancel,
}

/// What happened: a game's log is a list of these, the first being `created`. Stored as JSON
/// objects tagged `event`: the table's events and the game's share the tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Event<S, E> {
    Table(TableEvent<S>),
    Game(E),
}

/// The table's events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent<S> {
    Created {
        settings: S,
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
    Cancelled,
}

/// What a host (or a moderator) may do that a player may not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostAct {
    /// Start the game: the host alone.
    Start,
    /// Seat a bot: the host alone.
    AddBot,
    /// Cancel the game: the host or a moderator.
    Cancel,
    /// Remove a player: the host or a moderator.
    Kick,
}

/// Why an action is not allowed now. Nothing changes when one is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError<E> {
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("the game has not started yet")]
    NotStarted,
    #[error("the game is over")]
    GameOver,
    #[error("you are already seated at this table")]
    AlreadySeated,
    #[error("the table is full ({max} seats)")]
    TableFull { max: usize },
    #[error("you are not seated at this table")]
    NotSeated,
    #[error("only the host can do that")]
    NotHost,
    #[error("only the host or a moderator can do that")]
    NotHostOrModerator,
    #[error("at least {min} players are needed to start")]
    TooFewPlayers { min: usize },
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("a seat needs a name")]
    EmptyName,
    #[error(transparent)]
    Game(E),
}

/// Why an event log does not rebuild a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError<E: std::error::Error> {
    #[error("the event log is empty")]
    Empty,
    #[error("the first event should be `created`")]
    NotCreated,
    #[error("event {index} is not allowed: {error}")]
    Illegal { index: usize, error: RuleError<E> },
    #[error("event {index} does not match what its action gives")]
    Mismatch { index: usize },
}

/// A game, from lobby to game over: the table's part here, the game's own in `state`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<R: Rules> {
    pub settings: R::Settings,
    pub host: Player,
    pub seats: Vec<Seat<R::Score>>,
    pub phase: Phase<R::Turn>,
    pub last_turn: Option<R::TurnResult>,
    /// How many events the game has applied: buttons carry it to spot stale clicks.
    pub version: u64,
    /// What the game keeps beyond its seats and turn.
    pub state: R,
}

type Decided<R> =
    Result<Event<<R as Rules>::Settings, <R as Rules>::Event>, RuleError<<R as Rules>::Error>>;

impl<R: Rules> Game<R> {
    /// A new table in its lobby, with the host in the first seat.
    #[allow(clippy::type_complexity)]
    pub fn create(
        settings: R::Settings,
        host: Player,
        name: impl Into<String>,
    ) -> Result<(Game<R>, Event<R::Settings, R::Event>), RuleError<R::Error>> {
        let name = clean_name(name.into())?;
        R::check(&settings).map_err(RuleError::Game)?;
        let event = Event::Table(TableEvent::Created {
            settings,
            host,
            name,
        });
        let mut game = Game {
            settings: R::Settings::default(),
            host,
            seats: Vec::new(),
            phase: Phase::Lobby,
            last_turn: None,
            version: 0,
            state: R::default(),
        };
        game.evolve(&event);
        Ok((game, event))
    }

    /// Rebuilds a game from its event log, checking every event against the rules: each event is
    /// decided again, with the dice it recorded, and must come out the same.
    pub fn replay(
        events: &[Event<R::Settings, R::Event>],
    ) -> Result<Game<R>, ReplayError<R::Error>> {
        let Some(Event::Table(TableEvent::Created {
            settings,
            host,
            name,
        })) = events.first()
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
    fn action_of(
        &self,
        event: &Event<R::Settings, R::Event>,
    ) -> Option<(Action<R::Move>, Vec<u8>)> {
        let action = match event {
            Event::Table(TableEvent::Created { .. }) => return None,
            Event::Table(TableEvent::Joined { player, name }) => Action::Join {
                player: *player,
                name: name.clone(),
            },
            Event::Table(TableEvent::Left { player }) => Action::Leave { player: *player },
            Event::Table(TableEvent::Cancelled) => Action::Cancel,
            Event::Game(event) => return R::action_of(self, self.current_player(), event),
        };
        Some((action, Vec::new()))
    }

    /// Checks `action` against the rules and returns the event it makes, rolling dice from
    /// `dice` where the action rolls. The game itself does not change: apply the event with
    /// [`Game::evolve`] (once it is safely stored).
    pub fn decide(&self, action: Action<R::Move>, dice: &mut impl DiceSource) -> Decided<R> {
        let dice: &mut dyn DiceSource = dice;
        let game =
            |event: Result<R::Event, R::Error>| event.map(Event::Game).map_err(RuleError::Game);
        match action {
            Action::Join { player, name } => {
                self.lobby()?;
                if self.seat_of(player).is_some() {
                    return Err(RuleError::AlreadySeated);
                }
                if self.seats.len() >= R::MAX_SEATS {
                    return Err(RuleError::TableFull { max: R::MAX_SEATS });
                }
                Ok(Event::Table(TableEvent::Joined {
                    player,
                    name: clean_name(name)?,
                }))
            }
            Action::Leave { player } => {
                self.open()?;
                match self.seat_of(player) {
                    Some(seat) if self.seats[seat].is_playing() => {
                        Ok(Event::Table(TableEvent::Left { player }))
                    }
                    _ => Err(RuleError::NotSeated),
                }
            }
            Action::Start { by } => {
                self.lobby()?;
                self.may(by, false, HostAct::Start)?;
                let min = R::min_seats(&self.settings);
                if self.seats.len() < min {
                    return Err(RuleError::TooFewPlayers { min });
                }
                game(R::start(self, dice))
            }
            Action::Play { by, mv } => {
                let turn = self.turn_of(by)?;
                game(R::play(self, turn, mv, dice))
            }
            Action::TimeOut => {
                let turn = self.turn()?;
                game(R::time_out(self, turn, dice))
            }
            Action::Cancel => {
                self.open()?;
                Ok(Event::Table(TableEvent::Cancelled))
            }
        }
    }

    /// Applies an event that [`Game::decide`] returned for this state.
    pub fn evolve(&mut self, event: &Event<R::Settings, R::Event>) {
        self.version += 1;
        match event {
            Event::Table(TableEvent::Created {
                settings,
                host,
                name,
            }) => {
                self.settings = settings.clone();
                self.host = *host;
                self.seats = vec![new_seat(*host, name)];
            }
            Event::Table(TableEvent::Joined { player, name }) => {
                self.seats.push(new_seat(*player, name))
            }
            Event::Table(TableEvent::Left { player }) => self.leave(*player),
            Event::Table(TableEvent::Cancelled) => self.phase = Phase::Cancelled,
            Event::Game(event) => R::evolve(self, event),
        }
    }

    /// `decide` then `evolve`: for callers with nothing to commit in between (tests, simulations).
    pub fn apply(&mut self, action: Action<R::Move>, dice: &mut impl DiceSource) -> Decided<R> {
        let event = self.decide(action, dice)?;
        self.evolve(&event);
        Ok(event)
    }

    /// The actions that are legal now and need no outside player: the player on turn's moves,
    /// the host's Start in a lobby with enough seats, the clock's TimeOut and Cancel. (Join is
    /// legal for anyone not seated while the lobby has room, Leave for anyone seated and playing.)
    pub fn legal_actions(&self) -> Vec<Action<R::Move>> {
        let mut actions = Vec::new();
        match &self.phase {
            Phase::Lobby => {
                if self.seats.len() >= R::min_seats(&self.settings) {
                    actions.push(Action::Start { by: self.host });
                }
            }
            Phase::Playing { turn } => {
                let by = self.seats[turn.seat()].player;
                actions.extend(
                    R::legal_moves(self, turn)
                        .into_iter()
                        .map(|mv| Action::Play { by, mv }),
                );
                actions.push(Action::TimeOut);
            }
            Phase::Finished { .. } | Phase::Cancelled => return actions,
        }
        actions.push(Action::Cancel);
        actions
    }

    /// Whether `by` may do what only a host (or, for some acts, a moderator) may: the host while
    /// still playing, since a host who left or was removed has no say any more.
    pub fn may(
        &self,
        by: Player,
        moderator: bool,
        act: HostAct,
    ) -> Result<(), RuleError<R::Error>> {
        let host = by == self.host && self.plays(by);
        match act {
            HostAct::Start | HostAct::AddBot if !host => Err(RuleError::NotHost),
            HostAct::Cancel | HostAct::Kick if !host && !moderator => {
                Err(RuleError::NotHostOrModerator)
            }
            _ => Ok(()),
        }
    }

    /// The bot seat a host's "add a bot" seats: the first free number.
    pub fn next_bot(&self) -> u8 {
        (1..=R::MAX_SEATS as u8)
            .find(|&n| self.seat_of(Player::Bot(n)).is_none())
            .unwrap_or(1)
    }

    pub fn seat_of(&self, player: Player) -> Option<usize> {
        self.seats.iter().position(|s| s.player == player)
    }

    /// True when `player` has a seat and still plays.
    pub fn plays(&self, player: Player) -> bool {
        self.seat_of(player)
            .is_some_and(|i| self.seats[i].is_playing())
    }

    /// The turn in progress, if the game is being played.
    pub fn turn(&self) -> Result<&R::Turn, RuleError<R::Error>> {
        match &self.phase {
            Phase::Playing { turn } => Ok(turn),
            Phase::Lobby => Err(RuleError::NotStarted),
            Phase::Finished { .. } | Phase::Cancelled => Err(RuleError::GameOver),
        }
    }

    /// The player whose turn it is.
    pub fn current_player(&self) -> Option<Player> {
        self.turn().ok().map(|t| self.seats[t.seat()].player)
    }

    pub fn status(&self) -> Status {
        match self.phase {
            Phase::Lobby => Status::Lobby,
            Phase::Playing { .. } => Status::Playing,
            Phase::Finished { .. } => Status::Finished,
            Phase::Cancelled => Status::Cancelled,
        }
    }

    pub fn is_over(&self) -> bool {
        self.status().is_over()
    }

    /// The next seat still playing after `from`, in seating order, and the round of its turn:
    /// `round`, or `round + 1` when the turn comes back round the table (to `first`, the seat
    /// that went first, or past it if that seat left). `None` when it would be `stop` (For Get
    /// It's final round ends at the seat that reached the target) or nobody plays.
    pub fn next_seat(
        &self,
        from: usize,
        first: usize,
        round: u32,
        stop: Option<usize>,
    ) -> Option<(usize, u32)> {
        let n = self.seats.len();
        let place = |s: usize| (s + n - first) % n;
        (1..=n)
            .map(|step| (from + step) % n)
            .take_while(|&seat| Some(seat) != stop)
            .find(|&seat| self.seats[seat].is_playing())
            .map(|seat| {
                let next = if place(seat) <= place(from) {
                    round + 1
                } else {
                    round
                };
                (seat, next)
            })
    }

    /// A seat's total so far.
    pub fn total(&self, seat: usize) -> u32 {
        R::total(&self.seats[seat].score)
    }

    /// Each seat's place once the game is finished (empty before, and for a cancelled game): the
    /// winners share first place, then come the seats still playing, then those that left, each
    /// by total; seats equal on all three share a place (1, 1, 3).
    pub fn places(&self) -> Vec<usize> {
        let Phase::Finished { winners } = &self.phase else {
            return Vec::new();
        };
        let keys: Vec<(bool, bool, u32)> = (0..self.seats.len())
            .map(|i| {
                (
                    winners.contains(&i),
                    self.seats[i].is_playing(),
                    self.total(i),
                )
            })
            .collect();
        keys.iter()
            .map(|key| 1 + keys.iter().filter(|other| *other > key).count())
            .collect()
    }

    /// True when a game is being played and no person plays in it any more.
    pub fn only_bots_left(&self) -> bool {
        matches!(self.phase, Phase::Playing { .. })
            && !self
                .seats
                .iter()
                .any(|s| s.is_playing() && !s.player.is_bot())
    }

    fn lobby(&self) -> Result<(), RuleError<R::Error>> {
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Playing { .. } => Err(RuleError::AlreadyStarted),
            Phase::Finished { .. } | Phase::Cancelled => Err(RuleError::GameOver),
        }
    }

    fn open(&self) -> Result<(), RuleError<R::Error>> {
        if self.is_over() {
            Err(RuleError::GameOver)
        } else {
            Ok(())
        }
    }

    fn turn_of(&self, by: Player) -> Result<&R::Turn, RuleError<R::Error>> {
        let turn = self.turn()?;
        if self.seats[turn.seat()].player == by {
            Ok(turn)
        } else if self.plays(by) {
            Err(RuleError::NotYourTurn)
        } else {
            Err(RuleError::NotSeated)
        }
    }

    /// How many seats still play.
    pub fn playing(&self) -> usize {
        self.seats.iter().filter(|s| s.is_playing()).count()
    }

    /// The seat on turn let its turn time out: counted, and after [`TIMEOUTS_BEFORE_LEAVING`] in
    /// a row the seat leaves the game.
    pub fn count_timeout(&mut self, seat: usize) {
        let seat = &mut self.seats[seat];
        seat.timeouts_in_a_row += 1;
        if seat.timeouts_in_a_row >= TIMEOUTS_BEFORE_LEAVING {
            seat.status = SeatStatus::Left;
        }
    }

    /// The seat played a turn to its end: it is not away.
    pub fn played(&mut self, seat: usize) {
        self.seats[seat].timeouts_in_a_row = 0;
    }

    /// Ends the game: the highest total among the seats still playing wins; equal highest share.
    pub fn finish(&mut self) {
        let best = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_playing())
            .map(|i| self.total(i))
            .max();
        let winners = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_playing() && Some(self.total(i)) == best)
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
                if turn.seat() == seat {
                    R::left_on_turn(self, turn);
                } else if self.playing() < R::min_seats(&self.settings) {
                    self.finish();
                }
            }
            Phase::Finished { .. } | Phase::Cancelled => {}
        }
    }
}

/// A roll-off tied this many times in a row is given up (fair dice never get near it).
pub const MAX_ROLLOFF_ROUNDS: usize = 100;

/// The roll-off that picks the first player, for the games that have one (F2, P1): every seat
/// rolls one die; the highest `rank` goes first, and the seats tied for highest roll again among
/// themselves. The rounds, each the seats that rolled and the faces they showed (1 to 6); `None`
/// when it stayed tied for [`MAX_ROLLOFF_ROUNDS`] rounds.
pub fn roll_off(
    seats: usize,
    dice: &mut dyn DiceSource,
    rank: impl Fn(u8) -> u8,
) -> Option<Vec<Vec<(usize, u8)>>> {
    let mut contenders: Vec<usize> = (0..seats).collect();
    let mut rounds = Vec::new();
    while rounds.len() < MAX_ROLLOFF_ROUNDS {
        let round: Vec<(usize, u8)> = contenders
            .iter()
            .map(|&seat| (seat, dice.roll(6)))
            .collect();
        let best = round.iter().map(|&(_, face)| rank(face)).max();
        contenders = round
            .iter()
            .filter(|&&(_, face)| Some(rank(face)) == best)
            .map(|&(seat, _)| seat)
            .collect();
        rounds.push(round);
        if contenders.len() == 1 {
            return Some(rounds);
        }
    }
    None
}

fn new_seat<S: Default>(player: Player, name: &str) -> Seat<S> {
    Seat {
        player,
        name: name.to_string(),
        status: SeatStatus::Playing,
        timeouts_in_a_row: 0,
        score: S::default(),
    }
}

fn clean_name<E>(name: String) -> Result<String, RuleError<E>> {
    let name = name.trim();
    if name.is_empty() {
        return Err(RuleError::EmptyName);
    }
    Ok(name.chars().take(NAME_CHARS).collect())
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
