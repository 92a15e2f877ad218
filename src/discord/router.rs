//! The component-interaction router: every click and menu choice, from its custom_id to the
//! table of its channel, the leaderboards or the privacy prompt.

use super::*;
use crate::discord::BotGame;
use crate::host::Games;
use crate::ids::GameId;
use crate::telemetry::{self, Route};

/// The component-interaction router: every button click comes here.
pub(super) async fn route_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) {
    // Answered at once (refusals, leaderboard pages); a game's click goes to its table, whose
    // answer is deferred if it is slow to come.
    let place = data.place(
        click.guild_id,
        click.channel_id,
        &click.authorizing_integration_owners,
    );
    let reply = Box::new(
        InteractionReply::component(
            ctx.http.clone(),
            &data.replies,
            click.id,
            click.token.clone(),
        )
        .noting(data.noting(place, Some(click.message.id))),
    );
    // Whoever clicks gets private answers in their own language; the table's messages keep the
    // table's.
    let lang = Lang::from_discord(&click.locale);
    if let Some(refusal) = refusal(data, place, click) {
        let _ = reply.ephemeral(render::notice(refusal, lang)).await;
        return;
    }
    let clicked = Clicked {
        ctx,
        data,
        click,
        place,
        lang,
    };
    match codec::decode(data.games, &click.data.custom_id) {
        Some(Button::Game {
            game_id,
            version,
            action,
        }) => match Intent::<MoveText>::parse(&action, chosen(click)) {
            Some(intent) => clicked.play(game_id, version, intent, reply).await,
            None => unknown_button(reply, lang).await,
        },
        Some(Button::Leaderboard {
            kind,
            global,
            by,
            page,
            lang: board_lang,
            period,
        }) => {
            let board = commands::BoardAsked {
                kind,
                global,
                chat: place.reach == crate::store::Reach::Chat,
                by,
                period,
            };
            // The page keeps the board's language; only private answers follow the clicker's.
            let board_lang = board_lang.unwrap_or(lang);
            clicked.turn_page(board, page, board_lang, reply).await;
        }
        Some(Button::Forget { user_id, confirm }) => {
            commands::forget_click(ctx, data, click, reply, lang, user_id, confirm).await;
        }
        Some(Button::Daily {
            kind,
            day,
            version,
            action,
        }) => match daily::daily_kind(data.games, kind) {
            Some(kind) => {
                let deal = crate::daily::DealRef { kind, day, version };
                daily::click(ctx, data, click, place, lang, deal, action).await;
            }
            None => unknown_button(reply, lang).await,
        },
        None => unknown_button(reply, lang).await,
    }
}

/// Why a click is refused before it is read, if it is: its guild is another process's shard's,
/// or the person clicks faster than their rate limit.
fn refusal(data: &Data, place: Place, click: &ComponentInteraction) -> Option<Notice> {
    if !data.tables.owns(place.shard_guild()) {
        warn!(
            guild = %place.guild_id.get(),
            "a click from a guild of another process's shard; refused"
        );
        return Some(Notice::Failed);
    }
    let guild = serenity::GuildId::from(place.guild_id);
    if let Err(max) = data.clicks.check(guild, click.user.id) {
        info!(max, "a click past the person's rate limit; refused");
        return Some(Notice::SlowDown(max));
    }
    None
}

/// A select menu's choice: its first value (the menus take exactly one); `None` for a button.
pub(super) fn chosen(click: &ComponentInteraction) -> Option<&str> {
    match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            values.first().map(String::as_str)
        }
        _ => None,
    }
}

/// The private answer to a button the bot does not know (or no longer does).
async fn unknown_button(reply: Box<InteractionReply>, lang: Lang) {
    let _ = reply
        .ephemeral(render::notice(Notice::UnknownButton, lang))
        .await;
}

/// A click let through, with where it was made and the clicker's language.
struct Clicked<'a> {
    ctx: &'a serenity::Context,
    data: &'a Data,
    click: &'a ComponentInteraction,
    place: Place,
    lang: Lang,
}

