//! `dlx sudominoku`: solve Su-domino-ku puzzles in the task's format, in parallel on the batch
//! run's pool, printed in input order.

use super::answer::{Answer, Detail, Status};
use super::args::BatchArgs;
use super::exit::{Exit, Job};
use super::input;
use super::interrupt;
use super::report::report;
use super::run::Run;
use super::tally::Work;
use anyhow::bail;
use dlx_engine::{Count, EngineKind};
use dlx_puzzles::sudominoku::{
    End, Entry, ParseError, ParseErrorKind, Puzzle, PuzzleError, Puzzles,
};

#[derive(Debug, clap::Args)]
#[command(after_help = Exit::after_help(Job::Sudominoku, "\
Input: puzzles one after another, read by whitespace tokens (so a record may be split across
lines): N, the number of placed dominoes, then N placed dominoes `U LU V LV` (digit, cell,
digit, cell; cells A1-I9), then the 9 cells where 1, 2, .., 9 go; a `0` ends the input (its
absence is accepted, and reported under --strict; what follows it is not read, and under
--strict is an error naming its line).

Output: per puzzle, `Puzzle i` and the 9 solved rows (the task's format). When a puzzle has
several digit grids, the one printed is the smallest read row by row (digit by digit from the
top-left cell), as the MCPC 2011 judge prints it, so outputs compare byte for byte with the
judge's on any input; --count still counts the distinct grids. A puzzle that cannot
be read, has no solution or runs out of --max-nodes is reported on stderr, with its number and
line, and prints nothing; the other puzzles are still solved. After a token of the wrong kind
(a letter for a digit, a missing or extra field) reading resumes at the next count alone on
its line, or followed by a puzzle of the right shape. With --jsonl, one object per puzzle:
file, line, puzzle (null), status (solved, no solution, undecided, malformed), solution (the
81 digits, row-major, or null), solutions (with --count or --tilings: the count), nodes,
micros, engine (the exact-cover engine that searched), error (a malformed puzzle's message).

A line starting with # is a comment, never a puzzle. Givens that break a Sudoku rule (a digit
twice in a unit) make that puzzle `no solution`, not bad input. Counts: `N` exact, `N+` a lower
bound (past --limit, or `N+ ... undecided` when --max-nodes ran out or a signal came).
On SIGINT, SIGTERM or SIGHUP: a search under way stops within moments (its puzzle undecided), every
whole answer so far is written, then the summary, exit 130, 143 or 129."))]
pub struct SudominokuArgs {
    #[command(flatten)]
    batch: BatchArgs,
    /// Draw each solved grid with its dominoes: `-` joins a horizontal domino's halves, `|` a
    /// vertical one's; a single stands alone.
    #[arg(long, conflicts_with_all = ["count", "tilings"])]
    draw: bool,
    /// Print, per puzzle, the number of distinct digit grids it has (up to --limit). The search
    /// visits every tiling and keeps the distinct grids, so this costs as much as --tilings.
    #[arg(long)]
    count: bool,
    /// Print, per puzzle, the number of tilings (exact covers; up to --limit). One grid may have
    /// several tilings.
    #[arg(long)]
    tilings: bool,
    /// With --count or --tilings: stop counting past N (the count then reads `N+1+`, a lower
    /// bound, and is `"complete": false` in JSON).
    #[arg(long, value_name = "N")]
    limit: Option<u64>,
    /// Give up on a puzzle after this many search-tree nodes (it is then undecided).
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Report an input that ends without the final `0`, or holds more than comments after it,
    /// as bad input (exit code 2).
    #[arg(long)]
    strict: bool,
    /// The exact-cover engine: `auto` (the default: dancing links, forced moves first), `links`,
    /// `cells` (dancing cells, Knuth's SSXCC), `bits` (Algorithm X on bitsets) or `board`
    /// (forced items taken between guesses); `planes` refuses the puzzles (a domino covers two
    /// cells, not the shape the planes take). The answers
    /// are the same on every engine; the nodes (JSON) are those of the one that ran.
    #[arg(long, value_name = "ENGINE", value_parser = super::args::engine_parser())]
    engine: Option<EngineKind>,
}

/// Answers one puzzle of the file: solved (its text is the task's), or why not (no text).
fn answer(entry: &Entry, args: &SudominokuArgs) -> Answer {
    let (number, line) = (entry.number, entry.line);
    let puzzle = match &entry.puzzle {
        Ok(puzzle) => puzzle,
        // Well-formed givens that break a Sudoku rule: a puzzle without solution, not bad
        // input (as in `dlx sudoku`).
        Err(
            error @ ParseError {
                kind:
                    ParseErrorKind::Puzzle {
                        error: PuzzleError::RuleBroken { .. },
                        ..
                    },
                ..
            },
        ) => {
            let mut answer = Answer::malformed(line, error.to_string());
            answer.text.clear();
            answer.error = None;
            answer.status = Status::NoSolution;
            answer.report = Some(format!(
                "puzzle {number}, line {}, column {}: no solution: {}",
                error.line, error.column, error.kind
            ));
            return answer;
        }
        Err(error) => {
            let mut answer = Answer::malformed(line, error.to_string());
            answer.text.clear();
            return answer;
        }
    };
    let engine = args.engine.unwrap_or_default();
    let puzzle = match puzzle.clone().on_engine(engine) {
        Ok(puzzle) => puzzle,
        Err(refused) => {
            let mut answer = Answer::malformed(line, format!("puzzle {number}: {refused}"));
            answer.text.clear();
            return answer;
        }
    };
    let puzzle = &puzzle;
    let mut answer = Answer::new(line, Status::Solved, String::new());
    answer.extra.push(("engine", puzzle.engine().name().into()));
    if args.count || args.tilings {
        count(puzzle, args, number, &mut answer);
    } else {
        let outcome = puzzle.solve_smallest_within(args.max_nodes, &interrupt::stop_flag());
        answer.nodes = outcome.stats.nodes;
        let undecided = outcome.cut_short();
        match outcome.answer {
            Some(solution) => {
                let mut text = Vec::new();
                // Writing to a Vec cannot fail.
                let _ = if args.draw {
                    solution.write_drawing(&mut text, number)
                } else {
                    solution.write_grid(&mut text, number)
                };
                answer.text = String::from_utf8_lossy(&text).into_owned();
                answer.solution = Some(
                    solution
                        .grid
                        .cells()
                        .iter()
                        .map(|d| (b'0' + d) as char)
                        .collect(),
                );
            }
            None if undecided => answer.status = Status::Undecided,
            None => answer.status = Status::NoSolution,
        }
    }
    answer.report = match answer.status {
        Status::NoSolution => Some(format!("puzzle {number}, line {line}: no solution")),
        Status::Undecided if interrupt::requested() => Some(format!(
            "puzzle {number}, line {line}: undecided, interrupted by a signal"
        )),
        Status::Undecided => Some(format!(
            "puzzle {number}, line {line}: undecided, the node budget (--max-nodes) ran out"
        )),
        _ => None,
    };
    answer
}

/// Counts grids and/or tilings: `Puzzle i: 1 grid, 2 tilings`.
fn count(puzzle: &Puzzle, args: &SudominokuArgs, number: usize, answer: &mut Answer) {
    let mut counts = Vec::new();
    let counters = [
        (
            args.count,
            "grid",
            Puzzle::count_grids_within as fn(_, _, _, _) -> _,
        ),
        (args.tilings, "tiling", Puzzle::count_tilings_within),
    ];
    let stop = interrupt::stop_flag();
    for (wanted, noun, counter) in counters {
        if !wanted {
            continue;
        }
        let outcome = counter(puzzle, args.limit, args.max_nodes, &stop);
        answer.nodes += outcome.stats.nodes;
        let (found, cut) = (outcome.answer, outcome.cut_short());
        if cut {
            answer.status = Status::Undecided;
        } else if found.solutions == 0 && answer.status != Status::Undecided {
            answer.status = Status::NoSolution;
        }
        // The first count is the answer's; it is exact only when every count is.
        answer.detail = match answer.count() {
            Some(first) => Detail::Counted(Count {
                complete: first.complete && found.complete,
                ..first
            }),
            None => Detail::Counted(found),
        };
        counts.push(describe(found, noun) + if cut { " undecided" } else { "" });
    }
    answer.text = format!("Puzzle {number}: {}\n", counts.join(", "));
}

pub fn run(args: SudominokuArgs) -> anyhow::Result<Exit> {
    if args.limit.is_some() && !args.count && !args.tilings {
        bail!("--limit applies to --count or --tilings: give one of them");
    }
    let mut run = Run::new(&args.batch, Work::Search)?;
    let mut unended = false;
    let result = answer_sources(&mut run, &args, &mut unended);
    let exit = run.finish(result)?;
    Ok(
        if unended && !matches!(exit, Exit::Interrupted | Exit::Terminated | Exit::HungUp) {
            Exit::BadInput
        } else {
            exit
        },
    )
}

/// Solves every puzzle of every input, in order, until the end or a signal; notes in
/// `unended` an input without its final `0`, or with content after it, under --strict.
fn answer_sources(run: &mut Run, args: &SudominokuArgs, unended: &mut bool) -> anyhow::Result<()> {
    for opened in input::each_source(&args.batch.files) {
        if interrupt::requested() {
            break;
        }
        let mut source = match opened {
            Ok(source) => source,
            Err(unreadable) => {
                run.unreadable(&unreadable)?;
                continue;
            }
        };
        let name = source.name.clone();
        let bytes = run.read_whole(&mut source)?;
        let text = String::from_utf8_lossy(&bytes);
        let mut puzzles = Puzzles::new(&text);
        let before = run.tally.puzzles;
        run.answer_items(
            &name,
            puzzles.by_ref(),
            || (),
            |(), entry| answer(entry, args),
        )?;
        let read_some = run.tally.puzzles > before;
        let end = puzzles.end().cloned().unwrap_or(End::EndOfInput);
        // A lone `0` is a collection of no puzzle, not an empty input.
        run.end_source(&name, before, matches!(end, End::Zero { .. }));
        match end {
            End::Zero { line } if args.strict && !interrupt::requested() => {
                if let Some((word, at, column)) = puzzles.after_end() {
                    *unended = true;
                    report!(
                        "dlx: {name}: line {at}, column {column}: found `{}` after the final `0` \
                         of line {line}, expected the end of the input (--strict)",
                        dlx_engine::excerpt::Excerpt(&word)
                    );
                }
            }
            End::Zero { .. } => {}
            End::EndOfInput if args.strict && read_some && !interrupt::requested() => {
                *unended = true;
                report!("dlx: {name}: the input ends without the final `0` (--strict)");
            }
            End::EndOfInput => {}
        }
    }
    Ok(())
}

/// "1 grid", "2 tilings", "6+ grids" (a lower bound, as every command writes one).
fn describe(count: Count, noun: &str) -> String {
    let plural = if count.solutions == 1 && count.complete {
        ""
    } else {
        "s"
    };
    format!("{count} {noun}{plural}")
}
