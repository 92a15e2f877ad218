//! What every game must do, written once and run for every game a test's bot may offer: the
//! bot's and the tests' toy game, *Columns* (`crate::toy::games`). Each property is a generic
//! function over `R: Hosted`; [`every_game!`] makes it one test per game
//! (`every_game::<property>::<game>`), and `the_games_tested_here_are_the_bots_and_the_toy` fails
//! for a game added to the bot's list and not here.
//!
//! The table's part of every game (docs/RULES.md: F2, G1 and P1's seats, and P4, "what every game
//! shares"): the lobby (joining, leaving, the host passing on, too many seats, too few to start),
//! leaving mid-game, turns timing out, cancelling, and the log (random legal play ends and
//! replays exactly, also through JSON and from any point; a tampered log is refused). The views
//! every game shows: the lobby, a bot seat's turn, a cancelled and a finished game's end, the
//! rules and the table's refusals, and every message of random games of ten long names within
//! Discord's limits (and, drawn with application emoji, on a phone). A game's own rules and its
//! own views' snapshots are in its own files (`engine_<game>.rs`, `render_<game>.rs`).

use std::fmt::Debug;

use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::engine::table::{
    Action, Event, Game, Phase, ReplayError, RuleError, Rules, TableEvent, Turn,
    TIMEOUTS_BEFORE_LEAVING,
};
use forgetit::engine::{GameKind, Intent, Player};
use forgetit::host::Hosted;
use forgetit::i18n::Lang;
use forgetit::render::dice::Pieces;
use forgetit::render::notice::{error, refusal};
use forgetit::render::seat::mention;
use forgetit::render::{DiceStyle, MessageView, UiAction};
use forgetit::UserId;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::common::engine::{players_moves, seated, seated_and_started};
use crate::common::render::{
    application_style, assert_fits_a_phone, assert_within_limits, button, buttons, ten_long_names,
};

const EN: Lang = Lang::EnUs;
const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const CAT: Player = Player::Person(UserId::new(3));
const BOT: Player = Player::Bot(1);

type Log<R> = Vec<Event<<R as Rules>::Settings, <R as Rules>::Event>>;

// --- Every game ---------------------------------------------------------------------------------

/// The games tested here: the bot's, then the toy.
fn tested() -> Vec<GameKind> {
    vec![
        forgetit::games::forgetit::KIND,
        forgetit::games::getdickey::KIND,
        forgetit::games::pig::KIND,
        crate::toy::columns(),
    ]
}

/// One test per game of each property named: `mod <property>` with a test per game, each
/// registering the toy first (its texts and its kind are known once it is). A game's snapshots of
/// the moments every game shares kept the names they had in its own file (`render_<game>`).
macro_rules! every_game {
    ($($property:ident),* $(,)?) => {
        $(
            mod $property {
                #[test]
                fn for_get_it() {
                    super::$property::<forgetit::games::forgetit::ForGetIt>(Some("render_forgetit"))
                }
                #[test]
                fn get_dickey() {
                    super::$property::<forgetit::games::getdickey::GetDickey>(Some(
                        "render_getdickey",
                    ))
                }
                #[test]
                fn pig() {
                    super::$property::<forgetit::games::pig::Pig>(None)
                }
                #[test]
                fn columns() {
                    crate::toy::columns();
                    super::$property::<crate::toy::game::Columns>(None)
                }
            }
        )*
    };
}

every_game!(
    random_play_ends_and_replays_exactly,
    a_tampered_log_is_refused,
    the_lobby_seats_between_the_fewest_and_the_most_and_the_host_passes_on,
    leaving_mid_game_skips_the_seat_and_the_game_goes_on_or_ends,
    turns_timing_out_three_times_in_a_row_leave,
    a_cancelled_game_refuses_everything,
    the_lobby_shows_its_seats_and_its_buttons,
    a_bot_seats_turn_has_no_buttons,
    a_cancelled_game_ends_without_buttons,
    a_finished_game_ends_with_its_winners_and_rematch,
    the_rules_and_the_tables_refusals_read_well,
    every_message_of_ten_long_names_keeps_discords_limits,
);

/// Every game the bot offers is tested here, and the toy beside them: a game added to the bot's
/// list fails this until it has its line in [`every_game!`] and [`tested`].
#[test]
fn the_games_tested_here_are_the_bots_and_the_toy() {
    assert_eq!(tested(), crate::toy::games().kinds());
}

