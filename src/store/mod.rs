//! sqlx over SQLite or PostgreSQL: games, their seats and event logs, lifetime statistics. The
//! only module that knows SQL. Each backend has its migrations (`migrations/sqlite/`,
//! `migrations/postgres/`), embedded in the binary and run when the store opens; the queries
//! (`queries.rs`) are written once for both.
//!
//! Every action is one [`Store::commit`]: the event is appended to the game's log and the game row
//! and its seats are updated in one transaction, guarded by the game's version, so a commit either
//! happens whole or not at all. A game that finishes updates its players' statistics in that same
//! transaction.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;
use tracing::instrument;

mod migrate;
mod postgres;
mod settings;
mod sqlite;

pub(crate) use migrate::OpenGames;
pub use migrate::{migrate_db, MigrateError, MigrateReport, Side};
pub use settings::{GuildSettings, SettingsChange};
pub use sqlite::{copy_path, COPIES_KEPT};

/// Writes a consistent, checked copy of the bot's SQLite database to `to`, while the bot may
/// run: the file `path`, or the one a `sqlite:` `url` names. Its size in bytes. A PostgreSQL
/// database is refused: `pg_dump` backs it up.
pub async fn backup(url: Option<&str>, path: &Path, to: &Path) -> Result<u64> {
    match url.map(|url| (url, BackendKind::of(url))) {
        None => sqlite::backup(path, to).await,
        Some((url, Some(BackendKind::Sqlite))) => sqlite::backup(&sqlite::file_of(url)?, to).await,
        Some((_, Some(BackendKind::Postgres))) => Err(StoreError::Backup(
            "the database is PostgreSQL: back it up with pg_dump (docs/operating.md, \"Backups \
             and restore\")"
                .into(),
        )),
        Some((url, None)) => Err(StoreError::Url(url_scheme(url))),
    }
}

use crate::engine::table::{self, Phase, Rules};
use crate::engine::{GameKind, Period, Player, Ranking, Scope, Status};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, GuildId, MessageId, UserId};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("this channel already has an open game (game {game_id})")]
    ChannelBusy { game_id: GameId },
    /// A limit of [`OpenLimits`] is reached: nothing was stored.
    #[error("limit reached: {0:?}")]
    Limit(LimitReached),
    #[error("game {game_id} changed meanwhile: it is no longer at version {expected}")]
    Conflict { game_id: GameId, expected: u64 },
    #[error("there is no game {0}")]
    NotFound(GameId),
    #[error("the event log of game {game_id} does not rebuild the game: {reason}")]
    Corrupt { game_id: GameId, reason: String },
    /// (Counted as it is made, but a row not found: [`crate::telemetry::DB_ERRORS`].)
    #[error("database: {0}")]
    Db(#[source] sqlx::Error),
    /// The transaction that carried this commit with others failed (nothing of it was written).
    #[error("database: {0}")]
    Batch(String),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("database URL: {0} is neither sqlite: nor postgres://")]
    Url(String),
    /// The database was migrated by a newer forgetit than this one (a rollback): refused before
    /// anything is changed.
    #[error("{0}")]
    Newer(NewerDatabase),
    /// A backup or a copy before migrating could not be written.
    #[error("backup: {0}")]
    Backup(String),
}

/// A PostgreSQL advisory lock ([`Store::advisory_lock`]), held by its own connection: released
/// by [`AdvisoryLock::release`], or when dropped (the connection closes, and the server releases
/// a session's locks with it).
pub struct AdvisoryLock {
    conn: sqlx::PgConnection,
}

impl AdvisoryLock {
    /// Releases the lock and closes its connection.
    pub async fn release(self) {
        use sqlx::Connection as _;
        let _ = self.conn.close().await;
    }
}

