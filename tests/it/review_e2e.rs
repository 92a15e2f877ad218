//! Reviews end to end through the Discord stand-in: games played on scripted dice with
//! sub-optimal decisions, the Review button on their end and `/forgetit review` /
//! `/getdickey review`, the numbers shown checked against the solvers computed here (For Get
//! It's turn solver, Get Dickey's solitaire table), in English and in French (the clicker's
//! locale), and every refusal.

use crate::common;
use crate::common::strategy::table;

use common::*;
use dickey_solver::{counts_of, sub_keeps, State, Table};
use discord_standin::Message;
use forgetit::games::forgetit::solver::Solver;
use forgetit::games::getdickey::bot::state_of;
use forgetit::games::getdickey::{Category, Scorecard};
use forgetit::GameId;
use serde_json::json;

/// A number as a review shows it: one decimal, "−" for a minus, a comma in French.
fn shown(value: f64, french: bool) -> String {
    let text = format!("{:.1}", value.abs());
    let text = if french { text.replace('.', ",") } else { text };
    if value <= -0.05 {
        format!("−{text}")
    } else {
        text
    }
}

fn signed(value: f64, french: bool) -> String {
    if value >= 0.05 {
        format!("+{}", shown(value, french))
    } else {
        shown(value, french)
    }
}

