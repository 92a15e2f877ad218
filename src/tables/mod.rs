//! The game service. Each channel has one table: a task that alone owns the channel's game and
//! handles one request at a time, so two clicks never race. A request is checked, applied by the
//! engine with dice from the service's dice source, committed to the store, and only then shown:
//! the interaction is answered and the channel's messages are edited or posted. The table also
//! owns the timers: the turn deadline of a person (stored, so it survives a restart) and the pace
//! of a bot seat.
//!
//! Nothing here knows Discord: messages go out through the [`Outbox`] and [`Reply`] ports, which
//! the `discord` module implements.
//!
//! A process may run only some of the bot's shards ([`shards`]): then it keeps, and drives, only
//! the games of its own guilds; the other processes sharing the database drive theirs.

mod games;
pub mod shards;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tracing::{debug, error, info, info_span, warn, Instrument, Span};

use crate::engine::dice::DiceSource;
use crate::engine::{forgetit, getdickey, Player};
use crate::i18n::Lang;
use crate::render::{self, MessageView, Notice};
use crate::store::{now_ms, GameKind, Loaded, Place, Status, Store, StoreError};
use crate::strategy::Strategies;
pub use games::TableGame;
use shards::Shards;

/// How tables behave.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// How long a person has for each move before the turn times out.
    pub turn_timeout: Duration,
    /// How long a table waits in its lobby, since its last change, before it closes unstarted.
    pub lobby_timeout: Duration,
    /// How long a bot seat waits before each move, so people can follow it.
    pub bot_pace: Duration,
    /// The target of a game started without one.
    pub default_target: u32,
    /// How dice are drawn as text.
    pub style: render::DiceStyle,
    /// The shards this process runs: only their guilds' games are kept and driven here. `None`:
    /// every guild (one process).
    pub shards: Option<Shards>,
    /// Where the Get Dickey strategy table is cached (read at first use, written once solved).
    /// `None`: solved in memory at first use, every run.
    pub strategy_cache: Option<std::path::PathBuf>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            turn_timeout: Duration::from_secs(300),
            lobby_timeout: Duration::from_secs(3600),
            bot_pace: Duration::from_millis(1500),
            default_target: crate::engine::forgetit::DEFAULT_TARGET,
            style: render::DiceStyle::default(),
            shards: None,
            strategy_cache: None,
        }
    }
}

/// A message the bot shows, with what its buttons need to name the game and its state.
#[derive(Clone, Debug)]
pub struct Outgoing {
    pub view: MessageView,
    pub game_id: i64,
    pub version: u64,
}

/// Posting and editing channel messages (implemented by the Discord layer).
pub trait Outbox: Send + Sync + 'static {
    /// Posts a message; returns its id.
    fn post(&self, channel_id: u64, message: Outgoing) -> BoxFuture<'_, Result<u64, String>>;
    fn edit(
        &self,
        channel_id: u64,
        message_id: u64,
        message: Outgoing,
    ) -> BoxFuture<'_, Result<(), String>>;
}

/// The one answer an interaction gets (implemented by the Discord layer).
pub trait Reply: Send + 'static {
    /// Answers a click by updating the clicked message.
    fn update(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<(), String>>;
    /// Answers with a new public message; returns its id.
    fn message(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<u64, String>>;
    /// Answers privately to the one who asked.
    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), String>>;
}

/// Who asks.
#[derive(Clone, Debug)]
pub struct Who {
    pub user_id: u64,
    pub name: String,
    /// May cancel any game and remove players (Manage Messages in the channel).
    pub moderator: bool,
}

impl Who {
    fn player(&self) -> Player {
        Player::Person(self.user_id)
    }
}

/// What a person asks of the table of a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Join,
    Leave,
    AddBot,
    Start,
    Cancel,
    Kick {
        user_id: u64,
    },
    Roll,
    /// For Get It: bank the turn.
    Bank,
    /// For Get It: keep this point number.
    Choose(u8),
    /// Get Dickey: hold or free die 0–4.
    Hold(u8),
    /// Get Dickey: score the roll in this box.
    Score(getdickey::Category),
    Scores,
    /// For Get It: the odds of the turn in progress, privately (not a move: any version, anyone).
    Odds,
}

impl Command {
    /// Moves of the player on turn: they must be made on the state the message showed.
    fn is_turn_move(self) -> bool {
        matches!(
            self,
            Command::Roll
                | Command::Bank
                | Command::Choose(_)
                | Command::Hold(_)
                | Command::Score(_)
        )
    }
}

