//! Invalid bodies are caught: against the spec (custom_id longer than 100) and the documented
//! limits (content longer than 2000), with the JSON path and the reason.

use crate::common;

use discord_standin::{Standin, ViolationKind};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

fn button_body(custom_id: &str, content: &str) -> Value {
    json!({
        "content": content,
        "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Roll", "custom_id": custom_id}
        ]}]
    })
}

/// A serenity client of the stand-in's REST.
fn http(standin: &Standin) -> serenity::Http {
    serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build()
}

/// Discord's error answer in a failed request.
fn discords_error(err: &serenity::Error) -> &serenity::ErrorResponse {
    match err {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(resp)) => resp,
        _ => panic!("expected Discord's error response, got {err:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_validation_names_path_and_reason() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let path = format!("/api/v10/channels/{channel}/messages");

    assert_eq!(
        standin.validate_request("POST", &path, Some(&button_body("roll", "hi"))),
        vec![]
    );

    let bad = button_body(&"c".repeat(101), &"x".repeat(2001));
    let found = standin.validate_request("POST", &path, Some(&bad));
    let at = |kind: ViolationKind, pointer: &str| {
        found
            .iter()
            .find(|v| v.kind == kind && v.pointer == pointer)
            .unwrap_or_else(|| panic!("no {kind} violation at {pointer}: {found:#?}"))
    };
    // The spec itself says custom_id ≤ 100 (maxLength) ...
    let schema = at(
        ViolationKind::Schema,
        "/components/0/components/0/custom_id",
    );
    assert!(schema.reason.contains("longer than 100"), "{schema}");
    assert!(
        schema.reason.contains("ButtonComponentForMessageRequest"),
        "{schema}"
    );
    // ... and so does the documented limit.
    let limit = at(ViolationKind::Limit, "/components/0/components/0/custom_id");
    assert!(limit.reason.contains("101 characters"), "{limit}");
    // The spec allows 4000 characters of content (for Nitro users); bots get 2000.
    let content = at(ViolationKind::Limit, "/content");
    assert!(
        content.reason.contains("2001") && content.reason.contains("2000"),
        "{content}"
    );
    assert!(content
        .to_string()
        .starts_with(&format!("[limit] POST {path} body/content: ")));

    // Type errors and wrong enums are schema violations too.
    let wrong = json!({"content": 5, "components": [{"type": 1, "components": [
        {"type": 2, "style": 9, "label": "x", "custom_id": "a"}]}]});
    let found = standin.validate_request("POST", &path, Some(&wrong));
    assert!(found.iter().any(|v| v.pointer == "/content"), "{found:#?}");
    assert!(
        found
            .iter()
            .any(|v| v.pointer == "/components/0/components/0/style"),
        "{found:#?}"
    );

    // A route that takes no body.
    let found = standin.validate_request("GET", "/api/v10/gateway", Some(&json!({"x": 1})));
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].reason.contains("takes no request body"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_request_through_serenity_gets_discords_400() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let http = http(&standin);

    let ok = http
        .send_message(channel.get().into(), vec![], &button_body("roll", "hello"))
        .await
        .unwrap();
    assert_eq!(ok.content, "hello");
    assert_eq!(
        standin.last_message(channel).unwrap().button_labels(),
        ["Roll"]
    );
    standin.assert_clean();

    let err = http
        .send_message(
            channel.get().into(),
            vec![],
            &button_body(&"c".repeat(101), "hello"),
        )
        .await
        .unwrap_err();
    let resp = discords_error(&err);
    assert_eq!(resp.status_code.as_u16(), 400);
    assert_eq!(resp.error.code, 50035);
    assert!(
        resp.error
            .errors
            .iter()
            .any(|e| e.path == "components.0.components.0.custom_id"),
        "{:?}",
        resp.error.errors
    );
    assert_eq!(
        standin.messages(channel).len(),
        1,
        "the invalid message was not posted"
    );

    let report = standin.check().unwrap_err().to_string();
    assert!(
        report.contains("body/components/0/components/0/custom_id"),
        "{report}"
    );
    assert!(report.contains("longer than 100"), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_interaction_reply_from_a_bot_is_caught() {
    let standin = Standin::start().await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    let channel = standin.channel_id();

    let mut errors = common::FRAMEWORK_ERRORS.subscribe();
    let _broken = standin
        .run_slash(alice, channel, "forgetit", Some("broken"), Value::Null)
        .await
        .unwrap();
    let request = standin
        .wait_for_request("the invalid callback", |r| {
            r.route.as_deref()
                == Some("/interactions/{interaction_id}/{interaction_token}/callback")
        })
        .await
        .unwrap();
    assert_eq!(
        request.status, 400,
        "Discord refuses it, so the bot sees an error"
    );
    let pointers: Vec<&str> = request
        .violations
        .iter()
        .map(|v| v.pointer.as_str())
        .collect();
    assert!(
        pointers.contains(&"/data/components/0/components/0/custom_id"),
        "{pointers:?}"
    );
    assert!(
        pointers.contains(&"/data/components/0/components/0/label"),
        "{pointers:?}"
    );
    // A refused callback doesn't count as an answer: nothing it carried was shown, and poise's
    // own error handler, once done, answered the interaction with its first accepted callback.
    common::framework_error(&mut errors, "broken").await;
    assert!(standin
        .messages(channel)
        .iter()
        .all(|m| m.buttons().is_empty()));
    let callbacks: Vec<u16> = standin
        .requests()
        .iter()
        .filter(|r| r.path == request.path)
        .map(|r| r.status)
        .collect();
    assert_eq!(callbacks.len(), 2, "{callbacks:?}");
    assert_eq!(callbacks[0], 400);
    assert!((200..300).contains(&callbacks[1]), "{callbacks:?}");

    let report = standin.check().unwrap_err().to_string();
    println!("{report}");
    assert!(
        report.contains("[schema] POST /api/v10/interactions/"),
        "{report}"
    );
    assert!(
        report.contains("body/data/components/0/components/0/custom_id"),
        "{report}"
    );
    assert!(
        report.contains("[limit]") && report.contains("label is 81 characters"),
        "{report}"
    );
    assert!(
        !report.contains("never got an initial response"),
        "poise's error message answered it: {report}"
    );
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lenient_mode_applies_but_still_reports() {
    let standin = Standin::builder().reject_invalid(false).start().await;
    let channel = standin.channel_id();
    let http = http(&standin);
    http.send_message(
        channel.get().into(),
        vec![],
        &json!({"content": "y".repeat(2001)}),
    )
    .await
    .unwrap();
    assert_eq!(standin.messages(channel).len(), 1);
    let violations = standin.violations();
    assert_eq!(violations.len(), 1, "{violations:#?}");
    assert_eq!(violations[0].kind, ViolationKind::Limit);
    assert!(standin.check().is_err());
    standin.clear_violations();
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_initial_response_is_caught() {
    let standin = Standin::start().await;
    let bot = common::start_bot(&standin).await;
    let alice = standin.user("alice");
    let twice = standin
        .run_slash(
            alice,
            standin.channel_id(),
            "forgetit",
            Some("twice"),
            Value::Null,
        )
        .await
        .unwrap();
    let answer = twice.answer().await.unwrap();
    assert_eq!(answer.content(), "first");
    let second = standin
        .wait_until("the second callback", |v| {
            let r = v.interactions().iter().find(|i| i.id == twice.id)?;
            // (poise's default error handler then tries a third time to report the error.)
            (r.responses.len() >= 2).then_some(())
        })
        .await;
    second.unwrap();
    assert!(twice.response().await.unwrap().count >= 2);
    assert_eq!(standin.messages(standin.channel_id()).len(), 1);
    let report = standin.check().unwrap_err().to_string();
    assert!(report.contains("got a second initial response"), "{report}");
    assert!(
        report.contains("40060") || report.contains("already been acknowledged"),
        "{report}"
    );
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn multipart_uploads_validate_their_payload_json() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let http = http(&standin);
    let file = serenity::CreateAttachment::bytes(b"1,2,3".as_slice(), "scores.csv");
    let sent = http
        .send_message(
            channel.get().into(),
            vec![file],
            &json!({"content": "scores", "attachments": [{"id": 0, "filename": "scores.csv"}]}),
        )
        .await
        .unwrap();
    assert_eq!(sent.content, "scores");
    let request = standin.requests().pop().unwrap();
    assert_eq!(request.files, ["files[0]"]);
    assert_eq!(request.body.unwrap()["content"], "scores");
    standin.assert_clean();
}

/// A component's custom emoji must be one Discord knows: the application's own. Another is
/// refused as Discord does (400, Invalid emoji) and recorded; an uploaded one goes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_buttons_custom_emoji_must_be_the_applications() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let http = http(&standin);
    let die = standin.add_application_emoji("die_6", b"\x89PNG\r\n\x1a\n".to_vec());
    let with_emoji = |id: u64| {
        json!({
            "content": "pick",
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 2, "custom_id": "a", "label": "A"},
                {"type": 2, "style": 2, "custom_id": "b",
                 "emoji": {"id": id.to_string(), "name": "die_6"}}
            ]}]
        })
    };

    let unknown = die + 1_000;
    let err = http
        .send_message(channel.get().into(), vec![], &with_emoji(unknown))
        .await
        .unwrap_err();
    let resp = discords_error(&err);
    assert_eq!((resp.status_code.as_u16(), resp.error.code), (400, 50035));
    let found = standin.violations();
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].kind, ViolationKind::Limit);
    assert_eq!(found[0].pointer, "/components/0/components/1/emoji/id");
    assert!(found[0].reason.contains("Invalid emoji"), "{}", found[0]);
    assert!(standin.messages(channel).is_empty(), "not posted");

    standin.clear_violations();
    let ok = http
        .send_message(channel.get().into(), vec![], &with_emoji(die))
        .await
        .unwrap();
    assert_eq!(ok.content, "pick");
    let buttons = standin.last_message(channel).unwrap().buttons();
    assert_eq!(buttons[1].emoji_id, Some(die));
    standin.assert_clean();
}

