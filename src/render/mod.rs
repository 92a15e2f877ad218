//! Pure rendering: game state in, Discord-agnostic message views out (content, embeds, buttons and
//! select menus), snapshot-tested. No serenity or poise type lives here: the `discord` layer turns
//! a [`MessageView`] into serenity builders and each component's [`UiAction`] into a custom_id.
//!
//! Every text comes from the Fluent resources in the [`Lang`](crate::i18n::Lang) each function is
//! given: the table's language for public messages, the asker's for private answers.
//!
//! - [`view`]: the view types, Discord's limits (which every view keeps), the component actions
//!   and the text helpers (truncating and escaping player-given names).
//! - [`dice`]: how dice are drawn as text ([`DiceStyle`]; the emoji design is explained there).
//! - [`forgetit`]: the *For Get It* messages: lobby, turn, turn result, game over, scores, odds,
//!   rules, errors (re-exported here).
//! - [`getdickey`]: the *Get Dickey* messages, the same set (used as `render::getdickey::turn`),
//!   with keycap dice, scorecards and the "Score in…" menu.
//! - [`stats`]: leaderboards and a player's statistics.
//! - [`notice`](mod@notice): the short ephemeral answers of the table service.

pub mod dice;
pub mod forgetit;
pub mod getdickey;
mod lobby;
pub mod notice;
mod over;
mod seat;
pub mod stats;
pub mod view;

pub use dice::DiceStyle;
pub use forgetit::{game_over, lobby, odds, rules, scores, turn, turn_result};
pub use notice::{bot_name, error, notice, refusal, ErrorText, Notice};
pub use stats::{
    leaderboard, leaderboard_page, player_stats, stats, LeaderRow, LeaderboardView, StatsView,
};
pub use view::{
    limits, ButtonStyle, ButtonView, EmbedView, MessageView, RowView, SelectOptionView, SelectView,
    UiAction,
};

/// A game's rules as one embed: its title and introduction, a field per rule, and last the rule
/// every game shares, on turns that time out. The game's message ids start with `prefix` (its
/// code): `{prefix}-rules-title`, `{prefix}-rules-intro`, and each of `fields` (a message id: the
/// field's title) with its text, `{field}-text`; `args` are the numbers the texts quote (the
/// game's constants, so the rules card says what the engine does).
fn rules_card(
    prefix: &str,
    fields: &[&str],
    mut args: fluent_bundle::FluentArgs<'static>,
    lang: crate::i18n::Lang,
) -> MessageView {
    args.set("n", crate::engine::table::TIMEOUTS_BEFORE_LEAVING);
    let title = lang.t(&format!("{prefix}-rules-title"));
    let intro = lang.t_with(&format!("{prefix}-rules-intro"), &args);
    let mut embed = EmbedView::new(&title, view::colour::INFO).description(&intro);
    let time = format!("{prefix}-rules-time");
    for id in fields.iter().copied().chain([time.as_str()]) {
        let text = lang.t_with(&format!("{id}-text"), &args);
        embed = embed.field(&lang.t(id), &text, false);
    }
    MessageView::new("").embed(embed)
}
