//! Short answers to the one who asked (sent ephemerally): acknowledgements, refusals and
//! failures of the table service and the Discord layer.

use crate::engine::table::RuleError;
use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId, MessageId};
use crate::tr;

use super::view::{escape, list, truncate, MessageView};

/// How a game's own refusals read: each game's render module implements it for its error type.
pub trait ErrorText {
    fn text(&self, lang: Lang) -> String;
}

/// A short text for the player whose action was refused (sent ephemerally): the table's reasons
/// here, the game's own by its [`ErrorText`].
pub fn error<E: ErrorText>(err: &RuleError<E>, lang: Lang) -> String {
    match err {
        RuleError::AlreadyStarted => tr!(lang, "error-already-started"),
        RuleError::NotStarted => tr!(lang, "error-not-started"),
        RuleError::GameOver => tr!(lang, "error-game-over"),
        RuleError::AlreadySeated => tr!(lang, "error-already-seated"),
        RuleError::TableFull { max } => tr!(lang, "error-table-full", max = *max),
        RuleError::NotSeated => tr!(lang, "error-not-seated"),
        RuleError::NotHost => tr!(lang, "notice-host-only"),
        RuleError::NotHostOrModerator => tr!(lang, "notice-host-or-moderator"),
        RuleError::TooFewPlayers { min } => tr!(
            lang,
            "error-too-few-players",
            min = *min,
            add_bot = lang.t("button-add-bot")
        ),
        RuleError::NotYourTurn => tr!(lang, "error-not-your-turn"),
        RuleError::EmptyName => tr!(lang, "error-empty-name"),
        RuleError::Game(err) => err.text(lang),
    }
}

/// The answer to a move tried out of turn: whose turn it is (`player`, their seat's name), and
/// the turn's message (`turn`, its address) when known.
pub fn not_your_turn(player: &str, turn: Option<&str>, lang: Lang) -> MessageView {
    let mut text = tr!(
        lang,
        "error-not-your-turn-named",
        player = super::view::display_name(player)
    );
    if let Some(link) = turn {
        text.push(' ');
        text.push_str(&tr!(lang, "error-see-turn", link = link));
    }
    MessageView::new(&text)
}

/// The answer to a refused action, as a message: [`error`]'s text.
pub fn refusal<E: ErrorText>(err: &RuleError<E>, lang: Lang) -> MessageView {
    MessageView::new(&error(err, lang))
}

/// The slash commands of the games a bot offers, in its order (`forgetit`, `pig`).
pub type Commands = &'static [&'static str];

/// Something to tell the person who clicked or ran a command, and only them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The action is done (and shown on the game's messages).
    Done,
    Joined,
    Left,
    /// A player was removed from the table.
    Kicked,
    Cancelled,
    /// The channel already has an open game.
    ChannelBusy(Busy),
    /// There is no game in this channel: the games' commands (each game's
    /// [`GameKind::command`](crate::engine::GameKind::command)).
    NoGame(Commands),
    /// The channel's game is another game: its commands are under this command name.
    OtherGame(&'static str),
    /// The button belongs to a game that is over.
    GameOver,
    /// Rematch, clicked by someone who did not play that game: the games' commands.
    RematchPlayersOnly(Commands),
    /// The button was on a turn message that is no longer current.
    Stale,
    /// A move clicked again (a double click): the click before it was the one that counted.
    AlreadyDone,
    HostOnly,
    HostOrModeratorOnly,
    /// `config` where there are no server settings: a DM, a group DM, or a server where only
    /// people installed the app.
    NoSettingsHere,
    /// Odds were asked for, but no turn is being played.
    NoTurn,
    /// A button the bot does not know.
    UnknownButton,
    /// The store did not save the action, so nothing happened.
    NotSaved,
    ShuttingDown,
    /// The game's strategy table (Get Dickey's) is still being read or solved after a start: the
    /// answer follows once it is ready.
    Preparing,
    /// The strategy table was still not ready when the answer had to be given.
    NotPrepared,
    /// Something went wrong.
    Failed,
    /// A slash command's option got a value it does not take. `option` is its name as the
    /// person's client shows it; the answer says what it takes.
    BadOption {
        option: String,
        takes: Takes,
        /// The value given, as typed (`None` for a value picked rather than typed: a member, a
        /// channel): the answer quotes it.
        given: Option<String>,
    },
    /// A slash command with an option it does not have (its name as sent, shown escaped).
    UnknownOption(String),
    /// A slash command without an option it requires.
    MissingOption(String),
    /// A slash command whose options could not be read.
    BadOptions,
    /// A command or subcommand the bot does not have: the games' commands.
    UnknownCommand(Commands),
    /// A game may not start in this channel: the server lets games start in these channels only.
    ChannelNotAllowed(Vec<ChannelId>),
    /// The server's settings are changed by members with Manage Server only.
    ManageServerOnly,
    /// `config set` without a setting to set: the names of the options it takes.
    NothingToSet(Vec<String>),
    /// The server's list of channels is full (it holds this many).
    TooManyChannels(usize),
    /// The asker hosts this many open lobbies in the server, the most one person may.
    TooManyLobbies(u32),
    /// The server has this many open games, the most it may.
    TooManyTables(u32),
    /// The asker clicked more than this many times in a minute: nothing was done.
    SlowDown(u32),
    /// A game's command without a subcommand: the command, and its subcommands' names.
    SubcommandNeeded {
        command: String,
        subcommands: Vec<String>,
    },
    /// A server-wide subcommand sent under a game's command by a client whose list of commands
    /// is old (`old`, as sent): it is now `new` (under the bot's command, as the asker's client
    /// shows it).
    CommandMoved {
        old: String,
        new: String,
    },
}

