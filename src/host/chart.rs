//! The game-over chart of a finished game, from its event log: every seat's total after each
//! round and its moments (which each game names, [`Hosted::moment`]), told in words as the chart's
//! alt text. Written once for every game; `render::chart` draws it.

use super::Hosted;
use crate::engine::table::{Event, Game, Phase, TableEvent, Turn};
use crate::i18n::Lang;
use crate::render::chart::{alt_text, Moment, ScoreChart, SeatLine};
use crate::tr;

/// A moment of a game worth marking on its chart: whose, good or bad for them, and in words
/// (the table's language), for the alt text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marked {
    pub seat: usize,
    pub good: bool,
    pub text: String,
}

/// The game-over chart of a finished game, and its alt text; `None` for a game that never
/// started or an empty log.
pub fn score_chart<R: Hosted>(
    events: &[Event<R::Settings, R::Event>],
    lang: Lang,
) -> Option<(ScoreChart, String)> {
    let Some(Event::Table(TableEvent::Created {
        settings,
        host,
        name,
    })) = events.first()
    else {
        return None;
    };
    let (mut game, _) = Game::<R>::create(settings.clone(), *host, name.clone()).ok()?;
    let mut lines: Vec<Vec<(u32, i64)>> = Vec::new();
    let mut moments = Vec::new();
    let mut told = Vec::new();
    let mut last = 0;
    for event in &events[1..] {
        let before = game.last_turn.clone();
        // The turn an event ends is the one on turn before it; rounds are the engine's own
        // (counted from the seat that went first).
        let on_turn = match &game.phase {
            Phase::Playing { turn } => Some(turn.round()),
            _ => None,
        };
        game.evolve(event);
        let Some(round) = on_turn else {
            if let Phase::Playing { .. } = game.phase {
                // The start: every seat at 0 after "round 0".
                lines = (0..game.seats.len()).map(|_| vec![(0, 0)]).collect();
            }
            continue;
        };
        let ended = game.last_turn != before;
        if let Some(result) = game.last_turn.as_ref().filter(|_| ended) {
            if let Some(marked) = R::moment(&game, result, round, lang) {
                if marked.seat < game.seats.len() {
                    moments.push(Moment {
                        seat: marked.seat,
                        round,
                        total: i64::from(game.total(marked.seat)),
                        good: marked.good,
                    });
                    told.push(marked.text);
                }
            }
        }
        // A round is told once its last turn ended (the next turn is a later round's), or when
        // the game ended, whatever ended it (a seat that left, too).
        let round_over = match &game.phase {
            Phase::Playing { turn } => ended && turn.round() > round,
            _ => true,
        };
        if round_over && round > last {
            for (seat, line) in lines.iter_mut().enumerate() {
                line.push((round, i64::from(game.total(seat))));
            }
            last = round;
        }
    }
    if lines.is_empty() {
        return None;
    }
    let last = last.max(1);
    let seats: Vec<SeatLine> = game
        .seats
        .iter()
        .zip(lines)
        .map(|(seat, points)| SeatLine {
            name: if seat.player.is_bot() {
                tr!(lang, "chart-bot", name = seat.name.as_str())
            } else {
                seat.name.clone()
            },
            bot: seat.player.is_bot(),
            points,
        })
        .collect();
    let target =
        R::target(&game.settings).map(|t| (i64::from(t), tr!(lang, "chart-target", target = t)));
    let alt = in_words(&game, &seats, &told, lang);
    let chart = ScoreChart {
        title: tr!(lang, "chart-title"),
        rounds_label: tr!(lang, "chart-rounds"),
        points_label: tr!(lang, "chart-points"),
        target,
        last_round: Some((last, tr!(lang, "chart-last-round"))),
        seats,
        moments,
        values_only: false,
    };
    Some((chart, alt))
}

/// The chart in words: who led when, the moments, who won with how much.
fn in_words<R: Hosted>(game: &Game<R>, seats: &[SeatLine], told: &[String], lang: Lang) -> String {
    let mut parts = Vec::new();
    // The last lead change: who led from which round on.
    let rounds = seats.first().map_or(0, |s| s.points.len());
    let leader = |i: usize| -> Option<usize> {
        let best = seats.iter().map(|s| s.points[i].1).max()?;
        let mut leaders = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.points[i].1 == best);
        let first = leaders.next()?.0;
        leaders.next().is_none().then_some(first)
    };
    if rounds > 1 {
        let last = leader(rounds - 1);
        if let Some(seat) = last {
            let mut from = rounds - 1;
            while from > 1 && leader(from - 1) == Some(seat) {
                from -= 1;
            }
            parts.push(tr!(
                lang,
                "chart-alt-led",
                name = game.seats[seat].name.as_str(),
                round = seats[seat].points[from].0
            ));
        }
    }
    parts.extend(told.iter().take(6).cloned());
    let totals: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {}", s.name, game.total(i)))
        .collect();
    parts.push(tr!(lang, "chart-alt-totals", totals = totals.join(", ")));
    alt_text(&parts.join(" · "))
}
