//! The bot's application emoji: at start, the dice pictures ([`crate::render::emoji`]) are made
//! the bot's own emoji, usable in every server without taking the server's emoji slots (and with
//! no permission there).
//!
//! One list call; then the project's dice of other versions (a redesign) are deleted, and only
//! the pictures missing are uploaded (`data:image/png;base64,...`), so a second start uploads
//! none (an upload refused because another process of the bot, starting at the same time, has
//! just uploaded that name is taken from a second list). Emoji the project did not name are never
//! touched. If the listing fails, an upload is
//! refused, or it all takes longer than [`SETUP_TIMEOUT`], dice are drawn with Unicode (the
//! config's pieces) and the reason is logged; what was uploaded is kept for the next start.

use std::collections::HashMap;
use std::time::Duration;

use base64::Engine;
use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use crate::render::emoji::{self, AppDice, Sources};
use crate::render::{DiceStyle, EmojiStyle};

/// How long the start waits for the emoji (Discord rate-limits uploads).
pub const SETUP_TIMEOUT: Duration = Duration::from_secs(60);

/// The style to draw dice with: `style` with the application emoji if `emoji.style` asks for
/// them and they could be set up (the pictures `dice`, of the bot's games), else `style` as it
/// is (Unicode), the reason logged.
pub async fn prepare(http: &serenity::Http, style: DiceStyle, dice: Sources<'_>) -> DiceStyle {
    if style.style == EmojiStyle::Unicode {
        info!("dice drawn with Unicode (emoji.style = \"unicode\")");
        return style;
    }
    match tokio::time::timeout(SETUP_TIMEOUT, set_up(http, dice)).await {
        Ok(Ok(dice)) => style.with_application(dice),
        Ok(Err(reason)) => {
            warn!(%reason, "dice drawn with Unicode: the application emoji could not be set up");
            style
        }
        Err(_) => {
            warn!(
                timeout_secs = SETUP_TIMEOUT.as_secs(),
                "dice drawn with Unicode: setting up the application emoji took too long"
            );
            style
        }
    }
}

/// Why the application emoji could not be set up (the dice are then drawn with Unicode).
#[derive(Debug, thiserror::Error)]
enum SetUpError {
    #[error("reading the application: {0}")]
    Application(#[source] serenity::Error),
    #[error("listing the application emoji: {0}")]
    List(#[source] serenity::Error),
    #[error("uploading {name}: {error}")]
    Upload {
        name: String,
        #[source]
        error: serenity::Error,
    },
    #[error("a die's picture did not render")]
    Unrendered,
}

/// Lists the application's emoji, deletes the dice of other versions, uploads the missing ones.
async fn set_up(http: &serenity::Http, dice: Sources<'_>) -> Result<AppDice, SetUpError> {
    if http.application_id().is_none() {
        let app = http
            .get_current_application_info()
            .await
            .map_err(SetUpError::Application)?;
        http.set_application_id(app.id);
    }
    let listed = http
        .get_application_emojis()
        .await
        .map_err(SetUpError::List)?;
    let mut ids: HashMap<String, u64> = HashMap::new();
    for e in listed {
        if emoji::is_other_version(&e.name, dice) {
            match http.delete_application_emoji(e.id).await {
                Ok(()) => info!(name = %e.name, "deleted a die emoji of another version"),
                Err(error) => warn!(name = %e.name, %error, "could not delete an old die emoji"),
            }
        } else {
            ids.insert(e.name, e.id.get());
        }
    }
    let images = emoji::images(dice);
    let mut uploaded = 0;
    let missing: Vec<_> = images
        .iter()
        .filter(|i| !ids.contains_key(&i.name))
        .collect();
    for image in missing {
        let data = format!(
            "data:image/png;base64,{}",
            base64::engine::general_purpose::STANDARD.encode(&image.png)
        );
        let body = serde_json::json!({"name": image.name, "image": data});
        match http.create_application_emoji(&body).await {
            Ok(created) => {
                ids.insert(created.name, created.id.get());
                uploaded += 1;
            }
            // Another process of the bot, starting at the same time, may have uploaded it
            // since the list (Discord then refuses the name as taken): list again.
            Err(error) => {
                let again = http.get_application_emojis().await.unwrap_or_default();
                let theirs = again.into_iter().find(|e| e.name == image.name);
                let Some(theirs) = theirs else {
                    return Err(SetUpError::Upload {
                        name: image.name.clone(),
                        error,
                    });
                };
                ids.insert(theirs.name, theirs.id.get());
            }
        }
    }
    info!(
        uploaded,
        already = images.len() - uploaded,
        "dice drawn with the application emoji"
    );
    AppDice::from_ids(&ids, dice).ok_or(SetUpError::Unrendered)
}
