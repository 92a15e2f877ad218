//! For Get It rules, one test per rule of docs/RULES.md (F1–F11), with scripted dice.
//!
//! Dice are numbered 0–8: 0–2 are the FOR dice, 3–5 the GET dice, 6–8 the IT dice. A roll rolls
//! the dice in hand in that order, so a script lists one face per die in hand, 6 being the word.

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::forgetit::*;
use forgetit::games::forgetit::{GameError, GameEvent, Move};
use forgetit::UserId;

const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const CAT: Player = Player::Person(UserId::new(3));
const W: u8 = 6;

fn lobby(players: &[Player], target: u32) -> Game {
    let (mut game, _) = Game::create(
        Settings {
            target,
            ..Default::default()
        },
        players[0],
        "p0",
    )
    .unwrap();
    for (i, &player) in players.iter().enumerate().skip(1) {
        let name = format!("p{i}");
        game.apply(Action::Join { player, name }, &mut ScriptedDice::new([]))
            .unwrap();
    }
    game
}

/// A started game where the roll-off gives the first seat a 5 and everyone else a 1.
fn started(players: &[Player], target: u32) -> Game {
    let mut game = lobby(players, target);
    let faces = std::iter::once(5).chain(std::iter::repeat_n(1, players.len() - 1));
    game.apply(
        Action::Start { by: players[0] },
        &mut ScriptedDice::new(faces),
    )
    .unwrap();
    game
}

fn roll(game: &mut Game, by: Player, faces: &[u8]) -> Event {
    game.apply(
        Action::Play { by, mv: Move::Roll },
        &mut ScriptedDice::new(faces.iter().copied()),
    )
    .unwrap()
}

fn choose(game: &mut Game, by: Player, number: u8) {
    game.apply(
        Action::Play {
            by,
            mv: Move::ChoosePoint(number),
        },
        &mut ScriptedDice::new([]),
    )
    .unwrap();
}

fn bank(game: &mut Game, by: Player) {
    game.apply(
        Action::Play { by, mv: Move::Bank },
        &mut ScriptedDice::new([]),
    )
    .unwrap();
}

fn try_act(game: &Game, action: Action) -> Result<Event, RuleError> {
    game.decide(action, &mut ScriptedDice::new([]))
}

fn turn(game: &Game) -> &Turn {
    game.turn().unwrap()
}

/// Plays a turn that banks `n` twos for `by` (n ≥ 2, n ≤ 9): score n × 2 × multiplier.
fn bank_twos(game: &mut Game, by: Player, n: usize) {
    let mut faces = vec![2u8; n];
    faces.resize(DICE, 1);
    // Keep it clear of a second pair: the rest show 1, 3, 4, 5 in turn.
    for (i, face) in faces.iter_mut().enumerate().skip(n) {
        *face = [1, 3, 4, 5][i % 4];
    }
    roll(game, by, &faces);
    choose(game, by, 2);
    bank(game, by);
}

#[test]
fn f1_each_die_keeps_its_word_and_only_dice_in_hand_roll() {
    assert_eq!(
        (0..DICE).map(Word::of_die).collect::<Vec<_>>(),
        [
            Word::For,
            Word::For,
            Word::For,
            Word::Get,
            Word::Get,
            Word::Get,
            Word::It,
            Word::It,
            Word::It
        ]
    );
    let mut game = started(&[ANN, BEN], 500);
    // Three words on the three FOR dice: FOR, FOR, FOR — no FORGET IT.
    let event = roll(&mut game, ANN, &[W, W, W, 1, 1, 2, 3, 4, 5]);
    let Event::Game(GameEvent::Rolled { dice }) = event else {
        panic!("{event:?}")
    };
    assert_eq!(dice.len(), 9);
    assert_eq!(turn(&game).words_this_set(), [Word::For; 3]);
    choose(&mut game, ANN, 1);
    // Now only dice 5–8 are in hand: a GET die and the three IT dice; the next roll rolls 4 dice.
    assert_eq!(turn(&game).in_hand(), [5, 6, 7, 8]);
    let event = roll(&mut game, ANN, &[W, 2, 3, 4]);
    let Event::Game(GameEvent::Rolled { dice }) = event else {
        panic!("{event:?}")
    };
    assert_eq!(dice.iter().map(|d| d.die).collect::<Vec<_>>(), [5, 6, 7, 8]);
    assert_eq!(dice[0].word(), Word::Get);
    assert_eq!(
        turn(&game).words_this_set(),
        [Word::For, Word::For, Word::For, Word::Get]
    );
}