/// Runs `test` on `cases` values of `strategy` (a proptest property inside a generic function).
fn check<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: Debug,
{
    let mut runner = TestRunner::new(Config::with_cases(cases));
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}");
    }
}

// --- Random play ---------------------------------------------------------------------------------

/// A table's settings: its default, or (for a game with a target) a target `pick` picks between
/// its lowest and 200 above it, so that a game ends soon.
fn settings<R: Hosted>(pick: Option<u32>) -> R::Settings {
    match (R::TARGET, pick) {
        (Some(target), Some(pick)) => {
            let span = (target.max - target.min).min(200) + 1;
            R::settings(Some(target.min + pick % span), target.default)
        }
        _ => R::Settings::default(),
    }
}

/// A game of `R` and its log, played from `seats` seats (`seated`: every third a bot seat) to its
/// end by random legal moves with random dice; with `chaos`, now and then a turn times out or a
/// seat leaves. Checks the table's invariants after every event ([`check_step`]) and returns the
/// game as it was after every event too.
fn random_game<R: Hosted>(
    seats: usize,
    settings: R::Settings,
    seed: u64,
    chaos: bool,
) -> (Game<R>, Log<R>, Vec<Game<R>>) {
    let mut dice = RandomDice::seeded(seed);
    let mut choices = RandomDice::seeded(seed ^ 0x5eed);
    let (mut game, mut log) = seated::<R>(settings, seats, &mut dice);
    let mut states: Vec<Game<R>> = Vec::new();
    let mut start = Some(Action::Start {
        by: Player::Person(UserId::new(0)),
    });
    while !game.is_over() {
        assert!(log.len() < 100_000, "the game should end");
        let action = match start.take() {
            Some(start) => start,
            None => {
                let moves = players_moves(&game);
                let random = moves[usize::from(choices.roll(moves.len() as u8)) - 1].clone();
                let chaos = if chaos {
                    crate::common::engine::chaos(&game, &mut choices)
                } else {
                    None
                };
                chaos.unwrap_or(random)
            }
        };
        let before = game.clone();
        let event = game
            .apply(action.clone(), &mut dice)
            .unwrap_or_else(|e| panic!("{action:?} refused: {e:?}"));
        check_step(&before, &action, &game);
        states.push(game.clone());
        log.push(event);
    }
    (game, log, states)
}

/// The table's invariants over one event: the version counts it; the seat on turn still plays; a
/// timed-out turn is counted and the third in a row leaves the game; a seat that left is never on
/// turn again, and the game ends once too few seats play on.
fn check_step<R: Hosted>(before: &Game<R>, action: &Action<R::Move>, after: &Game<R>) {
    assert_eq!(after.version, before.version + 1);
    if let Ok(turn) = after.turn() {
        assert!(after.seats[turn.seat()].is_playing(), "{action:?}");
    }
    for (seat, was) in after.seats.iter().zip(&before.seats) {
        assert!(
            seat.is_playing()
                || !was.is_playing()
                || matches!(action, Action::Leave { .. } | Action::TimeOut)
        );
        assert!(
            was.is_playing() || !seat.is_playing(),
            "a seat that left stays out"
        );
        assert!(seat.timeouts_in_a_row < TIMEOUTS_BEFORE_LEAVING || !seat.is_playing());
    }
    match action {
        Action::TimeOut => {
            let turn = before.turn().unwrap();
            let (was, seat) = (&before.seats[turn.seat()], &after.seats[turn.seat()]);
            assert_eq!(seat.timeouts_in_a_row, was.timeouts_in_a_row + 1);
            assert_eq!(
                seat.is_playing(),
                seat.timeouts_in_a_row < TIMEOUTS_BEFORE_LEAVING
            );
            assert!(
                after.turn().map(|t| t.number()).ok() != Some(turn.number()),
                "a turn that times out ends"
            );
        }
        Action::Leave { player } => {
            let seat = after.seat_of(*player).unwrap();
            assert!(!after.seats[seat].is_playing());
            assert_ne!(after.current_player(), Some(*player));
            if after.playing() < R::min_seats(&after.settings) {
                assert!(after.is_over(), "too few seats play on");
            }
        }
        _ => {}
    }
}

