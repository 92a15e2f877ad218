//! When the process itself breaks: the `forgetit` binary (a child process, see
//! `common::process`) against one Discord stand-in kept alive across its restarts, and one
//! database: a SQLite file, and (the kill test again) a PostgreSQL database.
//!
//! - Killed with SIGKILL at random moments under load (twenty two-person games clicked as fast as
//!   the bot answers), ten times over, and restarted each time on the same database: nothing the
//!   channel showed is lost (every state a message ever showed is stored; every click answered
//!   with an update is in the event log), nothing is applied twice (every move event is explained
//!   by one click on the state before it), no game is stranded (after each restart every open
//!   game's turn message is shown again with the stored state, and every game plays on), and on
//!   SQLite `PRAGMA integrity_check` is `ok` after every kill. The stand-in's `problems()` then hold
//!   exactly the clicks the dead process never answered: sent while it was down (Discord shows
//!   "This interaction failed"; the players click again once the game is shown anew), or sent
//!   within Discord's 3 seconds before the kill.
//! - SIGTERM stops the process within a few seconds, cleanly, in every state: idle, mid-game
//!   under clicks, and while the gateway is down and serenity keeps reconnecting.
//!
//! Dice in a child process can't be scripted: the players follow a policy that works whatever the
//! dice (bank at 30 or more, else keep the first number offered, else roll), with a target high
//! enough that no game ends. The kill moments come from a seeded RNG (`CRASH_SEED` overrides the
//! seed): the same seed kills after the same numbers of answered clicks.

use crate::common;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use common::process::{current_turn, game_states, on_turn, open_game, BotProcess, Database, Table};
use discord_standin::{
    ChannelId, GatewayFault, InteractionId, Message, Standin, StandinConfig,
    INITIAL_RESPONSE_DEADLINE,
};
use forgetit::games::forgetit::{Event, Game, GameEvent};
use forgetit::store::Store;
use forgetit::GameId;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};
use tokio::sync::watch;

const TOKEN: &str = "standin.bot.token";
/// The games played at once, one per channel.
const GAMES: usize = 20;
/// How many times the process is killed.
const KILLS: usize = 10;
/// Answered clicks between a restart and the next kill: a random number in this range.
const CLICKS_BEFORE_KILL: std::ops::RangeInclusive<usize> = 5..=40;
/// Moves every game makes after the last restart.
const FINAL_MOVES: usize = 8;
/// High enough that no game ends during the test.
const TARGET: u32 = 5000;
const SEED: u64 = 20_261_124;
/// A guard against hangs only: every wait ends on an event.
const STALL: Duration = Duration::from_secs(60);

async fn standin(channels: &[&str], users: &[(&str, &str)]) -> Standin {
    Standin::builder()
        .config(StandinConfig {
            // serenity checks a token's shape (three dot-separated parts) before using it.
            token: TOKEN.into(),
            // Debug builds on a busy machine: generous, since waits end on events anyway.
            wait_timeout: Duration::from_secs(30),
            ..StandinConfig::default()
        })
        .channels(channels)
        .users(users)
        .start()
        .await
}

// ----- what the channel shows ---------------------------------------------------------------------

/// The highest state of each game that any public message ever showed (current states and
/// every earlier one).
fn versions_ever_shown(standin: &Standin, channels: &[ChannelId]) -> HashMap<i64, u64> {
    let mut shown = HashMap::new();
    for &channel in channels {
        for message in standin.messages(channel) {
            let states = message.history.iter().chain([&message.state]);
            for (game, version) in states.flat_map(|s| game_states(&s.components)) {
                let max = shown.entry(game).or_insert(version);
                *max = (*max).max(version);
            }
        }
    }
    shown
}

