//! The exact For Get It turn solver: the policy that maximizes a turn's expected score under
//! `docs/RULES.md`, and its values.
//!
//! # States
//!
//! Once the point number `p` is chosen, a decision point is `(k, hand, words)`: `k` point dice set
//! aside in the turn so far, the dice still in hand counted by kind (FOR, GET, IT dice: F1), and the
//! word kinds set aside in the current set (F4, F8). Dice of one kind are interchangeable, so
//! counts are enough. Banking scores `p × k × mult(k)` (F9), and a roll's chances do not depend on
//! `p` (each die shows the point number, its word, or something else with chances 1/6, 1/6, 4/6),
//! so every value is `p` times the value with `p = 1`: the table is kept for `p = 1` and the
//! policy after the choice does not depend on the number chosen.
//!
//! Before the number is chosen (F5), a state is `(hand, words)` of the first set, with nothing to
//! bank: the player must roll.
//!
//! # Rolls that set nothing aside
//!
//! A roll that sets nothing aside returns to the same state (F6). With `s` the chance of that and
//! `r` the chance-weighted value of every other outcome, rolling is worth `x = s·x + r`, so
//! `x = r / (1 − s)`; the value of a state is `max(bank, r / (1 − s))`. This is exact: if rolling is
//! worth more than banking, a player who rolled and saw nothing change faces the same choice again
//! and rolls again.
//!
//! # Where the point dice stop growing
//!
//! `k` grows without bound across sets, but banking is optimal whenever all nine dice are set
//! aside and `k ≥ K_BANK = 112` (and this solver banks there), which leaves every value exact,
//! not just to 1e-9:
//!
//! Let `ρ = (1 − (5/6)³)³ ≈ 0.0748`, the chance that a roll of nine fresh dice spells FORGET IT
//! (each kind shows its word on at least one of its three dice). A new set from `k` point dice
//! (units of `p`, multiplier 4 for `k ≥ 6`) survives its first roll with chance `1 − ρ` and then
//! adds at most 9 point dice before the set ends (banked, FORGET IT, or all nine aside again). With
//! `W(k)` the value of a state with all nine aside, `W(k) ≤ max(k, (1 − ρ) · max_{j ≤ k+9} W(j))`
//! in units of `4p`. Every policy's expected score is finite and `W(k) ≤ k + M` for some `M`
//! (each new set is an independent `ρ` risk), so for large `k`, `(1 − ρ)(k + 9 + M) < k` and
//! `W(k) = k`; going down from there, `W(k) = k` as long as `(1 − ρ)(k + 9) < k`, that is for
//! `k > 9(1 − ρ)/ρ ≈ 111.35`. So `W(k) = k` (bank) for every `k ≥ 112`. The
//! test `the_cut_off_changes_no_value` checks this numerically too: solving with the cut-off at
//! 200 instead gives the same values.

pub use forgetit_solver::rolls::{forget_it_chance, Hand};
use forgetit_solver::rolls::{hand_index, open_on, roll_on, Opened, ALL_WORDS, FULL};

use forgetit_solver::UtilityTurn;

use super::endgame::{Endgame, FinalRound};
use super::race::RaceKey;

use crate::games::forgetit::{multiplier, DieState, Face, Game, Step, Turn, Word, DICE};

/// From this many point dice on, with all nine dice set aside, banking is optimal (see above).
pub const K_BANK: u32 = 112;

const UNKNOWN: f64 = f64::NAN;
/// The word kinds in `words` as the solver's bits (bit 0 FOR, bit 1 GET, bit 2 IT).
pub fn word_bits(words: &[Word]) -> u8 {
    words.iter().fold(0, |bits, w| bits | (1 << (*w as u8)))
}

/// What banking `k` point dice scores, per unit of the point number.
fn bank(k: u32) -> f64 {
    f64::from(k * multiplier(k))
}

