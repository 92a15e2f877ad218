//! The tables of all channels: one actor task per channel, started on demand.

use crate::sync::Lock;
use std::collections::{BTreeSet, HashMap};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;
use tracing::{debug, error, info, info_span, warn, Instrument};

use super::actor::{Actor, Cx};
use super::any::{self, AnyTable};
use super::services::Services;
use super::{NewGame, Outbox, Request, TableConfig};
use crate::engine::dice::DiceSource;
use crate::host::Strategies;
use crate::ids::{ChannelId, GameId, GuildId};
use crate::render::{self, Notice};
use crate::store::{Store, StoreError};

/// Boxed, so that the queue each table allocates up front stays small.
pub(super) enum Msg {
    Create(Box<NewGame>),
    Request(Box<Request>),
    /// Answered once the table has done everything asked of it before.
    Settled(tokio::sync::oneshot::Sender<()>),
    /// The channel, a thread, refuses the bot for good (THREAD_DELETE, or THREAD_UPDATE locking
    /// it): its game goes back to the channel of its lobby message.
    ThreadClosed(super::Closed),
    /// A game back from its thread, to be this channel's.
    Adopt(Box<AnyTable>),
    /// The strategy a bot seat waited for is ready: its move is armed again.
    StrategyReady,
}

/// The registry's own state: which tables run (their actors) or sleep, the tasks a stop waits
/// for, whether the service drains or closes, and the versions games' messages show, written in
/// batches. What the tables use is [`Services`], which it holds for them.
pub(crate) struct Registry {
    pub(super) services: Arc<Services>,
    pub(super) actors: Mutex<HashMap<ChannelId, mpsc::Sender<Msg>>>,
    pub(super) tasks: Mutex<Vec<JoinHandle<()>>>,
    closing: AtomicBool,
    /// The bot is stopping: tables start nothing of their own (bot seats' moves, deadlines,
    /// showing again), but still handle every request (see [`Tables::drain`]).
    pub(super) draining: AtomicBool,
    /// How many tables hold an open game (see [`Tables::open_tables`]).
    pub(super) open: AtomicUsize,
    /// The version each game's message was seen to show since the last write to the store
    /// (`game id → version`), written in batches by the flusher.
    shown: Mutex<HashMap<GameId, u64>>,
    /// Tells the flusher to write what is left and stop.
    stop_flusher: Notify,
    flusher: Mutex<Option<JoinHandle<()>>>,
    /// The open games whose table sleeps (see [`TableConfig::sleep_after`]). Taken after
    /// `actors` where both are.
    sleepers: Mutex<Sleepers>,
    /// Tells the alarm a sleeper's deadline came or went, or that the service stops.
    alarm: Notify,
    alarm_task: Mutex<Option<JoinHandle<()>>>,
    /// How many times a table fell asleep (see [`Tables::until_asleep`]).
    slept: tokio::sync::watch::Sender<u64>,
}

/// The open games whose table sleeps: no task holds them, and their game is in the store. Each
/// keeps its deadline here, which the alarm watches (see [`Registry::run_alarm`]); its next request
/// or its deadline starts its actor again, which loads it.
#[derive(Default)]
struct Sleepers {
    /// Each sleeping channel's deadline (ms since the epoch), if it has one.
    deadlines: HashMap<ChannelId, Option<i64>>,
    /// The same deadlines, in order.
    due: BTreeSet<(i64, ChannelId)>,
}

impl Sleepers {
    fn with_capacity(games: usize) -> Sleepers {
        Sleepers {
            deadlines: HashMap::with_capacity(games),
            due: BTreeSet::new(),
        }
    }

    fn insert(&mut self, channel: ChannelId, deadline: Option<i64>) {
        if let Some(Some(old)) = self.deadlines.insert(channel, deadline) {
            self.due.remove(&(old, channel));
        }
        if let Some(deadline) = deadline {
            self.due.insert((deadline, channel));
        }
    }

