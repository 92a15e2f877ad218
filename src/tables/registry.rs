//! The tables of all channels: one actor task per channel, started on demand.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, Notify};
use tokio::task::JoinHandle;
use tracing::{error, info, info_span, warn, Instrument};

use super::actor::{Actor, AnyTable, Cx};

use super::{NewGame, Outbox, Request, TableConfig};
use crate::engine::dice::DiceSource;
use crate::ids::{ChannelId, GameId, GuildId};
use crate::render::{self, Notice};
use crate::store::{GuildSettings, Place, Store, StoreError};
use crate::strategy::Strategies;

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

pub(crate) struct Shared {
    pub(super) store: Store,
    pub(super) outbox: Arc<dyn Outbox>,
    /// How games are shown where the bot may only answer interactions (see
    /// [`Reach::answers_only`](crate::store::Reach::answers_only)).
    pub(super) answers: Arc<dyn Outbox>,
    pub(super) dice: Mutex<Box<dyn DiceSource + Send>>,
    /// The strategies of every table (bot seats' moves, the Odds button): prepared from the
    /// start (see [`Strategies::warm`]) or filled on first use, and kept, never recomputed per
    /// click.
    pub(super) strategies: Strategies,
    pub(super) config: TableConfig,
    pub(super) actors: Mutex<HashMap<ChannelId, mpsc::Sender<Msg>>>,
    pub(super) tasks: Mutex<Vec<JoinHandle<()>>>,
    pub(super) closing: AtomicBool,
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
}

/// How often the versions games' messages show are written to the store. After a crash, a
/// restart shows again the games that changed in the last this-long; after a clean stop, none.
const SHOWN_FLUSH: Duration = Duration::from_secs(2);

impl Shared {
    /// Game `game_id`'s message shows its `version`.
    pub(super) fn shown(&self, game_id: GameId, version: u64) {
        self.shown.lock().unwrap().insert(game_id, version);
    }

    /// The settings a game at `place` opens with: its server's, where the bot is a member;
    /// elsewhere (a server where only people installed the app, a chat) the defaults.
    pub(super) async fn settings(&self, place: Place) -> Result<GuildSettings, StoreError> {
        if place.reach.answers_only() {
            return Ok(GuildSettings::default());
        }
        self.store.guild_settings(place.guild_id).await
    }

    /// Writes the versions seen since the last write.
    async fn flush_shown(&self) {
        let batch: Vec<(GameId, u64)> = self.shown.lock().unwrap().drain().collect();
        if batch.is_empty() {
            return;
        }
        if let Err(e) = self.store.set_shown(&batch).await {
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
    shared: Arc<Shared>,
}

/// What runs once the open games are loaded and their tables started (see
/// [`Tables::after_loading`]).
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
        let owned = |guild_id: GuildId| shards.is_none_or(|s| s.owns(guild_id));
        // Leaderboards of a period count the results of the games finished in it: the games
        // finished before results were kept get theirs, once (a failure costs only those).
        match AnyTable::backfill_results(&store).await {
            Ok(0) => {}
            Ok(games) => info!(games, "results of earlier finished games written"),
            Err(e) => error!(error = %e, "could not write the results of earlier finished games"),
        }
        let open = AnyTable::load_open(&store, owned).await?;
        let tables = Tables {
            shared: Arc::new(Shared {
                store,
                outbox,
                answers,
                dice: Mutex::new(dice),
                strategies: Strategies::new(config.strategy_cache.clone()),
                config,
                actors: Mutex::new(HashMap::new()),
                tasks: Mutex::new(Vec::new()),
                closing: AtomicBool::new(false),
                draining: AtomicBool::new(false),
                open: AtomicUsize::new(0),
                shown: Mutex::new(HashMap::new()),
                stop_flusher: Notify::new(),
                flusher: Mutex::new(None),
            }),
        };
        let flusher = tokio::spawn(tables.shared.clone().run_flusher());
        *tables.shared.flusher.lock().unwrap() = Some(flusher);
        match shards {
            Some(shards) => {
                info!(games = open.len(), %shards, "open games of this process's guilds loaded")
            }
            None => info!(games = open.len(), "open games loaded"),
        }
        for (place, game_id, table) in open {
            if let Some(shards) = shards {
                let guild = place.shard_guild();
                info!(
                    guild = guild.get(),
                    shard = shards.shard_of(guild),
                    game_id = game_id.get(),
                    "open game picked up"
                );
            }
            tables.spawn(place.channel_id, Some(table));
        }
        if let Some(hook) = AFTER_LOADING.get() {
            hook();
        }
        Ok(tables)
    }

    pub fn store(&self) -> &Store {
        &self.shared.store
    }

    /// The games' strategies (bot seats, Odds, reviews): for the start, which prepares them, and
    /// tests, which await them ready.
    pub fn strategies(&self) -> &Strategies {
        &self.shared.strategies
    }

    pub fn config(&self) -> &TableConfig {
        &self.shared.config
    }

    /// The channels whose table is in memory (their game loaded, or asked for), in order.
    pub fn channels(&self) -> Vec<ChannelId> {
        let mut channels: Vec<ChannelId> =
            self.shared.actors.lock().unwrap().keys().copied().collect();
        channels.sort_unstable();
        channels
    }

