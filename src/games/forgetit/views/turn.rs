//! The *For Get It* turn: the message of the turn in progress (its dice, its buttons and their
//! colours, what the player is to do) and the two lines it becomes once the turn has ended.

use crate::engine::{Intent, Player};
use crate::games::forgetit::{
    Action, DieRoll, DieState, Ending, Face, Game, Move, Phase, Step, Turn, TurnEnd, TurnResult,
    Word, DICE, TIMEOUTS_BEFORE_LEAVING,
};
use crate::i18n::Lang;
use crate::render::dice::DiceStyle;
use crate::render::seat::{mention, name, who};
use crate::render::view::{colour, list, ButtonStyle, ButtonView, EmbedView, MessageView};
use crate::tr;

use super::{game_over, scoreboard};

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
pub(super) fn bank_label(game: &Game, turn: &Turn, lang: Lang) -> String {
    let key = match last_bank(game, turn) {
        Some(LastBank::Short) => "fgi-button-bank-short",
        Some(LastBank::Ties) => "fgi-button-bank-ties",
        None | Some(LastBank::Wins) => "fgi-button-bank",
    };
    tr!(lang, key, points = turn.score())
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

pub(super) fn roll_label(turn: &Turn, lang: Lang) -> String {
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
