//! The answer to **Odds**: the chance that the next roll spells FORGET IT, what each choice open
//! now is worth, and what the bot seats would do, in words.

use crate::engine::Player;
use crate::games::forgetit::solver::{Choice, Goal, KeepOdds, Odds, Situation, WinOdds};
use crate::games::forgetit::{Game, Turn};
use crate::i18n::Lang;
use crate::render::seat::name;
use crate::render::view::{colour, decimal, list, to_win, EmbedView, MessageView};
use crate::tr;

use super::turn::{bank_label, roll_label};

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
    let embed = EmbedView::new(
        &tr!(
            lang,
            "odds-title",
            name = player.as_str(),
            round = turn.round
        ),
        colour::INFO,
    );
    let asked = Asked {
        game,
        turn,
        // Played to win, and some play can still win: chances; else expected points.
        win: odds.win.as_ref().filter(|win| win.now > 0.0),
        goal: odds
            .win
            .as_ref()
            .map(|win| goal_text(game, &win.goal, whose, &player, lang)),
        whose,
        player: &player,
        lang,
        table_lang,
    };
    let embed = match &odds.situation {
        Situation::Roll {
            forget_it,
            expected,
        } => asked.roll(embed, odds.rolls, *forget_it, *expected),
        Situation::Choose { options } => asked.choose(embed, options),
        Situation::BankOrRoll {
            forget_it,
            bank,
            roll,
            new_set,
        } => asked.bank_or_roll(embed, *forget_it, *bank, *roll, *new_set),
    };
    let embed = embed
        .field(&tr!(lang, "odds-best"), &asked.best(odds.best), false)
        .footer(&tr!(lang, odds_footer(odds.win.as_ref(), asked.win)));
    MessageView::new("").embed(embed)
}

/// What every part of the answer to **Odds** says it for: the game and its turn, who asks and in
/// which languages, and whether the turn is played to win.
struct Asked<'a> {
    game: &'a Game,
    turn: &'a Turn,
    /// The chances of winning, when the turn is played to win and some play can still win.
    win: Option<&'a WinOdds>,
    /// Why the turn is played to win ([`goal_text`]), when it is.
    goal: Option<String>,
    /// "self" when the asker is the player on turn, "other" else.
    whose: &'static str,
    /// The player on turn, by name.
    player: &'a str,
    /// The asker's language.
    lang: Lang,
    /// The table's language, which its buttons speak.
    table_lang: Lang,
}

impl Asked<'_> {
    /// No point number yet: the chance that this roll spells FORGET IT, and what the turn is worth.
    fn roll(&self, embed: EmbedView, rolls: u32, forget_it: f64, expected: f64) -> EmbedView {
        let lang = self.lang;
        let first = if rolls == 0 {
            tr!(lang, "odds-first-roll")
        } else {
            tr!(lang, "odds-no-point")
        };
        let (title, value) = match self.win {
            Some(win) => (tr!(lang, "odds-win-turn"), to_win(win.now, lang)),
            None => (tr!(lang, "odds-expected-turn"), points(expected, lang)),
        };
        embed
            .description(&lines([
                self.goal.clone(),
                Some(first),
                Some(tr!(
                    lang,
                    "odds-chance-this",
                    chance = chance(forget_it, lang)
                )),
            ]))
            .field(&title, &value, true)
    }

    /// The point number to choose: what keeping each is worth, by its button.
    fn choose(&self, embed: EmbedView, options: &[KeepOdds]) -> EmbedView {
        let lang = self.lang;
        let key = match self.win {
            Some(_) => "odds-choose-win",
            None => "odds-choose",
        };
        let intro = tr!(lang, key, asker = self.whose, name = self.player);
        let mut embed = embed.description(&lines([self.goal.clone(), Some(intro)]));
        for (i, option) in options.iter().enumerate() {
            let worth = match self.win.and_then(|win| win.keeps.get(i)) {
                Some(&p) => to_win(p, lang),
                None => points(option.expected, lang),
            };
            embed = embed.field(
                &tr!(self.table_lang, "fgi-button-keep", n = option.number),
                &format!(
                    "{worth}\n{}",
                    tr!(lang, "odds-next", chance = chance(option.forget_it, lang))
                ),
                true,
            );
        }
        embed
    }

    /// Bank or roll on: what each is worth, by its button, and (in a race) what a bank that
    /// reaches the target gives the others.
    fn bank_or_roll(
        &self,
        embed: EmbedView,
        forget_it: f64,
        bank: u32,
        roll: f64,
        new_set: bool,
    ) -> EmbedView {
        let (game, turn, lang) = (self.game, self.turn, self.lang);
        let mut description = tr!(lang, "odds-chance-next", chance = chance(forget_it, lang));
        if new_set {
            description.push('\n');
            description.push_str(&tr!(lang, "odds-new-set"));
        }
        // Named by their buttons.
        let (roll_button, bank_button) = (
            roll_label(turn, self.table_lang),
            bank_label(game, turn, self.table_lang),
        );
        let (roll_worth, bank_worth) = match self.win {
            Some(win) => (to_win(win.roll, lang), bank_to_win(game, win, bank, lang)),
            None => (points(roll, lang), format!("**{bank}**")),
        };
        embed
            .description(&lines([
                self.goal.clone(),
                Some(description),
                self.race_reached(bank),
            ]))
            .field(&roll_button, &roll_worth, true)
            .field(&bank_button, &bank_worth, true)
    }

    /// A bank that reaches the target in a race gives everyone else a last turn: who, in words;
    /// `None` for any other bank.
    fn race_reached(&self, bank: u32) -> Option<String> {
        let (game, turn) = (self.game, self.turn);
        self.win
            .filter(|win| matches!(win.goal, Goal::Race { .. }))
            .filter(|_| game.seats[turn.seat].total + bank >= game.settings.target)
            .map(|_| {
                let others = last_turns_after(game, turn.seat, self.lang);
                tr!(
                    self.lang,
                    "odds-race-reaches",
                    points = bank,
                    target = game.settings.target,
                    total = game.seats[turn.seat].total + bank,
                    others = others
                )
            })
    }

    /// The best play, by the button that makes it.
    fn best(&self, best: Choice) -> String {
        let button = match best {
            Choice::Keep(number) => tr!(self.table_lang, "fgi-button-keep", n = number),
            Choice::Bank => bank_label(self.game, self.turn, self.table_lang),
            Choice::Roll => roll_label(self.turn, self.table_lang),
        };
        tr!(
            self.lang,
            "odds-best-button",
            button = button,
            asker = self.whose,
            name = self.player
        )
    }
}

/// The footer's message id: how the choices are judged (`win`: the turn is played to win; `can_win`:
/// and some play can still win).
fn odds_footer(win: Option<&WinOdds>, can_win: Option<&WinOdds>) -> &'static str {
    match (win, can_win) {
        (None, _) => "odds-footer",
        (Some(_), None) => "odds-footer-hopeless",
        (Some(odds), Some(_)) => match odds.goal {
            Goal::LastTurn { .. } => "odds-footer-last-turn",
            Goal::Race { .. } => "odds-footer-race",
        },
    }
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
