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

/// G7, issue 54: against another card the review judges as the bot seats play, in percentage
/// points of the chance of winning: the bot seat's own play loses nothing, and every round adds
/// up from its chance at the start to its chance at the end.
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
        assert_eq!(review.unit, forgetit::strategy::review::Unit::Chance);
        assert!(
            review.expected > 10.0 && review.expected < 90.0,
            "{review:?}"
        );
        assert!(adds_up(&review), "{review:?}");
    }
}

/// Alone, a card is worth its expected score: the review is in points from 254.59 (the optimal
/// solitaire policy), and the bot seat's play loses nothing.
#[test]
fn alone_an_optimal_get_dickey_player_loses_nothing_in_points() {
    let mut dice = RandomDice::seeded(4);
    let (mut game, created) = Game::create(Settings {}, Player::Bot(1), "Bot 1").unwrap();
    let mut log = vec![created];
    log.push(
        game.apply(Action::Start { by: Player::Bot(1) }, &mut dice)
            .unwrap(),
    );
    while let Some(action) = optimal(&game, table()) {
        log.push(game.apply(action, &mut dice).unwrap());
    }
    let review = review::getdickey(&log, Player::Bot(1), table()).unwrap();
    assert!(review.mistakes.is_empty(), "{:?}", review.mistakes);
    assert_eq!(review.unit, forgetit::strategy::review::Unit::Points);
    assert!((review.expected - table().expected_score()).abs() < 1e-9);
    assert_eq!(review.points, game.seats[0].total());
    assert!(adds_up(&review), "{review:?}");
}

