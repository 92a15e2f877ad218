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
//!
//! This file holds the [`Game`] and its seats; [`Rules`] (with [`Names`], [`Tally`] and the
//! [`Turn`] trait) is in `rules.rs`, and what may be asked of a game and what it records
//! ([`Action`], [`Event`], [`RuleError`], [`ReplayError`]) in `events.rs`.

mod events;
mod rules;

use std::fmt::Debug;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

use super::dice::DiceSource;
use super::{Player, Status};

pub use self::events::{Action, Event, HostAct, ReplayError, RuleError, TableEvent};
pub use self::rules::{Names, Rules, Tally, Turn};

/// A seat that lets its turn time out this many times in a row leaves the game.
pub const TIMEOUTS_BEFORE_LEAVING: u32 = 3;
/// How many characters of a name a seat keeps.
const NAME_CHARS: usize = 80;

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
    /// The seats ahead of every other still playing ([`Rules::compare`]); more than one share the
    /// win.
    /// Empty when every seat left.
    Finished {
        winners: Vec<usize>,
    },
    Cancelled,
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
    /// winners share first place, then come the seats still playing, by [`Rules::compare`], then
    /// those that left, by total; seats equal on all of it share a place (1, 1, 3).
    pub fn places(&self) -> Vec<usize> {
        let Phase::Finished { winners } = &self.phase else {
            return Vec::new();
        };
        let ahead = |a: usize, b: usize| {
            let (playing_a, playing_b) = (self.seats[a].is_playing(), self.seats[b].is_playing());
            (winners.contains(&a).cmp(&winners.contains(&b)))
                .then(playing_a.cmp(&playing_b))
                .then(match playing_a && playing_b {
                    true => R::compare(self, a, b),
                    false => self.total(a).cmp(&self.total(b)),
                })
        };
        (0..self.seats.len())
            .map(|i| {
                let before = (0..self.seats.len()).filter(|&j| ahead(j, i).is_gt());
                1 + before.count()
            })
            .collect()
    }

    /// The seats still playing, best first by [`Rules::compare`], each with its rank: seats the
    /// game finds equal share one (1, 1, 3).
    pub fn standings(&self) -> Vec<(usize, usize)> {
        let mut playing: Vec<usize> = (0..self.seats.len())
            .filter(|&i| self.seats[i].is_playing())
            .collect();
        playing.sort_by(|&a, &b| R::compare(self, b, a));
        let mut ranked: Vec<(usize, usize)> = Vec::with_capacity(playing.len());
        for (position, &i) in playing.iter().enumerate() {
            let rank = match ranked.last() {
                Some(&(previous, rank)) if R::compare(self, i, previous).is_eq() => rank,
                _ => position + 1,
            };
            ranked.push((i, rank));
        }
        ranked
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

    /// Ends the game: the seats still playing that are ahead of every other ([`Rules::compare`]:
    /// the highest total, unless the game breaks ties) win; seats equal at the top share.
    pub fn finish(&mut self) {
        let mut winners: Vec<usize> = self
            .standings()
            .into_iter()
            .take_while(|&(_, rank)| rank == 1)
            .map(|(seat, _)| seat)
            .collect();
        // In seating order.
        winners.sort_unstable();
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
