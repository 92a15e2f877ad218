//! `forgetit sim` (src/strategy/sim.rs): bot-only games through the engines, comparing policies.

use forgetit::strategy::sim::{run, Policy, SimConfig, SimGame, SimReport};

fn sim(game: SimGame, seats: &[Policy], games: u64, target: u32) -> SimReport {
    let config = SimConfig {
        game,
        seats: seats.to_vec(),
        games,
        seed: 5,
        target,
    };
    let table = (game == SimGame::GetDickey).then(crate::common::strategy::table);
    run(&config, table, |_| {}).unwrap()
}

/// The optimal seat's share of the wins against `other`, each seated first in half the games.
fn optimal_share(game: SimGame, other: Policy, games: u64, target: u32) -> f64 {
    let report = sim(game, &[Policy::Optimal, other], games, target);
    assert_eq!(report.seats.len(), 2);
    let total: f64 = report.seats.iter().map(|s| s.wins).sum();
    assert!(
        (total - games as f64).abs() < 1e-9,
        "every game has its winners"
    );
    report.seats[0].wins / games as f64
}

#[test]
fn optimal_for_get_it_beats_each_heuristic() {
    for other in [
        Policy::Greedy,
        Policy::BankAt(20),
        Policy::BankAt(50),
        Policy::TwoWords,
    ] {
        let share = optimal_share(SimGame::ForGetIt, other, 200, 300);
        assert!(share > 0.6, "optimal won {share:.3} against {other}");
    }
}

#[test]
fn optimal_get_dickey_beats_each_heuristic() {
    for other in [Policy::Greedy, Policy::FirstRoll] {
        let share = optimal_share(SimGame::GetDickey, other, 200, 0);
        assert!(share > 0.6, "optimal won {share:.3} against {other}");
    }
}

#[test]
fn a_run_is_repeatable_and_counts_turns() {
    let seats = [Policy::Greedy, Policy::FirstRoll, Policy::Greedy];
    let a = sim(SimGame::GetDickey, &seats, 50, 0);
    let b = sim(SimGame::GetDickey, &seats, 50, 0);
    assert_eq!(a, b);
    // G1: 13 rounds of one turn per seat.
    assert_eq!(a.turns_mean, 39.0);
    assert_eq!(a.turns_spread, 0.0);
    let f = sim(
        SimGame::ForGetIt,
        &[Policy::BankAt(25), Policy::TwoWords],
        50,
        200,
    );
    assert!(f.turns_mean >= 2.0);
    assert!(f.seats.iter().all(|s| s.mean > 0.0 && s.spread >= 0.0));
}

#[test]
fn bad_configurations_are_refused_with_a_reason() {
    let config = |game, seats: Vec<Policy>| SimConfig {
        game,
        seats,
        games: 10,
        seed: 1,
        target: 100,
    };
    let one_seat = config(SimGame::ForGetIt, vec![Policy::Greedy]);
    assert!(run(&one_seat, None, |_| {})
        .unwrap_err()
        .contains("2 to 10"));
    let wrong_game = config(SimGame::GetDickey, vec![Policy::TwoWords]);
    assert!(run(&wrong_game, None, |_| {})
        .unwrap_err()
        .contains("two-words"));
    let no_table = config(SimGame::GetDickey, vec![Policy::Optimal]);
    assert!(run(&no_table, None, |_| {}).unwrap_err().contains("table"));
    assert_eq!("bank-at-30".parse::<Policy>(), Ok(Policy::BankAt(30)));
    assert!("bank-at-x".parse::<Policy>().is_err());
}
