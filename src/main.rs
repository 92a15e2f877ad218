//! The `forgetit` command: parse the command line, load the config, set up logging, and hand over
//! to the library.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use forgetit::config::{Config, LogFormat};
use forgetit::discord::{self, BotOptions};
use forgetit::strategy::solver::Solver;
use tracing_subscriber::EnvFilter;

/// A Discord bot that hosts the dice game For Get It in server channels.
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
    /// Solve a For Get It turn exactly: print the expected score under optimal play.
    Solve {
        /// Also print the policy table (decisions after the point number is chosen, per unit
        /// of the point number) up to this many point dice.
        #[arg(long, value_name = "MAX_POINT_DICE")]
        policy: Option<u32>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Cmd::Run) {
        Cmd::Solve { policy } => solve(policy),
        Cmd::Run => {
            let config = match Config::load(cli.config.as_deref()) {
                Ok(config) => config,
                Err(e) => return fail(&e),
            };
            init_tracing(&config);
            let runtime = match tokio::runtime::Runtime::new() {
                Ok(runtime) => runtime,
                Err(e) => return fail(&e),
            };
            let result = runtime.block_on(async {
                discord::start(&config, BotOptions::default())
                    .await?
                    .run_until_signal()
                    .await
            });
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e),
            }
        }
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

fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("forgetit: {error}");
    ExitCode::FAILURE
}

fn init_tracing(config: &Config) {
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(&config.log.filter))
        .unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match config.log.format {
        LogFormat::Plain => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
