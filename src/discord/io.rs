//! The tables' ports, over serenity: posting and editing channel messages, and answering
//! interactions. Views from `render` become serenity builders here, and their buttons and select
//! menus get their custom_ids.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, Weak};

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    ButtonStyle as SerenityStyle, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateEmbed, CreateEmbedFooter, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, EditMessage, Http,
};

use super::answers::AnswerBook;
use super::codec::{self, Button};
use crate::ids;
use crate::render::{
    ButtonStyle, ButtonView, EmbedView, MessageView, Picture, RowView, SelectView, UiAction,
};
use crate::tables::{Closed, Outbox, Outgoing, Post, Reply, SendError, ThreadError};
use crate::telemetry::{rest_timed, Outcome, Route};

/// Who a message may ping: only the people its content mentions as `<@id>`, the players the
/// bot addresses (a turn's player, the winners). Never `@everyone`, `@here` or a role, and no one
/// else: names people chose are always escaped (`render::escape`), so no text of theirs forms a
/// mention, and this lists only what the bot wrote. Every message and response sets it.
pub fn pings(content: &str) -> CreateAllowedMentions {
    CreateAllowedMentions::new().users(mentioned(content).into_iter().map(serenity::UserId::new))
}

/// Pings no one (`parse: []`, no users): private answers.
pub fn no_pings() -> CreateAllowedMentions {
    CreateAllowedMentions::new()
}

