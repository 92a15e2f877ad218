//! The *For Get It* messages: the lobby, the turn in progress and its result, game over, the
//! scoreboard, the rules and the errors a player sees. Every function is pure: a game (and the
//! [`DiceStyle`] to draw dice with) in, a [`MessageView`] out.
//!
//! Content mentions people (`<@id>`, which pings them) and names bot seats; embeds name everyone
//! by their seat name, cut to [`NAME_CHARS`](super::view::NAME_CHARS) characters and escaped.

use std::cmp::Reverse;

use crate::engine::forgetit::{
    Action, DieRoll, DieState, Face, Game, Phase, RuleError, Seat, Step, Turn, TurnEnd, TurnResult,
    Word, DEFAULT_TARGET, DICE, MAX_SEATS, MAX_TARGET, MIN_SEATS, TIMEOUTS_BEFORE_LEAVING,
};
use crate::engine::Player;
use crate::strategy::solver::{Choice, Odds, Situation};

use super::dice::DiceStyle;
use super::view::{
    colour, count, display_name, list, place, seat_mention, seat_name, ButtonStyle, ButtonView,
    EmbedView, MessageView, UiAction,
};

/// The lobby message through its life: the open table with its buttons; once started, the
/// roll-off (F2) and the playing order; a table cancelled before it started. No buttons once the
/// table is no longer open.
pub fn lobby(game: &Game) -> MessageView {
    match game.phase {
        Phase::Lobby => open_table(game),
        _ if game.rolloff.is_empty() => MessageView::new("").embed(
            EmbedView::new("🎲 For Get It · table closed", colour::NOTHING)
                .description("This table was cancelled before the game started."),
        ),
        _ => started(game),
    }
}

