//! The render layer: snapshots of every For Get It message at interesting states (games played
//! with scripted dice, as in tests/engine_forgetit.rs), leaderboards and stats, the button action
//! codes, and Discord's limits on all of them.
//!
//! Every snapshot is also checked against Discord's limits, by the stand-in's own checker on the
//! JSON a message would be sent as.

use crate::common;

use common::render::{
    application_style, assert_fits_a_phone, assert_within_limits, button, buttons, long_name,
    ten_long_names,
};
use forgetit::engine::dice::ScriptedDice;
use forgetit::engine::{Intent, MessageKind, MoveText, Player};
use forgetit::games::forgetit::solver::{Choice, Situation, Solver};
use forgetit::games::forgetit::views as render;
use forgetit::games::forgetit::*;
use forgetit::games::forgetit::{GameError, Move};
use forgetit::i18n::Lang;
use forgetit::render::notice::Busy;
use forgetit::render::{
    bot_name, leaderboard, notice, stats, ButtonStyle, DiceStyle, LeaderRow, LeaderboardView,
    MessageView, Notice, StatsView, Takes, UiAction,
};
use forgetit::{ChannelId, GuildId, MessageId, UserId};

const EN: Lang = Lang::EnUs;

const ANN: Player = Player::Person(UserId::new(1));
const BEN: Player = Player::Person(UserId::new(2));
const CAT: Player = Player::Person(UserId::new(3));
const BOT: Player = Player::Bot(1);
const W: u8 = 6;

fn table(players: &[(Player, &str)], target: u32) -> Game {
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
        act(&mut game, Action::Join { player, name }, &[]);
    }
    game
}

/// A started game where the roll-off gives the first seat a 5 and everyone else a 1.
fn started(players: &[(Player, &str)], target: u32) -> Game {
    let mut game = table(players, target);
    let mut faces = vec![1; players.len()];
    faces[0] = 5;
    act(&mut game, Action::Start { by: players[0].0 }, &faces);
    game
}

fn ann_ben_cat(target: u32) -> Game {
    started(&[(ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")], target)
}

fn act(game: &mut Game, action: Action, faces: &[u8]) {
    game.apply(action, &mut ScriptedDice::new(faces.iter().copied()))
        .unwrap();
}

fn roll(game: &mut Game, by: Player, faces: &[u8]) {
    act(game, Action::Play { by, mv: Move::Roll }, faces);
}

fn choose(game: &mut Game, by: Player, number: u8) {
    act(
        game,
        Action::Play {
            by,
            mv: Move::ChoosePoint(number),
        },
        &[],
    );
}

fn bank(game: &mut Game, by: Player) {
    act(game, Action::Play { by, mv: Move::Bank }, &[]);
}

/// Plays a turn that banks two 2s for `by`: 4 points.
fn bank_four(game: &mut Game, by: Player) {
    roll(game, by, &[2, 2, 1, 3, 4, 5, 1, 3, 4]);
    choose(game, by, 2);
    bank(game, by);
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

// --- Discord's limits -------------------------------------------------------------------------

// --- The lobby ---------------------------------------------------------------------------------

#[test]
fn f2_lobby_marks_host_and_bots_and_start_needs_two_seats() {
    let mut game = table(&[(ANN, "Ann")], 500);
    let view = render::lobby(&game, EN);
    snap("lobby_waiting", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Join", "join", false),
            button("Leave", "leave", false),
            button("Add bot", "bot", false),
            button("Start", "start", true),
            button("Cancel", "cancel", false),
        ]
    );
    let name = "Bot 1".to_string();
    act(&mut game, Action::Join { player: BOT, name }, &[]);
    let view = render::lobby(&game, EN);
    snap("lobby_ready", &view);
    assert!(view.buttons().all(|b| !b.disabled));
}

#[test]
fn f2_the_started_lobby_shows_the_roll_off_and_who_goes_first() {
    let mut game = table(&[(ANN, "Ann"), (BEN, "Ben"), (CAT, "Cat")], 500);
    // Ann rolls a word, Ben and Cat tie on 4, then on 2; then Cat's 1 beats Ben's word.
    act(&mut game, Action::Start { by: ANN }, &[W, 4, 4, 2, 2, W, 1]);
    let view = render::lobby(&game, EN);
    snap("lobby_started", &view);
    assert!(view.rows.is_empty());
}

// --- The turn ----------------------------------------------------------------------------------

#[test]
fn f3_before_the_first_roll_there_is_one_roll_button() {
    let game = ann_ben_cat(500);
    let view = turn_view(&game);
    snap("turn_first_roll", &view);
    assert_eq!(buttons(&view), [button("Roll", "roll", false)]);
}

#[test]
fn f5_without_a_pair_the_player_rolls_again_and_then_chooses_between_two_pairs() {
    let mut game = ann_ben_cat(500);
    // No pair; FOR, FOR, GET, GET set aside: one IT now spells FORGET IT.
    roll(&mut game, ANN, &[W, W, 1, W, W, 2, 3, 4, 5]);
    let view = turn_view(&game);
    snap("turn_no_pair", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Roll 5 dice", "roll", false),
            button("Odds", "odds", false)
        ]
    );
    assert_eq!(view.rows[0].buttons()[0].style, ButtonStyle::Danger);
    assert_eq!(view.rows[0].buttons()[1].style, ButtonStyle::Secondary);
    // Pairs of 3 and 5.
    roll(&mut game, ANN, &[3, 5, 3, 5, 1]);
    let view = turn_view(&game);
    snap("turn_choose_between_two_pairs", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Keep 3s", "choose:3", false),
            button("Keep 5s", "choose:5", false),
            button("Odds", "odds", false)
        ]
    );
}

#[test]
fn f4_the_turn_warns_when_one_more_word_spells_forget_it_and_shows_what_was_lost() {
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[4, 4, 1, W, 2, 3, W, 5, 1]);
    choose(&mut game, ANN, 4);
    let view = turn_view(&game);
    snap("turn_one_word_from_forget_it", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Roll 5 dice", "roll", false),
            button("Bank 8", "bank", false),
            button("Odds", "odds", false)
        ]
    );
    // A FOR on die 2: FORGET IT, the two 4s are lost.
    roll(&mut game, ANN, &[W, 4, 1, 2, 3]);
    let view = result_view(&game);
    snap("result_forget_it", &view);
    assert!(view.rows.is_empty());
}

