//! Playing to win a For Get It game's last turn (F10), rather than for expected points.
//!
//! # When
//!
//! Once a player's total reaches the target, every other player gets one last turn (F10), and the
//! highest total wins. A bot seat's last turn is then worth nothing unless it ends above the
//! leader: what counts is the chance of winning, not the expected score. (Before the final round,
//! when an opponent is near the target, the seat plays for its chance too: [`super::race`].)
//!
//! # How
//!
//! With `T` the seat's total and `L` the best total of the other seats still playing, the turn is
//! won by banking `s ≥ L − T + 1` and shared by banking `s = L − T`. The seat maximizes the
//! turn's utility `u(s)`: 1 for a win, ½ for a share (a share is a win split in two at
//! most), 0 otherwise — FORGET IT banks `s = 0`. This is the exact solver's recursion
//! ([`super::solver`]) with `u` in place of the points ([`forgetit_solver::UtilityTurn`]): the
//! value of a decision point `(p, k, hand, words)` is `max(u(p·k·mult(k)), rolling)`, a roll that
//! sets nothing aside solves as the same fixed point `x = r / (1 − s)`, and the point number is
//! chosen for the best chance. Since `u` is not linear in `p`, values are kept per point number.
//! Once banking wins, it is played at once (nothing is worth more than 1), so only `k` below the
//! winning count are ever solved: the recursion is finite and exact. From [`TURN_CAP`] points in
//! one turn the seat banks: an approximation only when the leader is further ahead than that,
//! where the chance of winning is under 1 in 10,000 (0.3 % to bank 600 points).
//!
//! Players who still have their last turn after this one are not modelled: they play after the
//! seat, whatever it does. When the best chance is 0 (the leader is out of reach), the seat plays
//! for expected points instead, which is what the leaderboards count.

use forgetit_solver::rolls::Hand;
use forgetit_solver::UtilityTurn;

use crate::games::forgetit::{multiplier, Game, Step};

use super::solver::{after_choosing, state_of, Choice};

/// From this score in one turn, a turn played to win banks whatever it needs.
pub const TURN_CAP: u32 = 1000;

/// The final-round solver for one turn: its utility and the values found so far.
pub struct Endgame {
    /// Banking this many points wins outright.
    win: u32,
    turn: UtilityTurn,
}

impl Endgame {
    /// A turn that wins by banking `win` points or more (and shares the win with `win − 1`).
    pub fn new(win: u32) -> Endgame {
        let win = win.max(1);
        let utility = (0..=win)
            .map(|s| match win - s {
                0 => 1.0,
                1 => 0.5,
                _ => 0.0,
            })
            .collect();
        Endgame {
            win,
            turn: UtilityTurn::new(utility, TURN_CAP.max(win), multiplier),
        }
    }

    /// The score that wins outright.
    pub fn win(&self) -> u32 {
        self.win
    }

    /// The score that wins `game`'s turn outright, when it is a last turn of the final round
    /// (F10).
    pub fn to_win(game: &Game) -> Option<u32> {
        game.state.final_round?;
        let turn = game.turn().ok()?;
        let me = &game.seats[turn.seat];
        let leader = game.opponents_totals(turn.seat).max()?;
        Some((leader + 1).saturating_sub(me.total).max(1))
    }

    /// The turn played for this utility (its values).
    pub fn turn_mut(&mut self) -> &mut UtilityTurn {
        &mut self.turn
    }

    /// The utility of banking `score`: 1 wins, ½ shares the win, 0 loses.
    pub fn utility(&self, score: u32) -> f64 {
        self.turn.utility(score)
    }

    /// The chance of winning (a share counting ½) from a decision point after the number `p` is
    /// chosen, under the best play.
    pub fn value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        self.turn.value(p, k, hand, words)
    }

    /// The chance of winning by rolling from a decision point.
    pub fn roll_value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        self.turn.roll_value(p, k, hand, words)
    }

    /// The move with the best chance of winning in `game`'s turn, with that chance; `None` when
    /// no turn is being played.
    pub fn best_move(&mut self, game: &Game) -> Option<(Choice, f64)> {
        best_move(&mut self.turn, game)
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
