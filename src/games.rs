//! The games the bot hosts: one line each. A game is a module of that name in the engine and
//! render layers (`engine::getdickey`, `render::getdickey`), its bot seats' policy in `strategy`,
//! and an `impl Hosted` in `tables::games`; everything that is "for each game" — its kind and
//! codes, the slash commands, the table that runs it, its statistics — is expanded from this
//! list. Adding a game: see docs/architecture.md, "Adding a game".

/// Calls the macro `$expand` with the list of games, `Kind => module,` each, after the extra
/// tokens given in brackets: `games!(m, a, b)` calls `m! { [a, b] ForGetIt => forgetit, ... }`.
/// `Kind` names the game's rules in its engine module (`engine::forgetit::ForGetIt`).
macro_rules! games {
    ($expand:ident $(, $($args:tt)*)?) => {
        $expand! {
            [$($($args)*)?]
            ForGetIt => forgetit,
            GetDickey => getdickey,
        }
    };
}
pub(crate) use games;

/// The arms of [`with_game!`]: one per game.
macro_rules! game_arms {
    ([$kind:expr, $rules:ident, $body:expr] $($k:ident => $module:ident,)*) => {
        match $kind {
            $($crate::engine::GameKind::$k => {
                #[allow(unused)]
                type $rules = $crate::engine::$module::$k;
                $body
            })*
        }
    };
}
pub(crate) use game_arms;

/// Runs `$body` with the type `$rules` naming the rules of the game `$kind`:
/// `with_game!(kind, R => R::NAMES.command)`.
macro_rules! with_game {
    ($kind:expr, $rules:ident => $body:expr) => {{
        use $crate::games::game_arms;
        $crate::games::games!(game_arms, $kind, $rules, $body)
    }};
}
pub(crate) use with_game;
