//! What a game declares of its daily deal (`host::Hosted::DAILY`), and what a deal's end
//! says of the play: the score, the accuracy, the luck and each turn's square.

/// A game's daily deal: the form it is played in, alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyForm {
    /// What the deal is scored by.
    pub measure: Measure,
    /// Its turns (rounds), when it has a fixed number of them.
    pub turns: Option<u32>,
}

/// What a deal's score counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Points: the more the better.
    Points,
    /// Turns to reach the target: the fewer the better.
    Turns,
}

impl Measure {
    /// Whether a higher score is better.
    pub fn higher_is_better(self) -> bool {
        self == Measure::Points
    }

    /// The least a turn's decisions cost, in this measure, to show as a small loss (🟨), and as
    /// a blunder (🟥): docs/playing.md says them.
    pub fn thresholds(self) -> (f64, f64) {
        match self {
            Measure::Points => (1.0, 15.0),
            Measure::Turns => (0.05, 0.5),
        }
    }
}

/// How one turn of a deal was played, as its square shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Square {
    /// As exact play, or within the least loss.
    Exact,
    /// A small loss.
    Small,
    /// A blunder.
    Blunder,
}

impl Square {
    pub fn of(lost: f64, measure: Measure) -> Square {
        let (small, blunder) = measure.thresholds();
        if lost >= blunder {
            Square::Blunder
        } else if lost >= small {
            Square::Small
        } else {
            Square::Exact
        }
    }

    pub fn emoji(self) -> char {
        match self {
            Square::Exact => '🟩',
            Square::Small => '🟨',
            Square::Blunder => '🟥',
        }
    }

    /// A deal's squares, one a turn, as stored and shared.
    pub fn line(squares: &[Square]) -> String {
        squares.iter().map(|s| s.emoji()).collect()
    }
}

/// A decision that cost at least the review's least mistake, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyMistake {
    pub chosen: String,
    pub best: String,
    /// What it cost, in the deal's measure.
    pub cost: f64,
}

/// One turn of a deal, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyTurn {
    pub number: u32,
    /// Points it scored (0 in a deal counted in turns).
    pub points: u32,
    /// What its decisions cost, in the deal's measure.
    pub lost: f64,
    pub mistakes: Vec<DailyMistake>,
}

/// A deal judged against exact play: the review of a finished (or ended) deal.
#[derive(Clone, Debug, PartialEq)]
pub struct DailyReview {
    pub measure: Measure,
    /// Points, or turns taken.
    pub score: i64,
    /// What exact play expects of the deal from its start.
    pub expected: f64,
    /// What the decisions gave away, in the measure (never negative).
    pub lost: f64,
    pub turns: Vec<DailyTurn>,
}

impl DailyReview {
    /// The share of exact play's expectation the decisions kept: 1 for exact play.
    pub fn accuracy(&self) -> f64 {
        if self.expected <= 0.0 {
            return 1.0;
        }
        let share = match self.measure {
            Measure::Points => (self.expected - self.lost) / self.expected,
            Measure::Turns => self.expected / (self.expected + self.lost),
        };
        share.clamp(0.0, 1.0)
    }

    /// The dice's part: how much better the score came out than the decisions were expected to
    /// make (points above, or turns fewer).
    pub fn luck(&self) -> f64 {
        match self.measure {
            Measure::Points => self.score as f64 - (self.expected - self.lost),
            Measure::Turns => (self.expected + self.lost) - self.score as f64,
        }
    }

    pub fn squares(&self) -> Vec<Square> {
        self.turns
            .iter()
            .map(|t| Square::of(t.lost, self.measure))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accuracy_and_luck_add_up() {
        let review = DailyReview {
            measure: Measure::Points,
            score: 300,
            expected: 250.0,
            lost: 25.0,
            turns: Vec::new(),
        };
        assert!((review.accuracy() - 0.9).abs() < 1e-12);
        assert!((review.luck() - 75.0).abs() < 1e-12);
        let turns = DailyReview {
            measure: Measure::Turns,
            score: 11,
            expected: 12.0,
            lost: 3.0,
            ..review
        };
        assert!((turns.accuracy() - 0.8).abs() < 1e-12);
        assert!((turns.luck() - 4.0).abs() < 1e-12);
        assert_eq!(Square::of(0.99, Measure::Points), Square::Exact);
        assert_eq!(Square::of(1.0, Measure::Points), Square::Small);
        assert_eq!(Square::of(14.9, Measure::Points), Square::Small);
        assert_eq!(Square::of(15.0, Measure::Points), Square::Blunder);
    }
}
