//! The configuration's unit tests: loading, secrets, the environment, and every check.

#![allow(clippy::result_large_err)] // figment's Jail returns figment's own (large) error

use super::*;
use crate::store::redacted;

#[test]
fn file_then_environment_override_the_defaults() {
    figment::Jail::expect_with(|jail| {
        jail.create_file(
            "bot.toml",
            "[database]\npath = \"/data/x.db\"\n[game]\nturn_timeout_secs = 60\n",
        )?;
        jail.set_env("FORGETIT_GAME__BOT_PACE_MS", "10");
        jail.set_env("DISCORD_TOKEN", "secret-token");
        let config = Config::load(Some(Path::new("bot.toml"))).unwrap();
        assert_eq!(config.database.path, PathBuf::from("/data/x.db"));
        assert_eq!(config.game.turn_timeout_secs, 60);
        assert_eq!(config.game.bot_pace_ms, 10);
        assert_eq!(config.game.default_target, 500);
        let token = config.discord.token.unwrap();
        assert_eq!(token.expose(), "secret-token");
        assert_eq!(format!("{token:?}"), "Token(<hidden>)");
        Ok(())
    });
}

#[test]
fn a_missing_explicit_file_and_an_unknown_key_are_errors() {
    figment::Jail::expect_with(|jail| {
        let err = Config::load(Some(Path::new("nope.toml"))).unwrap_err();
        assert_eq!(err.to_string(), "config file nope.toml does not exist");
        jail.create_file("config.toml", "[game]\ntypo = 1\n")?;
        let err = Config::load(None).unwrap_err();
        assert!(err.to_string().contains("typo"), "{err}");
        Ok(())
    });
}

#[test]
fn shards_and_the_proxy_come_from_the_environment() {
    figment::Jail::expect_with(|jail| {
        jail.set_env("FORGETIT_DISCORD__HTTP_PROXY", "http://127.0.0.1:3000/");
        jail.set_env("FORGETIT_DISCORD__SHARD_COUNT", "4");
        jail.set_env("FORGETIT_DISCORD__SHARDS", "2..4");
        let config = Config::load(None).unwrap();
        assert_eq!(
            config.http_proxy().unwrap().as_deref(),
            Some("http://127.0.0.1:3000")
        );
        let shards = config.shards().unwrap().unwrap();
        assert_eq!(
            (shards.range.first, shards.range.end, shards.count),
            (2, 4, 4)
        );
        let games = crate::host::Games::new(&[]).unwrap();
        assert_eq!(config.tables(games).shards, Some(shards));
        assert_eq!(shards.to_string(), "shards 2..4 of 4");
        // One process of one shard: the ".." is read as a range, not a number.
        jail.set_env("FORGETIT_DISCORD__SHARD_COUNT", "1");
        jail.set_env("FORGETIT_DISCORD__SHARDS", "0..1");
        let one = Config::load(None).unwrap().shards().unwrap().unwrap();
        assert_eq!((one.range.first, one.range.end, one.count), (0, 1, 1));
        Ok(())
    });
}

#[test]
fn the_database_url_comes_from_the_environment_and_is_shown_without_its_password() {
    figment::Jail::expect_with(|jail| {
        let config = Config::load(None).unwrap();
        assert_eq!(config.database.url, None);
        assert_eq!(config.database.shown(), "forgetit.db");
        jail.set_env(
            "FORGETIT_DATABASE__URL",
            "postgres://bot:s3cret@db.example:5432/forgetit",
        );
        let config = Config::load(None).unwrap();
        assert_eq!(
            config.database.url.as_deref(),
            Some("postgres://bot:s3cret@db.example:5432/forgetit")
        );
        assert_eq!(
            config.database.shown(),
            "postgres://bot:***@db.example:5432/forgetit"
        );
        jail.set_env("FORGETIT_DATABASE__URL", "mysql://bot:s3cret@db/forgetit");
        let err = Config::load(None).unwrap_err().to_string();
        assert_eq!(
                err,
                "config: database.url mysql://bot:***@db/forgetit is neither sqlite://PATH nor postgres://..."
            );
        Ok(())
    });
    assert_eq!(redacted("sqlite://forgetit.db"), "sqlite://forgetit.db");
    assert_eq!(redacted("postgres://bot@h/db"), "postgres://bot@h/db");
    assert_eq!(redacted("postgres://b:p@ss@h/db"), "postgres://b:***@h/db");
}

