//! The committer: the task that writes every table's commits (and the messages that show their
//! games), as many as wait, in one transaction (group commit); and [`Queries::write`], which
//! hands it a job.

use super::*;

impl Queries {
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
}

/// Writes the commits of every table (and the messages that show their games), as many as are
/// waiting in one transaction (group commit): a busy bot pays BEGIN and COMMIT once for many
/// actions.
pub(super) async fn run_commits(
    writer: Pool<Db>,
    mut jobs: tokio::sync::mpsc::UnboundedReceiver<(Job, CommitReply)>,
) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        let written = write_batch(&writer, &batch).await;
        // Another writer held the lock past the busy timeout: what queued meanwhile has waited
        // as long, and would wait as long again; it fails with the batch (each person is told at
        // once that it could not be saved), rather than one batch after another.
        if written.as_ref().is_err_and(super::super::is_busy) {
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
        let written = written.map_err(std::sync::Arc::new);
        for (i, (_, reply)) in batch.drain(..).enumerate() {
            let _ = reply.send(match &written {
                Ok(applied) => Ok(applied[i]),
                Err(e) => Err(e.clone()),
            });
        }
    }
}

/// Writes `batch` in one transaction: whether each job was applied, in order.
async fn write_batch(writer: &Pool<Db>, batch: &[(Job, CommitReply)]) -> Result<Vec<bool>> {
    let now = now_ms();
    if PLAIN_IN_TWO {
        if let Some(plain) = plain_commits(batch) {
            return write_plain(writer, now, &plain).await;
        }
    }
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

/// The UPDATE of the games' rows of a run of commits ([`rows_sql`]'s parts), each guarded by the
/// version before it, then `updated_ms` and `finished_ms` (`now`, twice).
const UPDATE_GAMES: [&str; 3] = [
    "WITH v (id, prev, status, version, deadline_ms, finished, new_turn) AS (VALUES ",
    "(?, ?, ?, ?, ?, ?, ?)",
    ") UPDATE games SET status = v.status, version = v.version, \
     deadline_ms = v.deadline_ms, updated_ms = ?, \
     finished_ms = CASE WHEN v.finished THEN ? ELSE games.finished_ms END, \
     turn_message_id = CASE WHEN v.new_turn THEN NULL ELSE games.turn_message_id END \
     FROM v WHERE games.id = v.id AND games.version = v.prev \
     AND games.status IN ('lobby', 'playing')",
];

/// The INSERT of their events.
const INSERT_EVENTS: [&str; 3] = [
    "INSERT INTO events (game_id, seq, event, created_ms) VALUES ",
    "(?, ?, ?, ?)",
    "",
];

/// The UPDATE of the seats whose scores changed.
const UPDATE_SCORES: [&str; 3] = [
    "WITH s (game_id, position, total, playing) AS (VALUES ",
    "(?, ?, ?, ?)",
    ") UPDATE seats SET total = s.total, playing = s.playing FROM s \
     WHERE seats.game_id = s.game_id AND seats.position = s.position",
];

type Query<'q> = sqlx::query::Query<'q, Db, <Db as sqlx::Database>::Arguments<'q>>;

/// A row of [`UPDATE_GAMES`].
fn bind_game<'q>(query: Query<'q>, job: &'q CommitJob) -> Query<'q> {
    query
        .bind(job.game_id)
        .bind(job.version.saturating_sub(1) as i64)
        .bind(job.status.as_str())
        .bind(job.version as i64)
        .bind(job.deadline_ms)
        .bind(matches!(job.status, Status::Finished | Status::Cancelled))
        .bind(job.new_turn)
}

/// A row of [`INSERT_EVENTS`].
fn bind_event<'q>(query: Query<'q>, job: &'q CommitJob, now: i64) -> Query<'q> {
    query
        .bind(job.game_id)
        .bind(job.version as i64)
        .bind(job.event.as_str())
        .bind(now)
}

/// A row of [`UPDATE_SCORES`].
fn bind_score<'q>(
    query: Query<'q>,
    game_id: GameId,
    (position, seat): &'q (i64, SeatRow),
) -> Query<'q> {
    query
        .bind(game_id)
        .bind(*position)
        .bind(i64::from(seat.total))
        .bind(seat.playing)
}

/// Whether a batch of plain commits is written by [`write_plain`]: on SQLite, whose queries of
/// several statements bind their parameters in order (PostgreSQL takes one statement a query
/// with parameters).
const PLAIN_IN_TWO: bool = !super::super::NUMBERED;

/// The most seats' scores a batch written by [`write_plain`] changes (each a row of its query).
const PLAIN_SCORES: usize = 64;

/// The commits of `batch`, if it holds only plain ones, of distinct games: each writes its game's
/// row, its event and at most some seats' scores (no seats rewritten, no results, no messages).
fn plain_commits(batch: &[(Job, CommitReply)]) -> Option<Vec<&CommitJob>> {
    let mut games = std::collections::HashSet::with_capacity(batch.len());
    let mut scores = 0;
    let mut plain = Vec::with_capacity(batch.len());
    for (job, _) in batch {
        let Job::Commit(job) = job else {
            return None;
        };
        scores += match &job.seats {
            Seats::Same => 0,
            Seats::Scores(scores) => scores.len(),
            Seats::All(_) => return None,
        };
        if !job.results.is_empty() || !job.placings.is_empty() || !games.insert(job.game_id) {
            return None;
        }
        plain.push(job);
    }
    (scores <= PLAIN_SCORES).then_some(plain)
}

