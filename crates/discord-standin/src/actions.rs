//! One-call user actions: run a slash command, click a button, choose in a select menu. Each sends
//! INTERACTION_CREATE over the gateway and returns an [`Interaction`] handle to await the answer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::ids::{ChannelId, GuildId, InteractionId, MessageId, UserId};
use crate::model::{
    member_json, user_json, InteractionKind, InteractionRecord, Message, Place, World,
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

    /// A user runs a slash command.
    pub(crate) async fn run_slash(
        self: &Arc<Self>,
        user: UserId,
        channel: ChannelId,
        command: &str,
        sub: Option<&str>,
        options: Value,
    ) -> Result<Interaction> {
        let found = self.read(|w| {
            let place = w.place_of(channel)?;
            let name = w.channel(channel).map_or_else(
                || "their DM with the bot".to_owned(),
                |c| format!("{:?}", c.name),
            );
            Some((place, name))
        });
        let Some((place, where_)) = found else {
            bail!("unknown channel {channel}")
        };
        let guild = match place {
            Place::Guild { guild, .. } => Some(guild),
            Place::BotDm | Place::GroupDm => None,
        };
        let guild_str = guild.map(|g| g.to_string());
        // Poise registers commands in its setup, after READY: wait for the registration.
        let what = format!("the bot to register /{command}");
        let def = self
            .wait_until(&what, |w| {
                w.commands
                    .iter()
                    .find(|c| {
                        c["name"] == command
                            && c.get("type").and_then(Value::as_u64).unwrap_or(1) == 1
                            && c.get("guild_id")
                                .and_then(Value::as_str)
                                .is_none_or(|g| Some(g) == guild_str.as_deref())
                    })
                    .cloned()
            })
            .await?;
        offered_in(&def, place, &where_)?;
        let path = match sub {
            Some(s) => format!("{command} {s}"),
            None => command.to_owned(),
        };
        let data = command_data(&def, sub, &options, guild)?;
        let kind = InteractionKind::Command { path };
        self.send_interaction(user, channel, kind, |w| {
            let mut data = data;
            add_resolved(w, &mut data);
            Ok((2, data))
        })
        .await
    }

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

/// Whether Discord offers the registered command `def` to a person in `place` (`where_` names it
/// for the error): its `integration_types` (absent or null: `[0]`, guild install only) must hold
/// an install that is there (the guild's, `0`, only in a guild that installed the app; the user's,
/// `1`, everywhere: every user installed it), and its `contexts` (absent or null: `[0, 1, 2]`) the
/// place's context.
fn offered_in(def: &Value, place: Place, where_: &str) -> Result<()> {
    let list = |key: &str, default: &[u64]| -> Vec<u64> {
        match def.get(key).and_then(Value::as_array) {
            Some(items) => items.iter().filter_map(Value::as_u64).collect(),
            None => default.to_vec(),
        }
    };
    let name = def["name"].as_str().unwrap_or_default();
    let integration_types = list("integration_types", &[0]);
    let installs: &[u64] = match place {
        Place::Guild {
            installed: true, ..
        } => &[0, 1],
        _ => &[1],
    };
    if !integration_types.iter().any(|t| installs.contains(t)) {
        bail!(
            "Discord doesn't offer /{name} in {where_}: its integration_types {integration_types:?} \
             hold none of the installs there {installs:?} (0: the server's, 1: the user's)"
        );
    }
    let contexts = list("contexts", &[0, 1, 2]);
    let context = u64::from(place.context());
    if !contexts.contains(&context) {
        bail!(
            "Discord doesn't offer /{name} in {where_}: its contexts {contexts:?} don't include \
             {context} ({})",
            ["GUILD", "BOT_DM", "PRIVATE_CHANNEL"][context as usize]
        );
    }
    Ok(())
}

fn visible_message(w: &World, user: UserId, id: MessageId) -> Result<&Message> {
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

/// Build `data` of a chat-input interaction from the registered command and the options given as
/// a JSON object (`{"players": 3}`), checking names, types, choices and required options.
fn command_data(
    def: &Value,
    sub: Option<&str>,
    options: &Value,
    guild: Option<GuildId>,
) -> Result<Value> {
    let name = def["name"].as_str().unwrap_or_default();
    let mut level: &Value = def;
    let mut chain: Vec<(String, u64)> = Vec::new();
    for part in sub.unwrap_or_default().split_whitespace() {
        let found = level["options"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|o| o["name"] == part && matches!(o["type"].as_u64(), Some(1 | 2)));
        let Some(found) = found else {
            bail!(
                "/{name} has no subcommand (group) {part:?} here; it has {:?}",
                subcommand_names(level)
            );
        };
        chain.push((part.to_owned(), found["type"].as_u64().unwrap_or(1)));
        level = found;
    }
    if !subcommand_names(level).is_empty() {
        bail!(
            "/{name}{} needs a subcommand: one of {:?}",
            sub.map(|s| format!(" {s}")).unwrap_or_default(),
            subcommand_names(level)
        );
    }
    let leaf = leaf_options(level, options, name)?;
    // Nest the leaf options inside the subcommand chain, innermost first.
    let mut opts = leaf;
    for (part, kind) in chain.into_iter().rev() {
        opts = vec![json!({"name": part, "type": kind, "options": opts})];
    }
    let mut data = json!({
        "id": def["id"],
        "name": name,
        "type": 1,
        "options": opts,
    });
    let guild_id = def.get("guild_id").cloned();
    if let Some(guild_id) = guild_id.or_else(|| guild.map(|g| json!(g.to_string()))) {
        data["guild_id"] = guild_id;
    }
    Ok(data)
}

fn subcommand_names(level: &Value) -> Vec<String> {
    level["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
        .filter_map(|o| o["name"].as_str().map(str::to_owned))
        .collect()
}

fn leaf_options(level: &Value, given: &Value, name: &str) -> Result<Vec<Value>> {
    let empty = Map::new();
    let given = match given {
        Value::Null => &empty,
        Value::Object(m) => m,
        other => bail!("options must be a JSON object of name → value, not {other}"),
    };
    let declared: Vec<&Value> = level["options"].as_array().into_iter().flatten().collect();
    for key in given.keys() {
        if !declared.iter().any(|o| o["name"] == key.as_str()) {
            bail!(
                "/{name} has no option {key:?}; its options are {:?}",
                declared
                    .iter()
                    .filter_map(|o| o["name"].as_str())
                    .collect::<Vec<_>>()
            );
        }
    }
    let mut out = Vec::new();
    for opt in declared {
        let oname = opt["name"].as_str().unwrap_or_default();
        let kind = opt["type"].as_u64().unwrap_or(3);
        let Some(value) = given.get(oname) else {
            if opt["required"].as_bool().unwrap_or(false) {
                bail!("/{name}: the required option {oname:?} is missing");
            }
            continue;
        };
        let ok = match kind {
            3 => value.is_string(),
            4 => value.is_i64() || value.is_u64(),
            5 => value.is_boolean(),
            6..=9 => value.is_string() || value.is_u64(),
            10 => value.is_number(),
            _ => {
                bail!("/{name}: option {oname:?} has type {kind}, which the stand-in can't fill in")
            }
        };
        if !ok {
            bail!("/{name}: option {oname:?} (type {kind}) can't take the value {value}");
        }
        if let Some(n) = value.as_f64().filter(|_| matches!(kind, 4 | 10)) {
            let (min, max) = (opt["min_value"].as_f64(), opt["max_value"].as_f64());
            if min.is_some_and(|m| n < m) || max.is_some_and(|m| n > m) {
                bail!("/{name}: {value} is outside the range of {oname:?} ({min:?} to {max:?})");
            }
        }
        if let Some(len) = value
            .as_str()
            .filter(|_| kind == 3)
            .map(|s| s.chars().count() as u64)
        {
            let (min, max) = (opt["min_length"].as_u64(), opt["max_length"].as_u64());
            if min.is_some_and(|m| len < m) || max.is_some_and(|m| len > m) {
                bail!("/{name}: {value} has the wrong length for {oname:?} ({min:?} to {max:?})");
            }
        }
        if let Some(choices) = opt["choices"].as_array().filter(|c| !c.is_empty()) {
            if !choices.iter().any(|c| c["value"] == *value) {
                bail!(
                    "/{name}: {value} is not one of the choices of {oname:?}: {:?}",
                    choices
                        .iter()
                        .map(|c| c["value"].clone())
                        .collect::<Vec<_>>()
                );
            }
        }
        let value = match (kind, value) {
            (6..=9, Value::Number(n)) => json!(n.to_string()),
            _ => value.clone(),
        };
        out.push(json!({"name": oname, "type": kind, "value": value}));
    }
    Ok(out)
}

/// Add `resolved` users/members/channels for user and channel options.
fn add_resolved(w: &World, data: &mut Value) {
    fn collect(opts: &Value, out: &mut Vec<(u64, String)>) {
        for o in opts.as_array().into_iter().flatten() {
            match o["type"].as_u64() {
                Some(1 | 2) => collect(&o["options"], out),
                Some(k @ 6..=9) => {
                    out.push((k, o["value"].as_str().unwrap_or_default().to_owned()))
                }
                _ => {}
            }
        }
    }
    let mut ids = Vec::new();
    collect(&data["options"], &mut ids);
    if ids.is_empty() {
        return;
    }
    let (mut users, mut members, mut channels) = (Map::new(), Map::new(), Map::new());
    for (_, id) in ids {
        let n: u64 = id.parse().unwrap_or(0);
        if let Some(u) = w.user(UserId(n)) {
            users.insert(id.clone(), user_json(u));
            let mut m = member_json(u, true);
            if let Some(obj) = m.as_object_mut() {
                obj.remove("user");
            }
            members.insert(id.clone(), m);
        } else if let Some(i) = w.channel_position(ChannelId(n)) {
            let mut c = crate::model::channel_json(&w.channels[i], i);
            c["permissions"] = json!(crate::model::PERMISSIONS);
            channels.insert(id.clone(), c);
        }
    }
    data["resolved"] = json!({"users": users, "members": members, "channels": channels});
}

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
