//! The gateway: a WebSocket speaking Discord's gateway protocol (JSON text frames, no
//! compression): HELLO, heartbeat ACKs, IDENTIFY → READY (+ GUILD_CREATE), RESUME → RESUMED,
//! and dispatches numbered with `s`. Sharding as Discord does it: a session identified as shard
//! `[id, count]` gets only the guilds with `(guild_id >> 22) % count == id`, in READY,
//! GUILD_CREATE and their interactions.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::model::{guild_create_json, shard_of, user_json, Session};
use crate::violation::{Violation, ViolationKind};
use crate::Shared;

/// The GUILDS intent: without it Discord sends no GUILD_CREATE.
const INTENT_GUILDS: u64 = 1;

static CONNECTIONS: AtomicU64 = AtomicU64::new(1);

/// Accept a gateway connection on any path.
pub(crate) async fn upgrade(
    State(shared): State<Arc<Shared>>,
    uri: Uri,
    ws: WebSocketUpgrade,
) -> Response {
    let query = uri.query().unwrap_or_default().to_owned();
    if !query.split('&').any(|p| p == "v=10") {
        shared.violation(Violation::new(
            ViolationKind::Protocol,
            "GET",
            &uri.to_string(),
            "",
            "the gateway was not asked for API version 10 (`?v=10`)",
        ));
    }
    ws.max_message_size(usize::MAX)
        .on_upgrade(move |socket| run(shared, socket))
}

async fn send(socket: &mut WebSocket, payload: &Value) -> bool {
    socket
        .send(WsMessage::Text(payload.to_string().into()))
        .await
        .is_ok()
}

/// One gateway connection.
async fn run(shared: Arc<Shared>, mut socket: WebSocket) {
    let conn = CONNECTIONS.fetch_add(1, Ordering::Relaxed);
    let (tx, mut rx) = mpsc::unbounded_channel::<(String, Value)>();
    let mut seq: u64 = 0;
    let interval = shared.config.heartbeat_interval.as_millis() as u64;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}, "s": null, "t": null});
    if !send(&mut socket, &hello).await {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(t))) => t.as_str().to_owned(),
                    Some(Ok(WsMessage::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(WsMessage::Close(_))) | Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    shared.gateway_violation(format!("gateway frame is not JSON: {text}"));
                    continue;
                };
                let out = handle_op(&shared, conn, &tx, &payload, &mut seq);
                for frame in out {
                    if !send(&mut socket, &frame).await {
                        break;
                    }
                }
                if payload["op"] == 2 {
                    shared.with(|w| w.ready_count += 1);
                }
            }
            Some((event, data)) = rx.recv() => {
                seq += 1;
                let frame = json!({"op": 0, "t": event, "s": seq, "d": data});
                if !send(&mut socket, &frame).await {
                    break;
                }
            }
        }
    }
    shared.with(|w| w.sessions.retain(|s| s.conn != conn));
}

/// React to one client frame; returns the frames to send back.
fn handle_op(
    shared: &Shared,
    conn: u64,
    tx: &mpsc::UnboundedSender<(String, Value)>,
    payload: &Value,
    seq: &mut u64,
) -> Vec<Value> {
    let mut dispatch = |event: &str, data: Value| {
        *seq += 1;
        json!({"op": 0, "t": event, "s": *seq, "d": data})
    };
    match payload["op"].as_u64() {
        // Heartbeat.
        Some(1) => {
            shared.with(|w| w.heartbeats += 1);
            vec![json!({"op": 11, "d": null, "s": null, "t": null})]
        }
        // Identify.
        Some(2) => {
            let d = &payload["d"];
            let shard = identify_shard(shared, d);
            let (ready, guilds) = shared.with(|w| {
                let strip = |t: &str| t.trim().trim_start_matches("Bot ").to_owned();
                if strip(d["token"].as_str().unwrap_or_default()) != strip(&w.token) {
                    w.violations.push(Violation::new(
                        ViolationKind::Protocol,
                        "GATEWAY",
                        "IDENTIFY",
                        "/d/token",
                        "IDENTIFY carried a different token than the stand-in's",
                    ));
                }
                w.identify = Some(d.clone());
                w.identifies.push(d.clone());
                w.sessions.push(Session {
                    conn,
                    shard,
                    tx: tx.clone(),
                });
                let session_id = format!("standin-session-{conn}");
                w.session_shards.push((session_id.clone(), shard));
                let own: Vec<_> = w
                    .guilds
                    .iter()
                    .filter(|g| shard_of(g.id, shard[1]) == shard[0])
                    .cloned()
                    .collect();
                let mut user = user_json(&w.bot);
                user["verified"] = json!(true);
                user["mfa_enabled"] = json!(false);
                user["email"] = Value::Null;
                let ready = json!({
                    "v": 10,
                    "user": user,
                    "guilds": own.iter()
                        .map(|g| json!({"id": g.id.to_string(), "unavailable": true}))
                        .collect::<Vec<_>>(),
                    "session_id": session_id,
                    "resume_gateway_url": w.gateway_url,
                    "shard": shard,
                    "application": {"id": w.application_id.to_string(), "flags": 0},
                });
                let intents = d["intents"].as_u64().unwrap_or(0);
                let guilds: Vec<Value> = if intents & INTENT_GUILDS != 0 {
                    own.iter().map(|g| guild_create_json(w, g)).collect()
                } else {
                    Vec::new()
                };
                w.dispatched.push(("READY".into(), ready.clone()));
                w.dispatched
                    .extend(guilds.iter().map(|g| ("GUILD_CREATE".into(), g.clone())));
                (ready, guilds)
            });
            let mut out = vec![dispatch("READY", ready)];
            out.extend(guilds.into_iter().map(|g| dispatch("GUILD_CREATE", g)));
            out
        }
        // Resume: accept and replay nothing.
        Some(6) => {
            shared.with(|w| {
                let session_id = payload["d"]["session_id"].as_str().unwrap_or_default();
                let shard = w
                    .session_shards
                    .iter()
                    .find(|(id, _)| id == session_id)
                    .map_or([0, 1], |(_, shard)| *shard);
                w.sessions.push(Session {
                    conn,
                    shard,
                    tx: tx.clone(),
                })
            });
            vec![dispatch("RESUMED", json!({}))]
        }
        // Presence update, voice state, request guild members, request soundboard sounds.
        Some(3 | 4 | 8 | 31) => Vec::new(),
        other => {
            shared.gateway_violation(format!("unexpected gateway opcode {other:?}: {payload}"));
            Vec::new()
        }
    }
}

/// The `[shard_id, shard_count]` of an IDENTIFY (`[0, 1]` without one); a malformed or
/// out-of-range shard is a violation (Discord closes with 4010 Invalid shard).
fn identify_shard(shared: &Shared, d: &Value) -> [u32; 2] {
    let Some(shard) = d.get("shard").filter(|s| !s.is_null()) else {
        return [0, 1];
    };
    let pair = shard.as_array().and_then(|a| match a.as_slice() {
        [id, count] => Some((id.as_u64()?, count.as_u64()?)),
        _ => None,
    });
    match pair {
        Some((id, count)) if id < count && count <= u64::from(u32::MAX) => {
            [id as u32, count as u32]
        }
        _ => {
            shared.violation(Violation::new(
                ViolationKind::Protocol,
                "GATEWAY",
                "IDENTIFY",
                "/d/shard",
                format!("IDENTIFY shard {shard} is not [shard_id, num_shards] with shard_id < num_shards (Discord closes with 4010)"),
            ));
            [0, 1]
        }
    }
}
