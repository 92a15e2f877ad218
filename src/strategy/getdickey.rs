//! A simple Get Dickey policy for bot seats (the strategy issue replaces it with the optimal one):
//! roll, keep the dice of the face showing most (the higher on a tie), and score in the open box
//! worth most once it is worth 25 or more, or when no roll is left.

use crate::engine::getdickey::{Action, Game};

/// The bot seat's next move, or `None` when no bot seat is on turn. A hold change is one move:
/// the bot calls again for the next one.
pub fn simple(game: &Game) -> Option<Action> {
    let turn = game.turn().ok()?;
    let by = game.seats[turn.seat].player;
    if !by.is_bot() {
        return None;
    }
    let Some(dice) = turn.dice else {
        return Some(Action::Roll { by });
    };
    let best = game.score_options().into_iter().max_by_key(|o| {
        (
            o.points + o.dickey_bonus,
            std::cmp::Reverse(o.category.index()),
        )
    })?;
    if best.points + best.dickey_bonus >= 25 || !turn.can_hold() {
        return Some(Action::Score {
            by,
            category: best.category,
        });
    }
    let count = |face: u8| dice.iter().filter(|&&d| d == face).count();
    let keep = (1..=6u8).max_by_key(|&f| (count(f), f))?;
    let wanted = dice.map(|d| d == keep);
    match (0..dice.len()).find(|&i| turn.held[i] != wanted[i]) {
        Some(die) => Some(Action::ToggleHold { by, die: die as u8 }),
        None if turn.can_roll() => Some(Action::Roll { by }),
        None => Some(Action::Score {
            by,
            category: best.category,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::RandomDice;
    use crate::engine::getdickey::Settings;
    use crate::engine::Player;

    #[test]
    fn bots_play_a_whole_game_of_get_dickey() {
        let mut dice = RandomDice::seeded(9);
        let (mut game, _) = Game::create(Settings {}, Player::Bot(1), "Bot 1").unwrap();
        let join = Action::Join {
            player: Player::Bot(2),
            name: "Bot 2".into(),
        };
        game.apply(join, &mut dice).unwrap();
        game.apply(Action::Start { by: Player::Bot(1) }, &mut dice)
            .unwrap();
        let mut moves = 0;
        while let Some(action) = simple(&game) {
            game.apply(action, &mut dice).unwrap();
            moves += 1;
            assert!(moves < 10_000);
        }
        assert!(game.is_over());
        assert!(game.seats.iter().all(|s| s.card.is_full()));
    }
}