#[test]
fn f9_f11_the_sample_turn_shows_its_score_with_the_multiplier_and_banks_72() {
    let mut game = ann_ben_cat(500);
    sample_turn_first_set(&mut game);
    let view = turn_view(&game);
    snap("turn_sample_all_nine_set_aside_72", &view);
    assert_eq!(
        buttons(&view),
        [
            button("Roll all nine", "roll", false),
            button("Bank 72", "bank", false),
            button("Odds", "odds", false)
        ]
    );
    bank(&mut game, ANN);
    snap("result_sample_banked_72", &result_view(&game));
}

#[test]
fn f8_f11_the_sample_turn_played_on_shows_the_second_set_and_banks_108() {
    let mut game = ann_ben_cat(500);
    sample_turn_first_set(&mut game);
    roll(&mut game, ANN, &[1, 1, 1, 2, 2, 5, 3, 4, 5]);
    snap("turn_sample_set_2", &turn_view(&game));
    roll(&mut game, ANN, &[W, 1, 1, 2, 2, 4, 4, 4]);
    roll(&mut game, ANN, &[W, 1, W, W, 3, 3, 4]);
    let view = turn_view(&game);
    snap("turn_sample_108", &view);
    let labels: Vec<&str> = view.buttons().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Roll 2 dice", "Bank 108", "Odds"]);
    bank(&mut game, ANN);
    snap("result_sample_banked_108", &result_view(&game));
}

/// The seeds' sample turn up to its ninth die, as in tests/engine_forgetit.rs.
fn sample_turn_first_set(game: &mut Game) {
    roll(game, ANN, &[3, 3, 3, W, 2, 2, 4, 4, 5]);
    choose(game, ANN, 3);
    roll(game, ANN, &[3, 5, 4, 5, W]);
    roll(game, ANN, &[W, 1, 3]);
    roll(game, ANN, &[2]);
    roll(game, ANN, &[4]);
    roll(game, ANN, &[3]);
}

#[test]
fn f8_a_forget_it_in_a_later_set_loses_the_whole_turn() {
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[W, 1, 1, W, 1, 1, 1, 1, 1]);
    choose(&mut game, ANN, 1);
    roll(&mut game, ANN, &[2, 2, 3, 3, 4, 4, W, 1, 5]);
    roll(&mut game, ANN, &[W, 2, 3, W, 4, 4, 5]);
    snap("result_forget_it_in_set_2", &result_view(&game));
}

#[test]
fn timeouts_and_leaving_show_how_the_turn_ended() {
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[4, 4, 1, 2, 3, 5, 1, 2, 3]);
    choose(&mut game, ANN, 4);
    act(&mut game, Action::TimeOut, &[]);
    snap("result_timed_out_banked", &result_view(&game));
    // Ben times out three turns in a row without a point number, and leaves.
    for round in 0..3 {
        roll(&mut game, BEN, &[4, 4, 1, 2, 3, 5, 1, 2, 3]);
        act(&mut game, Action::TimeOut, &[]);
        if round == 0 {
            snap("result_timed_out_zero", &result_view(&game));
        }
        if round < 2 {
            bank_four(&mut game, CAT);
            bank_four(&mut game, ANN);
        }
    }
    snap("result_timed_out_and_left", &result_view(&game));
    // Cat leaves on her own turn with 6 points in it.
    roll(&mut game, CAT, &[3, 3, 1, 2, 4, 5, 1, 2, 4]);
    choose(&mut game, CAT, 3);
    act(&mut game, Action::Leave { player: CAT }, &[]);
    snap("result_left", &result_view(&game));
}

#[test]
fn f10_the_scoreboard_announces_the_last_turns_and_equal_totals_share_the_win() {
    let mut game = ann_ben_cat(20);
    bank_four(&mut game, ANN);
    roll(&mut game, BEN, &[2, 2, 2, 2, 1, 3, 4, 5, 1]);
    choose(&mut game, BEN, 2);
    bank(&mut game, BEN); // 16
    bank_four(&mut game, CAT);
    roll(&mut game, ANN, &[2, 2, 2, 2, 1, 3, 4, 5, 1]);
    choose(&mut game, ANN, 2);
    bank(&mut game, ANN); // 20: reaches the target
    snap("turn_last_turns", &turn_view(&game));
    bank_four(&mut game, BEN); // 20
    roll(&mut game, CAT, &[W; 9]);
    let view = render::game_over(&game, EN);
    snap("game_over_shared_win", &view);
    assert!(view.content.contains("<@1>") && view.content.contains("<@2>"));
}

#[test]
fn f10_game_over_ranks_the_players_and_lists_those_who_left() {
    let mut game = started(
        &[(ANN, "Ann"), (BEN, "Ben"), (BOT, "Bot 1"), (CAT, "Cat")],
        10,
    );
    bank_four(&mut game, ANN);
    bank_four(&mut game, BEN);
    roll(&mut game, BOT, &[5, 5, 1, 2, 3, 4, 1, 2, 3]);
    choose(&mut game, BOT, 5);
    bank(&mut game, BOT); // 10: reaches the target
    act(&mut game, Action::Leave { player: CAT }, &[]);
    snap("scores_with_a_seat_that_left", &render::scores(&game, EN));
    bank_four(&mut game, ANN); // 8
    bank_four(&mut game, BEN); // 8
    let view = render::game_over(&game, EN);
    snap("game_over_bot_wins", &view);
    assert_eq!(view.content, "🏆 **Bot 1** wins **For Get It**!");
}

#[test]
fn a_cancelled_game_shows_the_scores_as_they_stood() {
    let mut game = ann_ben_cat(500);
    bank_four(&mut game, ANN);
    act(&mut game, Action::Cancel, &[]);
    snap("game_over_cancelled", &render::game_over(&game, EN));
}

#[test]
fn a_bot_seats_turn_shows_its_roll() {
    let mut game = started(&[(BOT, "Bot 1"), (ANN, "Ann")], 500);
    roll(&mut game, BOT, &[5, 5, 1, 2, 3, 4, 1, 2, 3]);
    snap("turn_bot", &turn_view(&game));
}

#[test]
fn f2_a_ten_seat_table_shows_every_seat_in_playing_order() {
    let names: Vec<(Player, String)> = (1..=10)
        .map(|id| (Player::Person(UserId::new(id)), format!("Player {id}")))
        .collect();
    let players: Vec<(Player, &str)> = names.iter().map(|(p, n)| (*p, n.as_str())).collect();
    let mut game = table(&players, 500);
    // Seat 7 (Player 8) wins the roll-off.
    let mut faces = [1; 10];
    faces[7] = 5;
    act(&mut game, Action::Start { by: ANN }, &faces);
    for id in [8, 9, 10, 1] {
        bank_four(&mut game, Player::Person(UserId::new(id)));
    }
    snap("turn_ten_seats", &turn_view(&game));
}

