//! `forgetit migrate-db --from URL --to URL`, the real binary, on real databases: a SQLite file
//! and a PostgreSQL server the test binary starts (`common::postgres`).
//!
//! The issue "Beyond one machine: PostgreSQL beside SQLite": "`forgetit migrate-db --from
//! sqlite://old.db --to postgres://...`: moves games, event logs, statistics and everything else,
//! verified (counts and a replay of every open game), so a bot that outgrows SQLite keeps its
//! leaderboards", tested by "`migrate-db` of a database with open and finished games of both
//! kinds".

use crate::common;

use common::table::Table;

use std::path::Path;
use std::process::{Command, Output};

use sqlx::Connection;

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::table::{self, Rules};
use forgetit::engine::{GameKind, Player, Ranking, Scope};
use forgetit::games::forgetit::{self as fgi, ForGetIt};
use forgetit::games::getdickey::{self as gd, GetDickey};
use forgetit::i18n::Lang;
use forgetit::settings::{self, Value};
use forgetit::store::{Clocks, Durability, Opening, Place, SettingsChange, Store};
use forgetit::{ChannelId, GameId, GuildId, MessageId, UserId};

const ANN: Player = Player::Person(UserId::new(101));
const BEN: Player = Player::Person(UserId::new(102));
const CAT: Player = Player::Person(UserId::new(103));
const W: u8 = 6;
/// In the target's URL: it must never be printed.
const PASSWORD: &str = "s3cret-Pa55";

fn place(guild_id: u64, channel_id: u64) -> Place {
    Place::server(GuildId::new(guild_id), ChannelId::new(channel_id))
}

impl<R: Rules> Table<R> {
    /// `host`'s new table at `at` in `lang`: server 1's keep its clocks and are rematches.
    async fn create(
        store: &Store,
        at: Place,
        settings: R::Settings,
        host: Player,
        lang: Lang,
    ) -> Self {
        // The games of server 1 keep the clocks of its settings; the others', none.
        let clocks = if at.guild_id == GuildId::new(1) {
            Clocks {
                turn_timeout_ms: Some(60_000),
                bot_pace_ms: Some(250),
            }
        } else {
            Clocks::default()
        };
        // The games of server 1 are opened as rematches (of the first game stored).
        let rematch_of = (at.guild_id == GuildId::new(1)).then_some(GameId::new(1));
        let opening = Opening {
            lang,
            clocks,
            rematch_of,
            limits: None,
        };
        let host = (host, format!("{host:?}"));
        Table::open(store, at, settings, host, &opening)
            .await
            .unwrap()
    }

    /// Acts with dice seeded by the game's id.
    async fn act_seeded(&mut self, store: &Store, action: table::Action<R::Move>) {
        self.act(store, action, &mut RandomDice::seeded(self.id.get() as u64))
            .await;
    }
}

impl Table<ForGetIt> {
    /// A started table; the first player listed wins the roll-off.
    async fn started(store: &Store, at: Place, players: &[Player], lang: Lang) -> Self {
        let settings = fgi::Settings {
            target: 20,
            ..Default::default()
        };
        let mut table = Table::create(store, at, settings, players[0], lang).await;
        for &p in &players[1..] {
            table.join(store, p).await;
        }
        let faces = std::iter::once(5).chain(std::iter::repeat_n(1, players.len() - 1));
        let by = players[0];
        table
            .act_until(
                store,
                fgi::Action::Start { by },
                &mut ScriptedDice::new(faces),
                None,
            )
            .await;
        table
    }
}

impl Table<GetDickey> {
    /// The player on turn rolls once and fills the box that scores most.
    async fn turn(&mut self, store: &Store) {
        let by = self.on_turn();
        self.act_seeded(
            store,
            gd::Action::Play {
                by,
                mv: gd::Move::Roll,
            },
        )
        .await;
        let best = self
            .game
            .score_options()
            .into_iter()
            .max_by_key(|o| o.points)
            .unwrap();
        let score = gd::Action::Play {
            by,
            mv: gd::Move::Score(best.category),
        };
        self.act_seeded(store, score).await;
    }
}

