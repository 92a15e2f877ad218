//! A server's settings: reading and changing them.

use super::*;

impl Queries {
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
