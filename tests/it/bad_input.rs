//! Bad input, tried systematically: properties over what Discord (or anyone forging its requests)
//! can send, driven through the stand-in into the real bot. Each property starts one bot and plays
//! its cases against it; for every case:
//!
//! - exactly one answer, private (ephemeral, to the one who asked), in their language where the
//!   property knows the exact text;
//! - nothing changes: the channels' public messages and the database's games, seats and events are
//!   what they were before the property's first case;
//! - no panic, and no problem in the stand-in (`problems()`: spec or limit violations, interactions
//!   without exactly one initial response in time);
//! - every message and response the bot sent sets `allowed_mentions` to ping only the people its
//!   content mentions, who are players (`parse: []`, no roles).
//!
//! Slash options go out with `RawInteraction` (the stand-in's `run_slash` checks them against the
//! registration, as Discord's client does). An integer option whose value is a JSON string is not
//! sent: serenity 0.12.5 cannot decode such an interaction at all (it drops the gateway event), so
//! no bot on it could answer; a string *option* (type 3) where an integer is registered is sent.

use crate::common;

use std::collections::BTreeSet;
use std::future::Future;
use std::time::Duration;

use common::*;
use discord_standin::{ChannelId, Interaction, Message, RawInteraction, Standin, UserId};
use forgetit::discord::codec::{decode, Button};
use forgetit::discord::{io::mentioned, RunningBot};
use forgetit::duration::Bounds;
use forgetit::i18n::Lang;
use forgetit::render::view::display_name;
use forgetit::render::{notice, Notice, Takes};
use forgetit::settings::Kind;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::{json, Value};

/// Cases per property: enough to meet every kind of input several times, few enough to keep the
/// file well under a minute in a debug build.
const CASES: u32 = 64;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Runs `check` on `CASES` values of `strategy`, each on the same bot.
fn run<S: Strategy>(strategy: S, check: impl Fn(S::Value)) {
    let mut runner = TestRunner::new(Config {
        cases: CASES,
        failure_persistence: None,
        // A failing case waits out Discord's 3 seconds: shrink a little only.
        max_shrink_iters: 16,
        ..Config::default()
    });
    runner
        .run(&strategy, |value| {
            check(value);
            Ok(())
        })
        .unwrap();
}

/// A game row: id, channel, kind, status, version, lobby and turn message.
type GameRow = (i64, i64, String, String, i64, Option<i64>, Option<i64>);

/// What bad input must leave as it was.
#[derive(Debug, PartialEq)]
struct State {
    /// Each channel's public messages: id, content, embeds, components.
    messages: Vec<(u64, String, Value, Value)>,
    games: Vec<GameRow>,
    seats: i64,
    events: i64,
    /// The rows of the servers' settings and channel lists.
    settings: i64,
}

async fn state(world: &World, channels: &[ChannelId]) -> State {
    let mut messages = Vec::new();
    for &channel in channels {
        for m in world.standin.messages(channel) {
            messages.push((
                m.id.get(),
                m.content().to_owned(),
                json!(m.embeds()),
                json!(m.components()),
            ));
        }
    }
    // The same queries on either backend (`sqlx::query_as` is typed by the pool it runs on).
    macro_rules! read {
        ($db:expr) => {{
            let db = $db;
            let games = sqlx::query_as(
                "SELECT id, channel_id, kind, status, version, lobby_message_id, turn_message_id \
                 FROM games ORDER BY id",
            )
            .fetch_all(&db)
            .await
            .unwrap();
            let (seats,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM seats")
                .fetch_one(&db)
                .await
                .unwrap();
            let (events,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events")
                .fetch_one(&db)
                .await
                .unwrap();
            let (settings,): (i64,) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM guild_settings) + (SELECT COUNT(*) FROM guild_channels)",
            )
            .fetch_one(&db)
            .await
            .unwrap();
            db.close().await;
            (games, seats, events, settings)
        }};
    }
    let (games, seats, events, settings) = match &world.postgres {
        Some(url) => read!(sqlx::PgPool::connect(url).await.unwrap()),
        None => {
            let url = format!("sqlite://{}?mode=ro", world.db.display());
            read!(sqlx::SqlitePool::connect(&url).await.unwrap())
        }
    };
    State {
        messages,
        games,
        seats,
        events,
        settings,
    }
}

/// The state once the bot has done all it was asked (it saves a new message's id just after
/// answering).
async fn settled(bot: &RunningBot, world: &World, channels: &[ChannelId]) -> State {
    bot.tables().settled().await;
    state(world, channels).await
}

/// Panics with what differs between `before` and `after`.
#[track_caller]
fn assert_unchanged(before: &State, after: &State, what: &dyn std::fmt::Debug) {
    if before == after {
        return;
    }
    let changed: Vec<_> = after
        .messages
        .iter()
        .filter(|m| !before.messages.contains(m))
        .collect();
    panic!(
        "{what:?} changed the state:\n  messages now different or new: {changed:?}\n  \
         games {:?}\n  -> {:?}\n  seats {} -> {}, events {} -> {}, settings {} -> {}",
        before.games,
        after.games,
        before.seats,
        after.seats,
        before.events,
        after.events,
        before.settings,
        after.settings
    );
}

/// The one answer to `sent`: a private message to `user`, with some text.
async fn private_answer(sent: &Interaction, user: UserId) -> Message {
    // Discord waits 3 seconds for the answer, then shows "This interaction failed".
    let response = tokio::time::timeout(std::time::Duration::from_secs(3), sent.response())
        .await
        .unwrap_or_else(|_| panic!("{}: no answer in 3 s", sent.record().describe()))
        .unwrap();
    // A message (type 4); or, when the answer was slow to come (a busy machine, a table still
    // committing), the click's deferral (type 6) and then the answer as a follow-up. Either way
    // the person sees a private answer and the clicked message is not edited; how fast is the
    // load bench's to measure, not this property's.
    assert!(
        matches!(response.kind, 4 | 6),
        "{}: a message or a deferral, not an update (type {})",
        sent.record().describe(),
        response.kind
    );
    let answer = sent.answer().await.unwrap();
    if response.kind == 6 {
        let record = sent.record();
        assert_eq!(
            record.followups.first(),
            Some(&answer.id),
            "{}: deferred, then answered by a follow-up",
            record.describe()
        );
    }
    assert!(
        answer.is_ephemeral() && answer.visible_to == Some(user),
        "{}: answered publicly: {}",
        sent.record().describe(),
        answer.text()
    );
    assert!(!answer.text().trim().is_empty());
    answer
}

