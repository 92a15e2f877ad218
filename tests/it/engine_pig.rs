//! Pig's rules (docs/RULES.md, P1–P4), each test named by its rule, with scripted dice; and a
//! property: random legal play with random dice ends with one winner at the target (P3). What
//! every game shares (P4: the lobby, leaving, timeouts, cancelling, replay) is `every_game::`'s;
//! P5 (the bot seat and Odds) is tests/it/strategy_pig.rs.

use forgetit::engine::dice::{DiceSource, RandomDice, ScriptedDice};
use forgetit::engine::Player;
use forgetit::games::pig::*;
use forgetit::UserId;
use proptest::prelude::*;

use crate::common::engine::{players_moves, seated_and_started};

const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const CAT: Player = Player::Person(UserId::new(3));

fn act(game: &mut Game, action: Action, faces: &[u8]) -> Result<Event, RuleError> {
    game.apply(action, &mut ScriptedDice::new(faces.iter().copied()))
}

/// A table of `players` to `target`, started with the roll-off `rolloff`.
fn started(players: &[(Player, &str)], target: u32, rolloff: &[u8]) -> Game {
    let (host, name) = players[0];
    let (mut game, _) = Game::create(
        Settings {
            target,
            ..Default::default()
        },
        host,
        name,
    )
    .unwrap();
    for &(player, name) in &players[1..] {
        let name = name.to_string();
        act(&mut game, Action::Join { player, name }, &[]).unwrap();
    }
    act(&mut game, Action::Start { by: host }, rolloff).unwrap();
    game
}

fn roll(game: &mut Game, by: Player, die: u8) {
    act(game, Action::Play { by, mv: Move::Roll }, &[die]).unwrap();
}

fn hold(game: &mut Game, by: Player) {
    act(game, Action::Play { by, mv: Move::Hold }, &[]).unwrap();
}

/// The moves the player on turn may make.
fn moves(game: &Game) -> Vec<Move> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Play { mv, .. } => Some(mv),
            _ => None,
        })
        .collect()
}

fn ann_ben(target: u32) -> Game {
    // The roll-off: ann 5, ben 2.
    started(&[(ANN, "ann"), (BEN, "ben")], target, &[5, 2])
}

#[test]
fn p1_the_highest_roll_goes_first_ties_roll_again_and_play_goes_round_the_table() {
    // ann 4, ben 6, cat 6: ben and cat roll again, 2 and 5: cat goes first.
    let mut game = started(
        &[(ANN, "ann"), (BEN, "ben"), (CAT, "cat")],
        100,
        &[4, 6, 6, 2, 5],
    );
    assert_eq!(game.state.rolloff.len(), 2);
    assert_eq!(game.first_seat(), Some(2));
    let mut order = Vec::new();
    for _ in 0..4 {
        let turn = game.turn().unwrap().clone();
        let by = game.seats[turn.seat].player;
        order.push((by, turn.round));
        roll(&mut game, by, 2);
        hold(&mut game, by);
    }
    assert_eq!(order, [(CAT, 1), (ANN, 1), (BEN, 1), (CAT, 2)]);
}

#[test]
fn p1_a_table_seats_two_to_ten() {
    let (mut game, _) = Game::create(Settings::default(), ANN, "ann").unwrap();
    assert_eq!(
        act(&mut game, Action::Start { by: ANN }, &[]),
        Err(forgetit::engine::table::RuleError::TooFewPlayers { min: 2 })
    );
    for n in 2..=10 {
        let join = Action::Join {
            player: Player::Person(UserId::new(n)),
            name: format!("p{n}"),
        };
        act(&mut game, join, &[]).unwrap();
    }
    let eleventh = Action::Join {
        player: Player::Bot(1),
        name: "Bot 1".into(),
    };
    assert_eq!(
        act(&mut game, eleventh, &[]),
        Err(forgetit::engine::table::RuleError::TableFull { max: 10 })
    );
}

#[test]
fn p2_a_turn_rolls_first_then_rolls_or_holds_and_holding_banks_the_turn_total() {
    let mut game = ann_ben(100);
    assert_eq!(
        act(
            &mut game,
            Action::Play {
                by: ANN,
                mv: Move::Hold
            },
            &[]
        ),
        Err(forgetit::engine::table::RuleError::Game(
            GameError::RollFirst
        )),
        "a turn starts with a roll"
    );
    assert_eq!(moves(&game), vec![Move::Roll]);
    roll(&mut game, ANN, 3);
    roll(&mut game, ANN, 4);
    assert_eq!(game.turn().unwrap().total(), 7);
    assert_eq!(moves(&game), vec![Move::Roll, Move::Hold]);
    hold(&mut game, ANN);
    assert_eq!(game.seats[0].total, 7);
    assert_eq!(game.current_player(), Some(BEN));
    let result = game.last_turn.clone().unwrap();
    assert_eq!(
        (result.end, result.points),
        (TurnEnd::Played(Ending::Held), 7)
    );
    assert_eq!(result.turn.rolled, vec![3, 4]);
}

