//! Reviews of a finished game: how one seat's play compares with the optimal policy. Pure: the
//! game's event log is replayed with the engine, and at each of the seat's decisions the action
//! taken is compared with the best one by the solvers' expected points.
//!
//! # What is measured
//!
//! A *value* is the expected points still to come under optimal play from a situation:
//!
//! - For Get It: the expected score of the turn in progress ([`Solver`]: the exact turn solver,
//!   playing for points; near the end of a game the bot seats play to win instead, which this
//!   review does not judge). A turn starts at [`Solver::turn_value`] (56.23).
//! - Get Dickey: the expected points still to come on the seat's scorecard ([`Table`]: the
//!   optimal solitaire policy; the other seats do not change what a scorecard is worth). A card
//!   starts at [`Table::expected_score`] (254.59).
//!
//! Each step of a turn moves the value:
//!
//! - a **decision** (keep a number, bank or roll on; hold dice and roll, or fill a box) moves it
//!   from the best action's value to the chosen action's: the difference is the expected points
//!   the decision **lost** (0 for an optimal one; rolling before any choice is open is no
//!   decision);
//! - a **roll of the dice** moves it from the value before the roll (of the action that rolled)
//!   to the value of what the dice show: the difference is **luck** (positive when the dice were
//!   better than average);
//! - a turn whose deadline passed, or that its player left, is not the player's decision: what it
//!   gave up against the value it had is counted apart, as **forfeited** (the table banked or
//!   scored for them; leaving gives up the turn, and in Get Dickey the rest of the card).
//!
//! So, exactly, for every seat: `points = expected + luck − lost − forfeited`, where `expected`
//! is the value at the start of each of the seat's turns (For Get It, 56.23 a turn) or of its
//! card (Get Dickey). Luck is the sum over the seat's rolls of the value after the roll minus the
//! value before it.

use dickey_solver::{counts_of, faces_of, sub_keeps, Choice as DickeyChoice, Counts, Table};

use super::solver::{after_choosing, state_of, Choice, Solver};
use crate::engine::table::{Event, Phase, Rules, TableEvent};
use crate::engine::{forgetit, getdickey, Player};

/// Below this many expected points, a decision that differs from the best one is not a mistake
/// (values are sums of floating-point terms; an exact tie shows as a difference of ~1e-13).
pub const NEGLIGIBLE: f64 = 1e-9;

/// One seat's review of a finished game; `A` is the game's decisions ([`FgiAct`],
/// [`DickeyAct`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Review<A> {
    /// The reviewed seat.
    pub seat: usize,
    /// The seat's name.
    pub name: String,
    /// The seat's turns, in order.
    pub turns: Vec<TurnReview>,
    /// Every decision that lost expected points, in the order they were made.
    pub mistakes: Vec<Mistake<A>>,
    /// The seat's final total.
    pub points: u32,
    /// What optimal play expects from the start of each turn (For Get It) or of the card (Get
    /// Dickey).
    pub expected: f64,
    /// Expected points lost by the seat's decisions.
    pub lost: f64,
    /// Expected points given up by turns that timed out or were left.
    pub forfeited: f64,
    /// The dice: the sum over the seat's rolls of the value after the roll minus before it.
    pub luck: f64,
}

/// One turn of the reviewed seat.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// The turn's round, from 1, as the channel and the rules count them.
    pub number: u32,
    /// Points the turn added to the total (Get Dickey: the box, its bonuses and the upper bonus
    /// if this box earned it).
    pub points: u32,
    pub lost: f64,
    pub luck: f64,
    pub forfeited: f64,
    /// How the turn ended.
    pub end: Ended,
    /// How many of the turn's decisions lost expected points.
    pub mistakes: usize,
}

/// How a reviewed turn ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// By the player's own moves (banked, FORGET IT, a box filled).
    Played,
    /// Its deadline passed: the table banked or scored for the player.
    TimedOut,
    /// The player left the game during it.
    Left,
    /// The game ended during it (every other player left).
    Unfinished,
}

