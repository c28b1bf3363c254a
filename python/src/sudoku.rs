//! Sudoku from Python: `solve`, `count`, `is_unique` and `rate` on one puzzle string, a list of
//! them, a pandas Series or a numpy array of shape (N, side²) or (N, side, side) (0 = empty),
//! answered in the same shape, over a pool of threads; and `generate`.
//!
//! A puzzle that does not parse, breaks the rules or has no solution keeps its row: its answer
//! is None (a row of zeros in an array), or under `strict=True` a `ValueError` naming the row
//! (its index, from 0) and the column (the character, from 1) or cell of the fault.

use crate::interrupt::run_interruptible;
use crate::search::{engine_named, PyCount};
use crate::threads::{every_core, threads_or};
use dlx_engine::{Count, EngineKind, StopFlag};
use dlx_puzzles::sudoku::variant::{Rules, Variants};
use dlx_puzzles::sudoku::{
    Algorithm, Boxes, Format, Generator, Grid, Mode, Propagation, Rated, Rater, Record, Settings,
    Shape, Solvers, Symmetry, Verdict,
};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use rayon::prelude::*;

/// Where a puzzle is wrong: the column (1-based character, or cell) and what is wrong there.
#[derive(Clone, Debug)]
struct Fault {
    column: Option<usize>,
    message: String,
}

/// The puzzles handed in, as read while holding the GIL.
enum Puzzles {
    /// Strings (None for a row that is no string), each any size.
    Texts(Vec<Option<String>>),
    /// Cells of one shape, row-major, each row `shape.cell_count()` of them.
    Cells { flat: Vec<u8>, shape: Shape },
}

impl Puzzles {
    fn len(&self) -> usize {
        match self {
            Puzzles::Texts(texts) => texts.len(),
            Puzzles::Cells { flat, shape } => flat.len() / shape.cell_count(),
        }
    }

    /// Puzzle `row` under `variants` (with a jigsaw's layout and a Killer's cages from its
    /// line), or classic when there are none.
    fn ruled(&self, row: usize, batch: &Batch) -> Result<(Grid, Option<Rules>), Fault> {
        let Some(variants) = &batch.variants else {
            return self.grid(row, batch.boxes).map(|grid| (grid, None));
        };
        match self {
            Puzzles::Texts(texts) => {
                let Some(text) = &texts[row] else {
                    return Err(Fault {
                        column: None,
                        message: "expected a puzzle string".into(),
                    });
                };
                let fault = |e: dlx_puzzles::sudoku::ParseError| Fault {
                    column: Some(e.column),
                    message: e.kind.to_string(),
                };
                let record = Record::parse_variant_line(text, row + 1, variants, None, batch.boxes)
                    .map_err(fault)?;
                let rules = record.rules(variants, None).map_err(|e| Fault {
                    column: None,
                    message: e.to_string(),
                })?;
                Ok((record.grid().clone(), Some(rules)))
            }
            Puzzles::Cells { flat, shape } => {
                let n = shape.cell_count();
                let grid = Grid::from_cells(*shape, flat[row * n..(row + 1) * n].to_vec())
                    .map_err(|e| Fault {
                        column: None,
                        message: e.to_string(),
                    })?;
                let rules = Rules::new(*shape, variants, None).map_err(|e| Fault {
                    column: None,
                    message: e.to_string(),
                })?;
                Ok((grid, Some(rules)))
            }
        }
    }

    /// Puzzle `row` as a grid whose givens keep the rules.
    fn grid(&self, row: usize, boxes: Boxes) -> Result<Grid, Fault> {
        match self {
            Puzzles::Texts(texts) => match &texts[row] {
                None => Err(Fault {
                    column: None,
                    message: "expected a puzzle string".into(),
                }),
                Some(text) => {
                    Grid::parse_line_with_boxes(text, row + 1, boxes).map_err(|e| Fault {
                        column: Some(e.column),
                        message: e.kind.to_string(),
                    })
                }
            },
            Puzzles::Cells { flat, shape } => {
                let n = shape.cell_count();
                let cells = flat[row * n..(row + 1) * n].to_vec();
                Grid::puzzle(*shape, cells).map_err(|e| Fault {
                    column: None,
                    message: e.to_string(),
                })
            }
        }
    }
}

