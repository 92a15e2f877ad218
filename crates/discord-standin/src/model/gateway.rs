//! Gateway sessions (a shard's, outliving its connection), the dispatches they are sent and
//! keep for RESUME, the shard a guild is on, and the log of what happened on the gateway.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Instant;

use serde_json::{json, Map, Value};
use tokio::sync::mpsc;

use super::World;
use crate::ids::GuildId;

/// Something that happened on the gateway.
#[derive(Clone, Debug, PartialEq)]
pub enum GatewayEvent {
    /// A WebSocket connection was opened.
    Connected,
    /// The connection identified (op 2) and got READY with this session.
    Identified {
        /// The session id of READY.
        session_id: String,
        /// `[shard_id, shard_count]`.
        shard: [u32; 2],
    },
    /// The connection resumed (op 6) this session: the dispatches after its `seq` were replayed,
    /// then RESUMED.
    Resumed {
        /// The session resumed.
        session_id: String,
        /// The `seq` the client sent.
        seq: u64,
        /// How many dispatches were replayed.
        replayed: usize,
    },
    /// A RESUME was refused with op 9 INVALID_SESSION d=false (unknown or invalidated session,
    /// or a `seq` the session never reached).
    ResumeRefused {
        /// The session id the client sent.
        session_id: String,
        /// The `seq` the client sent.
        seq: u64,
    },
    /// A heartbeat got no ACK (see [`GatewayFault::WithholdHeartbeatAcks`](crate::GatewayFault)).
    HeartbeatAckWithheld,
    /// The connection ended.
    Closed {
        /// The close code, if a close frame was sent (`None`: the TCP connection just ended).
        code: Option<u16>,
        /// Whether the stand-in ended it (a fault) rather than the client.
        by_standin: bool,
    },
}

/// A [`GatewayEvent`] with when and on which connection.
#[derive(Clone, Debug, PartialEq)]
pub struct GatewayRecord {
    /// When.
    pub at: Instant,
    /// The connection (numbered from 1 in the order they were opened, across stand-ins).
    pub conn: u64,
    /// What happened.
    pub event: GatewayEvent,
}

/// What the stand-in sends to one gateway connection's task.
#[derive(Debug)]
pub(crate) enum Out {
    /// A frame to send as it is.
    Frame(Value),
    /// A numbered dispatch (op 0), its `d` shared with the logs that keep it.
    Dispatch {
        /// Its sequence number (`s`).
        seq: u64,
        /// The event name (`t`).
        event: Arc<str>,
        /// The event data (`d`).
        data: Arc<Value>,
    },
    /// Close with a close frame of this code.
    Close(u16),
    /// Drop the TCP connection without a close frame.
    Drop,
}

/// A gateway session (from IDENTIFY), kept across connections for RESUME.
#[derive(Debug)]
pub(crate) struct Session {
    /// The `session_id` sent in READY.
    pub(crate) id: String,
    /// `[shard_id, shard_count]` as identified (`[0, 1]` when IDENTIFY named no shard).
    pub(crate) shard: [u32; 2],
    /// The connection it is on now (its id and outbox), if any.
    pub(crate) conn: Option<(u64, mpsc::UnboundedSender<Out>)>,
    /// The last sequence number used.
    pub(crate) seq: u64,
    /// Every dispatch of the session: `(seq, event, d)`, replayed on RESUME.
    pub(crate) log: VecDeque<(u64, Arc<str>, Arc<Value>)>,
    /// Invalidated (op 9 d=false, a closing code that ends it, a new IDENTIFY of its shard
    /// while disconnected): a RESUME gets op 9 d=false and nothing more is queued for it.
    pub(crate) expired: bool,
    /// Heartbeats on the current connection get no ACK (a zombie connection).
    pub(crate) acks_withheld: bool,
}

impl Session {
    /// Whether Discord sends this guild's events on this session.
    pub(crate) fn covers(&self, guild: GuildId) -> bool {
        shard_of(guild, self.shard[1]) == self.shard[0]
    }

    /// Whether a connection carries the session now.
    pub(crate) fn is_live(&self) -> bool {
        !self.expired && self.conn.as_ref().is_some_and(|(_, tx)| !tx.is_closed())
    }

    /// Number a dispatch and keep it for RESUME; returns the frame.
    pub(crate) fn number(&mut self, event: &str, data: Value) -> Value {
        let data = Arc::new(data);
        let seq = self.number_shared(Arc::from(event), Arc::clone(&data));
        dispatch_frame(seq, event, &data)
    }

    /// Number a dispatch and keep it for RESUME without copying `data`; returns its `seq`.
    pub(crate) fn number_shared(&mut self, event: Arc<str>, data: Arc<Value>) -> u64 {
        self.seq += 1;
        self.log.push_back((self.seq, event, data));
        self.seq
    }

    /// Without history, the log keeps the newest [`REPLAYABLE`] dispatches: one in, the oldest
    /// out (a long log dropped at once would hold the world's lock for milliseconds). A RESUME
    /// from before them is refused, as Discord refuses one it can no longer replay.
    pub(crate) fn trim_log(&mut self) {
        while self.log.len() > REPLAYABLE {
            self.log.pop_front();
        }
    }