#[test]
fn for_get_its_rules_and_refusals_read_well() {
    snap("rules", &render::rules(EN));
    let errors = [
        RuleError::AlreadyStarted,
        RuleError::NotStarted,
        RuleError::GameOver,
        RuleError::AlreadySeated,
        RuleError::TableFull { max: MAX_SEATS },
        RuleError::NotSeated,
        RuleError::NotHost,
        RuleError::TooFewPlayers { min: MIN_SEATS },
        RuleError::NotYourTurn,
        RuleError::Game(GameError::MustChoosePoint),
        RuleError::Game(GameError::NoPointChosen),
        RuleError::Game(GameError::NothingToChoose),
        RuleError::Game(GameError::NotANumber(6)),
        RuleError::Game(GameError::NotRolledTwice(4)),
        RuleError::Game(GameError::BadTarget(0)),
        RuleError::EmptyName,
        RuleError::Game(GameError::RollOffUndecided),
    ];
    let text: Vec<String> = errors.iter().map(|e| render::error(e, EN)).collect();
    for line in &text {
        assert!(!line.is_empty() && line.chars().count() <= 200);
    }
    insta::assert_snapshot!("errors", text.join("\n"));
}

/// A busy channel's game: For Get It, its message, and two other channels for games.
fn busy() -> Busy {
    Busy {
        command: Some("forgetit"),
        link: Some(forgetit::render::notice::message_link(
            Some(GuildId::new(10)),
            ChannelId::new(20),
            MessageId::new(30),
        )),
        seated: false,
        channel: Some(ChannelId::new(20)),
        elsewhere: vec![ChannelId::new(21), ChannelId::new(22)],
        threads_off: true,
    }
}

#[test]
fn notices_are_short() {
    let notices = [
        Notice::Done,
        Notice::Joined,
        Notice::Left,
        Notice::Kicked,
        Notice::Cancelled,
        Notice::ChannelBusy(busy()),
        Notice::ChannelBusy(Busy {
            seated: true,
            ..busy()
        }),
        Notice::ChannelBusy(Busy {
            elsewhere: Vec::new(),
            ..busy()
        }),
        Notice::ChannelBusy(Busy::default()),
        Notice::NoGame(forgetit::discord::built_in().commands()),
        Notice::GameOver,
        Notice::Stale,
        Notice::AlreadyDone,
        Notice::HostOnly,
        Notice::HostOrModeratorOnly,
        Notice::NoSettingsHere,
        Notice::UnknownButton,
        Notice::NotSaved,
        Notice::ShuttingDown,
        Notice::Failed,
    ];
    // A refused action's answer first, then the table's notices.
    let refused = render::refusal(&RuleError::NotYourTurn, EN);
    let text: Vec<String> = std::iter::once(refused)
        .chain(notices.into_iter().map(|n| notice(n, EN)))
        .map(|view| {
            assert_within_limits(&view);
            assert!(view.embeds.is_empty() && view.rows.is_empty());
            view.content
        })
        .collect();
    insta::assert_snapshot!("notices", text.join("\n"));
    assert_eq!(bot_name(3, EN), "Bot 3");
}

// --- Leaderboards and stats --------------------------------------------------------------------

fn board(rows: usize, page: u32, pages: u32) -> LeaderboardView {
    let names = ["Ann", "Ben", "Cat", "Dan", "Eve"];
    LeaderboardView {
        game_label: "For Get It".to_string(),
        scope_label: "Dice Club".to_string(),
        by_label: "wins".to_string(),
        rows: (0..rows)
            .map(|i| LeaderRow {
                rank: u64::from(page - 1) * 5 + i as u64 + 1,
                name: names[i % 5].to_string(),
                mention: None,
                value: format!("{} wins", 50 - i),
                scored: true,
            })
            .collect(),
        page,
        pages,
        note: None,
    }
}

#[test]
fn leaderboards_page_with_previous_and_next_disabled_at_the_ends() {
    let first = leaderboard(&board(5, 1, 3), EN);
    snap("leaderboard_first_page", &first);
    assert_eq!(
        buttons(&first),
        [
            button("◀ Previous", "lb:1", true),
            button("Next ▶", "lb:2", false)
        ]
    );
    let middle = leaderboard(&board(5, 2, 3), EN);
    assert_eq!(
        buttons(&middle),
        [
            button("◀ Previous", "lb:1", false),
            button("Next ▶", "lb:3", false)
        ]
    );
    let last = leaderboard(&board(2, 3, 3), EN);
    assert_eq!(
        buttons(&last),
        [
            button("◀ Previous", "lb:2", false),
            button("Next ▶", "lb:3", true)
        ]
    );
    let single = leaderboard(&board(3, 1, 1), EN);
    assert!(single.rows.is_empty(), "one page needs no paging");
    snap("leaderboard_empty", &leaderboard(&board(0, 1, 1), EN));
}

#[test]
fn a_leaderboard_of_a_period_names_it_in_its_title() {
    let page: forgetit::store::LeaderboardPage = forgetit::store::LeaderboardPage {
        rows: Vec::new(),
        page: 1,
        pages: 1,
        players: 0,
    };
    let title = |period, lang| {
        let view = forgetit::render::leaderboard_page(
            forgetit::games::forgetit::KIND,
            shows(forgetit::games::forgetit::KIND),
            forgetit::render::BoardScope::Server,
            forgetit::engine::Ranking::Wins,
            period,
            forgetit::render::Leaders::Stats(&page),
            lang,
        );
        view.embeds[0].title.clone()
    };
    use forgetit::engine::Period;
    assert_eq!(
        title(Period::Week, EN),
        "🏆 For Get It · this server · last 7 days · by wins"
    );
    assert_eq!(
        title(Period::Month, EN),
        "🏆 For Get It · this server · last 30 days · by wins"
    );
    assert_eq!(
        title(Period::All, EN),
        "🏆 For Get It · this server · by wins"
    );
    assert_eq!(
        title(Period::Week, Lang::Fr),
        "🏆 For Get It · ce serveur · 7 derniers jours · par victoires"
    );
}

