//! The erasure of a game's type, in one place: a channel's open table of any game
//! ([`AnyTable`]: what the actor asks of a [`Table`], written once for every [`Hosted`] game), and
//! what the service does with the games of one kind ([`TableKind`]: opens, loads and reviews
//! them), with the look-ups that find a game's kind.

use std::sync::Arc;

use super::actor::Cx;
use super::services::Services;
use super::table::Table;
use super::{Closed, Hosted, NewGame, Request, TableConfig};
use crate::engine::table::Game;
use crate::engine::{GameKind, Player, Status};
use crate::host::Games;
use crate::host::StoredKind;
use crate::ids::{ChannelId, GameId, GuildId};
use crate::render::notice::{message_link, Busy};
use crate::store::{Clocks, GuildSettings, Place, Store, StoreError};
use futures::future::BoxFuture;

/// A channel's open game, of any kind: its table, behind what the actor asks of it.
pub(crate) type AnyTable = Box<dyn DynTable>;

/// What the actor asks of a table, whatever its game: written once, for every [`Table`].
pub(crate) trait DynTable: Send + Sync {
    fn kind(&self) -> GameKind;
    fn id(&self) -> GameId;
    fn guild(&self) -> GuildId;
    fn deadline_ms(&self) -> Option<i64>;
    /// Whether it plays in a thread opened from its lobby message.
    fn in_thread(&self) -> bool;
    /// The table's clocks, when a bot seat is on turn.
    fn bot_on_turn(&self) -> Option<Clocks>;
    /// What keeps its channel busy (see [`Actor::busy`]).
    fn busy(&self, me: Player, channel: ChannelId, channels: &[ChannelId]) -> Busy;
    fn place(&self, channel: ChannelId) -> Place;
    fn stage(&self) -> Status;
    /// Its end, once it is over.
    fn end_if_over(&self) -> Option<super::Outgoing>;
    fn take_moved_to(&mut self) -> Option<ChannelId>;
    /// What a rematch of it takes, asked by `who`.
    fn rematch(&self, who: Player) -> Rematch;
    /// Whether it is the rematch of `game_id`, still in its lobby.
    fn is_open_rematch_of(&self, game_id: GameId) -> bool;
    fn preparing(&self, strategies: &crate::host::Strategies) -> Option<crate::host::Preparing>;
    fn only_bots_left(&self) -> bool;

    fn resume<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
    /// Its deadline, if it may sleep now (see [`Table::may_sleep`]).
    fn may_sleep(&self) -> Option<Option<i64>>;
    /// Loaded at start: its deadline renewed if it passed while the bot was away, then whether
    /// it may sleep (see [`Table::may_sleep`]).
    fn may_sleep_at_start(&mut self, config: &TableConfig) -> Option<Option<i64>>;
    /// Loaded again after it slept, its `deadline` as it was then: shown if it is not.
    fn wake<'a>(&'a mut self, cx: &'a mut Cx, deadline: Option<i64>) -> BoxFuture<'a, ()>;
    fn reshow<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
    fn handle<'a>(&'a mut self, cx: &'a mut Cx, request: Request) -> BoxFuture<'a, ()>;
    fn leave_thread<'a>(&'a mut self, cx: &'a mut Cx, why: Closed) -> BoxFuture<'a, ()>;
    fn said_shown<'a>(&'a self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
    fn run_clock<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
    /// The bot seat on turn moves.
    fn bot_move<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
    fn cancel_for_nobody<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()>;
}

/// What a rematch of a finished game takes of it.
pub(crate) struct Rematch {
    pub(crate) over: bool,
    /// Whether the asker played in it.
    pub(crate) played: bool,
    pub(crate) bots: usize,
    pub(crate) target: Option<u32>,
    pub(crate) lang: crate::i18n::Lang,
}

impl<R: Hosted> DynTable for Table<R> {
    fn kind(&self) -> GameKind {
        R::KIND
    }

    fn id(&self) -> GameId {
        self.id
    }

    fn guild(&self) -> GuildId {
        self.guild
    }

    fn deadline_ms(&self) -> Option<i64> {
        self.deadline_ms
    }

    fn in_thread(&self) -> bool {
        self.lobby_channel.is_some()
    }

