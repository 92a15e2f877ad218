//! The review chart: a person's play, turn by turn, against optimal play.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor;

use super::legend::{Entry, Legend, Swatch};
use super::{
    draw_title, font, png_of, round_ticks, tick, title_height, value_ticks, values_width,
    AreaResult, ChartError, DrawResult, Marker, BACKGROUND, GRID, SEAT_COLOURS, TEXT, TEXT_PX,
    WIDTH,
};

/// A person's play in a game, turn by turn: what the review chart draws. Above, their score
/// (or chance of winning) and what optimal play would expect of them, as lines; below, each
/// round's luck and the cost of their decisions, as bars (left out when there are none).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewChart {
    pub title: String,
    pub rounds_label: String,
    /// The upper panel's caption ("Points", "Chance of winning (%)").
    pub values_label: String,
    /// The lower panel's caption ("Each round").
    pub deltas_label: String,
    /// Whether the values are chances of winning, in percent (0 to 100).
    pub chance: bool,
    /// The player's line and the optimal one: (legend, (round, value) from round 0; the game's
    /// end, when it moved the chance after the player's last turn, half a round after it).
    pub actual: (String, Vec<(f64, f64)>),
    pub optimal: (String, Vec<(f64, f64)>),
    /// Per round: (round, luck, cost of decisions (≥ 0)); with the bars' legends.
    pub rounds: Vec<(u32, f64, f64)>,
    pub luck_label: String,
    pub cost_label: String,
}

/// The review chart as SVG.
pub fn review_svg(chart: &ReviewChart) -> Result<String, ChartError> {
    let mut svg = String::new();
    draw_review(chart, &mut svg).map_err(|e| ChartError(e.to_string()))?;
    Ok(svg)
}

/// The review chart as a PNG.
pub fn review_png(chart: &ReviewChart) -> Result<Vec<u8>, ChartError> {
    png_of(&review_svg(chart)?)
}

/// Luck's bars (blue) and decisions' (vermillion), as the palette has them.
const LUCK: RGBColor = SEAT_COLOURS[6];
const COST: RGBColor = SEAT_COLOURS[5];

/// The panels' heights, in pixels, with their captions and labels.
const VALUES_HEIGHT: u32 = 300;
const DELTAS_HEIGHT: u32 = 230;

/// A bar smaller than this (in the chart's unit) is not drawn.
const NO_BAR: f64 = 0.005;

/// The room the labels take: below the plot (the rounds and the axis' name), above it (the
/// panel's caption), in pixels; left of it, the values ([`super::values_width`]).
const X_LABELS: u32 = 56;
const CAPTION: u32 = 30;

fn draw_review<'a>(chart: &ReviewChart, svg: &'a mut String) -> DrawResult<'a> {
    let bars = Bars::of(chart);
    // The legend has a band of its own under the title: it covers neither panel's data.
    let legend = legend(chart, &bars);
    let lower = if bars.any() { DELTAS_HEIGHT } else { 0 };
    let height = title_height() + legend.height() + VALUES_HEIGHT + lower;
    let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let (title, rest) = root.split_vertically(title_height());
    draw_title(&title, &chart.title)?;
    let (band, rest) = rest.split_vertically(legend.height());
    let right = chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .map(|&(x, _)| x)
        .chain(chart.rounds.iter().map(|&(r, _, _)| f64::from(r)))
        .fold(1.0, f64::max);
    let x = -0.5..right + 0.5;
    let last = right.floor() as u32;
    // Both panels' values take as much room on the left, so that their rounds line up.
    let (low, high) = values_range(chart);
    let mut left = values_width(low, high);
    if bars.any() {
        let (low, high) = deltas_range(&bars);
        left = left.max(values_width(low, high));
        let (upper, lower) = rest.split_vertically(VALUES_HEIGHT);
        draw_values(&upper, chart, x.clone(), left, None)?;
        draw_deltas(&lower, chart, &bars, x, left, last)?;
    } else {
        draw_values(&rest, chart, x, left, Some(last))?;
    }
    legend.draw(&root, band.get_base_pixel())?;
    root.present()?;
    Ok(())
}

