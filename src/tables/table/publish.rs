//! Showing a table: its messages posted, edited or answered, and which version they show.

use super::*;

impl<R: Hosted> Table<R> {
    /// Shows what changed from `before` to the table's game, on the lobby message, the turn
    /// message and new messages. What Discord refuses is shown again later ([`Table::reshow`]).
    pub(super) async fn publish(
        &mut self,
        cx: &mut Cx,
        before: &Game<R>,
        clicked: Option<MessageId>,
        mut reply: Option<(Box<dyn Reply>, Notice, Lang)>,
    ) {
        if clicked.is_none() {
            // A slash command's answer does not wait for the channel's messages.
            if let Some((reply, notice, lang)) = reply.take() {
                let _ = reply.ephemeral(render::notice(notice, lang)).await;
            }
        }
        // Public messages are in the table's language, whoever asked.
        let lang = self.lang;
        let services = cx.services.clone();
        let style = &services.config.style;
        let stage = self.game.status();
        let shown = match (before.status(), stage) {
            (Status::Lobby, _) => {
                let lobby = self.outgoing(R::lobby_view(&self.game, self.lang));
                let shown = self
                    .show(cx, self.lobby_message, lobby, clicked, &mut reply)
                    .await;
                if stage == Status::Playing {
                    // The lobby is history now: what must show is the first turn, in the
                    // game's own thread when the server wants one (its actor shows it).
                    if let Some(thread) = self.open_thread(cx).await {
                        self.moved_to = Some(thread);
                        if let Some((reply, notice, lang)) = reply {
                            let _ = reply.ephemeral(render::notice(notice, lang)).await;
                        }
                        return;
                    }
                    self.post_turn(cx).await
                } else {
                    shown
                }
            }
            (Status::Playing, _) => {
                let turn_ended = games::turn_ended(before, &self.game);
                let view = match stage {
                    Status::Cancelled => R::over_view(&self.game, lang),
                    _ if turn_ended => games::result_view(&self.game, style, lang),
                    _ => R::turn_view(&self.game, style, lang),
                };
                let message = self.outgoing(view);
                let shown = self
                    .show(cx, self.turn_message, message, clicked, &mut reply)
                    .await;
                match stage {
                    // A new turn, a new message; the old one shows how its turn ended (if that
                    // edit failed, its buttons are only out of date).
                    Status::Playing if turn_ended => self.post_turn(cx).await,
                    Status::Playing => shown,
                    Status::Finished => {
                        let view = self.end().view;
                        // In a thread, its buttons (Rematch, Review) are on the lobby message
                        // in the channel, where a rematch opens.
                        let posted = match self.lobby_channel {
                            Some(_) => MessageView {
                                rows: Vec::new(),
                                ..view.clone()
                            },
                            None => view.clone(),
                        };
                        let over = self.outgoing(posted.clone());
                        match self.post_or_reuse(cx, over, Post::End).await {
                            Ok(id) => self.add_chart(cx, id, posted, lang).await,
                            Err(e) => warn!(error = %e, "could not post the game's end"),
                        }
                        self.close_thread(cx, view).await;
                        true
                    }
                    Status::Cancelled => {
                        self.close_thread(cx, R::over_view(&self.game, lang)).await;
                        true
                    }
                    _ => true,
                }
            }
            (Status::Finished | Status::Cancelled, _) => true,
        };
        if let Some((reply, notice, lang)) = reply {
            let _ = reply.ephemeral(render::notice(notice, lang)).await;
        }
        if shown {
            self.caught_up(cx);
        } else {
            // The message that shows the game is gone, can't be edited, or Discord refused it.
            self.reshow(cx).await;
        }
    }

