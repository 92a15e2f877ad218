//! The Discord shell: poise slash commands and one component-interaction router. Handlers
//! translate what people do into table requests and answer; no game rule is decided here.
//! serenity and poise types do not leave this module.
//!
//! Running big: with `discord.http_proxy` every REST request (the gateway URL included) goes to a
//! rate-limiting proxy such as twilight-http-proxy, with serenity's own rate limiter off; with
//! `discord.shard_count` / `discord.shards` this process runs only those shards, and so serves
//! only the guilds Discord routes to them.

pub mod codec;
mod commands;
pub mod emoji;
pub mod io;
mod options;

pub use commands::message_ids as command_message_ids;

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, CreateInteractionResponse, FullEvent, Interaction};
use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tracing::{error, info, info_span, warn, Instrument};

use crate::config::Config;
use crate::engine::dice::DiceSource;
use crate::engine::{Intent, MoveText};
use crate::i18n::Lang;
use crate::render::{self, Notice};
use crate::store::{Store, StoreError};
use crate::tables::{Origin, Reply, Request, ReviewRequest, TableConfig, Tables, Who};
use codec::Button;
use io::InteractionReply;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler shares.
pub struct Data {
    tables: Tables,
    store: Store,
    membership: broadcast::Sender<Membership>,
}

/// What the bot recorded of a server it was removed from or came back to, once recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    /// Removed (GUILD_DELETE, or left while no process ran its shard): its data goes in 30
    /// days unless the bot comes back.
    Removed { guild: u64 },
    /// Back in a server it had been removed from: its data is kept.
    Back { guild: u64 },
}

/// How many [`Membership`] records [`RunningBot::membership`] keeps unread (older ones are
/// skipped).
const MEMBERSHIP_KEPT: usize = 256;

/// How to reach Discord and where dice come from. The defaults are the config's
/// `discord.http_proxy` (or Discord itself) and fair dice; tests point `http_proxy` at a
/// stand-in and script the dice.
pub struct BotOptions {
    /// Send every REST request to this base URL (serenity's proxy; its own rate limiter off).
    /// Overrides `discord.http_proxy` of the config.
    pub http_proxy: Option<String>,
    pub dice: Box<dyn DiceSource + Send>,
}

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            http_proxy: None,
            dice: Box::new(crate::engine::dice::RandomDice::from_entropy()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("no bot token: set DISCORD_TOKEN or discord.token in the config file")]
    MissingToken,
    #[error("the bot token is malformed (a bot token has three parts separated by dots); copy it again from the Developer Portal")]
    BadToken,
    #[error("config: {0}")]
    Config(String),
    #[error("database {path}: {error}")]
    Store { path: String, error: StoreError },
    #[error("discord: {0}")]
    Discord(#[from] serenity::Error),
    #[error("the Discord client task failed: {0}")]
    Task(String),
    #[error("TLS (OpenSSL) could not be set up: {0}")]
    Tls(String),
}

/// How long a stop waits for the gateway connections to close.
const SHARDS_SHUTDOWN: std::time::Duration = std::time::Duration::from_secs(2);

/// A bot that is connected (or connecting), with what a clean stop needs.
pub struct RunningBot {
    shard_manager: Arc<serenity::ShardManager>,
    tables: Tables,
    store: Store,
    client: JoinHandle<Result<(), serenity::Error>>,
    /// Deletes the data of servers the bot was removed from 30 days ago ([`sweep_removed`]).
    sweeper: JoinHandle<()>,
    /// What was recorded of the servers it left or came back to, since it started.
    membership: broadcast::Receiver<Membership>,
}

