//! `config`: a server's settings for its games (`show`, `set`, `reset`, `add-channel`,
//! `remove-channel`), one subcommand group under the bot's command (`/forgetit config`). The
//! settings are the server's, shared by its games (the default target is for the game whose
//! target takes it, see `games::Target::server_default`, and says so); they are read when a game
//! starts (see `tables::NewGame`), so a change applies to the games started after it. `set`'s
//! options and `reset`'s choices are made from the settings' declarations
//! ([`crate::settings::SETTINGS`]). Anyone may `show` them; changing them takes Manage Server,
//! checked here from the member's permissions in the interaction (the registration's
//! `default_member_permissions` only hides the commands in Discord's menu, and is not counted
//! on).

use std::borrow::Cow;

use poise::serenity_prelude as serenity;
use serenity::ResolvedValue;
use tracing::{error, info};

use super::table::TypeSetter;
use super::{reply_of, Command};
use crate::discord::{user_lang, Context, Data, Error};
use crate::duration;
use crate::i18n::Lang;
use crate::render::settings::{SettingsView, Shown};
use crate::render::{self, Notice, Takes};
use crate::settings::{self, ConfigDefault, Kind, Setting, Value, SETTINGS};
use crate::store::{GuildSettings, SettingsChange};
use crate::tables::{Reply, TableConfig};

/// The most channels a server may list (their mentions must fit in a message).
pub const MAX_CHANNELS: usize = 25;
/// Discord's MANAGE_GUILD and ADMINISTRATOR permission bits.
const MANAGE_GUILD: u64 = 1 << 5;
const ADMINISTRATOR: u64 = 1 << 3;
/// `reset`'s option, and its choices beside one for each setting.
const SETTING_OPTION: &str = "setting";
const ALL_CHOICE: &str = "all";
const CHANNELS_CHOICE: &str = "channels";

/// The command of the game whose target is the server's (`pig`), kept in the `config` group's
/// `custom_data`: `show` names that game.
#[derive(Clone, Copy, Debug)]
struct TargetGame(&'static str);

/// The `config` group, under the bot's command: `set` takes every setting, its `target` only if
/// a game takes its target from the server (`target_game`: its command, and how its `start`
/// registers its target, with its range; the option's text names the game).
pub(super) fn config_group(target_game: Option<(&'static str, TypeSetter)>) -> Command {
    let mut set = set();
    set.parameters = SETTINGS
        .iter()
        .filter_map(|s| match s.kind {
            Kind::Target => target_game.map(|(_, target)| option(s, target)),
            _ => Some(option(s, |option| option)),
        })
        .collect();
    let mut reset = reset();
    reset.parameters = vec![reset_option()];
    let mut group = super::game();
    group.name = "config".into();
    group.identifying_name = "config".into();
    group.qualified_name = "config".into();
    group.subcommands = vec![show(), set, reset, add_channel(), remove_channel()];
    group.subcommand_required = true;
    if let Some((command, _)) = target_game {
        group.custom_data = Box::new(TargetGame(command));
    }
    group
}

/// `config set`'s option for `setting`, registered as what it takes: the target as `start` takes
/// it (`target`: the server's target's game's); a duration as text
/// (at most [`duration::MAX_CHARS`] characters), which `set` reads and checks against its bounds;
/// a switch as a boolean; a language as a choice, each named in its own language. The bot checks
/// every value against these (see `discord::options`). Its texts are applied by `localize`.
fn option(setting: &Setting, target: TypeSetter) -> poise::CommandParameter<Data, Error> {
    let type_setter: TypeSetter = match setting.kind {
        Kind::Target => target,
        Kind::Duration(_) => |option| {
            option
                .kind(serenity::CommandOptionType::String)
                .min_length(1)
                .max_length(duration::MAX_CHARS as u16)
        },
        Kind::Switch => |option| option.kind(serenity::CommandOptionType::Boolean),
        Kind::Language => |option| option.kind(serenity::CommandOptionType::Integer),
    };
    let choices = match setting.kind {
        Kind::Language => Lang::ALL
            .iter()
            .map(|lang| choice(lang.t("language-name")))
            .collect(),
        _ => Vec::new(),
    };
    parameter(setting.name, false, choices, type_setter)
}

/// `config reset`'s option: every setting by name, between `all` and `channels`.
fn reset_option() -> poise::CommandParameter<Data, Error> {
    let names = std::iter::once(ALL_CHOICE)
        .chain(SETTINGS.iter().map(|s| s.name))
        .chain([CHANNELS_CHOICE]);
    let choices = names.map(|name| choice(name.to_string())).collect();
    parameter(SETTING_OPTION, true, choices, |option| {
        option.kind(serenity::CommandOptionType::Integer)
    })
}

fn choice(name: String) -> poise::CommandParameterChoice {
    poise::CommandParameterChoice {
        name: name.into(),
        localizations: Cow::Owned(Vec::new()),
        __non_exhaustive: (),
    }
}

fn parameter(
    name: &'static str,
    required: bool,
    choices: Vec<poise::CommandParameterChoice>,
    type_setter: fn(serenity::CreateCommandOption) -> serenity::CreateCommandOption,
) -> poise::CommandParameter<Data, Error> {
    poise::CommandParameter {
        name: name.into(),
        name_localizations: Cow::Owned(Vec::new()),
        description: None,
        description_localizations: Cow::Owned(Vec::new()),
        required,
        channel_types: None,
        choices: Cow::Owned(choices),
        type_setter: Some(type_setter),
        autocomplete_callback: None,
        __non_exhaustive: (),
    }
}

/// The options the command was given.
fn args<'a>(ctx: Context<'a>) -> &'a [serenity::ResolvedOption<'a>] {
    match ctx {
        poise::Context::Application(app) => app.args,
        poise::Context::Prefix(_) => &[],
    }
}

