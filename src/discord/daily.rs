//! The daily deal on Discord: `/<game> daily` (play, today's board, your statistics) and the
//! clicks on a deal's private message, handed to the daily service ([`crate::daily::Dailies`]).
//! Every answer is private but the share line, which is posted in the channel; an answer not
//! ready within [`DEFER_AFTER`] (a review being worked out) is deferred with Discord first.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    EditInteractionResponse,
};
use tracing::{error, warn};

use super::codec::{self, Button};
use super::io::{self, DEFER_AFTER};
use super::{Context, Data, Error};
use crate::daily::{Answer, Asker, DailyError, DealRef};
use crate::discord::BotGame;
use crate::engine::GameKind;
use crate::host::Games;
use crate::i18n::Lang;
use crate::render::{self, MessageView, Notice, UiAction};
use serenity::builder::Builder;

/// What `daily` shows.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum ShowChoice {
    #[name = "play"]
    Play,
    #[name = "board"]
    Board,
    #[name = "my stats"]
    Stats,
}

/// Names a deal's buttons: its game, day and version, and the move.
fn namer(deal: Option<DealRef>) -> impl Fn(&UiAction) -> String {
    move |action| match deal {
        Some(deal) => codec::encode(&Button::Daily {
            kind: deal.kind,
            day: deal.day,
            version: deal.version,
            action: action.to_string(),
        }),
        // A view without a deal has no buttons; a name all the same.
        None => "day".to_string(),
    }
}

/// Who asks, where: the server's board counts a person where they played (not in a DM or a
/// group DM, whose id is no server's).
fn asker(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    place: crate::store::Place,
    lang: Lang,
) -> Asker {
    let who = super::who(user, member);
    Asker {
        user: who.user_id,
        name: who.name,
        lang,
        guild: (place.reach != crate::store::Reach::Chat).then_some(place.guild_id),
    }
}

/// Whether the interaction answered is a command's (a new message) or a click's (its message
/// updated).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    Command,
    Click,
}

/// Answers the interaction `(id, token)` with `work`'s answer, deferring it first if it is slow.
/// A share line is posted in `post_in` (the channel, where the bot is a member) as a message of
/// its own, not a reply to the private end the person clicked (which everyone else would see as
/// a reply to a message they cannot see); elsewhere, or if that post fails, it is the answer.
async fn answer(
    http: &serenity::Http,
    id: serenity::InteractionId,
    token: &str,
    asked: Asked,
    lang: Lang,
    post_in: Option<serenity::ChannelId>,
    work: impl std::future::Future<Output = Result<(Answer, Option<DealRef>), DailyError>>,
) -> Result<(), serenity::Error> {
    tokio::pin!(work);
    let (deferred, result) = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(result) => (false, result),
        Err(_) => {
            let defer = match asked {
                Asked::Command => CreateInteractionResponse::Defer(
                    CreateInteractionResponseMessage::new().ephemeral(true),
                ),
                Asked::Click => CreateInteractionResponse::Acknowledge,
            };
            defer.execute(http, (id, token)).await?;
            (true, work.await)
        }
    };
    let (answer, deal) = result.unwrap_or_else(|e| {
        error!(error = %e, "a daily deal's request failed");
        (Answer::Private(render::notice(Notice::Failed, lang)), None)
    });
    let name = namer(deal);
    let files = |view: &MessageView| io::files(view).collect::<Vec<_>>();
    let answer = match answer {
        Answer::Shared { public, private } => {
            let posted = match post_in {
                Some(channel) => {
                    let post = io::create_message(&public, &name).allowed_mentions(io::no_pings());
                    match channel.send_message(http, post).await {
                        Ok(_) => true,
                        Err(e) => {
                            warn!(error = %e, "a daily deal's share line was not posted");
                            false
                        }
                    }
                }
                None => false,
            };
            if posted {
                Answer::Update(private)
            } else {
                Answer::Public(public)
            }
        }
        answer => answer,
    };
    match (answer, deferred, asked) {
        (Answer::Private(view), false, _) | (Answer::Update(view), false, Asked::Command) => {
            let message = io::response(&view, &name)
                .ephemeral(true)
                .add_files(files(&view));
            CreateInteractionResponse::Message(message)
                .execute(http, (id, token))
                .await
        }
        (Answer::Update(view), false, Asked::Click) => {
            let message = io::response(&view, &name).files(files(&view));
            CreateInteractionResponse::UpdateMessage(message)
                .execute(http, (id, token))
                .await
        }
        (Answer::Public(view), false, _) => {
            CreateInteractionResponse::Message(io::response(&view, &name))
                .execute(http, (id, token))
                .await
        }
        // Deferred: the original response is the command's "thinking…" or the clicked message.
        (Answer::Update(view), true, _) | (Answer::Private(view), true, Asked::Command) => {
            let edit = io::whole_message!(EditInteractionResponse::new(), &view, &name);
            let edit = files(&view)
                .into_iter()
                .fold(edit, EditInteractionResponse::new_attachment);
            edit.execute(http, token).await.map(|_| ())
        }
        (Answer::Private(view), true, Asked::Click) => {
            let followup =
                io::whole_message!(CreateInteractionResponseFollowup::new(), &view, &name)
                    .ephemeral(true)
                    .add_files(files(&view));
            followup.execute(http, (None, token)).await.map(|_| ())
        }
        (Answer::Shared { .. }, _, _) => unreachable!("a share is posted above"),
        (Answer::Public(view), true, _) => {
            let followup =
                io::whole_message!(CreateInteractionResponseFollowup::new(), &view, &name);
            followup.execute(http, (None, token)).await.map(|_| ())
        }
    }
}

