//! The REST side: every request is logged, checked against the spec and the documented limits,
//! and (if it is one the stand-in serves) applied to the channel model.
//!
//! This file takes a request in (`handle`, `process`) and routes it by the first segments of its
//! path to the resource that serves it, each in its own file:
//!
//! - `channels`: a channel, its messages and its threads;
//! - `guilds`: a guild, its channels and members;
//! - `users`: the bot and the users;
//! - `gateway`: where the gateway is (`GET /gateway`, `GET /gateway/bot`);
//! - `applications`: the application and its commands (global and per guild);
//! - `emoji`: the application's emoji;
//! - `interactions`: interaction callbacks and the webhooks of their messages.
//!
//! `validate` checks a request against the spec and the documented limits. What the resources
//! share (the request being applied, `Call`; Discord's usual answers) is here.

mod applications;
mod channels;
mod emoji;
mod gateway;
mod guilds;
mod interactions;
mod users;
mod validate;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use crate::faults::{fault_reply, FaultKind, FiredFault, RestFaultKind, INTERACTION_CALLBACK};
use crate::ids::{ChannelId, GuildId, InteractionId, MessageId};
use crate::model::{Attachment, World};
use crate::multipart;
use crate::spec::RouteMatch;
use crate::violation::{Violation, ViolationKind};
use crate::Shared;

pub(crate) use validate::validate;
use validate::{check_emoji, check_files, invalid_form_body, validate_if};

/// The prefix serenity puts before every route.
pub const API_PREFIX: &str = "/api/v10";

/// What the stand-in answers.
#[derive(Debug)]
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) body: Option<Value>,
    /// Extra headers (rate-limit headers of a 429, a content type for `text`).
    pub(crate) headers: Vec<(String, String)>,
    /// A body that isn't JSON (what Discord's edge sends with a 502 or 503).
    pub(crate) text: Option<String>,
}

impl Reply {
    fn with_body(status: u16, body: Option<Value>) -> Self {
        Reply {
            status,
            body,
            headers: Vec::new(),
            text: None,
        }
    }

    fn ok(body: Value) -> Self {
        Self::with_body(200, Some(body))
    }

    fn created(body: Value) -> Self {
        Self::with_body(201, Some(body))
    }

    fn no_content() -> Self {
        Self::with_body(204, None)
    }

    fn error(status: u16, code: u64, message: &str) -> Self {
        Self::with_body(status, Some(json!({"message": message, "code": code})))
    }
}

/// A fault injected into one request.
#[derive(Debug, Default)]
pub(crate) struct Injected {
    /// Answer this instead of handling the request.
    reply: Option<Reply>,
    /// The request was held this long first.
    delay: Option<Duration>,
}

/// The spec's route template of a request, if it matches one.
fn route_of(shared: &Shared, method: &str, path: &str) -> Option<String> {
    let api_path = path.strip_prefix(API_PREFIX)?;
    shared
        .spec
        .match_route(method, api_path)
        .map(|m| m.template.to_owned())
}

/// Take the first injected REST fault matching the request, and record that it fired.
fn take_fault(shared: &Shared, method: &str, path: &str) -> Option<RestFaultKind> {
    if shared.read(|w| w.rest_faults.is_empty()) {
        return None;
    }
    let route = route_of(shared, method, path);
    let found = shared.read(|w| {
        w.rest_faults
            .iter()
            .any(|f| f.matches(method, route.as_deref()))
    });
    if !found {
        return None;
    }
    shared.with(|w| {
        let i = w
            .rest_faults
            .iter()
            .position(|f| f.matches(method, route.as_deref()))?;
        let fault = &mut w.rest_faults[i];
        let kind = fault.kind.clone();
        if let Some(n) = fault.times.as_mut() {
            *n -= 1;
        }
        if fault.times == Some(0) {
            w.rest_faults.remove(i);
        }
        if route.as_deref() == Some(INTERACTION_CALLBACK)
            && !matches!(kind, RestFaultKind::Delay(_) | RestFaultKind::HoldAnswer(_))
        {
            // `/api/v10/interactions/{id}/{token}/callback`: Discord, not the bot, failed it.
            let id = path.split('/').skip_while(|p| *p != "interactions").nth(1);
            if let Some(id) = id.and_then(|id| id.parse::<u64>().ok()) {
                w.fault_refused.insert(InteractionId::from(id));
            }
        }
        w.fired.push(FiredFault {
            at: Instant::now(),
            method: method.to_owned(),
            path: path.to_owned(),
            route: route.clone(),
            kind: FaultKind::Rest(kind.clone()),
        });
        Some(kind)
    })
}

