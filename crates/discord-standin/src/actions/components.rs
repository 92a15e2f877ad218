//! A user's click on a button and choice in a select menu of a message they see (or a click
//! sent whatever the message shows now).

use std::sync::Arc;

use serde_json::{json, Map};

use super::Interaction;
use crate::ids::{ChannelId, MessageId, UserId};
use crate::model::{user_json, InteractionKind, Message, World};
use crate::violation::{bail, Result};
use crate::Shared;

impl Shared {
    /// A user clicks a button (by label or custom_id) on a message.
    pub(crate) async fn click(
        self: &Arc<Self>,
        user: UserId,
        message: MessageId,
        label: Option<&str>,
        custom_id: Option<&str>,
    ) -> Result<Interaction> {
        let (channel, custom_id) = self.read(|w| -> Result<(ChannelId, String)> {
            let m = visible_message(w, user, message)?;
            let buttons = m.buttons();
            let describe = || {
                buttons
                    .iter()
                    .map(|b| {
                        format!(
                            "{:?}/{:?}{}",
                            b.label.as_deref().unwrap_or(""),
                            b.custom_id.as_deref().unwrap_or(""),
                            if b.disabled { " (disabled)" } else { "" }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let matching: Vec<_> = buttons
                .iter()
                .filter(|b| match (label, custom_id) {
                    (Some(l), _) => b.label.as_deref() == Some(l),
                    (None, Some(c)) => b.custom_id.as_deref() == Some(c),
                    (None, None) => false,
                })
                .collect();
            let wanted = label.or(custom_id).unwrap_or_default();
            let button = match matching.as_slice() {
                [] => bail!(
                    "message {message} has no button {wanted:?}; its buttons (label/custom_id): [{}]",
                    describe()
                ),
                [b] => *b,
                _ => bail!(
                    "message {message} has {} buttons {wanted:?}; click by custom_id instead: [{}]",
                    matching.len(),
                    describe()
                ),
            };
            if button.disabled {
                bail!("button {wanted:?} on message {message} is disabled; a person can't click it");
            }
            let Some(id) = button.custom_id.clone() else {
                bail!("button {wanted:?} on message {message} is a link button; it opens a URL");
            };
            Ok((m.channel_id, id))
        })?;
        self.send_click(user, channel, message, custom_id).await
    }

    /// A click carrying `custom_id` whatever the message shows now: what a client still showing an
    /// earlier state of the message (or a forged one) sends.
    pub(crate) async fn click_raw(
        self: &Arc<Self>,
        user: UserId,
        message: MessageId,
        custom_id: &str,
    ) -> Result<Interaction> {
        let channel = self.read(|w| visible_message(w, user, message).map(|m| m.channel_id))?;
        self.send_click(user, channel, message, custom_id.to_owned())
            .await
    }

    /// Sends the button click `custom_id` on `message` as `user`.
    async fn send_click(
        self: &Arc<Self>,
        user: UserId,
        channel: ChannelId,
        message: MessageId,
        custom_id: String,
    ) -> Result<Interaction> {
        let kind = InteractionKind::Component {
            custom_id: custom_id.clone(),
            message_id: message,
            values: vec![],
        };
        self.send_interaction(user, channel, kind, |_| {
            Ok((3, json!({"custom_id": custom_id, "component_type": 2})))
        })
        .await
    }

    /// A user chooses values in a select menu.
    pub(crate) async fn select(
        self: &Arc<Self>,
        user: UserId,
        message: MessageId,
        custom_id: &str,
        values: &[&str],
    ) -> Result<Interaction> {
        let (channel, component_type) = self.read(|w| -> Result<(ChannelId, u64)> {
            let m = visible_message(w, user, message)?;
            let menus = m.select_menus();
            let Some(menu) = menus.iter().find(|s| s.custom_id == custom_id) else {
                bail!(
                    "message {message} has no select menu {custom_id:?}; it has {:?}",
                    menus.iter().map(|s| &s.custom_id).collect::<Vec<_>>()
                );
            };
            if menu.disabled {
                bail!("select menu {custom_id:?} on message {message} is disabled");
            }
            let n = values.len() as u64;
            if n < menu.min_values || n > menu.max_values {
                bail!(
                    "{n} values chosen in {custom_id:?}; it takes {} to {}",
                    menu.min_values,
                    menu.max_values
                );
            }
            if menu.kind == 3 {
                for v in values {
                    if !menu.options.iter().any(|o| o.value == *v) {
                        bail!(
                            "select menu {custom_id:?} has no option with value {v:?}; values: {:?}",
                            menu.options.iter().map(|o| &o.value).collect::<Vec<_>>()
                        );
                    }
                }
            }
            Ok((m.channel_id, menu.kind))
        })?;
        let values: Vec<String> = values.iter().map(|v| (*v).to_owned()).collect();
        let kind = InteractionKind::Component {
            custom_id: custom_id.to_owned(),
            message_id: message,
            values: values.clone(),
        };
        let custom_id = custom_id.to_owned();
        self.send_interaction(user, channel, kind, move |w| {
            let mut data =
                json!({"custom_id": custom_id, "component_type": component_type, "values": values});
            if component_type == 5 {
                let mut users = Map::new();
                for v in values.iter() {
                    if let Some(u) = v.parse().ok().and_then(|id| w.user(UserId(id))) {
                        users.insert(v.clone(), user_json(u));
                    }
                }
                data["resolved"] = json!({"users": users});
            }
            Ok((3, data))
        })
        .await
    }
}

pub(super) fn visible_message(w: &World, user: UserId, id: MessageId) -> Result<&Message> {
    match w.message(id) {
        None => bail!("there is no message {id}"),
        Some(m) if m.deleted => bail!("message {id} was deleted"),
        Some(m) if !w.can_see(m.channel_id, user) => {
            bail!("message {id} is in a channel user {user} is not in")
        }
        Some(m) if m.visible_to.is_some_and(|u| u != user) => {
            bail!("message {id} is ephemeral for another user; user {user} can't see it")
        }
        Some(m) => Ok(m),
    }
}
