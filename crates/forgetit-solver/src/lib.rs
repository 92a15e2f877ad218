//! For Get It's numeric strategy core, pure and fast: the tables of every roll ([`rolls`]), a
//! turn played for a utility of its score ([`utility`]), how a last turn played to beat a bar
//! ends ([`bar`]) and the race to the target at the end of a game ([`race`]).
//!
//! The rules come from the bot's engine; the one rule needed here as a number, F9's multiplier,
//! is passed in ([`utility::Multiplier`]). This crate is compiled optimized even in debug builds
//! (see the workspace's `Cargo.toml`): its recursions run to tens of millions of steps, and the
//! bot's tests play them.

pub mod bar;
pub mod race;
pub mod rolls;
pub mod utility;

pub use bar::{Bar, Ends};
pub use race::{turn_scores, Race};
pub use utility::{Multiplier, UtilityTurn};
