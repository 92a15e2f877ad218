//! Leaderboards say what they count (issue #44), for every game (the bot's and the toy's,
//! each named by its own texts): each title names the game, whose games it counts
//! (this server, this chat, all servers; a period) and what it ranks by; an empty board names its
//! own game; the footer says that bot seats are not ranked (the one rule of every board: the store
//! lists none, see `store::`'s ratings test); a row with none of the ranking's measure gets no
//! medal, on every ranking; equal values share a rank and its medal. The end-to-end checks are in `refusals_e2e` (an empty Pig board) and
//! `bot_e2e` (the ratings board leaves out the bot seat).

use forgetit::engine::{GameKind, Period, Player, Ranking};
use forgetit::i18n::Lang;
use forgetit::ratings::Rating;
use forgetit::render::stats::GameStats;
use forgetit::render::{leaderboard_page, BoardScope, Leaders, MessageView};
use forgetit::store::{LeaderboardPage, PlayerStats, RatedPlayer};
use forgetit::UserId;

use crate::common::render::assert_within_limits;

const EN: Lang = Lang::EnUs;
const FR: Lang = Lang::Fr;

/// Every game a board may be of: the bot's, and the tests' toy game beside them.
fn kinds() -> Vec<GameKind> {
    crate::toy::games().kinds()
}

/// What the game `kind` shows beyond the figures every game's show.
fn shows(kind: GameKind) -> GameStats {
    crate::toy::games()
        .game(kind)
        .expect("a known game")
        .stats()
}

/// A game's name, as its own texts give it.
fn game_name(kind: GameKind, lang: Lang) -> String {
    lang.t(&format!("game-{}", kind.command()))
}

/// What a board of `kind` ranked `by` says it ranks by, in `lang`: its best is its best turn or
/// its best game, as the game's statistics say.
fn by_name(kind: GameKind, by: Ranking, lang: Lang) -> &'static str {
    let stats = shows(kind);
    let best_game = stats.best_label == "leaderboard-by-best-game";
    match (by, lang) {
        (Ranking::Wins, Lang::Fr) => "victoires",
        (Ranking::Wins, _) => "wins",
        (Ranking::Points, _) => "points",
        (Ranking::Best, Lang::Fr) if best_game => "meilleure partie",
        (Ranking::Best, Lang::Fr) => "meilleur tour",
        (Ranking::Best, _) if best_game => "best game",
        (Ranking::Best, _) => "best turn",
        (Ranking::Rating, Lang::Fr) => "niveau",
        (Ranking::Rating, _) => "rating",
    }
}

fn scope_name(scope: BoardScope, lang: Lang) -> &'static str {
    match (scope, lang) {
        (BoardScope::Server, Lang::Fr) => "ce serveur",
        (BoardScope::Global, Lang::Fr) => "tous les serveurs",
        (BoardScope::Chat, Lang::Fr) => "cette discussion",
        (BoardScope::Server, _) => "this server",
        (BoardScope::Global, _) => "all servers",
        (BoardScope::Chat, _) => "this chat",
    }
}

fn person(id: u64, name: &str, wins: u64, points: u64, best: u64) -> PlayerStats {
    PlayerStats {
        user_id: UserId::new(id),
        name: name.into(),
        games: 3,
        wins,
        points,
        best,
        ..PlayerStats::default()
    }
}

/// A page of statistics, ranked as the store ranks them (equal values share a rank).
fn stats_page(rows: Vec<(u64, PlayerStats)>) -> LeaderboardPage {
    LeaderboardPage {
        players: rows.len() as u64,
        rows,
        page: 1,
        pages: 1,
    }
}

fn rated(id: u64, name: &str, mu: f64) -> RatedPlayer {
    RatedPlayer {
        player: Player::Person(UserId::new(id)),
        name: name.into(),
        rating: Rating { mu, sigma: 2.0 },
        games: 2,
    }
}

/// The board of `kind`, `scope`, `by`, `period` over `page` (of statistics, or of ratings when
/// ranked by rating, as the command asks the store).
fn board(
    kind: GameKind,
    scope: BoardScope,
    by: Ranking,
    period: Period,
    stats: &LeaderboardPage,
    ratings: &LeaderboardPage<RatedPlayer>,
    lang: Lang,
) -> MessageView {
    let leaders = match by {
        Ranking::Rating => Leaders::Ratings(ratings),
        _ => Leaders::Stats(stats),
    };
    let view = leaderboard_page(kind, shows(kind), scope, by, period, leaders, lang);
    assert_within_limits(&view);
    view
}

