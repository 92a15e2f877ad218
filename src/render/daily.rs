//! The daily deal's messages: the deal as it is played (the game's turn, under the deal's
//! heading), its end (score, accuracy, luck, squares, the decisions that cost), the share line,
//! the server's board of the day and a person's daily statistics with their chart.

use std::time::Duration;

use super::chart::{alt_text, score_png, ScoreChart, SeatLine};
use super::view::{display_name, escape, place, truncate};
use super::{ButtonStyle, ButtonView, EmbedView, MessageView, Picture, UiAction};
use crate::engine::daily::{DailyReview, Measure, Square};
use crate::engine::GameKind;
use crate::i18n::{decimal, Lang};
use crate::tr;

/// The colour of a daily deal's embeds.
const COLOUR: u32 = 0x3b_82_f6;

/// The code of the end's Share button.
pub const SHARE: &str = "share";

/// Which deal: its game and number (the deployment's first day is #1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealName {
    pub kind: GameKind,
    pub number: i64,
}

impl DealName {
    fn game(&self, lang: Lang) -> String {
        lang.t(&format!("game-{}", self.kind.command()))
    }

    /// "For Get It daily #14".
    pub fn title(&self, lang: Lang) -> String {
        tr!(
            lang,
            "daily-title",
            game = self.game(lang),
            number = self.number
        )
    }
}

/// A share of 1 as a whole percent, floored (99.6 % of exact play is not 100 %): "96%", in
/// French "96 %" (a narrow no-break space).
fn percent(share: f64, lang: Lang) -> String {
    let n = (share * 100.0).clamp(0.0, 100.0).floor();
    tr!(lang, "daily-percent", n = format!("{n:.0}"))
}

/// A deal's score in its measure: "287 points", "13 turns".
fn score_text(score: i64, measure: Measure, lang: Lang) -> String {
    match measure {
        Measure::Points => tr!(lang, "daily-points", n = score),
        Measure::Turns => tr!(lang, "daily-turns", n = score),
    }
}

/// An amount of the measure with one decimal: "12.5 points", "0.3 turns".
fn amount(value: f64, measure: Measure, lang: Lang) -> String {
    // A small amount keeps two decimals: never "0.0" for what is not nothing.
    let digits = if value.abs() < 0.05 && value.abs() >= 0.005 {
        2
    } else {
        1
    };
    let shown = decimal(&format!("{:.*}", digits, value.abs()), lang);
    match measure {
        Measure::Points => tr!(lang, "daily-amount-points", n = shown),
        Measure::Turns => tr!(lang, "daily-amount-turns", n = shown),
    }
}

/// Where a deal in play stands: its turn (of how many, when the form fixes it) and its points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub turn: u32,
    pub of: Option<u32>,
    pub points: u32,
}

/// The deal being played: its heading and notes, then the game's turn with its moves.
pub fn deal_view(
    name: DealName,
    progress: Progress,
    notes: &[String],
    turn: MessageView,
    lang: Lang,
) -> MessageView {
    let form = format!(
        "-# {}",
        tr!(lang, &format!("daily-form-{}", name.kind.command()))
    );
    let at = match progress.of {
        Some(of) => tr!(lang, "daily-turn-of", turn = progress.turn, of = of),
        None => tr!(lang, "daily-turn", turn = progress.turn),
    };
    let mut lines = vec![format!(
        "📅 **{}** · {at} · {}",
        name.title(lang),
        tr!(lang, "daily-points", n = progress.points)
    )];
    lines.push(form);
    lines.extend(notes.iter().cloned());
    if !turn.content.is_empty() {
        lines.push(turn.content.clone());
    }
    MessageView {
        content: lines.join("\n"),
        ..turn
    }
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played to its end.
    Played,
    /// Left unfinished when its day ended: it ends as it stood.
    Midnight,
}

