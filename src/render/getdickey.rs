//! The *Get Dickey* messages: the lobby, the turn in progress and its result, game over, the
//! scorecards, the rules and the errors a player sees. Every function is pure: a game (and the
//! [`DiceStyle`] to draw dice with) in, a [`MessageView`] out. Used as `render::getdickey::turn`
//! and so on, beside the *For Get It* functions of the same names.
//!
//! # The dice
//!
//! The five dice are keycap digits, `3️⃣ 3️⃣ 5️⃣ 1️⃣ 6️⃣`, in die order, a held die led by a lock:
//! `🔒3️⃣`. Keycaps rather than the die faces ⚀–⚅: those are text symbols, not emoji, so Discord
//! draws them at text size in whatever font the device has, where a phone makes five and six pips
//! hard to tell apart (and some fonts lack them); keycaps are emoji on every client, read as the
//! number that scores at a glance, and keep the five dice on one line of a phone. The faces and
//! the lock are [`DiceStyle::dickey_faces`] and [`DiceStyle::dickey_held`] (the config's
//! `emoji.dickey_faces` and `emoji.dickey_held`), which an operator may set to custom emoji.
//!
//! # The scorecard
//!
//! A seat's card is a code block of two columns, upper boxes on the left and lower boxes on the
//! right, 32 characters wide, so it fits a phone's embed without wrapping; open boxes show `·`:
//!
//! ```text
//! Ones        3  3 of a kind    24
//! Twos        6  4 of a kind     ·
//! Threes      ·  Full house     25
//! Fours      12  Sm straight     ·
//! Fives       ·  Lg straight    40
//! Sixes      18  Dickey         50
//! Upper   39/63  Chance          ·
//! Bonus       ·  Dickey bonus    0
//! Total                        178
//! ```
//!
//! The turn message shows the card of the seat on turn, and one line per seat with its total,
//! its upper progress toward the bonus and its lower total; the scores and game-over messages
//! show every seat's card. Names never go inside a code block (where they could not be escaped):
//! they are field names and markdown text, cut and escaped as everywhere else.

use std::cmp::Reverse;

use crate::engine::getdickey::{
    five_alike, Category, Game, Phase, RuleError, ScoreOption, Scorecard, Seat, Turn, TurnEnd,
    TurnResult, DICE, DICKEY_BONUS, DICKEY_POINTS, MAX_ROLLS, MAX_SEATS, MIN_SEATS, ROUNDS,
    TIMEOUTS_BEFORE_LEAVING, UPPER_BONUS, UPPER_BONUS_AT,
};
use crate::engine::Player;

use super::dice::DiceStyle;
use super::view::{
    colour, count, display_name, list, place, seat_mention, seat_name, ButtonStyle, ButtonView,
    EmbedView, MessageView, SelectView, UiAction,
};

// --- The lobby ---------------------------------------------------------------------------------

/// The lobby message through its life: the open table with its buttons (Start is enabled from
/// one seat, G1); once started, the playing order; a table cancelled before a turn was played. No
/// buttons once the table is no longer open.
pub fn lobby(game: &Game) -> MessageView {
    match game.phase {
        Phase::Lobby => open_table(game),
        Phase::Cancelled if game.last_turn.is_none() => MessageView::new("").embed(
            EmbedView::new("🎲 Get Dickey · table closed", colour::NOTHING)
                .description("This table was cancelled before a turn was played."),
        ),
        _ => started(game),
    }
}

fn open_table(game: &Game) -> MessageView {
    let seated = game.seats.len();
    let full = seated >= MAX_SEATS;
    let status = if seated < MIN_SEATS {
        "Waiting for a player.".to_string()
    } else if full {
        "The table is full: the host can start.".to_string()
    } else {
        format!(
            "Ready: the host can start, and up to {} more can join.",
            MAX_SEATS - seated
        )
    };
    let seats: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let host = if seat.player == game.host {
                " 👑 host"
            } else {
                ""
            };
            format!("{}. {}{host}", i + 1, who(seat))
        })
        .collect();
    let embed = EmbedView::new("🎲 Get Dickey · new table", colour::LOBBY)
        .description(&format!(
            "Five dice, three rolls, thirteen boxes: the highest total after {ROUNDS} rounds \
             wins.\n{status}"
        ))
        .field(
            &format!("Players ({seated}/{MAX_SEATS})"),
            &seats.join("\n"),
            false,
        )
        .footer("Join to play, or add a bot to play against. The host starts the game.");
    MessageView::new("🎲 A table of **Get Dickey** is open: press **Join** to play!")
        .embed(embed)
        .row(vec![
            ButtonView::new("Join", ButtonStyle::Success, UiAction::Join).disabled_if(full),
            ButtonView::new("Leave", ButtonStyle::Secondary, UiAction::Leave),
            ButtonView::new("Add bot", ButtonStyle::Secondary, UiAction::AddBot).disabled_if(full),
            ButtonView::new("Start", ButtonStyle::Primary, UiAction::Start)
                .disabled_if(seated < MIN_SEATS),
            ButtonView::new("Cancel", ButtonStyle::Danger, UiAction::Cancel),
        ])
}

