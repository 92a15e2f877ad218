//! The dice's application emoji end to end, through the stand-in: a first start uploads every
//! die, a second uploads none, the project's dice of another version are deleted (and nobody
//! else's emoji), and a refused upload or a failed listing leaves the bot playing with Unicode
//! dice. Every request is checked against Discord's spec (the stand-in's `assert_clean`).

use crate::common;

use common::{label_with, World, W};
use discord_standin::faults::{APPLICATION_EMOJI, APPLICATION_EMOJIS};
use discord_standin::{EmojiRefusal, FaultKind, RestFault};
use forgetit::config::Config;
use forgetit::render::emoji::{self, DICE_VERSION};
use forgetit::render::EmojiStyle;

fn application(world: &World) -> Config {
    let mut config = world.config();
    config.emoji.style = EmojiStyle::Application;
    config
}

/// What the bot logs on this thread (where its start runs) while the guard lives.
struct Logs(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Logs {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn capture_logs() -> (
    std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    tracing::subscriber::DefaultGuard,
) {
    let buffer = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let writer = {
        let buffer = buffer.clone();
        move || Logs(buffer.clone())
    };
    let subscriber = tracing_subscriber::fmt()
        .with_writer(writer)
        .with_ansi(false)
        .with_max_level(tracing::Level::INFO)
        .finish();
    (buffer, tracing::subscriber::set_default(subscriber))
}

fn logged(buffer: &std::sync::Mutex<Vec<u8>>) -> String {
    String::from_utf8_lossy(&buffer.lock().unwrap()).into_owned()
}

/// The bot's requests to `route` with `method` so far.
fn calls(world: &World, method: &str, route: &str) -> usize {
    world
        .standin
        .requests()
        .iter()
        .filter(|r| r.method == method && r.route.as_deref() == Some(route))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_start_uploads_every_die_and_a_second_none() {
    let world = World::new().await;
    let (logs, guard) = capture_logs();
    let bot = world.start_bot(application(&world)).await;
    drop(guard);
    assert!(
        logged(&logs).contains("dice drawn with the application emoji"),
        "{}",
        logged(&logs)
    );
    let dice = emoji::images(&forgetit::discord::built_in().dice()).len();
    assert_eq!(
        dice,
        forgetit::discord::built_in().dice().len(),
        "every picture renders"
    );
    assert_eq!(calls(&world, "GET", APPLICATION_EMOJIS), 1, "one list call");
    assert_eq!(calls(&world, "POST", APPLICATION_EMOJIS), dice);
    let uploaded = world.standin.application_emojis();
    assert_eq!(uploaded.len(), dice);
    for e in &uploaded {
        assert!(
            e.name.starts_with(&format!("fgi{DICE_VERSION}_"))
                || e.name.starts_with(&format!("gd{DICE_VERSION}_")),
            "{}",
            e.name
        );
        assert_eq!(e.content_type, "image/png");
        assert!(e.image.len() <= emoji::MAX_BYTES);
    }
    let id_of = |name: &str| {
        uploaded
            .iter()
            .find(|e| e.name == name)
            .unwrap_or_else(|| panic!("{name} uploaded"))
            .id
    };

    // A turn drawn with them, and said in words in the message's text.
    let turn = world.two_player_game(500).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    let text = rolled.text();
    let for_3 = format!(
        "<:fgi{DICE_VERSION}_for_3:{}>",
        id_of(&format!("fgi{DICE_VERSION}_for_3"))
    );
    let get_word = format!(
        "<:fgi{DICE_VERSION}_get_word:{}>",
        id_of(&format!("fgi{DICE_VERSION}_get_word"))
    );
    assert!(
        text.contains(&format!("{for_3} {for_3} {for_3} {get_word}")),
        "{text}"
    );
    assert!(!text.contains('🟥'), "{text}");
    assert!(
        rolled
            .content()
            .contains("Roll #1 — FOR: 3, 3, 3 · GET: word, 2, 2 · IT: 4, 4, 5"),
        "{}",
        rolled.content()
    );
    bot.shutdown().await;

    // A second start on the same stand-in: one list call, no upload, the same emoji.
    let bot = world.start_bot(application(&world)).await;
    assert_eq!(calls(&world, "GET", APPLICATION_EMOJIS), 2);
    assert_eq!(
        calls(&world, "POST", APPLICATION_EMOJIS),
        dice,
        "none uploaded again"
    );
    assert_eq!(world.standin.application_emojis(), uploaded);
    let keep = label_with(&rolled, "3");
    let kept = world.click(world.alice, &rolled, &keep).await;
    assert!(kept.text().contains(&for_3), "{}", kept.text());
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn get_dickey_dice_and_held_dice_are_emoji() {
    let world = World::new().await;
    let bot = world.start_bot(application(&world)).await;
    let lobby = world
        .command(world.alice, "getdickey", "start", serde_json::json!({}))
        .await;
    world.click(world.alice, &lobby, "Start").await;
    let turn = world.turn_of(world.alice).await;
    world.dice.push([6, 2, 6, 1, 6]);
    let rolled = world.click(world.alice, &turn, "Roll (3 left)").await;
    let hold = rolled
        .buttons()
        .into_iter()
        .filter_map(|b| b.custom_id)
        .find(|id| id.ends_with(":hold:0"))
        .expect("a hold button");
    let held = world
        .standin
        .click_custom_id(world.alice, rolled.id, &hold)
        .await
        .unwrap()
        .answer()
        .await
        .unwrap();
    let text = held.text();
    assert!(
        text.contains(&format!(":gd{DICE_VERSION}_6_held:")),
        "{text}"
    );
    assert!(text.contains(&format!(":gd{DICE_VERSION}_2:")), "{text}");
    assert!(
        held.content().contains("6 held, 2, 6, 1, 6"),
        "{}",
        held.content()
    );
    // The hold buttons are the dice's pictures, the bot's own uploaded emoji, with no label.
    let uploaded = world.standin.application_emojis();
    let pictures: Vec<String> = held
        .buttons()
        .into_iter()
        .filter(|b| {
            b.custom_id
                .as_deref()
                .is_some_and(|id| id.contains(":hold:"))
        })
        .map(|b| {
            assert_eq!(b.label, None, "{b:?}");
            let id = b.emoji_id.expect("a custom emoji");
            let emoji = uploaded.iter().find(|e| e.id == id).expect("uploaded");
            assert_eq!(Some(&emoji.name), b.emoji.as_ref());
            emoji.name.clone()
        })
        .collect();
    let name = |piece: &str| format!("gd{DICE_VERSION}_{piece}");
    let expected = ["6_held", "2", "6", "1", "6"].map(name);
    assert_eq!(pictures, expected);
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_deletes_the_dice_of_other_versions_and_nobody_elses_emoji() {
    let world = World::new().await;
    let png = emoji::images(&forgetit::discord::built_in().dice())[0]
        .png
        .clone();
    let old = DICE_VERSION + 1;
    world
        .standin
        .add_application_emoji(&format!("fgi{old}_for_3"), png.clone());
    world
        .standin
        .add_application_emoji(&format!("gd{old}_6_held"), png.clone());
    let theirs = ["party_parrot", "fgi_for_3", "gd2_party"];
    for name in theirs {
        world.standin.add_application_emoji(name, png.clone());
    }
    let bot = world.start_bot(application(&world)).await;
    assert_eq!(calls(&world, "DELETE", APPLICATION_EMOJI), 2);
    let names: Vec<String> = world
        .standin
        .application_emojis()
        .into_iter()
        .map(|e| e.name)
        .collect();
    for name in theirs {
        assert!(names.contains(&name.to_string()), "{name} kept: {names:?}");
    }
    assert!(!names.contains(&format!("fgi{old}_for_3")), "{names:?}");
    assert!(!names.contains(&format!("gd{old}_6_held")), "{names:?}");
    assert_eq!(
        names.len(),
        theirs.len() + forgetit::discord::built_in().dice().len()
    );
    bot.shutdown().await;
    world.standin.assert_clean();
}

/// Plays alice's first roll and checks it is drawn with Unicode dice.
async fn plays_with_unicode_dice(world: &World) {
    let turn = world.two_player_game(500).await;
    world.dice.push([3, 3, 3, W, 2, 2, 4, 4, 5]);
    let rolled = world.click(world.alice, &turn, "Roll").await;
    let text = rolled.text();
    assert!(text.contains("🟥 3 3 3 ⬜ **GET** 2 2 🟦 4 4 5"), "{text}");
    assert!(!text.contains("<:fgi"), "{text}");
    let keep = label_with(&rolled, "3");
    let kept = world.click(world.alice, &rolled, &keep).await;
    assert!(!kept.is_ephemeral(), "{}", kept.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_upload_falls_back_to_unicode_and_the_bot_plays() {
    for refusal in [EmojiRefusal::Full, EmojiRefusal::Forbidden] {
        let world = World::new().await;
        world.standin.refuse_emoji_uploads(Some(refusal));
        let (logs, guard) = capture_logs();
        let bot = world.start_bot(application(&world)).await;
        drop(guard);
        let logs = logged(&logs);
        assert!(
            logs.contains("dice drawn with Unicode") && logs.contains("uploading fgi1_"),
            "the reason is logged: {logs}"
        );
        assert_eq!(
            calls(&world, "POST", APPLICATION_EMOJIS),
            1,
            "it stops at the first"
        );
        let fired = world.standin.faults_fired();
        assert!(
            fired
                .iter()
                .any(|f| f.kind == FaultKind::EmojiRefused(refusal)),
            "{fired:?}"
        );
        plays_with_unicode_dice(&world).await;
        bot.shutdown().await;

        // Accepted again: the next start uploads them all and draws with them.
        world.standin.refuse_emoji_uploads(None);
        let bot = world.start_bot(application(&world)).await;
        assert_eq!(
            world.standin.application_emojis().len(),
            forgetit::discord::built_in().dice().len()
        );
        bot.shutdown().await;
        world.standin.assert_clean();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_listing_falls_back_to_unicode_and_the_bot_plays() {
    let world = World::new().await;
    world.standin.inject(
        RestFault::status(503)
            .method("GET")
            .route(APPLICATION_EMOJIS),
    );
    let (logs, guard) = capture_logs();
    let bot = world.start_bot(application(&world)).await;
    drop(guard);
    let logs = logged(&logs);
    assert!(
        logs.contains("dice drawn with Unicode") && logs.contains("listing the application emoji"),
        "the reason is logged: {logs}"
    );
    assert_eq!(
        calls(&world, "POST", APPLICATION_EMOJIS),
        0,
        "nothing uploaded"
    );
    assert!(world.standin.application_emojis().is_empty());
    plays_with_unicode_dice(&world).await;
    bot.shutdown().await;
    world.standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unicode_style_sends_no_emoji_request() {
    let world = World::new().await;
    let bot = world.start_bot(world.config()).await;
    assert_eq!(calls(&world, "GET", APPLICATION_EMOJIS), 0);
    plays_with_unicode_dice(&world).await;
    bot.shutdown().await;
    world.standin.assert_clean();
}
