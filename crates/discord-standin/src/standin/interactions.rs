//! Users' actions, each one call (a slash command, a click, a select, an interaction written by
//! the test), and the log of interactions sent and commands registered.

use serde_json::Value;

use super::Standin;
use crate::violation::Result;
use crate::{ChannelId, Interaction, InteractionRecord, MessageId, RawInteraction, UserId};

impl Standin {
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

    /// Every interaction sent, with how the bot answered it.
    pub fn interactions(&self) -> Vec<InteractionRecord> {
        self.shared.read(|w| w.interactions.clone())
    }

    /// Registered commands as the stand-in returned them (guild ones carry `guild_id`).
    pub fn commands(&self) -> Vec<Value> {
        self.shared.read(|w| w.commands.clone())
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
}
