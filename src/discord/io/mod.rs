//! The tables' ports, over serenity: posting and editing channel messages, and answering
//! interactions. Views from `render` become serenity builders here, and their buttons and select
//! menus get their custom_ids.

mod outbox;
mod reply;
mod views;

pub use outbox::HttpOutbox;
pub(super) use outbox::{picture_edit, rest_failed, send_error};
pub(super) use reply::{answer_left, placeholders_left};
pub use reply::{InteractionReply, Noting, Replies, DEFER_AFTER};
pub use views::{
    components, create_message, embeds, game_namer, mentioned, no_pings, pings, post_nonce,
    response, Namer,
};
pub(in crate::discord) use views::{files, whole_message};