/// The solver's tables, filled on demand.
pub struct Solver {
    /// For each `k`: the value of rolling from each (hand, words), per unit of the point number.
    roll: Vec<Vec<f64>>,
    /// Before a number is chosen: the value of each (hand, words) of the first set.
    open: Vec<f64>,
    k_bank: u32,
    /// The last final-round turn's endgame solver, kept while the turn's model is the same.
    endgame: Option<Endgame>,
    /// The last race turn's solver, kept while the totals are the same.
    race: Option<(RaceKey, UtilityTurn)>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::with_cut_off(K_BANK)
    }

    /// A solver that banks with all nine aside from `k_bank` point dice on (for the cut-off test).
    pub fn with_cut_off(k_bank: u32) -> Solver {
        Solver {
            roll: Vec::new(),
            open: vec![UNKNOWN; 64 * 8],
            k_bank,
            endgame: None,
            race: None,
        }
    }

    /// The endgame solver of the last turn `round` ([`Endgame`]), kept from the last call while
    /// the turn is the same (a turn asks it at every move).
    pub fn endgame(&mut self, round: FinalRound) -> &mut Endgame {
        match &mut self.endgame {
            Some(endgame) if *endgame.round() == round => {}
            slot => *slot = Some(Endgame::new(round)),
        }
        self.endgame.as_mut().expect("just set")
    }

    /// The solver of a turn played to win the race `key` ([`super::race`]), kept from the last
    /// call while the race is the same.
    pub fn race(&mut self, key: RaceKey) -> &mut UtilityTurn {
        match &mut self.race {
            Some((known, _)) if *known == key => {}
            slot => {
                let turn = key.turn();
                *slot = Some((key, turn));
            }
        }
        &mut self.race.as_mut().expect("just set").1
    }

    /// The expected score of a turn under optimal play.
    pub fn turn_value(&mut self) -> f64 {
        self.open_value(FULL, 0)
    }

    /// The value of a decision point after the number is chosen, per unit of the point number:
    /// the better of banking and rolling (all nine again when `hand` is empty).
    pub fn value(&mut self, k: u32, hand: Hand, words: u8) -> f64 {
        if hand == [0, 0, 0] && k >= self.k_bank {
            return bank(k);
        }
        bank(k).max(self.roll_value(k, hand, words))
    }

    /// The value of rolling from a decision point, per unit of the point number.
    pub fn roll_value(&mut self, k: u32, hand: Hand, words: u8) -> f64 {
        let (hand, words) = if hand == [0, 0, 0] {
            (FULL, 0) // F8: a new set
        } else {
            (hand, words)
        };
        let k_index = k as usize;
        if self.roll.len() <= k_index {
            self.roll.resize(k_index + 1, vec![UNKNOWN; 64 * 8]);
        }
        let index = hand_index(hand) * 8 + usize::from(words);
        let known = self.roll[k_index][index];
        if !known.is_nan() {
            return known;
        }
        // FORGET IT scores 0.
        let value = roll_on(hand, words, 0.0, |roll, now| {
            self.value(k + roll.points, roll.left, now)
        });
        self.roll[k_index][index] = value;
        value
    }

    /// Before the number is chosen: the value of rolling from (hand, words) of the first set (the
    /// turn's expected score from there, in points: the number is not chosen yet).
    pub fn open_value(&mut self, hand: Hand, words: u8) -> f64 {
        let index = hand_index(hand) * 8 + usize::from(words);
        let known = self.open[index];
        if !known.is_nan() {
            return known;
        }
        // FORGET IT scores 0; the number kept scores p per unit of value.
        let value = open_on(hand, words, 0.0, |next, now| match next {
            Opened::Keep((p, k, left)) => f64::from(p) * self.value(k, left, now),
            Opened::Words(left) => self.open_value(left, now),
        });
        self.open[index] = value;
        value
    }

    /// What the optimal player does in `game`'s turn: `None` when no turn is being played.
    pub fn best_move(&mut self, game: &Game) -> Option<Choice> {
        let turn = game.turn().ok()?;
        let (hand, words, k) = state_of(turn);
        Some(match &turn.step {
            Step::Roll => Choice::Roll,
            Step::ChoosePoint { options } => {
                let mut best = (options[0], f64::MIN);
                for &p in options {
                    let (k, left) = after_choosing(turn, p);
                    let value = f64::from(p) * self.value(k, left, words);
                    if value > best.1 {
                        best = (p, value);
                    }
                }
                Choice::Keep(best.0)
            }
            Step::BankOrRoll => {
                if self.should_bank(k, hand, words) {
                    Choice::Bank
                } else {
                    Choice::Roll
                }
            }
        })
    }

    /// When `game`'s turn is played to win rather than for points: why ([`Goal`]), and the turn
    /// played for the chance of winning ([`UtilityTurn`]) — in the seat's last turn of the final
    /// round ([`Endgame`]) and, when another seat is near the target, before it ([`RaceKey`]), by
    /// `model`. `None` when the turn is played for points.
    pub fn win_turn(&mut self, game: &Game, model: Model) -> Option<(Goal, &mut UtilityTurn)> {
        let turn = game.turn().ok()?;
        if let Some(round) = FinalRound::of(game) {
            let trigger = game.state.final_round?;
            let goal = Goal::LastTurn {
                leader: leader_of(game, turn.seat)?,
                leader_total: round.best.0,
                need: round.need(),
                later: super::endgame::later_seats(game, turn.seat, trigger),
            };
            let round = match model {
                Model::Leader => round.leader_only(),
                Model::Field | Model::Nearest | Model::NoRace => round,
            };
            return Some((goal, self.endgame(round).turn_mut()));
        }
        let key = match model {
            Model::Field => RaceKey::of(game)?,
            Model::Leader => RaceKey::of(game)?.leader_only(),
            Model::Nearest => RaceKey::of(game)?.nearest(),
            Model::NoRace => return None,
        };
        let goal = Goal::Race {
            others: others_by_total(game, turn.seat),
        };
        Some((goal, self.race(key)))
    }

    /// The move the bot seats make in `game`'s turn ([`super::bot::optimal`]; by another `model`,
    /// the policies `forgetit sim` compares it with): the best chance of winning where they play
    /// to win and that chance is not 0 ([`Solver::win_turn`]), else the most expected points
    /// ([`Solver::best_move`]). `None` when no turn is being played.
    pub fn choice(&mut self, game: &Game, model: Model) -> Option<Choice> {
        let to_win = self
            .win_turn(game, model)
            .and_then(|(_, turn)| super::endgame::best_move(turn, game));
        match to_win {
            Some((choice, chance)) if chance > 0.0 => Some(choice),
            _ => self.best_move(game),
        }
    }

    /// What the Odds button shows for `game`'s turn: the chance that the next roll spells FORGET
    /// IT, the expected final score of the turn under optimal play for each choice open now, and
    /// the bot seats' choice ([`Solver::choice`]); where the bot seats play to win, the chance of
    /// winning of each choice ([`WinOdds`]). `None` when no turn is being played.
    pub fn odds(&mut self, game: &Game) -> Option<Odds> {
        let turn = game.turn().ok()?;
        let best = self.choice(game, Model::Field)?;
        let win = self.win_odds(game);
        let (hand, words, k) = state_of(turn);
        let situation = match (&turn.step, turn.point) {
            (Step::Roll, _) => Situation::Roll {
                forget_it: forget_it_chance(hand, words),
                expected: self.open_value(hand, words),
            },
            (Step::ChoosePoint { options }, _) => Situation::Choose {
                options: options
                    .iter()
                    .map(|&number| {
                        let (k, left) = after_choosing(turn, number);
                        KeepOdds {
                            number,
                            expected: f64::from(number) * self.value(k, left, words),
                            forget_it: forget_it_chance(left, words),
                        }
                    })
                    .collect(),
            },
            (Step::BankOrRoll, Some(point)) => Situation::BankOrRoll {
                forget_it: forget_it_chance(hand, words),
                bank: turn.score(),
                roll: f64::from(point) * self.roll_value(k, hand, words),
                new_set: hand == [0, 0, 0],
            },
            (Step::BankOrRoll, None) => return None,
        };
        Some(Odds {
            rolls: turn.rolls,
            situation,
            best,
            win,
        })
    }

    /// The chances of winning of `game`'s turn where the bot seats play it to win.
    fn win_odds(&mut self, game: &Game) -> Option<WinOdds> {
        let turn = game.turn().ok()?;
        let (goal, utility) = self.win_turn(game, Model::Field)?;
        let (hand, words, k) = state_of(turn);
        let now = win_value(utility, turn);
        let keeps = match &turn.step {
            Step::ChoosePoint { options } => options
                .iter()
                .map(|&p| win_keep_value(utility, turn, p))
                .collect(),
            _ => Vec::new(),
        };
        let (roll, bank) = match (&turn.step, turn.point) {
            (Step::BankOrRoll, Some(p)) => (
                utility.roll_value(p, k, hand, words),
                utility.utility(turn.score()),
            ),
            _ => (now, 0.0),
        };
        Some(WinOdds {
            goal,
            now,
            keeps,
            roll,
            bank,
        })
    }

    /// True when banking is at least as good as rolling.
    pub fn should_bank(&mut self, k: u32, hand: Hand, words: u8) -> bool {
        (hand == [0, 0, 0] && k >= self.k_bank) || bank(k) >= self.roll_value(k, hand, words)
    }

    /// Every decision point after the number is chosen with `k` up to `max_k`, as lines of the
    /// policy table: `k`, dice in hand (FOR GET IT), words out this set, the values of banking and
    /// rolling per unit of the point number, and the choice.
    pub fn policy_table(&mut self, max_k: u32) -> Vec<String> {
        let mut lines = vec!["k\thand F G I\twords\tbank\troll\tchoice".to_string()];
        for k in 2..=max_k {
            for f in 0..=3u8 {
                for g in 0..=3u8 {
                    for i in 0..=3u8 {
                        let hand = [f, g, i];
                        // A full hand is never a decision point; with all nine aside the
                        // words no longer matter (the next roll starts a new set).
                        if hand == FULL {
                            continue;
                        }
                        for words in 0..ALL_WORDS {
                            if !possible(hand, words) || (hand == [0, 0, 0] && words != 0) {
                                continue;
                            }
                            let roll = self.roll_value(k, hand, words);
                            let choice = if self.should_bank(k, hand, words) {
                                "bank"
                            } else {
                                "roll"
                            };
                            lines.push(format!(
                                "{k}\t{f} {g} {i}\t{}\t{:.6}\t{:.6}\t{choice}",
                                words_text(words),
                                bank(k),
                                roll
                            ));
                        }
                    }
                }
            }
        }
        lines
    }
}

