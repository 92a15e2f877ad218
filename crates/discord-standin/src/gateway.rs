//! The gateway: a WebSocket speaking Discord's gateway protocol (JSON text frames, no
//! compression): HELLO, heartbeat ACKs, IDENTIFY → READY (+ GUILD_CREATE), RESUME → the missed
//! dispatches and RESUMED, and dispatches numbered with `s`. Sessions outlive their connection:
//! dispatches for a disconnected session are kept and replayed when it resumes. Sharding as
//! Discord does it: a session identified as shard `[id, count]` gets only the guilds with
//! `(guild_id >> 22) % count == id`, in READY, GUILD_CREATE and their interactions.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::Uri;
use axum::response::Response;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::faults::GatewayFault;
use crate::model::{
    dispatch_frame, guild_create_json, shard_of, user_json, DispatchFrame, GatewayEvent, Out,
    Session, World,
};
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
    send_text(socket, payload.to_string()).await
}

async fn send_text(socket: &mut WebSocket, text: String) -> bool {
    socket.send(WsMessage::Text(text.into())).await.is_ok()
}

/// How a connection ended.
enum End {
    /// The client closed it (with this code, if any) or the TCP connection ended.
    Client(Option<u16>),
    /// The stand-in closed it with this code (`None`: dropped without a close frame).
    Standin(Option<u16>),
}

/// One gateway connection.
async fn run(shared: Arc<Shared>, mut socket: WebSocket) {
    let conn = CONNECTIONS.fetch_add(1, Ordering::Relaxed);
    shared.with(|w| w.gateway_event(conn, GatewayEvent::Connected));
    // A blocked gateway (an outage) accepts connections but says nothing until unblocked.
    shared.wait_forever(|w| !w.gateway_blocked).await;
    let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
    let interval = shared.config.heartbeat_interval.as_millis() as u64;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}, "s": null, "t": null});
    let end = if send(&mut socket, &hello).await {
        serve(&shared, conn, &tx, &mut rx, &mut socket).await
    } else {
        End::Client(None)
    };
    let (code, by_standin) = match end {
        End::Client(code) => (code, false),
        End::Standin(code) => (code, true),
    };
    shared.with(|w| {
        detach(w, conn, false);
        w.gateway_event(conn, GatewayEvent::Closed { code, by_standin });
    });
}

/// Take the session(s) off a connection that ends; `expire` ends them too.
fn detach(w: &mut crate::model::World, conn: u64, expire: bool) {
    for s in w.sessions.iter_mut() {
        if s.conn.as_ref().is_some_and(|(c, _)| *c == conn) {
            s.conn = None;
            s.acks_withheld = false;
            s.expired |= expire;
        }
    }
}

/// Serve a connection after HELLO until it ends.
async fn serve(
    shared: &Shared,
    conn: u64,
    tx: &mpsc::UnboundedSender<Out>,
    rx: &mut mpsc::UnboundedReceiver<Out>,
    socket: &mut WebSocket,
) -> End {
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(t))) => t.as_str().to_owned(),
                    Some(Ok(WsMessage::Binary(b))) => String::from_utf8_lossy(&b).into_owned(),
                    Some(Ok(WsMessage::Close(frame))) => {
                        let code = frame.as_ref().map(|f| f.code);
                        // A client closing with 1000 or 1001 logs the bot off: Discord
                        // invalidates the session. Any other close, or a dropped connection,
                        // leaves it resumable. (Settled before the answer reaches the client.)
                        let logged_off = matches!(code, Some(1000 | 1001));
                        shared.with(|w| detach(w, conn, logged_off));
                        // Answer the close frame, as a WebSocket server does.
                        let _ = socket.send(WsMessage::Close(frame)).await;
                        return End::Client(code);
                    }
                    Some(Err(_)) | None => return End::Client(None),
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    shared.gateway_violation(format!("gateway frame is not JSON: {text}"));
                    continue;
                };
                let out = handle_op(shared, conn, tx, &payload);
                for frame in out {
                    if !send(socket, &frame).await {
                        return End::Client(None);
                    }
                }
                if payload["op"] == 2 {
                    shared.with(|w| w.ready_count += 1);
                }
            }
            Some(out) = rx.recv() => match out {
                Out::Frame(frame) => {
                    if !send(socket, &frame).await {
                        return End::Client(None);
                    }
                }
                Out::Dispatch { seq, event, data } => {
                    let frame = DispatchFrame { d: &data, op: 0, s: seq, t: &event };
                    let text = serde_json::to_string(&frame).expect("a JSON value serializes");
                    if !send_text(socket, text).await {
                        return End::Client(None);
                    }
                }
                Out::Close(code) => {
                    let frame = CloseFrame { code, reason: close_reason(code).into() };
                    let _ = socket.send(WsMessage::Close(Some(frame))).await;
                    // Give the client a moment to answer the close frame, then hang up.
                    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), async {
                        while let Some(Ok(m)) = socket.recv().await {
                            if matches!(m, WsMessage::Close(_)) {
                                break;
                            }
                        }
                    })
                    .await;
                    return End::Standin(Some(code));
                }
                Out::Drop => return End::Standin(None),
            },
        }
    }
}

