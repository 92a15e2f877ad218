//! The `forgetit` command: parse the command line, load the config, set up logging, and hand over
//! to the library: the bot ([`crate::discord`]), the sandbox ([`crate::sandbox`]), or a tool
//! ([`tools`]: solve, sim, migrate-db), or the health check ([`healthcheck`]).

mod healthcheck;
mod tools;

use crate::sync::Lock;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use crate::config::{Config, LogFormat};
use crate::discord::{self, BotOptions};
use crate::engine::GameKind;
use crate::sandbox::{self, SandboxOptions};

/// A Discord bot that hosts dice games in server channels.
#[derive(Parser)]
#[command(version, about)]
pub struct Cli {
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
        /// The SQLite file for the sandbox's games and leaderboards (a database.url in the
        /// config is used instead), and beside it the channels' messages.
        #[arg(long, value_name = "PATH", default_value = "sandbox.db")]
        db: PathBuf,
    },
    /// Solve a game exactly: print what optimal play is worth (each game says what: an expected
    /// score, a chance of winning).
    Solve {
        /// The game (its names are listed by --help).
        #[arg(long, default_value = "for-get-it", value_parser = tools::game_arg)]
        game: GameKind,
        /// The target, for a game whose optimal play depends on it.
        #[arg(long)]
        target: Option<u32>,
        /// Also print the policy table, up to this much, for a game that prints one (For Get It:
        /// its decisions after the point number is chosen, up to this many point dice).
        #[arg(long, value_name = "MAX_POINT_DICE")]
        policy: Option<u32>,
        /// The cache file of a game that keeps its solved table (default: the config's
        /// strategy.cache; "" for none). Read if it holds the table, else written once solved.
        #[arg(long, value_name = "PATH")]
        cache: Option<String>,
    },
    /// Play bot-only games and compare policies: win rates, scores, turns per game.
    Sim {
        /// The game (its names are listed by --help).
        #[arg(long, default_value = "for-get-it", value_parser = tools::game_arg)]
        game: GameKind,
        /// How many games.
        #[arg(long, default_value_t = 10_000)]
        games: u64,
        /// One policy per seat, comma-separated (each game's are listed by --help); by default
        /// the game's own (optimal against greedy, or two optimal seats).
        #[arg(long, value_delimiter = ',')]
        seats: Vec<String>,
        /// The dice's seed: the same seed plays the same games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The target, for a game that has one (default: the game's).
        #[arg(long)]
        target: Option<u32>,
        /// The cache file of a game that keeps its solved table, as for `solve`.
        #[arg(long, value_name = "PATH")]
        cache: Option<String>,
    },
    /// Write a consistent, checked copy of the bot's SQLite database (the config's) to PATH,
    /// while the bot runs: taken at one moment, checked with SQLite's integrity check, then
    /// renamed into place. On PostgreSQL, use pg_dump.
    Backup {
        /// The copy to write (replaced whole if it exists).
        #[arg(value_name = "PATH")]
        path: PathBuf,
    },
    /// Ask the running bot whether it is alive (`/livez`), or ready with --ready (`/readyz`), on
    /// the config's metrics.listen: exit status 0 and "ok", or 1 and why not (for a container's
    /// health check: the image needs no curl).
    Healthcheck {
        /// Ask for readiness (every shard connected, the database taking writes), not liveness.
        #[arg(long)]
        ready: bool,
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

/// Runs the command line's command.
pub fn main() -> ExitCode {
    let parsed = tools::with_games_help(Cli::command())
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
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
            game,
            target,
            policy,
            cache,
        } => tools::solve(game, target, policy, cache, cli.config.as_deref()),
        Cmd::Sim {
            game,
            games,
            seats,
            seed,
            target,
            cache,
        } => {
            let config = crate::host::sim::SimConfig {
                game,
                seats,
                games,
                seed,
                target,
            };
            tools::sim(&config, cli.config.as_deref(), cache)
        }
        // Both databases are named on the command line; a config file (whose database is one
        // of them, or not) would only leave doubt about which is copied where.
        Cmd::MigrateDb { .. } if cli.config.is_some() => {
            eprintln!(
                "forgetit: migrate-db takes its databases from --from and --to and reads no \
                 config file: drop --config"
            );
            ExitCode::from(2)
        }
        Cmd::MigrateDb { from, to } => tools::migrate_db(&from, &to),
        Cmd::Backup { path } => tools::backup(cli.config.as_deref(), &path),
        Cmd::Healthcheck { ready } => healthcheck::run(cli.config.as_deref(), ready),
        Cmd::Run => serve(cli.config.as_deref(), |config| async move {
            let bot = match discord::start(&config, BotOptions::default()).await {
                Ok(bot) => bot,
                // Stopped while it waited for the database or Discord: a clean stop.
                Err(discord::BotError::Stopped) => {
                    tracing::info!("stopped while waiting to start");
                    return Ok(());
                }
                Err(e) => return Err(e.into()),
            };
            bot.run_until_signal().await.map_err(Failed::from)
        }),
        Cmd::Sandbox { port, db } => serve(cli.config.as_deref(), |config| async move {
            let options = SandboxOptions::new(port, db.clone());
            let sandbox = sandbox::start(&config, options)
                .await
                .map_err(Failed::from)?;
            println!(
                "forgetit sandbox: open {} (games kept in {}; Ctrl-C stops)",
                sandbox.url(),
                sandbox.database()
            );
            sandbox.run_until_signal().await.map_err(Failed::from)
        }),
    }
}

