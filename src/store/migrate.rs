//! `forgetit migrate-db`: every row of one database copied into another, empty one (SQLite to
//! PostgreSQL, so a bot that outgrows one machine keeps its leaderboards; or any other way the
//! backends allow), then checked.
//!
//! Both ends are opened as the bot opens them ([`Store::open_url`]), so both are at the latest
//! schema first. The source is read in one snapshot (a read transaction), a page of rows at a
//! time in key order, and written into the target in one transaction: a migration that fails
//! half-way leaves the target empty. Tables go in the order of their foreign keys (games, seats,
//! events, player_stats, results, ratings, rating_history, guild_removals, guild_settings,
//! guild_channels, daily_key, daily_deals, daily_places), every column, ids kept; on PostgreSQL
//! the games' identity then starts past the highest id (SQLite's AUTOINCREMENT follows explicit
//! ids by itself).
//!
//! Then the copy is checked, each side read again: every row of every table equal, and every
//! open game of each kind rebuilt from its event log on the target ([`Store::load_open`]) equal to
//! the same game rebuilt on the source. The source should not be in use meanwhile (a bot still
//! writing to it makes the check fail).

use std::path::Path;
use std::str::FromStr;

use sqlx::query_builder::Separated;
use sqlx::{ColumnIndex, Database, Decode, Encode, QueryBuilder, Row, Type};

use super::{redacted, Backend, BackendKind, Durability, Store, StoreError, StoredGame};
use crate::engine::{table, GameKind};
use futures::future::BoxFuture;

/// Rows read, and written, by one query: a page of events is a few hundred kilobytes, and a page
/// of games (21 columns) binds far fewer values than either backend allows in a query.
const PAGE: usize = 500;

/// How a column is read and written.
#[derive(Clone, Copy, Debug)]
enum Ty {
    Int,
    IntOrNull,
    Text,
    TextOrNull,
    Bool,
    /// A REAL (SQLite), DOUBLE PRECISION (PostgreSQL): both IEEE 754 doubles, copied exactly.
    RealOrNull,
}

/// A table as the migration copies it: its key columns first.
struct Table {
    name: &'static str,
    /// How many of the first columns are its primary key (the order pages are read in).
    key: usize,
    columns: &'static [(&'static str, Ty)],
}

