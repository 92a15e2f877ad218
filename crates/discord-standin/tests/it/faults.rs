//! Discord's faults, injected through the stand-in's API, as a real serenity client meets them:
//! 5xx answers, 429 rate limits, late interaction responses, reset connections, deleted and
//! edit-limited messages, gateway closes, RECONNECT, INVALID_SESSION and zombie connections.
//! Nothing here sleeps to wait for something: every wait ends on the stand-in's events.

use crate::common;

use std::time::Duration;

use discord_standin::{
    faults, FaultKind, GatewayEvent, GatewayFault, RateLimitScope, RestFault, RestFaultKind,
    Standin, StandinConfig,
};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

/// A stand-in whose waits allow for serenity's own pauses (it waits 5 s between IDENTIFYs).
async fn standin_with(heartbeat: Duration) -> Standin {
    Standin::builder()
        .config(StandinConfig {
            token: "standin.bot.token".into(),
            wait_timeout: Duration::from_secs(30),
            ..StandinConfig::default()
        })
        .heartbeat_interval(heartbeat)
        .start()
        .await
}

/// serenity's REST client pointed at the stand-in (the ratelimiter off, as `proxy` requires).
fn http(standin: &Standin) -> serenity::Http {
    serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .application_id(standin.application_id().into())
        .build()
}

fn channel(standin: &Standin) -> serenity::ChannelId {
    serenity::ChannelId::new(standin.channel_id().get())
}

/// The status and Discord's error of a failed request.
fn discord_error(err: serenity::Error) -> (u16, isize, String) {
    match err {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e)) => {
            (e.status_code.as_u16(), e.error.code, e.error.message)
        }
        other => panic!("expected an unsuccessful request, got {other:?}"),
    }
}

// ----- REST ---------------------------------------------------------------------------------

/// A 503 is an error serenity hands to the bot (it doesn't retry 5xx, ratelimiter or not);
/// nothing is applied; the next request succeeds.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_503_then_success() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    standin.inject(
        RestFault::status(503)
            .method("POST")
            .route(faults::CHANNEL_MESSAGES),
    );
    let body = json!({"content": "hello"});
    let err = http
        .send_message(channel(&standin), vec![], &body)
        .await
        .unwrap_err();
    let (status, code, message) = discord_error(err);
    assert_eq!(status, 503);
    // Discord's edge answers 503 in plain text: serenity can't decode it as Discord JSON.
    assert_eq!(code, -1, "{message}");
    assert!(
        standin.messages(standin.channel_id()).is_empty(),
        "nothing applied"
    );

    let sent = http
        .send_message(channel(&standin), vec![], &body)
        .await
        .unwrap();
    assert_eq!(sent.content, "hello");
    assert_eq!(standin.messages(standin.channel_id()).len(), 1);

    let fired = standin.faults_fired();
    assert_eq!(fired.len(), 1, "{fired:?}");
    assert_eq!(fired[0].kind, FaultKind::Rest(RestFaultKind::Status(503)));
    assert_eq!(fired[0].route.as_deref(), Some(faults::CHANNEL_MESSAGES));
    let statuses: Vec<u16> = standin.requests().iter().map(|r| r.status).collect();
    assert_eq!(statuses, [503, 200]);
    assert!(standin.pending_faults().is_empty());
    standin.assert_clean();
}

/// 500 and 502 too, on any route, for as many requests as asked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_on_any_route_until_cleared() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    standin.inject(RestFault::status(500).times(2));
    standin.inject(RestFault::status(502).until_cleared());
    let mut seen = Vec::new();
    for _ in 0..4 {
        let err = http.get_current_user().await.unwrap_err();
        seen.push(discord_error(err));
    }
    assert_eq!(seen[0], (500, 0, "500: Internal Server Error".into()));
    assert_eq!(seen[1].0, 500);
    assert_eq!(seen[2].0, 502);
    assert_eq!(seen[3].0, 502);
    standin.clear_faults();
    http.get_current_user().await.unwrap();
    assert_eq!(standin.faults_fired().len(), 4);
    standin.assert_clean();
}

