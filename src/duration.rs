//! Durations as people write and read them: `config set turn-timeout:5m`, `bot-pace:1.5s`, and
//! "5 min" / "1,5 s" in the settings. Pure: text in, [`Duration`] out, and back.
//!
//! What [`parse`] takes: one or more amounts, each a number (a decimal point or comma allowed)
//! and a unit, with or without spaces: `90s`, `1m 30s`, `1.5 s`, `2 h`, `1,5 min`, `500ms`. Units,
//! in English and French: `ms`; `s`, `sec`, `second(s)`, `seconde(s)`; `m`, `min`, `minute(s)`;
//! `h`, `hour(s)`, `heure(s)`; `d`, `j`, `day(s)`, `jour(s)`. A bare number is in the option's own
//! unit (`bare`), so the whole seconds or milliseconds the options once took still read the same.
//! No crate reads the French units or the decimal comma, hence this small parser.

use std::time::Duration;

use crate::i18n::Lang;
use crate::tr;

/// The longest text [`parse`] reads (an option's registered `max_length`).
pub const MAX_CHARS: usize = 40;

/// `text` as a duration; `None` when it is not one, or too long to be.
pub fn parse(text: &str, bare: Duration) -> Option<Duration> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_CHARS {
        return None;
    }
    if let Some(n) = number(text) {
        return times(bare, n);
    }
    let mut total = Duration::ZERO;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(rest.len());
        let amount = number(&rest[..digits])?;
        rest = rest[digits..].trim_start();
        let letters = rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len());
        let unit = unit(&rest[..letters].to_lowercase())?;
        rest = rest[letters..].trim_start_matches([' ', ',']);
        total = total.checked_add(times(unit, amount)?)?;
    }
    Some(total)
}

/// A plain non-negative number: `12`, `1.5`, `1,5`.
fn number(text: &str) -> Option<f64> {
    let text = text.replace(',', ".");
    let valid = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.matches('.').count() <= 1
        && text != ".";
    let n: f64 = if valid {
        text.parse().ok()?
    } else {
        return None;
    };
    // Larger than any bound the bot sets.
    (n.is_finite() && n < 1e9).then_some(n)
}

/// `amount` of `unit`, to the nearest nanosecond: `345ms` is exactly 345 milliseconds (a float
/// product of 345 and a thousandth could fall short of it).
fn times(unit: Duration, amount: f64) -> Option<Duration> {
    let nanos = (amount * unit.as_nanos() as f64).round();
    (nanos < u64::MAX as f64).then(|| Duration::from_nanos(nanos as u64))
}

fn unit(name: &str) -> Option<Duration> {
    Some(match name {
        "ms" => Duration::from_millis(1),
        "s" | "sec" | "secs" | "second" | "seconds" | "seconde" | "secondes" => {
            Duration::from_secs(1)
        }
        "m" | "min" | "mins" | "minute" | "minutes" => Duration::from_secs(60),
        "h" | "hour" | "hours" | "heure" | "heures" => Duration::from_secs(3600),
        "d" | "j" | "day" | "days" | "jour" | "jours" => Duration::from_secs(86_400),
        _ => return None,
    })
}

/// What a duration option takes: from `min` to `max`, a bare number being in `bare` (a second,
/// a millisecond). The one check of a typed duration ([`Bounds::read`]) and what its refusal
/// quotes ([`Bounds::examples`]) come from the same bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: Duration,
    pub max: Duration,
    /// The unit of a bare number.
    pub bare: Duration,
}

/// The longest move deadline: a week (the config file's and `config set`'s).
pub const MAX_TURN_TIMEOUT_SECS: u64 = 7 * 24 * 3600;
/// The slowest bot seat: a minute a move (the config file's and `config set`'s).
pub const MAX_BOT_PACE_MS: u64 = 60_000;

/// `config set turn-timeout`: time to read the dice and think (30 s), up to the config file's
/// longest (a week); a bare number is seconds.
pub const TURN_TIMEOUT: Bounds = Bounds {
    min: Duration::from_secs(30),
    max: Duration::from_secs(MAX_TURN_TIMEOUT_SECS),
    bare: Duration::from_secs(1),
};

/// `config set bot-pace`: from none to the config file's longest (a minute); a bare number is
/// milliseconds.
pub const BOT_PACE: Bounds = Bounds {
    min: Duration::ZERO,
    max: Duration::from_millis(MAX_BOT_PACE_MS),
    bare: Duration::from_millis(1),
};

/// Durations people often type, as examples when one of them fits the bounds.
const NICE_MS: [u64; 20] = [
    250,
    500,
    1_500,
    2_000,
    5_000,
    10_000,
    30_000,
    45_000,
    60_000,
    90_000,
    300_000,
    600_000,
    1_800_000,
    3_600_000,
    5_400_000,
    7_200_000,
    43_200_000,
    86_400_000,
    172_800_000,
    604_800_000,
];

/// How many examples a refusal quotes.
const EXAMPLES: usize = 3;

impl Bounds {
    /// `text` as a duration within the bounds; `None` when it is not one.
    pub fn read(&self, text: &str) -> Option<Duration> {
        parse(text, self.bare).filter(|d| (self.min..=self.max).contains(d))
    }