/// A database migrated further than this binary knows: what [`StoreError::Newer`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewerDatabase {
    /// The newest migration applied to the database.
    pub migration: i64,
    /// Its description (its file's name).
    pub description: String,
    /// The version of forgetit that last migrated it, if it noted it (from 0.1.0 on).
    pub written_by: Option<String>,
    /// The newest migration this binary knows.
    pub known: i64,
    /// This binary's version.
    pub this: String,
}

impl std::fmt::Display for NewerDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let by = match &self.written_by {
            Some(version) => format!("forgetit {version}"),
            None => "a newer forgetit".to_string(),
        };
        let run = match &self.written_by {
            Some(version) => format!("run forgetit {version} or newer"),
            None => "run the newer forgetit".to_string(),
        };
        write!(
            f,
            "the database is newer than this forgetit {}: its migration {} ({}) was applied by \
             {by}, and this version knows migrations up to {}; nothing was changed: {run}, or \
             restore the copy of the database taken before the upgrade (docs/operating.md, \
             \"Upgrading and rolling back\")",
            self.this, self.migration, self.description, self.known
        )
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        // A row not found is what a query that may find nothing says, not a failure.
        let kind = match &error {
            sqlx::Error::RowNotFound => None,
            sqlx::Error::Database(_) => Some("database"),
            sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => {
                Some("connection")
            }
            sqlx::Error::PoolTimedOut => Some("pool_timed_out"),
            sqlx::Error::PoolClosed | sqlx::Error::WorkerCrashed => Some("closed"),
            _ => Some("other"),
        };
        if let Some(kind) = kind {
            crate::telemetry::db_error(kind);
        }
        StoreError::Db(error)
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// How an id is kept in its `BIGINT` column (each backend's queries bind and read the ids so).
pub(crate) trait IdColumn: Copy {
    fn column(self) -> i64;
    fn of_column(value: i64) -> Self;
}

/// Discord's ids: the `u64` as the `i64` of the same bits, as they always were stored (Discord's
/// ids are below 2^63, so the same number).
macro_rules! discord_id_columns {
    ($($id:ty),*) => {$(
        impl IdColumn for $id {
            fn column(self) -> i64 {
                self.get() as i64
            }

            fn of_column(value: i64) -> Self {
                Self::new(value as u64)
            }
        }
    )*};
}

discord_id_columns!(GuildId, ChannelId, UserId, MessageId);

/// A game's id is its row's.
impl IdColumn for GameId {
    fn column(self) -> i64 {
        self.get()
    }

    fn of_column(value: i64) -> Self {
        Self::new(value)
    }
}

/// A game's row, as [`Store::load`] reads it.
#[derive(sqlx_macros::FromRow)]
pub(crate) struct GameRecord {
    guild_id: GuildId,
    channel_id: ChannelId,
    lobby_message_id: Option<MessageId>,
    turn_message_id: Option<MessageId>,
    deadline_ms: Option<i64>,
    version: i64,
    lang: String,
    shown_version: Option<i64>,
    turn_timeout_ms: Option<i64>,
    bot_pace_ms: Option<i64>,
    rematch_of: Option<GameId>,
    lobby_channel_id: Option<ChannelId>,
    reach: i64,
}

/// What a commit survives once a click is answered (SQLite in WAL mode, `synchronous` NORMAL or
/// FULL).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Durability {
    /// The process being killed: the commit is in the log, in the OS's hands, but not yet on
    /// disk until the next checkpoint's fsync, so a power cut or an OS crash may lose it.
    #[default]
    Process,
    /// A power cut too: each transaction is fsynced before it is answered.
    Machine,
}

/// One action's commit, waiting for the committer (written in one transaction with the others
/// waiting).
pub(crate) struct CommitJob {
    game_id: GameId,
    version: u64,
    status: Status,
    deadline_ms: Option<i64>,
    event: String,
    seats: Seats,
    results: Vec<SeatResult>,
    /// Every seat's place, once the game is finished (for the ratings).
    placings: Vec<Placing>,
    kind: GameKind,
    /// A new turn began: the turn message stored is the last turn's, and one is due for this one
    /// (stored once posted).
    new_turn: bool,
}

