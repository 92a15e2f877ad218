//! Leaderboards and a player's statistics: from the store's plain records
//! ([`leaderboard_page`], [`player_stats`]), through small plain views ([`LeaderboardView`],
//! [`StatsView`]). What a game's statistics show beyond the fields every game's start with is its
//! render module's ([`GameStats`]).

use crate::engine::Player;
use crate::engine::{GameKind, Period, Ranking};
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::ratings::Rating;
use crate::store::{LeaderboardPage, PlayerStats, RatedPlayer};
use crate::tr;

use super::chart::{alt_text, score_png, ScoreChart, SeatLine};
use super::view::decimal;
use super::view::{
    colour, display_name, escape, place, truncate, ButtonStyle, ButtonView, EmbedView, MessageView,
    UiAction,
};
use super::Picture;

/// One page of a leaderboard. Its title names the game, whose games it counts and what it ranks
/// by; its footer says that bot seats are not ranked (no board ranks them: statistics and results
/// are kept for people only, and the store's board of ratings leaves bot seats out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderboardView {
    /// The game's name: "Pig".
    pub game_label: String,
    /// Whose leaderboard: a server's name, or "all servers".
    pub scope_label: String,
    /// What it ranks by: "wins", "points", "best turn".
    pub by_label: String,
    /// This page's rows, best first.
    pub rows: Vec<LeaderRow>,
    /// From 1.
    pub page: u32,
    pub pages: u32,
    /// A line above the rows: what the values are, when they need saying.
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaderRow {
    /// From 1; equal values share a rank (1, 1, 3), and so a medal.
    pub rank: u64,
    /// The name shown in this scope (a server's boards show the name used there).
    pub name: String,
    /// Shown as a mention instead of the name when set: on boards across servers, where a
    /// server's name for a person is not for the others to see.
    pub mention: Option<UserId>,
    /// The ranked value as shown: "12 wins", "1,234".
    pub value: String,
    /// Whether the row has any of what the board ranks by: a row with none (no win, no point)
    /// is shown with its rank, never with a medal.
    pub scored: bool,
}

/// A player's lifetime statistics.
#[derive(Clone, Debug)]
pub struct StatsView {
    pub game: GameKind,
    /// What the game shows beyond the figures every game's show.
    pub shows: GameStats,
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub points: u64,
    pub best_turn: u64,
    pub feats: u64,
    pub turns: u64,
}

impl StatsView {
    /// No game played yet of the game `game`, which shows `shows`.
    pub fn none(game: GameKind, shows: GameStats) -> StatsView {
        StatsView {
            game,
            shows,
            name: String::new(),
            games: 0,
            wins: 0,
            points: 0,
            best_turn: 0,
            feats: 0,
            turns: 0,
        }
    }
}

/// What a game's statistics show: the message id of its "best" (a turn, a game), and the fields
/// after the ones every game's start with (each a message id and its value).
#[derive(Clone, Copy)]
pub struct GameStats {
    pub best_label: &'static str,
    pub fields: fn(&StatsView, Lang) -> Vec<(&'static str, String)>,
}

impl std::fmt::Debug for GameStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameStats")
            .field("best_label", &self.best_label)
            .finish_non_exhaustive()
    }
}

impl GameStats {
    /// The statistics every game shows, and no more: its best is its best game.
    pub const SHARED: GameStats = GameStats {
        best_label: "leaderboard-by-best-game",
        fields: |_, _| Vec::new(),
    };
}

/// A page of leaderboard as the store read it: of statistics, or of ratings.
pub enum Leaders<'a> {
    Stats(&'a LeaderboardPage),
    Ratings(&'a LeaderboardPage<RatedPlayer>),
}

/// Whose games a leaderboard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardScope {
    /// Every server's and chat's.
    Global,
    /// This server's.
    Server,
    /// This chat's (a DM or a group DM, where people installed the app).
    Chat,
}

