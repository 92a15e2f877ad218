//! Property tests of the For Get It engine: random tables, random fair dice, random legal play.

use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::games::forgetit::*;
use forgetit::games::forgetit::{GameEvent, Move};
use proptest::prelude::*;

use crate::common::engine::{players_moves, seated};

/// Plays one random game to its end, checking the invariants after every event. Returns the
/// game and its log.
fn play(seats: usize, target: u32, seed: u64, bank_bias: u8, chaos: bool) -> (Game, Vec<Event>) {
    let mut dice = RandomDice::seeded(seed);
    let mut choices = RandomDice::seeded(seed ^ 0x5eed);
    let (mut game, mut log) = seated::<ForGetIt>(
        Settings {
            target,
            ..Default::default()
        },
        seats,
        &mut dice,
    );
    let mut steps = 0;
    while !game.is_over() {
        steps += 1;
        assert!(steps < 200_000, "the game should end");
        let legal = players_moves(&game);
        let has_bank = legal
            .iter()
            .any(|a| matches!(a, Action::Play { mv: Move::Bank, .. }));
        let action = if has_bank && choices.roll(100) <= bank_bias {
            legal
                .into_iter()
                .find(|a| matches!(a, Action::Play { mv: Move::Bank, .. }))
                .unwrap()
        } else {
            let non_bank: Vec<Action> = legal
                .into_iter()
                .filter(|a| !matches!(a, Action::Play { mv: Move::Bank, .. }))
                .collect();
            non_bank[(choices.roll(non_bank.len() as u8) - 1) as usize].clone()
        };
        // With chaos, the clock runs out now and then and players walk away.
        let chaos = chaos && game.turn().is_ok();
        let action = match choices.roll(100) {
            1..=3 if chaos => Action::TimeOut,
            4 if chaos => {
                let seat = &game.seats[(choices.roll(seats as u8) - 1) as usize];
                if !seat.is_playing() {
                    continue;
                }
                Action::Leave {
                    player: seat.player,
                }
            }
            _ => action,
        };
        let before = game.clone();
        let event = game.apply(action, &mut dice).unwrap();
        check_step(&before, &event, &game);
        log.push(event);
    }
    (game, log)
}

fn check_step(before: &Game, event: &Event, after: &Game) {
    assert_eq!(after.version, before.version + 1);
    if let Ok(turn) = after.turn() {
        // The nine dice of a set are each either in hand or set aside, never lost or doubled.
        let aside = turn.dice.iter().filter(|d| **d != DieState::InHand).count();
        assert_eq!(turn.in_hand().len() + aside, DICE);
        // A live turn never has FORGET IT spelled in its current set.
        assert!(!turn.spelled_forget_it());
    }
    if let Event::Game(GameEvent::Rolled { dice }) = event {
        let turn = before.turn().unwrap();
        // The dice rolled are exactly the dice in hand (all nine after a full set).
        let rolled: Vec<usize> = dice.iter().map(|d| d.die as usize).collect();
        let expected = if turn.all_set_aside() {
            (0..DICE).collect()
        } else {
            turn.in_hand()
        };
        assert_eq!(rolled, expected);
        // FORGET IT happens exactly when this set's word dice cover all three words.
        let mut words: Vec<Word> = if turn.all_set_aside() {
            Vec::new()
        } else {
            turn.words_this_set()
        };
        words.extend(
            dice.iter()
                .filter(|d| d.face == Face::Word)
                .map(|d| d.word()),
        );
        let spelled = Word::ALL.iter().all(|w| words.contains(w));
        let ended_forget_it = after.last_turn.as_ref().is_some_and(|r| {
            r.turn.number == turn.number && r.end == TurnEnd::Played(Ending::ForgetIt)
        });
        assert_eq!(spelled, ended_forget_it);
    }
    if let Some(result) = &after.last_turn {
        if before.last_turn.as_ref() != Some(result)
            && matches!(
                result.end,
                TurnEnd::Played(Ending::Banked) | TurnEnd::Played(Ending::ForgetIt)
            )
        {
            // A turn's score is never negative, and is 0 exactly when FORGET IT was spelled.
            assert_eq!(
                result.points == 0,
                result.end == TurnEnd::Played(Ending::ForgetIt),
                "{result:?}"
            );
            assert_eq!(result.points, result.turn.score() - result.lost);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_legal_play_ends_with_a_winner_and_replays_exactly(
        seats in MIN_SEATS..=MAX_SEATS,
        target in prop_oneof![Just(500u32), 1u32..300],
        seed in any::<u64>(),
        bank_bias in 5u8..95,
    ) {
        let (game, log) = play(seats, target, seed, bank_bias, false);
        let Phase::Finished { winners } = &game.phase else {
            panic!("not finished: {:?}", game.phase)
        };
        prop_assert!(!winners.is_empty());
        let best = game.seats.iter().map(|s| s.total).max().unwrap();
        prop_assert!(best >= target);
        for &w in winners {
            prop_assert_eq!(game.seats[w].total, best);
        }
        // Every seat had the same number of turns, give or take the round in progress (F10).
        let turns: Vec<u32> = game.seats.iter().map(|s| s.stats.turns).collect();
        let (lo, hi) = (turns.iter().min().unwrap(), turns.iter().max().unwrap());
        prop_assert!(hi - lo <= 1, "{turns:?}");
        // Replaying the events gives the same game.
        prop_assert_eq!(Game::replay(&log), Ok(game));
    }

    #[test]
    fn with_timeouts_and_leavers_the_game_still_ends_and_replays(
        seats in MIN_SEATS..=MAX_SEATS,
        target in 1u32..300,
        seed in any::<u64>(),
        bank_bias in 5u8..95,
    ) {
        let (game, log) = play(seats, target, seed, bank_bias, true);
        let Phase::Finished { winners } = &game.phase else {
            panic!("not finished: {:?}", game.phase)
        };
        // The winners are the seats still playing with the highest total.
        let best = game.seats.iter().filter(|s| s.is_playing()).map(|s| s.total).max();
        for (i, seat) in game.seats.iter().enumerate() {
            let wins = seat.is_playing() && Some(seat.total) == best;
            prop_assert_eq!(winners.contains(&i), wins);
        }
        prop_assert_eq!(Game::replay(&log), Ok(game));
    }
}
