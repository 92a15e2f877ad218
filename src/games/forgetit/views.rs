//! The *For Get It* messages: the lobby, the turn in progress and its result, game over, the
//! scoreboard, the rules and the errors a player sees. Every function is pure: a game (and the
//! [`DiceStyle`] to draw dice with) in, a [`MessageView`] out.
//!
//! Content mentions people (`<@id>`, which pings them) and names bot seats; embeds name everyone
//! by their seat name, cut to [`NAME_CHARS`](crate::render::view::NAME_CHARS) characters and escaped.

use crate::engine::{Intent, Player};
use crate::games::forgetit::solver::{Choice, Goal, Odds, Situation, WinOdds};
use crate::games::forgetit::{
    Action, DieRoll, DieState, Ending, Face, Game, GameError, Move, Phase, Step, Turn, TurnEnd,
    TurnResult, Word, DEFAULT_TARGET, DICE, MAX_TARGET, MIN_SEATS, TIMEOUTS_BEFORE_LEAVING,
};

use crate::i18n::Lang;
use crate::render::dice::DiceStyle;
use crate::render::lobby::Opening;
use crate::render::notice::ErrorText;
pub use crate::render::notice::{error, refusal};
use crate::render::over::{self};
use crate::render::seat::{mention, name, who};
use crate::render::stats::{per, percent, GameStats, StatsView};
use crate::tr;
use fluent_bundle::FluentArgs;

use super::review::FgiAct;
use crate::render::review::ActText;
use crate::render::view::{
    colour, decimal, list, to_win, ButtonStyle, ButtonView, EmbedView, MessageView,
};

/// The lobby message through its life: the open table with its buttons; once started, the
/// roll-off (F2) and the playing order; a table cancelled before it started. No buttons once the
/// table is no longer open.
pub fn lobby(game: &Game, lang: Lang) -> MessageView {
    let opening = Opening {
        about: tr!(lang, "fgi-lobby-target", target = game.settings.target),
        waiting: tr!(
            lang,
            "lobby-waiting",
            n = MIN_SEATS - game.seats.len().min(MIN_SEATS)
        ),
        closed: game.state.rolloff.is_empty(),
    };
    crate::render::lobby::lobby(game, opening, || started(game, lang), lang)
}

/// The lobby once the game started: the roll-off rounds (the last few, if it tied for long) and
/// the playing order. Each player rolled one die of no particular kind, so its number is shown
/// plainly.
fn started(game: &Game, lang: Lang) -> MessageView {
    const SHOWN_ROUNDS: usize = 4;
    let rounds = &game.state.rolloff;
    let skipped = rounds.len().saturating_sub(SHOWN_ROUNDS);
    let mut lines = vec![tr!(lang, "fgi-rolloff")];
    if skipped > 0 {
        lines.push(tr!(lang, "fgi-rolloff-skipped", n = skipped));
    }
    for (i, round) in rounds.iter().enumerate().skip(skipped) {
        let rolls: Vec<String> = round
            .iter()
            .map(|&(seat, face)| {
                let face = match face {
                    Face::Pip(number) => format!("**{number}**"),
                    Face::Word => tr!(lang, "fgi-rolloff-word"),
                };
                format!("{} {face}", name(&game.seats[seat]))
            })
            .collect();
        let rolls = rolls.join(" · ");
        lines.push(if rounds.len() > 1 {
            tr!(lang, "fgi-rolloff-round", n = i + 1, rolls = rolls)
        } else {
            rolls
        });
    }
    if let Some(first) = game.first_seat() {
        lines.push(tr!(lang, "fgi-goes-first", name = name(&game.seats[first])));
    }
    let order: Vec<String> = play_order(game)
        .enumerate()
        .map(|(i, seat)| format!("{}. {}", i + 1, who(&game.seats[seat])))
        .collect();
    let embed = EmbedView::new(&tr!(lang, "fgi-started-title"), colour::LOBBY)
        .description(&lines.join("\n"))
        .field(&tr!(lang, "playing-order"), &order.join("\n"), false)
        .footer(&tr!(lang, "footer-target", target = game.settings.target));
    MessageView::new(&tr!(lang, "fgi-started-content")).embed(embed)
}

