//! Bot-only games, to compare policies: `forgetit sim`. Every game is played by the engine itself
//! (the same rules as a table), with fair dice seeded from the run's seed and the game's number, so
//! a run is repeatable. The seats take turns being first (Get Dickey: seating order; For Get It:
//! the roll-off, F2, decides anyway).

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use crate::engine::dice::RandomDice;
use crate::engine::{forgetit, getdickey, Player};

use super::getdickey as gd;
use super::solver::Solver;
use super::Heuristic;

/// Which game to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimGame {
    ForGetIt,
    GetDickey,
}

/// How a simulated seat plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// For Get It: the exact solver, playing to win in the last turns; Get Dickey: the optimal
    /// solitaire strategy.
    Optimal,
    /// For Get It: the exact solver for expected points, playing to win only in its last turn of
    /// the final round (F10), not when an opponent nears the target: what the race adds.
    Points,
    /// For Get It: [`Heuristic::GREEDY`] (bank at 30 or with two words out); Get Dickey:
    /// [`gd::simple`].
    Greedy,
    /// For Get It: bank once the turn is worth this many points.
    BankAt(u32),
    /// For Get It: bank when two different words are out with dice still in hand.
    TwoWords,
    /// Get Dickey: score every first roll at once in the box worth most.
    FirstRoll,
}

impl Policy {
    /// True when the policy plays `game`.
    pub fn plays(self, game: SimGame) -> bool {
        match self {
            Policy::Optimal | Policy::Greedy => true,
            Policy::Points | Policy::BankAt(_) | Policy::TwoWords => game == SimGame::ForGetIt,
            Policy::FirstRoll => game == SimGame::GetDickey,
        }
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Policy::Optimal => f.write_str("optimal"),
            Policy::Points => f.write_str("points"),
            Policy::Greedy => f.write_str("greedy"),
            Policy::BankAt(n) => write!(f, "bank-at-{n}"),
            Policy::TwoWords => f.write_str("two-words"),
            Policy::FirstRoll => f.write_str("first-roll"),
        }
    }
}

impl FromStr for Policy {
    type Err = String;

    fn from_str(s: &str) -> Result<Policy, String> {
        let s = s.trim();
        Ok(match s {
            "optimal" => Policy::Optimal,
            "points" => Policy::Points,
            "greedy" => Policy::Greedy,
            "two-words" => Policy::TwoWords,
            "first-roll" => Policy::FirstRoll,
            _ => match s.strip_prefix("bank-at-").map(str::parse::<u32>) {
                Some(Ok(n)) if n > 0 => Policy::BankAt(n),
                _ => {
                    return Err(format!(
                        "unknown policy {s:?} (optimal, points, greedy, bank-at-N, two-words, first-roll)"
                    ))
                }
            },
        })
    }
}

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub game: SimGame,
    /// One policy per seat, 1 to 10 seats (2 to 10 for For Get It).
    pub seats: Vec<Policy>,
    pub games: u64,
    pub seed: u64,
    /// For Get It's target (F10).
    pub target: u32,
}

impl SimConfig {
    /// True when a seat plays the optimal Get Dickey policy, which needs the strategy table.
    pub fn needs_table(&self) -> bool {
        self.game == SimGame::GetDickey && self.seats.contains(&Policy::Optimal)
    }
}

/// One seat's results over the run.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatReport {
    pub policy: Policy,
    /// Games won, a shared win counting its share (F10, G7).
    pub wins: f64,
    pub mean: f64,
    /// The standard deviation of the seat's final score.
    pub spread: f64,
}

/// A run's results.
#[derive(Clone, Debug, PartialEq)]
pub struct SimReport {
    pub games: u64,
    pub seats: Vec<SeatReport>,
    /// Turns played per game (every seat's turns), mean and standard deviation.
    pub turns_mean: f64,
    pub turns_spread: f64,
}

