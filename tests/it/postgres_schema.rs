//! The PostgreSQL schema (`migrations/postgres/`) on a real server: its migrations run, also from
//! several processes starting at once, it is the SQLite schema (`migrations/sqlite/`) table for
//! table and column for column, and it keeps one open game per channel as SQLite does.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use common::db::TABLES;
use common::postgres::server;
use sqlx::error::ErrorKind;
use sqlx::migrate::Migrator;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use sqlx::Row;

static POSTGRES: Migrator = sqlx_macros::migrate!("./migrations/postgres");
/// The store's own migrations (`Store::open` embeds the same directory).
static SQLITE: Migrator = sqlx_macros::migrate!("./migrations/sqlite");

/// `_sqlx_migrations`: each row's version, success and time of installation, in order.
async fn applied(pool: &PgPool) -> Vec<(i64, bool, String)> {
    sqlx::query_as(
        "SELECT version, success, installed_on::text FROM _sqlx_migrations ORDER BY version",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

/// The tables of the public schema but sqlx's own.
async fn pg_tables(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT table_name::text FROM information_schema.tables \
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' \
           AND table_name <> '_sqlx_migrations' \
         ORDER BY table_name",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

fn versions(migrator: &Migrator) -> Vec<i64> {
    migrator.iter().map(|m| m.version).collect()
}

#[tokio::test]
async fn the_migrations_run_on_a_fresh_database_and_a_second_run_applies_nothing() {
    let pool = PgPool::connect(&server().await.fresh_database().await)
        .await
        .unwrap();
    POSTGRES.run(&pool).await.unwrap();
    let first = applied(&pool).await;
    assert_eq!(
        first.iter().map(|m| m.0).collect::<Vec<_>>(),
        versions(&POSTGRES)
    );
    assert!(first.iter().all(|m| m.1), "{first:?}");
    assert_eq!(pg_tables(&pool).await, TABLES);

    // The migration creates its tables without IF NOT EXISTS: applying it again would fail, and
    // would write a new installation time.
    POSTGRES.run(&pool).await.unwrap();
    assert_eq!(applied(&pool).await, first);
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_processes_migrating_one_database_at_once_all_succeed_and_apply_it_once() {
    const STARTERS: usize = 4;
    // A few rounds: one round may happen to serialize by chance.
    for _ in 0..3 {
        let url = server().await.fresh_database().await;
        // Each its own connection, as separate processes have; all released together.
        let barrier = Arc::new(tokio::sync::Barrier::new(STARTERS));
        let starters: Vec<_> = (0..STARTERS)
            .map(|_| {
                let url = url.clone();
                let barrier = Arc::clone(&barrier);
                tokio::spawn(async move {
                    // A pool of one: its connection is open before the barrier.
                    let pool = PgPoolOptions::new()
                        .max_connections(1)
                        .connect(&url)
                        .await
                        .unwrap();
                    barrier.wait().await;
                    let result = POSTGRES.run(&pool).await;
                    pool.close().await;
                    result
                })
            })
            .collect();
        for (i, starter) in starters.into_iter().enumerate() {
            let result = starter.await.unwrap();
            assert!(result.is_ok(), "starter {i}: {result:?}");
        }

        let pool = PgPool::connect(&url).await.unwrap();
        let applied = applied(&pool).await;
        assert_eq!(
            applied.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(),
            versions(&POSTGRES)
                .into_iter()
                .map(|v| (v, true))
                .collect::<Vec<_>>()
        );
        assert_eq!(pg_tables(&pool).await, TABLES);
        pool.close().await;
    }
}

/// What must match between the two backends, per table.
#[derive(Debug, PartialEq, Eq)]
struct Table {
    columns: Vec<Column>,
    primary_key: Vec<String>,
    foreign_keys: BTreeSet<ForeignKey>,
    indexes: BTreeSet<Index>,
}

#[derive(Debug, PartialEq, Eq)]
struct Column {
    name: String,
    /// PostgreSQL's name of the type: SQLite's INTEGER is `bigint` (both 64-bit), but `boolean` if
    /// `CHECK (name IN (0, 1))` makes it one; TEXT is `text`; REAL is `double precision` (both
    /// IEEE 754 doubles); anything else as SQLite spells it.
    ty: String,
    not_null: bool,
    /// The default's SQL, without PostgreSQL's casts (`'en-US'::text`).
    default: Option<String>,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct ForeignKey {
    columns: Vec<String>,
    references: String,
    to: Vec<String>,
    on_delete: String,
}

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Index {
    /// The name of an index made by CREATE INDEX; empty for one backing a UNIQUE constraint
    /// (each backend names those its own way).
    name: String,
    columns: Vec<String>,
    unique: bool,
    /// A partial index (WHERE ...); its condition is spelled differently by each backend, so
    /// the behaviour of the one that matters is tested on its own.
    partial: bool,
}

async fn sqlite_schema(pool: &SqlitePool) -> BTreeMap<String, Table> {
    let names: Vec<(String, String)> = sqlx::query_as(
        r"SELECT name, sql FROM sqlite_master
          WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'
            AND name <> '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut schema = BTreeMap::new();
    for (table, sql) in names {
        let info = sqlx::query(
            r#"SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)
               ORDER BY cid"#,
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut primary_key: Vec<(i64, String)> = info
            .iter()
            .filter(|c| c.get::<i64, _>("pk") > 0)
            .map(|c| (c.get("pk"), c.get("name")))
            .collect();
        primary_key.sort();
        // INTEGER PRIMARY KEY is the rowid: never NULL, whatever table_info says.
        let rowid = match &primary_key[..] {
            [(_, name)] => info
                .iter()
                .any(|c| {
                    c.get::<String, _>("name") == *name && c.get::<String, _>("type") == "INTEGER"
                })
                .then(|| name.clone()),
            _ => None,
        };
        let columns = info
            .iter()
            .map(|c| {
                let name: String = c.get("name");
                let declared: String = c.get("type");
                let boolean = sql.contains(&format!("CHECK ({name} IN (0, 1))"));
                let ty = match declared.as_str() {
                    "INTEGER" if boolean => "boolean".to_string(),
                    "INTEGER" => "bigint".to_string(),
                    "TEXT" => "text".to_string(),
                    "REAL" => "double precision".to_string(),
                    other => other.to_string(),
                };
                Column {
                    not_null: c.get::<bool, _>("notnull") || rowid.as_ref() == Some(&name),
                    default: c.get("dflt_value"),
                    name,
                    ty,
                }
            })
            .collect();

        let fk_rows = sqlx::query(
            r#"SELECT id, "table", "from", "to", on_delete FROM pragma_foreign_key_list(?)
               ORDER BY id, seq"#,
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut foreign_keys: BTreeMap<i64, ForeignKey> = BTreeMap::new();
        for row in fk_rows {
            let fk = foreign_keys
                .entry(row.get("id"))
                .or_insert_with(|| ForeignKey {
                    columns: Vec::new(),
                    references: row.get("table"),
                    to: Vec::new(),
                    on_delete: row.get("on_delete"),
                });
            fk.columns.push(row.get("from"));
            fk.to.push(row.get("to"));
        }

        let index_rows = sqlx::query(
            "SELECT name, \"unique\", origin, partial FROM pragma_index_list(?) \
             WHERE origin <> 'pk'",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap();
        let mut indexes = BTreeSet::new();
        for row in index_rows {
            let name: String = row.get("name");
            let columns =
                sqlx::query_scalar("SELECT name FROM pragma_index_info(?) ORDER BY seqno")
                    .bind(&name)
                    .fetch_all(pool)
                    .await
                    .unwrap();
            indexes.insert(Index {
                name: if row.get::<String, _>("origin") == "c" {
                    name
                } else {
                    String::new()
                },
                columns,
                unique: row.get("unique"),
                partial: row.get("partial"),
            });
        }

        schema.insert(
            table,
            Table {
                columns,
                primary_key: primary_key.into_iter().map(|(_, name)| name).collect(),
                foreign_keys: foreign_keys.into_values().collect(),
                indexes,
            },
        );
    }
    schema
}

async fn postgres_schema(pool: &PgPool) -> BTreeMap<String, Table> {
    let mut schema = BTreeMap::new();
    for table in pg_tables(pool).await {
        let columns = sqlx::query(
            "SELECT column_name::text AS name, data_type::text AS ty, \
                    is_nullable = 'NO' AS not_null, column_default::text AS dflt \
             FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name = $1 \
             ORDER BY ordinal_position",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .map(|c| {
            let default: Option<String> = c.get("dflt");
            Column {
                name: c.get("name"),
                ty: c.get("ty"),
                not_null: c.get("not_null"),
                default: default.map(|d| {
                    d.trim_end_matches("::text")
                        .trim_end_matches("::bigint")
                        .to_string()
                }),
            }
        })
        .collect();

        let primary_key = sqlx::query_scalar(
            "SELECT kcu.column_name::text \
             FROM information_schema.table_constraints tc \
             JOIN information_schema.key_column_usage kcu \
               ON kcu.constraint_schema = tc.constraint_schema \
              AND kcu.constraint_name = tc.constraint_name \
             WHERE tc.table_schema = 'public' AND tc.table_name = $1 \
               AND tc.constraint_type = 'PRIMARY KEY' \
             ORDER BY kcu.ordinal_position",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap();

        // The columns of a constraint or index, by attribute number, in their order.
        let foreign_keys = sqlx::query(
            "SELECT ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) \
                          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n \
                          ORDER BY k.i) AS columns, \
                    r.relname::text AS references, \
                    ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) \
                          JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n \
                          ORDER BY k.i) AS to, \
                    CASE c.confdeltype WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT' \
                         WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' \
                         WHEN 'd' THEN 'SET DEFAULT' END AS on_delete \
             FROM pg_constraint c JOIN pg_class r ON r.oid = c.confrelid \
             WHERE c.contype = 'f' AND c.conrelid = ('public.' || quote_ident($1))::regclass",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .map(|row| ForeignKey {
            columns: row.get("columns"),
            references: row.get("references"),
            to: row.get("to"),
            on_delete: row.get("on_delete"),
        })
        .collect();

        let indexes = sqlx::query(
            "SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_constraint c \
                                      WHERE c.conindid = ix.indexrelid AND c.contype = 'u') \
                         THEN '' ELSE i.relname::text END AS name, \
                    ARRAY(SELECT a.attname::text \
                          FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(n, o) \
                          JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.n \
                          ORDER BY k.o) AS columns, \
                    ix.indisunique AS unique, ix.indpred IS NOT NULL AS partial \
             FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid \
             WHERE ix.indrelid = ('public.' || quote_ident($1))::regclass \
               AND NOT ix.indisprimary",
        )
        .bind(&table)
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .map(|row| Index {
            name: row.get("name"),
            columns: row.get("columns"),
            unique: row.get("unique"),
            partial: row.get("partial"),
        })
        .collect();

        schema.insert(
            table,
            Table {
                columns,
                primary_key,
                foreign_keys,
                indexes,
            },
        );
    }
    schema
}

#[tokio::test]
async fn the_postgres_schema_is_the_sqlite_schema() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = SqlitePool::connect_with(
        SqliteConnectOptions::new()
            .filename(dir.path().join("forgetit.db"))
            .create_if_missing(true),
    )
    .await
    .unwrap();
    SQLITE.run(&sqlite).await.unwrap();
    let postgres = PgPool::connect(&server().await.fresh_database().await)
        .await
        .unwrap();
    POSTGRES.run(&postgres).await.unwrap();

    let sqlite_schema = sqlite_schema(&sqlite).await;
    let postgres_schema = postgres_schema(&postgres).await;
    // The tables first, then table by table: the first difference is the one reported.
    assert_eq!(
        postgres_schema.keys().collect::<Vec<_>>(),
        sqlite_schema.keys().collect::<Vec<_>>(),
        "tables"
    );
    assert_eq!(sqlite_schema.keys().collect::<Vec<_>>(), TABLES);
    for (name, table) in &sqlite_schema {
        let pg = &postgres_schema[name];
        let names = |t: &Table| t.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(pg), names(table), "the columns of {name}, in order");
        assert_eq!(
            pg.primary_key, table.primary_key,
            "the primary key of {name}"
        );
        for (p, s) in pg.columns.iter().zip(&table.columns) {
            assert_eq!(p, s, "column {name}.{}", s.name);
        }
        assert_eq!(
            pg.foreign_keys, table.foreign_keys,
            "the foreign keys of {name}"
        );
        assert_eq!(pg.indexes, table.indexes, "the indexes of {name}");
    }
    assert_eq!(postgres_schema, sqlite_schema);
    sqlite.close().await;
    postgres.close().await;
}

/// A game row in `channel` with `status`: its id, or the database's refusal.
async fn insert_game(
    pool: &PgPool,
    channel: i64,
    kind: &str,
    status: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO games (guild_id, channel_id, kind, status, settings, version, created_ms, \
                            updated_ms) \
         VALUES (1, $1, $2, $3, '{}', 1, 0, 0) RETURNING id",
    )
    .bind(channel)
    .bind(kind)
    .bind(status)
    .fetch_one(pool)
    .await
}

fn assert_channel_busy(result: Result<i64, sqlx::Error>) {
    let error = result.expect_err("a second open game in the channel");
    let db = error.as_database_error().expect("a database error");
    assert_eq!(db.kind(), ErrorKind::UniqueViolation, "{error}");
    assert_eq!(
        db.constraint(),
        Some("games_one_open_per_channel"),
        "{error}"
    );
}

#[tokio::test]
async fn one_open_game_per_channel_whichever_kind() {
    let pool = PgPool::connect(&server().await.fresh_database().await)
        .await
        .unwrap();
    POSTGRES.run(&pool).await.unwrap();
    const CHANNEL: i64 = 10;

    let lobby = insert_game(&pool, CHANNEL, "for_get_it", "lobby")
        .await
        .unwrap();
    // Open means lobby or playing, of either game.
    assert_channel_busy(insert_game(&pool, CHANNEL, "get_dickey", "lobby").await);
    assert_channel_busy(insert_game(&pool, CHANNEL, "get_dickey", "playing").await);
    // Closed games beside it are fine, and so are open ones in other channels.
    let finished = insert_game(&pool, CHANNEL, "for_get_it", "finished")
        .await
        .unwrap();
    let cancelled = insert_game(&pool, CHANNEL, "get_dickey", "cancelled")
        .await
        .unwrap();
    let elsewhere = insert_game(&pool, CHANNEL + 1, "for_get_it", "playing")
        .await
        .unwrap();
    // Once the open game ends, the channel takes a new one.
    sqlx::query("UPDATE games SET status = 'finished' WHERE id = $1")
        .bind(lobby)
        .execute(&pool)
        .await
        .unwrap();
    let next = insert_game(&pool, CHANNEL, "get_dickey", "playing")
        .await
        .unwrap();
    assert_channel_busy(insert_game(&pool, CHANNEL, "for_get_it", "lobby").await);

    // Ids are assigned on insert, in order. Unlike SQLite's, a refused insert uses up its number
    // here: ids are unique and increasing, not gapless.
    let ids = [lobby, finished, cancelled, elsewhere, next];
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    pool.close().await;
}