/// Discord's 429 body and headers, per route and global.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_carries_discords_body_and_headers() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let client = reqwest::Client::new();
    let url = format!("{}/api/v10/users/@me", standin.rest_url());
    let auth = format!("Bot {}", standin.token());

    standin.inject(RestFault::rate_limited(Duration::from_millis(1500)).route("/users/@me"));
    let r = client
        .get(&url)
        .header("Authorization", &auth)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    let h = |name: &str| r.headers()[name].to_str().unwrap().to_owned();
    assert_eq!(h("retry-after"), "2");
    assert_eq!(h("x-ratelimit-remaining"), "0");
    assert_eq!(h("x-ratelimit-reset-after"), "1.500");
    assert_eq!(h("x-ratelimit-scope"), "user");
    assert!(!h("x-ratelimit-bucket").is_empty());
    assert!(h("x-ratelimit-reset").parse::<f64>().unwrap() > 1.7e9);
    assert!(r.headers().get("x-ratelimit-global").is_none());
    let body: Value = r.json().await.unwrap();
    assert_eq!(
        body,
        json!({"message": "You are being rate limited.", "retry_after": 1.5, "global": false})
    );

    standin.inject(RestFault::globally_rate_limited(Duration::from_millis(250)));
    let r = client
        .get(&url)
        .header("Authorization", &auth)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 429);
    assert_eq!(r.headers()["x-ratelimit-global"], "true");
    assert_eq!(r.headers()["x-ratelimit-scope"], "global");
    assert_eq!(r.headers()["retry-after"], "1");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["global"], true);
    assert_eq!(body["retry_after"], 0.25);

    standin.inject(RestFault::rate_limited_scope(
        Duration::from_secs(1),
        RateLimitScope::Shared,
    ));
    let r = client
        .get(&url)
        .header("Authorization", &auth)
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["x-ratelimit-scope"], "shared");
    standin.assert_clean();
}

/// A stand-in for `https://discord.com` itself, for serenity's ratelimiter (which ignores
/// `HttpBuilder::proxy` and always sends to discord.com): an HTTPS proxy on 127.0.0.1 that
/// answers CONNECT, ends TLS with a self-signed discord.com certificate and passes the plain
/// HTTP on to the stand-in. Returns the proxy's URL.
async fn discord_com_proxy(standin: &Standin) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let identity = native_tls::Identity::from_pkcs8(
        include_bytes!("tls/discord.com.crt"),
        include_bytes!("tls/discord.com.key"),
    )
    .unwrap();
    let acceptor = tokio_native_tls::TlsAcceptor::from(
        native_tls::TlsAcceptor::builder(identity).build().unwrap(),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let rest = standin.rest_url().trim_start_matches("http://").to_owned();
    tokio::spawn(async move {
        while let Ok((mut client, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            let rest = rest.clone();
            tokio::spawn(async move {
                // CONNECT discord.com:443 HTTP/1.1 ... \r\n\r\n
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") {
                    if client.read(&mut byte).await.unwrap_or(0) == 0 {
                        return;
                    }
                    head.push(byte[0]);
                }
                assert!(head.starts_with(b"CONNECT discord.com:443"));
                let ok = b"HTTP/1.1 200 Connection Established\r\n\r\n";
                if client.write_all(ok).await.is_err() {
                    return;
                }
                let Ok(mut tls) = acceptor.accept(client).await else {
                    return;
                };
                let Ok(mut upstream) = tokio::net::TcpStream::connect(&rest).await else {
                    return;
                };
                let _ = tokio::io::copy_bidirectional(&mut tls, &mut upstream).await;
            });
        }
    });
    url
}