/// Show the server's settings.
#[poise::command(slash_command)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(guild) = settings_guild(ctx, lang).await? else {
        return Ok(());
    };
    let view = match ctx.data().store.guild_settings(guild.into()).await {
        Ok(settings) => settings_view(ctx, &settings, None, lang),
        Err(e) => {
            error!(error = %e, "could not read the server's settings");
            render::notice(Notice::Failed, lang)
        }
    };
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}

// Its options: one for each setting (see `config_group`), every value checked against its
// registration before this runs (see `discord::options`).
/// Change the server's settings for the games started from now on.
#[poise::command(slash_command)]
async fn set(ctx: Context<'_>) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let mut values = Vec::new();
    for arg in args(ctx) {
        let Some(setting) = settings::named(arg.name) else {
            continue;
        };
        let value = match (setting.kind, &arg.value) {
            (Kind::Target, ResolvedValue::Integer(n)) => u64::try_from(*n).ok().map(Value::Number),
            (Kind::Switch, ResolvedValue::Boolean(on)) => Some(Value::Switch(*on)),
            (Kind::Language, ResolvedValue::Integer(n)) => usize::try_from(*n)
                .ok()
                .and_then(|i| Lang::ALL.get(i))
                .map(|&lang| Value::Language(lang)),
            // Read and checked against the bounds their refusal quotes examples of.
            (Kind::Duration(bounds), ResolvedValue::String(text)) => match bounds.read(text) {
                Some(d) => setting.of_duration(d),
                None => return refuse_duration(ctx, setting.name, bounds, text, lang).await,
            },
            _ => None,
        };
        match value {
            Some(value) => values.push((*setting, value)),
            None => {
                reply_of(ctx)
                    .ephemeral(render::notice(Notice::BadOptions, lang))
                    .await?;
                return Ok(());
            }
        }
    }
    change_settings(ctx, SettingsChange::Set(values)).await
}

