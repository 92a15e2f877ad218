//! Pig with three seats, solved exactly: every seat plays to maximise its own chance of winning,
//! knowing the others do too, by policy iteration over (the scores of the seat on turn, of the
//! next seat, of the one after; the turn total).
//!
//! The rules are docs/RULES.md's P2 and P3: a roll of 1 loses the turn total and passes the turn;
//! 2 to 6 add to it; holding banks it and passes the turn; the moment a seat's score plus its turn
//! total reaches the target it has won. Two seats are solved by the bot's own table (Neller and
//! Presser's); this is the same method for three.
//!
//! # The equations
//!
//! A state between turns is `(a, b, c)`: the scores of the seat to move and of the next two, in
//! the order they play. Its value `V(a, b, c)` is the three seats' chances of winning, in that
//! order (they add up to 1). In a turn with total `k`, holding gives `V(b, c, a + k)` seen from the
//! holder (the last of its three), rolling a 1 gives `V(b, c, a)` likewise, and 2 to 6 add to `k`
//! (1 for the roller, 0 for the others, once `a + k` reaches the target). The seat on turn holds
//! when holding is worth at least rolling, to it.
//!
//! Holding with `k ≥ 2` reaches a state whose scores add up to more, so states are solved by
//! layers of `a + b + c`, from the highest down. A roll of 1 reaches a rotation of the same
//! state, `(b, c, a)`, whose own 1 reaches `(c, a, b)`, whose own reaches `(a, b, c)`: the three are
//! solved together. For fixed choices each is affine in the next one's value (`V₁ = A₁ + q₁·R V₂`,
//! `q₁` the chance that the turn ends with a 1 and `R` the rotation of the seats' order), so the
//! three are solved exactly (`V₁ = (A₁ + q₁ R A₂ + q₁q₂ R² A₃) / (1 − q₁q₂q₃)`, since `R³` is the
//! identity), the choices made again at the solution, and again until they no longer change
//! (policy iteration, a few rounds; the choices depend on one number of the next state's value,
//! as in the two-seat solve).
//!
//! The table keeps `V` between turns (target³ × 3 values: 24 MB to 100); a turn's values are
//! worked out along its chain of turn totals when needed ([`Three::turn`]).

mod alone;
pub use alone::Alone;

/// The chances of the three seats, in the order they play from the state.
pub type Chances = [f64; 3];

/// A turn's chain of values for fixed choices, each `a + b · R V'`, `V'` the value of the state a
/// roll of 1 leads to.
struct Chain {
    a: Vec<Chances>,
    b: Vec<f64>,
    held: Vec<bool>,
    /// The value of holding at each turn total (known: a state of a higher layer).
    hold: Vec<Chances>,
    /// Turn totals below this are the chain's (from there on the turn has won).
    top: usize,
}

/// The three-seat solution for one target.
#[derive(Clone, Debug)]
pub struct Three {
    target: u32,
    /// `V(a, b, c)` at `(a · target + b) · target + c`.
    values: Vec<Chances>,
}

/// The rotation of a state's seats seen from the seat that just played: the value of
/// `(b, c, a')` in the order `(a', b, c)`.
fn rotate(v: Chances) -> Chances {
    [v[2], v[0], v[1]]
}

const WON: Chances = [1.0, 0.0, 0.0];

impl Three {
    /// Solves Pig for three seats to `target` (about a second to 100 in an optimized build).
    pub fn solve(target: u32) -> Three {
        let t = target as usize;
        let mut three = Three {
            target,
            values: vec![[0.0; 3]; t * t * t],
        };
        let mut chains = [Chain::new(t), Chain::new(t), Chain::new(t)];
        for sum in (0..=3 * (t - 1)).rev() {
            for a in 0..t.min(sum + 1) {
                for b in 0..t.min(sum - a + 1) {
                    let c = sum - a - b;
                    if c >= t {
                        continue;
                    }
                    // Each orbit once, from its first rotation in index order.
                    let (s1, s2, s3) = ((a, b, c), (b, c, a), (c, a, b));
                    let index = |s: (usize, usize, usize)| (s.0 * t + s.1) * t + s.2;
                    if index(s2) < index(s1) || index(s3) < index(s1) {
                        continue;
                    }
                    let solved = three.solve_orbit([s1, s2, s3], &mut chains);
                    for (s, v) in [s1, s2, s3].into_iter().zip(solved) {
                        three.values[index(s)] = v;
                    }
                }
            }
        }
        three
    }

