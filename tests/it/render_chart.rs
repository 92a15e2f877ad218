//! The charts (render::chart): the same picture for the same game, within Discord's and the
//! issue's limits. Set `CHART_PNGS=/some/dir` to keep the PNGs and look at them.

use forgetit::engine::dice::RandomDice;
use forgetit::engine::table::{Action, Event, Game};
use forgetit::engine::Player;
use forgetit::games::forgetit::ForGetIt;
use forgetit::games::getdickey::GetDickey;
use forgetit::games::pig::Pig;
use forgetit::games::story::story;
use forgetit::games::Hosted;
use forgetit::i18n::Lang;
use forgetit::render::chart::{self, Moment, ScoreChart, SeatLine};
use forgetit::render::ErrorText;

/// A three-seat game to 500 with a bot seat, a FORGET IT and a big bank, in `lang`'s words.
pub fn sample(fr: bool) -> ScoreChart {
    let (title, rounds, points, target, last, bot) = if fr {
        (
            "Partie de For Get It",
            "Manche",
            "Points",
            "Objectif 500",
            "Dernier tour",
            "(bot)",
        )
    } else {
        (
            "For Get It game",
            "Round",
            "Points",
            "Target 500",
            "Last round",
            "(bot)",
        )
    };
    let line = |name: &str, bot: bool, totals: &[i64]| SeatLine {
        name: name.to_string(),
        bot,
        points: totals
            .iter()
            .enumerate()
            .map(|(r, &p)| (r as u32, p))
            .collect(),
    };
    ScoreChart {
        title: title.into(),
        rounds_label: rounds.into(),
        points_label: points.into(),
        target: Some((500, target.into())),
        last_round: Some((9, last.into())),
        seats: vec![
            line(
                "alice",
                false,
                &[0, 35, 80, 120, 180, 230, 310, 360, 264, 300],
            ),
            line("bob", false, &[0, 20, 20, 75, 150, 260, 330, 420, 470, 525]),
            line(
                &format!("Ferris {bot}"),
                true,
                &[0, 45, 95, 140, 190, 240, 300, 350, 400, 455],
            ),
        ],
        moments: vec![
            Moment {
                seat: 0,
                round: 8,
                total: 264,
                good: false,
            },
            Moment {
                seat: 1,
                round: 5,
                total: 260,
                good: true,
            },
            Moment {
                seat: 1,
                round: 9,
                total: 525,
                good: true,
            },
        ],
        values_only: false,
    }
}

fn keep(name: &str, png: &[u8]) {
    if let Ok(dir) = std::env::var("CHART_PNGS") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(format!("{dir}/{name}.png"), png).unwrap();
    }
}

#[test]
fn the_game_over_chart_is_the_same_picture_each_time_and_small() {
    for fr in [false, true] {
        let chart = sample(fr);
        let png = chart::score_png(&chart).unwrap();
        assert_eq!(png, chart::score_png(&chart).unwrap(), "deterministic");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert!(png.len() < 200 * 1024, "{} bytes", png.len());
        keep(if fr { "score_fr" } else { "score_en" }, &png);
        let svg = chart::score_svg(&chart).unwrap();
        insta::assert_snapshot!(if fr { "score_fr" } else { "score_en" }, svg);
    }
}

/// A whole game of `R` played by seeded random legal moves (a bank, a hold or a score taken
/// one time in three, so that it ends): its log and the game as it ended.
#[allow(clippy::type_complexity)]
fn random_game<R: Hosted>(
    settings: R::Settings,
    seats: usize,
    seed: u64,
) -> (Game<R>, Vec<Event<R::Settings, R::Event>>)
where
    R::Error: ErrorText,
{
    use rand::{Rng, SeedableRng};
    let mut dice = RandomDice::seeded(seed);
    let mut pick = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut game, mut log) = crate::common::engine::seated::<R>(settings, seats, &mut dice);
    log.push(
        game.apply(
            Action::Start {
                by: Player::Person(forgetit::UserId::new(0)),
            },
            &mut dice,
        )
        .unwrap(),
    );
    for _ in 0..100_000 {
        if game.is_over() {
            break;
        }
        let moves = crate::common::engine::players_moves(&game);
        let action = moves[pick.gen_range(0..moves.len())].clone();
        log.push(game.apply(action, &mut dice).unwrap());
    }
    assert!(game.is_over(), "the game ends");
    (game, log)
}

/// The story of every game: each seat's line starts at 0 after round 0, has a point a round,
/// and ends at the seat's final total; the alt text ends with the totals, within Discord's
/// limit; the chart is drawn.
fn the_story_is_the_game<R: Hosted>(settings: R::Settings, seats: usize, name: &str)
where
    R::Error: ErrorText,
{
    for seed in 0..8 {
        let (game, log) = random_game::<R>(settings.clone(), seats, seed);
        for lang in [Lang::EnUs, Lang::Fr] {
            let (chart, alt) = story::<R>(&log, lang).expect("a story");
            assert_eq!(chart.seats.len(), game.seats.len());
            for (i, line) in chart.seats.iter().enumerate() {
                assert_eq!(line.points[0], (0, 0));
                let rounds: Vec<u32> = line.points.iter().map(|p| p.0).collect();
                assert_eq!(rounds, (0..line.points.len() as u32).collect::<Vec<_>>());
                assert_eq!(line.points.last().unwrap().1, i64::from(game.total(i)));
                assert_eq!(line.bot, game.seats[i].player.is_bot());
            }
            for moment in &chart.moments {
                let line = &chart.seats[moment.seat];
                assert!(moment.round >= 1 && moment.round <= line.points.last().unwrap().0);
            }
            assert!(alt.chars().count() <= chart::MAX_ALT, "{alt}");
            let totals: Vec<String> = (0..game.seats.len())
                .map(|i| format!("{} {}", game.seats[i].name, game.total(i)))
                .collect();
            assert!(alt.ends_with(&totals.join(", ")), "{alt}");
            if seed == 0 {
                let png = chart::score_png(&chart).unwrap();
                assert!(png.len() < 200 * 1024);
                keep(&format!("{name}_{}", lang.code()), &png);
            }
        }
    }
}

