//! Discord-agnostic message views: what a message says and which buttons and select menus it has,
//! with no serenity type. The `discord` layer turns a [`MessageView`] into serenity builders and
//! encodes each component's [`UiAction`] (with the game id and version) into its custom_id.
//!
//! A message has up to five action rows ([`RowView`]): a row of one to five buttons, or one
//! string select menu alone, as Discord requires.
//!
//! The builders here keep every text within Discord's [`limits`], so no view can be refused for
//! its size: [`EmbedView::field`] and friends truncate what is too long, and
//! [`MessageView::row`] / [`MessageView::select`] never add an empty row or more than five.

use std::fmt;

use crate::engine::{Intent, MoveCode, Player};

/// Discord's documented limits, in characters (Unicode scalar values).
pub mod limits {
    pub const CONTENT: usize = 2000;
    pub const EMBEDS: usize = 10;
    pub const ROWS: usize = 5;
    pub const BUTTONS_PER_ROW: usize = 5;
    /// A button's label.
    pub const LABEL: usize = 80;
    /// A custom_id (the discord layer builds them; render's action codes are far shorter).
    pub const CUSTOM_ID: usize = 100;
    /// A select menu's placeholder.
    pub const PLACEHOLDER: usize = 150;
    /// A select menu's options.
    pub const SELECT_OPTIONS: usize = 25;
    /// A select option's label, value and description.
    pub const OPTION_LABEL: usize = 100;
    pub const OPTION_VALUE: usize = 100;
    pub const OPTION_DESCRIPTION: usize = 100;
    pub const TITLE: usize = 256;
    pub const DESCRIPTION: usize = 4096;
    pub const FIELDS: usize = 25;
    pub const FIELD_NAME: usize = 256;
    pub const FIELD_VALUE: usize = 1024;
    pub const FOOTER: usize = 2048;
    /// All the text of all the embeds of one message.
    pub const EMBED_TOTAL: usize = 6000;
}

/// Embed colours.
pub mod colour {
    pub const LOBBY: u32 = 0x5865F2;
    pub const PLAYING: u32 = 0x3498DB;
    /// A turn where one more word spells FORGET IT.
    pub const DANGER: u32 = 0xE67E22;
    pub const WINNER: u32 = 0xF1C40F;
    /// Cancelled, left, timed out with nothing: the grey of things that did not happen.
    pub const NOTHING: u32 = 0x95A5A6;
    pub const INFO: u32 = 0x1ABC9C;
}

/// How many characters of a player's name a message shows.
pub const NAME_CHARS: usize = 32;

/// A message: content, embeds, action rows, and the pictures attached with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageView {
    pub content: String,
    pub embeds: Vec<EmbedView>,
    pub rows: Vec<RowView>,
    pub pictures: Vec<Picture>,
}

/// A picture attached to a message: its file name, its PNG, and its alt text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub name: String,
    pub png: Vec<u8>,
    pub description: String,
}

/// An action row: one to five buttons, or one select menu, which takes a whole row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowView {
    Buttons(Vec<ButtonView>),
    Select(SelectView),
}

impl RowView {
    /// The row's buttons (none in a select menu's row).
    pub fn buttons(&self) -> &[ButtonView] {
        match self {
            RowView::Buttons(buttons) => buttons,
            RowView::Select(_) => &[],
        }
    }

    /// The row's select menu, if it is one.
    pub fn select(&self) -> Option<&SelectView> {
        match self {
            RowView::Buttons(_) => None,
            RowView::Select(select) => Some(select),
        }
    }
}

impl MessageView {
    pub fn new(content: &str) -> MessageView {
        MessageView {
            content: truncate(content, limits::CONTENT),
            ..MessageView::default()
        }
    }

    /// Attaches `picture`; the first embed shows it.
    pub fn picture(mut self, picture: Picture) -> MessageView {
        if let Some(embed) = self.embeds.first_mut() {
            embed.image = Some(picture.name.clone());
        }
        self.pictures.push(picture);
        self
    }

    pub fn embed(mut self, embed: EmbedView) -> MessageView {
        if self.embeds.len() < limits::EMBEDS {
            self.embeds.push(embed);
        }
        self
    }

    /// Adds a row of buttons; an empty row is left out, and a row past the fifth too.
    pub fn row(mut self, buttons: Vec<ButtonView>) -> MessageView {
        debug_assert!(buttons.len() <= limits::BUTTONS_PER_ROW);
        if !buttons.is_empty() && self.rows.len() < limits::ROWS {
            self.rows.push(RowView::Buttons(buttons));
        }
        self
    }