impl RunningBot {
    /// The game service, for tools and tests.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The next record of a server the bot was removed from or came back to, since it started
    /// (the newest [`MEMBERSHIP_KEPT`] of them are kept unread), once it is in the store; `None`
    /// once the bot has stopped. For tools and tests.
    pub async fn membership(&mut self) -> Option<Membership> {
        loop {
            match self.membership.recv().await {
                Ok(membership) => return Some(membership),
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    }

    /// Disconnects, lets every table finish the action in hand, and closes the database.
    ///
    /// A shard that is reconnecting (the gateway unreachable) does not read serenity's shutdown
    /// message until its connection attempt ends, and serenity then waits 5 s per shard: the
    /// disconnection gets [`SHARDS_SHUTDOWN`], after which the client task is aborted (a process
    /// exits with its runtime, the shard's task included).
    pub async fn shutdown(self) {
        self.sweeper.abort();
        let closed = tokio::time::timeout(SHARDS_SHUTDOWN, self.shard_manager.shutdown_all()).await;
        if closed.is_err() {
            warn!("the gateway did not close in time (a shard reconnecting?): leaving it");
            self.client.abort();
        }
        self.tables.shutdown().await;
        self.store.close().await;
        // The shards closed, but serenity's client may still wait on a shard that was between
        // connections when they did: it gets as long again, then is left to the runtime's end.
        let mut client = self.client;
        match tokio::time::timeout(SHARDS_SHUTDOWN, &mut client).await {
            Ok(Ok(Ok(()))) => {}
            Ok(Ok(Err(e))) => warn!(error = %e, "the Discord client stopped with an error"),
            Ok(Err(e)) if e.is_cancelled() => {}
            Ok(Err(e)) => warn!(error = %e, "the Discord client task failed"),
            Err(_) => {
                warn!("the Discord client did not stop in time: leaving it");
                client.abort();
            }
        }
    }

    /// Runs until SIGINT or SIGTERM (or the client stops), then shuts down cleanly.
    pub async fn run_until_signal(mut self) -> Result<(), BotError> {
        let stopped = tokio::select! {
            _ = shutdown_signal() => None,
            result = &mut self.client => Some(result),
        };
        match stopped {
            None => {
                info!("shutting down");
                self.shutdown().await;
                Ok(())
            }
            Some(result) => {
                self.sweeper.abort();
                self.tables.shutdown().await;
                self.store.close().await;
                match result {
                    Ok(Ok(())) => Ok(()),
                    Ok(Err(e)) => Err(BotError::Discord(e)),
                    Err(e) => Err(BotError::Task(e.to_string())),
                }
            }
        }
    }
}

/// Checks the token (without touching the network), opens the database, picks up open games,
/// and connects to Discord.
pub async fn start(config: &Config, options: BotOptions) -> Result<RunningBot, BotError> {
    let token = config
        .discord
        .token
        .as_ref()
        .map(|t| t.expose().trim().to_string())
        .filter(|t| !t.is_empty())
        .ok_or(BotError::MissingToken)?;
    serenity::validate_token(&token).map_err(|_| BotError::BadToken)?;
    config.validate().map_err(BotError::Config)?;
    let shards = config.shards().map_err(BotError::Config)?;
    let proxy = match options.http_proxy {
        Some(proxy) => Some(proxy),
        None => config.http_proxy().map_err(BotError::Config)?,
    };
    match shards {
        Some(shards) => info!(
            shards = %shards.range,
            shard_count = shards.count,
            "running shards {} of {}: only their guilds' games are kept here",
            shards.range,
            shards.count
        ),
        None => info!("running every shard (as many as Discord recommends)"),
    }
    if let Some(proxy) = &proxy {
        info!(proxy = %proxy, "REST requests go through the proxy");
    }

    let database = config.database.shown();
    let durability = config.database.durability;
    let store = match &config.database.url {
        Some(url) => Store::open_url(url, durability).await,
        None => Store::open_durable(&config.database.path, durability).await,
    }
    .map_err(|error| BotError::Store {
        path: database.clone(),
        error,
    })?;
    info!(database = %database, "database open");

    let clients =
        Clients::new(&token, proxy.as_deref()).map_err(|e| BotError::Tls(e.to_string()))?;
    let rest = Arc::new(clients.rest);
    // The dice's application emoji, before any message is drawn.
    let style = emoji::prepare(&rest, config.emoji.clone()).await;
    let outbox = Arc::new(io::HttpOutbox { http: rest.clone() });
    let table_config = TableConfig {
        shards,
        style,
        ..config.tables()
    };
    let tables = Tables::start(store.clone(), outbox, options.dice, table_config)
        .await
        .map_err(|error| BotError::Store {
            path: database,
            error,
        })?;

    let (membership, recorded) = broadcast::channel(MEMBERSHIP_KEPT);
    let data = Data {
        tables: tables.clone(),
        store: store.clone(),
        membership,
    };
    let guild = config.discord.guild_id.map(serenity::GuildId::new);
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            command_check: Some(|ctx| Box::pin(async move { check_command(ctx) })),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            pre_command: |ctx| {
                Box::pin(async move {
                    info!(
                        command = %ctx.command().qualified_name,
                        guild = ?ctx.guild_id().map(|g| g.get()),
                        channel = ctx.channel_id().get(),
                        user = ctx.author().id.get(),
                        "slash command"
                    );
                })
            },
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |_ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                // Through the rate-limited client: a 429 is waited out, not a failed start.
                rest.set_application_id(ready.application.id);
                match guild {
                    Some(guild) => {
                        poise::builtins::register_in_guild(&rest, commands, guild).await?
                    }
                    None => poise::builtins::register_globally(&rest, commands).await?,
                }
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected");
                Ok(data)
            })
        })
        .build();

    let mut client =
        serenity::ClientBuilder::new_with_http(clients.answers, serenity::GatewayIntents::GUILDS)
            .cache_settings(no_cache())
            .framework(framework)
            .await?;
    let shard_manager = client.shard_manager.clone();
    let task = tokio::spawn(async move {
        match shards {
            // serenity 0.12.5 reads the end of this range as the last shard (inclusive): pass
            // `first..last` to run `first..end`.
            Some(s) => {
                let last = s.range.end - 1;
                client.start_shard_range(s.range.first..last, s.count).await
            }
            None => client.start_autosharded().await,
        }
    });
    let sweeper = tokio::spawn(sweep_removed(store.clone()));
    Ok(RunningBot {
        shard_manager,
        tables,
        store,
        client: task,
        sweeper,
        membership: recorded,
    })
}