/// axum fallback handler: every REST request lands here.
pub(crate) async fn handle(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut injected = Injected::default();
    let mut hold = None;
    match take_fault(&shared, method.as_str(), uri.path()) {
        None => {}
        Some(RestFaultKind::HoldAnswer(d)) => hold = Some(d),
        Some(RestFaultKind::Delay(d)) => {
            tokio::time::sleep(d).await;
            injected.delay = Some(d);
        }
        Some(RestFaultKind::Reset) => {
            // End the connection's task without an answer: hyper drops the TCP connection.
            // (`resume_unwind` skips the panic hook, so nothing is printed.)
            std::panic::resume_unwind(Box::new("discord-standin: injected connection reset"));
        }
        Some(kind) => {
            let route = route_of(&shared, method.as_str(), uri.path());
            injected.reply = fault_reply(&kind, route.as_deref());
        }
    }
    let header = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let content_type = header(header::CONTENT_TYPE);
    let parts = match content_type {
        Some(c) if c.starts_with("multipart/form-data") && !body.is_empty() => {
            Some(multipart::parse(c, body.clone()).await)
        }
        _ => None,
    };
    let reply = process(
        &shared,
        method.as_str(),
        uri.path(),
        uri.query(),
        content_type,
        header(header::AUTHORIZATION),
        &body,
        parts,
        injected,
    );
    if let Some(hold) = hold {
        tokio::time::sleep(hold).await;
    }
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = match (reply.body, reply.text) {
        (Some(v), _) => (
            status,
            [(header::CONTENT_TYPE, "application/json")],
            v.to_string(),
        )
            .into_response(),
        (None, Some(text)) => (status, text).into_response(),
        (None, None) => status.into_response(),
    };
    for (name, value) in reply.headers {
        if let (Ok(name), Ok(value)) = (
            header::HeaderName::try_from(name),
            header::HeaderValue::try_from(value),
        ) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// `GET /attachments/{channel}/{attachment}/{filename}`: an attached file's bytes, as Discord's
/// CDN serves them (also for a message since edited or deleted, as the CDN does for a while).
pub(crate) async fn attachment_file(
    State(shared): State<Arc<Shared>>,
    axum::extract::Path((channel, attachment, filename)): axum::extract::Path<(u64, u64, String)>,
) -> Response {
    let found = shared.read(|w| w.attachment_file(ChannelId(channel), attachment));
    match found.filter(|a| a.filename == filename) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.content_type.clone()),
                (header::CACHE_CONTROL, "max-age=3600".to_string()),
            ],
            a.bytes.as_ref().clone(),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "404: Not Found").into_response(),
    }
}

