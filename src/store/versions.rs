//! Which versions of forgetit a database has run (`app_versions`), and the refusal of a binary
//! older than its database. Compiled once per backend, like `queries.rs` (`Db` is the
//! backend's): the SQL is the same for both.
//!
//! sqlx refuses a database holding a migration its binary does not know (`VersionMissing`), the
//! case of every rollback to an older binary: before migrating, the store reads the newest
//! migration applied and the version of forgetit that applied it, and refuses with
//! [`StoreError::Newer`] (one line, what to do, an exit status of its own), without retrying.

use sqlx::migrate::Migrator;

use super::Db;
use crate::store::{NewerDatabase, Result, StoreError};

type Conn = <Db as sqlx::Database>::Connection;

/// This binary's version, as `app_versions` records it.
pub(super) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The newest migration `migrator` knows.
pub(super) fn known(migrator: &Migrator) -> i64 {
    migrator.iter().map(|m| m.version).max().unwrap_or(0)
}

/// Whether the database has a table `name` (through the backend's catalog query, `$1` the name).
async fn has_table(conn: &mut Conn, name: &str) -> Result<bool> {
    let found: Option<i64> = sqlx::query_scalar(super::TABLE_EXISTS)
        .bind(name)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(found.is_some())
}

/// The migrations applied to the database, oldest first (none for a new database).
#[allow(dead_code)] // SQLite's copy before migrating; PostgreSQL is backed up with pg_dump.
pub(super) async fn applied(conn: &mut Conn) -> Result<Vec<i64>> {
    if !has_table(conn, "_sqlx_migrations").await? {
        return Ok(Vec::new());
    }
    let versions = sqlx::query_scalar("SELECT version FROM _sqlx_migrations ORDER BY version")
        .fetch_all(&mut *conn)
        .await?;
    Ok(versions)
}

/// [`StoreError::Newer`] if the database holds a migration newer than any `migrator` knows.
pub(super) async fn refuse_if_newer(conn: &mut Conn, migrator: &Migrator) -> Result<()> {
    let known = known(migrator);
    if !has_table(conn, "_sqlx_migrations").await? {
        return Ok(());
    }
    let newest: Option<(i64, String)> = sqlx::query_as(
        "SELECT version, description FROM _sqlx_migrations WHERE version > $1 \
         ORDER BY version DESC LIMIT 1",
    )
    .bind(known)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((migration, description)) = newest else {
        return Ok(());
    };
    // Only a version that ran the database at that migration (or later) can have applied it:
    // none noted (a version before the notes, or a note lost), none named.
    let written_by = if has_table(conn, "app_versions").await? {
        sqlx::query_scalar(
            "SELECT version FROM app_versions WHERE migration >= $1 \
             ORDER BY migration DESC, last_ms DESC LIMIT 1",
        )
        .bind(migration)
        .fetch_optional(&mut *conn)
        .await?
    } else {
        None
    };
    Err(StoreError::Newer(NewerDatabase {
        migration,
        description,
        written_by,
        known,
        this: VERSION.to_string(),
    }))
}

/// Notes that this version of forgetit runs on the database (migrated to `migration`), at `now`.
pub(super) async fn note(conn: &mut Conn, migration: i64, now: i64) -> Result<()> {
    sqlx::query(
        "INSERT INTO app_versions (version, migration, first_ms, last_ms) VALUES ($1, $2, $3, $3) \
         ON CONFLICT (version) DO UPDATE SET migration = excluded.migration, \
         last_ms = excluded.last_ms",
    )
    .bind(VERSION)
    .bind(migration)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
