//! How long the charts take to draw: `cargo bench --bench charts`. The game-over chart is drawn
//! off the async threads once a game ends, the review's with the review, the rating chart for
//! `stats`; each should take milliseconds (docs/performance.md, "Charts").

use criterion::{criterion_group, criterion_main, Criterion};
use forgetit::i18n::Lang;
use forgetit::ratings::Rating;
use forgetit::render::chart::{self, Moment, ReviewChart, ScoreChart, SeatLine};

/// Three seats over 30 rounds of a game to 500, a few moments marked.
fn game_over() -> ScoreChart {
    let line = |seat: i64| SeatLine {
        name: format!("seat {seat}"),
        bot: seat == 2,
        points: (0..=30)
            .map(|r| (r as u32, r * (14 + seat * 2) + (r % 5) * seat))
            .collect(),
    };
    ScoreChart {
        title: "Round by round".into(),
        rounds_label: "Round".into(),
        points_label: "Points".into(),
        target: Some((500, "Target 500".into())),
        last_round: Some((30, "Last round".into())),
        seats: (0..3).map(line).collect(),
        moments: (0..6)
            .map(|i| Moment {
                seat: (i % 3) as usize,
                round: 3 + 4 * i as u32,
                total: 100 + 60 * i,
                good: i % 2 == 0,
            })
            .collect(),
        values_only: false,
    }
}

/// A review of 13 turns.
fn review() -> ReviewChart {
    let rounds: Vec<(u32, f64, f64)> = (1..=13)
        .map(|r| (r, f64::from(r % 4) * 6.0 - 8.0, f64::from(r % 3) * 2.5))
        .collect();
    ReviewChart {
        title: "Your game, round by round".into(),
        rounds_label: "Round".into(),
        values_label: "Points".into(),
        deltas_label: "Each round".into(),
        chance: false,
        actual: (
            "alice".into(),
            (0..=13)
                .map(|r| (f64::from(r), f64::from(r) * 17.0))
                .collect(),
        ),
        optimal: (
            "optimal play would expect".into(),
            (0..=13)
                .map(|r| (f64::from(r), f64::from(r) * 19.5))
                .collect(),
        ),
        rounds,
        luck_label: "luck".into(),
        cost_label: "decisions".into(),
    }
}

fn charts(c: &mut Criterion) {
    let over = game_over();
    c.bench_function(
        "the game-over chart (3 seats, 30 rounds), SVG and PNG",
        |b| b.iter(|| chart::score_png(&over).unwrap()),
    );
    let reviewed = review();
    c.bench_function("the review chart (13 turns), SVG and PNG", |b| {
        b.iter(|| chart::review_png(&reviewed).unwrap())
    });
    let ratings: Vec<Rating> = (0..50)
        .map(|i| Rating {
            mu: 25.0 + f64::from(i % 7),
            sigma: 8.0 - f64::from(i) / 10.0,
        })
        .collect();
    c.bench_function("the rating chart (50 games), SVG and PNG", |b| {
        b.iter(|| forgetit::render::stats::rating_chart("alice", &ratings, Lang::EnUs).unwrap())
    });
}

criterion_group!(benches, charts);
criterion_main!(benches);
