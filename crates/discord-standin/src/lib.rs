//! # discord-standin
//!
//! A stand-in for Discord, for end-to-end tests of a bot built on serenity and poise: a REST API
//! (HTTP) and a gateway (WebSocket) on ephemeral `127.0.0.1` ports. Real serenity/poise code
//! connects to it; the stand-in keeps a channel model (what people in the channel see, including
//! ephemeral messages per user), sends interactions on behalf of users in one call each, and checks
//! every request the bot makes against Discord's OpenAPI spec
//! (vendored in `discord-api-spec/`, embedded in the crate) and the documented limits.
//!
//! Messages take files as Discord's do (multipart/form-data with `payload_json` and `files[n]`
//! parts), checked against Discord's rules (an `attachments` entry a file, [`limits::MAX_FILES`],
//! [`limits::MAX_FILE_BYTES`], [`limits::MAX_REQUEST_BYTES`], image names on image bytes) and
//! kept with the message: [`Message::attachments`] has their bytes, the message's JSON their URLs
//! on the stand-in, and an embed's `attachment://name` image points at them.
//!
//! It also stands in for a REST proxy such as twilight-http-proxy (the same API under
//! [`API_PREFIX`], `GET /gateway` and `GET /gateway/bot` included), and shards like Discord:
//! with [`StandinBuilder::shard_count`] and several guilds ([`StandinBuilder::extra_guild`]),
//! each guild's id falls on a known shard, a session identified as `[id, count]` gets only its
//! shard's guilds, and each interaction goes to the session(s) of its guild's shard.
//!
//! It models Discord's user-installed apps too: every user installed the app to their account,
//! group DMs ([`StandinBuilder::group_dm`]) and servers where only the users installed it
//! ([`StandinBuilder::user_install_guild`]) are places the bot is not in, and interactions say
//! where they happen (`context`, `authorizing_integration_owners`, `app_permissions`); a
//! command runs only where its registration allows, tokens expire on a [`Clock`] a test moves,
//! and a user install takes [`USER_INSTALL_FOLLOWUPS`] follow-ups.
//!
//! ```no_run
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use discord_standin::Standin;
//! use serde_json::json;
//!
//! let standin = Standin::start().await;
//! // Point serenity at it:
//! //   let http = serenity::HttpBuilder::new(standin.token())
//! //       .proxy(standin.rest_url()).ratelimiter_disabled(true).build();
//! //   serenity::ClientBuilder::new_with_http(http, intents)...start()
//! let alice = standin.user("alice");
//! let game = standin
//!     .run_slash(alice, standin.channel_id(), "forgetit", Some("start"), json!({"players": 2}))
//!     .await?;
//! let msg = game.answer().await?;
//! let roll = standin.click(alice, msg.id, "Roll").await?;
//! roll.response().await?;
//! standin.assert_clean();
//! # Ok(()) }
//! ```

#![warn(missing_docs)]
#![recursion_limit = "256"]

mod actions;
mod clock;
pub mod faults;
mod gateway;
pub mod ids;
pub mod limits;
pub mod model;
mod multipart;
mod rest;
pub mod spec;
mod violation;
mod web;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::routing::any;
use axum::Router;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use actions::{InitialResponse, Interaction, RawInteraction};
pub use clock::Clock;
pub use faults::{FaultKind, FiredFault, GatewayFault, RateLimitScope, RestFault, RestFaultKind};
pub use ids::{ChannelId, CommandId, GuildId, InteractionId, MessageId, UserId};

/// A public thread, as it outlasts a restart of the client ([`Standin::lasting_threads`],
/// [`StandinBuilder::threads`]): its id (its first message's), the channel it was started in,
/// its name, and whether it is archived and locked.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Thread {
    /// Its id (its first message's).
    pub id: ChannelId,
    /// The text channel it was started in.
    pub parent: ChannelId,
    /// Its name.
    pub name: String,
    /// Whether it is archived.
    pub archived: bool,
    /// Whether a moderator locked it.
    pub locked: bool,
}
pub use model::{
    shard_of, AppEmoji, Attachment, Button, ChannelInfo, EmojiRefusal, GatewayEvent, GatewayRecord,
    GuildInfo, InteractionKind, InteractionRecord, Message, MessageState, RequestRecord,
    ResponseRecord, SelectMenu, SelectOption, UserInfo,
};
pub use rest::API_PREFIX;
pub use spec::Spec;
pub use violation::{Result, StandinError, Violation, ViolationKind};

use model::World;

/// Where the REST server (and the web page) serve a message's attached files, as Discord's CDN does
/// (`Attachment::path`).
pub(crate) const ATTACHMENT_ROUTE: &str = "/attachments/{channel}/{attachment}/{filename}";

/// Discord's limit for the initial response to an interaction.
pub const INITIAL_RESPONSE_DEADLINE: Duration = Duration::from_secs(3);

/// How long an interaction's token is valid, on the stand-in's [`Clock`]: after that its callback
/// and its `/webhooks/{app}/{token}` routes get 401 `Invalid Webhook Token` (50027).
pub const INTERACTION_TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// Discord's limit on follow-up messages to an interaction authorized by a user install alone
/// (`authorizing_integration_owners` without `"0"`): the next gets 400, code 40094.
pub const USER_INSTALL_FOLLOWUPS: usize = 5;

/// The `app_permissions` of an interaction where the bot is not a member (a group DM, a server
/// where only users installed the app): Discord's limited set for user installs, EMBED_LINKS |
/// ATTACH_FILES | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS.
pub const USER_INSTALL_APP_PERMISSIONS: u64 = (1 << 14) | (1 << 15) | (1 << 17) | (1 << 18);

/// How the stand-in behaves.
#[derive(Clone, Debug)]
pub struct StandinConfig {
    /// The bot token the stand-in expects (`Authorization: Bot <token>`, IDENTIFY).
    pub token: String,
    /// Answer requests that break the spec or a limit with Discord's `400 Invalid Form Body`
    /// (as Discord would) instead of applying them. Either way they are recorded as violations.
    pub reject_invalid: bool,
    /// How long any wait (`response()`, `answer()`, `wait_until`, ...) may take before it fails.
    pub wait_timeout: Duration,
    /// Heartbeat interval announced in HELLO (Discord uses about 41 s; shorten it to test
    /// heartbeating).
    pub heartbeat_interval: Duration,
    /// Discord's identify rate limit, when set: IDENTIFYs of one bucket (`shard_id %
    /// max_concurrency`, and `GET /gateway/bot` says `max_concurrency: 1`) at least this far
    /// apart (Discord: 5 s). One sooner is answered as Discord does, with an Invalid Session
    /// (op 9, not resumable), and recorded as a violation. Off by default: most tests restart
    /// bots faster than a real bot could identify.
    pub identify_window: Option<Duration>,
}

impl Default for StandinConfig {
    fn default() -> Self {
        StandinConfig {
            token: "standin-bot-token".into(),
            reject_invalid: true,
            wait_timeout: Duration::from_secs(10),
            heartbeat_interval: Duration::from_millis(41_250),
            identify_window: None,
        }
    }
}

