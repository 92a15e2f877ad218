//! The stand-in's server as a web page: a Discord-like view of its channels where one person can
//! act as any of its users (run slash commands, click buttons, choose in select menus), with live
//! updates and a panel of every request that broke Discord's spec or limits.
//!
//! The page is plain HTML, CSS and JavaScript embedded in the binary (`assets/`); it talks to the
//! JSON API in [`api`] and follows the stand-in's changes through server-sent events
//! (`GET /api/events`).

mod api;

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{FromRef, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::Stream;
use serde_json::json;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::{Shared, INITIAL_RESPONSE_DEADLINE};

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");

/// What the page's handlers share.
#[derive(Clone)]
struct Page {
    shared: Arc<Shared>,
    /// Closed when the page stops serving: its event streams end then.
    serving: watch::Receiver<()>,
}

impl FromRef<Page> for Arc<Shared> {
    fn from_ref(page: &Page) -> Arc<Shared> {
        Arc::clone(&page.shared)
    }
}

/// The page and its JSON API over the stand-in's state, until `serving` closes.
fn router(shared: Arc<Shared>, serving: watch::Receiver<()>) -> Router {
    Router::new()
        .route("/", get(|| asset("text/html; charset=utf-8", INDEX_HTML)))
        .route(
            "/app.js",
            get(|| asset("text/javascript; charset=utf-8", APP_JS)),
        )
        .route(
            "/app.css",
            get(|| asset("text/css; charset=utf-8", APP_CSS)),
        )
        .route("/api/world", get(api::world))
        .route("/api/channels/{id}/messages", get(api::messages))
        .route("/api/interactions", post(api::interact))
        .route("/api/events", get(events))
        .route("/emojis/{file}", get(emoji_image))
        .route(crate::ATTACHMENT_ROUTE, get(crate::rest::attachment_file))
        .fallback(|| async {
            let error = json!({"error": "There is no such page or API route."});
            (StatusCode::NOT_FOUND, Json(error))
        })
        .with_state(Page { shared, serving })
}

/// Serve [`router`] on `listener` until the task is aborted.
pub(crate) fn serve(shared: Arc<Shared>, listener: TcpListener) -> JoinHandle<()> {
    let (serving, serving_rx) = watch::channel(());
    let app = router(Arc::clone(&shared), serving_rx);
    tokio::spawn(async move {
        // Dropped, ending the event streams, when the task ends or is aborted.
        let _serving = serving;
        tokio::select! {
            _ = axum::serve(listener, app) => {}
            _ = announce_failed_interactions(shared) => {}
        }
    })
}

async fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [(CONTENT_TYPE, content_type), (CACHE_CONTROL, "no-cache")],
        body,
    )
}

/// `GET /emojis/{id}.png[?name=NAME]`: an application emoji's image, as Discord's CDN serves it;
/// an id the stand-in no longer has (its messages kept from an earlier run, the emoji uploaded
/// anew since) falls back to the emoji of that name.
async fn emoji_image(
    State(page): State<Page>,
    axum::extract::Path(file): axum::extract::Path<String>,
    axum::extract::Query(query): axum::extract::Query<std::collections::HashMap<String, String>>,
) -> axum::response::Response {
    let id: Option<u64> = file.split('.').next().and_then(|id| id.parse().ok());
    let found = page.shared.with(|w| {
        let by_id = w.app_emojis.iter().find(|e| Some(e.id) == id);
        let by_name = || {
            let name = query.get("name")?;
            w.app_emojis.iter().find(|e| &e.name == name)
        };
        by_id
            .or_else(by_name)
            .map(|e| (e.content_type.clone(), Arc::clone(&e.image)))
    });
    match found {
        Some((content_type, image)) => (
            [
                (CONTENT_TYPE, content_type),
                (CACHE_CONTROL, "max-age=3600".to_string()),
            ],
            image.as_ref().clone(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such emoji").into_response(),
    }
}

/// `GET /api/events`: one server-sent event (data: the change counter) now and after every change
/// of the stand-in's state, until the page stops serving. Changes that come in faster than the
/// page reads are coalesced.
async fn events(State(page): State<Page>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let start = (page.shared.changed.subscribe(), page.serving, true);
    let changes =
        futures_util::stream::unfold(start, |(mut changes, mut serving, first)| async move {
            if !first {
                tokio::select! {
                    changed = changes.changed() => changed.ok()?,
                    // Never sent: this ends when the page stops serving.
                    _ = serving.changed() => return None,
                }
            }
            let version = *changes.borrow_and_update();
            let event = Event::default().data(version.to_string());
            Some((Ok(event), (changes, serving, false)))
        });
    Sse::new(changes).keep_alive(KeepAlive::default())
}

/// An interaction the bot hasn't answered within [`INITIAL_RESPONSE_DEADLINE`] has failed (Discord
/// shows "This interaction failed" to the person). Nothing in the stand-in changes at that moment,
/// so bump the change counter at each such deadline: the page then shows the failure.
async fn announce_failed_interactions(shared: Arc<Shared>) {
    let mut changes = shared.changed.subscribe();
    loop {
        changes.borrow_and_update();
        let next_deadline = shared.read(|w| {
            let now = Instant::now();
            w.interactions
                .iter()
                .filter(|i| i.responses.is_empty())
                .map(|i| i.sent_at + INITIAL_RESPONSE_DEADLINE)
                .filter(|deadline| *deadline > now)
                .min()
        });
        match next_deadline {
            Some(deadline) => {
                // A little past the deadline, so that the interaction counts as failed by then.
                let at = tokio::time::Instant::from_std(deadline + Duration::from_millis(10));
                tokio::select! {
                    _ = tokio::time::sleep_until(at) => shared.changed.send_modify(|n| *n += 1),
                    _ = changes.changed() => {}
                }
            }
            None => {
                if changes.changed().await.is_err() {
                    return;
                }
            }
        }
    }
}
