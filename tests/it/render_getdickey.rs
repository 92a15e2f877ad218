//! The Get Dickey render layer: snapshots of every message at interesting states (games played
//! with scripted dice, as in tests/engine_getdickey.rs), the hold / score action codes, and
//! Discord's limits on all of them, as tests/render_forgetit.rs does for For Get It.
//!
//! Every snapshot is also checked against Discord's limits, by the stand-in's own checker on the
//! JSON a message would be sent as (select menus included).

use crate::common;

use common::render::{
    application_style, assert_fits_a_phone, assert_within_limits, button, buttons, ten_long_names,
};
use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::{Intent, Player};
use forgetit::games::getdickey::views as render;
use forgetit::games::getdickey::*;
use forgetit::games::getdickey::{GameError, Move};
use forgetit::i18n::Lang;
use forgetit::render::{limits, ButtonStyle, DiceStyle, MessageView, UiAction};
use forgetit::UserId;

const EN: Lang = Lang::EnUs;

use Category::*;

const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const BOT: Player = Player::Bot(1);

fn act(game: &mut Game, action: Action, faces: &[u8]) {
    game.apply(action, &mut ScriptedDice::new(faces.iter().copied()))
        .unwrap();
}

fn table(players: &[(Player, &str)]) -> Game {
    let (host, name) = players[0];
    let (mut game, _) = Game::create(Settings::default(), host, name).unwrap();
    for &(player, name) in &players[1..] {
        let name = name.to_string();
        act(&mut game, Action::Join { player, name }, &[]);
    }
    game
}

fn started(players: &[(Player, &str)]) -> Game {
    let mut game = table(players);
    act(&mut game, Action::Start { by: players[0].0 }, &[]);
    game
}

fn ann_ben() -> Game {
    started(&[(ANN, "Ann"), (BEN, "Ben")])
}

fn roll(game: &mut Game, by: Player, faces: &[u8]) {
    act(game, Action::Play { by, mv: Move::Roll }, faces);
}

fn hold(game: &mut Game, by: Player, dice: &[u8]) {
    for &die in dice {
        act(
            game,
            Action::Play {
                by,
                mv: Move::ToggleHold(die),
            },
            &[],
        );
    }
}

fn score(game: &mut Game, by: Player, category: Category) {
    act(
        game,
        Action::Play {
            by,
            mv: Move::Score(category),
        },
        &[],
    );
}

/// One turn: roll `hand` on the first roll and score it in `category`.
fn play(game: &mut Game, by: Player, hand: Hand, category: Category) {
    roll(game, by, &hand);
    score(game, by, category);
}

fn turn_view(game: &Game) -> MessageView {
    render::turn(game, &DiceStyle::default(), EN)
}

fn result_view(game: &Game) -> MessageView {
    let result = game.last_turn.as_ref().expect("a turn has ended");
    render::turn_result(game, result, &DiceStyle::default(), EN)
}

/// Checks the limits, then the snapshot.
fn snap(name: &str, view: &MessageView) {
    assert_within_limits(view);
    insta::assert_snapshot!(name, view.to_string());
}

/// The "Score in…" menu's options as (category, label), each value parsed back as the discord
/// layer will.
fn menu(view: &MessageView) -> Vec<(Category, String)> {
    let selects: Vec<_> = view.selects().collect();
    assert!(selects.len() <= 1);
    let Some(select) = selects.first() else {
        return Vec::new();
    };
    assert_eq!(select.action, UiAction::Game("score".into()));
    assert_eq!(select.placeholder, "Score in…");
    select
        .options
        .iter()
        .map(|o| (o.value.parse::<Category>().unwrap(), o.label.clone()))
        .collect()
}

fn boxes(view: &MessageView) -> Vec<Category> {
    menu(view).into_iter().map(|(c, _)| c).collect()
}

// --- Discord's limits -------------------------------------------------------------------------

// --- The lobby ---------------------------------------------------------------------------------