/// The source of the test: open and finished games of both kinds, in three servers, with
/// their statistics; the ids of its games.
async fn fill(store: &Store) -> Vec<(GameId, GameKind)> {
    let mut games = Vec::new();
    let en = Lang::default();

    // For Get It, finished, with a bot seat (not on leaderboards): BEN 30 wins.
    let settings = fgi::Settings {
        target: 20,
        ..Default::default()
    };
    let mut t = Table::<ForGetIt>::create(store, place(1, 10), settings, BEN, en).await;
    t.join(store, ANN).await;
    t.join(store, Player::Bot(1)).await;
    let start = fgi::Action::Start { by: BEN };
    t.act_until(store, start, &mut ScriptedDice::new([5, 1, 1]), None)
        .await;
    t.bank_twos(store, 5).await; // BEN 30
    t.bank_twos(store, 2).await; // ANN 4
    t.bank_twos(store, 2).await; // bot 4
    assert!(t.game.is_over());
    games.push((t.id, forgetit::games::forgetit::KIND));

    // For Get It, finished in another server: ANN 20 wins, BEN's last turn is a FORGET IT.
    let mut t = Table::<ForGetIt>::started(store, place(2, 20), &[ANN, BEN], en).await;
    t.bank_twos(store, 4).await;
    t.bank_twos(store, 2).await;
    t.bank_twos(store, 2).await;
    t.roll(store, &[W; 9]).await;
    assert!(t.game.is_over());
    games.push((t.id, forgetit::games::forgetit::KIND));

    // For Get It, cancelled mid-game: counted for nobody.
    let mut t = Table::<ForGetIt>::started(store, place(1, 11), &[CAT, ANN], en).await;
    t.bank_twos(store, 6).await;
    t.act_seeded(store, fgi::Action::Cancel).await;
    games.push((t.id, forgetit::games::forgetit::KIND));

    // For Get It, open, in French, mid-turn (a number rolled, not chosen), its turn's deadline
    // running, its messages known and shown.
    let mut t = Table::<ForGetIt>::started(store, place(1, 12), &[ANN, BEN], Lang::Fr).await;
    t.bank_twos(store, 4).await;
    t.roll_until(store, &[3, 3, W, 1, 2, 4, 5, 1, 2], Some(4_102_444_800_000))
        .await;
    store
        .set_messages(t.id, Some(MessageId::new(555)), Some(MessageId::new(777)))
        .await
        .unwrap();
    store.set_shown(&[(t.id, t.game.version)]).await.unwrap();
    games.push((t.id, forgetit::games::forgetit::KIND));

    // For Get It, in its lobby.
    let settings = fgi::Settings {
        target: 500,
        ..Default::default()
    };
    let mut t = Table::<ForGetIt>::create(store, place(2, 21), settings, CAT, en).await;
    t.join(store, BEN).await;
    store
        .set_messages(t.id, Some(MessageId::new(888)), None)
        .await
        .unwrap();
    games.push((t.id, forgetit::games::forgetit::KIND));

    // Get Dickey, finished: ANN's solitaire, 13 turns.
    let mut t = Table::<GetDickey>::create(store, place(1, 13), gd::Settings {}, ANN, en).await;
    t.act_seeded(store, gd::Action::Start { by: ANN }).await;
    while !t.game.is_over() {
        t.turn(store).await;
    }
    games.push((t.id, forgetit::games::getdickey::KIND));

    // Get Dickey, open: BEN and CAT, a few turns in.
    let mut t = Table::<GetDickey>::create(store, place(2, 22), gd::Settings {}, BEN, en).await;
    t.join(store, CAT).await;
    t.act_seeded(store, gd::Action::Start { by: BEN }).await;
    for _ in 0..3 {
        t.turn(store).await;
    }
    games.push((t.id, forgetit::games::getdickey::KIND));

    // Get Dickey, in its lobby, in a third server.
    let t = Table::<GetDickey>::create(store, place(3, 30), gd::Settings {}, CAT, Lang::Fr).await;
    games.push((t.id, forgetit::games::getdickey::KIND));

    // The settings of two servers: every one, and the channels, in server 1; only the time for
    // each move in server 2.
    let all = SettingsChange::Set(vec![
        (settings::TARGET, Value::Number(750)),
        (settings::TURN_TIMEOUT, Value::Number(60)),
        (settings::BOT_PACE, Value::Number(250)),
        (settings::LANGUAGE, Value::Language(Lang::Fr)),
        (settings::THREADS, Value::Switch(true)),
        (settings::CHARTS, Value::Switch(false)),
    ]);
    // Every setting there is.
    assert_eq!(
        settings::SETTINGS.len(),
        match &all {
            SettingsChange::Set(values) => values.len(),
            _ => 0,
        }
    );
    store
        .change_guild_settings(GuildId::new(1), &all)
        .await
        .unwrap();
    for channel in [10, 12] {
        let add = SettingsChange::AddChannel(ChannelId::new(channel));
        store
            .change_guild_settings(GuildId::new(1), &add)
            .await
            .unwrap();
    }
    let timeout = SettingsChange::Set(vec![(settings::TURN_TIMEOUT, Value::Number(30))]);
    store
        .change_guild_settings(GuildId::new(2), &timeout)
        .await
        .unwrap();

    games
}

