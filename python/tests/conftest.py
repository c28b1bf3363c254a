"""Shared helpers: validating solutions, finding the project's data and its `dlx` program."""

import os
import shutil
from collections import Counter
from pathlib import Path
from typing import Optional

import pytest

ROOT = Path(__file__).resolve().parents[2]


def shared_dir() -> Optional[Path]:
    """The public test data: $DLX_SHARED, or ../shared beside the repository, when present."""
    for candidate in (os.environ.get("DLX_SHARED"), ROOT.parent / "shared"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def dlx_program() -> Optional[str]:
    """The project's `dlx` program: $DLX_BIN, else the one `cargo build` or `cargo test` made."""
    for candidate in (
        os.environ.get("DLX_BIN"),
        ROOT / "target" / "release" / "dlx",
        ROOT / "target" / "debug" / "dlx",
    ):
        if candidate and Path(candidate).is_file():
            return str(candidate)
    return shutil.which("dlx")


@pytest.fixture
def dlx_bin() -> str:
    program = dlx_program()
    if program is None:
        pytest.skip("no `dlx` program: run `cargo build` first to compare with the CLI")
    return program


def check_cover(options, solution, primary=None, secondary=(), bounds=None):
    """Asserts that `solution` (option indices) covers each primary item as often as its
    bounds say (once by default), each secondary item at most once unless all its entries
    agree on a colour."""
    bounds = bounds or {}
    covered = Counter()
    colours = {}
    for k in solution:
        for entry in options[k]:
            name, _, colour = str(entry).partition(":")
            covered[name] += 1
            if colour:
                assert colours.setdefault(name, colour) == colour, f"{name} gets two colours"
    items = {str(e).partition(":")[0] for option in options for e in option}
    secondary = {str(s) for s in secondary}
    if primary is None:
        primary = items - secondary
    else:
        primary = {str(p) for p in primary}
        secondary = items - primary
    for item in primary:
        low, high = bounds.get(item, (1, 1))
        assert low <= covered[item] <= high, f"primary {item} covered {covered[item]} times"
    for item in secondary:
        if item not in colours:
            assert covered[item] <= 1, f"secondary {item} covered {covered[item]} times"


def check_sudoku(puzzle: str, solution: str) -> None:
    """Asserts that the 81-cell `solution` fills `puzzle` and keeps every row, column, box."""
    assert len(solution) == 81
    for given, digit in zip(puzzle, solution):
        assert given in ".0" or given == digit
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    units = rows + ["".join(row[c] for row in rows) for c in range(9)]
    units += [
        "".join(rows[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    ]
    for unit in units:
        assert sorted(unit) == list("123456789"), unit
