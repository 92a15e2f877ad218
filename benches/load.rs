//! How fast is the whole bot: `cargo bench --bench load [-- --channels N] [--smoke] [--json]`.
//!
//! The real bot, the release `forgetit` binary itself (the same `main` as `forgetit run`), runs
//! as a child process against the Discord stand-in in this process, configured the way an
//! operator would (environment variables, SQLite with its default durability, info logs to a
//! file). The harness drives it like many people at once: N channels, each with a two-person
//! For Get It game, each person clicking as soon as their turn allows (bank at 30, else keep the
//! first number, else roll). The baseline runs in the same harness and the same run as a child
//! process too (this binary with `--serve-baseline`): a minimal poise bot that answers every
//! click with UPDATE_MESSAGE and nothing else (no game, no database), the framework's limit.
//! It runs twice: answering with its one button, and answering with a message of ours (the
//! first turn message under way our bot answered with in that run, serialized once), the
//! framework's limit for a message of that size: every click carries the clicked message.
//! A child process keeps the bot's CPU time and memory apart from the harness's (both read from
//! `/proc`); the two still share the machine's cores, as a bot shares its host.
//!
//! The driver reads only the stand-in's request log (one reader for all channels, taking the
//! requests out as they come: `Standin::take_requests`): a click's callback body says whether
//! the clicked message still offers a move; a `POST` of a channel message says a new turn began
//! there. The stand-in validates every request against Discord's
//! spec in the warm-up and not while timing (`Standin::set_validation`), and keeps no history
//! (`Standin::set_history`): no earlier states of edited messages, no copy of each dispatch.
//!
//! Figures, for 10, 100 and 1,000 channels: answered interactions per second at saturation (all
//! channels clicking as fast as answers come), ours and both baselines', and the bot's CPU time
//! per click, and the times its threads were switched out per click (each a thread put to sleep
//! and woken, or preempted); INTERACTION_CREATE → initial response latency (the stand-in's own
//! clock) at a fixed offered load; REST calls and stored events per action. Beside them, two
//! figures of the machine: what a switch costs (the round trip of two threads waking each
//! other) and its own pauses (late wake-ups of a sleeping thread on each core). Then, once: the
//! bot's RSS with 10,000 open games (half in their lobby, half mid-turn, in 20 servers of 500
//! channels), the time a clean restart takes to answer a click again with those games (every
//! open game is loaded before the bot connects, so the first answer means all are picked up),
//! its RSS after the restart, and the CPU time of an action in a game past its 300th turn over
//! that of an action in a game's first two turns.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_standin::{
    ChannelId, MessageId, RequestRecord, Standin, StandinConfig, StandinView, UserId,
};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use tokio::sync::{oneshot, watch};

/// The tests' PostgreSQL server (Debian's `postgresql`, started in a temp dir): the database's
/// growth per game is measured on it too.
#[path = "../tests/it/common/postgres.rs"]
#[allow(dead_code)]
mod postgres;

const TOKEN: &str = "standin.bot.token";
/// The command's highest, so that a game rarely ends while timed: games to it ended after
/// 6,500–10,000 clicks in a run of 10 channels, and a full run's channel clicks about 3,200
/// times. In a longer run, a game that ends is followed by its rematch ([`play_again`]).
const TARGET: u32 = 10_000;
/// Rounds of the long game's comparison.
const ROUNDS: usize = 8;
/// Channels a server: Discord's limit.
const CHANNELS_A_SERVER: usize = 500;

// ----- options ------------------------------------------------------------------------------

/// `cargo bench --bench load -- [--channels N] [--seconds S] [--fixed-seconds F] [--rate R]
/// [--smoke] [--json]`
#[derive(clap::Parser)]
struct Options {
    /// One run with this many channels (default: 10, 100 and 1,000).
    #[arg(long)]
    channels: Option<usize>,
    /// Seconds the saturated phase lasts.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Seconds the phase at the fixed offered load lasts: at 500/s, 20 s time 10,000 clicks, so
    /// that p99.9 is the tenth-slowest of them rather than one stall's.
    #[arg(long, default_value_t = 20.0)]
    fixed_seconds: f64,
    /// The fixed offered load of the latency phase, actions per second.
    #[arg(long, default_value_t = 500.0)]
    rate: f64,
    /// Open games for the memory and restart figures.
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    /// Turns the long game is played for before its actions are timed.
    #[arg(long, default_value_t = 300)]
    long_turns: u64,
    /// The figures as one JSON object on the last line.
    #[arg(long)]
    json: bool,
    /// A short run for CI: 4 channels, 1-second phases, 100 actions/s, 200 open games, a
    /// 30-turn long game.
    #[arg(long)]
    smoke: bool,
    /// Only these phases (a partial run, to iterate): `channels` (throughput and latency at
    /// each channel count), `restart` (the open games' memory and restart), `long` (the long
    /// game), `growth` (the database's growth); all by default.
    #[arg(long, value_delimiter = ',')]
    only: Vec<Part>,
    /// Passed by `cargo bench`.
    #[arg(long, hide = true)]
    bench: bool,
    /// Run as the baseline bot against this REST URL (the harness starts it so).
    #[arg(long, hide = true)]
    serve_baseline: Option<String>,
    /// The baseline answers every click with this message (a file of a callback's `data`, as
    /// our bot answered a click), rather than its one button.
    #[arg(long, hide = true)]
    baseline_message: Option<std::path::PathBuf>,
}

/// A part of the run (`--only`).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Part {
    Channels,
    Restart,
    Long,
    Growth,
}

/// The run's settings: the channel counts, then the phases.
struct Run {
    /// The phases to run.
    only: Vec<Part>,
    channels: Vec<usize>,
    seconds: f64,
    fixed_seconds: f64,
    rate: f64,
    games: usize,
    long_turns: u64,
    /// Fresh games whose first two turns are timed against the long game.
    short_games: usize,
    /// Games played to their end for the database's growth per game.
    growth_games: usize,
    json: bool,
}

impl Run {
    fn runs(&self, part: Part) -> bool {
        self.only.is_empty() || self.only.contains(&part)
    }
}

fn options(o: &Options) -> Run {
    if o.smoke {
        return Run {
            only: o.only.clone(),
            channels: vec![4],
            seconds: 1.0,
            fixed_seconds: 1.0,
            rate: 100.0,
            games: 200,
            long_turns: 30,
            short_games: 10,
            growth_games: 20,
            json: o.json,
        };
    }
    Run {
        only: o.only.clone(),
        channels: o.channels.map_or_else(|| vec![10, 100, 1000], |n| vec![n]),
        seconds: o.seconds,
        fixed_seconds: o.fixed_seconds,
        rate: o.rate,
        games: o.games,
        long_turns: o.long_turns,
        short_games: 200,
        growth_games: 500,
        json: o.json,
    }
}

// ----- the driver: one reader of the request log, routing to the channels -------------------

/// What the request log says happened, routed to who waits for it.
#[derive(Default)]
struct Routes {
    /// Answers by interaction id, waited for or arrived early.
    callbacks: HashMap<u64, Callback>,
    /// Channel messages posted, by channel.
    posts: HashMap<u64, watch::Sender<u64>>,
}

enum Callback {
    Waiting(oneshot::Sender<Answer>),
    Arrived(Answer),
}

/// What a player reads of a click's answer (its callback's `data`): the buttons it offers,
/// `(label, custom_id)`, and whom its content mentions.
#[derive(Default)]
struct Answer {
    buttons: Vec<(String, String)>,
    mentioned: Option<UserId>,
}

impl Answer {
    fn of(body: Option<&Value>) -> Answer {
        let Some(data) = body.map(|b| &b["data"]) else {
            return Answer::default();
        };
        Answer {
            buttons: buttons(data["components"].as_array().map_or(&[], Vec::as_slice)),
            mentioned: data["content"].as_str().and_then(mentioned),
        }
    }
}

/// A logged request, as far as the driver cares.
enum Seen {
    Callback(u64, Answer),
    Post(u64),
    Other,
}

