//! Charts as pictures: a game's course, drawn as a PNG. Pure: a [`ScoreChart`] in, SVG
//! (drawn by `plotters`) and PNG bytes (rendered by `resvg`, with the embedded DejaVu Sans: no
//! system fonts) out; the same chart for the same data, byte for byte.
//!
//! The picture keeps its own dark card, so it reads the same on Discord's dark and light themes.
//! Each seat has a colour of the Okabe–Ito palette (told apart with colour blindness) and, so that
//! colour is never the only cue, a line pattern and a marker of its own (dot, triangle, ring,
//! cross); a bot seat's line is thinner. The game's moments are marked on its line: a ring for a
//! good one, a cross for a bad one.
//!
//! Nothing hides the data: the legend has a band of its own between the title and the plot (in
//! rows, as wide as the names need), never over a point, a line or a bar, and it names the target
//! and the last round too, so that no label is drawn on the plot; the plot keeps a margin above
//! and below its values, so that no marker reaches an axis' labels; and where several seats'
//! marks of a round would cover each other (the same total, or close), they are laid side by side
//! in seat order, centred on the round and within its column where they fit (else within the
//! plot), each seat's line passing through its own marks (`side_by_side`). Every line starts at 0
//! at round 0, unmarked.
//!
//! Legible on a phone: a phone shows the picture about [`PHONE_WIDTH`] pixels wide (a 390 px
//! screen less the message's margins), so every text is at least [`TEXT_PX`] pixels high in a
//! picture [`WIDTH`] wide: [`TEXT_PX`] × [`PHONE_WIDTH`] / [`WIDTH`] ≥ [`LEGIBLE_PX`] (11 px).

use std::sync::{Arc, OnceLock};

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor;

mod legend;
mod marks;
mod review;

use legend::{Entry, Legend, Swatch};
use marks::{place_marks, Mark};
pub use review::{review_png, review_svg, ReviewChart};

/// The picture's width, in pixels.
pub const WIDTH: u32 = 600;
/// The game-over chart's height below its legend (which takes what its rows need), in pixels.
pub const HEIGHT: u32 = 400;

/// How wide a phone shows a chart, in CSS pixels (a 390 px screen less the message's margins).
pub const PHONE_WIDTH: f64 = 360.0;
/// How high the smallest text must show there, in CSS pixels.
pub const LEGIBLE_PX: f64 = 11.0;
/// Every text's height (its font size) in the picture, in pixels: at least
/// `LEGIBLE_PX × WIDTH / PHONE_WIDTH` (18.3).
pub const TEXT_PX: f64 = 18.5;
/// The title's.
pub const TITLE_PX: f64 = 22.0;

/// The font every label is drawn with (its licence: `assets/fonts/LICENSE-DejaVu.txt`).
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
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

