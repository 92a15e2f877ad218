//! `config`: a server's settings for its games (`show`, `set`, `reset`, `add-channel`,
//! `remove-channel`), one subcommand group under the bot's command (`/forgetit config`). The settings are the
//! server's, shared by its games (the default target is for the games whose target takes it, see
//! `games::Target::server_default`); they are
//! read when a game starts (see `tables::NewGame`), so a change applies to the games started after
//! it. Anyone may `show` them; changing them takes Manage Server, checked here from the member's
//! permissions in the interaction (the registration's `default_member_permissions` only hides the
//! commands in Discord's menu, and is not counted on).

use poise::serenity_prelude as serenity;
use tracing::{error, info};

use super::table::{LanguageChoice, TARGET_OPTION};
use super::{reply_of, Command};
use crate::discord::{user_lang, Context, Error};
use crate::duration;
use crate::games::Target;
use crate::i18n::Lang;
use crate::render::settings::{SettingsView, Shown};
use crate::render::{self, Notice, Takes};
use crate::store::{GuildSettings, Setting, SettingsChange};
use crate::tables::Reply;

/// The option of `config set` that sets the time for each move: a duration (`5m`; a bare number
/// is seconds).
const TURN_TIMEOUT_OPTION: &str = "turn-timeout";
/// The option of `config set` that sets the bot seats' pace: a duration (`1.5s`; a bare number is
/// milliseconds).
const BOT_PACE_OPTION: &str = "bot-pace";
/// The most channels a server may list (their mentions must fit in a message).
pub const MAX_CHANNELS: usize = 25;
/// Discord's MANAGE_GUILD and ADMINISTRATOR permission bits.
const MANAGE_GUILD: u64 = 1 << 5;
const ADMINISTRATOR: u64 = 1 << 3;

/// The `config` group, under the bot's command: `set` has a `target` if a game takes its target
/// from the server (`server_target`, whose bounds it registers; its text names the game).
pub(super) fn config_group(server_target: Option<Target>) -> Command {
    let mut set = set();
    if server_target.is_none() {
        set.parameters.retain(|p| p.name != TARGET_OPTION);
    }
    set_limits(&mut set);
    let mut group = super::game();
    group.name = "config".into();
    group.identifying_name = "config".into();
    group.qualified_name = "config".into();
    group.subcommands = vec![show(), set, reset(), add_channel(), remove_channel()];
    group.subcommand_required = true;
    group
}

/// Registers `config set`'s options: the target's range as `start` takes it; the time for each
/// move and the pace as text (durations, at most [`duration::MAX_CHARS`] characters), which
/// `set` reads and checks against their bounds (`duration::TURN_TIMEOUT`, `duration::BOT_PACE`).
/// The bot checks every value against these (see `discord::options`).
fn set_limits(set: &mut Command) {
    for param in &mut set.parameters {
        param.type_setter = match &*param.name {
            TARGET_OPTION => Some(|option| {
                let target = crate::games::server_target();
                option
                    .kind(serenity::CommandOptionType::Integer)
                    .min_int_value(target.map_or(0, |t| u64::from(t.min)))
                    .max_int_value(target.map_or(0, |t| u64::from(t.max)))
            }),
            TURN_TIMEOUT_OPTION | BOT_PACE_OPTION => Some(|option| {
                option
                    .kind(serenity::CommandOptionType::String)
                    .min_length(1)
                    .max_length(duration::MAX_CHARS as u16)
            }),
            _ => param.type_setter,
        };
    }
}

/// Which setting `config reset` puts back to its default.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub(super) enum SettingChoice {
    #[name = "all"]
    All,
    #[name = "target"]
    Target,
    #[name = "turn timeout"]
    TurnTimeout,
    #[name = "bot pace"]
    BotPace,
    #[name = "language"]
    Language,
    #[name = "threads"]
    Threads,
    #[name = "channels"]
    Channels,
    #[name = "charts"]
    Charts,
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

/// Change the server's settings for the games started from now on.
#[poise::command(slash_command)]
async fn set(
    ctx: Context<'_>,
    // Their ranges are registered by `set_limits`, and every value checked against them before
    // this runs (`discord::options`).
    target: Option<i64>,
    #[rename = "turn-timeout"] turn_timeout: Option<String>,
    #[rename = "bot-pace"] bot_pace: Option<String>,
    language: Option<LanguageChoice>,
    threads: Option<bool>,
    charts: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    // Read and checked against the bounds their refusal quotes examples of (`duration::Bounds`).
    let turn_timeout = match turn_timeout.as_deref() {
        None => None,
        Some(text) => match duration::TURN_TIMEOUT.read(text) {
            Some(d) => Some(d.as_secs()),
            None => {
                let bounds = duration::TURN_TIMEOUT;
                return refuse_duration(ctx, TURN_TIMEOUT_OPTION, bounds, text, lang).await;
            }
        },
    };
    let bot_pace = match bot_pace.as_deref() {
        None => None,
        Some(text) => match duration::BOT_PACE.read(text) {
            Some(d) => Some(u64::try_from(d.as_millis())?),
            None => {
                let bounds = duration::BOT_PACE;
                return refuse_duration(ctx, BOT_PACE_OPTION, bounds, text, lang).await;
            }
        },
    };
    let change = SettingsChange::Set {
        default_target: target.map(u32::try_from).transpose()?,
        turn_timeout_secs: turn_timeout,
        bot_pace_ms: bot_pace,
        lang: language.map(Lang::from),
        threads,
        charts,
    };
    change_settings(ctx, change).await
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

/// Put a setting of the server back to the bot's default.
#[poise::command(slash_command)]
async fn reset(ctx: Context<'_>, setting: SettingChoice) -> Result<(), Error> {
    let change = match setting {
        SettingChoice::All => SettingsChange::ResetAll,
        SettingChoice::Target => SettingsChange::Reset(Setting::Target),
        SettingChoice::TurnTimeout => SettingsChange::Reset(Setting::TurnTimeout),
        SettingChoice::BotPace => SettingsChange::Reset(Setting::BotPace),
        SettingChoice::Language => SettingsChange::Reset(Setting::Language),
        SettingChoice::Threads => SettingsChange::Reset(Setting::Threads),
        SettingChoice::Charts => SettingsChange::Reset(Setting::Charts),
        SettingChoice::Channels => SettingsChange::Reset(Setting::Channels),
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
            guild = guild.get(),
            user, "config: refused, without Manage Server"
        );
        reply_of(ctx)
            .ephemeral(render::notice(Notice::ManageServerOnly, lang))
            .await?;
        return Ok(());
    }
    let nothing = SettingsChange::Set {
        default_target: None,
        turn_timeout_secs: None,
        bot_pace_ms: None,
        lang: None,
        threads: None,
        charts: None,
    };
    if change == nothing {
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
                guild = guild.get(),
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
    let view = SettingsView {
        target: Shown::of(settings.default_target, config.default_target),
        turn_timeout_secs: Shown::of(settings.turn_timeout_secs, config.turn_timeout.as_secs()),
        bot_pace_ms: Shown::of(
            settings.bot_pace_ms,
            config.bot_pace.as_millis().try_into().unwrap_or(u64::MAX),
        ),
        lang: settings.lang,
        threads: settings.threads.unwrap_or(false),
        threads_set: settings.threads.is_some(),
        charts: settings.charts.unwrap_or(true),
        charts_set: settings.charts.is_some(),
        channels: settings.channels.clone(),
        command: config_command(ctx, lang),
    };
    render::settings::settings(&view, intro, lang)
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
/// has no `target` under a game without one).
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
