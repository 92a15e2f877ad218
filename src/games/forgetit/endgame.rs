//! Playing to win a For Get It game's last turn (F10), rather than for expected points.
//!
//! # When
//!
//! Once a player's total reaches the target, every other player gets one last turn (F10), and the
//! highest total wins. A seat's last turn is then worth nothing unless it ends the game on top:
//! what counts is the chance of winning, not the expected score. (Before the final round, when a
//! seat is near the target, the seat plays for its chance too: [`super::race`].)
//!
//! # How
//!
//! The seat's chance of winning is exact under one model of the players after it: each seat still
//! to play its last turn plays it to beat the best total before it, a win worth 1 and a tie ½
//! ([`forgetit_solver::Bar`]). So when the seat banks `s` and ends with `x`, the seats that play
//! no more have their totals, and each later seat ends above `x` (the seat has lost), level with
//! it (one more to share the win with) or below, with chances that depend on `x` alone while `x`
//! is the best: the seat's share of the win is [`Bar::share`], a win shared by `n` seats counting
//! `1/n`. That share is the utility `u(s)` of the turn, and the turn is played for it with the
//! exact turn recursion ([`forgetit_solver::UtilityTurn`]): the value of a decision point
//! `(p, k, hand, words)` is `max(u(p·k·mult(k)), rolling)`, a roll that sets nothing aside solves
//! as the fixed point `x = r / (1 − s)`, and the point number is chosen for the best chance; FORGET
//! IT banks 0. From [`TURN_CAP`] points in one turn the seat banks: an approximation only where a
//! turn would need more, whose chance is under 1 in 10,000 (0.3 % to bank 600 points).
//!
//! The seat's model of the later seats is the one they play by when they are bot seats, except
//! that a bot seat in its own last turn also counts the seats after it: the model is exact for the
//! last seat to play and for a later seat played by a person aiming at the bar. When the best
//! chance is 0 (the leader is out of reach), the seat plays for expected points instead, which is
//! what the leaderboards count.
//!
//! The bots played before this counted the leader alone ([`FinalRound::leader_only`]: no later
//! seat, a tie worth ½); `forgetit sim`'s policy `leader` still plays that way, to compare with.

use forgetit_solver::rolls::Hand;
use forgetit_solver::{Bar, UtilityTurn};

use crate::games::forgetit::{multiplier, Game, Step};

use super::solver::{after_choosing, state_of, Choice};

/// From this score in one turn, a turn played to win banks whatever it needs.
pub const TURN_CAP: u32 = 1000;

/// A last turn of the final round (F10), as the model sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalRound {
    /// The seat's total.
    pub total: u32,
    /// The best total of the other seats that play no more (the seat that reached the target and
    /// those whose last turn is over), and how many seats have it.
    pub best: (u32, usize),
    /// The totals of the seats still to play their last turn after this one, in order.
    pub later: Vec<u32>,
}

impl FinalRound {
    /// `game`'s turn when it is a last turn of the final round (F10).
    pub fn of(game: &Game) -> Option<FinalRound> {
        let trigger = game.state.final_round?;
        let seat = game.turn().ok()?.seat;
        let later_seats = later_seats(game, seat, trigger);
        let later = later_seats.iter().map(|&s| game.seats[s].total).collect();
        let done: Vec<u32> = game
            .seats
            .iter()
            .enumerate()
            .filter(|(s, seat_)| *s != seat && seat_.is_playing() && !later_seats.contains(s))
            .map(|(_, s)| s.total)
            .collect();
        let top = done.iter().copied().max().unwrap_or(0);
        let count = done.iter().filter(|&&t| t == top).count();
        Some(FinalRound {
            total: game.seats[seat].total,
            best: (top, count),
            later,
        })
    }

    /// The same turn as the bots counted it before: against the leader alone, with no later seat
    /// and a tie worth ½.
    pub fn leader_only(&self) -> FinalRound {
        let top = self.later.iter().copied().fold(self.best.0, u32::max);
        FinalRound {
            total: self.total,
            best: (top, 1),
            later: Vec::new(),
        }
    }

    /// The points the turn must bank to end above every seat that plays no more.
    pub fn need(&self) -> u32 {
        (self.best.0 + 1).saturating_sub(self.total).max(1)
    }

    /// The utility of banking each score up to [`TURN_CAP`]: the seat's share of the win.
    pub fn utility(&self) -> Vec<f64> {
        let bar = (!self.later.is_empty()).then(super::race::bar);
        (0..=TURN_CAP)
            .map(|s| {
                let x = self.total + s;
                match bar {
                    Some(bar) => bar.share(x, self.best, &self.later),
                    None => Bar::share_alone(x, self.best),
                }
            })
            .collect()
    }
}

/// The seats still to play their last turn after `seat`, in order: every seat still playing up
/// to the one that reached the target (`trigger`).
pub fn later_seats(game: &Game, seat: usize, trigger: usize) -> Vec<usize> {
    let n = game.seats.len();
    (1..n)
        .map(|step| (seat + step) % n)
        .take_while(|&s| s != trigger)
        .filter(|&s| game.seats[s].is_playing())
        .collect()
}

/// The final-round solver for one turn: its model and the values found so far.
pub struct Endgame {
    round: FinalRound,
    turn: UtilityTurn,
}

impl Endgame {
    /// The last turn `round`, played for the seat's share of the win.
    pub fn new(round: FinalRound) -> Endgame {
        let turn = UtilityTurn::new(round.utility(), TURN_CAP, multiplier);
        Endgame { round, turn }
    }

    /// A last turn against one seat that plays no more and no later seat, which `win` points win
    /// outright (and `win − 1` tie).
    pub fn against(win: u32) -> Endgame {
        Endgame::new(FinalRound {
            total: 0,
            best: (win.max(1) - 1, 1),
            later: Vec::new(),
        })
    }

    /// The turn this solves.
    pub fn round(&self) -> &FinalRound {
        &self.round
    }

    /// The turn played for this utility (its values).
    pub fn turn_mut(&mut self) -> &mut UtilityTurn {
        &mut self.turn
    }

    /// The utility of banking `score`: the seat's share of the win.
    pub fn utility(&self, score: u32) -> f64 {
        self.turn.utility(score)
    }

    /// The chance of winning (a share counting its part) from a decision point after the number
    /// `p` is chosen, under the best play.
    pub fn value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        self.turn.value(p, k, hand, words)
    }

    /// The chance of winning by rolling from a decision point.
    pub fn roll_value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        self.turn.roll_value(p, k, hand, words)
    }
}

/// The move of `game`'s turn with the greatest expected utility, and that value; `None` when no
/// turn is being played.
pub fn best_move(turn_utility: &mut UtilityTurn, game: &Game) -> Option<(Choice, f64)> {
    let turn = game.turn().ok()?;
    let (hand, words, k) = state_of(turn);
    Some(match &turn.step {
        Step::Roll => (Choice::Roll, turn_utility.open_value(hand, words)),
        Step::ChoosePoint { options } => {
            let mut best = (Choice::Keep(options[0]), f64::MIN);
            for &p in options {
                let (k, left) = after_choosing(turn, p);
                let value = turn_utility.value(p, k, left, words);
                if value > best.1 {
                    best = (Choice::Keep(p), value);
                }
            }
            best
        }
        Step::BankOrRoll => {
            let p = turn.point?;
            if turn_utility.banks(p, k, hand, words) {
                (Choice::Bank, turn_utility.value(p, k, hand, words))
            } else {
                (Choice::Roll, turn_utility.roll_value(p, k, hand, words))
            }
        }
    })
}
