//! The end-to-end harness shared by the bot's test files: a Discord stand-in, a database file in
//! a temp dir, scripted dice, and the real bot started against them.
//!
//! With `FORGETIT_TEST_DATABASE=postgres` in the environment, the bot's database is a fresh
//! PostgreSQL database instead ([`postgres`]'s server): the README's test command runs the
//! end-to-end files that only use the database through the bot and [`World::store`] a second
//! time that way. Tests of SQLite's own faults use [`World::db`], the file.

use std::path::PathBuf;

use discord_standin::{ChannelId, Message, Standin, StandinBuilder, StandinConfig, UserId};
use forgetit::config::{Config, Token};
use forgetit::discord::{self, BotOptions, RunningBot};
use forgetit::engine::dice::{RandomDice, ScriptedDice, SharedDice};
use forgetit::store::Store;
use serde_json::json;

pub const W: u8 = 6;

pub struct World {
    pub standin: Standin,
    pub dice: SharedDice,
    pub _dir: tempfile::TempDir,
    /// The SQLite file (when `postgres` is `None`).
    pub db: PathBuf,
    /// The PostgreSQL database's URL, when `FORGETIT_TEST_DATABASE=postgres`.
    pub postgres: Option<String>,
    pub channel: ChannelId,
    pub alice: UserId,
    pub bob: UserId,
    pub carol: UserId,
}

impl World {
    pub async fn new() -> World {
        World::with_locales(
            "en-US",
            &[("alice", "en-US"), ("bob", "de"), ("carol", "en-GB")],
        )
        .await
    }

    /// A world whose guild has the preferred locale `guild_locale`, and whose users alice, bob
    /// and carol have the client locales given (as `(name, locale)`, in that order).
    pub async fn with_locales(guild_locale: &str, users: &[(&str, &str)]) -> World {
        World::with_standin(|builder| builder.guild_locale(guild_locale).users(users)).await
    }

    /// A world whose stand-in is set up by `configure` (its users must include alice, bob and
    /// carol; `World::new`'s are the default).
    pub async fn with_standin(configure: impl FnOnce(StandinBuilder) -> StandinBuilder) -> World {
        let builder = Standin::builder()
            .config(StandinConfig {
                // serenity checks a token's shape (three dot-separated parts) before using it.
                token: "standin.bot.token".into(),
                ..StandinConfig::default()
            })
            .users(&[("alice", "en-US"), ("bob", "de"), ("carol", "en-GB")]);
        let standin = configure(builder).start().await;
        let dir = tempfile::tempdir().unwrap();
        let postgres = match std::env::var("FORGETIT_TEST_DATABASE").as_deref() {
            Ok("postgres") => Some(postgres::server().await.fresh_database().await),
            Ok("sqlite") | Err(std::env::VarError::NotPresent) => None,
            Ok(other) => panic!("FORGETIT_TEST_DATABASE={other}: sqlite or postgres"),
            Err(e) => panic!("FORGETIT_TEST_DATABASE: {e}"),
        };
        World {
            channel: standin.channel_id(),
            alice: standin.user("alice"),
            bob: standin.user("bob"),
            carol: standin.user("carol"),
            standin,
            dice: SharedDice::new(ScriptedDice::new([]).then(RandomDice::seeded(7))),
            db: dir.path().join("forgetit.db"),
            postgres,
            _dir: dir,
        }
    }

    /// The bot's database ([`db::Db`]: the file, or the PostgreSQL database).
    pub fn database(&self) -> db::Db {
        match &self.postgres {
            Some(url) => db::Db::Postgres { url: url.clone() },
            None => db::Db::Sqlite {
                _dir: None,
                path: self.db.clone(),
            },
        }
    }

    /// Runs `sql` on the bot's database, beside the bot (for what only time would do).
    pub async fn execute(&self, sql: &str) {
        self.database().execute(sql).await
    }

    /// The bot's database, opened by the test (beside the bot's own connections).
    pub async fn store(&self) -> Store {
        self.database().open().await
    }

