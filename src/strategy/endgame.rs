//! Playing to win a For Get It game's last turn (F10), rather than for expected points.
//!
//! # When
//!
//! Once a player's total reaches the target, every other player gets one last turn (F10), and the
//! highest total wins. A bot seat's last turn is then worth nothing unless it ends above the
//! leader: what counts is the chance of winning, not the expected score. (Before the final round
//! a seat always gets its last turn later, however near an opponent is to the target: F10 gives it
//! one after the opponent reaches it, and that turn is played this way.)
//!
//! # How
//!
//! With `T` the seat's total and `L` the best total of the other seats still playing, the turn is
//! won by banking `s ≥ L − T + 1` and shared by banking `s = L − T`. The seat maximizes the
//! turn's utility `u(s)`: 1 for a win, ½ for a share (a share is a win split in two at
//! most), 0 otherwise — FORGET IT banks `s = 0`. This is the exact solver's recursion
//! ([`super::solver`]) with `u` in place of the points: the value of a decision point `(p, k,
//! hand, words)` is `max(u(p·k·mult(k)), rolling)`, a roll that sets nothing aside solves as the
//! same fixed point `x = r / (1 − s)`, and the point number is chosen for the best chance. Since
//! `u` is not linear in `p`, values are kept per point number. Once banking wins, it is played at
//! once (nothing is worth more than 1), so only `k` below the winning count are ever visited:
//! the recursion is finite and exact. From [`K_CAP`] point dice (1,000 times the point number)
//! the seat banks: an approximation only when the leader is further ahead than that, where the
//! chance of winning is already well under 1 % (0.3 % to bank 600 points with the best play).
//!
//! Players who still have their last turn after this one are not modelled: they play after the
//! seat, whatever it does. When the best chance is 0 (the leader is out of reach), the seat plays
//! for expected points instead, which is what the leaderboards count.

use std::collections::HashMap;

use crate::engine::forgetit::{multiplier, Game, Step};

use super::solver::{
    after_choosing, open_rolls, point_rolls, state_of, Choice, Hand, ALL_WORDS, FULL,
};

/// Point dice from which the endgame banks whatever the utility (1,000 points with the number 1).
pub const K_CAP: u32 = 250;

/// Decision points per count of point dice: hands (4 × 4 × 4) × words (8).
const PER_K: usize = 64 * 8;

/// The final-round solver for one turn: its utility and the values found so far.
pub struct Endgame {
    /// Banking this many points wins outright.
    win: u32,
    /// Rolling values by point number (1–5), then `k`, hand and words; NaN until known. Only `k`
    /// below the winning count are kept (from there banking wins).
    memo: [Vec<f64>; 5],
    open_memo: HashMap<(Hand, u8), f64>,
}

fn slot(k: u32, hand: Hand, words: u8) -> usize {
    k as usize * PER_K
        + (usize::from(hand[0]) * 16 + usize::from(hand[1]) * 4 + usize::from(hand[2])) * 8
        + usize::from(words)
}

impl Endgame {
    /// A turn that wins by banking `win` points or more (and shares the win with `win − 1`).
    pub fn new(win: u32) -> Endgame {
        Endgame {
            win: win.max(1),
            memo: Default::default(),
            open_memo: HashMap::new(),
        }
    }

    /// The score that wins outright.
    pub fn win(&self) -> u32 {
        self.win
    }

    /// The score that wins `game`'s turn outright, when it is a last turn of the final round
    /// (F10).
    pub fn to_win(game: &Game) -> Option<u32> {
        game.final_round?;
        let turn = game.turn().ok()?;
        let me = &game.seats[turn.seat];
        let leader = game
            .seats
            .iter()
            .enumerate()
            .filter(|(seat, s)| *seat != turn.seat && s.is_playing())
            .map(|(_, s)| s.total)
            .max()?;
        Some((leader + 1).saturating_sub(me.total).max(1))
    }

    /// The utility of banking `score`: 1 wins, ½ shares the win, 0 loses.
    pub fn utility(&self, score: u32) -> f64 {
        if score >= self.win {
            1.0
        } else if score + 1 == self.win {
            0.5
        } else {
            0.0
        }
    }

