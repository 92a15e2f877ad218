//! What a table uses ([`Services`]): the store, where its game is shown, its dice, the games'
//! strategies and the service's config. One for the service, made at its start, shared by every
//! table, review and Odds answer; the registry's own state (which tables run or sleep, the tasks a
//! stop waits for) is apart, in `registry`.

use std::sync::{Arc, Mutex};

use super::{Outbox, TableConfig};
use crate::engine::dice::DiceSource;
use crate::engine::GameKind;
use crate::host::Strategies;
use crate::ids::{GameId, GuildId};
use crate::store::{GuildSettings, Place, Store, StoreError};

pub(crate) struct Services {
    pub(super) store: Store,
    pub(super) outbox: Arc<dyn Outbox>,
    /// How games are shown where the bot may only answer interactions (see
    /// [`Reach::answers_only`](crate::store::Reach::answers_only)).
    pub(super) answers: Arc<dyn Outbox>,
    pub(super) dice: Mutex<Box<dyn DiceSource + Send>>,
    /// The strategies of every table (bot seats' moves, the Odds button): prepared from the
    /// start (see [`Strategies::warm`]) or filled on first use, and kept, never recomputed per
    /// click.
    pub(super) strategies: Strategies,
    pub(super) config: TableConfig,
}

impl Services {
    pub(super) fn new(
        store: Store,
        outbox: Arc<dyn Outbox>,
        answers: Arc<dyn Outbox>,
        dice: Box<dyn DiceSource + Send>,
        config: TableConfig,
    ) -> Services {
        Services {
            store,
            outbox,
            answers,
            dice: Mutex::new(dice),
            strategies: Strategies::new(config.games, config.strategy_cache.clone()),
            config,
        }
    }

    /// The settings a game at `place` opens with: its server's, where the bot is a member;
    /// elsewhere (a server where only people installed the app, a chat) the defaults.
    pub(super) async fn settings(&self, place: Place) -> Result<GuildSettings, StoreError> {
        if place.reach.answers_only() {
            return Ok(GuildSettings::default());
        }
        self.store.guild_settings(place.guild_id).await
    }

    /// The kind of the stored game `id`, if there is such a game and it is one of the service's.
    pub(super) async fn kind_of(&self, id: GameId) -> Result<Option<GameKind>, StoreError> {
        let key = self.store.kind_of(id).await?;
        Ok(key.and_then(|key| self.config.games.parse(&key)))
    }

    /// Whether this process serves the guild (runs its shard).
    pub(super) fn owns(&self, guild_id: GuildId) -> bool {
        self.config.owns(guild_id)
    }
}
