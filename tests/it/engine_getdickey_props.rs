//! Property tests of the Get Dickey engine: random tables, random dice (fair, or loaded so that
//! five alike and jokers come up often), random legal play, checking Get Dickey's own rules after
//! every event (G1–G7). That a random game of every game ends, ranks its winners and replays
//! exactly from its log is `every_game::random_play_ends_and_replays_exactly`.

use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::games::getdickey::*;
use forgetit::games::getdickey::{GameEvent, Move};
use proptest::prelude::*;

use crate::common::engine::{players_moves, seated_and_started};

/// Dice that show only the faces `1..=faces`: with 1 or 2 faces five alike comes up all the time.
struct Loaded {
    dice: RandomDice<rand::rngs::StdRng>,
    faces: u8,
}

impl DiceSource for Loaded {
    fn roll(&mut self, sides: u8) -> u8 {
        self.dice.roll(self.faces.min(sides))
    }
}

/// A scorer written from RULES.md independently of the engine's, to check it against.
fn reference_points(category: Category, hand: &Hand, joker: bool) -> u32 {
    let mut sorted = *hand;
    sorted.sort();
    let total: u32 = hand.iter().map(|&f| f as u32).sum();
    let of = |face: u8| hand.iter().filter(|&&f| f == face).count();
    let max_alike = (1..=6).map(of).max().unwrap();
    let mut distinct = sorted.to_vec();
    distinct.dedup();
    let straight = |len: usize| {
        (1..=6u8).any(|start| (start..start + len as u8).all(|f| distinct.contains(&f)))
    };
    match category {
        c if c.is_upper() => {
            let face = c.upper_face().unwrap();
            face as u32 * of(face) as u32
        }
        Category::ThreeOfAKind if max_alike >= 3 => total,
        Category::FourOfAKind if max_alike >= 4 => total,
        Category::FullHouse if joker => 25,
        Category::FullHouse if (1..=6).any(|f| of(f) == 3) && (1..=6).any(|f| of(f) == 2) => 25,
        Category::SmallStraight if joker || straight(4) => 30,
        Category::LargeStraight if joker || straight(5) => 40,
        Category::Dickey if max_alike == 5 => 50,
        Category::Chance => total,
        _ => 0,
    }
}

struct Options {
    seats: usize,
    seed: u64,
    faces: u8,
    roll_bias: u8,
    chaos: bool,
}

/// Plays one random game to its end, checking the invariants after every event.
fn play(o: &Options) -> Game {
    let mut dice = Loaded {
        dice: RandomDice::seeded(o.seed),
        faces: o.faces,
    };
    let mut choices = RandomDice::seeded(o.seed ^ 0x5eed);
    let (mut game, _) = seated_and_started::<GetDickey>(Settings::default(), o.seats, &mut dice);
    let mut steps = 0;
    while !game.is_over() {
        steps += 1;
        assert!(steps < 20_000, "the game should end");
        let legal = players_moves(&game);
        let pick = |kind: fn(&Action) -> bool, choices: &mut RandomDice<_>| {
            let some: Vec<&Action> = legal.iter().filter(|a| kind(a)).collect();
            (!some.is_empty()).then(|| some[(choices.roll(some.len() as u8) - 1) as usize].clone())
        };
        let roll = pick(
            |a| matches!(a, Action::Play { mv: Move::Roll, .. }),
            &mut choices,
        );
        let hold = pick(
            |a| {
                matches!(
                    a,
                    Action::Play {
                        mv: Move::ToggleHold(_),
                        ..
                    }
                )
            },
            &mut choices,
        );
        let score = pick(
            |a| {
                matches!(
                    a,
                    Action::Play {
                        mv: Move::Score(_),
                        ..
                    }
                )
            },
            &mut choices,
        );
        let action = match choices.roll(100) {
            n if n <= o.roll_bias && roll.is_some() => roll.unwrap(),
            n if n <= o.roll_bias + 10 && hold.is_some() => hold.unwrap(),
            _ => score.or(roll).unwrap(),
        };
        // With chaos, the clock runs out now and then and players walk away.
        let chaos = if o.chaos {
            crate::common::engine::chaos(&game, &mut choices)
        } else {
            None
        };
        let action = chaos.unwrap_or(action);
        let before = game.clone();
        let event = game.apply(action, &mut dice).unwrap();
        check_step(&before, &event, &game);
    }
    game
}

fn check_card(card: &Scorecard) {
    // The total is the sum of the boxes and the bonuses (G7).
    let boxes: u32 = card.boxes.iter().flatten().sum();
    let upper: u32 = card.boxes[..6].iter().flatten().sum();
    let bonus = if upper >= 63 { 35 } else { 0 };
    assert_eq!(card.total(), boxes + bonus + 100 * card.dickey_bonuses);
    let s = card.summary();
    assert_eq!(s.total, s.upper + s.upper_bonus + s.lower + s.dickey_bonus);
    assert_eq!(s.upper + s.lower, boxes);
    // A Dickey bonus needs the Dickey box at 50.
    if card.dickey_bonuses > 0 {
        assert_eq!(card.get(Category::Dickey), Some(50));
    }
}