/// The answer to `sent`, whatever it is (a message, public or private, or a deferral and then
/// the answer), within Discord's 3 seconds.
async fn any_answer(sent: &Interaction) -> Message {
    tokio::time::timeout(std::time::Duration::from_secs(3), sent.response())
        .await
        .unwrap_or_else(|_| panic!("{}: no answer in 3 s", sent.record().describe()))
        .unwrap();
    let answer = sent.answer().await.unwrap();
    assert!(!answer.text().trim().is_empty());
    answer
}

/// Every message and response the bot sent pings only people its content mentions, who are
/// `people`: `allowed_mentions` is set, parses nothing, names no role.
fn assert_pings_only_players(standin: &Standin, people: &BTreeSet<u64>) {
    for request in standin.requests() {
        let Some(body) = &request.body else { continue };
        // An interaction callback carries its message in `data`.
        let message = match body.get("data") {
            Some(data) if request.path.ends_with("/callback") => data,
            _ => body,
        };
        let is_message = ["content", "embeds", "components"]
            .iter()
            .any(|k| message.get(k).is_some());
        if !is_message {
            continue;
        }
        let what = format!("{} {}: {message}", request.method, request.path);
        let allowed = message
            .get("allowed_mentions")
            .unwrap_or_else(|| panic!("no allowed_mentions: {what}"));
        assert_eq!(allowed["parse"], json!([]), "{what}");
        assert!(
            allowed
                .get("roles")
                .is_none_or(|r| r.as_array().is_some_and(Vec::is_empty)),
            "{what}"
        );
        let content = message["content"].as_str().unwrap_or_default();
        let mentions = mentioned(content);
        for user in allowed["users"].as_array().into_iter().flatten() {
            let id: u64 = user.as_str().and_then(|u| u.parse().ok()).unwrap();
            assert!(mentions.contains(&id), "pings {id}, not mentioned: {what}");
            assert!(people.contains(&id), "pings {id}, not a player: {what}");
        }
    }
}

fn people(world: &World) -> BTreeSet<u64> {
    world
        .standin
        .users()
        .iter()
        .filter(|u| !u.bot)
        .map(|u| u.id.get())
        .collect()
}

/// A world with a French person besides alice (en-US), bob (de) and carol (en-GB).
async fn world_and_bot() -> (World, RunningBot, UserId) {
    let world = World::new().await;
    let amelie = world.standin.add_user("amelie", "fr");
    let bot = world.start_bot(world.config()).await;
    (world, bot, amelie)
}

fn finish(rt: &tokio::runtime::Runtime, world: World, bot: RunningBot) {
    rt.block_on(async {
        bot.shutdown().await;
    });
    assert_pings_only_players(&world.standin, &people(&world));
    world.standin.assert_clean();
}

fn block<F: Future>(rt: &tokio::runtime::Runtime, f: F) -> F::Output {
    rt.block_on(f)
}

// ----- slash command options ---------------------------------------------------------------------

/// A slash command with one bad option (and maybe good ones), and what its answer must be.
#[derive(Clone, Debug)]
struct BadCommand {
    game: &'static str,
    sub: &'static str,
    options: Vec<Value>,
    expect: Expect,
}

#[derive(Clone, Debug)]
enum Expect {
    /// A number outside `min..=max` (or no number) for the option `option`.
    Range {
        option: &'static str,
        min: i64,
        max: i64,
    },
    /// Not a duration within `bounds` for the option `option` (a text option).
    Duration {
        option: &'static str,
        bounds: Bounds,
    },
    /// Not text, or longer than registered, for the text option `option`.
    Value(&'static str),
    /// Not one of the option's choices.
    Choice,
    Member,
    /// Not a text channel of the server.
    Channel,
    Unknown(String),
    Missing(&'static str),
    Unreadable,
}

/// Discord's integers (those JavaScript holds exactly).
const SAFE: i64 = 9_007_199_254_740_991;

fn outside(min: i64, max: i64) -> impl Strategy<Value = i64> {
    prop_oneof![
        -SAFE..min,
        (max + 1)..=SAFE,
        Just(min - 1),
        Just(max + 1),
        Just(-1i64),
        Just(1_000_000_000_000i64),
    ]
    .prop_filter("outside", move |n| !(min..=max).contains(n))
}

/// An option named `name` of another type than an integer.
fn not_an_integer(name: &'static str) -> impl Strategy<Value = Value> {
    prop_oneof![
        "\\PC{0,20}".prop_map(move |s| json!({"name": name, "type": 3, "value": s})),
        // Halves: exact in binary, so the bot reads the very number sent (serde_json's fast
        // float parsing may be a unit in the last place off for a number of 17 digits, and the
        // answer quotes what the bot read).
        (-1e6f64..1e6)
            .prop_map(move |x| json!({"name": name, "type": 10, "value": x.trunc() + 0.5})),
        any::<bool>().prop_map(move |b| json!({"name": name, "type": 5, "value": b})),
    ]
}

fn int(name: &'static str, n: i64) -> Value {
    json!({"name": name, "type": 4, "value": n})
}

fn bad_int(name: &'static str, min: i64, max: i64) -> impl Strategy<Value = (Value, Expect)> {
    let expect = Expect::Range {
        option: name,
        min,
        max,
    };
    prop_oneof![
        outside(min, max).prop_map(move |n| int(name, n)),
        not_an_integer(name),
    ]
    .prop_map(move |v| (v, expect.clone()))
}

/// A boolean option (`threads`) given anything but true or false.
fn not_a_bool(name: &'static str) -> impl Strategy<Value = (Value, Expect)> {
    prop_oneof![
        any::<i64>().prop_map(move |n| json!({"name": name, "type": 4, "value": n % SAFE})),
        "\\PC{0,20}".prop_map(move |s| json!({"name": name, "type": 3, "value": s})),
    ]
    .prop_map(move |v| (v, Expect::Value(name)))
}

const SECOND: Duration = Duration::from_secs(1);
const MILLI: Duration = Duration::from_millis(1);
const WEEK: Duration = Duration::from_secs(7 * 86_400);

/// A duration option (text, read by the command): text that is no duration within `bounds`
/// (with `bare` the unit of a bare number), or a value that is not text, or too long.
fn bad_duration(name: &'static str, bounds: Bounds) -> impl Strategy<Value = (Value, Expect)> {
    let Bounds { min, max, bare } = bounds;
    let text = move |s: String| json!({"name": name, "type": 3, "value": s});
    let outside = move |d: &Duration| !(min..=max).contains(d);
    let not_a_duration = prop_oneof![
        "\\PC{1,40}",
        "[0-9]{1,9}(\\.[0-9]{1,3})? ?(ms|s|m|min|h|d|j|x|)",
    ]
    .prop_filter("not a duration in range", move |s: &String| {
        forgetit::duration::parse(s, bare).is_none_or(|d| outside(&d))
    })
    .prop_map(move |s| {
        (
            text(s),
            Expect::Duration {
                option: name,
                bounds,
            },
        )
    });
    let not_text = prop_oneof![
        any::<i64>().prop_map(move |n| json!({"name": name, "type": 4, "value": n % SAFE})),
        any::<bool>().prop_map(move |b| json!({"name": name, "type": 5, "value": b})),
        "\\PC{41,60}".prop_map(move |s| json!({"name": name, "type": 3, "value": s})),
    ]
    .prop_map(move |v| (v, Expect::Value(name)));
    prop_oneof![not_a_duration, not_text]
}

/// A choice option (poise registers an integer per choice, 0 to `n - 1`) with a value that is
/// none of them.
fn bad_choice(name: &'static str, n: i64) -> impl Strategy<Value = (Value, Expect)> {
    prop_oneof![
        outside(0, n - 1).prop_map(move |v| int(name, v)),
        not_an_integer(name),
    ]
    .prop_map(|v| (v, Expect::Choice))
}

/// A registered option name of no subcommand (Discord's option names: 1–32 characters), or
/// anything.
fn unknown_name() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z_-]{1,32}", "\\PC{1,40}"].prop_filter("not an option", |n| {
        ![
            "target",
            "bots",
            "language",
            "scope",
            "by",
            "period",
            "user",
            "turn-timeout",
            "bot-pace",
            "setting",
            "channel",
            "game",
        ]
        .contains(&n.as_str())
    })
}

