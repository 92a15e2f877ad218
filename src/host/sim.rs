//! Bot-only games, to compare policies: `forgetit sim`. Every game is played by the engine itself
//! (the same rules as a table), with fair dice seeded from the run's seed and the game's number, so
//! a run is repeatable. The seats take turns being first (where the rules pick the first player,
//! as For Get It's roll-off does, they decide anyway). Each game names its policies
//! ([`Hosted::policy`](crate::host::Hosted::policy)).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::{Hosted, Policy, Strategy as _};
use crate::engine::dice::RandomDice;
use crate::engine::table::{Action, Game, Phase, Turn as _};
use crate::engine::{GameKind, Player};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub game: GameKind,
    /// One policy per seat, as typed ("optimal", "bank-at-25"), as many as the game seats.
    pub seats: Vec<String>,
    pub games: u64,
    pub seed: u64,
    /// The target, for a game that has one (else its default).
    pub target: Option<u32>,
}

/// The half-width of a 99 % confidence interval of a mean over `n` games with this standard
/// deviation (normal approximation: 2.576 standard errors).
pub fn interval_99(spread: f64, n: u64) -> f64 {
    2.576 * spread / (n as f64).sqrt()
}

/// One seat's results over the run.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport {
    pub policy: String,
    /// Games won, a shared win counting its share.
    pub wins: f64,
    /// The standard deviation of the seat's share of a game's win (0, a share, or 1).
    pub wins_spread: f64,
    pub mean: f64,
    /// The standard deviation of the seat's final score.
    pub spread: f64,
}

/// A run's results.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    pub games: u64,
    /// The target played to, for a game that has one.
    pub target: Option<u32>,
    pub seats: Vec<SeatReport>,
    /// Turns played per game (every seat's turns), mean and standard deviation.
    pub turns_mean: f64,
    pub turns_spread: f64,
}

/// Why a run cannot be played, or stopped: the one line `forgetit sim` prints.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    /// A game that is neither built in nor registered (its key).
    #[error("no game {0}")]
    NoGame(String),
    #[error("{given} seats: this game seats {min} to {max}")]
    Seats {
        given: usize,
        min: usize,
        max: usize,
    },
    /// A policy the game does not have, and those it has.
    #[error("unknown policy {name:?} for this game ({policies})")]
    Policy {
        name: String,
        policies: &'static str,
    },
    #[error("no games to play")]
    NoGames,
    #[error("target {target} is not between {min} and {max}")]
    Target { target: u32, min: u32, max: u32 },
    #[error("this game has no target")]
    NoTarget,
    /// The rules refused a policy's move (or a seat): a policy's or a game's bug.
    #[error("game {game}: {refused}")]
    Refused { game: u64, refused: String },
    #[error("game {game}: no move for seat {seat}")]
    NoMove { game: u64, seat: usize },
    #[error("game {0} did not finish")]
    Unfinished(u64),
}

/// One game's outcome: each seat's (by policy order) final score and share of the win, and the
/// turns played.
struct Outcome {
    scores: Vec<f64>,
    wins: Vec<f64>,
    turns: f64,
}

/// The policies of a game, as checked from the typed names.
fn policies<R: Hosted>(config: &SimConfig) -> Result<Vec<Policy<R>>, SimError> {
    let (min, max) = (R::MIN_SEATS.max(1), R::MAX_SEATS);
    if !(min..=max).contains(&config.seats.len()) {
        return Err(SimError::Seats {
            given: config.seats.len(),
            min,
            max,
        });
    }
    let policies = config
        .seats
        .iter()
        .map(|name| {
            R::policy(name.trim()).ok_or_else(|| SimError::Policy {
                name: name.trim().to_string(),
                policies: R::POLICIES,
            })
        })
        .collect::<Result<Vec<_>, SimError>>()?;
    if config.games == 0 {
        return Err(SimError::NoGames);
    }
    match (R::TARGET, config.target) {
        (Some(t), Some(target)) if !(t.min..=t.max).contains(&target) => Err(SimError::Target {
            target,
            min: t.min,
            max: t.max,
        }),
        (None, Some(_)) => Err(SimError::NoTarget),
        _ => Ok(policies),
    }
}

