//! The answer to **Odds**: what each box the roll may fill is worth, and the best hold and roll
//! on, as the bot seats play.

use crate::engine::Player;
use crate::games::getdickey::bot::Odds;
use crate::games::getdickey::Game;
use crate::i18n::Lang;
use crate::render::dice::faces;
use crate::render::seat::name;
use crate::render::view::{colour, EmbedView, MessageView};
use crate::tr;

use super::card_name;
use super::turn::roll_button;

/// The answer to **Odds**, privately to whoever clicked (`asker`), in `lang` (theirs): for the
/// roll on the table, what each box it may fill now is worth and what the best hold and roll on
/// is, the best marked, as the bot seats play from then on: the expected final score of the card
/// alone, the chance of winning against other cards. It speaks to the player on turn as "you" and
/// of them by name to anyone else. Boxes and Roll are named as the table's message shows them
/// (in `table_lang`).
pub fn odds(game: &Game, odds: &Odds, asker: Player, lang: Lang, table_lang: Lang) -> MessageView {
    let Ok(turn) = game.turn() else {
        return crate::render::notice(crate::render::Notice::NoTurn, lang);
    };
    let player = name(&game.seats[turn.seat]);
    let whose = crate::render::seat::whose(&game.seats[turn.seat], asker);
    let worth = |value: f64| {
        if odds.to_win {
            crate::render::view::to_win(value, lang)
        } else {
            tr!(
                lang,
                "odds-expected",
                points = crate::render::view::decimal(&format!("{value:.1}"), lang)
            )
        }
    };
    let mut lines = Vec::new();
    for (i, (category, points, value)) in odds.boxes.iter().enumerate() {
        let star = if odds.best == Some(i) { " ⭐" } else { "" };
        lines.push(format!(
            "**{}** ({points}) · {}{star}",
            card_name(*category, table_lang),
            worth(*value)
        ));
    }
    let roll = roll_button(turn, table_lang).label;
    let intro = if odds.to_win {
        "gd-odds-intro-win"
    } else {
        "gd-odds-intro"
    };
    let mut embed = EmbedView::new(
        &tr!(
            lang,
            "gd-odds-title",
            name = player.as_str(),
            round = turn.round
        ),
        colour::INFO,
    )
    .description(&format!("{}\n{}", lang.t(intro), lines.join("\n")));
    if let Some((keep, value)) = &odds.roll_on {
        let star = if odds.best.is_none() { " ⭐" } else { "" };
        let held = if keep.is_empty() {
            lang.t("gd-odds-hold-nothing")
        } else {
            tr!(lang, "gd-odds-hold", dice = faces(keep))
        };
        embed = embed.field(&roll, &format!("{held} · {}{star}", worth(*value)), false);
    }
    let best = match (odds.best, &odds.roll_on) {
        (Some(i), _) => tr!(
            lang,
            "gd-odds-best-score",
            box_name = card_name(odds.boxes[i].0, table_lang),
            asker = whose,
            name = player.as_str()
        ),
        (None, Some((keep, _))) if !keep.is_empty() => tr!(
            lang,
            "gd-odds-best-hold",
            dice = faces(keep),
            asker = whose,
            name = player.as_str()
        ),
        (None, _) => tr!(
            lang,
            "gd-odds-best-roll",
            asker = whose,
            name = player.as_str()
        ),
    };
    let footer = match (odds.to_win, odds.hopeless) {
        (true, _) => "gd-odds-footer-win",
        (false, true) => "gd-odds-footer-hopeless",
        (false, false) => "gd-odds-footer",
    };
    let embed = embed
        .field(&lang.t("odds-best"), &best, false)
        .footer(&lang.t(footer));
    MessageView::new("").embed(embed)
}
