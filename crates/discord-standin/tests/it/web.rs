//! The stand-in's web page: its JSON API (the world, a channel as each person sees it, acting as a
//! person), its server-sent events, and the page's own files.

use crate::common;

use std::time::Duration;

use discord_standin::{ChannelId, Standin};
use serde_json::{json, Value};

/// The page of a stand-in with the test bot connected and its commands registered.
struct Page {
    standin: Standin,
    base: String,
    http: reqwest::Client,
    _bot: tokio::task::JoinHandle<()>,
    web: tokio::task::JoinHandle<()>,
}

impl Page {
    async fn start() -> Page {
        let standin = Standin::start().await;
        let bot = common::start_bot(&standin).await;
        standin.wait_for_command("forgetit").await.unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let web = standin.serve_web(listener);
        Page {
            standin,
            base,
            http: reqwest::Client::new(),
            _bot: bot,
            web,
        }
    }

    /// `GET path`, the response as it comes.
    async fn fetch(&self, path: &str) -> reqwest::Response {
        let url = format!("{}{path}", self.base);
        self.http.get(url).send().await.unwrap()
    }

    /// `GET path`: its status and JSON body.
    async fn get(&self, path: &str) -> (u16, Value) {
        let response = self.fetch(path).await;
        (response.status().as_u16(), response.json().await.unwrap())
    }

