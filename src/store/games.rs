//! Games: the rows and logs the store keeps of each, the trait a game type implements to be
//! stored, and the [`Store`]'s API to create, commit, load and show them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use tracing::instrument;

use super::{Backend, CommitJob, Job, Place, Reach, Result, Seats, Store, StoreError};
use crate::engine::table::{self, Phase, Rules};
use crate::engine::{GameKind, Player, Status};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, GuildId, MessageId, UserId};

/// A game's row, as [`Store::load`] reads it.
#[derive(sqlx_macros::FromRow)]
pub(crate) struct GameRecord {
    pub(super) guild_id: GuildId,
    pub(super) channel_id: ChannelId,
    pub(super) lobby_message_id: Option<MessageId>,
    pub(super) turn_message_id: Option<MessageId>,
    pub(super) deadline_ms: Option<i64>,
    pub(super) version: i64,
    pub(super) lang: String,
    pub(super) shown_version: Option<i64>,
    pub(super) turn_timeout_ms: Option<i64>,
    pub(super) bot_pace_ms: Option<i64>,
    pub(super) rematch_of: Option<GameId>,
    pub(super) lobby_channel_id: Option<ChannelId>,
    pub(super) reach: i64,
}

impl GameRecord {
    pub(super) fn place(&self) -> Place {
        Place {
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            reach: Reach::from_code(self.reach),
        }
    }
}

/// The columns of a [`GameRecord`].
pub(super) const GAME_COLUMNS: &str = "guild_id, channel_id, lobby_message_id, turn_message_id, deadline_ms, \
                            version, lang, shown_version, turn_timeout_ms, bot_pace_ms, rematch_of, \
                            lobby_channel_id, reach";

/// How many games' event logs one query reads at a restart.
pub(super) const LOAD_CHUNK: usize = 500;

/// Game `game_id` rebuilt from its row and its event log.
pub(super) fn rebuilt<G: StoredGame>(
    game_id: GameId,
    row: &GameRecord,
    events: &[G::Event],
) -> Result<Loaded<G>> {
    let corrupt = |reason: ReplayError| StoreError::Corrupt { game_id, reason };
    let game = G::replay(events).map_err(corrupt)?;
    if game.version() != row.version as u64 {
        return Err(corrupt(ReplayError::Version {
            rebuilt: game.version(),
            row: row.version,
        }));
    }
    Ok(Loaded {
        id: game_id,
        place: row.place(),
        game,
        lobby_message_id: row.lobby_message_id,
        turn_message_id: row.turn_message_id,
        deadline_ms: row.deadline_ms,
        lang: Lang::from_code(&row.lang).unwrap_or_default(),
        shown_version: row.shown_version.map(|v| v as u64),
        clocks: Clocks {
            turn_timeout_ms: row.turn_timeout_ms.map(|ms| ms as u64),
            bot_pace_ms: row.bot_pace_ms.map(|ms| ms as u64),
        },
        rematch_of: row.rematch_of,
        lobby_channel: row.lobby_channel_id,
    })
}

/// A seat as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub player: Player,
    pub name: String,
    pub total: u32,
    pub playing: bool,
}

/// One person's part in a finished game, folded into their lifetime statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatResult {
    pub user_id: UserId,
    pub name: String,
    pub won: bool,
    pub points: u32,
    /// The game's best: of a turn, or the game's score (each game says which).
    pub best: u32,
    /// The game's feat (FORGET ITs spelled, five alike scored), if it has one.
    pub feats: u32,
    pub turns: u32,
}

/// A seat's place at the end of a game: 1 for the winners (a shared win shares it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placing {
    pub player: Player,
    pub name: String,
    pub place: usize,
}

/// What the store needs to know of a game type. Implemented next to the store for each engine.
pub trait StoredGame: Sized {
    type Event: Serialize + DeserializeOwned;
    const KIND: GameKind;
    fn settings(&self) -> serde_json::Value;
    fn status(&self) -> Status;
    /// The number of events applied; the seq of the last event in the log.
    fn version(&self) -> u64;
    fn seat_rows(&self) -> Vec<SeatRow>;
    /// The people's results once the game is finished; empty before, and for a cancelled game.
    fn results(&self) -> Vec<SeatResult>;
    /// Every seat's place once the game is finished (bots too); empty before, and for a
    /// cancelled game.
    fn placings(&self) -> Vec<Placing>;
    fn replay(events: &[Self::Event]) -> Result<Self, ReplayError>;
}

