//! *Get Dickey*, as `docs/RULES.md` (G1–G7) says it is played: the Yahtzee family, with five
//! ordinary dice, three rolls a turn and thirteen boxes.
//!
//! The table's part (seats, lobby, start, timeouts, winners, replay) is [`crate::engine::table`]'s; this
//! module is the turn: rolls and holds, the scorecard, jokers and Dickey bonuses, and thirteen
//! rounds.
//!
//! Choices the rules leave open, made here:
//!
//! - **Seating (G1).** One to ten seats, a bot seat counting as a player; a person may play alone
//!   (solitaire). The host starts the game; turns go in seating order, which is join order, from
//!   the first seat — there is no roll-off.
//! - **Holds (G2).** Holding is a move of its own, [`Move::ToggleHold`], one die at a time
//!   (what five toggle buttons send). Holds may change only between rolls: after the first roll and
//!   while a roll is left. Held dice stay held for the rest of the turn until toggled off. A roll
//!   with all five dice held is refused rather than wasted.
//! - **Five alike with the Dickey box open** is an ordinary roll: 50 in Dickey, or any other box
//!   by its normal score. Full House then scores 0, since G4 asks for "three of one face and two of
//!   another"; only a joker (G6) makes five alike a Full House or a straight.
//! - **The Dickey bonus (G6)** comes with the box the roll fills: five alike that are rolled and
//!   then rolled again do not earn it. A timed-out turn that scores five alike earns it too.
//! - **Leaving** mid-game: the seat is skipped from then on and cannot win; leaving on one's own
//!   turn ends it without filling a box. The others play on (a single player left plays on alone,
//!   as G1 allows). When no seat is playing any more the game is finished, with no winner.
//! - **Timeouts.** When the turn's deadline passes the bot scores the roll in the open box worth
//!   most (joker applied; on equal points the first such box in scorecard order), rolling all five
//!   dice first if the player had not rolled. A seat whose turns time out
//!   [`TIMEOUTS_BEFORE_LEAVING`] times in a row leaves the game.
//!
//! The scorecard — its boxes, what a hand scores in each, jokers and bonuses — is in
//! `scorecard.rs`; this file is the turn, its moves and events, and the [`Rules`] of the table.

mod scorecard;

use serde::{Deserialize, Serialize};

use crate::engine::dice::DiceSource;
use crate::engine::intent::{numbered, MoveCode};
use crate::engine::table::{self, Names, Rules, Tally};
use crate::engine::Player;

/// Five ordinary dice (G1).
pub const DICE: usize = 5;
/// Faces of a die.
pub const SIDES: u8 = 6;
/// One to ten players (G1).
pub const MIN_SEATS: usize = 1;
pub const MAX_SEATS: usize = 10;
/// Thirteen rounds, one box filled a turn (G1, G7).
pub const ROUNDS: u32 = 13;
/// Roll all five, then up to two more times (G2).
pub const MAX_ROLLS: u32 = 3;
/// The upper bonus and what the upper boxes must add up to for it (G3).
pub const UPPER_BONUS: u32 = 35;
pub const UPPER_BONUS_AT: u32 = 63;
/// Five alike in the Dickey box (G4), and the bonus for each further one while it holds 50 (G6).
pub const DICKEY_POINTS: u32 = 50;
pub const DICKEY_BONUS: u32 = 100;

pub use self::scorecard::{
    five_alike, joker_points, points, sum, Category, Hand, NoCategory, ScoreOption, Scorecard,
    Summary,
};

/// One die of a roll: which of the five dice (0–4), and the face it showed (1–6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub die: u8,
    pub face: u8,
}

/// A table's choices. Get Dickey has none yet; the type keeps the shape of every game's `create`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// What a seat did this game; the store folds it into lifetime statistics. The game's score (the
/// "best" statistic of Get Dickey) is [`Score::total`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatStats {
    /// Turns that filled a box (a turn left unfinished by leaving does not count).
    pub turns: u32,
    /// Turns scored with five alike, in the Dickey box or as a joker.
    pub dickeys: u32,
}

/// A seat's part of the game: its scorecard and what it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub card: Scorecard,
    pub stats: SeatStats,
}

impl Score {
    /// The seat's grand total so far (G7).
    pub fn total(&self) -> u32 {
        self.card.total()
    }
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: usize,
    /// 1 to 13 (G1).
    pub round: u32,
    /// 1 for the game's first turn.
    pub number: u32,
    /// What the dice show; `None` before the turn's first roll.
    pub dice: Option<Hand>,
    /// Which dice are held: a roll leaves them as they are (G2).
    pub held: [bool; DICE],
    /// Rolls made this turn, 0 to 3.
    pub rolls: u32,
    /// The dice the last roll rolled.
    pub last_roll: Vec<DieRoll>,
    /// Every roll of the turn so far: the hand it left, and which dice were held through it (G2).
    /// The turn's story, as its finished message tells it.
    pub rolled: Vec<(Hand, [bool; DICE])>,
}

