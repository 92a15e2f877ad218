//! How fast is the whole bot: `cargo bench --bench load [-- --channels N] [--smoke] [--json]`.
//!
//! The real bot (`forgetit::discord::start`, the same code as `forgetit run`, in this process)
//! against the Discord stand-in, driven like many people at once: N channels, each with a
//! two-person For Get It game, each person clicking as soon as their turn allows (bank at 30,
//! else keep the first number, else roll). The baseline, in the same harness and run: a minimal
//! poise bot that answers every click with UPDATE_MESSAGE and nothing else (no game, no
//! database), the framework's limit.
//!
//! The driver reads only the stand-in's request log (one reader for all channels): a click's
//! callback body says whether the clicked message still offers a move; a `POST` of a channel
//! message says a new turn began there. The stand-in validates bodies in the warm-up and not
//! while timing (`Standin::set_validation`).
//!
//! Figures: answered interactions per second at saturation (all channels clicking as fast as
//! answers come), ours and the baseline's; INTERACTION_CREATE → initial response latency
//! (the stand-in's own clock) at a fixed offered load; REST calls and stored events per action.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use discord_standin::{ChannelId, MessageId, RequestRecord, Standin, StandinConfig, UserId};
use forgetit::config::{Config, Token};
use forgetit::discord::{self, BotOptions};
use forgetit::engine::dice::RandomDice;
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use tokio::sync::{oneshot, watch};

const TOKEN: &str = "standin.bot.token";
/// High enough that no game ends while timed.
const TARGET: u32 = 10_000;

// ----- options ------------------------------------------------------------------------------

/// `cargo bench --bench load -- [--channels N] [--seconds S] [--rate R] [--smoke] [--json]`
#[derive(clap::Parser)]
struct Options {
    /// One run with this many channels (default: 10, 100 and 1,000).
    #[arg(long)]
    channels: Option<usize>,
    /// Seconds each timed phase lasts.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// The fixed offered load of the latency phase, actions per second.
    #[arg(long, default_value_t = 500.0)]
    rate: f64,
    /// The figures as one JSON object on the last line.
    #[arg(long)]
    json: bool,
    /// A short run for CI: 4 channels, 2-second phases, 100 actions/s.
    #[arg(long)]
    smoke: bool,
    /// Passed by `cargo bench`.
    #[arg(long, hide = true)]
    bench: bool,
}

/// The run's settings: the channel counts, then the phases.
struct Run {
    channels: Vec<usize>,
    seconds: f64,
    rate: f64,
    json: bool,
}

fn options() -> Run {
    let o = <Options as clap::Parser>::parse();
    if o.smoke {
        return Run {
            channels: vec![4],
            seconds: 2.0,
            rate: 100.0,
            json: o.json,
        };
    }
    Run {
        channels: o.channels.map_or_else(|| vec![10, 100, 1000], |n| vec![n]),
        seconds: o.seconds,
        rate: o.rate,
        json: o.json,
    }
}

// ----- the driver: one reader of the request log, routing to the channels -------------------

/// What the request log says happened, routed to who waits for it.
#[derive(Default)]
struct Routes {
    /// Callback bodies by interaction id, waited for or arrived early.
    callbacks: HashMap<u64, Callback>,
    /// Channel messages posted, by channel.
    posts: HashMap<u64, watch::Sender<u64>>,
}

enum Callback {
    Waiting(oneshot::Sender<Value>),
    Arrived(Value),
}

