//! What a stop waits for: every interaction the gateway delivered, until its handler is done
//! (its answer given, deferred answers and follow-ups included; a review's too).
//!
//! An interaction is noted in the shard's own loop, before serenity hands it to the framework in
//! a task of its own: a [`serenity::CollectorCallback`], which the shard runner calls in line for
//! every event it dispatches. So once the gateway is closed, every interaction it delivered is
//! noted, even one whose task has not started yet; the framework wrapper [`Tracked`] crosses it
//! off when its handler returns (or panics).
//!
//! What is still in flight at the end of the stop's grace period is answered, privately and in
//! its person's language, that the bot is restarting ([`InFlight::answer_left`]): its token is
//! noted here with it, in memory only (nothing of an interaction is stored in the database), so
//! a token goes with the process and the next start cannot answer it again.

use crate::sync::Lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use poise::serenity_prelude as serenity;
use serenity::{Event, FullEvent, Interaction};
use tokio::sync::watch;
use tracing::{info, warn};

use crate::i18n::Lang;
use crate::render::{self, Notice};

/// The interactions delivered and not yet handled.
pub(super) struct InFlight {
    pending: Mutex<HashMap<u64, Pending>>,
    /// How many are pending, to wait on.
    count: watch::Sender<usize>,
    /// The collector each shard has now (a shard's runner is new after a reconnect that had to
    /// identify again, and the new one gets its own at READY).
    generation: Mutex<HashMap<u32, u64>>,
}

/// An interaction being handled.
struct Pending {
    what: String,
    since: Instant,
    /// Its token, if it is one the bot answers with a message (not an autocomplete, a ping).
    token: Option<String>,
    /// Its person's language.
    lang: Lang,
}

impl InFlight {
    pub(super) fn new() -> Arc<InFlight> {
        Arc::new(InFlight {
            pending: Mutex::new(HashMap::new()),
            count: watch::Sender::new(0),
            generation: Mutex::new(HashMap::new()),
        })
    }

    fn note(&self, id: u64, what: String, token: Option<String>, lang: Lang) {
        let mut pending = self.pending.locked();
        pending.insert(
            id,
            Pending {
                what,
                since: Instant::now(),
                token,
                lang,
            },
        );
        self.count.send_replace(pending.len());
    }

    fn done(&self, id: u64) {
        let mut pending = self.pending.locked();
        if pending.remove(&id).is_some() {
            self.count.send_replace(pending.len());
        }
    }

    /// The callback noting `shard`'s interactions, for its runner; the one it had before stops
    /// (and is dropped) at its next event.
    pub(super) fn collector(self: &Arc<Self>, shard: u32) -> serenity::CollectorCallback {
        let generation = {
            let mut generations = self.generation.locked();
            let next = generations.get(&shard).map_or(0, |g| g + 1);
            generations.insert(shard, next);
            next
        };
        let in_flight = Arc::downgrade(self);
        serenity::CollectorCallback(Box::new(move |event| {
            let Some(in_flight) = in_flight.upgrade() else {
                return false;
            };
            if in_flight.generation.locked().get(&shard) != Some(&generation) {
                return false;
            }
            if let Event::InteractionCreate(create) = event {
                let interaction = &create.interaction;
                let (token, lang) = answerable(interaction);
                in_flight.note(interaction.id().get(), describe(interaction), token, lang);
            }
            true
        }))
    }

    /// Waits until every interaction noted is handled, or `deadline`: then logs each one still
    /// running, and returns false.
    pub(super) async fn settled(&self, deadline: tokio::time::Instant) -> bool {
        let mut count = self.count.subscribe();
        let settled = tokio::time::timeout_at(deadline, count.wait_for(|n| *n == 0)).await;
        if matches!(settled, Ok(Ok(_))) {
            return true;
        }
        for (id, pending) in self.pending.locked().iter() {
            warn!(
                interaction = id,
                what = %pending.what,
                running_for = ?pending.since.elapsed(),
                "still in flight at the end of the stop's grace period: left"
            );
        }
        false
    }

    /// Answers every interaction still in flight, privately and in its person's language, that
    /// the bot is restarting ([`Notice::ShuttingDown`]): its answer (deferred or not) given
    /// through `http` as [`io::answer_left`] says, and its handler's own answer, should it come
    /// later, not sent. Each gets [`LEFT_ANSWER`]; they go together.
    pub(super) async fn answer_left(&self, http: &serenity::Http, replies: &super::io::Replies) {
        let left: Vec<(u64, String, Lang)> = self
            .pending
            .locked()
            .iter()
            .filter_map(|(id, p)| Some((*id, p.token.clone()?, p.lang)))
            .collect();
        Self::tell_restarting(http, replies, left).await;
    }

    /// Tells the people still looking at a placeholder ("being prepared…") whose answer is
    /// still being worked out though its handler is done (Odds waiting for a strategy, a review
    /// being drawn) that the bot is restarting: at the end of the stop's grace period, after
    /// the tables, whose tasks work those answers out.
    pub(super) async fn answer_placeholders(http: &serenity::Http, replies: &super::io::Replies) {
        let left = super::io::placeholders_left(replies);
        Self::tell_restarting(http, replies, left).await;
    }