/// The bot's two REST clients.
struct Clients {
    /// Posts and edits channel messages, uploads emoji and registers the commands: through
    /// serenity's rate limiter, unless a proxy does the rate limiting.
    rest: serenity::Http,
    /// The gateway client's (every handler's `ctx.http`): answers interactions (their initial
    /// responses, follow-ups and edits). Never through serenity's rate limiter: interaction
    /// endpoints are not bound to the bot's global rate limit, an interaction is answered once,
    /// and the limiter keeps a bucket for each interaction id it ever saw
    /// (`Route::InteractionResponse` is limited per interaction) and never drops one, so a bot
    /// up for a month of clicks would hold millions of them.
    answers: serenity::Http,
}

impl Clients {
    /// Both on one HTTPS client: its connection pool, and OpenSSL's root certificates, which each
    /// reqwest client would otherwise load from the system anew (about 45 ms and 3 MB each).
    fn new(token: &str, proxy: Option<&str>) -> Result<Clients, reqwest::Error> {
        let client = reqwest::Client::builder().use_native_tls().build()?;
        let http = |ratelimited: bool| {
            let mut http = serenity::HttpBuilder::new(token).client(client.clone());
            if let Some(proxy) = proxy {
                http = http.proxy(proxy);
            }
            http.ratelimiter_disabled(!ratelimited).build()
        };
        Ok(Clients {
            rest: http(proxy.is_none()),
            answers: http(false),
        })
    }
}

/// How often the data of servers the bot was removed from is looked at (and once at start).
const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Deletes, at start and then every [`SWEEP_EVERY`], the data of the servers the bot was
/// removed from 30 days ago or more and did not come back to (every process does it: it is the
/// same for all, and done once).
async fn sweep_removed(store: Store) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match store.sweep_removed_guilds(crate::store::now_ms()).await {
            Ok(swept) if swept.is_empty() => {}
            Ok(swept) => info!(
                guilds = ?swept,
                "deleted the games and statistics of servers the bot left 30 days ago"
            ),
            Err(e) => warn!(error = %e, "could not delete the data of servers the bot left"),
        }
    }
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// A command refused before it ran, for what the person gave it: the answer says why.
#[derive(Debug, thiserror::Error)]
#[error("refused: {0:?}")]
struct Refused(Notice);

