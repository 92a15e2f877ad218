//! Get Dickey rules, one test per rule of docs/RULES.md (G1–G7), with scripted dice.
//!
//! The dice are numbered 0–4. A roll rolls the dice not held in that order, so a script lists one
//! face (1–6) per die rolled.

use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::Player;
use forgetit::games::getdickey::*;
use forgetit::games::getdickey::{GameError, GameEvent, Move};
use forgetit::UserId;

const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const CAT: Player = Player::Person(UserId::new(3));

use Category::*;

fn no_dice() -> ScriptedDice {
    ScriptedDice::new([])
}

fn lobby(players: &[Player]) -> Game {
    let (mut game, _) = Game::create(Settings::default(), players[0], "p0").unwrap();
    for (i, &player) in players.iter().enumerate().skip(1) {
        let name = format!("p{i}");
        game.apply(Action::Join { player, name }, &mut no_dice())
            .unwrap();
    }
    game
}

fn started(players: &[Player]) -> Game {
    let mut game = lobby(players);
    game.apply(Action::Start { by: players[0] }, &mut no_dice())
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

fn hold(game: &mut Game, by: Player, dice: &[u8]) {
    for &die in dice {
        game.apply(
            Action::Play {
                by,
                mv: Move::ToggleHold(die),
            },
            &mut no_dice(),
        )
        .unwrap();
    }
}

fn score(game: &mut Game, by: Player, category: Category) {
    game.apply(
        Action::Play {
            by,
            mv: Move::Score(category),
        },
        &mut no_dice(),
    )
    .unwrap();
}

/// One turn: roll `hand` on the first roll and score it in `category`.
fn play(game: &mut Game, by: Player, hand: Hand, category: Category) {
    roll(game, by, &hand);
    score(game, by, category);
}

fn try_act(game: &Game, action: Action) -> Result<Event, RuleError> {
    game.decide(action, &mut no_dice())
}

fn turn(game: &Game) -> &Turn {
    game.turn().unwrap()
}

fn card(game: &Game, seat: usize) -> &Scorecard {
    &game.seats[seat].card
}

fn option(game: &Game, category: Category) -> Option<ScoreOption> {
    game.score_options()
        .into_iter()
        .find(|o| o.category == category)
}

#[test]
fn g1_one_to_ten_seats_and_a_single_player_may_play_alone() {
    // Solitaire: the host starts alone, at once.
    let mut game = lobby(&[ANN]);
    assert_eq!(game.legal_actions()[0], Action::Start { by: ANN });
    game.apply(Action::Start { by: ANN }, &mut no_dice())
        .unwrap();
    assert_eq!(game.current_player(), Some(ANN));
    assert_eq!(game.round(), Some(1));
    play(&mut game, ANN, [1, 2, 3, 4, 6], Chance);
    assert_eq!(game.current_player(), Some(ANN));
    assert_eq!(game.round(), Some(2), "alone, every turn is a new round");

    let mut game = lobby(&[ANN, BEN]);
    assert_eq!(
        try_act(&game, Action::Start { by: BEN }),
        Err(RuleError::NotHost)
    );
    for id in 3..=10 {
        game.apply(
            Action::Join {
                player: if id == 10 {
                    Player::Bot(1)
                } else {
                    Player::Person(UserId::new(id))
                },
                name: format!("p{id}"),
            },
            &mut no_dice(),
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
}

#[test]
fn g1_every_round_each_player_has_one_turn_in_seating_order() {
    // Seating order is join order; no roll-off.
    let mut game = lobby(&[BEN, CAT, ANN]);
    game.apply(Action::Start { by: BEN }, &mut no_dice())
        .unwrap();
    let mut order = Vec::new();
    for _ in 0..7 {
        let by = game.current_player().unwrap();
        order.push((game.round().unwrap(), by));
        let category = first_open(&game, by);
        play(&mut game, by, [1, 2, 3, 4, 6], category);
    }
    assert_eq!(
        order,
        [
            (1, BEN),
            (1, CAT),
            (1, ANN),
            (2, BEN),
            (2, CAT),
            (2, ANN),
            (3, BEN)
        ]
    );
    assert_eq!(
        try_act(
            &game,
            Action::Join {
                player: Player::Person(UserId::new(9)),
                name: "x".into()
            }
        ),
        Err(RuleError::AlreadyStarted)
    );
}

fn first_open(game: &Game, by: Player) -> Category {
    let seat = game.seat_of(by).unwrap();
    card(game, seat).open().next().unwrap()
}

#[test]
fn g2_the_first_roll_rolls_all_five_and_held_dice_keep_their_faces() {
    let mut game = started(&[ANN, BEN]);
    assert_eq!(turn(&game).dice, None);
    // Before the first roll there is nothing to hold or score.
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(0)
            }
        ),
        Err(RuleError::Game(GameError::MustRollFirst))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Score(Chance)
            }
        ),
        Err(RuleError::Game(GameError::MustRollFirst))
    );
    assert!(game.score_options().is_empty());
    let Event::Game(GameEvent::Rolled { dice }) = roll(&mut game, ANN, &[6, 2, 6, 3, 6]) else {
        unreachable!()
    };
    assert_eq!(
        dice.iter().map(|d| d.die).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    assert_eq!(turn(&game).dice, Some([6, 2, 6, 3, 6]));
    // Hold the three sixes: only dice 1 and 3 roll.
    hold(&mut game, ANN, &[0, 2, 4]);
    assert_eq!(turn(&game).held, [true, false, true, false, true]);
    assert_eq!(turn(&game).free_dice(), [1, 3]);
    let Event::Game(GameEvent::Rolled { dice }) = roll(&mut game, ANN, &[5, 4]) else {
        unreachable!()
    };
    assert_eq!(
        dice,
        [DieRoll { die: 1, face: 5 }, DieRoll { die: 3, face: 4 }]
    );
    assert_eq!(turn(&game).dice, Some([6, 5, 6, 4, 6]));
    // Holds stay for the next roll until toggled off: release die 4, hold die 1.
    hold(&mut game, ANN, &[4, 1]);
    assert_eq!(turn(&game).held, [true, true, true, false, false]);
    roll(&mut game, ANN, &[6, 6]);
    assert_eq!(turn(&game).dice, Some([6, 5, 6, 6, 6]));
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(5)
            }
        ),
        Err(RuleError::Game(GameError::NoSuchDie(5)))
    );
    // Not the player on turn, or not seated at all.
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: BEN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::NotYourTurn)
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: CAT,
                mv: Move::ToggleHold(0)
            }
        ),
        Err(RuleError::NotSeated)
    );
}

