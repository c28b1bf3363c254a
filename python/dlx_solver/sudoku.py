"""Sudoku from Python: the batch functions under their short names.

``dlx_solver.sudoku.count`` and ``is_unique`` count and check Sudoku puzzles (the top-level
``dlx_solver.count`` and ``is_unique`` are exact cover's); ``solve``, ``rate`` and
``generate`` are the top-level ones.
"""

from .dlx_solver import generate, rate, solve
from .dlx_solver import sudoku_count as count
from .dlx_solver import sudoku_is_unique as is_unique

__all__ = ["count", "generate", "is_unique", "rate", "solve"]