    fn bot_on_turn(&self) -> Option<Clocks> {
        self.game
            .current_player()
            .is_some_and(Player::is_bot)
            .then_some(self.clocks)
    }

    fn busy(&self, me: Player, channel: ChannelId, channels: &[ChannelId]) -> Busy {
        Busy {
            command: Some(R::KIND.command()),
            link: self
                .turn_message
                .or(self.lobby_message)
                .map(|message| message_link(self.place(channel).link_guild(), channel, message)),
            seated: self.game.plays(me),
            channel: (self.reach != crate::store::Reach::Chat).then_some(channel),
            elsewhere: channels.iter().copied().filter(|&c| c != channel).collect(),
            threads_off: false,
        }
    }

    fn place(&self, channel: ChannelId) -> Place {
        Table::place(self, channel)
    }

    fn stage(&self) -> Status {
        self.game.status()
    }

    fn end_if_over(&self) -> Option<super::Outgoing> {
        matches!(self.game.status(), Status::Finished | Status::Cancelled).then(|| self.end())
    }

    fn take_moved_to(&mut self) -> Option<ChannelId> {
        self.moved_to.take()
    }

    fn rematch(&self, who: Player) -> Rematch {
        Rematch {
            over: self.game.status() == Status::Finished,
            played: self.game.seat_of(who).is_some(),
            bots: self.game.seats.iter().filter(|s| s.player.is_bot()).count(),
            target: R::target(&self.game.settings),
            lang: self.lang,
        }
    }

    fn is_open_rematch_of(&self, game_id: GameId) -> bool {
        self.rematch_of == Some(game_id) && self.game.status() == Status::Lobby
    }

    fn preparing(&self, strategies: &crate::host::Strategies) -> Option<crate::host::Preparing> {
        strategies.preparing(R::KIND)
    }

    fn only_bots_left(&self) -> bool {
        self.game.only_bots_left()
    }

    fn resume<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(Table::resume(self, cx))
    }

    fn may_sleep(&self) -> Option<Option<i64>> {
        Table::may_sleep(self)
    }

    fn may_sleep_at_start(&mut self, config: &TableConfig) -> Option<Option<i64>> {
        self.refresh_deadline(config);
        Table::may_sleep(self)
    }

    fn wake<'a>(&'a mut self, cx: &'a mut Cx, deadline: Option<i64>) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            self.deadline_ms = deadline;
            self.show_if_behind(cx).await;
        })
    }

    fn reshow<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(Table::reshow(self, cx))
    }

    fn handle<'a>(&'a mut self, cx: &'a mut Cx, request: Request) -> BoxFuture<'a, ()> {
        Box::pin(Table::handle(self, cx, request))
    }

    fn leave_thread<'a>(&'a mut self, cx: &'a mut Cx, why: Closed) -> BoxFuture<'a, ()> {
        Box::pin(Table::leave_thread(self, cx, why))
    }

    fn said_shown<'a>(&'a self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(Table::said_shown(self, cx))
    }

    fn run_clock<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(Table::run_clock(self, cx))
    }

    fn bot_move<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            if let Some(action) = self.bot_action(cx).await {
                self.apply(cx, action, None, None).await;
            }
        })
    }

    fn cancel_for_nobody<'a>(&'a mut self, cx: &'a mut Cx) -> BoxFuture<'a, ()> {
        Box::pin(Table::cancel_for_nobody(self, cx))
    }
}

/// The open games of one kind a process loads, each with its place and id.
type OpenTables = Vec<(Place, GameId, AnyTable)>;