/// A finished game's winners are the seats still playing that no seat still playing is ahead of
/// (by the game's [`Rules::compare`]: the highest total, unless the game breaks ties); they take
/// first place.
fn check_end<R: Hosted>(game: &Game<R>) {
    let Phase::Finished { winners } = &game.phase else {
        panic!("not finished: {:?}", game.phase)
    };
    let playing: Vec<usize> = (0..game.seats.len())
        .filter(|&i| game.seats[i].is_playing())
        .collect();
    let ahead: Vec<usize> = playing
        .iter()
        .copied()
        .filter(|&i| playing.iter().all(|&j| R::compare(game, j, i).is_le()))
        .collect();
    assert_eq!(winners, &ahead, "{:?}", game.seats);
    let places = game.places();
    assert_eq!(places.len(), game.seats.len());
    for &w in winners {
        assert_eq!(places[w], 1);
    }
}

/// Random legal play (people's moves, bot seats' too, and with chaos turns timing out and seats
/// leaving) ends, its winners the seats ahead, and its log rebuilds it exactly: whole, through
/// JSON, and cut after any event, the game as it was then.
fn random_play_ends_and_replays_exactly<R: Hosted>(_: Option<&str>) {
    let seats = R::MIN_SEATS..=R::MAX_SEATS;
    let target = prop_oneof![Just(None), any::<u32>().prop_map(Some)];
    let strategy = (seats, target, any::<u64>(), any::<bool>());
    check(48, strategy, |(seats, target, seed, chaos)| {
        let (game, log, states) = random_game::<R>(seats, settings::<R>(target), seed, chaos);
        check_end(&game);
        prop_assert_eq!(Game::<R>::replay(&log), Ok(game));
        let json = serde_json::to_string(&log).unwrap();
        let back: Log<R> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &log, "events survive serialization");
        // Cut after a random event (seats' events first), it is the game as it was then.
        let cut = seats + (seed as usize % (log.len() - seats));
        let state = &states[cut - seats];
        prop_assert_eq!(Game::<R>::replay(&log[..=cut]), Ok(state.clone()));
        Ok(())
    });
}

/// A log changed by hand is refused where it stops making sense: empty, without its `created`,
/// with a second `created`, a seat joining after the start, someone never seated leaving, the
/// start taken out, or anything after the end.
fn a_tampered_log_is_refused<R: Hosted>(_: Option<&str>) {
    for seed in 0..8 {
        let seats = R::MIN_SEATS.max(2).min(R::MAX_SEATS);
        let (game, log, _) = random_game::<R>(seats, settings::<R>(Some(0)), seed, false);
        assert_eq!(Game::<R>::replay(&log), Ok(game.clone()));
        assert_eq!(Game::<R>::replay(&[]), Err(ReplayError::Empty));
        assert_eq!(Game::<R>::replay(&log[1..]), Err(ReplayError::NotCreated));
        let start = seats;
        assert!(matches!(log[start], Event::Game(_)), "the start");
        let at = |index: usize, event: Event<R::Settings, R::Event>| {
            let mut tampered = log.clone();
            tampered.insert(index, event);
            Game::<R>::replay(&tampered)
        };
        let index = 1 + seed as usize % (log.len() - 1);
        assert_eq!(
            at(index, log[0].clone()),
            Err(ReplayError::Mismatch { index }),
            "a second created"
        );
        let index = start + 1 + seed as usize % (log.len() - start);
        let joined = Event::Table(TableEvent::Joined {
            player: Player::Person(UserId::new(99)),
            name: "late".into(),
        });
        assert!(
            matches!(at(index, joined), Err(ReplayError::Illegal { index: i, error: RuleError::AlreadyStarted | RuleError::GameOver }) if i == index),
            "a join after the start"
        );
        let left = Event::Table(TableEvent::Left {
            player: Player::Person(UserId::new(99)),
        });
        let index = 1 + seed as usize % (log.len() - 1);
        assert!(
            matches!(at(index, left), Err(ReplayError::Illegal { index: i, error: RuleError::NotSeated | RuleError::GameOver }) if i == index),
            "someone never seated leaving"
        );
        let mut without_start = log.clone();
        without_start.remove(start);
        assert!(
            matches!(
                Game::<R>::replay(&without_start),
                Err(ReplayError::Mismatch { index } | ReplayError::Illegal { index, .. }) if index == start
            ),
            "the start taken out"
        );
        let end = log.len();
        assert_eq!(
            at(end, Event::Table(TableEvent::Cancelled)),
            Err(ReplayError::Illegal {
                index: end,
                error: RuleError::GameOver
            })
        );
    }
}

// --- The table -----------------------------------------------------------------------------------