/// The exit status of a start refused because the database is newer than this binary (a
/// rollback): it would fail the same way at every start, so the systemd example does not restart
/// on it (`RestartPreventExitStatus=3`); see docs/operating.md, "Upgrading and rolling back".
pub const EXIT_NEWER_DATABASE: u8 = 3;

/// The exit status of a start whose token Discord refused (401): it would be refused again.
pub const EXIT_TOKEN_REJECTED: u8 = 4;

/// Why a long-running command stopped: its line, and its exit status.
struct Failed {
    line: String,
    status: u8,
}

impl From<discord::BotError> for Failed {
    fn from(error: discord::BotError) -> Failed {
        let status = if error.is_newer_database() {
            EXIT_NEWER_DATABASE
        } else if error.is_token_rejected() {
            EXIT_TOKEN_REJECTED
        } else {
            1
        };
        Failed {
            line: error.to_string(),
            status,
        }
    }
}

impl From<sandbox::SandboxError> for Failed {
    fn from(error: sandbox::SandboxError) -> Failed {
        match error {
            sandbox::SandboxError::Bot(bot) => bot.into(),
            other => Failed {
                line: other.to_string(),
                status: 1,
            },
        }
    }
}

/// Loads the config, sets up logging, and runs `body` on a Tokio runtime: the long-running
/// commands.
fn serve<F, Fut>(file: Option<&std::path::Path>, body: F) -> ExitCode
where
    F: FnOnce(Config) -> Fut,
    Fut: std::future::Future<Output = Result<(), Failed>>,
{
    let config = match Config::load(file) {
        Ok(config) => config,
        Err(e) => return fail(&e),
    };
    init_tracing(&config);
    let json = config.log.format == LogFormat::Json;
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&e),
    };
    let result = runtime.block_on(body(config));
    // The stop is done (the database closed, the health server stopped last): exit now, without
    // waiting for work on the blocking pool that nobody awaits any more (a strategy being
    // solved, an answer no one will read).
    runtime.shutdown_background();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failed { line, status }) => {
            // In JSON logs, a JSON line as every other: the reason, and the exit status.
            if json {
                tracing::error!(exit_status = status, "{line}");
            } else {
                eprintln!("forgetit: {line}");
            }
            ExitCode::from(status)
        }
    }
}

pub(crate) fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("forgetit: {error}");
    ExitCode::FAILURE
}