/// The user ids `content` mentions as `<@id>` or `<@!id>`, in order, each once.
pub fn mentioned(content: &str) -> Vec<u64> {
    let mut ids = Vec::new();
    for (i, _) in content.match_indices("<@") {
        let rest = &content[i + 2..];
        let rest = rest.strip_prefix('!').unwrap_or(rest);
        let Some(end) = rest.find('>') else { continue };
        if let Ok(id) = rest[..end].parse::<u64>() {
            if id != 0 && rest[..end].bytes().all(|b| b.is_ascii_digit()) && !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

/// `$builder` (any of serenity's message builders: a post, an edit, a response, a follow-up)
/// made the whole message `$view` shows: its content, who it pings, its embeds and its
/// components named by `$name`.
macro_rules! whole_message {
    ($builder:expr, $view:expr, $name:expr) => {
        $builder
            .content(&$view.content)
            .allowed_mentions($crate::discord::io::pings(&$view.content))
            .embeds($crate::discord::io::embeds($view))
            .components($crate::discord::io::components($view, $name))
    };
}
pub(super) use whole_message;

/// Names a button's or a select menu's custom_id from its action.
pub type Namer<'a> = &'a dyn Fn(&UiAction) -> String;

pub fn game_namer(game_id: ids::GameId, version: u64) -> impl Fn(&UiAction) -> String {
    move |action| {
        codec::encode(&Button::Game {
            game_id,
            version,
            action: action.to_string(),
        })
    }
}

/// The view's pictures, as files to send with it (their alt text as their description).
fn files(view: &MessageView) -> impl Iterator<Item = serenity::CreateAttachment> + '_ {
    view.pictures.iter().map(|p| {
        serenity::CreateAttachment::bytes(p.png.clone(), p.name.clone())
            .description(p.description.clone())
    })
}

pub fn embeds(view: &MessageView) -> Vec<CreateEmbed> {
    view.embeds.iter().map(embed).collect()
}

fn embed(view: &EmbedView) -> CreateEmbed {
    let mut embed = CreateEmbed::new().colour(view.colour);
    if !view.title.is_empty() {
        embed = embed.title(&view.title);
    }
    if !view.description.is_empty() {
        embed = embed.description(&view.description);
    }
    for (name, value, inline) in &view.fields {
        embed = embed.field(name, value, *inline);
    }
    if let Some(footer) = &view.footer {
        embed = embed.footer(CreateEmbedFooter::new(footer));
    }
    if let Some(image) = &view.image {
        embed = embed.image(format!("attachment://{image}"));
    }
    embed
}

pub fn components(view: &MessageView, name: Namer<'_>) -> Vec<CreateActionRow> {
    view.rows
        .iter()
        .filter_map(|row| match row {
            RowView::Buttons(buttons) if buttons.is_empty() => None,
            RowView::Buttons(buttons) => Some(CreateActionRow::Buttons(
                buttons.iter().map(|b| button(b, name)).collect(),
            )),
            RowView::Select(select) if select.options.is_empty() => None,
            RowView::Select(select) => Some(CreateActionRow::SelectMenu(select_menu(select, name))),
        })
        .collect()
}

/// A string select menu: one option is picked (Discord's default of min 1, max 1).
fn select_menu(view: &SelectView, name: Namer<'_>) -> CreateSelectMenu {
    let options = view
        .options
        .iter()
        .map(|o| {
            let option = CreateSelectMenuOption::new(&o.label, &o.value);
            match &o.description {
                Some(description) => option.description(description),
                None => option,
            }
        })
        .collect();
    CreateSelectMenu::new(name(&view.action), CreateSelectMenuKind::String { options })
        .placeholder(&view.placeholder)
        .disabled(view.disabled)
}

fn button(view: &ButtonView, name: Namer<'_>) -> CreateButton {
    let style = match view.style {
        ButtonStyle::Primary => SerenityStyle::Primary,
        ButtonStyle::Secondary => SerenityStyle::Secondary,
        ButtonStyle::Success => SerenityStyle::Success,
        ButtonStyle::Danger => SerenityStyle::Danger,
    };
    let button = CreateButton::new(name(&view.action))
        .style(style)
        .disabled(view.disabled);
    // No empty label: a button of an emoji alone sends none.
    let button = if view.label.is_empty() {
        button
    } else {
        button.label(&view.label)
    };
    match &view.emoji {
        Some(emoji) => button.emoji(serenity::ReactionType::Custom {
            animated: emoji.animated,
            id: serenity::EmojiId::new(emoji.id),
            name: Some(emoji.name.clone()),
        }),
        None => button,
    }
}

/// A new channel message (content, embeds, components): what [`HttpOutbox`] posts.
pub fn create_message(view: &MessageView, name: Namer<'_>) -> CreateMessage {
    whole_message!(CreateMessage::new(), view, name)
}

/// The longest `nonce` Discord takes.
const MAX_NONCE: usize = 25;

/// The `nonce` of a channel post, sent with `enforce_nonce`: the same for the same [`Post`] of
/// the same game at the same version, so that Discord returns the message already made to a post
/// repeated within minutes (after a crash before its id was stored, a timeout, a 5xx) rather
/// than show it twice. In hexadecimal, e.g. `t33.b` (a turn of game 51 at version 11),
/// `r33.c.9a2f41c0` (shown again in place of a message). `None` if it would be longer than
/// Discord takes (ids far beyond any real database's): then the post carries no nonce.
pub fn post_nonce(game_id: ids::GameId, version: u64, post: Post) -> Option<String> {
    let kind = match post {
        Post::Turn => 't',
        Post::Lobby => 'l',
        Post::End => 'e',
        Post::NoThread => 'n',
        Post::Back => 'b',
        Post::TurnBack => 'm',
        Post::Replacing(_) => 'r',
    };
    let mut nonce = format!("{kind}{game_id:x}.{version:x}");
    if let Post::Replacing(old) = post {
        // The replaced message's id tells this replacement from an earlier one; its last digits
        // are enough for that.
        let old = format!("{:x}", old.get());
        nonce = format!("{nonce}.{}", &old[old.len().saturating_sub(8)..]);
    }
    (nonce.len() <= MAX_NONCE).then_some(nonce)
}

/// A whole response message (content, embeds, components).
pub fn response(view: &MessageView, name: Namer<'_>) -> CreateInteractionResponseMessage {
    whole_message!(CreateInteractionResponseMessage::new(), view, name)
}

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

pub(super) fn send_error(error: serenity::Error) -> SendError {
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
pub(super) fn rest_failed(error: &serenity::Error) {
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
pub(super) fn picture_edit(
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

/// Where an answer, once given, is noted for the tables to show their game through (see
/// [`super::answers`]): the channel's [`AnswerBook`], and the message clicked (if a click).
pub struct Noting {
    pub book: Arc<AnswerBook>,
    pub channel: ids::ChannelId,
    pub clicked: Option<ids::MessageId>,
    /// When the interaction reached the bot, on the book's clock.
    pub at: std::time::SystemTime,
}

/// The answer to one interaction (a slash command or a click), given once.
///
/// A click's answer that is not given within [`DEFER_AFTER`] (its action waited for the table or
/// the database) is deferred with Discord (DEFERRED_UPDATE_MESSAGE), so that it does not fail
/// after Discord's 3 seconds: the answer then edits the clicked message, or follows up.
pub struct InteractionReply {
    pub http: Arc<Http>,
    pub id: serenity::InteractionId,
    pub token: String,
    /// Whether the initial response went out, and whether it was the deferral; held while an
    /// initial response is sent, so the answer and the deferral never both go.
    state: Arc<tokio::sync::Mutex<Answered>>,
    /// The pending deferral, stopped once the answer went out (so a busy bot does not keep a
    /// timer and a task per click for [`DEFER_AFTER`]).
    deferral: Option<tokio::task::AbortHandle>,
    /// The interaction's kind and arrival, for the metrics ([`crate::telemetry`]).
    kind: &'static str,
    received: std::time::Instant,
    /// Where the bot only answers interactions: where the answer is noted once given.
    noting: Option<Noting>,
    /// Its state, found by the stop's answer to what is left in flight ([`answer_left`]).
    _registered: Registered,
}

/// The answer state of every [`InteractionReply`] alive, by interaction id and token: the stop
/// answers what is still in flight at the end of its grace period by what was already sent
/// ([`answer_left`]). In memory only: a token goes with the process.
static REPLIES: LazyLock<Mutex<HashMap<(u64, String), ReplyState>>> =
    LazyLock::new(Default::default);

/// A reply's answer state, as [`REPLIES`] holds it (not keeping the reply's alive).
type ReplyState = Weak<tokio::sync::Mutex<Answered>>;

/// A reply's entry in [`REPLIES`], removed with the reply (unless a newer reply of the same
/// interaction took its place).
struct Registered {
    key: (u64, String),
    state: Weak<tokio::sync::Mutex<Answered>>,
}

impl Registered {
    fn new(
        id: serenity::InteractionId,
        token: &str,
        state: &Arc<tokio::sync::Mutex<Answered>>,
    ) -> Self {
        let key = (id.get(), token.to_string());
        let state = Arc::downgrade(state);
        REPLIES.lock().unwrap().insert(key.clone(), state.clone());
        Registered { key, state }
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut replies = REPLIES.lock().unwrap();
        if replies
            .get(&self.key)
            .is_some_and(|state| state.ptr_eq(&self.state))
        {
            replies.remove(&self.key);
        }
    }
}

/// Answers interaction `id` (`token`), still in flight at the end of a stop's grace period, with
/// `view` (the bot is restarting), privately, as far as its answer went:
/// - nothing sent yet (or no reply made yet): the initial response, private;
/// - a private "thinking…", or a private placeholder awaiting its answer: edited into `view`;
/// - a public "thinking…": deleted, and `view` follows up privately;
/// - a click's deferred update: `view` follows up privately;
/// - already answered: nothing (false).
///
/// The reply's own answer, should it come later, is then not sent ([`Answered::Closed`]).
pub(super) async fn answer_left(
    http: &Http,
    id: u64,
    token: &str,
    view: MessageView,
) -> Result<bool, serenity::Error> {
    let state = REPLIES
        .lock()
        .unwrap()
        .get(&(id, token.to_string()))
        .and_then(Weak::upgrade);
    // Held while the answer goes (as the reply holds it while its own does).
    let mut guard = match &state {
        Some(state) => Some(state.lock().await),
        None => None,
    };
    let was = guard.as_deref().copied().unwrap_or_default();
    let followup = || {
        CreateInteractionResponseFollowup::new()
            .content(&view.content)
            .allowed_mentions(no_pings())
            .embeds(embeds(&view))
            .ephemeral(true)
    };
    let sent = match was {
        Answered::Yes | Answered::Closed => return Ok(false),
        Answered::Not => {
            let message = CreateInteractionResponseMessage::new()
                .content(&view.content)
                .allowed_mentions(no_pings())
                .embeds(embeds(&view))
                .ephemeral(true);
            CreateInteractionResponse::Message(message)
                .execute(http, (serenity::InteractionId::new(id), token))
                .await
        }
        Answered::Deferred(Deferral::Private) | Answered::Placeholder => {
            EditInteractionResponse::new()
                .content(&view.content)
                .allowed_mentions(no_pings())
                .embeds(embeds(&view))
                .execute(http, token)
                .await
                .map(|_| ())
        }
        Answered::Deferred(Deferral::Public) => {
            let _ = http.delete_original_interaction_response(token).await;
            followup().execute(http, (None, token)).await.map(|_| ())
        }
        Answered::Deferred(Deferral::Update) => {
            followup().execute(http, (None, token)).await.map(|_| ())
        }
    };
    if let Some(guard) = &mut guard {
        **guard = Answered::Closed;
    }
    sent.map(|()| true)
}

/// Why an answer to an interaction did not go out. (The [`Reply`] it serves says it as text.)
#[derive(Debug, thiserror::Error)]
enum AnswerError {
    #[error("the bot is stopping: its person was told it is restarting")]
    Stopping,
    #[error("{0}")]
    Discord(#[from] serenity::Error),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Answered {
    #[default]
    Not,
    Deferred(Deferral),
    Yes,
    /// A private placeholder ("being prepared…") was the answer, and the real one is to come
    /// (`ephemeral_then`): the stop edits the placeholder into its notice.
    Placeholder,
    /// The stop answered it ([`answer_left`]): the reply's own answer is not sent.
    Closed,
}

/// How an answer was deferred.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Deferral {
    /// A click's: DEFERRED_UPDATE_MESSAGE (the original response is the clicked message).
    Update,
    /// A command's "thinking…", seen by its author only.
    Private,
    /// A command's "thinking…", seen by everyone (its answer would be public).
    Public,
}

/// How long an answer may take before it is deferred.
pub const DEFER_AFTER: std::time::Duration = std::time::Duration::from_millis(1500);

impl InteractionReply {
    /// An answer given at once (never deferred).
    pub fn command(http: Arc<Http>, id: serenity::InteractionId, token: String) -> Self {
        let state = Arc::default();
        InteractionReply {
            _registered: Registered::new(id, &token, &state),
            http,
            id,
            token,
            state,
            deferral: None,
            kind: "command",
            received: std::time::Instant::now(),
            noting: None,
        }
    }

    /// Notes the answer, once given, in `noting`'s book.
    pub fn noting(self, noting: Option<Noting>) -> Self {
        InteractionReply { noting, ..self }
    }

    /// How the answer was deferred, if it was.
    async fn deferred(&self) -> Option<Deferral> {
        match *self.state.lock().await {
            Answered::Deferred(deferral) => Some(deferral),
            _ => None,
        }
    }

    /// Notes the answer given (see [`Noting`]): its original response `original` if public,
    /// and whether it took a follow-up.
    fn note(&self, original: Option<ids::MessageId>, followup: bool) {
        if let Some(n) = &self.noting {
            n.book.note(
                n.channel,
                &self.token,
                n.at,
                original,
                usize::from(followup),
            );
        }
    }

    /// The answer to a click given at once (never deferred).
    pub fn component(http: Arc<Http>, id: serenity::InteractionId, token: String) -> Self {
        InteractionReply {
            kind: "component",
            ..InteractionReply::command(http, id, token)
        }
    }

    /// The answer to a click, deferred if it is slow to come.
    pub fn click(http: Arc<Http>, id: serenity::InteractionId, token: String) -> Self {
        InteractionReply::component(http, id, token)
            .deferring(CreateInteractionResponse::Acknowledge, Deferral::Update)
    }

    /// The answer to a command that asks a table (which may wait for the database), deferred if
    /// it is slow to come: publicly if its answer is public (`/start`'s lobby), else privately.
    pub fn table_command(
        http: Arc<Http>,
        id: serenity::InteractionId,
        token: String,
        public: bool,
    ) -> Self {
        let thinking = CreateInteractionResponseMessage::new().ephemeral(!public);
        let deferral = if public {
            Deferral::Public
        } else {
            Deferral::Private
        };
        InteractionReply::command(http, id, token)
            .deferring(CreateInteractionResponse::Defer(thinking), deferral)
    }

    /// Sends `response` (a deferral) after [`DEFER_AFTER`] unless the answer went out first.
    fn deferring(mut self, response: CreateInteractionResponse, deferral: Deferral) -> Self {
        let (state, http) = (self.state.clone(), self.http.clone());
        let (id, token) = (self.id, self.token.clone());
        let task = tokio::spawn(async move {
            tokio::time::sleep(DEFER_AFTER).await;
            let mut state = state.lock().await;
            if *state != Answered::Not {
                return;
            }
            match rest_timed(Route::Interaction, response.execute(&http, (id, &token))).await {
                Ok(()) => *state = Answered::Deferred(deferral),
                Err(e) => {
                    rest_failed(&e);
                    tracing::warn!(error = %e, "could not defer an answer")
                }
            }
        });
        self.deferral = Some(task.abort_handle());
        self
    }

    /// Sends the initial response `response`, unless the answer was deferred: then `later`
    /// gives it (an edit of the original response, or a follow-up), told how it was deferred.
    async fn answer<T, F: std::future::Future<Output = Result<T, serenity::Error>>>(
        &self,
        response: impl FnOnce() -> CreateInteractionResponse,
        later: impl FnOnce(Deferral) -> F,
        now: T,
    ) -> Result<T, AnswerError> {
        let mut state = self.state.lock().await;
        if *state == Answered::Closed {
            return Err(AnswerError::Stopping);
        }
        if let Answered::Deferred(deferral) = *state {
            drop(state);
            let answered = rest_timed(Route::Webhook, later(deferral)).await;
            self.counted(Outcome::Deferred, &answered);
            return Ok(answered?);
        }
        *state = Answered::Yes;
        if let Some(deferral) = &self.deferral {
            deferral.abort();
        }
        let answered = rest_timed(
            Route::Interaction,
            response().execute(&self.http, (self.id, &self.token)),
        )
        .await
        .map(|()| now);
        self.counted(Outcome::Answered, &answered);
        Ok(answered?)
    }

    /// Counts the answer (`outcome` if it went out) and Discord's answer to it.
    fn counted<T>(&self, outcome: Outcome, answered: &Result<T, serenity::Error>) {
        let outcome = match answered {
            Ok(_) => {
                crate::telemetry::rest_answer(Some(200));
                outcome
            }
            Err(e) => {
                rest_failed(e);
                Outcome::Failed
            }
        };
        let after = self.received.elapsed();
        crate::telemetry::interaction_answered(self.kind, outcome, Some(after));
    }
}

impl Reply for InteractionReply {
    fn update(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<(), (String, Outgoing)>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            // After DEFERRED_UPDATE_MESSAGE, the original response is the clicked message.
            let later = |_| async {
                let edit = whole_message!(EditInteractionResponse::new(), view, &name);
                self.http
                    .edit_original_interaction_response(&self.token, &edit, Vec::new())
                    .await
                    .map(|_| ())
            };
            let update = || CreateInteractionResponse::UpdateMessage(response(view, &name));
            let answered = self.answer(update, later, ()).await;
            if answered.is_ok() {
                self.note(self.noting.as_ref().and_then(|n| n.clicked), false);
            }
            answered.map_err(|e| (e.to_string(), message))
        })
    }

    fn message(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<ids::MessageId, String>> {
        Box::pin(async move {
            let name = game_namer(message.game_id, message.version);
            let view = &message.view;
            let (this, name_ref) = (&*self, &name);
            let later = |deferral| async move {
                let (name, self_) = (name_ref, this);
                if deferral == Deferral::Public {
                    // The public "thinking…" becomes the message.
                    let edit = whole_message!(EditInteractionResponse::new(), view, name);
                    self_
                        .http
                        .edit_original_interaction_response(&self_.token, &edit, Vec::new())
                        .await
                        .map(|m| Some(m.id.into()))
                } else {
                    let followup =
                        whole_message!(CreateInteractionResponseFollowup::new(), view, name);
                    followup
                        .execute(&self_.http, (None, &self_.token))
                        .await
                        .map(|m| Some(m.id.into()))
                }
            };
            let create = || CreateInteractionResponse::Message(response(view, &name));
            let answered = self.answer(create, later, None).await;
            let id = match answered.map_err(|e| e.to_string())? {
                Some(id) => id,
                None => self
                    .http
                    .get_original_interaction_response(&self.token)
                    .await
                    .map(|m| m.id.into())
                    .map_err(|e| e.to_string())?,
            };
            let followup = self.deferred().await == Some(Deferral::Private);
            self.note(Some(id), followup);
            Ok(id)
        })
    }

    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), String>> {
        Box::pin(async move {
            // Private answers carry no components.
            let (this, view_ref) = (&*self, &view);
            let later = |deferral| async move {
                let (view, self_) = (view_ref, this);
                if deferral == Deferral::Private {
                    // The private "thinking…" becomes the answer.
                    let edit = EditInteractionResponse::new()
                        .content(&view.content)
                        .allowed_mentions(no_pings())
                        .embeds(embeds(view));
                    let edit = files(view).fold(edit, EditInteractionResponse::new_attachment);
                    return edit.execute(&self_.http, &self_.token).await.map(|_| ());
                }
                if deferral == Deferral::Public {
                    // A public "thinking…" must not stay: the answer is private.
                    let _ = self_
                        .http
                        .delete_original_interaction_response(&self_.token)
                        .await;
                }
                let followup = CreateInteractionResponseFollowup::new()
                    .content(&view.content)
                    .allowed_mentions(no_pings())
                    .embeds(embeds(view))
                    .ephemeral(true);
                files(view)
                    .fold(followup, CreateInteractionResponseFollowup::add_file)
                    .execute(&self_.http, (None, &self_.token))
                    .await
                    .map(|_| ())
            };
            let create = || {
                let message = CreateInteractionResponseMessage::new()
                    .content(&view.content)
                    .allowed_mentions(no_pings())
                    .embeds(embeds(&view))
                    .ephemeral(true);
                CreateInteractionResponse::Message(
                    files(&view).fold(message, CreateInteractionResponseMessage::add_file),
                )
            };
            self.answer(create, later, ())
                .await
                .map_err(|e| e.to_string())?;
            let followup = matches!(
                self.deferred().await,
                Some(Deferral::Public | Deferral::Update)
            );
            self.note(None, followup);
            Ok(())
        })
    }

    fn ephemeral_then(
        self: Box<Self>,
        now: MessageView,
        later: BoxFuture<'static, MessageView>,
    ) -> BoxFuture<'static, Result<(), String>> {
        Box::pin(async move {
            let (http, token, state) = (self.http.clone(), self.token.clone(), self.state.clone());
            let id = self.id;
            self.ephemeral(now).await?;
            // Kept in the stop's view while the real answer is awaited (the reply that sent the
            // placeholder is gone): a stop meanwhile turns it into its notice ([`answer_left`]).
            let _registered = Registered::new(id, &token, &state);
            {
                let mut answered = state.lock().await;
                if *answered == Answered::Yes {
                    *answered = Answered::Placeholder;
                }
            }
            let view = later.await;
            let mut answered = state.lock().await;
            match *answered {
                // The stop told the person already: its notice stays.
                Answered::Closed => return Ok(()),
                Answered::Placeholder => *answered = Answered::Yes,
                _ => {}
            }
            if matches!(
                *answered,
                Answered::Yes | Answered::Deferred(Deferral::Private)
            ) {
                // The private answer is the original response: it becomes the answer.
                let edit = EditInteractionResponse::new()
                    .content(&view.content)
                    .allowed_mentions(no_pings())
                    .embeds(embeds(&view));
                let edit = files(&view).fold(edit, EditInteractionResponse::new_attachment);
                return edit
                    .execute(&http, &token)
                    .await
                    .map(|_| ())
                    .map_err(|e| e.to_string());
            }
            let followup = CreateInteractionResponseFollowup::new()
                .content(&view.content)
                .allowed_mentions(no_pings())
                .embeds(embeds(&view))
                .ephemeral(true);
            files(&view)
                .fold(followup, CreateInteractionResponseFollowup::add_file)
                .execute(&http, (None, &token))
                .await
                .map(|_| ())
                .map_err(|e| e.to_string())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posts_nonce_names_the_post_the_game_and_its_version_within_discords_25_characters() {
        assert_eq!(
            post_nonce(ids::GameId::new(51), 11, Post::Turn).as_deref(),
            Some("t33.b")
        );
        assert_eq!(
            post_nonce(
                ids::GameId::new(51),
                12,
                Post::Replacing(ids::MessageId::new(1_443_113_937_412_882_368))
            )
            .as_deref(),
            Some("r33.c.e9e8ffc0")
        );
        let posts = [
            Post::Turn,
            Post::Lobby,
            Post::End,
            Post::NoThread,
            Post::Back,
            Post::TurnBack,
        ];
        let nonces: std::collections::BTreeSet<_> = posts
            .iter()
            .map(|post| post_nonce(ids::GameId::new(51), 11, *post))
            .collect();
        assert_eq!(nonces.len(), posts.len(), "each post its own");
        // Four billion games, 65,535 versions each, and any message id, fit.
        let longest = post_nonce(
            ids::GameId::new(i64::from(u32::MAX)),
            65_535,
            Post::Replacing(ids::MessageId::new(u64::MAX)),
        );
        assert!(longest.is_some_and(|n| n.len() <= MAX_NONCE));
        assert_eq!(
            post_nonce(ids::GameId::new(i64::MAX), u64::MAX, Post::Turn),
            None
        );
    }
}
