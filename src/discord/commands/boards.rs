//! Leaderboards and statistics: read from the store, shown by render, for the game of the
//! command.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::CreateInteractionResponse;

use super::{game_of, reply_of};
use crate::discord::codec::{self, Button};
use crate::discord::io;
use crate::discord::{user_lang, Context, Error};
use crate::engine::{GameKind, Ranking, Scope};
use crate::i18n::Lang;
use crate::render::{self, MessageView, UiAction};
use crate::store::{Store, StoreError};
use crate::tables::Reply;

/// Leaderboard rows a page.
const PER_PAGE: u32 = 10;

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum ScopeChoice {
    #[name = "this server"]
    Server,
    #[name = "global"]
    Global,
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum ByChoice {
    #[name = "wins"]
    Wins,
    #[name = "points"]
    Points,
    #[name = "best turn or game"]
    Best,
}

/// The lifetime leaderboard.
#[poise::command(slash_command, guild_only)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeChoice>,
    by: Option<ByChoice>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    let Some(guild_id) = ctx.guild_id() else {
        return Ok(());
    };
    let global = matches!(scope, Some(ScopeChoice::Global));
    let by = match by {
        None | Some(ByChoice::Wins) => Ranking::Wins,
        Some(ByChoice::Points) => Ranking::Points,
        Some(ByChoice::Best) => Ranking::Best,
    };
    let reply = reply_of(ctx);
    let lang = user_lang(ctx);
    let store = &ctx.data().store;
    let view = leaderboard_view(store, kind, guild_id.get(), global, by, 1, lang).await?;
    let name = leaderboard_namer(kind, global, by, lang);
    let create = io::response(&view, &name);
    CreateInteractionResponse::Message(create)
        .execute(&reply.http, (reply.id, &reply.token))
        .await?;
    Ok(())
}

/// One page of a leaderboard, as a message.
pub async fn leaderboard_view(
    store: &Store,
    kind: GameKind,
    guild_id: u64,
    global: bool,
    by: Ranking,
    page: u32,
    lang: Lang,
) -> Result<MessageView, StoreError> {
    let scope = if global {
        Scope::Global
    } else {
        Scope::Guild(guild_id)
    };
    let board = store.leaderboard(kind, scope, by, page, PER_PAGE).await?;
    Ok(render::leaderboard_page(kind, scope, by, &board, lang))
}

/// Names the paging buttons of a leaderboard posted in `lang`.
pub fn leaderboard_namer(
    kind: GameKind,
    global: bool,
    by: Ranking,
    lang: Lang,
) -> impl Fn(&UiAction) -> String {
    move |action| {
        let page = match action {
            UiAction::LeaderboardPage { page } => *page,
            UiAction::Game(_) | UiAction::Forget { .. } => 1,
        };
        codec::encode(&Button::Leaderboard {
            kind,
            global,
            by,
            page,
            lang: Some(lang),
        })
    }
}

/// Lifetime statistics: yours, or another player's.
#[poise::command(slash_command, guild_only)]
pub(super) async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    scope: Option<ScopeChoice>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    let Some(guild_id) = ctx.guild_id() else {
        return Ok(());
    };
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let scope = match scope {
        Some(ScopeChoice::Global) => Scope::Global,
        None | Some(ScopeChoice::Server) => Scope::Guild(guild_id.get()),
    };
    let found = ctx
        .data()
        .store
        .player_stats(kind, scope, user.id.get())
        .await?;
    let view = render::player_stats(kind, user.display_name(), found.as_ref(), user_lang(ctx));
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}
