//! The words every layer uses for games: which game ([`GameKind`], a handle on a game's names),
//! where a game stands ([`Status`]), and how lifetime results are ranked
//! ([`Ranking`], [`Scope`]).

use super::table::Names;

/// Which game a table plays: a small handle on the game's [`Names`], compared by its key (its
/// name in the database). The engine knows no game: each game makes its kind from its names
/// ([`GameKind::of`]); the games a service offers (`host::Games`) find one by its key, its code
/// or its command.
#[derive(Clone, Copy)]
pub struct GameKind(&'static Names);

impl GameKind {
    /// The kind of the game named `names` (its `Rules::NAMES`).
    pub const fn of(names: &'static Names) -> GameKind {
        GameKind(names)
    }

    /// The game's names.
    pub fn names(self) -> &'static Names {
        self.0
    }

    /// The game's name in the database (`games.kind`).
    pub fn as_str(self) -> &'static str {
        self.0.key
    }

    /// The game's short code in the ids of buttons.
    pub fn code(self) -> &'static str {
        self.0.code
    }

    /// The game's slash command (`/forgetit`), also its name in logs.
    pub fn command(self) -> &'static str {
        self.0.command
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.key == other.0.key
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.key.hash(state);
    }
}

impl std::fmt::Debug for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameKind({})", self.0.key)
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
