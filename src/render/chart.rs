//! Charts as pictures: what a game's story is, drawn as a PNG. Pure: a [`ScoreChart`] in, SVG
//! (drawn by `plotters`) and PNG bytes (rendered by `resvg`, with the embedded DejaVu Sans: no
//! system fonts) out; the same chart for the same data, byte for byte.
//!
//! The picture keeps its own dark card, so it reads the same on Discord's dark and light themes.
//! Each seat has a colour of the Okabe–Ito palette (told apart with colour blindness) and, so that
//! colour is never the only cue, a line pattern and a marker of its own (dot, triangle, ring,
//! cross); a bot seat's line is
//! thinner. The game's moments are marked on its line: a ring for a good one, a cross for a bad one.

use std::sync::{Arc, OnceLock};

use plotters::prelude::*;
use plotters::style::text_anchor;

/// The picture's size, in pixels.
pub const WIDTH: u32 = 800;
pub const HEIGHT: u32 = 450;

/// The font every label is drawn with (its licence: `assets/fonts/LICENSE-DejaVu.txt`).
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const FAMILY: &str = "DejaVu Sans";

const BACKGROUND: RGBColor = RGBColor(0x1e, 0x1f, 0x22);
const TEXT: RGBColor = RGBColor(0xdb, 0xde, 0xe1);
const GRID: RGBColor = RGBColor(0x3f, 0x41, 0x47);
const TARGET: RGBColor = RGBColor(0xf2, 0xf3, 0xf5);
const SHADE: RGBColor = RGBColor(0x2e, 0x30, 0x35);

/// The seats' colours, in seat order (Okabe & Ito's palette, read on a dark card).
pub const SEAT_COLOURS: [RGBColor; 8] = [
    RGBColor(0xe6, 0x9f, 0x00),
    RGBColor(0x56, 0xb4, 0xe9),
    RGBColor(0x00, 0x9e, 0x73),
    RGBColor(0xf0, 0xe4, 0x42),
    RGBColor(0xcc, 0x79, 0xa7),
    RGBColor(0xd5, 0x5e, 0x00),
    RGBColor(0x00, 0x72, 0xb2),
    RGBColor(0xbb, 0xbb, 0xbb),
];

/// Every seat's score through a game: what the game-over chart draws.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreChart {
    pub title: String,
    /// The x axis' name ("Round").
    pub rounds_label: String,
    /// The y axis' name ("Points").
    pub points_label: String,
    /// The points to reach, and its label ("Target 500"), if the game has one.
    pub target: Option<(i64, String)>,
    /// The last round, shaded, and its label ("Last round").
    pub last_round: Option<(u32, String)>,
    pub seats: Vec<SeatLine>,
    pub moments: Vec<Moment>,
    /// Whether the y axis shows its values only (a rating), rather than from 0 (points).
    pub values_only: bool,
}

/// A seat's line: its total after each round, from round 0 (the start, 0 points).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatLine {
    /// As the legend shows it (a bot seat's name says so).
    pub name: String,
    pub bot: bool,
    /// (round, total after it).
    pub points: Vec<(u32, i64)>,
}

