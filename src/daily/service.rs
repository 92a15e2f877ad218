//! The daily deals' service: a person's deal of the day, started, continued, ended (played to
//! its end, or at midnight as it stood), shared, and the boards and statistics made of them.
//! One deal is one person's and one game's of one day, stored as its log (`Store::daily_save`,
//! guarded by its version): every move is committed before it is shown, and one person's moves on
//! one game are taken one at a time.

use crate::sync::Lock;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{SystemTime, UNIX_EPOCH};

use rand::RngCore;

use super::DealKind;
use super::{DealGame, Refused, Seed};
use crate::engine::daily::DailyReview;
use crate::engine::deal::{day_of, until_next_day};
use crate::engine::{GameKind, Player};
use crate::host::Games;
use crate::i18n::Lang;
use crate::ids::{GuildId, UserId};
use crate::render::daily::{self as view, BoardRow, DealName, Ending, Played, Share};
use crate::render::MessageView;
use crate::store::{DailyDeal, DailyEnd, Store, StoreError};
use crate::tables::Tables;
use crate::tr;

/// The clock the day is read on: the system's; tests move one.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// Why a daily request got no answer of its own.
#[derive(Debug, thiserror::Error)]
pub enum DailyError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored deal that does not replay, a game without a daily deal: a bug, logged.
    #[error("{0}")]
    Broken(String),
}

type Result<T> = std::result::Result<T, DailyError>;

/// What a request is answered with.
#[derive(Debug)]
pub enum Answer {
    /// A new private message.
    Private(MessageView),
    /// The clicked (private) message, updated.
    Update(MessageView),
    /// A message for everyone in the channel, as the answer.
    Public(MessageView),
    /// The share line, `public`, posted in the channel for everyone, and the clicked (private)
    /// end updated to say it was shared (`private`).
    Shared {
        public: MessageView,
        private: MessageView,
    },
}

/// The deal a person has open, as a click names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRef {
    pub kind: GameKind,
    pub day: i64,
    pub version: u64,
}

/// Who asks: a person, their name and language, and the server they ask in (if any: a DM or a
/// group DM is none), which the server's board counts them in.
#[derive(Clone, Debug)]
pub struct Asker {
    pub user: UserId,
    pub name: String,
    pub lang: Lang,
    pub guild: Option<GuildId>,
}

/// One person's turn at one game's deal: held while a request of theirs is worked out.
type Turnstile = Arc<tokio::sync::Mutex<()>>;

/// The daily deals of a bot.
#[derive(Clone)]
pub struct Dailies(Arc<Inner>);

struct Inner {
    /// The games the service offers (those with a daily deal have one).
    games: Games<dyn DealKind>,
    store: Store,
    tables: Tables,
    clock: Clock,
    key: tokio::sync::OnceCell<([u8; 32], i64)>,
    /// One person's moves on one game, one at a time.
    locks: Mutex<HashMap<(UserId, GameKind), Turnstile>>,
    /// Exact play's score on the deals of days that ended, once worked out.
    exact: Mutex<HashMap<(GameKind, i64), i64>>,
}

/// A shown deal, with what its buttons name.
pub struct Shown {
    pub view: MessageView,
    pub deal: Option<DealRef>,
}

impl Dailies {
    pub fn new(store: Store, tables: Tables, games: Games<dyn DealKind>, clock: Clock) -> Dailies {
        Dailies(Arc::new(Inner {
            games,
            store,
            tables,
            clock,
            key: tokio::sync::OnceCell::new(),
            locks: Mutex::default(),
            exact: Mutex::default(),
        }))
    }

