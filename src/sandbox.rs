//! `forgetit sandbox`: the bot without Discord. One process runs the Discord stand-in
//! (`discord-standin`) on 127.0.0.1, the real bot connected to it exactly as `run` connects to
//! Discord (serenity + poise, the stand-in as `discord.http_proxy`), and the stand-in's web page,
//! where one person can act as any of the server's people.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use discord_standin::{Message, Standin, StandinConfig, Thread};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tracing::warn;

use crate::config::{Config, Token};
use crate::discord::{self, BotError, BotOptions, RunningBot};
use crate::engine::dice::{DiceSource, RandomDice};
use crate::store::Store;

/// The sandbox server's name.
pub const GUILD: &str = "Sandbox";
/// Its text channels; the first is where the page opens.
pub const CHANNELS: [&str; 2] = ["general", "dice"];
/// The people one can act as, with their Discord client's locale.
pub const PEOPLE: [(&str, &str); 3] = [("alice", "en-US"), ("bob", "en-GB"), ("amelie", "fr")];

/// Where and how to run.
pub struct SandboxOptions {
    /// The page's port on 127.0.0.1 (0: any free port).
    pub port: u16,
    /// The SQLite file that keeps the sandbox's games and leaderboards (unless the config names a
    /// `database.url`), and beside it its channels' messages.
    pub db: PathBuf,
    /// Where the dice come from (random; tests script them).
    pub dice: Box<dyn DiceSource + Send>,
}

impl SandboxOptions {
    /// The page on `port`, the games in `db`, random dice.
    pub fn new(port: u16, db: PathBuf) -> SandboxOptions {
        SandboxOptions {
            port,
            db,
            dice: Box::new(RandomDice::from_entropy()),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("cannot serve the page on 127.0.0.1:{port}: {error} (choose another with --port)")]
    Port { port: u16, error: std::io::Error },
    #[error(
        "the sandbox's messages in {path}: {error} (delete the file to start the channels empty)"
    )]
    Messages {
        path: String,
        #[source]
        error: KeptError,
    },
    #[error(transparent)]
    Bot(#[from] BotError),
}

/// A running sandbox: the stand-in, the bot connected to it, and the page.
pub struct Sandbox {
    standin: Standin,
    bot: RunningBot,
    page: JoinHandle<()>,
    address: SocketAddr,
    messages: PathBuf,
    /// Where the games are, as logs show a database (a URL without its password).
    database: String,
}

/// Where the sandbox keeps its channels' messages (and threads) between runs: beside the
/// database, as `<db>.messages.json`.
pub fn messages_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".messages.json");
    PathBuf::from(name)
}

/// What the sandbox's channels hold between runs: their messages and their threads (a game's
/// thread keeps its game's messages). A file of messages alone, as earlier versions wrote, is
/// read as such.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct Kept {
    messages: Vec<Message>,
    #[serde(default)]
    threads: Vec<Thread>,
}