fn decide<R: Rules>(game: &Game<R>, action: Action<R::Move>) -> Result<(), RuleError<R::Error>> {
    game.decide(action, &mut RandomDice::seeded(0)).map(|_| ())
}

fn apply<R: Rules>(game: &mut Game<R>, action: Action<R::Move>) {
    game.apply(action.clone(), &mut RandomDice::seeded(0))
        .unwrap_or_else(|e| panic!("{action:?} refused: {e:?}"));
}

fn join<R: Rules>(player: Player, name: &str) -> Action<R::Move> {
    Action::Join {
        player,
        name: name.into(),
    }
}

/// The lobby (F2, G1, P1: a table's seats; P4): a seat needs a name and is taken once; nothing is
/// played before the start; the host alone starts, with at least the game's fewest seats; a table
/// takes the game's most and no more; a host who leaves passes the table on to the next person,
/// not a bot seat, and a lobby left to bot seats closes.
fn the_lobby_seats_between_the_fewest_and_the_most_and_the_host_passes_on<R: Hosted>(
    _: Option<&str>,
) {
    assert_eq!(
        Game::<R>::create(R::Settings::default(), ANN, "   ").err(),
        Some(RuleError::EmptyName)
    );
    let (mut game, _) = Game::<R>::create(R::Settings::default(), ANN, "ann").unwrap();
    assert_eq!(decide(&game, Action::TimeOut), Err(RuleError::NotStarted));
    assert_eq!(
        decide(&game, join::<R>(BEN, " ")),
        Err(RuleError::EmptyName)
    );
    assert_eq!(
        decide(&game, join::<R>(ANN, "ann")),
        Err(RuleError::AlreadySeated)
    );
    let mut n = 1;
    while game.seats.len() < R::MAX_SEATS {
        let can_start = game.seats.len() >= R::min_seats(&game.settings);
        assert_eq!(
            game.legal_actions().contains(&Action::Start { by: ANN }),
            can_start
        );
        if !can_start {
            assert_eq!(
                decide(&game, Action::Start { by: ANN }),
                Err(RuleError::TooFewPlayers { min: R::MIN_SEATS })
            );
        }
        n += 1;
        let player = match n {
            2 => BOT,
            3 => BEN,
            _ => Player::Person(UserId::new(n)),
        };
        apply(&mut game, join::<R>(player, &format!("p{n}")));
    }
    assert_eq!(
        decide(&game, join::<R>(Player::Bot(9), "one too many")),
        Err(RuleError::TableFull { max: R::MAX_SEATS })
    );
    assert_eq!(
        decide(&game, Action::Start { by: BOT }),
        Err(RuleError::NotHost)
    );
    assert_eq!(
        decide(&game, Action::Leave { player: CAT }),
        Err(RuleError::NotSeated),
        "{:?}",
        game.seats
    );
    // The host leaves: the next person hosts, or, with bot seats alone left, the table closes.
    apply(&mut game, Action::Leave { player: ANN });
    assert_eq!(game.seats.len(), R::MAX_SEATS - 1);
    if game.seat_of(BEN).is_some() {
        assert_eq!(game.host, BEN, "the next person, not the bot seat");
        apply(&mut game, join::<R>(ANN, "ann"));
        if R::MAX_SEATS == 3 {
            apply(&mut game, Action::Leave { player: BEN });
            assert_eq!(game.host, ANN);
        }
        assert_eq!(
            decide(&game, Action::Start { by: BEN }).is_ok(),
            game.host == BEN
        );
        let host = game.host;
        apply(&mut game, Action::Start { by: host });
        assert_eq!(
            decide(&game, join::<R>(CAT, "cat")),
            Err(RuleError::AlreadyStarted)
        );
    } else {
        assert_eq!(game.phase, Phase::Cancelled, "only a bot seat is left");
    }
}

