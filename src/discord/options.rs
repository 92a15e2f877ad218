//! A slash command's options, checked against what the bot registered for it before poise reads
//! them: every option must be one the command has, of the type it registered, within its
//! registered `min_value`/`max_value`, one of its choices, and every required one given. The
//! registration is read back from the command itself (`create_as_slash_command_option`), so a
//! limit is written once (where the command is built, see `commands::game_command`) and is both
//! what Discord shows and what the bot checks: the bot does not count on Discord enforcing it.

use poise::serenity_prelude as serenity;
use serde_json::Value;
use serenity::{ResolvedOption, ResolvedValue};

use super::{Data, Error};
use crate::i18n::Lang;
// Discord's integers are those JavaScript holds exactly.
use crate::render::notice::SAFE_INTEGER;
use crate::render::{Notice, Takes};

type Command = poise::Command<Data, Error>;
type Parameter = poise::CommandParameter<Data, Error>;

/// Discord's option types, as registered.
const STRING: u64 = 3;
const INTEGER: u64 = 4;
const BOOLEAN: u64 = 5;
const USER: u64 = 6;
const CHANNEL: u64 = 7;

/// Why `args`, given to `command`, are refused (in `lang`, the asker's); `Ok` when the command
/// may read them.
pub(super) fn check(
    command: &Command,
    args: &[ResolvedOption<'_>],
    lang: Lang,
) -> Result<(), Notice> {
    for (i, arg) in args.iter().enumerate() {
        let Some(param) = command.parameters.iter().find(|p| p.name == arg.name) else {
            return Err(Notice::UnknownOption(arg.name.to_string()));
        };
        if args[..i].iter().any(|a| a.name == arg.name) {
            // Given twice: which one was meant?
            return Err(Notice::BadOptions);
        }
        check_value(param, &arg.value, lang)?;
    }
    for param in &command.parameters {
        if param.required && !args.iter().any(|a| a.name == param.name) {
            return Err(Notice::MissingOption(shown_name(param, lang)));
        }
    }
    Ok(())
}

/// The option as the bot registered it (Discord's JSON of an application command option).
fn registered(param: &Parameter) -> Value {
    param
        .create_as_slash_command_option()
        .and_then(|option| serde_json::to_value(option).ok())
        .unwrap_or(Value::Null)
}

fn check_value(param: &Parameter, value: &ResolvedValue<'_>, lang: Lang) -> Result<(), Notice> {
    let registered = registered(param);
    let given = typed(value);
    let bad = |takes: Takes| {
        // A member or a channel is picked, not typed: its answer quotes nothing.
        let given = match takes {
            Takes::Member | Takes::Channel => None,
            _ => given.clone(),
        };
        Err(Notice::BadOption {
            option: shown_name(param, lang),
            takes,
            given,
        })
    };
    if let Some(choices) = registered["choices"].as_array().filter(|c| !c.is_empty()) {
        let chosen = |v: &Value| match value {
            ResolvedValue::Integer(n) => v.as_i64() == Some(*n),
            ResolvedValue::String(s) => v.as_str() == Some(*s),
            _ => false,
        };
        if choices.iter().any(|c| chosen(&c["value"])) {
            return Ok(());
        }
        return bad(Takes::OneOf(
            param.choices.iter().map(|c| choice_name(c, lang)).collect(),
        ));
    }
    match registered["type"].as_u64() {
        Some(INTEGER) => {
            let min = registered["min_value"]
                .as_f64()
                .map_or(-SAFE_INTEGER, |m| m.ceil() as i64);
            let max = registered["max_value"]
                .as_f64()
                .map_or(SAFE_INTEGER, |m| m.floor() as i64);
            match value {
                ResolvedValue::Integer(n) if (min..=max).contains(n) => Ok(()),
                _ => bad(Takes::Range { min, max }),
            }
        }
        // Text, within its registered length; what it must say, the command reads (a duration:
        // `commands::settings`).
        Some(STRING) => {
            let max = registered["max_length"].as_u64().unwrap_or(6000) as usize;
            match value {
                ResolvedValue::String(s) if s.chars().count() <= max => Ok(()),
                _ => bad(Takes::Other),
            }
        }
        Some(BOOLEAN) => match value {
            ResolvedValue::Boolean(_) => Ok(()),
            _ => bad(Takes::Other),
        },
        Some(USER) => match value {
            ResolvedValue::User(..) => Ok(()),
            _ => bad(Takes::Member),
        },
        // A channel of one of the types registered (the bot's are text channels).
        Some(CHANNEL) => match value {
            ResolvedValue::Channel(channel) => {
                let kind = u64::from(u8::from(channel.kind));
                let types = registered["channel_types"].as_array();
                if types.is_none_or(|t| t.is_empty() || t.iter().any(|k| k.as_u64() == Some(kind)))
                {
                    Ok(())
                } else {
                    bad(Takes::Channel)
                }
            }
            _ => bad(Takes::Channel),
        },
        // The bot registers no other kind of option; refuse what it could not read.
        _ => bad(Takes::Other),
    }
}

/// A value as the person typed it, for the answer to quote; `None` for one picked from a list
/// (a member, a channel, a role) rather than typed.
fn typed(value: &ResolvedValue<'_>) -> Option<String> {
    match value {
        ResolvedValue::String(s) => Some((*s).to_string()),
        ResolvedValue::Integer(n) => Some(n.to_string()),
        ResolvedValue::Number(x) => Some(x.to_string()),
        ResolvedValue::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

/// An option's name as the person's client shows it.
fn shown_name(param: &Parameter, lang: Lang) -> String {
    param
        .name_localizations
        .iter()
        .find(|(locale, _)| locale == lang.code())
        .map_or_else(|| param.name.to_string(), |(_, name)| name.to_string())
}

/// A choice's name as the person's client shows it.
fn choice_name(choice: &poise::CommandParameterChoice, lang: Lang) -> String {
    choice
        .localizations
        .iter()
        .find(|(locale, _)| locale == lang.code())
        .map_or_else(|| choice.name.to_string(), |(_, name)| name.to_string())
}