#[test]
fn secrets_come_from_files_without_their_trailing_newline() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("token", "c2VjcmV0.from-a.file\n")?;
        jail.create_file("url", "postgres://bot@db.example/forgetit\r\n")?;
        jail.create_file("password", "p@ss:w/rd%\n")?;
        jail.set_env("DISCORD_TOKEN_FILE", "token");
        jail.set_env("FORGETIT_DATABASE__URL_FILE", "url");
        jail.set_env("FORGETIT_DATABASE__PASSWORD_FILE", "password");
        let config = Config::load(None).unwrap();
        let token = config.discord.token.as_ref().unwrap();
        assert_eq!(token.expose(), "c2VjcmV0.from-a.file");
        let url = config.database.url.as_deref().unwrap();
        assert_eq!(url, "postgres://bot:p%40ss%3Aw%2Frd%25@db.example/forgetit");
        assert_eq!(
            config.database.shown(),
            "postgres://bot:***@db.example/forgetit"
        );
        // What sqlx reads from it is the password as written.
        let parsed = url::Url::parse(url).unwrap();
        let password = percent_encoding::percent_decode_str(parsed.password().unwrap());
        assert_eq!(password.decode_utf8().unwrap(), "p@ss:w/rd%");
        assert!(!format!("{config:?}").contains("from-a.file"));

        let err = || Config::load(None).unwrap_err().to_string();
        jail.set_env("DISCORD_TOKEN", "inline.token.too");
        assert_eq!(
            err(),
            "config: discord.token and discord.token_file are both set: set one"
        );
        jail.clear_env();
        jail.create_file("empty", "\n")?;
        jail.set_env("DISCORD_TOKEN_FILE", "empty");
        assert_eq!(err(), "config: discord.token_file empty is empty");
        jail.set_env("DISCORD_TOKEN_FILE", "missing");
        let missing = err();
        assert!(
            missing.starts_with("config: discord.token_file missing: cannot be read by uid ")
                && missing.contains("No such file"),
            "{missing}"
        );
        jail.clear_env();
        jail.set_env("FORGETIT_DATABASE__PASSWORD_FILE", "password");
        assert_eq!(
            err(),
            "config: database.password_file needs a postgres:// database.url"
        );
        jail.set_env(
            "FORGETIT_DATABASE__URL",
            "postgres://bot:inline@db/forgetit",
        );
        assert_eq!(
            err(),
            "config: database.password_file and a password in database.url are both set: set one"
        );
        Ok(())
    });
}

#[test]
fn kubernetes_service_links_are_ignored_and_other_stray_variables_named() {
    figment::Jail::expect_with(|jail| {
        // What Kubernetes puts in a pod's environment for Services named forgetit and
        // forgetit-metrics (enableServiceLinks, on by default).
        for (name, value) in [
            ("FORGETIT_PORT", "tcp://10.96.0.12:9100"),
            ("FORGETIT_PORT_9100_TCP", "tcp://10.96.0.12:9100"),
            ("FORGETIT_PORT_9100_TCP_PROTO", "tcp"),
            ("FORGETIT_PORT_9100_TCP_PORT", "9100"),
            ("FORGETIT_PORT_9100_TCP_ADDR", "10.96.0.12"),
            ("FORGETIT_SERVICE_HOST", "10.96.0.12"),
            ("FORGETIT_SERVICE_PORT", "9100"),
            ("FORGETIT_SERVICE_PORT_METRICS", "9100"),
            ("FORGETIT_METRICS_SERVICE_HOST", "10.96.0.13"),
            ("FORGETIT_METRICS_PORT_9100_UDP", "udp://10.96.0.13:9100"),
        ] {
            jail.set_env(name, value);
        }
        jail.set_env("FORGETIT_LOG__FILTER", "debug");
        let config = Config::load(None).unwrap();
        assert_eq!(config.log.filter, "debug");
        assert_eq!(config.metrics.listen, None);
        // A typo of a setting is still refused, by name.
        jail.set_env("FORGETIT_LOG_FILTER", "debug");
        assert_eq!(
                Config::load(None).unwrap_err().to_string(),
                "config: environment variable FORGETIT_LOG_FILTER is not a setting: a setting is FORGETIT_SECTION__KEY, e.g. FORGETIT_LOG__FILTER"
            );
        Ok(())
    });
    for (name, value) in [
        ("FORGETIT_PORT_HTTP", "80"),
        ("FORGETIT_PORT_80_TCPX", "80"),
        ("FORGETIT_LOG_FORMAT", "json"),
        ("FORGETIT_METRICS_PORT", "9100"),
    ] {
        assert!(!service_link(name, value), "{name}");
    }
    assert!(service_link(
        "FORGETIT_METRICS_PORT",
        "tcp://10.96.0.13:9100"
    ));
}

