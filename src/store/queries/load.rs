//! Loading games: the open games at a start ([`Queries::load_open_in`]), one game, a game's log.

use super::*;

impl Queries {
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