/// Every command's checks, before poise reads its options: the guild is this process's (see
/// [`own_guild`]), and the options are what the command registered (see [`options`]).
fn check_command(ctx: Context<'_>) -> Result<bool, Error> {
    if !own_guild(ctx) {
        return Ok(false);
    }
    if let poise::Context::Application(app) = ctx {
        if let Err(notice) = options::check(app.command(), app.args, user_lang(ctx)) {
            info!(
                command = %app.command().qualified_name,
                user = ctx.author().id.get(),
                refused = ?notice,
                "slash command refused"
            );
            return Err(Box::new(Refused(notice)));
        }
    }
    Ok(true)
}

/// Answers `notice` privately to the command of `ctx`, in the asker's language.
async fn answer(ctx: Context<'_>, notice: Notice) {
    let reply = poise::CreateReply::default()
        .content(render::notice(notice, user_lang(ctx)).content)
        .allowed_mentions(io::no_pings())
        .ephemeral(true);
    if let Err(e) = ctx.send(reply).await {
        warn!(error = %e, "could not answer a command");
    }
}

/// Every interaction poise could not run gets one private answer in its asker's language: a
/// bad option, a command or subcommand the bot does not have, a command outside a server.
async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as E;
    match error {
        E::Setup { error, .. } => error!(%error, "setup failed"),
        E::EventHandler { error, .. } => error!(%error, "event handler failed"),
        E::CommandCheckFailed { ctx, error, .. } => {
            match error.as_ref().and_then(|e| e.downcast_ref::<Refused>()) {
                Some(Refused(notice)) => answer(ctx, notice.clone()).await,
                // Only the check of the guild's shard fails without a notice (see `own_guild`).
                None => answer(ctx, Notice::Failed).await,
            }
        }
        E::GuildOnly { ctx, .. } => answer(ctx, Notice::GuildOnly).await,
        E::Command { error, ctx, .. } => {
            error!(%error, command = %ctx.command().qualified_name, "command failed");
            answer(ctx, Notice::Failed).await;
        }
        E::ArgumentParse { ctx, error, .. } => {
            warn!(%error, command = %ctx.command().qualified_name, "options not read");
            answer(ctx, Notice::BadOptions).await;
        }
        E::CommandStructureMismatch {
            ctx, description, ..
        } => {
            warn!(description, command = %ctx.command().qualified_name, "options not read");
            answer(poise::Context::Application(ctx), Notice::BadOptions).await;
        }
        E::CommandPanic { ctx, payload, .. } => {
            error!(?payload, command = %ctx.command().qualified_name, "command panicked");
            answer(ctx, Notice::Failed).await;
        }
        E::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            let ctx = framework.serenity_context;
            warn!(command = %interaction.data.name, "a command the bot does not have");
            let lang = Lang::from_discord(&interaction.locale);
            let reply = InteractionReply::command(
                ctx.http.clone(),
                interaction.id,
                interaction.token.clone(),
            );
            let _ = Box::new(reply)
                .ephemeral(render::notice(Notice::UnknownCommand, lang))
                .await;
        }
        other => match other.ctx() {
            Some(ctx) => {
                warn!(error = %other, "command not run");
                answer(ctx, Notice::Failed).await;
            }
            None => warn!(error = %other, "framework error"),
        },
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => {
            // One span per click: what the table then does is in its own span (its task), with
            // the same user and channel.
            let span = info_span!(
                "click",
                guild = ?click.guild_id.map(|g| g.get()),
                channel = click.channel_id.get(),
                user = click.user.id.get(),
                custom_id = %click.data.custom_id,
            );
            route_click(ctx, framework.user_data, click)
                .instrument(span)
                .await
        }
        FullEvent::Ready { data_about_bot } => {
            info!(
                shard = ctx.shard_id.0,
                guilds = data_about_bot.guilds.len(),
                "shard connected"
            );
            let shard = data_about_bot.shard.map_or((0, 1), |s| (s.id.0, s.total));
            let listed = data_about_bot.guilds.iter().map(|g| g.id.get()).collect();
            note_guilds_left(framework.user_data, shard, &listed).await;
        }
        FullEvent::Resume { .. } => info!(shard = ctx.shard_id.0, "shard resumed"),
        FullEvent::ShardStageUpdate { event } => info!(
            shard = ctx.shard_id.0,
            from = %event.old,
            to = %event.new,
            "shard connection"
        ),
        FullEvent::GuildCreate { guild, .. } => {
            // Discord sends a guild's events, its interactions included, on the guild's shard.
            info!(
                guild = guild.id.get(),
                name = %guild.name,
                shard = ctx.shard_id.0,
                "guild seen"
            );
            // The bot is in it: if it had been removed, its data is kept after all.
            match framework.user_data.store.guild_back(guild.id.get()).await {
                Ok(true) => {
                    info!(guild = guild.id.get(), "back in a server: its data is kept");
                    let back = Membership::Back {
                        guild: guild.id.get(),
                    };
                    let _ = framework.user_data.membership.send(back);
                }
                Ok(false) => {}
                Err(e) => {
                    error!(error = %e, guild = guild.id.get(), "could not record a server's return")
                }
            }
        }
        // Removed from a server (not an outage, which says `unavailable`): its data is deleted
        // 30 days from now unless the bot comes back (see `sweep_removed_guilds`).
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            let guild = incomplete.id.get();
            let removed = framework
                .user_data
                .store
                .guild_removed(guild, crate::store::now_ms())
                .await;
            match removed {
                Ok(true) => {
                    info!(guild, "removed from a server: its data goes in 30 days");
                    let _ = framework
                        .user_data
                        .membership
                        .send(Membership::Removed { guild });
                }
                // Replayed: the first removal keeps its time.
                Ok(false) => {}
                Err(e) => error!(error = %e, guild, "could not record a server's removal"),
            }
        }
        _ => {}
    }
    Ok(())
}

