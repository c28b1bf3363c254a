"""Exact cover with Knuth's dancing links, and batch Sudoku solving, from Python.

Exact cover: ``covers``, ``count``, ``first``, ``is_unique`` on a list of options (xcover's
call shape) or a ``Problem``; ``count_memo`` (exact counts without enumerating, as Knuth's
DLX6) and ``zdd`` (the diagram of all solutions: ``nth``, ``random_solution``); ``min_cost``
(the cheapest solutions when options have costs, as Knuth's DLX5);
``covers_bool``/``count_bool`` on a numpy 0/1 matrix;
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
    Zdd,
    count,
    count_bool,
    count_memo,
    covers,
    covers_bool,
    first,
    generate,
    is_unique,
    min_cost,
    rate,
    read_knuth,
    solve,
    zdd,
)

__all__ = [
    "Count",
    "Covers",
    "FormatError",
    "Problem",
    "ProblemError",
    "Undecided",
    "Zdd",
    "count",
    "count_bool",
    "count_memo",
    "covers",
    "covers_bool",
    "first",
    "generate",
    "is_unique",
    "min_cost",
    "rate",
    "read_knuth",
    "solve",
    "sudoku",
    "zdd",
]
