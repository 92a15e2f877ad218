//! One-call user actions: run a slash command, click a button, choose in a select menu. Each sends
//! INTERACTION_CREATE over the gateway and returns an [`Interaction`] handle to await the answer.
//!
//! This file has the [`Interaction`] handle and what every action shares: the interaction's
//! payload, recorded and dispatched. `commands` runs slash commands (checked against the
//! registration), `components` clicks buttons and chooses in select menus, and `raw` sends an
//! interaction the test wrote.

mod commands;
mod components;
mod raw;

pub use raw::RawInteraction;

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::ids::{ChannelId, InteractionId, UserId};
use crate::model::{
    member_json, user_json, InteractionKind, InteractionRecord, Message, Place, UserInfo, World,
};
use crate::violation::{bail, Result};
use crate::Shared;

/// Size limit for uploads sent with interactions (bytes).
const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// The bot's first answer to an interaction.
#[derive(Clone, Debug)]
pub struct InitialResponse {
    /// Callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal).
    pub kind: u64,
    /// Time between INTERACTION_CREATE and the callback.
    pub latency: Duration,
    /// How many initial responses arrived so far (1 is correct).
    pub count: usize,
}

/// A sent interaction: await the bot's handling of it.
#[derive(Clone)]
pub struct Interaction {
    pub(crate) shared: Arc<Shared>,
    /// The interaction's id.
    pub id: InteractionId,
    /// The interaction's token.
    pub token: String,
}

impl std::fmt::Debug for Interaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Interaction")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Interaction {
    /// What the stand-in has recorded about this interaction so far.
    pub fn record(&self) -> InteractionRecord {
        self.shared
            .read(|w| w.interaction(self.id).cloned().expect("recorded"))
    }

    /// [`InteractionRecord::describe`] of this interaction.
    fn describe(&self) -> String {
        self.shared
            .read(|w| w.interaction(self.id).expect("recorded").describe())
    }

    /// Wait until the bot sent its initial response (callback).
    pub async fn response(&self) -> Result<InitialResponse> {
        let what = format!("the initial response to {}", self.describe());
        self.shared
            .wait_until(&what, |w| {
                let r = w.interaction(self.id)?;
                let first = r.responses.first()?;
                Some(InitialResponse {
                    kind: first.kind,
                    latency: first.latency,
                    count: r.responses.len(),
                })
            })
            .await
    }

    /// Wait until the user sees an answer: the type 4 message, the filled-in deferred message, the
    /// updated clicked message (type 7, or an edit after type 6), or the first follow-up.
    pub async fn answer(&self) -> Result<Message> {
        let what = format!("a visible answer to {}", self.describe());
        let shared = self
            .shared
            .wait_until(&what, |w| {
                let r = w.interaction(self.id)?;
                w.message_arc(r.answer?).cloned()
            })
            .await?;
        Ok(Message::clone(&shared))
    }

    /// Wait until the interaction has at least `n` follow-up messages; returns them all.
    pub async fn followups(&self, n: usize) -> Result<Vec<Message>> {
        let what = format!("{n} follow-up(s) to {}", self.describe());
        let shared: Vec<Arc<Message>> = self
            .shared
            .wait_until(&what, |w| {
                let r = w.interaction(self.id)?;
                (r.followups.len() >= n).then(|| {
                    r.followups
                        .iter()
                        .filter_map(|m| w.message_arc(*m).cloned())
                        .collect()
                })
            })
            .await?;
        Ok(shared.iter().map(|m| Message::clone(m)).collect())
    }
}

impl Shared {
    /// Register and send an interaction.
    pub(crate) async fn send_interaction(
        self: &Arc<Self>,
        user: UserId,
        channel: ChannelId,
        kind: InteractionKind,
        build: impl FnOnce(&World) -> Result<(u64, Value)>,
    ) -> Result<Interaction> {
        self.send_interaction_from(user, channel, false, kind, build)
            .await
    }

