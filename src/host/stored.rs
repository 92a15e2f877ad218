//! A game as the store holds it ([`StoredKind`]): its stored games as text, and the open games'
//! check of `migrate-db`. Written once, for every game ([`Entry`]).

use futures::future::BoxFuture;

use super::{AnyHosted, Entry, Hosted};
use crate::engine::table::Game;
use crate::ids::GameId;
use crate::store::{OpenGames, OpenOf, Store, StoreError};

/// A game as the store holds it: its stored games as text (tools, tests), and what `migrate-db`
/// checks of its open games.
pub trait StoredKind: AnyHosted {
    /// The stored game `id` (of this game) rebuilt from its log, with its row and its events, as
    /// text: what a store holds of it, to compare two stores (tools, tests).
    fn stored_text<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<String, StoreError>>;
    /// Its open games rebuilt as a restart loads them, as text, one a game.
    fn open_text<'a>(&'a self, store: &'a Store) -> BoxFuture<'a, Result<Vec<String>, StoreError>>;
    /// What `migrate-db` checks of its open games.
    fn open_games(&self) -> &'static dyn OpenGames;
}

impl<R: Hosted> StoredKind for Entry<R> {
    fn stored_text<'a>(
        &'a self,
        store: &'a Store,
        id: GameId,
    ) -> BoxFuture<'a, Result<String, StoreError>> {
        Box::pin(async move {
            let loaded = store.load::<Game<R>>(id).await?;
            let events = store.events::<Game<R>>(id).await?;
            let events = serde_json::to_string(&events).unwrap_or_default();
            Ok(format!("{loaded:?}\n{id} events {events}"))
        })
    }

    fn open_text<'a>(&'a self, store: &'a Store) -> BoxFuture<'a, Result<Vec<String>, StoreError>> {
        Box::pin(async move {
            let open = store.load_open::<Game<R>>().await?;
            Ok(open.iter().map(|loaded| format!("{loaded:?}")).collect())
        })
    }

    fn open_games(&self) -> &'static dyn OpenGames {
        &OpenOf::<Game<R>>::NEW
    }
}