/// One page of a leaderboard of the game `kind`, as the store read it. Everyone is named, never
/// mentioned (a board across servers would otherwise mention people who are not in this one,
/// which Discord shows as "unknown user"); a bot seat the store did list is named as at the
/// table (the store lists none: boards rank people). A board of
/// ratings shows each one's [`shown_rating`] with a line saying what it is, and is of all time
/// (ratings are as they stand now: a period asked for is answered with why it does not apply).
pub fn leaderboard_page(
    kind: GameKind,
    shows: GameStats,
    scope: BoardScope,
    by: Ranking,
    period: Period,
    leaders: Leaders,
    lang: Lang,
) -> MessageView {
    let rated = matches!(leaders, Leaders::Ratings(_));
    let (rows, page, pages) = match leaders {
        Leaders::Stats(board) => {
            let rows = board.rows.iter().map(|(rank, stats)| {
                let value = match by {
                    Ranking::Points => stats.points,
                    Ranking::Best => stats.best,
                    // A board of statistics asked for by rating ranks by wins, as the store does.
                    Ranking::Wins | Ranking::Rating => stats.wins,
                };
                LeaderRow {
                    rank: *rank,
                    name: shown_name(&stats.name, lang),
                    mention: None,
                    value: value.to_string(),
                    scored: value > 0,
                }
            });
            (rows.collect(), board.page, board.pages)
        }
        Leaders::Ratings(board) => {
            let rows = board.rows.iter().map(|(rank, rated)| {
                let name = match rated.player {
                    Player::Person(_) => shown_name(&rated.name, lang),
                    Player::Bot(n) => super::bot_name(n, lang),
                };
                let value = shown_rating(rated.rating.ordinal());
                LeaderRow {
                    rank: *rank,
                    name,
                    mention: None,
                    value: value.to_string(),
                    scored: value > 0,
                }
            });
            (rows.collect(), board.page, board.pages)
        }
    };
    // A board of statistics asked for by rating ranks by wins, and says so.
    let by = match (by, rated) {
        (Ranking::Rating, false) => Ranking::Wins,
        _ => by,
    };
    let by_label = match by {
        Ranking::Wins => "leaderboard-by-wins",
        Ranking::Points => "leaderboard-by-points",
        Ranking::Best => shows.best_label,
        Ranking::Rating => "leaderboard-by-rating",
    };
    let note = rated.then(|| {
        let mut note = lang.t("leaderboard-rating-note");
        if period != Period::All {
            note.push(' ');
            note.push_str(&lang.t("leaderboard-rating-no-period"));
        }
        note
    });
    let period = match by {
        Ranking::Rating => Period::All,
        _ => period,
    };
    let scope_label = match scope {
        BoardScope::Global => "leaderboard-scope-global",
        BoardScope::Server => "leaderboard-scope-server",
        BoardScope::Chat => "leaderboard-scope-chat",
    };
    let scope_label = match period {
        Period::All => lang.t(scope_label),
        Period::Week => format!(
            "{} · {}",
            lang.t(scope_label),
            lang.t("leaderboard-period-week")
        ),
        Period::Month => format!(
            "{} · {}",
            lang.t(scope_label),
            lang.t("leaderboard-period-month")
        ),
    };
    let view = LeaderboardView {
        game_label: lang.t(&format!("game-{}", kind.command())),
        scope_label,
        by_label: lang.t(by_label),
        rows,
        page,
        pages,
        note,
    };
    leaderboard(&view, lang)
}

/// A person's name on a board; a board across servers leaves empty the names of people who never
/// played in this server: "a player of another server".
fn shown_name(name: &str, lang: Lang) -> String {
    if name.is_empty() {
        lang.t("leaderboard-elsewhere")
    } else {
        name.to_string()
    }
}

/// Longest note shown above a board's rows.
const NOTE_CHARS: usize = 400;

/// A rating as boards show it: 1,500 for a newcomer, 40 points per unit of the conservative
/// estimate `mu - 3 sigma` (a newcomer's is 0; the best players reach about 25, so about 2,500),
/// rounded half up. Reckoned in the millionths the store keeps, as the store ranks its board by
/// it (equal shown ratings share a rank): one unit is 25,000 millionths of 40 points.
pub fn shown_rating(ordinal: f64) -> i64 {
    let millionths = (ordinal * 1_000_000.0).round() as i64;
    1500 + (millionths + 12_500).div_euclid(25_000)
}

/// `name`'s statistics of the game `kind` (which shows `shows`), as the store read them (`None`:
/// no game played).
pub fn player_stats(
    kind: GameKind,
    shows: GameStats,
    name: &str,
    stats: Option<&PlayerStats>,
    ratings: &[Rating],
    lang: Lang,
) -> MessageView {
    let stats = stats.cloned().unwrap_or_default();
    let view = StatsView {
        game: kind,
        shows,
        name: name.to_string(),
        games: stats.games,
        wins: stats.wins,
        points: stats.points,
        best_turn: stats.best,
        feats: stats.feats,
        turns: stats.turns,
    };
    let view = self::stats(&view, lang);
    match rating_chart(name, ratings, lang) {
        Some(picture) => view.picture(picture),
        None => view,
    }
}

/// The file name of a rating chart.
pub const RATING_CHART_FILE: &str = "rating.png";

/// `name`'s rating after each of their last games (oldest first), as the leaderboards show it;
/// `None` with fewer than two.
pub fn rating_chart(name: &str, ratings: &[Rating], lang: Lang) -> Option<Picture> {
    let (chart, description) = rating_score_chart(name, ratings, lang)?;
    let png = score_png(&chart).ok()?;
    Some(Picture {
        name: RATING_CHART_FILE.to_string(),
        png,
        description: alt_text(&description),
    })
}