/// serenity opens an INFO span around every gateway event it handles and every REST request it
/// builds or sends, each with the whole event or request in its fields, formatted with `Debug`
/// (an interaction's token included, a request's body byte by byte): under load (`cargo bench
/// --bench load`) that was a fifth of the bot's CPU, and it says what no log should. Its own
/// INFO events are heartbeats and reconnections, which the bot logs itself. So serenity is kept
/// at warn unless a filter names it.
///
/// usvg (the charts' SVG reader) warns, through `log`, of SVG it reads differently from a browser
/// (issue 56 counted 6 to 9 lines a review chart at `info`; the charts are drawn as meant), and
/// tiny-skia (its rasterizer) of a stroke it cannot draw, such as a line of no length (a chart's
/// series of one point, now and then): both kept at error unless a filter names them.
const QUIET: &[(&str, &str)] = &[
    ("serenity", "serenity=warn"),
    ("usvg", "usvg=error"),
    ("tiny_skia", "tiny_skia=error"),
];

/// The filter: `RUST_LOG` if set, else the config's `log.filter` (`Config::load` refused either
/// if tracing cannot read it), with [`QUIET`]'s directives for the targets it does not name.
fn log_filter(rust_log: Option<&str>, configured: &str) -> EnvFilter {
    let asked = rust_log
        .filter(|asked| !asked.trim().is_empty())
        .unwrap_or(configured);
    let filter = EnvFilter::try_new(asked).unwrap_or_else(|_| EnvFilter::new("info"));
    QUIET
        .iter()
        .filter(|(target, _)| !asked.contains(target))
        .fold(filter, |filter, (_, directive)| {
            filter.add_directive(directive.parse().expect("a directive"))
        })
}

/// The least time between two WARN lines from one place in serenity's code: during an outage
/// its reconnection loop warns every few seconds ("Failed to resume", "Error heartbeating"),
/// which the bot's own lines and `/readyz` already say.
const SERENITY_WARN_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Lets through one WARN line a [`SERENITY_WARN_EVERY`] from each place in serenity's code, and
/// every other line.
#[derive(Default)]
struct Hush {
    last: std::sync::Mutex<
        std::collections::HashMap<tracing::callsite::Identifier, std::time::Instant>,
    >,
}

impl Hush {
    fn hushed(meta: &tracing::Metadata<'_>) -> bool {
        meta.is_event()
            && *meta.level() == tracing::Level::WARN
            && meta.target().starts_with("serenity")
    }

