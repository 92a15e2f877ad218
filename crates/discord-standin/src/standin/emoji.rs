//! The application's emoji: those uploaded or added, and uploads refused.

use std::sync::Arc;

use super::Standin;
use crate::{AppEmoji, EmojiRefusal};

impl Standin {
    /// Refuse the bot's uploads of application emoji with `refusal` (or accept them again with
    /// `None`). A refused upload is recorded in [`faults_fired`](Self::faults_fired), not as a
    /// violation.
    pub fn refuse_emoji_uploads(&self, refusal: Option<EmojiRefusal>) {
        self.shared.with(|w| w.emoji_refusal = refusal);
    }

    /// The application's emoji, in the order they were uploaded.
    pub fn application_emojis(&self) -> Vec<AppEmoji> {
        self.shared.with(|w| w.app_emojis.clone())
    }

    /// Add an application emoji as if uploaded earlier (e.g. by another version of the bot, or
    /// by hand); returns its id.
    pub fn add_application_emoji(&self, name: &str, png: Vec<u8>) -> u64 {
        self.shared.with(|w| {
            let id = w.next_id();
            w.app_emojis.push(AppEmoji {
                id,
                name: name.to_owned(),
                content_type: "image/png".into(),
                image: Arc::new(png),
                animated: false,
            });
            id
        })
    }
}
