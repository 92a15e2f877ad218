//! Pig's bot seat and Odds (docs/RULES.md, P5): the exact two-seat policy by value iteration,
//! checked against the published optimum and against itself, and its review.

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::pig::bot::{first_player_chance, hold_at, odds, optimal, Standing, Table};
use forgetit::games::pig::review::{review, PigAct};
use forgetit::games::pig::*;
use forgetit::strategy::review::Unit;
use forgetit::UserId;

const ANN: Player = Player::Person(UserId::new(1));
const BOT: Player = Player::Bot(1);

#[test]
fn p5_the_first_players_optimal_chance_to_100_is_the_published_53_06_percent() {
    // T. Neller and C. Presser, "Optimal Play of the Dice Game Pig" (2004): 0.5306.
    let chance = first_player_chance(100);
    assert_eq!(format!("{chance:.4}"), "0.5306");
}

#[test]
fn p5_every_value_is_a_chance_that_grows_with_ones_score_and_falls_with_the_opponents() {
    let table = Table::solve(40);
    for i in 0..40 {
        for j in 0..40 {
            let p = table.win_chance(i, j, 0);
            assert!((0.0..=1.0).contains(&p), "{i} {j}: {p}");
            if i + 1 < 40 {
                assert!(table.win_chance(i + 1, j, 0) >= p - 1e-12, "{i} {j}");
            }
            if j + 1 < 40 {
                assert!(table.win_chance(i, j + 1, 0) <= p + 1e-12, "{i} {j}");
            }
        }
    }
    // The value of a state is the better of its two moves, and it solves its own equation:
    // rolling at k is the mean over the die of what each face leads to.
    for (i, j, k) in [(0, 0, 6), (10, 30, 12), (35, 20, 4), (39, 39, 0)] {
        let roll = table.roll_value(i, j, k);
        let expected: f64 = (1..=6u32)
            .map(|r| {
                if r == 1 {
                    1.0 - table.win_chance(j, i, 0)
                } else {
                    table.win_chance(i, j, k + r)
                }
            })
            .sum::<f64>()
            / 6.0;
        assert!(
            (roll - expected).abs() < 1e-9,
            "{i} {j} {k}: {roll} {expected}"
        );
    }
}

/// ann against the bot seat, to `target`; ann won the roll-off.
fn against_the_bot(target: u32) -> (Game, Vec<Event>) {
    let (mut game, created) = Game::create(
        Settings {
            target,
            ..Default::default()
        },
        ANN,
        "ann",
    )
    .unwrap();
    let mut log = vec![created];
    let join = Action::Join {
        player: BOT,
        name: "Bot 1".into(),
    };
    log.push(game.apply(join, &mut ScriptedDice::new([])).unwrap());
    let start = Action::Start { by: ANN };
    log.push(game.apply(start, &mut ScriptedDice::new([6, 1])).unwrap());
    (game, log)
}

#[test]
fn p5_the_bot_seat_rolls_or_holds_as_the_table_says_and_odds_match_it() {
    let table = Table::solve(100);
    let (mut game, _) = against_the_bot(100);
    // Not the bot's turn: no move; Odds before a roll have nothing to hold.
    assert_eq!(optimal(&game, &table), None);
    let before = odds(&game, &table).unwrap();
    assert_eq!(before.hold, None);
    assert!((before.roll - table.win_chance(0, 0, 0)).abs() < 1e-12);
    for die in [2, 1] {
        let roll = Action::Play {
            by: ANN,
            mv: Move::Roll,
        };
        game.apply(roll, &mut ScriptedDice::new([die])).unwrap();
    }
    // The bot on turn: a turn starts with a roll; with 25 at 0 against 0 it holds (holding at
    // 25 or so is the optimal policy's rule near the start), with 6 it rolls.
    let play = |mv| Some(Action::Play { by: BOT, mv });
    assert_eq!(optimal(&game, &table), play(Move::Roll));
    game.apply(play(Move::Roll).unwrap(), &mut ScriptedDice::new([6]))
        .unwrap();
    assert_eq!(optimal(&game, &table), play(Move::Roll));
    for _ in 0..4 {
        game.apply(play(Move::Roll).unwrap(), &mut ScriptedDice::new([5]))
            .unwrap();
    }
    assert_eq!(game.turn().unwrap().total(), 26);
    let odds = odds(&game, &table).unwrap();
    assert!(odds.hold.unwrap() > odds.roll, "{odds:?}");
    assert_eq!(optimal(&game, &table), play(Move::Hold));
    assert!(!odds.model);
}

