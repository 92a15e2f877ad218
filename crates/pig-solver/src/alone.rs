//! Pig alone, to the target in as few turns as may be: the expected number of turns still to
//! take from each score and turn total, and the play that makes it least.
//!
//! `F(s)` is the expected number of turns to reach the target from score `s`, counting the turn
//! about to start; `R(s, k)` the expected number still to start once in a turn with total `k`.
//! Holding gives `F(s + k)`; rolling gives `F(s)/6` for a 1 (the turn total lost) and, for 2 to
//! 6, 0 once `s + k + face` reaches the target (P3), else `R(s, k + face)`; `R(s, k)` is the
//! lesser of the two (a turn total of 0 must roll, P2), and `F(s) = 1 + R(s, 0)`. Each `F(s)`
//! needs the higher scores' (solved first, from the top down) and itself through a 1: for a
//! guess `x` of `F(s)`, `1 + R(s, 0)` is increasing in `x` with slope below 1 (the chance the
//! turn ends with a 1), so the guess is iterated to its fixed point.

/// The expected turns to the target, for every score and turn total.
#[derive(Clone, Debug)]
pub struct Alone {
    target: u32,
    /// `F(s)`, for `s` in `0..target`.
    start: Vec<f64>,
    /// `R(s, k)` at `s * target + k`, for `s + k < target`.
    rest: Vec<f64>,
}

impl Alone {
    pub fn solve(target: u32) -> Alone {
        assert!(target >= 2, "a target of at least 2");
        let n = target as usize;
        let mut start = vec![0.0; n];
        let mut rest = vec![0.0; n * n];
        for s in (0..n).rev() {
            let mut guess = 1.0 + start.get(s + 2).copied().unwrap_or(0.0);
            for _ in 0..10_000 {
                let next = 1.0 + fill(s, n, guess, &start, &mut rest);
                let done = (next - guess).abs() < 1e-13;
                guess = next;
                if done {
                    break;
                }
            }
            start[s] = guess;
            fill(s, n, guess, &start, &mut rest);
        }
        Alone {
            target,
            start,
            rest,
        }
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// Expected turns from a turn's start at `score`, this turn counted.
    pub fn turns(&self, score: u32) -> f64 {
        self.start.get(score as usize).copied().unwrap_or(0.0)
    }

    /// Expected turns still to start, holding turn total `k` at `score`.
    pub fn hold_value(&self, score: u32, k: u32) -> f64 {
        self.turns(score + k)
    }

    /// Expected turns still to start, rolling once more at `score` with turn total `k` (then
    /// playing on best).
    pub fn roll_value(&self, score: u32, k: u32) -> f64 {
        let n = self.target as usize;
        roll(score as usize, k as usize, n, self.turns(score), &self.rest)
    }

    /// Whether rolling is the better play (a turn total of 0 must roll; a tie holds).
    pub fn rolls(&self, score: u32, k: u32) -> bool {
        k == 0 || self.roll_value(score, k) < self.hold_value(score, k)
    }
}

/// `R(s, ·)` for a guess `f` of `F(s)`, from the highest turn total down; returns `R(s, 0)`.
fn fill(s: usize, n: usize, f: f64, start: &[f64], rest: &mut [f64]) -> f64 {
    for k in (0..n - s).rev() {
        let rolled = roll(s, k, n, f, rest);
        let value = if k == 0 {
            rolled
        } else {
            rolled.min(start.get(s + k).copied().unwrap_or(0.0))
        };
        rest[s * n + k] = value;
    }
    rest[s * n]
}

fn roll(s: usize, k: usize, n: usize, f: f64, rest: &[f64]) -> f64 {
    let mut sum = f;
    for face in 2..=6 {
        let k = k + face;
        if s + k < n {
            sum += rest[s * n + k];
        }
    }
    sum / 6.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same equations by plain value iteration over every state at once.
    fn brute(target: u32) -> Vec<f64> {
        let n = target as usize;
        let mut f: Vec<f64> = vec![0.0; n + 1];
        loop {
            let mut next = f.clone();
            for s in 0..n {
                // R(s, k) by recursion on k, with the current F.
                let mut r: Vec<f64> = vec![0.0; n + 6];
                for k in (0..n - s).rev() {
                    let mut roll = f[s] / 6.0;
                    for face in 2..=6 {
                        if s + k + face < n {
                            roll += r[k + face] / 6.0;
                        }
                    }
                    r[k] = if k == 0 { roll } else { roll.min(f[s + k]) };
                }
                next[s] = 1.0 + r[0];
            }
            let delta = f
                .iter()
                .zip(&next)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            f = next;
            if delta < 1e-12 {
                return f;
            }
        }
    }

    #[test]
    fn matches_value_iteration() {
        for target in [2, 7, 20, 50] {
            let solved = Alone::solve(target);
            let brute = brute(target);
            for s in 0..target {
                assert!(
                    (solved.turns(s) - brute[s as usize]).abs() < 1e-9,
                    "target {target}, score {s}: {} against {}",
                    solved.turns(s),
                    brute[s as usize]
                );
            }
        }
    }

    #[test]
    fn a_hundred_takes_twelve_and_a_half_turns() {
        let alone = Alone::solve(100);
        let turns = alone.turns(0);
        // Neller and Presser's figure for the fewest expected turns to 100 alone: 12.545.
        assert!((turns - 12.545).abs() < 5e-4, "{turns}");
        // Far from the target a turn rolls on at 10 and holds at 30.
        assert!(alone.rolls(0, 10));
        assert!(!alone.rolls(0, 30));
        // Two short, a turn of 2 holds (any roll of 2+ would win, but a 1 costs a turn).
        assert!(alone.rolls(98, 0));
    }
}
