"""Type stubs of the package: everything comes from the compiled module."""

from . import sudoku as sudoku
from .dlx_solver import Count as Count
from .dlx_solver import Covers as Covers
from .dlx_solver import FormatError as FormatError
from .dlx_solver import Problem as Problem
from .dlx_solver import ProblemError as ProblemError
from .dlx_solver import Undecided as Undecided
from .dlx_solver import Zdd as Zdd
from .dlx_solver import count as count
from .dlx_solver import count_bool as count_bool
from .dlx_solver import count_memo as count_memo
from .dlx_solver import covers as covers
from .dlx_solver import covers_bool as covers_bool
from .dlx_solver import first as first
from .dlx_solver import generate as generate
from .dlx_solver import is_unique as is_unique
from .dlx_solver import min_cost as min_cost
from .dlx_solver import rate as rate
from .dlx_solver import read_knuth as read_knuth
from .dlx_solver import solve as solve
from .dlx_solver import zdd as zdd

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