/// What the committer writes: an action's commit, or which messages show a game (with the
/// commits waiting at the same moment, in their transaction).
pub(crate) enum Job {
    Commit(CommitJob),
    Messages {
        game_id: GameId,
        lobby_message_id: Option<MessageId>,
        turn_message_id: Option<MessageId>,
    },
    /// The versions some games' messages show (`(game id, version)`, at most a statement's).
    Shown(Vec<(GameId, u64)>),
}

/// How a commit changes its game's seats.
pub(crate) enum Seats {
    Same,
    /// The same people in the same seats; these seats' totals or playing changed (a bank).
    Scores(Vec<(i64, SeatRow)>),
    /// Seats taken, freed or moved (or the game before is unknown): all are written again.
    All(Vec<SeatRow>),
}

impl Seats {
    fn between(before: Option<Vec<SeatRow>>, after: Vec<SeatRow>) -> Seats {
        let Some(before) = before else {
            return Seats::All(after);
        };
        let same_people = before.len() == after.len()
            && before
                .iter()
                .zip(&after)
                .all(|(b, a)| b.player == a.player && b.name == a.name);
        if !same_people {
            return Seats::All(after);
        }
        let scores: Vec<(i64, SeatRow)> = before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (b, a))| *b != a)
            .map(|(position, (_, a))| (position as i64, a))
            .collect();
        match scores.is_empty() {
            true => Seats::Same,
            false => Seats::Scores(scores),
        }
    }
}

/// `Ok(true)`: written; `Ok(false)`: the game was not at the version before, or (messages) is
/// not stored (nothing written); `Err`: the transaction failed (nothing written).
pub(crate) type CommitReply = tokio::sync::oneshot::Sender<std::result::Result<bool, String>>;

/// The most commits one transaction takes.
const BATCH: usize = 64;

/// The jobs in runs of 64, 32, ..., 2, 1: a query for each run, so the writer keeps a few
/// prepared queries and pays a few round trips to SQLite's thread for many commits.
fn chunks<T>(mut jobs: &[T]) -> impl Iterator<Item = &[T]> {
    std::iter::from_fn(move || {
        let size = match jobs.len() {
            0 => return None,
            n => 1 << n.min(BATCH).ilog2(),
        };
        let (chunk, rest) = jobs.split_at(size);
        jobs = rest;
        Some(chunk)
    })
}

/// A query with `n` rows of values (`n` a power of two up to [`BATCH`]), built once: `head`,
/// then `n` times `row` joined by commas, then `tail`, its `?` numbered `$1`, `$2`, ... if
/// `numbered` (PostgreSQL's only kind of parameter). SQLite keeps them anonymous: it finds the
/// name of a named parameter by walking its list of names, and sqlx asks the name of each one it
/// binds, so numbered parameters cost a query of hundreds of them time quadratic in their count.
fn rows_sql(
    cache: &'static std::sync::OnceLock<Vec<String>>,
    n: usize,
    [head, row, tail]: [&str; 3],
    numbered: bool,
) -> &'static str {
    let sql = cache.get_or_init(|| {
        (0..=BATCH.ilog2())
            .map(|k| {
                let sql = format!("{head}{}{tail}", vec![row; 1 << k].join(", "));
                match numbered {
                    true => number(&sql),
                    false => sql,
                }
            })
            .collect()
    });
    &sql[n.ilog2() as usize]
}

/// `sql` with each `?` replaced by `$1`, `$2`, ... in turn.
fn number(sql: &str) -> String {
    let mut n = 0;
    sql.split('?')
        .enumerate()
        .map(|(i, part)| match i {
            0 => part.to_string(),
            _ => {
                n += 1;
                format!("${n}{part}")
            }
        })
        .collect()
}

impl GameRecord {
    fn place(&self) -> Place {
        Place {
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            reach: Reach::from_code(self.reach),
        }
    }
}

