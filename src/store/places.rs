//! Where a game is played ([`Place`]), and how the bot reaches it ([`Reach`]).

use crate::ids::{ChannelId, GuildId};

/// Where a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its server; for a DM or a group DM, which has none, the chat's own channel id (a chat is a
    /// server of its own: its games count on its own board).
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub reach: Reach,
}

impl Place {
    /// A server's channel where the bot is a member (as every place was before people could
    /// install the app to their own account).
    pub fn server(guild_id: GuildId, channel_id: ChannelId) -> Place {
        Place {
            guild_id,
            channel_id,
            reach: Reach::Member,
        }
    }

    /// The guild of its messages' links: none for a DM or a group DM (`@me`).
    pub fn link_guild(&self) -> Option<GuildId> {
        (self.reach != Reach::Chat).then_some(self.guild_id)
    }

    /// The guild whose shard Discord sends the place's interactions on: its server's, or for a
    /// DM or a group DM, shard 0's (as for "guild 0").
    pub fn shard_guild(&self) -> GuildId {
        match self.reach {
            Reach::Chat => GuildId::new(0),
            Reach::Member | Reach::Guest => self.guild_id,
        }
    }
}

/// How the bot reaches a place, as the interaction that opened its game told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reach {
    /// A server's channel where the bot is a member: it posts and edits its messages there.
    #[default]
    Member,
    /// A server where the bot is not a member (a person installed the app to their account):
    /// it only answers interactions there, and the server's settings do not apply.
    Guest,
    /// A DM or a group DM: answers only, and no server's settings.
    Chat,
}

impl Reach {
    /// Whether the bot shows the game only by answering interactions (it may not post or edit
    /// channel messages there).
    pub fn answers_only(self) -> bool {
        self != Reach::Member
    }

    /// Its code in the store.
    pub(crate) fn code(self) -> i64 {
        match self {
            Reach::Member => 0,
            Reach::Guest => 1,
            Reach::Chat => 2,
        }
    }

    pub(super) fn from_code(code: i64) -> Reach {
        match code {
            1 => Reach::Guest,
            2 => Reach::Chat,
            _ => Reach::Member,
        }
    }
}