#[test]
fn g1_the_lobby_can_start_with_one_seat_and_marks_host_and_bots() {
    let mut game = table(&[(ANN, "Ann")]);
    let view = render::lobby(&game, EN);
    snap("lobby_one_seat", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Join", "join", false),
            button("Leave", "leave", false),
            button("Add bot", "bot", false),
            button("Start", "start", false),
            button("Cancel", "cancel", false),
        ]
    );
    let name = "Bot 1".to_string();
    act(&mut game, Action::Join { player: BOT, name }, &[]);
    assert!(render::lobby(&game, EN).embeds[0].fields[0]
        .1
        .contains("2. 🤖 Bot 1"));
    act(&mut game, Action::Start { by: ANN }, &[]);
    let view = render::lobby(&game, EN);
    snap("lobby_started", &view);
    assert!(view.rows.is_empty());
}

// --- The turn ----------------------------------------------------------------------------------

#[test]
fn g2_before_the_first_roll_only_roll_is_enabled_and_there_is_no_menu() {
    let game = ann_ben();
    let view = turn_view(&game);
    snap("turn_first_roll", &view);
    assert!(view.content.starts_with("<@1>, your turn!"));
    assert_eq!(
        buttons(&view),
        [
            button("🎲", "hold:0", true),
            button("🎲", "hold:1", true),
            button("🎲", "hold:2", true),
            button("🎲", "hold:3", true),
            button("🎲", "hold:4", true),
            button("Roll (3 left)", "roll", false),
        ]
    );
    assert!(menu(&view).is_empty());
}

#[test]
fn g2_holds_show_on_the_dice_and_the_buttons_and_roll_counts_the_free_dice() {
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    let view = turn_view(&game);
    snap("turn_after_first_roll", &view);
    assert_eq!(view.rows.len(), 3);
    assert_eq!(boxes(&view), Category::ALL);
    hold(&mut game, ANN, &[0, 2, 4]);
    let view = turn_view(&game);
    snap("turn_holds_after_a_roll", &view);
    assert_eq!(
        buttons(&view),
        [
            button("🔒 6", "hold:0", false),
            button("2", "hold:1", false),
            button("🔒 6", "hold:2", false),
            button("3", "hold:3", false),
            button("🔒 6", "hold:4", false),
            button("Roll 2 dice (2 left)", "roll", false),
            button("Odds", "odds", false),
        ]
    );
    let styles: Vec<ButtonStyle> = view.buttons().take(5).map(|b| b.style).collect();
    assert_eq!(
        styles,
        [
            ButtonStyle::Primary,
            ButtonStyle::Secondary,
            ButtonStyle::Primary,
            ButtonStyle::Secondary,
            ButtonStyle::Primary
        ]
    );
    assert!(view.embeds[0].fields[0].1.starts_with("🔒6️⃣ 2️⃣ 🔒6️⃣"));
    // All five held: Roll is disabled, holds may still change.
    hold(&mut game, ANN, &[1, 3]);
    let view = turn_view(&game);
    let roll = view.buttons().nth(5).unwrap();
    assert_eq!(
        (roll.label.as_str(), roll.disabled),
        ("Roll (2 left)", true)
    );
    assert!(view.buttons().take(5).all(|b| !b.disabled));
}

#[test]
fn g2_after_the_third_roll_the_player_must_score() {
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    hold(&mut game, ANN, &[0, 2, 4]);
    roll(&mut game, ANN, &[2, 5]);
    roll(&mut game, ANN, &[2, 2]);
    let view = turn_view(&game);
    snap("turn_last_roll_must_score", &view);
    // Every button but Odds is disabled.
    assert!(view.buttons().take(6).all(|b| b.disabled));
    assert_eq!(view.buttons().nth(5).unwrap().label, "No rolls left");
    assert_eq!(view.buttons().last().unwrap().label, "Odds");
    let full_house = menu(&view)
        .into_iter()
        .find(|(c, _)| *c == FullHouse)
        .unwrap();
    assert_eq!(full_house.1, "Full house: 25");
}

#[test]
fn g3_the_scorecard_shows_the_upper_bonus_progress() {
    let mut game = started(&[(ANN, "Ann")]);
    play(&mut game, ANN, [6, 6, 6, 6, 1], Sixes); // 24
    play(&mut game, ANN, [5, 5, 5, 5, 1], Fives); // 20
    play(&mut game, ANN, [4, 4, 4, 1, 2], Fours); // 12: 56 so far
    let view = turn_view(&game);
    assert!(view.embeds[0].fields[0].1.contains("Upper 56/63"));
    roll(&mut game, ANN, &[3, 3, 3, 1, 2]);
    score(&mut game, ANN, Threes); // 9: 65, the bonus
    let view = result_view(&game);
    snap("result_upper_bonus", &view);
    assert!(view.content.contains("+35"));
    assert!(view.embeds.is_empty() && view.rows.is_empty());
    snap("scores_solitaire", &render::scores(&game, EN));
}

