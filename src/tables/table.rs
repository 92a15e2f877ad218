//! What a table does with a request, for any game: check, decide, commit, then show.

use std::time::Duration;

use tokio::time::Instant;
use tracing::{error, info, warn};

use super::actor::{Cx, RESHOW_FIRST, RESHOW_MAX, RESHOW_TRIES};
use super::{
    Closed, NewGame, Origin, Outbox, Outgoing, Post, Reply, Request, SendError, TableGame,
    ThreadError,
};
use crate::engine::table::HostAct;
use crate::engine::Intent;
use crate::engine::Player;
use crate::engine::Status;
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, GuildId, MessageId, UserId};
use crate::render::{self, MessageView, Notice};
use crate::store::{
    now_ms, Clocks, GuildSettings, LimitReached, Loaded, OpenLimits, Opening, Place, Reach,
    StoreError,
};

/// The open game of a channel, as its actor holds it.
pub(super) struct Table<G> {
    pub(super) id: GameId,
    pub(super) guild: GuildId,
    /// How the bot reaches its channel.
    pub(super) reach: Reach,
    pub(super) game: G,
    pub(super) lobby_message: Option<MessageId>,
    pub(super) turn_message: Option<MessageId>,
    /// The message of the turn before, while this process has posted the current one: a move
    /// clicked there is a click made twice (not kept across a restart).
    pub(super) previous_turn_message: Option<MessageId>,
    /// The last move made by a click here, and by whom (its button's code): the same click
    /// again on a state gone by is a click made twice.
    pub(super) last_click: Option<(UserId, String)>,
    pub(super) deadline_ms: Option<i64>,
    /// The language of the game's public messages.
    pub(super) lang: Lang,
    /// The version its message is known to show, as last handed to the store.
    pub(super) shown_version: Option<u64>,
    /// Its clocks, from its server's settings when it started.
    pub(super) clocks: Clocks,
    /// The finished game whose Rematch button opened it.
    pub(super) rematch_of: Option<GameId>,
    /// Once its Start moved it to a thread: the channel of its lobby message.
    pub(super) lobby_channel: Option<ChannelId>,
    /// The channel its actor hands it over to: the thread its Start just moved it to, or the
    /// channel it came back to from a thread that refuses the bot.
    pub(super) moved_to: Option<ChannelId>,
    /// It came back from its thread and its turn is not posted in the channel yet.
    pub(super) came_back: bool,
    /// Its thread refuses the bot for good and its channel holds another game: it ends without
    /// its thread.
    pub(super) thread_gone: bool,
}

impl<G> From<Loaded<G>> for Table<G> {
    fn from(loaded: Loaded<G>) -> Table<G> {
        Table {
            id: loaded.id,
            guild: loaded.place.guild_id,
            reach: loaded.place.reach,
            game: loaded.game,
            lobby_message: loaded.lobby_message_id,
            turn_message: loaded.turn_message_id,
            previous_turn_message: None,
            last_click: None,
            deadline_ms: loaded.deadline_ms,
            lang: loaded.lang,
            shown_version: loaded.shown_version,
            clocks: loaded.clocks,
            rematch_of: loaded.rematch_of,
            lobby_channel: loaded.lobby_channel,
            moved_to: None,
            came_back: false,
            thread_gone: false,
        }
    }
}

