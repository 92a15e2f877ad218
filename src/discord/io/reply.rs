//! Answering interactions: the initial response, deferred when slow, its follow-ups and edits,
//! and what a stop tells the answers still owed.

use crate::sync::Lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use futures::future::BoxFuture;
use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use serenity::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse, Http,
};

use super::views::files;
use super::*;
use crate::discord::answers::AnswerBook;
use crate::i18n::Lang;
use crate::ids;
use crate::render::MessageView;
use crate::tables::{Outgoing, Reply, ReplyError};
use crate::telemetry::{rest_timed, Outcome, Route};

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
    /// Its bot's replies, where a placeholder it leaves is kept ([`Replies`]).
    replies: Arc<Replies>,
    /// Its state, found by the stop's answer to what is left in flight ([`answer_left`]).
    _registered: Registered,
}

/// The answer state of every [`InteractionReply`] alive of one bot, by the interaction's id and
/// token: the stop answers what is still in flight at the end of its grace period by what was
/// already sent ([`answer_left`]). Held by the bot (`Data::replies`, and its `RunningBot` for the
/// stop), handed to each reply it makes; in memory only: a token goes with the process.
#[derive(Default)]
pub struct Replies(Mutex<HashMap<ReplyKey, ReplyState>>);

/// A reply's key in [`Replies`]: its interaction's id and token.
type ReplyKey = (u64, String);

/// A reply's answer state, as [`Replies`] holds it (not keeping the reply's alive), and, for a
/// private placeholder awaiting its answer (`ephemeral_then`), its person's language: the stop
/// answers it too, though its interaction's handler is done.
#[derive(Clone)]
struct ReplyState {
    state: Weak<tokio::sync::Mutex<Answered>>,
    /// A placeholder's: its person's language.
    placeholder: Option<Lang>,
}

/// A reply's entry in its bot's [`Replies`], removed with the reply (unless a newer reply of the
/// same interaction took its place).
struct Registered {
    replies: Arc<Replies>,
    key: ReplyKey,
    state: Weak<tokio::sync::Mutex<Answered>>,
}

impl Registered {
    fn new(
        replies: &Arc<Replies>,
        id: serenity::InteractionId,
        token: &str,
        state: &Arc<tokio::sync::Mutex<Answered>>,
        placeholder: Option<Lang>,
    ) -> Self {
        let key = (id.get(), token.to_string());
        let state = Arc::downgrade(state);
        let entry = ReplyState {
            state: state.clone(),
            placeholder,
        };
        replies.0.locked().insert(key.clone(), entry);
        Registered {
            replies: replies.clone(),
            key,
            state,
        }
    }
}

impl Drop for Registered {
    fn drop(&mut self) {
        let mut replies = self.replies.0.locked();
        if replies
            .get(&self.key)
            .is_some_and(|entry| entry.state.ptr_eq(&self.state))
        {
            replies.remove(&self.key);
        }
    }
}

/// The private placeholders ("being prepared…") of the bot whose replies are `replies` still
/// awaiting their answer, by interaction id and token, with their person's language: what a
/// stop's end answers ([`answer_left`]), though their handlers are done.
pub(in crate::discord) fn placeholders_left(replies: &Replies) -> Vec<(u64, String, Lang)> {
    replies
        .0
        .locked()
        .iter()
        .filter_map(|((id, token), entry)| entry.placeholder.map(|lang| (*id, token.clone(), lang)))
        .collect()
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
pub(in crate::discord) async fn answer_left(
    http: &Http,
    replies: &Replies,
    id: u64,
    token: &str,
    view: MessageView,
) -> Result<bool, serenity::Error> {
    let state = replies
        .0
        .locked()
        .get(&(id, token.to_string()))
        .and_then(|entry| entry.state.upgrade());
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

impl From<serenity::Error> for ReplyError {
    fn from(error: serenity::Error) -> ReplyError {
        ReplyError::Failed(error.to_string())
    }
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
    pub fn command(
        http: Arc<Http>,
        replies: &Arc<Replies>,
        id: serenity::InteractionId,
        token: String,
    ) -> Self {
        let state = Arc::default();
        InteractionReply {
            _registered: Registered::new(replies, id, &token, &state, None),
            replies: replies.clone(),
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
    pub fn component(
        http: Arc<Http>,
        replies: &Arc<Replies>,
        id: serenity::InteractionId,
        token: String,
    ) -> Self {
        InteractionReply {
            kind: "component",
            ..InteractionReply::command(http, replies, id, token)
        }
    }

    /// The answer to a click, deferred if it is slow to come.
    pub fn click(
        http: Arc<Http>,
        replies: &Arc<Replies>,
        id: serenity::InteractionId,
        token: String,
    ) -> Self {
        InteractionReply::component(http, replies, id, token)
            .deferring(CreateInteractionResponse::Acknowledge, Deferral::Update)
    }

    /// The answer to a command that asks a table (which may wait for the database), deferred if
    /// it is slow to come: publicly if its answer is public (`/start`'s lobby), else privately.
    pub fn table_command(
        http: Arc<Http>,
        replies: &Arc<Replies>,
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
        InteractionReply::command(http, replies, id, token)
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
    ) -> Result<T, ReplyError> {
        let mut state = self.state.lock().await;
        if *state == Answered::Closed {
            return Err(ReplyError::Stopping);
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
    ) -> BoxFuture<'static, Result<(), (ReplyError, Outgoing)>> {
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
            answered.map_err(|e| (e, message))
        })
    }

    fn message(
        self: Box<Self>,
        message: Outgoing,
    ) -> BoxFuture<'static, Result<ids::MessageId, ReplyError>> {
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
            let id = match answered? {
                Some(id) => id,
                None => self
                    .http
                    .get_original_interaction_response(&self.token)
                    .await
                    .map(|m| m.id.into())?,
            };
            let followup = self.deferred().await == Some(Deferral::Private);
            self.note(Some(id), followup);
            Ok(id)
        })
    }

    fn ephemeral(self: Box<Self>, view: MessageView) -> BoxFuture<'static, Result<(), ReplyError>> {
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
            self.answer(create, later, ()).await?;
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
        lang: Lang,
    ) -> BoxFuture<'static, Result<(), ReplyError>> {
        Box::pin(async move {
            let (http, token, state) = (self.http.clone(), self.token.clone(), self.state.clone());
            let (id, replies) = (self.id, self.replies.clone());
            self.ephemeral(now).await?;
            // Kept in the stop's view while the real answer is awaited (the reply that sent the
            // placeholder is gone): a stop meanwhile turns it into its notice ([`answer_left`]).
            let _registered = Registered::new(&replies, id, &token, &state, Some(lang));
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
                    .map_err(ReplyError::from);
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
                .map_err(ReplyError::from)
        })
    }
}