/// One game's outcome: each seat's (by policy order) final score and share of the win, and the
/// turns played.
struct Outcome {
    scores: Vec<f64>,
    wins: Vec<f64>,
    turns: f64,
}

/// Checks a configuration: a line saying what is wrong.
pub fn check(config: &SimConfig) -> Result<(), String> {
    let (min, max) = match config.game {
        SimGame::ForGetIt => (forgetit::MIN_SEATS, forgetit::MAX_SEATS),
        SimGame::GetDickey => (getdickey::MIN_SEATS, getdickey::MAX_SEATS),
    };
    if !(min..=max).contains(&config.seats.len()) {
        return Err(format!(
            "{} seats: this game seats {min} to {max}",
            config.seats.len()
        ));
    }
    if let Some(p) = config.seats.iter().find(|p| !p.plays(config.game)) {
        return Err(format!("the {p} policy does not play this game"));
    }
    if config.games == 0 {
        return Err("no games to play".into());
    }
    if config.game == SimGame::ForGetIt && !(1..=forgetit::MAX_TARGET).contains(&config.target) {
        return Err(format!(
            "target {} is not between 1 and {}",
            config.target,
            forgetit::MAX_TARGET
        ));
    }
    Ok(())
}

/// Plays the games (on every core) and sums them up; `progress(done)` is called as games end.
/// `table` is the Get Dickey strategy, needed when a Get Dickey seat plays [`Policy::Optimal`].
pub fn run(
    config: &SimConfig,
    table: Option<&dickey_solver::Table>,
    progress: impl Fn(u64) + Sync,
) -> Result<SimReport, String> {
    check(config)?;
    if config.needs_table() && table.is_none() {
        return Err("the optimal Get Dickey policy needs its strategy table".into());
    }
    let done = AtomicU64::new(0);
    // One solver per worker thread, filled once and kept for all its games.
    let solvers: Vec<Mutex<Solver>> = (0..rayon::current_num_threads())
        .map(|_| Mutex::new(Solver::new()))
        .collect();
    let outcomes: Vec<Outcome> = (0..config.games)
        .into_par_iter()
        .map(|i| {
            let seed = config.seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let outcome = match config.game {
                SimGame::ForGetIt => {
                    let worker = rayon::current_thread_index().unwrap_or(0) % solvers.len();
                    let mut solver = solvers[worker]
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner);
                    play_forgetit(config, i, seed, &mut solver)
                }
                SimGame::GetDickey => play_getdickey(config, i, seed, table),
            };
            progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            outcome
        })
        .collect::<Result<_, String>>()?;
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
        .map(|(s, &policy)| {
            let (mean, spread) = stats(outcomes.iter().map(|o| o.scores[s]).collect());
            SeatReport {
                policy,
                wins: outcomes.iter().map(|o| o.wins[s]).sum(),
                mean,
                spread,
            }
        })
        .collect();
    let (turns_mean, turns_spread) = stats(outcomes.iter().map(|o| o.turns).collect());
    Ok(SimReport {
        games: config.games,
        seats,
        turns_mean,
        turns_spread,
    })
}

/// Seat order of game `i`: the policies rotated by `i`, so each policy sits first as often.
fn order(seats: usize, i: u64) -> Vec<usize> {
    (0..seats).map(|s| (s + i as usize) % seats).collect()
}

/// The bots' names and players; `policy_of[seat]` is the index of the policy in the config.
fn bots(config: &SimConfig, i: u64) -> Vec<(Player, String, usize)> {
    order(config.seats.len(), i)
        .into_iter()
        .enumerate()
        .map(|(seat, policy)| {
            let n = seat as u8 + 1;
            (Player::Bot(n), format!("Bot {n}"), policy)
        })
        .collect()
}