/// The policy: bank at 30 or more, else keep the first number offered, else roll (else bank).
/// Returns the button's custom_id and its action (`bank`, `choose:3`, `roll`).
fn choose(turn: &Message) -> (String, String) {
    let buttons = turn.buttons();
    let labelled = |prefix: &str| {
        buttons
            .iter()
            .find(|b| b.label.as_deref().is_some_and(|l| l.starts_with(prefix)))
    };
    let bank = labelled("Bank ").filter(|b| {
        let points = b.label.as_deref().unwrap_or_default()["Bank ".len()..].trim();
        points.parse::<u32>().is_ok_and(|p| p >= 30)
    });
    let button = bank
        .or_else(|| labelled("Keep"))
        .or_else(|| labelled("Roll"))
        .or_else(|| labelled("Bank"))
        .unwrap_or_else(|| panic!("no move on {turn:?}"));
    let custom_id = button.custom_id.clone().expect("a game button");
    let action = custom_id
        .splitn(4, ':')
        .nth(3)
        .expect("an action")
        .to_string();
    (custom_id, action)
}

/// Whether the stored event is what a click with `action` does.
fn does(action: &str, event: &Event) -> bool {
    match event {
        Event::Game(GameEvent::Rolled { .. }) => action == "roll",
        Event::Game(GameEvent::Banked) => action == "bank",
        Event::Game(GameEvent::PointChosen { number }) => action == format!("choose:{number}"),
        _ => false,
    }
}

fn is_move(event: &Event) -> bool {
    matches!(
        event,
        Event::Game(
            GameEvent::Rolled { .. }
                | GameEvent::Banked
                | GameEvent::PointChosen { .. }
                | GameEvent::TimedOut
        )
    )
}

// ----- the database, read while the bot is down ---------------------------------------------------

/// A game as stored.
#[derive(Debug, Clone)]
struct Stored {
    version: u64,
    status: String,
}

/// SQLite's `PRAGMA integrity_check` ("ok" on PostgreSQL, a server that checks its own) and every
/// game's version and status, read through a connection of the test's own (the bot is down: on
/// SQLite its WAL is as the kill left it, read through a read-only connection).
async fn inspect(db: &Database) -> (String, HashMap<i64, Stored>) {
    const GAMES: &str = "SELECT id, version, status FROM games";
    let (integrity, rows): (String, Vec<(i64, i64, String)>) = match db {
        Database::File(path) => {
            let mut conn = SqliteConnectOptions::new()
                .filename(path)
                .read_only(true)
                .connect()
                .await
                .expect("open the database read-only");
            let integrity = sqlx::query_scalar("PRAGMA integrity_check")
                .fetch_one(&mut conn)
                .await
                .unwrap();
            let rows = sqlx::query_as(GAMES).fetch_all(&mut conn).await.unwrap();
            conn.close().await.unwrap();
            (integrity, rows)
        }
        Database::Url(url) => {
            let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
            let rows = sqlx::query_as(GAMES).fetch_all(&mut conn).await.unwrap();
            conn.close().await.unwrap();
            ("ok".to_string(), rows)
        }
    };
    let games = rows
        .into_iter()
        .map(|(id, version, status)| {
            let stored = Stored {
                version: version as u64,
                status,
            };
            (id, stored)
        })
        .collect();
    (integrity, games)
}

/// Every event's `(game_id, seq)`, in order.
async fn event_keys(db: &Database) -> Vec<(i64, i64)> {
    const KEYS: &str = "SELECT game_id, seq FROM events ORDER BY game_id, seq";
    match db {
        Database::File(path) => {
            let options = SqliteConnectOptions::new().filename(path);
            let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
            let keys = sqlx::query_as(KEYS).fetch_all(&pool).await.unwrap();
            pool.close().await;
            keys
        }
        Database::Url(url) => {
            let pool = sqlx::PgPool::connect(url).await.unwrap();
            let keys = sqlx::query_as(KEYS).fetch_all(&pool).await.unwrap();
            pool.close().await;
            keys
        }
    }
}

/// The store over `db`, as the bot opens it.
async fn open_store(db: &Database) -> Store {
    match db {
        Database::File(path) => Store::open(path).await.unwrap(),
        Database::Url(url) => Store::open_url(url, Default::default()).await.unwrap(),
    }
}

