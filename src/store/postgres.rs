//! The PostgreSQL backend: a database server that the processes of several machines share. Its
//! migrations are `migrations/postgres/`; sqlx runs them under an advisory lock, so processes
//! starting together migrate once.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use super::Result;

pub(super) type Db = sqlx::Postgres;

/// Whether the queries of many rows number their parameters (see `rows_sql`): PostgreSQL has no
/// anonymous ones.
const NUMBERED: bool = true;

// The same queries for both backends, compiled for each with its own `Db`.
#[allow(clippy::duplicate_mod)]
#[path = "queries.rs"]
mod queries;
pub(super) use queries::Queries;

#[allow(clippy::duplicate_mod)]
#[path = "versions.rs"]
mod versions;

/// Whether a table named `$1` exists: one row if it does ([`versions`]).
const TABLE_EXISTS: &str =
    "SELECT 1::BIGINT FROM pg_tables WHERE schemaname = current_schema() AND tablename = $1";

/// The migrations, embedded.
static MIGRATOR: sqlx::migrate::Migrator = sqlx_macros::migrate!("./migrations/postgres");

/// Whether `error` is a writer giving up waiting for another's lock: never here (the server
/// queues writers; SQLite's busy timeout has no twin).
fn is_busy(_error: &super::StoreError) -> bool {
    false
}

/// How long a query waits for a connection of the pool (or for the server, when it starts).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections to the server: the committer's, the reads of the tables, the periodic writes.
const CONNECTIONS: u32 = 8;

/// Refuses a database newer than this binary ([`versions::refuse_if_newer`]), migrates (under
/// sqlx's advisory lock: processes starting together migrate once), and notes this version.
async fn migrate(pool: &sqlx::PgPool) -> Result<()> {
    let mut conn = pool.acquire().await?;
    versions::refuse_if_newer(&mut conn, &MIGRATOR).await?;
    MIGRATOR.run(&mut *conn).await?;
    versions::note(&mut conn, versions::known(&MIGRATOR), super::now_ms()).await
}

/// Connects to the server a `postgres://` URL names and runs the migrations.
pub(super) async fn open_url(url: &str) -> Result<Queries> {
    let options = PgConnectOptions::from_str(url)?;
    // One connection first: a server that refuses or cannot be reached says why at once (the
    // pool would retry until its timeout and say only that it timed out).
    {
        use sqlx::Connection as _;
        let first = sqlx::PgConnection::connect_with(&options).await?;
        first.close().await?;
    }
    let pool = PgPoolOptions::new()
        .max_connections(CONNECTIONS)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_with(options)
        .await?;
    if let Err(e) = migrate(&pool).await {
        pool.close().await;
        return Err(e);
    }
    // Each commit is a transaction of the committer's (one at a time); the server lets the
    // other connections read and write meanwhile.
    let writer = pool.clone();
    Ok(Queries::new(pool, writer))
}
