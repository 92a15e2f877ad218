//! The `[database]` section: which database, and what a commit survives.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::BadValue;
use crate::store::{redacted, BackendKind, Durability};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The database, by URL: `sqlite://PATH` or `postgres://USER:PASSWORD@HOST/NAME`. Without
    /// it, the SQLite file at `path`.
    pub url: Option<String>,
    /// A file holding `url` (a secret), its trailing newline dropped. Not with `url`.
    pub url_file: Option<PathBuf>,
    /// A file holding the PostgreSQL password, for a `url` without one (PostgreSQL's own
    /// `PGPASSFILE` works too).
    pub password_file: Option<PathBuf>,
    /// The SQLite file, created on first run (when no `url` is given).
    pub path: PathBuf,
    /// What an answered click's commit survives: "process" (the process being killed; the
    /// default) or "machine" (a power cut too: an fsync per transaction).
    pub durability: Durability,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            url: None,
            url_file: None,
            password_file: None,
            path: PathBuf::from("forgetit.db"),
            durability: Durability::default(),
        }
    }
}

impl DatabaseConfig {
    /// The database, for logs and errors: its URL without a password, or the SQLite file.
    pub fn shown(&self) -> String {
        match &self.url {
            Some(url) => redacted(url),
            None => self.path.display().to_string(),
        }
    }

    pub(super) fn validate(&self) -> Result<(), BadValue> {
        match &self.url {
            Some(url) if BackendKind::of(url).is_none() => Err(BadValue::DatabaseUrl {
                shown: redacted(url),
            }),
            _ => Ok(()),
        }
    }
}
