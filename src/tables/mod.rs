//! The game service. Each channel has one table: a task that alone owns the channel's game and
//! handles one request at a time, so two clicks never race. A request is checked, applied by the
//! engine with dice from the service's dice source, committed to the store, and only then shown:
//! the interaction is answered and the channel's messages are edited or posted. The table also
//! owns the timers: the turn deadline of a person (stored, so it survives a restart) and the pace
//! of a bot seat.
//!
//! Nothing here knows Discord: messages go out through the [`Outbox`] and [`Reply`] ports, which
//! the `discord` module implements.
//!
//! A process may run only some of the bot's shards ([`shards`]): then it keeps, and drives, only
//! the games of its own guilds; the other processes sharing the database drive theirs.

//!
//! The module is split by job: the public types of the service are here; `services` is what a
//! table uses (the store, the outboxes, the dice, the strategies, the config); `registry` keeps
//! the tables of all channels ([`Tables`]): which run, which sleep, the tasks a stop waits for;
//! `actor` is one channel's task, its timers and the choice of game; `table` is what a table
//! does with a request, for any game, and `any` the table of whichever game a channel holds;
//! `review` answers reviews of finished games, beside the tables.

mod actor;
mod any;
mod games;
mod registry;
mod review;
mod services;
pub mod shards;
mod table;

use std::time::Duration;

use futures::future::BoxFuture;

use crate::engine::GameKind;
use crate::engine::Player;
pub use crate::engine::{Intent, MoveText};
pub use crate::host::Hosted;
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, MessageId, UserId};
use crate::render::{self, MessageView, Picture};
use crate::store::{Clocks, Place};
pub use any::TableKind;

pub use registry::Tables;
pub use review::ReviewRequest;
use shards::Shards;

/// How tables behave.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// The games the service offers: what its tables, stored games and strategies are of.
    pub games: crate::host::Games<dyn TableKind>,
    /// How long a person has for each move before the turn times out.
    pub turn_timeout: Duration,
    /// How long a table waits in its lobby, since its last change, before it closes unstarted.
    pub lobby_timeout: Duration,
    /// How long a bot seat waits before each move, so people can follow it.
    pub bot_pace: Duration,
    /// The target of a game started without one.
    pub default_target: u32,
    /// How dice are drawn as text.
    pub style: render::DiceStyle,
    /// The shards this process runs: only their guilds' games are kept and driven here. `None`:
    /// every guild (one process).
    pub shards: Option<Shards>,
    /// Where a game's solved strategy table is cached (read at first use, written once solved).
    /// `None`: solved in memory at first use, every run.
    pub strategy_cache: Option<std::path::PathBuf>,
    /// What one person and one server may open.
    pub limits: Limits,
    /// How long a table with nothing to do (no move of a bot seat coming, its game shown as
    /// stored) stays in memory before it sleeps: its game stays in the store, its deadline with
    /// the registry, and the next request or the deadline loads it again.
    pub sleep_after: Duration,
}

/// How long an idle table stays in memory by default (see [`TableConfig::sleep_after`]): long
/// past a click made twice (a table that sleeps forgets the last click it took).
pub const SLEEP_AFTER: Duration = Duration::from_secs(600);

/// What one person and one server may open at once (`limits` in the config file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open lobbies one person hosts, in one server.
    pub lobbies_per_person: u32,
    /// Open games (lobbies and games being played) in one server.
    pub tables_per_server: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            lobbies_per_person: 1,
            tables_per_server: 200,
        }
    }
}

impl TableConfig {
    /// Whether this process serves the guild (runs its shard): always, unless it runs only some
    /// ([`TableConfig::shards`]).
    pub(crate) fn owns(&self, guild_id: crate::ids::GuildId) -> bool {
        self.shards.is_none_or(|s| s.owns(guild_id))
    }

    /// A table's time for each move: its own (its server's, when it started), else this one.
    pub(crate) fn turn_timeout(&self, clocks: Clocks) -> Duration {
        clocks
            .turn_timeout_ms
            .map_or(self.turn_timeout, Duration::from_millis)
    }