/// With its ratelimiter on, serenity honours a 429: it waits `Retry-After` (whole seconds:
/// 2 s for a `retry_after` of 1.5) and sends the request again, which then succeeds. The bot
/// sees no error; the message is created once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenitys_ratelimiter_waits_out_a_429_and_retries() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let proxy = discord_com_proxy(&standin).await;
    let client = reqwest::Client::builder()
        .proxy(reqwest::Proxy::https(&proxy).unwrap())
        .danger_accept_invalid_certs(true)
        .build()
        .unwrap();
    let http = serenity::HttpBuilder::new(standin.token())
        .client(client)
        .application_id(standin.application_id().into())
        .build();
    assert!(http.ratelimiter.is_some());
    standin.inject(
        RestFault::rate_limited(Duration::from_millis(1500))
            .method("POST")
            .route(faults::CHANNEL_MESSAGES),
    );
    let started = std::time::Instant::now();
    let sent = http
        .send_message(channel(&standin), vec![], &json!({"content": "hello"}))
        .await
        .unwrap();
    let waited = started.elapsed();
    assert_eq!(sent.content, "hello");
    assert!(waited >= Duration::from_millis(1500), "{waited:?}");
    let statuses: Vec<u16> = standin.requests().iter().map(|r| r.status).collect();
    assert_eq!(statuses, [429, 200]);
    assert_eq!(standin.messages(standin.channel_id()).len(), 1);
    assert_eq!(standin.faults_fired().len(), 1);

    // A global 429 blocks every route for its Retry-After, then the request goes through.
    standin.inject(RestFault::globally_rate_limited(Duration::from_millis(200)));
    let started = std::time::Instant::now();
    http.get_message(channel(&standin), sent.id).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1"
    );
    standin.assert_clean();
}

/// With its ratelimiter off (as with a proxy), serenity doesn't retry a 429: the bot gets the
/// error, and nothing was applied.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_an_error_without_serenitys_ratelimiter() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    standin.inject(
        RestFault::rate_limited(Duration::from_millis(300))
            .method("POST")
            .route(faults::CHANNEL_MESSAGES),
    );
    let err = http
        .send_message(channel(&standin), vec![], &json!({"content": "hi"}))
        .await
        .unwrap_err();
    // Discord's 429 body has no `code`: serenity can't read it as an error body and says so
    // (code -1); the status is what tells the bot.
    let (status, code, message) = discord_error(err);
    assert_eq!((status, code), (429, -1), "{message}");
    assert!(standin.messages(standin.channel_id()).is_empty());
    assert_eq!(standin.requests().len(), 1, "serenity did not retry");
    standin.assert_clean();
}

/// A reset connection: no HTTP answer at all. serenity reports a request error (not an
/// unsuccessful status); nothing was applied; the next request works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reset_connection_is_a_request_error() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    standin.inject(RestFault::reset().route(faults::CHANNEL_MESSAGES));
    let err = http
        .send_message(channel(&standin), vec![], &json!({"content": "hi"}))
        .await
        .unwrap_err();
    assert!(
        matches!(err, serenity::Error::Http(serenity::HttpError::Request(_))),
        "{err:?}"
    );
    assert!(standin.messages(standin.channel_id()).is_empty());
    assert!(
        standin.requests().is_empty(),
        "the request was never answered"
    );
    http.send_message(channel(&standin), vec![], &json!({"content": "hi"}))
        .await
        .unwrap();
    assert_eq!(
        standin.faults_fired()[0].kind,
        FaultKind::Rest(RestFaultKind::Reset)
    );
    standin.assert_clean();
}