#[test]
fn a_log_filter_tracing_cannot_read_is_refused() {
    figment::Jail::expect_with(|jail| {
        jail.set_env("FORGETIT_LOG__FILTER", "=[nonsense");
        let err = Config::load(None).unwrap_err().to_string();
        assert!(
            err.starts_with("config: log.filter \"=[nonsense\" is not a log filter: "),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1);
        jail.set_env("FORGETIT_LOG__FILTER", "info,forgetit=debug");
        jail.set_env("RUST_LOG", "forgetit=loud");
        let err = Config::load(None).unwrap_err().to_string();
        assert!(
            err.starts_with("config: RUST_LOG \"forgetit=loud\""),
            "{err}"
        );
        jail.set_env("RUST_LOG", "");
        Config::load(None).unwrap();
        Ok(())
    });
}

#[test]
fn a_shard_count_alone_runs_every_shard_and_none_autoshards() {
    let mut config = Config::default();
    assert_eq!(config.shards().unwrap(), None);
    config.discord.shard_count = Some(3);
    let all = config.shards().unwrap().unwrap();
    assert_eq!((all.range.first, all.range.end), (0, 3));
}

#[test]
fn bad_shards_and_proxies_are_one_clear_error() {
    figment::Jail::expect_with(|_jail| {
        let load = |toml: &str| -> String {
            std::fs::write("bad.toml", toml).unwrap();
            Config::load(Some(Path::new("bad.toml")))
                .unwrap_err()
                .to_string()
        };
        let outside = load("[discord]\nshard_count = 2\nshards = \"1..3\"\n");
        assert_eq!(
            outside,
            "config: discord.shards 1..3 is outside discord.shard_count 2 (the shards are 0..2)"
        );
        assert!(load("[discord]\nshards = \"0..1\"\n").contains("needs discord.shard_count"));
        assert!(load("[discord]\nshard_count = 0\n").contains("at least 1"));
        let err = load("[discord]\nshard_count = 2\nshards = \"two\"\n");
        assert!(err.contains("not a shard range"), "{err}");
        let err = load("[discord]\nhttp_proxy = \"localhost:3000\"\n");
        assert!(err.contains("discord.http_proxy"), "{err}");
        Ok(())
    });
}

#[test]
fn game_settings_out_of_range_are_one_clear_error() {
    figment::Jail::expect_with(|jail| {
        for (toml, key) in [
            ("[game]\ndefault_target = 0\n", "game.default_target"),
            ("[game]\nturn_timeout_secs = 0\n", "game.turn_timeout_secs"),
            (
                "[game]\nlobby_timeout_secs = 0\n",
                "game.lobby_timeout_secs",
            ),
            (
                "[game]\nturn_timeout_secs = 99999999999\n",
                "game.turn_timeout_secs",
            ),
            ("[game]\nbot_pace_ms = 3600000\n", "game.bot_pace_ms"),
            ("[game]\nsleep_after_secs = 0\n", "game.sleep_after_secs"),
        ] {
            jail.create_file("config.toml", toml)?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(err.contains(key), "{err}");
            assert_eq!(err.lines().count(), 1);
        }
        Ok(())
    });
}