#[test]
fn g2_three_rolls_at_most_then_the_player_must_score() {
    let mut game = started(&[ANN, BEN]);
    roll(&mut game, ANN, &[1, 2, 3, 4, 6]);
    assert_eq!(turn(&game).rolls_left(), 2);
    roll(&mut game, ANN, &[1, 2, 3, 4, 6]);
    hold(&mut game, ANN, &[0]);
    roll(&mut game, ANN, &[2, 3, 4, 6]);
    assert_eq!(turn(&game).rolls, 3);
    assert!(turn(&game).must_score());
    // No fourth roll, no holding: only the boxes (and the clock) are left.
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::Game(GameError::NoRollsLeft))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(1)
            }
        ),
        Err(RuleError::Game(GameError::NoRollsLeft))
    );
    let legal = game.legal_actions();
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Play {
            mv: Move::Score(_),
            ..
        } | Action::TimeOut
            | Action::Cancel
    )));
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(
                a,
                Action::Play {
                    mv: Move::Score(_),
                    ..
                }
            ))
            .count(),
        13
    );
    score(&mut game, ANN, Chance);
    let result = game.last_turn.clone().unwrap();
    assert_eq!(result.end, TurnEnd::Played(Ending::Scored));
    assert_eq!(result.scored.unwrap().points, 1 + 2 + 3 + 4 + 6);
    assert_eq!(game.current_player(), Some(BEN));
    // A fresh turn: nothing held, three rolls.
    assert_eq!(turn(&game).held, [false; DICE]);
    assert_eq!(turn(&game).rolls_left(), 3);
}

#[test]
fn g2_the_player_may_score_after_any_roll_and_all_five_held_cannot_roll() {
    let mut game = started(&[ANN, BEN]);
    roll(&mut game, ANN, &[2, 3, 4, 5, 6]);
    assert_eq!(
        game.legal_actions()[..6],
        [
            Action::Play {
                by: ANN,
                mv: Move::Roll
            },
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(0)
            },
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(1)
            },
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(2)
            },
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(3)
            },
            Action::Play {
                by: ANN,
                mv: Move::ToggleHold(4)
            },
        ]
    );
    hold(&mut game, ANN, &[0, 1, 2, 3, 4]);
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Roll
            }
        ),
        Err(RuleError::Game(GameError::AllHeld))
    );
    assert!(!game.legal_actions().contains(&Action::Play {
        by: ANN,
        mv: Move::Roll
    }));
    score(&mut game, ANN, LargeStraight);
    assert_eq!(card(&game, 0).get(LargeStraight), Some(40));
    assert_eq!(game.seats[0].stats.turns, 1);
}

