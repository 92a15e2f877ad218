//! What a table does with a request, for any game: check, decide, commit, then show.

use crate::sync::Lock;
use std::time::Duration;

use tokio::time::Instant;
use tracing::{error, info, warn};

use super::actor::{Cx, RESHOW_FIRST, RESHOW_MAX, RESHOW_TRIES};
use super::games;
use super::services::Services;
use super::{
    Closed, Hosted, NewGame, Origin, Outbox, Outgoing, Post, Reply, Request, SendError,
    TableConfig, ThreadError, Who,
};
use crate::engine::table::HostAct;
use crate::engine::table::{Action, Game};
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

// The table's other jobs, each an `impl Table` block of its own.
mod chart;
mod odds;
mod publish;
mod reshow;
mod threads;

/// The open game of a channel, as its actor holds it.
pub(super) struct Table<R: Hosted> {
    pub(super) id: GameId,
    pub(super) guild: GuildId,
    /// How the bot reaches its channel.
    pub(super) reach: Reach,
    pub(super) game: Game<R>,
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

impl<R: Hosted> From<Loaded<Game<R>>> for Table<R> {
    fn from(loaded: Loaded<Game<R>>) -> Table<R> {
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

impl<R: Hosted> Table<R> {
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
            &*cx.services.answers
        } else {
            &*cx.services.outbox
        }
    }

    fn outgoing(&self, view: MessageView) -> Outgoing {
        Outgoing {
            view,
            game_id: self.id,
            version: self.game.version,
        }
    }

