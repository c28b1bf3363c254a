//! Where a run's answers go and in what form: each answer's text (a header before the first, a
//! separator between two) or its JSON line, written to the run's output.

use super::answer::Answer;
use super::output::Output;
use std::io::Write;

/// The run's output and the form its answers take there.
pub struct Results {
    out: Output,
    /// One JSON object a line instead of text.
    jsonl: bool,
    /// Written between two puzzles' text answers (a blank line between grids).
    separator: &'static [u8],
    /// Written before the next text answer (the header row of CSV output), when it differs
    /// from the one written last.
    header: Option<String>,
    /// The header written last.
    written_header: String,
}

impl Results {
    /// Answers written to `out`, as text or (`jsonl`) as JSON lines.
    pub fn new(out: Output, jsonl: bool) -> Results {
        Results {
            out,
            jsonl,
            separator: b"",
            header: None,
            written_header: String::new(),
        }
    }

    /// Has `header` written before the next text answer (never in JSON), unless it is the
    /// header written last: inputs of one shape share one header row, and an input of another
    /// shape (CSV files of other columns) starts with its own.
    pub fn start_with(&mut self, header: String) {
        self.header = (header != self.written_header).then_some(header);
    }

    /// Has `separator` written between two puzzles' text answers (never in JSON).
    pub fn separate_with(&mut self, separator: &'static [u8]) {
        self.separator = separator;
    }

    /// Writes the text or the JSON object of `answer` (`first`: no answer came before it) to
    /// the puzzle in `name`, whose input line is `puzzle` when streamed.
    pub fn write(
        &mut self,
        first: bool,
        name: &str,
        puzzle: Option<&[u8]>,
        answer: &Answer,
    ) -> std::io::Result<()> {
        if self.jsonl {
            let object = answer.to_json(name, puzzle);
            serde_json::to_writer(&mut self.out, &object)?;
            self.out.write_all(b"\n")?;
        } else {
            if !first && !answer.text.is_empty() {
                self.out.write_all(self.separator)?;
            }
            if let Some(header) = self.header.take() {
                self.out.write_all(header.as_bytes())?;
                self.written_header = header;
            }
            self.out.write_all(answer.text.as_bytes())?;
        }
        Ok(())
    }

    /// Sends what was written on to the output (a terminal shows it at once).
    pub fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }

    /// The output's name, for messages.
    pub fn name(&self) -> &str {
        self.out.name()
    }

    /// Puts the output in place (see [`Output::commit`]).
    pub fn commit(self) -> std::io::Result<()> {
        self.out.commit()
    }
}
