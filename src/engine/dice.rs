//! Where dice come from. The engine never touches a global RNG: every roll asks a [`DiceSource`]
//! the caller passes, so a test can script each die and production can use a seeded or OS RNG.

use crate::sync::Lock;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use rand::Rng;

/// A source of die rolls. `roll(sides)` returns a face from `1..=sides`.
pub trait DiceSource {
    fn roll(&mut self, sides: u8) -> u8;
}

impl<D: DiceSource + ?Sized> DiceSource for &mut D {
    fn roll(&mut self, sides: u8) -> u8 {
        (**self).roll(sides)
    }
}

impl<D: DiceSource + ?Sized> DiceSource for Box<D> {
    fn roll(&mut self, sides: u8) -> u8 {
        (**self).roll(sides)
    }
}

/// Fair dice from any `rand` generator.
#[derive(Debug, Clone)]
pub struct RandomDice<R>(pub R);

impl RandomDice<rand::rngs::StdRng> {
    /// Fair dice seeded from the operating system.
    pub fn from_entropy() -> Self {
        use rand::SeedableRng;
        RandomDice(rand::rngs::StdRng::from_entropy())
    }

    /// Reproducible fair dice.
    pub fn seeded(seed: u64) -> Self {
        use rand::SeedableRng;
        RandomDice(rand::rngs::StdRng::seed_from_u64(seed))
    }
}

impl<R: Rng> DiceSource for RandomDice<R> {
    fn roll(&mut self, sides: u8) -> u8 {
        self.0.gen_range(1..=sides)
    }
}

/// Dice that show exactly the faces a test lists, in order; once the script is used up it falls
/// back to the `fallback` source if one was given.
///
/// A scripted face outside `1..=sides` or an exhausted script without fallback is a bug in the
/// test, and panics with a message that says so.
pub struct ScriptedDice {
    faces: VecDeque<u8>,
    fallback: Option<Box<dyn DiceSource + Send>>,
}

impl ScriptedDice {
    pub fn new(faces: impl IntoIterator<Item = u8>) -> Self {
        ScriptedDice {
            faces: faces.into_iter().collect(),
            fallback: None,
        }
    }

    /// After the script, roll from `fallback`.
    pub fn then(mut self, fallback: impl DiceSource + Send + 'static) -> Self {
        self.fallback = Some(Box::new(fallback));
        self
    }

    /// Append faces to the script.
    pub fn push(&mut self, faces: impl IntoIterator<Item = u8>) {
        self.faces.extend(faces);
    }

    /// Faces scripted but not yet rolled.
    pub fn remaining(&self) -> usize {
        self.faces.len()
    }
}

impl DiceSource for ScriptedDice {
    fn roll(&mut self, sides: u8) -> u8 {
        match self.faces.pop_front() {
            Some(face) => {
                assert!(
                    (1..=sides).contains(&face),
                    "scripted face {face} is not a face of a {sides}-sided die"
                );
                face
            }
            None => match &mut self.fallback {
                Some(source) => source.roll(sides),
                None => panic!("the dice script ran out"),
            },
        }
    }
}

/// A dice source several owners share: a test keeps one handle to script the dice while the bot
/// rolls from another.
#[derive(Clone)]
pub struct SharedDice(Arc<Mutex<ScriptedDice>>);

impl SharedDice {
    pub fn new(dice: ScriptedDice) -> Self {
        SharedDice(Arc::new(Mutex::new(dice)))
    }

    /// Appends faces to the script.
    pub fn push(&self, faces: impl IntoIterator<Item = u8>) {
        self.lock().push(faces);
    }

    /// Faces scripted but not yet rolled.
    pub fn remaining(&self) -> usize {
        self.lock().remaining()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, ScriptedDice> {
        // A panic while rolling leaves the script as it was: keep using it.
        self.0.locked()
    }
}

impl DiceSource for SharedDice {
    fn roll(&mut self, sides: u8) -> u8 {
        self.lock().roll(sides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripted_dice_play_the_script_then_the_fallback() {
        let mut dice = ScriptedDice::new([3, 6]).then(ScriptedDice::new([1]));
        assert_eq!(dice.roll(6), 3);
        assert_eq!(dice.roll(6), 6);
        assert_eq!(dice.roll(6), 1);
    }

    #[test]
    fn random_dice_stay_on_the_die() {
        let mut dice = RandomDice::seeded(7);
        let mut seen = [false; 7];
        for _ in 0..600 {
            let face = dice.roll(6);
            assert!((1..=6).contains(&face));
            seen[face as usize] = true;
        }
        assert!(
            seen[1..].iter().all(|s| *s),
            "every face shows up in 600 rolls"
        );
    }
}
