//! User-installed apps ("play anywhere"): group DMs and servers where only the users installed the
//! app, the install context interactions carry, where a registration lets a command run, the
//! routes Discord refuses a bot that is not in the channel, the 15-minute token and the five
//! follow-ups of a user install. Each rule through raw HTTP requests, as the bot would send them.

use std::time::Duration;

use discord_standin::{
    ChannelId, Interaction, RawInteraction, Standin, ViolationKind, API_PREFIX,
    INTERACTION_TOKEN_LIFETIME, USER_INSTALL_APP_PERMISSIONS, USER_INSTALL_FOLLOWUPS,
};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

/// A stand-in with a group DM of alice and bob and a server where only the users installed the
/// app ("Elsewhere", #games), and a bot connected to its gateway that answers nothing itself:
/// the test sends the bot's requests.
struct World {
    standin: Standin,
    http: reqwest::Client,
    bot: tokio::task::JoinHandle<()>,
}

impl World {
    async fn start() -> World {
        let standin = Standin::builder()
            .user_install_guild("Elsewhere", &["games"])
            .group_dm("alice, bob", &["alice", "bob"])
            .start()
            .await;
        let http = serenity::HttpBuilder::new(standin.token())
            .proxy(standin.rest_url())
            .ratelimiter_disabled(true)
            .build();
        let mut client = serenity::ClientBuilder::new_with_http(
            http,
            serenity::GatewayIntents::non_privileged(),
        )
        .await
        .unwrap();
        let bot = tokio::spawn(async move {
            let _ = client.start().await;
        });
        standin.wait_ready().await.unwrap();
        World {
            standin,
            http: reqwest::Client::new(),
            bot,
        }
    }

    /// The bot's request `method path` (after `/api/v10`) with `body`: its status and JSON body.
    async fn send(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("{}{API_PREFIX}{path}", self.standin.rest_url());
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let mut request = self
            .http
            .request(method, url)
            .header("Authorization", format!("Bot {}", self.standin.token()));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// Registers `/play` globally with these `integration_types` and `contexts` (`Value::Null`:
    /// left out).
    async fn register(&self, integration_types: Value, contexts: Value) {
        let app = self.standin.application_id();
        let mut command = json!({"name": "play", "description": "Play a game", "type": 1});
        if !integration_types.is_null() {
            command["integration_types"] = integration_types;
        }
        if !contexts.is_null() {
            command["contexts"] = contexts;
        }
        let (status, body) = self
            .send(
                "PUT",
                &format!("/applications/{app}/commands"),
                Some(json!([command])),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }

    /// Registers `/play` for everywhere: both installs, every context.
    async fn register_everywhere(&self) {
        self.register(json!([0, 1]), json!([0, 1, 2])).await;
    }

    async fn play(&self, user: &str, channel: ChannelId) -> discord_standin::Result<Interaction> {
        let user = self.standin.user(user);
        self.standin
            .run_slash(user, channel, "play", None, Value::Null)
            .await
    }

    /// The INTERACTION_CREATE payload the bot got for `interaction`.
    fn payload(&self, interaction: &Interaction) -> Value {
        let id = interaction.id.to_string();
        self.standin
            .dispatched()
            .into_iter()
            .find(|(event, d)| event == "INTERACTION_CREATE" && d["id"] == id.as_str())
            .map(|(_, d)| d)
            .expect("the interaction was dispatched")
    }

    /// Answers `interaction` with callback `kind` (4: a message, 5: deferred).
    async fn answer(&self, interaction: &Interaction, kind: u64, content: &str) -> u16 {
        let path = format!(
            "/interactions/{}/{}/callback",
            interaction.id, interaction.token
        );
        let body = json!({"type": kind, "data": {"content": content}});
        self.send("POST", &path, Some(body)).await.0
    }

    /// A follow-up to `interaction`: status and body.
    async fn followup(&self, interaction: &Interaction, content: &str) -> (u16, Value) {
        let app = self.standin.application_id();
        let path = format!("/webhooks/{app}/{}", interaction.token);
        self.send("POST", &path, Some(json!({"content": content})))
            .await
    }
}

impl Drop for World {
    fn drop(&mut self) {
        self.bot.abort();
    }
}

/// The violations whose reason contains `text`.
fn violations_with(standin: &Standin, kind: ViolationKind, text: &str) -> usize {
    standin
        .violations()
        .iter()
        .filter(|v| v.kind == kind && v.reason.contains(text))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_is_refused_channels_and_servers_it_is_not_in() {
    let world = World::start().await;
    let standin = &world.standin;
    let group = standin.group_dm("alice, bob");
    let elsewhere = standin.guild("Elsewhere");
    let games = standin.channel_in(elsewhere, "games");
    let refused = [
        ("POST", format!("/channels/{group}/messages")),
        ("GET", format!("/channels/{group}")),
        ("GET", format!("/channels/{group}/messages")),
        ("POST", format!("/channels/{games}/messages")),
        ("GET", format!("/guilds/{elsewhere}")),
        ("GET", format!("/guilds/{elsewhere}/channels")),
    ];
    for (method, path) in &refused {
        let body = (*method == "POST").then(|| json!({"content": "hello"}));
        let (status, answer) = world.send(method, path, body).await;
        assert_eq!(status, 403, "{method} {path}: {answer}");
        assert_eq!(answer, json!({"code": 50001, "message": "Missing Access"}));
    }
    let violations = standin.violations();
    assert_eq!(violations.len(), refused.len(), "{violations:?}");
    assert!(violations.iter().all(|v| v.kind == ViolationKind::Protocol
        && v.reason.contains("the bot is not")
        && v.reason.contains("403 Missing Access")));
    assert!(
        violations[0].reason.contains("not in channel"),
        "{violations:?}"
    );
    assert!(standin.messages(group).is_empty());
    standin.clear_violations();

    // The guild that installed the app, as before.
    let general = standin.channel_id();
    let path = format!("/channels/{general}/messages");
    let (status, _) = world
        .send("POST", &path, Some(json!({"content": "hi"})))
        .await;
    assert_eq!(status, 200);
    // The server where only users installed the app sends no GUILD_CREATE.
    let created: Vec<Value> = standin
        .dispatched()
        .into_iter()
        .filter(|(e, _)| e == "GUILD_CREATE")
        .map(|(_, d)| d["id"].clone())
        .collect();
    assert_eq!(created, [json!(standin.guild_id().to_string())]);
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_carry_their_install_context() {
    let world = World::start().await;
    let standin = &world.standin;
    world.register_everywhere().await;
    let (alice, bob, carol) = (
        standin.user("alice"),
        standin.user("bob"),
        standin.user("carol"),
    );
    let guild = standin.guild_id();
    let elsewhere = standin.guild("Elsewhere");
    let limited = USER_INSTALL_APP_PERMISSIONS.to_string();

    plays_in_a_group_dm(&world).await;

    // A server where only the users installed the app: a guild's payload, the user's install.
    let games = standin.channel_in(elsewhere, "games");
    let sent = world.play("bob", games).await.unwrap();
    let d = world.payload(&sent);
    assert_eq!(d["context"], 0);
    assert_eq!(d["guild_id"], elsewhere.to_string());
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({"1": bob.to_string()})
    );
    assert_eq!(d["app_permissions"], limited.as_str());
    assert!(d["member"]["permissions"].is_string(), "{d}");
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);

    // The guild that installed the app: both installs, the bot's permissions.
    let sent = world.play("alice", standin.channel_id()).await.unwrap();
    let d = world.payload(&sent);
    assert_eq!(d["context"], 0);
    assert_eq!(d["guild_id"], guild.to_string());
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({"0": guild.to_string(), "1": alice.to_string()})
    );
    assert_ne!(d["app_permissions"], limited.as_str());
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);
    let msg = sent.answer().await.unwrap();

