//! The slash commands: one per game (`/forgetit ...` and each other game's), one for each game of
//! the registry of games, each with the same subcommands. Each one translates and hands over; answers come
//! from the tables (a table's requests, in [`table`]) or straight from the store (leaderboards and
//! statistics, in [`boards`]).

mod boards;
mod privacy;
mod settings;
mod table;

pub use boards::{leaderboard_namer, leaderboard_view, Board};
pub(super) use privacy::forget_click;

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use super::io::InteractionReply;
use super::{who, Context, Data, Error};
use crate::engine::GameKind;
use crate::games::AnyGame;
use crate::i18n::Lang;
use crate::tables::{Hosted, Reply};

pub(crate) type Command = poise::Command<Data, Error>;

/// Every slash command, with its names and descriptions from the Fluent resources: English
/// (en-US) as the default, and Discord's `name_localizations` / `description_localizations` (and
/// choices' `name_localizations`) for every other language.
/// One command for each of `games` (the bot's, `crate::games::all()`, and any a test
/// registered beside them).
pub fn of_games(games: &[&'static dyn AnyGame]) -> Vec<Command> {
    let mut commands = game_commands(games);
    localize(&mut commands, "cmd", &mut Vec::new());
    commands
}

/// Every message id the slash commands' names, descriptions and choices are read from.
pub fn message_ids() -> Vec<String> {
    let mut ids = Vec::new();
    localize(&mut game_commands(crate::games::all()), "cmd", &mut ids);
    ids
}

/// One command per game, in the order of the registry of games.
fn game_commands(games: &[&'static dyn AnyGame]) -> Vec<Command> {
    games.iter().map(|game| game.command()).collect()
}

/// The command of the game `R`: its name, and the subcommands every game has (`start` without
/// its `target` for a game that has none).
pub(crate) fn game_command<R: Hosted>() -> Command {
    let mut start = table::start();
    if R::TARGET.is_none() {
        start.parameters.retain(|p| p.name != table::TARGET_OPTION);
    }
    table::set_limits::<R>(&mut start);
    let mut command = game();
    command.name = R::NAMES.command.into();
    command.identifying_name = R::NAMES.command.into();
    command.subcommands = vec![
        start,
        table::join(),
        table::leave(),
        table::scores(),
        table::rules(),
        table::review_command(),
        boards::leaderboard(),
        boards::stats(),
        table::cancel(),
        table::kick(),
        privacy::privacy(),
        privacy::forget_me(),
        settings::config_group::<R>(),
    ];
    command.subcommand_required = true;
    // Installed to a server or to a person's account, and run in servers, in the DM with the
    // bot and in DMs and group DMs between people: where the bot is not a member, it plays
    // through its answers alone (`discord::answers`).
    command.install_context = Some(vec![
        serenity::InstallationContext::Guild,
        serenity::InstallationContext::User,
    ]);
    command.interaction_context = Some(vec![
        serenity::InteractionContext::Guild,
        serenity::InteractionContext::BotDm,
        serenity::InteractionContext::PrivateChannel,
    ]);
    command
}

// A game's command, named by `game_command`, and its `config` group: they only hold their
// subcommands. Discord always sends one of them; run alone, each says which there are.
#[poise::command(slash_command)]
async fn game(ctx: Context<'_>) -> Result<(), Error> {
    let lang = super::user_lang(ctx);
    let command = ctx.command();
    let path: Vec<String> = ctx
        .parent_commands()
        .iter()
        .copied()
        .chain([command])
        .map(|c| shown_name(c, lang))
        .collect();
    let notice = crate::render::Notice::SubcommandNeeded {
        command: path.join(" "),
        subcommands: command
            .subcommands
            .iter()
            .map(|s| shown_name(s, lang))
            .collect(),
    };
    reply_of(ctx)
        .ephemeral(crate::render::notice(notice, lang))
        .await?;
    Ok(())
}

/// A command's name as the person's client shows it (in `lang`).
fn shown_name(command: &Command, lang: Lang) -> String {
    command
        .name_localizations
        .iter()
        .find(|(locale, _)| locale == lang.code())
        .map_or_else(|| command.name.to_string(), |(_, n)| n.to_string())
}

/// The game of a subcommand: the one its command is named after.
fn game_of(ctx: Context<'_>) -> Result<GameKind, Error> {
    ctx.parent_commands()
        .first()
        .and_then(|command| GameKind::from_command(&command.name))
        .ok_or_else(|| format!("no game has the command {:?}", ctx.command().qualified_name).into())
}

/// The answer to a command's interaction (given at once).
fn reply_of(ctx: Context<'_>) -> Box<InteractionReply> {
    let (http, id, token) = interaction_of(ctx);
    Box::new(InteractionReply::command(http, id, token).noting(noting(ctx)))
}

/// Where the answer to a command is noted, if the bot only answers interactions there.
fn noting(ctx: Context<'_>) -> Option<super::io::Noting> {
    ctx.data().noting(super::place(ctx), None)
}

/// The answer to a command a table answers, deferred if it is slow to come: publicly if the
/// answer is (`public`).
fn table_reply_of(ctx: Context<'_>, public: bool) -> Box<InteractionReply> {
    let (http, id, token) = interaction_of(ctx);
    Box::new(InteractionReply::table_command(http, id, token, public).noting(noting(ctx)))
}

fn interaction_of(
    ctx: Context<'_>,
) -> (
    std::sync::Arc<poise::serenity_prelude::Http>,
    poise::serenity_prelude::InteractionId,
    String,
) {
    let (id, token) = match ctx {
        poise::Context::Application(app) => (app.interaction.id, app.interaction.token.clone()),
        // Only slash commands are registered.
        poise::Context::Prefix(_) => unreachable!("no prefix commands"),
    };
    (ctx.serenity_context().http.clone(), id, token)
}

/// Who ran a command.
fn author(ctx: Context<'_>) -> crate::tables::Who {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    who(ctx.author(), member)
}

// The names and descriptions Discord shows for every command, option and choice are the
// messages of locales/*/commands.ftl (see `localize`); doc comments are documentation.

/// Applies the `cmd-<path>` messages to `commands` (whose ids start with `prefix`), and to their
/// subcommands, options and choices; `ids` collects the ids read.
fn localize<U, E>(commands: &mut [poise::Command<U, E>], prefix: &str, ids: &mut Vec<String>) {
    for command in commands {
        let id = format!("{prefix}-{}", command.name);
        ids.extend([id.clone(), format!("{id}-description")]);
        // The English texts are the defaults; the code's doc comments are only documentation.
        command.description = Some(Lang::EnUs.t(&format!("{id}-description")).into());
        for lang in other_langs() {
            let locale = Cow::Borrowed(lang.code());
            let name = lang.t(&id);
            let description = lang.t(&format!("{id}-description"));
            command
                .name_localizations
                .to_mut()
                .push((locale.clone(), name.into()));
            command
                .description_localizations
                .to_mut()
                .push((locale, description.into()));
        }
        for parameter in &mut command.parameters {
            let param = format!("{id}-{}", parameter.name);
            ids.extend([param.clone(), format!("{param}-description")]);
            parameter.description = Some(Lang::EnUs.t(&format!("{param}-description")).into());
            for lang in other_langs() {
                let locale = Cow::Borrowed(lang.code());
                let name = lang.t(&param);
                let description = lang.t(&format!("{param}-description"));
                parameter
                    .name_localizations
                    .to_mut()
                    .push((locale.clone(), name.into()));
                parameter
                    .description_localizations
                    .to_mut()
                    .push((locale, description.into()));
            }
            if parameter.name == table::LANGUAGE_OPTION {
                // Each language is named in its own language, for everyone.
                continue;
            }
            for choice in parameter.choices.to_mut() {
                let id = format!("choice-{}", choice.name.replace(' ', "-"));
                ids.push(id.clone());
                choice.name = Lang::EnUs.t(&id).into();
                for lang in other_langs() {
                    let name = lang.t(&id);
                    choice
                        .localizations
                        .to_mut()
                        .push((lang.code().into(), name.into()));
                }
            }
        }
        localize(&mut command.subcommands, &id, ids);
    }
}

/// The languages commands are translated into (English is their default).
fn other_langs() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|&lang| lang != Lang::EnUs)
}