/// Handle one request end to end: parse, validate, apply (unless a fault answers), log.
/// `parts`: a multipart body, parsed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn process(
    shared: &Shared,
    method: &str,
    path: &str,
    query: Option<&str>,
    content_type: Option<&str>,
    authorization: Option<&str>,
    raw: &[u8],
    parts: Option<Result<multipart::Parts, String>>,
    injected: Injected,
) -> Reply {
    let mut violations = Vec::new();
    let multipart = content_type.is_some_and(|c| c.starts_with("multipart/form-data"));
    let (body, files) = parse_body(method, path, raw, multipart, parts, &mut violations);
    let bodies = shared.validate.load(std::sync::atomic::Ordering::Relaxed);
    let (matched, mut found) = validate_if(&shared.spec, method, path, body.as_ref(), bodies);
    violations.append(&mut found);
    let mut too_large = false;
    if let (true, Some(m)) = (bodies && multipart, &matched) {
        let mut errs = Vec::new();
        too_large = check_files(method, m, raw.len(), body.as_ref(), &files, &mut errs);
        for (pointer, reason) in errs {
            violations.push(Violation::new(
                ViolationKind::Limit,
                method,
                path,
                &pointer,
                reason,
            ));
        }
    }

    let reply = shared.with(|w| {
        let unauthorized = unauthorized(w, method, path, authorization, &mut violations);
        if let (true, Some(m), Some(body)) = (bodies, &matched, &body) {
            for (pointer, reason) in check_emoji(w, method, m.template, body) {
                let limit = Violation::new(ViolationKind::Limit, method, path, &pointer, reason);
                violations.push(limit);
            }
        }
        let invalid = violations
            .iter()
            .any(|v| matches!(v.kind, ViolationKind::Schema | ViolationKind::Limit));
        let reply = match &matched {
            _ if injected.reply.is_some() => injected.reply.unwrap_or_else(Reply::no_content),
            _ if unauthorized => Reply::error(401, 0, "401: Unauthorized"),
            Some(RouteMatch {
                operation: None, ..
            })
            | None => Reply::error(404, 0, "404: Not Found"),
            Some(_) if too_large && shared.config.reject_invalid => {
                Reply::error(413, 40005, "Request entity too large")
            }
            Some(_) if invalid && shared.config.reject_invalid => invalid_form_body(&violations),
            Some(m) => {
                let mut call = Call {
                    method,
                    path,
                    query,
                    params: m.params.clone(),
                    body: body.as_ref().unwrap_or(&NULL),
                    files: &files,
                    violations: Vec::new(),
                    fault_delay: injected.delay,
                };
                let reply = route(w, m.template, &mut call);
                violations.append(&mut call.violations);
                reply
            }
        };
        w.violations.extend(violations.iter().cloned());
        w.requests.push(crate::model::RequestRecord {
            method: method.to_owned(),
            path: path.to_owned(),
            query: query.map(str::to_owned),
            route: matched.as_ref().map(|m| m.template.to_owned()),
            operation: matched
                .as_ref()
                .and_then(|m| m.operation)
                .map(|o| o.operation_id.clone()),
            body,
            files: files.into_iter().map(|f| f.name).collect(),
            status: reply.status,
            violations,
        });
        w.last_request = Some(Instant::now());
        reply
    });
    reply
}

/// The request's body: its JSON, or a multipart request's `payload_json` and its files. A body
/// that does not parse is a protocol violation.
fn parse_body(
    method: &str,
    path: &str,
    raw: &[u8],
    multipart: bool,
    parts: Option<Result<multipart::Parts, String>>,
    violations: &mut Vec<Violation>,
) -> (Option<Value>, Vec<multipart::FilePart>) {
    let mut files = Vec::new();
    let protocol =
        |reason: String| Violation::new(ViolationKind::Protocol, method, path, "", reason);
    let body: Option<Value> = if raw.is_empty() {
        None
    } else if multipart {
        match parts {
            Some(Ok(parts)) => {
                files = parts.files;
                parts.payload_json
            }
            Some(Err(e)) => {
                violations.push(protocol(e));
                None
            }
            None => None,
        }
    } else {
        match serde_json::from_slice(raw) {
            Ok(v) => Some(v),
            Err(e) => {
                violations.push(protocol(format!("the body is not JSON: {e}")));
                None
            }
        }
    };
    (body, files)
}

/// Whether the request is refused for its token (401), as Discord refuses a request with another
/// token than the bot's, but an interaction's answer and a webhook's, which their own token in
/// the path authorizes. Another token is a protocol violation either way.
fn unauthorized(
    w: &World,
    method: &str,
    path: &str,
    authorization: Option<&str>,
    violations: &mut Vec<Violation>,
) -> bool {
    // Whether it is `Bot <token>`.
    let expected = w.token.trim_start_matches("Bot ");
    if authorization.and_then(|a| a.strip_prefix("Bot ")) == Some(expected) {
        return false;
    }
    violations.push(Violation::new(
        ViolationKind::Protocol,
        method,
        path,
        "",
        format!("Authorization header is {authorization:?}, expected the bot token"),
    ));
    !path.contains("/interactions/") && !path.contains("/webhooks/")
}

/// Record a fault that fired while applying a request (not a mistake of the bot's).
fn fired(w: &mut World, call: &Call<'_>, template: &str, kind: FaultKind) {
    w.fired.push(FiredFault {
        at: Instant::now(),
        method: call.method.to_owned(),
        path: call.path.to_owned(),
        route: Some(template.to_owned()),
        kind,
    });
}

/// Discord's answer to an edit of a message over the edit limit for old messages.
fn edit_limit_reply() -> Reply {
    Reply::error(
        400,
        30046,
        "Maximum number of edits to messages older than 1 hour reached. Try again later",
    )
}

/// The body of a request without one.
static NULL: Value = Value::Null;