struct Driver {
    standin: Arc<Standin>,
    routes: Mutex<Routes>,
    /// Requests taken from the log so far.
    requests: std::sync::atomic::AtomicUsize,
    /// Each channel's players seen so far, kept from one phase to the next.
    players: Mutex<HashMap<ChannelId, Vec<UserId>>>,
    /// The first answer seen that shows a turn under way (its buttons offer Bank): the message
    /// the same-message baseline answers with.
    sample: std::sync::OnceLock<Value>,
}

impl Driver {
    fn new(standin: Arc<Standin>, channels: &[ChannelId]) -> Arc<Driver> {
        let mut routes = Routes::default();
        for c in channels {
            routes.posts.insert(c.0, watch::Sender::new(0));
        }
        let driver = Arc::new(Driver {
            standin,
            routes: Mutex::new(routes),
            requests: Default::default(),
            players: Default::default(),
            sample: Default::default(),
        });
        let reader = driver.clone();
        tokio::spawn(async move { reader.read_log().await });
        driver
    }

    async fn read_log(&self) {
        loop {
            // New requests are taken out of the log (not copied, and not kept).
            let waited = self
                .standin
                .wait_until("new requests", |view| {
                    (!view.requests().is_empty()).then_some(())
                })
                .await;
            if waited.is_err() {
                continue; // idle longer than the wait timeout
            }
            let new = self.standin.take_requests();
            self.requests
                .fetch_add(new.len(), std::sync::atomic::Ordering::Relaxed);
            let mut routes = self.routes.lock().unwrap();
            for (seen, r) in new.iter().map(|r| (seen(r), r)) {
                match seen {
                    Seen::Callback(_, ref answer)
                        if self.sample.get().is_none()
                            && answer.buttons.iter().any(|(l, _)| l.starts_with("Bank")) =>
                    {
                        let data = r.body.as_ref().map(|b| b["data"].clone());
                        let _ = self.sample.set(data.unwrap_or_default());
                    }
                    _ => {}
                }
                match seen {
                    Seen::Callback(id, answer) => match routes.callbacks.remove(&id) {
                        Some(Callback::Waiting(tx)) => {
                            let _ = tx.send(answer);
                        }
                        _ => {
                            routes.callbacks.insert(id, Callback::Arrived(answer));
                        }
                    },
                    Seen::Post(channel) => {
                        if let Some(tx) = routes.posts.get(&channel) {
                            tx.send_modify(|n| *n += 1);
                        }
                    }
                    Seen::Other => {}
                }
            }
        }
    }

    /// Clicks `custom_id` on `message`; returns what its answer shows. `None` if the message no
    /// longer shows that button (the turn went on meanwhile: an answer that came late, deferred,
    /// edited the message after the driver looked).
    async fn click(&self, user: UserId, message: MessageId, custom_id: &str) -> Option<Answer> {
        let interaction = match self.standin.click_custom_id(user, message, custom_id).await {
            Ok(interaction) => interaction,
            Err(e) if e.to_string().contains("has no button") => return None,
            Err(e) => panic!("click {custom_id}: {e}"),
        };
        let rx = {
            let mut routes = self.routes.lock().unwrap();
            match routes.callbacks.remove(&interaction.id.0) {
                Some(Callback::Arrived(answer)) => return Some(answer),
                _ => {
                    let (tx, rx) = oneshot::channel();
                    routes
                        .callbacks
                        .insert(interaction.id.0, Callback::Waiting(tx));
                    rx
                }
            }
        };
        let answer = tokio::time::timeout(Duration::from_secs(30), rx)
            .await
            .expect("an answer within 30 s")
            .expect("the reader lives");
        Some(answer)
    }

    /// The players seen in `channel` so far.
    fn players(&self, channel: ChannelId) -> Vec<UserId> {
        let players = self.players.lock().unwrap();
        players.get(&channel).cloned().unwrap_or_default()
    }

    /// `user` played in `channel`.
    fn played(&self, channel: ChannelId, user: UserId) {
        let mut players = self.players.lock().unwrap();
        let seen = players.entry(channel).or_default();
        if !seen.contains(&user) {
            seen.push(user);
        }
    }