/// A server the bot was removed from while no process ran its shard sent no GUILD_DELETE; READY
/// lists every server of the shard (those in an outage too), so a server the store keeps data of,
/// of this shard, that READY does not list was left meanwhile. Its removal is recorded now (one
/// recorded earlier keeps its time): its data goes 30 days from now unless the bot comes back.
async fn note_guilds_left(
    data: &Data,
    (shard, count): (u32, u32),
    listed: &std::collections::HashSet<u64>,
) {
    let left =
        |guild| crate::tables::shards::shard_of(guild, count) == shard && !listed.contains(&guild);
    match data.store.guilds_left(left, crate::store::now_ms()).await {
        Ok(guilds) => {
            for guild in guilds {
                info!(
                    guild,
                    "not a server of the bot any more (left while offline): its data goes in 30 days"
                );
                let _ = data.membership.send(Membership::Removed { guild });
            }
        }
        Err(e) => error!(error = %e, shard, "could not record the servers left while offline"),
    }
}

/// serenity's cache off: the bot reads nothing from it (every command and click carries what it
/// needs), and it would hold every channel of every server, and each clicker for an hour.
fn no_cache() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings.cache_users = false;
    settings.max_messages = 0;
    settings
}

/// Whether this process serves the guild of a command: Discord routes every guild to the
/// process of its shard, so this only fails on a misrouted request, which must not touch a game
/// another process drives.
fn own_guild(ctx: Context<'_>) -> bool {
    let own = ctx
        .guild_id()
        .is_none_or(|guild| ctx.data().tables.owns(guild.get()));
    if !own {
        warn!(guild = ?ctx.guild_id(), "a command from a guild of another process's shard; refused");
    }
    own
}

/// The language of the one who ran a command (their Discord client's locale): private answers
/// are in it.
fn user_lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(app) => Lang::from_discord(&app.interaction.locale),
        poise::Context::Prefix(_) => Lang::default(),
    }
}

/// The language of a new table's public messages when neither the command nor the server's
/// settings choose one: the starter's Discord locale if the bot speaks it, else the guild's
/// community locale, else English.
fn starter_lang(ctx: Context<'_>) -> Lang {
    match ctx {
        poise::Context::Application(app) => Lang::spoken(&app.interaction.locale)
            .unwrap_or_else(|| Lang::from_discord_opt(app.interaction.guild_locale.as_deref())),
        poise::Context::Prefix(_) => Lang::default(),
    }
}

