//! How Get Dickey bot seats play: [`optimal`], the exact optimal solitaire policy of the
//! `dickey-solver` crate (maximum expected final score, upper bonus, Dickey bonuses and the G6
//! joker included), fed with the engine's own scoring ([`scoring`]), alone; against other cards,
//! played for the chance of winning ([`dickey_solver::win`]: exact in the last three rounds, by a
//! model of the others' final totals before); [`points`], the solitaire policy whatever the
//! table, and [`simple`], a heuristic, kept to compare with in simulations.
//!
//! The solver's table (about a million state values) takes seconds to solve in release mode, so it
//! is solved once per process and kept, and can be cached on disk ([`load_or_solve`]).

use std::fs;
use std::io::{self, BufReader, BufWriter};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use std::cell::RefCell;
use std::rc::Rc;

use dickey_solver::win::{PlayedFor, Standings};
use dickey_solver::{counts_of, Choice, Counts, Scoring, State, Table};

use crate::engine::Player;
use crate::games::getdickey::{
    joker_points, points, Action, Category, Game, Hand, Move, Scorecard, Turn, DICE,
};

/// The engine's scoring (G3, G4, and G6's joker column) as the solver's tables.
pub fn scoring() -> Scoring {
    Scoring::new(|b, faces, joker| {
        let category = Category::ALL[b];
        if joker {
            joker_points(category, &faces)
        } else {
            points(category, &faces)
        }
    })
}

/// Where a scorecard stands, as the solver's state.
pub fn state_of(card: &Scorecard) -> State {
    let filled = Category::ALL
        .iter()
        .filter(|c| !card.is_open(**c))
        .fold(0u16, |bits, c| bits | 1 << c.index());
    State {
        filled,
        upper: card.upper_subtotal(),
        dickey50: card.get(Category::Dickey) == Some(crate::games::getdickey::DICKEY_POINTS),
    }
}

/// Where the table came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read from the cache file.
    Cache,
    /// Solved now (and written to the cache file, if one was given and writing worked).
    Solved,
}

/// The optimal policy's table: read from `cache` when it holds one solved for these rules, else
/// solved (calling `progress(done, total)` as states are solved) and written to `cache`. A cache
/// that cannot be written is reported as the error beside the table, which is still good.
pub fn load_or_solve(
    cache: Option<&Path>,
    progress: impl Fn(u64, u64) + Sync,
) -> (Table, Source, Option<io::Error>) {
    if let Some(path) = cache {
        if let Ok(file) = fs::File::open(path) {
            if let Ok(table) = Table::read_from(&mut BufReader::new(file), scoring()) {
                return (table, Source::Cache, None);
            }
        }
    }
    let table = Table::solve(scoring(), progress);
    let written = cache
        .map(|path| write_cache(&table, path))
        .transpose()
        .err();
    (table, Source::Solved, written)
}

/// Writes the table to a file beside `path` and renames it into place, so that a reader never
/// sees half a table. The partial file is this write's own (its process and its count in the
/// process), so that writers in several processes or threads never write into one file.
fn write_cache(table: &Table, path: &Path) -> io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let write = WRITES.fetch_add(1, Ordering::Relaxed);
    let partial = path.with_extension(format!("partial-{}-{write}", std::process::id()));
    let mut out = BufWriter::new(fs::File::create(&partial)?);
    table.write_to(&mut out)?;
    out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    fs::rename(&partial, path)
}

/// A bot seat's turn and its dice, or the move when there is nothing to decide: none when no bot
/// seat is on turn, a roll before the turn's first roll.
fn bot_dice(game: &Game) -> Result<(&Turn, Player, Hand), Option<Action>> {
    let turn = game.turn().map_err(|_| None)?;
    let by = game.seats[turn.seat].player;
    if !by.is_bot() {
        return Err(None);
    }
    match turn.dice {
        Some(dice) => Ok((turn, by, dice)),
        None => Err(Some(Action::Play { by, mv: Move::Roll })),
    }
}

/// What a card's turn is played for: its expected final score, alone (or by the `points`
/// policy), or its chance of winning against the other cards still playing.
pub enum Plan<'a> {
    /// The optimal solitaire policy's turn; values are expected points still to come.
    Points(Box<dickey_solver::Turn<'a>>),
    /// The turn played for the share of the win; values are chances (0 to 1).
    ToWin(Rc<PlayedFor>),
}

