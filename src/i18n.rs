//! The languages the bot speaks, with [Fluent](https://projectfluent.org): every text a player
//! reads is a message of `locales/<lang>/*.ftl` (embedded in the binary), looked up by id.
//!
//! - English (`en-US`) is the default and the fallback: a Discord locale the bot does not speak
//!   (`de`, `es-ES`, ...) gets English, and so does a message id missing in a language.
//! - [`Lang::from_discord`] maps a Discord locale (`fr`, `en-US`, `en-GB`) to a language.
//! - [`tr!`](crate::tr) formats a message with its variables: `tr!(lang, "lobby-ready", n = 3)`.
//!
//! Adding a language: a `locales/<code>/` directory with the same files and message ids (the
//! `locales` test checks that every id exists in every language with the same variables), a
//! variant here, and its entries in [`Lang::ALL`] and [`SHARED`] (and each game's `LOCALES`).

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
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
/// Each game brings its own ([`Hosted::LOCALES`](crate::games::Hosted::LOCALES)).
const SHARED: [(Lang, &[(&str, &str)]); 2] = [
    (
        Lang::EnUs,
        &[
            ("common.ftl", include_str!("../locales/en-US/common.ftl")),
            (
                "commands.ftl",
                include_str!("../locales/en-US/commands.ftl"),
            ),
        ],
    ),
    (
        Lang::Fr,
        &[
            ("common.ftl", include_str!("../locales/fr/common.ftl")),
            ("commands.ftl", include_str!("../locales/fr/commands.ftl")),
        ],
    ),
];

macro_rules! game_locales {
    ([$lang:expr, $files:expr] $($kind:ident => $module:ident,)*) => {$(
        {
            type R = crate::games::$module::$kind;
            for (code, text) in <R as crate::games::Hosted>::LOCALES {
                if *code == $lang.code() {
                    let name = <R as crate::engine::table::Rules>::NAMES.command;
                    $files.push((format!("{name}.ftl"), *text));
                }
            }
        }
    )*};
}

/// Every language's `.ftl` files, in [`Lang::ALL`]'s order: the shared ones, then each game's
/// (named `{command}.ftl`): (language, [(file name, text)]).
pub fn resources() -> Vec<(Lang, Vec<(String, &'static str)>)> {
    SHARED
        .iter()
        .map(|(lang, shared)| {
            let mut files: Vec<(String, &'static str)> = shared
                .iter()
                .map(|(name, text)| (name.to_string(), *text))
                .collect();
            crate::games::games!(game_locales, *lang, files);
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
        bundle(self).has_message(id)
    }

    fn format(self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        for lang in [self, Lang::EnUs] {
            let bundle = bundle(lang);
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

fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> =
        LazyLock::new(|| Lang::ALL.into_iter().map(build).collect());
    &BUNDLES[lang as usize]
}

fn build(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang.code().parse().expect("a valid language code");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as is: no Unicode isolation marks around variables.
    bundle.set_use_isolating(false);
    let (_, files) = resources()
        .into_iter()
        .find(|(l, _)| *l == lang)
        .expect("every language has resources");
    for (name, text) in files.iter() {
        let resource = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, errors)| panic!("{}/{name}: {errors:?}", lang.code()));
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("{}/{name}: {errors:?}", lang.code()));
    }
    bundle
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
