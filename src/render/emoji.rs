//! The dice as pictures: the project's own dice faces, kept as SVG in `assets/dice/` (written by
//! `assets/dice/make.py`), rendered here to 128×128 PNGs for the bot's application emoji.
//!
//! Each game declares its pictures (`Hosted::DICE`, the SVGs in `assets/dice/`); a bot's are
//! those of its games ([`Sources`]). Each picture has a versioned emoji name, such as `fgi1_for_3`: the family its
//! file name starts with (`fgi_for_3`), [`DICE_VERSION`], then the piece. A redesign bumps the
//! version, so the bot uploads the new pictures under new names at its next start and deletes the
//! old ones (see `discord::emoji`). A game's views find a picture's emoji by its file name
//! ([`AppDice::get`], through `DiceStyle::app`). Rendering needs no font: words are drawn as
//! strokes.
//!
//! Pure: SVG text in, PNG bytes out (each computed once per process, on first use).

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use crate::sync::Lock;

/// The version of the dice's design, part of every emoji name. Bump it when a picture changes
/// (`tests` pin the sources' hash to remind whoever changes them).
pub const DICE_VERSION: u32 = 1;

/// The side of a picture, in pixels.
pub const SIZE: u32 = 128;

/// Discord's limit on an emoji's image.
pub const MAX_BYTES: usize = 256 * 1024;

/// Pictures' file names (without `.svg`) and SVG sources: each game's (`Hosted::DICE`), for the
/// games a bot offers.
pub type Sources<'a> = &'a [(&'static str, &'static str)];

/// The families of the project's emoji names (`fgi<version>_...`, `gd<version>_...`): what the
/// sources' names start with.
fn families<'a>(sources: Sources<'a>) -> Vec<&'a str> {
    let mut families: Vec<&str> = sources
        .iter()
        .map(|(file, _)| file.split_once('_').map_or(*file, |(family, _)| family))
        .collect();
    families.dedup();
    families
}

/// The emoji name of a source file: `fgi_for_3` → `fgi1_for_3`.
pub fn emoji_name(file: &str) -> String {
    let (family, piece) = file.split_once('_').unwrap_or((file, ""));
    format!("{family}{DICE_VERSION}_{piece}")
}

/// Whether `name` is one of the project's dice (of `sources`) under another version than
/// [`DICE_VERSION`] (what a start deletes). Only names the project could have written match: a
/// family, a version number, then one of today's pieces; anything else is someone else's emoji.
pub fn is_other_version(name: &str, sources: Sources<'_>) -> bool {
    families(sources).into_iter().any(|family| {
        let Some(rest) = name.strip_prefix(family) else {
            return false;
        };
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (version, piece) = rest.split_at(digits);
        let Some(piece) = piece.strip_prefix('_') else {
            return false;
        };
        !version.is_empty()
            && version.parse::<u32>().ok() != Some(DICE_VERSION)
            && sources
                .iter()
                .any(|(file, _)| file.split_once('_') == Some((family, piece)))
    })
}

/// One picture, drawn: its emoji name and PNG bytes.
#[derive(Clone, Debug)]
pub struct DieImage {
    pub name: String,
    pub png: Vec<u8>,
}

/// Renders an SVG to a [`SIZE`]×[`SIZE`] PNG.
pub fn render_png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let mut pixmap = tiny_skia::Pixmap::new(SIZE, SIZE).ok_or("no pixmap")?;
    let size = tree.size();
    let scale =
        tiny_skia::Transform::from_scale(SIZE as f32 / size.width(), SIZE as f32 / size.height());
    resvg::render(&tree, scale, &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// Every picture of `sources`, each rendered once per process. A source that fails to render is
/// left out (the tests render every one).
pub fn images(sources: Sources<'_>) -> Vec<DieImage> {
    static RENDERED: Mutex<BTreeMap<&'static str, Option<Vec<u8>>>> = Mutex::new(BTreeMap::new());
    let mut rendered = RENDERED.locked();
    sources
        .iter()
        .filter_map(|(file, svg)| {
            let png = rendered
                .entry(file)
                .or_insert_with(|| render_png(svg).ok())
                .clone()?;
            Some(DieImage {
                name: emoji_name(file),
                png,
            })
        })
        .collect()
}

/// The dice drawn as application emoji: `<:name:id>` for each picture, by its file name
/// (`fgi_for_3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppDice(HashMap<String, String>);

impl AppDice {
    /// Every picture's emoji (of `sources`) from the emoji ids by name, or `None` if one is
    /// missing.
    pub fn from_ids(ids: &HashMap<String, u64>, sources: Sources<'_>) -> Option<AppDice> {
        let emoji = sources
            .iter()
            .map(|(file, _)| {
                let name = emoji_name(file);
                let id = ids.get(&name)?;
                Some((file.to_string(), format!("<:{name}:{id}>")))
            })
            .collect::<Option<_>>()?;
        Some(AppDice(emoji))
    }

    /// The emoji of the picture `file`.
    pub fn get(&self, file: &str) -> Option<&str> {
        self.0.get(file).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources() -> Vec<(&'static str, &'static str)> {
        crate::games::hosted().dice()
    }

    #[test]
    fn names_are_versioned_and_valid() {
        assert_eq!(emoji_name("fgi_for_3"), format!("fgi{DICE_VERSION}_for_3"));
        assert_eq!(emoji_name("gd_6_held"), format!("gd{DICE_VERSION}_6_held"));
        for (file, _) in sources() {
            let name = emoji_name(file);
            assert!((2..=32).contains(&name.len()), "{name}");
            assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
            assert!(!is_other_version(&name, &sources()), "{name}");
        }
    }

    #[test]
    fn only_the_projects_other_versions_are_old() {
        let other = DICE_VERSION + 1;
        assert!(is_other_version(&format!("fgi{other}_for_3"), &sources()));
        assert!(is_other_version(&format!("gd{other}_6_held"), &sources()));
        assert!(is_other_version("fgi0_it_word", &sources()));
        for name in [
            "fgi_for_3",
            "fgi2_for_7",
            "gd2_party",
            "gdx_1",
            "my_dice",
            "fgi2",
            "gd12",
        ] {
            assert!(!is_other_version(name, &sources()), "{name}");
        }
    }

    #[test]
    fn every_piece_has_an_emoji() {
        let ids: HashMap<String, u64> = sources()
            .iter()
            .enumerate()
            .map(|(i, (file, _))| (emoji_name(file), i as u64 + 1))
            .collect();
        let dice = AppDice::from_ids(&ids, &sources()).expect("all pieces");
        assert!(dice
            .get("fgi_for_3")
            .is_some_and(|e| e.starts_with(&format!("<:fgi{DICE_VERSION}_for_3:"))));
        let mut fewer = ids.clone();
        fewer.remove(&emoji_name("gd_6_held"));
        assert!(AppDice::from_ids(&fewer, &sources()).is_none());
    }
}
