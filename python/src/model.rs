//! A problem from Python values: options as lists of items (xcover's call shape), `"x:A"`
//! colours, `bounds={"item": (lo, hi)}` multiplicities, or a numpy 0/1 matrix; and the map
//! from the engine's option ids back to the caller's option indices (options that hold no
//! primary item are dropped by the engine, but keep their place in the caller's numbering).

use crate::errors::{FormatError, ProblemError};
use dlx_engine::{Bounds, BuildError, Colour, ItemKind, OptionId, Problem, ProblemBuilder};
use numpy::PyReadonlyArray2;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyString};
use std::collections::HashMap;

/// Colours named by more than one character get ids from here on: past every `char`, so they
/// never meet a one-character colour, which keeps its character (as Knuth's format writes it).
const FIRST_LONG_COLOUR: u32 = 0x11_0000;

/// An exact-cover problem, built once and searched as often as wanted.
///
/// >>> import dlx_solver
/// >>> p = dlx_solver.Problem([[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]])
/// >>> dlx_solver.first(p)
/// (1, 3, 5)
/// >>> p.to_knuth().splitlines()[:2]
/// ['1 4 7 5 3 6 2', '1 4 7']
#[pyclass(module = "dlx_solver", name = "Problem", frozen)]
#[derive(Clone)]
pub struct PyProblem {
    pub(crate) problem: Problem,
    /// The caller's index of each engine option, by `OptionId`.
    pub(crate) indices: Vec<usize>,
}

impl PyProblem {
    /// The caller's option indices of a solution given as engine option ids.
    pub(crate) fn caller_indices(&self, options: &[OptionId]) -> Vec<usize> {
        options.iter().map(|o| self.indices[o.index()]).collect()
    }
}

