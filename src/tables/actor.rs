//! One channel's task: it alone holds the channel's game, handles one request at a time, and
//! runs the timers (the move deadline, the bot seat's pace).

use crate::sync::Lock;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;
use tracing::{debug, error, info, info_span, warn, Instrument, Span};

use super::any::Rematch;
use super::any::{self, AnyTable};
use super::registry::{Msg, Registry};
use super::services::Services;
use super::table::deny;
use super::{Closed, NewGame, Origin, Request};
use crate::engine::Player;
use crate::engine::{Intent, MessageKind, Status};
use crate::ids::{ChannelId, GameId, UserId};
use crate::render::notice::Busy;
use crate::render::{self, Notice};
use crate::store::now_ms;

pub(super) enum Timer {
    Deadline,
    BotMove,
    /// The channel does not show the stored game (a post or an edit failed): show it again.
    Reshow,
    /// Nothing happened at the table for [`TableConfig::sleep_after`]: it sleeps.
    Sleep,
}

/// What a table's code shares with its actor: the services it uses, the channel, the timers it
/// arms.
pub(crate) struct Cx {
    pub(super) services: Arc<Services>,
    /// The registry the actor is one of: the actor's alone (it sleeps, hands its game over and is
    /// counted open there); a table reaches it only through [`Cx::shown`] and [`Cx::keep`].
    registry: Arc<Registry>,
    pub(super) channel: ChannelId,
    pub(super) bot_due: Option<Instant>,
    /// When to show the game again, after a post or an edit failed.
    pub(super) reshow_due: Option<Instant>,
    /// The pause before the next try to show the game again (doubling while Discord refuses).
    pub(super) reshow_pause: Duration,
    /// The channel does not show the stored game, and only the next interaction there can show
    /// it (the bot only answers interactions there, and has none it may still answer; or the
    /// bot gave up trying: the channel refuses it, or Discord failed [`RESHOW_TRIES`] times).
    pub(super) unshown: bool,
    /// How many tries in a row to show the game again failed.
    pub(super) reshow_tries: u32,
    /// The game's lobby message says the game is not shown (see `Table::say_unshown`).
    pub(super) said_unshown: bool,
    /// The channel, the game's thread, refuses the bot for good (deleted, locked, out of its
    /// reach): the game goes back to the channel of its lobby message.
    pub(super) gone: Option<Closed>,
}

impl Cx {
    /// The context of the table of `channel`, one of `registry`'s, its timers unarmed.
    pub(super) fn new(registry: Arc<Registry>, channel: ChannelId) -> Cx {
        Cx {
            services: registry.services.clone(),
            registry,
            channel,
            bot_due: None,
            reshow_due: None,
            reshow_pause: RESHOW_FIRST,
            unshown: false,
            reshow_tries: 0,
            said_unshown: false,
            gone: None,
        }
    }

    /// Game `game_id`'s message shows its `version` (written to the store in a batch).
    pub(super) fn shown(&self, game_id: GameId, version: u64) {
        self.registry.shown(game_id, version);
    }

    /// `task`, which answers for the table off its task, is waited for by a stop as the tables
    /// are.
    pub(super) fn keep(&self, task: tokio::task::JoinHandle<()>) {
        self.registry.tasks.locked().push(task);
    }
}

/// The first pause before showing a game again, and the longest.
pub(super) const RESHOW_FIRST: Duration = Duration::from_millis(500);
pub(super) const RESHOW_MAX: Duration = Duration::from_secs(60);
/// How many tries in a row a table makes to show its game again before it gives up and waits for
/// a click (0.5 s, 1 s, ... then every minute: about a quarter of an hour).
pub(super) const RESHOW_TRIES: u32 = 20;

pub(super) struct Actor {
    pub(super) cx: Cx,
    pub(super) table: Option<AnyTable>,
    /// The table's span: channel and guild.
    pub(super) span: Span,
    /// Whether its span names the guild yet.
    pub(super) guild_noted: bool,
    /// It slept, with this deadline: loaded again, it keeps it (rather than the stored one).
    pub(super) woken: Option<Option<i64>>,
    /// When it last did something.
    pub(super) busy_at: Instant,
}

