//! Reviews of finished games, asked for with a game's Review button or `/{game} review [game]`:
//! answered privately, beside the channels' tables (a finished game has no table, and reading
//! one never changes anything). The store finds and loads the game and its log; the review is
//! worked out off the async runtime (a game's strategy table may be read or solved on first
//! use), by the game's [`super::Hosted::review_view`].

use std::sync::Arc;

use tracing::{error, info};

use super::services::Services;
use super::{Origin, Reply, Who};
use crate::engine::{GameKind, MessageKind, Player, Status};
use crate::i18n::Lang;
use crate::ids::{GameId, GuildId};
use crate::render::review::{refusal, Refusal};
use crate::render::{self, MessageView, Notice};
use crate::store::StoredGame;

/// A review asked for.
pub struct ReviewRequest {
    /// The game of the command (`/forgetit review`); `None` for a click, whose button names its
    /// game.
    pub kind: Option<GameKind>,
    /// The game to review: the clicked game's, or the command's `game`; `None`: the asker's
    /// latest finished game of `kind` in the guild.
    pub game_id: Option<GameId>,
    /// The guild it is asked in: only its games are reviewed there.
    pub guild_id: GuildId,
    pub who: Who,
    /// A slash command, or a click (on a game's end, as the clicked message's buttons say).
    pub origin: Origin,
    pub reply: Box<dyn Reply>,
    /// The asker's language: the review is in it.
    pub lang: Lang,
}

/// Answers a review request (privately, in the asker's language).
pub(super) async fn answer(services: Arc<Services>, request: ReviewRequest) {
    let ReviewRequest {
        kind,
        game_id,
        guild_id,
        who,
        origin,
        reply,
        lang,
    } = request;
    let ask = Ask {
        kind,
        game_id,
        guild_id,
        who,
        origin,
        lang,
    };
    if let Some(preparing) = preparing(&services, &ask).await {
        // The strategy is being prepared (after a start): say so at once, the review follows.
        let later = Box::pin(async move {
            if tokio::time::timeout(super::STRATEGY_WAIT, preparing)
                .await
                .is_err()
            {
                return render::notice(Notice::NotPrepared, lang);
            }
            match review(&services, &ask).await {
                Ok(view) | Err(view) => view,
            }
        });
        let _ = reply
            .ephemeral_then(render::notice(Notice::Preparing, lang), later, lang)
            .await;
        return;
    }
    let view = match review(&services, &ask).await {
        Ok(view) | Err(view) => view,
    };
    let _ = reply.ephemeral(view).await;
}

/// Whether the strategy the review needs is still being prepared (that of the command's game,
/// or of the clicked game's): then what resolves once it is ready. A game the store cannot name
/// is left to the review to refuse.
async fn preparing(services: &Services, ask: &Ask) -> Option<crate::host::Preparing> {
    let kind = match (ask.kind, ask.game_id) {
        (Some(kind), _) => kind,
        (None, Some(id)) => services.kind_of(id).await.ok().flatten()?,
        (None, None) => return None,
    };
    services.strategies.preparing(kind)
}

/// A [`ReviewRequest`] without its reply (which is not `Sync`).
pub(crate) struct Ask {
    kind: Option<GameKind>,
    game_id: Option<GameId>,
    guild_id: GuildId,
    who: Who,
    origin: Origin,
    lang: Lang,
}

/// The review, or why there is none.
async fn review(services: &Arc<Services>, request: &Ask) -> Result<MessageView, MessageView> {
    let lang = request.lang;
    let failed = |e: &dyn std::fmt::Display| {
        error!(error = %e, "could not review a game");
        render::notice(Notice::Failed, lang)
    };
    if let Origin::Click { message_kind, .. } = request.origin {
        // Review is a button of a game's end, and acts there only.
        if message_kind != Some(MessageKind::Over) {
            return Err(render::notice(Notice::UnknownButton, lang));
        }
    }
    let store = &services.store;
    let id = match (request.game_id, request.kind) {
        (Some(id), _) => id,
        (None, Some(kind)) => store
            .latest_finished(kind, request.guild_id, request.who.user_id)
            .await
            .map_err(|e| failed(&e))?
            .ok_or_else(|| {
                refusal(
                    &Refusal::NoGames {
                        command: kind.command(),
                    },
                    lang,
                )
            })?,
        (None, None) => return Err(render::notice(Notice::UnknownButton, lang)),
    };
    let kind = services
        .kind_of(id)
        .await
        .map_err(|e| failed(&e))?
        .ok_or_else(|| refusal(&Refusal::Unknown { id }, lang))?;
    if request.kind.is_some_and(|asked| asked != kind) {
        let command = kind.command();
        return Err(refusal(&Refusal::OtherGame { id, command }, lang));
    }
    if store
        .log_pruned(id)
        .await
        .map_err(|e| failed(&e))?
        .is_some()
    {
        return Err(refusal(&Refusal::Pruned { id }, lang));
    }
    match services.config.games.game(kind) {
        Some(game) => game.review(services, id, request).await,
        None => Err(refusal(&Refusal::Unknown { id }, lang)),
    }
}

/// The review of game `id` of the game `R`.
pub(super) async fn review_of<R: super::Hosted>(
    services: &Arc<Services>,
    id: GameId,
    request: &Ask,
) -> Result<MessageView, MessageView> {
    let store = &services.store;
    type Game<R> = crate::engine::table::Game<R>;
    let lang = request.lang;
    let failed = |e: &dyn std::fmt::Display| {
        error!(error = %e, game_id = id.get(), "could not review a game");
        render::notice(Notice::Failed, lang)
    };
    let loaded = store.load::<Game<R>>(id).await.map_err(|e| failed(&e))?;
    if loaded.place.guild_id != request.guild_id {
        return Err(refusal(&Refusal::OtherServer { id }, lang));
    }
    match StoredGame::status(&loaded.game) {
        Status::Finished => {}
        Status::Cancelled => return Err(refusal(&Refusal::Cancelled { id }, lang)),
        Status::Lobby | Status::Playing => return Err(refusal(&Refusal::NotFinished { id }, lang)),
    }
    let player = Player::Person(request.who.user_id);
    if loaded.game.seat_of(player).is_none() {
        return Err(refusal(&Refusal::NotPlayed { id }, lang));
    }
    let events = store.events::<Game<R>>(id).await.map_err(|e| failed(&e))?;
    info!(
        game_id = id.get(),
        user = %request.who.user_id.get(),
        "review"
    );
    let services = services.clone();
    tokio::task::spawn_blocking(move || {
        let reviewed = render::review::Reviewed {
            command: R::NAMES.command,
            code: R::NAMES.code,
            game_id: id,
        };
        let strategy = services.strategies.of::<R>()?;
        R::review_view(&events, player, strategy, reviewed, lang)
    })
    .await
    .map_err(|e| failed(&e))?
    .ok_or_else(|| render::notice(Notice::UnknownButton, lang))?
    .map_err(|e| failed(&e))
}
