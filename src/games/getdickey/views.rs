//! The *Get Dickey* messages: the lobby, the turn in progress and its result, game over, the
//! scorecards, the rules and the errors a player sees. Every function is pure: a game (and the
//! [`DiceStyle`] to draw dice with) in, a [`MessageView`] out. Used as `games::getdickey::views::turn`
//! and so on, beside the *For Get It* functions of the same names.
//!
//! # The dice
//!
//! The five dice are keycap digits, `3️⃣ 3️⃣ 5️⃣ 1️⃣ 6️⃣`, in die order, a held die led by a lock:
//! `🔒3️⃣`. Keycaps rather than the die faces ⚀–⚅: those are text symbols, not emoji, so Discord
//! draws them at text size in whatever font the device has, where a phone makes five and six pips
//! hard to tell apart (and some fonts lack them); keycaps are emoji on every client, read as the
//! number that scores at a glance, and keep the five dice on one line of a phone. The faces and
//! the lock are [`DiceStyle::six_faces`] and [`DiceStyle::six_held`] (the config's
//! `emoji.six_faces` and `emoji.six_held`), which an operator may set to custom emoji.
//!
//! With the bot's application emoji (`emoji.style = "application"`, see [`crate::render::dice`]) each
//! die is a picture of a die with pips, and a held die a picture of its own (inverted, in a gold
//! frame) rather than a lock before the face; the hold buttons are the same pictures, so the row
//! of buttons mirrors the dice above it. Either way the message's text says the dice in words
//! (`6 held, 2, 6 held, 3, 6 held`).
//!
//! # The scorecard
//!
//! A seat's card is a code block of two columns, upper boxes on the left and lower boxes on the
//! right, 32 characters wide, so it fits a phone's embed without wrapping; open boxes show `·`. The
//! "Score in…" menu names the boxes as the card does:
//!
//! ```text
//! Ones      3  3 of a kind      24
//! Twos      6  4 of a kind       ·
//! Threes    ·  Full house       25
//! Fours    12  Small straight    ·
//! Fives     ·  Large straight   40
//! Sixes    18  Dickey           50
//! Upper 39/63  Chance            ·
//! Bonus     ·  Dickey bonus      0
//! Total                        178
//! ```
//!
//! The turn message shows the card of the seat on turn, and one line per seat with its total,
//! its upper progress toward the bonus and its lower total; the scores and game-over messages
//! show every seat's card. Names never go inside a code block (where they could not be escaped):
//! they are field names and markdown text, cut and escaped as everywhere else.

use std::cmp::Reverse;

use crate::engine::{Intent, Player};
use crate::games::getdickey::bot::Odds;
use crate::games::getdickey::{
    five_alike, Category, Game, GameError, Move, Phase, ScoreOption, Scorecard, Seat, Turn,
    TurnEnd, TurnResult, DICE, DICKEY_BONUS, DICKEY_POINTS, MAX_ROLLS, ROUNDS,
    TIMEOUTS_BEFORE_LEAVING, UPPER_BONUS, UPPER_BONUS_AT,
};
use crate::i18n::Lang;
use crate::tr;
use fluent_bundle::FluentArgs;

use super::review::DickeyAct;
use crate::render::dice::{faces, DiceStyle};
use crate::render::lobby::Opening;
use crate::render::notice::ErrorText;
pub use crate::render::notice::{error, refusal};
use crate::render::over::{self, announce, Winners};
use crate::render::review::ActText;
use crate::render::seat::{mention, name, who};
use crate::render::stats::{per, GameStats, StatsView};
use crate::render::view::{
    colour, place, ButtonStyle, ButtonView, CustomEmoji, EmbedView, MessageView, SelectView,
    UiAction,
};

// --- The lobby ---------------------------------------------------------------------------------

