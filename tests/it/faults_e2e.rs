//! When Discord misbehaves: the real bot against the stand-in with faults injected (REST errors,
//! late answers, deleted and edit-limited messages, gateway drops, a busy database). Each test
//! checks the promises: no action shown as done is lost or applied twice (the event log), no game
//! is stranded (the channel shows the stored state with working buttons, by the next click or
//! the table's own retry), and every click gets an answer or the channel catches up.

use crate::common;

use std::time::Duration;

use common::*;
use discord_standin::{faults, GatewayFault, Message, MessageId, RestFault};
use forgetit::games::forgetit::{Event, Game, GameEvent};
use forgetit::store::Store;
use serde_json::json;

/// The state version a game message's buttons carry (`fgi:{game}:{version}:{action}`).
fn version(message: &Message) -> u64 {
    let id = message
        .buttons()
        .into_iter()
        .find_map(|b| b.custom_id)
        .expect("a game button");
    id.split(':').nth(2).unwrap().parse().unwrap()
}

/// Waits until the message `id` shows state `version` with its buttons (the bot showed it).
async fn shown(world: &World, id: MessageId, version: u64) -> Message {
    let needle = format!(":{version}:");
    world
        .standin
        .wait_until("the message to show the stored state", |view| {
            view.message(id).cloned().filter(|m| {
                m.buttons()
                    .iter()
                    .any(|b| b.custom_id.as_deref().is_some_and(|c| c.contains(&needle)))
            })
        })
        .await
        .unwrap()
}

/// The channel's open For Get It game's events, read from the database while the bot runs.
async fn events(world: &World) -> Vec<Event> {
    let store = Store::open(&world.db).await.unwrap();
    let (id, _) = store
        .open_game_in(world.channel.get().into())
        .await
        .unwrap()
        .expect("an open game");
    let events = store.events::<Game>(id).await.unwrap();
    store.close().await;
    events
}

fn rolls(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, Event::Game(GameEvent::Rolled { .. })))
        .count()
}

/// alice's first roll of a two-person game: the dice pushed keep the turn going (a pair of 2s
/// to choose, no word twice).
const FIRST_ROLL: [u8; 9] = [2, 2, 1, 3, 4, 5, 1, 3, 4];

/// A two-person game to 500 through the real bot: alice's first turn message and its version.
struct Play {
    bot: forgetit::discord::RunningBot,
    turn: Message,
    version: u64,
}

impl Play {
    async fn start(world: &World) -> Play {
        let bot = world.start_bot(world.config()).await;
        let turn = world.two_player_game(500).await;
        let version = version(&turn);
        Play { bot, turn, version }
    }

    /// alice clicks Roll on `message` (her first roll's dice scripted).
    async fn roll(&self, world: &World, message: MessageId) -> discord_standin::Interaction {
        world.dice.push(FIRST_ROLL);
        let click = world.standin.click(world.alice, message, "Roll");
        click.await.unwrap()
    }