/// Leaving mid-game (P4): the seat is skipped from then on, may neither leave again nor play, and
/// the game goes on while enough seats play; the last seat playing wins (at once where the game
/// needs two, at the end where it may be played alone).
fn leaving_mid_game_skips_the_seat_and_the_game_goes_on_or_ends<R: Hosted>(_: Option<&str>) {
    for seed in 0..8 {
        let players = [ANN, BEN, CAT];
        let players = &players[..R::MAX_SEATS.min(3)];
        let (mut game, _) = Game::<R>::create(R::Settings::default(), ANN, "ann").unwrap();
        for (i, &player) in players.iter().enumerate().skip(1) {
            apply(&mut game, join::<R>(player, &format!("p{i}")));
        }
        let mut dice = RandomDice::seeded(seed);
        game.apply(Action::Start { by: ANN }, &mut dice).unwrap();
        let mut choices = RandomDice::seeded(seed ^ 0x5eed);
        let mut random_moves = |game: &mut Game<R>, n: u64| {
            for _ in 0..n {
                if game.is_over() {
                    return;
                }
                let moves = players_moves(game);
                let pick = moves[usize::from(choices.roll(moves.len() as u8)) - 1].clone();
                game.apply(pick, &mut dice).unwrap();
            }
        };
        random_moves(&mut game, seed * 3);
        if game.is_over() {
            continue;
        }
        // The player on turn leaves.
        let leaver = game.current_player().unwrap();
        apply(&mut game, Action::Leave { player: leaver });
        let seat = game.seat_of(leaver).unwrap();
        assert!(!game.seats[seat].is_playing());
        assert_eq!(
            decide(&game, Action::Leave { player: leaver }),
            Err(if game.is_over() {
                RuleError::GameOver
            } else {
                RuleError::NotSeated
            })
        );
        let enough = game.playing() >= R::min_seats(&game.settings);
        assert_eq!(game.is_over(), !enough, "{:?}", game.phase);
        if let Ok(turn) = game.turn() {
            assert_ne!(turn.seat(), seat, "skipped");
            let mv = players_moves(&game)
                .into_iter()
                .find_map(|a| match a {
                    Action::Play { mv, .. } => Some(mv),
                    _ => None,
                })
                .unwrap();
            assert_eq!(
                decide(&game, Action::Play { by: leaver, mv }),
                Err(RuleError::NotSeated)
            );
        }
        // Then every other seat but one leaves, off turn where it can.
        while game.playing() > 1 && !game.is_over() {
            let on_turn = game.current_player();
            let off = game
                .seats
                .iter()
                .filter(|s| s.is_playing())
                .map(|s| s.player)
                .find(|&p| Some(p) != on_turn)
                .unwrap();
            apply(&mut game, Action::Leave { player: off });
            random_moves(&mut game, 2);
        }
        let last = game.seats.iter().position(|s| s.is_playing());
        while !game.is_over() {
            random_moves(&mut game, 1);
        }
        check_end(&game);
        if game.playing() == 1 {
            let Phase::Finished { winners } = &game.phase else {
                unreachable!()
            };
            assert_eq!(
                winners.as_slice(),
                last.as_slice(),
                "the last seat playing wins"
            );
        }
    }
}

/// Turns that time out (P4): each counts, and the third in a row leaves the game; a table whose
/// every turn times out ends.
fn turns_timing_out_three_times_in_a_row_leave<R: Hosted>(_: Option<&str>) {
    for seats in R::MIN_SEATS..=R::MAX_SEATS.min(3) {
        let mut dice = RandomDice::seeded(seats as u64);
        let (mut game, _) = seated_and_started::<R>(R::Settings::default(), seats, &mut dice);
        let mut turns = 0;
        while !game.is_over() {
            turns += 1;
            assert!(
                turns <= seats * TIMEOUTS_BEFORE_LEAVING as usize,
                "the game should end"
            );
            let before = game.clone();
            game.apply(Action::TimeOut, &mut dice).unwrap();
            check_step(&before, &Action::TimeOut, &game);
        }
        check_end(&game);
        // Every seat that timed out three times left.
        for seat in &game.seats {
            assert_eq!(
                seat.is_playing(),
                seat.timeouts_in_a_row < TIMEOUTS_BEFORE_LEAVING
            );
        }
    }
}

/// Cancelling (P4), in the lobby or mid-game: the game is over and refuses every action after.
fn a_cancelled_game_refuses_everything<R: Hosted>(_: Option<&str>) {
    for moves in [None, Some(0), Some(5)] {
        let (mut game, _) = Game::<R>::create(R::Settings::default(), ANN, "ann").unwrap();
        apply(&mut game, join::<R>(BEN, "ben"));
        let mut dice = RandomDice::seeded(7);
        let mut legal = Vec::new();
        if let Some(moves) = moves {
            game.apply(Action::Start { by: ANN }, &mut dice).unwrap();
            for _ in 0..moves {
                if !game.is_over() {
                    let first = players_moves(&game).remove(0);
                    game.apply(first, &mut dice).unwrap();
                }
            }
            if game.is_over() {
                continue;
            }
            legal = players_moves(&game);
        }
        apply(&mut game, Action::Cancel);
        assert_eq!(game.phase, Phase::Cancelled);
        assert!(game.legal_actions().is_empty());
        legal.extend([
            Action::Cancel,
            Action::TimeOut,
            Action::Start { by: ANN },
            Action::Leave { player: ANN },
            join::<R>(CAT, "cat"),
        ]);
        for action in legal {
            assert_eq!(
                decide(&game, action.clone()),
                Err(RuleError::GameOver),
                "{action:?}"
            );
        }
    }
}

