//! Odds: worked out off the table's task, at once or once the game's strategy is ready.

use super::*;

impl<R: Hosted> Table<R> {
    /// The answer to Odds, worked out off the table's task like [`Table::bot_action`].
    pub(super) async fn odds_view(&self, cx: &Cx, asker: Player, lang: Lang) -> MessageView {
        odds_of(
            self.game.clone(),
            cx.services.clone(),
            asker,
            lang,
            self.lang,
        )
        .await
    }

    /// Odds asked for while the game's strategy is being prepared (after a start): "being
    /// prepared" at once, then the odds of the game as it was when asked, once the strategy is
    /// ready (within the interaction's 15 minutes), off the table's task, which goes on.
    pub(super) fn odds_when_ready(
        &self,
        cx: &Cx,
        reply: Box<dyn Reply>,
        asker: Player,
        lang: Lang,
        preparing: crate::host::Preparing,
    ) {
        let (game, services, table_lang) = (self.game.clone(), cx.services.clone(), self.lang);
        let later = Box::pin(async move {
            if tokio::time::timeout(crate::tables::STRATEGY_WAIT, preparing)
                .await
                .is_err()
            {
                return render::notice(Notice::NotPrepared, lang);
            }
            odds_of(game, services, asker, lang, table_lang).await
        });
        let waiting = render::notice(Notice::Preparing, lang);
        let task = tokio::spawn(async move {
            let _ = reply.ephemeral_then(waiting, later, lang).await;
        });
        // A stop waits for it as for the tables.
        cx.keep(task);
    }
}

/// The answer to Odds on `game`, worked out off the async runtime.
async fn odds_of<R: Hosted>(
    game: Game<R>,
    services: std::sync::Arc<Services>,
    asker: Player,
    lang: Lang,
    table_lang: Lang,
) -> MessageView {
    let view = tokio::task::spawn_blocking(move || {
        games::odds(&game, &services.strategies, asker, lang, table_lang)
    })
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
