//! The progress bar of a run over puzzle files: the share of the input read (or of the puzzles
//! to make) and the puzzles answered, on standard error. It appears only on a terminal and once
//! the run has taken a moment, so quick runs and pipelines never see it.

use super::report::report;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// How long a run goes before its bar appears.
const SHOW_AFTER: Duration = Duration::from_millis(500);

/// The bar of the input under way, drawn once it is worth showing.
pub struct PuzzleBar {
    bar: ProgressBar,
    shown: bool,
    /// Whether standard error is a terminal, asked once: asking costs a system call, and the
    /// bar is moved at every puzzle.
    terminal: bool,
}

impl PuzzleBar {
    /// A bar not drawn yet, for no input.
    pub fn hidden() -> PuzzleBar {
        PuzzleBar {
            bar: ProgressBar::hidden(),
            shown: false,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Starts the bar of an input of `size` (bytes, or puzzles to make), when known.
    pub fn start(&mut self, size: Option<u64>) {
        self.bar = match size {
            Some(bytes) => ProgressBar::with_draw_target(Some(bytes), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{bar:40} {percent:>3}% {msg} puzzles, {elapsed} elapsed, {eta} left",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
        };
    }

    /// Moves the bar to `consumed`, with `puzzles` answered in a run that started at
    /// `started`; it appears only on a terminal and once the run has taken a moment.
    pub fn advance(&mut self, consumed: u64, puzzles: u64, started: Instant) {
        if !self.shown && self.terminal && started.elapsed() > SHOW_AFTER {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        if self.shown {
            self.bar.set_position(consumed);
            self.bar.set_message(puzzles.to_string());
        }
    }

    /// A message on stderr that does not tear the bar.
    pub fn message(&self, text: &str) {
        if self.shown {
            self.bar.suspend(|| report!("{text}"));
        } else {
            report!("{text}");
        }
    }

    /// Takes the bar off the terminal.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
