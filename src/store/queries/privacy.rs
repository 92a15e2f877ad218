//! Privacy and retention: forgetting a person, removed servers and their data, old move logs.

use super::*;

/// Privacy: forgetting a person, and a removed server's data (see `Store::forget_person` and
/// `Store::sweep_removed_guilds`).
impl Queries {
    pub(in crate::store) async fn forget_person(
        &self,
        user_id: UserId,
        former: &(dyn Fn(Lang) -> String + Sync),
    ) -> Result<Forgotten> {
        let mut tx = self.writer.begin().await?;
        if let Some(channel_id) = seated_at(&mut tx, user_id).await? {
            return Ok(Forgotten::Seated { channel_id });
        }
        let stats = delete_records(&mut tx, user_id).await?;
        let seats = rename_seats(&mut tx, user_id, former).await?;
        let events = rename_in_events(&mut tx, user_id, former).await?;
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
             UNION SELECT guild_id FROM daily_places ORDER BY guild_id",
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
                "DELETE FROM daily_places WHERE guild_id = $1",
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
}

/// The channel of an open game the person has a seat at (in the lobby, or in a game, even one
/// they left), if any. A table that holds the person in its game in memory would write their name
/// again: forgetting is refused while they have one. The committer writes seats in its own
/// transactions, so this reads what every table has committed.
async fn seated_at(tx: &mut Tx<'_>, id: UserId) -> Result<Option<ChannelId>> {
    let seated = sqlx::query_scalar(
        "SELECT g.channel_id FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.player_kind = 'person' AND s.player_id = $1 \
         AND g.status IN ('lobby', 'playing') ORDER BY g.id LIMIT 1",
    )
    .bind(id)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(seated)
}

/// Deletes what is kept of the person by their id: their statistics and daily deals (the rows
/// counted, returned), the servers they were seen in, their results and their ratings.
async fn delete_records(tx: &mut Tx<'_>, id: UserId) -> Result<u64> {
    let mut stats = sqlx::query("DELETE FROM player_stats WHERE user_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    // Their daily deals (counted with their statistics), and the servers they were seen in.
    stats += sqlx::query("DELETE FROM daily_deals WHERE user_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected();
    sqlx::query("DELETE FROM daily_places WHERE user_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    // Their result in each game (for leaderboards of a period) and their ratings go too;
    // the others' stay as they were.
    sqlx::query("DELETE FROM results WHERE user_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM ratings WHERE player_kind = 'person' AND player_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM rating_history WHERE user_id = $1")
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(stats)
}

/// Seats: the name becomes "a former player" in each game's own language (the language its
/// messages are shown in): the default first, then each other language's games. The seats renamed.
async fn rename_seats(
    tx: &mut Tx<'_>,
    id: UserId,
    former: &(dyn Fn(Lang) -> String + Sync),
) -> Result<u64> {
    let seats =
        sqlx::query("UPDATE seats SET name = $1 WHERE player_kind = 'person' AND player_id = $2")
            .bind(former(Lang::default()))
            .bind(id)
            .execute(&mut **tx)
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
        .execute(&mut **tx)
        .await?;
    }
    Ok(seats)
}

/// Events: the table's `created` and `joined` events carry the name with the player; the id
/// stays (the game replays the same). The LIKE only narrows the rows read: each is parsed and
/// rewritten only if it is such an event of this person. The events rewritten.
async fn rename_in_events(
    tx: &mut Tx<'_>,
    user_id: UserId,
    former: &(dyn Fn(Lang) -> String + Sync),
) -> Result<u64> {
    let candidates: Vec<(GameId, i64, String, String)> = sqlx::query_as(
        "SELECT e.game_id, e.seq, e.event, g.lang FROM events e \
         JOIN games g ON g.id = e.game_id WHERE e.event LIKE $1",
    )
    .bind(format!("%\"id\":{user_id}%"))
    .fetch_all(&mut **tx)
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
            .execute(&mut **tx)
            .await?;
        events += 1;
    }
    Ok(events)
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
