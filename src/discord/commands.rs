//! `/forgetit ...`: the slash commands. Each one translates and hands over; answers come from
//! the tables (game commands) or straight from the store (leaderboards and stats).

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::CreateInteractionResponse;

use super::codec::{self, Button};
use super::io::{self, InteractionReply};
use super::{who, Context, Data, Error};
use crate::render::{self, LeaderRow, LeaderboardView, StatsView, UiAction};
use crate::store::{GameKind, Place, Ranking, Scope, Store, StoreError};
use crate::tables::{Command, NewGame, Origin, Reply, Request};

/// Leaderboard rows a page.
const PER_PAGE: u32 = 10;

pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![forgetit()]
}

/// Play For Get It: nine dice, push your luck, don't spell FORGET IT.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "start",
        "join",
        "leave",
        "scores",
        "rules",
        "leaderboard",
        "stats",
        "cancel",
        "kick"
    ),
    subcommand_required
)]
async fn forgetit(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

fn reply_of(ctx: Context<'_>) -> Box<InteractionReply> {
    let (id, token) = match ctx {
        poise::Context::Application(app) => (app.interaction.id, app.interaction.token.clone()),
        // Only slash commands are registered.
        poise::Context::Prefix(_) => unreachable!("no prefix commands"),
    };
    Box::new(InteractionReply {
        http: ctx.serenity_context().http.clone(),
        id,
        token,
    })
}

fn author(ctx: Context<'_>) -> crate::tables::Who {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    who(ctx.author(), member)
}

async fn to_table(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let request = Request {
        who: author(ctx),
        command,
        origin: Origin::Slash,
        reply: reply_of(ctx),
    };
    ctx.data()
        .tables
        .request(ctx.channel_id().get(), request)
        .await;
    Ok(())
}

/// Open a table in this channel; friends join with the Join button.
#[poise::command(slash_command, guild_only)]
async fn start(
    ctx: Context<'_>,
    #[description = "Points to reach (default 500)"]
    #[min = 50]
    #[max = 10000]
    target: Option<u32>,
    #[description = "Bot seats to add now (0 to 9)"]
    #[min = 0]
    #[max = 9]
    bots: Option<u8>,
) -> Result<(), Error> {
    let Some(guild_id) = ctx.guild_id() else {
        return Ok(());
    };
    let new = NewGame {
        place: Place {
            guild_id: guild_id.get(),
            channel_id: ctx.channel_id().get(),
        },
        host: author(ctx),
        target,
        bots: bots.unwrap_or(0),
        reply: reply_of(ctx),
    };
    ctx.data().tables.create(new).await;
    Ok(())
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Command::Join).await
}

/// Leave the table in this channel (in a game, your seat is skipped from then on).
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Command::Leave).await
}

/// Show the scores of the game in this channel.
#[poise::command(slash_command, guild_only)]
async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Command::Scores).await
}

/// Cancel the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Command::Cancel).await
}

/// Remove a player from the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only)]
async fn kick(
    ctx: Context<'_>,
    #[description = "The player to remove"] user: serenity::User,
) -> Result<(), Error> {
    to_table(
        ctx,
        Command::Kick {
            user_id: user.id.get(),
        },
    )
    .await
}

/// How For Get It is played.
#[poise::command(slash_command, guild_only)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    reply_of(ctx).ephemeral(render::rules()).await?;
    Ok(())
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
enum ScopeChoice {
    #[name = "this server"]
    Server,
    #[name = "global"]
    Global,
}

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
enum ByChoice {
    #[name = "wins"]
    Wins,
    #[name = "points"]
    Points,
    #[name = "best turn"]
    BestTurn,
}

/// The lifetime leaderboard.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "This server (default) or every server"] scope: Option<ScopeChoice>,
    #[description = "Rank by wins (default), points or best turn"] by: Option<ByChoice>,
) -> Result<(), Error> {
    let Some(guild_id) = ctx.guild_id() else {
        return Ok(());
    };
    let global = matches!(scope, Some(ScopeChoice::Global));
    let by = match by {
        None | Some(ByChoice::Wins) => Ranking::Wins,
        Some(ByChoice::Points) => Ranking::Points,
        Some(ByChoice::BestTurn) => Ranking::Best,
    };
    let reply = reply_of(ctx);
    let view = leaderboard_view(&ctx.data().store, guild_id.get(), global, by, 1).await?;
    let name = leaderboard_namer(global, by);
    let create = io::response(&view, &name);
    CreateInteractionResponse::Message(create)
        .execute(&reply.http, (reply.id, &reply.token))
        .await?;
    Ok(())
}

/// One page of a leaderboard, as a message.
pub async fn leaderboard_view(
    store: &Store,
    guild_id: u64,
    global: bool,
    by: Ranking,
    page: u32,
) -> Result<crate::render::MessageView, StoreError> {
    let scope = if global {
        Scope::Global
    } else {
        Scope::Guild(guild_id)
    };
    let board = store
        .leaderboard(GameKind::ForGetIt, scope, by, page, PER_PAGE)
        .await?;
    let rows = board
        .rows
        .into_iter()
        .map(|(rank, stats)| LeaderRow {
            rank,
            name: stats.name,
            mention: global.then_some(stats.user_id),
            value: match by {
                Ranking::Wins => stats.wins,
                Ranking::Points => stats.points,
                Ranking::Best => stats.best,
            }
            .to_string(),
        })
        .collect();
    Ok(render::leaderboard(&LeaderboardView {
        scope_label: scope_label(global).into(),
        by_label: match by {
            Ranking::Wins => "wins",
            Ranking::Points => "points",
            Ranking::Best => "best turn",
        }
        .into(),
        rows,
        page: board.page,
        pages: board.pages,
    }))
}

/// Names the paging buttons of a leaderboard.
pub fn leaderboard_namer(global: bool, by: Ranking) -> impl Fn(UiAction) -> String {
    move |action| {
        let page = match action {
            UiAction::LeaderboardPage { page } => page,
            _ => 1,
        };
        codec::encode(Button::Leaderboard { global, by, page })
    }
}

fn scope_label(global: bool) -> &'static str {
    if global {
        "all servers"
    } else {
        "this server"
    }
}

/// Lifetime statistics: yours, or another player's.
#[poise::command(slash_command, guild_only)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose statistics (default: yours)"] user: Option<serenity::User>,
    #[description = "This server (default) or every server"] scope: Option<ScopeChoice>,
) -> Result<(), Error> {
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
        .player_stats(GameKind::ForGetIt, scope, user.id.get())
        .await?;
    let stats = found.unwrap_or_default();
    let view = render::stats(&StatsView {
        name: user.display_name().to_string(),
        games: stats.games,
        wins: stats.wins,
        points: stats.points,
        best_turn: stats.best,
        forget_its: stats.forget_its,
        turns: stats.turns,
    });
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}
