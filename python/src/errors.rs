//! The exceptions the module raises, each a `ValueError` (or `RuntimeError`) that names the
//! place of the fault, so a Python user catches the usual base class and reads where it is.

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};

create_exception!(
    dlx_solver,
    ProblemError,
    PyValueError,
    "A problem the engine refuses: an empty option, an unknown or repeated item, a bad colour or bounds. Its message names the option and the item's place in it (both from 0)."
);
create_exception!(
    dlx_solver,
    FormatError,
    PyValueError,
    "Text in Knuth's format that does not parse: the message and the attributes `line` and `column` (from 1) say where."
);
create_exception!(
    dlx_solver,
    Undecided,
    PyRuntimeError,
    "The node budget (`max_nodes=`) ran out before the question was decided."
);
