//! The progress bar of one long search (`dlx xc`, `dlx sudoku --count`): the share of the search
//! tree done as Knuth's DLX1 estimates it from the current path (see the engine's
//! `TreePosition`), the nodes per second, and the time left at that pace; for a memoized
//! search (`dlx xc --memo`), the subproblems cached and the cache's hit rate too.
//!
//! Like the batch commands' bar, it is drawn on standard error only when that is a terminal,
//! and only once the search has run for half a second, so quick runs and pipelines never see
//! it. It takes the reports of one search at a time (a split count reports from every thread;
//! when several puzzles are counted at once, the first one's).

use dlx_engine::{MemoResult, ProgressSink};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long a search runs before its bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// The bar's length in steps: the fraction done to a hundredth of a percent.
const STEPS: u64 = 10_000;

/// The bar of the search under way, if a terminal shows one.
pub struct TreeBar {
    enabled: bool,
    state: Mutex<BarState>,
}

#[derive(Default)]
struct BarState {
    /// The search whose reports are shown, from its start (`None`: no search under way).
    started: Option<Instant>,
    /// The bar, once shown.
    bar: Option<ProgressBar>,
}

impl TreeBar {
    /// A bar drawn on standard error when it is a terminal and the command `wants` one; any
    /// other bar takes no reports and draws nothing.
    pub fn on_stderr(wants: bool) -> TreeBar {
        TreeBar {
            enabled: wants && std::io::stderr().is_terminal(),
            state: Mutex::new(BarState::default()),
        }
    }

    /// Whether reports can ever be shown: the search need not make any otherwise.
    pub fn enabled(&self) -> bool {
        self.enabled
    }
}

impl ProgressSink for TreeBar {
    fn begin(&self) -> bool {
        if !self.enabled {
            return false;
        }
        let Ok(mut state) = self.state.lock() else {
            return false;
        };
        if state.started.is_some() {
            return false;
        }
        state.started = Some(Instant::now());
        true
    }

    fn report(&self, fraction: f64, nodes: u64) {
        self.show(fraction, |elapsed| pace(fraction, nodes, elapsed));
    }

    fn report_memo(&self, fraction: f64, nodes: u64, so_far: &MemoResult) {
        self.show(fraction, |elapsed| {
            format!("{}, {}", pace(fraction, nodes, elapsed), caching(so_far))
        });
    }

    fn end(&self) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        state.started = None;
        if let Some(bar) = state.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl TreeBar {
    /// Moves the bar to `fraction` with the words `message` makes from the time since the
    /// search began, drawing it first once the search has run long enough.
    fn show(&self, fraction: f64, message: impl FnOnce(Duration) -> String) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let Some(started) = state.started else {
            return;
        };
        let elapsed = started.elapsed();
        if state.bar.is_none() {
            if elapsed < SHOW_AFTER {
                return;
            }
            // As wide as the terminal leaves beside the words: a line that wrapped would be
            // redrawn a line too low.
            let style = ProgressStyle::with_template("{wide_bar} {percent:>3}% {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::stderr())
                .with_style(style);
            state.bar = Some(bar);
        }
        if let Some(bar) = &state.bar {
            let fraction = fraction.clamp(0.0, 1.0);
            bar.set_message(message(elapsed));
            bar.set_position((fraction * STEPS as f64) as u64);
        }
    }
}

/// The bar's words: nodes so far, nodes per second, and the time left if the rest of the tree
/// goes at the pace of what is done.
fn pace(fraction: f64, nodes: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-3);
    let rate = nodes as f64 / seconds;
    let left = if fraction > 0.0 {
        format!("{} left", duration(seconds * (1.0 - fraction) / fraction))
    } else {
        "time left unknown".to_string()
    };
    format!(
        "{} nodes, {} nodes/s, {left}",
        compact(nodes as f64),
        compact(rate)
    )
}

/// The memo cache's words: the subproblems it holds and the share of lookups it answered, or
/// that caching was given up.
fn caching(cache: &MemoResult) -> String {
    if cache.caching_stopped {
        return "caching given up".to_string();
    }
    let rate = 100.0 * cache.hits as f64 / cache.lookups.max(1) as f64;
    format!(
        "{} cached, {rate:.1}% hits",
        compact(cache.peak_entries as f64)
    )
}

/// A count in three significant figures: `950`, `12.3k`, `4.56M`.
fn compact(n: f64) -> String {
    let units = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")];
    for (size, unit) in units {
        if n >= size {
            let scaled = n / size;
            let digits = if scaled >= 100.0 {
                0
            } else if scaled >= 10.0 {
                1
            } else {
                2
            };
            return format!("{scaled:.digits$}{unit}");
        }
    }
    format!("{n:.0}")
}

/// A duration in its two largest units: `45s`, `3m 20s`, `2h 05m`, `3d 04h`, `99+ years`
/// past that.
fn duration(seconds: f64) -> String {
    if !seconds.is_finite() || seconds > 99.0 * 365.25 * 86_400.0 {
        return "99+ years".to_string();
    }
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3_600 => format!("{}m {:02}s", s / 60, s % 60),
        3_600..86_400 => format!("{}h {:02}m", s / 3_600, s % 3_600 / 60),
        _ => format!("{}d {:02}h", s / 86_400, s % 86_400 / 3_600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_say_the_pace_and_the_time_left() {
        assert_eq!(compact(950.0), "950");
        assert_eq!(compact(12_345.0), "12.3k");
        assert_eq!(compact(4_560_000.0), "4.56M");
        assert_eq!(duration(45.2), "45s");
        assert_eq!(duration(200.0), "3m 20s");
        assert_eq!(duration(7_500.0), "2h 05m");
        assert_eq!(duration(1e12), "99+ years");
        // A quarter done in 10 s: 30 s left.
        assert_eq!(
            pace(0.25, 2_000_000, Duration::from_secs(10)),
            "2.00M nodes, 200k nodes/s, 30s left"
        );
        assert_eq!(
            pace(0.0, 10, Duration::from_secs(1)),
            "10 nodes, 10 nodes/s, time left unknown"
        );
        let cache = MemoResult {
            lookups: 4_000,
            hits: 1_000,
            peak_entries: 2_500,
            ..MemoResult::default()
        };
        assert_eq!(caching(&cache), "2.50k cached, 25.0% hits");
        let given_up = MemoResult {
            caching_stopped: true,
            ..cache
        };
        assert_eq!(caching(&given_up), "caching given up");
    }

    #[test]
    fn a_bar_off_a_terminal_takes_no_search() {
        let bar = TreeBar::on_stderr(false);
        assert!(!bar.enabled() && !bar.begin());
        bar.report(0.5, 10);
        bar.end();
    }
}