/// The columns of a [`GameRecord`].
const GAME_COLUMNS: &str = "guild_id, channel_id, lobby_message_id, turn_message_id, deadline_ms, \
                            version, lang, shown_version, turn_timeout_ms, bot_pace_ms, rematch_of, \
                            lobby_channel_id, reach";

/// How many games' event logs one query reads at a restart.
const LOAD_CHUNK: usize = 500;

/// Game `game_id` rebuilt from its row and its event log.
fn rebuilt<G: StoredGame>(
    game_id: GameId,
    row: &GameRecord,
    events: &[G::Event],
) -> Result<Loaded<G>> {
    let corrupt = |reason: String| StoreError::Corrupt { game_id, reason };
    let game = G::replay(events).map_err(corrupt)?;
    if game.version() != row.version as u64 {
        return Err(corrupt(format!(
            "the log rebuilds version {}, the game row says {}",
            game.version(),
            row.version
        )));
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
    fn replay(events: &[Self::Event]) -> Result<Self, String>;
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

    fn replay(events: &[Self::Event]) -> Result<Self, String> {
        table::Game::replay(events).map_err(|e| e.to_string())
    }
}

/// Where a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its server; for a DM or a group DM, which has none, the chat's own channel id (a chat is a
    /// server of its own: its games count on its own board).
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub reach: Reach,
}

impl Place {
    /// A server's channel where the bot is a member (as every place was before people could
    /// install the app to their own account).
    pub fn server(guild_id: GuildId, channel_id: ChannelId) -> Place {
        Place {
            guild_id,
            channel_id,
            reach: Reach::Member,
        }
    }

    /// The guild of its messages' links: none for a DM or a group DM (`@me`).
    pub fn link_guild(&self) -> Option<GuildId> {
        (self.reach != Reach::Chat).then_some(self.guild_id)
    }

    /// The guild whose shard Discord sends the place's interactions on: its server's, or for a
    /// DM or a group DM, shard 0's (as for "guild 0").
    pub fn shard_guild(&self) -> GuildId {
        match self.reach {
            Reach::Chat => GuildId::new(0),
            Reach::Member | Reach::Guest => self.guild_id,
        }
    }
}

/// How the bot reaches a place, as the interaction that opened its game told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
    /// A server's channel where the bot is a member: it posts and edits its messages there.
    #[default]
    Member,
    /// A server where the bot is not a member (a person installed the app to their account):
    /// it only answers interactions there, and the server's settings do not apply.
    Guest,
    /// A DM or a group DM: answers only, and no server's settings.
    Chat,
}

impl Reach {
    /// Whether the bot shows the game only by answering interactions (it may not post or edit
    /// channel messages there).
    pub fn answers_only(self) -> bool {
        self != Reach::Member
    }

    /// Its code in the store.
    pub(crate) fn code(self) -> i64 {
        match self {
            Reach::Member => 0,
            Reach::Guest => 1,
            Reach::Chat => 2,
        }
    }

    fn from_code(code: i64) -> Reach {
        match code {
            1 => Reach::Guest,
            2 => Reach::Chat,
            _ => Reach::Member,
        }
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

/// A person's lifetime statistics in one scope and game kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub user_id: UserId,
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub points: u64,
    pub best: u64,
    pub feats: u64,
    pub turns: u64,
}

/// Which leaderboard: of which game, where, ranked by what, counting which games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub kind: GameKind,
    pub scope: Scope,
    pub by: Ranking,
    pub period: Period,
}

/// A seat's rating, person or bot, in one scope and game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedPlayer {
    pub player: Player,
    /// The name used in the scope's server ('' across servers).
    pub name: String,
    pub rating: crate::ratings::Rating,
    pub games: u64,
}

/// One page of a leaderboard: of statistics ([`PlayerStats`]) or of ratings ([`RatedPlayer`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage<R = PlayerStats> {
    /// (rank from 1, row), best first.
    pub rows: Vec<(u64, R)>,
    pub page: u32,
    pub pages: u32,
    pub players: u64,
}

