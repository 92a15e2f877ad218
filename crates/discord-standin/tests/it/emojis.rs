//! The application emoji endpoints (`/applications/{id}/emojis`): list, upload, get, delete,
//! checked against the spec; the upload's name, image data URI and 256 KiB limit, duplicate
//! names, the refusal a test can inject, and the page serving an emoji's image as Discord's CDN.

use base64::Engine;
use discord_standin::faults::APPLICATION_EMOJIS;
use discord_standin::{EmojiRefusal, FaultKind, Standin, ViolationKind};
use serde_json::{json, Value};

/// A PNG's signature and a little more (the stand-in checks the media type's magic bytes).
fn png(len: usize) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n".to_vec();
    bytes.resize(len.max(8), 0);
    bytes
}

fn data_uri(media: &str, bytes: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
    format!("data:{media};base64,{b64}")
}

struct Api {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Api {
    fn new(standin: &Standin) -> Api {
        Api {
            http: reqwest::Client::new(),
            base: format!(
                "{}/api/v10/applications/{}/emojis",
                standin.rest_url(),
                standin.application_id()
            ),
            token: standin.token(),
        }
    }

    async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = self
            .http
            .request(method, format!("{}{path}", self.base))
            .header("Authorization", format!("Bot {}", self.token));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    async fn create(&self, name: &str, image: &str) -> (u16, Value) {
        let body = json!({"name": name, "image": image});
        self.send(reqwest::Method::POST, "", Some(body)).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upload_list_get_and_delete_as_discord_does() {
    let standin = Standin::start().await;
    let api = Api::new(&standin);
    let (status, listed) = api.send(reqwest::Method::GET, "", None).await;
    assert_eq!((status, listed), (200, json!({"items": []})));

    let (status, created) = api
        .create("fgi1_for_3", &data_uri("image/png", &png(600)))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["name"], "fgi1_for_3");
    for key in [
        "id",
        "roles",
        "require_colons",
        "managed",
        "animated",
        "available",
    ] {
        assert!(created.get(key).is_some(), "{key} in {created}");
    }
    let id = created["id"].as_str().unwrap().to_string();
    let stored = standin.application_emojis();
    assert_eq!(stored.len(), 1);
    assert_eq!(
        (stored[0].id.to_string(), stored[0].image.len()),
        (id.clone(), 600)
    );

    let (status, listed) = api.send(reqwest::Method::GET, "", None).await;
    assert_eq!(status, 200);
    assert_eq!(listed["items"][0]["id"], json!(id));
    let (status, one) = api
        .send(reqwest::Method::GET, &format!("/{id}"), None)
        .await;
    assert_eq!((status, one["name"].as_str()), (200, Some("fgi1_for_3")));

    let (status, _) = api
        .send(reqwest::Method::DELETE, &format!("/{id}"), None)
        .await;
    assert_eq!(status, 204);
    assert!(standin.application_emojis().is_empty());
    standin.assert_clean();

    // Deleting it again: Discord's 404 Unknown Emoji, a mistake of the bot's.
    let (status, body) = api
        .send(reqwest::Method::DELETE, &format!("/{id}"), None)
        .await;
    assert_eq!((status, body["code"].as_u64()), (404, Some(10014)));
    assert_eq!(standin.problems().len(), 1, "{:?}", standin.problems());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_uploads_get_discords_400_and_are_recorded() {
    let standin = Standin::start().await;
    let api = Api::new(&standin);
    let good = data_uri("image/png", &png(100));
    let form_error = |body: &Value, field: &str| -> String {
        assert_eq!(body["code"], 50035, "{body}");
        body["errors"][field]["_errors"][0]["code"]
            .as_str()
            .unwrap_or_else(|| panic!("no error on {field}: {body}"))
            .to_string()
    };

    // Names: 2-32 characters (the spec), of [A-Za-z0-9_] (Discord).
    let (status, _) = api.create("x", &good).await;
    assert_eq!(status, 400);
    let (status, body) = api.create("dice-3", &good).await;
    assert_eq!(status, 400);
    assert_eq!(form_error(&body, "name"), "STRING_TYPE_REGEX");

    // Images: a data URI of PNG, JPEG, GIF or WEBP, whose bytes are that type, at most 256 KiB.
    for image in [
        b64_only(&png(10)),
        data_uri("image/bmp", &png(10)),
        data_uri("image/jpeg", &png(10)),
        "data:image/png;base64,not base64!".to_string(),
    ] {
        let (status, body) = api.create("fgi1_for_3", &image).await;
        assert_eq!(status, 400, "{image}");
        assert_eq!(form_error(&body, "image"), "IMAGE_INVALID", "{image}");
    }
    let (status, body) = api
        .create("fgi1_for_3", &data_uri("image/png", &png(256 * 1024 + 1)))
        .await;
    assert_eq!(status, 400);
    assert_eq!(form_error(&body, "image"), "BINARY_TYPE_MAX_SIZE");
    let (status, _) = api
        .create("fgi1_for_3", &data_uri("image/png", &png(256 * 1024)))
        .await;
    assert_eq!(status, 201, "256 KiB exactly is allowed");

    // A name taken.
    let (status, body) = api.create("fgi1_for_3", &good).await;
    assert_eq!(status, 400);
    assert_eq!(
        form_error(&body, "name"),
        "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
    );
    assert_eq!(standin.application_emojis().len(), 1);

    let problems = standin.problems();
    // Every mistake but the taken name (processes of one bot racing to upload get that).
    assert_eq!(problems.len(), 7, "{problems:#?}");
    let violations = standin.violations();
    assert!(violations
        .iter()
        .any(|v| v.kind == ViolationKind::Schema && v.pointer == "/name"));
    assert!(violations
        .iter()
        .any(|v| v.kind == ViolationKind::Limit && v.reason.contains("256.0 kb")));
}

fn b64_only(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_uploads_are_a_fault_not_a_mistake() {
    let standin = Standin::start().await;
    let api = Api::new(&standin);
    let image = data_uri("image/png", &png(100));
    standin.refuse_emoji_uploads(Some(EmojiRefusal::Full));
    let (status, body) = api.create("fgi1_for_3", &image).await;
    assert_eq!((status, body["code"].as_u64()), (400, Some(30008)));
    standin.refuse_emoji_uploads(Some(EmojiRefusal::Forbidden));
    let (status, body) = api.create("fgi1_for_3", &image).await;
    assert_eq!((status, body["code"].as_u64()), (403, Some(50013)));
    let fired = standin.faults_fired();
    assert_eq!(fired.len(), 2);
    assert_eq!(fired[0].kind, FaultKind::EmojiRefused(EmojiRefusal::Full));
    assert_eq!(fired[0].route.as_deref(), Some(APPLICATION_EMOJIS));
    standin.refuse_emoji_uploads(None);
    let (status, _) = api.create("fgi1_for_3", &image).await;
    assert_eq!(status, 201);
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_serves_an_emojis_image_by_id_or_by_name() {
    let standin = Standin::start().await;
    let image = png(300);
    let id = standin.add_application_emoji("gd1_6_held", image.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let _web = standin.serve_web(listener);
    let get = |path: String| async move {
        let response = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string());
        (status, kind, response.bytes().await.unwrap().to_vec())
    };
    let (status, kind, bytes) = get(format!("/emojis/{id}.png")).await;
    assert_eq!((status, kind.as_deref()), (200, Some("image/png")));
    assert_eq!(bytes, image);
    // An id from an earlier run (a kept message), found by its name.
    let (status, _, bytes) = get("/emojis/1.png?name=gd1_6_held".into()).await;
    assert_eq!((status, bytes), (200, image));
    let (status, _, _) = get("/emojis/1.png?name=nobody".into()).await;
    assert_eq!(status, 404);
}