    /// Wakes `channel`, if it sleeps: its deadline.
    fn take(&mut self, channel: ChannelId) -> Option<Option<i64>> {
        let deadline = self.deadlines.remove(&channel)?;
        if let Some(at) = deadline {
            self.due.remove(&(at, channel));
        }
        Some(deadline)
    }

    /// The first deadline to come.
    fn next(&self) -> Option<i64> {
        self.due.first().map(|&(at, _)| at)
    }
}

/// How often the versions games' messages show are written to the store. After a crash, a
/// restart shows again the games that changed in the last this-long; after a clean stop, none.
const SHOWN_FLUSH: Duration = Duration::from_secs(2);

impl Registry {
    /// The table of `channel` sleeps, its game's deadline being `deadline` (called with `actors`
    /// held, where its actor left it).
    pub(super) fn put_to_sleep(&self, channel: ChannelId, deadline: Option<i64>) {
        self.sleepers.locked().insert(channel, deadline);
        self.alarm.notify_one();
        self.slept.send_modify(|slept| *slept += 1);
    }

    /// Starts the actor of each sleeping table whose deadline came, which loads it and times it
    /// out; until the service stops. Nothing is woken while it drains: the next run picks the
    /// deadlines up from the store.
    async fn run_alarm(self: Arc<Self>) {
        loop {
            if self.closing.load(Ordering::SeqCst) {
                break;
            }
            let next = match self.draining.load(Ordering::SeqCst) {
                true => None,
                false => self.sleepers.locked().next(),
            };
            let Some(next) = next else {
                self.alarm.notified().await;
                continue;
            };
            let wait =
                Duration::from_millis(next.saturating_sub(crate::store::now_ms()).max(0) as u64);
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = self.alarm.notified() => continue,
            }
            if self.draining.load(Ordering::SeqCst) {
                continue;
            }
            let now = crate::store::now_ms();
            let due: Vec<ChannelId> = {
                let sleepers = self.sleepers.locked();
                let due = sleepers.due.iter().take_while(|&&(at, _)| at <= now);
                due.map(|&(_, channel)| channel).collect()
            };
            for channel in due {
                debug!(channel = %channel.get(), "a sleeping table's deadline came");
                spawn(&self, channel, None);
            }
        }
    }

    /// Game `game_id`'s message shows its `version`.
    pub(super) fn shown(&self, game_id: GameId, version: u64) {
        self.shown.locked().insert(game_id, version);
    }

    /// Writes the versions seen since the last write.
    async fn flush_shown(&self) {
        let batch: Vec<(GameId, u64)> = self.shown.locked().drain().collect();
        if batch.is_empty() {
            return;
        }
        if let Err(e) = self.services.store.set_shown(&batch).await {
            // Only a restart's work grows: it shows these games again.
            warn!(error = %e, games = batch.len(), "could not note which games are shown");
        }
    }

    /// Writes the versions shown every [`SHOWN_FLUSH`], until told to stop (then once more).
    async fn run_flusher(self: Arc<Self>) {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(SHOWN_FLUSH) => self.flush_shown().await,
                _ = self.stop_flusher.notified() => break,
            }
        }
        self.flush_shown().await;
    }
}

/// The tables of all channels.
#[derive(Clone)]
pub struct Tables {
    registry: Arc<Registry>,
}

/// What runs once the open games are loaded and their tables started (see
/// [`Tables::after_loading`]).
///
/// The process's, not a bot's: it acts on the process's one allocator (the binary's
/// `#[global_allocator]`, which the library cannot name), so it is set once, by the binary, and
/// any bot's loading calls it. Tests set none.
static AFTER_LOADING: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

impl Tables {
    /// Sets what runs once a start has loaded the open games and started their tables: the
    /// binary's allocator gives back then what the loading freed (`src/main.rs`), which it would
    /// otherwise keep while the bot is idle. Once a process; nothing by default.
    pub fn after_loading(hook: fn()) {
        let _ = AFTER_LOADING.set(hook);
    }