/// The lobby message through its life: the open table with its buttons (Start is enabled from
/// one seat, G1); once started, the playing order; a table cancelled before a turn was played. No
/// buttons once the table is no longer open.
pub fn lobby(game: &Game, lang: Lang) -> MessageView {
    let opening = Opening {
        about: tr!(lang, "gd-lobby-description", rounds = ROUNDS),
        waiting: tr!(lang, "gd-lobby-waiting"),
        closed: game.phase == Phase::Cancelled && game.last_turn.is_none(),
    };
    crate::render::lobby::lobby(game, opening, || started(game, lang), lang)
}

/// The lobby once the game started: the playing order, which is the seating order (G1).
fn started(game: &Game, lang: Lang) -> MessageView {
    let order: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{}. {}", i + 1, who(seat)))
        .collect();
    let embed = EmbedView::new(&tr!(lang, "gd-started-title"), colour::LOBBY)
        .description(&tr!(lang, "gd-started-description", rounds = ROUNDS))
        .field(&tr!(lang, "playing-order"), &order.join("\n"), false)
        .footer(&tr!(lang, "gd-footer", rounds = ROUNDS));
    MessageView::new(&tr!(lang, "gd-started-content")).embed(embed)
}

// --- The turn ----------------------------------------------------------------------------------

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

