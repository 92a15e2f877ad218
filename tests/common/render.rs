//! Shared by the render snapshot tests: every view is checked against Discord's limits as the
//! Discord layer really sends it (serialized from its serenity builders).

use forgetit::discord::io::create_message;
use forgetit::render::{limits, MessageView, RowView, UiAction};

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
