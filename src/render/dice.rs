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
//! How For Get It lays its dice out is its own (`games::forgetit::dice`: the methods of
//! [`DiceStyle`] that know its kinds and faces); this module keeps the pieces, and six-sided dice.
//!
//! Ordinary six-sided dice have pieces of their own in the same style
//! ([`DiceStyle::six_faces`], [`DiceStyle::six_held`]), for the games that roll them; a game's
//! views say how it lays them out.
//!
//! # Application emoji
//!
//! With [`EmojiStyle::Application`] (the config's `emoji.style`, the default) the bot draws each
//! die as one picture of its own, an application emoji uploaded at start ([`super::emoji`]):
//!
//! ```text
//! <:fgi1_for_3:1> <:fgi1_for_3:2> <:fgi1_get_word:3> ...   a roll: one emoji per die
//! <:fgi1_for_blank:4><:fgi1_for_blank:4> <:fgi1_it_blank:5>  dice in hand: blank dice
//! ```
//!
//! The three kinds differ by shape and pattern as well as colour (FOR a red rounded square, GET
//! a white octagon with a double border, IT a blue circle with a dotted ring), so no marker leads
//! a group; nine emoji with spaces fit a phone's line. A held six-sided die is a picture of its
//! own (inverted, in a gold frame) rather than a lock and a face. Until the emoji are known
//! ([`DiceStyle::with_application`]), or when they could not be uploaded, dice are drawn with the
//! Unicode pieces above.
//!
//! **Pieces set in the config win**: a piece that differs from its Unicode default is the
//! operator's choice and is used over the application emoji. For Get It's pieces combine (a kind
//! marker leads faces), so if any of `kinds`, `numbers` or `words` is set, For Get It dice are all
//! drawn from the config's pieces; each six-sided face, and the held mark, on its own.
//!
//! # Reading
//!
//! Pictures are not text: a notification, or a screen reader, reads an emoji as its name. Every
//! message with dice therefore also says them in words in its content
//! ([`DiceStyle::read_roll`], [`DiceStyle::read_six`]): "FOR: 3, 3 · GET: word · IT: 4, 5".

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::emoji::AppDice;
use crate::i18n::Lang;
use crate::tr;

/// How dice are drawn: the bot's own application emoji, or Unicode text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EmojiStyle {
    /// Pictures of dice, uploaded at start as the bot's application emoji (Unicode if that
    /// fails).
    #[default]
    Application,
    /// Coloured squares, digits and words ([`DiceStyle`]'s pieces).
    Unicode,
}

/// The Unicode pieces' defaults (compared without allocating: a piece set otherwise in the
/// config wins over the application emoji).
const KINDS: [&str; 3] = ["🟥", "⬜", "🟦"];
const NUMBERS: [&str; 5] = ["1", "2", "3", "4", "5"];
const WORDS: [&str; 3] = ["**FOR**", "**GET**", "**IT**"];
const SIX_FACES: [&str; 6] = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"];
const SIX_HELD: &str = "🔒";

/// The strings dice are drawn with. The defaults are plain Unicode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiceStyle {
    /// Application emoji or Unicode (`emoji.style`).
    pub style: EmojiStyle,
    /// The marker of each kind of die: FOR, GET, IT.
    pub kinds: [String; 3],
    /// The faces 1 to 5.
    pub numbers: [String; 5],
    /// The word faces: FOR, GET, IT.
    pub words: [String; 3],
    /// A six-sided die's faces 1 to 6.
    pub six_faces: [String; 6],
    /// What leads a held six-sided die.
    pub six_held: String,
    /// The older names of `six_faces` and `six_held` (configs before 2026-11-27), read from a
    /// config file and moved to them by [`DiceStyle::take_older_names`].
    #[serde(default, skip_serializing)]
    dickey_faces: Option<[String; 6]>,
    #[serde(default, skip_serializing)]
    dickey_held: Option<String>,
    /// The application emoji, once uploaded (never read from the config).
    #[serde(skip)]
    pub application: Option<Arc<AppDice>>,
}

impl Default for DiceStyle {
    fn default() -> Self {
        DiceStyle {
            kinds: KINDS.map(String::from),
            numbers: NUMBERS.map(String::from),
            words: WORDS.map(String::from),
            six_faces: SIX_FACES.map(String::from),
            six_held: SIX_HELD.to_string(),
            dickey_faces: None,
            dickey_held: None,
            style: EmojiStyle::default(),
            application: None,
        }
    }
}

impl DiceStyle {
    /// The most characters one piece shows (a custom emoji takes at most 57).
    pub const MAX_PIECE: usize = 64;

    /// This style drawing dice with `dice`, the application emoji (pieces the config set still
    /// win).
    pub fn with_application(mut self, dice: AppDice) -> Self {
        self.application = Some(Arc::new(dice));
        self
    }

    /// Pieces set under their older names, moved to the current ones (which win if both are
    /// set).
    pub fn take_older_names(mut self) -> Self {
        if let Some(faces) = self.dickey_faces.take() {
            if self.six_faces.iter().eq(SIX_FACES.iter()) {
                self.six_faces = faces;
            }
        }
        if let Some(held) = self.dickey_held.take() {
            if self.six_held == SIX_HELD {
                self.six_held = held;
            }
        }
        self
    }

    /// The application emoji for For Get It dice, unless the config set a piece of theirs.
    pub(crate) fn fgi_app(&self) -> Option<&AppDice> {
        let app = self.application.as_deref()?;
        let configured = !self.kinds.iter().eq(KINDS.iter())
            || !self.numbers.iter().eq(NUMBERS.iter())
            || !self.words.iter().eq(WORDS.iter());
        (!configured).then_some(app)
    }

    /// The application emoji of a six-sided die's `face` (held or not), unless the config set it.
    pub fn six_app(&self, face: u8, held: bool) -> Option<&str> {
        let app = self.application.as_deref()?;
        let i = usize::from(face.clamp(1, 6)) - 1;
        if self.six_faces[i] != SIX_FACES[i] || (held && self.six_held != SIX_HELD) {
            return None;
        }
        Some(if held { &app.six_held[i] } else { &app.six[i] })
    }

    /// A number face, 1 to 5.
    pub fn number(&self, number: u8) -> &str {
        let i = usize::from(number.clamp(1, 5)) - 1;
        piece(&self.numbers[i])
    }

    /// A six-sided die's face, 1 to 6.
    pub fn six_face(&self, face: u8) -> &str {
        if let Some(emoji) = self.six_app(face, false) {
            return emoji;
        }
        let i = usize::from(face.clamp(1, 6)) - 1;
        piece(&self.six_faces[i])
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
                    format!("{}{}", piece(&self.six_held), self.six_face(face))
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

/// At most [`DiceStyle::MAX_PIECE`] characters of `text`.
pub(crate) fn piece(text: &str) -> &str {
    match text.char_indices().nth(DiceStyle::MAX_PIECE) {
        Some((end, _)) => &text[..end],
        None => text,
    }
}

/// Dice faces as numbers, in the order given: `2 3 3 5 6`.
pub(crate) fn faces(faces: &[u8]) -> String {
    faces
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
