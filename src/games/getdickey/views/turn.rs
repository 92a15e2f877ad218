//! The *Get Dickey* turn: the message of the turn in progress (the dice, the hold toggles, Roll,
//! the "Score in…" menu, the card of the seat on turn) and the two lines it becomes once the turn
//! has ended.

use crate::engine::{Intent, Player};
use crate::games::getdickey::{
    five_alike, Game, Move, Phase, ScoreOption, Seat, Turn, TurnEnd, TurnResult, DICE,
    DICKEY_POINTS, MAX_ROLLS, ROUNDS, TIMEOUTS_BEFORE_LEAVING, UPPER_BONUS, UPPER_BONUS_AT,
};
use crate::i18n::Lang;
use crate::render::dice::DiceStyle;
use crate::render::seat::{mention, name, who};
use crate::render::view::{
    colour, ButtonStyle, ButtonView, CustomEmoji, EmbedView, MessageView, SelectView, UiAction,
};
use crate::tr;

use super::cards::{card_block, game_over, scoreboard, upper_progress};
use super::{card_name, category_name};

/// The message of the turn in progress: who is on turn, the dice (held ones marked), the rolls
/// left, the player's scorecard and every seat's totals. A person's turn has five hold toggles
/// (the die's face; held ones primary and locked), Roll (with the rolls left) and, once rolled,
/// the "Score in…" menu of the boxes the roll may fill with what each would score now. A bot
/// seat's turn has no components, since nobody may use them. With no turn in progress it is
/// [`game_over`]: where the game stands, without components (not even Rematch: the game's end is posted
/// on its own, with it).
pub fn turn(game: &Game, style: &DiceStyle, lang: Lang) -> MessageView {
    let Phase::Playing { turn } = &game.phase else {
        // The game's end is posted on its own, with its Rematch and Review buttons.
        return MessageView {
            rows: Vec::new(),
            ..game_over(game, lang)
        };
    };
    let seat = &game.seats[turn.seat];
    let content = match seat.player {
        Player::Person(_) => tr!(
            lang,
            "gd-turn-yours",
            who = mention(seat),
            round = turn.round,
            rounds = ROUNDS
        ),
        Player::Bot(_) => tr!(lang, "turn-bot", who = mention(seat)),
    };
    let content = match game.last_round_need() {
        Some(need) => format!("{content}\n{}", need_line(seat, need, lang)),
        None => content,
    };
    let colour = if turn.must_score() {
        colour::DANGER
    } else {
        colour::PLAYING
    };
    let mut embed = turn_title(game, turn, colour, lang).description(&prompt(seat, turn, lang));
    if let Some(hand) = &turn.dice {
        embed = embed.field(
            &tr!(lang, "gd-roll-of", n = turn.rolls, max = MAX_ROLLS),
            &style.six_dice(hand, &turn.held),
            false,
        );
    }
    let embed = embed.field(
        &tr!(lang, "gd-scorecard", name = who(seat)),
        &card_block(&seat.card, lang),
        false,
    );
    let content = match &turn.dice {
        Some(hand) => format!(
            "{content}\n-# {}",
            tr!(
                lang,
                "dice-reading",
                what = tr!(lang, "gd-roll-of", n = turn.rolls, max = MAX_ROLLS),
                dice = DiceStyle::read_six(hand, &turn.held, lang)
            )
        ),
        None => content,
    };
    let view = MessageView::new(&content)
        .embed(embed)
        .embed(scoreboard(game, lang));
    if seat.player.is_bot() {
        return view;
    }
    view.row(hold_buttons(turn, style))
        .row(play_buttons(turn, lang))
        .select(score_menu(&game.score_options(), lang))
}

fn need_line(seat: &Seat, need: Result<u32, u32>, lang: Lang) -> String {
    match need {
        Ok(points) => tr!(
            lang,
            "gd-last-round-need",
            name = name(seat),
            points = points
        ),
        Err(lead) => tr!(lang, "gd-last-round-lead", name = name(seat), lead = lead),
    }
}

fn turn_title(game: &Game, turn: &Turn, colour: u32, lang: Lang) -> EmbedView {
    EmbedView::new(
        &tr!(
            lang,
            "gd-turn-title",
            round = turn.round,
            rounds = ROUNDS,
            name = who(&game.seats[turn.seat])
        ),
        colour,
    )
}

