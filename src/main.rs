//! The `forgetit` command: parse the command line, load the config, set up logging, and hand over
//! to the library.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use forgetit::config::{redacted, Config, LogFormat};
use forgetit::discord::{self, BotOptions};
use forgetit::sandbox::{self, SandboxOptions};
use forgetit::store;
use forgetit::strategy::getdickey::{self, Source};
use forgetit::strategy::sim::{self, Policy, SimConfig, SimGame};
use forgetit::strategy::solver::Solver;
use indicatif::{ProgressBar, ProgressStyle};
use tracing_subscriber::EnvFilter;

/// mimalloc rather than the system allocator: a click allocates and frees many small values
/// (gateway JSON, the rendered message, the request), and glibc's malloc was a fifth of the bot's
/// CPU under load (`cargo bench --bench load`). Its arenas are committed as they are used, not
/// whole at once (`.cargo/config.toml`): with 10,000 open games the bot holds about 67 MB rather
/// than 86.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A Discord bot that hosts the dice games For Get It and Get Dickey in server channels.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The config file (default: config.toml, if present). The environment overrides it.
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the bot (the default).
    Run,
    /// Try the bot without Discord: a Discord stand-in on 127.0.0.1, the real bot connected to
    /// it, and a web page showing its server (open the printed URL). Runs until Ctrl-C.
    Sandbox {
        /// The page's port on 127.0.0.1.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The SQLite file for the sandbox's games and leaderboards.
        #[arg(long, value_name = "PATH", default_value = "sandbox.db")]
        db: PathBuf,
    },
    /// Solve a game exactly: print the expected score under optimal play (For Get It: of a
    /// turn; Get Dickey: of a whole solitaire game).
    Solve {
        #[arg(long, value_enum, default_value = "for-get-it")]
        game: GameArg,
        /// For Get It: also print the policy table (decisions after the point number is chosen,
        /// per unit of the point number) up to this many point dice.
        #[arg(long, value_name = "MAX_POINT_DICE")]
        policy: Option<u32>,
        /// Get Dickey: the strategy table's cache file (default: the config's strategy.cache;
        /// "" for none). Read if it holds the table, else written once solved.
        #[arg(long, value_name = "PATH")]
        cache: Option<String>,
    },
    /// Play bot-only games and compare policies: win rates, scores, turns per game.
    Sim {
        #[arg(long, value_enum, default_value = "for-get-it")]
        game: GameArg,
        /// How many games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// One policy per seat, comma-separated: optimal, greedy, bank-at-N, two-words (For Get
        /// It), first-roll (Get Dickey).
        #[arg(long, value_delimiter = ',', default_value = "optimal,greedy")]
        seats: Vec<Policy>,
        /// The dice's seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// For Get It's target.
        #[arg(long, default_value_t = forgetit::engine::forgetit::DEFAULT_TARGET)]
        target: u32,
        /// Get Dickey: the strategy table's cache file, as for `solve`.
        #[arg(long, value_name = "PATH")]
        cache: Option<String>,
    },
    /// Copy every game, event log and statistic from one database into another, empty one (e.g.
    /// SQLite to PostgreSQL), then check the copy: every row equal, every open game rebuilt the
    /// same. Stop the bot first.
    MigrateDb {
        /// The database to copy: sqlite://PATH (an existing file) or postgres://...
        #[arg(long, value_name = "URL")]
        from: String,
        /// The database to copy into, empty (a SQLite file is created if absent): sqlite://PATH
        /// or postgres://...
        #[arg(long, value_name = "URL")]
        to: String,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum GameArg {
    ForGetIt,
    GetDickey,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => e.exit(), // --help, --version
        Err(e) => {
            // A usage error is one line, like every other error of the command.
            let text = e.to_string();
            let line = text.lines().next().unwrap_or_default();
            eprintln!("forgetit: {}", line.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match cli.command.unwrap_or(Cmd::Run) {
        Cmd::Solve {
            game: GameArg::ForGetIt,
            cache: Some(_),
            ..
        } => fail(&"--cache is for --game get-dickey (For Get It solves in well under a second)"),
        Cmd::Solve {
            game: GameArg::GetDickey,
            policy: Some(_),
            ..
        } => fail(&"--policy is for --game for-get-it"),
        Cmd::Solve {
            game: GameArg::ForGetIt,
            policy,
            ..
        } => solve(policy),
        Cmd::Solve {
            game: GameArg::GetDickey,
            cache,
            ..
        } => match strategy_table(cli.config.as_deref(), cache) {
            Ok(table) => {
                let value = table.expected_score();
                println!(
                    "Get Dickey: expected final score under optimal solitaire play: {value:.6}"
                );
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        },
        Cmd::Sim {
            game,
            games,
            seats,
            seed,
            target,
            cache,
        } => {
            let config = SimConfig {
                game: match game {
                    GameArg::ForGetIt => SimGame::ForGetIt,
                    GameArg::GetDickey => SimGame::GetDickey,
                },
                seats,
                games,
                seed,
                target,
            };
            sim(&config, cli.config.as_deref(), cache)
        }
        Cmd::MigrateDb { from, to } => migrate_db(&from, &to),
        Cmd::Run => serve(cli.config.as_deref(), |config| async move {
            let bot = discord::start(&config, BotOptions::default()).await;
            bot.map_err(|e| e.to_string())?
                .run_until_signal()
                .await
                .map_err(|e| e.to_string())
        }),
        Cmd::Sandbox { port, db } => serve(cli.config.as_deref(), |config| async move {
            let options = SandboxOptions::new(port, db.clone());
            let sandbox = sandbox::start(&config, options)
                .await
                .map_err(|e| e.to_string())?;
            println!(
                "forgetit sandbox: open {} (games kept in {}; Ctrl-C stops)",
                sandbox.url(),
                db.display()
            );
            sandbox.run_until_signal().await.map_err(|e| e.to_string())
        }),
    }
}

/// Loads the config, sets up logging, and runs `body` on a Tokio runtime: the long-running
/// commands.
fn serve<F, Fut, E>(file: Option<&std::path::Path>, body: F) -> ExitCode
where
    F: FnOnce(Config) -> Fut,
    Fut: std::future::Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    let config = match Config::load(file) {
        Ok(config) => config,
        Err(e) => return fail(&e),
    };
    init_tracing(&config);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&e),
    };
    match runtime.block_on(body(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn solve(policy: Option<u32>) -> ExitCode {
    let mut solver = Solver::new();
    let value = solver.turn_value();
    let mut out = std::io::stdout().lock();
    let mut lines = vec![format!(
        "For Get It: expected score of a turn under optimal play: {value:.6}"
    )];
    if let Some(max_k) = policy {
        lines.extend(solver.policy_table(max_k));
    }
    for line in lines {
        // A closed pipe (`| head`) just ends the output.
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// The Get Dickey strategy table, read from its cache or solved (with a progress bar).
fn strategy_table(
    config: Option<&std::path::Path>,
    cache: Option<String>,
) -> Result<dickey_solver::Table, String> {
    let cache = match cache {
        Some(path) => (!path.is_empty()).then(|| PathBuf::from(path)),
        None => Config::load(config)
            .map_err(|e| e.to_string())?
            .strategy
            .cache(),
    };
    let started = Instant::now();
    let bar = ProgressBar::new(0).with_style(
        ProgressStyle::with_template("solving Get Dickey {bar:40} {pos}/{len} states ({eta})")
            .map_err(|e| e.to_string())?,
    );
    let (table, source, unwritten) = getdickey::load_or_solve(cache.as_deref(), |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    });
    bar.finish_and_clear();
    let place = cache.as_ref().map(|p| p.display().to_string());
    match (source, place, unwritten) {
        (Source::Cache, Some(place), _) => eprintln!("strategy table read from {place}"),
        (_, Some(place), Some(error)) => {
            eprintln!(
                "solved in {:.1} s; not cached in {place}: {error}",
                started.elapsed().as_secs_f64()
            )
        }
        (_, Some(place), None) => eprintln!(
            "solved in {:.1} s; cached in {place}",
            started.elapsed().as_secs_f64()
        ),
        (_, None, _) => eprintln!("solved in {:.1} s", started.elapsed().as_secs_f64()),
    }
    Ok(table)
}

fn sim(config: &SimConfig, file: Option<&std::path::Path>, cache: Option<String>) -> ExitCode {
    if let Err(e) = sim::check(config) {
        return fail(&e);
    }
    let table = match config
        .needs_table()
        .then(|| strategy_table(file, cache))
        .transpose()
    {
        Ok(table) => table,
        Err(e) => return fail(&e),
    };
    let bar = ProgressBar::new(config.games);
    if let Ok(style) = ProgressStyle::with_template("playing {bar:40} {pos}/{len} games ({eta})") {
        bar.set_style(style);
    }
    let started = Instant::now();
    let report = sim::run(config, table.as_ref(), |done| bar.set_position(done));
    bar.finish_and_clear();
    let report = match report {
        Ok(report) => report,
        Err(e) => return fail(&e),
    };
    let seconds = started.elapsed().as_secs_f64();
    let name = match config.game {
        SimGame::ForGetIt => format!("For Get It, target {}", config.target),
        SimGame::GetDickey => "Get Dickey".to_string(),
    };
    println!(
        "{name}: {} games, seed {} ({:.0} games/s)",
        report.games,
        config.seed,
        report.games as f64 / seconds.max(1e-9)
    );
    println!("seat  policy        win rate   wins        mean score   spread");
    for (i, seat) in report.seats.iter().enumerate() {
        println!(
            "{:<5} {:<13} {:>7.2}%   {:<10.1}  {:>10.2}   {:>6.2}",
            i + 1,
            seat.policy.to_string(),
            100.0 * seat.wins / report.games as f64,
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
fn migrate_db(from: &str, to: &str) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&e),
    };
    let report = match runtime.block_on(store::migrate_db(from, to)) {
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

fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("forgetit: {error}");
    ExitCode::FAILURE
}

/// serenity opens an INFO span around every gateway event it handles and every REST request it
/// builds or sends, each with the whole event or request in its fields, formatted with `Debug`
/// (an interaction's token included, a request's body byte by byte): under load (`cargo bench
/// --bench load`) that was a fifth of the bot's CPU, and it says what no log should. Its own
/// INFO events are heartbeats and reconnections, which the bot logs itself. So serenity is kept
/// at warn unless a filter names it.
const QUIET: &str = "serenity=warn";

/// The filter: `RUST_LOG` if set and valid, else the config's `log.filter` if valid, else `info`.
fn log_filter(rust_log: Option<&str>, configured: &str) -> EnvFilter {
    let (asked, filter) = rust_log
        .and_then(|asked| Some((asked, EnvFilter::try_new(asked).ok()?)))
        .or_else(|| Some((configured, EnvFilter::try_new(configured).ok()?)))
        .unwrap_or_else(|| ("info", EnvFilter::new("info")));
    if asked.contains("serenity") {
        filter
    } else {
        filter.add_directive(QUIET.parse().expect("a directive"))
    }
}

fn init_tracing(config: &Config) {
    let filter = log_filter(
        std::env::var("RUST_LOG").ok().as_deref(),
        &config.log.filter,
    );
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match config.log.format {
        LogFormat::Plain => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

#[cfg(test)]
mod tests {
    use super::log_filter;

    #[test]
    fn serenity_is_quiet_unless_a_filter_names_it() {
        assert_eq!(log_filter(None, "info").to_string(), "serenity=warn,info");
        assert_eq!(
            log_filter(Some("forgetit=debug"), "info").to_string(),
            "serenity=warn,forgetit=debug"
        );
        assert_eq!(
            log_filter(Some("serenity=debug"), "info").to_string(),
            "serenity=debug"
        );
    }

    #[test]
    fn an_invalid_filter_falls_back_to_the_next() {
        assert_eq!(
            log_filter(Some("=[nonsense"), "debug").to_string(),
            "serenity=warn,debug"
        );
        assert_eq!(
            log_filter(Some("=[nonsense"), "=[also").to_string(),
            "serenity=warn,info"
        );
    }
}
