//! Random legal play through the engine, for the property tests of every game: a table seated
//! the same way, and the moves its players may make.

use forgetit::engine::dice::DiceSource;
use forgetit::engine::table::{Action, Event, Game, Rules};
use forgetit::engine::Player;
use forgetit::UserId;

/// A lobby of `seats` seats: `p0` hosting, then `p1`, `p2`, …, every third a bot seat (`p2`,
/// `p5`, `p8`); the game and its log.
#[allow(clippy::type_complexity)]
pub fn seated<R: Rules>(
    settings: R::Settings,
    seats: usize,
    dice: &mut impl DiceSource,
) -> (Game<R>, Vec<Event<R::Settings, R::Event>>) {
    let (mut game, created) =
        Game::<R>::create(settings, Player::Person(UserId::new(0)), "p0").unwrap();
    let mut log = vec![created];
    for i in 1..seats {
        let player = if i % 3 == 2 {
            Player::Bot(i as u8)
        } else {
            Player::Person(UserId::new(i as u64))
        };
        let name = format!("p{i}");
        log.push(game.apply(Action::Join { player, name }, dice).unwrap());
    }
    (game, log)
}

/// [`seated`], and started by its host; the game and its log.
#[allow(clippy::type_complexity)]
pub fn seated_and_started<R: Rules>(
    settings: R::Settings,
    seats: usize,
    dice: &mut impl DiceSource,
) -> (Game<R>, Vec<Event<R::Settings, R::Event>>) {
    let (mut game, mut log) = seated::<R>(settings, seats, dice);
    let start = Action::Start {
        by: Player::Person(UserId::new(0)),
    };
    log.push(game.apply(start, dice).unwrap());
    (game, log)
}

/// What the players may do now: the legal actions but the clock's and Cancel. A running game
/// always has one.
pub fn players_moves<R: Rules>(game: &Game<R>) -> Vec<Action<R::Move>> {
    let legal: Vec<Action<R::Move>> = game
        .legal_actions()
        .into_iter()
        .filter(|a| !matches!(a, Action::TimeOut | Action::Cancel))
        .collect();
    assert!(
        !legal.is_empty(),
        "a running game always has a move: {:?}",
        game.phase
    );
    legal
}

/// Now and then what the clock or a player does beside the moves, while a turn is in progress: 3
/// times in 100 the turn times out, once in 100 a seat picked at random leaves (if it still
/// plays). `None`: the move picked stands.
pub fn chaos<R: Rules>(game: &Game<R>, choices: &mut impl DiceSource) -> Option<Action<R::Move>> {
    game.turn().ok()?;
    match choices.roll(100) {
        1..=3 => Some(Action::TimeOut),
        4 => {
            let seat = &game.seats[usize::from(choices.roll(game.seats.len() as u8)) - 1];
            seat.is_playing().then_some(Action::Leave {
                player: seat.player,
            })
        }
        _ => None,
    }
}