/// An SVG drawn by this module as a PNG of its size.
pub fn png_of(svg: &str) -> Result<Vec<u8>, ChartError> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| ChartError(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or(ChartError("no pixmap".into()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| ChartError(e.to_string()))
}

/// How resvg reads the charts: with the embedded font only.
fn options() -> resvg::usvg::Options<'static> {
    resvg::usvg::Options {
        fontdb: fonts(),
        font_family: FAMILY.to_string(),
        ..resvg::usvg::Options::default()
    }
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
    let looks: Vec<Look> = (0..chart.seats.len())
        .map(|i| Look::of(i, chart.seats[i].bot))
        .collect();
    // The legend has a band of its own under the title: it never covers the data. It names the
    // target and the last round too, so that no label is drawn over the plot.
    let legend = seats_legend(chart, &looks);
    let height = title_height() + legend.height() + HEIGHT;
    let root = SVGBackend::with_string(svg, (WIDTH, height)).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let last = last_round(chart);
    let (bottom, top) = points_range(chart);
    let (titled_band, rest) = root.split_vertically(title_height());
    draw_title(&titled_band, &chart.title)?;
    let (band, area) = rest.split_vertically(legend.height());
    // Half a column before round 0 (unmarked, but a rating is marked from its first game): room
    // for the marks of round 1 laid side by side.
    let left = -0.5;
    let x_range = left..f64::from(last) + 0.5;
    // Left of the plot, the axis' name (turned up) and the values, as wide as the widest.
    let y_labels = Y_NAME + values_width(bottom as f64, top as f64);
    let plot_width = f64::from(WIDTH) - f64::from(y_labels) - 2.0 * 14.0;
    let x_ticks = round_ticks(last, plot_width / (f64::from(last) + 0.5 - left));
    let y_ticks = value_ticks(bottom as f64, top as f64, 7);
    // A margin above and below the values, so that no marker (a moment's ring: 17 px) reaches
    // the axis' labels or the picture's edge.
    let pad = (top - bottom) as f64 * 24.0 / f64::from(HEIGHT - X_LABELS);
    let mut cx = ChartBuilder::on(&area)
        .margin(14)
        .margin_top(4)
        .x_label_area_size(X_LABELS)
        .y_label_area_size(y_labels)
        .build_cartesian_2d(x_range, bottom as f64 - pad..top as f64 + pad)?;
    cx.configure_mesh()
        .bold_line_style(GRID)
        .light_line_style(BACKGROUND)
        .axis_style(GRID)
        .x_desc(&chart.rounds_label)
        .y_desc(&chart.points_label)
        .x_labels(x_ticks)
        .y_labels(y_ticks)
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| tick(*y))
        .label_style(font(TEXT_PX))
        .axis_desc_style(font(TEXT_PX))
        .draw()?;
    if let Some((round, _)) = &chart.last_round {
        shade_last_round(&mut cx, *round, (bottom as f64 - pad, top as f64 + pad))?;
    }
    if let Some((target, _)) = &chart.target {
        draw_target(&mut cx, *target, left, last)?;
    }
    // Where each seat's marks go, in pixels: on its points, but side by side where marks of
    // several seats would cover each other.
    let at = |x: f64, y: f64| {
        let (px, py) = cx.backend_coord(&(x, y));
        (f64::from(px), f64::from(py))
    };
    let (xs, _) = cx.plotting_area().get_pixel_range();
    let placed = place_marks(chart, &looks, at, (f64::from(xs.start), f64::from(xs.end)));
    draw_lines(&root, &looks, &placed)?;
    draw_moments(&root, chart, &placed, at)?;
    legend.draw(&root, band.get_base_pixel())?;
    root.present()?;
    Ok(())
}

/// The room the axes' labels take: below the plot (the rounds and the axis' name), left of it
/// the axis' name turned up (and the values: [`values_width`]), in pixels.
const X_LABELS: u32 = 56;
const Y_NAME: u32 = 28;

/// The room the values' labels of an axis from `low` to `high` take left of its plot: the
/// widest (of the values a little beyond, where the plot's margins may put a label), and the gap
/// plotters leaves (10 px) and a little more, in pixels.
fn values_width(low: f64, high: f64) -> u32 {
    let beyond = (high - low) / 8.0;
    let widest = [(low - beyond).floor(), (high + beyond).ceil()]
        .iter()
        .map(|&v| legend::text_width(&tick(v), TEXT_PX))
        .fold(0.0, f64::max);
    (widest + 14.0).ceil() as u32
}

/// The title's band, in pixels.
fn title_height() -> u32 {
    (TITLE_PX * 1.6).round() as u32
}

/// The title, centred in its band.
fn draw_title(band: &DrawingArea<SVGBackend<'_>, Shift>, title: &str) -> AreaResult {
    let (width, height) = band.dim_in_pixel();
    band.draw(&Text::new(
        title.to_string(),
        ((width / 2) as i32, (height / 2) as i32),
        font(TITLE_PX).pos(text_anchor::Pos::new(
            text_anchor::HPos::Center,
            text_anchor::VPos::Center,
        )),
    ))
}

/// A label's font, `px` pixels high.
fn font(px: f64) -> TextStyle<'static> {
    // plotters writes a font of size s as s / 1.24 pixels.
    (FAMILY, px * 1.24).into_font().color(&TEXT)
}

/// How many of the rounds 0 to `last` the x axis labels: every round where their labels fit in
/// `column` pixels a round, else fewer (plotters then labels every 2nd, 5th, 10th...).
fn round_ticks(last: u32, column: f64) -> usize {
    // The widest label's width, and room either side.
    let digits = last.max(1).to_string().len() as f64;
    let label = digits * TEXT_PX * 0.64 + TEXT_PX * 0.6;
    let fit = (column * (f64::from(last) + 0.5) / label).floor() as usize;
    fit.clamp(1, last as usize + 1)
}

