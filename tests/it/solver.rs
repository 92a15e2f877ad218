//! The exact For Get It turn solver (src/games/forgetit/solver.rs).

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::forgetit::bot::optimal;
use forgetit::games::forgetit::endgame::Endgame;
use forgetit::games::forgetit::solver::{Choice, Solver, K_BANK};
use forgetit::games::forgetit::Move;
use forgetit::games::forgetit::{Action, Ending, Game, Phase, Settings, TurnEnd};
use forgetit::UserId;

const FOR: u8 = 0b001;
const GET: u8 = 0b010;

#[test]
fn hand_checked_states_past_the_cut_off() {
    let mut solver = Solver::new();
    // 120 point dice, one FOR die in hand, no word out: a point (1/6) ends the set at 121 (bank
    // 484), a FOR (1/6) ends it at 120 (bank 480), anything else changes nothing. Rolling is worth
    // (484 + 480) / 2 = 482 per unit of the point number, more than banking 480.
    assert!((solver.roll_value(120, [1, 0, 0], 0) - 482.0).abs() < 1e-9);
    assert!(!solver.should_bank(120, [1, 0, 0], 0));
    assert!((solver.value(120, [1, 0, 0], 0) - 482.0).abs() < 1e-9);
    // FOR and GET out, one IT die in hand: a point gives 484 with chance 1/6, IT loses all with
    // 1/6: rolling is worth 242, so bank 480.
    assert!((solver.roll_value(120, [0, 0, 1], FOR | GET) - 242.0).abs() < 1e-9);
    assert!(solver.should_bank(120, [0, 0, 1], FOR | GET));
    // All nine aside at the cut-off: bank.
    assert!(solver.should_bank(K_BANK, [0, 0, 0], 0));
    assert_eq!(solver.value(K_BANK, [0, 0, 0], 0), f64::from(K_BANK * 4));
}

#[test]
fn the_cut_off_changes_no_value() {
    let exact = Solver::new().turn_value();
    let later = Solver::with_cut_off(200).turn_value();
    assert!((exact - later).abs() < 1e-9, "{exact} vs {later}");
    let (mut a, mut b) = (Solver::new(), Solver::with_cut_off(200));
    for k in [2, 5, 6, 30, 80, 111] {
        for hand in [[3, 3, 3], [1, 2, 0], [0, 0, 1], [2, 2, 2]] {
            let (x, y) = (a.value(k, hand, 0), b.value(k, hand, 0));
            assert!((x - y).abs() < 1e-9, "k {k} hand {hand:?}: {x} vs {y}");
        }
    }
}

/// Plays `turns` turns for one seat with the optimal policy and fair dice; returns the scores.
fn play_optimal(turns: usize, seed: u64) -> Vec<f64> {
    let mut solver = Solver::new();
    let mut dice = RandomDice::seeded(seed);
    let mut scores = Vec::with_capacity(turns);
    let (me, other) = (Player::Bot(1), Player::Bot(2));
    let target = 100_000;
    let new_game = || {
        let (mut game, _) = Game::create(
            Settings {
                target,
                ..Default::default()
            },
            me,
            "me",
        )
        .unwrap();
        let join = Action::Join {
            player: other,
            name: "other".into(),
        };
        game.apply(join, &mut ScriptedDice::new([])).unwrap();
        let start = Action::Start { by: me };
        game.apply(start, &mut ScriptedDice::new([5, 1])).unwrap();
        game
    };
    let mut game = new_game();
    while scores.len() < turns {
        if game.seats[0].total > target / 2 {
            // Far from the target still, so every turn is played for its points alone.
            game = new_game();
        }
        let by = game.current_player().unwrap();
        if by == other {
            // The other seat banks nothing: it spells FORGET IT at once.
            let forget_it = &mut ScriptedDice::new([6; 9]);
            game.apply(Action::Play { by, mv: Move::Roll }, forget_it)
                .unwrap();
            continue;
        }
        let action = match solver.best_move(&game).unwrap() {
            Choice::Roll => Action::Play { by, mv: Move::Roll },
            Choice::Keep(number) => Action::Play {
                by,
                mv: Move::ChoosePoint(number),
            },
            Choice::Bank => Action::Play { by, mv: Move::Bank },
        };
        game.apply(action, &mut dice).unwrap();
        if let Some(result) = &game.last_turn {
            if result.turn.seat == 0 && game.current_player() == Some(other) {
                assert!(matches!(
                    result.end,
                    TurnEnd::Played(Ending::Banked) | TurnEnd::Played(Ending::ForgetIt)
                ));
                scores.push(f64::from(result.points));
            }
        }
        assert!(matches!(game.phase, Phase::Playing { .. }));
    }
    scores
}