/// A SQLite file filled by [`fill`] (closed): its URL and its games.
async fn sqlite_source(dir: &Path) -> (String, Vec<(GameId, GameKind)>) {
    let path = dir.join("old.db");
    let store = Store::open(&path).await.unwrap();
    let games = fill(&store).await;
    store.close().await;
    (format!("sqlite://{}", path.display()), games)
}

/// `url` with a password in it (the tests' server trusts every connection, whatever the
/// password).
fn with_password(url: &str) -> String {
    url.replacen("postgres@", &format!("postgres:{PASSWORD}@"), 1)
}

/// Runs `forgetit migrate-db --from from --to to`.
async fn migrate_db(from: &str, to: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_forgetit"));
    command
        .args(["migrate-db", "--from", from, "--to", to])
        .env_remove("RUST_LOG");
    tokio::task::spawn_blocking(move || command.output().unwrap())
        .await
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A failure: exit code 1, one line on stderr (returned), nothing on stdout, no password.
fn refused(output: &Output) -> String {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert_eq!(stdout(output), "");
    assert!(!err.contains(PASSWORD), "no password: {err}");
    err.trim().to_string()
}

/// Everything the bot reads of a database with these games, as text: each game rebuilt from its
/// log with its row, its events and seats; the open games of each kind as a restart loads them;
/// every leaderboard and everyone's statistics.
async fn snapshot(store: &Store, games: &[(GameId, GameKind)]) -> Vec<String> {
    let mut seen = Vec::new();
    for &(id, kind) in games {
        let game = forgetit::discord::built_in()
            .game(kind)
            .expect("one of the bot's games");
        seen.push(game.stored_text(store, id).await.unwrap());
        seen.push(format!("{id} seats {:?}", store.seats(id).await.unwrap()));
    }
    for guild in [1, 2, 3] {
        let settings = store.guild_settings(GuildId::new(guild)).await.unwrap();
        seen.push(format!("server {guild} {settings:?}"));
    }
    for kind in forgetit::discord::built_in().kinds() {
        seen.push(format!("{:?}", open(store, kind).await));
    }
    let scopes = [
        Scope::Global,
        Scope::Guild(GuildId::new(1)),
        Scope::Guild(GuildId::new(2)),
        Scope::Guild(GuildId::new(3)),
    ];
    for kind in forgetit::discord::built_in().kinds() {
        for scope in scopes {
            for by in [Ranking::Wins, Ranking::Points, Ranking::Best] {
                let board = store.leaderboard(kind, scope, by, 1, 50).await.unwrap();
                seen.push(format!("{kind:?} {scope:?} {by:?} {board:?}"));
            }
            for user in [101, 102, 103] {
                let stats = store
                    .player_stats(kind, scope, UserId::new(user))
                    .await
                    .unwrap();
                seen.push(format!("{kind:?} {scope:?} {user} {stats:?}"));
            }
        }
    }
    seen
}

/// The open games of `kind` as a restart loads them, as text.
async fn open(store: &Store, kind: GameKind) -> Vec<String> {
    let game = forgetit::discord::built_in()
        .game(kind)
        .expect("one of the bot's games");
    game.open_text(store).await.unwrap()
}

/// The test: "`migrate-db` of a database with open and finished games of both kinds",
/// from SQLite to PostgreSQL ("so a bot that outgrows SQLite keeps its leaderboards"): the same
/// games with the same ids, each open game rebuilt identically, the same event logs, seats,
/// leaderboards and statistics; then the bot carries on there: a new game takes a fresh id, and
/// an open game's next moves commit.
#[tokio::test]
async fn migrate_db_moves_open_and_finished_games_of_both_kinds_from_sqlite_to_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let (from, games) = sqlite_source(dir.path()).await;
    let source = Store::open_url(&from, Durability::default()).await.unwrap();
    let before = snapshot(&source, &games).await;
    source.close().await;
    let url = common::postgres::server().await.fresh_database().await;

    let output = migrate_db(&from, &with_password(&url)).await;
    let out = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stderr(&output), "");
    assert!(!out.contains(PASSWORD), "no password: {out}");
    assert!(out.contains("postgres:***@"), "{out}");
    assert!(out.contains("8 games"), "counts per table: {out}");
    assert!(
        out.contains("7 guild_settings, 2 guild_channels"),
        "counts per table: {out}"
    );
    assert!(
        out.contains("open games rebuilt the same: 2 for_get_it, 2 get_dickey"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 3, "a short summary: {out}");

    let target = Store::open_url(&url, Durability::default()).await.unwrap();
    let after = snapshot(&target, &games).await;
    assert_eq!(after.len(), before.len());
    for (a, b) in before.iter().zip(&after) {
        assert_eq!(a, b);
    }
    // The leaderboards are there (not only equally empty).
    let board = target
        .leaderboard(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            Ranking::Wins,
            1,
            10,
        )
        .await
        .unwrap();
    assert_eq!(board.players, 2, "{board:?}");
    let dickey = target
        .player_stats(
            forgetit::games::getdickey::KIND,
            Scope::Guild(GuildId::new(1)),
            UserId::new(101),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!((dickey.games, dickey.wins, dickey.turns), (1, 1, 13));
    // The source is left as it was.
    let source = Store::open_url(&from, Durability::default()).await.unwrap();
    assert_eq!(snapshot(&source, &games).await, before);
    source.close().await;

    // A new game takes an id after the copied ones: the identity sequence was moved past them.
    let newest = games.iter().map(|(id, _)| *id).max().unwrap();
    let fresh = Table::<ForGetIt>::create(
        &target,
        place(1, 99),
        fgi::Settings::default(),
        CAT,
        Lang::default(),
    )
    .await;
    assert_eq!(fresh.id, GameId::new(newest.get() + 1));

    // The open For Get It game carries on: BEN chooses his number and banks.
    let mut open_fgi = target.load_open::<fgi::Game>().await.unwrap();
    let loaded = open_fgi.remove(0);
    assert_eq!(loaded.place, place(1, 12));
    assert_eq!(loaded.lang, Lang::Fr);
    let mut t = Table {
        id: loaded.id,
        game: loaded.game,
    };
    assert_eq!(t.on_turn(), BEN);
    t.play(&target, fgi::Move::ChoosePoint(3)).await;
    t.play(&target, fgi::Move::Bank).await;
    assert_eq!(t.game.seats[1].total, 6);
    assert_eq!(target.load::<fgi::Game>(t.id).await.unwrap().game, t.game);
    // And the open Get Dickey game.
    let loaded = target.load_open::<gd::Game>().await.unwrap().remove(0);
    let mut t = Table {
        id: loaded.id,
        game: loaded.game,
    };
    let version = t.game.version;
    t.turn(&target).await;
    let reloaded = target.load::<gd::Game>(t.id).await.unwrap();
    assert_eq!(reloaded.game, t.game);
    assert_eq!(reloaded.game.version, version + 2);
}

/// "Any direction the backends allow": the copy in PostgreSQL copied back into a new SQLite file
/// (PostgreSQL to SQLite), and that file into another (SQLite to SQLite), each the same as the
/// original.
#[tokio::test]
async fn migrate_db_goes_back_from_postgres_to_sqlite_and_between_sqlite_files() {
    let dir = tempfile::tempdir().unwrap();
    let (from, games) = sqlite_source(dir.path()).await;
    let source = Store::open_url(&from, Durability::default()).await.unwrap();
    let before = snapshot(&source, &games).await;
    source.close().await;
    let url = common::postgres::server().await.fresh_database().await;
    assert!(migrate_db(&from, &url).await.status.success());

    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let output = migrate_db(&url, &back).await;
    assert!(output.status.success(), "{}", stderr(&output));
    let again = format!("sqlite://{}", dir.path().join("again.db").display());
    let output = migrate_db(&back, &again).await;
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("8 games"));

    for copy in [&back, &again] {
        let store = Store::open_url(copy, Durability::default()).await.unwrap();
        assert_eq!(snapshot(&store, &games).await, before, "{copy}");
        // SQLite's AUTOINCREMENT follows the copied ids.
        let (game, created) = fgi::Game::create(fgi::Settings::default(), CAT, "cat").unwrap();
        let id = store
            .create_game(place(1, 99), &game, &created)
            .await
            .unwrap();
        let newest = games.iter().map(|(id, _)| *id).max().unwrap();
        assert_eq!(id, GameId::new(newest.get() + 1));
        store.close().await;
    }
}

