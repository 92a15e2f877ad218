//! A review of one person's play in a finished game ([`crate::strategy::review`]), shown privately
//! to them, short enough for a phone: the totals in plain words (their score, what the best play
//! expects, the dice, what their decisions and their timeouts cost), then the rounds that
//! mattered in the order played, each in a few short lines, and a chart of every round. The same
//! for every game; each game's decisions read by [`ActText`]. A long game is summarised: the
//! rounds that cost most, the rest counted.
//!
//! This file holds the message; its chart is drawn from the review in `review/chart.rs`.

mod chart;

use crate::i18n::Lang;
use crate::ids::GameId;
use crate::strategy::review::{Ended, Mistake, Review, TurnReview, Unit, NEGLIGIBLE};
use crate::tr;

use super::view::decimal;
use super::view::{colour, display_name, limits, list, EmbedView, MessageView};

pub use self::chart::{chart, review_chart};

/// How many rounds a review lists at most (the ones that mattered most, in round order); with
/// its chart, which shows every round, fewer.
pub const SHOWN_ROUNDS: usize = 8;
pub const SHOWN_WITH_CHART: usize = 4;

/// How many decisions a listed round shows at most (the rest counted).
pub const SHOWN_PER_ROUND: usize = 3;

/// The file name of a review's chart.
pub const CHART_FILE: &str = "review.png";

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

/// How many decimals an amount (a cost, luck) is shown with: one, and more below 0.05, so that
/// an amount that is not nothing never reads "0.0".
fn decimals(value: f64) -> usize {
    match value.abs() {
        v if v <= NEGLIGIBLE || v >= 0.05 => 1,
        v if v >= 0.005 => 2,
        _ => 3,
    }
}

/// `value` rounded to `places` decimals, as it is written.
fn rounded(value: f64, places: usize) -> f64 {
    format!("{value:.places$}").parse().unwrap_or(value)
}

/// An amount as shown: (the value rounded as shown, its text), with [`decimals`]; below 0.0005,
/// "<0.001" (counted as nothing).
fn amount(value: f64, lang: Lang) -> (f64, String) {
    let places = decimals(value);
    let shown = rounded(value.abs(), places);
    if shown == 0.0 && value.abs() > NEGLIGIBLE {
        return (0.0, decimal("<0.001", lang));
    }
    (shown, decimal(&format!("{shown:.places$}"), lang))
}

/// A signed amount with `places` decimals: "+4.1", "−20.4", "0".
fn signed_at(value: f64, places: usize, lang: Lang) -> String {
    let text = decimal(&format!("{:.places$}", value.abs()), lang);
    if rounded(value, places) == 0.0 {
        text
    } else if value > 0.0 {
        format!("+{text}")
    } else {
        format!("−{text}")
    }
}

/// A cost as shown, signed: "−4.5", "−0.02", or "0.0" for nothing.
fn cost_text((value, text): &(f64, String)) -> String {
    if *value == 0.0 && !text.starts_with('<') {
        text.clone()
    } else {
        format!("−{text}")
    }
}

/// A chance of winning in percent: a whole number as such ("0", "100"), else with one decimal
/// ("54.6"); with the value as shown.
fn percent(value: f64, lang: Lang) -> (f64, String) {
    if (value - value.round()).abs() < 1e-9 {
        (value.round(), format!("{:.0}", value.round().abs()))
    } else {
        let shown = rounded(value, 1);
        (shown, decimal(&format!("{shown:.1}"), lang))
    }
}

/// A move of the chance of winning from `before` to `after`, as shown: the start and end (in
/// percent), and the terms between (luck, decisions, timeouts, in percentage points), rounded so
/// that the numbers shown add up: luck is what the others, as shown, leave (it differs from
/// its own rounding by less than the others' roundings together).
struct ChanceSum {
    before: String,
    after: String,
    /// (shown, decimals) of luck; its part that was not the seat's dice; decisions; timeouts.
    luck: (f64, usize),
    others: (f64, usize),
    lost: (f64, String),
    forfeited: Option<(f64, String)>,
}

impl ChanceSum {
    fn new(before: f64, after: f64, others: f64, lost: f64, forfeited: f64, lang: Lang) -> Self {
        let (b, before) = percent(before, lang);
        let (a, after) = percent(after, lang);
        let lost = amount(lost, lang);
        let forfeited = (forfeited > NEGLIGIBLE).then(|| amount(forfeited, lang));
        let costs = lost.0 + forfeited.as_ref().map_or(0.0, |f| f.0);
        let places = [
            1,
            decimals(lost.0),
            forfeited.as_ref().map_or(1, |f| decimals(f.0)),
        ]
        .into_iter()
        .max()
        .unwrap_or(1);
        let luck = rounded(a - b + costs, places);
        let others_places = decimals(others);
        let others = rounded(others, others_places);
        ChanceSum {
            before,
            after,
            luck: (luck, places),
            others: (others, others_places),
            lost,
            forfeited,
        }
    }

