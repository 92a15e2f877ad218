//! Games: creating one, its messages and thread, its seats and events, which are open.

use super::*;

impl Queries {
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
    ) -> Result<Option<(GameId, String)>> {
        let row: Option<(GameId, String)> = sqlx::query_as(
            "SELECT id, kind FROM games WHERE channel_id = $1 AND status IN ('lobby', 'playing')",
        )
        .bind(channel_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row)
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

    pub(in crate::store) async fn kind_of(&self, game_id: GameId) -> Result<Option<String>> {
        let kind: Option<String> = sqlx::query_scalar("SELECT kind FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(kind)
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
pub(super) fn player_key(player: Player) -> (&'static str, i64) {
    match player {
        Player::Person(id) => ("person", id.get() as i64),
        Player::Bot(n) => ("bot", i64::from(n)),
    }
}

/// The player stored as `(player_kind, player_id)`.
pub(super) fn player_of(kind: &str, id: i64) -> Player {
    match kind {
        "bot" => Player::Bot(id as u8),
        _ => Player::Person(UserId::new(id as u64)),
    }
}

pub(super) async fn write_seats(tx: &mut Tx<'_>, game_id: GameId, seats: &[SeatRow]) -> Result<()> {
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