    fn now_ms(&self) -> i64 {
        (self.0.clock)()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64)
    }

    /// The deployment's key and its first day: made at its first start ([`Dailies::prepare`]).
    async fn key(&self) -> Result<([u8; 32], i64)> {
        let today = day_of(self.now_ms());
        let store = &self.0.store;
        let key = self
            .0
            .key
            .get_or_try_init(|| async {
                let mut fresh = [0u8; 32];
                rand::rngs::OsRng.fill_bytes(&mut fresh);
                store.daily_key(fresh, today).await
            })
            .await?;
        Ok(*key)
    }

    /// Reads the deployment's key, making it on its first start.
    pub async fn prepare(&self) -> Result<()> {
        self.key().await.map(|_| ())
    }

    fn lock(&self, user: UserId, kind: GameKind) -> Turnstile {
        self.0
            .locks
            .locked()
            .entry((user, kind))
            .or_default()
            .clone()
    }

    /// The game of the kind `kind`, if the service offers it and it has a daily deal.
    fn game(&self, kind: GameKind) -> Result<&'static dyn DealKind> {
        self.0
            .games
            .game(kind)
            .filter(|g| g.daily().is_some())
            .ok_or_else(|| DailyError::Broken(format!("{} has no daily deal", kind.as_str())))
    }

    /// The daily form of a game that has one.
    fn form(&self, kind: GameKind) -> Result<crate::engine::daily::DailyForm> {
        self.game(kind)?
            .daily()
            .ok_or_else(|| DailyError::Broken(format!("{} has no daily deal", kind.as_str())))
    }

    /// How a stored deal ended, as its end shows it.
    fn ending(end: DailyEnd) -> Ending {
        match end {
            DailyEnd::Played => Ending::Played,
            DailyEnd::Midnight => Ending::Midnight,
        }
    }

    fn name(kind: GameKind, day: i64, first: i64) -> DealName {
        DealName {
            kind,
            number: day - first + 1,
        }
    }

    /// Waits for the game's strategy if it is still being prepared.
    async fn ready(&self, kind: GameKind) {
        if let Some(preparing) = self.0.tables.strategies().preparing(kind) {
            preparing.await;
        }
    }

    /// Works out `work` with the game's strategy, off the async threads.
    async fn with_strategy<T: Send + 'static>(
        &self,
        kind: GameKind,
        work: impl FnOnce(&crate::host::AnyStrategy) -> Option<T> + Send + 'static,
    ) -> Result<T> {
        self.ready(kind).await;
        let tables = self.0.tables.clone();
        tokio::task::spawn_blocking(move || work(tables.strategies().any(kind)?))
            .await
            .map_err(|e| DailyError::Broken(e.to_string()))?
            .ok_or_else(|| DailyError::Broken(format!("no strategy for {}", kind.as_str())))
    }

    async fn review(&self, deal: &DailyDeal, lang: Lang) -> Result<DailyReview> {
        let game = self.game(deal.kind)?;
        let events = deal.events.clone();
        self.with_strategy(deal.kind, move |strategy| {
            let deal = game.deal_load(&events).ok()?;
            deal.review(strategy, lang).ok()
        })
        .await
    }

    /// Ends `deal` with what it stands at: its review's figures stored with it.
    async fn end(&self, mut deal: DailyDeal, ending: DailyEnd) -> Result<(DailyDeal, DailyReview)> {
        let review = self.review(&deal, deal.lang).await?;
        let prior = deal.version;
        deal.ended = Some(ending);
        deal.score = Some(review.score);
        deal.accuracy = Some(review.accuracy());
        deal.luck = Some(review.luck());
        deal.squares = Some(crate::engine::daily::Square::line(&review.squares()));
        deal.updated_ms = self.now_ms();
        if !self.0.store.daily_save(&deal, Some(prior)).await? {
            return Err(DailyError::Broken("a deal changed while it ended".into()));
        }
        Ok((deal, review))
    }

    /// Exact play's score on `kind`'s deal of `day` (a day that ended).
    async fn exact_score(&self, kind: GameKind, day: i64, key: [u8; 32]) -> Result<i64> {
        if let Some(score) = self.0.exact.locked().get(&(kind, day)) {
            return Ok(*score);
        }
        let game = self.game(kind)?;
        let score = self
            .with_strategy(kind, move |strategy| {
                let seed = Seed::of(&key, day, kind);
                let mut deal = game.deal(Player::Bot(1), "bot", &seed).ok()?;
                while !deal.over() {
                    if !deal.play_exact(strategy, &seed) {
                        return None;
                    }
                }
                Some(deal.score())
            })
            .await?;
        self.0.exact.locked().insert((kind, day), score);
        Ok(score)
    }

    /// The deal in progress, under its heading and `notes`.
    fn playing(&self, name: DealName, deal: &dyn DealGame, notes: &[String], lang: Lang) -> Shown {
        let style = &self.0.tables.config().style;
        let (turn, points) = deal.progress();
        let progress = view::Progress {
            turn,
            of: self.form(name.kind).ok().and_then(|f| f.turns),
            points,
        };
        Shown {
            view: view::deal_view(name, progress, notes, deal.view(style, lang), lang),
            deal: None,
        }
    }

    /// `/<game> daily`: today's deal of `kind` for `asker`, started, continued, or (played
    /// already) its end with the time until the next one; the person's deals of earlier days left
    /// unfinished end first, as they stood.
    pub async fn open(&self, kind: GameKind, asker: &Asker) -> Result<Shown> {
        let game = self.game(kind)?;
        let (key, first) = self.key().await?;
        let now = self.now_ms();
        let today = day_of(now);
        let lang = asker.lang;
        let lock = self.lock(asker.user, kind);
        let _one = lock.lock().await;
        let mut notes = Vec::new();
        for left in self
            .0
            .store
            .daily_unended_before(asker.user, kind, today)
            .await?
        {
            let day = left.day;
            let (_, review) = self.end(left, DailyEnd::Midnight).await?;
            notes.push(view::midnight_note(
                Self::name(kind, day, first),
                &review,
                lang,
            ));
        }
        if today > first {
            let score = self.exact_score(kind, today - 1, key).await?;
            let measure = self.form(kind)?.measure;
            notes.push(view::exact_note(
                Self::name(kind, today - 1, first),
                score,
                measure,
                lang,
            ));
        }
        if let Some(guild) = asker.guild {
            self.0
                .store
                .daily_seen_in(asker.user, kind, today, guild)
                .await?;
        }
        let name = Self::name(kind, today, first);
        let stored = self.0.store.daily_deal(asker.user, kind, today).await?;
        let stored = match stored {
            Some(stored) => stored,
            None => {
                let seed = Seed::of(&key, today, kind);
                let deal = game
                    .deal(Player::Person(asker.user), &asker.name, &seed)
                    .map_err(DailyError::Broken)?;
                let row = DailyDeal {
                    user: asker.user,
                    kind,
                    day: today,
                    name: asker.name.clone(),
                    lang,
                    events: deal.events(),
                    version: deal.version(),
                    ended: None,
                    score: None,
                    accuracy: None,
                    luck: None,
                    squares: None,
                    started_ms: now,
                    updated_ms: now,
                };
                if !self.0.store.daily_save(&row, None).await? {
                    // Started at once elsewhere: that one stands.
                    self.0
                        .store
                        .daily_deal(asker.user, kind, today)
                        .await?
                        .ok_or_else(|| DailyError::Broken("a deal vanished".into()))?
                } else {
                    row
                }
            }
        };
        self.show(name, stored, notes, now, lang, true).await
    }

    /// A stored deal as it stands: in play, or ended (with the time to the next deal).
    /// `again`: asked for once more (a second try the same day is told when the next deal comes).
    async fn show(
        &self,
        name: DealName,
        stored: DailyDeal,
        mut notes: Vec<String>,
        now: i64,
        lang: Lang,
        again: bool,
    ) -> Result<Shown> {
        let game = self.game(stored.kind)?;
        let today = day_of(now);
        match stored.ended {
            None => {
                let deal = game.deal_load(&stored.events).map_err(DailyError::Broken)?;
                let mut shown = self.playing(name, deal.as_ref(), &notes, lang);
                shown.deal = Some(DealRef {
                    kind: stored.kind,
                    day: stored.day,
                    version: deal.version(),
                });
                Ok(shown)
            }
            Some(ending) => {
                if stored.day == today {
                    notes.push(if again {
                        view::played_note(until_next_day(now), lang)
                    } else {
                        view::next_note(until_next_day(now), lang)
                    });
                }
                let review = self.review(&stored, lang).await?;
                let ending = Self::ending(ending);
                let share = if stored.day == today {
                    Share::Offered
                } else {
                    Share::No
                };
                Ok(Shown {
                    view: view::end_view(name, &review, ending, &notes, share, lang),
                    deal: Some(DealRef {
                        kind: stored.kind,
                        day: stored.day,
                        version: stored.version,
                    }),
                })
            }
        }
    }

    /// A click on a deal's message: a move, or Share.
    pub async fn click(
        &self,
        deal: DealRef,
        code: &str,
        chosen: Option<&str>,
        asker: &Asker,
    ) -> Result<(Answer, Option<DealRef>)> {
        let game = self.game(deal.kind)?;
        let (key, first) = self.key().await?;
        let now = self.now_ms();
        let today = day_of(now);
        let lang = asker.lang;
        let lock = self.lock(asker.user, deal.kind);
        let _one = lock.lock().await;
        let Some(mut stored) = self
            .0
            .store
            .daily_deal(asker.user, deal.kind, deal.day)
            .await?
        else {
            return private(lang, "daily-not-yours");
        };
        let name = Self::name(deal.kind, deal.day, first);
        if let Some(guild) = asker.guild {
            self.0
                .store
                .daily_seen_in(asker.user, deal.kind, deal.day, guild)
                .await?;
        }
        if code == view::REVIEW {
            return self.review_click(&stored, name, lang).await;
        }
        if code == view::SHARE {
            return self.share_click(&stored, deal, name, asker, now).await;
        }
        if stored.ended.is_none() && stored.day < today {
            // Its day ended before this click: it ends as it stood.
            stored = self.end(stored, DailyEnd::Midnight).await?.0;
        }
        if stored.ended.is_some() || stored.version != deal.version {
            // Over, or clicked on an older view of it: shown as it is.
            return self.shown_as_it_is(name, stored, now, lang).await;
        }
        let mut played = game.deal_load(&stored.events).map_err(DailyError::Broken)?;
        let seed = Seed::of(&key, stored.day, deal.kind);
        match played.play(code, chosen, &seed, lang) {
            Ok(()) => {}
            Err(Refused::Unknown) => return private(lang, "daily-unknown"),
            Err(Refused::Rule(text)) => {
                return Ok((Answer::Private(MessageView::new(&text)), None))
            }
        }
        let prior = stored.version;
        stored.events = played.events();
        stored.version = played.version();
        stored.updated_ms = now;
        if !self.0.store.daily_save(&stored, Some(prior)).await? {
            // Another click of the same person's came first: the deal as it is now.
            let stored = self
                .0
                .store
                .daily_deal(asker.user, deal.kind, deal.day)
                .await?
                .ok_or_else(|| DailyError::Broken("a deal vanished".into()))?;
            return self.shown_as_it_is(name, stored, now, lang).await;
        }
        if played.over() {
            let (stored, _) = self.end(stored, DailyEnd::Played).await?;
            return self.shown_as_it_is(name, stored, now, lang).await;
        }
        let mut shown = self.playing(name, played.as_ref(), &[], lang);
        shown.deal = Some(DealRef {
            kind: deal.kind,
            day: deal.day,
            version: played.version(),
        });
        Ok((Answer::Update(shown.view), shown.deal))
    }

    /// Review, clicked on a deal's message: the deal's review, privately, once it is over.
    async fn review_click(
        &self,
        stored: &DailyDeal,
        name: DealName,
        lang: Lang,
    ) -> Result<(Answer, Option<DealRef>)> {
        match &stored.ended {
            Some(_) => {
                let review = self.review(stored, lang).await?;
                Ok((
                    Answer::Private(view::review_view(name, &review, lang)),
                    None,
                ))
            }
            None => private(lang, "daily-not-over"),
        }
    }

    /// Share, clicked on a deal's message: the deal's result posted for the channel, and its end
    /// shown as shared; only for a deal over on its own day.
    async fn share_click(
        &self,
        stored: &DailyDeal,
        deal: DealRef,
        name: DealName,
        asker: &Asker,
        now: i64,
    ) -> Result<(Answer, Option<DealRef>)> {
        let lang = asker.lang;
        match (&stored.ended, stored.day == day_of(now)) {
            (Some(ending), true) => {
                let review = self.review(stored, lang).await?;
                let ending = Self::ending(*ending);
                let notes = [view::next_note(until_next_day(now), lang)];
                Ok((
                    Answer::Shared {
                        public: view::share_view(name, &review, &asker.name, lang),
                        private: view::end_view(name, &review, ending, &notes, Share::Done, lang),
                    },
                    Some(deal),
                ))
            }
            (Some(_), false) => private(lang, "daily-gone"),
            (None, _) => private(lang, "daily-not-over"),
        }
    }

    /// The message updated to show `stored` as it is (over, or played on elsewhere).
    async fn shown_as_it_is(
        &self,
        name: DealName,
        stored: DailyDeal,
        now: i64,
        lang: Lang,
    ) -> Result<(Answer, Option<DealRef>)> {
        let shown = self
            .show(name, stored, Vec::new(), now, lang, false)
            .await?;
        Ok((Answer::Update(shown.view), shown.deal))
    }

    /// Today's board of `guild`.
    pub async fn board(&self, kind: GameKind, guild: GuildId, lang: Lang) -> Result<MessageView> {
        let (_, first) = self.key().await?;
        let today = day_of(self.now_ms());
        let measure = self.form(kind)?.measure;
        let rows: Vec<BoardRow> = self
            .0
            .store
            .daily_board(guild, kind, today, measure.higher_is_better())
            .await?
            .into_iter()
            .map(|d| BoardRow {
                name: d.name,
                accuracy: d.accuracy.unwrap_or(0.0),
                score: d.score.unwrap_or(0),
                midnight: d.ended == Some(DailyEnd::Midnight),
            })
            .collect();
        Ok(view::board_view(
            Self::name(kind, today, first),
            measure,
            &rows,
            lang,
        ))
    }

    /// The person's ended deals of `kind`, oldest first, their deals of earlier days left
    /// unfinished ended first (as they stood); and today.
    async fn history(&self, kind: GameKind, user: UserId) -> Result<(Vec<Played>, i64)> {
        self.game(kind)?;
        let (_, first) = self.key().await?;
        let today = day_of(self.now_ms());
        let lock = self.lock(user, kind);
        let _one = lock.lock().await;
        for left in self.0.store.daily_unended_before(user, kind, today).await? {
            self.end(left, DailyEnd::Midnight).await?;
        }
        let history = self
            .0
            .store
            .daily_history(user, kind)
            .await?
            .into_iter()
            .map(|d| Played {
                day: d.day,
                number: d.day - first + 1,
                accuracy: d.accuracy.unwrap_or(0.0),
            })
            .collect();
        Ok((history, today))
    }

    /// The person's daily figures of `kind` in a line or three, for their statistics; `None`
    /// when they have played no deal.
    pub async fn summary(
        &self,
        kind: GameKind,
        user: UserId,
        lang: Lang,
    ) -> Result<Option<String>> {
        let (history, today) = self.history(kind, user).await?;
        Ok(view::summary(&history, today, lang))
    }

    /// `who`'s daily statistics of `kind`, with their chart.
    pub async fn stats(
        &self,
        kind: GameKind,
        user: UserId,
        who: &str,
        lang: Lang,
    ) -> Result<MessageView> {
        let (history, today) = self.history(kind, user).await?;
        let who = who.to_string();
        tokio::task::spawn_blocking(move || view::stats_view(kind, &who, &history, today, lang))
            .await
            .map_err(|e| DailyError::Broken(e.to_string()))
    }
}

/// A click answered privately with message `id`, the deal's message left as it is.
fn private(lang: Lang, id: &str) -> Result<(Answer, Option<DealRef>)> {
    Ok((Answer::Private(MessageView::new(&tr!(lang, id))), None))
}
