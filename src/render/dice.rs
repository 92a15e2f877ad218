//! Dice as text: the pieces a game draws its dice with, whatever the game.
//!
//! # The design
//!
//! A game with dice of its own declares its pieces ([`Pieces`], its `Hosted::PIECES`): a key of
//! the config's `[emoji]` table each (`kinds`, `six_faces`, …), with its Unicode defaults, and
//! the pictures its dice are drawn with as application emoji (`Hosted::DICE`). How it lays its
//! dice out is its own (For Get It's in `games::forgetit::dice`, six-sided dice in
//! `games::getdickey::dice`); this module names no game: [`DiceStyle`] holds what the config set
//! of any game's pieces and the application emoji uploaded at start, and a game's views look its
//! pieces up by its own declarations:
//!
//! - [`DiceStyle::piece`]: the text of one piece, the config's if it set the key, else the
//!   game's default;
//! - [`DiceStyle::is_set`], [`DiceStyle::is_set_at`]: whether the config chose a piece other than
//!   its default (**pieces set in the config win** over the application emoji; the game says
//!   which pieces go together);
//! - [`DiceStyle::app`]: a picture's application emoji (`<:fgi1_for_3:…>`), once uploaded
//!   ([`DiceStyle::with_application`]), with `emoji.style = "application"` (the default).
//!
//! Every piece is cut to [`DiceStyle::MAX_PIECE`] characters, so a message stays within
//! Discord's limits whatever the config says. The `[emoji]` keys are those the games declare: an
//! unknown key is refused, naming the known ones.
//!
//! # Reading
//!
//! Pictures are not text: a notification, or a screen reader, reads an emoji as its name. Every
//! message with dice therefore also says them in words in its content (each game's own, e.g.
//! "FOR: 3, 3 · GET: word · IT: 4, 5").

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::emoji::AppDice;

/// How dice are drawn: the bot's own application emoji, or Unicode text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EmojiStyle {
    /// Pictures of dice, uploaded at start as the bot's application emoji (Unicode if that
    /// fails).
    #[default]
    Application,
    /// The games' Unicode pieces ([`Pieces`]).
    Unicode,
}

/// Some of a game's pieces, as it declares them: one key of the config's `[emoji]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    /// The key in `[emoji]`, e.g. `kinds`.
    pub key: &'static str,
    /// An older name of the key, still read (the current one wins if both are set).
    pub older: Option<&'static str>,
    /// The pieces' Unicode defaults, in order: a list in the config, or one string if there is
    /// only one.
    pub defaults: &'static [&'static str],
}

impl Pieces {
    /// Whether the config writes these pieces as one string rather than a list.
    fn single(&self) -> bool {
        self.defaults.len() == 1
    }
}

/// The strings dice are drawn with: the config's choice of style and pieces, and the
/// application emoji once uploaded. The defaults are each game's Unicode pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiceStyle {
    /// Application emoji or Unicode (`emoji.style`).
    pub style: EmojiStyle,
    /// The pieces the config set, by key (each as long as its declaration's defaults).
    set: BTreeMap<&'static str, Vec<String>>,
    /// The application emoji, once uploaded (never read from the config).
    application: Option<Arc<AppDice>>,
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

    /// This style with `pieces` set to `values` (as the config would; a value missing is the
    /// default, one too many is left out).
    pub fn with_pieces(mut self, pieces: &Pieces, values: &[String]) -> Self {
        let values = (0..pieces.defaults.len())
            .map(|i| {
                values
                    .get(i)
                    .cloned()
                    .unwrap_or(pieces.defaults[i].to_string())
            })
            .collect();
        self.set.insert(pieces.key, values);
        self
    }

    /// The `i`th of `pieces` (clamped to the last): the config's if it set them, else the
    /// default; at most [`DiceStyle::MAX_PIECE`] characters.
    pub fn piece(&self, pieces: &Pieces, i: usize) -> &str {
        let i = i.min(pieces.defaults.len().saturating_sub(1));
        let text = self
            .set
            .get(pieces.key)
            .and_then(|values| values.get(i))
            .map_or(
                pieces.defaults.get(i).copied().unwrap_or(""),
                String::as_str,
            );
        piece(text)
    }

    /// Whether the config chose any of `pieces` other than its default.
    pub fn is_set(&self, pieces: &Pieces) -> bool {
        (0..pieces.defaults.len()).any(|i| self.is_set_at(pieces, i))
    }

    /// Whether the config chose the `i`th of `pieces` other than its default.
    pub fn is_set_at(&self, pieces: &Pieces, i: usize) -> bool {
        self.set
            .get(pieces.key)
            .and_then(|values| values.get(i))
            .is_some_and(|value| pieces.defaults.get(i) != Some(&value.as_str()))
    }

    /// The application emoji of the picture `file` (its name in `assets/dice/`, e.g.
    /// `fgi_for_3`), once uploaded.
    pub fn app(&self, file: &str) -> Option<&str> {
        self.application.as_deref()?.get(file)
    }

    /// Whether dice are drawn with application emoji (uploaded, and not Unicode).
    pub fn has_application(&self) -> bool {
        self.application.is_some()
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

/// `[emoji]` as the config file writes it, for games whose pieces are `declared`: `style`, then
/// their pieces (the defaults where the config set none).
impl Serialize for Declared<'_, &DiceStyle> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Declared(declared, style) = self;
        let mut map = serializer.serialize_map(Some(declared.len() + 1))?;
        map.serialize_entry("style", &style.style)?;
        for pieces in declared.iter() {
            let values: Vec<&str> = (0..pieces.defaults.len())
                .map(|i| match style.set.get(pieces.key).and_then(|v| v.get(i)) {
                    Some(value) => value.as_str(),
                    None => pieces.defaults[i],
                })
                .collect();
            if pieces.single() {
                map.serialize_entry(pieces.key, values[0])?;
            } else {
                map.serialize_entry(pieces.key, &values)?;
            }
        }
        map.end()
    }
}

