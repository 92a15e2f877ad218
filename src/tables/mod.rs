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

pub mod shards;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tracing::{debug, error, info, warn};

use crate::engine::dice::DiceSource;
use crate::engine::forgetit::{Action, Event, Game, Phase, Settings, MAX_SEATS};
use crate::engine::Player;
use crate::render::{self, MessageView, Notice};
use crate::store::{now_ms, Loaded, Place, Store, StoreError};
use shards::Shards;

/// How tables behave.
#[derive(Clone, Debug)]
pub struct TableConfig {
    /// How long a person has for each move before the turn times out.
    pub turn_timeout: Duration,
    /// How long a bot seat waits before each move, so people can follow it.
    pub bot_pace: Duration,
    /// The target of a game started without one.
    pub default_target: u32,
    /// How dice are drawn as text.
    pub style: render::DiceStyle,
    /// The shards this process runs: only their guilds' games are kept and driven here. `None`:
    /// every guild (one process).
    pub shards: Option<Shards>,
}

impl Default for TableConfig {
    fn default() -> Self {
        TableConfig {
            turn_timeout: Duration::from_secs(300),
            bot_pace: Duration::from_millis(1500),
            default_target: crate::engine::forgetit::DEFAULT_TARGET,
            style: render::DiceStyle::default(),
            shards: None,
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
    Kick { user_id: u64 },
    Roll,
    Bank,
    Choose(u8),
    Scores,
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
    pub who: Who,
    pub command: Command,
    pub origin: Origin,
    pub reply: Box<dyn Reply>,
}

/// A new game asked for with `/forgetit start`.
pub struct NewGame {
    pub place: Place,
    pub host: Who,
    pub target: Option<u32>,
    pub bots: u8,
    pub reply: Box<dyn Reply>,
}

enum Msg {
    Create(NewGame),
    Request(Request),
}

struct Shared {
    store: Store,
    outbox: Arc<dyn Outbox>,
    dice: Mutex<Box<dyn DiceSource + Send>>,
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
        let open = store.load_open_in::<Game>(owned).await?;
        let tables = Tables {
            shared: Arc::new(Shared {
                store,
                outbox,
                dice: Mutex::new(dice),
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
        for loaded in open {
            if let Some(shards) = shards {
                let guild = loaded.place.guild_id;
                info!(
                    guild,
                    shard = shards.shard_of(guild),
                    game_id = loaded.id,
                    "open game picked up"
                );
            }
            let channel = loaded.place.channel_id;
            tables.spawn(channel, Some(Table::from(loaded)));
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
            let _ = new.reply.ephemeral(render::notice(Notice::Failed)).await;
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
        let reply = match msg {
            Msg::Create(new) => new.reply,
            Msg::Request(request) => request.reply,
        };
        let _ = reply.ephemeral(render::notice(Notice::ShuttingDown)).await;
    }

    fn spawn(&self, channel: u64, table: Option<Table>) -> mpsc::Sender<Msg> {
        let mut actors = self.shared.actors.lock().unwrap();
        if let Some(sender) = actors.get(&channel) {
            return sender.clone();
        }
        let (tx, rx) = mpsc::channel(64);
        actors.insert(channel, tx.clone());
        let mut actor = Actor {
            shared: self.shared.clone(),
            channel,
            table,
            bot_due: None,
        };
        actor.arm_bot();
        let task = tokio::spawn(actor.run(rx));
        self.shared.tasks.lock().unwrap().push(task);
        tx
    }
}

/// The open game of a channel, as its actor holds it.
struct Table {
    id: i64,
    game: Game,
    lobby_message: Option<u64>,
    turn_message: Option<u64>,
    deadline_ms: Option<i64>,
}

impl From<Loaded<Game>> for Table {
    fn from(loaded: Loaded<Game>) -> Table {
        Table {
            id: loaded.id,
            game: loaded.game,
            lobby_message: loaded.lobby_message_id,
            turn_message: loaded.turn_message_id,
            deadline_ms: loaded.deadline_ms,
        }
    }
}

enum Timer {
    Deadline,
    BotMove,
}

struct Actor {
    shared: Arc<Shared>,
    channel: u64,
    table: Option<Table>,
    bot_due: Option<Instant>,
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Msg>) {
        // A table picked up at start, or started afresh after a failure, shows its game as it
        // is: the process may have stopped before showing its last action.
        self.load().await;
        self.resume().await;
        loop {
            let timer = self.next_timer();
            let wake = timer.as_ref().map_or_else(far_future, |(at, _)| *at);
            tokio::select! {
                msg = rx.recv() => match msg {
                    Some(Msg::Create(new)) => self.create(new).await,
                    Some(Msg::Request(request)) => self.handle(request).await,
                    None => break,
                },
                _ = tokio::time::sleep_until(wake), if timer.is_some() => {
                    match timer.map(|(_, kind)| kind) {
                        Some(Timer::Deadline) => self.time_out().await,
                        Some(Timer::BotMove) => self.bot_move().await,
                        None => {}
                    }
                }
            }
        }
        debug!(channel = self.channel, "table closed");
    }

    fn next_timer(&self) -> Option<(Instant, Timer)> {
        let table = self.table.as_ref()?;
        if let Some(due) = self.bot_due {
            return Some((due, Timer::BotMove));
        }
        let deadline = table.deadline_ms?;
        let wait = Duration::from_millis(deadline.saturating_sub(now_ms()).max(0) as u64);
        Some((Instant::now() + wait, Timer::Deadline))
    }

    /// Schedules the bot seat's next move if a bot is on turn.
    fn arm_bot(&mut self) {
        let bot_on_turn = self
            .table
            .as_ref()
            .and_then(|t| t.game.current_player())
            .is_some_and(Player::is_bot);
        self.bot_due = bot_on_turn.then(|| Instant::now() + self.shared.config.bot_pace);
    }

    async fn create(&mut self, new: NewGame) {
        let NewGame {
            place,
            host,
            target,
            bots,
            reply,
        } = new;
        if self.table.is_some() {
            let _ = reply.ephemeral(render::notice(Notice::ChannelBusy)).await;
            return;
        }
        let settings = Settings {
            target: target.unwrap_or(self.shared.config.default_target),
        };
        let (game, created) = match Game::create(settings, host.player(), host.name.clone()) {
            Ok(created) => created,
            Err(e) => {
                let _ = reply.ephemeral(render::notice(Notice::Rule(e))).await;
                return;
            }
        };
        let store = &self.shared.store;
        let id = match store.create_game(place, &game, &created).await {
            Ok(id) => id,
            Err(StoreError::ChannelBusy { .. }) => {
                let _ = reply.ephemeral(render::notice(Notice::ChannelBusy)).await;
                return;
            }
            Err(e) => {
                error!(error = %e, "could not store a new game");
                let _ = reply.ephemeral(render::notice(Notice::NotSaved)).await;
                return;
            }
        };
        info!(game_id = id, channel = place.channel_id, "game created");
        self.table = Some(Table {
            id,
            game,
            lobby_message: None,
            turn_message: None,
            deadline_ms: None,
        });
        for _ in 0..bots.min((MAX_SEATS - 1) as u8) {
            let action = self.add_bot_action();
            if self.commit(action).await.is_err() {
                break;
            }
        }
        let table = self.table.as_ref().expect("just created");
        let lobby = outgoing(table, render::lobby(&table.game));
        match reply.message(lobby).await {
            Ok(message_id) => {
                let table = self.table.as_mut().expect("just created");
                table.lobby_message = Some(message_id);
                self.save_messages().await;
            }
            Err(e) => warn!(error = %e, "could not answer /start"),
        }
    }

    async fn handle(&mut self, request: Request) {
        let Request {
            who,
            command,
            origin,
            reply,
        } = request;
        let Some(table) = &self.table else {
            let notice = match origin {
                Origin::Click { .. } => Notice::GameOver,
                Origin::Slash => Notice::NoGame,
            };
            let _ = reply.ephemeral(render::notice(notice)).await;
            return;
        };
        let clicked = match origin {
            Origin::Click {
                game_id,
                version,
                message_id,
            } => {
                if game_id != table.id {
                    let _ = reply.ephemeral(render::notice(Notice::GameOver)).await;
                    return;
                }
                // Moves on the turn message must be made on the state they were shown on; lobby
                // buttons mean the same on any version.
                let turn_move =
                    matches!(command, Command::Roll | Command::Bank | Command::Choose(_));
                if turn_move && version != table.game.version {
                    let _ = reply.ephemeral(render::notice(Notice::Stale)).await;
                    return;
                }
                Some(message_id)
            }
            Origin::Slash => None,
        };
        let me = who.player();
        // The host while still playing: a host who left or was removed has no say any more.
        let is_host = table.game.host == me
            && table
                .game
                .seat_of(me)
                .is_some_and(|i| table.game.seats[i].is_playing());
        let action = match command {
            Command::Scores => {
                let _ = reply.ephemeral(render::scores(&table.game)).await;
                return;
            }
            Command::Join => Action::Join {
                player: me,
                name: who.name.clone(),
            },
            Command::Leave => Action::Leave { player: me },
            Command::AddBot if !is_host => return deny(reply, Notice::HostOnly).await,
            Command::AddBot => self.add_bot_action(),
            Command::Start => Action::Start { by: me },
            Command::Cancel if !is_host && !who.moderator => {
                return deny(reply, Notice::HostOrModeratorOnly).await
            }
            Command::Cancel => Action::Cancel,
            Command::Kick { .. } if !is_host && !who.moderator => {
                return deny(reply, Notice::HostOrModeratorOnly).await
            }
            Command::Kick { user_id } => Action::Leave {
                player: Player::Person(user_id),
            },
            Command::Roll => Action::Roll { by: me },
            Command::Bank => Action::Bank { by: me },
            Command::Choose(number) => Action::ChoosePoint { by: me, number },
        };
        let ack = match command {
            Command::Kick { user_id } if user_id == who.user_id => Notice::Left,
            Command::Kick { .. } => Notice::Kicked,
            Command::Join => Notice::Joined,
            Command::Leave => Notice::Left,
            Command::Cancel => Notice::Cancelled,
            _ => Notice::Done,
        };
        self.apply(action, clicked, Some((reply, ack))).await;
    }

    fn add_bot_action(&self) -> Action {
        let game = &self.table.as_ref().expect("a table").game;
        let n = (1..=MAX_SEATS as u8)
            .find(|&n| game.seat_of(Player::Bot(n)).is_none())
            .unwrap_or(1);
        Action::Join {
            player: Player::Bot(n),
            name: render::bot_name(n),
        }
    }

    async fn time_out(&mut self) {
        info!(channel = self.channel, "turn timed out");
        self.apply(Action::TimeOut, None, None).await;
    }

    async fn bot_move(&mut self) {
        self.bot_due = None;
        let Some(action) = self
            .table
            .as_ref()
            .and_then(|t| crate::strategy::simple(&t.game))
        else {
            return;
        };
        self.apply(action, None, None).await;
    }

    /// Decides, commits, and only then replaces the game. On failure nothing changed.
    async fn commit(&mut self, action: Action) -> Result<Game, Notice> {
        let table = self.table.as_mut().expect("a table");
        let decided = {
            let mut dice = self.shared.dice.lock().unwrap();
            table.game.decide(action, &mut *dice)
        };
        let event = decided.map_err(Notice::Rule)?;
        let moved = matches!(
            event,
            Event::Rolled { .. } | Event::PointChosen { .. } | Event::Banked
        );
        let mut next = table.game.clone();
        next.evolve(&event);
        let on_turn = |game: &Game| game.turn().ok().map(|t| t.number);
        let deadline_ms = match next.current_player() {
            // Someone else's join or leave leaves the deadline where it was.
            Some(Player::Person(_)) if !moved && on_turn(&next) == on_turn(&table.game) => {
                table.deadline_ms
            }
            Some(Player::Person(_)) => {
                Some(now_ms() + self.shared.config.turn_timeout.as_millis() as i64)
            }
            _ => None,
        };
        if let Err(e) = self
            .shared
            .store
            .commit(table.id, &next, &event, deadline_ms)
            .await
        {
            error!(error = %e, game_id = table.id, "could not commit an action");
            if let StoreError::Conflict { .. } = e {
                // Someone else wrote this game: take the stored game as the truth.
                match self.shared.store.load::<Game>(table.id).await {
                    Ok(loaded) => *table = Table::from(loaded),
                    Err(e) => error!(error = %e, "could not reload the game"),
                }
            }
            // Timers retry after a pause rather than at once.
            let retry = Duration::from_secs(5);
            table.deadline_ms = table
                .deadline_ms
                .map(|_| now_ms() + retry.as_millis() as i64);
            self.bot_due = self.bot_due.map(|_| Instant::now() + retry);
            return Err(Notice::NotSaved);
        }
        table.deadline_ms = deadline_ms;
        Ok(std::mem::replace(&mut table.game, next))
    }

    /// Applies an action and shows its result: `clicked` is the message whose button asked for
    /// it (answered by updating it); `reply` answers the asker.
    async fn apply(
        &mut self,
        action: Action,
        clicked: Option<u64>,
        reply: Option<(Box<dyn Reply>, Notice)>,
    ) {
        let before = match self.commit(action).await {
            Ok(before) => before,
            Err(notice) => {
                if let Some((reply, _)) = reply {
                    let _ = reply.ephemeral(render::notice(notice)).await;
                }
                return;
            }
        };
        self.publish(&before, clicked, reply).await;
        if self.only_bots_left() {
            // Nobody is left to watch: bots playing on alone would only spam the channel.
            info!(
                channel = self.channel,
                "only bot seats are left: cancelling the game"
            );
            Box::pin(self.apply(Action::Cancel, None, None)).await;
            return;
        }
        self.arm_bot();
        if self.table.as_ref().is_some_and(|t| t.game.is_over()) {
            let table = self.table.take().expect("a table");
            info!(game_id = table.id, "game over");
        }
    }

    /// True when a game is being played and no person is still playing in it.
    fn only_bots_left(&self) -> bool {
        self.table.as_ref().is_some_and(|t| {
            matches!(t.game.phase, Phase::Playing { .. })
                && !t
                    .game
                    .seats
                    .iter()
                    .any(|s| s.is_playing() && !s.player.is_bot())
        })
    }

    /// Shows what changed from `before` to the table's game, on the lobby message, the turn
    /// message and new messages.
    async fn publish(
        &mut self,
        before: &Game,
        clicked: Option<u64>,
        mut reply: Option<(Box<dyn Reply>, Notice)>,
    ) {
        if clicked.is_none() {
            // A slash command's answer does not wait for the channel's messages.
            if let Some((reply, notice)) = reply.take() {
                let _ = reply.ephemeral(render::notice(notice)).await;
            }
        }
        let table = self.table.as_ref().expect("a table");
        let game = &table.game;
        let style = &self.shared.config.style;
        match (&before.phase, &game.phase) {
            (Phase::Lobby, Phase::Playing { .. }) => {
                let lobby = outgoing(table, render::lobby(game));
                self.show(table.lobby_message, lobby, clicked, &mut reply)
                    .await;
                self.post_turn().await;
            }
            (Phase::Lobby, _) => {
                let lobby = outgoing(table, render::lobby(game));
                self.show(table.lobby_message, lobby, clicked, &mut reply)
                    .await;
            }
            (Phase::Playing { .. }, _) => {
                let turn_ended = game.last_turn != before.last_turn;
                let view = match (&game.phase, &game.last_turn) {
                    (Phase::Cancelled, _) => render::game_over(game),
                    (_, Some(result)) if turn_ended => render::turn_result(game, result, style),
                    _ => render::turn(game, style),
                };
                let shown = table.turn_message.is_some();
                self.show(
                    table.turn_message,
                    outgoing(table, view),
                    clicked,
                    &mut reply,
                )
                .await;
                match &game.phase {
                    // A turn whose message could not be posted is posted now.
                    Phase::Playing { .. } if turn_ended || !shown => self.post_turn().await,
                    Phase::Finished { .. } => {
                        let over = outgoing(table, render::game_over(game));
                        if let Err(e) = self.shared.outbox.post(self.channel, over).await {
                            warn!(error = %e, "could not post the game's end");
                        }
                    }
                    _ => {}
                }
            }
            (Phase::Finished { .. } | Phase::Cancelled, _) => {}
        }
        if let Some((reply, notice)) = reply {
            let _ = reply.ephemeral(render::notice(notice)).await;
        }
    }

    /// Shows `message` on the message `target`: by answering the click when it was clicked,
    /// else by editing it.
    async fn show(
        &self,
        target: Option<u64>,
        message: Outgoing,
        clicked: Option<u64>,
        reply: &mut Option<(Box<dyn Reply>, Notice)>,
    ) {
        if clicked.is_some() && clicked == target {
            if let Some((reply, _)) = reply.take() {
                match reply.update(message.clone()).await {
                    Ok(()) => return,
                    // Too late, or refused: the action is committed, so show it all the same.
                    Err(e) => warn!(error = %e, "could not answer a click; editing instead"),
                }
            }
        }
        if let Some(target) = target {
            if let Err(e) = self.shared.outbox.edit(self.channel, target, message).await {
                warn!(error = %e, "could not edit a game message");
            }
        }
    }

    /// Posts the message of the turn that just began and remembers it.
    async fn post_turn(&mut self) {
        let table = self.table.as_ref().expect("a table");
        let view = render::turn(&table.game, &self.shared.config.style);
        match self
            .shared
            .outbox
            .post(self.channel, outgoing(table, view))
            .await
        {
            Ok(id) => {
                self.table.as_mut().expect("a table").turn_message = Some(id);
                self.save_messages().await;
            }
            Err(e) => {
                warn!(error = %e, "could not post the turn message; posting it on the next change");
                self.table.as_mut().expect("a table").turn_message = None;
                self.save_messages().await;
            }
        }
    }

    /// Loads the channel's open game if the table started without it.
    async fn load(&mut self) {
        if self.table.is_some() {
            return;
        }
        let store = &self.shared.store;
        let found = match store.open_game_in(self.channel).await {
            Ok(Some((id, crate::store::GameKind::ForGetIt))) => store.load::<Game>(id).await,
            Ok(_) => return,
            Err(e) => Err(e),
        };
        match found {
            Ok(loaded) if !owns(&self.shared.config, loaded.place.guild_id) => {
                // Another process (the one running the guild's shard) drives this game.
                warn!(
                    game_id = loaded.id,
                    guild = loaded.place.guild_id,
                    "a request for a game of another process's shard; not taking it"
                );
            }
            Ok(loaded) => self.table = Some(Table::from(loaded)),
            Err(e) => error!(error = %e, channel = self.channel, "could not load the game"),
        }
        self.arm_bot();
    }

    /// After a restart: shows the game as it is now (the process may have stopped between a
    /// commit and its messages), and gives a person whose deadline passed while the bot was away
    /// a fresh one.
    async fn resume(&mut self) {
        let Some(table) = self.table.as_mut() else {
            return;
        };
        if table.deadline_ms.is_some_and(|d| d < now_ms()) {
            table.deadline_ms = Some(now_ms() + self.shared.config.turn_timeout.as_millis() as i64);
        }
        let table = self.table.as_ref().expect("a table");
        match &table.game.phase {
            Phase::Lobby => {
                if let Some(id) = table.lobby_message {
                    let lobby = outgoing(table, render::lobby(&table.game));
                    if let Err(e) = self.shared.outbox.edit(self.channel, id, lobby).await {
                        warn!(error = %e, "could not refresh the lobby message");
                    }
                }
            }
            Phase::Playing { .. } => {
                let view = render::turn(&table.game, &self.shared.config.style);
                let shown = match table.turn_message {
                    Some(id) => {
                        let message = outgoing(table, view);
                        self.shared
                            .outbox
                            .edit(self.channel, id, message)
                            .await
                            .is_ok()
                    }
                    None => false,
                };
                if !shown {
                    self.post_turn().await;
                }
            }
            Phase::Finished { .. } | Phase::Cancelled => {}
        }
    }

    async fn save_messages(&self) {
        let table = self.table.as_ref().expect("a table");
        if let Err(e) = self
            .shared
            .store
            .set_messages(table.id, table.lobby_message, table.turn_message)
            .await
        {
            error!(error = %e, "could not remember the game's messages");
        }
    }
}

async fn deny(reply: Box<dyn Reply>, notice: Notice) {
    let _ = reply.ephemeral(render::notice(notice)).await;
}

fn owns(config: &TableConfig, guild_id: u64) -> bool {
    config.shards.is_none_or(|s| s.owns(guild_id))
}

fn outgoing(table: &Table, view: MessageView) -> Outgoing {
    Outgoing {
        view,
        game_id: table.id,
        version: table.game.version,
    }
}

fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400 * 365)
}