/// What [`Store::forget_person`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgotten {
    /// Done, in one transaction: the person's statistics rows deleted (every server, both
    /// games), and their name replaced in these seats and events.
    Done { stats: u64, seats: u64, events: u64 },
    /// Nothing done: the person has a seat at an open game (the first found is in this
    /// channel), whose table holds their name in memory and would write it again.
    Seated { channel_id: ChannelId },
}

/// How long a server's data is kept once the bot was removed from it: 30 days.
pub const REMOVED_GUILD_KEPT_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// The database: SQLite or PostgreSQL, with the same API and the same guarantees.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
}

#[derive(Clone, Debug)]
enum Backend {
    Sqlite(sqlite::Queries),
    Postgres(postgres::Queries),
}

/// `$body` with `$q` the backend's queries (the same code, compiled for each backend).
macro_rules! each {
    ($store:expr, $q:ident => $body:expr) => {
        match &$store.backend {
            Backend::Sqlite($q) => $body,
            Backend::Postgres($q) => $body,
        }
    };
}

impl std::fmt::Debug for CommitJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "commit of game {} version {}",
            self.game_id, self.version
        )
    }
}

/// Which backend a database URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendKind {
    Sqlite,
    Postgres,
}

impl BackendKind {
    /// The backend of `url` (`sqlite:...` or `postgres://...`/`postgresql://...`), or `None`.
    pub fn of(url: &str) -> Option<BackendKind> {
        if url.starts_with("sqlite:") {
            Some(BackendKind::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(BackendKind::Postgres)
        } else {
            None
        }
    }
}

/// `url` with the password of its `user:password@` part, if any, replaced by `***`.
pub fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((credentials, host)) => match credentials.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{path}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

impl Store {
    /// Opens (creating if absent) the SQLite file at `path` and runs the migrations.
    pub async fn open(path: &Path) -> Result<Store> {
        Self::open_durable(path, Durability::default()).await
    }

    /// [`Store::open`] with a chosen [`Durability`].
    pub async fn open_durable(path: &Path, durability: Durability) -> Result<Store> {
        Ok(Store {
            backend: Backend::Sqlite(sqlite::open(path, durability).await?),
        })
    }

    /// Opens a database by URL and runs its migrations: `sqlite://PATH` (created if absent;
    /// `sqlite::memory:` for a database of this process alone) or `postgres://...`.
    /// `durability` applies to SQLite (a PostgreSQL server has its own `synchronous_commit`).
    pub async fn open_url(url: &str, durability: Durability) -> Result<Store> {
        let backend = match BackendKind::of(url) {
            Some(BackendKind::Sqlite) => Backend::Sqlite(sqlite::open_url(url, durability).await?),
            Some(BackendKind::Postgres) => Backend::Postgres(postgres::open_url(url).await?),
            None => return Err(StoreError::Url(url_scheme(url))),
        };
        Ok(Store { backend })
    }

    /// Which backend this store is on.
    pub fn backend(&self) -> BackendKind {
        match self.backend {
            Backend::Sqlite(_) => BackendKind::Sqlite,
            Backend::Postgres(_) => BackendKind::Postgres,
        }
    }

    /// Whether the database answers a query (`/healthz`).
    pub async fn ping(&self) -> Result<()> {
        each!(self, q => q.ping().await)
    }

    /// Whether the database takes a write and commits it (readiness, `/readyz`): this
    /// version's row of `app_versions` touched through the writer, in a transaction of its own.
    pub async fn probe_write(&self) -> Result<()> {
        let now = now_ms();
        each!(self, q => q.probe_write(now).await)
    }