/// Why a game's event log does not rebuild it ([`StoreError::Corrupt`]).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The engine refused the log ([`table::ReplayError`]; boxed, since its rule error is each
    /// game's own type).
    #[error(transparent)]
    Log(Box<dyn std::error::Error + Send + Sync>),
    /// The log rebuilds another version than the game's row says.
    #[error("the log rebuilds version {rebuilt}, the game row says {row}")]
    Version { rebuilt: u64, row: i64 },
    /// The game's kind is not one this bot knows.
    #[error("the game {0} is not one this bot offers")]
    UnknownKind(String),
}

impl<E: std::error::Error + Send + Sync + 'static> From<table::ReplayError<E>> for ReplayError {
    fn from(error: table::ReplayError<E>) -> ReplayError {
        ReplayError::Log(Box::new(error))
    }
}

/// Every game is stored the same way: its settings as JSON, its seats with their totals, and the
/// people's results once it is finished.
impl<R: Rules> StoredGame for table::Game<R> {
    type Event = table::Event<R::Settings, R::Event>;
    const KIND: GameKind = R::KIND;

    fn settings(&self) -> serde_json::Value {
        serde_json::to_value(&self.settings).unwrap_or_default()
    }

    fn status(&self) -> Status {
        table::Game::status(self)
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn seat_rows(&self) -> Vec<SeatRow> {
        (0..self.seats.len())
            .map(|i| SeatRow {
                player: self.seats[i].player,
                name: self.seats[i].name.clone(),
                total: self.total(i),
                playing: self.seats[i].is_playing(),
            })
            .collect()
    }

    /// The places the engine gives ([`table::Game::places`]).
    fn placings(&self) -> Vec<Placing> {
        self.seats
            .iter()
            .zip(self.places())
            .map(|(seat, place)| Placing {
                player: seat.player,
                name: seat.name.clone(),
                place,
            })
            .collect()
    }

    fn results(&self) -> Vec<SeatResult> {
        let Phase::Finished { winners } = &self.phase else {
            return Vec::new();
        };
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, seat)| match seat.player {
                Player::Person(user_id) => {
                    let tally = R::tally(&seat.score);
                    Some(SeatResult {
                        user_id,
                        name: seat.name.clone(),
                        won: winners.contains(&i),
                        points: tally.points,
                        best: tally.best,
                        feats: tally.feats,
                        turns: tally.turns,
                    })
                }
                Player::Bot(_) => None,
            })
            .collect()
    }

    fn replay(events: &[Self::Event]) -> Result<Self, ReplayError> {
        Ok(table::Game::replay(events)?)
    }
}

/// A game as loaded from the store, rebuilt from its event log.
#[derive(Clone, Debug)]
pub struct Loaded<G> {
    pub id: GameId,
    pub place: Place,
    pub game: G,
    pub lobby_message_id: Option<MessageId>,
    pub turn_message_id: Option<MessageId>,
    pub deadline_ms: Option<i64>,
    /// The language of the table's public messages.
    pub lang: Lang,
    /// The version its message was last known to show ([`Store::set_shown`]), if known.
    pub shown_version: Option<u64>,
    /// The clocks it started with.
    pub clocks: Clocks,
    /// The finished game whose Rematch button opened it.
    pub rematch_of: Option<GameId>,
    /// Once its Start moved it to a thread (its place's channel, then): the channel of its lobby
    /// message.
    pub lobby_channel: Option<ChannelId>,
}

/// What a new game keeps beside its rules' state, from its opening to its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The language of the table's public messages.
    pub lang: Lang,
    /// Its clocks (its server's, at its start).
    pub clocks: Clocks,
    /// The finished game whose Rematch button opens it.
    pub rematch_of: Option<GameId>,
    /// What its server and its host may have open, checked in the transaction that stores it.
    pub limits: Option<OpenLimits>,
}

/// What a server and a person may have open when a game is stored (see [`Opening`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenLimits {
    /// The person who opens it.
    pub host: UserId,
    /// The open lobbies they may host in the server (this one not counted).
    pub lobbies_per_person: u32,
    /// The open games the server may have (this one not counted).
    pub tables_per_server: u32,
}

/// Which limit refused a new game, and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitReached {
    Lobbies(u32),
    Tables(u32),
}