/// A deal's end: its score, accuracy and luck, its squares, and the decisions that cost; its
/// Share button. `notes` come first.
pub fn end_view(
    name: DealName,
    review: &DailyReview,
    ending: Ending,
    notes: &[String],
    share: Share,
    lang: Lang,
) -> MessageView {
    let measure = review.measure;
    let mut lines: Vec<String> = notes.to_vec();
    if ending == Ending::Midnight {
        lines.push(tr!(lang, "daily-ended-midnight"));
    }
    lines.push(match measure {
        Measure::Points => tr!(
            lang,
            "daily-score",
            score = score_text(review.score, measure, lang)
        ),
        Measure::Turns => tr!(lang, "daily-score-turns", n = review.score),
    });
    lines.push(tr!(
        lang,
        "daily-accuracy",
        accuracy = percent(review.accuracy(), lang),
        expected = amount(review.expected, measure, lang),
        lost = amount(review.lost, measure, lang)
    ));
    if ending == Ending::Played {
        let luck = review.luck();
        let id = match (measure, luck >= 0.0) {
            (Measure::Points, true) => "daily-luck-points-good",
            (Measure::Points, false) => "daily-luck-points-bad",
            (Measure::Turns, true) => "daily-luck-turns-good",
            (Measure::Turns, false) => "daily-luck-turns-bad",
        };
        lines.push(tr!(lang, id, luck = amount(luck, measure, lang)));
    }
    lines.push(Square::line(&review.squares()));
    let mut embed = EmbedView::new(&name.title(lang), COLOUR).description(&lines.join("\n"));
    let decisions = decisions(review, lang);
    let shown = if decisions.is_empty() {
        tr!(lang, "daily-no-mistakes")
    } else {
        decisions.join("\n")
    };
    embed = embed.field(&tr!(lang, "daily-decisions"), &shown, false);
    embed = embed.footer(&tr!(lang, "daily-footer"));
    let view = MessageView::new("").embed(embed);
    let review = ButtonView::new(
        &tr!(lang, "daily-review"),
        ButtonStyle::Secondary,
        UiAction::Game(REVIEW.into()),
    );
    match share {
        Share::No => view.row(vec![review]),
        Share::Offered => view.row(vec![
            ButtonView::new(
                &tr!(lang, "daily-share"),
                ButtonStyle::Primary,
                UiAction::Game(SHARE.into()),
            ),
            review,
        ]),
        Share::Done => view.row(vec![
            ButtonView::new(
                &tr!(lang, "daily-shared"),
                ButtonStyle::Secondary,
                UiAction::Game(SHARE.into()),
            )
            .disabled_if(true),
            review,
        ]),
    }
}

/// The code of the end's Review button.
pub const REVIEW: &str = "review";

/// A deal's whole review, privately: every turn with its square and points, and each decision
/// that cost, with the better move.
pub fn review_view(name: DealName, review: &DailyReview, lang: Lang) -> MessageView {
    let measure = review.measure;
    let mut lines = Vec::new();
    for turn in &review.turns {
        let square = Square::of(turn.lost, measure).emoji();
        lines.push(match measure {
            Measure::Points => tr!(
                lang,
                "daily-review-turn-points",
                square = square.to_string(),
                turn = turn.number,
                points = turn.points
            ),
            Measure::Turns => tr!(
                lang,
                "daily-review-turn",
                square = square.to_string(),
                turn = turn.number
            ),
        });
        for m in &turn.mistakes {
            lines.push(tr!(
                lang,
                "daily-review-decision",
                chosen = m.chosen.as_str(),
                best = m.best.as_str(),
                cost = amount(m.cost, measure, lang)
            ));
        }
    }
    // An embed's description holds 4,096 characters.
    let mut description = String::new();
    for line in lines {
        if description.chars().count() + line.chars().count() + 2 > 4000 {
            description.push('…');
            break;
        }
        description.push_str(&line);
        description.push('\n');
    }
    let title = tr!(lang, "daily-review-title", deal = name.title(lang));
    MessageView::new("").embed(EmbedView::new(&title, COLOUR).description(description.trim_end()))
}

/// A deal's end's Share button: none (a deal of a day that ended), offered, or pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    No,
    Offered,
    Done,
}

/// How many of a deal's costly decisions its end lists (the costliest).
pub const DECISIONS_SHOWN: usize = 5;

/// The decisions that cost, the costliest first, the same decision of a turn made twice said
/// once ("×2"), at most [`DECISIONS_SHOWN`] and a line for the rest.
fn decisions(review: &DailyReview, lang: Lang) -> Vec<String> {
    let measure = review.measure;
    // (turn, chosen, best) -> (times, total cost)
    type Said<'a> = (u32, &'a str, &'a str);
    let mut merged: Vec<(Said, (u32, f64))> = Vec::new();
    for turn in &review.turns {
        for m in &turn.mistakes {
            let key = (turn.number, m.chosen.as_str(), m.best.as_str());
            match merged.iter_mut().find(|(k, _)| *k == key) {
                Some((_, (times, cost))) => {
                    *times += 1;
                    *cost += m.cost;
                }
                None => merged.push((key, (1, m.cost))),
            }
        }
    }
    merged.sort_by(|a, b| b.1 .1.total_cmp(&a.1 .1).then(a.0 .0.cmp(&b.0 .0)));
    let mut lines: Vec<String> = merged
        .iter()
        .take(DECISIONS_SHOWN)
        .map(|((turn, chosen, best), (times, cost))| {
            let times = if *times > 1 {
                format!(" ×{times}")
            } else {
                String::new()
            };
            tr!(
                lang,
                "daily-mistake",
                turn = *turn,
                chosen = format!("{chosen}{times}"),
                best = *best,
                cost = amount(*cost, measure, lang)
            )
        })
        .collect();
    if merged.len() > DECISIONS_SHOWN {
        lines.push(tr!(
            lang,
            "daily-more-mistakes",
            n = merged.len() - DECISIONS_SHOWN
        ));
    }
    lines
}

