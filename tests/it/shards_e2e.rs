//! Running big, end to end through the Discord stand-in acting as the REST proxy: the `forgetit`
//! binary itself (a child process configured by environment variables only) plays a game with
//! `discord.http_proxy` pointing at the stand-in; two binaries running shards 0..1 and 1..2 of 2
//! share one database (a SQLite file, or a PostgreSQL database on a real server the test binary
//! starts, see `common::postgres`), each answers its own guild's games, and the global
//! leaderboard counts both; on PostgreSQL, the 1..2 process killed (SIGKILL) and a new one started
//! on 1..2 picks up its guild's open game and plays it to its end, the other guild's untouched; a
//! process keeps and drives only the games of its shards' guilds.
//!
//! The binary runs as a child process (`common::process::BotProcess`, shared with
//! `tests/crash_e2e.rs`). Dice in a child process can't be scripted, so the games are played by a
//! policy that ends whatever the dice: bank whenever Bank is offered, else keep the first number
//! offered, else roll.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use common::process::{current_turn, on_turn, open_game, BotProcess, Database, Table};

use discord_standin::{ChannelId, Message, Standin, StandinConfig, UserId};
use forgetit::config::{Config, Token};
use forgetit::discord::{self, BotOptions};
use forgetit::engine::Scope;
use forgetit::games::forgetit::{Event, Game, GameEvent};
use forgetit::i18n::Lang;
use forgetit::render::MessageView;
use forgetit::tables::{Intent, Origin, Outgoing, Reply, ReplyError, Request, Who};
use forgetit::GameId;
use futures::future::BoxFuture;
use serde_json::{json, Value};
use tokio::sync::oneshot;

const TOKEN: &str = "standin.bot.token";

async fn standin(shard_count: u32) -> Standin {
    standin_limited(shard_count, None).await
}

/// A stand-in of `shard_count` shards that refuses IDENTIFYs of one bucket closer than
/// `identify_window`, as Discord does (5 s), if given.
async fn standin_limited(shard_count: u32, identify_window: Option<Duration>) -> Standin {
    Standin::builder()
        .config(StandinConfig {
            // serenity checks a token's shape (three dot-separated parts) before using it.
            token: TOKEN.into(),
            // Debug builds on a busy machine: generous, since waits end on events anyway.
            wait_timeout: Duration::from_secs(30),
            identify_window,
            ..StandinConfig::default()
        })
        .shard_count(shard_count)
        .extra_guild("Second Guild", &["general"])
        .start()
        .await
}

// ----- playing ------------------------------------------------------------------------------------

async fn slash(
    standin: &Standin,
    user: UserId,
    channel: ChannelId,
    sub: &str,
    options: Value,
) -> Message {
    let interaction = standin
        .run_slash(user, channel, "forgetit", Some(sub), options)
        .await
        .unwrap();
    interaction.answer().await.unwrap()
}

/// The target of the games played here: low enough that a game ends within a few dozen moves.
const TARGET: u32 = 50;

/// `host` opens a game to [`TARGET`] in `channel`, `guest` joins, the host starts, and both play
/// until the game is over ([`play_to_end`]). Returns the game-over message.
async fn play_a_game(
    standin: &Standin,
    channel: ChannelId,
    host: UserId,
    guest: UserId,
) -> Message {
    let table = open_game(standin, channel, host, guest, TARGET).await;
    play_to_end(standin, &table).await
}

/// The custom_id of the first button of `turn` whose label starts with one of `prefixes`, tried
/// in order.
fn button_of(turn: &Message, prefixes: &[&str]) -> Option<String> {
    let buttons = turn.buttons();
    prefixes.iter().find_map(|prefix| {
        buttons
            .iter()
            .find(|b| b.label.as_deref().is_some_and(|l| l.starts_with(prefix)))
            .map(|b| b.custom_id.clone().expect("a game button"))
    })
}

/// Waits for the current turn of `table` in a state after `last` (each move makes a new state),
/// or for the game-over message (`Err`).
async fn next_turn(
    standin: &Standin,
    table: &Table,
    last: Option<u64>,
) -> Result<(Message, u64), Message> {
    standin
        .wait_until("the next move or the game's end", |view| {
            let messages = view.messages(table.channel);
            if let Some(over) = messages.iter().find(|m| m.text().contains("game over")) {
                return Some(Err(over.clone()));
            }
            current_turn(&messages, table.game)
                .filter(|(_, version)| last.is_none_or(|l| *version > l))
                .map(Ok)
        })
        .await
        .unwrap()
}

