//! `/forgetit ...`: the slash commands. Each one translates and hands over; answers come from
//! the tables (game commands) or straight from the store (leaderboards and stats).

use std::borrow::Cow;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::CreateInteractionResponse;

use super::codec::{self, Button};
use super::io::{self, InteractionReply};
use super::{guild_lang, user_lang, who, Context, Data, Error};
use crate::engine::{GameKind, Ranking, Scope};
use crate::i18n::Lang;
use crate::render::{self, LeaderRow, LeaderboardView, StatsGame, StatsView, UiAction};
use crate::store::{Place, Store, StoreError};
use crate::tables::{Command, NewGame, Origin, Reply, Request};

/// Leaderboard rows a page.
const PER_PAGE: u32 = 10;

/// Every slash command, with its names and descriptions from the Fluent resources: English
/// (en-US) as the default, and Discord's `name_localizations` / `description_localizations` (and
/// choices' `name_localizations`) for every other language.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![forgetit(), getdickey()];
    localize(&mut commands, "cmd", &mut Vec::new());
    commands
}

/// Every message id the slash commands' names, descriptions and choices are read from.
pub fn message_ids() -> Vec<String> {
    let mut ids = Vec::new();
    localize(&mut [forgetit(), getdickey()], "cmd", &mut ids);
    ids
}

/// Applies the `cmd-<path>` messages to `commands` (whose ids start with `prefix`), and to their
/// subcommands, options and choices; `ids` collects the ids read.
fn localize<U, E>(commands: &mut [poise::Command<U, E>], prefix: &str, ids: &mut Vec<String>) {
    for command in commands {
        let id = format!("{prefix}-{}", command.name);
        ids.extend([id.clone(), format!("{id}-description")]);
        // The English texts are the defaults; the code's doc comments are only documentation.
        command.description = Some(Lang::EnUs.t(&format!("{id}-description")).into());
        for lang in other_langs() {
            let locale = Cow::Borrowed(lang.code());
            let name = lang.t(&id);
            let description = lang.t(&format!("{id}-description"));
            command
                .name_localizations
                .to_mut()
                .push((locale.clone(), name.into()));
            command
                .description_localizations
                .to_mut()
                .push((locale, description.into()));
        }
        for parameter in &mut command.parameters {
            let param = format!("{id}-{}", parameter.name);
            ids.extend([param.clone(), format!("{param}-description")]);
            parameter.description = Some(Lang::EnUs.t(&format!("{param}-description")).into());
            for lang in other_langs() {
                let locale = Cow::Borrowed(lang.code());
                let name = lang.t(&param);
                let description = lang.t(&format!("{param}-description"));
                parameter
                    .name_localizations
                    .to_mut()
                    .push((locale.clone(), name.into()));
                parameter
                    .description_localizations
                    .to_mut()
                    .push((locale, description.into()));
            }
            if parameter.name == LANGUAGE_OPTION {
                // Each language is named in its own language, for everyone.
                continue;
            }
            for choice in parameter.choices.to_mut() {
                let id = format!("choice-{}", choice.name.replace(' ', "-"));
                ids.push(id.clone());
                choice.name = Lang::EnUs.t(&id).into();
                for lang in other_langs() {
                    let name = lang.t(&id);
                    choice
                        .localizations
                        .to_mut()
                        .push((lang.code().into(), name.into()));
                }
            }
        }
        localize(&mut command.subcommands, &id, ids);
    }
}

/// The option of `start` that chooses the table's language.
const LANGUAGE_OPTION: &str = "language";

/// The language of a table's public messages, chosen at start (else the guild's).
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
}

impl From<LanguageChoice> for Lang {
    fn from(choice: LanguageChoice) -> Lang {
        match choice {
            LanguageChoice::English => Lang::EnUs,
            LanguageChoice::French => Lang::Fr,
        }
    }
}

/// The languages commands are translated into (English is their default).
fn other_langs() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|&lang| lang != Lang::EnUs)
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

