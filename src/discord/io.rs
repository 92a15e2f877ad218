//! The tables' ports, over serenity: posting and editing channel messages, and answering
//! interactions. Views from `render` become serenity builders here, and their buttons and select
//! menus get their custom_ids.

use std::sync::Arc;

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    ButtonStyle as SerenityStyle, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
    Http,
};

use super::codec::{self, Button};
use crate::render::{
    ButtonStyle, ButtonView, EmbedView, MessageView, RowView, SelectView, UiAction,
};
use crate::tables::{Outbox, Outgoing, Reply};

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

/// Names a button's or a select menu's custom_id from its action.
pub type Namer<'a> = &'a dyn Fn(&UiAction) -> String;

pub fn game_namer(game_id: i64, version: u64) -> impl Fn(&UiAction) -> String {
    move |action| {
        codec::encode(&Button::Game {
            game_id,
            version,
            action: action.to_string(),
        })
    }
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
    CreateButton::new(name(&view.action))
        .label(&view.label)
        .style(style)
        .disabled(view.disabled)
}

/// A new channel message (content, embeds, components): what [`HttpOutbox`] posts.
pub fn create_message(view: &MessageView, name: Namer<'_>) -> CreateMessage {
    CreateMessage::new()
        .content(&view.content)
        .allowed_mentions(pings(&view.content))
        .embeds(embeds(view))
        .components(components(view, name))
}

/// A whole response message (content, embeds, components).
pub fn response(view: &MessageView, name: Namer<'_>) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(&view.content)
        .allowed_mentions(pings(&view.content))
        .embeds(embeds(view))
        .components(components(view, name))
}

/// Posts and edits channel messages with the bot's HTTP client.
pub struct HttpOutbox {
    pub http: Arc<Http>,
}

impl Outbox for HttpOutbox {
    fn post(&self, channel_id: u64, message: Outgoing) -> BoxFuture<'_, Result<u64, String>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let create = create_message(view, &name);
            serenity::ChannelId::new(channel_id)
                .send_message(&self.http, create)
                .await
                .map(|m| m.id.get())
                .map_err(|e| e.to_string())
        })
    }

    fn edit(
        &self,
        channel_id: u64,
        message_id: u64,
        message: Outgoing,
    ) -> BoxFuture<'_, Result<(), String>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let edit = EditMessage::new()
                .content(&view.content)
                .allowed_mentions(pings(&view.content))
                .embeds(embeds(view))
                .components(components(view, &name));
            serenity::ChannelId::new(channel_id)
                .edit_message(&self.http, serenity::MessageId::new(message_id), edit)
                .await
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
    }
}

/// The answer to one interaction (a slash command or a click), given once.
pub struct InteractionReply {
    pub http: Arc<Http>,
    pub id: serenity::InteractionId,
    pub token: String,
}

impl InteractionReply {
    async fn respond(&self, response: CreateInteractionResponse) -> Result<(), String> {
        response
            .execute(&self.http, (self.id, &self.token))
            .await
            .map_err(|e| e.to_string())
    }
}

impl Reply for InteractionReply {
    fn update(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<(), String>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let update = response(&message.view, &name);
            self.respond(CreateInteractionResponse::UpdateMessage(update))
                .await
        })
    }

    fn message(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<u64, String>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let create = response(&message.view, &name);
            self.respond(CreateInteractionResponse::Message(create))
                .await?;
            self.http
                .get_original_interaction_response(&self.token)
                .await
                .map(|m| m.id.get())
                .map_err(|e| e.to_string())
        })
    }

    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), String>> {
        Box::pin(async move {
            // Private answers carry no components.
            let create = CreateInteractionResponseMessage::new()
                .content(&view.content)
                .allowed_mentions(no_pings())
                .embeds(embeds(&view))
                .ephemeral(true);
            self.respond(CreateInteractionResponse::Message(create))
                .await
        })
    }
}