#[test]
fn g6_a_joker_with_the_dickey_box_at_0_is_forced_into_its_upper_box() {
    let mut game = started(&[(ANN, "Ann")]);
    play(&mut game, ANN, [1, 2, 3, 5, 6], Dickey); // scratched
    roll(&mut game, ANN, &[5, 5, 5, 5, 5]);
    let view = turn_view(&game);
    snap("turn_joker_forced_upper", &view);
    assert_eq!(menu(&view), [(Fives, "Fives: 25".to_string())]);
    let option = &view.selects().next().unwrap().options[0];
    assert_eq!(
        option.description.as_deref(),
        Some("Joker: five alike must fill their upper box")
    );
}

#[test]
fn g6_a_second_dickey_at_50_earns_100_and_must_fill_its_upper_box() {
    let mut game = started(&[(ANN, "Ann")]);
    play(&mut game, ANN, [4, 4, 4, 4, 4], Dickey);
    snap("result_dickey", &result_view(&game));
    roll(&mut game, ANN, &[4, 4, 4, 4, 4]);
    let view = turn_view(&game);
    snap("turn_second_dickey_bonus", &view);
    assert_eq!(
        menu(&view),
        [(Fours, "Fours: 20 (+100 Dickey bonus)".to_string())]
    );
    score(&mut game, ANN, Fours);
    let view = result_view(&game);
    snap("result_second_dickey_bonus", &view);
    assert!(view.content.contains("**+100**"));
}

#[test]
fn g6_a_joker_goes_into_full_house_and_the_straights_when_its_upper_box_is_filled() {
    let mut game = started(&[(ANN, "Ann")]);
    play(&mut game, ANN, [6, 6, 6, 6, 6], Dickey);
    play(&mut game, ANN, [6, 6, 1, 2, 3], Sixes);
    roll(&mut game, ANN, &[6, 6, 6, 6, 6]);
    let view = turn_view(&game);
    snap("turn_joker_anywhere", &view);
    let labels: Vec<String> = menu(&view).into_iter().map(|(_, label)| label).collect();
    for expected in [
        "Ones: 0 (+100 Dickey bonus)",
        "4 of a kind: 30 (+100 Dickey bonus)",
        "Full house: 25 (+100 Dickey bonus)",
        "Small straight: 30 (+100 Dickey bonus)",
        "Large straight: 40 (+100 Dickey bonus)",
        "Chance: 30 (+100 Dickey bonus)",
    ] {
        assert!(labels.iter().any(|l| l == expected), "{expected}");
    }
    score(&mut game, ANN, LargeStraight);
    snap("result_joker_large_straight", &result_view(&game));
}

#[test]
fn timeouts_show_what_the_bot_scored_and_who_left() {
    let mut game = ann_ben();
    // Ann rolled a small straight and let the time run out: the bot takes the best box.
    roll(&mut game, ANN, &[1, 2, 3, 4, 6]);
    act(&mut game, Action::TimeOut, &[]);
    snap("result_timed_out", &result_view(&game));
    // Ben never rolls, three turns in a row: the bot rolls for him, and he leaves.
    for round in 0..3 {
        act(&mut game, Action::TimeOut, &[1, 1, 2, 3, 5]);
        if round < 2 {
            let category = first_open(&game, 0);
            play(&mut game, ANN, [2, 2, 2, 3, 3], category);
        }
    }
    let view = result_view(&game);
    snap("result_timed_out_and_left", &view);
    assert!(view.content.contains("after 3 timeouts"));
    snap("turn_with_a_seat_that_left", &turn_view(&game));
}

fn first_open(game: &Game, seat: usize) -> Category {
    game.seats[seat].card.open().next().unwrap()
}

