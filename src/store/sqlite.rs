//! The SQLite backend (the default): a file on this machine, in WAL mode, created on first run.
//! Its migrations are `migrations/sqlite/`.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::Connection as _;
use sqlx::SqlitePool;

use super::{Durability, Result, StoreError};

pub(super) type Db = sqlx::Sqlite;

/// Whether the queries of many rows number their parameters (see `rows_sql`): SQLite binds
/// anonymous ones in order, faster.
const NUMBERED: bool = false;

// The same queries for both backends, compiled for each with its own `Db`.
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
mod queries;
pub(super) use queries::Queries;

#[allow(clippy::duplicate_mod)]
#[path = "versions.rs"]
mod versions;

/// Whether a table named `$1` exists: one row if it does ([`versions`]).
const TABLE_EXISTS: &str = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = $1";

/// The migrations, embedded.
static MIGRATOR: sqlx::migrate::Migrator = sqlx_macros::migrate!("./migrations/sqlite");

/// How many copies of a database taken before a migration are kept beside it (the newest).
pub const COPIES_KEPT: usize = 3;

/// How long a writer waits for another writer's lock before giving up (then the person is told
/// it could not be saved; a click waiting that long has its answer deferred).
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long opening the database may keep retrying lost races with other processes starting up.
const OPEN_TIMEOUT: Duration = Duration::from_secs(10);

/// How often the size of the write-ahead log is looked at: often, so that each checkpoint has
/// little to copy and its fsync is short.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);
/// The size of the write-ahead log from which it is copied into the database file: SQLite's own
/// threshold (1,000 pages of 4 KiB).
const CHECKPOINT_FROM: u64 = 4 << 20;
/// The pages of the write-ahead log past which a checkpoint makes the next commit start the log
/// again from its beginning (RESTART), and the size its file is cut back to then
/// (`journal_size_limit`): 64 MiB.
const RESTART_FROM_PAGES: i64 = 16_384;
const WAL_KEPT_BYTES: u64 = 64 << 20;

