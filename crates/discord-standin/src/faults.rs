//! Faults a test can inject: Discord's REST errors (5xx, 429 rate limits, slow answers, reset
//! connections), message faults (a moderator's deletion, the edit limit on old messages) and
//! gateway faults (close codes, dropped connections, RECONNECT, INVALID_SESSION, withheld
//! heartbeat ACKs). Every fault that fires is recorded as a [`FiredFault`].

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::json;

use crate::rest::Reply;

/// The route of an interaction's initial response (`POST`), as the spec names it.
pub const INTERACTION_CALLBACK: &str =
    "/interactions/{interaction_id}/{interaction_token}/callback";
/// The route of a channel message (`GET`, `PATCH`, `DELETE`).
pub const CHANNEL_MESSAGE: &str = "/channels/{channel_id}/messages/{message_id}";
/// The application's emoji: list (`GET`), upload (`POST`).
pub const APPLICATION_EMOJIS: &str = "/applications/{application_id}/emojis";
/// One application emoji (`GET`, `PATCH`, `DELETE`).
pub const APPLICATION_EMOJI: &str = "/applications/{application_id}/emojis/{emoji_id}";
/// The route that creates a message in a channel (`POST`).
pub const CHANNEL_MESSAGES: &str = "/channels/{channel_id}/messages";
/// The route of an interaction's original response (`GET`, `PATCH`, `DELETE`).
pub const ORIGINAL_RESPONSE: &str = "/webhooks/{webhook_id}/{webhook_token}/messages/@original";
/// The route of an interaction's follow-up messages (`POST`).
pub const FOLLOWUP: &str = "/webhooks/{webhook_id}/{webhook_token}";

/// Discord's `X-RateLimit-Scope` of a 429.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RateLimitScope {
    /// The bot's own per-route limit (`user`).
    User,
    /// The bot's global limit (`global`, with `X-RateLimit-Global: true` and `"global": true`).
    Global,
    /// A limit shared by everyone on a resource (`shared`), not counted against the bot.
    Shared,
}

impl RateLimitScope {
    fn as_str(self) -> &'static str {
        match self {
            Self::User => "user",
            Self::Global => "global",
            Self::Shared => "shared",
        }
    }
}

/// What a REST fault does to a matching request.
#[derive(Clone, Debug, PartialEq)]
pub enum RestFaultKind {
    /// Answer with this status (500, 502 or 503) and the body Discord's edge sends with it;
    /// nothing is applied.
    Status(u16),
    /// Answer 429 with Discord's rate-limit body and headers; nothing is applied.
    RateLimited {
        /// `retry_after` (seconds, as a float in the body; `Retry-After` header rounded up).
        retry_after: Duration,
        /// Which limit was hit.
        scope: RateLimitScope,
    },
    /// Wait this long before handling the request (then handle it normally).
    Delay(Duration),
    /// Handle the request at once, then wait this long before answering: what it asked is
    /// done, but its answer is late (or lost, with its connection, if the client goes).
    HoldAnswer(Duration),
    /// Close the TCP connection without any HTTP response; nothing is applied.
    Reset,
}

/// A REST fault and the requests it applies to: build one with [`RestFault::status`],
/// [`RestFault::rate_limited`], [`RestFault::delay`] or [`RestFault::reset`], narrow it with
/// [`method`](RestFault::method) and [`route`](RestFault::route), and inject it with
/// [`Standin::inject`](crate::Standin::inject). By default it matches any method and route, once.
#[derive(Clone, Debug, PartialEq)]
pub struct RestFault {
    /// What it does.
    pub kind: RestFaultKind,
    /// The HTTP method it matches (`None`: any).
    pub method: Option<String>,
    /// The spec's path template it matches, e.g. [`CHANNEL_MESSAGE`] (`None`: any route).
    pub route: Option<String>,
    /// How many more matching requests it applies to (`None`: until cleared).
    pub times: Option<u32>,
}

impl RestFault {
    fn new(kind: RestFaultKind) -> Self {
        RestFault {
            kind,
            method: None,
            route: None,
            times: Some(1),
        }
    }

    /// Answer `status` (500, 502 or 503; other 5xx codes answer a JSON body like 500's).
    pub fn status(status: u16) -> Self {
        Self::new(RestFaultKind::Status(status))
    }

