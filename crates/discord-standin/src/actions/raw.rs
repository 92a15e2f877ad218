//! An interaction the test writes itself ([`RawInteraction`]), sent as it is.

use std::sync::Arc;

use serde_json::{json, Value};

use super::commands::add_resolved;
use super::components::visible_message;
use super::Interaction;
use crate::ids::{ChannelId, MessageId, UserId};
use crate::model::InteractionKind;
use crate::violation::Result;
use crate::Shared;

/// An interaction the test writes itself, sent as it is: what a forged request, an out-of-date
/// client or a Discord that checks less than documented could send. Unlike
/// [`Standin::run_slash`](crate::Standin::run_slash) nothing is checked against the registered
/// command: any name, subcommand, option, type or value goes. Send it with
/// [`Standin::send_raw`](crate::Standin::send_raw).
#[derive(Clone, Debug)]
pub struct RawInteraction {
    target: RawTarget,
    data: Value,
    dm: bool,
}

#[derive(Clone, Debug)]
enum RawTarget {
    Command(ChannelId),
    Component(MessageId),
}

impl RawInteraction {
    /// A chat-input command (interaction type 2) in `channel` with `data` as given, e.g.
    /// `{"name": "forgetit", "options": [{"name": "start", "type": 1, "options": [{"name":
    /// "target", "type": 3, "value": "lots"}]}]}`. The stand-in only adds what is missing of
    /// `"type": 1`, `"id"` (the registered command's of that name, else a new one) and
    /// `"resolved"` (for user, role and channel options it knows).
    pub fn command(channel: ChannelId, data: Value) -> Self {
        RawInteraction {
            target: RawTarget::Command(channel),
            data,
            dm: false,
        }
    }

    /// A component interaction (type 3) on `message` with `data` as given, e.g. `{"custom_id":
    /// "anything", "component_type": 2}` (`"component_type": 2` is added when missing), whatever
    /// the message shows.
    pub fn component(message: MessageId, data: Value) -> Self {
        RawInteraction {
            target: RawTarget::Component(message),
            data,
            dm: false,
        }
    }

    /// Sent from the user's DM with the bot instead: no `guild_id`, no `member` (the user comes as
    /// `user`), no `guild_locale`, `context` 1, `authorizing_integration_owners` `{"1": user}`
    /// (the user's install), the channel their DM channel
    /// ([`Standin::dm_channel`](crate::Standin::dm_channel)), delivered on shard 0 as Discord does.
    /// The bot's answers land in that channel.
    pub fn in_dm(mut self) -> Self {
        self.dm = true;
        self
    }
}

impl Shared {
    /// Sends a [`RawInteraction`] as `user`.
    pub(crate) async fn send_raw(
        self: &Arc<Self>,
        user: UserId,
        raw: RawInteraction,
    ) -> Result<Interaction> {
        let RawInteraction { target, data, dm } = raw;
        let dm_channel = dm.then(|| self.with(|w| w.dm_channel(user)));
        match target {
            RawTarget::Command(channel) => {
                let channel = dm_channel.unwrap_or(channel);
                let name = data["name"].as_str().unwrap_or_default().to_owned();
                let mut path = vec![name.clone()];
                let mut level = &data;
                while let Some(sub) = level["options"]
                    .as_array()
                    .and_then(|o| o.iter().find(|o| matches!(o["type"].as_u64(), Some(1 | 2))))
                {
                    path.push(sub["name"].as_str().unwrap_or_default().to_owned());
                    level = sub;
                }
                let kind = InteractionKind::Command {
                    path: path.join(" "),
                };
                self.send_interaction_from(user, channel, dm, kind, move |w| {
                    let mut data = data;
                    if let Some(obj) = data.as_object_mut() {
                        obj.entry("type").or_insert(json!(1));
                        if !obj.contains_key("id") {
                            let id = w
                                .commands
                                .iter()
                                .find(|c| c["name"] == name.as_str())
                                .map(|c| c["id"].clone())
                                // An id no registered command has.
                                .unwrap_or_else(|| json!("1"));
                            obj.insert("id".into(), id);
                        }
                    }
                    if data.get("resolved").is_none() {
                        add_resolved(w, &mut data);
                    }
                    Ok((2, data))
                })
                .await
            }
            RawTarget::Component(message) => {
                let shown_in =
                    self.read(|w| visible_message(w, user, message).map(|m| m.channel_id))?;
                let channel = dm_channel.unwrap_or(shown_in);
                let kind = InteractionKind::Component {
                    custom_id: data["custom_id"].as_str().unwrap_or_default().to_owned(),
                    message_id: message,
                    values: data["values"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                        .collect(),
                };
                self.send_interaction_from(user, channel, dm, kind, move |_| {
                    let mut data = data;
                    if let Some(obj) = data.as_object_mut() {
                        obj.entry("component_type").or_insert(json!(2));
                    }
                    Ok((3, data))
                })
                .await
            }
        }
    }
}