#[test]
fn p5_with_three_seats_the_bot_plays_the_exact_three_seat_policy() {
    let table = Table::solve(100);
    let (mut game, _) = Game::create(Settings::default(), ANN, "ann").unwrap();
    for (player, name) in [(Player::Person(UserId::new(2)), "ben"), (BOT, "Bot 1")] {
        let join = Action::Join {
            player,
            name: name.into(),
        };
        game.apply(join, &mut ScriptedDice::new([])).unwrap();
    }
    game.apply(Action::Start { by: ANN }, &mut ScriptedDice::new([6, 5, 1]))
        .unwrap();
    // ann holds 30, ben holds 62: the bot plays against both, in the order they play after it.
    for (by, dice) in [
        (ANN, [6, 6, 6, 6, 6]),
        (Player::Person(UserId::new(2)), [6, 6, 6, 6, 6]),
    ] {
        for die in dice {
            let roll = Action::Play { by, mv: Move::Roll };
            game.apply(roll, &mut ScriptedDice::new([die])).unwrap();
        }
        if by == Player::Person(UserId::new(2)) {
            for die in [6, 6, 6, 6, 6, 2] {
                let roll = Action::Play { by, mv: Move::Roll };
                game.apply(roll, &mut ScriptedDice::new([die])).unwrap();
            }
        }
        game.apply(
            Action::Play { by, mv: Move::Hold },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    }
    assert_eq!((game.seats[0].total, game.seats[1].total), (30, 62));
    game.apply(
        Action::Play {
            by: BOT,
            mv: Move::Roll,
        },
        &mut ScriptedDice::new([6]),
    )
    .unwrap();
    let standing = Standing::of(&game).unwrap();
    assert_eq!(
        standing,
        Standing {
            score: 0,
            others: vec![30, 62]
        }
    );
    // Three seats: the exact three-seat solution (P5), its values read straight off its turn.
    let turn = table.three().unwrap().turn(0, 30, 62);
    let want = if turn.roll_value(6) > turn.hold_value(6) {
        Move::Roll
    } else {
        Move::Hold
    };
    assert_eq!(
        optimal(&game, &table),
        Some(Action::Play { by: BOT, mv: want })
    );
    let odds = odds(&game, &table).unwrap();
    assert!(!odds.model && odds.seats == 3, "{odds:?}");
    assert_eq!(odds.roll, turn.roll_value(6));
    assert_eq!(odds.hold, Some(turn.hold_value(6)));
}

/// A whole game of ann (playing `ann`) against the optimal bot seat on random dice.
fn game_against_the_bot(
    seed: u64,
    table: &Table,
    ann: impl Fn(&Game) -> Option<Action>,
) -> Vec<Event> {
    let (mut game, mut log) = against_the_bot(100);
    let mut dice = RandomDice::seeded(seed);
    while !game.is_over() {
        let action = if game.current_player() == Some(ANN) {
            // ann's moves, by a bot's policy seen as hers.
            let as_bot = |g: &Game| {
                let mut g = g.clone();
                g.seats[0].player = Player::Bot(9);
                g
            };
            match ann(&as_bot(&game)).unwrap() {
                Action::Play { mv, .. } => Action::Play { by: ANN, mv },
                other => other,
            }
        } else {
            optimal(&game, table).unwrap()
        };
        log.push(game.apply(action, &mut dice).unwrap());
    }
    log
}

#[test]
fn p5_the_review_prices_decisions_in_points_of_winning_chance() {
    let table = Table::solve(100);
    for seed in 0..5 {
        let log = game_against_the_bot(seed, &table, |g| optimal(g, &table));
        let review = review(&log, ANN, &table).unwrap();
        assert_eq!(review.unit, Unit::Chance);
        assert!(
            review.mistakes.is_empty(),
            "optimal play: {:?}",
            review.mistakes
        );
        assert!((review.expected - 100.0 * table.win_chance(0, 0, 0)).abs() < 1e-9);
        // Its turns' points make the seat's final total.
        let game = Game::replay(&log).unwrap();
        assert_eq!(review.points, game.seats[0].total);
    }
    // Holding at 5 costs chances: each hold below what the policy would roll on is a mistake,
    // priced as the difference of the two moves' chances.
    let log = game_against_the_bot(7, &table, |g| hold_at(g, 5));
    let review = review(&log, ANN, &table).unwrap();
    assert!(!review.mistakes.is_empty());
    for mistake in &review.mistakes {
        assert!(mistake.cost > 0.0 && mistake.cost < 100.0, "{mistake:?}");
        assert!(matches!(mistake.chosen, PigAct::Hold(_)), "{mistake:?}");
    }
    let lost: f64 = review.mistakes.iter().map(|m| m.cost).sum();
    assert!((lost - review.lost).abs() < 1e-9);
}

/// `P` by plain value iteration over every `(i, j, k)`, for a small target: what the layered
/// solver must give.
fn brute(target: usize) -> Vec<f64> {
    let n = target;
    let idx = |i: usize, j: usize, k: usize| (i * n + j) * n + k;
    let mut p = vec![0.0f64; n * n * n];
    loop {
        let mut delta = 0.0f64;
        for i in 0..n {
            for j in 0..n {
                for k in 0..n - i {
                    let get = |p: &Vec<f64>, k2: usize| {
                        if i + k2 >= n {
                            1.0
                        } else {
                            p[idx(i, j, k2)]
                        }
                    };
                    let mut roll = (1.0 - p[idx(j, i, 0)]) / 6.0;
                    for d in 2..=6 {
                        roll += get(&p, k + d) / 6.0;
                    }
                    let v = if k == 0 {
                        roll
                    } else {
                        roll.max(1.0 - p[idx(j, i + k, 0)])
                    };
                    delta = delta.max((v - p[idx(i, j, k)]).abs());
                    p[idx(i, j, k)] = v;
                }
            }
        }
        if delta < 1e-15 {
            break;
        }
    }
    p
}

#[test]
fn p5_the_layered_solver_matches_plain_value_iteration() {
    for target in [1, 2, 7, 20] {
        let table = Table::solve(target as u32);
        let p = brute(target);
        let n = target;
        for i in 0..n {
            for j in 0..n {
                for k in 0..n - i {
                    let want = p[(i * n + j) * n + k];
                    let got = table.win_chance(i as u32, j as u32, k as u32);
                    assert!(
                        (want - got).abs() < 1e-12,
                        "target {target} ({i}, {j}, {k}): {got} vs {want}"
                    );
                }
            }
        }
    }
}

/// A Pig game of `seats` seats to `target` (every third a bot seat, playing the table's policy)
/// where the people play at random: roll or hold, now and then let the clock run out (P4), and
/// now and then someone leaves, on their turn or not. Its log.
fn random_pig_game(seed: u64, seats: usize, target: u32, table: &Table) -> Vec<Event> {
    use forgetit::engine::table::Action as TableAction;
    use rand::{Rng, SeedableRng};
    let mut dice = RandomDice::seeded(seed);
    let mut pick = rand::rngs::StdRng::seed_from_u64(seed);
    let (mut game, mut log) = crate::common::engine::seated::<Pig>(
        Settings {
            target,
            ..Default::default()
        },
        seats,
        &mut dice,
    );
    log.push(
        game.apply(TableAction::Start { by: game.host }, &mut dice)
            .unwrap(),
    );
    // How far each person pushes their luck.
    let greed: Vec<u32> = (0..seats).map(|_| pick.gen_range(4..40)).collect();
    while !game.is_over() {
        let turn = game.turn().unwrap().clone();
        let player = game.seats[turn.seat].player;
        let action = if pick.gen_ratio(1, 80) {
            // Someone still playing leaves.
            let playing: Vec<Player> = game
                .seats
                .iter()
                .filter(|s| s.is_playing())
                .map(|s| s.player)
                .collect();
            TableAction::Leave {
                player: playing[pick.gen_range(0..playing.len())],
            }
        } else if player.is_bot() {
            optimal(&game, table).unwrap()
        } else if pick.gen_ratio(1, 25) {
            TableAction::TimeOut
        } else {
            let hold =
                turn.may_hold() && (turn.total() >= greed[turn.seat] || pick.gen_ratio(1, 12));
            let mv = if hold { Move::Hold } else { Move::Roll };
            TableAction::Play { by: player, mv }
        };
        log.push(game.apply(action, &mut dice).unwrap());
    }
    log
}

/// P5, issue #54: a review in chances adds up over the whole game. From the chance at the first
/// turn, luck (the seat's dice, and the others' turns and the game's end) less what the
/// decisions and the timeouts (and leaving) cost is the chance at the end, exactly: 100 for a
/// win, 0 for a loss, whoever's turn ended the game; and each turn's own identity holds. Only
/// decisions that cost at least 0.5 percentage point are listed as mistakes; the smaller ones
/// count in the totals all the same. Over random games of 2 to 6 seats, every seat's review.
#[test]
fn p5_every_pig_review_adds_up_from_the_first_turn_to_the_end() {
    use forgetit::strategy::review::{adds_up, MISTAKE_CHANCE};
    let tables: Vec<(u32, Table)> = [20, 50, 100]
        .into_iter()
        .map(|t| (t, Table::solve(t)))
        .collect();
    let (mut small, mut listed, mut others_moved) = (0, 0, 0);
    for seed in 0..90u64 {
        let (target, table) = &tables[seed as usize % tables.len()];
        let seats = 2 + (seed as usize / 3) % 5;
        let log = random_pig_game(seed, seats, *target, table);
        let game = Game::replay(&log).unwrap();
        let Phase::Finished { winners } = &game.phase else {
            panic!("{:?}", game.phase)
        };
        for (seat, s) in game.seats.iter().enumerate() {
            let review = review(&log, s.player, table).unwrap();
            let end = review.end.expect("a finished game's end");
            let result = if winners.contains(&seat) {
                100.0 / winners.len() as f64
            } else {
                0.0
            };
            assert_eq!(end, result, "seed {seed} seat {seat}: {review:?}");
            let sum = review.expected + review.luck - review.lost - review.forfeited;
            assert!(
                (sum - end).abs() < 1e-9,
                "seed {seed} seat {seat}: {} + {} - {} - {} = {sum}, not {end}",
                review.expected,
                review.luck,
                review.lost,
                review.forfeited
            );
            for t in &review.turns {
                let (before, after) = (t.chance_before.unwrap(), t.chance_after.unwrap());
                assert!(
                    (before + t.luck - t.lost - t.forfeited - after).abs() < 1e-9,
                    "seed {seed} seat {seat}: {t:?}"
                );
            }
            assert!(adds_up(&review), "seed {seed} seat {seat}");
            if review.others.abs() > 1e-9 {
                others_moved += 1;
            }
            let costs: f64 = review.mistakes.iter().map(|m| m.cost).sum();
            assert!(costs <= review.lost + 1e-9);
            for m in &review.mistakes {
                assert!(m.cost >= MISTAKE_CHANCE, "seed {seed}: {m:?}");
            }
            listed += review.mistakes.len();
            if review.lost - costs > 1e-9 {
                small += 1;
            }
        }
    }
    // The games had mistakes listed, costs too small to list, and the others' turns moving
    // the chance.
    assert!(
        listed > 0 && small > 0 && others_moved > 0,
        "{listed} {small} {others_moved}"
    );
}