/// Answers that the option `name` takes a duration within `bounds`, not `given`, and changes
/// nothing.
async fn refuse_duration(
    ctx: Context<'_>,
    name: &str,
    bounds: duration::Bounds,
    given: &str,
    lang: Lang,
) -> Result<(), Error> {
    let option = ctx
        .command()
        .parameters
        .iter()
        .find(|p| p.name == name)
        .map_or_else(|| name.to_string(), |p| shown_option(p, lang));
    let notice = Notice::BadOption {
        option,
        takes: Takes::Duration(bounds),
        given: Some(given.to_string()),
    };
    reply_of(ctx)
        .ephemeral(render::notice(notice, lang))
        .await?;
    Ok(())
}

// Its option: `reset_option`.
/// Put a setting of the server back to the bot's default.
#[poise::command(slash_command)]
async fn reset(ctx: Context<'_>) -> Result<(), Error> {
    let chosen = args(ctx).iter().find_map(|arg| match arg.value {
        ResolvedValue::Integer(n) if arg.name == SETTING_OPTION => usize::try_from(n).ok(),
        _ => None,
    });
    let change = match chosen {
        Some(0) => SettingsChange::ResetAll,
        Some(i) if i <= SETTINGS.len() => SettingsChange::Reset(SETTINGS[i - 1]),
        Some(i) if i == SETTINGS.len() + 1 => SettingsChange::ResetChannels,
        // Checked against the registered choices before this runs (`discord::options`).
        _ => {
            let lang = user_lang(ctx);
            reply_of(ctx)
                .ephemeral(render::notice(Notice::BadOptions, lang))
                .await?;
            return Ok(());
        }
    };
    change_settings(ctx, change).await
}

/// Let games start in a channel (once one is listed, only in the listed ones).
#[poise::command(slash_command, rename = "add-channel")]
async fn add_channel(
    ctx: Context<'_>,
    #[channel_types("Text")] channel: serenity::PartialChannel,
) -> Result<(), Error> {
    change_settings(ctx, SettingsChange::AddChannel(channel.id.into())).await
}

/// Take a channel off the list where games may start.
#[poise::command(slash_command, rename = "remove-channel")]
async fn remove_channel(
    ctx: Context<'_>,
    #[channel_types("Text")] channel: serenity::PartialChannel,
) -> Result<(), Error> {
    change_settings(ctx, SettingsChange::RemoveChannel(channel.id.into())).await
}

/// Whether the one who ran the command may change the server's settings: Manage Server (or
/// Administrator), from their permissions as the interaction gives them.
fn may_manage(ctx: Context<'_>) -> bool {
    let permissions = match ctx {
        poise::Context::Application(app) => {
            app.interaction.member.as_ref().and_then(|m| m.permissions)
        }
        poise::Context::Prefix(_) => None,
    };
    permissions.is_some_and(|p| p.bits() & (MANAGE_GUILD | ADMINISTRATOR) != 0)
}

/// The server whose settings a `config` command is about; `None`, said to the asker, where there
/// are none: a DM, a group DM, or a server where only people installed the app (games there
/// use the defaults).
async fn settings_guild(ctx: Context<'_>, lang: Lang) -> Result<Option<serenity::GuildId>, Error> {
    let place = crate::discord::place(ctx);
    if place.reach.answers_only() {
        let view = render::notice(Notice::NoSettingsHere, lang);
        reply_of(ctx).ephemeral(view).await?;
        return Ok(None);
    }
    Ok(Some(place.guild_id.into()))
}