#[pymethods]
impl PyProblem {
    #[new]
    #[pyo3(signature = (options, primary=None, secondary=None, colored=false, bounds=None))]
    fn new(
        options: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        secondary: Option<&Bound<'_, PyAny>>,
        colored: bool,
        bounds: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyProblem> {
        from_options(options, primary, secondary, colored, bounds)
    }

    /// Reads a problem in Knuth's text format (DLX1/2/3: `|` before secondary items,
    /// `a:b|name` bounds, `x:c` colours). Raises FormatError naming line and column.
    ///
    /// >>> dlx_solver.count(dlx_solver.Problem.from_knuth("a b | c\na c:X\nb c:Y\n"))
    /// Count(0, complete=True)
    #[staticmethod]
    fn from_knuth(text: &str) -> PyResult<PyProblem> {
        read_knuth(text)
    }

    /// The n queens problem (TAOCP 7.2.2.1 (23)): 92 solutions for n = 8. n is 1 to 1000
    /// (`ProblemError`, a ValueError, otherwise).
    ///
    /// >>> dlx_solver.count(dlx_solver.Problem.queens(8))
    /// Count(92, complete=True)
    #[staticmethod]
    fn queens(n: &Bound<'_, PyAny>) -> PyResult<PyProblem> {
        Problem::try_queens(size(n, "n")?)
            .map(PyProblem::whole)
            .map_err(size_error)
    }

    /// Langford pairs for n (TAOCP 7.2.2.1 (4)), each arrangement and its reversal counted:
    /// 35,584 solutions for n = 11. n is 1 to 1000 (`ProblemError` otherwise).
    #[staticmethod]
    fn langford(n: &Bound<'_, PyAny>) -> PyResult<PyProblem> {
        Problem::try_langford(size(n, "n")?)
            .map(PyProblem::whole)
            .map_err(size_error)
    }

    /// The twelve pentominoes packed into a rows x cols board (9,356 solutions on 6 x 10, each
    /// packing counted four times). The board has 1 to 10,000 cells (`ProblemError`
    /// otherwise).
    #[staticmethod]
    fn pentominoes(rows: &Bound<'_, PyAny>, cols: &Bound<'_, PyAny>) -> PyResult<PyProblem> {
        Problem::try_pentominoes(size(rows, "rows")?, size(cols, "cols")?)
            .map(PyProblem::whole)
            .map_err(size_error)
    }

    /// The problem in Knuth's text format, as `read_knuth` reads it.
    fn to_knuth(&self) -> PyResult<String> {
        let mut out = Vec::new();
        self.problem
            .write(&mut out)
            .map_err(|e| ProblemError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| ProblemError::new_err(e.to_string()))
    }

    /// The number of items, primary and secondary.
    #[getter]
    fn item_count(&self) -> usize {
        self.problem.item_count()
    }

    /// The number of options the caller gave (those without a primary item included).
    #[getter]
    fn option_count(&self) -> usize {
        self.indices
            .last()
            .map_or(0, |&last| last + 1)
            .max(self.problem.option_count())
    }

    fn __repr__(&self) -> String {
        format!(
            "Problem({} items, {} options)",
            self.problem.item_count(),
            self.problem.option_count()
        )
    }
}

/// A size as an int: one below 0 or past `usize` is refused as the engine refuses a size out of
/// its range (a `ValueError`, not the `OverflowError` of a conversion), anything else not an
/// int is a `TypeError`.
fn size(value: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    match value.extract::<usize>() {
        Ok(size) => Ok(size),
        Err(_) if value.is_instance_of::<PyInt>() => Err(ProblemError::new_err(format!(
            "{what} = {}: expected a size of at least 1",
            value.str()?
        ))),
        Err(error) => Err(error),
    }
}

/// A reference problem's size refused by the engine, as the `ValueError` the module raises.
fn size_error(error: BuildError) -> PyErr {
    ProblemError::new_err(error.to_string())
}

impl PyProblem {
    /// A problem built in Rust, its options numbered as the engine numbers them.
    fn whole(problem: Problem) -> PyProblem {
        let indices = (0..problem.option_count()).collect();
        PyProblem { problem, indices }
    }
}

/// Reads Knuth's format: see `Problem.from_knuth`.
pub(crate) fn read_knuth(text: &str) -> PyResult<PyProblem> {
    match Problem::parse(text) {
        Ok(problem) => Ok(PyProblem::whole(problem)),
        Err(error) => Python::attach(|py| {
            let exception = FormatError::new_err(error.to_string());
            let value = exception.value(py);
            value.setattr("line", error.line)?;
            value.setattr("column", error.column)?;
            Err(exception)
        }),
    }
}

/// An item's name: a string as it is, anything else (an int) as `str()` gives it.
fn item_name(item: &Bound<'_, PyAny>) -> PyResult<String> {
    match item.cast::<PyString>() {
        Ok(s) => s.extract::<String>(),
        Err(_) => item.str()?.extract::<String>(),
    }
}

/// Names of an optional list of items.
fn names(items: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<String>>> {
    items
        .map(|items| items.try_iter()?.map(|item| item_name(&item?)).collect())
        .transpose()
}

/// One option's entries as (name, colour name).
type Entries = Vec<(String, Option<String>)>;

/// Splits `x:A` into the item and its colour, for `colored=True`.
fn split_colour(
    entry: String,
    option: usize,
    position: usize,
) -> PyResult<(String, Option<String>)> {
    match entry.rfind(':') {
        None => Ok((entry, None)),
        Some(at) if at == 0 || at + 1 == entry.len() => Err(ProblemError::new_err(format!(
            "option {option}, item {position}: `{entry}` is no `item:colour` (an empty name or colour)"
        ))),
        Some(at) => Ok((entry[..at].to_owned(), Some(entry[at + 1..].to_owned()))),
    }
}

/// The options' entries, read from Python.
fn read_options(options: &Bound<'_, PyAny>, colored: bool) -> PyResult<Vec<Entries>> {
    let mut all = Vec::new();
    for (k, option) in options.try_iter()?.enumerate() {
        let option = option?;
        if option.is_instance_of::<PyString>() {
            return Err(ProblemError::new_err(format!(
                "option {k} is a string; expected a list of items"
            )));
        }
        let mut entries = Entries::new();
        let items = option
            .try_iter()
            .map_err(|_| ProblemError::new_err(format!("option {k} is not a list of items")))?;
        for (position, item) in items.enumerate() {
            let name = item_name(&item?)?;
            entries.push(if colored {
                split_colour(name, k, position)?
            } else {
                (name, None)
            });
        }
        if entries.is_empty() {
            return Err(ProblemError::new_err(format!(
                "option {k} is empty; an option covers at least one item"
            )));
        }
        all.push(entries);
    }
    Ok(all)
}

/// `bounds={"item": (lo, hi)}`, checked.
fn read_bounds(bounds: Option<&Bound<'_, PyDict>>) -> PyResult<HashMap<String, Bounds>> {
    let mut bounds_of: HashMap<String, Bounds> = HashMap::new();
    if let Some(bounds) = bounds {
        for (item, range) in bounds.iter() {
            let name = item_name(&item)?;
            let (lower, upper): (u32, u32) = range.extract().map_err(|_| {
                ProblemError::new_err(format!(
                    "bounds of item `{name}`: expected a pair (lo, hi) of counts"
                ))
            })?;
            let bounds = Bounds::new(lower, upper)
                .map_err(|e| ProblemError::new_err(format!("bounds of item `{name}`: {e}")))?;
            bounds_of.insert(name, bounds);
        }
    }
    Ok(bounds_of)
}

/// Builds a problem from Python values; see [`PyProblem`].
pub(crate) fn from_options(
    options: &Bound<'_, PyAny>,
    primary: Option<&Bound<'_, PyAny>>,
    secondary: Option<&Bound<'_, PyAny>>,
    colored: bool,
    bounds: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyProblem> {
    let entries = read_options(options, colored)?;
    let primary = names(primary)?;
    let secondary = names(secondary)?;
    let bounds_of = read_bounds(bounds)?;
    let mut builder = ProblemBuilder::new();
    let declare = |builder: &mut ProblemBuilder, name: &str, kind: ItemKind| {
        let declared = match (kind, bounds_of.get(name)) {
            (ItemKind::Primary, Some(&b)) => builder.primary_with_bounds(name, b),
            _ => builder.item(name, kind),
        };
        declared
            .map(|_| ())
            .map_err(|e| ProblemError::new_err(e.to_string()))
    };
    match &primary {
        Some(primary) => {
            for name in primary {
                declare(&mut builder, name, ItemKind::Primary)?;
            }
        }
        None => {
            // xcover's rule: every item met in the options, in order, is primary unless it is
            // listed as secondary.
            let secondary: std::collections::HashSet<&str> =
                secondary.iter().flatten().map(String::as_str).collect();
            for (name, _) in entries.iter().flatten() {
                if !secondary.contains(name.as_str()) && builder.item_id(name).is_none() {
                    declare(&mut builder, name, ItemKind::Primary)?;
                }
            }
        }
    }
    let secondary = match (&primary, secondary) {
        // xcover's other rule: given the primary items only, every other item is secondary.
        (Some(primary), None) => {
            let primary: std::collections::HashSet<&str> =
                primary.iter().map(String::as_str).collect();
            let mut rest: Vec<String> = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for (name, _) in entries.iter().flatten() {
                if !primary.contains(name.as_str()) && seen.insert(name.as_str()) {
                    rest.push(name.clone());
                }
            }
            rest
        }
        (_, secondary) => secondary.unwrap_or_default(),
    };
    for name in &secondary {
        if bounds_of.contains_key(name) {
            return Err(ProblemError::new_err(format!(
                "bounds of item `{name}`: only primary items take bounds"
            )));
        }
        declare(&mut builder, name, ItemKind::Secondary)?;
    }
    for name in bounds_of.keys() {
        if builder.item_id(name).is_none() {
            return Err(ProblemError::new_err(format!(
                "bounds of item `{name}`: no such item"
            )));
        }
    }
    let mut colours: HashMap<String, Colour> = HashMap::new();
    let mut indices = Vec::with_capacity(entries.len());
    let mut coloured = Vec::new();
    for (k, option) in entries.iter().enumerate() {
        coloured.clear();
        for (name, colour) in option {
            let colour = colour.as_ref().map(|c| colour_id(&mut colours, c));
            coloured.push((name.as_str(), colour));
        }
        let added = builder
            .coloured_option_by_names(&coloured)
            .map_err(|e| build_error(k, &e))?;
        if added.is_some() {
            indices.push(k);
        }
    }
    Ok(PyProblem {
        problem: builder.build(),
        indices,
    })
}

/// The colour named `name`: its character when it is one, else a number of its own.
fn colour_id(colours: &mut HashMap<String, Colour>, name: &str) -> Colour {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Colour::from(c);
    }
    let next = Colour(FIRST_LONG_COLOUR + colours.len() as u32);
    *colours.entry(name.to_owned()).or_insert(next)
}

/// A builder's refusal of option `option`, naming the option and the item's place.
fn build_error(option: usize, error: &BuildError) -> PyErr {
    match error.position() {
        Some(position) => {
            ProblemError::new_err(format!("option {option}, item {position}: {error}"))
        }
        None => ProblemError::new_err(format!("option {option}: {error}")),
    }
}

/// A problem from a 0/1 (or bool) matrix: column `j` is item `j`, row `i` option `i`; the last
/// `secondary` columns are secondary items.
pub(crate) fn from_matrix(matrix: &Bound<'_, PyAny>, secondary: usize) -> PyResult<PyProblem> {
    let array = numpy_bool_matrix(matrix)?;
    let view = array.as_array();
    let (rows, columns) = view.dim();
    if secondary > columns {
        return Err(ProblemError::new_err(format!(
            "secondary={secondary} but the matrix has only {columns} columns"
        )));
    }
    let mut builder = ProblemBuilder::new();
    for j in 0..columns {
        let kind = if j + secondary < columns {
            ItemKind::Primary
        } else {
            ItemKind::Secondary
        };
        builder
            .item(&j.to_string(), kind)
            .map_err(|e| ProblemError::new_err(e.to_string()))?;
    }
    let mut indices = Vec::new();
    let mut items = Vec::new();
    for i in 0..rows {
        items.clear();
        items.extend(
            (0..columns)
                .filter(|&j| view[[i, j]])
                .map(|j| dlx_engine::ItemId(j as u32)),
        );
        if items.is_empty() {
            return Err(ProblemError::new_err(format!(
                "row {i} of the matrix is empty; an option covers at least one item"
            )));
        }
        if builder
            .option(&items)
            .map_err(|e| build_error(i, &e))?
            .is_some()
        {
            indices.push(i);
        }
    }
    Ok(PyProblem {
        problem: builder.build(),
        indices,
    })
}

/// The matrix as a numpy bool array: bool as it is, any integer dtype compared with 0.
fn numpy_bool_matrix<'py>(matrix: &Bound<'py, PyAny>) -> PyResult<PyReadonlyArray2<'py, bool>> {
    let py = matrix.py();
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (matrix,))?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim != 2 {
        return Err(ProblemError::new_err(format!(
            "expected a 2-dimensional matrix (rows are options), got {ndim} dimensions"
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    let as_bool = match kind.as_str() {
        "b" => array,
        "i" | "u" => array.call_method1("__ne__", (0,))?,
        _ => {
            return Err(ProblemError::new_err(format!(
                "expected a bool or integer matrix, got dtype kind `{kind}`"
            )))
        }
    };
    let contiguous = numpy.call_method1("ascontiguousarray", (as_bool,))?;
    contiguous
        .extract()
        .map_err(|e: PyErr| ProblemError::new_err(e.to_string()))
}