/// The `max_concurrency` of `GET /gateway/bot`: identifies per rate-limit window and bucket.
pub(crate) const MAX_CONCURRENCY: u32 = 1;

/// Discord's description of a close code.
fn close_reason(code: u16) -> &'static str {
    match code {
        4000 => "Unknown error.",
        4001 => "Unknown opcode.",
        4002 => "Decode error.",
        4003 => "Not authenticated.",
        4004 => "Authentication failed.",
        4005 => "Already authenticated.",
        4007 => "Invalid seq.",
        4008 => "Rate limited.",
        4009 => "Session timed out.",
        4010 => "Invalid shard.",
        4011 => "Sharding required.",
        4012 => "Invalid API version.",
        4013 => "Invalid intent(s).",
        4014 => "Disallowed intent(s).",
        _ => "",
    }
}

/// React to one client frame; returns the frames to send back.
fn handle_op(
    shared: &Shared,
    conn: u64,
    tx: &mpsc::UnboundedSender<Out>,
    payload: &Value,
) -> Vec<Value> {
    match payload["op"].as_u64() {
        // Heartbeat.
        Some(1) => heartbeat(shared, conn),
        // Identify.
        Some(2) => identify(shared, conn, tx, &payload["d"]),
        // Resume: replay what the session missed, then RESUMED.
        Some(6) => resume(shared, conn, tx, &payload["d"]),
        // Presence update, voice state, request guild members, request soundboard sounds.
        Some(3 | 4 | 8 | 31) => Vec::new(),
        other => {
            shared.gateway_violation(format!("unexpected gateway opcode {other:?}: {payload}"));
            Vec::new()
        }
    }
}

/// Op 9 INVALID_SESSION, not resumable.
fn invalid_session() -> Value {
    json!({"op": 9, "d": false, "s": null, "t": null})
}

/// A heartbeat (op 1): acknowledged (op 11), unless a fault withholds the connection's ACKs.
fn heartbeat(shared: &Shared, conn: u64) -> Vec<Value> {
    shared.with(|w| {
        w.heartbeats += 1;
        let withheld = w
            .sessions
            .iter()
            .any(|s| s.acks_withheld && s.conn.as_ref().is_some_and(|(c, _)| *c == conn));
        if withheld {
            w.gateway_event(conn, GatewayEvent::HeartbeatAckWithheld);
            Vec::new()
        } else {
            vec![json!({"op": 11, "d": null, "s": null, "t": null})]
        }
    })
}

/// IDENTIFY (op 2): READY and the shard's guilds (GUILD_CREATE) on a new session, or an invalid
/// session if it came too soon after another of its bucket.
fn identify(shared: &Shared, conn: u64, tx: &mpsc::UnboundedSender<Out>, d: &Value) -> Vec<Value> {
    let shard = identify_shard(shared, d);
    shared.with(|w| {
        if identify_refused(shared, w, d, shard) {
            return vec![invalid_session()];
        }
        w.identify = Some(d.clone());
        w.identifies.push(d.clone());
        // A disconnected session of the same shard is abandoned: what was queued for it
        // is lost, as on Discord when a bot identifies instead of resuming.
        for s in w.sessions.iter_mut() {
            if s.shard == shard && !s.is_live() {
                s.expired = true;
            }
        }
        let session_id = format!("standin-session-{conn}");
        let own: Vec<_> = w
            .guilds
            .iter()
            .filter(|g| shard_of(g.id, shard[1]) == shard[0])
            .filter(|g| !w.bot_removed.contains(&g.id) && !g.user_install)
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
        w.record_dispatch("READY", ready.clone());
        for g in &guilds {
            w.record_dispatch("GUILD_CREATE", g.clone());
        }
        let mut session = Session {
            id: session_id.clone(),
            shard,
            conn: Some((conn, tx.clone())),
            seq: 0,
            log: std::collections::VecDeque::new(),
            expired: false,
            acks_withheld: false,
        };
        let mut out = vec![session.number("READY", ready)];
        out.extend(
            guilds
                .into_iter()
                .map(|g| session.number("GUILD_CREATE", g)),
        );
        w.sessions.push(session);
        w.gateway_event(conn, GatewayEvent::Identified { session_id, shard });
        out
    })
}

