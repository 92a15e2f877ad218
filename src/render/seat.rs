//! How messages name a seat of either game: its name, its name with bot seats marked, and how
//! content addresses it (a person by mention, which pings them; a bot by name).

use crate::engine::table::Seat;
use crate::engine::Player;

use super::view::{display_name, seat_mention, seat_name};

/// A seat of either game, as messages show it.
pub trait Seated {
    fn player(&self) -> Player;
    fn given_name(&self) -> &str;
}

impl<S> Seated for Seat<S> {
    fn player(&self) -> Player {
        self.player
    }
    fn given_name(&self) -> &str {
        &self.name
    }
}

/// The seat's name as a player gave it, made safe to show.
pub fn name(seat: &impl Seated) -> String {
    display_name(seat.given_name())
}

/// A seat's name, bot seats marked.
pub fn who(seat: &impl Seated) -> String {
    seat_name(seat.player(), seat.given_name())
}

/// How content addresses a seat: a person by mention (which pings them), a bot by name.
pub fn mention(seat: &impl Seated) -> String {
    seat_mention(seat.player(), seat.given_name())
}

/// How a private answer about a seat's turn speaks to `asker` (Odds' `$asker`): "self" when the
/// seat is the asker's (as "you"), "other" when someone else asks (of the seat by name).
pub fn whose(seat: &impl Seated, asker: Player) -> &'static str {
    if seat.player() == asker {
        "self"
    } else {
        "other"
    }
}

/// Each seat's shown name, and whether it is the host's (for the lobby).
pub fn seated(seats: &[impl Seated], host: Player) -> Vec<(String, bool)> {
    seats.iter().map(|s| (who(s), s.player() == host)).collect()
}