#[test]
fn g3_upper_boxes_count_their_face_and_the_bonus_comes_at_exactly_63() {
    // The seed's example: 5 2 5 6 5.
    let hand = [5, 2, 5, 6, 5];
    assert_eq!(
        Category::UPPER.map(|c| points(c, &hand)),
        [0, 2, 0, 0, 15, 6]
    );
    // Three of each face: 3 + 6 + 9 + 12 + 15 + 18 = 63, the bonus.
    let mut game = started(&[ANN]);
    for face in 1..=6u8 {
        let other = if face == 1 { 2 } else { 1 };
        play(
            &mut game,
            ANN,
            [face, face, other, face, other],
            Category::upper(face).unwrap(),
        );
        if face < 6 {
            assert_eq!(card(&game, 0).upper_bonus(), 0);
        }
    }
    assert_eq!(card(&game, 0).upper_subtotal(), 63);
    assert_eq!(card(&game, 0).upper_bonus(), 35);
    assert_eq!(
        game.scorecard(0).unwrap(),
        Summary {
            upper: 63,
            upper_bonus: 35,
            lower: 0,
            dickey_bonus: 0,
            total: 98
        }
    );
    // 62 is one short: no bonus.
    let mut game = started(&[ANN]);
    play(&mut game, ANN, [1, 1, 2, 3, 4], Ones);
    for face in 2..=6u8 {
        play(
            &mut game,
            ANN,
            [face, face, face, 1, 1],
            Category::upper(face).unwrap(),
        );
    }
    assert_eq!(card(&game, 0).upper_subtotal(), 62);
    assert_eq!(card(&game, 0).upper_bonus(), 0);
    assert_eq!(game.seats[0].total(), 62);
}

#[test]
fn g4_lower_boxes_score_as_the_rules_say() {
    let cases: [(Hand, [u32; 7]); 9] = [
        // 3K, 4K, FH, SS, LS, Dickey, Chance
        ([3, 3, 2, 3, 2], [13, 0, 25, 0, 0, 0, 13]),
        ([4, 4, 4, 4, 1], [17, 17, 0, 0, 0, 0, 17]),
        ([2, 3, 2, 5, 4], [0, 0, 0, 30, 0, 0, 16]),
        ([6, 4, 3, 5, 6], [0, 0, 0, 30, 0, 0, 24]),
        ([1, 2, 3, 4, 6], [0, 0, 0, 30, 0, 0, 16]),
        ([5, 4, 3, 2, 1], [0, 0, 0, 30, 40, 0, 15]),
        ([2, 3, 4, 5, 6], [0, 0, 0, 30, 40, 0, 20]),
        ([1, 2, 3, 5, 6], [0, 0, 0, 0, 0, 0, 17]),
        // Five alike without a joker: not "three of one face and two of another", so no Full House.
        ([6, 6, 6, 6, 6], [30, 30, 0, 0, 0, 50, 30]),
    ];
    let lower = [
        ThreeOfAKind,
        FourOfAKind,
        FullHouse,
        SmallStraight,
        LargeStraight,
        Dickey,
        Chance,
    ];
    for (hand, expected) in cases {
        assert_eq!(lower.map(|c| points(c, &hand)), expected, "{hand:?}");
    }
    // Through a game: a Full House and both straights, the lower total adds them up.
    let mut game = started(&[ANN]);
    play(&mut game, ANN, [3, 3, 2, 3, 2], FullHouse);
    play(&mut game, ANN, [2, 3, 2, 5, 4], SmallStraight);
    play(&mut game, ANN, [2, 3, 4, 5, 6], LargeStraight);
    play(&mut game, ANN, [4, 4, 4, 4, 1], FourOfAKind);
    play(&mut game, ANN, [1, 1, 1, 1, 1], Dickey);
    assert_eq!(card(&game, 0).lower_total(), 25 + 30 + 40 + 17 + 50);
    assert_eq!(game.seats[0].stats.dickeys, 1);
}

