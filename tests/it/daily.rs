//! The daily deal's games: the same dice for the same place, exact play judged exact, a
//! different choice changing only what follows it.

use forgetit::daily::{DealGame, Seed};
use forgetit::engine::Player;
use forgetit::games::{self, AnyGame, AnyStrategy};
use forgetit::i18n::Lang;

use crate::common::strategy;

fn daily_games() -> Vec<&'static dyn AnyGame> {
    games::all()
        .iter()
        .copied()
        .filter(|g| g.daily().is_some())
        .collect()
}

fn exact(game: &dyn AnyGame, strategy: &AnyStrategy, seed: &Seed) -> Box<dyn DealGame> {
    let mut deal = game.deal(Player::Bot(1), "bot", seed).unwrap();
    let mut moves = 0;
    while !deal.over() {
        assert!(deal.play_exact(strategy, seed), "exact play has a move");
        moves += 1;
        assert!(moves < 10_000);
    }
    deal
}

#[test]
fn exact_play_scores_full_accuracy_on_every_daily_game() {
    let games = daily_games();
    assert_eq!(
        games.len(),
        3,
        "For Get It, Get Dickey and Pig have a daily deal"
    );
    for game in games {
        let strategy = game.strategy(Some(&strategy::cache()));
        for day in [20_000, 20_001, 20_002] {
            let seed = Seed::of(&[9; 32], day, game.kind());
            let deal = exact(game, &strategy, &seed);
            let review = deal.review(&strategy, Lang::EnUs).unwrap();
            assert!(
                review.lost < 1e-9,
                "{}: exact play lost {} on day {day}",
                game.kind().as_str(),
                review.lost
            );
            assert!((review.accuracy() - 1.0).abs() < 1e-12);
            assert_eq!(review.score, deal.score());
            // The log replays to the same deal, and the same play on the same deal is the same
            // log, die for die.
            let again = game.deal_load(&deal.events()).unwrap();
            assert_eq!(again.score(), deal.score());
            assert_eq!(exact(game, &strategy, &seed).events(), deal.events());
        }
    }
}