impl Actor {
    /// The actor of `cx`'s channel, with its `table` if it has it already (else it loads it), in
    /// `span`; `woken`: it slept, with this deadline.
    pub(super) fn new(
        cx: Cx,
        table: Option<AnyTable>,
        span: Span,
        woken: Option<Option<i64>>,
    ) -> Actor {
        Actor {
            cx,
            table,
            span,
            guild_noted: false,
            woken,
            busy_at: Instant::now(),
        }
    }

    pub(super) async fn run(mut self, mut rx: mpsc::Receiver<Msg>) {
        // A table picked up at start, or started afresh after a failure, shows its game as it
        // is: the process may have stopped before showing its last action.
        // The big futures (an action, a show) are boxed while they run, so that the many idle
        // tables each hold a small future.
        Box::pin(self.load()).await;
        if let Some(table) = &mut self.table {
            match self.woken.take() {
                Some(deadline) => table.wake(&mut self.cx, deadline).await,
                None => table.resume(&mut self.cx).await,
            }
        }
        let mut open = OpenTable {
            registry: self.cx.registry.clone(),
            open: false,
        };
        loop {
            Box::pin(self.after_shows()).await;
            open.set(self.table.is_some());
            let timer = self.next_timer();
            let wake = timer.as_ref().map_or_else(far_future, |(at, _)| *at);
            tokio::select! {
                msg = rx.recv() => match msg.inspect(|_| self.busy_at = Instant::now()) {
                    Some(Msg::Create(new)) => {
                        let span = self.action_span(Some(new.host.user_id), "create");
                        Box::pin(self.create(*new).instrument(span)).await;
                    }
                    Some(Msg::Request(request)) => {
                        let span = self.action_span(Some(request.who.user_id), &request.intent.code());
                        Box::pin(self.handle(*request).instrument(span)).await;
                    }
                    Some(Msg::Settled(done)) => {
                        let _ = done.send(());
                    }
                    Some(Msg::ThreadClosed(why)) => {
                        let in_thread = self
                            .table
                            .as_ref()
                            .is_some_and(|table| table.in_thread());
                        if in_thread {
                            self.cx.gone = Some(why);
                        }
                    }
                    Some(Msg::Adopt(table)) => {
                        let span = self.action_span(None, "game back from its thread");
                        Box::pin(self.adopt(*table).instrument(span)).await;
                    }
                    Some(Msg::StrategyReady) => self.arm_bot(),
                    None => break,
                },
                _ = tokio::time::sleep_until(wake), if timer.is_some() => {
                    if self.cx.registry.draining.load(Ordering::SeqCst) {
                        // Stopping: the next run picks the timer up from the store.
                        continue;
                    }
                    self.busy_at = Instant::now();
                    match timer.map(|(_, kind)| kind) {
                        Some(Timer::Sleep) if self.sleep(&rx, &mut open) => break,
                        // Not now (a request is on its way): it tries again later.
                        Some(Timer::Sleep) => {}
                        Some(Timer::Deadline) => {
                            let span = self.action_span(None, "deadline");
                            Box::pin(self.time_out().instrument(span)).await;
                        }
                        Some(Timer::BotMove) => {
                            let span = self.action_span(None, "bot move");
                            Box::pin(self.bot_move().instrument(span)).await;
                        }
                        Some(Timer::Reshow) => {
                            self.cx.reshow_due = None;
                            let span = self.action_span(None, "show again");
                            if let Some(table) = &mut self.table {
                                table.reshow(&mut self.cx).instrument(span).await;
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        debug!(channel = %self.cx.channel.get(), "table closed");
    }

    fn next_timer(&self) -> Option<(Instant, Timer)> {
        if self.cx.registry.draining.load(Ordering::SeqCst) {
            return None;
        }
        let table = self.table.as_ref()?;
        let reshow = self.cx.reshow_due.map(|due| (due, Timer::Reshow));
        // A bot on turn moves at its pace; otherwise the deadline runs.
        let next = match self.cx.bot_due {
            Some(due) => Some((due, Timer::BotMove)),
            None => table.deadline_ms().map(|deadline| {
                let wait = Duration::from_millis(deadline.saturating_sub(now_ms()).max(0) as u64);
                (Instant::now() + wait, Timer::Deadline)
            }),
        };
        let next = match (reshow, next) {
            (Some(reshow), Some(next)) if next.0 < reshow.0 => Some(next),
            (Some(reshow), _) => Some(reshow),
            (None, next) => next,
        };
        let cx = &self.cx;
        let idle = cx.bot_due.is_none()
            && cx.reshow_due.is_none()
            && !cx.unshown
            && !cx.said_unshown
            && cx.gone.is_none()
            && table.may_sleep().is_some();
        let sleep = idle.then(|| (self.busy_at + cx.services.config.sleep_after, Timer::Sleep));
        match (next, sleep) {
            (Some(next), Some(sleep)) if sleep.0 < next.0 => Some(sleep),
            (None, sleep) => sleep,
            (next, _) => next,
        }
    }

    /// Puts the table to sleep if it may: its game stays in the store and its deadline with the
    /// registry, which starts the channel's actor again for its next request or its deadline.
    /// Only while nobody holds the actor's queue but the registry (checked under its lock, where
    /// every other holder takes it) and nothing waits in it: then nothing can reach this task
    /// any more, and true says it ends.
    fn sleep(&mut self, rx: &mpsc::Receiver<Msg>, open: &mut OpenTable) -> bool {
        let Some(deadline) = self.table.as_ref().and_then(|table| table.may_sleep()) else {
            return false;
        };
        let registry = &self.cx.registry;
        let mut actors = registry.actors.locked();
        if rx.sender_strong_count() != 1 || !rx.is_empty() {
            return false;
        }
        actors.remove(&self.cx.channel);
        // Counted as asleep from now on, not as a running table as well.
        open.set(false);
        registry.put_to_sleep(self.cx.channel, deadline);
        drop(actors);
        debug!(channel = %self.cx.channel.get(), "table asleep");
        true
    }

    /// Schedules the bot seat's next move if a bot is on turn.
    pub(super) fn arm_bot(&mut self) {
        let bot_on_turn = self.table.as_ref().and_then(|table| table.bot_on_turn());
        self.cx.bot_due =
            bot_on_turn.map(|clocks| Instant::now() + self.cx.services.config.bot_pace(clocks));
    }

    pub(super) async fn create(&mut self, new: NewGame) {
        // The server's settings, read now: a change applies to the games started after it. A
        // channel the settings leave out is refused as such, whether or not a game is open in it
        // (one started before the channel was left out).
        let settings = match self.cx.services.settings(new.place).await {
            Ok(settings) => settings,
            Err(e) => {
                error!(error = %e, "could not read the server's settings");
                return deny(new.reply, Notice::NotSaved, new.lang).await;
            }
        };
        if !settings.allows(new.place.channel_id) {
            info!(
                channel = %new.place.channel_id.get(),
                "a game asked for in a channel the server's settings leave out; refused"
            );
            let notice = Notice::ChannelNotAllowed(settings.channels);
            return deny(new.reply, notice, new.lang).await;
        }
        if let Some(mut busy) = self.busy(new.host.player(), &settings.channels) {
            busy.threads_off = !settings.on(&crate::settings::THREADS);
            return deny(new.reply, Notice::ChannelBusy(busy), new.lang).await;
        }
        self.table = any::create(&mut self.cx, new, &settings).await;
        self.note_game();
        self.arm_bot();
    }

    /// What keeps the channel busy, for `me` asking to start a game: its open game, where it
    /// shows, whether `me` is in it, and the server's other channels for games (`channels`).
    /// None when no game is open.
    fn busy(&self, me: Player, channels: &[ChannelId]) -> Option<Busy> {
        let table = self.table.as_ref()?;
        Some(table.busy(me, self.cx.channel, channels))
    }

    /// Names the table's server in its span, once (each record of a field adds to the line), and
    /// the game it just opened in the span of the action that opened it.
    fn note_game(&mut self) {
        if let Some(table) = &self.table {
            let (guild, game_id) = (table.guild(), table.id());
            if !self.guild_noted {
                self.span
                    .record("guild", tracing::field::display(guild.get()));
                self.guild_noted = true;
            }
            Span::current().record("game_id", game_id.get());
        }
    }

    /// The span of one thing done at the table: by a person (`user`) or by its clocks. It names
    /// the game open then (a game opened by it is named when it opens); the table's span names
    /// only the channel and the server, which stay the same from game to game.
    fn action_span(&self, user: Option<UserId>, action: &str) -> Span {
        // Snowflakes as text: JSON numbers above 2^53 lose their last digits in most readers.
        let user = user.map(|user| user.get().to_string());
        let game_id = self.table.as_ref().map(|table| table.id());
        let span = info_span!(
            "action",
            user = user.as_deref(),
            action,
            game_id = tracing::field::Empty
        );
        if let Some(game_id) = game_id {
            span.record("game_id", game_id.get());
        }
        span
    }

    pub(super) async fn handle(&mut self, request: Request) {
        if request.intent == Intent::Rematch {
            return self.rematch(request).await;
        }
        let Some(table) = &mut self.table else {
            let notice = match request.origin {
                Origin::Click { game_id, .. } => match self.end_of(game_id).await {
                    // Where the bot only answers interactions, a game may have ended while
                    // nothing could show it (its lobby closed, its last turns timed out): the
                    // click shows its end.
                    Some(end) => {
                        if let Err((e, _)) = request.reply.update(end).await {
                            warn!(error = %e, "could not show a game's end on a click");
                        }
                        return;
                    }
                    None => Notice::GameOver,
                },
                Origin::Slash => Notice::NoGame(self.cx.services.config.games.commands()),
            };
            return deny(request.reply, notice, request.lang).await;
        };
        let kind = table.kind();
        if request.kind.is_some_and(|asked| asked != kind) {
            let notice = render::notice(Notice::OtherGame(kind.command()), request.lang);
            let _ = request.reply.ephemeral(notice).await;
            return;
        }
        table.handle(&mut self.cx, request).await;
        if self.cx.unshown {
            // Where the bot only answers interactions, this one may show the game again.
            if let Some(table) = &mut self.table {
                table.reshow(&mut self.cx).await;
            }
        }
        self.hand_over().await;
        self.settle().await;
    }

    /// What the last action's shows left to do: a game whose thread refuses the bot goes back to
    /// its channel (handed over to that channel's actor); a game shown again after the bot gave
    /// up showing it no longer says so on its lobby message.
    async fn after_shows(&mut self) {
        if let Some(why) = self.cx.gone.take() {
            if let Some(table) = &mut self.table {
                table.leave_thread(&mut self.cx, why).await;
            }
            self.hand_over().await;
            self.settle().await;
        }
        if self.cx.said_unshown && !self.cx.unshown && self.cx.reshow_due.is_none() {
            if let Some(table) = &self.table {
                table.said_shown(&mut self.cx).await;
            }
        }
    }

    /// A game that came back from its thread to this channel: its table, which shows it here.
    async fn adopt(&mut self, table: AnyTable) {
        if let Some(open) = &self.table {
            // The store moved it here only if no other game was open here.
            let (open, back) = (open.id(), table.id());
            error!(
                open = open.get(),
                back = back.get(),
                "a game back from its thread, but the channel's table holds another"
            );
            return;
        }
        self.cx.reshow_due = None;
        self.cx.unshown = false;
        self.cx.reshow_tries = 0;
        self.table = Some(table);
        self.note_game();
        if let Some(table) = &mut self.table {
            table.resume(&mut self.cx).await;
        }
        self.arm_bot();
    }

    /// The end of game `game_id`, over, of this channel, where the bot only answers
    /// interactions; `None` elsewhere (its messages show its end already).
    async fn end_of(&self, game_id: GameId) -> Option<super::Outgoing> {
        let services = &self.cx.services;
        let kind = services.store.kind_of(game_id).await.ok()??;
        let (place, table) = any::load(services, game_id, &kind).await.ok()?;
        if !place.reach.answers_only() || place.channel_id != self.cx.channel {
            return None;
        }
        table.end_if_over()
    }

    /// A game whose Start just moved it to a thread goes on in that thread's own actor: this
    /// channel is free for another game. The thread's actor shows it there, and runs its clocks.
    /// So does a game that came back from its thread, in its channel's actor.
    async fn hand_over(&mut self) {
        let moved = self.table.as_mut().and_then(|table| table.take_moved_to());
        let Some(thread) = moved else {
            return;
        };
        let Some(table) = self.table.take() else {
            return;
        };
        self.cx.bot_due = None;
        self.cx.reshow_due = None;
        self.cx.unshown = false;
        self.cx.reshow_tries = 0;
        info!(
            channel = %thread.get(),
            "the game goes on in another channel"
        );
        super::registry::hand_over(&self.cx.registry, thread, table).await;
    }

    /// Rematch, clicked on the end of a finished game: a new table of that game with its people's
    /// options (its target, its bot seats, its language), hosted by the clicker; once it is open,
    /// each of that game's people who clicks it takes a seat. Only that game's people may, and
    /// not while another game is open in the channel.
    async fn rematch(&mut self, request: Request) {
        let Origin::Click {
            game_id,
            message_kind: Some(MessageKind::Over),
            ..
        } = request.origin
        else {
            return deny(request.reply, Notice::UnknownButton, request.lang).await;
        };
        let services = self.cx.services.clone();
        let store = &services.store;
        match store.log_pruned(game_id).await {
            Ok(None) => {}
            Ok(Some(_)) => {
                let view = crate::render::review::refusal(
                    &crate::render::review::Refusal::Pruned { id: game_id },
                    request.lang,
                );
                let _ = request.reply.ephemeral(view).await;
                return;
            }
            Err(e) => {
                error!(error = %e, game_id = game_id.get(), "could not read the game to rematch");
                return deny(request.reply, Notice::Failed, request.lang).await;
            }
        }
        let finished = match store.kind_of(game_id).await {
            Ok(Some(kind)) => any::load(&services, game_id, &kind).await.map(Some),
            Ok(None) => Ok(None),
            Err(e) => Err(e),
        };
        let finished = match finished {
            Ok(Some((_, table))) => table,
            Ok(None) => return deny(request.reply, Notice::UnknownButton, request.lang).await,
            Err(e) => {
                error!(error = %e, game_id = game_id.get(), "could not load the game to rematch");
                return deny(request.reply, Notice::Failed, request.lang).await;
            }
        };
        let Rematch {
            over,
            played,
            bots,
            target,
            lang: table_lang,
        } = finished.rematch(request.who.player());
        if !over {
            return deny(request.reply, Notice::UnknownButton, request.lang).await;
        }
        if !played {
            let commands = services.config.games.commands();
            return deny(
                request.reply,
                Notice::RematchPlayersOnly(commands),
                request.lang,
            )
            .await;
        }
        // The rematch of this game, still in its lobby (not another lobby, or a game under way).
        let rematch_open = self
            .table
            .as_ref()
            .map(|table| table.is_open_rematch_of(game_id));
        match rematch_open {
            None => {
                info!(game_id = game_id.get(), "rematch");
                let place = finished.place(self.cx.channel);
                let new = NewGame {
                    kind: finished.kind(),
                    place,
                    host: request.who,
                    target,
                    bots: bots as u8,
                    reply: request.reply,
                    lang: request.lang,
                    table_lang: Some(table_lang),
                    default_lang: table_lang,
                    rematch_of: Some(game_id),
                };
                self.create(new).await;
            }
            // The rematch is open: Rematch seats its clicker.
            Some(true) => {
                let join = Request {
                    intent: Intent::Join,
                    origin: Origin::Slash,
                    ..request
                };
                if let Some(table) = &mut self.table {
                    table.handle(&mut self.cx, join).await;
                }
                self.settle().await;
            }
            Some(false) => {
                let busy = self.busy(request.who.player(), &[]).unwrap_or_default();
                deny(request.reply, Notice::ChannelBusy(busy), request.lang).await
            }
        }
    }

    async fn time_out(&mut self) {
        info!(channel = %self.cx.channel.get(), "deadline passed");
        if let Some(table) = &mut self.table {
            table.run_clock(&mut self.cx).await;
        }
        self.settle().await;
    }

    async fn bot_move(&mut self) {
        self.cx.bot_due = None;
        let preparing = self
            .table
            .as_ref()
            .and_then(|table| table.preparing(&self.cx.services.strategies));
        if let Some(preparing) = preparing {
            // The game's strategy is still being prepared (after a start): the channel goes on
            // meanwhile, and the bot seat moves once it is ready (see `wake_when`).
            info!("the bot seat waits for the strategy table");
            self.wake_when(preparing);
            return;
        }
        if let Some(table) = &mut self.table {
            table.bot_move(&mut self.cx).await;
        }
        self.settle().await;
    }

    /// Arms the bot seat's move again once `preparing` (its game's strategy) is ready, by a
    /// message to this table; nothing waits on the table meanwhile.
    fn wake_when(&self, preparing: crate::host::Preparing) {
        let (registry, channel) = (self.cx.registry.clone(), self.cx.channel);
        tokio::spawn(async move {
            preparing.await;
            let actor = registry.actors.locked().get(&channel).cloned();
            if let Some(actor) = actor {
                let _ = actor.send(Msg::StrategyReady).await;
            }
        });
    }

    /// After an action: cancels a game only bots still play, re-arms the bot, and lets go of a
    /// game that is over (the channel is free again).
    async fn settle(&mut self) {
        let Some(table) = &mut self.table else {
            return;
        };
        if table.only_bots_left() {
            // Nobody is left to watch: bots playing on alone would only spam the channel.
            info!(
                channel = %self.cx.channel.get(),
                "only bot seats are left: cancelling the game"
            );
            table.cancel_for_nobody(&mut self.cx).await;
        }
        let over =
            matches!(table.stage(), Status::Finished | Status::Cancelled).then(|| table.id());
        if let Some(id) = over {
            info!(game_id = id.get(), "game over");
            self.table = None;
            self.cx.reshow_due = None;
        }
        self.arm_bot();
    }

    /// Loads the channel's open game if the table started without it.
    async fn load(&mut self) {
        if self.table.is_some() {
            self.note_game();
            self.arm_bot();
            return;
        }
        let services = self.cx.services.clone();
        let store = &services.store;
        let found = match store.open_game_in(self.cx.channel).await {
            Ok(Some((id, kind))) => any::load(&services, id, &kind).await,
            Ok(None) => return,
            Err(e) => Err(e),
        };
        match found {
            Ok((place, _)) if !services.owns(place.shard_guild()) => {
                let guild = place.shard_guild();
                // Another process (the one running the guild's shard) drives this game.
                warn!(
                    guild = %guild.get(),
                    "a request for a game of another process's shard; not taking it"
                );
            }
            Ok((_, table)) => {
                self.table = Some(table);
                self.note_game();
            }
            Err(e) => {
                error!(error = %e, channel = %self.cx.channel.get(), "could not load the game")
            }
        }
        self.arm_bot();
    }
}

/// Counts the actor's table in [`Registry::open`] while it holds an open game (and no longer
/// once the actor ends, whichever way).
struct OpenTable {
    registry: Arc<Registry>,
    open: bool,
}

impl OpenTable {
    fn set(&mut self, open: bool) {
        if open != self.open {
            match open {
                true => self.registry.open.fetch_add(1, Ordering::Relaxed),
                false => self.registry.open.fetch_sub(1, Ordering::Relaxed),
            };
            self.open = open;
        }
    }
}

impl Drop for OpenTable {
    fn drop(&mut self) {
        self.set(false);
    }
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
