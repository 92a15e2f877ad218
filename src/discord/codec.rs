//! custom_ids of the bot's buttons and menus. A game component names the game, the state version
//! it was shown on, and the action: `fgi:{game}:{version}:{action}` (the table knows the game's
//! kind). A leaderboard button names the board, the page and the language the board was posted in:
//! `lb:{kind}:{scope}:{by}:{page}:{lang}[:{period}]` (a page keeps the board's language, whoever
//! turns it; ids from before the language was named end at the page; a board of all time names
//! no period, as before periods). The buttons of a forget-me prompt name the person who asked and
//! the answer: `forget:{user}:yes` or `forget:{user}:no` (the router acts on them only for that
//! person, and only on such a prompt). A daily deal's button names the game, the deal's day, the
//! version it was shown at and the move: `day:{kind}:{day}:{version}:{action}` (the deal is the
//! clicker's own).
//! Anything else is an unknown button; so is a game component whose action the table's game does
//! not read (the codec does not know the game).

use poise::serenity_prelude as serenity;

use crate::discord::BotGame;
use crate::engine::{GameKind, Period, Ranking};
use crate::host::Games;
use crate::i18n::Lang;
use crate::ids::GameId;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Button {
    Game {
        game_id: GameId,
        version: u64,
        /// The intent's code (`roll`, `choose:3`, ...): read by the table, which knows the game.
        action: String,
    },
    Leaderboard {
        kind: GameKind,
        global: bool,
        by: Ranking,
        page: u32,
        /// The board's language; `None` in ids made before it was named.
        lang: Option<Lang>,
        /// The games it counts (in ids, only with a language).
        period: Period,
    },
    /// A forget-me prompt's answer: `confirm` (forget) or not (keep), for the person `user_id`.
    Forget {
        user_id: serenity::UserId,
        confirm: bool,
    },
    /// A daily deal's button: the game, the deal's day, the version it was shown at, and the
    /// move's code (or `share`). The deal is the clicker's own: the id names no person.
    Daily {
        kind: GameKind,
        day: i64,
        version: u64,
        action: String,
    },
}

pub fn encode(button: &Button) -> String {
    match button {
        Button::Game {
            game_id,
            version,
            action,
        } => format!("fgi:{game_id}:{version}:{action}"),
        Button::Leaderboard {
            kind,
            global,
            by,
            page,
            lang,
            period,
        } => {
            let scope = if *global { "global" } else { "server" };
            let id = format!("lb:{}:{scope}:{}:{page}", kind.code(), by.as_str());
            match (lang, period) {
                (Some(lang), Period::All) => format!("{id}:{}", lang.code()),
                (Some(lang), period) => format!("{id}:{}:{}", lang.code(), period.as_str()),
                (None, _) => id,
            }
        }
        Button::Forget { user_id, confirm } => {
            format!("forget:{user_id}:{}", if *confirm { "yes" } else { "no" })
        }
        Button::Daily {
            kind,
            day,
            version,
            action,
        } => format!("day:{}:{day}:{version}:{action}", kind.code()),
    }
}