    /// [`send_interaction`](Self::send_interaction), or with `dm` from `user`'s DM with the bot:
    /// no `guild_id`, no `member` (the user as `user`), `channel` their DM channel, context 1,
    /// sent on shard 0 (as Discord sends DMs).
    ///
    /// The payload says where it happens as Discord's do: `context` (0 guild, 1 the DM with the
    /// bot, 2 a group DM), `authorizing_integration_owners` (`"0"`: the guild, where the guild
    /// installed the app; `"1"`: the user, whose install every interaction has) and
    /// `app_permissions` (the bot's where it is a member, else Discord's limited set for user
    /// installs).
    async fn send_interaction_from(
        self: &Arc<Self>,
        user: UserId,
        channel: ChannelId,
        dm: bool,
        kind: InteractionKind,
        build: impl FnOnce(&World) -> Result<(u64, Value)>,
    ) -> Result<Interaction> {
        let place = if dm {
            Some(Place::BotDm)
        } else {
            self.read(|w| w.place_of(channel))
        };
        let Some(place) = place else {
            bail!("unknown channel {channel}")
        };
        let guild = place.guild();
        // A session that is disconnected but resumable gets the interaction when it resumes
        // (Discord queues its dispatches); it is lost if the bot identifies anew instead.
        let what = format!("a gateway session (IDENTIFY) of the shard of guild {guild}");
        self.wait_until(&what, |w| w.guild_reachable(guild).then_some(()))
            .await?;
        self.with(|w| {
            let (interaction_type, data) = build(w)?;
            if w.user(user).is_none() {
                bail!("unknown user {user}")
            }
            if !w.can_see(channel, user) {
                bail!("user {user} is not in channel {channel}, so can't act there")
            }
            let id = InteractionId(w.next_id());
            let token = format!("standin-token-{id}-{}", w.next_id());
            let user_info = w.user(user).expect("checked above");
            let mut owners = Map::new();
            if let Some(g) = place.guild_install() {
                owners.insert("0".into(), json!(g.to_string()));
            }
            owners.insert("1".into(), json!(user.to_string()));
            let app_permissions = match place {
                Place::Guild {
                    installed: true, ..
                }
                | Place::BotDm => crate::model::PERMISSIONS.to_owned(),
                Place::Guild { .. } | Place::GroupDm => {
                    crate::USER_INSTALL_APP_PERMISSIONS.to_string()
                }
            };
            // `json!` copies the values it is given (by serializing them): `data` and `member`
            // are moved in after.
            let mut payload = json!({
                "id": id.to_string(),
                "application_id": w.application_id.to_string(),
                "type": interaction_type,
                "channel_id": channel.to_string(),
                "token": token,
                "version": 1,
                "app_permissions": app_permissions,
                "locale": user_info.locale,
                "entitlements": [],
                "authorizing_integration_owners": owners,
                "context": place.context(),
                "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            });
            add_place(w, place, channel, user_info, &mut payload)?;
            payload["data"] = data;
            if let InteractionKind::Component { message_id, .. } = &kind {
                payload["message"] = w.message_json(*message_id);
                if dm {
                    payload["message"]["channel_id"] = json!(channel.to_string());
                }
            }
            self.record_and_dispatch(w, id, token, kind, user, channel, place, payload)
        })
    }

    /// Records an interaction and sends its INTERACTION_CREATE on the sessions of the shard of
    /// its place's guild (shard 0 for DMs).
    #[allow(clippy::too_many_arguments)]
    fn record_and_dispatch(
        self: &Arc<Self>,
        w: &mut World,
        id: InteractionId,
        token: String,
        kind: InteractionKind,
        user: UserId,
        channel: ChannelId,
        place: Place,
        payload: Value,
    ) -> Result<Interaction> {
        let guild = place.guild();
        let record = InteractionRecord {
            id,
            token: token.clone(),
            kind,
            user,
            channel_id: channel,
            sent_at: Instant::now(),
            responses: Vec::new(),
            original: None,
            answer: None,
            followups: Vec::new(),
            modal: None,
            choices: None,
            shards: Vec::new(),
            created_at: w.clock.now(),
            context: place.context(),
            guild_install: place.guild_install(),
            user_install: Some(user),
            followup_posts: 0,
        };
        let i = w.push_interaction(record);
        let shards = w.dispatch_to_guild(guild, "INTERACTION_CREATE", payload);
        if shards.is_empty() {
            bail!("the bot has no gateway session for the shard of guild {guild}");
        }
        w.interactions[i].shards = shards;
        Ok(Interaction {
            shared: Arc::clone(self),
            id,
            token,
        })
    }
}

/// Where an interaction happens, in its payload as Discord puts it there: the channel (the DM
/// with the bot, a group DM, or a guild's channel or thread) and the user (as `user`, or as the
/// guild's `member`, with the guild's id and locale).
fn add_place(
    w: &World,
    place: Place,
    channel: ChannelId,
    user_info: &UserInfo,
    payload: &mut Value,
) -> Result<()> {
    match place {
        Place::BotDm => {
            payload["channel"] = json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "flags": 0,
                "recipients": [user_json(user_info)],
            });
            payload["user"] = user_json(user_info);
        }
        Place::GroupDm => {
            let ch = w.channel(channel).expect("a group DM is a channel");
            let members = ch.recipients.iter().flatten();
            let recipients: Vec<Value> =
                members.filter_map(|u| w.user(*u)).map(user_json).collect();
            payload["channel"] = json!({
                "id": channel.to_string(),
                "type": 3,
                "name": ch.name,
                "icon": null,
                "owner_id": ch.recipients.iter().flatten().next().map(|u| u.to_string()),
                "last_message_id": null,
                "flags": 0,
            });
            payload["channel"]["recipients"] = Value::Array(recipients);
            payload["user"] = user_json(user_info);
        }
        Place::Guild { guild, .. } => {
            let Some(ch) = w.channel(channel) else {
                bail!("unknown channel {channel}")
            };
            payload["guild_id"] = json!(guild.to_string());
            payload["channel"] = json!({
                "id": ch.id.to_string(),
                // A public thread (11) names its channel.
                "type": if ch.parent.is_some() { 11 } else { 0 },
                "parent_id": ch.parent.map(|p| p.to_string()),
                "name": ch.name,
                "guild_id": guild.to_string(),
                "permissions": crate::model::PERMISSIONS,
            });
            payload["guild_locale"] = json!(w.guild(guild).map(|g| &g.locale));
            payload["member"] = member_json(user_info, true);
        }
    }
    Ok(())
}
