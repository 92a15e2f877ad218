//! Playing to win near the end of a For Get It game (F10): the chance that a turn reaches a score
//! (`forgetit_solver::reach`), the race model (`forgetit_solver::race`, `src/games/forgetit/race.rs`) and
//! the bot seat that plays it.

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::forgetit::bot::{optimal, points};
use forgetit::games::forgetit::endgame::TURN_CAP;
use forgetit::games::forgetit::race::{bar, model, PointsPolicy, RaceKey};
use forgetit::games::forgetit::solver::{Choice, Solver};
use forgetit::games::forgetit::Move;
use forgetit::games::forgetit::{multiplier, Action, Game, Phase, Settings, Step};
use forgetit::UserId;
use forgetit_solver::race::{A_MAX, NEAR_MAX};
use forgetit_solver::UtilityTurn;

const FULL: [u8; 3] = [3, 3, 3];
const W: u8 = 6;

/// The value of the turn played for "`n` or more wins, `n − 1` is worth `tie`", by the turn
/// recursion ([`UtilityTurn`]: per point number, with the banks and rolls chosen, not forced).
fn played_for(n: u32, tie: f64) -> f64 {
    let utility = (0..=n)
        .map(|s| match n - s {
            0 => 1.0,
            1 => tie,
            _ => 0.0,
        })
        .collect();
    UtilityTurn::new(utility, TURN_CAP, multiplier).open_value(FULL, 0)
}

/// F9, F10: how a last turn played to beat a bar ends ([`Bar`]) agrees with the turn recursion
/// played for it, a different computation: its value (a win and half a tie) is the recursion's,
/// and each chance apart is the recursion's too, read off as the value's slope in what a tie is
/// worth: the chance of a tie is `dV/dt` at `t = ½`, from the right, since both bank a tie when
/// rolling on is worth exactly as much (a last die that wins or spells FORGET IT with a sixth
/// each is worth ½).
#[test]
fn f10_a_last_turn_against_a_bar_ends_as_the_turn_played_for_it() {
    let bar = bar();
    for n in [1u32, 2, 3, 9, 13, 24, 50, 97, 120, 300, 640] {
        let ends = bar.ends(i64::from(n));
        let value = played_for(n, 0.5);
        assert!((ends.value() - value).abs() < 1e-9, "{n}: {ends:?} {value}");
        let eps = 1e-6;
        let level = (played_for(n, 0.5 + eps) - value) / eps;
        assert!((ends.level - level).abs() < 1e-6, "{n}: {ends:?} {level}");
        assert!(
            (ends.above - (value - level / 2.0)).abs() < 1e-6,
            "{n}: {ends:?}"
        );
    }
    // Level with the bar already (one point wins): only a FORGET IT ties. Nothing to beat is
    // certain; a higher bar is never worth more (its utility is lower at every score); beyond the
    // cap the model counts nothing.
    let one = bar.ends(1);
    assert!((one.above + one.level - 1.0).abs() < 1e-12);
    assert_eq!(bar.ends(0).above, 1.0);
    assert_eq!(bar.ends(-5).above, 1.0);
    for n in 1..i64::from(TURN_CAP) {
        assert!(
            bar.ends(n + 1).value() <= bar.ends(n).value() + 1e-12,
            "{n}: {:?} {:?}",
            bar.ends(n),
            bar.ends(n + 1)
        );
    }
    assert_eq!(bar.ends(i64::from(TURN_CAP) + 1).value(), 0.0);
    // A last turn beats a lead of m with a tie counted half.
    assert_eq!(bar.beats(40), bar.ends(41).value());
}

/// The distribution of a turn's score under the expected-points policy: its chances add up to 1
/// and its mean is the solver's expected score of a turn.
#[test]
fn the_points_policy_score_distribution_has_the_solvers_mean() {
    let mut solver = Solver::new();
    let scores = PointsPolicy::new(&mut solver).scores();
    let total: f64 = scores.iter().sum();
    let mean: f64 = scores.iter().enumerate().map(|(s, c)| s as f64 * c).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    let value = solver.turn_value();
    assert!((mean - value).abs() < 1e-9, "{mean} vs {value}");
    // No turn banks a single point (a number is kept with two dice or more); some spell FORGET IT.
    assert_eq!(scores[1], 0.0);
    assert!(scores[0] > 0.0);
}