/// Which bars are drawn: those of at least [`NO_BAR`].
struct Bars {
    luck: Vec<(u32, f64)>,
    cost: Vec<(u32, f64)>,
}

impl Bars {
    fn of(chart: &ReviewChart) -> Bars {
        let drawn = |v: f64| v.abs() >= NO_BAR;
        Bars {
            luck: chart
                .rounds
                .iter()
                .filter(|r| drawn(r.1))
                .map(|&(r, luck, _)| (r, luck))
                .collect(),
            cost: chart
                .rounds
                .iter()
                .filter(|r| drawn(r.2))
                .map(|&(r, _, cost)| (r, cost))
                .collect(),
        }
    }

    fn any(&self) -> bool {
        !self.luck.is_empty() || !self.cost.is_empty()
    }
}

/// The player's line, dotted at each round, and optimal play's, dashed.
fn actual_line() -> ShapeStyle {
    SEAT_COLOURS[0].stroke_width(4)
}

fn optimal_line() -> ShapeStyle {
    TEXT.stroke_width(3)
}

/// The two lines and the bars drawn, named: only what the chart draws.
fn legend(chart: &ReviewChart, bars: &Bars) -> Legend {
    let mut entries = vec![
        Entry {
            name: chart.actual.0.clone(),
            swatch: Swatch::Line {
                style: actual_line(),
                dash: None,
                marker: Some((Marker::Dot, SEAT_COLOURS[0])),
            },
        },
        Entry {
            name: chart.optimal.0.clone(),
            swatch: Swatch::Line {
                style: optimal_line(),
                dash: Some((8, 5)),
                marker: None,
            },
        },
    ];
    if !bars.luck.is_empty() {
        entries.push(Entry {
            name: chart.luck_label.clone(),
            swatch: Swatch::Bar {
                colour: LUCK,
                outlined: false,
            },
        });
    }
    if !bars.cost.is_empty() {
        entries.push(Entry {
            name: chart.cost_label.clone(),
            swatch: Swatch::Bar {
                colour: COST,
                outlined: true,
            },
        });
    }
    Legend::lay_out(entries, TEXT_PX)
}

/// A panel's caption, in the band above its plot, from the picture's left.
fn caption(area: &DrawingArea<SVGBackend<'_>, Shift>, text: &str) -> AreaResult {
    area.draw(&Text::new(
        text.to_string(),
        (8, CAPTION as i32 / 2 + 2),
        font(TEXT_PX).pos(text_anchor::Pos::new(
            text_anchor::HPos::Left,
            text_anchor::VPos::Center,
        )),
    ))
}

/// What the upper panel's axis runs over: chances from 0 to 100; points from 0 (or below) to
/// the highest, at least 10, so that the ticks are whole numbers, each different.
fn values_range(chart: &ReviewChart) -> (f64, f64) {
    if chart.chance {
        return (0.0, 100.0);
    }
    let (lo, hi) = chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .fold((0f64, 0f64), |(lo, hi), &(_, v)| (lo.min(v), hi.max(v)));
    (lo.floor(), hi.ceil().max(lo.floor() + 10.0))
}