/// Every state a message ever showed is stored: the game's stored version is at least it.
fn assert_nothing_shown_is_lost(shown: &HashMap<i64, u64>, stored: &HashMap<i64, Stored>) {
    for (game, version) in shown {
        let at = stored.get(game).map_or(0, |s| s.version);
        assert!(
            at >= *version,
            "game {game}: the channel showed state {version}, the database has {at}: lost"
        );
    }
}

// ----- the games ------------------------------------------------------------------------------------

/// What the test knows of the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// The `n`-th process runs (from 0), connected, its games shown again.
    Alive(usize),
    /// The `n`-th process was killed.
    Dead(usize),
}

/// A click a player sent.
#[derive(Clone, Debug)]
struct Click {
    game: i64,
    version: u64,
    action: String,
    interaction: InteractionId,
    sent_at: Instant,
    /// Sent while the process was down (after a kill, before the restart).
    while_dead: bool,
    /// Answered with an update (type 6 or 7), as the player saw it.
    answered: bool,
}

struct Run<'a> {
    standin: &'a Standin,
    phase: watch::Sender<Phase>,
    /// Clicks answered so far, all processes together.
    answered: watch::Sender<usize>,
    /// Players that clicked into the void after each kill (all kills together).
    void_clicks: watch::Sender<usize>,
    clicks: Mutex<Vec<Click>>,
}

impl Run<'_> {
    fn record(&self, click: Click) -> usize {
        let mut clicks = self.clicks.lock().unwrap();
        clicks.push(click);
        clicks.len() - 1
    }
}

/// One channel's two people, clicking their turns as soon as the channel shows them, through
/// every kill; returns once the game made [`FINAL_MOVES`] moves after the last restart.
async fn play(run: &Run<'_>, table: &Table) {
    let mut phase = run.phase.subscribe();
    // The state last clicked in this process's life: a new process shows the stored state again,
    // and the players click it again if their click did not make it.
    let mut last: Option<u64> = None;
    let mut life = 0;
    let mut final_moves = 0;
    loop {
        let now = *phase.borrow_and_update();
        match now {
            Phase::Dead(n) => {
                // Someone clicks while the bot is down: Discord says "This interaction failed".
                let messages = run.standin.messages(table.channel);
                if let Some((turn, version)) = current_turn(&messages, table.game) {
                    let (custom_id, action) = choose(&turn);
                    let sent_at = Instant::now();
                    let click = match run
                        .standin
                        .click_custom_id(on_turn(&turn), turn.id, &custom_id)
                        .await
                    {
                        Ok(click) => click,
                        // The bot's last edit, whole at the stand-in before the kill, was
                        // applied after the channel was read: read it again.
                        Err(e) if e.0.contains("has no button") => continue,
                        Err(e) => {
                            panic!("a click while the bot is down is queued, not refused: {e}")
                        }
                    };
                    run.record(Click {
                        game: table.game,
                        version,
                        action,
                        interaction: click.id,
                        sent_at,
                        while_dead: true,
                        answered: false,
                    });
                }
                run.void_clicks.send_modify(|n| *n += 1);
                phase.wait_for(|p| *p != Phase::Dead(n)).await.unwrap();
                continue;
            }
            Phase::Alive(n) => {
                if n != life {
                    life = n;
                    last = None;
                }
                if n == KILLS && final_moves >= FINAL_MOVES {
                    return;
                }
            }
        }
        let fresh = run.standin.wait_until("a state not clicked yet", |view| {
            current_turn(&view.messages(table.channel), table.game)
                .filter(|(_, version)| last.is_none_or(|l| *version > l))
        });
        let (turn, version) = tokio::select! {
            fresh = fresh => fresh.unwrap_or_else(|e| panic!("game {} is stranded: {e}", table.game)),
            _ = phase.changed() => continue,
        };
        let (custom_id, action) = choose(&turn);
        let sent_at = Instant::now();
        let click = run
            .standin
            .click_custom_id(on_turn(&turn), turn.id, &custom_id)
            .await
            .unwrap();
        let index = run.record(Click {
            game: table.game,
            version,
            action,
            interaction: click.id,
            sent_at,
            while_dead: false,
            answered: false,
        });
        last = Some(version);
        let response = tokio::select! {
            response = click.response() => Some(response),
            // Killed: whether the click made it is for the restarted process to show.
            _ = phase.changed() => None,
        };
        match response {
            Some(Ok(response)) => {
                if matches!(response.kind, 6 | 7) {
                    run.clicks.lock().unwrap()[index].answered = true;
                    if life == KILLS {
                        final_moves += 1;
                    }
                }
                run.answered.send_modify(|n| *n += 1);
            }
            Some(Err(e)) => panic!("a click on game {} got no answer: {e}", table.game),
            None => {}
        }
    }
}

