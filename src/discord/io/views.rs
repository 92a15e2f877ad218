//! Views from `render` as serenity's builders: a message's content, who it pings, its embeds,
//! pictures, buttons and select menus (their custom_ids named here).

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle as SerenityStyle, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use crate::discord::codec::{self, Button};
use crate::ids;
use crate::render::{
    ButtonStyle, ButtonView, EmbedView, MessageView, RowView, SelectView, UiAction,
};
use crate::tables::Post;

/// Who a message may ping: only the people its content mentions as `<@id>`, the players the
/// bot addresses (a turn's player, the winners). Never `@everyone`, `@here` or a role, and no one
/// else: names people chose are always escaped (`render::escape`), so no text of theirs forms a
/// mention, and this lists only what the bot wrote. Every message and response sets it.
pub fn pings(content: &str) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(mentioned(content).into_iter().map(serenity::UserId::new))
}

/// Pings no one (`parse: []`, no users): private answers.
pub fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// The user ids `content` mentions as `<@id>` or `<@!id>`, in order, each once.
pub fn mentioned(content: &str) -> Vec<u64> {
    let mut ids = Vec::new();
    for (i, _) in content.match_indices("<@") {
        let rest = &content[i + 2..];
        let rest = rest.strip_prefix('!').unwrap_or(rest);
        let Some(end) = rest.find('>') else { continue };
        if let Ok(id) = rest[..end].parse::<u64>() {
            if id != 0 && rest[..end].bytes().all(|b| b.is_ascii_digit()) && !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// `$builder` (any of serenity's message builders: a post, an edit, a response, a follow-up)
/// made the whole message `$view` shows: its content, who it pings, its embeds and its
/// components named by `$name`.
macro_rules! whole_message {
    ($builder:expr, $view:expr, $name:expr) => {
        $builder
            .content(&$view.content)
            .allowed_mentions($crate::discord::io::pings(&$view.content))
            .embeds($crate::discord::io::embeds($view))
            .components($crate::discord::io::components($view, $name))
    };
}
pub(in crate::discord) use whole_message;

/// Names a button's or a select menu's custom_id from its action.
pub type Namer<'a> = &'a dyn Fn(&UiAction) -> String;

pub fn game_namer(game_id: ids::GameId, version: u64) -> impl Fn(&UiAction) -> String {
    move |action| {
        codec::encode(&Button::Game {
            game_id,
            version,
            action: action.to_string(),
        })
    }
}

/// The view's pictures, as files to send with it (their alt text as their description).
pub(in crate::discord) fn files(
    view: &MessageView,
) -> impl Iterator<Item = serenity::CreateAttachment> + '_ {
    view.pictures.iter().map(|p| {
        serenity::CreateAttachment::bytes(p.png.clone(), p.name.clone())
            .description(p.description.clone())
    })
}

pub fn embeds(view: &MessageView) -> Vec<CreateEmbed> {
    view.embeds.iter().map(embed).collect()
}

fn embed(view: &EmbedView) -> CreateEmbed {
    let mut embed = CreateEmbed::new().colour(view.colour);
    if !view.title.is_empty() {
        embed = embed.title(&view.title);
    }
    if !view.description.is_empty() {
        embed = embed.description(&view.description);
    }
    for (name, value, inline) in &view.fields {
        embed = embed.field(name, value, *inline);
    }
    if let Some(footer) = &view.footer {
        embed = embed.footer(CreateEmbedFooter::new(footer));
    }
    if let Some(image) = &view.image {
        embed = embed.image(format!("attachment://{image}"));
    }
    embed
}

pub fn components(view: &MessageView, name: Namer<'_>) -> Vec<CreateActionRow> {
    view.rows
        .iter()
        .filter_map(|row| match row {
            RowView::Buttons(buttons) if buttons.is_empty() => None,
            RowView::Buttons(buttons) => Some(CreateActionRow::Buttons(
                buttons.iter().map(|b| button(b, name)).collect(),
            )),
            RowView::Select(select) if select.options.is_empty() => None,
            RowView::Select(select) => Some(CreateActionRow::SelectMenu(select_menu(select, name))),
        })
        .collect()
}

/// A string select menu: one option is picked (Discord's default of min 1, max 1).
fn select_menu(view: &SelectView, name: Namer<'_>) -> CreateSelectMenu {
    let options = view
        .options
        .iter()
        .map(|o| {
            let option = CreateSelectMenuOption::new(&o.label, &o.value);
            match &o.description {
                Some(description) => option.description(description),
                None => option,
            }
        })
        .collect();
    CreateSelectMenu::new(name(&view.action), CreateSelectMenuKind::String { options })
        .placeholder(&view.placeholder)
        .disabled(view.disabled)
}

fn button(view: &ButtonView, name: Namer<'_>) -> CreateButton {
    let style = match view.style {
        ButtonStyle::Primary => SerenityStyle::Primary,
        ButtonStyle::Secondary => SerenityStyle::Secondary,
        ButtonStyle::Success => SerenityStyle::Success,
        ButtonStyle::Danger => SerenityStyle::Danger,
    };
    let button = CreateButton::new(name(&view.action))
        .style(style)
        .disabled(view.disabled);
    // No empty label: a button of an emoji alone sends none.
    let button = if view.label.is_empty() {
        button
    } else {
        button.label(&view.label)
    };
    match &view.emoji {
        Some(emoji) => button.emoji(serenity::ReactionType::Custom {
            animated: emoji.animated,
            id: serenity::EmojiId::new(emoji.id),
            name: Some(emoji.name.clone()),
        }),
        None => button,
    }
}

/// A new channel message (content, embeds, components): what [`HttpOutbox`] posts.
pub fn create_message(view: &MessageView, name: Namer<'_>) -> CreateMessage {
    whole_message!(CreateMessage::new(), view, name)
}

/// The longest `nonce` Discord takes.
const MAX_NONCE: usize = 25;

/// The `nonce` of a channel post, sent with `enforce_nonce`: the same for the same [`Post`] of
/// the same game at the same version, so that Discord returns the message already made to a post
/// repeated within minutes (after a crash before its id was stored, a timeout, a 5xx) rather
/// than show it twice. In hexadecimal, e.g. `t33.b` (a turn of game 51 at version 11),
/// `r33.c.9a2f41c0` (shown again in place of a message). `None` if it would be longer than
/// Discord takes (ids far beyond any real database's): then the post carries no nonce.
pub fn post_nonce(game_id: ids::GameId, version: u64, post: Post) -> Option<String> {
    let kind = match post {
        Post::Turn => 't',
        Post::Lobby => 'l',
        Post::End => 'e',
        Post::NoThread => 'n',
        Post::Back => 'b',
        Post::TurnBack => 'm',
        Post::Replacing(_) => 'r',
    };
    let mut nonce = format!("{kind}{game_id:x}.{version:x}");
    if let Post::Replacing(old) = post {
        // The replaced message's id tells this replacement from an earlier one; its last digits
        // are enough for that.
        let old = format!("{:x}", old.get());
        nonce = format!("{nonce}.{}", &old[old.len().saturating_sub(8)..]);
    }
    (nonce.len() <= MAX_NONCE).then_some(nonce)
}

/// A whole response message (content, embeds, components).
pub fn response(view: &MessageView, name: Namer<'_>) -> CreateInteractionResponseMessage {
    whole_message!(CreateInteractionResponseMessage::new(), view, name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posts_nonce_names_the_post_the_game_and_its_version_within_discords_25_characters() {
        assert_eq!(
            post_nonce(ids::GameId::new(51), 11, Post::Turn).as_deref(),
            Some("t33.b")
        );
        assert_eq!(
            post_nonce(
                ids::GameId::new(51),
                12,
                Post::Replacing(ids::MessageId::new(1_443_113_937_412_882_368))
            )
            .as_deref(),
            Some("r33.c.e9e8ffc0")
        );
        let posts = [
            Post::Turn,
            Post::Lobby,
            Post::End,
            Post::NoThread,
            Post::Back,
            Post::TurnBack,
        ];
        let nonces: std::collections::BTreeSet<_> = posts
            .iter()
            .map(|post| post_nonce(ids::GameId::new(51), 11, *post))
            .collect();
        assert_eq!(nonces.len(), posts.len(), "each post its own");
        // Four billion games, 65,535 versions each, and any message id, fit.
        let longest = post_nonce(
            ids::GameId::new(i64::from(u32::MAX)),
            65_535,
            Post::Replacing(ids::MessageId::new(u64::MAX)),
        );
        assert!(longest.is_some_and(|n| n.len() <= MAX_NONCE));
        assert_eq!(
            post_nonce(ids::GameId::new(i64::MAX), u64::MAX, Post::Turn),
            None
        );
    }
}