/// The lobby once the game started: the playing order, which is the seating order (G1).
fn started(game: &Game) -> MessageView {
    let order: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{}. {}", i + 1, who(seat)))
        .collect();
    let embed = EmbedView::new("🎲 Get Dickey · the game is on!", colour::LOBBY)
        .description(&format!(
            "{ROUNDS} rounds; in each, every player has one turn, in seating order."
        ))
        .field("Playing order", &order.join("\n"), false)
        .footer(&format!("The highest total after {ROUNDS} rounds wins."));
    MessageView::new("🎲 The game of **Get Dickey** has started!").embed(embed)
}

// --- The turn ----------------------------------------------------------------------------------

/// The message of the turn in progress: who is on turn, the dice (held ones marked), the rolls
/// left, the player's scorecard and every seat's totals. A person's turn has five hold toggles
/// (the die's face; held ones primary and locked), Roll (with the rolls left) and, once rolled,
/// the "Score in…" menu of the boxes the roll may fill with what each would score now. A bot
/// seat's turn has no components, since nobody may use them. With no turn in progress it is
/// [`game_over`]: where the game stands, without components.
pub fn turn(game: &Game, style: &DiceStyle) -> MessageView {
    let Phase::Playing { turn } = &game.phase else {
        return game_over(game);
    };
    let seat = &game.seats[turn.seat];
    let content = match seat.player {
        Player::Person(_) => format!(
            "{}, your turn! Round {} of {ROUNDS}.",
            mention(seat),
            turn.round
        ),
        Player::Bot(_) => format!("🤖 {} is playing.", mention(seat)),
    };
    let colour = if turn.must_score() {
        colour::DANGER
    } else {
        colour::PLAYING
    };
    let mut embed = turn_title(game, turn, colour).description(&prompt(seat, turn));
    if let Some(hand) = &turn.dice {
        embed = embed.field(
            &format!("Roll {} of {MAX_ROLLS}", turn.rolls),
            &style.dickey_dice(hand, &turn.held),
            false,
        );
    }
    let embed = embed.field(
        &format!("Scorecard · {}", who(seat)),
        &card_block(&seat.card),
        false,
    );
    let view = MessageView::new(&content)
        .embed(embed)
        .embed(scoreboard(game));
    if seat.player.is_bot() {
        return view;
    }
    view.row(hold_buttons(turn))
        .row(vec![roll_button(turn)])
        .select(score_menu(&game.score_options()))
}

fn turn_title(game: &Game, turn: &Turn, colour: u32) -> EmbedView {
    EmbedView::new(
        &format!(
            "Round {} of {ROUNDS} · {}",
            turn.round,
            who(&game.seats[turn.seat])
        ),
        colour,
    )
}