/// A game as the service's tables see it: what a table does with it (opens, loads and reviews
/// its games), beside what the store does. Written once, for every [`Hosted`] game
/// ([`crate::host::Entry`]); the service is handed its games as these ([`TableConfig::games`]).
pub trait TableKind: StoredKind {
    /// Opens a new table of the game, with the server's `settings`.
    #[allow(private_interfaces)]
    fn create<'a>(
        &'a self,
        cx: &'a mut Cx,
        new: NewGame,
        settings: &'a GuildSettings,
    ) -> BoxFuture<'a, Option<AnyTable>>;
    /// Loads the stored game `id`, with its place.
    #[allow(private_interfaces)]
    fn load<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<(Place, AnyTable), StoreError>>;
    /// Every open game of the guilds `owned` accepts, with its place and id.
    #[allow(private_interfaces)]
    fn load_open<'a>(
        &'a self,
        store: &'a Store,
        owned: &'a (dyn Fn(GuildId) -> bool + Sync),
    ) -> BoxFuture<'a, Result<OpenTables, StoreError>>;
    /// Writes the results of the finished games that have none; how many games.
    #[allow(private_interfaces)]
    fn backfill_results<'a>(&'a self, store: &'a Store)
        -> BoxFuture<'a, Result<usize, StoreError>>;
    /// The review of the finished game `id` (see `review::review_of`).
    #[allow(private_interfaces)]
    fn review<'a>(
        &'a self,
        services: &'a Arc<Services>,
        id: GameId,
        request: &'a super::review::Ask,
    ) -> BoxFuture<'a, Result<crate::render::MessageView, crate::render::MessageView>>;
}

#[allow(private_interfaces)]
impl<R: Hosted> TableKind for crate::host::Entry<R> {
    fn create<'a>(
        &'a self,
        cx: &'a mut Cx,
        new: NewGame,
        settings: &'a GuildSettings,
    ) -> BoxFuture<'a, Option<AnyTable>> {
        Box::pin(async move {
            Table::<R>::create(cx, new, settings)
                .await
                .map(|table| Box::new(table) as AnyTable)
        })
    }

    fn load<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<(Place, AnyTable), StoreError>> {
        Box::pin(async move {
            let loaded = store.load::<Game<R>>(id).await?;
            Ok((loaded.place, Box::new(Table::from(loaded)) as AnyTable))
        })
    }

    fn load_open<'a>(
        &'a self,
        store: &'a Store,
        owned: &'a (dyn Fn(GuildId) -> bool + Sync),
    ) -> BoxFuture<'a, Result<OpenTables, StoreError>> {
        Box::pin(async move {
            let loaded = store.load_open_in::<Game<R>>(owned).await?;
            Ok(loaded
                .into_iter()
                .map(|l| (l.place, l.id, Box::new(Table::from(l)) as AnyTable))
                .collect())
        })
    }

    fn backfill_results<'a>(
        &'a self,
        store: &'a Store,
    ) -> BoxFuture<'a, Result<usize, StoreError>> {
        Box::pin(store.backfill_results::<Game<R>>())
    }

    fn review<'a>(
        &'a self,
        services: &'a Arc<Services>,
        id: GameId,
        request: &'a super::review::Ask,
    ) -> BoxFuture<'a, Result<crate::render::MessageView, crate::render::MessageView>> {
        Box::pin(super::review::review_of::<R>(services, id, request))
    }
}

pub(super) async fn create(
    cx: &mut Cx,
    new: NewGame,
    settings: &GuildSettings,
) -> Option<AnyTable> {
    let game = cx.services.config.games.game(new.kind)?;
    game.create(cx, new, settings).await
}

/// Every open game of the guilds `owned` accepts, of every one of `games`, with its place and
/// id.
pub(super) async fn load_open(
    store: &Store,
    games: Games<dyn TableKind>,
    owned: impl Fn(GuildId) -> bool + Copy + Sync,
) -> Result<OpenTables, StoreError> {
    let mut open = Vec::new();
    for game in games.iter() {
        open.extend(game.load_open(store, &owned).await?);
    }
    Ok(open)
}

/// Writes the results of the finished games of every one of `games` that have none (those
/// finished before results were kept); how many games.
pub(super) async fn backfill_results(
    store: &Store,
    games: Games<dyn TableKind>,
) -> Result<usize, StoreError> {
    let mut finished = 0;
    for game in games.iter() {
        finished += game.backfill_results(store).await?;
    }
    Ok(finished)
}

/// Loads the stored game `id`, of the kind whose key is `kind` (as the store keeps it), with its
/// place.
pub(super) async fn load(
    services: &Services,
    id: GameId,
    kind: &str,
) -> Result<(Place, AnyTable), StoreError> {
    let games = services.config.games;
    match games.parse(kind).and_then(|kind| games.game(kind)) {
        Some(game) => game.load(&services.store, id).await,
        None => Err(StoreError::Corrupt {
            game_id: id,
            reason: crate::store::ReplayError::UnknownKind(kind.to_string()),
        }),
    }
}
