//! Advice in the currency that decides the game: in every state of random games of every game,
//! what **Odds** recommends is what the bot seat plays there, and the numbers the Odds show
//! support it (For Get It: expected points, or where the bot seats play to win, F10, the chance
//! of winning; Get Dickey: the optimal solitaire policy, G1–G7; Pig: the chance of winning, P5).

use crate::common::strategy::table;
use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::engine::Player;
use forgetit::games::{forgetit as fgi, getdickey as gd, pig};
use forgetit::UserId;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};

const ANN: Player = Player::Person(UserId::new(1));

/// The game with every seat a bot seat's (the policies move bot seats only), the same otherwise.
fn all_bots<S>(seats: &mut [S], player: impl Fn(&mut S) -> &mut Player) {
    for (n, seat) in seats.iter_mut().enumerate() {
        let who = player(seat);
        if !who.is_bot() {
            *who = Player::Bot(100 + n as u8);
        }
    }
}

// --- For Get It -------------------------------------------------------------------------------

/// ann and `bots` bot seats to `target`, started.
fn fgi_game(bots: u8, target: u32, dice: &mut impl DiceSource) -> fgi::Game {
    let (mut game, _) = fgi::Game::create(
        fgi::Settings {
            target,
            ..Default::default()
        },
        ANN,
        "ann",
    )
    .unwrap();
    for n in 1..=bots {
        let join = fgi::Action::Join {
            player: Player::Bot(n),
            name: format!("Bot {n}"),
        };
        game.apply(join, dice).unwrap();
    }
    game.apply(fgi::Action::Start { by: ANN }, dice).unwrap();
    game
}

fn fgi_move(choice: fgi::solver::Choice) -> fgi::Move {
    match choice {
        fgi::solver::Choice::Roll => fgi::Move::Roll,
        fgi::solver::Choice::Keep(n) => fgi::Move::ChoosePoint(n),
        fgi::solver::Choice::Bank => fgi::Move::Bank,
    }
}

/// The bot seat's move where the game stands (as if the seat on turn were a bot's).
fn fgi_bot(game: &fgi::Game, solver: &mut fgi::solver::Solver) -> fgi::Move {
    let mut bots = game.clone();
    all_bots(&mut bots.seats, |s| &mut s.player);
    match fgi::bot::optimal(&bots, solver) {
        Some(fgi::Action::Play { mv, .. }) => mv,
        other => panic!("no bot move: {other:?}"),
    }
}