/// A word kind is out this set only if some die of that kind is not in hand.
fn possible(hand: Hand, words: u8) -> bool {
    (0..3).all(|kind| words & (1 << kind) == 0 || hand[kind] < 3)
}

fn words_text(words: u8) -> String {
    let names: Vec<&str> = Word::ALL
        .iter()
        .filter(|w| words & (1 << (**w as u8)) != 0)
        .map(|w| w.text())
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join("+")
    }
}

/// What the Odds button shows: [`Solver::odds`].
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Rolls made in the turn so far.
    pub rolls: u32,
    pub situation: Situation,
    /// What the bot seats do now ([`Solver::choice`]).
    pub best: Choice,
    /// Where the bot seats play the turn to win: the chances of winning.
    pub win: Option<WinOdds>,
}

/// Which model of the other seats a turn is played to win by ([`Solver::win_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Every seat counted: the final round exact ([`super::endgame`]), the race against every
    /// other seat ([`super::race`]). The bot seats', the Odds' and the reviews' own.
    Field,
    /// Against the leader alone, as the bots played before ([`FinalRound::leader_only`],
    /// [`RaceKey::leader_only`]): `forgetit sim`'s policy `leader`, to compare with.
    Leader,
    /// The final round as [`Model::Field`], and no race: for expected points until then
    /// (`forgetit sim`'s policy `points`).
    NoRace,
    /// The final round and reaching the target as [`Model::Field`]; short of it, the two-seat
    /// race against the seat nearest the target (`forgetit sim`'s policy `nearest`).
    Nearest,
}