/// The question asked of every puzzle.
#[derive(Clone, Copy, Debug)]
enum Question {
    Solve,
    Count(Option<u64>),
    Unique,
    Rate,
}

/// One puzzle's answer.
#[derive(Clone, Debug)]
enum Answer {
    Solved(Grid),
    /// A count, and the engine that counted (`auto` resolves by the rules).
    Count(Count, EngineKind),
    Unique(bool),
    Rating(f64),
    /// No answer, and why (for `strict=True`).
    Nothing(Fault),
}

/// How the batch runs: the keyword arguments every function takes.
#[derive(Clone, Debug)]
struct Batch {
    /// The variants by the CLI's names (`x,anti-knight`), or none: classic.
    variants: Option<Variants>,
    boxes: Boxes,
    threads: usize,
    max_nodes: Option<u64>,
    /// The engine of the exact-cover searches, as `engine=` names it.
    engine: EngineKind,
}

/// The answer to `question` for one grid.
fn answer(
    question: Question,
    grid: &Grid,
    rules: Option<&Rules>,
    solvers: &mut Solvers,
    rater: &mut Rater,
) -> Answer {
    let nothing = |message: &str| {
        Answer::Nothing(Fault {
            column: None,
            message: message.into(),
        })
    };
    let mode = match question {
        Question::Solve => Mode::First,
        Question::Count(limit) => Mode::Count {
            limit: limit.unwrap_or(u64::MAX),
        },
        Question::Unique => Mode::Unique,
        Question::Rate => {
            let rated = match rules {
                Some(rules) => rater.rate_under(rules, grid, solvers),
                None => rater.rate(grid, solvers),
            };
            return match rated {
                Rated::Unique(rating) => Answer::Rating(rating.value()),
                Rated::NoSolution => nothing("no solution"),
                Rated::Multiple => nothing("several solutions"),
                Rated::Undecided => nothing("the node budget ran out"),
            };
        }
    };
    // An engine that cannot hold the shape's problem (the bitsets from 25x25 up) says so.
    if rules.is_none() {
        if let Err(refusal) = solvers.try_dlx_for(grid.shape()) {
            return nothing(&refusal.to_string());
        }
    }
    let verdict = match rules {
        Some(rules) => {
            match solvers.solve_under(rules, grid, Algorithm::Dlx, mode, Propagation::None) {
                Ok(outcome) => outcome.answer,
                Err(e) => return nothing(&e.to_string()),
            }
        }
        None => solvers.solve(grid, Algorithm::Dlx, mode).answer,
    };
    match verdict {
        // Under Mode::Unique a solution is the only one.
        Verdict::Solved(_) if matches!(question, Question::Unique) => Answer::Unique(true),
        Verdict::Solved(solution) => Answer::Solved(solution),
        Verdict::NoSolution if matches!(question, Question::Unique) => Answer::Unique(false),
        Verdict::NoSolution => nothing("no solution"),
        Verdict::Multiple => Answer::Unique(false),
        Verdict::Count(count) => {
            let engine = match rules {
                Some(rules) => solvers
                    .searched_under(rules)
                    .map_or(solvers.engine(), |solver| solver.engine()),
                None => solvers.dlx_engine_for(grid.shape()),
            };
            Answer::Count(count, engine)
        }
        Verdict::Undecided => nothing("the node budget ran out, or the search was stopped"),
    }
}

/// Answers every puzzle, in order, on `batch.threads` threads, without the GIL.
fn answer_all(
    py: Python<'_>,
    puzzles: &Puzzles,
    question: Question,
    batch: Batch,
) -> PyResult<Vec<Answer>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(batch.threads)
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the threads: {e}")))?;
    run_interruptible(py, |stop: StopFlag| {
        pool.install(|| {
            (0..puzzles.len())
                .into_par_iter()
                .map_init(
                    || {
                        let solvers = Solvers::with_node_budget(batch.max_nodes)
                            .with_stop_flag(stop.clone())
                            .with_engine(batch.engine);
                        (solvers, Rater::default())
                    },
                    |(solvers, rater), row| {
                        // A stopped batch is abandoned whole (Python gets KeyboardInterrupt),
                        // so the puzzles left are passed over: an easy puzzle's search, or the
                        // rater's, may end before it ever looks at the flag.
                        if stop.is_raised() {
                            return Answer::Nothing(Fault {
                                column: None,
                                message: "the batch was stopped".into(),
                            });
                        }
                        match puzzles.ruled(row, &batch) {
                            Ok((grid, rules)) => {
                                answer(question, &grid, rules.as_ref(), solvers, rater)
                            }
                            Err(fault) => Answer::Nothing(fault),
                        }
                    },
                )
                .collect()
        })
    })
}