    /// The roll is stored once, and the game goes on from `rolled`; then the bot stops and the
    /// stand-in saw nothing wrong.
    async fn goes_on(self, world: &World, rolled: &Message) {
        assert_eq!(rolls(&events(world).await), 1, "the roll is stored once");
        let kept = world.click(world.alice, rolled, "Keep 2s").await;
        assert!(!kept.is_ephemeral(), "{}", kept.text());
        self.bot.shutdown().await;
        world.standin.assert_clean();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_answer_and_refused_edits_are_shown_by_the_tables_retry() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    // Discord refuses the click's answer, then the fallback edit and the first retry.
    world
        .standin
        .inject(RestFault::status(500).route(faults::INTERACTION_CALLBACK));
    world.standin.inject(
        RestFault::status(503)
            .method("PATCH")
            .route(faults::CHANNEL_MESSAGE)
            .times(2),
    );
    let click = play.roll(&world, play.turn.id).await;
    click.response().await.unwrap_err();
    // The roll was committed; the table shows it once Discord takes the edit.
    let rolled = shown(&world, play.turn.id, play.version + 1).await;
    assert!(rolled.button_labels().iter().any(|l| l.contains("Keep")));
    assert_eq!(world.standin.faults_fired().len(), 3);
    play.goes_on(&world, &rolled).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_click_on_a_turn_the_channel_missed_shows_the_turn() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    // The answer and every edit are refused until the faults are cleared: the table is behind.
    world
        .standin
        .inject(RestFault::status(500).route(faults::INTERACTION_CALLBACK));
    world.standin.inject(
        RestFault::status(502)
            .method("PATCH")
            .route(faults::CHANNEL_MESSAGE)
            .until_cleared(),
    );
    let click = play.roll(&world, play.turn.id).await;
    click.response().await.unwrap_err();
    world.standin.wait_for_faults(2).await.unwrap();
    world.standin.clear_faults();
    // alice, seeing Roll still there, clicks it again: out of date, so the click shows the turn
    // as stored instead of rolling twice.
    let again = play.roll(&world, play.turn.id).await;
    assert_eq!(again.response().await.unwrap().kind, 7, "an update");
    let shown_now = again.answer().await.unwrap();
    assert_eq!(version(&shown_now), play.version + 1);
    play.goes_on(&world, &shown_now).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_answer_is_shown_by_an_edit() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    world
        .standin
        .inject(RestFault::delay(Duration::from_millis(3_500)).route(faults::INTERACTION_CALLBACK));
    let click = play.roll(&world, play.turn.id).await;
    // Discord answers the late callback with 10062; the table edits the message instead.
    let rolled = shown(&world, play.turn.id, play.version + 1).await;
    let late = click.response().await.unwrap();
    assert!(late.latency > Duration::from_secs(3), "{late:?}");
    play.goes_on(&world, &rolled).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_lobby_and_an_edit_limited_turn_are_posted_anew() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    let lobby = world.slash(world.alice, "start", json!({})).await;
    // A moderator deletes the lobby; bob joins with the slash command: the lobby comes back.
    world.standin.delete_message(lobby.id);
    let joined = world.slash(world.bob, "join", json!({})).await;
    assert!(joined.is_ephemeral(), "{}", joined.text());
    let lobby = world
        .standin
        .wait_until("a new lobby with bob", |view| {
            view.messages(world.channel).into_iter().rev().find(|m| {
                m.id != lobby.id
                    && m.button_labels().contains(&"Start".to_string())
                    && m.text().contains("bob")
            })
        })
        .await
        .unwrap();
    // Only one lobby shows.
    let lobbies = world.standin.messages(world.channel);
    assert_eq!(lobbies.len(), 1, "{lobbies:?}");
    world.dice.push([5, 2]);
    world.click(world.alice, &lobby, "Start").await;
    let turn = world.turn_of(world.alice).await;
    // The turn message can't be edited any more (Discord's limit on old messages), and the
    // click's own answer is refused: the turn is posted anew.
    world.standin.limit_edits(turn.id);
    world
        .standin
        .inject(RestFault::status(500).route(faults::INTERACTION_CALLBACK));
    world.dice.push(FIRST_ROLL);
    let click = world.standin.click(world.alice, turn.id, "Roll");
    click.await.unwrap().response().await.unwrap_err();
    let anew = world
        .standin
        .wait_until("the turn posted anew", |view| {
            view.messages(world.channel)
                .into_iter()
                .rev()
                .find(|m| m.id != turn.id && m.button_labels().iter().any(|l| l.contains("Keep")))
        })
        .await
        .unwrap();
    let version = version(&turn);
    Play { bot, turn, version }.goes_on(&world, &anew).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_sent_while_the_gateway_was_down_is_replayed_and_applied_once() {
    // Short heartbeats, so that a zombie connection is noticed in a second.
    let world =
        World::with_standin(|standin| standin.heartbeat_interval(Duration::from_millis(500))).await;
    let play = Play::start(&world).await;
    // The connection drops (a resumable close) and reconnections are held: the click waits in
    // the session's queue, as on Discord, and is replayed on RESUME.
    world.standin.block_gateway();
    world.standin.gateway_fault(GatewayFault::Close(4000));
    world.standin.wait_for_disconnects(1).await.unwrap();
    let click = play.roll(&world, play.turn.id).await;
    world.standin.unblock_gateway();
    world.standin.wait_for_resumes(1).await.unwrap();
    let rolled = click.answer().await.unwrap();
    assert_eq!(version(&rolled), play.version + 1);
    // A zombie connection (heartbeat ACKs withheld): serenity identifies anew, and the game
    // goes on.
    world
        .standin
        .gateway_fault(GatewayFault::WithholdHeartbeatAcks);
    world.standin.wait_for_identifies(2).await.unwrap();
    play.goes_on(&world, &rolled).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_database_answers_could_not_save_and_shows_nothing_unsaved() {
    // Each answer waits out the bot's 5 s busy timeout, and a write queued before it (a batch of
    // shown versions) may wait as long first: more than the stand-in's usual 10 s on a busy
    // machine.
    let world = World::with_standin(|standin| {
        standin.config(discord_standin::StandinConfig {
            token: "standin.bot.token".into(),
            wait_timeout: Duration::from_secs(30),
            ..discord_standin::StandinConfig::default()
        })
    })
    .await;
    let play = Play::start(&world).await;
    let turn = &play.turn;
    // Another writer holds the database's write lock past the bot's busy timeout.
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&world.db);
    let mut blocker = sqlx::ConnectOptions::connect(&options).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut blocker)
        .await
        .unwrap();
    let click = play.roll(&world, turn.id).await;
    // Saving waits for the lock: the click's answer is deferred in time (type 6), then comes.
    assert_eq!(click.response().await.unwrap().kind, 6);
    not_saved(&world, &click.answer().await.unwrap(), turn);
    // A slash command waits too: its private answer is deferred, then given.
    let leave = world
        .standin
        .run_slash(
            world.bob,
            world.channel,
            "forgetit",
            Some("leave"),
            json!({}),
        )
        .await
        .unwrap();
    assert_eq!(leave.response().await.unwrap().kind, 5, "thinking…");
    let leave = leave.answer().await.unwrap();
    assert!(
        leave.is_ephemeral() && leave.text().contains("couldn't be saved"),
        "{}",
        leave.text()
    );
    // `/start` in another channel: its answer would be public, so is its "thinking…", which
    // goes when the answer turns out private.
    let other = world.standin.add_channel("dice");
    let start = world
        .standin
        .run_slash(world.carol, other, "forgetit", Some("start"), json!({}))
        .await
        .unwrap();
    assert_eq!(start.response().await.unwrap().kind, 5, "thinking…");
    let refused = start.answer().await.unwrap();
    assert!(
        refused.is_ephemeral() && refused.text().contains("couldn't be saved"),
        "{}",
        refused.text()
    );
    assert!(
        world.standin.messages(other).is_empty(),
        "no public message stays: {:?}",
        world.standin.messages(other)
    );
    // The lock goes while the next click waits: its answer, deferred, is the roll.
    let click = play.roll(&world, turn.id).await;
    assert_eq!(click.response().await.unwrap().kind, 6);
    sqlx::query("ROLLBACK").execute(&mut blocker).await.unwrap();
    drop(blocker);
    let rolled = click.answer().await.unwrap();
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    assert!(rolled.button_labels().iter().any(|l| l.contains("Keep")));
    play.goes_on(&world, &rolled).await;
}

/// A file system of its own, `size` big, mounted over `dir` (the tests run as root, as CI does),
/// and unmounted when dropped.
struct SmallDisk {
    dir: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(dir: std::path::PathBuf, size: &str) -> SmallDisk {
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(&dir)
            .status()
            .expect("run mount");
        assert!(mounted.success(), "mount a tmpfs (the tests run as root)");
        SmallDisk { dir }
    }

