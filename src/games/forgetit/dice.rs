//! For Get It's dice as text: its letter dice's pieces (a kind marker, number faces and word
//! faces: [`PIECES`], the config's `emoji.kinds`, `emoji.numbers`, `emoji.words`), or its
//! pictures as application emoji, drawn and read in its order FOR, GET, IT.
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
//! With application emoji (`emoji.style`, the default) each die is one picture of its own
//! (`fgi1_for_3`, …; `fgi1_for_blank` for a die in hand): the three kinds differ by shape and
//! pattern as well as colour (FOR a red rounded square, GET a white octagon with a double border,
//! IT a blue circle with a dotted ring), so no marker leads a group; nine emoji with spaces fit a
//! phone's line. The pieces combine (a kind marker leads faces), so if the config sets any of
//! `kinds`, `numbers` or `words`, the dice are all drawn from the config's pieces.

use super::{DieRoll, Face, Word};
use crate::i18n::Lang;
use crate::render::dice::{DiceStyle, Pieces};
use crate::tr;

/// The marker of each kind of die: FOR, GET, IT (`emoji.kinds`).
pub const KINDS: Pieces = Pieces {
    key: "kinds",
    older: None,
    defaults: &["🟥", "⬜", "🟦"],
};
/// The faces 1 to 5 (`emoji.numbers`).
pub const NUMBERS: Pieces = Pieces {
    key: "numbers",
    older: None,
    defaults: &["1", "2", "3", "4", "5"],
};
/// The word faces: FOR, GET, IT (`emoji.words`).
pub const WORDS: Pieces = Pieces {
    key: "words",
    older: None,
    defaults: &["**FOR**", "**GET**", "**IT**"],
};
/// Its pieces, in the config's order.
pub const PIECES: &[Pieces] = &[KINDS, NUMBERS, WORDS];

/// The kinds' names in its pictures' file names (`fgi_for_3`).
const FILE_KINDS: [&str; 3] = ["for", "get", "it"];

impl DiceStyle {
    /// Whether For Get It's dice are drawn as application emoji: uploaded, and none of its
    /// pieces set in the config.
    fn fgi_app(&self) -> bool {
        self.has_application() && !PIECES.iter().any(|pieces| self.is_set(pieces))
    }

    /// The application emoji of a die of `word`'s kind showing `face` (`1`–`5`, `word`,
    /// `blank`).
    fn fgi_picture(&self, word: Word, face: &str) -> Option<&str> {
        self.app(&format!("fgi_{}_{face}", FILE_KINDS[word as usize]))
    }

    /// The marker of a kind of die.
    pub fn kind(&self, word: Word) -> &str {
        self.piece(&KINDS, word as usize)
    }

    /// A number face, 1 to 5.
    pub fn number(&self, number: u8) -> &str {
        self.piece(&NUMBERS, usize::from(number.clamp(1, 5)) - 1)
    }

    /// What a die of `word`'s kind shows for `face`.
    pub fn face(&self, word: Word, face: Face) -> &str {
        if self.fgi_app() {
            let name = match face {
                Face::Pip(number) => number.clamp(1, 5).to_string(),
                Face::Word => "word".to_string(),
            };
            if let Some(emoji) = self.fgi_picture(word, &name) {
                return emoji;
            }
        }
        match face {
            Face::Pip(number) => self.number(number),
            Face::Word => self.piece(&WORDS, word as usize),
        }
    }

    /// Rolled dice, grouped by kind: `🟥 3 3 3 ⬜ **GET** 2 2 🟦 4 4 5`.
    pub fn roll(&self, dice: &[DieRoll]) -> String {
        if self.fgi_app() {
            let mut sorted = dice.to_vec();
            sorted.sort_by_key(|d| d.word() as usize);
            let faces: Vec<&str> = sorted.iter().map(|d| self.face(d.word(), d.face)).collect();
            return faces.join(" ");
        }
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

    /// Dice by index (0–8), by kind only: each kind's marker and how many, `🟥×2 ⬜×1 🟦×3`, so
    /// that nine dice fit an inline field's width.
    pub fn kinds_of(&self, dice: &[usize]) -> String {
        let app = self.fgi_app();
        let groups = Word::ALL.iter().filter_map(|&word| {
            let count = dice.iter().filter(|&&d| Word::of_die(d) == word).count();
            let piece = match app.then(|| self.fgi_picture(word, "blank")).flatten() {
                Some(emoji) => emoji,
                None => self.kind(word),
            };
            (count > 0).then(|| format!("{piece}×{count}"))
        });
        groups.collect::<Vec<_>>().join(" ")
    }

    /// Rolled dice in words, by kind, whatever the style, as a screen reader can speak them and an
    /// eye can skim them: `FOR: 3, 3 · GET: word, 2 · IT: 4, 5`.
    pub fn read_roll(dice: &[DieRoll], lang: Lang) -> String {
        let word = tr!(lang, "dice-word");
        let groups = Word::ALL.iter().filter_map(|&kind| {
            let faces: Vec<String> = dice
                .iter()
                .filter(|d| d.word() == kind)
                .map(|d| match d.face {
                    Face::Pip(number) => number.to_string(),
                    Face::Word => word.clone(),
                })
                .collect();
            (!faces.is_empty()).then(|| {
                tr!(
                    lang,
                    "dice-kind",
                    kind = kind.text(),
                    faces = faces.join(", ")
                )
            })
        });
        groups.collect::<Vec<_>>().join(" · ")
    }
}