    /// Requests the bot made so far (as far as read).
    fn requests(&self) -> usize {
        self.requests.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn posts(&self, channel: ChannelId) -> watch::Receiver<u64> {
        self.routes.lock().unwrap().posts[&channel.0].subscribe()
    }
}

/// What the driver reads of a logged request.
fn seen(r: &RequestRecord) -> Seen {
    let route = r.route.as_deref().unwrap_or_default();
    let id = || r.path.split('/').nth(4).unwrap().parse().unwrap();
    if route == "/interactions/{interaction_id}/{interaction_token}/callback" {
        Seen::Callback(id(), Answer::of(r.body.as_ref()))
    } else if r.method == "POST" && route == "/channels/{channel_id}/messages" {
        Seen::Post(id())
    } else {
        Seen::Other
    }
}

// ----- the players ---------------------------------------------------------------------------

/// Buttons of a message's components as `(label, custom_id)`.
fn buttons(components: &[Value]) -> Vec<(String, String)> {
    fn walk(v: &Value, out: &mut Vec<(String, String)>) {
        match v {
            Value::Object(map) => {
                if map.get("type").and_then(Value::as_u64) == Some(2) {
                    if let Some(id) = map.get("custom_id").and_then(Value::as_str) {
                        let disabled = map.get("disabled").and_then(Value::as_bool) == Some(true);
                        if !disabled {
                            let label = map.get("label").and_then(Value::as_str).unwrap_or("");
                            out.push((label.to_string(), id.to_string()));
                        }
                    }
                }
                map.values().for_each(|v| walk(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    components.iter().for_each(|c| walk(c, &mut out));
    out
}

/// The game version a move button carries (`fgi:{game}:{version}:{action}`).
fn version(custom_id: &str) -> Option<u64> {
    let mut parts = custom_id.split(':');
    (parts.next()? == "fgi").then_some(())?;
    parts.next()?;
    parts.next()?.parse().ok()
}

/// The policy: bank at 30 or more, else keep the first number, else roll (else bank).
fn choose(buttons: &[(String, String)]) -> Option<String> {
    let moves: Vec<&(String, String)> = buttons
        .iter()
        .filter(|(_, id)| version(id).is_some())
        .collect();
    let labelled = |p: &str| moves.iter().find(|(l, _)| l.starts_with(p));
    let bank = labelled("Bank ").filter(|(l, _)| {
        l["Bank ".len()..]
            .trim()
            .parse::<u32>()
            .is_ok_and(|p| p >= 30)
    });
    bank.or_else(|| labelled("Keep"))
        .or_else(|| labelled("Roll"))
        .or_else(|| labelled("Bank"))
        .map(|(_, id)| id.clone())
}

/// The user a turn message mentions: `<@123>, your turn!`.
fn mentioned(content: &str) -> Option<UserId> {
    let start = content.find("<@")? + 2;
    let end = start + content[start..].find('>')?;
    content[start..end].parse().ok().map(UserId)
}

/// The channel's current turn: the newest message with move buttons (the baseline's: its last
/// message), read in place.
fn current_turn(
    standin: &Standin,
    channel: ChannelId,
    baseline: bool,
) -> Option<(MessageId, UserId, String)> {
    standin.view(|view| {
        if baseline {
            let m = view.last_message(channel)?;
            let b = buttons(m.components());
            return Some((m.id, mentioned(m.content())?, b.first()?.1.clone()));
        }
        view.visible(channel, None).rev().find_map(|m| {
            let b = buttons(m.components());
            b.iter().find_map(|(_, id)| version(id))?;
            Some((m.id, mentioned(m.content())?, choose(&b)?))
        })
    })
}

/// When a channel may click next, and until when.
#[derive(Clone)]
enum Pace {
    /// As soon as the turn allows, until the deadline.
    Saturate { until: Instant },
    /// One click every `every`, from `from` (so channels together offer a fixed load).
    Fixed {
        from: Instant,
        every: Duration,
        until: Instant,
    },
    /// As soon as the turn allows, until this many turns began (messages were posted) in the
    /// channel.
    Turns(u64),
    /// As soon as the turn allows, this many clicks.
    Clicks(u64),
}

/// How long a channel waits for its next turn before it gives up (a guard against hangs).
const STUCK: Duration = Duration::from_secs(60);

/// Plays one channel's game (or the baseline's button) at its pace; returns the clicks answered.
async fn play(driver: Arc<Driver>, channel: ChannelId, pace: Pace, baseline: bool) -> u64 {
    let mut posts = driver.posts(channel);
    let mut clicks = 0u64;
    let mut next: Option<(MessageId, UserId, String)> = None;
    // Who plays here (a game's two players, as far as seen): they play the next game when one
    // ends.
    let mut players = driver.players(channel);
    // Turns are counted on the stand-in's own messages, read with the turn itself (the log's
    // reader may see a new turn's post later).
    let messages = || {
        let view = |v: &StandinView<'_>| v.visible(channel, None).count() as u64;
        driver.standin.view(view)
    };
    let first = messages();
    loop {
        let (until, due) = match &pace {
            Pace::Saturate { until } => (*until, None),
            Pace::Fixed { from, every, until } => (*until, Some(*from + *every * clicks as u32)),
            Pace::Turns(_) | Pace::Clicks(_) => (Instant::now() + STUCK, None),
        };
        let done = match pace {
            Pace::Turns(_) => false, // looked at with each new turn
            Pace::Clicks(n) => clicks >= n,
            _ => Instant::now() >= until,
        };
        if done {
            return clicks;
        }
        if let Some(due) = due {
            tokio::time::sleep_until(due.into()).await;
        }
        let (message, user, custom_id) = match next.take() {
            Some(n) => n,
            None => loop {
                posts.borrow_and_update();
                if matches!(pace, Pace::Turns(n) if messages() - first >= n) {
                    return clicks;
                }
                if let Some(turn) = current_turn(&driver.standin, channel, baseline) {
                    break turn;
                }
                // The game ended (a long run): its two players open the next one, as people do.
                if let Some(rematch) = game_over(&driver.standin, channel).filter(|_| !baseline) {
                    clicks += play_again(&driver, channel, rematch, &players).await;
                    continue;
                }
                // Wait for the next turn message (or a deferred answer's edit, which names no
                // channel: look again now and then), or give up at the deadline.
                if Instant::now() >= until {
                    return clicks;
                }
                let _ = tokio::time::timeout(Duration::from_millis(50), posts.changed()).await;
            },
        };
        let Some(answer) = driver.click(user, message, &custom_id).await else {
            continue; // look at the turn again
        };
        clicks += 1;
        if !baseline && !players.contains(&user) {
            players.push(user);
            driver.played(channel, user);
        }
        if baseline {
            next = Some((message, user, custom_id));
            continue;
        }
        // The clicked message still offers a move (kept, rolled): click it again.
        if let (Some(id), Some(user)) = (choose(&answer.buttons), answer.mentioned) {
            next = Some((message, user, id));
        }
    }
}

/// The channel's game-over message and its Rematch button, if its newest message is one (not an
/// earlier game's, which stays above the next game's messages).
fn game_over(standin: &Standin, channel: ChannelId) -> Option<(MessageId, String)> {
    standin.view(|view| {
        let m = view.last_message(channel)?;
        let rematch = buttons(m.components())
            .into_iter()
            .find(|(label, _)| label == "Rematch")?;
        Some((m.id, rematch.1))
    })
}

/// Opens the next game in `channel`, whose game just ended: each of its `players` clicks
/// Rematch (the first hosts the new table, the other takes a seat), and the host clicks Start
/// once the lobby shows both. Returns the clicks answered.
async fn play_again(
    driver: &Driver,
    channel: ChannelId,
    (over, rematch): (MessageId, String),
    players: &[UserId],
) -> u64 {
    let &[host, other] = players else {
        panic!("a game ended in {channel:?} with players {players:?}, not two");
    };
    for who in [host, other] {
        driver.click(who, over, &rematch).await.expect("Rematch");
    }
    let (lobby, start) = driver
        .standin
        .wait_until("the rematch's lobby with both players", |view| {
            view.visible(channel, None).rev().find_map(|m| {
                let start = buttons(m.components())
                    .into_iter()
                    .find(|(label, _)| label == "Start")?;
                Some((m.id, start.1))
            })
        })
        .await
        .expect("the rematch's lobby");
    driver.click(host, lobby, &start).await.expect("Start");
    3
}

// ----- the bots, as child processes ----------------------------------------------------------

/// A stand-in with `channels` channels in servers of at most 500, and people to play in them (two
/// a channel, at most 200: a person plays in several channels at once).
async fn standin(channels: usize) -> (Arc<Standin>, Vec<ChannelId>, Vec<UserId>) {
    let channel_names: Vec<String> = (0..channels).map(|i| format!("table-{i:05}")).collect();
    let user_names: Vec<String> = (0..(2 * channels).min(200))
        .map(|i| format!("p{i:03}"))
        .collect();
    let users: Vec<(&str, &str)> = user_names.iter().map(|u| (u.as_str(), "en-US")).collect();
    let servers: Vec<Vec<&str>> = channel_names
        .chunks(CHANNELS_A_SERVER)
        .map(|c| c.iter().map(String::as_str).collect())
        .collect();
    let mut builder = Standin::builder()
        .config(StandinConfig {
            token: TOKEN.into(),
            wait_timeout: Duration::from_secs(120),
            ..StandinConfig::default()
        })
        .channels(&servers[0])
        .users(&users);
    for (i, server) in servers.iter().enumerate().skip(1) {
        builder = builder.extra_guild(&format!("server {i}"), server);
    }
    let standin = builder.start().await;
    // Like Discord, the stand-in keeps the present; it keeps no edits or events of the past,
    // which would grow with every click and cost the harness more with a longer message.
    standin.set_history(false);
    let ids = channel_names.iter().map(|c| standin.channel(c)).collect();
    let users = user_names.iter().map(|u| standin.user(u)).collect();
    (Arc::new(standin), ids, users)
}

/// Get Dickey's strategy table, solved once for every bot the bench starts: each bot reads it at
/// start, as a bot with its `strategy.cache` does, rather than solving it on both cores during
/// the first measurement. The file is the tests' (`tests/it/common/strategy.rs`, in
/// `CARGO_TARGET_TMPDIR`), so a run after the tests (CI's smoke run) finds it solved, and a run
/// solves it only once per build directory.
fn strategy_cache() -> &'static Path {
    static CACHE: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    CACHE.get_or_init(|| {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("get-dickey-strategy.bin");
        let solved = Command::new(env!("CARGO_BIN_EXE_forgetit"))
            .args(["solve", "--game", "get-dickey", "--cache"])
            .arg(&path)
            .stdout(Stdio::null())
            .status()
            .expect("run forgetit solve");
        assert!(
            solved.success() && path.is_file(),
            "Get Dickey's table solved"
        );
        path
    })
}

/// A bot running as a child process, killed when dropped.
struct BotChild {
    child: Child,
}

impl BotChild {
    /// The release `forgetit` binary, configured by environment variables as an operator would,
    /// its log in `dir`.
    fn ours(standin: &Standin, dir: &Path, db: &Path) -> BotChild {
        let log = std::fs::File::create(dir.join("forgetit.log")).expect("the bot's log file");
        let child = Command::new(env!("CARGO_BIN_EXE_forgetit"))
            .current_dir(dir)
            .env_clear()
            .env("DISCORD_TOKEN", standin.token())
            .env("FORGETIT_DISCORD__HTTP_PROXY", standin.rest_url())
            .env("FORGETIT_DATABASE__PATH", db)
            .env("FORGETIT_STRATEGY__CACHE", strategy_cache())
            // One server, thousands of games, each player clicking as fast as the bot answers:
            // the limits of `limits` are not what is measured.
            .env("FORGETIT_LIMITS__CLICKS_PER_MINUTE", "100000")
            .env("FORGETIT_LIMITS__TABLES_PER_SERVER", "100000")
            .env("FORGETIT_LIMITS__LOBBIES_PER_PERSON", "100000")
            // Settings to try pass through: the durability, and the allocator's own.
            .envs(std::env::vars().filter(|(k, _)| {
                k == "FORGETIT_DATABASE__DURABILITY" || k.starts_with("MIMALLOC_")
            }))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("start the forgetit binary");
        BotChild { child }
    }

    /// This binary as the baseline bot, answering with `message` (a file) if given.
    fn baseline(standin: &Standin, message: Option<&Path>) -> BotChild {
        let mut command = Command::new(std::env::current_exe().expect("this binary"));
        command.args(["--serve-baseline", &standin.rest_url()]);
        if let Some(message) = message {
            command.arg("--baseline-message").arg(message);
        }
        let child = command
            .env("DISCORD_TOKEN", standin.token())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("start the baseline");
        BotChild { child }
    }

    fn proc(&self, file: &str) -> String {
        std::fs::read_to_string(format!("/proc/{}/{file}", self.child.id())).unwrap_or_default()
    }

    /// CPU time (user and system) used so far, in seconds.
    fn cpu_s(&self) -> f64 {
        cpu_s(&self.proc("stat"))
    }

    /// Times its threads were switched out so far (voluntary and not), summed over the threads
    /// it has now (`/proc/<pid>/task/*/status`).
    fn switches(&self) -> u64 {
        let tasks = format!("/proc/{}/task", self.child.id());
        let Ok(tasks) = std::fs::read_dir(tasks) else {
            return 0;
        };
        tasks
            .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("status")).ok())
            .map(|status| context_switches(&status))
            .sum()
    }

    /// Resident memory now, in MB.
    fn rss_mb(&self) -> f64 {
        self.proc("status")
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    }

    /// With `LOAD_KEEP` set to a directory, what its memory is made of now
    /// (`/proc/<pid>/smaps`), as `<name>.smaps` there: to see what an RSS figure holds.
    fn keep(&self, name: &str) {
        if let Some(dir) = std::env::var_os("LOAD_KEEP") {
            let path = Path::new(&dir).join(format!("{name}.smaps"));
            std::fs::write(&path, self.proc("smaps")).expect("LOAD_KEEP is a directory");
        }
    }

    /// Stops the bot as a service manager would (SIGTERM) and waits for it.
    fn stop(mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let status = self.child.wait().expect("wait for the bot");
        assert!(status.success(), "the bot stopped with {status}");
    }
}

impl Drop for BotChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// With `LOAD_KEEP` set to a directory, a copy of `file` there as `name` (see [`BotChild::keep`]).
fn keep_file(file: &Path, name: &str) {
    if let Some(dir) = std::env::var_os("LOAD_KEEP") {
        std::fs::copy(file, Path::new(&dir).join(name)).expect("LOAD_KEEP is a directory");
    }
}

/// CPU time (user and system) of a process so far, in seconds, from its `/proc/<pid>/stat`.
fn cpu_s(stat: &str) -> f64 {
    // The fields after the command's closing parenthesis start at the 3rd; utime is the 14th,
    // stime the 15th, in clock ticks.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok());
    match (ticks(11), ticks(12)) {
        (Some(user), Some(system)) => (user + system) / clock_ticks(),
        _ => f64::NAN,
    }
}

/// A thread's switches so far, from its `status`: `voluntary_ctxt_switches` (it slept) and
/// `nonvoluntary_ctxt_switches` (it was preempted).
fn context_switches(status: &str) -> u64 {
    status
        .lines()
        .filter_map(|l| {
            let (key, value) = l.split_once(':')?;
            key.ends_with("ctxt_switches")
                .then(|| value.trim().parse::<u64>().ok())?
        })
        .sum()
}

/// What waking a sleeping thread costs on this machine: the mean round trip, in µs, of two
/// threads that wake each other in turn (each parks until the other unparks it), as `perf bench
/// sched pipe` measures, pinned to the cores `on`. Across two cores, each wake-up is an
/// interrupt sent to an idle core: cheap on bare metal, dearer in a virtual machine, and dearer
/// still in one inside another. `None` if a thread could not be pinned there.
fn thread_round_trip_us(on: [usize; 2]) -> Option<f64> {
    use std::sync::atomic::{AtomicU64, Ordering};
    const ROUND_TRIPS: u64 = 4_000;
    // Two threads of their own, so that no thread of the harness stays pinned.
    let first = std::thread::spawn(move || {
        if !pin(on[0]) {
            return None;
        }
        let turn = Arc::new(AtomicU64::new(0));
        let other = {
            let (turn, first) = (turn.clone(), std::thread::current());
            std::thread::spawn(move || {
                let pinned = pin(on[1]);
                for i in 0..ROUND_TRIPS {
                    while turn.load(Ordering::Acquire) != 2 * i + 1 {
                        std::thread::park();
                    }
                    turn.store(2 * i + 2, Ordering::Release);
                    first.unpark();
                }
                pinned
            })
        };
        let began = Instant::now();
        for i in 0..ROUND_TRIPS {
            turn.store(2 * i + 1, Ordering::Release);
            other.thread().unpark();
            while turn.load(Ordering::Acquire) != 2 * i + 2 {
                std::thread::park();
            }
        }
        let elapsed = began.elapsed();
        let pinned = other.join().expect("the other thread");
        pinned.then(|| elapsed.as_secs_f64() * 1e6 / ROUND_TRIPS as f64)
    });
    first.join().expect("the first thread")
}

/// Pins the calling thread to `core`.
fn pin(core: usize) -> bool {
    // SAFETY: `set` is a plain bit set, zeroed then filled by CPU_SET; sched_setaffinity reads
    // it, for the calling thread (0).
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    }
}

/// The machine's own pauses, which set a floor under every bot's tail: a thread for each core,
/// pinned to it where the process may run there (else left where the kernel puts it), sleeps
/// 0.5 ms at a time for `seconds` while nothing else runs, and each wake-up more than 2 ms late
/// is a pause (the core was taken away, by the kernel or the hypervisor). Returns how many there
/// were, and the longest, in ms.
fn machine_pauses(cores: usize, seconds: f64) -> (usize, f64) {
    const NAP: Duration = Duration::from_micros(500);
    const LATE: Duration = Duration::from_millis(2);
    let threads: Vec<_> = (0..cores)
        .map(|core| {
            std::thread::spawn(move || {
                let _ = pin(core);
                let began = Instant::now();
                let mut pauses = Vec::new();
                let mut before = began;
                while before - began < Duration::from_secs_f64(seconds) {
                    std::thread::sleep(NAP);
                    let now = Instant::now();
                    if now - before > LATE {
                        pauses.push((now - before).as_secs_f64() * 1000.0);
                    }
                    before = now;
                }
                pauses
            })
        })
        .collect();
    let pauses: Vec<f64> = threads
        .into_iter()
        .flat_map(|t| t.join().expect("a probe thread"))
        .collect();
    (pauses.len(), pauses.iter().copied().fold(0.0, f64::max))
}

/// The harness's own CPU time so far (the stand-in and the players), in seconds.
fn harness_cpu_s() -> f64 {
    cpu_s(&std::fs::read_to_string("/proc/self/stat").unwrap_or_default())
}

/// Clock ticks a second (`getconf CLK_TCK`), the unit of `/proc/<pid>/stat`'s times.
fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

type PoiseError = Box<dyn std::error::Error + Send + Sync>;

fn roll_button() -> Vec<serenity::CreateActionRow> {
    vec![serenity::CreateActionRow::Buttons(vec![
        serenity::CreateButton::new("roll").label("Roll"),
    ])]
}

/// The baseline's one command: a message with a button.
#[poise::command(slash_command)]
async fn bench(ctx: poise::Context<'_, (), PoiseError>) -> Result<(), PoiseError> {
    ctx.send(
        poise::CreateReply::default()
            .content(format!("<@{}> bench", ctx.author().id))
            .components(roll_button()),
    )
    .await?;
    Ok(())
}

/// Stands for the clicker's id in the same-message baseline's answer.
const CLICKER: &str = "{clicker}";

/// The same-message baseline's answer: an UPDATE_MESSAGE of `data` (a message our bot answered
/// a click with), serialized once, the id of the person it mentions standing as [`CLICKER`].
fn answer_template(data: &Value) -> String {
    let content = data["content"].as_str().unwrap_or_default();
    let answer = serde_json::to_string(&json!({ "type": 7, "data": data })).unwrap();
    match mentioned(content) {
        Some(user) => answer.replace(&user.0.to_string(), CLICKER),
        None => answer,
    }
}

/// The baseline process: a poise bot answering every click with UPDATE_MESSAGE, nothing else.
/// Its answer is its one button, or with `message` (a file of a message's JSON, as our bot
/// answered a click) that message, serialized once, mentioning the clicker.
fn serve_baseline(rest_url: &str, message: Option<&Path>) {
    let token = std::env::var("DISCORD_TOKEN").expect("DISCORD_TOKEN");
    // The answer, for the event handler (a function, not a closure).
    static TEMPLATE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(path) = message {
        let data = std::fs::read(path).expect("the baseline's message");
        let data: Value = serde_json::from_slice(&data).expect("a message's JSON");
        let _ = TEMPLATE.set(answer_template(&data));
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move {
        let framework = poise::Framework::<(), PoiseError>::builder()
            .options(poise::FrameworkOptions {
                commands: vec![bench()],
                event_handler: |framework, event| {
                    Box::pin(async move {
                        let serenity::FullEvent::InteractionCreate {
                            interaction: serenity::Interaction::Component(click),
                        } = event
                        else {
                            return Ok(());
                        };
                        let http = &framework.serenity_context.http;
                        if let Some(template) = TEMPLATE.get() {
                            let body = template.replace(CLICKER, &click.user.id.to_string());
                            let request = serenity::http::Request::new(
                                serenity::http::Route::InteractionResponse {
                                    interaction_id: click.id,
                                    token: &click.token,
                                },
                                serenity::http::LightMethod::Post,
                            )
                            .body(Some(body.into_bytes()));
                            let response = http.request(request).await?;
                            if !response.status().is_success() {
                                return Err(format!("answer refused: {}", response.status()).into());
                            }
                            return Ok(());
                        }
                        let update = serenity::CreateInteractionResponseMessage::new()
                            .content(format!("<@{}> bench", click.user.id))
                            .allowed_mentions(serenity::CreateAllowedMentions::new())
                            .components(roll_button());
                        click
                            .create_response(
                                http,
                                serenity::CreateInteractionResponse::UpdateMessage(update),
                            )
                            .await?;
                        Ok(())
                    })
                },
                ..Default::default()
            })
            .setup(|ctx, _ready, framework| {
                Box::pin(async move {
                    poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                    Ok(())
                })
            })
            .build();
        let http = serenity::HttpBuilder::new(&token)
            .proxy(rest_url)
            .ratelimiter_disabled(true)
            .build();
        let mut client = serenity::ClientBuilder::new_with_http(
            http,
            // As the bot's own: interactions need no intent, GUILDS fills the cache.
            serenity::GatewayIntents::GUILDS,
        )
        .framework(framework)
        .await
        .expect("the baseline client");
        client.start().await.expect("the baseline runs");
    });
}

/// Opens `/forgetit start` lobbies in `channels`, `host(i)` the host of the i-th, a few at a
/// time; returns each lobby's message.
async fn open_lobbies(
    standin: &Standin,
    channels: &[ChannelId],
    host: impl Fn(usize) -> UserId,
) -> Vec<MessageId> {
    use futures::StreamExt;
    let host = &host;
    futures::stream::iter(channels.iter().enumerate())
        .map(|(i, &channel)| async move {
            standin
                .run_slash(
                    host(i),
                    channel,
                    "forgetit",
                    Some("start"),
                    json!({ "target": TARGET }),
                )
                .await
                .unwrap()
                .answer()
                .await
                .unwrap()
                .id
        })
        .buffered(32)
        .collect()
        .await
}

/// Opens a two-person game in each channel and waits for its first turn.
async fn open_games(standin: &Standin, channels: &[ChannelId], users: &[UserId]) {
    use futures::StreamExt;
    let person = |i: usize| users[i % users.len()];
    let lobbies = open_lobbies(standin, channels, |i| person(2 * i)).await;
    futures::stream::iter(channels.iter().zip(lobbies).enumerate())
        .for_each_concurrent(32, |(i, (&channel, lobby))| async move {
            let join = standin.click(person(2 * i + 1), lobby, "Join").await;
            join.unwrap().response().await.unwrap();
            // The initial response may be the deferral (a slow answer under this load): Start is
            // clicked once the lobby shows the second player, as a person would.
            standin
                .wait_until("the join shown", |view| {
                    view.message(lobby)?
                        .buttons()
                        .iter()
                        .any(|b| b.label.as_deref() == Some("Start") && !b.disabled)
                        .then_some(())
                })
                .await
                .unwrap();
            let start = standin.click(person(2 * i), lobby, "Start").await;
            start.unwrap().response().await.unwrap();
            standin
                .wait_until("the first turn", |view| {
                    view.messages(channel)
                        .iter()
                        .any(|m| m.content().contains("your turn") && !m.buttons().is_empty())
                        .then_some(())
                })
                .await
                .unwrap();
        })
        .await;
}

async fn open_baseline(standin: &Standin, channels: &[ChannelId], users: &[UserId]) {
    use futures::StreamExt;
    futures::stream::iter(channels.iter().enumerate())
        .for_each_concurrent(32, |(i, &channel)| async move {
            // The message's mention names who clicks it.
            let user = users[(2 * i) % users.len()];
            let slash = standin.run_slash(user, channel, "bench", None, json!({}));
            slash.await.unwrap().answer().await.unwrap();
        })
        .await;
}

// ----- measuring -----------------------------------------------------------------------------

#[derive(Clone, Debug, Default)]
struct Phase {
    actions: u64,
    seconds: f64,
    cpu_s: f64,
    /// The bot's thread switches meanwhile ([`BotChild::switches`]).
    switches: u64,
    /// The harness's CPU time meanwhile (the stand-in, as Discord, and the players).
    harness_cpu_s: f64,
    latencies_ms: Vec<f64>,
    requests: usize,
    events: Option<i64>,
}

impl Phase {
    fn per_second(&self) -> f64 {
        self.actions as f64 / self.seconds
    }

    /// The bot's CPU time per action, in ms.
    fn cpu_ms(&self) -> f64 {
        self.cpu_s * 1000.0 / self.actions.max(1) as f64
    }

    /// The bot's thread switches per action.
    fn switches_per_click(&self) -> f64 {
        self.switches as f64 / self.actions.max(1) as f64
    }

    /// The harness's CPU time per action, in ms.
    fn harness_cpu_ms(&self) -> f64 {
        self.harness_cpu_s * 1000.0 / self.actions.max(1) as f64
    }

    fn percentile(&self, p: f64) -> Option<f64> {
        percentile(&self.latencies_ms, p)
    }
}

fn percentile(values: &[f64], p: f64) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
    Some(v[i])
}

/// Initial-response latencies of the interactions sent since the `from`-th, in ms.
fn latencies_since(standin: &Standin, from: usize) -> Vec<f64> {
    standin.view(|view| {
        view.interactions()[from..]
            .iter()
            .filter_map(|r| r.initial_response())
            .map(|r| r.latency.as_secs_f64() * 1000.0)
            .collect()
    })
}

/// Runs every channel under `pace` and reads what the stand-in and the bot's process saw
/// meanwhile.
async fn run_phase(
    driver: &Arc<Driver>,
    bot: &BotChild,
    channels: &[ChannelId],
    pace: impl Fn(usize) -> Pace,
    baseline: bool,
) -> Phase {
    let standin = &driver.standin;
    let interactions_before = standin.view(|v| v.interactions().len());
    let requests_before = driver.requests();
    let cpu_before = bot.cpu_s();
    let switches_before = bot.switches();
    let harness_before = harness_cpu_s();
    let began = Instant::now();
    let tasks: Vec<_> = channels
        .iter()
        .enumerate()
        .map(|(i, &c)| tokio::spawn(play(driver.clone(), c, pace(i), baseline)))
        .collect();
    let mut actions = 0;
    for t in tasks {
        actions += t.await.unwrap();
    }
    let seconds = began.elapsed().as_secs_f64();
    Phase {
        actions,
        seconds,
        cpu_s: bot.cpu_s() - cpu_before,
        switches: bot.switches().saturating_sub(switches_before),
        harness_cpu_s: harness_cpu_s() - harness_before,
        latencies_ms: latencies_since(standin, interactions_before),
        requests: driver.requests() - requests_before,
        events: None,
    }
}

async fn count_events(db: &Path) -> Option<i64> {
    use sqlx::ConnectOptions;
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(db)
        .read_only(true)
        .connect()
        .await
        .ok()?;
    sqlx::query_scalar("SELECT count(*) FROM events")
        .fetch_one(&mut conn)
        .await
        .ok()
}

struct Measured {
    channels: usize,
    saturated: Phase,
    fixed: Phase,
    /// Ours: a message it answered a click with mid-turn (see [`Driver::sample`]).
    sample: Option<Value>,
}

/// Which bot a measurement is of.
enum Subject<'a> {
    Ours,
    /// The bare baseline: one button.
    Baseline,
    /// The baseline answering every click with this message of ours.
    SameMessage(&'a Value),
}

/// One bot at `channels` channels: a warm-up with validation on, then saturation, then the
/// fixed offered load, validation off.
async fn measure(o: &Run, channels: usize, subject: Subject<'_>) -> Measured {
    let (standin, ids, users) = standin(channels).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forgetit.db");
    let baseline = !matches!(subject, Subject::Ours);
    let bot = if baseline {
        let message = match subject {
            Subject::SameMessage(data) => {
                let path = dir.path().join("message.json");
                std::fs::write(&path, data.to_string()).unwrap();
                Some(path)
            }
            _ => None,
        };
        let bot = BotChild::baseline(&standin, message.as_deref());
        standin.wait_for_command("bench").await.unwrap();
        open_baseline(&standin, &ids, &users).await;
        bot
    } else {
        let bot = BotChild::ours(&standin, dir.path(), &db);
        standin.wait_for_command("forgetit").await.unwrap();
        open_games(&standin, &ids, &users).await;
        bot
    };
    let driver = Driver::new(standin.clone(), &ids);
    // Warm-up, checked against the spec.
    let warm = Duration::from_secs_f64((o.seconds / 5.0).max(0.5));
    let until = Instant::now() + warm;
    let saturate = |_| Pace::Saturate { until };
    run_phase(&driver, &bot, &ids, saturate, baseline).await;
    standin.assert_clean();
    standin.set_validation(false);

    let events_before = if baseline {
        None
    } else {
        count_events(&db).await
    };
    let until = Instant::now() + Duration::from_secs_f64(o.seconds);
    let saturate = |_| Pace::Saturate { until };
    let mut saturated = run_phase(&driver, &bot, &ids, saturate, baseline).await;
    if let (Some(before), Some(after)) = (events_before, count_events(&db).await) {
        saturated.events = Some(after - before);
    }

    let every = Duration::from_secs_f64(channels as f64 / o.rate);
    let from = Instant::now() + Duration::from_millis(50);
    let until = from + Duration::from_secs_f64(o.fixed_seconds);
    let fixed = |i: usize| Pace::Fixed {
        from: from + every.mul_f64(i as f64 / channels as f64),
        every,
        until,
    };
    let fixed = run_phase(&driver, &bot, &ids, fixed, baseline).await;
    if baseline {
        drop(bot);
    } else {
        bot.stop();
        keep_file(
            &dir.path().join("forgetit.log"),
            &format!("ours-{channels}.log"),
        );
    }
    Measured {
        channels,
        saturated,
        fixed,
        sample: driver.sample.get().cloned(),
    }
}

/// The memory of many open games, and a restart with them.
struct OpenGames {
    games: usize,
    /// The bot's RSS once started, before any game is opened.
    rss_mb_empty: f64,
    seconds_to_open: f64,
    rss_mb: f64,
    restart_s: f64,
    rss_mb_restarted: f64,
}

/// Opens `o.games` games (half left in their lobby, half mid-turn), reads the bot's RSS, stops it
/// cleanly and starts it again: the time until it answers a click in one of those games, and its
/// RSS then.
async fn open_games_and_restart(o: &Run) -> OpenGames {
    let (standin, ids, users) = standin(o.games).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forgetit.db");
    let bot = BotChild::ours(&standin, dir.path(), &db);
    standin.wait_for_command("forgetit").await.unwrap();
    let rss_mb_empty = bot.rss_mb();
    standin.set_validation(false);
    let began = Instant::now();
    let (lobbies, playing) = ids.split_at(o.games / 2);
    open_lobbies(&standin, lobbies, |i| users[i % users.len()]).await;
    open_games(&standin, playing, &users).await;
    let seconds_to_open = began.elapsed().as_secs_f64();
    let rss_mb = bot.rss_mb();
    bot.keep("live");

    bot.stop();
    let identified = standin.identifies().len();
    let began = Instant::now();
    let bot = BotChild::ours(&standin, dir.path(), &db);
    standin.wait_for_identifies(identified + 1).await.unwrap();
    let channel = *playing.last().expect("a game mid-turn");
    let (message, user, custom_id) = current_turn(&standin, channel, false).expect("its turn");
    let click = standin.click_custom_id(user, message, &custom_id).await;
    click.unwrap().response().await.unwrap();
    let restart_s = began.elapsed().as_secs_f64();
    let rss_mb_restarted = bot.rss_mb();
    bot.keep("restarted");
    bot.stop();
    keep_file(&dir.path().join("forgetit.log"), "restarted.log");
    OpenGames {
        games: o.games,
        rss_mb_empty,
        seconds_to_open,
        rss_mb,
        restart_s,
        rss_mb_restarted,
    }
}

/// The cost of an action in a long game and in short ones.
struct LongGame {
    turns: u64,
    clicks: u64,
    short_cpu_ms: f64,
    long_cpu_ms: f64,
    short_p50_ms: f64,
    long_p50_ms: f64,
}

/// Plays one game past `o.long_turns` turns; then times the first two turns of `o.short_games`
/// fresh games, one channel at a time, and as many clicks in the long game.
async fn long_game(o: &Run) -> LongGame {
    let (standin, ids, users) = standin(o.short_games + 1).await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forgetit.db");
    let bot = BotChild::ours(&standin, dir.path(), &db);
    standin.wait_for_command("forgetit").await.unwrap();
    standin.set_validation(false);
    open_games(&standin, &ids, &users).await;
    let driver = Driver::new(standin.clone(), &ids);
    let (long, short) = (ids[0], &ids[1..]);
    play(driver.clone(), long, Pace::Turns(o.long_turns), false).await;

    // Rounds of a block of short games' clicks then as many in the long game, so that whatever
    // drifts with time weighs on both alike.
    let block = |pace: Vec<(ChannelId, Pace)>| {
        let (driver, bot) = (driver.clone(), &bot);
        async move {
            let interactions = driver.standin.view(|v| v.interactions().len());
            let cpu = bot.cpu_s();
            let mut clicks = 0;
            for (channel, pace) in pace {
                clicks += play(driver.clone(), channel, pace, false).await;
            }
            let latencies = latencies_since(&driver.standin, interactions);
            (clicks, bot.cpu_s() - cpu, latencies)
        }
    };
    let (mut clicks, mut short_cpu, mut long_cpu) = (0, 0.0, 0.0);
    let (mut short_latencies, mut long_latencies) = (Vec::new(), Vec::new());
    for games in short.chunks(short.len().div_ceil(ROUNDS)) {
        let (n, cpu, latencies) = block(games.iter().map(|&c| (c, Pace::Turns(2))).collect()).await;
        (clicks, short_cpu) = (clicks + n, short_cpu + cpu);
        short_latencies.extend(latencies);
        let (_, cpu, latencies) = block(vec![(long, Pace::Clicks(n))]).await;
        long_cpu += cpu;
        long_latencies.extend(latencies);
    }
    let per_click = |cpu: f64| cpu * 1000.0 / clicks.max(1) as f64;
    let (short_cpu_ms, long_cpu_ms) = (per_click(short_cpu), per_click(long_cpu));
    let short_p50_ms = percentile(&short_latencies, 50.0).unwrap_or(f64::NAN);
    let long_p50_ms = percentile(&long_latencies, 50.0).unwrap_or(f64::NAN);
    bot.stop();
    LongGame {
        turns: o.long_turns,
        clicks,
        short_cpu_ms,
        long_cpu_ms,
        short_p50_ms,
        long_p50_ms,
    }
}

// ----- the report ----------------------------------------------------------------------------

/// The size of the same-message baseline's answer, in bytes of JSON (its `data`).
fn same_message_bytes(same: &Measured) -> usize {
    same.sample.as_ref().map_or(0, |m| m.to_string().len())
}

fn ms(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.2}"))
}

