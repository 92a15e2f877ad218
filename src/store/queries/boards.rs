//! Statistics, leaderboards and ratings: their queries, and the results and ratings a finished
//! game records in its commit's transaction.

use super::*;

/// A rating row's rating as boards show it ([`crate::render::stats::shown_rating`]), from its
/// `mu` and `sigma` in millionths: `1500 + floor((mu - 3 sigma) / 25000 + 1/2)`, in integers
/// (both backends divide integers toward zero: the floor of a negative quotient is written out).
const SHOWN_RATING: &str = "(1500 + CASE WHEN mu - 3 * sigma + 12500 >= 0 \
     THEN (mu - 3 * sigma + 12500) / 25000 \
     ELSE -((24999 - (mu - 3 * sigma + 12500)) / 25000) END)";

impl Queries {
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
        // What the board ranks by and shows, then the order of the players equal on it.
        let (ranked, then) = match by {
            Ranking::Wins => ("wins DESC", "points DESC"),
            Ranking::Points => ("points DESC", "wins DESC"),
            Ranking::Best => ("best DESC", "wins DESC"),
            // Ratings have a board of their own (`rating_board`); statistics rank by wins.
            Ranking::Rating => ("wins DESC", "points DESC"),
        };
        // Players equal on what the board shows share a rank (1, 1, 3), also across pages: the
        // order among them (by the other measure, then by id) is a listing order, not a rank.
        let sql = format!(
            "SELECT *, RANK() OVER (ORDER BY {ranked}) AS rank FROM ({stats}) s \
             ORDER BY {ranked}, {then}, s.user_id LIMIT $3 OFFSET $4"
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
        // Ranked by the rating as shown (equal shown ratings share a rank), listed by the
        // rating itself within a rank.
        let sql = format!(
            "SELECT player_kind, player_id, name, mu, sigma, games, \
             RANK() OVER (ORDER BY {SHOWN_RATING} DESC) AS rank FROM ratings \
             WHERE kind = $1 AND guild_id = $2 AND player_kind = 'person' \
             ORDER BY {SHOWN_RATING} DESC, mu - 3 * sigma DESC, player_kind, player_id \
             LIMIT $3 OFFSET $4"
        );
        let rows: Vec<(String, i64, String, i64, i64, i64, i64)> = sqlx::query_as(&sql)
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

/// Folds `r` into the person's lifetime statistics, and keeps it as their result of game
/// `game_id`, finished at `finished_ms`.
pub(super) async fn record_result(
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

/// The `guild_id` of the ratings across every server.
pub(super) const GLOBAL_RATINGS: GuildId = GuildId::new(0);

/// Rates the seats of a finished game against each other by their places, in `scope` (a server,
/// or [`GLOBAL_RATINGS`]): each seat's rating there, or a new player's, moves, and counts one
/// more game. A game of one seat rates nobody.
pub(super) async fn record_ratings(
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