#[test]
fn g5_any_roll_may_scratch_any_open_box_for_zero_but_only_once() {
    let mut game = started(&[ANN, BEN]);
    roll(&mut game, ANN, &[2, 3, 3, 4, 6]);
    // Every box is on offer, the ones the roll does not meet at 0.
    let options = game.score_options();
    assert_eq!(options.len(), 13);
    assert_eq!(option(&game, Fives).unwrap().points, 0);
    assert_eq!(option(&game, Dickey).unwrap().points, 0);
    assert_eq!(option(&game, Threes).unwrap().points, 6);
    assert!(options.iter().all(|o| !o.joker && o.dickey_bonus == 0));
    score(&mut game, ANN, Fives);
    assert_eq!(card(&game, 0).get(Fives), Some(0));
    play(&mut game, BEN, [1, 2, 3, 4, 5], Dickey);
    assert_eq!(card(&game, 1).get(Dickey), Some(0));
    // A filled box, even at 0, cannot be filled again.
    roll(&mut game, ANN, &[5, 5, 5, 5, 1]);
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Score(Fives)
            }
        ),
        Err(RuleError::Game(GameError::BoxFilled(Fives)))
    );
    assert_eq!(option(&game, Fives), None);
    assert_eq!(game.score_options().len(), 12);
}

#[test]
fn g6_a_second_dickey_with_the_box_at_50_earns_100_and_must_fill_its_upper_box() {
    let mut game = started(&[ANN]);
    play(&mut game, ANN, [4, 4, 4, 4, 4], Dickey);
    assert_eq!(card(&game, 0).get(Dickey), Some(50));
    roll(&mut game, ANN, &[4, 4, 4, 4, 4]);
    // Fours is open: it is the only box the joker may fill.
    assert_eq!(
        game.score_options(),
        [ScoreOption {
            category: Fours,
            points: 20,
            dickey_bonus: 100,
            joker: true
        }]
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Score(Chance)
            }
        ),
        Err(RuleError::Game(GameError::JokerMustFillUpper(Fours)))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Score(LargeStraight)
            }
        ),
        Err(RuleError::Game(GameError::JokerMustFillUpper(Fours)))
    );
    assert_eq!(
        try_act(
            &game,
            Action::Play {
                by: ANN,
                mv: Move::Score(Dickey)
            }
        ),
        Err(RuleError::Game(GameError::BoxFilled(Dickey)))
    );
    score(&mut game, ANN, Fours);
    assert_eq!(card(&game, 0).get(Fours), Some(20));
    assert_eq!(card(&game, 0).dickey_bonus(), 100);
    assert_eq!(game.seats[0].total(), 50 + 20 + 100);
    assert_eq!(game.last_turn.as_ref().unwrap().points(), 120);
    // A third one earns another 100 ("for every such Dickey").
    play(&mut game, ANN, [2, 2, 2, 2, 2], Twos);
    assert_eq!(card(&game, 0).dickey_bonuses, 2);
    assert_eq!(game.scorecard(0).unwrap().dickey_bonus, 200);
    assert_eq!(game.seats[0].total(), 50 + 20 + 10 + 200);
    assert_eq!(game.seats[0].stats.dickeys, 3);
}

#[test]
fn g6_a_second_dickey_with_the_box_at_0_earns_no_bonus_but_is_still_a_joker() {
    let mut game = started(&[ANN]);
    play(&mut game, ANN, [1, 2, 3, 5, 6], Dickey); // scratched
    play(&mut game, ANN, [3, 3, 1, 2, 4], Threes);
    roll(&mut game, ANN, &[3, 3, 3, 3, 3]);
    // Threes is filled: the joker may go anywhere open, with joker scores and no bonus.
    let options = game.score_options();
    assert_eq!(options.len(), 11);
    assert!(options.iter().all(|o| o.joker && o.dickey_bonus == 0));
    assert_eq!(option(&game, Ones).unwrap().points, 0);
    assert_eq!(option(&game, FullHouse).unwrap().points, 25);
    assert_eq!(option(&game, SmallStraight).unwrap().points, 30);
    assert_eq!(option(&game, LargeStraight).unwrap().points, 40);
    assert_eq!(option(&game, ThreeOfAKind).unwrap().points, 15);
    score(&mut game, ANN, LargeStraight);
    assert_eq!(card(&game, 0).get(LargeStraight), Some(40));
    assert_eq!(card(&game, 0).dickey_bonuses, 0);
    // With the upper box open it is forced there, bonus or not.
    roll(&mut game, ANN, &[5, 5, 5, 5, 5]);
    assert_eq!(
        game.score_options(),
        [ScoreOption {
            category: Fives,
            points: 25,
            dickey_bonus: 0,
            joker: true
        }]
    );
}

