//! `forgetit sim` (src/strategy/sim.rs): bot-only games through the engines, comparing policies.

use forgetit::engine::GameKind;
use forgetit::host::sim::{SimConfig, SimError, SimReport};

fn sim(game: GameKind, seats: &[&str], games: u64, target: Option<u32>) -> SimReport {
    let config = SimConfig {
        game,
        seats: seats.iter().map(|s| s.to_string()).collect(),
        games,
        seed: 5,
        target,
    };
    let cache = crate::common::strategy::cache();
    if game == forgetit::games::getdickey::KIND {
        // Solved (or read) once for the whole test binary.
        crate::common::strategy::table();
    }
    forgetit::discord::built_in()
        .sim(&config, Some(&cache), &|_| {})
        .unwrap()
}

/// The optimal seat's share of the wins against `other`, each seated first in half the games.
fn optimal_share(game: GameKind, other: &str, games: u64, target: Option<u32>) -> f64 {
    let report = sim(game, &["optimal", other], games, target);
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
    for other in ["greedy", "bank-at-20", "bank-at-50", "two-words"] {
        let share = optimal_share(forgetit::games::forgetit::KIND, other, 200, Some(300));
        assert!(share > 0.6, "optimal won {share:.3} against {other}");
    }
}

#[test]
fn optimal_get_dickey_beats_each_heuristic() {
    for other in ["greedy", "first-roll"] {
        let share = optimal_share(forgetit::games::getdickey::KIND, other, 200, None);
        assert!(share > 0.6, "optimal won {share:.3} against {other}");
    }
}

#[test]
fn a_run_is_repeatable_and_counts_turns() {
    let seats = ["greedy", "first-roll", "greedy"];
    let a = sim(forgetit::games::getdickey::KIND, &seats, 50, None);
    let b = sim(forgetit::games::getdickey::KIND, &seats, 50, None);
    assert_eq!(a, b);
    // G1: 13 rounds of one turn per seat.
    assert_eq!(a.turns_mean, 39.0);
    assert_eq!(a.turns_spread, 0.0);
    let f = sim(
        forgetit::games::forgetit::KIND,
        &["bank-at-25", "two-words"],
        50,
        Some(200),
    );
    assert_eq!(f.target, Some(200));
    assert!(f.turns_mean >= 2.0);
    assert!(f.seats.iter().all(|s| s.mean > 0.0 && s.spread >= 0.0));
}

#[test]
fn bad_configurations_are_refused_with_a_reason() {
    let config = |game, seats: &[&str], target| SimConfig {
        game,
        seats: seats.iter().map(|s| s.to_string()).collect(),
        games: 10,
        seed: 1,
        target,
    };
    let refused = |config: SimConfig| {
        forgetit::discord::built_in()
            .sim(&config, None, &|_| {})
            .unwrap_err()
    };
    let fgi = forgetit::games::forgetit::KIND;
    let gd = forgetit::games::getdickey::KIND;
    let too_few = refused(config(fgi, &["greedy"], None));
    assert_eq!(
        too_few,
        SimError::Seats {
            given: 1,
            min: 2,
            max: 10
        }
    );
    assert_eq!(too_few.to_string(), "1 seats: this game seats 2 to 10");
    let unknown = refused(config(gd, &["two-words"], None));
    assert!(matches!(&unknown, SimError::Policy { name, .. } if name == "two-words"));
    assert!(unknown.to_string().contains("\"two-words\""));
    assert!(matches!(
        refused(config(fgi, &["bank-at-x", "greedy"], None)),
        SimError::Policy { .. }
    ));
    let target = refused(config(fgi, &["greedy", "greedy"], Some(20)));
    assert!(matches!(target, SimError::Target { target: 20, .. }));
    assert!(target.to_string().starts_with("target 20 is not between"));
    let no_target = refused(config(gd, &["greedy"], Some(200)));
    assert_eq!(no_target, SimError::NoTarget);
    assert_eq!(no_target.to_string(), "this game has no target");
}