    pub fn target(&self) -> u32 {
        self.target
    }

    /// `V(a, b, c)`: the three seats' chances between turns, the seat to move first (a seat at
    /// the target has won).
    pub fn value(&self, a: u32, b: u32, c: u32) -> Chances {
        let t = self.target;
        if a >= t {
            return WON;
        }
        if b >= t {
            return [0.0, 1.0, 0.0];
        }
        if c >= t {
            return [0.0, 0.0, 1.0];
        }
        self.values[((a * t + b) * t + c) as usize]
    }

    /// The chain of state `s`'s turn, each choice made with `y` the seat's own chance after a
    /// roll of 1; returns `(A, q)`, the turn's value from total 0 as `A + q · R V'`.
    fn chain(&self, s: (usize, usize, usize), y: f64, chain: &mut Chain) -> (Chances, f64) {
        let (a, b, c) = s;
        let top = self.target as usize - a;
        chain.top = top;
        for k in top..top + 7 {
            chain.a[k] = WON;
            chain.b[k] = 0.0;
        }
        for k in 1..top {
            chain.hold[k] = rotate(self.value(b as u32, c as u32, (a + k) as u32));
        }
        for k in (0..top).rev() {
            let mut ra = [0.0; 3];
            let mut rb = 1.0 / 6.0;
            for r in 2..=6 {
                for (x, v) in ra.iter_mut().zip(chain.a[k + r]) {
                    *x += v / 6.0;
                }
                rb += chain.b[k + r] / 6.0;
            }
            let held = k > 0 && chain.hold[k][0] >= ra[0] + rb * y;
            chain.held[k] = held;
            if held {
                chain.a[k] = chain.hold[k];
                chain.b[k] = 0.0;
            } else {
                chain.a[k] = ra;
                chain.b[k] = rb;
            }
        }
        (chain.a[0], chain.b[0])
    }

    /// True when every choice of the chain stays the best with `y`.
    fn holds_at(chain: &Chain, y: f64) -> bool {
        (1..chain.top).all(|k| {
            let mut roll = chain.b[k + 2..=k + 6].iter().sum::<f64>() / 6.0 + 1.0 / 6.0;
            roll *= y;
            let ra: f64 = (2..=6).map(|r| chain.a[k + r][0]).sum::<f64>() / 6.0;
            (chain.hold[k][0] >= ra + roll) == chain.held[k]
        })
    }

    /// Solves the three rotations of a state together (module docs), by policy iteration.
    fn solve_orbit(
        &self,
        states: [(usize, usize, usize); 3],
        chains: &mut [Chain; 3],
    ) -> [Chances; 3] {
        let mut v = [[1.0 / 3.0; 3]; 3];
        for _ in 0..64 {
            // State i's 1 leads to state i + 1 (its rotation); the roller's own chance there is
            // that state's last.
            let mut parts = [([0.0; 3], 0.0); 3];
            for i in 0..3 {
                let y = v[(i + 1) % 3][2];
                parts[i] = self.chain(states[i], y, &mut chains[i]);
            }
            let mut next = [[0.0; 3]; 3];
            for i in 0..3 {
                let (a1, q1) = parts[i];
                let (a2, q2) = parts[(i + 1) % 3];
                let (a3, q3) = parts[(i + 2) % 3];
                let r_a2 = rotate(a2);
                let rr_a3 = rotate(rotate(a3));
                let loop_gain = 1.0 - q1 * q2 * q3;
                for x in 0..3 {
                    next[i][x] = (a1[x] + q1 * r_a2[x] + q1 * q2 * rr_a3[x]) / loop_gain;
                }
            }
            v = next;
            let stable = (0..3).all(|i| Self::holds_at(&chains[i], v[(i + 1) % 3][2]));
            if stable {
                break;
            }
        }
        v
    }