/// The share line: the deal, the score, the accuracy and a square a turn; no die.
pub fn share_line(name: DealName, review: &DailyReview, lang: Lang) -> String {
    format!(
        "🎲 {} · {} · {} · {}",
        name.title(lang),
        score_text(review.score, review.measure, lang),
        percent(review.accuracy(), lang),
        Square::line(&review.squares())
    )
}

/// The share line as posted in the channel, by whom.
pub fn share_view(name: DealName, review: &DailyReview, who: &str, lang: Lang) -> MessageView {
    MessageView::new(&format!(
        "{}\n{}",
        share_line(name, review, lang),
        tr!(lang, "daily-shared-by", name = display_name(who))
    ))
}

/// How long until the next deal, in minutes (at least one).
pub fn next_deal_in(ms: i64, lang: Lang) -> String {
    let minutes = ((ms.max(0) + 59_999) / 60_000).max(1) as u64;
    crate::duration::show(Duration::from_secs(minutes * 60), lang)
}

/// A second try the same day: refused, with the time until the next deal.
pub fn played_note(until_next_ms: i64, lang: Lang) -> String {
    tr!(
        lang,
        "daily-played",
        next = next_deal_in(until_next_ms, lang)
    )
}

/// When the next deal comes, at a deal's end.
pub fn next_note(until_next_ms: i64, lang: Lang) -> String {
    tr!(lang, "daily-next", next = next_deal_in(until_next_ms, lang))
}

/// Yesterday's deal as exact play played it.
pub fn exact_note(name: DealName, score: i64, measure: Measure, lang: Lang) -> String {
    tr!(
        lang,
        "daily-exact",
        deal = name.title(lang),
        score = score_text(score, measure, lang)
    )
}

/// A deal of an earlier day, ended as it stood at midnight when its player came back.
pub fn midnight_note(name: DealName, review: &DailyReview, lang: Lang) -> String {
    tr!(
        lang,
        "daily-midnight-note",
        deal = name.title(lang),
        score = score_text(review.score, review.measure, lang),
        accuracy = percent(review.accuracy(), lang)
    )
}

/// One row of a server's board of the day.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub name: String,
    pub accuracy: f64,
    pub score: i64,
    pub midnight: bool,
}

/// The server's board of the day: by accuracy, then score; equal rows share a rank and a medal.
pub fn board_view(name: DealName, measure: Measure, rows: &[BoardRow], lang: Lang) -> MessageView {
    let title = tr!(lang, "daily-board-title", deal = name.title(lang));
    let description = if rows.is_empty() {
        tr!(lang, "daily-board-empty")
    } else {
        let mut lines = Vec::new();
        let mut rank = 0;
        for (i, row) in rows.iter().enumerate() {
            let shown = (percent(row.accuracy, lang), row.score);
            let tied = i > 0 && {
                let before = &rows[i - 1];
                (percent(before.accuracy, lang), before.score) == shown
            };
            if !tied {
                rank = i as u64 + 1;
            }
            let midnight = if row.midnight {
                format!(" · {}", tr!(lang, "daily-board-midnight"))
            } else {
                String::new()
            };
            lines.push(format!(
                "{} {} · {} · {}{midnight}",
                place(rank),
                escape(&truncate(&display_name(&row.name), 32)),
                shown.0,
                score_text(row.score, measure, lang)
            ));
        }
        lines.join("\n")
    };
    MessageView::new("").embed(
        EmbedView::new(&title, COLOUR)
            .description(&description)
            .footer(&tr!(lang, "daily-board-footer")),
    )
}

/// One ended deal of a person's, for their statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    pub day: i64,
    pub number: i64,
    pub accuracy: f64,
}

/// A person's daily figures: days played in a row (to today, or to yesterday while today's is
/// still to play), the longest run, and the average accuracy over the last 7 and 30 days.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Streaks {
    pub current: u32,
    pub best: u32,
    pub week: Option<f64>,
    pub month: Option<f64>,
    pub played: u32,
}