    /// Answer 429 for the route's bucket (scope `user`), to be retried after `retry_after`.
    pub fn rate_limited(retry_after: Duration) -> Self {
        Self::new(RestFaultKind::RateLimited {
            retry_after,
            scope: RateLimitScope::User,
        })
    }

    /// Answer 429 for the bot's global limit (`"global": true`, `X-RateLimit-Global: true`).
    pub fn globally_rate_limited(retry_after: Duration) -> Self {
        Self::new(RestFaultKind::RateLimited {
            retry_after,
            scope: RateLimitScope::Global,
        })
    }

    /// Answer 429 with this scope (`shared`: a resource's limit, not the bot's).
    pub fn rate_limited_scope(retry_after: Duration, scope: RateLimitScope) -> Self {
        Self::new(RestFaultKind::RateLimited { retry_after, scope })
    }

    /// Hold the request this long before handling it. On an interaction callback longer than
    /// Discord's 3 s, the callback arrives too late and is answered 404 `Unknown interaction`.
    pub fn delay(delay: Duration) -> Self {
        Self::new(RestFaultKind::Delay(delay))
    }

    /// Apply the request at once, and hold its answer this long: a message is posted, say, but
    /// the bot learns its id late, or never if it is killed meanwhile.
    pub fn hold_answer(hold: Duration) -> Self {
        Self::new(RestFaultKind::HoldAnswer(hold))
    }

    /// Close the connection without an HTTP response (the client sees a reset connection).
    pub fn reset() -> Self {
        Self::new(RestFaultKind::Reset)
    }

    /// Only requests with this HTTP method (`"POST"`, ...).
    pub fn method(mut self, method: &str) -> Self {
        self.method = Some(method.to_ascii_uppercase());
        self
    }

    /// Only requests on this route: the spec's path template, without `/api/v10`
    /// (e.g. [`CHANNEL_MESSAGE`], [`INTERACTION_CALLBACK`]).
    pub fn route(mut self, route: &str) -> Self {
        self.route = Some(route.to_owned());
        self
    }

    /// The next `n` matching requests (the default is 1).
    pub fn times(mut self, n: u32) -> Self {
        self.times = Some(n);
        self
    }

    /// Every matching request until [`Standin::clear_faults`](crate::Standin::clear_faults).
    pub fn until_cleared(mut self) -> Self {
        self.times = None;
        self
    }

    pub(crate) fn matches(&self, method: &str, route: Option<&str>) -> bool {
        self.times != Some(0)
            && self.method.as_deref().is_none_or(|m| m == method)
            && self.route.as_deref().is_none_or(|r| Some(r) == route)
    }
}

/// A fault to inject on the bot's gateway session(s), with
/// [`Standin::gateway_fault`](crate::Standin::gateway_fault).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayFault {
    /// Close the connection with this close code. After 4000–4003, 4005 and 4008 the session
    /// stays resumable; after 4007 and 4009 it is gone (a RESUME gets INVALID_SESSION), and
    /// 4004 and 4010–4014 are fatal for the bot (Discord: don't reconnect).
    Close(u16),
    /// Drop the TCP connection without a close frame (an abnormal closure, 1006 to the client).
    /// The session stays resumable.
    Drop,
    /// Send op 7 RECONNECT: the bot should reconnect and resume.
    Reconnect,
    /// Send op 9 INVALID_SESSION with `d = resumable`. With `false` the session is gone and the
    /// bot must IDENTIFY anew; with `true` it may RESUME.
    InvalidSession {
        /// The `d` of op 9.
        resumable: bool,
    },
    /// Stop acknowledging heartbeats on the current connection(s) (a zombie connection): the
    /// bot should notice a heartbeat without ACK and reconnect. Connections made afterwards are
    /// acknowledged again; [`Standin::resume_heartbeat_acks`](crate::Standin::resume_heartbeat_acks)
    /// ends it early.
    WithholdHeartbeatAcks,
}

impl GatewayFault {
    /// Whether Discord keeps the session resumable after closing with `code`.
    pub fn close_keeps_session(code: u16) -> bool {
        !matches!(code, 4004 | 4007 | 4009..=4014)
    }
}