    /// Starts the service, picking up every open game where it was (with its stored deadline).
    pub async fn start(
        store: Store,
        outbox: Arc<dyn Outbox>,
        answers: Arc<dyn Outbox>,
        dice: Box<dyn DiceSource + Send>,
        config: TableConfig,
    ) -> Result<Tables, StoreError> {
        let shards = config.shards;
        let owned = |guild_id: GuildId| config.owns(guild_id);
        // Leaderboards of a period count the results of the games finished in it: the games
        // finished before results were kept get theirs, once (a failure costs only those).
        match any::backfill_results(&store, config.games).await {
            Ok(0) => {}
            Ok(games) => info!(games, "results of earlier finished games written"),
            Err(e) => error!(error = %e, "could not write the results of earlier finished games"),
        }
        let open = any::load_open(&store, config.games, owned).await?;
        let services = Services::new(store, outbox, answers, dice, config);
        let tables = Tables {
            registry: Arc::new(Registry {
                services: Arc::new(services),
                actors: Mutex::new(HashMap::new()),
                tasks: Mutex::new(Vec::new()),
                closing: AtomicBool::new(false),
                draining: AtomicBool::new(false),
                open: AtomicUsize::new(0),
                shown: Mutex::new(HashMap::new()),
                stop_flusher: Notify::new(),
                flusher: Mutex::new(None),
                sleepers: Mutex::new(Sleepers::default()),
                alarm: Notify::new(),
                alarm_task: Mutex::new(None),
                slept: tokio::sync::watch::Sender::new(0),
            }),
        };
        let flusher = tokio::spawn(tables.registry.clone().run_flusher());
        *tables.registry.flusher.locked() = Some(flusher);
        match shards {
            Some(shards) => {
                info!(games = open.len(), %shards, "open games of this process's guilds loaded")
            }
            None => info!(games = open.len(), "open games loaded"),
        }
        // A game with nothing to do sleeps from the start (most of a restart's games): no task
        // holds it until its next request or its deadline.
        let mut sleepers = Sleepers::with_capacity(open.len());
        for (place, game_id, mut table) in open {
            if let Some(shards) = shards {
                let guild = place.shard_guild();
                info!(
                    guild = %guild.get(),
                    shard = shards.shard_of(guild),
                    game_id = game_id.get(),
                    "open game picked up"
                );
            }
            match table.may_sleep_at_start(&tables.registry.services.config) {
                Some(deadline) => sleepers.insert(place.channel_id, deadline),
                None => {
                    tables.spawn(place.channel_id, Some(table));
                }
            }
        }
        info!(
            asleep = sleepers.deadlines.len(),
            "open games with nothing to do sleep"
        );
        *tables.registry.sleepers.locked() = sleepers;
        let alarm = tokio::spawn(tables.registry.clone().run_alarm());
        *tables.registry.alarm_task.locked() = Some(alarm);
        if let Some(hook) = AFTER_LOADING.get() {
            hook();
        }
        Ok(tables)
    }

    pub fn store(&self) -> &Store {
        &self.registry.services.store
    }

    /// The games' strategies (bot seats, Odds, reviews): for the start, which prepares them, and
    /// tests, which await them ready.
    pub fn strategies(&self) -> &Strategies {
        &self.registry.services.strategies
    }

    pub fn config(&self) -> &TableConfig {
        &self.registry.services.config
    }

    /// The channels whose table is in memory (their game loaded, or asked for) or sleeps, in
    /// order.
    pub fn channels(&self) -> Vec<ChannelId> {
        let actors = self.registry.actors.locked();
        let sleepers = self.registry.sleepers.locked();
        let mut channels: Vec<ChannelId> = actors.keys().copied().collect();
        channels.extend(sleepers.deadlines.keys().copied());
        channels.sort_unstable();
        channels
    }

    /// The channels whose table sleeps (see [`TableConfig::sleep_after`]), in order.
    pub fn asleep(&self) -> Vec<ChannelId> {
        let sleepers = self.registry.sleepers.locked();
        let mut channels: Vec<ChannelId> = sleepers.deadlines.keys().copied().collect();
        channels.sort_unstable();
        channels
    }

    /// How many tables sleep.
    pub fn tables_asleep(&self) -> usize {
        self.registry.sleepers.locked().deadlines.len()
    }