/// The game that keeps a channel busy, as a refused `start` names it. Each part may be unknown
/// (another process opened the game a moment before).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Busy {
    /// The game's command (`forgetit`), which names it (`game-forgetit`).
    pub command: Option<&'static str>,
    /// The address of the message that shows it (its lobby, or its turn in progress).
    pub link: Option<String>,
    /// The channel (or thread) it is played in, named in the answer; `None` in a DM or a group
    /// DM (where a channel's mention shows nothing useful) or when unknown.
    pub channel: Option<ChannelId>,
    /// Whether the one who asked is seated in it.
    pub seated: bool,
    /// Other channels where the server lets games start (none: any channel).
    pub elsewhere: Vec<ChannelId>,
    /// Whether the server could turn threads on, so that each game has one and a channel holds
    /// several (they are off).
    pub threads_off: bool,
}

/// A Discord message's address, for a link.
pub fn message_link(guild: Option<GuildId>, channel: ChannelId, message: MessageId) -> String {
    match guild {
        Some(guild) => format!("https://discord.com/channels/{guild}/{channel}/{message}"),
        // A DM's or a group DM's.
        None => format!("https://discord.com/channels/@me/{channel}/{message}"),
    }
}

/// What a slash command's option takes, as the bot registered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Takes {
    /// A whole number from `min` to `max` (`max` [`SAFE_INTEGER`]: no more than Discord's
    /// limit, said as "at least `min`").
    Range { min: i64, max: i64 },
    /// One of these choices (their names, in the person's language).
    OneOf(Vec<String>),
    /// A member of the server.
    Member,
    /// A text channel of the server.
    Channel,
    /// A duration within these bounds.
    Duration(crate::duration::Bounds),
    /// Something else that the value is not.
    Other,
}

/// Discord's largest integer (the largest JavaScript holds exactly): an integer option
/// registered without a `max_value` takes up to it.
pub const SAFE_INTEGER: i64 = 9_007_199_254_740_991;

/// Up to three whole numbers from `min` to `max` (`max` [`SAFE_INTEGER`]: at least `min`), for a
/// refusal to quote: the smallest, a round one between, and the largest (for "at least": the
/// smallest and two round ones above it). Empty only when `min > max`.
pub fn whole_examples(min: i64, max: i64) -> Vec<i64> {
    if min > max {
        return Vec::new();
    }
    if max >= SAFE_INTEGER {
        // The next multiples of 10 and 100 above `min` (or of 100 and 1000...): round numbers.
        let mut examples = vec![min];
        let mut step: i128 = 10;
        while examples.len() < 3 && step <= 1_000_000_000_000_000 {
            let next = (i128::from(min) / step + 1) * step;
            let last = i128::from(*examples.last().unwrap_or(&min));
            if next > last && next <= i128::from(max) {
                examples.push(next as i64);
            }
            step *= 10;
        }
        return examples;
    }
    let (low, high) = (i128::from(min), i128::from(max));
    // The roundest number strictly between, nearest the middle.
    let middle = (low + high).div_euclid(2);
    let mut step: i128 = 1_000_000_000_000_000_000;
    let round = loop {
        let near = ((middle + step / 2).div_euclid(step)) * step;
        if low < near && near < high {
            break Some(near as i64);
        }
        if step == 1 {
            break None;
        }
        step /= 10;
    };
    let mut examples = vec![min];
    examples.extend(round);
    if max != min {
        examples.push(max);
    }
    examples
}