#[test]
fn the_metrics_address_comes_from_the_environment_and_a_bad_one_is_one_clear_error() {
    figment::Jail::expect_with(|jail| {
        assert_eq!(Config::load(None).unwrap().metrics.listen, None);
        jail.set_env("FORGETIT_METRICS__LISTEN", "127.0.0.1:9100");
        let listen = Config::load(None).unwrap().metrics.listen;
        assert_eq!(listen, Some("127.0.0.1:9100".parse().unwrap()));
        jail.set_env("FORGETIT_METRICS__LISTEN", "localhost");
        let err = Config::load(None).unwrap_err().to_string();
        assert!(err.contains("socket address"), "{err}");
        assert!(err.to_lowercase().contains("metrics.listen"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        jail.clear_env();
        jail.create_file("config.toml", "[metrics]\nlisten = \"127.0.0.1\"\n")?;
        let err = Config::load(None).unwrap_err().to_string();
        assert!(err.contains("metrics.listen"), "{err}");
        Ok(())
    });
}

#[test]
fn the_six_sided_pieces_keep_their_older_names() {
    figment::Jail::expect_with(|jail| {
        jail.create_file(
                "config.toml",
                "[emoji]\ndickey_faces = [\"a\", \"b\", \"c\", \"d\", \"e\", \"f\"]\ndickey_held = \"📌\"\n",
            )?;
        let config = Config::load(None).unwrap();
        let six = crate::games::getdickey::dice::SIX_FACES;
        let held = crate::games::getdickey::dice::SIX_HELD;
        assert_eq!(config.emoji.piece(&six, 5), "f");
        assert_eq!(config.emoji.piece(&held, 0), "📌");
        Ok(())
    });
}

/// `[emoji]`'s keys are the games' declared pieces: an unknown one is refused naming them,
/// a list of the wrong length is refused, and a set piece is read.
#[test]
fn the_emoji_keys_are_the_games_pieces() {
    figment::Jail::expect_with(|jail| {
        jail.create_file("config.toml", "[emoji]\nsix_face = [\"a\"]\n")?;
        let err = Config::load(None).unwrap_err().to_string();
        assert!(err.contains("six_face"), "{err}");
        for key in [
            "style",
            "kinds",
            "numbers",
            "words",
            "six_faces",
            "six_held",
        ] {
            assert!(err.contains(&format!("`{key}`")), "{key}: {err}");
        }
        jail.create_file("config.toml", "[emoji]\nkinds = [\"a\", \"b\"]\n")?;
        let err = Config::load(None).unwrap_err().to_string();
        assert!(
            err.contains("length 2") && err.contains("3 pieces"),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        jail.create_file("config.toml", "[emoji]\nwords = [\"F\", \"G\", \"I\"]\n")?;
        let config = Config::load(None).unwrap();
        let words = crate::games::forgetit::dice::WORDS;
        assert_eq!(config.emoji.piece(&words, 1), "G");
        assert!(config.emoji.is_set(&words));
        let kinds = crate::games::forgetit::dice::KINDS;
        assert!(!config.emoji.is_set(&kinds));
        Ok(())
    });
}

#[test]
fn every_section_refuses_an_unknown_key_emoji_too() {
    figment::Jail::expect_with(|jail| {
        for section in [
            "discord",
            "database",
            "game",
            "emoji",
            "strategy",
            "log",
            "shutdown",
            "limits",
            "retention",
            "metrics",
        ] {
            jail.create_file("config.toml", &format!("[{section}]\nno_such_key = 1\n"))?;
            let err = Config::load(None).unwrap_err().to_string();
            assert!(err.contains("no_such_key"), "[{section}]: {err}");
            assert_eq!(err.lines().count(), 1, "[{section}]: {err}");
        }
        Ok(())
    });
}

#[test]
fn log_colours_only_on_a_terminal_and_never_with_no_color() {
    use super::LogColor::{Always, Auto, Never};
    assert!(Auto.colored(true, None));
    assert!(Auto.colored(true, Some("")), "an empty NO_COLOR is unset");
    assert!(!Auto.colored(true, Some("1")));
    assert!(
        !Auto.colored(false, None),
        "a file or a pipe gets no colour"
    );
    assert!(Always.colored(false, Some("1")));
    assert!(!Never.colored(true, None));
    figment::Jail::expect_with(|jail| {
        jail.create_file("config.toml", "[log]\ncolor = \"never\"\n")?;
        assert_eq!(Config::load(None).unwrap().log.color, Never);
        jail.create_file("config.toml", "[log]\ncolor = \"sometimes\"\n")?;
        let err = Config::load(None).unwrap_err().to_string();
        assert!(
            err.contains("log.color") || err.contains("sometimes"),
            "{err}"
        );
        Ok(())
    });
}

#[test]
fn the_example_config_is_the_defaults() {
    let example = include_str!("../../config.example.toml");
    let from_example: Config = Figment::from(Toml::string(example)).extract().unwrap();
    let defaults = Config::default();
    assert_eq!(
        toml_of(&from_example),
        toml_of(&defaults),
        "config.example.toml documents every key with its default"
    );
}

fn toml_of(config: &Config) -> serde_json::Value {
    serde_json::to_value(config).unwrap()
}
