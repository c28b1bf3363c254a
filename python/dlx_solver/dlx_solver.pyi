"""Type stubs of the compiled module; the package ``dlx_solver`` re-exports it."""

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Literal, Optional, Union, final, overload

import numpy as np
import numpy.typing as npt

_Item = Union[str, int]
_Engine = Literal["auto", "links", "cells", "bits", "board", "planes"]
_Options = Iterable[Iterable[_Item]]
_Bounds = Mapping[_Item, tuple[int, int]]

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
    "rate",
    "min_cost",
    "read_knuth",
    "solve",
    "sudoku_count",
    "sudoku_is_unique",
    "zdd",
]

class ProblemError(ValueError): ...

class FormatError(ValueError):
    line: int
    column: int

class Undecided(RuntimeError): ...

@final
class Count:
    solutions: int
    complete: bool
    engine: Optional[Literal["links", "cells", "bits", "board", "planes"]]
    def __new__(cls, solutions: int, complete: bool = True) -> Count: ...
    def __int__(self) -> int: ...
    def __index__(self) -> int: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Problem:
    def __new__(
        cls,
        options: _Options,
        primary: Optional[Iterable[_Item]] = None,
        secondary: Optional[Iterable[_Item]] = None,
        colored: bool = False,
        bounds: Optional[_Bounds] = None,
    ) -> Problem: ...
    @staticmethod
    def from_knuth(text: str) -> Problem: ...
    @staticmethod
    def queens(n: int) -> Problem: ...
    @staticmethod
    def langford(n: int) -> Problem: ...
    @staticmethod
    def pentominoes(rows: int, cols: int) -> Problem: ...
    def to_knuth(self) -> str: ...
    @property
    def item_count(self) -> int: ...
    @property
    def option_count(self) -> int: ...

@final
class Covers(Iterator[tuple[int, ...]]):
    @property
    def engine(self) -> Literal["links", "cells", "bits", "board", "planes"]: ...
    def __iter__(self) -> Covers: ...
    def __next__(self) -> tuple[int, ...]: ...
    def close(self) -> None: ...

_ProblemLike = Union[Problem, _Options]

def covers(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    bounds: Optional[_Bounds] = None,
    limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
    engine: _Engine = "auto",
) -> Covers: ...
def count(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    bounds: Optional[_Bounds] = None,
    limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
    engine: _Engine = "auto",
) -> Count: ...
def first(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    bounds: Optional[_Bounds] = None,
    max_nodes: Optional[int] = None,
    engine: _Engine = "auto",
) -> Optional[tuple[int, ...]]: ...
def is_unique(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    bounds: Optional[_Bounds] = None,
    max_nodes: Optional[int] = None,
    engine: _Engine = "auto",
) -> bool: ...
def covers_bool(
    matrix: npt.ArrayLike,
    secondary: int = 0,
    *,
    limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
    engine: _Engine = "auto",
) -> Covers: ...
def count_bool(
    matrix: npt.ArrayLike,
    secondary: int = 0,
    *,
    limit: Optional[int] = None,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
    engine: _Engine = "auto",
) -> Count: ...
def read_knuth(text: str) -> Problem: ...
def min_cost(
    options: _ProblemLike,
    costs: Optional[Sequence[int]] = None,
    k: int = 1,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    max_nodes: Optional[int] = None,
    threads: Optional[int] = None,
) -> list[tuple[int, tuple[int, ...]]]: ...

# Counting without enumerating (Knuth's DLX6): exact ints past 2^64, and the ZDD.
@final
class Zdd:
    @property
    def count(self) -> int: ...
    @property
    def node_count(self) -> int: ...
    def nth(self, k: int) -> tuple[int, ...]: ...
    def random_solution(self, *, seed: Optional[int] = None) -> Optional[tuple[int, ...]]: ...
    def random_solutions(
        self, n: int, *, seed: Optional[int] = None
    ) -> list[tuple[int, ...]]: ...
    def write_knuth(self, path: Union[str, os.PathLike[str]]) -> None: ...

def count_memo(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    max_bytes: Optional[int] = None,
) -> int: ...
def zdd(
    options: _ProblemLike,
    primary: Optional[Iterable[_Item]] = None,
    secondary: Optional[Iterable[_Item]] = None,
    colored: bool = False,
    *,
    max_bytes: Optional[int] = None,
) -> Zdd: ...

# Sudoku. A pandas Series in gives a Series out (typed Any: pandas is optional).
@overload
def solve(
    puzzles: str,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Optional[str]: ...
@overload
def solve(
    puzzles: npt.NDArray[np.integer[Any]],
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> npt.NDArray[np.uint8]: ...
@overload
def solve(
    puzzles: list[str],
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> list[Optional[str]]: ...
@overload
def solve(
    puzzles: Any,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Any: ...
@overload
def sudoku_count(
    puzzles: str,
    *,
    limit: Optional[int] = None,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Optional[Count]: ...
@overload
def sudoku_count(
    puzzles: Any,
    *,
    limit: Optional[int] = None,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Any: ...
@overload
def sudoku_is_unique(
    puzzles: str,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Optional[bool]: ...
@overload
def sudoku_is_unique(
    puzzles: Any,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Any: ...
@overload
def rate(
    puzzles: str,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Optional[float]: ...
@overload
def rate(
    puzzles: Any,
    *,
    box_shape: Optional[str] = None,
    strict: bool = False,
    threads: Optional[int] = None,
    max_nodes: Optional[int] = None,
    variant: Optional[str] = None,
    engine: _Engine = "auto",
) -> Any: ...
def generate(
    n: int,
    *,
    seed: int = 0,
    symmetry: str = "none",
    box_shape: str = "3x3",
    threads: Optional[int] = None,
) -> list[str]: ...