    /// A shard runner's warning while the stop closes the gateway: serenity warns of every
    /// clean close ([`crate::telemetry::GATEWAY_CLOSING`]).
    fn closing(meta: &tracing::Metadata<'_>) -> bool {
        meta.target() == "serenity::gateway::bridge::shard_runner"
            && crate::telemetry::GATEWAY_CLOSING.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl<S> tracing_subscriber::layer::Filter<S> for Hush {
    fn enabled(
        &self,
        meta: &tracing::Metadata<'_>,
        _: &tracing_subscriber::layer::Context<'_, S>,
    ) -> bool {
        if !Hush::hushed(meta) {
            return true;
        }
        if Hush::closing(meta) {
            return false;
        }
        let now = std::time::Instant::now();
        let mut last = self.last.locked();
        match last.get(&meta.callsite()) {
            Some(at) if now.duration_since(*at) < SERENITY_WARN_EVERY => false,
            _ => {
                last.insert(meta.callsite(), now);
                true
            }
        }
    }

    fn callsite_enabled(
        &self,
        meta: &'static tracing::Metadata<'static>,
    ) -> tracing::subscriber::Interest {
        if Hush::hushed(meta) {
            tracing::subscriber::Interest::sometimes()
        } else {
            tracing::subscriber::Interest::always()
        }
    }
}

/// What no filter can open: the targets whose most detailed lines print secrets, and the level
/// they are kept at. tungstenite's TRACE lines print every WebSocket frame's payload byte by
/// byte, the gateway's IDENTIFY with the bot token among them (`{"op":2,"d":{"token":"Bot …"`).
const CEILINGS: &[(&str, tracing::Level)] = &[
    ("tungstenite", tracing::Level::DEBUG),
    ("tokio_tungstenite", tracing::Level::DEBUG),
];

/// The filter every log line passes besides the configured one: [`CEILINGS`], everything else
/// as the configured filter says.
fn ceiling() -> tracing_subscriber::filter::Targets {
    CEILINGS.iter().fold(
        tracing_subscriber::filter::Targets::new().with_default(tracing::Level::TRACE),
        |targets, (target, level)| targets.with_target(*target, *level),
    )
}

fn init_tracing(config: &Config) {
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::{fmt, Layer};

    let filter = log_filter(
        std::env::var("RUST_LOG").ok().as_deref(),
        &config.log.filter,
    );
    use std::io::IsTerminal;
    let color = config.log.color.colored(
        std::io::stderr().is_terminal(),
        std::env::var("NO_COLOR").ok().as_deref(),
    );
    let layer = fmt::layer().with_writer(std::io::stderr).with_ansi(color);
    let layer = match config.log.format {
        LogFormat::Plain => layer.boxed(),
        LogFormat::Json => layer.json().boxed(),
    };
    tracing_subscriber::registry()
        .with(
            layer
                .with_filter(filter)
                .with_filter(ceiling())
                .with_filter(Hush::default()),
        )
        .init();
}

#[cfg(test)]
mod tests {
    use super::log_filter;

    /// The directives of the filter made of `rust_log` and `configured`, whatever their order.
    fn directives(rust_log: Option<&str>, configured: &str) -> std::collections::BTreeSet<String> {
        set_of(&log_filter(rust_log, configured).to_string())
    }

    fn set_of(directives: &str) -> std::collections::BTreeSet<String> {
        directives.split(',').map(str::to_string).collect()
    }

    #[test]
    fn serenity_is_quiet_unless_a_filter_names_it() {
        assert_eq!(
            directives(None, "info"),
            set_of("serenity=warn,usvg=error,tiny_skia=error,info")
        );
        assert_eq!(
            directives(Some("forgetit=debug"), "info"),
            set_of("serenity=warn,forgetit=debug,usvg=error,tiny_skia=error")
        );
        assert_eq!(
            directives(Some("serenity=debug"), "info"),
            set_of("serenity=debug,usvg=error,tiny_skia=error")
        );
    }

    #[test]
    fn the_charts_renderers_are_kept_at_error_unless_a_filter_names_them() {
        assert_eq!(
            directives(None, "debug"),
            set_of("serenity=warn,usvg=error,tiny_skia=error,debug")
        );
        assert_eq!(
            directives(None, "info,usvg=warn"),
            set_of("serenity=warn,usvg=warn,tiny_skia=error,info")
        );
    }

    /// One WARN a minute from each place in serenity's code, every other line as it comes.
    #[test]
    fn serenity_warns_once_a_minute_from_each_place() {
        use tracing_subscriber::layer::SubscriberExt;
        use tracing_subscriber::Layer;
        let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::<u8>::new()));
        let writer = {
            let lines = lines.clone();
            move || Sink(lines.clone())
        };
        let layer = tracing_subscriber::fmt::layer()
            .with_writer(writer)
            .with_ansi(false)
            .with_filter(super::Hush::default());
        tracing::subscriber::with_default(tracing_subscriber::registry().with(layer), || {
            for _ in 0..5 {
                tracing::warn!(target: "serenity::gateway", "Failed to resume");
                tracing::warn!(target: "serenity::gateway", "Error heartbeating");
                tracing::warn!(target: "forgetit", "the bot's own warning");
            }
        });
        let text = String::from_utf8(lines.lock().unwrap().clone()).unwrap();
        assert_eq!(text.matches("Failed to resume").count(), 1, "{text}");
        assert_eq!(text.matches("Error heartbeating").count(), 1, "{text}");
        assert_eq!(text.matches("the bot's own warning").count(), 5, "{text}");
    }

    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn rust_log_overrides_the_configured_filter_unless_empty() {
        assert_eq!(
            directives(Some(""), "debug"),
            set_of("serenity=warn,usvg=error,tiny_skia=error,debug")
        );
        assert_eq!(
            directives(Some("warn"), "debug"),
            set_of("serenity=warn,usvg=error,tiny_skia=error,warn")
        );
    }
}