/// A moment of the game, marked on its seat's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moment {
    pub seat: usize,
    pub round: u32,
    /// The seat's total after it.
    pub total: i64,
    /// Good for the seat (a big bank, a bonus, the win) or bad (a FORGET IT).
    pub good: bool,
}

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
    let font = |size: u32| (FAMILY, size).into_font().color(&TEXT);
    let root = root.titled(&chart.title, font(29))?;
    let (upper, lower) = root.split_vertically(HEIGHT * 11 / 20);
    let last = chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .map(|&(r, _)| r)
        .chain(chart.rounds.iter().map(|&(r, _, _)| r))
        .max()
        .unwrap_or(1)
        .max(1);
    let x = -0.5..f64::from(last) + 0.5;
    let values = chart
        .actual
        .1
        .iter()
        .chain(&chart.optimal.1)
        .map(|&(_, v)| v);
    let (low, high) = values.fold((0f64, 1f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (high - low) / 12.0;
    let mut top = ChartBuilder::on(&upper)
        .margin(10)
        .x_label_area_size(10)
        .y_label_area_size(80)
        .build_cartesian_2d(x.clone(), low..high + pad)?;
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
    let optimal = TEXT.stroke_width(3);
    top.draw_series(DashedLineSeries::new(
        points(&chart.optimal.1),
        8,
        5,
        optimal,
    ))?
    .label(chart.optimal.0.clone())
    .legend(move |(x, y)| PathElement::new([(x, y), (x + 24, y)], optimal));
    let actual = SEAT_COLOURS[0].stroke_width(4);
    top.draw_series(LineSeries::new(points(&chart.actual.1), actual))?
        .label(chart.actual.0.clone())
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 24, y)], actual));
    top.draw_series(
        points(&chart.actual.1)
            .into_iter()
            .map(|p| Circle::new(p, 6, SEAT_COLOURS[0].filled())),
    )?;
    top.configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(BACKGROUND.mix(0.85))
        .border_style(GRID)
        .label_font(font(19))
        .draw()?;

    let deltas = chart
        .rounds
        .iter()
        .flat_map(|&(_, luck, cost)| [luck, -cost]);
    let (low, high) = deltas.fold((-1f64, 1f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (high - low) / 10.0;
    let mut bottom = ChartBuilder::on(&lower)
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
        .y_labels(5)
        .x_labels(usize::try_from(last.min(20)).unwrap_or(20) + 1)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .label_style(font(19))
        .axis_desc_style(font(20))
        .draw()?;
    // Two bars a round: luck on the left (up or down), what the decisions cost on the right
    // (always down), told apart by colour and by a hatched outline.
    bottom
        .draw_series(chart.rounds.iter().map(|&(round, luck, _)| {
            let r = f64::from(round);
            Rectangle::new([(r - 0.38, 0.0), (r - 0.02, luck)], LUCK.filled())
        }))?
        .label(chart.luck_label.clone())
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], LUCK.filled()));
    bottom
        .draw_series(chart.rounds.iter().map(|&(round, _, cost)| {
            let r = f64::from(round);
            Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], COST.filled())
        }))?
        .label(chart.cost_label.clone())
        .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 16, y + 5)], COST.filled()));
    bottom.draw_series(chart.rounds.iter().map(|&(round, _, cost)| {
        let r = f64::from(round);
        Rectangle::new([(r + 0.02, 0.0), (r + 0.38, -cost)], TEXT.stroke_width(1))
    }))?;
    bottom
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(BACKGROUND.mix(0.85))
        .border_style(GRID)
        .label_font(font(19))
        .draw()?;
    root.present()?;
    Ok(())
}

/// Discord's limit on an attachment's description (its alt text).
pub const MAX_ALT: usize = 1024;

/// `text` as an attachment's description: cut to [`MAX_ALT`] characters.
pub fn alt_text(text: &str) -> String {
    if text.chars().count() > MAX_ALT {
        text.chars().take(MAX_ALT - 1).collect::<String>() + "…"
    } else {
        text.to_string()
    }
}

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
#[error("could not draw the chart: {0}")]
pub struct ChartError(String);

/// The chart as SVG (what the snapshot tests read).
pub fn score_svg(chart: &ScoreChart) -> Result<String, ChartError> {
    let mut svg = String::new();
    draw(chart, &mut svg).map_err(|e| ChartError(e.to_string()))?;
    Ok(svg)
}

/// The chart as a PNG.
pub fn score_png(chart: &ScoreChart) -> Result<Vec<u8>, ChartError> {
    png_of(&score_svg(chart)?)
}