/// What the driver saw of each kill.
#[derive(Default)]
struct Kills {
    /// When each process was killed.
    at: Vec<Instant>,
    /// When the next process was up again (connected, its games shown again).
    back: Vec<Instant>,
    /// The answered clicks each process had before its kill.
    after_clicks: Vec<usize>,
}

/// Kills the process after a random number of answered clicks, checks the database while it is
/// down, restarts it, and waits until every open game is shown again; [`KILLS`] times.
async fn drive(
    run: &Run<'_>,
    bot: &mut Option<BotProcess>,
    start: &dyn Fn() -> BotProcess,
    db: &Database,
    tables: &[Table],
    rng: &mut StdRng,
) -> Kills {
    let channels: Vec<ChannelId> = tables.iter().map(|t| t.channel).collect();
    let mut kills = Kills::default();
    let mut answered = run.answered.subscribe();
    let mut void_clicks = run.void_clicks.subscribe();
    for n in 0..KILLS {
        let clicks = rng.gen_range(CLICKS_BEFORE_KILL);
        let base = *answered.borrow();
        tokio::time::timeout(STALL, answered.wait_for(|a| *a >= base + clicks))
            .await
            .unwrap_or_else(|_| panic!("the games stalled before kill {n}"))
            .unwrap();
        let status = bot.take().expect("running").kill().await;
        kills.at.push(Instant::now());
        kills.after_clicks.push(clicks);
        assert_eq!(
            std::os::unix::process::ExitStatusExt::signal(&status),
            Some(9)
        );
        run.phase.send_replace(Phase::Dead(n));
        void_clicks
            .wait_for(|c| *c >= (n + 1) * tables.len())
            .await
            .unwrap();

        // The database as the kill left it.
        let (integrity, stored) = inspect(db).await;
        assert_eq!(integrity, "ok", "PRAGMA integrity_check after kill {n}");
        assert_nothing_shown_is_lost(&versions_ever_shown(run.standin, &channels), &stored);

        // The next process shows every open game again, as stored, with working buttons.
        let mark = run.standin.requests().len();
        let next = start();
        next.connected().await;
        run.standin
            .wait_until("every open game shown again after the restart", |view| {
                let requests = &view.requests()[mark..];
                tables
                    .iter()
                    .all(|t| {
                        let version = stored[&t.game].version;
                        let prefix = format!("/channels/{}/messages", t.channel);
                        let sent = requests.iter().any(|r| {
                            r.status < 300
                                && (r.method == "PATCH" || r.method == "POST")
                                && r.path.contains(&prefix)
                        });
                        let shows = current_turn(&view.messages(t.channel), t.game)
                            .is_some_and(|(_, v)| v == version);
                        sent && shows
                    })
                    .then_some(())
            })
            .await
            .unwrap_or_else(|e| panic!("a game is stranded after restart {}: {e}", n + 1));
        *bot = Some(next);
        kills.back.push(Instant::now());
        run.phase.send_replace(Phase::Alive(n + 1));
    }
    kills
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_ten_times_under_load_it_loses_nothing_doubles_nothing_strands_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let database = Database::File(dir.path().join("forgetit.db"));
    killed_ten_times_under_load(&database, dir.path()).await;
}

