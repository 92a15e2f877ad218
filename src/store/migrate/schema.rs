//! The tables `migrate-db` copies ([`TABLES`]: every column of each, in the order of their
//! foreign keys), and a column's value, the same on either backend ([`Value`]).

/// Rows read, and written, by one query: a page of events is a few hundred kilobytes, and a page
/// of games (21 columns) binds far fewer values than either backend allows in a query.
pub(super) const PAGE: usize = 500;

/// How a column is read and written.
#[derive(Clone, Copy, Debug)]
pub(super) enum Ty {
    Int,
    IntOrNull,
    Text,
    TextOrNull,
    Bool,
    /// A REAL (SQLite), DOUBLE PRECISION (PostgreSQL): both IEEE 754 doubles, copied exactly.
    RealOrNull,
}

/// A table as the migration copies it: its key columns first.
pub(super) struct Table {
    pub(super) name: &'static str,
    /// How many of the first columns are its primary key (the order pages are read in).
    pub(super) key: usize,
    pub(super) columns: &'static [(&'static str, Ty)],
}

/// Every table of the schema (`migrations/*/`), with every column, in the order of their
/// foreign keys. The migration refuses a database whose tables have columns not listed here.
pub(super) const TABLES: [Table; 13] = [
    Table {
        name: "games",
        key: 1,
        columns: &[
            ("id", Ty::Int),
            ("guild_id", Ty::Int),
            ("channel_id", Ty::Int),
            ("kind", Ty::Text),
            ("status", Ty::Text),
            ("settings", Ty::Text),
            ("version", Ty::Int),
            ("lobby_message_id", Ty::IntOrNull),
            ("turn_message_id", Ty::IntOrNull),
            ("deadline_ms", Ty::IntOrNull),
            ("created_ms", Ty::Int),
            ("updated_ms", Ty::Int),
            ("finished_ms", Ty::IntOrNull),
            ("lang", Ty::Text),
            ("shown_version", Ty::IntOrNull),
            ("turn_timeout_ms", Ty::IntOrNull),
            ("bot_pace_ms", Ty::IntOrNull),
            ("rematch_of", Ty::IntOrNull),
            ("lobby_channel_id", Ty::IntOrNull),
            ("log_pruned_ms", Ty::IntOrNull),
            ("reach", Ty::Int),
        ],
    },
    Table {
        name: "seats",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("position", Ty::Int),
            ("player_kind", Ty::Text),
            ("player_id", Ty::Int),
            ("name", Ty::Text),
            ("total", Ty::Int),
            ("playing", Ty::Bool),
        ],
    },
    Table {
        name: "events",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("seq", Ty::Int),
            ("event", Ty::Text),
            ("created_ms", Ty::Int),
        ],
    },
    Table {
        name: "player_stats",
        key: 3,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("user_id", Ty::Int),
            ("games", Ty::Int),
            ("wins", Ty::Int),
            ("points", Ty::Int),
            ("best", Ty::Int),
            ("feats", Ty::Int),
            ("turns", Ty::Int),
            ("name", Ty::Text),
        ],
    },
    Table {
        name: "results",
        key: 2,
        columns: &[
            ("game_id", Ty::Int),
            ("user_id", Ty::Int),
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("name", Ty::Text),
            ("won", Ty::Int),
            ("points", Ty::Int),
            ("best", Ty::Int),
            ("feats", Ty::Int),
            ("turns", Ty::Int),
            ("finished_ms", Ty::Int),
        ],
    },
    Table {
        name: "ratings",
        key: 4,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("player_kind", Ty::Text),
            ("player_id", Ty::Int),
            ("name", Ty::Text),
            ("mu", Ty::Int),
            ("sigma", Ty::Int),
            ("games", Ty::Int),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "rating_history",
        key: 4,
        columns: &[
            ("guild_id", Ty::Int),
            ("kind", Ty::Text),
            ("user_id", Ty::Int),
            ("game_id", Ty::Int),
            ("mu", Ty::Int),
            ("sigma", Ty::Int),
            ("at_ms", Ty::Int),
        ],
    },
    Table {
        name: "guild_removals",
        key: 1,
        columns: &[("guild_id", Ty::Int), ("removed_ms", Ty::Int)],
    },
    Table {
        name: "guild_settings",
        key: 2,
        columns: &[
            // One row per setting a server set (`crate::settings`): whatever the settings.
            ("guild_id", Ty::Int),
            ("name", Ty::Text),
            ("value", Ty::Text),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "guild_channels",
        key: 2,
        columns: &[("guild_id", Ty::Int), ("channel_id", Ty::Int)],
    },
    Table {
        name: "daily_key",
        key: 1,
        columns: &[
            ("id", Ty::Int),
            ("secret", Ty::Text),
            ("first_day", Ty::Int),
        ],
    },
    Table {
        name: "daily_deals",
        key: 3,
        columns: &[
            ("user_id", Ty::Int),
            ("kind", Ty::Text),
            ("day", Ty::Int),
            ("name", Ty::Text),
            ("lang", Ty::Text),
            ("events", Ty::Text),
            ("version", Ty::Int),
            ("ended", Ty::TextOrNull),
            ("score", Ty::IntOrNull),
            ("accuracy", Ty::RealOrNull),
            ("luck", Ty::RealOrNull),
            ("squares", Ty::TextOrNull),
            ("started_ms", Ty::Int),
            ("updated_ms", Ty::Int),
        ],
    },
    Table {
        name: "daily_places",
        key: 4,
        columns: &[
            ("user_id", Ty::Int),
            ("kind", Ty::Text),
            ("day", Ty::Int),
            ("guild_id", Ty::Int),
        ],
    },
];

impl Table {
    pub(super) fn column_list(&self) -> String {
        let names: Vec<&str> = self.columns.iter().map(|(name, _)| *name).collect();
        names.join(", ")
    }
}

/// One column's value, the same on either backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Value {
    Int(i64),
    Null,
    Text(String),
    Bool(bool),
    /// A double, by its bits (compared exactly).
    Real(u64),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Null => f.write_str("NULL"),
            Value::Text(text) => write!(f, "{text:?}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Real(bits) => write!(f, "{}", f64::from_bits(*bits)),
        }
    }
}

pub(super) type Rows = Vec<Vec<Value>>;