fn latencies(p: &Phase) -> String {
    format!(
        "{}/{}/{}",
        ms(p.percentile(50.0)),
        ms(p.percentile(99.0)),
        ms(p.percentile(99.9))
    )
}

/// Runs one measurement on a runtime of its own, dropped after it: what a stand-in and its
/// driver leave running (connections, timers) must not take CPU from the next measurement (it
/// did: a 100-channel run after a 10-channel one answered a third fewer clicks, both bots).
/// The target of the games of the growth phase: a server's default.
const GROWTH_TARGET: u32 = 500;

/// The database's growth per finished game.
struct Growth {
    games: usize,
    /// Bytes a game, SQLite (its pages in use, once the write-ahead log is copied in).
    sqlite: f64,
    /// Bytes a game, PostgreSQL (`pg_database_size`).
    postgres: f64,
}

/// Plays `o.growth_games` two-person For Get It games to [`GROWTH_TARGET`] through the store, as
/// the bot stores them (each action's commit: its event, the game row, the seats when they
/// change, and at the end the results, statistics and ratings), on a fresh SQLite file and a fresh
/// PostgreSQL database; the growth of each per game. The players bank once their turn holds 30
/// points or more, else keep the first number offered, else roll, like the bench's.
async fn db_growth(o: &Run) -> Growth {
    use forgetit::store::{Durability, Store};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("growth.db");
    // The database's pages in use, once its write-ahead log is copied into it.
    let used = |path: std::path::PathBuf| async move {
        let url = format!("sqlite://{}", path.display());
        let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
            .await
            .unwrap();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&mut conn)
            .await
            .unwrap();
        let bytes: i64 = sqlx::query_scalar(
            "SELECT (p.page_count - f.freelist_count) * s.page_size \
             FROM pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s",
        )
        .fetch_one(&mut conn)
        .await
        .unwrap();
        bytes
    };
    let store = Store::open_durable(&path, Durability::default())
        .await
        .unwrap();
    store.close().await;
    let empty = used(path.clone()).await;
    let store = Store::open_durable(&path, Durability::default())
        .await
        .unwrap();
    play_stored_games(&store, o.growth_games).await;
    store.close().await;
    let sqlite = (used(path.clone()).await - empty) as f64 / o.growth_games as f64;

    let url = postgres::server().await.fresh_database().await;
    let size = || async {
        let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&url)
            .await
            .unwrap();
        let size: i64 = sqlx::query_scalar("SELECT pg_database_size(current_database())")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        size
    };
    let store = Store::open_url(&url, Durability::default()).await.unwrap();
    let before = size().await;
    play_stored_games(&store, o.growth_games).await;
    store.close().await;
    let postgres = (size().await - before) as f64 / o.growth_games as f64;
    Growth {
        games: o.growth_games,
        sqlite,
        postgres,
    }
}