/// The box shape `box` names (`"3x3"`, `"2x3"`), or each side's usual one.
fn boxes_of(shape: Option<&str>) -> PyResult<Boxes> {
    let Some(text) = shape else {
        return Ok(Boxes::Usual);
    };
    let bad = || PyValueError::new_err(format!("box={text:?}: expected ROWSxCOLUMNS, as \"3x3\""));
    let (rows, cols) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let rows: usize = rows.trim().parse().map_err(|_| bad())?;
    let cols: usize = cols.trim().parse().map_err(|_| bad())?;
    let shape =
        Shape::new(rows, cols).map_err(|e| PyValueError::new_err(format!("box={text:?}: {e}")))?;
    Ok(Boxes::Given(shape))
}

/// What kind of container the puzzles came in, to hand the answers back in the same one.
enum Container<'py> {
    One,
    List,
    Series(Bound<'py, PyAny>),
    Array(Vec<usize>),
}

/// Whether `value` is a pandas Series (without importing pandas).
fn is_series(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let class = value.get_type();
    let module: String = class.getattr("__module__")?.extract()?;
    let name: String = class.getattr("__name__")?.extract()?;
    Ok(name == "Series" && module.starts_with("pandas"))
}

/// Whether `value` is a numpy array.
fn is_ndarray(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let class = value.get_type();
    let module: String = class.getattr("__module__")?.extract()?;
    let name: String = class.getattr("__name__")?.extract()?;
    Ok(name == "ndarray" && module == "numpy")
}

/// Reads the puzzles and the shape of their container.
fn read<'py>(puzzles: &Bound<'py, PyAny>, boxes: Boxes) -> PyResult<(Puzzles, Container<'py>)> {
    if let Ok(text) = puzzles.cast::<PyString>() {
        return Ok((Puzzles::Texts(vec![Some(text.extract()?)]), Container::One));
    }
    if is_ndarray(puzzles)? {
        return read_array(puzzles, boxes);
    }
    let series = is_series(puzzles)?;
    let items: Bound<'py, PyAny> = if series {
        puzzles.call_method0("tolist")?
    } else {
        puzzles.clone()
    };
    let mut texts = Vec::new();
    for item in items.try_iter()? {
        let item = item?;
        texts.push(
            item.cast::<PyString>()
                .ok()
                .map(|s| s.extract())
                .transpose()?,
        );
    }
    let container = if series {
        Container::Series(puzzles.clone())
    } else {
        Container::List
    };
    Ok((Puzzles::Texts(texts), container))
}

