//! The `forgetit` command. The bot itself arrives with the Discord issue; until then the binary
//! only knows its name and version.

use clap::Parser;

/// A Discord bot that hosts the dice games For Get It and Get Dickey.
#[derive(Parser)]
#[command(version, about)]
struct Cli {}

fn main() {
    let _cli = Cli::parse();
    eprintln!("forgetit: the Discord bot is not part of this build yet; see README.md");
    std::process::exit(2);
}