    /// A table's bot pace: its own (its server's, when it started), else this one.
    pub(crate) fn bot_pace(&self, clocks: Clocks) -> Duration {
        clocks
            .bot_pace_ms
            .map_or(self.bot_pace, Duration::from_millis)
    }
}

/// A message the bot shows, with what its buttons need to name the game and its state.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub view: MessageView,
    pub game_id: GameId,
    pub version: u64,
}

/// Which of its game's messages a channel post is: with the game and its version, it names the
/// post, so that Discord can tell a post repeated from a new one (see [`Outbox::post`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Post {
    /// The message of a turn.
    Turn,
    /// The lobby, shown again.
    Lobby,
    /// The game's end.
    End,
    /// Why the game has no thread.
    NoThread,
    /// Why the game came back to its channel from its thread.
    Back,
    /// The turn under way, posted in the channel the game came back to from its thread.
    TurnBack,
    /// Shown again in place of this message (deleted by a moderator, or too old to edit): a new
    /// message, whatever was posted before.
    Replacing(MessageId),
}

/// Why a message could not be posted or edited.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// The message is gone (a moderator deleted it) or may not be edited any more (too old to
    /// edit cheaply): show a new one instead.
    #[error("the message is gone or can't be edited any more: {0}")]
    Replace(String),
    /// Anything else (Discord's 5xx, a rate limit, a dropped connection): try again later.
    #[error("{0}")]
    Failed(String),
    /// The channel refuses the bot for good: a thread deleted (404 Unknown Channel) or locked
    /// (Thread is archived), or a channel the bot lost access to (Missing Access, Missing
    /// Permissions). Trying again does not help: a game in a thread goes back to its channel.
    #[error("the channel refuses the bot ({0:?}): {1}")]
    Gone(Closed, String),
    /// Nothing can show it now: the bot only answers interactions there, and has none it may
    /// still use (their tokens last 15 minutes, and each takes a few follow-ups). The next
    /// interaction there shows the game.
    #[error("no interaction there to answer through: {0}")]
    Unreachable(String),
}

/// Why a channel (a game's thread) refuses the bot for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closed {
    /// It was deleted (Discord: 404 Unknown Channel; THREAD_DELETE).
    Deleted,
    /// It was locked or archived, so the bot's messages are refused (Discord: Thread is archived;
    /// THREAD_UPDATE with `locked`).
    Locked,
    /// The bot may not see it or post there any more (Missing Access, Missing Permissions).
    NoAccess,
}

impl Closed {
    /// Its key in the texts (`thread-gone`'s `why`).
    pub fn key(self) -> &'static str {
        match self {
            Closed::Deleted => "deleted",
            Closed::Locked => "locked",
            Closed::NoAccess => "unreachable",
        }
    }
}

/// Why a thread was not opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThreadError {
    /// The bot may not start threads in the channel (its role lacks Create Public Threads).
    #[error("missing permissions")]
    MissingPermissions,
    /// Anything else (the channel is a thread itself, Discord's 5xx...).
    #[error("{0}")]
    Failed(String),
}

/// Posting and editing channel messages (implemented by the Discord layer).
pub trait Outbox: Send + Sync + 'static {
    /// Starts a public thread named `name` from message `message_id` of `channel_id`; returns
    /// its id (a channel's).
    fn start_thread(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
        name: String,
    ) -> BoxFuture<'_, Result<ChannelId, ThreadError>>;
    /// Archives thread `thread_id` (its game is over).
    fn archive_thread(&self, thread_id: ChannelId) -> BoxFuture<'_, Result<(), SendError>>;
    /// Posts a message, which is `post` of its game; returns its id. The same `post` of the same
    /// game at the same version, posted again within minutes (after a crash, a timeout or a
    /// 5xx), is the message already made, not a second one.
    fn post(
        &self,
        channel_id: ChannelId,
        message: Outgoing,
        post: Post,
    ) -> BoxFuture<'_, Result<MessageId, SendError>>;
    fn edit(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
        message: Outgoing,
    ) -> BoxFuture<'_, Result<(), SendError>>;
    /// Attaches `picture` to a message, whose embeds become `view`'s (one of them shows it);
    /// its content and buttons stay as they are.
    fn add_picture(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
        view: MessageView,
        picture: Picture,
    ) -> BoxFuture<'_, Result<(), SendError>>;
}

