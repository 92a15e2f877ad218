//! One state's [`Turn`] under the optimal policy: the best box for a hand, the value of a keep, and
//! what to do.

use crate::dice::dice;
use crate::table::{Buffers, Next};
use crate::{hand_index, sub_keeps, Choice, Counts, State, Table};

/// One state's turn under the optimal policy.
pub struct Turn<'a> {
    pub(crate) table: &'a Table,
    pub(crate) state: State,
    pub(crate) next: Next,
    pub(crate) buf: Buffers,
}

impl Turn<'_> {
    /// The box to fill with `hand` (G6 respected), the first in scorecard order on equal values.
    pub fn best_box(&self, hand: &Counts) -> usize {
        let h = hand_index(hand).expect("five dice");
        self.table.finish(self.state, &self.next, h).0
    }

    /// The expected score still to come (this turn's points included) when `hand` is scored in the
    /// best box now.
    pub fn score_value(&self, hand: &Counts) -> f64 {
        let h = hand_index(hand).expect("five dice");
        self.table.finish(self.state, &self.next, h).1
    }

    /// The expected score still to come when `keep` is held and the rest rolled, with
    /// `rolls_left` rolls left (1 or 2) before it.
    pub fn keep_value(&self, keep: &Counts, rolls_left: u8) -> f64 {
        let k = dice().keep_index(keep);
        match rolls_left {
            2 => self.buf.e2[k],
            _ => self.buf.e3[k],
        }
    }

    /// What to do with `hand` with `rolls_left` rolls left (0, 1 or 2): score now, or hold some
    /// dice and roll the rest (holding fewer dice than the hand). Scoring wins a tie.
    pub fn choose(&self, hand: &Counts, rolls_left: u8) -> Choice {
        let mut best = (Choice::Score(self.best_box(hand)), self.score_value(hand));
        if rolls_left == 0 {
            return best.0;
        }
        for keep in sub_keeps(hand) {
            if keep == *hand {
                continue;
            }
            let value = self.keep_value(&keep, rolls_left);
            if value > best.1 + 1e-9 {
                best = (Choice::Keep(keep), value);
            }
        }
        best.0
    }
}
