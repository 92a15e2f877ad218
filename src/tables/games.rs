//! What a table needs of a game: the same service runs For Get It and Get Dickey tables. Each
//! game kind says how the table's commands become its engine's actions, and how it is shown.

use crate::engine::dice::DiceSource;
use crate::engine::Status;
use crate::engine::{forgetit, getdickey, Player};
use crate::i18n::Lang;
use crate::render::{self, DiceStyle, MessageView, Notice};
use crate::store::StoredGame;
use crate::strategy::{self, Strategies};

use super::Command;

/// A game a table can run.
pub trait TableGame: StoredGame + Clone + Send + Sync + 'static
where
    Self::Event: Send + Sync,
{
    type Action: Clone + Send + Sync;
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
    /// The engine's decision, or why the action is refused (shown to the asker, in `lang`).
    fn decide(
        &self,
        action: Self::Action,
        dice: &mut dyn DiceSource,
        lang: Lang,
    ) -> Result<Self::Event, MessageView>;
    fn evolve(&mut self, event: &Self::Event);

    fn host(&self) -> Player;
    /// True when `player` has a seat and still plays.
    fn plays(&self, player: Player) -> bool;
    fn seated(&self, player: Player) -> bool;
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
    /// The action of a turn command (roll, bank, hold, ...) by `by`, if this game has it.
    fn turn_move(command: Command, by: Player) -> Option<Self::Action>;
    /// The bot seat's move, when a bot is on turn, by the service's strategies.
    fn bot_move(&self, strategies: &Strategies) -> Option<Self::Action>;
    /// The answer to Odds (shown privately to whoever asked); `None` when this game has no odds
    /// to show.
    fn odds_view(&self, strategies: &Strategies, lang: Lang) -> Option<MessageView>;

    // The views, in `lang`: the table's language for public messages, the asker's for
    // private ones.
    fn lobby_view(&self, lang: Lang) -> MessageView;
    fn turn_view(&self, style: &DiceStyle, lang: Lang) -> MessageView;
    /// The turn message once its turn ended.
    fn result_view(&self, style: &DiceStyle, lang: Lang) -> MessageView;
    fn over_view(&self, lang: Lang) -> MessageView;
    fn scores_view(&self, lang: Lang) -> MessageView;

    fn stage(&self) -> Status {
        self.status()
    }
}

impl TableGame for forgetit::Game {
    type Action = forgetit::Action;
    const MAX_SEATS: usize = forgetit::MAX_SEATS;

    fn create(
        target: Option<u32>,
        default_target: u32,
        host: Player,
        name: String,
        lang: Lang,
    ) -> Result<(Self, Self::Event), MessageView> {
        let settings = forgetit::Settings {
            target: target.unwrap_or(default_target),
        };
        forgetit::Game::create(settings, host, name)
            .map_err(|e| render::notice(Notice::Rule(e), lang))
    }

    fn decide(
        &self,
        action: Self::Action,
        mut dice: &mut dyn DiceSource,
        lang: Lang,
    ) -> Result<Self::Event, MessageView> {
        forgetit::Game::decide(self, action, &mut dice)
            .map_err(|e| render::notice(Notice::Rule(e), lang))
    }

    fn evolve(&mut self, event: &Self::Event) {
        forgetit::Game::evolve(self, event);
    }

    fn host(&self) -> Player {
        self.host
    }

    fn plays(&self, player: Player) -> bool {
        self.seat_of(player)
            .is_some_and(|i| self.seats[i].is_playing())
    }

    fn seated(&self, player: Player) -> bool {
        self.seat_of(player).is_some()
    }

    fn current_player(&self) -> Option<Player> {
        forgetit::Game::current_player(self)
    }

    fn turn_number(&self) -> Option<u32> {
        self.turn().ok().map(|t| t.number)
    }

    fn turn_ended(before: &Self, after: &Self) -> bool {
        before.last_turn != after.last_turn
    }

    fn only_bots_left(&self) -> bool {
        matches!(self.phase, forgetit::Phase::Playing { .. })
            && !self
                .seats
                .iter()
                .any(|s| s.is_playing() && !s.player.is_bot())
    }

    fn is_move(event: &Self::Event) -> bool {
        matches!(
            event,
            forgetit::Event::Rolled { .. }
                | forgetit::Event::PointChosen { .. }
                | forgetit::Event::Banked
        )
    }

    fn join(player: Player, name: String) -> Self::Action {
        forgetit::Action::Join { player, name }
    }

    fn leave(player: Player) -> Self::Action {
        forgetit::Action::Leave { player }
    }

    fn start(by: Player) -> Self::Action {
        forgetit::Action::Start { by }
    }

    fn cancel() -> Self::Action {
        forgetit::Action::Cancel
    }

    fn time_out() -> Self::Action {
        forgetit::Action::TimeOut
    }

    fn turn_move(command: Command, by: Player) -> Option<Self::Action> {
        Some(match command {
            Command::Roll => forgetit::Action::Roll { by },
            Command::Bank => forgetit::Action::Bank { by },
            Command::Choose(number) => forgetit::Action::ChoosePoint { by, number },
            _ => return None,
        })
    }