/// The player on turn clicks the button `custom_id` of `turn`; returns the type of the answer
/// (7: the message updated).
async fn click(standin: &Standin, turn: &Message, custom_id: &str) -> u64 {
    let click = standin
        .click_custom_id(on_turn(turn), turn.id, custom_id)
        .await
        .unwrap();
    click.response().await.unwrap().kind
}

/// Plays `table` from where it is until the game is over, whatever the dice: bank whenever Bank
/// is offered, else keep the first number offered, else roll. Returns the game-over message.
async fn play_to_end(standin: &Standin, table: &Table) -> Message {
    let mut last = None;
    for _ in 0..1000 {
        let (turn, version) = match next_turn(standin, table, last).await {
            Err(over) => return over,
            Ok(turn) => turn,
        };
        let custom_id = button_of(&turn, &["Bank", "Keep", "Roll"])
            .unwrap_or_else(|| panic!("no move on {turn:?}"));
        click(standin, &turn, &custom_id).await;
        last = Some(version);
    }
    panic!("the game did not end in 1000 moves");
}

/// Plays `table` until a player is mid-turn: a point number chosen, points set aside and not
/// banked (Bank is offered). Keeps the first number offered, else rolls; never banks, so no game
/// ends here. Returns that turn message and its state.
async fn play_to_mid_turn(standin: &Standin, table: &Table) -> (Message, u64) {
    let mut last = None;
    for _ in 0..1000 {
        let (turn, version) = next_turn(standin, table, last)
            .await
            .unwrap_or_else(|over| panic!("no bank, yet the game ended: {over:?}"));
        if button_of(&turn, &["Bank"]).is_some() {
            return (turn, version);
        }
        let custom_id =
            button_of(&turn, &["Keep", "Roll"]).unwrap_or_else(|| panic!("no move on {turn:?}"));
        click(standin, &turn, &custom_id).await;
        last = Some(version);
    }
    panic!("no point number was chosen in 1000 moves");
}

fn entries_about(entries: &[Value], field: &str, id: u64) -> usize {
    entries
        .iter()
        // Snowflakes are logged as text (JSON numbers above 2^53 lose digits).
        .filter(|e| e["fields"][field].as_str() == Some(id.to_string().as_str()))
        .count()
}

// ----- the tests ----------------------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_plays_a_game_through_the_rest_proxy() {
    let standin = standin(1).await;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::File(dir.path().join("forgetit.db"));
    let bot = BotProcess::spawn("forgetit", &standin, dir.path(), &db, &[]);
    bot.connected().await;

    let (alice, bob) = (standin.user("alice"), standin.user("bob"));
    let over = play_a_game(&standin, standin.channel_id(), alice, bob).await;
    assert!(over.text().contains("wins") || over.text().contains("share the win"));

    // Every REST request, the gateway URL included, went to the proxy.
    let routes: Vec<String> = standin
        .requests()
        .iter()
        .filter_map(|r| r.route.clone())
        .collect();
    assert!(routes.iter().any(|r| r == "/gateway/bot"), "{routes:?}");
    assert!(routes.iter().any(|r| r == "/gateway"), "{routes:?}");
    assert!(!bot.logged("REST requests go through the proxy").is_empty());
    assert!(!bot
        .logged("running every shard (as many as Discord recommends)")
        .is_empty());

    let status = bot.stop().await;
    assert!(status.success(), "SIGTERM stops the bot cleanly: {status}");
    standin.assert_clean();
}

/// The environment of a process running `range` of 2 shards.
fn sharded(range: &str) -> [(&'static str, &str); 2] {
    [
        ("FORGETIT_DISCORD__SHARD_COUNT", "2"),
        ("FORGETIT_DISCORD__SHARDS", range),
    ]
}

/// "Run big" (shard ranges): two binaries with shards 0..1 and 1..2 of 2 on one SQLite file, each playing
/// its own guild's games, the global leaderboard counting both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_shard_ranges_share_one_database_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    two_processes_with_shard_ranges_share_one_database(Database::File(
        dir.path().join("shared.db"),
    ))
    .await;
}

/// Issue "Beyond one machine: PostgreSQL beside SQLite": two binaries with shards 0..1 and 1..2
/// of 2 on one PostgreSQL database playing their guilds' games, the global leaderboard counting
/// both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_with_shard_ranges_share_one_database_postgres() {
    two_processes_with_shard_ranges_share_one_database(Database::fresh_postgres().await).await;
}

