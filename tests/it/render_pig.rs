//! Pig's messages (src/games/pig/views.rs): snapshots at the moments a player sees, in English
//! and French, each checked against Discord's limits; and a ten-seat table of long names.

use crate::common;

use common::render::{assert_within_limits, buttons, ten_long_names};
use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::Player;
use forgetit::games::pig::bot::{odds, Table};
use forgetit::games::pig::review::review;
use forgetit::games::pig::views as render;
use forgetit::games::pig::*;
use forgetit::i18n::Lang;
use forgetit::render::{DiceStyle, MessageView};
use forgetit::{GameId, UserId};

const EN: Lang = Lang::EnUs;
const FR: Lang = Lang::Fr;
const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const BOT: Player = Player::Bot(1);

fn act(game: &mut Game, action: Action, faces: &[u8]) -> Event {
    game.apply(action, &mut ScriptedDice::new(faces.iter().copied()))
        .unwrap()
}

fn snapshot(name: &str, view: &MessageView) {
    assert_within_limits(view);
    insta::assert_snapshot!(name, view.to_string());
}

/// ann, ben and a bot seat to 50.
fn table() -> (Game, Vec<Event>) {
    let (mut game, created) = Game::create(
        Settings {
            target: 50,
            ..Default::default()
        },
        ANN,
        "ann",
    )
    .unwrap();
    let mut log = vec![created];
    for (player, name) in [(BEN, "ben"), (BOT, "Bot 1")] {
        let join = Action::Join {
            player,
            name: name.into(),
        };
        log.push(act(&mut game, join, &[]));
    }
    (game, log)
}

fn play(game: &mut Game, log: &mut Vec<Event>, by: Player, mv: Move, die: &[u8]) {
    log.push(act(game, Action::Play { by, mv }, die));
}

#[test]
fn p1_to_p3_a_game_as_its_players_see_it_in_english_and_french() {
    let style = DiceStyle::default();
    let (mut game, mut log) = table();
    for lang in [EN, FR] {
        snapshot(
            &format!("pig_lobby_{}", lang.code()),
            &render::lobby(&game, lang),
        );
    }
    // P1: ann and ben tie at 6, then ann's 5 beats ben's 3.
    log.push(act(&mut game, Action::Start { by: ANN }, &[6, 6, 2, 5, 3]));
    snapshot("pig_started", &render::lobby(&game, EN));
    // P2: before the first roll, Roll and Odds; after it, Hold too.
    let turn = render::turn(&game, &style, EN);
    assert_eq!(
        buttons(&turn).into_iter().map(|b| b.0).collect::<Vec<_>>(),
        ["Roll", "Odds"]
    );
    snapshot("pig_turn_first", &turn);
    play(&mut game, &mut log, ANN, Move::Roll, &[4]);
    play(&mut game, &mut log, ANN, Move::Roll, &[6]);
    for lang in [EN, FR] {
        snapshot(
            &format!("pig_turn_rolled_{}", lang.code()),
            &render::turn(&game, &style, lang),
        );
    }
    play(&mut game, &mut log, ANN, Move::Hold, &[]);
    snapshot(
        "pig_result_held",
        &render::turn_result(&game, game.last_turn.as_ref().unwrap(), &style, EN),
    );
    // ben rolls 5 and 3, then a 1.
    for die in [5, 3, 1] {
        play(&mut game, &mut log, BEN, Move::Roll, &[die]);
    }
    for lang in [EN, FR] {
        snapshot(
            &format!("pig_result_pigged_{}", lang.code()),
            &render::turn_result(&game, game.last_turn.as_ref().unwrap(), &style, lang),
        );
    }
    // The bot seat's turn: no buttons. It rolls a 1 at once.
    let bots = render::turn(&game, &style, EN);
    assert!(bots.rows.is_empty(), "{bots}");
    play(&mut game, &mut log, BOT, Move::Roll, &[1]);
    snapshot(
        "pig_result_nothing",
        &render::turn_result(&game, game.last_turn.as_ref().unwrap(), &style, EN),
    );
    // P3: ann, at 10, reaches 50 with six 6s and a 4: she wins at once.
    for die in [6, 6, 6, 6, 6, 6, 4] {
        play(&mut game, &mut log, ANN, Move::Roll, &[die]);
    }
    assert!(game.is_over());
    snapshot(
        "pig_result_won",
        &render::turn_result(&game, game.last_turn.as_ref().unwrap(), &style, EN),
    );
    for lang in [EN, FR] {
        snapshot(
            &format!("pig_over_{}", lang.code()),
            &render::game_over(&game, lang),
        );
    }
    // Her review, in points of winning chance (two-seat chances against the leader).
    let table = Table::solve(50);
    let reviewed = forgetit::render::review::Reviewed {
        command: "pig",
        code: "pig",
        game_id: GameId::new(12),
    };
    let ann_review = review(&log, ANN, &table).unwrap();
    // The chance after each of her turns: her first ends held at 10, her second wins the game.
    let after: Vec<Option<f64>> = ann_review.turns.iter().map(|t| t.chance_after).collect();
    assert_eq!(after.len(), 2);
    assert!(after[0].is_some_and(|c| c > 0.0 && c < 100.0), "{after:?}");
    assert_eq!(after[1], Some(100.0), "a game won");
    if let Ok(dir) = std::env::var("CHART_PNGS") {
        let view = forgetit::render::review::review(&ann_review, reviewed, FR);
        std::fs::write(format!("{dir}/pig_review_fr.png"), &view.pictures[0].png).unwrap();
    }
    for lang in [EN, FR] {
        snapshot(
            &format!("pig_review_{}", lang.code()),
            &forgetit::render::review::review(&ann_review, reviewed, lang),
        );
    }
}

