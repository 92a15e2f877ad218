//! How bot seats play. Pure: a policy looks at the game and names the action to take.

pub mod getdickey;
pub mod solver;

use crate::engine::forgetit::{Action, DieState, Game, Step, Word};

/// A simple, sensible For Get It policy for a bot seat (the strategy issue replaces it with the
/// optimal one): keep the number that sets the most dice aside (the higher on a tie), and bank at
/// 30 points or more, or as soon as two different words are out in the current set with dice
/// still in hand, or when banking would win the game now; otherwise roll.
///
/// Returns `None` when the bot seat is not on turn.
pub fn simple(game: &Game) -> Option<Action> {
    let turn = game.turn().ok()?;
    let by = game.seats[turn.seat].player;
    if !by.is_bot() {
        return None;
    }
    Some(match &turn.step {
        Step::Roll => Action::Roll { by },
        Step::ChoosePoint { options } => {
            let count = |n: u8| {
                turn.last_roll
                    .iter()
                    .filter(|d| d.face == crate::engine::forgetit::Face::Pip(n))
                    .count()
            };
            let number = options
                .iter()
                .copied()
                .max_by_key(|&n| (count(n), n))
                .unwrap_or(options[0]);
            Action::ChoosePoint { by, number }
        }
        Step::BankOrRoll => {
            let score = turn.score();
            let mut words = turn.words_this_set();
            words.dedup();
            let in_hand = turn.dice.contains(&DieState::InHand);
            let danger = in_hand && Word::ALL.iter().filter(|w| words.contains(w)).count() >= 2;
            let reaches = game.seats[turn.seat].total + score >= game.settings.target;
            if score >= 30 || danger || reaches {
                Action::Bank { by }
            } else {
                Action::Roll { by }
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{RandomDice, ScriptedDice};
    use crate::engine::forgetit::Settings;
    use crate::engine::Player;

    fn bot_game() -> Game {
        let (mut game, _) = Game::create(Settings::default(), Player::Person(1), "ann").unwrap();
        let none = &mut ScriptedDice::new([]);
        let join = Action::Join {
            player: Player::Bot(1),
            name: "Bot 1".into(),
        };
        game.apply(join, none).unwrap();
        // The bot wins the roll-off.
        let start = Action::Start {
            by: Player::Person(1),
        };
        game.apply(start, &mut ScriptedDice::new([1, 5])).unwrap();
        game
    }

    #[test]
    fn the_bot_keeps_the_number_with_most_dice_and_banks_when_two_words_are_out() {
        let mut game = bot_game();
        let bot = Player::Bot(1);
        assert_eq!(simple(&game), Some(Action::Roll { by: bot }));
        // Two 1s and three 4s, a FOR: keep the 4s.
        game.apply(
            Action::Roll { by: bot },
            &mut ScriptedDice::new([6, 1, 1, 4, 4, 4, 2, 3, 5]),
        )
        .unwrap();
        let choice = simple(&game).unwrap();
        assert_eq!(choice, Action::ChoosePoint { by: bot, number: 4 });
        game.apply(choice, &mut ScriptedDice::new([])).unwrap();
        assert_eq!(
            simple(&game),
            Some(Action::Roll { by: bot }),
            "12 points, one word"
        );
        // A GET now: FOR and GET are out, so bank.
        game.apply(
            Action::Roll { by: bot },
            &mut ScriptedDice::new([1, 1, 6, 2, 3]),
        )
        .unwrap();
        assert_eq!(simple(&game), Some(Action::Bank { by: bot }));
    }

    #[test]
    fn bots_finish_a_game_against_each_other() {
        let (mut game, _) = Game::create(Settings::default(), Player::Person(1), "ann").unwrap();
        let mut dice = RandomDice::seeded(3);
        for n in 1..=3 {
            let name = format!("Bot {n}");
            let join = Action::Join {
                player: Player::Bot(n),
                name,
            };
            game.apply(join, &mut dice).unwrap();
        }
        let start = Action::Start {
            by: Player::Person(1),
        };
        game.apply(start, &mut dice).unwrap();
        game.apply(
            Action::Leave {
                player: Player::Person(1),
            },
            &mut dice,
        )
        .unwrap();
        let mut moves = 0;
        while let Some(action) = simple(&game) {
            game.apply(action, &mut dice).unwrap();
            moves += 1;
            assert!(moves < 100_000);
        }
        assert!(game.is_over());
    }
}
