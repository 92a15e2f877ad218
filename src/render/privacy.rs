//! Privacy: what the bot keeps (`privacy`), and the forget-me prompt and its answers. The same
//! texts for every game; each names its game's command.

use crate::i18n::Lang;
use crate::ids::ChannelId;
use crate::tr;

use super::view::{colour, ButtonStyle, ButtonView, EmbedView, MessageView, UiAction};

/// What the bot stores, why and for how long, in `lang`; `forget_command` is the forget-me
/// command as the person's client shows it (`/forgetit forget-me`).
pub fn privacy(forget_command: &str, lang: Lang) -> MessageView {
    let command = format!("`{forget_command}`");
    let embed = EmbedView::new(&lang.t("privacy-title"), colour::INFO)
        .field(
            &lang.t("privacy-stored"),
            &lang.t("privacy-stored-text"),
            false,
        )
        .field(&lang.t("privacy-why"), &lang.t("privacy-why-text"), false)
        .field(
            &lang.t("privacy-how-long"),
            &lang.t("privacy-how-long-text"),
            false,
        )
        .field(
            &lang.t("privacy-forget"),
            &tr!(lang, "privacy-forget-text", command = command),
            false,
        );
    MessageView::new("").embed(embed)
}

/// The forget-me prompt: what it does, with a button to confirm and one to keep everything.
pub fn forget_prompt(lang: Lang) -> MessageView {
    MessageView::new(&lang.t("forget-prompt")).row(vec![
        ButtonView::new(
            &lang.t("forget-button-yes"),
            ButtonStyle::Danger,
            UiAction::Forget { confirm: true },
        ),
        ButtonView::new(
            &lang.t("forget-button-no"),
            ButtonStyle::Secondary,
            UiAction::Forget { confirm: false },
        ),
    ])
}

/// The prompt once answered (its buttons gone): forgotten, or nothing deleted.
pub fn forget_answered(forgotten: bool, lang: Lang) -> MessageView {
    MessageView::new(&lang.t(if forgotten {
        "forget-done"
    } else {
        "forget-kept"
    }))
}

/// Forget-me refused: the person has a seat at an open game, in the channel `channel_id`.
pub fn forget_seated(channel_id: ChannelId, lang: Lang) -> MessageView {
    let channel = format!("<#{channel_id}>");
    MessageView::new(&tr!(lang, "forget-seated", channel = channel))
}

/// Someone clicked another person's forget-me prompt.
pub fn forget_not_yours(lang: Lang) -> MessageView {
    MessageView::new(&lang.t("forget-not-yours"))
}

/// The name a forgotten person's seats get, in a game's language: "a former player".
pub fn former_player(lang: Lang) -> String {
    lang.t("former-player")
}