/// Reads a numpy array of shape (side²,), (N, side²) or (N, side, side), integers 0..=side.
fn read_array<'py>(array: &Bound<'py, PyAny>, boxes: Boxes) -> PyResult<(Puzzles, Container<'py>)> {
    let dims: Vec<usize> = array.getattr("shape")?.extract()?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "u" && kind != "i" {
        return Err(PyValueError::new_err(format!(
            "expected an integer array (uint8, 0 for empty), got dtype {}",
            array.getattr("dtype")?.str()?
        )));
    }
    let (rows, side) = match dims.as_slice() {
        [cells] => (1, isqrt(*cells)),
        [rows, cells] => (*rows, isqrt(*cells)),
        [rows, side, cols] if side == cols => (*rows, Some(*side)),
        _ => (0, None),
    };
    let Some(side) = side else {
        return Err(PyValueError::new_err(format!(
            "expected an array of shape (N, side*side) or (N, side, side), got {dims:?}"
        )));
    };
    let shape = match boxes {
        Boxes::Given(shape) if shape.side() == side => shape,
        Boxes::Given(shape) => {
            return Err(PyValueError::new_err(format!(
                "box={shape} is for {0}x{0} grids, the array holds {side}x{side} ones",
                shape.side()
            )))
        }
        Boxes::Usual => Shape::for_side(side).map_err(|e| {
            PyValueError::new_err(format!(
                "a {side}x{side} grid: {e}; give box= for its boxes"
            ))
        })?,
    };
    let numpy = array.py().import("numpy")?;
    let flat = numpy
        .call_method1("asarray", (array,))?
        .call_method1("reshape", (rows, side * side))?;
    // Values outside 0..=side would wrap in uint8: out of range cells become 255, refused per row.
    let clipped = numpy.call_method1(
        "where",
        (
            flat.call_method1("__gt__", (side,))?
                .call_method1("__or__", (flat.call_method1("__lt__", (0,))?,))?,
            255u8,
            flat.clone(),
        ),
    )?;
    let bytes = numpy
        .call_method1("ascontiguousarray", (clipped,))?
        .call_method1("astype", ("uint8",))?;
    let view: PyReadonlyArray2<'py, u8> = bytes.extract()?;
    let flat = view.as_slice()?.to_vec();
    Ok((Puzzles::Cells { flat, shape }, Container::Array(dims)))
}

/// The whole square root of `n`, when it has one.
fn isqrt(n: usize) -> Option<usize> {
    let root = (n as f64).sqrt().round() as usize;
    (root * root == n && n > 0).then_some(root)
}

/// Raises the first fault, in row order, when `strict`.
fn check_strict(answers: &[Answer], strict: bool) -> PyResult<()> {
    if !strict {
        return Ok(());
    }
    for (row, answer) in answers.iter().enumerate() {
        if let Answer::Nothing(fault) = answer {
            let place = match fault.column {
                Some(column) => format!("row {row}, column {column}"),
                None => format!("row {row}"),
            };
            return Err(PyValueError::new_err(format!("{place}: {}", fault.message)));
        }
    }
    Ok(())
}

/// One answer as a Python value; a count names the engine that counted.
fn to_python<'py>(py: Python<'py>, answer: &Answer) -> PyResult<Bound<'py, PyAny>> {
    Ok(match answer {
        Answer::Solved(grid) => PyString::new(py, grid.to_text(Format::Line).trim_end()).into_any(),
        Answer::Count(count, counted_by) => {
            let counted = PyCount::by(counted_by.name(), count.solutions, count.complete);
            Bound::new(py, counted)?.into_any()
        }
        Answer::Unique(unique) => unique.into_pyobject(py)?.to_owned().into_any(),
        Answer::Rating(value) => value.into_pyobject(py)?.into_any(),
        Answer::Nothing(_) => py.None().into_bound(py),
    })
}

/// The answers in the container the puzzles came in.
fn give_back<'py>(
    py: Python<'py>,
    answers: Vec<Answer>,
    container: Container<'py>,
    shape: Option<Shape>,
) -> PyResult<Bound<'py, PyAny>> {
    match container {
        Container::One => to_python(py, &answers[0]),
        Container::List => {
            let values: Vec<_> = answers
                .iter()
                .map(|a| to_python(py, a))
                .collect::<PyResult<_>>()?;
            Ok(PyList::new(py, values)?.into_any())
        }
        Container::Series(series) => {
            let values: Vec<_> = answers
                .iter()
                .map(|a| to_python(py, a))
                .collect::<PyResult<_>>()?;
            let pandas = py.import("pandas")?;
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("index", series.getattr("index")?)?;
            kwargs.set_item("name", series.getattr("name")?)?;
            kwargs.set_item("dtype", "object")?;
            pandas.call_method("Series", (PyList::new(py, values)?,), Some(&kwargs))
        }
        Container::Array(dims) => {
            let solved = answers
                .iter()
                .all(|a| matches!(a, Answer::Solved(_) | Answer::Nothing(_)));
            if !solved {
                // Counts, uniqueness and ratings of an array: a list, one a row.
                return give_back(py, answers, Container::List, shape);
            }
            let cells = shape.map_or(0, Shape::cell_count);
            let mut flat = vec![0u8; answers.len() * cells];
            for (row, answer) in answers.iter().enumerate() {
                if let Answer::Solved(grid) = answer {
                    flat[row * cells..(row + 1) * cells].copy_from_slice(grid.cells());
                }
            }
            let array = PyArray1::from_vec(py, flat);
            array.reshape(dims).map(Bound::into_any)
        }
    }
}