#[test]
fn a_board_of_ratings_shows_each_ones_rating() {
    use forgetit::ratings::Rating;
    use forgetit::store::{LeaderboardPage, RatedPlayer};
    let rated = |player, name: &str, mu| RatedPlayer {
        player,
        name: name.into(),
        rating: Rating { mu, sigma: 2.0 },
        games: 3,
    };
    let page = LeaderboardPage {
        rows: vec![
            (1, rated(Player::Person(UserId::new(7)), "ann", 31.0)),
            (2, rated(Player::Person(UserId::new(9)), "ben", 28.55)),
            // Someone who never played in this server: not named, not mentioned.
            (3, rated(Player::Person(UserId::new(8)), "", 7.0)),
        ],
        page: 1,
        pages: 1,
        players: 3,
    };
    let view = forgetit::render::leaderboard_page(
        forgetit::games::forgetit::KIND,
        shows(forgetit::games::forgetit::KIND),
        forgetit::render::BoardScope::Global,
        forgetit::engine::Ranking::Rating,
        forgetit::engine::Period::Week,
        forgetit::render::Leaders::Ratings(&page),
        EN,
    );
    snap("ratings_board", &view);
    let fr = forgetit::render::leaderboard_page(
        forgetit::games::forgetit::KIND,
        shows(forgetit::games::forgetit::KIND),
        forgetit::render::BoardScope::Global,
        forgetit::engine::Ranking::Rating,
        forgetit::engine::Period::Week,
        forgetit::render::Leaders::Ratings(&page),
        Lang::Fr,
    );
    snap("fr_ratings_board", &fr);
    let embed = &view.embeds[0];
    // Ratings are as they stand now: no period in the title.
    assert_eq!(embed.title, "🏆 For Get It · all servers · by rating");
    // 1500 + 40 (mu - 3 sigma); a person by name (never a mention, even across servers); a line
    // says what the number is, and that a period does not apply.
    assert!(
        embed.description.contains("ann · 2500"),
        "{}",
        embed.description
    );
    assert!(!embed.description.contains("<@"), "{}", embed.description);
    assert!(
        embed
            .description
            .contains("a player of another server · 1540"),
        "{}",
        embed.description
    );
    assert!(
        embed.description.contains("ben · 2402"),
        "{}",
        embed.description
    );
    assert!(
        embed.description.contains("-# A rating starts at 1500")
            && embed.description.contains("a period does not apply"),
        "{}",
        embed.description
    );
}

/// What the game `kind` shows beyond the figures every game's show.
fn shows(kind: forgetit::engine::GameKind) -> forgetit::render::stats::GameStats {
    forgetit::discord::built_in()
        .game(kind)
        .expect("one of the bot's games")
        .stats()
}

#[test]
fn stats_show_a_players_record() {
    let view = StatsView {
        game: forgetit::games::forgetit::KIND,
        shows: shows(forgetit::games::forgetit::KIND),
        name: "Ann".to_string(),
        games: 12,
        wins: 5,
        points: 4321,
        best_turn: 216,
        feats: 9,
        turns: 140,
    };
    snap("stats", &stats(&view, EN));
    let dickey = StatsView {
        game: forgetit::games::getdickey::KIND,
        shows: shows(forgetit::games::getdickey::KIND),
        best_turn: 312,
        feats: 3,
        turns: 12 * 13,
        points: 12 * 230,
        ..view.clone()
    };
    snap("stats_get_dickey", &stats(&dickey, EN));
    let new = StatsView {
        name: "Ben".to_string(),
        ..StatsView::none(view.game, view.shows)
    };
    snap("stats_no_games", &stats(&new, EN));
}

// --- Odds --------------------------------------------------------------------------------------

fn odds_view(solver: &mut Solver, game: &Game) -> MessageView {
    let odds = solver.odds(game).expect("a turn is being played");
    render::odds(game, &odds, game.current_player().unwrap(), EN, EN)
}

#[test]
fn odds_show_the_forget_it_chance_the_expected_scores_and_the_best_play() {
    let mut solver = Solver::new();
    let mut game = ann_ben_cat(500);
    // No pair; FOR, FOR, GET, GET set aside: an IT on one of the three IT dice in hand spells
    // FORGET IT, 1 − (5/6)³.
    roll(&mut game, ANN, &[W, W, 1, W, W, 2, 3, 4, 5]);
    let view = odds_view(&mut solver, &game);
    snap("odds_no_number_yet", &view);
    assert!(view.rows.is_empty(), "an answer has no buttons");
    assert!(view.to_string().contains("42.13% (1 in 2.4)"), "{view}");
    // Pairs of 3 and 5: the expected score of each.
    roll(&mut game, ANN, &[3, 5, 3, 5, 1]);
    let view = odds_view(&mut solver, &game);
    snap("odds_choose", &view);
    assert!(view.to_string().contains("Keep 3s"), "{view}");

    // 8 points, GET and IT out, one FOR die in hand: one in six.
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[4, 4, 1, W, 2, 3, W, 5, 1]);
    choose(&mut game, ANN, 4);
    let view = odds_view(&mut solver, &game);
    snap("odds_bank_or_roll", &view);
    assert!(view.to_string().contains("16.67% (1 in 6)"), "{view}");

    // All nine set aside at 72: the next roll is a new set of nine.
    let mut game = ann_ben_cat(500);
    sample_turn_first_set(&mut game);
    let odds = solver.odds(&game).unwrap();
    assert!(matches!(
        odds.situation,
        Situation::BankOrRoll {
            new_set: true,
            bank: 72,
            ..
        }
    ));
    let view = render::odds(&game, &odds, game.current_player().unwrap(), EN, EN);
    snap("odds_new_set", &view);
    assert!(view.to_string().contains("7.48% (1 in 13)"), "{view}");

    // Deep in a second set with one IT die between 108 and nothing: bank.
    let mut game = ann_ben_cat(500);
    sample_turn_first_set(&mut game);
    roll(&mut game, ANN, &[1, 1, 1, 2, 2, 5, 3, 4, 5]);
    roll(&mut game, ANN, &[W, 1, 1, 2, 2, 4, 4, 4]);
    roll(&mut game, ANN, &[W, 1, W, W, 3, 3, 4]);
    let odds = solver.odds(&game).unwrap();
    assert_eq!(odds.best, Choice::Bank);
    snap(
        "odds_bank",
        &render::odds(&game, &odds, game.current_player().unwrap(), EN, EN),
    );
}

// --- Button actions ----------------------------------------------------------------------------

