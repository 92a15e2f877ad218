//! How fast the solvers and simulations are: `cargo bench --bench solver`. Targets: the For Get It
//! turn solve well under a second in release mode; the race model in seconds, once per process,
//! and a race turn in tens of milliseconds; the Get Dickey solve in seconds (it is cached on disk
//! after that); simulated games per second as throughput (elements = games).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use forgetit::games::forgetit::multiplier;
use forgetit::games::forgetit::race::{model, RaceKey};
use forgetit::games::forgetit::solver::Solver;
use forgetit::games::getdickey::bot::load_or_solve;
use forgetit::games::getdickey::bot::scoring;
use forgetit::strategy::sim::{run, SimConfig};

fn solve_a_turn(c: &mut Criterion) {
    c.bench_function("solve the For Get It turn from scratch", |b| {
        b.iter(|| Solver::new().turn_value())
    });
}

/// The race model's tables are built once per process (`Q` is the most of it); a race turn is
/// solved once per turn of a bot seat near the end of a game.
fn solve_the_race(c: &mut Criterion) {
    c.bench_function("Q(n) for every n up to 1,000", |b| {
        b.iter(|| forgetit_solver::Reach::solve(1000, multiplier).chance(500))
    });
    model();
    let key = RaceKey {
        total: 300,
        others: vec![450],
        target: 500,
    };
    c.bench_function("a race turn, every number (300 against 450)", |b| {
        b.iter(|| key.turn().open_value([3, 3, 3], 0))
    });
}

fn solve_get_dickey(c: &mut Criterion) {
    c.bench_function("solve Get Dickey from scratch", |b| {
        b.iter(|| dickey_solver::Table::solve(scoring(), |_, _| {}).expected_score())
    });
}

fn simulate(c: &mut Criterion) {
    // The Get Dickey table, solved once into a cache file the simulations read.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cache = dir.path().join("get-dickey-strategy.bin");
    let (table, _, _) = load_or_solve(Some(&cache), |_, _| {});
    let games = 200;
    let mut group = c.benchmark_group("sim");
    group.throughput(Throughput::Elements(games));
    for game in [
        forgetit::games::forgetit::KIND,
        forgetit::games::getdickey::KIND,
    ] {
        let config = SimConfig {
            game,
            seats: vec!["optimal".into(), "greedy".into()],
            games,
            seed: 1,
            target: None,
        };
        group.bench_function(format!("{game:?} optimal vs greedy"), |b| {
            b.iter(|| run(&config, Some(&cache), |_| {}).unwrap())
        });
    }
    group.finish();
    c.bench_function("Get Dickey optimal solitaire games (1,000)", |b| {
        b.iter(|| table.simulate(1000, 3).len())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = solve_a_turn, solve_the_race, solve_get_dickey, simulate
}
criterion_main!(benches);