struct Driver {
    standin: Arc<Standin>,
    routes: Mutex<Routes>,
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
        });
        let reader = driver.clone();
        tokio::spawn(async move { reader.read_log().await });
        driver
    }

    async fn read_log(&self) {
        let mut cursor = 0;
        loop {
            let new: Vec<RequestRecord> = match self
                .standin
                .wait_until("new requests", |view| {
                    let all = view.requests();
                    (all.len() > cursor).then(|| all[cursor..].to_vec())
                })
                .await
            {
                Ok(new) => new,
                Err(_) => continue, // idle longer than the wait timeout
            };
            cursor += new.len();
            let mut routes = self.routes.lock().unwrap();
            for r in new {
                let route = r.route.as_deref().unwrap_or_default();
                if route == "/interactions/{interaction_id}/{interaction_token}/callback" {
                    let id: u64 = r.path.split('/').nth(4).unwrap().parse().unwrap();
                    let body = r.body.unwrap_or(Value::Null);
                    match routes.callbacks.remove(&id) {
                        Some(Callback::Waiting(tx)) => {
                            let _ = tx.send(body);
                        }
                        _ => {
                            routes.callbacks.insert(id, Callback::Arrived(body));
                        }
                    }
                } else if r.method == "POST" && route == "/channels/{channel_id}/messages" {
                    let channel: u64 = r.path.split('/').nth(4).unwrap().parse().unwrap();
                    if let Some(tx) = routes.posts.get(&channel) {
                        tx.send_modify(|n| *n += 1);
                    }
                }
            }
        }
    }

    /// Clicks `custom_id` on `message`; returns the callback's body.
    async fn click(&self, user: UserId, message: MessageId, custom_id: &str) -> Value {
        let interaction = self
            .standin
            .click_custom_id(user, message, custom_id)
            .await
            .unwrap_or_else(|e| panic!("click {custom_id}: {e}"));
        let rx = {
            let mut routes = self.routes.lock().unwrap();
            match routes.callbacks.remove(&interaction.id.0) {
                Some(Callback::Arrived(body)) => return body,
                _ => {
                    let (tx, rx) = oneshot::channel();
                    routes
                        .callbacks
                        .insert(interaction.id.0, Callback::Waiting(tx));
                    rx
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(30), rx)
            .await
            .expect("an answer within 30 s")
            .expect("the reader lives")
    }

    fn posts(&self, channel: ChannelId) -> watch::Receiver<u64> {
        self.routes.lock().unwrap().posts[&channel.0].subscribe()
    }
}

// ----- the players ---------------------------------------------------------------------------

/// Buttons of a message's components as `(label, custom_id)`.
fn buttons(components: &Value) -> Vec<(String, String)> {
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
    walk(components, &mut out);
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

/// The channel's current turn: the message with move buttons of the highest version (the
/// baseline's: its last message with a button).
fn current_turn(
    standin: &Standin,
    channel: ChannelId,
    baseline: bool,
) -> Option<(MessageId, UserId, String)> {
    if baseline {
        let m = standin.last_message(channel)?;
        let b = buttons(&Value::Array(m.components().to_vec()));
        return Some((m.id, mentioned(m.content())?, b.first()?.1.clone()));
    }
    standin
        .messages(channel)
        .into_iter()
        .filter_map(|m| {
            let b = buttons(&Value::Array(m.components().to_vec()));
            let v = b.iter().filter_map(|(_, id)| version(id)).max()?;
            Some((v, m))
        })
        .max_by_key(|(v, m)| (*v, m.id))
        .and_then(|(_, m)| {
            let user = mentioned(m.content())?;
            let b = buttons(&Value::Array(m.components().to_vec()));
            Some((m.id, user, choose(&b)?))
        })
}

/// When a channel may click next.
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
}

/// Plays one channel's game (or the baseline's button) until the pace's deadline; returns the
/// clicks answered.
async fn play(driver: Arc<Driver>, channel: ChannelId, pace: Pace, baseline: bool) -> u64 {
    let mut posts = driver.posts(channel);
    let mut clicks = 0u64;
    let mut next: Option<(MessageId, UserId, String)> = None;
    loop {
        let (until, due) = match &pace {
            Pace::Saturate { until } => (*until, None),
            Pace::Fixed { from, every, until } => (*until, Some(*from + *every * clicks as u32)),
        };
        if Instant::now() >= until {
            return clicks;
        }
        if let Some(due) = due {
            tokio::time::sleep_until(due.into()).await;
        }
        let (message, user, custom_id) = match next.take() {
            Some(n) => n,
            None => loop {
                posts.borrow_and_update();
                if let Some(turn) = current_turn(&driver.standin, channel, baseline) {
                    break turn;
                }
                // Wait for the next turn message (or a deferred answer's edit, which names no
                // channel: look again now and then), or give up at the deadline.
                if Instant::now() >= until {
                    return clicks;
                }
                let _ = tokio::time::timeout(Duration::from_millis(50), posts.changed()).await;
            },
        };
        let body = driver.click(user, message, &custom_id).await;
        clicks += 1;
        let data = &body["data"];
        if baseline {
            next = Some((message, user, custom_id));
            continue;
        }
        // The clicked message still offers a move (kept, rolled): click it again.
        let offered = buttons(&data["components"]);
        if let Some(id) = choose(&offered) {
            let content = data["content"].as_str().unwrap_or_default();
            if let Some(user) = mentioned(content) {
                next = Some((message, user, id));
            }
        }
    }
}

// ----- the bots ------------------------------------------------------------------------------

async fn standin(channels: usize) -> (Standin, Vec<ChannelId>, Vec<UserId>) {
    let channel_names: Vec<String> = (0..channels).map(|i| format!("table-{i:04}")).collect();
    let user_names: Vec<String> = (0..2 * channels).map(|i| format!("p{i:04}")).collect();
    let channel_refs: Vec<&str> = channel_names.iter().map(String::as_str).collect();
    let users: Vec<(&str, &str)> = user_names.iter().map(|u| (u.as_str(), "en-US")).collect();
    let standin = Standin::builder()
        .config(StandinConfig {
            token: TOKEN.into(),
            wait_timeout: Duration::from_secs(60),
            ..StandinConfig::default()
        })
        .channels(&channel_refs)
        .users(&users)
        .start()
        .await;
    let ids = channel_names.iter().map(|c| standin.channel(c)).collect();
    let users = user_names.iter().map(|u| standin.user(u)).collect();
    (standin, ids, users)
}

async fn start_ours(standin: &Standin, db: PathBuf) -> discord::RunningBot {
    let mut config = Config::default();
    config.discord.token = Some(Token::new(standin.token()));
    config.database.path = db;
    config.game.bot_pace_ms = 0;
    config.strategy.cache =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("get-dickey-strategy.bin");
    let options = BotOptions {
        http_proxy: Some(standin.rest_url()),
        dice: Box::new(RandomDice::seeded(7)),
    };
    let bot = discord::start(&config, options)
        .await
        .expect("the bot starts");
    standin.wait_for_command("forgetit").await.unwrap();
    bot
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

/// The framework's limit: a poise bot answering every click with UPDATE_MESSAGE, nothing else.
async fn start_baseline(standin: &Standin) -> tokio::task::JoinHandle<()> {
    let framework = poise::Framework::<(), PoiseError>::builder()
        .options(poise::FrameworkOptions {
            commands: vec![bench()],
            event_handler: |framework, event| {
                Box::pin(async move {
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(click),
                    } = event
                    {
                        let update = serenity::CreateInteractionResponseMessage::new()
                            .content(format!("<@{}> bench", click.user.id))
                            .components(roll_button());
                        click
                            .create_response(
                                framework.serenity_context,
                                serenity::CreateInteractionResponse::UpdateMessage(update),
                            )
                            .await?;
                    }
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
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .framework(framework)
            .await
            .expect("the baseline client");
    let task = tokio::spawn(async move {
        let _ = client.start().await;
    });
    standin.wait_for_command("bench").await.unwrap();
    task
}

/// Opens a two-person game in each channel (a few at a time) and waits for its first turn.
async fn open_games(standin: &Standin, channels: &[ChannelId], users: &[UserId]) {
    use futures::StreamExt;
    futures::stream::iter(channels.iter().enumerate())
        .for_each_concurrent(16, |(i, &channel)| async move {
            let (host, guest) = (users[2 * i], users[2 * i + 1]);
            let lobby = standin
                .run_slash(
                    host,
                    channel,
                    "forgetit",
                    Some("start"),
                    json!({ "target": TARGET }),
                )
                .await
                .unwrap()
                .answer()
                .await
                .unwrap();
            let join = standin.click(guest, lobby.id, "Join").await.unwrap();
            join.response().await.unwrap();
            let start = standin.click(host, lobby.id, "Start").await.unwrap();
            start.response().await.unwrap();
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
        .for_each_concurrent(16, |(i, &channel)| async move {
            let message = standin
                .run_slash(users[2 * i], channel, "bench", None, json!({}))
                .await
                .unwrap()
                .answer()
                .await
                .unwrap();
            // The first click must find its player: the mention names the host.
            let _ = message;
        })
        .await;
}

// ----- measuring -----------------------------------------------------------------------------

#[derive(Clone, Debug, Default)]
struct Phase {
    actions: u64,
    seconds: f64,
    latencies_ms: Vec<f64>,
    requests: usize,
    events: Option<i64>,
}

impl Phase {
    fn per_second(&self) -> f64 {
        self.actions as f64 / self.seconds
    }

    fn percentile(&self, p: f64) -> Option<f64> {
        if self.latencies_ms.is_empty() {
            return None;
        }
        let mut v = self.latencies_ms.clone();
        v.sort_by(f64::total_cmp);
        let i = ((p / 100.0) * (v.len() - 1) as f64).round() as usize;
        Some(v[i])
    }
}

/// Runs every channel under `pace` and reads what the stand-in saw meanwhile.
async fn run_phase(
    driver: &Arc<Driver>,
    channels: &[ChannelId],
    users: &[UserId],
    pace: impl Fn(usize) -> Pace,
    baseline: bool,
) -> Phase {
    let interactions_before = driver.standin.interactions().len();
    let requests_before = driver.standin.requests().len();
    let began = Instant::now();
    let tasks: Vec<_> = channels
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let driver = driver.clone();
            let pace = pace(i);
            let _ = users;
            tokio::spawn(play(driver, c, pace, baseline))
        })
        .collect();
    let mut actions = 0;
    for t in tasks {
        actions += t.await.unwrap();
    }
    let seconds = began.elapsed().as_secs_f64();
    let interactions = driver.standin.interactions();
    let latencies_ms = interactions[interactions_before..]
        .iter()
        .filter_map(|r| r.initial_response())
        .map(|r| r.latency.as_secs_f64() * 1000.0)
        .collect();
    let requests = driver.standin.requests().len() - requests_before;
    Phase {
        actions,
        seconds,
        latencies_ms,
        requests,
        events: None,
    }
}

async fn count_events(db: &std::path::Path) -> Option<i64> {
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
}

/// One bot (ours or the baseline) at `channels` channels: a warm-up with validation on, then
/// saturation, then the fixed offered load, validation off.
async fn measure(o: &Run, channels: usize, baseline: bool) -> Measured {
    let (standin, ids, users) = standin(channels).await;
    let standin = Arc::new(standin);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forgetit.db");
    let (ours, base) = if baseline {
        (None, Some(start_baseline(&standin).await))
    } else {
        (Some(start_ours(&standin, db.clone()).await), None)
    };
    if baseline {
        open_baseline(&standin, &ids, &users).await;
    } else {
        open_games(&standin, &ids, &users).await;
    }
    let driver = Driver::new(standin.clone(), &ids);
    // Warm-up, checked against the spec.
    let warm = Duration::from_secs_f64((o.seconds / 5.0).max(0.5));
    let until = Instant::now() + warm;
    run_phase(
        &driver,
        &ids,
        &users,
        |_| Pace::Saturate { until },
        baseline,
    )
    .await;
    standin.assert_clean();
    standin.set_validation(false);

    let events_before = if baseline {
        None
    } else {
        count_events(&db).await
    };
    let until = Instant::now() + Duration::from_secs_f64(o.seconds);
    let mut saturated = run_phase(
        &driver,
        &ids,
        &users,
        |_| Pace::Saturate { until },
        baseline,
    )
    .await;
    if let (Some(before), Some(after)) = (events_before, count_events(&db).await) {
        saturated.events = Some(after - before);
    }

    let every = Duration::from_secs_f64(channels as f64 / o.rate);
    let from = Instant::now() + Duration::from_millis(50);
    let until = from + Duration::from_secs_f64(o.seconds);
    let fixed = run_phase(
        &driver,
        &ids,
        &users,
        |i| Pace::Fixed {
            from: from + every.mul_f64(i as f64 / channels as f64),
            every,
            until,
        },
        baseline,
    )
    .await;

    if let Some(bot) = ours {
        bot.shutdown().await;
    }
    if let Some(task) = base {
        task.abort();
    }
    Measured {
        channels,
        saturated,
        fixed,
    }
}

fn ms(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.2}"))
}

fn main() {
    let o = options();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "load: {cores} cores, {} s a phase, fixed load {}/s, channels {:?}",
        o.seconds, o.rate, o.channels
    );
    let mut rows = Vec::new();
    runtime.block_on(async {
        for &n in &o.channels {
            let ours = measure(&o, n, false).await;
            let base = measure(&o, n, true).await;
            rows.push((ours, base));
        }
    });
    println!(
        "{:>8} | {:>10} {:>10} {:>6} | {:>22} | {:>22} | {:>9} {:>9}",
        "channels",
        "ours/s",
        "base/s",
        "ratio",
        "ours p50/p99/p99.9 ms",
        "base p50/p99/p99.9 ms",
        "REST/act",
        "events/act"
    );
    for (ours, base) in &rows {
        let (s, b) = (&ours.saturated, &base.saturated);
        let (f, g) = (&ours.fixed, &base.fixed);
        println!(
            "{:>8} | {:>10.0} {:>10.0} {:>6.2} | {:>22} | {:>22} | {:>9.2} {:>9}",
            ours.channels,
            s.per_second(),
            b.per_second(),
            s.per_second() / b.per_second(),
            format!(
                "{}/{}/{}",
                ms(f.percentile(50.0)),
                ms(f.percentile(99.0)),
                ms(f.percentile(99.9))
            ),
            format!(
                "{}/{}/{}",
                ms(g.percentile(50.0)),
                ms(g.percentile(99.0)),
                ms(g.percentile(99.9))
            ),
            s.requests as f64 / s.actions.max(1) as f64,
            s.events.map_or("-".into(), |e| format!(
                "{:.2}",
                e as f64 / s.actions.max(1) as f64
            )),
        );
        println!(
            "{:>8} | at the fixed load: ours {:.0}/s offered {}/s, baseline {:.0}/s",
            "",
            f.per_second(),
            o.rate,
            g.per_second()
        );
    }
    if o.json {
        // The figures of the largest run.
        let (ours, base) = rows.last().expect("a run");
        let figures = json!({
            "channels": ours.channels,
            "cores": cores,
            "ours_per_s": ours.saturated.per_second(),
            "baseline_per_s": base.saturated.per_second(),
            "throughput_ratio": ours.saturated.per_second() / base.saturated.per_second(),
            "offered_per_s": o.rate,
            "p50_ms_at_500": ours.fixed.percentile(50.0),
            "p99_ms_at_500": ours.fixed.percentile(99.0),
            "p999_ms_at_500": ours.fixed.percentile(99.9),
            "baseline_p99_ms_at_500": base.fixed.percentile(99.0),
            "rest_calls_per_action": ours.saturated.requests as f64 / ours.saturated.actions.max(1) as f64,
            "events_per_action": ours.saturated.events.map(|e| e as f64 / ours.saturated.actions.max(1) as f64),
            "rss_mb_10k_games": null,
            "restart_s_10k_games": null,
            "long_game_cost_ratio": null,
        });
        println!("{figures}");
    }
}