    /// Adds a select menu in a row of its own; one without options is left out (Discord refuses
    /// it), and one past the fifth row too.
    pub fn select(mut self, select: SelectView) -> MessageView {
        if !select.options.is_empty() && self.rows.len() < limits::ROWS {
            self.rows.push(RowView::Select(select));
        }
        self
    }

    /// Every button of the message, row by row.
    pub fn buttons(&self) -> impl Iterator<Item = &ButtonView> {
        self.rows.iter().flat_map(RowView::buttons)
    }

    /// Every select menu of the message, row by row.
    pub fn selects(&self) -> impl Iterator<Item = &SelectView> {
        self.rows.iter().filter_map(RowView::select)
    }
}

/// An embed. `fields` are (name, value, inline), as serenity's `CreateEmbed::fields` takes them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedView {
    pub title: String,
    pub description: String,
    pub fields: Vec<(String, String, bool)>,
    pub footer: Option<String>,
    pub colour: u32,
    /// The file name of a picture attached with the message, shown as the embed's image.
    pub image: Option<String>,
}

impl EmbedView {
    pub fn new(title: &str, colour: u32) -> EmbedView {
        EmbedView {
            title: truncate(title, limits::TITLE),
            description: String::new(),
            fields: Vec::new(),
            footer: None,
            colour,
            image: None,
        }
    }

    /// Shows the picture attached as `name` as this embed's image.
    pub fn image(mut self, name: &str) -> EmbedView {
        self.image = Some(name.to_string());
        self
    }

    pub fn description(mut self, text: &str) -> EmbedView {
        self.description = truncate(text, limits::DESCRIPTION);
        self
    }

    /// Adds a field; Discord refuses an empty name or value, so those show a dash.
    pub fn field(mut self, name: &str, value: &str, inline: bool) -> EmbedView {
        if self.fields.len() < limits::FIELDS {
            let name = truncate(or_dash(name), limits::FIELD_NAME);
            let value = truncate(or_dash(value), limits::FIELD_VALUE);
            self.fields.push((name, value, inline));
        }
        self
    }

    pub fn footer(mut self, text: &str) -> EmbedView {
        self.footer = Some(truncate(text, limits::FOOTER));
        self
    }

    /// The characters Discord counts toward [`limits::EMBED_TOTAL`].
    pub fn text_chars(&self) -> usize {
        let fields: usize = self
            .fields
            .iter()
            .map(|(name, value, _)| name.chars().count() + value.chars().count())
            .sum();
        self.title.chars().count()
            + self.description.chars().count()
            + self.footer.as_deref().map_or(0, |f| f.chars().count())
            + fields
    }
}

fn or_dash(text: &str) -> &str {
    if text.trim().is_empty() {
        "—"
    } else {
        text
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

impl ButtonStyle {
    fn name(self) -> &'static str {
        match self {
            ButtonStyle::Primary => "primary",
            ButtonStyle::Secondary => "secondary",
            ButtonStyle::Success => "success",
            ButtonStyle::Danger => "danger",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonView {
    /// Empty only beside an emoji: Discord needs one or the other.
    pub label: String,
    /// A custom emoji drawn before the label.
    pub emoji: Option<CustomEmoji>,
    pub style: ButtonStyle,
    pub action: UiAction,
    pub disabled: bool,
}

impl ButtonView {
    pub fn new(label: &str, style: ButtonStyle, action: impl Into<UiAction>) -> ButtonView {
        ButtonView {
            label: truncate(label, limits::LABEL),
            emoji: None,
            style,
            action: action.into(),
            disabled: false,
        }
    }

    /// The button with a custom emoji before its label (or alone, with an empty label).
    pub fn with_emoji(mut self, emoji: CustomEmoji) -> ButtonView {
        self.emoji = Some(emoji);
        self
    }

    pub fn disabled_if(mut self, disabled: bool) -> ButtonView {
        self.disabled = disabled;
        self
    }
}

/// A custom emoji (an application's or a server's), as a component carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomEmoji {
    pub id: u64,
    pub name: String,
    pub animated: bool,
}

impl CustomEmoji {
    /// Reads a custom emoji as a message writes it, `<:name:id>` or `<a:name:id>`; `None` for
    /// anything else (Unicode, text).
    pub fn parse(text: &str) -> Option<CustomEmoji> {
        let inner = text.strip_prefix('<')?.strip_suffix('>')?;
        let (animated, rest) = match inner.strip_prefix("a:") {
            Some(rest) => (true, rest),
            None => (false, inner.strip_prefix(':')?),
        };
        let (name, id) = rest.split_once(':')?;
        let name_ok = (2..=32).contains(&name.len())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        let digits = id.bytes().all(|b| b.is_ascii_digit()) && !id.starts_with('0');
        let id = id.parse().ok().filter(|_| digits)?;
        name_ok.then(|| CustomEmoji {
            id,
            name: name.to_string(),
            animated,
        })
    }
}

impl fmt::Display for CustomEmoji {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = if self.animated { "a" } else { "" };
        write!(f, "<{a}:{}:{}>", self.name, self.id)
    }
}

/// A string select menu: the player picks one option, and the discord layer reads the picked
/// option's `value` with the menu's `action`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectView {
    pub placeholder: String,
    pub action: UiAction,
    pub options: Vec<SelectOptionView>,
    pub disabled: bool,
}

impl SelectView {
    pub fn new(placeholder: &str, action: impl Into<UiAction>) -> SelectView {
        SelectView {
            placeholder: truncate(placeholder, limits::PLACEHOLDER),
            action: action.into(),
            options: Vec::new(),
            disabled: false,
        }
    }

    /// Adds an option (past the 25th, options are left out). The label and description are cut
    /// to Discord's limits; the value, which the discord layer parses back, must already fit.
    pub fn option(mut self, label: &str, value: &str, description: Option<&str>) -> SelectView {
        debug_assert!(!value.is_empty() && value.chars().count() <= limits::OPTION_VALUE);
        if self.options.len() < limits::SELECT_OPTIONS {
            self.options.push(SelectOptionView {
                label: truncate(or_dash(label), limits::OPTION_LABEL),
                value: truncate(value, limits::OPTION_VALUE),
                description: description
                    .filter(|d| !d.trim().is_empty())
                    .map(|d| truncate(d, limits::OPTION_DESCRIPTION)),
            });
        }
        self
    }

    pub fn disabled_if(mut self, disabled: bool) -> SelectView {
        self.disabled = disabled;
        self
    }
}

/// One option of a [`SelectView`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOptionView {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
}