/// Why a turn is played to win rather than for points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The seat's last turn of the final round (F10): it must end above `leader`'s total, and
    /// the seats in `later` still play theirs after it.
    LastTurn {
        /// The leading seat among those that play no more, and its total.
        leader: usize,
        leader_total: u32,
        /// The points this turn must bank to end above it.
        need: u32,
        /// The seats still to play their last turn after this one, in order.
        later: Vec<usize>,
    },
    /// Another seat is near the target ([`super::race`]); `others` are the other seats still
    /// playing, the highest total first.
    Race { others: Vec<usize> },
}

/// The chances of winning (0 to 1) of a turn played to win, under the bot seats' play from then
/// on ([`Solver::win_turn`]).
#[derive(Clone, Debug, PartialEq)]
pub struct WinOdds {
    pub goal: Goal,
    /// The chance where the turn stands, with the best play.
    pub now: f64,
    /// Choosing the point number: the chance after keeping each option, in the options' order.
    pub keeps: Vec<f64>,
    /// Banking or rolling on: the chance of rolling on, and of banking now.
    pub roll: f64,
    pub bank: f64,
}

/// The leading seat among those that play no more in the final round (the first of equals),
/// whom `seat` must beat.
fn leader_of(game: &Game, seat: usize) -> Option<usize> {
    let later = super::endgame::later_seats(game, seat, game.state.final_round?);
    game.seats
        .iter()
        .enumerate()
        .filter(|(other, s)| *other != seat && s.is_playing() && !later.contains(other))
        .max_by_key(|(other, s)| (s.total, std::cmp::Reverse(*other)))
        .map(|(other, _)| other)
}

