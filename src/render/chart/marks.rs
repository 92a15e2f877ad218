//! Where the seats' marks go: on their points, side by side where several would cover each
//! other.

use super::{moment_half, Look, ScoreChart};

/// A seat's point, where its mark is drawn.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Mark {
    pub(super) round: u32,
    /// The pixel its mark (and its line) is drawn at.
    pub(super) at: (i32, i32),
    /// Whether it has a marker: not at round 0 of a game, where every line starts at 0.
    pub(super) shown: bool,
}

/// Where each seat's marks go, in pixels (`at` maps a point to its pixel; the plot runs from
/// `bounds.0` to `bounds.1` across): on its points, but where marks of several seats in a round
/// would cover each other (a moment's mark counted), laid side by side in seat order, centred on
/// the round and kept in its column where they fit, each seat's line passing through its own.
pub(super) fn place_marks(
    chart: &ScoreChart,
    looks: &[Look],
    at: impl Fn(f64, f64) -> (f64, f64),
    bounds: (f64, f64),
) -> Vec<Vec<Mark>> {
    let mut placed: Vec<Vec<Mark>> = Vec::new();
    // Per round: (seat, index of the point, its pixel, the room its mark takes).
    type Column = Vec<(usize, usize, (f64, f64), Span)>;
    let mut rounds: std::collections::BTreeMap<u32, Column> = Default::default();
    for (seat, line) in chart.seats.iter().enumerate() {
        let mut marks = Vec::new();
        for (index, &(round, value)) in line.points.iter().enumerate() {
            let (x, y) = at(f64::from(round), value as f64);
            let shown = round > 0 || chart.values_only;
            marks.push(Mark {
                round,
                at: (x.round() as i32, y.round() as i32),
                shown,
            });
            if !shown {
                continue;
            }
            let mut span = Span {
                top: y,
                bottom: y,
                half: looks[seat].marker.half(),
            };
            for moment in chart
                .moments
                .iter()
                .filter(|m| m.seat == seat && m.round == round)
            {
                let (_, my) = at(f64::from(round), moment.total as f64);
                span.top = span.top.min(my);
                span.bottom = span.bottom.max(my);
                span.half = span.half.max(moment_half(moment.good));
            }
            rounds
                .entry(round)
                .or_default()
                .push((seat, index, (x, y), span));
        }
        placed.push(marks);
    }
    // Each round's marks stay in its column, where they fit, and in the plot.
    let column = at(1.0, 0.0).0 - at(0.0, 0.0).0;
    for marks in rounds.values() {
        let Some(&(_, _, (x, _), _)) = marks.first() else {
            continue;
        };
        let spans: Vec<Span> = marks.iter().map(|m| m.3).collect();
        // The plot, less the widest mark's half: no mark leaves it.
        let half = spans.iter().map(|s| s.half).fold(0.0, f64::max);
        let plot = (bounds.0 + half - x, bounds.1 - half - x);
        let room = (plot.0.max(-column / 2.0), plot.1.min(column / 2.0));
        let offsets = side_by_side(&spans, room, plot);
        for (&(seat, index, (x, _), _), dx) in marks.iter().zip(offsets) {
            placed[seat][index].at.0 = (x + dx).round() as i32;
        }
    }
    placed
}

/// The room a mark takes, in pixels: from `top` to `bottom` (its centres), `half` either side.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Span {
    top: f64,
    bottom: f64,
    half: f64,
}

/// The space kept between marks laid side by side, in pixels.
const MARK_GAP: f64 = 2.0;

/// The horizontal offsets of marks in one column (in seat order), so that none covers another:
/// marks that would touch (and those touching them) are laid side by side, in their order, centred
/// on the column, and kept between `bounds` (offsets from the column) where they fit (else centred
/// between them, and kept within `plot`, the plot's bounds, where they fit there).
fn side_by_side(spans: &[Span], bounds: (f64, f64), plot: (f64, f64)) -> Vec<f64> {
    let n = spans.len();
    let touch = |a: &Span, b: &Span| {
        let reach = a.half + b.half + MARK_GAP;
        a.top - reach < b.bottom && b.top - reach < a.bottom
    };
    // Each mark's group: the smallest index of the marks it touches, transitively.
    let mut group: Vec<usize> = (0..n).collect();
    loop {
        let mut changed = false;
        for i in 0..n {
            for j in 0..n {
                if group[j] < group[i] && touch(&spans[i], &spans[j]) {
                    group[i] = group[j];
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut offsets = vec![0.0; n];
    for first in 0..n {
        let members: Vec<usize> = (0..n).filter(|&i| group[i] == first).collect();
        if members.len() < 2 {
            continue;
        }
        let mut x = Vec::with_capacity(members.len());
        for (k, &m) in members.iter().enumerate() {
            x.push(match k {
                0 => 0.0,
                _ => x[k - 1] + spans[members[k - 1]].half + spans[m].half + MARK_GAP,
            });
        }
        let (left, right) = (members[0], members[members.len() - 1]);
        let (from, to) = (x[0] - spans[left].half, x[x.len() - 1] + spans[right].half);
        let shift = if to - from > bounds.1 - bounds.0 {
            // Too wide for its room: centred on it, moved into the plot.
            let centred = (bounds.0 + bounds.1 - from - to) / 2.0;
            if to - from > plot.1 - plot.0 {
                centred
            } else {
                centred.max(plot.0 - from).min(plot.1 - to)
            }
        } else {
            // Centred on the column, moved into its room.
            let centred = -(x[0] + x[x.len() - 1]) / 2.0;
            centred.max(bounds.0 - from).min(bounds.1 - to)
        };
        for (k, &m) in members.iter().enumerate() {
            offsets[m] = x[k] + shift;
        }
    }
    offsets
}