    /// Its end, as its game-over message shows it (with its number, which `/review game:`
    /// takes, once finished).
    pub(super) fn end(&self) -> Outgoing {
        let view = R::over_view(&self.game, self.lang);
        let view = match self.game.status() {
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
    ) -> Option<Table<R>> {
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
        let config = &cx.services.config;
        let table_lang = table_lang.or(settings.language()).unwrap_or(default_lang);
        let clocks = settings.clocks();
        let (game, created) = match games::create::<R>(
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
        let opening = Opening {
            lang: table_lang,
            clocks,
            rematch_of,
            limits: Some(OpenLimits {
                host: host.user_id,
                lobbies_per_person: config.limits.lobbies_per_person,
                tables_per_server: config.limits.tables_per_server,
            }),
        };
        let stored = cx
            .services
            .store
            .create_game_with(place, &game, &created, &opening)
            .await;
        let id = match stored {
            Ok(id) => id,
            Err(e) => {
                let notice = Self::refusal(e, host.user_id);
                let _ = reply.ephemeral(render::notice(notice, lang)).await;
                return None;
            }
        };
        info!(
            game_id = id.get(),
            channel = %place.channel_id.get(),
            kind = R::KIND.as_str(),
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
        table.seat_bots(cx, bots, table_lang).await;
        table.show_lobby(cx, reply, table_lang).await;
        Some(table)
    }

    /// What a person who asked for a new game is told when the store refused it (logged).
    fn refusal(error: StoreError, host: UserId) -> Notice {
        match error {
            StoreError::ChannelBusy { .. } => Notice::ChannelBusy(Default::default()),
            StoreError::Limit(reached) => {
                info!(
                    ?reached,
                    host = %host.get(),
                    "a new game refused: a limit is reached"
                );
                match reached {
                    LimitReached::Lobbies(max) => Notice::TooManyLobbies(max),
                    LimitReached::Tables(max) => Notice::TooManyTables(max),
                }
            }
            e => {
                error!(error = %e, "could not store a new game");
                Notice::NotSaved
            }
        }
    }

    /// Seats the `bots` asked for with the new game (as many as it has seats for, the host
    /// aside), each in a commit of its own; stops at the first refused.
    async fn seat_bots(&mut self, cx: &mut Cx, bots: u8, table_lang: Lang) {
        for _ in 0..usize::from(bots).min(R::MAX_SEATS - 1) {
            let action = self.add_bot_action();
            if self.commit(cx, action, table_lang).await.is_err() {
                break;
            }
        }
    }

    /// Answers the /start with the new game's lobby, or, when that answer fails, posts it.
    async fn show_lobby(&mut self, cx: &mut Cx, reply: Box<dyn Reply>, table_lang: Lang) {
        match reply
            .message(self.outgoing(R::lobby_view(&self.game, table_lang)))
            .await
        {
            Ok(message_id) => {
                self.lobby_message = Some(message_id);
                self.save_messages(cx).await;
                self.caught_up(cx);
            }
            Err(e) => {
                warn!(error = %e, "could not answer /start; posting the lobby");
                self.reshow(cx).await;
            }
        }
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
        let Some(intent) = intent.read::<R::Move>() else {
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
                if intent.is_move() && version != self.game.version {
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
            if let Err(view) = games::may(&self.game, me, who.moderator, act, lang, self.lang) {
                let _ = reply.ephemeral(view).await;
                return;
            }
        }
        match intent {
            Intent::Scores => {
                let _ = reply.ephemeral(R::scores_view(&self.game, lang)).await;
                return;
            }
            Intent::Odds => {
                if let Some(preparing) = cx.services.strategies.preparing(R::KIND) {
                    return self.odds_when_ready(cx, reply, me, lang, preparing);
                }
                let view = self.odds_view(cx, me, lang).await;
                let _ = reply.ephemeral(view).await;
                return;
            }
            _ => {}
        }
        // Rematch is the channel's actor's (see `Actor::rematch`), Review the service's, beside
        // the tables (see `Tables::review`).
        let Some((action, ack)) = self.action_for(intent, &who) else {
            return deny(reply, Notice::UnknownButton, lang).await;
        };
        let version = self.game.version;
        self.apply(cx, action, clicked, Some((reply, ack, lang)))
            .await;
        if clicked.is_some() && self.game.version != version {
            self.last_click = Some(code);
        }
    }

    /// The action `intent` asks of the game for `who`, with the notice that acknowledges it;
    /// `None` for an intent that asks nothing of the game.
    fn action_for(&self, intent: Intent<R::Move>, who: &Who) -> Option<(Action<R::Move>, Notice)> {
        let me = who.player();
        Some(match intent {
            Intent::Join => {
                let name = who.name.clone();
                (Action::Join { player: me, name }, Notice::Joined)
            }
            Intent::Leave => (Action::Leave { player: me }, Notice::Left),
            Intent::AddBot => (self.add_bot_action(), Notice::Done),
            Intent::Start => (Action::Start { by: me }, Notice::Done),
            Intent::Cancel => (Action::Cancel, Notice::Cancelled),
            Intent::Kick { user_id } => {
                let ack = match user_id == who.user_id {
                    true => Notice::Left,
                    false => Notice::Kicked,
                };
                let player = Player::Person(user_id);
                (Action::Leave { player }, ack)
            }
            Intent::Play(mv) => (Action::Play { by: me, mv }, Notice::Done),
            Intent::Scores | Intent::Odds | Intent::Rematch | Intent::Review => return None,
        })
    }

    /// The bot seat's move, worked out off the table's task (the solver may fill its tables on
    /// first use, and waits for any other table using it).
    pub(super) async fn bot_action(&self, cx: &Cx) -> Option<Action<R::Move>> {
        if let Some(preparing) = cx.services.strategies.preparing(R::KIND) {
            // The actor arms the move once the strategy is ready (`Actor::bot_move`); should it
            // come here before, it is awaited, not waited for on a thread.
            preparing.await;
        }
        let (game, services) = (self.game.clone(), cx.services.clone());
        tokio::task::spawn_blocking(move || games::bot_move(&game, &services.strategies))
            .await
            .unwrap_or_else(|e| {
                error!(error = %e, "the bot seat's move failed");
                None
            })
    }

    /// The deadline passed: the turn's (it times out), or the lobby's (the table closes).
    pub(super) async fn run_clock(&mut self, cx: &mut Cx) {
        if self.game.status() == Status::Lobby {
            info!(
                game_id = self.id.get(),
                "nobody started the table in time: closing it"
            );
            self.apply(cx, Action::Cancel, None, None).await;
        } else {
            self.apply(cx, Action::TimeOut, None, None).await;
        }
    }

    /// Cancels the game: nobody is left to play it.
    pub(super) async fn cancel_for_nobody(&mut self, cx: &mut Cx) {
        self.apply(cx, Action::Cancel, None, None).await;
    }

    fn add_bot_action(&self) -> Action<R::Move> {
        let n = self.game.next_bot();
        Action::Join {
            player: Player::Bot(n),
            name: render::bot_name(n, self.lang),
        }
    }

    /// Decides, commits, and only then replaces the game. On failure nothing changed, and the
    /// error is a message in `lang` (the asker's).
    async fn commit(
        &mut self,
        cx: &mut Cx,
        action: Action<R::Move>,
        lang: Lang,
    ) -> Result<Game<R>, MessageView> {
        // The turn's message, which a refusal for not being on turn links.
        let turn = self.turn_message.map(|message| {
            render::notice::message_link(self.place(cx.channel).link_guild(), cx.channel, message)
        });
        let decided = {
            let mut dice = cx.services.dice.locked();
            games::decide(
                &self.game,
                action,
                &mut **dice,
                lang,
                self.lang,
                turn.as_deref(),
            )
        };
        let event = decided?;
        let mut next = self.game.clone();
        next.evolve(&event);
        let config = &cx.services.config;
        let deadline_ms = match next.current_player() {
            // Any change in the lobby gives it its time again.
            None if next.status() == Status::Lobby => {
                Some(now_ms() + config.lobby_timeout.as_millis() as i64)
            }
            // Someone else's join or leave leaves the deadline where it was.
            Some(Player::Person(_))
                if !games::is_move::<R>(&event)
                    && games::turn_number(&next) == games::turn_number(&self.game) =>
            {
                self.deadline_ms
            }
            Some(Player::Person(_)) => {
                Some(now_ms() + config.turn_timeout(self.clocks).as_millis() as i64)
            }
            _ => None,
        };
        // A new turn's message is posted once the commit is in (see `post_turn`).
        let new_turn = next.status() == Status::Playing
            && (self.game.status() == Status::Lobby || games::turn_ended(&self.game, &next));
        if let Err(e) = cx
            .services
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
                match cx.services.store.load::<Game<R>>(self.id).await {
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
        action: Action<R::Move>,
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
}

pub(super) async fn deny(reply: Box<dyn Reply>, notice: Notice, lang: Lang) {
    let _ = reply.ephemeral(render::notice(notice, lang)).await;
}