/// The race table: with the seats' roles swapped the chances add to 1 (the model is the same for
/// both, a tie counted half); chances are better the nearer the bot is to the target and the
/// further its opponent (by 50 points: a fixed policy makes single points uneven, see the model's
/// docs); moving first is an advantage from level 100 points short.
#[test]
fn the_race_is_fair_and_favours_the_seat_nearer_the_target() {
    let race = &model().race;
    for (a, b) in [
        (1, 1),
        (10, 10),
        (100, 100),
        (37, 250),
        (250, 37),
        (300, 1),
        (150, 80),
    ] {
        let (m, w) = (race.to_move(a, b), race.waiting(b, a));
        assert!(
            (m + w - 1.0).abs() < 1e-6,
            "M({a}, {b}) {m} + W({b}, {a}) {w}"
        );
    }
    for a in (1..=A_MAX).step_by(7) {
        for b in (1..=NEAR_MAX).step_by(3) {
            let (m, w) = (race.to_move(a, b), race.waiting(a, b));
            assert!(
                (0.0..=1.0).contains(&m) && (0.0..=1.0).contains(&w),
                "({a}, {b})"
            );
            if a + 50 <= A_MAX {
                assert!(race.to_move(a + 50, b) < m, "M({a}, {b})");
                assert!(race.waiting(a + 50, b) < w, "W({a}, {b})");
            }
            if b + 50 <= NEAR_MAX {
                assert!(race.to_move(a, b + 50) > m, "M({a}, {b})");
                assert!(race.waiting(a, b + 50) > w, "W({a}, {b})");
            }
        }
    }
    assert!(race.to_move(100, 100) > race.waiting(100, 100));
    // Near: a turn for points reaches the target with a chance of 1 in 20 or more, about 200
    // points or less short; the table keeps every distance that is near.
    assert!(race.near(100) && race.near(200) && !race.near(NEAR_MAX));
}