/// Plays `games` games to their end through `store` (see [`db_growth`]).
async fn play_stored_games(store: &forgetit::store::Store, games: usize) {
    use forgetit::engine::dice::RandomDice;
    use forgetit::engine::table::{Action, Game};
    use forgetit::engine::{Player, Status};
    use forgetit::games::forgetit::{ForGetIt, Move};
    use forgetit::store::{Place, StoredGame};
    let mut dice = RandomDice::seeded(20_261_127);
    for i in 0..games {
        let place = Place::server(
            forgetit::GuildId::new(1),
            forgetit::ChannelId::new(1000 + i as u64),
        );
        let (alice, bob) = (
            Player::Person(forgetit::UserId::new(1)),
            Player::Person(forgetit::UserId::new(2)),
        );
        let settings = forgetit::games::forgetit::Settings {
            target: GROWTH_TARGET,
            ..Default::default()
        };
        let (mut game, created) = Game::<ForGetIt>::create(settings, alice, "alice").unwrap();
        let id = store.create_game(place, &game, &created).await.unwrap();
        let mut act = |game: &mut Game<ForGetIt>, action| {
            let event = game.decide(action, &mut dice).unwrap();
            let mut next = game.clone();
            next.evolve(&event);
            (event, std::mem::replace(game, next))
        };
        for action in [
            Action::Join {
                player: bob,
                name: "bob".into(),
            },
            Action::Start { by: alice },
        ] {
            let (event, before) = act(&mut game, action);
            store
                .commit_from(id, Some(&before), &game, &event, None, false)
                .await
                .unwrap();
        }
        while StoredGame::status(&game) == Status::Playing {
            let by = game.current_player().unwrap();
            let legal: Vec<Move> = game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Play { mv, .. } => Some(mv),
                    _ => None,
                })
                .collect();
            let points = game.turn().map_or(0, |t| t.score());
            let mv = if legal.contains(&Move::Bank) && points >= 30 {
                Move::Bank
            } else if let Some(choose) = legal.iter().find(|m| matches!(m, Move::ChoosePoint(_))) {
                *choose
            } else {
                Move::Roll
            };
            let turn = game.turn().map(|t| t.number).ok();
            let (event, before) = act(&mut game, Action::Play { by, mv });
            let new_turn = game.turn().map(|t| t.number).ok() != turn;
            store
                .commit_from(id, Some(&before), &game, &event, None, new_turn)
                .await
                .unwrap();
        }
    }
}