fn check_step(before: &Game, event: &Event, after: &Game) {
    assert_eq!(after.version, before.version + 1);
    for seat in &after.seats {
        check_card(&seat.card);
        assert_eq!(seat.stats.turns as usize, seat.card.filled());
    }
    if let Ok(turn) = after.turn() {
        assert!((1..=ROUNDS).contains(&turn.round));
        assert!(turn.rolls <= MAX_ROLLS);
        assert!(after.seats[turn.seat].is_playing());
        // A seat still playing has filled exactly one box in every earlier round.
        assert_eq!(
            after.seats[turn.seat].card.filled(),
            turn.round as usize - 1
        );
        if let Some(hand) = turn.dice {
            assert!(hand.iter().all(|f| (1..=6).contains(f)));
        }
    }
    match event {
        Event::Game(GameEvent::Rolled { dice }) => {
            let turn = before.turn().unwrap();
            // The dice rolled are exactly the dice not held; the held dice keep their faces.
            let rolled: Vec<usize> = dice.iter().map(|d| d.die as usize).collect();
            assert_eq!(rolled, turn.free_dice());
            if let (Some(old), Ok(new)) = (turn.dice, after.turn()) {
                let new = new.dice.unwrap();
                for (d, _) in turn.held.iter().enumerate().filter(|(_, held)| **held) {
                    assert_eq!(old[d], new[d]);
                }
            }
        }
        Event::Game(GameEvent::Scored { category })
        | Event::Game(GameEvent::TimedOut { category, .. }) => {
            let turn = before.turn().unwrap();
            let card = &before.seats[turn.seat].card;
            let after_card = &after.seats[turn.seat].card;
            let result = after.last_turn.as_ref().unwrap();
            let hand = result.turn.dice.unwrap();
            // Exactly one box, open before, is filled.
            assert!(card.is_open(*category));
            assert_eq!(after_card.filled(), card.filled() + 1);
            for c in Category::ALL {
                if c != *category {
                    assert_eq!(card.get(c), after_card.get(c));
                }
            }
            // The joker (G6), checked against an independent scorer.
            let five = hand.iter().all(|&f| f == hand[0]);
            let joker = five && !card.is_open(Category::Dickey);
            if joker && card.is_open(Category::upper(hand[0]).unwrap()) {
                assert_eq!(*category, Category::upper(hand[0]).unwrap());
            }
            assert_eq!(
                after_card.get(*category),
                Some(reference_points(*category, &hand, joker))
            );
            let bonus = five && card.get(Category::Dickey) == Some(50);
            assert_eq!(
                after_card.dickey_bonuses,
                card.dickey_bonuses + u32::from(bonus)
            );
            if let Event::Game(GameEvent::TimedOut { .. }) = event {
                // The bot took a box worth most.
                let best = card.options(&hand).iter().map(|o| o.points).max();
                assert_eq!(after_card.get(*category), best);
            }
        }
        _ => {}
    }
}

fn check_end(game: &Game) {
    let Phase::Finished { winners } = &game.phase else {
        panic!("not finished: {:?}", game.phase)
    };
    // The winners are the seats still playing with the highest total (G7).
    let best = game
        .seats
        .iter()
        .filter(|s| s.is_playing())
        .map(|s| s.total())
        .max();
    for (i, seat) in game.seats.iter().enumerate() {
        let wins = seat.is_playing() && Some(seat.total()) == best;
        assert_eq!(winners.contains(&i), wins);
        // Every seat still playing has every box filled exactly once, in 13 turns (G1, G7).
        if seat.is_playing() {
            assert!(seat.card.is_full());
            assert_eq!(seat.stats.turns, ROUNDS);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every roll rolls the dice not held, every box is filled once and scores as an independent
    /// scorer says, jokers and their bonuses included, a timed-out turn takes a box worth most
    /// (G2–G6); at the end the highest grand totals still playing win, every seat still playing
    /// with its card full in 13 turns (G1, G7).
    #[test]
    fn g1_to_g7_random_legal_play_fills_every_box_once_as_the_rules_say(
        seats in MIN_SEATS..=MAX_SEATS,
        seed in any::<u64>(),
        faces in prop_oneof![Just(6u8), 1u8..=3],
        roll_bias in 0u8..80,
        chaos in any::<bool>(),
    ) {
        let game = play(&Options { seats, seed, faces, roll_bias, chaos });
        check_end(&game);
        if !chaos {
            let Phase::Finished { winners } = &game.phase else { unreachable!() };
            prop_assert!(!winners.is_empty());
            prop_assert!(game.seats.iter().all(|s| s.card.is_full()));
        }
    }
}
