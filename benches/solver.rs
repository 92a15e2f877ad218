//! How fast the exact For Get It turn solver is: `cargo bench --bench solver`. The target is well
//! under a second for `forgetit solve` in release mode.

use criterion::{criterion_group, criterion_main, Criterion};
use forgetit::strategy::solver::Solver;

fn solve_a_turn(c: &mut Criterion) {
    c.bench_function("solve the For Get It turn from scratch", |b| {
        b.iter(|| Solver::new().turn_value())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = solve_a_turn
}
criterion_main!(benches);