/// A callback held past Discord's 3 s gets 404 Unknown interaction (10062): the user saw "This
/// interaction failed" and no answer appears. A late answer caused by the injected delay is not
/// counted as the bot's problem.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_interaction_response_is_unknown_interaction() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_for_command("forgetit").await.unwrap();
    standin.inject(
        RestFault::delay(Duration::from_millis(3500))
            .method("POST")
            .route(faults::INTERACTION_CALLBACK),
    );
    let alice = standin.user("alice");
    let game = common::start_game(&standin, alice).await;
    let response = game.response().await.unwrap();
    assert!(response.latency > Duration::from_secs(3), "{response:?}");
    // The bot's answer fails with 10062; poise's default error handler then reports the error
    // with another callback, just as late: two callbacks, both refused.
    let callbacks = standin
        .wait_until("two callbacks", |v| {
            let found: Vec<u16> = v
                .requests()
                .iter()
                .filter(|r| r.route.as_deref() == Some(faults::INTERACTION_CALLBACK))
                .map(|r| r.status)
                .collect();
            (found.len() >= 2).then_some(found)
        })
        .await
        .unwrap();
    assert_eq!(callbacks, [404, 404]);
    let refused = standin
        .requests()
        .into_iter()
        .find(|r| r.route.as_deref() == Some(faults::INTERACTION_CALLBACK))
        .unwrap();
    assert_eq!(refused.body.unwrap()["type"], 4, "the bot's answer");
    assert!(game.record().answer.is_none(), "the user sees no answer");
    assert!(standin.messages(standin.channel_id()).is_empty());
    let kinds: Vec<FaultKind> = standin.faults_fired().into_iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [
            FaultKind::Rest(RestFaultKind::Delay(Duration::from_millis(3500))),
            FaultKind::LateInteraction,
            FaultKind::LateInteraction
        ]
    );
    // The injected delay made the bot late, so that isn't counted as the bot's problem.
    standin.assert_clean();
    bot.abort();
}

// ----- messages -----------------------------------------------------------------------------

/// A moderator deletes the bot's message: fetching or editing it gets 404 Unknown Message
/// (10008), which is no mistake of the bot's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_messages_edit_gets_unknown_message() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    let sent = http
        .send_message(channel(&standin), vec![], &json!({"content": "game board"}))
        .await
        .unwrap();
    standin.delete_message(discord_standin::MessageId(sent.id.get()));
    assert!(standin.messages(standin.channel_id()).is_empty());
    let err = http
        .edit_message(
            channel(&standin),
            sent.id,
            &json!({"content": "round 2"}),
            vec![],
        )
        .await
        .unwrap_err();
    assert_eq!(discord_error(err), (404, 10008, "Unknown Message".into()));
    let err = http
        .get_message(channel(&standin), sent.id)
        .await
        .unwrap_err();
    assert_eq!(discord_error(err).1, 10008);
    assert_eq!(
        standin
            .faults_fired()
            .iter()
            .filter(|f| f.kind == FaultKind::UnknownMessage)
            .count(),
        2
    );
    standin.assert_clean();
}

/// An interaction's response deleted by a moderator: the bot's `@original` edit gets 10008.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_interaction_response_gets_unknown_message() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    // A person can't act on a deleted message; the bot's own edit of the response gets
    // Discord's 404.
    let game = standin
        .run_slash(
            alice,
            standin.channel_id(),
            "forgetit",
            Some("pick"),
            Value::Null,
        )
        .await
        .unwrap();
    let menu = game.answer().await.unwrap();
    standin.delete_message(menu.id);
    let err = standin
        .select(alice, menu.id, "mode", &["dickey"])
        .await
        .unwrap_err();
    assert!(err.to_string().contains("deleted"), "{err}");
    let http = http(&standin);
    let token = game.token.clone();
    let err = http
        .edit_original_interaction_response(&token, &json!({"content": "x"}), vec![])
        .await
        .unwrap_err();
    assert_eq!(discord_error(err), (404, 10008, "Unknown Message".into()));
    standin.assert_clean();
    bot.abort();
}

/// A message over the edit limit for old messages: edits get 400 code 30046 until allowed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_messages_edit_hits_the_edit_limit() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let http = http(&standin);
    let sent = http
        .send_message(channel(&standin), vec![], &json!({"content": "scores"}))
        .await
        .unwrap();
    let id = discord_standin::MessageId(sent.id.get());
    standin.limit_edits(id);
    let edit = json!({"content": "new scores"});
    let err = http
        .edit_message(channel(&standin), sent.id, &edit, vec![])
        .await
        .unwrap_err();
    assert_eq!(
        discord_error(err),
        (
            400,
            30046,
            "Maximum number of edits to messages older than 1 hour reached. Try again later".into()
        )
    );
    assert_eq!(standin.message(id).unwrap().content(), "scores");
    standin.allow_edits(id);
    http.edit_message(channel(&standin), sent.id, &edit, vec![])
        .await
        .unwrap();
    assert_eq!(standin.message(id).unwrap().content(), "new scores");
    assert_eq!(standin.faults_fired()[0].kind, FaultKind::EditLimit);
    standin.assert_clean();
}

