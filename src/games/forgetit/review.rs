//! For Get It's review: a seat's play against the bot seats' own (see `strategy::review`).
//!
//! A turn is judged as the bot seats play it ([`Solver::choice`]). Mostly that is for points: the
//! value is the expected score of the turn in progress ([`Solver`]), and a turn starts at
//! [`Solver::turn_value`] (56.23): `expected` is that, once per turn judged in points. In the
//! seat's last turn of the final round (F10, [`super::endgame`]) and when an opponent is near the
//! target ([`super::race`]), the bot seats play for the chance of winning: such a turn is judged
//! in percentage points of that chance ([`Unit::Chance`]), by the same model
//! ([`Solver::win_turn`]), and kept out of the totals in points (`strategy::review`'s two
//! currencies). A turn whose chance is 0 from its start (the leader out of reach) is judged in
//! points, as the bot plays it; one whose chance falls to 0 during it stays judged in chances,
//! where nothing it does can cost anything any more.

use super::solver::{
    after_choosing, state_of, win_keep_value, win_roll_value, win_value, Choice, Model, Solver,
};
use crate::engine::table::{Event, TableEvent};
use crate::engine::Player;
use crate::games::forgetit;
use crate::strategy::review::{start_and_seat, turn_of, Builder, Ended, Review, ReviewError, Unit};
/// A For Get It decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FgiAct {
    /// Roll on, with this many points in the turn.
    Roll { points: u32 },
    /// Keep this number as the point number (F5).
    Keep(u8),
    /// Bank this many points.
    Bank(u32),
}

/// The value of a For Get It turn where it stands (before its player's next move).
fn fgi_value(solver: &mut Solver, turn: &forgetit::Turn) -> f64 {
    let (hand, words, k) = state_of(turn);
    match (&turn.step, turn.point) {
        (forgetit::Step::Roll, _) => solver.open_value(hand, words),
        (forgetit::Step::ChoosePoint { options }, _) => options
            .iter()
            .map(|&p| keep_value(solver, turn, p))
            .fold(f64::MIN, f64::max),
        (forgetit::Step::BankOrRoll, Some(p)) => f64::from(p) * solver.value(k, hand, words),
        (forgetit::Step::BankOrRoll, None) => 0.0,
    }
}

/// The value of keeping `p` on the turn's last roll.
fn keep_value(solver: &mut Solver, turn: &forgetit::Turn, p: u8) -> f64 {
    let (_, words, _) = state_of(turn);
    let (k, left) = after_choosing(turn, p);
    f64::from(p) * solver.value(k, left, words)
}

/// The value of rolling now.
fn roll_value(solver: &mut Solver, turn: &forgetit::Turn) -> f64 {
    let (hand, words, k) = state_of(turn);
    match turn.point {
        Some(p) => f64::from(p) * solver.roll_value(k, hand, words),
        None => solver.open_value(hand, words),
    }
}

/// How a turn is judged: in expected points, or in percentage points of the chance of winning.
/// Each value is asked of the game as it stands (`game`, its turn `turn`).
struct Judge<'a> {
    solver: &'a mut Solver,
    chance: bool,
}

impl Judge<'_> {
    /// Runs `f` on the turn played to win, or gives `or` (the turn is not played to win: never
    /// once the turn is judged in chances, whose game does not change).
    fn win(
        &mut self,
        game: &forgetit::Game,
        f: impl FnOnce(&mut forgetit_solver::UtilityTurn) -> f64,
    ) -> f64 {
        self.solver
            .win_turn(game, Model::Field)
            .map_or(0.0, |(_, turn)| 100.0 * f(turn))
    }

    /// The turn's value where it stands.
    fn value(&mut self, game: &forgetit::Game, turn: &forgetit::Turn) -> f64 {
        if self.chance {
            self.win(game, |u| win_value(u, turn))
        } else {
            fgi_value(self.solver, turn)
        }
    }

    fn roll(&mut self, game: &forgetit::Game, turn: &forgetit::Turn) -> f64 {
        if self.chance {
            self.win(game, |u| win_roll_value(u, turn))
        } else {
            roll_value(self.solver, turn)
        }
    }

    fn keep(&mut self, game: &forgetit::Game, turn: &forgetit::Turn, p: u8) -> f64 {
        if self.chance {
            self.win(game, |u| win_keep_value(u, turn, p))
        } else {
            keep_value(self.solver, turn, p)
        }
    }

    /// What banking `score` is worth (FORGET IT banks 0).
    fn bank(&mut self, game: &forgetit::Game, score: u32) -> f64 {
        if self.chance {
            self.win(game, |u| u.utility(score))
        } else {
            f64::from(score)
        }
    }
}