/// A decision that lost expected points.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake<A> {
    /// The round of the turn it was made in ([`TurnReview::number`]).
    pub turn: u32,
    pub chosen: A,
    /// What the optimal policy does there.
    pub best: A,
    /// Expected points lost: the best action's value minus the chosen one's.
    pub cost: f64,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("the event log does not replay: {0}")]
    Replay(String),
    #[error("that player has no seat in this game")]
    NotSeated,
}

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

/// A Get Dickey decision, with the dice it was made on (sorted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DickeyAct {
    /// Hold `keep` (sorted faces; possibly none) and roll the rest.
    Reroll { hand: Vec<u8>, keep: Vec<u8> },
    /// Fill `category`, for `points` (with any bonus it earns).
    Score {
        hand: Vec<u8>,
        category: getdickey::Category,
        points: u32,
    },
}

/// Builds the review as the log is walked.
struct Builder<A> {
    review: Review<A>,
    /// The turn in progress of the seat, if any.
    open: Option<TurnReview>,
}

impl<A> Builder<A> {
    fn new(seat: usize, name: String) -> Builder<A> {
        Builder {
            review: Review {
                seat,
                name,
                turns: Vec::new(),
                mistakes: Vec::new(),
                points: 0,
                expected: 0.0,
                lost: 0.0,
                forfeited: 0.0,
                luck: 0.0,
            },
            open: None,
        }
    }

    /// The turn in progress, opened (as a turn of round `round`) if none is.
    fn turn(&mut self, round: u32) -> &mut TurnReview {
        self.open.get_or_insert(TurnReview {
            number: round,
            points: 0,
            lost: 0.0,
            luck: 0.0,
            forfeited: 0.0,
            end: Ended::Played,
            mistakes: 0,
        })
    }

    /// A decision worth `chosen` where `best` was worth `best_value`.
    fn decided(&mut self, chosen: A, best: A, chosen_value: f64, best_value: f64) {
        let cost = (best_value - chosen_value).max(0.0);
        let Some(turn) = self.open.as_mut() else {
            return;
        };
        if cost > NEGLIGIBLE {
            turn.lost += cost;
            turn.mistakes += 1;
            let turn = turn.number;
            self.review.lost += cost;
            self.review.mistakes.push(Mistake {
                turn,
                chosen,
                best,
                cost,
            });
        }
    }

    fn rolled(&mut self, before: f64, after: f64) {
        if let Some(turn) = self.open.as_mut() {
            turn.luck += after - before;
        }
        self.review.luck += after - before;
    }

    fn forfeit(&mut self, value: f64, end: Ended) {
        if let Some(turn) = self.open.as_mut() {
            turn.forfeited += value;
            turn.end = end;
        }
        self.review.forfeited += value;
    }

    fn end_turn(&mut self, points: u32) {
        if let Some(mut turn) = self.open.take() {
            turn.points = points;
            self.review.turns.push(turn);
        }
        self.review.points += points;
    }
}

