//! A table's lobby, the same for every game: who sits where (the host marked), how many
//! more may join, and the Join / Leave / Add bot / Start / Cancel buttons.

use crate::i18n::Lang;
use crate::tr;

use super::game_text;
use super::seat::{seated, who};
use super::view::{colour, ButtonStyle, ButtonView, EmbedView, MessageView};
use crate::engine::table::{Game, Phase, Rules};
use crate::engine::{Intent, MoveText};
use fluent_bundle::FluentArgs;

/// The lobby's buttons are the table's, whichever the game.
type AnyIntent = Intent<MoveText>;

/// What a game's lobby says of itself.
pub struct Opening {
    /// The first line of the description (the target, the rounds, ...).
    pub about: String,
    /// The status line while fewer than the fewest seats are taken.
    pub waiting: String,
    /// True once the table closed before its game began (cancelled, or unstarted in time).
    pub closed: bool,
}

/// The lobby message of a game, through its life: the open table with its buttons, the table
/// closed before the game began, or once it began, `started` (the game's own view of its start).
/// Its texts are the shared ones (`lobby-title`, `lobby-content`, `closed-title`,
/// `closed-description`: [`game_text`]) unless the game has its own.
pub fn lobby<R: Rules>(
    game: &Game<R>,
    opening: Opening,
    started: impl FnOnce() -> MessageView,
    lang: Lang,
) -> MessageView {
    let text = |part| game_text::<R>(part, FluentArgs::new(), lang);
    match game.phase {
        Phase::Lobby => open_table(
            OpenTable {
                title: text("lobby-title"),
                about: opening.about,
                content: text("lobby-content"),
                footer: tr!(lang, "lobby-footer"),
                waiting: opening.waiting,
                min: R::MIN_SEATS,
                max: R::MAX_SEATS,
                seats: seated(&game.seats, game.host),
            },
            lang,
        ),
        _ if opening.closed => MessageView::new("").embed(
            EmbedView::new(&text("closed-title"), colour::NOTHING)
                .description(&text("closed-description")),
        ),
        _ => started(),
    }
}

/// The lobby of a game that says nothing of its own (`Hosted::lobby_view`'s
/// default): its `{code}-lobby-about` line if its texts have one; the table closed once it is
/// cancelled before a turn ended; once started, [`started`] in seating order.
pub fn plain<R: Rules>(game: &Game<R>, lang: Lang) -> MessageView {
    let about = format!("{}-lobby-about", R::NAMES.code);
    let missing = R::MIN_SEATS - game.seats.len().min(R::MIN_SEATS);
    let opening = Opening {
        about: if lang.has(&about) {
            lang.t(&about)
        } else {
            String::new()
        },
        waiting: tr!(lang, "lobby-waiting", n = missing),
        closed: game.phase == Phase::Cancelled && game.last_turn.is_none(),
    };
    let order: Vec<usize> = (0..game.seats.len()).collect();
    lobby(
        game,
        opening,
        || started(game, &order, None, None, lang),
        lang,
    )
}

/// The lobby once the game started, from the shared texts (`started-title`,
/// `started-content`): `about` (a roll-off, the rounds...), if any, then the playing order
/// (`order`, the seats in the order they play), and `footer`, if any.
pub fn started<R: Rules>(
    game: &Game<R>,
    order: &[usize],
    about: Option<String>,
    footer: Option<String>,
    lang: Lang,
) -> MessageView {
    let text = |part| game_text::<R>(part, FluentArgs::new(), lang);
    let order: Vec<String> = (1..)
        .zip(order)
        .map(|(n, &seat)| format!("{n}. {}", who(&game.seats[seat])))
        .collect();
    let mut embed = EmbedView::new(&text("started-title"), colour::LOBBY);
    if let Some(about) = about {
        embed = embed.description(&about);
    }
    embed = embed.field(&tr!(lang, "playing-order"), &order.join("\n"), false);
    if let Some(footer) = footer {
        embed = embed.footer(&footer);
    }
    MessageView::new(&text("started-content")).embed(embed)
}

struct OpenTable {
    title: String,
    about: String,
    content: String,
    footer: String,
    waiting: String,
    min: usize,
    max: usize,
    /// Each seat's shown name, and whether it is the host's.
    seats: Vec<(String, bool)>,
}

fn open_table(table: OpenTable, lang: Lang) -> MessageView {
    let seated = table.seats.len();
    let full = seated >= table.max;
    let status = if seated < table.min {
        table.waiting
    } else if full {
        tr!(lang, "lobby-full")
    } else {
        tr!(lang, "lobby-ready", n = table.max - seated)
    };
    let seats: Vec<String> = table
        .seats
        .iter()
        .enumerate()
        .map(|(i, (name, host))| {
            if *host {
                tr!(lang, "lobby-seat-host", n = i + 1, name = name.as_str())
            } else {
                tr!(lang, "lobby-seat", n = i + 1, name = name.as_str())
            }
        })
        .collect();
    let embed = EmbedView::new(&table.title, colour::LOBBY)
        .description(&match table.about.is_empty() {
            true => status,
            false => format!("{}\n{status}", table.about),
        })
        .field(
            &tr!(lang, "lobby-players", seated = seated, max = table.max),
            &seats.join("\n"),
            false,
        )
        .footer(&table.footer);
    let button = |id: &str, style, action| ButtonView::new(&tr!(lang, id), style, action);
    MessageView::new(&table.content).embed(embed).row(vec![
        button("button-join", ButtonStyle::Success, AnyIntent::Join).disabled_if(full),
        button("button-leave", ButtonStyle::Secondary, AnyIntent::Leave),
        button("button-add-bot", ButtonStyle::Secondary, AnyIntent::AddBot).disabled_if(full),
        button("button-start", ButtonStyle::Primary, AnyIntent::Start)
            .disabled_if(seated < table.min),
        button("button-cancel", ButtonStyle::Danger, AnyIntent::Cancel),
    ])
}