/// Two processes of shards 0..1 and 1..2 of 2 on `db`: each runs exactly its shard and its
/// guild's games, both play at once, and either reads the other's results. Started at once,
/// they take turns to identify: the stand-in refuses (and records) an IDENTIFY within 5 s of
/// another, as Discord does with `max_concurrency` 1, and each shard identified once.
async fn two_processes_with_shard_ranges_share_one_database(db: Database) {
    let standin = standin_limited(2, Some(Duration::from_secs(5))).await;
    let (first, second) = (standin.guild_id(), standin.guild("Second Guild"));
    assert_eq!(discord_standin::shard_of(first, 2), 0);
    assert_eq!(discord_standin::shard_of(second, 2), 1);
    let (first_channel, second_channel) = (standin.channel_id(), standin.first_channel_of(second));
    // Their working directory (no config file there).
    let dir = tempfile::tempdir().unwrap();
    // Both start at once: they also create and migrate the shared database together.
    let zero = BotProcess::spawn("shards 0..1", &standin, dir.path(), &db, &sharded("0..1"));
    let one = BotProcess::spawn("shards 1..2", &standin, dir.path(), &db, &sharded("1..2"));
    zero.connected().await;
    one.connected().await;
    assert_eq!(standin.wait_for_guild_session(first).await.unwrap(), [0, 2]);
    assert_eq!(
        standin.wait_for_guild_session(second).await.unwrap(),
        [1, 2]
    );

    // Each process ran exactly its shard, and logged its range and its guild's shard.
    let mut identified: Vec<Value> = standin
        .identifies()
        .iter()
        .map(|d| d["shard"].clone())
        .collect();
    identified.sort_by_key(|s| s.to_string());
    assert_eq!(
        identified,
        [json!([0, 2]), json!([1, 2])],
        "each shard identified once, none refused: {:#?}",
        standin.violations()
    );
    // The second waited for the first's turn (its shard connected, then Discord's window).
    for bot in [&zero, &one] {
        bot.wait_log("the turn to identify given up", |e| {
            e["fields"]["message"] == "gave up the turn to identify"
        })
        .await;
    }
    for (bot, range, guild, shard) in [(&zero, "0..1", first, 0), (&one, "1..2", second, 1)] {
        let start = &bot.logged(&format!(
            "running shards {range} of 2: only their guilds' games are kept here"
        ));
        assert_eq!(start.len(), 1, "{:#?}", bot.log());
        let seen = bot
            .wait_log("its guild", |e| {
                e["fields"]["message"] == "guild seen"
                    && e["fields"]["guild"].as_str() == Some(guild.get().to_string().as_str())
            })
            .await;
        assert_eq!(seen["fields"]["shard"], shard);
        assert_eq!(bot.logged("guild seen").len(), 1, "only its own guild");
    }

    // Games in both guilds, played at the same time, each by its own process.
    let (alice, bob, carol) = (
        standin.user("alice"),
        standin.user("bob"),
        standin.user("carol"),
    );
    let dave = standin.add_user("dave", "en-US");
    let (over_first, over_second) = tokio::join!(
        play_a_game(&standin, first_channel, alice, bob),
        play_a_game(&standin, second_channel, carol, dave),
    );
    assert!(over_first.text().contains("game over"));
    assert!(over_second.text().contains("game over"));
    for record in standin.interactions() {
        let guild_shard = if record.channel_id == first_channel {
            [0, 2]
        } else {
            [1, 2]
        };
        assert_eq!(record.shards, [guild_shard], "{}", record.describe());
    }
    let created = |bot: &BotProcess, channel: ChannelId| {
        entries_about(&bot.logged("game created"), "channel", channel.get())
    };
    assert_eq!(
        (
            created(&zero, first_channel),
            created(&zero, second_channel)
        ),
        (1, 0)
    );
    assert_eq!(
        (created(&one, first_channel), created(&one, second_channel)),
        (0, 1)
    );

    // The first guild's process reads the second's results from the shared database.
    let board = |scope: u8| {
        slash(
            &standin,
            alice,
            first_channel,
            "leaderboard",
            json!({ "scope": scope, "by": 1 }), // poise choices are indexes: points
        )
    };
    let here = board(0).await.text();
    assert!(here.contains("alice") && here.contains("bob"), "{here}");
    assert!(!here.contains("carol") && !here.contains("dave"), "{here}");
    // Across servers: the people of this server by their names here, the others unnamed, and
    // nobody mentioned.
    let global = board(1).await.text();
    names_here_only(&global);

    let (zero_status, one_status) = tokio::join!(zero.stop(), one.stop());
    assert!(zero_status.success() && one_status.success());
    standin.assert_clean();
}

