"""Exact cover with Knuth's dancing links, and batch Sudoku solving, from Python.

Exact cover: ``covers``, ``count``, ``first``, ``is_unique`` on a list of options (xcover's
call shape) or a ``Problem``; ``covers_bool``/``count_bool`` on a numpy 0/1 matrix;
``read_knuth`` and ``Problem.to_knuth`` for Knuth's text format. Sudoku: ``solve``, ``rate``,
``generate``, and ``dlx_solver.sudoku.count``/``is_unique``. See each function's ``help()``.
"""

from . import sudoku
from .dlx_solver import (
    Count,
    Covers,
    FormatError,
    Problem,
    ProblemError,
    Undecided,
    count,
    count_bool,
    covers,
    covers_bool,
    first,
    generate,
    is_unique,
    rate,
    read_knuth,
    solve,
)

__all__ = [
    "Count",
    "Covers",
    "FormatError",
    "Problem",
    "ProblemError",
    "Undecided",
    "count",
    "count_bool",
    "covers",
    "covers_bool",
    "first",
    "generate",
    "is_unique",
    "rate",
    "read_knuth",
    "solve",
    "sudoku",
]
