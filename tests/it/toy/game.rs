//! *Columns*, the toy game: what "Adding a game" (docs/architecture.md) asks of a game and
//! nothing more. Two players; on a turn the player picks one of three columns, a die is rolled
//! and placed there, worth the die times the column's number; once every seat filled its three
//! columns, the highest total wins, the higher die in the last column breaking a tie (`Rules::compare`).
//! No target, no solver, no Odds, no review, no statistics of its own: what it lacks is the trait's
//! defaults. It is not one of the bot's games: the tests offer it to their bot beside them
//! (`crate::toy::games`, through `BotOptions::games`).

use forgetit::engine::dice::DiceSource;
use forgetit::engine::table::{self, Names, Rules, Tally};
use forgetit::engine::{Intent, MoveCode, Player};
use forgetit::host::Hosted;
use forgetit::i18n::Lang;
use forgetit::render::notice::ErrorText;
use forgetit::render::seat::{mention, who};
use forgetit::render::view::{colour, ButtonStyle, ButtonView, EmbedView, MessageView};
use forgetit::render::DiceStyle;
use serde::{Deserialize, Serialize};

forgetit::game_types!(Columns, turn: Turn);

/// How many columns each seat fills.
pub const COLUMNS: usize = 3;

/// The game's own state: nothing beyond its seats and turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Columns;

/// A table's settings: none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {}

/// A seat's columns: the die in each, once placed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub columns: [Option<u8>; COLUMNS],
}

impl Score {
    fn total(&self) -> u32 {
        (1..)
            .zip(self.columns)
            .map(|(n, die)| n * u32::from(die.unwrap_or(0)))
            .sum()
    }

    fn free(&self) -> impl Iterator<Item = usize> + '_ {
        (0..COLUMNS).filter(|&c| self.columns[c].is_none())
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: usize,
    pub number: u32,
    pub round: u32,
}

/// A finished turn: who placed which die where (`None`: the turn ended with nothing placed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnResult {
    pub seat: usize,
    pub placed: Option<(usize, u8)>,
}

/// Place the die in a column (0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move(pub u8);

impl MoveCode for Move {
    fn code(&self) -> String {
        format!("col{}", self.0)
    }

    fn parse(code: &str, _chosen: Option<&str>) -> Option<Move> {
        let column: u8 = code.strip_prefix("col")?.parse().ok()?;
        (usize::from(column) < COLUMNS && Move(column).code() == code).then_some(Move(column))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    Started,
    /// The player on turn placed `die` in `column`.
    Placed {
        column: u8,
        die: u8,
    },
    /// The turn timed out: the die went to the first free column.
    PlacedForThem {
        column: u8,
        die: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("that column is full")]
    ColumnFull,
}

impl ErrorText for GameError {
    fn text(&self, lang: Lang) -> String {
        match self {
            GameError::ColumnFull => lang.t("col-error-full"),
        }
    }
}

impl Rules for Columns {
    type Settings = Settings;
    type Score = Score;
    type Turn = Turn;
    type TurnResult = TurnResult;
    type Move = Move;
    type Event = GameEvent;
    type Error = GameError;

    const NAMES: Names = Names::new("columns", "col", "columns");
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;

    fn check(_settings: &Settings) -> Result<(), GameError> {
        Ok(())
    }

    fn start(_game: &Game, _dice: &mut dyn DiceSource) -> Result<GameEvent, GameError> {
        Ok(GameEvent::Started)
    }

    fn play(
        game: &Game,
        turn: &Turn,
        mv: Move,
        dice: &mut dyn DiceSource,
    ) -> Result<GameEvent, GameError> {
        let column = usize::from(mv.0);
        if game.seats[turn.seat].columns[column].is_some() {
            return Err(GameError::ColumnFull);
        }
        let die = dice.roll(6);
        Ok(GameEvent::Placed { column: mv.0, die })
    }

    fn time_out(
        game: &Game,
        turn: &Turn,
        dice: &mut dyn DiceSource,
    ) -> Result<GameEvent, GameError> {
        let column = game.seats[turn.seat].free().next().unwrap_or(0) as u8;
        let die = dice.roll(6);
        Ok(GameEvent::PlacedForThem { column, die })
    }

    fn evolve(game: &mut Game, event: &GameEvent) {
        let table::Phase::Playing { turn } = &game.phase else {
            if *event == GameEvent::Started {
                let turn = Turn {
                    seat: 0,
                    number: 1,
                    round: 1,
                };
                game.phase = table::Phase::Playing { turn };
            }
            return;
        };
        let turn = turn.clone();
        let (column, die, timed_out) = match *event {
            GameEvent::Started => return,
            GameEvent::Placed { column, die } => (column, die, false),
            GameEvent::PlacedForThem { column, die } => (column, die, true),
        };
        let column = usize::from(column).min(COLUMNS - 1);
        game.seats[turn.seat].columns[column] = Some(die);
        if timed_out {
            game.count_timeout(turn.seat);
        } else {
            game.played(turn.seat);
        }
        end_turn(game, turn, Some((column, die)));
    }