#[test]
fn p5_odds_say_the_chance_of_holding_and_of_rolling_once_more() {
    let table = Table::solve(100);
    let (mut game, _) = Game::create(Settings::default(), ANN, "ann").unwrap();
    let join = Action::Join {
        player: BOT,
        name: "Bot 1".into(),
    };
    act(&mut game, join, &[]);
    act(&mut game, Action::Start { by: ANN }, &[6, 1]);
    let first = odds(&game, &table).unwrap();
    snapshot(
        "pig_odds_first",
        &render::odds(&game, &first, game.current_player().unwrap(), EN, EN),
    );
    for die in [6, 6, 5, 4] {
        act(
            &mut game,
            Action::Play {
                by: ANN,
                mv: Move::Roll,
            },
            &[die],
        );
    }
    let now = odds(&game, &table).unwrap();
    // An English player at a French table: the buttons as the table shows them.
    snapshot(
        "pig_odds_en_at_fr",
        &render::odds(&game, &now, game.current_player().unwrap(), EN, FR),
    );
    snapshot(
        "pig_odds_fr",
        &render::odds(&game, &now, game.current_player().unwrap(), FR, FR),
    );
}

/// Pig's rules in English and French, and a turn of forty rolls at a table of ten long names to
/// 1,000 (P2, P3), keep Discord's limits. (Every message of random games of ten long names, of
/// every game: `every_game::every_message_of_ten_long_names_keeps_discords_limits`.)
#[test]
fn p2_p3_the_rules_and_a_forty_roll_turn_of_ten_long_names_keep_discords_limits() {
    for lang in [EN, FR] {
        snapshot(&format!("pig_rules_{}", lang.code()), &render::rules(lang));
    }
    let names = ten_long_names();
    let (host, name) = &names[0];
    let (mut game, _) = Game::create(
        Settings {
            target: 1000,
            ..Default::default()
        },
        *host,
        name.clone(),
    )
    .unwrap();
    for (player, name) in &names[1..] {
        let join = Action::Join {
            player: *player,
            name: name.clone(),
        };
        act(&mut game, join, &[]);
    }
    act(
        &mut game,
        Action::Start { by: *host },
        &[6, 5, 5, 5, 5, 5, 5, 5, 5, 5],
    );
    let style = DiceStyle::default();
    let by = game.current_player().unwrap();
    for _ in 0..40 {
        act(&mut game, Action::Play { by, mv: Move::Roll }, &[6]);
    }
    for lang in [EN, FR] {
        assert_within_limits(&render::turn(&game, &style, lang));
        assert_within_limits(&render::scores(&game, lang));
    }
    act(&mut game, Action::Play { by, mv: Move::Hold }, &[]);
    assert_within_limits(&render::turn_result(
        &game,
        game.last_turn.as_ref().unwrap(),
        &style,
        FR,
    ));
}