/// State shared by the servers and the handle.
pub(crate) struct Shared {
    world: Mutex<World>,
    changed: watch::Sender<u64>,
    pub(crate) spec: Arc<Spec>,
    pub(crate) config: StandinConfig,
    /// Whether request bodies are checked against the spec and the limits (see
    /// [`Standin::set_validation`]).
    pub(crate) validate: std::sync::atomic::AtomicBool,
}

impl Shared {
    /// Mutate the world and wake every waiter.
    pub(crate) fn with<T>(&self, f: impl FnOnce(&mut World) -> T) -> T {
        let out = f(&mut self.world.lock().unwrap_or_else(|e| e.into_inner()));
        self.changed.send_modify(|n| *n += 1);
        out
    }

    /// Read the world.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&World) -> T) -> T {
        f(&self.world.lock().unwrap_or_else(|e| e.into_inner()))
    }

    pub(crate) fn violation(&self, v: Violation) {
        self.with(|w| w.violations.push(v));
    }

    pub(crate) fn gateway_violation(&self, reason: String) {
        self.violation(Violation::new(
            ViolationKind::Protocol,
            "GATEWAY",
            "",
            "",
            reason,
        ));
    }

    /// Wait (without polling) until `f` returns `Some`, re-checking after every change.
    pub(crate) async fn wait_until<T>(
        &self,
        what: &str,
        mut f: impl FnMut(&World) -> Option<T>,
    ) -> Result<T> {
        let mut rx = self.changed.subscribe();
        let waiting = async {
            loop {
                rx.borrow_and_update();
                if let Some(t) = self.read(&mut f) {
                    return t;
                }
                if rx.changed().await.is_err() {
                    // The sender lives in `self`; it can't be dropped while we hold `self`.
                    std::future::pending::<()>().await;
                }
            }
        };
        match tokio::time::timeout(self.config.wait_timeout, waiting).await {
            Ok(t) => Ok(t),
            Err(_) => Err(StandinError(format!(
                "timed out after {:?} waiting for {what}\n{}",
                self.config.wait_timeout,
                self.read(recent_activity)
            ))),
        }
    }
}

impl Shared {
    /// Wait (without polling, without a time limit) until `f` holds.
    pub(crate) async fn wait_forever(&self, mut f: impl FnMut(&World) -> bool) {
        let mut rx = self.changed.subscribe();
        loop {
            rx.borrow_and_update();
            if self.read(&mut f) || rx.changed().await.is_err() {
                return;
            }
        }
    }
}

/// The last requests and all violations, for timeout messages.
fn recent_activity(w: &World) -> String {
    let mut s = String::from("last requests:\n");
    for r in w.requests.iter().rev().take(10).rev() {
        s += &format!("  {} {} -> {}\n", r.method, r.path, r.status);
    }
    if !w.violations.is_empty() {
        s += "violations:\n";
        for v in &w.violations {
            s += &format!("  {v}\n");
        }
    }
    s += &format!(
        "gateway sessions (shards): {:?}, READY sent: {}, commands registered: {:?}",
        w.live_shards(),
        w.ready_count,
        w.commands
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect::<Vec<_>>()
    );
    s
}

/// Sets up the guilds, channels and users before starting.
#[derive(Debug)]
pub struct StandinBuilder {
    config: StandinConfig,
    guild: String,
    channels: Vec<String>,
    extra_guilds: Vec<(String, Vec<String>)>,
    user_install_guilds: Vec<(String, Vec<String>)>,
    group_dms: Vec<(String, Vec<String>)>,
    shard_count: u32,
    users: Vec<(String, String)>,
    guild_locale: String,
    stable_ids: bool,
    messages: Vec<Message>,
    threads: Vec<Thread>,
}

impl StandinBuilder {
    /// Give the bot, the users, the guilds and the channels the same ids at every start (the same
    /// setup gives the same ids; later ids follow the clock as usual), so that what a bot stored
    /// about them is still theirs after the stand-in restarts.
    pub fn stable_ids(mut self) -> Self {
        self.stable_ids = true;
        self
    }

    /// Replace the configuration.
    pub fn config(mut self, config: StandinConfig) -> Self {
        self.config = config;
        self
    }

    /// Whether invalid requests are answered with 400 (default `true`).
    pub fn reject_invalid(mut self, reject: bool) -> Self {
        self.config.reject_invalid = reject;
        self
    }

    /// Heartbeat interval announced in HELLO.
    pub fn heartbeat_interval(mut self, interval: Duration) -> Self {
        self.config.heartbeat_interval = interval;
        self
    }

    /// Messages the channels already hold (as [`Standin::lasting_messages`] gave them, from an
    /// earlier stand-in with the same setup and [`StandinBuilder::stable_ids`]): as in Discord,
    /// a bot restarted against the new stand-in finds its messages where it left them. Messages
    /// of channels the stand-in does not have are left out.
    pub fn messages(mut self, messages: Vec<Message>) -> Self {
        self.messages = messages;
        self
    }

    /// Threads the channels already hold (as [`Standin::lasting_threads`] gave them, from an
    /// earlier stand-in with the same setup and [`StandinBuilder::stable_ids`]), made before the
    /// [`messages`](Self::messages), so that a thread's messages are kept too. Threads of
    /// channels the stand-in does not have are left out.
    pub fn threads(mut self, threads: Vec<Thread>) -> Self {
        self.threads = threads;
        self
    }

    /// Name of the guild.
    pub fn guild(mut self, name: &str) -> Self {
        self.guild = name.into();
        self
    }

    /// Channels of the guild (replaces the default `general`). The first is the default channel.
    pub fn channels(mut self, names: &[&str]) -> Self {
        self.channels = names.iter().map(|n| (*n).to_owned()).collect();
        self
    }

    /// Another guild with these channels (the first is its default). Every user is a member of
    /// every guild.
    pub fn extra_guild(mut self, name: &str, channels: &[&str]) -> Self {
        self.extra_guilds.push((
            name.into(),
            channels.iter().map(|c| (*c).to_owned()).collect(),
        ));
        self
    }

    /// A server where every user installed the app to their account but the server did not
    /// install it: the bot is not a member (see [`Standin::add_user_install_guild`]). Made after
    /// the other guilds, so their ids (and shards) don't change.
    pub fn user_install_guild(mut self, name: &str, channels: &[&str]) -> Self {
        self.user_install_guilds.push((
            name.into(),
            channels.iter().map(|c| (*c).to_owned()).collect(),
        ));
        self
    }

    /// A group DM of these users (by name; the bot is not in it), made after the guilds and
    /// their channels (see [`Standin::add_group_dm`]). Panics at start if a name is not a user's.
    pub fn group_dm(mut self, name: &str, members: &[&str]) -> Self {
        self.group_dms.push((
            name.into(),
            members.iter().map(|m| (*m).to_owned()).collect(),
        ));
        self
    }

