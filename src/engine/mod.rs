//! The rules, and nothing else: no I/O, no async, no clock, no global RNG. Dice come from a
//! [`dice::DiceSource`] the caller passes; actions go in, events and new states come out, and a
//! game is rebuilt from its events.

pub mod daily;
pub mod deal;
pub mod dice;
pub mod intent;
mod kind;
pub mod table;

pub use intent::{Intent, MessageKind, MoveCode, MoveText};
pub use kind::{GameKind, Period, Ranking, Scope, Status};

use serde::{Deserialize, Serialize};

use crate::ids::UserId;

/// Who sits in a seat: a person (by their Discord user id, opaque here) or a bot seat. Stored as
/// `{"kind": "person", "id": 123}` (the id's number: [`UserId`] serializes as its `u64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum Player {
    Person(UserId),
    Bot(u8),
}

impl Player {
    pub fn is_bot(self) -> bool {
        matches!(self, Player::Bot(_))
    }
}
