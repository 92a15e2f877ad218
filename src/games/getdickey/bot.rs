//! How Get Dickey bot seats play: [`optimal`], the exact optimal solitaire policy of the
//! `dickey-solver` crate (maximum expected final score, upper bonus, Dickey bonuses and the G6
//! joker included), fed with the engine's own scoring ([`scoring`]); and [`simple`], a heuristic
//! kept to compare with in simulations.
//!
//! The solver's table (about a million state values) takes seconds to solve in release mode, so it
//! is solved once per process and kept, and can be cached on disk ([`load_or_solve`]).

use std::fs;
use std::io::{self, BufReader, BufWriter};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

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

/// The optimal bot seat's next move, or `None` when no bot seat is on turn. Holding dice is one
/// move per die: the bot is asked again for the next one, and rolls once the held dice are the
/// ones to keep. Dice already held are kept held where the keep allows it.
pub fn optimal(game: &Game, table: &Table) -> Option<Action> {
    let (turn, by, dice) = match bot_dice(game) {
        Ok(found) => found,
        Err(action) => return action,
    };
    let hand = counts_of(&dice)?;
    let plan = table.turn(state_of(&game.seats[turn.seat].card));
    let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
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

/// The answer to Get Dickey's **Odds** for the roll on the table: the expected final score of
/// the card for each open box filled now, and for the best hold and roll on (with rolls left),
/// all under optimal play from there on ([`optimal`]'s table).
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    /// Each box the roll may fill, in scorecard order: the points it scores now and the expected
    /// final score after filling it.
    pub boxes: Vec<(Category, u32, f64)>,
    /// With a roll left: the best dice to hold (their faces) and the expected final score of
    /// holding them and rolling the rest.
    pub roll_on: Option<(Vec<u8>, f64)>,
    /// The best of these, the bot seat's choice ([`optimal`]): a box's index in `boxes`, or
    /// `None` for rolling on.
    pub best: Option<usize>,
}

/// The odds of the turn in progress, or `None` before its first roll or with no game.
pub fn odds(game: &Game, table: &Table) -> Option<Odds> {
    let turn = game.turn().ok()?;
    let dice = turn.dice?;
    let hand = counts_of(&dice)?;
    let card = &game.seats[turn.seat].card;
    let state = state_of(card);
    let now = f64::from(card.total());
    let boxes: Vec<(Category, u32, f64)> = game
        .score_options()
        .iter()
        .filter_map(|o| {
            let (after, gained) = table.fill(state, &hand, o.category.index())?;
            Some((
                o.category,
                o.points + o.dickey_bonus,
                now + f64::from(gained) + table.value(after),
            ))
        })
        .collect();
    let rolls_left = u8::try_from(turn.rolls_left()).unwrap_or(0);
    let plan = table.turn(state);
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
                    Some((_, top)) if value <= top + 1e-9 => best,
                    _ => Some((keep, value)),
                },
            )
            .map(|(keep, _)| keep),
        Choice::Score(_) => None,
    }
    .map(|keep| {
        (
            dickey_solver::faces_of(&keep),
            now + plan.keep_value(&keep, rolls_left),
        )
    });
    let best = match choice {
        Choice::Keep(_) => None,
        Choice::Score(b) => boxes
            .iter()
            .position(|(category, _, _)| category.index() == b),
    };
    Some(Odds {
        boxes,
        roll_on,
        best,
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