#[test]
fn g6_a_joker_fills_full_house_and_both_straights_when_its_upper_box_is_filled() {
    let mut game = started(&[ANN]);
    play(&mut game, ANN, [6, 6, 6, 6, 6], Dickey);
    play(&mut game, ANN, [6, 6, 1, 2, 3], Sixes); // 12
    for (category, expected) in [(FullHouse, 25), (SmallStraight, 30), (LargeStraight, 40)] {
        roll(&mut game, ANN, &[6, 6, 6, 6, 6]);
        let o = option(&game, category).unwrap();
        assert_eq!((o.points, o.dickey_bonus, o.joker), (expected, 100, true));
        // An upper box of another face scores 0; Three, Four of a Kind and Chance the sum.
        assert_eq!(option(&game, Ones).unwrap().points, 0);
        assert_eq!(option(&game, FourOfAKind).unwrap().points, 30);
        assert_eq!(option(&game, Chance).unwrap().points, 30);
        score(&mut game, ANN, category);
        assert_eq!(card(&game, 0).get(category), Some(expected));
    }
    assert_eq!(card(&game, 0).dickey_bonuses, 3);
    assert_eq!(
        game.scorecard(0).unwrap(),
        Summary {
            upper: 12,
            upper_bonus: 0,
            lower: 50 + 25 + 30 + 40,
            dickey_bonus: 300,
            total: 12 + 50 + 25 + 30 + 40 + 300
        }
    );
}

#[test]
fn g6_five_alike_with_the_dickey_box_open_is_an_ordinary_roll() {
    let mut game = started(&[ANN]);
    roll(&mut game, ANN, &[5, 5, 5, 5, 5]);
    let options = game.score_options();
    assert_eq!(options.len(), 13);
    assert!(options.iter().all(|o| !o.joker && o.dickey_bonus == 0));
    assert_eq!(option(&game, Dickey).unwrap().points, 50);
    assert_eq!(option(&game, FullHouse).unwrap().points, 0);
    assert_eq!(option(&game, SmallStraight).unwrap().points, 0);
    // It may go elsewhere to safeguard the upper bonus; the Dickey box stays open.
    score(&mut game, ANN, Fives);
    assert_eq!(card(&game, 0).get(Fives), Some(25));
    // So a later five alike is still no joker, and earns no bonus.
    roll(&mut game, ANN, &[2, 2, 2, 2, 2]);
    assert!(!option(&game, Chance).unwrap().joker);
    score(&mut game, ANN, Dickey);
    assert_eq!(card(&game, 0).dickey_bonuses, 0);
    // Five alike rolled and then rolled again is not scored, so it earns nothing.
    roll(&mut game, ANN, &[2, 2, 2, 2, 2]);
    roll(&mut game, ANN, &[2, 2, 2, 2, 3]);
    score(&mut game, ANN, Chance);
    assert_eq!(card(&game, 0).dickey_bonuses, 0);
    assert_eq!(card(&game, 0).get(Chance), Some(11));
}

/// ANN's thirteen turns: the total is 411.
const GAME: [(Hand, Category); 13] = [
    ([6, 6, 6, 6, 6], Dickey),        // 50
    ([1, 1, 1, 2, 3], Ones),          // 3
    ([2, 2, 2, 1, 3], Twos),          // 6
    ([3, 3, 3, 1, 2], Threes),        // 9
    ([4, 4, 4, 1, 2], Fours),         // 12
    ([5, 5, 5, 1, 2], Fives),         // 15
    ([6, 6, 6, 6, 6], Sixes),         // 30 (joker, forced) + 100
    ([3, 3, 3, 3, 2], FourOfAKind),   // 14
    ([2, 2, 2, 5, 5], ThreeOfAKind),  // 16
    ([2, 2, 3, 3, 3], FullHouse),     // 25
    ([1, 2, 3, 4, 6], SmallStraight), // 30
    ([2, 3, 4, 5, 6], LargeStraight), // 40
    ([6, 6, 5, 5, 4], Chance),        // 26
];

#[test]
fn g7_after_13_rounds_the_grand_total_decides_and_equal_highest_share() {
    let mut game = started(&[ANN, BEN, CAT]);
    for (round, (hand, category)) in GAME.into_iter().enumerate() {
        assert_eq!(game.round(), Some(round as u32 + 1));
        play(&mut game, ANN, hand, category);
        play(&mut game, BEN, hand, category);
        // CAT scratches Chance in the last round instead.
        let hand = if category == Chance {
            [1, 1, 2, 2, 4]
        } else {
            hand
        };
        play(&mut game, CAT, hand, category);
    }
    let summary = game.scorecard(0).unwrap();
    assert_eq!(
        summary,
        Summary {
            upper: 75,
            upper_bonus: 35,
            lower: 50 + 14 + 16 + 25 + 30 + 40 + 26,
            dickey_bonus: 100,
            total: 411
        }
    );
    assert_eq!(game.seats[2].total(), 411 - 26 + 10);
    assert!(game
        .seats
        .iter()
        .all(|s| s.card.is_full() && s.stats.turns == 13));
    assert_eq!(
        game.phase,
        Phase::Finished {
            winners: vec![0, 1]
        }
    );
    assert_eq!(game.round(), None);
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
    assert!(game.legal_actions().is_empty());
}