/// Where a request came from: a slash command, or a button on a message of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Slash,
    Click {
        game_id: i64,
        version: u64,
        message_id: u64,
    },
}

pub struct Request {
    /// The game a slash command is for (`/forgetit ...` or `/getdickey ...`); `None` for clicks,
    /// which name their game.
    pub kind: Option<GameKind>,
    pub who: Who,
    pub command: Command,
    pub origin: Origin,
    pub reply: Box<dyn Reply>,
    /// The language of the one who asks: private answers are in it.
    pub lang: Lang,
}

/// A new game asked for with `/forgetit start` or `/getdickey start`.
pub struct NewGame {
    pub kind: GameKind,
    pub place: Place,
    pub host: Who,
    pub target: Option<u32>,
    pub bots: u8,
    pub reply: Box<dyn Reply>,
    /// The language of the host: private answers are in it.
    pub lang: Lang,
    /// The language of the table's public messages, kept with the game.
    pub table_lang: Lang,
}

enum Msg {
    Create(NewGame),
    Request(Request),
}

struct Shared {
    store: Store,
    outbox: Arc<dyn Outbox>,
    dice: Mutex<Box<dyn DiceSource + Send>>,
    /// The strategies of every table (bot seats' moves, the Odds button): filled or loaded on
    /// first use and kept, never recomputed per click.
    strategies: Strategies,
    config: TableConfig,
    actors: Mutex<HashMap<u64, mpsc::Sender<Msg>>>,
    tasks: Mutex<Vec<JoinHandle<()>>>,
    closing: AtomicBool,
}

/// The tables of all channels.
#[derive(Clone)]
pub struct Tables {
    shared: Arc<Shared>,
}

impl Tables {
    /// Starts the service, picking up every open game where it was (with its stored deadline).
    pub async fn start(
        store: Store,
        outbox: Arc<dyn Outbox>,
        dice: Box<dyn DiceSource + Send>,
        config: TableConfig,
    ) -> Result<Tables, StoreError> {
        let shards = config.shards;
        let owned = |guild_id: u64| shards.is_none_or(|s| s.owns(guild_id));
        let mut open: Vec<(Place, i64, AnyTable)> = Vec::new();
        for loaded in store.load_open_in::<forgetit::Game>(owned).await? {
            open.push((
                loaded.place,
                loaded.id,
                AnyTable::ForGetIt(Table::from(loaded)),
            ));
        }
        for loaded in store.load_open_in::<getdickey::Game>(owned).await? {
            open.push((
                loaded.place,
                loaded.id,
                AnyTable::GetDickey(Table::from(loaded)),
            ));
        }
        let tables = Tables {
            shared: Arc::new(Shared {
                store,
                outbox,
                dice: Mutex::new(dice),
                strategies: Strategies::new(config.strategy_cache.clone()),
                config,
                actors: Mutex::new(HashMap::new()),
                tasks: Mutex::new(Vec::new()),
                closing: AtomicBool::new(false),
            }),
        };
        match shards {
            Some(shards) => {
                info!(games = open.len(), %shards, "open games of this process's guilds loaded")
            }
            None => info!(games = open.len(), "open games loaded"),
        }
        for (place, game_id, table) in open {
            if let Some(shards) = shards {
                let guild = place.guild_id;
                info!(
                    guild,
                    shard = shards.shard_of(guild),
                    game_id,
                    "open game picked up"
                );
            }
            tables.spawn(place.channel_id, Some(table));
        }
        Ok(tables)
    }

    pub fn store(&self) -> &Store {
        &self.shared.store
    }

    pub fn config(&self) -> &TableConfig {
        &self.shared.config
    }

    /// The channels whose table is in memory (their game loaded, or asked for), in order.
    pub fn channels(&self) -> Vec<u64> {
        let mut channels: Vec<u64> = self.shared.actors.lock().unwrap().keys().copied().collect();
        channels.sort_unstable();
        channels
    }

    /// Whether this process serves the guild (runs its shard).
    pub fn owns(&self, guild_id: u64) -> bool {
        owns(&self.shared.config, guild_id)
    }

