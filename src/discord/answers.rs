//! Games where the bot is not a member: a DM, a group DM, or a server where only people installed
//! the app to their account. There the bot may not post, edit or read channel messages; it may
//! only answer interactions, with each one's token, for 15 minutes: the initial response (the
//! lobby, or UPDATE_MESSAGE of the clicked message), edits of the messages that interaction made,
//! and up to five follow-ups.
//!
//! [`place_of`] tells such a place from the interaction. The [`AnswerBook`] keeps, per channel,
//! the tokens of the interactions answered there that may still be used (noted by
//! [`InteractionReply`](super::io::InteractionReply) once its answer went out), and the
//! [`AnswerOutbox`] shows the tables' messages through them: a new message (a turn, a game's end)
//! is a follow-up of the newest, an edit goes through the token whose interaction made the
//! message or was a click on it. With none left it says so ([`SendError::Unreachable`]), and the
//! table waits for the next interaction there.

use crate::sync::Lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::{CreateInteractionResponseFollowup, EditInteractionResponse, Http};

use super::io::{self, game_namer, whole_message};
use crate::ids::{ChannelId, GuildId, MessageId};
use crate::render::{MessageView, Picture};
use crate::store::{Place, Reach};
use crate::tables::{Outbox, Outgoing, Post, SendError, ThreadError};
use crate::telemetry::Route;

/// What the bot's clock reads now: the system's, or in tests one they move (with the stand-in's).
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// The system's clock.
pub fn system_clock() -> Clock {
    Arc::new(SystemTime::now)
}

/// How long an interaction's token is used after the interaction reached the bot: Discord's
/// 15 minutes, less a margin for the time it took to arrive and for a request under way.
pub const TOKEN_USE: Duration = Duration::from_secs(14 * 60);

/// The follow-ups Discord allows an interaction of an app a person installed, where the server
/// did not.
pub const FOLLOWUPS: usize = 5;

/// How many tokens a channel keeps (the newest): enough for the messages a table still edits.
const KEPT: usize = 16;

/// Where an interaction happened, and how the bot reaches it there: a DM or a group DM is a
/// chat, its own "server" ([`Reach::Chat`]). A server is the bot's ([`Reach::Member`]) when the
/// interaction was authorized by the server's install of the app (its `owners` name the server:
/// the install link adds the bot user), or when the bot knows itself a member (`member`, from
/// READY and GUILD_CREATE, which a first click after a start may come before); any other server
/// is one where only people installed the app ([`Reach::Guest`]).
pub(super) fn place_of(
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    owners: &serenity::AuthorizingIntegrationOwners,
    member: impl Fn(serenity::GuildId) -> bool,
) -> Place {
    let channel_id = ChannelId::from(channel);
    match guild {
        None => Place {
            guild_id: GuildId::new(channel_id.get()),
            channel_id,
            reach: Reach::Chat,
        },
        Some(guild) => Place {
            guild_id: guild.into(),
            channel_id,
            reach: if installed_by(owners, guild) || member(guild) {
                Reach::Member
            } else {
                Reach::Guest
            },
        },
    }
}

/// Whether `owners` name `guild`'s install of the app.
fn installed_by(owners: &serenity::AuthorizingIntegrationOwners, guild: serenity::GuildId) -> bool {
    owners.0.iter().any(|owner| {
        matches!(owner, serenity::AuthorizingIntegrationOwner::GuildInstall(Some(g)) if *g == guild)
    })
}

/// One interaction's token, as answered.
struct Token {
    token: String,
    /// When the interaction reached the bot (on the bot's clock).
    at: SystemTime,
    /// Its original response: the clicked message (a click answered with UPDATE_MESSAGE), or
    /// the message it answered with; `None` for a private answer.
    original: Option<MessageId>,
    /// The follow-ups it made (the messages, when public).
    made: Vec<MessageId>,
    followups: usize,
}

/// The tokens the bot may still answer through, per channel where it only answers.
pub struct AnswerBook {
    clock: Clock,
    channels: Mutex<Channels>,
}

#[derive(Default)]
struct Channels {
    tokens: HashMap<ChannelId, Vec<Token>>,
    /// Notes since the channels whose every token is spent were last forgotten.
    notes: usize,
}

/// How many notes go by between two sweeps of the channels whose every token is spent.
const SWEEP_EVERY: usize = 256;

impl AnswerBook {
    pub fn new(clock: Clock) -> AnswerBook {
        AnswerBook {
            clock,
            channels: Mutex::default(),
        }
    }

    /// The bot's clock now.
    pub fn now(&self) -> SystemTime {
        (self.clock)()
    }