/// What the player on turn is to do now (G2), with a word on five alike (G4, G6).
fn prompt(seat: &Seat, turn: &Turn) -> String {
    let bot = seat.player.is_bot();
    let Some(hand) = &turn.dice else {
        return if bot {
            "The bot is about to roll.".to_string()
        } else {
            "Roll all five dice to start the turn.".to_string()
        };
    };
    let mut lines = vec![if turn.must_score() {
        "No rolls left: score the roll in an open box.".to_string()
    } else if bot {
        "The bot chooses what to hold, or where to score.".to_string()
    } else {
        format!(
            "Hold the dice to keep and roll the rest ({} left), or score the roll now.",
            count(turn.rolls_left().into(), "roll", "rolls")
        )
    }];
    if five_alike(hand).is_some() {
        let card = &seat.card;
        if !card.is_joker(hand) {
            lines.push(format!(
                "🎉 Five alike: a **Dickey**! {DICKEY_POINTS} in the Dickey box."
            ));
        } else {
            lines.push(match card.forced(hand) {
                Some(forced) => format!(
                    "🃏 Five alike again: a **joker**, which must go in **{}**.",
                    forced.name()
                ),
                None => "🃏 Five alike again: a **joker**, for any open box: Full House 25, \
                         Small Straight 30, Large Straight 40."
                    .to_string(),
            });
            let bonus = card.dickey_bonus_for(hand);
            lines.push(if bonus > 0 {
                format!("🎉 Scoring it earns the **+{bonus}** Dickey bonus.")
            } else {
                "No Dickey bonus: the Dickey box holds 0.".to_string()
            });
        }
    }
    lines.join("\n")
}

/// Five hold toggles in die order: the die's face, held ones locked and primary; disabled before
/// the first roll and once no roll is left (G2).
fn hold_buttons(turn: &Turn) -> Vec<ButtonView> {
    (0..DICE)
        .map(|die| {
            let held = turn.held[die];
            let label = match &turn.dice {
                None => "🎲".to_string(),
                Some(hand) if held => format!("🔒 {}", hand[die]),
                Some(hand) => hand[die].to_string(),
            };
            let style = if held {
                ButtonStyle::Primary
            } else {
                ButtonStyle::Secondary
            };
            ButtonView::new(&label, style, UiAction::Hold(die as u8)).disabled_if(!turn.can_hold())
        })
        .collect()
}

/// Roll, with the dice it rolls and the rolls left; disabled with no roll left or all five held.
fn roll_button(turn: &Turn) -> ButtonView {
    let left = turn.rolls_left();
    let free = turn.free_dice().len();
    let label = if left == 0 {
        "No rolls left".to_string()
    } else if turn.dice.is_some() && free > 0 && free < DICE {
        format!("Roll {} ({left} left)", count(free as u64, "die", "dice"))
    } else {
        format!("Roll ({left} left)")
    };
    ButtonView::new(&label, ButtonStyle::Success, UiAction::Roll).disabled_if(!turn.can_roll())
}

/// "Score in…": every box the roll may fill (only the forced upper box of a joker), with what it
/// would score now, the Dickey bonus it earns and a word on jokers and scratches; each option's
/// value is the box's [`Category::key`]. No menu before the first roll (no options).
fn score_menu(options: &[ScoreOption]) -> SelectView {
    let forced = options.len() == 1 && options[0].joker && options[0].category.is_upper();
    options.iter().fold(
        SelectView::new("Score in…", UiAction::Score),
        |menu, o| {
            let mut label = format!("{}: {}", o.category.name(), o.points);
            let note = if forced {
                Some("Joker: five alike must fill their upper box".to_string())
            } else if o.joker && o.points == 0 {
                Some("Joker: scores 0 here".to_string())
            } else if o.joker {
                Some(format!("Joker: five alike score as {}", o.category.name()))
            } else if o.points == 0 {
                Some("Scratch: scores 0".to_string())
            } else {
                None
            };
            if o.dickey_bonus > 0 {
                label.push_str(&format!(" (+{} Dickey bonus)", o.dickey_bonus));
            }
            menu.option(&label, o.category.key(), note.as_deref())
        },
    )
}

// --- The turn's result -------------------------------------------------------------------------

