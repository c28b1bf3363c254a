//! `dlx bench --svg`: the comparison table as a bar chart, drawn by `plotters` (its SVG backend
//! alone: text is left to the viewer's fonts, so no font crate is built).
//!
//! A group of bars per collection, a bar per solver in the order of `--algo`, one colour per
//! solver with a legend above the plot, the rate written on each bar, and puzzles per second on a log axis: the solvers' rates span three
//! to four decades (the textbook backtracker against dlx), which a linear axis flattens.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One row of the table: a solver's rate on a collection.
pub struct Bar<'a> {
    pub collection: &'a str,
    pub solver: &'a str,
    pub per_second: f64,
}

const SIZE: (u32, u32) = (960, 540);

/// The width of a collection's group of bars in x-axis units. The axis counts in integers
/// (plotters formats custom labels on an integer axis with key points, not on a float one);
/// the bars fill the middle 80%.
const GROUP: i32 = 1000;

/// The solvers' colours, in `--algo`'s order: Okabe and Ito's palette, strong enough to read
/// on white and told apart by colour-blind readers.
const COLOURS: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// The chart of `bars` as the text of an SVG document, `subtitle` (what was measured on
/// what) under its title.
pub fn bar_chart(bars: &[Bar], subtitle: &str) -> anyhow::Result<String> {
    let mut svg = String::new();
    draw(bars, subtitle, SVGBackend::with_string(&mut svg, SIZE))
        .map_err(|e| anyhow::anyhow!("drawing the chart: {e}"))?;
    Ok(svg)
}

fn draw(
    bars: &[Bar],
    subtitle: &str,
    backend: SVGBackend,
) -> Result<(), Box<dyn std::error::Error>> {
    let collections = in_order(bars.iter().map(|b| b.collection));
    let solvers = in_order(bars.iter().map(|b| b.solver));
    let (low, high) = axis_range(bars.iter().map(|b| b.per_second));
    let root = backend.into_drawing_area();
    root.fill(&WHITE)?;
    let (heading, root) = root.split_vertically(88);
    heading.draw(&Text::new(
        "Sudoku solvers: puzzles per second",
        (12, 8),
        ("sans-serif", 24).into_font().color(&BLACK),
    ))?;
    heading.draw(&Text::new(
        subtitle.to_string(),
        (12, 38),
        ("sans-serif", 16).into_font().color(&RGBColor(60, 60, 60)),
    ))?;
    // The legend in a row of its own under the subtitle, where no bar or label reaches.
    let mut x = 12;
    for (j, &solver) in solvers.iter().enumerate() {
        let colour = COLOURS[j % COLOURS.len()];
        heading.draw(&Rectangle::new([(x, 64), (x + 14, 78)], colour.filled()))?;
        let font = ("sans-serif", 16).into_font().color(&BLACK);
        heading.draw(&Text::new(solver.to_string(), (x + 20, 64), font))?;
        // Past the name (the SVG backend draws a 16-point font about 13 pixels high, its
        // characters under 8 pixels wide on average), then a gap.
        x += 20 + solver.chars().count() as i32 * 8 + 24;
    }
    // Tick marks at the groups' centres, each labelled with its collection.
    let groups = collections.len() as i32;
    let centres = (0..groups).map(|k| k * GROUP + GROUP / 2).collect();
    let mut chart = ChartBuilder::on(&root)
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(90)
        .build_cartesian_2d(
            (0..groups * GROUP).with_key_points(centres),
            (low..high).log_scale(),
        )?;
    // The plot's width in pixels, beside the margins and the rates' axis: the collections'
    // names shrink to fit their group, so that long file names do not run into each other.
    let plot_pixels = f64::from(SIZE.0) - 2.0 * 12.0 - 90.0;
    let group_pixels = plot_pixels / f64::from(groups.max(1));
    let longest_name = collections.iter().map(|c| c.chars().count()).max();
    let name_size = font_to_fit(group_pixels * 0.95, longest_name.unwrap_or(1), 15.0);
    let name_at = |x: &i32| {
        let k = (x / GROUP) as usize;
        collections.get(k).map_or(String::new(), |c| c.to_string())
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&name_at)
        .y_desc("puzzles/s (log scale)")
        .y_label_formatter(&|y| rate_text(*y))
        .x_label_style(("sans-serif", name_size).into_font().color(&BLACK))
        .y_label_style(("sans-serif", 15).into_font().color(&BLACK))
        .axis_desc_style(("sans-serif", 15).into_font().color(&BLACK))
        .draw()?;
    let width = GROUP * 8 / 10 / solvers.len() as i32;
    let place = |bar: &Bar, j: usize| {
        let k = collections.iter().position(|&c| c == bar.collection);
        k.unwrap_or(0) as i32 * GROUP + GROUP / 10 + j as i32 * width
    };
    for (j, &solver) in solvers.iter().enumerate() {
        let colour = COLOURS[j % COLOURS.len()];
        let rects = bars.iter().filter(|b| b.solver == solver).map(|b| {
            let left = place(b, j);
            let top = b.per_second.clamp(low, high);
            Rectangle::new([(left, low), (left + width, top)], colour.filled())
        });
        chart.draw_series(rects)?;
        // Each bar's rate just above it: centred when it fits the bar's width, else standing
        // upright, so that neighbours' rates never overlap.
        let bar_pixels = group_pixels * 0.8 / solvers.len() as f64;
        let upright = font_to_fit(bar_pixels * 1.1, "000,000".len(), 14.0) < 11.0;
        let style = match upright {
            false => ("sans-serif", 14)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Bottom)),
            true => ("sans-serif", 13)
                .into_font()
                .transform(FontTransform::Rotate270)
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        };
        let values = bars.iter().filter(|b| b.solver == solver).map(|b| {
            let centre = place(b, j) + width / 2;
            let top = b.per_second.clamp(low, high);
            Text::new(rate_text(b.per_second), (centre, top), style.clone())
        });
        chart.draw_series(values)?;
    }
    root.present()?;
    Ok(())
}

