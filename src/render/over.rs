//! The winners' announcement at the end of a game, the same for every game.

use crate::i18n::Lang;
use crate::tr;

use super::game_text;
use super::seat::{mention, name, who, Seated};
use super::view::{colour, list, place, ButtonStyle, ButtonView, EmbedView, MessageView};
use crate::engine::table::{Game, Phase, Rules};
use crate::engine::{Intent, MoveText};
use fluent_bundle::FluentArgs;

/// The winners of a finished game: each one's name (as the embed shows it) and mention (as the
/// content addresses them), and the winning total; no winners when nobody was left to win.
pub struct Winners {
    pub names: Vec<String>,
    pub mentions: Vec<String>,
    pub points: u32,
}

impl Winners {
    /// The seats `winners` of `seats`, with the winning total.
    pub fn of(seats: &[impl Seated], winners: &[usize], points: u32) -> Winners {
        Winners {
            names: winners
                .iter()
                .map(|&i| format!("**{}**", name(&seats[i])))
                .collect(),
            mentions: winners.iter().map(|&i| mention(&seats[i])).collect(),
            points,
        }
    }
}

/// The message content that announces the winners of the game `R` (its `over-winner` for one
/// winner, or a shared win; its `over-content` when there are none: [`game_text`]) and the
/// embed's headline with their points.
pub fn announce<R: Rules>(winners: &Winners, lang: Lang) -> (String, String) {
    let Winners {
        names,
        mentions,
        points,
    } = winners;
    let and = tr!(lang, "and");
    match (names.as_slice(), mentions.as_slice()) {
        ([], _) | (_, []) => (
            game_text::<R>("over-content", FluentArgs::new(), lang),
            tr!(lang, "over-nobody"),
        ),
        ([name], [mention]) => {
            let mut args = FluentArgs::new();
            args.set("who", mention.as_str());
            (
                game_text::<R>("over-winner", args, lang),
                tr!(lang, "over-winner", who = name.as_str(), points = *points),
            )
        }
        _ => (
            tr!(lang, "over-shared", who = list(mentions, &and)),
            tr!(
                lang,
                "over-shared-points",
                who = list(names, &and),
                points = *points
            ),
        ),
    }
}

/// The finished game's buttons: a rematch, with the same seats and options, and, for a game
/// that `reviews` (its `Hosted::REVIEWS`), a review of the clicker's play (privately).
pub fn buttons(reviews: bool, lang: Lang) -> Vec<ButtonView> {
    let mut buttons = vec![ButtonView::new(
        &tr!(lang, "button-rematch"),
        ButtonStyle::Primary,
        Intent::<MoveText>::Rematch,
    )];
    if reviews {
        buttons.push(ButtonView::new(
            &tr!(lang, "button-review"),
            ButtonStyle::Secondary,
            Intent::<MoveText>::Review,
        ));
    }
    buttons
}

/// The seats still playing ranked as the game ranks them ([`Game::standings`]: by total unless
/// it breaks ties; equal seats share a rank; winners get a trophy), then the seats that left: the
/// end of a game whose seats are ranked by their totals.
pub fn standings<R: Rules>(game: &Game<R>, winners: &[usize], lang: Lang) -> String {
    let mut lines = Vec::new();
    for (i, rank) in game.standings() {
        let trophy = if winners.contains(&i) { " 🏆" } else { "" };
        lines.push(format!(
            "{} {} · **{}**{trophy}",
            place(rank as u64),
            who(&game.seats[i]),
            game.total(i)
        ));
    }
    for (i, seat) in game.seats.iter().enumerate() {
        if !seat.is_playing() {
            lines.push(tr!(
                lang,
                "score-left",
                name = who(seat),
                total = game.total(i)
            ));
        }
    }
    lines.join("\n")
}

/// The end of a game ranked by totals ([`standings`]), as its own message: the winners with
/// Rematch, Review if the game `reviews`, and `footer`, or where a cancelled game stood
/// (`started`: whether it got past its lobby). `None` while the game is not over. Its texts are
/// the shared ones ([`game_text`]) unless the game has its own.
pub fn game_over<R: Rules>(
    game: &Game<R>,
    started: bool,
    (footer, reviews): (&str, bool),
    lang: Lang,
) -> Option<MessageView> {
    let text = |part| game_text::<R>(part, FluentArgs::new(), lang);
    Some(match &game.phase {
        Phase::Finished { winners } => {
            let points = winners.first().map_or(0, |&i| game.total(i));
            let announced = Winners::of(&game.seats, winners, points);
            let (content, headline) = announce::<R>(&announced, lang);
            let mut embed = EmbedView::new(&text("over-title"), colour::WINNER)
                .description(&format!("{headline}\n\n{}", standings(game, winners, lang)));
            if !footer.is_empty() {
                embed = embed.footer(footer);
            }
            MessageView::new(&content)
                .embed(embed)
                .row(buttons(reviews, lang))
        }
        Phase::Cancelled => {
            let description = if started {
                format!(
                    "{}\n\n{}",
                    tr!(lang, "cancelled-standing"),
                    standings(game, &[], lang)
                )
            } else {
                tr!(lang, "cancelled-before-start")
            };
            MessageView::new(&text("cancelled-content")).embed(
                EmbedView::new(&text("cancelled-title"), colour::NOTHING).description(&description),
            )
        }
        Phase::Lobby | Phase::Playing { .. } => return None,
    })
}