#[test]
fn f2_roll_off_highest_number_first_words_lose_ties_roll_again() {
    let mut game = lobby(&[ANN, BEN, CAT], 500);
    // Round 1: ANN word, BEN 4, CAT 4 -> BEN and CAT roll again; round 2: BEN 2, CAT 2 -> again;
    // round 3: BEN word, CAT 1 -> CAT goes first (any number beats a word).
    game.apply(
        Action::Start { by: ANN },
        &mut ScriptedDice::new([W, 4, 4, 2, 2, W, 1]),
    )
    .unwrap();
    assert_eq!(game.state.rolloff.len(), 3);
    assert_eq!(
        game.state.rolloff[1]
            .iter()
            .map(|(s, _)| *s)
            .collect::<Vec<_>>(),
        [1, 2]
    );
    assert_eq!(game.first_seat(), Some(2));
    assert_eq!(game.current_player(), Some(CAT));
    // Then round the table in seating order from CAT: ANN, BEN, CAT, ...
    let mut order = Vec::new();
    for _ in 0..4 {
        let by = game.current_player().unwrap();
        order.push(by);
        roll(&mut game, by, &[W, W, W, W, W, W, W, W, W]); // FORGET IT: next player
    }
    assert_eq!(order, [CAT, ANN, BEN, CAT]);
}

#[test]
fn f2_a_table_seats_two_to_ten_and_a_bot_seat_counts() {
    let mut game = lobby(&[ANN], 500);
    assert_eq!(
        try_act(&game, Action::Start { by: ANN }),
        Err(RuleError::TooFewPlayers { min: MIN_SEATS })
    );
    game.apply(
        Action::Join {
            player: Player::Bot(1),
            name: "Bot 1".into(),
        },
        &mut ScriptedDice::new([]),
    )
    .unwrap();
    assert!(
        game.decide(Action::Start { by: ANN }, &mut RandomDice::seeded(1))
            .is_ok(),
        "one person and a bot can play"
    );
    for id in 2..=9 {
        game.apply(
            Action::Join {
                player: Player::Person(UserId::new(id)),
                name: format!("p{id}"),
            },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    }
    assert_eq!(game.seats.len(), MAX_SEATS);
    assert_eq!(
        try_act(
            &game,
            Action::Join {
                player: Player::Person(UserId::new(99)),
                name: "late".into()
            }
        ),
        Err(RuleError::TableFull { max: MAX_SEATS })
    );
    assert_eq!(
        try_act(
            &game,
            Action::Join {
                player: ANN,
                name: "again".into()
            }
        ),
        Err(RuleError::AlreadySeated)
    );
    assert_eq!(
        try_act(&game, Action::Start { by: BEN }),
        Err(RuleError::NotHost)
    );
}

#[test]
fn f3_a_turn_starts_by_rolling_all_nine_dice() {
    let mut game = started(&[ANN, BEN], 500);
    assert_eq!(turn(&game).step, Step::Roll);
    assert_eq!(turn(&game).in_hand().len(), 9);
    assert_eq!(turn(&game).set, 1);
    let Event::Game(GameEvent::Rolled { dice }) =
        roll(&mut game, ANN, &[1, 2, 3, 4, 5, 1, 2, 3, 4])
    else {
        unreachable!()
    };
    assert_eq!(dice.len(), 9);
}

#[test]
fn f4_word_dice_are_set_aside_and_forget_it_ends_the_turn_with_zero() {
    let mut game = started(&[ANN, BEN], 500);
    // GET (die 3) and IT (die 6) on the first roll; point number 4 chosen.
    roll(&mut game, ANN, &[4, 4, 1, W, 2, 3, W, 5, 1]);
    assert_eq!(turn(&game).words_this_set(), [Word::Get, Word::It]);
    choose(&mut game, ANN, 4);
    assert_eq!(turn(&game).score(), 8);
    // A FOR on die 2 spells FORGET IT: the turn ends at once, scoring 0.
    roll(&mut game, ANN, &[W, 4, 1, 2, 3]);
    let result = game.last_turn.clone().unwrap();
    assert_eq!(result.end, TurnEnd::Played(Ending::ForgetIt));
    assert_eq!(result.points, 0);
    assert_eq!(
        result.lost, 8,
        "the two 4s set aside before the FOR are lost"
    );
    assert_eq!(game.seats[0].total, 0);
    assert_eq!(game.seats[0].stats.forget_its, 1);
    assert_eq!(game.current_player(), Some(BEN));
}

#[test]
fn f4_forget_it_on_the_first_roll() {
    let mut game = started(&[ANN, BEN], 500);
    roll(&mut game, ANN, &[W, 1, 1, 2, W, 2, 3, 3, W]);
    assert_eq!(
        game.last_turn.as_ref().unwrap().end,
        TurnEnd::Played(Ending::ForgetIt)
    );
    assert_eq!(game.current_player(), Some(BEN));
}

#[test]
fn f5_the_point_number_must_show_on_two_dice_and_comes_before_banking() {
    let mut game = started(&[ANN, BEN], 500);
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ),
        Err(RuleError::Game(GameError::NoPointChosen))
    );
    // No pair: 1 2 3 4 5 and four words (two FOR, two GET): words set aside, roll again.
    roll(&mut game, ANN, &[W, W, 1, W, W, 2, 3, 4, 5]);
    assert_eq!(turn(&game).step, Step::Roll);
    assert_eq!(turn(&game).point, None);
    assert_eq!(turn(&game).in_hand(), [2, 5, 6, 7, 8]);
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ),
        Err(RuleError::Game(GameError::NoPointChosen))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ChoosePoint(1)
            }
        ),
        Err(RuleError::Game(GameError::NothingToChoose))
    );
    // Pairs of 3 and 5: the player must choose one of them before anything else.
    roll(&mut game, ANN, &[3, 5, 3, 5, 1]);
    assert_eq!(
        turn(&game).step,
        Step::ChoosePoint {
            options: vec![3, 5]
        }
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::Game(GameError::MustChoosePoint))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ),
        Err(RuleError::Game(GameError::MustChoosePoint))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ChoosePoint(1)
            }
        ),
        Err(RuleError::Game(GameError::NotRolledTwice(1)))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ChoosePoint(6)
            }
        ),
        Err(RuleError::Game(GameError::NotANumber(6)))
    );
    choose(&mut game, ANN, 5);
    // Every die showing 5 is set aside (dice 5 and 7), the 3s stay in hand.
    assert_eq!(turn(&game).point, Some(5));
    assert_eq!(turn(&game).in_hand(), [2, 6, 8]);
    assert_eq!(turn(&game).score(), 10);
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ChoosePoint(3)
            }
        ),
        Err(RuleError::Game(GameError::NothingToChoose))
    );
}

