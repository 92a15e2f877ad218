//! Pig's messages: the lobby, the turn (the die, the turn total and what holding would make,
//! Roll / Hold / Odds), the finished turn in two lines, the end, the scores, the Odds, the rules.
//! The die is drawn as a keycap emoji (`4️⃣`); a 1 is 💥.

use fluent_bundle::FluentArgs;

use super::bot::Odds;
use super::review::PigAct;
use super::{
    Action, Ending, Game, GameError, Move, Phase, Turn, TurnEnd, TurnResult, DEFAULT_TARGET,
    MAX_TARGET, MIN_TARGET, TIMEOUTS_BEFORE_LEAVING,
};
use crate::engine::{Intent, Player};
use crate::host::Hosted;
use crate::i18n::Lang;
use crate::render::lobby::Opening;
use crate::render::notice::ErrorText;
use crate::render::over::{self};
use crate::render::review::ActText;
use crate::render::seat::{mention, name, who};
use crate::render::stats::{per, GameStats, StatsView};
use crate::render::view::{colour, decimal, ButtonStyle, ButtonView, EmbedView, MessageView};
use crate::render::DiceStyle;
use crate::tr;

const FACES: [&str; 6] = ["💥", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣"];

/// A die as an emoji.
fn face(die: u8) -> &'static str {
    FACES[usize::from(die.clamp(1, 6)) - 1]
}

/// The lobby message through its life.
pub fn lobby(game: &Game, lang: Lang) -> MessageView {
    let opening = Opening {
        about: tr!(lang, "pig-lobby-target", target = game.settings.target),
        waiting: tr!(
            lang,
            "lobby-waiting",
            n = super::MIN_SEATS - game.seats.len().min(super::MIN_SEATS)
        ),
        closed: game.state.rolloff.is_empty(),
    };
    crate::render::lobby::lobby(game, opening, || started(game, lang), lang)
}

/// The lobby once the game started: the roll-off (P1) and the playing order.
fn started(game: &Game, lang: Lang) -> MessageView {
    let mut lines = vec![tr!(lang, "pig-rolloff")];
    for round in &game.state.rolloff {
        let rolls: Vec<String> = round
            .iter()
            .map(|&(seat, die)| format!("{} **{die}**", name(&game.seats[seat])))
            .collect();
        lines.push(rolls.join(" · "));
    }
    if let Some(first) = game.first_seat() {
        lines.push(tr!(lang, "pig-goes-first", name = name(&game.seats[first])));
    }
    let order: Vec<usize> = play_order(game).collect();
    let footer = tr!(lang, "footer-target", target = game.settings.target);
    crate::render::lobby::started(game, &order, Some(lines.join("\n")), Some(footer), lang)
}

/// The turn in progress: who is on turn, the rolls so far, the turn total and what holding would
/// make, with Roll, Hold (once rolled: P2) and Odds; no buttons on a bot seat's turn.
pub fn turn(game: &Game, _style: &DiceStyle, lang: Lang) -> MessageView {
    let Phase::Playing { turn } = &game.phase else {
        return MessageView {
            rows: Vec::new(),
            ..game_over(game, lang)
        };
    };
    let seat = &game.seats[turn.seat];
    let (content, actions) = match seat.player {
        Player::Person(_) => (
            tr!(lang, "turn-yours", who = mention(seat)),
            game.legal_actions(),
        ),
        Player::Bot(_) => (tr!(lang, "turn-bot", who = mention(seat)), Vec::new()),
    };
    let mut buttons = Vec::new();
    for action in actions {
        match action {
            Action::Play { mv: Move::Roll, .. } => buttons.push(ButtonView::new(
                &tr!(lang, "pig-button-roll"),
                ButtonStyle::Primary,
                Intent::Play(Move::Roll),
            )),
            Action::Play { mv: Move::Hold, .. } => buttons.push(ButtonView::new(
                &tr!(lang, "pig-button-hold", points = turn.total()),
                ButtonStyle::Success,
                Intent::Play(Move::Hold),
            )),
            _ => {}
        }
    }
    if !seat.player.is_bot() {
        buttons.push(ButtonView::new(
            &tr!(lang, "pig-button-odds"),
            ButtonStyle::Secondary,
            Intent::<Move>::Odds,
        ));
    }
    let title = tr!(lang, "pig-turn-title", who = who(seat), round = turn.round);
    let description = if turn.rolled.is_empty() {
        tr!(lang, "pig-turn-first")
    } else {
        let rolls: Vec<&str> = turn.rolled.iter().map(|&d| face(d)).collect();
        format!(
            "{}\n{}",
            rolls.join(" "),
            tr!(
                lang,
                "pig-turn-total",
                points = turn.total(),
                total = seat.total + turn.total(),
                target = game.settings.target
            )
        )
    };
    let embed = EmbedView::new(&title, colour::PLAYING).description(&description);
    let mut content = content;
    if let Some(&last) = turn.rolled.last() {
        content.push('\n');
        content.push_str(&tr!(lang, "pig-rolled", n = last));
    }
    MessageView::new(&content)
        .embed(embed)
        .embed(scoreboard(game, lang))
        .row(buttons)
}