#[test]
fn leaving_on_ones_turn_scores_nothing() {
    let mut game = ann_ben();
    roll(&mut game, ANN, &[1, 2, 3, 4, 6]);
    act(&mut game, Action::Leave { player: ANN }, &[]);
    snap("result_left", &result_view(&game));
}

#[test]
fn a_bot_seats_turn_tells_its_roll() {
    let mut game = started(&[(BOT, "Bot 1"), (ANN, "Ann")]);
    roll(&mut game, BOT, &[3, 3, 3, 1, 2]);
    let view = turn_view(&game);
    snap("turn_bot", &view);
    assert_eq!(
        view.content,
        "🤖 **Bot 1** is playing.\n-# Roll 1 of 3 — 3, 3, 3, 1, 2"
    );
}

/// Plays all 13 rounds, both seats rolling the same hands, the first seat taking the upper bonus
/// and a Dickey; `ben_last` is what the second seat's last turn rolls.
fn play_out(game: &mut Game, ben_last: Hand) {
    let hands: [(Hand, Category); 13] = [
        ([1, 1, 1, 2, 3], Ones),
        ([2, 2, 2, 1, 3], Twos),
        ([3, 3, 3, 1, 2], Threes),
        ([4, 4, 4, 1, 2], Fours),
        ([5, 5, 5, 1, 2], Fives),
        ([6, 6, 6, 1, 2], Sixes),
        ([3, 3, 3, 5, 6], ThreeOfAKind),
        ([4, 4, 4, 4, 6], FourOfAKind),
        ([2, 2, 3, 3, 3], FullHouse),
        ([1, 2, 3, 4, 6], SmallStraight),
        ([2, 3, 4, 5, 6], LargeStraight),
        ([5, 5, 5, 5, 5], Dickey),
        ([6, 6, 5, 4, 1], Chance),
    ];
    for (round, (hand, category)) in hands.into_iter().enumerate() {
        play(game, ANN, hand, category);
        let hand = if round == 12 { ben_last } else { hand };
        play(game, BEN, hand, category);
    }
}

#[test]
fn g7_game_over_shows_every_final_scorecard_and_equal_totals_share_the_win() {
    let mut game = ann_ben();
    play_out(&mut game, [6, 6, 5, 4, 1]);
    let view = render::game_over(&game, EN);
    snap("game_over_shared_win", &view);
    assert_eq!(view.content, "🏆 <@1> and <@2> share the win!");
    assert_eq!(view.rows.len(), 1, "Rematch");

    let mut game = ann_ben();
    play_out(&mut game, [1, 1, 2, 2, 3]);
    let view = render::game_over(&game, EN);
    assert_eq!(view.content, "🏆 <@1> wins **Get Dickey**!");
    assert!(view.embeds[0].fields[1].0.starts_with("🥈 Ben"));
}

#[test]
fn a_cancelled_game_shows_the_totals_as_they_stood() {
    let mut game = ann_ben();
    play(&mut game, ANN, [5, 5, 5, 5, 5], Dickey);
    play(&mut game, BEN, [1, 2, 3, 4, 5], LargeStraight);
    act(&mut game, Action::Cancel, &[]);
    snap("game_over_cancelled", &render::game_over(&game, EN));
}

#[test]
fn get_dickeys_rules_and_refusals_read_well() {
    snap("rules", &render::rules(EN));
    let errors = [
        RuleError::AlreadyStarted,
        RuleError::NotStarted,
        RuleError::GameOver,
        RuleError::AlreadySeated,
        RuleError::TableFull { max: MAX_SEATS },
        RuleError::NotSeated,
        RuleError::NotHost,
        RuleError::NotYourTurn,
        RuleError::Game(GameError::MustRollFirst),
        RuleError::Game(GameError::NoRollsLeft),
        RuleError::Game(GameError::AllHeld),
        RuleError::Game(GameError::NoSuchDie(7)),
        RuleError::Game(GameError::BoxFilled(FullHouse)),
        RuleError::Game(GameError::JokerMustFillUpper(Fours)),
        RuleError::Game(GameError::CardFull),
        RuleError::EmptyName,
    ];
    let text: Vec<String> = errors.iter().map(|e| render::error(e, EN)).collect();
    for (line, err) in text.iter().zip(&errors) {
        assert!(!line.is_empty() && line.chars().count() <= 200);
        let refusal = render::refusal(err, EN);
        assert_within_limits(&refusal);
        assert_eq!(&refusal.content, line);
    }
    insta::assert_snapshot!("errors", text.join("\n"));
}