impl Clicked<'_> {
    /// A game's button or menu: `intent` on game `game_id` as it was at `version`, handed to
    /// the channel's table (a review, the game being over, beside the tables).
    async fn play(
        &self,
        game_id: GameId,
        version: u64,
        intent: Intent<MoveText>,
        component: Box<InteractionReply>,
    ) {
        let click = self.click;
        let who = who(&click.user, click.member.as_ref());
        let origin = Origin::Click {
            game_id,
            version,
            message_id: click.message.id.into(),
            message_kind: message_kind_of(self.data.games, &click.message),
        };
        let reply = Box::new(
            InteractionReply::click(
                component.http.clone(),
                &self.data.replies,
                component.id,
                component.token.clone(),
            )
            .noting(self.data.noting(self.place, Some(click.message.id))),
        );
        let lang = self.lang;
        if intent == Intent::Review {
            let request = ReviewRequest {
                kind: None,
                game_id: Some(game_id),
                guild_id: self.place.guild_id,
                who,
                origin,
                reply,
                lang,
            };
            self.data.tables.review(request).await;
        } else {
            let request = Request {
                kind: None,
                who,
                intent,
                origin,
                reply,
                lang,
            };
            self.data
                .tables
                .request(click.channel_id.into(), request)
                .await;
        }
    }

    /// A leaderboard's page button: the message turned to `page` of `board`, in `board_lang`.
    async fn turn_page(
        &self,
        board: commands::BoardAsked,
        page: u32,
        board_lang: Lang,
        reply: Box<InteractionReply>,
    ) {
        let click = self.click;
        // A page's button turns the page of a leaderboard, and of nothing else.
        if !is_leaderboard(self.data.games, &click.message) {
            return unknown_button(reply, self.lang).await;
        }
        let guild = serenity::GuildId::from(self.place.guild_id);
        let view = commands::leaderboard_view(self.data, board, guild, page, board_lang);
        let view = match view.await {
            Ok(view) => view,
            Err(e) => {
                error!(error = %e, "could not read the leaderboard");
                let _ = reply
                    .ephemeral(render::notice(Notice::Failed, self.lang))
                    .await;
                return;
            }
        };
        let name = commands::leaderboard_namer(board, board_lang);
        let update = io::response(&view, &name);
        let response = CreateInteractionResponse::UpdateMessage(update);
        let turned = click.create_response(&self.ctx.http, response);
        let turned = telemetry::rest_timed(Route::Interaction, turned).await;
        health::answered("component", &turned);
        if let Err(e) = turned {
            warn!(error = %e, "could not turn a leaderboard page");
        }
    }
}

/// Whether `message` is a leaderboard page: its buttons (if any) are leaderboard buttons, and its
/// embed's footer reads as a page's ("Page 1 of 3"), in one of the bot's languages.
pub(super) fn is_leaderboard(games: Games<dyn BotGame>, message: &serenity::Message) -> bool {
    let only_pages = message.components.iter().all(|row| {
        row.components.iter().all(|c| {
            let id = match c {
                serenity::ActionRowComponent::Button(b) => match &b.data {
                    serenity::ButtonKind::NonLink { custom_id, .. } => Some(custom_id.as_str()),
                    _ => None,
                },
                serenity::ActionRowComponent::SelectMenu(m) => m.custom_id.as_deref(),
                _ => None,
            };
            id.and_then(|id| codec::decode(games, id))
                .is_some_and(|b| matches!(b, Button::Leaderboard { .. }))
        })
    });
    let footer = message
        .embeds
        .first()
        .and_then(|e| e.footer.as_ref())
        .map(|f| f.text.as_str());
    only_pages && footer.is_some_and(is_page_footer)
}

/// Whether `text` is a leaderboard's `leaderboard-page` footer in some language, whatever its
/// numbers (and whatever follows it after " · ").
pub(super) fn is_page_footer(text: &str) -> bool {
    const PAGE: &str = "\u{e000}";
    const PAGES: &str = "\u{e001}";
    Lang::ALL.into_iter().any(|lang| {
        let template = crate::tr!(lang, "leaderboard-page", page = PAGE, pages = PAGES);
        // The literal text around the two numbers, in the language's order.
        let mut rest = text;
        let mut pattern = template.as_str();
        loop {
            let next = [PAGE, PAGES]
                .iter()
                .filter_map(|p| pattern.find(p).map(|i| (i, p.len())))
                .min();
            let Some((at, len)) = next else {
                // A board's footer goes on after its page with what it ranks (" · Bot seats are
                // not ranked"); one posted before that ends with its page.
                return rest
                    .strip_prefix(pattern)
                    .is_some_and(|tail| tail.is_empty() || tail.starts_with(" · "));
            };
            let Some(after) = rest.strip_prefix(&pattern[..at]) else {
                return false;
            };
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            if digits == 0 {
                return false;
            }
            rest = &after[digits..];
            pattern = &pattern[at + len..];
        }
    })
}

/// The kind of game message `message` is, as its buttons and menus say: a lobby, a turn, or
/// neither (a leaderboard, a game-over message, a turn that ended).
pub(super) fn message_kind_of(
    games: Games<dyn BotGame>,
    message: &serenity::Message,
) -> Option<crate::engine::MessageKind> {
    message
        .components
        .iter()
        .flat_map(|row| &row.components)
        .filter_map(|component| match component {
            serenity::ActionRowComponent::Button(serenity::Button {
                data: serenity::ButtonKind::NonLink { custom_id, .. },
                ..
            }) => Some(custom_id.as_str()),
            serenity::ActionRowComponent::SelectMenu(menu) => menu.custom_id.as_deref(),
            _ => None,
        })
        .find_map(|custom_id| match codec::decode(games, custom_id)? {
            Button::Game { action, .. } => {
                Intent::<MoveText>::parse(&action, Some(""))?.message_kind()
            }
            Button::Leaderboard { .. } | Button::Forget { .. } | Button::Daily { .. } => None,
        })
}