impl Plan<'_> {
    /// What to do with `hand` with `rolls_left` rolls left: score now, or hold and roll.
    pub fn choose(&self, hand: &Counts, rolls_left: u8) -> Choice {
        match self {
            Plan::Points(turn) => turn.choose(hand, rolls_left),
            Plan::ToWin(turn) => turn.choose(hand, rolls_left),
        }
    }

    /// What holding `keep` and rolling the rest is worth, with `rolls_left` rolls left (1 or 2).
    pub fn keep_value(&self, keep: &Counts, rolls_left: u8) -> f64 {
        match self {
            Plan::Points(turn) => turn.keep_value(keep, rolls_left),
            Plan::ToWin(turn) => turn.keep_value(keep, rolls_left),
        }
    }

    /// The box `hand` fills when it is scored.
    pub fn best_box(&self, hand: &Counts) -> usize {
        match self {
            Plan::Points(turn) => turn.best_box(hand),
            Plan::ToWin(turn) => turn.best_box(hand),
        }
    }

    /// True when its values are chances of winning.
    pub fn to_win(&self) -> bool {
        matches!(self, Plan::ToWin(_))
    }
}

/// Where the other cards still playing stand, against the card of `seat`: what each final total
/// of that card is worth ([`Standings`]). `None` when no other card plays (alone).
pub fn standings(game: &Game, table: &Table, seat: usize) -> Option<Standings> {
    let others: Vec<_> = game
        .seats
        .iter()
        .enumerate()
        .filter(|(other, s)| *other != seat && s.is_playing())
        .map(|(_, s)| table.finals(state_of(&s.card), s.card.total()))
        .collect();
    (!others.is_empty()).then(|| Standings::against(&others))
}

/// What the turn of a seat is played for depends on: its card and total, and the others'.
#[derive(Clone, Debug, PartialEq, Eq)]
struct PlanKey {
    card: (State, u32),
    others: Vec<(State, u32)>,
}

thread_local! {
    /// The last turn played to win on this thread: a turn asks for its plan at every move (each
    /// die held is one), and the plan takes milliseconds.
    static LAST: RefCell<Option<(PlanKey, Rc<PlayedFor>)>> = const { RefCell::new(None) };
}

/// The plan of `seat`'s turn (the bot seats', the Odds' and the reviews'): alone, for points;
/// against other cards, for the chance of winning.
pub fn plan<'a>(game: &Game, table: &'a Table, seat: usize) -> Plan<'a> {
    let card = &game.seats[seat].card;
    let state = state_of(card);
    let key = PlanKey {
        card: (state, card.total()),
        others: game
            .seats
            .iter()
            .enumerate()
            .filter(|(other, s)| *other != seat && s.is_playing())
            .map(|(_, s)| (state_of(&s.card), s.card.total()))
            .collect(),
    };
    if key.others.is_empty() {
        return Plan::Points(Box::new(table.turn(state)));
    }
    let known = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, plan)| plan.clone())
    });
    let played = known.unwrap_or_else(|| {
        let standings = standings(game, table, seat).expect("another card plays");
        let played = Rc::new(table.play_to_win(state, card.total(), &standings));
        LAST.set(Some((key, played.clone())));
        played
    });
    Plan::ToWin(played)
}

/// Below this chance of winning no play can win any more: the card is played for points (which
/// the leaderboards count), as For Get It's seats do.
const HOPELESS: f64 = 1e-12;

/// The plan of `seat`'s turn where it stands (`hand` after a roll, `rolls_left` rolls left;
/// `None` before its first roll): [`plan`], but for points where no play can win any more.
pub fn plan_at<'a>(
    game: &Game,
    table: &'a Table,
    seat: usize,
    hand: Option<&Counts>,
    rolls_left: u8,
) -> Plan<'a> {
    let plan = plan(game, table, seat);
    if let Plan::ToWin(turn) = &plan {
        let best = match hand {
            Some(hand) => turn.best_value(hand, rolls_left),
            None => turn.value(),
        };
        if best <= HOPELESS {
            return Plan::Points(Box::new(table.turn(state_of(&game.seats[seat].card))));
        }
    }
    plan
}