fn alone<T>(measurement: impl std::future::Future<Output = T>) -> T {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let result = runtime.block_on(measurement);
    runtime.shutdown_timeout(Duration::from_secs(5));
    result
}

fn main() {
    let parsed = <Options as clap::Parser>::parse();
    if let Some(rest_url) = &parsed.serve_baseline {
        return serve_baseline(rest_url, parsed.baseline_message.as_deref());
    }
    let o = options(&parsed);
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    // What a thread's wake-up costs here, across two cores and on one.
    let across_us = (cores > 1).then(|| thread_round_trip_us([0, 1])).flatten();
    let one_core_us = thread_round_trip_us([0, 0]);
    let us = |t: Option<f64>| t.map_or("-".into(), |t| format!("{t:.1}"));
    // And what pauses it has of its own, which no bot's tail can be shorter than.
    let (pauses, longest_pause_ms) = machine_pauses(cores, o.seconds);
    println!(
        "load: {cores} cores, {} s saturated, {} s at a fixed load of {}/s, channels {:?}, {} open \
         games; two threads waking each other: a round trip of {} µs across two cores, {} µs on \
         one; the machine's pauses of a sleeping thread over 2 ms: {pauses} in {} s a core, the \
         longest {longest_pause_ms:.1} ms",
        o.seconds,
        o.fixed_seconds,
        o.rate,
        o.channels,
        o.games,
        us(across_us),
        us(one_core_us),
        o.seconds,
    );
    let mut rows = Vec::new();
    if o.runs(Part::Channels) {
        for &n in &o.channels {
            let ours = alone(measure(&o, n, Subject::Ours));
            let base = alone(measure(&o, n, Subject::Baseline));
            let sample = ours.sample.as_ref().expect("a turn under way answered");
            let same = alone(measure(&o, n, Subject::SameMessage(sample)));
            rows.push((ours, base, same));
        }
    }
    let open = o
        .runs(Part::Restart)
        .then(|| alone(open_games_and_restart(&o)));
    let long = o.runs(Part::Long).then(|| alone(long_game(&o)));
    let growth = o.runs(Part::Growth).then(|| alone(db_growth(&o)));
    if !rows.is_empty() {
        print_rows(&o, &rows);
    }
    if let Some(open) = &open {
        println!(
            "{} open games (opened in {:.1} s): RSS {:.1} MB ({:.1} MB with none); a clean \
             restart answers again in {:.2} s, RSS then {:.1} MB",
            open.games,
            open.seconds_to_open,
            open.rss_mb,
            open.rss_mb_empty,
            open.restart_s,
            open.rss_mb_restarted
        );
    }
    let ratio = long.as_ref().map(|l| l.long_cpu_ms / l.short_cpu_ms);
    if let Some(long) = &long {
        println!(
            "an action past turn {}: {:.3} CPU ms (p50 {:.2} ms) against {:.3} (p50 {:.2} ms) in a \
             game's first two turns, {} clicks each: {:.2}x",
            long.turns,
            long.long_cpu_ms,
            long.long_p50_ms,
            long.short_cpu_ms,
            long.short_p50_ms,
            long.clicks,
            long.long_cpu_ms / long.short_cpu_ms
        );
    }
    if let Some(growth) = &growth {
        println!(
            "the database grows by {:.0} bytes a finished game on SQLite, {:.0} on PostgreSQL \
             ({} two-person For Get It games to {}, stored as the bot stores them)",
            growth.sqlite, growth.postgres, growth.games, GROWTH_TARGET
        );
    }
    if o.json {
        // Every row's figures in `rows`; the largest run's also at the top level, as before.
        let mut figures = rows
            .last()
            .map_or_else(|| json!({ "cores": cores }), |row| row_json(&o, row, cores));
        let all: Vec<Value> = rows.iter().map(|row| row_json(&o, row, cores)).collect();
        let more = json!({
            "thread_round_trip_us_across_cores": across_us,
            "thread_round_trip_us_one_core": one_core_us,
            "machine_pauses_over_2ms": pauses,
            "machine_longest_pause_ms": longest_pause_ms,
            "machine_pause_probe_s": o.seconds,
            "rows": all,
            "open_games": open.as_ref().map(|open| open.games),
            "rss_mb_10k_games": open.as_ref().map(|open| open.rss_mb.max(open.rss_mb_restarted)),
            "rss_mb_10k_games_live": open.as_ref().map(|open| open.rss_mb),
            "rss_mb_10k_games_restarted": open.as_ref().map(|open| open.rss_mb_restarted),
            "rss_mb_no_games": open.as_ref().map(|open| open.rss_mb_empty),
            "rss_kb_per_open_game": open.as_ref().map(|open| {
                (open.rss_mb - open.rss_mb_empty) * 1024.0 / open.games as f64
            }),
            "rss_kb_per_open_game_restarted": open.as_ref().map(|open| {
                (open.rss_mb_restarted - open.rss_mb_empty) * 1024.0 / open.games as f64
            }),
            "restart_s_10k_games": open.as_ref().map(|open| open.restart_s),
            "long_game_turns": long.as_ref().map(|long| long.turns),
            "long_game_cost_ratio": ratio,
            "db_bytes_per_game": growth.as_ref().map(|growth| growth.sqlite),
            "db_bytes_per_game_postgres": growth.as_ref().map(|growth| growth.postgres),
        });
        let object = figures.as_object_mut().expect("an object");
        for (key, value) in more.as_object().expect("an object") {
            object.insert(key.clone(), value.clone());
        }
        println!("{figures}");
    }
}

