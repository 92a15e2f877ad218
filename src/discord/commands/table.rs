//! The subcommands that ask the table of the channel: every game has them, and each reads its
//! game from its command ([`game_of`]).

use poise::serenity_prelude as serenity;

use super::{author, game_of, reply_of, table_reply_of};
use crate::discord::{starter_lang, user_lang, Context, Data, Error};
use crate::engine::{GameKind, Intent};
use crate::i18n::Lang;
use crate::tables::{Hosted, NewGame, Origin, Reply, Request, ReviewRequest};

/// The option of `start` that chooses the table's language.
pub(super) const LANGUAGE_OPTION: &str = "language";
/// The option of `start` that sets the target, for the games that have one.
pub(super) const TARGET_OPTION: &str = "target";
/// The option of `start` that seats bots.
pub(super) const BOTS_OPTION: &str = "bots";
/// Registers the ranges of `start`'s whole-number options for the game `R`: `target` as the game
/// declares it ([`Hosted::TARGET`]), `bots` from 0 to the seats left beside the host. The bot
/// checks every value against these (see `discord::options`), whatever Discord lets through:
/// written once.
pub(super) fn set_limits<R: Hosted>(start: &mut poise::Command<Data, Error>) {
    for param in &mut start.parameters {
        if param.name == TARGET_OPTION {
            param.type_setter = Some(|option| {
                option
                    .kind(serenity::CommandOptionType::Integer)
                    .min_int_value(R::TARGET.map_or(0, |t| u64::from(t.min)))
                    .max_int_value(R::TARGET.map_or(0, |t| u64::from(t.max)))
            });
        } else if param.name == BOTS_OPTION {
            param.type_setter = Some(|option| {
                option
                    .kind(serenity::CommandOptionType::Integer)
                    .min_int_value(0)
                    .max_int_value(R::MAX_SEATS as u64 - 1)
            });
        }
    }
}

/// How `command`'s `start` registers its `target` option (its range), if it has one.
pub(super) fn target_option(command: &poise::Command<Data, Error>) -> Option<TypeSetter> {
    command
        .subcommands
        .iter()
        .find(|c| c.name == "start")?
        .parameters
        .iter()
        .find(|p| p.name == TARGET_OPTION)?
        .type_setter
}

/// How an option is registered: its type, and its range.
pub(super) type TypeSetter = fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption;

/// The language of a table's public messages, chosen at start (else the guild's).
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Français"]
    French,
}

impl From<LanguageChoice> for Lang {
    fn from(choice: LanguageChoice) -> Lang {
        match choice {
            LanguageChoice::English => Lang::EnUs,
            LanguageChoice::French => Lang::Fr,
        }
    }
}

/// Open a table in this channel; friends join with the Join button.
#[poise::command(slash_command)]
pub(super) async fn start(
    ctx: Context<'_>,
    // Their ranges are registered by `set_limits`, and every value checked against them before
    // this runs (`discord::options`).
    target: Option<i64>,
    bots: Option<i64>,
    language: Option<LanguageChoice>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    let target = target.map(u32::try_from).transpose()?;
    let bots = bots.map(u8::try_from).transpose()?;
    let new = NewGame {
        kind,
        place: crate::discord::place(ctx),
        host: author(ctx),
        target,
        bots: bots.unwrap_or(0),
        // The lobby is a public answer.
        reply: table_reply_of(ctx, true),
        lang: user_lang(ctx),
        table_lang: language.map(Lang::from),
        default_lang: starter_lang(ctx),
        rematch_of: None,
    };
    ctx.data().tables.create(new).await;
    Ok(())
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command)]
pub(super) async fn join(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Intent::Join).await
}

/// Leave the table in this channel (in a game, your seat is skipped from then on).
#[poise::command(slash_command)]
pub(super) async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Intent::Leave).await
}

/// Show the scores of the game in this channel.
#[poise::command(slash_command)]
pub(super) async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Intent::Scores).await
}

/// Cancel the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command)]
pub(super) async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    to_table(ctx, Intent::Cancel).await
}

/// Remove a player from the game in this channel (the host, or a member who can manage messages).
#[poise::command(slash_command)]
pub(super) async fn kick(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let user_id = user.id.into();
    to_table(ctx, Intent::Kick { user_id }).await
}

/// How the game is played.
#[poise::command(slash_command)]
pub(super) async fn rules(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let game = ctx.data().games.game(game_of(ctx)?).ok_or("no such game")?;
    let view = game.rules_view(lang);
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}

/// The option of `review` naming the game to review.
pub(super) const GAME_OPTION: &str = "game";

/// Review your play in a finished game: the decisions that cost points, and your luck.
#[poise::command(slash_command)]
pub(super) async fn review(
    ctx: Context<'_>,
    // Registered from 1 (by `review_command`) and checked against that before this runs.
    game: Option<i64>,
) -> Result<(), Error> {
    let kind = game_of(ctx)?;
    let request = ReviewRequest {
        kind: Some(kind),
        game_id: game.map(crate::ids::GameId::new),
        guild_id: crate::discord::place(ctx).guild_id,
        who: author(ctx),
        origin: Origin::Slash,
        // Private, and deferred if the review is slow to come.
        reply: table_reply_of(ctx, false),
        lang: user_lang(ctx),
    };
    ctx.data().tables.review(request).await;
    Ok(())
}

/// `review`, with its `game` registered as a game's number (from 1).
pub(super) fn review_command() -> poise::Command<Data, Error> {
    let mut review = review();
    for param in &mut review.parameters {
        if param.name == GAME_OPTION {
            param.type_setter = Some(|option| {
                option
                    .kind(serenity::CommandOptionType::Integer)
                    .min_int_value(1)
            });
        }
    }
    review
}

/// Hands `intent` to the table of the channel, for the game of the command.
async fn to_table(ctx: Context<'_>, intent: Intent<crate::engine::MoveText>) -> Result<(), Error> {
    let kind: GameKind = game_of(ctx)?;
    let request = Request {
        kind: Some(kind),
        who: author(ctx),
        intent,
        origin: Origin::Slash,
        reply: table_reply_of(ctx, false),
        lang: user_lang(ctx),
    };
    ctx.data()
        .tables
        .request(ctx.channel_id().into(), request)
        .await;
    Ok(())
}