/// Every table of the schema (`migrations/*/`), with every column, in the order of their
/// foreign keys. The migration refuses a database whose tables have columns not listed here.
const TABLES: [Table; 13] = [
    Table {
        name: "games",
        key: 1,
        columns: &[
            ("id", Ty::Int),
            ("guild_id", Ty::Int),
            ("channel_id", Ty::Int),
            ("kind", Ty::Text),
            ("status", Ty::Text),
            ("settings", Ty::Text),
            ("version", Ty::Int),
            ("lobby_message_id", Ty::IntOrNull),
            ("turn_message_id", Ty::IntOrNull),
            ("deadline_ms", Ty::IntOrNull),
            ("created_ms", Ty::Int),
            ("updated_ms", Ty::Int),
            ("finished_ms", Ty::IntOrNull),
            ("lang", Ty::Text),
            ("shown_version", Ty::IntOrNull),
            ("turn_timeout_ms", Ty::IntOrNull),
            ("bot_pace_ms", Ty::IntOrNull),
            ("rematch_of", Ty::IntOrNull),
            ("lobby_channel_id", Ty::IntOrNull),
            ("log_pruned_ms", Ty::IntOrNull),
            ("reach", Ty::Int),
        ],
    },
    Table {
        name: "seats",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("position", Ty::Int),
            ("player_kind", Ty::Text),
            ("player_id", Ty::Int),
            ("name", Ty::Text),
            ("total", Ty::Int),
            ("playing", Ty::Bool),
        ],
    },
    Table {
        name: "events",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("seq", Ty::Int),
            ("event", Ty::Text),
            ("created_ms", Ty::Int),
        ],
    },
    Table {
        name: "player_stats",
        key: 3,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("user_id", Ty::Int),
            ("games", Ty::Int),
            ("wins", Ty::Int),
            ("points", Ty::Int),
            ("best", Ty::Int),
            ("feats", Ty::Int),
            ("turns", Ty::Int),
            ("name", Ty::Text),
        ],
    },
    Table {
        name: "results",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("user_id", Ty::Int),
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("name", Ty::Text),
            ("won", Ty::Int),
            ("points", Ty::Int),
            ("best", Ty::Int),
            ("feats", Ty::Int),
            ("turns", Ty::Int),
            ("finished_ms", Ty::Int),
        ],
    },
    Table {
        name: "ratings",
        key: 4,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("player_kind", Ty::Text),
            ("player_id", Ty::Int),
            ("name", Ty::Text),
            ("mu", Ty::Int),
            ("sigma", Ty::Int),
            ("games", Ty::Int),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "rating_history",
        key: 4,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("user_id", Ty::Int),
            ("game_id", Ty::Int),
            ("mu", Ty::Int),
            ("sigma", Ty::Int),
            ("at_ms", Ty::Int),
        ],
    },
    Table {
        name: "guild_removals",
        key: 1,
        columns: &[("guild_id", Ty::Int), ("removed_ms", Ty::Int)],
    },
    Table {
        name: "guild_settings",
        key: 2,
        columns: &[
            // One row per setting a server set (`crate::settings`): whatever the settings.
            ("guild_id", Ty::Int),
            ("name", Ty::Text),
            ("value", Ty::Text),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "guild_channels",
        key: 2,
        columns: &[("guild_id", Ty::Int), ("channel_id", Ty::Int)],
    },
    Table {
        name: "daily_key",
        key: 1,
        columns: &[
            ("id", Ty::Int),
            ("secret", Ty::Text),
            ("first_day", Ty::Int),
        ],
    },
    Table {
        name: "daily_deals",
        key: 3,
        columns: &[
            ("user_id", Ty::Int),
            ("kind", Ty::Text),
            ("day", Ty::Int),
            ("name", Ty::Text),
            ("lang", Ty::Text),
            ("events", Ty::Text),
            ("version", Ty::Int),
            ("ended", Ty::TextOrNull),
            ("score", Ty::IntOrNull),
            ("accuracy", Ty::RealOrNull),
            ("luck", Ty::RealOrNull),
            ("squares", Ty::TextOrNull),
            ("started_ms", Ty::Int),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "daily_places",
        key: 4,
        columns: &[
            ("user_id", Ty::Int),
            ("kind", Ty::Text),
            ("day", Ty::Int),
            ("guild_id", Ty::Int),
        ],
    },
];

impl Table {
    fn column_list(&self) -> String {
        let names: Vec<&str> = self.columns.iter().map(|(name, _)| *name).collect();
        names.join(", ")
    }
}

/// One column's value, the same on either backend.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Value {
    Int(i64),
    Null,
    Text(String),
    Bool(bool),
    /// A double, by its bits (compared exactly).
    Real(u64),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Null => f.write_str("NULL"),
            Value::Text(text) => write!(f, "{text:?}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Real(bits) => write!(f, "{}", f64::from_bits(*bits)),
        }
    }
}

type Rows = Vec<Vec<Value>>;

/// Which end of the migration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Source,
    Target,
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Source => "source",
            Side::Target => "target",
        })
    }
}

/// Why a migration did not happen, or did not check out. Every message names a database by its
/// URL without the password ([`redacted`]), and is one line.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    #[error("the {side} {url} is neither sqlite://PATH nor postgres://...")]
    Url { side: Side, url: String },
    #[error("the source {url} does not exist")]
    Missing { url: String },
    #[error("the {side} {url} is a database in memory, gone when the command ends")]
    InMemory { side: Side, url: String },
    #[error(
        "the target {url} is not empty ({games} games, {stats} statistics rows): migrate-db \
         copies into an empty database only"
    )]
    NotEmpty { url: String, games: u64, stats: u64 },
    #[error("the {side} {url}: table {table} has columns migrate-db does not know: {columns}")]
    Columns {
        side: Side,
        url: String,
        table: &'static str,
        columns: String,
    },
    #[error("the {side} {url}: {error}")]
    Store {
        side: Side,
        url: String,
        error: StoreError,
    },
    #[error("the copy in {url} does not match the source (is a bot still using it?): {why}")]
    Mismatch { url: String, why: String },
}

