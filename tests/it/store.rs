//! The store on both backends: SQLite (real database files in a temp dir) and PostgreSQL (a real
//! server the test binary starts, a fresh database for each test). Each test runs on both, as
//! `sqlite::name` and `postgres::name` (see `on_both_backends!` at the end).

use crate::common;

use common::db::{on_both_backends, Db};
use common::table::Table;

use forgetit::engine::dice::{RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::engine::{GameKind, Period, Ranking, Scope, Status};
use forgetit::games::forgetit::Move;
use forgetit::games::forgetit::{Action, Event, Game, Phase, Settings};
use forgetit::i18n::Lang;
use forgetit::settings::{self, Value};
use forgetit::store::{
    Board, Clocks, GuildSettings, Opening, Place, Placing, SeatResult, SeatRow, SettingsChange,
    Store, StoreError, StoredGame,
};
use forgetit::{ChannelId, GameId, GuildId, MessageId, UserId};
use serde::{Deserialize, Serialize};

const ANN: Player = Player::Person(UserId::new(101));
const BEN: Player = Player::Person(UserId::new(102));
const CAT: Player = Player::Person(UserId::new(103));
const W: u8 = 6;

fn place(guild_id: u64, channel_id: u64) -> Place {
    Place::server(GuildId::new(guild_id), ChannelId::new(channel_id))
}

/// `host`'s new table at `at`, named after their id, in the default language.
async fn create(store: &Store, at: Place, host: Player, target: u32) -> Result<Table, StoreError> {
    let opening = Opening {
        lang: Lang::default(),
        clocks: Clocks::default(),
        rematch_of: None,
        limits: None,
    };
    let host = (host, format!("{host:?}"));
    Table::open(
        store,
        at,
        Settings {
            target,
            ..Default::default()
        },
        host,
        &opening,
    )
    .await
}

/// A started two- or three-player table; the first player listed wins the roll-off.
async fn started(store: &Store, at: Place, players: &[Player], target: u32) -> Table {
    let mut table = create(store, at, players[0], target).await.unwrap();
    for &p in &players[1..] {
        table.join(store, p).await;
    }
    let faces = std::iter::once(5).chain(std::iter::repeat_n(1, players.len() - 1));
    table
        .act(
            store,
            Action::Start { by: players[0] },
            &mut ScriptedDice::new(faces),
        )
        .await;
    table
}

async fn migrations_create_the_database_and_rerun_harmlessly(db: Db) {
    if let Db::Sqlite { path, .. } = &db {
        assert!(!path.exists());
    }
    let store = db.open().await;
    if let Db::Sqlite { path, .. } = &db {
        assert!(path.exists());
    }
    assert_eq!(store.open_game_in(ChannelId::new(1)).await.unwrap(), None);
    store.close().await;
    // Opening again runs no migration twice.
    let store = db.open().await;
    assert!(store.load_open::<Game>().await.unwrap().is_empty());
}

/// Several processes starting at once on one database (shard ranges sharing it) each open it and
/// migrate it once between them, and all of them then work on the same games.
async fn stores_opened_at_once_migrate_once_and_share_the_games(db: Db) {
    let stores = futures::future::join_all((0..4).map(|_| db.open())).await;
    let (game, created) = Game::create(
        Settings {
            target: 500,
            ..Default::default()
        },
        ANN,
        "Ann",
    )
    .unwrap();
    let id = stores[0]
        .create_game(place(1, 10), &game, &created)
        .await
        .unwrap();
    for store in &stores {
        assert_eq!(
            store.open_game_in(ChannelId::new(10)).await.unwrap(),
            Some((id, forgetit::games::forgetit::KIND.as_str().to_string()))
        );
        assert!(matches!(
            store.create_game(place(1, 10), &game, &created).await,
            Err(StoreError::ChannelBusy { game_id }) if game_id == id
        ));
    }
    for store in &stores {
        store.close().await;
    }
}

async fn a_game_keeps_the_language_of_its_table_across_a_reopening(db: Db) {
    let store = db.open().await;
    let (game, created) = Game::create(
        Settings {
            target: 500,
            ..Default::default()
        },
        ANN,
        "Ann",
    )
    .unwrap();
    let french = store
        .create_game_in(place(1, 10), &game, &created, Lang::Fr)
        .await
        .unwrap();
    // Without a language, a game is English (as every game stored before languages).
    let english = store
        .create_game(place(1, 11), &game, &created)
        .await
        .unwrap();
    store.close().await;
    drop(store);

    let store = db.open().await;
    assert_eq!(store.load::<Game>(french).await.unwrap().lang, Lang::Fr);
    assert_eq!(store.load::<Game>(english).await.unwrap().lang, Lang::EnUs);
}

async fn a_game_survives_closing_and_reopening_and_continues_identically(db: Db) {
    let store = db.open().await;
    let at = place(1, 10);
    let mut table = started(&store, at, &[ANN, BEN], 500).await;
    table.bank_twos(&store, 4).await;
    table.roll(&store, &[3, 3, W, 1, 2, 4, 5, 1, 2]).await;
    store
        .set_messages(
            table.id,
            Some(MessageId::new(555)),
            Some(MessageId::new(777)),
        )
        .await
        .unwrap();
    store.close().await;
    drop(store);

    let store = db.open().await;
    let mut open = store.load_open::<Game>().await.unwrap();
    assert_eq!(open.len(), 1);
    let loaded = open.pop().unwrap();
    assert_eq!(loaded.id, table.id);
    assert_eq!(loaded.place, at);
    assert_eq!(
        (loaded.lobby_message_id, loaded.turn_message_id),
        (Some(MessageId::new(555)), Some(MessageId::new(777)))
    );
    assert_eq!(
        loaded.game, table.game,
        "the game is rebuilt exactly where it was"
    );
    assert_eq!(
        store.seats(table.id).await.unwrap(),
        table.game.seat_rows(),
        "seats are kept with their totals"
    );

    // Both copies go on the same way: BEN chooses 3 and banks.
    let mut reloaded = Table {
        id: loaded.id,
        game: loaded.game,
    };
    let none = &mut ScriptedDice::new([]);
    reloaded
        .act(
            &store,
            Action::Play {
                by: BEN,
                mv: Move::ChoosePoint(3),
            },
            none,
        )
        .await;
    reloaded
        .act(
            &store,
            Action::Play {
                by: BEN,
                mv: Move::Bank,
            },
            none,
        )
        .await;
    table
        .game
        .apply(
            Action::Play {
                by: BEN,
                mv: Move::ChoosePoint(3),
            },
            none,
        )
        .unwrap();
    table
        .game
        .apply(
            Action::Play {
                by: BEN,
                mv: Move::Bank,
            },
            none,
        )
        .unwrap();
    assert_eq!(reloaded.game, table.game);
    assert_eq!(reloaded.game.seats[1].total, 6);
    let events = store.events::<Game>(table.id).await.unwrap();
    assert_eq!(events.len() as u64, table.game.version);
    assert_eq!(Game::replay(&events).unwrap(), table.game);
}

async fn one_open_game_per_channel(db: Db) {
    let store = db.open().await;
    let first = create(&store, place(1, 10), ANN, 500).await.unwrap();
    let again = create(&store, place(1, 10), BEN, 500).await;
    match again {
        Err(StoreError::ChannelBusy { game_id }) => assert_eq!(game_id, first.id),
        other => panic!("expected ChannelBusy, got {:?}", other.map(|t| t.id)),
    }
    assert_eq!(
        create(&store, place(1, 10), BEN, 500)
            .await
            .err()
            .unwrap()
            .to_string(),
        format!("this channel already has an open game (game {})", first.id)
    );
    // Another channel is free; once the first game is over, its channel is free again.
    create(&store, place(1, 11), BEN, 500).await.unwrap();
    let mut first = first;
    first
        .act(&store, Action::Cancel, &mut ScriptedDice::new([]))
        .await;
    assert_eq!(store.open_game_in(ChannelId::new(10)).await.unwrap(), None);
    let second = create(&store, place(1, 10), BEN, 500).await.unwrap();
    assert_eq!(
        store.open_game_in(ChannelId::new(10)).await.unwrap(),
        Some((
            second.id,
            forgetit::games::forgetit::KIND.as_str().to_string()
        ))
    );
}

async fn a_stale_commit_is_refused_and_changes_nothing(db: Db) {
    let store = db.open().await;
    let mut table = started(&store, place(1, 10), &[ANN, BEN], 500).await;
    let stale = table.game.clone();
    table.roll(&store, &[1, 1, 2, 3, 4, 5, 1, 2, 3]).await;
    let seats = store.seats(table.id).await.unwrap();

    // A second writer that still holds the old state tries to apply its own roll.
    let mut other = stale.clone();
    let event = other
        .apply(
            Action::Play {
                by: ANN,
                mv: Move::Roll,
            },
            &mut ScriptedDice::new([4; 9]),
        )
        .unwrap();
    let err = store
        .commit(table.id, &other, &event, None)
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict { .. }), "{err}");
    assert_eq!(
        store.events::<Game>(table.id).await.unwrap().len() as u64,
        table.game.version
    );
    assert_eq!(store.seats(table.id).await.unwrap(), seats);
    assert_eq!(store.load::<Game>(table.id).await.unwrap().game, table.game);
    assert!(matches!(
        store.commit(GameId::new(9999), &other, &event, None).await,
        Err(StoreError::NotFound(id)) if id == GameId::new(9999)
    ));
}