    fn left_on_turn(game: &mut Game, turn: Turn) {
        end_turn(game, turn, None);
    }

    fn action_of(game: &Game, by: Option<Player>, event: &GameEvent) -> Option<(Action, Vec<u8>)> {
        Some(match *event {
            GameEvent::Started => (Action::Start { by: game.host }, Vec::new()),
            GameEvent::Placed { column, die } => (
                Action::Play {
                    by: by?,
                    mv: Move(column),
                },
                vec![die],
            ),
            GameEvent::PlacedForThem { die, .. } => (Action::TimeOut, vec![die]),
        })
    }

    fn legal_moves(game: &Game, turn: &Turn) -> Vec<Move> {
        game.seats[turn.seat]
            .free()
            .map(|c| Move(c as u8))
            .collect()
    }

    fn is_move(event: &GameEvent) -> bool {
        matches!(event, GameEvent::Placed { .. })
    }

    fn total(score: &Score) -> u32 {
        score.total()
    }

    /// Equal totals: the higher die in the last column is ahead (its one rule of its own on
    /// ranking); still equal, a shared place.
    fn compare(game: &Game, a: usize, b: usize) -> std::cmp::Ordering {
        let last = |seat: usize| game.seats[seat].columns[COLUMNS - 1];
        game.total(a)
            .cmp(&game.total(b))
            .then(last(a).cmp(&last(b)))
    }

    fn tally(score: &Score) -> Tally {
        Tally {
            points: score.total(),
            best: score.total(),
            feats: 0,
            turns: score.columns.iter().flatten().count() as u32,
        }
    }
}

/// The turn ended: the next seat still playing with a free column is on turn; the game ends once
/// none has, or too few seats still play.
fn end_turn(game: &mut Game, turn: Turn, placed: Option<(usize, u8)>) {
    game.last_turn = Some(TurnResult {
        seat: turn.seat,
        placed,
    });
    let left = game
        .seats
        .iter()
        .any(|s| s.is_playing() && s.free().next().is_some());
    let next = game.next_seat(turn.seat, 0, turn.round, None);
    match next {
        Some((seat, round)) if left && game.playing() >= Columns::MIN_SEATS => {
            game.phase = table::Phase::Playing {
                turn: Turn {
                    seat,
                    number: turn.number + 1,
                    round,
                },
            };
        }
        _ => game.finish(),
    }
}

/// What the bot needs beside the rules: its texts, its messages, its bot seat. Everything else is
/// the trait's default.
impl Hosted for Columns {
    const LOCALES: &'static [(&'static str, &'static str)] = &[
        ("en-US", include_str!("en-US.ftl")),
        ("fr", include_str!("fr.ftl")),
    ];
    const RULES: &'static [&'static str] = &["turn"];
    type Strategy = ();

    fn turn_view(game: &Game, _style: &DiceStyle, lang: Lang) -> MessageView {
        let table::Phase::Playing { turn } = &game.phase else {
            return Columns::over_view(game, lang);
        };
        let seat = &game.seats[turn.seat];
        let buttons = match seat.player {
            Player::Person(_) => Columns::legal_moves(game, turn)
                .into_iter()
                .map(|mv| {
                    let label = format!("{} {}", lang.t("col-column"), mv.0 + 1);
                    ButtonView::new(&label, ButtonStyle::Primary, Intent::Play(mv))
                })
                .collect(),
            Player::Bot(_) => Vec::new(),
        };
        let content = format!("{} {}", mention(seat), lang.t("col-your-turn"));
        MessageView::new(&content)
            .embed(EmbedView::new(&scores(game), colour::PLAYING))
            .row(buttons)
    }

    fn result_view(
        game: &Game,
        result: &TurnResult,
        _style: &DiceStyle,
        lang: Lang,
    ) -> MessageView {
        let seat = &game.seats[result.seat];
        let text = match result.placed {
            Some((column, die)) => format!(
                "{} · {} {} · 🎲 {die}",
                who(seat),
                lang.t("col-column"),
                column + 1
            ),
            None => who(seat),
        };
        MessageView::new(&text)
    }

    fn over_view(game: &Game, lang: Lang) -> MessageView {
        let footer = scores(game);
        let started = game.last_turn.is_some();
        forgetit::render::over::game_over(game, started, (&footer, Self::REVIEWS), lang)
            .unwrap_or_else(|| Columns::scores_view(game, lang))
    }

    /// The bot seat places its die in its first free column.
    fn bot_move(game: &Game, _strategy: &()) -> Option<Action> {
        let turn = game.turn().ok()?;
        let by = game.seats[turn.seat].player;
        let mv = *Columns::legal_moves(game, turn).first()?;
        by.is_bot().then_some(Action::Play { by, mv })
    }
}

/// Every seat's columns and total, on one line each.
fn scores(game: &Game) -> String {
    game.seats
        .iter()
        .map(|s| {
            let dice: Vec<String> = s
                .columns
                .iter()
                .map(|d| d.map_or("·".to_string(), |d| d.to_string()))
                .collect();
            format!("{}: {} = {}", who(s), dice.join(" "), s.total())
        })
        .collect::<Vec<_>>()
        .join("\n")
}
