//! The languages the bot speaks, with [Fluent](https://projectfluent.org): every text a player
//! reads is a message of `locales/<lang>/*.ftl` (embedded in the binary), looked up by id.
//!
//! - English (`en-US`) is the default and the fallback: a Discord locale the bot does not speak
//!   (`de`, `es-ES`, ...) gets English, and so does a message id missing in a language.
//! - [`Lang::from_discord`] maps a Discord locale (`fr`, `en-US`, `en-GB`) to a language.
//! - [`tr!`](crate::tr) formats a message with its variables: `tr!(lang, "lobby-ready", n = 3)`.
//!
//! - French elides `de`, `que`, `le`... before a name that starts with a vowel sound (`tour
//!   d'alice`, `tour de bob`): French messages write `{ DE($name) }` or `{ ELIDE("que", $name) }`
//!   (see [`elide`]; the functions are on every bundle).
//!
//! Adding a language: a `locales/<code>/` directory with the same files and message ids (the
//! `locales` test checks that every id exists in every language with the same variables), a
//! variant here, and its entries in [`Lang::ALL`] and [`SHARED`] (and each game's `LOCALES`).

use crate::sync::{Lock, ReadWrite};
use std::sync::{Mutex, RwLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English (United States): the default and the fallback.
    #[default]
    EnUs,
    /// French.
    Fr,
}

/// The `.ftl` files every game shares, embedded, in [`Lang::ALL`]'s order: (file name, text).
/// Each game brings its own ([`add_texts`]).
const SHARED: [(Lang, &[(&str, &str)]); 2] = [
    (
        Lang::EnUs,
        &[
            ("common.ftl", include_str!("../locales/en-US/common.ftl")),
            (
                "commands.ftl",
                include_str!("../locales/en-US/commands.ftl"),
            ),
            ("daily.ftl", include_str!("../locales/en-US/daily.ftl")),
        ],
    ),
    (
        Lang::Fr,
        &[
            ("common.ftl", include_str!("../locales/fr/common.ftl")),
            ("commands.ftl", include_str!("../locales/fr/commands.ftl")),
            ("daily.ftl", include_str!("../locales/fr/daily.ftl")),
        ],
    ),
];

/// Every language's `.ftl` files, in [`Lang::ALL`]'s order: the shared ones, then the texts of
/// every game added so far ([`add_texts`]): (language, [(file name, text)]).
pub fn resources() -> Vec<(Lang, Vec<(String, &'static str)>)> {
    let added = ADDED.locked();
    SHARED
        .iter()
        .map(|(lang, shared)| {
            let mut files: Vec<(String, &'static str)> = shared
                .iter()
                .map(|(name, text)| (name.to_string(), *text))
                .collect();
            for (code, name, text) in added.iter() {
                if *code == lang.code() {
                    files.push((name.clone(), *text));
                }
            }
            (*lang, files)
        })
        .collect()
}

impl Lang {
    /// Every language, the default first.
    pub const ALL: [Lang; 2] = [Lang::EnUs, Lang::Fr];

    /// The language's code, as Discord writes it and the store keeps it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::EnUs => "en-US",
            Lang::Fr => "fr",
        }
    }

    /// The language of a code as [`Lang::code`] writes it.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == code)
    }

    /// The language of a Discord locale (`fr`, `en-US`, `en-GB`, ...): English unless the bot
    /// speaks it.
    pub fn from_discord(locale: &str) -> Lang {
        Lang::spoken(locale).unwrap_or(Lang::EnUs)
    }

    /// The language of a Discord locale if the bot speaks it (`fr`, any `en`), else `None`.
    pub fn spoken(locale: &str) -> Option<Lang> {
        let primary = locale.split(['-', '_']).next().unwrap_or_default();
        if primary.eq_ignore_ascii_case("fr") {
            Some(Lang::Fr)
        } else if primary.eq_ignore_ascii_case("en") {
            Some(Lang::EnUs)
        } else {
            None
        }
    }

    /// The language of an optional Discord locale (a guild's may be missing): English if none.
    pub fn from_discord_opt(locale: Option<&str>) -> Lang {
        locale.map_or(Lang::EnUs, Lang::from_discord)
    }

    /// The message `id` with no variables.
    pub fn t(self, id: &str) -> String {
        self.format(id, None)
    }

    /// The message `id` with `args`.
    pub fn t_with(self, id: &str, args: &FluentArgs<'_>) -> String {
        self.format(id, Some(args))
    }

    /// Whether the language has the message `id`.
    pub fn has(self, id: &str) -> bool {
        bundles()[self as usize].has_message(id)
    }

    fn format(self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        let bundles = bundles();
        for lang in [self, Lang::EnUs] {
            let bundle = &bundles[lang as usize];
            let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                tracing::warn!(
                    id,
                    lang = lang.code(),
                    ?errors,
                    "a message did not format cleanly"
                );
            }
            return text.into_owned();
        }
        tracing::error!(id, "no such message in any language");
        id.to_string()
    }
}

