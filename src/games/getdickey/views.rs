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
//!
//! # The files
//!
//! This file holds the lobby, the boxes' names, the rules and the errors; the turn in progress and
//! its result are in `views/turn.rs`, the answer to **Odds** in `views/odds.rs`, and game over,
//! the scores and the scorecards in `views/cards.rs`.

mod cards;
mod odds;
mod turn;

use crate::games::getdickey::{
    Category, Game, GameError, Phase, TurnResult, DICKEY_BONUS, DICKEY_POINTS, MAX_ROLLS, ROUNDS,
    UPPER_BONUS, UPPER_BONUS_AT,
};
use crate::i18n::Lang;
use crate::tr;
use fluent_bundle::FluentArgs;

use super::review::DickeyAct;
use crate::render::dice::faces;
use crate::render::lobby::Opening;
use crate::render::notice::ErrorText;
pub use crate::render::notice::{error, refusal};
use crate::render::review::ActText;
use crate::render::stats::{per, GameStats, StatsView};
use crate::render::view::MessageView;

pub use self::cards::{game_over, scores};
pub use self::odds::odds;
pub use self::turn::{story, turn, turn_result};

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
    let order: Vec<usize> = (0..game.seats.len()).collect();
    let about = tr!(lang, "gd-started-description", rounds = ROUNDS);
    let footer = tr!(lang, "gd-footer", rounds = ROUNDS);
    crate::render::lobby::started(game, &order, Some(about), Some(footer), lang)
}

// --- The boxes' names --------------------------------------------------------------------------

/// A box's name in `lang`: its one name there, on the scorecard, in the "Score in…" menu, in a
/// turn's result, in Odds, in reviews, in refusals and in the rules (whose texts refer to the same
/// messages). Short enough for the card. In English, the engine's [`Category::name`].
pub fn category_name(category: Category, lang: Lang) -> String {
    lang.t(&format!("gd-box-{}", category.key().replace('_', "-")))
}

/// A box's name on the scorecard, in the "Score in…" menu and in Odds: its one name
/// ([`category_name`]).
fn card_name(category: Category, lang: Lang) -> String {
    category_name(category, lang)
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
) -> Option<crate::host::chart::Marked> {
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
    Some(crate::host::chart::Marked {
        seat,
        good: true,
        text,
    })
}