/// Issue "Beyond one machine: PostgreSQL beside SQLite": "a process killed and restarted on the
/// same range continuing its games", and "a process that takes over a range from a dead one
/// picks up its open games". On one PostgreSQL database, processes of shards 0..1 and 1..2 of 2
/// each have a game open mid-turn (a point number chosen, points set aside, not banked); the
/// 1..2 process is killed (SIGKILL) and a new one started on 1..2. The new one picks up that game
/// (and only it) where it stood: the first click after the restart banks the points set aside
/// before the kill, and the game plays on to its end, its results in the global leaderboard. The
/// 0..1 process's game is untouched by the restart (its channel's messages and its stored state
/// unchanged), and plays on to its end too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_restarted_on_a_killed_ones_shard_range_continues_its_games_postgres() {
    let standin = standin(2).await;
    let (first, second) = (standin.guild_id(), standin.guild("Second Guild"));
    let (first_channel, second_channel) = (standin.channel_id(), standin.first_channel_of(second));
    let (alice, bob, carol) = (
        standin.user("alice"),
        standin.user("bob"),
        standin.user("carol"),
    );
    let dave = standin.add_user("dave", "en-US");
    let url = common::postgres::server().await.fresh_database().await;
    let db = Database::Url(url.clone());
    let dir = tempfile::tempdir().unwrap();
    let spawn = |name, range| BotProcess::spawn(name, &standin, dir.path(), &db, &sharded(range));
    let zero = spawn("shards 0..1", "0..1");
    let one = spawn("shards 1..2", "1..2");
    zero.connected().await;
    one.connected().await;
    assert_eq!(standin.wait_for_guild_session(first).await.unwrap(), [0, 2]);
    assert_eq!(
        standin.wait_for_guild_session(second).await.unwrap(),
        [1, 2]
    );

    // A game in each guild, each mid-turn.
    let (first_table, second_table) = tokio::join!(
        open_game(&standin, first_channel, alice, bob, TARGET),
        open_game(&standin, second_channel, carol, dave, TARGET),
    );
    let ((_, first_version), (second_turn, second_version)) = tokio::join!(
        play_to_mid_turn(&standin, &first_table),
        play_to_mid_turn(&standin, &second_table),
    );
    let set_aside = button_of(&second_turn, &["Bank"]).unwrap();
    let store = forgetit::store::Store::open_url(&url, Default::default())
        .await
        .unwrap();
    let stored_version = |game| {
        let store = store.clone();
        async move { store.load::<Game>(game).await.unwrap().game.version }
    };
    // What a channel showed was stored before it was shown.
    assert_eq!(
        stored_version(GameId::new(first_table.game)).await,
        first_version
    );
    assert_eq!(
        stored_version(GameId::new(second_table.game)).await,
        second_version
    );
    let first_shown = standin.messages(first_channel);

    // The process of 1..2 dies: nothing of it runs after SIGKILL.
    let disconnects = standin.disconnects();
    let status = one.kill().await;
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(9)
    );
    standin.wait_for_disconnects(disconnects + 1).await.unwrap();
    standin
        .wait_until("only shard 0 connected", |view| {
            (view.sessions() == [[0, 2]]).then_some(())
        })
        .await
        .unwrap();

    // A new process takes over 1..2 and picks up its guild's open game, and only it.
    let mark = standin.requests().len();
    let again = spawn("shards 1..2 again", "1..2");
    again.connected().await;
    assert_eq!(
        standin.wait_for_guild_session(second).await.unwrap(),
        [1, 2]
    );
    let loaded = again.logged("open games of this process's guilds loaded");
    assert_eq!(loaded.len(), 1, "{:#?}", again.log());
    assert_eq!(loaded[0]["fields"]["games"], 1, "{:#?}", again.log());
    let picked = again.logged("open game picked up");
    assert_eq!(picked.len(), 1, "{:#?}", again.log());
    assert_eq!(picked[0]["fields"]["game_id"], second_table.game);
    assert_eq!(picked[0]["fields"]["guild"], second.get().to_string());

    // Its first click: the points set aside before the kill are banked.
    let (turn, version) = next_turn(&standin, &second_table, None)
        .await
        .expect("the game is still open");
    assert_eq!(version, second_version, "the game stands where it was");
    assert_eq!(
        button_of(&turn, &["Bank"]).as_deref(),
        Some(set_aside.as_str()),
        "the same points to bank"
    );
    assert_eq!(
        click(&standin, &turn, &set_aside).await,
        7,
        "answered with an update"
    );
    let (_, after) = next_turn(&standin, &second_table, Some(version))
        .await
        .unwrap_or_else(|over| panic!("one bank ended the game: {over:?}"));
    assert!(after > version);

    // The other guild's game, untouched by the restart: no request to its channel, its
    // messages and its stored state as they were.
    let touched: Vec<String> = standin.requests()[mark..]
        .iter()
        .filter(|r| r.path.contains(&format!("/channels/{first_channel}/")))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(touched.is_empty(), "{touched:#?}");
    assert_eq!(standin.messages(first_channel), first_shown);
    assert_eq!(
        stored_version(GameId::new(first_table.game)).await,
        first_version
    );

    // Both games play on to their end, each answered by its own process.
    let (over_first, over_second) = tokio::join!(
        play_to_end(&standin, &first_table),
        play_to_end(&standin, &second_table),
    );
    assert!(over_first.text().contains("game over"));
    assert!(over_second.text().contains("game over"));

    // The second game's log: the bank clicked after the restart right after the state shown
    // before the kill, nothing lost or doubled (`load` checks the log against the game's row).
    let events = store
        .events::<Game>(GameId::new(second_table.game))
        .await
        .unwrap();
    assert!(
        matches!(
            events[second_version as usize],
            Event::Game(GameEvent::Banked)
        ),
        "{:?}",
        events.get(second_version as usize)
    );
    let loaded = store
        .load::<Game>(GameId::new(second_table.game))
        .await
        .unwrap();
    assert_eq!(loaded.game.version, events.len() as u64);
    assert_eq!(loaded.game.status(), forgetit::engine::Status::Finished);

    // Both games' results, in the global leaderboard the first guild's process shows.
    let global = slash(
        &standin,
        alice,
        first_channel,
        "leaderboard",
        json!({ "scope": 1, "by": 1 }), // poise choices are indexes: global, points
    )
    .await
    .text();
    names_here_only(&global);
    for user in [alice, bob, carol, dave] {
        let stats = store
            .player_stats(
                forgetit::games::forgetit::KIND,
                Scope::Global,
                user.get().into(),
            )
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("{user} has no results"));
        assert_eq!(stats.games, 1, "{user}: {stats:?}");
    }
    store.close().await;

    let (zero_status, again_status) = tokio::join!(zero.stop(), again.stop());
    assert!(zero_status.success() && again_status.success());
    standin.assert_clean();
}

