//! The handle a test holds: [`Standin`], a running stand-in, and what it can be asked, split by
//! what it is about:
//!
//! - `builder`: [`StandinBuilder`], the guilds, channels and users set up before starting, and
//!   the servers started;
//! - `world`: guilds, channels, threads, DMs and users, and what moderators do to them;
//! - `interactions`: users' actions (commands, clicks, selects, raw interactions), the
//!   interactions sent and the commands registered;
//! - `messages`: the messages of a channel as each person sees them, and what happens to them;
//! - `emoji`: the application's emoji;
//! - `faults`: injected REST faults, and every fault that fired;
//! - `gateway`: gateway faults, sessions, identifies, resumes and what was dispatched;
//! - `checks`: the request log, the violations and problems found, and what is checked;
//! - `view`: [`StandinView`], the state read in place, and waiting on it.

mod builder;
mod checks;
mod emoji;
mod faults;
mod gateway;
mod interactions;
mod messages;
mod view;
mod world;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;

pub use builder::StandinBuilder;
pub use view::StandinView;

use crate::ids::UserId;
use crate::{web, Shared, StandinConfig};

/// A running Discord stand-in. Dropping it stops the servers.
pub struct Standin {
    shared: Arc<Shared>,
    rest_addr: SocketAddr,
    gateway_addr: SocketAddr,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for Standin {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

impl std::fmt::Debug for Standin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Standin")
            .field("rest", &self.rest_addr)
            .field("gateway", &self.gateway_addr)
            .finish_non_exhaustive()
    }
}

impl Standin {
    /// Start with the defaults: guild "Test Guild", channel `general`, users alice (en-US),
    /// bob (de) and carol (en-GB).
    pub async fn start() -> Standin {
        Standin::builder().start().await
    }

    /// Base URL for serenity's `HttpBuilder::proxy` (`http://127.0.0.1:PORT`).
    pub fn rest_url(&self) -> String {
        format!("http://{}", self.rest_addr)
    }

    /// The stand-in's own gateway URL (`ws://127.0.0.1:PORT`), which `GET /gateway` and `GET
    /// /gateway/bot` hand out unless [`hand_out_gateway_url`](Self::hand_out_gateway_url) said
    /// another.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.gateway_addr)
    }

    /// Hands out `url` as the gateway's from now on (in `GET /gateway`, `GET /gateway/bot` and
    /// READY's `resume_gateway_url`): a `wss://` server of the test's, in front of
    /// [`gateway_url`](Self::gateway_url) or not, to see what a client's TLS does.
    pub fn hand_out_gateway_url(&self, url: &str) {
        self.shared.with(|w| w.gateway_url = url.to_string());
    }

    /// The bot token the stand-in expects.
    pub fn token(&self) -> String {
        self.shared.config.token.clone()
    }

    /// The bot's application id (sent in READY).
    pub fn application_id(&self) -> u64 {
        self.shared.read(|w| w.application_id)
    }

    /// The bot user's id.
    pub fn bot_user_id(&self) -> UserId {
        self.shared.read(|w| w.bot.id)
    }

    /// The configuration in force.
    pub fn config(&self) -> &StandinConfig {
        &self.shared.config
    }

    /// Serve the stand-in's server as a web page on `listener` (a Discord-like view of its
    /// channels where one can act as any of its users; see the crate's README). It serves until
    /// the returned task is aborted.
    pub fn serve_web(&self, listener: TcpListener) -> JoinHandle<()> {
        web::serve(Arc::clone(&self.shared), listener)
    }
}