/// A seat's score a commit changes (its position and row), with its game.
type Score<'a> = (GameId, &'a (i64, SeatRow));

/// The commits of `jobs` that `applied` says were applied (their events to write), and the seats'
/// scores they change.
fn applied_and_scores<'a>(
    jobs: &[&'a CommitJob],
    applied: &[bool],
) -> (Vec<&'a CommitJob>, Vec<Score<'a>>) {
    let kept: Vec<&CommitJob> = jobs
        .iter()
        .zip(applied)
        .filter_map(|(job, &applied)| applied.then_some(*job))
        .collect();
    let scores = kept
        .iter()
        .flat_map(|job| match &job.seats {
            Seats::Scores(scores) => scores.iter().map(|s| (job.game_id, s)).collect(),
            Seats::Same | Seats::All(_) => Vec::new(),
        })
        .collect();
    (kept, scores)
}

/// `[head, row, tail]` with `n` rows.
fn with_rows([head, row, tail]: [&str; 3], n: usize) -> String {
    format!("{head}{}{tail}", vec![row; n].join(", "))
}

/// A batch of plain commits (see [`plain_commits`]), on SQLite: the same writes as
/// [`write_rows`] makes, in two round trips to the connection's thread (each two thread
/// switches) rather than four or five: BEGIN with the games' guarded UPDATE, which returns the
/// rows it updated; then the events of those, their seats' scores and COMMIT (ROLLBACK if none
/// was at the version before it: each refused, nothing written). A query of several statements
/// is sqlx's and SQLite's own (SQLite binds their parameters in order); its text is built for
/// each batch's counts and prepared once a connection (sqlx keeps the last hundred). On an error
/// the transaction is rolled back; a connection still inside one is closed as it goes back to
/// its pool (`sqlite::writer_options`).
async fn write_plain(writer: &Pool<Db>, now: i64, jobs: &[&CommitJob]) -> Result<Vec<bool>> {
    let mut conn = writer.acquire().await?;
    // Its rows, not its count: a query of several statements adds up their counts, and
    // SQLite's count for BEGIN is that of the connection's last write.
    let begin_update = format!(
        "BEGIN; {} RETURNING games.id",
        with_rows(UPDATE_GAMES, jobs.len())
    );
    let mut query = sqlx::query(&begin_update);
    for job in jobs {
        query = bind_game(query, job);
    }
    let updated = query.bind(now).bind(now).fetch_all(&mut *conn).await;
    let updated: sqlx::Result<Vec<GameId>> =
        updated.and_then(|rows| rows.iter().map(|row| row.try_get(0)).collect());
    let written = match updated {
        Ok(updated) if updated.is_empty() => sqlx::query("ROLLBACK")
            .execute(&mut *conn)
            .await
            .map(|_| vec![false; jobs.len()]),
        Ok(updated) => {
            let applied: Vec<bool> = jobs.iter().map(|j| updated.contains(&j.game_id)).collect();
            let (kept, scores) = applied_and_scores(jobs, &applied);
            let finish = match scores.len() {
                0 => format!("{}; COMMIT", with_rows(INSERT_EVENTS, kept.len())),
                n => format!(
                    "{}; {}; COMMIT",
                    with_rows(INSERT_EVENTS, kept.len()),
                    with_rows(UPDATE_SCORES, n)
                ),
            };
            let mut query = sqlx::query(&finish);
            for job in &kept {
                query = bind_event(query, job, now);
            }
            for (game_id, score) in &scores {
                query = bind_score(query, *game_id, score);
            }
            query.execute(&mut *conn).await.map(|_| applied)
        }
        Err(e) => Err(e),
    };
    if written.is_err() {
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
    }
    Ok(written?)
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
pub(super) const SHOWN_A_JOB: usize = 64;

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
        let mut query = sqlx::query(rows_sql(cache, chunk.len(), sql, super::super::NUMBERED));
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
    let update = rows_sql(&UPDATES, jobs.len(), UPDATE_GAMES, super::super::NUMBERED);
    let mut query = sqlx::query(update);
    for job in jobs {
        query = bind_game(query, job);
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
            super::super::NUMBERED,
        );
        let mut query = sqlx::query_scalar::<_, GameId>(which);
        for job in jobs {
            query = query.bind(job.game_id).bind(job.version as i64);
        }
        let ids: Vec<GameId> = query.fetch_all(&mut **tx).await?;
        jobs.iter().map(|job| ids.contains(&job.game_id)).collect()
    };
    let (events, scores) = applied_and_scores(jobs, &applied);
    execute_rows(tx, &INSERTS, INSERT_EVENTS, &events, |query, job| {
        bind_event(query, job, now)
    })
    .await?;
    execute_rows(
        tx,
        &SCORES,
        UPDATE_SCORES,
        &scores,
        |query, (game_id, score)| bind_score(query, *game_id, score),
    )
    .await?;
    Ok(applied)
}
