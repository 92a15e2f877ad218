//! Statistics, leaderboards and ratings: their types, and the [`Store`]'s API to read them.

use super::{now_ms, Backend, Result, Store, StoredGame};
use crate::engine::{GameKind, Period, Player, Ranking, Scope};
use crate::ids::UserId;

/// A person's lifetime statistics in one scope and game kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub user_id: UserId,
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub points: u64,
    pub best: u64,
    pub feats: u64,
    pub turns: u64,
}

/// Which leaderboard: of which game, where, ranked by what, counting which games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub kind: GameKind,
    pub scope: Scope,
    pub by: Ranking,
    pub period: Period,
}

/// A seat's rating, person or bot, in one scope and game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedPlayer {
    pub player: Player,
    /// The name used in the scope's server ('' across servers).
    pub name: String,
    pub rating: crate::ratings::Rating,
    pub games: u64,
}

/// One page of a leaderboard: of statistics ([`PlayerStats`]) or of ratings ([`RatedPlayer`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage<R = PlayerStats> {
    /// (rank from 1, row), best first.
    pub rows: Vec<(u64, R)>,
    pub page: u32,
    pub pages: u32,
    pub players: u64,
}

impl Store {
    /// One page (from 1) of a leaderboard of all time, `per_page` rows a page.
    pub async fn leaderboard(
        &self,
        kind: GameKind,
        scope: Scope,
        by: Ranking,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage> {
        let board = Board {
            kind,
            scope,
            by,
            period: Period::All,
        };
        self.leaderboard_of(board, page, per_page, now_ms()).await
    }

    /// One page of `board` as it stands at `now` (unix ms): of all time, or of the games
    /// finished in the 7 or 30 days before.
    pub async fn leaderboard_of(
        &self,
        board: Board,
        page: u32,
        per_page: u32,
        now: i64,
    ) -> Result<LeaderboardPage> {
        each!(self, q => q.leaderboard(board, page, per_page, now).await)
    }

    /// `user_id`'s rating after each of their last `last` rated games of `kind` in `scope`,
    /// oldest first (for their chart).
    pub async fn rating_history(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
        last: u32,
    ) -> Result<Vec<crate::ratings::Rating>> {
        each!(self, q => q.rating_history(kind, scope, user_id, last).await)
    }

    /// One page (from 1) of the ratings of `kind` in `scope` (people's: bot seats are rated but
    /// on no board), best first: by `mu - 3 sigma`, a skill each very likely has.
    pub async fn rating_board(
        &self,
        kind: GameKind,
        scope: Scope,
        page: u32,
        per_page: u32,
    ) -> Result<LeaderboardPage<RatedPlayer>> {
        each!(self, q => q.rating_board(kind, scope, page, per_page).await)
    }

    /// Writes the results (for leaderboards of a period) of the finished games of kind `G` that
    /// have none: those finished before results were kept, rebuilt from their logs. How many.
    pub async fn backfill_results<G: StoredGame>(&self) -> Result<usize> {
        each!(self, q => q.backfill_results::<G>().await)
    }

    /// One person's lifetime statistics, or `None` if they never finished a game in that scope.
    pub async fn player_stats(
        &self,
        kind: GameKind,
        scope: Scope,
        user_id: UserId,
    ) -> Result<Option<PlayerStats>> {
        each!(self, q => q.player_stats(kind, scope, user_id).await)
    }
}