    /// Shows `message` on the message `target`: by answering the click when it was clicked,
    /// else by editing it. False when the channel does not show it.
    async fn show(
        &self,
        cx: &Cx,
        target: Option<MessageId>,
        mut message: Outgoing,
        clicked: Option<MessageId>,
        reply: &mut Option<(Box<dyn Reply>, Notice, Lang)>,
    ) -> bool {
        if clicked.is_some() && clicked == target {
            if let Some((reply, _, _)) = reply.take() {
                match reply.update(message).await {
                    Ok(()) => return true,
                    // Too late, or refused: the action is committed, so show it all the same.
                    Err((e, unshown)) => {
                        warn!(error = %e, "could not answer a click; editing instead");
                        message = unshown;
                    }
                }
            }
        }
        let Some(target) = target else {
            return false;
        };
        match self.outbox(cx).edit(cx.channel, target, message).await {
            Ok(()) => true,
            Err(e) => {
                warn!(error = %e, "could not edit a game message");
                false
            }
        }
    }

    /// The bot gave up showing the game in its channel: its lobby message (in the channel of its
    /// thread, or its own) says so, with a line asking for a click, which shows the game as it
    /// is on the clicked message. Undone once the game shows again ([`Table::said_shown`]).
    pub(super) async fn say_unshown(&self, cx: &mut Cx) {
        let Some(lobby) = self.lobby_message else {
            return;
        };
        if self.game.status() == Status::Lobby {
            // The lobby message is the one that does not show.
            return;
        }
        let channel = self.lobby_channel.unwrap_or(cx.channel);
        let mut view = R::lobby_view(&self.game, self.lang);
        let line = crate::tr!(self.lang, "game-unshown");
        view.content = match view.content.is_empty() {
            true => line,
            false => format!("{}\n{line}", view.content),
        };
        match self
            .outbox(cx)
            .edit(channel, lobby, self.outgoing(view))
            .await
        {
            Ok(()) => cx.said_unshown = true,
            Err(e) => {
                warn!(error = %e, "could not say on the lobby message that the game is not shown")
            }
        }
    }

    /// The game shows again after the bot gave up showing it: its lobby message no longer says
    /// it doesn't.
    pub(in crate::tables) async fn said_shown(&self, cx: &mut Cx) {
        cx.said_unshown = false;
        let Some(lobby) = self.lobby_message else {
            return;
        };
        if !matches!(self.game.status(), Status::Playing) || self.turn_message == Some(lobby) {
            return;
        }
        let channel = self.lobby_channel.unwrap_or(cx.channel);
        let view = R::lobby_view(&self.game, self.lang);
        if let Err(e) = self
            .outbox(cx)
            .edit(channel, lobby, self.outgoing(view))
            .await
        {
            warn!(error = %e, "could not take the line about the game not shown off its lobby");
        }
    }

    /// Posts the message of the turn that just began and remembers it; false if Discord refused.
    async fn post_turn(&mut self, cx: &Cx) -> bool {
        let view = R::turn_view(&self.game, &cx.services.config.style, self.lang);
        let posted = match self
            .post_or_reuse(cx, self.outgoing(view), Post::Turn)
            .await
        {
            Ok(id) => {
                if self.turn_message != Some(id) {
                    self.previous_turn_message = self.turn_message;
                }
                self.turn_message = Some(id);
                true
            }
            Err(e) => {
                warn!(error = %e, "could not post the turn message; posting it again later");
                self.turn_message = None;
                false
            }
        };
        self.save_messages(cx).await;
        posted
    }