/// What a button asks for. The game id and state version are not here: the discord layer adds
/// them (and, for leaderboard pages, the scope and ranking) to the custom_id.
///
/// A game's component carries an [`Intent`] as its code (see [`crate::engine::intent`]); a select
/// menu's intent is completed by the option picked.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum UiAction {
    /// An intent of the game's table, as its code: `join`, `roll`, `choose:3`, `score`, ...
    Game(String),
    /// Show this page (from 1) of a leaderboard.
    LeaderboardPage { page: u32 },
    /// A forget-me prompt's answer: forget (`confirm`), or keep.
    Forget { confirm: bool },
}

impl<M: MoveCode> From<Intent<M>> for UiAction {
    fn from(intent: Intent<M>) -> UiAction {
        UiAction::Game(intent.code())
    }
}

/// As views print it: the intent's code, `lb:{page}`, or `forget:{yes|no}`.
impl fmt::Display for UiAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UiAction::Game(code) => f.write_str(code),
            UiAction::LeaderboardPage { page } => write!(f, "lb:{page}"),
            UiAction::Forget { confirm } => {
                write!(f, "forget:{}", if *confirm { "yes" } else { "no" })
            }
        }
    }
}

/// `text`, cut to at most `max` characters with an ellipsis when it is longer.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// Backslash-escapes the characters that Discord markdown, mentions or masked links would read in
/// a player-given text.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '@' | '#' | '[' | ']'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A player-given name as messages show it: on one line, at most [`NAME_CHARS`] characters,
/// markdown escaped.
pub fn display_name(name: &str) -> String {
    let one_line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    escape(&truncate(&one_line, NAME_CHARS))
}

/// A seat's name as embeds show it ([`display_name`]), a bot seat marked: `🤖 Bot 1`.
pub fn seat_name(player: Player, name: &str) -> String {
    if player.is_bot() {
        format!("🤖 {}", display_name(name))
    } else {
        display_name(name)
    }
}

/// How content addresses a seat: a person by mention (which pings them), a bot by name.
pub fn seat_mention(player: Player, name: &str) -> String {
    match player {
        Player::Person(id) => format!("<@{id}>"),
        Player::Bot(_) => format!("**{}**", display_name(name)),
    }
}

/// "a", "a and b", "a, b and c" (with `conjunction` "and"; or "or", in the message's language).
pub fn list(items: &[String], conjunction: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {conjunction} {last}", init.join(", ")),
    }
}

/// A chance of winning, as Odds show it in every game: "**31.2%** to win".
pub fn to_win(p: f64, lang: crate::i18n::Lang) -> String {
    crate::tr!(lang, "odds-to-win", percent = win_percent(p, lang))
}