/// What the lower panel's axis runs over: the bars, and at least -1 to 1, in whole numbers.
fn deltas_range(bars: &Bars) -> (f64, f64) {
    let deltas = bars
        .luck
        .iter()
        .map(|&(_, luck)| luck)
        .chain(bars.cost.iter().map(|&(_, cost)| -cost));
    let (low, high) = deltas.fold((0f64, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    (low.floor().min(-1.0), high.ceil().max(1.0))
}

/// The upper panel: the player's line and optimal play's, over the rounds `x`, its values
/// `left` pixels wide; with the rounds labelled (up to `last`) when it is the only panel.
fn draw_values(
    upper: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &ReviewChart,
    x: Range<f64>,
    left: u32,
    last: Option<u32>,
) -> AreaResult {
    caption(upper, &chart.values_label)?;
    let (_, plot) = upper.split_vertically(CAPTION);
    let (low, high) = values_range(chart);
    // 0, 20, ... 100 for chances.
    let ticks = value_ticks(low, high, 6);
    let below = last.map_or(6, |_| X_LABELS);
    let (_, height) = plot.dim_in_pixel();
    // A margin above and below the values: no dot reaches the panel's edge.
    let pad = (high - low) * 12.0 / f64::from(height.saturating_sub(below + 12).max(1));
    let x_ticks = match last {
        Some(last) => round_ticks(last, column(x.clone(), left)),
        None => 0,
    };
    let mut top = ChartBuilder::on(&plot)
        .margin_left(6)
        .margin_right(14)
        .margin_top(12)
        .x_label_area_size(below)
        .y_label_area_size(left)
        .build_cartesian_2d(x, low - pad..high + pad)?;
    let mut mesh = top.configure_mesh();
    mesh.bold_line_style(GRID)
        .x_labels(x_ticks)
        .y_labels(ticks)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| tick(*y))
        .label_style(font(TEXT_PX))
        .axis_desc_style(font(TEXT_PX));
    if last.is_some() {
        mesh.x_desc(&chart.rounds_label);
    }
    mesh.draw()?;
    top.draw_series(DashedLineSeries::new(
        chart.optimal.1.iter().copied(),
        8,
        5,
        optimal_line(),
    ))?;
    top.draw_series(LineSeries::new(
        chart.actual.1.iter().copied(),
        actual_line(),
    ))?;
    top.draw_series(
        chart
            .actual
            .1
            .iter()
            .map(|&p| Circle::new(p, 6, SEAT_COLOURS[0].filled())),
    )?;
    Ok(())
}

/// How wide a round is in the plot of a panel over `x` whose values take `left` pixels.
fn column(x: Range<f64>, left: u32) -> f64 {
    let plot = f64::from(WIDTH) - f64::from(left) - 6.0 - 14.0;
    plot / (x.end - x.start)
}

/// The lower panel: each round's luck and what its decisions cost, as bars, over the rounds `x`
/// (up to `last`), its values `left` pixels wide.
fn draw_deltas(
    lower: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &ReviewChart,
    bars: &Bars,
    x: Range<f64>,
    left: u32,
    last: u32,
) -> AreaResult {
    caption(lower, &chart.deltas_label)?;
    let (_, plot) = lower.split_vertically(CAPTION);
    // Whole-number ticks (no decimal separator to translate), each different.
    let (low, high) = deltas_range(bars);
    let ticks = value_ticks(low, high, 5);
    let pad = (high - low) / 12.0;
    let mut bottom = ChartBuilder::on(&plot)
        .margin_left(6)
        .margin_right(14)
        .margin_top(12)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(left)
        .build_cartesian_2d(x.clone(), low - pad..high + pad)?;
    bottom
        .configure_mesh()
        .x_labels(round_ticks(last, column(x, left)))
        .y_labels(ticks)
        .bold_line_style(GRID)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_desc(&chart.rounds_label)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| tick(*y))
        .label_style(font(TEXT_PX))
        .axis_desc_style(font(TEXT_PX))
        .draw()?;
    // Two bars a round: luck on the left (up or down), what the decisions cost on the right
    // (always down), told apart by colour and by an outline.
    bottom.draw_series(bars.luck.iter().map(|&(round, luck)| {
        let r = f64::from(round);
        Rectangle::new([(r - 0.38, 0.0), (r - 0.02, luck)], LUCK.filled())
    }))?;
    bottom.draw_series(bars.cost.iter().map(|&(round, cost)| {
        let r = f64::from(round);
        Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], COST.filled())
    }))?;
    bottom.draw_series(bars.cost.iter().map(|&(round, cost)| {
        let r = f64::from(round);
        Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], TEXT.stroke_width(1))
    }))?;
    Ok(())
}
