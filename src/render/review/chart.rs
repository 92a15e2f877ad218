//! A review's chart: the player's score (or chance of winning) after each of their turns against
//! what optimal play would expect, and each round's luck and decisions, with its alt text.

use crate::i18n::Lang;
use crate::render::chart::{alt_text, review_png, ReviewChart};
use crate::render::view::Picture;
use crate::strategy::review::{Review, TurnReview, Unit, NEGLIGIBLE};
use crate::tr;

use super::{amount, cost_text, signed, CHART_FILE};

/// The review's chart: the player's score (or chance of winning) after each of their turns
/// against what optimal play would expect, and each round's luck and decisions; `None` before
/// a first turn, or if it could not be drawn.
pub fn chart<A>(review: &Review<A>, lang: Lang) -> Option<Picture> {
    let (drawn, alt) = review_chart(review, lang)?;
    let png = review_png(&drawn).ok()?;
    Some(Picture {
        name: CHART_FILE.to_string(),
        png,
        description: alt_text(&alt),
    })
}

/// What [`chart`] draws, and its alt text; `None` before a first turn. A review in chances
/// (Pig), or whose rounds were all played to win (For Get It near the target), is drawn in
/// chances: the line from the chance at the first turn to the chance at the end, the bars in
/// percentage points; a review in points with some rounds played to win draws their points on
/// both lines and no bars for them (their luck and decisions are in another currency).
pub fn review_chart<A>(review: &Review<A>, lang: Lang) -> Option<(ReviewChart, String)> {
    if review.turns.is_empty() {
        return None;
    }
    let unit = if review.turns.iter().any(|t| t.unit == review.unit) {
        review.unit
    } else {
        Unit::Chance
    };
    let lines = match unit {
        Unit::Points => points_lines(review),
        Unit::Chance => chance_lines(review),
    };
    let (values_label, deltas_label, luck_label) = match unit {
        Unit::Points => (
            tr!(lang, "review-chart-points"),
            tr!(lang, "review-chart-deltas"),
            tr!(lang, "review-chart-luck"),
        ),
        Unit::Chance => (
            tr!(lang, "review-chart-chance"),
            tr!(lang, "review-chart-deltas-chance"),
            tr!(lang, "review-chart-dice"),
        ),
    };
    let drawn = ReviewChart {
        title: tr!(lang, "review-chart-title"),
        rounds_label: tr!(lang, "chart-rounds"),
        values_label,
        deltas_label,
        chance: unit == Unit::Chance,
        actual: (
            tr!(lang, "review-chart-you", name = review.name.as_str()),
            lines.actual,
        ),
        optimal: (tr!(lang, "review-chart-optimal"), lines.optimal),
        rounds: lines.rounds,
        luck_label,
        cost_label: tr!(lang, "review-chart-cost"),
    };
    Some((drawn, chart_alt(review, unit, lang)))
}

/// The review chart's two lines, (round, value) from round 0, and its bars, (round, luck, cost).
struct ChartLines {
    actual: Vec<(f64, f64)>,
    optimal: Vec<(f64, f64)>,
    rounds: Vec<(u32, f64, f64)>,
}

/// The chart in points: the score after each turn, and with optimal decisions and average dice;
/// a round played to win counts its points on both lines and has no bars.
fn points_lines<A>(review: &Review<A>) -> ChartLines {
    let mut actual = vec![(0.0, 0.0)];
    let mut optimal = vec![(0.0, 0.0)];
    let mut rounds = Vec::new();
    let (mut now, mut best) = (0.0, 0.0);
    for t in &review.turns {
        now += f64::from(t.points);
        if t.unit == Unit::Points {
            // Optimal decisions, average dice: the turn's points less its luck and with
            // what its decisions and timeouts gave up.
            best += f64::from(t.points) - t.luck + t.lost + t.forfeited;
            rounds.push((t.number, t.luck, t.lost + t.forfeited));
        } else {
            // Played to win, judged in chances: its points count for both lines.
            best += f64::from(t.points);
        }
        actual.push((f64::from(t.number), now));
        optimal.push((f64::from(t.number), best));
    }
    ChartLines {
        actual,
        optimal,
        rounds,
    }
}

/// The chart in chances, over the turns judged so: from the chance at the first turn, the chance
/// after each turn and, with optimal decisions, that and what the decisions and timeouts so far
/// gave up; then the game's end, when the others' turns moved the chance after the last of the
/// player's (half a round on).
fn chance_lines<A>(review: &Review<A>) -> ChartLines {
    let turns: Vec<&TurnReview> = review
        .turns
        .iter()
        .filter(|t| t.unit == Unit::Chance)
        .collect();
    let start = match review.unit {
        Unit::Chance => review.expected,
        Unit::Points => turns.first().and_then(|t| t.chance_before).unwrap_or(0.0),
    };
    let mut actual = vec![(0.0, start)];
    let mut optimal = vec![(0.0, start)];
    let mut rounds = Vec::new();
    let (mut now, mut costs, mut last) = (start, 0.0, 0);
    for t in turns {
        now = t.chance_after.unwrap_or(now);
        costs += t.lost + t.forfeited;
        last = t.number;
        actual.push((f64::from(t.number), now));
        optimal.push((f64::from(t.number), (now + costs).min(100.0)));
        rounds.push((t.number, t.luck, t.lost + t.forfeited));
    }
    if let Some(end) = review.end.filter(|end| (end - now).abs() > NEGLIGIBLE) {
        let x = f64::from(last) + 0.5;
        actual.push((x, end));
        optimal.push((x, (end + costs).min(100.0)));
    }
    ChartLines {
        actual,
        optimal,
        rounds,
    }
}

/// The review chart's alt text: each round's luck and cost in `unit` (the rounds played to win
/// named as such).
fn chart_alt<A>(review: &Review<A>, unit: Unit, lang: Lang) -> String {
    let turns: Vec<String> = review
        .turns
        .iter()
        .map(|t| {
            if t.unit != unit {
                return tr!(lang, "review-chart-turn-to-win", round = t.number);
            }
            let cost = cost_text(&amount(t.lost + t.forfeited, lang));
            tr!(
                lang,
                "review-chart-turn",
                round = t.number,
                luck = signed(t.luck, lang),
                lost = cost
            )
        })
        .collect();
    let alt_id = match unit {
        Unit::Points => "review-chart-alt",
        Unit::Chance => "review-chart-alt-chance",
    };
    tr!(
        lang,
        alt_id,
        name = review.name.as_str(),
        turns = turns.join(" · ")
    )
}
