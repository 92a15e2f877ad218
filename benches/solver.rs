//! How fast the solvers and simulations are: `cargo bench --bench solver`. Targets: the For Get It
//! turn solve well under a second in release mode; the race model in seconds, once per process,
//! and a race turn in tens of milliseconds; the Get Dickey solve in seconds (it is cached on disk
//! after that); simulated games per second as throughput (elements = games).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use forgetit::games::forgetit::endgame::{Endgame, FinalRound};
use forgetit::games::forgetit::multiplier;
use forgetit::games::forgetit::race::{model, RaceKey};
use forgetit::games::forgetit::solver::Solver;
use forgetit::games::getdickey::bot::load_or_solve;
use forgetit::games::getdickey::bot::scoring;
use forgetit::host::sim::SimConfig;

fn solve_a_turn(c: &mut Criterion) {
    c.bench_function("solve the For Get It turn from scratch", |b| {
        b.iter(|| Solver::new().turn_value())
    });
}

/// The race model's tables are built once per process (the last turns' `Bar` is the most of it);
/// a race turn is solved once per turn of a bot seat near the end of a game, and a final-round
/// turn with seats still to play after it likewise.
fn solve_the_race(c: &mut Criterion) {
    c.bench_function("a last turn against every bar up to 1,000", |b| {
        b.iter(|| forgetit_solver::Bar::solve(1000, multiplier).ends(500))
    });
    let scores = model().scores.clone();
    c.bench_function("the race's table of chances (once per process)", |b| {
        b.iter(|| forgetit_solver::Race::solve(&scores, forgetit::games::forgetit::race::bar()))
    });
    for (name, others) in [
        ("a race turn, every number (300 against 450)", vec![450]),
        (
            "a race turn, every number (300 against 450 and 420)",
            vec![450, 420],
        ),
    ] {
        let key = RaceKey {
            total: 300,
            others,
            target: 500,
            leader_only: false,
            nearest: false,
        };
        c.bench_function(name, |b| b.iter(|| key.turn().open_value([3, 3, 3], 0)));
    }
    let round = FinalRound {
        total: 430,
        best: (520, 1),
        later: vec![500, 470],
    };
    c.bench_function(
        "a last turn with two seats after it (430 against 520)",
        |b| {
            b.iter(|| {
                Endgame::new(round.clone())
                    .turn_mut()
                    .open_value([3, 3, 3], 0)
            })
        },
    );
}

fn solve_get_dickey(c: &mut Criterion) {
    c.bench_function("solve Get Dickey from scratch", |b| {
        b.iter(|| dickey_solver::Table::solve(scoring(), |_, _| {}).expected_score())
    });
}

/// Pig's three-seat table is solved once per process and target, by the first table of three
/// seats; a turn's plan from it is each decision's cost after that.
fn solve_pig(c: &mut Criterion) {
    use forgetit::games::pig::bot::{Standing, Table};
    c.bench_function("Pig's three-seat table to 100 (once per process)", |b| {
        b.iter(|| pig_solver::Three::solve(100))
    });
    let table = Table::solve(100);
    table.three();
    let standing = Standing {
        score: 40,
        others: vec![60, 25, 70],
    };
    c.bench_function("a Pig turn against three others (to 100)", |b| {
        b.iter(|| table.plan(&standing))
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
            b.iter(|| {
                forgetit::discord::built_in()
                    .sim(&config, Some(&cache), &|_| {})
                    .unwrap()
            })
        });
    }
    group.finish();
    c.bench_function("Get Dickey optimal solitaire games (1,000)", |b| {
        b.iter(|| table.simulate(1000, 3).len())
    });
    // A turn played to win (issue 54): its plan is made once a turn, so each decision of the turn
    // costs at most this. Three boxes open is the costliest (the last three rounds are exact).
    let all = (1u16 << 13) - 1;
    for open in [1usize, 2, 3, 4, 8] {
        // The last `open` boxes open (Dickey and Chance among them), the upper section filled.
        let state = dickey_solver::State {
            filled: all & !(((1u16 << open) - 1) << (13 - open)),
            upper: 60,
            dickey50: false,
        };
        let total = 180;
        let other = table.finals(state, 190);
        let standings = dickey_solver::win::Standings::against(&[other.clone(), other]);
        c.bench_function(
            &format!("a Get Dickey turn played to win against two cards, {open} boxes open"),
            |b| b.iter(|| table.play_to_win(state, total, &standings).value()),
        );
    }
}

/// The daily deal: Pig's table of the fewest turns alone (once per process), and each game's deal
/// played by exact play from its start to its end (the bot's score shown the next day; each of its
/// decisions costs the whole over the decisions it made, printed).
fn daily_deals(c: &mut Criterion) {
    use forgetit::daily::Seed;
    use forgetit::engine::Player;
    c.bench_function(
        "Pig alone to 100 in the fewest turns (once per process)",
        |b| b.iter(|| pig_solver::Alone::solve(100).turns(0)),
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let cache = dir.path().join("get-dickey-strategy.bin");
    load_or_solve(Some(&cache), |_, _| {});
    for game in forgetit::discord::built_in()
        .iter()
        .filter(|g| g.daily().is_some())
    {
        let strategy = game.strategy(Some(&cache));
        let seed = Seed::of(&[5; 32], 20_500, game.kind());
        let play = || {
            let mut deal = game.deal(Player::Bot(1), "bot", &seed).unwrap();
            let mut moves = 0;
            while deal.play_exact(&strategy, &seed) {
                moves += 1;
            }
            moves
        };
        // The first deal warms what the strategy builds on first use.
        eprintln!("{}: {} decisions a deal", game.kind().as_str(), play());
        c.bench_function(
            &format!(
                "a {} daily deal played exactly, start to end",
                game.kind().as_str()
            ),
            |b| b.iter(play),
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = solve_a_turn, solve_the_race, solve_get_dickey, solve_pig, simulate, daily_deals
}
criterion_main!(benches);
