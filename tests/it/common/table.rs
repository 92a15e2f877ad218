//! A game played through the store, without the bot: the store's, the privacy and the
//! `migrate-db` tests drive the store with it. The in-memory game changes only after its commit.
//! Each test file opens its tables its own way (a server's clocks, a language, names) with
//! [`Table::open`].

use forgetit::engine::dice::{DiceSource, RandomDice, ScriptedDice};
use forgetit::engine::table::{Action, Event, Game, Rules};
use forgetit::engine::Player;
use forgetit::games::forgetit::{ForGetIt, Move};
use forgetit::store::{Opening, Place, Store, StoreError};
use forgetit::GameId;

pub struct Table<R: Rules = ForGetIt> {
    /// The game's id in the store.
    pub id: GameId,
    pub game: Game<R>,
}

impl<R: Rules> Table<R> {
    /// `host`'s new table at `at`, its host named `name`, stored as `opening` says.
    pub async fn open(
        store: &Store,
        at: Place,
        settings: R::Settings,
        (host, name): (Player, String),
        opening: &Opening,
    ) -> Result<Self, StoreError> {
        let (game, created) = Game::<R>::create(settings, host, name).unwrap();
        let id = store.create_game_with(at, &game, &created, opening).await?;
        Ok(Table { id, game })
    }

    /// `player` sits down, named `name`.
    pub async fn join_as(&mut self, store: &Store, player: Player, name: String) {
        let join = Action::Join { player, name };
        self.act(store, join, &mut ScriptedDice::new([])).await;
    }

    /// `player` sits down, named after their id (`Person(2)`).
    pub async fn join(&mut self, store: &Store, player: Player) {
        self.join_as(store, player, format!("{player:?}")).await;
    }

    /// The player on turn.
    pub fn on_turn(&self) -> Player {
        self.game.current_player().unwrap()
    }

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
            .commit_from(self.id, Some(&self.game), &next, &event, deadline_ms, false)
            .await
            .unwrap();
        self.game = next;
        event
    }
}

impl Table<ForGetIt> {
    /// The player on turn rolls `faces`.
    pub async fn roll(&mut self, store: &Store, faces: &[u8]) {
        self.roll_until(store, faces, None).await;
    }

    /// [`Table::roll`], with the turn's deadline the commit stores.
    pub async fn roll_until(&mut self, store: &Store, faces: &[u8], deadline_ms: Option<i64>) {
        let roll = Action::Play {
            by: self.on_turn(),
            mv: Move::Roll,
        };
        let mut dice = ScriptedDice::new(faces.iter().copied());
        self.act_until(store, roll, &mut dice, deadline_ms).await;
    }

    /// The player on turn makes `mv`, which rolls no dice.
    pub async fn play(&mut self, store: &Store, mv: Move) {
        let by = self.on_turn();
        let play = Action::Play { by, mv };
        self.act(store, play, &mut ScriptedDice::new([])).await;
    }

    /// The player on turn banks `n` twos.
    pub async fn bank_twos(&mut self, store: &Store, n: usize) {
        let mut faces = vec![2u8; n];
        faces.extend([1, 3, 4, 5, 1, 3, 4, 5, 1][..9 - n].iter());
        self.roll(store, &faces).await;
        self.play(store, Move::ChoosePoint(2)).await;
        self.play(store, Move::Bank).await;
    }

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