/// The race model against real games: two seats playing for points (and their last turn to
/// win), 100 points short each: the first to move wins about M(100, 100) of the time.
#[test]
fn the_race_model_predicts_real_games() {
    let predicted = model().race.to_move(100, 100);
    let games = 3000;
    let mut dice = RandomDice::seeded(5);
    let mut solver = Solver::new();
    let mut wins = 0.0;
    for _ in 0..games {
        let mut game = two_bots(400, 400, 500);
        while let Some(action) = points(&game, &mut solver) {
            game.apply(action, &mut dice).unwrap();
        }
        let Phase::Finished { winners } = &game.phase else {
            panic!("{:?}", game.phase)
        };
        if winners.contains(&0) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    let share = wins / f64::from(games);
    let se = (predicted * (1.0 - predicted) / f64::from(games)).sqrt();
    assert!(
        (share - predicted).abs() < 4.0 * se,
        "won {share:.4}, model {predicted:.4} ± {se:.4}"
    );
}

/// Two bot seats, seat 0 on turn, with these totals.
fn two_bots(first: u32, second: u32, target: u32) -> Game {
    let (mut game, _) = Game::create(
        Settings {
            target,
            ..Default::default()
        },
        Player::Bot(1),
        "Bot 1",
    )
    .unwrap();
    let join = Action::Join {
        player: Player::Bot(2),
        name: "Bot 2".into(),
    };
    game.apply(join, &mut ScriptedDice::new([])).unwrap();
    let start = Action::Start { by: Player::Bot(1) };
    game.apply(start, &mut ScriptedDice::new([5, 1])).unwrap();
    game.seats[0].total = first;
    game.seats[1].total = second;
    game
}

/// Under the model, playing the turn for the race is never worse than playing it for points, and
/// better by a visible margin somewhere.
#[test]
fn playing_the_race_beats_playing_for_points_in_the_model() {
    let model = model();
    let mut best_gain: f64 = 0.0;
    for (total, other) in [(200, 480), (300, 470), (450, 470), (480, 400), (100, 490)] {
        let key = RaceKey {
            total,
            others: vec![other],
            target: 500,
            leader_only: false,
            nearest: false,
        };
        let race = key.turn().open_value(FULL, 0);
        let utility = model.race.utility(bar(), total, &[other], 500, TURN_CAP);
        let for_points: f64 = model
            .scores
            .iter()
            .enumerate()
            .map(|(s, c)| c * utility[s.min(utility.len() - 1)])
            .sum();
        assert!(race >= for_points - 1e-12, "{total} v {other}");
        best_gain = best_gain.max(race - for_points);
    }
    assert!(best_gain > 0.003, "{best_gain}");
}

/// Bot 1 on turn at `total`, a person at `other`, target 500.
fn bot_against(total: u32, other: u32) -> Game {
    let (ann, bot) = (Player::Person(UserId::new(1)), Player::Bot(1));
    let (mut game, _) = Game::create(Settings::default(), ann, "ann").unwrap();
    let join = Action::Join {
        player: bot,
        name: "Bot 1".into(),
    };
    game.apply(join, &mut ScriptedDice::new([])).unwrap();
    game.apply(Action::Start { by: ann }, &mut ScriptedDice::new([1, 5]))
        .unwrap();
    game.seats[0].total = other;
    game.seats[1].total = total;
    assert_eq!(game.current_player(), Some(bot));
    game
}

/// F10 before the final round: far behind an opponent near the target, the bot takes a risk the
/// expected-points player does not; level with it just short of the target, it banks where the
/// expected-points player rolls on.
#[test]
fn f10_near_the_target_the_bot_plays_the_race() {
    let bot = Player::Bot(1);
    let mut solver = Solver::new();

    // 200 against 480. FOR dice: FOR, 3, 3; GET dice: GET, GET, 3; IT dice: 3, 1, 2. Keep the four
    // 3s: 24 points, FOR and GET out, two IT dice in hand.
    let mut game = bot_against(200, 480);
    assert!(RaceKey::of(&game).is_some());
    game.apply(
        Action::Play {
            by: bot,
            mv: Move::Roll,
        },
        &mut ScriptedDice::new([W, 3, 3, W, W, 3, 3, 1, 2]),
    )
    .unwrap();
    let keep = optimal(&game, &mut solver).unwrap();
    assert_eq!(
        keep,
        Action::Play {
            by: bot,
            mv: Move::ChoosePoint(3)
        }
    );
    game.apply(keep, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.turn().unwrap().score(), 24);
    // The next roll spells FORGET IT with chance 11/36: for points, bank 24; to win from 200
    // against 480, 224 is hardly better than 200, so roll on.
    assert_eq!(solver.best_move(&game), Some(Choice::Bank));
    assert_eq!(
        points(&game, &mut solver),
        Some(Action::Play {
            by: bot,
            mv: Move::Bank
        })
    );
    assert_eq!(
        optimal(&game, &mut solver),
        Some(Action::Play {
            by: bot,
            mv: Move::Roll
        })
    );

    // 450 against 470. Six 2s and 1, 3, 4: 48 points, no word out, one die of each kind in hand.
    let mut game = bot_against(450, 470);
    game.apply(
        Action::Play {
            by: bot,
            mv: Move::Roll,
        },
        &mut ScriptedDice::new([2, 2, 1, 2, 2, 3, 2, 2, 4]),
    )
    .unwrap();
    let keep = optimal(&game, &mut solver).unwrap();
    assert_eq!(
        keep,
        Action::Play {
            by: bot,
            mv: Move::ChoosePoint(2)
        }
    );
    game.apply(keep, &mut ScriptedDice::new([])).unwrap();
    assert_eq!(game.turn().unwrap().step, Step::BankOrRoll);
    assert_eq!(game.turn().unwrap().score(), 48);
    // For points the next roll (FORGET IT 1 in 216) is worth taking; in the race, 498 keeps the
    // bot two points short with the opponent, 30 short, to move, rather than risking a small lead
    // the opponent's last turn would often beat.
    assert_eq!(solver.best_move(&game), Some(Choice::Roll));
    assert_eq!(
        optimal(&game, &mut solver),
        Some(Action::Play {
            by: bot,
            mv: Move::Bank
        })
    );

    // Far from the target, no race: the bot plays for points.
    let game = bot_against(100, 200);
    assert_eq!(RaceKey::of(&game), None);
}