/// Play Get Dickey: five dice, three rolls, thirteen boxes to fill.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "dickey_start",
        "dickey_join",
        "dickey_leave",
        "dickey_scores",
        "dickey_rules",
        "dickey_leaderboard",
        "dickey_stats",
        "dickey_cancel",
        "dickey_kick"
    ),
    subcommand_required
)]
async fn getdickey(_ctx: Context<'_>) -> Result<(), Error> {
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

async fn to_table(ctx: Context<'_>, kind: GameKind, command: Command) -> Result<(), Error> {
    let request = Request {
        kind: Some(kind),
        who: author(ctx),
        command,
        origin: Origin::Slash,
        reply: reply_of(ctx),
        lang: user_lang(ctx),
    };
    ctx.data()
        .tables
        .request(ctx.channel_id().get(), request)
        .await;
    Ok(())
}

// The names and descriptions Discord shows for every command, option and choice are the
// messages of locales/*/commands.ftl (see `localize`); doc comments here are documentation.

/// Open a table in this channel; friends join with the Join button.
#[poise::command(slash_command, guild_only)]
async fn start(
    ctx: Context<'_>,
    #[min = 50]
    #[max = 10000]
    target: Option<u32>,
    #[min = 0]
    #[max = 9]
    bots: Option<u8>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    open_table(ctx, GameKind::ForGetIt, target, bots, language).await
}

async fn open_table(
    ctx: Context<'_>,
    kind: GameKind,
    target: Option<u32>,
    bots: Option<u8>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    let Some(guild_id) = ctx.guild_id() else {
        return Ok(());
    };
    let new = NewGame {
        kind,
        place: Place {
            guild_id: guild_id.get(),
            channel_id: ctx.channel_id().get(),
        },
        host: author(ctx),
        target,
        bots: bots.unwrap_or(0),
        reply: reply_of(ctx),
        lang: user_lang(ctx),
        table_lang: language.map_or_else(|| guild_lang(ctx), Lang::from),
    };
    ctx.data().tables.create(new).await;
    Ok(())
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::ForGetIt, Command::Join).await
}

/// Leave the table in this channel (in a game, your seat is skipped from then on).
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::ForGetIt, Command::Leave).await
}

/// Show the scores of the game in this channel.
#[poise::command(slash_command, guild_only)]
async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::ForGetIt, Command::Scores).await
}

/// Cancel the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::ForGetIt, Command::Cancel).await
}

/// Remove a player from the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only)]
async fn kick(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let user_id = user.id.get();
    to_table(ctx, GameKind::ForGetIt, Command::Kick { user_id }).await
}

/// How For Get It is played.
#[poise::command(slash_command, guild_only)]
async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    reply_of(ctx)
        .ephemeral(render::rules(user_lang(ctx)))
        .await?;
    Ok(())
}

/// Open a table of Get Dickey in this channel (one player may play alone).
#[poise::command(slash_command, guild_only, rename = "start")]
async fn dickey_start(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 9]
    bots: Option<u8>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    open_table(ctx, GameKind::GetDickey, None, bots, language).await
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command, guild_only, rename = "join")]
async fn dickey_join(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::GetDickey, Command::Join).await
}

/// Leave the table in this channel (in a game, your seat is skipped from then on).
#[poise::command(slash_command, guild_only, rename = "leave")]
async fn dickey_leave(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::GetDickey, Command::Leave).await
}

/// Show the scorecards of the game in this channel.
#[poise::command(slash_command, guild_only, rename = "scores")]
async fn dickey_scores(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::GetDickey, Command::Scores).await
}

/// Cancel the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only, rename = "cancel")]
async fn dickey_cancel(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, GameKind::GetDickey, Command::Cancel).await
}

/// Remove a player from the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command, guild_only, rename = "kick")]
async fn dickey_kick(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let user_id = user.id.get();
    to_table(ctx, GameKind::GetDickey, Command::Kick { user_id }).await
}

