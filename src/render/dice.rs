//! Dice as text.
//!
//! # The design
//!
//! The nine dice are three kinds (F1): FOR dice (red in the seeds), GET dice (white) and IT dice
//! (blue). Every list of dice is written in die order, grouped by kind, each group led by its
//! kind's colour marker, with the faces after it:
//!
//! ```text
//! 🟥 3 3 3 ⬜ **GET** 2 2 🟦 4 4 5        a roll of nine dice
//! ⬜ **GET** **GET** 🟦 **IT**            the word dice set aside
//! 🟥🟥 ⬜ 🟦🟦🟦                            six dice in hand (one marker per die)
//! ```
//!
//! One emoji per kind rather than per die keeps a roll of nine dice on one line of a phone; the
//! numbers are plain text, and a word face is the word in bold, so the danger stands out. Colour
//! is never the only cue: the groups always come in the order FOR, GET, IT and a word face spells
//! its word, so the white marker's low contrast on a light theme (or colour blindness) loses
//! nothing.
//!
//! Every piece is a string of [`DiceStyle`], which an operator can set in the config, e.g. to
//! custom emoji (`<:for:123>`) for the markers, the numbers or the word faces. A piece longer
//! than [`DiceStyle::MAX_PIECE`] characters is cut, so a message stays within Discord's limits
//! whatever the config says.
//!
//! *Get Dickey*'s five ordinary dice have pieces of their own in the same style
//! ([`DiceStyle::dickey_faces`], [`DiceStyle::dickey_held`]); their design is explained in
//! [`super::getdickey`].

use serde::{Deserialize, Serialize};

use crate::engine::forgetit::{DieRoll, Face, Word};

/// The strings dice are drawn with. The defaults are plain Unicode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DiceStyle {
    /// The marker of each kind of die: FOR, GET, IT.
    pub kinds: [String; 3],
    /// The faces 1 to 5.
    pub numbers: [String; 5],
    /// The word faces: FOR, GET, IT.
    pub words: [String; 3],
    /// Get Dickey's faces 1 to 6.
    pub dickey_faces: [String; 6],
    /// What leads a held Get Dickey die.
    pub dickey_held: String,
}

impl Default for DiceStyle {
    fn default() -> Self {
        DiceStyle {
            kinds: ["🟥", "⬜", "🟦"].map(String::from),
            numbers: ["1", "2", "3", "4", "5"].map(String::from),
            words: ["**FOR**", "**GET**", "**IT**"].map(String::from),
            dickey_faces: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"].map(String::from),
            dickey_held: "🔒".to_string(),
        }
    }
}

impl DiceStyle {
    /// The most characters one piece shows (a custom emoji takes at most 57).
    pub const MAX_PIECE: usize = 64;

    /// The marker of a kind of die.
    pub fn kind(&self, word: Word) -> &str {
        piece(&self.kinds[word as usize])
    }

    /// A number face, 1 to 5.
    pub fn number(&self, number: u8) -> &str {
        let i = usize::from(number.clamp(1, 5)) - 1;
        piece(&self.numbers[i])
    }

    /// What a die of `word`'s kind shows for `face`.
    pub fn face(&self, word: Word, face: Face) -> &str {
        match face {
            Face::Pip(number) => self.number(number),
            Face::Word => piece(&self.words[word as usize]),
        }
    }

    /// Rolled dice, grouped by kind: `🟥 3 3 3 ⬜ **GET** 2 2 🟦 4 4 5`.
    pub fn roll(&self, dice: &[DieRoll]) -> String {
        let groups = Word::ALL.iter().filter_map(|&word| {
            let faces: Vec<&str> = dice
                .iter()
                .filter(|d| d.word() == word)
                .map(|d| self.face(word, d.face))
                .collect();
            (!faces.is_empty()).then(|| format!("{} {}", self.kind(word), faces.join(" ")))
        });
        groups.collect::<Vec<_>>().join(" ")
    }

    /// A Get Dickey face, 1 to 6.
    pub fn dickey_face(&self, face: u8) -> &str {
        let i = usize::from(face.clamp(1, 6)) - 1;
        piece(&self.dickey_faces[i])
    }

    /// Get Dickey's five dice in die order, held dice marked: `🔒3️⃣ 🔒3️⃣ 5️⃣ 1️⃣ 6️⃣`.
    pub fn dickey_dice(&self, hand: &[u8], held: &[bool]) -> String {
        let dice: Vec<String> = hand
            .iter()
            .enumerate()
            .map(|(i, &face)| {
                if held.get(i).copied().unwrap_or(false) {
                    format!("{}{}", piece(&self.dickey_held), self.dickey_face(face))
                } else {
                    self.dickey_face(face).to_string()
                }
            })
            .collect();
        dice.join(" ")
    }

    /// Dice by index (0–8), by kind only: one marker per die, `🟥🟥 ⬜ 🟦🟦🟦`.
    pub fn kinds_of(&self, dice: &[usize]) -> String {
        let groups = Word::ALL.iter().filter_map(|&word| {
            let count = dice.iter().filter(|&&d| Word::of_die(d) == word).count();
            (count > 0).then(|| self.kind(word).repeat(count))
        });
        groups.collect::<Vec<_>>().join(" ")
    }
}

/// At most [`DiceStyle::MAX_PIECE`] characters of `text`.
fn piece(text: &str) -> &str {
    match text.char_indices().nth(DiceStyle::MAX_PIECE) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}
