//! How the store keeps a For Get It game.

use super::{SeatResult, SeatRow, StoredGame};
use crate::engine::forgetit::{Event, Game, Phase};
use crate::engine::Player;
use crate::engine::{GameKind, Status};

impl StoredGame for Game {
    type Event = Event;
    const KIND: GameKind = GameKind::ForGetIt;

    fn settings(&self) -> serde_json::Value {
        serde_json::json!({ "target": self.settings.target })
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Lobby => Status::Lobby,
            Phase::Playing { .. } => Status::Playing,
            Phase::Finished { .. } => Status::Finished,
            Phase::Cancelled => Status::Cancelled,
        }
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn seat_rows(&self) -> Vec<SeatRow> {
        self.seats
            .iter()
            .map(|seat| SeatRow {
                player: seat.player,
                name: seat.name.clone(),
                total: seat.total,
                playing: seat.is_playing(),
            })
            .collect()
    }

    fn results(&self) -> Vec<SeatResult> {
        let Phase::Finished { winners } = &self.phase else {
            return Vec::new();
        };
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, seat)| match seat.player {
                Player::Person(user_id) => Some(SeatResult {
                    user_id,
                    name: seat.name.clone(),
                    won: winners.contains(&i),
                    points: seat.total,
                    best: seat.stats.best_turn,
                    forget_its: seat.stats.forget_its,
                    turns: seat.stats.turns,
                }),
                Player::Bot(_) => None,
            })
            .collect()
    }

    fn replay(events: &[Event]) -> Result<Game, String> {
        Game::replay(events).map_err(|e| e.to_string())
    }
}
