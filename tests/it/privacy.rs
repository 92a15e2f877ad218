//! Privacy in the store, on both backends (as `tests/store.rs`: each test runs as `sqlite::name`
//! and `postgres::name`): forget-me deletes a person's statistics and leaves no trace of their
//! name in any column of any table (listed from the schema itself), while the games still load
//! and the others' results stand; it is refused while they sit at an open game; and the data of a
//! server the bot was removed from is deleted 30 days later, unless the bot came back.

use crate::common;

use common::db::{on_both_backends, Db, TABLES};
use common::table::Table;

use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::{Player, Ranking, Scope};
use forgetit::games::forgetit::{Action, Game, Settings};
use forgetit::i18n::Lang;
use forgetit::settings::Value;
use forgetit::store::{
    Clocks, Forgotten, GuildSettings, Opening, Place, Reach, SettingsChange, Store, StoreError,
    REMOVED_GUILD_KEPT_MS,
};
use forgetit::{ChannelId, GuildId, UserId};

const ANN: Player = Player::Person(UserId::new(101));
const BEN: Player = Player::Person(UserId::new(102));
const CAT: Player = Player::Person(UserId::new(103));

/// Ann's name: what must leave no trace.
const ANN_NAME: &str = "Annabelle Quux";

fn name_of(player: Player) -> String {
    match player {
        ANN => ANN_NAME.to_string(),
        BEN => "Benedict".to_string(),
        _ => "Catherine".to_string(),
    }
}

fn place(guild_id: u64, channel_id: u64) -> Place {
    Place::server(GuildId::new(guild_id), ChannelId::new(channel_id))
}

fn former(lang: Lang) -> String {
    forgetit::render::privacy::former_player(lang)
}

/// `host`'s new table at `at` in `lang`, a game to 100.
async fn create(store: &Store, at: Place, host: Player, lang: Lang) -> Table {
    let opening = Opening {
        lang,
        clocks: Clocks::default(),
        rematch_of: None,
        limits: None,
    };
    let host = (host, name_of(host));
    Table::open(
        store,
        at,
        Settings {
            target: 100,
            ..Default::default()
        },
        host,
        &opening,
    )
    .await
    .unwrap()
}

impl Table {
    async fn leave(&mut self, store: &Store, player: Player) {
        self.act(store, Action::Leave { player }, &mut ScriptedDice::new([]))
            .await;
    }

    /// Seats `players` after the host and starts; the host wins the roll-off.
    async fn start(&mut self, store: &Store, players: &[Player]) {
        for &p in players {
            self.join_as(store, p, name_of(p)).await;
        }
        let host = self.game.seats[0].player;
        let faces = std::iter::once(5).chain(std::iter::repeat_n(1, players.len()));
        self.act(
            store,
            Action::Start { by: host },
            &mut ScriptedDice::new(faces),
        )
        .await;
    }
}

/// A finished game at `at` in `lang`, hosted by `host` against `others`.
async fn finished(store: &Store, at: Place, lang: Lang, host: Player, others: &[Player]) -> Table {
    let mut table = create(store, at, host, lang).await;
    table.start(store, others).await;
    table.play_out(store, at.channel_id.get()).await;
    table
}

async fn stats(store: &Store, scope: Scope, player: Player) -> Option<u64> {
    let Player::Person(id) = player else {
        unreachable!()
    };
    store
        .player_stats(forgetit::games::forgetit::KIND, scope, id)
        .await
        .unwrap()
        .map(|s| s.games)
}