    /// Opens a table in a channel (`/forgetit start`).
    pub async fn create(&self, new: NewGame) {
        let guild = new.place.guild_id;
        if !self.owns(guild) {
            // Discord routes a guild to the process of its shard only: this is a misrouted
            // request, and the guild's games belong to another process.
            warn!(
                guild,
                "a game asked for in a guild of another process's shard; refused"
            );
            let notice = render::notice(Notice::Failed, new.lang);
            let _ = new.reply.ephemeral(notice).await;
            return;
        }
        let channel = new.place.channel_id;
        self.send(channel, Msg::Create(new)).await;
    }

    /// Hands a request to the table of `channel_id`.
    pub async fn request(&self, channel_id: u64, request: Request) {
        self.send(channel_id, Msg::Request(request)).await;
    }

    /// Stops taking requests, lets every table finish the one in hand, and waits for them.
    pub async fn shutdown(&self) {
        self.shared.closing.store(true, Ordering::SeqCst);
        self.shared.actors.lock().unwrap().clear();
        let tasks = std::mem::take(&mut *self.shared.tasks.lock().unwrap());
        for task in tasks {
            let _ = task.await;
        }
    }

    async fn send(&self, channel: u64, mut msg: Msg) {
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
                    error!(channel, "a table stopped unexpectedly; restarting it");
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
        };
        let _ = reply
            .ephemeral(render::notice(Notice::ShuttingDown, lang))
            .await;
    }

    fn spawn(&self, channel: u64, table: Option<AnyTable>) -> mpsc::Sender<Msg> {
        let mut actors = self.shared.actors.lock().unwrap();
        if let Some(sender) = actors.get(&channel) {
            return sender.clone();
        }
        let (tx, rx) = mpsc::channel(64);
        actors.insert(channel, tx.clone());
        // Everything a table does is logged in its span; `guild` and `game_id` are filled in
        // once the table knows its game.
        let span = info_span!(
            "table",
            channel,
            guild = tracing::field::Empty,
            game_id = tracing::field::Empty
        );
        let mut actor = Actor {
            cx: Cx {
                shared: self.shared.clone(),
                channel,
                bot_due: None,
            },
            table,
            span: span.clone(),
        };
        actor.arm_bot();
        let task = tokio::spawn(actor.run(rx).instrument(span));
        self.shared.tasks.lock().unwrap().push(task);
        tx
    }
}

/// The open game of a channel, as its actor holds it.
struct Table<G> {
    id: i64,
    guild: u64,
    game: G,
    lobby_message: Option<u64>,
    turn_message: Option<u64>,
    deadline_ms: Option<i64>,
    /// The language of the game's public messages.
    lang: Lang,
}

impl<G> From<Loaded<G>> for Table<G> {
    fn from(loaded: Loaded<G>) -> Table<G> {
        Table {
            id: loaded.id,
            guild: loaded.place.guild_id,
            game: loaded.game,
            lobby_message: loaded.lobby_message_id,
            turn_message: loaded.turn_message_id,
            deadline_ms: loaded.deadline_ms,
            lang: loaded.lang,
        }
    }
}

/// A channel's open game, of either kind.
enum AnyTable {
    ForGetIt(Table<forgetit::Game>),
    GetDickey(Table<getdickey::Game>),
}

impl AnyTable {
    fn guild_free(loaded_guild: u64, config: &TableConfig) -> bool {
        owns(config, loaded_guild)
    }
}

/// Runs `$body` with `$t` bound to the table of whichever kind it is.
macro_rules! with_table {
    ($table:expr, $t:ident => $body:expr) => {
        match $table {
            AnyTable::ForGetIt($t) => $body,
            AnyTable::GetDickey($t) => $body,
        }
    };
}

enum Timer {
    Deadline,
    BotMove,
}

/// What a table's code shares with its actor: the service, the channel, the bot-move timer.
struct Cx {
    shared: Arc<Shared>,
    channel: u64,
    bot_due: Option<Instant>,
}

