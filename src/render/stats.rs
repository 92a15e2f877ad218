//! Leaderboards and a player's statistics, from small plain views the caller fills in (from the
//! store), so render needs no database type.

use crate::i18n::Lang;
use crate::tr;

use super::forgetit::decimal;
use super::view::{
    colour, display_name, escape, place, truncate, ButtonStyle, ButtonView, EmbedView, MessageView,
    UiAction,
};

/// One page of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardView {
    /// Whose leaderboard: a server's name, or "all servers".
    pub scope_label: String,
    /// What it ranks by: "wins", "points", "best turn".
    pub by_label: String,
    /// This page's rows, best first.
    pub rows: Vec<LeaderRow>,
    /// From 1.
    pub page: u32,
    pub pages: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderRow {
    /// From 1; equal values may share a rank.
    pub rank: u64,
    /// The name shown in this scope (a server's boards show the name used there).
    pub name: String,
    /// Shown as a mention instead of the name when set: on boards across servers, where a
    /// server's name for a person is not for the others to see.
    pub mention: Option<u64>,
    /// The ranked value as shown: "12 wins", "1,234".
    pub value: String,
}

/// Which game's statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StatsGame {
    #[default]
    ForGetIt,
    GetDickey,
}

/// A player's lifetime statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsView {
    pub game: StatsGame,
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub points: u64,
    pub best_turn: u64,
    pub forget_its: u64,
    pub turns: u64,
}

/// How many characters of a label or a value a leaderboard shows.
const LABEL_CHARS: usize = 64;

/// A leaderboard page, with Previous / Next buttons (each disabled at its end) when there is
/// more than one page.
pub fn leaderboard(view: &LeaderboardView, lang: Lang) -> MessageView {
    let title = tr!(
        lang,
        "leaderboard-title",
        scope = escape(&truncate(&view.scope_label, LABEL_CHARS))
    );
    let by = escape(&truncate(&view.by_label, LABEL_CHARS));
    let description = if view.rows.is_empty() {
        tr!(lang, "leaderboard-empty")
    } else {
        let rows = view.rows.iter().map(|row| {
            format!(
                "{} {} · {}",
                place(row.rank),
                row.mention
                    .map_or_else(|| display_name(&row.name), |id| format!("<@{id}>")),
                escape(&truncate(&row.value, LABEL_CHARS))
            )
        });
        std::iter::once(format!("{}\n", tr!(lang, "leaderboard-ranked-by", by = by)))
            .chain(rows)
            .collect::<Vec<_>>()
            .join("\n")
    };
    let pages = view.pages.max(1);
    let page = view.page.clamp(1, pages);
    let embed = EmbedView::new(&title, colour::WINNER)
        .description(&description)
        .footer(&tr!(lang, "leaderboard-page", page = page, pages = pages));
    let buttons = if pages > 1 {
        // Both point at a real page, and never at the same one: custom_ids must differ.
        vec![
            ButtonView::new(
                &tr!(lang, "button-previous"),
                ButtonStyle::Secondary,
                UiAction::LeaderboardPage {
                    page: (page - 1).max(1),
                },
            )
            .disabled_if(page == 1),
            ButtonView::new(
                &tr!(lang, "button-next"),
                ButtonStyle::Secondary,
                UiAction::LeaderboardPage {
                    page: page.saturating_add(1).min(pages),
                },
            )
            .disabled_if(page == pages),
        ]
    } else {
        Vec::new()
    };
    MessageView::new("").embed(embed).row(buttons)
}

/// A player's statistics.
pub fn stats(view: &StatsView, lang: Lang) -> MessageView {
    let title = match view.game {
        StatsGame::ForGetIt => tr!(lang, "game-forgetit"),
        StatsGame::GetDickey => tr!(lang, "game-getdickey"),
    };
    let embed = EmbedView::new(
        &tr!(
            lang,
            "stats-title",
            name = display_name(&view.name),
            game = title
        ),
        colour::INFO,
    );
    if view.game == StatsGame::GetDickey && view.games > 0 {
        let per_game = view.points as f64 / view.games as f64;
        let embed = played(embed, view, lang)
            .field(
                &tr!(lang, "stats-points-per-game"),
                &decimal(&format!("{per_game:.1}"), lang),
                true,
            )
            .field(
                &tr!(lang, "stats-best-game"),
                &view.best_turn.to_string(),
                true,
            )
            .field(
                &tr!(lang, "stats-dickeys"),
                &view.forget_its.to_string(),
                true,
            );
        return MessageView::new("").embed(embed);
    }
    if view.games == 0 {
        return MessageView::new("").embed(embed.description(&tr!(lang, "stats-none")));
    }
    let per_turn = if view.turns == 0 {
        0.0
    } else {
        view.points as f64 / view.turns as f64
    };
    let embed = played(embed, view, lang)
        .field(&tr!(lang, "stats-turns"), &view.turns.to_string(), true)
        .field(
            &tr!(lang, "stats-points-per-turn"),
            &decimal(&format!("{per_turn:.1}"), lang),
            true,
        )
        .field(
            &tr!(lang, "stats-best-turn"),
            &view.best_turn.to_string(),
            true,
        )
        .field(
            &tr!(lang, "stats-forget-its"),
            &tr!(
                lang,
                "stats-of-turns",
                n = view.forget_its,
                percent = percent(view.forget_its, view.turns, lang)
            ),
            true,
        );
    MessageView::new("").embed(embed)
}

/// The fields both games' statistics start with: games, wins (with their share), points.
fn played(embed: EmbedView, view: &StatsView, lang: Lang) -> EmbedView {
    let wins = format!("{} ({})", view.wins, percent(view.wins, view.games, lang));
    embed
        .field(&tr!(lang, "stats-games"), &view.games.to_string(), true)
        .field(&tr!(lang, "stats-wins"), &wins, true)
        .field(&tr!(lang, "stats-points"), &view.points.to_string(), true)
}

fn percent(part: u64, whole: u64, lang: Lang) -> String {
    let percent = if whole == 0 {
        0.0
    } else {
        (part as f64 * 100.0 / whole as f64).round()
    };
    tr!(lang, "stats-percent", percent = percent.to_string())
}
