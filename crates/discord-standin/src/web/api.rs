//! The page's JSON API: the world, a channel as one person sees it, and acting as a person.
//!
//! Ids are snowflakes (u64): they travel as strings, since JavaScript numbers lose precision above
//! 2^53; requests may give them as strings or numbers.

use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::ids::{snowflake, snowflake_ms, ChannelId, MessageId, UserId};
use crate::model::{
    attachment_json, InteractionKind, InteractionRecord, Message, UserInfo, World, EMBED_IMAGE_URLS,
};
use crate::{Shared, StandinError, INITIAL_RESPONSE_DEADLINE};

/// An API error: its status and one sentence for the page (`{"error": "..."}`).
pub(super) struct ApiError(StatusCode, String);

impl ApiError {
    fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError(StatusCode::BAD_REQUEST, message.into())
    }
}

impl From<StandinError> for ApiError {
    /// The stand-in's errors become 400s; only their first line (a timeout adds a long report of
    /// recent activity).
    fn from(e: StandinError) -> ApiError {
        ApiError::bad_request(e.0.lines().next().unwrap_or_default())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"error": self.1}))).into_response()
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

/// The change counter now. Read it before reading the world: what is read then reflects at least
/// this version.
fn version(shared: &Shared) -> u64 {
    *shared.changed.borrow()
}

/// `GET /api/world`: guilds with their channels, the people, the bot, the registered commands
/// (as the bot registered them), the violations, whether the bot is connected, and the version.
pub(super) async fn world(State(shared): State<Arc<Shared>>) -> Json<Value> {
    let version = version(&shared);
    Json(shared.read(|w| {
        let guilds: Vec<Value> = w
            .guilds
            .iter()
            .map(|g| {
                let channels: Vec<Value> = w
                    .channels
                    .iter()
                    .filter(|c| c.guild_id == g.id)
                    .map(|c| {
                        json!({
                            "id": c.id.to_string(),
                            "name": c.name,
                            "parent_id": c.parent.map(|p| p.to_string()),
                            "archived": c.archived,
                        })
                    })
                    .collect();
                json!({
                    "id": g.id.to_string(),
                    "name": g.name,
                    "locale": g.locale,
                    "user_install": g.user_install,
                    "channels": channels,
                })
            })
            .collect();
        // Group DMs, each with its members (the page shows one only to them).
        let group_dms: Vec<Value> = w
            .channels
            .iter()
            .filter_map(|c| {
                let members = c.recipients.as_ref()?;
                Some(json!({
                    "id": c.id.to_string(),
                    "name": c.name,
                    "members": members.iter().map(ToString::to_string).collect::<Vec<_>>(),
                }))
            })
            .collect();
        let violations: Vec<Value> = w
            .violations
            .iter()
            .map(|v| {
                json!({
                    "kind": v.kind.to_string(),
                    "method": v.method,
                    "path": v.path,
                    "pointer": v.pointer,
                    "reason": v.reason,
                })
            })
            .collect();
        json!({
            "version": version,
            "guilds": guilds,
            "group_dms": group_dms,
            "users": w.users.iter().map(user_json).collect::<Vec<_>>(),
            "bot": user_json(&w.bot),
            "connected": w.ready_count > 0 && !w.live_shards().is_empty(),
            "commands": w.commands,
            "violations": violations,
        })
    }))
}

fn user_json(u: &UserInfo) -> Value {
    json!({"id": u.id.to_string(), "name": u.name, "locale": u.locale, "bot": u.bot})
}

#[derive(Deserialize)]
pub(super) struct Viewer {
    /// The person whose view it is (their ephemeral messages and failed interactions).
    #[serde(rename = "as")]
    user: Option<String>,
}

/// `GET /api/channels/{id}/messages?as={user}`: the channel's messages as that person sees them
/// (deleted ones left out), and their interactions there that failed.
pub(super) async fn messages(
    State(shared): State<Arc<Shared>>,
    Path(channel): Path<String>,
    Query(viewer): Query<Viewer>,
) -> ApiResult {
    let channel = ChannelId(parse_id(&Value::String(channel), "the channel")?);
    let user = match viewer.user.filter(|u| !u.is_empty()) {
        Some(u) => Some(UserId(parse_id(&Value::String(u), "`as`")?)),
        None => None,
    };
    let version = version(&shared);
    shared.read(|w| {
        let Some(info) = w.channel(channel) else {
            return Err(ApiError(
                StatusCode::NOT_FOUND,
                format!("There is no channel {channel}."),
            ));
        };
        if let Some(user) = user {
            let who = person(w, user)?;
            if !w.can_see(channel, user) {
                return Err(ApiError(
                    StatusCode::FORBIDDEN,
                    format!("{} is not in the group DM {:?}.", who.name, info.name),
                ));
            }
        }
        let now = Instant::now();
        let messages: Vec<Value> = w
            .visible_iter(channel, user)
            .map(|m| message_json(w, m))
            .collect();
        let failed: Vec<Value> = w
            .interactions
            .iter()
            .filter(|i| Some(i.user) == user && i.channel_id == channel && has_failed(i, now))
            .map(|i| {
                let mut v = interaction_json(w, i);
                v["failed"] = json!(true);
                v
            })
            .collect();
        Ok(Json(json!({
            "version": version,
            "channel": {
                "id": info.id.to_string(),
                "name": info.name,
                "group_dm": info.is_group_dm(),
            },
            "messages": messages,
            "failed": failed,
        })))
    })
}