/// How Get Dickey is played.
#[poise::command(slash_command, guild_only, rename = "rules")]
async fn dickey_rules(ctx: Context<'_>) -> Result<(), Error> {
    reply_of(ctx)
        .ephemeral(render::getdickey::rules(user_lang(ctx)))
        .await?;
    Ok(())
}

/// The lifetime Get Dickey leaderboard.
#[poise::command(slash_command, guild_only, rename = "leaderboard")]
async fn dickey_leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeChoice>,
    by: Option<ByChoice>,
) -> Result<(), Error> {
    show_leaderboard(ctx, GameKind::GetDickey, scope, by).await
}

/// Lifetime Get Dickey statistics: yours, or another player's.
#[poise::command(slash_command, guild_only, rename = "stats")]
async fn dickey_stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    scope: Option<ScopeChoice>,
) -> Result<(), Error> {
    show_stats(ctx, GameKind::GetDickey, user, scope).await
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
    #[name = "best turn or game"]
    Best,
}

/// The lifetime leaderboard.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeChoice>,
    by: Option<ByChoice>,
) -> Result<(), Error> {
    show_leaderboard(ctx, GameKind::ForGetIt, scope, by).await
}

async fn show_leaderboard(
    ctx: Context<'_>,
    kind: GameKind,
    scope: Option<ScopeChoice>,
    by: Option<ByChoice>,
) -> Result<(), Error> {
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
) -> Result<crate::render::MessageView, StoreError> {
    let scope = if global {
        Scope::Global
    } else {
        Scope::Guild(guild_id)
    };
    let board = store.leaderboard(kind, scope, by, page, PER_PAGE).await?;
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
    let by_label = match by {
        Ranking::Wins => "leaderboard-by-wins",
        Ranking::Points => "leaderboard-by-points",
        Ranking::Best => match kind {
            GameKind::ForGetIt => "leaderboard-by-best-turn",
            GameKind::GetDickey => "leaderboard-by-best-game",
        },
    };
    let view = LeaderboardView {
        scope_label: lang.t(scope_label(global)),
        by_label: lang.t(by_label),
        rows,
        page: board.page,
        pages: board.pages,
    };
    Ok(render::leaderboard(&view, lang))
}

/// Names the paging buttons of a leaderboard posted in `lang`.
pub fn leaderboard_namer(
    kind: GameKind,
    global: bool,
    by: Ranking,
    lang: Lang,
) -> impl Fn(UiAction) -> String {
    move |action| {
        let page = match action {
            UiAction::LeaderboardPage { page } => page,
            _ => 1,
        };
        codec::encode(Button::Leaderboard {
            kind,
            global,
            by,
            page,
            lang: Some(lang),
        })
    }
}

/// The message id of a leaderboard's scope.
fn scope_label(global: bool) -> &'static str {
    if global {
        "leaderboard-scope-global"
    } else {
        "leaderboard-scope-server"
    }
}

/// Lifetime statistics: yours, or another player's.
#[poise::command(slash_command, guild_only)]
async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    scope: Option<ScopeChoice>,
) -> Result<(), Error> {
    show_stats(ctx, GameKind::ForGetIt, user, scope).await
}

async fn show_stats(
    ctx: Context<'_>,
    kind: GameKind,
    user: Option<serenity::User>,
    scope: Option<ScopeChoice>,
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
        .player_stats(kind, scope, user.id.get())
        .await?;
    let stats = found.unwrap_or_default();
    let view = StatsView {
        game: match kind {
            GameKind::ForGetIt => StatsGame::ForGetIt,
            GameKind::GetDickey => StatsGame::GetDickey,
        },
        name: user.display_name().to_string(),
        games: stats.games,
        wins: stats.wins,
        points: stats.points,
        best_turn: stats.best,
        forget_its: stats.forget_its,
        turns: stats.turns,
    };
    let view = render::stats(&view, user_lang(ctx));
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}
