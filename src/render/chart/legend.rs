//! The charts' legend: in rows, in a band of its own between the title and the plot.

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor;

use super::{
    draw_marker, font, options, AreaResult, Marker, BACKGROUND, FAMILY, GRID, TEXT, WIDTH,
};

/// A legend's entry: a name and what it names.
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) swatch: Swatch,
}

pub(super) enum Swatch {
    /// A line, dashed or not, with its marker.
    Line {
        style: ShapeStyle,
        dash: Option<(u32, u32)>,
        marker: Option<(Marker, RGBColor)>,
    },
    /// A bar's colour, outlined or not.
    Bar { colour: RGBColor, outlined: bool },
    /// A shaded band's colour (outlined, so that it shows on the card).
    Shade(RGBColor),
}

/// A legend laid out in rows across the picture, in a band of its own between the title and the
/// plot, so that it never covers a point, a line or a bar.
pub(super) struct Legend {
    rows: Vec<Vec<(Entry, i32)>>,
    /// The labels' height, in pixels.
    px: f64,
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
    pub(super) fn lay_out(entries: Vec<Entry>, px: f64) -> Legend {
        let room = WIDTH as i32 - 2 * (LEGEND_MARGIN + LEGEND_PAD) - 20;
        let mut rows: Vec<Vec<(Entry, i32)>> = Vec::new();
        let mut used = 0;
        for entry in entries {
            let label = text_width(&entry.name, px).ceil() as i32;
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
        Legend { rows, px, width }
    }

    fn row_height(&self) -> i32 {
        (self.px * 1.4).round() as i32
    }

    /// The band it takes, in pixels.
    pub(super) fn height(&self) -> u32 {
        if self.rows.is_empty() {
            return 0;
        }
        let height = self.rows.len() as i32 * self.row_height() + 2 * (LEGEND_PAD + LEGEND_MARGIN);
        u32::try_from(height).unwrap_or(0)
    }

    /// Draws it on `root` in the band whose top left corner is the pixel `at`.
    pub(super) fn draw(
        &self,
        root: &DrawingArea<SVGBackend<'_>, Shift>,
        at: (i32, i32),
    ) -> AreaResult {
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
        let font = font(self.px).pos(text_anchor::Pos::new(
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
                    Swatch::Shade(colour) => {
                        let band = [(x + 4, y - 9), (x + SWATCH - 4, y + 9)];
                        root.draw(&Rectangle::new(band, colour.filled()))?;
                        root.draw(&Rectangle::new(band, GRID.stroke_width(1)))?;
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
pub(super) fn text_width(text: &str, size: f64) -> f64 {
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
