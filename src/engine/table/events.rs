//! What a player, a host or the table's clock asks of a game ([`Action`], [`HostAct`]), what a
//! game records ([`Event`], [`TableEvent`]), and why it refuses ([`RuleError`]) or cannot be
//! rebuilt ([`ReplayError`]).

use serde::{Deserialize, Serialize};

use crate::engine::Player;

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