async fn forget_me_leaves_no_trace_of_the_name_in_any_column_of_any_table(db: Db) {
    let store = db.open().await;
    // Ann plays in two servers, an English table and a French one; she also joined and left a
    // lobby that is still open (her name is in its log, in no seat).
    let english = finished(&store, place(1, 10), Lang::EnUs, ANN, &[BEN]).await;
    let french = finished(&store, place(2, 20), Lang::Fr, BEN, &[ANN, CAT]).await;
    let mut lobby = create(&store, place(1, 11), CAT, Lang::EnUs).await;
    lobby.join_as(&store, ANN, name_of(ANN)).await;
    lobby.leave(&store, ANN).await;
    let ben_before = store
        .player_stats(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            UserId::new(102),
        )
        .await
        .unwrap();
    let cat_before = stats(&store, Scope::Guild(GuildId::new(2)), CAT).await;
    assert_eq!(stats(&store, Scope::Global, ANN).await, Some(2));

    let (tables, before) = db.everywhere(ANN_NAME).await;
    for table in TABLES {
        assert!(tables.contains(&table.to_string()), "{tables:?}");
    }
    let found_in: std::collections::BTreeSet<&str> =
        before.iter().map(|(t, _, _)| t.as_str()).collect();
    assert_eq!(
        found_in.into_iter().collect::<Vec<_>>(),
        ["events", "player_stats", "ratings", "results", "seats"],
        "the scan finds the name where it is: {before:?}"
    );

    let done = store
        .forget_person(UserId::new(101), &former)
        .await
        .unwrap();
    // Two stats rows (two servers), two seats, and three events: the two joins of the French
    // game and the lobby, and the `created` event of the English game she hosted.
    assert_eq!(
        done,
        Forgotten::Done {
            stats: 2,
            seats: 2,
            events: 3
        }
    );
    let (_, after) = db.everywhere(ANN_NAME).await;
    assert_eq!(after, [], "no column of any table holds the name");
    // Nor any part of it.
    assert_eq!(db.everywhere("Annabelle").await.1, []);

    // Her statistics and her rating's history are gone, in every scope; the others' are as
    // they were.
    assert_eq!(stats(&store, Scope::Global, ANN).await, None);
    for scope in [Scope::Global, Scope::Guild(GuildId::new(1))] {
        let kind = forgetit::games::forgetit::KIND;
        let history = |id| store.rating_history(kind, scope, UserId::new(id), 50);
        assert_eq!(history(101).await.unwrap(), []);
        assert_eq!(
            history(102).await.unwrap().len(),
            1 + usize::from(scope == Scope::Global)
        );
    }
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(1)), ANN).await,
        None
    );
    assert_eq!(
        store
            .player_stats(
                forgetit::games::forgetit::KIND,
                Scope::Global,
                UserId::new(102)
            )
            .await
            .unwrap(),
        ben_before
    );
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(2)), CAT).await,
        cat_before
    );
    let board = store
        .leaderboard(
            forgetit::games::forgetit::KIND,
            Scope::Global,
            Ranking::Wins,
            1,
            10,
        )
        .await
        .unwrap();
    assert!(
        board
            .rows
            .iter()
            .all(|(_, s)| s.user_id != UserId::new(101)),
        "{board:?}"
    );

    // The games load and replay as they were played, her seat named in the game's language;
    // her id stays (the seat is still hers for the game's rules).
    for (table, lang) in [(&english, Lang::EnUs), (&french, Lang::Fr)] {
        let loaded = store.load::<Game>(table.id).await.unwrap();
        let mut expected = table.game.clone();
        for seat in &mut expected.seats {
            if seat.player == ANN {
                seat.name = former(lang);
            }
        }
        assert_eq!(loaded.game, expected);
        let seats = store.seats(table.id).await.unwrap();
        let ann = seats.iter().find(|s| s.player == ANN).unwrap();
        assert_eq!(ann.name, former(lang));
        let ben = seats.iter().find(|s| s.player == BEN).unwrap();
        assert_eq!(ben.name, "Benedict");
    }
    assert_eq!(former(Lang::EnUs), "a former player");
    assert_eq!(former(Lang::Fr), "un ancien joueur");
    // The open lobby loads too, and plays on.
    let open = store.load::<Game>(lobby.id).await.unwrap();
    assert_eq!(open.game, lobby.game);
    lobby.join_as(&store, BEN, name_of(BEN)).await;

    // Forgetting again finds nothing more to do.
    assert_eq!(
        store
            .forget_person(UserId::new(101), &former)
            .await
            .unwrap(),
        Forgotten::Done {
            stats: 0,
            seats: 2,
            events: 3
        }
    );
    assert_eq!(db.everywhere(ANN_NAME).await.1, []);
}

