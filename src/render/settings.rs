//! A server's settings (`/forgetit config show`, and the answer to a change): each setting with
//! its value, and whether the server set it or it is the default (the config file's, or the
//! server's own language).

use std::time::Duration;

use crate::duration;
use crate::i18n::Lang;
use crate::ids::ChannelId;
use crate::tr;

use super::view::{colour, list, EmbedView, MessageView};

/// A setting's value, and whether the server set it (else it is the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown<T> {
    pub value: T,
    pub set_here: bool,
}

impl<T: Copy> Shown<T> {
    /// The server's value if it set one, else `default`.
    pub fn of(server: Option<T>, default: T) -> Shown<T> {
        Shown {
            value: server.unwrap_or(default),
            set_here: server.is_some(),
        }
    }
}

/// What `config show` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsView {
    /// The target of a For Get It game started without one.
    pub target: Shown<u32>,
    pub turn_timeout_secs: Shown<u64>,
    pub bot_pace_ms: Shown<u64>,
    /// A new table's language, if the server set one (else the server's own language).
    pub lang: Option<Lang>,
    /// Whether Start moves a game to a thread of its own, and whether the server set it.
    pub threads: bool,
    pub threads_set: bool,
    /// Whether a game's end shows its chart, and whether the server set it.
    pub charts: bool,
    pub charts_set: bool,
    /// The channels where games may start; none: every channel.
    pub channels: Vec<ChannelId>,
    /// The config command as the person's client shows it (`/forgetit config`).
    pub command: String,
}

/// The server's settings, in `lang` (the asker's); `intro` above them (e.g. "Saved.").
pub fn settings(view: &SettingsView, intro: Option<&str>, lang: Lang) -> MessageView {
    let marked = |value: String, set_here: bool| {
        let id = if set_here {
            "settings-set-here"
        } else {
            "settings-default"
        };
        tr!(lang, id, value = value)
    };
    let target = marked(view.target.value.to_string(), view.target.set_here);
    let timeout = marked(
        duration::show(Duration::from_secs(view.turn_timeout_secs.value), lang),
        view.turn_timeout_secs.set_here,
    );
    let pace = marked(
        duration::show(Duration::from_millis(view.bot_pace_ms.value), lang),
        view.bot_pace_ms.set_here,
    );
    let language = match view.lang {
        // Each language is named in its own language.
        Some(table_lang) => marked(table_lang.t("language-name"), true),
        None => marked(lang.t("settings-server-language"), false),
    };
    let channels = if view.channels.is_empty() {
        marked(lang.t("settings-every-channel"), false)
    } else {
        let channels: Vec<String> = view.channels.iter().map(|c| format!("<#{c}>")).collect();
        marked(list(&channels, &lang.t("and")), true)
    };
    let embed = EmbedView::new(&lang.t("settings-title"), colour::INFO)
        .description(&lang.t("settings-intro"))
        .field(&lang.t("settings-target"), &target, true)
        .field(&lang.t("settings-turn-timeout"), &timeout, true)
        .field(&lang.t("settings-bot-pace"), &pace, true)
        .field(&lang.t("settings-language"), &language, true)
        .field(
            &lang.t("settings-threads"),
            &marked(
                lang.t(if view.threads {
                    "settings-on"
                } else {
                    "settings-off"
                }),
                view.threads_set,
            ),
            true,
        )
        .field(
            &lang.t("settings-charts"),
            &marked(
                lang.t(if view.charts {
                    "settings-on"
                } else {
                    "settings-off"
                }),
                view.charts_set,
            ),
            true,
        )
        .field(&lang.t("settings-channels"), &channels, false)
        .footer(&tr!(
            lang,
            "settings-footer",
            command = view.command.clone()
        ));
    MessageView::new(intro.unwrap_or_default()).embed(embed)
}
