//! A review of one person's play in a finished game ([`crate::strategy::review`]), shown privately
//! to them: the totals (their score, what optimal play expects, luck, what their decisions and
//! their timeouts cost), their costliest decisions against the optimal ones, and their turns.
//! The same for both games; each game's decisions read by [`ActText`]. A long game is
//! summarised: the costliest decisions only, and the turns as long as they fit.

use crate::i18n::Lang;
use crate::ids::GameId;
use crate::strategy::review::{Ended, Mistake, Review, Unit, NEGLIGIBLE};
use crate::tr;

use super::chart::{alt_text, review_png, ReviewChart};
use super::view::decimal;
use super::view::{colour, display_name, limits, EmbedView, MessageView, Picture};

/// How many of the costliest rounds a review lists; with its chart, which shows every round.
pub const SHOWN_MISTAKES: usize = 10;
pub const SHOWN_WITH_CHART: usize = 3;

/// The file name of a review's chart.
pub const CHART_FILE: &str = "review.png";

/// Decisions that cost less than this are left out of the list: they would read "−0.0".
pub const SHOWN_COST: f64 = 0.05;

/// How a game's decisions read in a review.
pub trait ActText {
    /// The decision, as "bank 24", "keep the 4s", "score Chance (19)".
    fn text(&self, lang: Lang) -> String;
    /// The dice it was made on, when they say something ("2 3 3 5 6").
    fn dice(&self) -> Option<String> {
        None
    }
}

/// Expected points with one decimal, in the language's way ("43.6", "43,6").
fn number(value: f64, lang: Lang) -> String {
    // -0.0 reads as 0.0.
    let value = if value.abs() < 0.05 { 0.0 } else { value };
    decimal(&format!("{value:.1}"), lang)
}

/// A signed number: "+4.1", "−20.4", "0.0".
fn signed(value: f64, lang: Lang) -> String {
    let text = number(value.abs(), lang);
    if value >= 0.05 {
        format!("+{text}")
    } else if value <= -0.05 {
        format!("−{text}")
    } else {
        text
    }
}

/// Which game a review is of, as the review names it.
#[derive(Clone, Copy, Debug)]
pub struct Reviewed<'a> {
    /// The game's command (`forgetit`), which names its messages (`game-forgetit`).
    pub command: &'a str,
    /// Its message ids' prefix (`fgi`, `gd`).
    pub code: &'a str,
    /// The game's id, as `/{command} review game:` takes it.
    pub game_id: GameId,
}