/// A game whose events can be made to fail to serialize, to break a commit half-way through its
/// transaction (after the game row is updated, before the event is written).
#[derive(Clone, Debug, PartialEq)]
struct Flaky {
    inner: Game,
}

#[derive(Deserialize)]
struct FlakyEvent {
    event: Event,
    #[serde(skip)]
    fail: bool,
}

impl Serialize for FlakyEvent {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.fail {
            return Err(serde::ser::Error::custom("the disk is full (simulated)"));
        }
        #[derive(Serialize)]
        struct Plain<'a> {
            event: &'a Event,
        }
        Plain { event: &self.event }.serialize(s)
    }
}

impl StoredGame for Flaky {
    type Event = FlakyEvent;
    const KIND: GameKind = forgetit::games::forgetit::KIND;
    fn settings(&self) -> serde_json::Value {
        self.inner.settings()
    }
    fn status(&self) -> Status {
        self.inner.status()
    }
    fn version(&self) -> u64 {
        self.inner.version
    }
    fn seat_rows(&self) -> Vec<SeatRow> {
        self.inner.seat_rows()
    }
    fn results(&self) -> Vec<SeatResult> {
        self.inner.results()
    }
    fn placings(&self) -> Vec<Placing> {
        self.inner.placings()
    }
    fn replay(events: &[FlakyEvent]) -> Result<Self, forgetit::store::ReplayError> {
        let events: Vec<Event> = events.iter().map(|e| e.event.clone()).collect();
        Ok(Flaky {
            inner: Game::replay(&events)?,
        })
    }
}

async fn a_commit_that_fails_half_way_leaves_game_and_log_unchanged(db: Db) {
    let store = db.open().await;
    let (game, created) = Game::create(Settings::default(), ANN, "ann").unwrap();
    let flaky = Flaky { inner: game };
    let created = FlakyEvent {
        event: created,
        fail: false,
    };
    let id = store
        .create_game(place(1, 10), &flaky, &created)
        .await
        .unwrap();

    let mut next = flaky.clone();
    let event = next
        .inner
        .apply(
            Action::Join {
                player: BEN,
                name: "ben".into(),
            },
            &mut ScriptedDice::new([]),
        )
        .unwrap();
    let failing = FlakyEvent { event, fail: true };
    let err = store.commit(id, &next, &failing, None).await.unwrap_err();
    assert!(err.to_string().contains("disk is full"), "{err}");

    // Nothing happened: same version, one seat, one event; and the same commit then succeeds.
    let loaded = store.load::<Flaky>(id).await.unwrap();
    assert_eq!(loaded.game, flaky);
    assert_eq!(store.seats(id).await.unwrap().len(), 1);
    assert_eq!(store.events::<Flaky>(id).await.unwrap().len(), 1);
    let ok = FlakyEvent {
        fail: false,
        ..failing
    };
    store.commit(id, &next, &ok, None).await.unwrap();
    assert_eq!(store.load::<Flaky>(id).await.unwrap().game, next);
}

async fn many_games_in_different_channels_write_at_once(db: Db) {
    let store = db.open().await;
    let mut tasks = Vec::new();
    for channel in 0..16u64 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let players = [
                Player::Person(UserId::new(1000 + channel)),
                Player::Person(UserId::new(2000 + channel)),
            ];
            let mut table = started(&store, place(7, 100 + channel), &players, 60).await;
            table.play_out(&store, channel).await;
            table
        }));
    }
    let (mut ids, mut wins) = (Vec::new(), 0);
    for task in tasks {
        let table = task.await.unwrap();
        let loaded = store.load::<Game>(table.id).await.unwrap();
        assert_eq!(loaded.game, table.game);
        let Phase::Finished { winners } = &loaded.game.phase else {
            panic!("{:?}", loaded.game.phase)
        };
        wins += winners.len() as u64;
        ids.push(table.id);
    }
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 16);
    let board = store
        .leaderboard(
            forgetit::games::forgetit::KIND,
            Scope::Guild(GuildId::new(7)),
            Ranking::Wins,
            1,
            50,
        )
        .await
        .unwrap();
    assert_eq!(board.players, 32);
    assert!(board.rows.iter().all(|(_, s)| s.games == 1));
    assert_eq!(board.rows.iter().map(|(_, s)| s.wins).sum::<u64>(), wins);
}