/// What the player on turn is to do now (G2), with a word on five alike (G4, G6).
fn prompt(seat: &Seat, turn: &Turn, lang: Lang) -> String {
    let bot = seat.player.is_bot();
    let Some(hand) = &turn.dice else {
        return if bot {
            tr!(lang, "gd-prompt-bot-first")
        } else {
            tr!(lang, "gd-prompt-first")
        };
    };
    let mut lines = vec![if turn.must_score() {
        tr!(lang, "gd-prompt-must-score")
    } else if bot {
        tr!(lang, "gd-prompt-bot")
    } else {
        tr!(lang, "gd-prompt-hold", n = turn.rolls_left())
    }];
    if five_alike(hand).is_some() {
        let card = &seat.card;
        if !card.is_joker(hand) {
            lines.push(tr!(lang, "gd-dickey", points = DICKEY_POINTS));
        } else {
            lines.push(match card.forced(hand) {
                Some(forced) => tr!(
                    lang,
                    "gd-joker-forced",
                    box_name = category_name(forced, lang)
                ),
                None => tr!(lang, "gd-joker-any"),
            });
            let bonus = card.dickey_bonus_for(hand);
            lines.push(if bonus > 0 {
                tr!(lang, "gd-joker-bonus", bonus = bonus)
            } else {
                tr!(lang, "gd-joker-no-bonus")
            });
        }
    }
    lines.join("\n")
}

/// Five hold toggles in die order: the die's face, held ones locked and primary; disabled before
/// the first roll and once no roll is left (G2). Dice drawn as application emoji are drawn so on
/// their buttons too, each the picture of its die above (a held die's own picture, or its face's
/// with a lock when the config sets the lock); otherwise the label is the face, `🔒 6` when held.
fn hold_buttons(turn: &Turn, dice: &DiceStyle) -> Vec<ButtonView> {
    (0..DICE)
        .map(|die| {
            let held = turn.held[die];
            let style = if held {
                ButtonStyle::Primary
            } else {
                ButtonStyle::Secondary
            };
            let action = Intent::Play(Move::ToggleHold(die as u8));
            let button = |label: &str| ButtonView::new(label, style, action);
            let button = match turn.dice.as_ref().map(|hand| hand[die]) {
                None => button("🎲"),
                Some(face) => {
                    let picture = |held| CustomEmoji::parse(dice.six_app(face, held)?);
                    match (picture(held), picture(false)) {
                        (Some(own), _) => button("").with_emoji(own),
                        // Held, without a picture of its own (the config sets the lock): its
                        // face's picture, locked.
                        (None, Some(picture)) => button("🔒").with_emoji(picture),
                        (None, None) if held => button(&format!("🔒 {face}")),
                        (None, None) => button(&face.to_string()),
                    }
                }
            };
            button.disabled_if(!turn.can_hold())
        })
        .collect()
}

/// Roll, and once the turn has rolled, **Odds** (for anyone: what each choice is worth).
fn play_buttons(turn: &Turn, lang: Lang) -> Vec<ButtonView> {
    let mut buttons = vec![roll_button(turn, lang)];
    if turn.dice.is_some() {
        buttons.push(ButtonView::new(
            &tr!(lang, "gd-button-odds"),
            ButtonStyle::Secondary,
            Intent::<Move>::Odds,
        ));
    }
    buttons
}

/// Roll, with the dice it rolls and the rolls left; disabled with no roll left or all five held.
pub(super) fn roll_button(turn: &Turn, lang: Lang) -> ButtonView {
    let left = turn.rolls_left();
    let free = turn.free_dice().len();
    let label = if left == 0 {
        tr!(lang, "gd-button-no-rolls")
    } else if turn.dice.is_some() && free > 0 && free < DICE {
        tr!(lang, "gd-button-roll-dice", n = free, left = left)
    } else {
        tr!(lang, "gd-button-roll", left = left)
    };
    ButtonView::new(&label, ButtonStyle::Success, Intent::Play(Move::Roll))
        .disabled_if(!turn.can_roll())
}