/// The texts of the games added so far ([`add_texts`]): (language code, file name, text).
static ADDED: Mutex<Vec<(&'static str, String, &'static str)>> = Mutex::new(Vec::new());

/// Every language's bundle, in [`Lang::ALL`]'s order: the shared texts and those of every game
/// added so far. Made anew only when a game's texts are added (once a game for the life of the
/// process), so that a look-up is one read.
static BUNDLES: RwLock<Option<&'static [FluentBundle<FluentResource>]>> = RwLock::new(None);

fn bundles() -> &'static [FluentBundle<FluentResource>] {
    if let Some(bundles) = *BUNDLES.reading() {
        return bundles;
    }
    let mut bundles = BUNDLES.writing();
    bundles.get_or_insert_with(build)
}

/// Adds a game's texts, its `locales` (language code, text), as the file `{name}.ftl`: what a
/// [`Games`](crate::host::Games) value does for each of its games when it is made, since every
/// view looks its messages up through [`Lang`]. Adding a game's texts again adds nothing.
pub fn add_texts(name: &str, locales: &[(&'static str, &'static str)]) {
    let file = format!("{name}.ftl");
    {
        let mut added = ADDED.locked();
        if added.iter().any(|(_, added, _)| *added == file) {
            return;
        }
        added.extend(
            locales
                .iter()
                .map(|&(code, text)| (code, file.clone(), text)),
        );
    }
    let mut bundles = BUNDLES.writing();
    // A handful of games, added once each for the life of the process.
    *bundles = Some(build());
}

fn new_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().expect("a valid language code");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as is: no Unicode isolation marks around variables.
    bundle.set_use_isolating(false);
    add_elision(&mut bundle);
    bundle
}

fn add_file(bundle: &mut FluentBundle<FluentResource>, lang: Lang, name: &str, text: &str) {
    let resource = FluentResource::try_new(text.to_string())
        .unwrap_or_else(|(_, errors)| panic!("{}/{name}: {errors:?}", lang.code()));
    bundle
        .add_resource(resource)
        .unwrap_or_else(|errors| panic!("{}/{name}: {errors:?}", lang.code()));
}

fn build() -> &'static [FluentBundle<FluentResource>] {
    let bundles: Vec<_> = resources()
        .into_iter()
        .map(|(lang, files)| {
            let mut bundle = new_bundle(lang);
            for (name, text) in files.iter() {
                add_file(&mut bundle, lang, name, text);
            }
            bundle
        })
        .collect();
    Vec::leak(bundles)
}

/// Registers the elision functions on a bundle:
///
/// - `{ DE($name) }` is `de bob`, `d'alice`;
/// - `{ ELIDE("que", $name) }` is `que bob`, `qu'alice` (any word of [`elide`]: `"le"`, `"la"`,
///   `"je"`, `"ne"`, `"ce"`, `"De"`...);
/// - either takes `wrap:`, markdown put around the name only: `{ DE($game, wrap: "**") }` is
///   `de **For Get It**`, `d'**Ouistiti**`.
fn add_elision(bundle: &mut FluentBundle<FluentResource>) {
    bundle
        .add_function("DE", |positional, named| {
            let name = positional.first().map(text).unwrap_or_default();
            FluentValue::from(elide_wrapped("de", &name, &wrap(named)))
        })
        .expect("DE is added once");
    bundle
        .add_function("ELIDE", |positional, named| {
            let word = positional.first().map(text).unwrap_or_default();
            let name = positional.get(1).map(text).unwrap_or_default();
            FluentValue::from(elide_wrapped(&word, &name, &wrap(named)))
        })
        .expect("ELIDE is added once");
}