/// The turn message once the turn has ended, without components: what was scored where (a
/// joker, the Dickey bonus and the upper bonus noted), or the timeout or leaving that ended it,
/// the dice and the new total. `game` is the game just after the turn (so `result` is usually
/// `game.last_turn`).
pub fn turn_result(game: &Game, result: &TurnResult, style: &DiceStyle) -> MessageView {
    let seat = &game.seats[result.turn.seat];
    let player = name(seat);
    let mut lines = Vec::new();
    let mut colour = colour::NOTHING;
    match (result.end, result.scored) {
        (TurnEnd::Left, _) | (_, None) => {
            lines.push(format!("🚪 {player} left the game."));
        }
        (end, Some(o)) => {
            let what = if o.points == 0 {
                format!("scratched **{}**: 0 points", o.category.name())
            } else {
                colour = colour::BANKED;
                format!("scored **{}** in **{}**", o.points, o.category.name())
            };
            let joker = if o.joker { " with a joker" } else { "" };
            lines.push(match end {
                TurnEnd::TimedOut => {
                    format!("⏰ Time's up! The bot played for {player} and {what}{joker}.")
                }
                _ => format!("✅ {player} {what}{joker}."),
            });
            if o.dickey_bonus > 0 {
                colour = colour::WINNER;
                lines.push(format!("🎉 Another Dickey: **+{}** bonus!", o.dickey_bonus));
            }
            let upper = seat.card.upper_subtotal();
            if o.category.is_upper() && upper >= UPPER_BONUS_AT && upper - o.points < UPPER_BONUS_AT
            {
                lines.push(format!(
                    "⬆️ The upper boxes reach {upper}: **+{UPPER_BONUS}** bonus!"
                ));
            }
        }
    }
    if result.end == TurnEnd::TimedOut && !seat.is_playing() {
        lines.push(format!(
            "🚪 {player} left the game after {TIMEOUTS_BEFORE_LEAVING} timeouts in a row."
        ));
    }
    lines.push(format!(
        "Total: **{}** · {}",
        seat.total(),
        upper_progress(&seat.card)
    ));
    let mut embed = turn_title(game, &result.turn, colour).description(&lines.join("\n"));
    if let Some(hand) = &result.turn.dice {
        embed = embed.field("Dice", &style.dickey_dice(hand, &[false; DICE]), false);
    }
    MessageView::new("").embed(embed)
}

// --- Game over and scores ----------------------------------------------------------------------

/// The end of the game: the winner (or the winners sharing the win, G7; a solitaire game's
/// score) and every final scorecard, ranked; or a cancelled game with the totals as they stood.
/// No components. Before the end it is [`scores`].
pub fn game_over(game: &Game) -> MessageView {
    match &game.phase {
        Phase::Finished { winners } => {
            let names: Vec<String> = winners
                .iter()
                .map(|&i| format!("**{}**", name(&game.seats[i])))
                .collect();
            let mentions: Vec<String> = winners.iter().map(|&i| mention(&game.seats[i])).collect();
            let best = winners.first().map(|&i| game.seats[i].total());
            let (content, headline) = match best {
                None => (
                    "🏁 The game of **Get Dickey** is over.".to_string(),
                    "Nobody is left at the table to win.".to_string(),
                ),
                Some(best) if game.seats.len() == 1 => (
                    format!(
                        "🏁 {} finished a game of **Get Dickey** with **{best}** points!",
                        mentions[0]
                    ),
                    format!("🏁 {} scored **{best}** points.", names[0]),
                ),
                Some(best) if winners.len() == 1 => (
                    format!("🏆 {} wins **Get Dickey**!", mentions[0]),
                    format!("🏆 {} wins with **{best}** points!", names[0]),
                ),
                Some(best) => (
                    format!("🏆 {} share the win!", list(&mentions, "and")),
                    format!(
                        "🏆 {} share the win with **{best}** points!",
                        list(&names, "and")
                    ),
                ),
            };
            let embed = ranked_cards(
                game,
                winners,
                EmbedView::new("🏆 Get Dickey · game over", colour::WINNER).description(&headline),
            )
            .footer(&format!("{ROUNDS} rounds played."));
            MessageView::new(&content).embed(embed)
        }
        Phase::Cancelled => {
            let description = if game.last_turn.is_none() {
                "This game was cancelled before a turn was played.".to_string()
            } else {
                format!(
                    "This game was cancelled. The totals as they stood:\n\n{}",
                    totals(game)
                )
            };
            MessageView::new("The game of **Get Dickey** was cancelled.").embed(
                EmbedView::new("🎲 Get Dickey · cancelled", colour::NOTHING)
                    .description(&description),
            )
        }
        Phase::Lobby | Phase::Playing { .. } => scores(game),
    }
}

/// Every seat's scorecard in seating order, the seat on turn marked (for `/getdickey scores`);
/// it needs no components, so it can be ephemeral.
pub fn scores(game: &Game) -> MessageView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let title = match game.round() {
        Some(round) => format!("Scorecards · round {round} of {ROUNDS}"),
        None => "Scorecards".to_string(),
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
            let left = if seat.is_playing() { "" } else { " (left)" };
            embed.field(
                &format!("{mark}{} · {}{left}", who(seat), seat.total()),
                &card_block(&seat.card),
                false,
            )
        },
    );
    MessageView::new("")
        .embed(embed.footer(&format!("The highest total after {ROUNDS} rounds wins.")))
}

