//! Leaderboards and statistics: read from the store, shown by render, for the game of the
//! command.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::CreateInteractionResponse;

use super::{game_of, reply_of};
use crate::discord::codec::{self, Button};
use crate::discord::io;
use crate::discord::{user_lang, Context, Data, Error};
use crate::engine::{GameKind, Period, Player, Ranking, Scope};
use crate::i18n::Lang;
use crate::ids;
use crate::render::stats::GameStats;
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
pub(super) enum PeriodChoice {
    #[name = "last 7 days"]
    Week,
    #[name = "last 30 days"]
    Month,
    #[name = "all time"]
    All,
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum ByChoice {
    #[name = "wins"]
    Wins,
    #[name = "points"]
    Points,
    #[name = "best turn or game"]
    Best,
    #[name = "rating"]
    Rating,
}

/// The leaderboard: of all time, or of the games finished in the last 7 or 30 days.
#[poise::command(slash_command)]
pub(super) async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeChoice>,
    by: Option<ByChoice>,
    period: Option<PeriodChoice>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    // A chat's board is its own.
    let place = crate::discord::place(ctx);
    let guild_id = serenity::GuildId::from(place.guild_id);
    let global = matches!(scope, Some(ScopeChoice::Global));
    let by = match by {
        None | Some(ByChoice::Wins) => Ranking::Wins,
        Some(ByChoice::Points) => Ranking::Points,
        Some(ByChoice::Best) => Ranking::Best,
        Some(ByChoice::Rating) => Ranking::Rating,
    };
    let period = match period {
        None | Some(PeriodChoice::All) => Period::All,
        Some(PeriodChoice::Week) => Period::Week,
        Some(PeriodChoice::Month) => Period::Month,
    };
    let reply = reply_of(ctx);
    let lang = user_lang(ctx);
    let board = BoardAsked {
        kind,
        global,
        chat: place.reach == crate::store::Reach::Chat,
        by,
        period,
    };
    let view = leaderboard_view(ctx.data(), board, guild_id, 1, lang).await?;
    let name = leaderboard_namer(board, lang);
    let create = io::response(&view, &name);
    CreateInteractionResponse::Message(create)
        .execute(&reply.http, (reply.id, &reply.token))
        .await?;
    Ok(())
}

/// Which leaderboard a person asked for (a command, a page button): of which game, over this
/// server or all, ranked by what, over which games; the store's [`Board`](crate::store::Board) once
/// the server it was asked in is known.
#[derive(Clone, Copy, Debug)]
pub struct BoardAsked {
    pub kind: GameKind,
    pub global: bool,
    /// A chat's (a DM's or a group DM's) rather than a server's, when not global.
    pub chat: bool,
    pub by: Ranking,
    pub period: Period,
}

/// One page of a leaderboard, as a message.
pub async fn leaderboard_view(
    data: &Data,
    board: BoardAsked,
    guild_id: serenity::GuildId,
    page: u32,
    lang: Lang,
) -> Result<MessageView, StoreError> {
    let BoardAsked {
        kind,
        global,
        chat,
        by,
        period,
    } = board;
    let shown = match (global, chat) {
        (true, _) => render::BoardScope::Global,
        (false, false) => render::BoardScope::Server,
        (false, true) => render::BoardScope::Chat,
    };
    let store = &data.store;
    let shows = data
        .games
        .game(kind)
        .map_or(GameStats::SHARED, |g| g.stats());
    let guild_id = ids::GuildId::from(guild_id);
    let scope = if global {
        Scope::Global
    } else {
        Scope::Guild(guild_id)
    };
    if by == Ranking::Rating {
        let mut ratings = store.rating_board(kind, scope, page, PER_PAGE).await?;
        if global {
            for (_, rated) in &mut ratings.rows {
                if let Player::Person(id) = rated.player {
                    rated.name = name_here(store, kind, guild_id, id).await?;
                }
            }
        }
        let leaders = render::Leaders::Ratings(&ratings);
        return Ok(render::leaderboard_page(
            kind, shows, shown, by, period, leaders, lang,
        ));
    }
    let now = crate::store::now_ms();
    let board = crate::store::Board {
        kind,
        scope,
        by,
        period,
    };
    let mut stats = store.leaderboard_of(board, page, PER_PAGE, now).await?;
    if global {
        for (_, row) in &mut stats.rows {
            row.name = name_here(store, kind, guild_id, row.user_id).await?;
        }
    }
    let leaders = render::Leaders::Stats(&stats);
    Ok(render::leaderboard_page(
        kind, shows, shown, by, period, leaders, lang,
    ))
}

/// The name a person of a board across servers goes by in this server (`guild_id`), where they
/// have played `kind`; empty when they have not: one server's name for a person is not for the
/// others to see, and a mention of someone not in this server shows as "unknown user".
async fn name_here(
    store: &Store,
    kind: GameKind,
    guild_id: ids::GuildId,
    user_id: ids::UserId,
) -> Result<String, StoreError> {
    let here = store
        .player_stats(kind, Scope::Guild(guild_id), user_id)
        .await?;
    Ok(here.map(|stats| stats.name).unwrap_or_default())
}

/// Names the paging buttons of a leaderboard posted in `lang`.
pub fn leaderboard_namer(board: BoardAsked, lang: Lang) -> impl Fn(&UiAction) -> String {
    let BoardAsked {
        kind,
        global,
        by,
        period,
        ..
    } = board;
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
            period,
        })
    }
}

/// How many of a person's last games their rating chart shows.
const RATING_CHART_GAMES: u32 = 50;

/// Lifetime statistics: yours, or another player's.
#[poise::command(slash_command)]
pub(super) async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    scope: Option<ScopeChoice>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    let guild_id = crate::discord::place(ctx).guild_id;
    let user = user.as_ref().unwrap_or_else(|| ctx.author());
    let scope = match scope {
        Some(ScopeChoice::Global) => Scope::Global,
        None | Some(ScopeChoice::Server) => Scope::Guild(guild_id),
    };
    let found = ctx
        .data()
        .store
        .player_stats(kind, scope, user.id.into())
        .await?;
    let ratings = ctx
        .data()
        .store
        .rating_history(kind, scope, user.id.into(), RATING_CHART_GAMES)
        .await?;
    // The rating chart takes milliseconds to draw: off the async threads.
    let (name, lang) = (user.display_name().to_string(), user_lang(ctx));
    // The daily deal's figures, for a game that has one.
    let game = ctx.data().games.game(kind);
    let shows = game.map_or(GameStats::SHARED, |g| g.stats());
    let daily = match game.and_then(|g| g.daily()) {
        Some(_) => {
            ctx.data()
                .dailies
                .summary(kind, user.id.into(), lang)
                .await?
        }
        None => None,
    };
    let view = tokio::task::spawn_blocking(move || {
        let view = render::player_stats(kind, shows, &name, found.as_ref(), &ratings, lang);
        match daily {
            Some(daily) => render::daily::with_summary(view, &daily, lang),
            None => view,
        }
    })
    .await?;
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}
