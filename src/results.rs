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
    /// Written before the first text answer (the header row of CSV output).
    header: &'static str,
}

impl Results {
    /// Answers written to `out`, as text or (`jsonl`) as JSON lines.
    pub fn new(out: Output, jsonl: bool) -> Results {
        Results {
            out,
            jsonl,
            separator: b"",
            header: "",
        }
    }

    /// Has `header` written before the first text answer (never in JSON).
    pub fn start_with(&mut self, header: &'static str) {
        self.header = header;
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
            if first {
                self.out.write_all(self.header.as_bytes())?;
            }
            self.out.write_all(answer.text.as_bytes())?;
        }
        Ok(())
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
