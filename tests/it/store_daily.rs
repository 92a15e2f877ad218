//! The daily deal in the store, on both backends (as `store.rs`: each test runs as
//! `sqlite::name` and `postgres::name`): the deployment's key made once, each person's deals
//! saved guarded by their version, the days left unended, a server's board of the day, a
//! person's history, forget-me and a removed server's sweep; and `migrate-db` copying them.

use crate::common;

use common::db::{on_both_backends, Db};

use forgetit::engine::GameKind;
use forgetit::i18n::Lang;
use forgetit::store::{
    DailyDeal, DailyEnd, Forgotten, MigrateError, MigrateReport, Store, REMOVED_GUILD_KEPT_MS,
};
use forgetit::{GuildId, UserId};

const FGI: GameKind = forgetit::games::forgetit::KIND;
const GD: GameKind = forgetit::games::getdickey::KIND;

const ANN: UserId = UserId::new(101);
const BEN: UserId = UserId::new(102);
const CAT: UserId = UserId::new(103);
const DAN: UserId = UserId::new(104);

const DAY: i64 = 20_430;

fn name_of(user: UserId) -> String {
    match user.get() {
        101 => "Ann".to_string(),
        102 => "Ben".to_string(),
        103 => "Cat".to_string(),
        _ => "Dan".to_string(),
    }
}

/// `user`'s deal of `kind` of `day`, just started: one event.
fn started(user: UserId, kind: GameKind, day: i64) -> DailyDeal {
    DailyDeal {
        user,
        kind,
        day,
        name: name_of(user),
        lang: Lang::default(),
        events: r#"[{"event":"dealt"}]"#.to_string(),
        version: 1,
        ended: None,
        score: None,
        accuracy: None,
        luck: None,
        squares: None,
        started_ms: day * 86_400_000 + 1_000,
        updated_ms: day * 86_400_000 + 1_000,
    }
}

/// `deal` played to its end: `score`, `accuracy`, at version 9.
fn ended(mut deal: DailyDeal, score: i64, accuracy: f64) -> DailyDeal {
    deal.events = r#"[{"event":"dealt"},{"event":"played","n":8}]"#.to_string();
    deal.version = 9;
    deal.ended = Some(DailyEnd::Played);
    deal.score = Some(score);
    deal.accuracy = Some(accuracy);
    deal.luck = Some(-0.125);
    deal.squares = Some("🟩🟨⬛".to_string());
    deal.updated_ms += 60_000;
    deal
}

/// Stores `deal` as new, then as ended at `score` and `accuracy`: the ended deal.
async fn played(store: &Store, deal: DailyDeal, score: i64, accuracy: f64) -> DailyDeal {
    assert!(store.daily_save(&deal, None).await.unwrap());
    let done = ended(deal.clone(), score, accuracy);
    assert!(store.daily_save(&done, Some(deal.version)).await.unwrap());
    done
}

async fn the_key_is_made_once_and_kept(db: Db) {
    let store = db.open().await;
    let first = [7; 32];
    let key: [u8; 32] = std::array::from_fn(|i| i as u8 * 8);
    assert_eq!(store.daily_key(key, DAY).await.unwrap(), (key, DAY));
    // Another fresh key, another day, another process: the first stays.
    assert_eq!(store.daily_key(first, DAY + 3).await.unwrap(), (key, DAY));
    store.close().await;
    let again = db.open().await;
    assert_eq!(again.daily_key(first, DAY + 9).await.unwrap(), (key, DAY));
    assert_eq!(db.count("daily_key").await, 1);
}

async fn processes_asking_at_once_agree_on_one_key(db: Db) {
    let stores = futures::future::join_all((0..4).map(|_| db.open())).await;
    let keys = futures::future::join_all(
        stores
            .iter()
            .enumerate()
            .map(|(i, store)| store.daily_key([i as u8 + 1; 32], DAY + i as i64)),
    )
    .await;
    let keys: Vec<_> = keys.into_iter().map(Result::unwrap).collect();
    assert!(keys.iter().all(|k| *k == keys[0]), "{keys:?}");
    assert!((1..=4).any(|n| keys[0] == ([n as u8; 32], DAY + n - 1)));
}