// ----- gateway ------------------------------------------------------------------------------

/// Close 4000 while a person runs a command: serenity RESUMEs (no new IDENTIFY), the stand-in
/// replays the interaction sent while the bot was away, and the bot answers it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_4000_resume_replays_an_interaction_sent_while_disconnected() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_for_command("forgetit").await.unwrap();
    let seq_before = standin.dispatched().len() as u64;

    // Hold the bot disconnected: its reconnection waits for HELLO until the outage ends.
    standin.block_gateway();
    assert_eq!(standin.gateway_fault(GatewayFault::Close(4000)), 1);
    standin.wait_for_connects(2).await.unwrap();
    assert!(standin.sessions().is_empty(), "no session is connected");
    let alice = standin.user("alice");
    let game = common::start_game(&standin, alice).await;
    standin.unblock_gateway();
    standin.wait_for_resumes(1).await.unwrap();
    let answer = game.answer().await.unwrap();
    assert_eq!(answer.content(), "New classic game for 2 players");

    assert_eq!(standin.ready_count(), 1, "resumed, not identified anew");
    // The old connection's end is logged by its own task, once its socket is closed: await it.
    standin.wait_for_disconnects(1).await.unwrap();
    let log = standin.gateway_log();
    let closed = log
        .iter()
        .find_map(|r| match &r.event {
            GatewayEvent::Closed { code, by_standin } => Some((*code, *by_standin)),
            _ => None,
        })
        .unwrap();
    assert_eq!(closed, (Some(4000), true));
    let resumed = log
        .iter()
        .find_map(|r| match &r.event {
            GatewayEvent::Resumed { seq, replayed, .. } => Some((*seq, *replayed)),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        resumed,
        (seq_before, 1),
        "resumed after READY + GUILD_CREATE"
    );
    assert_eq!(standin.sessions(), [[0, 1]]);
    standin.assert_clean();
    bot.abort();
}

/// The bot stays away past the resume window: its RESUME is refused (op 9 d=false), serenity
/// identifies anew, and the interaction queued for the old session is lost, as on Discord: the
/// person's command never reaches the bot ("This interaction failed").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_session_loses_what_was_queued_for_it() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_for_command("forgetit").await.unwrap();
    standin.block_gateway();
    assert_eq!(standin.gateway_fault(GatewayFault::Drop), 1);
    standin.wait_for_connects(2).await.unwrap();
    let alice = standin.user("alice");
    let lost = standin
        .run_slash(
            alice,
            standin.channel_id(),
            "forgetit",
            Some("info"),
            Value::Null,
        )
        .await
        .unwrap();
    assert_eq!(standin.expire_sessions(), 1);
    standin.unblock_gateway();
    standin.wait_for_identifies(2).await.unwrap();
    assert!(standin
        .gateway_log()
        .iter()
        .any(|r| matches!(r.event, GatewayEvent::ResumeRefused { .. })));
    assert_eq!(standin.resumes(), 0);
    // The new session gets new interactions, not the lost one.
    let info = standin
        .run_slash(
            alice,
            standin.channel_id(),
            "forgetit",
            Some("info"),
            Value::Null,
        )
        .await
        .unwrap();
    info.answer().await.unwrap();
    assert!(lost.record().responses.is_empty());
    let problems = standin.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("never got an initial response"),
        "{problems:?}"
    );
    bot.abort();
}