/// "The target must be empty": a database with a game already is refused with one line and a
/// failure, and left as it was (PostgreSQL and SQLite alike).
#[tokio::test]
async fn a_target_that_is_not_empty_is_refused_and_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let (from, _) = sqlite_source(dir.path()).await;
    let url = common::postgres::server().await.fresh_database().await;
    let other = format!("sqlite://{}", dir.path().join("other.db").display());
    for to in [url, other] {
        let target = Store::open_url(&to, Durability::default()).await.unwrap();
        let mut t = Table::<ForGetIt>::create(
            &target,
            place(7, 70),
            fgi::Settings::default(),
            ANN,
            Lang::default(),
        )
        .await;
        t.join(&target, BEN).await;
        let mine = [(t.id, forgetit::games::forgetit::KIND)];
        let before = snapshot(&target, &mine).await;
        target.close().await;

        let line = refused(&migrate_db(&from, &with_password(&to)).await);
        assert!(
            line.contains("not empty") && line.contains("1 games"),
            "{line}"
        );
        assert!(line.starts_with("forgetit: "), "{line}");

        let target = Store::open_url(&to, Durability::default()).await.unwrap();
        assert_eq!(snapshot(&target, &mine).await, before, "{to}");
        let (game, created) = fgi::Game::create(fgi::Settings::default(), CAT, "cat").unwrap();
        let id = target
            .create_game(place(7, 71), &game, &created)
            .await
            .unwrap();
        assert_eq!(
            id,
            GameId::new(t.id.get() + 1),
            "nothing was added, not even an id"
        );
        target.close().await;
    }
}