    /// Whether a RESUME from `seq` can replay every dispatch after it.
    pub(crate) fn can_resume_from(&self, seq: u64) -> bool {
        seq <= self.seq
            && self
                .log
                .front()
                .is_none_or(|(first, _, _)| *first <= seq + 1)
    }

    /// Send a frame on the current connection, if there is one.
    pub(crate) fn send(&self, out: Out) -> bool {
        match &self.conn {
            Some((_, tx)) => tx.send(out).is_ok(),
            None => false,
        }
    }
}

/// Dispatches a session keeps for RESUME when the stand-in keeps no history.
pub(crate) const REPLAYABLE: usize = 10_000;

/// The frame of a numbered dispatch: `{"op": 0, "t": event, "s": seq, "d": data}`.
pub(crate) fn dispatch_frame(seq: u64, event: &str, data: &Value) -> Value {
    let mut frame = Map::new();
    frame.insert("op".into(), json!(0));
    frame.insert("t".into(), json!(event));
    frame.insert("s".into(), json!(seq));
    frame.insert("d".into(), data.clone());
    Value::Object(frame)
}

/// A numbered dispatch serialized straight from borrowed parts (the same JSON as
/// [`dispatch_frame`], keys in the same order).
#[derive(serde::Serialize)]
pub(crate) struct DispatchFrame<'a> {
    pub(crate) d: &'a Value,
    pub(crate) op: u8,
    pub(crate) s: u64,
    pub(crate) t: &'a str,
}

/// The shard of a guild among `count` shards: `(guild_id >> 22) % count`.
pub fn shard_of(guild: GuildId, count: u32) -> u32 {
    ((guild.get() >> 22) % u64::from(count.max(1))) as u32
}

impl World {
    /// Send a guild's dispatch as Discord does: on the session(s) of the guild's shard, queued
    /// for a disconnected session until it resumes. Returns their shards.
    pub(crate) fn dispatch_to_guild(
        &mut self,
        guild: GuildId,
        event: &str,
        data: Value,
    ) -> Vec<[u32; 2]> {
        let event: Arc<str> = Arc::from(event);
        let data = Arc::new(data);
        let mut shards = Vec::new();
        for s in self
            .sessions
            .iter_mut()
            .filter(|s| !s.expired && s.covers(guild))
        {
            let seq = s.number_shared(Arc::clone(&event), Arc::clone(&data));
            if !self.keep_history {
                s.trim_log();
            }
            s.send(Out::Dispatch {
                seq,
                event: Arc::clone(&event),
                data: Arc::clone(&data),
            });
            shards.push(s.shard);
        }
        if self.keep_history {
            self.dispatched.push((event, data));
        }
        shards
    }
    /// Record a dispatch sent (not through [`dispatch_to_guild`](Self::dispatch_to_guild)).
    pub(crate) fn record_dispatch(&mut self, event: &str, data: Value) {
        if self.keep_history {
            self.dispatched.push((Arc::from(event), Arc::new(data)));
        }
    }
    /// Whether some identified session receives this guild's events now (connected).
    pub(crate) fn guild_connected(&self, guild: GuildId) -> bool {
        self.ready_count > 0 && self.sessions.iter().any(|s| s.is_live() && s.covers(guild))
    }
    /// Whether some session gets this guild's events, now or when it resumes.
    pub(crate) fn guild_reachable(&self, guild: GuildId) -> bool {
        self.ready_count > 0 && self.sessions.iter().any(|s| !s.expired && s.covers(guild))
    }
    /// The shards of the live sessions, in the order they identified.
    pub(crate) fn live_shards(&self) -> Vec<[u32; 2]> {
        self.sessions
            .iter()
            .filter(|s| s.is_live())
            .map(|s| s.shard)
            .collect()
    }
    /// Record a gateway event.
    pub(crate) fn gateway_event(&mut self, conn: u64, event: GatewayEvent) {
        self.gateway_log.push(GatewayRecord {
            at: Instant::now(),
            conn,
            event,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session {
            id: "s".into(),
            shard: [0, 1],
            conn: None,
            seq: 0,
            log: VecDeque::new(),
            expired: false,
            acks_withheld: false,
        }
    }

    #[test]
    fn a_trimmed_replay_log_refuses_a_resume_from_before_it() {
        let mut s = session();
        let event: Arc<str> = Arc::from("MESSAGE_CREATE");
        let data = Arc::new(json!({}));
        for _ in 0..REPLAYABLE {
            s.number_shared(event.clone(), data.clone());
            s.trim_log();
        }
        assert!(s.can_resume_from(0), "all kept so far");
        for _ in 0..3 {
            s.number_shared(event.clone(), data.clone());
            s.trim_log();
        }
        let seq = s.seq;
        assert_eq!(s.log.len(), REPLAYABLE);
        assert_eq!(s.log[0].0, seq - REPLAYABLE as u64 + 1);
        assert!(
            s.can_resume_from(seq - REPLAYABLE as u64),
            "every later one is kept"
        );
        assert!(
            !s.can_resume_from(seq - REPLAYABLE as u64 - 1),
            "one is gone"
        );
        assert!(s.can_resume_from(seq));
        assert!(
            !s.can_resume_from(seq + 1),
            "a seq the session never reached"
        );
    }
}