#[test]
fn intents_round_trip_through_their_short_codes() {
    type I = Intent<Move>;
    let mut intents = vec![
        I::Join,
        I::Leave,
        I::AddBot,
        I::Start,
        I::Cancel,
        I::Play(Move::Roll),
        I::Play(Move::Bank),
        I::Odds,
        I::Rematch,
        I::Review,
    ];
    intents.extend((0..=u8::MAX).map(|n| I::Play(Move::ChoosePoint(n))));
    for intent in intents {
        let code = intent.code();
        assert!(code.len() <= 16, "{code} is short");
        assert_eq!(I::parse(&code, None), Some(intent));
        // The discord layer reads it without knowing the game; the table then reads the move.
        let text = Intent::<MoveText>::parse(&code, None).unwrap();
        assert_eq!(text.read::<Move>(), Some(intent));
    }
    assert_eq!(I::Play(Move::ChoosePoint(3)).code(), "choose:3");
    assert_eq!(I::Odds.code(), "odds");
    assert_eq!(I::Review.code(), "review");
    // Rematch and Review are the game-over message's buttons, and act there only.
    assert_eq!(I::Review.message_kind(), Some(MessageKind::Over));
    assert_eq!(I::Rematch.message_kind(), Some(MessageKind::Over));
    assert_eq!(
        UiAction::LeaderboardPage { page: 2 }.to_string(),
        "lb:2",
        "as views print it"
    );
    // Slash commands' own intents are no button's.
    for slash_only in [
        I::Scores,
        I::Kick {
            user_id: UserId::new(7),
        },
    ] {
        assert_eq!(I::parse(&slash_only.code(), None), None);
        assert_eq!(slash_only.message_kind(), None);
    }
    for junk in [
        "",
        "ROLL",
        "roll ",
        "choose",
        "choose:",
        "choose:03",
        "choose:+3",
        "choose:256",
        "choose:-1",
        "lb:2",
        "bank:1",
        "odds:1",
        "ODDS",
        "x:1",
        "hold:2",
        "score",
    ] {
        assert_eq!(I::parse(junk, None), None, "{junk:?} is refused");
    }
}

// --- Limits ------------------------------------------------------------------------------------

/// Ten seats with 80-character names full of markdown, totals near u32::MAX, a roll-off that
/// tied for 99 rounds, and a dice style whose every piece is far too long: every message still
/// keeps Discord's limits. (Random games of ten long names, of every game:
/// `every_game::every_message_of_ten_long_names_keeps_discords_limits`.)
#[test]
fn every_message_keeps_discords_limits_with_huge_totals_and_a_99_round_roll_off() {
    let names = ten_long_names();
    let players: Vec<(Player, &str)> = names.iter().map(|(p, n)| (*p, n.as_str())).collect();
    use forgetit::games::forgetit::dice::{KINDS, NUMBERS, WORDS};
    let style = DiceStyle::default()
        .with_pieces(
            &KINDS,
            &[(); 3].map(|_| "<:die_with_a_long_name:123456789012345678>".repeat(3)),
        )
        .with_pieces(
            &NUMBERS,
            &[(); 5].map(|_| "<a:number:98765432109876543210>".repeat(3)),
        )
        .with_pieces(&WORDS, &[(); 3].map(|_| "<:word:1>".repeat(20)));
    let mut views = Vec::new();

    let mut game = table(&players, MAX_TARGET);
    views.push(render::lobby(&game, EN));
    // A roll-off tied for 99 rounds among all ten, then won by the first seat.
    let mut faces: Vec<u8> = vec![3; 10 * 99];
    faces.push(5);
    faces.extend([1; 9]);
    act(&mut game, Action::Start { by: players[0].0 }, &faces);
    views.push(render::lobby(&game, EN));
    for seat in &mut game.seats {
        seat.total = u32::MAX - 1000;
    }
    let first = players[0].0;
    let mut solver = Solver::new();
    let mut step = |game: &Game, views: &mut Vec<MessageView>| {
        views.push(render::turn(game, &style, EN));
        if let Some(odds) = solver.odds(game) {
            views.push(render::odds(
                game,
                &odds,
                game.current_player().unwrap(),
                EN,
                EN,
            ));
        }
        if let Some(result) = &game.last_turn {
            views.push(render::turn_result(game, result, &style, EN));
        }
        views.push(render::scores(game, EN));
    };
    step(&game, &mut views);
    roll(&mut game, first, &[W, W, 1, W, W, 2, 3, 4, 5]);
    step(&game, &mut views);
    roll(&mut game, first, &[1, 2, 1, 2, 3]);
    step(&game, &mut views);
    choose(&mut game, first, 1);
    step(&game, &mut views);
    roll(&mut game, first, &[2, W, 4]);
    step(&game, &mut views);
    game.state.final_round = Some(1);
    for id in 1..=10 {
        let by = game.current_player().unwrap();
        if id % 2 == 0 {
            bank_four(&mut game, by);
        } else {
            roll(&mut game, by, &[1, 1, 1, 1, 1, 1, 1, 1, 1]);
            choose(&mut game, by, 1);
            step(&game, &mut views);
            roll(&mut game, by, &[W, W, 1, W, W, 2, 3, 4, 5]);
            step(&game, &mut views);
            act(&mut game, Action::Leave { player: by }, &[]);
        }
        step(&game, &mut views);
    }
    views.push(render::game_over(&game, EN));
    let mut shared = game.clone();
    for seat in &mut shared.seats {
        seat.status = SeatStatus::Playing;
    }
    shared.phase = Phase::Finished {
        winners: (0..10).collect(),
    };
    views.push(render::game_over(&shared, EN));
    shared.phase = Phase::Cancelled;
    views.push(render::game_over(&shared, EN));
    views.push(render::rules(EN));

    let rows = (1..=200)
        .map(|rank| LeaderRow {
            rank,
            name: long_name(rank),
            mention: None,
            value: "9".repeat(300),
            scored: true,
        })
        .collect();
    views.push(leaderboard(
        &LeaderboardView {
            game_label: "G".repeat(500),
            scope_label: "S".repeat(500),
            by_label: "B".repeat(500),
            rows,
            page: u32::MAX,
            pages: u32::MAX,
            note: Some("N".repeat(500)),
        },
        EN,
    ));
    for game in [
        forgetit::games::forgetit::KIND,
        forgetit::games::getdickey::KIND,
    ] {
        views.push(stats(
            &StatsView {
                game,
                shows: shows(game),
                name: long_name(1),
                games: u64::MAX,
                wins: u64::MAX,
                points: u64::MAX,
                best_turn: u64::MAX,
                feats: u64::MAX,
                turns: u64::MAX,
            },
            EN,
        ));
    }

    assert!(views.len() > 40);
    assert!(game.is_over());
    for view in &views {
        assert_within_limits(view);
    }
}