#[test]
fn a_timeout_rolls_if_needed_and_scores_the_box_worth_most() {
    let mut game = started(&[ANN, BEN]);
    // ANN has not rolled: the bot rolls all five for her and takes the Large Straight.
    let event = game
        .apply(Action::TimeOut, &mut ScriptedDice::new([2, 3, 4, 5, 6]))
        .unwrap();
    let Event::Game(GameEvent::TimedOut { dice, category }) = event else {
        unreachable!()
    };
    assert_eq!(dice.len(), 5);
    assert_eq!(category, LargeStraight);
    assert_eq!(card(&game, 0).get(LargeStraight), Some(40));
    let result = game.last_turn.clone().unwrap();
    assert_eq!(result.end, TurnEnd::TimedOut);
    assert_eq!(result.turn.dice, Some([2, 3, 4, 5, 6]));
    assert_eq!(game.seats[0].stats.turns, 1);
    // BEN rolled twice: his roll as it stands is scored, no more dice. 6 6 6 3 6: Three of a
    // Kind, Four of a Kind and Chance score 27, Sixes 24; the first box worth most is taken.
    roll(&mut game, BEN, &[6, 6, 1, 2, 6]);
    hold(&mut game, BEN, &[0, 1, 4]);
    roll(&mut game, BEN, &[6, 3]);
    assert_eq!(
        game.apply(Action::TimeOut, &mut no_dice()).unwrap(),
        Event::Game(GameEvent::TimedOut {
            dice: vec![],
            category: ThreeOfAKind
        })
    );
    assert_eq!(card(&game, 1).get(ThreeOfAKind), Some(27));
    // A joker on the clock still goes where it must, with its bonus.
    play(&mut game, ANN, [3, 3, 3, 3, 3], Dickey);
    roll(&mut game, BEN, &[1, 1, 1, 1, 1]);
    game.apply(Action::TimeOut, &mut no_dice()).unwrap();
    assert_eq!(card(&game, 1).get(Dickey), Some(50));
    roll(&mut game, ANN, &[3, 3, 3, 3, 3]);
    game.apply(Action::TimeOut, &mut no_dice()).unwrap();
    assert_eq!(card(&game, 0).get(Threes), Some(15));
    assert_eq!(card(&game, 0).dickey_bonuses, 1);
}

#[test]
fn the_best_box_on_equal_points_is_the_first_in_scorecard_order() {
    let mut card = Scorecard::default();
    for c in Category::ALL {
        if ![Twos, Fives, LargeStraight].contains(&c) {
            card.boxes[c.index()] = Some(0);
        }
    }
    // 1 1 3 3 4 meets none of Twos, Fives and Large Straight.
    let best = card.best_option(&[1, 1, 3, 3, 4]).unwrap();
    assert_eq!((best.category, best.points), (Twos, 0));
    let best = card.best_option(&[2, 3, 4, 5, 6]).unwrap();
    assert_eq!((best.category, best.points), (LargeStraight, 40));
    card.boxes = [Some(0); 13];
    assert_eq!(card.best_option(&[2, 3, 4, 5, 6]), None);
}

#[test]
fn three_timeouts_in_a_row_leave_the_game_and_a_game_with_no_one_playing_ends() {
    let mut game = started(&[ANN, BEN]);
    for round in 0..3 {
        assert_eq!(game.current_player(), Some(ANN));
        game.apply(Action::TimeOut, &mut ScriptedDice::new([1, 2, 3, 4, 6]))
            .unwrap();
        if round < 2 {
            play(&mut game, BEN, [1, 2, 3, 4, 6], Category::ALL[round]);
        }
    }
    assert_eq!(game.seats[0].status, SeatStatus::Left);
    assert_eq!(
        game.seats[0].card.filled(),
        3,
        "the timed-out turns were scored"
    );
    assert_eq!(game.current_player(), Some(BEN));
    play(&mut game, BEN, [1, 2, 3, 4, 6], Threes);
    assert_eq!(game.current_player(), Some(BEN), "ANN is skipped");
    assert_eq!(game.round(), Some(4));
    // Scoring a turn oneself resets the count.
    let mut game = started(&[ANN]);
    for _ in 0..2 {
        game.apply(Action::TimeOut, &mut ScriptedDice::new([1, 2, 3, 4, 6]))
            .unwrap();
    }
    play(&mut game, ANN, [1, 2, 3, 4, 6], Sixes);
    assert_eq!(game.seats[0].timeouts_in_a_row, 0);
    for _ in 0..3 {
        game.apply(Action::TimeOut, &mut ScriptedDice::new([1, 2, 3, 4, 6]))
            .unwrap();
    }
    // Solitaire and away: nobody plays any more, so the game ends with no winner.
    assert_eq!(game.phase, Phase::Finished { winners: vec![] });
}

