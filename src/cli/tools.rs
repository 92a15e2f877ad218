//! The tools of the command line: `solve` and `sim` (each game's, by its
//! [`Hosted`](crate::host::Hosted) hooks) and `migrate-db`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::fail;
use crate::config::{Config, ConfigError};
use crate::engine::GameKind;
use crate::host::sim::{self, SimConfig};
use crate::host::{Games, SolveArgs, SolveError};
use crate::store;
use crate::store::redacted;

/// The games of the command line: the bot's own.
fn games() -> Games {
    crate::games::hosted()
}

/// A game as `--game` names it: its key with dashes (`for_get_it` is `for-get-it`).
pub(super) fn game_arg(s: &str) -> Result<GameKind, NoGame> {
    let names = || {
        games()
            .kinds()
            .iter()
            .map(|k| k.as_str().replace('_', "-"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    games().parse(&s.replace('-', "_")).ok_or_else(|| NoGame {
        asked: s.to_string(),
        games: names(),
    })
}

/// A `--game` that names no game: what was asked, and the games' names.
#[derive(Debug, thiserror::Error)]
#[error("no game {asked:?} ({games})")]
pub(super) struct NoGame {
    asked: String,
    games: String,
}

/// The games' names in `--game`'s help, and their policies in `--seats`'s.
pub(super) fn with_games_help(command: clap::Command) -> clap::Command {
    let names: Vec<String> = games()
        .kinds()
        .iter()
        .map(|k| k.as_str().replace('_', "-"))
        .collect();
    let game = format!("The game: {}", names.join(", "));
    let policies: Vec<String> = games()
        .iter()
        .zip(&names)
        .map(|(game, name)| format!("{name}: {}", game.policies()))
        .collect();
    let seats = format!(
        "One policy per seat, comma-separated ({})",
        policies.join("; ")
    );
    command
        .mut_subcommand("solve", |c| c.mut_arg("game", |a| a.help(game.clone())))
        .mut_subcommand("sim", |c| {
            c.mut_arg("game", |a| a.help(game.clone()))
                .mut_arg("seats", |a| a.help(seats))
        })
}

/// The cache file: `--cache` ("" for none), else the config's `strategy.cache`.
fn cache_file(
    config: Option<&Path>,
    cache: Option<String>,
) -> Result<Option<PathBuf>, ConfigError> {
    Ok(match cache {
        Some(path) => (!path.is_empty()).then(|| PathBuf::from(path)),
        None => Config::load(config)?.strategy.cache(),
    })
}

/// `forgetit solve`: the game's [`Hosted::solve`], with a progress bar on stderr.
pub(super) fn solve(
    game: GameKind,
    target: Option<u32>,
    policy: Option<u32>,
    cache: Option<String>,
    config: Option<&Path>,
) -> ExitCode {
    let cache_given = cache.is_some();
    let cache = match cache_file(config, cache) {
        Ok(cache) => cache,
        Err(e) => return fail(&e),
    };
    let args = SolveArgs {
        target,
        policy,
        cache,
        cache_given,
    };
    let bar = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template("solving {bar:40} {pos}/{len} ({eta})") {
        bar.set_style(style);
    }
    let progress = |done: u64, total: u64| {
        bar.set_length(total);
        bar.set_position(done);
    };
    let solved = match games().game(game) {
        Some(game) => game.solve(&args, &progress),
        None => Err(SolveError::NoGame(game.as_str().to_string())),
    };
    bar.finish_and_clear();
    let solved = match solved {
        Ok(solved) => solved,
        Err(e) => return fail(&e),
    };
    if let Some(note) = solved.note {
        eprintln!("{note}");
    }
    let mut out = std::io::stdout().lock();
    for line in solved.lines {
        // A closed pipe (`| head`) just ends the output.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `forgetit sim`: the report, or one line saying why not.
pub(super) fn sim(config: &SimConfig, file: Option<&Path>, cache: Option<String>) -> ExitCode {
    let cache = match cache_file(file, cache) {
        Ok(cache) => cache,
        Err(e) => return fail(&e),
    };
    let bar = ProgressBar::new(config.games);
    if let Ok(style) = ProgressStyle::with_template("playing {bar:40} {pos}/{len} games ({eta})") {
        bar.set_style(style);
    }
    let started = Instant::now();
    let progress = |done| bar.set_position(done);
    let report = games().sim(config, cache.as_deref(), &progress);
    bar.finish_and_clear();
    let report = match report {
        Ok(report) => report,
        Err(e) => return fail(&e),
    };
    let seconds = started.elapsed().as_secs_f64();
    let game = crate::i18n::Lang::EnUs.t(&format!("game-{}", config.game.command()));
    let name = match report.target {
        Some(target) => format!("{game}, target {target}"),
        None => game,
    };
    println!(
        "{name}: {} games, seed {} ({:.0} games/s)",
        report.games,
        config.seed,
        report.games as f64 / seconds.max(1e-9)
    );
    println!("seat  policy        win rate   99% interval       wins        mean score   spread");
    for (i, seat) in report.seats.iter().enumerate() {
        let rate = 100.0 * seat.wins / report.games as f64;
        let half = 100.0 * sim::interval_99(seat.wins_spread, report.games);
        println!(
            "{:<5} {:<13} {:>7.2}%   {:>6.2}–{:<6.2}%    {:<10.1}  {:>10.2}   {:>6.2}",
            i + 1,
            seat.policy,
            rate,
            (rate - half).max(0.0),
            (rate + half).min(100.0),
            seat.wins,
            seat.mean,
            seat.spread
        );
    }
    println!(
        "turns per game: {:.2} (spread {:.2})",
        report.turns_mean, report.turns_spread
    );
    ExitCode::SUCCESS
}

/// `forgetit migrate-db`: a summary on stdout, or one line on stderr and a failure.
/// `forgetit backup PATH`: the config's SQLite database copied to `path`, in one line.
pub(super) fn backup(file: Option<&Path>, path: &Path) -> ExitCode {
    let config = match Config::load(file) {
        Ok(config) => config,
        Err(e) => return fail(&e),
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&e),
    };
    let database = &config.database;
    let copied = runtime.block_on(store::backup(database.url.as_deref(), &database.path, path));
    match copied {
        Ok(bytes) => {
            println!(
                "backed up {} to {} ({bytes} bytes, integrity checked)",
                database.shown(),
                path.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            let text = e.to_string();
            fail(&text.lines().map(str::trim).collect::<Vec<_>>().join(" "))
        }
    }
}

pub(super) fn migrate_db(from: &str, to: &str) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&e),
    };
    let games = crate::discord::built_in();
    let open: Vec<_> = games.iter().map(|g| g.open_games()).collect();
    let report = match runtime.block_on(store::migrate_db(from, to, &open)) {
        Ok(report) => report,
        // A database's error may span lines: the command's errors are one.
        Err(e) => {
            let text = e.to_string();
            return fail(&text.lines().map(str::trim).collect::<Vec<_>>().join(" "));
        }
    };
    let rows: Vec<String> = report
        .rows
        .iter()
        .map(|(table, n)| format!("{n} {table}"))
        .collect();
    let open: Vec<String> = report
        .open_games
        .iter()
        .map(|(kind, n)| format!("{n} {}", kind.as_str()))
        .collect();
    println!("migrated {} to {}", redacted(from), redacted(to));
    println!("copied and compared: {}", rows.join(", "));
    println!("open games rebuilt the same: {}", open.join(", "));
    ExitCode::SUCCESS
}