impl Turn {
    fn new(seat: usize, round: u32, number: u32) -> Turn {
        Turn {
            seat,
            round,
            number,
            dice: None,
            held: [false; DICE],
            rolls: 0,
            last_roll: Vec::new(),
            rolled: Vec::new(),
        }
    }

    pub fn rolls_left(&self) -> u32 {
        MAX_ROLLS.saturating_sub(self.rolls)
    }

    /// The dice a roll would roll now: those not held, in die order.
    pub fn free_dice(&self) -> Vec<usize> {
        (0..DICE).filter(|&d| !self.held[d]).collect()
    }

    /// True when a roll is allowed: a roll left and a die not held.
    pub fn can_roll(&self) -> bool {
        self.rolls_left() > 0 && self.held.contains(&false)
    }

    /// True while holds may change: after the first roll, with a roll left.
    pub fn can_hold(&self) -> bool {
        self.rolls > 0 && self.rolls_left() > 0
    }

    /// True after the third roll: the only move left is to score (G2).
    pub fn must_score(&self) -> bool {
        self.rolls_left() == 0
    }
}

/// How a turn ends by its own moves: a box filled. (When its deadline passes the bot scores the
/// roll in the open box worth most, [`TurnEnd::TimedOut`]; a player who leaves fills none.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Scored,
}

/// A finished turn: the turn as it ended, and what it scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnResult {
    pub turn: Turn,
    pub end: TurnEnd,
    /// The box filled and its points, with the Dickey bonus earned; `None` when the player left.
    pub scored: Option<ScoreOption>,
}

impl TurnResult {
    /// The points the turn scored: the box's points and any Dickey bonus (the upper bonus belongs
    /// to the card as a whole, see [`Scorecard::upper_bonus`]).
    pub fn points(&self) -> u32 {
        self.scored.map_or(0, |o| o.points + o.dickey_bonus)
    }
}

/// A move of the player on turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Roll the dice not held (all five on the turn's first roll).
    Roll,
    /// Hold a die, or release it if held (die 0–4).
    ToggleHold(u8),
    /// Fill an open box with the roll.
    Score(Category),
}

impl Move {
    /// The code of the "Score in…" menu: the box is the option picked.
    pub const SCORE_MENU: &'static str = "score";
}

/// In custom_ids: `roll`, `hold:2`, and `score` for the "Score in…" menu, whose options' values
/// are the boxes' [`Category::key`]s.
impl MoveCode for Move {
    fn code(&self) -> String {
        match self {
            Move::Roll => "roll".into(),
            Move::ToggleHold(die) => format!("hold:{die}"),
            Move::Score(_) => Move::SCORE_MENU.into(),
        }
    }

    fn parse(code: &str, chosen: Option<&str>) -> Option<Move> {
        match code {
            "roll" => Some(Move::Roll),
            Move::SCORE_MENU => chosen?.parse().ok().map(Move::Score),
            code => numbered(code, "hold").map(Move::ToggleHold),
        }
    }
}

/// The game's own events; the table's (created, joined, left, cancelled) are [`TableEvent`]s.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    Started,
    Rolled {
        dice: Vec<DieRoll>,
    },
    HoldToggled {
        die: u8,
    },
    Scored {
        category: Category,
    },
    /// The deadline passed: `dice` are the five dice rolled for the player if they had not rolled
    /// (else empty), `category` the box the roll filled.
    TimedOut {
        dice: Vec<DieRoll>,
        category: Category,
    },
}

/// Why a move is refused, beyond the table's reasons ([`RuleError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("roll the dice first")]
    MustRollFirst,
    #[error("you have rolled {MAX_ROLLS} times: score the roll in an open box")]
    NoRollsLeft,
    #[error("all five dice are held: release one to roll, or score the roll")]
    AllHeld,
    #[error("there is no die {0}: the dice are 0 to 4")]
    NoSuchDie(u8),
    #[error("the {0} box is already filled")]
    BoxFilled(Category),
    #[error(
        "five alike with the Dickey box filled is a joker: it must go in {0} while that is open"
    )]
    JokerMustFillUpper(Category),
    #[error("every box of the scorecard is filled")]
    CardFull,
}

/// Get Dickey's rules. A game keeps nothing beyond its seats and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GetDickey;

crate::game_types!(GetDickey, turn: Turn, ending: Ending);

