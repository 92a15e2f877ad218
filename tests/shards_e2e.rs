//! Running big, end to end through the Discord stand-in acting as the REST proxy: the `forgetit`
//! binary itself (a child process configured by environment variables only) plays a game with
//! `discord.http_proxy` pointing at the stand-in; two binaries running shards 0..1 and 1..2 of 2
//! share one database file, each answers its own guild's games, and the global leaderboard
//! counts both; a process keeps and drives only the games of its shards' guilds.
//!
//! The binary runs as a child process (`common::process::BotProcess`, shared with
//! `tests/crash_e2e.rs`). Dice in a child process can't be scripted, so the games are played by a policy that ends
//! whatever the dice: bank whenever Bank is offered, else keep the first number offered, else
//! roll.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use common::process::{current_turn, on_turn, open_game, BotProcess, Database, Table};

use discord_standin::{ChannelId, Message, Standin, StandinConfig, UserId};
use forgetit::config::{Config, Token};
use forgetit::discord::{self, BotOptions};
use forgetit::i18n::Lang;
use forgetit::render::MessageView;
use forgetit::tables::{Intent, Origin, Outgoing, Reply, Request, Who};
use futures::future::BoxFuture;
use serde_json::{json, Value};
use tokio::sync::oneshot;

const TOKEN: &str = "standin.bot.token";

async fn standin(shard_count: u32) -> Standin {
    Standin::builder()
        .config(StandinConfig {
            // serenity checks a token's shape (three dot-separated parts) before using it.
            token: TOKEN.into(),
            // Debug builds on a busy machine: generous, since waits end on events anyway.
            wait_timeout: Duration::from_secs(30),
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

fn entries_about(entries: &[Value], field: &str, id: u64) -> usize {
    entries
        .iter()
        .filter(|e| e["fields"][field].as_u64() == Some(id))
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
/// guild's games, both play at once, and either reads the other's results.
async fn two_processes_with_shard_ranges_share_one_database(db: Database) {
    let standin = standin(2).await;
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
    assert_eq!(identified, [json!([0, 2]), json!([1, 2])]);
    for (bot, range, guild, shard) in [(&zero, "0..1", first, 0), (&one, "1..2", second, 1)] {
        let start = &bot.logged(&format!(
            "running shards {range} of 2: only their guilds' games are kept here"
        ));
        assert_eq!(start.len(), 1, "{:#?}", bot.log());
        let seen = bot
            .wait_log("its guild", |e| {
                e["fields"]["message"] == "guild seen"
                    && e["fields"]["guild"].as_u64() == Some(guild.get())
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
    let global = board(1).await.text();
    for user in [alice, bob, carol, dave] {
        assert!(global.contains(&format!("<@{user}>")), "{user}: {global}");
    }

    let (zero_status, one_status) = tokio::join!(zero.stop(), one.stop());
    assert!(zero_status.success() && one_status.success());
    standin.assert_clean();
}

/// A reply that hands the notice text to the test.
struct Answer(oneshot::Sender<String>);

impl Reply for Answer {
    fn update(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<(), String>> {
        let _ = self.0.send(message.view.content);
        Box::pin(async { Ok(()) })
    }

    fn message(self: Box<Self>, message: Outgoing) -> BoxFuture<'static, Result<u64, String>> {
        let _ = self.0.send(message.view.content);
        Box::pin(async { Ok(0) })
    }

    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), String>> {
        let _ = self.0.send(view.content);
        Box::pin(async { Ok(()) })
    }
}

fn library_config(standin: &Standin, db: PathBuf, shards: Option<&str>) -> Config {
    let mut config = Config::default();
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
    assert_eq!(zero.tables().channels(), [first_channel.get()]);
    assert!(zero.tables().owns(first.get()) && !zero.tables().owns(second.get()));
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
        user_id: bob.get(),
        name: "bob".into(),
        moderator: false,
    };
    zero.tables()
        .request(
            second_channel.get(),
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
        .open_game_in(second_channel.get())
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
    assert_eq!(one.tables().channels(), [second_channel.get()]);
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
        assert!(store.open_game_in(1).await.unwrap().is_none());
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