/// Whether an IDENTIFY is refused (with an invalid session) for Discord's identify rate limit;
/// it and a token other than the bot's are recorded as violations.
fn identify_refused(shared: &Shared, w: &mut World, d: &Value, shard: [u32; 2]) -> bool {
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
    // Discord's identify rate limit: max_concurrency (1) per 5 s per bucket.
    if let Some(window) = shared.config.identify_window {
        // As Discord computes it (with max_concurrency 1, as for most bots, one).
        #[allow(clippy::modulo_one)]
        let bucket = shard[0] % MAX_CONCURRENCY;
        let now = std::time::Instant::now();
        if let Some(last) = w.last_identify.get(&bucket) {
            let since = now.duration_since(*last);
            if since < window {
                w.violations.push(Violation::new(
                    ViolationKind::Protocol,
                    "GATEWAY",
                    "IDENTIFY",
                    "/d/shard",
                    format!(
                        "IDENTIFY of shard {} {} ms after another of its bucket \
                         (max_concurrency {MAX_CONCURRENCY}: one per {} ms)",
                        shard[0],
                        since.as_millis(),
                        window.as_millis()
                    ),
                ));
                return true;
            }
        }
        w.last_identify.insert(bucket, now);
    }
    false
}

/// RESUME (op 6): the dispatches the session missed and RESUMED, or an invalid session if the
/// session is unknown, expired, or can't resume from `seq`.
fn resume(shared: &Shared, conn: u64, tx: &mpsc::UnboundedSender<Out>, d: &Value) -> Vec<Value> {
    let session_id = d["session_id"].as_str().unwrap_or_default().to_owned();
    let seq = d["seq"].as_u64().unwrap_or(0);
    shared.with(|w| {
        let Some(s) = w
            .sessions
            .iter_mut()
            .find(|s| s.id == session_id && !s.expired && s.can_resume_from(seq))
        else {
            w.gateway_event(conn, GatewayEvent::ResumeRefused { session_id, seq });
            return vec![invalid_session()];
        };
        // Resuming a session live on another connection takes it over.
        if s.conn.as_ref().is_some_and(|(c, _)| *c != conn) {
            s.send(Out::Drop);
        }
        s.conn = Some((conn, tx.clone()));
        s.acks_withheld = false;
        let mut out: Vec<Value> = s
            .log
            .iter()
            .filter(|(n, _, _)| *n > seq)
            .map(|(n, event, data)| dispatch_frame(*n, event, data))
            .collect();
        let replayed = out.len();
        out.push(s.number("RESUMED", json!({})));
        w.record_dispatch("RESUMED", json!({}));
        w.gateway_event(
            conn,
            GatewayEvent::Resumed {
                session_id,
                seq,
                replayed,
            },
        );
        out
    })
}

/// Apply a gateway fault to the live sessions `pick` chooses; returns how many.
pub(crate) fn inject(
    shared: &Shared,
    fault: GatewayFault,
    mut pick: impl FnMut(&Session) -> bool,
) -> usize {
    shared.with(|w| {
        let mut hit = Vec::new();
        for s in w.sessions.iter_mut().filter(|s| s.is_live() && pick(s)) {
            let sent = match fault {
                // The session leaves the connection at once: what is dispatched from now on is
                // kept for a RESUME, not lost on the closing connection.
                GatewayFault::Close(code) => {
                    let sent = s.send(Out::Close(code));
                    s.conn = None;
                    s.acks_withheld = false;
                    if !GatewayFault::close_keeps_session(code) {
                        s.expired = true;
                    }
                    sent
                }
                GatewayFault::Drop => {
                    let sent = s.send(Out::Drop);
                    s.conn = None;
                    s.acks_withheld = false;
                    sent
                }
                GatewayFault::Reconnect => s.send(Out::Frame(
                    json!({"op": 7, "d": null, "s": null, "t": null}),
                )),
                GatewayFault::InvalidSession { resumable } => {
                    if !resumable {
                        s.expired = true;
                    }
                    s.send(Out::Frame(
                        json!({"op": 9, "d": resumable, "s": null, "t": null}),
                    ))
                }
                GatewayFault::WithholdHeartbeatAcks => {
                    s.acks_withheld = true;
                    true
                }
            };
            if sent {
                hit.push(s.id.clone());
            }
        }
        for id in &hit {
            w.fired.push(crate::faults::FiredFault {
                at: std::time::Instant::now(),
                method: "GATEWAY".into(),
                path: id.clone(),
                route: None,
                kind: crate::faults::FaultKind::Gateway(fault),
            });
        }
        hit.len()
    })
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
