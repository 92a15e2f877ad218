//! A daily deal as a value, for any game with a daily form ([`Deal`], erased as [`DealGame`]): the
//! game alone, in its daily settings, its dice from the deal's [`Seed`] at the place each roll
//! falls, its log kept to be stored and replayed.

use crate::daily::{DailyReview, Seed};
use crate::engine::intent::Intent;
use crate::engine::table::{Action, Event, Game, Phase, RuleError, Turn};
use crate::engine::{GameKind, Player};
use crate::host::{AnyStrategy, Entry, Hosted};
use crate::i18n::Lang;
use crate::render::dice::DiceStyle;
use crate::render::{ErrorText, MessageView, RowView, UiAction};
use crate::strategy::review::ReviewError;

/// Why a click on a deal does nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A code that is no move of this game.
    Unknown,
    /// A move the rules refuse now, in words.
    Rule(String),
}

/// A daily deal of some game, as the daily service keeps it.
pub trait DealGame: Send + Sync {
    fn kind(&self) -> GameKind;
    fn version(&self) -> u64;
    /// Whether the form is played to its end.
    fn over(&self) -> bool;
    /// Its score so far (points, or turns taken).
    fn score(&self) -> i64;
    /// Where it stands: the turn in progress (the last one once over) and the points so far.
    fn progress(&self) -> (u32, u32);
    /// The move a button's `code` names (`chosen`: a menu's pick), made with the deal's dice.
    fn play(
        &mut self,
        code: &str,
        chosen: Option<&str>,
        seed: &Seed,
        lang: Lang,
    ) -> Result<(), Refused>;
    /// Exact play's next move, made (the deal's seat must be a bot's); false when it has none.
    fn play_exact(&mut self, strategy: &AnyStrategy, seed: &Seed) -> bool;
    /// Its log, as stored.
    fn events(&self) -> String;
    /// The turn as it stands, with the moves' buttons only.
    fn view(&self, style: &DiceStyle, lang: Lang) -> MessageView;
    /// Its play judged against exact play, so far.
    fn review(&self, strategy: &AnyStrategy, lang: Lang) -> Result<DailyReview, ReviewError>;
}

/// A deal of the game `R`.
pub struct Deal<R: Hosted> {
    game: Game<R>,
    log: Vec<Event<R::Settings, R::Event>>,
}

impl<R: Hosted> Deal<R> {
    /// A new deal for `player`, started.
    pub fn new(player: Player, name: &str, seed: &Seed) -> Result<Deal<R>, String> {
        let (game, created) =
            Game::<R>::create(R::daily_settings(), player, name).map_err(|e| e.to_string())?;
        let mut deal = Deal {
            game,
            log: vec![created],
        };
        let mut dice = seed.dice(R::daily_place(&deal.game, None));
        let started = deal
            .game
            .decide(Action::Start { by: player }, &mut dice)
            .map_err(|e| e.to_string())?;
        deal.game.evolve(&started);
        deal.log.push(started);
        Ok(deal)
    }

    /// A stored deal, replayed from its log.
    pub fn load(events: &str) -> Result<Deal<R>, String> {
        let log: Vec<Event<R::Settings, R::Event>> =
            serde_json::from_str(events).map_err(|e| e.to_string())?;
        let game = Game::replay(&log).map_err(|e| e.to_string())?;
        Ok(Deal { game, log })
    }

    pub fn game(&self) -> &Game<R> {
        &self.game
    }

    fn make(&mut self, mv: R::Move, seed: &Seed) -> Result<(), RuleError<R::Error>> {
        let by = self.game.host;
        let mut dice = seed.dice(R::daily_place(&self.game, Some(mv)));
        let event = self.game.decide(Action::Play { by, mv }, &mut dice)?;
        self.game.evolve(&event);
        self.log.push(event);
        Ok(())
    }
}

impl<R: Hosted> DealGame for Deal<R> {
    fn kind(&self) -> GameKind {
        R::KIND
    }

    fn version(&self) -> u64 {
        self.game.version
    }