async fn a_deal_is_saved_and_read_back_as_it_was(db: Db) {
    let store = db.open().await;
    assert_eq!(store.daily_deal(ANN, FGI, DAY).await.unwrap(), None);
    let mut deal = started(ANN, FGI, DAY);
    deal.lang = Lang::Fr;
    assert!(store.daily_save(&deal, None).await.unwrap());
    assert_eq!(
        store.daily_deal(ANN, FGI, DAY).await.unwrap(),
        Some(deal.clone())
    );
    let done = ended(deal.clone(), 245, 0.8125);
    assert!(store.daily_save(&done, Some(1)).await.unwrap());
    store.close().await;

    let store = db.open().await;
    let read = store.daily_deal(ANN, FGI, DAY).await.unwrap().unwrap();
    assert_eq!(read, done);
    // Exactly the double that was written.
    assert_eq!(read.accuracy.unwrap().to_bits(), 0.8125f64.to_bits());
    // A day ended first: its end, and nothing else set.
    let mut midnight = started(ANN, FGI, DAY - 1);
    assert!(store.daily_save(&midnight, None).await.unwrap());
    midnight.ended = Some(DailyEnd::Midnight);
    midnight.accuracy = Some(1.0 / 3.0);
    assert!(store.daily_save(&midnight, Some(1)).await.unwrap());
    assert_eq!(
        store.daily_deal(ANN, FGI, DAY - 1).await.unwrap(),
        Some(midnight)
    );
    // Each game, each day, each person its own deal.
    assert_eq!(store.daily_deal(ANN, GD, DAY).await.unwrap(), None);
    assert_eq!(store.daily_deal(BEN, FGI, DAY).await.unwrap(), None);
    assert_eq!(store.daily_deal(ANN, FGI, DAY + 1).await.unwrap(), None);
}

async fn a_save_from_a_stale_version_writes_nothing(db: Db) {
    let store = db.open().await;
    let deal = started(ANN, FGI, DAY);
    assert!(store.daily_save(&deal, None).await.unwrap());
    // Another process saved version 2 meanwhile.
    let mut theirs = deal.clone();
    theirs.events = r#"[{"event":"dealt"},{"event":"theirs"}]"#.to_string();
    theirs.version = 2;
    assert!(store.daily_save(&theirs, Some(1)).await.unwrap());
    // This one, read at version 1, comes second: refused, theirs stays.
    let mut mine = deal.clone();
    mine.events = r#"[{"event":"dealt"},{"event":"mine"}]"#.to_string();
    mine.version = 2;
    assert!(!store.daily_save(&mine, Some(1)).await.unwrap());
    assert_eq!(
        store.daily_deal(ANN, FGI, DAY).await.unwrap(),
        Some(theirs.clone())
    );
    // A version ahead of the stored one is as stale.
    assert!(!store.daily_save(&mine, Some(5)).await.unwrap());
    // A new deal where one is stored already: refused, the stored one stays.
    let mut fresh = started(ANN, FGI, DAY);
    fresh.name = "Someone else".to_string();
    assert!(!store.daily_save(&fresh, None).await.unwrap());
    assert_eq!(store.daily_deal(ANN, FGI, DAY).await.unwrap(), Some(theirs));
    // A deal never stored cannot be updated.
    assert!(!store
        .daily_save(&started(BEN, FGI, DAY), Some(1))
        .await
        .unwrap());
    assert_eq!(store.daily_deal(BEN, FGI, DAY).await.unwrap(), None);
    assert_eq!(db.count("daily_deals").await, 1);
}

async fn the_deals_left_unended_are_those_of_the_days_before(db: Db) {
    let store = db.open().await;
    for day in [DAY - 5, DAY - 2, DAY - 1, DAY] {
        assert!(store
            .daily_save(&started(ANN, FGI, day), None)
            .await
            .unwrap());
    }
    played(&store, started(ANN, FGI, DAY - 3), 100, 0.5).await;
    // Another game's, another person's: not hers of this game.
    assert!(store
        .daily_save(&started(ANN, GD, DAY - 4), None)
        .await
        .unwrap());
    assert!(store
        .daily_save(&started(BEN, FGI, DAY - 4), None)
        .await
        .unwrap());
    let days = |deals: Vec<DailyDeal>| deals.iter().map(|d| d.day).collect::<Vec<_>>();
    let unended = store.daily_unended_before(ANN, FGI, DAY).await.unwrap();
    assert_eq!(days(unended.clone()), [DAY - 5, DAY - 2, DAY - 1]);
    assert_eq!(unended[0], started(ANN, FGI, DAY - 5));
    assert_eq!(
        days(store.daily_unended_before(ANN, FGI, DAY - 2).await.unwrap()),
        [DAY - 5]
    );
    assert_eq!(
        days(store.daily_unended_before(ANN, GD, DAY).await.unwrap()),
        [DAY - 4]
    );
    // Once the day ended first, it is unended no more.
    let mut midnight = started(ANN, FGI, DAY - 5);
    midnight.ended = Some(DailyEnd::Midnight);
    midnight.version = 1;
    assert!(store.daily_save(&midnight, Some(1)).await.unwrap());
    assert_eq!(
        days(store.daily_unended_before(ANN, FGI, DAY).await.unwrap()),
        [DAY - 2, DAY - 1]
    );
    assert!(store
        .daily_unended_before(CAT, FGI, DAY)
        .await
        .unwrap()
        .is_empty());
}

