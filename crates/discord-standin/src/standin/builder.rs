//! [`StandinBuilder`]: the guilds, channels, users, threads and messages a stand-in starts with,
//! and the start itself (the world made, the REST and gateway servers bound and serving).

use std::sync::Arc;
use std::time::Duration;

use axum::routing::any;
use axum::Router;
use tokio::net::TcpListener;

use super::Standin;
use crate::ids::{self, UserId};
use crate::model::{Message, World};
use crate::spec::Spec;
use crate::{gateway, limits, rest, Shared, StandinConfig, Thread, ATTACHMENT_ROUTE};

/// Sets up the guilds, channels and users before starting.
#[derive(Debug)]
pub struct StandinBuilder {
    config: StandinConfig,
    guild: String,
    channels: Vec<String>,
    extra_guilds: Vec<(String, Vec<String>)>,
    user_install_guilds: Vec<(String, Vec<String>)>,
    group_dms: Vec<(String, Vec<String>)>,
    shard_count: u32,
    users: Vec<(String, String)>,
    guild_locale: String,
    stable_ids: bool,
    messages: Vec<Message>,
    threads: Vec<Thread>,
}

impl Standin {
    /// Configure before starting.
    pub fn builder() -> StandinBuilder {
        StandinBuilder {
            config: StandinConfig::default(),
            guild: "Test Guild".into(),
            channels: vec!["general".into()],
            extra_guilds: Vec::new(),
            user_install_guilds: Vec::new(),
            group_dms: Vec::new(),
            shard_count: 1,
            users: vec![
                ("alice".into(), "en-US".into()),
                ("bob".into(), "de".into()),
                ("carol".into(), "en-GB".into()),
            ],
            guild_locale: "en-US".into(),
            stable_ids: false,
            messages: Vec::new(),
            threads: Vec::new(),
        }
    }
}

impl StandinBuilder {
    /// Give the bot, the users, the guilds and the channels the same ids at every start (the same
    /// setup gives the same ids; later ids follow the clock as usual), so that what a bot stored
    /// about them is still theirs after the stand-in restarts.
    pub fn stable_ids(mut self) -> Self {
        self.stable_ids = true;
        self
    }

    /// Replace the configuration.
    pub fn config(mut self, config: StandinConfig) -> Self {
        self.config = config;
        self
    }

    /// Whether invalid requests are answered with 400 (default `true`).
    pub fn reject_invalid(mut self, reject: bool) -> Self {
        self.config.reject_invalid = reject;
        self
    }

    /// Heartbeat interval announced in HELLO.
    pub fn heartbeat_interval(mut self, interval: Duration) -> Self {
        self.config.heartbeat_interval = interval;
        self
    }

    /// Messages the channels already hold (as [`Standin::lasting_messages`] gave them, from an
    /// earlier stand-in with the same setup and [`StandinBuilder::stable_ids`]): as in Discord,
    /// a bot restarted against the new stand-in finds its messages where it left them. Messages
    /// of channels the stand-in does not have are left out.
    pub fn messages(mut self, messages: Vec<Message>) -> Self {
        self.messages = messages;
        self
    }

    /// Threads the channels already hold (as [`Standin::lasting_threads`] gave them, from an
    /// earlier stand-in with the same setup and [`StandinBuilder::stable_ids`]), made before the
    /// [`messages`](Self::messages), so that a thread's messages are kept too. Threads of
    /// channels the stand-in does not have are left out.
    pub fn threads(mut self, threads: Vec<Thread>) -> Self {
        self.threads = threads;
        self
    }

    /// Name of the guild.
    pub fn guild(mut self, name: &str) -> Self {
        self.guild = name.into();
        self
    }

    /// Channels of the guild (replaces the default `general`). The first is the default channel.
    pub fn channels(mut self, names: &[&str]) -> Self {
        self.channels = names.iter().map(|n| (*n).to_owned()).collect();
        self
    }

    /// Another guild with these channels (the first is its default). Every user is a member of
    /// every guild.
    pub fn extra_guild(mut self, name: &str, channels: &[&str]) -> Self {
        self.extra_guilds.push((
            name.into(),
            channels.iter().map(|c| (*c).to_owned()).collect(),
        ));
        self
    }

    /// A server where every user installed the app to their account but the server did not
    /// install it: the bot is not a member (see [`Standin::add_user_install_guild`]). Made after
    /// the other guilds, so their ids (and shards) don't change.
    pub fn user_install_guild(mut self, name: &str, channels: &[&str]) -> Self {
        self.user_install_guilds.push((
            name.into(),
            channels.iter().map(|c| (*c).to_owned()).collect(),
        ));
        self
    }

    /// A group DM of these users (by name; the bot is not in it), made after the guilds and
    /// their channels (see [`Standin::add_group_dm`]). Panics at start if a name is not a user's.
    pub fn group_dm(mut self, name: &str, members: &[&str]) -> Self {
        self.group_dms.push((
            name.into(),
            members.iter().map(|m| (*m).to_owned()).collect(),
        ));
        self
    }

