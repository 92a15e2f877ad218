//! The slash commands: one per game (`/forgetit ...`, `/getdickey ...`, each other game's), with
//! the subcommands that are about that game, and the server-wide ones (`config`, `privacy`,
//! `forget-me`) registered once, under the bot's own command ([`BOT_COMMAND`]). Each one
//! translates and hands over; answers come from the tables (a table's requests, in [`table`]) or
//! straight from the store (leaderboards and statistics, in [`boards`]).

mod boards;
mod privacy;
mod settings;
mod table;

pub use boards::{leaderboard_namer, leaderboard_view, BoardAsked};
pub(super) use privacy::forget_click;

use std::borrow::Cow;

use fluent_bundle::FluentArgs;
use poise::serenity_prelude as serenity;

use super::io::InteractionReply;
use super::{who, Context, Data, Error};
use crate::discord::BotGame;
use crate::engine::GameKind;
use crate::host::{Games, Target};
use crate::i18n::Lang;
use crate::render::Notice;
use crate::tables::{Hosted, Reply};

pub(crate) type Command = poise::Command<Data, Error>;

/// The bot's own command, which holds the server-wide subcommands ([`SERVER_WIDE`]). It is For
/// Get It's command too: the game whose command has this name shows them beside its own.
pub const BOT_COMMAND: &str = "forgetit";

/// The subcommands that are the server's or the person's, not a game's: registered once, under
/// [`BOT_COMMAND`].
pub const SERVER_WIDE: [&str; 3] = ["config", "privacy", "forget-me"];

/// Every slash command, with its names and descriptions from the Fluent resources: English
/// (en-US) as the default, and Discord's `name_localizations` / `description_localizations` (and
/// choices' `name_localizations`) for every other language.
/// One command for each of `games`, and the server-wide subcommands under the bot's own.
pub fn of_games(games: Games<dyn BotGame>) -> Vec<Command> {
    commands(games, &mut Vec::new())
}

/// Every message id the slash commands of `games` read their names, descriptions and choices
/// from.
pub fn message_ids(games: Games<dyn BotGame>) -> Vec<String> {
    let mut ids = Vec::new();
    commands(games, &mut ids);
    ids
}

/// The games' commands, each with its texts, and the server-wide subcommands under the bot's
/// command; `ids` collects the message ids read.
fn commands(games: Games<dyn BotGame>, ids: &mut Vec<String>) -> Vec<Command> {
    let mut commands: Vec<Command> = games.iter().map(|game| game.command()).collect();
    for command in &mut commands {
        let texts = Texts::of(command);
        localize(std::slice::from_mut(command), &texts, None, ids);
    }
    // The server's target is the default of the game that takes it from the server: `config`
    // names that game.
    let server_command = commands
        .iter()
        .find(|c| GameTexts::of(c).target.is_some_and(|t| t.server_default));
    let server_game = server_command.map(GameTexts::of);
    // `config set target` takes the target as that game's `start` does.
    let target_option = server_command.and_then(table::target_option);
    let mut server_wide = vec![
        settings::config_group(server_game.and_then(|g| Some((g.command, target_option?)))),
        privacy::privacy(),
        privacy::forget_me(),
    ];
    let texts = Texts {
        game: server_game.map(|g| g.command),
        target: server_game.and_then(|g| g.target),
        max_bots: 0,
    };
    localize(&mut server_wide, &texts, Some(""), ids);
    match commands.iter_mut().find(|c| c.name == BOT_COMMAND) {
        Some(bot) => bot.subcommands.extend(server_wide),
        None => {
            let mut bot = bare_command(BOT_COMMAND);
            localize(std::slice::from_mut(&mut bot), &Texts::default(), None, ids);
            bot.subcommands = server_wide;
            commands.insert(0, bot);
        }
    }
    commands
}

/// What a game's command says of its game, for its texts ([`Texts`]): kept in the command's
/// `custom_data`.
#[derive(Clone, Copy, Debug, Default)]
struct GameTexts {
    /// The game's command (`pig`): its messages are `cmd-pig-…`, its name `game-pig`.
    command: &'static str,
    target: Option<Target>,
    /// The most bot seats `start` adds.
    max_bots: u8,
}