/// The review of `player`'s play in a For Get It game, from its event log.
pub fn forgetit(
    events: &[forgetit::Event],
    player: Player,
    solver: &mut Solver,
) -> Result<Review<FgiAct>, ReviewError> {
    let (mut game, seat, name) = start_and_seat::<forgetit::ForGetIt>(events, player)?;
    let mut review = Builder::new(seat, name);
    // Whether the turn in progress is judged in chances.
    let mut chance = false;
    for event in &events[1..] {
        let before = turn_of(&game, seat).cloned();
        // The turn's value before the event.
        let mut value_before = 0.0;
        if let Some(turn) = &before {
            if review.open.is_none() {
                chance = open_turn(&mut review, solver, &game, turn);
            }
            let mut judge = Judge {
                solver: &mut *solver,
                chance,
            };
            let value = judge.value(&game, turn);
            value_before = value;
            match event {
                Event::Game(forgetit::GameEvent::Rolled { .. }) => {
                    let chosen = judge.roll(&game, turn);
                    if turn.step == forgetit::Step::BankOrRoll {
                        let best = solver.choice(&game, Model::Field).unwrap_or(Choice::Roll);
                        let act = FgiAct::Roll {
                            points: turn.score(),
                        };
                        review.decided(act, fgi_act(best, turn), chosen, value);
                    }
                    let mut judge = Judge {
                        solver: &mut *solver,
                        chance,
                    };
                    rolled(
                        &mut review,
                        &mut judge,
                        &mut game,
                        seat,
                        turn,
                        event,
                        chosen,
                    );
                    continue;
                }
                Event::Game(forgetit::GameEvent::PointChosen { number }) => {
                    let chosen = judge.keep(&game, turn, *number);
                    let best = solver
                        .choice(&game, Model::Field)
                        .unwrap_or(Choice::Keep(*number));
                    review.decided(FgiAct::Keep(*number), fgi_act(best, turn), chosen, value);
                }
                Event::Game(forgetit::GameEvent::Banked) => {
                    let chosen = judge.bank(&game, turn.score());
                    let best = solver.choice(&game, Model::Field).unwrap_or(Choice::Bank);
                    review.decided(
                        FgiAct::Bank(turn.score()),
                        fgi_act(best, turn),
                        chosen,
                        value,
                    );
                    review.end_turn_at(turn.score(), chance.then_some(chosen));
                }
                Event::Game(forgetit::GameEvent::TimedOut) => {
                    // The table banks a chosen number's points, else the turn scores 0.
                    let points = turn.score();
                    let banked = judge.bank(&game, points);
                    review.forfeit(value - banked, Ended::TimedOut);
                    review.end_turn_at(points, chance.then_some(banked));
                }
                Event::Table(TableEvent::Left { player: who }) if *who == player => {
                    review.forfeit(value, Ended::Left);
                    review.end_turn_at(0, chance.then_some(0.0));
                }
                _ => {}
            }
        }
        game.evolve(event);
        if review.open.is_some() && turn_of(&game, seat).is_none() {
            // The game ended during the turn (everyone else left): it scored nothing.
            if before.is_some() {
                review.forfeit(value_before, Ended::Unfinished);
            }
            review.end_turn_at(0, chance.then_some(0.0));
        }
    }
    Ok(review.review)
}

