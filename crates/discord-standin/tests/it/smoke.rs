//! End to end: a real poise bot connects to the stand-in, registers its commands, answers slash
//! commands and button clicks, and every request it made validates against Discord's spec.

use crate::common;

use discord_standin::{ChannelId, Standin, UserId, ViolationKind};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_connects_registers_and_answers() {
    let standin = Standin::start().await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    let bob = standin.user("bob");
    let carol = standin.user("carol");
    let channel = standin.channel_id();

    registers_its_commands(&standin).await;
    starts_a_game_and_clicks(&standin, alice, bob, channel).await;
    answers_ephemerally_deferred_and_in_a_group(&standin, alice, bob, channel).await;
    picks_in_a_select_menu(&standin, carol, channel).await;

    // Wrong options are refused before anything is sent.
    let err = standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("start"),
            json!({"player": 3}),
        )
        .await
        .unwrap_err();
    assert!(err.to_string().contains("no option \"player\""), "{err}");
    let err = standin
        .run_slash(alice, channel, "forgetit", None, Value::Null)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("needs a subcommand"), "{err}");

    // Every interaction got exactly one initial response, quickly.
    for i in standin.interactions() {
        assert_eq!(i.responses.len(), 1, "{}", i.describe());
    }
    // The whole request log validates against the spec and the limits.
    for r in standin.requests() {
        assert!(r.route.is_some(), "{} {}", r.method, r.path);
    }
    standin.assert_clean();
    bot.abort();
}

/// The bot connects, registers its commands (a valid `PUT`), and looks up the gateway and its
/// owner.
async fn registers_its_commands(standin: &Standin) {
    // Connect and register.
    standin.wait_ready().await.unwrap();
    let registered = standin.wait_for_command("forgetit").await.unwrap();
    let put = standin
        .wait_for_request("the command registration", |r| {
            r.method == "PUT"
                && r.route.as_deref() == Some("/applications/{application_id}/commands")
        })
        .await
        .unwrap();
    assert!(put.violations.is_empty(), "{:?}", put.violations);
    assert_eq!(put.status, 200);
    let subs: Vec<&str> = registered["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        subs,
        ["start", "info", "slow", "broken", "admin", "pick", "twice"]
    );
    // Startup requests: gateway URL, owner lookup.
    let routes: Vec<String> = standin
        .requests()
        .iter()
        .filter_map(|r| r.route.clone())
        .collect();
    assert!(routes.contains(&"/gateway".to_owned()), "{routes:?}");
    assert!(
        routes.contains(&"/oauth2/applications/@me".to_owned()),
        "{routes:?}"
    );
}

/// A slash command → a message with buttons; a click updates it, a disabled or missing button
/// can't be clicked, and "Rules" answers only the clicker.
async fn starts_a_game_and_clicks(
    standin: &Standin,
    alice: UserId,
    bob: UserId,
    channel: ChannelId,
) {
    // A slash command with a subcommand and options → a message with buttons.
    let started = standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("start"),
            json!({"players": 3, "mode": "dickey"}),
        )
        .await
        .unwrap();
    let response = started.response().await.unwrap();
    assert_eq!(response.kind, 4);
    assert_eq!(response.count, 1);
    let game = started.answer().await.unwrap();
    assert_eq!(game.content(), "New dickey game for 3 players");
    assert_eq!(game.button_labels(), ["Roll", "Rules"]);
    assert!(game.text().contains("For Get It"));
    assert!(!game.is_ephemeral());
    assert_eq!(standin.messages(channel).len(), 1);

    // Click "Roll" → UPDATE_MESSAGE on the clicked message.
    let rolled = standin.click(bob, game.id, "Roll").await.unwrap();
    assert_eq!(rolled.response().await.unwrap().kind, 7);
    let updated = rolled.answer().await.unwrap();
    assert_eq!(updated.id, game.id);
    assert_eq!(updated.content(), "bob rolled a 6 (message had 1 embed(s))");
    assert!(updated.button("Roll").unwrap().disabled);
    assert_eq!(updated.history.len(), 1, "the edit keeps the earlier state");
    // The disabled button can't be clicked any more.
    let err = standin.click(bob, game.id, "Roll").await.unwrap_err();
    assert!(err.to_string().contains("disabled"), "{err}");
    let err = standin.click(bob, game.id, "Pass").await.unwrap_err();
    assert!(
        err.to_string().contains("\"Roll\"") && err.to_string().contains("\"Rules\""),
        "{err}"
    );

    // Click "Rules" → an ephemeral reply only bob sees.
    let rules = standin.click(bob, game.id, "Rules").await.unwrap();
    assert_eq!(rules.response().await.unwrap().kind, 4);
    let private = rules.answer().await.unwrap();
    assert!(private.is_ephemeral());
    assert_eq!(private.content(), "Roll the dice; highest wins.");
    assert_eq!(standin.ephemeral_for(bob).len(), 1);
    assert!(standin.ephemeral_for(alice).is_empty());
    assert_eq!(
        standin.messages(channel).len(),
        1,
        "ephemeral replies aren't public"
    );
    assert_eq!(standin.seen_by(bob, channel).len(), 2);
}