/// A function's argument as text (a name; a number is written plainly).
fn text(value: &FluentValue<'_>) -> String {
    match value {
        FluentValue::String(s) => s.to_string(),
        FluentValue::Number(n) => n.as_string().into_owned(),
        _ => String::new(),
    }
}

/// The `wrap:` argument of an elision function, or nothing.
fn wrap(named: &FluentArgs<'_>) -> String {
    named.get("wrap").map(text).unwrap_or_default()
}

fn elide_wrapped(word: &str, name: &str, wrap: &str) -> String {
    let wrapped = format!("{wrap}{name}{wrap}");
    if word.is_empty() {
        return wrapped;
    }
    let (article, _) = split_elided(word, name);
    format!("{article}{wrapped}")
}

/// A decimal number as the language writes it: "43.6" in English, "43,6" in French.
pub fn decimal(number: &str, lang: Lang) -> String {
    match lang {
        Lang::Fr => number.replace('.', ","),
        Lang::EnUs => number.to_string(),
    }
}

/// `word` then `name` as French writes them: the word elided before a name that starts with a
/// vowel sound (`d'alice`, `qu'Élodie`, `l'Yvonne`), else a space between them (`de bob`, `de
/// Robot 1`, `de <@123>`). `word` is one of French's elidable words: `de`, `le`, `la`, `que`,
/// `je`, `ne`, `ce`, `me`, `te`, `se`, `jusque`, `lorsque`, `puisque`, `quoique` (any case: `De`
/// gives `D'`); any other word is written as is, then a space.
/// The apostrophe is the straight one (`'`), as every French message writes it.
///
/// When a name elides ([`elides_before`]):
///
/// - it starts with a vowel, accented or not, any case (`a e i o u`, `é è ê à â î ï ô û ù ü ÿ`,
///   `æ œ`...): `d'Amelie`, `d'Élodie`, `d'Œdipe`;
/// - a `y` elides before a consonant (`d'Yves`, `d'Yvonne`) but not before a vowel, where it
///   sounds as a consonant (`de Yann`, `de Yasmine`, `de Yolande`: French writes `le yaourt`);
/// - an `h` never elides: French elides before a "mute" h (`d'Hugo`) but not before an
///   "aspirated" one (`de Hollande`), and the spelling does not say which; no elision before a
///   mute h is the smaller fault than one before an aspirated h, so `de Hugo`;
/// - a name that starts with a digit, an emoji (`🤖 Robot 1`), a symbol or a markdown-escaped
///   character (`\_alice`, as the views escape one in a display name) does not elide;
/// - nor does a mention (`<@123>`): Discord shows it as `@alice`, and `de @alice` is how French
///   writes a handle (the `@` is read "arobase", not the name's vowel), so `de <@123>`;
/// - markdown the message put around the name (`**alice**`, `*alice*`, `~~alice~~`, `||alice||`)
///   is looked through: `d'**alice**`.
pub fn elide(word: &str, name: &str) -> String {
    let (article, name) = split_elided(word, name);
    format!("{article}{name}")
}

/// The words French elides before a vowel sound (for names: `si` elides only before `il`).
const ELIDABLE: [&str; 14] = [
    "de", "le", "la", "que", "je", "ne", "ce", "me", "te", "se", "jusque", "lorsque", "puisque",
    "quoique",
];

/// The article as it stands before `name` (`d'` or `de `), and the name.
fn split_elided<'a>(word: &str, name: &'a str) -> (String, &'a str) {
    let elidable = ELIDABLE.iter().any(|w| w.eq_ignore_ascii_case(word));
    if elidable && elides_before(name) {
        let mut cut: String = word.chars().take(word.chars().count() - 1).collect();
        cut.push('\'');
        (cut, name)
    } else {
        (format!("{word} "), name)
    }
}