/// Today's deal, played privately; or today's board here, or your daily statistics.
#[poise::command(slash_command)]
pub(super) async fn daily(ctx: Context<'_>, show: Option<ShowChoice>) -> Result<(), Error> {
    let kind = super::commands::game_of(ctx)?;
    let lang = super::user_lang(ctx);
    let place = super::place(ctx);
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    let asker = asker(ctx.author(), member, place, lang);
    let (id, token) = match ctx {
        poise::Context::Application(app) => (app.interaction.id, app.interaction.token.clone()),
        poise::Context::Prefix(_) => return Ok(()),
    };
    let dailies = &ctx.data().dailies;
    let work = async {
        let view = match show.unwrap_or(ShowChoice::Play) {
            ShowChoice::Play => {
                let shown = dailies.open(kind, &asker).await?;
                return Ok((Answer::Private(shown.view), shown.deal));
            }
            ShowChoice::Board => match asker.guild {
                Some(guild) => dailies.board(kind, guild, lang).await?,
                None => MessageView::new(&lang.t("daily-board-no-server")),
            },
            ShowChoice::Stats => dailies.stats(kind, asker.user, &asker.name, lang).await?,
        };
        Ok((Answer::Private(view), None))
    };
    answer(
        &ctx.serenity_context().http,
        id,
        &token,
        Asked::Command,
        lang,
        None,
        work,
    )
    .await?;
    Ok(())
}

/// A click on a daily deal's message.
pub(super) async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    place: crate::store::Place,
    lang: Lang,
    deal: DealRef,
    action: String,
) {
    let asker = asker(&click.user, click.member.as_ref(), place, lang);
    let chosen = super::router::chosen(click).map(str::to_string);
    // A deal is shown only privately: a deal's button on any other message (a custom_id made up)
    // is answered with a message of its own, and the clicked message stays as it is.
    let private = click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let work = async {
        let (answer, deal) = data
            .dailies
            .click(deal, &action, chosen.as_deref(), &asker)
            .await?;
        Ok(match answer {
            Answer::Update(view) if !private => (Answer::Private(view), deal),
            answer => (answer, deal),
        })
    };
    // Where the bot is a member, the share line is a message of its own in the channel.
    let post_in = (!place.reach.answers_only()).then_some(click.channel_id);
    if let Err(e) = answer(
        &ctx.http,
        click.id,
        &click.token,
        Asked::Click,
        lang,
        post_in,
        work,
    )
    .await
    {
        warn!(error = %e, "a daily deal's click went unanswered");
    }
}

/// The daily deal's kind of a click, if its game has one.
pub(super) fn daily_kind(games: Games<dyn BotGame>, kind: GameKind) -> Option<GameKind> {
    games.game(kind)?.daily().map(|_| kind)
}