    fn bank(&self, p: u8, k: u32) -> f64 {
        self.utility(u32::from(p) * k * multiplier(k))
    }

    /// The chance of winning (a share counting ½) from a decision point after the number `p` is
    /// chosen, under the best play.
    pub fn value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        let bank = self.bank(p, k);
        if bank >= 1.0 || k >= K_CAP {
            return bank;
        }
        bank.max(self.roll_value(p, k, hand, words))
    }

    /// The chance of winning by rolling from a decision point.
    pub fn roll_value(&mut self, p: u8, k: u32, hand: Hand, words: u8) -> f64 {
        let (hand, words) = if hand == [0, 0, 0] {
            (FULL, 0) // F8: a new set
        } else {
            (hand, words)
        };
        let memo = usize::from(p - 1);
        if self.memo[memo].is_empty() {
            let k_win = (0..K_CAP)
                .find(|&k| self.bank(p, k) >= 1.0)
                .unwrap_or(K_CAP);
            self.memo[memo] = vec![f64::NAN; (k_win as usize + 1) * PER_K];
        }
        let known = self.memo[memo].get(slot(k, hand, words)).copied();
        if let Some(v) = known.filter(|v| !v.is_nan()) {
            return v;
        }
        let (mut rest, mut same) = (0.0, 0.0);
        for roll in point_rolls(hand) {
            let now = words | roll.shown;
            if now == ALL_WORDS {
                rest += roll.chance * self.utility(0); // FORGET IT
                continue;
            }
            if roll.points == 0 && roll.shown == 0 {
                same += roll.chance;
                continue;
            }
            rest += roll.chance * self.value(p, k + roll.points, roll.left, now);
        }
        let value = rest / (1.0 - same);
        if let Some(known) = self.memo[memo].get_mut(slot(k, hand, words)) {
            *known = value;
        }
        value
    }

    /// Before the number is chosen: the chance of winning by rolling from (hand, words).
    pub fn open_value(&mut self, hand: Hand, words: u8) -> f64 {
        if let Some(&v) = self.open_memo.get(&(hand, words)) {
            return v;
        }
        let (mut rest, mut same) = (0.0, 0.0);
        for roll in open_rolls(hand) {
            let now = words | roll.shown;
            if now == ALL_WORDS {
                rest += roll.chance * self.utility(0);
                continue;
            }
            let best = roll
                .keeps
                .iter()
                .map(|&(p, k, left)| self.value(p, k, left, now))
                .fold(None, |best: Option<f64>, v| {
                    Some(best.map_or(v, |b| b.max(v)))
                });
            match best {
                Some(v) => rest += roll.chance * v,
                None if roll.shown == 0 => same += roll.chance,
                None => rest += roll.chance * self.open_value(roll.after_words, now),
            }
        }
        let value = rest / (1.0 - same);
        self.open_memo.insert((hand, words), value);
        value
    }

    /// The move with the best chance of winning in `game`'s turn, with that chance; `None` when
    /// no turn is being played.
    pub fn best_move(&mut self, game: &Game) -> Option<(Choice, f64)> {
        let turn = game.turn().ok()?;
        let (hand, words, k) = state_of(turn);
        Some(match &turn.step {
            Step::Roll => (Choice::Roll, self.open_value(hand, words)),
            Step::ChoosePoint { options } => {
                let mut best = (Choice::Keep(options[0]), f64::MIN);
                for &p in options {
                    let (k, left) = after_choosing(turn, p);
                    let value = self.value(p, k, left, words);
                    if value > best.1 {
                        best = (Choice::Keep(p), value);
                    }
                }
                best
            }
            Step::BankOrRoll => {
                let p = turn.point?;
                let bank = self.bank(p, k);
                if bank >= 1.0 || k >= K_CAP {
                    return Some((Choice::Bank, bank));
                }
                let roll = self.roll_value(p, k, hand, words);
                if bank >= roll {
                    (Choice::Bank, bank)
                } else {
                    (Choice::Roll, roll)
                }
            }
        })
    }
}
