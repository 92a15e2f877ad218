//! A server's settings (`/forgetit config show`, and the answer to a change): each setting with
//! its value, and whether the server set it or it is the default (the config file's, or the
//! server's own language).

use crate::duration;
use crate::i18n::Lang;
use crate::ids::ChannelId;
use crate::settings::{Kind, Setting, Value};
use crate::tr;

use super::view::{colour, list, EmbedView, MessageView};

/// One setting as `config show` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    pub setting: Setting,
    /// Its value: the server's, else its default (`None`: the server's own language).
    pub value: Option<Value>,
    /// Whether the server set it (else it is the default).
    pub set_here: bool,
}

/// What `config show` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsView {
    /// Every setting ([`crate::settings::SETTINGS`]), each with its label `settings-<name>`.
    pub settings: Vec<Shown>,
    /// The name of the game whose target is the server's (a label's `$game`).
    pub target_game: String,
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
    let mut embed = EmbedView::new(&lang.t("settings-title"), colour::INFO)
        .description(&lang.t("settings-intro"));
    for shown in &view.settings {
        let label = tr!(
            lang,
            &format!("settings-{}", shown.setting.name),
            game = view.target_game.clone()
        );
        let value = marked(value_text(shown, lang), shown.set_here);
        embed = embed.field(&label, &value, true);
    }
    let channels = if view.channels.is_empty() {
        marked(lang.t("settings-every-channel"), false)
    } else {
        let channels: Vec<String> = view.channels.iter().map(|c| format!("<#{c}>")).collect();
        marked(list(&channels, &lang.t("and")), true)
    };
    let embed = embed
        .field(&lang.t("settings-channels"), &channels, false)
        .footer(&tr!(
            lang,
            "settings-footer",
            command = view.command.clone()
        ));
    MessageView::new(intro.unwrap_or_default()).embed(embed)
}

/// A setting's value as `show` writes it, in `lang`.
fn value_text(shown: &Shown, lang: Lang) -> String {
    match shown.value {
        Some(value @ Value::Number(n)) => match shown.setting.kind {
            Kind::Duration(_) => shown
                .setting
                .duration(value)
                .map(|d| duration::show(d, lang))
                .unwrap_or_default(),
            _ => n.to_string(),
        },
        Some(Value::Switch(on)) => lang.t(if on { "settings-on" } else { "settings-off" }),
        // Each language is named in its own language.
        Some(Value::Language(table_lang)) => table_lang.t("language-name"),
        None => lang.t("settings-server-language"),
    }
}
