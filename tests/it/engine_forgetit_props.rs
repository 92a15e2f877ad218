//! Property tests of the For Get It engine: random tables, random fair dice, random legal play,
//! checking For Get It's own rules after every event (F1, F4, F9) and at the end (F10). That a
//! random game of every game ends, ranks its winners and replays exactly from its log is
//! `every_game::random_play_ends_and_replays_exactly`.

use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::games::forgetit::*;
use forgetit::games::forgetit::{GameEvent, Move};
use proptest::prelude::*;

use crate::common::engine::{players_moves, seated};

/// Plays one random game to its end, checking the invariants after every event.
fn play(seats: usize, target: u32, seed: u64, bank_bias: u8, chaos: bool) -> Game {
    let mut dice = RandomDice::seeded(seed);
    let mut choices = RandomDice::seeded(seed ^ 0x5eed);
    let (mut game, _) = seated::<ForGetIt>(
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
        let chaos = if chaos {
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
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// Every roll rolls the dice in hand and FORGET IT comes exactly when a set's words cover all
    /// three (F1, F4), a banked turn scores as F9 says; without timeouts and leavers, the game
    /// ends with the highest totals past the target winning, every seat having had as many turns
    /// as the others give or take the last round (F10).
    #[test]
    fn f1_f4_f9_f10_random_legal_play_keeps_the_dice_and_ends_past_the_target(
        seats in MIN_SEATS..=MAX_SEATS,
        target in prop_oneof![Just(500u32), 1u32..300],
        seed in any::<u64>(),
        bank_bias in 5u8..95,
        chaos in any::<bool>(),
    ) {
        let game = play(seats, target, seed, bank_bias, chaos);
        let Phase::Finished { winners } = &game.phase else {
            panic!("not finished: {:?}", game.phase)
        };
        if !chaos {
            prop_assert!(!winners.is_empty());
            let best = game.seats.iter().map(|s| s.total).max().unwrap();
            prop_assert!(best >= target);
            for &w in winners {
                prop_assert_eq!(game.seats[w].total, best);
            }
            let turns: Vec<u32> = game.seats.iter().map(|s| s.stats.turns).collect();
            let (lo, hi) = (turns.iter().min().unwrap(), turns.iter().max().unwrap());
            prop_assert!(hi - lo <= 1, "{turns:?}");
        }
    }
}
