//! What bot seats, Odds and reviews compute with. Each game keeps its own policies, solvers and
//! review in its folder (`games::<game>`); here is only what their reviews share ([`review`]).
//! The strategies of a service and the simulator are the host's (`host::Strategies`,
//! `host::sim`): they are for any hosted game.

pub mod review;
