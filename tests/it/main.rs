//! The integration tests of the bot, one binary (matklad, "Delete Cargo Integration Tests"):
//! one module an area, helpers written once in `common`. One area: `cargo test --test it store::`.

mod common;

mod bad_input;
mod bot_e2e;
mod cli;
mod crash_e2e;
mod dice_images;
mod docs;
mod drain_e2e;
mod emoji_e2e;
mod engine_forgetit;
mod engine_forgetit_props;
mod engine_getdickey;
mod engine_getdickey_props;
mod engine_pig;
mod faults_e2e;
mod gateway_tls;
mod getdickey_e2e;
mod i18n_e2e;
mod limits_e2e;
mod locales;
mod metrics_e2e;
mod migrate_db;
mod old_database;
mod pig_e2e;
mod postgres_schema;
mod privacy;
mod privacy_e2e;
mod race;
mod render_forgetit;
mod render_getdickey;
mod render_pig;
mod render_review;
mod review;
mod review_e2e;
mod sandbox;
mod sandbox_browser;
mod settings_e2e;
mod shards_e2e;
mod sim;
mod solver;
mod store;
mod strategy_getdickey;
mod strategy_pig;
mod threads_e2e;