pub use table::{HostAct, SeatStatus, TableEvent, TIMEOUTS_BEFORE_LEAVING};

impl Rules for GetDickey {
    type Settings = Settings;
    type Score = Score;
    type Turn = Turn;
    type TurnResult = TurnResult;
    type Move = Move;
    type Event = GameEvent;
    type Error = GameError;
    const MIN_SEATS: usize = MIN_SEATS;
    const MAX_SEATS: usize = MAX_SEATS;
    const NAMES: Names = Names::new("get_dickey", "gd", "getdickey");

    fn check(_settings: &Settings) -> Result<(), GameError> {
        Ok(())
    }

    fn start(_game: &Game, _dice: &mut dyn DiceSource) -> Decided {
        Ok(GameEvent::Started)
    }

    fn play(game: &Game, turn: &Turn, mv: Move, dice: &mut dyn DiceSource) -> Decided {
        match mv {
            Move::Roll => {
                if turn.rolls_left() == 0 {
                    return Err(GameError::NoRollsLeft);
                }
                if !turn.can_roll() {
                    return Err(GameError::AllHeld);
                }
                Ok(GameEvent::Rolled {
                    dice: roll(&turn.free_dice(), dice),
                })
            }
            Move::ToggleHold(die) => {
                if usize::from(die) >= DICE {
                    return Err(GameError::NoSuchDie(die));
                }
                if turn.rolls == 0 {
                    return Err(GameError::MustRollFirst);
                }
                if turn.rolls_left() == 0 {
                    return Err(GameError::NoRollsLeft);
                }
                Ok(GameEvent::HoldToggled { die })
            }
            Move::Score(category) => {
                let hand = turn.dice.ok_or(GameError::MustRollFirst)?;
                game.seats[turn.seat].card.option(category, &hand)?;
                Ok(GameEvent::Scored { category })
            }
        }
    }

    fn time_out(game: &Game, turn: &Turn, dice: &mut dyn DiceSource) -> Decided {
        let (rolled, hand) = match turn.dice {
            Some(hand) => (Vec::new(), hand),
            None => {
                let rolled = roll(&turn.free_dice(), dice);
                let mut hand = [0; DICE];
                for r in &rolled {
                    hand[usize::from(r.die)] = r.face;
                }
                (rolled, hand)
            }
        };
        let best = game.seats[turn.seat]
            .card
            .best_option(&hand)
            .ok_or(GameError::CardFull)?;
        Ok(GameEvent::TimedOut {
            dice: rolled,
            category: best.category,
        })
    }

    fn evolve(game: &mut Game, event: &GameEvent) {
        match event {
            GameEvent::Started => {
                game.phase = Phase::Playing {
                    turn: Turn::new(0, 1, 1),
                };
            }
            GameEvent::Rolled { dice } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    apply_roll(turn, dice);
                }
            }
            GameEvent::HoldToggled { die } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    if let Some(held) = turn.held.get_mut(usize::from(*die)) {
                        *held = !*held;
                    }
                }
            }
            GameEvent::Scored { category } => {
                score(game, *category, TurnEnd::Played(Ending::Scored))
            }
            GameEvent::TimedOut { dice, category } => {
                if let Phase::Playing { turn } = &mut game.phase {
                    if !dice.is_empty() {
                        apply_roll(turn, dice);
                    }
                    score(game, *category, TurnEnd::TimedOut);
                }
            }
        }
    }

    fn left_on_turn(game: &mut Game, turn: Turn) {
        end_turn(game, turn, TurnEnd::Left, None);
    }

    fn action_of(game: &Game, by: Option<Player>, event: &GameEvent) -> Option<(Action, Vec<u8>)> {
        let faces = |dice: &[DieRoll]| dice.iter().map(|d| d.face).collect();
        let play = |mv| Some(Action::Play { by: by?, mv });
        Some(match event {
            GameEvent::Started => (Action::Start { by: game.host }, Vec::new()),
            GameEvent::Rolled { dice } => (play(Move::Roll)?, faces(dice)),
            GameEvent::HoldToggled { die } => (play(Move::ToggleHold(*die))?, Vec::new()),
            GameEvent::Scored { category } => (play(Move::Score(*category))?, Vec::new()),
            GameEvent::TimedOut { dice, .. } => (Action::TimeOut, faces(dice)),
        })
    }

    fn legal_moves(game: &Game, turn: &Turn) -> Vec<Move> {
        let mut moves = Vec::new();
        if turn.can_roll() {
            moves.push(Move::Roll);
        }
        if turn.can_hold() {
            moves.extend((0..DICE as u8).map(Move::ToggleHold));
        }
        moves.extend(
            game.score_options()
                .into_iter()
                .map(|o| Move::Score(o.category)),
        );
        moves
    }

    fn is_move(event: &GameEvent) -> bool {
        matches!(
            event,
            GameEvent::Rolled { .. } | GameEvent::HoldToggled { .. } | GameEvent::Scored { .. }
        )
    }

    fn total(score: &Score) -> u32 {
        score.total()
    }

    fn tally(score: &Score) -> Tally {
        Tally {
            points: score.total(),
            // The best statistic of Get Dickey is the best game.
            best: score.total(),
            feats: score.stats.dickeys,
            turns: score.stats.turns,
        }
    }
}

