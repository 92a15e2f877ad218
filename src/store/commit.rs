//! The committer's side of the store: one action's commit as it waits for the committer
//! (`run_commits`, in `queries/commit.rs`), and the helpers that write many rows a query.

use super::{Placing, SeatResult, SeatRow};
use crate::engine::{GameKind, Status};
use crate::ids::{GameId, MessageId};

/// One action's commit, waiting for the committer (written in one transaction with the others
/// waiting).
pub(crate) struct CommitJob {
    pub(super) game_id: GameId,
    pub(super) version: u64,
    pub(super) status: Status,
    pub(super) deadline_ms: Option<i64>,
    pub(super) event: String,
    pub(super) seats: Seats,
    pub(super) results: Vec<SeatResult>,
    /// Every seat's place, once the game is finished (for the ratings).
    pub(super) placings: Vec<Placing>,
    pub(super) kind: GameKind,
    /// A new turn began: the turn message stored is the last turn's, and one is due for this one
    /// (stored once posted).
    pub(super) new_turn: bool,
}

/// What the committer writes: an action's commit, or which messages show a game (with the
/// commits waiting at the same moment, in their transaction).
pub(crate) enum Job {
    Commit(CommitJob),
    Messages {
        game_id: GameId,
        lobby_message_id: Option<MessageId>,
        turn_message_id: Option<MessageId>,
    },
    /// The versions some games' messages show (`(game id, version)`, at most a statement's).
    Shown(Vec<(GameId, u64)>),
}

/// How a commit changes its game's seats.
pub(crate) enum Seats {
    Same,
    /// The same people in the same seats; these seats' totals or playing changed (a bank).
    Scores(Vec<(i64, SeatRow)>),
    /// Seats taken, freed or moved (or the game before is unknown): all are written again.
    All(Vec<SeatRow>),
}

impl Seats {
    pub(super) fn between(before: Option<Vec<SeatRow>>, after: Vec<SeatRow>) -> Seats {
        let Some(before) = before else {
            return Seats::All(after);
        };
        let same_people = before.len() == after.len()
            && before
                .iter()
                .zip(&after)
                .all(|(b, a)| b.player == a.player && b.name == a.name);
        if !same_people {
            return Seats::All(after);
        }
        let scores: Vec<(i64, SeatRow)> = before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (b, a))| *b != a)
            .map(|(position, (_, a))| (position as i64, a))
            .collect();
        match scores.is_empty() {
            true => Seats::Same,
            false => Seats::Scores(scores),
        }
    }
}

/// `Ok(true)`: written; `Ok(false)`: the game was not at the version before, or (messages) is
/// not stored (nothing written); `Err`: the transaction failed (nothing written), its error shared
/// by every job it carried.
pub(crate) type CommitReply =
    tokio::sync::oneshot::Sender<std::result::Result<bool, std::sync::Arc<super::StoreError>>>;

/// The most commits one transaction takes.
pub(super) const BATCH: usize = 64;

/// The jobs in runs of 64, 32, ..., 2, 1: a query for each run, so the writer keeps a few
/// prepared queries and pays a few round trips to SQLite's thread for many commits.
pub(super) fn chunks<T>(mut jobs: &[T]) -> impl Iterator<Item = &[T]> {
    std::iter::from_fn(move || {
        let size = match jobs.len() {
            0 => return None,
            n => 1 << n.min(BATCH).ilog2(),
        };
        let (chunk, rest) = jobs.split_at(size);
        jobs = rest;
        Some(chunk)
    })
}

/// A query with `n` rows of values (`n` a power of two up to [`BATCH`]), built once: `head`,
/// then `n` times `row` joined by commas, then `tail`, its `?` numbered `$1`, `$2`, ... if
/// `numbered` (PostgreSQL's only kind of parameter). SQLite keeps them anonymous: it finds the
/// name of a named parameter by walking its list of names, and sqlx asks the name of each one it
/// binds, so numbered parameters cost a query of hundreds of them time quadratic in their count.
pub(super) fn rows_sql(
    cache: &'static std::sync::OnceLock<Vec<String>>,
    n: usize,
    [head, row, tail]: [&str; 3],
    numbered: bool,
) -> &'static str {
    let sql = cache.get_or_init(|| {
        (0..=BATCH.ilog2())
            .map(|k| {
                let sql = format!("{head}{}{tail}", vec![row; 1 << k].join(", "));
                match numbered {
                    true => number(&sql),
                    false => sql,
                }
            })
            .collect()
    });
    &sql[n.ilog2() as usize]
}

/// `sql` with each `?` replaced by `$1`, `$2`, ... in turn.
fn number(sql: &str) -> String {
    let mut n = 0;
    sql.split('?')
        .enumerate()
        .map(|(i, part)| match i {
            0 => part.to_string(),
            _ => {
                n += 1;
                format!("${n}{part}")
            }
        })
        .collect()
}

impl std::fmt::Debug for CommitJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "commit of game {} version {}",
            self.game_id, self.version
        )
    }
}