/// What a fired fault did.
#[derive(Clone, Debug, PartialEq)]
pub enum FaultKind {
    /// A REST fault ([`RestFault`]) answered or held a request.
    Rest(RestFaultKind),
    /// An edit or fetch of a message a moderator deleted
    /// ([`Standin::delete_message`](crate::Standin::delete_message)) got 404 `Unknown Message`
    /// (10008).
    UnknownMessage,
    /// An edit of a message marked with
    /// [`Standin::limit_edits`](crate::Standin::limit_edits) got 400 code 30046.
    EditLimit,
    /// A request to a thread a moderator deleted
    /// ([`Standin::delete_thread`](crate::Standin::delete_thread)) got 404 `Unknown Channel`
    /// (10003).
    UnknownChannel,
    /// A post, an edit or a change of a thread a moderator locked
    /// ([`Standin::lock_thread`](crate::Standin::lock_thread)) got 400 `Thread is archived`
    /// (50083).
    ThreadLocked,
    /// A post in a channel where the bot may not post
    /// ([`Standin::deny_posts`](crate::Standin::deny_posts)) got 403 `Missing Permissions`
    /// (50013).
    PostsDenied,
    /// A request in a channel the bot may no longer see ([`Standin::deny_access`]): 403
    /// Missing Access (50001).
    ///
    /// [`Standin::deny_access`]: crate::Standin::deny_access
    AccessDenied,
    /// An interaction's initial response came after Discord's 3 s and got 404
    /// `Unknown interaction` (10062).
    LateInteraction,
    /// A gateway fault was sent on a session.
    Gateway(GatewayFault),
    /// An upload of an application emoji was refused
    /// ([`Standin::refuse_emoji_uploads`](crate::Standin::refuse_emoji_uploads)).
    EmojiRefused(crate::model::EmojiRefusal),
}

/// One fault that fired.
#[derive(Clone, Debug, PartialEq)]
pub struct FiredFault {
    /// When.
    pub at: Instant,
    /// The request's HTTP method, or `GATEWAY`.
    pub method: String,
    /// The request's path as sent, or the gateway session's id.
    pub path: String,
    /// The spec's path template of the request (`None` for gateway faults and unknown routes).
    pub route: Option<String>,
    /// What it did.
    pub kind: FaultKind,
}

/// The status, headers and body of a REST fault's answer (`None` for a delay or a reset).
pub(crate) fn fault_reply(kind: &RestFaultKind, route: Option<&str>) -> Option<Reply> {
    let reply = |status, headers, body, text| Reply {
        status,
        headers,
        body,
        text,
    };
    match kind {
        RestFaultKind::Status(502) => Some(reply(
            502,
            vec![("content-type".into(), "text/html".into())],
            None,
            Some(
                "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n"
                    .into(),
            ),
        )),
        RestFaultKind::Status(503) => Some(reply(
            503,
            vec![("content-type".into(), "text/plain".into())],
            None,
            Some(
                "upstream connect error or disconnect/reset before headers. reset reason: overflow"
                    .into(),
            ),
        )),
        RestFaultKind::Status(status) => Some(reply(
            *status,
            Vec::new(),
            Some(json!({"message": format!("{status}: Internal Server Error"), "code": 0})),
            None,
        )),
        RestFaultKind::RateLimited { retry_after, scope } => {
            let secs = retry_after.as_secs_f64();
            let reset = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_secs_f64()
                + secs;
            let global = *scope == RateLimitScope::Global;
            let bucket = bucket_hash(route.unwrap_or("global"));
            let mut headers = vec![
                ("retry-after".into(), format!("{}", secs.ceil() as u64)),
                ("x-ratelimit-scope".into(), scope.as_str().into()),
            ];
            if global {
                headers.push(("x-ratelimit-global".into(), "true".into()));
            } else {
                headers.extend([
                    ("x-ratelimit-limit".into(), "5".into()),
                    ("x-ratelimit-remaining".into(), "0".into()),
                    ("x-ratelimit-reset".into(), format!("{reset:.3}")),
                    ("x-ratelimit-reset-after".into(), format!("{secs:.3}")),
                    ("x-ratelimit-bucket".into(), bucket),
                ]);
            }
            let body = json!({
                "message": "You are being rate limited.",
                "retry_after": (secs * 1000.0).round() / 1000.0,
                "global": global,
            });
            Some(reply(429, headers, Some(body), None))
        }
        RestFaultKind::Delay(_) | RestFaultKind::HoldAnswer(_) | RestFaultKind::Reset => None,
    }
}

/// An opaque bucket id for a route, shaped like Discord's.
fn bucket_hash(route: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in route.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}