async fn forget_me_is_refused_while_seated_at_an_open_game(db: Db) {
    let store = db.open().await;
    finished(&store, place(1, 10), Lang::EnUs, ANN, &[BEN]).await;
    let mut open = create(&store, place(1, 12), BEN, Lang::EnUs).await;
    open.start(&store, &[ANN]).await;
    assert_eq!(
        store
            .forget_person(UserId::new(101), &former)
            .await
            .unwrap(),
        Forgotten::Seated {
            channel_id: ChannelId::new(12)
        }
    );
    // Nothing changed.
    assert_eq!(stats(&store, Scope::Global, ANN).await, Some(1));
    assert!(!db.everywhere(ANN_NAME).await.1.is_empty());
    // Even a seat she left mid-game: the table still holds her name until the game ends.
    open.leave(&store, ANN).await;
    assert!(open.game.is_over(), "two players, one left: the game ends");
    assert!(matches!(
        store
            .forget_person(UserId::new(101), &former)
            .await
            .unwrap(),
        Forgotten::Done { stats: 1, .. }
    ));
    assert_eq!(db.everywhere(ANN_NAME).await.1, []);
}

async fn a_removed_server_is_swept_after_30_days_unless_the_bot_came_back(db: Db) {
    let store = db.open().await;
    let t0: i64 = 1_800_000_000_000;
    let gone = finished(&store, place(1, 10), Lang::EnUs, ANN, &[BEN]).await;
    let mut gone_open = create(&store, place(1, 11), CAT, Lang::EnUs).await;
    gone_open.join_as(&store, BEN, name_of(BEN)).await;
    let kept = finished(&store, place(2, 20), Lang::EnUs, ANN, &[BEN]).await;
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(1)), ANN).await,
        Some(1)
    );
    // Both servers' settings, and their channel lists.
    for (guild, channel) in [(1, 11), (2, 20)] {
        let set = SettingsChange::Set(vec![
            (forgetit::settings::TARGET, Value::Number(750)),
            (forgetit::settings::TURN_TIMEOUT, Value::Number(60)),
            (forgetit::settings::LANGUAGE, Value::Language(Lang::Fr)),
        ]);
        store
            .change_guild_settings(GuildId::new(guild), &set)
            .await
            .unwrap();
        let add = SettingsChange::AddChannel(ChannelId::new(channel));
        store
            .change_guild_settings(GuildId::new(guild), &add)
            .await
            .unwrap();
    }
    let kept_settings = store.guild_settings(GuildId::new(2)).await.unwrap();

    assert!(store.guild_removed(GuildId::new(1), t0).await.unwrap());
    // A second removal (an event replayed) keeps the first time.
    assert!(!store
        .guild_removed(GuildId::new(1), t0 + 5_000)
        .await
        .unwrap());
    assert_eq!(
        store.guild_removed_at(GuildId::new(1)).await.unwrap(),
        Some(t0)
    );

    // Not yet 30 days: nothing goes.
    let swept = store
        .sweep_removed_guilds(t0 + REMOVED_GUILD_KEPT_MS - 1)
        .await
        .unwrap();
    assert_eq!(swept, Vec::<GuildId>::new());
    assert!(store.load::<Game>(gone.id).await.is_ok());

    // 30 days: the server's games (their seats and events) and statistics go, only its.
    let swept = store
        .sweep_removed_guilds(t0 + REMOVED_GUILD_KEPT_MS)
        .await
        .unwrap();
    assert_eq!(swept, [GuildId::new(1)]);
    for id in [gone.id, gone_open.id] {
        assert!(matches!(
            store.load::<Game>(id).await,
            Err(StoreError::NotFound(_))
        ));
        assert_eq!(store.seats(id).await.unwrap(), []);
        assert!(store.events::<Game>(id).await.unwrap().is_empty());
    }
    assert_eq!(store.open_game_in(ChannelId::new(11)).await.unwrap(), None);
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(1)), ANN).await,
        None
    );
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(1)), BEN).await,
        None
    );
    assert_eq!(store.guild_removed_at(GuildId::new(1)).await.unwrap(), None);
    // Its settings.
    assert_eq!(
        store.guild_settings(GuildId::new(1)).await.unwrap(),
        GuildSettings::default()
    );
    assert_eq!(
        store.guild_settings(GuildId::new(2)).await.unwrap(),
        kept_settings
    );
    // Its ratings and its results (the leaderboards of a period) too.
    let ratings = store
        .rating_board(
            forgetit::games::forgetit::KIND,
            Scope::Guild(GuildId::new(1)),
            1,
            10,
        )
        .await
        .unwrap();
    assert_eq!(ratings.players, 0);
    let board = forgetit::store::Board {
        kind: forgetit::games::forgetit::KIND,
        scope: Scope::Guild(GuildId::new(1)),
        by: forgetit::engine::Ranking::Wins,
        period: forgetit::engine::Period::Month,
    };
    let month = store
        .leaderboard_of(board, 1, 10, forgetit::store::now_ms())
        .await
        .unwrap();
    assert_eq!(month.players, 0);
    // The other server is untouched.
    assert_eq!(store.load::<Game>(kept.id).await.unwrap().game, kept.game);
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(2)), ANN).await,
        Some(1)
    );
    assert_eq!(stats(&store, Scope::Global, BEN).await, Some(1));

    // A server the bot comes back to keeps its data.
    assert!(store.guild_removed(GuildId::new(2), t0).await.unwrap());
    assert!(store.guild_back(GuildId::new(2)).await.unwrap());
    assert!(!store.guild_back(GuildId::new(2)).await.unwrap());
    let swept = store
        .sweep_removed_guilds(t0 + 10 * REMOVED_GUILD_KEPT_MS)
        .await
        .unwrap();
    assert_eq!(swept, Vec::<GuildId>::new());
    assert_eq!(store.load::<Game>(kept.id).await.unwrap().game, kept.game);
    assert_eq!(
        stats(&store, Scope::Guild(GuildId::new(2)), ANN).await,
        Some(1)
    );
}

