//! Short answers to the one who asked (sent ephemerally): acknowledgements, refusals and
//! failures of the table service and the Discord layer.

use crate::engine::table::RuleError;
use crate::i18n::Lang;
use crate::tr;

use super::view::MessageView;

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
        RuleError::TooFewPlayers { min } => tr!(lang, "error-too-few-players", min = *min),
        RuleError::NotYourTurn => tr!(lang, "error-not-your-turn"),
        RuleError::EmptyName => tr!(lang, "error-empty-name"),
        RuleError::Game(err) => err.text(lang),
    }
}

/// The answer to a refused action, as a message: [`error`]'s text.
pub fn refusal<E: ErrorText>(err: &RuleError<E>, lang: Lang) -> MessageView {
    MessageView::new(&error(err, lang))
}

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
    ChannelBusy,
    /// There is no game in this channel.
    NoGame,
    /// The channel's game is another game: its commands are under this command name.
    OtherGame(&'static str),
    /// The button belongs to a game that is over.
    GameOver,
    /// The button was on a turn message that is no longer current.
    Stale,
    HostOnly,
    HostOrModeratorOnly,
    /// The game is played in server channels only.
    GuildOnly,
    /// Odds were asked for, but no turn is being played.
    NoTurn,
    /// A button the bot does not know.
    UnknownButton,
    /// The store did not save the action, so nothing happened.
    NotSaved,
    ShuttingDown,
    /// Something went wrong.
    Failed,
}

/// The notice as a message (content only), in `lang`: the language of the one who asked.
pub fn notice(notice: Notice, lang: Lang) -> MessageView {
    let id = match notice {
        Notice::Done => "notice-done",
        Notice::Joined => "notice-joined",
        Notice::Left => "notice-left",
        Notice::Kicked => "notice-kicked",
        Notice::Cancelled => "notice-cancelled",
        Notice::ChannelBusy => "notice-channel-busy",
        Notice::NoGame => "notice-no-game",
        Notice::OtherGame(command) => {
            return MessageView::new(&tr!(lang, "notice-other-game", command = command))
        }
        Notice::GameOver => "notice-game-over",
        Notice::Stale => "notice-stale",
        Notice::HostOnly => "notice-host-only",
        Notice::HostOrModeratorOnly => "notice-host-or-moderator",
        Notice::GuildOnly => "notice-guild-only",
        Notice::NoTurn => "notice-no-turn",
        Notice::UnknownButton => "notice-unknown-button",
        Notice::NotSaved => "notice-not-saved",
        Notice::ShuttingDown => "notice-shutting-down",
        Notice::Failed => "notice-failed",
    };
    MessageView::new(&lang.t(id))
}

/// The name of the `n`th bot seat at a table (stored with the seat, so in the table's language).
pub fn bot_name(n: u8, lang: Lang) -> String {
    tr!(lang, "bot-name", n = n)
}