#[test]
fn a_simple_get_dickey_player_loses_expected_points_and_its_review_adds_up() {
    let (game, log) = bot_game(3, simple);
    let review = review::getdickey(&log, Player::Bot(1), table()).unwrap();
    assert!(review.lost > 1.0, "{review:?}");
    assert_eq!(review.points, game.seats[0].total());
    assert!(adds_up(&review), "{review:?}");
    // The mistakes listed cost a point or more each; smaller costs are in the total too.
    let costs: f64 = review.mistakes.iter().map(|m| m.cost).sum();
    assert!(
        costs <= review.lost + 1e-9 && costs > 1.0,
        "{costs} {}",
        review.lost
    );
    assert!(review.mistakes.iter().all(|m| m.cost >= m.unit.mistake()));
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

// --- For Get It: judged as the bot seats play ---------------------------------------------------

mod for_get_it {
    use forgetit::engine::dice::ScriptedDice;
    use forgetit::engine::Player;
    use forgetit::games::forgetit::review::{forgetit as review_of, FgiAct};
    use forgetit::games::forgetit::solver::{Choice, Goal, Situation, Solver};
    use forgetit::games::forgetit::{views, Action, Event, Game, Move, Settings, Step};
    use forgetit::i18n::Lang;
    use forgetit::strategy::review::{adds_up, Unit};
    use forgetit::UserId;

    const ALICE: Player = Player::Person(UserId::new(1));
    const BOT: Player = Player::Bot(1);
    const W: u8 = 6;

    fn play(game: &mut Game, log: &mut Vec<Event>, action: Action, dice: &[u8]) {
        log.push(
            game.apply(action, &mut ScriptedDice::new(dice.to_vec()))
                .unwrap(),
        );
    }

    fn alice(mv: Move) -> Action {
        Action::Play { by: ALICE, mv }
    }

    fn bot(mv: Move) -> Action {
        Action::Play { by: BOT, mv }
    }

    /// alice against Bot 1 to 100, alice first. She banks 4 (two 2s); the bot rolls nine 5s and
    /// banks 180 (9 × 5 × 4, F9), past the target (F10): alice's last turn needs 177 to beat it.
    /// In it she keeps eight 2s with an IT on her first roll (all nine aside: 64), then on a new
    /// set (F8) six more 2s, a FOR and a GET: 14 × 2 × 4 = 112 points, one IT die in hand.
    fn alices_last_turn() -> (Game, Vec<Event>) {
        let (mut game, created) = Game::create(
            Settings {
                target: 100,
                ..Default::default()
            },
            ALICE,
            "alice",
        )
        .unwrap();
        let mut log = vec![created];
        let join = Action::Join {
            player: BOT,
            name: "Bot 1".into(),
        };
        play(&mut game, &mut log, join, &[]);
        play(&mut game, &mut log, Action::Start { by: ALICE }, &[5, 1]);
        play(
            &mut game,
            &mut log,
            alice(Move::Roll),
            &[2, 2, 1, 3, 4, 5, 1, 3, 5],
        );
        play(&mut game, &mut log, alice(Move::ChoosePoint(2)), &[]);
        play(&mut game, &mut log, alice(Move::Bank), &[]);
        play(&mut game, &mut log, bot(Move::Roll), &[5; 9]);
        play(&mut game, &mut log, bot(Move::ChoosePoint(5)), &[]);
        play(&mut game, &mut log, bot(Move::Bank), &[]);
        assert_eq!(game.seats[1].total, 180);
        play(
            &mut game,
            &mut log,
            alice(Move::Roll),
            &[2, 2, 2, 2, 2, 2, 2, 2, W],
        );
        play(&mut game, &mut log, alice(Move::ChoosePoint(2)), &[]);
        play(
            &mut game,
            &mut log,
            alice(Move::Roll),
            &[W, 2, 2, W, 2, 2, 2, 2, 1],
        );
        let turn = game.turn().unwrap();
        assert_eq!(
            (turn.seat, turn.score(), turn.step.clone()),
            (0, 112, Step::BankOrRoll)
        );
        assert_eq!(game.last_turn_need().unwrap().win, 177);
        (game, log)
    }

    /// F10, issue #44: alice has 112 points in her last turn and needs 177. For points the turn
    /// solver banks (an IT spells FORGET IT: 1 in 6 a roll); to win, banking is worth nothing and
    /// rolling on is her only chance. The Odds say roll, in words; her review charges nothing for
    /// rolling on, even when it ends in FORGET IT.
    #[test]
    fn f10_in_alices_last_turn_odds_say_roll_and_the_review_charges_nothing_for_it() {
        let mut solver = Solver::new();
        let (mut game, mut log) = alices_last_turn();
        assert_eq!(solver.best_move(&game), Some(Choice::Bank), "for points");
        let odds = solver.odds(&game).unwrap();
        assert_eq!(odds.best, Choice::Roll);
        let win = odds.win.clone().unwrap();
        assert_eq!(
            win.goal,
            Goal::LastTurn {
                leader: 1,
                leader_total: 180,
                need: 177,
                later: vec![],
            }
        );
        assert_eq!(win.bank, 0.0);
        assert!(win.roll > 0.05 && win.roll < 1.0, "{win:?}");
        let Situation::BankOrRoll { bank: 112, .. } = odds.situation else {
            panic!("{odds:?}")
        };
        let text = views::odds(
            &game,
            &odds,
            game.current_player().unwrap(),
            Lang::EnUs,
            Lang::EnUs,
        )
        .to_string();
        for expected in [
            "banking **177** points or more beats Bot 1's 180",
            "**cannot win:** 112 does not beat Bot 1's 180",
            "Click **Roll 1 die**.",
        ] {
            assert!(text.contains(expected), "{expected:?} not in\n{text}");
        }
        crate::common::render::assert_within_limits(&views::odds(
            &game,
            &odds,
            game.current_player().unwrap(),
            Lang::Fr,
            Lang::Fr,
        ));
        insta::assert_snapshot!("odds_last_turn_en", text);
        insta::assert_snapshot!(
            "odds_last_turn_fr",
            views::odds(
                &game,
                &odds,
                game.current_player().unwrap(),
                Lang::Fr,
                Lang::Fr
            )
            .to_string()
        );

        // She rolls on: the IT die shows IT, FORGET IT (F4); the bot wins.
        play(&mut game, &mut log, alice(Move::Roll), &[W]);
        assert!(game.is_over());
        let review = review_of(&log, ALICE, &mut solver).unwrap();
        assert!(adds_up(&review), "{review:?}");
        let last = review.turns.last().unwrap();
        assert_eq!((last.number, last.unit, last.points), (2, Unit::Chance, 0));
        assert_eq!(last.lost, 0.0, "{review:?}");
        assert!(review.mistakes.iter().all(|m| m.turn != 2), "{review:?}");
        assert_eq!(last.chance_after, Some(0.0));
        // Nothing of it in the totals in points.
        let first = &review.turns[0];
        if first.unit == Unit::Points {
            assert_eq!(review.lost, first.lost);
        }
        let text = forgetit::render::review::review(
            &review,
            forgetit::render::review::Reviewed {
                command: "forgetit",
                code: "fgi",
                game_id: forgetit::GameId::new(1),
            },
            Lang::EnUs,
        )
        .to_string();
        assert!(text.contains("**Round 2** · 0 pts"), "{text}");
        assert!(
            text.contains("decisions 0.0: 0% at the end\n  | • every decision was the best one"),
            "{text}"
        );
        assert!(!text.contains("roll on at 112"), "{text}");
    }

    /// Banking the 112 instead is charged, in chances: all she had.
    #[test]
    fn f10_banking_short_of_the_leader_in_a_last_turn_costs_the_chance_of_winning() {
        let mut solver = Solver::new();
        let (mut game, mut log) = alices_last_turn();
        let chance = solver.odds(&game).unwrap().win.unwrap().roll;
        play(&mut game, &mut log, alice(Move::Bank), &[]);
        let review = review_of(&log, ALICE, &mut solver).unwrap();
        assert!(adds_up(&review), "{review:?}");
        let mistake = review.mistakes.last().unwrap();
        assert_eq!((mistake.turn, mistake.unit), (2, Unit::Chance));
        assert_eq!(mistake.chosen, FgiAct::Bank(112));
        assert_eq!(mistake.best, FgiAct::Roll { points: 112 });
        assert!((mistake.cost - 100.0 * chance).abs() < 1e-9, "{mistake:?}");
        assert_eq!(mistake.chosen_value, 0.0);
    }

    /// F10 before the final round: at 200 against 480 (target 500) the race is on. Odds judge by
    /// the chance of winning and say roll on with 24 points where the points solver banks, and
    /// a review of a race turn is judged in chances, by the same model.
    #[test]
    fn f10_in_a_race_odds_and_the_review_judge_by_the_chance_of_winning() {
        let mut solver = Solver::new();
        // Odds on the race.rs state: 200 against 480, four 3s kept, FOR and GET out.
        let (ann, bot_seat) = (Player::Person(UserId::new(2)), BOT);
        let (mut game, _) = Game::create(Settings::default(), ann, "ann").unwrap();
        let join = Action::Join {
            player: bot_seat,
            name: "Bot 1".into(),
        };
        game.apply(join, &mut ScriptedDice::new([])).unwrap();
        game.apply(Action::Start { by: ann }, &mut ScriptedDice::new([1, 5]))
            .unwrap();
        game.seats[0].total = 480;
        game.seats[1].total = 200;
        game.apply(
            bot(Move::Roll),
            &mut ScriptedDice::new([W, 3, 3, W, W, 3, 3, 1, 2]),
        )
        .unwrap();
        game.apply(bot(Move::ChoosePoint(3)), &mut ScriptedDice::new([]))
            .unwrap();
        assert_eq!(solver.best_move(&game), Some(Choice::Bank), "for points");
        let odds = solver.odds(&game).unwrap();
        assert_eq!(odds.best, Choice::Roll);
        let win = odds.win.clone().unwrap();
        assert_eq!(win.goal, Goal::Race { others: vec![0] });
        assert!(win.roll > win.bank && win.bank > 0.0, "{win:?}");
        let text = views::odds(
            &game,
            &odds,
            game.current_player().unwrap(),
            Lang::EnUs,
            Lang::EnUs,
        )
        .to_string();
        assert!(
            text.contains(
                "**The target is within reach:** the first to 500 starts the last turns (ann: 480)"
            ),
            "{text}"
        );
        insta::assert_snapshot!("odds_race_en", text);
        insta::assert_snapshot!(
            "odds_race_fr",
            views::odds(
                &game,
                &odds,
                game.current_player().unwrap(),
                Lang::Fr,
                Lang::Fr
            )
            .to_string()
        );

        // A review at target 100 (a race from the first turn): alice banks 4 with two 2s.
        let (mut game, created) = Game::create(
            Settings {
                target: 100,
                ..Default::default()
            },
            ALICE,
            "alice",
        )
        .unwrap();
        let mut log = vec![created];
        let join = Action::Join {
            player: BOT,
            name: "Bot 1".into(),
        };
        play(&mut game, &mut log, join, &[]);
        play(&mut game, &mut log, Action::Start { by: ALICE }, &[5, 1]);
        play(
            &mut game,
            &mut log,
            alice(Move::Roll),
            &[2, 2, 1, 3, 4, 5, 1, 3, 5],
        );
        play(&mut game, &mut log, alice(Move::ChoosePoint(2)), &[]);
        let odds = solver.odds(&game).unwrap();
        let win = odds.win.unwrap();
        assert!(matches!(win.goal, Goal::Race { .. }));
        play(&mut game, &mut log, alice(Move::Bank), &[]);
        let review = review_of(&log, ALICE, &mut solver).unwrap();
        assert!(adds_up(&review), "{review:?}");
        let round = &review.turns[0];
        assert_eq!(round.unit, Unit::Chance);
        assert!(round.chance_before.unwrap() > 0.0);
        // Judged in chances, out of the totals in points.
        assert_eq!(review.expected, 0.0);
        assert_eq!(review.lost, 0.0);
        // Banking 4 where the Odds said roll on costs what they showed, in chances.
        match odds.best {
            Choice::Roll => {
                let m = review.mistakes.last().unwrap();
                assert_eq!((m.unit, m.chosen), (Unit::Chance, FgiAct::Bank(4)));
                assert!(
                    (m.cost - 100.0 * (win.roll - win.bank)).abs() < 1e-9,
                    "{m:?}"
                );
            }
            _ => assert!(review.mistakes.is_empty(), "{review:?}"),
        }
    }
}