/// An SVG drawn by this module as a PNG of [`WIDTH`] × [`HEIGHT`].
pub fn png_of(svg: &str) -> Result<Vec<u8>, ChartError> {
    use resvg::{tiny_skia, usvg};
    let options = usvg::Options {
        fontdb: fonts(),
        font_family: FAMILY.to_string(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| ChartError(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or(ChartError("no pixmap".into()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| ChartError(e.to_string()))
}

fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_font_data(FONT.to_vec());
            db.set_sans_serif_family(FAMILY);
            Arc::new(db)
        })
        .clone()
}

type DrawResult<'a> = Result<(), Box<dyn std::error::Error + 'a>>;

fn draw<'a>(chart: &ScoreChart, svg: &'a mut String) -> DrawResult<'a> {
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let last = chart
        .seats
        .iter()
        .flat_map(|s| s.points.iter().map(|&(r, _)| r))
        .max()
        .unwrap_or(0)
        .max(1);
    let values = chart
        .seats
        .iter()
        .flat_map(|s| s.points.iter().map(|&(_, p)| p));
    let target = chart.target.as_ref().map(|(t, _)| *t);
    let top = values.clone().chain(target).max().unwrap_or(0).max(10);
    let low = values.min().unwrap_or(0);
    let bottom = if chart.values_only {
        let top = chart
            .seats
            .iter()
            .flat_map(|s| s.points.iter().map(|&(_, p)| p))
            .max()
            .unwrap_or(0);
        low - (top - low) / 8 - 10
    } else {
        low.min(0)
    };
    let top = if chart.values_only {
        chart
            .seats
            .iter()
            .flat_map(|s| s.points.iter().map(|&(_, p)| p))
            .chain(target)
            .max()
            .unwrap_or(0)
            + 10
    } else {
        top
    };
    let top = top + (top - bottom) / 12 + 1;
    let font = |size: u32| (FAMILY, size).into_font().color(&TEXT);
    let mut cx = ChartBuilder::on(&root)
        .caption(&chart.title, font(32))
        .margin(14)
        .x_label_area_size(58)
        .y_label_area_size(80)
        .build_cartesian_2d(0f64..f64::from(last) + 0.5, bottom as f64..top as f64)?;
    cx.configure_mesh()
        .bold_line_style(GRID)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_desc(&chart.rounds_label)
        .y_desc(&chart.points_label)
        .x_labels(usize::try_from(last.min(20)).unwrap_or(20) + 1)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .label_style(font(20))
        .axis_desc_style(font(22))
        .draw()?;
    if let Some((round, label)) = &chart.last_round {
        let from = f64::from(*round) - 1.0;
        cx.draw_series(std::iter::once(Rectangle::new(
            [(from, bottom as f64), (f64::from(*round) + 0.5, top as f64)],
            SHADE.filled(),
        )))?;
        // Right-aligned at the band's right edge, so that it stays in the picture.
        cx.draw_series(std::iter::once(Text::new(
            label.clone(),
            (
                f64::from(*round) + 0.45,
                top as f64 - (top - bottom) as f64 / 40.0,
            ),
            font(19).pos(text_anchor::Pos::new(
                text_anchor::HPos::Right,
                text_anchor::VPos::Top,
            )),
        )))?;
    }
    if let Some((target, label)) = &chart.target {
        let y = *target as f64;
        cx.draw_series(DashedLineSeries::new(
            [(0.0, y), (f64::from(last) + 0.5, y)],
            6,
            6,
            TARGET.stroke_width(2),
        ))?;
        cx.draw_series(std::iter::once(Text::new(
            label.clone(),
            (0.1, y),
            font(19).pos(text_anchor::Pos::new(
                text_anchor::HPos::Left,
                text_anchor::VPos::Bottom,
            )),
        )))?;
    }
    for (i, seat) in chart.seats.iter().enumerate() {
        let colour = SEAT_COLOURS[i % SEAT_COLOURS.len()];
        let width = if seat.bot { 3 } else { 4 };
        let style = colour.stroke_width(width);
        let points: Vec<(f64, f64)> = seat
            .points
            .iter()
            .map(|&(r, p)| (f64::from(r), p as f64))
            .collect();
        // Past the eighth seat the colours come round again, the patterns and markers shifted:
        // no two seats of a table look the same.
        let style_of = (i + i / SEAT_COLOURS.len()) % PATTERNS.len();
        let (dash, gap) = PATTERNS[style_of];
        let series = if gap == 0 {
            cx.draw_series(LineSeries::new(points.clone(), style))?
        } else {
            cx.draw_series(DashedLineSeries::new(points.clone(), dash, gap, style))?
        };
        series
            .label(seat.name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 30, y)], style));
        let at = points.iter().copied();
        let fill = colour.filled();
        match style_of {
            0 => drop(cx.draw_series(at.map(|p| Circle::new(p, 6, fill)))?),
            1 => drop(cx.draw_series(at.map(|p| TriangleMarker::new(p, 8, fill)))?),
            2 => drop(cx.draw_series(at.map(|p| Circle::new(p, 7, colour.stroke_width(3))))?),
            _ => drop(cx.draw_series(at.map(|p| Cross::new(p, 6, colour.stroke_width(3))))?),
        }
    }
    for moment in &chart.moments {
        let colour = SEAT_COLOURS[moment.seat % SEAT_COLOURS.len()];
        let at = (f64::from(moment.round), moment.total as f64);
        if moment.good {
            cx.draw_series(std::iter::once(Circle::new(at, 15, colour.stroke_width(4))))?;
        } else {
            cx.draw_series(std::iter::once(Cross::new(at, 13, colour.stroke_width(5))))?;
        }
    }
    cx.configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(BACKGROUND.mix(0.85))
        .border_style(GRID)
        .label_font(font(20))
        .draw()?;
    root.present()?;
    Ok(())
}

/// Each seat's line pattern: (dash, gap) in pixels; 0 gap is a solid line.
const PATTERNS: [(u32, u32); 4] = [(1, 0), (10, 5), (3, 4), (14, 4)];