/// The optimal bot seat's next move, or `None` when no bot seat is on turn: its [`plan_at`]'s.
/// Holding dice is one move per die: the bot is asked again for the next one, and rolls once the
/// held dice are the ones to keep. Dice already held are kept held where the keep allows it.
pub fn optimal(game: &Game, table: &Table) -> Option<Action> {
    play(game, table, false)
}

/// The optimal solitaire policy whatever the table (the bots' play before they played to win):
/// to compare with, in simulations.
pub fn solitaire(game: &Game, table: &Table) -> Option<Action> {
    play(game, table, true)
}

fn play(game: &Game, table: &Table, solitaire: bool) -> Option<Action> {
    let (turn, by, dice) = match bot_dice(game) {
        Ok(found) => found,
        Err(action) => return action,
    };
    let hand = counts_of(&dice)?;
    let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
    let plan = if solitaire {
        Plan::Points(Box::new(table.turn(state_of(&game.seats[turn.seat].card))))
    } else {
        plan_at(game, table, turn.seat, Some(&hand), rolls_left)
    };
    let keep = match plan.choose(&hand, rolls_left) {
        Choice::Score(b) => {
            let category = Category::ALL[b];
            return Some(Action::Play {
                by,
                mv: Move::Score(category),
            });
        }
        Choice::Keep(keep) => keep,
    };
    let wanted = holds_for(&dice, &turn.held, keep);
    match (0..DICE).find(|&i| turn.held[i] != wanted[i]) {
        Some(die) => Some(Action::Play {
            by,
            mv: Move::ToggleHold(die as u8),
        }),
        None => Some(Action::Play { by, mv: Move::Roll }),
    }
}

/// The answer to Get Dickey's **Odds** for the roll on the table, by the turn's [`plan`]: for
/// each open box filled now, and for the best hold and roll on (with rolls left), the expected
/// final score of the card (alone) or the chance of winning (against other cards), under the
/// bot seats' play from there on.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Each box the roll may fill, in scorecard order: the points it scores now and what filling
    /// it is worth.
    pub boxes: Vec<(Category, u32, f64)>,
    /// With a roll left: the best dice to hold (their faces) and what holding them and rolling
    /// the rest is worth.
    pub roll_on: Option<(Vec<u8>, f64)>,
    /// The best of these, the bot seat's choice ([`optimal`]): a box's index in `boxes`, or
    /// `None` for rolling on.
    pub best: Option<usize>,
    /// The values are chances of winning (0 to 1), not expected final scores.
    pub to_win: bool,
    /// Against other cards, but no play can win any more: expected final scores.
    pub hopeless: bool,
}

/// The odds of the turn in progress, or `None` before its first roll or with no game.
pub fn odds(game: &Game, table: &Table) -> Option<Odds> {
    let turn = game.turn().ok()?;
    let dice = turn.dice?;
    let hand = counts_of(&dice)?;
    let card = &game.seats[turn.seat].card;
    let state = state_of(card);
    let now = f64::from(card.total());
    let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
    let plan = plan_at(game, table, turn.seat, Some(&hand), rolls_left);
    let (to_win, offset) = match &plan {
        Plan::Points(_) => (false, now),
        Plan::ToWin(_) => (true, 0.0),
    };
    let boxes: Vec<(Category, u32, f64)> = game
        .score_options()
        .iter()
        .filter_map(|o| {
            let b = o.category.index();
            let value = match &plan {
                Plan::Points(_) => {
                    let (after, gained) = table.fill(state, &hand, b)?;
                    now + f64::from(gained) + table.value(after)
                }
                Plan::ToWin(turn) => turn.box_value(&hand, b)?,
            };
            Some((o.category, o.points + o.dickey_bonus, value))
        })
        .collect();
    // The bot seat's choice ([`optimal`]): the same keep, or the same box.
    let choice = plan.choose(&hand, rolls_left);
    let roll_on = match choice {
        Choice::Keep(keep) => Some(keep),
        // The best keep to show beside the boxes (the first of equals, as `choose` takes it).
        Choice::Score(_) if rolls_left > 0 => dickey_solver::sub_keeps(&hand)
            .into_iter()
            .filter(|keep| keep != &hand)
            .map(|keep| (keep, plan.keep_value(&keep, rolls_left)))
            .fold(
                None,
                |best: Option<(Counts, f64)>, (keep, value)| match best {
                    Some((_, top)) if value <= top + 1e-12 => best,
                    _ => Some((keep, value)),
                },
            )
            .map(|(keep, _)| keep),
        Choice::Score(_) => None,
    }
    .map(|keep| {
        (
            dickey_solver::faces_of(&keep),
            offset + plan.keep_value(&keep, rolls_left),
        )
    });
    let best = match choice {
        Choice::Keep(_) => None,
        Choice::Score(b) => boxes
            .iter()
            .position(|(category, _, _)| category.index() == b),
    };
    let against = game
        .seats
        .iter()
        .enumerate()
        .any(|(other, s)| other != turn.seat && s.is_playing());
    Some(Odds {
        boxes,
        roll_on,
        best,
        to_win,
        hopeless: against && !to_win,
    })
}