/// The clocks a game keeps from its server's settings, from its start to its end (across
/// restarts): `None` where the server set none, so that the config file's value, as it stands,
/// applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Time for each move.
    pub turn_timeout_ms: Option<u64>,
    /// A bot seat's wait before each move.
    pub bot_pace_ms: Option<u64>,
}

impl Store {
    /// Stores a new game with its `created` event. Refused with [`StoreError::ChannelBusy`] when
    /// the channel already has an open game.
    #[instrument(skip(self, game, created), fields(kind = G::KIND.as_str()))]
    pub async fn create_game<G: StoredGame>(
        &self,
        place: Place,
        game: &G,
        created: &G::Event,
    ) -> Result<GameId> {
        self.create_game_in(place, game, created, Lang::default())
            .await
    }

    /// [`Store::create_game`], for a table whose public messages are in `lang` (kept with the
    /// game, and given back by [`Store::load`]).
    #[instrument(skip(self, game, created), fields(kind = G::KIND.as_str()))]
    pub async fn create_game_in<G: StoredGame>(
        &self,
        place: Place,
        game: &G,
        created: &G::Event,
        lang: Lang,
    ) -> Result<GameId> {
        let opening = Opening {
            lang,
            ..Opening::default()
        };
        self.create_game_with(place, game, created, &opening).await
    }

    /// [`Store::create_game_in`], for a game that keeps what `opening` says (given back by
    /// [`Store::load`]).
    #[instrument(skip(self, game, created), fields(kind = G::KIND.as_str()))]
    pub async fn create_game_with<G: StoredGame>(
        &self,
        place: Place,
        game: &G,
        created: &G::Event,
        opening: &Opening,
    ) -> Result<GameId> {
        each!(self, q => q.create_game_in(place, game, created, opening).await)
    }

    /// Appends `event` (which took the game from version `game.version() - 1` to `game`) and
    /// updates the game row, its seats and its deadline, in one transaction. When the game
    /// finishes, its people's lifetime statistics are updated in the same transaction. Commits
    /// of other games waiting at the same moment share that transaction (group commit); each is
    /// still applied once or refused alone, and returns once it is committed.
    pub async fn commit<G: StoredGame>(
        &self,
        game_id: GameId,
        game: &G,
        event: &G::Event,
        deadline_ms: Option<i64>,
    ) -> Result<()> {
        self.commit_from(game_id, None, game, event, deadline_ms, false)
            .await
    }

    /// [`Store::commit`], told the game `before` the event: its seats are written only if they
    /// changed (most moves change none); and whether the event began a new turn, whose message
    /// is not posted yet: the stored turn message is then cleared, so that a process stopped
    /// before it stored the new one's id posts it again (as the same post: see
    /// the tables' `Outbox::post`, whose nonce makes it one) rather than show the new turn on the last turn's message.
    /// (No span of its own: it runs in its action's span, and a span a click is a cost every
    /// click pays.)
    pub async fn commit_from<G: StoredGame>(
        &self,
        game_id: GameId,
        before: Option<&G>,
        game: &G,
        event: &G::Event,
        deadline_ms: Option<i64>,
        new_turn: bool,
    ) -> Result<()> {
        let seats = Seats::between(before.map(StoredGame::seat_rows), game.seat_rows());
        let version = game.version();
        let status = game.status();
        let job = CommitJob {
            game_id,
            version,
            status,
            deadline_ms,
            event: serde_json::to_string(event)?,
            seats,
            results: if status == Status::Finished {
                game.results()
            } else {
                Vec::new()
            },
            placings: if status == Status::Finished {
                game.placings()
            } else {
                Vec::new()
            },
            kind: G::KIND,
            new_turn,
        };
        if each!(self, q => q.write(Job::Commit(job)).await)? {
            return Ok(());
        }
        Err(match self.exists(game_id).await? {
            true => StoreError::Conflict {
                game_id,
                expected: version.saturating_sub(1),
            },
            false => StoreError::NotFound(game_id),
        })
    }

    /// Remembers the Discord messages that show a game.
    pub async fn set_messages(
        &self,
        game_id: GameId,
        lobby_message_id: Option<MessageId>,
        turn_message_id: Option<MessageId>,
    ) -> Result<()> {
        each!(self, q => q.set_messages(game_id, lobby_message_id, turn_message_id).await)
    }

