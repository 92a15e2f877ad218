//! Messages with files (multipart/form-data): the stand-in checks them as Discord does, keeps the
//! files, serves their bytes, and points embeds' `attachment://` images at them.

use discord_standin::limits::{MAX_FILES, MAX_FILE_BYTES};
use discord_standin::{RawInteraction, Standin, ViolationKind, API_PREFIX};
use poise::serenity_prelude as serenity;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

/// A valid PNG of `width` × `height` grey pixels (8-bit greyscale, stored without compression).
pub fn png(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend(kind);
        out.extend(data);
        let crc = crc32(&out[start..]);
        out.extend(crc.to_be_bytes());
    }
    // Each row: filter byte 0, then the pixels.
    let mut raw = Vec::new();
    for y in 0..height {
        raw.push(0);
        raw.extend((0..width).map(|x| ((x * 255 / width.max(1)) ^ (y * 7)) as u8));
    }
    // zlib: header, stored blocks of at most 65535 bytes, Adler-32.
    let mut zlib = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        zlib.push(u8::from(i + 1 == blocks.len()));
        let n = block.len() as u16;
        zlib.extend(n.to_le_bytes());
        zlib.extend((!n).to_le_bytes());
        zlib.extend(*block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in &raw {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    zlib.extend(((b << 16) | a).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::new();
    ihdr.extend(width.to_be_bytes());
    ihdr.extend(height.to_be_bytes());
    ihdr.extend([8, 0, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// A multipart body: `payload` as `payload_json`, then each file as `files[i]`.
fn form(payload: &Value, files: &[(&str, Vec<u8>)]) -> Form {
    let mut form = Form::new();
    for (i, (name, bytes)) in files.iter().enumerate() {
        let part = Part::bytes(bytes.clone()).file_name((*name).to_owned());
        form = form.part(format!("files[{i}]"), part);
    }
    form.text("payload_json", payload.to_string())
}

/// Send `form` to the stand-in (`path` after `/api/v10`) as the bot; its status and JSON body.
async fn send(standin: &Standin, method: &str, path: &str, form: Form) -> (u16, Value) {
    let url = format!("{}{API_PREFIX}{path}", standin.rest_url());
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let response = reqwest::Client::new()
        .request(method, url)
        .header("Authorization", format!("Bot {}", standin.token()))
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn get_bytes(url: &str) -> (u16, Option<String>, Vec<u8>) {
    let response = reqwest::get(url).await.unwrap();
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    (
        status,
        content_type,
        response.bytes().await.unwrap().to_vec(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_keeps_its_png_and_its_embed_shows_it() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let chart = png(40, 20);
    let payload = json!({
        "content": "scores",
        "embeds": [{"title": "Chart", "image": {"url": "attachment://chart.png"}}],
        "attachments": [{"id": "0", "filename": "chart.png", "description": "A chart of the scores"}],
    });
    let path = format!("/channels/{channel}/messages");
    let (status, sent) = send(
        &standin,
        "POST",
        &path,
        form(&payload, &[("chart.png", chart.clone())]),
    )
    .await;
    assert_eq!(status, 200, "{sent}");
    standin.assert_clean();

    // As Discord returns it.
    let attachment = &sent["attachments"][0];
    assert_eq!(attachment["filename"], "chart.png");
    assert_eq!(attachment["description"], "A chart of the scores");
    assert_eq!(attachment["content_type"], "image/png");
    assert_eq!(attachment["size"], chart.len());
    assert_eq!(
        (attachment["width"].as_u64(), attachment["height"].as_u64()),
        (Some(40), Some(20))
    );
    let url = attachment["url"].as_str().unwrap();
    assert!(url.starts_with(&standin.rest_url()), "{url}");
    assert_eq!(sent["embeds"][0]["image"]["url"], url);

    // As the test sees it.
    let id = sent["id"].as_str().unwrap().parse::<u64>().unwrap();
    let message = standin.message(id.into()).unwrap();
    let [kept] = message.attachments() else {
        panic!("{:?}", message.attachments())
    };
    assert_eq!(kept.bytes.as_slice(), chart.as_slice());
    assert_eq!(kept.dimensions, Some((40, 20)));
    assert_eq!(message.attachment("chart.png"), Some(kept));
    assert_eq!(message.embeds()[0]["image"]["url"], url);

    // Served by the stand-in.
    let (status, content_type, bytes) = get_bytes(url).await;
    assert_eq!(status, 200);
    assert_eq!(content_type.as_deref(), Some("image/png"));
    assert_eq!(bytes, chart);
    let (status, _, _) = get_bytes(&url.replace("chart.png", "other.png")).await;
    assert_eq!(status, 404);
}

/// A message kept across a restart ([`Standin::lasting_messages`]) keeps its files: the next
/// stand-in serves them, and the embed's image points at it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_files() {
    let standin = Standin::builder().stable_ids().start().await;
    let chart = png(3, 2);
    let payload = json!({
        "embeds": [{"image": {"url": "attachment://chart.png"}}],
        "attachments": [{"id": 0, "filename": "chart.png"}],
    });
    let path = format!("/channels/{}/messages", standin.channel_id());
    let (status, sent) = send(
        &standin,
        "POST",
        &path,
        form(&payload, &[("chart.png", chart.clone())]),
    )
    .await;
    assert_eq!(status, 200, "{sent}");
    let kept = serde_json::to_string(&standin.lasting_messages()).unwrap();
    drop(standin);

    let messages = serde_json::from_str(&kept).unwrap();
    let again = Standin::builder()
        .stable_ids()
        .messages(messages)
        .start()
        .await;
    let id = sent["id"].as_str().unwrap().parse::<u64>().unwrap();
    let message = again.message_json(id.into());
    let url = message["attachments"][0]["url"].as_str().unwrap();
    assert!(url.starts_with(&again.rest_url()), "{url}");
    assert_eq!(message["embeds"][0]["image"]["url"], url);
    assert_eq!(get_bytes(url).await.2, chart);
}

/// What the bot will send: serenity's builders (a new file's id is the number 0).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serenitys_builders_attach_files() {
    let standin = Standin::start().await;
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    let channel = serenity::ChannelId::new(standin.channel_id().get());
    let chart = png(8, 8);
    let file = serenity::CreateAttachment::bytes(chart.clone(), "chart.png").description("Chart");
    let embed = serenity::CreateEmbed::new()
        .title("Odds")
        .image("attachment://chart.png");
    let sent = channel
        .send_message(
            &http,
            serenity::CreateMessage::new().add_file(file).embed(embed),
        )
        .await
        .unwrap();
    standin.assert_clean();
    assert_eq!(sent.attachments.len(), 1);
    assert_eq!(sent.attachments[0].description.as_deref(), Some("Chart"));
    assert_eq!(sent.attachments[0].width, Some(8));
    let url = &sent.attachments[0].url;
    assert_eq!(
        sent.embeds[0].image.as_ref().map(|i| i.url.as_str()),
        Some(url.as_str())
    );

    // An edit that keeps it and adds a second.
    let second = serenity::CreateAttachment::bytes(png(2, 2), "second.png");
    let attachments = serenity::EditAttachments::keep_all(&sent).add(second);
    let edited = channel
        .edit_message(
            &http,
            sent.id,
            serenity::EditMessage::new()
                .content("two")
                .attachments(attachments),
        )
        .await
        .unwrap();
    standin.assert_clean();
    let names: Vec<&str> = edited
        .attachments
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(names, ["chart.png", "second.png"]);
    assert_eq!(edited.attachments[0].id, sent.attachments[0].id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edit_keeps_the_attachments_it_lists() {
    let standin = Standin::start().await;
    let channel = standin.channel_id();
    let path = format!("/channels/{channel}/messages");
    let two =
        json!({"attachments": [{"id": 0, "filename": "a.png"}, {"id": 1, "filename": "b.png"}]});
    let (status, sent) = send(
        &standin,
        "POST",
        &path,
        form(&two, &[("a.png", png(1, 1)), ("b.png", png(2, 2))]),
    )
    .await;
    assert_eq!(status, 200, "{sent}");
    let a = sent["attachments"][0]["id"].clone();
    let b_url = sent["attachments"][1]["url"].as_str().unwrap().to_owned();
    let id = sent["id"].as_str().unwrap();
    let edit = format!("{path}/{id}");
    let names = |m: &Value| -> Vec<String> {
        m["attachments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["filename"].as_str().unwrap().to_owned())
            .collect()
    };

    // Keep a, drop b, add c.
    let keep = json!({"attachments": [{"id": a}, {"id": 0, "filename": "c.png"}]});
    let (status, edited) = send(
        &standin,
        "PATCH",
        &edit,
        form(&keep, &[("c.png", png(3, 3))]),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(names(&edited), ["a.png", "c.png"]);
    assert_eq!(edited["attachments"][0]["id"], a);

    // An entry that is neither a file sent nor an attachment of the message: refused.
    let (status, edited) = send(
        &standin,
        "PATCH",
        &edit,
        form(
            &json!({"content": "more", "attachments": [{"id": 0, "filename": "d.png"}]}),
            &[],
        ),
    )
    .await;
    assert_eq!(status, 400, "{edited}");
    // No list: all stay.
    let only_content = Form::new().text("payload_json", json!({"content": "more"}).to_string());
    let (status, edited) = send(&standin, "PATCH", &edit, only_content).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(names(&edited), ["a.png", "c.png"]);
    // An empty list drops them all.
    let none = Form::new().text("payload_json", json!({"attachments": []}).to_string());
    let (_, edited) = send(&standin, "PATCH", &edit, none).await;
    assert_eq!(names(&edited), Vec::<String>::new());

    // The CDN still serves a dropped file, as Discord's does for a while.
    assert_eq!(get_bytes(&b_url).await.0, 200);
    let problems = standin.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("/attachments/0/id"), "{problems:?}");
}

/// An interaction's answer, its follow-up and an edit of the original take files too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interaction_answers_take_files() {
    let standin = Standin::start().await;
    // A bot that connects and answers nothing itself: the test answers through the REST API.
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .await
            .unwrap();
    let bot = tokio::spawn(async move { client.start().await });
    let alice = standin.user("alice");
    let sent = standin
        .send_raw(
            alice,
            RawInteraction::command(standin.channel_id(), json!({"name": "chart"})),
        )
        .await
        .unwrap();
    let token = sent.record().token;
    let with_image = |text: &str, name: &str| {
        json!({
            "content": text,
            "embeds": [{"image": {"url": format!("attachment://{name}")}}],
            "attachments": [{"id": 0, "filename": name, "description": text}],
        })
    };
    let callback = format!("/interactions/{}/{token}/callback", sent.id);
    let answer = json!({"type": 4, "data": with_image("first", "one.png")});
    let (status, body) = send(
        &standin,
        "POST",
        &callback,
        form(&answer, &[("one.png", png(4, 4))]),
    )
    .await;
    assert_eq!(status, 204, "{body}");
    let original = sent.answer().await.unwrap();
    assert_eq!(
        original.attachments()[0].description.as_deref(),
        Some("first")
    );
    let url = &original.embeds()[0]["image"]["url"];
    assert!(url.as_str().unwrap().ends_with("/one.png"), "{url}");

    let app = standin.application_id();
    let followup = format!("/webhooks/{app}/{token}");
    let payload = with_image("second", "two.png");
    let (status, body) = send(
        &standin,
        "POST",
        &followup,
        form(&payload, &[("two.png", png(5, 5))]),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["attachments"][0]["filename"], "two.png");

    let edit = format!("/webhooks/{app}/{token}/messages/@original");
    let payload = with_image("third", "three.png");
    let (status, body) = send(
        &standin,
        "PATCH",
        &edit,
        form(&payload, &[("three.png", png(6, 6))]),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let edited = standin.message(original.id).unwrap();
    let names: Vec<&str> = edited
        .attachments()
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(names, ["three.png"]);
    standin.assert_clean();
    bot.abort();
}

/// One thing wrong with a message's files, as Discord refuses it.
#[derive(Clone, Debug)]
enum Bad {
    /// A file named as an image whose bytes are not that image.
    Magic { name: String, bytes: Vec<u8> },
    /// An `attachments` entry whose id is no file part.
    NoFile { id: u64 },
    /// A file part without an `attachments` entry.
    NoEntry,
    /// More than [`MAX_FILES`] files.
    TooMany { n: usize },
}

fn bad() -> impl Strategy<Value = Bad> {
    let image = prop_oneof![
        Just("png"),
        Just("PNG"),
        Just("jpg"),
        Just("jpeg"),
        Just("gif"),
        Just("webp")
    ];
    let magic = (
        "[a-z]{1,8}",
        image,
        proptest::collection::vec(any::<u8>(), 0..64),
    )
        .prop_filter("not an image's first bytes", |(_, _, bytes)| {
            !(bytes.starts_with(b"\x89PNG")
                || bytes.starts_with(b"\xff\xd8\xff")
                || bytes.starts_with(b"GIF8")
                || bytes.starts_with(b"RIFF"))
        })
        .prop_map(|(stem, ext, bytes)| Bad::Magic {
            name: format!("{stem}.{ext}"),
            bytes,
        });
    prop_oneof![
        magic,
        (1u64..1000).prop_map(|id| Bad::NoFile { id }),
        Just(Bad::NoEntry),
        (MAX_FILES + 1..MAX_FILES + 4).prop_map(|n| Bad::TooMany { n }),
    ]
}

/// Each broken rule is answered 400 Invalid Form Body, recorded as a limit violation at the
/// `attachments` entry (or list), and no message is made.
#[test]
fn bad_files_are_refused_as_discord_refuses_them() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let standin = runtime.block_on(Standin::start());
    let path = format!("/channels/{}/messages", standin.channel_id());
    let mut runner = TestRunner::new(Config {
        cases: 24,
        ..Config::default()
    });
    runner
        .run(&bad(), |bad| {
            let entry = |i: usize, name: &str| json!({"id": i, "filename": name});
            let (payload, files, pointer) = match &bad {
                Bad::Magic { name, bytes } => (
                    json!({"attachments": [entry(0, name)]}),
                    vec![(name.as_str(), bytes.clone())],
                    "/attachments/0",
                ),
                Bad::NoFile { id } => (
                    json!({"attachments": [{"id": id.to_string(), "filename": "a.png"}]}),
                    vec![],
                    "/attachments/0/id",
                ),
                Bad::NoEntry => (
                    json!({"content": "x"}),
                    vec![("a.txt", b"text".to_vec())],
                    "/attachments",
                ),
                Bad::TooMany { n } => (
                    json!({"attachments": (0..*n).map(|i| entry(i, "a.txt")).collect::<Vec<_>>()}),
                    vec![("a.txt", b"text".to_vec()); *n],
                    "/attachments",
                ),
            };
            let before = standin.messages(standin.channel_id()).len();
            standin.take_requests();
            let (status, body) =
                runtime.block_on(send(&standin, "POST", &path, form(&payload, &files)));
            prop_assert_eq!(status, 400, "{:?}: {}", bad, body);
            prop_assert_eq!(&body["code"], &json!(50035));
            let request = standin.requests().pop().unwrap();
            let found = request
                .violations
                .iter()
                .any(|v| v.kind == ViolationKind::Limit && v.pointer == pointer);
            prop_assert!(found, "{:?}: {:?}", bad, request.violations);
            prop_assert_eq!(standin.messages(standin.channel_id()).len(), before);
            Ok(())
        })
        .unwrap();
}

/// A file over Discord's upload limit for bots: 413, code 40005, as Discord answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversize_file_is_refused_with_413() {
    let standin = Standin::start().await;
    let path = format!("/channels/{}/messages", standin.channel_id());
    let payload = json!({"attachments": [{"id": 0, "filename": "big.bin"}]});
    let big = vec![0u8; MAX_FILE_BYTES + 1];
    let (status, body) = send(&standin, "POST", &path, form(&payload, &[("big.bin", big)])).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["code"], 40005);
    let problems = standin.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("files[0] is 10485761 bytes"),
        "{problems:?}"
    );
    assert!(standin.messages(standin.channel_id()).is_empty());

    // Just at the limit: taken.
    let fits = vec![0u8; MAX_FILE_BYTES];
    let (status, body) = send(
        &standin,
        "POST",
        &path,
        form(&payload, &[("big.bin", fits)]),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["attachments"][0]["size"], MAX_FILE_BYTES);
}