/// The game's number, from the footer of its end ("Game #12").
fn game_number(over: &Message) -> i64 {
    let text = over.text();
    let at = text.find("Game #").expect("the game's number") + "Game #".len();
    text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

/// F5, F7, F4, F10: alice keeps the 1s where the 4s are worth more and banks 2; bob banks 180;
/// alice's last turn spells FORGET IT. Her review, by the Review button and by `/forgetit review`,
/// shows the solver's numbers; bob's is in French; carol did not play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_for_get_it_review_shows_the_solvers_numbers_in_english_and_french() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB")],
    )
    .await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob, carol) = (world.alice, world.bob, world.carol);
    let turn = world.two_player_game(50).await;

    // Two 4s on FOR dice, two 1s, a GET and an IT: alice keeps the 1s, then banks 2.
    world.dice.push([4, 4, 1, W, 2, 3, W, 5, 1]);
    let rolled = world.click(alice, &turn, "Roll").await;
    let kept = world.click(alice, &rolled, "Keep 1s").await;
    world.click(alice, &kept, &label_with(&kept, "Bank")).await;

    // Bob: nine 5s, 9 × 5 × 4 = 180 (F9), past the target (F10).
    let turn = world.turn_of(bob).await;
    world.dice.push([5; 9]);
    let rolled = world.click(bob, &turn, "Roll").await;
    let kept = world.click(bob, &rolled, &label_with(&rolled, "5")).await;
    world.click(bob, &kept, &label_with(&kept, "180")).await;

    // Alice's last turn: FORGET IT on the first roll (F4).
    let turn = world.turn_of(alice).await;
    world.dice.push([W, 1, 2, W, 1, 2, W, 1, 2]);
    world.click(alice, &turn, "Roll").await;
    let over = world.game_over().await;
    let id = game_number(&over);

    // At target 50 the race is on from the first turn (bob is near the target), and alice's
    // last turn is played to win: the bot seats play both for the chance of winning, and so are
    // they judged. The same game through the engine gives the chances.
    let mut solver = Solver::new();
    let (chances, first_chance) = race_chances(&mut solver);
    let [keep_1s, keep_4s, bank_2, roll_on] = chances;
    // Keeping the 1s costs enough to be listed as a mistake (0.5 percentage point or more);
    // banking 2 costs something too, listed only if it is as much.
    let listed = forgetit::strategy::review::MISTAKE_CHANCE;
    assert!(
        keep_4s - keep_1s >= listed && roll_on - bank_2 > 0.0,
        "{chances:?}"
    );
    let bank_listed = roll_on - bank_2 >= listed;

    // The game's end gets its chart by an edit once it is drawn: awaited, then the review.
    world
        .standin
        .wait_until("the game's end with its chart", |view| {
            let end = view
                .messages(world.channel)
                .into_iter()
                .find(|m| m.id == over.id)?;
            (!end.attachments().is_empty()).then_some(())
        })
        .await
        .unwrap();
    let review = world.click(alice, &over, "Review").await;
    assert!(review.is_ephemeral());
    // The chart is the review's own: the game's end keeps its own picture, and no other.
    let end = world.standin.message(over.id).unwrap();
    let files: Vec<&str> = end
        .attachments()
        .iter()
        .map(|a| a.filename.as_str())
        .collect();
    assert_eq!(files, ["game.png"]);
    let text = review.text();
    let pct = |p: f64| shown(p, false);
    for expected in [
        format!("For Get It #{id}"),
        "**Score 2** in 2 rounds.".to_string(),
        "All your rounds were played to win".to_string(),
        format!(
            "**Round 1** · 2 pts\n🏁 chance of winning: {}% at the start",
            pct(first_chance)
        ),
        format!(
            "• you chose to keep the 1s (**{}%** to win); better: keep the 4s ({}%, **−{}** pts)",
            pct(keep_1s),
            pct(keep_4s),
            pct(keep_4s - keep_1s)
        ),
        // Her last turn: nothing she did could have done better; it ended at 0.
        "**Round 2** · 0 pts\n🏁 chance of winning: ".to_string(),
        "decisions 0.0: 0% at the end\n• every decision was the best one".to_string(),
    ] {
        assert!(text.contains(&expected), "{expected:?} not in\n{text}");
    }
    let bank_line = format!(
        "• you chose to bank 2 (**{}%** to win); better: roll on at 2 points ({}%, **−{}** pts)",
        pct(bank_2),
        pct(roll_on),
        pct(roll_on - bank_2)
    );
    assert_eq!(
        text.contains(&bank_line),
        bank_listed,
        "{bank_line:?} in\n{text}"
    );
    // No formula, no totals in points (no round was played for points).
    assert!(
        !text.contains("Score =") && !text.contains("would have scored"),
        "{text}"
    );
    // Each round is in the chart, and in its alt text: every round was played to win, so the
    // chart is in chances, what her first round's decisions cost as the review lists them.
    let chart = review.attachment("review.png").expect("the review's chart");
    assert!(chart.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let alt = chart.description.as_deref().unwrap_or_default();
    let first_costs = pct((keep_4s - keep_1s) + (roll_on - bank_2));
    assert!(
        alt.starts_with("alice's chance of winning after each of their turns")
            && alt.contains("round 1 ")
            && alt.contains(&format!(", −{first_costs} decisions · round 2 "))
            && alt.ends_with(", 0.0 decisions"),
        "{alt}"
    );
    let image = review.embeds()[0]["image"]["url"]
        .as_str()
        .unwrap_or_default();
    assert!(image.ends_with("/review.png"), "{image}");
    assert!(!text.contains("Timeouts"), "{text}");

    // The same review by the command, without a game (her latest) and with its number.
    let latest = world.slash(alice, "review", json!({})).await;
    assert!(latest.is_ephemeral());
    assert_eq!(latest.text(), text);
    let by_id = world.slash(alice, "review", json!({ "game": id })).await;
    assert_eq!(by_id.text(), text);

    // Bob's review, in his language: French numbers.
    let french = world.click(bob, &over, "Review").await;
    assert!(french.is_ephemeral());
    let text = french.text();
    assert!(
        text.contains(&format!("Analyse · bob · For Get It n°\u{a0}{id}")),
        "{text}"
    );
    assert!(text.contains("**Score 180** en une manche."), "{text}");
    assert!(
        text.contains("Votre manche s'est jouée pour gagner"),
        "{text}"
    );

    // Carol did not play: told so, privately.
    let refused = world.click(carol, &over, "Review").await;
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .text()
            .contains(&format!("You did not play in game #{id}")),
        "{}",
        refused.text()
    );
    let none = world.slash(carol, "review", json!({})).await;
    assert!(none.is_ephemeral());
    assert!(
        none.text()
            .contains("You have no finished game of For Get It"),
        "{}",
        none.text()
    );

    // Refusals: another game's command, an unknown game, a game not finished.
    let other = world
        .command(alice, "getdickey", "review", json!({ "game": id }))
        .await;
    assert!(other.is_ephemeral());
    assert!(
        other.text().contains("/forgetit review"),
        "{}",
        other.text()
    );
    let unknown = world
        .slash(alice, "review", json!({ "game": id + 1000 }))
        .await;
    assert!(
        unknown
            .text()
            .contains(&format!("There is no game #{}", id + 1000)),
        "{}",
        unknown.text()
    );
    world.slash(alice, "start", json!({})).await;
    let open = world
        .slash(alice, "review", json!({ "game": id + 1 }))
        .await;
    assert!(open.text().contains("is not finished"), "{}", open.text());
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// alice's first turn of the game above, through the engine: her chances of winning (in percent)
/// after keeping the 1s and the 4s, of banking 2 and of rolling on with the 1s kept, and at the
/// turn's start, as the bot seats' race model gives them.
fn race_chances(solver: &mut Solver) -> ([f64; 4], f64) {
    use forgetit::engine::dice::ScriptedDice;
    use forgetit::engine::Player;
    use forgetit::games::forgetit::solver::{win_keep_value, win_value};
    use forgetit::games::forgetit::{Action, Game, Move, Settings};
    let (a, b) = (
        Player::Person(forgetit::UserId::new(1)),
        Player::Person(forgetit::UserId::new(2)),
    );
    let none = &mut ScriptedDice::new([]);
    let (mut game, _) = Game::create(
        Settings {
            target: 50,
            ..Default::default()
        },
        a,
        "alice",
    )
    .unwrap();
    let join = Action::Join {
        player: b,
        name: "bob".into(),
    };
    game.apply(join, none).unwrap();
    game.apply(Action::Start { by: a }, &mut ScriptedDice::new([5, 1]))
        .unwrap();
    let start = {
        let turn = game.turn().unwrap().clone();
        let (_, utility) = solver
            .win_turn(&game, forgetit::games::forgetit::solver::Model::Field)
            .expect("a race at 50");
        100.0 * win_value(utility, &turn)
    };
    let roll = Action::Play {
        by: a,
        mv: Move::Roll,
    };
    game.apply(roll, &mut ScriptedDice::new([4, 4, 1, W, 2, 3, W, 5, 1]))
        .unwrap();
    let turn = game.turn().unwrap().clone();
    let (_, utility) = solver
        .win_turn(&game, forgetit::games::forgetit::solver::Model::Field)
        .unwrap();
    let keep_1s = 100.0 * win_keep_value(utility, &turn, 1);
    let keep_4s = 100.0 * win_keep_value(utility, &turn, 4);
    let keep = Action::Play {
        by: a,
        mv: Move::ChoosePoint(1),
    };
    game.apply(keep, none).unwrap();
    let turn = game.turn().unwrap().clone();
    let (_, utility) = solver
        .win_turn(&game, forgetit::games::forgetit::solver::Model::Field)
        .unwrap();
    let bank_2 = 100.0 * utility.utility(2);
    let roll_on = 100.0 * win_value(utility, &turn);
    ([keep_1s, keep_4s, bank_2, roll_on], start)
}

