//! The daily deal: each game's deal of the day, the same dice for everyone, played alone and
//! privately, each decision judged against exact play. The dice and days are the engine's
//! (`engine::deal`), what a deal's end says of the play too (`engine::daily`); here, a deal as a
//! value for any game ([`game`]).

pub mod game;
pub mod service;

pub use crate::engine::daily::{DailyForm, DailyMistake, DailyReview, DailyTurn, Measure, Square};
pub use crate::engine::deal::{Place, Seed};
pub use game::{Deal, DealGame, DealKind, Refused};
pub use service::{Answer, Asker, Clock, Dailies, DailyError, DealRef, Shown};