/// What a migration copied and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MigrateReport {
    /// Each table's rows, in the order copied (equal on both sides).
    pub rows: Vec<(&'static str, u64)>,
    /// The open games of each kind, rebuilt on the target equal to the source's.
    pub open_games: Vec<(GameKind, usize)>,
}

/// Copies every row of the database at `from` into the empty database at `to` (each a
/// `sqlite://PATH` or `postgres://...` URL, both migrated to the latest schema first), then
/// checks the copy. A target that is not empty is refused, changed in nothing.
pub async fn migrate_db(from: &str, to: &str) -> Result<MigrateReport, MigrateError> {
    let source = End::new(Side::Source, from);
    let target = End::new(Side::Target, to);
    // Both URLs checked before either database is opened (and so migrated, or created).
    source.check()?;
    target.check()?;
    let target_store = target.open(Durability::Machine).await?;
    let migrated = async {
        let mut peek = target.at(Tx::read(&target_store).await)?;
        let counts = target.at(peek.counts().await)?;
        target.at(peek.rollback().await)?;
        target.empty(counts)?;
        let source_store = source.open(Durability::default()).await?;
        let result = copy_and_check(&source, &source_store, &target, &target_store).await;
        source_store.close().await;
        result
    }
    .await;
    target_store.close().await;
    migrated
}

/// One end of the migration: its URL, and its place in errors.
pub(crate) struct End<'a> {
    side: Side,
    url: &'a str,
}

