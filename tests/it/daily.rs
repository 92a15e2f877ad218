//! The daily deal's games: the same dice for the same place, exact play judged exact, a
//! different choice changing only what follows it.

use forgetit::daily::{DealGame, Seed};
use forgetit::discord::BotGame;
use forgetit::engine::Player;
use forgetit::host::AnyStrategy;
use forgetit::i18n::Lang;

use crate::common::strategy;

fn daily_games() -> Vec<&'static dyn BotGame> {
    forgetit::discord::built_in()
        .iter()
        .filter(|g| g.daily().is_some())
        .collect()
}

fn exact(game: &dyn BotGame, strategy: &AnyStrategy, seed: &Seed) -> Box<dyn DealGame> {
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

/// A different choice changes only what follows it: two players of the same For Get It deal who
/// keep different numbers (or bank at once) see the same first roll of the next turn, and a die
/// rolled again in the same slot of the same roll shows the same face.
#[test]
fn a_different_choice_changes_only_the_dice_that_follow_it() {
    use forgetit::daily::Deal;
    use forgetit::games::forgetit::{ForGetIt, Phase, Step};

    let seed = Seed::of(
        &[3; 32],
        20_100,
        <ForGetIt as forgetit::engine::table::Rules>::KIND,
    );
    let start = || Deal::<ForGetIt>::new(Player::Bot(1), "bot", &seed).unwrap();
    let play = |deal: &mut Deal<ForGetIt>, code: &str| {
        deal.play(code, None, &seed, Lang::EnUs).unwrap();
    };
    let turn = |deal: &Deal<ForGetIt>| match &deal.game().phase {
        Phase::Playing { turn } => turn.clone(),
        _ => panic!("the deal is over"),
    };
    let mut checked = 0;
    // Over the first turns whose first roll offers two numbers to keep.
    for _ in 0..9 {
        let (mut a, mut b) = (start(), start());
        // Both bank their first turns alike, up to the turn being looked at.
        let number = checked + 1;
        let mut ok = true;
        for _ in 1..number {
            for deal in [&mut a, &mut b] {
                while turn(deal).number < number && ok {
                    let t = turn(deal);
                    let code = match &t.step {
                        Step::ChoosePoint { options } => format!("choose:{}", options[0]),
                        Step::BankOrRoll => "bank".to_string(),
                        Step::Roll => "roll".to_string(),
                    };
                    play(deal, &code);
                    ok = !DealGame::over(&*deal);
                }
            }
        }
        if !ok {
            break;
        }
        play(&mut a, "roll");
        play(&mut b, "roll");
        assert_eq!(
            turn(&a).last_roll,
            turn(&b).last_roll,
            "the same first roll"
        );
        let Step::ChoosePoint { options } = turn(&a).step.clone() else {
            checked += 1;
            continue;
        };
        if options.len() < 2 {
            checked += 1;
            continue;
        }
        // a keeps the first number, b the second: their next rolls roll other dice, and a die
        // both roll again in the same slot shows the same face.
        play(&mut a, &format!("choose:{}", options[0]));
        play(&mut b, &format!("choose:{}", options[1]));
        if turn(&a).step == Step::BankOrRoll && turn(&b).step == Step::BankOrRoll {
            let (held_a, held_b) = (turn(&a).in_hand(), turn(&b).in_hand());
            play(&mut a, "roll");
            play(&mut b, "roll");
            let (ra, rb) = (turn(&a).last_roll, turn(&b).last_roll);
            let mut same = 0;
            for die in held_a.iter().filter(|d| held_b.contains(d)) {
                let fa = ra
                    .iter()
                    .find(|r| usize::from(r.die) == *die)
                    .map(|r| r.face);
                let fb = rb
                    .iter()
                    .find(|r| usize::from(r.die) == *die)
                    .map(|r| r.face);
                assert_eq!(fa, fb, "die {die}");
                same += 1;
            }
            assert!(same > 0);
        }
        // Whatever each did, the next turn's first roll is the same.
        for deal in [&mut a, &mut b] {
            let now = turn(deal).number;
            while !DealGame::over(&*deal) && turn(deal).number == now {
                let t = turn(deal);
                let code = match &t.step {
                    Step::ChoosePoint { options } => format!("choose:{}", options[0]),
                    Step::BankOrRoll => "bank".to_string(),
                    Step::Roll => "roll".to_string(),
                };
                play(deal, &code);
            }
        }
        if DealGame::over(&a) || DealGame::over(&b) {
            break;
        }
        play(&mut a, "roll");
        play(&mut b, "roll");
        assert_eq!(
            turn(&a).last_roll,
            turn(&b).last_roll,
            "the next turn's first roll"
        );
        checked += 1;
        if checked >= 3 {
            break;
        }
    }
    assert!(checked >= 1);
}