/// The review as a private message, in `lang` (the asker's).
pub fn review<A: ActText>(review: &Review<A>, game: Reviewed<'_>, lang: Lang) -> MessageView {
    let title = tr!(
        lang,
        "review-title",
        name = display_name(&review.name),
        game = lang.t(&format!("game-{}", game.command)),
        id = game.game_id.to_string()
    );
    // A review in chances says so in its own words (`review-score-chance`, ...).
    let id = |base: &str| match review.unit {
        Unit::Points => base.to_string(),
        Unit::Chance => format!("{base}-chance"),
    };
    let mut description = vec![
        tr!(
            lang,
            &id("review-score"),
            points = review.points,
            expected = number(review.expected, lang),
            turns = review.turns.len()
        ),
        tr!(lang, "review-luck", luck = signed(review.luck, lang)),
        tr!(lang, &id("review-lost"), lost = number(review.lost, lang)),
    ];
    if review.forfeited.abs() > NEGLIGIBLE {
        description.push(tr!(
            lang,
            &id("review-forfeited"),
            forfeited = number(review.forfeited, lang)
        ));
    }
    let mut embed = EmbedView::new(&title, colour::INFO).description(&description.join("\n"));

    // The rounds whose decisions cost most, each once with its decisions in the order made;
    // the count and cost of the rounds left out.
    let rounds = costly_rounds(review);
    // The chart shows every round: the text keeps the few costliest decisions.
    let picture = chart(review, lang);
    let most = if picture.is_some() {
        SHOWN_WITH_CHART
    } else {
        SHOWN_MISTAKES
    };
    let shown = &rounds[..rounds.len().min(most)];
    let mistakes = if shown.is_empty() {
        tr!(lang, "review-no-mistakes")
    } else {
        let mut lines: Vec<String> = shown
            .iter()
            .map(|(round, mistakes, _)| {
                let decisions: Vec<String> = mistakes
                    .iter()
                    .map(|m| {
                        let mistake = tr!(
                            lang,
                            "review-mistake",
                            chosen = m.chosen.text(lang),
                            best = m.best.text(lang),
                            cost = number(m.cost, lang)
                        );
                        match m.chosen.dice() {
                            Some(dice) => {
                                tr!(lang, "review-mistake-on", dice = dice, mistake = mistake)
                            }
                            None => mistake,
                        }
                    })
                    .collect();
                format!(
                    "**{}** — {}",
                    tr!(lang, "review-round", round = *round),
                    decisions.join(&tr!(lang, "review-then"))
                )
            })
            .collect();
        let more = rounds.len() - shown.len();
        if more > 0 {
            let rest: f64 = rounds[shown.len()..].iter().map(|(_, _, cost)| cost).sum();
            lines.push(tr!(
                lang,
                "review-more-mistakes",
                n = more,
                cost = number(rest, lang)
            ));
        }
        fit(lines, limits::FIELD_VALUE, lang)
    };
    let mistakes_title = if rounds.len() > most {
        tr!(lang, "review-costliest", n = most)
    } else {
        tr!(lang, "review-mistakes")
    };
    embed = embed.field(&mistakes_title, &mistakes, false);

    // The turns, as many as fit; with the chart, which shows them, none.
    let turns: Vec<String> = review
        .turns
        .iter()
        .map(|t| {
            let end = match t.end {
                Ended::Played => String::new(),
                Ended::TimedOut => format!(" · {}", tr!(lang, "review-timed-out")),
                Ended::Left => format!(" · {}", tr!(lang, "review-left")),
                Ended::Unfinished => format!(" · {}", tr!(lang, "review-unfinished")),
            };
            let lost = if t.lost > NEGLIGIBLE {
                format!(
                    " · {}",
                    tr!(lang, "review-turn-lost", lost = number(t.lost, lang))
                )
            } else {
                String::new()
            };
            format!(
                "{}{lost}{end}",
                tr!(
                    lang,
                    &id("review-turn-line"),
                    turn = tr!(lang, "review-round", round = t.number),
                    points = t.points,
                    luck = signed(t.luck, lang)
                )
            )
        })
        .collect();
    if !turns.is_empty() && picture.is_none() {
        embed = embed.field(
            &tr!(lang, "review-turns"),
            &fit(turns, limits::FIELD_VALUE, lang),
            false,
        );
    }
    let footer = format!(
        "{} {}",
        tr!(lang, &id("review-footer")),
        lang.t(&format!("{}-review-note", game.code))
    );
    let view = MessageView::new("").embed(embed.footer(&footer));
    match picture {
        Some(picture) => view.picture(picture),
        None => view,
    }
}

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

/// What [`chart`] draws, and its alt text; `None` before a first turn.
pub fn review_chart<A>(review: &Review<A>, lang: Lang) -> Option<(ReviewChart, String)> {
    if review.turns.is_empty() {
        return None;
    }
    let (mut actual, mut optimal) = match review.unit {
        Unit::Points => ((0.0, vec![(0, 0.0)]), (0.0, vec![(0, 0.0)])),
        Unit::Chance => (
            (review.expected, vec![(0, review.expected)]),
            (review.expected, vec![(0, review.expected)]),
        ),
    };
    let mut rounds = Vec::new();
    for t in &review.turns {
        let cost = t.lost + t.forfeited;
        match review.unit {
            Unit::Points => {
                actual.0 += f64::from(t.points);
                // Optimal decisions, average dice: the turn's points less its luck and with
                // what its decisions and timeouts gave up.
                optimal.0 += f64::from(t.points) - t.luck + cost;
            }
            Unit::Chance => {
                // The chance once the turn ended; with optimal decisions, that and what the
                // decisions so far gave up.
                actual.0 = t.chance_after.unwrap_or(actual.0);
                optimal.0 += cost;
            }
        }
        let optimal_now = match review.unit {
            Unit::Points => optimal.0,
            Unit::Chance => (actual.0 + optimal.0 - review.expected).min(100.0),
        };
        actual.1.push((t.number, actual.0));
        optimal.1.push((t.number, optimal_now));
        rounds.push((t.number, t.luck, cost));
    }
    let values_label = match review.unit {
        Unit::Points => tr!(lang, "review-chart-points"),
        Unit::Chance => tr!(lang, "review-chart-chance"),
    };
    let drawn = ReviewChart {
        title: tr!(lang, "review-chart-title"),
        rounds_label: tr!(lang, "chart-rounds"),
        values_label,
        deltas_label: tr!(lang, "review-chart-deltas"),
        actual: (
            tr!(lang, "review-chart-you", name = review.name.as_str()),
            actual.1,
        ),
        optimal: (tr!(lang, "review-chart-optimal"), optimal.1),
        rounds,
        luck_label: tr!(lang, "review-chart-luck"),
        cost_label: tr!(lang, "review-chart-cost"),
    };
    let turns: Vec<String> = review
        .turns
        .iter()
        .map(|t| {
            tr!(
                lang,
                "review-chart-turn",
                round = t.number,
                luck = signed(t.luck, lang),
                lost = number(t.lost + t.forfeited, lang)
            )
        })
        .collect();
    let alt_id = match review.unit {
        Unit::Points => "review-chart-alt",
        Unit::Chance => "review-chart-alt-chance",
    };
    let alt = tr!(
        lang,
        alt_id,
        name = review.name.as_str(),
        turns = turns.join(" · ")
    );
    Some((drawn, alt))
}

