//! The review chart: a person's play, turn by turn, against optimal play.

use std::ops::Range;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::legend::{Entry, Legend, Swatch};
use super::{
    font, png_of, tick, AreaResult, ChartError, DrawResult, Marker, BACKGROUND, GRID, HEIGHT,
    SEAT_COLOURS, TEXT, WIDTH,
};

/// A person's play in a game, turn by turn: what the review chart draws. Above, their score
/// and what optimal play would expect of them, as lines; below, each round's luck and the cost
/// of their decisions, as bars.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewChart {
    pub title: String,
    pub rounds_label: String,
    /// The upper panel's axis ("Points", "Chance of winning (%)").
    pub values_label: String,
    /// The lower panel's axis ("Per round").
    pub deltas_label: String,
    /// The player's line and the optimal one: (legend, (round, value) from round 0).
    pub actual: (String, Vec<(u32, f64)>),
    pub optimal: (String, Vec<(u32, f64)>),
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

fn draw_review<'a>(chart: &ReviewChart, svg: &'a mut String) -> DrawResult<'a> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let titled = root.titled(&chart.title, font(29))?;
    // The legend has a band of its own under the title: it covers neither panel's data.
    let legend = legend(chart);
    let (band, rest) = titled.split_vertically(legend.height());
    let (upper, lower) = rest.split_vertically(rest.dim_in_pixel().1 / 2);
    let last = last_round(chart);
    let x = -0.5..f64::from(last) + 0.5;
    draw_values(&upper, chart, x.clone())?;
    draw_deltas(&lower, chart, x, last)?;
    legend.draw(&root, band.get_base_pixel())?;
    root.present()?;
    Ok(())
}

/// The player's line, dotted at each round, and optimal play's, dashed.
fn actual_line() -> ShapeStyle {
    SEAT_COLOURS[0].stroke_width(4)
}

fn optimal_line() -> ShapeStyle {
    TEXT.stroke_width(3)
}

/// The two lines and the two bars, named.
fn legend(chart: &ReviewChart) -> Legend {
    Legend::lay_out(
        vec![
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
            Entry {
                name: chart.luck_label.clone(),
                swatch: Swatch::Bar {
                    colour: LUCK,
                    outlined: false,
                },
            },
            Entry {
                name: chart.cost_label.clone(),
                swatch: Swatch::Bar {
                    colour: COST,
                    outlined: true,
                },
            },
        ],
        19,
    )
}

/// The last round either panel draws (at least 1).
fn last_round(chart: &ReviewChart) -> u32 {
    chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .map(|&(r, _)| r)
        .chain(chart.rounds.iter().map(|&(r, _, _)| r))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The upper panel: the player's line and optimal play's, over the rounds `x`.
fn draw_values(
    upper: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &ReviewChart,
    x: Range<f64>,
) -> AreaResult {
    let values = chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .map(|&(_, v)| v);
    let (low, high) = values.fold((0f64, 1f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (high - low) / 12.0;
    let mut top = ChartBuilder::on(upper)
        .margin(10)
        .x_label_area_size(10)
        .y_label_area_size(80)
        .build_cartesian_2d(x, low..high + pad)?;
    top.configure_mesh()
        .bold_line_style(GRID)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_labels(0)
        .y_labels(6)
        .y_desc(&chart.values_label)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .label_style(font(19))
        .axis_desc_style(font(20))
        .draw()?;
    let points = |line: &[(u32, f64)]| -> Vec<(f64, f64)> {
        line.iter().map(|&(r, v)| (f64::from(r), v)).collect()
    };
    top.draw_series(DashedLineSeries::new(
        points(&chart.optimal.1),
        8,
        5,
        optimal_line(),
    ))?;
    top.draw_series(LineSeries::new(points(&chart.actual.1), actual_line()))?;
    top.draw_series(
        points(&chart.actual.1)
            .into_iter()
            .map(|p| Circle::new(p, 6, SEAT_COLOURS[0].filled())),
    )?;
    Ok(())
}

/// The lower panel: each round's luck and what its decisions cost, as bars, over the rounds `x`
/// (up to `last`).
fn draw_deltas(
    lower: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &ReviewChart,
    x: Range<f64>,
    last: u32,
) -> AreaResult {
    let deltas = chart
        .rounds
        .iter()
        .flat_map(|&(_, luck, cost)| [luck, -cost]);
    let (low, high) = deltas.fold((-1f64, 1f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (high - low) / 10.0;
    // Whole-number ticks (no decimal separator to translate): on a narrow range (a review of
    // nothing but zeros is -1..1) five of them would repeat ("1, 0, 0, -0, -1"), so fewer.
    let ticks = if high - low < 4.0 { 3 } else { 5 };
    let mut bottom = ChartBuilder::on(lower)
        .margin(10)
        .x_label_area_size(52)
        .y_label_area_size(80)
        .build_cartesian_2d(x, low - pad..high + pad)?;
    bottom
        .configure_mesh()
        .bold_line_style(GRID)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_desc(&chart.rounds_label)
        .y_desc(&chart.deltas_label)
        .y_labels(ticks)
        .x_labels(usize::try_from(last.min(20)).unwrap_or(20) + 1)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| tick(*y))
        .label_style(font(19))
        .axis_desc_style(font(20))
        .draw()?;
    // Two bars a round: luck on the left (up or down), what the decisions cost on the right
    // (always down), told apart by colour and by an outline.
    bottom.draw_series(chart.rounds.iter().map(|&(round, luck, _)| {
        let r = f64::from(round);
        Rectangle::new([(r - 0.38, 0.0), (r - 0.02, luck)], LUCK.filled())
    }))?;
    bottom.draw_series(chart.rounds.iter().map(|&(round, _, cost)| {
        let r = f64::from(round);
        Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], COST.filled())
    }))?;
    bottom.draw_series(chart.rounds.iter().map(|&(round, _, cost)| {
        let r = f64::from(round);
        Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], TEXT.stroke_width(1))
    }))?;
    Ok(())
}
