//! The ids below the Discord layer, one type each, so that a channel's id cannot be passed where
//! a guild's is asked, nor a game's where a timestamp is.
//!
//! Discord's ids ([`GuildId`], [`ChannelId`], [`UserId`], [`MessageId`]) are each the id's `u64`
//! (Discord's snowflake) and nothing else: shown (`Display` and `Debug` alike), ordered and
//! serialized as that number. The discord layer keeps serenity's own id types and converts at its
//! edge (`discord::ids`); the store writes each as the `BIGINT` it always was
//! (`store/queries.rs`). A game's id ([`GameId`]) is the store's row id, an `i64`, and is
//! written as one.

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident($int:ty);)*) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name($int);

        impl $name {
            /// The id `id`.
            pub const fn new(id: $int) -> Self {
                Self(id)
            }

            /// The id's number.
            pub const fn get(self) -> $int {
                self.0
            }
        }

        impl From<$int> for $name {
            fn from(id: $int) -> Self {
                Self(id)
            }
        }

        impl From<$name> for $int {
            fn from(id: $name) -> $int {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        /// The number alone, as the `u64` it replaced was shown (in logs and spans).
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Debug::fmt(&self.0, f)
            }
        }

        impl std::fmt::LowerHex for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::LowerHex::fmt(&self.0, f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = std::num::ParseIntError;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                s.parse().map(Self)
            }
        }
    )*};
}

ids! {
    /// A server's id (Discord's guild).
    GuildId(u64);
    /// A channel's id (a thread's too: a thread is a channel).
    ChannelId(u64);
    /// A person's id (Discord's user).
    UserId(u64);
    /// A message's id.
    MessageId(u64);
    /// A game's id: its row in the store (`games.id`), in its buttons' custom_ids.
    GameId(i64);
}