    /// Luck, signed.
    fn luck(&self, lang: Lang) -> String {
        signed_at(self.luck.0, self.luck.1, lang)
    }

    /// The seat's dice: luck but the others' part.
    fn dice(&self, lang: Lang) -> String {
        let places = self.luck.1.max(self.others.1);
        signed_at(self.luck.0 - self.others.0, places, lang)
    }

    fn others(&self, lang: Lang) -> String {
        signed_at(self.others.0, self.others.1, lang)
    }

    /// "your dice −4.5, decisions −7.5" (and timeouts), in words: within a turn, luck is the
    /// player's dice.
    fn terms(&self, lang: Lang) -> String {
        let mut terms = vec![
            tr!(lang, "review-term-luck", value = self.luck(lang)),
            tr!(lang, "review-term-decisions", value = cost_text(&self.lost)),
        ];
        if let Some(forfeited) = &self.forfeited {
            terms.push(tr!(
                lang,
                "review-term-timeouts",
                value = cost_text(forfeited)
            ));
        }
        terms.join(", ")
    }

    /// "− 50.1 − 4.5": the terms as a sum, luck first.
    fn sum(&self, lang: Lang) -> String {
        let luck = self.luck(lang);
        let luck = match luck.strip_prefix('−') {
            Some(rest) => format!("− {rest}"),
            None => format!("+ {}", luck.trim_start_matches('+')),
        };
        let mut sum = vec![luck, format!("− {}", self.lost.1)];
        if let Some((_, forfeited)) = &self.forfeited {
            sum.push(format!("− {forfeited}"));
        }
        sum.join(" ")
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

/// The review as a private message, in `lang` (the asker's): a few lines of totals in plain
/// words, then the rounds that mattered in the order played, a few short lines each (what was
/// done, what was better and what it cost), then the chart of every round. A round judged in
/// another currency than the review's (For Get It's rounds played to win, in chances) is named in
/// the totals, which do not count it, and read in its own currency.
pub fn review<A: ActText>(review: &Review<A>, game: Reviewed<'_>, lang: Lang) -> MessageView {
    let title = tr!(
        lang,
        "review-title",
        name = display_name(&review.name),
        game = lang.t(&format!("game-{}", game.command)),
        id = game.game_id.to_string()
    );
    let embed = EmbedView::new(&title, colour::INFO).description(&summary(review, lang));

    // The rounds that mattered, in round order: the chart shows every round.
    let picture = chart(review, lang);
    let most = if picture.is_some() {
        SHOWN_WITH_CHART
    } else {
        SHOWN_ROUNDS
    };
    let (shown, left_out) = rounds_that_mattered(review, most);
    let rounds = if shown.is_empty() {
        if review.turns.iter().any(|t| t.lost > NEGLIGIBLE) {
            // Small slips only: they count in the totals, none is a mistake.
            let unit = review
                .turns
                .iter()
                .find(|t| t.lost > NEGLIGIBLE)
                .map_or(review.unit, |t| t.unit);
            close_to_best("review-no-mistakes-close", unit, lang)
        } else {
            tr!(lang, "review-no-mistakes")
        }
    } else {
        let mut blocks: Vec<String> = shown
            .iter()
            .map(|turn| round_block(review, turn, lang))
            .collect();
        blocks.extend(left_out_lines(review, &left_out, lang));
        fit(blocks, limits::FIELD_VALUE, lang)
    };
    let embed = embed.field(&tr!(lang, "review-rounds"), &rounds, false);
    let footer = format!(
        "{} {}",
        tr!(lang, "review-footer"),
        lang.t(&format!("{}-review-note", game.code))
    );
    let view = MessageView::new("").embed(embed.footer(&footer));
    match picture {
        Some(picture) => view.picture(picture),
        None => view,
    }
}

/// The totals, in plain words: the score, then in the review's unit what the best play expected,
/// the dice and what decisions and timeouts cost; the rounds judged otherwise named apart.
fn summary<A>(review: &Review<A>, lang: Lang) -> String {
    let apart: Vec<u32> = review
        .turns
        .iter()
        .filter(|t| t.unit != review.unit)
        .map(|t| t.number)
        .collect();
    let counted = review.turns.len() - apart.len();
    let mut lines = vec![tr!(
        lang,
        "review-score",
        points = review.points,
        turns = review.turns.len()
    )];
    match review.unit {
        Unit::Points => {
            if counted > 0 {
                lines.extend(points_summary(review, counted, apart.is_empty(), lang));
            }
        }
        Unit::Chance => lines.extend(chance_summary(review, lang)),
    }
    if !apart.is_empty() {
        let rounds: Vec<String> = apart.iter().map(u32::to_string).collect();
        // With no round counted in points, there are no points above to set them apart from.
        let id = if counted == 0 {
            "review-all-played-to-win"
        } else {
            "review-played-to-win"
        };
        lines.push(tr!(
            lang,
            id,
            n = apart.len(),
            rounds = list(&rounds, &lang.t("and"))
        ));
    }
    lines.join("\n")
}

/// The summary's lines in points, over the `counted` rounds judged so (`all`: every round): what
/// the best play expected, the dice's luck, what decisions cost, and what was forfeited.
fn points_summary<A>(review: &Review<A>, counted: usize, all: bool, lang: Lang) -> Vec<String> {
    let id = if all {
        "review-expected"
    } else {
        "review-expected-some"
    };
    let mut lines = vec![
        tr!(
            lang,
            id,
            expected = number(review.expected, lang),
            rounds = counted
        ),
        tr!(lang, "review-luck", luck = signed(review.luck, lang)),
        tr!(lang, "review-lost", lost = amount(review.lost, lang).1),
    ];
    if review.forfeited.abs() > NEGLIGIBLE {
        lines.push(tr!(
            lang,
            "review-forfeited",
            forfeited = amount(review.forfeited, lang).1
        ));
    }
    lines
}

/// The summary's lines in chances: from the chance at the first turn to the game's end (won,
/// shared or lost), the numbers shown adding up.
fn chance_summary<A>(review: &Review<A>, lang: Lang) -> Vec<String> {
    let end = review
        .end
        .unwrap_or(review.expected + review.luck - review.lost - review.forfeited);
    let sum = ChanceSum::new(
        review.expected,
        end,
        review.others,
        review.lost,
        review.forfeited,
        lang,
    );
    let mut lines = vec![
        tr!(lang, "review-start-chance", chance = sum.before.clone()),
        tr!(
            lang,
            "review-luck-chance",
            luck = sum.luck(lang),
            dice = sum.dice(lang),
            others = sum.others(lang)
        ),
        tr!(lang, "review-lost-chance", lost = sum.lost.1.clone()),
    ];
    if let Some((_, forfeited)) = &sum.forfeited {
        lines.push(tr!(
            lang,
            "review-forfeited-chance",
            forfeited = forfeited.clone()
        ));
    }
    let result = if end >= 100.0 - NEGLIGIBLE {
        "won"
    } else if end > NEGLIGIBLE {
        "shared"
    } else {
        "lost"
    };
    lines.push(tr!(
        lang,
        "review-end-chance",
        start = sum.before.clone(),
        terms = sum.sum(lang),
        end = sum.after.clone(),
        result = result
    ));
    lines
}

/// The rounds worth listing: those with a mistake (a decision that cost at least
/// [`Unit::mistake`]) or a timeout that cost as much, and the seat's last round when it was
/// judged apart (played to win: it decided the game). At most
/// `most`, in round order: rounds judged apart first, then the costliest; and the rounds left out.
fn rounds_that_mattered<A>(
    review: &Review<A>,
    most: usize,
) -> (Vec<&TurnReview>, Vec<&TurnReview>) {
    let last = review.turns.last().map(|t| t.number);
    let cost = |t: &TurnReview| shown_cost(review, t.number) + shown_forfeit(t);
    let mut mattered: Vec<&TurnReview> = review
        .turns
        .iter()
        .filter(|t| cost(t) > 0.0 || (t.unit != review.unit && Some(t.number) == last))
        .collect();
    // Apart first, then by cost, the earlier first on equal costs.
    mattered.sort_by(|a, b| {
        (b.unit != review.unit)
            .cmp(&(a.unit != review.unit))
            .then(cost(b).total_cmp(&cost(a)))
            .then(a.number.cmp(&b.number))
    });
    let left_out = mattered.split_off(mattered.len().min(most));
    mattered.sort_by_key(|t| t.number);
    (mattered, left_out)
}

/// What a round's mistakes cost (the decisions listed: [`Review::mistakes`]).
fn shown_cost<A>(review: &Review<A>, round: u32) -> f64 {
    review
        .mistakes
        .iter()
        .filter(|m| m.turn == round)
        .map(|m| m.cost)
        .sum()
}

/// What a round's timeout or leaving cost, when it shows: as much as a mistake would.
fn shown_forfeit(turn: &TurnReview) -> f64 {
    if turn.forfeited >= turn.unit.mistake() {
        turn.forfeited
    } else {
        0.0
    }
}

/// A round, in a few short lines: its number, points and end (with the chance of winning before
/// and after, when judged in chances); each decision that cost something, what was better, and
/// the cost, in the round's currency.
fn round_block<A: ActText>(review: &Review<A>, turn: &TurnReview, lang: Lang) -> String {
    let mut head = tr!(
        lang,
        "review-round-head",
        round = turn.number,
        points = turn.points
    );
    let forfeit = shown_forfeit(turn);
    let end = match turn.end {
        Ended::Played => None,
        Ended::TimedOut => Some(tr!(lang, "review-timed-out")),
        Ended::Left => Some(tr!(lang, "review-left")),
        Ended::Unfinished => Some(tr!(lang, "review-unfinished")),
    };
    if let Some(end) = end {
        head.push_str(" · ");
        head.push_str(&end);
        if forfeit > 0.0 {
            head.push_str(&format!(" (−{})", number(forfeit, lang)));
        }
    }
    let chance = turn.unit == Unit::Chance;
    if let (true, Some(before), Some(after)) = (chance, turn.chance_before, turn.chance_after) {
        if review.unit != Unit::Chance {
            // From the round's start to its end, the numbers shown adding up.
            let sum = ChanceSum::new(before, after, 0.0, turn.lost, turn.forfeited, lang);
            head.push_str(&format!(
                "\n{}",
                tr!(
                    lang,
                    "review-round-to-win",
                    before = sum.before.clone(),
                    terms = sum.terms(lang),
                    after = sum.after.clone()
                )
            ));
        }
    }
    let mistakes: Vec<&Mistake<A>> = review
        .mistakes
        .iter()
        .filter(|m| m.turn == turn.number)
        .collect();
    let mut lines = vec![head];
    for m in mistakes.iter().take(SHOWN_PER_ROUND) {
        let line = match m.unit {
            Unit::Points => tr!(
                lang,
                "review-mistake",
                chosen = m.chosen.text(lang),
                best = m.best.text(lang),
                cost = number(m.cost, lang)
            ),
            Unit::Chance => tr!(
                lang,
                "review-mistake-chance",
                chosen = m.chosen.text(lang),
                best = m.best.text(lang),
                chosen_chance = number(m.chosen_value, lang),
                best_chance = number(m.best_value, lang),
                cost = number(m.cost, lang)
            ),
        };
        let line = match m.chosen.dice() {
            Some(dice) => tr!(lang, "review-mistake-on", dice = dice, mistake = line),
            None => line,
        };
        lines.push(format!("• {line}"));
    }
    if mistakes.len() > SHOWN_PER_ROUND {
        let rest: f64 = mistakes[SHOWN_PER_ROUND..].iter().map(|m| m.cost).sum();
        lines.push(tr!(
            lang,
            "review-more-decisions",
            n = mistakes.len() - SHOWN_PER_ROUND,
            cost = number(rest, lang)
        ));
    }
    if mistakes.is_empty() && forfeit == 0.0 {
        let line = if turn.lost > NEGLIGIBLE {
            close_to_best("review-round-close", turn.unit, lang)
        } else {
            tr!(lang, "review-round-best")
        };
        lines.push(format!("• {line}"));
    }
    lines.join("\n")
}

/// "every decision was within 1 point of the best one" (message `id`), in `unit`.
fn close_to_best(id: &str, unit: Unit, lang: Lang) -> String {
    let unit_key = match unit {
        Unit::Points => "points",
        Unit::Chance => "chance",
    };
    tr!(
        lang,
        id,
        threshold = decimal(&unit.mistake().to_string(), lang),
        unit = unit_key
    )
}

/// The rounds left out, counted with what they cost, each currency apart.
fn left_out_lines<A>(review: &Review<A>, left_out: &[&TurnReview], lang: Lang) -> Vec<String> {
    let mut lines = Vec::new();
    for (unit, id) in [
        (review.unit, "review-more-mistakes"),
        (
            match review.unit {
                Unit::Points => Unit::Chance,
                Unit::Chance => Unit::Points,
            },
            "review-more-mistakes-to-win",
        ),
    ] {
        let rounds: Vec<&&TurnReview> = left_out.iter().filter(|t| t.unit == unit).collect();
        if rounds.is_empty() {
            continue;
        }
        let cost: f64 = rounds
            .iter()
            .map(|t| shown_cost(review, t.number) + shown_forfeit(t))
            .sum();
        lines.push(tr!(lang, id, n = rounds.len(), cost = number(cost, lang)));
    }
    lines
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