/// The button whose custom id is `custom_id`, its game one of `games`.
pub fn decode(games: Games<dyn BotGame>, custom_id: &str) -> Option<Button> {
    let parts = match custom_id.split(':').next() {
        Some("lb") => 7,
        Some("day") => 5,
        _ => 4,
    };
    let mut parts = custom_id.splitn(parts, ':');
    match parts.next()? {
        "fgi" => Some(Button::Game {
            game_id: parts.next()?.parse().ok()?,
            version: parts.next()?.parse().ok()?,
            action: parts.next().filter(|a| !a.is_empty())?.to_string(),
        }),
        "lb" => {
            let kind = games.from_code(parts.next()?)?;
            let global = match parts.next()? {
                "global" => true,
                "server" => false,
                _ => return None,
            };
            let by = Ranking::parse(parts.next()?)?;
            let page = parts.next()?.parse().ok()?;
            let lang = match parts.next() {
                None => None,
                Some(code) => Some(Lang::from_code(code)?),
            };
            let period = match parts.next() {
                None => Period::All,
                // `all` is never written (a board of all time names no period).
                Some(name) => Period::parse(name).filter(|p| *p != Period::All)?,
            };
            Some(Button::Leaderboard {
                kind,
                global,
                by,
                page,
                lang,
                period,
            })
        }
        "day" => Some(Button::Daily {
            kind: games.from_code(parts.next()?)?,
            day: parts.next()?.parse().ok()?,
            version: parts.next()?.parse().ok()?,
            action: parts.next().filter(|a| !a.is_empty())?.to_string(),
        }),
        "forget" => {
            let user_id = parts.next()?.parse().ok().filter(|&id| id != 0);
            let user_id = serenity::UserId::new(user_id?);
            let confirm = match parts.next()? {
                "yes" => true,
                "no" => false,
                _ => return None,
            };
            match parts.next() {
                None => Some(Button::Forget { user_id, confirm }),
                Some(_) => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buttons_round_trip_and_fit_in_a_custom_id() {
        let buttons = [
            Button::Game {
                game_id: GameId::new(i64::MAX),
                version: u64::MAX,
                action: "choose:5".into(),
            },
            Button::Game {
                game_id: GameId::new(1),
                version: 7,
                action: "roll".into(),
            },
            Button::Leaderboard {
                kind: *crate::discord::built_in().kinds().last().expect("a game"),
                global: true,
                by: Ranking::Best,
                page: u32::MAX,
                lang: Some(Lang::Fr),
                period: Period::Month,
            },
            Button::Leaderboard {
                kind: <crate::games::forgetit::ForGetIt as crate::engine::table::Rules>::KIND,
                global: false,
                by: Ranking::Points,
                page: 3,
                lang: Some(Lang::EnUs),
                period: Period::Week,
            },
            Button::Leaderboard {
                kind: <crate::games::forgetit::ForGetIt as crate::engine::table::Rules>::KIND,
                global: false,
                by: Ranking::Wins,
                page: 2,
                lang: Some(Lang::EnUs),
                period: Period::All,
            },
            Button::Daily {
                kind: *crate::discord::built_in().kinds().last().expect("a game"),
                day: i64::MAX,
                version: u64::MAX,
                action: "choose:5".into(),
            },
            // Ids from before the language was named.
            Button::Leaderboard {
                kind: <crate::games::forgetit::ForGetIt as crate::engine::table::Rules>::KIND,
                global: true,
                by: Ranking::Points,
                page: 1,
                lang: None,
                period: Period::All,
            },
            Button::Forget {
                user_id: serenity::UserId::new(u64::MAX),
                confirm: true,
            },
            Button::Forget {
                user_id: serenity::UserId::new(1),
                confirm: false,
            },
        ];
        for button in buttons {
            let id = encode(&button);
            assert!(id.len() <= 100, "{id}");
            assert_eq!(decode(crate::discord::built_in(), &id), Some(button));
        }
    }

    #[test]
    fn unknown_custom_ids_decode_to_nothing() {
        for id in [
            "",
            "fgi",
            "fgi:1:2",
            "fgi:x:2:roll",
            "fgi:1:2:",
            "lb:mars:wins:1",
            "lb:fgi:mars:wins:1",
            "lb:server:wins:1",
            "lb:fgi:server:wins:1:en-US:all",
            "lb:fgi:server:wins:1:en-US:year",
            "lb:fgi:server:wins:1:en-US:week:x",
            "x:1",
            "forget",
            "forget:1",
            "forget:x:yes",
            "forget:0:yes",
            "forget:1:maybe",
            "forget:1:yes:",
            "forget:1:yes:2",
        ] {
            assert_eq!(decode(crate::discord::built_in(), id), None, "{id}");
        }
    }
}