/// A value of `[emoji]`: one string or a list of them.
#[derive(Deserialize)]
#[serde(untagged)]
enum Value {
    One(String),
    Many(Vec<String>),
}

/// The keys `[emoji]` takes: `style`, and the `declared` pieces under their names and older names.
fn known_keys(declared: &[Pieces]) -> Vec<&'static str> {
    let mut keys = vec!["style"];
    for pieces in declared {
        keys.push(pieces.key);
        keys.extend(pieces.older);
    }
    keys
}

/// A key of `[emoji]` no game declares, refused naming the known ones (as serde words it).
fn unknown_key<E: de::Error>(key: &str, declared: &[Pieces]) -> E {
    let known: Vec<String> = known_keys(declared)
        .iter()
        .map(|k| format!("`{k}`"))
        .collect();
    E::custom(format_args!(
        "unknown field `{key}`, expected one of {}",
        known.join(", ")
    ))
}

/// Reads `[emoji]`: `style`, and the pieces the games declare (a key none declares is refused,
/// naming the known ones; a list of the wrong length too). A key set under its older name is
/// moved to its current one, unless that was set to other than its default.
impl<'de> DeserializeSeed<'de> for Declared<'_, ()> {
    type Value = DiceStyle;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<DiceStyle, D::Error> {
        struct Emoji<'a>(&'a [Pieces]);
        impl<'de> Visitor<'de> for Emoji<'_> {
            type Value = DiceStyle;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("the [emoji] table")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DiceStyle, A::Error> {
                let mut style = DiceStyle::default();
                let mut older: Vec<(Pieces, Vec<String>)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if key == "style" {
                        style.style = map.next_value()?;
                        continue;
                    }
                    let found = self.0.iter().copied().find_map(|p| {
                        if p.key == key {
                            Some((p, false))
                        } else {
                            (p.older == Some(key.as_str())).then_some((p, true))
                        }
                    });
                    let Some((pieces, is_older)) = found else {
                        return Err(unknown_key(&key, self.0));
                    };
                    let values = match map.next_value::<Value>()? {
                        Value::One(one) if pieces.single() => vec![one],
                        Value::Many(many) if many.len() == pieces.defaults.len() => many,
                        Value::One(one) => {
                            return Err(de::Error::invalid_type(
                                de::Unexpected::Str(&one),
                                &"a list",
                            ))
                        }
                        Value::Many(many) => {
                            let expected = if pieces.single() {
                                "one string".to_string()
                            } else {
                                format!("a list of {} pieces", pieces.defaults.len())
                            };
                            return Err(de::Error::invalid_length(many.len(), &expected.as_str()));
                        }
                    };
                    if is_older {
                        older.push((pieces, values));
                    } else {
                        style.set.insert(pieces.key, values);
                    }
                }
                for (pieces, values) in older {
                    if !style.is_set(&pieces) {
                        style.set.insert(pieces.key, values);
                    }
                }
                Ok(style)
            }
        }
        deserializer.deserialize_map(Emoji(self.0))
    }
}

/// `[emoji]` read or written for the games whose pieces are these (each game's
/// `Hosted::PIECES`): `Declared(pieces, &style)` writes a style, `Declared(pieces, ())` reads one
/// (a [`DeserializeSeed`]).
pub struct Declared<'a, T>(pub &'a [Pieces], pub T);
