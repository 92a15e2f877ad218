//! Six-sided dice as text: their pieces ([`PIECES`]: the faces 1 to 6 and the mark of a held
//! die, the config's `emoji.six_faces` and `emoji.six_held`), or their pictures as application
//! emoji (`gd1_3`, and `gd1_3_held`: a held die is a picture of its own, inverted in a gold
//! frame, rather than a lock and a face). A face, or the held mark, set in the config wins over
//! its picture, each on its own.

use crate::i18n::Lang;
use crate::render::dice::{DiceStyle, Pieces};
use crate::tr;

/// A six-sided die's faces 1 to 6 (`emoji.six_faces`, once `emoji.dickey_faces`).
pub const SIX_FACES: Pieces = Pieces {
    key: "six_faces",
    older: Some("dickey_faces"),
    defaults: &["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"],
};
/// What leads a held six-sided die (`emoji.six_held`, once `emoji.dickey_held`).
pub const SIX_HELD: Pieces = Pieces {
    key: "six_held",
    older: Some("dickey_held"),
    defaults: &["🔒"],
};
/// Its pieces, in the config's order.
pub const PIECES: &[Pieces] = &[SIX_FACES, SIX_HELD];

impl DiceStyle {
    /// The application emoji of a six-sided die's `face` (held or not), unless the config set it.
    pub fn six_app(&self, face: u8, held: bool) -> Option<&str> {
        let face = face.clamp(1, 6);
        let i = usize::from(face) - 1;
        if self.is_set_at(&SIX_FACES, i) || (held && self.is_set(&SIX_HELD)) {
            return None;
        }
        let held = if held { "_held" } else { "" };
        self.app(&format!("gd_{face}{held}"))
    }

    /// A six-sided die's face, 1 to 6.
    pub fn six_face(&self, face: u8) -> &str {
        if let Some(emoji) = self.six_app(face, false) {
            return emoji;
        }
        self.piece(&SIX_FACES, usize::from(face.clamp(1, 6)) - 1)
    }

    /// Six-sided dice in the order given, held dice marked: `🔒3️⃣ 🔒3️⃣ 5️⃣ 1️⃣ 6️⃣`.
    pub fn six_dice(&self, hand: &[u8], held: &[bool]) -> String {
        let dice: Vec<String> = hand
            .iter()
            .enumerate()
            .map(|(i, &face)| {
                let is_held = held.get(i).copied().unwrap_or(false);
                if let Some(emoji) = self.six_app(face, is_held) {
                    emoji.to_string()
                } else if is_held {
                    format!("{}{}", self.piece(&SIX_HELD, 0), self.six_face(face))
                } else {
                    self.six_face(face).to_string()
                }
            })
            .collect();
        dice.join(" ")
    }

    /// Six-sided dice in words, whatever the style: `3 held, 3 held, 5, 1, 6`.
    pub fn read_six(hand: &[u8], held: &[bool], lang: Lang) -> String {
        let dice: Vec<String> = hand
            .iter()
            .enumerate()
            .map(|(i, &face)| {
                if held.get(i).copied().unwrap_or(false) {
                    tr!(lang, "dice-held", face = face)
                } else {
                    face.to_string()
                }
            })
            .collect();
        dice.join(", ")
    }
}