/// A URL of neither backend, a SQLite source that does not exist, a server that cannot be
/// reached: one line, a failure, no password, nothing created.
#[tokio::test]
async fn a_bad_url_or_a_missing_source_is_one_line_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new.db");
    let to = format!("sqlite://{}", new.display());

    let bad = format!("mysql://root:{PASSWORD}@localhost/forgetit");
    let line = refused(&migrate_db(&bad, &to).await);
    assert!(
        line.contains("neither sqlite://PATH nor postgres://"),
        "{line}"
    );
    assert!(
        line.contains("mysql://root:***@localhost/forgetit"),
        "{line}"
    );

    let missing = dir.path().join("missing.db");
    let line = refused(&migrate_db(&format!("sqlite://{}", missing.display()), &to).await);
    assert!(line.contains("does not exist"), "{line}");
    assert!(!missing.exists(), "the source is not created");
    assert!(!new.exists(), "nor the target");

    let line = refused(&migrate_db("sqlite::memory:", &to).await);
    assert!(line.contains("in memory"), "{line}");

    let (from, _) = sqlite_source(dir.path()).await;
    let line = refused(&migrate_db(&from, &bad).await);
    assert!(line.contains("the target mysql://root:***@"), "{line}");
    assert!(!new.exists());

    // A server that is not there (port 1): its error, without the password.
    let nowhere = format!("postgres://bot:{PASSWORD}@127.0.0.1:1/forgetit");
    let line = refused(&migrate_db(&from, &nowhere).await);
    assert!(line.contains("bot:***@127.0.0.1:1"), "{line}");
}

