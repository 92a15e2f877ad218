//! For Get It's dice as text: its letter dice's pieces of [`DiceStyle`] (a kind marker, number
//! faces and word faces, or its application emoji), drawn and read in its order FOR, GET, IT. The
//! design is explained in `render::dice`.

use super::{DieRoll, Face, Word};
use crate::i18n::Lang;
use crate::render::dice::{piece, DiceStyle};
use crate::tr;

impl DiceStyle {
    /// The marker of a kind of die.
    pub fn kind(&self, word: Word) -> &str {
        piece(&self.kinds[word as usize])
    }

    /// What a die of `word`'s kind shows for `face`.
    pub fn face(&self, word: Word, face: Face) -> &str {
        if let Some(app) = self.fgi_app() {
            let i = match face {
                Face::Pip(number) => usize::from(number.clamp(1, 5)) - 1,
                Face::Word => 5,
            };
            return &app.fgi[word as usize][i];
        }
        match face {
            Face::Pip(number) => self.number(number),
            Face::Word => piece(&self.words[word as usize]),
        }
    }

    /// Rolled dice, grouped by kind: `🟥 3 3 3 ⬜ **GET** 2 2 🟦 4 4 5`.
    pub fn roll(&self, dice: &[DieRoll]) -> String {
        if self.fgi_app().is_some() {
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
            let piece = match app {
                Some(app) => &app.fgi[word as usize][6],
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