// --- The views -----------------------------------------------------------------------------------

/// Checks the limits, then, for a game whose own file had this snapshot (`module`: its
/// `render_<game>`), the snapshot under the name it had there.
fn snap(module: Option<&str>, name: &str, view: &MessageView) {
    assert_within_limits(view);
    if let Some(module) = module {
        let mut settings = insta::Settings::clone_current();
        settings.set_prepend_module_to_snapshot(false);
        settings
            .bind(|| insta::assert_snapshot!(format!("it__{module}__{name}"), view.to_string()));
    }
}

/// The game's name, from its own texts.
fn name<R: Hosted>(lang: Lang) -> String {
    lang.t(&format!("game-{}", R::NAMES.command))
}

/// A table of `players`, not started.
fn table<R: Hosted>(settings: R::Settings, players: &[(Player, &str)]) -> Game<R> {
    let (host, name) = players[0];
    let (mut game, _) = Game::<R>::create(settings, host, name).unwrap();
    for &(player, name) in &players[1..] {
        apply(&mut game, join::<R>(player, name));
    }
    game
}

/// The lobby (F2, G1, P1): Join, Leave, Add bot, Start (once the game's fewest seats are taken)
/// and Cancel; a full table (played to 1,000 where the game has a target) disables Join and Add
/// bot; a cancelled table and a started game's lobby have none.
fn the_lobby_shows_its_seats_and_its_buttons<R: Hosted>(module: Option<&str>) {
    let mut game = table::<R>(R::Settings::default(), &[(ANN, "Ann")]);
    for lang in Lang::ALL {
        assert_within_limits(&R::lobby_view(&game, lang));
    }
    while game.seats.len() < R::MAX_SEATS {
        let view = R::lobby_view(&game, EN);
        assert!(view.embeds[0].title.contains(&name::<R>(EN)), "{view}");
        assert_eq!(
            buttons(&view),
            [
                button("Join", "join", false),
                button("Leave", "leave", false),
                button("Add bot", "bot", false),
                button("Start", "start", game.seats.len() < R::MIN_SEATS),
                button("Cancel", "cancel", false),
            ]
        );
        let n = game.seats.len() as u8;
        apply(&mut game, join::<R>(Player::Bot(n), &format!("Bot {n}")));
    }
    let names: Vec<(Player, String)> = (1..=R::MAX_SEATS as u64)
        .map(|id| (Player::Person(UserId::new(id)), format!("Player {id}")))
        .collect();
    let players: Vec<(Player, &str)> = names.iter().map(|(p, n)| (*p, n.as_str())).collect();
    let full = table::<R>(R::settings(Some(1000), 1000), &players);
    let view = R::lobby_view(&full, EN);
    snap(module, "lobby_full", &view);
    let disabled: Vec<String> = view
        .buttons()
        .filter(|b| b.disabled)
        .map(|b| b.label.clone())
        .collect();
    assert_eq!(disabled, ["Join", "Add bot"]);

    let mut game = table::<R>(R::Settings::default(), &[(ANN, "Ann"), (BEN, "Ben")]);
    apply(&mut game, Action::Start { by: ANN });
    for lang in Lang::ALL {
        let view = R::lobby_view(&game, lang);
        assert_within_limits(&view);
        assert!(view.rows.is_empty(), "{view}");
    }
    let mut game = table::<R>(R::Settings::default(), &[(ANN, "Ann"), (BEN, "Ben")]);
    apply(&mut game, Action::Cancel);
    let view = R::lobby_view(&game, EN);
    snap(module, "lobby_cancelled", &view);
    assert!(view.rows.is_empty());
}