/// A box's name in `lang`: its one name there, on the scorecard, in the "Score in…" menu, in a
/// turn's result, in Odds, in reviews, in refusals and in the rules (whose texts refer to the same
/// messages). Short enough for the card. In English, the engine's [`Category::name`].
pub fn category_name(category: Category, lang: Lang) -> String {
    lang.t(&format!("gd-box-{}", category.key().replace('_', "-")))
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

/// Roll, with the dice it rolls and the rolls left; disabled with no roll left or all five held.
fn roll_button(turn: &Turn, lang: Lang) -> ButtonView {
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

// --- Game over and scores ----------------------------------------------------------------------

/// The end of the game: the winner (or the winners sharing the win, G7; a solitaire game's
/// score) and every final scorecard, ranked; or a cancelled game with the totals as they stood.
/// No components. Before the end it is [`scores`].
pub fn game_over(game: &Game, lang: Lang) -> MessageView {
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
                announce(&announced, "gd-over-winner", "gd-over-content", lang)
            };
            let embed = ranked_cards(
                game,
                winners,
                EmbedView::new(&tr!(lang, "gd-over-title"), colour::WINNER).description(&headline),
                lang,
            )
            .footer(&tr!(lang, "gd-rounds-played", rounds = ROUNDS));
            MessageView::new(&content)
                .embed(embed)
                .row(over::buttons::<super::GetDickey>(lang))
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
            MessageView::new(&tr!(lang, "gd-cancelled-content")).embed(
                EmbedView::new(&tr!(lang, "gd-cancelled-title"), colour::NOTHING)
                    .description(&description),
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
fn scoreboard(game: &Game, lang: Lang) -> EmbedView {
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
fn upper_progress(card: &Scorecard, lang: Lang) -> String {
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

/// The seats still playing ranked by total (equal totals share a rank, G7), then those that
/// left, each with its place.
fn ranking(game: &Game) -> Vec<(Option<usize>, usize)> {
    let mut playing: Vec<usize> = (0..game.seats.len())
        .filter(|&i| game.seats[i].is_playing())
        .collect();
    playing.sort_by_key(|&i| Reverse(game.seats[i].total()));
    let mut ranked = Vec::new();
    let mut rank = 0;
    for (position, &i) in playing.iter().enumerate() {
        if position == 0 || game.seats[i].total() != game.seats[playing[position - 1]].total() {
            rank = position + 1;
        }
        ranked.push((Some(rank), i));
    }
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

/// A box's name on the scorecard, in the "Score in…" menu and in Odds: its one name
/// ([`category_name`]).
fn card_name(category: Category, lang: Lang) -> String {
    category_name(category, lang)
}

/// A scorecard as a code block of two columns (see the module's doc): upper boxes, the upper
/// subtotal toward 63 and the bonus on the left; lower boxes and the Dickey bonus on the right;
/// the total below. Open boxes show `·`.
fn card_block(card: &Scorecard, lang: Lang) -> String {
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

// --- Rules and errors --------------------------------------------------------------------------

/// Get Dickey's statistics: points per game, the best game, Dickeys scored.
pub(crate) const STATS: GameStats = GameStats {
    best_label: "leaderboard-by-best-game",
    fields: stats_fields,
};

fn stats_fields(view: &StatsView, lang: Lang) -> Vec<(&'static str, String)> {
    vec![
        ("stats-points-per-game", per(view.points, view.games, lang)),
        ("stats-best-game", view.best_turn.to_string()),
        ("stats-dickeys", view.feats.to_string()),
    ]
}

/// The rules card's fields (`gd-rules-{field}`), in order.
pub(crate) const RULES: &[&str] = &[
    "players", "turn", "upper", "lower", "scratch", "dickeys", "total",
];

/// The rules as the bot plays them (docs/RULES.md, G1–G7), in short.
pub fn rules(lang: Lang) -> MessageView {
    let mut args = FluentArgs::new();
    args.set("rounds", ROUNDS);
    args.set("at", UPPER_BONUS_AT);
    args.set("bonus", UPPER_BONUS);
    args.set("dickey", DICKEY_POINTS);
    args.set("dickey_bonus", DICKEY_BONUS);
    crate::render::rules_card::<crate::games::getdickey::GetDickey>(RULES, args, lang)
}

impl ErrorText for GameError {
    fn text(&self, lang: Lang) -> String {
        match self {
            GameError::MustRollFirst => tr!(lang, "gd-error-roll-first"),
            GameError::NoRollsLeft => tr!(lang, "gd-error-no-rolls-left", max = MAX_ROLLS),
            GameError::AllHeld => tr!(lang, "gd-error-all-held"),
            GameError::NoSuchDie(_) => tr!(lang, "gd-error-no-such-die"),
            GameError::BoxFilled(category) => tr!(
                lang,
                "gd-error-box-filled",
                box_name = category_name(*category, lang)
            ),
            GameError::JokerMustFillUpper(category) => tr!(
                lang,
                "gd-error-joker-upper",
                box_name = category_name(*category, lang)
            ),
            GameError::CardFull => tr!(lang, "gd-error-card-full"),
        }
    }
}

impl ActText for DickeyAct {
    fn text(&self, lang: Lang) -> String {
        match self {
            DickeyAct::Reroll { keep, .. } if keep.is_empty() => tr!(lang, "review-gd-reroll-all"),
            DickeyAct::Reroll { keep, .. } => {
                tr!(lang, "review-gd-reroll", keep = faces(keep))
            }
            DickeyAct::Score {
                category, points, ..
            } => score_text(*category, *points, lang),
        }
    }

    fn dice(&self) -> Option<String> {
        match self {
            DickeyAct::Reroll { hand, .. } | DickeyAct::Score { hand, .. } => Some(faces(hand)),
        }
    }
}

fn score_text(category: Category, points: u32, lang: Lang) -> String {
    tr!(
        lang,
        "review-gd-score",
        box_name = category_name(category, lang),
        points = points
    )
}

/// The game-over chart's moments (`round`: the turn's): a Dickey scored (or its bonus earned),
/// the upper bonus reached.
pub fn moment(
    game: &Game,
    result: &TurnResult,
    round: u32,
    lang: Lang,
) -> Option<crate::games::chart::Marked> {
    let seat = result.turn.seat;
    let card = &game.seats.get(seat)?.card;
    let name = game.seats[seat].name.as_str();
    let scored = result.scored?;
    let dickey =
        (scored.category == Category::Dickey && scored.points > 0) || scored.dickey_bonus > 0;
    let text = if dickey {
        tr!(lang, "gd-moment-dickey", name = name, round = round)
    } else if scored.category.is_upper()
        && card.upper_bonus() > 0
        && card.upper_subtotal() - scored.points < UPPER_BONUS_AT
    {
        tr!(lang, "gd-moment-upper-bonus", name = name, round = round)
    } else {
        return None;
    };
    Some(crate::games::chart::Marked {
        seat,
        good: true,
        text,
    })
}