/// The one answer an interaction gets (implemented by the Discord layer, which defers it with
/// Discord when it is slow to come, e.g. while the database is busy).
/// How long an answer waits for a game's strategy being prepared (Odds, a review), within the
/// 15 minutes an interaction may be answered in.
pub(crate) const STRATEGY_WAIT: Duration = Duration::from_secs(14 * 60);

pub trait Reply: Send + 'static {
    /// Answers a click by updating the clicked message; the message comes back with the error
    /// if that failed (to be shown otherwise: no copy of it is made for every click).
    fn update(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<(), (ReplyError, Outgoing)>>;
    /// Answers with a new public message; returns its id.
    fn message(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<MessageId, ReplyError>>;
    /// Answers privately to the one who asked.
    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), ReplyError>>;
    /// Answers privately at once with `now` (a wait), then with `later`'s answer once it comes:
    /// the first answer edited into it (or followed up by it). `later` must come within the
    /// interaction's 15 minutes. Without a way to edit, only `later`'s answer is given. A stop
    /// before `later` comes edits the first answer into its notice, in `lang`.
    fn ephemeral_then(
        self: Box<Self>,
        now: MessageView,
        later: BoxFuture<'static, MessageView>,
        lang: Lang,
    ) -> BoxFuture<'static, Result<(), ReplyError>> {
        let _ = lang;
        drop(now);
        Box::pin(async move { self.ephemeral(later.await).await })
    }
}

/// Why an answer to an interaction did not go out ([`Reply`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplyError {
    /// The bot is stopping: the stop answers (its person was told it is restarting).
    #[error("the bot is stopping: its person was told it is restarting")]
    Stopping,
    /// Discord refused it or could not be reached: its error, as text (the tables know no
    /// Discord type).
    #[error("{0}")]
    Failed(String),
}

/// Who asks.
#[derive(Clone, Debug)]
pub struct Who {
    pub user_id: UserId,
    pub name: String,
    /// May cancel any game and remove players (Manage Messages in the channel).
    pub moderator: bool,
}

impl Who {
    fn player(&self) -> Player {
        Player::Person(self.user_id)
    }
}

/// Where a request came from: a slash command, or a button on a message of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Slash,
    Click {
        game_id: GameId,
        version: u64,
        message_id: MessageId,
        /// The kind of game message clicked, as its own buttons say (what Discord shows on it);
        /// `None` for a message without a game's buttons.
        message_kind: Option<crate::engine::MessageKind>,
    },
}

pub struct Request {
    /// The game a slash command is for (each game has its own command); `None` for clicks,
    /// which name their game.
    pub kind: Option<GameKind>,
    pub who: Who,
    /// What they ask: a move's code is read by the table's game.
    pub intent: Intent<MoveText>,
    pub origin: Origin,
    pub reply: Box<dyn Reply>,
    /// The language of the one who asks: private answers are in it.
    pub lang: Lang,
}

/// A new game asked for with a game's `start` (`/forgetit start`).
///
/// What is not given comes from the server's settings (`/forgetit config`, see
/// [`crate::store::GuildSettings`]), then from the config file (or, for the language, the
/// server's own); the server's list of channels, if it set one, must name the channel.
pub struct NewGame {
    pub kind: GameKind,
    pub place: Place,
    pub host: Who,
    /// The target asked for (else the server's default, else the config file's).
    pub target: Option<u32>,
    pub bots: u8,
    pub reply: Box<dyn Reply>,
    /// The language of the host: private answers are in it.
    pub lang: Lang,
    /// The language of the table's public messages, if chosen (kept with the game); else the
    /// server's setting, else `default_lang`.
    pub table_lang: Option<Lang>,
    /// The language of a table when neither the command nor the server chose one: the starter's
    /// own (their Discord locale) if the bot speaks it, else the server's community locale.
    pub default_lang: Lang,
    /// The finished game whose Rematch button opens it: the other players' clicks seat them
    /// there (and at no other lobby).
    pub rematch_of: Option<GameId>,
}