/// Applies `change` to the server's settings if the asker may, and answers privately with the
/// settings as they then are (or why not).
async fn change_settings(ctx: Context<'_>, change: SettingsChange) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let Some(guild) = settings_guild(ctx, lang).await? else {
        return Ok(());
    };
    let user = ctx.author().id.get();
    if !may_manage(ctx) {
        info!(
            guild = %guild.get(),
            user, "config: refused, without Manage Server"
        );
        reply_of(ctx)
            .ephemeral(render::notice(Notice::ManageServerOnly, lang))
            .await?;
        return Ok(());
    }
    if change == SettingsChange::Set(Vec::new()) {
        reply_of(ctx)
            .ephemeral(render::notice(
                Notice::NothingToSet(option_names(ctx, lang)),
                lang,
            ))
            .await?;
        return Ok(());
    }
    let store = &ctx.data().store;
    if let SettingsChange::AddChannel(channel) = change {
        match store.guild_settings(guild.into()).await {
            Ok(s) if s.channels.len() >= MAX_CHANNELS && !s.channels.contains(&channel) => {
                reply_of(ctx)
                    .ephemeral(render::notice(Notice::TooManyChannels(MAX_CHANNELS), lang))
                    .await?;
                return Ok(());
            }
            Ok(_) => {}
            Err(e) => {
                error!(error = %e, "could not read the server's settings");
                reply_of(ctx)
                    .ephemeral(render::notice(Notice::NotSaved, lang))
                    .await?;
                return Ok(());
            }
        }
    }
    let view = match store.change_guild_settings(guild.into(), &change).await {
        Ok(settings) => {
            info!(
                guild = %guild.get(),
                user,
                ?change,
                "config: the server's settings changed"
            );
            let saved = lang.t("settings-saved");
            settings_view(ctx, &settings, Some(&saved), lang)
        }
        Err(e) => {
            error!(error = %e, "could not change the server's settings");
            render::notice(Notice::NotSaved, lang)
        }
    };
    reply_of(ctx).ephemeral(view).await?;
    Ok(())
}

/// The server's `settings` as `show` shows them, over the config file's defaults.
fn settings_view(
    ctx: Context<'_>,
    settings: &GuildSettings,
    intro: Option<&str>,
    lang: Lang,
) -> render::MessageView {
    let config = ctx.data().tables.config();
    let target_game = ctx
        .parent_commands()
        .iter()
        .find_map(|c| c.custom_data.downcast_ref::<TargetGame>().copied());
    let shown = SETTINGS
        .iter()
        .filter(|s| s.kind != Kind::Target || target_game.is_some())
        .map(|&setting| {
            let here = settings.get(&setting);
            Shown {
                setting,
                value: here.or_else(|| default_of(&setting, config)),
                set_here: here.is_some(),
            }
        })
        .collect();
    let view = SettingsView {
        settings: shown,
        target_game: target_game.map_or_else(String::new, |TargetGame(command)| {
            lang.t(&format!("game-{command}"))
        }),
        channels: settings.channels.clone(),
        command: config_command(ctx, lang),
    };
    render::settings::settings(&view, intro, lang)
}

/// A setting's default where the server set none: its declared value, or the config file's
/// (its `[game]` value, as the bot runs), or none (the server's own language).
fn default_of(setting: &Setting, config: &TableConfig) -> Option<Value> {
    match setting.default {
        settings::DefaultValue::Fixed(value) => Some(value),
        settings::DefaultValue::ServerLanguage => None,
        settings::DefaultValue::Config(value) => match value {
            ConfigDefault::DefaultTarget => Some(Value::Number(config.default_target.into())),
            ConfigDefault::TurnTimeout => setting.of_duration(config.turn_timeout),
            ConfigDefault::BotPace => setting.of_duration(config.bot_pace),
        },
    }
}

/// `/{game} config` as the person's client shows it.
fn config_command(ctx: Context<'_>, lang: Lang) -> String {
    let names: Vec<String> = ctx
        .parent_commands()
        .iter()
        .map(|command| super::shown_name(command, lang))
        .collect();
    format!("/{}", names.join(" "))
}

/// The names of the running subcommand's options as the asker's client shows them (`config set`
/// has no `target` where no game takes it from the server).
fn option_names(ctx: Context<'_>, lang: Lang) -> Vec<String> {
    ctx.command()
        .parameters
        .iter()
        .map(|p| format!("**{}**", shown_option(p, lang)))
        .collect()
}

/// An option's name as the person's client shows it.
fn shown_option(
    param: &poise::CommandParameter<crate::discord::Data, Error>,
    lang: Lang,
) -> String {
    param
        .name_localizations
        .iter()
        .find(|(locale, _)| locale == lang.code())
        .map_or_else(|| param.name.to_string(), |(_, n)| n.to_string())
}