/// How many choices each option with choices has, as the bot registered them (the same under
/// every game's command, which the registration is checked for).
struct Choices {
    language: i64,
    scope: i64,
    by: i64,
    period: i64,
    setting: i64,
}

impl Choices {
    fn registered(world: &World, rt: &tokio::runtime::Runtime) -> Choices {
        let count = |path: &[&str], option: &str| -> i64 {
            // `config` is the bot's, under /forgetit only.
            let games: &[&str] = if path[0] == "config" {
                &["forgetit"]
            } else {
                &["forgetit", "getdickey"]
            };
            let counts: BTreeSet<usize> = games
                .iter()
                .copied()
                .map(|game| {
                    let mut at = block(rt, world.standin.wait_for_command(game)).unwrap();
                    for sub in path {
                        at = at["options"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .find(|o| o["name"] == *sub)
                            .unwrap_or_else(|| panic!("/{game} has {sub}"))
                            .clone();
                    }
                    let found = at["options"].as_array().unwrap().iter();
                    let option = found
                        .into_iter()
                        .find(|o| o["name"] == option)
                        .unwrap_or_else(|| panic!("/{game} {path:?} has {option}"));
                    option["choices"].as_array().unwrap().len()
                })
                .collect();
            assert_eq!(counts.len(), 1, "{path:?} {option}: every game alike");
            counts.into_iter().next().unwrap() as i64
        };
        Choices {
            language: count(&["start"], "language"),
            scope: count(&["leaderboard"], "scope"),
            by: count(&["leaderboard"], "by"),
            period: count(&["leaderboard"], "period"),
            setting: count(&["config", "reset"], "setting"),
        }
    }
}

fn bad_command(choices: &Choices) -> impl Strategy<Value = BadCommand> {
    let game = prop_oneof![Just("forgetit"), Just("getdickey")];
    let start = prop_oneof![
        bad_int("target", 50, 10_000).prop_map(|b| ("forgetit", b)),
        (game.clone(), bad_int("bots", 0, 9)),
        (game.clone(), bad_choice("language", choices.language)),
        // Get Dickey has no target.
        (1i64..20_000).prop_map(|n| (
            "getdickey",
            (int("target", n), Expect::Unknown("target".into()))
        )),
    ]
    .prop_map(|(game, (bad, expect))| (game, "start", bad, expect));
    let boards = (
        game.clone(),
        prop_oneof![Just("leaderboard"), Just("stats")],
        prop_oneof![
            bad_choice("scope", choices.scope),
            bad_choice("by", choices.by),
            bad_choice("period", choices.period)
        ],
    )
        .prop_filter("stats has no by or period", |(_, sub, (v, _))| {
            !(*sub == "stats" && (v["name"] == "by" || v["name"] == "period"))
        })
        .prop_map(|(game, sub, (bad, expect))| (game, sub, bad, expect));
    let user = (
        game.clone(),
        prop_oneof![Just("kick"), Just("stats")],
        prop_oneof![
            // An id the interaction does not resolve to a user.
            (1u64..u64::MAX)
                .prop_map(|id| json!({"name": "user", "type": 6, "value": id.to_string()})),
            (0i64..SAFE).prop_map(|n| int("user", n)),
            "\\PC{0,20}".prop_map(|s| json!({"name": "user", "type": 3, "value": s})),
        ],
    )
        .prop_map(|(game, sub, bad)| (game, sub, bad, Expect::Member));
    let unknown = (
        game.clone(),
        prop_oneof![
            Just("start"),
            Just("join"),
            Just("leaderboard"),
            Just("rules"),
            Just("config show"),
            Just("config set")
        ],
        unknown_name(),
        any::<i64>(),
    )
        // `config` is the bot's command's: under /forgetit only.
        .prop_map(|(game, sub, name, n)| {
            let game = if sub.starts_with("config") {
                "forgetit"
            } else {
                game
            };
            let bad = json!({"name": name, "type": 4, "value": n % SAFE});
            (game, sub, bad, Expect::Unknown(name))
        });
    // The server's settings (`config`, a subcommand group under the bot's command, /forgetit):
    // every setting declared, each given a bad value of what it takes (the durations within the
    // same bounds as the config file, checked below).
    assert_eq!(
        forgetit::duration::TURN_TIMEOUT,
        bounds(Duration::from_secs(30), WEEK, SECOND)
    );
    assert_eq!(
        forgetit::duration::BOT_PACE,
        bounds(Duration::ZERO, Duration::from_secs(60), MILLI)
    );
    let language = choices.language;
    let set = prop::sample::select(forgetit::settings::SETTINGS)
        .prop_flat_map(move |setting| {
            let name = setting.name;
            match setting.kind {
                // For Get It's target, the server's.
                Kind::Target => bad_int(name, 50, 10_000).boxed(),
                Kind::Duration(bounds) => bad_duration(name, bounds).boxed(),
                Kind::Switch => not_a_bool(name).boxed(),
                Kind::Language => bad_choice(name, language).boxed(),
            }
        })
        .prop_map(|(bad, expect)| ("forgetit", "config set", bad, expect))
        .boxed();
    let reset = bad_choice("setting", choices.setting)
        .prop_map(|(bad, expect)| ("forgetit", "config reset", bad, expect));
    let channel = (
        Just("forgetit"),
        prop_oneof![Just("config add-channel"), Just("config remove-channel")],
        prop_oneof![
            // An id the interaction does not resolve to a channel.
            (1u64..u64::MAX)
                .prop_map(|id| json!({"name": "channel", "type": 7, "value": id.to_string()})),
            (0i64..SAFE).prop_map(|n| int("channel", n)),
            "\\PC{0,20}".prop_map(|s| json!({"name": "channel", "type": 3, "value": s})),
        ],
    )
        .prop_map(|(game, sub, bad)| (game, sub, bad, Expect::Channel))
        .boxed();
    let settings = prop_oneof![set, reset.boxed(), channel].boxed();
    // review's game: a game's number, from 1.
    let review = (
        game.clone(),
        prop_oneof![
            (-SAFE..1).prop_map(|n| int("game", n)),
            not_an_integer("game")
        ],
    )
        .prop_map(|(game, bad)| {
            let expect = Expect::Range {
                option: "game",
                min: 1,
                max: SAFE,
            };
            (game, "review", bad, expect)
        });
    let cases = prop_oneof![
        start.boxed(),
        boards.boxed(),
        user.boxed(),
        unknown.boxed(),
        settings,
        review.boxed()
    ];
    (
        cases,
        any::<bool>(),
        prop_oneof![
            Just(None),
            Just(Some("kick")),
            Just(Some("reset")),
            Just(Some("add-channel")),
            Just(Some("twice"))
        ],
    )
        .prop_map(|((game, sub, bad, expect), with_good, special)| {
            match special {
                // kick without its required user.
                Some("kick") => BadCommand {
                    game,
                    sub: "kick",
                    options: vec![],
                    expect: Expect::Missing("user"),
                },
                // reset without its setting, add-channel without its channel.
                Some("reset") => BadCommand {
                    game: "forgetit",
                    sub: "config reset",
                    options: vec![],
                    expect: Expect::Missing("setting"),
                },
                Some("add-channel") => BadCommand {
                    game: "forgetit",
                    sub: "config add-channel",
                    options: vec![],
                    expect: Expect::Missing("channel"),
                },
                // A good value given twice: which one was meant?
                Some(_) => BadCommand {
                    game,
                    sub: "start",
                    options: vec![int("bots", 1), int("bots", 2)],
                    expect: Expect::Unreadable,
                },
                None => {
                    let other = bad["name"] != "language";
                    let mut options = vec![bad];
                    // A good option beside it changes nothing (another option than the bad
                    // one: the same twice is unreadable, a case of its own).
                    if with_good && sub == "start" && other {
                        options.insert(0, json!({"name": "language", "type": 4, "value": 1}));
                    }
                    BadCommand {
                        game,
                        sub,
                        options,
                        expect,
                    }
                }
            }
        })
}

/// Bounds of a duration option, written here as the tests read them (the bot's own are
/// `duration::TURN_TIMEOUT` and `duration::BOT_PACE`: the answers must name these).
fn bounds(min: Duration, max: Duration, bare: Duration) -> Bounds {
    Bounds { min, max, bare }
}

/// An option's value as the person typed it (what the answer quotes): text, a number, true or
/// false.
fn typed(option: &Value) -> Option<String> {
    match &option["value"] {
        Value::String(s) => Some(s.clone()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) if option["type"] == 4 => n.as_i64().map(|n| n.to_string()),
        Value::Number(n) => n.as_f64().map(|x| x.to_string()),
        _ => None,
    }
}

/// The option's name as `lang`'s client shows it (`sub` may be `"group sub"`).
fn option_name(sub: &str, option: &str, lang: Lang) -> String {
    // Options' names are the same under every game's command (commands.ftl).
    lang.t(&format!("cmd-{}-{option}", sub.replace(' ', "-")))
}

/// A command's interaction data: `/{game} {sub}` (`sub` may be `"group sub"`) with `options`.
fn command_data(game: &str, sub: &str, options: &[Value]) -> Value {
    let mut parts = sub.split(' ').rev();
    let leaf = parts.next().unwrap_or_default();
    let mut nested = json!({"name": leaf, "type": 1, "options": options});
    for group in parts {
        nested = json!({"name": group, "type": 2, "options": [nested]});
    }
    json!({"name": game, "options": [nested]})
}

#[test]
fn every_bad_option_gets_a_private_answer_naming_what_it_takes_and_no_game() {
    let rt = runtime();
    let (world, bot, amelie) = block(&rt, world_and_bot());
    // The ranges the answers name are the ones registered.
    for (game, option, range) in [
        ("forgetit", "target", Some((50, 10_000))),
        ("forgetit", "bots", Some((0, 9))),
        ("getdickey", "target", None),
        ("getdickey", "bots", Some((0, 9))),
    ] {
        let command = block(&rt, world.standin.wait_for_command(game)).unwrap();
        let start = &command["options"].as_array().unwrap()[0];
        assert_eq!(start["name"], "start");
        let found = start["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == option);
        let registered = found.map(|o| {
            (
                o["min_value"].as_i64().unwrap(),
                o["max_value"].as_i64().unwrap(),
            )
        });
        assert_eq!(registered, range, "/{game} start {option}");
    }
    // The durations' bounds the answers name are the bot's.
    assert_eq!(
        bounds(Duration::from_secs(30), WEEK, SECOND),
        forgetit::duration::TURN_TIMEOUT
    );
    assert_eq!(
        bounds(Duration::ZERO, Duration::from_secs(60), MILLI),
        forgetit::duration::BOT_PACE
    );
    // Both may change the server's settings (MANAGE_GUILD): a bad option changes them no more.
    world.standin.grant(world.alice, 1 << 5);
    world.standin.grant(amelie, 1 << 5);
    let channel = world.standin.add_channel("empty");
    let channels = [world.channel, channel];
    let before = block(&rt, settled(&bot, &world, &channels));
    let choices = Choices::registered(&world, &rt);
    run(
        (bad_command(&choices), prop_oneof![Just(false), Just(true)]),
        |(bad, french)| {
            let (user, lang) = if french {
                (amelie, Lang::Fr)
            } else {
                (world.alice, Lang::EnUs)
            };
            let data = command_data(bad.game, bad.sub, &bad.options);
            let sent = block(
                &rt,
                world
                    .standin
                    .send_raw(user, RawInteraction::command(channel, data)),
            )
            .unwrap();
            let answer = block(&rt, private_answer(&sent, user));
            let text = answer.content().to_owned();
            // The answer quotes the value given, as typed (issue #44).
            let given = bad.options.last().and_then(typed);
            let expected = match &bad.expect {
                Expect::Range { option, min, max } => Some(Notice::BadOption {
                    option: option_name(bad.sub, option, lang),
                    takes: Takes::Range {
                        min: *min,
                        max: *max,
                    },
                    given: given.clone(),
                }),
                Expect::Duration { option, bounds } => Some(Notice::BadOption {
                    option: option_name(bad.sub, option, lang),
                    takes: Takes::Duration(*bounds),
                    given: given.clone(),
                }),
                Expect::Value(option) => Some(Notice::BadOption {
                    option: option_name(bad.sub, option, lang),
                    takes: Takes::Other,
                    given: given.clone(),
                }),
                Expect::Member => Some(Notice::BadOption {
                    option: option_name(bad.sub, "user", lang),
                    takes: Takes::Member,
                    given: None,
                }),
                Expect::Channel => Some(Notice::BadOption {
                    option: option_name(bad.sub, "channel", lang),
                    takes: Takes::Channel,
                    given: None,
                }),
                Expect::Unknown(name) => Some(Notice::UnknownOption(name.clone())),
                Expect::Missing(option) => {
                    Some(Notice::MissingOption(option_name(bad.sub, option, lang)))
                }
                Expect::Unreadable => Some(Notice::BadOptions),
                Expect::Choice => None,
            };
            match expected {
                Some(expected) => assert_eq!(text, notice(expected, lang).content, "{bad:?}"),
                None => {
                    let option = bad.options.last().unwrap()["name"].as_str().unwrap();
                    let shown = option_name(bad.sub, option, lang);
                    assert!(text.contains(&shown), "{bad:?}: {text}");
                    let sample = notice(
                        Notice::BadOption {
                            option: shown.clone(),
                            takes: Takes::OneOf(vec![]),
                            given,
                        },
                        lang,
                    )
                    .content;
                    // The value typed quoted, then the option named: the choices are Discord's.
                    let named = sample.find(&shown).map_or(0, |at| at + shown.len());
                    assert!(text.starts_with(&sample[..named]), "{bad:?}: {text}");
                }
            }
            assert_unchanged(&before, &block(&rt, state(&world, &channels)), &bad);
        },
    );
    finish(&rt, world, bot);
}

// ----- commands the bot does not have, DMs ------------------------------------------------------

#[derive(Clone, Debug)]
enum Shape {
    UnknownCommand(String),
    UnknownSubcommand(&'static str, String),
    NoSubcommand(&'static str),
    /// A server-wide subcommand under Get Dickey's command, as a client whose list of commands
    /// is old sends it: `privacy`, `forget-me`, or `config` and one of its subcommands.
    Moved(Vec<&'static str>),
    /// A good command, from a DM.
    Dm(&'static str, &'static str, Vec<Value>),
    /// A click, from a DM, with any custom_id.
    DmClick(String),
}

const SUBCOMMANDS: [&str; 12] = [
    "start",
    "join",
    "leave",
    "scores",
    "rules",
    "review",
    "leaderboard",
    "stats",
    "cancel",
    "kick",
    "privacy",
    "forget-me",
];

fn shape() -> impl Strategy<Value = Shape> {
    let game = prop_oneof![Just("forgetit"), Just("getdickey")];
    prop_oneof![
        prop_oneof!["[a-z_-]{1,32}", "\\PC{1,32}"]
            .prop_filter("unknown", |n| n != "forgetit" && n != "getdickey")
            .prop_map(Shape::UnknownCommand),
        (game.clone(), prop_oneof!["[a-z_-]{1,32}", "\\PC{1,32}"])
            .prop_filter("unknown", |(_, n)| !SUBCOMMANDS.contains(&n.as_str())
                && n != "config")
            .prop_map(|(g, n)| Shape::UnknownSubcommand(g, n)),
        game.clone().prop_map(Shape::NoSubcommand),
        prop_oneof![
            Just(vec!["privacy"]),
            Just(vec!["forget-me"]),
            prop::sample::select(&["show", "set", "reset", "add-channel", "remove-channel"][..])
                .prop_map(|sub| vec!["config", sub]),
        ]
        .prop_map(Shape::Moved),
        (
            game,
            prop::sample::select(&SUBCOMMANDS[..]),
            prop_oneof![Just(vec![]), Just(vec![int("bots", 1)])],
        )
            // `start` opens a game in the DM, as anywhere (`anywhere_e2e`).
            .prop_filter("not start", |(_, sub, _)| *sub != "start")
            .prop_map(|(g, sub, _)| Shape::Dm(g, sub, vec![])),
        prop_oneof![
            "\\PC{0,100}",
            "fgi:[0-9]{1,3}:[0-9]{1,3}:(join|roll|bank|odds)",
            "forget:[0-9]{1,20}:(yes|no)"
        ]
        .prop_map(Shape::DmClick),
    ]
}

#[test]
fn unknown_commands_subcommands_and_dms_get_an_answer_and_change_nothing_in_the_server() {
    let rt = runtime();
    let (world, bot, amelie) = block(&rt, world_and_bot());
    // A game in the channel, whose messages must not change.
    let turn = block(&rt, world.two_player_game(500));
    let channels = [world.channel];
    let before = block(&rt, settled(&bot, &world, &channels));
    run((shape(), any::<bool>()), |(shape, french)| {
        let (user, lang) = if french {
            (amelie, Lang::Fr)
        } else {
            (world.alice, Lang::EnUs)
        };
        let channel = world.channel;
        let raw = match &shape {
            Shape::UnknownCommand(name) => RawInteraction::command(channel, json!({"name": name})),
            Shape::UnknownSubcommand(game, sub) => RawInteraction::command(
                channel,
                json!({"name": game, "options": [{"name": sub, "type": 1, "options": []}]}),
            ),
            Shape::NoSubcommand(game) => {
                RawInteraction::command(channel, json!({"name": game, "options": []}))
            }
            Shape::Moved(path) => {
                let mut options = json!([]);
                for (depth, name) in path.iter().enumerate().rev() {
                    let kind = if depth + 1 < path.len() { 2 } else { 1 };
                    options = json!([{"name": name, "type": kind, "options": options}]);
                }
                RawInteraction::command(channel, json!({"name": "getdickey", "options": options}))
            }
            Shape::Dm(game, sub, options) => RawInteraction::command(
                channel,
                json!({"name": game, "options": [{"name": sub, "type": 1, "options": options}]}),
            )
            .in_dm(),
            Shape::DmClick(custom_id) => {
                RawInteraction::component(turn.id, json!({"custom_id": custom_id})).in_dm()
            }
        };
        let sent = block(&rt, world.standin.send_raw(user, raw)).unwrap();
        let answer = match &shape {
            // The app plays in a DM too (a chat of its own): its boards are shown to all.
            Shape::Dm(..) => block(&rt, any_answer(&sent)),
            _ => block(&rt, private_answer(&sent, user)),
        };
        let text = answer.content().to_owned();
        match &shape {
            Shape::UnknownCommand(_) | Shape::UnknownSubcommand(..) => {
                let commands = forgetit::discord::built_in().commands();
                assert_eq!(text, notice(Notice::UnknownCommand(commands), lang).content)
            }
            Shape::Moved(path) => {
                // Where it is now, named as the asker's client shows it.
                let mut new = vec![lang.t("cmd-forgetit")];
                for depth in 0..path.len() {
                    new.push(lang.t(&format!("cmd-{}", path[..=depth].join("-"))));
                }
                let moved = Notice::CommandMoved {
                    old: format!("getdickey {}", path.join(" ")),
                    new: new.join(" "),
                };
                assert_eq!(text, notice(moved, lang).content);
            }
            Shape::NoSubcommand(game) => {
                let start = lang.t("cmd-start");
                assert!(text.contains(&format!("`{start}`")), "{text}");
                assert!(text.contains(&lang.t(&format!("cmd-{game}"))), "{text}");
            }
            Shape::Dm(..) | Shape::DmClick(_) => {
                // Answered in the DM, and not as a failure (a DM click names no game of the
                // DM's: a private refusal).
                assert_eq!(answer.channel_id, world.standin.dm_channel(user));
                assert_ne!(text, notice(Notice::Failed, lang).content);
            }
        }
        assert_unchanged(&before, &block(&rt, state(&world, &channels)), &shape);
    });
    finish(&rt, world, bot);
}

// ----- clicks ------------------------------------------------------------------------------------

/// A message with buttons, and the game and version its custom_ids name.
#[derive(Clone, Copy, Debug)]
struct Shown {
    message: discord_standin::MessageId,
    game: i64,
    version: u64,
}

fn shown(message: &Message) -> Shown {
    let id = message
        .buttons()
        .into_iter()
        .filter_map(|b| b.custom_id)
        .chain(message.select_menus().into_iter().map(|s| s.custom_id))
        .next()
        .expect("a component");
    let mut parts = id.split(':');
    assert_eq!(parts.next(), Some("fgi"), "{id}");
    Shown {
        message: message.id,
        game: parts.next().unwrap().parse().unwrap(),
        version: parts.next().unwrap().parse().unwrap(),
    }
}

/// The table of clicks: a For Get It game (alice on turn, not rolled yet) with its started lobby,
/// and a leaderboard in its channel; a Get Dickey game (alice on turn, rolled once: holds, Roll
/// and the score menu); and carol's open For Get It lobby; each game in its own channel.
struct Tables {
    fgi_turn: Shown,
    fgi_lobby: discord_standin::MessageId,
    gd_turn: Shown,
    open_lobby: Shown,
    /// A leaderboard, posted in the For Get It game's channel.
    board: discord_standin::MessageId,
    /// The values of the Get Dickey score menu.
    boxes: Vec<String>,
    channels: Vec<ChannelId>,
}

async fn tables(world: &World) -> Tables {
    let turn = world.two_player_game(500).await;
    let fgi_turn = shown(&turn);
    let fgi_lobby = world.standin.messages(world.channel)[0].id;
    let board = world.slash(world.bob, "leaderboard", json!({})).await;
    assert!(!board.is_ephemeral(), "{}", board.text());

    let dice = world.standin.add_channel("dice");
    let lobby = world
        .standin
        .run_slash(world.alice, dice, "getdickey", Some("start"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    world.click(world.bob, &lobby, "Join").await;
    world.click(world.alice, &lobby, "Start").await;
    let mention = format!("<@{}>", world.alice);
    let gd = world
        .standin
        .wait_for_message(dice, |m| {
            m.content().contains(&mention) && !m.buttons().is_empty()
        })
        .await
        .unwrap();
    world.dice.push([1, 2, 3, 4, 6]);
    let roll = gd
        .button_labels()
        .into_iter()
        .find(|l| l.starts_with("Roll"))
        .unwrap();
    let rolled = world.click(world.alice, &gd, &roll).await;
    // The bot reads its Get Dickey strategy table at the first Odds: seconds under load, when the
    // answer is deferred. Read it now, so that the properties time the answers, not the table;
    // on a clean clone the tests' shared cache file is solved first (in a debug build under CI's
    // load that took past the stand-in's 10 s wait), so the bot only reads it.
    tokio::task::spawn_blocking(crate::common::strategy::table)
        .await
        .unwrap();
    let odds = world.click(world.bob, &rolled, "Odds").await;
    assert!(odds.is_ephemeral(), "{}", odds.text());
    let boxes = rolled.select_menus()[0]
        .options
        .iter()
        .map(|o| o.value.clone())
        .collect();

    let waiting = world.standin.add_channel("waiting");
    let open = world
        .standin
        .run_slash(world.carol, waiting, "forgetit", Some("start"), json!({}))
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    Tables {
        fgi_turn,
        fgi_lobby,
        board: board.id,
        gd_turn: shown(&rolled),
        open_lobby: shown(&open),
        boxes,
        channels: vec![world.channel, dice, waiting],
    }
}

const LOBBY_CODES: [&str; 5] = ["join", "leave", "bot", "start", "cancel"];

fn code() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(&LOBBY_CODES[..]).prop_map(str::to_owned),
        prop::sample::select(&["odds", "roll", "bank", "score", "scores", "rematch", "review"][..])
            .prop_map(str::to_owned),
        (0u8..10).prop_map(|n| format!("choose:{n}")),
        (0u8..10).prop_map(|n| format!("hold:{n}")),
        any::<u64>().prop_map(|n| format!("kick:{n}")),
        "[a-z:0-9]{0,12}",
    ]
}

/// A click as generated: on which message (0 the For Get It turn, 1 its started lobby, 2 the Get
/// Dickey turn, 3 the open lobby, 4 the leaderboard), by whom (0 alice, 1 bob, 2 carol, 3
/// amelie), with what.
#[derive(Clone, Debug)]
struct Click {
    on: usize,
    by: usize,
    custom_id: Id,
    /// Values picked, sent as a select menu's (component type 3), or none (a button).
    values: Option<Vec<Value>>,
}

#[derive(Clone, Debug)]
enum Id {
    /// Anything, up to 100 characters.
    Garbage(String),
    /// `fgi:{game}:{version}:{code}`, the game and version picked among the real ones (by index:
    /// 0 For Get It, 1 Get Dickey, 2 the open lobby) or beside them.
    Game {
        game: usize,
        game_shift: i64,
        version_shift: i64,
        code: String,
    },
    /// A leaderboard's page button, well formed or not.
    Leaderboard(String),
    /// A forget-me prompt's button `forget:{user}:{answer}`, naming one of the people (by index:
    /// 0 alice, 1 bob, 2 carol, 3 amelie) or anyone (4: `anyone`), the answer well formed or not.
    /// No message clicked is a prompt: it must forget no one.
    Forget {
        who: usize,
        anyone: u64,
        answer: &'static str,
    },
    /// A daily deal's button `day:{kind}:{day}:{version}:{code}`, well formed or not, for a deal
    /// nobody has started (the day today's, or beside it).
    Daily(String),
}

fn custom_id() -> impl Strategy<Value = Id> {
    let kinds: Vec<String> = forgetit::discord::built_in()
        .kinds()
        .iter()
        .map(|k| k.code().to_owned())
        .collect();
    prop_oneof![
        "\\PC{0,100}".prop_map(Id::Garbage),
        (
            0usize..3,
            prop_oneof![4 => Just(0i64), 1 => -3i64..3, 1 => Just(i64::MIN / 2)],
            prop_oneof![4 => Just(0i64), 1 => -3i64..3, 1 => Just(i64::MAX / 2)],
            code(),
        )
            .prop_map(|(game, game_shift, version_shift, code)| Id::Game {
                game,
                game_shift,
                version_shift,
                code,
            }),
        (
            prop_oneof![prop::sample::select(kinds.clone()), Just("x".to_owned())],
            prop_oneof![Just("server"), Just("global"), Just("all")],
            prop_oneof![Just("wins"), Just("points"), Just("best"), Just("x")],
            prop_oneof![
                Just("1".to_owned()),
                Just("2".to_owned()),
                any::<u32>().prop_map(|n| n.to_string()),
                Just("-1".to_owned())
            ],
            prop_oneof![Just(":en-US"), Just(":fr"), Just(""), Just(":xx")],
        )
            .prop_map(|(kind, scope, by, page, lang)| {
                Id::Leaderboard(format!("lb:{kind}:{scope}:{by}:{page}{lang}"))
            }),
        (
            0usize..5,
            any::<u64>(),
            prop_oneof![Just("yes"), Just("no"), Just("x")]
        )
            .prop_map(|(who, anyone, answer)| Id::Forget {
                who,
                anyone,
                answer
            }),
        (
            prop_oneof![prop::sample::select(kinds.clone()), Just("x".to_owned())],
            prop_oneof![4 => Just(0i64), 1 => -3i64..3, 1 => any::<i64>()],
            prop_oneof![
                Just("0".to_owned()),
                Just("2".to_owned()),
                any::<u64>().prop_map(|n| n.to_string()),
                Just("-1".to_owned())
            ],
            prop_oneof![code(), Just("share".to_owned())],
        )
            .prop_map(|(kind, shift, version, code)| {
                let today = forgetit::engine::deal::day_of(forgetit::store::now_ms());
                Id::Daily(format!(
                    "day:{kind}:{}:{version}:{code}",
                    today.wrapping_add(shift)
                ))
            }),
    ]
}

fn click() -> impl Strategy<Value = Click> {
    let value = prop_oneof![
        "\\PC{0,30}".prop_map(Value::from),
        (0usize..13).prop_map(|i| json!({"box": i})),
    ];
    (
        0usize..5,
        0usize..4,
        custom_id(),
        prop_oneof![
            Just(None),
            prop::collection::vec(value, 0..3).prop_map(Some)
        ],
    )
        .prop_map(|(on, by, custom_id, values)| Click {
            on,
            by,
            custom_id,
            values,
        })
}

#[test]
fn every_click_that_is_no_move_gets_a_private_answer_and_changes_nothing() {
    let rt = runtime();
    let (world, bot, amelie) = block(&rt, world_and_bot());
    let t = block(&rt, tables(&world));
    let before = block(&rt, settled(&bot, &world, &t.channels));
    let users = [world.alice, world.bob, world.carol, amelie];
    let messages = [
        t.fgi_turn.message,
        t.fgi_lobby,
        t.gd_turn.message,
        t.open_lobby.message,
        t.board,
    ];
    let games = [t.fgi_turn, t.gd_turn, t.open_lobby];
    let tried = std::cell::Cell::new(0);
    run(click(), |click| {
        let (message, user) = (messages[click.on], users[click.by]);
        // A select menu's values: the score menu's own boxes where the value names one.
        let values: Option<Vec<String>> = click.values.as_ref().map(|vs| {
            vs.iter()
                .map(|v| match v.get("box").and_then(Value::as_u64) {
                    Some(i) => t.boxes[i as usize % t.boxes.len()].clone(),
                    None => v.as_str().unwrap_or_default().to_owned(),
                })
                .collect()
        });
        let custom_id = match &click.custom_id {
            Id::Garbage(s) | Id::Leaderboard(s) | Id::Daily(s) => s.clone(),
            Id::Forget {
                who,
                anyone,
                answer,
            } => {
                let user = users.get(*who).map_or(*anyone, |u| u.get());
                format!("forget:{user}:{answer}")
            }
            Id::Game {
                game,
                game_shift,
                version_shift,
                code,
            } => {
                let g = games[*game];
                let version = g.version as i64 + version_shift;
                format!("fgi:{}:{version}:{code}", g.game + game_shift)
            }
        };
        // The clicks that are moves or lobby requests where they belong, made right: those act.
        // So do a leaderboard's page buttons on the leaderboard.
        if click.on == 4
            && matches!(
                decode(forgetit::discord::built_in(), &custom_id),
                Some(Button::Leaderboard { .. })
            )
        {
            return;
        }
        // A shifted id may name another of the real games (1 + 2 is the open lobby's): what
        // counts is the game it names, and whether at that game's version.
        let named = match &click.custom_id {
            Id::Game {
                game,
                game_shift,
                version_shift,
                code,
            } => {
                let id = games[*game].game + game_shift;
                let version = games[*game].version as i64 + version_shift;
                games
                    .iter()
                    .position(|g| g.game == id)
                    .map(|named| (named, version == games[named].version as i64, code))
            }
            _ => None,
        };
        if let Some((game, at_version, code)) = named {
            let game = &game;
            let on_own_lobby = (click.on == 1 && *game == 0) || (click.on == 3 && *game == 2);
            if on_own_lobby && LOBBY_CODES.contains(&code.as_str()) {
                return;
            }
            let current = at_version && click.by == 0;
            let first = values.as_ref().and_then(|v| v.first());
            let gd_move = code == "roll"
                || code.starts_with("hold:")
                || (code == "score" && first.is_some_and(|v| t.boxes.contains(v)));
            if current && click.on == 0 && *game == 0 && code == "roll" {
                return;
            }
            if current && click.on == 2 && *game == 1 && gd_move {
                return;
            }
        }
        tried.set(tried.get() + 1);
        let mut data = json!({"custom_id": custom_id});
        if let Some(values) = &values {
            data["component_type"] = json!(3);
            data["values"] = json!(values);
        }
        let sent = block(
            &rt,
            world
                .standin
                .send_raw(user, RawInteraction::component(message, data)),
        )
        .unwrap();
        block(&rt, private_answer(&sent, user));
        let after = block(&rt, state(&world, &t.channels));
        assert_unchanged(&before, &after, &(&click, &custom_id));
    });
    assert!(tried.get() > CASES / 2, "only {} clicks tried", tried.get());
    finish(&rt, world, bot);
}

/// Every well-formed custom_id of every message (the lobbies' buttons, the turns' moves and
/// menus, a leaderboard's page), clicked on each message it does not belong to, by each person:
/// the whole of that finite space, where a click acting on the wrong kind of message would show.
#[test]
fn a_click_acts_only_on_the_kind_of_message_it_belongs_to() {
    let rt = runtime();
    let (world, bot, amelie) = block(&rt, world_and_bot());
    let t = block(&rt, tables(&world));
    let before = block(&rt, settled(&bot, &world, &t.channels));
    let users = [world.alice, world.bob, world.carol, amelie];
    let ids_of = |message| {
        let m = world.standin.message(message).unwrap();
        let mut ids: Vec<String> = m
            .buttons()
            .into_iter()
            .filter_map(|b| b.custom_id)
            .collect();
        ids.extend(m.select_menus().into_iter().map(|s| s.custom_id));
        ids
    };
    let fgi = t.fgi_turn;
    let mut homes: Vec<(String, discord_standin::MessageId)> = Vec::new();
    for message in [fgi.message, t.gd_turn.message, t.open_lobby.message] {
        homes.extend(ids_of(message).into_iter().map(|id| (id, message)));
    }
    // The started lobby's buttons, as they were.
    homes.extend(LOBBY_CODES.iter().map(|code| {
        (
            format!("fgi:{}:{}:{code}", fgi.game, fgi.version),
            t.fgi_lobby,
        )
    }));
    for kind in forgetit::discord::built_in().kinds() {
        let id = format!("lb:{}:server:wins:1:en-US", kind.code());
        homes.push((id, t.board));
    }
    // A forget-me prompt's buttons, for each person: on no message but their prompt do they
    // forget anyone, whoever clicks them (their own person included).
    let prompt = block(&rt, world.slash(world.alice, "forget-me", json!({})));
    for user in users {
        for answer in ["yes", "no"] {
            homes.push((format!("forget:{user}:{answer}"), prompt.id));
        }
    }
    let messages = [
        fgi.message,
        t.fgi_lobby,
        t.gd_turn.message,
        t.open_lobby.message,
        t.board,
    ];
    let mut clicks = 0;
    for (id, home) in &homes {
        for &message in messages.iter().filter(|m| *m != home) {
            for user in users {
                let mut data = json!({"custom_id": id});
                if id.ends_with(":score") {
                    data["component_type"] = json!(3);
                    data["values"] = json!([t.boxes[0]]);
                }
                let raw = RawInteraction::component(message, data);
                let sent = block(&rt, world.standin.send_raw(user, raw)).unwrap();
                block(&rt, private_answer(&sent, user));
                let after = block(&rt, state(&world, &t.channels));
                assert_unchanged(&before, &after, &(id, message, user));
                clicks += 1;
            }
        }
    }
    assert!(clicks >= 200, "{clicks} clicks");
    finish(&rt, world, bot);
}

// ----- people's names ---------------------------------------------------------------------------

/// Whether every character Discord reads as markdown, a mention or a link in `shown` is escaped
/// (follows an unescaped backslash).
fn escaped(shown: &str) -> bool {
    let mut chars = shown.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '*' | '_' | '~' | '`' | '|' | '>' | '@' | '#' | '<' | '[' | ']' => return false,
            _ => {}
        }
    }
    true
}

fn zalgo() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::char::range('a', 'z'),
            prop::collection::vec(prop::char::range('\u{300}', '\u{36f}'), 0..8),
        ),
        1..6,
    )
    .prop_map(|letters| {
        letters
            .into_iter()
            .flat_map(|(c, marks)| std::iter::once(c).chain(marks))
            .collect()
    })
}