    /// The number of shards `GET /gateway/bot` recommends (default 1). Guilds get ids on the
    /// shards in turn: the first guild on shard 0, the second on shard 1 (of 2 or more), ...
    pub fn shard_count(mut self, count: u32) -> Self {
        self.shard_count = count.max(1);
        self
    }

    /// The guild's preferred locale, sent as `guild_locale` with interactions (default `en-US`).
    pub fn guild_locale(mut self, locale: &str) -> Self {
        self.guild_locale = locale.into();
        self
    }

    /// Users in the guild as `(name, locale)` (replaces the defaults alice/en-US, bob/de,
    /// carol/en-GB).
    pub fn users(mut self, users: &[(&str, &str)]) -> Self {
        self.users = users
            .iter()
            .map(|(n, l)| ((*n).to_owned(), (*l).to_owned()))
            .collect();
        self
    }

    /// Bind the ports and start serving.
    pub async fn start(self) -> Standin {
        let spec = Spec::shared();
        let ids = if self.stable_ids {
            ids::Snowflakes::pinned()
        } else {
            ids::Snowflakes::default()
        };
        let mut world = World::new(self.config.token.clone(), ids);
        world.shard_count = self.shard_count;
        for (name, locale) in &self.users {
            world.add_user(name, locale);
        }
        let guild = world.add_guild(&self.guild, &self.guild_locale);
        for name in &self.channels {
            world.add_channel(guild, name);
        }
        for (name, channels) in &self.extra_guilds {
            let guild = world.add_guild(name, "en-US");
            for channel in channels {
                world.add_channel(guild, channel);
            }
        }
        for (name, channels) in &self.user_install_guilds {
            world.add_user_install_guild(name, channels);
        }
        for (name, members) in &self.group_dms {
            let members: Vec<UserId> = members
                .iter()
                .map(|m| {
                    let found = world.users.iter().find(|u| &u.name == m);
                    found.map(|u| u.id).unwrap_or_else(|| {
                        panic!("group DM {name:?}: the stand-in has no user {m:?}")
                    })
                })
                .collect();
            world.add_group_dm(name, &members);
        }
        world.ids.unpin();
        for thread in &self.threads {
            world.ids.bump_to(thread.id.get());
            world.restore_thread(thread);
        }
        let mut messages: Vec<Message> = self
            .messages
            .into_iter()
            .filter(|m| world.channel(m.channel_id).is_some())
            .collect();
        messages.sort_by_key(|m| m.id);
        for message in messages {
            world.ids.bump_to(message.id.get());
            world.push_message(message);
        }
        let rest = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST port");
        let gw = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway port");
        let rest_addr = rest.local_addr().expect("REST address");
        let gateway_addr = gw.local_addr().expect("gateway address");
        world.gateway_url = format!("ws://{gateway_addr}");
        world.rest_url = format!("http://{rest_addr}");
        // Messages kept from an earlier stand-in: their embeds' images point at its attachments.
        world.rebase_attachment_urls();
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            world: Mutex::new(world),
            changed,
            spec,
            config: self.config,
            validate: std::sync::atomic::AtomicBool::new(true),
        });
        let rest_app = Router::new()
            .route(ATTACHMENT_ROUTE, axum::routing::get(rest::attachment_file))
            .fallback(rest::handle)
            // Larger than Discord takes, so that the stand-in sees (and answers as Discord does)
            // a request with too large a file; axum's default is 2 MB.
            .layer(axum::extract::DefaultBodyLimit::max(
                2 * limits::MAX_REQUEST_BYTES,
            ))
            .with_state(Arc::clone(&shared));
        let gateway_app = Router::new()
            .route("/", any(gateway::upgrade))
            .fallback(gateway::upgrade)
            .with_state(Arc::clone(&shared));
        // As Discord's own servers: small writes (a gateway event, a REST answer) go out at once,
        // not held back by Nagle's algorithm until the bot acknowledges the last one (which a
        // client may delay by up to 40 ms).
        use axum::serve::ListenerExt;
        let nodelay = |socket: &mut tokio::net::TcpStream| {
            let _ = socket.set_nodelay(true);
        };
        let (rest, gw) = (rest.tap_io(nodelay), gw.tap_io(nodelay));
        let tasks = vec![
            tokio::spawn(async move {
                let _ = axum::serve(rest, rest_app).await;
            }),
            tokio::spawn(async move {
                let _ = axum::serve(gw, gateway_app).await;
            }),
        ];
        Standin {
            shared,
            rest_addr,
            gateway_addr,
            tasks,
        }
    }
}

/// A running Discord stand-in. Dropping it stops the servers.
pub struct Standin {
    shared: Arc<Shared>,
    rest_addr: SocketAddr,
    gateway_addr: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Standin {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

impl std::fmt::Debug for Standin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Standin")
            .field("rest", &self.rest_addr)
            .field("gateway", &self.gateway_addr)
            .finish_non_exhaustive()
    }
}

impl Standin {
    /// Start with the defaults: guild "Test Guild", channel `general`, users alice (en-US),
    /// bob (de) and carol (en-GB).
    pub async fn start() -> Standin {
        Standin::builder().start().await
    }

    /// Configure before starting.
    pub fn builder() -> StandinBuilder {
        StandinBuilder {
            config: StandinConfig::default(),
            guild: "Test Guild".into(),
            channels: vec!["general".into()],
            extra_guilds: Vec::new(),
            user_install_guilds: Vec::new(),
            group_dms: Vec::new(),
            shard_count: 1,
            users: vec![
                ("alice".into(), "en-US".into()),
                ("bob".into(), "de".into()),
                ("carol".into(), "en-GB".into()),
            ],
            guild_locale: "en-US".into(),
            stable_ids: false,
            messages: Vec::new(),
            threads: Vec::new(),
        }
    }

    // ----- connecting -------------------------------------------------------------------------

    /// Base URL for serenity's `HttpBuilder::proxy` (`http://127.0.0.1:PORT`).
    pub fn rest_url(&self) -> String {
        format!("http://{}", self.rest_addr)
    }