/// Discord shows "This interaction failed" when the bot doesn't answer within 3 seconds.
fn has_failed(i: &InteractionRecord, now: Instant) -> bool {
    match i.responses.first() {
        None => now.duration_since(i.sent_at) > INITIAL_RESPONSE_DEADLINE,
        Some(first) => first.latency > INITIAL_RESPONSE_DEADLINE,
    }
}

/// A message's attachments for the page: as Discord returns them, with the page's own path (the
/// page serves them too) as `url`.
fn page_attachments(m: &Message) -> Vec<Value> {
    m.attachments()
        .iter()
        .map(|a| {
            let mut v = attachment_json("", m.channel_id, a);
            v["proxy_url"] = v["url"].clone();
            v
        })
        .collect()
}

/// A message's embeds for the page: an image of one of its attachments (an embed's
/// `attachment://` image, which the stand-in pointed at its REST server) at the page's own path.
fn page_embeds(w: &World, m: &Message) -> Vec<Value> {
    let mut embeds = m.state.embeds.clone();
    for embed in &mut embeds {
        for at in EMBED_IMAGE_URLS {
            let Some(url) = embed.pointer_mut(at) else {
                continue;
            };
            let path = url
                .as_str()
                .and_then(|u| u.strip_prefix(w.rest_url.as_str()))
                .filter(|p| m.attachments().iter().any(|a| a.path(m.channel_id) == *p))
                .map(str::to_owned);
            if let Some(path) = path {
                *url = json!(path);
            }
        }
    }
    embeds
}

fn message_json(w: &World, m: &Message) -> Value {
    let attachments = page_attachments(m);
    let author = w.user(m.author);
    let interaction = m
        .interaction
        .and_then(|id| w.interaction(id))
        .map(|i| interaction_json(w, i))
        .or_else(|| {
            // A message from before a restart keeps who used which command.
            m.used.as_ref().map(|used| {
                let name = w
                    .user(used.user)
                    .map_or("unknown user", |u| u.name.as_str());
                json!({
                    "kind": "command",
                    "user": {"id": used.user.to_string(), "name": name},
                    "command": used.command,
                })
            })
        });
    json!({
        "id": m.id.to_string(),
        "author": {
            "id": m.author.to_string(),
            "name": author.map_or("unknown user", |u| u.name.as_str()),
            "bot": author.is_some_and(|u| u.bot),
        },
        "type": m.kind,
        "content": m.state.content,
        "embeds": page_embeds(w, m),
        "attachments": attachments,
        "components": m.state.components,
        "flags": m.state.flags,
        "ephemeral": m.is_ephemeral(),
        "edited": m.edited_ms.is_some(),
        "loading": m.loading,
        "timestamp": snowflake_ms(m.id.get()),
        "interaction": interaction,
    })
}

/// Who did what: `{"id", "kind": "command"|"component", "user": {"id", "name"}, "command":
/// "forgetit start"}` for commands, `"message"` (the clicked one) and `"custom_id"` for
/// components; `"original"`: the interaction's original response (or the clicked message).
fn interaction_json(w: &World, i: &InteractionRecord) -> Value {
    let name = w.user(i.user).map_or("unknown user", |u| u.name.as_str());
    let mut v = json!({
        "id": i.id.to_string(),
        "user": {"id": i.user.to_string(), "name": name},
        "original": i.original.map(|m| m.to_string()),
        "timestamp": snowflake_ms(i.id.get()),
    });
    match &i.kind {
        InteractionKind::Command { path } => {
            v["kind"] = json!("command");
            v["command"] = json!(path);
        }
        InteractionKind::Component {
            custom_id,
            message_id,
            ..
        } => {
            v["kind"] = json!("component");
            v["custom_id"] = json!(custom_id);
            v["message"] = json!(message_id.to_string());
        }
    }
    if i.modal.is_some() {
        v["modal"] = json!(true);
    }
    v
}

/// The person (not the bot) with this id.
fn person(w: &World, id: UserId) -> Result<&UserInfo, ApiError> {
    w.person(id)
        .ok_or_else(|| ApiError::bad_request(format!("There is no person with the id {id}.")))
}

