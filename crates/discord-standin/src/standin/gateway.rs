//! The gateway as a test sees and disturbs it: faults and outages, sessions, identifies,
//! resumes, heartbeats, and every dispatch sent.

use serde_json::Value;

use super::Standin;
use crate::model::World;
use crate::violation::Result;
use crate::{gateway, GatewayEvent, GatewayFault, GatewayRecord, GuildId};

impl Standin {
    /// Inject a gateway fault on every connected session of the bot; returns how many sessions
    /// it hit (0 if none is connected).
    pub fn gateway_fault(&self, fault: GatewayFault) -> usize {
        gateway::inject(&self.shared, fault, |_| true)
    }

    /// Inject a gateway fault on the connected session(s) of one shard (`[shard_id, count]`).
    pub fn gateway_fault_on(&self, shard: [u32; 2], fault: GatewayFault) -> usize {
        gateway::inject(&self.shared, fault, |s| s.shard == shard)
    }

    /// Acknowledge heartbeats again on connections whose ACKs
    /// [`GatewayFault::WithholdHeartbeatAcks`] withheld.
    pub fn resume_heartbeat_acks(&self) {
        self.shared.with(|w| {
            for s in &mut w.sessions {
                s.acks_withheld = false;
            }
        })
    }

    /// Discord forgets the bot's disconnected sessions (their resume window passed): a RESUME
    /// of one gets op 9 INVALID_SESSION d=false, the bot must IDENTIFY anew, and the dispatches
    /// queued for it (interactions included) are lost. Returns how many sessions expired.
    pub fn expire_sessions(&self) -> usize {
        self.shared.with(|w| {
            let mut n = 0;
            for s in w.sessions.iter_mut().filter(|s| !s.expired && !s.is_live()) {
                s.expired = true;
                n += 1;
            }
            n
        })
    }

    /// A gateway outage: new connections are accepted but get no HELLO and aren't read until
    /// [`unblock_gateway`](Self::unblock_gateway) (live connections go on). With a fault that
    /// disconnects the bot, this holds it disconnected: interactions sent meanwhile are queued
    /// for its session and replayed when it resumes.
    pub fn block_gateway(&self) {
        self.shared.with(|w| w.gateway_blocked = true);
    }

    /// End a [`block_gateway`](Self::block_gateway) outage: waiting connections get HELLO.
    pub fn unblock_gateway(&self) {
        self.shared.with(|w| w.gateway_blocked = false);
    }

    /// Gateway connections, identifies, resumes, refused resumes, withheld ACKs and closes, in
    /// order.
    pub fn gateway_log(&self) -> Vec<GatewayRecord> {
        self.shared.read(|w| w.gateway_log.clone())
    }

    /// How many gateway connections were opened.
    pub fn connects(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Connected))
    }

    /// How many RESUMEs succeeded.
    pub fn resumes(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Resumed { .. }))
    }

    /// How many gateway connections ended (closed by either side, or dropped).
    pub fn disconnects(&self) -> usize {
        self.count_gateway(|e| matches!(e, GatewayEvent::Closed { .. }))
    }

    fn count_gateway(&self, f: impl Fn(&GatewayEvent) -> bool) -> usize {
        self.shared
            .read(|w| w.gateway_log.iter().filter(|r| f(&r.event)).count())
    }

    /// Wait until at least `n` gateway connections were opened.
    pub async fn wait_for_connects(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} gateway connection(s)"), n, |e| {
            matches!(e, GatewayEvent::Connected)
        })
        .await
    }

    /// Wait until at least `n` RESUMEs succeeded (RESUMED sent).
    pub async fn wait_for_resumes(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} RESUME(s)"), n, |e| {
            matches!(e, GatewayEvent::Resumed { .. })
        })
        .await
    }

    /// Wait until the bot identified at least `n` times (READY sent `n` times).
    pub async fn wait_for_identifies(&self, n: usize) -> Result<()> {
        self.shared
            .wait_until(&format!("{n} IDENTIFY(s) answered with READY"), |w| {
                (w.ready_count >= n as u64).then_some(())
            })
            .await
    }

    /// Wait until at least `n` gateway connections ended.
    pub async fn wait_for_disconnects(&self, n: usize) -> Result<()> {
        self.wait_for_gateway(&format!("{n} gateway disconnection(s)"), n, |e| {
            matches!(e, GatewayEvent::Closed { .. })
        })
        .await
    }

    async fn wait_for_gateway(
        &self,
        what: &str,
        n: usize,
        f: impl Fn(&GatewayEvent) -> bool,
    ) -> Result<()> {
        self.shared
            .wait_until(what, |w| {
                (w.gateway_log.iter().filter(|r| f(&r.event)).count() >= n).then_some(())
            })
            .await
    }

    /// Wait until the bot identified on the gateway and got READY.
    pub async fn wait_ready(&self) -> Result<()> {
        self.shared
            .wait_until("the bot to IDENTIFY on the gateway", |w| {
                (w.ready_count > 0 && !w.live_shards().is_empty()).then_some(())
            })
            .await
    }

    /// Wait until a gateway session of the shard of `guild` identified: from then on the guild's
    /// interactions reach the bot. Returns the session's `[shard_id, shard_count]`.
    pub async fn wait_for_guild_session(&self, guild: GuildId) -> Result<[u32; 2]> {
        self.shared
            .wait_until(&format!("a gateway session for guild {guild}"), |w| {
                w.guild_connected(guild)
                    .then(|| {
                        w.sessions
                            .iter()
                            .find(|s| s.is_live() && s.covers(guild))
                            .map(|s| s.shard)
                    })
                    .flatten()
            })
            .await
    }

    /// The bot's IDENTIFY payload (`d`), once it identified (the last one).
    pub fn identify(&self) -> Option<Value> {
        self.shared.read(|w| w.identify.clone())
    }

    /// Every IDENTIFY payload (`d`), in order: one per shard and connection.
    pub fn identifies(&self) -> Vec<Value> {
        self.shared.read(|w| w.identifies.clone())
    }

    /// The `[shard_id, shard_count]` of every live gateway session, in the order they
    /// identified.
    pub fn sessions(&self) -> Vec<[u32; 2]> {
        self.shared.read(World::live_shards)
    }

    /// How many heartbeats (op 1) the bot sent (each was acknowledged with op 11, unless
    /// [`GatewayFault::WithholdHeartbeatAcks`] withheld it).
    pub fn heartbeats(&self) -> u64 {
        self.shared.read(|w| w.heartbeats)
    }

    /// How many times the bot identified (READY sent). More than one means it reconnected.
    pub fn ready_count(&self) -> u64 {
        self.shared.read(|w| w.ready_count)
    }

    /// Every gateway dispatch sent so far (event name, `d`), in order.
    pub fn dispatched(&self) -> Vec<(String, Value)> {
        self.shared.read(|w| {
            w.dispatched
                .iter()
                .map(|(event, data)| (event.to_string(), Value::clone(data)))
                .collect()
        })
    }
}