/// SQLite's "database is locked" (SQLITE_BUSY and its extended codes): another connection,
/// maybe another process, holds the lock.
fn is_busy(error: &StoreError) -> bool {
    let db = match error {
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

/// SQLite's SQLITE_IOERR_DELETE_NOENT: a file it meant to delete was gone, which happens when
/// processes create one database at the same moment (one deletes the rollback journal another
/// is switching from as it turns the file to WAL): the open is tried again.
fn is_open_race(error: &StoreError) -> bool {
    let StoreError::Db(sqlx::Error::Database(db)) = error else {
        return false;
    };
    db.code()
        .and_then(|code| code.parse::<i32>().ok())
        .is_some_and(|code| code == 10 | (23 << 8))
}

/// Copies the write-ahead log `wal` into the database file once it holds [`CHECKPOINT_FROM`],
/// looking every [`CHECKPOINT_EVERY`], until the pool closes. SQLite would otherwise do it inside
/// the commit that fills the log past that size, and that commit (a click's) would wait for the
/// copy and its fsync: tens of milliseconds. A passive checkpoint waits for nobody and nobody
/// waits for it; commits go on meanwhile.
///
/// But the log starts again from its beginning only when a commit begins while it is all
/// copied, and under commits without a pause the committer is always inside one when a passive
/// checkpoint ends: the log then grows without end (25 KB an action: 160 MB after 6,000 actions
/// in a row, measured). Past [`RESTART_FROM_PAGES`] pages the checkpoint is a RESTART, on the
/// `writer` pool's one connection, taken between two of the committer's batches (which wait for
/// it in the pool's queue, not in SQLite's busy handler): it copies what the passive one left,
/// and the next commit starts the log again, its file cut back to [`WAL_KEPT_BYTES`].
async fn checkpoints(pool: SqlitePool, writer: SqlitePool, wal: std::path::PathBuf) {
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
        // Read to its end (`fetch_all`): a statement left after its one row keeps its
        // connection's read transaction open, and the log could then never start again.
        let passive: Result<(i64, i64, i64), _> = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
            .fetch_all(&pool)
            .await
            .map(|rows| rows.first().copied().unwrap_or_default());
        let checked = match passive {
            Ok((_, pages, _)) if pages > RESTART_FROM_PAGES => {
                sqlx::query("PRAGMA wal_checkpoint(RESTART)")
                    .fetch_all(&writer)
                    .await
                    .map(|_| ())
            }
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        };
        if let Err(e) = checked {
            if pool.is_closed() {
                return;
            }
            tracing::warn!(error = %e, "could not copy the write-ahead log into the database");
        }
    }
}

/// A pool of connections to a file on this machine: not pinged before each use (sqlx's default,
/// made for servers across a network), which would cost a round trip to the connection's thread.
fn pool_options() -> SqlitePoolOptions {
    SqlitePoolOptions::new().test_before_acquire(false)
}

/// The pool of the connection that writes: [`pool_options`], and a connection goes back to it
/// only outside a transaction. A commit that fails on a full disk (or another I/O error) may
/// leave SQLite's transaction open, or end it, while sqlx counts the levels of transaction it
/// asked for: after two such failures in a row, sqlx's rollback undoes only a savepoint, and the
/// connection stays inside a transaction that every later commit of the bot then only nests in
/// (each answered as saved, none durable). Closed instead, it is replaced by a fresh one.
fn writer_options() -> SqlitePoolOptions {
    pool_options().after_release(|conn, _| {
        Box::pin(async move {
            let mut handle = conn.lock_handle().await?;
            // SAFETY: the handle is locked out of the connection's worker thread while `handle`
            // lives, and sqlite3_get_autocommit only reads whether a transaction is open.
            let autocommit =
                unsafe { libsqlite3_sys::sqlite3_get_autocommit(handle.as_raw_handle().as_ptr()) };
            if autocommit == 0 {
                tracing::warn!("a write connection was left inside a transaction: closed");
            }
            Ok(autocommit != 0)
        })
    })
}

/// Opens (creating if absent) the SQLite file at `path` and runs the migrations.
pub(super) async fn open(path: &Path, durability: Durability) -> Result<Queries> {
    open_with(SqliteConnectOptions::new().filename(path), durability).await
}

/// Opens the file a `sqlite:` URL names (`sqlite://forgetit.db`, `sqlite:///data/forgetit.db`,
/// with sqlx's options if any); `sqlite::memory:` is a database of the process's own, gone when
/// it closes (for tools and tests).
pub(super) async fn open_url(url: &str, durability: Durability) -> Result<Queries> {
    let options = SqliteConnectOptions::from_str(url)?;
    if url.contains(":memory:") || url.contains("mode=memory") {
        let options = options
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT);
        return connect(options, false).await;
    }
    open_with(options, durability).await
}

async fn open_with(options: SqliteConnectOptions, durability: Durability) -> Result<Queries> {
    let synchronous = match durability {
        Durability::Process => SqliteSynchronous::Normal,
        Durability::Machine => SqliteSynchronous::Full,
    };
    let options = options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(synchronous)
        .foreign_keys(true)
        // Checkpoints run in the background (see `checkpoints`), not in a commit.
        .pragma("wal_autocheckpoint", "0")
        .pragma("journal_size_limit", WAL_KEPT_BYTES.to_string())
        // The temporary tables of a batch's queries (see `write_rows`) stay in memory: on
        // disk, each would be a file created and deleted.
        .pragma("temp_store", "memory")
        .busy_timeout(BUSY_TIMEOUT);
    let path = options.get_filename().to_path_buf();
    let wal = beside(&path, "-wal");
    let queries = connect(options, true)
        .await
        .map_err(|error| unwritable(&path, error))?;
    tokio::spawn(checkpoints(
        queries.pool.clone(),
        queries.writer.clone(),
        wal,
    ));
    Ok(queries)
}