/// Why the file of kept messages could not be read.
#[derive(Debug, thiserror::Error)]
pub enum KeptError {
    #[error("{0}")]
    Read(#[source] std::io::Error),
    #[error("{0}")]
    Json(#[from] serde_json::Error),
}

/// What a sandbox kept at its last stop (nothing if it never stopped cleanly), or what is wrong
/// with the file.
fn read_messages(path: &Path) -> Result<Kept, KeptError> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum File {
        Kept(Kept),
        Messages(Vec<Message>),
    }
    match std::fs::read(path) {
        Ok(bytes) => match serde_json::from_slice(&bytes)? {
            File::Kept(kept) => Ok(kept),
            File::Messages(messages) => Ok(Kept {
                messages,
                threads: Vec::new(),
            }),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Kept::default()),
        Err(e) => Err(KeptError::Read(e)),
    }
}

/// Starts the stand-in, the bot (with `config`'s game settings, its database at `options.db`, or
/// the config's `database.url` where it names one) and the page.
pub async fn start(config: &Config, options: SandboxOptions) -> Result<Sandbox, SandboxError> {
    // The port first: a taken port fails before anything else starts.
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, options.port))
        .await
        .map_err(|error| SandboxError::Port {
            port: options.port,
            error,
        })?;
    let address = listener.local_addr().map_err(|error| SandboxError::Port {
        port: options.port,
        error,
    })?;
    let messages = messages_path(&options.db);
    let kept = read_messages(&messages).map_err(|error| SandboxError::Messages {
        path: messages.display().to_string(),
        error,
    })?;
    let standin = Standin::builder()
        .config(StandinConfig {
            // serenity checks a token's shape (three dot-separated parts) before using it.
            token: "sandbox.bot.token".into(),
            // A person's command waits for the bot's registration at most this long.
            wait_timeout: Duration::from_secs(30),
            ..StandinConfig::default()
        })
        // The same ids at every start, so the database's games stay in their channels.
        .stable_ids()
        .guild(GUILD)
        .channels(&CHANNELS)
        .users(&PEOPLE)
        // A group DM of the three (the bot is not in it): a place to play through the app each
        // of them installed (after the server's channels, whose ids stay as they were).
        .group_dm("alice, bob, amelie", &["alice", "bob", "amelie"])
        // What the channels showed at the last stop: the bot finds its messages (and its games'
        // threads) again.
        .threads(kept.threads)
        .messages(kept.messages)
        .start()
        .await;
    // alice manages the server (Manage Server): she may change its settings (`/forgetit config`).
    standin.grant(standin.user("alice"), 1 << 5);

    // The channels may show less than the bot last saw (their messages kept at an earlier stop,
    // or none): every open game is shown again.
    // The games are in the config's `database.url` where it names one, else in `options.db`.
    let mut config = config.clone();
    config.database.path = options.db;
    let database = config.database.shown();
    let store_error = |error| BotError::Store {
        path: database.clone(),
        error,
    };
    let store = match &config.database.url {
        Some(url) => Store::open_url(url, config.database.durability).await,
        None => Store::open(&config.database.path).await,
    }
    .map_err(store_error)?;
    let forgotten = store.forget_shown().await;
    store.close().await;
    forgotten.map_err(store_error)?;

    config.discord.token = Some(Token::new(standin.token()));
    config.discord.guild_id = None;
    config.discord.shard_count = None;
    config.discord.shards = None;
    let bot = discord::start(
        &config,
        BotOptions {
            http_proxy: Some(standin.rest_url()),
            dice: options.dice,
            ..BotOptions::default()
        },
    )
    .await?;
    let page = standin.serve_web(listener);
    Ok(Sandbox {
        standin,
        bot,
        page,
        address,
        messages,
        database,
    })
}

impl Sandbox {
    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Where its games are kept: the SQLite file, or the config's database URL (without its
    /// password).
    pub fn database(&self) -> &str {
        &self.database
    }

    /// The Discord stand-in behind the page.
    pub fn standin(&self) -> &Standin {
        &self.standin
    }

    /// The bot.
    pub fn bot(&self) -> &RunningBot {
        &self.bot
    }

    /// Stops the page, then the bot (cleanly: actions in flight finish, the database closes),
    /// and keeps the channels' messages for the next start.
    pub async fn shutdown(self) {
        self.page.abort();
        self.bot.shutdown().await;
        keep_messages(&self.standin, &self.messages);
    }

    /// Runs until SIGINT or SIGTERM, then stops as [`Sandbox::shutdown`] does.
    pub async fn run_until_signal(self) -> Result<(), BotError> {
        let result = self.bot.run_until_signal().await;
        self.page.abort();
        keep_messages(&self.standin, &self.messages);
        result
    }
}

/// Writes the channels' lasting messages and threads to `path` (through a temporary file, so a
/// stop half-way leaves the previous file whole).
fn keep_messages(standin: &Standin, path: &Path) {
    let kept = Kept {
        messages: standin.lasting_messages(),
        threads: standin.lasting_threads(),
    };
    let json = match serde_json::to_vec(&kept) {
        Ok(json) => json,
        Err(e) => return warn!(error = %e, "could not keep the sandbox's messages"),
    };
    let partial = path.with_extension("json.partial");
    if let Err(e) = std::fs::write(&partial, json).and_then(|()| std::fs::rename(&partial, path)) {
        warn!(error = %e, path = %path.display(), "could not keep the sandbox's messages");
    }
}