/// Opens the seat's turn, judged as the bot seats play it: to win when they do and can (in
/// chances, from its chance at the start), else in points. Whether it is judged in chances.
fn open_turn(
    review: &mut Builder<FgiAct>,
    solver: &mut Solver,
    game: &forgetit::Game,
    turn: &forgetit::Turn,
) -> bool {
    let start = solver
        .win_turn(game, Model::Field)
        .map(|(_, u)| 100.0 * win_value(u, turn))
        .filter(|&c| c > 0.0);
    match start {
        Some(start) => {
            review.open_turn(turn.round, Unit::Chance, Some(start));
        }
        None => {
            review.review.expected += fgi_value(solver, turn);
            review.open_turn(turn.round, Unit::Points, None);
        }
    }
    start.is_some()
}

/// Applies the seat's roll `event` to `game` and judges its luck, from `chosen` (the value of
/// rolling) to where the roll left the turn (nothing, on FORGET IT: the turn ends with it).
fn rolled(
    review: &mut Builder<FgiAct>,
    judge: &mut Judge<'_>,
    game: &mut forgetit::Game,
    seat: usize,
    turn: &forgetit::Turn,
    event: &forgetit::Event,
    chosen: f64,
) {
    let at_roll = game.clone();
    game.evolve(event);
    let after = match turn_of(game, seat) {
        Some(now) if now.number == turn.number => {
            let now = now.clone();
            judge.value(game, &now)
        }
        _ => judge.bank(&at_roll, 0), // FORGET IT (F4)
    };
    review.rolled(chosen, after);
    if turn_of(game, seat).is_none_or(|now| now.number != turn.number) {
        review.end_turn_at(0, judge.chance.then_some(after));
    }
}