impl<G: TableGame> Table<G>
where
    G::Event: Send + Sync,
{
    /// Where it is played, its channel being `channel`.
    pub(super) fn place(&self, channel: ChannelId) -> Place {
        Place {
            guild_id: self.guild,
            channel_id: channel,
            reach: self.reach,
        }
    }

    /// What shows its messages: channel messages, or only answers to interactions.
    fn outbox<'a>(&self, cx: &'a Cx) -> &'a dyn Outbox {
        if self.reach.answers_only() {
            &*cx.shared.answers
        } else {
            &*cx.shared.outbox
        }
    }

    fn outgoing(&self, view: MessageView) -> Outgoing {
        Outgoing {
            view,
            game_id: self.id,
            version: self.game.version(),
        }
    }

    /// Its end, as its game-over message shows it (with its number, which `/review game:`
    /// takes, once finished).
    pub(super) fn end(&self) -> Outgoing {
        let view = self.game.over_view(self.lang);
        let view = match self.game.stage() {
            Status::Finished => render::review::numbered(view, self.id, self.lang),
            _ => view,
        };
        self.outgoing(view)
    }

    /// Opens a new game with the server's `settings` and answers with its lobby.
    pub(super) async fn create(
        cx: &mut Cx,
        new: NewGame,
        settings: &GuildSettings,
    ) -> Option<Table<G>> {
        let NewGame {
            place,
            host,
            target,
            bots,
            reply,
            lang,
            table_lang,
            default_lang,
            rematch_of,
            ..
        } = new;
        let config = &cx.shared.config;
        let table_lang = table_lang.or(settings.language()).unwrap_or(default_lang);
        let clocks = settings.clocks();
        let (game, created) = match G::create(
            target,
            settings.default_target().unwrap_or(config.default_target),
            host.player(),
            host.name.clone(),
            lang,
        ) {
            Ok(created) => created,
            Err(view) => {
                let _ = reply.ephemeral(view).await;
                return None;
            }
        };
        let stored = cx
            .shared
            .store
            .create_game_with(
                place,
                &game,
                &created,
                &Opening {
                    lang: table_lang,
                    clocks,
                    rematch_of,
                    limits: Some(OpenLimits {
                        host: host.user_id,
                        lobbies_per_person: config.limits.lobbies_per_person,
                        tables_per_server: config.limits.tables_per_server,
                    }),
                },
            )
            .await;
        let id = match stored {
            Ok(id) => id,
            Err(StoreError::ChannelBusy { .. }) => {
                let _ = reply
                    .ephemeral(render::notice(
                        Notice::ChannelBusy(Default::default()),
                        lang,
                    ))
                    .await;
                return None;
            }
            Err(StoreError::Limit(reached)) => {
                info!(
                    ?reached,
                    host = host.user_id.get(),
                    "a new game refused: a limit is reached"
                );
                let notice = match reached {
                    LimitReached::Lobbies(max) => Notice::TooManyLobbies(max),
                    LimitReached::Tables(max) => Notice::TooManyTables(max),
                };
                let _ = reply.ephemeral(render::notice(notice, lang)).await;
                return None;
            }
            Err(e) => {
                error!(error = %e, "could not store a new game");
                let _ = reply
                    .ephemeral(render::notice(Notice::NotSaved, lang))
                    .await;
                return None;
            }
        };
        info!(
            game_id = id.get(),
            channel = place.channel_id.get(),
            kind = G::KIND.as_str(),
            "game created"
        );
        let mut table = Table {
            id,
            guild: place.guild_id,
            reach: place.reach,
            game,
            lobby_message: None,
            turn_message: None,
            previous_turn_message: None,
            last_click: None,
            deadline_ms: Some(now_ms() + config.lobby_timeout.as_millis() as i64),
            lang: table_lang,
            shown_version: None,
            clocks,
            rematch_of,
            lobby_channel: None,
            moved_to: None,
            came_back: false,
            thread_gone: false,
        };
        for _ in 0..usize::from(bots).min(G::MAX_SEATS - 1) {
            let action = table.add_bot_action();
            if table.commit(cx, action, table_lang).await.is_err() {
                break;
            }
        }
        match reply
            .message(table.outgoing(table.game.lobby_view(table_lang)))
            .await
        {
            Ok(message_id) => {
                table.lobby_message = Some(message_id);
                table.save_messages(cx).await;
                table.caught_up(cx);
            }
            Err(e) => {
                warn!(error = %e, "could not answer /start; posting the lobby");
                table.reshow(cx).await;
            }
        }
        Some(table)
    }

    pub(super) async fn handle(&mut self, cx: &mut Cx, request: Request) {
        let Request {
            who,
            intent,
            origin,
            reply,
            lang,
            ..
        } = request;
        let code = (who.user_id, intent.code());
        // The move's code is read by this table's game: a code it has no move for is no button
        // of its.
        let Some(intent) = intent.read::<G::Move>() else {
            return deny(reply, Notice::UnknownButton, lang).await;
        };
        let clicked = match origin {
            Origin::Click {
                game_id,
                version,
                message_id,
                message_kind,
            } => {
                if game_id != self.id {
                    return deny(reply, Notice::GameOver, lang).await;
                }
                // A click acts only on the kind of message its button belongs to, as the clicked
                // message's own buttons say: a lobby's on a lobby, a move or Odds on a turn
                // message. A move on a message without buttons is on a turn that ended.
                if intent.message_kind() != message_kind {
                    let notice = if intent.is_move() && message_kind.is_none() {
                        self.stale_notice(message_id, &code)
                    } else {
                        Notice::UnknownButton
                    };
                    return deny(reply, notice, lang).await;
                }
                // Moves on the turn message must be made on the state they were shown on; lobby
                // buttons mean the same on any version.
                if intent.is_move() && version != self.game.version() {
                    return self.stale(cx, message_id, &code, reply, lang).await;
                }
                Some(message_id)
            }
            Origin::Slash => None,
        };
        let me = who.player();
        let host_act = match intent {
            Intent::AddBot => Some(HostAct::AddBot),
            Intent::Cancel => Some(HostAct::Cancel),
            Intent::Kick { .. } => Some(HostAct::Kick),
            _ => None,
        };
        if let Some(act) = host_act {
            if let Err(view) = self.game.may(me, who.moderator, act, lang, self.lang) {
                let _ = reply.ephemeral(view).await;
                return;
            }
        }
        let (action, ack) = match intent {
            Intent::Scores => {
                let _ = reply.ephemeral(self.game.scores_view(lang)).await;
                return;
            }
            Intent::Odds => {
                if let Some(preparing) = self.game.preparing(&cx.shared.strategies) {
                    return self.odds_when_ready(cx, reply, lang, preparing);
                }
                let view = self.odds_view(cx, lang).await;
                let _ = reply.ephemeral(view).await;
                return;
            }
            Intent::Join => (G::join(me, who.name.clone()), Notice::Joined),
            Intent::Leave => (G::leave(me), Notice::Left),
            Intent::AddBot => (self.add_bot_action(), Notice::Done),
            Intent::Start => (G::start(me), Notice::Done),
            Intent::Cancel => (G::cancel(), Notice::Cancelled),
            Intent::Kick { user_id } => {
                let ack = if user_id == who.user_id {
                    Notice::Left
                } else {
                    Notice::Kicked
                };
                (G::leave(Player::Person(user_id)), ack)
            }
            Intent::Play(mv) => (G::play(me, mv), Notice::Done),
            // The channel's actor answers Rematch (see `Actor::rematch`).
            Intent::Rematch => return deny(reply, Notice::UnknownButton, lang).await,
            // The service answers Review beside the tables (see `Tables::review`).
            Intent::Review => return deny(reply, Notice::UnknownButton, lang).await,
        };
        let version = self.game.version();
        self.apply(cx, action, clicked, Some((reply, ack, lang)))
            .await;
        if clicked.is_some() && self.game.version() != version {
            self.last_click = Some(code);
        }
    }

    /// The bot seat's move, worked out off the table's task (the solver may fill its tables on
    /// first use, and waits for any other table using it).
    pub(super) async fn bot_action(&self, cx: &Cx) -> Option<G::Action> {
        if let Some(preparing) = self.game.preparing(&cx.shared.strategies) {
            // The actor arms the move once the strategy is ready (`Actor::bot_move`); should it
            // come here before, it is awaited, not waited for on a thread.
            preparing.await;
        }
        let (game, shared) = (self.game.clone(), cx.shared.clone());
        tokio::task::spawn_blocking(move || game.bot_move(&shared.strategies))
            .await
            .unwrap_or_else(|e| {
                error!(error = %e, "the bot seat's move failed");
                None
            })
    }

    /// The answer to Odds, worked out off the table's task like [`Table::bot_action`].
    async fn odds_view(&self, cx: &Cx, lang: Lang) -> MessageView {
        odds_of(self.game.clone(), cx.shared.clone(), lang, self.lang).await
    }

    /// Odds asked for while the game's strategy is being prepared (after a start): "being
    /// prepared" at once, then the odds of the game as it was when asked, once the strategy is
    /// ready (within the interaction's 15 minutes), off the table's task, which goes on.
    fn odds_when_ready(
        &self,
        cx: &Cx,
        reply: Box<dyn Reply>,
        lang: Lang,
        preparing: crate::games::Preparing,
    ) {
        let (game, shared, table_lang) = (self.game.clone(), cx.shared.clone(), self.lang);
        let later = Box::pin(async move {
            if tokio::time::timeout(super::STRATEGY_WAIT, preparing)
                .await
                .is_err()
            {
                return render::notice(Notice::NotPrepared, lang);
            }
            odds_of(game, shared, lang, table_lang).await
        });
        let waiting = render::notice(Notice::Preparing, lang);
        let task = tokio::spawn(async move {
            let _ = reply.ephemeral_then(waiting, later).await;
        });
        // A stop waits for it as for the tables.
        cx.shared.tasks.lock().unwrap().push(task);
    }

    /// The deadline passed: the turn's (it times out), or the lobby's (the table closes).
    pub(super) async fn run_clock(&mut self, cx: &mut Cx) {
        if self.game.stage() == Status::Lobby {
            info!(
                game_id = self.id.get(),
                "nobody started the table in time: closing it"
            );
            self.apply(cx, G::cancel(), None, None).await;
        } else {
            self.apply(cx, G::time_out(), None, None).await;
        }
    }

    /// Cancels the game: nobody is left to play it.
    pub(super) async fn cancel_for_nobody(&mut self, cx: &mut Cx) {
        self.apply(cx, G::cancel(), None, None).await;
    }

    fn add_bot_action(&self) -> G::Action {
        let n = self.game.next_bot();
        G::join(Player::Bot(n), render::bot_name(n, self.lang))
    }

    /// Decides, commits, and only then replaces the game. On failure nothing changed, and the
    /// error is a message in `lang` (the asker's).
    async fn commit(
        &mut self,
        cx: &mut Cx,
        action: G::Action,
        lang: Lang,
    ) -> Result<G, MessageView> {
        // The turn's message, which a refusal for not being on turn links.
        let turn = self.turn_message.map(|message| {
            render::notice::message_link(self.place(cx.channel).link_guild(), cx.channel, message)
        });
        let decided = {
            let mut dice = cx.shared.dice.lock().unwrap();
            self.game
                .decide(action, &mut **dice, lang, self.lang, turn.as_deref())
        };
        let event = decided?;
        let mut next = self.game.clone();
        next.evolve(&event);
        let config = &cx.shared.config;
        let deadline_ms = match next.current_player() {
            // Any change in the lobby gives it its time again.
            None if next.stage() == Status::Lobby => {
                Some(now_ms() + config.lobby_timeout.as_millis() as i64)
            }
            // Someone else's join or leave leaves the deadline where it was.
            Some(Player::Person(_))
                if !G::is_move(&event) && next.turn_number() == self.game.turn_number() =>
            {
                self.deadline_ms
            }
            Some(Player::Person(_)) => {
                Some(now_ms() + config.turn_timeout(self.clocks).as_millis() as i64)
            }
            _ => None,
        };
        // A new turn's message is posted once the commit is in (see `post_turn`).
        let new_turn = next.stage() == Status::Playing
            && (self.game.stage() == Status::Lobby || G::turn_ended(&self.game, &next));
        if let Err(e) = cx
            .shared
            .store
            .commit_from(
                self.id,
                Some(&self.game),
                &next,
                &event,
                deadline_ms,
                new_turn,
            )
            .await
        {
            error!(error = %e, game_id = self.id.get(), "could not commit an action");
            if let StoreError::Conflict { .. } = e {
                // Someone else wrote this game: take the stored game as the truth.
                match cx.shared.store.load::<G>(self.id).await {
                    Ok(loaded) => *self = Table::from(loaded),
                    Err(e) => error!(error = %e, "could not reload the game"),
                }
            }
            // A timer whose action failed (its deadline passed, or a bot's move) tries again
            // after a pause rather than at once; a person's deadline stays where it was.
            let retry = Duration::from_secs(5);
            if self.deadline_ms.is_some_and(|d| d <= now_ms()) {
                self.deadline_ms = Some(now_ms() + retry.as_millis() as i64);
            }
            cx.bot_due = cx.bot_due.map(|_| Instant::now() + retry);
            return Err(render::notice(Notice::NotSaved, lang));
        }
        self.deadline_ms = deadline_ms;
        Ok(std::mem::replace(&mut self.game, next))
    }

    /// Applies an action and shows its result: `clicked` is the message whose button asked for
    /// it (answered by updating it); `reply` answers the asker.
    pub(super) async fn apply(
        &mut self,
        cx: &mut Cx,
        action: G::Action,
        clicked: Option<MessageId>,
        reply: Option<(Box<dyn Reply>, Notice, Lang)>,
    ) {
        let lang = reply.as_ref().map_or(self.lang, |(_, _, lang)| *lang);
        match self.commit(cx, action, lang).await {
            Ok(before) => self.publish(cx, &before, clicked, reply).await,
            Err(view) => {
                if let Some((reply, _, _)) = reply {
                    let _ = reply.ephemeral(view).await;
                }
            }
        }
    }

    /// Shows what changed from `before` to the table's game, on the lobby message, the turn
    /// message and new messages. What Discord refuses is shown again later ([`Table::reshow`]).
    async fn publish(
        &mut self,
        cx: &mut Cx,
        before: &G,
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
        let shared = cx.shared.clone();
        let style = &shared.config.style;
        let stage = self.game.stage();
        let shown = match (before.stage(), stage) {
            (Status::Lobby, _) => {
                let lobby = self.outgoing(self.game.lobby_view(self.lang));
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
                let turn_ended = G::turn_ended(before, &self.game);
                let view = match stage {
                    Status::Cancelled => self.game.over_view(lang),
                    _ if turn_ended => self.game.result_view(style, lang),
                    _ => self.game.turn_view(style, lang),
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
                        self.close_thread(cx, self.game.over_view(lang)).await;
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

    /// Unless the server turned charts off, draws the finished game's chart (off the async
    /// threads: it takes milliseconds) and adds it to its game-over message `message_id`, whose
    /// embeds are `view`'s. The game is over and
    /// its end shown already: a chart that cannot be drawn or sent is only logged.
    async fn add_chart(&self, cx: &Cx, message_id: MessageId, mut view: MessageView, lang: Lang) {
        match cx.shared.settings(self.place(cx.channel)).await {
            Ok(settings) if settings.switch(&crate::settings::CHARTS) == Some(false) => return,
            Ok(_) => {}
            Err(e) => return warn!(error = %e, "could not read the server's settings; no chart"),
        }
        let events = match cx.shared.store.events::<G>(self.id).await {
            Ok(events) => events,
            Err(e) => return warn!(error = %e, "could not read the game's log for its chart"),
        };
        let drawn = tokio::task::spawn_blocking(move || G::chart(&events, lang)).await;
        let Ok(Some(picture)) = drawn else {
            return;
        };
        let Some(embed) = view.embeds.first_mut() else {
            return;
        };
        embed.image = Some(picture.name.clone());
        if let Err(e) = self
            .outbox(cx)
            .add_picture(cx.channel, message_id, view, picture)
            .await
        {
            warn!(error = %e, "could not add the chart to the game's end");
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

    /// At Start, when the server wants games in threads: opens a public thread from the lobby
    /// message, named after the game and its players, and moves the game there (stored), so that
    /// this channel is free for another game. None when the server does not want it, or when the
    /// thread could not be opened: then the game stays in the channel, and the host is told why.
    async fn open_thread(&mut self, cx: &Cx) -> Option<ChannelId> {
        let lobby = self.lobby_message?;
        if self.lobby_channel.is_some() {
            return None;
        }
        let wanted = match cx.shared.settings(self.place(cx.channel)).await {
            Ok(settings) => settings.switch(&crate::settings::THREADS) == Some(true),
            Err(e) => {
                warn!(error = %e, "could not read the server's settings; no thread");
                false
            }
        };
        if !wanted {
            return None;
        }
        let name = self.game.thread_name(self.id, self.lang);
        let thread = match self.outbox(cx).start_thread(cx.channel, lobby, name).await {
            Ok(thread) => thread,
            Err(why) => {
                info!(error = %why, "no thread for the game; it stays in the channel");
                let host = match self.game.host() {
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
            .shared
            .store
            .move_to_thread(self.id, thread, cx.channel)
            .await
        {
            error!(error = %e, thread = thread.get(), "could not move the game to its thread; it stays here");
            return None;
        }
        self.lobby_channel = Some(cx.channel);
        Some(thread)
    }

    /// The end of a game played in a thread: its lobby message in the channel becomes its end
    /// (`view`, with its buttons) and a link to the thread, and the thread is archived.
    async fn close_thread(&self, cx: &Cx, view: MessageView) {
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
    pub(super) async fn leave_thread(&mut self, cx: &mut Cx, why: Closed) {
        let Some(channel) = self.lobby_channel else {
            return;
        };
        if !matches!(self.game.stage(), Status::Lobby | Status::Playing) {
            return;
        }
        let thread = cx.channel;
        cx.reshow_due = None;
        cx.unshown = false;
        match cx.shared.store.move_from_thread(self.id, thread).await {
            Ok(channel) => {
                info!(
                    thread = thread.get(),
                    channel = channel.get(),
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
                    thread = thread.get(),
                    channel = channel.get(),
                    other = game_id.get(),
                    ?why,
                    "the game's thread refuses the bot and its channel holds another game: cancelled"
                );
                self.say_why(cx, channel, "thread-gone-busy", why).await;
                self.thread_gone = true;
                self.apply(cx, G::cancel(), None, None).await;
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
        if let Err(e) = cx.shared.outbox.post(channel, line, Post::Back).await {
            warn!(error = %e, "could not say why the game left its thread");
        }
    }

    /// The bot gave up showing the game in its channel: its lobby message (in the channel of its
    /// thread, or its own) says so, with a line asking for a click, which shows the game as it
    /// is on the clicked message. Undone once the game shows again ([`Table::said_shown`]).
    async fn say_unshown(&self, cx: &mut Cx) {
        let Some(lobby) = self.lobby_message else {
            return;
        };
        if self.game.stage() == Status::Lobby {
            // The lobby message is the one that does not show.
            return;
        }
        let channel = self.lobby_channel.unwrap_or(cx.channel);
        let mut view = self.game.lobby_view(self.lang);
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
    pub(super) async fn said_shown(&self, cx: &mut Cx) {
        cx.said_unshown = false;
        let Some(lobby) = self.lobby_message else {
            return;
        };
        if !matches!(self.game.stage(), Status::Playing) || self.turn_message == Some(lobby) {
            return;
        }
        let channel = self.lobby_channel.unwrap_or(cx.channel);
        let view = self.game.lobby_view(self.lang);
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
        let view = self.game.turn_view(&cx.shared.config.style, self.lang);
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
    async fn stale(
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
        if self.turn_message == Some(message_id) && self.game.stage() == Status::Playing {
            let view = self.game.turn_view(&cx.shared.config.style, self.lang);
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
        let style = cx.shared.config.style.clone();
        let (view, lobby) = match self.game.stage() {
            Status::Lobby => (self.game.lobby_view(self.lang), true),
            _ => (self.game.turn_view(&style, self.lang), false),
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
    fn stale_notice(&self, message_id: MessageId, code: &(UserId, String)) -> Notice {
        let here = [self.turn_message, self.previous_turn_message].contains(&Some(message_id));
        if here && self.last_click.as_ref() == Some(code) {
            Notice::AlreadyDone
        } else {
            Notice::Stale
        }
    }

    /// Shows the game as it is stored on the message that shows it (the lobby, or the turn in
    /// progress): by editing it, or by posting it anew when it is gone, can't be edited any more
    /// or was never posted. If Discord refuses, tries again later, waiting longer each time.
    pub(super) async fn reshow(&mut self, cx: &mut Cx) {
        let style = cx.shared.config.style.clone();
        let (view, lobby) = match self.game.stage() {
            Status::Lobby => (self.game.lobby_view(self.lang), true),
            Status::Playing => (self.game.turn_view(&style, self.lang), false),
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
    async fn give_up(&mut self, cx: &mut Cx) {
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
        if self.game.stage() != Status::Playing
            || self.lobby_channel.is_some()
            || self.reach.answers_only()
            || self.turn_message == Some(lobby)
        {
            return false;
        }
        let mut view = self.game.turn_view(&cx.shared.config.style, self.lang);
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
    fn caught_up(&mut self, cx: &mut Cx) {
        cx.reshow_due = None;
        cx.unshown = false;
        cx.reshow_pause = RESHOW_FIRST;
        cx.reshow_tries = 0;
        let version = self.game.version();
        let open = matches!(self.game.stage(), Status::Lobby | Status::Playing);
        if open && self.shown_version != Some(version) {
            self.shown_version = Some(version);
            cx.shared.shown(self.id, version);
        }
    }

    /// After a restart: shows the game as it is now (the process may have stopped between a
    /// commit and its messages), and gives a person whose deadline passed while the bot was away
    /// a fresh one.
    pub(super) async fn resume(&mut self, cx: &mut Cx) {
        let in_lobby = self.game.stage() == Status::Lobby;
        let config = &cx.shared.config;
        let fresh = if in_lobby {
            config.lobby_timeout
        } else {
            config.turn_timeout(self.clocks)
        };
        // A lobby that never changed since it was opened has no stored deadline.
        if self.deadline_ms.is_some_and(|d| d < now_ms())
            || (in_lobby && self.deadline_ms.is_none())
        {
            self.deadline_ms = Some(now_ms() + fresh.as_millis() as i64);
        }
        // Its message shows it already (the deadline is not shown): nothing to send.
        if self.shown_version == Some(self.game.version()) {
            return self.caught_up(cx);
        }
        self.reshow(cx).await;
    }

    async fn save_messages(&self, cx: &Cx) {
        if let Err(e) = cx
            .shared
            .store
            .set_messages(self.id, self.lobby_message, self.turn_message)
            .await
        {
            error!(error = %e, "could not remember the game's messages");
        }
    }
}

pub(super) async fn deny(reply: Box<dyn Reply>, notice: Notice, lang: Lang) {
    let _ = reply.ephemeral(render::notice(notice, lang)).await;
}

/// The answer to Odds on `game`, worked out off the async runtime.
async fn odds_of<G: TableGame>(
    game: G,
    shared: std::sync::Arc<super::registry::Shared>,
    lang: Lang,
    table_lang: Lang,
) -> MessageView
where
    G::Event: Send + Sync,
{
    let view =
        tokio::task::spawn_blocking(move || game.odds_view(&shared.strategies, lang, table_lang))
            .await;
    match view {
        Ok(Some(view)) => view,
        Ok(None) => render::notice(Notice::UnknownButton, lang),
        Err(e) => {
            error!(error = %e, "working out the odds failed");
            render::notice(Notice::Failed, lang)
        }
    }
}