// --- In French ---------------------------------------------------------------------------------

const FR: Lang = Lang::Fr;

/// A whole short game in French (target 50): the lobby, the roll-off, a turn from its first roll
/// to its bank, the odds, a FORGET IT, the last turns and the end; the dice words stay FOR, GET
/// and IT.
#[test]
fn in_french_a_whole_game_reads_in_french() {
    let style = DiceStyle::default();
    let mut game = table(&[(ANN, "Ann"), (BOT, "Bot 1")], 50);
    snap("fr_lobby", &render::lobby(&game, FR));
    act(&mut game, Action::Start { by: ANN }, &[5, 1]);
    snap("fr_started", &render::lobby(&game, FR));
    let first = render::turn(&game, &style, FR);
    let labels: Vec<String> = first.buttons().map(|b| b.label.clone()).collect();
    assert_eq!(labels, ["Lancer"]);

    // F11's first roll: GET set aside, then keep the 3s.
    roll(&mut game, ANN, &[3, 3, 3, W, 2, 2, 4, 4, 5]);
    let choose_view = render::turn(&game, &style, FR);
    snap("fr_turn_choose", &choose_view);
    let odds = Solver::new().odds(&game).unwrap();
    snap(
        "fr_odds_choose",
        &render::odds(&game, &odds, game.current_player().unwrap(), FR, FR),
    );
    // An English reader at this French table: English words, the buttons as the table shows them.
    let english = render::odds(&game, &odds, game.current_player().unwrap(), EN, FR).to_string();
    assert!(
        english.contains("Click **Garder les 3**.") && english.contains("field Garder les 4"),
        "{english}"
    );
    choose(&mut game, ANN, 3);
    roll(&mut game, ANN, &[3, 4, 5, 5, W]);
    let view = render::turn(&game, &style, FR);
    snap("fr_turn_bank_or_roll", &view);
    let labels: Vec<String> = view.buttons().map(|b| b.label.clone()).collect();
    assert_eq!(labels, ["Lancer 3 dés", "Encaisser 24", "Chances"]);
    bank(&mut game, ANN);
    let result = game.last_turn.clone().unwrap();
    snap(
        "fr_turn_banked",
        &render::turn_result(&game, &result, &style, FR),
    );

    // The bot spells FORGET IT at once.
    roll(&mut game, BOT, &[W, 1, 1, W, 2, 2, W, 3, 3]);
    let result = game.last_turn.clone().unwrap();
    let view = render::turn_result(&game, &result, &style, FR);
    assert!(view
        .to_string()
        .contains("**FORGET IT\u{202f}!** **Bot 1** marque 0 ce tour-ci."));
    snap("fr_turn_forget_it", &view);

    // Ann passes the target: the last turns; the bot's FORGET IT ends the game.
    roll(&mut game, ANN, &[5, 5, 5, 5, 5, 5, 1, 2, 3]);
    choose(&mut game, ANN, 5);
    bank(&mut game, ANN);
    snap("fr_scores_last_turns", &render::scores(&game, FR));
    roll(&mut game, BOT, &[W, 1, 1, W, 2, 2, W, 3, 3]);
    assert!(game.is_over());
    snap("fr_game_over", &render::game_over(&game, FR));
}

#[test]
fn in_french_the_rules_errors_notices_and_boards_read_in_french() {
    snap("fr_rules", &render::rules(FR));
    let errors = [
        RuleError::TableFull { max: MAX_SEATS },
        RuleError::TooFewPlayers { min: MIN_SEATS },
        RuleError::NotYourTurn,
        RuleError::Game(GameError::NoPointChosen),
        RuleError::Game(GameError::NotRolledTwice(4)),
    ];
    let errors: Vec<String> = errors.iter().map(|e| render::error(e, FR)).collect();
    insta::assert_snapshot!("fr_errors", errors.join("\n"));
    let notices: Vec<String> = [
        Notice::Joined,
        Notice::ChannelBusy(busy()),
        Notice::ChannelBusy(Busy {
            seated: true,
            ..busy()
        }),
        Notice::NoGame(forgetit::discord::built_in().commands()),
        Notice::OtherGame("getdickey"),
        Notice::Stale,
        Notice::AlreadyDone,
        Notice::Failed,
    ]
    .into_iter()
    .map(|n| notice(n, FR).content)
    .collect();
    insta::assert_snapshot!("fr_notices", notices.join("\n"));
    assert_eq!(bot_name(2, FR), "Robot 2");

    snap(
        "fr_leaderboard",
        &leaderboard(
            &LeaderboardView {
                game_label: "Pig".into(),
                scope_label: "ce serveur".into(),
                by_label: "victoires".into(),
                rows: vec![LeaderRow {
                    rank: 1,
                    name: "Ann".into(),
                    mention: None,
                    value: "3".into(),
                    scored: true,
                }],
                page: 1,
                pages: 2,
                note: None,
            },
            FR,
        ),
    );
    snap(
        "fr_stats",
        &stats(
            &StatsView {
                game: forgetit::games::forgetit::KIND,
                shows: shows(forgetit::games::forgetit::KIND),
                name: "Ann".into(),
                games: 4,
                wins: 3,
                points: 1234,
                best_turn: 120,
                feats: 5,
                turns: 40,
            },
            FR,
        ),
    );
}

// --- Server settings ---------------------------------------------------------------------------