/// The message of the turn in progress: who is on turn, the dice, the turn score and the
/// scoreboard, with a button for each of the player's legal actions, and **Odds** (for anyone,
/// once the turn's first roll is made). A bot seat's turn has no buttons, since nobody may press
/// them. With no turn in progress (the game ended without one, or has not started) it is
/// [`game_over`]: where the game stands, without buttons (not even Rematch: the game's end is posted
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
    let danger = last_word(turn).is_some_and(|(_, in_hand)| in_hand > 0);
    let banking = last_bank(game, turn);
    let (content, actions) = match seat.player {
        Player::Person(_) => (
            tr!(lang, "turn-yours", who = mention(seat)),
            game.legal_actions(),
        ),
        Player::Bot(_) => (tr!(lang, "turn-bot", who = mention(seat)), Vec::new()),
    };
    let mut keep = Vec::new();
    let mut play = Vec::new();
    for action in actions {
        match action {
            Action::Play {
                mv: Move::ChoosePoint(number),
                ..
            } => keep.push(ButtonView::new(
                &tr!(lang, "fgi-button-keep", n = number),
                ButtonStyle::Primary,
                Intent::Play(Move::ChoosePoint(number)),
            )),
            Action::Play { mv: Move::Roll, .. } => play.push(ButtonView::new(
                &roll_label(turn, lang),
                roll_style(danger, banking),
                Intent::Play(Move::Roll),
            )),
            Action::Play { mv: Move::Bank, .. } => play.push(ButtonView::new(
                &bank_label(game, turn, lang),
                bank_style(banking),
                Intent::Play(Move::Bank),
            )),
            _ => {}
        }
    }
    if !seat.player.is_bot() && turn.rolls > 0 {
        // At most four numbers can be kept (nine dice), so with Roll and Bank the rows stay
        // within five buttons.
        play.push(ButtonView::new(
            &tr!(lang, "fgi-button-odds"),
            ButtonStyle::Secondary,
            Intent::<Move>::Odds,
        ));
    }
    let colour = if danger {
        colour::DANGER
    } else {
        colour::PLAYING
    };
    let embed = turn_embed(game, turn, style, colour, lang).description(&prompt(turn, lang));
    let mut content = content;
    if let Some(need) = game.last_turn_need() {
        content.push('\n');
        content.push_str(&tr!(
            lang,
            "fgi-last-turn-need",
            name = name(seat),
            win = need.win,
            tie = need.tie
        ));
    }
    if let Some(reading) = reading(turn, lang) {
        content.push('\n');
        content.push_str(&reading);
    }
    MessageView::new(&content)
        .embed(embed)
        .embed(scoreboard(game, lang))
        .row(keep)
        .row(play)
}

/// What banking the turn's points now would end in, in a last turn (F10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LastBank {
    /// Above every other total: the win.
    Wins,
    /// Level with the highest other total: a shared win.
    Ties,
    /// Below it: banking cannot win, only rolling on can.
    Short,
}

/// What banking now would end in, in a last turn (F10); `None` before the last turns. Before a
/// point number is chosen the turn has no points, so banking is short (and not yet allowed).
fn last_bank(game: &Game, turn: &Turn) -> Option<LastBank> {
    let need = game.last_turn_need()?;
    let points = turn.score();
    Some(if points >= need.win {
        LastBank::Wins
    } else if points == need.tie {
        LastBank::Ties
    } else {
        LastBank::Short
    })
}

/// Bank's colour says what it does: green where banking ends the turn well (always, before the
/// last turns; in a last turn, only a Bank that wins), blurple for one that only ties, grey for
/// one that cannot win (F10).
fn bank_style(banking: Option<LastBank>) -> ButtonStyle {
    match banking {
        None | Some(LastBank::Wins) => ButtonStyle::Success,
        Some(LastBank::Ties) => ButtonStyle::Primary,
        Some(LastBank::Short) => ButtonStyle::Secondary,
    }
}

/// Roll's colour: red when one more word in hand could spell FORGET IT and lose points that
/// banking would keep (F4); blurple otherwise, and in a last turn whose Bank cannot win (F10),
/// where rolling on is the only way to win and losing the points loses nothing banking keeps.
fn roll_style(danger: bool, banking: Option<LastBank>) -> ButtonStyle {
    match banking {
        Some(LastBank::Short) => ButtonStyle::Primary,
        _ if danger => ButtonStyle::Danger,
        _ => ButtonStyle::Primary,
    }
}