/// The boxes alice fills with 2 2 3 3 3 in each of her 13 turns: Chance first (G4: a full house
/// is worth 25 in its own box), then in scorecard order.
const BOXES: [&str; 13] = [
    "chance",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "dickey",
];

/// G2–G5, G7: alice (a French client) plays alone, rolling 2 2 3 3 3 once each turn and scoring
/// the boxes in the order of [`BOXES`]; her review, in French, shows the table's numbers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_get_dickey_review_shows_the_solitaire_tables_numbers_in_french() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "fr"), ("bob", "en-US"), ("carol", "en-GB")],
    )
    .await;
    let table = table();
    let bot = world.start_bot(world.config()).await;
    let alice = world.alice;
    // An English table (poise choices are indexes: English, Français): the review is hers, in
    // her language, whatever the table's.
    let lobby = world
        .command(alice, "getdickey", "start", json!({ "language": 0 }))
        .await;
    world.click(alice, &lobby, "Start").await;
    let hand = counts_of(&[2, 2, 3, 3, 3]).unwrap();

    // What the table says, turn by turn: the card's value before the roll, the roll's value
    // with two rolls left (its best decision), and what filling the box is worth.
    let mut state = State::START;
    let (mut points, mut lost, mut luck) = (0u32, 0.0, 0.0);
    let mut costs = Vec::new();
    let mut card = Scorecard::default();
    for key in BOXES {
        let turn = world.turn_of(alice).await;
        world.dice.push([2, 2, 3, 3, 3]);
        let roll = turn
            .button_labels()
            .into_iter()
            .find(|l| l.starts_with("Roll"))
            .unwrap();
        let rolled = world.click(alice, &turn, &roll).await;
        world.score(alice, &rolled, key).await;

        let category: Category = key.parse().unwrap();
        assert_eq!(state_of(&card), state);
        let plan = table.turn(state);
        let mut best = plan.score_value(&hand);
        for keep in sub_keeps(&hand) {
            if keep != hand {
                best = best.max(plan.keep_value(&keep, 2));
            }
        }
        let (after, gained) = table.fill(state, &hand, category.index()).unwrap();
        let chosen = f64::from(gained) + table.value(after);
        luck += best - table.value(state);
        if best - chosen > 1e-9 {
            lost += best - chosen;
            costs.push(best - chosen);
        }
        points += gained;
        state = after;
        card.boxes[category.index()] =
            Some(card.option(category, &[2, 2, 3, 3, 3]).unwrap().points);
    }
    let over = world.game_over().await;
    let id = game_number(&over);
    let expected = table.expected_score();
    assert!(
        (f64::from(points) - (expected + luck - lost)).abs() < 1e-6,
        "the review adds up"
    );
    assert!(over.text().contains(&points.to_string()), "{}", over.text());

    let review = world.click(alice, &over, "Review").await;
    assert!(review.is_ephemeral());
    let text = review.text();
    // G4: the full house scored as Chance, 13 where 25 was to be had, on the first turn.
    let first = costs[0];
    for expected in [
        format!("Analyse · alice · Get Dickey n°\u{a0}{id}"),
        format!("**Score {points}**"),
        format!(
            "Le meilleur jeu aurait marqué **{}** en moyenne.",
            shown(expected, true)
        ),
        format!(
            "Vos dés\u{a0}: **{}** points par rapport à des dés moyens.",
            signed(luck, true)
        ),
        format!(
            "Vos décisions ont coûté **{}** points en moyenne.",
            shown(lost, true)
        ),
        "**Manche 1** · 13 pts\n• avec 2 2 3 3 3, votre choix\u{a0}: marquer Chance (13)\u{202f}; mieux\u{a0}: "
            .to_string(),
    ] {
        assert!(text.contains(&expected), "{expected:?} not in\n{text}");
    }
    let chart = review.attachment("review.png").expect("the review's chart");
    let alt = chart.description.as_deref().unwrap_or_default();
    let first_round = format!(
        "manche 1\u{a0}: chance {}",
        signed(luck_of_first(table), true)
    );
    assert!(alt.contains(&first_round), "{first_round:?} not in\n{alt}");
    assert!(
        text.contains(&format!("**−{}**", shown(first, true))),
        "{text}"
    );
    let latest = world.command(alice, "getdickey", "review", json!({})).await;
    assert_eq!(latest.text(), text);
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// The first roll's luck: the hand's value with two rolls left, minus the empty card's.
fn luck_of_first(table: &Table) -> f64 {
    let hand = counts_of(&[2, 2, 3, 3, 3]).unwrap();
    let plan = table.turn(State::START);
    let mut best = plan.score_value(&hand);
    for keep in sub_keeps(&hand) {
        if keep != hand {
            best = best.max(plan.keep_value(&keep, 2));
        }
    }
    best - table.value(State::START)
}