    /// On PostgreSQL, waits for and takes the session-level advisory lock `key` (on a connection
    /// of its own, out of the pool), held until the returned lock is released or dropped: how
    /// processes sharing the database take turns (`discord::identify`). On SQLite, `None`: its
    /// processes share one machine, and lock a file instead.
    pub async fn advisory_lock(&self, key: i64) -> Result<Option<AdvisoryLock>> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(None),
            Backend::Postgres(q) => {
                let mut conn = q.pool.acquire().await?.detach();
                sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(key)
                    .execute(&mut conn)
                    .await?;
                Ok(Some(AdvisoryLock { conn }))
            }
        }
    }

    /// Waits for queries in flight and closes every connection.
    pub async fn close(&self) {
        each!(self, q => q.close().await)
    }

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

    /// The open game (lobby or playing) of a channel, if any, with its kind.
    pub async fn open_game_in(&self, channel_id: ChannelId) -> Result<Option<(GameId, GameKind)>> {
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

    /// One page (from 1) of a leaderboard of all time, `per_page` rows a page.
    pub async fn leaderboard(
        &self,
        kind: GameKind,
        scope: Scope,
        by: Ranking,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage> {
        let board = Board {
            kind,
            scope,
            by,
            period: Period::All,
        };
        self.leaderboard_of(board, page, per_page, now_ms()).await
    }

    /// One page of `board` as it stands at `now` (unix ms): of all time, or of the games
    /// finished in the 7 or 30 days before.
    pub async fn leaderboard_of(
        &self,
        board: Board,
        page: u32,
        per_page: u32,
        now: i64,
    ) -> Result<LeaderboardPage> {
        each!(self, q => q.leaderboard(board, page, per_page, now).await)
    }

    /// `user_id`'s rating after each of their last `last` rated games of `kind` in `scope`,
    /// oldest first (for their chart).
    pub async fn rating_history(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
        last: u32,
    ) -> Result<Vec<crate::ratings::Rating>> {
        each!(self, q => q.rating_history(kind, scope, user_id, last).await)
    }

    /// One page (from 1) of the ratings of `kind` in `scope` (people's: bot seats are rated but
    /// on no board), best first: by `mu - 3 sigma`, a skill each very likely has.
    pub async fn rating_board(
        &self,
        kind: GameKind,
        scope: Scope,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage<RatedPlayer>> {
        each!(self, q => q.rating_board(kind, scope, page, per_page).await)
    }

    /// Writes the results (for leaderboards of a period) of the finished games of kind `G` that
    /// have none: those finished before results were kept, rebuilt from their logs. How many.
    pub async fn backfill_results<G: StoredGame>(&self) -> Result<usize> {
        each!(self, q => q.backfill_results::<G>().await)
    }

    /// One person's lifetime statistics, or `None` if they never finished a game in that scope.
    pub async fn player_stats(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
    ) -> Result<Option<PlayerStats>> {
        each!(self, q => q.player_stats(kind, scope, user_id).await)
    }

    /// The kind of game `game_id`, if there is such a game.
    pub async fn kind_of(&self, game_id: GameId) -> Result<Option<GameKind>> {
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

    /// Forgets a person, everywhere, in one transaction: deletes every row of their lifetime
    /// statistics (every server, every game), and replaces the name they had in stored games
    /// (their seats, and the `created` and `joined` events of the games' logs) by `former` in
    /// each game's language ("a former player"). Their Discord id stays in those games, with no
    /// name, so that the games replay as they were played and the others' results stand.
    /// Refused ([`Forgotten::Seated`], nothing changed) while they have a seat at an open game.
    pub async fn forget_person(
        &self,
        user_id: UserId,
        former: &(dyn Fn(Lang) -> String + Sync),
    ) -> Result<Forgotten> {
        each!(self, q => q.forget_person(user_id, former).await)
    }

    /// Records that the bot was removed from a server at `removed_ms` (a second removal before
    /// it comes back keeps the first time). Whether this one was recorded: false for a server
    /// already removed.
    pub async fn guild_removed(&self, guild_id: GuildId, removed_ms: i64) -> Result<bool> {
        let recorded = each!(self, q => q.guilds_removed(&[guild_id], removed_ms).await)?;
        Ok(!recorded.is_empty())
    }

    /// Records at `removed_ms`, in one transaction, the removal of every server with data that
    /// `left` says the bot is no longer in (a shard's READY lists the servers it is in: one left
    /// while the bot was offline sent no GUILD_DELETE). The servers recorded now, in id order;
    /// those already removed keep their first time and are not returned.
    pub async fn guilds_left(
        &self,
        left: impl Fn(GuildId) -> bool,
        removed_ms: i64,
    ) -> Result<Vec<GuildId>> {
        let mut guilds = self.guilds_with_data().await?;
        // A server where people installed the app, and a chat, are no servers of the bot's:
        // READY never lists them, and their games stay.
        let guests = each!(self, q => q.guest_guilds().await)?;
        guilds.retain(|&guild| left(guild) && guests.binary_search(&guild).is_err());
        each!(self, q => q.guilds_removed(&guilds, removed_ms).await)
    }

    /// The bot is in a server (again): its removal, if any, is forgotten and its data kept.
    /// Whether there was one.
    pub async fn guild_back(&self, guild_id: GuildId) -> Result<bool> {
        each!(self, q => q.guild_back(guild_id).await)
    }

    /// Every server the store keeps something of (games, statistics, results, ratings,
    /// settings), in id order; not 0, the row of ratings across servers.
    pub async fn guilds_with_data(&self) -> Result<Vec<GuildId>> {
        each!(self, q => q.guilds_with_data().await)
    }

    /// When the bot was removed from a server it has not come back to, if it was.
    pub async fn guild_removed_at(&self, guild_id: GuildId) -> Result<Option<i64>> {
        each!(self, q => q.guild_removed_at(guild_id).await)
    }

    /// Deletes the data of every server the bot was removed from [`REMOVED_GUILD_KEPT_MS`] or
    /// more before `now_ms`, and did not come back to: its games with their seats and event
    /// logs, its statistics rows and its settings, in one transaction. The servers swept.
    pub async fn sweep_removed_guilds(&self, now_ms: i64) -> Result<Vec<GuildId>> {
        let before = now_ms.saturating_sub(REMOVED_GUILD_KEPT_MS);
        each!(self, q => q.sweep_removed_guilds(before).await)
    }

    /// Deletes the move logs of the games that ended before `before_ms` (`retention.game_logs_days`),
    /// noting when (`now_ms`): their results, ratings and statistics stay, their reviews go.
    /// Done a few hundred games a transaction. How many games.
    pub async fn prune_logs(&self, before_ms: i64, now_ms: i64) -> Result<usize> {
        each!(self, q => q.prune_logs(before_ms, now_ms).await)
    }

    /// When game `game_id`'s move log was deleted, if it was ([`Store::prune_logs`]).
    pub async fn log_pruned(&self, game_id: GameId) -> Result<Option<i64>> {
        each!(self, q => q.log_pruned(game_id).await)
    }

    /// A server's settings (the defaults, for a server that set none).
    pub async fn guild_settings(&self, guild_id: GuildId) -> Result<GuildSettings> {
        each!(self, q => q.guild_settings(guild_id).await)
    }

    /// Changes a server's settings, in one transaction; returns them as they then are.
    pub async fn change_guild_settings(
        &self,
        guild_id: GuildId,
        change: &SettingsChange,
    ) -> Result<GuildSettings> {
        each!(self, q => q.change_guild_settings(guild_id, change).await)
    }

    async fn exists(&self, game_id: GameId) -> Result<bool> {
        each!(self, q => q.exists(game_id).await)
    }
}

/// The scheme of a URL, for an error that names it without the rest (which may hold a password).
fn url_scheme(url: &str) -> String {
    match url.split_once(':') {
        Some((scheme, _)) => format!("{scheme}:"),
        None => "a URL without a scheme".to_string(),
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