/// Discord's `nonce` and `enforce_nonce`: a message created again with the same nonce by the same
/// author, within minutes, is the message already made; without `enforce_nonce`, or once that
/// message is deleted, a new one is made. The message carries its nonce.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_with_an_enforced_nonce_returns_the_message_already_made() {
    let standin = Standin::start().await;
    let http = http(&standin);
    let channel = serenity::ChannelId::new(standin.channel_id().get());
    let create = |enforce: bool| {
        serenity::CreateMessage::new()
            .content("your turn")
            .nonce(serenity::Nonce::String("t33.b".into()))
            .enforce_nonce(enforce)
    };
    let first = channel.send_message(&http, create(true)).await.unwrap();
    assert!(
        matches!(&first.nonce, Some(serenity::Nonce::String(n)) if n == "t33.b"),
        "{:?}",
        first.nonce
    );
    let again = channel.send_message(&http, create(true)).await.unwrap();
    assert_eq!(again.id, first.id);
    assert_eq!(standin.nonces_enforced(), 1);
    let unenforced = channel.send_message(&http, create(false)).await.unwrap();
    assert_ne!(unenforced.id, first.id);
    standin.delete_message(discord_standin::MessageId(first.id.get()));
    let after_delete = channel.send_message(&http, create(true)).await.unwrap();
    assert_ne!(after_delete.id, first.id);
    assert_eq!(standin.nonces_enforced(), 1);
    assert!(
        standin.violations().is_empty(),
        "{:?}",
        standin.violations()
    );
}
