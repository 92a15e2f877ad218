//! Charts as pictures: what a game's story is, drawn as a PNG. Pure: a [`ScoreChart`] in, SVG
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

use plotters::coord::Shift;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::element::DashedPathElement;
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
    let titled = root.titled(&chart.title, font(29))?;
    let optimal = TEXT.stroke_width(3);
    let actual = SEAT_COLOURS[0].stroke_width(4);
    // The legend has a band of its own under the title: it covers neither panel's data.
    let legend = Legend::lay_out(
        vec![
            Entry {
                name: chart.actual.0.clone(),
                swatch: Swatch::Line {
                    style: actual,
                    dash: None,
                    marker: Some((Marker::Dot, SEAT_COLOURS[0])),
                },
            },
            Entry {
                name: chart.optimal.0.clone(),
                swatch: Swatch::Line {
                    style: optimal,
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
    );
    let (band, rest) = titled.split_vertically(legend.height());
    let (upper, lower) = rest.split_vertically(rest.dim_in_pixel().1 / 2);
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
    top.draw_series(DashedLineSeries::new(
        points(&chart.optimal.1),
        8,
        5,
        optimal,
    ))?;
    top.draw_series(LineSeries::new(points(&chart.actual.1), actual))?;
    top.draw_series(
        points(&chart.actual.1)
            .into_iter()
            .map(|p| Circle::new(p, 6, SEAT_COLOURS[0].filled())),
    )?;

    let deltas = chart
        .rounds
        .iter()
        .flat_map(|&(_, luck, cost)| [luck, -cost]);
    let (low, high) = deltas.fold((-1f64, 1f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let pad = (high - low) / 10.0;
    // Whole-number ticks (no decimal separator to translate): on a narrow range (a review of
    // nothing but zeros is -1..1) five of them would repeat ("1, 0, 0, -0, -1"), so fewer.
    let ticks = if high - low < 4.0 { 3 } else { 5 };
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
    legend.draw(&root, band.get_base_pixel())?;
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
    let titled = root.titled(&chart.title, font(32))?;
    let looks: Vec<Look> = (0..chart.seats.len())
        .map(|i| Look::of(i, chart.seats[i].bot))
        .collect();
    // The legend has a band of its own under the title: it never covers the data.
    let legend = Legend::lay_out(
        chart
            .seats
            .iter()
            .zip(&looks)
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
    );
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
    // Where each seat's marks go, in pixels: on its points, but side by side where marks of
    // several seats would cover each other.
    let at = |x: f64, y: f64| {
        let (px, py) = cx.backend_coord(&(x, y));
        (f64::from(px), f64::from(py))
    };
    let (xs, _) = cx.plotting_area().get_pixel_range();
    let placed = place_marks(chart, &looks, at, (f64::from(xs.start), f64::from(xs.end)));
    for (look, marks) in looks.iter().zip(&placed) {
        let path: Vec<(i32, i32)> = marks.iter().map(|m| m.at).collect();
        match look.dash {
            None => root.draw(&PathElement::new(path, look.line()))?,
            Some((dash, gap)) => {
                root.draw(&DashedPathElement::new(path, dash, gap, look.line()))?
            }
        }
        for mark in marks.iter().filter(|m| m.shown) {
            draw_marker(&root, look.marker, mark.at, look.colour)?;
        }
    }
    for moment in &chart.moments {
        let Some(mark) = placed
            .get(moment.seat)
            .and_then(|marks| marks.iter().find(|m| m.round == moment.round))
        else {
            continue;
        };
        let colour = SEAT_COLOURS[moment.seat % SEAT_COLOURS.len()];
        // Beside the seat's mark of that round, at the total the moment left it with.
        let (_, y) = at(f64::from(moment.round), moment.total as f64);
        let centre = (mark.at.0, y.round() as i32);
        if moment.good {
            root.draw(&Circle::new(centre, 15, colour.stroke_width(4)))?;
        } else {
            root.draw(&Cross::new(centre, 13, colour.stroke_width(5)))?;
        }
    }
    legend.draw(&root, band.get_base_pixel())?;
    root.present()?;
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

/// A seat's point, where its mark is drawn.
#[derive(Clone, Debug, PartialEq)]
struct Mark {
    round: u32,
    /// The pixel its mark (and its line) is drawn at.
    at: (i32, i32),
    /// Whether it has a marker: not at round 0 of a game, where every line starts at 0.
    shown: bool,
}

/// Where each seat's marks go, in pixels (`at` maps a point to its pixel; the plot runs from
/// `bounds.0` to `bounds.1` across): on its points, but where marks of several seats in a round
/// would cover each other (a moment's mark counted), laid side by side in seat order, centred on
/// the round and kept in its column where they fit, each seat's line passing through its own.
fn place_marks(
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
        let room = (
            (bounds.0 - x).max(-column / 2.0),
            (bounds.1 - x).min(column / 2.0),
        );
        let offsets = side_by_side(&spans, room);
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
/// between them).
fn side_by_side(spans: &[Span], bounds: (f64, f64)) -> Vec<f64> {
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
            // Too wide for its room: centred on it.
            (bounds.0 + bounds.1 - from - to) / 2.0
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

/// A legend's entry: a name and what it names.
struct Entry {
    name: String,
    swatch: Swatch,
}

enum Swatch {
    /// A line, dashed or not, with its marker.
    Line {
        style: ShapeStyle,
        dash: Option<(u32, u32)>,
        marker: Option<(Marker, RGBColor)>,
    },
    /// A bar's colour, outlined or not.
    Bar { colour: RGBColor, outlined: bool },
}

/// A legend laid out in rows across the picture, in a band of its own between the title and the
/// plot, so that it never covers a point, a line or a bar.
struct Legend {
    rows: Vec<Vec<(Entry, i32)>>,
    /// The labels' font size.
    size: u32,
    /// The widest row, in pixels.
    width: i32,
}

/// A swatch's length, the space after it, and between two entries, in pixels.
const SWATCH: i32 = 34;
const SWATCH_GAP: i32 = 7;
const ENTRY_GAP: i32 = 22;
/// The space inside the legend's frame, and around it.
const LEGEND_PAD: i32 = 5;
const LEGEND_MARGIN: i32 = 4;

impl Legend {
    fn lay_out(entries: Vec<Entry>, size: u32) -> Legend {
        let room = WIDTH as i32 - 2 * (LEGEND_MARGIN + LEGEND_PAD) - 20;
        let mut rows: Vec<Vec<(Entry, i32)>> = Vec::new();
        let mut used = 0;
        for entry in entries {
            // plotters draws a font of size s at s / 1.24 pixels.
            let label = text_width(&entry.name, f64::from(size) / 1.24).ceil() as i32;
            let width = SWATCH + SWATCH_GAP + label;
            match rows.last_mut() {
                Some(row) if used + ENTRY_GAP + width <= room => {
                    used += ENTRY_GAP + width;
                    row.push((entry, width));
                }
                _ => {
                    used = width;
                    rows.push(vec![(entry, width)]);
                }
            }
        }
        let width = rows
            .iter()
            .map(|row| row_width(row))
            .max()
            .unwrap_or(0)
            .min(room);
        Legend { rows, size, width }
    }

    fn row_height(&self) -> i32 {
        self.size as i32 + 5
    }

    /// The band it takes, in pixels.
    fn height(&self) -> u32 {
        if self.rows.is_empty() {
            return 0;
        }
        let height = self.rows.len() as i32 * self.row_height() + 2 * (LEGEND_PAD + LEGEND_MARGIN);
        u32::try_from(height).unwrap_or(0)
    }

    /// Draws it on `root` in the band whose top left corner is the pixel `at`.
    fn draw(&self, root: &DrawingArea<SVGBackend<'_>, Shift>, at: (i32, i32)) -> AreaResult {
        if self.rows.is_empty() {
            return Ok(());
        }
        let x0 = (WIDTH as i32 - self.width) / 2 - LEGEND_PAD;
        let y0 = at.1 + LEGEND_MARGIN;
        let x1 = x0 + self.width + 2 * LEGEND_PAD;
        let y1 = y0 + self.rows.len() as i32 * self.row_height() + 2 * LEGEND_PAD;
        root.draw(&Rectangle::new(
            [(x0, y0), (x1, y1)],
            BACKGROUND.mix(0.85).filled(),
        ))?;
        root.draw(&Rectangle::new([(x0, y0), (x1, y1)], GRID))?;
        let font = (FAMILY, self.size)
            .into_font()
            .color(&TEXT)
            .pos(text_anchor::Pos::new(
                text_anchor::HPos::Left,
                text_anchor::VPos::Center,
            ));
        for (r, row) in self.rows.iter().enumerate() {
            let y = y0 + LEGEND_PAD + r as i32 * self.row_height() + self.row_height() / 2;
            let mut x = x0 + LEGEND_PAD + (self.width - row_width(row)).max(0) / 2;
            for (entry, width) in row {
                match &entry.swatch {
                    Swatch::Line {
                        style,
                        dash,
                        marker,
                    } => {
                        let line = [(x, y), (x + SWATCH, y)];
                        match dash {
                            None => root.draw(&PathElement::new(line, *style))?,
                            Some((dash, gap)) => {
                                root.draw(&DashedPathElement::new(line, *dash, *gap, *style))?
                            }
                        }
                        if let Some((marker, colour)) = marker {
                            draw_marker(root, *marker, (x + SWATCH / 2, y), *colour)?;
                        }
                    }
                    Swatch::Bar { colour, outlined } => {
                        let bar = [(x + SWATCH / 2 - 8, y - 7), (x + SWATCH / 2 + 8, y + 7)];
                        root.draw(&Rectangle::new(bar, colour.filled()))?;
                        if *outlined {
                            root.draw(&Rectangle::new(bar, TEXT.stroke_width(1)))?;
                        }
                    }
                }
                root.draw(&Text::new(
                    entry.name.clone(),
                    (x + SWATCH + SWATCH_GAP, y),
                    font.clone(),
                ))?;
                x += width + ENTRY_GAP;
            }
        }
        Ok(())
    }
}

fn row_width(row: &[(Entry, i32)]) -> i32 {
    let widths: i32 = row.iter().map(|(_, w)| w).sum();
    widths + ENTRY_GAP * (row.len() as i32 - 1).max(0)
}

/// How wide `text` is drawn at `size` pixels in the embedded font (as resvg lays it out).
fn text_width(text: &str, size: f64) -> f64 {
    let escaped = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="100"><text x="0" y="50" font-family="{FAMILY}" font-size="{size}">{escaped}</text></svg>"#
    );
    match resvg::usvg::Tree::from_str(&svg, &options()) {
        Ok(tree) if tree.root().has_children() => f64::from(tree.root().abs_bounding_box().right()),
        Ok(_) => 0.0,
        // Not expected: a generous guess.
        Err(_) => size * 0.65 * text.chars().count() as f64,
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
