//! How For Get It's bot seats play. Pure: a policy looks at the game and names the action to take.
//!
//! Bot seats play [`optimal`]: the exact solver's policy ([`super::solver`]), playing to win in
//! their last turn ([`super::endgame`]) and in a race to the target ([`super::race`]), against
//! every other seat. [`leader`] and [`points`] play to win by other models, and [`Heuristic`]s
//! are simple policies, kept to compare with (`forgetit sim`).

use super::solver::{Choice, Model, Solver};
use super::{Action, DieState, Game, Move, Step, Turn, Word};
use crate::engine::Player;

/// The turn in progress and its player, when a bot seat is on turn.
fn bot_turn(game: &Game) -> Option<(&Turn, Player)> {
    let turn = game.turn().ok()?;
    let by = game.seats[turn.seat].player;
    by.is_bot().then_some((turn, by))
}

/// The For Get It bot seat's move: what maximizes the expected score of the turn
/// ([`Solver::best_move`]), with the solver's tables shared by every table of the service (they
/// are filled on first use and kept) — except when the game is near its end, where it plays for
/// the best chance of winning against every other seat, as long as that chance is not 0: in the
/// seat's last turn of the final round (F10), of ending on top ([`super::endgame`]), and before
/// it, when another seat is near the target, of winning the race to it ([`super::race`]). Those
/// modules explain the methods; [`Solver::choice`] is the choice, which the Odds show too.
///
/// Returns `None` when no bot seat is on turn.
pub fn optimal(game: &Game, solver: &mut Solver) -> Option<Action> {
    play(game, solver, Model::Field)
}

/// [`optimal`] against the leader alone, as the bots played before ([`Model::Leader`]): to
/// compare with, in simulations.
pub fn leader(game: &Game, solver: &mut Solver) -> Option<Action> {
    play(game, solver, Model::Leader)
}

/// [`optimal`] without the race: plays for expected points until its last turn of the final round
/// (to compare with, in simulations).
pub fn points(game: &Game, solver: &mut Solver) -> Option<Action> {
    play(game, solver, Model::NoRace)
}

/// The bot seat's move by `model` (the policies `forgetit sim` compares).
pub fn play_by(game: &Game, solver: &mut Solver, model: Model) -> Option<Action> {
    play(game, solver, model)
}

fn play(game: &Game, solver: &mut Solver, model: Model) -> Option<Action> {
    let (turn, by) = bot_turn(game)?;
    if turn.step == Step::Roll {
        // Nothing to choose: the turn starts, or no number is chosen yet (F5).
        return Some(Action::Play { by, mv: Move::Roll });
    }
    // The same choice as the Odds' (Solver::choice).
    Some(match solver.choice(game, model)? {
        Choice::Roll => Action::Play { by, mv: Move::Roll },
        Choice::Keep(number) => Action::Play {
            by,
            mv: Move::ChoosePoint(number),
        },
        Choice::Bank => Action::Play { by, mv: Move::Bank },
    })
}

/// A simple For Get It policy, to compare with the optimal one (simulations; bot seats play
/// [`optimal`]): keep the number that sets the most dice aside (the higher on a tie); bank once
/// the turn is worth `bank_at` points, or (with `two_words`) as soon as two different words are
/// out in the current set with dice still in hand, or when banking reaches the target; otherwise
/// roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    pub bank_at: Option<u32>,
    pub two_words: bool,
}

impl Heuristic {
    /// Bank at 30 points or with two words out.
    pub const GREEDY: Heuristic = Heuristic {
        bank_at: Some(30),
        two_words: true,
    };
    /// Bank with two words out, whatever the points.
    pub const TWO_WORDS: Heuristic = Heuristic {
        bank_at: None,
        two_words: true,
    };

    /// Bank at `points` points, whatever the words.
    pub const fn bank_at(points: u32) -> Heuristic {
        Heuristic {
            bank_at: Some(points),
            two_words: false,
        }
    }

    /// The bot seat's move; `None` when no bot seat is on turn.
    pub fn play(self, game: &Game) -> Option<Action> {
        let (turn, by) = bot_turn(game)?;
        Some(match &turn.step {
            Step::Roll => Action::Play { by, mv: Move::Roll },
            Step::ChoosePoint { options } => {
                let count = |n: u8| {
                    turn.last_roll
                        .iter()
                        .filter(|d| d.face == crate::games::forgetit::Face::Pip(n))
                        .count()
                };
                let number = options
                    .iter()
                    .copied()
                    .max_by_key(|&n| (count(n), n))
                    .unwrap_or(options[0]);
                Action::Play {
                    by,
                    mv: Move::ChoosePoint(number),
                }
            }
            Step::BankOrRoll => {
                let score = turn.score();
                let mut words = turn.words_this_set();
                words.dedup();
                let in_hand = turn.dice.contains(&DieState::InHand);
                let out = Word::ALL.iter().filter(|w| words.contains(w)).count();
                let danger = self.two_words && in_hand && out >= 2;
                let enough = self.bank_at.is_some_and(|points| score >= points);
                let reaches = game.seats[turn.seat].total + score >= game.settings.target;
                if enough || danger || reaches {
                    Action::Play { by, mv: Move::Bank }
                } else {
                    Action::Play { by, mv: Move::Roll }
                }
            }
        })
    }
}

