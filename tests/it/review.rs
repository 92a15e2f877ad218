//! Reviews of finished games (src/strategy/review.rs), on whole games played through the engine:
//! an optimal player loses nothing, every review adds up (points = expected + luck − lost −
//! forfeited), and a decision's cost is the difference of the solvers' values. The For Get It
//! unit tests are beside the code; these need the Get Dickey strategy table.

use crate::common::strategy::table;
use dickey_solver::counts_of;
use forgetit::engine::dice::{DiceSource, RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::getdickey::bot::{optimal, simple, state_of};
use forgetit::games::getdickey::review::{self, DickeyAct};
use forgetit::games::getdickey::{Action, Category, Event, Game, Move, Settings};
use forgetit::strategy::review::{adds_up, Ended};
use forgetit::UserId;

/// Two bot seats (the policies move bot seats), Bot 1 by `first`, Bot 2 optimally, to the end.
fn bot_game(seed: u64, first: impl Fn(&Game) -> Option<Action>) -> (Game, Vec<Event>) {
    let mut dice = RandomDice::seeded(seed);
    let (mut game, created) = Game::create(Settings {}, Player::Bot(1), "Bot 1").unwrap();
    let mut log = vec![created];
    let join = Action::Join {
        player: Player::Bot(2),
        name: "Bot 2".into(),
    };
    log.push(game.apply(join, &mut dice).unwrap());
    log.push(
        game.apply(Action::Start { by: Player::Bot(1) }, &mut dice)
            .unwrap(),
    );
    while !game.is_over() {
        let action = match game.current_player() {
            Some(Player::Bot(1)) => first(&game),
            _ => optimal(&game, table()),
        };
        log.push(game.apply(action.unwrap(), &mut dice).unwrap());
    }
    (game, log)
}

#[test]
fn an_optimal_get_dickey_player_loses_nothing_and_its_review_adds_up() {
    for seed in [1, 2] {
        let (game, log) = bot_game(seed, |game| optimal(game, table()));
        let review = review::getdickey(&log, Player::Bot(1), table()).unwrap();
        assert!(review.mistakes.is_empty(), "{:?}", review.mistakes);
        assert_eq!(review.lost, 0.0);
        assert_eq!(review.forfeited, 0.0);
        assert_eq!(review.turns.len(), 13, "G1: 13 rounds");
        assert_eq!(review.points, game.seats[0].total(), "G7: the grand total");
        assert!((review.expected - table().expected_score()).abs() < 1e-9);
        assert!(adds_up(&review), "{review:?}");
    }
}

#[test]
fn a_simple_get_dickey_player_loses_expected_points_and_its_review_adds_up() {
    let (game, log) = bot_game(3, simple);
    let review = review::getdickey(&log, Player::Bot(1), table()).unwrap();
    assert!(review.lost > 1.0, "{review:?}");
    assert_eq!(review.points, game.seats[0].total());
    assert!(adds_up(&review), "{review:?}");
    let costs: f64 = review.mistakes.iter().map(|m| m.cost).sum();
    assert!((costs - review.lost).abs() < 1e-9);
    let per_turn: f64 = review.turns.iter().map(|t| t.points).sum::<u32>().into();
    assert_eq!(per_turn, f64::from(review.points));
}

/// G4, G5: a full house (2 2 3 3 3) scored as Chance on the first roll of an empty card costs the
/// value of the best decision minus Chance's 13 and the value of the card after; the roll's luck
/// is the hand's value minus the card's.
#[test]
fn a_get_dickey_decision_costs_the_difference_of_the_table_values() {
    let table = table();
    let mut log = Vec::new();
    let (mut game, created) =
        Game::create(Settings {}, Player::Person(UserId::new(1)), "ann").unwrap();
    log.push(created);
    let mut apply = |game: &mut Game, action: Action, dice: &mut dyn DiceSource| {
        log.push(game.apply(action, &mut Box::new(dice)).unwrap());
    };
    let ann = Player::Person(UserId::new(1));
    apply(
        &mut game,
        Action::Start { by: ann },
        &mut ScriptedDice::new([]),
    );
    let card = game.seats[0].card.clone();
    apply(
        &mut game,
        Action::Play {
            by: ann,
            mv: Move::Roll,
        },
        &mut ScriptedDice::new([2, 3, 2, 3, 3]),
    );
    apply(
        &mut game,
        Action::Play {
            by: ann,
            mv: Move::Score(Category::Chance),
        },
        &mut ScriptedDice::new([]),
    );
    // ann leaves (G1: alone, the game ends): the rest of her card is forfeited.
    apply(
        &mut game,
        Action::Leave { player: ann },
        &mut ScriptedDice::new([]),
    );
    let review = review::getdickey(&log, ann, table).unwrap();

    let state = state_of(&card);
    let plan = table.turn(state);
    let hand = counts_of(&[2, 2, 3, 3, 3]).unwrap();
    let mut best = plan.score_value(&hand);
    for keep in dickey_solver::sub_keeps(&hand) {
        if keep != hand {
            best = best.max(plan.keep_value(&keep, 2));
        }
    }
    let (after, gained) = table.fill(state, &hand, Category::Chance.index()).unwrap();
    assert_eq!(gained, 13);
    let chosen = 13.0 + table.value(after);
    assert_eq!(review.mistakes.len(), 1);
    let mistake = &review.mistakes[0];
    assert!((mistake.cost - (best - chosen)).abs() < 1e-9);
    assert!(matches!(
        &mistake.chosen,
        DickeyAct::Score { category: Category::Chance, points: 13, hand } if hand == &[2, 2, 3, 3, 3]
    ));
    assert!((review.luck - (best - table.value(state))).abs() < 1e-9);
    assert!((review.forfeited - table.value(after)).abs() < 1e-9);
    assert_eq!(review.points, 13);
    // Alone at the table, her second turn had begun: she left during it.
    assert_eq!(review.turns.len(), 2);
    assert_eq!(review.turns[0].end, Ended::Played);
    assert_eq!(review.turns[1].end, Ended::Left);
    assert_eq!(review.turns[1].points, 0);
    assert!(adds_up(&review), "{review:?}");
}

/// A turn whose deadline passed is scored by the table in the box worth most (rolling first if
/// need be): what it gave up is forfeited, not lost, and the review adds up.
#[test]
fn get_dickey_timeouts_are_forfeits_not_decisions() {
    let table = table();
    let ann = Player::Person(UserId::new(1));
    let (mut game, created) = Game::create(Settings {}, ann, "ann").unwrap();
    let mut log = vec![created];
    let mut apply = |game: &mut Game, action: Action, faces: &[u8]| {
        let dice = &mut ScriptedDice::new(faces.iter().copied());
        log.push(game.apply(action, dice).unwrap());
    };
    apply(&mut game, Action::Start { by: ann }, &[]);
    // Round 1: the deadline passes before any roll: the table rolls 6 6 6 6 1 and scores it.
    apply(&mut game, Action::TimeOut, &[6, 6, 6, 6, 1]);
    // Round 2: ann rolls, then the deadline passes.
    let roll = Action::Play {
        by: ann,
        mv: Move::Roll,
    };
    apply(&mut game, roll, &[1, 2, 3, 4, 6]);
    apply(&mut game, Action::TimeOut, &[]);
    apply(&mut game, Action::Leave { player: ann }, &[]);
    let review = review::getdickey(&log, ann, table).unwrap();
    assert!(review.mistakes.is_empty(), "{:?}", review.mistakes);
    assert_eq!(review.turns.len(), 3);
    assert_eq!(review.turns[0].end, Ended::TimedOut);
    assert_eq!(review.turns[1].end, Ended::TimedOut);
    assert_eq!(review.turns[2].end, Ended::Left);
    assert_eq!(review.points, game.seats[0].total());
    assert!(review.forfeited > 0.0);
    assert!(adds_up(&review), "{review:?}");
}