#[test]
fn p2_a_one_ends_the_turn_and_loses_the_turn_total() {
    let mut game = ann_ben(100);
    roll(&mut game, ANN, 6);
    hold(&mut game, ANN);
    roll(&mut game, BEN, 5);
    roll(&mut game, BEN, 6);
    roll(&mut game, BEN, 1);
    assert_eq!(game.seats[1].total, 0, "the score stays as it was");
    let result = game.last_turn.clone().unwrap();
    assert_eq!(result.end, TurnEnd::Played(Ending::Pigged));
    assert_eq!((result.points, result.lost), (0, 11));
    assert_eq!(game.current_player(), Some(ANN));
    // ann's score is untouched by ben's 1.
    assert_eq!(game.seats[0].total, 6);
}

#[test]
fn p3_reaching_the_target_banks_the_turn_and_wins_at_once() {
    let mut game = ann_ben(10);
    roll(&mut game, ANN, 6);
    assert!(!game.is_over());
    roll(&mut game, ANN, 4);
    assert!(game.is_over(), "no hold needed, no last round");
    assert_eq!(game.seats[0].total, 10);
    assert_eq!(game.phase, Phase::Finished { winners: vec![0] });
    assert_eq!(
        game.last_turn.as_ref().map(|r| r.end),
        Some(TurnEnd::Played(Ending::Won))
    );
    assert_eq!(
        act(
            &mut game,
            Action::Play {
                by: BEN,
                mv: Move::Roll
            },
            &[3]
        ),
        Err(forgetit::engine::table::RuleError::GameOver)
    );
}

#[test]
fn p3_the_target_is_100_unless_the_table_sets_one_from_10_to_1000() {
    assert_eq!(Settings::default().target, 100);
    for target in [10, 100, 1000] {
        assert!(
            Game::create(
                Settings {
                    target,
                    ..Default::default()
                },
                ANN,
                "ann"
            )
            .is_ok(),
            "{target}"
        );
    }
    for target in [0, 9, 1001] {
        assert_eq!(
            Game::create(
                Settings {
                    target,
                    ..Default::default()
                },
                ANN,
                "ann"
            )
            .err(),
            Some(forgetit::engine::table::RuleError::Game(
                GameError::BadTarget(target)
            )),
            "{target}"
        );
    }
}

#[test]
fn p4_a_turn_whose_deadline_passes_holds_and_timeouts_in_a_row_leave() {
    let mut game = ann_ben(100);
    roll(&mut game, ANN, 6);
    roll(&mut game, ANN, 5);
    act(&mut game, Action::TimeOut, &[]).unwrap();
    assert_eq!(game.seats[0].total, 11, "the turn total is held");
    assert_eq!(
        game.last_turn.as_ref().map(|r| r.end),
        Some(TurnEnd::TimedOut)
    );
    // ben lets three turns time out without rolling: each holds 0, and the third leaves him
    // out; ann, alone, wins.
    for n in 1..=TIMEOUTS_BEFORE_LEAVING {
        assert_eq!(game.current_player(), Some(BEN), "timeout {n}");
        act(&mut game, Action::TimeOut, &[]).unwrap();
        if n < TIMEOUTS_BEFORE_LEAVING {
            roll(&mut game, ANN, 2);
            hold(&mut game, ANN);
        }
    }
    assert_eq!(game.seats[1].total, 0);
    assert!(!game.seats[1].is_playing());
    assert_eq!(game.phase, Phase::Finished { winners: vec![0] });
}