    pub fn config(&self) -> Config {
        let mut config = Config::default();
        config.discord.token = Some(Token::new(self.standin.token()));
        config.database.path = self.db.clone();
        config.database.url = self.postgres.clone();
        config.game.bot_pace_ms = 0;
        // Players clicking as fast as the bot answers, many games in one server: the limits are
        // tested apart (`limits_e2e`).
        config.limits.clicks_per_minute = forgetit::config::MAX_LIMIT;
        config.limits.tables_per_server = forgetit::config::MAX_LIMIT;
        config.limits.lobbies_per_person = forgetit::config::MAX_LIMIT;
        // Unicode dice, as the tests read them; tests/emoji_e2e.rs sets up the application emoji.
        config.emoji.style = forgetit::render::EmojiStyle::Unicode;
        // One Get Dickey strategy table for every test process (solved once, then read).
        config.strategy.cache = strategy::cache();
        config
    }

    pub async fn start_bot(&self, config: Config) -> RunningBot {
        self.start_bot_holding(config, None).await
    }

    /// [`start_bot`](Self::start_bot), the preparation of the strategies at start running `hold`
    /// first (on its own thread): a test holds it there until it releases it.
    pub async fn start_bot_holding(
        &self,
        config: Config,
        hold: Option<forgetit::host::Hold>,
    ) -> RunningBot {
        self.start_bot_with(config, hold, forgetit::discord::built_in())
            .await
    }

    /// [`start_bot`](Self::start_bot), the bot offering `games` (and no other).
    pub async fn start_bot_offering(
        &self,
        config: Config,
        games: forgetit::host::Games<dyn forgetit::discord::BotGame>,
    ) -> RunningBot {
        self.start_bot_with(config, None, games).await
    }

    async fn start_bot_with(
        &self,
        config: Config,
        hold: Option<forgetit::host::Hold>,
        games: forgetit::host::Games<dyn forgetit::discord::BotGame>,
    ) -> RunningBot {
        // Interaction tokens are timed on the stand-in's clock, which a test may move.
        let clock = self.standin.clock();
        let options = BotOptions {
            http_proxy: Some(self.standin.rest_url()),
            dice: Box::new(self.dice.clone()),
            clock: std::sync::Arc::new(move || clock.now()),
            strategy_hold: hold,
            games,
            ..BotOptions::default()
        };
        let bot = discord::start(&config, options).await.unwrap();
        self.standin.wait_for_command("forgetit").await.unwrap();
        bot
    }

    /// `user` picks the box `key` in Get Dickey's score menu of `message`; returns the updated
    /// message.
    pub async fn score(&self, user: UserId, message: &Message, key: &str) -> Message {
        let menu = message
            .select_menus()
            .into_iter()
            .next()
            .expect("a score menu");
        let picked = self
            .standin
            .select(user, message.id, &menu.custom_id, &[key])
            .await
            .unwrap();
        picked.answer().await.unwrap()
    }

    pub async fn slash(&self, user: UserId, sub: &str, options: serde_json::Value) -> Message {
        self.command(user, "forgetit", sub, options).await
    }

    /// `user` runs `/{command} {sub}` with `options`; returns what they see answered.
    pub async fn command(
        &self,
        user: UserId,
        command: &str,
        sub: &str,
        options: serde_json::Value,
    ) -> Message {
        let interaction = self
            .standin
            .run_slash(user, self.channel, command, Some(sub), options)
            .await
            .unwrap();
        interaction.answer().await.unwrap()
    }

    /// `user` runs `/{command} {sub}` (`sub` may be `"group sub"`), without options, as a
    /// Discord client whose list of commands is old may: sent even if the bot no longer
    /// registers it. Returns what they see answered.
    pub async fn stale_command(&self, user: UserId, command: &str, sub: &str) -> Message {
        let mut names: Vec<&str> = sub.split(' ').collect();
        let leaf = names.pop().unwrap_or_default();
        let mut options = serde_json::json!([{"name": leaf, "type": 1, "options": []}]);
        for group in names.into_iter().rev() {
            options = serde_json::json!([{"name": group, "type": 2, "options": options}]);
        }
        let data = serde_json::json!({"name": command, "options": options});
        let raw = discord_standin::RawInteraction::command(self.channel, data);
        let sent = self.standin.send_raw(user, raw).await.unwrap();
        sent.answer().await.unwrap()
    }