/// A snowflake given as a string of digits or as a number.
fn parse_id(v: &Value, what: &str) -> Result<u64, ApiError> {
    snowflake(v).filter(|id| *id > 0).ok_or_else(|| {
        ApiError::bad_request(format!(
            "{what} must be an id (a string of digits), not {v}."
        ))
    })
}

/// `POST /api/interactions`: act as a person. Sends the interaction and answers at once with
/// `{"id": interaction id}`; the bot's answer comes with the live updates.
///
/// - `{"type": "command", "as": USER, "channel": CH, "name": "forgetit", "subcommand": "start",
///   "options": {"target": 50}}` (`subcommand` may be `"group sub"`, or absent)
/// - `{"type": "click", "as": USER, "message": MSG, "custom_id": "..."}`
/// - `{"type": "select", "as": USER, "message": MSG, "custom_id": "...", "values": ["..."]}`
pub(super) async fn interact(State(shared): State<Arc<Shared>>, body: Bytes) -> ApiResult {
    let body: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad_request(format!("The request is not valid JSON: {e}.")))?;
    let field = |name: &str| body.get(name).unwrap_or(&Value::Null);
    let text = |name: &str| -> Result<&str, ApiError> {
        field(name).as_str().ok_or_else(|| {
            ApiError::bad_request(format!("The request needs `{name}` as a string."))
        })
    };
    let user = UserId(parse_id(field("as"), "`as`")?);
    shared.read(|w| person(w, user).map(|_| ()))?;
    let interaction = match text("type")? {
        "command" => {
            let channel = ChannelId(parse_id(field("channel"), "`channel`")?);
            let name = text("name")?;
            let sub = match field("subcommand") {
                Value::Null => None,
                Value::String(s) if s.trim().is_empty() => None,
                Value::String(s) => Some(s.as_str()),
                other => {
                    return Err(ApiError::bad_request(format!(
                        "`subcommand` must be a string, not {other}."
                    )))
                }
            };
            let options = field("options").clone();
            if !(options.is_null() || options.is_object()) {
                return Err(ApiError::bad_request(
                    "`options` must be an object of option name → value.",
                ));
            }
            // Before the bot registered anything, `run_slash` waits for the registration.
            let known = shared.read(|w| {
                w.commands.is_empty()
                    || w.commands
                        .iter()
                        .any(|c| c["name"] == name && c["type"].as_u64().unwrap_or(1) == 1)
            });
            if !known {
                return Err(ApiError::bad_request(format!(
                    "The bot has registered no slash command /{name}."
                )));
            }
            shared.run_slash(user, channel, name, sub, options).await?
        }
        "click" => {
            let message = MessageId(parse_id(field("message"), "`message`")?);
            let custom_id = text("custom_id")?;
            let (shown, shown_before) = shared.read(|w| {
                w.message(message).map_or((false, false), |m| {
                    let shown = m
                        .buttons()
                        .iter()
                        .any(|b| b.custom_id.as_deref() == Some(custom_id));
                    let before = m
                        .history
                        .iter()
                        .any(|s| has_custom_id(&s.components, custom_id));
                    (shown, before)
                })
            });
            if shown || !shown_before {
                shared.click(user, message, None, Some(custom_id)).await?
            } else {
                // The page still showed an earlier state of the message: Discord's client sends
                // such a click too, and the bot decides what a stale click does.
                shared.click_raw(user, message, custom_id).await?
            }
        }
        "select" => {
            let message = MessageId(parse_id(field("message"), "`message`")?);
            let custom_id = text("custom_id")?;
            let values: Option<Vec<&str>> = field("values")
                .as_array()
                .and_then(|vs| vs.iter().map(Value::as_str).collect());
            let Some(values) = values else {
                return Err(ApiError::bad_request(
                    "The request needs `values` as a list of strings.",
                ));
            };
            shared.select(user, message, custom_id, &values).await?
        }
        other => {
            return Err(ApiError::bad_request(format!(
                "Unknown interaction type {other:?}: use \"command\", \"click\" or \"select\"."
            )))
        }
    };
    Ok(Json(json!({"id": interaction.id.to_string()})))
}

/// Whether some component (at any depth) has this custom_id.
fn has_custom_id(components: &[Value], custom_id: &str) -> bool {
    components.iter().any(|c| {
        c.get("custom_id").and_then(Value::as_str) == Some(custom_id)
            || ["components", "accessory"]
                .iter()
                .any(|key| match c.get(*key) {
                    Some(Value::Array(items)) => has_custom_id(items, custom_id),
                    Some(item @ Value::Object(_)) => {
                        has_custom_id(std::slice::from_ref(item), custom_id)
                    }
                    _ => false,
                })
    })
}
