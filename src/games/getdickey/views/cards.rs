//! The scorecards: game over and `/getdickey scores` (every card, ranked at the end), the turn
//! message's scoreboard, and a card as a code block.

use crate::games::getdickey::{
    Category, Game, GetDickey, Phase, Scorecard, ROUNDS, UPPER_BONUS_AT,
};
use crate::host::Hosted;
use crate::i18n::Lang;
use crate::render::game_text;
use crate::render::over::{self, Winners};
use crate::render::seat::who;
use crate::render::view::{colour, place, EmbedView, MessageView};
use crate::tr;
use fluent_bundle::FluentArgs;

use super::card_name;

/// The end of the game: the winner (or the winners sharing the win, G7; a solitaire game's
/// score) and every final scorecard, ranked; or a cancelled game with the totals as they stood.
/// No components. Before the end it is [`scores`].
pub fn game_over(game: &Game, lang: Lang) -> MessageView {
    let text = |part| game_text::<GetDickey>(part, FluentArgs::new(), lang);
    match &game.phase {
        Phase::Finished { winners } => {
            let points = winners.first().map_or(0, |&i| game.seats[i].total());
            let announced = Winners::of(&game.seats, winners, points);
            let (content, headline) = if game.seats.len() == 1 && !winners.is_empty() {
                // Solitaire: a score, not a win.
                let points = announced.points;
                (
                    tr!(
                        lang,
                        "gd-over-solo",
                        who = announced.mentions[0].as_str(),
                        points = points
                    ),
                    tr!(
                        lang,
                        "gd-over-solo-scored",
                        who = announced.names[0].as_str(),
                        points = points
                    ),
                )
            } else {
                over::announce::<GetDickey>(&announced, lang)
            };
            let embed = ranked_cards(
                game,
                winners,
                EmbedView::new(&text("over-title"), colour::WINNER).description(&headline),
                lang,
            )
            .footer(&tr!(lang, "gd-rounds-played", rounds = ROUNDS));
            MessageView::new(&content)
                .embed(embed)
                .row(over::buttons(GetDickey::REVIEWS, lang))
        }
        Phase::Cancelled => {
            let description = if game.last_turn.is_none() {
                tr!(lang, "gd-cancelled-before-turn")
            } else {
                format!(
                    "{}\n\n{}",
                    tr!(lang, "gd-cancelled-standing"),
                    totals(game, lang)
                )
            };
            MessageView::new(&text("cancelled-content")).embed(
                EmbedView::new(&text("cancelled-title"), colour::NOTHING).description(&description),
            )
        }
        Phase::Lobby | Phase::Playing { .. } => scores(game, lang),
    }
}

/// Every seat's scorecard in seating order, the seat on turn marked (for `/getdickey scores`);
/// it needs no components, so it can be ephemeral.
pub fn scores(game: &Game, lang: Lang) -> MessageView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let title = match game.round() {
        Some(round) => tr!(lang, "gd-scorecards-round", round = round, rounds = ROUNDS),
        None => tr!(lang, "gd-scorecards"),
    };
    let embed = game.seats.iter().enumerate().fold(
        EmbedView::new(&title, colour::INFO),
        |embed, (i, seat)| {
            let mark = if !seat.is_playing() {
                "🚪 "
            } else if on_turn == Some(i) {
                "🎲 "
            } else {
                ""
            };
            let name = if seat.is_playing() {
                format!("{mark}{} · {}", who(seat), seat.total())
            } else {
                format!(
                    "{mark}{}",
                    tr!(lang, "gd-seat-left", name = who(seat), total = seat.total())
                )
            };
            embed.field(&name, &card_block(&seat.card, lang), false)
        },
    );
    MessageView::new("").embed(embed.footer(&tr!(lang, "gd-footer", rounds = ROUNDS)))
}

/// The turn message's scoreboard: one line per seat in seating order, the seat on turn marked,
/// seats that left struck out.
pub(super) fn scoreboard(game: &Game, lang: Lang) -> EmbedView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let lines: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let detail = format!("({})", seat_detail(&seat.card, lang));
            if !seat.is_playing() {
                tr!(lang, "score-left", name = who(seat), total = seat.total())
            } else if on_turn == Some(i) {
                format!("🎲 **{}** · **{}** {detail}", who(seat), seat.total())
            } else {
                format!("• {} · {} {detail}", who(seat), seat.total())
            }
        })
        .collect();
    EmbedView::new(&tr!(lang, "scores-title"), colour::INFO)
        .description(&lines.join("\n"))
        .footer(&tr!(lang, "gd-footer", rounds = ROUNDS))
}