#[test]
fn monte_carlo_of_the_optimal_policy_agrees_with_the_solver() {
    let value = Solver::new().turn_value();
    let scores = play_optimal(20_000, 11);
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let se = (var / n).sqrt();
    assert!(
        (mean - value).abs() < 4.0 * se,
        "simulated {mean:.3} ± {se:.3}, solver {value:.6}"
    );
}

#[test]
fn the_optimal_policy_beats_banking_at_the_first_chance() {
    let value = Solver::new().turn_value();
    // Banking as soon as a number is chosen: the number times its dice (≥ 2), never 0 unless the
    // first rolls spell FORGET IT: about 6 to 8 points. The optimum must do better.
    assert!(value > 10.0, "{value}");
}

/// F10: in the final round a seat's last turn plays for the chance of ending above the leader.
/// Hand-checked: 20 point dice of 1s (80 points), FOR and GET out, one IT die in hand. Rolling
/// wins 84 with chance 1/6 and loses everything with chance 1/6 (else nothing changes): for
/// expected points banking 80 beats rolling (42); to win with 84, rolling (½) beats banking (0).
#[test]
fn f10_the_last_turn_plays_to_beat_the_leader() {
    let mut solver = Solver::new();
    assert!(solver.should_bank(20, [0, 0, 1], FOR | GET));
    let mut needs_84 = Endgame::against(84);
    assert!((needs_84.roll_value(1, 20, [0, 0, 1], FOR | GET) - 0.5).abs() < 1e-12);
    assert!((needs_84.value(1, 20, [0, 0, 1], FOR | GET) - 0.5).abs() < 1e-12);
    // Needing 81: banking 80 ties the leader (a shared win, worth ½ here) and rolling wins with
    // chance ½: equal, and the seat banks.
    let mut needs_81 = Endgame::against(81);
    assert_eq!(needs_81.utility(80), 0.5);
    assert!((needs_81.value(1, 20, [0, 0, 1], FOR | GET) - 0.5).abs() < 1e-12);
    // A score that already wins is worth 1 and banked.
    assert_eq!(Endgame::against(10).value(5, 3, [1, 1, 1], 0), 1.0);
}

#[test]
fn f10_a_bot_in_its_last_turn_banks_as_soon_as_it_beats_the_leader() {
    let (ann, bot) = (Player::Person(UserId::new(1)), Player::Bot(1));
    let (mut game, _) = Game::create(
        Settings {
            target: 60,
            ..Default::default()
        },
        ann,
        "ann",
    )
    .unwrap();
    let join = Action::Join {
        player: bot,
        name: "Bot 1".into(),
    };
    game.apply(join, &mut ScriptedDice::new([])).unwrap();
    // The bot wins the roll-off; then, as if ann had reached the target with 60 while the bot
    // had 50: the bot's turn is its last (F10), and 11 points win it.
    let start = Action::Start { by: ann };
    game.apply(start, &mut ScriptedDice::new([1, 5])).unwrap();
    game.seats[0].total = 60;
    game.seats[1].total = 50;
    game.state.final_round = Some(0);
    assert_eq!(game.current_player(), Some(bot));
    let mut solver = Solver::new();
    assert_eq!(
        optimal(&game, &mut solver),
        Some(Action::Play {
            by: bot,
            mv: Move::Roll
        })
    );
    // Three 5s (the FOR dice), two 1s, two 2s: keeping the 5s banks 15 at once.
    let roll = &mut ScriptedDice::new([5, 5, 5, 1, 2, 3, 4, 1, 2]);
    game.apply(
        Action::Play {
            by: bot,
            mv: Move::Roll,
        },
        roll,
    )
    .unwrap();
    let keep = optimal(&game, &mut solver).unwrap();
    assert_eq!(
        keep,
        Action::Play {
            by: bot,
            mv: Move::ChoosePoint(5)
        }
    );
    game.apply(keep, &mut ScriptedDice::new([])).unwrap();
    // For expected points a 15-point turn with six dice in hand and no word out rolls on; to
    // win, 15 ≥ 11 banks.
    assert_eq!(solver.best_move(&game), Some(Choice::Roll));
    assert_eq!(
        optimal(&game, &mut solver),
        Some(Action::Play {
            by: bot,
            mv: Move::Bank
        })
    );
    game.apply(
        Action::Play {
            by: bot,
            mv: Move::Bank,
        },
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    assert!(matches!(&game.phase, Phase::Finished { winners } if winners == &[1]));
}
