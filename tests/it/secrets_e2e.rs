//! The bot token never reaches the log: the `forgetit` binary (a child process, see
//! `common::process`), its token read from a file beside Kubernetes' service link variables, run
//! at `log.filter = "trace"` (every target of every dependency: serenity, tungstenite's frames,
//! reqwest, hyper, sqlx, ...) against a Discord stand-in, through a start, a game played to its
//! end and a clean stop; every line it wrote is then searched for the token in each form a log
//! could hold it: as text, as the bytes of a frame printed as numbers (decimal, hexadecimal), and
//! as base64 at each of its three alignments.

use crate::common;

use std::time::Duration;

use base64::Engine;
use common::process::{current_turn, on_turn, open_game, BotProcess, Database};
use discord_standin::{Standin, StandinConfig};

/// Shaped as serenity wants (three dot-separated parts), and unlike anything else in a log.
const TOKEN: &str = "c2VjcmV0LXRva2Vu.Zorglub-7q.xYz_never-LOG-me_42";

/// Every form of `secret` a log line could carry.
fn forms(secret: &str) -> Vec<String> {
    let bytes = secret.as_bytes();
    let mut forms = vec![secret.to_string()];
    // A byte buffer printed with `{:?}`: `[99, 50, 86, ...]`, and as hex.
    forms.push(
        bytes
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    );
    forms.push(
        bytes
            .iter()
            .map(|b| format!("{b:#04x}"))
            .collect::<Vec<_>>()
            .join(", "),
    );
    forms.push(bytes.iter().map(|b| format!("{b:02x}")).collect());
    // Base64 of a text holding the token at any offset: the middle of each of the three
    // alignments' encodings is the same whatever surrounds it.
    for pad in 0..3 {
        let mut padded = vec![b'"'; pad];
        padded.extend_from_slice(bytes);
        let encoded = base64::engine::general_purpose::STANDARD.encode(&padded);
        // Drop what the padding and the end's partial group touched.
        let stable = &encoded[4..encoded.len() - 4];
        forms.push(stable.to_string());
    }
    forms
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_in_no_log_line_at_trace_in_any_form() {
    let standin = Standin::builder()
        .config(StandinConfig {
            token: TOKEN.into(),
            wait_timeout: Duration::from_secs(30),
            ..StandinConfig::default()
        })
        .channels(&["general"])
        .users(&[("alice", "en-US"), ("bob", "en-GB")])
        .start()
        .await;
    let dir = tempfile::tempdir().unwrap();
    let db = Database::File(dir.path().join("forgetit.db"));
    // The token from a file, as Docker and Kubernetes mount a secret (with a trailing newline).
    let token_file = dir.path().join("discord-token");
    std::fs::write(&token_file, format!("{TOKEN}\n")).unwrap();
    let bot = BotProcess::spawn(
        "bot",
        &standin,
        dir.path(),
        &db,
        &[
            // serenity is kept at warn unless the filter names it: named, at trace too.
            (
                "FORGETIT_LOG__FILTER",
                "trace,serenity=trace,tungstenite=trace",
            ),
            ("DISCORD_TOKEN_FILE", token_file.to_str().unwrap()),
            // What Kubernetes sets beside it for a Service named forgetit: ignored.
            ("FORGETIT_PORT", "tcp://10.96.0.12:9100"),
            ("FORGETIT_PORT_9100_TCP_ADDR", "10.96.0.12"),
            ("FORGETIT_SERVICE_HOST", "10.96.0.12"),
            ("FORGETIT_SERVICE_PORT", "9100"),
        ],
    );
    bot.connected().await;

    let channel = standin.channel("general");
    let (alice, bob) = (standin.user("alice"), standin.user("bob"));
    // A game to the lowest target, played to its end: every click goes through the gateway, the
    // REST API and the database.
    let table = open_game(&standin, channel, alice, bob, 50).await;
    // A game over: one winner, or equal totals sharing the win (F10), which random banking
    // reaches now and then.
    let over = |messages: &[discord_standin::Message]| {
        messages.iter().any(|m| {
            let text = m.text();
            text.contains(" wins with ") || text.contains(" share the win")
        })
    };
    for _ in 0..500 {
        let messages = standin.messages(channel);
        if over(&messages) {
            break;
        }
        let (turn, version) = current_turn(&messages, table.game).expect("a turn or the end");
        let player = on_turn(&turn);
        // Bank whatever the turn holds, else keep the first number offered, else roll.
        let buttons = turn.buttons();
        let labelled = |prefix: &str| {
            buttons
                .iter()
                .filter(|b| !b.disabled)
                .find(|b| b.label.as_deref().is_some_and(|l| l.starts_with(prefix)))
        };
        let button = labelled("Bank")
            .or_else(|| labelled("Keep"))
            .or_else(|| labelled("Roll"))
            .unwrap_or_else(|| panic!("no move on {turn:?}"));
        let label = button.label.clone().expect("a label");
        let clicked = standin.click(player, turn.id, &label).await.unwrap();
        clicked.response().await.unwrap();
        standin
            .wait_until("the click shown", |view| {
                let messages = view.messages(channel);
                let now = current_turn(&messages, table.game).map(|(m, v)| (m.id, v));
                (over(&messages) || now.is_some_and(|now| now != (turn.id, version))).then_some(())
            })
            .await
            .unwrap();
    }
    assert!(over(&standin.messages(channel)), "the game ended");
    // The game's end gets its chart, and alice asks for her review (a chart of her chances):
    // the charts' SVG reader is kept quiet.
    standin
        .wait_until("the game's end with its chart", |view| {
            view.messages(channel)
                .iter()
                .any(|m| over(std::slice::from_ref(m)) && !m.attachments().is_empty())
                .then_some(())
        })
        .await
        .unwrap();
    let review = standin
        .run_slash(
            alice,
            channel,
            "forgetit",
            Some("review"),
            serde_json::json!({}),
        )
        .await
        .unwrap();
    let review = review.answer().await.unwrap();
    assert!(!review.attachments().is_empty(), "a review with its chart");
    let log = bot.log_handle();
    let status = bot.stop_within(Duration::from_secs(60)).await.unwrap().0;
    assert!(status.success(), "a clean stop: {status}");

    let log = log.lock().unwrap().clone();
    // Discord's ids, wherever a line or its spans name one, are text: a JSON number above 2^53
    // loses its last digits in most readers.
    fn numbered_ids(value: &serde_json::Value, found: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, value) in map {
                    let id_field =
                        ["channel", "guild", "user", "thread", "host"].contains(&key.as_str());
                    if id_field && value.is_number() {
                        found.push(format!("{key}: {value}"));
                    }
                    numbered_ids(value, found);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|v| numbered_ids(v, found)),
            _ => {}
        }
    }
    // A quiet log: a whole game, its charts and a clean stop warn of nothing.
    let noise: Vec<&serde_json::Value> = log
        .iter()
        .filter(|e| e["level"] == "WARN" || e["level"] == "ERROR")
        .collect();
    assert!(noise.is_empty(), "{noise:#?}");
    // The lines the token would be in if it leaked are there to search: the gateway's events as
    // received (a span `handle_event` with the whole event), the IDENTIFY as sent (its span
    // `send_identify`), and tungstenite's own. (A filter that dropped them would pass the
    // search for nothing.)
    let in_span = |name: &str| {
        log.iter().any(|e| {
            e["spans"]
                .as_array()
                .is_some_and(|spans| spans.iter().any(|s| s["name"] == name))
        })
    };
    assert!(
        log.iter()
            .any(|e| e["span"]["name"] == "handle_event" && e["span"]["event"].is_string()),
        "a gateway event, whole, in a line's span"
    );
    assert!(in_span("send_identify"), "the IDENTIFY being sent");
    assert!(
        log.iter().any(|e| e["target"]
            .as_str()
            .is_some_and(|t| t.starts_with("tungstenite"))),
        "tungstenite's own lines"
    );
    let mut numbered = Vec::new();
    log.iter()
        .for_each(|entry| numbered_ids(entry, &mut numbered));
    assert!(numbered.is_empty(), "ids logged as numbers: {numbered:?}");
    assert!(
        log.iter().any(|e| e["span"]["channel"].is_string()),
        "a table's span names its channel"
    );
    assert!(
        log.len() > 100,
        "a trace log of a whole game holds many lines: {}",
        log.len()
    );
    assert!(
        log.iter().any(|e| e["level"] == "TRACE"
            && e["target"]
                .as_str()
                .is_some_and(|t| t.starts_with("serenity"))),
        "serenity's own TRACE lines are in the log"
    );
    let forms = forms(TOKEN);
    let leaks: Vec<String> = log
        .iter()
        .map(|entry| entry.to_string())
        .filter_map(|line| {
            let form = forms.iter().find(|form| line.contains(form.as_str()))?;
            Some(format!("as {form:?}: {line}"))
        })
        .collect();
    assert!(
        leaks.is_empty(),
        "the token is in {} log lines, the first:\n{}",
        leaks.len(),
        leaks.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
    );
}