/// The keyword arguments every batch function takes.
struct BatchOptions<'a> {
    box_shape: Option<&'a str>,
    strict: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    variant: Option<&'a str>,
    /// The engine's name, as `engine=` gives it.
    engine: &'a str,
}

/// Reads, answers and hands back: what every batch function does.
fn batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    question: Question,
    options: BatchOptions<'_>,
) -> PyResult<Bound<'py, PyAny>> {
    let BatchOptions {
        box_shape,
        strict,
        threads,
        max_nodes,
        variant,
        engine,
    } = options;
    let variants = variant
        .map(Variants::parse)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("variant={:?}: {e}", variant.unwrap_or(""))))?
        .filter(|v| !v.is_empty());
    let boxes = boxes_of(box_shape)?;
    let (read, container) = read(puzzles, boxes)?;
    let shape = match &read {
        Puzzles::Cells { shape, .. } => Some(*shape),
        Puzzles::Texts(_) => None,
    };
    let threads = threads_or(threads, every_core)?;
    let engine = engine_named(engine)?;
    let batch = Batch {
        variants,
        boxes,
        threads,
        max_nodes,
        engine,
    };
    let answers = answer_all(py, &read, question, batch)?;
    check_strict(&answers, strict)?;
    give_back(py, answers, container, shape)
}

/// Solves Sudoku puzzles: one string, a list of strings, a pandas Series of strings, or a numpy
/// integer array of shape (N, 81) or (N, 9, 9) (0 = empty; any side with a box shape), and
/// returns the solutions in the same shape. A puzzle that is malformed, breaks the rules or
/// has no solution gives None (a row of zeros in an array), or with `strict=True` a ValueError
/// naming the row and column. `box="2x3"` gives the box shape (default: each side's usual
/// one); `threads` defaults to every core; `max_nodes` bounds each puzzle's search;
/// `variant` names the variants as `dlx sudoku --variant` does (`"x"`, `"windoku"`,
/// `"anti-king"`, `"anti-knight"`, `"jigsaw"`, `"killer"`, or a comma-separated list), a
/// jigsaw's layout and a Killer's cages following the givens in each string, as in its files.
/// `engine` names the exact-cover engine as `dlx sudoku --engine` does: `"auto"` (dancing
/// links on the encodings written for classic Sudoku and Killer, the planes for the other
/// variants), `"links"`, `"cells"`, `"bits"`, `"board"` or `"planes"`;
/// every one gives the same answers, and `sudoku.count`'s `Count` names the one that counted.
///
/// >>> dlx_solver.solve(".9..6..87...8...9...49.71..2..74....9.........781..5..6....1....5..7..29......3.5")
/// '192365487567814293384927156215746938936258741478139562623591874851473629749682315'
/// >>> dlx_solver.solve(["1..2" + "." * 12, "11" + "." * 14])
/// ['1342241331244231', None]
#[pyfunction]
#[pyo3(signature = (puzzles, *, box_shape=None, strict=false, threads=None, max_nodes=None, variant=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    box_shape: Option<&str>,
    strict: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    variant: Option<&str>,
    engine: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let options = BatchOptions {
        box_shape,
        strict,
        threads,
        max_nodes,
        variant,
        engine,
    };
    batch(py, puzzles, Question::Solve, options)
}

/// Counts each puzzle's solutions, as a `Count` (complete False when `limit` stopped it),
/// in the shape `solve` takes (a list for an array).
///
/// >>> dlx_solver.sudoku.count("." * 16)
/// Count(288, complete=True)
#[pyfunction]
#[pyo3(name = "sudoku_count", signature = (puzzles, *, limit=None, box_shape=None, strict=false, threads=None, max_nodes=None, variant=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn count<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: Option<u64>,
    box_shape: Option<&str>,
    strict: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    variant: Option<&str>,
    engine: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let options = BatchOptions {
        box_shape,
        strict,
        threads,
        max_nodes,
        variant,
        engine,
    };
    batch(py, puzzles, Question::Count(limit), options)
}

