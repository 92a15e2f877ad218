//! Pure rendering: game state in, Discord-agnostic message views out (content, embeds, buttons and
//! select menus), snapshot-tested. No serenity or poise type lives here: the `discord` layer turns
//! a [`MessageView`] into serenity builders and each component's [`UiAction`] into a custom_id.
//!
//! Every text comes from the Fluent resources in the [`Lang`](crate::i18n::Lang) each function is
//! given: the table's language for public messages, the asker's for private answers.
//!
//! - [`view`]: the view types, Discord's limits (which every view keeps), the component actions
//!   and the text helpers (truncating and escaping player-given names).
//! - [`dice`]: the pieces dice are drawn with, whatever the game ([`DiceStyle`]: the config's
//!   pieces and the application emoji, looked up by a game's own declarations), and [`emoji`]:
//!   the dice's pictures.
//! - [`chart`]: charts as pictures (a game's scores, a review, a rating).
//! - [`review`]: a review of one person's play, and its refusals.
//! - `lobby`, `over`, `seat`: the pieces every game's messages share; each game's own messages
//!   are in its folder (`games::<game>::views`).
//! - [`stats`]: leaderboards and a player's statistics.
//! - [`notice`](mod@notice): the short ephemeral answers of the table service.
//! - [`privacy`]: what the bot keeps, and the forget-me prompt.
//! - [`settings`]: a server's settings (`config show`).

pub mod chart;
pub mod daily;
pub mod dice;
pub mod emoji;
pub mod lobby;
pub mod notice;
pub mod over;
pub mod privacy;
pub mod review;
pub mod seat;
pub mod settings;
pub mod stats;
pub mod view;

use crate::engine::table::Rules;
use crate::engine::GameKind;
use crate::i18n::Lang;
pub use dice::{DiceStyle, EmojiStyle};
use fluent_bundle::FluentArgs;
pub use notice::{bot_name, error, notice, refusal, ErrorText, Notice, Takes};
pub use stats::{
    leaderboard, leaderboard_page, player_stats, stats, BoardScope, LeaderRow, LeaderboardView,
    Leaders, StatsView,
};
pub use view::{
    limits, ButtonStyle, ButtonView, CustomEmoji, EmbedView, MessageView, Picture, RowView,
    SelectOptionView, SelectView, UiAction,
};

/// The rules card of the game `R` as one embed: its title and introduction, a field per rule,
/// and last the rule every game shares, on turns that time out. Its message ids start with the
/// game's code: `{code}-rules-intro`, and for each of `fields` its title `{code}-rules-{field}`
/// and text `{code}-rules-{field}-text`; the title and the last rule's title are shared
/// ([`game_text`]: `game-rules-title`, `game-rules-time`) unless the game has its own. The texts
/// quote `args` (the game's own numbers) and the table's: `min` and `max` seats, `n` timeouts
/// before leaving, so the card says what the engine does.
pub fn rules_card<R: Rules>(
    fields: &[&str],
    mut args: fluent_bundle::FluentArgs<'static>,
    lang: crate::i18n::Lang,
) -> MessageView {
    let prefix = R::NAMES.code;
    args.set("min", R::MIN_SEATS);
    args.set("max", R::MAX_SEATS);
    args.set("n", crate::engine::table::TIMEOUTS_BEFORE_LEAVING);
    let title = game_text::<R>("rules-title", FluentArgs::new(), lang);
    let intro = lang.t_with(&format!("{prefix}-rules-intro"), &args);
    let mut embed = EmbedView::new(&title, view::colour::INFO).description(&intro);
    for field in fields.iter().chain(&[TIME_FIELD]) {
        let id = format!("{prefix}-rules-{field}");
        let text = lang.t_with(&format!("{id}-text"), &args);
        let title = if *field == TIME_FIELD {
            game_text::<R>("rules-time", FluentArgs::new(), lang)
        } else {
            lang.t(&id)
        };
        embed = embed.field(&title, &text, false);
    }
    MessageView::new("").embed(embed)
}

/// The texts every game's messages share, each `game-{part}` naming the game (`$game`, its
/// `game-<command>`) and its emoji (`$emoji`, [`Names::emoji`]); a game may have its own,
/// `{code}-{part}` ([`game_text`]).
pub const SHARED_TEXTS: &[&str] = &[
    "lobby-title",
    "lobby-content",
    "closed-title",
    "closed-description",
    "started-title",
    "started-content",
    "over-winner",
    "over-content",
    "over-title",
    "cancelled-content",
    "cancelled-title",
    "rules-title",
    "rules-time",
];

/// The game `R`'s text `part` (one of [`SHARED_TEXTS`]) with `args`: the game's own,
/// `{code}-{part}`, when its texts have one in `lang`; else the one every game shares,
/// `game-{part}`, told the game's name (`$game`) and emoji (`$emoji`).
pub fn game_text<R: Rules>(part: &str, mut args: FluentArgs<'_>, lang: Lang) -> String {
    debug_assert!(SHARED_TEXTS.contains(&part), "{part}");
    let own = format!("{}-{part}", R::NAMES.code);
    if lang.has(&own) {
        return lang.t_with(&own, &args);
    }
    args.set("game", lang.t(&format!("game-{}", R::NAMES.command)));
    args.set("emoji", R::NAMES.emoji);
    lang.t_with(&format!("game-{part}"), &args)
}

/// The rule every game shares: turns that time out, and leaving.
const TIME_FIELD: &str = "time";

/// Every message id made from a game's names (its kind `kind`): its name (`game-<command>`), its
/// rules card's (see [`rules_card`], its `fields`), and its review's note if it `reviews`.
pub fn game_message_ids(kind: GameKind, fields: &[&str], reviews: bool) -> Vec<String> {
    let prefix = kind.code();
    let mut ids = vec![
        format!("game-{}", kind.command()),
        format!("{prefix}-rules-intro"),
    ];
    if reviews {
        // The game's note at the foot of a review.
        ids.push(format!("{prefix}-review-note"));
    }
    for field in fields {
        ids.extend([
            format!("{prefix}-rules-{field}"),
            format!("{prefix}-rules-{field}-text"),
        ]);
    }
    ids.push(format!("{prefix}-rules-{TIME_FIELD}-text"));
    ids
}

/// Every message id the games share ([`SHARED_TEXTS`]).
pub fn shared_message_ids() -> Vec<String> {
    SHARED_TEXTS
        .iter()
        .map(|part| format!("game-{part}"))
        .collect()
}