/// `config show`: the defaults (English), and every setting set with the longest channel list a
/// server may have (French, as answered after a change), each within Discord's limits; the
/// settings' notices in both languages.
#[test]
fn server_settings() {
    use forgetit::render::settings::{settings, SettingsView, Shown};
    use forgetit::settings::{self as decl, Value};
    let shown = |setting: decl::Setting, value: Option<Value>, set_here| Shown {
        setting,
        value,
        set_here,
    };
    let defaults = SettingsView {
        settings: vec![
            shown(decl::TARGET, Some(Value::Number(500)), false),
            shown(decl::TURN_TIMEOUT, Some(Value::Number(300)), false),
            shown(decl::BOT_PACE, Some(Value::Number(1500)), false),
            shown(decl::LANGUAGE, None, false),
            shown(decl::THREADS, Some(Value::Switch(false)), false),
            shown(decl::CHARTS, Some(Value::Switch(true)), false),
        ],
        target_game: "For Get It".into(),
        channels: vec![],
        command: "/forgetit config".into(),
    };
    snap("settings_default", &settings(&defaults, None, EN));
    let set = SettingsView {
        settings: vec![
            shown(decl::TARGET, Some(Value::Number(750)), true),
            shown(decl::TURN_TIMEOUT, Some(Value::Number(1)), true),
            shown(decl::BOT_PACE, Some(Value::Number(0)), true),
            shown(decl::LANGUAGE, Some(Value::Language(Lang::EnUs)), true),
            shown(decl::THREADS, Some(Value::Switch(true)), true),
            shown(decl::CHARTS, Some(Value::Switch(false)), true),
        ],
        target_game: "For Get It".into(),
        channels: (0..25).map(|n| ChannelId::new(u64::MAX - n)).collect(),
        command: "/forgetit config".into(),
    };
    let saved = Lang::Fr.t("settings-saved");
    snap("fr_settings_set", &settings(&set, Some(&saved), Lang::Fr));

    let notices = [
        Notice::ChannelNotAllowed(vec![ChannelId::new(10), ChannelId::new(20)]),
        Notice::ManageServerOnly,
        Notice::NothingToSet(vec!["**target**".into(), "**turn-timeout**".into()]),
        Notice::TooManyChannels(25),
        Notice::TooManyLobbies(1),
        Notice::TooManyLobbies(2),
        Notice::TooManyTables(200),
        Notice::SlowDown(60),
        Notice::BadOption {
            option: "channel".into(),
            takes: Takes::Channel,
            given: None,
        },
    ];
    let text: Vec<String> = [EN, Lang::Fr]
        .into_iter()
        .flat_map(|lang| notices.iter().map(move |n| notice(n.clone(), lang)))
        .map(|view| {
            assert_within_limits(&view);
            view.content
        })
        .collect();
    insta::assert_snapshot!("settings_notices", text.join("\n"));
}

// --- Application emoji -------------------------------------------------------------------------

/// The sample turn drawn with the bot's application emoji: one emoji per die, blank dice in hand,
/// the dice said in words in the message's text; nine dice to a line at most (a phone's width).
#[test]
fn with_application_emoji_each_die_is_one_picture_and_the_text_says_the_dice() {
    let style = application_style();
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[3, 3, 3, W, 2, 2, 4, 4, 5]);
    let views = [("app_turn_rolled", render::turn(&game, &style, EN))];
    choose(&mut game, ANN, 3);
    roll(&mut game, ANN, &[3, 5, 4, 5, W]);
    let mut views = views.to_vec();
    views.push(("app_turn_words_set_aside", render::turn(&game, &style, EN)));
    views.push((
        "fr_app_turn_words_set_aside",
        render::turn(&game, &style, FR),
    ));
    bank(&mut game, ANN);
    let result = game.last_turn.clone().expect("banked");
    views.push((
        "app_result_banked",
        render::turn_result(&game, &result, &style, EN),
    ));
    for (name, view) in &views {
        assert_fits_a_phone(view);
        snap(name, view);
        let text = view.to_string();
        assert!(!text.contains('🟥') && !text.contains("**GET**"), "{text}");
    }
    let rolled = &views[0].1;
    assert!(
        rolled
            .content
            .contains("-# Roll #1 — FOR: 3, 3, 3 · GET: word, 2, 2 · IT: 4, 4, 5 — "),
        "{}",
        rolled.content
    );
    assert_eq!(rolled.embeds[0].fields[0].1.matches("<:fgi1_").count(), 9);
    assert!(
        views[2].1.content.contains("IT\u{a0}: 4, 5, mot"),
        "{}",
        views[2].1.content
    );
}

/// A piece set in the config is the operator's choice: it wins over the application emoji (For
/// Get It's pieces all together, since a kind's marker leads its faces).
#[test]
fn pieces_set_in_the_config_win_over_application_emoji() {
    let words = forgetit::games::forgetit::dice::WORDS;
    let style = application_style().with_pieces(
        &words,
        &["**FOR**", "<:get:42>", "**IT**"].map(String::from),
    );
    let mut game = ann_ben_cat(500);
    roll(&mut game, ANN, &[3, 3, 3, W, 2, 2, 4, 4, 5]);
    let view = render::turn(&game, &style, EN);
    let dice = &view.embeds[0].fields[0].1;
    assert_eq!(dice, "🟥 3 3 3 ⬜ <:get:42> 2 2 🟦 4 4 5");
}

// --- A game that explains itself ---------------------------------------------------------------

/// The label of the view's button that starts with `start`.
fn label(view: &MessageView, start: &str) -> String {
    view.buttons()
        .map(|b| b.label.clone())
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no {start} button in {view}"))
}

/// F10: in the last turns the player on turn is told what they need to win and to tie, and a
/// Bank that cannot win says so on its button (and one that only ties), in both languages; the
/// Bank still banks.
#[test]
fn f10_in_the_last_turns_the_turn_says_what_is_needed_and_a_short_bank_says_so() {
    let mut game = ann_ben_cat(20);
    bank_four(&mut game, ANN);
    bank_four(&mut game, BEN);
    bank_four(&mut game, CAT);
    roll(&mut game, ANN, &[2, 2, 2, 2, 1, 3, 4, 5, 1]);
    choose(&mut game, ANN, 2);
    bank(&mut game, ANN); // 4 + 8 × 2 = 20: the target
                          // Ben has 4: he needs 17 to win, 16 to tie. Two 2s make 4: not enough.
    roll(&mut game, BEN, &[2, 2, 1, 3, 4, 5, 1, 3, 4]);
    choose(&mut game, BEN, 2);
    let view = turn_view(&game);
    snap("turn_last_turn_short_bank", &view);
    assert!(
        view.content
            .contains("⏳ Last turn: Ben needs **17** to win, 16 to tie."),
        "{}",
        view.content
    );
    assert_eq!(label(&view, "Bank"), "Bank 4 · not enough");
    let fr = render::turn(&game, &DiceStyle::default(), FR);
    snap("fr_turn_last_turn_short_bank", &fr);
    assert!(fr
        .content
        .contains("⏳ Dernier tour\u{a0}: il faut **17** à Ben pour gagner, 16 pour égaliser."));
    assert!(fr.buttons().any(|b| b.label == "Encaisser 4 · insuffisant"));
    // Four 2s, doubled (F9): 16 ties.
    roll(&mut game, BEN, &[2, 2, 1, 3, 4, 5, 1]);
    assert_eq!(label(&turn_view(&game), "Bank"), "Bank 16 · ties");
    bank(&mut game, BEN);
    assert_eq!(
        game.seats[1].total, 20,
        "a short or tying bank banks all the same"
    );
    // Before the last turns, nothing of the kind.
    let early = ann_ben_cat(500);
    assert!(!turn_view(&early).content.contains("⏳"));
}