#[test]
fn f6_later_rolls_set_aside_words_and_point_dice_only() {
    let mut game = started(&[ANN, BEN], 500);
    roll(&mut game, ANN, &[2, 2, 1, 3, 4, 5, 1, 3, 4]);
    choose(&mut game, ANN, 2);
    assert_eq!(turn(&game).in_hand(), [2, 3, 4, 5, 6, 7, 8]);
    // 2 on die 4, GET on die 3, pairs of other numbers stay in hand.
    roll(&mut game, ANN, &[5, W, 2, 5, 1, 1, 4]);
    assert_eq!(turn(&game).in_hand(), [2, 5, 6, 7, 8]);
    assert_eq!(turn(&game).point_dice(), 3);
    // A roll that sets nothing aside costs nothing: same dice in hand, may roll or bank.
    let before = turn(&game).clone();
    roll(&mut game, ANN, &[1, 3, 4, 5, 1]);
    assert_eq!(turn(&game).dice, before.dice);
    assert_eq!(turn(&game).step, Step::BankOrRoll);
    assert_eq!(turn(&game).score(), 6);
}

#[test]
fn f7_after_each_roll_bank_or_roll() {
    let mut game = started(&[ANN, BEN], 500);
    roll(&mut game, ANN, &[3, 3, 3, 1, 2, 4, 5, 1, 2]);
    choose(&mut game, ANN, 3);
    assert_eq!(
        game.legal_actions()[..2],
        [
            Action::Play {
                by: ANN,
                mv: Move::Roll
            },
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ]
    );
    roll(&mut game, ANN, &[1, 2, 4, 5, 1, 2]);
    assert_eq!(
        game.legal_actions()[..2],
        [
            Action::Play {
                by: ANN,
                mv: Move::Roll
            },
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ]
    );
    bank(&mut game, ANN);
    assert_eq!(game.seats[0].total, 9);
    assert_eq!(
        game.last_turn.as_ref().unwrap().end,
        TurnEnd::Played(Ending::Banked)
    );
    assert_eq!(game.current_player(), Some(BEN));
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::NotYourTurn)
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: Player::Person(UserId::new(77)),
                mv: Move::Roll
            }
        ),
        Err(RuleError::NotSeated)
    );
}

