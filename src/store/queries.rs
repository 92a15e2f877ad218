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
    chunks, now_ms, rebuilt, rows_sql, Board, CommitJob, CommitReply, Forgotten, GameRecord,
    GuildSettings, IdColumn, Job, LeaderboardPage, LimitReached, Loaded, Opening, Place, Placing,
    PlayerStats, RatedPlayer, Result, SeatResult, SeatRow, Seats, SettingsChange, StoreError,
    StoredGame, BATCH, GAME_COLUMNS, LOAD_CHUNK,
};

type Tx<'a> = sqlx::Transaction<'a, Db>;
type DbRow = <Db as sqlx::Database>::Row;

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

/// Writes the commits of every table (and the messages that show their games), as many as are
/// waiting in one transaction (group commit): a busy bot pays BEGIN and COMMIT once for many
/// actions.
async fn run_commits(
    writer: Pool<Db>,
    mut jobs: tokio::sync::mpsc::UnboundedReceiver<(Job, CommitReply)>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        let written = write_batch(&writer, &batch).await;
        // Another writer held the lock past the busy timeout: what queued meanwhile has waited
        // as long, and would wait as long again; it fails with the batch (each person is told at
        // once that it could not be saved), rather than one batch after another.
        if written.as_ref().is_err_and(super::is_busy) {
            while let Ok(job) = jobs.try_recv() {
                batch.push(job);
            }
        }
        if let Ok(applied) = &written {
            let commits = batch.iter().zip(applied);
            let commits =
                commits.filter(|((job, _), &applied)| applied && matches!(job, Job::Commit(_)));
            crate::telemetry::committed(batch.len(), commits.count());
        }
        for (i, (_, reply)) in batch.drain(..).enumerate() {
            let _ = reply.send(match &written {
                Ok(applied) => Ok(applied[i]),
                Err(e) => Err(e.to_string()),
            });
        }
    }
}

/// Writes `batch` in one transaction: whether each job was applied, in order.
async fn write_batch(writer: &Pool<Db>, batch: &[(Job, CommitReply)]) -> Result<Vec<bool>> {
    let now = now_ms();
    let mut tx = writer.begin().await?;
    let commits: Vec<&CommitJob> = batch
        .iter()
        .filter_map(|(job, _)| match job {
            Job::Commit(commit) => Some(commit),
            Job::Messages { .. } | Job::Shown(_) => None,
        })
        .collect();
    // One answer a commit, in order (`write_rows` answers each row of its runs).
    let applied = write_commits(&mut tx, now, &commits).await?;
    debug_assert_eq!(applied.len(), commits.len(), "an answer for each commit");
    let mut applied = applied.into_iter();
    let mut all = Vec::with_capacity(batch.len());
    for (job, _) in batch {
        all.push(match job {
            Job::Commit(_) => applied.next().unwrap_or(false),
            Job::Messages {
                game_id,
                lobby_message_id,
                turn_message_id,
            } => {
                write_messages(&mut tx, now, *game_id, *lobby_message_id, *turn_message_id).await?
            }
            Job::Shown(shown) => {
                write_shown(&mut tx, shown).await?;
                true
            }
        });
    }
    tx.commit().await?;
    Ok(all)
}

/// Writes which messages show game `game_id`; false if no such game is stored.
async fn write_messages(
    tx: &mut Tx<'_>,
    now: i64,
    game_id: GameId,
    lobby_message_id: Option<MessageId>,
    turn_message_id: Option<MessageId>,
) -> Result<bool> {
    let done = sqlx::query(
        "UPDATE games SET lobby_message_id = $1, turn_message_id = $2, updated_ms = $3 \
         WHERE id = $4",
    )
    .bind(lobby_message_id)
    .bind(turn_message_id)
    .bind(now)
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Writes `commits` in `tx`: whether each was applied.
async fn write_commits(tx: &mut Tx<'_>, now: i64, commits: &[&CommitJob]) -> Result<Vec<bool>> {
    let mut applied = Vec::with_capacity(commits.len());
    let mut rest = commits;
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
                    && job.placings.is_empty()
                    && games.insert(job.game_id)
            })
            .count();
        let (run, tail) = rest.split_at(plain.max(1));
        rest = tail;
        for chunk in chunks(run) {
            applied.extend(write_rows(tx, now, chunk).await?);
        }
        let job = run[0];
        if plain == 0 && applied.last() == Some(&true) {
            if let Seats::All(seats) = &job.seats {
                write_seats(tx, job.game_id, seats).await?;
            }
            if !job.results.is_empty() || !job.placings.is_empty() {
                let guild_id: GuildId =
                    sqlx::query_scalar("SELECT guild_id FROM games WHERE id = $1")
                        .bind(job.game_id)
                        .fetch_one(&mut **tx)
                        .await?;
                for result in &job.results {
                    record_result(tx, job.game_id, guild_id, job.kind, result, now).await?;
                }
                for scope in [guild_id, GLOBAL_RATINGS] {
                    record_ratings(tx, scope, job.kind, job.game_id, &job.placings, now).await?;
                }
            }
        }
    }
    Ok(applied)
}

/// Runs the query [`rows_sql`] builds from `sql` for each run of `rows` ([`chunks`]), each row's
/// values bound by `bind`.
/// The games a [`Job::Shown`] writes at most (one statement).
const SHOWN_A_JOB: usize = 64;

/// Writes the versions games' messages show, for the games still open.
async fn write_shown(tx: &mut Tx<'_>, shown: &[(GameId, u64)]) -> Result<()> {
    static UPDATES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    execute_rows(
        tx,
        &UPDATES,
        [
            "WITH s (id, version) AS (VALUES ",
            "(?, ?)",
            ") UPDATE games SET shown_version = s.version FROM s \
             WHERE games.id = s.id AND games.status IN ('lobby', 'playing')",
        ],
        shown,
        |query, (id, version)| query.bind(*id).bind(*version as i64),
    )
    .await
}

