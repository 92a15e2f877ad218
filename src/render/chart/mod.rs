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
//! rows, as wide as the names need), never over a point, a line or a bar; and where several seats'
//! marks of a round would cover each other (the same total, or close), they are laid side by side
//! in seat order, centred on the round and within its column where they fit, each seat's line
//! passing through its own marks (`side_by_side`). Every line starts at 0 at round 0, unmarked.

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

/// The picture's size, in pixels.
pub const WIDTH: u32 = 800;
pub const HEIGHT: u32 = 450;

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

/// An SVG drawn by this module as a PNG of [`WIDTH`] × [`HEIGHT`].
pub fn png_of(svg: &str) -> Result<Vec<u8>, ChartError> {
    use resvg::{tiny_skia, usvg};
    let tree = usvg::Tree::from_str(svg, &options()).map_err(|e| ChartError(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT).ok_or(ChartError("no pixmap".into()))?;
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
    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&BACKGROUND)?;
    let last = last_round(chart);
    let (bottom, top) = points_range(chart);
    let titled = root.titled(&chart.title, font(32))?;
    let looks: Vec<Look> = (0..chart.seats.len())
        .map(|i| Look::of(i, chart.seats[i].bot))
        .collect();
    // The legend has a band of its own under the title: it never covers the data.
    let legend = seats_legend(chart, &looks);
    let (band, area) = titled.split_vertically(legend.height());
    let mut cx = ChartBuilder::on(&area)
        .margin(14)
        .margin_top(4)
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
        shade_last_round(&mut cx, *round, label, (bottom, top))?;
    }
    if let Some((target, label)) = &chart.target {
        draw_target(&mut cx, *target, label, last)?;
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

/// A label's font, at `size`.
fn font(size: u32) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&TEXT)
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
/// above the highest total and the target; for values only (a rating), from a little below the
/// lowest to a little above the highest.
fn points_range(chart: &ScoreChart) -> (i64, i64) {
    let values = chart
        .seats
        .iter()
        .flat_map(|s| s.points.iter().map(|&(_, p)| p));
    let target = chart.target.as_ref().map(|(t, _)| *t);
    let top = values.clone().chain(target).max().unwrap_or(0).max(10);
    let low = values.clone().min().unwrap_or(0);
    let bottom = if chart.values_only {
        let top = values.clone().max().unwrap_or(0);
        low - (top - low) / 8 - 10
    } else {
        low.min(0)
    };
    let top = if chart.values_only {
        values.chain(target).max().unwrap_or(0) + 10
    } else {
        top
    };
    (bottom, top + (top - bottom) / 12 + 1)
}

/// Every seat's name, with its line's look.
fn seats_legend(chart: &ScoreChart, looks: &[Look]) -> Legend {
    Legend::lay_out(
        chart
            .seats
            .iter()
            .zip(looks)
            .map(|(seat, look)| Entry {
                name: seat.name.clone(),
                swatch: Swatch::Line {
                    style: look.line(),
                    dash: look.dash,
                    marker: Some((look.marker, look.colour)),
                },
            })
            .collect(),
        20,
    )
}

/// The last round's band, shaded across the plot's height (`bottom`, `top`), with its label.
fn shade_last_round(
    cx: &mut Plot,
    round: u32,
    label: &str,
    (bottom, top): (i64, i64),
) -> AreaResult {
    let from = f64::from(round) - 1.0;
    cx.draw_series(std::iter::once(Rectangle::new(
        [(from, bottom as f64), (f64::from(round) + 0.5, top as f64)],
        SHADE.filled(),
    )))?;
    // Right-aligned at the band's right edge, so that it stays in the picture.
    cx.draw_series(std::iter::once(Text::new(
        label.to_string(),
        (
            f64::from(round) + 0.45,
            top as f64 - (top - bottom) as f64 / 40.0,
        ),
        font(19).pos(text_anchor::Pos::new(
            text_anchor::HPos::Right,
            text_anchor::VPos::Top,
        )),
    )))?;
    Ok(())
}

/// The target's dashed line across the plot (to round `last`), with its label.
fn draw_target(cx: &mut Plot, target: i64, label: &str, last: u32) -> AreaResult {
    let y = target as f64;
    cx.draw_series(DashedLineSeries::new(
        [(0.0, y), (f64::from(last) + 0.5, y)],
        6,
        6,
        TARGET.stroke_width(2),
    ))?;
    cx.draw_series(std::iter::once(Text::new(
        label.to_string(),
        (0.1, y),
        font(19).pos(text_anchor::Pos::new(
            text_anchor::HPos::Left,
            text_anchor::VPos::Bottom,
        )),
    )))?;
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