    // A click carries the context of the place of the click.
    let (status, _) = world
        .send(
            "PATCH",
            &format!(
                "/webhooks/{}/{}/messages/@original",
                standin.application_id(),
                sent.token
            ),
            Some(json!({"components": [{"type": 1, "components": [
                {"type": 2, "style": 1, "label": "Roll", "custom_id": "roll"}]}]})),
        )
        .await;
    assert_eq!(status, 200);
    let click = standin.click(bob, msg.id, "Roll").await.unwrap();
    let d = world.payload(&click);
    assert_eq!(d["context"], 0);
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({"0": guild.to_string(), "1": bob.to_string()})
    );
    assert_eq!(world.answer(&click, 6, "").await, 204);

    // The user's DM with the bot.
    let dm = standin.dm_channel(carol);
    let sent = world.play("carol", dm).await.unwrap();
    let d = world.payload(&sent);
    assert_eq!(d["context"], 1);
    assert_eq!(d["channel"]["type"], 1);
    assert!(d.get("guild_id").is_none(), "{d}");
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({"1": carol.to_string()})
    );
    assert_eq!(world.answer(&sent, 4, "hi").await, 204);
    assert!(world.play("alice", dm).await.is_err(), "carol's DM");

    let record = sent.record();
    assert_eq!(
        (record.context, record.guild_install, record.user_install),
        (1, None, Some(carol))
    );
    standin.assert_clean();
}