    /// Waits until the table of `channel` sleeps (for tests and tools).
    pub async fn until_asleep(&self, channel: ChannelId) {
        let mut slept = self.registry.slept.subscribe();
        let asleep = || {
            let sleepers = self.registry.sleepers.locked();
            sleepers.deadlines.contains_key(&channel)
        };
        while !asleep() {
            if slept.changed().await.is_err() {
                return;
            }
        }
    }

    /// How many tables hold an open game (a lobby or a game in play) now, asleep or not.
    pub fn open_tables(&self) -> usize {
        let asleep = self.registry.sleepers.locked().deadlines.len();
        self.registry.open.load(Ordering::Relaxed) + asleep
    }

    /// Whether this process serves the guild (runs its shard).
    pub fn owns(&self, guild_id: GuildId) -> bool {
        self.registry.services.owns(guild_id)
    }

    /// Opens a table in a channel (`/forgetit start`).
    pub async fn create(&self, new: NewGame) {
        let guild = new.place.shard_guild();
        if !self.owns(guild) {
            // Discord routes a guild to the process of its shard only: this is a misrouted
            // request, and the guild's games belong to another process.
            warn!(
                guild = %guild.get(),
                "a game asked for in a guild of another process's shard; refused"
            );
            let notice = render::notice(Notice::Failed, new.lang);
            let _ = new.reply.ephemeral(notice).await;
            return;
        }
        let channel = new.place.channel_id;
        self.send(channel, Msg::Create(Box::new(new))).await;
    }

    /// Hands a request to the table of `channel_id`.
    pub async fn request(&self, channel_id: ChannelId, request: Request) {
        self.send(channel_id, Msg::Request(Box::new(request))).await;
    }

    /// Answers a review of a finished game (privately): not a table's request, since a finished
    /// game has no table and a review changes nothing.
    pub async fn review(&self, request: super::ReviewRequest) {
        super::review::answer(self.registry.services.clone(), request).await;
    }

    /// Waits until every table has done what it was asked before this call: answered, shown
    /// and saved (the messages of a turn that began, their ids). For tools and tests, which
    /// then read a state no action of the past is still changing.
    pub async fn settled(&self) {
        let actors: Vec<_> = self.registry.actors.locked().values().cloned().collect();
        for actor in actors {
            let (done, settled) = tokio::sync::oneshot::channel();
            if actor.send(Msg::Settled(done)).await.is_ok() {
                // A table that stopped has nothing left to do either.
                let _ = settled.await;
            }
        }
    }

    /// Stops taking requests, lets every table finish the one in hand, and waits for them.
    /// The first step of a stop: tables start no more work of their own (a bot seat's move, a
    /// turn's deadline, showing a game again), which a restart picks up from the store, and keep
    /// handling every request that reaches them until [`shutdown`](Self::shutdown).
    pub fn drain(&self) {
        self.registry.draining.store(true, Ordering::SeqCst);
    }

    pub async fn shutdown(&self) {
        self.registry.closing.store(true, Ordering::SeqCst);
        self.registry.alarm.notify_one();
        let alarm = self.registry.alarm_task.locked().take();
        if let Some(alarm) = alarm {
            let _ = alarm.await;
        }
        self.registry.actors.locked().clear();
        let tasks = std::mem::take(&mut *self.registry.tasks.locked());
        for task in tasks {
            let _ = task.await;
        }
        // Every table has stopped: note what their messages show, so a restart sends nothing.
        self.registry.stop_flusher.notify_one();
        let flusher = self.registry.flusher.locked().take();
        if let Some(flusher) = flusher {
            let _ = flusher.await;
        }
    }

