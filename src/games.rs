//! The games the bot hosts: one line each. A game is a module of that name in each layer
//! (`engine::forgetit`, `render::forgetit`, `strategy::forgetit`, `tables::games::forgetit`), and
//! everything that is "for each game" — its kind and codes, the slash commands, the table that
//! runs it, its statistics — is expanded from this list. Adding a game: see README, "Adding a
//! game".

/// Calls the macro `$expand` with the list of games: `Kind => module`.
macro_rules! games {
    ($expand:ident) => {
        $expand! {
            ForGetIt => forgetit,
            GetDickey => getdickey,
        }
    };
}
pub(crate) use games;