/// Odds' best is the bot's move; the values the Odds show back it.
fn fgi_check(game: &fgi::Game, solver: &mut fgi::solver::Solver) -> Result<(), TestCaseError> {
    use fgi::solver::{Choice, Situation};
    let odds = solver.odds(game).unwrap();
    prop_assert_eq!(fgi_move(odds.best), fgi_bot(game, solver), "{:?}", odds);
    let win = odds.win.as_ref().filter(|w| w.now > 0.0);
    match (&odds.situation, win) {
        (Situation::BankOrRoll { bank, roll, .. }, None) => {
            prop_assert_eq!(odds.best == Choice::Bank, f64::from(*bank) >= *roll);
        }
        (Situation::BankOrRoll { .. }, Some(win)) => {
            prop_assert_eq!(odds.best == Choice::Bank, win.bank >= win.roll, "{:?}", win);
            prop_assert!((win.now - win.bank.max(win.roll)).abs() < 1e-12);
        }
        (Situation::Choose { options }, win) => {
            let values: Vec<f64> = match win {
                Some(win) => win.keeps.clone(),
                None => options.iter().map(|o| o.expected).collect(),
            };
            let top = values.iter().copied().fold(f64::MIN, f64::max);
            let Choice::Keep(kept) = odds.best else {
                panic!("{odds:?}")
            };
            let at = options.iter().position(|o| o.number == kept).unwrap();
            prop_assert!(values[at] >= top - 1e-12, "{:?}", values);
        }
        (Situation::Roll { .. }, _) => prop_assert_eq!(odds.best, Choice::Roll),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// F5–F10: in every state of random For Get It games, short and long, with two to four
    /// seats, played partly by the bot and partly at random (to reach states the bot never
    /// would), Odds recommend the bot seat's move: for points, in a race near the target and in
    /// a last turn alike.
    #[test]
    fn f10_odds_recommend_the_bot_seats_move_in_every_for_get_it_state(
        bots in 1u8..=3,
        target in prop_oneof![50u32..200, 200u32..600],
        seed in any::<u64>(),
        wild in 0u8..60,
    ) {
        let mut solver = fgi::solver::Solver::new();
        let mut dice = RandomDice::seeded(seed);
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut game = fgi_game(bots, target, &mut dice);
        let mut checked = 0;
        while !game.is_over() && checked < 400 {
            let turn = game.turn().unwrap().clone();
            fgi_check(&game, &mut solver)?;
            checked += 1;
            let mv = if rng.gen_range(0..100) < wild {
                match &turn.step {
                    fgi::Step::Roll => fgi::Move::Roll,
                    fgi::Step::ChoosePoint { options } => {
                        fgi::Move::ChoosePoint(options[rng.gen_range(0..options.len())])
                    }
                    fgi::Step::BankOrRoll if rng.gen_bool(0.5) => fgi::Move::Bank,
                    fgi::Step::BankOrRoll => fgi::Move::Roll,
                }
            } else {
                fgi_bot(&game, &mut solver)
            };
            let player = game.seats[turn.seat].player;
            game.apply(fgi::Action::Play { by: player, mv }, &mut dice).unwrap();
        }
    }
}

// --- Pig --------------------------------------------------------------------------------------

fn pig_game(bots: u8, target: u32, dice: &mut impl DiceSource) -> pig::Game {
    let (mut game, _) = pig::Game::create(
        pig::Settings {
            target,
            ..Default::default()
        },
        ANN,
        "ann",
    )
    .unwrap();
    for n in 1..=bots {
        let join = pig::Action::Join {
            player: Player::Bot(n),
            name: format!("Bot {n}"),
        };
        game.apply(join, dice).unwrap();
    }
    game.apply(pig::Action::Start { by: ANN }, dice).unwrap();
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// P5: in every state of random Pig games, Odds recommend the bot seat's move, and the
    /// chances they show back it.
    #[test]
    fn p5_odds_recommend_the_bot_seats_move_in_every_pig_state(
        bots in 1u8..=2,
        target in prop_oneof![Just(30u32), Just(60), Just(100)],
        seed in any::<u64>(),
        wild in 0u8..60,
    ) {
        let table = pig::bot::Table::solve(target);
        let mut dice = RandomDice::seeded(seed);
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut game = pig_game(bots, target, &mut dice);
        let mut moves = 0;
        while !game.is_over() && moves < 2000 {
            moves += 1;
            let odds = pig::bot::odds(&game, &table).unwrap();
            let mut bots = game.clone();
            all_bots(&mut bots.seats, |s| &mut s.player);
            let Some(pig::Action::Play { mv: bot, .. }) = pig::bot::optimal(&bots, &table) else {
                panic!("no bot move")
            };
            prop_assert_eq!(odds.best(), bot, "{:?}", odds);
            if let Some(hold) = odds.hold {
                prop_assert_eq!(bot == pig::Move::Hold, hold >= odds.roll);
            }
            let player = game.current_player().unwrap();
            let mv = if rng.gen_range(0..100) < wild && odds.hold.is_some() {
                if rng.gen_bool(0.5) { pig::Move::Hold } else { pig::Move::Roll }
            } else {
                bot
            };
            game.apply(pig::Action::Play { by: player, mv }, &mut dice).unwrap();
        }
    }
}

// --- Get Dickey -------------------------------------------------------------------------------

fn gd_game(bots: u8, dice: &mut impl DiceSource) -> gd::Game {
    let (mut game, _) = gd::Game::create(gd::Settings {}, ANN, "ann").unwrap();
    for n in 1..=bots {
        let join = gd::Action::Join {
            player: Player::Bot(n),
            name: format!("Bot {n}"),
        };
        game.apply(join, dice).unwrap();
    }
    game.apply(gd::Action::Start { by: ANN }, dice).unwrap();
    game
}

/// The bot seat's decision where the game stands: the box it scores, or the dice it holds when
/// it rolls (its holds are one move a die: they are played out on a copy).
fn gd_bot(game: &gd::Game) -> Result<gd::Category, Vec<u8>> {
    let mut bots = game.clone();
    all_bots(&mut bots.seats, |s| &mut s.player);
    for _ in 0..=gd::DICE {
        match gd::bot::optimal(&bots, table()) {
            Some(gd::Action::Play {
                mv: gd::Move::Score(c),
                ..
            }) => return Ok(c),
            Some(gd::Action::Play {
                mv: gd::Move::Roll, ..
            }) => {
                let turn = bots.turn().unwrap();
                let dice = turn.dice.unwrap();
                let mut held: Vec<u8> = (0..gd::DICE)
                    .filter(|&d| turn.held[d])
                    .map(|d| dice[d])
                    .collect();
                held.sort_unstable();
                return Err(held);
            }
            Some(action) => {
                bots.apply(action, &mut RandomDice::seeded(0)).unwrap();
            }
            None => panic!("no bot move"),
        }
    }
    panic!("the bot never decided")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// G1–G7: in every state of random Get Dickey games (after each roll), Odds recommend what
    /// the bot seat plays, the optimal solitaire policy: the same box, or the same dice held
    /// for the next roll; and the expected scores they show back it.
    #[test]
    fn odds_recommend_the_bot_seats_move_in_every_get_dickey_state(
        bots in 0u8..=1,
        seed in any::<u64>(),
        wild in 0u8..60,
    ) {
        let mut dice = RandomDice::seeded(seed);
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut game = gd_game(bots, &mut dice);
        while !game.is_over() {
            let turn = game.turn().unwrap().clone();
            let player = game.seats[turn.seat].player;
            if turn.dice.is_none() {
                game.apply(gd::Action::Play { by: player, mv: gd::Move::Roll }, &mut dice).unwrap();
                continue;
            }
            let odds = gd::bot::odds(&game, table()).unwrap();
            let bot = gd_bot(&game);
            match (&bot, odds.best) {
                (Ok(category), Some(i)) => prop_assert_eq!(odds.boxes[i].0, *category),
                (Err(held), None) => {
                    prop_assert_eq!(&odds.roll_on.as_ref().unwrap().0, held);
                }
                _ => prop_assert!(false, "Odds {:?}, bot {:?}", odds, bot),
            }
            // The values shown back the recommendation.
            let top = odds.boxes.iter().map(|b| b.2).fold(f64::MIN, f64::max);
            match odds.best {
                Some(i) => prop_assert!(odds.boxes[i].2 >= top - 1e-9),
                None => prop_assert!(odds.roll_on.as_ref().unwrap().1 > top - 1e-9),
            }
            // Play on: the bot's decision, or now and then a random box.
            let options = game.score_options();
            let mv = if rng.gen_range(0..100) < wild || turn.must_score() {
                match bot {
                    Ok(c) if rng.gen_bool(0.5) => gd::Move::Score(c),
                    _ => gd::Move::Score(options[rng.gen_range(0..options.len())].category),
                }
            } else {
                match bot {
                    Ok(c) => gd::Move::Score(c),
                    Err(held) => {
                        // Hold those faces, then roll.
                        let dice_now = turn.dice.unwrap();
                        let mut want = held;
                        for (d, face) in dice_now.iter().enumerate() {
                            let keep = match want.iter().position(|f| f == face) {
                                Some(at) => {
                                    want.remove(at);
                                    true
                                }
                                None => false,
                            };
                            if keep != game.turn().unwrap().held[d] {
                                let toggle = gd::Move::ToggleHold(d as u8);
                                game.apply(gd::Action::Play { by: player, mv: toggle }, &mut dice)
                                    .unwrap();
                            }
                        }
                        gd::Move::Roll
                    }
                }
            };
            game.apply(gd::Action::Play { by: player, mv }, &mut dice).unwrap();
        }
    }
}