async fn leaderboards_and_stats_count_finished_games_only(db: Db) {
    let store = db.open().await;
    let (g1, g2) = (1u64, 2u64);

    // Guild 1, game 1: ANN 16 + 4 = 20 reaches 20; BEN's last turn: FORGET IT. ANN wins.
    let mut t = started(&store, place(g1, 10), &[ANN, BEN], 20).await;
    t.bank_twos(&store, 4).await; // ANN 16
    t.bank_twos(&store, 2).await; // BEN 4
    t.bank_twos(&store, 2).await; // ANN 20
    t.roll(&store, &[W; 9]).await; // BEN FORGET IT
    assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });

    // Guild 1, game 2: BEN, ANN and a bot seat; BEN 40 wins; the bot is not on leaderboards.
    let mut t = create(&store, place(g1, 10), BEN, 20).await.unwrap();
    t.join(&store, ANN).await;
    t.join(&store, Player::Bot(1)).await;
    t.act(
        &store,
        Action::Start { by: BEN },
        &mut ScriptedDice::new([5, 1, 1]),
    )
    .await;
    t.bank_twos(&store, 5).await; // BEN 30
    t.bank_twos(&store, 2).await; // ANN 4
    t.bank_twos(&store, 2).await; // bot 4
    assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });

    // Guild 1: a cancelled game counts for nobody.
    let mut t = started(&store, place(g1, 11), &[CAT, ANN], 20).await;
    t.bank_twos(&store, 6).await; // CAT 48
    t.act(&store, Action::Cancel, &mut ScriptedDice::new([]))
        .await;

    // Guild 2: CAT beats ANN.
    let mut t = started(&store, place(g2, 20), &[CAT, ANN], 20).await;
    t.bank_twos(&store, 6).await; // CAT 48
    t.bank_twos(&store, 3).await; // ANN 6
    assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });

    let kind = forgetit::games::forgetit::KIND;
    let ann = store
        .player_stats(kind, Scope::Guild(GuildId::new(g1)), UserId::new(101))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (ann.games, ann.wins, ann.points, ann.best, ann.feats, ann.turns),
        (2, 1, 24, 16, 0, 3)
    );
    let ben = store
        .player_stats(kind, Scope::Guild(GuildId::new(g1)), UserId::new(102))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (ben.games, ben.wins, ben.points, ben.best, ben.feats),
        (2, 1, 34, 30, 1)
    );
    assert_eq!(
        store
            .player_stats(kind, Scope::Guild(GuildId::new(g1)), UserId::new(103))
            .await
            .unwrap(),
        None
    );
    let ann = store
        .player_stats(kind, Scope::Global, UserId::new(101))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((ann.games, ann.wins, ann.points, ann.best), (3, 1, 30, 16));
    assert_eq!(
        ann.name, "",
        "a server's name for a person is not shown across servers"
    );
    let in_guild = store
        .player_stats(kind, Scope::Guild(GuildId::new(g2)), UserId::new(101))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(in_guild.name, format!("{ANN:?}"));
    assert_eq!(
        store
            .player_stats(
                forgetit::games::getdickey::KIND,
                Scope::Global,
                UserId::new(101)
            )
            .await
            .unwrap(),
        None
    );

    let names = |page: &forgetit::store::LeaderboardPage| {
        page.rows
            .iter()
            .map(|(rank, s)| (*rank, s.user_id.get()))
            .collect::<Vec<_>>()
    };
    let by_points = store
        .leaderboard(kind, Scope::Global, Ranking::Points, 1, 10)
        .await
        .unwrap();
    assert_eq!(names(&by_points), [(1, 103), (2, 102), (3, 101)]);
    let by_best = store
        .leaderboard(kind, Scope::Guild(GuildId::new(g1)), Ranking::Best, 1, 10)
        .await
        .unwrap();
    assert_eq!(names(&by_best), [(1, 102), (2, 101)]);
    // Wins: all on 1, so all first (the board shows wins alone); listed by points.
    let by_wins = store
        .leaderboard(kind, Scope::Global, Ranking::Wins, 1, 2)
        .await
        .unwrap();
    assert_eq!((by_wins.page, by_wins.pages, by_wins.players), (1, 2, 3));
    assert_eq!(names(&by_wins), [(1, 103), (1, 102)]);
    let page2 = store
        .leaderboard(kind, Scope::Global, Ranking::Wins, 2, 2)
        .await
        .unwrap();
    assert_eq!(names(&page2), [(1, 101)]);
    // A page past the end shows the last page.
    let past = store
        .leaderboard(kind, Scope::Global, Ranking::Wins, 9, 2)
        .await
        .unwrap();
    assert_eq!(past.page, 2);
    let empty = store
        .leaderboard(kind, Scope::Guild(GuildId::new(99)), Ranking::Wins, 1, 10)
        .await
        .unwrap();
    assert_eq!((empty.rows.len(), empty.pages, empty.players), (0, 1, 0));
}

