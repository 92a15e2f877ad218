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
mod shared;
pub mod spec;
mod standin;
mod violation;
mod web;

use std::time::Duration;

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
pub use standin::{Standin, StandinBuilder, StandinView};
pub use violation::{Result, StandinError, Violation, ViolationKind};

pub(crate) use shared::Shared;

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
