//! The Discord shell: poise slash commands and one component-interaction router. Handlers
//! translate what people do into table requests and answer; no game rule is decided here.
//! serenity and poise types do not leave this module.
//!
//! - [`startup`]: connecting, the REST clients, the shards ([`start`]); [`running`]: a started
//!   bot and its clean stop ([`RunningBot`]);
//! - [`events`]: the gateway's events (membership, guilds left) and the framework's errors and
//!   checks;
//! - [`router`]: every component interaction, from its custom_id to the table or the boards;
//! - [`commands`]: the slash commands.
//!
//! Running big: with `discord.http_proxy` every REST request (the gateway URL included) goes to a
//! rate-limiting proxy such as twilight-http-proxy, with serenity's own rate limiter off; with
//! `discord.shard_count` / `discord.shards` this process runs only those shards, and so serves
//! only the guilds Discord routes to them.

mod answers;
pub mod codec;
pub(super) mod commands;
mod daily;
mod drain;
pub mod emoji;
mod events;
mod games;
mod health;
mod identify;
mod ids;
pub mod io;
mod limits;
mod options;
pub mod patience;
pub(super) mod router;
mod running;
mod startup;

pub use answers::{system_clock, Clock};
pub use commands::message_ids as command_message_ids;
pub use games::{built_in, BotGame};
pub use running::RunningBot;
pub use startup::{start, BotError, BotOptions};

use crate::sync::Lock;
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
use crate::store::{Place, Store, StoreError};
use crate::tables::{Origin, Reply, Request, ReviewRequest, TableConfig, Tables, Who};
use codec::Button;
use io::InteractionReply;

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler shares.
pub struct Data {
    /// The games it offers: its commands, and the games its buttons and stored games name.
    games: crate::host::Games<dyn BotGame>,
    tables: Tables,
    store: Store,
    membership: broadcast::Sender<Membership>,
    clicks: limits::ClickLimit,
    /// The shards that identified since the start: another READY of one is a reconnection.
    identified: std::sync::Mutex<std::collections::HashSet<u32>>,
    /// The servers the bot is a member of, as READY and GUILD_CREATE list them (GUILD_DELETE
    /// takes one out): anywhere else, it only answers interactions.
    members: std::sync::Mutex<std::collections::HashSet<serenity::GuildId>>,
    /// The interactions it may still answer through, where it only answers.
    answers: Arc<answers::AnswerBook>,
    /// The daily deals.
    dailies: crate::daily::Dailies,
    /// The answer state of its replies alive, for the stop.
    replies: Arc<io::Replies>,
}

impl Data {
    /// The bot is (`member`) or is not a member of `guilds`.
    fn member_of(&self, guilds: impl IntoIterator<Item = serenity::GuildId>, member: bool) {
        let mut members = self.members.locked();
        for guild in guilds {
            if member {
                members.insert(guild);
            } else {
                members.remove(&guild);
            }
        }
    }

    /// Where an interaction in `channel` (of `guild`, if any) happened, and how the bot reaches
    /// it.
    fn place(
        &self,
        guild: Option<serenity::GuildId>,
        channel: serenity::ChannelId,
        owners: &serenity::AuthorizingIntegrationOwners,
    ) -> Place {
        answers::place_of(guild, channel, owners, |g| {
            self.members.locked().contains(&g)
        })
    }

    /// Where the answer to an interaction at `place` is noted (on `clicked`, a click's message),
    /// if the bot only answers interactions there.
    fn noting(&self, place: Place, clicked: Option<serenity::MessageId>) -> Option<io::Noting> {
        place.reach.answers_only().then(|| io::Noting {
            book: self.answers.clone(),
            channel: place.channel_id,
            clicked: clicked.map(Into::into),
            at: self.answers.now(),
        })
    }
}

/// What the bot recorded of a server it was removed from or came back to, once recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Membership {
    /// Removed (GUILD_DELETE, or left while no process ran its shard): its data goes in 30
    /// days unless the bot comes back.
    Removed { guild: serenity::GuildId },
    /// Back in a server it had been removed from: its data is kept.
    Back { guild: serenity::GuildId },
}

/// Whether this process serves the guild of a command: Discord routes every guild to the
/// process of its shard, so this only fails on a misrouted request, which must not touch a game
/// another process drives.
fn own_guild(ctx: Context<'_>) -> bool {
    let own = ctx.data().tables.owns(place(ctx).shard_guild());
    if !own {
        warn!(guild = ?ctx.guild_id(), "a command from a guild of another process's shard; refused");
    }
    own
}

/// Where a command was run.
pub(crate) fn place(ctx: Context<'_>) -> Place {
    let none = serenity::AuthorizingIntegrationOwners::default();
    let owners = match ctx {
        poise::Context::Application(app) => &app.interaction.authorizing_integration_owners,
        poise::Context::Prefix(_) => &none,
    };
    ctx.data().place(ctx.guild_id(), ctx.channel_id(), owners)
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
        user_id: user.id.into(),
        name: member.map_or_else(
            || user.display_name().to_string(),
            |m| m.display_name().to_string(),
        ),
        moderator: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_messages()),
    }
}