    /// The turn of state `(a, b, c)` with every choice the best: for each turn total, the seat's
    /// chance if it rolls once more and if it holds (its own chance, the seat on turn's).
    pub fn turn(&self, a: u32, b: u32, c: u32) -> Turn {
        let t = self.target as usize;
        let mut chain = Chain::new(t);
        let y = self.value(b, c, a)[2];
        self.chain((a as usize, b as usize, c as usize), y, &mut chain);
        let top = chain.top;
        let mut roll = vec![0.0; top + 1];
        let mut hold = vec![0.0; top + 1];
        let value = |k: usize| chain.a[k][0] + chain.b[k] * y;
        for k in 0..top {
            roll[k] = (y + (2..=6).map(|r| value(k + r)).sum::<f64>()) / 6.0;
            // Holding 0 is passing the turn with nothing, as a 1 does (a turn must roll first).
            hold[k] = if k == 0 { y } else { chain.hold[k][0] };
        }
        Turn { roll, hold }
    }
}

impl Chain {
    fn new(t: usize) -> Chain {
        Chain {
            a: vec![[0.0; 3]; t + 7],
            b: vec![0.0; t + 7],
            held: vec![false; t + 7],
            hold: vec![[0.0; 3]; t + 7],
            top: 0,
        }
    }
}

/// A turn's values for the seat on turn, by turn total: rolling once more, and holding.
pub struct Turn {
    roll: Vec<f64>,
    hold: Vec<f64>,
}

impl Turn {
    /// The chance of winning if the seat rolls once more (then plays on optimally): 1 once the
    /// turn has won.
    pub fn roll_value(&self, k: u32) -> f64 {
        self.roll.get(k as usize).copied().unwrap_or(1.0)
    }

    /// The chance of winning if the seat holds with turn total `k`.
    pub fn hold_value(&self, k: u32) -> f64 {
        self.hold.get(k as usize).copied().unwrap_or(1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain value iteration over every state with its turn total, every seat choosing for
    /// itself, until nothing moves: another computation than the layered policy iteration.
    fn brute(t: usize) -> Vec<Chances> {
        // w[(a, b, c, k)]: the chances with the seat to move at a and turn total k.
        let at = |a: usize, b: usize, c: usize, k: usize| ((a * t + b) * t + c) * t + k;
        let mut w = vec![[1.0 / 3.0; 3]; t * t * t * t];
        for _ in 0..5000 {
            let mut delta: f64 = 0.0;
            for a in 0..t {
                for b in 0..t {
                    for c in 0..t {
                        for k in 0..t - a {
                            let next = |w: &Vec<Chances>, a2: usize, b2: usize, c2: usize| {
                                if c2 >= t {
                                    [0.0, 0.0, 1.0]
                                } else {
                                    w[at(a2, b2, c2, 0)]
                                }
                            };
                            let one = rotate(next(&w, b, c, a));
                            let mut roll = [0.0; 3];
                            for x in 0..3 {
                                roll[x] += one[x] / 6.0;
                            }
                            for r in 2..=6 {
                                let v = if a + k + r >= t {
                                    WON
                                } else {
                                    w[at(a, b, c, k + r)]
                                };
                                for x in 0..3 {
                                    roll[x] += v[x] / 6.0;
                                }
                            }
                            let value = if k == 0 {
                                roll
                            } else {
                                let hold = rotate(next(&w, b, c, a + k));
                                if hold[0] >= roll[0] {
                                    hold
                                } else {
                                    roll
                                }
                            };
                            let old = w[at(a, b, c, k)];
                            delta = delta.max((old[0] - value[0]).abs());
                            w[at(a, b, c, k)] = value;
                        }
                    }
                }
            }
            if delta < 1e-13 {
                break;
            }
        }
        (0..t * t * t).map(|i| w[i * t]).collect()
    }

    #[test]
    fn the_layered_solve_matches_plain_value_iteration() {
        for t in [6usize, 9, 12] {
            let three = Three::solve(t as u32);
            let plain = brute(t);
            for (i, (x, y)) in three.values.iter().zip(&plain).enumerate() {
                for s in 0..3 {
                    assert!(
                        (x[s] - y[s]).abs() < 1e-9,
                        "target {t}, state {i}: {x:?} vs {y:?}"
                    );
                }
                assert!((x.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn the_first_seat_has_the_edge_and_the_chances_add_up() {
        let three = Three::solve(100);
        let start = three.value(0, 0, 0);
        assert!((start.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(start[0] > start[1] && start[1] > start[2], "{start:?}");
        let turn = three.turn(0, 0, 0);
        assert!((turn.roll_value(0) - start[0]).abs() < 1e-9);
    }
}