fn fgi_act(choice: Choice, turn: &forgetit::Turn) -> FgiAct {
    match choice {
        Choice::Roll => FgiAct::Roll {
            points: turn.score(),
        },
        Choice::Keep(n) => FgiAct::Keep(n),
        Choice::Bank => FgiAct::Bank(turn.score()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{RandomDice, ScriptedDice};
    use crate::games::forgetit::{Action, Game, Move, Settings};
    use crate::ids::UserId;
    use crate::strategy::review::adds_up;

    const ANN: Player = Player::Person(UserId::new(1));
    const BEN: Player = Player::Person(UserId::new(2));

    /// ann and ben at a For Get It table; ann won the roll-off.
    fn fgi_start(target: u32) -> (Game, Vec<forgetit::Event>) {
        let (mut game, created) = Game::create(
            Settings {
                target,
                ..Default::default()
            },
            ANN,
            "ann",
        )
        .unwrap();
        let mut log = vec![created];
        let none = &mut ScriptedDice::new([]);
        let join = Action::Join {
            player: BEN,
            name: "ben".into(),
        };
        log.push(game.apply(join, none).unwrap());
        let start = Action::Start { by: ANN };
        log.push(game.apply(start, &mut ScriptedDice::new([5, 1])).unwrap());
        (game, log)
    }

    fn play(
        game: &mut Game,
        log: &mut Vec<forgetit::Event>,
        action: Action,
        dice: &mut impl crate::engine::dice::DiceSource,
    ) {
        log.push(game.apply(action, dice).unwrap());
    }

    /// Every seat played by `policy` on random dice, to the end.
    fn fgi_game(
        seed: u64,
        solver: &mut Solver,
        ann_plays: impl Fn(&Game, &mut Solver) -> Action,
    ) -> Vec<forgetit::Event> {
        let (mut game, mut log) = fgi_start(300);
        let mut dice = RandomDice::seeded(seed);
        while !game.is_over() {
            let Some(player) = game.current_player() else {
                break;
            };
            let action = if player == ANN {
                ann_plays(&game, solver)
            } else {
                as_bot(
                    super::super::bot::points(&as_bot_game(&game, player), solver).unwrap(),
                    player,
                )
            };
            play(&mut game, &mut log, action, &mut dice);
        }
        log
    }

    /// The game with `player` as a bot seat (the policies move bot seats only).
    fn as_bot_game(game: &Game, player: Player) -> Game {
        let mut game = game.clone();
        for seat in &mut game.seats {
            if seat.player == player {
                seat.player = Player::Bot(99);
            }
        }
        game
    }

    fn as_bot(action: Action, player: Player) -> Action {
        match action {
            Action::Play { mv, .. } => Action::Play { by: player, mv },
            other => other,
        }
    }

    #[test]
    fn an_optimal_player_loses_nothing_and_the_review_adds_up() {
        let mut solver = Solver::new();
        let mut to_win = 0;
        for seed in 1..=3 {
            // Target 300: the game is long enough to have many turns, with a race near its
            // end and last turns (F10), which ann plays to win as the bot seats do.
            let log = fgi_game(seed, &mut solver, |game, solver| {
                let turn = game.turn().unwrap();
                let by = game.seats[turn.seat].player;
                let mv = match solver.choice(game, Model::Field).unwrap() {
                    Choice::Roll => Move::Roll,
                    Choice::Keep(n) => Move::ChoosePoint(n),
                    Choice::Bank => Move::Bank,
                };
                Action::Play { by, mv }
            });
            let review = forgetit(&log, ANN, &mut solver).unwrap();
            assert!(review.mistakes.is_empty(), "{:?}", review.mistakes);
            assert_eq!(review.lost, 0.0);
            assert_eq!(review.forfeited, 0.0);
            assert!(adds_up(&review), "{review:?}");
            let game = Game::replay(&log).unwrap();
            assert_eq!(review.points, game.seats[0].total);
            let in_points = review
                .turns
                .iter()
                .filter(|t| t.unit == Unit::Points)
                .count() as f64;
            assert!((review.expected - in_points * solver.turn_value()).abs() < 1e-9);
            // The other seat's review adds up too (it plays for points to the end, its last
            // turn apart: judged in chances, near the end its decisions may cost some).
            let ben = forgetit(&log, BEN, &mut solver).unwrap();
            assert!(adds_up(&ben), "{ben:?}");
            assert_eq!(ben.points, game.seats[1].total);
            to_win += review
                .turns
                .iter()
                .filter(|t| t.unit == Unit::Chance)
                .count();
        }
        // Rounds played to win were judged, in chances (adds_up checked each one's identity).
        assert!(to_win > 0);
    }

    #[test]
    fn a_greedy_player_loses_what_the_solver_says_and_luck_is_the_rest() {
        let mut solver = Solver::new();
        let log = fgi_game(5, &mut solver, |game, _| {
            let turn = game.turn().unwrap();
            let by = game.seats[turn.seat].player;
            as_bot(
                super::super::bot::greedy(&as_bot_game(game, by)).unwrap(),
                by,
            )
        });
        let review = forgetit(&log, ANN, &mut solver).unwrap();
        assert!(!review.mistakes.is_empty());
        assert!(review.lost > 0.0);
        assert!(adds_up(&review), "{review:?}");
        // The totals are in points: rounds judged in chances (near the end) stay out of them.
        let total: f64 = review
            .mistakes
            .iter()
            .filter(|m| m.unit == Unit::Points)
            .map(|m| m.cost)
            .sum();
        assert!((total - review.lost).abs() < 1e-9);
        let per_turn: f64 = review
            .turns
            .iter()
            .filter(|t| t.unit == Unit::Points)
            .map(|t| t.luck)
            .sum();
        assert!((per_turn - review.luck).abs() < 1e-9);
    }

    /// F7: banking 8 with the 4s kept and one FOR, two GET and two IT dice in hand, GET and IT
    /// out: the solver's roll value against 8.
    #[test]
    fn one_decision_costs_the_difference_of_the_solver_values() {
        let mut solver = Solver::new();
        let (mut game, mut log) = fgi_start(500);
        let none = &mut ScriptedDice::new([]);
        let roll = Action::Play {
            by: ANN,
            mv: Move::Roll,
        };
        // Two 4s on FOR dice, two 1s, a GET and an IT.
        play(
            &mut game,
            &mut log,
            roll.clone(),
            &mut ScriptedDice::new([4, 4, 1, 6, 2, 3, 6, 5, 1]),
        );
        let before_keep = fgi_value(&mut solver, game.turn().unwrap());
        play(
            &mut game,
            &mut log,
            Action::Play {
                by: ANN,
                mv: Move::ChoosePoint(1),
            },
            none,
        );
        let kept_1s = solver.value(2, [2, 2, 1], 0b110);
        play(
            &mut game,
            &mut log,
            Action::Play {
                by: ANN,
                mv: Move::Bank,
            },
            none,
        );
        let review = forgetit(&log, ANN, &mut solver).unwrap();
        assert_eq!(review.points, 2);
        assert_eq!(review.turns.len(), 1);
        let keep = &review.mistakes[0];
        assert_eq!(keep.chosen, FgiAct::Keep(1));
        assert_eq!(keep.best, FgiAct::Keep(4));
        assert!((keep.cost - (before_keep - kept_1s)).abs() < 1e-9);
        let bank = &review.mistakes[1];
        assert_eq!(bank.chosen, FgiAct::Bank(2));
        assert!((bank.cost - (kept_1s - 2.0)).abs() < 1e-9);
        // Luck: the one roll, from the turn's value to the value of keeping the best number.
        assert!((review.luck - (before_keep - solver.turn_value())).abs() < 1e-9);
        assert!(adds_up(&review));
        assert_eq!(
            forgetit(&log, Player::Person(UserId::new(3)), &mut solver),
            Err(ReviewError::NotSeated)
        );
    }

    /// A turn that timed out after the number was chosen is banked for ann (the table's rule),
    /// and what the turn was worth beyond that is forfeited, not lost; a turn she left forfeits
    /// its whole value. The review still adds up.
    #[test]
    fn timeouts_and_leaving_are_forfeits_not_decisions() {
        let mut solver = Solver::new();
        let (mut game, mut log) = fgi_start(500);
        let none = &mut ScriptedDice::new([]);
        let roll = Action::Play {
            by: ANN,
            mv: Move::Roll,
        };
        play(
            &mut game,
            &mut log,
            roll.clone(),
            &mut ScriptedDice::new([4, 4, 1, 6, 2, 3, 6, 5, 1]),
        );
        let keep = Action::Play {
            by: ANN,
            mv: Move::ChoosePoint(4),
        };
        play(&mut game, &mut log, keep, none);
        let worth = 4.0 * solver.value(2, [1, 2, 2], 0b110);
        play(&mut game, &mut log, Action::TimeOut, none);
        assert_eq!(game.seats[0].total, 8, "banked for her");
        // ben banks 6 (three 2s); ann leaves during her next turn, before rolling.
        let ben = |mv| Action::Play { by: BEN, mv };
        play(
            &mut game,
            &mut log,
            ben(Move::Roll),
            &mut ScriptedDice::new([2, 2, 2, 1, 3, 4, 5, 1, 3]),
        );
        play(&mut game, &mut log, ben(Move::ChoosePoint(2)), none);
        play(&mut game, &mut log, ben(Move::Bank), none);
        play(&mut game, &mut log, Action::Leave { player: ANN }, none);
        assert!(game.is_over());
        let review = forgetit(&log, ANN, &mut solver).unwrap();
        assert!(review.mistakes.is_empty(), "{:?}", review.mistakes);
        assert_eq!(review.turns.len(), 2);
        assert_eq!(review.turns[0].end, Ended::TimedOut);
        assert_eq!(review.turns[0].points, 8);
        assert!((review.turns[0].forfeited - (worth - 8.0)).abs() < 1e-9);
        assert_eq!(review.turns[1].end, Ended::Left);
        assert!((review.turns[1].forfeited - solver.turn_value()).abs() < 1e-9);
        assert_eq!(review.points, 8);
        assert!(adds_up(&review), "{review:?}");
        // ben's one turn was his own; the game ended when ann left, between his turns.
        let ben = forgetit(&log, BEN, &mut solver).unwrap();
        assert_eq!(ben.turns.len(), 1);
        assert!(adds_up(&ben), "{ben:?}");
    }
}