// --- Actions -----------------------------------------------------------------------------------

#[test]
fn hold_and_score_round_trip_through_their_short_codes() {
    type I = Intent<Move>;
    let mut actions: Vec<(I, Option<&str>)> = (0..=u8::MAX)
        .map(|die| (I::Play(Move::ToggleHold(die)), None))
        .collect();
    actions.extend(
        Category::ALL
            .into_iter()
            .map(|c| (I::Play(Move::Score(c)), Some(c.key()))),
    );
    for (intent, chosen) in actions {
        let code = intent.code();
        assert!(code.len() <= 16, "{code} is short");
        assert_eq!(I::parse(&code, chosen), Some(intent));
    }
    assert_eq!(I::Play(Move::ToggleHold(2)).code(), "hold:2");
    assert_eq!(I::Play(Move::Score(Category::Chance)).code(), "score");
    for junk in [
        "hold", "hold:", "hold:02", "hold:+2", "hold:256", "hold:-1", "SCORE", "score:", "score:1",
        "score ", "bank", "choose:3",
    ] {
        assert_eq!(I::parse(junk, Some("chance")), None, "{junk:?} is refused");
    }
    // The menu's code needs a box picked, and a box there is.
    assert_eq!(I::parse("score", None), None);
    assert_eq!(I::parse("score", Some("dickeys")), None);
    // The menu's values are the boxes' keys.
    for category in Category::ALL {
        assert_eq!(category.key().parse::<Category>(), Ok(category));
        assert!(category.key().len() <= limits::OPTION_VALUE);
    }
}

// --- Limits ------------------------------------------------------------------------------------

/// Ten seats with 80-character names full of markdown, thirteen jokers and Dickey bonuses each,
/// totals far past any real game, and a face style whose every piece is far too long: every
/// message of a game played to its end still keeps Discord's limits. (Random games of ten long
/// names, of every game: `every_game::every_message_of_ten_long_names_keeps_discords_limits`.)
#[test]
fn every_message_keeps_discords_limits_with_thirteen_jokers_and_huge_totals() {
    let names = ten_long_names();
    let players: Vec<(Player, &str)> = names.iter().map(|(p, n)| (*p, n.as_str())).collect();
    use forgetit::games::getdickey::dice::{SIX_FACES, SIX_HELD};
    let style = DiceStyle::default()
        .with_pieces(
            &SIX_FACES,
            &[(); 6].map(|_| "<:die_with_a_long_name:123456789012345678>".repeat(3)),
        )
        .with_pieces(&SIX_HELD, &["<a:held:98765432109876543210>".repeat(5)]);
    let mut views = Vec::new();
    let mut game = table(&players);
    views.push(render::lobby(&game, EN));
    act(&mut game, Action::Start { by: players[0].0 }, &[]);
    views.push(render::lobby(&game, EN));
    let step = |game: &Game, views: &mut Vec<MessageView>| {
        views.push(render::turn(game, &style, EN));
        if let Some(result) = &game.last_turn {
            views.push(render::turn_result(game, result, &style, EN));
        }
        views.push(render::scores(game, EN));
    };
    // Every seat scores five alike in every box, one seat a round: thirteen jokers and Dickey
    // bonuses each, with a few holds, and the last rolls for menus of 13 options.
    for round in 0..13 {
        for _ in 0..10 {
            let by = game.current_player().unwrap();
            let face = (round % 6) as u8 + 1;
            step(&game, &mut views);
            roll(&mut game, by, &[face; 5]);
            if round == 0 {
                step(&game, &mut views);
                hold(&mut game, by, &[0, 1]);
                step(&game, &mut views);
            }
            let category = if round == 0 {
                Dickey
            } else {
                game.score_options()[0].category
            };
            score(&mut game, by, category);
        }
        step(&game, &mut views);
    }
    assert!(game.is_over());
    views.push(render::game_over(&game, EN));
    // Totals far past any real game.
    let mut huge = game.clone();
    for seat in &mut huge.seats {
        seat.card.dickey_bonuses = 40_000_000;
    }
    views.push(render::game_over(&huge, EN));
    views.push(render::scores(&huge, EN));
    huge.phase = Phase::Cancelled;
    views.push(render::game_over(&huge, EN));
    views.push(render::rules(EN));

    assert!(views.len() > 300);
    for view in &views {
        assert_within_limits(view);
    }
    // A turn of the ten-seat game, in full.
    let mut game = table(&players);
    act(&mut game, Action::Start { by: players[0].0 }, &[]);
    roll(&mut game, players[0].0, &[2, 3, 4, 5, 6]);
    snap("turn_ten_long_names", &render::turn(&game, &style, EN));
}