/// The turn message's scoreboard: one line per seat in seating order, the seat on turn marked,
/// seats that left struck out.
fn scoreboard(game: &Game) -> EmbedView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let lines: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| {
            let detail = format!("({})", seat_detail(&seat.card));
            if !seat.is_playing() {
                format!("🚪 ~~{}~~ · {} (left)", who(seat), seat.total())
            } else if on_turn == Some(i) {
                format!("🎲 **{}** · **{}** {detail}", who(seat), seat.total())
            } else {
                format!("• {} · {} {detail}", who(seat), seat.total())
            }
        })
        .collect();
    EmbedView::new("Scores", colour::INFO)
        .description(&lines.join("\n"))
        .footer(&format!("The highest total after {ROUNDS} rounds wins."))
}

/// "upper 48/63 · lower 120 · Dickey +100" (the upper bonus and the Dickey bonus when earned).
fn seat_detail(card: &Scorecard) -> String {
    let mut parts = vec![
        upper_progress(card),
        format!("lower {}", card.lower_total()),
    ];
    if card.dickey_bonus() > 0 {
        parts.push(format!("Dickey +{}", card.dickey_bonus()));
    }
    parts.join(" · ")
}

/// "upper 48/63", or "upper 70 +35" once the bonus is earned (G3).
fn upper_progress(card: &Scorecard) -> String {
    let upper = card.upper_subtotal();
    if card.upper_bonus() > 0 {
        format!("upper {upper} +{}", card.upper_bonus())
    } else {
        format!("upper {upper}/{UPPER_BONUS_AT}")
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
fn ranked_cards(game: &Game, winners: &[usize], embed: EmbedView) -> EmbedView {
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
            None => format!("🚪 {} · {} (left)", who(seat), seat.total()),
        };
        embed.field(&name, &card_block(&seat.card), false)
    })
}

/// The totals ranked, one line per seat (a cancelled game).
fn totals(game: &Game) -> String {
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
                    seat_detail(&seat.card)
                ),
                None => format!("🚪 ~~{}~~ · {} (left)", who(seat), seat.total()),
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
fn card_block(card: &Scorecard) -> String {
    const LOWER: [&str; 7] = [
        "3 of a kind",
        "4 of a kind",
        "Full house",
        "Sm straight",
        "Lg straight",
        "Dickey",
        "Chance",
    ];
    let boxed = |c: Category| card.get(c).map_or("·".to_string(), |p| p.to_string());
    let upper_open = Category::UPPER.iter().any(|c| card.is_open(*c));
    let bonus = if card.upper_bonus() > 0 || !upper_open {
        card.upper_bonus().to_string()
    } else {
        "·".to_string()
    };
    let mut left: Vec<(&str, String)> = Category::UPPER
        .iter()
        .map(|&c| (c.name(), boxed(c)))
        .collect();
    left.push((
        "Upper",
        format!("{}/{UPPER_BONUS_AT}", card.upper_subtotal()),
    ));
    left.push(("Bonus", bonus));
    let mut right: Vec<(&str, String)> = Category::ALL[6..]
        .iter()
        .zip(LOWER)
        .map(|(&c, label)| (label, boxed(c)))
        .collect();
    right.push(("Dickey bonus", card.dickey_bonus().to_string()));
    let mut lines: Vec<String> = left
        .iter()
        .zip(&right)
        .map(|((l, lv), (r, rv))| format!("{l:<6}{lv:>7}  {r:<12}{rv:>5}"))
        .collect();
    lines.push(format!("{:<27}{:>5}", "Total", card.total()));
    format!("```\n{}\n```", lines.join("\n"))
}

fn name(seat: &Seat) -> String {
    display_name(&seat.name)
}

/// A seat's name, bot seats marked.
fn who(seat: &Seat) -> String {
    seat_name(seat.player, &seat.name)
}

/// How content addresses a seat: a person by mention (which pings them), a bot by name.
fn mention(seat: &Seat) -> String {
    seat_mention(seat.player, &seat.name)
}

// --- Rules and errors --------------------------------------------------------------------------

