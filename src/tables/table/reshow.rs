//! Showing a table again: after a restart, or once its messages could not be shown.

use super::*;

impl<R: Hosted> Table<R> {
    /// Shows the game as it is stored on the message that shows it (the lobby, or the turn in
    /// progress): by editing it, or by posting it anew when it is gone, can't be edited any more
    /// or was never posted. If Discord refuses, tries again later, waiting longer each time.
    pub(in crate::tables) async fn reshow(&mut self, cx: &mut Cx) {
        let style = cx.services.config.style.clone();
        let (view, lobby) = match self.game.status() {
            Status::Lobby => (R::lobby_view(&self.game, self.lang), true),
            Status::Playing => (R::turn_view(&self.game, &style, self.lang), false),
            Status::Finished | Status::Cancelled => return self.caught_up(cx),
        };
        let target = if lobby {
            self.lobby_message
        } else {
            self.turn_message
        };
        let message = self.outgoing(view);
        let edited = match target {
            Some(id) => self.outbox(cx).edit(cx.channel, id, message.clone()).await,
            None => Err(SendError::Replace("never posted".into())),
        };
        let shown = match edited {
            Ok(()) => Ok(()),
            // Where the bot only answers interactions, a message no interaction it holds made
            // is shown anew, as a follow-up of the newest.
            Err(SendError::Replace(why) | SendError::Unreachable(why)) => {
                info!(why = %why, "showing the game on a new message");
                // Never posted (or its id never stored: the process stopped in between): the
                // post it would have been, which Discord returns if it was made after all.
                let post = match (target, lobby) {
                    (Some(old), _) => Post::Replacing(old),
                    (None, true) => Post::Lobby,
                    (None, false) if self.came_back => Post::TurnBack,
                    (None, false) => Post::Turn,
                };
                match self.outbox(cx).post(cx.channel, message, post).await {
                    Ok(id) => {
                        if lobby {
                            self.lobby_message = Some(id);
                        } else {
                            self.turn_message = Some(id);
                            self.came_back = false;
                        }
                        self.save_messages(cx).await;
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            Err(e) => Err(e),
        };
        match shown {
            Ok(()) => self.caught_up(cx),
            Err(SendError::Unreachable(why)) => {
                info!(why = %why, "the game shows again at the next interaction here");
                cx.reshow_due = None;
                cx.unshown = true;
            }
            // Its thread refuses the bot for good: its actor moves it back to its channel.
            Err(SendError::Gone(why, e)) if self.lobby_channel.is_some() => {
                info!(error = %e, "the game's thread refuses the bot");
                cx.reshow_due = None;
                cx.gone = Some(why);
            }
            // Its channel refuses the bot for good: trying again does not help. The next click
            // shows the game on its own message, and its lobby message says so if it can.
            Err(SendError::Gone(why, e)) => {
                error!(error = %e, ?why, "the game's channel refuses the bot: the game shows at the next click");
                self.give_up(cx).await;
            }
            Err(e) if cx.reshow_tries + 1 >= RESHOW_TRIES => {
                error!(error = %e, tries = RESHOW_TRIES, "could not show the game; it shows at the next click");
                self.give_up(cx).await;
            }
            Err(e) => {
                warn!(error = %e, retry_in = ?cx.reshow_pause, "could not show the game; trying again later");
                cx.reshow_tries += 1;
                cx.reshow_due = Some(Instant::now() + cx.reshow_pause);
                cx.reshow_pause = (cx.reshow_pause * 2).min(RESHOW_MAX);
            }
        }
    }

    /// Stops trying to show the game by itself: the next interaction here shows it (a click, on
    /// its own message), and the lobby message says so where the bot can still edit it.
    pub(super) async fn give_up(&mut self, cx: &mut Cx) {
        cx.reshow_due = None;
        cx.unshown = true;
        cx.reshow_tries = 0;
        cx.reshow_pause = RESHOW_FIRST;
        if self.show_turn_on_lobby(cx).await {
            return;
        }
        if !cx.said_unshown {
            self.say_unshown(cx).await;
        }
    }

    /// Where the bot may edit its messages in the channel but not post there (its role lost
    /// Send Messages), the game goes on on its lobby message, which shows the turn under way
    /// from now on, with its buttons and a line saying why. True if it does.
    async fn show_turn_on_lobby(&mut self, cx: &mut Cx) -> bool {
        let Some(lobby) = self.lobby_message else {
            return false;
        };
        if self.game.status() != Status::Playing
            || self.lobby_channel.is_some()
            || self.reach.answers_only()
            || self.turn_message == Some(lobby)
        {
            return false;
        }
        let mut view = R::turn_view(&self.game, &cx.services.config.style, self.lang);
        let line = crate::tr!(self.lang, "game-on-lobby");
        view.content = match view.content.is_empty() {
            true => line,
            false => format!("{}\n{line}", view.content),
        };
        match self
            .outbox(cx)
            .edit(cx.channel, lobby, self.outgoing(view))
            .await
        {
            Ok(()) => {
                info!("the game goes on on its lobby message");
                self.previous_turn_message = self.turn_message;
                self.turn_message = Some(lobby);
                self.save_messages(cx).await;
                self.caught_up(cx);
                // It shows the game now, not the line about the game not shown.
                cx.said_unshown = false;
                true
            }
            Err(e) => {
                warn!(error = %e, "could not show the turn on the lobby message");
                false
            }
        }
    }

    /// The channel shows the stored game: noted for the store (in the next batch), so that a
    /// restart need not show it again.
    pub(super) fn caught_up(&mut self, cx: &mut Cx) {
        cx.reshow_due = None;
        cx.unshown = false;
        cx.reshow_pause = RESHOW_FIRST;
        cx.reshow_tries = 0;
        let version = self.game.version;
        let open = matches!(self.game.status(), Status::Lobby | Status::Playing);
        if open && self.shown_version != Some(version) {
            self.shown_version = Some(version);
            cx.shown(self.id, version);
        }
    }

    /// After a restart: shows the game as it is now (the process may have stopped between a
    /// commit and its messages), and gives a person whose deadline passed while the bot was away
    /// a fresh one.
    pub(in crate::tables) async fn resume(&mut self, cx: &mut Cx) {
        self.refresh_deadline(&cx.services.config);
        self.show_if_behind(cx).await;
    }

    /// Gives a person whose deadline passed while the bot was away a fresh one, and a lobby that
    /// never changed since it was opened (it has no stored deadline) its first.
    pub(in crate::tables) fn refresh_deadline(&mut self, config: &TableConfig) {
        let in_lobby = self.game.status() == Status::Lobby;
        let fresh = if in_lobby {
            config.lobby_timeout
        } else {
            config.turn_timeout(self.clocks)
        };
        if self.deadline_ms.is_some_and(|d| d < now_ms())
            || (in_lobby && self.deadline_ms.is_none())
        {
            self.deadline_ms = Some(now_ms() + fresh.as_millis() as i64);
        }
    }

    /// Shows the game as stored, unless its message shows it already (the deadline is not
    /// shown): nothing to send then.
    pub(in crate::tables) async fn show_if_behind(&mut self, cx: &mut Cx) {
        if self.shown_version == Some(self.game.version) {
            return self.caught_up(cx);
        }
        self.reshow(cx).await;
    }

    /// Its deadline, if the table may sleep now: open, no bot seat on turn, and its message
    /// showing it as stored (see [`TableConfig::sleep_after`]). The outer `None`: it may not.
    pub(in crate::tables) fn may_sleep(&self) -> Option<Option<i64>> {
        let open = matches!(self.game.status(), Status::Lobby | Status::Playing);
        let bot_on_turn = self.game.current_player().is_some_and(Player::is_bot);
        let shown = self.shown_version == Some(self.game.version);
        (open && !bot_on_turn && shown && self.moved_to.is_none()).then_some(self.deadline_ms)
    }
}
