//! Connecting to Discord: the REST clients, the shards, the framework, and a clean stop.

use super::drain::{InFlight, Tracked};
use super::events::{check_command, on_error, on_event};
use super::patience::{open_store, wait_for_discord};
use super::running::StageWatch;
use super::*;
use crate::config::BadValue;
use crate::tables::shards::Shards;
use crate::tables::TableKind;

/// How many [`Membership`] records [`RunningBot::membership`] keeps unread (older ones are
/// skipped).
pub(super) const MEMBERSHIP_KEPT: usize = 256;

/// How to reach Discord and where dice come from. The defaults are the config's
/// `discord.http_proxy` (or Discord itself) and fair dice; tests point `http_proxy` at a
/// stand-in and script the dice.
pub struct BotOptions {
    /// Send every REST request to this base URL (serenity's proxy; its own rate limiter off).
    /// Overrides `discord.http_proxy` of the config.
    pub http_proxy: Option<String>,
    pub dice: Box<dyn DiceSource + Send>,
    /// The clock interaction tokens are timed on (they last 15 minutes): the system's; tests
    /// move one with the stand-in's.
    pub clock: super::Clock,
    /// Run on the thread that prepares the strategies at start, before it reads or solves
    /// Get Dickey's table: tests hold the preparation with it. `None` in a service.
    pub strategy_hold: Option<crate::host::Hold>,
    /// Told the address `/livez` and `/readyz` are served on (`metrics.listen`, its port chosen
    /// if it was 0) as soon as they are, before the database is opened.
    pub serving: Option<tokio::sync::oneshot::Sender<std::net::SocketAddr>>,
    /// Awaited once the health endpoints are served and before the database is opened: tests
    /// hold a start there (a slow migration, a slow emoji set-up).
    pub hold_start: Option<futures::future::BoxFuture<'static, ()>>,
    /// The games the bot offers: its own ([`super::built_in`]) in a service; tests add their toy
    /// game.
    pub games: crate::host::Games<dyn BotGame>,
}

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            http_proxy: None,
            dice: Box::new(crate::engine::dice::RandomDice::from_entropy()),
            clock: super::system_clock(),
            strategy_hold: None,
            serving: None,
            hold_start: None,
            games: super::built_in(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error(transparent)]
    Token(#[from] TokenRefused),
    #[error("config: {0}")]
    Config(#[from] BadValue),
    #[error("database {path}: {}", super::patience::with_causes(.error))]
    Store { path: String, error: StoreError },
    #[error("discord: {}", super::patience::with_causes(.0))]
    Discord(#[from] serenity::Error),
    /// Discord refused the token (401): a start that fails the same way every time (exit
    /// status 4).
    #[error("discord: the bot token was refused (401 Unauthorized): copy it again from the Developer Portal (Bot -> Reset Token)")]
    TokenRejected,
    /// `startup.wait_secs` passed without an answer: what was waited for, for how long, and its
    /// last error.
    #[error("gave up waiting for {what} after {waited_s} s (startup.wait_secs): {last}")]
    GaveUp {
        what: &'static str,
        waited_s: u64,
        last: String,
    },
    /// Told to stop (SIGTERM, SIGINT) while the start waited: nothing to finish.
    #[error("stopped while waiting to start")]
    Stopped,
    #[error("the Discord client task failed: {0}")]
    Task(String),
    #[error("TLS (OpenSSL) could not be set up: {0}")]
    Tls(String),
    #[error("metrics: {0}")]
    Metrics(#[from] super::health::MetricsError),
}

/// Why the config's bot token is refused before anything is sent.
#[derive(Debug, thiserror::Error)]
pub enum TokenRefused {
    #[error("no bot token: set DISCORD_TOKEN or discord.token in the config file")]
    Missing,
    #[error("the bot token is malformed (a bot token has three parts separated by dots); copy it again from the Developer Portal")]
    Malformed,
}

impl BotError {
    /// Whether the database is newer than this binary (a rollback): a start that will fail the
    /// same way every time, which a supervisor must not restart (the command line exits with
    /// status 3).
    pub fn is_newer_database(&self) -> bool {
        matches!(
            self,
            BotError::Store {
                error: StoreError::Newer(_),
                ..
            }
        )
    }

    /// Whether Discord refused the token: waiting or restarting will not change it (the command
    /// line exits with status 4).
    pub fn is_token_rejected(&self) -> bool {
        matches!(self, BotError::TokenRejected)
    }
}

/// How long a stop waits for the gateway connections to close.
pub(super) const SHARDS_SHUTDOWN: std::time::Duration = std::time::Duration::from_secs(2);

/// Starts the bot, step by step: checks the token (without touching the network) and the config;
/// serves the health endpoints (`serve_health_first`); opens the database and reaches Discord,
/// waiting for both (`reach`); starts the game service, its open games picked up
/// (`start_service`); builds the Discord client (`ClientParts::build`) and connects it.
pub async fn start(config: &Config, options: BotOptions) -> Result<RunningBot, BotError> {
    let BotOptions {
        http_proxy,
        dice,
        clock,
        strategy_hold,
        serving,
        hold_start,
        games,
    } = options;
    let token = checked_token(config)?;
    config.validate()?;
    let shards = config.shards()?;
    log_start(config, shards);
    let proxy = match http_proxy {
        Some(proxy) => Some(proxy),
        None => config.http_proxy()?,
    };
    log_reach(shards, proxy.as_deref());
    let metrics = serve_health_first(config, serving, hold_start).await?;
    let reached = reach(config, &token, proxy.as_deref(), metrics.as_ref()).await?;
    let service = start_service(
        config,
        &reached,
        (games, shards),
        dice,
        clock,
        strategy_hold,
    );
    let service = service.await?;
    let (membership, recorded) = broadcast::channel(MEMBERSHIP_KEPT);
    let (stage_changes, shard_changes) = tokio::sync::watch::channel(0);
    let stage_changes = Arc::new(stage_changes);
    let in_flight = InFlight::new();
    let identify = identify(config, shards, &reached, &shard_changes);
    let client = ClientParts {
        data: data((config, games), &reached, &service, membership),
        games,
        in_flight: in_flight.clone(),
        stage_changes: stage_changes.clone(),
    };
    let client = client.build(config, reached.rest, reached.answers).await?;
    if let Some(server) = &metrics {
        server.started(super::health::Health {
            shard_manager: client.shard_manager.clone(),
            store: reached.store.clone(),
            tables: service.tables.clone(),
            shards,
            seen: Default::default(),
            pictures: service.pictures,
            acks: Default::default(),
            changes: stage_changes,
        });
    }
    Ok(RunningBot {
        shard_manager: client.shard_manager.clone(),
        tables: service.tables,
        store: reached.store.clone(),
        answers: client.http.clone(),
        replies: service.replies.clone(),
        client: tokio::spawn(connect(client, identify)),
        sweeper: sweeper(config, reached.store),
        membership: recorded,
        in_flight,
        grace: std::time::Duration::from_secs(config.shutdown.grace_secs),
        metrics,
        shard_changes,
    })
}

/// Logs what starts: this version, with which database, for which shards.
fn log_start(config: &Config, shards: Option<Shards>) {
    let postgres = config
        .database
        .url
        .as_deref()
        .and_then(crate::store::BackendKind::of)
        == Some(crate::store::BackendKind::Postgres);
    info!(
        version = env!("CARGO_PKG_VERSION"),
        commit = env!("BUILD_COMMIT"),
        database = if postgres { "postgres" } else { "sqlite" },
        shards = %shards.map_or_else(|| "all".to_string(), |s| s.to_string()),
        "forgetit starting"
    );
}

/// `/livez`, `/readyz`, `/healthz` and `/metrics` served, if `metrics.listen` is set, before
/// anything is opened or sent: an address in use stops the start at once, `/livez` answers from
/// now on, and `/readyz` says `starting` until the bot's parts are there. Its address is told to
/// `serving`; then `hold` (a test's) is awaited.
async fn serve_health_first(
    config: &Config,
    serving: Option<tokio::sync::oneshot::Sender<std::net::SocketAddr>>,
    hold: Option<futures::future::BoxFuture<'static, ()>>,
) -> Result<Option<super::health::Server>, BotError> {
    let metrics = serve_health(config).await?;
    if let (Some(serving), Some(server)) = (serving, &metrics) {
        let _ = serving.send(server.addr);
    }
    if let Some(hold) = hold {
        hold.await;
    }
    Ok(metrics)
}

/// What the start reached: the database, and Discord through the bot's two REST clients.
struct Reached {
    store: Store,
    /// Posts and edits channel messages (see [`Clients::rest`]).
    rest: Arc<serenity::Http>,
    /// Answers interactions: the gateway client's (see [`Clients::answers`]).
    answers: serenity::Http,
    /// How many shards may identify at once (Discord's `max_concurrency`).
    max_concurrency: u32,
}

/// Opens the database and asks Discord for the gateway (with `token`, through `proxy` if
/// given), each waited for (`startup.wait_secs`) while `/readyz` (`metrics`) says why.
async fn reach(
    config: &Config,
    token: &str,
    proxy: Option<&str>,
    metrics: Option<&super::health::Server>,
) -> Result<Reached, BotError> {
    let deadline = config.startup.wait_secs.map(std::time::Duration::from_secs);
    let waiting = |reason: &'static str| {
        move |detail: Option<String>| {
            if let Some(server) = metrics {
                server.waiting(detail.map(|detail| (reason, detail)));
            }
        }
    };
    let store = open_store(config, deadline, &waiting("database")).await?;
    let clients = Clients::new(token, proxy).map_err(|e| BotError::Tls(e.to_string()))?;
    let rest = Arc::new(clients.rest);
    let max_concurrency = wait_for_discord(&rest, deadline, &waiting("gateway")).await?;
    Ok(Reached {
        store,
        rest,
        answers: clients.answers,
        max_concurrency,
    })
}

/// The game service and what the handlers share with it, started.
struct Service {
    tables: Tables,
    dailies: crate::daily::Dailies,
    /// Where answers are noted where the bot only answers interactions.
    answer_book: Arc<super::answers::AnswerBook>,
    /// Whether dice are drawn with the application emoji.
    pictures: bool,
    /// The answer state of the bot's replies alive, for the stop.
    replies: Arc<super::io::Replies>,
}

/// Prepares the dice's application emoji (before any message is drawn), starts the game service
/// (its open games picked up, `dice` rolled, its strategies prepared, held by `strategy_hold`)
/// and the daily deals (timed on `clock`).
async fn start_service(
    config: &Config,
    reached: &Reached,
    (games, shards): (crate::host::Games<dyn BotGame>, Option<Shards>),
    dice: Box<dyn DiceSource + Send>,
    clock: super::Clock,
    strategy_hold: Option<crate::host::Hold>,
) -> Result<Service, BotError> {
    let style = emoji::prepare(&reached.rest, config.emoji.clone(), &games.dice()).await;
    let pictures = style.has_application();
    let answer_book = Arc::new(super::answers::AnswerBook::new(clock.clone()));
    let table_config = TableConfig {
        shards,
        style,
        ..config.tables(games.each_as(|g| g as &dyn TableKind))
    };
    let tables = start_tables(
        &reached.store,
        &reached.rest,
        answer_book.clone(),
        dice,
        table_config,
        config,
    )
    .await?;
    // Get Dickey's strategy table, read from its cache file or solved on a thread of its own from
    // now on: the first Odds, review or bot seat's move finds it ready.
    tables.strategies().warm(strategy_hold);
    // The daily deals' key, made at the deployment's first start and kept in its database.
    let deals = games.each_as(|g| g as &dyn crate::daily::DealKind);
    let dailies = crate::daily::Dailies::new(reached.store.clone(), tables.clone(), deals, clock);
    if let Err(e) = dailies.prepare().await {
        warn!(error = %e, "the daily deals' key could not be read; the first deal asked for will try again");
    }
    Ok(Service {
        tables,
        dailies,
        answer_book,
        replies: Arc::default(),
        pictures,
    })
}

/// What the connection needs to take its turn to identify, told the shards' changes of stage by
/// `changes`.
fn identify(
    config: &Config,
    shards: Option<Shards>,
    reached: &Reached,
    changes: &tokio::sync::watch::Receiver<u64>,
) -> Identify {
    Identify {
        store: reached.store.clone(),
        sqlite: match &config.database.url {
            None => Some(config.database.path.clone()),
            Some(_) => None,
        },
        shards,
        max_concurrency: reached.max_concurrency,
        changes: changes.clone(),
    }
}

/// The task that deletes the data of the servers the bot left ([`sweep_removed`]), and the move
/// logs older than `retention.game_logs_days`.
fn sweeper(config: &Config, store: Store) -> JoinHandle<()> {
    let keep_logs = config
        .retention
        .game_logs_days
        .map(|days| i64::from(days) * 24 * 60 * 60 * 1000);
    tokio::spawn(sweep_removed(store, keep_logs))
}

/// What the commands and the handlers of events share: the service's parts, and the servers the
/// bot leaves or comes back to, told to `membership`.
fn data(
    (config, games): (&Config, crate::host::Games<dyn BotGame>),
    reached: &Reached,
    service: &Service,
    membership: broadcast::Sender<Membership>,
) -> Data {
    Data {
        games,
        tables: service.tables.clone(),
        store: reached.store.clone(),
        membership,
        clicks: super::limits::ClickLimit::new(config.limits.clicks_per_minute),
        identified: Default::default(),
        members: Default::default(),
        dailies: service.dailies.clone(),
        answers: service.answer_book.clone(),
        replies: service.replies.clone(),
    }
}

/// What the Discord client is made of, beside its REST clients.
struct ClientParts {
    data: Data,
    /// Every game the bot offers: its commands.
    games: crate::host::Games<dyn BotGame>,
    /// Counts the interactions it delivers until they are handled.
    in_flight: Arc<InFlight>,
    /// Told each change of a shard's connection stage ([`StageWatch`]).
    stage_changes: Arc<tokio::sync::watch::Sender<u64>>,
}

impl ClientParts {
    /// The Discord client, not yet connected: the framework (the commands, registered through
    /// `rest` once connected), on the gateway client `answers`, with serenity's cache off.
    async fn build(
        self,
        config: &Config,
        rest: Arc<serenity::Http>,
        answers: serenity::Http,
    ) -> Result<serenity::Client, BotError> {
        let framework = framework(self.data, commands::of_games(self.games), rest, config);
        let framework = Tracked {
            inner: framework,
            in_flight: self.in_flight,
        };
        let client =
            serenity::ClientBuilder::new_with_http(answers, serenity::GatewayIntents::GUILDS)
                .cache_settings(no_cache())
                .framework(framework)
                .event_handler(StageWatch(self.stage_changes))
                .await?;
        Ok(client)
    }
}

/// The bot token of the config, trimmed, if it has the shape of one (checked without the
/// network).
fn checked_token(config: &Config) -> Result<String, TokenRefused> {
    let token = config
        .discord
        .token
        .as_ref()
        .map(|t| t.expose().trim().to_string())
        .filter(|t| !t.is_empty())
        .ok_or(TokenRefused::Missing)?;
    serenity::validate_token(&token).map_err(|_| TokenRefused::Malformed)?;
    Ok(token)
}

/// Logs which shards this process runs, and the REST proxy if there is one.
fn log_reach(shards: Option<Shards>, proxy: Option<&str>) {
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
    if let Some(proxy) = proxy {
        info!(proxy = %proxy, "REST requests go through the proxy");
    }
}

/// `/livez`, `/readyz`, `/healthz` and `/metrics` served on `metrics.listen`, if it is set.
async fn serve_health(config: &Config) -> Result<Option<super::health::Server>, BotError> {
    let Some(listen) = config.metrics.listen else {
        return Ok(None);
    };
    let listener = super::health::bind(listen).await?;
    let database = match &config.database.url {
        Some(url) if url.starts_with("postgres") => "postgres",
        _ => "sqlite",
    };
    Ok(Some(super::health::serve(listener, database)?))
}

/// The game service, its open games picked up from `store`, posting through `rest`.
async fn start_tables(
    store: &Store,
    rest: &Arc<serenity::Http>,
    answer_book: Arc<super::answers::AnswerBook>,
    dice: Box<dyn DiceSource + Send>,
    table_config: TableConfig,
    config: &Config,
) -> Result<Tables, BotError> {
    let outbox = Arc::new(io::HttpOutbox { http: rest.clone() });
    let answers = Arc::new(super::answers::AnswerOutbox {
        http: rest.clone(),
        book: answer_book,
    });
    Tables::start(store.clone(), outbox, answers, dice, table_config)
        .await
        .map_err(|error| BotError::Store {
            path: config.database.shown(),
            error,
        })
}

/// The `commands` and the handlers of events, with what they share (`data`); once connected, the
/// commands are registered (in the config's `discord.guild_id` only, if set) through `rest`.
fn framework(
    data: Data,
    commands: Vec<commands::Command>,
    rest: Arc<serenity::Http>,
    config: &Config,
) -> poise::Framework<Data, Error> {
    let guild = config.discord.guild_id.map(serenity::GuildId::from);
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands,
            command_check: Some(|ctx| Box::pin(async move { check_command(ctx) })),
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            pre_command: |ctx| {
                Box::pin(async move {
                    info!(
                        command = %ctx.command().qualified_name,
                        guild = ?ctx.guild_id().map(|g| g.get()),
                        channel = %ctx.channel_id().get(),
                        user = %ctx.author().id.get(),
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
        .build()
}

/// What the connection needs to take its turn to identify.
struct Identify {
    store: Store,
    /// The SQLite file, if the database is one (its processes take turns by a lock beside it).
    sqlite: Option<std::path::PathBuf>,
    shards: Option<Shards>,
    max_concurrency: u32,
    changes: tokio::sync::watch::Receiver<u64>,
}

/// Connects `client`'s shards once it is this process's turn to identify, and runs them until
/// they stop.
async fn connect(mut client: serenity::Client, identify: Identify) -> Result<(), serenity::Error> {
    let Identify {
        store,
        sqlite,
        shards,
        max_concurrency,
        changes,
    } = identify;
    let range = shards.map(|s| (s.range.first, s.range.end));
    let buckets = super::identify::buckets(range, max_concurrency);
    let turn = super::identify::Turn::take(&store, sqlite.as_deref(), &buckets).await;
    let manager = client.shard_manager.clone();
    let start = async move {
        match shards {
            // serenity 0.12.5 reads the end of this range as the last shard (inclusive):
            // pass `first..last` to run `first..end`.
            Some(s) => {
                let last = s.range.end - 1;
                client.start_shard_range(s.range.first..last, s.count).await
            }
            None => client.start_autosharded().await,
        }
    };
    tokio::pin!(start);
    let hold = turn.hold_until_connected(manager, range, changes);
    // The turn is given up once the shards are connected, or when the client stops first.
    tokio::select! {
        stopped = &mut start => stopped,
        () = hold => start.await,
    }
}

/// The bot's two REST clients.
pub(super) struct Clients {
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
            let mut http = http.ratelimiter_disabled(!ratelimited).build();
            if let Some(limiter) = &mut http.ratelimiter {
                // Counted (a 429, or a wait before asking), not logged: serenity logs them.
                limiter.set_ratelimit_callback(Box::new(|_| crate::telemetry::rate_limited()));
            }
            http
        };
        Ok(Clients {
            rest: http(proxy.is_none()),
            answers: http(false),
        })
    }
}

/// How often the data of servers the bot was removed from is looked at (and once at start).
pub(super) const SWEEP_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// Deletes, at start and then every [`SWEEP_EVERY`], the data of the servers the bot was
/// removed from 30 days ago or more and did not come back to, and, with `keep_logs_ms`
/// (`retention.game_logs_days`), the move logs of the games that ended longer ago than that
/// (every process does it: it is the same for all, and done once).
pub(super) async fn sweep_removed(store: Store, keep_logs_ms: Option<i64>) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Some(keep) = keep_logs_ms {
            let now = crate::store::now_ms();
            match store.prune_logs(now.saturating_sub(keep), now).await {
                Ok(0) => {}
                Ok(games) => info!(games, "deleted the move logs of games that ended long ago"),
                Err(e) => warn!(error = %e, "could not delete the move logs of old games"),
            }
        }
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

/// Resolves once the process is told to stop (SIGTERM, or Ctrl-C). The handlers are installed
/// when this is called, not when the future is first polled: a signal that comes while what it
/// races with is still on its first try (the start's wait for the database logs its first
/// warning before it polls the stop) is not the default action's, which would kill the process.
pub(super) fn shutdown_signal() -> impl std::future::Future<Output = ()> + Send {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let term = signal(SignalKind::terminate()).ok();
        let interrupt = signal(SignalKind::interrupt()).ok();
        async move {
            match (term, interrupt) {
                (Some(mut term), Some(mut interrupt)) => {
                    tokio::select! {
                        _ = interrupt.recv() => {}
                        _ = term.recv() => {}
                    }
                }
                _ => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// serenity's cache off: the bot reads nothing from it (every command and click carries what it
/// needs), and it would hold every channel of every server, and each clicker for an hour.
pub(super) fn no_cache() -> serenity::cache::Settings {
    let mut settings = serenity::cache::Settings::default();
    settings.cache_guilds = false;
    settings.cache_channels = false;
    settings.cache_users = false;
    settings.max_messages = 0;
    settings
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