/// One channel count's figures: ours, the bare baseline's and the same-message baseline's.
type Row = (Measured, Measured, Measured);

/// One row's figures as JSON, each baseline's tail beside ours.
fn row_json(o: &Run, (ours, base, same): &Row, cores: usize) -> Value {
    let (s, b, m) = (&ours.saturated, &base.saturated, &same.saturated);
    json!({
        "channels": ours.channels,
        "cores": cores,
        "ours_per_s": s.per_second(),
        "baseline_per_s": b.per_second(),
        "throughput_ratio": s.per_second() / b.per_second(),
        "ours_cpu_ms_per_click": s.cpu_ms(),
        "baseline_cpu_ms_per_click": b.cpu_ms(),
        "harness_cpu_ms_per_click_ours": s.harness_cpu_ms(),
        "harness_cpu_ms_per_click_baseline": b.harness_cpu_ms(),
        "ours_switches_per_click": s.switches_per_click(),
        "baseline_switches_per_click": b.switches_per_click(),
        "same_message_switches_per_click": m.switches_per_click(),
        "same_message_bytes": same_message_bytes(same),
        "same_message_baseline_per_s": m.per_second(),
        "throughput_ratio_same_message": s.per_second() / m.per_second(),
        "same_message_baseline_cpu_ms_per_click": m.cpu_ms(),
        "harness_cpu_ms_per_click_same_message": m.harness_cpu_ms(),
        "offered_per_s": o.rate,
        "p50_ms_at_500": ours.fixed.percentile(50.0),
        "p99_ms_at_500": ours.fixed.percentile(99.0),
        "p999_ms_at_500": ours.fixed.percentile(99.9),
        "baseline_p50_ms_at_500": base.fixed.percentile(50.0),
        "baseline_p99_ms_at_500": base.fixed.percentile(99.0),
        "baseline_p999_ms_at_500": base.fixed.percentile(99.9),
        "same_message_p99_ms_at_500": same.fixed.percentile(99.0),
        "same_message_p999_ms_at_500": same.fixed.percentile(99.9),
        "rest_calls_per_action": s.requests as f64 / s.actions.max(1) as f64,
        "events_per_action": s.events.map(|e| e as f64 / s.actions.max(1) as f64),
    })
}