#[test]
fn every_games_story_starts_at_zero_and_ends_at_its_totals() {
    the_story_is_the_game::<ForGetIt>(Default::default(), 3, "forgetit");
    the_story_is_the_game::<GetDickey>(Default::default(), 2, "getdickey");
    the_story_is_the_game::<Pig>(Default::default(), 3, "pig");
}

/// The rating chart of `stats`: none before two rated games; then the ratings as the
/// leaderboards show them, told in its alt text.
#[test]
fn the_rating_chart_shows_the_rating_over_the_games() {
    use forgetit::ratings::Rating;
    use forgetit::render::stats::rating_chart;
    let ratings: Vec<Rating> = (0..30)
        .map(|i| Rating {
            mu: 25.0 + f64::from(i % 7) - f64::from(i) / 10.0,
            sigma: 8.333 - f64::from(i) / 6.0,
        })
        .collect();
    assert!(rating_chart("alice", &ratings[..1], Lang::EnUs).is_none());
    for lang in [Lang::EnUs, Lang::Fr] {
        let chart = rating_chart("alice", &ratings, lang).unwrap();
        assert_eq!(chart, rating_chart("alice", &ratings, lang).unwrap());
        assert!(chart.png.len() < 200 * 1024);
        keep(&format!("rating_{}", lang.code()), &chart.png);
        let (drawn, _) = forgetit::render::stats::rating_story("alice", &ratings, lang).unwrap();
        let svg = chart::score_svg(&drawn).unwrap();
        insta::assert_snapshot!(format!("rating_{}", lang.code()), svg);
        let first = forgetit::render::stats::shown_rating(ratings[0].ordinal());
        let last = forgetit::render::stats::shown_rating(ratings[29].ordinal());
        assert!(chart.description.contains("30"), "{}", chart.description);
        assert!(
            chart.description.contains(&format!("{first}"))
                && chart.description.contains(&format!("{last}")),
            "{}",
            chart.description
        );
    }
}

/// The story's rounds are the game's (P1: the roll-off picks who goes first; a round runs from
/// that seat round the table): seat 2 first, its turns and the others' fall in the rounds the
/// channel names; and a game a seat's leaving ends still tells its last round.
#[test]
fn rounds_run_from_the_seat_that_went_first() {
    use forgetit::engine::dice::ScriptedDice;
    use forgetit::games::pig::{Move, Settings};
    let mut dice = ScriptedDice::new([]);
    let (mut game, mut log) =
        crate::common::engine::seated::<Pig>(Settings { target: 100 }, 3, &mut dice);
    let p = |i: u64| Player::Person(forgetit::UserId::new(i));
    let bot = game.seats[2].player;
    let mut act = |game: &mut Game<Pig>, action, faces: &[u8]| {
        let mut dice = ScriptedDice::new(faces.iter().copied());
        log.push(game.apply(action, &mut dice).unwrap());
    };
    let roll = |by| Action::Play { by, mv: Move::Roll };
    let hold = |by| Action::Play { by, mv: Move::Hold };
    // The roll-off: p0 1, p1 2, the bot seat (seat 2) 6: it goes first.
    act(&mut game, Action::Start { by: p(0) }, &[1, 2, 6]);
    // Round 1: the bot holds 6, p0 and p1 roll a 1 each.
    act(&mut game, roll(bot), &[6]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, roll(p(0)), &[1]);
    act(&mut game, roll(p(1)), &[1]);
    // Round 2: the bot holds 5, p0 holds 4, then p1 leaves: the game goes on...
    act(&mut game, roll(bot), &[5]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, roll(p(0)), &[4]);
    act(&mut game, hold(p(0)), &[]);
    act(&mut game, Action::Leave { player: p(1) }, &[]);
    // ...round 3: the bot holds 3, and p0 leaves on its own turn: the bot wins.
    act(&mut game, roll(bot), &[3]);
    act(&mut game, hold(bot), &[]);
    act(&mut game, Action::Leave { player: p(0) }, &[]);
    assert!(game.is_over());
    let (chart, alt) = story::<Pig>(&log, Lang::EnUs).unwrap();
    let lines: Vec<Vec<(u32, i64)>> = chart.seats.iter().map(|s| s.points.clone()).collect();
    assert_eq!(
        lines,
        [
            vec![(0, 0), (1, 0), (2, 4), (3, 4)],
            vec![(0, 0), (1, 0), (2, 0), (3, 0)],
            vec![(0, 0), (1, 6), (2, 11), (3, 14)],
        ]
    );
    assert_eq!(chart.last_round.unwrap().0, 3);
    assert!(alt.starts_with("p2 led from round 1"), "{alt}");
}