/// How many labels, at most `most`, an axis of whole numbers from `low` to `high` has: never more
/// than the whole numbers between, so that plotters' steps (1, 2 or 5 times a power of ten) are
/// whole numbers and each label is different.
fn value_ticks(low: f64, high: f64, most: usize) -> usize {
    let whole = (high.floor() - low.ceil()).max(0.0) as usize + 1;
    most.min(whole).max(2)
}

/// The score chart's plot, in rounds across and points up.
type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// The last round a seat's line reaches (at least 1).
fn last_round(chart: &ScoreChart) -> u32 {
    chart
        .seats
        .iter()
        .flat_map(|s| s.points.iter().map(|&(r, _)| r))
        .max()
        .unwrap_or(0)
        .max(1)
}

/// The points the y axis runs over, (bottom, top): from 0 (or the lowest total, if below) to
/// the highest total and the target; for values only (a rating), from a little below the
/// lowest to a little above the highest.
fn points_range(chart: &ScoreChart) -> (i64, i64) {
    let values = chart
        .seats
        .iter()
        .flat_map(|s| s.points.iter().map(|&(_, p)| p));
    let target = chart.target.as_ref().map(|(t, _)| *t);
    let low = values.clone().min().unwrap_or(0);
    if chart.values_only {
        let top = values.chain(target).max().unwrap_or(0);
        return (low - 10, top + 10);
    }
    let top = values.chain(target).max().unwrap_or(0).max(10);
    (low.min(0), top)
}

/// Every seat's name, with its line's look; then the target's line and the last round's shade.
fn seats_legend(chart: &ScoreChart, looks: &[Look]) -> Legend {
    let seats = chart.seats.iter().zip(looks).map(|(seat, look)| Entry {
        name: seat.name.clone(),
        swatch: Swatch::Line {
            style: look.line(),
            dash: look.dash,
            marker: Some((look.marker, look.colour)),
        },
    });
    let target = chart.target.iter().map(|(_, label)| Entry {
        name: label.clone(),
        swatch: Swatch::Line {
            style: target_line(),
            dash: Some(TARGET_DASH),
            marker: None,
        },
    });
    let last = chart.last_round.iter().map(|(_, label)| Entry {
        name: label.clone(),
        swatch: Swatch::Shade(SHADE),
    });
    Legend::lay_out(seats.chain(target).chain(last).collect(), TEXT_PX)
}

/// The target's line: dashed, light.
fn target_line() -> ShapeStyle {
    TARGET.stroke_width(2)
}
const TARGET_DASH: (u32, u32) = (6, 6);

/// The last round's band, shaded across the plot's height (`bottom`, `top`), named in the
/// legend.
fn shade_last_round(cx: &mut Plot, round: u32, (bottom, top): (f64, f64)) -> AreaResult {
    let from = f64::from(round) - 1.0;
    cx.draw_series(std::iter::once(Rectangle::new(
        [(from, bottom), (f64::from(round) + 0.5, top)],
        SHADE.filled(),
    )))?;
    Ok(())
}

/// The target's dashed line across the plot (from `left` to round `last`), named in the legend.
fn draw_target(cx: &mut Plot, target: i64, left: f64, last: u32) -> AreaResult {
    let y = target as f64;
    cx.draw_series(DashedLineSeries::new(
        [(left, y), (f64::from(last) + 0.5, y)],
        TARGET_DASH.0,
        TARGET_DASH.1,
        target_line(),
    ))?;
    Ok(())
}

/// Each seat's line through its marks, and its markers.
fn draw_lines(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    looks: &[Look],
    placed: &[Vec<Mark>],
) -> AreaResult {
    for (look, marks) in looks.iter().zip(placed) {
        let path: Vec<(i32, i32)> = marks.iter().map(|m| m.at).collect();
        match look.dash {
            None => root.draw(&PathElement::new(path, look.line()))?,
            Some((dash, gap)) => {
                root.draw(&DashedPathElement::new(path, dash, gap, look.line()))?
            }
        }
        for mark in marks.iter().filter(|m| m.shown) {
            draw_marker(root, look.marker, mark.at, look.colour)?;
        }
    }
    Ok(())
}

