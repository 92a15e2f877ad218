//! The daily deal's dice and days: a seed of the day and the game from the deployment's key, a
//! die's face from that seed and its place in the deal alone, and the day's number.
//!
//! The seed is HMAC-SHA256 of the key over `"{date}|{game key}"` (the key is made at the
//! deployment's first start and kept in its database, so nobody can work out a deal before it is
//! played); a die's face is drawn by ChaCha8 seeded with SHA-256 of the seed and the die's place
//! (turn, roll, die slot). So a die shows the same face to everyone who rolls it at the same
//! place, whatever they did before, and a choice changes only the dice that follow it.

use hmac::{Hmac, Mac};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

use crate::engine::dice::DiceSource;
use crate::engine::GameKind;

/// One day, in milliseconds: days turn at 00:00 UTC.
pub const DAY_MS: i64 = 86_400_000;

/// A day, as the days since 1970-01-01 (UTC).
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Milliseconds from `ms` to the start of the next day.
pub fn until_next_day(ms: i64) -> i64 {
    DAY_MS - ms.rem_euclid(DAY_MS)
}

/// A day as its date, `2026-12-06`.
pub fn date_of(day: i64) -> String {
    chrono::DateTime::from_timestamp(day.saturating_mul(DAY_MS / 1000), 0).map_or_else(
        || day.to_string(),
        |date| date.format("%Y-%m-%d").to_string(),
    )
}

/// The deal of `day` of one game: the seed its dice come from.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

impl std::fmt::Debug for Seed {
    // A seed is a secret until its day ends: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(..)")
    }
}

impl Seed {
    /// The seed of `kind`'s deal on `day`, from the deployment's key.
    pub fn of(key: &[u8; 32], day: i64, kind: GameKind) -> Seed {
        let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
        mac.update(format!("{}|{}", date_of(day), kind.as_str()).as_bytes());
        Seed(mac.finalize().into_bytes().into())
    }

    /// The face of a `sides`-sided die at `place`.
    pub fn face(&self, place: &Place, slot: u32, sides: u8) -> u8 {
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(place.turn.to_le_bytes());
        hash.update(place.roll.to_le_bytes());
        hash.update(slot.to_le_bytes());
        ChaCha8Rng::from_seed(hash.finalize().into()).gen_range(1..=sides)
    }

    /// The dice of one roll at `place`.
    pub fn dice(&self, place: Place) -> DealDice<'_> {
        DealDice {
            seed: self,
            place,
            next: 0,
        }
    }
}

/// Where a roll falls in the deal: its turn (0 before the first), the rolls made before it in
/// that turn, and the slots of the dice it rolls, in the order the game rolls them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    pub turn: u32,
    pub roll: u32,
    pub slots: Vec<u32>,
}

/// The dice of one roll of a deal: the k-th die asked for is the k-th of the place's slots (past
/// them, slots counted on from 1,000, for a game that rolls more than it said).
pub struct DealDice<'a> {
    seed: &'a Seed,
    place: Place,
    next: usize,
}

impl DiceSource for DealDice<'_> {
    fn roll(&mut self, sides: u8) -> u8 {
        let slot = self
            .place
            .slots
            .get(self.next)
            .copied()
            .unwrap_or(1_000 + self.next as u32);
        self.next += 1;
        self.seed.face(&self.place, slot, sides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_days() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(20_429), "2025-12-07");
        assert_eq!(date_of(-1), "1969-12-31");
        assert_eq!(day_of(DAY_MS - 1), 0);
        assert_eq!(day_of(DAY_MS), 1);
        assert_eq!(until_next_day(DAY_MS + 1), DAY_MS - 1);
    }

    #[test]
    fn a_face_depends_on_its_place_only() {
        let key = [7; 32];
        let kind = <crate::games::forgetit::ForGetIt as crate::engine::table::Rules>::KIND;
        let seed = Seed::of(&key, 20_000, kind);
        let place = |slots: Vec<u32>| Place {
            turn: 3,
            roll: 1,
            slots,
        };
        let mut a = seed.dice(place(vec![0, 4, 5]));
        let mut b = seed.dice(place(vec![4, 5]));
        let first: Vec<u8> = (0..3).map(|_| a.roll(6)).collect();
        let second: Vec<u8> = (0..2).map(|_| b.roll(6)).collect();
        assert_eq!(first[1..], second[..]);
        // Another day, another game, another key: other dice.
        let faces = |seed: &Seed| -> Vec<u8> {
            let mut dice = seed.dice(place((0..40).collect()));
            (0..40).map(|_| dice.roll(6)).collect()
        };
        let base = faces(&seed);
        assert_ne!(base, faces(&Seed::of(&key, 20_001, kind)));
        assert_ne!(base, faces(&Seed::of(&[8; 32], 20_000, kind)));
        assert!(base.iter().all(|f| (1..=6).contains(f)));
    }
}