    async fn send(&self, channel: ChannelId, mut msg: Msg) {
        // A table whose task ended (it can only have failed) is started afresh from the store,
        // once.
        for _ in 0..2 {
            if self.registry.closing.load(Ordering::SeqCst) {
                break;
            }
            let sender = self.spawn(channel, None);
            match sender.send(msg).await {
                Ok(()) => return,
                Err(mpsc::error::SendError(back)) => {
                    error!(
                        channel = %channel.get(),
                        "a table stopped unexpectedly; restarting it"
                    );
                    let mut actors = self.registry.actors.locked();
                    if actors
                        .get(&channel)
                        .is_some_and(|s| s.same_channel(&sender))
                    {
                        actors.remove(&channel);
                    }
                    msg = back;
                }
            }
        }
        // Shutting down: say so rather than leave the interaction unanswered.
        let (reply, lang) = match msg {
            Msg::Create(new) => (new.reply, new.lang),
            Msg::Request(request) => (request.reply, request.lang),
            Msg::Settled(_) | Msg::ThreadClosed(_) | Msg::Adopt(_) | Msg::StrategyReady => return,
        };
        let _ = reply
            .ephemeral(render::notice(Notice::ShuttingDown, lang))
            .await;
    }

    fn spawn(&self, channel: ChannelId, table: Option<AnyTable>) -> mpsc::Sender<Msg> {
        spawn(&self.registry, channel, table)
    }

    /// Discord says thread `thread` was deleted, or locked (`why`): its game, if one is open
    /// there, goes back to the channel of its lobby message (woken, if its table sleeps).
    /// Nothing is started for a thread whose table neither runs nor sleeps (no game of this
    /// process is open there).
    pub async fn thread_closed(&self, thread: ChannelId, why: super::Closed) {
        let sender = {
            let actors = self.registry.actors.locked();
            let running = actors.get(&thread).cloned();
            let asleep = self
                .registry
                .sleepers
                .locked()
                .deadlines
                .contains_key(&thread);
            drop(actors);
            running.or_else(|| asleep.then(|| self.spawn(thread, None)))
        };
        if let Some(sender) = sender {
            info!(thread = %thread.get(), ?why, "a game's thread closed");
            let _ = sender.send(Msg::ThreadClosed(why)).await;
        }
    }
}

/// Hands `table` to the actor of `channel`: started with it, or told to adopt it if it runs.
pub(super) async fn hand_over(registry: &Arc<Registry>, channel: ChannelId, table: AnyTable) {
    let running = registry.actors.locked().get(&channel).cloned();
    let table = match running {
        Some(sender) => match sender.send(Msg::Adopt(Box::new(table))).await {
            Ok(()) => return,
            // It stopped in between: a new one takes the table.
            Err(mpsc::error::SendError(Msg::Adopt(table))) => {
                let mut actors = registry.actors.locked();
                if actors
                    .get(&channel)
                    .is_some_and(|s| s.same_channel(&sender))
                {
                    actors.remove(&channel);
                }
                *table
            }
            Err(_) => return,
        },
        None => table,
    };
    spawn(registry, channel, Some(table));
}

/// The actor of `channel`, started (with `table`, if given) unless it runs already.
pub(super) fn spawn(
    registry: &Arc<Registry>,
    channel: ChannelId,
    table: Option<AnyTable>,
) -> mpsc::Sender<Msg> {
    let mut actors = registry.actors.locked();
    if let Some(sender) = actors.get(&channel) {
        return sender.clone();
    }
    // A sleeping table wakes: its actor loads it, with the deadline it slept with. (A table
    // handed over finds none: the store moves a game only to a channel where none is open.)
    let woken = registry.sleepers.locked().take(channel);
    if woken.is_some() {
        registry.alarm.notify_one();
    }
    let woken = woken.filter(|_| table.is_none());
    let (tx, rx) = mpsc::channel(64);
    actors.insert(channel, tx.clone());
    // Everything a table does is logged in its span; `guild` is filled in once the table
    // knows its game, and each action's span names the game (see `Actor::action_span`).
    let span = info_span!(
        "table",
        channel = %channel.get(),
        guild = tracing::field::Empty
    );
    let mut actor = Actor::new(
        Cx::new(registry.clone(), channel),
        table,
        span.clone(),
        woken,
    );
    actor.arm_bot();
    let task = tokio::spawn(actor.run(rx).instrument(span));
    registry.tasks.locked().push(task);
    tx
}
