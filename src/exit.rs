//! The exit codes: defined here once, with what each means for each command, and printed from
//! here into `dlx --help` and every subcommand's `--help` (and so into the manual pages).

use std::process::ExitCode;

/// What the exit code says. The worst outcome decides: 2, then 1, then 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Everything asked for was found (`xc`: at least one solution).
    Solved = 0,
    /// The input was read but some puzzle (or the problem) has no solution.
    Unsolved = 1,
    /// Bad input or bad usage: nothing (or not everything) could be read.
    BadInput = 2,
    /// A search was stopped by its node budget before it could decide.
    Undecided = 3,
    /// SIGHUP stopped the run (128 + 1): the terminal went away.
    HungUp = 129,
    /// SIGINT stopped the run (128 + 2): the whole answers found so far were written.
    Interrupted = 130,
    /// SIGTERM stopped the run (128 + 15).
    Terminated = 143,
}

/// A command, as the meanings of the exit codes name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Job {
    Sudoku,
    Crosshatch,
    Sudominoku,
    Xc,
    Generate,
    Rate,
    Bench,
    Completions,
    Man,
}

impl Job {
    /// Every command, in the order `dlx --help` lists their exit codes.
    const ALL: [Job; 9] = [
        Job::Sudoku,
        Job::Crosshatch,
        Job::Sudominoku,
        Job::Xc,
        Job::Generate,
        Job::Rate,
        Job::Bench,
        Job::Completions,
        Job::Man,
    ];

    /// The subcommand's name.
    fn name(self) -> &'static str {
        match self {
            Job::Sudoku => "sudoku",
            Job::Crosshatch => "crosshatch",
            Job::Sudominoku => "sudominoku",
            Job::Xc => "xc",
            Job::Generate => "generate",
            Job::Rate => "rate",
            Job::Bench => "bench",
            Job::Completions => "completions",
            Job::Man => "man",
        }
    }
}

impl Exit {
    /// Every exit code, in increasing order.
    pub const ALL: [Exit; 7] = [
        Exit::Solved,
        Exit::Unsolved,
        Exit::BadInput,
        Exit::Undecided,
        Exit::HungUp,
        Exit::Interrupted,
        Exit::Terminated,
    ];

    /// The exit code for a run stopped by `signal`.
    pub fn interrupted_by(signal: i32) -> Exit {
        match signal {
            signal_hook::consts::SIGTERM => Exit::Terminated,
            signal_hook::consts::SIGHUP => Exit::HungUp,
            _ => Exit::Interrupted,
        }
    }