async fn a_board_lists_the_ended_deals_of_the_people_seen_in_the_server_that_day(db: Db) {
    let store = db.open().await;
    let (one, two) = (GuildId::new(1), GuildId::new(2));
    // Server 1: Ann, Ben and Cat ended theirs; Dan's is in progress. Ann and Ben share the
    // best accuracy: the score decides.
    played(&store, started(ANN, FGI, DAY), 200, 0.75).await;
    played(&store, started(BEN, FGI, DAY), 300, 0.75).await;
    played(&store, started(CAT, FGI, DAY), 500, 0.5).await;
    assert!(store
        .daily_save(&started(DAN, FGI, DAY), None)
        .await
        .unwrap());
    for user in [ANN, BEN, CAT, DAN] {
        store.daily_seen_in(user, FGI, DAY, one).await.unwrap();
    }
    // Seen again: once is enough.
    store.daily_seen_in(ANN, FGI, DAY, one).await.unwrap();
    assert_eq!(db.count("daily_places").await, 4);
    // Ben's shared in server 2 as well; Cat played hers the day before there.
    store.daily_seen_in(BEN, FGI, DAY, two).await.unwrap();
    played(&store, started(CAT, FGI, DAY - 1), 100, 1.0).await;
    store.daily_seen_in(CAT, FGI, DAY - 1, two).await.unwrap();
    // Another game's deal of the day, in server 1.
    played(&store, started(DAN, GD, DAY), 250, 0.9).await;
    store.daily_seen_in(DAN, GD, DAY, one).await.unwrap();

    let store = &store;
    let board = |guild, kind, day, higher| async move {
        store
            .daily_board(guild, kind, day, higher)
            .await
            .unwrap()
            .iter()
            .map(|d| (d.name.clone(), d.score.unwrap()))
            .collect::<Vec<_>>()
    };
    let s = |name: &str, score| (name.to_string(), score);
    assert_eq!(
        board(one, FGI, DAY, true).await,
        [s("Ben", 300), s("Ann", 200), s("Cat", 500)]
    );
    assert_eq!(
        board(one, FGI, DAY, false).await,
        [s("Ann", 200), s("Ben", 300), s("Cat", 500)]
    );
    assert_eq!(board(two, FGI, DAY, true).await, [s("Ben", 300)]);
    assert_eq!(board(two, FGI, DAY - 1, true).await, [s("Cat", 100)]);
    assert_eq!(board(one, FGI, DAY - 1, true).await, []);
    assert_eq!(board(one, GD, DAY, true).await, [s("Dan", 250)]);
    assert_eq!(board(GuildId::new(3), FGI, DAY, true).await, []);
    // The whole deal, as stored.
    let rows = store.daily_board(two, FGI, DAY, true).await.unwrap();
    assert_eq!(
        rows,
        [store.daily_deal(BEN, FGI, DAY).await.unwrap().unwrap()]
    );

    // Equal on accuracy and score: by name. A deal that ended without an accuracy (the day
    // ended first) comes after those with one, on both backends.
    let mut ada = started(UserId::new(105), FGI, DAY);
    ada.name = "Ada".to_string();
    played(store, ada, 300, 0.75).await;
    let mut eve = started(UserId::new(106), FGI, DAY);
    eve.name = "Eve".to_string();
    assert!(store.daily_save(&eve, None).await.unwrap());
    eve.ended = Some(DailyEnd::Midnight);
    eve.score = Some(10);
    assert!(store.daily_save(&eve, Some(1)).await.unwrap());
    for user in [105, 106] {
        store
            .daily_seen_in(UserId::new(user), FGI, DAY, one)
            .await
            .unwrap();
    }
    assert_eq!(
        board(one, FGI, DAY, true).await,
        [
            s("Ada", 300),
            s("Ben", 300),
            s("Ann", 200),
            s("Cat", 500),
            s("Eve", 10)
        ]
    );
}