/// What [`rating_chart`] draws, and its alt text.
pub fn rating_score_chart(
    name: &str,
    ratings: &[Rating],
    lang: Lang,
) -> Option<(ScoreChart, String)> {
    if ratings.len() < 2 {
        return None;
    }
    let shown: Vec<i64> = ratings.iter().map(|r| shown_rating(r.ordinal())).collect();
    let chart = ScoreChart {
        title: tr!(lang, "rating-chart-title", n = shown.len()),
        rounds_label: tr!(lang, "rating-chart-games"),
        points_label: tr!(lang, "rating-chart-rating"),
        seats: vec![SeatLine {
            name: name.to_string(),
            bot: false,
            points: (1..).zip(shown.iter().copied()).collect(),
        }],
        values_only: true,
        ..ScoreChart::default()
    };
    let (first, last) = (shown[0], shown[shown.len() - 1]);
    let best = shown.iter().copied().max().unwrap_or(last);
    let description = tr!(
        lang,
        "rating-chart-alt",
        name = name,
        n = shown.len(),
        first = first,
        last = last,
        best = best
    );
    Some((chart, description))
}

/// How many characters of a label or a value a leaderboard shows.
const LABEL_CHARS: usize = 64;

/// A leaderboard page, with Previous / Next buttons (each disabled at its end) when there is
/// more than one page.
pub fn leaderboard(view: &LeaderboardView, lang: Lang) -> MessageView {
    let label = |text: &str| escape(&truncate(text, LABEL_CHARS));
    let title = tr!(
        lang,
        "leaderboard-title",
        game = label(&view.game_label),
        scope = label(&view.scope_label),
        by = label(&view.by_label)
    );
    let description = if view.rows.is_empty() {
        tr!(lang, "leaderboard-empty", game = label(&view.game_label))
    } else {
        let rows = view.rows.iter().map(|row| {
            // A medal for a place earned: a row with none of the measure has its rank only.
            let rank = if row.scored {
                place(row.rank)
            } else {
                format!("**{}.**", row.rank)
            };
            format!(
                "{rank} {} · {}",
                row.mention
                    .map_or_else(|| display_name(&row.name), |id| format!("<@{id}>")),
                escape(&truncate(&row.value, LABEL_CHARS))
            )
        });
        let head = view
            .note
            .iter()
            .map(|note| format!("-# {}\n", truncate(note, NOTE_CHARS)));
        head.chain(rows).collect::<Vec<_>>().join("\n")
    };
    let pages = view.pages.max(1);
    let page = view.page.clamp(1, pages);
    let footer = format!(
        "{} · {}",
        tr!(lang, "leaderboard-page", page = page, pages = pages),
        lang.t("leaderboard-people-only")
    );
    let embed = EmbedView::new(&title, colour::WINNER)
        .description(&description)
        .footer(&footer);
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
    let title = lang.t(&format!("game-{}", view.game.command()));
    let embed = EmbedView::new(
        &tr!(
            lang,
            "stats-title",
            name = display_name(&view.name),
            game = title
        ),
        colour::INFO,
    );
    if view.games == 0 {
        return MessageView::new("").embed(embed.description(&tr!(lang, "stats-none")));
    }
    let fields = (view.shows.fields)(view, lang);
    let embed = fields
        .into_iter()
        .fold(played(embed, view, lang), |embed, (id, value)| {
            embed.field(&lang.t(id), &value, true)
        });
    MessageView::new("").embed(embed)
}

/// The fields every game's statistics start with: games, wins (with their share), points.
fn played(embed: EmbedView, view: &StatsView, lang: Lang) -> EmbedView {
    let wins = format!("{} ({})", view.wins, percent(view.wins, view.games, lang));
    embed
        .field(&tr!(lang, "stats-games"), &view.games.to_string(), true)
        .field(&tr!(lang, "stats-wins"), &wins, true)
        .field(&tr!(lang, "stats-points"), &view.points.to_string(), true)
}

/// `part` per `whole`, to one decimal place (0 when `whole` is).
pub(crate) fn per(part: u64, whole: u64, lang: Lang) -> String {
    let ratio = if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    };
    decimal(&format!("{ratio:.1}"), lang)
}

/// `part` of `whole`, as a rounded percentage.
pub(crate) fn percent(part: u64, whole: u64, lang: Lang) -> String {
    let percent = if whole == 0 {
        0.0
    } else {
        (part as f64 * 100.0 / whole as f64).round()
    };
    tr!(lang, "stats-percent", percent = percent.to_string())
}