    /// The number the process exits with.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// What the code means for every command that exits with it and says no more, or what
    /// its meanings for the commands have in common; `dlx --help` heads its row with it.
    fn common(self) -> &'static str {
        match self {
            Exit::Solved => "everything asked for was done:",
            Exit::Unsolved => "the input was read, but the answer asked for is not there:",
            Exit::BadInput => {
                "bad input or usage: a file that cannot be read, a malformed puzzle (the others \
                 are still answered), an input with no puzzle, a bad flag, an output that cannot \
                 be written"
            }
            Exit::Undecided => {
                "a search hit its node budget (--max-nodes) before deciding: the puzzle is \
                 `undecided`, never reported as having no solution"
            }
            Exit::Interrupted => {
                "SIGINT stopped the run: the whole answers so far were written, then the summary"
            }
            Exit::HungUp => "SIGHUP (the terminal closed) stopped the run, as 130 says for SIGINT",
            Exit::Terminated => "SIGTERM stopped the run, as 130 says for SIGINT",
        }
    }

    /// What the code means for `job`, or `None` when `job` never exits with it.
    fn meaning(self, job: Job) -> Option<&'static str> {
        use Exit::*;
        use Job::*;
        Some(match (self, job) {
            (Solved, Sudoku) => "every puzzle solved (under --unique, uniquely)",
            (Solved, Crosshatch) => "no puzzle contradictory (ERROR)",
            (Solved, Sudominoku) => "every puzzle solved",
            (Solved, Xc) => "at least one solution found (--estimate: the estimate printed)",
            (Solved, Generate) => "every puzzle asked for was made",
            (Solved, Rate) => "every puzzle rated (each has exactly one solution)",
            (Solved, Bench) => "every answer valid",
            (Solved, Completions) => "the script was written",
            (Solved, Man) => "the page was written",
            (Unsolved, Sudoku) => {
                "some puzzle has no solution (its givens may break a rule), or several under \
                 --unique, or an answer differs from the CSV's solution column"
            }
            (Unsolved, Crosshatch) => {
                "some puzzle is ERROR, or (CSV with a solution column) a full grid differs from \
                 the file's"
            }
            (Unsolved, Sudominoku) => "some puzzle has no solution",
            (Unsolved, Xc) => "the problem has no solution (in the --shard asked for)",
            (Unsolved, Rate) => "some puzzle has no solution, or several",
            (Unsolved, Bench) => "some answer is wrong",
            (BadInput, Sudominoku) => {
                "bad input or usage: a file that cannot be read, a puzzle that cannot be read \
                 (the others are still answered), an input with no puzzle, --strict and no final \
                 `0` or content after it, a bad flag, an output that cannot be written"
            }
            (BadInput, Generate) => {
                "bad usage, no puzzle found in the rating range, or an output that cannot be \
                 written"
            }
            (BadInput, Completions) => "bad usage or an output that cannot be written",
            (BadInput, Man) => "an unknown COMMAND, bad usage or an output that cannot be written",
            (BadInput, _) => self.common(),
            (Undecided, Sudoku | Sudominoku | Rate) => self.common(),
            (Undecided, Xc) => {
                "--max-nodes ran out before a solution was found (with --count: whenever it ran \
                 out)"
            }
            (Interrupted | Terminated | HungUp, Completions | Man) => return None,
            (Interrupted, Bench) => {
                "SIGINT stopped the run: the rows measured so far were printed, the one under \
                 way dropped"
            }
            (Interrupted | Terminated | HungUp, _) => self.common(),
            _ => return None,
        })
    }

    /// The exit codes as `dlx --help` prints them: each code, what it means, and what more it
    /// says for each command that gives it a meaning of its own.
    pub(crate) fn help_for_all() -> String {
        let mut text = String::from("Exit codes (the worst outcome decides: 2, then 1, then 3):\n");
        for exit in Exit::ALL {
            push_row(&mut text, exit.code(), exit.common());
            for job in Job::ALL {
                let meaning = exit
                    .meaning(job)
                    .filter(|&meaning| meaning != exit.common());
                if let Some(meaning) = meaning {
                    let prefix = format!("         {:<12}", job.name());
                    push_wrapped(&mut text, &prefix, meaning, &" ".repeat(21));
                }
            }
        }
        push_wrapped(
            &mut text,
            "",
            "A reader that goes away (a closed pipe: `dlx ... | head`) is no error: the run takes \
             no new work and exits with the code of the answers found until then, the one being \
             written included (`dlx sudoku FILE | head -1` exits 1 when that answer is `no \
             solution`). A closed or broken standard error never stops a run: its messages are \
             dropped, the results and the code stay.",
            "",
        );
        text.truncate(text.trim_end().len());
        text
    }

    /// `job`'s `--help` text after its flags: `text`, then the exit codes `job` exits with and
    /// what each means there.
    pub(crate) fn after_help(job: Job, text: &str) -> String {
        format!("{text}\n\n{}", Exit::help_for(job))
    }

    /// The exit codes as `job`'s `--help` prints them: each code it exits with and what it
    /// means there.
    fn help_for(job: Job) -> String {
        let mut text = String::from("Exit codes (the worst outcome decides: 2, then 1, then 3):\n");
        for exit in Exit::ALL {
            if let Some(meaning) = exit.meaning(job) {
                push_row(&mut text, exit.code(), meaning);
            }
        }
        text.truncate(text.trim_end().len());
        text
    }
}

/// The widest line of the exit codes' help.
const WIDTH: usize = 100;

/// One code's row: the code, then its text, wrapped under the text.
fn push_row(text: &mut String, code: u8, meaning: &str) {
    push_wrapped(text, &format!("  {code:<5}"), meaning, "       ");
}

/// `words` after `prefix`, wrapped at [`WIDTH`] with `indent` before each further line.
fn push_wrapped(text: &mut String, prefix: &str, words: &str, indent: &str) {
    let mut line = prefix.to_string();
    let mut fresh = true;
    for word in words.split_whitespace() {
        if !fresh && line.len() + 1 + word.len() > WIDTH {
            text.push_str(&line);
            text.push('\n');
            line = indent.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    text.push_str(&line);
    text.push('\n');
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_means_something_and_every_command_says_what_0_and_2_mean() {
        for exit in Exit::ALL {
            assert!(Job::ALL.iter().any(|&job| exit.meaning(job).is_some()));
        }
        for job in Job::ALL {
            assert!(Exit::Solved.meaning(job).is_some(), "{job:?}");
            assert!(Exit::BadInput.meaning(job).is_some(), "{job:?}");
        }
    }

    #[test]
    fn the_help_lists_every_code_in_lines_that_fit() {
        let help = Exit::help_for_all();
        for exit in Exit::ALL {
            assert!(
                help.contains(&format!("\n  {:<5}", exit.code())),
                "{exit:?}"
            );
        }
        for job in Job::ALL {
            let help = Exit::help_for(job);
            assert!(help.lines().all(|line| line.len() <= WIDTH), "{help}");
        }
        assert!(help.lines().all(|line| line.len() <= WIDTH), "{help}");
    }
}