    /// The stand-in's own gateway URL (`ws://127.0.0.1:PORT`), which `GET /gateway` and `GET
    /// /gateway/bot` hand out unless [`hand_out_gateway_url`](Self::hand_out_gateway_url) said
    /// another.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.gateway_addr)
    }

    /// Hands out `url` as the gateway's from now on (in `GET /gateway`, `GET /gateway/bot` and
    /// READY's `resume_gateway_url`): a `wss://` server of the test's, in front of
    /// [`gateway_url`](Self::gateway_url) or not, to see what a client's TLS does.
    pub fn hand_out_gateway_url(&self, url: &str) {
        self.shared.with(|w| w.gateway_url = url.to_string());
    }

    /// The bot token the stand-in expects.
    pub fn token(&self) -> String {
        self.shared.config.token.clone()
    }

    /// The bot's application id (sent in READY).
    pub fn application_id(&self) -> u64 {
        self.shared.read(|w| w.application_id)
    }

    /// The bot user's id.
    pub fn bot_user_id(&self) -> UserId {
        self.shared.read(|w| w.bot.id)
    }

    /// The configuration in force.
    pub fn config(&self) -> &StandinConfig {
        &self.shared.config
    }

    // ----- the world --------------------------------------------------------------------------

    /// The (first) guild's id.
    pub fn guild_id(&self) -> GuildId {
        self.shared.read(|w| w.guilds[0].id)
    }

    /// Every guild, the first one first.
    pub fn guilds(&self) -> Vec<GuildInfo> {
        self.shared.read(|w| w.guilds.clone())
    }

    /// The guild with this name. Panics if there is none.
    pub fn guild(&self, name: &str) -> GuildId {
        self.shared
            .read(|w| w.guilds.iter().find(|g| g.name == name).map(|g| g.id))
            .unwrap_or_else(|| panic!("the stand-in has no guild {name:?}"))
    }

    /// The number of shards `GET /gateway/bot` recommends.
    pub fn shard_count(&self) -> u32 {
        self.shared.read(|w| w.shard_count)
    }

    /// The channel named `name` in `guild`. Panics if there is none.
    pub fn channel_in(&self, guild: GuildId, name: &str) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.guild_id == guild && c.name == name)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("guild {guild} has no channel {name:?}"))
    }

    /// The default (first) channel's id.
    pub fn channel_id(&self) -> ChannelId {
        self.shared.read(|w| w.channels[0].id)
    }

    /// The channel with this name. Panics if there is none.
    pub fn channel(&self, name: &str) -> ChannelId {
        self.shared
            .read(|w| w.channels.iter().find(|c| c.name == name).map(|c| c.id))
            .unwrap_or_else(|| panic!("the stand-in has no channel {name:?}"))
    }

    /// The first channel of `guild`. Panics if it has none.
    pub fn first_channel_of(&self, guild: GuildId) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.guild_id == guild)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("guild {guild} has no channel"))
    }

    /// The user with this name. Panics if there is none.
    pub fn user(&self, name: &str) -> UserId {
        self.shared
            .read(|w| w.users.iter().find(|u| u.name == name).map(|u| u.id))
            .unwrap_or_else(|| panic!("the stand-in has no user {name:?}"))
    }

    /// All users (not the bot).
    pub fn users(&self) -> Vec<UserInfo> {
        self.shared.read(|w| w.users.clone())
    }

    /// Add a user to every guild. Members added after the bot connected aren't announced on the
    /// gateway, but interactions by them work.
    pub fn add_user(&self, name: &str, locale: &str) -> UserId {
        self.shared.with(|w| w.add_user(name, locale))
    }

    /// Set the client locale `user`'s interactions carry from now on (`locale`, e.g. `fr`).
    pub fn set_locale(&self, user: UserId, locale: &str) {
        self.shared.with(|w| {
            if let Some(u) = w.person_mut(user) {
                u.locale = locale.into();
            }
        })
    }

    /// Give `user` extra permissions (a bit set, e.g. `1 << 13` for MANAGE_MESSAGES) in the
    /// interactions they send from now on.
    pub fn grant(&self, user: UserId, permissions: u64) {
        self.shared.with(|w| {
            if let Some(u) = w.person_mut(user) {
                u.extra_permissions |= permissions;
            }
        })
    }

    /// The bot may not start threads in `channel` from now on, as when its role lacks Create
    /// Public Threads there: starting one is refused with 403 Missing Permissions.
    pub fn deny_threads(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.threads_denied.insert(channel);
        })
    }

    /// The threads started in `channel` (public threads, type 11), oldest first, with whether
    /// each is archived.
    pub fn threads_of(&self, channel: ChannelId) -> Vec<(ChannelId, String, bool)> {
        self.shared.read(|w| w.threads_of(channel))
    }

    /// The bot may not post in `channel` from now on, as when its role lost Send Messages there:
    /// its message creates are refused with 403 Missing Permissions (50013); it may still edit
    /// its messages, and interactions are answered as ever. Those refusals are no violation:
    /// they are in [`faults_fired`](Self::faults_fired) as [`FaultKind::PostsDenied`].
    pub fn deny_posts(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.posts_denied.insert(channel);
        })
    }

    /// The bot may no longer see `channel` (a channel or a thread) from now on, as when its role
    /// lost View Channel there: every request of its there is refused with 403 Missing Access
    /// (50001). Those refusals are no violation: they are in
    /// [`faults_fired`](Self::faults_fired) as [`FaultKind::AccessDenied`].
    pub fn deny_access(&self, channel: ChannelId) {
        self.shared.with(|w| {
            w.access_denied.insert(channel);
        })
    }

    /// A moderator deletes `thread` (a public thread), with its messages, as on Discord: the
    /// guild gets THREAD_DELETE (`id`, `guild_id`, `parent_id`, `type`), and from then on every
    /// request of the bot's to the thread is answered 404 Unknown Channel (10003). Those
    /// answers are no violation of the bot's: they are in [`faults_fired`](Self::faults_fired)
    /// as [`FaultKind::UnknownChannel`]. Panics if `thread` is no thread.
    pub fn delete_thread(&self, thread: ChannelId) {
        let deleted = self.shared.with(|w| w.delete_thread(thread));
        assert!(deleted, "{thread} is no thread");
    }

    /// A moderator locks `thread` and closes it (Discord's "Close and Lock": `locked` and
    /// `archived`): the guild gets THREAD_UPDATE with its `thread_metadata`, and from then on the
    /// bot's posts, edits and changes there are refused with 400 Thread is archived (50083), as
    /// Discord refuses a bot that may not reopen it; reads still work. Those answers are no
    /// violation: they are in [`faults_fired`](Self::faults_fired) as
    /// [`FaultKind::ThreadLocked`]. Panics if `thread` is no thread.
    pub fn lock_thread(&self, thread: ChannelId) {
        let locked = self.shared.with(|w| w.lock_thread(thread));
        assert!(locked, "{thread} is no thread");
    }

    /// The threads that outlast a restart of the client, to give a later stand-in
    /// ([`StandinBuilder::threads`]) with the messages: every thread not deleted, archived and
    /// locked as it is.
    pub fn lasting_threads(&self) -> Vec<Thread> {
        self.shared.read(|w| {
            w.channels
                .iter()
                .filter_map(|c| {
                    Some(Thread {
                        id: c.id,
                        parent: c.parent?,
                        name: c.name.clone(),
                        archived: c.archived,
                        locked: c.locked,
                    })
                })
                .collect()
        })
    }

    /// A server (with these text channels) where every user installed the app to their account
    /// but the server did not install it: every user is a member (with the usual member
    /// permissions), the bot is not. It gets no GUILD_CREATE; interactions there have `guild_id`
    /// and `member`, `context` 0, `authorizing_integration_owners` `{"1": user}` only and
    /// [`USER_INSTALL_APP_PERMISSIONS`]; the bot's requests to its channels or to `/guilds/{id}`
    /// get 403 Missing Access (50001), a violation. [`channel_in`](Self::channel_in) finds its
    /// channels.
    pub fn add_user_install_guild(&self, name: &str, channels: &[&str]) -> GuildId {
        let channels: Vec<String> = channels.iter().map(|c| (*c).to_owned()).collect();
        self.shared
            .with(|w| w.add_user_install_guild(name, &channels))
    }

    /// A group DM (channel type 3, in no guild) of `members`; the bot is not in it. Only its
    /// members see its messages ([`seen_by`](Self::seen_by), the web page) and act in it;
    /// interactions there have `context` 2, no `guild_id`, no `member`, the user as `user`,
    /// `authorizing_integration_owners` `{"1": user}` and [`USER_INSTALL_APP_PERMISSIONS`]; the
    /// bot's requests to `/channels/{id}` get 403 Missing Access (50001), a violation.
    pub fn add_group_dm(&self, name: &str, members: &[UserId]) -> ChannelId {
        self.shared.with(|w| w.add_group_dm(name, members))
    }

    /// The group DM with this name. Panics if there is none.
    pub fn group_dm(&self, name: &str) -> ChannelId {
        self.shared
            .read(|w| {
                w.channels
                    .iter()
                    .find(|c| c.is_group_dm() && c.name == name)
                    .map(|c| c.id)
            })
            .unwrap_or_else(|| panic!("the stand-in has no group DM {name:?}"))
    }

    /// The stand-in's clock (shared: every clone moves with it). Interaction tokens expire
    /// [`INTERACTION_TOKEN_LIFETIME`] after their interaction on it; `clock().advance(d)` lets a
    /// test see that without waiting.
    pub fn clock(&self) -> Clock {
        self.shared.read(|w| w.clock.clone())
    }

    /// Add a text channel to the first guild.
    pub fn add_channel(&self, name: &str) -> ChannelId {
        self.shared.with(|w| {
            let g = w.guilds[0].id;
            w.add_channel(g, name)
        })
    }

    /// The bot is removed from `guild` (kicked, or the server deleted): Discord's GUILD_DELETE
    /// without `unavailable` (an outage would set it), on the session(s) of the guild's shard
    /// (none while the bot is offline); from then on READY does not list the guild.
    pub fn remove_bot_from(&self, guild: GuildId) {
        self.shared.with(|w| {
            w.bot_removed.insert(guild);
            w.dispatch_to_guild(
                guild,
                "GUILD_DELETE",
                serde_json::json!({ "id": guild.to_string() }),
            );
        })
    }

    /// The bot is added to `guild` again: GUILD_CREATE, as after IDENTIFY.
    pub fn add_bot_to(&self, guild: GuildId) {
        self.shared.with(|w| {
            w.bot_removed.remove(&guild);
            let Some(g) = w.guilds.iter().find(|g| g.id == guild).cloned() else {
                return;
            };
            let data = model::guild_create_json(w, &g);
            w.dispatch_to_guild(guild, "GUILD_CREATE", data);
        })
    }

    // ----- actions ----------------------------------------------------------------------------

    /// `user` runs `/command [sub] options...` in `channel`. `sub` is a subcommand, or
    /// `"group sub"` for a subcommand in a group. `options` is a JSON object of option name →
    /// value (or `Value::Null`); names, types, choices and required options are checked against
    /// the command the bot registered. Waits for the bot's gateway session and for the command's
    /// registration first.
    pub async fn run_slash(
        &self,
        user: UserId,
        channel: ChannelId,
        command: &str,
        sub: Option<&str>,
        options: Value,
    ) -> Result<Interaction> {
        self.shared
            .run_slash(user, channel, command, sub, options)
            .await
    }

    /// `user` clicks the button labelled `label` on a message. Fails if the user can't see the
    /// message, or the button is missing, ambiguous, disabled or a link.
    pub async fn click(
        &self,
        user: UserId,
        message: MessageId,
        label: &str,
    ) -> Result<Interaction> {
        self.shared.click(user, message, Some(label), None).await
    }

    /// `user` clicks the button with this custom_id on a message.
    pub async fn click_custom_id(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
    ) -> Result<Interaction> {
        self.shared
            .click(user, message, None, Some(custom_id))
            .await
    }

    /// `user` sends a click with this custom_id on a message, whether or not the message shows
    /// such a button now: a client still showing an earlier state of the message (a stale or
    /// double click), or a forged click.
    pub async fn click_raw(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
    ) -> Result<Interaction> {
        self.shared.click_raw(user, message, custom_id).await
    }

    /// `user` chooses `values` in the select menu `custom_id` on a message.
    pub async fn select(
        &self,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Result<Interaction> {
        self.shared.select(user, message, custom_id, values).await
    }

    /// `user` sends an interaction written by the test ([`RawInteraction`]): a command with any
    /// name, subcommand, options, types and values (none checked against the registration), a
    /// component with any data, or either from the user's DM with the bot (no guild, no member).
    ///
    /// ```no_run
    /// # use discord_standin::{RawInteraction, Standin};
    /// # use serde_json::json;
    /// # async fn demo(standin: Standin) -> discord_standin::Result<()> {
    /// let alice = standin.user("alice");
    /// let data = json!({"name": "forgetit", "options": [{"name": "start", "type": 1,
    ///     "options": [{"name": "target", "type": 4, "value": -1}]}]});
    /// let sent = standin.send_raw(alice, RawInteraction::command(standin.channel_id(), data)).await?;
    /// let dm = standin.send_raw(alice, RawInteraction::command(standin.channel_id(),
    ///     json!({"name": "forgetit"})).in_dm()).await?;
    /// # Ok(()) }
    /// ```
    pub async fn send_raw(&self, user: UserId, raw: RawInteraction) -> Result<Interaction> {
        self.shared.send_raw(user, raw).await
    }

    /// `user`'s DM channel with the bot, where [`RawInteraction::in_dm`] interactions (and
    /// [`run_slash`](Self::run_slash) given this channel: `context` 1) come from and their answers
    /// go (made on first use; it is in no guild).
    pub fn dm_channel(&self, user: UserId) -> ChannelId {
        self.shared.with(|w| w.dm_channel(user))
    }

    /// The messages that outlast a restart of the client, to give a later stand-in
    /// ([`StandinBuilder::messages`]): every public message not deleted, its edits included
    /// (private answers, like Discord's ephemeral ones, are gone after a reload; the interactions
    /// that made messages are not kept).
    pub fn lasting_messages(&self) -> Vec<Message> {
        self.shared.read(|w| {
            w.messages
                .iter()
                .filter(|m| m.visible_to.is_none() && !m.deleted && !m.loading)
                .map(|m| Message {
                    interaction: None,
                    ..Message::clone(m)
                })
                .collect()
        })
    }

    // ----- faults -----------------------------------------------------------------------------

    /// Inject a REST fault: the next matching request(s) get a 5xx, a 429, a delay or a reset
    /// connection instead of (or before) their normal answer. Faults are tried in the order they
    /// were injected; the first matching one fires.
    ///
    /// ```no_run
    /// # use discord_standin::{faults, RestFault, Standin};
    /// # use std::time::Duration;
    /// # async fn demo(standin: Standin) {
    /// standin.inject(RestFault::status(503).method("POST").route(faults::CHANNEL_MESSAGES));
    /// standin.inject(RestFault::rate_limited(Duration::from_millis(1500)).times(2));
    /// standin.inject(RestFault::delay(Duration::from_millis(3500)).route(faults::INTERACTION_CALLBACK));
    /// # }
    /// ```
    pub fn inject(&self, fault: RestFault) {
        self.shared.with(|w| w.rest_faults.push(fault));
    }

    /// Remove every injected REST fault that hasn't fired its course yet.
    pub fn clear_faults(&self) {
        self.shared.with(|w| w.rest_faults.clear());
    }

    /// Injected REST faults still waiting to fire (with their remaining `times`).
    pub fn pending_faults(&self) -> Vec<RestFault> {
        self.shared.read(|w| w.rest_faults.clone())
    }

    /// Every fault that fired so far, in order: injected REST and gateway faults, and the errors
    /// the world's faults caused (an edit of a message a moderator deleted, the edit limit, a
    /// late interaction response).
    pub fn faults_fired(&self) -> Vec<FiredFault> {
        self.shared.read(|w| w.fired.clone())
    }

    /// How many message creates were answered with a message created earlier with the same
    /// `nonce` (`enforce_nonce`), instead of a new one.
    pub fn nonces_enforced(&self) -> usize {
        self.shared.read(|w| w.nonces_enforced)
    }

    /// Wait until at least `n` faults fired; returns them all.
    pub async fn wait_for_faults(&self, n: usize) -> Result<Vec<FiredFault>> {
        self.shared
            .wait_until(&format!("{n} fault(s) to fire"), |w| {
                (w.fired.len() >= n).then(|| w.fired.clone())
            })
            .await
    }

    /// A moderator deletes a message (MESSAGE_DELETE is not sent: the bot has no message
    /// intents). From then on people don't see it, and the bot's fetches and edits of it get
    /// 404 `Unknown Message` (10008), as on Discord; those aren't violations, they are recorded
    /// in [`faults_fired`](Self::faults_fired). Works on interaction responses too (their
    /// `@original` / webhook edits get the same 404).
    pub fn delete_message(&self, message: MessageId) {
        self.shared.with(|w| {
            if let Some(m) = w.message_mut(message) {
                m.deleted = true;
                w.moderator_deleted.insert(message);
            }
        })
    }

    /// Mark a message as one Discord won't let the bot edit now: it is older than an hour and
    /// over the edit limit for old messages. Edits (`PATCH` of the channel message or of the
    /// interaction response) get 400 code 30046 "Maximum number of edits to messages older than
    /// 1 hour reached. Try again later" until [`allow_edits`](Self::allow_edits).
    pub fn limit_edits(&self, message: MessageId) {
        self.shared.with(|w| w.edit_limited.insert(message));
    }

    /// Let edits of a message marked with [`limit_edits`](Self::limit_edits) through again.
    pub fn allow_edits(&self, message: MessageId) {
        self.shared.with(|w| w.edit_limited.remove(&message));
    }

    /// Refuse the bot's uploads of application emoji with `refusal` (or accept them again with
    /// `None`). A refused upload is recorded in [`faults_fired`](Self::faults_fired), not as a
    /// violation.
    pub fn refuse_emoji_uploads(&self, refusal: Option<EmojiRefusal>) {
        self.shared.with(|w| w.emoji_refusal = refusal);
    }

    /// The application's emoji, in the order they were uploaded.
    pub fn application_emojis(&self) -> Vec<AppEmoji> {
        self.shared.with(|w| w.app_emojis.clone())
    }

    /// Add an application emoji as if uploaded earlier (e.g. by another version of the bot, or
    /// by hand); returns its id.
    pub fn add_application_emoji(&self, name: &str, png: Vec<u8>) -> u64 {
        self.shared.with(|w| {
            let id = w.next_id();
            w.app_emojis.push(AppEmoji {
                id,
                name: name.to_owned(),
                content_type: "image/png".into(),
                image: Arc::new(png),
                animated: false,
            });
            id
        })
    }

    /// Inject a gateway fault on every connected session of the bot; returns how many sessions
    /// it hit (0 if none is connected).
    pub fn gateway_fault(&self, fault: GatewayFault) -> usize {
        gateway::inject(&self.shared, fault, |_| true)
    }

    /// Inject a gateway fault on the connected session(s) of one shard (`[shard_id, count]`).
    pub fn gateway_fault_on(&self, shard: [u32; 2], fault: GatewayFault) -> usize {
        gateway::inject(&self.shared, fault, |s| s.shard == shard)
    }

    /// Acknowledge heartbeats again on connections whose ACKs
    /// [`GatewayFault::WithholdHeartbeatAcks`] withheld.
    pub fn resume_heartbeat_acks(&self) {
        self.shared.with(|w| {
            for s in &mut w.sessions {
                s.acks_withheld = false;
            }
        })
    }

    /// Discord forgets the bot's disconnected sessions (their resume window passed): a RESUME
    /// of one gets op 9 INVALID_SESSION d=false, the bot must IDENTIFY anew, and the dispatches
    /// queued for it (interactions included) are lost. Returns how many sessions expired.
    pub fn expire_sessions(&self) -> usize {
        self.shared.with(|w| {
            let mut n = 0;
            for s in w.sessions.iter_mut().filter(|s| !s.expired && !s.is_live()) {
                s.expired = true;
                n += 1;
            }
            n
        })
    }

    /// A gateway outage: new connections are accepted but get no HELLO and aren't read until
    /// [`unblock_gateway`](Self::unblock_gateway) (live connections go on). With a fault that
    /// disconnects the bot, this holds it disconnected: interactions sent meanwhile are queued
    /// for its session and replayed when it resumes.
    pub fn block_gateway(&self) {
        self.shared.with(|w| w.gateway_blocked = true);
    }

    /// End a [`block_gateway`](Self::block_gateway) outage: waiting connections get HELLO.
    pub fn unblock_gateway(&self) {
        self.shared.with(|w| w.gateway_blocked = false);
    }

    /// Gateway connections, identifies, resumes, refused resumes, withheld ACKs and closes, in
    /// order.
    pub fn gateway_log(&self) -> Vec<GatewayRecord> {
        self.shared.read(|w| w.gateway_log.clone())
    }

    /// How many gateway connections were opened.
    pub fn connects(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Connected))
    }

    /// How many RESUMEs succeeded.
    pub fn resumes(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Resumed { .. }))
    }

    /// How many gateway connections ended (closed by either side, or dropped).
    pub fn disconnects(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Closed { .. }))
    }

    fn count_gateway(&self, f: impl Fn(&GatewayEvent) -> bool) -> usize {
        self.shared
            .read(|w| w.gateway_log.iter().filter(|r| f(&r.event)).count())
    }

    /// Wait until at least `n` gateway connections were opened.
    pub async fn wait_for_connects(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} gateway connection(s)"), n, |e| {
            matches!(e, GatewayEvent::Connected)
        })
        .await
    }

    /// Wait until at least `n` RESUMEs succeeded (RESUMED sent).
    pub async fn wait_for_resumes(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} RESUME(s)"), n, |e| {
            matches!(e, GatewayEvent::Resumed { .. })
        })
        .await
    }

    /// Wait until the bot identified at least `n` times (READY sent `n` times).
    pub async fn wait_for_identifies(&self, n: usize) -> Result<()> {
        self.shared
            .wait_until(&format!("{n} IDENTIFY(s) answered with READY"), |w| {
                (w.ready_count >= n as u64).then_some(())
            })
            .await
    }

    /// Wait until at least `n` gateway connections ended.
    pub async fn wait_for_disconnects(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} gateway disconnection(s)"), n, |e| {
            matches!(e, GatewayEvent::Closed { .. })
        })
        .await
    }

    async fn wait_for_gateway(
        &self,
        what: &str,
        n: usize,
        f: impl Fn(&GatewayEvent) -> bool,
    ) -> Result<()> {
        self.shared
            .wait_until(what, |w| {
                (w.gateway_log.iter().filter(|r| f(&r.event)).count() >= n).then_some(())
            })
            .await
    }

    // ----- the web page -----------------------------------------------------------------------

    /// Serve the stand-in's server as a web page on `listener` (a Discord-like view of its
    /// channels where one can act as any of its users; see the crate's README). It serves until
    /// the returned task is aborted.
    pub fn serve_web(&self, listener: TcpListener) -> JoinHandle<()> {
        web::serve(Arc::clone(&self.shared), listener)
    }

    // ----- waiting ----------------------------------------------------------------------------

    /// Wait until the bot identified on the gateway and got READY.
    pub async fn wait_ready(&self) -> Result<()> {
        self.shared
            .wait_until("the bot to IDENTIFY on the gateway", |w| {
                (w.ready_count > 0 && !w.live_shards().is_empty()).then_some(())
            })
            .await
    }

    /// Wait until a gateway session of the shard of `guild` identified: from then on the guild's
    /// interactions reach the bot. Returns the session's `[shard_id, shard_count]`.
    pub async fn wait_for_guild_session(&self, guild: GuildId) -> Result<[u32; 2]> {
        self.shared
            .wait_until(&format!("a gateway session for guild {guild}"), |w| {
                w.guild_connected(guild)
                    .then(|| {
                        w.sessions
                            .iter()
                            .find(|s| s.is_live() && s.covers(guild))
                            .map(|s| s.shard)
                    })
                    .flatten()
            })
            .await
    }

    /// Wait until a command with this name is registered (globally or in a guild); returns it as
    /// the stand-in answered the registration.
    pub async fn wait_for_command(&self, name: &str) -> Result<Value> {
        self.shared
            .wait_until(&format!("the bot to register /{name}"), |w| {
                w.commands.iter().find(|c| c["name"] == name).cloned()
            })
            .await
    }

    /// Wait until a message in `channel` (public, or ephemeral for anyone) satisfies `pred`.
    pub async fn wait_for_message(
        &self,
        channel: ChannelId,
        mut pred: impl FnMut(&Message) -> bool,
    ) -> Result<Message> {
        self.shared
            .wait_until(&format!("a matching message in channel {channel}"), |w| {
                w.channel_messages(channel)
                    .find(|m| !m.deleted && pred(m))
                    .map(|m| Message::clone(m))
            })
            .await
    }

    /// Wait until a request satisfies `pred`; returns it.
    pub async fn wait_for_request(
        &self,
        what: &str,
        mut pred: impl FnMut(&RequestRecord) -> bool,
    ) -> Result<RequestRecord> {
        self.shared
            .wait_until(what, |w| w.requests.iter().find(|r| pred(r)).cloned())
            .await
    }

    /// Read the stand-in's state now through a [`StandinView`], without copying what `f` doesn't
    /// take: e.g. `standin.view(|v| v.requests().len())` instead of `standin.requests().len()`.
    /// (The stand-in waits while `f` runs: keep it short.)
    pub fn view<T>(&self, f: impl FnOnce(&StandinView<'_>) -> T) -> T {
        self.shared.read(|w| f(&StandinView(w)))
    }

    /// Wait until `f` (re-run after every change of the stand-in's state) returns `Some`.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        f: impl FnMut(&StandinView<'_>) -> Option<T>,
    ) -> Result<T> {
        let mut f = f;
        self.shared.wait_until(what, |w| f(&StandinView(w))).await
    }

    // ----- reading the channel ----------------------------------------------------------------

    /// Public messages of a channel, in order (what everyone sees).
    pub fn messages(&self, channel: ChannelId) -> Vec<Message> {
        self.visible(channel, None)
    }

    /// What `user` sees in `channel`: public messages plus their ephemeral ones, in order.
    pub fn seen_by(&self, user: UserId, channel: ChannelId) -> Vec<Message> {
        self.visible(channel, Some(user))
    }

    /// The messages of `channel` that `user` (or everyone) sees, copied after the lock is
    /// released (so that the stand-in doesn't wait for the copying).
    fn visible(&self, channel: ChannelId, user: Option<UserId>) -> Vec<Message> {
        let shared: Vec<Arc<Message>> = self
            .shared
            .read(|w| w.visible_arcs(channel, user).cloned().collect());
        shared.iter().map(|m| Message::clone(m)).collect()
    }

    /// Ephemeral messages shown to `user` (all channels), in order.
    pub fn ephemeral_for(&self, user: UserId) -> Vec<Message> {
        self.shared.read(|w| {
            w.messages
                .iter()
                .filter(|m| m.visible_to == Some(user) && !m.deleted)
                .map(|m| Message::clone(m))
                .collect()
        })
    }

    /// A message by id (also deleted and ephemeral ones).
    pub fn message(&self, id: MessageId) -> Option<Message> {
        let shared = self.shared.read(|w| w.message_arc(id).cloned())?;
        Some(Message::clone(&shared))
    }

    /// The newest public message of a channel.
    pub fn last_message(&self, channel: ChannelId) -> Option<Message> {
        let shared = self
            .shared
            .read(|w| w.visible_arcs(channel, None).next_back().cloned())?;
        Some(Message::clone(&shared))
    }

    /// The message as the bot gets it from the API (full Discord message JSON).
    pub fn message_json(&self, id: MessageId) -> Value {
        self.shared.read(|w| w.message_json(id))
    }

    // ----- logs -------------------------------------------------------------------------------

    /// Every interaction sent, with how the bot answered it.
    pub fn interactions(&self) -> Vec<InteractionRecord> {
        self.shared.read(|w| w.interactions.clone())
    }

    /// Every REST request, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared.read(|w| w.requests.clone())
    }

    /// Takes the REST requests logged so far out of the log, in order, leaving it empty: for a
    /// reader that consumes the log as it grows (a load benchmark's driver), so that it neither
    /// copies the requests nor keeps them all.
    pub fn take_requests(&self) -> Vec<RequestRecord> {
        self.shared.with(|w| std::mem::take(&mut w.requests))
    }

    /// Registered commands as the stand-in returned them (guild ones carry `guild_id`).
    pub fn commands(&self) -> Vec<Value> {
        self.shared.read(|w| w.commands.clone())
    }

    /// The bot's IDENTIFY payload (`d`), once it identified (the last one).
    pub fn identify(&self) -> Option<Value> {
        self.shared.read(|w| w.identify.clone())
    }

    /// Every IDENTIFY payload (`d`), in order: one per shard and connection.
    pub fn identifies(&self) -> Vec<Value> {
        self.shared.read(|w| w.identifies.clone())
    }

    /// The `[shard_id, shard_count]` of every live gateway session, in the order they
    /// identified.
    pub fn sessions(&self) -> Vec<[u32; 2]> {
        self.shared.read(World::live_shards)
    }

    /// How many heartbeats (op 1) the bot sent (each was acknowledged with op 11, unless
    /// [`GatewayFault::WithholdHeartbeatAcks`] withheld it).
    pub fn heartbeats(&self) -> u64 {
        self.shared.read(|w| w.heartbeats)
    }

    /// How many times the bot identified (READY sent). More than one means it reconnected.
    pub fn ready_count(&self) -> u64 {
        self.shared.read(|w| w.ready_count)
    }

    /// Every gateway dispatch sent so far (event name, `d`), in order.
    pub fn dispatched(&self) -> Vec<(String, Value)> {
        self.shared.read(|w| {
            w.dispatched
                .iter()
                .map(|(event, data)| (event.to_string(), Value::clone(data)))
                .collect()
        })
    }

    /// Every violation so far.
    pub fn violations(&self) -> Vec<Violation> {
        self.shared.read(|w| w.violations.clone())
    }

    /// Forget the violations recorded so far (after a test looked at expected ones).
    pub fn clear_violations(&self) {
        self.shared.with(|w| w.violations.clear());
    }

    /// Turns the checking of request bodies against Discord's spec and limits on or off (on by
    /// default). Off, requests are still matched to the spec's routes, applied and logged, but
    /// their bodies are not validated: for benchmarks that time the bot, not the stand-in.
    pub fn set_validation(&self, on: bool) {
        self.shared
            .validate
            .store(on, std::sync::atomic::Ordering::Relaxed);
    }

    /// Turns the keeping of the past on or off (on by default). Off, the stand-in holds the
    /// present only: an edited message keeps no earlier states, [`dispatched`](Self::dispatched)
    /// records nothing more, and each gateway session keeps only its newest 10,000 dispatches
    /// for RESUME (one from before them is refused with op 9). The request log is kept. For load
    /// benchmarks, whose runs would otherwise grow the stand-in by every edit and event.
    pub fn set_history(&self, on: bool) {
        self.shared.with(|w| w.keep_history = on);
    }

    /// Check a request without sending it: the violations `method path` with `body` would get.
    pub fn validate_request(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Vec<Violation> {
        rest::validate(&self.shared.spec, method, path, body).1
    }

    /// Every problem: violations, and interactions without exactly one initial response or
    /// answered after Discord's 3-second deadline (but those whose answer an injected fault
    /// refused or delayed: Discord failed them, not the bot).
    pub fn problems(&self) -> Vec<String> {
        self.shared.read(|w| {
            let mut out: Vec<String> = w.violations.iter().map(ToString::to_string).collect();
            for i in &w.interactions {
                match i.responses.as_slice() {
                    [] if w.fault_refused.contains(&i.id) => {}
                    [] => out.push(format!("{} never got an initial response", i.describe())),
                    [first, ..]
                        if first.latency > INITIAL_RESPONSE_DEADLINE
                            && !w.fault_late.contains(&i.id) =>
                    {
                        out.push(format!(
                            "{} was answered after {:?}; Discord allows {:?}",
                            i.describe(),
                            first.latency,
                            INITIAL_RESPONSE_DEADLINE
                        ))
                    }
                    _ => {}
                }
            }
            out
        })
    }

    /// `Ok` if there are no [`problems`](Self::problems), else all of them in one message.
    pub fn check(&self) -> std::result::Result<(), StandinError> {
        let problems = self.problems();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(StandinError(format!(
                "the Discord stand-in found {} problem(s):\n  {}",
                problems.len(),
                problems.join("\n  ")
            )))
        }
    }

    /// Panic with every problem found, if any.
    #[track_caller]
    pub fn assert_clean(&self) {
        if let Err(e) = self.check() {
            panic!("{e}");
        }
    }
}

