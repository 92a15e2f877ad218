//! The store's queries, written once for both backends: this file is compiled twice, as
//! `sqlite::queries` and `postgres::queries`, each with its own `Db` (`sqlx::Sqlite` or
//! `sqlx::Postgres`). So every query here is SQL that both read the same way: parameters are
//! `$1`, `$2`, ... (SQLite reads them as PostgreSQL does), integers are BIGINT/INTEGER (i64),
//! sums are cast back to BIGINT (PostgreSQL's SUM of BIGINT is NUMERIC), and no function is
//! one backend's own.

use serde::Serialize;
use sqlx::{FromRow, Pool, Row};

use super::Db;
use crate::engine::table::TableEvent;
use crate::engine::{GameKind, Player, Ranking, Scope, Status};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::ratings::Rating;
use crate::store::{
    chunks, key_of_text, key_text, now_ms, rebuilt, rows_sql, Board, CommitJob, CommitReply,
    DailyDeal, DailyEnd, Forgotten, GameRecord, GuildSettings, IdColumn, Job, LeaderboardPage,
    LimitReached, Loaded, Opening, Place, Placing, PlayerStats, RatedPlayer, Result, SeatResult,
    SeatRow, Seats, SettingsChange, StoreError, StoredGame, BATCH, GAME_COLUMNS, LOAD_CHUNK,
};

type Tx<'a> = sqlx::Transaction<'a, Db>;
type DbRow = <Db as sqlx::Database>::Row;

// The queries by job: each file an `impl Queries` block and the helpers it needs, and each
// compiled twice with this one (so named by `path`, from this file's folder).
#[path = "queries/boards.rs"]
mod boards;
#[path = "queries/commit.rs"]
mod commit;
#[path = "queries/daily.rs"]
mod daily;
#[path = "queries/games.rs"]
mod games;
#[path = "queries/load.rs"]
mod load;
#[path = "queries/privacy.rs"]
mod privacy;
#[path = "queries/settings.rs"]
mod settings;

use boards::{record_ratings, record_result, GLOBAL_RATINGS};
use commit::{run_commits, SHOWN_A_JOB};
use games::{player_key, player_of, write_seats};

/// The ids ([`crate::ids`]) are bound and read as the `BIGINT` columns that hold them
/// ([`IdColumn`]).
macro_rules! id_columns {
    ($($id:ty),*) => {$(
        impl sqlx::Type<Db> for $id {
            fn type_info() -> <Db as sqlx::Database>::TypeInfo {
                <i64 as sqlx::Type<Db>>::type_info()
            }

            fn compatible(ty: &<Db as sqlx::Database>::TypeInfo) -> bool {
                <i64 as sqlx::Type<Db>>::compatible(ty)
            }
        }

        impl<'q> sqlx::Encode<'q, Db> for $id {
            fn encode_by_ref(
                &self,
                buf: &mut <Db as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> std::result::Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <i64 as sqlx::Encode<'q, Db>>::encode(IdColumn::column(*self), buf)
            }
        }

        impl<'r> sqlx::Decode<'r, Db> for $id {
            fn decode(
                value: <Db as sqlx::Database>::ValueRef<'r>,
            ) -> std::result::Result<Self, sqlx::error::BoxDynError> {
                Ok(IdColumn::of_column(<i64 as sqlx::Decode<'r, Db>>::decode(value)?))
            }
        }
    )*};
}

id_columns!(GuildId, ChannelId, UserId, MessageId, GameId);

/// One backend's connections, and its committer.
#[derive(Clone, Debug)]
pub(in crate::store) struct Queries {
    /// Reads, a few at once.
    pub(in crate::store) pool: Pool<Db>,
    /// Writes: the committer's (commits, and [`Queries::set_messages`]) and a few others (for
    /// SQLite one connection, see `sqlite::open`).
    pub(in crate::store) writer: Pool<Db>,
    /// The committer's queue ([`run_commits`]).
    commits: tokio::sync::mpsc::UnboundedSender<(Job, CommitReply)>,
    /// Whether the open games are loaded on a connection of their own, closed after
    /// ([`Queries::load_open_in`]): not for a database in memory, which goes with its last
    /// connection.
    pub(in crate::store) load_apart: bool,
}

impl Queries {
    /// Queries over these pools, with their committer.
    pub(in crate::store) fn new(pool: Pool<Db>, writer: Pool<Db>) -> Queries {
        let (commits, jobs) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(run_commits(writer.clone(), jobs));
        Queries {
            pool,
            writer,
            commits,
            load_apart: true,
        }
    }

    pub(in crate::store) async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// A real write through the writer, committed: this version's `last_ms` in `app_versions`
    /// set to `now` (a full or read-only disk fails it where a read would not).
    pub(in crate::store) async fn probe_write(&self, now: i64) -> Result<()> {
        sqlx::query("UPDATE app_versions SET last_ms = $1 WHERE version = $2")
            .bind(now)
            .bind(super::versions::VERSION)
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn close(&self) {
        self.writer.close().await;
        self.pool.close().await;
    }
}