struct Actor {
    cx: Cx,
    table: Option<AnyTable>,
    /// The table's span: channel, guild and game id.
    span: Span,
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Msg>) {
        // A table picked up at start, or started afresh after a failure, shows its game as it
        // is: the process may have stopped before showing its last action.
        self.load().await;
        if let Some(table) = &mut self.table {
            with_table!(table, t => t.resume(&mut self.cx).await);
        }
        loop {
            let timer = self.next_timer();
            let wake = timer.as_ref().map_or_else(far_future, |(at, _)| *at);
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(Msg::Create(new)) => {
                        let span = action_span(new.host.user_id, "create");
                        self.create(new).instrument(span).await;
                    }
                    Some(Msg::Request(request)) => {
                        let span = action_span(request.who.user_id, &format!("{:?}", request.command));
                        self.handle(request).instrument(span).await;
                    }
                    None => break,
                },
                _ = tokio::time::sleep_until(wake), if timer.is_some() => {
                    match timer.map(|(_, kind)| kind) {
                        Some(Timer::Deadline) => {
                            self.time_out().instrument(info_span!("action", action = "deadline")).await;
                        }
                        Some(Timer::BotMove) => {
                            self.bot_move().instrument(info_span!("action", action = "bot move")).await;
                        }
                        None => {}
                    }
                }
            }
        }
        debug!(channel = self.cx.channel, "table closed");
    }

    fn next_timer(&self) -> Option<(Instant, Timer)> {
        let table = self.table.as_ref()?;
        if let Some(due) = self.cx.bot_due {
            return Some((due, Timer::BotMove));
        }
        let deadline = with_table!(table, t => t.deadline_ms)?;
        let wait = Duration::from_millis(deadline.saturating_sub(now_ms()).max(0) as u64);
        Some((Instant::now() + wait, Timer::Deadline))
    }

    /// Schedules the bot seat's next move if a bot is on turn.
    fn arm_bot(&mut self) {
        let bot_on_turn = self.table.as_ref().is_some_and(
            |table| with_table!(table, t => t.game.current_player().is_some_and(Player::is_bot)),
        );
        self.cx.bot_due = bot_on_turn.then(|| Instant::now() + self.cx.shared.config.bot_pace);
    }

    async fn create(&mut self, new: NewGame) {
        if self.table.is_some() {
            let _ = new
                .reply
                .ephemeral(render::notice(Notice::ChannelBusy, new.lang))
                .await;
            return;
        }
        self.table = match new.kind {
            GameKind::ForGetIt => Table::<forgetit::Game>::create(&mut self.cx, new)
                .await
                .map(AnyTable::ForGetIt),
            GameKind::GetDickey => Table::<getdickey::Game>::create(&mut self.cx, new)
                .await
                .map(AnyTable::GetDickey),
        };
        self.note_game();
        self.arm_bot();
    }

    /// Names the table's game in its span.
    fn note_game(&self) {
        if let Some(table) = &self.table {
            let (guild, game_id) = with_table!(table, t => (t.guild, t.id));
            self.span.record("guild", guild);
            self.span.record("game_id", game_id);
        }
    }

    async fn handle(&mut self, request: Request) {
        let Some(table) = &mut self.table else {
            let notice = match request.origin {
                Origin::Click { .. } => Notice::GameOver,
                Origin::Slash => Notice::NoGame,
            };
            let _ = request
                .reply
                .ephemeral(render::notice(notice, request.lang))
                .await;
            return;
        };
        let kind = match table {
            AnyTable::ForGetIt(_) => GameKind::ForGetIt,
            AnyTable::GetDickey(_) => GameKind::GetDickey,
        };
        if request.kind.is_some_and(|asked| asked != kind) {
            let command = match kind {
                GameKind::ForGetIt => "forgetit",
                GameKind::GetDickey => "getdickey",
            };
            let notice = render::notice(Notice::OtherGame(command), request.lang);
            let _ = request.reply.ephemeral(notice).await;
            return;
        }
        with_table!(table, t => t.handle(&mut self.cx, request).await);
        self.settle().await;
    }

    async fn time_out(&mut self) {
        info!(channel = self.cx.channel, "deadline passed");
        if let Some(table) = &mut self.table {
            with_table!(table, t => t.run_clock(&mut self.cx).await);
        }
        self.settle().await;
    }

    async fn bot_move(&mut self) {
        self.cx.bot_due = None;
        if let Some(table) = &mut self.table {
            with_table!(table, t => {
                if let Some(action) = t.bot_action(&self.cx).await {
                    t.apply(&mut self.cx, action, None, None).await;
                }
            });
        }
        self.settle().await;
    }

    /// After an action: cancels a game only bots still play, re-arms the bot, and lets go of a
    /// game that is over (the channel is free again).
    async fn settle(&mut self) {
        let Some(table) = &mut self.table else {
            return;
        };
        let over = with_table!(table, t => {
            if t.game.only_bots_left() {
                // Nobody is left to watch: bots playing on alone would only spam the channel.
                info!(channel = self.cx.channel, "only bot seats are left: cancelling the game");
                t.cancel_for_nobody(&mut self.cx).await;
            }
            matches!(t.game.stage(), Status::Finished | Status::Cancelled).then_some(t.id)
        });
        if let Some(id) = over {
            info!(game_id = id, "game over");
            self.table = None;
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
        let shared = self.cx.shared.clone();
        let store = &shared.store;
        let found = match store.open_game_in(self.cx.channel).await {
            Ok(Some((id, GameKind::ForGetIt))) => store
                .load::<forgetit::Game>(id)
                .await
                .map(|l| (l.place.guild_id, AnyTable::ForGetIt(Table::from(l)))),
            Ok(Some((id, GameKind::GetDickey))) => store
                .load::<getdickey::Game>(id)
                .await
                .map(|l| (l.place.guild_id, AnyTable::GetDickey(Table::from(l)))),
            Ok(None) => return,
            Err(e) => Err(e),
        };
        match found {
            Ok((guild, _)) if !AnyTable::guild_free(guild, &shared.config) => {
                // Another process (the one running the guild's shard) drives this game.
                warn!(
                    guild,
                    "a request for a game of another process's shard; not taking it"
                );
            }
            Ok((_, table)) => {
                self.table = Some(table);
                self.note_game();
            }
            Err(e) => error!(error = %e, channel = self.cx.channel, "could not load the game"),
        }
        self.arm_bot();
    }
}