/// The turn message once the turn ended: two lines, no embed, no buttons.
pub fn turn_result(
    game: &Game,
    result: &TurnResult,
    _style: &DiceStyle,
    lang: Lang,
) -> MessageView {
    let seat = &game.seats[result.turn.seat];
    let player = format!("**{}**", name(seat));
    let held = tr!(
        lang,
        "pig-held",
        name = player.as_str(),
        points = result.points,
        total = seat.total
    );
    let mut outcome = match result.end {
        TurnEnd::Played(Ending::Held) => format!("✅ {held}"),
        TurnEnd::Played(Ending::Won) => tr!(
            lang,
            "pig-reached",
            name = player.as_str(),
            total = seat.total
        ),
        TurnEnd::Played(Ending::Pigged) if result.lost == 0 => {
            tr!(lang, "pig-pigged-nothing", name = player.as_str())
        }
        TurnEnd::Played(Ending::Pigged) => tr!(
            lang,
            "pig-pigged",
            name = player.as_str(),
            lost = result.lost
        ),
        TurnEnd::TimedOut => tr!(lang, "pig-timed-out", held = held),
        TurnEnd::Left => tr!(lang, "pig-left", name = player.as_str(), lost = result.lost),
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
    let round = tr!(lang, "pig-result-round", n = result.turn.round);
    let mut content = format!("**{round}** · {outcome}");
    if let Some(story) = story(&result.turn) {
        content.push_str("\n-# 🎲 ");
        content.push_str(&story);
    }
    MessageView::new(&content)
}

/// The turn's rolls on one line: `4 6 2 1`. None before the first roll.
pub fn story(turn: &Turn) -> Option<String> {
    (!turn.rolled.is_empty()).then(|| {
        turn.rolled
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// The end of the game, or where a cancelled one stood.
pub fn game_over(game: &Game, lang: Lang) -> MessageView {
    let footer = tr!(lang, "footer-target", target = game.settings.target);
    let started = !game.state.rolloff.is_empty();
    let reviews = super::Pig::REVIEWS;
    over::game_over(game, started, (&footer, reviews), lang).unwrap_or_else(|| scores(game, lang))
}

/// The scoreboard alone (for `/pig scores`).
pub fn scores(game: &Game, lang: Lang) -> MessageView {
    MessageView::new("").embed(scoreboard(game, lang))
}

fn scoreboard(game: &Game, lang: Lang) -> EmbedView {
    let on_turn = game.turn().ok().map(|t| t.seat);
    let lines: Vec<String> = play_order(game)
        .map(|i| {
            let seat = &game.seats[i];
            if !seat.is_playing() {
                tr!(lang, "score-left", name = who(seat), total = seat.total)
            } else if on_turn == Some(i) {
                format!("🎲 **{}** · **{}**", who(seat), seat.total)
            } else {
                format!("• {} · {}", who(seat), seat.total)
            }
        })
        .collect();
    EmbedView::new(&tr!(lang, "scores-title"), colour::INFO)
        .description(&lines.join("\n"))
        .footer(&tr!(lang, "footer-target", target = game.settings.target))
}

fn play_order(game: &Game) -> impl Iterator<Item = usize> {
    let seats = game.seats.len();
    let first = game.first_seat().unwrap_or(0);
    (0..seats).map(move |i| (first + i) % seats)
}

/// A chance as a percentage with one decimal: "53.1%".
fn percent(p: f64, lang: Lang) -> String {
    decimal(&format!("{:.1}", 100.0 * p), lang)
}

/// The Odds (P5): the chance of winning if the player holds now and if they roll once more,
/// naming the buttons as the table shows them (`table_lang`).
pub fn odds(game: &Game, odds: &Odds, _asker: Player, lang: Lang, table_lang: Lang) -> MessageView {
    let (player, round) = game
        .turn()
        .ok()
        .map(|turn| (name(&game.seats[turn.seat]), turn.round))
        .unwrap_or_default();
    let roll = tr!(
        lang,
        "pig-odds-roll",
        button = table_lang.t("pig-button-roll"),
        chance = percent(odds.roll, lang)
    );
    let hold = match odds.hold {
        Some(p) => tr!(
            lang,
            "pig-odds-hold",
            button = tr!(table_lang, "pig-button-hold", points = odds.total),
            chance = percent(p, lang)
        ),
        None => tr!(lang, "pig-odds-roll-first"),
    };
    // The bot seat's move (Odds::best), once there is a choice.
    let best = match (odds.hold, odds.best()) {
        (None, _) => String::new(),
        (Some(_), Move::Hold) => tr!(lang, "pig-odds-best-hold"),
        (Some(_), _) => tr!(lang, "pig-odds-best-roll"),
    };
    let mut lines = vec![roll, hold];
    if !best.is_empty() {
        lines.push(best);
    }
    let mut embed = EmbedView::new(
        &tr!(lang, "odds-title", name = player, round = round),
        colour::INFO,
    )
    .description(&lines.join("\n"));
    embed = embed.footer(&tr!(
        lang,
        match (odds.model, odds.seats) {
            (true, _) => "pig-odds-footer-many",
            (false, 3) => "pig-odds-footer-three",
            (false, _) => "pig-odds-footer",
        }
    ));
    MessageView::new("").embed(embed)
}

/// Pig's statistics: turns, points per turn, the best turn.
pub(crate) const STATS: GameStats = GameStats {
    best_label: "leaderboard-by-best-turn",
    fields: stats_fields,
};

fn stats_fields(view: &StatsView, lang: Lang) -> Vec<(&'static str, String)> {
    vec![
        ("stats-turns", view.turns.to_string()),
        ("stats-points-per-turn", per(view.points, view.turns, lang)),
        ("stats-best-turn", view.best_turn.to_string()),
    ]
}

/// The rules card's fields (`pig-rules-{field}`), in order.
pub(crate) const RULES: &[&str] = &["start", "turn", "goal", "bot"];

/// The rules as the bot plays them (docs/RULES.md, P1–P5), in short.
pub fn rules(lang: Lang) -> MessageView {
    let mut args = FluentArgs::new();
    args.set("target", DEFAULT_TARGET);
    args.set("min_target", MIN_TARGET);
    args.set("max_target", MAX_TARGET);
    crate::render::rules_card::<super::Pig>(RULES, args, lang)
}

impl ErrorText for GameError {
    fn text(&self, lang: Lang) -> String {
        match self {
            GameError::RollFirst => tr!(lang, "pig-error-roll-first"),
            GameError::BadTarget(_) => tr!(
                lang,
                "pig-error-bad-target",
                min = MIN_TARGET,
                max = MAX_TARGET
            ),
            GameError::RollOffUndecided => tr!(lang, "pig-error-rolloff"),
        }
    }
}

impl ActText for PigAct {
    fn text(&self, lang: Lang) -> String {
        match self {
            PigAct::Roll { total } => tr!(lang, "review-pig-roll", points = *total),
            PigAct::Hold(total) => tr!(lang, "review-pig-hold", points = *total),
        }
    }
}

/// The game-over chart's moment (`round`: the turn's): the turn that won.
pub fn moment(
    game: &Game,
    result: &TurnResult,
    round: u32,
    lang: Lang,
) -> Option<crate::host::chart::Marked> {
    let seat = result.turn.seat;
    let s = game.seats.get(seat)?;
    (result.end == TurnEnd::Played(Ending::Won)).then(|| crate::host::chart::Marked {
        seat,
        good: true,
        text: tr!(
            lang,
            "pig-moment-won",
            name = s.name.as_str(),
            total = s.total,
            round = round
        ),
    })
}