/// A player who leaves on their turn fills no box with it. (That the seat is skipped and the others,
/// even one alone, play on is every game's:
/// `every_game::leaving_mid_game_skips_the_seat_and_the_game_goes_on_or_ends`.)
#[test]
fn leaving_on_ones_turn_fills_no_box() {
    let mut game = started(&[ANN, BEN, CAT]);
    play(&mut game, ANN, [1, 2, 3, 4, 6], Chance);
    roll(&mut game, BEN, &[6, 6, 6, 6, 6]);
    game.apply(Action::Leave { player: BEN }, &mut no_dice())
        .unwrap();
    let result = game.last_turn.clone().unwrap();
    assert_eq!((result.end, result.scored), (TurnEnd::Left, None));
    assert_eq!(game.seats[1].card.filled(), 0);
    assert_eq!(game.current_player(), Some(CAT));
}

/// Before the start there is no roll, so no box to score it in (G2).
#[test]
fn g2_no_box_is_offered_before_the_start() {
    let game = lobby(&[ANN, BEN]);
    assert!(game.score_options().is_empty());
}

#[test]
fn categories_have_names_and_keys() {
    assert_eq!(Category::ALL.len(), 13);
    for (i, c) in Category::ALL.into_iter().enumerate() {
        assert_eq!(c.index(), i);
        assert_eq!(c.key().parse::<Category>(), Ok(c));
        assert_eq!(serde_json::to_value(c).unwrap(), c.key());
        assert_eq!(c.is_upper(), i < 6);
    }
    assert_eq!(Category::upper(4), Some(Fours));
    assert_eq!(Category::upper(0), None);
    assert_eq!(Category::upper(7), None);
    assert_eq!(Sixes.upper_face(), Some(6));
    assert_eq!(Chance.upper_face(), None);
    assert_eq!(ThreeOfAKind.to_string(), "3 of a kind");
    assert!("yahtzee".parse::<Category>().is_err());
}

/// A log whose roll lost a die or shows a face no die has (G2), whose hold was taken out, whose
/// timeout names another box than the one worth most, or whose joker is scored outside its upper
/// box (G6) is refused on replay; a changed face is taken as rolled. (Replay itself, and the
/// tampering every game refuses, is `every_game::`'s.)
#[test]
fn g2_g6_a_tampered_roll_hold_timeout_or_joker_is_refused_on_replay() {
    let (mut game, created) = Game::create(Settings::default(), ANN, "ann").unwrap();
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
    act(&mut game, Action::Start { by: ANN }, &[]);
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Roll,
        },
        &[6, 6, 2, 3, 6],
    ); // 3
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::ToggleHold(0),
        },
        &[],
    ); // 4
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::ToggleHold(1),
        },
        &[],
    ); // 5
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Roll,
        },
        &[6, 6, 6],
    ); // 6
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Score(Dickey),
        },
        &[],
    ); // 7
    act(&mut game, Action::TimeOut, &[1, 2, 3, 4, 5]); // 8
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Roll,
        },
        &[6, 6, 6, 6, 6],
    ); // 9
    act(
        &mut game,
        Action::Play {
            by: ANN,
            mv: Move::Score(Sixes),
        },
        &[],
    ); // 10
    assert_eq!(game.seats[0].total(), 50 + 30 + 100);
    assert_eq!(Game::replay(&log), Ok(game.clone()));

    // A roll that lost a die no longer rolls the dice not held.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::Rolled { dice }) = &mut tampered[6] {
        dice.pop();
    }
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Mismatch { index: 6 })
    );
    // A face that is not on a die.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::Rolled { dice }) = &mut tampered[3] {
        dice[2].face = 7;
    }
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Mismatch { index: 3 })
    );
    // A changed face is taken as rolled: the log is the truth, and the rules follow from it. With
    // a 5 among the sixes the Dickey box is scratched, so the second five alike is a joker
    // without bonus.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::Rolled { dice }) = &mut tampered[6] {
        dice[0].face = 5;
    }
    let other = Game::replay(&tampered).unwrap();
    assert_eq!(other.seats[0].card.get(Dickey), Some(0));
    assert_eq!(other.seats[0].total(), 30);
    // Without a hold the next roll rolls other dice.
    let mut cut = log.clone();
    cut.remove(5);
    assert_eq!(Game::replay(&cut), Err(ReplayError::Mismatch { index: 5 }));
    // A timeout that names another box than the one worth most.
    let mut tampered = log.clone();
    if let Event::Game(GameEvent::TimedOut { category, .. }) = &mut tampered[8] {
        *category = Chance;
    }
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Mismatch { index: 8 })
    );
    // A joker scored outside its upper box.
    let mut tampered = log.clone();
    tampered[10] = Event::Game(GameEvent::Scored { category: Chance });
    assert_eq!(
        Game::replay(&tampered),
        Err(ReplayError::Illegal {
            index: 10,
            error: RuleError::Game(GameError::JokerMustFillUpper(Sixes))
        })
    );
}