/// One request being applied.
struct Call<'a> {
    method: &'a str,
    path: &'a str,
    query: Option<&'a str>,
    params: Vec<String>,
    body: &'a Value,
    /// The files of a multipart request.
    files: &'a [multipart::FilePart],
    violations: Vec<Violation>,
    /// How long an injected fault held the request.
    fault_delay: Option<Duration>,
}

impl Call<'_> {
    /// Refuse the request as Discord would, and record why as a protocol violation.
    fn refuse(&mut self, status: u16, code: u64, message: &str, why: String) -> Reply {
        self.violations.push(Violation::new(
            ViolationKind::Protocol,
            self.method,
            self.path,
            "",
            format!("{why} (Discord answers {status} {message})"),
        ));
        Reply::error(status, code, message)
    }

    fn param_id(&self, i: usize) -> u64 {
        self.params.get(i).and_then(|p| p.parse().ok()).unwrap_or(0)
    }

    fn query_flag(&self, name: &str) -> bool {
        self.query
            .unwrap_or_default()
            .split('&')
            .any(|p| p == format!("{name}=true") || p == format!("{name}=True"))
    }
}

/// The attachments a message will have after this request sends `payload` (at JSON pointer `at`
/// of the body) for it ([`World::attachments_after`]; `edited`: the message edited), or Discord's
/// 400 for an `attachments` entry that names neither a file sent nor one the message has.
fn plan_attachments(
    w: &mut World,
    call: &mut Call<'_>,
    edited: Option<MessageId>,
    payload: &Value,
    at: &str,
) -> Result<Option<Vec<Attachment>>, Reply> {
    let existing = edited
        .and_then(|id| w.message(id))
        .map(|m| m.state.attachments.clone())
        .unwrap_or_default();
    w.attachments_after(&existing, payload, call.files)
        .map_err(|(pointer, why)| {
            let v = Violation::new(
                ViolationKind::Limit,
                call.method,
                call.path,
                format!("{at}{pointer}"),
                why,
            );
            call.violations.push(v.clone());
            invalid_form_body(&[v])
        })
}

/// Dispatch to the resource that serves `template`, by the first segments of its path; first
/// refuse what Discord refuses wherever it is asked: a place the bot is not in, a thread
/// deleted or locked.
fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    if let Some(why) = bot_absent(w, template, call) {
        return call.refuse(403, 50001, "Missing Access", why);
    }
    if let Some(refused) = channels::thread_closed(w, template, call) {
        return refused;
    }
    let segments: Vec<&str> = template.split('/').skip(1).collect();
    match segments.as_slice() {
        ["gateway", ..] => gateway::route(w, template, call),
        ["users", ..] => users::route(w, template, call),
        ["guilds", ..] => guilds::route(w, template, call),
        ["channels", ..] => channels::route(w, template, call),
        ["applications", _, "emojis", ..] => emoji::route(w, template, call),
        ["applications", ..] | ["oauth2", "applications", "@me"] => {
            applications::route(w, template, call)
        }
        ["interactions", ..] | ["webhooks", ..] => interactions::route(w, template, call),
        _ => unsupported(call, template),
    }
}

/// Why the bot may not use this route, if it may not: a route of a channel (or thread) it is not
/// in (a group DM, a channel of a server where only users installed the app) or of such a server
/// (its own routes, and its application commands: the app is not installed there).
fn bot_absent(w: &World, template: &str, call: &Call<'_>) -> Option<String> {
    if template.starts_with("/channels/{channel_id}") {
        return w.bot_not_in_channel(ChannelId(call.param_id(0)));
    }
    if template.starts_with("/guilds/{guild_id}") {
        return w.bot_not_in_guild(GuildId(call.param_id(0)));
    }
    if template.starts_with("/applications/{application_id}/guilds/{guild_id}") {
        return w.bot_not_in_guild(GuildId(call.param_id(1)));
    }
    None
}

fn unsupported(call: &mut Call<'_>, template: &str) -> Reply {
    call.violations.push(Violation::new(
        ViolationKind::UnknownRoute,
        call.method,
        call.path,
        "",
        format!(
            "{} {template} is part of Discord's API but the stand-in doesn't serve it",
            call.method
        ),
    ));
    Reply::error(404, 0, "404: Not Found")
}

fn wrong_application(call: &mut Call<'_>, app: u64) -> Reply {
    let got = call.params.first().cloned().unwrap_or_default();
    call.refuse(
        403,
        50001,
        "Missing Access",
        format!("application id {got} in the path is not the bot's application {app}"),
    )
}