// --- In French ---------------------------------------------------------------------------------

const FR: Lang = Lang::Fr;

#[test]
fn in_french_the_table_the_turn_and_the_scorecards_read_in_french() {
    let style = DiceStyle::default();
    let game = table(&[(ANN, "Ann"), (BEN, "Ben")]);
    snap("fr_lobby", &render::lobby(&game, FR));
    let mut game = ann_ben();
    roll(&mut game, ANN, &[3, 3, 3, 5, 5]);
    hold(&mut game, ANN, &[0, 1, 2]);
    let view = render::turn(&game, &style, FR);
    let select = view.selects().next().expect("the score menu");
    assert_eq!(select.placeholder, "Marquer dans…");
    assert!(select.options.iter().any(|o| o.label == "Full: 25"));
    snap("fr_turn", &view);
    score(&mut game, ANN, FullHouse);
    let result = game.last_turn.clone().unwrap();
    snap(
        "fr_turn_result",
        &render::turn_result(&game, &result, &style, FR),
    );
    snap("fr_scores", &render::scores(&game, FR));
    snap("fr_rules", &render::rules(FR));
    assert_eq!(
        render::error(&RuleError::Game(GameError::BoxFilled(FullHouse)), FR),
        "Votre case Full est déjà remplie."
    );
}

// --- Application emoji -------------------------------------------------------------------------

/// Get Dickey's dice drawn with the bot's application emoji: a held die is a picture of its own,
/// and the message's text says the dice in words.
#[test]
fn with_application_emoji_a_held_die_is_its_own_picture_and_the_text_says_the_dice() {
    let style = application_style();
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    hold(&mut game, ANN, &[0, 2, 4]);
    let view = render::turn(&game, &style, EN);
    assert_fits_a_phone(&view);
    snap("app_turn_holds", &view);
    assert!(
        view.embeds[0].fields[0].1.starts_with("<:gd1_6_held:"),
        "{}",
        view.embeds[0].fields[0].1
    );
    assert!(
        view.content
            .ends_with("-# Roll 1 of 3 — 6 held, 2, 6 held, 3, 6 held"),
        "{}",
        view.content
    );
    // The hold buttons are the dice's pictures, in die order, with no label.
    let pictures: Vec<String> = view.rows[0]
        .buttons()
        .iter()
        .map(|b| {
            assert_eq!(b.label, "", "{b:?}");
            b.emoji.as_ref().expect("a picture").to_string()
        })
        .collect();
    assert_eq!(pictures.join(" "), view.embeds[0].fields[0].1);
    let fr = render::turn(&game, &style, FR);
    snap("fr_app_turn_holds", &fr);
    assert!(fr.content.contains("6 gardé, 2"), "{}", fr.content);
    score(&mut game, ANN, Category::Sixes);
    let result = game.last_turn.clone().expect("scored");
    let view = render::turn_result(&game, &result, &style, EN);
    assert_fits_a_phone(&view);
    snap("app_result_sixes", &view);

    // The lock set in the config wins over the held pictures.
    let held = forgetit::games::getdickey::dice::SIX_HELD;
    let style = application_style().with_pieces(&held, &["📌".to_string()]);
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    hold(&mut game, ANN, &[0]);
    let view = render::turn(&game, &style, EN);
    assert!(
        view.embeds[0].fields[0].1.starts_with("📌<:gd1_6:"),
        "{}",
        view.embeds[0].fields[0].1
    );
    // Its button: the face's picture, locked.
    let held = &view.rows[0].buttons()[0];
    assert_eq!(held.label, "🔒");
    assert_eq!(held.emoji.as_ref().unwrap().name, "gd1_6");
}

