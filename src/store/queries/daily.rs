//! The daily deal: the deployment's key, each person's deals, and the servers they were seen in.

use super::*;

/// The columns of a [`DailyDeal`], as [`deal_of`] reads them.
const DEAL_COLUMNS: &str = "user_id, kind, day, name, lang, events, version, ended, score, \
                            accuracy, luck, squares, started_ms, updated_ms";

impl Queries {
    pub(in crate::store) async fn daily_key(
        &self,
        fresh: &[u8; 32],
        today: i64,
    ) -> Result<([u8; 32], i64)> {
        // The first process to get here writes it; every process then reads the one written.
        sqlx::query(
            "INSERT INTO daily_key (id, secret, first_day) VALUES (1, $1, $2) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(key_text(fresh))
        .bind(today)
        .execute(&self.writer)
        .await?;
        let (secret, first_day): (String, i64) =
            sqlx::query_as("SELECT secret, first_day FROM daily_key WHERE id = 1")
                .fetch_one(&self.writer)
                .await?;
        let secret = key_of_text(&secret).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "secret".into(),
            source: "the daily key is not 64 hexadecimal digits".into(),
        })?;
        Ok((secret, first_day))
    }

    pub(in crate::store) async fn daily_deal(
        &self,
        user: UserId,
        kind: GameKind,
        day: i64,
    ) -> Result<Option<DailyDeal>> {
        let sql = format!(
            "SELECT {DEAL_COLUMNS} FROM daily_deals WHERE user_id = $1 AND kind = $2 AND day = $3"
        );
        let row = sqlx::query(&sql)
            .bind(user)
            .bind(kind.as_str())
            .bind(day)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| deal_of(&row, kind)).transpose()
    }

    pub(in crate::store) async fn daily_save(
        &self,
        deal: &DailyDeal,
        prior: Option<u64>,
    ) -> Result<bool> {
        let sql = match prior {
            // A deal that another write stored meanwhile stays as it is.
            None => {
                "INSERT INTO daily_deals (user_id, kind, day, name, lang, events, version, \
                 ended, score, accuracy, luck, squares, started_ms, updated_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
                 ON CONFLICT (user_id, kind, day) DO NOTHING"
            }
            // Guarded by the version it was read at, as a game's commit is.
            Some(_) => {
                "UPDATE daily_deals SET name = $4, lang = $5, events = $6, version = $7, \
                 ended = $8, score = $9, accuracy = $10, luck = $11, squares = $12, \
                 started_ms = $13, updated_ms = $14 \
                 WHERE user_id = $1 AND kind = $2 AND day = $3 AND version = $15"
            }
        };
        let mut query = sqlx::query(sql)
            .bind(deal.user)
            .bind(deal.kind.as_str())
            .bind(deal.day)
            .bind(&deal.name)
            .bind(deal.lang.code())
            .bind(&deal.events)
            .bind(deal.version as i64)
            .bind(deal.ended.map(DailyEnd::as_str))
            .bind(deal.score)
            .bind(deal.accuracy)
            .bind(deal.luck)
            .bind(deal.squares.as_deref())
            .bind(deal.started_ms)
            .bind(deal.updated_ms);
        if let Some(prior) = prior {
            query = query.bind(prior as i64);
        }
        let done = query.execute(&self.writer).await?;
        Ok(done.rows_affected() > 0)
    }

    pub(in crate::store) async fn daily_unended_before(
        &self,
        user: UserId,
        kind: GameKind,
        today: i64,
    ) -> Result<Vec<DailyDeal>> {
        let sql = format!(
            "SELECT {DEAL_COLUMNS} FROM daily_deals \
             WHERE user_id = $1 AND kind = $2 AND day < $3 AND ended IS NULL ORDER BY day"
        );
        let rows = sqlx::query(&sql)
            .bind(user)
            .bind(kind.as_str())
            .bind(today)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| deal_of(row, kind)).collect()
    }

    pub(in crate::store) async fn daily_seen_in(
        &self,
        user: UserId,
        kind: GameKind,
        day: i64,
        guild: GuildId,
    ) -> Result<()> {
        sqlx::query(
            "INSERT INTO daily_places (user_id, kind, day, guild_id) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, kind, day, guild_id) DO NOTHING",
        )
        .bind(user)
        .bind(kind.as_str())
        .bind(day)
        .bind(guild)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    pub(in crate::store) async fn daily_board(
        &self,
        guild: GuildId,
        kind: GameKind,
        day: i64,
        higher_is_better: bool,
    ) -> Result<Vec<DailyDeal>> {
        let score = if higher_is_better { "DESC" } else { "ASC" };
        // NULLs last on both backends (SQLite puts them first in ascending order, PostgreSQL
        // last), said with `IS NULL` (false before true on both).
        let sql = format!(
            "SELECT {DEAL_COLUMNS} FROM daily_deals d \
             WHERE d.kind = $1 AND d.day = $2 AND d.ended IS NOT NULL \
             AND EXISTS (SELECT 1 FROM daily_places p WHERE p.guild_id = $3 \
                         AND p.user_id = d.user_id AND p.kind = d.kind AND p.day = d.day) \
             ORDER BY d.accuracy IS NULL, d.accuracy DESC, d.score IS NULL, d.score {score}, \
             d.name, d.user_id"
        );
        let rows = sqlx::query(&sql)
            .bind(kind.as_str())
            .bind(day)
            .bind(guild)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| deal_of(row, kind)).collect()
    }

    pub(in crate::store) async fn daily_history(
        &self,
        user: UserId,
        kind: GameKind,
    ) -> Result<Vec<DailyDeal>> {
        let sql = format!(
            "SELECT {DEAL_COLUMNS} FROM daily_deals \
             WHERE user_id = $1 AND kind = $2 AND ended IS NOT NULL ORDER BY day"
        );
        let rows = sqlx::query(&sql)
            .bind(user)
            .bind(kind.as_str())
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| deal_of(row, kind)).collect()
    }
}

/// A `daily_deals` row of [`DEAL_COLUMNS`], of kind `kind` (every query asks for one kind).
fn deal_of(row: &DbRow, kind: GameKind) -> Result<DailyDeal> {
    let ended = match row.try_get::<Option<String>, _>("ended")? {
        None => None,
        Some(ended) => Some(
            DailyEnd::parse(&ended).ok_or_else(|| sqlx::Error::ColumnDecode {
                index: "ended".into(),
                source: format!("{ended:?} is no end of a daily deal").into(),
            })?,
        ),
    };
    Ok(DailyDeal {
        user: row.try_get("user_id")?,
        kind,
        day: row.try_get("day")?,
        name: row.try_get("name")?,
        lang: Lang::from_code(&row.try_get::<String, _>("lang")?).unwrap_or_default(),
        events: row.try_get("events")?,
        version: row.try_get::<i64, _>("version")? as u64,
        ended,
        score: row.try_get("score")?,
        accuracy: row.try_get("accuracy")?,
        luck: row.try_get("luck")?,
        squares: row.try_get("squares")?,
        started_ms: row.try_get("started_ms")?,
        updated_ms: row.try_get("updated_ms")?,
    })
}