/// The same on PostgreSQL (issue "Beyond one machine": the end-to-end tests that touch the
/// database on both backends).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_ten_times_under_load_on_postgres_it_loses_nothing_doubles_nothing_strands_nothing()
{
    let dir = tempfile::tempdir().unwrap();
    let database = Database::fresh_postgres().await;
    killed_ten_times_under_load(&database, dir.path()).await;
}

/// Kills the process ten times under load on `database`, the processes running in `dir`.
async fn killed_ten_times_under_load(database: &Database, dir: &Path) {
    let began = Instant::now();
    let seed = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    let mut rng = StdRng::seed_from_u64(seed);
    let channel_names: Vec<String> = (0..GAMES).map(|i| format!("table-{i:02}")).collect();
    let user_names: Vec<String> = (0..2 * GAMES).map(|i| format!("p{i:02}")).collect();
    let channel_refs: Vec<&str> = channel_names.iter().map(String::as_str).collect();
    let users: Vec<(&str, &str)> = user_names.iter().map(|u| (u.as_str(), "en-US")).collect();
    let standin = standin(&channel_refs, &users).await;
    let start = || BotProcess::spawn("forgetit", &standin, dir, database, &[]);

    let mut bot = Some(start());
    bot.as_ref().unwrap().connected().await;
    let tables: Vec<Table> = futures::future::join_all((0..GAMES).map(|i| {
        let channel = standin.channel(&channel_names[i]);
        let host = standin.user(&user_names[2 * i]);
        let guest = standin.user(&user_names[2 * i + 1]);
        open_game(&standin, channel, host, guest, TARGET)
    }))
    .await;
    let channels: Vec<ChannelId> = tables.iter().map(|t| t.channel).collect();

    let run = Run {
        standin: &standin,
        phase: watch::Sender::new(Phase::Alive(0)),
        answered: watch::Sender::new(0),
        void_clicks: watch::Sender::new(0),
        clicks: Mutex::new(Vec::new()),
    };
    let players = futures::future::join_all(tables.iter().map(|t| play(&run, t)));
    let driver = drive(&run, &mut bot, &start, database, &tables, &mut rng);
    let (kills, _) = tokio::join!(driver, players);
    let status = bot.take().unwrap().stop().await;
    assert!(
        status.success(),
        "SIGTERM stops the last process cleanly: {status}"
    );

    // ----- the three promises, from the database after the last stop -----
    let (integrity, stored) = inspect(database).await;
    assert_eq!(integrity, "ok");
    assert_nothing_shown_is_lost(&versions_ever_shown(&standin, &channels), &stored);
    let store = open_store(database).await;
    let mut logs: HashMap<i64, Vec<Event>> = HashMap::new();
    for t in &tables {
        // `load` rebuilds the game from its log and checks it against the game row's version.
        let loaded = store.load::<Game>(GameId::new(t.game)).await.unwrap();
        assert_eq!(
            stored[&t.game].status, "playing",
            "game {} plays on",
            t.game
        );
        let events = store.events::<Game>(GameId::new(t.game)).await.unwrap();
        assert_eq!(events.len() as u64, stored[&t.game].version);
        assert_eq!(loaded.game.version, stored[&t.game].version);
        logs.insert(t.game, events);
    }
    let seqs = event_keys(database).await;
    for t in &tables {
        let own: Vec<i64> = seqs
            .iter()
            .filter(|(g, _)| *g == t.game)
            .map(|(_, s)| *s)
            .collect();
        let expected: Vec<i64> = (1..=stored[&t.game].version as i64).collect();
        assert_eq!(
            own, expected,
            "game {}: one event per version, in order",
            t.game
        );
    }
    store.close().await;

    let clicks = run.clicks.into_inner().unwrap();
    let records: HashMap<InteractionId, discord_standin::InteractionRecord> = standin
        .interactions()
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let requests = standin.requests();
    // A click shown as done: the bot updated the clicked message in answer (type 7, or the
    // deferred message's edit).
    let shown_done = |click: &Click| {
        let token = &records[&click.interaction].token;
        requests.iter().any(|r| {
            r.status < 300
                && r.path.contains(token.as_str())
                && (r.body.as_ref().is_some_and(|b| b["type"] == 7)
                    || (r.method == "PATCH" && r.path.ends_with("/messages/@original")))
        })
    };
    let mut lost = Vec::new();
    let mut done = 0;
    for click in clicks.iter().filter(|c| shown_done(c)) {
        done += 1;
        let event = logs[&click.game].get(click.version as usize);
        if !event.is_some_and(|e| does(&click.action, e)) {
            lost.push(format!("{click:?}: the log has {event:?}"));
        }
    }
    let mut doubled = Vec::new();
    let mut applied = 0;
    for (game, events) in &logs {
        for (i, event) in events.iter().enumerate().filter(|(_, e)| is_move(e)) {
            applied += 1;
            // The event at seq i + 1 applied a click on state i.
            let by = clicks
                .iter()
                .filter(|c| c.game == *game && c.version == i as u64 && !c.while_dead)
                .filter(|c| does(&c.action, event))
                .count();
            if by == 0 {
                doubled.push(format!(
                    "game {game}: event {} ({event:?}) was clicked by nobody",
                    i + 1
                ));
            }
        }
    }
    for record in records.values() {
        assert!(
            record.responses.len() <= 1,
            "{} answered twice",
            record.describe()
        );
    }
    let mut done_twice: HashMap<(i64, u64), usize> = HashMap::new();
    for click in clicks.iter().filter(|c| shown_done(c)) {
        *done_twice.entry((click.game, click.version)).or_default() += 1;
    }
    doubled.extend(
        done_twice
            .iter()
            .filter(|(_, n)| **n > 1)
            .map(|((g, v), n)| format!("game {g}: state {v} shown as done {n} times")),
    );

    // The stand-in's problems are exactly the clicks the dead processes never answered: the
    // kill whose window (Discord's 3 s before it, until the next process is up) a click was sent
    // in.
    let killed = |sent_at: Instant| {
        (0..KILLS).find(|&n| {
            sent_at + INITIAL_RESPONSE_DEADLINE >= kills.at[n] && sent_at <= kills.back[n]
        })
    };
    let mut expected: Vec<String> = Vec::new();
    let (mut void, mut mid_answer) = (0, 0);
    for click in &clicks {
        let record = &records[&click.interaction];
        let Some(n) = killed(click.sent_at) else {
            continue;
        };
        if record.responses.is_empty() {
            expected.push(format!(
                "{} never got an initial response",
                record.describe()
            ));
            if click.sent_at >= kills.at[n] {
                void += 1;
            } else {
                mid_answer += 1;
            }
        }
    }
    let mut problems = standin.problems();
    problems.sort();
    expected.sort();
    let while_dead = clicks.iter().filter(|c| c.while_dead).count();

    println!(
        "crash test (seed {seed}): {} kills (after {:?} answered clicks), {} clicks sent, {applied} \
         moves applied ({done} shown as done), {while_dead} clicks sent while the bot was down, \
         {} clicks lost to a dead process ({void} after the kill, {mid_answer} killed mid-answer), \
         lost {}, doubled {}, stranded 0, in {:.1} s",
        kills.at.len(),
        kills.after_clicks,
        clicks.len(),
        expected.len(),
        lost.len(),
        doubled.len(),
        began.elapsed().as_secs_f64()
    );
    assert!(
        lost.is_empty(),
        "clicks shown as done but not stored:\n{lost:#?}"
    );
    assert!(doubled.is_empty(), "events applied twice:\n{doubled:#?}");
    assert_eq!(
        problems, expected,
        "the stand-in's problems are exactly the clicks a dead process never answered"
    );
    assert!(
        while_dead >= KILLS,
        "clicks were sent while the bot was down"
    );
}

