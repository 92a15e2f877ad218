//! The tables' outbox over HTTP: posting and editing channel messages, and what Discord's
//! refusals mean for a table.

use std::sync::Arc;

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::{EditMessage, Http};

use super::*;
use crate::ids;
use crate::render::{MessageView, Picture};
use crate::tables::{Closed, Outbox, Outgoing, Post, SendError, ThreadError};
use crate::telemetry::{rest_timed, Route};

/// What is read of a posted message.
#[derive(serde::Deserialize)]
struct Posted {
    id: serenity::MessageId,
}

/// Posts and edits channel messages with the bot's HTTP client.
pub struct HttpOutbox {
    pub http: Arc<Http>,
}

/// Discord's codes for a message to show anew rather than edit: Unknown Message (a moderator
/// deleted it), and the edit limit of messages older than an hour.
const UNKNOWN_MESSAGE: isize = 10008;
const OLD_MESSAGE_EDITS: isize = 30046;

pub(in crate::discord) fn send_error(error: serenity::Error) -> SendError {
    rest_failed(&error);
    match &error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if matches!(response.error.code, UNKNOWN_MESSAGE | OLD_MESSAGE_EDITS) =>
        {
            SendError::Replace(error.to_string())
        }
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            match closed(response.error.code) {
                Some(why) => SendError::Gone(why, error.to_string()),
                None => SendError::Failed(error.to_string()),
            }
        }
        _ => SendError::Failed(error.to_string()),
    }
}

/// Discord's codes for a channel that refuses the bot for good: Unknown Channel (a deleted
/// thread or channel), Thread is archived (a locked thread, or an archived one the bot may not
/// open again), Missing Access and Missing Permissions.
const UNKNOWN_CHANNEL: isize = 10003;
const THREAD_ARCHIVED: isize = 50083;
const MISSING_ACCESS: isize = 50001;

/// Why a channel refuses the bot for good, from Discord's error code; `None` for anything that
/// may pass (a 5xx, a rate limit) or concerns one message.
fn closed(code: isize) -> Option<Closed> {
    match code {
        UNKNOWN_CHANNEL => Some(Closed::Deleted),
        THREAD_ARCHIVED => Some(Closed::Locked),
        MISSING_ACCESS | MISSING_PERMISSIONS => Some(Closed::NoAccess),
        _ => None,
    }
}

/// Counts a REST request's failure: Discord's (or the proxy's) status, or none.
pub(in crate::discord) fn rest_failed(error: &serenity::Error) {
    let status = match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some(response.status_code.as_u16())
        }
        _ => None,
    };
    crate::telemetry::rest_answer(status);
}

/// Counts a REST request's success.
fn rest_ok<T>(_: &T) {
    crate::telemetry::rest_answer(Some(200));
}

/// Discord's code for an action the bot's permissions do not allow.
const MISSING_PERMISSIONS: isize = 50013;

impl Outbox for HttpOutbox {
    fn start_thread(
        &self,
        channel_id: ids::ChannelId,
        message_id: ids::MessageId,
        name: String,
    ) -> BoxFuture<'_, Result<ids::ChannelId, ThreadError>> {
        Box::pin(async move {
            let thread = serenity::CreateThread::new(name)
                .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
            let opened = serenity::ChannelId::from(channel_id)
                .create_thread_from_message(&self.http, message_id, thread);
            rest_timed(Route::Thread, opened)
                .await
                .map(|thread| thread.id.into())
                .map_err(|error| match &error {
                    serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
                        if response.error.code == MISSING_PERMISSIONS =>
                    {
                        ThreadError::MissingPermissions
                    }
                    _ => ThreadError::Failed(error.to_string()),
                })
        })
    }

    fn archive_thread(&self, thread_id: ids::ChannelId) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async move {
            let archived = serenity::ChannelId::from(thread_id)
                .edit_thread(&self.http, serenity::EditThread::new().archived(true));
            rest_timed(Route::Thread, archived)
                .await
                .map(|_| ())
                .map_err(send_error)
        })
    }

    fn post(
        &self,
        channel_id: ids::ChannelId,
        message: Outgoing,
        post: Post,
    ) -> BoxFuture<'_, Result<ids::MessageId, SendError>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let mut create = create_message(&message.view, &name);
            if let Some(nonce) = post_nonce(message.game_id, message.version, post) {
                create = create
                    .nonce(serenity::Nonce::String(nonce))
                    .enforce_nonce(true);
            }
            // Sent as `send_message` sends it, but only the new message's id is read from the
            // answer (the whole message, parsed, cost more than the rest of the post).
            let body = serenity::json::to_vec(&create).map_err(send_error)?;
            let request = serenity::http::Request::new(
                serenity::http::Route::ChannelMessages {
                    channel_id: channel_id.into(),
                },
                serenity::http::LightMethod::Post,
            )
            .body(Some(body));
            rest_timed(Route::Message, self.http.fire::<Posted>(request))
                .await
                .inspect(rest_ok)
                .map(|posted| posted.id.into())
                .map_err(send_error)
        })
    }

    fn edit(
        &self,
        channel_id: ids::ChannelId,
        message_id: ids::MessageId,
        message: Outgoing,
    ) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let edit = whole_message!(EditMessage::new(), view, &name);
            let edited = serenity::ChannelId::from(channel_id).edit_message(
                &self.http,
                serenity::MessageId::from(message_id),
                edit,
            );
            rest_timed(Route::Message, edited)
                .await
                .inspect(rest_ok)
                .map(|_| ())
                .map_err(send_error)
        })
    }

    fn add_picture(
        &self,
        channel_id: ids::ChannelId,
        message_id: ids::MessageId,
        view: MessageView,
        picture: Picture,
    ) -> BoxFuture<'_, Result<(), SendError>> {
        Box::pin(async move {
            let (body, file) = picture_edit(&view, picture);
            let edited = self.http.edit_message(
                serenity::ChannelId::from(channel_id),
                serenity::MessageId::from(message_id),
                &body,
                vec![file],
            );
            rest_timed(Route::Message, edited)
                .await
                .inspect(rest_ok)
                .map(|_| ())
                .map_err(send_error)
        })
    }
}

/// The body and the file of an edit that adds `picture` to a message whose embeds become
/// `view`'s. Only the embeds change (and the file is added): the content and the buttons stay as
/// they are, whatever a click made of them meanwhile. The attachment's entry is written here,
/// its id a string as Discord's spec has it (serenity's builder writes a number).
pub(in crate::discord) fn picture_edit(
    view: &MessageView,
    picture: Picture,
) -> (serde_json::Value, serenity::CreateAttachment) {
    let body = serde_json::json!({
        "embeds": embeds(view),
        "attachments": [{
            "id": "0",
            "filename": picture.name,
            "description": picture.description,
        }],
    });
    let file = serenity::CreateAttachment::bytes(picture.png, picture.name);
    (body, file)
}