async fn a_history_is_every_ended_deal_oldest_first(db: Db) {
    let store = db.open().await;
    for (day, score) in [(DAY, 30), (DAY - 7, 10), (DAY - 2, 20)] {
        played(&store, started(ANN, FGI, day), score, 0.5).await;
    }
    let mut midnight = started(ANN, FGI, DAY - 4);
    midnight.ended = Some(DailyEnd::Midnight);
    assert!(store.daily_save(&midnight, None).await.unwrap());
    // Unended, another game's, another person's: not in it.
    assert!(store
        .daily_save(&started(ANN, FGI, DAY - 1), None)
        .await
        .unwrap());
    played(&store, started(ANN, GD, DAY - 3), 99, 0.5).await;
    played(&store, started(BEN, FGI, DAY - 3), 99, 0.5).await;

    let history = store.daily_history(ANN, FGI).await.unwrap();
    let seen: Vec<_> = history.iter().map(|d| (d.day, d.ended, d.score)).collect();
    let done = Some(DailyEnd::Played);
    assert_eq!(
        seen,
        [
            (DAY - 7, done, Some(10)),
            (DAY - 4, Some(DailyEnd::Midnight), None),
            (DAY - 2, done, Some(20)),
            (DAY, done, Some(30)),
        ]
    );
    assert_eq!(store.daily_history(ANN, GD).await.unwrap().len(), 1);
    assert_eq!(store.daily_history(CAT, FGI).await.unwrap(), []);
}

async fn forget_me_deletes_the_persons_deals_and_places(db: Db) {
    let store = db.open().await;
    let one = GuildId::new(1);
    for user in [ANN, BEN] {
        played(&store, started(user, FGI, DAY), 100, 0.5).await;
        store.daily_seen_in(user, FGI, DAY, one).await.unwrap();
    }
    assert!(store
        .daily_save(&started(ANN, GD, DAY), None)
        .await
        .unwrap());
    store
        .daily_seen_in(ANN, GD, DAY, GuildId::new(2))
        .await
        .unwrap();
    let key = store.daily_key([1; 32], DAY).await.unwrap();

    let former = |lang: Lang| forgetit::render::privacy::former_player(lang);
    // Her two deals, counted with her statistics (she has none else).
    assert_eq!(
        store.forget_person(ANN, &former).await.unwrap(),
        Forgotten::Done {
            stats: 2,
            seats: 0,
            events: 0
        }
    );
    assert_eq!(store.daily_deal(ANN, FGI, DAY).await.unwrap(), None);
    assert_eq!(store.daily_deal(ANN, GD, DAY).await.unwrap(), None);
    assert_eq!(store.daily_history(ANN, FGI).await.unwrap(), []);
    assert_eq!(db.everywhere("Ann").await.1, [], "no trace of her name");
    assert_eq!(db.count("daily_places").await, 1);
    // Ben's stay, and the deployment's key.
    let board = store.daily_board(one, FGI, DAY, true).await.unwrap();
    assert_eq!(board.iter().map(|d| d.user).collect::<Vec<_>>(), [BEN]);
    assert_eq!(store.daily_key([2; 32], DAY + 1).await.unwrap(), key);
}

async fn a_removed_servers_places_are_swept_with_its_data(db: Db) {
    let store = db.open().await;
    let (one, two) = (GuildId::new(1), GuildId::new(2));
    played(&store, started(ANN, FGI, DAY), 100, 0.5).await;
    store.daily_seen_in(ANN, FGI, DAY, one).await.unwrap();
    store.daily_seen_in(ANN, FGI, DAY, two).await.unwrap();
    // A server with daily deals only is a server with data: one left while the bot was away
    // is found.
    assert_eq!(store.guilds_with_data().await.unwrap(), [one, two]);
    let now = 1_000_000_000_000;
    assert_eq!(store.guilds_left(|g| g == one, now).await.unwrap(), [one]);
    assert_eq!(store.sweep_removed_guilds(now).await.unwrap(), []);
    let later = now + REMOVED_GUILD_KEPT_MS;
    assert_eq!(store.sweep_removed_guilds(later).await.unwrap(), [one]);
    assert_eq!(store.daily_board(one, FGI, DAY, true).await.unwrap(), []);
    assert_eq!(
        store.daily_board(two, FGI, DAY, true).await.unwrap().len(),
        1
    );
    // Her deal is hers, not the server's: it stays.
    assert!(store.daily_deal(ANN, FGI, DAY).await.unwrap().is_some());
    assert_eq!(store.guilds_with_data().await.unwrap(), [two]);
}