/// Read-only view of the stand-in's state for [`Standin::wait_until`].
pub struct StandinView<'a>(&'a World);

impl StandinView<'_> {
    /// The threads started in `channel`, as [`Standin::threads_of`] gives them.
    pub fn threads_of(&self, channel: ChannelId) -> Vec<(ChannelId, String, bool)> {
        self.0.threads_of(channel)
    }

    /// Public messages of a channel, in order.
    pub fn messages(&self, channel: ChannelId) -> Vec<Message> {
        self.0.visible(channel, None)
    }

    /// What `user` sees in `channel`.
    pub fn seen_by(&self, user: UserId, channel: ChannelId) -> Vec<Message> {
        self.0.visible(channel, Some(user))
    }

    /// The messages of a channel that everyone (`user` `None`) or `user` sees, in order, as
    /// [`messages`](Self::messages) and [`seen_by`](Self::seen_by) give them but not copied
    /// (`.next_back()` is the newest).
    pub fn visible(
        &self,
        channel: ChannelId,
        user: Option<UserId>,
    ) -> impl DoubleEndedIterator<Item = &Message> {
        self.0.visible_iter(channel, user)
    }

    /// The newest public message of a channel.
    pub fn last_message(&self, channel: ChannelId) -> Option<&Message> {
        self.0.visible_iter(channel, None).next_back()
    }

    /// A message by id.
    pub fn message(&self, id: MessageId) -> Option<&Message> {
        self.0.message(id)
    }

    /// All interactions.
    pub fn interactions(&self) -> &[InteractionRecord] {
        &self.0.interactions
    }

    /// All requests.
    pub fn requests(&self) -> &[RequestRecord] {
        &self.0.requests
    }

    /// All violations.
    pub fn violations(&self) -> &[Violation] {
        &self.0.violations
    }

    /// Registered commands.
    pub fn commands(&self) -> &[Value] {
        &self.0.commands
    }

    /// Heartbeats received so far.
    pub fn heartbeats(&self) -> u64 {
        self.0.heartbeats
    }

    /// The `[shard_id, shard_count]` of every live gateway session.
    pub fn sessions(&self) -> Vec<[u32; 2]> {
        self.0.live_shards()
    }

    /// Every fault that fired so far.
    pub fn faults_fired(&self) -> &[FiredFault] {
        &self.0.fired
    }

    /// Gateway connections, identifies, resumes and closes so far.
    pub fn gateway_log(&self) -> &[GatewayRecord] {
        &self.0.gateway_log
    }
}