/// The seats other than `seat` still playing, the highest total first (in seat order among
/// equals).
fn others_by_total(game: &Game, seat: usize) -> Vec<usize> {
    let mut others: Vec<usize> = (0..game.seats.len())
        .filter(|&other| other != seat && game.seats[other].is_playing())
        .collect();
    others.sort_by_key(|&other| std::cmp::Reverse(game.seats[other].total));
    others
}

/// The chance of winning of a turn where it stands (before its player's next move), played for
/// `utility`.
pub fn win_value(utility: &mut UtilityTurn, turn: &Turn) -> f64 {
    let (hand, words, k) = state_of(turn);
    match (&turn.step, turn.point) {
        (Step::Roll, _) => utility.open_value(hand, words),
        (Step::ChoosePoint { options }, _) => options
            .iter()
            .map(|&p| win_keep_value(utility, turn, p))
            .fold(f64::MIN, f64::max),
        (Step::BankOrRoll, Some(p)) => utility.value(p, k, hand, words),
        (Step::BankOrRoll, None) => utility.utility(0),
    }
}

/// The chance of winning after keeping `p` on the turn's last roll.
pub fn win_keep_value(utility: &mut UtilityTurn, turn: &Turn, p: u8) -> f64 {
    let (_, words, _) = state_of(turn);
    let (k, left) = after_choosing(turn, p);
    utility.value(p, k, left, words)
}

/// The chance of winning of rolling now.
pub fn win_roll_value(utility: &mut UtilityTurn, turn: &Turn) -> f64 {
    let (hand, words, k) = state_of(turn);
    match turn.point {
        Some(p) => utility.roll_value(p, k, hand, words),
        None => utility.open_value(hand, words),
    }
}

/// The choices open now, with their chances and expected final scores of the turn (in points,
/// optimal play from then on).
#[derive(Clone, Debug, PartialEq)]
pub enum Situation {
    /// No point number yet, no pair to keep: the player must roll (F5).
    Roll {
        /// The chance that this roll spells FORGET IT.
        forget_it: f64,
        /// The turn's expected final score from here.
        expected: f64,
    },
    /// Choose the point number: one entry per number that may be kept.
    Choose { options: Vec<KeepOdds> },
    /// Bank, or roll on.
    BankOrRoll {
        /// The chance that the next roll spells FORGET IT.
        forget_it: f64,
        /// What banking now scores.
        bank: u32,
        /// The expected final score of rolling on (and playing on optimally).
        roll: f64,
        /// All nine dice are set aside: the next roll starts a new set (F8).
        new_set: bool,
    },
}

