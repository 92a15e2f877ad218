//! A start that waits: what the bot needs at start (the database, Discord's REST API) is asked
//! again, with a capped exponential backoff and jitter, until it answers, a deadline passes
//! (`startup.wait_secs`; none: forever) or the process is told to stop. A refusal that will not
//! change by waiting (a wrong token, a database newer than the binary, a bad URL) stops the start
//! at once. Meanwhile `/readyz` says what the start waits for and why, and the log says it once a
//! minute at most. What the start waits for: [`open_store`], [`wait_for_discord`].

use std::error::Error as StdError;
use std::future::Future;
use std::time::{Duration, Instant};

use rand::Rng;
use tracing::{info, warn};

use super::startup::{shutdown_signal, BotError};
use super::*;
use crate::config::Config;

/// The first wait between two attempts.
pub(super) const FIRST: Duration = Duration::from_secs(1);
/// The longest wait between two attempts.
pub(super) const LONGEST: Duration = Duration::from_secs(60);
/// The least time between two WARN lines of one wait.
pub(super) const WARN_EVERY: Duration = Duration::from_secs(60);

/// The waits between attempts: doubling from [`FIRST`] to [`LONGEST`], each drawn between half
/// and all of it ("equal jitter"), so that processes started together do not ask together.
#[derive(Debug)]
pub(super) struct Backoff {
    next: Duration,
}

impl Backoff {
    pub(super) fn new() -> Backoff {
        Backoff::starting_at(FIRST)
    }

    /// Starting from `first` (tests wait milliseconds).
    pub(super) fn starting_at(first: Duration) -> Backoff {
        Backoff { next: first }
    }

    /// The next wait, with `draw` in `[0, 1)` choosing where between half and all of it.
    pub(super) fn next_with(&mut self, draw: f64) -> Duration {
        let full = self.next;
        self.next = (self.next * 2).min(LONGEST);
        full.mul_f64(0.5 + 0.5 * draw.clamp(0.0, 1.0))
    }

    pub(super) fn next(&mut self) -> Duration {
        self.next_with(rand::thread_rng().gen())
    }
}

/// An error with its causes, each once: `GET …: error sending request: Connection refused`.
pub fn with_causes(error: &(dyn StdError + 'static)) -> String {
    let mut said = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let text = cause.to_string();
        if !text.is_empty() && !said.contains(&text) {
            said.push_str(": ");
            said.push_str(&text);
        }
        source = cause.source();
    }
    said
}

/// How an attempt failed: worth another try, or not.
pub(super) enum Failure<E> {
    /// Worth waiting for (unreachable, refused, timed out, busy, a 5xx).
    Transient(E),
    /// Final: waiting would not change it.
    Final(E),
}

/// Why a wait ended without an answer.
pub(super) enum GaveUp<E> {
    /// A final refusal.
    Final(E),
    /// The deadline passed; the last error.
    Deadline(E, Duration),
    /// The process was told to stop meanwhile.
    Stopped,
}

/// What a wait reports as it goes: `/readyz`'s reason, set while it waits and cleared at the
/// end.
pub(super) type Report<'a> = &'a (dyn Fn(Option<String>) + Sync);

/// Tries `attempt` until it succeeds, fails for good, `deadline` passes or `stop` resolves, the
/// waits between attempts [`Backoff::new`]'s. `what` names what is waited for in the log ("the
/// database", "Discord").
pub(super) async fn until_up<T, E, F, Fut>(
    what: &str,
    deadline: Option<Duration>,
    report: Report<'_>,
    stop: impl Future<Output = ()>,
    attempt: F,
) -> Result<T, GaveUp<E>>
where
    E: StdError + 'static,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Failure<E>>>,
{
    until_up_by(Backoff::new(), what, deadline, report, stop, attempt).await
}