    /// Moves open game `game_id` to the thread its Start opened: its messages go there from now
    /// on, and its lobby message stays in `lobby_channel`.
    pub async fn move_to_thread(
        &self,
        game_id: GameId,
        thread: ChannelId,
        lobby_channel: ChannelId,
    ) -> Result<()> {
        each!(self, q => q.move_to_thread(game_id, thread, lobby_channel).await)
    }

    /// Moves open game `game_id` out of its thread `thread` (deleted, locked, or out of the bot's
    /// reach) back to the channel of its lobby message, which it returns: it is that channel's
    /// game again, its turn message to be posted there. `ChannelBusy` when another game is open
    /// in that channel (the game stays stored in its thread).
    pub async fn move_from_thread(&self, game_id: GameId, thread: ChannelId) -> Result<ChannelId> {
        each!(self, q => q.move_from_thread(game_id, thread).await)
    }

    /// The open game (lobby or playing) of a channel, if any, with its kind's key
    /// ([`GameKind::as_str`]: the service's [`Games`](crate::host::Games) find its game).
    pub async fn open_game_in(&self, channel_id: ChannelId) -> Result<Option<(GameId, String)>> {
        each!(self, q => q.open_game_in(channel_id).await)
    }

    /// Every open game of kind `G`, rebuilt from its event log exactly where it was.
    pub async fn load_open<G: StoredGame>(&self) -> Result<Vec<Loaded<G>>> {
        self.load_open_in(|_| true).await
    }

    /// The open games of kind `G` in the guilds `keep` accepts (a process's shards), rebuilt from
    /// their event logs; the others are not read beyond their guild. The logs are read a few
    /// hundred games a query, so a restart with many open games stays quick.
    pub async fn load_open_in<G: StoredGame>(
        &self,
        keep: impl Fn(GuildId) -> bool,
    ) -> Result<Vec<Loaded<G>>> {
        each!(self, q => q.load_open_in(keep).await)
    }

    /// One game, rebuilt from its event log.
    pub async fn load<G: StoredGame>(&self, game_id: GameId) -> Result<Loaded<G>> {
        each!(self, q => q.load(game_id).await)
    }

    /// A game's event log, in order.
    pub async fn events<G: StoredGame>(&self, game_id: GameId) -> Result<Vec<G::Event>> {
        each!(self, q => q.events::<G>(game_id).await)
    }

    /// Forgets which version the message of every game shows: the next start shows every open
    /// game again (for a channel whose messages may be gone, like the sandbox's).
    pub async fn forget_shown(&self) -> Result<()> {
        each!(self, q => q.forget_shown().await)
    }

    /// Remembers which version the message of each game shows (`(game id, version)`). Games no
    /// longer open are left alone.
    ///
    /// Queued with the actions' commits, a statement per 64 games, each written in the
    /// transaction of the commits waiting at that moment. It once took SQLite's write lock on a
    /// connection of its own, every 2 s: the commits that came meanwhile found the database
    /// locked and waited in SQLite's busy handler, which sleeps 1, 2, 5, 10, 15... ms between
    /// tries, so that every channel's clicks of that moment were answered 10 to 90 ms late (the
    /// load bench's p99.9 stall). In the queue, nothing in this process waits for the lock.
    #[instrument(skip_all, fields(games = shown.len()))]
    pub async fn set_shown(&self, shown: &[(GameId, u64)]) -> Result<()> {
        each!(self, q => q.set_shown(shown).await)
    }

    /// The stored seats of a game, in seating order.
    pub async fn seats(&self, game_id: GameId) -> Result<Vec<SeatRow>> {
        each!(self, q => q.seats(game_id).await)
    }

    /// The kind's key of game `game_id` ([`GameKind::as_str`]), if there is such a game.
    pub async fn kind_of(&self, game_id: GameId) -> Result<Option<String>> {
        each!(self, q => q.kind_of(game_id).await)
    }

    /// The id of `user_id`'s latest finished game of `kind` in the guild (by its finish time),
    /// if they played one there.
    pub async fn latest_finished(
        &self,
        kind: GameKind,
        guild_id: GuildId,
        user_id: UserId,
    ) -> Result<Option<GameId>> {
        each!(self, q => q.latest_finished(kind, guild_id, user_id).await)
    }

    async fn exists(&self, game_id: GameId) -> Result<bool> {
        each!(self, q => q.exists(game_id).await)
    }
}