/// Leaderboards of a period (issue "What players come back for": "a week period excluding an
/// older game") count the games finished in it, from each person's result kept with its finish
/// time; the games finished before results were kept get theirs from their logs.
async fn leaderboards_of_a_period_count_the_games_finished_in_it(db: Db) {
    let store = db.open().await;
    let kind = forgetit::games::forgetit::KIND;
    // Game 1, ANN beats BEN; game 2, BEN beats ANN; game 3, BEN beats CAT.
    let mut first = started(&store, place(1, 10), &[ANN, BEN], 20).await;
    first.bank_twos(&store, 6).await; // ANN 48
    first.bank_twos(&store, 2).await; // BEN 4
    let mut second = started(&store, place(1, 10), &[BEN, ANN], 20).await;
    second.bank_twos(&store, 5).await; // BEN 30
    second.bank_twos(&store, 3).await; // ANN 6
    let mut third = started(&store, place(1, 11), &[BEN, CAT], 20).await;
    third.bank_twos(&store, 4).await; // BEN 16 + 4 = 20
    third.bank_twos(&store, 2).await; // CAT 4
    third.bank_twos(&store, 2).await;
    third.bank_twos(&store, 2).await; // CAT 8
    for t in [&first, &second, &third] {
        assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });
    }
    // The first game finished 8 days ago, the second 20 days ago, the third just now.
    let day: i64 = 24 * 60 * 60 * 1000;
    let now = forgetit::store::now_ms();
    for (game, days) in [(first.id, 8), (second.id, 20)] {
        db.execute(&format!(
            "UPDATE results SET finished_ms = {} WHERE game_id = {game}",
            now - days * day
        ))
        .await;
    }
    let board = |scope, by, period| Board {
        kind,
        scope,
        by,
        period,
    };
    let rows = |period| {
        let store = &store;
        async move {
            let page = store
                .leaderboard_of(
                    board(Scope::Guild(GuildId::new(1)), Ranking::Wins, period),
                    1,
                    10,
                    now,
                )
                .await
                .unwrap();
            page.rows
                .iter()
                .map(|(rank, s)| (*rank, s.user_id.get(), s.games, s.wins, s.points))
                .collect::<Vec<_>>()
        }
    };
    // The last 7 days: the third game only.
    assert_eq!(
        rows(Period::Week).await,
        [(1, 102, 1, 1, 20), (2, 103, 1, 0, 8)]
    );
    // The last 30 days: all three, as all time.
    let month = [(1, 102, 3, 2, 54), (2, 101, 2, 1, 54), (3, 103, 1, 0, 8)];
    assert_eq!(rows(Period::Month).await, month);
    assert_eq!(rows(Period::All).await, month);
    // Another server's week is empty; the global week has the third game.
    let elsewhere = store
        .leaderboard_of(
            board(Scope::Guild(GuildId::new(2)), Ranking::Wins, Period::Week),
            1,
            10,
            now,
        )
        .await
        .unwrap();
    assert_eq!((elsewhere.rows.len(), elsewhere.players), (0, 0));
    let global = store
        .leaderboard_of(
            board(Scope::Global, Ranking::Points, Period::Week),
            1,
            10,
            now,
        )
        .await
        .unwrap();
    assert_eq!(global.players, 2);

    // A database of a bot from before results were kept: its finished games get theirs from
    // their logs, with the games' finish times, once.
    db.execute("DELETE FROM results").await;
    assert!(rows(Period::Month).await.is_empty());
    assert_eq!(store.backfill_results::<Game>().await.unwrap(), 3);
    assert_eq!(store.backfill_results::<Game>().await.unwrap(), 0);
    assert_eq!(rows(Period::Month).await, month);
    assert_eq!(
        rows(Period::Week).await,
        month,
        "finished just now, as the games say"
    );
}

/// Ratings (issue "What players come back for": "ratings after a 3-seat game with a shared
/// win"): a finished game rates its seats against each other by place, bot seats too on rows of
/// their own, in the server and across servers; a shared win rates both winners alike. The
/// board lists people only (issue #44: bot seats are on no board).
async fn a_three_seat_game_with_a_shared_win_rates_every_seat(db: Db) {
    let store = db.open().await;
    let kind = forgetit::games::forgetit::KIND;
    // BEN, ANN and a bot seat, in that order; BEN reaches 20, ANN's last turn ties him (F10:
    // a shared win), the bot's last turn spells FORGET IT.
    let mut t = create(&store, place(1, 10), BEN, 20).await.unwrap();
    t.join(&store, ANN).await;
    t.join(&store, Player::Bot(1)).await;
    t.act(
        &store,
        Action::Start { by: BEN },
        &mut ScriptedDice::new([5, 3, 1]),
    )
    .await;
    t.bank_twos(&store, 4).await; // BEN 16
    t.bank_twos(&store, 4).await; // ANN 16
    t.bank_twos(&store, 2).await; // bot 4
    t.bank_twos(&store, 2).await; // BEN 20
    t.bank_twos(&store, 2).await; // ANN 20
    t.roll(&store, &[W; 9]).await; // the bot: FORGET IT
    assert_eq!(
        t.game.phase,
        Phase::Finished {
            winners: vec![0, 1]
        }
    );
    let places: Vec<usize> = t.game.placings().iter().map(|p| p.place).collect();
    assert_eq!(places, [1, 1, 3]);

    for scope in [Scope::Guild(GuildId::new(1)), Scope::Global] {
        let board = store.rating_board(kind, scope, 1, 10).await.unwrap();
        assert_eq!(board.players, 2, "{scope:?}: people only");
        let rows: Vec<(u64, Player, u64)> = board
            .rows
            .iter()
            .map(|(rank, r)| (*rank, r.player, r.games))
            .collect();
        assert_eq!(
            rows,
            [(1, ANN, 1), (1, BEN, 1)],
            "{scope:?}: equal ratings by player id, and no bot seat"
        );
        let (ann, ben) = (&board.rows[0].1, &board.rows[1].1);
        assert_eq!(ben.rating, ann.rating, "a shared win rates both alike");
        let new = forgetit::ratings::Rating::default();
        assert!(ben.rating.mu > new.mu);
        // The server's board names the seats as there; across servers people's names are not
        // shown.
        let names: Vec<&str> = board.rows.iter().map(|(_, r)| r.name.as_str()).collect();
        match scope {
            Scope::Global => assert_eq!(names, ["", ""]),
            Scope::Guild(_) => assert_eq!(
                names,
                [format!("{ANN:?}").as_str(), format!("{BEN:?}").as_str()]
            ),
        }
    }
    // The bot seat is rated all the same (in the server and across servers), for the people it
    // plays against.
    assert_eq!(db.count("ratings WHERE player_kind = 'bot'").await, 2);
    // Another server's ratings are its own.
    let elsewhere = store
        .rating_board(kind, Scope::Guild(GuildId::new(2)), 1, 10)
        .await
        .unwrap();
    assert_eq!((elsewhere.players, elsewhere.rows.len()), (0, 0));

    // A second game, ANN alone beats BEN: she now rates above him, and each counts two games.
    let mut t = started(&store, place(1, 10), &[ANN, BEN], 20).await;
    t.bank_twos(&store, 6).await; // ANN 48
    t.bank_twos(&store, 2).await; // BEN 4
    let board = store
        .rating_board(kind, Scope::Guild(GuildId::new(1)), 1, 10)
        .await
        .unwrap();
    let top: Vec<(u64, Player, u64)> = board
        .rows
        .iter()
        .map(|(rank, r)| (*rank, r.player, r.games))
        .collect();
    assert_eq!(top[0], (1, ANN, 2));
    assert_eq!(top[1].1, BEN);
    assert_eq!(top[1].2, 2);

    // Each person's rating after each game, oldest first, for their chart: the last is the
    // board's; bot seats keep none; the last `n` only when asked for fewer.
    let Player::Person(ann) = ANN else {
        unreachable!()
    };
    for scope in [Scope::Guild(GuildId::new(1)), Scope::Global] {
        let history = store.rating_history(kind, scope, ann, 50).await.unwrap();
        assert_eq!(history.len(), 2, "{scope:?}");
        assert_eq!(history[1], top_rating(&store, scope, ANN).await);
        assert!(
            history[1].ordinal() > history[0].ordinal(),
            "she won the second"
        );
        let last = store.rating_history(kind, scope, ann, 1).await.unwrap();
        assert_eq!(last, history[1..]);
    }
    let elsewhere = Scope::Guild(GuildId::new(2));
    assert!(store
        .rating_history(kind, elsewhere, ann, 50)
        .await
        .unwrap()
        .is_empty());
}