impl table::Game<GetDickey> {
    /// In the last round (G1), where the player on turn stands against the best total among the
    /// others still playing: the points to pass it (`Ok`), or their lead (`Err`). None before
    /// the last round, and alone at the table.
    pub fn last_round_need(&self) -> Option<Result<u32, u32>> {
        let turn = self.turn().ok()?;
        if turn.round < ROUNDS {
            return None;
        }
        let own = self.seats[turn.seat].total();
        let best = self
            .seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != turn.seat && s.is_playing())
            .map(|(_, s)| s.total())
            .max()?;
        Some(if own > best {
            Err(own - best)
        } else {
            Ok(best - own + 1)
        })
    }

    /// The boxes the player on turn may fill with the dice as they show, in scorecard order, with
    /// the points each would score now (joker applied, G6): what a "Score in…" menu lists. Empty
    /// before the turn's first roll and when no game is being played.
    pub fn score_options(&self) -> Vec<ScoreOption> {
        match self.turn() {
            Ok(Turn {
                seat,
                dice: Some(hand),
                ..
            }) => self.seats[*seat].card.options(hand),
            _ => Vec::new(),
        }
    }

    /// A seat's scorecard totals (upper, upper bonus, lower, Dickey bonus, total).
    pub fn scorecard(&self, seat: usize) -> Option<Summary> {
        self.seats.get(seat).map(|s| s.card.summary())
    }

    /// The round being played, 1 to 13.
    pub fn round(&self) -> Option<u32> {
        self.turn().ok().map(|t| t.round)
    }
}

/// Fills `category` with the roll on the table and ends the turn.
fn score(game: &mut Game, category: Category, end: TurnEnd) {
    let Phase::Playing { turn } = &game.phase else {
        return;
    };
    let Some(hand) = turn.dice else {
        return;
    };
    let turn = turn.clone();
    let seat = &mut game.seats[turn.seat];
    let Ok(option) = seat.card.option(category, &hand) else {
        return;
    };
    seat.card.fill(&option);
    seat.stats.turns += 1;
    if five_alike(&hand).is_some() {
        seat.stats.dickeys += 1;
    }
    match end {
        TurnEnd::TimedOut => game.count_timeout(turn.seat),
        TurnEnd::Played(Ending::Scored) | TurnEnd::Left => game.played(turn.seat),
    }
    end_turn(game, turn, end, Some(option));
}

fn end_turn(game: &mut Game, turn: Turn, end: TurnEnd, scored: Option<ScoreOption>) {
    let (from, round, number) = (turn.seat, turn.round, turn.number);
    game.last_turn = Some(TurnResult { turn, end, scored });
    pass_turn(game, from, round, number + 1);
}

/// Gives the turn to the next seat still playing after `from` in seating order, starting a new
/// round past the last seat, or ends the game after round 13 or when no seat plays (G1, G7).
fn pass_turn(game: &mut Game, from: usize, round: u32, number: u32) {
    let n = game.seats.len();
    for step in 1..=n {
        let seat = (from + step) % n;
        if !game.seats[seat].is_playing() {
            continue;
        }
        let round = if seat <= from { round + 1 } else { round };
        if round > ROUNDS {
            break;
        }
        game.phase = Phase::Playing {
            turn: Turn::new(seat, round, number),
        };
        return;
    }
    game.finish();
}
/// Rolls `dice` (die indices), one face each.
fn roll(dice_to_roll: &[usize], dice: &mut dyn DiceSource) -> Vec<DieRoll> {
    dice_to_roll
        .iter()
        .map(|&die| DieRoll {
            die: die as u8,
            face: dice.roll(SIDES),
        })
        .collect()
}

fn apply_roll(turn: &mut Turn, rolled: &[DieRoll]) {
    let mut hand = turn.dice.unwrap_or([0; DICE]);
    for r in rolled {
        if let Some(face) = hand.get_mut(usize::from(r.die)) {
            *face = r.face;
        }
    }
    turn.dice = Some(hand);
    turn.rolls += 1;
    turn.last_roll = rolled.to_vec();
    turn.rolled.push((hand, turn.held));
}
