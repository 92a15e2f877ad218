//! Discord's ids, one type each below the Discord layer, so that a channel's id cannot be passed
//! where a guild's is asked. Each is the id's `u64` (Discord's snowflake) and nothing else: it is
//! shown (`Display` and `Debug` alike), ordered and serialized as that number. The discord layer keeps serenity's own id types
//! and converts at its edge (`discord::ids`); the store writes each as the `BIGINT` it always
//! was (`store/queries.rs`).

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(
            Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        #[serde(transparent)]
        pub struct $name(u64);

        impl $name {
            /// The id `id`.
            pub const fn new(id: u64) -> Self {
                Self(id)
            }

            /// The id's number.
            pub const fn get(self) -> u64 {
                self.0
            }
        }

        impl From<u64> for $name {
            fn from(id: u64) -> Self {
                Self(id)
            }
        }

        impl From<$name> for u64 {
            fn from(id: $name) -> u64 {
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
    GuildId;
    /// A channel's id (a thread's too: a thread is a channel).
    ChannelId;
    /// A person's id (Discord's user).
    UserId;
    /// A message's id.
    MessageId;
}