impl GameTexts {
    fn of(command: &Command) -> GameTexts {
        command
            .custom_data
            .downcast_ref::<GameTexts>()
            .copied()
            .unwrap_or_default()
    }
}

/// The command of the game `R`: its name, and the subcommands about the game (`start` without
/// its `target` for a game that has none). The server-wide ones are added under the bot's
/// command only (see [`commands`]).
pub(crate) fn game_command<R: Hosted>() -> Command {
    let mut start = table::start();
    if R::TARGET.is_none() {
        start.parameters.retain(|p| p.name != table::TARGET_OPTION);
    }
    table::set_limits::<R>(&mut start);
    let mut command = bare_command(R::NAMES.command);
    command.custom_data = Box::new(GameTexts {
        command: R::NAMES.command,
        target: R::TARGET,
        max_bots: R::MAX_SEATS.saturating_sub(1) as u8,
    });
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
    ];
    if R::DAILY.is_some() {
        command.subcommands.push(super::daily::daily());
    }
    command
}

/// A command named `name` that only holds subcommands (added by the caller), installed and run
/// wherever the bot plays.
fn bare_command(name: &'static str) -> Command {
    let mut command = game();
    command.name = name.into();
    command.identifying_name = name.into();
    command.qualified_name = name.into();
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

// A game's command (and the bot's), named by `bare_command`, and the `config` group: they only
// hold their subcommands. Discord always sends one of them; run alone, each says which there are.
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
pub(super) fn game_of(ctx: Context<'_>) -> Result<GameKind, Error> {
    ctx.parent_commands()
        .first()
        .and_then(|command| ctx.data().games.from_command(&command.name))
        .ok_or_else(|| format!("no game has the command {:?}", ctx.command().qualified_name).into())
}

/// The answer to a command's interaction (given at once).
fn reply_of(ctx: Context<'_>) -> Box<InteractionReply> {
    let (http, id, token) = interaction_of(ctx);
    let replies = &ctx.data().replies;
    Box::new(InteractionReply::command(http, replies, id, token).noting(noting(ctx)))
}

/// Where the answer to a command is noted, if the bot only answers interactions there.
fn noting(ctx: Context<'_>) -> Option<super::io::Noting> {
    ctx.data().noting(super::place(ctx), None)
}

/// The answer to a command a table answers, deferred if it is slow to come: publicly if the
/// answer is (`public`).
fn table_reply_of(ctx: Context<'_>, public: bool) -> Box<InteractionReply> {
    let (http, id, token) = interaction_of(ctx);
    let replies = &ctx.data().replies;
    Box::new(InteractionReply::table_command(http, replies, id, token, public).noting(noting(ctx)))
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
// messages of locales/*/commands.ftl and of each game's .ftl (see `localize`); doc comments are
// documentation.

/// How a command's texts are read: its game's own message first (`cmd-<game>-<path>`, in the
/// game's .ftl, for what is its own), else the shared one (`cmd-<path>`, in commands.ftl, written
/// once for every game), formatted with the game's name (`$game`), its target's bounds (`$min`,
/// `$max`, `$default`) and the most bot seats (`$bots`).
#[derive(Clone, Copy, Debug, Default)]
struct Texts {
    game: Option<&'static str>,
    target: Option<Target>,
    max_bots: u8,
}

impl Texts {
    /// The texts of a game's command (none for another).
    fn of(command: &Command) -> Texts {
        let game = GameTexts::of(command);
        Texts {
            game: Some(game.command).filter(|c| !c.is_empty()),
            target: game.target,
            max_bots: game.max_bots,
        }
    }

    /// The message id of `path` below the command (`start-target-description`): the game's own
    /// if it has one, else the shared one. (English has every message: its ids decide.)
    fn id(&self, path: &str) -> String {
        if let Some(game) = self.game {
            let own = format!("cmd-{game}-{path}");
            if Lang::EnUs.has(&own) {
                return own;
            }
        }
        format!("cmd-{path}")
    }

    /// The message `id` in `lang`, with the game's variables.
    fn text(&self, lang: Lang, id: &str) -> String {
        let mut args = FluentArgs::new();
        if let Some(game) = self.game {
            args.set("game", lang.t(&format!("game-{game}")));
        }
        if let Some(target) = self.target {
            args.set("min", target.min.to_string());
            args.set("max", target.max.to_string());
            args.set("default", target.default.to_string());
        }
        args.set("bots", self.max_bots.to_string());
        lang.t_with(id, &args)
    }
}

/// Applies the messages of `commands` (below `parent`, the path of their parent command below its
/// game's, `None` for a game's command itself) to their names and descriptions, and to their
/// subcommands, options and choices; `ids` collects the ids read.
fn localize<U, E>(
    commands: &mut [poise::Command<U, E>],
    texts: &Texts,
    parent: Option<&str>,
    ids: &mut Vec<String>,
) {
    for command in commands {
        let path = match parent {
            None => String::new(),
            Some("") => command.name.to_string(),
            Some(parent) => format!("{parent}-{}", command.name),
        };
        // A game's command's messages are its own: `cmd-<game>`, `cmd-<game>-description`.
        let id = |suffix: &str| match parent {
            None => format!("cmd-{}{suffix}", command.name),
            Some(_) => texts.id(&format!("{path}{suffix}")),
        };
        let (name_id, description_id) = (id(""), id("-description"));
        ids.extend([name_id.clone(), description_id.clone()]);
        // The English texts are the defaults; the code's doc comments are only documentation.
        command.description = Some(texts.text(Lang::EnUs, &description_id).into());
        for lang in other_langs() {
            let locale = Cow::Borrowed(lang.code());
            let name = texts.text(lang, &name_id);
            let description = texts.text(lang, &description_id);
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
            let param = if path.is_empty() {
                parameter.name.to_string()
            } else {
                format!("{path}-{}", parameter.name)
            };
            let name_id = texts.id(&param);
            let description_id = texts.id(&format!("{param}-description"));
            ids.extend([name_id.clone(), description_id.clone()]);
            parameter.description = Some(texts.text(Lang::EnUs, &description_id).into());
            for lang in other_langs() {
                let locale = Cow::Borrowed(lang.code());
                let name = texts.text(lang, &name_id);
                let description = texts.text(lang, &description_id);
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
        localize(&mut command.subcommands, texts, Some(&path), ids);
    }
}

/// The languages commands are translated into (English is their default).
fn other_langs() -> impl Iterator<Item = Lang> {
    Lang::ALL.into_iter().filter(|&lang| lang != Lang::EnUs)
}

/// The answer to a server-wide subcommand sent under another command than the bot's
/// (`/getdickey config set …`, from a client whose list of commands predates their move: Discord
/// may still send them for a while): where it is now, as the asker's client shows it. `None` for
/// anything else.
pub(super) fn moved(
    commands: &[Command],
    data: &serenity::CommandData,
    lang: Lang,
) -> Option<Notice> {
    use serenity::CommandDataOptionValue as V;
    if data.name == BOT_COMMAND || !commands.iter().any(|c| c.name == data.name) {
        return None;
    }
    // The subcommand path as it was sent (`config set`).
    let mut old = Vec::new();
    let mut options = &data.options;
    while let Some(option) = options.first() {
        match &option.value {
            V::SubCommand(inner) | V::SubCommandGroup(inner) => {
                old.push(option.name.as_str());
                options = inner;
            }
            _ => break,
        }
    }
    if !old.first().is_some_and(|sub| SERVER_WIDE.contains(sub)) {
        return None;
    }
    // The same path under the bot's command, each name as the asker's client shows it.
    let mut command = commands.iter().find(|c| c.name == BOT_COMMAND)?;
    let mut new = vec![shown_name(command, lang)];
    for name in &old {
        command = command.subcommands.iter().find(|s| s.name == *name)?;
        new.push(shown_name(command, lang));
    }
    let sent = std::iter::once(data.name.as_str())
        .chain(old)
        .collect::<Vec<_>>()
        .join(" ");
    Some(Notice::CommandMoved {
        old: sent,
        new: new.join(" "),
    })
}