    /// Bot seats play the solver's optimal policy ([`strategy::optimal`]).
    fn bot_move(&self, strategies: &Strategies) -> Option<Self::Action> {
        strategy::optimal(self, &mut strategies.forgetit())
    }

    fn odds_view(&self, strategies: &Strategies, lang: Lang) -> Option<MessageView> {
        let odds = strategies.forgetit().odds(self);
        Some(match odds {
            Some(odds) => render::odds(self, &odds, lang),
            None => render::notice(Notice::NoTurn, lang),
        })
    }

    fn lobby_view(&self, lang: Lang) -> MessageView {
        render::lobby(self, lang)
    }

    fn turn_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        render::turn(self, style, lang)
    }

    fn result_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        match &self.last_turn {
            Some(result) => render::turn_result(self, result, style, lang),
            None => render::turn(self, style, lang),
        }
    }

    fn over_view(&self, lang: Lang) -> MessageView {
        render::game_over(self, lang)
    }

    fn scores_view(&self, lang: Lang) -> MessageView {
        render::scores(self, lang)
    }
}

impl TableGame for getdickey::Game {
    type Action = getdickey::Action;
    const MAX_SEATS: usize = getdickey::MAX_SEATS;

    fn create(
        _target: Option<u32>,
        _default_target: u32,
        host: Player,
        name: String,
        lang: Lang,
    ) -> Result<(Self, Self::Event), MessageView> {
        getdickey::Game::create(getdickey::Settings {}, host, name)
            .map_err(|e| render::getdickey::refusal(&e, lang))
    }

    fn decide(
        &self,
        action: Self::Action,
        mut dice: &mut dyn DiceSource,
        lang: Lang,
    ) -> Result<Self::Event, MessageView> {
        getdickey::Game::decide(self, action, &mut dice)
            .map_err(|e| render::getdickey::refusal(&e, lang))
    }

    fn evolve(&mut self, event: &Self::Event) {
        getdickey::Game::evolve(self, event);
    }

    fn host(&self) -> Player {
        self.host
    }

    fn plays(&self, player: Player) -> bool {
        self.seat_of(player)
            .is_some_and(|i| self.seats[i].is_playing())
    }

    fn seated(&self, player: Player) -> bool {
        self.seat_of(player).is_some()
    }

    fn current_player(&self) -> Option<Player> {
        getdickey::Game::current_player(self)
    }

    fn turn_number(&self) -> Option<u32> {
        self.turn().ok().map(|t| t.number)
    }

    fn turn_ended(before: &Self, after: &Self) -> bool {
        before.last_turn != after.last_turn
    }

    fn only_bots_left(&self) -> bool {
        matches!(self.phase, getdickey::Phase::Playing { .. })
            && !self
                .seats
                .iter()
                .any(|s| s.is_playing() && !s.player.is_bot())
    }

    fn is_move(event: &Self::Event) -> bool {
        matches!(
            event,
            getdickey::Event::Rolled { .. }
                | getdickey::Event::HoldToggled { .. }
                | getdickey::Event::Scored { .. }
        )
    }

    fn join(player: Player, name: String) -> Self::Action {
        getdickey::Action::Join { player, name }
    }

    fn leave(player: Player) -> Self::Action {
        getdickey::Action::Leave { player }
    }

    fn start(by: Player) -> Self::Action {
        getdickey::Action::Start { by }
    }

    fn cancel() -> Self::Action {
        getdickey::Action::Cancel
    }

    fn time_out() -> Self::Action {
        getdickey::Action::TimeOut
    }

    fn turn_move(command: Command, by: Player) -> Option<Self::Action> {
        Some(match command {
            Command::Roll => getdickey::Action::Roll { by },
            Command::Hold(die) => getdickey::Action::ToggleHold { by, die },
            Command::Score(category) => getdickey::Action::Score { by, category },
            _ => return None,
        })
    }

    /// Bot seats play the optimal solitaire policy ([`strategy::getdickey::optimal`]).
    fn bot_move(&self, strategies: &Strategies) -> Option<Self::Action> {
        strategy::getdickey::optimal(self, strategies.getdickey())
    }

    fn odds_view(&self, _strategies: &Strategies, _lang: Lang) -> Option<MessageView> {
        None
    }

    fn lobby_view(&self, lang: Lang) -> MessageView {
        render::getdickey::lobby(self, lang)
    }

    fn turn_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        render::getdickey::turn(self, style, lang)
    }

    fn result_view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        match &self.last_turn {
            Some(result) => render::getdickey::turn_result(self, result, style, lang),
            None => render::getdickey::turn(self, style, lang),
        }
    }

    fn over_view(&self, lang: Lang) -> MessageView {
        render::getdickey::game_over(self, lang)
    }

    fn scores_view(&self, lang: Lang) -> MessageView {
        render::getdickey::scores(self, lang)
    }
}