    /// Writes a file until the disk is full; returns its path.
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let path = self.dir.join("filler");
        let mut file = std::fs::File::create(&path).unwrap();
        let chunk = vec![0u8; 4096];
        while file.write_all(&chunk).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(&self.dir)
            .status();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_answers_could_not_save_and_the_bot_recovers_when_space_comes_back() {
    let mut world = World::new().await;
    let disk = SmallDisk::mount(world._dir.path().join("disk"), "4m");
    world.db = disk.dir.join("forgetit.db");
    let play = Play::start(&world).await;
    // The write-ahead log is far below the 4 MiB from which it is checkpointed and then reused,
    // so the next commit must grow it: on a full disk, it can't.
    disk.fill();
    let refused = play.roll(&world, play.turn.id).await;
    not_saved(&world, &refused.answer().await.unwrap(), &play.turn);
    // And again: a second failed commit in a row (SQLite may end a transaction whose commit
    // failed, or keep it; a connection left inside one would keep every later commit from
    // becoming durable, each answered as saved). The disk is filled again first: what the
    // failed commit wrote of the log may have been given back.
    let filler = disk.fill();
    let refused = play.roll(&world, play.turn.id).await;
    not_saved(&world, &refused.answer().await.unwrap(), &play.turn);
    // Space comes back: the same button works.
    std::fs::remove_file(filler).unwrap();
    let rolled = play.roll(&world, play.turn.id).await;
    let rolled = rolled.answer().await.unwrap();
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    play.goes_on(&world, &rolled).await;
    drop(disk);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_and_reset_connections_are_waited_out() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    // The click's answer never arrives (the connection is reset), and every edit is rate
    // limited until Discord lets up.
    world
        .standin
        .inject(RestFault::reset().route(faults::INTERACTION_CALLBACK));
    world.standin.inject(
        RestFault::rate_limited(Duration::from_millis(300))
            .method("PATCH")
            .route(faults::CHANNEL_MESSAGE)
            .until_cleared(),
    );
    play.roll(&world, play.turn.id).await;
    // The fallback edit and the table's first retry are refused.
    world.standin.wait_for_faults(3).await.unwrap();
    let now = world.standin.message(play.turn.id).unwrap();
    assert_eq!(now.state, play.turn.state, "not shown yet");
    world.standin.clear_faults();
    let rolled = shown(&world, play.turn.id, play.version + 1).await;
    play.goes_on(&world, &rolled).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_session_identifies_anew_and_the_game_goes_on() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    world
        .standin
        .gateway_fault(GatewayFault::InvalidSession { resumable: false });
    world.standin.wait_for_identifies(2).await.unwrap();
    let rolled = play.roll(&world, play.turn.id).await;
    let rolled = rolled.answer().await.unwrap();
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    play.goes_on(&world, &rolled).await;
}

/// `answer` tells its clicker privately that nothing was saved, and `shown` still shows as it
/// was.
fn not_saved(world: &World, answer: &Message, shown: &Message) {
    assert!(
        answer.is_ephemeral() && answer.text().contains("couldn't be saved"),
        "{}",
        answer.text()
    );
    let now = world.standin.message(shown.id).unwrap();
    assert_eq!(now.state, shown.state, "nothing unsaved is shown");
}

/// `chattr` on `files`: `+i` makes them immutable (no write, even by root, even through a file
/// already open), `-i` gives them back.
fn chattr(flag: &str, files: &[std::path::PathBuf]) {
    let done = std::process::Command::new("chattr")
        .arg(flag)
        .args(files)
        .status()
        .expect("run chattr");
    assert!(
        done.success(),
        "chattr {flag} (the tests run as root, on ext4)"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_answers_could_not_save_and_the_bot_recovers() {
    let world = World::new().await;
    let play = Play::start(&world).await;
    // The database and its write-ahead log become read-only under the running bot.
    let wal = world.db.with_extension("db-wal");
    let files = [world.db.clone(), wal];
    chattr("+i", &files);
    let refused = play.roll(&world, play.turn.id).await;
    let refused = refused.answer().await;
    chattr("-i", &files);
    not_saved(&world, &refused.unwrap(), &play.turn);
    // Writable again: the same button works.
    let rolled = play.roll(&world, play.turn.id).await;
    let rolled = rolled.answer().await.unwrap();
    assert!(!rolled.is_ephemeral(), "{}", rolled.text());
    play.goes_on(&world, &rolled).await;
}

/// A gateway that stops acknowledging heartbeats, its connection still open (a "zombie"):
/// serenity notices only at the heartbeat after the unacknowledged one, and its shard stays
/// "connected" until then (Discord's interval is 41.25 s: up to 82 s). `/readyz` says `gateway`
/// within 15 s of the first heartbeat left without its ACK (two fifths of a shorter interval),
/// while the shard still counts as connected. The stand-in's interval is 8 s here: said within
/// 3.2 s, before serenity's own notice at 8 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_gateway_within_15_s_of_a_heartbeat_left_unacknowledged() {
    let interval = Duration::from_secs(8);
    let world = World::with_standin(|builder| {
        builder
            .config(discord_standin::StandinConfig {
                token: "standin.bot.token".into(),
                wait_timeout: Duration::from_secs(120),
                ..discord_standin::StandinConfig::default()
            })
            .heartbeat_interval(interval)
    })
    .await;
    let mut config = world.config();
    config.metrics.listen = Some("127.0.0.1:0".parse().unwrap());
    let bot = world.start_bot(config).await;
    let addr = bot.metrics_addr().unwrap();
    let (status, _, body) = crate::common::health::readyz(addr).await;
    assert_eq!(status, 200, "{body}");
    // Two ACKs tell the bot the interval.
    world
        .standin
        .wait_until("two heartbeats acknowledged", |view| {
            (view.heartbeats() >= 2).then_some(())
        })
        .await
        .unwrap();
    let acked = world.standin.heartbeats();
    world
        .standin
        .gateway_fault(GatewayFault::WithholdHeartbeatAcks);
    world
        .standin
        .wait_until("a heartbeat left without its ACK", |view| {
            (view.heartbeats() > acked).then_some(())
        })
        .await
        .unwrap();
    let missed = std::time::Instant::now();
    // Asked again at each change the bot tells (its sampling of the ACKs tells one).
    let mut changes = bot.shard_changes();
    let reasons = loop {
        changes.borrow_and_update();
        let (status, reasons, body) = crate::common::health::readyz(addr).await;
        if status == 503 {
            let detail = body["reasons"][0]["detail"].as_str().unwrap().to_string();
            assert!(
                detail.contains("no heartbeat of its has been acknowledged"),
                "{body}"
            );
            break reasons;
        }
        tokio::time::timeout(Duration::from_secs(60), changes.changed())
            .await
            .expect("a change within a minute")
            .unwrap();
    };
    assert_eq!(reasons, ["gateway"]);
    let took = missed.elapsed();
    // 3.2 s (two fifths of 8 s), the sampling's second, and the test's own scheduling; before
    // serenity's own notice, at the next heartbeat, 8 s after the one missed.
    assert!(took <= Duration::from_secs(6), "{took:?}");
    let (status, body) = crate::common::health::get(addr, "/livez").await;
    assert_eq!(status, 200, "{body}");
    bot.shutdown().await;
}