/// The rounds with decisions that cost at least [`SHOWN_COST`]: each round once, with those
/// decisions in the order made and their total cost; the costliest first (the earlier first on
/// equal costs).
fn costly_rounds<A>(review: &Review<A>) -> Vec<(u32, Vec<&Mistake<A>>, f64)> {
    let mut rounds: Vec<(u32, Vec<&Mistake<A>>, f64)> = Vec::new();
    for m in review.mistakes.iter().filter(|m| m.cost >= SHOWN_COST) {
        match rounds.iter_mut().find(|(round, _, _)| *round == m.turn) {
            Some((_, mistakes, cost)) => {
                mistakes.push(m);
                *cost += m.cost;
            }
            None => rounds.push((m.turn, vec![m], m.cost)),
        }
    }
    rounds.sort_by(|a, b| b.2.total_cmp(&a.2));
    rounds
}

/// `lines` joined, as many as fit in `max` characters, the rest counted in a last line.
fn fit(lines: Vec<String>, max: usize, lang: Lang) -> String {
    let total = lines.len();
    let mut out: Vec<String> = Vec::new();
    let mut used = 0;
    for (i, line) in lines.into_iter().enumerate() {
        let left = total - i - 1;
        // Room for this line, and for the "more" line if any would follow.
        let reserve = if left > 0 { 40 } else { 0 };
        if used + line.chars().count() + 1 + reserve > max {
            out.push(tr!(lang, "review-more-turns", n = total - i));
            break;
        }
        used += line.chars().count() + 1;
        out.push(line);
    }
    out.join("\n")
}

/// Why a game cannot be reviewed, as the asker is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// No game has this id.
    Unknown { id: GameId },
    /// The game was played in another server.
    OtherServer { id: GameId },
    /// The game is of the other kind: its review is under this command.
    OtherGame { id: GameId, command: &'static str },
    /// The game is still in its lobby or being played.
    NotFinished { id: GameId },
    /// The game was cancelled.
    Cancelled { id: GameId },
    /// The asker had no seat in it.
    NotPlayed { id: GameId },
    /// The asker has no finished game of this kind (its command) in this server.
    NoGames { command: &'static str },
    /// The game's moves were deleted (`retention.game_logs_days`): no review, no rematch.
    Pruned { id: GameId },
}

/// The refusal as a private message, in `lang`.
pub fn refusal(refusal: &Refusal, lang: Lang) -> MessageView {
    let text = match refusal {
        Refusal::Unknown { id } => tr!(lang, "review-unknown", id = id.to_string()),
        Refusal::OtherServer { id } => tr!(lang, "review-other-server", id = id.to_string()),
        Refusal::OtherGame { id, command } => tr!(
            lang,
            "review-other-game",
            id = id.to_string(),
            command = *command
        ),
        Refusal::NotFinished { id } => tr!(lang, "review-not-finished", id = id.to_string()),
        Refusal::Cancelled { id } => tr!(lang, "review-cancelled", id = id.to_string()),
        Refusal::NotPlayed { id } => tr!(lang, "review-not-played", id = id.to_string()),
        Refusal::Pruned { id } => tr!(lang, "review-pruned", id = id.to_string()),
        Refusal::NoGames { command } => tr!(
            lang,
            "review-no-games",
            game = lang.t(&format!("game-{command}")),
            command = *command
        ),
    };
    MessageView::new(&text)
}

/// The game's number, as its end shows it (in its footer): `/review game:` takes it.
pub fn numbered(mut view: MessageView, game_id: GameId, lang: Lang) -> MessageView {
    let number = tr!(lang, "over-game-id", id = game_id.to_string());
    if let Some(embed) = view.embeds.first_mut() {
        let footer = match embed.footer.take() {
            Some(footer) => format!("{footer} · {number}"),
            None => number,
        };
        *embed = std::mem::replace(embed, EmbedView::new("", 0)).footer(&footer);
    }
    view
}