/// Keeping one point number: the expected final score of the turn after keeping it (banking or
/// rolling on, whichever is better), and the chance that the roll after it spells FORGET IT.
#[derive(Clone, Debug, PartialEq)]
pub struct KeepOdds {
    pub number: u8,
    pub expected: f64,
    pub forget_it: f64,
}

/// The optimal player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Roll,
    Keep(u8),
    Bank,
}

/// (dice in hand by kind, words out this set, point dice so far) of a turn.
pub(crate) fn state_of(turn: &Turn) -> (Hand, u8, u32) {
    let mut hand = [0u8; 3];
    for die in turn.in_hand() {
        hand[Word::of_die(die) as usize] += 1;
    }
    (hand, word_bits(&turn.words_this_set()), turn.point_dice())
}

/// The point dice and the hand after choosing `p` on the turn's last roll.
pub(crate) fn after_choosing(turn: &Turn, p: u8) -> (u32, Hand) {
    let mut hand = [0u8; 3];
    let mut k = turn.point_dice();
    for die in 0..DICE {
        if turn.dice[die] != DieState::InHand {
            continue;
        }
        let shows_p = turn
            .last_roll
            .iter()
            .any(|r| usize::from(r.die) == die && r.face == Face::Pip(p));
        if shows_p {
            k += 1;
        } else {
            hand[Word::of_die(die) as usize] += 1;
        }
    }
    (k, hand)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::ScriptedDice;
    use crate::engine::Player;
    use crate::games::forgetit::{Action, Settings};
    use crate::ids::UserId;

    const FOR: u8 = 0b001;
    const GET: u8 = 0b010;
    const IT: u8 = 0b100;
    const W: u8 = 6;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn forget_it_chance_at_hand_checked_states() {
        // FOR and GET out, one IT die in hand: that die shows IT with chance 1/6.
        assert!(close(forget_it_chance([0, 0, 1], FOR | GET), 1.0 / 6.0));
        // Two IT dice: at least one IT, 1 − (5/6)².
        assert!(close(forget_it_chance([1, 2, 2], FOR | GET), 11.0 / 36.0));
        // Nothing out, all nine in hand: each kind must show its word on one of its three dice.
        let rho = (1.0 - (5.0f64 / 6.0).powi(3)).powi(3);
        assert!(close(forget_it_chance([3, 3, 3], 0), rho));
        assert!((rho - 0.0748).abs() < 1e-4);
        // All nine set aside: the next roll is a new set of nine with no word out (F8).
        assert!(close(forget_it_chance([0, 0, 0], FOR | GET), rho));
        // The missing word has no die in hand: this set is safe.
        assert_eq!(forget_it_chance([2, 1, 0], FOR | GET), 0.0);
        assert_eq!(forget_it_chance([3, 2, 0], GET), 0.0);
        // One word out: the other two must both show.
        let two = (1.0 - (5.0f64 / 6.0).powi(2)) * (1.0 - 5.0 / 6.0);
        assert!(close(forget_it_chance([0, 2, 1], FOR), two));
        assert!(close(forget_it_chance([2, 1, 1], IT), two));
    }

    /// Every face of every die in hand, counted: the chance agrees with the formula.
    #[test]
    fn forget_it_chance_agrees_with_counting_every_roll() {
        for hand in [[1, 1, 1], [2, 1, 1], [1, 2, 0], [2, 2, 1], [0, 1, 3]] {
            for words in 0..ALL_WORDS {
                let kinds: Vec<usize> = (0..3)
                    .flat_map(|kind| std::iter::repeat_n(kind, usize::from(hand[kind])))
                    .collect();
                let n = kinds.len() as u32;
                let mut spelled = 0u32;
                for roll in 0..6u32.pow(n) {
                    let mut shown = words;
                    let mut code = roll;
                    for &kind in &kinds {
                        if code % 6 == 5 {
                            shown |= 1 << kind;
                        }
                        code /= 6;
                    }
                    spelled += u32::from(shown == ALL_WORDS);
                }
                let counted = f64::from(spelled) / f64::from(6u32.pow(n));
                let chance = forget_it_chance(hand, words);
                assert!(
                    close(chance, counted),
                    "{hand:?} {words:b}: {chance} vs {counted}"
                );
            }
        }
    }

    fn game_on_turn() -> Game {
        let (mut game, _) =
            Game::create(Settings::default(), Player::Person(UserId::new(1)), "ann").unwrap();
        let none = &mut ScriptedDice::new([]);
        let join = Action::Join {
            player: Player::Person(UserId::new(2)),
            name: "ben".into(),
        };
        game.apply(join, none).unwrap();
        let start = Action::Start {
            by: Player::Person(UserId::new(1)),
        };
        game.apply(start, &mut ScriptedDice::new([5, 1])).unwrap();
        game
    }

    #[test]
    fn odds_follow_the_turn() {
        let mut solver = Solver::new();
        let ann = Player::Person(UserId::new(1));
        let mut game = game_on_turn();
        // Before the first roll: the turn's value, and the chance of nine fresh dice.
        let odds = solver.odds(&game).unwrap();
        let turn_value = solver.turn_value();
        assert_eq!(odds.best, Choice::Roll);
        assert_eq!(odds.rolls, 0);
        let Situation::Roll {
            forget_it,
            expected,
        } = odds.situation
        else {
            panic!("{odds:?}")
        };
        assert!(close(forget_it, forget_it_chance([3, 3, 3], 0)));
        assert!(close(expected, turn_value));

        // Two 4s on FOR dice, two 1s, a GET and an IT: keep the 4s, worth more than the 1s.
        let roll = Action::Play {
            by: ann,
            mv: crate::games::forgetit::Move::Roll,
        };
        game.apply(roll, &mut ScriptedDice::new([4, 4, 1, W, 2, 3, W, 5, 1]))
            .unwrap();
        let odds = solver.odds(&game).unwrap();
        assert_eq!(odds.best, Choice::Keep(4));
        let Situation::Choose { options } = &odds.situation else {
            panic!("{odds:?}")
        };
        let numbers: Vec<u8> = options.iter().map(|o| o.number).collect();
        assert_eq!(numbers, [1, 4]);
        // Keeping the 4s leaves one FOR, two GET and two IT dice, GET and IT out: one FOR spells
        // it. Keeping the 1s leaves two FOR dice.
        assert!(close(options[1].forget_it, 1.0 / 6.0));
        assert!(close(options[0].forget_it, 11.0 / 36.0));
        let kept = 4.0 * solver.value(2, [1, 2, 2], GET | IT);
        assert!(close(options[1].expected, kept));
        assert!(close(
            options[0].expected,
            solver.value(2, [2, 2, 1], GET | IT)
        ));
        assert!(options[1].expected > options[0].expected);

        let choose = Action::Play {
            by: ann,
            mv: crate::games::forgetit::Move::ChoosePoint(4),
        };
        game.apply(choose, &mut ScriptedDice::new([])).unwrap();
        let odds = solver.odds(&game).unwrap();
        let Situation::BankOrRoll {
            forget_it,
            bank,
            roll,
            new_set,
        } = odds.situation
        else {
            panic!("{odds:?}")
        };
        assert!(close(forget_it, 1.0 / 6.0));
        assert_eq!(bank, 8);
        assert!(!new_set);
        assert!(close(roll, 4.0 * solver.roll_value(2, [1, 2, 2], GET | IT)));
        let best = if f64::from(bank) >= roll {
            Choice::Bank
        } else {
            Choice::Roll
        };
        assert_eq!(odds.best, best);
        assert!(close(kept, f64::from(bank).max(roll)));
    }
}