/// "upper 48/63 · lower 120 · Dickey +100" (the upper bonus and the Dickey bonus when earned).
fn seat_detail(card: &Scorecard, lang: Lang) -> String {
    let mut parts = vec![
        upper_progress(card, lang),
        tr!(lang, "gd-lower", total = card.lower_total()),
    ];
    if card.dickey_bonus() > 0 {
        parts.push(format!("Dickey +{}", card.dickey_bonus()));
    }
    parts.join(" · ")
}

/// "upper 48/63", or "upper 70 +35" once the bonus is earned (G3).
pub(super) fn upper_progress(card: &Scorecard, lang: Lang) -> String {
    let upper = card.upper_subtotal();
    if card.upper_bonus() > 0 {
        tr!(
            lang,
            "gd-upper-earned",
            upper = upper,
            bonus = card.upper_bonus()
        )
    } else {
        tr!(
            lang,
            "gd-upper-progress",
            upper = upper,
            at = UPPER_BONUS_AT
        )
    }
}

/// The seats still playing as the rules rank them (equal totals share a rank, G7:
/// [`crate::engine::table::Game::standings`]), then those that left.
fn ranking(game: &Game) -> Vec<(Option<usize>, usize)> {
    let mut ranked: Vec<(Option<usize>, usize)> = game
        .standings()
        .into_iter()
        .map(|(seat, rank)| (Some(rank), seat))
        .collect();
    ranked.extend(
        (0..game.seats.len())
            .filter(|&i| !game.seats[i].is_playing())
            .map(|i| (None, i)),
    );
    ranked
}

/// One field per seat, ranked, with its final scorecard; winners get a trophy.
fn ranked_cards(game: &Game, winners: &[usize], embed: EmbedView, lang: Lang) -> EmbedView {
    ranking(game).into_iter().fold(embed, |embed, (rank, i)| {
        let seat = &game.seats[i];
        let trophy = if winners.contains(&i) { " 🏆" } else { "" };
        let name = match rank {
            Some(rank) => format!(
                "{} {} · {}{trophy}",
                medal(rank as u64),
                who(seat),
                seat.total()
            ),
            None => tr!(lang, "gd-seat-left", name = who(seat), total = seat.total()),
        };
        embed.field(&name, &card_block(&seat.card, lang), false)
    })
}

/// The totals ranked, one line per seat (a cancelled game).
fn totals(game: &Game, lang: Lang) -> String {
    let lines: Vec<String> = ranking(game)
        .into_iter()
        .map(|(rank, i)| {
            let seat = &game.seats[i];
            match rank {
                Some(rank) => format!(
                    "{} {} · **{}** ({})",
                    place(rank as u64),
                    who(seat),
                    seat.total(),
                    seat_detail(&seat.card, lang)
                ),
                None => tr!(lang, "score-left", name = who(seat), total = seat.total()),
            }
        })
        .collect();
    lines.join("\n")
}

/// A place as a field name shows it (no markdown there): a medal, then "4."
fn medal(rank: u64) -> String {
    match rank {
        1..=3 => place(rank),
        _ => format!("{rank}."),
    }
}

/// A scorecard as a code block of two columns (see the module's doc): upper boxes, the upper
/// subtotal toward 63 and the bonus on the left; lower boxes and the Dickey bonus on the right;
/// the total below. Open boxes show `·`.
pub(super) fn card_block(card: &Scorecard, lang: Lang) -> String {
    // Short labels, so that the card stays 32 characters wide in every language.
    let label = |c: Category| card_name(c, lang);
    let boxed = |c: Category| card.get(c).map_or("·".to_string(), |p| p.to_string());
    let upper_open = Category::UPPER.iter().any(|c| card.is_open(*c));
    let bonus = if card.upper_bonus() > 0 || !upper_open {
        card.upper_bonus().to_string()
    } else {
        "·".to_string()
    };
    let mut left: Vec<(String, String)> = Category::UPPER
        .iter()
        .map(|&c| (label(c), boxed(c)))
        .collect();
    left.push((
        lang.t("gd-card-upper"),
        format!("{}/{UPPER_BONUS_AT}", card.upper_subtotal()),
    ));
    left.push((lang.t("gd-card-bonus"), bonus));
    let mut right: Vec<(String, String)> = Category::ALL[6..]
        .iter()
        .map(|&c| (label(c), boxed(c)))
        .collect();
    right.push((
        lang.t("gd-card-dickey-bonus"),
        card.dickey_bonus().to_string(),
    ));
    let mut lines: Vec<String> = left
        .iter()
        .zip(&right)
        .map(|((l, lv), (r, rv))| format!("{l:<6}{lv:>5}  {r:<14}{rv:>5}"))
        .collect();
    lines.push(format!(
        "{:<27}{:>5}",
        lang.t("gd-card-total"),
        card.total()
    ));
    format!("```\n{}\n```", lines.join("\n"))
}