    fn over(&self) -> bool {
        !matches!(self.game.phase, Phase::Playing { .. })
    }

    fn score(&self) -> i64 {
        R::daily_score(&self.game)
    }

    fn progress(&self) -> (u32, u32) {
        let turn = match &self.game.phase {
            Phase::Playing { turn } => turn.number(),
            _ => 0,
        };
        (turn, self.game.total(0))
    }

    fn play(
        &mut self,
        code: &str,
        chosen: Option<&str>,
        seed: &Seed,
        lang: Lang,
    ) -> Result<(), Refused> {
        let Some(Intent::Play(mv)) = Intent::<R::Move>::parse(code, chosen) else {
            return Err(Refused::Unknown);
        };
        self.make(mv, seed)
            .map_err(|e| Refused::Rule(rule_text(&e, lang)))
    }

    fn play_exact(&mut self, strategy: &AnyStrategy, seed: &Seed) -> bool {
        let Some(strategy) = Entry::<R>::strategy_of(strategy) else {
            return false;
        };
        match R::daily_move(&self.game, strategy) {
            Some(mv) => self.make(mv, seed).is_ok(),
            None => false,
        }
    }

    fn events(&self) -> String {
        serde_json::to_string(&self.log).expect("a game's events serialize")
    }

    fn view(&self, style: &DiceStyle, lang: Lang) -> MessageView {
        let mut view = R::turn_view(&self.game, style, lang);
        // Private, alone: no one to ping, and no scoreboard of one (the heading says the total).
        view.content = view
            .content
            .lines()
            .filter(|line| !line.contains("<@"))
            .collect::<Vec<_>>()
            .join("\n");
        view.embeds.truncate(1);
        // A move's button, or a menu whose options complete a move.
        let is_move = |action: &UiAction, chosen: Option<&str>| match action {
            UiAction::Game(code) => matches!(
                Intent::<R::Move>::parse(code, chosen),
                Some(Intent::Play(_))
            ),
            _ => false,
        };
        view.rows = std::mem::take(&mut view.rows)
            .into_iter()
            .filter_map(|row| match row {
                RowView::Buttons(buttons) => {
                    let buttons: Vec<_> = buttons
                        .into_iter()
                        .filter(|b| is_move(&b.action, None))
                        .collect();
                    (!buttons.is_empty()).then_some(RowView::Buttons(buttons))
                }
                RowView::Select(select) => {
                    let first = select.options.first().map(|o| o.value.as_str());
                    is_move(&select.action, first).then_some(RowView::Select(select))
                }
            })
            .collect();
        view
    }

    fn review(&self, strategy: &AnyStrategy, lang: Lang) -> Result<DailyReview, ReviewError> {
        let strategy = Entry::<R>::strategy_of(strategy).ok_or(ReviewError::NotSeated)?;
        R::daily_review(&self.log, self.game.host, strategy, lang)
            .unwrap_or(Err(ReviewError::NotSeated))
    }
}

fn rule_text<E: ErrorText>(error: &RuleError<E>, lang: Lang) -> String {
    crate::render::notice::error(error, lang)
}

/// A game as the daily deals see it: a new deal of it, and a stored one replayed. Written once,
/// for every game ([`Entry`]); the daily deals are handed the service's games as these.
pub trait DealKind: crate::tables::TableKind {
    /// A new daily deal for `player`, started with `seed`'s dice.
    fn deal(&self, player: Player, name: &str, seed: &Seed) -> Result<Box<dyn DealGame>, String>;
    /// A stored daily deal, replayed from its log.
    fn deal_load(&self, events: &str) -> Result<Box<dyn DealGame>, String>;
}

impl<R: Hosted> DealKind for Entry<R> {
    fn deal(&self, player: Player, name: &str, seed: &Seed) -> Result<Box<dyn DealGame>, String> {
        Ok(Box::new(Deal::<R>::new(player, name, seed)?))
    }

    fn deal_load(&self, events: &str) -> Result<Box<dyn DealGame>, String> {
        Ok(Box::new(Deal::<R>::load(events)?))
    }
}
