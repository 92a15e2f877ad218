//! A game played through the store, without the bot: the store's, the privacy and the
//! `migrate-db` tests drive the store with it. The in-memory game changes only after its commit.
//! Each test file adds the ways it creates and plays its tables in an `impl Table` of its own.

use forgetit::engine::dice::{DiceSource, RandomDice};
use forgetit::engine::forgetit::{ForGetIt, Move};
use forgetit::engine::table::{Action, Event, Game, Rules};
use forgetit::store::Store;

pub struct Table<R: Rules = ForGetIt> {
    /// The game's id in the store.
    pub id: i64,
    pub game: Game<R>,
}

impl<R: Rules> Table<R> {
    /// Decides `action`, commits the event (seats are written only when they change: the store
    /// compares the game before and after), then applies it to the in-memory game.
    pub async fn act(
        &mut self,
        store: &Store,
        action: Action<R::Move>,
        dice: &mut impl DiceSource,
    ) -> Event<R::Settings, R::Event> {
        self.act_until(store, action, dice, None).await
    }

    /// [`Table::act`], with the turn's deadline the commit stores.
    pub async fn act_until(
        &mut self,
        store: &Store,
        action: Action<R::Move>,
        dice: &mut impl DiceSource,
        deadline_ms: Option<i64>,
    ) -> Event<R::Settings, R::Event> {
        let event = self.game.decide(action, dice).unwrap();
        let mut next = self.game.clone();
        next.evolve(&event);
        store
            .commit_from(self.id, Some(&self.game), &next, &event, deadline_ms)
            .await
            .unwrap();
        self.game = next;
        event
    }
}

impl Table<ForGetIt> {
    /// Plays random legal moves until the game is over: banks one time in three when it may.
    pub async fn play_out(&mut self, store: &Store, seed: u64) {
        let mut dice = RandomDice::seeded(seed);
        while !self.game.is_over() {
            let legal = self.game.legal_actions();
            let bank = legal
                .iter()
                .find(|a| matches!(a, Action::Play { mv: Move::Bank, .. }));
            let action = match bank {
                Some(bank) if dice.roll(3) == 1 => bank.clone(),
                _ => legal[0].clone(),
            };
            self.act(store, action, &mut dice).await;
        }
    }
}