    /// The number of shards `GET /gateway/bot` recommends (default 1). Guilds get ids on the
    /// shards in turn: the first guild on shard 0, the second on shard 1 (of 2 or more), ...
    pub fn shard_count(mut self, count: u32) -> Self {
        self.shard_count = count.max(1);
        self
    }

    /// The guild's preferred locale, sent as `guild_locale` with interactions (default `en-US`).
    pub fn guild_locale(mut self, locale: &str) -> Self {
        self.guild_locale = locale.into();
        self
    }

    /// Users in the guild as `(name, locale)` (replaces the defaults alice/en-US, bob/de,
    /// carol/en-GB).
    pub fn users(mut self, users: &[(&str, &str)]) -> Self {
        self.users = users
            .iter()
            .map(|(n, l)| ((*n).to_owned(), (*l).to_owned()))
            .collect();
        self
    }

    /// Bind the ports and start serving.
    pub async fn start(mut self) -> Standin {
        let spec = Spec::shared();
        let mut world = self.world();
        let rest = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST port");
        let gw = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway port");
        let rest_addr = rest.local_addr().expect("REST address");
        let gateway_addr = gw.local_addr().expect("gateway address");
        world.gateway_url = format!("ws://{gateway_addr}");
        world.rest_url = format!("http://{rest_addr}");
        // Messages kept from an earlier stand-in: their embeds' images point at its attachments.
        world.rebase_attachment_urls();
        let shared = Arc::new(Shared::new(world, spec, self.config));
        let rest_app = Router::new()
            .route(ATTACHMENT_ROUTE, axum::routing::get(rest::attachment_file))
            .fallback(rest::handle)
            // Larger than Discord takes, so that the stand-in sees (and answers as Discord does)
            // a request with too large a file; axum's default is 2 MB.
            .layer(axum::extract::DefaultBodyLimit::max(
                2 * limits::MAX_REQUEST_BYTES,
            ))
            .with_state(Arc::clone(&shared));
        let gateway_app = Router::new()
            .route("/", any(gateway::upgrade))
            .fallback(gateway::upgrade)
            .with_state(Arc::clone(&shared));
        // As Discord's own servers: small writes (a gateway event, a REST answer) go out at once,
        // not held back by Nagle's algorithm until the bot acknowledges the last one (which a
        // client may delay by up to 40 ms).
        use axum::serve::ListenerExt;
        let nodelay = |socket: &mut tokio::net::TcpStream| {
            let _ = socket.set_nodelay(true);
        };
        let (rest, gw) = (rest.tap_io(nodelay), gw.tap_io(nodelay));
        let tasks = vec![
            tokio::spawn(async move {
                let _ = axum::serve(rest, rest_app).await;
            }),
            tokio::spawn(async move {
                let _ = axum::serve(gw, gateway_app).await;
            }),
        ];
        Standin {
            shared,
            rest_addr,
            gateway_addr,
            tasks,
        }
    }

    /// The world as set up: the bot, the users, the guilds and their channels, group DMs, and
    /// the threads and messages kept from an earlier stand-in.
    fn world(&mut self) -> World {
        let ids = if self.stable_ids {
            ids::Snowflakes::pinned()
        } else {
            ids::Snowflakes::default()
        };
        let mut world = World::new(self.config.token.clone(), ids);
        world.shard_count = self.shard_count;
        for (name, locale) in &self.users {
            world.add_user(name, locale);
        }
        let guild = world.add_guild(&self.guild, &self.guild_locale);
        for name in &self.channels {
            world.add_channel(guild, name);
        }
        for (name, channels) in &self.extra_guilds {
            let guild = world.add_guild(name, "en-US");
            for channel in channels {
                world.add_channel(guild, channel);
            }
        }
        for (name, channels) in &self.user_install_guilds {
            world.add_user_install_guild(name, channels);
        }
        for (name, members) in &self.group_dms {
            let members: Vec<UserId> = members
                .iter()
                .map(|m| {
                    let found = world.users.iter().find(|u| &u.name == m);
                    found.map(|u| u.id).unwrap_or_else(|| {
                        panic!("group DM {name:?}: the stand-in has no user {m:?}")
                    })
                })
                .collect();
            world.add_group_dm(name, &members);
        }
        world.ids.unpin();
        for thread in &self.threads {
            world.ids.bump_to(thread.id.get());
            world.restore_thread(thread);
        }
        let mut messages: Vec<Message> = std::mem::take(&mut self.messages)
            .into_iter()
            .filter(|m| world.channel(m.channel_id).is_some())
            .collect();
        messages.sort_by_key(|m| m.id);
        for message in messages {
            world.ids.bump_to(message.id.get());
            world.push_message(message);
        }
        world
    }
}