/// An interaction in a group DM: no guild, no member, the user as `user`, the channel as a group
/// DM, the user's install alone; its answer seen by the group DM's members only.
async fn plays_in_a_group_dm(world: &World) {
    let standin = &world.standin;
    let (alice, bob, carol) = (
        standin.user("alice"),
        standin.user("bob"),
        standin.user("carol"),
    );
    let group = standin.group_dm("alice, bob");
    let limited = USER_INSTALL_APP_PERMISSIONS.to_string();
    // A group DM: no guild, no member, the user as `user`, the channel as a group DM.
    let sent = world.play("alice", group).await.unwrap();
    let d = world.payload(&sent);
    assert_eq!(d["context"], 2);
    assert_eq!(
        d["authorizing_integration_owners"],
        json!({"1": alice.to_string()})
    );
    assert_eq!(d["app_permissions"], limited.as_str());
    assert_eq!(limited, "442368");
    assert!(
        d.get("guild_id").is_none() && d.get("member").is_none(),
        "{d}"
    );
    assert!(d.get("guild_locale").is_none(), "{d}");
    assert_eq!(d["user"]["id"], alice.to_string());
    assert_eq!(d["channel"]["id"], group.to_string());
    assert_eq!(d["channel"]["type"], 3);
    assert_eq!(d["channel_id"], group.to_string());
    assert!(d["data"].get("guild_id").is_none(), "{d}");
    // serenity reads it.
    let parsed: serenity::CommandInteraction = serde_json::from_value(d.clone()).unwrap();
    assert_eq!(
        parsed.context,
        Some(serenity::InteractionContext::PrivateChannel)
    );
    assert!(parsed.guild_id.is_none());

    // Its answer: its members see it, no one else.
    assert_eq!(world.answer(&sent, 4, "a game for two").await, 204);
    let answer = sent.answer().await.unwrap();
    assert_eq!(answer.channel_id, group);
    assert_eq!(standin.seen_by(bob, group).len(), 1);
    assert!(standin.seen_by(carol, group).is_empty());
    assert!(world.play("carol", group).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registration_decides_where_a_command_runs() {
    let world = World::start().await;
    let standin = &world.standin;
    let general = standin.channel_id();
    let group = standin.group_dm("alice, bob");
    let games = standin.channel_in(standin.guild("Elsewhere"), "games");
    let dm = standin.dm_channel(standin.user("alice"));

    // As the bot registers today: the guild's install only, in guilds.
    world.register(Value::Null, json!([0])).await;
    let refused = world.play("alice", group).await.unwrap_err();
    assert!(refused.0.contains("integration_types [0]"), "{refused}");
    assert!(world.play("alice", games).await.is_err());
    assert!(world.play("alice", dm).await.is_err());
    let sent = world.play("alice", general).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);

    // Both installs, but only in guilds.
    world.register(json!([0, 1]), json!([0])).await;
    let refused = world.play("alice", group).await.unwrap_err();
    assert!(refused.0.contains("contexts [0]"), "{refused}");
    let sent = world.play("alice", games).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);

    // The user's install alone is enough in the guild that installed the app too.
    world.register(json!([1]), Value::Null).await;
    let sent = world.play("alice", general).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);

    // Everywhere.
    world.register_everywhere().await;
    for channel in [group, games, dm, general] {
        let sent = world.play("alice", channel).await.unwrap();
        assert_eq!(world.answer(&sent, 4, "ok").await, 204);
    }

    // A raw interaction is not checked against the registration.
    world.register(Value::Null, json!([0])).await;
    let raw = RawInteraction::command(group, json!({"name": "play"}));
    let sent = standin.send_raw(standin.user("bob"), raw).await.unwrap();
    assert_eq!(world.payload(&sent)["context"], 2);
    assert_eq!(world.answer(&sent, 4, "ok").await, 204);
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_tokens_expire_after_15_minutes_on_the_clock() {
    let world = World::start().await;
    let standin = &world.standin;
    world.register_everywhere().await;
    let app = standin.application_id();
    let sent = world.play("alice", standin.channel_id()).await.unwrap();
    let late = world.play("bob", standin.channel_id()).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "first").await, 204);
    assert_eq!(world.followup(&sent, "second").await.0, 200);

    standin
        .clock()
        .advance(INTERACTION_TOKEN_LIFETIME + Duration::from_secs(60));
    let expired = json!({"code": 50027, "message": "Invalid Webhook Token"});
    let (status, body) = world.followup(&sent, "third").await;
    assert_eq!((status, &body), (401, &expired));
    let edit = format!("/webhooks/{app}/{}/messages/@original", sent.token);
    let (status, body) = world
        .send("PATCH", &edit, Some(json!({"content": "edited"})))
        .await;
    assert_eq!((status, &body), (401, &expired));
    // A callback to an interaction made before the move (its token is as old).
    let path = format!("/interactions/{}/{}/callback", late.id, late.token);
    let (status, body) = world
        .send(
            "POST",
            &path,
            Some(json!({"type": 4, "data": {"content": "x"}})),
        )
        .await;
    assert_eq!((status, &body), (401, &expired));
    assert_eq!(
        violations_with(standin, ViolationKind::Protocol, "token expired"),
        3
    );

    // An interaction made after the move has its 15 minutes, and the move was no latency.
    standin.clear_violations();
    let fresh = world.play("alice", standin.channel_id()).await.unwrap();
    assert_eq!(world.answer(&fresh, 4, "ok").await, 204);
    assert_eq!(world.followup(&fresh, "more").await.0, 200);
    assert!(fresh.response().await.unwrap().latency < Duration::from_secs(3));
    let problems = standin.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("never got an initial response"),
        "{problems:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_install_takes_five_followups() {
    let world = World::start().await;
    let standin = &world.standin;
    world.register_everywhere().await;
    let group = standin.group_dm("alice, bob");

    // Deferred: the follow-up that fills in the "thinking" message is the first of the five.
    let sent = world.play("alice", group).await.unwrap();
    assert_eq!(world.answer(&sent, 5, "").await, 204);
    for i in 1..=USER_INSTALL_FOLLOWUPS {
        let (status, body) = world.followup(&sent, &format!("follow-up {i}")).await;
        assert_eq!(status, 200, "follow-up {i}: {body}");
    }
    assert!(standin.check().is_ok(), "{:?}", standin.problems());
    let (status, body) = world.followup(&sent, "one too many").await;
    assert_eq!(status, 400);
    assert_eq!(
        body,
        json!({"code": 40094,
            "message": "This interaction has hit the maximum number of follow up messages"})
    );
    assert_eq!(
        violations_with(standin, ViolationKind::Limit, "follow-up"),
        1
    );
    assert_eq!(sent.record().followup_posts, USER_INSTALL_FOLLOWUPS);
    standin.clear_violations();

    // The same in a server where only users installed the app.
    let games = standin.channel_in(standin.guild("Elsewhere"), "games");
    let sent = world.play("bob", games).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "go").await, 204);
    for _ in 0..USER_INSTALL_FOLLOWUPS {
        assert_eq!(world.followup(&sent, "again").await.0, 200);
    }
    assert_eq!(world.followup(&sent, "again").await.0, 400);
    standin.clear_violations();

    // Where the guild installed the app, the sixth is fine.
    let sent = world.play("alice", standin.channel_id()).await.unwrap();
    assert_eq!(world.answer(&sent, 4, "go").await, 204);
    for i in 0..=USER_INSTALL_FOLLOWUPS + 1 {
        let (status, body) = world.followup(&sent, &format!("again {i}")).await;
        assert_eq!(status, 200, "{body}");
    }
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_a_group_dm_to_its_members_and_plays_there() {
    let world = World::start().await;
    let standin = &world.standin;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let page = standin.serve_web(listener);
    let group = standin.group_dm("alice, bob");
    let (alice, carol) = (standin.user("alice"), standin.user("carol"));
    let get = |path: String| {
        let http = world.http.clone();
        let url = format!("{base}{path}");
        async move {
            let response = http.get(url).send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }
    };

    let (status, w) = get("/api/world".into()).await;
    assert_eq!(status, 200);
    assert_eq!(
        w["group_dms"],
        json!([{"id": group.to_string(), "name": "alice, bob",
            "members": [alice.to_string(), standin.user("bob").to_string()]}])
    );
    let elsewhere = w["guilds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "Elsewhere");
    assert_eq!(elsewhere.unwrap()["user_install"], true);
    let (status, view) = get(format!("/api/channels/{group}/messages?as={alice}")).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["channel"]["group_dm"], true);
    let (status, view) = get(format!("/api/channels/{group}/messages?as={carol}")).await;
    assert_eq!(status, 403, "{view}");

    // The command action goes through run_slash's checks.
    world.register(Value::Null, json!([0])).await;
    let act = |who: u64| {
        let http = world.http.clone();
        let url = format!("{base}/api/interactions");
        let body = json!({"type": "command", "as": who.to_string(),
            "channel": group.to_string(), "name": "play"});
        async move {
            let response = http.post(url).json(&body).send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap())
        }
    };
    let (status, answer) = act(alice.get()).await;
    assert_eq!(status, 400, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(error.contains("Discord doesn't offer /play"), "{answer}");
    world.register_everywhere().await;
    let (status, answer) = act(alice.get()).await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = act(carol.get()).await;
    assert_eq!(status, 400, "{answer}");
    let sent = standin.interactions().pop().unwrap();
    assert_eq!(sent.channel_id, group);
    assert_eq!(sent.context, 2);
    let path = format!("/interactions/{}/{}/callback", sent.id, sent.token);
    let (status, _) = world
        .send(
            "POST",
            &path,
            Some(json!({"type": 4, "data": {"content": "ok"}})),
        )
        .await;
    assert_eq!(status, 204);
    standin.assert_clean();
    page.abort();
}
