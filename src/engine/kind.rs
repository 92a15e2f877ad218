//! The words every layer uses for games: which game ([`GameKind`], expanded from the list in
//! `crate::games`), where a game stands ([`Status`]), and how lifetime results are ranked
//! ([`Ranking`], [`Scope`]).

use super::table::Rules;

macro_rules! game_kinds {
    ([] $($kind:ident => $module:ident,)*) => {
        /// Which game a table plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($kind,)*
        }

        impl GameKind {
            /// Every game, in the order of the list.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$kind,)*];

            /// The game's name in the database (`games.kind`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <crate::games::$module::$kind as Rules>::NAMES.key,)*
                }
            }

            /// The game's short code in the ids of buttons.
            pub fn code(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <crate::games::$module::$kind as Rules>::NAMES.code,)*
                }
            }

            /// The game's slash command (`/forgetit`), also its name in logs.
            pub fn command(self) -> &'static str {
                match self {
                    $(GameKind::$kind => <crate::games::$module::$kind as Rules>::NAMES.command,)*
                }
            }
        }
    };
}

crate::games::games!(game_kinds);

impl GameKind {
    /// The kind whose [`GameKind::as_str`] is `s`.
    pub fn parse(s: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|k| k.as_str() == s)
    }

    /// The kind whose [`GameKind::code`] is `s`.
    pub fn from_code(s: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|k| k.code() == s)
    }

    /// The kind whose [`GameKind::command`] is `s`.
    pub fn from_command(s: &str) -> Option<GameKind> {
        GameKind::ALL.iter().copied().find(|k| k.command() == s)
    }
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Lobby,
    Playing,
    Finished,
    Cancelled,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Playing => "playing",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Finished | Status::Cancelled)
    }
}

/// Leaderboards are per server, or global (all servers summed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Guild(crate::ids::GuildId),
    Global,
}

/// What a leaderboard ranks by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    Wins,
    Points,
    /// The game's best: of a turn, or of a game (each game says which).
    Best,
    /// The skill rating (`crate::ratings`), bot seats included.
    Rating,
}

impl Ranking {
    pub const ALL: [Ranking; 4] = [
        Ranking::Wins,
        Ranking::Points,
        Ranking::Best,
        Ranking::Rating,
    ];

    /// Its name in the ids of buttons.
    pub fn as_str(self) -> &'static str {
        match self {
            Ranking::Wins => "wins",
            Ranking::Points => "points",
            Ranking::Best => "best",
            Ranking::Rating => "rating",
        }
    }

    pub fn parse(s: &str) -> Option<Ranking> {
        Ranking::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// Which finished games a leaderboard counts: those of the last 7 days, of the last 30 days, or
/// all of them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Period {
    Week,
    Month,
    #[default]
    All,
}

impl Period {
    pub const ALL: [Period; 3] = [Period::Week, Period::Month, Period::All];

    /// Its name in the ids of buttons.
    pub fn as_str(self) -> &'static str {
        match self {
            Period::Week => "week",
            Period::Month => "month",
            Period::All => "all",
        }
    }

    pub fn parse(s: &str) -> Option<Period> {
        Period::ALL.into_iter().find(|p| p.as_str() == s)
    }

    /// How far back it reaches, in milliseconds; `None` for all time.
    pub fn span_ms(self) -> Option<i64> {
        const DAY_MS: i64 = 24 * 60 * 60 * 1000;
        match self {
            Period::Week => Some(7 * DAY_MS),
            Period::Month => Some(30 * DAY_MS),
            Period::All => None,
        }
    }
}