/// An ephemeral answer that shows what reached the bot's cache, a deferred one filled in by
/// follow-ups, and a subcommand group with a user option.
async fn answers_ephemerally_deferred_and_in_a_group(
    standin: &Standin,
    alice: UserId,
    bob: UserId,
    channel: ChannelId,
) {
    // Gateway data reached the bot's cache, and the locale came with the interaction.
    let info = standin
        .run_slash(bob, channel, "forgetit", Some("info"), Value::Null)
        .await
        .unwrap();
    let shown = info.answer().await.unwrap();
    assert_eq!(
        shown.content(),
        "guild=Test Guild channel=general locale=de user=bob"
    );
    assert!(shown.is_ephemeral());

    // Deferred response, then follow-ups: the first fills in the "thinking" message.
    let slow = standin
        .run_slash(alice, channel, "forgetit", Some("slow"), Value::Null)
        .await
        .unwrap();
    assert_eq!(slow.response().await.unwrap().kind, 5);
    let more = slow.followups(1).await.unwrap();
    let filled = slow.answer().await.unwrap();
    assert_eq!(filled.content(), "done thinking");
    assert_eq!(more[0].content(), "and one more thing");

    // A subcommand group with a user option.
    let reset = standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("admin reset"),
            json!({"player": bob.get()}),
        )
        .await
        .unwrap();
    assert_eq!(reset.answer().await.unwrap().content(), "reset bob");
}

/// A select menu: an unknown value refused, a deferred update, the bot's edits and post.
async fn picks_in_a_select_menu(standin: &Standin, carol: UserId, channel: ChannelId) {
    // A select menu: deferred update (type 6), then the bot edits @original and posts to the
    // channel (and edits that post).
    let pick = standin
        .run_slash(carol, channel, "forgetit", Some("pick"), Value::Null)
        .await
        .unwrap();
    let menu_msg = pick.answer().await.unwrap();
    let menu = &menu_msg.select_menus()[0];
    assert_eq!(menu.custom_id, "mode");
    assert_eq!(
        menu.options
            .iter()
            .map(|o| o.value.as_str())
            .collect::<Vec<_>>(),
        ["forgetit", "dickey"]
    );
    let err = standin
        .select(carol, menu_msg.id, "mode", &["yahtzee"])
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("no option with value \"yahtzee\""),
        "{err}"
    );
    let chosen = standin
        .select(carol, menu_msg.id, "mode", &["dickey"])
        .await
        .unwrap();
    assert_eq!(chosen.response().await.unwrap().kind, 6);
    let edited = chosen.answer().await.unwrap();
    assert_eq!(edited.id, menu_msg.id);
    assert_eq!(edited.content(), "Mode: dickey");
    assert!(edited.select_menus().is_empty());
    let post = standin
        .wait_for_message(channel, |m| m.content() == "carol picked dickey")
        .await
        .unwrap();
    assert_eq!(post.history[0].content, "carol picked a mode");
    assert!(post.by_bot && post.interaction.is_none());
}

/// Everything the stand-in sends deserializes into serenity's own types (serenity only logs
/// deserialization failures, so check them directly).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn payloads_deserialize_into_serenity_types() {
    let standin = Standin::start().await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    let channel = standin.channel_id();
    let started = common::start_game(&standin, alice).await;
    let game = started.answer().await.unwrap();
    standin
        .click(alice, game.id, "Roll")
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("admin reset"),
            json!({"player": alice.get()}),
        )
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();

    let dispatched = standin.dispatched();
    let events: Vec<&str> = dispatched.iter().map(|(e, _)| e.as_str()).collect();
    assert_eq!(
        events,
        [
            "READY",
            "GUILD_CREATE",
            "INTERACTION_CREATE",
            "INTERACTION_CREATE",
            "INTERACTION_CREATE"
        ]
    );
    for (event, data) in &dispatched {
        let result = match event.as_str() {
            "READY" => serde_json::from_value::<serenity::Ready>(data.clone()).map(drop),
            "GUILD_CREATE" => serde_json::from_value::<serenity::Guild>(data.clone()).map(drop),
            "INTERACTION_CREATE" => {
                serde_json::from_value::<serenity::Interaction>(data.clone()).map(drop)
            }
            other => panic!("unexpected dispatch {other}"),
        };
        result.unwrap_or_else(|e| panic!("{event} doesn't deserialize: {e}\n{data:#}"));
    }
    // The full gateway event envelope, as serenity parses it.
    for (event, data) in &dispatched {
        let frame = json!({"op": 0, "s": 1, "t": event, "d": data});
        serde_json::from_value::<serenity::GatewayEvent>(frame)
            .unwrap_or_else(|e| panic!("{event} frame doesn't deserialize: {e}"));
    }
    for m in standin.seen_by(alice, channel) {
        let json = standin.message_json(m.id);
        serde_json::from_value::<serenity::Message>(json.clone())
            .unwrap_or_else(|e| panic!("message doesn't deserialize: {e}\n{json:#}"));
    }
    for c in standin.commands() {
        serde_json::from_value::<serenity::Command>(c.clone())
            .unwrap_or_else(|e| panic!("command doesn't deserialize: {e}\n{c:#}"));
    }
    standin.assert_clean();
    bot.abort();
}