async fn execute_rows<T>(
    tx: &mut Tx<'_>,
    cache: &'static std::sync::OnceLock<Vec<String>>,
    sql: [&str; 3],
    rows: &[T],
    bind: impl for<'q> Fn(
        sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>,
        &'q T,
    ) -> sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>,
) -> Result<()> {
    for chunk in chunks(rows) {
        let mut query = sqlx::query(rows_sql(cache, chunk.len(), sql, super::NUMBERED));
        for row in chunk {
            query = bind(query, row);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(())
}

/// Writes the game rows of `jobs` (distinct games), each guarded by the version before it, and
/// the events of those updated; whether each was applied (a game not at that version, or over,
/// is refused: nothing of it written). Its queries answer with a count, not rows: SQLite's thread
/// sends each row on its own, and the task reading them would be woken for each.
async fn write_rows(tx: &mut Tx<'_>, now: i64, jobs: &[&CommitJob]) -> Result<Vec<bool>> {
    static UPDATES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static UPDATED: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static INSERTS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    static SCORES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let update = rows_sql(
        &UPDATES,
        jobs.len(),
        [
            "WITH v (id, prev, status, version, deadline_ms, finished, new_turn) AS (VALUES ",
            "(?, ?, ?, ?, ?, ?, ?)",
            ") UPDATE games SET status = v.status, version = v.version, \
             deadline_ms = v.deadline_ms, updated_ms = ?, \
             finished_ms = CASE WHEN v.finished THEN ? ELSE games.finished_ms END, \
             turn_message_id = CASE WHEN v.new_turn THEN NULL ELSE games.turn_message_id END \
             FROM v WHERE games.id = v.id AND games.version = v.prev \
             AND games.status IN ('lobby', 'playing')",
        ],
        super::NUMBERED,
    );
    let mut query = sqlx::query(update);
    for job in jobs {
        query = query
            .bind(job.game_id)
            .bind(job.version.saturating_sub(1) as i64)
            .bind(job.status.as_str())
            .bind(job.version as i64)
            .bind(job.deadline_ms)
            .bind(matches!(job.status, Status::Finished | Status::Cancelled))
            .bind(job.new_turn);
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
                ") SELECT v.id FROM v \
                 JOIN games g ON g.id = v.id AND g.version = v.version \
                 WHERE NOT EXISTS \
                 (SELECT 1 FROM events e WHERE e.game_id = v.id AND e.seq = v.version)",
            ],
            super::NUMBERED,
        );
        let mut query = sqlx::query_scalar::<_, GameId>(which);
        for job in jobs {
            query = query.bind(job.game_id).bind(job.version as i64);
        }
        let ids: Vec<GameId> = query.fetch_all(&mut **tx).await?;
        jobs.iter().map(|job| ids.contains(&job.game_id)).collect()
    };
    let events: Vec<&CommitJob> = jobs
        .iter()
        .zip(&applied)
        .filter_map(|(job, &applied)| applied.then_some(*job))
        .collect();
    execute_rows(
        tx,
        &INSERTS,
        [
            "INSERT INTO events (game_id, seq, event, created_ms) VALUES ",
            "(?, ?, ?, ?)",
            "",
        ],
        &events,
        |query, job| {
            query
                .bind(job.game_id)
                .bind(job.version as i64)
                .bind(job.event.as_str())
                .bind(now)
        },
    )
    .await?;
    let scores: Vec<(GameId, &(i64, SeatRow))> = events
        .iter()
        .flat_map(|job| match &job.seats {
            Seats::Scores(scores) => scores.iter().map(|score| (job.game_id, score)).collect(),
            _ => Vec::new(),
        })
        .collect();
    execute_rows(
        tx,
        &SCORES,
        [
            "WITH s (game_id, position, total, playing) AS (VALUES ",
            "(?, ?, ?, ?)",
            ") UPDATE seats SET total = s.total, playing = s.playing FROM s \
             WHERE seats.game_id = s.game_id AND seats.position = s.position",
        ],
        &scores,
        |query, (game_id, (position, seat))| {
            query
                .bind(*game_id)
                .bind(*position)
                .bind(i64::from(seat.total))
                .bind(seat.playing)
        },
    )
    .await?;
    Ok(applied)
}