/// [`Heuristic::GREEDY`]'s move.
pub fn greedy(game: &Game) -> Option<Action> {
    Heuristic::GREEDY.play(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{RandomDice, ScriptedDice};
    use crate::engine::Player;
    use crate::games::forgetit::Settings;
    use crate::ids::UserId;

    fn bot_game() -> Game {
        let (mut game, _) =
            Game::create(Settings::default(), Player::Person(UserId::new(1)), "ann").unwrap();
        let none = &mut ScriptedDice::new([]);
        let join = Action::Join {
            player: Player::Bot(1),
            name: "Bot 1".into(),
        };
        game.apply(join, none).unwrap();
        // The bot wins the roll-off.
        let start = Action::Start {
            by: Player::Person(UserId::new(1)),
        };
        game.apply(start, &mut ScriptedDice::new([1, 5])).unwrap();
        game
    }

    #[test]
    fn the_bot_keeps_the_number_with_most_dice_and_banks_when_two_words_are_out() {
        let mut game = bot_game();
        let bot = Player::Bot(1);
        assert_eq!(
            greedy(&game),
            Some(Action::Play {
                by: bot,
                mv: Move::Roll
            })
        );
        // Two 1s and three 4s, a FOR: keep the 4s.
        game.apply(
            Action::Play {
                by: bot,
                mv: Move::Roll,
            },
            &mut ScriptedDice::new([6, 1, 1, 4, 4, 4, 2, 3, 5]),
        )
        .unwrap();
        let choice = greedy(&game).unwrap();
        assert_eq!(
            choice,
            Action::Play {
                by: bot,
                mv: Move::ChoosePoint(4)
            }
        );
        game.apply(choice, &mut ScriptedDice::new([])).unwrap();
        assert_eq!(
            greedy(&game),
            Some(Action::Play {
                by: bot,
                mv: Move::Roll
            }),
            "12 points, one word"
        );
        // A GET now: FOR and GET are out, so bank.
        game.apply(
            Action::Play {
                by: bot,
                mv: Move::Roll,
            },
            &mut ScriptedDice::new([1, 1, 6, 2, 3]),
        )
        .unwrap();
        assert_eq!(
            greedy(&game),
            Some(Action::Play {
                by: bot,
                mv: Move::Bank
            })
        );
    }

    #[test]
    fn the_optimal_bot_keeps_and_banks_as_the_solver_says() {
        let mut solver = Solver::new();
        let mut game = bot_game();
        let bot = Player::Bot(1);
        assert_eq!(
            optimal(&game, &mut solver),
            Some(Action::Play {
                by: bot,
                mv: Move::Roll
            })
        );
        // Two 1s and three 4s, a FOR.
        game.apply(
            Action::Play {
                by: bot,
                mv: Move::Roll,
            },
            &mut ScriptedDice::new([6, 1, 1, 4, 4, 4, 2, 3, 5]),
        )
        .unwrap();
        let keep = optimal(&game, &mut solver).unwrap();
        assert_eq!(
            keep,
            Action::Play {
                by: bot,
                mv: Move::ChoosePoint(4)
            }
        );
        game.apply(keep, &mut ScriptedDice::new([])).unwrap();
        // 12 points, five dice in hand (two FOR, three IT dice), FOR out: roll on.
        assert_eq!(
            optimal(&game, &mut solver),
            Some(Action::Play {
                by: bot,
                mv: Move::Roll
            })
        );
        // A 4 and an IT: FOR and IT are out, but no GET die is in hand (one FOR die, two IT
        // dice): the set is safe, so rolling on can only add points. The greedy policy banks
        // with two words out; the optimal one rolls.
        game.apply(
            Action::Play {
                by: bot,
                mv: Move::Roll,
            },
            &mut ScriptedDice::new([1, 4, 6, 2, 3]),
        )
        .unwrap();
        assert_eq!(game.turn().unwrap().score(), 32);
        assert_eq!(
            greedy(&game),
            Some(Action::Play {
                by: bot,
                mv: Move::Bank
            })
        );
        assert_eq!(
            optimal(&game, &mut solver),
            Some(Action::Play {
                by: bot,
                mv: Move::Roll
            })
        );
        game.apply(
            Action::Play {
                by: bot,
                mv: Move::Bank,
            },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
        // Not a bot on turn: no move.
        assert_eq!(optimal(&game, &mut solver), None);
    }

    #[test]
    fn bots_finish_a_game_against_each_other() {
        let (mut game, _) =
            Game::create(Settings::default(), Player::Person(UserId::new(1)), "ann").unwrap();
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
            by: Player::Person(UserId::new(1)),
        };
        game.apply(start, &mut dice).unwrap();
        game.apply(
            Action::Leave {
                player: Player::Person(UserId::new(1)),
            },
            &mut dice,
        )
        .unwrap();
        // Bots 1 and 3 play optimally, bot 2 greedily.
        let mut solver = Solver::new();
        let mut moves = 0;
        loop {
            let action = match game.current_player() {
                Some(Player::Bot(2)) => greedy(&game),
                _ => optimal(&game, &mut solver),
            };
            let Some(action) = action else { break };
            game.apply(action, &mut dice).unwrap();
            moves += 1;
            assert!(moves < 100_000);
        }
        assert!(game.is_over());
    }
}
