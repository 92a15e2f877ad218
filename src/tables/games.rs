//! What a table needs of a game, written once for every game: [`TableGame`] for the [`Game`] of
//! any [`Hosted`] game.

use crate::engine::dice::DiceSource;
use crate::engine::table::{Action, Game, HostAct, RuleError, Turn};
use crate::engine::{MoveCode, Player, Status};
use crate::games::Hosted;
use crate::i18n::Lang;
use crate::ids::GameId;
use crate::render::{self, DiceStyle, MessageView};
use crate::store::StoredGame;
use crate::strategy::Strategies;

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

/// A game a table can run: any [`Game`] of a [`Hosted`] game.
pub trait TableGame: StoredGame + Clone + Send + Sync + 'static
where
    Self::Event: Send + Sync,
{
    type Action: Clone + Send + Sync;
    /// A move of the game, as its buttons write it.
    type Move: MoveCode + Send;
    /// Most seats a table has.
    const MAX_SEATS: usize;

    /// A new game in its lobby, with the host seated; refusals are in `lang` (the host's).
    fn create(
        target: Option<u32>,
        default_target: u32,
        host: Player,
        name: String,
        lang: Lang,
    ) -> Result<(Self, Self::Event), MessageView>;
    /// The engine's decision, or why the action is refused (shown to the asker, in `lang`; the
    /// buttons it names as the table shows them, in `table_lang`; `turn` the address of the
    /// turn's message, which a refusal for not being on turn links).
    fn decide(
        &self,
        action: Self::Action,
        dice: &mut dyn DiceSource,
        lang: Lang,
        table_lang: Lang,
        turn: Option<&str>,
    ) -> Result<Self::Event, MessageView>;
    fn evolve(&mut self, event: &Self::Event);

    fn host(&self) -> Player;
    /// True when `player` has a seat and still plays.
    fn plays(&self, player: Player) -> bool;
    /// True when `player` has a seat, playing or not.
    fn seated(&self, player: Player) -> bool;
    /// How many seats bots have.
    fn bot_seats(&self) -> usize;
    fn current_player(&self) -> Option<Player>;
    /// The number of the turn in progress: a new number is a new turn message.
    fn turn_number(&self) -> Option<u32>;
    /// True when the last turn ended differs between the two states: a turn just ended.
    fn turn_ended(before: &Self, after: &Self) -> bool;
    /// True when a game is being played and no person plays in it any more.
    fn only_bots_left(&self) -> bool;
    /// True for the player on turn's own moves (they renew the move deadline).
    fn is_move(event: &Self::Event) -> bool;

    fn join(player: Player, name: String) -> Self::Action;
    fn leave(player: Player) -> Self::Action;
    fn start(by: Player) -> Self::Action;
    fn cancel() -> Self::Action;
    fn time_out() -> Self::Action;
    /// A move by `by`.
    fn play(by: Player, mv: Self::Move) -> Self::Action;
    /// The bot seat the host's "add a bot" seats next.
    fn next_bot(&self) -> u8;
    /// Whether `by` may do what only the host (or a moderator) may; if not, why, in `lang`.
    fn may(
        &self,
        by: Player,
        moderator: bool,
        act: HostAct,
        lang: Lang,
        table_lang: Lang,
    ) -> Result<(), MessageView>;
    /// Whether the game's strategy is still being prepared: then what resolves once it is ready.
    fn preparing(&self, strategies: &Strategies) -> Option<crate::games::Preparing>;
    /// The bot seat's move, when a bot is on turn, by the service's strategies.
    fn bot_move(&self, strategies: &Strategies) -> Option<Self::Action>;
    /// The answer to Odds for `asker`, in `lang` (the asker's), naming the buttons as the table's
    /// message shows them (in `table_lang`); `None` when this game has no odds to show.
    fn odds_view(
        &self,
        strategies: &Strategies,
        asker: Player,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView>;

    // The views, in `lang`: the table's language for public messages, the asker's for
    // private ones.
    fn lobby_view(&self, lang: Lang) -> MessageView;
    fn turn_view(&self, style: &DiceStyle, lang: Lang) -> MessageView;
    /// The turn message once its turn ended.
    fn result_view(&self, style: &DiceStyle, lang: Lang) -> MessageView;
    fn over_view(&self, lang: Lang) -> MessageView;
    fn scores_view(&self, lang: Lang) -> MessageView;

    /// The `target` its table was started with, for a rematch with the same options.
    fn target(&self) -> Option<u32>;

    /// The name of the thread game `id` is played in: "For Get It #12 · alice, bob".
    fn thread_name(&self, id: GameId, lang: Lang) -> String;

    /// The game-over chart of the finished game whose log is `events`, as a picture, with its
    /// alt text in `lang`; `None` when there is nothing to draw.
    fn chart(events: &[Self::Event], lang: Lang) -> Option<render::Picture>;

    fn stage(&self) -> Status {
        self.status()
    }
}

/// The file name of a game's chart, attached to its game-over message.
pub const CHART_FILE: &str = "game.png";

impl<R: Hosted> TableGame for Game<R> {
    type Action = Action<R::Move>;
    type Move = R::Move;
    const MAX_SEATS: usize = R::MAX_SEATS;

    fn target(&self) -> Option<u32> {
        R::target(&self.settings)
    }

    fn thread_name(&self, id: GameId, lang: Lang) -> String {
        let names: Vec<&str> = self.seats.iter().map(|s| s.name.as_str()).collect();
        let name = format!(
            "{} #{id} · {}",
            lang.t(&format!("game-{}", R::NAMES.command)),
            names.join(", ")
        );
        // Discord's limit for a thread's name.
        render::view::truncate(&name, 100)
    }

    fn chart(events: &[Self::Event], lang: Lang) -> Option<render::Picture> {
        let (chart, description) = crate::games::chart::score_chart::<R>(events, lang)?;
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

    fn create(
        target: Option<u32>,
        default_target: u32,
        host: Player,
        name: String,
        lang: Lang,
    ) -> Result<(Self, Self::Event), MessageView> {
        // A server's default target is its game's only where the game says so.
        let default_target = match R::TARGET {
            Some(t) if t.server_default => default_target,
            Some(t) => t.default,
            None => 0,
        };
        Game::create(R::settings(target, default_target), host, name)
            .map_err(|e| render::refusal(&e, lang))
    }

    fn decide(
        &self,
        action: Self::Action,
        mut dice: &mut dyn DiceSource,
        lang: Lang,
        table_lang: Lang,
        turn: Option<&str>,
    ) -> Result<Self::Event, MessageView> {
        Game::decide(self, action, &mut dice).map_err(|e| refused(self, &e, lang, table_lang, turn))
    }

    fn evolve(&mut self, event: &Self::Event) {
        Game::evolve(self, event);
    }

    fn host(&self) -> Player {
        self.host
    }

    fn plays(&self, player: Player) -> bool {
        Game::plays(self, player)
    }

    fn seated(&self, player: Player) -> bool {
        self.seat_of(player).is_some()
    }

    fn bot_seats(&self) -> usize {
        self.seats.iter().filter(|s| s.player.is_bot()).count()
    }

    fn current_player(&self) -> Option<Player> {
        Game::current_player(self)
    }

    fn turn_number(&self) -> Option<u32> {
        self.turn().ok().map(Turn::number)
    }

    fn turn_ended(before: &Self, after: &Self) -> bool {
        before.last_turn != after.last_turn
    }

    fn only_bots_left(&self) -> bool {
        Game::only_bots_left(self)
    }

    fn is_move(event: &Self::Event) -> bool {
        matches!(event, crate::engine::table::Event::Game(e) if R::is_move(e))
    }

    fn join(player: Player, name: String) -> Self::Action {
        Action::Join { player, name }
    }

    fn leave(player: Player) -> Self::Action {
        Action::Leave { player }
    }

    fn start(by: Player) -> Self::Action {
        Action::Start { by }
    }

    fn cancel() -> Self::Action {
        Action::Cancel
    }

    fn time_out() -> Self::Action {
        Action::TimeOut
    }

    fn play(by: Player, mv: R::Move) -> Self::Action {
        Action::Play { by, mv }
    }

    fn next_bot(&self) -> u8 {
        Game::next_bot(self)
    }

    fn may(
        &self,
        by: Player,
        moderator: bool,
        act: HostAct,
        lang: Lang,
        table_lang: Lang,
    ) -> Result<(), MessageView> {
        Game::may(self, by, moderator, act).map_err(|e| refused(self, &e, lang, table_lang, None))
    }

    fn preparing(&self, strategies: &Strategies) -> Option<crate::games::Preparing> {
        strategies.preparing(R::KIND)
    }

    fn bot_move(&self, strategies: &Strategies) -> Option<Self::Action> {
        R::bot_move(self, strategies.of::<R>()?)
    }

    fn odds_view(
        &self,
        strategies: &Strategies,
        asker: Player,
        lang: Lang,
        table_lang: Lang,
    ) -> Option<MessageView> {
        R::odds_view(self, strategies.of::<R>()?, asker, lang, table_lang)
    }

    fn lobby_view(&self, lang: Lang) -> MessageView {
        R::lobby_view(self, lang)
    }

    fn turn_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        R::turn_view(self, style, lang)
    }

    fn result_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        match &self.last_turn {
            Some(result) => R::result_view(self, result, style, lang),
            None => R::turn_view(self, style, lang),
        }
    }

    fn over_view(&self, lang: Lang) -> MessageView {
        R::over_view(self, lang)
    }

    fn scores_view(&self, lang: Lang) -> MessageView {
        R::scores_view(self, lang)
    }
}