fn open_table(game: &Game) -> MessageView {
    let seated = game.seats.len();
    let full = seated >= MAX_SEATS;
    let status = if seated < MIN_SEATS {
        let more = (MIN_SEATS - seated) as u64;
        format!(
            "Waiting for {} to start.",
            count(more, "more player", "more players")
        )
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
    let embed = EmbedView::new("🎲 For Get It · new table", colour::LOBBY)
        .description(&format!(
            "First to **{}** points wins.\n{status}",
            game.settings.target
        ))
        .field(
            &format!("Players ({seated}/{MAX_SEATS})"),
            &seats.join("\n"),
            false,
        )
        .footer("Join to play, or add a bot to play against. The host starts the game.");
    MessageView::new("🎲 A table of **For Get It** is open: press **Join** to play!")
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

/// The lobby once the game started: the roll-off rounds (the last few, if it tied for long) and
/// the playing order. Each player rolled one die of no particular kind, so its number is shown
/// plainly.
fn started(game: &Game) -> MessageView {
    const SHOWN_ROUNDS: usize = 4;
    let rounds = &game.rolloff;
    let skipped = rounds.len().saturating_sub(SHOWN_ROUNDS);
    let mut lines = vec!["**Roll-off**: the highest number goes first, a word loses.".to_string()];
    if skipped > 0 {
        lines.push(format!(
            "… {} …",
            count(skipped as u64, "tied round", "tied rounds")
        ));
    }
    for (i, round) in rounds.iter().enumerate().skip(skipped) {
        let rolls: Vec<String> = round
            .iter()
            .map(|&(seat, face)| {
                let face = match face {
                    Face::Pip(number) => format!("**{number}**"),
                    Face::Word => "*word*".to_string(),
                };
                format!("{} {face}", name(&game.seats[seat]))
            })
            .collect();
        let rolls = rolls.join(" · ");
        lines.push(if rounds.len() > 1 {
            format!("Round {}: {rolls}", i + 1)
        } else {
            rolls
        });
    }
    if let Some(first) = game.first_seat() {
        lines.push(format!("**{}** goes first.", name(&game.seats[first])));
    }
    let order: Vec<String> = play_order(game)
        .enumerate()
        .map(|(i, seat)| format!("{}. {}", i + 1, who(&game.seats[seat])))
        .collect();
    let embed = EmbedView::new("🎲 For Get It · the game is on!", colour::LOBBY)
        .description(&lines.join("\n"))
        .field("Playing order", &order.join("\n"), false)
        .footer(&format!("First to {} points wins.", game.settings.target));
    MessageView::new("🎲 The game of **For Get It** has started!").embed(embed)
}

/// The message of the turn in progress: who is on turn, the dice, the turn score and the
/// scoreboard, with a button for each of the player's legal actions, and **Odds** (for anyone,
/// once the turn's first roll is made). A bot seat's turn has no buttons, since nobody may press
/// them. With no turn in progress (the game ended without one, or has not started) it is
/// [`game_over`]: where the game stands, without buttons.
pub fn turn(game: &Game, style: &DiceStyle) -> MessageView {
    let Phase::Playing { turn } = &game.phase else {
        return game_over(game);
    };
    let seat = &game.seats[turn.seat];
    let danger = last_word(turn).is_some_and(|(_, in_hand)| in_hand > 0);
    let (content, actions) = match seat.player {
        Player::Person(_) => (
            format!("{}, your turn!", mention(seat)),
            game.legal_actions(),
        ),
        Player::Bot(_) => (format!("🤖 {} is playing.", mention(seat)), Vec::new()),
    };
    let mut keep = Vec::new();
    let mut play = Vec::new();
    for action in actions {
        match action {
            Action::ChoosePoint { number, .. } => keep.push(ButtonView::new(
                &format!("Keep {number}s"),
                ButtonStyle::Primary,
                UiAction::Choose(number),
            )),
            Action::Roll { .. } => {
                let look = if danger {
                    ButtonStyle::Danger
                } else {
                    ButtonStyle::Primary
                };
                play.push(ButtonView::new(&roll_label(turn), look, UiAction::Roll));
            }
            Action::Bank { .. } => play.push(ButtonView::new(
                &format!("Bank {}", turn.score()),
                ButtonStyle::Success,
                UiAction::Bank,
            )),
            _ => {}
        }
    }
    if !seat.player.is_bot() && turn.rolls > 0 {
        // At most four numbers can be kept (nine dice), so with Roll and Bank the rows stay
        // within five buttons.
        play.push(ButtonView::new(
            "Odds",
            ButtonStyle::Secondary,
            UiAction::Odds,
        ));
    }
    let colour = if danger {
        colour::DANGER
    } else {
        colour::PLAYING
    };
    let embed = turn_embed(game, turn, style, None, colour).description(&prompt(turn));
    MessageView::new(&content)
        .embed(embed)
        .embed(scoreboard(game))
        .row(keep)
        .row(play)
}

/// The answer to **Odds**, privately to whoever clicked: for the turn in progress, the chance that
/// the next roll spells FORGET IT (exact), the expected final score of the turn for each choice
/// open now (optimal play from then on) and what the optimal player would do. `odds` is the
/// solver's answer for `game`'s turn.
pub fn odds(game: &Game, odds: &Odds) -> MessageView {
    let player = game
        .turn()
        .ok()
        .map(|turn| name(&game.seats[turn.seat]))
        .unwrap_or_default();
    let mut embed = EmbedView::new(&format!("📊 Odds · {player}'s turn"), colour::INFO);
    embed = match &odds.situation {
        Situation::Roll {
            forget_it,
            expected,
        } => {
            let first = if odds.rolls == 0 {
                "The turn starts with a roll of all nine dice."
            } else {
                "No point number yet: the dice in hand must be rolled again."
            };
            embed
                .description(&format!(
                    "{first}\n**Chance this roll spells FORGET IT:** {}",
                    chance(*forget_it)
                ))
                .field("Expected score of the turn", &points(*expected), true)
        }
        Situation::Choose { options } => {
            let mut embed = embed.description(
                "Choose the point number. Expected score of the turn for each choice, and the \
                 chance that the roll after it spells FORGET IT:",
            );
            for option in options {
                embed = embed.field(
                    &format!("Keep {}s", option.number),
                    &format!(
                        "{}\nFORGET IT next: {}",
                        points(option.expected),
                        chance(option.forget_it)
                    ),
                    true,
                );
            }
            embed
        }
        Situation::BankOrRoll {
            forget_it,
            bank,
            roll,
            new_set,
        } => {
            let next = if *new_set {
                "\nAll nine dice are set aside: the next roll starts a new set of nine."
            } else {
                ""
            };
            embed
                .description(&format!(
                    "**Chance the next roll spells FORGET IT:** {}{next}",
                    chance(*forget_it)
                ))
                .field("Roll on", &points(*roll), true)
                .field("Bank now", &format!("**{bank}**"), true)
        }
    };
    let best = match (odds.best, &odds.situation) {
        (Choice::Keep(number), _) => format!("Keep the **{number}s**."),
        (Choice::Bank, Situation::BankOrRoll { bank, .. }) => format!("**Bank {bank}**."),
        (Choice::Bank, _) => "**Bank**.".to_string(),
        (Choice::Roll, Situation::BankOrRoll { .. }) => "**Roll on**.".to_string(),
        (Choice::Roll, _) => "**Roll**.".to_string(),
    };
    let embed = embed.field("The best play", &best, false).footer(
        "Only you see this. Expected scores assume the best play from here on and count \
             this turn only, not the race to the target.",
    );
    MessageView::new("").embed(embed)
}

/// A chance as a percentage, with "1 in N" when it is not 0: "16.67% (1 in 6)".
fn chance(p: f64) -> String {
    if p <= 0.0 {
        return "0% (no die in hand can spell it)".to_string();
    }
    let one_in = 1.0 / p;
    let one_in = if one_in < 9.95 {
        format!("{one_in:.1}").trim_end_matches(".0").to_string()
    } else {
        format!("{one_in:.0}")
    };
    format!("{:.2}% (1 in {one_in})", p * 100.0)
}

/// An expected score: "expected **43.6**".
fn points(expected: f64) -> String {
    format!("expected **{expected:.1}**")
}

/// The turn message once the turn has ended, without buttons: how it ended (banked, FORGET IT,
/// timed out, left), the dice as they ended and the new total. `game` is the game just after the
/// turn (so `result` is usually `game.last_turn`).
pub fn turn_result(game: &Game, result: &TurnResult, style: &DiceStyle) -> MessageView {
    let seat = &game.seats[result.turn.seat];
    let player = name(seat);
    let lost = if result.lost > 0 {
        format!(" ({} lost)", count(result.lost.into(), "point", "points"))
    } else {
        String::new()
    };
    let banked = format!(
        "{player} banked **{}**. Total: **{}**.",
        result.points, seat.total
    );
    let (colour, mut outcome) = match result.end {
        TurnEnd::Banked => (colour::BANKED, format!("✅ {banked}")),
        TurnEnd::ForgetIt => (
            colour::FORGET_IT,
            format!("💥 **FORGET IT!** FOR, GET and IT in one set: the turn scores 0{lost}."),
        ),
        TurnEnd::TimedOut if result.points > 0 => {
            (colour::BANKED, format!("⏰ Time's up: {banked}"))
        }
        TurnEnd::TimedOut => (
            colour::NOTHING,
            "⏰ Time's up with no point number: the turn scores 0.".to_string(),
        ),
        TurnEnd::Left => (colour::NOTHING, format!("🚪 {player} left the game{lost}.")),
    };
    if result.end == TurnEnd::TimedOut && !seat.is_playing() {
        outcome.push_str(&format!(
            "\n🚪 {player} left the game after {TIMEOUTS_BEFORE_LEAVING} timeouts in a row."
        ));
    }
    let embed = turn_embed(game, &result.turn, style, Some(result), colour).description(&outcome);
    MessageView::new("").embed(embed)
}

/// The end of the game: the winner (or the winners sharing the win, F10) and the final
/// standings; or a cancelled game with the scores as they stood. No buttons. Before the end it
/// is the scoreboard.
pub fn game_over(game: &Game) -> MessageView {
    match &game.phase {
        Phase::Finished { winners } => {
            let names: Vec<String> = winners
                .iter()
                .map(|&i| format!("**{}**", name(&game.seats[i])))
                .collect();
            let mentions: Vec<String> = winners.iter().map(|&i| mention(&game.seats[i])).collect();
            let best = winners.first().map(|&i| game.seats[i].total);
            let (content, headline) = match best {
                None => (
                    "🏁 The game of **For Get It** is over.".to_string(),
                    "Nobody is left at the table to win.".to_string(),
                ),
                Some(best) if winners.len() == 1 => (
                    format!("🏆 {} wins **For Get It**!", mentions[0]),
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
            let embed = EmbedView::new("🏆 For Get It · game over", colour::WINNER)
                .description(&format!("{headline}\n\n{}", standings(game, winners)))
                .footer(&format!("Played to {} points.", game.settings.target));
            MessageView::new(&content).embed(embed)
        }
        Phase::Cancelled => {
            let description = if game.rolloff.is_empty() {
                "This game was cancelled before it started.".to_string()
            } else {
                format!(
                    "This game was cancelled. The scores as they stood:\n\n{}",
                    standings(game, &[])
                )
            };
            MessageView::new("The game of **For Get It** was cancelled.").embed(
                EmbedView::new("🎲 For Get It · cancelled", colour::NOTHING)
                    .description(&description),
            )
        }
        Phase::Lobby | Phase::Playing { .. } => scores(game),
    }
}

/// The scoreboard alone (for `/forgetit scores`); it needs no buttons, so it can be ephemeral.
pub fn scores(game: &Game) -> MessageView {
    MessageView::new("").embed(scoreboard(game))
}

/// Every seat's total in playing order, the seat on turn marked, seats that left struck out,
/// the last turns announced once someone reached the target (F10, 🏁), and the target.
fn scoreboard(game: &Game) -> EmbedView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let mut lines: Vec<String> = play_order(game)
        .map(|i| {
            let seat = &game.seats[i];
            let reached = if game.final_round == Some(i) {
                " 🏁"
            } else {
                ""
            };
            if !seat.is_playing() {
                format!("🚪 ~~{}~~ · {} (left)", who(seat), seat.total)
            } else if on_turn == Some(i) {
                format!("🎲 **{}** · **{}**{reached}", who(seat), seat.total)
            } else {
                format!("• {} · {}{reached}", who(seat), seat.total)
            }
        })
        .collect();
    if let (Some(i), Phase::Playing { .. }) = (game.final_round, &game.phase) {
        let seat = &game.seats[i];
        lines.push(format!(
            "\n⏳ **Last turns!** {} reached the target with {}: everyone else gets one more turn.",
            name(seat),
            seat.total
        ));
    }
    EmbedView::new("Scores", colour::INFO)
        .description(&lines.join("\n"))
        .footer(&format!("First to {} points wins.", game.settings.target))
}

/// The seats still playing ranked by total (equal totals share a rank; winners get a trophy),
/// then the seats that left.
fn standings(game: &Game, winners: &[usize]) -> String {
    let mut playing: Vec<usize> = (0..game.seats.len())
        .filter(|&i| game.seats[i].is_playing())
        .collect();
    playing.sort_by_key(|&i| Reverse(game.seats[i].total));
    let mut lines = Vec::new();
    let mut rank = 0;
    for (position, &i) in playing.iter().enumerate() {
        let seat = &game.seats[i];
        if position == 0 || seat.total != game.seats[playing[position - 1]].total {
            rank = position + 1;
        }
        let trophy = if winners.contains(&i) { " 🏆" } else { "" };
        lines.push(format!(
            "{} {} · **{}**{trophy}",
            place(rank as u64),
            who(seat),
            seat.total
        ));
    }
    for seat in game.seats.iter().filter(|s| !s.is_playing()) {
        lines.push(format!("🚪 ~~{}~~ · {} (left)", who(seat), seat.total));
    }
    lines.join("\n")
}

/// The turn's embed: title, and once the turn has rolled, the last roll, the words set aside in
/// this set, the point dice and the turn score; while the turn is live (`result` is `None`) also
/// the FORGET IT warning and the dice in hand.
fn turn_embed(
    game: &Game,
    turn: &Turn,
    style: &DiceStyle,
    result: Option<&TurnResult>,
    colour: u32,
) -> EmbedView {
    let mut title = format!("Turn {} · {}", turn.number, who(&game.seats[turn.seat]));
    if turn.set > 1 {
        title.push_str(&format!(" · set {}", turn.set));
    }
    let embed = EmbedView::new(&title, colour);
    if turn.rolls == 0 {
        return embed;
    }
    let none = if result.is_none() { "none yet" } else { "none" };
    let word_dice: Vec<DieRoll> = (0..DICE)
        .filter(|&d| turn.dice[d] == DieState::Word)
        .map(|d| DieRoll {
            die: d as u8,
            face: Face::Word,
        })
        .collect();
    let mut words = if word_dice.is_empty() {
        none.to_string()
    } else {
        style.roll(&word_dice)
    };
    if result.is_none() {
        if let Some(note) = words_note(turn) {
            words.push('\n');
            words.push_str(&note);
        }
    }
    let words_title = if turn.set > 1 {
        format!("Words set aside (set {})", turn.set)
    } else {
        "Words set aside".to_string()
    };
    let point_dice = match turn.point {
        Some(point) => {
            let bonus = match turn.multiplier() {
                1 => String::new(),
                m => format!(" · ×{m} bonus"),
            };
            format!("{} × {}{bonus}", turn.point_dice(), style.number(point))
        }
        None => none.to_string(),
    };
    let formula = score_formula(turn);
    let embed = embed
        .field(
            &format!("Roll #{}", turn.rolls),
            &style.roll(&turn.last_roll),
            false,
        )
        .field(&words_title, &words, false)
        .field("Point dice", &point_dice, true);
    match result {
        None => {
            let hand = turn.in_hand();
            let in_hand = if hand.is_empty() {
                "none: all nine set aside".to_string()
            } else {
                format!("{} ({})", style.kinds_of(&hand), hand.len())
            };
            embed
                .field("In hand", &in_hand, true)
                .field("Turn score", &formula, true)
        }
        Some(result) if result.points != turn.score() => embed.field(
            "Turn score",
            &format!("~~{formula}~~ → **{}**", result.points),
            true,
        ),
        Some(_) => embed.field("Turn score", &formula, true),
    }
}

/// F9: "6 × 3 × 4 = **72**" (the multiplier left out when it is ×1); 0 before a point number.
fn score_formula(turn: &Turn) -> String {
    let Some(point) = turn.point else {
        return "0".to_string();
    };
    match turn.multiplier() {
        1 => format!("{} × {point} = **{}**", turn.point_dice(), turn.score()),
        m => format!(
            "{} × {point} × {m} = **{}**",
            turn.point_dice(),
            turn.score()
        ),
    }
}

/// What the player on turn is to do now (F3, F5, F7, F8).
fn prompt(turn: &Turn) -> String {
    let in_hand = count(turn.in_hand().len() as u64, "die", "dice");
    match &turn.step {
        Step::Roll if turn.rolls == 0 => "Roll all nine dice to start the turn.".to_string(),
        Step::Roll => format!("No number showed on two dice: roll the {in_hand} in hand again."),
        Step::ChoosePoint { options } => {
            let options: Vec<String> = options.iter().map(|n| format!("**{n}s**")).collect();
            format!(
                "Choose the point number: keep the {}.",
                list(&options, "or")
            )
        }
        Step::BankOrRoll if turn.all_set_aside() => format!(
            "All nine dice set aside! Bank **{}**, or roll all nine to start set {}.",
            turn.score(),
            turn.set + 1
        ),
        Step::BankOrRoll => format!("Bank **{}**, or roll the {in_hand} in hand.", turn.score()),
    }
}

fn roll_label(turn: &Turn) -> String {
    if turn.rolls == 0 {
        "Roll".to_string()
    } else if turn.all_set_aside() {
        "Roll all nine".to_string()
    } else {
        format!("Roll {}", count(turn.in_hand().len() as u64, "die", "dice"))
    }
}

/// The one word the current set still lacks to spell FORGET IT (F4), with how many dice of it
/// are in hand; `None` when two or three words are missing, or when all nine dice are set aside
/// (the next roll starts a new set, F8).
fn last_word(turn: &Turn) -> Option<(Word, usize)> {
    if turn.all_set_aside() {
        return None;
    }
    let out = turn.words_this_set();
    let missing: Vec<Word> = Word::ALL.into_iter().filter(|w| !out.contains(w)).collect();
    let [word] = missing[..] else {
        return None;
    };
    let in_hand = turn
        .in_hand()
        .into_iter()
        .filter(|&d| Word::of_die(d) == word)
        .count();
    Some((word, in_hand))
}

/// The danger line under the words set aside (F4, F8).
fn words_note(turn: &Turn) -> Option<String> {
    if turn.all_set_aside() {
        return Some(format!(
            "The next roll starts set {}: these words stop counting.",
            turn.set + 1
        ));
    }
    let (word, in_hand) = last_word(turn)?;
    let word = word.text();
    Some(if in_hand > 0 {
        format!("⚠️ One **{word}** now spells FORGET IT!")
    } else {
        format!("🛡️ No {word} die in hand: this set is safe.")
    })
}

/// Seats in playing order: from the roll-off winner round the table (F2); seating order before
/// the game starts.
fn play_order(game: &Game) -> impl Iterator<Item = usize> {
    let seats = game.seats.len();
    let first = game.first_seat().unwrap_or(0);
    (0..seats).map(move |i| (first + i) % seats)
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

/// The rules as the bot plays them (../shared/RULES.md, F1–F10), in short.
pub fn rules() -> MessageView {
    let embed = EmbedView::new("🎲 How to play For Get It", colour::INFO)
        .description(&format!(
            "Nine dice, push your luck, and don't spell **FORGET IT**. Play to the target: \
             **{DEFAULT_TARGET}** points, unless the table picks another."
        ))
        .field(
            "The dice",
            "Three FOR dice (red), three GET dice (white) and three IT dice (blue). Each shows \
             1 to 5, or its own word.",
            false,
        )
        .field(
            "Who starts",
            &format!(
                "{MIN_SEATS} to {MAX_SEATS} players; a bot counts as one. Everyone rolls one \
                 die: the highest number goes first (any number beats a word), ties roll again. \
                 Then play goes round the table in joining order."
            ),
            false,
        )
        .field(
            "Your turn",
            "Roll all nine dice. Every word is set aside. Then keep a number that shows on at \
             least two dice: it is your **point number**, and those dice are set aside. No pair? \
             Roll the rest again until one shows. You can't bank before you have a point number.",
            false,
        )
        .field(
            "Bank or roll",
            "After each roll, the words and the dice showing your point number are set aside, \
             nothing else. Then **bank** your score, or **roll** the dice still in hand. A roll \
             that sets nothing aside costs nothing.",
            false,
        )
        .field(
            "💥 FORGET IT",
            "If the words set aside in a set include a FOR, a GET and an IT, you have spelled \
             FORGET IT: your turn ends at once and scores 0, losing every point of the turn.",
            false,
        )
        .field(
            "All nine set aside",
            "Bank, or roll all nine again to start a new set: the words of the old set stop \
             counting, your point number stays. A FORGET IT in a new set still loses the whole \
             turn.",
            false,
        )
        .field(
            "Scoring",
            "Point dice × point number, doubled for four point dice, tripled for five, \
             quadrupled for six or more. Three 4s score 12; six 3s score 6 × 3 × 4 = 72.",
            false,
        )
        .field(
            "The end",
            "Once someone's total reaches the target, everyone else gets one last turn. The \
             highest total wins; equal totals share the win.",
            false,
        )
        .field(
            "Time and leaving",
            &format!(
                "When your time runs out, your turn is banked if you had a point number, else it \
                 scores 0; after {TIMEOUTS_BEFORE_LEAVING} timeouts in a row you leave the game. \
                 A player who leaves can't win."
            ),
            false,
        );
    MessageView::new("").embed(embed)
}

/// A short text for the player whose action was refused (sent ephemerally).
pub fn error(err: &RuleError) -> String {
    match err {
        RuleError::AlreadyStarted => "This game has already started.".to_string(),
        RuleError::NotStarted => "The game hasn't started yet.".to_string(),
        RuleError::GameOver => "This game is over.".to_string(),
        RuleError::AlreadySeated => "You're already at this table.".to_string(),
        RuleError::TableFull => format!("The table is full ({MAX_SEATS} seats)."),
        RuleError::NotSeated => "You're not playing at this table.".to_string(),
        RuleError::NotHost => "Only the host can do that.".to_string(),
        RuleError::TooFewPlayers => format!(
            "You need at least {MIN_SEATS} players to start: wait for someone to join, or add a bot."
        ),
        RuleError::NotYourTurn => "It's not your turn.".to_string(),
        RuleError::MustChoosePoint => "Choose your point number first.".to_string(),
        RuleError::NoPointChosen => {
            "You can't bank yet: roll until a number shows on two dice, and keep it.".to_string()
        }
        RuleError::NothingToChoose => "There's nothing to choose now: roll first.".to_string(),
        RuleError::NotANumber(n) => format!("{n} isn't a point number: it's 1 to 5."),
        RuleError::NotRolledTwice(n) => format!("You can only keep a number that shows on two dice, and {n} doesn't."),
        RuleError::BadTarget(_) => format!("The target must be between 1 and {MAX_TARGET} points."),
        RuleError::EmptyName => "A seat needs a name.".to_string(),
        RuleError::RollOffUndecided => {
            "The roll-off for who goes first stayed tied: please start again.".to_string()
        }
    }
}
