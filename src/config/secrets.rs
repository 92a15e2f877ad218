//! The settings given by file (a Docker or Kubernetes secret): read into the settings they stand
//! for, their trailing newline dropped.

use std::path::Path;

use super::{BadValue, Config, Token};
use crate::store::{redacted, BackendKind};

impl Config {
    /// Reads the secrets given by file (`discord.token_file`, `database.url_file`,
    /// `database.password_file`) into the settings they stand for.
    pub fn read_secrets(&mut self) -> Result<(), BadValue> {
        let discord = &mut self.discord;
        if let Some(path) = discord.token_file.take() {
            if discord.token.is_some() {
                return Err(BadValue::Twice {
                    key: "discord.token",
                });
            }
            discord.token = Some(Token::new(read_secret("discord.token", &path)?));
        }
        let database = &mut self.database;
        if let Some(path) = database.url_file.take() {
            if database.url.is_some() {
                return Err(BadValue::Twice {
                    key: "database.url",
                });
            }
            database.url = Some(read_secret("database.url", &path)?);
        }
        if let Some(path) = database.password_file.take() {
            let password = read_secret("database.password", &path)?;
            let url = database.url.as_deref().unwrap_or_default();
            if BackendKind::of(url) != Some(BackendKind::Postgres) {
                return Err(BadValue::PasswordWithoutPostgres);
            }
            let mut parsed = url::Url::parse(url).map_err(|_| BadValue::DatabaseUrl {
                shown: redacted(url),
            })?;
            if parsed.password().is_some() {
                return Err(BadValue::PasswordTwice);
            }
            // Every byte but letters and digits escaped: `url` itself leaves a `%` as it is.
            let escaped = percent_encoding::utf8_percent_encode(
                &password,
                percent_encoding::NON_ALPHANUMERIC,
            )
            .to_string();
            parsed
                .set_password(Some(&escaped))
                .map_err(|()| BadValue::DatabaseUrl {
                    shown: redacted(url),
                })?;
            database.url = Some(parsed.into());
        }
        Ok(())
    }
}

/// A secret read from `path` for `key`, its trailing newline (or CRLF) dropped.
fn read_secret(key: &'static str, path: &Path) -> Result<String, BadValue> {
    let text = std::fs::read_to_string(path).map_err(|e| BadValue::SecretFile {
        key,
        path: path.to_path_buf(),
        uid: crate::unix::effective_uid(),
        cause: e.to_string(),
    })?;
    let secret = text.trim_end_matches(['\n', '\r']);
    if secret.is_empty() {
        return Err(BadValue::EmptySecret {
            key,
            path: path.to_path_buf(),
        });
    }
    Ok(secret.to_string())
}
