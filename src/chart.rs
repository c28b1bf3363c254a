//! `dlx bench --svg`: the comparison table as a bar chart, drawn by `plotters` (its SVG backend
//! alone: text is left to the viewer's fonts, so no font crate is built).
//!
//! A group of bars per collection, a bar per solver in the order of `--algo`, one colour per
//! solver with a legend, and puzzles per second on a log axis: the solvers' rates span three
//! to four decades (the textbook backtracker against dlx), which a linear axis flattens.

use plotters::prelude::*;

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

/// The chart of `bars` as the text of an SVG document.
pub fn bar_chart(bars: &[Bar]) -> anyhow::Result<String> {
    let mut svg = String::new();
    draw(bars, SVGBackend::with_string(&mut svg, SIZE))
        .map_err(|e| anyhow::anyhow!("drawing the chart: {e}"))?;
    Ok(svg)
}

fn draw(bars: &[Bar], backend: SVGBackend) -> Result<(), Box<dyn std::error::Error>> {
    let collections = in_order(bars.iter().map(|b| b.collection));
    let solvers = in_order(bars.iter().map(|b| b.solver));
    let (low, high) = axis_range(bars.iter().map(|b| b.per_second));
    let root = backend.into_drawing_area();
    root.fill(&WHITE)?;
    // Tick marks at the groups' centres, each labelled with its collection.
    let groups = collections.len() as i32;
    let centres = (0..groups).map(|k| k * GROUP + GROUP / 2).collect();
    let mut chart = ChartBuilder::on(&root)
        .caption("Sudoku solvers: puzzles per second", ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(80)
        .build_cartesian_2d(
            (0..groups * GROUP).with_key_points(centres),
            (low..high).log_scale(),
        )?;
    let name_at = |x: &i32| {
        let k = (x / GROUP) as usize;
        collections.get(k).map_or(String::new(), |c| c.to_string())
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_label_formatter(&name_at)
        .y_desc("puzzles/s (log scale)")
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()?;
    let width = GROUP * 8 / 10 / solvers.len() as i32;
    for (j, &solver) in solvers.iter().enumerate() {
        let colour = Palette99::pick(j).to_rgba();
        let rects = bars.iter().filter(|b| b.solver == solver).map(|b| {
            let k = collections.iter().position(|&c| c == b.collection);
            let left = k.unwrap_or(0) as i32 * GROUP + GROUP / 10 + j as i32 * width;
            let top = b.per_second.clamp(low, high);
            Rectangle::new([(left, low), (left + width, top)], colour.filled())
        });
        chart
            .draw_series(rects)?
            .label(solver)
            .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 12, y + 6)], colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
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
/// above 0 (a log axis has no 0), and half a decade at least above the highest bar for the
/// legend.
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
    fn names_keep_their_first_order() {
        let names = ["b", "a", "b", "c", "a"];
        assert_eq!(in_order(names.into_iter()), ["b", "a", "c"]);
    }
}