/// Whether French elides a word before `name` (see [`elide`] for the rules).
pub fn elides_before(name: &str) -> bool {
    let shown = name.trim_start_matches(['*', '_', '~', '|']);
    let mut chars = shown.chars().flat_map(char::to_lowercase);
    let Some(first) = chars.next() else {
        return false;
    };
    match first {
        'y' | 'ý' | 'ÿ' | 'ŷ' => !chars.next().is_some_and(is_vowel),
        c => is_vowel(c),
    }
}

/// A lowercase vowel of a Latin alphabet, accented or not (`y` included).
fn is_vowel(c: char) -> bool {
    "aàáâãäåāăąæeèéêëēĕėęěiìíîïĩīĭįıoòóôõöøōŏőœuùúûüũūŭůűųyýÿŷ".contains(c)
}

/// Formats a message: `tr!(lang, "id")`, or with variables `tr!(lang, "id", n = 3, who = name)`
/// (each value anything that converts into a `FluentValue`: numbers, `String`, `&str`).
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:expr $(,)?) => {
        $crate::i18n::Lang::t($lang, $id)
    };
    ($lang:expr, $id:expr, $($key:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($key), $value); )+
        $crate::i18n::Lang::t_with($lang, $id, &args)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_elides_before_a_vowel_sound_and_only_then() {
        for (name, shown) in [
            ("alice", "d'alice"),
            ("Amelie", "d'Amelie"),
            ("ÉLODIE", "d'ÉLODIE"),
            ("ève", "d'ève"),
            ("Œdipe", "d'Œdipe"),
            ("ugo", "d'ugo"),
            ("Yves", "d'Yves"),
            ("**alice**", "d'**alice**"),
            ("||inès||", "d'||inès||"),
            ("bob", "de bob"),
            ("Yann", "de Yann"),
            ("Hugo", "de Hugo"),
            ("Robot 1", "de Robot 1"),
            ("🤖 Robot 1", "de 🤖 Robot 1"),
            ("<@123>", "de <@123>"),
            ("@alice", "de @alice"),
            ("\\_alice", "de \\_alice"),
            ("42", "de 42"),
            ("", "de "),
        ] {
            assert_eq!(elide("de", name), shown, "{name}");
        }
        assert_eq!(elide("que", "Inès"), "qu'Inès");
        assert_eq!(elide("De", "alice"), "D'alice");
        assert_eq!(elide("la", "Ana"), "l'Ana");
        assert_eq!(elide("à", "alice"), "à alice");
    }

    #[test]
    fn the_elision_functions_format_in_a_bundle() {
        let mut bundle = FluentBundle::new_concurrent(vec!["fr".parse().unwrap()]);
        bundle.set_use_isolating(false);
        add_elision(&mut bundle);
        let resource = FluentResource::try_new(
            "a = tour { DE($name) }\nb = { ELIDE(\"que\", $name) }\nc = une partie { DE($game, wrap: \"**\") }\n"
                .to_string(),
        )
        .unwrap();
        bundle.add_resource(resource).unwrap();
        let format = |id: &str, args: &FluentArgs<'_>| {
            let pattern = bundle.get_message(id).unwrap().value().unwrap();
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(args), &mut errors);
            assert!(errors.is_empty(), "{errors:?}");
            text.into_owned()
        };
        let mut args = FluentArgs::new();
        args.set("name", "alice");
        args.set("game", "Ouistiti");
        assert_eq!(format("a", &args), "tour d'alice");
        assert_eq!(format("b", &args), "qu'alice");
        assert_eq!(format("c", &args), "une partie d'**Ouistiti**");
        let mut args = FluentArgs::new();
        args.set("name", "bob");
        args.set("game", "For Get It");
        assert_eq!(format("a", &args), "tour de bob");
        assert_eq!(format("c", &args), "une partie de **For Get It**");
    }
}
