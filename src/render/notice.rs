//! Short answers to the one who asked (sent ephemerally): acknowledgements, refusals and
//! failures of the table service and the Discord layer.

use crate::engine::forgetit::RuleError;

use super::forgetit::error;
use super::view::MessageView;

/// Something to tell the person who clicked or ran a command, and only them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The rules refused the action.
    Rule(RuleError),
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

/// The notice as a message (content only).
pub fn notice(notice: Notice) -> MessageView {
    let text = match notice {
        Notice::Rule(err) => return MessageView::new(&error(&err)),
        Notice::Done => "Done.",
        Notice::Joined => "You joined the table.",
        Notice::Left => "You left the table.",
        Notice::Kicked => "They have been removed from the table.",
        Notice::Cancelled => "The game is cancelled.",
        Notice::ChannelBusy => "This channel already has a game: join it, or wait for it to end.",
        Notice::NoGame => {
            "There is no game in this channel: start one with `/forgetit start` or `/getdickey start`."
        }
        Notice::OtherGame(command) => {
            return MessageView::new(&format!(
                "This channel's game is played with `/{command}`: use `/{command}` commands for it."
            ))
        }
        Notice::GameOver => "That game is over.",
        Notice::Stale => "That button is out of date: use the latest turn message.",
        Notice::HostOnly => "Only the host can do that.",
        Notice::HostOrModeratorOnly => "Only the host or a moderator can do that.",
        Notice::GuildOnly => "The games are played in server channels.",
        Notice::NoTurn => "No turn is being played right now.",
        Notice::UnknownButton => "That button doesn't work any more.",
        Notice::NotSaved => "That couldn't be saved, so nothing happened: please try again.",
        Notice::ShuttingDown => "The bot is restarting: please try again in a moment.",
        Notice::Failed => "Something went wrong: please try again.",
    };
    MessageView::new(text)
}

/// The name of the `n`th bot seat at a table.
pub fn bot_name(n: u8) -> String {
    format!("Bot {n}")
}
