//! The open games' check of `migrate-db` ([`OpenGames`], written once for every kind of stored
//! game): those of each kind rebuilt from their event logs on both sides, as the bot rebuilds
//! them when it starts, must be the same games.

use std::marker::PhantomData;

use futures::future::BoxFuture;

use super::{End, MigrateError};
use crate::engine::GameKind;
use crate::store::{Store, StoredGame};

/// What `migrate-db` checks of the open games of one kind ([`OpenOf`] for any stored game).
pub trait OpenGames: Sync {
    /// Their kind.
    fn kind(&self) -> GameKind;
    /// The source's open games rebuild.
    #[allow(private_interfaces)]
    fn rebuilds<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
    ) -> BoxFuture<'a, Result<(), MigrateError>>;
    /// [`same_open_games`].
    #[allow(private_interfaces)]
    fn same<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
        target: &'a End<'a>,
        to: &'a Store,
    ) -> BoxFuture<'a, Result<usize, MigrateError>>;
}

/// The [`OpenGames`] of the stored games `G`: `&OpenOf::<G>::NEW`.
pub struct OpenOf<G>(PhantomData<fn() -> G>);

impl<G> OpenOf<G> {
    pub const NEW: OpenOf<G> = OpenOf(PhantomData);
}

#[allow(private_interfaces)]
impl<G: StoredGame + PartialEq + Send> OpenGames for OpenOf<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }

    fn rebuilds<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
    ) -> BoxFuture<'a, Result<(), MigrateError>> {
        Box::pin(async move {
            source.at(from.load_open::<G>().await)?;
            Ok(())
        })
    }

    fn same<'a>(
        &'a self,
        source: &'a End<'a>,
        from: &'a Store,
        target: &'a End<'a>,
        to: &'a Store,
    ) -> BoxFuture<'a, Result<usize, MigrateError>> {
        Box::pin(same_open_games::<G>(source, from, target, to))
    }
}

/// The open games of kind `G` rebuilt on both sides ([`Store::load_open`], as the bot does when
/// it starts): how many, if the copies are the same games rebuilt the same.
async fn same_open_games<G: StoredGame + PartialEq>(
    source: &End<'_>,
    from: &Store,
    target: &End<'_>,
    to: &Store,
) -> Result<usize, MigrateError> {
    let originals = source.at(from.load_open::<G>().await)?;
    let copies = target.at(to.load_open::<G>().await)?;
    let kind = G::KIND.as_str();
    if originals.len() != copies.len() {
        return Err(target.mismatch(format!(
            "{} open {kind} games in the source, {} in the copy",
            originals.len(),
            copies.len()
        )));
    }
    for (a, b) in originals.iter().zip(&copies) {
        let same = a.id == b.id
            && a.place == b.place
            && a.game == b.game
            && a.lobby_message_id == b.lobby_message_id
            && a.turn_message_id == b.turn_message_id
            && a.deadline_ms == b.deadline_ms
            && a.lang == b.lang
            && a.shown_version == b.shown_version;
        if !same {
            return Err(target.mismatch(format!(
                "open {kind} game {} does not rebuild the same (in the copy: game {})",
                a.id, b.id
            )));
        }
    }
    Ok(originals.len())
}