/// Who did something, from an interaction's member (in a server) or user.
fn who(user: &serenity::User, member: Option<&serenity::Member>) -> Who {
    Who {
        user_id: user.id.get(),
        name: member.map_or_else(
            || user.display_name().to_string(),
            |m| m.display_name().to_string(),
        ),
        moderator: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages()),
    }
}

/// The component-interaction router: every button click comes here.
async fn route_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    // Answered at once (refusals, leaderboard pages); a game's click goes to its table, whose
    // answer is deferred if it is slow to come.
    let reply = Box::new(InteractionReply::command(
        ctx.http.clone(),
        click.id,
        click.token.clone(),
    ));
    // Whoever clicks gets private answers in their own language; the table's messages keep the
    // table's.
    let lang = Lang::from_discord(&click.locale);
    // The games' buttons are on server channels' messages only.
    let Some(guild) = click.guild_id else {
        let _ = reply
            .ephemeral(render::notice(Notice::GuildOnly, lang))
            .await;
        return;
    };
    if !data.tables.owns(guild.get()) {
        warn!(
            guild = guild.get(),
            "a click from a guild of another process's shard; refused"
        );
        let _ = reply.ephemeral(render::notice(Notice::Failed, lang)).await;
        return;
    }
    let button = codec::decode(&click.data.custom_id);
    // A select menu's choice is its first value (the menus take exactly one).
    let chosen = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first(),
        _ => None,
    };
    let intent = match &button {
        Some(Button::Game { action, .. }) => {
            Intent::<MoveText>::parse(action, chosen.map(String::as_str))
        }
        _ => None,
    };
    match (button, intent) {
        (
            Some(Button::Game {
                game_id, version, ..
            }),
            Some(intent),
        ) => {
            let who = who(&click.user, click.member.as_ref());
            let origin = Origin::Click {
                game_id,
                version,
                message_id: click.message.id.get(),
                board: board_of(&click.message),
            };
            let reply = Box::new(InteractionReply::click(reply.http, reply.id, reply.token));
            if intent == Intent::Review {
                // A review is answered beside the tables: the game is over.
                let request = ReviewRequest {
                    kind: None,
                    game_id: Some(game_id),
                    guild_id: guild.get(),
                    who,
                    origin,
                    reply,
                    lang,
                };
                data.tables.review(request).await;
            } else {
                let request = Request {
                    kind: None,
                    who,
                    intent,
                    origin,
                    reply,
                    lang,
                };
                data.tables.request(click.channel_id.get(), request).await;
            }
        }
        (
            Some(Button::Leaderboard {
                kind,
                global,
                by,
                page,
                lang: board_lang,
                period,
            }),
            _,
        ) => {
            // A page's button turns the page of a leaderboard, and of nothing else.
            if !is_leaderboard(&click.message) {
                let _ = reply
                    .ephemeral(render::notice(Notice::UnknownButton, lang))
                    .await;
                return;
            }
            // The page keeps the board's language; only private answers follow the clicker's.
            let board_lang = board_lang.unwrap_or(lang);
            let board = commands::Board {
                kind,
                global,
                by,
                period,
            };
            let view =
                commands::leaderboard_view(&data.store, board, guild.get(), page, board_lang);
            match view.await {
                Ok(view) => {
                    let name = commands::leaderboard_namer(board, board_lang);
                    let update = io::response(&view, &name);
                    let response = CreateInteractionResponse::UpdateMessage(update);
                    if let Err(e) = click.create_response(&ctx.http, response).await {
                        warn!(error = %e, "could not turn a leaderboard page");
                    }
                }
                Err(e) => {
                    error!(error = %e, "could not read the leaderboard");
                    let _ = reply.ephemeral(render::notice(Notice::Failed, lang)).await;
                }
            }
        }
        (Some(Button::Forget { user_id, confirm }), _) => {
            commands::forget_click(ctx, data, click, reply, lang, user_id, confirm).await;
        }
        _ => {
            let _ = reply
                .ephemeral(render::notice(Notice::UnknownButton, lang))
                .await;
        }
    }
}

