//! The optimal solitaire strategy of Get Dickey (the Yahtzee family): the policy that maximizes the
//! expected final score of one scorecard — upper bonus, Dickey bonuses and the G6 joker included —
//! and its values, by dynamic programming.
//!
//! This crate is pure arithmetic on dice and has no rules text of its own: what a hand scores in a
//! box comes from the caller (the game engine) as a [`Scoring`]. What it knows is the card's
//! structure as `docs/RULES.md` gives it: thirteen boxes in scorecard order, the six upper
//! boxes (box `i` counts face `i + 1`) with 35 when they add up to 63 or more (G3), the Dickey box
//! (box 11), and G6: five alike with the Dickey box filled earns 100 when that box holds 50, and is
//! a joker that must fill the upper box of its face while it is open, else any open box, scored by
//! the joker column of the [`Scoring`].
//!
//! It is its own crate so that it can be compiled optimized in debug builds and tests (see the
//! workspace's `Cargo.toml`): the full solve is billions of additions.
//!
//! # States
//!
//! Between turns, all that matters for the rest of a scorecard is a [`State`]: which boxes are
//! filled, the upper subtotal capped at 63 (past 63 only "bonus earned" matters, and the bonus is
//! counted when the subtotal crosses 63), and whether the Dickey box holds 50 (for G6's bonus).
//! That is 2¹³ × 64 × 2 states, of which those with a subtotal the filled upper boxes can reach
//! are solved (about 536,000). A state's value is the expected score still to come under optimal
//! play. Every turn fills one box, so values are computed from the full card (worth 0) backwards,
//! one number of filled boxes at a time, the states of one level in parallel.
//!
//! # A turn
//!
//! For a state, with `h` a hand of five dice (252 of them, as multisets) and `K` a keep (the dice
//! held: 0 to 5 dice, 462 multisets):
//!
//! - `F3[h]`: the value of scoring `h` now — the best open box's points and bonuses plus the value
//!   of the state that leaves;
//! - `E3[K] = Σ P(K → h) · F3[h]`: the value of holding `K` and rolling the rest for the last time;
//! - `F2[h] = max(F3[h], max_{K ⊊ h} E3[K])`: the value of the hand after the second roll;
//! - `E2`, `F1` likewise, and the state's value is `Σ P(h) · F1[h]` over the first roll.
//!
//! `max_{K ⊆ h}` is taken on the lattice of keeps: a keep's best value with its sub-keeps is the max
//! of its own and of those of the keeps with one die fewer, so each level costs 462 × ≤ 6 steps;
//! each `E` is a sparse product with 4,368 terms.

mod dice;
mod state;
mod table;
mod turn;
pub mod win;

pub(crate) use self::dice::dice;
pub use self::dice::{counts_of, faces_of, hand_counts, hand_index, roll, size, sub_keeps, Counts};
pub use self::state::{Choice, Scoring, State};
pub use self::table::Table;
pub use self::turn::Turn;

/// The boxes of a scorecard.
pub const BOXES: usize = 13;
/// The upper boxes are the first six: box `i` counts the dice showing `i + 1`.
pub const UPPER_BOXES: usize = 6;
/// The Dickey box (five alike, 50).
pub const DICKEY: usize = 11;
/// Distinct hands of five dice.
pub const HANDS: usize = 252;
/// Distinct keeps (multisets of 0 to 5 dice).
pub const KEEPS: usize = 462;

/// Every box filled.
pub(crate) const FULL_CARD: u16 = (1 << BOXES) - 1;
pub(crate) const UPPER_CAP: u8 = 63;
pub(crate) const UPPER_BONUS: u32 = 35;
pub(crate) const DICKEY_POINTS: u32 = 50;
pub(crate) const DICKEY_BONUS: u32 = 100;