/// A value someone typed, quoted as code: on one line, cut, without backticks (which would end
/// the quote); `None` when nothing is left to quote.
fn quoted(given: &str) -> Option<String> {
    let one_line: String = given.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = truncate(&one_line, SENT_NAME_CHARS).replace('`', "'");
    (!text.is_empty()).then(|| format!("`{text}`"))
}

/// Examples as code, listed: "`20`, `110` or `200`".
fn examples(items: &[String], lang: Lang) -> String {
    let quoted: Vec<String> = items.iter().map(|e| format!("`{e}`")).collect();
    list(&quoted, &lang.t("or"))
}

/// Longest name shown of an option or command the bot does not know (they come from the
/// interaction, so anyone may write them).
const SENT_NAME_CHARS: usize = 32;

/// A name the bot did not write, as a notice shows it: on one line, cut, escaped.
fn sent_name(name: &str) -> String {
    let one_line: String = name.split_whitespace().collect::<Vec<_>>().join(" ");
    escape(&truncate(&one_line, SENT_NAME_CHARS))
}

/// The notice as a message (content only), in `lang`: the language of the one who asked.
pub fn notice(notice: Notice, lang: Lang) -> MessageView {
    MessageView::new(&notice_text(notice, lang))
}

/// The notice's text in `lang`: a fixed text, or one that says what the notice carries.
fn notice_text(notice: Notice, lang: Lang) -> String {
    let or = |items: &[String]| list(items, &lang.t("or"));
    let id = match notice {
        Notice::Done => "notice-done",
        Notice::Joined => "notice-joined",
        Notice::Left => "notice-left",
        Notice::Kicked => "notice-kicked",
        Notice::Cancelled => "notice-cancelled",
        Notice::GameOver => "notice-game-over",
        Notice::Stale => "notice-stale",
        Notice::AlreadyDone => "notice-already-done",
        Notice::HostOnly => "notice-host-only",
        Notice::HostOrModeratorOnly => "notice-host-or-moderator",
        Notice::NoSettingsHere => "notice-no-settings-here",
        Notice::NoTurn => "notice-no-turn",
        Notice::UnknownButton => "notice-unknown-button",
        Notice::NotSaved => "notice-not-saved",
        Notice::ShuttingDown => "notice-shutting-down",
        Notice::Preparing => "notice-preparing",
        Notice::NotPrepared => "notice-not-prepared",
        Notice::Failed => "notice-failed",
        Notice::ManageServerOnly => "notice-manage-server-only",
        Notice::BadOptions => "notice-options-bad",
        Notice::ChannelBusy(busy) => return channel_busy(&busy, lang),
        Notice::OtherGame(command) => return tr!(lang, "notice-other-game", command = command),
        // Every game's command, as the asker's client shows it.
        Notice::NoGame(games) => {
            let starts = or(&commands(games, lang, true));
            return tr!(lang, "notice-no-game", starts = starts);
        }
        Notice::RematchPlayersOnly(games) => {
            let starts = or(&commands(games, lang, true));
            return tr!(lang, "notice-rematch-players-only", starts = starts);
        }
        Notice::UnknownCommand(games) => {
            let commands = or(&commands(games, lang, false));
            return tr!(lang, "notice-unknown-command", commands = commands);
        }
        Notice::BadOption {
            option,
            takes,
            given,
        } => return bad_option(&option, takes, given.as_deref(), lang),
        Notice::UnknownOption(option) => {
            return tr!(lang, "notice-option-unknown", option = sent_name(&option))
        }
        Notice::MissingOption(option) => {
            return tr!(lang, "notice-option-missing", option = sent_name(&option))
        }
        Notice::ChannelNotAllowed(channels) => {
            let channels: Vec<String> = channels.iter().map(|c| format!("<#{c}>")).collect();
            return tr!(lang, "notice-channel-not-allowed", channels = or(&channels));
        }
        Notice::NothingToSet(options) => {
            return tr!(lang, "notice-nothing-to-set", options = or(&options))
        }
        Notice::TooManyChannels(max) => return tr!(lang, "notice-too-many-channels", max = max),
        Notice::TooManyLobbies(max) => return tr!(lang, "notice-limit-lobbies", max = max),
        Notice::TooManyTables(max) => return tr!(lang, "notice-limit-tables", max = max),
        Notice::SlowDown(max) => return tr!(lang, "notice-limit-clicks", max = max),
        Notice::CommandMoved { old, new } => {
            return tr!(lang, "notice-command-moved", old = old, new = new)
        }
        Notice::SubcommandNeeded {
            command,
            subcommands,
        } => {
            // The bot's own names (registered by it): shown as code.
            let subcommands: Vec<String> = subcommands.iter().map(|s| format!("`{s}`")).collect();
            return tr!(
                lang,
                "notice-subcommand-needed",
                command = command,
                subcommands = or(&subcommands)
            );
        }
    };
    lang.t(id)
}