    /// A move clicked on a state no longer stored. When the channel is behind, the click shows
    /// the game as it is: on its own message if that is the turn's, else on a new or edited turn
    /// message; otherwise the clicker is told it was out of date.
    pub(super) async fn stale(
        &mut self,
        cx: &mut Cx,
        message_id: MessageId,
        code: &(UserId, String),
        reply: Box<dyn Reply>,
        lang: Lang,
    ) {
        // Behind: a post or an edit failed, and the table will show the game again.
        if cx.reshow_due.is_none() && !cx.unshown {
            return deny(reply, self.stale_notice(message_id, code), lang).await;
        }
        if cx.unshown {
            // Only an interaction can show the game here: this click's message shows it now.
            return self.adopt(cx, message_id, reply).await;
        }
        if self.turn_message == Some(message_id) && self.game.status() == Status::Playing {
            let view = R::turn_view(&self.game, &cx.services.config.style, self.lang);
            match reply.update(self.outgoing(view)).await {
                Ok(()) => return self.caught_up(cx),
                Err((e, _)) => warn!(error = %e, "could not show the turn on a stale click"),
            }
        } else {
            deny(reply, Notice::Stale, lang).await;
        }
        self.reshow(cx).await;
    }

    /// Shows the game as it is on `message_id`, whose button was clicked (`reply`), and keeps
    /// that message as the one that shows it: where the bot only answers interactions, the
    /// changes made while it had none to answer (a turn's deadline, a bot seat's moves) show at
    /// the next click, on the clicked message.
    async fn adopt(&mut self, cx: &mut Cx, message_id: MessageId, reply: Box<dyn Reply>) {
        let style = cx.services.config.style.clone();
        let (view, lobby) = match self.game.status() {
            Status::Lobby => (R::lobby_view(&self.game, self.lang), true),
            _ => (R::turn_view(&self.game, &style, self.lang), false),
        };
        match reply.update(self.outgoing(view)).await {
            Ok(()) => {
                if lobby {
                    self.lobby_message = Some(message_id);
                } else {
                    self.previous_turn_message = None;
                    self.turn_message = Some(message_id);
                }
                self.save_messages(cx).await;
                self.caught_up(cx);
            }
            Err((e, _)) => warn!(error = %e, "could not show the game on the clicked message"),
        }
    }

    /// A post of `message` (`post` of the game): where the bot only answers interactions and
    /// has no follow-up left to post it with, it shows on the turn's message instead (its
    /// player is not pinged, but nothing is left unshown while the turn's message can be
    /// edited).
    async fn post_or_reuse(
        &self,
        cx: &Cx,
        message: Outgoing,
        post: Post,
    ) -> Result<MessageId, SendError> {
        let outbox = self.outbox(cx);
        match outbox.post(cx.channel, message.clone(), post).await {
            // Where the bot may not post (no follow-up left; or, for the end, its role lost Send
            // Messages), it may still edit: the turn's message shows it.
            Err(SendError::Unreachable(why)) if self.turn_message.is_some() => {
                let Some(turn) = self.turn_message else {
                    return Err(SendError::Unreachable(why));
                };
                info!(why = %why, "no follow-up left: showing it on the turn's message");
                outbox.edit(cx.channel, turn, message).await.map(|()| turn)
            }
            Err(SendError::Gone(_, why)) if post == Post::End && self.turn_message.is_some() => {
                let Some(turn) = self.turn_message else {
                    return Err(SendError::Failed(why));
                };
                info!(why = %why, "the end may not be posted: showing it on the turn's message");
                outbox.edit(cx.channel, turn, message).await.map(|()| turn)
            }
            posted => posted,
        }
    }

    /// The answer to a move clicked on a state gone by: the last move clicked, by the same person,
    /// on the turn's message or the one just before, is a click made twice (the first counted);
    /// anything else is a button out of date.
    pub(super) fn stale_notice(&self, message_id: MessageId, code: &(UserId, String)) -> Notice {
        let here = [self.turn_message, self.previous_turn_message].contains(&Some(message_id));
        if here && self.last_click.as_ref() == Some(code) {
            Notice::AlreadyDone
        } else {
            Notice::Stale
        }
    }

    pub(super) async fn save_messages(&self, cx: &Cx) {
        if let Err(e) = cx
            .services
            .store
            .set_messages(self.id, self.lobby_message, self.turn_message)
            .await
        {
            error!(error = %e, "could not remember the game's messages");
        }
    }
}