/// The table of the channel counts' figures.
fn print_rows(o: &Run, rows: &[Row]) {
    println!(
        "{:>8} | {:>7} {:>7} {:>5} | {:>6} {:>6} | {:>20} | {:>20} | {:>8} {:>10}",
        "channels",
        "ours/s",
        "base/s",
        "ratio",
        "ours",
        "base",
        "ours p50/p99/p99.9",
        "base p50/p99/p99.9",
        "REST/act",
        "events/act"
    );
    println!(
        "{:>8} | {:>21} | {:>13} | {:>20} | {:>20} |",
        "", "saturated", "CPU ms/click", "ms at the fixed load", "ms at the fixed load"
    );
    for (ours, base, same) in rows {
        let (s, b, m) = (&ours.saturated, &base.saturated, &same.saturated);
        println!(
            "{:>8} | {:>7.0} {:>7.0} {:>5.2} | {:>6.3} {:>6.3} | {:>20} | {:>20} | {:>8.2} {:>10}",
            ours.channels,
            s.per_second(),
            b.per_second(),
            s.per_second() / b.per_second(),
            s.cpu_ms(),
            b.cpu_ms(),
            latencies(&ours.fixed),
            latencies(&base.fixed),
            s.requests as f64 / s.actions.max(1) as f64,
            s.events.map_or("-".into(), |e| format!(
                "{:.2}",
                e as f64 / s.actions.max(1) as f64
            )),
        );
        println!(
            "{:>8} | fixed load: ours answered {:.0}/s, the baseline {:.0}/s, of {}/s offered",
            "",
            ours.fixed.per_second(),
            base.fixed.per_second(),
            o.rate,
        );
        println!(
            "{:>8} | saturated, the harness's CPU ms/click: {:.3} with ours, {:.3} with the \
             baseline; the bot's thread switches a click: ours {:.2}, the baseline {:.2}",
            "",
            s.harness_cpu_ms(),
            b.harness_cpu_ms(),
            s.switches_per_click(),
            b.switches_per_click(),
        );
        println!(
            "{:>8} | the baseline answering with our turn message ({} bytes): {:.0}/s, CPU ms/click \
             {:.3}, the harness's {:.3}, thread switches a click {:.2}; ours over it {:.2}; at the \
             fixed load {} ms",
            "",
            same_message_bytes(same),
            m.per_second(),
            m.cpu_ms(),
            m.harness_cpu_ms(),
            m.switches_per_click(),
            s.per_second() / m.per_second(),
            latencies(&same.fixed),
        );
    }
}