impl<'a> End<'a> {
    fn new(side: Side, url: &'a str) -> End<'a> {
        End { side, url }
    }

    fn shown(&self) -> String {
        redacted(self.url)
    }

    /// `result`, its error told as this end's.
    fn at<T>(&self, result: Result<T, impl Into<StoreError>>) -> Result<T, MigrateError> {
        result.map_err(|error| MigrateError::Store {
            side: self.side,
            url: self.shown(),
            error: error.into(),
        })
    }

    /// The URL names a backend; a SQLite source exists (it is not created), and neither end is
    /// a database in memory.
    fn check(&self) -> Result<(), MigrateError> {
        match BackendKind::of(self.url) {
            None => Err(MigrateError::Url {
                side: self.side,
                url: self.shown(),
            }),
            Some(BackendKind::Postgres) => Ok(()),
            Some(BackendKind::Sqlite) => {
                if self.url.contains(":memory:") || self.url.contains("mode=memory") {
                    return Err(MigrateError::InMemory {
                        side: self.side,
                        url: self.shown(),
                    });
                }
                let options = self.at(sqlx::sqlite::SqliteConnectOptions::from_str(self.url))?;
                let exists = Path::new(options.get_filename()).is_file();
                match (self.side, exists) {
                    (Side::Source, false) => Err(MigrateError::Missing { url: self.shown() }),
                    _ => Ok(()),
                }
            }
        }
    }

    async fn open(&self, durability: Durability) -> Result<Store, MigrateError> {
        self.at(Store::open_url(self.url, durability).await)
    }

    /// Refused unless every table is empty (`counts` in [`TABLES`]'s order).
    fn empty(&self, counts: Vec<u64>) -> Result<(), MigrateError> {
        match counts.iter().all(|&n| n == 0) {
            true => Ok(()),
            false => Err(MigrateError::NotEmpty {
                url: self.shown(),
                games: counts[0],
                stats: counts[3],
            }),
        }
    }

    /// Every table has the columns of [`TABLES`], no more (a column added by a later migration
    /// and not copied would be lost).
    async fn check_columns(&self, tx: &mut Tx) -> Result<(), MigrateError> {
        for table in &TABLES {
            let found = self.at(tx.columns(table.name).await)?;
            let unknown: Vec<&str> = found
                .iter()
                .map(String::as_str)
                .filter(|name| !table.columns.iter().any(|(known, _)| known == name))
                .collect();
            let missing: Vec<&str> = table
                .columns
                .iter()
                .map(|(name, _)| *name)
                .filter(|name| !found.iter().any(|f| f == name))
                .collect();
            if !unknown.is_empty() || !missing.is_empty() {
                let mut columns = unknown.join(", ");
                if !missing.is_empty() {
                    columns = format!("{columns} (and lacks {})", missing.join(", "));
                }
                return Err(MigrateError::Columns {
                    side: self.side,
                    url: self.shown(),
                    table: table.name,
                    columns: columns.trim_start().to_string(),
                });
            }
        }
        Ok(())
    }

    /// The copy, committed, is not the source's: it stays (the target was empty before).
    fn mismatch(&self, why: String) -> MigrateError {
        MigrateError::Mismatch {
            url: self.shown(),
            why: format!("{why}; the copy stays there, empty it before trying again"),
        }
    }
}

async fn copy_and_check(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<MigrateReport, MigrateError> {
    // The source's open games, rebuilt before anything is written: a log that does not rebuild
    // its game stops the migration with the target still empty.
    for game in crate::games::known() {
        game.migrate().rebuilds(source, from).await?;
    }
    let copied = copy(source, from, target, to).await?;
    let rows = compare(source, from, target, to).await?;
    if rows != copied {
        return Err(target.mismatch(format!("rows copied {copied:?}, rows found after {rows:?}")));
    }
    let mut open_games = Vec::new();
    for game in crate::games::known() {
        let n = game.migrate().same(source, from, target, to).await?;
        open_games.push((game.kind(), n));
    }
    Ok(MigrateReport { rows, open_games })
}

/// What `migrate-db` checks of the open games of one kind, for the registry of games: written
/// once, for every game ([`crate::games::Entry`]).
pub(crate) trait OpenGames: Sync {
    /// The source's open games rebuild.
    fn rebuilds<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
    ) -> BoxFuture<'a, Result<(), MigrateError>>;
    /// [`same_open_games`].
    fn same<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
        target: &'a End<'a>,
        to: &'a Store,
    ) -> BoxFuture<'a, Result<usize, MigrateError>>;
}

impl<R: crate::games::Hosted> OpenGames for crate::games::Entry<R> {
    fn rebuilds<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
    ) -> BoxFuture<'a, Result<(), MigrateError>> {
        Box::pin(async move {
            source.at(from.load_open::<table::Game<R>>().await)?;
            Ok(())
        })
    }

    fn same<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
        target: &'a End<'a>,
        to: &'a Store,
    ) -> BoxFuture<'a, Result<usize, MigrateError>> {
        Box::pin(same_open_games::<table::Game<R>>(source, from, target, to))
    }
}

