//! A slash command run by a user: its name, subcommand and options checked against the
//! command the bot registered (and where the registration lets it run), sent with its resolved
//! users.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::Interaction;
use crate::ids::{ChannelId, GuildId, UserId};
use crate::model::{member_json, user_json, InteractionKind, Place, World};
use crate::violation::{bail, Result};
use crate::Shared;

impl Shared {
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
pub(super) fn add_resolved(w: &World, data: &mut Value) {
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