    /// Up to three durations within the bounds, as a person would type them in `lang` (`5m`,
    /// `1m 30s`, `1.5s`; `1,5s`, `2j` in French), shortest first: typical ones that fit, or else
    /// the bounds themselves. Empty only when the bounds hold nothing (`min > max`).
    pub fn examples(&self, lang: Lang) -> Vec<String> {
        // Whole milliseconds within the bounds (what `typed` writes exactly).
        let low = self.min.as_nanos().div_ceil(1_000_000);
        let high = self.max.as_nanos() / 1_000_000;
        if low > high {
            return Vec::new();
        }
        let fits: Vec<u64> = NICE_MS
            .iter()
            .copied()
            .filter(|&ms| (low..=high).contains(&u128::from(ms)))
            .collect();
        let picked: Vec<u64> = if fits.len() >= EXAMPLES {
            // The first, the middle and the last: the range's spread.
            vec![fits[0], fits[fits.len() / 2], fits[fits.len() - 1]]
        } else {
            let mut picked = fits;
            for bound in [low, high] {
                let bound = u64::try_from(bound).unwrap_or(u64::MAX);
                if picked.len() < EXAMPLES && !picked.contains(&bound) {
                    picked.push(bound);
                }
            }
            picked.sort_unstable();
            picked
        };
        picked
            .into_iter()
            .map(|ms| typed(Duration::from_millis(ms), lang))
            .collect()
    }
}

/// `duration` as a person would type it for [`parse`], in whole units (with `1.5s` for a second
/// and a half): `5m`, `1h 30m`, `1.5s`, `250ms`, `2d` (in French `5min`, `1,5s`, `2j`). Exact to
/// the millisecond.
pub fn typed(duration: Duration, lang: Lang) -> String {
    let ms = u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
    let french = lang == Lang::Fr;
    if ms == 0 {
        return "0s".to_string();
    }
    // A second and a half, two and a half...: a half is exact in binary, so it reads back exactly.
    if (1000..60_000).contains(&ms) && ms % 1000 == 500 {
        let point = if french { ',' } else { '.' };
        return format!("{}{point}5s", ms / 1000);
    }
    let units: [(u64, &str); 5] = [
        (86_400_000, if french { "j" } else { "d" }),
        (3_600_000, "h"),
        (60_000, if french { "min" } else { "m" }),
        (1000, "s"),
        (1, "ms"),
    ];
    let mut rest = ms;
    let mut parts = Vec::new();
    for (size, unit) in units {
        if rest >= size {
            parts.push(format!("{}{unit}", rest / size));
            rest %= size;
        }
    }
    parts.join(" ")
}

/// A duration as the settings show it, in `lang`: "5 min", "1 min 30 s", "1.5 s" ("1,5 s" in
/// French), "250 ms", "7 d" ("7 j").
pub fn show(duration: Duration, lang: Lang) -> String {
    let ms = duration.as_millis();
    if ms < 1000 {
        return tr!(lang, "duration-ms", n = ms as u64);
    }
    if ms < 60_000 && !ms.is_multiple_of(1000) {
        let seconds = format!("{:.3}", ms as f64 / 1000.0);
        let seconds = seconds.trim_end_matches('0').trim_end_matches('.');
        let seconds = crate::i18n::decimal(seconds, lang);
        return tr!(lang, "duration-s", n = seconds);
    }
    let mut secs = duration.as_secs();
    let mut parts = Vec::new();
    for (size, id) in [
        (86_400, "duration-d"),
        (3600, "duration-h"),
        (60, "duration-min"),
        (1, "duration-s"),
    ] {
        if secs >= size {
            parts.push(tr!(lang, id, n = (secs / size).to_string()));
            secs %= size;
        }
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);
    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn reads_what_people_write() {
        let secs = |text: &str| parse(text, S).map(|d| d.as_millis());
        assert_eq!(secs("5m"), Some(300_000));
        assert_eq!(secs("1m 30s"), Some(90_000));
        assert_eq!(secs("1m30s"), Some(90_000));
        assert_eq!(secs("1.5s"), Some(1500));
        assert_eq!(secs("1,5 s"), Some(1500));
        assert_eq!(secs("2 heures"), Some(7_200_000));
        assert_eq!(secs("7j"), Some(604_800_000));
        assert_eq!(
            secs("90"),
            Some(90_000),
            "a bare number is in the option's unit"
        );
        assert_eq!(parse("800", MS), Some(Duration::from_millis(800)));
        for bad in [
            "",
            "5x",
            "m",
            "-5s",
            "1..5s",
            "5 m m",
            "1e9s",
            "NaN",
            "∞",
            "5s;",
            &"9".repeat(50),
        ] {
            assert_eq!(secs(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn shows_durations_naturally() {
        let show_en = |d| show(d, Lang::EnUs);
        assert_eq!(show_en(Duration::from_secs(300)), "5 min");
        assert_eq!(show_en(Duration::from_secs(90)), "1 min 30 s");
        assert_eq!(show_en(Duration::from_millis(1500)), "1.5 s");
        assert_eq!(show_en(Duration::from_millis(250)), "250 ms");
        assert_eq!(show_en(Duration::from_secs(604_800)), "7 d");
        assert_eq!(show(Duration::from_millis(1500), Lang::Fr), "1,5\u{a0}s");
        assert_eq!(show(Duration::from_secs(604_800), Lang::Fr), "7\u{a0}j");
    }
}