/// The refusal of a value given to `option`: the value quoted (if any), then what the option
/// takes.
fn bad_option(option: &str, takes: Takes, given: Option<&str>, lang: Lang) -> String {
    let takes = what_it_takes(&sent_name(option), takes, lang);
    match given.and_then(quoted) {
        Some(given) => format!(
            "{} {takes}",
            tr!(lang, "notice-option-given", given = given)
        ),
        None => takes,
    }
}

/// What `option` (its name as shown) takes, with examples where they help.
fn what_it_takes(option: &str, takes: Takes, lang: Lang) -> String {
    match takes {
        Takes::Range { min, max } => {
            let shown: Vec<String> = whole_examples(min, max)
                .iter()
                .map(i64::to_string)
                .collect();
            if max >= SAFE_INTEGER {
                tr!(
                    lang,
                    "notice-option-at-least",
                    option = option,
                    min = min.to_string(),
                    examples = examples(&shown, lang)
                )
            } else {
                tr!(
                    lang,
                    "notice-option-range",
                    option = option,
                    min = min.to_string(),
                    max = max.to_string(),
                    examples = examples(&shown, lang)
                )
            }
        }
        Takes::OneOf(choices) => {
            let choices: Vec<String> = choices.iter().map(|c| sent_name(c)).collect();
            let choices = list(&choices, &lang.t("or"));
            tr!(
                lang,
                "notice-option-choice",
                option = option,
                choices = choices
            )
        }
        Takes::Member => tr!(lang, "notice-option-member", option = option),
        Takes::Channel => tr!(lang, "notice-option-channel", option = option),
        Takes::Duration(bounds) => tr!(
            lang,
            "notice-option-duration",
            option = option,
            min = crate::duration::show(bounds.min, lang),
            max = crate::duration::show(bounds.max, lang),
            examples = examples(&bounds.examples(lang), lang)
        ),
        Takes::Other => tr!(lang, "notice-option-value", option = option),
    }
}

/// The games' slash commands (`games`) in `lang`, as code (`/forgetit`), or with its `start`.
fn commands(games: Commands, lang: Lang, start: bool) -> Vec<String> {
    games
        .iter()
        .map(|game| {
            let command = lang.t(&format!("cmd-{game}"));
            if start {
                let start = lang.t("cmd-start");
                format!("`/{command} {start}`")
            } else {
                format!("`/{command}`")
            }
        })
        .collect()
}

/// The busy channel's answer: which game, where it is, that the asker is in it already, and
/// where else a game may start.
fn channel_busy(busy: &Busy, lang: Lang) -> String {
    let game = match busy.command {
        Some(command) => tr!(
            lang,
            "notice-busy-game",
            game = lang.t(&format!("game-{command}"))
        ),
        None => lang.t("notice-busy-a-game"),
    };
    let game = match &busy.link {
        Some(link) => format!("[{game}]({link})"),
        None => game,
    };
    let channel = match busy.channel {
        Some(channel) => format!("<#{channel}>"),
        None => lang.t("notice-busy-this-channel"),
    };
    if busy.seated {
        return tr!(lang, "notice-busy-seated", game = game, channel = channel);
    }
    let elsewhere = if busy.elsewhere.is_empty() {
        lang.t("notice-busy-another-channel")
    } else {
        let channels: Vec<String> = busy.elsewhere.iter().map(|c| format!("<#{c}>")).collect();
        tr!(
            lang,
            "notice-busy-in",
            channels = list(&channels, &lang.t("or"))
        )
    };
    let mut text = tr!(
        lang,
        "notice-channel-busy",
        game = game,
        channel = channel,
        elsewhere = elsewhere
    );
    if busy.threads_off {
        text.push(' ');
        text.push_str(&lang.t("notice-busy-threads"));
    }
    text
}

/// The name of the `n`th bot seat at a table (stored with the seat, so in the table's language).
pub fn bot_name(n: u8, lang: Lang) -> String {
    tr!(lang, "bot-name", n = n)
}
