//! The exact For Get It turn solver (src/strategy/solver.rs).

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::forgetit::{Action, Game, Phase, Settings, TurnEnd};
use forgetit::engine::Player;
use forgetit::strategy::solver::{Choice, Solver, K_BANK};

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
        let (mut game, _) = Game::create(Settings { target }, me, "me").unwrap();
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
            game.apply(Action::Roll { by }, forget_it).unwrap();
            continue;
        }
        let action = match solver.best_move(&game).unwrap() {
            Choice::Roll => Action::Roll { by },
            Choice::Keep(number) => Action::ChoosePoint { by, number },
            Choice::Bank => Action::Bank { by },
        };
        game.apply(action, &mut dice).unwrap();
        if let Some(result) = &game.last_turn {
            if result.turn.seat == 0 && game.current_player() == Some(other) {
                assert!(matches!(result.end, TurnEnd::Banked | TurnEnd::ForgetIt));
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
