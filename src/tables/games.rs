//! What a table asks of its game beyond the engine's [`Game`], written once for every [`Hosted`]
//! game: its creation with a server's settings, refusals as messages, its chart, its thread's
//! name, its bot seat's move and its Odds by the service's strategies.

use crate::engine::dice::DiceSource;
use crate::engine::table::{Action, Event, Game, HostAct, RuleError, Rules, Turn};
use crate::engine::Player;
use crate::host::Hosted;
use crate::host::Strategies;
use crate::i18n::Lang;
use crate::ids::GameId;
use crate::render::{self, DiceStyle, MessageView};

/// A refused action's answer, in `lang` (the asker's): a refusal for not being the host names
/// the host, one for not being on turn names whose turn it is and links the turn's message
/// (`turn`, its address, when known), and one that names a button names it as the table shows
/// it (in `table_lang`).
fn refused<R: Hosted>(
    game: &Game<R>,
    e: &RuleError<R::Error>,
    lang: Lang,
    table_lang: Lang,
    turn: Option<&str>,
) -> MessageView {
    let host = game
        .seat_of(game.host)
        .map(|i| render::view::display_name(&game.seats[i].name));
    match (e, host) {
        (RuleError::NotHost, Some(host)) => {
            MessageView::new(&crate::tr!(lang, "notice-host-only-named", host = host))
        }
        (RuleError::NotHostOrModerator, Some(host)) => MessageView::new(&crate::tr!(
            lang,
            "notice-host-or-moderator-named",
            host = host
        )),
        (RuleError::NotYourTurn, _) => match game.turn() {
            Ok(on_turn) => {
                render::notice::not_your_turn(&game.seats[on_turn.seat()].name, turn, lang)
            }
            Err(_) => render::refusal(e, lang),
        },
        (RuleError::TooFewPlayers { min }, _) => MessageView::new(&crate::tr!(
            lang,
            "error-too-few-players",
            min = *min,
            add_bot = table_lang.t("button-add-bot")
        )),
        _ => render::refusal(e, lang),
    }
}

/// The file name of a game's chart, attached to its game-over message.
pub const CHART_FILE: &str = "game.png";

/// A game's event, as its log keeps it.
pub(super) type GameEvent<R> = Event<<R as Rules>::Settings, <R as Rules>::Event>;

/// The name of the thread game `id` is played in: "For Get It #12 · alice, bob".
pub(super) fn thread_name<R: Hosted>(game: &Game<R>, id: GameId, lang: Lang) -> String {
    let names: Vec<&str> = game.seats.iter().map(|s| s.name.as_str()).collect();
    let name = format!(
        "{} #{id} · {}",
        lang.t(&format!("game-{}", R::NAMES.command)),
        names.join(", ")
    );
    // Discord's limit for a thread's name.
    render::view::truncate(&name, 100)
}

/// The game-over chart of the finished game whose log is `events`, as a picture, with its alt
/// text in `lang`; `None` when there is nothing to draw.
pub(super) fn chart<R: Hosted>(events: &[GameEvent<R>], lang: Lang) -> Option<render::Picture> {
    let (chart, description) = crate::host::chart::score_chart::<R>(events, lang)?;
    let png = match render::chart::score_png(&chart) {
        Ok(png) => png,
        Err(e) => {
            tracing::warn!(error = %e, "could not draw the game's chart");
            return None;
        }
    };
    Some(render::Picture {
        name: CHART_FILE.to_string(),
        png,
        description,
    })
}

/// A new game in its lobby, with the host seated; refusals are in `lang` (the host's).
pub(super) fn create<R: Hosted>(
    target: Option<u32>,
    default_target: u32,
    host: Player,
    name: String,
    lang: Lang,
) -> Result<(Game<R>, GameEvent<R>), MessageView> {
    // A server's default target is its game's only where the game says so.
    let default_target = match R::TARGET {
        Some(t) if t.server_default => default_target,
        Some(t) => t.default,
        None => 0,
    };
    Game::create(R::settings(target, default_target), host, name)
        .map_err(|e| render::refusal(&e, lang))
}

/// The engine's decision, or why the action is refused (shown to the asker, in `lang`; the
/// buttons it names as the table shows them, in `table_lang`; `turn` the address of the turn's
/// message, which a refusal for not being on turn links).
pub(super) fn decide<R: Hosted>(
    game: &Game<R>,
    action: Action<R::Move>,
    mut dice: &mut dyn DiceSource,
    lang: Lang,
    table_lang: Lang,
    turn: Option<&str>,
) -> Result<GameEvent<R>, MessageView> {
    game.decide(action, &mut dice)
        .map_err(|e| refused(game, &e, lang, table_lang, turn))
}

/// The number of the turn in progress: a new number is a new turn message.
pub(super) fn turn_number<R: Rules>(game: &Game<R>) -> Option<u32> {
    game.turn().ok().map(Turn::number)
}

/// True when the last turn ended differs between the two states: a turn just ended.
pub(super) fn turn_ended<R: Rules>(before: &Game<R>, after: &Game<R>) -> bool {
    before.last_turn != after.last_turn
}

/// True for the player on turn's own moves (they renew the move deadline).
pub(super) fn is_move<R: Rules>(event: &GameEvent<R>) -> bool {
    matches!(event, Event::Game(e) if R::is_move(e))
}

/// Whether `by` may do what only the host (or a moderator) may; if not, why, in `lang`.
pub(super) fn may<R: Hosted>(
    game: &Game<R>,
    by: Player,
    moderator: bool,
    act: HostAct,
    lang: Lang,
    table_lang: Lang,
) -> Result<(), MessageView> {
    game.may(by, moderator, act)
        .map_err(|e| refused(game, &e, lang, table_lang, None))
}

/// The bot seat's move, when a bot is on turn, by the service's strategies.
pub(super) fn bot_move<R: Hosted>(
    game: &Game<R>,
    strategies: &Strategies,
) -> Option<Action<R::Move>> {
    R::bot_move(game, strategies.of::<R>()?)
}

/// The answer to Odds for `asker`, in `lang` (the asker's), naming the buttons as the table's
/// message shows them (in `table_lang`); `None` when this game has no odds to show.
pub(super) fn odds<R: Hosted>(
    game: &Game<R>,
    strategies: &Strategies,
    asker: Player,
    lang: Lang,
    table_lang: Lang,
) -> Option<MessageView> {
    R::odds_view(game, strategies.of::<R>()?, asker, lang, table_lang)
}

/// The turn message once its turn ended: the turn's result (the turn itself before any).
pub(super) fn result_view<R: Hosted>(game: &Game<R>, style: &DiceStyle, lang: Lang) -> MessageView {
    match &game.last_turn {
        Some(result) => R::result_view(game, result, style, lang),
        None => R::turn_view(game, style, lang),
    }
}