#[test]
fn f8_all_nine_set_aside_new_set_keeps_the_point_and_forgets_old_words() {
    let mut game = started(&[ANN, BEN], 500);
    // Set 1: FOR and GET words, seven 1s: all nine set aside.
    roll(&mut game, ANN, &[W, 1, 1, W, 1, 1, 1, 1, 1]);
    choose(&mut game, ANN, 1);
    assert!(turn(&game).all_set_aside());
    assert_eq!(turn(&game).point_dice(), 7);
    assert_eq!(
        game.legal_actions()[..2],
        [
            Action::Play {
                by: ANN,
                mv: Move::Roll
            },
            Action::Play {
                by: ANN,
                mv: Move::Bank
            }
        ]
    );
    // Set 2: all nine roll again. An IT now does not spell FORGET IT: FOR and GET were last set.
    let Event::Game(GameEvent::Rolled { dice }) =
        roll(&mut game, ANN, &[2, 2, 3, 3, 4, 4, W, 1, 5])
    else {
        unreachable!()
    };
    assert_eq!(dice.len(), 9);
    assert_eq!(turn(&game).set, 2);
    assert_eq!(turn(&game).words_this_set(), [Word::It]);
    // Only the point number (1) is set aside, not the new pairs.
    assert_eq!(turn(&game).point_dice(), 8);
    assert_eq!(turn(&game).step, Step::BankOrRoll);
    // FOR and GET in this set now spell FORGET IT: all points of the turn are lost.
    roll(&mut game, ANN, &[W, 2, 3, W, 4, 4, 5]);
    let result = game.last_turn.clone().unwrap();
    assert_eq!(result.end, TurnEnd::Played(Ending::ForgetIt));
    assert_eq!(result.lost, 8 * 4);
    assert_eq!(game.seats[0].total, 0);
}

#[test]
fn f9_score_is_point_dice_times_number_times_multiplier() {
    assert_eq!(
        [0, 1, 2, 3, 4, 5, 6, 7, 9, 20].map(multiplier),
        [1, 1, 1, 1, 2, 3, 4, 4, 4, 4]
    );
    // Three 4s score 12.
    let mut game = started(&[ANN, BEN], 500);
    roll(&mut game, ANN, &[4, 4, 4, 1, 2, 3, 5, 1, 2]);
    choose(&mut game, ANN, 4);
    bank(&mut game, ANN);
    assert_eq!(game.last_turn.as_ref().unwrap().points, 12);
    // Four 5s: 20 doubled; five 5s: 25 tripled.
    for (fives, expected) in [(4usize, 40u32), (5, 75), (6, 120)] {
        let mut game = started(&[ANN, BEN], 500);
        let mut faces = vec![5u8; fives];
        faces.extend([1, 2, 3, 4, 1, 2, 3][..DICE - fives].iter());
        roll(&mut game, ANN, &faces);
        choose(&mut game, ANN, 5);
        assert_eq!(turn(&game).score(), expected);
        bank(&mut game, ANN);
        assert_eq!(game.seats[0].total, expected);
        assert_eq!(game.seats[0].stats.best_turn, expected);
    }
}

#[test]
fn f10_reaching_the_target_gives_the_others_one_last_turn_then_highest_wins() {
    let mut game = started(&[ANN, BEN, CAT], 20);
    bank_twos(&mut game, ANN, 2); // 4
    bank_twos(&mut game, BEN, 4); // 16
    bank_twos(&mut game, CAT, 2); // 4
    bank_twos(&mut game, ANN, 4); // 4 + 16 = 20: reaches the target
    assert_eq!(game.state.final_round, Some(0));
    assert_eq!(game.current_player(), Some(BEN), "BEN gets a last turn");
    bank_twos(&mut game, BEN, 2); // 20: equal to ANN
    assert_eq!(game.current_player(), Some(CAT), "CAT gets a last turn");
    roll(&mut game, CAT, &[W; 9]); // FORGET IT
    assert_eq!(
        game.phase,
        Phase::Finished {
            winners: vec![0, 1]
        },
        "equal highest share the win"
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::GameOver)
    );
}