fn outcome(
    config: &SimConfig,
    seats: &[(Player, String, usize)],
    scores: Vec<u32>,
    winners: &[usize],
    turns: u32,
) -> Outcome {
    let mut out = Outcome {
        scores: vec![0.0; config.seats.len()],
        wins: vec![0.0; config.seats.len()],
        turns: f64::from(turns),
    };
    for (seat, (_, _, policy)) in seats.iter().enumerate() {
        out.scores[*policy] = f64::from(scores[seat]);
        if winners.contains(&seat) {
            out.wins[*policy] = 1.0 / winners.len() as f64;
        }
    }
    out
}

fn play_forgetit(
    config: &SimConfig,
    i: u64,
    seed: u64,
    solver: &mut Solver,
) -> Result<Outcome, String> {
    let seats = bots(config, i);
    let mut dice = RandomDice::seeded(seed);
    let settings = forgetit::Settings {
        target: config.target,
    };
    let fail = |e: forgetit::RuleError| format!("game {i}: {e}");
    let (host, name, _) = &seats[0];
    let (mut game, _) = forgetit::Game::create(settings, *host, name.clone()).map_err(fail)?;
    for (player, name, _) in &seats[1..] {
        let join = forgetit::Action::Join {
            player: *player,
            name: name.clone(),
        };
        game.apply(join, &mut dice).map_err(fail)?;
    }
    game.apply(forgetit::Action::Start { by: *host }, &mut dice)
        .map_err(fail)?;
    while let Ok(turn) = game.turn() {
        let seat = turn.seat;
        let action = match config.seats[seats[seat].2] {
            Policy::Optimal => super::optimal(&game, solver),
            Policy::Points => super::points(&game, solver),
            Policy::Greedy => Heuristic::GREEDY.play(&game),
            Policy::BankAt(points) => Heuristic::bank_at(points).play(&game),
            Policy::TwoWords => Heuristic::TWO_WORDS.play(&game),
            Policy::FirstRoll => None,
        };
        let action = action.ok_or_else(|| format!("game {i}: no move for seat {seat}"))?;
        game.apply(action, &mut dice).map_err(fail)?;
    }
    let forgetit::Phase::Finished { winners } = &game.phase else {
        return Err(format!("game {i} did not finish"));
    };
    let scores = game.seats.iter().map(|s| s.total).collect();
    let turns = game.seats.iter().map(|s| s.stats.turns).sum();
    Ok(outcome(config, &seats, scores, winners, turns))
}

fn play_getdickey(
    config: &SimConfig,
    i: u64,
    seed: u64,
    table: Option<&dickey_solver::Table>,
) -> Result<Outcome, String> {
    let seats = bots(config, i);
    let mut dice = RandomDice::seeded(seed);
    let fail = |e: getdickey::RuleError| format!("game {i}: {e}");
    let (host, name, _) = &seats[0];
    let (mut game, _) =
        getdickey::Game::create(getdickey::Settings {}, *host, name.clone()).map_err(fail)?;
    for (player, name, _) in &seats[1..] {
        let join = getdickey::Action::Join {
            player: *player,
            name: name.clone(),
        };
        game.apply(join, &mut dice).map_err(fail)?;
    }
    game.apply(getdickey::Action::Start { by: *host }, &mut dice)
        .map_err(fail)?;
    let mut turns = 0;
    let mut last = None;
    while let Ok(turn) = game.turn() {
        if last != Some(turn.number) {
            last = Some(turn.number);
            turns += 1;
        }
        let seat = turn.seat;
        let action = match (config.seats[seats[seat].2], table) {
            (Policy::Optimal, Some(table)) => gd::optimal(&game, table),
            (Policy::Greedy, _) => gd::simple(&game),
            (Policy::FirstRoll, _) => gd::first_roll(&game),
            _ => None,
        };
        let action = action.ok_or_else(|| format!("game {i}: no move for seat {seat}"))?;
        game.apply(action, &mut dice).map_err(fail)?;
    }
    let getdickey::Phase::Finished { winners } = &game.phase else {
        return Err(format!("game {i} did not finish"));
    };
    let scores = game.seats.iter().map(|s| s.total()).collect();
    Ok(outcome(config, &seats, scores, winners, turns))
}
