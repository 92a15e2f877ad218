//! sqlx over SQLite: games, their seats and event logs, lifetime statistics. The only module that
//! knows SQL. Migrations (`migrations/sqlite/`) are embedded in the binary and run by [`Store::open`].
//!
//! Every action is one [`Store::commit`]: the event is appended to the game's log and the game row
//! and its seats are updated in one transaction, guarded by the game's version, so a commit either
//! happens whole or not at all. A game that finishes updates its players' statistics in that same
//! transaction.

use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de::DeserializeOwned;
use serde::Serialize;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{FromRow, Row, SqlitePool};
use tracing::instrument;

use crate::engine::table::{self, Phase, Rules};
use crate::engine::{GameKind, Player, Ranking, Scope, Status};
use crate::i18n::Lang;

/// How long a writer waits for another writer's lock before giving up (then the person is told
/// it could not be saved; a click waiting that long has its answer deferred).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long opening the database may keep retrying lost races with other processes starting up.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("this channel already has an open game (game {game_id})")]
    ChannelBusy { game_id: i64 },
    #[error("game {game_id} changed meanwhile: it is no longer at version {expected}")]
    Conflict { game_id: i64, expected: u64 },
    #[error("there is no game {0}")]
    NotFound(i64),
    #[error("the event log of game {game_id} does not rebuild the game: {reason}")]
    Corrupt { game_id: i64, reason: String },
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// The transaction that carried this commit with others failed (nothing of it was written).
    #[error("database: {0}")]
    Batch(String),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored JSON: {0}")]
    Json(#[from] serde_json::Error),
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

impl StoreError {
    /// SQLite's "database is locked" (SQLITE_BUSY and its extended codes): another connection,
    /// maybe another process, holds the lock.
    fn is_busy(&self) -> bool {
        let db = match self {
            StoreError::Db(sqlx::Error::Database(db)) => db,
            StoreError::Migrate(
                sqlx::migrate::MigrateError::Execute(sqlx::Error::Database(db))
                | sqlx::migrate::MigrateError::ExecuteMigration(sqlx::Error::Database(db), _),
            ) => db,
            _ => return false,
        };
        // Extended result codes keep the primary code in their low byte.
        db.code()
            .and_then(|code| code.parse::<i32>().ok())
            .is_some_and(|code| code & 0xff == 5)
    }
}

/// A game's row, as [`Store::load`] reads it.
#[derive(sqlx::FromRow)]
struct GameRecord {
    guild_id: i64,
    channel_id: i64,
    lobby_message_id: Option<i64>,
    turn_message_id: Option<i64>,
    deadline_ms: Option<i64>,
    version: i64,
    lang: String,
    shown_version: Option<i64>,
}

/// How often the size of the write-ahead log is looked at: often, so that each checkpoint has
/// little to copy and its fsync is short.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);
/// The size of the write-ahead log from which it is copied into the database file: SQLite's own
/// threshold (1,000 pages of 4 KiB).
const CHECKPOINT_FROM: u64 = 4 << 20;

/// Copies the write-ahead log `wal` into the database file once it holds [`CHECKPOINT_FROM`],
/// looking every [`CHECKPOINT_EVERY`], until the pool closes. SQLite would otherwise do it inside
/// the commit that fills the log past that size, and that commit (a click's) would wait for the
/// copy and its fsync: tens of milliseconds. A passive checkpoint waits for nobody and nobody
/// waits for it; commits go on meanwhile.
async fn checkpoints(pool: SqlitePool, wal: std::path::PathBuf) {
    let mut every = tokio::time::interval(CHECKPOINT_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if pool.is_closed() {
            return;
        }
        let size = tokio::fs::metadata(&wal).await.map_or(0, |m| m.len());
        if size < CHECKPOINT_FROM {
            continue;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            if pool.is_closed() {
                return;
            }
            tracing::warn!(error = %e, "could not copy the write-ahead log into the database");
        }
    }
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
struct CommitJob {
    game_id: i64,
    version: u64,
    status: Status,
    deadline_ms: Option<i64>,
    event: String,
    seats: Seats,
    results: Vec<SeatResult>,
    kind: GameKind,
}

/// How a commit changes its game's seats.
enum Seats {
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

/// `Ok(true)`: written; `Ok(false)`: the game was not at the version before (nothing written);
/// `Err`: the transaction failed (nothing written).
type CommitReply = tokio::sync::oneshot::Sender<std::result::Result<bool, String>>;

/// A pool of connections to a file on this machine: not pinged before each use (sqlx's default,
/// made for servers across a network), which would cost a round trip to the connection's thread.
fn pool_options() -> SqlitePoolOptions {
    SqlitePoolOptions::new().test_before_acquire(false)
}

/// The most commits one transaction takes.
const BATCH: usize = 64;

/// Writes the commits of every table, as many as are waiting in one transaction (group commit):
/// a busy bot pays BEGIN and COMMIT once for many actions.
async fn run_commits(
    writer: SqlitePool,
    mut jobs: tokio::sync::mpsc::UnboundedReceiver<(CommitJob, CommitReply)>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        let written = write_batch(&writer, &batch).await;
        for (i, (_, reply)) in batch.drain(..).enumerate() {
            let _ = reply.send(match &written {
                Ok(applied) => Ok(applied[i]),
                Err(e) => Err(e.to_string()),
            });
        }
    }
}

async fn write_batch(writer: &SqlitePool, batch: &[(CommitJob, CommitReply)]) -> Result<Vec<bool>> {
    let now = now_ms();
    let mut tx = writer.begin().await?;
    let mut applied = Vec::with_capacity(batch.len());
    let commits: Vec<&CommitJob> = batch.iter().map(|(job, _)| job).collect();
    let mut rest = &commits[..];
    while !rest.is_empty() {
        // Commits that write their game row, their event and at most some seats' scores go
        // together, a few queries for many (a game at most once in a run, so each row is guarded
        // by one version); one that rewrites the seats or records results goes alone, then those.
        let mut games = std::collections::HashSet::new();
        let plain = rest
            .iter()
            .take_while(|job| {
                !matches!(job.seats, Seats::All(_))
                    && job.results.is_empty()
                    && games.insert(job.game_id)
            })
            .count();
        let (run, tail) = rest.split_at(plain.max(1));
        rest = tail;
        for chunk in chunks(run) {
            applied.extend(write_rows(&mut tx, now, chunk).await?);
        }
        let job = run[0];
        if plain == 0 && applied.last() == Some(&true) {
            if let Seats::All(seats) = &job.seats {
                write_seats(&mut tx, job.game_id, seats).await?;
            }
            if !job.results.is_empty() {
                let guild_id: i64 = sqlx::query_scalar("SELECT guild_id FROM games WHERE id = ?")
                    .bind(job.game_id)
                    .fetch_one(&mut *tx)
                    .await?;
                for result in &job.results {
                    record_result(&mut tx, guild_id, job.kind, result).await?;
                }
            }
        }
    }
    tx.commit().await?;
    Ok(applied)
}

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
/// then `n` times `row` joined by commas, then `tail`.
fn rows_sql(
    cache: &'static std::sync::OnceLock<Vec<String>>,
    n: usize,
    [head, row, tail]: [&str; 3],
) -> &'static str {
    let sql = cache.get_or_init(|| {
        (0..=BATCH.ilog2())
            .map(|k| format!("{head}{}{tail}", vec![row; 1 << k].join(", ")))
            .collect()
    });
    &sql[n.ilog2() as usize]
}

/// Writes the game rows of `jobs` (distinct games), each guarded by the version before it, and
/// the events of those updated; whether each was applied (a game not at that version, or over,
/// is refused: nothing of it written). Its queries answer with a count, not rows: SQLite's thread
/// sends each row on its own, and the task reading them would be woken for each.
async fn write_rows(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    now: i64,
    jobs: &[&CommitJob],
) -> Result<Vec<bool>> {
    static UPDATES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static UPDATED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static INSERTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static SCORES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let update = rows_sql(
        &UPDATES,
        jobs.len(),
        [
            "WITH v (id, prev, status, version, deadline_ms, finished) AS (VALUES ",
            "(?, ?, ?, ?, ?, ?)",
            ") UPDATE games SET status = v.status, version = v.version, \
             deadline_ms = v.deadline_ms, updated_ms = ?, \
             finished_ms = CASE WHEN v.finished THEN ? ELSE games.finished_ms END \
             FROM v WHERE games.id = v.id AND games.version = v.prev \
             AND games.status IN ('lobby', 'playing')",
        ],
    );
    let mut query = sqlx::query(update);
    for job in jobs {
        query = query
            .bind(job.game_id)
            .bind(job.version.saturating_sub(1) as i64)
            .bind(job.status.as_str())
            .bind(job.version as i64)
            .bind(job.deadline_ms)
            .bind(matches!(job.status, Status::Finished | Status::Cancelled));
    }
    let updated = query.bind(now).bind(now).execute(&mut **tx).await?;
    let applied: Vec<bool> = if updated.rows_affected() == jobs.len() as u64 {
        vec![true; jobs.len()]
    } else {
        // Some were refused (rare: a stale commit, or a game ended by another process). Those
        // updated are now at their version and have no event of it yet; a refused one is at
        // another version, or its event was written by the commit that got there first.
        let which = rows_sql(
            &UPDATED,
            jobs.len(),
            [
                "WITH v (id, version) AS (VALUES ",
                "(?, ?)",
                ") SELECT json_group_array(v.id) FROM v \
                 JOIN games g ON g.id = v.id AND g.version = v.version \
                 WHERE NOT EXISTS \
                 (SELECT 1 FROM events e WHERE e.game_id = v.id AND e.seq = v.version)",
            ],
        );
        let mut query = sqlx::query_scalar::<_, String>(which);
        for job in jobs {
            query = query.bind(job.game_id).bind(job.version as i64);
        }
        let ids: Vec<i64> = serde_json::from_str(&query.fetch_one(&mut **tx).await?)?;
        jobs.iter().map(|job| ids.contains(&job.game_id)).collect()
    };
    let events: Vec<&CommitJob> = jobs
        .iter()
        .zip(&applied)
        .filter_map(|(job, &applied)| applied.then_some(*job))
        .collect();
    for chunk in chunks(&events) {
        let insert = rows_sql(
            &INSERTS,
            chunk.len(),
            [
                "INSERT INTO events (game_id, seq, event, created_ms) VALUES ",
                "(?, ?, ?, ?)",
                "",
            ],
        );
        let mut query = sqlx::query(insert);
        for job in chunk {
            query = query
                .bind(job.game_id)
                .bind(job.version as i64)
                .bind(&job.event)
                .bind(now);
        }
        query.execute(&mut **tx).await?;
    }
    let scores: Vec<(i64, &(i64, SeatRow))> = events
        .iter()
        .flat_map(|job| match &job.seats {
            Seats::Scores(scores) => scores.iter().map(|score| (job.game_id, score)).collect(),
            _ => Vec::new(),
        })
        .collect();
    for chunk in chunks(&scores) {
        let update = rows_sql(
            &SCORES,
            chunk.len(),
            [
                "WITH s (game_id, position, total, playing) AS (VALUES ",
                "(?, ?, ?, ?)",
                ") UPDATE seats SET total = s.total, playing = s.playing FROM s \
                 WHERE seats.game_id = s.game_id AND seats.position = s.position",
            ],
        );
        let mut query = sqlx::query(update);
        for (game_id, (position, seat)) in chunk {
            query = query
                .bind(game_id)
                .bind(position)
                .bind(i64::from(seat.total))
                .bind(seat.playing);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(applied)
}

/// The columns of a [`GameRecord`].
const GAME_COLUMNS: &str = "guild_id, channel_id, lobby_message_id, turn_message_id, deadline_ms, \
                            version, lang, shown_version";

/// How many games' event logs one query reads at a restart.
const LOAD_CHUNK: usize = 500;

/// Game `game_id` rebuilt from its row and its event log.
fn rebuilt<G: StoredGame>(
    game_id: i64,
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
        place: Place {
            guild_id: row.guild_id as u64,
            channel_id: row.channel_id as u64,
        },
        game,
        lobby_message_id: row.lobby_message_id.map(|id| id as u64),
        turn_message_id: row.turn_message_id.map(|id| id as u64),
        deadline_ms: row.deadline_ms,
        lang: Lang::from_code(&row.lang).unwrap_or_default(),
        shown_version: row.shown_version.map(|v| v as u64),
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
    pub user_id: u64,
    pub name: String,
    pub won: bool,
    pub points: u32,
    /// Best turn (For Get It) or the game's score (Get Dickey).
    pub best: u32,
    /// FORGET ITs spelled (For Get It), or five alike scored (Get Dickey).
    pub forget_its: u32,
    pub turns: u32,
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
    fn replay(events: &[Self::Event]) -> Result<Self, String>;
}

/// Every game is stored the same way: its settings as JSON, its seats with their totals, and the
/// people's results once it is finished.
impl<R: Rules> StoredGame for table::Game<R> {
    type Event = table::Event<R::Settings, R::Event>;
    const KIND: GameKind = R::NAMES.kind;

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
                        forget_its: tally.feats,
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
    pub guild_id: u64,
    pub channel_id: u64,
}

/// A game as loaded from the store, rebuilt from its event log.
#[derive(Clone, Debug)]
pub struct Loaded<G> {
    pub id: i64,
    pub place: Place,
    pub game: G,
    pub lobby_message_id: Option<u64>,
    pub turn_message_id: Option<u64>,
    pub deadline_ms: Option<i64>,
    /// The language of the table's public messages.
    pub lang: Lang,
    /// The version its message was last known to show ([`Store::set_shown`]), if known.
    pub shown_version: Option<u64>,
}

/// A person's lifetime statistics in one scope and game kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub user_id: u64,
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub points: u64,
    pub best: u64,
    pub forget_its: u64,
    pub turns: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardPage {
    /// (rank from 1, stats), best first.
    pub rows: Vec<(u64, PlayerStats)>,
    pub page: u32,
    pub pages: u32,
    pub players: u64,
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    /// Reads, a few at once.
    pool: SqlitePool,
    /// Writes, one at a time: SQLite lets one connection write at once, and connections of one
    /// process that contend for the lock wait in SQLite's busy handler, which sleeps (1, 2, 5,
    /// 10 ms ...). Writes queue here instead, without sleeping. In memory (`sqlite::memory:`),
    /// where every connection would be a database of its own, this is the one pool.
    writer: SqlitePool,
    /// The committer's queue ([`run_commits`]).
    commits: tokio::sync::mpsc::UnboundedSender<(CommitJob, CommitReply)>,
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

impl Store {
    /// A store over these pools, with its committer.
    fn with_pools(pool: SqlitePool, writer: SqlitePool) -> Store {
        let (commits, jobs) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(run_commits(writer.clone(), jobs));
        Store {
            pool,
            writer,
            commits,
        }
    }

    /// Opens (creating if absent) the SQLite file at `path` and runs the migrations.
    pub async fn open(path: &Path) -> Result<Store> {
        Self::open_durable(path, Durability::default()).await
    }

    /// [`Store::open`] with a chosen [`Durability`].
    pub async fn open_durable(path: &Path, durability: Durability) -> Result<Store> {
        let synchronous = match durability {
            Durability::Process => SqliteSynchronous::Normal,
            Durability::Machine => SqliteSynchronous::Full,
        };
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(synchronous)
            .foreign_keys(true)
            // Checkpoints run in the background (see `checkpoints`), not in a commit.
            .pragma("wal_autocheckpoint", "0")
            // The temporary tables of a batch's queries (see `write_rows`) stay in memory: on
            // disk, each would be a file created and deleted.
            .pragma("temp_store", "memory")
            .busy_timeout(BUSY_TIMEOUT);
        let store = Self::connect(options, true).await?;
        let mut wal = path.as_os_str().to_owned();
        wal.push("-wal");
        tokio::spawn(checkpoints(store.pool.clone(), wal.into()));
        Ok(store)
    }

    /// Opens a database by sqlx URL (`sqlite:path` or `sqlite::memory:`), for tools and tests.
    pub async fn open_url(url: &str) -> Result<Store> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        Self::connect(options, false).await
    }

    /// Connects, with a pool of its own for writes if `own_writer`.
    async fn connect(options: SqliteConnectOptions, own_writer: bool) -> Result<Store> {
        // Processes sharing the file (one per shard range) may create it, switch it to WAL and
        // migrate it at the same moment. SQLite answers some of these races with "database is
        // locked" at once, without waiting for its busy timeout, and the loser of a migration race
        // fails once the winner committed: try again, briefly. Applied migrations are skipped.
        // Each migration is a race of its own, so a process may lose more than one: it tries
        // again for a while (a migration that is broken fails then, as it would at once).
        let deadline = tokio::time::Instant::now() + OPEN_TIMEOUT;
        let mut pause = Duration::from_millis(10);
        loop {
            let error = match Self::try_connect(options.clone(), own_writer).await {
                Ok(store) => return Ok(store),
                Err(error) => error,
            };
            let retry = matches!(error, StoreError::Migrate(_)) || error.is_busy();
            if !retry || tokio::time::Instant::now() + pause > deadline {
                return Err(error);
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_millis(250));
        }
    }

    async fn try_connect(options: SqliteConnectOptions, own_writer: bool) -> Result<Store> {
        let pool = pool_options()
            .max_connections(if own_writer { 1 } else { 4 })
            .connect_with(options.clone())
            .await?;
        if let Err(e) = sqlx::migrate!("./migrations/sqlite").run(&pool).await {
            pool.close().await;
            return Err(e.into());
        }
        if !own_writer {
            let writer = pool.clone();
            return Ok(Store::with_pools(pool, writer));
        }
        let writer = pool;
        let pool = pool_options()
            .max_connections(4)
            .connect_with(options)
            .await;
        match pool {
            Ok(pool) => Ok(Store::with_pools(pool, writer)),
            Err(e) => {
                writer.close().await;
                Err(e.into())
            }
        }
    }

    /// Waits for queries in flight and closes every connection.
    pub async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }

    /// Stores a new game with its `created` event. Refused with [`StoreError::ChannelBusy`] when
    /// the channel already has an open game.
    #[instrument(skip(self, game, created), fields(kind = G::KIND.as_str()))]
    pub async fn create_game<G: StoredGame>(
        &self,
        place: Place,
        game: &G,
        created: &G::Event,
    ) -> Result<i64> {
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
    ) -> Result<i64> {
        let now = now_ms();
        let mut tx = self.writer.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, kind, status, settings, version, \
             created_ms, updated_ms, lang) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(place.guild_id as i64)
        .bind(place.channel_id as i64)
        .bind(G::KIND.as_str())
        .bind(game.status().as_str())
        .bind(game.settings().to_string())
        .bind(game.version() as i64)
        .bind(now)
        .bind(now)
        .bind(lang.code())
        .fetch_one(&mut *tx)
        .await;
        let id: i64 = match inserted {
            Ok(row) => row.get("id"),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                drop(tx);
                let game_id = self
                    .open_game_in(place.channel_id)
                    .await?
                    .map_or(0, |(id, _)| id);
                return Err(StoreError::ChannelBusy { game_id });
            }
            Err(e) => return Err(e.into()),
        };
        insert_event(&mut tx, id, game.version(), created, now).await?;
        write_seats(&mut tx, id, &game.seat_rows()).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Appends `event` (which took the game from version `game.version() - 1` to `game`) and
    /// updates the game row, its seats and its deadline, in one transaction. When the game
    /// finishes, its people's lifetime statistics are updated in the same transaction. Commits
    /// of other games waiting at the same moment share that transaction (group commit); each is
    /// still applied once or refused alone, and returns once it is committed.
    pub async fn commit<G: StoredGame>(
        &self,
        game_id: i64,
        game: &G,
        event: &G::Event,
        deadline_ms: Option<i64>,
    ) -> Result<()> {
        self.commit_from(game_id, None, game, event, deadline_ms)
            .await
    }

    /// [`Store::commit`], told the game `before` the event: its seats are written only if they
    /// changed (most moves change none).
    #[instrument(skip(self, before, game, event), fields(version = game.version()))]
    pub async fn commit_from<G: StoredGame>(
        &self,
        game_id: i64,
        before: Option<&G>,
        game: &G,
        event: &G::Event,
        deadline_ms: Option<i64>,
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
            kind: G::KIND,
        };
        if self.write(job).await? {
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
        game_id: i64,
        lobby_message_id: Option<u64>,
        turn_message_id: Option<u64>,
    ) -> Result<()> {
        let done = sqlx::query(
            "UPDATE games SET lobby_message_id = ?, turn_message_id = ?, updated_ms = ? \
             WHERE id = ?",
        )
        .bind(lobby_message_id.map(|id| id as i64))
        .bind(turn_message_id.map(|id| id as i64))
        .bind(now_ms())
        .bind(game_id)
        .execute(&self.writer)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(game_id));
        }
        Ok(())
    }

    /// Hands `job` to the committer and waits until it is written (`true`) or refused (`false`).
    async fn write(&self, job: CommitJob) -> Result<bool> {
        let (reply, answer) = tokio::sync::oneshot::channel();
        if self.commits.send((job, reply)).is_err() {
            return Err(StoreError::Db(sqlx::Error::PoolClosed));
        }
        match answer.await {
            Ok(Ok(written)) => Ok(written),
            Ok(Err(why)) => Err(StoreError::Batch(why)),
            Err(_) => Err(StoreError::Db(sqlx::Error::PoolClosed)),
        }
    }

    /// The open game (lobby or playing) of a channel, if any, with its kind.
    pub async fn open_game_in(&self, channel_id: u64) -> Result<Option<(i64, GameKind)>> {
        let row = sqlx::query(
            "SELECT id, kind FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
        )
        .bind(channel_id as i64)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.and_then(|row| {
            let kind: String = row.get("kind");
            GameKind::parse(&kind).map(|kind| (row.get("id"), kind))
        }))
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
        keep: impl Fn(u64) -> bool,
    ) -> Result<Vec<Loaded<G>>> {
        let rows: Vec<(i64, GameRecord)> = sqlx::query(&format!(
            "SELECT id, {GAME_COLUMNS} FROM games \
             WHERE kind = ? AND status IN ('lobby', 'playing') ORDER BY id"
        ))
        .bind(G::KIND.as_str())
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("id")?, GameRecord::from_row(row)?)))
        .collect::<std::result::Result<_, sqlx::Error>>()?;
        let rows: Vec<_> = rows
            .into_iter()
            .filter(|(_, row)| keep(row.guild_id as u64))
            .collect();
        let mut games = Vec::with_capacity(rows.len());
        for chunk in rows.chunks(LOAD_CHUNK) {
            let ids = vec!["?"; chunk.len()].join(", ");
            let sql = format!(
                "SELECT game_id, event FROM events WHERE game_id IN ({ids}) ORDER BY game_id, seq"
            );
            let mut query = sqlx::query_as::<_, (i64, String)>(&sql);
            for (id, _) in chunk {
                query = query.bind(id);
            }
            let events = query.fetch_all(&self.pool).await?;
            let mut events = events.into_iter().peekable();
            for (id, row) in chunk {
                let mut log = Vec::new();
                while let Some((_, json)) = events.next_if(|(game_id, _)| game_id == id) {
                    log.push(serde_json::from_str(&json)?);
                }
                games.push(rebuilt(*id, row, &log)?);
            }
        }
        Ok(games)
    }

    /// One game, rebuilt from its event log.
    pub async fn load<G: StoredGame>(&self, game_id: i64) -> Result<Loaded<G>> {
        let row: GameRecord = sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = ? AND kind = ?"
        ))
        .bind(game_id)
        .bind(G::KIND.as_str())
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound(game_id))?;
        let events = self.events::<G>(game_id).await?;
        rebuilt(game_id, &row, &events)
    }

    /// A game's event log, in order.
    pub async fn events<G: StoredGame>(&self, game_id: i64) -> Result<Vec<G::Event>> {
        let rows: Vec<String> =
            sqlx::query_scalar("SELECT event FROM events WHERE game_id = ? ORDER BY seq")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|json| serde_json::from_str(json).map_err(StoreError::from))
            .collect()
    }

    /// Forgets which version the message of every game shows: the next start shows every open
    /// game again (for a channel whose messages may be gone, like the sandbox's).
    pub async fn forget_shown(&self) -> Result<()> {
        sqlx::query("UPDATE games SET shown_version = NULL WHERE shown_version IS NOT NULL")
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    /// Remembers which version the message of each game shows (`(game id, version)`), in one
    /// transaction. Games no longer open are left alone.
    ///
    /// Not urgent, so not queued with the actions' writes (where, with the database locked by
    /// another process, clicks would wait for it): it takes SQLite's write lock on a connection
    /// of its own, for a statement per 64 games (a statement per game held it long enough to
    /// show in the clicks' p99: they wait for it in SQLite's busy handler).
    #[instrument(skip_all, fields(games = shown.len()))]
    pub async fn set_shown(&self, shown: &[(i64, u64)]) -> Result<()> {
        static UPDATES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let mut tx = self.pool.begin().await?;
        for chunk in chunks(shown) {
            let update = rows_sql(
                &UPDATES,
                chunk.len(),
                [
                    "WITH s (id, version) AS (VALUES ",
                    "(?, ?)",
                    ") UPDATE games SET shown_version = s.version FROM s \
                     WHERE games.id = s.id AND games.status IN ('lobby', 'playing')",
                ],
            );
            let mut query = sqlx::query(update);
            for (id, version) in chunk {
                query = query.bind(id).bind(*version as i64);
            }
            query.execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The stored seats of a game, in seating order.
    pub async fn seats(&self, game_id: i64) -> Result<Vec<SeatRow>> {
        let rows = sqlx::query(
            "SELECT player_kind, player_id, name, total, playing FROM seats \
             WHERE game_id = ? ORDER BY position",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| {
                let id: i64 = row.get("player_id");
                SeatRow {
                    player: match row.get::<&str, _>("player_kind") {
                        "bot" => Player::Bot(id as u8),
                        _ => Player::Person(id as u64),
                    },
                    name: row.get("name"),
                    total: row.get::<i64, _>("total") as u32,
                    playing: row.get("playing"),
                }
            })
            .collect())
    }

    /// One page (from 1) of a leaderboard, `per_page` rows a page.
    pub async fn leaderboard(
        &self,
        kind: GameKind,
        scope: Scope,
        by: Ranking,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage> {
        let per_page = per_page.max(1);
        let guild = scope_guild(scope);
        let players: i64 = sqlx::query_scalar(
            "SELECT COUNT(DISTINCT user_id) FROM player_stats \
             WHERE kind = ? AND (? IS NULL OR guild_id = ?)",
        )
        .bind(kind.as_str())
        .bind(guild)
        .bind(guild)
        .fetch_one(&self.pool)
        .await?;
        let pages = (players as u32).div_ceil(per_page).max(1);
        let page = page.clamp(1, pages);
        let order = match by {
            Ranking::Wins => "wins DESC, points DESC",
            Ranking::Points => "points DESC, wins DESC",
            Ranking::Best => "best DESC, wins DESC",
        };
        // Players equal on both ranking keys share a rank (1, 2, 2, 4), also across pages.
        let sql = format!(
            "SELECT *, RANK() OVER (ORDER BY {order}) AS rank FROM ({STATS_SELECT}) s \
             ORDER BY {order}, s.user_id LIMIT ? OFFSET ?"
        );
        let offset = u64::from(page - 1) * u64::from(per_page);
        let rows = sqlx::query(&sql)
            .bind(guild)
            .bind(kind.as_str())
            .bind(guild)
            .bind(guild)
            .bind(i64::from(per_page))
            .bind(offset as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(LeaderboardPage {
            rows: rows
                .iter()
                .map(|row| (row.get::<i64, _>("rank") as u64, stats_of(row)))
                .collect(),
            page,
            pages,
            players: players as u64,
        })
    }

    /// One person's lifetime statistics, or `None` if they never finished a game in that scope.
    pub async fn player_stats(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: u64,
    ) -> Result<Option<PlayerStats>> {
        let guild = scope_guild(scope);
        let sql = format!("{STATS_SELECT} HAVING s.user_id = ?");
        let row = sqlx::query(&sql)
            .bind(guild)
            .bind(kind.as_str())
            .bind(guild)
            .bind(guild)
            .bind(user_id as i64)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.as_ref().map(stats_of))
    }

    async fn exists(&self, game_id: i64) -> Result<bool> {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(found.is_some())
    }
}

/// Statistics summed over a scope: binds the guild id (NULL for global), the kind, then the guild
/// id twice again.
/// The name is the one last used in the scope's server; across servers it is left empty, as one
/// server's name for a person is not for the others to see.
const STATS_SELECT: &str = "SELECT s.user_id AS user_id, \
     CASE WHEN ? IS NULL THEN '' ELSE MAX(s.name) END AS name, \
     SUM(s.games) AS games, SUM(s.wins) AS wins, SUM(s.points) AS points, MAX(s.best) AS best, \
     SUM(s.forget_its) AS forget_its, SUM(s.turns) AS turns \
     FROM player_stats s WHERE s.kind = ? AND (? IS NULL OR s.guild_id = ?) GROUP BY s.user_id";

fn stats_of(row: &sqlx::sqlite::SqliteRow) -> PlayerStats {
    let n = |column: &str| row.get::<i64, _>(column) as u64;
    PlayerStats {
        user_id: n("user_id"),
        name: row.get("name"),
        games: n("games"),
        wins: n("wins"),
        points: n("points"),
        best: n("best"),
        forget_its: n("forget_its"),
        turns: n("turns"),
    }
}

fn scope_guild(scope: Scope) -> Option<i64> {
    match scope {
        Scope::Guild(id) => Some(id as i64),
        Scope::Global => None,
    }
}

type Tx<'a> = sqlx::Transaction<'a, sqlx::Sqlite>;

async fn insert_event<E: Serialize>(
    tx: &mut Tx<'_>,
    game_id: i64,
    seq: u64,
    event: &E,
    now: i64,
) -> Result<()> {
    sqlx::query("INSERT INTO events (game_id, seq, event, created_ms) VALUES (?, ?, ?, ?)")
        .bind(game_id)
        .bind(seq as i64)
        .bind(serde_json::to_string(event)?)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn write_seats(tx: &mut Tx<'_>, game_id: i64, seats: &[SeatRow]) -> Result<()> {
    sqlx::query("DELETE FROM seats WHERE game_id = ?")
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    for (position, seat) in seats.iter().enumerate() {
        let (kind, id) = match seat.player {
            Player::Person(id) => ("person", id as i64),
            Player::Bot(n) => ("bot", i64::from(n)),
        };
        sqlx::query(
            "INSERT INTO seats (game_id, position, player_kind, player_id, name, total, playing) \
             VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(game_id)
        .bind(position as i64)
        .bind(kind)
        .bind(id)
        .bind(&seat.name)
        .bind(i64::from(seat.total))
        .bind(seat.playing)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn record_result(
    tx: &mut Tx<'_>,
    guild_id: i64,
    kind: GameKind,
    r: &SeatResult,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO player_stats (guild_id, kind, user_id, name, games, wins, points, best, \
         forget_its, turns) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?) \
         ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET name = excluded.name, \
         games = games + 1, \
         wins = wins + excluded.wins, points = points + excluded.points, \
         best = MAX(best, excluded.best), forget_its = forget_its + excluded.forget_its, \
         turns = turns + excluded.turns",
    )
    .bind(guild_id)
    .bind(kind.as_str())
    .bind(r.user_id as i64)
    .bind(&r.name)
    .bind(i64::from(r.won))
    .bind(i64::from(r.points))
    .bind(i64::from(r.best))
    .bind(i64::from(r.forget_its))
    .bind(i64::from(r.turns))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