/// Whether `message` is a leaderboard page: its buttons (if any) are leaderboard buttons, and its
/// embed's footer reads as a page's ("Page 1 of 3"), in one of the bot's languages.
fn is_leaderboard(message: &serenity::Message) -> bool {
    let only_pages = message.components.iter().all(|row| {
        row.components.iter().all(|c| {
            let id = match c {
                serenity::ActionRowComponent::Button(b) => match &b.data {
                    serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
                    _ => None,
                },
                serenity::ActionRowComponent::SelectMenu(m) => m.custom_id.as_deref(),
                _ => None,
            };
            id.and_then(codec::decode)
                .is_some_and(|b| matches!(b, Button::Leaderboard { .. }))
        })
    });
    let footer = message
        .embeds
        .first()
        .and_then(|e| e.footer.as_ref())
        .map(|f| f.text.as_str());
    only_pages && footer.is_some_and(is_page_footer)
}

/// Whether `text` is a leaderboard's `leaderboard-page` footer in some language, whatever its
/// numbers.
fn is_page_footer(text: &str) -> bool {
    const PAGE: &str = "\u{e000}";
    const PAGES: &str = "\u{e001}";
    Lang::ALL.into_iter().any(|lang| {
        let template = crate::tr!(lang, "leaderboard-page", page = PAGE, pages = PAGES);
        // The literal text around the two numbers, in the language's order.
        let mut rest = text;
        let mut pattern = template.as_str();
        loop {
            let next = [PAGE, PAGES]
                .iter()
                .filter_map(|p| pattern.find(p).map(|i| (i, p.len())))
                .min();
            let Some((at, len)) = next else {
                return rest == pattern;
            };
            let Some(after) = rest.strip_prefix(&pattern[..at]) else {
                return false;
            };
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits == 0 {
                return false;
            }
            rest = &after[digits..];
            pattern = &pattern[at + len..];
        }
    })
}

/// The kind of game message `message` is, as its buttons and menus say: a lobby, a turn, or
/// neither (a leaderboard, a game-over message, a turn that ended).
fn board_of(message: &serenity::Message) -> Option<crate::engine::Board> {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|component| match component {
            serenity::ActionRowComponent::Button(serenity::Button {
                data: serenity::ButtonKind::NonLink { custom_id, .. },
                ..
            }) => Some(custom_id.as_str()),
            serenity::ActionRowComponent::SelectMenu(menu) => menu.custom_id.as_deref(),
            _ => None,
        })
        .find_map(|custom_id| match codec::decode(custom_id)? {
            Button::Game { action, .. } => Intent::<MoveText>::parse(&action, Some(""))?.board(),
            Button::Leaderboard { .. } | Button::Forget { .. } => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::serenity_prelude::Builder;

    /// A token of the shape serenity checks (three dot-separated parts).
    const TOKEN: &str = "standin.bot.token";
    /// Nothing listens there: a request fails at once, after serenity's rate limiter saw it.
    const NOWHERE: &str = "http://127.0.0.1:1";

    #[test]
    fn interactions_are_answered_without_the_rate_limiter() {
        let direct = Clients::new(TOKEN, None).unwrap();
        assert!(direct.answers.ratelimiter.is_none());
        assert!(
            direct.rest.ratelimiter.is_some(),
            "channel messages are rate limited"
        );
        // A proxy (twilight's http-proxy, the stand-in) does the rate limiting.
        let proxied = Clients::new(TOKEN, Some(NOWHERE)).unwrap();
        assert!(proxied.answers.ratelimiter.is_none());
        assert!(proxied.rest.ratelimiter.is_none());
    }

    /// Why: serenity's rate limiter keeps a bucket for every interaction answered through it,
    /// for good (if serenity stops doing so, this fails, and `Clients` may answer through it).
    #[tokio::test]
    async fn serenity_keeps_a_bucket_for_each_interaction_answered_through_its_limiter() {
        let http = serenity::HttpBuilder::new(TOKEN).proxy(NOWHERE).build();
        let limiter = http.ratelimiter.as_ref().expect("a rate limiter");
        for id in 1..=3 {
            let answer = CreateInteractionResponse::Acknowledge;
            let sent = answer
                .execute(&http, (serenity::InteractionId::new(id), "token"))
                .await;
            assert!(sent.is_err(), "nothing answers at {NOWHERE}");
        }
        assert_eq!(limiter.routes().read().await.len(), 3);
    }
}