#[test]
fn f10_the_player_who_reached_the_target_can_be_beaten_and_the_default_target_is_500() {
    assert_eq!(Settings::default().target, 500);
    let mut game = started(&[ANN, BEN, CAT], 10);
    bank_twos(&mut game, ANN, 2); // 4
    bank_twos(&mut game, BEN, 3); // 6
    bank_twos(&mut game, CAT, 4); // 16: reaches 10
    assert_eq!(game.state.final_round, Some(2));
    bank_twos(&mut game, ANN, 5); // 4 + 30 = 34
    assert_eq!(game.current_player(), Some(BEN));
    bank_twos(&mut game, BEN, 2); // 10
    assert_eq!(game.phase, Phase::Finished { winners: vec![0] });
}

/// The seeds' sample turn: dice chosen to show exactly the sample's rolls.
fn sample_turn_first_set(game: &mut Game) {
    // 2, 2, 3, 3, 3, 4, 4, 5, GET: three 3s (FOR dice), GET on die 3.
    roll(game, ANN, &[3, 3, 3, W, 2, 2, 4, 4, 5]);
    choose(game, ANN, 3);
    // 3, 4, 5, 5, IT on dice 4, 5, 6, 7, 8.
    roll(game, ANN, &[3, 5, 4, 5, W]);
    // 1, 3, GET on dice 5, 6, 7.
    roll(game, ANN, &[W, 1, 3]);
    // 2, then 4, then 3 on die 6.
    roll(game, ANN, &[2]);
    roll(game, ANN, &[4]);
    roll(game, ANN, &[3]);
}

#[test]
fn f11_sample_turn_banks_72_after_the_ninth_die() {
    let mut game = started(&[ANN, BEN], 500);
    sample_turn_first_set(&mut game);
    let t = turn(&game);
    assert!(t.all_set_aside());
    assert_eq!(t.words_this_set(), [Word::Get, Word::Get, Word::It]);
    assert_eq!(t.point_dice(), 6);
    assert_eq!(t.score(), 72);
    bank(&mut game, ANN);
    assert_eq!(game.seats[0].total, 72);
}

#[test]
fn f11_sample_turn_played_on_as_written_banks_108() {
    let mut game = started(&[ANN, BEN], 500);
    sample_turn_first_set(&mut game);
    // 1, 1, 1, 2, 2, 3, 4, 5, 5: the 3 (on IT die 6) is set aside.
    roll(&mut game, ANN, &[1, 1, 1, 2, 2, 5, 3, 4, 5]);
    assert_eq!(turn(&game).point_dice(), 7);
    // 1, 1, 2, 2, 4, 4, 4, FOR: the FOR (die 0) is set aside.
    roll(&mut game, ANN, &[W, 1, 1, 2, 2, 4, 4, 4]);
    assert_eq!(turn(&game).words_this_set(), [Word::For]);
    // 1, 3, 3, 4, FOR, GET, GET: FOR, GET, GET and two 3s set aside; no IT, so no FORGET IT.
    roll(&mut game, ANN, &[W, 1, W, W, 3, 3, 4]);
    assert_eq!(
        turn(&game).words_this_set(),
        [Word::For, Word::For, Word::Get, Word::Get]
    );
    assert_eq!(turn(&game).point_dice(), 9);
    bank(&mut game, ANN);
    assert_eq!(game.seats[0].total, 108);
}

/// A player who leaves on their turn gives it up: it ends scoring nothing, what it had set aside
/// lost. (That the seat is skipped and the last one playing wins is every game's:
/// `every_game::leaving_mid_game_skips_the_seat_and_the_game_goes_on_or_ends`.)
#[test]
fn leaving_on_ones_turn_gives_up_the_turn_and_its_points() {
    let mut game = started(&[ANN, BEN, CAT], 500);
    bank_twos(&mut game, ANN, 2);
    roll(&mut game, BEN, &[3, 3, 1, 2, 4, 5, 1, 2, 4]);
    choose(&mut game, BEN, 3);
    game.apply(Action::Leave { player: BEN }, &mut ScriptedDice::new([]))
        .unwrap();
    let result = game.last_turn.clone().unwrap();
    assert_eq!(
        (result.end, result.points, result.lost),
        (TurnEnd::Left, 0, 6)
    );
    assert_eq!(game.current_player(), Some(CAT));
}

