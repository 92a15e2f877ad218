//! One test's database on either backend: a SQLite file, or a fresh database on the test binary's
//! PostgreSQL server ([`super::postgres`]). Tests of the store run each test on both (see
//! [`on_both_backends!`]); the e2e harness's [`super::World`] names its database with it.

use std::path::PathBuf;

use forgetit::store::{BackendKind, Durability, Store};

/// Every table of the schema, on both backends.
pub const TABLES: [&str; 14] = [
    "app_versions",
    "daily_deals",
    "daily_key",
    "daily_places",
    "events",
    "games",
    "guild_channels",
    "guild_removals",
    "guild_settings",
    "player_stats",
    "rating_history",
    "ratings",
    "results",
    "seats",
];

pub enum Db {
    Sqlite {
        /// The temp dir holding the file, when the database owns it.
        _dir: Option<tempfile::TempDir>,
        path: PathBuf,
    },
    Postgres {
        url: String,
    },
}

impl Db {
    /// A SQLite file of its own in a temp dir, created when first opened.
    pub fn sqlite() -> Db {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("forgetit.db");
        Db::Sqlite {
            _dir: Some(dir),
            path,
        }
    }

    /// A new, empty database on the test binary's PostgreSQL server.
    pub async fn postgres() -> Db {
        let url = super::postgres::server().await.fresh_database().await;
        Db::Postgres { url }
    }

    pub fn backend(&self) -> BackendKind {
        match self {
            Db::Sqlite { .. } => BackendKind::Sqlite,
            Db::Postgres { .. } => BackendKind::Postgres,
        }
    }

    /// Opens the database (again) as the bot does, running the migrations.
    pub async fn open(&self) -> Store {
        let store = match self {
            Db::Sqlite { path, .. } => Store::open(path).await.unwrap(),
            Db::Postgres { url } => Store::open_url(url, Durability::default()).await.unwrap(),
        };
        assert_eq!(store.backend(), self.backend());
        store
    }

    /// Runs `sql` on the database beside the store (for what only time would do, or an older
    /// version of the bot).
    /// Applies the migrations older than `version` alone, as a bot of before it left the
    /// database.
    pub async fn migrate_before(&self, version: i64) {
        let older = |mut migrator: sqlx::migrate::Migrator| {
            let kept = migrator.iter().filter(|m| m.version < version).cloned();
            migrator.migrations = std::borrow::Cow::Owned(kept.collect());
            migrator
        };
        match self {
            Db::Sqlite { path, .. } => {
                let options = sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(path)
                    .create_if_missing(true);
                let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
                let migrator = older(sqlx_macros::migrate!("./migrations/sqlite"));
                migrator.run(&pool).await.unwrap();
                pool.close().await;
            }
            Db::Postgres { url } => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let migrator = older(sqlx_macros::migrate!("./migrations/postgres"));
                migrator.run(&pool).await.unwrap();
                pool.close().await;
            }
        }
    }

    pub async fn execute(&self, sql: &str) {
        match self {
            Db::Sqlite { path, .. } => {
                let url = format!("sqlite://{}", path.display());
                let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
                sqlx::query(sql).execute(&pool).await.unwrap();
                pool.close().await;
            }
            Db::Postgres { url } => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                sqlx::query(sql).execute(&pool).await.unwrap();
                pool.close().await;
            }
        }
    }

    /// How many rows `table` holds.
    pub async fn count(&self, table: &str) -> i64 {
        let sql = format!("SELECT COUNT(*) FROM {table}");
        match self {
            Db::Sqlite { path, .. } => {
                let url = format!("sqlite://{}", path.display());
                let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
                let n: i64 = sqlx::query_scalar(&sql).fetch_one(&pool).await.unwrap();
                pool.close().await;
                n
            }
            Db::Postgres { url } => {
                let pool = sqlx::PgPool::connect(url).await.unwrap();
                let n: i64 = sqlx::query_scalar(&sql).fetch_one(&pool).await.unwrap();
                pool.close().await;
                n
            }
        }
    }

    /// The tables of the schema, and every `(table, column, row)` whose value, as text, contains
    /// `needle`: every column of every table (read from the database's own catalogue), whatever
    /// its type.
    pub async fn everywhere(&self, needle: &str) -> (Vec<String>, Vec<(String, String, String)>) {
        macro_rules! scan {
            ($pool:expr, $columns:expr) => {{
                let pool = $pool;
                let columns: Vec<(String, String)> =
                    sqlx::query_as($columns).fetch_all(&pool).await.unwrap();
                let mut found = Vec::new();
                for (table, column) in &columns {
                    let sql = format!(
                        "SELECT CAST({column} AS TEXT) FROM {table} \
                         WHERE CAST({column} AS TEXT) LIKE $1"
                    );
                    let hits: Vec<String> = sqlx::query_scalar(&sql)
                        .bind(format!("%{needle}%"))
                        .fetch_all(&pool)
                        .await
                        .unwrap();
                    found.extend(hits.into_iter().map(|h| (table.clone(), column.clone(), h)));
                }
                pool.close().await;
                let mut tables: Vec<String> = columns.into_iter().map(|(t, _)| t).collect();
                tables.dedup();
                (tables, found)
            }};
        }
        match self {
            Db::Sqlite { path, .. } => scan!(
                sqlx::SqlitePool::connect(&format!("sqlite://{}?mode=ro", path.display()))
                    .await
                    .unwrap(),
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
                 AND m.name <> '_sqlx_migrations' ORDER BY m.name, p.cid"
            ),
            Db::Postgres { url } => scan!(
                sqlx::PgPool::connect(url).await.unwrap(),
                "SELECT CAST(table_name AS TEXT), CAST(column_name AS TEXT) \
                 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations' \
                 ORDER BY table_name, ordinal_position"
            ),
        }
    }
}

/// Each test named, once on each backend: `sqlite::name` and `postgres::name`, each calling
/// `name(db)` with the file's `Db` in scope; `name(flavor = ...)` sets the tokio test's flavor.
#[allow(unused_macros)] // the files that test the store use it, the others not
macro_rules! on_both_backends {
    ($($name:ident $(($($flavor:tt)*))?),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test$(($($flavor)*))?]
                async fn $name() {
                    super::$name(super::Db::sqlite()).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test$(($($flavor)*))?]
                async fn $name() {
                    super::$name(super::Db::postgres().await).await
                }
            )*
        }
    };
}
#[allow(unused_imports)]
pub(crate) use on_both_backends;