/// `player`'s rating on the board of `scope`.
async fn top_rating(store: &Store, scope: Scope, player: Player) -> forgetit::ratings::Rating {
    let board = store
        .rating_board(forgetit::games::forgetit::KIND, scope, 1, 10)
        .await
        .unwrap();
    board
        .rows
        .iter()
        .find(|(_, r)| r.player == player)
        .map(|(_, r)| r.rating)
        .unwrap()
}

async fn players_equal_on_the_ranking_share_a_rank_across_pages(db: Db) {
    let store = db.open().await;
    // ANN wins one game and BEN the other, each with 16 + 4 = 20 points, and 4 in the game lost.
    for (players, channel) in [([ANN, BEN], 10), ([BEN, ANN], 11)] {
        let mut t = started(&store, place(5, channel), &players, 20).await;
        t.bank_twos(&store, 4).await;
        t.bank_twos(&store, 2).await;
        t.bank_twos(&store, 2).await;
        t.roll(&store, &[W; 9]).await;
        assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });
    }
    let kind = forgetit::games::forgetit::KIND;
    for by in [Ranking::Wins, Ranking::Points, Ranking::Best] {
        let first = store
            .leaderboard(kind, Scope::Guild(GuildId::new(5)), by, 1, 1)
            .await
            .unwrap();
        let second = store
            .leaderboard(kind, Scope::Guild(GuildId::new(5)), by, 2, 1)
            .await
            .unwrap();
        let ranks: Vec<u64> = first.rows.iter().chain(&second.rows).map(|r| r.0).collect();
        assert_eq!(ranks, [1, 1], "{by:?}");
    }
}