/// [`until_up`] with the waits of `backoff`.
async fn until_up_by<T, E, F, Fut>(
    mut backoff: Backoff,
    what: &str,
    deadline: Option<Duration>,
    report: Report<'_>,
    stop: impl Future<Output = ()>,
    mut attempt: F,
) -> Result<T, GaveUp<E>>
where
    E: StdError + 'static,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, Failure<E>>>,
{
    tokio::pin!(stop);
    let started = Instant::now();
    let mut warned: Option<Instant> = None;
    let mut attempts = 0u32;
    loop {
        attempts += 1;
        let error = tokio::select! {
            result = attempt() => match result {
                Ok(value) => {
                    if attempts > 1 {
                        info!(attempts, waited_s = started.elapsed().as_secs(), "{what} answered");
                    }
                    report(None);
                    return Ok(value);
                }
                Err(Failure::Final(error)) => {
                    report(None);
                    return Err(GaveUp::Final(error));
                }
                Err(Failure::Transient(error)) => error,
            },
            () = &mut stop => return Err(GaveUp::Stopped),
        };
        let waited = started.elapsed();
        if deadline.is_some_and(|deadline| waited >= deadline) {
            report(None);
            return Err(GaveUp::Deadline(error, waited));
        }
        let mut wait = backoff.next();
        if let Some(deadline) = deadline {
            wait = wait.min(deadline.saturating_sub(waited));
        }
        let said = with_causes(&error);
        report(Some(format!(
            "waiting for {what} (attempt {attempts}, the next in {} s): {said}",
            wait.as_secs().max(1)
        )));
        if warned.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
            warned = Some(Instant::now());
            warn!(
                attempts,
                next_in_s = wait.as_secs_f64(),
                error = %said,
                "{what} does not answer: trying again"
            );
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = &mut stop => return Err(GaveUp::Stopped),
        }
    }
}

// ----- what the start waits for ---------------------------------------------------------------

/// The config's database, opened and migrated: asked again while it cannot be reached.
pub(super) async fn open_store(
    config: &Config,
    deadline: Option<std::time::Duration>,
    report: Report<'_>,
) -> Result<Store, BotError> {
    let database = config.database.shown();
    let durability = config.database.durability;
    let opened = until_up(
        "the database",
        deadline,
        report,
        shutdown_signal(),
        || async {
            match &config.database.url {
                Some(url) => Store::open_url(url, durability).await,
                None => Store::open_durable(&config.database.path, durability).await,
            }
            .map_err(|error| {
                if error.is_transient() {
                    Failure::Transient(error)
                } else {
                    Failure::Final(error)
                }
            })
        },
    )
    .await;
    match opened {
        Ok(store) => {
            info!(database = %database, "database open");
            Ok(store)
        }
        Err(GaveUp::Final(error)) => Err(BotError::Store {
            path: database,
            error,
        }),
        Err(GaveUp::Deadline(error, waited)) => Err(BotError::GaveUp {
            what: "the database",
            waited_s: waited.as_secs(),
            last: format!("database {database}: {}", with_causes(&error)),
        }),
        Err(GaveUp::Stopped) => Err(BotError::Stopped),
    }
}