/// G1, G2: a finished turn is two lines with no embed and no components: the round, what was
/// scored where with the total and the upper boxes' progress, then every roll, the held dice in
/// bold. In the last round the player on turn is told what passes the leader, or their lead.
#[test]
fn g1_a_finished_turn_tells_its_rolls_and_the_last_round_says_what_passes_the_leader() {
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    hold(&mut game, ANN, &[0, 2, 4]);
    roll(&mut game, ANN, &[6, 1]);
    score(&mut game, ANN, Sixes);
    for lang in [EN, FR] {
        let result = game.last_turn.clone().unwrap();
        let view = render::turn_result(&game, &result, &DiceStyle::default(), lang);
        assert!(view.embeds.is_empty() && view.rows.is_empty(), "{view}");
        assert_eq!(view.content.lines().count(), 2, "{}", view.content);
        assert!(
            view.content.ends_with("\n-# 🎲 2 3 6 6 6 · **6 6 6** 1 6"),
            "{}",
            view.content
        );
        let upper = if lang == EN {
            "upper 24/63"
        } else {
            "haut 24/63"
        };
        assert!(view.content.contains(upper), "{}", view.content);
    }
    // The last round: Ann 0 + … Play every round but the last for both, then look.
    let mut game = ann_ben();
    let mut boxes = [
        Ones,
        Twos,
        Threes,
        Fours,
        Fives,
        Sixes,
        ThreeOfAKind,
        FourOfAKind,
        FullHouse,
        SmallStraight,
        LargeStraight,
        Dickey,
    ]
    .into_iter();
    for category in boxes.by_ref() {
        play(&mut game, ANN, [1, 1, 2, 2, 3], category);
        play(&mut game, BEN, [6, 6, 6, 6, 5], category);
    }
    let ann = game.seats[0].total();
    let ben = game.seats[1].total();
    assert!(ben > ann);
    let view = turn_view(&game);
    snap("turn_last_round_need", &view);
    assert!(
        view.content.contains(&format!(
            "⏳ Last round: Ann needs **{}** more to pass the leader.",
            ben - ann + 1
        )),
        "{}",
        view.content
    );
    play(&mut game, ANN, [1, 1, 2, 2, 3], Chance);
    let view = render::turn(&game, &DiceStyle::default(), FR);
    snap("fr_turn_last_round_lead", &view);
    assert!(
        view.content.contains(&format!(
            "⏳ Dernière manche\u{a0}: Ben mène de **{}** points.",
            ben - game.seats[0].total()
        )),
        "{}",
        view.content
    );
}

/// G3: the "Score in…" menu names each box as the scorecard beside it does, in both languages.
#[test]
fn g3_the_score_menu_names_the_boxes_as_the_scorecard_does() {
    let mut game = ann_ben();
    roll(&mut game, ANN, &[2, 3, 4, 5, 6]);
    for lang in [EN, FR] {
        let view = render::turn(&game, &DiceStyle::default(), lang);
        let card = &view.embeds[0]
            .fields
            .iter()
            .find(|(_, value, _)| value.starts_with("```"))
            .expect("a scorecard")
            .1;
        let select = view.selects().next().expect("a menu");
        assert_eq!(select.options.len(), 13);
        for option in &select.options {
            let name = option.label.split(':').next().unwrap();
            assert!(card.contains(name), "{name:?} is not on the card:\n{card}");
        }
    }
}

