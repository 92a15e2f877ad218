//! The finished game's chart, added to its game-over message.

use super::*;

impl<R: Hosted> Table<R> {
    /// Unless the server turned charts off, draws the finished game's chart (off the async
    /// threads: it takes milliseconds) and adds it to its game-over message `message_id`, whose
    /// embeds are `view`'s. The game is over and
    /// its end shown already: a chart that cannot be drawn or sent is only logged.
    pub(super) async fn add_chart(
        &self,
        cx: &Cx,
        message_id: MessageId,
        mut view: MessageView,
        lang: Lang,
    ) {
        match cx.services.settings(self.place(cx.channel)).await {
            Ok(settings) if !settings.on(&crate::settings::CHARTS) => return,
            Ok(_) => {}
            Err(e) => return warn!(error = %e, "could not read the server's settings; no chart"),
        }
        let events = match cx.services.store.events::<Game<R>>(self.id).await {
            Ok(events) => events,
            Err(e) => return warn!(error = %e, "could not read the game's log for its chart"),
        };
        let drawn = tokio::task::spawn_blocking(move || games::chart::<R>(&events, lang)).await;
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
}