/// The font size, at most `largest`, at which `chars` characters fit in `pixels` (a
/// character of a sans-serif font, digits and lower case, is about half its size wide).
fn font_to_fit(pixels: f64, chars: usize, largest: f64) -> f64 {
    (pixels / (chars.max(1) as f64 * 0.5)).clamp(9.0, largest)
}

/// A rate as the chart writes it: whole numbers with a comma between thousands (`12,345`),
/// and up to three decimals below 10 (a log axis starts at 0.001 for a slow solver).
pub(crate) fn rate_text(rate: f64) -> String {
    if rate < 10.0 {
        let text = format!("{rate:.3}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        return text.to_string();
    }
    let digits = format!("{:.0}", rate);
    let mut text = String::new();
    for (k, digit) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

/// The distinct names in the order they first come.
fn in_order<'a>(names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen = Vec::new();
    for name in names {
        if !seen.contains(&name) {
            seen.push(name);
        }
    }
    seen
}

/// The rate axis: whole powers of ten around the rates, at least one decade, the lowest
/// above 0 (a log axis has no 0), and half a decade at least above the highest bar for its
/// label.
fn axis_range(rates: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = rates.fold((f64::INFINITY, 0.0f64), |(low, high), rate| {
        (low.min(rate), high.max(rate))
    });
    let low = 10f64.powf(low.max(1e-3).log10().floor());
    let high = 10f64.powf((high.log10() + 0.5).ceil()).max(low * 10.0);
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_axis_spans_whole_decades_around_the_rates() {
        let close = |(a, b): (f64, f64), (c, d): (f64, f64)| {
            (a / c - 1.0).abs() < 1e-9 && (b / d - 1.0).abs() < 1e-9
        };
        assert!(close(axis_range([8.2, 120_000.0].into_iter()), (1.0, 1e6)));
        assert!(close(axis_range([350.0].into_iter()), (100.0, 1e4)));
        assert!(close(axis_range([0.0, 50.0].into_iter()), (1e-3, 1000.0)));
    }

    #[test]
    fn rates_are_written_with_thousands_separators() {
        assert_eq!(rate_text(1_234_567.4), "1,234,567");
        assert_eq!(rate_text(100_000.0), "100,000");
        assert_eq!(rate_text(999.6), "1,000");
        assert_eq!(rate_text(12.0), "12");
        assert_eq!(rate_text(2.5), "2.5");
        assert_eq!(rate_text(0.001), "0.001");
        assert_eq!(rate_text(0.0), "0");
    }

    #[test]
    fn rates_stand_upright_when_the_bars_are_too_narrow_for_them() {
        let collections = ["one", "two", "three", "four", "five"];
        let solvers = ["a", "b", "c", "d", "e"];
        let chart = |solvers: &[&'static str]| {
            let bars: Vec<Bar> = collections
                .iter()
                .flat_map(|&collection| {
                    solvers.iter().map(move |&solver| Bar {
                        collection,
                        solver,
                        per_second: 123_456.0,
                    })
                })
                .collect();
            bar_chart(&bars, "test").unwrap()
        };
        // Two bars a group have room for their rates; five do not. (The rates' axis is named
        // upright in both.)
        assert_eq!(chart(&solvers[..2]).matches("rotate").count(), 1);
        assert_eq!(chart(&solvers).matches("rotate").count(), 1 + 25);
        assert!(font_to_fit(1000.0, 10, 15.0) == 15.0 && font_to_fit(1.0, 10, 15.0) == 9.0);
    }

    #[test]
    fn names_keep_their_first_order() {
        let names = ["b", "a", "b", "c", "a"];
        assert_eq!(in_order(names.into_iter()), ["b", "a", "c"]);
    }
}