/// "In chunks": tables of more rows than one page (500) are copied and compared whole: 1,100
/// open games (each with its seat and its `created` event) and 1,300 statistics rows of both
/// kinds across servers (a key with text in it), every game rebuilt on the target.
#[tokio::test]
async fn tables_larger_than_a_page_are_copied_whole() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.db");
    let from = format!("sqlite://{}", path.display());
    let store = Store::open(&path).await.unwrap();
    for channel in 0..1_100 {
        let (game, created) = fgi::Game::create(fgi::Settings::default(), ANN, "ann").unwrap();
        store
            .create_game(place(channel % 7, channel), &game, &created)
            .await
            .unwrap();
    }
    store.close().await;
    let mut db = sqlx::SqliteConnection::connect(&from).await.unwrap();
    for i in 0..650_i64 {
        for kind in ["for_get_it", "get_dickey"] {
            sqlx::query(
                "INSERT INTO player_stats (guild_id, kind, user_id, name, games, wins, points, \
                 best, feats, turns) VALUES ($1, $2, $3, $4, 3, 1, $5, 9, 0, 7)",
            )
            .bind(i % 3)
            .bind(kind)
            .bind(1_000 + i)
            .bind(format!("player {i}"))
            .bind(i * 10)
            .execute(&mut db)
            .await
            .unwrap();
        }
    }
    db.close().await.unwrap();

    let url = common::postgres::server().await.fresh_database().await;
    let output = migrate_db(&from, &url).await;
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("1100 games, 1100 seats, 1100 events, 1300 player_stats"),
        "{out}"
    );
    assert!(out.contains("1100 for_get_it, 0 get_dickey"), "{out}");

    let source = Store::open_url(&from, Durability::default()).await.unwrap();
    let target = Store::open_url(&url, Durability::default()).await.unwrap();
    assert_eq!(
        open(&target, forgetit::games::forgetit::KIND).await,
        open(&source, forgetit::games::forgetit::KIND).await
    );
    for kind in forgetit::discord::built_in().kinds() {
        for scope in [
            Scope::Global,
            Scope::Guild(GuildId::new(0)),
            Scope::Guild(GuildId::new(2)),
        ] {
            let a = source.leaderboard(kind, scope, Ranking::Points, 1, 2_000);
            let b = target.leaderboard(kind, scope, Ranking::Points, 1, 2_000);
            assert_eq!(a.await.unwrap(), b.await.unwrap());
        }
    }
}