/// "Score in…": every box the roll may fill (only the forced upper box of a joker), with what it
/// would score now, the Dickey bonus it earns and a word on jokers and scratches; each option's
/// value is the box's [`Category::key`]. No menu before the first roll (no options).
fn score_menu(options: &[ScoreOption], lang: Lang) -> SelectView {
    let forced = options.len() == 1 && options[0].joker && options[0].category.is_upper();
    options.iter().fold(
        SelectView::new(
            &tr!(lang, "gd-score-in"),
            UiAction::Game(Move::SCORE_MENU.into()),
        ),
        |menu, o| {
            // Named as the scorecard names it, so the menu and the card read alike.
            let box_name = card_name(o.category, lang);
            let mut label = format!("{box_name}: {}", o.points);
            let note = if forced {
                Some(tr!(lang, "gd-note-joker-upper"))
            } else if o.joker && o.points == 0 {
                Some(tr!(lang, "gd-note-joker-zero"))
            } else if o.joker {
                Some(tr!(lang, "gd-note-joker-as", box_name = box_name.as_str()))
            } else if o.points == 0 {
                Some(tr!(lang, "gd-note-scratch"))
            } else {
                None
            };
            if o.dickey_bonus > 0 {
                label.push(' ');
                label.push_str(&tr!(lang, "gd-option-bonus", bonus = o.dickey_bonus));
            }
            menu.option(&label, o.category.key(), note.as_deref())
        },
    )
}

// --- The turn's result -------------------------------------------------------------------------

/// The turn message once the turn has ended: two lines, no embed and no components, so that a
/// long game keeps the channel readable. The first says the round and what was scored where (a
/// joker, the Dickey bonus and the upper bonus noted), or the timeout or leaving that ended it,
/// with the new total and the upper boxes' progress; the second, as subtext, tells the turn's
/// rolls ([`story`]). `game` is the game just after the turn (so `result` is usually
/// `game.last_turn`).
pub fn turn_result(
    game: &Game,
    result: &TurnResult,
    _style: &DiceStyle,
    lang: Lang,
) -> MessageView {
    let seat = &game.seats[result.turn.seat];
    let player = format!("**{}**", name(seat));
    let mut lines = Vec::new();
    match (result.end, result.scored) {
        (TurnEnd::Left, _) | (_, None) => {
            lines.push(tr!(lang, "gd-left", name = player.as_str()));
        }
        (end, Some(o)) => {
            let box_name = category_name(o.category, lang);
            let what = if o.points == 0 {
                tr!(lang, "gd-scratched", box_name = box_name)
            } else {
                tr!(lang, "gd-scored", points = o.points, box_name = box_name)
            };
            let what = if o.joker {
                tr!(lang, "gd-with-joker", what = what)
            } else {
                what
            };
            lines.push(match end {
                TurnEnd::TimedOut => tr!(lang, "gd-timed-out", name = player.as_str(), what = what),
                _ => tr!(lang, "gd-played", name = player.as_str(), what = what),
            });
            if o.dickey_bonus > 0 {
                lines.push(tr!(lang, "gd-another-dickey", bonus = o.dickey_bonus));
            }
            let upper = seat.card.upper_subtotal();
            if o.category.is_upper() && upper >= UPPER_BONUS_AT && upper - o.points < UPPER_BONUS_AT
            {
                lines.push(tr!(
                    lang,
                    "gd-upper-bonus",
                    upper = upper,
                    bonus = UPPER_BONUS
                ));
            }
        }
    }
    if result.end == TurnEnd::TimedOut && !seat.is_playing() {
        lines.push(tr!(
            lang,
            "left-after-timeouts",
            name = name(seat),
            n = TIMEOUTS_BEFORE_LEAVING
        ));
    }
    lines.push(tr!(
        lang,
        "gd-total",
        total = seat.total(),
        upper = upper_progress(&seat.card, lang)
    ));
    let round = tr!(
        lang,
        "gd-result-round",
        round = result.turn.round,
        rounds = ROUNDS
    );
    let mut content = format!("**{round}** · {}", lines.join(" "));
    if let Some(story) = story(&result.turn) {
        content.push_str("\n-# 🎲 ");
        content.push_str(&story);
    }
    MessageView::new(&content)
}

/// The turn's rolls on one line, the dice held through each roll in bold (G2):
/// `6 2 6 3 1 · **6 6 6** 6 4 · **6 6 6 6** 6`. None before the first roll.
pub fn story(turn: &Turn) -> Option<String> {
    let parts: Vec<String> = turn
        .rolled
        .iter()
        .map(|(hand, held)| {
            let mut kept: Vec<u8> = (0..DICE).filter(|&d| held[d]).map(|d| hand[d]).collect();
            let mut rolled: Vec<u8> = (0..DICE).filter(|&d| !held[d]).map(|d| hand[d]).collect();
            kept.sort_unstable();
            rolled.sort_unstable();
            let text = crate::render::dice::faces;
            match (kept.is_empty(), rolled.is_empty()) {
                (true, _) => text(&rolled),
                (false, true) => format!("**{}**", text(&kept)),
                (false, false) => format!("**{}** {}", text(&kept), text(&rolled)),
            }
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}