#[test]
fn every_boards_title_names_its_game_its_scope_and_its_ranking() {
    let empty = stats_page(Vec::new());
    let no_ratings = LeaderboardPage {
        rows: Vec::new(),
        page: 1,
        pages: 1,
        players: 0,
    };
    for kind in kinds() {
        for scope in [BoardScope::Server, BoardScope::Chat, BoardScope::Global] {
            for by in Ranking::ALL {
                for period in Period::ALL {
                    for lang in [EN, FR] {
                        let view = board(kind, scope, by, period, &empty, &no_ratings, lang);
                        let title = &view.embeds[0].title;
                        // Ratings are as they stand now: no period in their title.
                        let period = match (by, period, lang) {
                            (Ranking::Rating, _, _) | (_, Period::All, _) => String::new(),
                            (_, Period::Week, Lang::Fr) => " · 7 derniers jours".into(),
                            (_, Period::Month, Lang::Fr) => " · 30 derniers jours".into(),
                            (_, Period::Week, _) => " · last 7 days".into(),
                            (_, Period::Month, _) => " · last 30 days".into(),
                        };
                        let word = if lang == FR { "par" } else { "by" };
                        let expected = format!(
                            "🏆 {} · {}{period} · {word} {}",
                            game_name(kind, lang),
                            scope_name(scope, lang),
                            by_name(kind, by, lang)
                        );
                        assert_eq!(title, &expected, "{kind:?} {scope:?} {by:?} {lang:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn an_empty_board_names_its_own_game_and_every_board_says_bot_seats_are_not_ranked() {
    let empty = stats_page(Vec::new());
    let no_ratings = LeaderboardPage {
        rows: Vec::new(),
        page: 1,
        pages: 1,
        players: 0,
    };
    let full = stats_page(vec![(1, person(7, "ann", 2, 40, 20))]);
    let ratings = LeaderboardPage {
        rows: vec![(1, rated(7, "ann", 30.0))],
        page: 1,
        pages: 1,
        players: 1,
    };
    for kind in kinds() {
        for by in Ranking::ALL {
            let en = board(
                kind,
                BoardScope::Server,
                by,
                Period::All,
                &empty,
                &no_ratings,
                EN,
            );
            let description = &en.embeds[0].description;
            assert_eq!(
                description,
                &format!(
                    "Nobody is on this board yet: finish a game of {} to be the first!",
                    game_name(kind, EN)
                )
            );
            let fr = board(
                kind,
                BoardScope::Server,
                by,
                Period::All,
                &empty,
                &no_ratings,
                FR,
            );
            assert!(
                fr.embeds[0]
                    .description
                    .contains(&format!("terminez une partie de {}", game_name(kind, FR))),
                "{}",
                fr.embeds[0].description
            );
            // One rule for bot seats, on every ranking, said in the footer, empty or not.
            for (view, rule) in [
                (en, "Bot seats are not ranked"),
                (fr, "Les robots ne sont pas classés"),
            ] {
                let footer = view.embeds[0].footer.clone().unwrap_or_default();
                assert!(footer.ends_with(rule), "{kind:?} {by:?}: {footer}");
            }
            for lang in [EN, FR] {
                let view = board(
                    kind,
                    BoardScope::Global,
                    by,
                    Period::Week,
                    &full,
                    &ratings,
                    lang,
                );
                let footer = view.embeds[0].footer.clone().unwrap_or_default();
                let rule = match lang {
                    Lang::Fr => "Page 1 sur 1 · Les robots ne sont pas classés",
                    _ => "Page 1 of 1 · Bot seats are not ranked",
                };
                assert_eq!(footer, rule, "{kind:?} {by:?}");
            }
        }
    }
    insta::assert_snapshot!(
        "empty_pig_board",
        board(
            forgetit::games::pig::KIND,
            BoardScope::Server,
            Ranking::Wins,
            Period::All,
            &empty,
            &no_ratings,
            EN
        )
        .to_string()
    );
}

/// The lines of a board's rows (each starts with its place).
fn rows(view: &MessageView) -> Vec<String> {
    view.embeds[0]
        .description
        .lines()
        .filter(|l| l.contains(" · "))
        .map(str::to_string)
        .collect()
}

const MEDALS: [&str; 3] = ["🥇", "🥈", "🥉"];

#[test]
fn a_row_with_none_of_the_rankings_measure_gets_its_rank_and_no_medal() {
    // Ann won twice, Ben once, Cat and Dan never (all four played): ranked by wins, the two
    // without a win share third place, shown as a number, not a bronze medal.
    let page = stats_page(vec![
        (1, person(1, "ann", 2, 30, 12)),
        (2, person(2, "ben", 1, 0, 0)),
        (3, person(3, "cat", 0, 10, 4)),
        (3, person(4, "dan", 0, 0, 0)),
    ]);
    let ratings = LeaderboardPage {
        rows: Vec::new(),
        page: 1,
        pages: 1,
        players: 0,
    };
    for kind in kinds() {
        for lang in [EN, FR] {
            let by_wins = board(
                kind,
                BoardScope::Server,
                Ranking::Wins,
                Period::All,
                &page,
                &ratings,
                lang,
            );
            assert_eq!(
                rows(&by_wins),
                [
                    "🥇 ann · 2",
                    "🥈 ben · 1",
                    "**3.** cat · 0",
                    "**3.** dan · 0"
                ],
                "{kind:?} {lang:?}"
            );
        }
        // The same rule on every ranking: by points and by best, the rows with 0 (shown, with
        // their rank) have no medal, whatever their rank.
        for by in [Ranking::Points, Ranking::Best] {
            let view = board(
                kind,
                BoardScope::Server,
                by,
                Period::All,
                &page,
                &ratings,
                EN,
            );
            for row in rows(&view) {
                let zero = row.ends_with(" · 0");
                let medal = MEDALS.iter().any(|m| row.starts_with(m));
                assert_eq!(medal, !zero, "{kind:?} {by:?}: {row}");
            }
        }
    }
    // Alone on a board with no win: not a gold medal for it.
    let alone = stats_page(vec![(1, person(2, "bob", 0, 0, 0))]);
    let view = board(
        forgetit::games::getdickey::KIND,
        BoardScope::Server,
        Ranking::Wins,
        Period::All,
        &alone,
        &ratings,
        EN,
    );
    assert_eq!(rows(&view), ["**1.** bob · 0"]);
    insta::assert_snapshot!("no_medal_for_zero", view.to_string());
}

#[test]
fn a_board_of_ratings_has_medals_for_its_first_three() {
    let page = LeaderboardPage {
        rows: vec![
            (1, rated(1, "ann", 31.0)),
            (2, rated(2, "ben", 28.0)),
            (3, rated(3, "cat", 20.0)),
            (4, rated(4, "dan", 10.0)),
        ],
        page: 1,
        pages: 1,
        players: 4,
    };
    let view = leaderboard_page(
        forgetit::games::pig::KIND,
        shows(forgetit::games::pig::KIND),
        BoardScope::Server,
        Ranking::Rating,
        Period::All,
        Leaders::Ratings(&page),
        EN,
    );
    let shown = rows(&view);
    assert!(shown[0].starts_with("🥇 ann"), "{shown:?}");
    assert!(shown[2].starts_with("🥉 cat"), "{shown:?}");
    assert!(shown[3].starts_with("**4.** dan"), "{shown:?}");
}

/// Equal values share a rank and its medal (issue #54, "What the table shows"): two players on
/// 2 wins are both 🥇 and the next is third (🥉), not second; the store ranks so (`store::`'s
/// `players_equal_on_what_a_board_shows_share_a_rank`), and the board shows each rank it is
/// given. Points and ratings alike.
#[test]
fn equal_values_share_a_rank_and_a_medal_and_the_next_is_third() {
    let page = stats_page(vec![
        (1, person(1, "ann", 2, 30, 12)),
        (1, person(2, "ben", 2, 20, 12)),
        (3, person(3, "cat", 1, 10, 4)),
        (4, person(4, "dan", 0, 0, 0)),
    ]);
    let ratings = LeaderboardPage {
        rows: vec![
            (1, rated(1, "ann", 30.0)),
            (1, rated(2, "ben", 30.0)),
            (3, rated(3, "cat", 20.0)),
        ],
        page: 1,
        pages: 1,
        players: 3,
    };
    let kind = forgetit::games::forgetit::KIND;
    for lang in [EN, FR] {
        let by_wins = board(
            kind,
            BoardScope::Server,
            Ranking::Wins,
            Period::All,
            &page,
            &ratings,
            lang,
        );
        assert_eq!(
            rows(&by_wins),
            ["🥇 ann · 2", "🥇 ben · 2", "🥉 cat · 1", "**4.** dan · 0"],
            "{lang:?}"
        );
        let by_rating = board(
            kind,
            BoardScope::Server,
            Ranking::Rating,
            Period::All,
            &page,
            &ratings,
            lang,
        );
        let medals: Vec<String> = rows(&by_rating)
            .iter()
            .map(|row| row.split(' ').next().unwrap().to_string())
            .collect();
        assert_eq!(medals, ["🥇", "🥇", "🥉"], "{lang:?}");
    }
}