    /// An interaction in `channel`, received at `at`, was answered: its token may be used for
    /// edits of `original` (its original response, if public), and for follow-ups (of which it
    /// made `followups` itself).
    pub fn note(
        &self,
        channel: ChannelId,
        token: &str,
        at: SystemTime,
        original: Option<MessageId>,
        followups: usize,
    ) {
        let now = self.now();
        let mut channels = self.channels.locked();
        // Channels whose every token is spent are forgotten now and then, as others are noted.
        channels.notes += 1;
        if channels.notes >= SWEEP_EVERY {
            channels.notes = 0;
            channels
                .tokens
                .retain(|_, tokens| tokens.iter().any(|t| usable(t, now)));
        }
        let tokens = channels.tokens.entry(channel).or_default();
        tokens.retain(|t| usable(t, now));
        if let Some(known) = tokens.iter_mut().find(|t| t.token == token) {
            known.original = known.original.or(original);
            known.followups += followups;
            return;
        }
        tokens.push(Token {
            token: token.to_string(),
            at,
            original,
            made: Vec::new(),
            followups,
        });
        // Newest last.
        tokens.sort_by_key(|t| t.at);
        let over = tokens.len().saturating_sub(KEPT);
        tokens.drain(..over);
    }

    /// The newest token of `channel` that may still follow up, counted as used once.
    fn for_followup(&self, channel: ChannelId) -> Option<String> {
        let now = self.now();
        let mut channels = self.channels.locked();
        let token = channels
            .tokens
            .get_mut(&channel)?
            .iter_mut()
            .rev()
            .find(|t| usable(t, now) && t.followups < FOLLOWUPS)?;
        token.followups += 1;
        Some(token.token.clone())
    }

    /// Token `token` of `channel` made message `message`.
    fn made(&self, channel: ChannelId, token: &str, message: MessageId) {
        let mut channels = self.channels.locked();
        if let Some(t) = channels
            .tokens
            .get_mut(&channel)
            .and_then(|tokens| tokens.iter_mut().find(|t| t.token == token))
        {
            t.made.push(message);
        }
    }

    /// A token of `channel` that may still edit `message`, newest first, and whether `message`
    /// is its original response.
    fn for_edit(&self, channel: ChannelId, message: MessageId) -> Option<(String, bool)> {
        let now = self.now();
        let channels = self.channels.locked();
        channels.tokens.get(&channel)?.iter().rev().find_map(|t| {
            if !usable(t, now) {
                None
            } else if t.original == Some(message) {
                Some((t.token.clone(), true))
            } else if t.made.contains(&message) {
                Some((t.token.clone(), false))
            } else {
                None
            }
        })
    }
}

/// Whether a token may still be used at `now`.
fn usable(token: &Token, now: SystemTime) -> bool {
    now.duration_since(token.at)
        .map_or(true, |age| age < TOKEN_USE)
}

/// Shows the tables' messages where the bot only answers interactions, through the tokens of
/// the [`AnswerBook`].
pub struct AnswerOutbox {
    pub http: Arc<Http>,
    pub book: Arc<AnswerBook>,
}

fn unreachable(what: &str) -> SendError {
    SendError::Unreachable(format!("no interaction token left to {what}"))
}

impl AnswerOutbox {
    /// Edits `message` of `channel` with the JSON `body` (and `files`).
    async fn edit_with(
        &self,
        channel: ChannelId,
        message: MessageId,
        body: &serde_json::Value,
        files: Vec<serenity::CreateAttachment>,
    ) -> Result<(), SendError> {
        let Some((token, original)) = self.book.for_edit(channel, message) else {
            return Err(unreachable("edit the message"));
        };
        let edited = if original {
            let edit = self
                .http
                .edit_original_interaction_response(&token, body, files);
            crate::telemetry::rest_timed(Route::Webhook, edit).await
        } else {
            let edit = self
                .http
                .edit_followup_message(&token, message.into(), body, files);
            crate::telemetry::rest_timed(Route::Webhook, edit).await
        };
        edited
            .map(|_| crate::telemetry::rest_answer(Some(200)))
            .map_err(io::send_error)
    }
}