/// Boards rank by what they show: players with the same wins share a rank whatever their
/// points (the points only order the listing), and so do ratings that show alike (`1500 + 40 ×
/// (mu - 3 sigma)`, rounded half up), however their exact `mu - 3 sigma` differ; the next rank
/// counts the players above it (1, 1, 1, 4).
async fn players_equal_on_what_a_board_shows_share_a_rank(db: Db) {
    let store = db.open().await;
    let kind = forgetit::games::forgetit::KIND;
    // ANN beats BEN (20 to 4), then BEN beats ANN by as much: one win each, 24 points each ...
    for (players, channel) in [([ANN, BEN], 10), ([BEN, ANN], 11)] {
        let mut t = started(&store, place(6, channel), &players, 20).await;
        t.bank_twos(&store, 4).await;
        t.bank_twos(&store, 2).await;
        t.bank_twos(&store, 2).await;
        t.roll(&store, &[W; 9]).await;
    }
    // ... and CAT one win with more points: first by wins with both, first by points alone.
    let mut t = started(&store, place(6, 12), &[CAT, Player::Bot(1)], 20).await;
    t.bank_twos(&store, 6).await; // CAT 48
    t.bank_twos(&store, 2).await; // the bot seat's last turn: 4
    assert_eq!(t.game.phase, Phase::Finished { winners: vec![0] });
    let board = |by| {
        let store = &store;
        async move {
            let page = store
                .leaderboard(kind, Scope::Guild(GuildId::new(6)), by, 1, 10)
                .await
                .unwrap();
            page.rows
                .iter()
                .map(|(rank, s)| (*rank, s.user_id.get(), s.wins))
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(
        board(Ranking::Wins).await,
        [(1, 103, 1), (1, 101, 1), (1, 102, 1)],
        "equal wins, one rank; listed by points, then id"
    );
    assert_eq!(board(Ranking::Points).await[0], (1, 103, 1));
    assert_eq!(
        board(Ranking::Points).await[1..],
        [(2, 101, 1), (2, 102, 1)]
    );

    // Ratings: (player id, mu - 3 sigma in millionths) and the rating shown.
    let rated = [
        (1, 500_000, 1520),
        (2, 490_000, 1520),
        (3, 487_500, 1520), // 1519.5, rounded up
        (4, 487_499, 1519),
        (5, -12_500, 1500), // 1499.5, rounded up
        (6, -12_501, 1499),
    ];
    for (id, ordinal, _) in rated {
        db.execute(&format!(
            "INSERT INTO ratings (guild_id, kind, player_kind, player_id, name, mu, sigma, \
             games, updated_ms) VALUES (7, '{}', 'person', {id}, 'p{id}', {}, 1000000, 1, 0)",
            kind.as_str(),
            3_000_000 + ordinal
        ))
        .await;
    }
    let mut shown = Vec::new();
    for page in 1..=3 {
        let board = store
            .rating_board(kind, Scope::Guild(GuildId::new(7)), page, 2)
            .await
            .unwrap();
        shown.extend(board.rows.iter().map(|(rank, r)| {
            let rating = forgetit::render::stats::shown_rating(r.rating.ordinal());
            (*rank, r.player, rating)
        }));
    }
    let person = |id| Player::Person(UserId::new(id));
    let expected: Vec<(u64, Player, i64)> = [1, 1, 1, 4, 5, 6]
        .into_iter()
        .zip(rated)
        .map(|(rank, (id, _, rating))| (rank, person(id), rating))
        .collect();
    assert_eq!(shown, expected, "across pages of two");
}

async fn many_open_games_load_exactly_as_each_loads_alone_with_what_their_messages_show(db: Db) {
    // More games than one query reads (500), after 0, 1 or 2 turns.
    let store = db.open().await;
    let mut tables = Vec::new();
    for i in 0..601u64 {
        let mut table = started(&store, place(1 + i % 3, 1_000 + i), &[ANN, BEN], 500).await;
        for _ in 0..i % 3 {
            table.bank_twos(&store, 4).await;
        }
        tables.push(table);
    }
    let shown: Vec<(GameId, u64)> = tables
        .iter()
        .step_by(2)
        .map(|t| (t.id, t.game.version()))
        .collect();
    store.set_shown(&shown).await.unwrap();
    store.close().await;
    drop(store);

    let store = db.open().await;
    let open = store.load_open::<Game>().await.unwrap();
    assert_eq!(open.len(), tables.len());
    for (loaded, table) in open.iter().zip(&tables) {
        assert_eq!((loaded.id, &loaded.game), (table.id, &table.game));
        let alone = store.load::<Game>(table.id).await.unwrap();
        assert_eq!(alone.game, loaded.game);
        assert_eq!(alone.place, loaded.place);
        let expected = shown.contains(&(table.id, table.game.version()));
        assert_eq!(loaded.shown_version.is_some(), expected);
        assert_eq!(alone.shown_version, loaded.shown_version);
    }
    // A process of guild 2's shard reads only guild 2's games.
    let guild_two = store
        .load_open_in::<Game>(|g| g == GuildId::new(2))
        .await
        .unwrap();
    assert_eq!(guild_two.len(), 200);
    assert!(guild_two
        .iter()
        .all(|l| l.place.guild_id == GuildId::new(2)));
}

/// Plain commits of many games sent together (a roll each: a game row and an event, batched by
/// the committer, which on SQLite writes them in two round trips), one of them stale: that one
/// alone is refused, and every other lands once.
async fn plain_commits_of_many_games_at_once_land_and_a_stale_one_among_them_is_refused(db: Db) {
    let store = db.open().await;
    let mut tables = Vec::new();
    for i in 0..24u64 {
        tables.push(started(&store, place(1, 3_000 + i), &[ANN, BEN], 500).await);
    }
    // Game 7 moved on: a commit from its state before is stale.
    let stale = tables[7].game.clone();
    tables[7].roll(&store, &[1, 1, 2, 3, 4, 5, 1, 2, 3]).await;
    let commits = tables.iter().enumerate().map(|(i, t)| {
        let before = if i == 7 {
            stale.clone()
        } else {
            t.game.clone()
        };
        let mut next = before.clone();
        let by = next.current_player().unwrap();
        let event = next
            .apply(
                Action::Play { by, mv: Move::Roll },
                &mut ScriptedDice::new([2, 2, 3, 4, 5, 1, 2, 3, 4]),
            )
            .unwrap();
        let (store, id) = (store.clone(), t.id);
        async move {
            store
                .commit_from(id, Some(&before), &next, &event, None, false)
                .await
                .map(|()| next)
        }
    });
    let committed = futures::future::join_all(commits).await;
    for (i, (table, committed)) in tables.iter_mut().zip(committed).enumerate() {
        match committed {
            Ok(next) => {
                assert_ne!(i, 7, "the stale commit landed");
                table.game = next;
            }
            Err(e) => {
                assert_eq!(i, 7, "{e}");
                assert!(matches!(e, StoreError::Conflict { .. }), "{e}");
            }
        }
    }
    for table in &tables {
        let stored = store.load::<Game>(table.id).await.unwrap();
        assert_eq!(stored.game, table.game, "each commit landed once");
        let events = store.events::<Game>(table.id).await.unwrap();
        assert_eq!(events.len() as u64, table.game.version);
        assert_eq!(store.seats(table.id).await.unwrap(), table.game.seat_rows());
    }
}

async fn commits_of_many_games_at_once_land_each_once_and_a_stale_one_alone_is_refused(db: Db) {
    // Commits sent together share transactions (group commit): each still lands or fails alone.
    let store = db.open().await;
    let mut tables = Vec::new();
    for i in 0..40u64 {
        tables.push(started(&store, place(1, 2_000 + i), &[ANN, BEN], 500).await);
    }
    let stale = tables[7].game.clone();
    let rolls = tables.iter().enumerate().map(|(i, t)| {
        let mut next = t.game.clone();
        let by = next.current_player().unwrap();
        // Every fifth game ends instead, its seats and results written with it, between the
        // commits that write only a game row and an event.
        let action = if i % 5 == 4 {
            Action::Leave { player: by }
        } else {
            Action::Play { by, mv: Move::Roll }
        };
        let event = next
            .apply(action, &mut ScriptedDice::new([1, 2, 3, 4, 5, 1, 2, 3, 4]))
            .unwrap();
        let store = store.clone();
        let (id, before) = (t.id, t.game.clone());
        async move {
            store
                .commit_from(id, Some(&before), &next, &event, None, false)
                .await
                .map(|()| next)
        }
    });
    // The same roll again, from the state before it: whichever of the two comes second is
    // refused, the other lands.
    let mut again = stale.clone();
    let by = again.current_player().unwrap();
    let event = again
        .apply(
            Action::Play { by, mv: Move::Roll },
            &mut ScriptedDice::new([5; 9]),
        )
        .unwrap();
    let second = store.commit_from(tables[7].id, Some(&stale), &again, &event, None, false);
    let (rolled, second) = tokio::join!(futures::future::join_all(rolls), second);
    let mut refused = usize::from(second.is_err());
    for (table, rolled) in tables.iter_mut().zip(rolled) {
        match rolled {
            Ok(next) => table.game = next,
            Err(e) => {
                assert!(matches!(e, StoreError::Conflict { .. }), "{e}");
                refused += 1;
            }
        }
    }
    assert_eq!(
        refused, 1,
        "exactly one of the two rolls of game 7 is refused"
    );
    if let Ok(()) = second {
        tables[7].game = again;
    }
    for table in &tables {
        let stored = store.load::<Game>(table.id).await.unwrap();
        assert_eq!(stored.game, table.game, "each commit landed once");
        assert_eq!(store.seats(table.id).await.unwrap(), table.game.seat_rows());
    }
    let ended = tables
        .iter()
        .filter(|t| t.game.status() == Status::Finished)
        .count();
    assert_eq!(ended, 8, "every fifth game ended");
    assert_eq!(store.load_open::<Game>().await.unwrap().len(), 32);
    // Their results were recorded, once each.
    let ben = store
        .player_stats(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            UserId::new(102),
        )
        .await
        .unwrap()
        .unwrap();
    let ann = store
        .player_stats(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            UserId::new(101),
        )
        .await
        .unwrap()
        .unwrap();
    assert_eq!((ann.games, ben.games), (8, 8));
    assert_eq!(ann.wins + ben.wins, 8);
}

/// A server's settings: none at first; `Set` sets what it is given and keeps the rest; a reset
/// puts one back (the channel list too); the list holds each channel once, in id order; a reset
/// of all leaves no row. Each server has its own.
async fn a_servers_settings_are_set_kept_and_reset(db: Db) {
    let store = db.open().await;
    assert_eq!(
        store.guild_settings(GuildId::new(1)).await.unwrap(),
        GuildSettings::default()
    );
    let set = |values: &[(settings::Setting, Value)]| SettingsChange::Set(values.to_vec());
    let changed = store
        .change_guild_settings(
            GuildId::new(1),
            &set(&[
                (settings::TARGET, Value::Number(750)),
                (settings::TURN_TIMEOUT, Value::Number(60)),
            ]),
        )
        .await
        .unwrap();
    assert_eq!(changed.default_target(), Some(750));
    assert_eq!(changed.number(&settings::TURN_TIMEOUT), Some(60));
    assert_eq!(changed.number(&settings::BOT_PACE), None);
    // What is not given keeps its value.
    let changed = store
        .change_guild_settings(
            GuildId::new(1),
            &set(&[
                (settings::BOT_PACE, Value::Number(0)),
                (settings::LANGUAGE, Value::Language(Lang::Fr)),
            ]),
        )
        .await
        .unwrap();
    assert_eq!(
        changed,
        GuildSettings::default()
            .with(&settings::TARGET, Value::Number(750))
            .with(&settings::TURN_TIMEOUT, Value::Number(60))
            .with(&settings::BOT_PACE, Value::Number(0))
            .with(&settings::LANGUAGE, Value::Language(Lang::Fr))
    );
    // Every switch on, then off, then reset: its default again (threads off, charts on).
    for switch in [settings::THREADS, settings::CHARTS] {
        for on in [true, false] {
            let changed = store
                .change_guild_settings(GuildId::new(1), &set(&[(switch, Value::Switch(on))]))
                .await
                .unwrap();
            assert_eq!(changed.on(&switch), on, "{}", switch.name);
            assert_eq!(
                changed.get(&switch),
                Some(Value::Switch(on)),
                "{}",
                switch.name
            );
        }
        let changed = store
            .change_guild_settings(GuildId::new(1), &SettingsChange::Reset(switch))
            .await
            .unwrap();
        assert_eq!(changed.get(&switch), None, "{}", switch.name);
        let default = switch == settings::CHARTS;
        assert_eq!(changed.on(&switch), default, "{}", switch.name);
    }
    for channel in [30, 10, 30, 20] {
        store
            .change_guild_settings(
                GuildId::new(1),
                &SettingsChange::AddChannel(ChannelId::new(channel)),
            )
            .await
            .unwrap();
    }
    let changed = store
        .change_guild_settings(
            GuildId::new(1),
            &SettingsChange::RemoveChannel(ChannelId::new(20)),
        )
        .await
        .unwrap();
    assert_eq!(changed.channels, [ChannelId::new(10), ChannelId::new(30)]);
    assert!(changed.allows(ChannelId::new(10)) && !changed.allows(ChannelId::new(20)));
    assert_eq!(
        changed.clocks(),
        Clocks {
            turn_timeout_ms: Some(60_000),
            bot_pace_ms: Some(0),
        }
    );
    // Another server has its own.
    assert_eq!(
        store.guild_settings(GuildId::new(2)).await.unwrap(),
        GuildSettings::default()
    );
    assert!(GuildSettings::default().allows(ChannelId::new(20)));

    // Kept across a reopening.
    store.close().await;
    drop(store);
    let store = db.open().await;
    assert_eq!(
        store.guild_settings(GuildId::new(1)).await.unwrap(),
        changed
    );

    let changed = store
        .change_guild_settings(GuildId::new(1), &SettingsChange::Reset(settings::TARGET))
        .await
        .unwrap();
    assert_eq!(changed.default_target(), None);
    assert_eq!(changed.number(&settings::TURN_TIMEOUT), Some(60));
    let changed = store
        .change_guild_settings(GuildId::new(1), &SettingsChange::ResetChannels)
        .await
        .unwrap();
    assert_eq!(changed.channels, Vec::<ChannelId>::new());
    assert_eq!(changed.language(), Some(Lang::Fr));
    for setting in [
        settings::TURN_TIMEOUT,
        settings::BOT_PACE,
        settings::LANGUAGE,
    ] {
        store
            .change_guild_settings(GuildId::new(1), &SettingsChange::Reset(setting))
            .await
            .unwrap();
    }
    assert_eq!(
        store.guild_settings(GuildId::new(1)).await.unwrap(),
        GuildSettings::default()
    );
    assert_eq!(
        db.count("guild_settings").await,
        0,
        "every setting back: no row"
    );

    store
        .change_guild_settings(
            GuildId::new(1),
            &set(&[(settings::TARGET, Value::Number(100))]),
        )
        .await
        .unwrap();
    store
        .change_guild_settings(
            GuildId::new(1),
            &SettingsChange::AddChannel(ChannelId::new(10)),
        )
        .await
        .unwrap();
    let changed = store
        .change_guild_settings(GuildId::new(1), &SettingsChange::ResetAll)
        .await
        .unwrap();
    assert_eq!(changed, GuildSettings::default());
    assert_eq!(db.count("guild_channels").await, 0);
}

/// A database whose servers' settings were columns (before 20261206000046_settings_rows) keeps
/// them: each column a server set is its setting's row, read back as it was; a server that set
/// nothing has no row.
async fn settings_kept_as_columns_are_kept_as_rows(db: Db) {
    db.migrate_before(20261206000046).await;
    db.execute(
        "INSERT INTO guild_settings (guild_id, default_target, turn_timeout_secs, bot_pace_ms, \
         lang, updated_ms, threads, charts) VALUES (1, 750, 60, 250, 'fr', 5, 1, 0), \
         (2, NULL, 90, NULL, NULL, 5, NULL, 1), (3, NULL, NULL, NULL, NULL, 5, NULL, NULL)",
    )
    .await;
    let store = db.open().await;
    let first = GuildSettings::default()
        .with(&settings::TARGET, Value::Number(750))
        .with(&settings::TURN_TIMEOUT, Value::Number(60))
        .with(&settings::BOT_PACE, Value::Number(250))
        .with(&settings::LANGUAGE, Value::Language(Lang::Fr))
        .with(&settings::THREADS, Value::Switch(true))
        .with(&settings::CHARTS, Value::Switch(false));
    assert_eq!(store.guild_settings(GuildId::new(1)).await.unwrap(), first);
    let second = GuildSettings::default()
        .with(&settings::TURN_TIMEOUT, Value::Number(90))
        .with(&settings::CHARTS, Value::Switch(true));
    assert_eq!(store.guild_settings(GuildId::new(2)).await.unwrap(), second);
    assert_eq!(
        store.guild_settings(GuildId::new(3)).await.unwrap(),
        GuildSettings::default()
    );
    assert_eq!(db.count("guild_settings").await, 8);
    store.close().await;
}

/// A game keeps the clocks it started with (its server's) and the game it is the rematch of,
/// across a reopening; a game stored without them (as every game before server settings and
/// rematches) has none, so the config file's apply.
async fn a_game_keeps_the_clocks_it_started_with(db: Db) {
    let store = db.open().await;
    let (game, created) = Game::create(
        Settings {
            target: 500,
            ..Default::default()
        },
        ANN,
        "Ann",
    )
    .unwrap();
    let clocks = Clocks {
        turn_timeout_ms: Some(1_000),
        bot_pace_ms: Some(0),
    };
    let with = store
        .create_game_with(
            place(1, 10),
            &game,
            &created,
            &Opening {
                lang: Lang::EnUs,
                clocks,
                rematch_of: Some(GameId::new(7)),
                limits: None,
            },
        )
        .await
        .unwrap();
    let without = store
        .create_game(place(1, 11), &game, &created)
        .await
        .unwrap();
    store.close().await;
    drop(store);
    let store = db.open().await;
    assert_eq!(store.load::<Game>(with).await.unwrap().clocks, clocks);
    assert_eq!(
        store.load::<Game>(with).await.unwrap().rematch_of,
        Some(GameId::new(7))
    );
    assert_eq!(store.load::<Game>(without).await.unwrap().rematch_of, None);
    assert_eq!(
        store.load::<Game>(without).await.unwrap().clocks,
        Clocks::default()
    );
    let open = store.load_open::<Game>().await.unwrap();
    assert_eq!(open.iter().find(|l| l.id == with).unwrap().clocks, clocks);
}

/// A review without a game's number reviews the asker's latest finished game of that kind in
/// the server: not an open or a cancelled one, not another server's or another kind's.
async fn a_persons_latest_finished_game_is_found_by_server_and_kind(db: Db) {
    let store = db.open().await;
    let (g1, g2) = (1u64, 2u64);
    // Guild 1: ANN beats BEN, then ANN beats CAT; an open game and a cancelled one after.
    let mut first = started(&store, place(g1, 10), &[ANN, BEN], 20).await;
    first.bank_twos(&store, 6).await;
    first.bank_twos(&store, 2).await;
    let mut second = started(&store, place(g1, 10), &[ANN, CAT], 20).await;
    second.bank_twos(&store, 6).await;
    second.bank_twos(&store, 2).await;
    assert!(first.game.is_over() && second.game.is_over());
    let mut cancelled = started(&store, place(g1, 11), &[ANN, BEN], 20).await;
    cancelled
        .act(&store, Action::Cancel, &mut ScriptedDice::new([]))
        .await;
    started(&store, place(g1, 10), &[ANN, BEN], 20).await;
    // Guild 2: ANN beats BEN.
    let mut other = started(&store, place(g2, 20), &[ANN, BEN], 20).await;
    other.bank_twos(&store, 6).await;
    other.bank_twos(&store, 2).await;

    let latest = |guild, user| {
        let (guild, user) = (GuildId::new(guild), UserId::new(user));
        store.latest_finished(forgetit::games::forgetit::KIND, guild, user)
    };
    assert_eq!(latest(g1, 101).await.unwrap(), Some(second.id));
    assert_eq!(latest(g1, 102).await.unwrap(), Some(first.id));
    assert_eq!(latest(g2, 101).await.unwrap(), Some(other.id));
    assert_eq!(latest(g2, 103).await.unwrap(), None);
    assert_eq!(latest(3, 101).await.unwrap(), None);
    let dickey = store
        .latest_finished(
            forgetit::games::getdickey::KIND,
            GuildId::new(g1),
            UserId::new(101),
        )
        .await;
    assert_eq!(dickey.unwrap(), None);
}

// Each test above, once on each backend: `sqlite::name` and `postgres::name`.
on_both_backends!(
    migrations_create_the_database_and_rerun_harmlessly,
    a_servers_settings_are_set_kept_and_reset,
    settings_kept_as_columns_are_kept_as_rows,
    a_game_keeps_the_clocks_it_started_with,
    stores_opened_at_once_migrate_once_and_share_the_games(
        flavor = "multi_thread",
        worker_threads = 2
    ),
    a_game_keeps_the_language_of_its_table_across_a_reopening,
    a_game_survives_closing_and_reopening_and_continues_identically,
    one_open_game_per_channel,
    a_stale_commit_is_refused_and_changes_nothing,
    a_commit_that_fails_half_way_leaves_game_and_log_unchanged,
    many_games_in_different_channels_write_at_once(flavor = "multi_thread", worker_threads = 4),
    leaderboards_and_stats_count_finished_games_only,
    leaderboards_of_a_period_count_the_games_finished_in_it,
    a_three_seat_game_with_a_shared_win_rates_every_seat,
    players_equal_on_the_ranking_share_a_rank_across_pages,
    players_equal_on_what_a_board_shows_share_a_rank,
    a_persons_latest_finished_game_is_found_by_server_and_kind,
    many_open_games_load_exactly_as_each_loads_alone_with_what_their_messages_show,
    commits_of_many_games_at_once_land_each_once_and_a_stale_one_alone_is_refused(
        flavor = "multi_thread",
        worker_threads = 2
    ),
    plain_commits_of_many_games_at_once_land_and_a_stale_one_among_them_is_refused(
        flavor = "multi_thread",
        worker_threads = 2
    ),
);

/// SQLite's write-ahead log is copied into the database in the background, and starts again
/// from its beginning even under commits without a pause (a RESTART checkpoint between two of
/// the committer's batches, past 64 MiB), its file then cut back to 64 MiB: it does not grow
/// without end. Before, it grew by 25 KB an action (160 MB after 6,000 actions in a row; 200 MB
/// after the 8,000 here). On a busy machine the checkpoint may lag a batch or more behind the
/// 64 MiB mark: the bound leaves room for that, far below unbounded growth.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_write_ahead_log_stays_bounded_under_commits_without_a_pause() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forgetit.db");
    let store = Store::open_durable(&path, forgetit::store::Durability::default())
        .await
        .unwrap();
    let wal = || std::fs::metadata(format!("{}-wal", path.display())).map_or(0, |m| m.len());
    let mut dice = RandomDice::seeded(1);
    let (mut actions, mut largest) = (0, 0);
    let mut channel = 0;
    while actions < 8_000 {
        channel += 1;
        let mut t = create(
            &store,
            place(1, channel),
            Player::Person(UserId::new(1)),
            500,
        )
        .await
        .unwrap();
        t.join(&store, Player::Person(UserId::new(2))).await;
        t.act(
            &store,
            Action::Start {
                by: Player::Person(UserId::new(1)),
            },
            &mut dice,
        )
        .await;
        while StoredGame::status(&t.game) == Status::Playing {
            let by = t.on_turn();
            let legal: Vec<Move> = t
                .game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Play { mv, .. } => Some(mv),
                    _ => None,
                })
                .collect();
            let points = t.game.turn().map_or(0, |turn| turn.score());
            let mv = match legal.iter().find(|m| matches!(m, Move::ChoosePoint(_))) {
                _ if legal.contains(&Move::Bank) && points >= 30 => Move::Bank,
                Some(choose) => *choose,
                None => Move::Roll,
            };
            t.act(&store, Action::Play { by, mv }, &mut dice).await;
            actions += 1;
        }
        largest = largest.max(wal());
    }
    store.close().await;
    assert!(
        largest <= 100 << 20,
        "the log's file reached {} MB in {actions} actions",
        largest >> 20
    );
}