/// Plays the games of `R` (on every core) and sums them up; `progress(done)` is called as games
/// end (what [`AnyHosted::sim`](super::AnyHosted::sim) does). The game's strategy is made from
/// `cache` (see [`super::Strategies::new`]). A configuration that cannot be played is refused in
/// one line.
pub(crate) fn run_game<R: Hosted>(
    config: &SimConfig,
    cache: Option<&std::path::Path>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, SimError> {
    // No seats given: the game's own ([`Hosted::SIM_SEATS`]).
    let given = config;
    let config = &SimConfig {
        seats: match given.seats.is_empty() {
            true => R::SIM_SEATS.iter().map(|s| s.to_string()).collect(),
            false => given.seats.clone(),
        },
        ..given.clone()
    };
    let policies = policies::<R>(config)?;
    let target = R::TARGET.map(|t| config.target.unwrap_or(t.default));
    let settings = R::settings(target, target.unwrap_or(0));
    let shared = R::Strategy::make(cache);
    // A worker thread's own strategy, where sharing one would make them wait for each other.
    let own: Vec<Option<R::Strategy>> = (0..rayon::current_num_threads())
        .map(|_| R::worker_strategy(&shared))
        .collect();
    let done = AtomicU64::new(0);
    let outcomes: Vec<Outcome> = (0..config.games)
        .into_par_iter()
        .map(|i| {
            let seed = config.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let worker = rayon::current_thread_index().unwrap_or(0) % own.len();
            let strategy = own[worker].as_ref().unwrap_or(&shared);
            let outcome = play::<R>(&policies, settings.clone(), i, seed, strategy);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            outcome
        })
        .collect::<Result<_, SimError>>()?;
    let n = outcomes.len() as f64;
    let stats = |values: Vec<f64>| {
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        (mean, var.sqrt())
    };
    let seats = config
        .seats
        .iter()
        .enumerate()
        .map(|(s, policy)| {
            let (mean, spread) = stats(outcomes.iter().map(|o| o.scores[s]).collect());
            let (_, wins_spread) = stats(outcomes.iter().map(|o| o.wins[s]).collect());
            SeatReport {
                policy: policy.trim().to_string(),
                wins: outcomes.iter().map(|o| o.wins[s]).sum(),
                wins_spread,
                mean,
                spread,
            }
        })
        .collect();
    let (turns_mean, turns_spread) = stats(outcomes.iter().map(|o| o.turns).collect());
    Ok(SimReport {
        games: config.games,
        target,
        seats,
        turns_mean,
        turns_spread,
    })
}

/// Game `i`: the policies rotated by `i`, so each sits first as often.
fn play<R: Hosted>(
    policies: &[Policy<R>],
    settings: R::Settings,
    i: u64,
    seed: u64,
    strategy: &R::Strategy,
) -> Result<Outcome, SimError> {
    let n = policies.len();
    // seats[seat] = the index of its policy.
    let seats: Vec<usize> = (0..n).map(|s| (s + i as usize) % n).collect();
    let bot = |seat: usize| Player::Bot(seat as u8 + 1);
    let mut dice = RandomDice::seeded(seed);
    let fail = |e: crate::engine::table::RuleError<R::Error>| SimError::Refused {
        game: i,
        refused: e.to_string(),
    };
    let (mut game, _) = Game::<R>::create(settings, bot(0), "Bot 1").map_err(fail)?;
    for seat in 1..n {
        let join = Action::Join {
            player: bot(seat),
            name: format!("Bot {}", seat + 1),
        };
        game.apply(join, &mut dice).map_err(fail)?;
    }
    game.apply(Action::Start { by: bot(0) }, &mut dice)
        .map_err(fail)?;
    let mut turns = 0;
    let mut last = None;
    while let Ok(turn) = game.turn() {
        let (seat, number) = (turn.seat(), turn.number());
        if last != Some(number) {
            last = Some(number);
            turns += 1;
        }
        let action =
            (policies[seats[seat]])(&game, strategy).ok_or(SimError::NoMove { game: i, seat })?;
        game.apply(action, &mut dice).map_err(fail)?;
    }
    let Phase::Finished { winners } = &game.phase else {
        return Err(SimError::Unfinished(i));
    };
    let mut out = Outcome {
        scores: vec![0.0; n],
        wins: vec![0.0; n],
        turns: f64::from(turns),
    };
    for (seat, &policy) in seats.iter().enumerate() {
        out.scores[policy] = f64::from(game.total(seat));
        if winners.contains(&seat) {
            out.wins[policy] = 1.0 / winners.len() as f64;
        }
    }
    Ok(out)
}