impl Streaks {
    /// From the deals played (oldest first), on `today`.
    pub fn of(history: &[Played], today: i64) -> Streaks {
        let mut days: Vec<i64> = history.iter().map(|p| p.day).collect();
        days.sort_unstable();
        days.dedup();
        let mut best = 0;
        let mut run = 0;
        let mut last = None;
        for &day in &days {
            run = if last == Some(day - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(day);
        }
        let current = match last {
            Some(day) if day == today || day == today - 1 => run,
            _ => 0,
        };
        let average = |span: i64| {
            let recent: Vec<f64> = history
                .iter()
                .filter(|p| p.day > today - span && p.day <= today)
                .map(|p| p.accuracy)
                .collect();
            (!recent.is_empty()).then(|| recent.iter().sum::<f64>() / recent.len() as f64)
        };
        Streaks {
            current,
            best,
            week: average(7),
            month: average(30),
            played: days.len() as u32,
        }
    }
}

/// A person's daily figures in three lines: deals played, the streak, the average accuracy;
/// `None` with no deal played.
pub fn summary(history: &[Played], today: i64, lang: Lang) -> Option<String> {
    if history.is_empty() {
        return None;
    }
    let streaks = Streaks::of(history, today);
    let shown = |share: Option<f64>| share.map_or_else(|| "—".to_string(), |s| percent(s, lang));
    Some(
        [
            tr!(lang, "daily-stats-played", n = streaks.played),
            tr!(
                lang,
                "daily-stats-streak",
                current = streaks.current,
                best = streaks.best
            ),
            tr!(
                lang,
                "daily-stats-accuracy",
                week = shown(streaks.week),
                month = shown(streaks.month)
            ),
        ]
        .join("\n"),
    )
}

/// A statistics message with the person's daily figures added (a field of its first embed).
pub fn with_summary(mut view: MessageView, summary: &str, lang: Lang) -> MessageView {
    if let Some(embed) = view.embeds.first_mut() {
        *embed = embed
            .clone()
            .field(&tr!(lang, "daily-stats-field"), summary, false);
    }
    view
}

/// The file name of a daily accuracy chart.
pub const ACCURACY_CHART_FILE: &str = "daily-accuracy.png";

/// A person's daily statistics of one game, with the chart of their accuracy deal by deal.
pub fn stats_view(
    kind: GameKind,
    who: &str,
    history: &[Played],
    today: i64,
    lang: Lang,
) -> MessageView {
    let game = lang.t(&format!("game-{}", kind.command()));
    let title = tr!(
        lang,
        "daily-stats-title",
        game = game.as_str(),
        name = display_name(who)
    );
    let description = summary(history, today, lang)
        .unwrap_or_else(|| tr!(lang, "daily-stats-none", game = game.as_str()));
    let view = MessageView::new("").embed(EmbedView::new(&title, COLOUR).description(&description));
    match accuracy_chart(who, history, lang) {
        Some(picture) => view.picture(picture),
        None => view,
    }
}

/// A person's accuracy deal by deal (by the deals' numbers); `None` with fewer than two.
pub fn accuracy_chart(who: &str, history: &[Played], lang: Lang) -> Option<Picture> {
    if history.len() < 2 {
        return None;
    }
    let points: Vec<(u32, i64)> = history
        .iter()
        .map(|p| {
            (
                u32::try_from(p.number).unwrap_or(0),
                (p.accuracy * 100.0).floor() as i64,
            )
        })
        .collect();
    let chart = ScoreChart {
        title: tr!(lang, "daily-chart-title"),
        rounds_label: tr!(lang, "daily-chart-deal"),
        points_label: tr!(lang, "daily-chart-accuracy"),
        seats: vec![SeatLine {
            name: who.to_string(),
            bot: false,
            points,
        }],
        values_only: true,
        ..ScoreChart::default()
    };
    let png = score_png(&chart).ok()?;
    let last = history.last().map_or(0.0, |p| p.accuracy);
    Some(Picture {
        name: ACCURACY_CHART_FILE.to_string(),
        png,
        description: alt_text(&tr!(
            lang,
            "daily-chart-alt",
            name = who,
            n = history.len(),
            last = percent(last, lang)
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(days: &[i64]) -> Vec<Played> {
        days.iter()
            .map(|&day| Played {
                day,
                number: day,
                accuracy: 0.9,
            })
            .collect()
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        let s = Streaks::of(&played(&[1, 2, 3, 5, 6]), 6);
        assert_eq!((s.current, s.best, s.played), (2, 3, 5));
        // Today's deal still to play: the run to yesterday stands.
        assert_eq!(Streaks::of(&played(&[5, 6]), 7).current, 2);
        assert_eq!(Streaks::of(&played(&[5, 6]), 8).current, 0);
        assert_eq!(Streaks::of(&[], 8), Streaks::default());
        let s = Streaks::of(&played(&[1, 30]), 30);
        assert_eq!(s.week, Some(0.9));
    }
}