/// The open games of kind `G` rebuilt on both sides ([`Store::load_open`], as the bot does when
/// it starts): how many, if the copies are the same games rebuilt the same.
async fn same_open_games<G: StoredGame + PartialEq>(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<usize, MigrateError> {
    let originals = source.at(from.load_open::<G>().await)?;
    let copies = target.at(to.load_open::<G>().await)?;
    let kind = G::KIND.as_str();
    if originals.len() != copies.len() {
        return Err(target.mismatch(format!(
            "{} open {kind} games in the source, {} in the copy",
            originals.len(),
            copies.len()
        )));
    }
    for (a, b) in originals.iter().zip(&copies) {
        let same = a.id == b.id
            && a.place == b.place
            && a.game == b.game
            && a.lobby_message_id == b.lobby_message_id
            && a.turn_message_id == b.turn_message_id
            && a.deadline_ms == b.deadline_ms
            && a.lang == b.lang
            && a.shown_version == b.shown_version;
        if !same {
            return Err(target.mismatch(format!(
                "open {kind} game {} does not rebuild the same (in the copy: game {})",
                a.id, b.id
            )));
        }
    }
    Ok(originals.len())
}

/// Copies every table, a page at a time, from one snapshot of the source into one transaction of
/// the target; the rows of each table.
async fn copy(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<Vec<(&'static str, u64)>, MigrateError> {
    let mut read = source.at(Tx::read(from).await)?;
    source.check_columns(&mut read).await?;
    let mut write = target.at(Tx::write(to).await)?;
    target.check_columns(&mut write).await?;
    // Again in the transaction that writes: another migration may have filled it meanwhile.
    target.empty(target.at(write.counts().await)?)?;
    let mut copied = Vec::new();
    for table in &TABLES {
        let mut after = None;
        let mut n = 0;
        loop {
            let rows = source.at(read.page(table, after.take()).await)?;
            let last = rows.len() < PAGE;
            n += rows.len() as u64;
            if let Some(row) = rows.last() {
                after = Some(row[..table.key].to_vec());
                target.at(write.insert(table, rows).await)?;
            }
            if last {
                break;
            }
        }
        copied.push((table.name, n));
    }
    // Each side's count in its own transaction: what was read is the snapshot's whole, and what
    // was written is all there is (or nothing is committed).
    let counts = |tx: Vec<u64>| TABLES.iter().map(|t| t.name).zip(tx).collect::<Vec<_>>();
    let in_source = counts(source.at(read.counts().await)?);
    let in_target = counts(target.at(write.counts().await)?);
    if in_source != copied || in_target != copied {
        return Err(MigrateError::Mismatch {
            url: target.shown(),
            why: format!(
                "the source has {in_source:?}, {copied:?} were copied, the target would have \
                 {in_target:?}; nothing was written"
            ),
        });
    }
    target.at(write.follow_ids().await)?;
    target.at(write.commit().await)?;
    source.at(read.rollback().await)?;
    Ok(copied)
}

/// Every table read again on both sides, a page at a time in key order, compared row by row:
/// the rows of each table.
async fn compare(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<Vec<(&'static str, u64)>, MigrateError> {
    let mut original = source.at(Tx::read(from).await)?;
    let mut copy = target.at(Tx::read(to).await)?;
    let mut rows = Vec::new();
    for table in &TABLES {
        let mut after = None;
        let mut n = 0;
        loop {
            let a = source.at(original.page(table, after.clone()).await)?;
            let b = target.at(copy.page(table, after.take()).await)?;
            if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
                let key = |row: &Vec<Value>| {
                    let key: Vec<String> = row[..table.key].iter().map(Value::to_string).collect();
                    format!("({})", key.join(", "))
                };
                return Err(target.mismatch(match (a.get(i), b.get(i)) {
                    (Some(a), Some(b)) if a[..table.key] == b[..table.key] => {
                        format!("{} row {} differs", table.name, key(a))
                    }
                    (Some(a), _) => format!("{} row {} is not in the copy", table.name, key(a)),
                    (None, Some(b)) => {
                        format!("{} row {} is not in the source", table.name, key(b))
                    }
                    (None, None) => unreachable!("rows differ"),
                }));
            }
            n += a.len() as u64;
            let last = a.len() < PAGE;
            if let Some(row) = a.last() {
                after = Some(row[..table.key].to_vec());
            }
            if last {
                break;
            }
        }
        rows.push((table.name, n));
    }
    source.at(original.rollback().await)?;
    target.at(copy.rollback().await)?;
    Ok(rows)
}

/// A transaction on one backend. Its methods run the same code on each (see `on!`), with the
/// backend's own SQL where the two differ ([`Dialect`]).
enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// `$body` with `$tx` the backend's transaction and `$db` its database type.
macro_rules! on {
    ($on:expr, $tx:ident: $db:ident => $body:expr) => {
        match $on {
            Tx::Sqlite($tx) => {
                #[allow(unused)]
                type $db = sqlx::Sqlite;
                $body
            }
            Tx::Postgres($tx) => {
                #[allow(unused)]
                type $db = sqlx::Postgres;
                $body
            }
        }
    };
}

/// What SQL the backends write differently.
trait Dialect: Database {
    /// Added to a text column to order it byte by byte (as the other backend does), so that both
    /// sides read their pages in the same order.
    const BYTEWISE: &'static str;
    /// The column names of `$1`, a table, in order.
    const COLUMNS: &'static str;
}

impl Dialect for sqlx::Sqlite {
    // SQLite's default collation, BINARY, is already bytewise.
    const BYTEWISE: &'static str = "";
    const COLUMNS: &'static str = "SELECT name FROM pragma_table_info($1) ORDER BY cid";
}

impl Dialect for sqlx::Postgres {
    const BYTEWISE: &'static str = " COLLATE \"C\"";
    const COLUMNS: &'static str =
        "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
                                   WHERE table_schema = current_schema() AND table_name = $1 \
                                   ORDER BY ordinal_position";
}

impl Tx {
    /// A read-only snapshot: every query of it sees the database as it was at its first.
    async fn read(store: &Store) -> sqlx::Result<Tx> {
        Ok(match &store.backend {
            // A deferred transaction: its first read takes the snapshot, held until it ends.
            Backend::Sqlite(q) => Tx::Sqlite(q.pool.begin().await?),
            Backend::Postgres(q) => {
                let mut tx = q.pool.begin().await?;
                sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                    .execute(&mut *tx)
                    .await?;
                Tx::Postgres(tx)
            }
        })
    }

    /// A transaction that writes (on SQLite, on the store's one writing connection).
    async fn write(store: &Store) -> sqlx::Result<Tx> {
        Ok(match &store.backend {
            Backend::Sqlite(q) => Tx::Sqlite(q.writer.begin().await?),
            Backend::Postgres(q) => Tx::Postgres(q.writer.begin().await?),
        })
    }

    async fn commit(self) -> sqlx::Result<()> {
        on!(self, tx: Db => tx.commit().await)
    }

    async fn rollback(self) -> sqlx::Result<()> {
        on!(self, tx: Db => tx.rollback().await)
    }

    /// The rows of each table, in [`TABLES`]'s order.
    async fn counts(&mut self) -> sqlx::Result<Vec<u64>> {
        let mut counts = Vec::new();
        for table in &TABLES {
            let sql = format!("SELECT COUNT(*) FROM {}", table.name);
            let n: i64 = on!(self, tx: Db => {
                sqlx::query_scalar::<Db, i64>(&sql).fetch_one(&mut **tx).await?
            });
            counts.push(n as u64);
        }
        Ok(counts)
    }

    async fn columns(&mut self, table: &str) -> sqlx::Result<Vec<String>> {
        on!(self, tx: Db => {
            sqlx::query_scalar::<Db, String>(<Db as Dialect>::COLUMNS)
                .bind(table)
                .fetch_all(&mut **tx)
                .await
        })
    }

    /// Up to [`PAGE`] rows of `table` in key order, from the first after the key `after`.
    async fn page(&mut self, table: &Table, after: Option<Vec<Value>>) -> sqlx::Result<Rows> {
        on!(self, tx: Db => {
            let mut query = page_query::<Db>(table, after);
            let rows = query.build().fetch_all(&mut **tx).await?;
            rows.iter().map(|row| decode(row, table)).collect()
        })
    }

    async fn insert(&mut self, table: &Table, rows: Rows) -> sqlx::Result<()> {
        on!(self, tx: Db => {
            let mut query = QueryBuilder::<Db>::new(format!(
                "INSERT INTO {} ({}) ",
                table.name,
                table.column_list()
            ));
            query.push_values(rows, |mut values, row| {
                for (value, &(_, ty)) in row.into_iter().zip(table.columns) {
                    bind(&mut values, value, ty);
                }
            });
            query.build().execute(&mut **tx).await?;
            Ok(())
        })
    }

    /// New games numbered past the copied ones: PostgreSQL's identity sequence does not follow
    /// ids inserted explicitly (SQLite's AUTOINCREMENT does).
    async fn follow_ids(&mut self) -> sqlx::Result<()> {
        if let Tx::Postgres(tx) = self {
            sqlx::query(
                "SELECT setval(pg_get_serial_sequence('games', 'id'), MAX(id)) FROM games \
                 HAVING MAX(id) IS NOT NULL",
            )
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

/// `SELECT` of a page of `table` in key order (text compared bytewise on both backends).
fn page_query<DB: Dialect>(table: &Table, after: Option<Vec<Value>>) -> QueryBuilder<'static, DB>
where
    for<'a> DB::Arguments<'a>: Default,
    i64: for<'a> Encode<'a, DB> + Type<DB>,
    Option<i64>: for<'a> Encode<'a, DB> + Type<DB>,
    String: for<'a> Encode<'a, DB> + Type<DB>,
    Option<String>: for<'a> Encode<'a, DB> + Type<DB>,
    bool: for<'a> Encode<'a, DB> + Type<DB>,
    Option<f64>: for<'a> Encode<'a, DB> + Type<DB>,
{
    let key: Vec<String> = table.columns[..table.key]
        .iter()
        .map(|(name, ty)| match ty {
            Ty::Text => format!("{name}{}", DB::BYTEWISE),
            _ => name.to_string(),
        })
        .collect();
    let key = key.join(", ");
    let mut query = QueryBuilder::new(format!(
        "SELECT {} FROM {} ",
        table.column_list(),
        table.name
    ));
    if let Some(after) = after {
        query.push(format!("WHERE ({key}) > ("));
        let mut values = query.separated(", ");
        for (value, &(_, ty)) in after.into_iter().zip(table.columns) {
            bind(&mut values, value, ty);
        }
        query.push(") ");
    }
    query.push(format!("ORDER BY {key} LIMIT {PAGE}"));
    query
}

/// Binds `value`, of a column of type `ty`.
fn bind<DB: Database>(values: &mut Separated<'_, 'static, DB, &'static str>, value: Value, ty: Ty)
where
    i64: for<'a> Encode<'a, DB> + Type<DB>,
    Option<i64>: for<'a> Encode<'a, DB> + Type<DB>,
    Option<String>: for<'a> Encode<'a, DB> + Type<DB>,
    String: for<'a> Encode<'a, DB> + Type<DB>,
    bool: for<'a> Encode<'a, DB> + Type<DB>,
    Option<f64>: for<'a> Encode<'a, DB> + Type<DB>,
{
    match value {
        Value::Int(n) => values.push_bind(n),
        // A NULL of its column's type: PostgreSQL gives each column of a multi-row VALUES one
        // type, which a NULL bound as another would contradict.
        Value::Null => match ty {
            Ty::TextOrNull => values.push_bind(None::<String>),
            Ty::RealOrNull => values.push_bind(None::<f64>),
            _ => values.push_bind(None::<i64>),
        },
        Value::Text(text) => values.push_bind(text),
        Value::Bool(b) => values.push_bind(b),
        Value::Real(bits) => values.push_bind(Some(f64::from_bits(bits))),
    };
}

fn decode<'r, R: Row>(row: &'r R, table: &Table) -> sqlx::Result<Vec<Value>>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    bool: Decode<'r, R::Database> + Type<R::Database>,
    f64: Decode<'r, R::Database> + Type<R::Database>,
{
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, ty))| {
            Ok(match ty {
                Ty::Int => Value::Int(row.try_get(i)?),
                Ty::IntOrNull => row
                    .try_get::<Option<i64>, _>(i)?
                    .map_or(Value::Null, Value::Int),
                Ty::Text => Value::Text(row.try_get(i)?),
                Ty::TextOrNull => row
                    .try_get::<Option<String>, _>(i)?
                    .map_or(Value::Null, Value::Text),
                Ty::Bool => Value::Bool(row.try_get(i)?),
                Ty::RealOrNull => row
                    .try_get::<Option<f64>, _>(i)?
                    .map_or(Value::Null, |x| Value::Real(x.to_bits())),
            })
        })
        .collect()
}