// ----- SIGTERM ---------------------------------------------------------------------------------------

/// How long a stop may take after SIGTERM.
const STOP_LIMIT: Duration = Duration::from_secs(5);
/// How long before SIGTERM a click may have been sent and still be on its way to the bot when
/// it closes its gateway connection.
const IN_FLIGHT_AT_STOP: Duration = Duration::from_millis(100);

async fn stops_in_time(bot: BotProcess, state: &str) -> Duration {
    let (status, took) = bot
        .stop_within(STOP_LIMIT)
        .await
        .unwrap_or_else(|e| panic!("{state}: {e}"));
    assert!(status.success(), "{state}: a clean exit, not {status}");
    took
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_the_process_within_seconds_idle_mid_game_and_reconnecting() {
    let channel_names = ["one", "two", "three", "four"];
    let user_names: Vec<String> = (0..8).map(|i| format!("p{i}")).collect();
    let users: Vec<(&str, &str)> = user_names.iter().map(|u| (u.as_str(), "en-US")).collect();
    let standin = standin(&channel_names, &users).await;
    let dir = tempfile::tempdir().unwrap();
    let database = Database::File(dir.path().join("forgetit.db"));
    let start = || BotProcess::spawn("forgetit", &standin, dir.path(), &database, &[]);

    // Idle.
    let bot = start();
    bot.connected().await;
    let idle = stops_in_time(bot, "idle").await;

    // Mid-game, with clicks coming in.
    let bot = start();
    bot.connected().await;
    let tables: Vec<Table> =
        futures::future::join_all(channel_names.iter().enumerate().map(|(i, name)| {
            open_game(
                &standin,
                standin.channel(name),
                standin.user(&user_names[2 * i]),
                standin.user(&user_names[2 * i + 1]),
                TARGET,
            )
        }))
        .await;
    let run = Run {
        standin: &standin,
        phase: watch::Sender::new(Phase::Alive(0)),
        answered: watch::Sender::new(0),
        void_clicks: watch::Sender::new(0),
        clicks: Mutex::new(Vec::new()),
    };
    let players = futures::future::join_all(tables.iter().map(|t| play(&run, t)));
    let (term_at, mid_game, bot_log) = tokio::select! {
        _ = players => unreachable!("the players play until the bot stops"),
        stopped = async {
            run.answered.subscribe().wait_for(|n| *n >= 12).await.unwrap();
            let term_at = Instant::now();
            let log = bot.log_handle();
            (term_at, stops_in_time(bot, "mid-game").await, log)
        } => stopped,
    };
    let (integrity, stored) = inspect(&database).await;
    assert_eq!(integrity, "ok");
    let channels: Vec<ChannelId> = tables.iter().map(|t| t.channel).collect();
    assert_nothing_shown_is_lost(&versions_ever_shown(&standin, &channels), &stored);
    // Every click sent before SIGTERM was answered, but those still on their way to the bot when
    // it closed its gateway connection: serenity 0.12 sends its close frame, then reads and drops
    // what the gateway sends until it answers the close (`ShardRunner::checked_shutdown`). Seen:
    // clicks sent up to 3 ms before the signal lost so. Every click the bot received is answered
    // before it exits (the stop waits for its handlers, `drain_e2e`).
    let closing = term_at - IN_FLIGHT_AT_STOP;
    let clicks = run.clicks.into_inner().unwrap();
    let records: HashMap<InteractionId, discord_standin::InteractionRecord> = standin
        .interactions()
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    let mut expected: Vec<String> = clicks
        .iter()
        .filter(|c| c.sent_at >= closing && records[&c.interaction].responses.is_empty())
        .map(|c| {
            format!(
                "{} never got an initial response",
                records[&c.interaction].describe()
            )
        })
        .collect();
    let mut problems = standin.problems();
    problems.sort();
    expected.sort();
    let unanswered: Vec<String> = clicks
        .iter()
        .filter(|c| records[&c.interaction].responses.is_empty())
        .map(|c| {
            let at = if c.sent_at >= term_at {
                format!("+{:?}", c.sent_at - term_at)
            } else {
                format!("-{:?}", term_at - c.sent_at)
            };
            let custom_id = match &records[&c.interaction].kind {
                discord_standin::InteractionKind::Component { custom_id, .. } => custom_id.clone(),
                _ => String::new(),
            };
            let seen: Vec<String> = bot_log
                .lock()
                .unwrap()
                .iter()
                .filter(|e| e.to_string().contains(&custom_id))
                .map(|e| e["fields"]["message"].to_string())
                .collect();
            format!(
                "{} sent at SIGTERM {at}, bot log: {seen:?}",
                records[&c.interaction].describe()
            )
        })
        .collect();
    assert_eq!(
        problems, expected,
        "only clicks sent just before or after SIGTERM may go unanswered: {unanswered:#?}"
    );

    // While the gateway is down and serenity keeps trying to reconnect.
    let bot = start();
    bot.connected().await;
    let connects = standin.connects();
    standin.block_gateway();
    standin.gateway_fault(GatewayFault::Drop);
    standin.wait_for_connects(connects + 1).await.unwrap();
    let reconnecting = stops_in_time(bot, "reconnecting").await;
    standin.unblock_gateway();

    println!(
        "SIGTERM: stopped in {idle:?} idle, {mid_game:?} mid-game, {reconnecting:?} while \
         reconnecting"
    );
}

/// A turn message posted in the instant before a kill, its id never stored: the restarted
/// process shows the turn as the same post (the same `nonce`, with `enforce_nonce`), which
/// Discord answers with the message already made. The channel shows one turn message, and the
/// restarted process plays on it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_posted_just_before_a_kill_is_adopted_after_the_restart_not_posted_twice() {
    use discord_standin::faults::{self, RestFault};
    let standin = standin(&["one"], &[("alice", "en-US"), ("bob", "en-US")]).await;
    let (channel, alice, bob) = (
        standin.channel("one"),
        standin.user("alice"),
        standin.user("bob"),
    );
    let dir = tempfile::tempdir().unwrap();
    let database = Database::File(dir.path().join("forgetit.db"));
    let bot = BotProcess::spawn("forgetit", &standin, dir.path(), &database, &[]);
    bot.connected().await;
    let lobby = standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("start"),
            serde_json::json!({}),
        )
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    let game = game_states(lobby.components())[0].0;
    standin
        .click(bob, lobby.id, "Join")
        .await
        .unwrap()
        .response()
        .await
        .unwrap();
    // Start: the lobby is answered, then the first turn is posted; Discord makes the message but
    // its answer (the new message's id) never reaches the bot, killed meanwhile.
    standin.inject(
        RestFault::hold_answer(Duration::from_secs(600))
            .method("POST")
            .route(faults::CHANNEL_MESSAGES),
    );
    let started = standin.click(alice, lobby.id, "Start").await.unwrap();
    started.response().await.unwrap();
    standin.wait_for_faults(1).await.unwrap();
    let (posted, _) = standin
        .wait_until("the first turn", |view| {
            current_turn(&view.messages(channel), game)
        })
        .await
        .unwrap();
    bot.kill().await;

    let bot = BotProcess::spawn("forgetit", &standin, dir.path(), &database, &[]);
    bot.connected().await;
    // The table shows its game before it takes a click: the click is answered on the turn's
    // message, the one posted before the kill.
    let player = on_turn(&posted);
    let rolled = standin
        .click(player, posted.id, "Roll")
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    assert_eq!(rolled.id, posted.id, "the restarted process plays on it");
    assert_eq!(standin.nonces_enforced(), 1, "the post repeated, answered");
    // The roll may end the turn (the dice are the process's own): the next turn then has a
    // message of its own. Besides the lobby, the channel shows the two turns, each once.
    let (_, first) = current_turn(std::slice::from_ref(&posted), game).unwrap();
    let (now, _) = standin
        .wait_until("the turn after the roll", |view| {
            current_turn(&view.messages(channel), game).filter(|(_, v)| *v > first)
        })
        .await
        .unwrap();
    let mut expected = vec![lobby.id, posted.id, now.id];
    expected.dedup();
    let shown: Vec<_> = standin
        .lasting_messages()
        .into_iter()
        .filter(|m| m.channel_id == channel)
        .map(|m| m.id)
        .collect();
    assert_eq!(shown, expected, "one message a turn");
    assert!(standin.problems().is_empty(), "{:?}", standin.problems());
    bot.stop().await;
}