on_both_backends!(
    the_key_is_made_once_and_kept,
    processes_asking_at_once_agree_on_one_key,
    a_deal_is_saved_and_read_back_as_it_was,
    a_save_from_a_stale_version_writes_nothing,
    the_deals_left_unended_are_those_of_the_days_before,
    a_board_lists_the_ended_deals_of_the_people_seen_in_the_server_that_day,
    a_history_is_every_ended_deal_oldest_first,
    forget_me_deletes_the_persons_deals_and_places,
    a_removed_servers_places_are_swept_with_its_data,
);

/// What a store holds of the daily deal, as text.
async fn daily_text(store: &Store) -> Vec<String> {
    let mut seen = vec![format!("{:?}", store.daily_key([0; 32], 0).await.unwrap())];
    for user in [ANN, BEN, CAT] {
        for kind in [FGI, GD] {
            for day in DAY - 2..=DAY {
                seen.push(format!("{:?}", store.daily_deal(user, kind, day).await));
            }
            seen.push(format!("{:?}", store.daily_history(user, kind).await));
        }
    }
    for guild in [1, 2] {
        let board = store.daily_board(GuildId::new(guild), FGI, DAY, true).await;
        seen.push(format!("{board:?}"));
    }
    seen
}

/// `forgetit migrate-db` of the bot's games, from `from` to `to`.
async fn migrate_db(from: &str, to: &str) -> Result<MigrateReport, MigrateError> {
    let open: Vec<_> = forgetit::discord::built_in()
        .iter()
        .map(|g| g.open_games())
        .collect();
    forgetit::store::migrate_db(from, to, &open).await
}

/// `migrate-db` copies the daily deal's tables, NULLs and doubles alike, from SQLite to
/// PostgreSQL and back.
#[tokio::test]
async fn migrate_db_copies_the_daily_deals() {
    let dir = tempfile::tempdir().unwrap();
    let from = format!("sqlite://{}", dir.path().join("old.db").display());
    let source = Store::open(&dir.path().join("old.db")).await.unwrap();
    source.daily_key([9; 32], DAY - 30).await.unwrap();
    played(&source, started(ANN, FGI, DAY), 120, 2.0 / 3.0).await;
    played(&source, started(BEN, FGI, DAY), 80, 0.1).await;
    played(&source, started(ANN, FGI, DAY - 2), 70, 1.0).await;
    let mut unended = started(CAT, GD, DAY - 1);
    unended.lang = Lang::Fr;
    assert!(source.daily_save(&unended, None).await.unwrap());
    let mut midnight = started(CAT, FGI, DAY);
    midnight.ended = Some(DailyEnd::Midnight);
    assert!(source.daily_save(&midnight, None).await.unwrap());
    for (user, guild) in [(ANN, 1), (BEN, 1), (BEN, 2), (CAT, 2)] {
        source
            .daily_seen_in(user, FGI, DAY, GuildId::new(guild))
            .await
            .unwrap();
    }
    let before = daily_text(&source).await;
    source.close().await;

    let url = common::postgres::server().await.fresh_database().await;
    let report = migrate_db(&from, &url).await.unwrap();
    let rows = |table: &str| report.rows.iter().find(|(t, _)| *t == table).map(|r| r.1);
    assert_eq!(rows("daily_key"), Some(1));
    assert_eq!(rows("daily_deals"), Some(5));
    assert_eq!(rows("daily_places"), Some(4));
    let target = Store::open_url(&url, Default::default()).await.unwrap();
    assert_eq!(daily_text(&target).await, before);
    target.close().await;

    let back = format!("sqlite://{}", dir.path().join("back.db").display());
    let report = migrate_db(&url, &back).await.unwrap();
    assert_eq!(
        report.rows.iter().find(|(t, _)| *t == "daily_deals"),
        Some(&("daily_deals", 5))
    );
    let copy = Store::open_url(&back, Default::default()).await.unwrap();
    assert_eq!(daily_text(&copy).await, before);
    copy.close().await;
}
