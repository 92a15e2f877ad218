//! Application commands: the bot's registrations, global and per guild, as Discord keeps and
//! returns them.

use serde_json::{json, Map, Value};

use super::World;
use crate::ids::{CommandId, GuildId};

impl World {
    /// Register (upsert) a command as Discord would return it.
    pub(crate) fn upsert_command(&mut self, guild: Option<GuildId>, cmd: &Value) -> Value {
        let name = cmd
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let kind = cmd.get("type").and_then(Value::as_u64).unwrap_or(1);
        let guild_str = guild.map(|g| g.to_string());
        let existing = self.commands.iter().position(|c| {
            c.get("name").and_then(Value::as_str) == Some(name.as_str())
                && c.get("type").and_then(Value::as_u64) == Some(kind)
                && c.get("guild_id").and_then(Value::as_str) == guild_str.as_deref()
        });
        let id = match existing {
            Some(i) => self.commands[i]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
            None => CommandId(self.next_id()).to_string(),
        };
        let version = self.next_id().to_string();
        let mut full = Map::new();
        full.insert("id".into(), json!(id));
        full.insert(
            "application_id".into(),
            json!(self.application_id.to_string()),
        );
        full.insert("version".into(), json!(version));
        full.insert("type".into(), json!(kind));
        full.insert("name".into(), json!(name));
        full.insert("description".into(), json!(""));
        full.insert("default_member_permissions".into(), Value::Null);
        full.insert("nsfw".into(), json!(false));
        full.insert("integration_types".into(), json!([0]));
        full.insert("contexts".into(), Value::Null);
        if let Some(obj) = cmd.as_object() {
            for (k, v) in obj {
                if !matches!(k.as_str(), "id" | "application_id" | "version" | "guild_id") {
                    full.insert(k.clone(), v.clone());
                }
            }
        }
        if let Some(g) = guild_str {
            full.insert("guild_id".into(), json!(g));
        }
        let full = Value::Object(full);
        match existing {
            Some(i) => self.commands[i] = full.clone(),
            None => self.commands.push(full.clone()),
        }
        full
    }
    /// Replace all commands of one scope (global or a guild).
    pub(crate) fn replace_commands(&mut self, guild: Option<GuildId>, cmds: &[Value]) -> Value {
        let guild_str = guild.map(|g| g.to_string());
        let names: Vec<&str> = cmds.iter().filter_map(|c| c["name"].as_str()).collect();
        self.commands.retain(|c| {
            c.get("guild_id").and_then(Value::as_str) != guild_str.as_deref()
                || names.contains(&c["name"].as_str().unwrap_or_default())
        });
        Value::Array(cmds.iter().map(|c| self.upsert_command(guild, c)).collect())
    }
    pub(crate) fn commands_in(&self, guild: Option<GuildId>) -> Vec<Value> {
        let guild_str = guild.map(|g| g.to_string());
        self.commands
            .iter()
            .filter(|c| c.get("guild_id").and_then(Value::as_str) == guild_str.as_deref())
            .cloned()
            .collect()
    }
}