    /// Clicks a button and returns what the clicker then sees answered (the updated message, or
    /// an ephemeral reply).
    /// `user` runs `/forgetit start` with `options` in `channel`; what they see answered.
    pub async fn start_in(
        &self,
        user: UserId,
        channel: ChannelId,
        options: serde_json::Value,
    ) -> Message {
        self.standin
            .run_slash(user, channel, "forgetit", Some("start"), options)
            .await
            .unwrap()
            .answer()
            .await
            .unwrap()
    }

    pub async fn click(&self, user: UserId, message: &Message, label: &str) -> Message {
        let interaction = self.standin.click(user, message.id, label).await.unwrap();
        interaction.answer().await.unwrap()
    }

    /// The newest public message whose content mentions `user`: their turn message.
    pub async fn turn_of(&self, user: UserId) -> Message {
        let mention = format!("<@{user}>");
        self.standin
            .wait_until("a turn message", |view| {
                view.messages(self.channel)
                    .into_iter()
                    .rev()
                    .find(|m| m.content().contains(&mention) && !m.buttons().is_empty())
            })
            .await
            .unwrap()
    }

    /// Starts a two-person game with `target`; alice wins the roll-off. Returns alice's first turn
    /// message.
    pub async fn two_player_game(&self, target: u32) -> Message {
        let lobby = self
            .slash(self.alice, "start", json!({ "target": target }))
            .await;
        assert!(
            lobby.button_labels().contains(&"Join".to_string()),
            "{lobby:?}"
        );
        let joined = self.click(self.bob, &lobby, "Join").await;
        assert!(joined.text().contains("bob"), "{}", joined.text());
        self.dice.push([5, 2]); // roll-off: alice 5, bob 2
        let started = self.click(self.alice, &lobby, "Start").await;
        assert!(started.buttons().is_empty(), "the lobby loses its buttons");
        self.turn_of(self.alice).await
    }

    /// The end of the channel's game, once shown: the message with Rematch and Review.
    pub async fn game_over(&self) -> Message {
        self.standin
            .wait_for_message(self.channel, |m| m.button_labels() == ["Rematch", "Review"])
            .await
            .unwrap()
    }

    /// A two-person game to 50 played to its end: alice's roll spells FORGET IT (F4), bob's nine
    /// 5s make 180 (F9, F10), alice's last turn spells FORGET IT again. Returns its end.
    pub async fn a_short_game(&self) -> Message {
        let turn = self.two_player_game(50).await;
        self.dice.push([W, 1, 2, W, 1, 2, W, 1, 2]);
        self.click(self.alice, &turn, "Roll").await;
        let turn = self.turn_of(self.bob).await;
        self.dice.push([5; 9]);
        let rolled = self.click(self.bob, &turn, "Roll").await;
        let kept = self
            .click(self.bob, &rolled, &label_with(&rolled, "5"))
            .await;
        self.click(self.bob, &kept, &label_with(&kept, "180")).await;
        let turn = self.turn_of(self.alice).await;
        self.dice.push([W, 1, 2, W, 1, 2, W, 1, 2]);
        self.click(self.alice, &turn, "Roll").await;
        self.game_over().await
    }
}

/// The label of the first button of `message` whose label contains `needle`.
pub fn label_with(message: &Message, needle: &str) -> String {
    labels(message)
        .into_iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no button with {needle:?}: {:?}", labels(message)))
}

impl World {
    /// alice starts a Get Dickey game alone and rolls 6 6 6 2 3: her turn's message after the
    /// roll.
    pub async fn a_get_dickey_roll(&self) -> Message {
        let alice = self.alice;
        let lobby = self.command(alice, "getdickey", "start", json!({})).await;
        self.click(alice, &lobby, "Start").await;
        let turn = self.turn_of(alice).await;
        self.dice.push([6, 6, 6, 2, 3]);
        let roll = turn
            .button_labels()
            .into_iter()
            .find(|l| l.starts_with("Roll"))
            .expect("a Roll button");
        self.click(alice, &turn, &roll).await
    }
}

pub fn labels(message: &Message) -> Vec<String> {
    message.button_labels()
}

pub mod render;

pub mod process;

/// A bot's health server, and free ports.
pub mod health;

pub mod postgres;

pub mod db;

pub mod table;

/// The Get Dickey strategy table and its cache file.
pub mod strategy;

/// Random legal play through the engine, for the property tests.
pub mod engine;