/// Plays `game` on by the first of its players' moves until `until` says stop (or it ends).
fn play_until<R: Hosted>(game: &mut Game<R>, until: impl Fn(&Game<R>) -> bool) {
    let mut dice = RandomDice::seeded(3);
    let mut steps = 0;
    while !game.is_over() && !until(game) {
        steps += 1;
        assert!(steps < 10_000);
        let mut moves = players_moves(game);
        // The last move listed: a Bank, a Hold or a box to score, where there is one.
        let pick = moves.pop().unwrap();
        game.apply(pick, &mut dice).unwrap();
    }
}

/// A bot seat's turn names the bot and has nothing to click, in either language.
fn a_bot_seats_turn_has_no_buttons<R: Hosted>(_: Option<&str>) {
    let mut game = table::<R>(R::Settings::default(), &[(BOT, "Bot 1"), (ANN, "Ann")]);
    apply(&mut game, Action::Start { by: BOT });
    play_until(&mut game, |game| game.current_player() == Some(BOT));
    assert_eq!(game.current_player(), Some(BOT));
    for lang in Lang::ALL {
        let view = R::turn_view(&game, &DiceStyle::default(), lang);
        assert_within_limits(&view);
        assert!(view.rows.is_empty(), "{view}");
        assert!(view.to_string().contains("Bot 1"), "{view}");
    }
}

/// A game cancelled mid-game ends without buttons, and its lobby message stays as it was once the
/// game began.
fn a_cancelled_game_ends_without_buttons<R: Hosted>(_: Option<&str>) {
    let mut game = table::<R>(R::Settings::default(), &[(ANN, "Ann"), (BEN, "Ben")]);
    apply(&mut game, Action::Start { by: ANN });
    let first = game.current_player();
    play_until(&mut game, |game| game.current_player() != first);
    let lobby = R::lobby_view(&game, EN);
    apply(&mut game, Action::Cancel);
    for lang in Lang::ALL {
        let view = R::over_view(&game, lang);
        assert_within_limits(&view);
        assert!(view.rows.is_empty(), "{view}");
    }
    assert_eq!(R::lobby_view(&game, EN), lobby);
}

/// A finished game's end names its winner and the game, with Rematch (and Review for a game that
/// reviews); the turn message of a finished game shows the same end.
fn a_finished_game_ends_with_its_winners_and_rematch<R: Hosted>(_: Option<&str>) {
    for seed in 0..4 {
        let (game, _, _) =
            random_game::<R>(R::MIN_SEATS.max(2), settings::<R>(Some(0)), seed, false);
        let Phase::Finished { winners } = &game.phase else {
            unreachable!()
        };
        for lang in Lang::ALL {
            let view = R::over_view(&game, lang);
            assert_within_limits(&view);
            assert!(view.to_string().contains(&name::<R>(lang)), "{view}");
            for &w in winners {
                assert!(view.content.contains(&mention(&game.seats[w])), "{view}");
            }
            let labels: Vec<String> = view.buttons().map(|b| b.label.clone()).collect();
            let mut expected = vec![lang.t("button-rematch")];
            if R::REVIEWS {
                expected.push(lang.t("button-review"));
            }
            assert_eq!(labels, expected);
            let turn = R::turn_view(&game, &DiceStyle::default(), lang);
            assert_eq!((&turn.content, &turn.embeds), (&view.content, &view.embeds));
        }
        if winners.len() == 1 {
            let winner = mention(&game.seats[winners[0]]);
            let view = R::over_view(&game, EN);
            assert_eq!(
                view.content,
                format!("🏆 {winner} wins **{}**!", name::<R>(EN))
            );
        }
    }
}

/// The rules card names the game, and the table's refusals (the game's own are in its file) are
/// one short line each, in either language.
fn the_rules_and_the_tables_refusals_read_well<R: Hosted>(_: Option<&str>) {
    let errors: [RuleError<R::Error>; 11] = [
        RuleError::AlreadyStarted,
        RuleError::NotStarted,
        RuleError::GameOver,
        RuleError::AlreadySeated,
        RuleError::TableFull { max: R::MAX_SEATS },
        RuleError::NotSeated,
        RuleError::NotHost,
        RuleError::NotHostOrModerator,
        RuleError::TooFewPlayers { min: R::MIN_SEATS },
        RuleError::NotYourTurn,
        RuleError::EmptyName,
    ];
    for lang in Lang::ALL {
        let rules = R::rules_view(lang);
        assert_within_limits(&rules);
        assert!(rules.embeds[0].title.contains(&name::<R>(lang)), "{rules}");
        for err in &errors {
            let line = error(err, lang);
            assert!(!line.is_empty() && line.chars().count() <= 200, "{line}");
            let view = refusal(err, lang);
            assert_within_limits(&view);
            assert_eq!(view.content, line);
        }
    }
}

