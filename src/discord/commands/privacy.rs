//! Privacy: `privacy` says what the bot keeps, `forget-me` asks to confirm forgetting the person
//! (the answer is a click, routed to [`forget_click`]). The same for every game.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{ComponentInteraction, CreateInteractionResponse};
use tracing::{error, info, warn};

use super::reply_of;
use crate::discord::codec::{self, Button};
use crate::discord::io::{self, InteractionReply};
use crate::discord::{user_lang, Context, Data, Error};
use crate::i18n::Lang;
use crate::render::{self, privacy, MessageView, Notice, UiAction};
use crate::store::Forgotten;
use crate::tables::Reply;

/// The subcommand's function name (its registered name is `forget-me`).
const FORGET_ME: &str = "forget_me";

/// What the bot stores about you, why, and for how long.
#[poise::command(slash_command)]
pub(super) async fn privacy(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let view = privacy::privacy(&forget_command(ctx, lang), lang);
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}

/// Delete your statistics, ratings and your name from stored games (asks to confirm).
#[poise::command(slash_command, rename = "forget-me")]
pub(super) async fn forget_me(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let user_id = ctx.author().id;
    let view = privacy::forget_prompt(lang);
    let create = io::response(&view, &forget_namer(user_id))
        .allowed_mentions(io::no_pings())
        .ephemeral(true);
    let reply = reply_of(ctx);
    CreateInteractionResponse::Message(create)
        .execute(&reply.http, (reply.id, &reply.token))
        .await?;
    Ok(())
}

/// `/{game} forget-me` as the person's client shows it (both names in their language).
fn forget_command(ctx: Context<'_>, lang: Lang) -> String {
    let shown = |command: &poise::Command<Data, Error>| {
        command
            .name_localizations
            .iter()
            .find(|(locale, _)| locale == lang.code())
            .map_or_else(|| command.name.to_string(), |(_, n)| n.to_string())
    };
    let Some(game) = ctx.parent_commands().first() else {
        return String::new();
    };
    let forget = game
        .subcommands
        .iter()
        .find(|s| s.identifying_name == FORGET_ME)
        .map(shown)
        .unwrap_or_default();
    format!("/{} {forget}", shown(game))
}

/// Names a forget-me prompt's buttons: for the person `user_id`.
fn forget_namer(user_id: serenity::UserId) -> impl Fn(&UiAction) -> String {
    move |action| {
        let confirm = matches!(action, UiAction::Forget { confirm: true });
        codec::encode(&Button::Forget { user_id, confirm })
    }
}

/// A click on a forget-me prompt's button naming `user_id`: acted on only on such a prompt, and
/// only for that person (the id in the button is never enough: the clicker must be them).
pub(in crate::discord) async fn forget_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    reply: Box<InteractionReply>,
    lang: Lang,
    user_id: serenity::UserId,
    confirm: bool,
) {
    if !is_forget_prompt(data.games, &click.message) {
        let _ = reply
            .ephemeral(render::notice(Notice::UnknownButton, lang))
            .await;
        return;
    }
    if click.user.id != user_id {
        info!(
            user = %click.user.id.get(),
            "forget-me: a click on another person's prompt; refused"
        );
        let _ = reply.ephemeral(privacy::forget_not_yours(lang)).await;
        return;
    }
    if !confirm {
        update(ctx, click, user_id, privacy::forget_answered(false, lang)).await;
        return;
    }
    match data
        .store
        .forget_person(user_id.into(), &privacy::former_player)
        .await
    {
        Ok(Forgotten::Done {
            stats,
            seats,
            events,
        }) => {
            info!(stats, seats, events, "forget-me: a person forgotten");
            update(ctx, click, user_id, privacy::forget_answered(true, lang)).await;
        }
        Ok(Forgotten::Seated { channel_id }) => {
            info!(
                channel = %channel_id.get(),
                "forget-me: refused, seated at an open game"
            );
            let _ = reply
                .ephemeral(privacy::forget_seated(channel_id, lang))
                .await;
        }
        Err(e) => {
            error!(error = %e, "forget-me: could not forget");
            let _ = reply
                .ephemeral(render::notice(Notice::NotSaved, lang))
                .await;
        }
    }
}

/// Replaces the prompt by `view` (its buttons gone).
async fn update(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    user_id: serenity::UserId,
    view: MessageView,
) {
    let update = io::response(&view, &forget_namer(user_id)).allowed_mentions(io::no_pings());
    let response = CreateInteractionResponse::UpdateMessage(update);
    if let Err(e) = click.create_response(&ctx.http, response).await {
        warn!(error = %e, "forget-me: could not answer");
    }
}

/// Whether `message` is a forget-me prompt: it has buttons, and they are all forget-me buttons.
fn is_forget_prompt(
    games: crate::host::Games<dyn crate::discord::BotGame>,
    message: &serenity::Message,
) -> bool {
    let ids: Vec<Option<Button>> = message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .map(|c| match c {
            serenity::ActionRowComponent::Button(serenity::Button {
                data: serenity::ButtonKind::NonLink { custom_id, .. },
                ..
            }) => codec::decode(games, custom_id),
            _ => None,
        })
        .collect();
    !ids.is_empty() && ids.iter().all(|b| matches!(b, Some(Button::Forget { .. })))
}