/// The game's moments: a ring (good) or a cross (bad) beside the seat's mark of the round, at
/// the total the moment left it with (`at` maps a point to its pixel).
fn draw_moments(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    chart: &ScoreChart,
    placed: &[Vec<Mark>],
    at: impl Fn(f64, f64) -> (f64, f64),
) -> AreaResult {
    for moment in &chart.moments {
        let Some(mark) = placed
            .get(moment.seat)
            .and_then(|marks| marks.iter().find(|m| m.round == moment.round))
        else {
            continue;
        };
        let colour = SEAT_COLOURS[moment.seat % SEAT_COLOURS.len()];
        let (_, y) = at(f64::from(moment.round), moment.total as f64);
        let centre = (mark.at.0, y.round() as i32);
        if moment.good {
            root.draw(&Circle::new(centre, 15, colour.stroke_width(4)))?;
        } else {
            root.draw(&Cross::new(centre, 13, colour.stroke_width(5)))?;
        }
    }
    Ok(())
}

/// Each seat's line pattern: (dash, gap) in pixels; 0 gap is a solid line.
const PATTERNS: [(u32, u32); 4] = [(1, 0), (10, 5), (3, 4), (14, 4)];

/// A seat's marker on its points (and in the legend), so that colour is never the only cue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Dot,
    Triangle,
    Ring,
    Cross,
}

impl Marker {
    /// The markers in seat order (with [`PATTERNS`]).
    const ALL: [Marker; 4] = [Marker::Dot, Marker::Triangle, Marker::Ring, Marker::Cross];

    /// Half its width as drawn, stroke included, in pixels.
    fn half(self) -> f64 {
        match self {
            Marker::Dot => 6.0,
            Marker::Triangle => 8.0,
            Marker::Ring => 8.5,
            Marker::Cross => 7.5,
        }
    }
}

/// Half the width of a moment's mark (a ring of 15 px drawn 4 px wide, a cross of 13 px drawn
/// 5 px wide).
fn moment_half(good: bool) -> f64 {
    if good {
        17.0
    } else {
        15.5
    }
}

type AreaResult = Result<(), DrawingAreaErrorKind<std::io::Error>>;

/// Draws `marker` centred on the pixel `at` of `root`.
fn draw_marker(
    root: &DrawingArea<SVGBackend<'_>, Shift>,
    marker: Marker,
    at: (i32, i32),
    colour: RGBColor,
) -> AreaResult {
    match marker {
        Marker::Dot => root.draw(&Circle::new(at, 6, colour.filled())),
        Marker::Triangle => root.draw(&TriangleMarker::new(at, 8, colour.filled())),
        Marker::Ring => root.draw(&Circle::new(at, 7, colour.stroke_width(3))),
        Marker::Cross => root.draw(&Cross::new(at, 6, colour.stroke_width(3))),
    }
}

/// How a seat's line looks: its colour, width (a bot seat's is thinner), pattern and marker.
struct Look {
    colour: RGBColor,
    width: u32,
    /// (dash, gap) in pixels; `None`: a solid line.
    dash: Option<(u32, u32)>,
    marker: Marker,
}

impl Look {
    fn of(seat: usize, bot: bool) -> Look {
        // Past the eighth seat the colours come round again, the patterns and markers shifted:
        // no two seats of a table look the same.
        let style_of = (seat + seat / SEAT_COLOURS.len()) % PATTERNS.len();
        let (dash, gap) = PATTERNS[style_of];
        Look {
            colour: SEAT_COLOURS[seat % SEAT_COLOURS.len()],
            width: if bot { 3 } else { 4 },
            dash: (gap != 0).then_some((dash, gap)),
            marker: Marker::ALL[style_of],
        }
    }

    fn line(&self) -> ShapeStyle {
        self.colour.stroke_width(self.width)
    }
}

/// A tick's label, a whole number, never "-0".
fn tick(y: f64) -> String {
    let label = format!("{y:.0}");
    match label.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0') => rest.to_string(),
        _ => label,
    }
}