fn strange_name(alice: UserId) -> impl Strategy<Value = String> {
    prop_oneof![
        Just("**@everyone**".to_owned()),
        Just("@here".to_owned()),
        Just("<@&123>".to_owned()),
        Just(format!("<@{alice}>")),
        Just("[click](https://example.com)".to_owned()),
        Just("`code` ||spoiler|| ~~x~~ __u__".to_owned()),
        Just("# big\n> quote".to_owned()),
        zalgo(),
        "[*_~`|>@#<&!:\\[\\]\\\\a-z ]{1,32}",
        "\\PC{1,64}",
        "[a-z]{100}",
    ]
}

#[test]
fn strange_names_are_shown_escaped_and_ping_no_one() {
    let rt = runtime();
    let (world, bot, _amelie) = block(&rt, world_and_bot());
    let channel = world.standin.add_channel("names");
    let n = std::cell::Cell::new(0);
    run(strange_name(world.alice), |name| {
        n.set(n.get() + 1);
        let person = world.standin.add_user(&name, "en-US");
        let requests = world.standin.requests().len();
        let start = block(
            &rt,
            world
                .standin
                .run_slash(person, channel, "forgetit", Some("start"), json!({})),
        )
        .unwrap();
        let lobby = block(&rt, start.answer()).unwrap();
        let shown = display_name(&name);
        assert!(escaped(&shown), "{name:?} shown as {shown:?}");
        assert!(!shown.contains('\n'), "{name:?} shown as {shown:?}");
        if shown.is_empty() {
            // A name of nothing but spaces: no seat can have it.
            assert!(lobby.is_ephemeral(), "{}", lobby.text());
        } else {
            assert!(!lobby.is_ephemeral(), "{name:?}: {}", lobby.text());
            assert!(lobby.text().contains(&shown), "{name:?}: {}", lobby.text());
            // Someone joins: the updated lobby shows the name as escaped.
            let joined = block(&rt, world.click(world.alice, &lobby, "Join"));
            assert!(
                joined.text().contains(&shown),
                "{name:?}: {}",
                joined.text()
            );
            let cancel = block(
                &rt,
                world
                    .standin
                    .run_slash(person, channel, "forgetit", Some("cancel"), json!({})),
            )
            .unwrap();
            block(&rt, private_answer(&cancel, person));
            block(
                &rt,
                world.standin.wait_until("the lobby cancelled", |view| {
                    view.message(lobby.id)
                        .filter(|m| m.buttons().is_empty())
                        .map(|_| ())
                }),
            )
            .unwrap();
        }
        // What the bot sent for this name pings no one (its content mentions no one).
        for request in &world.standin.requests()[requests..] {
            let body = request.body.as_ref();
            let message = body.and_then(|b| b.get("data")).or(body);
            if let Some(users) = message.and_then(|m| m["allowed_mentions"]["users"].as_array()) {
                assert!(users.is_empty(), "{name:?}: {message:?}");
            }
        }
    });
    assert!(n.get() >= CASES as usize);
    finish(&rt, world, bot);
}
