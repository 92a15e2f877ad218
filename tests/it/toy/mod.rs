//! The toy game, *Columns* ([`game`]): a game that implements only what the `Game` traits require
//! (`Rules` and `Hosted` without any of their defaults overridden but the required ones), kept in
//! the tests and offered to a test's bot beside its own games. That it plays to its end through
//! the stand-in checks "Adding a game" in docs/architecture.md: a game is its folder, its texts,
//! its tests and one line in a list of games (here [`games`], the `Games` a test's bot offers,
//! since the toy is not the bot's).

pub(crate) mod game;

use crate::common::*;

use forgetit::discord::BotGame;
use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::table::{Action, Game, Phase, Rules};
use forgetit::engine::{GameKind, Player};
use forgetit::host::Hosted;
use forgetit::host::{Entry, Games};
use forgetit::i18n::Lang;
use forgetit::UserId;
use serde_json::json;

use game::{Columns, Move};

/// The toy game, as a value a bot can be handed.
static COLUMNS: &dyn BotGame = &Entry::<Columns>::NEW;

/// The bot's own games and the toy, after them: what a test's bot offers when it offers the toy,
/// and what the tests over every game go over.
pub(crate) fn games() -> Games<dyn BotGame> {
    static GAMES: std::sync::OnceLock<Games<dyn BotGame>> = std::sync::OnceLock::new();
    *GAMES.get_or_init(|| {
        forgetit::discord::built_in()
            .with(&[COLUMNS])
            .expect("the toy game's names are its own")
    })
}

/// The toy game's kind, its texts read by the views (through [`games`]).
pub(crate) fn columns() -> GameKind {
    games();
    Columns::KIND
}

#[test]
fn the_toy_game_is_offered_beside_the_bots_games_not_among_them() {
    let games = games();
    let kind = columns();
    assert_eq!(games.parse("columns"), Some(kind));
    assert_eq!(games.from_code("col"), Some(kind));
    assert_eq!(games.from_command("columns"), Some(kind));
    assert_eq!(games.kinds().last(), Some(&kind));
    assert_eq!(games.commands().last(), Some(&"columns"));
    assert!(
        forgetit::discord::built_in().game(kind).is_none(),
        "the bot's own games only"
    );
    // Offering it again is offering it once.
    assert_eq!(games.with(&[COLUMNS]).unwrap().kinds(), games.kinds());
    // A game whose names are another's is refused.
    let twice = Box::leak(Box::new([COLUMNS, COLUMNS]));
    assert!(Games::new(twice).is_err());
    // What it lacks is the defaults': no target, no review, no solver, one policy.
    let game = games.game(kind).unwrap();
    assert_eq!(game.target(), None);
    assert!(!game.reviews());
    assert_eq!(game.policies(), "optimal");
    assert!(game.solve(&Default::default(), &|_, _| {}).is_err());
    // `forgetit sim` with no seats given plays its own: two bot seats, its only policy.
    let config = forgetit::host::sim::SimConfig {
        game: kind,
        seats: Vec::new(),
        games: 20,
        seed: 1,
        target: None,
    };
    let report = game.sim(&config, None, &|_| {}).unwrap();
    let policies: Vec<&str> = report.seats.iter().map(|s| s.policy.as_str()).collect();
    assert_eq!(policies, ["optimal", "optimal"]);
}

/// Two people play Columns to its end: three turns each, a die in each column; the end names the
/// winner and offers a Rematch but no Review (the game has none).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_toy_game_plays_to_its_end_through_the_standin() {
    columns();
    let world = World::new().await;
    let bot = world.start_bot_offering(world.config(), games()).await;
    let (alice, bob) = (world.alice, world.bob);

    // Its lobby and its start are the shared ones: its about line, the shared waiting line, and
    // once started the playing order in seating order.
    let lobby = world.command(alice, "columns", "start", json!({})).await;
    let text = lobby.text();
    assert!(text.contains("🎲 Columns · new table"), "{text}");
    assert!(text.contains("Three columns each"), "{text}");
    assert!(
        text.contains("Waiting for 1 more player to start."),
        "{text}"
    );
    world.click(bob, &lobby, "Join").await;
    let started = world.click(alice, &lobby, "Start").await;
    let text = started.text();
    assert!(
        text.contains("The game of **Columns** has started!"),
        "{text}"
    );
    assert!(
        text.contains("1. alice") && text.contains("2. bob"),
        "{text}"
    );

    // alice: 6, 5, 4 in columns 1, 2, 3 (6 + 10 + 12 = 28); bob: 1, 2, 3 (1 + 4 + 9 = 14).
    for (column, (a, b)) in [(1, (6, 1)), (2, (5, 2)), (3, (4, 3))] {
        for (user, die) in [(alice, a), (bob, b)] {
            let turn = world.turn_of(user).await;
            assert!(
                labels(&turn).contains(&format!("Column {column}")),
                "{}",
                turn.text()
            );
            world.dice.push([die]);
            let placed = world.click(user, &turn, &format!("Column {column}")).await;
            assert!(placed.buttons().is_empty(), "an ended turn has no buttons");
        }
    }

    let over = world
        .standin
        .wait_for_message(world.channel, |m| m.button_labels() == ["Rematch"])
        .await
        .unwrap();
    let text = over.text();
    assert!(text.contains("wins **Columns**"), "{text}");
    assert!(
        text.contains("6 5 4 = 28") && text.contains("1 2 3 = 14"),
        "{text}"
    );
    bot.shutdown().await;
}

/// A tie the game breaks (Columns': the higher die in the last column) has one winner: the end
/// ranks the seats apart (🥇 then 🥈, one 🏆) and so do their places, as stored.
#[test]
fn a_tie_the_game_breaks_has_one_winner_and_ranks_the_seats_apart() {
    columns();
    let (alice, bob) = (
        Player::Person(UserId::new(1)),
        Player::Person(UserId::new(2)),
    );
    let mut dice = ScriptedDice::new([]);
    let (mut game, _) = Game::<Columns>::create(Default::default(), alice, "alice").unwrap();
    let join = Action::Join {
        player: bob,
        name: "bob".into(),
    };
    game.apply(join, &mut dice).unwrap();
    game.apply(Action::Start { by: alice }, &mut dice).unwrap();
    // alice 1, 2, 3 (1 + 4 + 9 = 14); bob 2, 3, 2 (2 + 6 + 6 = 14): equal totals, alice's last
    // column higher.
    for (column, (a, b)) in [(0, (1, 2)), (1, (2, 3)), (2, (3, 2))] {
        for (by, die) in [(alice, a), (bob, b)] {
            dice.push([die]);
            let play = Action::Play {
                by,
                mv: Move(column),
            };
            game.apply(play, &mut dice).unwrap();
        }
    }
    assert_eq!((game.total(0), game.total(1)), (14, 14));
    assert_eq!(game.phase, Phase::Finished { winners: vec![0] });
    assert_eq!(game.places(), [1, 2]);
    let over = Columns::over_view(&game, Lang::EnUs);
    let text = crate::common::render::discord_json(&over).to_string();
    assert!(text.contains("🥇 alice · **14** 🏆"), "{text}");
    assert!(text.contains("🥈 bob · **14**"), "{text}");
    assert_eq!(text.matches('🥇').count(), 1, "{text}");
    assert!(text.contains("**alice** wins with **14** points"), "{text}");
    // Its scores are the shared ones: the seats as its rules rank them.
    let scores = Columns::scores_view(&game, Lang::EnUs);
    assert_eq!(scores.content, "🥇 alice · **14**\n🥈 bob · **14**");
}