/// Odds, from the optimal solitaire table: each box the roll may fill with its points and the
/// card's expected final score, the best hold to roll on, one best choice marked; in the asker's
/// language, the boxes named as the table's menu names them.
#[test]
fn odds_give_each_boxs_expected_final_score_and_mark_the_best() {
    let table = crate::common::strategy::table();
    let mut game = ann_ben();
    roll(&mut game, ANN, &[6, 2, 6, 3, 6]);
    let odds = forgetit::games::getdickey::bot::odds(&game, table).expect("a roll to judge");
    assert_eq!(odds.boxes.len(), 13);
    let (keep, roll_on) = odds.roll_on.clone().expect("two rolls left");
    assert_eq!(keep, [6, 6, 6], "hold the three 6s");
    let best_box = odds.boxes.iter().map(|b| b.2).fold(f64::MIN, f64::max);
    assert!(roll_on > best_box, "rolling on beats every box now");
    assert_eq!(odds.best, None);
    let view = render::odds(&game, &odds, game.current_player().unwrap(), EN, EN);
    snap("odds", &view);
    assert_eq!(view.to_string().matches('⭐').count(), 1);
    let fr = render::odds(&game, &odds, game.current_player().unwrap(), FR, FR);
    snap("fr_odds", &fr);
    // An English reader at a French table: the boxes as its menu names them.
    let mixed = render::odds(&game, &odds, game.current_player().unwrap(), EN, FR).to_string();
    assert!(
        mixed.contains("**Brelan** (23)") && mixed.contains("Hold **6 6 6**"),
        "{mixed}"
    );
    // The last roll: scoring is all there is, and the best box is marked.
    roll(&mut game, ANN, &[6, 6, 6, 6, 6]);
    roll(&mut game, ANN, &[6, 6, 6, 6, 6]);
    let last = forgetit::games::getdickey::bot::odds(&game, table).unwrap();
    assert!(last.roll_on.is_none());
    let best = last.best.expect("a box");
    assert_eq!(last.boxes[best].0, Dickey, "{last:?}");
}

/// G3, G4: each box has one name in each language, said alike wherever it is named: on the
/// scorecard, in the "Score in…" menu, in a turn's result, in a review, in a refusal and on the
/// rules card; English says it as the engine does (no "Three of a Kind" in a history where the
/// card says "3 of a kind").
#[test]
fn g3_g4_each_box_has_one_name_everywhere_in_each_language() {
    use forgetit::games::getdickey::review::DickeyAct;
    use forgetit::render::review::ActText;
    for lang in [EN, FR] {
        let rules = render::rules(lang).to_string();
        let mut fresh = ann_ben();
        roll(&mut fresh, ANN, &[2, 3, 4, 5, 6]);
        let view = render::turn(&fresh, &DiceStyle::default(), lang);
        let card = view.embeds[0]
            .fields
            .iter()
            .find(|(_, value, _)| value.starts_with("```"))
            .expect("a scorecard")
            .1
            .clone();
        let options: Vec<String> = view
            .selects()
            .flat_map(|s| s.options.iter().map(|o| o.label.clone()))
            .collect();
        for category in Category::ALL {
            let name = render::category_name(category, lang);
            let on_card: Vec<&str> = card
                .lines()
                .flat_map(|line| line.split("  ").map(str::trim))
                .filter(|part| part.starts_with(&name))
                .collect();
            assert!(!on_card.is_empty(), "{name:?} not on the card:\n{card}");
            assert!(
                options.iter().any(|o| o.starts_with(&format!("{name}: "))),
                "{name:?} not in the menu: {options:?}"
            );
            let mut game = fresh.clone();
            score(&mut game, ANN, category);
            let result = game.last_turn.clone().unwrap();
            let line = render::turn_result(&game, &result, &DiceStyle::default(), lang).content;
            assert!(line.contains(&format!("**{name}**")), "{line}");
            let act = DickeyAct::Score {
                hand: vec![2, 3, 4, 5, 6],
                category,
                points: 0,
            };
            assert!(act.text(lang).contains(&name), "{}", act.text(lang));
            let refusal = render::error(&RuleError::Game(GameError::BoxFilled(category)), lang);
            assert!(refusal.contains(&name), "{refusal}");
            if !category.is_upper() || matches!(category, Ones | Fives | Sixes) {
                assert!(rules.contains(&name), "{name:?} not in the rules:\n{rules}");
            }
            // One message per name: no second one for the card.
            let key = category.key().replace('_', "-");
            assert!(!lang.has(&format!("gd-card-{key}")), "gd-card-{key}");
            if lang == EN {
                assert_eq!(category.name(), name);
            }
        }
    }
    // The old English names are gone from what a player reads.
    let rules = render::rules(EN).to_string();
    for old in [
        "Three of a Kind",
        "Four of a Kind",
        "Full House",
        "Straight",
    ] {
        assert!(!rules.contains(old), "{old} in the rules:\n{rules}");
    }
}
