//! Skill ratings: Weng-Lin (the Bayesian rating behind OpenSkill, from the `skillratings` crate),
//! which rates games of any number of seats with shared places. Pure functions: the store keeps
//! the ratings and calls [`rate`] when a game finishes.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A skill estimate: `mu`, and `sigma`, how unsure it still is. New players start at 25 ± 8.33.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub mu: f64,
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let start = WengLinRating::new();
        Rating {
            mu: start.rating,
            sigma: start.uncertainty,
        }
    }
}

/// How the store keeps a rating's numbers: whole millionths (exact in BIGINT on both backends).
const SCALE: f64 = 1_000_000.0;

impl Rating {
    /// What leaderboards rank by and show: `mu - 3 sigma`, a skill the player very likely has
    /// (0 for a new player, rising as games make the rating sure).
    pub fn ordinal(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }

    /// `(mu, sigma)` in millionths, as stored.
    pub fn to_millionths(self) -> (i64, i64) {
        (
            (self.mu * SCALE).round() as i64,
            (self.sigma * SCALE).round() as i64,
        )
    }

    pub fn from_millionths(mu: i64, sigma: i64) -> Rating {
        Rating {
            mu: mu as f64 / SCALE,
            sigma: sigma as f64 / SCALE,
        }
    }
}

/// The ratings after a game: `field` is each seat's rating before and its place (1 for the
/// winners; seats sharing a place share its number). Seats are rated one against each other; a
/// game of one seat changes nothing.
pub fn rate(field: &[(Rating, usize)]) -> Vec<Rating> {
    if field.len() < 2 {
        return field.iter().map(|(rating, _)| *rating).collect();
    }
    let teams: Vec<[WengLinRating; 1]> = field
        .iter()
        .map(|(r, _)| {
            [WengLinRating {
                rating: r.mu,
                uncertainty: r.sigma,
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(field)
        .map(|(team, (_, place))| (&team[..], MultiTeamOutcome::new(*place)))
        .collect();
    weng_lin_multi_team(&ranked, &WengLinConfig::new())
        .into_iter()
        .map(|team| Rating {
            mu: team[0].rating,
            sigma: team[0].uncertainty,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_rise_losers_fall_and_a_shared_place_rates_alike() {
        let new = Rating::default();
        let after = rate(&[(new, 1), (new, 1), (new, 3)]);
        assert_eq!(after[0], after[1], "a shared win rates both alike");
        assert!(after[0].mu > new.mu && after[2].mu < new.mu);
        assert!(
            after.iter().all(|r| r.sigma < new.sigma),
            "every game makes them surer"
        );
        assert_eq!(rate(&[(new, 1)]), [new], "alone, nothing to learn");
    }

    #[test]
    fn millionths_round_trip() {
        let r = Rating {
            mu: 27.123456,
            sigma: 7.654321,
        };
        let (mu, sigma) = r.to_millionths();
        assert_eq!(Rating::from_millionths(mu, sigma), r);
    }
}