/// The open games of kind `G` whose guild `keep` accepts, rebuilt from their event logs, read
/// on `conn`: their rows, then their logs [`LOAD_CHUNK`] games a query.
async fn load_open_on<G: StoredGame>(
    conn: &mut <Db as sqlx::Database>::Connection,
    keep: impl Fn(GuildId) -> bool,
) -> Result<Vec<Loaded<G>>> {
    let rows: Vec<(GameId, GameRecord)> = sqlx::query(&format!(
        "SELECT id, {GAME_COLUMNS} FROM games \
         WHERE kind = $1 AND status IN ('lobby', 'playing') ORDER BY id"
    ))
    .bind(G::KIND.as_str())
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|row| Ok((row.try_get("id")?, GameRecord::from_row(row)?)))
    .collect::<std::result::Result<_, sqlx::Error>>()?;
    let rows: Vec<_> = rows
        .into_iter()
        .filter(|(_, row)| keep(row.place().shard_guild()))
        .collect();
    let mut games = Vec::with_capacity(rows.len());
    for chunk in rows.chunks(LOAD_CHUNK) {
        let ids: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT game_id, event FROM events WHERE game_id IN ({}) ORDER BY game_id, seq",
            ids.join(", ")
        );
        let mut query = sqlx::query_as::<_, (GameId, String)>(&sql);
        for (id, _) in chunk {
            query = query.bind(id);
        }
        let events = query.fetch_all(&mut *conn).await?;
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

    pub(in crate::store) async fn create_game_in<G: StoredGame>(
        &self,
        place: Place,
        game: &G,
        created: &G::Event,
        opening: &Opening,
    ) -> Result<GameId> {
        let Opening {
            lang,
            clocks,
            rematch_of,
            limits,
        } = *opening;
        let now = now_ms();
        let mut tx = self.writer.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO games (guild_id, channel_id, kind, status, settings, version, \
             created_ms, updated_ms, lang, turn_timeout_ms, bot_pace_ms, rematch_of, reach) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12) RETURNING id",
        )
        .bind(place.guild_id)
        .bind(place.channel_id)
        .bind(G::KIND.as_str())
        .bind(game.status().as_str())
        .bind(game.settings().to_string())
        .bind(game.version() as i64)
        .bind(now)
        .bind(lang.code())
        .bind(clocks.turn_timeout_ms.map(|ms| ms as i64))
        .bind(clocks.bot_pace_ms.map(|ms| ms as i64))
        .bind(rematch_of)
        .bind(place.reach.code())
        .fetch_one(&mut *tx)
        .await;
        let id: GameId = match inserted {
            Ok(row) => row.try_get("id")?,
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                drop(tx);
                let game_id = self
                    .open_game_in(place.channel_id)
                    .await?
                    .map_or(GameId::new(0), |(id, _)| id);
                return Err(StoreError::ChannelBusy { game_id });
            }
            Err(e) => return Err(e.into()),
        };
        insert_event(&mut tx, id, game.version(), created, now).await?;
        write_seats(&mut tx, id, &game.seat_rows()).await?;
        if let Some(limits) = limits {
            // In the transaction that stores the game, once it is written (its write lock taken
            // first: a read that became a write would not wait for another process's lock):
            // SQLite's one writer sees every game stored before it, and this one. The asker's
            // own limit first: theirs to act on. Over a limit, nothing is stored.
            let hosted: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM games g JOIN seats s ON s.game_id = g.id AND s.position = 0 \
                 WHERE g.guild_id = $1 AND g.status = 'lobby' \
                 AND s.player_kind = 'person' AND s.player_id = $2",
            )
            .bind(place.guild_id)
            .bind(limits.host)
            .fetch_one(&mut *tx)
            .await?;
            if hosted > i64::from(limits.lobbies_per_person) {
                return Err(StoreError::Limit(LimitReached::Lobbies(
                    limits.lobbies_per_person,
                )));
            }
            let open: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status IN ('lobby', 'playing')",
            )
            .bind(place.guild_id)
            .fetch_one(&mut *tx)
            .await?;
            if open > i64::from(limits.tables_per_server) {
                return Err(StoreError::Limit(LimitReached::Tables(
                    limits.tables_per_server,
                )));
            }
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Hands `job` to the committer and waits until it is written (`true`) or refused (`false`).
    pub(in crate::store) async fn write(&self, job: Job) -> Result<bool> {
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

    pub(in crate::store) async fn set_messages(
        &self,
        game_id: GameId,
        lobby_message_id: Option<MessageId>,
        turn_message_id: Option<MessageId>,
    ) -> Result<()> {
        let job = Job::Messages {
            game_id,
            lobby_message_id,
            turn_message_id,
        };
        match self.write(job).await? {
            true => Ok(()),
            false => Err(StoreError::NotFound(game_id)),
        }
    }

    pub(in crate::store) async fn move_to_thread(
        &self,
        game_id: GameId,
        thread: ChannelId,
        lobby_channel: ChannelId,
    ) -> Result<()> {
        let moved = sqlx::query(
            "UPDATE games SET channel_id = $2, lobby_channel_id = $3, updated_ms = $4 \
             WHERE id = $1 AND finished_ms IS NULL",
        )
        .bind(game_id)
        .bind(thread)
        .bind(lobby_channel)
        .bind(now_ms())
        .execute(&self.writer)
        .await?;
        match moved.rows_affected() {
            0 => Err(StoreError::NotFound(game_id)),
            _ => Ok(()),
        }
    }

    pub(in crate::store) async fn move_from_thread(
        &self,
        game_id: GameId,
        thread: ChannelId,
    ) -> Result<ChannelId> {
        // Back to the channel of its lobby message, where no game of the thread is shown yet:
        // its turn message is posted anew there (and shown again after a restart).
        let moved = sqlx::query(
            "UPDATE games SET channel_id = lobby_channel_id, lobby_channel_id = NULL, \
             turn_message_id = NULL, shown_version = NULL, updated_ms = $3 \
             WHERE id = $1 AND channel_id = $2 AND lobby_channel_id IS NOT NULL \
             AND finished_ms IS NULL RETURNING channel_id",
        )
        .bind(game_id)
        .bind(thread)
        .bind(now_ms())
        .fetch_optional(&self.writer)
        .await;
        match moved {
            Ok(Some(row)) => Ok(row.try_get("channel_id")?),
            Ok(None) => Err(StoreError::NotFound(game_id)),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                let lobby_channel: Option<ChannelId> =
                    sqlx::query_scalar("SELECT lobby_channel_id FROM games WHERE id = $1")
                        .bind(game_id)
                        .fetch_one(&self.pool)
                        .await?;
                let busy = match lobby_channel {
                    Some(channel) => self.open_game_in(channel).await?,
                    None => None,
                };
                Err(StoreError::ChannelBusy {
                    game_id: busy.map_or(GameId::new(0), |(id, _)| id),
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    pub(in crate::store) async fn open_game_in(
        &self,
        channel_id: ChannelId,
    ) -> Result<Option<(GameId, GameKind)>> {
        let row: Option<(GameId, String)> = sqlx::query_as(
            "SELECT id, kind FROM games WHERE channel_id = $1 AND status IN ('lobby', 'playing')",
        )
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.and_then(|(id, kind)| GameKind::parse(&kind).map(|kind| (id, kind))))
    }

    pub(in crate::store) async fn load_open_in<G: StoredGame>(
        &self,
        keep: impl Fn(GuildId) -> bool,
    ) -> Result<Vec<Loaded<G>>> {
        use sqlx::Connection as _;
        if !self.load_apart {
            let mut conn = self.pool.acquire().await?;
            return load_open_on::<G>(&mut conn, keep).await;
        }
        // On a connection of its own, closed once done. A SQLite connection makes the rows it
        // reads on its own thread, and they are freed on ours: mimalloc (the bot's allocator)
        // gives such memory back to the thread that made it only when that thread allocates
        // again, and a pooled reader may stay idle for hours after a restart. Read on the pool,
        // every open game's rows and logs stayed in the readers' heaps (122 MB after a restart
        // with 10,000 open games against 91 MB live); a thread that ends gives it all back.
        let mut conn = self.pool.acquire().await?.detach();
        let loaded = load_open_on::<G>(&mut conn, keep).await;
        let _ = conn.close().await;
        loaded
    }

    pub(in crate::store) async fn load<G: StoredGame>(&self, game_id: GameId) -> Result<Loaded<G>> {
        let row: GameRecord = sqlx::query_as(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id = $1 AND kind = $2"
        ))
        .bind(game_id)
        .bind(G::KIND.as_str())
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound(game_id))?;
        let events = self.events::<G>(game_id).await?;
        rebuilt(game_id, &row, &events)
    }

    pub(in crate::store) async fn events<G: StoredGame>(
        &self,
        game_id: GameId,
    ) -> Result<Vec<G::Event>> {
        let rows: Vec<String> =
            sqlx::query_scalar("SELECT event FROM events WHERE game_id = $1 ORDER BY seq")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|json| serde_json::from_str(json).map_err(StoreError::from))
            .collect()
    }

    pub(in crate::store) async fn forget_shown(&self) -> Result<()> {
        sqlx::query("UPDATE games SET shown_version = NULL WHERE shown_version IS NOT NULL")
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    pub(in crate::store) async fn set_shown(&self, shown: &[(GameId, u64)]) -> Result<()> {
        // A job a statement, one after the other: each goes in one batch of the committer's,
        // with the commits of that moment, which wait for one statement at most (queued at once,
        // a thousand games' sixteen statements would land in one batch, and its clicks wait for
        // them all).
        for chunk in shown.chunks(SHOWN_A_JOB) {
            self.write(Job::Shown(chunk.to_vec())).await?;
        }
        Ok(())
    }

    pub(in crate::store) async fn seats(&self, game_id: GameId) -> Result<Vec<SeatRow>> {
        let rows: Vec<(String, i64, String, i64, bool)> = sqlx::query_as(
            "SELECT player_kind, player_id, name, total, playing FROM seats \
             WHERE game_id = $1 ORDER BY position",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(kind, id, name, total, playing)| SeatRow {
                player: player_of(&kind, id),
                name,
                total: total as u32,
                playing,
            })
            .collect())
    }

    pub(in crate::store) async fn leaderboard(
        &self,
        board: Board,
        page: u32,
        per_page: u32,
        now: i64,
    ) -> Result<LeaderboardPage> {
        let Board {
            kind,
            scope,
            by,
            period,
        } = board;
        let per_page = per_page.max(1);
        let guild = scope_guild(scope);
        // All time: the lifetime sums; a period: the results of the games finished in it.
        let (table, stats, since) = match period.span_ms() {
            None => ("player_stats", STATS_SELECT, None),
            Some(span) => ("results", PERIOD_SELECT, Some(now - span)),
        };
        let count = format!(
            "SELECT COUNT(DISTINCT user_id) FROM {table} \
             WHERE kind = $1 AND ($2 IS NULL OR guild_id = $2) {}",
            match since {
                Some(_) => "AND finished_ms >= $3",
                None => "",
            }
        );
        let mut count = sqlx::query_scalar(&count).bind(kind.as_str()).bind(guild);
        if let Some(since) = since {
            count = count.bind(since);
        }
        let players: i64 = count.fetch_one(&self.pool).await?;
        let pages = (players as u32).div_ceil(per_page).max(1);
        let page = page.clamp(1, pages);
        let order = match by {
            Ranking::Wins => "wins DESC, points DESC",
            Ranking::Points => "points DESC, wins DESC",
            Ranking::Best => "best DESC, wins DESC",
            // Ratings have a board of their own (`rating_board`); statistics rank by wins.
            Ranking::Rating => "wins DESC, points DESC",
        };
        // Players equal on both ranking keys share a rank (1, 2, 2, 4), also across pages.
        let sql = format!(
            "SELECT *, RANK() OVER (ORDER BY {order}) AS rank FROM ({stats}) s \
             ORDER BY {order}, s.user_id LIMIT $3 OFFSET $4"
        );
        let offset = u64::from(page - 1) * u64::from(per_page);
        let mut rows = sqlx::query(&sql)
            .bind(guild)
            .bind(kind.as_str())
            .bind(i64::from(per_page))
            .bind(offset as i64);
        if let Some(since) = since {
            rows = rows.bind(since);
        }
        let rows = rows.fetch_all(&self.pool).await?;
        Ok(LeaderboardPage {
            rows: rows
                .iter()
                .map(|row| Ok((row.try_get::<i64, _>("rank")? as u64, stats_of(row)?)))
                .collect::<Result<_>>()?,
            page,
            pages,
            players: players as u64,
        })
    }

    pub(in crate::store) async fn player_stats(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
    ) -> Result<Option<PlayerStats>> {
        let guild = scope_guild(scope);
        let sql = format!("{STATS_SELECT} HAVING s.user_id = $3");
        let row = sqlx::query(&sql)
            .bind(guild)
            .bind(kind.as_str())
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(stats_of).transpose()
    }

    /// Writes the results of the finished games of kind `G` that have none yet (games finished
    /// before results were kept), each rebuilt from its event log, with its finish time; how
    /// many games. Games without people (bots only) have no results, and are skipped.
    pub(in crate::store) async fn backfill_results<G: StoredGame>(&self) -> Result<usize> {
        let missing: Vec<(GameId, GuildId, Option<i64>, i64)> = sqlx::query_as(
            "SELECT g.id, g.guild_id, g.finished_ms, g.updated_ms FROM games g \
             WHERE g.kind = $1 AND g.status = 'finished' AND g.log_pruned_ms IS NULL \
             AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) \
             AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id \
                         AND s.player_kind = 'person') \
             ORDER BY g.id",
        )
        .bind(G::KIND.as_str())
        .fetch_all(&self.pool)
        .await?;
        for chunk in missing.chunks(LOAD_CHUNK) {
            let mut tx = self.writer.begin().await?;
            for &(game_id, guild_id, finished_ms, updated_ms) in chunk {
                let game = G::replay(&self.events::<G>(game_id).await?)
                    .map_err(|reason| StoreError::Corrupt { game_id, reason })?;
                for result in game.results() {
                    let at = finished_ms.unwrap_or(updated_ms);
                    insert_result(&mut tx, game_id, guild_id, G::KIND, &result, at).await?;
                }
            }
            tx.commit().await?;
        }
        Ok(missing.len())
    }

    /// One page of the ratings of `kind` in `scope`, by `mu - 3 sigma`: people's only, as every
    /// board (bot seats are rated, for the people they play against, but ranked on no board).
    pub(in crate::store) async fn rating_board(
        &self,
        kind: GameKind,
        scope: Scope,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage<RatedPlayer>> {
        let per_page = per_page.max(1);
        let guild = scope_guild(scope).unwrap_or(GLOBAL_RATINGS);
        let players: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM ratings WHERE kind = $1 AND guild_id = $2 \
                 AND player_kind = 'person'",
        )
        .bind(kind.as_str())
        .bind(guild)
        .fetch_one(&self.pool)
        .await?;
        let pages = (players as u32).div_ceil(per_page).max(1);
        let page = page.clamp(1, pages);
        let offset = u64::from(page - 1) * u64::from(per_page);
        let rows: Vec<(String, i64, String, i64, i64, i64, i64)> = sqlx::query_as(
            "SELECT player_kind, player_id, name, mu, sigma, games, \
             RANK() OVER (ORDER BY mu - 3 * sigma DESC) AS rank FROM ratings \
             WHERE kind = $1 AND guild_id = $2 AND player_kind = 'person' \
             ORDER BY mu - 3 * sigma DESC, player_kind, player_id LIMIT $3 OFFSET $4",
        )
        .bind(kind.as_str())
        .bind(guild)
        .bind(i64::from(per_page))
        .bind(offset as i64)
        .fetch_all(&self.pool)
        .await?;
        Ok(LeaderboardPage {
            rows: rows
                .into_iter()
                .map(|(player_kind, id, name, mu, sigma, games, rank)| {
                    let rated = RatedPlayer {
                        player: player_of(&player_kind, id),
                        name,
                        rating: Rating::from_millionths(mu, sigma),
                        games: games as u64,
                    };
                    (rank as u64, rated)
                })
                .collect(),
            page,
            pages,
            players: players as u64,
        })
    }

    pub(in crate::store) async fn kind_of(&self, game_id: GameId) -> Result<Option<GameKind>> {
        let kind: Option<String> = sqlx::query_scalar("SELECT kind FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(kind.as_deref().and_then(GameKind::parse))
    }

    pub(in crate::store) async fn latest_finished(
        &self,
        kind: GameKind,
        guild_id: GuildId,
        user_id: UserId,
    ) -> Result<Option<GameId>> {
        let id: Option<GameId> = sqlx::query_scalar(
            "SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE g.kind = $1 AND g.guild_id = $2 AND g.status = 'finished' \
             AND s.player_kind = 'person' AND s.player_id = $3 \
             ORDER BY COALESCE(g.finished_ms, 0) DESC, g.id DESC LIMIT 1",
        )
        .bind(kind.as_str())
        .bind(guild_id)
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(id)
    }

    pub(in crate::store) async fn exists(&self, game_id: GameId) -> Result<bool> {
        let found: Option<GameId> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(found.is_some())
    }
}

/// Statistics summed over a scope: `$1` is the guild id (NULL for global), `$2` the kind.
/// The name is the one last used in the scope's server; across servers it is left empty, as one
/// server's name for a person is not for the others to see.
const STATS_SELECT: &str = "SELECT s.user_id AS user_id, \
     CASE WHEN $1 IS NULL THEN '' ELSE MAX(s.name) END AS name, \
     CAST(SUM(s.games) AS BIGINT) AS games, CAST(SUM(s.wins) AS BIGINT) AS wins, \
     CAST(SUM(s.points) AS BIGINT) AS points, MAX(s.best) AS best, \
     CAST(SUM(s.feats) AS BIGINT) AS feats, CAST(SUM(s.turns) AS BIGINT) AS turns \
     FROM player_stats s WHERE s.kind = $2 AND ($1 IS NULL OR s.guild_id = $1) GROUP BY s.user_id";

/// [`STATS_SELECT`] over the results of the games finished since `$5` (unix ms).
const PERIOD_SELECT: &str = "SELECT s.user_id AS user_id, \
     CASE WHEN $1 IS NULL THEN '' ELSE MAX(s.name) END AS name, \
     COUNT(*) AS games, CAST(SUM(s.won) AS BIGINT) AS wins, \
     CAST(SUM(s.points) AS BIGINT) AS points, MAX(s.best) AS best, \
     CAST(SUM(s.feats) AS BIGINT) AS feats, CAST(SUM(s.turns) AS BIGINT) AS turns \
     FROM results s WHERE s.kind = $2 AND ($1 IS NULL OR s.guild_id = $1) \
     AND s.finished_ms >= $5 GROUP BY s.user_id";

fn stats_of(row: &DbRow) -> Result<PlayerStats> {
    let n = |column: &str| row.try_get::<i64, _>(column).map(|n| n as u64);
    Ok(PlayerStats {
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        games: n("games")?,
        wins: n("wins")?,
        points: n("points")?,
        best: n("best")?,
        feats: n("feats")?,
        turns: n("turns")?,
    })
}

fn scope_guild(scope: Scope) -> Option<GuildId> {
    match scope {
        Scope::Guild(id) => Some(id),
        Scope::Global => None,
    }
}

async fn insert_event<E: Serialize>(
    tx: &mut Tx<'_>,
    game_id: GameId,
    seq: u64,
    event: &E,
    now: i64,
) -> Result<()> {
    sqlx::query("INSERT INTO events (game_id, seq, event, created_ms) VALUES ($1, $2, $3, $4)")
        .bind(game_id)
        .bind(seq as i64)
        .bind(serde_json::to_string(event)?)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// How a player is stored: `(player_kind, player_id)`.
fn player_key(player: Player) -> (&'static str, i64) {
    match player {
        Player::Person(id) => ("person", id.get() as i64),
        Player::Bot(n) => ("bot", i64::from(n)),
    }
}

/// The player stored as `(player_kind, player_id)`.
fn player_of(kind: &str, id: i64) -> Player {
    match kind {
        "bot" => Player::Bot(id as u8),
        _ => Player::Person(UserId::new(id as u64)),
    }
}

async fn write_seats(tx: &mut Tx<'_>, game_id: GameId, seats: &[SeatRow]) -> Result<()> {
    sqlx::query("DELETE FROM seats WHERE game_id = $1")
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    for (position, seat) in seats.iter().enumerate() {
        let (kind, id) = player_key(seat.player);
        sqlx::query(
            "INSERT INTO seats (game_id, position, player_kind, player_id, name, total, playing) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
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

/// Folds `r` into the person's lifetime statistics, and keeps it as their result of game
/// `game_id`, finished at `finished_ms`.
async fn record_result(
    tx: &mut Tx<'_>,
    game_id: GameId,
    guild_id: GuildId,
    kind: GameKind,
    r: &SeatResult,
    finished_ms: i64,
) -> Result<()> {
    insert_result(tx, game_id, guild_id, kind, r, finished_ms).await?;
    sqlx::query(
        "INSERT INTO player_stats (guild_id, kind, user_id, name, games, wins, points, best, \
         feats, turns) VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $8, $9) \
         ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET name = excluded.name, \
         games = player_stats.games + 1, \
         wins = player_stats.wins + excluded.wins, \
         points = player_stats.points + excluded.points, \
         best = CASE WHEN excluded.best > player_stats.best \
         THEN excluded.best ELSE player_stats.best END, \
         feats = player_stats.feats + excluded.feats, \
         turns = player_stats.turns + excluded.turns",
    )
    .bind(guild_id)
    .bind(kind.as_str())
    .bind(r.user_id)
    .bind(&r.name)
    .bind(i64::from(r.won))
    .bind(i64::from(r.points))
    .bind(i64::from(r.best))
    .bind(i64::from(r.feats))
    .bind(i64::from(r.turns))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Keeps `r` as the person's result of game `game_id`, finished at `finished_ms` (once: a game's
/// results are written when it finishes, or by [`Queries::backfill_results`] for the games
/// finished before results were kept).
async fn insert_result(
    tx: &mut Tx<'_>,
    game_id: GameId,
    guild_id: GuildId,
    kind: GameKind,
    r: &SeatResult,
    finished_ms: i64,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO results (game_id, user_id, guild_id, kind, name, won, points, best, \
         feats, turns, finished_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (game_id, user_id) DO NOTHING",
    )
    .bind(game_id)
    .bind(r.user_id)
    .bind(guild_id)
    .bind(kind.as_str())
    .bind(&r.name)
    .bind(i64::from(r.won))
    .bind(i64::from(r.points))
    .bind(i64::from(r.best))
    .bind(i64::from(r.feats))
    .bind(i64::from(r.turns))
    .bind(finished_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

impl Queries {
    /// `user_id`'s rating after each of their last `last` rated games of `kind` in `scope`,
    /// oldest first.
    pub(in crate::store) async fn rating_history(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
        last: u32,
    ) -> Result<Vec<Rating>> {
        let scope = scope_guild(scope).unwrap_or(GLOBAL_RATINGS);
        let rows: Vec<(i64, i64)> = sqlx::query_as(
            "SELECT mu, sigma FROM (SELECT mu, sigma, at_ms, game_id FROM rating_history \
             WHERE guild_id = $1 AND kind = $2 AND user_id = $3 \
             ORDER BY at_ms DESC, game_id DESC LIMIT $4) AS last_games \
             ORDER BY at_ms, game_id",
        )
        .bind(scope)
        .bind(kind.as_str())
        .bind(user_id)
        .bind(i64::from(last))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(mu, sigma)| Rating::from_millionths(mu, sigma))
            .collect())
    }
}

/// The `guild_id` of the ratings across every server.
const GLOBAL_RATINGS: GuildId = GuildId::new(0);

/// Rates the seats of a finished game against each other by their places, in `scope` (a server,
/// or [`GLOBAL_RATINGS`]): each seat's rating there, or a new player's, moves, and counts one
/// more game. A game of one seat rates nobody.
async fn record_ratings(
    tx: &mut Tx<'_>,
    scope: GuildId,
    kind: GameKind,
    game_id: GameId,
    placings: &[Placing],
    now: i64,
) -> Result<()> {
    if placings.len() < 2 {
        return Ok(());
    }
    let mut field = Vec::with_capacity(placings.len());
    for placing in placings {
        let (player_kind, player_id) = player_key(placing.player);
        let before: Option<(i64, i64)> = sqlx::query_as(
            "SELECT mu, sigma FROM ratings \
             WHERE guild_id = $1 AND kind = $2 AND player_kind = $3 AND player_id = $4",
        )
        .bind(scope)
        .bind(kind.as_str())
        .bind(player_kind)
        .bind(player_id)
        .fetch_optional(&mut **tx)
        .await?;
        let before = before.map_or_else(Rating::default, |(mu, sigma)| {
            Rating::from_millionths(mu, sigma)
        });
        field.push((before, placing.place));
    }
    for (placing, after) in placings.iter().zip(crate::ratings::rate(&field)) {
        let (player_kind, player_id) = player_key(placing.player);
        let (mu, sigma) = after.to_millionths();
        // Across servers a person's name in one server is not for the others to see.
        let name = match (scope, placing.player) {
            (GLOBAL_RATINGS, Player::Person(_)) => "",
            _ => placing.name.as_str(),
        };
        sqlx::query(
            "INSERT INTO ratings (guild_id, kind, player_kind, player_id, name, mu, sigma, \
             games, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) \
             ON CONFLICT (guild_id, kind, player_kind, player_id) DO UPDATE SET \
             name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, \
             games = ratings.games + 1, updated_ms = excluded.updated_ms",
        )
        .bind(scope)
        .bind(kind.as_str())
        .bind(player_kind)
        .bind(player_id)
        .bind(name)
        .bind(mu)
        .bind(sigma)
        .bind(now)
        .execute(&mut **tx)
        .await?;
        // A person's rating after each game, for their chart.
        if let Player::Person(user) = placing.player {
            sqlx::query(
                "INSERT INTO rating_history (guild_id, kind, user_id, game_id, mu, sigma, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (guild_id, kind, user_id, game_id) DO NOTHING",
            )
            .bind(scope)
            .bind(kind.as_str())
            .bind(user)
            .bind(game_id)
            .bind(mu)
            .bind(sigma)
            .bind(now)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// Privacy: forgetting a person, and a removed server's data (see `Store::forget_person` and
/// `Store::sweep_removed_guilds`).
impl Queries {
    pub(in crate::store) async fn forget_person(
        &self,
        user_id: UserId,
        former: &(dyn Fn(Lang) -> String + Sync),
    ) -> Result<Forgotten> {
        let id = user_id;
        let mut tx = self.writer.begin().await?;
        // A table that holds the person in its game in memory would write their name again:
        // refused while they have a seat at an open game (in the lobby, or in a game, even one
        // they left). The committer writes seats in its own transactions, so this reads what
        // every table has committed.
        let seated: Option<ChannelId> = sqlx::query_scalar(
            "SELECT g.channel_id FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.player_kind = 'person' AND s.player_id = $1 \
             AND g.status IN ('lobby', 'playing') ORDER BY g.id LIMIT 1",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some(channel_id) = seated {
            return Ok(Forgotten::Seated { channel_id });
        }
        let stats = sqlx::query("DELETE FROM player_stats WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        // Their result in each game (for leaderboards of a period) and their ratings go too;
        // the others' stay as they were.
        sqlx::query("DELETE FROM results WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM ratings WHERE player_kind = 'person' AND player_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM rating_history WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        // Seats: the name becomes "a former player" in each game's own language (the language
        // its messages are shown in): the default first, then each other language's games.
        let seats = sqlx::query(
            "UPDATE seats SET name = $1 WHERE player_kind = 'person' AND player_id = $2",
        )
        .bind(former(Lang::default()))
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::default()) {
            sqlx::query(
                "UPDATE seats SET name = $1 WHERE player_kind = 'person' AND player_id = $2 \
                 AND game_id IN (SELECT id FROM games WHERE lang = $3)",
            )
            .bind(former(lang))
            .bind(id)
            .bind(lang.code())
            .execute(&mut *tx)
            .await?;
        }
        // Events: the table's `created` and `joined` events carry the name with the player; the
        // id stays (the game replays the same). The LIKE only narrows the rows read: each is
        // parsed and rewritten only if it is such an event of this person.
        let candidates: Vec<(GameId, i64, String, String)> = sqlx::query_as(
            "SELECT e.game_id, e.seq, e.event, g.lang FROM events e \
             JOIN games g ON g.id = e.game_id WHERE e.event LIKE $1",
        )
        .bind(format!("%\"id\":{user_id}%"))
        .fetch_all(&mut *tx)
        .await?;
        let mut events = 0;
        for (game_id, seq, json, lang) in candidates {
            let lang = Lang::from_code(&lang).unwrap_or_default();
            let Some(rewritten) = without_name(&json, user_id, &former(lang)) else {
                continue;
            };
            sqlx::query("UPDATE events SET event = $1 WHERE game_id = $2 AND seq = $3")
                .bind(rewritten)
                .bind(game_id)
                .bind(seq)
                .execute(&mut *tx)
                .await?;
            events += 1;
        }
        tx.commit().await?;
        Ok(Forgotten::Done {
            stats,
            seats,
            events,
        })
    }

    pub(in crate::store) async fn guilds_removed(
        &self,
        guilds: &[GuildId],
        removed_ms: i64,
    ) -> Result<Vec<GuildId>> {
        let mut tx = self.writer.begin().await?;
        let mut recorded = Vec::new();
        for &guild in guilds {
            // A second removal (a replayed GUILD_DELETE, the next READY) keeps the first time.
            let done = sqlx::query(
                "INSERT INTO guild_removals (guild_id, removed_ms) VALUES ($1, $2) \
                 ON CONFLICT (guild_id) DO NOTHING",
            )
            .bind(guild)
            .bind(removed_ms)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() > 0 {
                recorded.push(guild);
            }
        }
        tx.commit().await?;
        Ok(recorded)
    }

    pub(in crate::store) async fn guild_back(&self, guild_id: GuildId) -> Result<bool> {
        let done = sqlx::query("DELETE FROM guild_removals WHERE guild_id = $1")
            .bind(guild_id)
            .execute(&self.writer)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    pub(in crate::store) async fn guilds_with_data(&self) -> Result<Vec<GuildId>> {
        let guilds: Vec<GuildId> = sqlx::query_scalar(
            "SELECT guild_id FROM games UNION SELECT guild_id FROM player_stats \
             UNION SELECT guild_id FROM results UNION SELECT guild_id FROM ratings \
             UNION SELECT guild_id FROM guild_settings UNION SELECT guild_id FROM guild_channels \
             ORDER BY guild_id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(guilds
            .into_iter()
            .filter(|&guild| guild != GLOBAL_RATINGS)
            .collect())
    }

    /// The servers (and chats) of games the bot only answers in, in id order.
    pub(in crate::store) async fn guest_guilds(&self) -> Result<Vec<GuildId>> {
        Ok(sqlx::query_scalar(
            "SELECT DISTINCT guild_id FROM games WHERE reach <> 0 ORDER BY guild_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    pub(in crate::store) async fn guild_removed_at(
        &self,
        guild_id: GuildId,
    ) -> Result<Option<i64>> {
        Ok(
            sqlx::query_scalar("SELECT removed_ms FROM guild_removals WHERE guild_id = $1")
                .bind(guild_id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    pub(in crate::store) async fn sweep_removed_guilds(
        &self,
        before_ms: i64,
    ) -> Result<Vec<GuildId>> {
        let mut tx = self.writer.begin().await?;
        let guilds: Vec<GuildId> = sqlx::query_scalar(
            "SELECT guild_id FROM guild_removals WHERE removed_ms <= $1 ORDER BY guild_id",
        )
        .bind(before_ms)
        .fetch_all(&mut *tx)
        .await?;
        for &guild in &guilds {
            // Seats and events go with their games (ON DELETE CASCADE), said here as well.
            for sql in [
                "DELETE FROM events WHERE game_id IN (SELECT id FROM games WHERE guild_id = $1)",
                "DELETE FROM seats WHERE game_id IN (SELECT id FROM games WHERE guild_id = $1)",
                "DELETE FROM results WHERE guild_id = $1",
                "DELETE FROM games WHERE guild_id = $1",
                "DELETE FROM player_stats WHERE guild_id = $1",
                "DELETE FROM ratings WHERE guild_id = $1",
                "DELETE FROM rating_history WHERE guild_id = $1",
                "DELETE FROM guild_settings WHERE guild_id = $1",
                "DELETE FROM guild_channels WHERE guild_id = $1",
                "DELETE FROM guild_removals WHERE guild_id = $1",
            ] {
                sqlx::query(sql).bind(guild).execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        Ok(guilds)
    }

    pub(in crate::store) async fn prune_logs(&self, before_ms: i64, now: i64) -> Result<usize> {
        let mut pruned = 0;
        loop {
            // A batch a transaction: the write lock is held for a moment at a time.
            let mut tx = self.writer.begin().await?;
            let games: Vec<GameId> = sqlx::query_scalar(
                "SELECT id FROM games WHERE log_pruned_ms IS NULL \
                 AND status IN ('finished', 'cancelled') AND finished_ms < $1 \
                 ORDER BY finished_ms LIMIT 256",
            )
            .bind(before_ms)
            .fetch_all(&mut *tx)
            .await?;
            if games.is_empty() {
                return Ok(pruned);
            }
            for &game in &games {
                sqlx::query("DELETE FROM events WHERE game_id = $1")
                    .bind(game)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query("UPDATE games SET log_pruned_ms = $2 WHERE id = $1")
                    .bind(game)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            pruned += games.len();
        }
    }

    pub(in crate::store) async fn log_pruned(&self, game_id: GameId) -> Result<Option<i64>> {
        let pruned: Option<Option<i64>> =
            sqlx::query_scalar("SELECT log_pruned_ms FROM games WHERE id = $1")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(pruned.flatten())
    }

    pub(in crate::store) async fn guild_settings(
        &self,
        guild_id: GuildId,
    ) -> Result<GuildSettings> {
        let mut conn = self.pool.acquire().await?;
        settings_of(&mut conn, guild_id).await
    }

    pub(in crate::store) async fn change_guild_settings(
        &self,
        guild_id: GuildId,
        change: &SettingsChange,
    ) -> Result<GuildSettings> {
        let guild = guild_id;
        let now = now_ms();
        let mut tx = self.writer.begin().await?;
        // Every setting is one row, by name: these statements are every setting's.
        match change {
            SettingsChange::Set(values) => {
                for (setting, value) in values {
                    sqlx::query(
                        "INSERT INTO guild_settings (guild_id, name, value, updated_ms) \
                         VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, name) DO UPDATE SET \
                         value = excluded.value, updated_ms = excluded.updated_ms",
                    )
                    .bind(guild)
                    .bind(setting.name)
                    .bind(setting.write(*value))
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            // A server whose every setting is back to its default keeps no row.
            SettingsChange::Reset(setting) => {
                sqlx::query("DELETE FROM guild_settings WHERE guild_id = $1 AND name = $2")
                    .bind(guild)
                    .bind(setting.name)
                    .execute(&mut *tx)
                    .await?;
            }
            SettingsChange::ResetChannels => {
                sqlx::query("DELETE FROM guild_channels WHERE guild_id = $1")
                    .bind(guild)
                    .execute(&mut *tx)
                    .await?;
            }
            SettingsChange::ResetAll => {
                for sql in [
                    "DELETE FROM guild_settings WHERE guild_id = $1",
                    "DELETE FROM guild_channels WHERE guild_id = $1",
                ] {
                    sqlx::query(sql).bind(guild).execute(&mut *tx).await?;
                }
            }
            SettingsChange::AddChannel(channel) => {
                sqlx::query(
                    "INSERT INTO guild_channels (guild_id, channel_id) VALUES ($1, $2) \
                     ON CONFLICT (guild_id, channel_id) DO NOTHING",
                )
                .bind(guild)
                .bind(*channel)
                .execute(&mut *tx)
                .await?;
            }
            SettingsChange::RemoveChannel(channel) => {
                sqlx::query("DELETE FROM guild_channels WHERE guild_id = $1 AND channel_id = $2")
                    .bind(guild)
                    .bind(*channel)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        let settings = settings_of(&mut tx, guild_id).await?;
        tx.commit().await?;
        Ok(settings)
    }
}

/// A server's settings, read on `conn`: each row by its setting's declaration (a row no setting
/// declares, or can read, is left as it is: kept by another version of the bot).
async fn settings_of(
    conn: &mut <Db as sqlx::Database>::Connection,
    guild_id: GuildId,
) -> Result<GuildSettings> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT name, value FROM guild_settings WHERE guild_id = $1")
            .bind(guild_id)
            .fetch_all(&mut *conn)
            .await?;
    let channels: Vec<ChannelId> = sqlx::query_scalar(
        "SELECT channel_id FROM guild_channels WHERE guild_id = $1 ORDER BY channel_id",
    )
    .bind(guild_id)
    .fetch_all(&mut *conn)
    .await?;
    let mut settings = GuildSettings::default();
    settings.channels = channels;
    for (name, value) in rows {
        if let Some(setting) = crate::settings::named(&name) {
            settings.set(setting, setting.read(&value));
        }
    }
    Ok(settings)
}

/// `json` (an event) with the name of `user_id` replaced by `former`, if it is a table event
/// that names them (`created` as host, `joined`); `None` for any other event.
fn without_name(json: &str, user_id: UserId, former: &str) -> Option<String> {
    let mut event: TableEvent<serde_json::Value> = serde_json::from_str(json).ok()?;
    let person = Player::Person(user_id);
    match &mut event {
        TableEvent::Created { host, name, .. } if *host == person => *name = former.to_string(),
        TableEvent::Joined { player, name } if *player == person => *name = former.to_string(),
        _ => return None,
    }
    serde_json::to_string(&event).ok()
}
