//! The open table's lobby, the same for both games: who sits where (the host marked), how many
//! more may join, and the Join / Leave / Add bot / Start / Cancel buttons.

use crate::i18n::Lang;
use crate::tr;

use super::view::{colour, ButtonStyle, ButtonView, EmbedView, MessageView};
use crate::engine::{Intent, MoveText};

/// The lobby's buttons are the table's, whichever the game.
type AnyIntent = Intent<MoveText>;

/// What differs between the games' lobbies.
pub(crate) struct OpenTable {
    pub title: String,
    /// The first line of the description (the target, the rounds, ...).
    pub about: String,
    pub content: String,
    pub footer: String,
    /// The status line while fewer than `min` seats are taken.
    pub waiting: String,
    pub min: usize,
    pub max: usize,
    /// Each seat's shown name, and whether it is the host's.
    pub seats: Vec<(String, bool)>,
}

pub(crate) fn open_table(table: OpenTable, lang: Lang) -> MessageView {
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
        .description(&format!("{}\n{status}", table.about))
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
