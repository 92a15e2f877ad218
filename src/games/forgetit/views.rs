//! The *For Get It* messages: the lobby, the turn in progress and its result, game over, the
//! scoreboard, the rules and the errors a player sees. Every function is pure: a game (and the
//! [`DiceStyle`](crate::render::dice::DiceStyle) to draw dice with) in, a [`MessageView`] out.
//!
//! Content mentions people (`<@id>`, which pings them) and names bot seats; embeds name everyone
//! by their seat name, cut to [`NAME_CHARS`](crate::render::view::NAME_CHARS) characters and escaped.
//!
//! This file holds the lobby, game over, the scoreboard, the rules and the errors; the turn in
//! progress and its result are in `views/turn.rs`, the answer to **Odds** in `views/odds.rs`.

mod odds;
mod turn;

use crate::games::forgetit::{
    Ending, Face, Game, GameError, Phase, TurnEnd, TurnResult, DEFAULT_TARGET, MAX_TARGET,
    MIN_SEATS,
};

use crate::host::Hosted;
use crate::i18n::Lang;
use crate::render::lobby::Opening;
use crate::render::notice::ErrorText;
pub use crate::render::notice::{error, refusal};
use crate::render::over::{self};
use crate::render::seat::{name, who};
use crate::render::stats::{per, percent, GameStats, StatsView};
use crate::tr;
use fluent_bundle::FluentArgs;

use super::review::FgiAct;
use crate::render::review::ActText;
use crate::render::view::{colour, EmbedView, MessageView};

pub use self::odds::odds;
pub use self::turn::{story, turn, turn_result};

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
    let order: Vec<usize> = play_order(game).collect();
    let footer = tr!(lang, "footer-target", target = game.settings.target);
    crate::render::lobby::started(game, &order, Some(lines.join("\n")), Some(footer), lang)
}

/// The end of the game: the winner (or the winners sharing the win, F10) and the final
/// standings; or a cancelled game with the scores as they stood. No buttons. Before the end it
/// is the scoreboard.
pub fn game_over(game: &Game, lang: Lang) -> MessageView {
    let footer = tr!(lang, "fgi-played-to", target = game.settings.target);
    let started = !game.state.rolloff.is_empty();
    let reviews = super::ForGetIt::REVIEWS;
    over::game_over(game, started, (&footer, reviews), lang).unwrap_or_else(|| scores(game, lang))
}

/// The scoreboard alone (for `/forgetit scores`); it needs no buttons, so it can be ephemeral.
pub fn scores(game: &Game, lang: Lang) -> MessageView {
    MessageView::new("").embed(scoreboard(game, lang))
}

/// Every seat's total in playing order, the seat on turn marked, seats that left struck out,
/// the last turns announced once someone reached the target (F10, 🏁), and the target.
pub(super) fn scoreboard(game: &Game, lang: Lang) -> EmbedView {
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
) -> Option<crate::host::chart::Marked> {
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
    Some(crate::host::chart::Marked { seat, good, text })
}