/// `error`, or what this process may not write where SQLite could not open `path` (its
/// CANTOPEN, 14, or READONLY, 8): the directory missing or not writable, or the file not
/// writable, with the uid it runs as and what to change.
fn unwritable(path: &Path, error: StoreError) -> StoreError {
    use crate::unix::{effective_uid, not_writable};
    let code = match &error {
        StoreError::Db(sqlx::Error::Database(e)) => e.code().map(|c| c.into_owned()),
        _ => None,
    };
    if !matches!(code.as_deref(), Some("14" | "8")) {
        return error;
    }
    let uid = effective_uid();
    let dir = directory_of(path);
    let said = if !dir.is_dir() {
        format!(
            "the directory {} does not exist: create it, writable by uid {uid}, or choose \
             another database.path",
            dir.display()
        )
    } else if let Some(why) = path.exists().then(|| not_writable(path)).flatten() {
        format!(
            "{} is not writable by uid {uid} ({why}): chown {uid} {}, or run as its owner",
            path.display(),
            path.display()
        )
    } else if let Some(why) = not_writable(dir) {
        format!(
            "the directory {} is not writable by uid {uid} ({why}), and SQLite creates the \
             database and its -wal and -shm files there: chown {uid} {}, or choose another \
             database.path",
            dir.display(),
            dir.display()
        )
    } else {
        return error;
    };
    StoreError::Unwritable(said)
}

/// Connects, with a pool of its own for writes if `own_writer`.
async fn connect(options: SqliteConnectOptions, own_writer: bool) -> Result<Queries> {
    // Processes sharing the file (one per shard range) may create it, switch it to WAL and
    // migrate it at the same moment. SQLite answers some of these races with "database is
    // locked" at once, without waiting for its busy timeout, and the loser of a migration race
    // fails once the winner committed: try again, briefly. Applied migrations are skipped.
    // Each migration is a race of its own, so a process may lose more than one: it tries
    // again for a while (a migration that is broken fails then, as it would at once).
    let deadline = tokio::time::Instant::now() + OPEN_TIMEOUT;
    let mut pause = Duration::from_millis(10);
    loop {
        let error = match try_connect(options.clone(), own_writer).await {
            Ok(queries) => return Ok(queries),
            Err(error) => error,
        };
        let retry =
            matches!(error, StoreError::Migrate(_)) || is_busy(&error) || is_open_race(&error);
        if !retry || tokio::time::Instant::now() + pause > deadline {
            return Err(error);
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(250));
    }
}

/// Migrates the database on `conn` (the file `path`): refused if it is newer than this binary
/// ([`versions::refuse_if_newer`]); a file with data that has migrations to apply is first
/// copied beside itself ([`copy_before_migrating`]); this version is then noted.
async fn migrate(conn: &mut SqliteConnection, path: &Path) -> Result<()> {
    migrate_once(conn, path).await.map_err(|e| match e {
        // Processes creating and migrating one file at once lose races: what fails in the
        // migration's statements is a migration error, tried again by `connect`.
        StoreError::Db(e) => StoreError::Migrate(sqlx::migrate::MigrateError::Execute(e)),
        other => other,
    })
}

async fn migrate_once(conn: &mut SqliteConnection, path: &Path) -> Result<()> {
    versions::refuse_if_newer(conn, &MIGRATOR).await?;
    let applied = versions::applied(conn).await?;
    let pending: Vec<i64> = MIGRATOR
        .iter()
        .map(|m| m.version)
        .filter(|v| !applied.contains(v))
        .collect();
    if let (Some(&first), Some(&at)) = (pending.first(), applied.last()) {
        if path != Path::new(":memory:") {
            copy_before_migrating(conn, path, at, first).await?;
        }
    }
    MIGRATOR.run(&mut *conn).await?;
    versions::note(conn, versions::known(&MIGRATOR), super::now_ms()).await
}

/// The copy of the file `path` kept before migration `first` is applied to it:
/// `forgetit.db.before-20261205000000`.
pub fn copy_path(path: &Path, first: i64) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".before-{first}"));
    name.into()
}

/// A file name beside `target` for a copy being made, renamed to `target` once whole: this
/// process's and this call's own, so that copies made at once (by processes, or by stores of one
/// process opening the same file) never write, delete or rename each other's. A leftover of an
/// earlier run with the same name is removed first.
fn temporary_beside(target: &Path) -> std::path::PathBuf {
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = beside(target, &format!(".tmp-{}-{call}", std::process::id()));
    let _ = std::fs::remove_file(&temporary);
    temporary
}