/// `retention.game_logs_days`: the move logs of games that ended longer ago are deleted; their
/// results stay (the leaderboard still counts them), and their Review and Rematch buttons, and
/// `/forgetit review game:`, say that the moves are gone, in the asker's language. A game that
/// ended since keeps its log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_moves_were_deleted_says_so_and_its_result_still_counts() {
    let world = World::with_locales(
        "en-US",
        &[("alice", "en-US"), ("bob", "fr"), ("carol", "en-GB")],
    )
    .await;
    let bot = world.start_bot(world.config()).await;
    let (alice, bob) = (world.alice, world.bob);
    let over = world.a_short_game().await;
    let id = game_number(&over);
    let events = world.database().count("events").await;
    let results = world.database().count("results").await;
    assert!(events > 0 && results == 2, "{events} {results}");

    // It ended two days ago; logs are kept one day.
    let day = 24 * 60 * 60 * 1000;
    world
        .execute(&format!(
            "UPDATE games SET finished_ms = finished_ms - {} WHERE id = {id}",
            2 * day
        ))
        .await;
    let store = world.store().await;
    let now = forgetit::store::now_ms();
    assert_eq!(store.prune_logs(now - day, now).await.unwrap(), 1);
    assert_eq!(store.log_pruned(GameId::new(id)).await.unwrap(), Some(now));
    assert_eq!(store.prune_logs(now - day, now).await.unwrap(), 0, "once");
    store.close().await;
    assert_eq!(world.database().count("events").await, 0);
    assert_eq!(world.database().count("results").await, results);

    let review = world.click(alice, &over, "Review").await;
    assert!(review.is_ephemeral());
    assert_eq!(
        review.text(),
        format!(
            "Game #{id} ended long ago and its moves are no longer kept, so it has no review or \
             rematch any more. Its result still counts."
        )
    );
    let rematch = world.click(bob, &over, "Rematch").await;
    assert!(rematch.is_ephemeral());
    assert!(
        rematch.text().starts_with(&format!(
            "La partie n°\u{a0}{id} s'est terminée il y a longtemps et ses coups ne sont plus conservés"
        )),
        "{}",
        rematch.text()
    );
    let asked = world.slash(alice, "review", json!({ "game": id })).await;
    assert!(asked.text().contains("no longer kept"), "{}", asked.text());
    let board = world.slash(alice, "leaderboard", json!({})).await;
    assert!(board.text().contains("bob"), "{}", board.text());
    bot.shutdown().await;
}