    /// `POST /api/interactions` with a raw body.
    async fn post_raw(&self, body: String) -> (u16, Value) {
        let response = self
            .http
            .post(format!("{}/api/interactions", self.base))
            .header("Content-Type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    async fn post(&self, body: Value) -> (u16, Value) {
        self.post_raw(body.to_string()).await
    }

    /// Acts as a person; panics unless the stand-in accepted it. Returns the interaction id.
    async fn act(&self, body: Value) -> String {
        let (status, answer) = self.post(body).await;
        assert_eq!(status, 200, "{answer}");
        answer["id"]
            .as_str()
            .expect("the interaction id")
            .to_owned()
    }

    /// The channel as `user` sees it.
    async fn seen_by(&self, user: &str, channel: ChannelId) -> Value {
        let id = self.standin.user(user);
        let (status, answer) = self
            .get(&format!("/api/channels/{channel}/messages?as={id}"))
            .await;
        assert_eq!(status, 200, "{answer}");
        answer
    }

    /// The bot posts `body` to `channel` through the stand-in's REST API; returns the message's id
    /// (or Discord's error).
    async fn bot_posts(&self, channel: ChannelId, body: Value) -> Value {
        let response = self
            .http
            .post(format!(
                "{}/api/v10/channels/{channel}/messages",
                self.standin.rest_url()
            ))
            .header("Authorization", format!("Bot {}", self.standin.token()))
            .json(&body)
            .send()
            .await
            .unwrap();
        let message: Value = response.json().await.unwrap();
        message.get("id").cloned().unwrap_or(message)
    }
}

fn contents(view: &Value) -> Vec<&str> {
    view["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["content"].as_str().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_world_lists_channels_people_commands_and_violations() {
    let page = Page::start().await;
    let (status, world) = page.get("/api/world").await;
    assert_eq!(status, 200);

    let guild = &world["guilds"][0];
    assert_eq!(guild["name"], "Test Guild");
    assert_eq!(guild["channels"][0]["name"], "general");
    assert_eq!(
        guild["channels"][0]["id"],
        page.standin.channel_id().to_string(),
        "ids are strings: JavaScript numbers can't hold snowflakes"
    );
    let people: Vec<(&str, &str, bool)> = world["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            let s = |k: &str| u[k].as_str().unwrap();
            (s("name"), s("locale"), u["bot"].as_bool().unwrap())
        })
        .collect();
    assert_eq!(
        people,
        [
            ("alice", "en-US", false),
            ("bob", "de", false),
            ("carol", "en-GB", false)
        ]
    );
    assert_eq!(world["bot"]["id"], page.standin.bot_user_id().to_string());
    assert_eq!(world["bot"]["bot"], true);
    assert_eq!(world["connected"], true);
    assert!(world["version"].as_u64().unwrap() > 0);
    assert_eq!(world["violations"], json!([]));
    // The commands as the bot registered them, subcommands and options included.
    let command = &world["commands"][0];
    assert_eq!(command["name"], "forgetit");
    assert_eq!(command["options"][0]["name"], "start");
    assert_eq!(command["options"][0]["options"][0]["name"], "players");
    assert_eq!(command["options"][0]["options"][0]["required"], true);

    // A request that breaks a limit shows up in the panel's list.
    page.bot_posts(
        page.standin.channel_id(),
        json!({"content": "x".repeat(2001)}),
    )
    .await;
    let (_, world) = page.get("/api/world").await;
    let violation = &world["violations"][0];
    assert_eq!(violation["kind"], "limit");
    assert_eq!(violation["method"], "POST");
    assert!(violation["path"].as_str().unwrap().ends_with("/messages"));
    assert!(
        violation["reason"].as_str().unwrap().contains("2000"),
        "{violation}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_files_are_served() {
    let page = Page::start().await;
    for (path, content_type, needles) in [
        (
            "/",
            "text/html; charset=utf-8",
            // On a phone the side bar and the violations fold away behind these toggles.
            &[
                "id=\"composer\"",
                "name=\"viewport\"",
                "id=\"sidebar-toggle\"",
                "id=\"violations-toggle\"",
            ][..],
        ),
        (
            "/app.js",
            "text/javascript; charset=utf-8",
            &["EventSource", "Intl.DateTimeFormat", "discord(?:app)?"][..],
        ),
        (
            "/app.css",
            "text/css; charset=utf-8",
            &[".embed", "@media (max-width: 700px)"][..],
        ),
    ] {
        let response = page.fetch(path).await;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        assert_eq!(response.headers()["content-type"], content_type, "{path}");
        let text = response.text().await.unwrap();
        for needle in needles {
            assert!(text.contains(needle), "{path}: {needle}");
        }
    }
    let (status, answer) = page.get("/nothing-here").await;
    assert_eq!(status, 404);
    assert!(answer["error"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_clicks_and_selects_reach_the_bot_and_each_person_sees_their_view() {
    let page = Page::start().await;
    let channel = page.standin.channel_id();
    let alice = page.standin.user("alice").to_string();
    let bob = page.standin.user("bob").to_string();

    // A slash command (the channel id as a number works too).
    let id = page
        .act(json!({
            "type": "command", "as": alice, "channel": channel.get(),
            "name": "forgetit", "subcommand": "start", "options": {"players": 3},
        }))
        .await;
    let game = page
        .standin
        .wait_for_message(channel, |m| m.content() == "New classic game for 3 players")
        .await
        .unwrap();
    assert_eq!(
        page.standin.interactions()[0].id.to_string(),
        id,
        "the answer names the interaction"
    );
    let view = page.seen_by("alice", channel).await;
    let shown = &view["messages"][0];
    assert_eq!(shown["id"], game.id.to_string());
    assert_eq!(shown["author"]["name"], "forgetit-bot");
    assert_eq!(shown["author"]["bot"], true);
    assert_eq!(shown["interaction"]["kind"], "command");
    assert_eq!(shown["interaction"]["command"], "forgetit start");
    assert_eq!(shown["interaction"]["user"]["name"], "alice");
    assert_eq!(shown["embeds"][0]["title"], "For Get It");
    assert_eq!(shown["components"][0]["components"][0]["custom_id"], "roll");
    assert_eq!(shown["ephemeral"], false);
    assert_eq!(shown["edited"], false);

    // bob clicks "Rules": an answer only he sees.
    page.act(
        json!({"type": "click", "as": bob, "message": game.id.to_string(), "custom_id": "rules"}),
    )
    .await;
    page.standin
        .wait_for_message(channel, |m| m.is_ephemeral())
        .await
        .unwrap();
    let bobs = page.seen_by("bob", channel).await;
    assert_eq!(
        contents(&bobs),
        [
            "New classic game for 3 players",
            "Roll the dice; highest wins."
        ]
    );
    assert_eq!(bobs["messages"][1]["ephemeral"], true);
    assert_eq!(bobs["messages"][1]["interaction"]["kind"], "component");
    assert_eq!(
        bobs["messages"][1]["interaction"]["message"],
        game.id.to_string()
    );
    let alices = page.seen_by("alice", channel).await;
    assert_eq!(contents(&alices), ["New classic game for 3 players"]);

    // alice clicks "Roll": the message is edited.
    page.act(
        json!({"type": "click", "as": alice, "message": game.id.to_string(), "custom_id": "roll"}),
    )
    .await;
    page.standin
        .wait_for_message(channel, |m| m.content().starts_with("alice rolled"))
        .await
        .unwrap();
    let alices = page.seen_by("alice", channel).await;
    assert_eq!(alices["messages"][0]["edited"], true);

    // A select menu: carol picks a mode.
    carol_picks_a_mode(&page, channel).await;

    // A subcommand in a group, with a user option given as an id string.
    page.act(json!({
        "type": "command", "as": alice, "channel": channel.to_string(),
        "name": "forgetit", "subcommand": "admin reset", "options": {"player": bob},
    }))
    .await;
    page.standin
        .wait_for_message(channel, |m| m.content() == "reset bob")
        .await
        .unwrap();
    page.standin.assert_clean();
}

/// carol runs the command that shows a select menu, and picks a mode in it.
async fn carol_picks_a_mode(page: &Page, channel: ChannelId) {
    let carol = page.standin.user("carol").to_string();
    page.act(json!({"type": "command", "as": carol, "channel": channel.to_string(), "name": "forgetit", "subcommand": "pick"}))
        .await;
    let menu = page
        .standin
        .wait_for_message(channel, |m| m.content() == "Pick a mode")
        .await
        .unwrap();
    page.act(json!({
        "type": "select", "as": carol, "message": menu.id.to_string(),
        "custom_id": "mode", "values": ["dickey"],
    }))
    .await;
    page.standin
        .wait_for_message(channel, |m| m.content() == "carol picked dickey")
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mistakes_are_400_with_one_sentence() {
    let page = Page::start().await;
    let channel = page.standin.channel_id().to_string();
    let alice = page.standin.user("alice").to_string();
    let bob = page.standin.user("bob").to_string();
    page.act(json!({"type": "command", "as": alice, "channel": channel, "name": "forgetit", "subcommand": "start", "options": {"players": 2}}))
        .await;
    let message = page
        .standin
        .wait_for_message(page.standin.channel_id(), |m| {
            m.content().starts_with("New")
        })
        .await
        .unwrap();
    page.act(json!({"type": "click", "as": bob, "message": message.id.to_string(), "custom_id": "rules"}))
        .await;
    let private = page
        .standin
        .wait_for_message(page.standin.channel_id(), |m| m.is_ephemeral())
        .await
        .unwrap();

    let bot = page.standin.bot_user_id().to_string();
    let msg = message.id.to_string();
    let cases = [
        ("{not json".to_owned(), "not valid JSON"),
        (json!({"type": "wave", "as": alice}).to_string(), "Unknown interaction type"),
        (json!({"type": "command", "channel": channel, "name": "forgetit"}).to_string(), "`as`"),
        (json!({"type": "command", "as": "12", "channel": channel, "name": "forgetit"}).to_string(), "no person"),
        (json!({"type": "command", "as": bot, "channel": channel, "name": "forgetit"}).to_string(), "no person"),
        (json!({"type": "command", "as": alice, "channel": channel, "name": "nope"}).to_string(), "no slash command /nope"),
        (json!({"type": "command", "as": alice, "channel": "77", "name": "forgetit", "subcommand": "start"}).to_string(), "unknown channel"),
        (json!({"type": "command", "as": alice, "channel": channel, "name": "forgetit", "subcommand": "start"}).to_string(), "required option \"players\""),
        (json!({"type": "command", "as": alice, "channel": channel, "name": "forgetit", "subcommand": "start", "options": {"players": "three"}}).to_string(), "can't take the value"),
        (json!({"type": "click", "as": alice, "message": msg, "custom_id": "bank"}).to_string(), "no button"),
        (json!({"type": "click", "as": alice, "message": private.id.to_string(), "custom_id": "x"}).to_string(), "ephemeral for another user"),
        (json!({"type": "select", "as": alice, "message": msg, "custom_id": "mode", "values": ["x"]}).to_string(), "no select menu"),
        (json!({"type": "select", "as": alice, "message": msg, "custom_id": "mode"}).to_string(), "`values`"),
    ];
    for (body, expected) in cases {
        let (status, answer) = page.post_raw(body.clone()).await;
        assert_eq!(status, 400, "{body} → {answer}");
        let error = answer["error"].as_str().unwrap_or_default();
        assert!(
            error.contains(expected) && !error.contains('\n'),
            "{body} → {error:?}, expected {expected:?}"
        );
    }
    let (status, answer) = page.get("/api/channels/77/messages").await;
    assert_eq!(status, 404);
    assert!(answer["error"].as_str().unwrap().contains("no channel"));
    let (status, _) = page
        .get(&format!("/api/channels/{channel}/messages?as=abc"))
        .await;
    assert_eq!(status, 400);
    // Nothing more was sent to the bot.
    assert_eq!(page.standin.interactions().len(), 2);
}

/// Reads server-sent events from `response` until one carries a change counter above `after`.
async fn next_version_above(
    response: &mut reqwest::Response,
    buffer: &mut String,
    after: u64,
) -> u64 {
    let wait = async {
        loop {
            while let Some(end) = buffer.find("\n\n") {
                let event: String = buffer.drain(..end + 2).collect();
                let data = event.lines().find_map(|l| l.strip_prefix("data:"));
                if let Some(version) = data.and_then(|d| d.trim().parse::<u64>().ok()) {
                    if version > after {
                        return version;
                    }
                }
            }
            let chunk = response
                .chunk()
                .await
                .unwrap()
                .expect("the event stream goes on");
            buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    };
    tokio::time::timeout(Duration::from_secs(10), wait)
        .await
        .expect("a change event")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_announce_every_change() {
    let page = Page::start().await;
    let mut events = page
        .http
        .get(format!("{}/api/events", page.base))
        .send()
        .await
        .unwrap();
    assert_eq!(events.headers()["content-type"], "text/event-stream");
    let mut buffer = String::new();
    // The first event is the current version, at once.
    let now = next_version_above(&mut events, &mut buffer, 0).await;

    page.bot_posts(page.standin.channel_id(), json!({"content": "hello"}))
        .await;
    let later = next_version_above(&mut events, &mut buffer, now).await;
    let (_, view) = page
        .get(&format!(
            "/api/channels/{}/messages",
            page.standin.channel_id()
        ))
        .await;
    assert!(view["version"].as_u64().unwrap() >= later);
    assert_eq!(contents(&view), ["hello"]);

    // When the page stops serving, its event streams end.
    page.web.abort();
    let end = async { while events.chunk().await.unwrap().is_some() {} };
    tokio::time::timeout(Duration::from_secs(10), end)
        .await
        .expect("the event stream ends");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unanswered_interaction_fails_for_the_person_who_acted() {
    let page = Page::start().await;
    let channel = page.standin.channel_id();
    // The test bot ignores clicks on buttons it doesn't know.
    let message = page
        .bot_posts(
            channel,
            json!({"content": "Nobody home", "components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Knock", "custom_id": "knock"}
            ]}]}),
        )
        .await;
    let message = message.as_str().unwrap();
    let mut events = page
        .http
        .get(format!("{}/api/events", page.base))
        .send()
        .await
        .unwrap();
    let mut buffer = String::new();
    let alice = page.standin.user("alice").to_string();
    let id = page
        .act(json!({"type": "click", "as": alice, "message": message, "custom_id": "knock"}))
        .await;
    let sent = next_version_above(&mut events, &mut buffer, 0).await;
    let view = page.seen_by("alice", channel).await;
    assert_eq!(view["failed"], json!([]), "not yet: the bot has 3 seconds");

    // When the deadline passes, the page hears of it.
    let mut version = sent;
    let failed = loop {
        version = next_version_above(&mut events, &mut buffer, version).await;
        let view = page.seen_by("alice", channel).await;
        if let Some(failed) = view["failed"].as_array().filter(|f| !f.is_empty()) {
            break failed.clone();
        }
    };
    assert_eq!(failed[0]["id"], id);
    assert_eq!(failed[0]["kind"], "component");
    assert_eq!(failed[0]["message"], message);
    assert_eq!(failed[0]["user"]["name"], "alice");
    // Only alice acted: bob sees no failure.
    assert_eq!(page.seen_by("bob", channel).await["failed"], json!([]));
}