impl<G: TableGame> Table<G>
where
    G::Event: Send + Sync,
{
    fn outgoing(&self, view: MessageView) -> Outgoing {
        Outgoing {
            view,
            game_id: self.id,
            version: self.game.version(),
        }
    }

    /// Opens a new game and answers with its lobby.
    async fn create(cx: &mut Cx, new: NewGame) -> Option<Table<G>> {
        let NewGame {
            place,
            host,
            target,
            bots,
            reply,
            lang,
            table_lang,
            ..
        } = new;
        let config = &cx.shared.config;
        let (game, created) = match G::create(
            target,
            config.default_target,
            host.player(),
            host.name.clone(),
            lang,
        ) {
            Ok(created) => created,
            Err(view) => {
                let _ = reply.ephemeral(view).await;
                return None;
            }
        };
        let stored = cx
            .shared
            .store
            .create_game_in(place, &game, &created, table_lang)
            .await;
        let id = match stored {
            Ok(id) => id,
            Err(StoreError::ChannelBusy { .. }) => {
                let _ = reply
                    .ephemeral(render::notice(Notice::ChannelBusy, lang))
                    .await;
                return None;
            }
            Err(e) => {
                error!(error = %e, "could not store a new game");
                let _ = reply
                    .ephemeral(render::notice(Notice::NotSaved, lang))
                    .await;
                return None;
            }
        };
        info!(
            game_id = id,
            channel = place.channel_id,
            kind = G::KIND.as_str(),
            "game created"
        );
        let mut table = Table {
            id,
            guild: place.guild_id,
            game,
            lobby_message: None,
            turn_message: None,
            deadline_ms: Some(now_ms() + config.lobby_timeout.as_millis() as i64),
            lang: table_lang,
        };
        for _ in 0..usize::from(bots).min(G::MAX_SEATS - 1) {
            let action = table.add_bot_action();
            if table.commit(cx, action, table_lang).await.is_err() {
                break;
            }
        }
        match reply
            .message(table.outgoing(table.game.lobby_view(table_lang)))
            .await
        {
            Ok(message_id) => {
                table.lobby_message = Some(message_id);
                table.save_messages(cx).await;
            }
            Err(e) => warn!(error = %e, "could not answer /start"),
        }
        Some(table)
    }

    async fn handle(&mut self, cx: &mut Cx, request: Request) {
        let Request {
            who,
            command,
            origin,
            reply,
            lang,
            ..
        } = request;
        let clicked = match origin {
            Origin::Click {
                game_id,
                version,
                message_id,
            } => {
                if game_id != self.id {
                    let _ = reply
                        .ephemeral(render::notice(Notice::GameOver, lang))
                        .await;
                    return;
                }
                // Moves on the turn message must be made on the state they were shown on; lobby
                // buttons mean the same on any version.
                if command.is_turn_move() && version != self.game.version() {
                    let _ = reply.ephemeral(render::notice(Notice::Stale, lang)).await;
                    return;
                }
                Some(message_id)
            }
            Origin::Slash => None,
        };
        let me = who.player();
        // The host while still playing: a host who left or was removed has no say any more.
        let is_host = self.game.host() == me && self.game.plays(me);
        let action = match command {
            Command::Scores => {
                let _ = reply.ephemeral(self.game.scores_view(lang)).await;
                return;
            }
            Command::Odds => {
                let view = self.odds_view(cx, lang).await;
                let _ = reply.ephemeral(view).await;
                return;
            }
            Command::Join => G::join(me, who.name.clone()),
            Command::Leave => G::leave(me),
            Command::AddBot if !is_host => return deny(reply, Notice::HostOnly, lang).await,
            Command::AddBot => self.add_bot_action(),
            Command::Start => G::start(me),
            Command::Cancel if !is_host && !who.moderator => {
                return deny(reply, Notice::HostOrModeratorOnly, lang).await
            }
            Command::Cancel => G::cancel(),
            Command::Kick { .. } if !is_host && !who.moderator => {
                return deny(reply, Notice::HostOrModeratorOnly, lang).await
            }
            Command::Kick { user_id } => G::leave(Player::Person(user_id)),
            turn_command => match G::turn_move(turn_command, me) {
                Some(action) => action,
                None => return deny(reply, Notice::UnknownButton, lang).await,
            },
        };
        let ack = match command {
            Command::Kick { user_id } if user_id == who.user_id => Notice::Left,
            Command::Kick { .. } => Notice::Kicked,
            Command::Join => Notice::Joined,
            Command::Leave => Notice::Left,
            Command::Cancel => Notice::Cancelled,
            _ => Notice::Done,
        };
        self.apply(cx, action, clicked, Some((reply, ack, lang)))
            .await;
    }

    /// The bot seat's move, worked out off the table's task (the solver may fill its tables on
    /// first use, and waits for any other table using it).
    async fn bot_action(&self, cx: &Cx) -> Option<G::Action> {
        let (game, shared) = (self.game.clone(), cx.shared.clone());
        tokio::task::spawn_blocking(move || game.bot_move(&shared.strategies))
            .await
            .unwrap_or_else(|e| {
                error!(error = %e, "the bot seat's move failed");
                None
            })
    }

    /// The answer to Odds, worked out off the table's task like [`Table::bot_action`].
    async fn odds_view(&self, cx: &Cx, lang: Lang) -> MessageView {
        let (game, shared) = (self.game.clone(), cx.shared.clone());
        let view =
            tokio::task::spawn_blocking(move || game.odds_view(&shared.strategies, lang)).await;
        match view {
            Ok(Some(view)) => view,
            Ok(None) => render::notice(Notice::UnknownButton, lang),
            Err(e) => {
                error!(error = %e, "working out the odds failed");
                render::notice(Notice::Failed, lang)
            }
        }
    }

    /// The deadline passed: the turn's (it times out), or the lobby's (the table closes).
    async fn run_clock(&mut self, cx: &mut Cx) {
        if self.game.stage() == Status::Lobby {
            info!(
                game_id = self.id,
                "nobody started the table in time: closing it"
            );
            self.apply(cx, G::cancel(), None, None).await;
        } else {
            self.apply(cx, G::time_out(), None, None).await;
        }
    }

    /// Cancels the game: nobody is left to play it.
    async fn cancel_for_nobody(&mut self, cx: &mut Cx) {
        self.apply(cx, G::cancel(), None, None).await;
    }

    fn add_bot_action(&self) -> G::Action {
        let n = (1..=G::MAX_SEATS as u8)
            .find(|&n| !self.game.seated(Player::Bot(n)))
            .unwrap_or(1);
        G::join(Player::Bot(n), render::bot_name(n, self.lang))
    }

    /// Decides, commits, and only then replaces the game. On failure nothing changed, and the
    /// error is a message in `lang` (the asker's).
    async fn commit(
        &mut self,
        cx: &mut Cx,
        action: G::Action,
        lang: Lang,
    ) -> Result<G, MessageView> {
        let decided = {
            let mut dice = cx.shared.dice.lock().unwrap();
            self.game.decide(action, &mut **dice, lang)
        };
        let event = decided?;
        let mut next = self.game.clone();
        next.evolve(&event);
        let config = &cx.shared.config;
        let deadline_ms = match next.current_player() {
            // Any change in the lobby gives it its time again.
            None if next.stage() == Status::Lobby => {
                Some(now_ms() + config.lobby_timeout.as_millis() as i64)
            }
            // Someone else's join or leave leaves the deadline where it was.
            Some(Player::Person(_))
                if !G::is_move(&event) && next.turn_number() == self.game.turn_number() =>
            {
                self.deadline_ms
            }
            Some(Player::Person(_)) => Some(now_ms() + config.turn_timeout.as_millis() as i64),
            _ => None,
        };
        if let Err(e) = cx
            .shared
            .store
            .commit(self.id, &next, &event, deadline_ms)
            .await
        {
            error!(error = %e, game_id = self.id, "could not commit an action");
            if let StoreError::Conflict { .. } = e {
                // Someone else wrote this game: take the stored game as the truth.
                match cx.shared.store.load::<G>(self.id).await {
                    Ok(loaded) => *self = Table::from(loaded),
                    Err(e) => error!(error = %e, "could not reload the game"),
                }
            }
            // Timers retry after a pause rather than at once.
            let retry = Duration::from_secs(5);
            self.deadline_ms = self
                .deadline_ms
                .map(|_| now_ms() + retry.as_millis() as i64);
            cx.bot_due = cx.bot_due.map(|_| Instant::now() + retry);
            return Err(render::notice(Notice::NotSaved, lang));
        }
        self.deadline_ms = deadline_ms;
        Ok(std::mem::replace(&mut self.game, next))
    }

    /// Applies an action and shows its result: `clicked` is the message whose button asked for
    /// it (answered by updating it); `reply` answers the asker.
    async fn apply(
        &mut self,
        cx: &mut Cx,
        action: G::Action,
        clicked: Option<u64>,
        reply: Option<(Box<dyn Reply>, Notice, Lang)>,
    ) {
        let lang = reply.as_ref().map_or(self.lang, |(_, _, lang)| *lang);
        match self.commit(cx, action, lang).await {
            Ok(before) => self.publish(cx, &before, clicked, reply).await,
            Err(view) => {
                if let Some((reply, _, _)) = reply {
                    let _ = reply.ephemeral(view).await;
                }
            }
        }
    }

    /// Shows what changed from `before` to the table's game, on the lobby message, the turn
    /// message and new messages.
    async fn publish(
        &mut self,
        cx: &mut Cx,
        before: &G,
        clicked: Option<u64>,
        mut reply: Option<(Box<dyn Reply>, Notice, Lang)>,
    ) {
        if clicked.is_none() {
            // A slash command's answer does not wait for the channel's messages.
            if let Some((reply, notice, lang)) = reply.take() {
                let _ = reply.ephemeral(render::notice(notice, lang)).await;
            }
        }
        // Public messages are in the table's language, whoever asked.
        let lang = self.lang;
        let style = cx.shared.config.style.clone();
        let stage = self.game.stage();
        match (before.stage(), stage) {
            (Status::Lobby, Status::Playing) => {
                let lobby = self.outgoing(self.game.lobby_view(self.lang));
                self.show(cx, self.lobby_message, lobby, clicked, &mut reply)
                    .await;
                self.post_turn(cx).await;
            }
            (Status::Lobby, _) => {
                let lobby = self.outgoing(self.game.lobby_view(self.lang));
                self.show(cx, self.lobby_message, lobby, clicked, &mut reply)
                    .await;
            }
            (Status::Playing, _) => {
                let turn_ended = G::turn_ended(before, &self.game);
                let view = match stage {
                    Status::Cancelled => self.game.over_view(lang),
                    _ if turn_ended => self.game.result_view(&style, lang),
                    _ => self.game.turn_view(&style, lang),
                };
                let shown = self.turn_message.is_some();
                let message = self.outgoing(view);
                self.show(cx, self.turn_message, message, clicked, &mut reply)
                    .await;
                match stage {
                    // A turn whose message could not be posted is posted now.
                    Status::Playing if turn_ended || !shown => self.post_turn(cx).await,
                    Status::Finished => {
                        let over = self.outgoing(self.game.over_view(lang));
                        if let Err(e) = cx.shared.outbox.post(cx.channel, over).await {
                            warn!(error = %e, "could not post the game's end");
                        }
                    }
                    _ => {}
                }
            }
            (Status::Finished | Status::Cancelled, _) => {}
        }
        if let Some((reply, notice, lang)) = reply {
            let _ = reply.ephemeral(render::notice(notice, lang)).await;
        }
    }

    /// Shows `message` on the message `target`: by answering the click when it was clicked,
    /// else by editing it.
    async fn show(
        &self,
        cx: &Cx,
        target: Option<u64>,
        message: Outgoing,
        clicked: Option<u64>,
        reply: &mut Option<(Box<dyn Reply>, Notice, Lang)>,
    ) {
        if clicked.is_some() && clicked == target {
            if let Some((reply, _, _)) = reply.take() {
                match reply.update(message.clone()).await {
                    Ok(()) => return,
                    // Too late, or refused: the action is committed, so show it all the same.
                    Err(e) => warn!(error = %e, "could not answer a click; editing instead"),
                }
            }
        }
        if let Some(target) = target {
            if let Err(e) = cx.shared.outbox.edit(cx.channel, target, message).await {
                warn!(error = %e, "could not edit a game message");
            }
        }
    }

    /// Posts the message of the turn that just began and remembers it.
    async fn post_turn(&mut self, cx: &Cx) {
        let view = self.game.turn_view(&cx.shared.config.style, self.lang);
        match cx.shared.outbox.post(cx.channel, self.outgoing(view)).await {
            Ok(id) => self.turn_message = Some(id),
            Err(e) => {
                warn!(error = %e, "could not post the turn message; posting it on the next change");
                self.turn_message = None;
            }
        }
        self.save_messages(cx).await;
    }

    /// After a restart: shows the game as it is now (the process may have stopped between a
    /// commit and its messages), and gives a person whose deadline passed while the bot was away
    /// a fresh one.
    async fn resume(&mut self, cx: &mut Cx) {
        let in_lobby = self.game.stage() == Status::Lobby;
        let config = &cx.shared.config;
        let fresh = if in_lobby {
            config.lobby_timeout
        } else {
            config.turn_timeout
        };
        // A lobby that never changed since it was opened has no stored deadline.
        if self.deadline_ms.is_some_and(|d| d < now_ms())
            || (in_lobby && self.deadline_ms.is_none())
        {
            self.deadline_ms = Some(now_ms() + fresh.as_millis() as i64);
        }
        match self.game.stage() {
            Status::Lobby => {
                let lobby = || self.outgoing(self.game.lobby_view(self.lang));
                let shown = match self.lobby_message {
                    Some(id) => match cx.shared.outbox.edit(cx.channel, id, lobby()).await {
                        Ok(()) => true,
                        Err(e) => {
                            warn!(error = %e, "could not refresh the lobby message; posting it anew");
                            false
                        }
                    },
                    None => false,
                };
                // A lobby nobody can see (its message gone, or never shown) can't be joined.
                if !shown {
                    match cx.shared.outbox.post(cx.channel, lobby()).await {
                        Ok(id) => {
                            self.lobby_message = Some(id);
                            self.save_messages(cx).await;
                        }
                        Err(e) => warn!(error = %e, "could not post the lobby message"),
                    }
                }
            }
            Status::Playing => {
                let view = self.game.turn_view(&cx.shared.config.style, self.lang);
                let shown = match self.turn_message {
                    Some(id) => {
                        let message = self.outgoing(view);
                        cx.shared.outbox.edit(cx.channel, id, message).await.is_ok()
                    }
                    None => false,
                };
                if !shown {
                    self.post_turn(cx).await;
                }
            }
            Status::Finished | Status::Cancelled => {}
        }
    }

    async fn save_messages(&self, cx: &Cx) {
        if let Err(e) = cx
            .shared
            .store
            .set_messages(self.id, self.lobby_message, self.turn_message)
            .await
        {
            error!(error = %e, "could not remember the game's messages");
        }
    }
}

async fn deny(reply: Box<dyn Reply>, notice: Notice, lang: Lang) {
    let _ = reply.ephemeral(render::notice(notice, lang)).await;
}

/// The span of one thing a person asks of a table.
fn action_span(user: u64, action: &str) -> Span {
    info_span!("action", user, action)
}

fn owns(config: &TableConfig, guild_id: u64) -> bool {
    config.shards.is_none_or(|s| s.owns(guild_id))
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