    /// Answers each of `left` (an interaction id, its token, its person's language) with the
    /// notice that the bot is restarting, as far as its answer went.
    async fn tell_restarting(
        http: &serenity::Http,
        replies: &super::io::Replies,
        left: Vec<(u64, String, Lang)>,
    ) {
        let answers = left.into_iter().map(|(id, token, lang)| async move {
            let notice = render::notice(Notice::ShuttingDown, lang);
            let answer = super::io::answer_left(http, replies, id, &token, notice);
            match tokio::time::timeout(LEFT_ANSWER, answer).await {
                Ok(Ok(true)) => info!(interaction = id, "told that the bot is restarting"),
                Ok(Ok(false)) => {}
                Ok(Err(e)) => warn!(
                    interaction = id,
                    error = %e,
                    "could not tell that the bot is restarting"
                ),
                Err(_) => warn!(
                    interaction = id,
                    "could not tell in time that the bot is restarting"
                ),
            }
        });
        futures::future::join_all(answers).await;
    }

    /// How many interactions are being handled.
    #[cfg(test)]
    fn len(&self) -> usize {
        *self.count.borrow()
    }
}

/// How long the answer to an interaction left at the end of the grace period may take.
pub(super) const LEFT_ANSWER: std::time::Duration = std::time::Duration::from_secs(3);

/// An interaction's token, if the bot answers it with a message, and its person's language.
fn answerable(interaction: &Interaction) -> (Option<String>, Lang) {
    match interaction {
        Interaction::Command(c) => (Some(c.token.clone()), Lang::from_discord(&c.locale)),
        Interaction::Component(c) => (Some(c.token.clone()), Lang::from_discord(&c.locale)),
        Interaction::Modal(m) => (Some(m.token.clone()), Lang::from_discord(&m.locale)),
        _ => (None, Lang::EnUs),
    }
}

/// An interaction as a log line shows it: its kind, command or button, who and where.
fn describe(interaction: &Interaction) -> String {
    match interaction {
        Interaction::Command(c) | Interaction::Autocomplete(c) => format!(
            "/{} by {} in {}",
            c.data.name,
            c.user.id.get(),
            c.channel_id.get()
        ),
        Interaction::Component(c) => format!(
            "click {} by {} in {}",
            c.data.custom_id,
            c.user.id.get(),
            c.channel_id.get()
        ),
        Interaction::Modal(m) => format!(
            "modal {} by {} in {}",
            m.data.custom_id,
            m.user.id.get(),
            m.channel_id.get()
        ),
        Interaction::Ping(p) => format!("ping {}", p.id.get()),
        _ => format!("interaction {}", interaction.id().get()),
    }
}

/// poise's framework, with each interaction crossed off [`InFlight`] once handled, and each
/// shard's collector set up at its READY.
pub(super) struct Tracked<F> {
    pub(super) inner: F,
    pub(super) in_flight: Arc<InFlight>,
}

/// Crosses an interaction off when dropped: when its handler returns, or panics.
struct Handled<'a>(&'a InFlight, u64);

impl Drop for Handled<'_> {
    fn drop(&mut self) {
        self.0.done(self.1);
    }
}

#[serenity::async_trait]
impl<F: serenity::Framework> serenity::Framework for Tracked<F> {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: FullEvent) {
        let _handled = match &event {
            FullEvent::InteractionCreate { interaction } => {
                Some(Handled(&self.in_flight, interaction.id().get()))
            }
            FullEvent::Ready { .. } => {
                ctx.shard
                    .add_collector(self.in_flight.collector(ctx.shard_id.0));
                None
            }
            _ => None,
        };
        self.inner.dispatch(ctx, event).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resumed() -> Event {
        let raw = serde_json::json!({"t": "RESUMED", "op": 0, "s": 1, "d": {}});
        match serde_json::from_value::<serenity::GatewayEvent>(raw).unwrap() {
            serenity::GatewayEvent::Dispatch(_, event) => event,
            other => panic!("not a dispatch: {other:?}"),
        }
    }

    #[tokio::test]
    async fn an_interaction_is_in_flight_until_handled_and_a_shards_new_collector_replaces_its_old()
    {
        let in_flight = InFlight::new();
        let old = in_flight.collector(0);
        let other_shard = in_flight.collector(1);
        assert!((old.0)(&resumed()), "kept");
        in_flight.note(1, "click".into(), None, Lang::EnUs);
        in_flight.note(3, "/forgetit start".into(), None, Lang::Fr);
        assert_eq!(in_flight.len(), 2);
        // The shard identified again, with a new runner: its old collector is dropped at its
        // next event (the runner it belonged to may live on a moment), the other shard's stays.
        let new = in_flight.collector(0);
        assert!(!(old.0)(&resumed()), "the old collector is dropped");
        assert!((new.0)(&resumed()));
        assert!((other_shard.0)(&resumed()));
        let deadline = tokio::time::Instant::now();
        assert!(!in_flight.settled(deadline).await, "two still in flight");
        drop(Handled(&in_flight, 1));
        drop(Handled(&in_flight, 3));
        assert!(in_flight.settled(deadline).await);
        // Crossed off twice, or never noted (delivered before its shard's READY): nothing changes.
        drop(Handled(&in_flight, 3));
        drop(Handled(&in_flight, 4));
        assert_eq!(in_flight.len(), 0);
    }
}