/// The style of the view's button that starts with `start`.
fn style(view: &MessageView, start: &str) -> ButtonStyle {
    view.buttons()
        .find(|b| b.label.starts_with(start))
        .unwrap_or_else(|| panic!("no {start} button in {view}"))
        .style
}

/// F10, F4: in a last turn the buttons are coloured by what they do. A Bank that wins is the
/// green one, one that only ties blurple, one that cannot win grey; Roll is red where one more
/// word could lose points that banking would win or tie with, but blurple where banking cannot
/// win (rolling on is then the only way to win, whatever the words). Before the last turns, the
/// same dice keep the usual look: Bank green, Roll red with a word in hand.
#[test]
fn f10_in_a_last_turn_bank_and_roll_are_coloured_by_what_they_do() {
    // Ann reaches 20; Ben, on 4, needs 17 to win and 16 to tie.
    let mut game = ann_ben_cat(20);
    bank_four(&mut game, ANN);
    bank_four(&mut game, BEN);
    bank_four(&mut game, CAT);
    roll(&mut game, ANN, &[2, 2, 2, 2, 1, 3, 4, 5, 1]);
    choose(&mut game, ANN, 2);
    bank(&mut game, ANN);
    let mut before = ann_ben_cat(500);
    let mut last = game;
    /// The Bank button's label and style, and Roll's style, in `lang`.
    fn looks(game: &Game, lang: Lang) -> (String, ButtonStyle, ButtonStyle) {
        let view = render::turn(game, &DiceStyle::default(), lang);
        assert_within_limits(&view);
        let (bank, roll) = match lang {
            Lang::Fr => ("Encaisser", "Lancer"),
            _ => ("Bank", "Roll"),
        };
        (label(&view, bank), style(&view, bank), style(&view, roll))
    }
    // The same three rolls in both games, by the seat on turn: FOR and GET set aside, the IT
    // dice in hand (one IT spells FORGET IT), and the 2s kept. Before the last turns, Bank is
    // green and Roll red all along.
    fn both(before: &mut Game, last: &mut Game, faces: &[u8]) {
        for (game, by) in [(&mut *before, ANN), (last, BEN)] {
            roll(game, by, faces);
            if game.turn().unwrap().rolls == 1 {
                choose(game, by, 2);
            }
        }
        for lang in [EN, FR] {
            let (_, bank, roll) = looks(before, lang);
            assert_eq!((bank, roll), (ButtonStyle::Success, ButtonStyle::Danger));
        }
    }
    use ButtonStyle::{Danger, Primary, Secondary, Success};
    // Two 2s: 4 cannot win. Bank grey, Roll blurple, though an IT would spell FORGET IT.
    both(&mut before, &mut last, &[W, 2, 2, W, 1, 3, 4, 5, 1]);
    let view = turn_view(&last);
    snap("turn_last_turn_short_bank_word_in_hand", &view);
    assert!(view
        .to_string()
        .contains("⚠️ One **IT** now spells FORGET IT!"));
    assert_eq!(
        looks(&last, EN),
        ("Bank 4 · not enough".into(), Secondary, Primary)
    );
    assert_eq!(
        looks(&last, FR),
        ("Encaisser 4 · insuffisant".into(), Secondary, Primary)
    );
    // Four 2s, doubled: 16 ties. Bank blurple; Roll red (an IT would lose the shared win).
    both(&mut before, &mut last, &[2, 2, 1, 3, 4]);
    assert_eq!(looks(&last, EN), ("Bank 16 · ties".into(), Primary, Danger));
    assert_eq!((looks(&last, FR).1, looks(&last, FR).2), (Primary, Danger));
    // Five 2s, tripled: 30 wins. Bank green; Roll red (an IT would lose the win).
    both(&mut before, &mut last, &[2, 1, 3]);
    assert_eq!(looks(&last, EN), ("Bank 30".into(), Success, Danger));
    assert_eq!((looks(&last, FR).1, looks(&last, FR).2), (Success, Danger));
}

/// A finished turn is two lines, no embed and no buttons: the round and how it ended, then every
/// roll of the turn (the point dice in bold, the words, where the number was kept, each new set),
/// so a bot's turn can be followed and a long game keeps the channel short (F3–F8).
#[test]
fn a_finished_turn_tells_its_whole_story_in_two_lines() {
    let mut game = ann_ben_cat(500);
    sample_turn_first_set(&mut game);
    roll(&mut game, ANN, &[3, 1, 1, 1, 2, 2, 4, 5, 5]); // set 2
    bank(&mut game, ANN);
    for lang in [EN, FR] {
        let result = game.last_turn.clone().unwrap();
        let view = render::turn_result(&game, &result, &DiceStyle::default(), lang);
        assert!(view.embeds.is_empty() && view.rows.is_empty(), "{view}");
        assert_eq!(view.content.lines().count(), 2, "{}", view.content);
        let story = view.content.lines().nth(1).unwrap();
        assert!(
            story.starts_with("-# 🎲 **3 3 3** 2 2 4 4 5 GET"),
            "{story}"
        );
        assert!(
            story.contains(if lang == EN { "→ 3s" } else { "→ les 3" }),
            "{story}"
        );
        assert!(
            story.contains(if lang == EN {
                "set 2: **3** 1 1 1"
            } else {
                "série 2\u{a0}: **3** 1 1 1"
            }),
            "{story}"
        );
        if lang == FR {
            snap("fr_result_story", &view);
        }
    }
}

/// F2, F10: the turn's title counts rounds round the table: every seat's first turn is round 1,
/// and a seat that left does not shift the count.
#[test]
fn f2_turns_are_numbered_by_round_round_the_table() {
    let mut game = ann_ben_cat(500);
    let round = |game: &Game| match &game.phase {
        Phase::Playing { turn } => (turn.seat, turn.round),
        _ => panic!("not playing"),
    };
    assert_eq!(round(&game), (0, 1));
    bank_four(&mut game, ANN);
    assert_eq!(round(&game), (1, 1));
    bank_four(&mut game, BEN);
    bank_four(&mut game, CAT);
    assert_eq!(round(&game), (0, 2));
    assert!(turn_view(&game).embeds[0]
        .title
        .starts_with("Round 2 · Ann"));
    bank_four(&mut game, ANN);
    act(&mut game, Action::Leave { player: CAT }, &[]);
    bank_four(&mut game, BEN);
    assert_eq!(round(&game), (0, 3));
}
