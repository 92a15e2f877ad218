//! forgetit: a Discord bot that hosts dice games. See docs/architecture.md for the layers.

pub mod cli;
pub mod config;
pub mod daily;
pub mod discord;
pub mod duration;
pub mod engine;
pub mod games;
pub mod host;
pub mod i18n;
pub mod ids;
pub mod ratings;
pub mod render;
pub mod sandbox;
pub mod settings;
pub mod store;
pub mod strategy;
pub mod sync;
pub mod tables;
pub mod telemetry;
pub mod unix;

pub use ids::{ChannelId, GameId, GuildId, MessageId, UserId};