/// A dropped connection (no close frame), op 7 RECONNECT, INVALID_SESSION d=true and close
/// 4008: serenity resumes after each, and answers the next command.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenity_resumes_after_a_drop_reconnect_and_resumable_invalid_session() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_for_command("forgetit").await.unwrap();
    let alice = standin.user("alice");
    let faults = [
        GatewayFault::Drop,
        GatewayFault::Reconnect,
        GatewayFault::InvalidSession { resumable: true },
        GatewayFault::Close(4008),
    ];
    for (i, fault) in faults.into_iter().enumerate() {
        assert_eq!(standin.gateway_fault(fault), 1, "{fault:?}");
        standin.wait_for_resumes(i + 1).await.unwrap();
        let info = standin
            .run_slash(
                alice,
                standin.channel_id(),
                "forgetit",
                Some("info"),
                Value::Null,
            )
            .await
            .unwrap();
        assert!(
            info.answer()
                .await
                .unwrap()
                .content()
                .contains("user=alice"),
            "{fault:?}"
        );
    }
    assert_eq!(standin.ready_count(), 1, "never identified anew");
    standin.assert_clean();
    bot.abort();
}

/// INVALID_SESSION d=false: the session is gone, serenity identifies anew. A RESUME of the
/// old session would be refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_session_not_resumable_makes_serenity_identify_again() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_ready().await.unwrap();
    assert_eq!(
        standin.gateway_fault(GatewayFault::InvalidSession { resumable: false }),
        1
    );
    standin.wait_for_identifies(2).await.unwrap();
    assert_eq!(standin.resumes(), 0);
    assert_eq!(standin.identifies().len(), 2);
    let alice = standin.user("alice");
    let info = standin
        .run_slash(
            alice,
            standin.channel_id(),
            "forgetit",
            Some("info"),
            Value::Null,
        )
        .await
        .unwrap();
    info.answer().await.unwrap();
    assert_eq!(standin.sessions(), [[0, 1]]);
    standin.assert_clean();
    bot.abort();
}

/// Close 4009 (session timed out): serenity drops its session and identifies anew. Close 4007
/// (invalid seq): serenity resumes with seq 0, which is refused (4007 ended the session), and
/// then identifies anew.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn close_4009_and_4007_make_serenity_identify_again() {
    let standin = standin_with(Duration::from_secs(41)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_ready().await.unwrap();
    assert_eq!(standin.gateway_fault(GatewayFault::Close(4009)), 1);
    standin.wait_for_identifies(2).await.unwrap();
    assert_eq!(standin.resumes(), 0);
    let refused = |standin: &Standin| -> Vec<u64> {
        standin
            .gateway_log()
            .iter()
            .filter_map(|r| match r.event {
                GatewayEvent::ResumeRefused { seq, .. } => Some(seq),
                _ => None,
            })
            .collect()
    };
    assert!(refused(&standin).is_empty(), "4009: no RESUME tried");

    standin.wait_ready().await.unwrap();
    assert_eq!(standin.gateway_fault(GatewayFault::Close(4007)), 1);
    standin.wait_for_identifies(3).await.unwrap();
    assert_eq!(standin.resumes(), 0);
    assert_eq!(refused(&standin), [0], "4007: a RESUME from seq 0, refused");
    standin.assert_clean();
    bot.abort();
}

/// A zombie connection: heartbeats go unacknowledged, serenity notices at its next heartbeat
/// and reconnects (serenity 0.12 restarts the shard: a new IDENTIFY, not a RESUME).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn withheld_heartbeat_acks_make_serenity_reconnect() {
    let standin = standin_with(Duration::from_millis(300)).await;
    let bot = common::start_bot(&standin).await;
    standin.wait_ready().await.unwrap();
    assert_eq!(
        standin.gateway_fault(GatewayFault::WithholdHeartbeatAcks),
        1
    );
    standin.wait_for_identifies(2).await.unwrap();
    let log = standin.gateway_log();
    assert!(log
        .iter()
        .any(|r| r.event == GatewayEvent::HeartbeatAckWithheld));
    // The new connection's heartbeats are acknowledged: the bot stays on it.
    let beats = standin.heartbeats();
    standin
        .wait_until("two more heartbeats", |v| {
            (v.heartbeats() >= beats + 2).then_some(())
        })
        .await
        .unwrap();
    assert_eq!(standin.ready_count(), 2);
    standin.assert_clean();
    bot.abort();
}
