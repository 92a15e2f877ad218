//! sqlx over SQLite or PostgreSQL: games, their seats and event logs, lifetime statistics. The
//! only module that knows SQL. Each backend has its migrations (`migrations/sqlite/`,
//! `migrations/postgres/`), embedded in the binary and run when the store opens; the queries
//! (`queries.rs`, and its parts in `queries/`) are written once for both.
//!
//! Every action is one [`Store::commit`]: the event is appended to the game's log and the game row
//! and its seats are updated in one transaction, guarded by the game's version, so a commit either
//! happens whole or not at all. A game that finishes updates its players' statistics in that same
//! transaction.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;

mod migrate;
mod postgres;
mod sqlite;

pub use migrate::{migrate_db, MigrateError, MigrateReport, OpenGames, OpenOf, Side};
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
    Corrupt {
        game_id: GameId,
        #[source]
        reason: ReplayError,
    },
    /// (Counted as it is made, but a row not found: [`crate::telemetry::DB_ERRORS`].)
    #[error("database: {0}")]
    Db(#[source] sqlx::Error),
    /// The transaction that carried this commit with others failed (nothing of it was written):
    /// its error, shared by every commit it carried.
    #[error("database: {0}")]
    Batch(#[source] std::sync::Arc<StoreError>),
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
    /// The SQLite file, or its directory, that this process may not write: who it runs as, what
    /// it found, and what to change.
    #[error("{0}")]
    Unwritable(String),
}

impl StoreError {
    /// Whether waiting may change it: the server unreachable, refusing connections, starting
    /// up, shutting down or full. (A refused login, a database that does not exist, a newer
    /// database or a bad URL stay as they are.)
    pub fn is_transient(&self) -> bool {
        let sqlx = match self {
            StoreError::Db(error) => error,
            StoreError::Migrate(sqlx::migrate::MigrateError::Execute(error)) => error,
            _ => return false,
        };
        match sqlx {
            sqlx::Error::Io(_) | sqlx::Error::PoolTimedOut | sqlx::Error::Protocol(_) => true,
            // SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P
            // (operator intervention: shutting down, starting up).
            sqlx::Error::Database(e) => e.code().is_some_and(|code| {
                code.starts_with("08") || code.starts_with("53") || code.starts_with("57P")
            }),
            _ => false,
        }
    }
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
        let (by, run) = match &self.written_by {
            // A build of this very version with more migrations (a development build).
            Some(version) if *version == self.this => (
                format!("another build of forgetit {version}"),
                "run that build".to_string(),
            ),
            Some(version) => (
                format!("forgetit {version}"),
                format!("run forgetit {version} or newer"),
            ),
            None => (
                "a newer forgetit (which version, the database does not say)".to_string(),
                "run the newer forgetit".to_string(),
            ),
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

// The store's API by job, each file an `impl Store` block with the types it speaks of (after
// `each!`, which they use).
mod boards;
mod commit;
mod daily;
mod games;
mod places;
mod privacy;
mod settings;

pub use boards::{Board, LeaderboardPage, PlayerStats, RatedPlayer};
use commit::{chunks, rows_sql, BATCH};
pub(crate) use commit::{CommitJob, CommitReply, Job, Seats};
use daily::{key_of_text, key_text};
pub use daily::{DailyDeal, DailyEnd};
pub(crate) use games::GameRecord;
use games::{rebuilt, GAME_COLUMNS, LOAD_CHUNK};
pub use games::{
    Clocks, LimitReached, Loaded, OpenLimits, Opening, Placing, ReplayError, SeatResult, SeatRow,
    StoredGame,
};
pub use places::{Place, Reach};
pub use privacy::{Forgotten, REMOVED_GUILD_KEPT_MS};
pub use settings::{GuildSettings, SettingsChange};

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