/// `file`'s name with `suffix` added: `forgetit.db` and `-wal` make `forgetit.db-wal`.
fn beside(file: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = file.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// The directory `file` is in (`.` for a bare name).
fn directory_of(file: &Path) -> &Path {
    file.parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Copies the database (at migration `at`) to [`copy_path`] before migration `first` is applied,
/// consistently (`VACUUM INTO` reads one snapshot, while other processes may write) and
/// atomically (a temporary file, then a rename), then deletes all but the newest
/// [`COPIES_KEPT`] such copies. A copy that another process already took is kept; one taken
/// after another process migrated meanwhile (its newest migration is not `at`) is dropped.
async fn copy_before_migrating(
    conn: &mut SqliteConnection,
    path: &Path,
    at: i64,
    first: i64,
) -> Result<()> {
    let target = copy_path(path, first);
    if target.exists() {
        return Ok(());
    }
    let temporary = temporary_beside(&target);
    sqlx::query("VACUUM INTO $1")
        .bind(temporary.to_string_lossy().into_owned())
        .execute(&mut *conn)
        .await?;
    let mut copy =
        SqliteConnection::connect_with(&SqliteConnectOptions::new().filename(&temporary)).await?;
    let copied_at: Option<i64> = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations")
        .fetch_one(&mut copy)
        .await?;
    let _ = copy.close().await;
    if copied_at != Some(at) {
        let _ = std::fs::remove_file(&temporary);
        return Ok(());
    }
    std::fs::rename(&temporary, &target).map_err(|e| StoreError::Backup(e.to_string()))?;
    tracing::info!(copy = %target.display(), "copied the database before migrating it");
    prune_copies(path);
    Ok(())
}

/// Deletes all but the newest [`COPIES_KEPT`] copies of `path` taken before a migration.
fn prune_copies(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let prefix = format!("{}.before-", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut copies: Vec<(i64, std::path::PathBuf)> = entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let version = name.strip_prefix(&prefix)?.parse().ok()?;
            Some((version, entry.path()))
        })
        .collect();
    copies.sort();
    let extra = copies.len().saturating_sub(COPIES_KEPT);
    for (_, old) in copies.into_iter().take(extra) {
        if let Err(e) = std::fs::remove_file(&old) {
            tracing::warn!(copy = %old.display(), error = %e, "could not delete an old copy");
        }
    }
}

/// The file a `sqlite:` URL names.
pub(super) fn file_of(url: &str) -> Result<std::path::PathBuf> {
    Ok(SqliteConnectOptions::from_str(url)?
        .get_filename()
        .to_path_buf())
}

/// Writes a consistent, checked copy of the SQLite file `path` to `to` while the bot may run:
/// `VACUUM INTO` a temporary file beside `to` (one snapshot of the database, whatever the
/// write-ahead log holds), `PRAGMA integrity_check` on it, then a rename over `to` (so `to` is
/// either the old file or the whole new copy) and a sync of its folder. Its size in bytes.
pub(super) async fn backup(path: &Path, to: &Path) -> Result<u64> {
    if !path.exists() {
        return Err(StoreError::Backup(format!(
            "there is no database at {}",
            path.display()
        )));
    }
    refuse_live_destination(path, to)?;
    // The copy is written beside its destination, then renamed over it: say why not at once.
    let dir = directory_of(to);
    if let Some(why) = crate::unix::not_writable(dir) {
        return Err(StoreError::Backup(format!(
            "{}: the directory {} is not writable by uid {} ({why})",
            to.display(),
            dir.display(),
            crate::unix::effective_uid()
        )));
    }
    let failed = |e: std::io::Error| StoreError::Backup(format!("{}: {e}", to.display()));
    let temporary = temporary_beside(to);
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .busy_timeout(BUSY_TIMEOUT);
    let mut source = SqliteConnection::connect_with(&options).await?;
    let vacuumed = sqlx::query("VACUUM INTO $1")
        .bind(temporary.to_string_lossy().into_owned())
        .execute(&mut source)
        .await;
    let _ = source.close().await;
    if let Err(e) = vacuumed {
        let _ = std::fs::remove_file(&temporary);
        return Err(e.into());
    }
    let mut copy =
        SqliteConnection::connect_with(&SqliteConnectOptions::new().filename(&temporary)).await?;
    let checked: Vec<String> = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_all(&mut copy)
        .await?;
    let _ = copy.close().await;
    if checked != ["ok"] {
        let _ = std::fs::remove_file(&temporary);
        return Err(StoreError::Backup(format!(
            "the copy failed its integrity check: {}",
            checked.join("; ")
        )));
    }
    std::fs::File::open(&temporary)
        .and_then(|f| f.sync_all())
        .map_err(failed)?;
    std::fs::rename(&temporary, to).map_err(failed)?;
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(failed)?;
    Ok(std::fs::metadata(to).map_err(failed)?.len())
}

/// The files SQLite keeps beside a database while it is open (`-wal`, `-shm`) or in a
/// transaction (`-journal`).
const SIDECARS: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Refuses a backup's destination `to` that is the database at `path` itself (by any name: the
/// same file), one of its sidecar files, or another database in use (a sidecar beside it): the
/// copy is renamed over its destination, which would pull a live database from under whoever
/// has it open.
fn refuse_live_destination(path: &Path, to: &Path) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    let same = |a: &Path, b: &Path| match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    };
    if same(path, to) {
        return Err(StoreError::Backup(format!(
            "{} is the database itself: back it up to another file",
            to.display()
        )));
    }
    if let Some(part) = SIDECARS.iter().find(|s| same(&beside(path, s), to)) {
        return Err(StoreError::Backup(format!(
            "{} is part of the database {} (its {}): back it up to another file",
            to.display(),
            path.display(),
            &part[1..],
        )));
    }
    if let Some(sidecar) = SIDECARS
        .iter()
        .map(|s| beside(to, s))
        .find(|sidecar| sidecar.exists())
    {
        return Err(StoreError::Backup(format!(
            "{} is a database in use ({} is beside it): back up to a file no process has open",
            to.display(),
            sidecar.display()
        )));
    }
    Ok(())
}

