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
//!
//! The module, by job: here the command ([`migrate_db`]), its errors and report, and each end of
//! it ([`End`]); `schema` the tables it copies, every column listed, and a column's value;
//! `copy` the copy and the comparison of the rows, a page at a time; `open_games` the check of
//! the open games of each kind; `tx` the transaction on either backend that reads and writes the
//! pages.

mod copy;
mod open_games;
mod schema;
mod tx;

use std::path::Path;
use std::str::FromStr;

use super::{redacted, BackendKind, Durability, Store, StoreError};
use crate::engine::GameKind;
use copy::{compare, copy};
pub use open_games::{OpenGames, OpenOf};
use schema::TABLES;
use tx::Tx;

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
/// checks the copy, the open games of each kind of `games` rebuilt on both sides. A target that is
/// not empty is refused, changed in nothing.
pub async fn migrate_db(
    from: &str,
    to: &str,
    games: &[&dyn OpenGames],
) -> Result<MigrateReport, MigrateError> {
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
        let stores = (&source_store, &target_store);
        let result = copy_and_check(&source, &target, stores, games).await;
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
    target: &End<'_>,
    (from, to): (&Store, &Store),
    games: &[&dyn OpenGames],
) -> Result<MigrateReport, MigrateError> {
    // The source's open games, rebuilt before anything is written: a log that does not rebuild
    // its game stops the migration with the target still empty.
    for game in games {
        game.rebuilds(source, from).await?;
    }
    let copied = copy(source, from, target, to).await?;
    let rows = compare(source, from, target, to).await?;
    if rows != copied {
        return Err(target.mismatch(format!("rows copied {copied:?}, rows found after {rows:?}")));
    }
    let mut open_games = Vec::new();
    for game in games {
        let n = game.same(source, from, target, to).await?;
        open_games.push((game.kind(), n));
    }
    Ok(MigrateReport { rows, open_games })
}