/// A chance of winning as a percentage with one decimal ("31.2"); "<0.1" when it is not 0 but
/// would read so.
pub fn win_percent(p: f64, lang: crate::i18n::Lang) -> String {
    let percent = 100.0 * p;
    if percent > 0.0 && percent < 0.05 {
        return decimal("<0.1", lang);
    }
    decimal(&format!("{percent:.1}"), lang)
}

/// How a ranking shows a rank: a medal for the first three, then the number.
pub fn place(rank: u64) -> String {
    match rank {
        1 => "🥇".to_string(),
        2 => "🥈".to_string(),
        3 => "🥉".to_string(),
        _ => format!("**{rank}.**"),
    }
}

/// A readable dump of a view, for snapshot tests and logs.
impl fmt::Display for MessageView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "content: {}", self.content)?;
        for embed in &self.embeds {
            writeln!(f, "--- embed #{:06x}", embed.colour)?;
            writeln!(f, "title: {}", embed.title)?;
            if !embed.description.is_empty() {
                writeln!(f, "description:")?;
                indent(f, &embed.description)?;
            }
            for (name, value, inline) in &embed.fields {
                let inline = if *inline { " (inline)" } else { "" };
                writeln!(f, "field {name}{inline}:")?;
                indent(f, value)?;
            }
            if let Some(footer) = &embed.footer {
                writeln!(f, "footer: {footer}")?;
            }
            if let Some(image) = &embed.image {
                writeln!(f, "image: attachment://{image}")?;
            }
        }
        for picture in &self.pictures {
            writeln!(
                f,
                "--- picture {} ({} bytes)",
                picture.name,
                picture.png.len()
            )?;
            indent(f, &picture.description)?;
        }
        for (i, row) in self.rows.iter().enumerate() {
            write!(f, "--- row {}:", i + 1)?;
            match row {
                RowView::Buttons(buttons) => {
                    for button in buttons {
                        let disabled = if button.disabled { ", disabled" } else { "" };
                        let face = match &button.emoji {
                            Some(emoji) if button.label.is_empty() => emoji.to_string(),
                            Some(emoji) => format!("{emoji} {}", button.label),
                            None => button.label.clone(),
                        };
                        write!(
                            f,
                            " [{face}]({}, {}{disabled})",
                            button.style.name(),
                            button.action
                        )?;
                    }
                    writeln!(f)?;
                }
                RowView::Select(select) => {
                    let disabled = if select.disabled { ", disabled" } else { "" };
                    writeln!(
                        f,
                        " <{}>(select, {}{disabled})",
                        select.placeholder, select.action
                    )?;
                    for option in &select.options {
                        write!(f, "  - {} = {}", option.label, option.value)?;
                        match &option.description {
                            Some(description) => writeln!(f, " · {description}")?,
                            None => writeln!(f)?,
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

fn indent(f: &mut fmt::Formatter<'_>, text: &str) -> fmt::Result {
    for line in text.lines() {
        writeln!(f, "  | {line}")?;
    }
    Ok(())
}

pub use crate::i18n::decimal;

#[cfg(test)]
mod tests {
    use super::CustomEmoji;
    use proptest::prelude::*;

    proptest! {
        /// A custom emoji written as a message writes it reads back as itself.
        #[test]
        fn a_custom_emoji_reads_back(name in "[A-Za-z0-9_]{2,32}", id in 1u64.., animated: bool) {
            let emoji = CustomEmoji { id, name, animated };
            prop_assert_eq!(CustomEmoji::parse(&emoji.to_string()), Some(emoji));
        }

        /// Text that looks like a custom emoji, or nearly (a name too short or too long, with a
        /// space or a dash, an id empty, signed, with a leading zero or past u64), is read only
        /// when it is exactly one: what is read writes back as the very same text.
        #[test]
        fn only_a_custom_emoji_is_read_as_one(
            text in "<(a)?:[A-Za-z0-9_ -]{0,34}:[0-9+]{0,21}>|<[^<>]{0,20}>|\\PC{0,20}",
        ) {
            if let Some(emoji) = CustomEmoji::parse(&text) {
                prop_assert_eq!(emoji.to_string(), text);
            }
        }
    }

    #[test]
    fn unicode_text_and_broken_mentions_are_not_custom_emoji() {
        for text in [
            "6️⃣",
            "🔒",
            "**GET**",
            "<:x:1>",
            "<:name:>",
            "<:name:0>",
            "<:name:01>",
            "<:name:+1>",
            "<name:1>",
            "<:na me:1>",
        ] {
            assert_eq!(CustomEmoji::parse(text), None, "{text}");
        }
        assert!(CustomEmoji::parse("<a:spin:12>").unwrap().animated);
    }
}