async fn try_connect(options: SqliteConnectOptions, own_writer: bool) -> Result<Queries> {
    // A file is migrated on a connection of its own without foreign keys: a migration that
    // rebuilds a table (SQLite cannot drop a constraint) drops the old one, which with foreign
    // keys on would delete every row that refers to it. In memory, where every connection is a
    // database of its own, the pool migrates its own, empty, database.
    if own_writer {
        let mut migrating =
            SqliteConnection::connect_with(&options.clone().foreign_keys(false)).await?;
        let migrated = migrate(&mut migrating, options.get_filename()).await;
        let _ = migrating.close().await;
        migrated?;
    }
    // The first pool is the writer's (in memory, it does all).
    let pool = writer_options()
        .max_connections(if own_writer { 1 } else { 4 })
        .connect_with(options.clone())
        .await?;
    if !own_writer {
        let mut conn = pool.acquire().await?;
        let migrated = migrate(&mut conn, Path::new(":memory:")).await;
        drop(conn);
        if let Err(e) = migrated {
            pool.close().await;
            return Err(e);
        }
    }
    // In memory, where every connection would be a database of its own, one pool does all.
    if !own_writer {
        let writer = pool.clone();
        let mut queries = Queries::new(pool, writer);
        queries.load_apart = false;
        return Ok(queries);
    }
    // Writes, one at a time: SQLite lets one connection write at once, and connections of one
    // process that contend for the lock wait in SQLite's busy handler, which sleeps (1, 2, 5,
    // 10 ms ...). Writes queue for this one connection instead, without sleeping.
    let writer = pool;
    let pool = pool_options()
        .max_connections(4)
        .connect_with(options)
        .await;
    match pool {
        Ok(pool) => Ok(Queries::new(pool, writer)),
        Err(e) => {
            writer.close().await;
            Err(e.into())
        }
    }
}