/// "Bank 75"; in the last turns (F10) it says when banking cannot win ("· not enough") or only
/// ties ("· ties"). It banks all the same.
fn bank_label(game: &Game, turn: &Turn, lang: Lang) -> String {
    let key = match last_bank(game, turn) {
        Some(LastBank::Short) => "fgi-button-bank-short",
        Some(LastBank::Ties) => "fgi-button-bank-ties",
        None | Some(LastBank::Wins) => "fgi-button-bank",
    };
    tr!(lang, key, points = turn.score())
}

/// The answer to **Odds**, privately to whoever clicked (`asker`): for the turn in progress, the
/// chance that the next roll spells FORGET IT (exact), what each choice open now is worth and what
/// the bot seats would do. Each choice is judged as the bot seats play: by the expected final
/// score of the turn (optimal play from then on), or, where they play to win (the last turn, the
/// race to the target: `odds.win`), by the chance of winning against every other seat, said in
/// words. `odds` is the solver's answer for `game`'s turn. It speaks to the player on turn as
/// "you" and of them by name to anyone else, in `lang` (the asker's), and names each choice by
/// its button as the table's message shows it (in `table_lang`).
pub fn odds(game: &Game, odds: &Odds, asker: Player, lang: Lang, table_lang: Lang) -> MessageView {
    let Ok(turn) = game.turn() else {
        return crate::render::notice(crate::render::Notice::NoTurn, lang);
    };
    let player = name(&game.seats[turn.seat]);
    let whose = crate::render::seat::whose(&game.seats[turn.seat], asker);
    let mut embed = EmbedView::new(
        &tr!(
            lang,
            "odds-title",
            name = player.as_str(),
            round = turn.round
        ),
        colour::INFO,
    );
    // Played to win, and some play can still win: chances; else expected points.
    let win = odds.win.as_ref().filter(|win| win.now > 0.0);
    let goal = odds
        .win
        .as_ref()
        .map(|win| goal_text(game, &win.goal, whose, &player, lang));
    embed = match &odds.situation {
        Situation::Roll {
            forget_it,
            expected,
        } => {
            let first = if odds.rolls == 0 {
                tr!(lang, "odds-first-roll")
            } else {
                tr!(lang, "odds-no-point")
            };
            let (title, value) = match win {
                Some(win) => (tr!(lang, "odds-win-turn"), to_win(win.now, lang)),
                None => (tr!(lang, "odds-expected-turn"), points(*expected, lang)),
            };
            embed
                .description(&lines([
                    goal.clone(),
                    Some(first),
                    Some(tr!(
                        lang,
                        "odds-chance-this",
                        chance = chance(*forget_it, lang)
                    )),
                ]))
                .field(&title, &value, true)
        }
        Situation::Choose { options } => {
            let key = match win {
                Some(_) => "odds-choose-win",
                None => "odds-choose",
            };
            let intro = tr!(lang, key, asker = whose, name = player.as_str());
            let mut embed = embed.description(&lines([goal.clone(), Some(intro)]));
            for (i, option) in options.iter().enumerate() {
                let worth = match win.and_then(|win| win.keeps.get(i)) {
                    Some(&p) => to_win(p, lang),
                    None => points(option.expected, lang),
                };
                embed = embed.field(
                    &tr!(table_lang, "fgi-button-keep", n = option.number),
                    &format!(
                        "{worth}\n{}",
                        tr!(lang, "odds-next", chance = chance(option.forget_it, lang))
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
            let mut description = tr!(lang, "odds-chance-next", chance = chance(*forget_it, lang));
            if *new_set {
                description.push('\n');
                description.push_str(&tr!(lang, "odds-new-set"));
            }
            // Named by their buttons.
            let (roll_button, bank_button) = (
                roll_label(turn, table_lang),
                bank_label(game, turn, table_lang),
            );
            let (roll_worth, bank_worth) = match win {
                Some(win) => (to_win(win.roll, lang), bank_to_win(game, win, *bank, lang)),
                None => (points(*roll, lang), format!("**{bank}**")),
            };
            // A bank that reaches the target in a race gives everyone else a last turn.
            let reaches = win
                .filter(|win| matches!(win.goal, Goal::Race { .. }))
                .filter(|_| game.seats[turn.seat].total + bank >= game.settings.target)
                .map(|_| {
                    let others = last_turns_after(game, turn.seat, lang);
                    tr!(
                        lang,
                        "odds-race-reaches",
                        points = *bank,
                        target = game.settings.target,
                        total = game.seats[turn.seat].total + bank,
                        others = others
                    )
                });
            embed
                .description(&lines([goal.clone(), Some(description), reaches]))
                .field(&roll_button, &roll_worth, true)
                .field(&bank_button, &bank_worth, true)
        }
    };
    // The best play, by the button that makes it.
    let button = match odds.best {
        Choice::Keep(number) => tr!(table_lang, "fgi-button-keep", n = number),
        Choice::Bank => bank_label(game, turn, table_lang),
        Choice::Roll => roll_label(turn, table_lang),
    };
    let best = tr!(
        lang,
        "odds-best-button",
        button = button,
        asker = whose,
        name = player.as_str()
    );
    let footer = match (&odds.win, win) {
        (None, _) => "odds-footer",
        (Some(_), None) => "odds-footer-hopeless",
        (Some(odds), Some(_)) => match odds.goal {
            Goal::LastTurn { .. } => "odds-footer-last-turn",
            Goal::Race { .. } => "odds-footer-race",
        },
    };
    let embed = embed
        .field(&tr!(lang, "odds-best"), &best, false)
        .footer(&tr!(lang, footer));
    MessageView::new("").embed(embed)
}

/// The lines that are there, one under the other.
fn lines<const N: usize>(lines: [Option<String>; N]) -> String {
    lines.into_iter().flatten().collect::<Vec<_>>().join("\n")
}

/// The seats that get a last turn if `seat` reaches the target now, by name ("bob and amelie").
fn last_turns_after(game: &Game, seat: usize, lang: Lang) -> String {
    let n = game.seats.len();
    let names: Vec<String> = (1..n)
        .map(|step| &game.seats[(seat + step) % n])
        .filter(|s| s.is_playing())
        .map(name)
        .collect();
    list(&names, &lang.t("and"))
}

/// Why the turn is played to win, in words: "Your last turn: 177 points beat Bot 1's 176." with
/// the seats still to play after it; in a race, every other seat's total. `whose` is "self" when
/// the asker is the player on turn (`player`), "other" else.
fn goal_text(game: &Game, goal: &Goal, whose: &str, player: &str, lang: Lang) -> String {
    match goal {
        Goal::LastTurn {
            leader,
            leader_total,
            need,
            later,
        } => {
            let mut text = tr!(
                lang,
                "odds-goal-last-turn",
                need = *need,
                leader = name(&game.seats[*leader]),
                total = *leader_total,
                asker = whose,
                name = player
            );
            if !later.is_empty() {
                let names: Vec<String> = later.iter().map(|&s| name(&game.seats[s])).collect();
                text.push(' ');
                text.push_str(&tr!(
                    lang,
                    "odds-goal-later",
                    after = list(&names, &lang.t("and")),
                    count = later.len()
                ));
            }
            text.push(' ');
            text.push_str(&tr!(lang, "odds-judged-to-win"));
            text
        }
        Goal::Race { others } => {
            let totals: Vec<String> = others
                .iter()
                .map(|&s| {
                    tr!(
                        lang,
                        "odds-race-total",
                        name = name(&game.seats[s]),
                        total = game.seats[s].total
                    )
                })
                .collect();
            let mut text = tr!(
                lang,
                "odds-goal-race",
                target = game.settings.target,
                totals = totals.join(", ")
            );
            text.push(' ');
            text.push_str(&tr!(lang, "odds-judged-to-win"));
            text
        }
    }
}

/// What banking `bank` does to the chance of winning: in the last turn, whether it beats the
/// leader, ties or cannot beat them (and, with seats still to play after, the chance it leaves);
/// in a race, the chance it leaves.
fn bank_to_win(game: &Game, win: &WinOdds, bank: u32, lang: Lang) -> String {
    match &win.goal {
        Goal::LastTurn {
            leader,
            leader_total,
            need,
            later,
        } => {
            let key = if bank >= *need {
                if later.is_empty() {
                    "odds-bank-wins"
                } else {
                    "odds-bank-beats"
                }
            } else if bank + 1 == *need {
                "odds-bank-ties"
            } else {
                "odds-bank-short"
            };
            let said = tr!(
                lang,
                key,
                points = bank,
                leader = name(&game.seats[*leader]),
                total = *leader_total
            );
            if later.is_empty() || bank + 1 < *need {
                said
            } else {
                format!("{said}\n{}", to_win(win.bank, lang))
            }
        }
        Goal::Race { .. } => to_win(win.bank, lang),
    }
}

/// A chance as a percentage, with "1 in N" when it is not 0: "16.67% (1 in 6)".
fn chance(p: f64, lang: Lang) -> String {
    if p <= 0.0 {
        return tr!(lang, "odds-chance-none");
    }
    let one_in = 1.0 / p;
    let one_in = if one_in < 9.95 {
        format!("{one_in:.1}").trim_end_matches(".0").to_string()
    } else {
        format!("{one_in:.0}")
    };
    let percent = format!("{:.2}", p * 100.0);
    tr!(
        lang,
        "odds-chance",
        percent = decimal(&percent, lang),
        one_in = decimal(&one_in, lang)
    )
}

/// An expected score: "expected **43.6**".
fn points(expected: f64, lang: Lang) -> String {
    tr!(
        lang,
        "odds-expected",
        points = decimal(&format!("{expected:.1}"), lang)
    )
}

/// The turn message once the turn has ended: two lines, no embed and no buttons, so that a long
/// game keeps the channel readable (the turn under way is its only tall message). The first says
/// the round and how the turn ended (banked, FORGET IT, timed out, left) with the new total; the
/// second, as subtext, tells the whole turn ([`story`]). `game` is the game just after the turn
/// (so `result` is usually `game.last_turn`).
pub fn turn_result(
    game: &Game,
    result: &TurnResult,
    _style: &DiceStyle,
    lang: Lang,
) -> MessageView {
    let seat = &game.seats[result.turn.seat];
    let player = format!("**{}**", name(seat));
    let lost = if result.lost > 0 {
        format!(" {}", tr!(lang, "points-lost", n = result.lost))
    } else {
        String::new()
    };
    let banked = tr!(
        lang,
        "fgi-banked",
        name = player.as_str(),
        points = result.points,
        total = seat.total
    );
    let mut outcome = match result.end {
        TurnEnd::Played(Ending::Banked) => format!("✅ {banked}"),
        TurnEnd::Played(Ending::ForgetIt) => tr!(
            lang,
            "fgi-forget-it",
            name = player.as_str(),
            lost = lost.as_str()
        ),
        TurnEnd::TimedOut if result.points > 0 => {
            tr!(lang, "fgi-timed-out-banked", banked = banked)
        }
        TurnEnd::TimedOut => tr!(lang, "fgi-timed-out-nothing", name = player.as_str()),
        TurnEnd::Left => tr!(
            lang,
            "fgi-left",
            name = player.as_str(),
            lost = lost.as_str()
        ),
    };
    if result.end == TurnEnd::TimedOut && !seat.is_playing() {
        outcome.push(' ');
        outcome.push_str(&tr!(
            lang,
            "left-after-timeouts",
            name = name(seat),
            n = TIMEOUTS_BEFORE_LEAVING
        ));
    }
    let round = tr!(lang, "fgi-result-round", n = result.turn.round);
    let mut content = format!("**{round}** · {outcome}");
    if let Some(story) = story(&result.turn, lang) {
        content.push_str("\n-# 🎲 ");
        content.push_str(&story);
    }
    MessageView::new(&content)
}

/// The whole turn on one line: each roll's dice, the point dice set aside in bold, then the words
/// it showed (set aside, F4), "→ 3s" where the point number was kept (F5) and "set 2:" where a
/// new set began (F8): `**3 3** 2 4 5 FOR → 3s · **3** 1 GET · set 2: 2 4 IT …`. None before
/// the first roll.
pub fn story(turn: &Turn, lang: Lang) -> Option<String> {
    if turn.rolled.is_empty() {
        return None;
    }
    let mut set = 1;
    let mut parts = Vec::new();
    for (i, dice) in turn.rolled.iter().enumerate() {
        let roll = i as u32 + 1;
        let mut part = String::new();
        if i > 0 && dice.len() == DICE {
            set += 1;
            part.push_str(&tr!(lang, "fgi-story-set", set = set));
            part.push(' ');
        }
        let point = turn
            .point
            .filter(|_| turn.point_roll.is_some_and(|r| r <= roll));
        let mut pips: Vec<u8> = dice
            .iter()
            .filter_map(|d| match d.face {
                Face::Pip(n) => Some(n),
                Face::Word => None,
            })
            .collect();
        pips.sort_unstable();
        let (kept, rest): (Vec<u8>, Vec<u8>) = pips.iter().partition(|&&n| Some(n) == point);
        let text = crate::render::dice::faces;
        let mut pieces = Vec::new();
        if !kept.is_empty() {
            pieces.push(format!("**{}**", text(&kept)));
        }
        if !rest.is_empty() {
            pieces.push(text(&rest));
        }
        let mut words: Vec<Word> = dice
            .iter()
            .filter(|d| d.face == Face::Word)
            .map(|d| d.word())
            .collect();
        words.sort();
        pieces.extend(words.iter().map(|w| w.text().to_string()));
        if turn.point_roll == Some(roll) {
            if let Some(point) = turn.point {
                pieces.push(tr!(lang, "fgi-story-keep", n = point));
            }
        }
        part.push_str(&pieces.join(" "));
        parts.push(part);
    }
    Some(parts.join(" · "))
}

/// The turn's dice in words, as subtext, for the message's text (see [`DiceStyle::read_roll`]):
/// `-# Roll #2: FOR 3 3 · GET word · IT 4 5 — Words set aside: IT`. None before the first roll.
fn reading(turn: &Turn, lang: Lang) -> Option<String> {
    if turn.rolls == 0 {
        return None;
    }
    let mut reading = tr!(
        lang,
        "dice-reading",
        what = tr!(lang, "fgi-roll-number", n = turn.rolls),
        dice = DiceStyle::read_roll(&turn.last_roll, lang)
    );
    let words: Vec<&str> = (0..DICE)
        .filter(|&d| turn.dice[d] == DieState::Word)
        .map(|d| Word::of_die(d).text())
        .collect();
    if !words.is_empty() {
        let title = if turn.set > 1 {
            tr!(lang, "fgi-words-set", set = turn.set)
        } else {
            tr!(lang, "fgi-words")
        };
        reading.push_str(" — ");
        reading.push_str(&tr!(
            lang,
            "dice-kind",
            kind = title,
            faces = words.join(", ")
        ));
    }
    Some(format!("-# {reading}"))
}

/// The end of the game: the winner (or the winners sharing the win, F10) and the final
/// standings; or a cancelled game with the scores as they stood. No buttons. Before the end it
/// is the scoreboard.
pub fn game_over(game: &Game, lang: Lang) -> MessageView {
    let footer = tr!(lang, "fgi-played-to", target = game.settings.target);
    let started = !game.state.rolloff.is_empty();
    over::game_over(game, started, &footer, lang).unwrap_or_else(|| scores(game, lang))
}

/// The scoreboard alone (for `/forgetit scores`); it needs no buttons, so it can be ephemeral.
pub fn scores(game: &Game, lang: Lang) -> MessageView {
    MessageView::new("").embed(scoreboard(game, lang))
}

/// Every seat's total in playing order, the seat on turn marked, seats that left struck out,
/// the last turns announced once someone reached the target (F10, 🏁), and the target.
fn scoreboard(game: &Game, lang: Lang) -> EmbedView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let mut lines: Vec<String> = play_order(game)
        .map(|i| {
            let seat = &game.seats[i];
            let reached = if game.state.final_round == Some(i) {
                " 🏁"
            } else {
                ""
            };
            if !seat.is_playing() {
                tr!(lang, "score-left", name = who(seat), total = seat.total)
            } else if on_turn == Some(i) {
                format!("🎲 **{}** · **{}**{reached}", who(seat), seat.total)
            } else {
                format!("• {} · {}{reached}", who(seat), seat.total)
            }
        })
        .collect();
    if let (Some(i), Phase::Playing { .. }) = (game.state.final_round, &game.phase) {
        let seat = &game.seats[i];
        lines.push(String::new());
        lines.push(tr!(
            lang,
            "fgi-last-turns",
            name = name(seat),
            total = seat.total
        ));
    }
    EmbedView::new(&tr!(lang, "scores-title"), colour::INFO)
        .description(&lines.join("\n"))
        .footer(&tr!(lang, "footer-target", target = game.settings.target))
}

/// The turn's embed: title, and once the turn has rolled, the last roll, the words set aside in
/// this set with the FORGET IT warning, the point dice, the dice in hand and the turn score.
fn turn_embed(game: &Game, turn: &Turn, style: &DiceStyle, colour: u32, lang: Lang) -> EmbedView {
    let player = who(&game.seats[turn.seat]);
    let title = if turn.set > 1 {
        tr!(
            lang,
            "fgi-turn-title-set",
            n = turn.round,
            name = player,
            set = turn.set
        )
    } else {
        tr!(lang, "fgi-turn-title", n = turn.round, name = player)
    };
    let embed = EmbedView::new(&title, colour);
    if turn.rolls == 0 {
        return embed;
    }
    let none = tr!(lang, "fgi-none-yet");
    let word_dice: Vec<DieRoll> = (0..DICE)
        .filter(|&d| turn.dice[d] == DieState::Word)
        .map(|d| DieRoll {
            die: d as u8,
            face: Face::Word,
        })
        .collect();
    let mut words = if word_dice.is_empty() {
        none.clone()
    } else {
        style.roll(&word_dice)
    };
    if let Some(note) = words_note(turn, lang) {
        words.push('\n');
        words.push_str(&note);
    }
    let words_title = if turn.set > 1 {
        tr!(lang, "fgi-words-set", set = turn.set)
    } else {
        tr!(lang, "fgi-words")
    };
    let point_dice = match turn.point {
        Some(point) => {
            let dice = format!("{} × {}", turn.point_dice(), style.number(point));
            match turn.multiplier() {
                1 => dice,
                m => tr!(lang, "fgi-point-bonus", dice = dice, m = m),
            }
        }
        None => none,
    };
    let formula = score_formula(turn);
    let turn_score = tr!(lang, "fgi-turn-score");
    let embed = embed
        .field(
            &tr!(lang, "fgi-roll-number", n = turn.rolls),
            &style.roll(&turn.last_roll),
            false,
        )
        .field(&words_title, &words, false)
        .field(&tr!(lang, "fgi-point-dice"), &point_dice, true);
    let hand = turn.in_hand();
    let in_hand = if hand.is_empty() {
        tr!(lang, "fgi-in-hand-none")
    } else {
        style.kinds_of(&hand)
    };
    embed
        .field(&tr!(lang, "fgi-in-hand"), &in_hand, true)
        .field(&turn_score, &formula, true)
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
fn prompt(turn: &Turn, lang: Lang) -> String {
    let in_hand = turn.in_hand().len();
    match &turn.step {
        Step::Roll if turn.rolls == 0 => tr!(lang, "fgi-prompt-first"),
        Step::Roll => tr!(lang, "fgi-prompt-no-pair", n = in_hand),
        Step::ChoosePoint { options } => {
            let options: Vec<String> = options
                .iter()
                .map(|&n| tr!(lang, "fgi-prompt-number", n = n))
                .collect();
            tr!(
                lang,
                "fgi-prompt-choose",
                options = list(&options, &tr!(lang, "or"))
            )
        }
        Step::BankOrRoll if turn.all_set_aside() => tr!(
            lang,
            "fgi-prompt-all-aside",
            points = turn.score(),
            set = turn.set + 1
        ),
        Step::BankOrRoll => tr!(
            lang,
            "fgi-prompt-bank-or-roll",
            points = turn.score(),
            n = in_hand
        ),
    }
}

fn roll_label(turn: &Turn, lang: Lang) -> String {
    if turn.rolls == 0 {
        tr!(lang, "button-roll")
    } else if turn.all_set_aside() {
        tr!(lang, "fgi-button-roll-all")
    } else {
        tr!(lang, "fgi-button-roll-dice", n = turn.in_hand().len())
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
fn words_note(turn: &Turn, lang: Lang) -> Option<String> {
    if turn.all_set_aside() {
        return Some(tr!(lang, "fgi-note-new-set", set = turn.set + 1));
    }
    let (word, in_hand) = last_word(turn)?;
    // The dice words are never translated.
    let word = word.text();
    Some(if in_hand > 0 {
        tr!(lang, "fgi-note-danger", word = word)
    } else {
        tr!(lang, "fgi-note-safe", word = word)
    })
}

/// Seats in playing order: from the roll-off winner round the table (F2); seating order before
/// the game starts.
fn play_order(game: &Game) -> impl Iterator<Item = usize> {
    let seats = game.seats.len();
    let first = game.first_seat().unwrap_or(0);
    (0..seats).map(move |i| (first + i) % seats)
}

/// For Get It's statistics: turns, points per turn, the best turn, FORGET ITs.
pub(crate) const STATS: GameStats = GameStats {
    best_label: "leaderboard-by-best-turn",
    fields: stats_fields,
};

fn stats_fields(view: &StatsView, lang: Lang) -> Vec<(&'static str, String)> {
    let feats = tr!(
        lang,
        "stats-of-turns",
        n = view.feats,
        percent = percent(view.feats, view.turns, lang)
    );
    vec![
        ("stats-turns", view.turns.to_string()),
        ("stats-points-per-turn", per(view.points, view.turns, lang)),
        ("stats-best-turn", view.best_turn.to_string()),
        ("stats-forget-its", feats),
    ]
}

/// The rules card's fields (`fgi-rules-{field}`), in order.
pub(crate) const RULES: &[&str] = &[
    "dice",
    "start",
    "turn",
    "bank",
    "forget-it",
    "all-nine",
    "scoring",
    "end",
];

/// The rules as the bot plays them (docs/RULES.md, F1–F10), in short.
pub fn rules(lang: Lang) -> MessageView {
    let mut args = FluentArgs::new();
    args.set("target", DEFAULT_TARGET);
    crate::render::rules_card::<crate::games::forgetit::ForGetIt>(RULES, args, lang)
}

impl ErrorText for GameError {
    fn text(&self, lang: Lang) -> String {
        match self {
            GameError::MustChoosePoint => tr!(lang, "fgi-error-must-choose"),
            GameError::NoPointChosen => tr!(lang, "fgi-error-no-point"),
            GameError::NothingToChoose => tr!(lang, "fgi-error-nothing-to-choose"),
            GameError::NotANumber(n) => tr!(lang, "fgi-error-not-a-number", n = *n),
            GameError::NotRolledTwice(n) => tr!(lang, "fgi-error-not-rolled-twice", n = *n),
            GameError::BadTarget(_) => tr!(lang, "fgi-error-bad-target", max = MAX_TARGET),
            GameError::BadTurns(_) => {
                tr!(
                    lang,
                    "fgi-error-bad-turns",
                    max = super::rules::MAX_TURNS_ALONE
                )
            }
            GameError::RollOffUndecided => tr!(lang, "fgi-error-rolloff"),
        }
    }
}

impl ActText for FgiAct {
    fn text(&self, lang: Lang) -> String {
        match self {
            FgiAct::Roll { points } => tr!(lang, "review-fgi-roll", points = *points),
            FgiAct::Keep(n) => tr!(lang, "review-fgi-keep", n = *n),
            FgiAct::Bank(points) => tr!(lang, "review-fgi-bank", points = *points),
        }
    }
}

/// The game-over chart's moments (`round`: the turn's): a FORGET IT that cost points, a bank of
/// 100 or more.
pub fn moment(
    game: &Game,
    result: &TurnResult,
    round: u32,
    lang: Lang,
) -> Option<crate::games::chart::Marked> {
    let seat = result.turn.seat;
    let name = game.seats.get(seat)?.name.as_str();
    let (good, text) = match result.end {
        TurnEnd::Played(Ending::ForgetIt) if result.lost > 0 => (
            false,
            tr!(
                lang,
                "fgi-moment-forget-it",
                name = name,
                round = round,
                lost = result.lost
            ),
        ),
        TurnEnd::Played(Ending::Banked) if result.points >= 100 => (
            true,
            tr!(
                lang,
                "fgi-moment-bank",
                name = name,
                round = round,
                points = result.points
            ),
        ),
        _ => return None,
    };
    Some(crate::games::chart::Marked { seat, good, text })
}