/// The game stored: kept, replayed and counted for its own kind by the store, on both backends
/// (the store's own tests, `store.rs`, are the same for every game).
mod stored {
    use crate::common::db::{on_both_backends, Db};

    use forgetit::engine::dice::RandomDice;
    use forgetit::engine::{Player, Scope};
    use forgetit::games::forgetit::{Game, Settings};
    use forgetit::store::{Place, StoreError};
    use forgetit::{ChannelId, GuildId, UserId};

    const ANN: Player = Player::Person(UserId::new(101));
    const BEN: Player = Player::Person(UserId::new(102));

    fn place(guild_id: u64, channel_id: u64) -> Place {
        Place::server(GuildId::new(guild_id), ChannelId::new(channel_id))
    }

    async fn a_get_dickey_game_is_stored_replayed_and_counted_for_its_own_kind(db: Db) {
        use forgetit::games::getdickey as gd;
        let store = db.open().await;
        let (mut game, created) = gd::Game::create(gd::Settings {}, ANN, "ann").unwrap();
        let at = place(5, 50);
        let id = store.create_game(at, &game, &created).await.unwrap();
        // A For Get It game cannot open in the same channel: one open game per channel, any kind.
        let (fgi, fgi_created) = Game::create(Settings::default(), BEN, "ben").unwrap();
        assert!(matches!(
            store.create_game(at, &fgi, &fgi_created).await,
            Err(StoreError::ChannelBusy { .. })
        ));
        assert_eq!(
            store.open_game_in(ChannelId::new(50)).await.unwrap(),
            Some((id, forgetit::games::getdickey::KIND.as_str().to_string()))
        );
        let mut dice = RandomDice::seeded(5);
        let mut act = |game: &gd::Game, action: gd::Action| {
            let event = game.decide(action, &mut dice).unwrap();
            let mut next = game.clone();
            next.evolve(&event);
            (next, event)
        };
        let (next, event) = act(&game, gd::Action::Start { by: ANN });
        store.commit(id, &next, &event, None).await.unwrap();
        game = next;
        // Solitaire (G1): roll once, score the best box, 13 times.
        while !game.is_over() {
            let (next, event) = act(
                &game,
                gd::Action::Play {
                    by: ANN,
                    mv: gd::Move::Roll,
                },
            );
            store.commit(id, &next, &event, None).await.unwrap();
            game = next;
            let best = game
                .score_options()
                .into_iter()
                .max_by_key(|o| o.points)
                .unwrap();
            let score = gd::Action::Play {
                by: ANN,
                mv: gd::Move::Score(best.category),
            };
            let (next, event) = act(&game, score);
            store.commit(id, &next, &event, None).await.unwrap();
            game = next;
        }
        let loaded = store.load::<gd::Game>(id).await.unwrap();
        assert_eq!(loaded.game, game);
        let total = u64::from(game.seats[0].total());
        let stats = store
            .player_stats(
                forgetit::games::getdickey::KIND,
                Scope::Guild(GuildId::new(5)),
                UserId::new(101),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (stats.games, stats.wins, stats.points, stats.best),
            (1, 1, total, total)
        );
        assert_eq!(stats.turns, 13);
        assert_eq!(
            store
                .player_stats(
                    forgetit::games::forgetit::KIND,
                    Scope::Guild(GuildId::new(5)),
                    UserId::new(101)
                )
                .await
                .unwrap(),
            None,
            "statistics are per game kind"
        );
    }

    on_both_backends!(a_get_dickey_game_is_stored_replayed_and_counted_for_its_own_kind);
}