/// Unknown routes are violations that name the method and path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_routes_are_reported() {
    let standin = Standin::start().await;
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    // A route Discord doesn't have at all.
    let v = standin.validate_request("GET", "/api/v10/dice/rolls", None);
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].kind, ViolationKind::UnknownRoute);
    assert!(
        v[0].to_string().contains("GET /api/v10/dice/rolls"),
        "{}",
        v[0]
    );
    // A real Discord route the stand-in doesn't serve, through serenity.
    let err = http
        .get_guild_roles(standin.guild_id().get().into())
        .await
        .unwrap_err();
    assert!(
        err.to_string().contains("404") || err.to_string().contains("Not Found"),
        "{err}"
    );
    let problems = standin.check().unwrap_err().to_string();
    assert!(problems.contains("GET /api/v10/guilds/"), "{problems}");
    assert!(problems.contains("/roles"), "{problems}");
}

/// Heartbeats are acknowledged, so serenity keeps its one session (no reconnect).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let standin = Standin::builder()
        .heartbeat_interval(std::time::Duration::from_millis(100))
        .start()
        .await;
    let bot = common::start_bot(&standin).await;
    standin
        .wait_until("three heartbeats", |v| (v.heartbeats() >= 3).then_some(()))
        .await
        .unwrap();
    assert_eq!(standin.ready_count(), 1, "the bot never had to reconnect");
    standin.assert_clean();
    bot.abort();
}

/// Guild-scoped registration (poise's `register_in_guild`) returns full Command objects too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_commands_register() {
    let standin = Standin::start().await;
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .application_id(standin.application_id().into())
        .build();
    let guild = serenity::GuildId::new(standin.guild_id().get());
    let body = json!([{"name": "forgetit", "description": "Dice", "type": 1, "options": []}]);
    let commands = http.create_guild_commands(guild, &body).await.unwrap();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0].guild_id, Some(guild));
    assert_eq!(commands[0].name, "forgetit");
    let listed = http.get_guild_commands(guild).await.unwrap();
    assert_eq!(listed[0].id, commands[0].id);
    assert!(http.get_global_commands().await.unwrap().is_empty());
    standin.assert_clean();
}

/// Without history (as the load benchmark runs it), the stand-in keeps the present only: an edit
/// replaces the message's state, and dispatches are no longer recorded; requests still are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_history_only_the_present_is_kept() {
    let standin = Standin::start().await;
    let _bot = common::start_bot(&standin).await;
    let (alice, bob) = (standin.user("alice"), standin.user("bob"));
    standin.wait_for_command("forgetit").await.unwrap();
    standin.set_history(false);
    let dispatched = standin.dispatched().len();
    let requests = standin.view(|v| v.requests().len());

    let started = common::start_game(&standin, alice).await;
    let game = started.answer().await.unwrap();
    let rolled = standin.click(bob, game.id, "Roll").await.unwrap();
    let updated = rolled.answer().await.unwrap();
    assert_eq!(updated.content(), "bob rolled a 6 (message had 1 embed(s))");
    assert!(updated.history.is_empty(), "no earlier state kept");
    assert_eq!(
        standin.dispatched().len(),
        dispatched,
        "no dispatch recorded"
    );
    assert_eq!(
        standin.view(|v| v.requests().len()),
        requests + 2,
        "the command's answer and the click's are logged"
    );

    // On again, the past is kept again.
    standin.set_history(true);
    let again = standin.click(bob, game.id, "Rules").await.unwrap();
    again.answer().await.unwrap();
    assert_eq!(standin.dispatched().len(), dispatched + 1);

    // A reader that takes the requests out of the log gets each once, in order.
    let taken = standin.take_requests();
    assert_eq!(taken.len(), requests + 3);
    let last = taken.last().unwrap();
    assert_eq!(
        last.body.as_ref().unwrap()["type"],
        4,
        "the ephemeral answer to Rules"
    );
    assert!(standin.view(|v| v.requests().is_empty()));
    assert!(standin.take_requests().is_empty());
}