    /// How many tables hold an open game (a lobby or a game in play) now.
    pub fn open_tables(&self) -> usize {
        self.shared.open.load(Ordering::Relaxed)
    }

    /// Whether this process serves the guild (runs its shard).
    pub fn owns(&self, guild_id: GuildId) -> bool {
        owns(&self.shared.config, guild_id)
    }

    /// Opens a table in a channel (`/forgetit start`).
    pub async fn create(&self, new: NewGame) {
        let guild = new.place.shard_guild();
        if !self.owns(guild) {
            // Discord routes a guild to the process of its shard only: this is a misrouted
            // request, and the guild's games belong to another process.
            warn!(
                guild = guild.get(),
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
        super::review::answer(self.shared.clone(), request).await;
    }

    /// Waits until every table has done what it was asked before this call: answered, shown
    /// and saved (the messages of a turn that began, their ids). For tools and tests, which
    /// then read a state no action of the past is still changing.
    pub async fn settled(&self) {
        let actors: Vec<_> = self
            .shared
            .actors
            .lock()
            .unwrap()
            .values()
            .cloned()
            .collect();
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
        self.shared.draining.store(true, Ordering::SeqCst);
    }

    pub async fn shutdown(&self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        self.shared.actors.lock().unwrap().clear();
        let tasks = std::mem::take(&mut *self.shared.tasks.lock().unwrap());
        for task in tasks {
            let _ = task.await;
        }
        // Every table has stopped: note what their messages show, so a restart sends nothing.
        self.shared.stop_flusher.notify_one();
        let flusher = self.shared.flusher.lock().unwrap().take();
        if let Some(flusher) = flusher {
            let _ = flusher.await;
        }
    }

    async fn send(&self, channel: ChannelId, mut msg: Msg) {
        // A table whose task ended (it can only have failed) is started afresh from the store,
        // once.
        for _ in 0..2 {
            if self.shared.closing.load(Ordering::SeqCst) {
                break;
            }
            let sender = self.spawn(channel, None);
            match sender.send(msg).await {
                Ok(()) => return,
                Err(mpsc::error::SendError(back)) => {
                    error!(
                        channel = channel.get(),
                        "a table stopped unexpectedly; restarting it"
                    );
                    let mut actors = self.shared.actors.lock().unwrap();
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
        spawn(&self.shared, channel, table)
    }

    /// Discord says thread `thread` was deleted, or locked (`why`): its game, if one is open
    /// there, goes back to the channel of its lobby message. Nothing is started for a thread
    /// whose table is not running (no game of this process is open there).
    pub async fn thread_closed(&self, thread: ChannelId, why: super::Closed) {
        let sender = self.shared.actors.lock().unwrap().get(&thread).cloned();
        if let Some(sender) = sender {
            info!(thread = thread.get(), ?why, "a game's thread closed");
            let _ = sender.send(Msg::ThreadClosed(why)).await;
        }
    }
}

/// Hands `table` to the actor of `channel`: started with it, or told to adopt it if it runs.
pub(super) async fn hand_over(shared: &Arc<Shared>, channel: ChannelId, table: AnyTable) {
    let running = shared.actors.lock().unwrap().get(&channel).cloned();
    let table = match running {
        Some(sender) => match sender.send(Msg::Adopt(Box::new(table))).await {
            Ok(()) => return,
            // It stopped in between: a new one takes the table.
            Err(mpsc::error::SendError(Msg::Adopt(table))) => {
                let mut actors = shared.actors.lock().unwrap();
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
    spawn(shared, channel, Some(table));
}

/// The actor of `channel`, started (with `table`, if given) unless it runs already.
pub(super) fn spawn(
    shared: &Arc<Shared>,
    channel: ChannelId,
    table: Option<AnyTable>,
) -> mpsc::Sender<Msg> {
    let mut actors = shared.actors.lock().unwrap();
    if let Some(sender) = actors.get(&channel) {
        return sender.clone();
    }
    let (tx, rx) = mpsc::channel(64);
    actors.insert(channel, tx.clone());
    // Everything a table does is logged in its span; `guild` is filled in once the table
    // knows its game, and each action's span names the game (see `Actor::action_span`).
    let span = info_span!(
        "table",
        channel = channel.get(),
        guild = tracing::field::Empty
    );
    let mut actor = Actor {
        cx: Cx {
            shared: shared.clone(),
            channel,
            bot_due: None,
            reshow_due: None,
            reshow_pause: super::actor::RESHOW_FIRST,
            unshown: false,
            reshow_tries: 0,
            said_unshown: false,
            gone: None,
        },
        table,
        span: span.clone(),
        guild_noted: false,
    };
    actor.arm_bot();
    let task = tokio::spawn(actor.run(rx).instrument(span));
    shared.tasks.lock().unwrap().push(task);
    tx
}

pub(super) fn owns(config: &TableConfig, guild_id: GuildId) -> bool {
    config.shards.is_none_or(|s| s.owns(guild_id))
}