/// A reply that hands the notice text to the test.
struct Answer(oneshot::Sender<String>);

impl Reply for Answer {
    fn update(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<(), (ReplyError, Outgoing)>> {
        let _ = self.0.send(message.view.content);
        Box::pin(async { Ok(()) })
    }

    fn message(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<forgetit::MessageId, ReplyError>> {
        let _ = self.0.send(message.view.content);
        Box::pin(async { Ok(forgetit::MessageId::new(0)) })
    }

    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), ReplyError>> {
        let _ = self.0.send(view.content);
        Box::pin(async { Ok(()) })
    }
}

fn library_config(standin: &Standin, db: PathBuf, shards: Option<&str>) -> Config {
    let mut config = Config::default();
    // The bot prepares the Get Dickey table at start: the tests' own.
    config.strategy.cache = crate::common::strategy::cache();
    config.discord.token = Some(Token::new(standin.token()));
    config.discord.http_proxy = Some(standin.rest_url());
    config.database.path = db;
    if let Some(range) = shards {
        config.discord.shard_count = Some(2);
        config.discord.shards = Some(range.parse().unwrap());
    }
    config
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_keeps_and_drives_only_its_own_guilds_games() {
    let standin = standin(2).await;
    let (first, second) = (standin.guild_id(), standin.guild("Second Guild"));
    let (first_channel, second_channel) = (standin.channel_id(), standin.first_channel_of(second));
    let (alice, bob, carol) = (
        standin.user("alice"),
        standin.user("bob"),
        standin.user("carol"),
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("forgetit.db");

    // One process, autosharded: Discord (the stand-in) recommends 2 shards; it runs both.
    let all = discord::start(
        &library_config(&standin, db.clone(), None),
        BotOptions::default(),
    )
    .await
    .unwrap();
    standin.wait_for_command("forgetit").await.unwrap();
    let lobby_first = slash(&standin, alice, first_channel, "start", json!({})).await;
    let lobby_second = slash(&standin, carol, second_channel, "start", json!({})).await;
    assert!(lobby_first.button("Join").is_some() && lobby_second.button("Join").is_some());
    all.shutdown().await;

    // Restarted as shards 0..1 of 2: only the first guild's open game is picked up.
    let zero = discord::start(
        &library_config(&standin, db.clone(), Some("0..1")),
        BotOptions::default(),
    )
    .await
    .unwrap();
    assert_eq!(zero.tables().channels(), [first_channel.get().into()]);
    assert!(zero.tables().owns(first.get().into()) && !zero.tables().owns(second.get().into()));
    let only = |shards: [[u32; 2]; 1]| {
        move |view: &discord_standin::StandinView<'_>| (view.sessions() == shards).then_some(())
    };
    standin
        .wait_until("only shard 0 connected", only([[0, 2]]))
        .await
        .unwrap();
    let joined = standin.click(bob, lobby_first.id, "Join").await.unwrap();
    assert!(joined.answer().await.unwrap().text().contains("bob"));

    // A request for the other guild's game (which Discord would route to the other process)
    // neither loads nor changes it.
    let (tx, rx) = oneshot::channel();
    let who = Who {
        user_id: bob.get().into(),
        name: "bob".into(),
        moderator: false,
    };
    zero.tables()
        .request(
            second_channel.get().into(),
            Request {
                kind: None,
                who,
                intent: Intent::Join,
                origin: Origin::Slash,
                reply: Box::new(Answer(tx)),
                lang: Lang::EnUs,
            },
        )
        .await;
    let answer = rx.await.unwrap();
    assert!(answer.contains("no game"), "{answer}");
    let store = zero.tables().store().clone();
    let (game_id, _) = store
        .open_game_in(second_channel.get().into())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.seats(game_id).await.unwrap().len(),
        1,
        "bob did not join"
    );
    zero.shutdown().await;

    // The process of shard 1 picks it up and drives it.
    let one = discord::start(
        &library_config(&standin, db.clone(), Some("1..2")),
        BotOptions::default(),
    )
    .await
    .unwrap();
    assert_eq!(one.tables().channels(), [second_channel.get().into()]);
    standin
        .wait_until("only shard 1 connected", only([[1, 2]]))
        .await
        .unwrap();
    let joined = standin.click(bob, lobby_second.id, "Join").await.unwrap();
    assert!(joined.answer().await.unwrap().text().contains("bob"));
    one.shutdown().await;
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn processes_may_create_and_migrate_one_file_at_once() {
    // Each store has its own connections, as separate processes do.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("new.db");
    let opened = futures::future::join_all((0..6).map(|_| forgetit::store::Store::open(&db))).await;
    for store in opened {
        let store = store.expect("every process opens the shared file");
        assert!(store
            .open_game_in(forgetit::ChannelId::new(1))
            .await
            .unwrap()
            .is_none());
        store.close().await;
    }
}

#[test]
fn a_shard_range_outside_the_shard_count_is_one_line_and_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_forgetit"))
        .current_dir(dir.path())
        .env_clear()
        .env("DISCORD_TOKEN", TOKEN)
        .env("FORGETIT_DISCORD__SHARD_COUNT", "2")
        .env("FORGETIT_DISCORD__SHARDS", "1..3")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "forgetit: config: discord.shards 1..3 is outside discord.shard_count 2 (the shards are 0..2)\n"
    );
    assert!(!dir.path().join("forgetit.db").exists(), "nothing opened");
}

/// A board across servers, asked for in the first guild: alice and bob (of that guild) by their
/// names, carol and dave (of the other) unnamed, and nobody mentioned.
fn names_here_only(global: &str) {
    assert!(
        global.contains("alice") && global.contains("bob"),
        "{global}"
    );
    assert_eq!(
        global.matches("a player of another server").count(),
        2,
        "{global}"
    );
    assert!(!global.contains("<@"), "{global}");
}