impl Outbox for AnswerOutbox {
    fn start_thread(
        &self,
        _channel_id: ChannelId,
        _message_id: MessageId,
        _name: String,
    ) -> BoxFuture<'_, Result<ChannelId, ThreadError>> {
        // The defaults apply there, which open no thread.
        Box::pin(async {
            Err(ThreadError::Failed(
                "no threads where the bot only answers interactions".into(),
            ))
        })
    }

    fn archive_thread(&self, _thread_id: ChannelId) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async { Ok(()) })
    }

    fn post(
        &self,
        channel_id: ChannelId,
        message: Outgoing,
        _post: Post,
    ) -> BoxFuture<'_, Result<MessageId, SendError>> {
        Box::pin(async move {
            // A follow-up is made once: it carries no nonce, and the newest token that may
            // follow up is used (each counted as it is used, the failed ones too).
            let Some(token) = self.book.for_followup(channel_id) else {
                return Err(unreachable("post a message"));
            };
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let followup = whole_message!(CreateInteractionResponseFollowup::new(), view, &name);
            let posted = self
                .http
                .create_followup_message(&token, &followup, Vec::new());
            let posted = crate::telemetry::rest_timed(Route::Webhook, posted)
                .await
                .map_err(io::send_error)?;
            crate::telemetry::rest_answer(Some(200));
            let id = MessageId::from(posted.id);
            self.book.made(channel_id, &token, id);
            Ok(id)
        })
    }

    fn edit(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
        message: Outgoing,
    ) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let edit = whole_message!(EditInteractionResponse::new(), view, &name);
            let body = serde_json::to_value(&edit).map_err(|e| SendError::Failed(e.to_string()))?;
            self.edit_with(channel_id, message_id, &body, Vec::new())
                .await
        })
    }

    fn add_picture(
        &self,
        channel_id: ChannelId,
        message_id: MessageId,
        view: MessageView,
        picture: Picture,
    ) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async move {
            let (body, file) = io::picture_edit(&view, picture);
            self.edit_with(channel_id, message_id, &body, vec![file])
                .await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A clock the test moves.
    fn clock() -> (Clock, Arc<Mutex<SystemTime>>) {
        let now = Arc::new(Mutex::new(
            SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000),
        ));
        let read = now.clone();
        (Arc::new(move || *read.locked()), now)
    }

    #[test]
    fn a_post_follows_up_the_newest_token_five_times_at_most_and_none_past_its_window() {
        let (clock, now) = clock();
        let book = AnswerBook::new(clock);
        let channel = ChannelId::new(7);
        let start = book.now();
        book.note(channel, "old", start, Some(MessageId::new(1)), 0);
        book.note(channel, "new", start + Duration::from_secs(1), None, 1);
        // The newest, until its five follow-ups (one its own answer's) are made.
        for _ in 0..4 {
            assert_eq!(book.for_followup(channel).as_deref(), Some("new"));
        }
        assert_eq!(book.for_followup(channel).as_deref(), Some("old"));
        // An edit goes through the token whose interaction made or showed the message.
        book.made(channel, "new", MessageId::new(2));
        assert_eq!(
            book.for_edit(channel, MessageId::new(1)),
            Some(("old".into(), true))
        );
        assert_eq!(
            book.for_edit(channel, MessageId::new(2)),
            Some(("new".into(), false))
        );
        assert_eq!(book.for_edit(channel, MessageId::new(3)), None);
        // Past the window, nothing.
        *now.locked() = start + TOKEN_USE;
        assert_eq!(book.for_followup(channel), None);
        assert_eq!(book.for_edit(channel, MessageId::new(1)), None);
        assert_eq!(book.for_followup(ChannelId::new(8)), None);
    }

    #[test]
    fn a_chat_is_a_place_of_its_own_and_a_server_without_the_bot_a_guests() {
        let channel = serenity::ChannelId::new(42);
        let guild = serenity::GuildId::new(9);
        let none = serenity::AuthorizingIntegrationOwners::default();
        let chat = place_of(None, channel, &none, |_| true);
        assert_eq!(chat.reach, Reach::Chat);
        assert_eq!(chat.guild_id.get(), 42);
        assert_eq!(chat.shard_guild().get(), 0);
        assert_eq!(chat.link_guild(), None);
        let member = place_of(Some(guild), channel, &none, |_| true);
        assert_eq!(member.reach, Reach::Member);
        let guest = place_of(Some(guild), channel, &none, |_| false);
        assert_eq!(guest.reach, Reach::Guest);
        assert_eq!(guest.guild_id.get(), 9);
        // The server's install of the app makes it the bot's before READY says so; another
        // server's, or a person's, does not.
        let owners = |owner| serenity::AuthorizingIntegrationOwners(vec![owner]);
        let reach = |owners| place_of(Some(guild), channel, &owners, |_| false).reach;
        use poise::serenity_prelude::AuthorizingIntegrationOwner::{GuildInstall, UserInstall};
        assert_eq!(reach(owners(GuildInstall(Some(guild)))), Reach::Member);
        let other = serenity::GuildId::new(10);
        assert_eq!(reach(owners(GuildInstall(Some(other)))), Reach::Guest);
        let person = serenity::UserId::new(3);
        assert_eq!(reach(owners(UserInstall(person))), Reach::Guest);
    }
}
