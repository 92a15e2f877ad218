//! The one place where serenity's ids and the bot's own ([`crate::ids`]) meet: each converts
//! into the other (`.into()`), both the same `u64`. The discord layer keeps serenity's types;
//! what it hands to the layers below (tables, store, render) is the bot's.

macro_rules! convert {
    ($($id:ident),*) => {$(
        impl From<serenity::all::$id> for crate::ids::$id {
            fn from(id: serenity::all::$id) -> Self {
                Self::new(id.get())
            }
        }

        /// (serenity's ids are never 0, as no id Discord gives is.)
        impl From<crate::ids::$id> for serenity::all::$id {
            fn from(id: crate::ids::$id) -> Self {
                Self::new(id.get())
            }
        }
    )*};
}

convert!(GuildId, ChannelId, UserId, MessageId);
