//! The stand-in's integration tests, one binary: one module an area, helpers in `common`.
//! One area: `cargo test -p discord-standin --test it faults::`.

mod common;

mod attachments;
mod emojis;
mod faults;
mod installs;
mod raw;
mod shards;
mod smoke;
mod threads;
mod validation;
mod web;
