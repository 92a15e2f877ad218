//! The thread a table plays in once started: opened, closed, and left when it is gone.

use super::*;

impl<R: Hosted> Table<R> {
    /// At Start, when the server wants games in threads: opens a public thread from the lobby
    /// message, named after the game and its players, and moves the game there (stored), so that
    /// this channel is free for another game. None when the server does not want it, or when the
    /// thread could not be opened: then the game stays in the channel, and the host is told why.
    pub(super) async fn open_thread(&mut self, cx: &Cx) -> Option<ChannelId> {
        let lobby = self.lobby_message?;
        if self.lobby_channel.is_some() {
            return None;
        }
        let wanted = match cx.services.settings(self.place(cx.channel)).await {
            Ok(settings) => settings.on(&crate::settings::THREADS),
            Err(e) => {
                warn!(error = %e, "could not read the server's settings; no thread");
                false
            }
        };
        if !wanted {
            return None;
        }
        let name = games::thread_name(&self.game, self.id, self.lang);
        let thread = match self.outbox(cx).start_thread(cx.channel, lobby, name).await {
            Ok(thread) => thread,
            Err(why) => {
                info!(error = %why, "no thread for the game; it stays in the channel");
                let host = match self.game.host {
                    Player::Person(id) => format!("<@{id}>"),
                    Player::Bot(_) => String::new(),
                };
                let key = match why {
                    ThreadError::MissingPermissions => "thread-no-permission",
                    ThreadError::Failed(_) => "thread-failed",
                };
                let note = MessageView::new(&crate::tr!(self.lang, key, host = host));
                if let Err(e) = self
                    .outbox(cx)
                    .post(cx.channel, self.outgoing(note), Post::NoThread)
                    .await
                {
                    warn!(error = %e, "could not say why the game has no thread");
                }
                return None;
            }
        };
        if let Err(e) = cx
            .services
            .store
            .move_to_thread(self.id, thread, cx.channel)
            .await
        {
            error!(error = %e, thread = %thread.get(), "could not move the game to its thread; it stays here");
            return None;
        }
        self.lobby_channel = Some(cx.channel);
        Some(thread)
    }

    /// The end of a game played in a thread: its lobby message in the channel becomes its end
    /// (`view`, with its buttons) and a link to the thread, and the thread is archived.
    pub(super) async fn close_thread(&self, cx: &Cx, view: MessageView) {
        let (Some(channel), Some(lobby)) = (self.lobby_channel, self.lobby_message) else {
            return;
        };
        let view = if self.thread_gone {
            // Its thread refuses the bot: no link to it, and nothing to archive.
            view
        } else {
            // The thread's id in the message's place too, as ever (a thread opened from a
            // message has that message's id).
            let thread = crate::ids::MessageId::new(cx.channel.get());
            let link = render::notice::message_link(Some(self.guild), cx.channel, thread);
            let link = crate::tr!(self.lang, "thread-played-in", link = link);
            let content = if view.content.is_empty() {
                link
            } else {
                format!("{}\n{link}", view.content)
            };
            MessageView { content, ..view }
        };
        if let Err(e) = self
            .outbox(cx)
            .edit(channel, lobby, self.outgoing(view))
            .await
        {
            warn!(error = %e, "could not show the game's end on its lobby message");
        }
        if self.thread_gone {
            return;
        }
        if let Err(e) = self.outbox(cx).archive_thread(cx.channel).await {
            warn!(error = %e, "could not archive the game's thread");
        }
    }

    /// Its thread refuses the bot for good (`why`: deleted, locked, out of its reach): the game
    /// goes back to the channel of its lobby message (stored: a restart finds it there), with
    /// one line there saying why, and its actor hands it over to that channel's (`moved_to`),
    /// which shows the turn there. When another game is open in that channel, the game ends
    /// here, cancelled, and that line says so.
    pub(in crate::tables) async fn leave_thread(&mut self, cx: &mut Cx, why: Closed) {
        let Some(channel) = self.lobby_channel else {
            return;
        };
        if !matches!(self.game.status(), Status::Lobby | Status::Playing) {
            return;
        }
        let thread = cx.channel;
        cx.reshow_due = None;
        cx.unshown = false;
        match cx.services.store.move_from_thread(self.id, thread).await {
            Ok(channel) => {
                info!(
                    thread = %thread.get(),
                    channel = %channel.get(),
                    ?why,
                    "the game's thread refuses the bot: the game goes on in its channel"
                );
                self.say_why(cx, channel, "thread-gone", why).await;
                self.lobby_channel = None;
                self.turn_message = None;
                self.previous_turn_message = None;
                self.shown_version = None;
                self.came_back = true;
                self.moved_to = Some(channel);
            }
            Err(StoreError::ChannelBusy { game_id }) => {
                info!(
                    thread = %thread.get(),
                    channel = %channel.get(),
                    other = game_id.get(),
                    ?why,
                    "the game's thread refuses the bot and its channel holds another game: cancelled"
                );
                self.say_why(cx, channel, "thread-gone-busy", why).await;
                self.thread_gone = true;
                self.apply(cx, Action::Cancel, None, None).await;
            }
            Err(e) if cx.reshow_tries + 1 >= RESHOW_TRIES => {
                error!(error = %e, tries = RESHOW_TRIES, "could not move the game out of its thread; it shows at the next click");
                self.give_up(cx).await;
            }
            Err(e) => {
                // Tried again at the next show, which meets the thread's refusal again.
                error!(error = %e, "could not move the game out of its thread; trying again later");
                cx.reshow_tries += 1;
                cx.reshow_due = Some(Instant::now() + cx.reshow_pause);
                cx.reshow_pause = (cx.reshow_pause * 2).min(RESHOW_MAX);
            }
        }
    }

    /// Posts in `channel` the one line (`key`, in the table's language) saying why the game left
    /// its thread.
    async fn say_why(&self, cx: &Cx, channel: ChannelId, key: &str, why: Closed) {
        let line = crate::tr!(self.lang, key, why = why.key());
        let line = self.outgoing(MessageView::new(&line));
        if let Err(e) = cx.services.outbox.post(channel, line, Post::Back).await {
            warn!(error = %e, "could not say why the game left its thread");
        }
    }
}