#[test]
fn p4_leaving_on_turn_gives_up_the_turn_total() {
    let mut game = started(&[(ANN, "ann"), (BEN, "ben"), (CAT, "cat")], 100, &[6, 2, 1]);
    roll(&mut game, ANN, 6);
    act(&mut game, Action::Leave { player: ANN }, &[]).unwrap();
    assert_eq!(game.seats[0].total, 0);
    let result = game.last_turn.clone().unwrap();
    assert_eq!((result.end, result.lost), (TurnEnd::Left, 6));
    assert_eq!(game.current_player(), Some(BEN));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Random legal play (people's moves, timeouts) ends with one winner, who reached the target
    /// (or the last one playing), the only seat at the target (P3).
    #[test]
    fn p3_random_play_ends_with_one_winner_the_only_seat_at_the_target(
        seats in 2usize..=10,
        seed in any::<u64>(),
        target in 10u32..=60,
    ) {
        let mut dice = RandomDice::seeded(seed);
        let mut choices = RandomDice::seeded(seed ^ 0x5eed);
        let (mut game, _) = seated_and_started::<Pig>(Settings { target, ..Default::default() }, seats, &mut dice);
        let mut steps = 0;
        while !game.is_over() {
            let mut moves = players_moves(&game);
            if choices.roll(20) == 1 {
                moves = vec![Action::TimeOut];
            }
            let pick = moves[usize::from(choices.roll(moves.len() as u8)) - 1].clone();
            game.apply(pick, &mut dice).unwrap();
            steps += 1;
            prop_assert!(steps < 100_000);
        }
        let Phase::Finished { winners } = &game.phase else {
            return Err(TestCaseError::fail("not finished"));
        };
        prop_assert!(winners.len() <= 1);
        if let Some(&winner) = winners.first() {
            let reached = game.seats[winner].total >= target;
            let alone = game.seats.iter().filter(|s| s.is_playing()).count() == 1;
            prop_assert!(reached || alone);
        }
        for (i, seat) in game.seats.iter().enumerate() {
            if winners.first() != Some(&i) {
                prop_assert!(seat.total < target, "only the winner reached the target");
            }
        }
    }
}

/// The game stored: kept, replayed and counted for its own kind by the store, on both backends
/// (the store's own tests, `store.rs`, are the same for every game).
mod stored {
    use crate::common::db::{on_both_backends, Db};

    use forgetit::engine::{Player, Scope};
    use forgetit::store::Place;
    use forgetit::{ChannelId, GuildId, UserId};

    const ANN: Player = Player::Person(UserId::new(101));
    const BEN: Player = Player::Person(UserId::new(102));

    fn place(guild_id: u64, channel_id: u64) -> Place {
        Place::server(GuildId::new(guild_id), ChannelId::new(channel_id))
    }

    /// A game of the third kind, added without a migration (the kind is data): stored, replayed and
    /// counted for its own kind, its best turn its best.
    async fn a_pig_game_is_stored_replayed_and_counted_for_its_own_kind(db: Db) {
        use forgetit::games::pig;
        let store = db.open().await;
        let (mut game, created) = pig::Game::create(
            pig::Settings {
                target: 20,
                ..Default::default()
            },
            ANN,
            "ann",
        )
        .unwrap();
        let at = place(6, 60);
        let id = store.create_game(at, &game, &created).await.unwrap();
        assert_eq!(
            store.open_game_in(ChannelId::new(60)).await.unwrap(),
            Some((id, forgetit::games::pig::KIND.as_str().to_string()))
        );
        let mut dice = forgetit::engine::dice::ScriptedDice::new([6, 1, 5, 6, 2, 6, 6]);
        let mut step = |game: &mut pig::Game, action: pig::Action| {
            let event = game.decide(action, &mut dice).unwrap();
            let mut next = game.clone();
            next.evolve(&event);
            (next, event)
        };
        let join = pig::Action::Join {
            player: BEN,
            name: "ben".into(),
        };
        // ann 6, ben 1: ann first. ann rolls 5 and 6 and holds 11; ben rolls a 2 and holds; ann
        // rolls 6 and 6: 23, past the target (P3), her best turn 12.
        let roll = |by| pig::Action::Play {
            by,
            mv: pig::Move::Roll,
        };
        let hold = |by| pig::Action::Play {
            by,
            mv: pig::Move::Hold,
        };
        for action in [
            join,
            pig::Action::Start { by: ANN },
            roll(ANN),
            roll(ANN),
            hold(ANN),
            roll(BEN),
            hold(BEN),
            roll(ANN),
            roll(ANN),
        ] {
            let (next, event) = step(&mut game, action);
            store.commit(id, &next, &event, None).await.unwrap();
            game = next;
        }
        assert!(game.is_over());
        let loaded = store.load::<pig::Game>(id).await.unwrap();
        assert_eq!(loaded.game, game);
        let stats = store
            .player_stats(
                forgetit::games::pig::KIND,
                Scope::Guild(GuildId::new(6)),
                UserId::new(101),
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                stats.games,
                stats.wins,
                stats.points,
                stats.best,
                stats.feats,
                stats.turns
            ),
            (1, 1, 23, 12, 0, 2)
        );
        assert_eq!(
            store
                .player_stats(
                    forgetit::games::forgetit::KIND,
                    Scope::Guild(GuildId::new(6)),
                    UserId::new(101)
                )
                .await
                .unwrap(),
            None,
            "statistics are per game kind"
        );
    }

    on_both_backends!(a_pig_game_is_stored_replayed_and_counted_for_its_own_kind);
}