#[test]
fn a_timeout_banks_a_chosen_number_else_scores_zero_and_three_in_a_row_leave() {
    let mut game = started(&[ANN, BEN, CAT], 500);
    roll(&mut game, ANN, &[4, 4, 1, 2, 3, 5, 1, 2, 3]);
    choose(&mut game, ANN, 4);
    game.apply(Action::TimeOut, &mut ScriptedDice::new([]))
        .unwrap();
    assert_eq!(game.seats[0].total, 8, "banked for the player");
    assert_eq!(game.last_turn.as_ref().unwrap().end, TurnEnd::TimedOut);
    // BEN times out three turns in a row without choosing: 0 each time, then he leaves.
    for round in 0..3 {
        assert_eq!(game.current_player(), Some(BEN));
        roll(&mut game, BEN, &[4, 4, 1, 2, 3, 5, 1, 2, 3]);
        game.apply(Action::TimeOut, &mut ScriptedDice::new([]))
            .unwrap();
        assert_eq!(game.seats[1].total, 0);
        if round < 2 {
            bank_twos(&mut game, CAT, 2);
            bank_twos(&mut game, ANN, 2);
        }
    }
    assert_eq!(game.seats[1].status, SeatStatus::Left);
    assert_eq!(game.current_player(), Some(CAT));
    bank_twos(&mut game, CAT, 2);
    assert_eq!(game.current_player(), Some(ANN));
}

/// A table may choose its target (F10), but not 0.
#[test]
fn f10_a_target_of_0_is_refused() {
    assert_eq!(
        Game::create(
            Settings {
                target: 0,
                ..Default::default()
            },
            ANN,
            "ann"
        )
        .unwrap_err(),
        RuleError::Game(GameError::BadTarget(0))
    );
}

/// A log whose roll lost a die (F1: a roll rolls the dice in hand), whose face changed, or without
/// its point choice (F5) is refused on replay where it stops making sense. (Replay itself, and
/// the tampering every game refuses, is `every_game::`'s.)
#[test]
fn f1_f5_a_tampered_roll_or_a_missing_point_choice_is_refused_on_replay() {
    let (mut game, created) = Game::create(
        Settings {
            target: 30,
            ..Default::default()
        },
        ANN,
        "ann",
    )
    .unwrap();
    let mut log = vec![created];
    let mut act = |game: &mut Game, action: Action, faces: &[u8]| {
        let event = game
            .apply(action, &mut ScriptedDice::new(faces.iter().copied()))
            .unwrap();
        log.push(event);
    };
    act(
        &mut game,
        Action::Join {
            player: BEN,
            name: "ben".into(),
        },
        &[],
    );
    act(&mut game, Action::Start { by: ANN }, &[3, 3, W, 2]);
    act(
        &mut game,
        Action::Play {
            by: BEN,
            mv: Move::Roll,
        },
        &[5, 5, 1, 2, 3, 4, 1, 2, W],
    );
    act(
        &mut game,
        Action::Play {
            by: BEN,
            mv: Move::ChoosePoint(5),
        },
        &[],
    );
    act(
        &mut game,
        Action::Play {
            by: BEN,
            mv: Move::Roll,
        },
        &[5, 1, 2, 3, 4, 5],
    );
    act(
        &mut game,
        Action::Play {
            by: BEN,
            mv: Move::Bank,
        },
        &[],
    );
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Roll,
        },
        &[1, 2, 3, 4, 5, 1, 2, 3, 4],
    );
    assert_eq!(Game::replay(&log), Ok(game.clone()));

    // A roll that lost a die no longer matches the dice in hand.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::Rolled { dice }) = &mut tampered[3] {
        dice.pop();
    }
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Mismatch { index: 3 })
    );
    // A changed face is taken as rolled, and the log stops making sense where it shows: the
    // next roll no longer rolls the dice in hand.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::Rolled { dice }) = &mut tampered[3] {
        dice[2].face = Face::Pip(5);
    }
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Mismatch { index: 5 })
    );
    let mut cut = log.clone();
    cut.remove(4); // the point choice
    assert!(matches!(
        Game::replay(&cut),
        Err(ReplayError::Illegal { index: 4, .. })
    ));
}