/// The servers a shard's READY does not list, of those the store has data of, are recorded as
/// removed in one go; the next READY records none of them again (their first time stands), and a
/// server the bot came back to is recorded anew when it is left again.
async fn servers_left_while_offline_are_recorded_once(db: Db) {
    let store = db.open().await;
    let t0: i64 = 1_800_000_000_000;
    // Data in servers 1 (a game), 2 and 3 (settings); 4 has none.
    finished(&store, place(1, 10), Lang::EnUs, ANN, &[BEN]).await;
    for guild in [2, 3] {
        let add = SettingsChange::AddChannel(ChannelId::new(guild * 10));
        store
            .change_guild_settings(GuildId::new(guild), &add)
            .await
            .unwrap();
    }
    // A game in a server where only people installed the app (5), and one in a group DM (6):
    // no server of the bot's, never listed by READY, never recorded as left.
    for (guild, reach) in [(5, Reach::Guest), (6, Reach::Chat)] {
        let here = Place {
            reach,
            ..place(guild, guild * 10)
        };
        finished(&store, here, Lang::EnUs, ANN, &[BEN]).await;
    }
    // READY lists 2 and 4.
    let listed = [GuildId::new(2), GuildId::new(4)];
    let left = |guild| !listed.contains(&guild);
    let (one, three) = (GuildId::new(1), GuildId::new(3));
    assert_eq!(store.guilds_left(left, t0).await.unwrap(), [one, three]);
    assert_eq!(
        store.guild_removed_at(GuildId::new(1)).await.unwrap(),
        Some(t0)
    );
    assert_eq!(
        store.guild_removed_at(GuildId::new(3)).await.unwrap(),
        Some(t0)
    );
    assert_eq!(store.guild_removed_at(GuildId::new(2)).await.unwrap(), None);
    assert_eq!(store.guild_removed_at(GuildId::new(4)).await.unwrap(), None);

    // The next READY: nothing new, the first time kept.
    let later = t0 + 60_000;
    assert_eq!(
        store.guilds_left(left, later).await.unwrap(),
        Vec::<GuildId>::new()
    );
    assert_eq!(
        store.guild_removed_at(GuildId::new(1)).await.unwrap(),
        Some(t0)
    );

    // Back in 1, then left again.
    assert!(store.guild_back(GuildId::new(1)).await.unwrap());
    assert_eq!(store.guilds_left(left, later).await.unwrap(), [one]);
    assert_eq!(
        store.guild_removed_at(GuildId::new(1)).await.unwrap(),
        Some(later)
    );
}

// Each test twice: `sqlite::name` on a SQLite file, `postgres::name` on a PostgreSQL database.
on_both_backends!(
    forget_me_leaves_no_trace_of_the_name_in_any_column_of_any_table,
    forget_me_is_refused_while_seated_at_an_open_game,
    a_removed_server_is_swept_after_30_days_unless_the_bot_came_back,
    servers_left_while_offline_are_recorded_once,
);