/// Whether each puzzle has exactly one solution (None for a malformed one).
///
/// >>> dlx_solver.sudoku.is_unique(["." * 16, "1234341221434321"])
/// [False, True]
#[pyfunction]
#[pyo3(name = "sudoku_is_unique", signature = (puzzles, *, box_shape=None, strict=false, threads=None, max_nodes=None, variant=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn is_unique<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    box_shape: Option<&str>,
    strict: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    variant: Option<&str>,
    engine: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let options = BatchOptions {
        box_shape,
        strict,
        threads,
        max_nodes,
        variant,
        engine,
    };
    batch(py, puzzles, Question::Unique, options)
}

/// Rates each puzzle's difficulty as `dlx rate` does (a float; None when it has not exactly
/// one solution).
///
/// >>> dlx_solver.rate("1234341221434321")
/// 1.0
#[pyfunction]
#[pyo3(signature = (puzzles, *, box_shape=None, strict=false, threads=None, max_nodes=None, variant=None, engine="auto"))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn rate<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    box_shape: Option<&str>,
    strict: bool,
    threads: Option<usize>,
    max_nodes: Option<u64>,
    variant: Option<&str>,
    engine: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let options = BatchOptions {
        box_shape,
        strict,
        threads,
        max_nodes,
        variant,
        engine,
    };
    batch(py, puzzles, Question::Rate, options)
}

/// The most puzzles `generate` makes in one call: its list is built whole, so an unbounded `n`
/// would ask for its memory before the first puzzle is made.
const MAX_GENERATED: u64 = 10_000_000;

/// The symmetry named as `dlx generate --symmetry` names it.
fn symmetry_of(name: &str) -> PyResult<Symmetry> {
    Ok(match name {
        "none" => Symmetry::None,
        "rot180" => Symmetry::Rotate180,
        "rot90" => Symmetry::Rotate90,
        "mirror" => Symmetry::Mirror,
        "diagonal" => Symmetry::Diagonal,
        _ => {
            return Err(PyValueError::new_err(format!(
                "symmetry={name:?}: expected none, rot180, rot90, mirror or diagonal"
            )))
        }
    })
}

/// Makes `n` minimal puzzles with one solution each, as `dlx generate` does: puzzle `i` of a
/// seed is always the same, whatever the threads. Returns their strings (line format). `n` is
/// at most 10,000,000 (a `ValueError` past it: the list is built whole).
///
/// >>> puzzles = dlx_solver.generate(3, seed=7, box_shape="2x2")
/// >>> dlx_solver.sudoku.is_unique(puzzles)
/// [True, True, True]
#[pyfunction]
#[pyo3(signature = (n, *, seed=0, symmetry="none", box_shape="3x3", threads=None))]
pub(crate) fn generate(
    py: Python<'_>,
    n: u64,
    seed: u64,
    symmetry: &str,
    box_shape: &str,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    if n > MAX_GENERATED {
        return Err(PyValueError::new_err(format!(
            "n = {n}: at most {MAX_GENERATED} puzzles are made at once"
        )));
    }
    let Boxes::Given(shape) = boxes_of(Some(box_shape))? else {
        unreachable!("a box shape was given")
    };
    let settings = Settings {
        shape,
        symmetry: symmetry_of(symmetry)?,
        ..Settings::default()
    };
    let threads = threads_or(threads, every_core)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the threads: {e}")))?;
    let made: Vec<Result<String, String>> = run_interruptible(py, |stop: StopFlag| {
        pool.install(|| {
            (0..n)
                .into_par_iter()
                .map_init(
                    || Generator::new(settings.clone()).with_stop_flag(stop.clone()),
                    |generator, index| {
                        generator
                            .generate(seed, index)
                            .map(|made| made.to_line())
                            .map_err(|e| e.to_string())
                    },
                )
                .collect()
        })
    })?;
    made.into_iter()
        .enumerate()
        .map(|(i, made)| made.map_err(|e| PyValueError::new_err(format!("puzzle {i}: {e}"))))
        .collect()
}

/// Adds the Sudoku functions to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