/// Which dice to hold so that the held dice are `keep`: those already held first, then the others
/// in die order.
fn holds_for(dice: &[u8; DICE], held: &[bool; DICE], keep: Counts) -> [bool; DICE] {
    let mut need = keep;
    let mut wanted = [false; DICE];
    for already in [true, false] {
        for i in (0..DICE).filter(|&i| held[i] == already) {
            let face = usize::from(dice[i]) - 1;
            if need[face] > 0 {
                need[face] -= 1;
                wanted[i] = true;
            }
        }
    }
    wanted
}

/// A simple heuristic (not what bot seats play; kept to compare with): roll, keep the dice of the
/// face showing most (the higher on a tie), and score in the open box worth most once it is worth
/// 25 or more, or when no roll is left. `None` when no bot seat is on turn.
pub fn simple(game: &Game) -> Option<Action> {
    let (turn, by, dice) = match bot_dice(game) {
        Ok(found) => found,
        Err(action) => return action,
    };
    let best = most_points(game)?;
    if best.points + best.dickey_bonus >= 25 || !turn.can_hold() {
        return Some(Action::Play {
            by,
            mv: Move::Score(best.category),
        });
    }
    let count = |face: u8| dice.iter().filter(|&&d| d == face).count();
    let keep = (1..=6u8).max_by_key(|&f| (count(f), f))?;
    let wanted = dice.map(|d| d == keep);
    match (0..dice.len()).find(|&i| turn.held[i] != wanted[i]) {
        Some(die) => Some(Action::Play {
            by,
            mv: Move::ToggleHold(die as u8),
        }),
        None if turn.can_roll() => Some(Action::Play { by, mv: Move::Roll }),
        None => Some(Action::Play {
            by,
            mv: Move::Score(best.category),
        }),
    }
}

/// The box worth most now (bonus included), the first in scorecard order on a tie.
fn most_points(game: &Game) -> Option<crate::games::getdickey::ScoreOption> {
    game.score_options().into_iter().max_by_key(|o| {
        (
            o.points + o.dickey_bonus,
            std::cmp::Reverse(o.category.index()),
        )
    })
}

/// A simple heuristic: score the first roll at once in the box worth most (G5 allows any open
/// box). `None` when no bot seat is on turn.
pub fn first_roll(game: &Game) -> Option<Action> {
    let by = match bot_dice(game) {
        Ok((_, by, _)) => by,
        Err(action) => return action,
    };
    let best = most_points(game)?;
    Some(Action::Play {
        by,
        mv: Move::Score(best.category),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::RandomDice;
    use crate::engine::Player;
    use crate::games::getdickey::Settings;

    #[test]
    fn bots_play_a_whole_game_of_get_dickey() {
        let mut dice = RandomDice::seeded(9);
        let (mut game, _) = Game::create(Settings {}, Player::Bot(1), "Bot 1").unwrap();
        let join = Action::Join {
            player: Player::Bot(2),
            name: "Bot 2".into(),
        };
        game.apply(join, &mut dice).unwrap();
        game.apply(Action::Start { by: Player::Bot(1) }, &mut dice)
            .unwrap();
        let mut moves = 0;
        while let Some(action) = simple(&game) {
            game.apply(action, &mut dice).unwrap();
            moves += 1;
            assert!(moves < 10_000);
        }
        assert!(game.is_over());
        assert!(game.seats.iter().all(|s| s.card.is_full()));
    }
}
