//! Shared by the render snapshot tests: every view is checked against Discord's limits as the
//! Discord layer really sends it (serialized from its serenity builders).

use forgetit::discord::io::create_message;
use forgetit::engine::Player;
use forgetit::render::{limits, MessageView, RowView, UiAction};
use forgetit::UserId;

/// The message as the Discord layer sends it, custom_ids as long as they can get.
pub fn discord_json(view: &MessageView) -> serde_json::Value {
    let name = |action: &UiAction| format!("fgi:{}:{}:{action}", i64::MAX, u64::MAX);
    serde_json::to_value(create_message(view, &name)).expect("a message serializes")
}

pub fn assert_within_limits(view: &MessageView) {
    let mut errors = Vec::new();
    discord_standin::limits::check_message(&discord_json(view), "", &mut errors);
    assert!(errors.is_empty(), "{errors:?} in\n{view}");
    // What the stand-in leaves to us: a message shows something, and the limits as stated.
    assert!(!view.content.is_empty() || !view.embeds.is_empty());
    assert!(view.content.chars().count() <= limits::CONTENT);
    assert!(view.rows.len() <= limits::ROWS);
    for row in &view.rows {
        match row {
            RowView::Buttons(buttons) => {
                assert!(!buttons.is_empty() && buttons.len() <= limits::BUTTONS_PER_ROW)
            }
            RowView::Select(select) => {
                assert!(!select.options.is_empty());
                assert!(select.options.len() <= limits::SELECT_OPTIONS);
            }
        }
    }
    let total: usize = view.embeds.iter().map(|e| e.text_chars()).sum();
    assert!(
        total <= limits::EMBED_TOTAL,
        "{total} characters in\n{view}"
    );
}

/// The buttons as (label, action, disabled).
pub fn buttons(view: &MessageView) -> Vec<(String, String, bool)> {
    view.buttons()
        .map(|b| (b.label.clone(), b.action.to_string(), b.disabled))
        .collect()
}

pub fn button(label: &str, action: &str, disabled: bool) -> (String, String, bool) {
    (label.to_string(), action.to_string(), disabled)
}

/// Dice drawn with application emoji, each with a snowflake-sized id.
pub fn application_style() -> forgetit::render::DiceStyle {
    use forgetit::render::emoji::{emoji_name, AppDice};
    let sources = forgetit::discord::built_in().dice();
    let ids = sources
        .iter()
        .enumerate()
        .map(|(i, (file, _))| (emoji_name(file), 1_300_000_000_000_000_000 + i as u64))
        .collect();
    forgetit::render::DiceStyle::default()
        .with_application(AppDice::from_ids(&ids, &sources).expect("every piece"))
}

/// A phone shows about this many custom emoji (22 px, with spaces) on one line of an embed.
pub const PHONE_EMOJI: usize = 9;

/// Every line of the view's embeds shows at most [`PHONE_EMOJI`] custom emoji, so that no dice
/// line wraps on a phone.
pub fn assert_fits_a_phone(view: &MessageView) {
    for embed in &view.embeds {
        let texts = embed
            .fields
            .iter()
            .map(|(_, value, _)| value.as_str())
            .chain(std::iter::once(embed.description.as_str()));
        for text in texts {
            for line in text.lines() {
                let emoji = line.matches("<:").count() + line.matches("<a:").count();
                assert!(emoji <= PHONE_EMOJI, "{emoji} emoji on one line: {line}");
            }
        }
    }
}

/// Ten seats (every third a bot seat) with 80-character names full of markdown, mentions and
/// characters outside the BMP: the worst a table's names can be.
pub fn ten_long_names() -> Vec<(Player, String)> {
    (1..=10)
        .map(|id| {
            let player = if id % 3 == 0 {
                Player::Bot(id as u8)
            } else {
                Player::Person(UserId::new(u64::MAX - id))
            };
            (player, long_name(id))
        })
        .collect()
}

/// An 80-character name full of markdown, mentions and a character outside the BMP.
pub fn long_name(i: u64) -> String {
    format!("{i}*_~`|<@#>[]𝔸")
        .repeat(10)
        .chars()
        .take(80)
        .collect()
}