/// A dice style whose every piece of the game's own is far too long.
fn overlong_style(pieces: &[Pieces]) -> DiceStyle {
    pieces.iter().fold(DiceStyle::default(), |style, pieces| {
        let long =
            vec!["<:die_with_a_long_name:123456789012345678>".repeat(3); pieces.defaults.len()];
        style.with_pieces(pieces, &long)
    })
}

/// Every message of random games of the most seats, with 80-character names full of markdown, in
/// either language, with every dice style (the default, application emoji, pieces far too long):
/// the lobby, each turn and its result, the scores, the end and the rules keep Discord's limits;
/// drawn with application emoji, no line of dice wraps on a phone; and every button and menu
/// option of a turn is a move its player may make.
fn every_message_of_ten_long_names_keeps_discords_limits<R: Hosted>(_: Option<&str>) {
    let names = ten_long_names();
    let styles = [
        DiceStyle::default(),
        application_style(),
        overlong_style(R::PIECES),
    ];
    let players: Vec<(Player, &str)> = names
        .iter()
        .take(R::MAX_SEATS)
        .map(|(p, n)| (*p, n.as_str()))
        .collect();
    let mut game = table::<R>(settings::<R>(Some(50)), &players);
    let mut dice = RandomDice::seeded(1);
    let mut choices = RandomDice::seeded(2);
    for lang in Lang::ALL {
        assert_within_limits(&R::lobby_view(&game, lang));
        assert_within_limits(&R::rules_view(lang));
    }
    game.apply(Action::Start { by: players[0].0 }, &mut dice)
        .unwrap();
    let mut views = 0;
    let mut shown = None;
    while !game.is_over() {
        // The turn as it stands; the turn's result and the scores once a turn ended.
        let ended = game.last_turn.is_some() && game.last_turn != shown;
        shown = game.last_turn.clone();
        for lang in Lang::ALL {
            for (i, style) in styles.iter().enumerate() {
                let turn = R::turn_view(&game, style, lang);
                assert_within_limits(&turn);
                if let (Some(result), true) = (&game.last_turn, ended) {
                    let result = R::result_view(&game, result, style, lang);
                    assert_within_limits(&result);
                    if i == 1 {
                        assert_fits_a_phone(&result);
                    }
                }
                if i == 1 {
                    assert_fits_a_phone(&turn);
                }
                if i == 0 && lang == EN {
                    assert_moves_are_legal(&game, &turn);
                }
                views += 1;
            }
            if ended {
                assert_within_limits(&R::scores_view(&game, lang));
            }
        }
        let moves = players_moves(&game);
        let pick = match choices.roll(50) {
            1 => Action::TimeOut,
            _ => moves[usize::from(choices.roll(moves.len() as u8)) - 1].clone(),
        };
        game.apply(pick, &mut dice).unwrap();
    }
    for lang in Lang::ALL {
        assert_within_limits(&R::over_view(&game, lang));
        assert_within_limits(&R::lobby_view(&game, lang));
        assert_within_limits(&R::scores_view(&game, lang));
    }
    assert!(views > 10);
}

/// Every enabled button and menu option of a turn message is a move the player on turn may make
/// now (or the table's: Odds).
fn assert_moves_are_legal<R: Hosted>(game: &Game<R>, view: &MessageView) {
    let legal = game.legal_actions();
    let code = |action: &UiAction| match action {
        UiAction::Game(code) => code.clone(),
        other => panic!("not a game's button: {other}"),
    };
    let mut intents: Vec<(String, Option<String>)> = view
        .buttons()
        .filter(|b| !b.disabled)
        .map(|b| (code(&b.action), None))
        .collect();
    for select in view.selects().filter(|s| !s.disabled) {
        for option in &select.options {
            intents.push((code(&select.action), Some(option.value.clone())));
        }
    }
    for (code, chosen) in intents {
        match Intent::<R::Move>::parse(&code, chosen.as_deref()) {
            Some(Intent::Play(mv)) => {
                let by = game.current_player().unwrap();
                assert!(
                    legal.contains(&Action::Play { by, mv }),
                    "{code} {chosen:?} is not a legal move: {legal:?}"
                );
            }
            Some(Intent::Odds) => {}
            other => panic!("{code} {chosen:?} on a turn: {other:?}"),
        }
    }
}
