//! forgetit: a Discord bot that hosts dice games. See README.md for the layers.

pub mod engine;
pub mod store;