/// The game as its log starts it (created, nobody else seated yet), and the reviewed seat and
/// its name: `player`'s seat in the game the whole log makes (checked by replaying it).
fn start_and_seat<R: Rules>(
    events: &[Event<R::Settings, R::Event>],
    player: Player,
) -> Result<(crate::engine::table::Game<R>, usize, String), ReviewError> {
    let game = crate::engine::table::Game::<R>::replay(events)
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    let seat = game.seat_of(player).ok_or(ReviewError::NotSeated)?;
    let name = game.seats[seat].name.clone();
    let Some(Event::Table(TableEvent::Created {
        settings,
        host,
        name: host_name,
    })) = events.first()
    else {
        return Err(ReviewError::Replay("no created event".into()));
    };
    let (start, _) = crate::engine::table::Game::<R>::create(settings.clone(), *host, host_name)
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    Ok((start, seat, name))
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

/// The turn in progress of `seat`, if it is on turn.
fn turn_of<R: Rules>(game: &crate::engine::table::Game<R>, seat: usize) -> Option<&R::Turn> {
    use crate::engine::table::Turn as _;
    match &game.phase {
        Phase::Playing { turn } if turn.seat() == seat => Some(turn),
        _ => None,
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
    for event in &events[1..] {
        let before = turn_of(&game, seat).cloned();
        if let Some(turn) = &before {
            if review.open.is_none() {
                review.review.expected += fgi_value(solver, turn);
            }
            review.turn(turn.round);
            let value = fgi_value(solver, turn);
            match event {
                Event::Game(forgetit::GameEvent::Rolled { .. }) => {
                    let chosen = roll_value(solver, turn);
                    if turn.step == forgetit::Step::BankOrRoll {
                        let best = solver.best_move(&game).unwrap_or(Choice::Roll);
                        let act = FgiAct::Roll {
                            points: turn.score(),
                        };
                        review.decided(act, fgi_act(best, turn), chosen, value);
                    }
                    game.evolve(event);
                    let after = match turn_of(&game, seat) {
                        Some(now) if now.number == turn.number => fgi_value(solver, now),
                        _ => 0.0, // FORGET IT (F4)
                    };
                    review.rolled(chosen, after);
                    if turn_of(&game, seat).is_none_or(|now| now.number != turn.number) {
                        review.end_turn(0);
                    }
                    continue;
                }
                Event::Game(forgetit::GameEvent::PointChosen { number }) => {
                    let chosen = keep_value(solver, turn, *number);
                    let best = solver.best_move(&game).unwrap_or(Choice::Keep(*number));
                    review.decided(FgiAct::Keep(*number), fgi_act(best, turn), chosen, value);
                }
                Event::Game(forgetit::GameEvent::Banked) => {
                    let chosen = f64::from(turn.score());
                    let best = solver.best_move(&game).unwrap_or(Choice::Bank);
                    review.decided(
                        FgiAct::Bank(turn.score()),
                        fgi_act(best, turn),
                        chosen,
                        value,
                    );
                    review.end_turn(turn.score());
                }
                Event::Game(forgetit::GameEvent::TimedOut) => {
                    // The table banks a chosen number's points, else the turn scores 0.
                    let points = turn.score();
                    review.forfeit(value - f64::from(points), Ended::TimedOut);
                    review.end_turn(points);
                }
                Event::Table(TableEvent::Left { player: who }) if *who == player => {
                    review.forfeit(value, Ended::Left);
                    review.end_turn(0);
                }
                _ => {}
            }
        }
        game.evolve(event);
        if review.open.is_some() && turn_of(&game, seat).is_none() {
            // The game ended during the turn (everyone else left): it scored nothing.
            if let Some(turn) = &before {
                let value = fgi_value(solver, turn);
                review.forfeit(value, Ended::Unfinished);
            }
            review.end_turn(0);
        }
    }
    Ok(review.review)
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

/// A Get Dickey turn's plan: the solver's tables for one scorecard state.
struct Plan<'a> {
    table: &'a Table,
    state: dickey_solver::State,
    turn: dickey_solver::Turn<'a>,
}

impl<'a> Plan<'a> {
    fn new(table: &'a Table, card: &getdickey::Scorecard) -> Plan<'a> {
        let state = super::getdickey::state_of(card);
        Plan {
            table,
            state,
            turn: table.turn(state),
        }
    }

    /// The value of `hand` with `rolls_left` rolls left, and the optimal decision there.
    fn best(&self, hand: &Counts, rolls_left: u8) -> (f64, DickeyChoice) {
        let mut best = (
            self.turn.score_value(hand),
            DickeyChoice::Score(self.turn.best_box(hand)),
        );
        if rolls_left > 0 {
            for keep in sub_keeps(hand) {
                if keep == *hand {
                    continue;
                }
                let value = self.turn.keep_value(&keep, rolls_left);
                if value > best.0 + NEGLIGIBLE {
                    best = (value, DickeyChoice::Keep(keep));
                }
            }
        }
        best
    }

    /// Filling box `b` with `hand`: the points it adds and the value of the card after.
    fn fill(&self, hand: &Counts, b: usize) -> Option<(u32, f64)> {
        let (after, gained) = self.table.fill(self.state, hand, b)?;
        Some((gained, f64::from(gained) + self.table.value(after)))
    }

    fn act(&self, hand: &Counts, choice: DickeyChoice) -> DickeyAct {
        let sorted = faces_of(hand);
        match choice {
            DickeyChoice::Keep(keep) => DickeyAct::Reroll {
                hand: sorted,
                keep: faces_of(&keep),
            },
            DickeyChoice::Score(b) => DickeyAct::Score {
                hand: sorted,
                category: getdickey::Category::ALL[b],
                points: self.fill(hand, b).map_or(0, |(points, _)| points),
            },
        }
    }
}

/// The review of `player`'s play in a Get Dickey game, from its event log.
pub fn getdickey(
    events: &[getdickey::Event],
    player: Player,
    table: &Table,
) -> Result<Review<DickeyAct>, ReviewError> {
    let (mut game, seat, name) = start_and_seat::<getdickey::GetDickey>(events, player)?;
    let mut review = Builder::new(seat, name);
    review.review.expected = table.expected_score();
    let mut left = false;
    for event in &events[1..] {
        let before = turn_of(&game, seat).cloned();
        let Some(turn) = before else {
            if matches!(event, Event::Table(TableEvent::Left { player: who }) if *who == player)
                && game.status() == crate::engine::Status::Playing
            {
                // Leaving between turns gives up the rest of the card.
                let card = &game.seats[seat].card;
                let value = table.value(super::getdickey::state_of(card));
                review.review.forfeited += value;
                left = true;
            }
            game.evolve(event);
            continue;
        };
        let plan = Plan::new(table, &game.seats[seat].card);
        let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
        let hand = turn.dice.and_then(|dice| counts_of(&dice));
        // The value where the turn stands: before its first roll, the card's.
        let value = match &hand {
            Some(hand) => plan.best(hand, rolls_left).0,
            None => table.value(plan.state),
        };
        review.turn(turn.round);
        match event {
            Event::Game(getdickey::GameEvent::Rolled { dice }) => {
                let chosen = match &hand {
                    Some(hand) => {
                        let mut keep = [0u8; 6];
                        let faces = turn.dice.unwrap_or_default();
                        for (die, held) in turn.held.iter().enumerate() {
                            if *held {
                                keep[usize::from(faces[die]) - 1] += 1;
                            }
                        }
                        let chosen = plan.turn.keep_value(&keep, rolls_left);
                        let (best_value, best) = plan.best(hand, rolls_left);
                        let act = DickeyAct::Reroll {
                            hand: faces_of(hand),
                            keep: faces_of(&keep),
                        };
                        review.decided(act, plan.act(hand, best), chosen, best_value);
                        chosen
                    }
                    None => value,
                };
                let after = rolled_hand(&turn, dice);
                let after = plan.best(&after, rolls_left.saturating_sub(1).min(2)).0;
                review.rolled(chosen, after);
            }
            Event::Game(getdickey::GameEvent::Scored { category }) => {
                if let Some(hand) = &hand {
                    let (points, chosen) = plan.fill(hand, category.index()).unwrap_or((0, 0.0));
                    let (best_value, best) = plan.best(hand, rolls_left);
                    let act = DickeyAct::Score {
                        hand: faces_of(hand),
                        category: *category,
                        points,
                    };
                    review.decided(act, plan.act(hand, best), chosen, best_value);
                    review.end_turn(points);
                }
            }
            Event::Game(getdickey::GameEvent::TimedOut { dice, category }) => {
                // The table rolls if need be, then fills the box worth most now.
                let (hand, value) = match &hand {
                    Some(hand) => (*hand, value),
                    None => {
                        let hand = rolled_hand(&turn, dice);
                        let after = plan.best(&hand, 2).0;
                        review.rolled(value, after);
                        (hand, after)
                    }
                };
                let (points, chosen) = plan.fill(&hand, category.index()).unwrap_or((0, 0.0));
                review.forfeit(value - chosen, Ended::TimedOut);
                review.end_turn(points);
            }
            Event::Table(TableEvent::Left { player: who }) if *who == player => {
                review.forfeit(value, Ended::Left);
                review.end_turn(0);
                left = true;
            }
            _ => {}
        }
        game.evolve(event);
    }
    if !left && review.open.is_none() {
        // A card the game ended before it was full (it cannot be, in Get Dickey: kept for
        // the identity) gives up its rest.
        let card = &game.seats[seat].card;
        if !card.is_full() && game.seats[seat].is_playing() {
            review.review.forfeited += table.value(super::getdickey::state_of(card));
        }
    }
    Ok(review.review)
}

/// The five dice after a roll of the turn's free dice (or of all five on its first roll).
fn rolled_hand(turn: &getdickey::Turn, dice: &[getdickey::DieRoll]) -> Counts {
    let mut faces = turn.dice.unwrap_or_default();
    for roll in dice {
        faces[usize::from(roll.die)] = roll.face;
    }
    counts_of(&faces).unwrap_or_default()
}

/// The review's end result: whether `points = expected + luck − lost − forfeited` (to within
/// floating-point sums).
pub fn adds_up<A>(review: &Review<A>) -> bool {
    let sum = review.expected + review.luck - review.lost - review.forfeited;
    (f64::from(review.points) - sum).abs() < 1e-6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::{RandomDice, ScriptedDice};
    use crate::engine::forgetit::{Action, Game, Move, Settings};

    const ANN: Player = Player::Person(1);
    const BEN: Player = Player::Person(2);

    /// ann and ben at a For Get It table; ann won the roll-off.
    fn fgi_start(target: u32) -> (Game, Vec<forgetit::Event>) {
        let (mut game, created) = Game::create(Settings { target }, ANN, "ann").unwrap();
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
                    super::super::points(&as_bot_game(&game, player), solver).unwrap(),
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
        for seed in 1..=3 {
            // Target 300: the game is long enough to have many turns, and `points` plays for
            // points until the last turn of the final round (F10), where it plays to win.
            let log = fgi_game(seed, &mut solver, |game, solver| {
                let turn = game.turn().unwrap();
                let by = game.seats[turn.seat].player;
                let mv = match solver.best_move(game).unwrap() {
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
            let turns = review.turns.len() as f64;
            assert!((review.expected - turns * solver.turn_value()).abs() < 1e-9);
            // The other seat's review adds up too (its last turn may play to win, not for
            // points: those decisions may cost expected points).
            let ben = forgetit(&log, BEN, &mut solver).unwrap();
            assert!(adds_up(&ben), "{ben:?}");
            assert_eq!(ben.points, game.seats[1].total);
        }
    }

    #[test]
    fn a_greedy_player_loses_what_the_solver_says_and_luck_is_the_rest() {
        let mut solver = Solver::new();
        let log = fgi_game(5, &mut solver, |game, _| {
            let turn = game.turn().unwrap();
            let by = game.seats[turn.seat].player;
            as_bot(super::super::greedy(&as_bot_game(game, by)).unwrap(), by)
        });
        let review = forgetit(&log, ANN, &mut solver).unwrap();
        assert!(!review.mistakes.is_empty());
        assert!(review.lost > 0.0);
        assert!(adds_up(&review), "{review:?}");
        let total: f64 = review.mistakes.iter().map(|m| m.cost).sum();
        assert!((total - review.lost).abs() < 1e-9);
        let per_turn: f64 = review.turns.iter().map(|t| t.luck).sum();
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
            forgetit(&log, Player::Person(3), &mut solver),
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
