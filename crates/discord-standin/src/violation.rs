//! What the stand-in found wrong with a request (or with how the bot handled an interaction).

use std::fmt;

/// The kind of problem a [`Violation`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// The method and path match no route of Discord's API (or one the stand-in doesn't serve).
    UnknownRoute,
    /// The body doesn't match the operation's request schema in Discord's OpenAPI spec.
    Schema,
    /// The body breaks a documented limit (content length, components per row, ...).
    Limit,
    /// The request is well-formed but Discord would refuse it in this state (unknown message,
    /// interaction answered twice, follow-up before the initial response, ...).
    Protocol,
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::UnknownRoute => "unknown route",
            Self::Schema => "schema",
            Self::Limit => "limit",
            Self::Protocol => "protocol",
        })
    }
}

/// One problem with one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// What kind of problem this is.
    pub kind: ViolationKind,
    /// HTTP method of the request (`POST`, ...).
    pub method: String,
    /// Path of the request as sent (`/api/v10/channels/1/messages`).
    pub path: String,
    /// JSON pointer into the request body (`/data/components/0/components/0/custom_id`); empty
    /// for the whole body or when the problem isn't about the body.
    pub pointer: String,
    /// Human-readable reason.
    pub reason: String,
}

impl Violation {
    pub(crate) fn new(
        kind: ViolationKind,
        method: &str,
        path: &str,
        pointer: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            method: method.to_owned(),
            path: path.to_owned(),
            pointer: pointer.into(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {} {}", self.kind, self.method, self.path)?;
        if !self.pointer.is_empty() {
            write!(f, " body{}", self.pointer)?;
        }
        write!(f, ": {}", self.reason)
    }
}

/// Errors of the stand-in's own API (an action that can't be done, a wait that timed out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandinError(pub String);

impl fmt::Display for StandinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StandinError {}

/// Result type of the stand-in's API.
pub type Result<T, E = StandinError> = std::result::Result<T, E>;

/// Shorthand for returning a [`StandinError`].
macro_rules! bail {
    ($($arg:tt)*) => {
        return Err($crate::violation::StandinError(format!($($arg)*)))
    };
}
pub(crate) use bail;