/// The rules as the bot plays them (../shared/RULES.md, G1–G7), in short.
pub fn rules() -> MessageView {
    let embed = EmbedView::new("🎲 How to play Get Dickey", colour::INFO)
        .description(&format!(
            "Five dice, three rolls a turn, thirteen boxes to fill. After {ROUNDS} rounds the \
             highest total wins; equal totals share the win."
        ))
        .field(
            "Players and rounds",
            &format!(
                "{MIN_SEATS} to {MAX_SEATS} players (a bot counts as one; you may play alone). \
                 In each of the {ROUNDS} rounds everyone has one turn, in seating order."
            ),
            false,
        )
        .field(
            "Your turn",
            "Roll all five dice. Then, up to two more times, hold the dice you want to keep and \
             roll the rest. After any roll you may score, and after the third you must: put the \
             roll in exactly one open box.",
            false,
        )
        .field(
            "Upper section",
            &format!(
                "Ones to Sixes: the sum of the dice showing that face (three 5s in Fives: 15). \
                 When the six upper boxes add up to {UPPER_BONUS_AT} or more, you get a bonus of \
                 {UPPER_BONUS}."
            ),
            false,
        )
        .field(
            "Lower section",
            &format!(
                "Three of a Kind, Four of a Kind (at least three, four dice alike): the sum of all \
                 five dice. Full House (three of one face and two of another): 25. Small \
                 Straight (four in a row): 30. Large Straight (five in a row): 40. Dickey (five \
                 alike): {DICKEY_POINTS}. Chance: the sum of all five dice."
            ),
            false,
        )
        .field(
            "Scratching",
            "Any roll may go in any open box; it scores 0 where it doesn't fit.",
            false,
        )
        .field(
            "🃏 More Dickeys",
            &format!(
                "Five alike again when your Dickey box is filled: if it holds {DICKEY_POINTS}, you \
                 get a **+{DICKEY_BONUS}** bonus. Either way the roll is a **joker** and must \
                 still fill a box: the upper box of its face if that is open; otherwise any open \
                 box, where Full House scores 25, Small Straight 30, Large Straight 40, Three or \
                 Four of a Kind and Chance the sum, and an upper box 0."
            ),
            false,
        )
        .field(
            "The total",
            "Upper boxes + upper bonus + lower boxes + Dickey bonuses.",
            false,
        )
        .field(
            "Time and leaving",
            &format!(
                "When your time runs out, the bot scores your roll in the open box worth most \
                 (rolling for you first if you hadn't); after {TIMEOUTS_BEFORE_LEAVING} timeouts \
                 in a row you leave the game. A player who leaves can't win."
            ),
            false,
        );
    MessageView::new("").embed(embed)
}

/// The answer to a refused action, as a message (sent ephemerally): [`error`]'s text.
pub fn refusal(err: &RuleError) -> MessageView {
    MessageView::new(&error(err))
}

/// A short text for the player whose action was refused.
pub fn error(err: &RuleError) -> String {
    match err {
        RuleError::AlreadyStarted => "This game has already started.".to_string(),
        RuleError::NotStarted => "The game hasn't started yet.".to_string(),
        RuleError::GameOver => "This game is over.".to_string(),
        RuleError::AlreadySeated => "You're already at this table.".to_string(),
        RuleError::TableFull => format!("The table is full ({MAX_SEATS} seats)."),
        RuleError::NotSeated => "You're not playing at this table.".to_string(),
        RuleError::NotHost => "Only the host can do that.".to_string(),
        RuleError::NotYourTurn => "It's not your turn.".to_string(),
        RuleError::MustRollFirst => "Roll the dice first.".to_string(),
        RuleError::NoRollsLeft => {
            format!("You've rolled {MAX_ROLLS} times: score the roll in an open box.")
        }
        RuleError::AllHeld => {
            "All five dice are held: release one to roll, or score the roll.".to_string()
        }
        RuleError::NoSuchDie(_) => "There's no such die: there are five.".to_string(),
        RuleError::BoxFilled(category) => {
            format!("Your {} box is already filled.", category.name())
        }
        RuleError::JokerMustFillUpper(category) => format!(
            "Five alike with your Dickey box filled is a joker: it must go in {} while that is \
             open.",
            category.name()
        ),
        RuleError::CardFull => "Every box of your scorecard is filled.".to_string(),
        RuleError::EmptyName => "A seat needs a name.".to_string(),
    }
}