/// Waits for Discord's REST API (through the proxy, if any) to answer `GET /gateway/bot`, and
/// returns how many shards may identify at once: processes sharing the database take turns to
/// identify ([`super::identify`]) by buckets of this size. A refused token stops the start.
pub(super) async fn wait_for_discord(
    rest: &serenity::Http,
    deadline: Option<std::time::Duration>,
    report: Report<'_>,
) -> Result<u32, BotError> {
    let answered = until_up("Discord", deadline, report, shutdown_signal(), || async {
        rest.get_bot_gateway().await.map_err(|error| {
            let status = match &error {
                serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer)) => {
                    Some(answer.status_code)
                }
                _ => None,
            };
            match status {
                // A refused token, or a request Discord (or the proxy) will never take.
                Some(status) if status.is_client_error() && status.as_u16() != 429 => {
                    Failure::Final(error)
                }
                // Unreachable, a timeout, a 5xx, a 429.
                _ => Failure::Transient(error),
            }
        })
    })
    .await;
    match answered {
        Ok(gateway) => Ok(u32::try_from(gateway.session_start_limit.max_concurrency).unwrap_or(1)),
        Err(GaveUp::Final(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(
            answer,
        )))) if answer.status_code.as_u16() == 401 => Err(BotError::TokenRejected),
        Err(GaveUp::Final(error)) => Err(BotError::Discord(error)),
        Err(GaveUp::Deadline(error, waited)) => Err(BotError::GaveUp {
            what: "Discord",
            waited_s: waited.as_secs(),
            last: with_causes(&error),
        }),
        Err(GaveUp::Stopped) => Err(BotError::Stopped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_to_a_minute_with_jitter_between_half_and_all() {
        let mut backoff = Backoff::new();
        let longest: Vec<u64> = (0..9).map(|_| backoff.next_with(1.0).as_secs()).collect();
        assert_eq!(longest, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        let mut backoff = Backoff::new();
        let shortest: Vec<u64> = (0..8)
            .map(|_| backoff.next_with(0.0).as_millis() as u64)
            .collect();
        assert_eq!(shortest, [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    }

    #[test]
    fn causes_are_said_once_each() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "Connection refused");
        #[derive(Debug, thiserror::Error)]
        #[error("error sending request")]
        struct Outer(#[source] std::io::Error);
        assert_eq!(
            with_causes(&Outer(io)),
            "error sending request: Connection refused"
        );
    }

    fn down() -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "down")
    }

    /// Waits of milliseconds, as the start's are of seconds.
    fn quick() -> Backoff {
        Backoff::starting_at(Duration::from_millis(1))
    }

    #[tokio::test]
    async fn a_wait_ends_at_an_answer_a_final_refusal_a_deadline_or_a_stop() {
        let reported = std::sync::Mutex::new(Vec::new());
        let report = |r: Option<String>| reported.lock().unwrap().push(r);
        // Two transient failures, then an answer; `/readyz` told why meanwhile, then cleared.
        let mut tries = 0;
        let answered = until_up_by(quick(), "x", None, &report, std::future::pending(), || {
            tries += 1;
            let now = tries;
            async move {
                if now < 3 {
                    Err(Failure::Transient(down()))
                } else {
                    Ok(now)
                }
            }
        })
        .await;
        assert!(matches!(answered, Ok(3)));
        let reports = std::mem::take(&mut *reported.lock().unwrap());
        assert_eq!(reports.len(), 3);
        assert!(reports[0]
            .as_deref()
            .unwrap()
            .starts_with("waiting for x (attempt 1, "));
        assert!(reports[1].as_deref().unwrap().ends_with("): down"));
        assert_eq!(reports[2], None);
        // A final refusal at once.
        let refused: Result<(), _> = until_up_by(
            quick(),
            "x",
            None,
            &report,
            std::future::pending(),
            || async { Err(Failure::Final(std::io::Error::other("wrong token"))) },
        )
        .await;
        assert!(matches!(refused, Err(GaveUp::Final(e)) if e.to_string() == "wrong token"));
        // A deadline.
        let late: Result<(), _> = until_up_by(
            quick(),
            "x",
            Some(Duration::from_millis(30)),
            &report,
            std::future::pending(),
            || async { Err(Failure::Transient(down())) },
        )
        .await;
        assert!(
            matches!(late, Err(GaveUp::Deadline(_, waited)) if waited >= Duration::from_millis(30)),
        );
        // A stop.
        let stopped: Result<(), _> = until_up_by(
            quick(),
            "x",
            None,
            &report,
            tokio::time::sleep(Duration::from_millis(30)),
            || async { Err(Failure::Transient(down())) },
        )
        .await;
        assert!(matches!(stopped, Err(GaveUp::Stopped)));
    }
}
