//! The application's emoji, and how an upload of one may be refused.

use std::sync::Arc;

/// An application emoji the bot uploaded (`POST /applications/{id}/emojis`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppEmoji {
    /// Its id (a snowflake).
    pub id: u64,
    /// Its name, 2-32 of `[A-Za-z0-9_]`.
    pub name: String,
    /// The image's media type (`image/png`, ...).
    pub content_type: String,
    /// The image, decoded from its data URI.
    pub image: Arc<Vec<u8>>,
    /// Whether it is a GIF.
    pub animated: bool,
}

/// How the stand-in answers the bot's uploads of application emoji
/// ([`Standin::refuse_emoji_uploads`](crate::Standin::refuse_emoji_uploads)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmojiRefusal {
    /// 400, code 30008 `Maximum number of emojis reached (2000)`.
    Full,
    /// 403, code 50013 `Missing Permissions`.
    Forbidden,
}
